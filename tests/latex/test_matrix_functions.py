"""A declared function applied to a matrix (``\\phi(Q)``), read as an opaque rows(X) x c_f matrix.

Mostly reading-only (cheap): what reads and what is refused, and, for false claims that read,
that the rewriting prover does not prove them (a direct call, milliseconds). A handful end to
end through ``check_input`` for the soundness of the stand-in: the linear-attention identity
is proved, claims false for real functions are never proved or verified, and nothing is
refuted through the stand-in (including true claims that are false for independent stand-ins).
"""
from __future__ import annotations

import pickle

import pytest
import sympy

from symbolic.checks._stand_ins import without_refutation
from symbolic.checks.matrices import prove_matrix_identity
from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.matrix_function_values import MatrixFunctionValue, columns_of, holds_matrix_function
from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Step, Verdict

SHAPES = (r"Q, K \in \mathbb{R}^{N \times d}", r"X \in \mathbb{R}^{M \times d}", r"V \in \mathbb{R}^{N \times M}",
          r"A, B \in \mathbb{R}^{N \times N}", r"W \in \mathbb{R}^{d \times d}",
          r"q, k \in \mathbb{R}^{d}", r"r, s \in \mathbb{R}^{1 \times d}", r"x \in \mathbb{R}")
PHI = (r"\phi",)
EQ6 = (r"\left(\phi\left(Q\right)\phi\left(K\right)^\top\right)V"
       r"=\phi\left(Q\right)\left(\phi\left(K\right)^\top V\right)")


def _read(latex, functions=PHI, assume=SHAPES):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


def _values(expr):
    return {m for m in sympy.preorder_traversal(expr) if isinstance(m, MatrixFunctionValue)}


def _proved(latex, functions=PHI, assume=SHAPES):
    (lhs, _, rhs), = _read(latex, functions, assume)
    return prove_matrix_identity(Step("s", Kind.IDENTITY, latex, Claim(lhs, Relation.EQ, rhs)))[0]


def test_eq6_reads_in_the_written_order():
    (lhs, rel, rhs), = _read(EQ6)
    n, d = (sympy.Symbol(s, integer=True, positive=True) for s in "Nd")
    q, k = sympy.MatrixSymbol("Q", n, d), sympy.MatrixSymbol("K", n, d)
    fq, fk = MatrixFunctionValue.of("phi", q), MatrixFunctionValue.of("phi", k)
    v = sympy.MatrixSymbol("V", n, sympy.Symbol("M", integer=True, positive=True))
    assert rel == "EQ"
    assert lhs == sympy.MatMul(sympy.MatMul(fq, fk.T), v)
    assert rhs == sympy.MatMul(fq, sympy.MatMul(fk.T, v))
    assert fq.shape == (n, columns_of("phi", (n, d))) and fq != fk


def test_same_function_and_argument_is_one_matrix_and_keys_differ_otherwise():
    (lhs, _, rhs), = _read(r"\phi(Q)\phi(K)^\top = \phi(Q)\phi(K)^\top")
    assert lhs == rhs and len(_values(lhs)) == 2
    with pytest.raises(ParseError, match="different shapes"):      # one column count per function
        _read(r"\phi(Q) = \psi(Q)", functions=(r"\phi", r"\psi"))
    (lhs, _, rhs), = _read(r"\phi(Q)^\top \phi(K) = \phi(K)^\top \phi(Q)")
    assert lhs != rhs
    (lhs, _, rhs), = _read(r"\phi(Q + K) = \phi(K + Q)")
    assert lhs == rhs                                 # the same argument, written in either order


def test_an_upright_word_is_a_function_of_a_matrix():
    (lhs, _, rhs), = _read(r"\mathrm{elu}(Q)^\top \mathrm{elu}(K) = \operatorname{elu}(K)^\top"
                           r" \operatorname{elu}(Q)", functions=())
    assert {v.function for v in _values(lhs) | _values(rhs)} == {"elu"}


def test_the_stand_in_survives_a_child_process_and_is_found():
    (lhs, _, _), = _read(EQ6)
    assert pickle.loads(pickle.dumps(lhs)) == lhs
    assert holds_matrix_function(lhs) and not holds_matrix_function(sympy.MatrixSymbol("Q", 2, 2))
    (lhs, _, _), = _read(r"\phi(A)\phi(B)^\top = \phi(B)\phi(A)^\top", assume=SHAPES)
    assert holds_matrix_function(lhs.subs(sympy.Symbol("N", integer=True, positive=True), 3))


