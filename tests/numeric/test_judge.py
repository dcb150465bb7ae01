"""symbolic.numeric.judge: judge_claim: claims judged over their points, refuted only with a certificate.

Claims are SymPy objects built directly, so that these tests do not depend on the LaTeX
reader. A false claim must be refuted with a certified counterexample, a true one must never
be refuted.
"""
from __future__ import annotations

import time
from fractions import Fraction

import pytest
import sympy
from sympy import (E, I, Abs, Derivative, IndexedBase, Integer, Rational, Sum, Symbol, cos, exp,
                   log, pi, sin, sqrt, tanh)

from symbolic import numeric
from symbolic.functions import MaxOver
from symbolic.model import Relation
from symbolic.numeric import Certainty, certify, evaluate, judge_claim, sample_points

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


# --- judging claims -------------------------------------------------------------------------

LSE = log(Sum(exp(xs[j]), (j, 1, L)))

CLAIMS = [
    # (lhs, relation, rhs, assumptions, expected verdict, reason)
    (exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744), (), "refuted",
     "near-identity: differs by 7.5e-13 (relative 3e-30)"),
    (exp(pi * sqrt(67)), Relation.EQ, Integer(147197952744), (), "refuted",
     "near-identity: differs by 1.3e-6"),
    (SQUARE_MINUS_ONE, Relation.EQ, 2 * TINY + TINY ** 2, (), "verified",
     "true; at 50 digits every digit of the left side cancels"),
    (SQUARE_MINUS_ONE, Relation.EQ, 2 * TINY, (), "refuted",
     "false by 1e-80, which only 100+ digits resolve"),
    (sqrt(10**40 + 1) - 10**20, Relation.EQ, 1 / (sqrt(10**40 + 1) + 10**20), (), "verified",
     "true; 41 digits cancel on the left"),
    (log(a - b), Relation.EQ, log(a) - log(b), (a > b, b > 0), "refuted",
     "false: ln(2-1) = 0 but ln 2 - ln 1 = ln 2"),
    (log(1 + x), Relation.LE, x, (x > -1,), "verified", "true, tight at x = 0"),
    (log(1 + x), Relation.GE, x, (x > -1,), "refuted", "false away from 0"),
    (log(1 + x), Relation.LT, x, (x > -1,), "refuted", "false at x = 0 exactly"),
    (LSE, Relation.LE, MaxOver(xs[j], (j, 1, L)) + log(L), (), "verified",
     "log-sum-exp is at most max + log L"),
    (LSE, Relation.LE, MaxOver(xs[j], (j, 1, L)), (), "refuted",
     "false: equal arguments give max + log L"),
    (LSE, Relation.GE, MaxOver(xs[j], (j, 1, L)), (), "verified", "true: one term is e^max"),
    (Derivative(tanh(x), x), Relation.EQ, 1 + tanh(x) ** 2, (), "refuted",
     "the derivative is 1 - tanh^2"),
    (Derivative(tanh(x), x), Relation.EQ, 1 - tanh(x) ** 2, (), "verified", "true"),
    (sin(x) ** 2 + cos(x) ** 2, Relation.EQ, Integer(1), (), "verified", "Pythagoras"),
    (exp(I * x), Relation.EQ, cos(x) + I * sin(x), (), "verified", "Euler's formula"),
    (sqrt(x ** 2), Relation.EQ, x, (), "refuted", "false for x < 0"),
    (sqrt(x ** 2), Relation.EQ, Abs(x), (), "verified", "true for real x"),
    (log(x ** 2), Relation.EQ, 2 * log(x), (x > 0,), "verified", "true for x > 0"),
    (x ** 2 + 1, Relation.NE, Integer(0), (), "verified", "never zero"),
    (x ** 2, Relation.NE, Integer(2), (), "refuted", "zero at sqrt 2, identified exactly"),
    (x ** 2, Relation.NE, Integer(1), (), "refuted", "equal at the edge point x = 1"),
    (x * y, Relation.LE, (x ** 2 + y ** 2) / 2, (), "verified", "AM-GM"),
    (x + y, Relation.LE, 2 * sqrt(x * y), (x > 0, y > 0), "refuted", "AM-GM reversed"),
    (exp(x), Relation.GT, 1 + x, (x > 0,), "verified", "strict for x > 0"),
    (exp(x), Relation.GT, 1 + x, (), "refuted", "equality at x = 0 breaks strictness"),
    (sympy.Function("f")(x), Relation.EQ, x, (), "undecided", "an undefined function"),
    (x, Relation.EQ, x, (sympy.Q.positive(x),), "undecided", "an assumption it cannot sample"),
]


@pytest.mark.parametrize("lhs, relation, rhs, assumptions, expected, why", CLAIMS,
                         ids=[f"{c[0]} {c[1].value} {c[2]}"[:60] for c in CLAIMS])
def test_judge_claim(lhs, relation, rhs, assumptions, expected, why):
    finding = judge_claim(lhs, relation, rhs, assumptions)
    assert finding.verdict == expected, (why, finding.detail)
    if expected == "refuted":
        names = [name for name, _ in finding.counterexample]
        assert names[-2:] == ["lhs", "rhs"]
        assert "certified" in finding.detail


