"""Solution sets: ``{x in R : condition} = S`` decided with ``sympy.solveset``.

A claim ``Eq``-relates a ``ConditionSet(x, condition, Reals)`` to an explicit set (an
``Interval``, ``FiniteSet``, ``ImageSet`` such as ``{2 k pi : k in Z}``, or a union of them).
A condition that is a conjunction of real equations ``f_1 = g_1 & f_2 = g_2`` is first turned
into the single equation ``(f_1 - g_1)^2 + (f_2 - g_2)^2 = 0`` (equivalent because the terms
are real) and simplified. ``solveset`` over the reals then gives the set, and the claim is
``proved`` when it is the stated set (ImageSets are compared after renaming their variable).
Points where the condition is undefined (a zero denominator, the log of a non-positive
number) are removed from solveset's answer first: they satisfy no condition.
Anything ``solveset`` cannot do leaves the claim undecided; this tier never refutes.
"""
from __future__ import annotations

import sympy

from symbolic.checks import Cost, checker
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation


def _applies(step: Step) -> bool:
    claim = step.claim
    return (claim is not None and claim.relation is Relation.EQ
            and isinstance(claim.lhs, sympy.ConditionSet))


def _single_condition(condition, variable):
    parts = condition.args if isinstance(condition, sympy.And) else (condition,)
    if len(parts) > 1 and all(isinstance(p, sympy.Equality) for p in parts):
        terms = [p.lhs - p.rhs for p in parts]
        if all(t.is_extended_real for t in terms):
            return sympy.Eq(sympy.simplify(sum(t ** 2 for t in terms)), 0), \
                "conjunction of real equations as a sum of squares = 0"
        return None, "a conjunction whose terms are not known to be real"
    return condition, ""


def _same_set(a, b) -> bool:
    if a == b:
        return True
    if isinstance(a, sympy.ImageSet) and isinstance(b, sympy.ImageSet):
        if a.base_sets != b.base_sets or len(a.lamda.variables) != len(b.lamda.variables):
            return False
        fresh = [sympy.Dummy(integer=True) for _ in a.lamda.variables]
        return sympy.simplify(a.lamda(*fresh) - b.lamda(*fresh)) == 0
    if isinstance(a, sympy.Union) and isinstance(b, sympy.Union) and len(a.args) == len(b.args):
        return all(any(_same_set(x, y) for y in b.args) for x in a.args)
    return False


def _where_defined(condition, variable):
    """The reals where the condition is defined (denominators nonzero, log arguments
    positive, even roots of nonnegatives): solveset may cancel x/x before solving, and a
    point where the condition is undefined does not satisfy it. None when undecided."""
    from symbolic.checks._definedness import Need, conditions
    region = sympy.S.Reals
    for need in conditions(condition):
        if variable not in need.expr.free_symbols:
            continue
        relation = {Need.NONZERO: lambda e: sympy.Ne(e, 0), Need.POSITIVE: lambda e: e > 0,
                    Need.NONNEGATIVE: lambda e: e >= 0}.get(need.need)
        if relation is None:
            return None
        allowed = sympy.solveset(relation(need.expr), variable, sympy.S.Reals)
        if isinstance(allowed, sympy.ConditionSet):
            return None
        region = sympy.Intersection(region, allowed)
    return region


@checker("solution_sets_solveset", cost=Cost.PROVE, applies=_applies)
def solution_sets_solveset(step: Step, *, config, context) -> Outcome | None:
    """Solve the condition over the reals and compare with the stated set."""
    cset = step.claim.lhs
    variable, condition, base = cset.sym, cset.condition, cset.base_set
    if base != sympy.S.Reals:
        return undecided("solution_sets_solveset", f"base set {tex(base)} is not the reals")
    single, how = _single_condition(condition, variable)
    if single is None:
        return undecided("solution_sets_solveset", how)
    solved = sympy.solveset(single, variable, sympy.S.Reals)
    if isinstance(solved, sympy.ConditionSet):
        return undecided("solution_sets_solveset", f"solveset could not solve {tex(single)}")
    defined = _where_defined(condition, variable)
    if defined is None:
        return undecided("solution_sets_solveset", f"could not find where {tex(condition)} is "
                         "defined (a point where it is not is no solution)")
    if defined != sympy.S.Reals:
        solved = sympy.Intersection(solved, defined)
        if isinstance(solved, sympy.Intersection):
            solved = sympy.simplify(solved)
    if _same_set(solved, step.claim.rhs):
        prefix = f"{how}; " if how else ""
        return Outcome(Verdict.PROVED, (Evidence("solution_sets_solveset",
                       f"{prefix}solving {tex(single)} for {tex(variable)} over $\\mathbb{{R}}$ (solveset) gives {tex(solved)}"),))
    return undecided("solution_sets_solveset", f"solveset gives {tex(solved)}, not shown to be the "
                     "stated set")
