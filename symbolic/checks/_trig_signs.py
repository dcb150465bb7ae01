"""Signs of sine, cosine and tangent of a linear argument on an interval of a real variable.

``cos x > 0`` for ``-pi/2 < x < pi/2`` and ``tan(x/2) > 0`` for ``0 < x < pi``: the argument
``a x + b`` runs over an interval J, and ``sin t > 0`` exactly on the intervals
``(2k pi, (2k + 1) pi)``, ``tan t > 0`` on ``(k pi, k pi + pi/2)`` (``cos t = sin(t + pi/2)``).
The sign is proved when J lies inside one of them, decided by exact comparisons of J's ends
(SymPy evaluates them for numbers such as ``pi/4``). Anything else is not decided here.
"""
from __future__ import annotations

import sympy

_PERIOD = {sympy.sin: 2 * sympy.pi, sympy.tan: sympy.pi}
_WIDTH = {sympy.sin: sympy.pi, sympy.tan: sympy.pi / 2}


def _inside(region: sympy.Interval, lo, hi) -> bool:
    """Whether the interval lies in the open interval (lo, hi)."""
    left = region.start > lo or (region.start == lo and region.left_open)
    right = region.end < hi or (region.end == hi and region.right_open)
    return bool(left == sympy.true and right == sympy.true)


def _positive_on(function, argument, x, region: sympy.Interval) -> bool:
    """``function(argument) > 0`` for x in the region (argument linear in x)."""
    slope = sympy.diff(argument, x)
    if slope.free_symbols or slope == 0 or sympy.diff(slope, x) != 0:
        return False
    shift = sympy.expand(argument - slope * x)
    if shift.free_symbols:
        return False
    ends = sorted([slope * region.start + shift, slope * region.end + shift], key=lambda e: float(e))
    opens = (region.left_open, region.right_open) if slope > 0 else (region.right_open, region.left_open)
    image = sympy.Interval(ends[0], ends[1], *opens)
    if function is sympy.cos:          # cos t = sin(t + pi/2)
        function, image = sympy.sin, sympy.Interval(image.start + sympy.pi / 2, image.end + sympy.pi / 2,
                                                    image.left_open, image.right_open)
    period, width = _PERIOD[function], _WIDTH[function]
    k = sympy.floor(image.start / period)
    if not k.is_integer:
        return False
    return _inside(image, k * period, k * period + width)


def trig_sign_proved(expr, need: str, facts) -> bool:
    """Whether ``c * f(a x + b) > 0`` (or ``!= 0``) holds on the interval the facts give x, for a
    number ``c`` and f one of sin, cos, tan."""
    from symbolic.checks._prove import interval_of
    if need not in ("POSITIVE", "NONZERO", "NONNEGATIVE"):
        return False
    if not isinstance(expr, sympy.Expr):
        return False
    coefficient, core = expr.as_coeff_Mul()
    if not isinstance(core, (sympy.sin, sympy.cos, sympy.tan)) or coefficient == 0:
        return False
    symbols = core.free_symbols
    if len(symbols) != 1:
        return False
    x, = symbols
    if x.is_extended_real is not True:
        return False
    region = interval_of(x, facts)
    if not isinstance(region, sympy.Interval) or not (region.start.is_finite and region.end.is_finite):
        return False
    function, argument = type(core), core.args[0]
    if coefficient > 0 and _positive_on(function, argument, x, region):
        return True
    if need == "NONZERO" or coefficient < 0:
        # -sin t = sin(t + pi), -tan t = tan(-t), -cos t = cos(t + pi)
        flipped = {sympy.sin: (sympy.sin, argument + sympy.pi), sympy.cos: (sympy.cos, argument + sympy.pi),
                   sympy.tan: (sympy.tan, -argument)}[function]
        negative = _positive_on(flipped[0], flipped[1], x, region)
        if coefficient < 0 and negative:
            return True
        if need == "NONZERO" and (negative or _positive_on(function, argument, x, region)):
            return True
    return False
