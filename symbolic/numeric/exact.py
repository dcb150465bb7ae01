"""Exact points a judgement tries beyond its samples, and what holds there.

A claim judged at sampled points can still fail exactly where no sample lands: where its
margin touches zero (``\\sin x < 1`` at pi/2), at a pole of one side, or in the limit of a
large size. These helpers find such exact candidates with SymPy (closed forms of a side at
a constant entry, zeros and stationary points of a margin, zeros of a definedness
condition) and decide whether a side is certainly defined there; ``judge.py`` certifies
the claim at them.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import sympy

from symbolic.functions import MaxOver
from symbolic.model import Relation
from symbolic.numeric.backends import _MP, _context
from symbolic.numeric.certify import Certainty, certify
from symbolic.numeric.compile import Env, compile_expr
from symbolic.numeric.evaluate import _run
from symbolic.numeric.sampling import ValueKind, _signed
from symbolic.numeric.text import tex_relation


def collapsed(expr, c: int, ikinds: Mapping):
    """``expr`` with every entry of its indexed quantities equal to ``c`` and its ranges
    summed in closed form; None where that is not possible (a range SymPy cannot sum, an
    entry whose sign forbids ``c``, a range that might be empty)."""
    for kind in ikinds.values():
        if _signed(Fraction(c), kind) != c:
            return None
    try:
        e = expr.replace(lambda t: isinstance(t, sympy.Indexed), lambda t: sympy.Integer(c))
        for node in sympy.preorder_traversal(e):
            if isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
                index, lo, hi = node.limits[0]
                if not lo.is_Integer or not (hi - lo).free_symbols:
                    return None  # the range must grow with the size from a fixed start
        e = e.replace(lambda t: isinstance(t, MaxOver) and t.limits[0][0] not in t.function.free_symbols,
                      lambda t: t.function)
        e = e.replace(lambda t: isinstance(t, (sympy.Sum, sympy.Product)), lambda t: t.doit())
    except Exception:  # noqa: BLE001 -- no closed form: nothing to judge
        return None
    if e.has(sympy.Sum, sympy.Product, MaxOver):
        return None
    return e


IDENTIFY_WIDTH = 2  # solveset looks this far on either side of the closest point


def admissible(value, kind: ValueKind) -> bool:
    """An exact real number meets a symbol's declared assumptions (certainly)."""
    if kind.complex or (kind.integer and value.is_integer is not True):
        return not kind.integer and value.is_real is True if not kind.complex else False
    if kind.parity is not None and (value.is_even if kind.parity == 0 else value.is_odd) is not True:
        return False
    test = {"pos": value.is_positive, "neg": value.is_negative, "nonneg": value.is_nonnegative,
            "nonpos": value.is_nonpositive, "nonzero": value.is_nonzero}.get(kind.sign, True)
    return test is True and value.is_real is True


def exact_candidates(margin, sym, near: Fraction) -> list:
    """Exact points near ``near`` where ``margin`` (a function of ``sym``) may vanish or
    be smallest: its zeros and stationary points there (SymPy), and closed forms of the
    nearest stationary point recognised by nsimplify."""
    out: list = []
    if sympy.count_ops(margin) > 60:
        return out
    centre = sympy.Rational(near.numerator, near.denominator)
    window = sympy.Interval(centre - IDENTIFY_WIDTH, centre + IDENTIFY_WIDTH)
    for target in (sympy.diff(margin, sym), margin):
        try:
            found = sympy.solveset(target, sym, window)
        except (NotImplementedError, ValueError, TypeError, RecursionError):
            continue
        if isinstance(found, sympy.FiniteSet):
            out.extend(v for v in sorted(found, key=lambda v: abs(float(v - centre)))
                       if v.is_real)
    if not out:  # a numerical stationary point, named if it is a simple closed form
        try:
            slope = compile_expr(sympy.diff(margin, sym))
            ctx = _context()
            backend = _MP(ctx)
            with ctx.workdps(40):
                root = ctx.findroot(lambda t: _run(backend, slope, Env({sym: t})),
                                    ctx.mpf(near.numerator) / near.denominator)
            guess = sympy.nsimplify(sympy.Float(str(root), 30), [sympy.pi, sympy.E],
                                    tolerance=1e-25)
            if guess.free_symbols == set():
                out.append(guess)
        except Exception:  # noqa: BLE001 -- no stationary point found: nothing to try
            pass
    return out[:6]


POLE_ZEROS = 6  # zeros tried per condition (a periodic family: k = 0, 1, -1)


def definedness_conditions(expr) -> list:
    """The definedness conditions of an expression (none when the collector cannot walk it)."""
    from symbolic.checks._definedness import conditions
    try:
        return conditions(expr)
    except Exception:  # noqa: BLE001 -- an expression the collector cannot walk: no poles
        return []


def real_zeros(expr, sym) -> list:
    """Exact real zeros of ``expr`` in ``sym`` (SymPy's solveset), a few representatives
    (k = 0, 1, -1) of each periodic family, nearest to 0 first."""
    if expr.free_symbols != {sym} or sympy.count_ops(expr) > 40:
        return []
    try:
        found = sympy.solveset(expr, sym, sympy.S.Reals)
    except (NotImplementedError, ValueError, TypeError, RecursionError, AttributeError):
        return []
    parts = found.args if isinstance(found, sympy.Union) else (found,)
    out: list = []
    for part in parts:
        if isinstance(part, sympy.FiniteSet):
            out.extend(v for v in part if v.is_real)
        elif isinstance(part, sympy.ImageSet) and len(part.lamda.variables) == 1 \
                and part.base_sets and part.base_sets[0] == sympy.S.Integers:
            k, = part.lamda.variables
            out.extend(part.lamda.expr.subs(k, n) for n in (0, 1, -1))
    out = [v for v in out if v.free_symbols == set()]
    try:
        out.sort(key=lambda v: abs(float(v)))
    except TypeError:
        pass
    return out[:POLE_ZEROS]


def defined_at(expr, exact: dict, dps: int) -> tuple:
    """(True, '') when every definedness condition of ``expr`` certainly holds at the exact
    point, (False, why) when one is certainly violated, (None, '') otherwise."""
    from symbolic.checks._definedness import Need
    unknown = False
    for cond in definedness_conditions(expr):
        if cond.facts:
            unknown = True
            continue
        if cond.need is Need.NEVER:
            return False, cond.text()
        value = cond.expr.subs(exact)
        if value.free_symbols:
            unknown = True
            continue
        if value.is_zero is True or value.has(sympy.zoo, sympy.nan):
            return False, f"{tex_relation(cond.expr, '=', 0)} at this point"
        relation = Relation.NE if cond.need is Need.NONZERO else (
            Relation.GT if cond.need is Need.POSITIVE else Relation.GE)
        held = certify(value, sympy.S.Zero, relation, dps=dps)
        if held is Certainty.HOLDS:
            continue
        if held is Certainty.FAILS and cond.need is not Need.NONZERO:
            return False, f"{cond.text().split(' (')[0]} fails at this point"
        unknown = True
    return (None, "") if unknown else (True, "")
