"""What ``verified`` must mean: the false claims of issue 12 are never verified.

Each expectation was worked out by hand (the comment says how); claims are SymPy objects
built directly, so that the reader's conventions do not enter.
"""
from __future__ import annotations

import sympy
from sympy import (E, IndexedBase, Integer, Rational, Sum, Symbol, exp, log, pi, sin, cos,
                   sqrt, Abs)

from symbolic.functions import MaxOver
from symbolic.model import Relation
from symbolic.numeric import judge_claim

x = Symbol("x", real=True)
y = Symbol("y", real=True)
a = Symbol("a", real=True)
b = Symbol("b", real=True)
z = Symbol("z")  # no assumption: a complex number
j = Symbol("j", integer=True)
n = Symbol("n", integer=True, positive=True)
n0 = Symbol("n", integer=True, nonnegative=True)
xs = IndexedBase("x", real=True)


def unevaluated(*args, op=sympy.Add):
    return op(*args, evaluate=False)


def verdict(lhs, rel, rhs, assumptions=(), **kw):
    return judge_claim(lhs, rel, rhs, assumptions, **kw)


# --- precision traps and huge arguments: balls, not tolerances ----------------------------

def test_ratio_of_huge_exponentials_is_not_one():
    # e^1000/(e^1000+e^960) = 1/(1+e^-40), which is 1 - 4.2e-18 to first order
    lhs = sympy.Mul(exp(1000, evaluate=False),
                    sympy.Pow(unevaluated(exp(1000, evaluate=False), exp(960, evaluate=False)),
                              -1, evaluate=False), evaluate=False)
    f = verdict(lhs, Relation.EQ, Integer(1))
    assert f.verdict == "refuted", f.detail


def test_log_of_huge_plus_one_is_not_the_exponent():
    # ln(e^300 + 1) = 300 + ln(1 + e^-300) = 300 + 5e-131
    lhs = log(unevaluated(exp(300, evaluate=False), 1), evaluate=False)
    f = verdict(lhs, Relation.EQ, Integer(300))
    assert f.verdict == "refuted", f.detail


def test_one_plus_tiny_is_not_one():
    lhs = unevaluated(Integer(1), sympy.Pow(10, -95, evaluate=False))
    f = verdict(lhs, Relation.EQ, Integer(1))
    assert f.verdict == "refuted", f.detail


def test_tiny_at_three_hundred_digits_is_seen():
    lhs = unevaluated(x, sympy.Pow(10, -300, evaluate=False))
    f = verdict(lhs, Relation.EQ, x)
    assert f.verdict == "refuted", f.detail


def test_sine_of_a_huge_argument_is_not_seven():
    # |sin| <= 1 < 7 whatever the argument
    f = verdict(sin(sympy.Pow(10, 100, evaluate=False), evaluate=False), Relation.EQ, Integer(7))
    assert f.verdict == "refuted", f.detail


def test_a_constant_claim_says_how_many_digits_agree():
    f = verdict(sin(pi / 7) ** 2 + cos(pi / 7) ** 2, Relation.EQ, Integer(1))
    assert f.verdict == "verified", f.detail
    assert "digits" in f.detail and "1 point" not in f.detail, f.detail


def test_ramanujan_constant_is_refuted():
    f = verdict(exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744))
    assert f.verdict == "refuted", f.detail


# --- the whole real domain ---------------------------------------------------------------

def test_log_of_square_is_not_twice_log_over_the_reals():
    # x = -1: ln(1) = 0 while 2 ln(-1) is not real
    f = verdict(log(x ** 2), Relation.EQ, 2 * log(x))
    assert f.verdict == "refuted", f.detail
    assert "undefined" in f.detail or "not real" in f.detail, f.detail


def test_log_of_product_is_not_sum_of_logs_over_the_reals():
    f = verdict(log(x * y), Relation.EQ, log(x) + log(y))
    assert f.verdict == "refuted", f.detail


def test_readme_log_claim_without_assumptions_is_refuted():
    f = verdict(log(a ** 2 * b), Relation.EQ, 2 * log(a) + log(b))
    assert f.verdict == "refuted", f.detail


def test_log_of_product_holds_for_positive_reals():
    p, q = Symbol("p", positive=True), Symbol("q", positive=True)
    f = verdict(log(p * q, evaluate=False), Relation.EQ, log(p) + log(q))
    assert f.verdict == "verified", f.detail


def test_abs_squared_is_not_the_square_for_a_complex_symbol():
    # z = i: |z|^2 = 1, z^2 = -1
    f = verdict(Abs(z) ** 2, Relation.EQ, z ** 2)
    assert f.verdict != "verified", f.detail


