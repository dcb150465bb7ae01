"""Blocks auto: the rules of ``blocks.py`` tried on claims that name no rule.

A claim typed into ``stepcheck check`` carries no rule, so the named rules over a general
number of terms (``sum_ranges``, ``max_union``, ``triangle``, ``max_factor``, ``max_term``,
``block_diagonal``) would never see it. ``blocks_auto`` tries each rule whose form the claim
may have, cheapest test first, and concludes ``proved`` with the first rule that proves it;
each rule checks its own form and proves its own side conditions (integer range ends, counts
``>= 0`` or ``>= 1``, real terms under a max, signs), so a claim that no rule fits, or whose
side conditions are not proved, stays inconclusive with every rule's reason.

The rules read a sign fact about one element (``x[j] > 0`` with j free in the claim) as a
fact about that element only, as ``rules_auto`` does (``_rulebase.usable_facts``).
"""
from __future__ import annotations

import sympy

from symbolic.checks import Cost, checker
from symbolic.checks.blocks import RuleMismatch, prove_by
from symbolic.functions import BlockDiag, MaxOver, MinOver
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided

#: rules for a non-strict inequality; each rejects a claim of another shape at once
ORDER_RULES = ("triangle", "max_factor", "max_term")
#: rules for an equality, the structural ones first (``sum_ranges`` may spend its budget)
EQUALITY_RULES = ("max_union", "block_diagonal", "sum_ranges")


def fitting_rules(step: Step) -> tuple[str, ...]:
    """The rules whose form the claim may have, judged by the objects it contains."""
    claim = step.claim
    sides = sympy.Tuple(claim.lhs, claim.rhs)
    if claim.relation in (Relation.LE, Relation.GE):
        return ORDER_RULES if sides.has(sympy.Sum) else ()
    if claim.relation is not Relation.EQ:
        return ()
    fits = {"max_union": sides.has(MaxOver, MinOver) and sides.has(sympy.Max, sympy.Min),
            "block_diagonal": sides.has(BlockDiag), "sum_ranges": sides.has(sympy.Sum)}
    return tuple(name for name in EQUALITY_RULES if fits[name])


def _applies(step: Step) -> bool:
    claim = step.claim
    return (step.rule is None and claim is not None
            and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION)
            and claim.relation in (Relation.EQ, Relation.LE, Relation.GE)
            and sympy.Tuple(claim.lhs, claim.rhs).has(sympy.Sum, MaxOver, MinOver, BlockDiag))


@checker("blocks_auto", cost=Cost.PROVE, applies=_applies)
def check_blocks_auto(step: Step, *, config, context) -> Outcome | None:
    """Prove a claim over a general number of terms by the blocks.py rule that its form fits.

    The rules: sums over split or shifted ranges and by parts, the max of a union of blocks,
    the triangle inequality, a max factored out of a sum, g(max) below the sum of g.
    """
    names = fitting_rules(step)
    if not names:
        return None
    reasons = []
    for name in names:
        try:
            detail = prove_by(name, step)
        except RuleMismatch as exc:
            reasons.append(f"{name}: {exc}")
            continue
        return Outcome(Verdict.PROVED, (Evidence("blocks_auto", f"rule {name}: {detail}"),))
    return undecided("blocks_auto", "no rule over ranges fits: " + "; ".join(reasons))
