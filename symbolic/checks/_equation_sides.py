"""The sides of a step that states an equation of expressions, for the filters of the families
that prove such an equation by rewriting both sides (principal branches, infinite products)."""
from __future__ import annotations

import sympy

from symbolic.model import Kind, Relation, Step

# a definition holds by itself, an approximation or a limit is not an equation of values,
# prose states nothing
_NOT_EQUATIONS = (Kind.DEFINITION, Kind.APPROXIMATION, Kind.PROSE, Kind.LIMIT)


def equation_sides(step: Step) -> tuple | None:
    """``(lhs, rhs)`` of a step whose claim is an equation of two SymPy expressions (not a
    definition, approximation, limit or prose step), else None."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ or step.kind in _NOT_EQUATIONS:
        return None
    sides = (claim.lhs, claim.rhs)
    return sides if all(isinstance(s, sympy.Expr) for s in sides) else None
