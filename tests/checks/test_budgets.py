"""Budgets counted in work, with the clock only as a safety net.

The numeric tier and the measurement of approximations stop by counting (points, sizes,
margin-search steps); their wall-clock limit is a safety net. Running into it must give a
``timeout`` (which a report re-runs alone), never a partial verdict whose content would
depend on the machine's speed; and far from it, the finding must not depend on the limit.
"""
from __future__ import annotations

import sympy
from sympy import IndexedBase, Integer, Rational, Sum, Symbol, sin

import symbolic.checks.approx as approx_module
import symbolic.checks.numeric as numeric_module
from symbolic import numeric
from symbolic.budget import SoftTimeout
from symbolic.checks import CheckContext, check_step
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver
from symbolic.model import Claim, Derivation, Kind, Regime, Relation, Step, Verdict

x = Symbol("x", real=True)
n = Symbol("n", integer=True, positive=True)
j = Symbol("j", integer=True)
xs = IndexedBase("x", real=True)
CONFIG = CheckConfig(timeout_s=20)

CLAIMS = [
    (sin(x), Relation.LE, Rational(99, 100), ()),                         # refuted
    (sin(x) ** 2 + sympy.cos(x) ** 2, Relation.EQ, sympy.Integer(1), ()),  # verified
    (sympy.log(Sum(sympy.exp(xs[j]), (j, 1, n))), Relation.LE,
     MaxOver(xs[j], (j, 1, n)) + sympy.log(n), ()),                       # verified, every size
]


def _step(lhs, relation, rhs, assumptions=(), regime=None):
    return Step("B-1", Kind.IDENTITY, "quote", claim=Claim(lhs, relation, rhs, regime=regime),
                assumptions=assumptions)


def test_the_finding_does_not_depend_on_the_safety_net():
    for lhs, relation, rhs, facts in CLAIMS:
        tight = numeric.judge_claim(lhs, relation, rhs, facts, time_budget=60)
        loose = numeric.judge_claim(lhs, relation, rhs, facts, time_budget=6000)
        assert tight.verdict in ("refuted", "verified"), tight.detail
        assert tight == loose


def test_running_into_the_safety_net_is_a_timeout_never_a_verdict():
    for lhs, relation, rhs, facts in CLAIMS:
        finding = numeric.judge_claim(lhs, relation, rhs, facts, time_budget=1e-9)
        assert finding.verdict == "timeout", finding.detail
        assert finding.counterexample is None


def test_the_numeric_checker_reports_the_safety_net_as_a_timeout(monkeypatch):
    monkeypatch.setattr(numeric_module, "time_budget", lambda config: 1e-9)
    step = _step(sin(x), Relation.LE, Rational(99, 100))
    try:
        numeric_module.numeric_sample(step, config=CONFIG, context=CheckContext())
    except SoftTimeout:
        pass
    else:
        raise AssertionError("a sweep cut short by the clock must not come back as a finding")
    outcome = check_step(step, config=CONFIG)
    assert outcome.verdict is Verdict.TIMEOUT, outcome


def test_the_measurement_of_an_approximation_reports_the_safety_net_as_a_timeout(monkeypatch):
    regime = Regime(ranges=((x, 0, Rational(1, 100)),), tolerance=0.01)
    lhs, rhs = sympy.log(1 + x), x
    normal = approx_module.measure(lhs, Relation.APPROX, rhs, regime, time_budget=600)
    assert normal.verdict is Verdict.APPROXIMATE
    try:
        approx_module.measure(lhs, Relation.APPROX, rhs, regime, time_budget=-1.0)
    except SoftTimeout:
        pass
    else:
        raise AssertionError("a measurement cut short by the clock must not give a verdict")
    # a net already spent (negative): 1e-9 s could outlast a measurement that the CPU clock of a
    # fast machine counts as taking no time, and the test was flaky
    monkeypatch.setattr(approx_module, "safety_net", lambda config: -1.0)
    outcome = check_step(_step(lhs, Relation.APPROX, rhs, regime=regime), config=CONFIG)
    assert outcome.verdict is Verdict.TIMEOUT, outcome


