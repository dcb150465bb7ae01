"""The numeric tier: sample a claim at high precision and refute only with a certificate.

``numeric_sample`` evaluates both sides with mpmath at ``config.dps`` and twice that
(escalating when a difference sits at the rounding noise), at seeded points that respect
the step's assumptions, and on instances of a general size (L = 1, 2, 3, 5, 8, 16). A
point where the relation fails refutes the step only once interval or ball arithmetic
certifies it; otherwise the step is at most ``verified``, with evidence that says what
was sampled. See ``symbolic.numeric`` for the machinery.
"""
from __future__ import annotations

import signal

from symbolic import numeric
from symbolic.checks import checker
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict

_RELATIONS = (Relation.EQ, Relation.NE, Relation.LT, Relation.LE, Relation.GT, Relation.GE,
              Relation.IMPLIES)
_MAX_BUDGET_S = 20.0


def _applies(step: Step) -> bool:
    return step.claim is not None and step.claim.relation in _RELATIONS


def time_budget(config) -> float:
    """Seconds this tier may spend: a share of the step's budget, and less than what is
    left of the pipeline's soft deadline, so that partial results come back as evidence."""
    budget = min(max(0.4 * config.timeout_s, 0.5), _MAX_BUDGET_S)
    try:
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
    except (AttributeError, ValueError):
        remaining = 0.0
    if remaining:
        budget = min(budget, 0.7 * remaining)
    return max(budget, 0.05)


@checker("numeric_sample", cost=20, applies=_applies)
def numeric_sample(step: Step, *, config, context) -> Outcome:
    """Judge ``=``, ``\\ne``, orders and ``\\implies`` by certified sampling."""
    claim = step.claim
    finding = numeric.judge_claim(claim.lhs, claim.relation, claim.rhs, step.assumptions,
                                  dps=config.dps, samples=config.samples, seed=config.seed,
                                  time_budget=time_budget(config))
    evidence = (Evidence("numeric_sample", finding.detail),)
    if finding.verdict == "refuted":
        return Outcome(Verdict.REFUTED, evidence, counterexample=finding.counterexample)
    if finding.verdict == "verified":
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.INCONCLUSIVE, evidence)
