"""What every named rule shares: claims as links, premises gated and conclusions drawn.

A rule (``rules.py``, ``templates.py``) reads its step's claim and its premises as
``Link`` objects (a relation normalised to "small <= large" or "="), checks that every
premise's own assumptions hold on the step's domain, and draws its conclusion with
``conclude``: ``proved`` only when every premise is proved, ``verified`` when some premise
is only verified, inconclusive otherwise. A helper module: it registers nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import CheckContext
from symbolic.checks.algebraic import as_greater, equal, flatten_facts
from symbolic.checks.inequality import prove_sign_on
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import tex, tex_relation


# ---------------------------------------------------------------------------------------
# Links: a relation normalised to "small <= large" (or "=")


@dataclass(frozen=True)
class Link:
    """A relation as ``small <op> large`` with op one of ``=``, ``<=``, ``<``."""

    small: sympy.Basic
    large: sympy.Basic
    op: str  # "eq", "le" or "lt"

    def flipped(self) -> "Link":
        """For an equality, the same relation read the other way round."""
        return Link(self.large, self.small, self.op)

    def text(self) -> str:
        return tex_relation(self.small, self.op, self.large)


def link_of(lhs, relation: Relation, rhs) -> Link | None:
    return {
        Relation.EQ: lambda: Link(lhs, rhs, "eq"),
        Relation.LE: lambda: Link(lhs, rhs, "le"),
        Relation.LT: lambda: Link(lhs, rhs, "lt"),
        Relation.GE: lambda: Link(rhs, lhs, "le"),
        Relation.GT: lambda: Link(rhs, lhs, "lt"),
    }.get(relation, lambda: None)()


def op_implies(have: str, want: str) -> bool:
    """Whether a relation of kind ``have`` gives one of kind ``want`` between the same sides."""
    return have == want or (want == "le" and have in ("eq", "lt"))


_STRENGTH = {"eq": 0, "le": 1, "lt": 2}


def chain_op(ops: Iterable[str]) -> str:
    """The relation a chain gives: '<' if any link is strict, else '<=' if any is, else '='."""
    return max(ops, key=lambda op: _STRENGTH[op], default="eq")


class Mismatch(Exception):
    """The step does not have the form the rule needs; the message says what differs."""


# ---------------------------------------------------------------------------------------
# Premises and conclusions


def rule_name(step: Step) -> str:
    return step.rule.name if step.rule else "rules_auto"


def premise_steps(step: Step, context: CheckContext) -> list[Step]:
    return [context.premise(pid) for pid in (step.rule.premises if step.rule else ())]


def _gate(step: Step, context: CheckContext, premises: Sequence[Step]) -> tuple[Verdict | None, str]:
    """The verdict premises allow: PROVED, VERIFIED, or None with the reason."""
    weakest = Verdict.PROVED
    for premise in premises:
        if premise.kind is Kind.DEFINITION:
            continue  # holds by definition
        outcome = context.outcomes.get(premise.id)
        if outcome is None:
            return None, f"premise {premise.id} has not been checked"
        if outcome.verdict is Verdict.PROVED:
            continue
        if outcome.verdict is Verdict.VERIFIED:
            weakest = Verdict.VERIFIED
            continue
        return None, f"follows from premises that are {outcome.verdict.value} ({premise.id})"
    return weakest, ""


def usable_facts(step: Step) -> list:
    """The step's facts, without sign facts about one element named by a free index.

    ``x[j] > 0`` with j free in the claim is about that element only, so it must not be
    read later (in a sub-expression where j does not appear) as "every x[j] > 0".
    """
    free = step.claim.free_symbols if step.claim is not None else set()
    out = []
    for fact in flatten_facts(step.assumptions):
        indexed = [e for e in fact.atoms(sympy.Indexed)]
        if indexed and any(i in free for e in indexed for i in e.free_symbols
                           if i not in e.base.free_symbols):
            continue
        out.append(fact)
    return out


def _premise_facts_hold(step: Step, premises: Sequence[Step], extra: Iterable = ()) -> str | None:
    """None when every premise's assumption holds on the step's domain, else the reason."""
    own = set(flatten_facts(step.assumptions)) | set(extra)
    for premise in premises:
        for fact in flatten_facts(premise.assumptions):
            if fact in own:
                continue
            if not fact_proved(fact, tuple(own)):
                return (f"premise {premise.id} assumes {tex(fact)}, which step {step.id} neither "
                        "assumes nor implies; add it to the step's assumptions")
    return None


def fact_proved(fact, facts) -> bool:
    parts = as_greater(fact)
    if parts is None:
        return False
    big, small, strict = parts
    return prove_sign_on(big - small, facts, strict=strict) is not None


def conclude(step: Step, context: CheckContext, premises: Sequence[Step],
              detail: str, extra_facts: Iterable = ()) -> Outcome:
    """The outcome of a rule whose form and side conditions were proved."""
    name = f"rule {rule_name(step)}"
    problem = _premise_facts_hold(step, premises, extra_facts)
    if problem:
        return undecided(name, f"{detail}; but {problem}")
    verdict, why = _gate(step, context, premises)
    if verdict is None:
        return undecided(name, f"{detail}; but it {why}" if why.startswith("follows")
                         else f"{detail}; but {why}")
    if verdict is Verdict.VERIFIED:
        return Outcome(Verdict.VERIFIED, (Evidence(name, f"{detail}; follows from premises "
                                                         "that are verified, not proved"),))
    return Outcome(Verdict.PROVED, (Evidence(name, detail),))


def as_fact(link: Link):
    return link.small < link.large if link.op == "lt" else link.small <= link.large


def premise_link(premise: Step) -> Link:
    claim = premise.claim
    link = link_of(claim.lhs, claim.relation, claim.rhs) if claim else None
    if link is None:
        raise Mismatch(f"premise {premise.id} is not an equality or inequality")
    return link


def claim_link(step: Step) -> Link:
    link = link_of(step.claim.lhs, step.claim.relation, step.claim.rhs) if step.claim else None
    if link is None:
        raise Mismatch(f"the claim of {step.id} is not an equality or inequality "
                        f"(relation {step.claim.relation.value if step.claim else None})")
    return link


def same_value(a, b, facts=(), thorough: bool = False) -> bool:
    """Equality of two expressions up to a proof (structural first)."""
    if a == b:
        return True
    try:
        return equal(a, b, facts=facts, thorough=thorough)
    except SoftTimeout:
        raise
    except Exception:
        return False


def named_rule(fn: Callable[[Step, CheckContext], Outcome]):
    """Turn a mismatch into an inconclusive outcome naming what did not match."""
    def run(step: Step, *, config, context) -> Outcome:
        try:
            return fn(step, context)
        except Mismatch as exc:
            return undecided(f"rule {rule_name(step)}", f"the step does not match the rule: {exc}")
    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    run.__module__ = fn.__module__  # the rule belongs to the family that defines it
    return run


# ---------------------------------------------------------------------------------------
# Pieces of claims


def atoms_of(expr, cls) -> list:
    found = sorted(expr.atoms(cls), key=sympy.default_sort_key)
    return [a for a in found if len(a.limits) == 1 and len(a.limits[0]) == 3]


def range_count(lo, hi):
    return sympy.expand(hi - lo + 1)


def range_nonempty(lo, hi, facts) -> bool:
    return prove_sign_on(hi - lo, facts, cheap=True) is not None