def test_a_step_that_hit_the_safety_net_is_rerun_alone_with_its_counted_verdict(monkeypatch):
    """End to end through the real pipeline: the first run trips the numeric tier's safety
    net (a timeout); the report's re-run, with the ordinary net, refutes as always."""
    from symbolic.report import rerun_timeouts

    step = _step(sin(x), Relation.LE, Rational(99, 100))
    derivation = Derivation("budgets", "budgets", "budgets.tex", (step,))
    monkeypatch.setattr(numeric_module, "time_budget", lambda config: 1e-9)
    first = check_step(step, config=CONFIG)
    assert first.verdict is Verdict.TIMEOUT
    monkeypatch.undo()
    again = rerun_timeouts(derivation, {step.id: first}, config=CONFIG, cache=None)
    assert again[step.id].verdict is Verdict.REFUTED
    assert dict(again[step.id].counterexample)["x"] == "1.5"  # the shrunk, certified point


def test_the_rerun_alone_has_the_same_cpu_budget_a_larger_wall_net_and_the_same_cache_key(
        tmp_path, monkeypatch):
    """A busy machine is slower, not wrong: the re-run does the same work (the same CPU
    budget, so the verdict an idle machine gives) inside RERUN_WALL_FACTOR times the
    wall-clock net, and its outcome is stored under the report's own key."""
    import symbolic.runner
    from symbolic.cache import Cache, step_keys
    from symbolic.model import Evidence, Outcome
    from symbolic.report import RERUN_WALL_FACTOR, rerun_timeouts

    step = _step(sin(x), Relation.LE, Rational(99, 100))
    derivation = Derivation("budgets", "budgets", "budgets.tex", (step,))
    seen = []

    def alone(step, config, context):
        seen.append((config.timeout_s, config.wall_factor))
        return Outcome(Verdict.VERIFIED, (Evidence("numeric_sample", "holds"),))

    monkeypatch.setattr(symbolic.runner, "_check_one", alone)
    cache = Cache(tmp_path)
    timeout = Outcome(Verdict.TIMEOUT, (Evidence("budget", "hard limit"),))
    rerun_timeouts(derivation, {step.id: timeout}, config=CONFIG, cache=cache)
    assert seen == [(CONFIG.timeout_s, RERUN_WALL_FACTOR)] and RERUN_WALL_FACTOR >= 2
    assert CONFIG.but(wall_factor=RERUN_WALL_FACTOR).key() == CONFIG.key()
    assert cache.get(step_keys(derivation, CONFIG)[step.id]).verdict is Verdict.VERIFIED


def test_a_step_resting_on_a_rerun_step_is_checked_again_with_its_new_outcome(monkeypatch):
    """A conclusion checked while its premise had timed out is checked again once the
    premise's re-run decides it; steps that rest on nothing re-run are left as they were."""
    import symbolic.runner
    from symbolic.model import Evidence, Outcome, Rule, Step, Kind
    from symbolic.report import rerun_timeouts

    premise = _step(sin(x), Relation.LE, Integer(1))
    premise = Step("P", premise.kind, premise.quote, premise.claim)
    other = Step("O", premise.kind, premise.quote, premise.claim)
    conclusion = Step("C", Kind.INEQUALITY, "c", premise.claim, rule=Rule("monotone", ("P",)))
    derivation = Derivation("budgets", "budgets", "budgets.tex", (premise, other, conclusion))
    seen = {}

    def alone(step, config, context):
        seen[step.id] = {k: v.verdict for k, v in context.outcomes.items()}
        return Outcome(Verdict.PROVED, (Evidence("rule", "from P"),))

    monkeypatch.setattr(symbolic.runner, "_check_one", alone)
    outcomes = {"P": Outcome(Verdict.TIMEOUT, (Evidence("budget", "hard limit"),)),
                "O": Outcome(Verdict.PROVED, (Evidence("x", "y"),)),
                "C": Outcome(Verdict.INCONCLUSIVE, (Evidence("rule", "premise P is timeout"),))}
    result = rerun_timeouts(derivation, outcomes, config=CONFIG, cache=None)
    assert list(seen) == ["P", "C"] and seen["C"] == {"P": Verdict.PROVED}
    assert result["C"].verdict is Verdict.PROVED and result["O"] is outcomes["O"]
