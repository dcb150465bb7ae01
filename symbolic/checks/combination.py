"""Linear combinations of proved relations: adding bounds and identities (like ``linarith``).

A step ``L >= R`` (or ``<=``, ``=``) carries ``Rule("linear_combination", premises=(ids),
params=(("coefficients", (c_1, ..., c_k)),))``. Each premise ``a_k R_k b_k`` gives a gap
``g_k`` that is >= 0 (``a - b`` for ``a >= b``, ``b - a`` for ``a <= b``) or = 0 (``a - b``
for ``a = b``). The claim follows when

    gap(claim) - sum_k c_k g_k  is proved to be 0 (or >= 0 for an inequality),

every inequality premise has a coefficient proved >= 0 (an equality premise may have any
coefficient) and, for an equality claim, every premise is an equality. Default
coefficients are 1. Strict claims need a strict premise with a coefficient proved > 0.

Like every rule it concludes ``proved`` only when every premise is ``proved`` (definition
steps hold by definition), ``verified`` when some premise is only verified, and is
inconclusive otherwise; each premise's assumptions must be among the step's assumptions
or follow from them.
"""
from __future__ import annotations

import sympy

from symbolic.checks import rule
from symbolic.checks.algebraic import difference_zero, flatten_facts
from symbolic.checks.inequality import prove_sign_on
from symbolic.model import Evidence, Kind, Outcome, Relation, Verdict, undecided
from symbolic.numeric.text import tex

_COMBINATION = "\\sum_k c_k g_k = "

NAME = "rule linear_combination"

_GAPS = {
    Relation.GE: lambda a, b: (a - b, "ge"),
    Relation.GT: lambda a, b: (a - b, "gt"),
    Relation.LE: lambda a, b: (b - a, "ge"),
    Relation.LT: lambda a, b: (b - a, "gt"),
    Relation.EQ: lambda a, b: (a - b, "eq"),
}


def _gap(claim):
    """(gap, kind) with kind eq (gap = 0), ge (gap >= 0) or gt (gap > 0)."""
    make = _GAPS.get(claim.relation)
    return None if make is None else make(claim.lhs, claim.rhs)


def _gate(step, premises, context) -> tuple[Verdict | None, str]:
    weakest = Verdict.PROVED
    for premise in premises:
        if premise.kind is Kind.DEFINITION:
            continue
        outcome = context.outcomes.get(premise.id)
        if outcome is None:
            return None, f"premise {premise.id} has not been checked"
        if outcome.verdict is Verdict.VERIFIED:
            weakest = Verdict.VERIFIED
        elif outcome.verdict is not Verdict.PROVED:
            return None, f"premise {premise.id} is {outcome.verdict.value}"
    return weakest, ""


def _assumptions_hold(step, premises) -> str | None:
    own = flatten_facts(step.assumptions)
    protect = set(step.claim.free_symbols)
    for premise in premises:
        for fact in flatten_facts(premise.assumptions):
            if fact in own:
                continue
            if isinstance(fact, (sympy.GreaterThan, sympy.StrictGreaterThan,
                                 sympy.LessThan, sympy.StrictLessThan)):
                big, small = (fact.lhs, fact.rhs) if fact.rel_op in (">=", ">") else (fact.rhs, fact.lhs)
                if prove_sign_on(big - small, own, strict=fact.rel_op in (">", "<"),
                                 protect=protect) is not None:
                    continue
            return (f"premise {premise.id} assumes {tex(fact)}, which step {step.id} neither assumes "
                    "nor implies; add it to the step's assumptions")
    return None


@rule("linear_combination")
def combination_linear(step, *, config, context):
    """The named rule ``linear_combination``: the claim's gap is a combination of the premises' gaps."""
    ids = step.rule.premises
    if not ids:
        return undecided(NAME, f"step {step.id}: linear_combination needs premises")
    premises = [context.premise(pid) for pid in ids]
    coefficients = step.rule.param("coefficients") or (1,) * len(premises)
    if len(coefficients) != len(premises):
        return undecided(NAME, f"step {step.id}: {len(coefficients)} coefficients for "
                               f"{len(premises)} premises; give one per premise")
    target = _gap(step.claim)
    if target is None:
        return undecided(NAME, f"relation {step.claim.relation.value} is not an (in)equality")
    goal, goal_kind = target
    facts = flatten_facts(step.assumptions)
    # x[j] > 0 with j free in the claim is about that one element, not every x[j]
    protect = set(step.claim.free_symbols)
    total = sympy.S.Zero
    strict_used = False
    for premise, c in zip(premises, coefficients):
        c = sympy.sympify(c)
        found = _gap(premise.claim) if premise.claim is not None else None
        if found is None:
            return undecided(NAME, f"premise {premise.id} is not an equality or inequality")
        gap, kind = found
        if kind != "eq":
            if goal_kind == "eq":
                return undecided(NAME, f"an equality does not follow from inequality {premise.id}")
            if prove_sign_on(c, facts, protect=protect) is None:
                return undecided(NAME, f"coefficient {tex(c)} of inequality {premise.id} is not "
                                       "proved $\\ge 0$ on the step's domain")
            if kind == "gt" and prove_sign_on(c, facts, strict=True, protect=protect) is not None:
                strict_used = True
        total += c * gap
    if goal_kind == "gt" and not strict_used:
        return undecided(NAME, "a strict claim needs a strict premise with a coefficient > 0")
    proof = difference_zero(goal, total, facts=facts)
    how = f"claim gap minus the combination is 0 ({proof.strategy})" if proof.proved else None
    if how is None and goal_kind != "eq":
        sign = prove_sign_on(goal - total, facts, strict=False, protect=protect)
        if sign is not None:
            how = f"claim gap minus the combination is $\\ge 0$ ({sign})"
    if how is None:
        return undecided(NAME, f"could not show the claim's gap {tex(goal)} equals "
                               f"{tex(total, _COMBINATION)} (or exceeds it)")
    detail = (f"gap of the claim = " + " + ".join(f"{tex(c)}·gap({p.id})"
                                                  for p, c in zip(premises, coefficients))
              + f"; {how}")
    problem = _assumptions_hold(step, premises)
    if problem:
        return undecided(NAME, f"{detail}; but {problem}")
    verdict, why = _gate(step, premises, context)
    if verdict is None:
        return undecided(NAME, f"{detail}; but {why}")
    if verdict is Verdict.VERIFIED:
        return Outcome(Verdict.VERIFIED, (Evidence(NAME, f"{detail}; follows from premises that "
                                                         "are verified, not proved"),))
    return Outcome(Verdict.PROVED, (Evidence(NAME, detail),))
