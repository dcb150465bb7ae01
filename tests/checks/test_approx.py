"""The approx_measure checker: errors over a stated regime, refuted only with a certificate."""
from __future__ import annotations

from fractions import Fraction

import pytest
from sympy import E, IndexedBase, Integer, Rational, Sum, Symbol, exp, log

from symbolic.checks import CheckContext, check_step, registered_checkers
from symbolic.checks.approx import _grid, approx_measure
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Regime, Relation, Step, Verdict

x = Symbol("x", real=True)
n = Symbol("n", integer=True, positive=True)
j = Symbol("j", integer=True)
s = IndexedBase("s", real=True)
CONFIG = CheckConfig(timeout_s=20)
MEAN_EXP = Sum(exp(s[j]), (j, 1, n)) / n  # E[e^s] = e^{1/2} for s ~ N(0, 1)


def step(lhs, relation, rhs, regime=None):
    return Step("A-1", Kind.APPROXIMATION, "quote", claim=Claim(lhs, relation, rhs, regime))


def measure(lhs, relation, rhs, regime=None, config=CONFIG):
    return approx_measure(step(lhs, relation, rhs, regime), config=config, context=CheckContext())


def test_registered_for_approximate_relations_only():
    (entry,) = [c for c in registered_checkers() if c.name == "approx_measure"]
    assert entry.cost == 25
    for relation in (Relation.APPROX, Relation.GG, Relation.LL):
        assert entry.applies(step(x, relation, x))
    for relation in (Relation.EQ, Relation.LE, Relation.PROPTO):
        assert not entry.applies(step(x, relation, x))


CASES = [
    # (lhs, relation, rhs, regime, expected, reason)
    (E, Relation.GG, Integer(1), None, Verdict.REFUTED, "the ratio is 2.718, not >= 100"),
    (Integer(1000), Relation.GG, Integer(1), None, Verdict.APPROXIMATE, "ratio 1000"),
    (Integer(1), Relation.LL, Integer(1000), None, Verdict.APPROXIMATE, "ratio 1000"),
    (Integer(1), Relation.LL, Integer(50), None, Verdict.REFUTED, "ratio 50 < 100"),
    (log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, Rational(1, 100)),)),
     Verdict.APPROXIMATE, "relative error at most 0.5% on [0, 0.01]"),
    (log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, 2),)), Verdict.REFUTED,
     "relative error 82% at x = 2"),
    (log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, 2),), tolerance=1.0),
     Verdict.APPROXIMATE, "a loose stated tolerance"),
    (log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, Rational(1, 10)),), tolerance=0.001,
                                             absolute=True), Verdict.REFUTED,
     "absolute error 4.7e-3 at x = 0.1"),
    (MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)),
     Regime(ranges=((n, 1000, 4096),), distributions=((s, "normal", 0, 1),), tolerance=0.2,
            samples=6), Verdict.APPROXIMATE, "a sample mean of 1000+ draws"),
    (MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)),
     Regime(ranges=((n, 1, 2),), distributions=((s, "normal", 0, 1),), samples=8),
     Verdict.REFUTED, "one or two draws are far from the mean"),
    (log(1 + x), Relation.APPROX, x, None, Verdict.INCONCLUSIVE, "no regime stated"),
    (MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)), Regime(ranges=((n, 1000, 4096),)),
     Verdict.INCONCLUSIVE, "nothing says how s is drawn"),
]


@pytest.mark.parametrize("lhs, relation, rhs, regime, expected, why", CASES,
                         ids=[f"{c[0]} {c[1].value} {c[2]} {c[4].value}"[:60] for c in CASES])
def test_measure(lhs, relation, rhs, regime, expected, why):
    outcome = measure(lhs, relation, rhs, regime)
    assert outcome.verdict is expected, (why, outcome.evidence)
    if expected is Verdict.REFUTED:
        assert "certified" in outcome.evidence[0].detail
        assert [name for name, _ in outcome.counterexample][-2:] == ["lhs", "rhs"]


def test_evidence_reports_errors_and_the_bounding_side():
    outcome = measure(log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, Rational(1, 100)),)))
    detail = outcome.evidence[0].detail
    assert "largest relative error 4.99e-03 at x=0.01" in detail
    assert "median" in detail and "largest absolute error" in detail
    assert "lhs <= rhs at every measured point" in detail


def test_refutation_is_at_the_simplest_failing_point_and_names_the_worst():
    outcome = measure(log(1 + x), Relation.APPROX, x, Regime(ranges=((x, 0, 2),)))
    assert dict(outcome.counterexample)["x"] == "1"  # shrunk from the worst point, x = 2
    assert "largest relative error 8.20e-01 at x=2" in outcome.evidence[0].detail


def test_e_gg_1_through_the_pipeline():
    outcome = check_step(step(E, Relation.GG, Integer(1)), config=CONFIG)
    assert outcome.verdict is Verdict.REFUTED
    assert outcome.counterexample[0][0] == "lhs"


def test_distribution_regime_is_deterministic():
    regime = Regime(ranges=((n, 1000, 4096),), distributions=((s, "normal", 0, 1),),
                    tolerance=0.2, samples=4)
    first = measure(MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)), regime)
    assert first == measure(MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)), regime)
    assert r"$s_{k} \sim$ normal" in first.evidence[0].detail


def test_unknown_distribution_is_inconclusive():
    regime = Regime(ranges=((n, 4, 8),), distributions=((s, "cauchy", 0, 1),))
    outcome = measure(MEAN_EXP, Relation.APPROX, exp(Rational(1, 2)), regime)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "cauchy" in outcome.evidence[0].detail


def test_integer_range_is_a_log_grid_with_both_ends():
    grid = _grid(n, 4, 4096, 12)
    assert grid[0] == 4 and grid[-1] == 4096
    assert all(v.denominator == 1 for v in grid)
    assert 6 <= len(grid) <= 12
    assert grid[1] < 16, "log spacing puts points near the small end"


def test_real_range_grid_holds_both_ends_exactly():
    grid = _grid(x, 0, Rational(1, 100), 5)
    assert grid[0] == 0 and grid[-1] == Fraction(1, 100) and len(grid) == 5


def test_two_ranges_measure_the_corners_and_stated_points():
    y = Symbol("y", positive=True)
    regime = Regime(ranges=((x, 0, Rational(1, 10)), (y, 1, 100)),
                    points=(((x, Rational(1, 20)), (y, 3)),))
    outcome = measure(exp(x) * y, Relation.APPROX, (1 + x) * y, regime)
    assert outcome.verdict is Verdict.APPROXIMATE
    detail = outcome.evidence[0].detail
    assert "over 61 point(s)" in detail and "1 stated point(s)" in detail
    assert "lhs >= rhs at every measured point" in detail


def test_ll_needs_the_ratio_too():
    outcome = measure(x, Relation.LL, exp(x), Regime(ranges=((x, 1, 2),)))
    assert outcome.verdict is Verdict.REFUTED
    assert dict(outcome.counterexample)["x"] == "1"
