"""Definedness conditions inside a sum or product over an index range, for the where-defined reading.

A denominator inside ``sum_{n=1}^{infinity} 1/(z^2 - n^2 pi^2)`` gives the condition
``z^2 - n^2 pi^2 != 0`` under the facts ``n >= 1`` (and ``n <= oo``): it must hold for every
integer of the range. Where it fails for one ``n``, that term is undefined and so is the
sum or product, so the condition is exact and the where-defined reading
(``_where_defined``) may leave out the points where it fails, as it does for a condition
of a side's own function. What is needed beyond that is a witness: a point of the domain
where every condition holds, for every index of its range. For a condition that is a
polynomial in the index this is decided at a sampled point from the polynomial's roots in
the index (computed at 30 digits): it holds for every integer of the range when no root is
within ``1e-10`` of an integer in the range.

Only the facts of a range (``n >= lo``, ``n <= hi`` for a bound index, with integer or
infinite ends) are accepted as a condition's facts; a claim with a ``Piecewise`` (whose
branch conditions are also facts) is left alone.
"""
from __future__ import annotations

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks._witness import witness_point

_MARGIN = sympy.Float("1e-10")


def _range_of(condition, claim):
    """``(index, lo, hi)`` when the condition's facts are exactly one range of a bound index
    with integer or infinite ends, else None."""
    facts = [f for f in condition.facts if f is not sympy.true]
    lows, highs = [], []
    for fact in facts:
        if not isinstance(fact, (sympy.GreaterThan, sympy.LessThan)):
            return None
        index, end = (fact.lhs, fact.rhs)
        if not (isinstance(index, sympy.Symbol) and index.is_integer and end.is_number):
            return None
        if not (end.is_Integer or end.is_infinite):
            return None
        (lows if isinstance(fact, sympy.GreaterThan) else highs).append((index, end))
    indices = {i for i, _ in lows + highs}
    if not indices:
        # over all integers both facts are True: the index is the bound integer symbol
        indices = {s for s in condition.expr.free_symbols
                   if s.is_integer and s not in claim.free_symbols} or {sympy.Dummy("n", integer=True)}
    if len(indices) != 1 or len(lows) > 1 or len(highs) > 1:
        return None
    index, = indices
    if index in claim.free_symbols:
        return None
    return index, lows[0][1] if lows else -sympy.oo, highs[0][1] if highs else sympy.oo


def over_index_range(condition, claim) -> bool:
    """Whether ``condition`` is a nonzero condition inside a sum or product over an index range
    (module doc), which the where-defined reading may leave out where it fails."""
    from symbolic.checks._definedness import Need
    return (condition.need is Need.NONZERO and not claim.lhs.has(sympy.Piecewise)
            and not claim.rhs.has(sympy.Piecewise) and _range_of(condition, claim) is not None)


def holds_for_every_index(condition, claim, values) -> bool:
    """Whether ``condition`` holds at the point ``values`` for every integer of its range."""
    index, lo, hi = _range_of(condition, claim)
    expr = sympy.expand(condition.expr.xreplace(values))
    try:
        poly = sympy.Poly(expr, index)
    except sympy.PolynomialError:
        return False
    if not all(c.is_number for c in poly.all_coeffs()):
        return False
    if poly.degree() <= 0:
        return poly.as_expr() != 0 and abs(sympy.N(poly.as_expr(), 30)) > _MARGIN
    try:
        roots = poly.nroots(n=30)
    except SoftTimeout:
        raise
    except Exception:   # no convergence: not shown
        return False
    for root in roots:
        re_part, im_part = sympy.N(root, 30).as_real_imag()
        nearest = sympy.Integer(round(re_part))
        if abs(im_part) > _MARGIN or abs(re_part - nearest) > _MARGIN:
            continue
        if lo <= nearest <= hi:
            return False
    return True


def witness(claim, excluded, facts):
    """A sampled point where every excluded condition holds (those over an index range for
    every index of it), as ``(name, value)`` strings, or None when none of a few is found."""
    from symbolic.checks._definedness import _holds, _witness
    if not any(c.facts for c in excluded):
        return _witness(claim, excluded, facts)
    symbols = sorted({s for s in claim.free_symbols if isinstance(s, sympy.Symbol)}, key=str)
    return witness_point(symbols, facts, lambda values: all(
        holds_for_every_index(c, claim, values) if c.facts else _holds(c, values) for c in excluded))


def described(conditions) -> str:
    """The points where ``conditions`` fail in words, a condition over an index range with its
    range: ``$z^2 - n^2 pi^2 = 0$ for an integer $n \\ge 1$``."""
    from symbolic.checks._definedness import SharedExclusion
    from symbolic.numeric.text import latex_of
    parts = []
    for c in conditions:
        text = SharedExclusion((c,)).text()
        bounds = [f for f in c.facts if f is not sympy.true]
        if c.facts:
            indices = {s for f in bounds for s in f.lhs.free_symbols} or {
                s for s in c.expr.free_symbols if s.is_integer}
            shown = [latex_of(f) for f in bounds if not f.rhs.is_infinite]
            index = f"${latex_of(next(iter(indices)))}$" if len(indices) == 1 else "index"
            text += f" for an integer {index}" + (f" with ${', '.join(shown)}$" if shown else "")
        parts.append(text)
    return "; ".join(parts)