def test_abs_squared_is_the_square_for_a_real_symbol():
    f = verdict(Abs(x) ** 2, Relation.EQ, x ** 2)
    assert f.verdict == "verified", f.detail
    assert "real" in f.detail, f.detail


# --- every size ---------------------------------------------------------------------------

def test_lse_bound_false_from_twenty_one_terms():
    # all x_j equal: ln(n e^c) = c + ln n > c + 3 once n >= 21 (e^3 = 20.09)
    lhs = log(Sum(exp(xs[j]), (j, 1, n)))
    rhs = MaxOver(xs[j], (j, 1, n)) + 3
    f = verdict(lhs, Relation.LE, rhs)
    assert f.verdict == "refuted", f.detail


def test_lse_bound_with_log_n_is_verified_on_large_sizes():
    lhs = log(Sum(exp(xs[j]), (j, 1, n)))
    rhs = MaxOver(xs[j], (j, 1, n)) + log(n)
    f = verdict(lhs, Relation.LE, rhs)
    assert f.verdict == "verified", f.detail
    assert "1000" in f.detail, f.detail


def test_an_empty_sum_is_zero_at_size_zero():
    # n = 0: the empty sum is 0, and 0 <= -1 is false
    f = verdict(Sum(Integer(-1), (j, 1, n0)), Relation.LE, Integer(-1))
    assert f.verdict == "refuted", f.detail
    assert "n=0" in f.detail, f.detail


# --- isolated counterexamples ---------------------------------------------------------------

def test_sine_below_one_is_refuted_at_an_exact_point():
    f = verdict(sin(x), Relation.LT, Integer(1))
    assert f.verdict == "refuted", f.detail
    assert "pi" in f.detail, f.detail


# --- definedness ----------------------------------------------------------------------------

def test_conclusion_undefined_where_the_premise_holds():
    premise = sympy.Eq(x, 0)
    conclusion = sympy.Eq(sympy.Mul(x, sympy.Pow(x, -1, evaluate=False), evaluate=False), 1,
                          evaluate=False)
    f = verdict(premise, Relation.IMPLIES, conclusion)
    assert f.verdict == "refuted", f.detail


def test_division_by_zero_on_one_side_refutes_an_identity():
    # x = 1: the left side is 0/0
    lhs = sympy.Mul(x ** 2 - 1, sympy.Pow(x - 1, -1, evaluate=False), evaluate=False)
    f = verdict(lhs, Relation.EQ, x + 1)
    assert f.verdict == "refuted", f.detail
    assert "x=1" in f.detail, f.detail


def test_identity_with_excluded_point_stated_is_verified():
    lhs = sympy.Mul(x ** 2 - 1, sympy.Pow(x - 1, -1, evaluate=False), evaluate=False)
    f = verdict(lhs, Relation.EQ, x + 1, [sympy.Ne(x, 1)])
    assert f.verdict == "verified", f.detail


# --- found in the adversarial corpus ----------------------------------------------------------

def test_a_limit_is_not_verified_against_a_rounded_constant():
    # (1 + 1/x)^x -> e = 2.718281828459045235..., not the 16-digit decimal
    t = Symbol("t", real=True)
    f = verdict(sympy.Limit((1 + 1 / t) ** t, t, sympy.oo), Relation.EQ,
                sympy.Float("2.718281828459045", 30))
    assert f.verdict != "verified", f.detail


def test_a_limit_that_sympy_computes_is_verified():
    t = Symbol("t", real=True)
    f = verdict(sympy.Limit(sin(t) / t, t, 0), Relation.EQ, Integer(1))
    assert f.verdict == "verified" and "SymPy's limit algorithm" in f.detail, f.detail


def test_a_square_touching_zero_at_pi_is_refuted():
    f = verdict((x - pi) ** 2, Relation.GT, Integer(0))
    assert f.verdict == "refuted" and "x=pi" in f.detail, f.detail


def test_two_coordinates_identified_together():
    # x = y = pi/2: sin x sin y = 1
    f = verdict(sin(x) * sin(y), Relation.LT, Integer(1))
    assert f.verdict == "refuted", f.detail


def test_mixed_simple_values_break_the_power_rule():
    # x = -1, a = 2, b = 1/2: ((-1)^2)^(1/2) = 1 but (-1)^1 = -1 (or a side is not real)
    f = verdict((x ** a) ** b, Relation.EQ, x ** (a * b))
    assert f.verdict == "refuted", f.detail


def test_a_boundary_is_approached_relative_to_itself():
    # x > -1e-30 allows x = -1e-30 + 1e-60 < 0, where sqrt(x^2) = -x != x
    f = verdict(sqrt(x ** 2), Relation.EQ, x, [x > -Rational(1, 10**30)])
    assert f.verdict == "refuted", f.detail


