"""The symbolic tier for inequalities: proofs over the whole stated domain.

Every claim ``a R b`` with ``R`` in ``< <= > >=`` is turned into a goal "``f >= 0``" (or
``f > 0``) with ``f`` the larger side minus the smaller. Three methods try to prove it:

* ``inequality_sign``: SymPy's assumptions decide the sign of ``f`` after a few
  rewrites (expand, factor, cancel, simplify).
* ``inequality_substitution``: the same on the domain parametrised by the step's
  relational facts (``x > -1`` becomes ``x = t - 1`` with ``t > 0``).
* ``inequality_calculus``: ``f`` of one variable on an interval: convex (``f'' >= 0``)
  with a stationary point ``c`` where ``f(c) >= 0``, or monotone with ``f >= 0`` at the
  right end of the interval. Every side condition is a SymPy answer ``True`` (``None``
  is undecided and the method gives up).

This tier never refutes.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.calculus.util import continuous_domain

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
# prove_sign and friends are re-exported: other families import them from here
from symbolic.checks._prove import _parametrise, _sign_ok, domain_of, interval_of  # noqa: F401
from symbolic.checks._ranges import conventional, prove_sign, prove_sign_on  # noqa: F401
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_difference, tex_range, tex_relation
_SLOPE = "f' = "
_SLOPE_TENDS = "f' \\to "
_TENDS = "f \\to "
_CURVATURE = "f'' = "


@dataclass(frozen=True)
class Goal:
    """The goal ``large - small >= 0`` (``> 0`` when ``strict``) of an order claim."""

    small: sympy.Basic
    large: sympy.Basic
    strict: bool

    @property
    def gap(self):
        return self.large - self.small

    def describe(self) -> str:
        return tex_difference(self.large, self.small, "gt" if self.strict else "ge", 0)


def goal_of(lhs, relation: Relation, rhs) -> Goal | None:
    """The goal of an order relation, or None for any other relation."""
    if relation is Relation.LE:
        return Goal(lhs, rhs, False)
    if relation is Relation.LT:
        return Goal(lhs, rhs, True)
    if relation is Relation.GE:
        return Goal(rhs, lhs, False)
    if relation is Relation.GT:
        return Goal(rhs, lhs, True)
    return None


# ---------------------------------------------------------------------------------------
# Univariate calculus


def _sign_on(expr, u, interval, *, strict: bool) -> bool:
    """``expr(u) >= 0`` (``> 0``) on the interior of the interval, proved by SymPy."""
    return prove_sign(expr.subs(u, _parametrise(interval, u)), strict=strict) is not None


def _value(f, u, point, side: str):
    """``f`` at an end of the interval, as the one-sided limit from inside."""
    return sympy.limit(f, u, point, side)


_SMOOTH = (sympy.Add, sympy.Mul, sympy.Pow, sympy.exp, sympy.log, sympy.sin, sympy.cos,
           sympy.tan, sympy.sinh, sympy.cosh, sympy.tanh, sympy.atan, sympy.asinh)


def _elementary(expr) -> bool:
    """Built only from functions whose derivatives SymPy knows exactly (no floor, Abs, Max):
    the calculus argument needs f twice differentiable where continuous_domain says so."""
    for node in sympy.preorder_traversal(expr):
        if node.is_Atom:
            if not (node.is_Symbol or node.is_number):
                return False
            continue
        if not isinstance(node, _SMOOTH):
            return False
    return True


@dataclass(frozen=True)
class CalculusProof:
    proved: bool
    detail: str


def calculus_proof(f, symbol, facts, *, strict: bool, depth: int = 0) -> CalculusProof:
    """Prove ``f >= 0`` (``> 0``) on the interval of ``symbol`` by convexity or monotonicity.

    The sign of ``f'`` for monotonicity may itself be proved by this function (twice at
    most): ``e^x - 1 - x - x^2/2 >= 0`` for ``x >= 0`` because its derivative is.
    """
    if not _elementary(f):
        return CalculusProof(False, "the function uses more than elementary smooth functions")
    u = sympy.Dummy("u", real=True)
    region = interval_of(symbol, facts)
    g = f.subs(symbol, u)
    if not isinstance(region, sympy.Interval):
        return CalculusProof(False, f"the domain {tex(region)} of {tex(symbol)} is not an interval")
    try:
        continuous = region.is_subset(continuous_domain(g, u, region))
    except SoftTimeout:
        raise
    except Exception:
        continuous = None
    if continuous is not True:
        return CalculusProof(False, f"could not show the function is continuous on {tex(region)}")
    where = f"for {tex(sympy.Contains(symbol, region, evaluate=False))}"
    d1 = sympy.diff(g, u)
    d2 = sympy.diff(d1, u)
    if _sign_on(d2, u, region, strict=False):
        try:
            stationary = sympy.solveset(d1, u, region)
        except SoftTimeout:
            raise
        except Exception:
            stationary = None
        if isinstance(stationary, sympy.FiniteSet) and len(stationary) >= 1:
            c = sorted(stationary, key=sympy.default_sort_key)[0]
            value = sympy.simplify(g.subs(u, c))
            if _sign_ok(value, strict):
                second = tex_relation(sympy.simplify(d2.subs(u, symbol)), "ge", 0, _CURVATURE)
                at_point = tex_relation(value, "gt" if strict else "ge", 0, "f = ")
                return CalculusProof(True, f"{tex(f, 'f = ')} is convex {where} ({second}) with a "
                                     f"stationary point {tex_relation(symbol, '=', c)} where "
                                     f"{at_point}, so {tex_relation(sympy.Symbol('f'), 'gt' if strict else 'ge', 0)} "
                                     "on the whole interval")
        convex_end = _convex_monotone(g, d1, u, region, strict=strict)
        if convex_end is not None:
            return CalculusProof(True, f"{tex(f, 'f = ')} is convex {where} "
                                 f"({tex_relation(sympy.simplify(d2.subs(u, symbol)), 'ge', 0, _CURVATURE)}), {convex_end}")
    for increasing in (True, False):
        slope = d1 if increasing else -d1
        if not _sign_on(slope, u, region, strict=strict):
            if depth >= 2 or not calculus_proof(slope.subs(u, symbol), symbol, facts,
                                                strict=strict, depth=depth + 1).proved:
                continue
        end = region.start if increasing else region.end
        side = "+" if increasing else "-"
        try:
            at_end = _value(g, u, end, side)
        except SoftTimeout:
            raise
        except Exception:
            continue
        included = end in region
        # strictly monotone and the end excluded: f > f(end) >= 0 inside
        need_strict = strict and included
        if at_end.is_extended_real and _sign_ok(at_end, need_strict):
            kind = "increasing" if increasing else "decreasing"
            return CalculusProof(True, f"{tex(f, 'f = ')} is {'strictly ' if strict else ''}{kind} "
                                 f"{where} ({tex(sympy.simplify(d1.subs(u, symbol)), _SLOPE)}) and "
                                 f"{tex_relation(at_end, 'ge', 0, _TENDS)} at {tex_relation(symbol, '=', end)}")
    return CalculusProof(False, f"neither convexity with a stationary point nor monotonicity "
                         f"proved {where}")


def _convex_monotone(g, d1, u, region, *, strict: bool) -> str | None:
    """For convex g: f' >= 0 at the left end makes g increasing (mirror at the right end).

    g' is nondecreasing when g is convex, so its one-sided limit at the left end bounds
    it below on the whole interval; then g >= its limit at that end.
    """
    for increasing, end, side in ((True, region.start, "+"), (False, region.end, "-")):
        if not end.is_finite:
            continue
        try:
            slope = _value(d1, u, end, side)
            value = _value(g, u, end, side)
        except SoftTimeout:
            raise
        except Exception:
            continue
        slope_ok = (slope.is_nonnegative if increasing else slope.is_nonpositive) is True
        # strict: the end is excluded and g is strictly monotone when the slope is nonzero
        strict_ok = (not strict or (end not in region and
                     (slope.is_positive if increasing else slope.is_negative) is True)
                     or value.is_positive is True)
        if slope_ok and strict_ok and value.is_nonnegative is True:
            kind = "increasing" if increasing else "decreasing"
            return (f"{tex(slope, _SLOPE_TENDS)} at the {'left' if increasing else 'right'} end {tex(end)}, "
                    f"so f is {kind} there and {tex_relation(value, 'ge', 0, _TENDS)} at that end")
    return None


# ---------------------------------------------------------------------------------------
# Checkers


def _order_goal(step: Step) -> Goal | None:
    claim = step.claim
    if claim is None or step.kind in (Kind.DEFINITION, Kind.APPROXIMATION):
        return None
    return goal_of(claim.lhs, claim.relation, claim.rhs)


def _applies(step: Step) -> bool:
    return _order_goal(step) is not None


def _claim_symbols(step: Step) -> set:
    return set(step.claim.free_symbols)


@checker("inequality_sign", cost=Cost.PROVE, applies=_applies)
def check_sign(step: Step, *, config, context) -> Outcome | None:
    """Prove an inequality from the sign of larger - smaller side under the symbols' assumptions."""
    goal = _order_goal(step)
    how = prove_sign(goal.gap, strict=goal.strict)
    if how is not None:
        return Outcome(Verdict.PROVED, (Evidence("inequality_sign",
                       f"{goal.describe()} by SymPy's assumptions after {how}"),))
    return undecided("inequality_sign", "SymPy's assumptions did not decide the sign of "
                     f"{tex(goal.gap)} (not evidence that the claim is false)")


