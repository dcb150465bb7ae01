"""Derivatives of names declared to depend on others, read as opaque numbers (dependences.py).

``--assume 'y \\text{ depends on } \\gamma'`` makes ``\\frac{\\partial y_k}{\\partial \\gamma_j}`` a
stand-in keyed by the kind of derivative, the numerator and the variable with their indices;
``dy \\text{ denotes } \\frac{dL}{dy}`` reads the name of a gradient dy_j as dL/dy_j. Mostly
reading-only (cheap), with adversarial inputs built to exploit the rule, and a handful end to
end: equal keys are proved equal, different keys are never proved equal, nothing is refuted
through a stand-in.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.dependences import declared_dependences, holds_derivative
from symbolic.latex.parse import parse_chain, parse_expression
from symbolic.model import Verdict

Y = r"y \text{ depends on } \gamma, \beta"
DY = r"dy \text{ denotes } \frac{dL}{dy}"


def _read(latex, *assume):
    return [(l.claim.lhs, l.claim.rhs) for l in parse_chain(latex, assumptions=list(assume)).links]


def _refused(latex, *assume) -> str:
    with pytest.raises(ParseError) as exc:
        parse_chain(latex, assumptions=list(assume))
    return str(exc.value)


# -- the declaration ------------------------------------------------------------------------
def test_declarations_and_their_closure():
    found = declared_dependences([Y, r"L \text{ depends on } y", r"x > 0"], parse_expression)
    assert found["y"] == {"gamma", "beta"}
    assert found["L"] == {"y", "gamma", "beta"}         # L on y on gamma: L on gamma
    found = declared_dependences([r"\mathcal{L}, \hat{x} \text{ depend on } \mu"], parse_expression)
    assert found[r"\hat{x}"] == {"mu"}
    assert declared_dependences([DY], parse_expression)["L"] == {"y"}    # dy denotes dL/dy: L depends on y


@pytest.mark.parametrize("assume, words", [
    (r"y \text{ depends on } y", "itself"),
    (r"y_k \text{ depends on } \gamma", "not a name"),
    (r"y \text{ depends on } 2x", "not a name"),
    (r"dy \text{ denotes } \frac{\partial L}{\partial x}", "must be the variable"),
])
def test_bad_declarations_are_refused(assume, words):
    assert words in _refused(r"a = a", assume)


# -- what reads -----------------------------------------------------------------------------
def test_a_derivative_of_a_declared_name_is_a_stand_in():
    (lhs, rhs), = _read(r"\frac{\partial y_k}{\partial \gamma_j} = \hat{x}_j \delta_{kj}", Y)
    assert holds_derivative(lhs) and not lhs.atoms(sympy.Derivative) and lhs != 0
    # beside the stand-in, \delta_{kj} is Kronecker's (the notes define it so)
    assert rhs.atoms(sympy.KroneckerDelta)


def test_undeclared_it_is_still_refused():
    assert "would be 0" in _refused(r"\frac{\partial y_k}{\partial \gamma_j} = \hat{x}_j")


def test_equal_keys_are_one_number_and_other_keys_are_others():
    (a, b), = _read(r"\frac{\partial y_k}{\partial \gamma_j} = \frac{\partial y_k}{\partial \gamma_j}", Y)
    assert a == b
    (a, b), = _read(r"\frac{\partial y_k}{\partial \gamma_j} = \frac{\partial y_j}{\partial \gamma_k}", Y)
    assert a != b
    (a, b), = _read(r"\frac{\partial y}{\partial \gamma} = \frac{\partial y}{\partial \beta}", Y)
    assert a != b
    # a total and a partial derivative may differ: two keys
    (a, b), = _read(r"\frac{dy}{d\gamma} = \frac{\partial y}{\partial \gamma}", Y)
    assert a != b


def test_in_a_sum_the_stand_in_is_an_entry_of_its_indices():
    (lhs, rhs), = _read(r"\sum_k \frac{\partial y_k}{\partial \gamma_j} = \frac{\partial y_j}{\partial \gamma_j}", Y)
    term, index = lhs.function, lhs.limits[0][0]
    # the entry [k] of the table whose entry [j] is the right side: equal where k = j
    assert isinstance(term, sympy.Indexed) and term.indices == (index,)
    assert term.base == rhs.base and term.xreplace({index: rhs.indices[0]}) == rhs


def test_the_same_variable_still_differentiates():
    (lhs, rhs), = _read(r"\frac{\partial y}{\partial y} = 1", Y)
    assert lhs.doit() == 1 and not holds_derivative(lhs)


def test_a_name_of_a_gradient_reads_only_declared():
    assert "gradient's name" in _refused(r"d\hat{x}_i = dy_i \cdot \gamma_i")
    (lhs, rhs), = _read(r"\frac{dL}{dy_k} = dy_k", DY)
    assert lhs == rhs and holds_derivative(lhs)       # dy_k is dL/dy_k, as declared
    (lhs, rhs), = _read(r"d\hat{x}_i = dy_i \cdot \gamma_i", DY,
                        r"d\hat{x} \text{ denotes } \frac{\partial L}{\partial \hat{x}}")
    assert holds_derivative(lhs) and holds_derivative(rhs)


# -- adversarial: what the rule must not read ------------------------------------------------
@pytest.mark.parametrize("latex, words", [
    # y depends on gamma: a derivative of an expression holding y would read y as a constant
    (r"\frac{\partial}{\partial \gamma}(y \gamma) = y", "as a constant"),
    (r"\frac{\partial (y^2)}{\partial \gamma} = 0", "as a constant"),
    (r"\frac{\partial}{\partial\gamma}(\gamma \frac{\partial y}{\partial \gamma}) = 0", "as a constant"),
    (r"\int_0^1 y \, d\gamma = y", "as a constant"),
    # not declared to depend on x: its derivative in x would be 0
    (r"\frac{\partial y}{\partial x} = 1", "not on x"),
    # a second or mixed derivative of a declared name
    (r"\frac{\partial^2 y}{\partial \gamma^2} = 0", "first derivative"),
    (r"\frac{\partial^2 y}{\partial \gamma \partial \beta} = 0", "first derivative"),
])
def test_refusals_under_a_declaration(latex, words):
    assert words in _refused(latex, Y)


def test_a_complex_quantity_gets_no_real_stand_in():
    assert "complex" in _refused(r"\frac{\partial y}{\partial \gamma} = 1", Y, r"y \in \mathbb{C}")


@pytest.mark.parametrize("latex", [
    r"\int_0^1 x \, dy = dy",            # dy may be the integral's differential
    r"dy^2 = 1",                          # the gradient in y^2, or a square?
])
def test_names_of_gradients_refused_where_ambiguous(latex):
    _refused(latex, DY)


def test_a_numerator_defined_in_the_same_display_is_put_in():
    # another row of the display defines y: its definition is differentiated, no stand-in
    from symbolic.latex.document import read_display
    chains = read_display(r"\begin{aligned} y &= \gamma x \\ \frac{\partial y}{\partial \gamma} &= x \end{aligned}")
    (lhs, rhs), = _read(chains[1].latex, Y)
    assert not holds_derivative(lhs) and lhs.doit() == rhs


def test_a_free_delta_stays_a_number_where_names_are_read_apart():
    # x_k and x_j are two names: Kronecker's delta would be refuted at k = j with x_k != x_j
    (lhs, _), = _read(r"\delta_{kj} x_k = x_j")
    assert not lhs.atoms(sympy.KroneckerDelta)


# -- end to end ------------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, *assume):
    links, unreadable = check_input(latex, assume=assume, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome.verdict


def test_equal_keys_are_proved_equal():
    assert _verdict(r"2 \frac{\partial y_k}{\partial \gamma_j} - \frac{\partial y_k}{\partial \gamma_j} "
                    r"= \frac{\partial y_k}{\partial \gamma_j}", Y) is Verdict.PROVED


@pytest.mark.parametrize("latex", [
    # two stand-ins with different indices claimed equal: neither proved nor refuted
    r"\frac{\partial y_k}{\partial \gamma_j} = \frac{\partial y_j}{\partial \gamma_k}",
    # a stand-in claimed 0 (false for y = gamma^2 at gamma = 1, true for y = beta): never decided
    r"\frac{\partial y}{\partial \gamma} = 0",
    r"\frac{\partial y}{\partial \gamma} \ge 0",
    r"\frac{dy}{d\gamma} = \frac{\partial y}{\partial \gamma}",
])
def test_nothing_is_decided_through_a_stand_in(latex):
    assert _verdict(latex, Y) is Verdict.INCONCLUSIVE
