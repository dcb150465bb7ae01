"""Rows written as vectors (linear attention): maps declared by a signature, sums over families.

Reading-level tests (cheap) of ``symbolic/latex/vector_maps.py``: what reads and as what, what
is refused, and adversarial claims that exploit the rule (read, but never proved: the prover
is asked directly). A handful end to end through ``check_input``: the symmetric inner product
of two values is proved; false claims are neither proved nor refuted (the stand-in guard).
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.checks.matrices import prove_matrix_identity
from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.latex.vector_maps import FAMILY, family_of, holds_family
from symbolic.model import Claim, Kind, Relation, Step, Verdict

ROWS = (r"Q_i, K_j \in \mathbb{R}^D", r"V_j \in \mathbb{R}^M",
        r"\phi: \mathbb{R}^D \to \mathbb{R}^C")
D, M, C = (sympy.Symbol(n, integer=True, positive=True) for n in "DMC")


def _read(latex, assume=ROWS, functions=()):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


def _proved(lhs, rhs) -> bool:
    return prove_matrix_identity(Step("s", Kind.IDENTITY, "", Claim(lhs, Relation.EQ, rhs)))[0]


def _refused(latex, assume=ROWS, functions=()):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume), functions=functions)
    return str(info.value)


# -- values of a declared map at declared vectors --------------------------------------------------
def test_the_inner_product_of_two_values_is_a_number_of_c_terms():
    (lhs, _, rhs), = _read(r"\phi(Q_i)^\top \phi(K_j) = \phi(K_j)^\top \phi(Q_i)")
    assert not isinstance(lhs, sympy.MatrixExpr) and isinstance(lhs, sympy.Sum)
    (var, lo, hi), = lhs.limits
    assert (lo, hi) == (0, C - 1)             # C entries: the map's output size, not D
    names = {str(b.label) for b in lhs.atoms(sympy.IndexedBase)}
    assert names == {"ƒphi(Q_i)", "ƒphi(K_j)"}
    assert lhs == rhs                          # a real inner product is symmetric


def test_an_outer_product_of_a_value_and_a_row_is_c_by_m():
    (lhs, _, rhs), = _read(r"\phi(K_j) V_j^\top = (V_j \phi(K_j)^\top)^\top")
    assert lhs.shape == rhs.shape == (C, M)


def test_the_signature_declares_the_function_and_its_sizes():
    # no --function needed: the signature says phi is a function
    (lhs, _, _), = _read(r"\phi(Q_i)^\top \phi(Q_i) = 1")
    assert lhs.has(sympy.IndexedBase("ƒphi(Q_i)", real=True)) or "ƒphi(Q_i)" in str(lhs)


@pytest.mark.parametrize("latex, why", [
    (r"\phi(V_j) = \phi(V_j)", "maps vectors of D entries"),          # V_j has M entries
    (r"\phi(Q_i + K_j) = \phi(Q_i)", "only at one declared vector"),   # an expression: name it
    (r"\phi(2 Q_i) = \phi(Q_i)", "only at one declared vector"),
    (r"\phi(\phi(Q_i)) = \phi(Q_i)", ""),                               # C entries, not D
    (r"\phi(K_j) V_j^\top = V_j \phi(K_j)^\top", "different shapes"),   # C x M and M x C
    (r"\phi(Q_i) = Q_i", "different shapes"),                           # C and D entries
])
def test_mismatched_or_unnamed_arguments_are_refused(latex, why):
    assert why in _refused(latex)


def test_a_row_vector_argument_is_refused():
    assert "maps vectors of D entries" in _refused(
        r"\phi(r) = \phi(r)", ROWS + (r"r \in \mathbb{R}^{1 \times D}",))


def test_without_a_signature_a_function_of_a_vector_stays_refused():
    # a function of a vector may be a number (a loss) or a vector of any length
    _refused(r"\phi(Q_i)^\top \phi(K_j) = 1", ROWS[:2], functions=(r"\phi",))


# -- adversarial: read, never proved ---------------------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    # the values of phi are not the arguments: phi(Q_i)^T phi(K_j) is not Q_i^T K_j
    (r"\phi(Q_i)^\top \phi(K_j) = Q_i^\top K_j", ROWS + (r"C = D",)),
    # two maps are two stand-ins
    (r"\phi(Q_i) = \psi(Q_i)", ROWS + (r"\psi: \mathbb{R}^D \to \mathbb{R}^C",)),
    # the outer product's order, where the shapes agree (C = M written as one size)
    (r"\phi(K_j) V_j^\top = V_j \phi(K_j)^\top",
     (r"K_j \in \mathbb{R}^D", r"V_j \in \mathbb{R}^M", r"\phi: \mathbb{R}^D \to \mathbb{R}^M")),
    # values at two arguments are two vectors
    (r"\phi(Q_i) = \phi(K_j)", ROWS),
])
def test_false_claims_read_but_are_not_proved(latex, assume):
    (lhs, _, rhs), = _read(latex, assume)
    assert lhs != rhs
    if isinstance(lhs, sympy.MatrixExpr):
        assert not _proved(lhs, rhs)


# -- sums over a family --------------------------------------------------------------------------
def test_eq10_is_a_sum_of_outer_products_over_the_family():
    (lhs, _, rhs), = _read(r"S_{i}=\sum_{j=1}^{i}\phi\left(K_{j}\right)V_{j}^\top",
                           ROWS + (r"S_i \in \mathbb{R}^{C \times M}",))
    assert isinstance(rhs, sympy.FunctionMatrix) and rhs.shape == (C, M)
    (total,) = rhs.atoms(sympy.Sum)
    (j, lo, hi), = total.limits
    assert (j.name, lo, hi) == ("j", 1, sympy.Symbol("i", real=True))   # i the index, never I
    labels = {str(b.label) for b in rhs.atoms(sympy.IndexedBase)}
    assert labels == {f"V_{FAMILY}", f"ƒphi(K)_{FAMILY}"}
    assert holds_family(rhs) and not holds_family(lhs)


def test_eq22_keeps_the_row_outside_the_sum():
    (lhs, _, rhs), = _read(r"\bar{V}_{i}=Q_{i}^\top\sum_{j=1}^{i}K_{j}V_{j}^\top",
                           ROWS + (r"\bar{V}_i \in \mathbb{R}^{1 \times M}",))
    assert rhs.shape == (1, M) and sympy.MatrixSymbol("Q_i", D, 1) in rhs.atoms(sympy.MatrixSymbol)


def test_only_names_subscripted_by_the_index_are_members():
    (_, _, rhs), = _read(r"S = \sum_{j=1}^{N} Q_i V_j^\top",
                         ROWS + (r"S \in \mathbb{R}^{D \times M}",))
    assert sympy.MatrixSymbol("Q_i", D, 1) in rhs.atoms(sympy.MatrixSymbol)   # a constant in j
    assert family_of(sympy.MatrixSymbol("Q_i", D, 1)) is None


@pytest.mark.parametrize("latex", [
    r"S = \sum_j K_j V_j^\top",          # the range is the text's: write it
    r"S = \sum_{j} K_j V_j^\top",
    r"S = \sum^{N} K_j V_j^\top",
])
def test_sums_of_vectors_need_their_index_and_limits(latex):
    assert "both limits" in _refused(latex, ROWS + (r"S \in \mathbb{R}^{D \times M}",))


@pytest.mark.parametrize("latex, extra", [
    # read whole, alpha_j would be a constant of the sum: sum_j alpha_j K_j is not alpha_j sum_j K_j
    (r"S = \sum_{j=1}^{N} \alpha_j K_j", ()),
    (r"S = \sum_{j=1}^{N} K_{j+1}", (r"K_{j+1} \in \mathbb{R}^D",)),
    (r"S = \sum_{j=1}^{N} \phi(K_{j+1})", (r"K_{j+1} \in \mathbb{R}^D",)),
])
def test_a_name_that_writes_the_index_but_is_no_member_is_refused(latex, extra):
    assert "writes the index j" in _refused(latex, ROWS + (r"S \in \mathbb{R}^{D}",) + extra
                                            if "phi" not in latex else
                                            ROWS + (r"S \in \mathbb{R}^{C}",) + extra)


def test_a_dot_product_in_the_summand_is_no_name_that_writes_the_index():
    # the component index of Q_i^T K_t (nu_dot) is not a name that writes t
    (_, _, rhs), = _read(r"S = \sum_{t=1}^{T} (Q_i^\top K_t) V_t^\top",
                         (r"Q_i, K_t \in \mathbb{R}^D", r"V_t \in \mathbb{R}^M",
                          r"S \in \mathbb{R}^{1 \times M}"))
    assert rhs.shape == (1, M) and holds_family(rhs)


def test_a_sum_of_non_conforming_products_is_refused():
    _refused(r"S = \sum_{j=1}^{N} K_j V_j", ROWS + (r"S \in \mathbb{R}^{D \times M}",))


def test_a_number_times_a_conforming_row_is_the_matrix_product():
    (lhs, _, rhs), = _read(r"(Q_i^\top K_j) V_j^\top = Q_i^\top (K_j V_j^\top)")
    assert lhs.shape == rhs.shape == (1, M)
    assert _proved(lhs, rhs)


# -- a primed row the equation defines, declared beside it (eqs. 5, 12) ------------------------------
EQ5 = (r"V^{\prime}_{i}=\frac{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{N}\phi\left(K_{j}\right)V_{j}^\top}"
       r"{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{N}\phi\left(K_{j}\right)}")
EQ4 = (r"V^{\prime}_{i}=\frac{\sum_{j=1}^{N}\phi\left(Q_{i}\right)^\top\phi\left(K_{j}\right)V_{j}}"
       r"{\sum_{j=1}^{N}\phi\left(Q_{i}\right)^\top\phi\left(K_{j}\right)}")


def test_eq5_reads_with_the_row_declared():
    (lhs, _, rhs), = _read(EQ5, ROWS + (r"V'_i \in \mathbb{R}^{1 \times M}",))
    assert lhs == sympy.MatrixSymbol("V'_i", 1, M) and rhs.shape == (1, M)


def test_eq5_with_the_row_declared_a_column_is_refused():
    # as printed, eq. 5's right side is a row: V'_i in R^M is a column, the shapes differ
    assert "different shapes" in _refused(EQ5, ROWS + (r"V'_i \in \mathbb{R}^{M}",))


def test_eq4_as_printed_is_refused():
    # a 1 x 1 product written before the column V_j: eq. 4 and eq. 5 differ by a transpose
    assert "name the number" in _refused(EQ4, ROWS + (r"V'_i \in \mathbb{R}^{M}",))


def test_a_declared_primed_row_written_twice_or_another_row_is_refused():
    _refused(r"V'_i = V'_i", ROWS + (r"V'_i \in \mathbb{R}^{M}",))
    _refused(r"V'_j = V_j", ROWS + (r"V'_i \in \mathbb{R}^{M}",))


# -- end to end: a handful ------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, assume=ROWS):
    links, unreadable = check_input(latex, assume=assume, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


def test_the_inner_product_of_values_is_symmetric_end_to_end():
    assert _verdict(r"\phi(Q_i)^\top \phi(K_j) = \phi(K_j)^\top \phi(Q_i)").verdict is Verdict.PROVED


@pytest.mark.parametrize("latex, assume", [
    # false for real maps: never proved, and no counterexample through the stand-in
    (r"\phi(Q_i)^\top \phi(K_j) = Q_i^\top K_j", ROWS),
    # a false sum: neither proved nor refuted (a family is drawn apart from K_i written alone)
    (r"\sum_{j=1}^{N}\phi(Q_i)^\top\phi(K_j) = 2\phi(Q_i)^\top\sum_{j=1}^{N}\phi(K_j)", ROWS),
])
def test_false_claims_are_neither_proved_nor_refuted(latex, assume):
    outcome = _verdict(latex, assume)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED), outcome


def test_a_true_sum_with_a_member_written_apart_is_never_refuted():
    # K_i is the member i of the family K_j: true, but K_i is drawn apart from the family
    outcome = _verdict(r"\sum_{j=1}^{i} K_j = \sum_{j=1}^{i-1} K_j + K_i",
                       (r"K_i, K_j \in \mathbb{R}^D", r"i \in \mathbb{Z}_{>0}"))
    assert outcome.verdict is not Verdict.REFUTED, outcome
