"""Limits in claims with complex parameters or signed letters: sympy.limit on the real picture.

``sympy.limit`` decides ``\\lim_{x \\to \\infty} x^{-a} \\ln x = 0`` for a positive a, but not
for a complex a with ``Re a > 0``, and ``\\lim_{\\epsilon \\to 0^+} \\ln(x + i \\epsilon)`` only
when x is known negative. This checker first puts the stated domain into the letters
themselves: each complex parameter p is written ``P + i Q`` with real P and Q (its facts
about ``Re p`` and ``Im p`` then become facts about P and Q), and the facts are turned into
signed variables (``x < 0`` gives ``x = -t``, t > 0; ``P > 0`` makes P a positive variable).
A fact it cannot use is dropped, which only enlarges the domain (a proof stays sound).

Then a claim ``lim f = L`` (L free of limits) is proved

* when every limit evaluates (``sympy.limit``) and the claim simplifies to an identity, or
* by the modulus: ``lim f = L`` exactly when ``lim |f - L| = 0``. A two-sided limit at a finite
  point is split into its two one-sided limits, and the bound letter is written
  ``x0 + u`` or ``x0 - u`` (``x = u`` or ``x = -u`` at infinity) with u > 0, so that ``|x^a|``
  is ``u^{Re a}`` and the modulus is a real function that ``sympy.limit`` takes; each one-sided
  limit of the modulus must be 0.

It never refutes: an undecided limit says nothing about the claim.
"""
from __future__ import annotations

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import tex

METHOD = "limits_modulus"
_BUDGET_S = 4.0


def _applies(step: Step) -> bool:
    claim = step.claim
    return claim is not None and claim.relation is Relation.EQ \
        and (claim.lhs.has(sympy.Limit) or claim.rhs.has(sympy.Limit))


def _complex_parameters(claim, facts):
    """Each complex (not known real) parameter p as P + i Q, P and Q real, in claim and facts."""
    params = sorted((s for s in claim.lhs.free_symbols | claim.rhs.free_symbols
                     if isinstance(s, sympy.Symbol) and s.is_extended_real is not True),
                    key=str)
    split = {p: sympy.Dummy(f"Re_{p.name}", real=True) + sympy.I * sympy.Dummy(f"Im_{p.name}", real=True)
             for p in params}
    if not split:
        return claim, facts, ""

    def put(e):
        return sympy.sympify(e).xreplace(split)

    def parts(e):       # re(P + i Q) -> P once P and Q are real
        return sympy.expand_complex(e) if e.has(sympy.re, sympy.im) else e
    new_facts = tuple(f.func(*(sympy.expand(parts(put(a))) for a in f.args))
                      if isinstance(f, sympy.core.relational.Relational) else put(f) for f in facts)
    said = ", ".join(f"{p} = Re {p} + i Im {p}" for p in params)
    return type(claim)(put(claim.lhs), claim.relation, put(claim.rhs)), new_facts, said


def _run(fn):
    from symbolic.checks._prove import run_budgeted
    try:
        return run_budgeted(fn, budget_s=_BUDGET_S)
    except SoftTimeout:
        raise
    except Exception:     # a SymPy failure decides nothing
        return None


def _by_modulus(limit: sympy.Limit, target) -> bool:
    """Whether every one-sided limit of |f - target| at the limit's point is 0."""
    f, x, x0, direction = limit.args
    if not isinstance(x, sympy.Symbol) or target.has(x):
        return False
    u = sympy.Dummy("u", positive=True)
    if x0 in (sympy.oo, sympy.S.NegativeInfinity):
        pieces = [(f.xreplace({x: u if x0 is sympy.oo else -u}), sympy.oo, "-")]
    else:
        if not x.is_extended_real:
            return False
        signs = {"+": [1], "-": [-1], "+-": [1, -1]}.get(str(direction))
        if signs is None:
            return False
        pieces = [(f.xreplace({x: x0 + s * u}), sympy.S.Zero, "+") for s in signs]
    for g, to, side in pieces:
        modulus = _run(lambda g=g: sympy.simplify(sympy.Abs(g - target)))
        if modulus is None or modulus.has(sympy.re, sympy.im, sympy.arg) or not modulus.is_extended_real:
            return False
        if _run(lambda: sympy.limit(modulus, u, to, side)) != 0:
            return False
    return True


def _negative_logs(expr):
    """``ln u`` of a u known negative as ``ln(-u) + i pi`` (the principal branch on its cut)."""
    return expr.replace(lambda e: isinstance(e, sympy.log) and e.args[0].is_extended_negative is True,
                        lambda e: sympy.log(-e.args[0]) + sympy.I * sympy.pi)


def _evaluated(expr):
    """expr with every limit evaluated by sympy.limit, or None."""
    done = _run(lambda: expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: e.doit()))
    if done is None or done.has(sympy.Limit, sympy.AccumBounds, sympy.nan, sympy.zoo):
        return None
    return done


@checker(METHOD, cost=Cost.TRANSFORM, applies=_applies)
def limits_modulus(step: Step, *, config, context) -> Outcome | None:
    """Prove a limit claim by sympy.limit on its domain, or by the modulus of the difference.

    The domain is put into the letters first: complex parameters split into real parts, signs
    from the facts."""
    from symbolic.checks._prove import domain_of, flatten_facts
    claim = step.claim
    split, facts, said = _complex_parameters(claim, tuple(flatten_facts(step.assumptions)))
    domain = domain_of(facts, protect=split.lhs.free_symbols | split.rhs.free_symbols)
    lhs, rhs = domain.apply(split.lhs), domain.apply(split.rhs)
    notes = ([said] if said else []) + list(domain.notes)
    where = f" (on the domain as {'; '.join(notes)})" if notes else ""
    left, right = _evaluated(lhs), _evaluated(rhs)
    if left is not None and right is not None:
        gap = _run(lambda: sympy.simplify(_negative_logs(left - right)))
        if gap == 0:
            cut = ", with $\\ln u = \\ln(-u) + i \\pi$ for a negative u" \
                if _negative_logs(left - right) != left - right else ""
            return Outcome(Verdict.PROVED, (Evidence(METHOD, (
                f"the limits evaluate (sympy.limit) to {tex(left)} and {tex(right)}{where}, "
                f"which simplify to the same value{cut}")),))
    for side, other in ((lhs, rhs), (rhs, lhs)):
        if isinstance(side, sympy.Limit) and not other.has(sympy.Limit) and _by_modulus(side, other):
            return Outcome(Verdict.PROVED, (Evidence(METHOD, (
                f"the limit is {tex(other)} because the modulus of the difference, "
                f"{tex(sympy.Abs(side.args[0] - other, evaluate=False))}, is a real function "
                f"whose limit (sympy.limit, each side of the point apart) is 0{where}")),))
    return undecided(METHOD, f"sympy.limit did not decide the limits{where}")