@checker("inequality_substitution", cost=Cost.PROVE_DEEPER,
         applies=lambda step: _applies(step) and bool(step.assumptions))
def check_substitution(step: Step, *, config, context) -> Outcome | None:
    """Prove an inequality on the domain parametrised by the step's relational facts."""
    goal = _order_goal(step)
    domain = domain_of(step.assumptions, protect=_claim_symbols(step))
    if domain.empty:
        return None
    how = prove_sign(domain.apply(conventional(goal.gap, step.assumptions)),
                     strict=goal.strict)
    if how is not None:
        return Outcome(Verdict.PROVED, (Evidence("inequality_substitution",
                       f"{goal.describe()}: sign proved after {how} with "
                       f"{domain.describe()}"),))
    return undecided("inequality_substitution", f"with {domain.describe()} the sign of "
                     "larger - smaller side was still undecided")


@checker("inequality_calculus", cost=Cost.CALCULUS,
         applies=lambda step: _applies(step) and len(_real_variables(step)) == 1)
def check_calculus(step: Step, *, config, context) -> Outcome | None:
    """Prove a one-variable inequality by convexity or monotonicity on its interval."""
    goal = _order_goal(step)
    symbol, = _real_variables(step)
    proof = calculus_proof(goal.gap, symbol, step.assumptions, strict=goal.strict)
    if proof.proved:
        return Outcome(Verdict.PROVED, (Evidence("inequality_calculus", proof.detail),))
    return undecided("inequality_calculus", proof.detail)


def _real_variables(step: Step) -> list:
    claim = step.claim
    symbols = [s for s in claim.free_symbols if isinstance(s, sympy.Symbol)]
    if any(not isinstance(s, sympy.Symbol) for s in claim.free_symbols):
        return []
    if claim.lhs.has(sympy.Indexed, sympy.Sum) or claim.rhs.has(sympy.Indexed, sympy.Sum):
        return []
    return [s for s in symbols if s.is_real]
