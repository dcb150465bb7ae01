"""Calculus and probability notation: integrals, derivatives, E[.] and Var[.], and their verdicts.

Each reading rule has a near miss beside it that must be refused or read differently (E as
Euler's number versus the expectation, dx versus d times x, a missing differential, f' of an
undeclared f), and the end-to-end tests check that the checkers neither prove a false claim
about an integral or an expectation nor refute a true one.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.api import check_chain
from symbolic.checks.expectation import Expect, Var
from symbolic.checks.moments import Mean
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.model import Verdict

x, t, y, z = (sympy.Symbol(n, real=True) for n in "xtyz")
X, Y, a, b = (sympy.Symbol(n, real=True) for n in "XYab")


def sides(latex, **kwargs):
    link, = parse_chain(latex, **kwargs).links
    return link.claim.lhs, link.claim.rhs


def refused(latex, words, **kwargs):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, **kwargs)
    message = str(err.value)
    assert words in message and "\n" not in message, message
    return message


# -- integrals -----------------------------------------------------------------------------------
@pytest.mark.parametrize("latex", [r"\int_0^1 x^2\,dx = 1", r"\int_{0}^{1} x^{2} \mathrm{d}x = 1",
                                   r"\int_0^1 x^2 \, \mathrm{d} x = 1", r"\int_0^1 x^2 \text{d}x = 1",
                                   r"\int\limits_0^1 x^2 dx = 1", r"\int^1_0 x^2\,dx = 1"])
def test_definite_integral_forms(latex):
    lhs, rhs = sides(latex)
    assert lhs == sympy.Integral(x ** 2, (x, 0, 1)) and rhs == 1


def test_integrand_runs_to_its_differential_and_the_integral_ends_there():
    lhs, _ = sides(r"\int_0^1 x + 1 \, dx + 2 = 0")
    assert lhs == sympy.Integral(x + 1, (x, 0, 1)) + 2
    lhs, _ = sides(r"\int_0^1 x\,dx + \int_1^2 t\,dt = 0")
    assert lhs == sympy.Integral(x, (x, 0, 1)) + sympy.Integral(t, (t, 1, 2))


def test_nested_integrals_take_differentials_inside_out():
    lhs, _ = sides(r"\int_0^1 \int_0^2 x y \, dx \, dy = 1")
    assert lhs == sympy.Integral(sympy.Integral(x * y, (x, 0, 2)), (y, 0, 1))


def test_differential_in_a_fraction():
    lhs, rhs = sides(r"\ln z = \int_{1}^{z}\frac{dt}{t}")
    assert rhs == sympy.Integral(1 / t, (t, 1, z)) and lhs == sympy.log(z)
    _, rhs = sides(r"w = \int_0^1 \frac{x \, dx}{1 + x}")
    assert rhs == sympy.Integral(x / (1 + x), (x, 0, 1))
    refused(r"\int_0^1 \frac{dx}{x} y = 1", "may or may not be integrated")


def test_empty_integrand_is_one():
    lhs, _ = sides(r"\int_0^1 dx = 1")
    assert lhs == sympy.Integral(1, (x, 0, 1))


def test_infinite_limits():
    lhs, _ = sides(r"\int_0^\infty e^{-x}\,dx = 1")
    assert lhs == sympy.Integral(sympy.exp(-x), (x, 0, sympy.oo))


def test_missing_differential_is_refused():
    refused(r"\int_0^1 x^2 = 1", "no differential")
    refused(r"\int_0^1 x^2 + 1 = 1", "no differential")
    # the differential of the second integral does not serve the first
    refused(r"\int_0^1 x + \int_0^1 t \, dt = 1", "no differential")


def test_d_times_x_is_no_differential():
    """``d \\cdot x`` is a product: it cannot close an integral."""
    refused(r"\int_0^1 x \, d \cdot x = 1", "no differential")


def test_two_differentials_for_one_integral_are_refused():
    refused(r"\int_0^1 x y \, dx \, dy = 1", "one \\int per differential")


def test_variable_of_integration_in_its_own_limit_is_refused():
    refused(r"\int_0^x x\,dx = 1", "also occurs in a limit")


def test_one_limit_only_is_refused():
    refused(r"\int_0 x\,dx = 1", "both limits")


def test_indefinite_integral_is_an_antiderivative():
    lhs, rhs = sides(r"\int \cos x \, dx = \sin x")
    assert lhs == sympy.Integral(sympy.cos(x), x) and rhs == sympy.sin(x)


# -- derivatives ---------------------------------------------------------------------------------
def test_higher_derivatives():
    lhs, _ = sides(r"\frac{d^2}{dx^2} \sin x = 0")
    assert lhs == sympy.Derivative(sympy.sin(x), (x, 2))
    lhs, _ = sides(r"\frac{d^{3} y}{d x^{3}} = 0")
    assert lhs == sympy.Derivative(sympy.Function("y", real=True)(x), (x, 3))


def test_mixed_partials_of_a_letter_share_its_arguments():
    lhs, rhs = sides(r"\frac{\partial^2 f}{\partial x \partial y} = \frac{\partial^2 f}{\partial y \partial x}")
    f = sympy.Function("f", real=True)(x, y)
    assert lhs == sympy.Derivative(f, x, y) and rhs == sympy.Derivative(f, y, x)


def test_first_order_forms():
    lhs, _ = sides(r"\frac{d}{dx} x^3 = 3x^2")
    assert lhs == sympy.Derivative(x ** 3, x)
    lhs, _ = sides(r"\frac{\mathrm{d} y}{\mathrm{d} t} = 0")
    assert lhs == sympy.Derivative(sympy.Function("y", real=True)(t), t)
    lhs, _ = sides(r"\frac{\partial}{\partial x} (x y) = y")
    assert lhs == sympy.Derivative(x * y, x)


def test_orders_must_match():
    refused(r"\frac{d^2 y}{dx} = 0", "orders do not match")
    refused(r"\frac{\partial^2 f}{\partial x} = 0", "orders do not match")
    refused(r"\frac{d^n}{dx^n} x = 0", "order n")
    refused(r"\frac{d^2 f}{dx \, dy} = 0", "one variable")


def test_a_letter_differentiated_and_used_as_a_quantity_is_refused():
    refused(r"\frac{dy}{dx} = y", "also used as a quantity")
    refused(r"\frac{df}{dx} + \frac{df}{dt} = 0", "different variables")


def test_fraction_that_only_looks_like_a_derivative_stays_a_fraction():
    # d over 2 is d/2 (d a variable), never a derivative
    lhs, _ = sides(r"\frac{d}{2} = 1")
    assert lhs == sympy.Symbol("d", real=True) / 2


def test_primes():
    lhs, _ = sides(r"\sigma'(x) = \sigma(x)(1 - \sigma(x))")
    assert lhs == sympy.Derivative(1 / (1 + sympy.exp(-x)), x)
    lhs, _ = sides(r"f''(x) = 0", functions=("f",))
    assert lhs == sympy.Derivative(sympy.Function("f", real=True)(x), (x, 2))
    refused(r"f'(x) = 1", "declared function")          # f undeclared
    refused(r"\sin'(x) = \cos x", "primes")               # \sin' is not read
    refused(r"\sigma'(2x) = 0", "declared function")      # only at a variable


def test_nabla_stays_refused():
    refused(r"\nabla f = 0", "partial")


# -- expectation and variance --------------------------------------------------------------------
@pytest.mark.parametrize("latex", [r"\mathbb{E}[X] = 0", r"\mathbb{E}(X) = 0", r"\operatorname{E}[X] = 0",
                                   r"\mathrm{E}[X] = 0", r"\text{E}(X) = 0", r"\mathbb{E}\left[X\right] = 0"])
def test_expectation_forms(latex):
    lhs, _ = sides(latex)
    assert lhs == Expect(X) and isinstance(lhs, Mean)


@pytest.mark.parametrize("latex", [r"\operatorname{Var}(X) = 1", r"\mathrm{Var}[X] = 1", r"\text{Var}(X) = 1"])
def test_variance_forms(latex):
    lhs, _ = sides(latex)
    assert lhs == Var(X)


def test_expectation_is_never_eulers_number():
    lhs, rhs = sides(r"\mathbb{E}[X] = e")
    assert lhs == Expect(X) and rhs == sympy.E
    lhs, _ = sides(r"e^{X} = 1")
    assert lhs == sympy.exp(X)
    # a plain E before brackets is neither the expectation nor e times (...)
    refused(r"E[X] = 0", "index E or multiply it")
    refused(r"E(X) = 0", "function E at X")


def test_expectation_power_and_products():
    lhs, rhs = sides(r"\mathbb{E}[X]^2 = \mathbb{E}[X^2]")
    assert lhs == Expect(X) ** 2 and rhs == Expect(X ** 2)
    lhs, _ = sides(r"\mathbb{E}[XY] = 0")
    assert lhs == Expect(X * Y)


def test_expectation_near_misses_are_refused():
    refused(r"\mathbb{E}_{x}[X] = 0", "subscript on E")
    refused(r"\mathbb{E}_{x \sim p}[X] = 0", "distribution")
    refused(r"\mathbb{E} X = 0", "in brackets")
    refused(r"\mathbb{E}^2[X] = 0", "power before the bracket")
    refused(r"\mathbb{E}[X, Y] = 0", "list")
    refused(r"\mathbb{E}[X | Y] = 0", "given")
    refused(r"\operatorname{Cov}(X, Y) = 0", "expectations, variances and probabilities")
    refused(r"\mathbb{P}(X) = 0", "expectations, variances and probabilities")


# -- notation that is not one claim --------------------------------------------------------------
@pytest.mark.parametrize("latex, words", [
    (r"x = 1 \pm 2", "two claims"), (r"x \mp 1 = 0", "two claims"),
    (r"X \sim N", "distribution"), (r"a \equiv b", "identity"),
    (r"x > 0 \Leftrightarrow y > 0", "two implications"), (r"x > 0 \iff y > 0", "two implications"),
])
def test_notation_refused_with_its_reason(latex, words):
    refused(latex, words)


# -- end to end: verdicts ------------------------------------------------------------------------
def verdict(latex, assume=()):
    (_, outcome), = check_chain(latex, assume=assume)
    return outcome


@pytest.mark.parametrize("latex", [r"\int_0^1 x^2\,dx = \frac13", r"\int_0^\infty e^{-x}\,dx = 1",
                                   r"\int_0^{\pi} \sin x \, dx = 2", r"\int_{1}^{e}\frac{dt}{t} = 1",
                                   r"\int \cos x \, dx = \sin x + 5"])
def test_true_integrals_are_proved(latex):
    assert verdict(latex).verdict is Verdict.PROVED


@pytest.mark.parametrize("latex", [r"\int_0^1 x\,dx = 1", r"\int_0^1 x\,dx \le \frac{1}{3}",
                                   r"\int \cos x \, dx = -\sin x", r"\int_0^{\pi} \sin x \, dx = 2.001"])
def test_false_integrals_are_refuted_with_a_certificate(latex):
    outcome = verdict(latex)
    assert outcome.verdict is Verdict.REFUTED and outcome.counterexample


def test_false_integral_without_a_certificate_is_never_accepted():
    # infinite limits: no Arb enclosure, so SymPy's value 1 cannot refute; it must not pass
    assert verdict(r"\int_0^\infty e^{-x}\,dx = 2").verdict not in (Verdict.PROVED, Verdict.VERIFIED)


def test_order_decided_by_enclosures_is_proved():
    assert verdict(r"\int_0^1 x^2\,dx < \frac{1}{2}").verdict is Verdict.PROVED


def test_derivative_verdicts():
    assert verdict(r"\frac{d^2}{dx^2} \sin x = -\sin x").verdict is Verdict.PROVED
    assert verdict(r"\sigma'(x) = \sigma(x)(1 - \sigma(x))").verdict is Verdict.PROVED
    assert verdict(r"\frac{d^2}{dx^2} x^3 = 3x^2").verdict not in (Verdict.PROVED, Verdict.VERIFIED)


@pytest.mark.parametrize("latex", [r"\mathbb{E}[aX + b] = a\mathbb{E}[X] + b",
                                   r"\mathbb{E}[X + Y] = \mathbb{E}[X] + \mathbb{E}[Y]",
                                   r"\operatorname{Var}(X) = \mathbb{E}[X^2] - \mathbb{E}[X]^2",
                                   r"\operatorname{Var}(a X) = a^2 \operatorname{Var}(X)"])
def test_linearity_is_proved(latex):
    outcome = verdict(latex)
    assert outcome.verdict is Verdict.PROVED, outcome


@pytest.mark.parametrize("latex", [r"\mathbb{E}[XY] = \mathbb{E}[X]\mathbb{E}[Y]",
                                   r"\operatorname{Var}(X + Y) = \operatorname{Var}(X) + \operatorname{Var}(Y)",
                                   r"\mathbb{E}[X^2] = \mathbb{E}[X]^2",
                                   r"\mathbb{E}[X] = X", r"\mathbb{E}[X^2] = X \mathbb{E}[X]",
                                   r"\mathbb{E}[e^{X}] = e^{\mathbb{E}[X]}",
                                   r"\mathbb{E}[X] = e",
                                   # a letter inside and outside E is not taken for a constant
                                   r"\mathbb{E}[XY] = X\mathbb{E}[Y]",
                                   r"\mathbb{E}[X + Y] = X + \mathbb{E}[Y]",
                                   r"\mathbb{E}[xy] = x\mathbb{E}[y]",
                                   r"\mathbb{E}[\varepsilon X] = \varepsilon\mathbb{E}[X]"])
def test_what_needs_a_distribution_is_never_accepted(latex):
    """Independence, Jensen, a random X taken as a constant: none follows from linearity."""
    assert verdict(latex).verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)


def test_parametric_integral_is_proved_with_its_corroboration_stated():
    (_, outcome), = check_chain(r"\int_0^\infty e^{-a x}\,dx = \frac{1}{a}", assume=("a > 0",))
    assert outcome.verdict is Verdict.PROVED
    assert "mpmath.quad at a = 7/10" in outcome.evidence[-1].detail or any(
        "mpmath.quad at a = 7/10" in e.detail for e in outcome.evidence)


def test_false_parametric_integral_is_never_accepted():
    (_, outcome), = check_chain(r"\int_0^1 x^a\,dx = \frac{1}{a}", assume=("a > 0",))
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED)


@pytest.mark.parametrize("expr", [Expect(X) ** 2 + Var(a * X + Y), Mean(X * Y), sympy.Integral(x ** 2, (x, 0, 1))])
def test_printed_moments_and_integrals_read_back(expr):
    """What the printer writes for E, Var (also the moment rules' Mean) and integrals reads back."""
    from symbolic.latex.printer import to_latex
    lhs, _ = sides(to_latex(expr) + " = 0")
    assert lhs == expr.replace(lambda e: type(e) is Mean, lambda e: Expect(*e.args))


@pytest.mark.parametrize("latex", [r"\int_{-1}^{1} \frac{1}{x^2}\,dx = -2",     # the antiderivative across a pole
                                   r"\int_{-1}^{1} \frac{1}{x}\,dx = 0",        # a principal value, not an integral
                                   r"\int_{-1}^{1} \frac{1}{x^3}\,dx = 0"])
def test_integrals_across_a_pole_are_never_accepted(latex):
    assert verdict(latex).verdict not in (Verdict.PROVED, Verdict.VERIFIED)


def test_other_capitals_inside_an_expectation_may_be_matrices():
    """E[AB] = E[BA] is false for matrices: only X, Y, Z are read as random numbers there."""
    refused(r"\mathbb{E}[AB] = \mathbb{E}[BA]", "may be a matrix")
    assert verdict(r"\mathbb{E}[XY] = \mathbb{E}[YX]").verdict is Verdict.PROVED