def test_refutation_certifies_the_reported_point():
    finding = judge_claim(log(a - b), Relation.EQ, log(a) - log(b), (a > b, b > 0))
    point = dict(finding.counterexample[:-2])
    values = {a: Fraction(point["a"]), b: Fraction(point["b"])}
    assert values[a] > values[b] > 0
    assert certify(log(a - b), log(a) - log(b), Relation.EQ, values) is FAILS


def test_closed_near_identity_reports_only_the_sides():
    finding = judge_claim(exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744))
    assert [name for name, _ in finding.counterexample] == ["lhs", "rhs"]
    lhs, rhs = (value for _, value in finding.counterexample)
    assert lhs != rhs, "printed with enough digits to tell the sides apart"


def test_general_size_evidence_names_the_instances():
    finding = judge_claim(LSE, Relation.LE, MaxOver(xs[j], (j, 1, L)) + log(L))
    assert finding.verdict == "verified"
    assert "instances L=1,2,3," in finding.detail and ",1000)" in finding.detail, finding.detail
    assert "Arb balls" in finding.detail and "50 digits" in finding.detail


def test_implication_refuted_only_where_the_premise_holds():
    true = judge_claim(sympy.And(x > 1, y > 1), Relation.IMPLIES, x * y > 1)
    assert true.verdict == "verified", true.detail
    false = judge_claim(x > 1, Relation.IMPLIES, x ** 2 > 4)
    assert false.verdict == "refuted", false.detail
    cex = dict(false.counterexample[:-2])
    assert 1 < Fraction(cex["x"]) <= 2


def test_limit_is_only_numerically_consistent():
    t = Symbol("t", real=True)
    good = judge_claim(sympy.Limit(sin(t) / t, t, 0), Relation.EQ, Integer(1))
    assert good.verdict == "verified" and "numerically consistent" in good.detail
    bad = judge_claim(sympy.Limit(sin(t) / t, t, 0), Relation.EQ, Integer(2))
    assert bad.verdict == "undecided", "a numerical limit is no certificate"


def test_uncertifiable_candidate_is_not_refuted(monkeypatch):
    # the failing point counts only where the assumptions are certified to hold
    from symbolic.numeric import judge
    monkeypatch.setattr(judge, "certify", lambda *args, **kwargs: numeric.Certainty.UNDECIDED)
    finding = judge_claim(log(1 + x), Relation.GE, x, (x > -1,))
    assert finding.verdict == "undecided"
    assert "not refuted" in finding.detail


def test_judging_is_deterministic():
    first = judge_claim(x * y, Relation.LE, (x ** 2 + y ** 2) / 2, seed=5)
    again = judge_claim(x * y, Relation.LE, (x ** 2 + y ** 2) / 2, seed=5)
    assert first == again


def test_fraction_text_is_exact_and_short():
    assert numeric.fraction_text(Fraction(1, 10**30)) == "1e-30"
    assert numeric.fraction_text(Fraction(-1, 4)) == "-0.25"
    assert numeric.fraction_text(Fraction(10**30)) == "1e30"
    assert numeric.fraction_text(Fraction(1, 3)) == "1/3"
    assert Fraction(numeric.fraction_text(Fraction(123456789, 10**17))) == Fraction(123456789, 10**17)


z = Symbol("z", complex=True)
w = Symbol("w", complex=True)
xp = IndexedBase("x", real=True)


@pytest.mark.parametrize("lhs, relation, rhs, assumptions, expected, why", [
    (Abs(z) ** 2, Relation.EQ, z * sympy.conjugate(z), (), "verified", "complex symbols sampled off the real line"),
    (z ** 2, Relation.EQ, Abs(z) ** 2, (), "refuted", "true only on the real line"),
    (Abs(z + w), Relation.LE, Abs(z) + Abs(w), (), "verified", "triangle inequality"),
    (xp[j], Relation.LE, MaxOver(xp[j], (j, 1, L)), (), "verified",
     "a free index j lives in the range 1..L of the max beside it"),
    (xp[j], Relation.LT, MaxOver(xp[j], (j, 1, L)), (), "refuted", "equal when L = 1"),
    (log(Sum(xp[j], (j, 1, L))), Relation.GE, Sum(log(xp[j]), (j, 1, L)) / L + log(L),
     (xp[j] > 0,), "verified", "AM-GM; x_j > 0 holds for every entry"),
    (log(Sum(xp[j], (j, 1, L))), Relation.LE, Sum(log(xp[j]), (j, 1, L)) / L + log(L),
     (xp[j] > 0,), "refuted", "AM-GM reversed"),
])
def test_judge_complex_and_indexed_claims(lhs, relation, rhs, assumptions, expected, why):
    finding = judge_claim(lhs, relation, rhs, assumptions)
    assert finding.verdict == expected, (why, finding.detail)


def test_free_index_range_is_said_in_the_evidence():
    finding = judge_claim(xp[j], Relation.LE, MaxOver(xp[j], (j, 1, L)))
    assert "j >= 1" in finding.detail and "j <= L" in finding.detail


