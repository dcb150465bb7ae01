"""Gradients of a declared dependent scalar in declared vectors: ``\\nabla_{V_i}\\mathcal{L}``.

Reading-level tests (cheap) of ``symbolic/latex/loss_gradients.py`` and of subscripted declared
functions in ``symbolic/latex/gradients.py`` (``\\nabla_\\theta f_t(\\theta)``): what reads and as
what, what is refused, and false claims that are read but must never be proved (the prover is
asked directly). A handful end to end: neither proved nor refuted (the stand-in guard).
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.checks.matrices import prove_matrix_identity
from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.gradient_vectors import holds_gradient
from symbolic.latex.loss_gradients import LossGradient
from symbolic.latex.parse import parse_chain
from symbolic.model import Claim, Kind, Relation, Step, Verdict

LOSS = r"\mathcal{L} \text{ depends on } Q, K, V, \bar{V}, X"
ROWS = (r"Q_i, K_i, Q_j \in \mathbb{R}^D", r"V_i, V_j, \bar{V}_j \in \mathbb{R}^M",
        r"\phi: \mathbb{R}^D \to \mathbb{R}^C", r"X \in \mathbb{R}^{n \times n}",
        r"S \in \mathbb{R}^{C \times M}", LOSS)
D, M, C = (sympy.Symbol(n, integer=True, positive=True) for n in "DMC")
EQ15 = (r"\nabla_{V_{i}}\mathcal{L}=\left(\sum_{j=i}^{N}\phi\left(Q_{j}\right)\left(\nabla_{\bar{V}_{j}}"
        r"\mathcal{L}\right)^\top\right)^\top\phi\left(K_{i}\right)")


def _read(latex, assume=ROWS, functions=()):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


def _proved(lhs, rhs) -> bool:
    return prove_matrix_identity(Step("s", Kind.IDENTITY, "", Claim(lhs, Relation.EQ, rhs)))[0]


def _refused(latex, assume=ROWS, functions=()):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume), functions=functions)
    return str(info.value)


def _grad_names(expr) -> set:
    names = {s.name for s in expr.atoms(sympy.MatrixSymbol) if s.name.startswith("∇")}
    return names | {str(b.label) for b in expr.atoms(sympy.IndexedBase) if str(b.label).startswith("∇")}


# -- what reads, and as what ------------------------------------------------------------------------
def test_the_gradient_in_a_row_is_an_opaque_vector_of_its_shape():
    (lhs, _, rhs), = _read(r"\nabla_{V_i}\mathcal{L} = V_i")
    assert isinstance(lhs, LossGradient) and lhs.shape == (M, 1)
    assert holds_gradient(lhs)                  # the stand-in guard knows it


def test_eq_15_reads_with_a_family_of_gradients_in_the_sum():
    (lhs, _, rhs), = _read(EQ15)
    assert lhs.shape == rhs.shape == (M, 1)
    assert _grad_names(lhs) == {r"∇_{V_i}\mathcal{L}"}
    assert _grad_names(rhs) == {r"∇_{\bar{V}}\mathcal{L}_•"}     # the member j of a family
    assert holds_gradient(rhs)


def test_the_gradient_in_a_value_of_a_declared_map():
    (lhs, _, _), = _read(r"\nabla_{\phi(K_i)}\mathcal{L} = \phi(K_i)")
    assert lhs.shape == (C, 1) and lhs.name == r"∇_{ƒphi(K_i)}\mathcal{L}"


def test_the_same_gradient_twice_is_one_and_two_gradients_are_two():
    (a, _, b), = _read(r"\nabla_{V_i}\mathcal{L} = \nabla_{V_i}\mathcal L")
    assert a == b
    (a, _, b), = _read(r"\nabla_{V_i}\mathcal{L} = \nabla_{V_j}\mathcal{L}")
    assert a != b and not _proved(a, b)
    (a, _, b), = _read(r"\nabla_{X}\mathcal{L} = \nabla_{X} L", ROWS + (r"L \text{ depends on } X",))
    assert a != b                               # two scalars, two gradients


@pytest.mark.parametrize("latex", [
    r"\nabla_{X}\mathcal L = (\nabla_{X}\mathcal L)^\top",                       # not symmetric
    r"(X\nabla_{X}\mathcal L)^\top = X^\top(\nabla_{X}\mathcal L)^\top",          # swapped transposes
    r"\nabla_{X}\mathcal L X = X \nabla_{X}\mathcal L",                           # no commuting
    r"\nabla_{V_i}\mathcal L = \nabla_{V_j}\mathcal L",                           # two rows
])
def test_false_claims_through_gradients_are_read_but_never_proved(latex):
    (lhs, _, rhs), = _read(latex)
    assert not _proved(lhs, rhs)


def test_a_true_claim_holding_for_every_gradient_is_proved():
    (lhs, _, rhs), = _read(r"(X\nabla_{X}\mathcal L)^\top = (\nabla_{X}\mathcal L)^\top X^\top")
    assert _proved(lhs, rhs)


def test_an_assignment_to_the_gradient_is_read_as_its_definition():
    (lhs, rel, rhs), = _read(r"\nabla_{V_i}\mathcal L\gets S^\top\phi(K_i)")
    assert isinstance(lhs, LossGradient) and rhs.shape == (M, 1)
    # an update of a declared matrix is still no claim
    _refused(r"S \gets S + \phi(K_i) V_i^\top")


# -- refused ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("latex, assume, words", [
    (r"\nabla_{V_i} y = V_i", ROWS, "declared to depend"),                   # undeclared scalar
    (r"\nabla_{V_i} L = V_i", ROWS + (r"L \text{ depends on } W",), "not on V"),
    (r"\nabla_{W_i}\mathcal{L} = V_i", ROWS, ""),                           # undeclared variable
    (r"\nabla_{V_i + V_j}\mathcal{L} = V_i", ROWS, "one declared vector"),
    (r"\nabla_{2 V_i}\mathcal{L} = V_i", ROWS, "one declared vector"),
    (r"\nabla_{\phi(2 Q_i)}\mathcal{L} = \phi(Q_i)", ROWS, "one declared vector"),
    (r"\nabla_{V_i}\mathcal{L}^\top = V_i^\top", ROWS, "(\\nabla_{...}"),   # script: whose?
    (r"\nabla_{V_i}\mathcal{L}_t = V_i", ROWS, "subscript"),
    (r"\nabla_{V_i} S = V_i", ROWS + (r"S \text{ depends on } V",), "Jacobian"),
    (r"\nabla_{\phi(Q_i)}\mathcal{L} = \phi(Q_i)^\top", ROWS, ""),          # shapes differ
    (r"\nabla_{V_i}^2 \mathcal{L} = V_i", ROWS, ""),
])
def test_refused(latex, assume, words):
    assert words in _refused(latex, assume)


# -- a declared function of one index: \nabla_\theta f_t(\theta) --------------------------------------
THETA = (r"\theta, g_t, \theta_t \in \mathbb{R}^d",)


def test_the_gradient_of_a_declared_subscripted_function():
    (lhs, _, rhs), = _read(r"g_t = \nabla_\theta f_t(\theta)", THETA, functions=("f_t",))
    assert rhs.name == "∇f_t(theta)" and rhs.shape == lhs.shape
    (_, _, rhs2), = _read(r"g_t = \nabla f_{t}(\theta_t)", THETA, functions=("f_t",))
    assert rhs2.name == "∇f_t(theta_t)"


def test_an_undeclared_subscripted_function_is_refused():
    _refused(r"g_t = \nabla_\theta f_s(\theta)", THETA, functions=("f_t",))
    _refused(r"g_t = \nabla_\theta f_t(\theta)", THETA)


# -- end to end: a handful ----------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


@pytest.mark.parametrize("latex", [
    r"\nabla_{V_i}\mathcal L = \nabla_{V_j}\mathcal L",
    r"\nabla_{V_i}\mathcal L = 0",
])
def test_false_claims_are_neither_proved_nor_refuted(latex):
    links, unreadable = check_input(latex, assume=ROWS, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    assert link.outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED), link.outcome


def _checked(latex):
    from symbolic.commands.check import check_targets
    checked = check_targets([latex], assume=ROWS, config=_FAST)
    assert not checked.unreadable, checked.unreadable
    return [e.kind for e in checked.expressions], list(checked.links)


@pytest.mark.parametrize("latex", [
    r"\nabla_{V_i}\mathcal L\gets S^\top\phi(K_i)",
    r"V_j \leftarrow 2 V_i",          # a declared vector assigned: was refuted when checked like =
    r"V_j := 2 V_i",
])
def test_a_definition_of_a_vector_or_gradient_is_never_checked_like_an_equation(latex):
    kinds, links = _checked(latex)
    assert kinds == ["definition"] and not links, (kinds, links)


def test_the_links_after_a_vector_definition_are_checked_with_it_written_in():
    kinds, links = _checked(r"V_j := 2 V_i = V_i + V_i")
    assert kinds == ["definition"] and [l.outcome.verdict for l in links] == [Verdict.PROVED]