# -- adversarial: claims built to break the reading (mostly false) ------------------------------
@pytest.mark.parametrize("latex, functions, why", [
    # orders, transposes and shapes that cannot agree
    (r"\phi(Q)\phi(K)^\top V = V \phi(Q)\phi(K)^\top", PHI, "does not conform"),
    (r"\phi(Q)^\top\phi(K)^\top V = V", PHI, "does not conform"),
    (r"\phi(Q)^\top\phi(K) V = V", PHI, "does not conform"),
    (r"\phi(Q) K^\top = 0", PHI, "does not conform"),
    (r"\phi(Q)^\top \phi(X) = 0", PHI, "does not conform"),          # N rows against M rows
    (r"\phi(K)^\top V = V^\top \phi(K)", PHI, "different shapes"),
    (r"\phi(Q)^\top = \phi(Q^\top)", PHI, "different shapes"),
    (r"\phi(Q^\top)^\top = \phi(Q)", PHI, "different shapes"),
    (r"\phi(QW) = \phi(Q) W", PHI, "does not conform"),
    (r"\phi(Q) \odot \phi(K) = \phi(Q)\phi(K)^\top", PHI, "different shapes"),
    # the value is never the argument or of its shape: nothing says c_phi = d
    (r"\phi(Q) + Q = Q", PHI, "shapes differ"),
    (r"\phi(Q) = Q", PHI, "different shapes"),
    (r"\phi(A) = A", PHI, "different shapes"),
    (r"\phi(Q) = \mathrm{elu}(Q)", PHI, "different shapes"),
    # B = \mathrm{dsoftmax}(A) of declared N x N A, B is read now: a definition of a declared
    # name states its value's shape (test_stated_shapes.py); with more on the side it is not
    (r"B = 2\mathrm{dsoftmax}(A)", PHI, "different shapes"),
    # inverses, powers, norms, entries, orders of an opaque matrix
    (r"\phi(Q)\phi(Q)^{-1} = I", PHI, "power"),
    (r"\phi(A)^2 = \phi(A)\phi(A)", PHI, "power"),
    (r"\|\phi(Q)\| = 1", PHI, "norm"),
    (r"|\phi(Q)| = \phi(Q)", PHI, "|...|"),
    (r"\phi(Q)_{ij} = 0", PHI, "subscript"),
    (r"\phi(Q) \le \phi(K)", PHI, "between matrices"),
    # undeclared, unbracketed, several arguments, vectors, numbers, known words
    (EQ6, (), "may be a function of it"),
    (r"\psi(Q) = \phi(Q)", PHI, "may be a function of it"),
    (r"\phi Q = Q", PHI, "without brackets"),
    (r"\phi(Q, K) = \phi(K, Q)", PHI, ""),
    (r"\phi(q)^\top \phi(k) = q^\top k", PHI, ""),
    (r"\phi(r)\phi(s)^\top = \phi(s)\phi(r)^\top", PHI, "vector"),
    (r"\phi(q^\top k) A = A", PHI, "of a number"),
    (r"\mathrm{tr}(A) = \mathrm{tr}(A^\top)", (), "cannot be read"),
    (r"\mathrm{tr}(AB) = \mathrm{tr}(BA)", (), "cannot be read"),
    (r"B \mathrm{diag}(A) = \mathrm{diag}(A) B", (), ""),
    (r"\mathrm{rank}(A) A = A", (), ""),
    (r"\mathrm{QK}(V) V^\top = A", (), "cannot be read"),       # upright letters of declared matrices
])
def test_refused(latex, functions, why):
    with pytest.raises(ParseError) as err:
        _read(latex, functions)
    assert why in str(err.value)


