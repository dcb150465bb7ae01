"""Derivatives of a letter order, d^n/dz^n f = g(n, z), by induction on n.

A claim ``Derivative(f, (z, n)) = g`` with ``n`` a positive-integer symbol (as read from
``\\frac{d^n}{dz^n} f``) holds for every n >= 1 exactly when

* the base case holds: f' - g(1, z) is identically 0, and
* the step holds: d/dz g(n, z) - g(n + 1, z) is identically 0 for every integer n >= 1,

since then g(n, .) = f^(n) gives g(n + 1, .) = (f^(n))' = f^(n + 1). Both are shown with the same
zero-proving strategies as any identity; nothing is sampled for the proof.

A refutation needs a certified counterexample: the claim at a concrete order k = 1, 2, 3 (a
positive integer, as the claim's order is assumed to be) is differentiated exactly and its sides
are compared with Arb balls at exact points of z; it is tried only when the claim holds no letter
but n and z and the step states no assumption beyond the symbols' own (a point could break it).
"""
from __future__ import annotations

import sympy

from symbolic.checks import Cost, checker
from symbolic.checks.algebraic import STRATEGIES, Strategy, prove_zero
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.certify import Certainty, certify
from symbolic.numeric.text import tex, tex_relation

METHOD = "derivative_induction"
_ORDERS = (1, 2, 3)


def _factorials(expr):
    # (n-1)! n = n!: the step of an n-th derivative mostly needs factorials and powers combined
    return sympy.simplify(sympy.powsimp(sympy.gammasimp(sympy.expand_power_base(expr)), force=False))


_STRATEGIES = STRATEGIES + (Strategy("derivative_factorials", _factorials, Cost.SIMPLIFY,
                                     "gammasimp, then powsimp and simplify"),)
_POINTS = (sympy.Rational(1, 3), sympy.Rational(7, 5), sympy.Rational(-1, 2),
           sympy.Rational(1, 2) + sympy.I / 3)


def _letter_order(derivative) -> sympy.Symbol | None:
    """The symbol n of ``Derivative(f, (z, n))`` in one variable, else None."""
    if not isinstance(derivative, sympy.Derivative) or len(derivative.variable_count) != 1:
        return None
    count = derivative.variable_count[0][1]
    return count if isinstance(count, sympy.Symbol) else None


def _shape(claim):
    """(derivative, n, z, f, g) when one side is a letter-order derivative and the other is free of
    derivatives of that order, else None."""
    if claim is None or claim.relation is not Relation.EQ:
        return None
    for side, other in ((claim.lhs, claim.rhs), (claim.rhs, claim.lhs)):
        n = _letter_order(side)
        if n is None or any(_letter_order(d) is not None for d in other.atoms(sympy.Derivative)):
            continue
        z = side.variable_count[0][0]
        if n in side.expr.free_symbols or not isinstance(z, sympy.Symbol):
            return None     # the order occurs in what is differentiated: no induction on it
        return side, n, z, side.expr, other
    return None


def _applies(step: Step) -> bool:
    claim = step.claim
    return claim is not None and claim.relation is Relation.EQ and \
        any(_letter_order(d) is not None
            for d in (claim.lhs.atoms(sympy.Derivative) | claim.rhs.atoms(sympy.Derivative)))


@checker(METHOD, cost=Cost.TRANSFORM, applies=_applies)
def derivative_induction(step: Step, *, config, context) -> Outcome | None:
    """Prove d^n/dz^n f = g(n, z) for all n >= 1 by induction; refute at a concrete order."""
    found = _shape(step.claim)
    if found is None:
        return undecided(METHOD, "a derivative of letter order is decided only alone on one side "
                         "of an equation, d^n/dz^n f = g, with n not in f")
    derivative, n, z, f, g = found
    if not (n.is_integer and n.is_positive):
        return undecided(METHOD, f"the order {tex(n)} is not assumed a positive integer")
    base = sympy.diff(f, z) - g.xreplace({n: sympy.Integer(1)})
    step_gap = sympy.diff(g, z) - g.xreplace({n: n + 1})
    said = (f"by induction on {tex_relation(n, '>=', 1)}: the claim at {tex_relation(n, '=', 1)} is "
            f"{tex_relation(sympy.Derivative(f, z), '=', g.xreplace({n: sympy.Integer(1)}))}, and "
            f"differentiating the right side in {tex(z)} gives it at {tex(n + 1)}")
    first = prove_zero(base, strategies=_STRATEGIES)
    if first.proved:
        second = prove_zero(step_gap, strategies=_STRATEGIES)
        if second.proved:
            return Outcome(Verdict.PROVED, (Evidence(METHOD, said + f" (base case by {first.strategy}, "
                                                     f"step by {second.strategy})"),))
    refuted = _refute(step, derivative, n, z, g)
    if refuted is not None:
        return refuted
    return undecided(METHOD, said + "; the base case or the step was not shown to be 0")


def _refute(step, derivative, n, z, g):
    """The claim at a concrete order, certified false at an exact point by Arb balls."""
    others = (derivative.free_symbols | g.free_symbols) - {n, z}
    if step.assumptions or others:
        return None
    for k in _ORDERS:
        if not _admissible(n, sympy.Integer(k)):
            continue
        lhs = sympy.diff(derivative.expr, (z, k))
        rhs = g.xreplace({n: sympy.Integer(k)})
        for point in _POINTS:
            if not _admissible(z, point):
                continue
            if certify(lhs, rhs, Relation.EQ, {z: point}) is Certainty.FAILS:
                return Outcome(Verdict.REFUTED, (Evidence(METHOD, (
                    f"at the order {tex_relation(n, '=', k)} (a positive integer, as assumed) the "
                    f"claim reads {tex_relation(lhs, '=', rhs)}, and at {tex_relation(z, '=', point)} "
                    f"Arb balls of its sides do not meet")),), ((str(n), str(k)), (str(z), str(point))))
    return None


_PREDICATES = ("real", "extended_real", "integer", "even", "odd", "positive", "negative",
               "nonnegative", "nonpositive", "nonzero", "zero", "rational", "prime", "composite")


def _admissible(symbol, value) -> bool:
    """Whether an exact value has every property SymPy knows of the symbol (a counterexample
    must satisfy every assumption): a property the value lacks or may lack rules it out."""
    for name in _PREDICATES:
        if getattr(symbol, f"is_{name}") and getattr(value, f"is_{name}") is not True:
            return False
    return not (symbol.is_imaginary and value.is_imaginary is not True)
