"""Red team of the declared dependences, the names of gradients and the free Kronecker delta.

Adversarial inputs built against ``symbolic/latex/dependences.py`` (``y \\text{ depends on }
\\gamma``, ``dy \\text{ denotes } \\frac{dL}{dy}``) and ``symbolic/latex/kronecker.py`` (the
delta with free indices). Each case says what a careful reader takes the LaTeX to mean and why
the reading or verdict asked for is the right one. Reading-level except a few checks end to end.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.dependences import holds_derivative
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

Y = r"y \text{ depends on } \gamma, \beta"
DY = r"dy \text{ denotes } \frac{dL}{dy}"
DXHAT = r"d\hat{x} \text{ denotes } \frac{\partial L}{\partial \hat{x}}"
SOFTMAX = (r"\sigma = \mathrm{softmax}", r"z \in \mathbb{R}^n")


def _sides(latex, *assume):
    (link,) = parse_chain(latex, assumptions=list(assume)).links
    return link.claim.lhs, link.claim.rhs


def _refused(latex, *assume) -> str:
    with pytest.raises(ParseError) as exc:
        parse_chain(latex, assumptions=list(assume))
    return str(exc.value)


# -- the key of a stand-in: never one key for two derivatives ---------------------------------
@pytest.mark.parametrize("latex", [
    r"\frac{\partial y_{k+1}}{\partial \gamma_j} = \frac{\partial y_{k}}{\partial \gamma_j}",
    r"\frac{\partial y_{2k}}{\partial \gamma_j} = \frac{\partial y_{k}}{\partial \gamma_j}",
    r"\frac{\partial y}{\partial \gamma_{k+1}} = \frac{\partial y}{\partial \gamma_k}",
    r"\frac{\partial y_{kj}}{\partial \gamma} = \frac{\partial y_{k,j}}{\partial \gamma}",
    r"\frac{\partial y_{1}}{\partial \gamma} = \frac{\partial y_{01}}{\partial \gamma}",
    r"\frac{\partial y_{k}}{\partial \gamma_{k}} = \frac{\partial y_{j}}{\partial \gamma_{j}}",
    r"\frac{\mathrm{d} y}{\mathrm{d} \gamma} = \frac{\partial y}{\partial \gamma}",
    r"\sum_{k} \frac{\partial y_{k}}{\partial \gamma} = \sum_{k} \frac{\partial y_{k+1}}{\partial \gamma}",
    r"\sum_{k} \frac{\partial y_{k}}{\partial \gamma_j} = \sum_{k} \frac{\partial y_{k}}{\partial \beta_j}",
    r"\sum_k \frac{\partial y_k}{\partial \gamma_j} = \sum_k \frac{\partial y_j}{\partial \gamma_k}",
])
def test_different_derivatives_get_different_keys(latex):
    lhs, rhs = _sides(latex, Y)
    assert holds_derivative(lhs) and holds_derivative(rhs)
    assert sympy.simplify(lhs - rhs) != 0


def test_d_and_mathrm_d_are_one_total_derivative():
    lhs, rhs = _sides(r"\frac{\mathrm{d} y}{\mathrm{d} \gamma} = \frac{d y}{d \gamma}", Y)
    assert lhs == rhs


@pytest.mark.parametrize("latex, words", [
    # decorated numerators are other quantities, not declared: refused as 0 would be
    (r"\frac{\partial \hat{y}}{\partial \gamma} = \frac{\partial y}{\partial \gamma}", "would be 0"),
    (r"\frac{\partial \mathbf{y}}{\partial \gamma} = \frac{\partial y}{\partial \gamma}", "would be 0"),
    (r"\frac{\partial y}{\partial \hat\gamma} = \frac{\partial y}{\partial \gamma}", "not on"),
    # a label and an index would share one key (y^{(1)} and y_1): refused in one claim
    (r"\frac{\partial y^{(1)}}{\partial \gamma} = \frac{\partial y_1}{\partial \gamma}", "label"),
    (r"\frac{\partial y_k^{(1)}}{\partial \gamma} = \frac{\partial y_{k,1}}{\partial \gamma}", "label"),
    # a power of y, a limit or an integral in a variable of the stand-in
    (r"\frac{\partial y^{k}}{\partial \gamma} = \frac{\partial y}{\partial \gamma}", "constant"),
    (r"\lim_{\gamma \to 0} \frac{\partial y}{\partial \gamma} = \frac{\partial y}{\partial \gamma}", "constant"),
    (r"\int_0^1 \frac{\partial y}{\partial \gamma} d\beta = \frac{\partial y}{\partial \gamma}", "constant"),
    (r"\frac{\partial}{\partial \beta} \frac{\partial y}{\partial \gamma} = 0", "constant"),
    # a sum, a product or a maximum over a variable y depends on: \sum_{t=1}^{3} y = 3y was
    # proved (y(1) + y(2) + y(3) is no 3y)
    (r"\sum_{t=1}^{3} y = 3y", "constant"),
    (r"\prod_{t=1}^{3} y = y^3", "constant"),
    (r"\max_{t} y = y", "constant"),
    (r"\sum_{t=1}^{3} \frac{\partial y}{\partial t} = 3\frac{\partial y}{\partial t}", "constant"),
    # evaluated at a point: the stand-in has no point, so it cannot be evaluated
    (r"\frac{\partial y}{\partial \gamma}(0) = 0", "function"),
    (r"\left.\frac{\partial y}{\partial \gamma}\right|_{\gamma=0} = \frac{\partial y}{\partial \gamma}", "evaluation"),
])
def test_collapsing_inputs_are_refused(latex, words):
    assert words in _refused(latex, Y, r"y \text{ depends on } t")


@pytest.mark.parametrize("assume", [
    r"y \text{ depends on } \gamma \text{ and } \beta",
    r"y, \text{ depends on } \gamma",
    r"y \text{ depends on } \gamma,",
    r"y \text{ depends on } \gamma \text{ depends on } \beta",
    r"y \text{ depends on } \pi",
    r"i \text{ depends on } \gamma",
])
def test_malformed_declarations_are_refused(assume):
    _refused(r"\frac{\partial y}{\partial \gamma} = 1", assume)


def test_a_circular_declaration_reads_opaque_numbers_only():
    lhs, _ = _sides(r"\frac{\partial L}{\partial \gamma} = 0",
                    r"y \text{ depends on } L", r"L \text{ depends on } y, \gamma")
    assert holds_derivative(lhs)


# -- the names of gradients --------------------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    # d y (a space), {d}y and d\,y print as the declared name dy; read as d times y, with
    # y = 0 the false d y = 0 (L = y: dL/dy = 1) was proved
    (r"d y = 0", (DY, "y = 0")),
    (r"d y = 0", (r"d y \text{ denotes } \frac{dL}{dy}", "y = 0")),
    (r"{d}y = 0", (DY,)),
    (r"d\,y = 1", (DY,)),
    (r"d \hat{x}_i = 0", (DXHAT, r"\hat{x}_i = 0")),
    (r"\frac{dL}{dy} = 0", (DY, "d y = 0")),                 # in an assumption too
])
def test_the_letter_d_beside_a_declared_gradient_name_is_refused(latex, assume):
    assert "letter d" in _refused(latex, *assume)


def test_the_letter_d_reads_as_before_without_a_gradient_name():
    lhs, _ = _sides(r"d y = 0", "y = 0")
    assert {str(s) for s in lhs.free_symbols} == {"d", "y"}


@pytest.mark.parametrize("latex", [
    r"\frac{a\,dy}{dx} = a \frac{dy}{dx}",      # dy a differential in a fraction's numerator
    r"dy/dx = 1",
    r"dydx = 1",
    r"dy_k \, dx = 1",
    r"x \, dy_k = x \frac{dL}{dy_k}",          # unread (sound): d after a letter
    r"dy_k^2 = 1",
    r"dy' = 1",
    r"\sum_k dy_k = \sum_k \frac{dL}{dy_k}",   # unread (sound): d after the sum's index
])
def test_names_of_gradients_refused_where_they_may_be_other_things(latex):
    _refused(latex, DY)


def test_an_integrals_differential_stays_a_differential():
    # \int_0^1 x \, dy is x, the integral in y; dy is no gradient there
    lhs, _ = _sides(r"\int_0^1 x \, dy = 1", DY)
    assert isinstance(lhs, sympy.Integral) and not holds_derivative(lhs)


def test_the_differentials_of_a_derivative_stay_differentials():
    lhs, rhs = _sides(r"\frac{d}{dy} L = dy", DY)
    assert lhs == rhs and holds_derivative(lhs)
    lhs, rhs = _sides(r"\frac{\partial L}{\partial y} = dy", DY)
    assert lhs != rhs                            # a partial and a total derivative: two keys


# -- the Kronecker delta --------------------------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    # an assumption states a value of delta: a quantity, and Kronecker's would prove the false
    # \delta_{ij}^2 = \delta_{ij} (4 = 2)
    (r"\delta_{ij}^2 = \delta_{ij}", (r"\delta_{ij} = 2",)),
    (r"\sum_{k=1}^{n} \delta_{ik}^2 = 1", (r"\delta_{ik} = 2", r"n \in \mathbb{Z}_{>0}")),
    (r"\frac{\partial y_k}{\partial \gamma_j} = \hat{x}_j \delta_{kj}", (Y, r"\delta_{kj} = 0")),
])
def test_kroneckers_reading_is_refused_where_an_assumption_states_delta(latex, assume):
    assert "Kronecker" in _refused(latex, *assume)


def test_beside_a_derivative_in_another_link_the_delta_stays_a_name():
    # the first link holds no derivative, so nothing guards its refutation: as Kronecker's it was
    # refuted at k = j with x_k = 1, x_j = 0 (a true claim of Kronecker's delta)
    chain = parse_chain(r"\delta_{kj} x_k = \delta_{kj} x_j = \delta_{kj} \frac{\partial y_k}"
                        r"{\partial \gamma_j}", assumptions=[Y])
    assert not chain.links[0].claim.lhs.atoms(sympy.KroneckerDelta)
    # a single link holding the derivative keeps Kronecker's reading
    lhs, rhs = _sides(r"\frac{\partial y_k}{\partial \gamma_j} = \hat{x}_j \delta_{kj}", Y)
    assert rhs.atoms(sympy.KroneckerDelta)


def test_a_delta_alone_is_kroneckers():
    lhs, rhs = _sides(r"\delta_{ij}^2 = \delta_{ij}")
    assert lhs.atoms(sympy.KroneckerDelta) and rhs.atoms(sympy.KroneckerDelta)


# the label y^{(1)} and the index y_1 across the claim and an assumption (was a strict xfail:
# the stand-ins shared the key, and y^{(1)} = 0 was proved from y_1 = 0)
def test_a_label_and_an_index_across_claim_and_assumption():
    _refused(r"\frac{\partial y^{(1)}}{\partial \gamma} = 0", Y,
             r"\frac{\partial y_1}{\partial \gamma} = 0")


def test_a_plain_label_is_not_the_index_of_an_assumption():
    with pytest.raises(ParseError, match="one in the claim and one in an assumption"):
        parse_chain(r"y^{(1)} = 0", assumptions=(r"y_1 = 0",))
    with pytest.raises(ParseError, match="one in the claim and one in an assumption"):
        parse_chain(r"y_1 = 0", assumptions=(r"y^{(1)} = 0",))


# -- end to end ------------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=8.0, samples=12)


def _verdict(latex, *assume):
    links, unreadable = check_input(latex, assume=assume, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


def test_a_free_delta_read_as_a_name_is_no_ground_for_a_refutation():
    # true of Kronecker's delta (at k = j x_k = x_j); a name drawn 1 with x_k != x_j was a
    # fake counterexample
    assert _verdict(r"\delta_{kj} x_k = \delta_{kj} x_j").verdict is Verdict.INCONCLUSIVE


@pytest.mark.parametrize("latex", [
    r"\frac{\partial \sigma(z)_i}{\partial z_j} = \sigma(z)_i (\delta_{ij} + \sigma(z)_j)",
    # n = 2, z = (0, 1), i = 2, j = 1: -s1 s2 = -0.197 against -s2^2 = -0.534
    r"\frac{\partial \sigma(z)_i}{\partial z_j} = \sigma(z)_i (\delta_{ij} - \sigma(z)_i)",
])
def test_false_softmax_derivatives_are_refuted(latex):
    assert _verdict(latex, *SOFTMAX).verdict is Verdict.REFUTED