@pytest.mark.parametrize("latex", [
    r"\phi(Q)\phi(K)^\top = \phi(K)\phi(Q)^\top",             # transposes of each other
    r"\phi(Q)^\top\phi(K) = \phi(K)^\top\phi(Q)",
    r"(\phi(Q)\phi(K)^\top)^\top = \phi(Q)\phi(K)^\top",      # symmetry is no law of phi
    r"\phi(Q + K) = \phi(Q) + \phi(K)",                       # linearity is no law of phi
    r"\phi(2Q) = 2\phi(Q)",
    r"\phi(Q) = \phi(K)",
    r"\phi(Q - Q) = \phi(Q) - \phi(Q)",                      # phi(0) = 0 is no law of phi
    r"\phi(\phi(Q)) = \phi(Q)",                               # shapes agree, values need not
    r"\phi(A)\phi(B)^\top = \phi(B)\phi(A)^\top",
    r"\phi(A) \phi(A)^\top = \phi(A)^\top \phi(A)",           # N x N = c x c: refused or unproved
    r"\phi(x) \phi(Q) = \phi(Q)",                             # phi of a number elsewhere: phi(x) is free
    r"\phi(Q)^\top\phi(Q) = 0",
    r"\mathrm{elu}(A) \mathrm{elu}(B) = \mathrm{elu}(B) \mathrm{elu}(A)",
    r"\phi(A)\phi(A)^\top V = V",
])
def test_false_claims_that_read_are_not_proved(latex):
    try:
        proved = _proved(latex, PHI + (r"\mathrm{elu}",))
    except ParseError:
        return          # refusing is also fine; proving is not
    assert not proved


@pytest.mark.parametrize("latex", [
    EQ6,
    r"(\phi(Q)\phi(K)^\top)^\top = \phi(K)\phi(Q)^\top",
    r"\phi(Q)(\phi(K)^\top V + \phi(K)^\top V) = 2\phi(Q)\phi(K)^\top V",
    r"(\phi(Q) + \phi(K))^\top V = \phi(Q)^\top V + \phi(K)^\top V",
    r"\frac{\phi(Q)\phi(K)^\top}{\sqrt{d}} V = \phi(Q)\frac{\phi(K)^\top V}{\sqrt{d}}",
])
def test_true_claims_are_proved_by_rewriting(latex):
    assert _proved(latex)


def test_a_refutation_through_the_stand_in_becomes_undecided_and_only_then():
    (lhs, _, rhs), = _read(r"\phi(Q) = \phi(K)")
    refuted = Outcome(Verdict.REFUTED, (Evidence("matrix_instances", "differ"),), (("Q", "0"),))
    step = Step("s1", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs))
    assert without_refutation(step, "matrix_instances", refuted).verdict is Verdict.INCONCLUSIVE
    x = sympy.Symbol("x", real=True)
    plain = Step("s2", Kind.IDENTITY, "q", Claim(x ** 2, Relation.EQ, x))
    assert without_refutation(plain, "numeric_sample", refuted) is refuted


# -- end to end: a handful of claims through the whole pipeline ------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, assume=SHAPES):
    links, unreadable = check_input(latex, assume=assume, functions=PHI, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


@pytest.mark.parametrize("latex, assume", [
    (EQ6, SHAPES),
    (r"\phi((Q^\top)^\top) = \phi(Q)", SHAPES),              # one value of one argument
    (r"\phi(Q) = \phi(K)", SHAPES + (r"Q = K",)),              # the definition reaches the argument
    (r"\phi(Q W) = \phi(Q)", SHAPES + (r"W = I",)),
])
def test_true_claims_are_proved_end_to_end(latex, assume):
    assert _verdict(latex, assume).verdict is Verdict.PROVED


@pytest.mark.parametrize("latex, assume", [
    # true for every function, false for independent stand-ins: never refuted
    # (the argument's coefficient is 1, which the rewriter does not see; the instances draw the
    # two values apart and would certify a difference)
    (r"\phi(Q) = \phi((\cos^2 x + \sin^2 x) Q)", SHAPES),
    # false for real functions: never proved or verified, and no counterexample of the stand-in
    (r"\phi(A)\phi(B)^\top V = V \phi(A)\phi(B)^\top",
     (r"A, B, V \in \mathbb{R}^{N \times N}",)),
    (r"\phi(Q + K) = \phi(Q) + \phi(K)", SHAPES),
    (r"\phi(2Q) = 2\phi(Q)", SHAPES),
])
def test_no_refutation_and_no_proof_through_the_stand_in(latex, assume):
    outcome = _verdict(latex, assume)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED), outcome
    # the instances differ for independent stand-ins: it is the guard that keeps this undecided
    assert any(e.method == "matrix functions" for e in outcome.evidence), outcome.evidence


