"""False claims that agree at every exact rational point: poles at irrational points, and
boundaries far past 10^-30; plus the Python API's reading of symbols without a domain.

Each truth is worked out by hand in the test's comment.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from sympy import cos, log, sec, sin, tan

from symbolic.errors import DerivationError
from symbolic.model import Relation, Verdict
from symbolic.numeric import judge_claim
from symbolic.numeric.text import fraction_text

x = sympy.Symbol("x", real=True)
p = sympy.Symbol("p", positive=True)


def test_tan_cos_is_refuted_at_the_pole_of_tan():
    # at x = pi/2: tan is undefined, sin(pi/2) = 1; rational points never hit pi/2
    f = judge_claim(tan(x) * cos(x), Relation.EQ, sin(x))
    assert f.verdict == "refuted", f.detail
    cex = dict(f.counterexample)
    assert cex["x"] in ("pi/2", "-pi/2") and "undefined" in f.detail
    assert cex["rhs"].lstrip("-").startswith("1.0")


def test_sec_cos_order_claim_refuted_at_the_pole():
    # sec(x) cos(x) <= 1: at x = pi/2 the left side is undefined, the right side is 1
    f = judge_claim(sec(x) * cos(x), Relation.LE, sympy.Integer(1))
    assert f.verdict == "refuted", f.detail


def test_no_pole_inside_the_domain_keeps_the_identity_verified():
    # on 0 < x < 1 the cosine has no zero (pi/2 > 1): tan x cos x = sin x holds there
    f = judge_claim(tan(x) * cos(x), Relation.EQ, sin(x), [x > 0, x < 1])
    assert f.verdict == "verified", f.detail


def test_both_sides_undefined_at_the_pole_is_no_counterexample():
    # tan x = sin x / cos x: both sides undefined at pi/2, equal elsewhere
    f = judge_claim(tan(x), Relation.EQ, sin(x) / cos(x))
    assert f.verdict == "verified", f.detail


def test_log_bound_fails_far_below_1e_30():
    # ln p > -100 fails for p < e^-100 ~ 3.7e-44; ln(1e-100) = -230.26
    f = judge_claim(log(p), Relation.GT, sympy.Integer(-100))
    assert f.verdict == "refuted", f.detail
    assert dict(f.counterexample)["p"] in ("1e-100", "1e-200", "1e-300")


def test_log_bound_that_holds_past_the_extreme_points_stays_verified():
    # ln p > -1000 holds at every sampled point (ln 1e-300 = -690.8): verified, not refuted
    f = judge_claim(log(p), Relation.GT, sympy.Integer(-1000))
    assert f.verdict == "verified", f.detail


def test_true_claims_stay_verified_at_extreme_magnitudes():
    # x + 1 > x at 1e300 needs 300 digits; e^p >= 1 + p + p^2/2 + p^3/6 at p = 1e-300
    # differs by p^4/24 ~ 4e-1202, past the 1000-digit cap: left out, said so
    assert judge_claim(x + 1, Relation.GT, x).verdict == "verified"
    f = judge_claim(sympy.exp(p), Relation.GE, 1 + p + p**2 / 2 + p**3 / 6)
    assert f.verdict == "verified", f.detail


def test_extreme_rationals_are_written_as_powers_of_ten():
    assert fraction_text(Fraction(1, 10**100)) == "1e-100"
    assert fraction_text(Fraction(10**300)) == "1e300"
    assert fraction_text(Fraction(1, 3)) == "1/3"


def test_api_refuses_an_order_claim_over_a_symbol_that_may_be_complex():
    # z < z + 1 means nothing for complex z: check() says so (inconclusive), step() refuses
    from symbolic.api import check, step
    z = sympy.Symbol("z")
    outcome = check(sympy.Lt(z, z + 1, evaluate=False))
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "may be complex" in outcome.evidence[0].detail
    with pytest.raises(DerivationError, match="may be complex"):
        step("s", sympy.Lt(z, z + 1, evaluate=False))
    assert check(sympy.Lt(z, z + 1, evaluate=False), assume=["z > 0"]).verdict is Verdict.PROVED


def test_api_checks_a_plain_symbol_over_the_complex_plane():
    # |z|^2 = z^2 fails at z = i: 1 versus -1 (it holds for every real z)
    from symbolic.api import check
    z = sympy.Symbol("z")
    outcome = check(sympy.Eq(sympy.Abs(z) ** 2, z ** 2, evaluate=False))
    assert outcome.verdict is Verdict.REFUTED
    assert "I" in dict(outcome.counterexample)["z"]
    real = check(sympy.Eq(sympy.Abs(x) ** 2, x ** 2, evaluate=False))
    assert real.verdict is Verdict.PROVED


def test_a_size_used_as_an_index_keeps_n_equal_to_0():
    # sum_{i=1}^{n} x_i = x_n + sum_{i=1}^{n-1} x_i fails at n = 0: 0 (empty) versus x_0
    xs = sympy.IndexedBase("x", real=True)
    i = sympy.Symbol("i", integer=True)
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    f = judge_claim(sympy.Sum(xs[i], (i, 1, n)), Relation.EQ,
                    xs[n] + sympy.Sum(xs[i], (i, 1, n - 1)))
    assert f.verdict == "refuted", f.detail
    assert dict(f.counterexample)["n"] == "0"


def test_an_assumption_on_one_entry_is_not_a_sign_of_every_entry():
    # max_{i<=j} x_i <= sum_{i<=j} x_i with only x_j >= 0: j = 2, x = (-10, 1): 1 <= -9 false;
    # reading x_j >= 0 as every entry would verify it
    xs = sympy.IndexedBase("x", real=True)
    i = sympy.Symbol("i", integer=True)
    j = sympy.Symbol("j", integer=True, positive=True)
    from symbolic.functions import MaxOver
    f = judge_claim(MaxOver(xs[i], (i, 1, j)), Relation.LE, sympy.Sum(xs[i], (i, 1, j)),
                    [xs[j] >= 0])
    assert f.verdict != "verified", f.detail
