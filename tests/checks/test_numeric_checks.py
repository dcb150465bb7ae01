"""The numeric_sample checker, alone and through the pipeline (``check_step``).

Expectations are exact: a false step is refuted with a certified counterexample, a true
one comes out verified by this checker (proved or verified through the pipeline, where a
symbolic tier may do better) and is never refuted.
"""
from __future__ import annotations


import pytest
import sympy
from sympy import (Derivative, IndexedBase, Integer, Rational, Sum, Symbol, cos, exp, log,
                   pi, sin, sqrt, tanh)

from symbolic import numeric
from symbolic.checks import CheckContext, check_step, registered_checkers
from symbolic.checks.numeric import numeric_deferred
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver
from symbolic.model import Claim, Kind, Relation, Step, Verdict

x = Symbol("x", real=True)
y = Symbol("y", real=True)
a = Symbol("a", real=True)
b = Symbol("b", real=True)
L = Symbol("L", integer=True, positive=True)
j = Symbol("j", integer=True)
xs = IndexedBase("x", real=True)
TINY = Rational(1, 10**40)
# (1 + 10^-40)^2 - 1 kept unevaluated, as written: SymPy would otherwise compute it exactly
SQUARE_MINUS_ONE = sympy.Add(sympy.Pow(sympy.Add(1, TINY, evaluate=False), 2, evaluate=False),
                             -1, evaluate=False)
CONFIG = CheckConfig(timeout_s=20)


def step(lhs, relation, rhs, assumptions=(), kind=Kind.IDENTITY):
    return Step("N-1", kind, "quote", claim=Claim(lhs, relation, rhs), assumptions=assumptions)


def alone(s, config=CONFIG):
    # the whole plan at every size (what numeric_sample judges in the pipeline, whether at its
    # tier or, for a claim with large sizes, deferred past the provers)
    return numeric_deferred(s, config=config, context=CheckContext())


def test_registered_cheap_and_for_exact_relations():
    (entry,) = [c for c in registered_checkers() if c.name == "numeric_sample"]
    assert entry.cost == 20
    for relation in (Relation.EQ, Relation.NE, Relation.LT, Relation.LE, Relation.GT,
                     Relation.GE):
        assert entry.applies(step(x, relation, y))
    assert entry.applies(step(x > 1, Relation.IMPLIES, x > 0, kind=Kind.IMPLICATION))
    for relation in (Relation.APPROX, Relation.GG, Relation.LL, Relation.PROPTO):
        assert not entry.applies(step(x, relation, y, kind=Kind.APPROXIMATION))
    assert not entry.applies(Step("P", Kind.PROSE, "words"))


STEPS = [
    # (lhs, relation, rhs, assumptions, verdict of this checker, reason)
    (exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744), (), Verdict.REFUTED,
     "near-identity, off by 7.5e-13"),
    (exp(pi * sqrt(67)), Relation.EQ, Integer(147197952744), (), Verdict.REFUTED,
     "near-identity, off by 1.3e-6"),
    (SQUARE_MINUS_ONE, Relation.EQ, 2 * TINY + TINY ** 2, (), Verdict.VERIFIED,
     "true, every digit cancels at 50 digits"),
    (sqrt(10**40 + 1) - 10**20, Relation.EQ, 1 / (sqrt(10**40 + 1) + 10**20), (), Verdict.VERIFIED,
     "true, 41 digits cancel"),
    (log(a - b), Relation.EQ, log(a) - log(b), (a > b, b > 0), Verdict.REFUTED,
     "the log of a difference is not a difference of logs"),
    (log(1 + x), Relation.LE, x, (x > -1,), Verdict.VERIFIED, "true, tight at 0"),
    (log(1 + x), Relation.GE, x, (x > -1,), Verdict.REFUTED, "reversed"),
    (log(Sum(exp(xs[j]), (j, 1, L))), Relation.LE, MaxOver(xs[j], (j, 1, L)) + log(L), (),
     Verdict.VERIFIED, "log-sum-exp bound"),
    (Derivative(tanh(x), x), Relation.EQ, 1 + tanh(x) ** 2, (), Verdict.REFUTED,
     "the derivative is 1 - tanh^2"),
    (sin(x) ** 2 + cos(x) ** 2, Relation.EQ, Integer(1), (), Verdict.VERIFIED, "Pythagoras"),
    (x > 1, Relation.IMPLIES, x ** 2 > 4, (), Verdict.REFUTED, "fails for 1 < x <= 2"),
    (sympy.Function("g")(x), Relation.EQ, x, (), Verdict.INCONCLUSIVE, "cannot evaluate g"),
]


@pytest.mark.parametrize("lhs, relation, rhs, assumptions, expected, why", STEPS,
                         ids=[f"{s[0]} {s[1].value} {s[2]}"[:50] for s in STEPS])
def test_checker_verdicts(lhs, relation, rhs, assumptions, expected, why):
    outcome = alone(step(lhs, relation, rhs, assumptions))
    assert outcome.verdict is expected, (why, outcome.evidence)
    assert outcome.method == "numeric_sample"
    if expected is Verdict.REFUTED:
        assert [name for name, _ in outcome.counterexample][-2:] == ["lhs", "rhs"]
    else:
        assert outcome.counterexample is None


