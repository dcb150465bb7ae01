"""symbolic.numeric.evaluate: the evaluator: SymPy trees in mpmath at a requested precision.

Claims are SymPy objects built directly, so that these tests do not depend on the LaTeX
reader. A false claim must be refuted with a certified counterexample, a true one must never
be refuted.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
import sympy
from sympy import (E, I, Abs, Derivative, IndexedBase, Max, Piecewise, Rational, Sum, Symbol, cos,
                   exp, log, sin, sqrt)

from symbolic.functions import MaxOver, MinOver, ReLU
from symbolic.numeric import Certainty, NotEvaluable, OutOfDomain, evaluate

FAILS, HOLDS, UNDECIDED = Certainty.FAILS, Certainty.HOLDS, Certainty.UNDECIDED

x = Symbol("x", real=True)
y = Symbol("y", real=True)
a = Symbol("a", real=True)
b = Symbol("b", real=True)
p = Symbol("p", positive=True)
k = Symbol("k", integer=True)
n = Symbol("n", integer=True, positive=True)
L = Symbol("L", integer=True, positive=True)
j = Symbol("j", integer=True)
xs = IndexedBase("x", real=True)
TINY = Rational(1, 10**40)
# (1 + 10^-40)^2 - 1 kept unevaluated, as written: SymPy would otherwise compute it exactly
SQUARE_MINUS_ONE = sympy.Add(sympy.Pow(sympy.Add(1, TINY, evaluate=False), 2, evaluate=False),
                             -1, evaluate=False)


# --- the evaluator ----------------------------------------------------------------------

@pytest.mark.parametrize("expr, point, expected", [
    (sin(x) ** 2 + cos(x) ** 2, {x: Fraction(1, 3)}, 1, ),
    (exp(log(x)), {x: "2.5"}, 2.5),
    (sqrt(x), {x: 4}, 2),
    (Abs(x) + sympy.sign(y), {x: -3, y: "-0.5"}, 2),
    (Max(x, y, 1), {x: -3, y: "0.5"}, 1),
    (ReLU(x), {x: -2}, 0),
    (Piecewise((x, x > 0), (-x, True)), {x: -7}, 7),
    (Sum(xs[j] ** 2, (j, 1, 3)), {xs[1]: 1, xs[2]: 2, xs[3]: 3}, 14),
    (MaxOver(xs[j], (j, 1, 3)), {xs[1]: 1, xs[2]: 5, xs[3]: 3}, 5),
    (MinOver(xs[j], (j, 1, 3)), {xs[1]: 1, xs[2]: 5, xs[3]: 3}, 1),
    (sympy.Product(j, (j, 1, 5)), {}, 120),
    (Derivative(x ** 3, x), {x: 2}, 12),
    (sympy.Float("0.1") * 10, {}, 1),
    (E ** 2 - exp(2), {}, 0),
])
def test_evaluate_known_nodes(expr, point, expected):
    assert abs(evaluate(expr, point, dps=40) - expected) < mpmath.mpf(10) ** -35


def test_evaluate_complex_values():
    value = evaluate(exp(I * x), {x: 1}, dps=40)
    assert abs(value.real - evaluate(cos(x), {x: 1}, dps=40)) < mpmath.mpf(10) ** -35
    assert abs(value.imag - evaluate(sin(x), {x: 1}, dps=40)) < mpmath.mpf(10) ** -35


def test_evaluate_uses_requested_precision():
    # (1 + t)^2 - 1 - 2t = t^2 = 1e-80 for t = 1e-40: 30 digits see only noise, 120 see it
    expr = (1 + x) ** 2 - 1 - 2 * x
    assert abs(evaluate(expr, {x: TINY}, dps=120) / mpmath.mpf(10) ** -80 - 1) < 1e-30
    assert abs(evaluate(expr, {x: TINY}, dps=30) / mpmath.mpf(10) ** -80 - 1) > 1


@pytest.mark.parametrize("expr, why", [
    (sympy.Function("f")(x), "an undefined function has no value"),
    (sympy.Integral(x, (x, 0, 1)), "integrals are not evaluated"),
    (sympy.zoo + x, "complex infinity is not a number"),
])
def test_unknown_nodes_are_not_evaluable(expr, why):
    with pytest.raises(NotEvaluable):
        evaluate(expr, {x: 1})


def test_log_of_zero_is_outside_the_domain():
    with pytest.raises(OutOfDomain):
        evaluate(log(x), {x: 0})


