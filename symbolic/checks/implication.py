"""Counterexamples to implications whose premise is an exact identity at a point.

Sampling cannot refute ``P => Q`` when P is an equation between transcendental numbers:
interval arithmetic never certifies an equality. ``implication_exact_points`` tries a
seeded set of small exact points (integers and halves) for the claim's real symbols; at a
point it needs

* every premise equation proved exactly by SymPy (its residual simplifies to 0),
* every other premise and assumption certified to hold (interval or ball arithmetic),
* some conclusion certified to fail (``symbolic.numeric.certify``),

and only then concludes ``refuted`` with that point. Anything short of that is no verdict.
Claims over general sizes (sums with a symbolic range, indexed symbols) are left to the
numeric tier.
"""
from __future__ import annotations

import itertools
import random

import sympy

from symbolic import numeric
from symbolic.checks import Cost, checker
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

METHOD = "implication_exact_points"
_VALUES = (1, 0, -1, 2, sympy.Rational(1, 2), -2)
_RELATIONS = {sympy.Eq: Relation.EQ, sympy.Ne: Relation.NE, sympy.Lt: Relation.LT,
              sympy.Le: Relation.LE, sympy.Gt: Relation.GT, sympy.Ge: Relation.GE}
_MAX_POINTS = 200


def _conjuncts(boolean):
    return list(boolean.args) if isinstance(boolean, sympy.And) else [boolean]


# sign assumptions a point must respect; a symbol with any other assumption (integer,
# rational, irrational, ...) is left to the numeric tier
_SIGNS = ("positive", "negative", "nonnegative", "nonpositive", "nonzero", "zero")
_UNDERSTOOD = {"real", "complex", "extended_real", "finite", "infinite", "hermitian",
               "commutative", "imaginary", "extended_positive", "extended_negative",
               "extended_nonnegative", "extended_nonpositive", "extended_nonzero",
               *_SIGNS}


def _candidates(symbol) -> list:
    """The small exact values that respect the symbol's sign assumptions."""
    out = []
    for value in _VALUES:
        number = sympy.sympify(value)
        if all(getattr(symbol, f"is_{sign}") in (None, getattr(number, f"is_{sign}"))
               for sign in _SIGNS):
            out.append(number)
    return out


def _applies(step: Step) -> bool:
    claim = step.claim
    if claim is None or claim.relation is not Relation.IMPLIES:
        return False
    parts = _conjuncts(claim.lhs) + _conjuncts(claim.rhs) + list(step.assumptions)
    if not all(type(p) in _RELATIONS for p in parts):
        return False
    free = set().union(*(p.free_symbols for p in parts))
    return bool(free) and all(isinstance(s, sympy.Symbol) and s.is_real
                              and set(s.assumptions0) <= _UNDERSTOOD for s in free) \
        and not any(p.has(sympy.Indexed, sympy.Sum, sympy.Product) for p in parts)


def _points(symbols, seed: int, count: int):
    """All-ones first, then a seeded selection of the grid of small exact values (each
    symbol's values respect its sign assumptions)."""
    choices = [_candidates(s) for s in symbols]
    if not all(choices):
        return
    yield {s: c[0] for s, c in zip(symbols, choices)}
    rng = random.Random(seed)
    grid = 1
    for c in choices:
        grid *= len(c)
    if grid <= count:
        for values in itertools.product(*choices):
            yield dict(zip(symbols, values))
        return
    for _ in range(count):
        yield {s: rng.choice(c) for s, c in zip(symbols, choices)}


def _exactly_zero(expr) -> bool:
    if expr == 0:
        return True
    for rewrite in (sympy.expand, lambda e: sympy.expand(sympy.expand_log(e, force=False)),
                    sympy.simplify):
        try:
            expr = rewrite(expr)
        except Exception:
            return False
        if expr == 0:
            return True
    return False


def _holds_at(fact, point) -> bool:
    relation = _RELATIONS[type(fact)]
    if relation is Relation.EQ:
        return _exactly_zero((fact.lhs - fact.rhs).xreplace(point))
    return numeric.certify(fact.lhs, fact.rhs, relation, point) is numeric.Certainty.HOLDS


def _fails_at(goal, point) -> bool:
    return numeric.certify(goal.lhs, goal.rhs, _RELATIONS[type(goal)], point) is numeric.Certainty.FAILS


@checker(METHOD, cost=Cost.SIMPLIFY, applies=_applies)
def check_exact_points(step: Step, *, config, context) -> Outcome | None:
    """Refute ``P => Q`` at a small exact point where P is proved and Q certainly fails."""
    claim = step.claim
    hypotheses = _conjuncts(claim.lhs) + list(step.assumptions)
    goals = _conjuncts(claim.rhs)
    symbols = sorted(set().union(*(p.free_symbols for p in hypotheses + goals)), key=str)
    tried = 0
    for point in _points(symbols, config.seed, min(config.samples, _MAX_POINTS)):
        tried += 1
        if not all(_holds_at(h, point) for h in hypotheses):
            continue
        for goal in goals:
            if _fails_at(goal, point):
                items = tuple((str(s), str(v)) for s, v in point.items())
                where = ", ".join(f"{a}={b}" for a, b in items)
                return Outcome(Verdict.REFUTED, (Evidence(
                    METHOD, f"at {where} every premise holds (equations proved exactly by "
                            f"SymPy, the rest certified) and {tex(goal)} certainly fails "
                            "(interval/ball arithmetic)"),), counterexample=items)
    return Outcome(Verdict.INCONCLUSIVE, (Evidence(
        METHOD, f"no counterexample among {tried} small exact points "
                "(not evidence that the claim holds)"),))
