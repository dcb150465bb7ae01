"""Red team of the rows-as-vectors rules (``symbolic/latex/vector_maps.py``): adversarial claims
built on maps declared by a signature, sums over a family, and 1 x 1 products before a row.

Mostly reader-level (cheap): what is refused, and that what reads is read as written (a sum's
range and index kept, the constant of a sum kept apart, a map's value never linear). The
verdicts of the false claims that read are asked of the matrix prover directly; a handful go
end to end. Each refusal marked "defect" was a misread before the red team's fix.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.checks.matrices import prove_matrix_identity
from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.latex.vector_maps import FAMILY
from symbolic.model import Claim, Kind, Relation, Step, Verdict

ROWS = (r"Q_i, K_j \in \mathbb{R}^D", r"V_j \in \mathbb{R}^M",
        r"\phi: \mathbb{R}^D \to \mathbb{R}^C")
SQUARE = (r"Q_i, K_j \in \mathbb{R}^D", r"V_j \in \mathbb{R}^D")     # V_j as long as K_j


def _read(latex, assume=ROWS):
    (link,) = parse_chain(latex, assumptions=list(assume)).links
    return link.claim.lhs, link.claim.rhs


def _refused(latex, assume=ROWS):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume))
    return str(info.value)


def _proved(lhs, rhs) -> bool:
    return prove_matrix_identity(Step("s", Kind.IDENTITY, "", Claim(lhs, Relation.EQ, rhs)))[0]


def _sums(expr):
    return [(str(v), lo, hi) for s in expr.atoms(sympy.Sum) for v, lo, hi in s.limits
            if not str(v).startswith("nu_dot")]


# -- defects found and fixed (each was read before, as another claim) -------------------------------
@pytest.mark.parametrize("latex, assume, why", [
    # defect: the size j of R^j was bound by the sum over j (the inner product ran to j - 1)
    (r"\sum_{j=1}^{2} Q_i^\top Q_i = 2 \cdot Q_i^\top Q_i", (r"Q_i, K_j \in \mathbb{R}^j",),
     "also a size"),
    (r"\sum_{j=1}^{2} \phi(Q_i)^\top \phi(Q_i) = 2 \cdot \phi(Q_i)^\top \phi(Q_i)",
     (r"Q_i, K_j \in \mathbb{R}^D", r"\phi: \mathbb{R}^D \to \mathbb{R}^j"), "also a size"),
    # defect: Sum(K_j, (j, 1, j)), the index in its own limit
    (r"\sum_{j=1}^{j} K_j = K_j", ROWS, "in its own limits"),
    # defect: the limit's i was the index, the claim's other i the imaginary unit
    (r"\sum_{j=1}^{i} c = i \cdot c", (r"c \in \mathbb{R}^D", r"K_j \in \mathbb{R}^D"),
     "imaginary unit"),
    # defect: the later signature won silently (the inner product ran over M entries)
    (r"\phi(Q_i)^\top \phi(Q_i) = 0", ROWS + (r"\phi: \mathbb{R}^D \to \mathbb{R}^M",),
     "two signatures"),
    # defect: \phi a map and a D x D matrix: \phi(Q_i) is its value or the product \phi Q_i
    (r"\phi(Q_i) = Q_i", (r"Q_i, K_j \in \mathbb{R}^D", r"\phi: \mathbb{R}^D \to \mathbb{R}^D",
                          r"\phi \in \mathbb{R}^{D \times D}"), "both a map"),
    (r"\phi(Q_i) = \phi", (r"Q_i, K_j \in \mathbb{R}^D", r"\phi: \mathbb{R}^D \to \mathbb{R}^D",
                           r"\phi \in \mathbb{R}^D"), "both a map"),
    # defect: an inner sum over j inside a sum over j (read as N times the inner sum)
    (r"\sum_{j=1}^{N} \sum_{j=1}^{N} K_j^\top Q_i = 0", ROWS, "inside a sum over j"),
    (r"\sum_{j=1}^{N} K_j^\top \sum_{j=1}^{N} K_j = 0", ROWS, "inside a sum over j"),
    # a limit that names a declared vector (was an internal 'cannot convert MatrixSide' error)
    (r"\sum_{j=1}^{N} K_j^\top Q_i = 0", ROWS + (r"N \in \mathbb{R}^D",), "a limit is a whole"),
])
def test_fixed_misreads_are_refused(latex, assume, why):
    assert why in _refused(latex, assume)


# -- refusals the rules promise ---------------------------------------------------------------------
@pytest.mark.parametrize("latex, assume, why", [
    (r"\phi(Q_i + K_j) = \phi(Q_i) + \phi(K_j)", ROWS, "only at one declared vector"),  # not linear
    (r"\phi(\phi(Q_i)) = \phi(Q_i)", (r"Q_i \in \mathbb{R}^D", r"\phi: \mathbb{R}^D \to \mathbb{R}^D"),
     "only at one declared vector"),
    (r"\sum_{j=1}^{N} \phi(Q_i)^\top \phi(K_j) V_j = 0", ROWS, "name the number"),   # 1 x 1, column
    (r"(Q_i^\top K_j) V_j = Q_i^\top (K_j V_j)", ROWS, "name the number"),
    (r"\sum_{j=1}^{N} V_j^\top (Q_i^\top K_j) = 0", ROWS, "name the number"),          # row, 1 x 1
    (r"\sum_{j=1}^{N} \alpha_j K_j = 0", ROWS, "writes the index j"),
    (r"\sum_{j=1}^{N} K_{j+1} = 0", ROWS + (r"K_{j+1} \in \mathbb{R}^D",), "writes the index j"),
    (r"\sum_{j \le N} K_j = 0", ROWS, "both limits"),
    (r"e^{i\theta} \cdot Q_i = Q_i", ROWS, "imaginary unit"),
    (r"\phi(Q_i) = C \cdot Q_i", ROWS[:1] + (r"C \in \mathbb{R}^{D \times D}", ROWS[2]), "scalar"),
])
def test_promised_refusals(latex, assume, why):
    assert why in _refused(latex, assume)


# -- what reads is read as written, and the false claims are not proved ----------------------------
def test_a_constant_in_the_sum_stays_in_it_and_one_outside_stays_out():
    lhs, rhs = _read(r"\sum_{j=1}^{N} (K_j + Q_i) = \sum_{j=1}^{N} K_j + Q_i")
    assert isinstance(lhs, sympy.FunctionMatrix) and isinstance(rhs, sympy.MatAdd)
    assert sympy.MatrixSymbol("Q_i", sympy.Symbol("D"), 1).name in {
        getattr(a, "name", None) for a in rhs.args}
    assert not _proved(lhs, rhs)           # the left is N Q_i more than the right


def test_ranges_and_indices_are_kept():
    lhs, rhs = _read(r"Q_i^\top \sum_{j=1}^{i} K_j = Q_i^\top \sum_{j=1}^{N} K_j")
    assert _sums(lhs) == [("j", 1, sympy.Symbol("i", real=True))]
    assert [(v, lo, str(hi)) for v, lo, hi in _sums(rhs)] == [("j", 1, "N")]
    assert sympy.simplify(lhs - rhs) != 0


def test_sums_over_two_families_are_two_sums():
    lhs, rhs = _read(r"\sum_{i=1}^{N} Q_i^\top K_j = \sum_{j=1}^{N} Q_i^\top K_j")
    labels = lambda e: {str(b.label) for b in e.atoms(sympy.IndexedBase)}  # noqa: E731
    assert f"Q_{FAMILY}" in labels(lhs) and "K_j" in labels(lhs)
    assert f"K_{FAMILY}" in labels(rhs) and "Q_i" in labels(rhs)
    assert lhs != rhs


def test_the_index_in_the_summand_is_bound():
    lhs, rhs = _read(r"\sum_{j=1}^{2} j \cdot Q_i = 2 j \cdot Q_i")
    (total,) = lhs.atoms(sympy.Sum)
    assert total.limits[0][0] in total.function.free_symbols   # j varies with the sum
    assert not _proved(lhs, rhs)           # 3 Q_i, not 2 j Q_i


@pytest.mark.parametrize("latex", [
    r"\sum_{j=3}^{1} Q_i = -Q_i",          # an empty sum is 0 (SymPy's reversed range is -Q_i)
    r"\sum_{j=1}^{N} Q_i = N \cdot Q_i",   # false for N <= 0 (an empty sum)
    r"\sum_{j=1}^{N} Q_i = Q_i",
    r"\phi(Q_i) = \varphi(Q_i)",
])
def test_false_or_conditional_claims_are_not_proved(latex):
    assume = ROWS + (r"\varphi: \mathbb{R}^D \to \mathbb{R}^C",)
    lhs, rhs = _read(latex, assume)
    assert not _proved(lhs, rhs)


def test_the_transpose_of_a_sum_reads_term_by_term():
    lhs, rhs = _read(r"\sum_{j=1}^{N} K_j^\top Q_i = \sum_{j=1}^{N} Q_i^\top K_j")
    assert lhs == rhs                      # true: a real inner product is symmetric


def test_i_beside_q_i_is_the_index():
    lhs, rhs = _read(r"i^2 \cdot Q_i = -Q_i")
    assert not lhs.has(sympy.I) and not _proved(lhs, rhs)


# -- end to end (a handful) -------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=20)


def _verdict(latex, assume):
    links, unreadable = check_input(latex, assume=tuple(assume), config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


@pytest.mark.parametrize("latex, assume, expected", [
    (r"(Q_i^\top K_j)V_j^\top = Q_i^\top (K_j V_j^\top)", ROWS, {Verdict.PROVED}),
    (r"(Q_i^\top K_j)V_j^\top = Q_i^\top (V_j K_j^\top)", SQUARE, {Verdict.REFUTED}),  # swapped
    (r"K_j V_j^\top = V_j K_j^\top", SQUARE, {Verdict.REFUTED}),
    (r"\phi(Q_i)^\top \phi(Q_i) \ge 0", ROWS, {Verdict.PROVED}),
    (r"\sum_{j=1}^{N} (K_j + Q_i) = \sum_{j=1}^{N} K_j + Q_i", ROWS, {Verdict.INCONCLUSIVE}),
    (r"\sum_{i=1}^{N} \sum_{j=1}^{i} K_j^\top Q_i = \sum_{i=1}^{N} \sum_{j=1}^{N} K_j^\top Q_i",
     (r"Q_i, K_j \in \mathbb{R}^D",), {Verdict.INCONCLUSIVE}),
])
def test_end_to_end(latex, assume, expected):
    outcome = _verdict(latex, assume)
    assert outcome.verdict in expected, outcome