def test_indexed_sign_fact_shapes_the_draws():
    finding = judge_claim(log(Sum(xp[j], (j, 1, L))), Relation.LE, Sum(log(xp[j]), (j, 1, L)) / L
                          + log(L), (xp[j] > 0,))
    values = [Fraction(v) for name, v in finding.counterexample if name.startswith("x[")]
    assert values and all(v > 0 for v in values)


@pytest.mark.parametrize("limit, value, expected, why", [
    (sympy.Limit((1 + 1 / x) ** x, x, sympy.oo), E, "verified", "the classic limit e"),
    (sympy.Limit((1 + 1 / x) ** x, x, sympy.oo), Integer(1), "undecided",
     "1 + 1/x rounds to 1 only at too low a precision"),
    (sympy.Limit(exp(x), x, sympy.oo), sympy.oo, "verified", "grows without bound"),
    (sympy.Limit(Abs(x) / x, x, 0, "-"), Integer(-1), "verified", "one-sided from the left"),
    (sympy.Limit(Abs(x) / x, x, 0, "+-"), Integer(1), "undecided", "the one-sided limits differ"),
])
def test_limits_by_sequences(limit, value, expected, why):
    finding = judge_claim(limit, Relation.EQ, value)
    assert finding.verdict == expected, (why, finding.detail)


def test_premise_on_a_surface_is_undecided_quickly():
    c = Symbol("c", positive=True)
    start = time.perf_counter()
    finding = judge_claim(sympy.Eq(x / c - y / c, 2 * pi * k), Relation.IMPLIES,
                          sympy.Eq(x - y, 2 * pi * c * k))
    assert finding.verdict == "undecided"
    assert time.perf_counter() - start < 2


def test_integer_functions():
    d = Symbol("d", integer=True, positive=True)
    assert evaluate(sympy.Mod(x, 2), {x: "7.5"}) == 1.5
    assert evaluate(sympy.floor(x), {x: "-1.5"}) == -2
    assert judge_claim(sympy.Mod(d ** 2, 2), Relation.EQ, sympy.Mod(d, 2)).verdict == "verified"
    assert judge_claim(sympy.Mod(d ** 2, 4), Relation.EQ, sympy.Mod(d, 4)).verdict == "refuted"


def test_ne_with_a_sign_change_is_refuted_at_the_exact_root():
    # x^3 - 5 changes sign; its zero 5^(1/3) is found exactly and judged there
    finding = judge_claim(x ** 3, Relation.NE, Integer(5))
    assert finding.verdict == "refuted", finding.detail
    assert dict(finding.counterexample)["x"] == "5**(1/3)"


def test_too_few_points_are_not_verified():
    k0, k1, delta = Symbol("k0", integer=True), Symbol("k1", integer=True), Symbol("delta", real=True)
    premise = sympy.And(sympy.Eq(delta, 2 * pi * k0), sympy.Eq(delta, 2 * sqrt(3) * pi * k1))
    finding = judge_claim(premise, Relation.IMPLIES, sympy.Eq(k0, sqrt(3) * k1))
    assert finding.verdict == "undecided", finding.detail


def test_cancellation_escalates_the_precision():
    true = judge_claim(SQUARE_MINUS_ONE, Relation.EQ, 2 * TINY + TINY ** 2)
    assert true.verdict == "verified", true.detail
    # off by 1e-80: at 50 digits the difference is noise, so 200 digits decide it
    false = judge_claim(SQUARE_MINUS_ONE, Relation.EQ, 2 * TINY)
    assert false.verdict == "refuted" and "certified" in false.detail


@pytest.mark.parametrize("lhs, rhs, expected, why", [
    (sin(10**30 * pi), Integer(0), "verified", "the argument's size sets the noise, not the result's"),
    (sin(10**30 * pi) + Rational(1, 10**40), Integer(0), "refuted", "off by 1e-40"),
    ((1 + x) ** 2 - 1, 2 * x + x ** 2, "verified", "cancels at the edge point x = 1e-30"),
    ((1 + x) ** 2 - 1, 2 * x + x ** 2 + Rational(1, 10**80), "refuted", "off by 1e-80 everywhere"),
])
def test_cancellation_table(lhs, rhs, expected, why):
    finding = judge_claim(lhs, Relation.EQ, rhs)
    assert finding.verdict == expected, (why, finding.detail)


def test_parity_and_unsampled_assumptions():
    even = Symbol("n", even=True)
    odd = Symbol("m", odd=True, positive=True)
    points = sample_points([even, odd], [], seed=0, count=30)
    assert all(pt[even] % 2 == 0 and pt[odd] % 2 == 1 and pt[odd] > 0 for pt in points)
    assert judge_claim(sympy.cos(pi * odd), Relation.EQ, Integer(-1)).verdict == "verified"
    assert judge_claim(sympy.cos(pi * even), Relation.EQ, Integer(-1)).verdict == "refuted"
    prime = Symbol("q", prime=True)
    finding = judge_claim(prime, Relation.GE, Integer(3))
    assert finding.verdict == "undecided" and "prime" in finding.detail