@pytest.mark.parametrize("lhs, relation, rhs, assumptions, expected, why",
                         [s for s in STEPS if s[4] is not Verdict.INCONCLUSIVE],
                         ids=[f"{s[0]} {s[1].value} {s[2]}"[:50] for s in STEPS
                              if s[4] is not Verdict.INCONCLUSIVE])
def test_pipeline_never_contradicts_the_numeric_tier(lhs, relation, rhs, assumptions, expected, why):
    outcome = check_step(step(lhs, relation, rhs, assumptions), config=CONFIG)
    if expected is Verdict.REFUTED:
        assert outcome.verdict is Verdict.REFUTED, (why, outcome.evidence)
        assert outcome.counterexample
    else:
        assert outcome.verdict in (Verdict.PROVED, Verdict.VERIFIED), (why, outcome.evidence)


def test_closed_claim_counterexample_is_just_the_sides():
    outcome = alone(step(exp(pi * sqrt(163)), Relation.EQ, Integer(262537412640768744)))
    names = [name for name, _ in outcome.counterexample]
    assert names == ["lhs", "rhs"]
    assert outcome.counterexample[1][1] == "262537412640768744.0"
    assert outcome.counterexample[0][1].startswith("262537412640768743.99999999999")


def test_counterexample_names_each_variable():
    outcome = alone(step(log(a - b), Relation.EQ, log(a) - log(b), (a > b, b > 0)))
    names = [name for name, _ in outcome.counterexample]
    assert names == ["a", "b", "lhs", "rhs"]


def test_verified_evidence_says_what_was_done():
    outcome = alone(step(log(Sum(exp(xs[j]), (j, 1, L))), Relation.LE,
                         MaxOver(xs[j], (j, 1, L)) + log(L)))
    detail = outcome.evidence[0].detail
    assert "Arb balls at exact points, 50 digits" in detail
    assert "domain x_j real" in detail
    assert "instances L=1,2,3," in detail and ",1000)" in detail
    assert "points" in detail and "worst relative margin" in detail


def test_uncertified_candidate_is_inconclusive(monkeypatch):
    from symbolic.numeric import judge
    monkeypatch.setattr(judge, "certify", lambda *args, **kwargs: numeric.Certainty.UNDECIDED)
    outcome = alone(step(log(1 + x), Relation.GE, x, (x > -1,)))
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "not refuted" in outcome.evidence[0].detail


def test_same_seed_same_evidence():
    s = step(x * y, Relation.LE, (x ** 2 + y ** 2) / 2)
    assert alone(s).evidence == alone(s).evidence
    false = step(log(a - b), Relation.EQ, log(a) - log(b), (a > b, b > 0))
    assert alone(false) == alone(false)
    assert alone(false, CONFIG.but(seed=1)).counterexample != alone(false).counterexample


def test_config_precision_is_used():
    outcome = alone(step(sin(x) ** 2 + cos(x) ** 2, Relation.EQ, Integer(1)), CONFIG.but(dps=80))
    assert "Arb balls at exact points, 80 digits" in outcome.evidence[0].detail


def test_tiny_budget_is_never_refuted():
    outcome = check_step(step(sin(x) ** 2 + cos(x) ** 2, Relation.EQ, Integer(1)),
                         config=CheckConfig(timeout_s=0.01))
    assert outcome.verdict is not Verdict.REFUTED


def test_a_claim_true_only_at_the_smallest_size_is_not_verified_there_alone():
    """log(mean x) <= mean(log x) holds at n = 1 only; with real x most points of the larger
    instances fall outside the domain (log of negatives). It was once verified on its n = 1
    points; now the margin search finds a certified counterexample at n = 2."""
    import sympy as sp
    from symbolic.checks import check_step
    from symbolic.config import CheckConfig
    from symbolic.model import Claim, Kind, Relation, Step, Verdict
    x = sp.IndexedBase("x", real=True)
    j = sp.Symbol("j", integer=True, positive=True)
    n = sp.Symbol("n", integer=True, positive=True)
    claim = Claim(sp.log(sp.Sum(x[j], (j, 1, n)) / n), Relation.LE, sp.Sum(sp.log(x[j]), (j, 1, n)) / n)
    outcome = check_step(Step("S", Kind.INEQUALITY, "q", claim=claim), config=CheckConfig(timeout_s=30))
    assert outcome.verdict is not Verdict.VERIFIED and not outcome.verdict.accepted


def test_every_instance_of_the_sizes_needs_points_in_the_domain():
    """The rule behind the test above, directly: an instance with fewer than
    MIN_POINTS_PER_INSTANCE judged points makes 'verified' impossible, however many points
    the other instances had."""
    from types import SimpleNamespace

    import sympy as sp
    from symbolic.numeric.judge import MIN_POINTS_PER_INSTANCE, _Run
    n = sp.Symbol("n", integer=True, positive=True)
    instances = [{n: 1}, {n: 2}, {n: 3}]
    run = SimpleNamespace(fixed={n}, planned={}, absorbed_sizes={},
                          held_by_size={(("n", "1"),): 50, (("n", "2"),): MIN_POINTS_PER_INSTANCE})
    assert _Run._thin_instances(run, instances) == ["n=3"]
    run.held_by_size[(("n", "3"),)] = MIN_POINTS_PER_INSTANCE
    assert _Run._thin_instances(run, instances) == []
