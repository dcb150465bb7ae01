"""The generic experiment rule: verdicts follow from seeded measurements and the criterion."""

import mpmath
import pytest
import sympy

from symbolic.checks import CheckContext, check_step
from symbolic.checks.experiment import Measurement, Point, run_experiment
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Regime, Relation, Rule, Step, Verdict

x, y = sympy.symbols("x y", real=True)
F = sympy.Function("F")


def _mean_of_uniforms(seed, n=4000):
    """A seeded statistic with a known answer: |mean of n uniforms on [0,1] - 1/2| (about 0)."""
    import numpy as np
    draws = np.random.default_rng(seed).random(n)
    value = abs(float(draws.mean()) - 0.5)
    stderr = float(draws.std(ddof=1)) / n ** 0.5

    def certify(dps):
        ctx = mpmath.ctx_iv.MPIntervalContext()
        ctx.dps = dps
        total = ctx.mpf(0)
        for d in draws:
            total += ctx.mpf(float(d))
        low = abs(total / n - ctx.mpf(1) / 2).a
        return mpmath.mpf(low)
    return value, stderr, certify


def measure_inside(seed):
    value, stderr, certify = _mean_of_uniforms(seed)
    return Measurement(("n", "error"), (("4000", f"{value:.4f}"),),
                       (Point((("n", "4000"),), value, stderr, certify),), "uniform mean.", "error")


def measure_biased(seed):
    """The same statistic against a wrong centre (0.6): certainly outside 0.05."""
    value, stderr, _ = _mean_of_uniforms(seed)
    import numpy as np
    draws = np.random.default_rng(seed).random(4000)
    biased = abs(float(draws.mean()) - 0.6)

    def certify(dps):
        ctx = mpmath.ctx_iv.MPIntervalContext()
        ctx.dps = dps
        total = sum((ctx.mpf(float(d)) for d in draws), ctx.mpf(0))
        return mpmath.mpf(abs(total / 4000 - ctx.mpf(3) / 5).a)
    return Measurement(("n", "error"), (("4000", f"{biased:.4f}"),),
                       (Point((("n", "4000"),), biased, stderr, certify),), "biased mean.", "error")


def measure_uncertified(seed):
    return Measurement(("n",), (("1",),), (Point((("n", "1"),), 1.0, 0.0, None),), "no cert.")


def measure_lying_certificate(seed):
    """Measured outside, but the certificate puts the statistic below the tolerance."""
    return Measurement(("n",), (("1",),), (Point((("n", "1"),), 1.0, 0.0, lambda dps: 0.01),), "x.")


def measure_noisy(seed):
    return Measurement(("n",), (("1",),), (Point((("n", "1"),), 0.05, 0.01, None),), "noisy.")


def measure_empty(seed):
    return Measurement(("n",), (), (), "nothing.")


def _step(measure, relation=Relation.APPROX, **params):
    claim = Claim(F(x), relation, F(y), regime=Regime(tolerance=0.05, description="test"))
    kind = Kind.APPROXIMATION if relation.is_approximate else Kind.INEQUALITY
    return Step("EXP-1", kind, "q", claim,
                rule=Rule("experiment", params=(("measure", measure),) + tuple(params.items())))


@pytest.mark.parametrize("measure, relation, expected", [
    (measure_inside, Relation.APPROX, Verdict.APPROXIMATE),   # |mean - 1/2| ~ 0.005 < 0.05, 3 se inside
    (measure_inside, Relation.LE, Verdict.VERIFIED),          # an exact relation only measured: verified
    (measure_biased, Relation.APPROX, Verdict.REFUTED),       # ~0.1 > 0.05 by many se, interval-certified
    (measure_uncertified, Relation.APPROX, Verdict.INCONCLUSIVE),  # outside but nothing certifies it
    (measure_lying_certificate, Relation.APPROX, Verdict.INCONCLUSIVE),  # certificate disagrees: undecided
    (measure_noisy, Relation.APPROX, Verdict.INCONCLUSIVE),   # within the noise band of the tolerance
    (measure_empty, Relation.APPROX, Verdict.INCONCLUSIVE),   # no points: nothing measured
])
def test_rule_verdicts(measure, relation, expected):
    outcome = check_step(_step(measure, relation), config=CheckConfig(timeout_s=20),
                         context=CheckContext())
    assert outcome.verdict is expected, outcome.evidence


def test_refutation_names_the_point_and_seed():
    outcome = run_experiment(measure_biased, seed=3, tolerance=0.05, z=3.0, approximate=True, dps=30)
    assert outcome.verdict is Verdict.REFUTED
    found = dict(outcome.counterexample)
    assert found["n"] == "4000" and found["seed"] == "3" and found["tolerance"] == "0.05"
    assert outcome.table[0] == ("n", "error")


def test_results_are_repeatable_for_a_seed():
    a = run_experiment(measure_inside, seed=7, tolerance=0.05, z=3.0, approximate=True, dps=30)
    b = run_experiment(measure_inside, seed=7, tolerance=0.05, z=3.0, approximate=True, dps=30)
    assert a.evidence == b.evidence and a.table == b.table


def test_tolerance_param_overrides_the_regime():
    # the biased statistic (~0.1) is inside a tolerance of 0.5
    outcome = check_step(_step(measure_biased, tolerance=0.5), config=CheckConfig(timeout_s=20))
    assert outcome.verdict is Verdict.APPROXIMATE


def test_missing_measure_is_inconclusive_not_false():
    step = Step("EXP-2", Kind.APPROXIMATION, "q", Claim(F(x), Relation.APPROX, F(y)),
                rule=Rule("experiment"))
    outcome = check_step(step, config=CheckConfig(timeout_s=5))
    assert outcome.verdict is Verdict.INCONCLUSIVE


def measure_fixed_and_sampled(seed):
    """A fixed-data point (exactly 1/2, no draw) beside the biased sampled one."""
    fixed = Point((("x", "1/2"),), 0.5, 0.0, lambda dps: mpmath.mpf(1) / 2, cost=0, sampled=False)
    return Measurement(("n", "error"), (), (fixed,) + measure_biased(seed).points, "mixed.", "error")


def test_a_fixed_data_counterexample_names_no_seed():
    # the cheapest outside point is the fixed one: its certificate is a plain counterexample,
    # so the evidence must not call it a seeded Monte-Carlo sample
    outcome = run_experiment(measure_fixed_and_sampled, seed=3, tolerance=0.05, z=3.0,
                             approximate=True, dps=30)
    assert outcome.verdict is Verdict.REFUTED
    found = dict(outcome.counterexample)
    assert found["x"] == "1/2" and "seed" not in found
    detail = outcome.evidence[1].detail
    assert "fixed data (no sampling)" in detail and "Monte-Carlo" not in detail
