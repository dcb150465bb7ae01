"""The numeric tier: judge a claim with Arb balls at exact points; refute only with a certificate.

``numeric_sample`` evaluates both sides with ball arithmetic (python-flint) at seeded exact
points that respect the step's assumptions, over the whole stated domain (both signs, edge
values, both sides of excluded points, complex points for symbols not declared real), and
for a general size at the smallest allowed size and up to 10^3 (10^4 where cheap, 10^6 for
equal arguments in closed form). A ball of lhs - rhs that excludes 0 refutes (with the
point); overlapping balls are re-evaluated up to 1000 digits before they count as
agreement; a side that is undefined where the other has a value refutes a real claim.
Otherwise the step is at most ``verified``, with evidence that says the domain, points,
sizes and digits. See ``symbolic.numeric`` and docs/verdicts.md.

A claim whose plan has large sizes (an identity over a general n, sampled up to n = 1000)
costs seconds to sample whole, and a prover after this tier (``indexed_identity``) often
proves it in milliseconds. At this tier such a claim gets a refutation probe: the plan's
points at the small sizes, which refute most false claims; finding nothing there, the
checker defers (``Deferred``): the pipeline tries ``indexed_identity`` next and, only if it
does not decide, ``numeric_deferred``, which judges the whole plan with the same safety net
kept for it; the other checkers follow in their order, after the whole plan as before.
Which claims are probed depends on the plan's sizes alone (counted, not timed).
"""
from __future__ import annotations


from symbolic import numeric
from symbolic.budget import SoftTimeout, soft_remaining
from symbolic.checks import Cost, Deferred, _registered, checker
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict

_RELATIONS = (Relation.EQ, Relation.NE, Relation.LT, Relation.LE, Relation.GT, Relation.GE,
              Relation.IMPLIES)
_MAX_BUDGET_S = 8.0
# instances of the sizes heavier than this (the product of the sizes: a point costs about
# that many terms) are left to the whole plan after the provers; the probe judges the others
PROBE_WEIGHT = 4
# the provers tried before the whole plan: cheap, and what decides such claims (the identities
# over a general index of the documents). Only these: every other checker still comes after
# the whole plan, as without a probe, so none of them meets a false claim that the whole plan
# would have refuted (rules_auto "proves" sum_{i=1}^n 1 <= 5, which sampling refutes at n = 6)
PROVE_FIRST = ("indexed_identity",)


def _applies(step: Step) -> bool:
    # a definition introduces a name: sampling that name freely would "refute" it
    return (step.claim is not None and step.claim.relation in _RELATIONS
            and step.kind is not Kind.DEFINITION)


def with_definitions(step: Step, context) -> tuple[object, object, str]:
    """The claim's sides with the names defined by earlier definition steps replaced by
    their definitions (a defined name is not a free variable), and a note saying which."""
    from symbolic.checks.rules import _definition_of, _substitute

    claim = step.claim
    derivation = getattr(context, "derivation", None)
    if derivation is None:
        return claim.lhs, claim.rhs, ""
    definitions, used = [], []
    for earlier in derivation.steps:
        if earlier.id == step.id:
            break
        if earlier.kind is Kind.DEFINITION and earlier.claim is not None:
            found = _definition_of(earlier)
            if found is not None:
                definitions.append(found)
                used.append(earlier.id)
    if not definitions:
        return claim.lhs, claim.rhs, ""
    lhs, rhs = _substitute(claim.lhs, definitions), _substitute(claim.rhs, definitions)
    if (lhs, rhs) == (claim.lhs, claim.rhs):
        return lhs, rhs, ""
    return lhs, rhs, f"; with the definitions of {', '.join(used)} substituted"


def safety_net(config) -> float:
    """The tier's safety net in CPU seconds when the pipeline leaves it enough budget."""
    return min(max(0.4 * config.timeout_s, 0.5), _MAX_BUDGET_S)


def time_budget(config) -> float:
    """The tier's safety net in CPU seconds: a share of the step's budget, and less
    than what is left of the pipeline's soft deadline (so that later checkers still run).
    The tier stops by counting its work; running into this net gives a timeout, never a
    partial verdict."""
    budget = safety_net(config)
    remaining = soft_remaining()
    if remaining:
        budget = min(budget, _NET_SHARE * remaining)
    return max(budget, 0.05)


_NET_SHARE = 0.7   # of the pipeline's soft deadline: the rest is for reporting a timeout


@checker("numeric_sample", cost=Cost.SAMPLE, applies=_applies)
def numeric_sample(step: Step, *, config, context) -> Outcome | Deferred:
    """Judge ``=``, ``\\ne``, orders and ``\\implies`` by certified sampling."""
    # a probe only where a prover to try first applies: otherwise the whole plan would run
    # next anyway, and the probe would be work done twice
    first = any(c is not None and c.applies(step) for c in map(_registered, PROVE_FIRST))
    return _sample(step, config, context, probe_weight=PROBE_WEIGHT if first else None)


@checker("numeric_deferred", cost=Cost.SAMPLE_DEFERRED, applies=_applies, deferred=True)
def numeric_deferred(step: Step, *, config, context) -> Outcome:
    """Judge by certified sampling at every size a claim whose sampling numeric_sample deferred."""
    return _sample(step, config, context, probe_weight=None)


def _sample(step: Step, config, context, *, probe_weight) -> Outcome | Deferred:
    lhs, rhs, note = with_definitions(step, context)
    finding = numeric.judge_claim(lhs, step.claim.relation, rhs, step.assumptions,
                                  dps=config.dps, samples=config.samples, seed=config.seed,
                                  time_budget=time_budget(config), probe_weight=probe_weight)
    if finding.verdict == "timeout":
        # the safety net, not the stopping rule: a partial sweep would make the verdict
        # depend on the machine's speed, so the pipeline records a timeout (re-run alone)
        raise SoftTimeout(finding.detail)
    evidence = (Evidence("numeric_sample", finding.detail + note),)
    if finding.verdict == "deferred":
        # the whole plan's net, as this tier would have had it (``time_budget``)
        return Deferred(evidence, PROVE_FIRST, "numeric_deferred",
                        safety_net(config) / _NET_SHARE)
    if finding.verdict == "refuted":
        return Outcome(Verdict.REFUTED, evidence, counterexample=finding.counterexample)
    if finding.verdict == "verified":
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.INCONCLUSIVE, evidence)
