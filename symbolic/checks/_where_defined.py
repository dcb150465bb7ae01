"""An equation read, when asked, on the points where both of its sides are defined.

By default an equation claims both sides defined and equal at every point of its stated
domain, except where neither side is defined (``shared_exclusion``): ``\\cot z = 1/\\tan z``
is then not proved, since at ``z = \\pi/2`` the left side is 0 and the right side undefined,
and ``x/x = 1`` is refuted at 0. That is the right reading for a step of a derivation, where
dividing by something that may vanish is an error to catch.

A table of identities such as the DLMF states ``\\tan(u + v) = (\\tan u + \\tan v)/(1 - \\tan u
\\tan v)`` as an identity of meromorphic functions: it says nothing where a side is undefined.
``CheckConfig(where_defined=True)`` asks for that reading; then a proof (which every
checker gives wherever both sides are defined) stands on the whole domain minus the points
where either side is undefined, provided that

* every definedness condition not proved is exact: where it fails, its side is certainly
  undefined (a denominator, a pole of tan or coth, a logarithm's argument), so the points
  left out are exactly the points where a side is undefined and not one more;
* none is about integers alone (a sum or maximum over an empty range leaves out whole
  instances of the claim, not points where a function is singular), a missing derivative
  or a value that is never defined;
* some point of the domain satisfies every condition (the claim is not about nothing).

The evidence names, side by side, the points left out. The reading is never the default.
"""
from __future__ import annotations

from dataclasses import dataclass

from symbolic.budget import SoftTimeout
from symbolic.checks._definedness import (Need, _flat, _proved, _scaled,
                                          conditions, holomorphy_conditions)
from symbolic.checks._index_conditions import described, over_index_range, witness as index_witness
from symbolic.model import Kind, Relation, Step

_EXACT_NEEDS = (Need.NONZERO, Need.POSITIVE, Need.NONNEGATIVE)


@dataclass(frozen=True)
class OneSidedExclusion:
    """The points left out: where a condition of ``left`` (``right``) fails, the left
    (right) side is undefined; ``witness`` is a point where every condition holds."""

    left: tuple
    right: tuple
    witness: tuple

    def text(self) -> str:
        parts = []
        for name, side in (("the left side", self.left), ("the right side", self.right)):
            if side:
                parts.append(f"where {name} is undefined: {described(side)}")
        return "; ".join(parts)


def one_sided_exclusion(step: Step) -> OneSidedExclusion | None:
    """The points where some side of an equation is undefined, when the reading of the
    module doc applies to it, else None."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ or step.kind in (Kind.DEFINITION, Kind.PROSE):
        return None
    facts = _flat(step.assumptions)
    protect = frozenset(claim.free_symbols)
    missing = []
    try:
        sides = [[c for c in conditions(side) + holomorphy_conditions(side)
                  if not _proved(c, facts, protect)] for side in (claim.lhs, claim.rhs)]
    except SoftTimeout:
        raise
    except Exception:   # a SymPy failure proves nothing
        return None
    for left_out in sides:
        for c in left_out:
            if (c.need not in _EXACT_NEEDS or c.facts and not over_index_range(c, claim)
                    or not (c.exact or _covered(c, sides))):
                return None
            if all(sym.is_integer for sym in c.expr.free_symbols):
                return None
        missing.append(tuple(c for c in left_out if c.exact))   # a covered one: named by its cover
    if not missing[0] and not missing[1]:
        return None
    witness = index_witness(claim, list(missing[0] + missing[1]), facts)
    if witness is None:
        return None
    return OneSidedExclusion(missing[0], missing[1], witness)


def _covered(c, sides) -> bool:
    """Whether an inexact condition (``z != 0`` of ``z^a``, defined at 0 for Re a > 0) fails
    only where an exact one of the claim fails (``z != 0`` of ``ln z``): leaving its points out
    leaves out no point where both sides are defined."""
    return any(e.exact and not e.facts and e.need is c.need and (
        e.expr == c.expr or c.need is Need.NONZERO and _scaled(e.expr, c.expr))
        for side in sides for e in side)


def proved_text(name: str, found: OneSidedExclusion) -> str:
    """The evidence of a proof read on the points where both sides are defined."""
    at = ", ".join(f"{k} = {v}" for k, v in found.witness)
    return (f"{name}: proved on the whole domain where both sides are defined (the reading "
            f"asked for: a point where a side is undefined is left out, the claim says nothing "
            f"there); excluded, {found.text()} (both sides are defined at {at})")


def at_one_sided_point(outcome) -> bool:
    """Whether a refutation's point is one where a side is undefined: its counterexample shows
    the value of at most one side (the numeric tier shows both where both are defined) and its
    evidence says a side is undefined. Read where both sides are defined, the claim says
    nothing there, so that is no counterexample."""
    from symbolic.model import Verdict
    if outcome.verdict is not Verdict.REFUTED or not outcome.counterexample:
        return False
    names = {name for name, _ in outcome.counterexample}
    return not {"lhs", "rhs"} <= names and any("undefined" in e.detail for e in outcome.evidence)


def without_one_sided_refutation(step: Step, name: str, outcome):
    """``outcome``, or an inconclusive one when it refutes at a point where a side is
    undefined (``at_one_sided_point``): the pipeline then goes on to the proofs."""
    from symbolic.model import Evidence, Outcome, Verdict
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ or not at_one_sided_point(outcome):
        return outcome
    point = ", ".join(f"{k} = {v}" for k, v in outcome.counterexample)
    return Outcome(Verdict.INCONCLUSIVE, outcome.evidence + (Evidence(
        "definedness", f"{name}: at {point} a side is undefined; read where both sides are "
        "defined (the reading asked for), the claim says nothing there, so this is no "
        "counterexample"),), table=outcome.table, figures=outcome.figures)
