"""symbolic.numeric.certify: certificates with Arb balls: Certainty.FAILS / HOLDS / UNDECIDED at exact points.

Claims are SymPy objects built directly, so that these tests do not depend on the LaTeX
reader. A false claim must be refuted with a certified counterexample, a true one must never
be refuted.
"""
from __future__ import annotations

import pytest
import sympy
from sympy import I, IndexedBase, Integer, Rational, Symbol, cos, exp, log, pi, sin, sqrt

from symbolic.model import Relation
from symbolic.numeric import Certainty, certify

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


# --- certificates -----------------------------------------------------------------------

@pytest.mark.parametrize("lhs, relation, rhs, point, expected, why", [
    (exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744), {}, FAILS, "differs by 7.5e-13"),
    (exp(pi * sqrt(67)), Relation.EQ, Integer(147197952744), {}, FAILS, "differs by 1.3e-6"),
    (exp(pi * sqrt(163)), Relation.LT, Integer(262537412640768744), {}, HOLDS, "true by 7.5e-13"),
    (sqrt(2) * sqrt(x), Relation.EQ, sqrt(2 * x), {x: 3}, UNDECIDED, "tight: balls overlap, never exact"),
    (log(1 + x), Relation.LE, x, {x: 0}, HOLDS, "both sides exactly 0"),
    (log(1 + x), Relation.LT, x, {x: 0}, FAILS, "0 < 0 fails exactly"),
    (x ** 2, Relation.EQ, Integer(2), {x: "1.41421356"}, FAILS, "1.41421356^2 != 2"),
    (x ** 2, Relation.NE, Integer(4), {x: 2}, FAILS, "4 != 4 fails exactly"),
    (log(x), Relation.GE, Integer(0), {x: -1}, UNDECIDED, "log of a negative real: undecided"),
    (exp(I * x), Relation.EQ, cos(x) + I * sin(x), {x: 1}, UNDECIDED, "a true complex identity"),
    (exp(I * x), Relation.EQ, cos(x) - I * sin(x), {x: 1}, FAILS, "imaginary parts differ"),
])
def test_certify(lhs, relation, rhs, point, expected, why):
    assert certify(lhs, rhs, relation, point) is expected, why