def test_lse_bound_false_only_past_twenty_thousand_terms():
    # all x_j equal: ln n > 10 from n = 22027, past the plan's sizes: closed form there
    lhs = log(Sum(exp(xs[j]), (j, 1, n)))
    f = verdict(lhs, Relation.LE, MaxOver(xs[j], (j, 1, n)) + 10, time_budget=60)
    assert f.verdict == "refuted", f.detail


def test_points_are_built_on_an_equation_with_rational_roots():
    # x^2 = 4 holds at x = -2, where x = 2 fails
    f = verdict(sympy.Eq(x ** 2, 4), Relation.IMPLIES, sympy.Eq(x, 2))
    assert f.verdict == "refuted" and "x=-2" in f.detail, f.detail


def test_factorials_and_zeta_are_evaluated_with_balls():
    k = Symbol("k", integer=True)
    f = verdict(Sum(1 / sympy.factorial(k), (k, 0, 40)), Relation.EQ, E)  # misses 1/41! + ...
    assert f.verdict == "refuted", f.detail
    f = verdict(sympy.factorial(n), Relation.LE, Integer(10) ** 20)  # 22! > 10^20
    assert f.verdict == "refuted", f.detail
    assert verdict(sympy.zeta(2), Relation.EQ, pi ** 2 / 6).verdict == "verified"


# --- sides beyond the precision cap: agreement is absolute, never relative to their size --------

def test_a_difference_of_one_between_sides_of_ten_to_the_43429_is_not_agreement():
    # e^x + 1 - e^x = 1 at every x; at x > 10^5 the sides exceed 10^43429, so at the cap of
    # 1000 digits the balls cannot show the 1, and relative to the sides they "agree" to
    # 1000 digits: those points are left out, and no point is left to verify
    big = Symbol("x", positive=True)
    finding = verdict(exp(big) + 1, Relation.EQ, exp(big), [big > 100000])
    assert finding.verdict == "undecided"
    assert "too large for the balls to pin their difference" in finding.detail


def test_an_order_between_sides_beyond_the_cap_is_not_verified():
    big = Symbol("x", positive=True)
    finding = verdict(exp(big) + 1, Relation.LE, exp(big), [big > 100000])
    assert finding.verdict == "undecided"


def test_sides_whose_balls_are_unbounded_leave_the_point_out_without_a_crash():
    # e^(e^x) at x = 10^30: the ball's radius overflows a float; the agreement in digits must not
    big = Symbol("x", positive=True)
    finding = verdict(exp(exp(big)) + 1, Relation.EQ, exp(exp(big)), [big > 10])
    assert finding.verdict != "verified"


def test_a_true_identity_beyond_the_cap_says_which_points_it_left_out():
    # cosh^2 - sinh^2 = 1 over C: at |z| = 10^30 no digit of either side is known; those points
    # are left out and said so, the agreement stated is that of the points that were judged
    finding = verdict(sympy.cosh(z) ** 2 - sympy.sinh(z) ** 2, Relation.EQ, Integer(1))
    assert finding.verdict == "verified"
    assert "left out where the sides are too large" in finding.detail
    assert "at least 0 digits" not in finding.detail


# --- derivatives: SymPy's closed form is not the derivative --------------------------------------

def test_a_derivative_of_a_sum_is_not_refuted_where_its_closed_form_is_undefined():
    # d/dx sum_{j=1}^n x^j = sum_j j x^(j-1) (true: a polynomial). SymPy's closed form of the
    # left side is sum_j j x^j / x, undefined at x = 0, which refuted the claim there; and
    # evaluated before differentiating, the sum's Piecewise (n at x = 1) differentiated to 0
    jj = Symbol("j", integer=True)
    lhs = sympy.Derivative(Sum(x ** jj, (jj, 1, n)), x)
    rhs = Sum(jj * x ** (jj - 1), (jj, 1, n))
    assert verdict(lhs, Relation.EQ, rhs).verdict != "refuted"
    wrong = Sum(x ** (jj - 1), (jj, 1, n))              # fails at n = 2, x = 1: 3 against 2
    assert verdict(lhs, Relation.EQ, wrong).verdict == "refuted"


def test_a_derivative_where_its_function_is_undefined_is_undefined():
    # d/dx ln x has the closed form 1/x, defined at x = -1; ln x is not, so neither is its
    # derivative: as a real identity d/dx ln x = 1/x fails at x = -1
    finding = verdict(sympy.Derivative(log(x), x), Relation.EQ, 1 / x)
    assert finding.verdict == "refuted" and "log" in finding.detail
    xp = Symbol("x", positive=True)
    assert verdict(sympy.Derivative(log(xp), xp), Relation.EQ, 1 / xp).verdict == "verified"