# -- \max(0, X) of a matrix or vector: the entry-wise maximum (Vaswani et al.'s FFN) -------------
FFN = (r"x \in \mathbb{R}^{1 \times n}", r"W_1 \in \mathbb{R}^{n \times f}", r"b_1 \in \mathbb{R}^{1 \times f}",
       r"W_2 \in \mathbb{R}^{f \times n}", r"b_2 \in \mathbb{R}^{1 \times n}") + SHAPES[:-1]


def test_the_ffn_reads_with_an_entrywise_maximum():
    from symbolic.functions import EntrywiseReLU
    (lhs, _, rhs), = _read(r"\mathrm{FFN}(x)=\max(0, xW_1 + b_1) W_2 + b_2", (), FFN)
    relu = [a for a in sympy.preorder_traversal(rhs) if isinstance(a, EntrywiseReLU)]
    assert type(lhs).__name__ == "MatrixCall" and len(relu) == 1
    assert relu[0].shape == (1, sympy.Symbol("f", integer=True, positive=True))
    (lhs, _, rhs), = _read(r"\max(Q, 0)^\top = \max(0, Q^\top)", (), FFN)
    assert isinstance(lhs.arg, EntrywiseReLU) and isinstance(rhs, EntrywiseReLU)


@pytest.mark.parametrize("latex", [
    r"\max(1, Q) = Q",                   # only the maximum with 0 is read
    r"\max(Q, K) = Q",                   # the maximum of two matrices: entry-wise? not read
    r"\max(0, Q, K) = Q",
    r"\max(0, q^\top k) = 0",            # a number beside matrices: as before
    r"\max(0, Q) + Q^\top = Q",          # shapes
    r"\max_i Q = Q",
])
def test_other_maxima_beside_matrices_are_refused(latex):
    with pytest.raises(ParseError) as err:
        _read(latex, (), FFN)
    assert "scalar assumption" not in str(err.value)


@pytest.mark.parametrize("latex, verdict", [
    (r"\max(0, Q) = Q", Verdict.REFUTED),                                     # the real function
    (r"\max(0, Q + K) = \max(0, Q) + \max(0, K)", Verdict.REFUTED),
    (r"\max(Q, 0) - \max(0, -Q) = Q", Verdict.VERIFIED),
])
def test_the_entrywise_maximum_is_the_real_function_on_instances(latex, verdict):
    from symbolic.checks.matrices import check_matrix_instances
    (lhs, _, rhs), = _read(latex, (), FFN)
    step = Step("s", Kind.IDENTITY, latex, Claim(lhs, Relation.EQ, rhs))
    assert check_matrix_instances(step).verdict is verdict


def test_the_corpus_comparison_tells_function_values_apart():
    """The published corpus's harness maps the stand-in to its MatFn: eq. 6 as read matches the
    hand-written reading, and a reading with the order or the argument changed does not."""
    import importlib.util
    import sys
    from pathlib import Path
    path = Path(__file__).resolve().parent / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness", path)
    harness = sys.modules.get(spec.name)
    if harness is None:
        harness = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = harness
        spec.loader.exec_module(harness)
    got = _read(EQ6, PHI, (r"Q, K \in \mathbb{R}^{N \times D}", r"V \in \mathbb{R}^{N \times M}"))
    display = harness.Display("k", "eq. 6", EQ6, "(MatFn(phi, Q)*MatFn(phi, K).T)*V == "
                              "MatFn(phi, Q)*(MatFn(phi, K).T*V)", matrices="Q:N,D K:N,D V:N,M")
    assert harness.compare(got, harness.expected_links(display))[0] == "read"
    for wrong in ("(MatFn(phi, K)*MatFn(phi, Q).T)*V == MatFn(phi, K)*(MatFn(phi, Q).T*V)",
                  "(MatFn(phi, Q)*MatFn(phi, Q).T)*V == MatFn(phi, Q)*(MatFn(phi, Q).T*V)",
                  "(MatFn(psi, Q)*MatFn(psi, K).T)*V == MatFn(psi, Q)*(MatFn(psi, K).T*V)"):
        other = harness.Display("k", "eq. 6", EQ6, wrong, matrices="Q:N,D K:N,D V:N,M")
        assert harness.compare(got, harness.expected_links(other))[0] == "misread", wrong
