"""Definition steps: ``name = expr`` holds by definition when it introduces a fresh name.

A document defines ``M(q_i, K) = ...`` or ``alpha = max_j ...``; such a step is not a claim
to be sampled (its left side is a new name, so sampling it as a free variable would
"refute" it). ``definition_fresh_name`` runs before every other checker on steps of kind
``definition`` and concludes ``proved`` ("holds by definition") when the left side is a
name (a symbol, an indexed symbol or an undefined function applied to symbols) that does
not occur in the right side and that no earlier step of the derivation defines. Anything
else is inconclusive, so a malformed definition is never accepted.
"""
from __future__ import annotations

import sympy

from symbolic.checks import Cost, checker
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

METHOD = "definition_fresh_name"


def _is_name(target) -> bool:
    if isinstance(target, (sympy.Symbol, sympy.Indexed)):
        return True
    return (isinstance(target, sympy.Function)
            and isinstance(target.func, sympy.core.function.UndefinedFunction)
            and all(isinstance(a, (sympy.Symbol, sympy.Indexed)) for a in target.args))


def _occurs(target, expr) -> bool:
    if isinstance(target, sympy.Indexed):
        # p[i] = p[i - 1] + 1 is a recursion, not a definition by an expression
        return expr.has(target.base) or expr.has(target.base.label)
    if isinstance(target, sympy.Function):
        return any(isinstance(e, sympy.Function) and e.func == target.func
                   for e in sympy.preorder_traversal(expr))
    return expr.has(target)


def _defined_before(step: Step, context) -> str | None:
    derivation = getattr(context, "derivation", None)
    if derivation is None:
        return None
    target = step.claim.lhs
    for earlier in derivation.steps:
        if earlier.id == step.id:
            return None
        if earlier.kind is Kind.DEFINITION and earlier.claim is not None \
                and earlier.claim.lhs == target:
            return earlier.id
    return None


@checker(METHOD, cost=Cost.READ, applies=lambda step: step.kind is Kind.DEFINITION and step.claim is not None)
def check_definition(step: Step, *, config, context) -> Outcome:
    """A fresh name defined by an expression holds by definition."""
    claim = step.claim
    target = claim.lhs
    if claim.relation is not Relation.EQ or not _is_name(target):
        return undecided(METHOD, f"definition {step.id} is not 'name = expression' "
                         f"(left side {tex(target)}); write the defined name on the left")
    if _occurs(target, claim.rhs):
        return undecided(METHOD, f"definition {step.id}: {tex(target)} occurs in its own right side")
    earlier = _defined_before(step, context)
    if earlier is not None:
        return undecided(METHOD, f"definition {step.id}: {tex(target)} is already defined by {earlier}")
    return Outcome(Verdict.PROVED, (Evidence(
        METHOD, f"holds by definition: it introduces the name {tex(target)}, which does not occur "
                "in its right side and is not defined by an earlier step"),))
