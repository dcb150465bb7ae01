"""A second look at a sign that SymPy's assumptions report: no sample point may contradict it.

SymPy's assumption system can answer wrongly: with a, b nonnegative integers it reports
``-1 + 5/(a + b + 1)`` nonnegative (SymPy 1.14), which is false at a = 5, b = 0; a sign proof
built on that answer would prove a false inequality (``\\sum_{i=1}^{n} 1 \\le 5`` through
``1 \\le 5/n``). Before a reported sign counts, the expression is evaluated at a fixed set of
points allowed by its symbols' assumptions (small, large and mixed values, exactly where the
values are rational); one point of the wrong sign rejects the report. This cannot make a sign
proof of a false claim certain to fail, but it turns every wrong answer that a few points expose
into "not proved" (never into a verdict of its own), at a cost only where a sign was reported.
"""
from __future__ import annotations

import itertools

import sympy

_MAX_SYMBOLS = 8
_MAX_POINTS = 64
_R = sympy.Rational


def _values(symbol: sympy.Symbol) -> tuple | None:
    """Values the symbol may take by its assumptions, from small to large; None if not real."""
    if symbol.is_real is not True:
        return None
    if symbol.is_integer:
        if symbol.is_positive:
            vals = (1, 2, 3, 5, 10, 1000)
        elif symbol.is_nonnegative:
            vals = (0, 1, 2, 5, 10, 1000)
        elif symbol.is_negative:
            vals = (-1, -2, -3, -5, -10, -1000)
        elif symbol.is_nonpositive:
            vals = (0, -1, -2, -5, -10, -1000)
        else:
            vals = (0, 1, -1, 2, -3, 10, -10, 1000, -1000)
    elif symbol.is_positive:
        vals = (_R(1, 1000), _R(1, 3), 1, 2, 10, 1000)
    elif symbol.is_nonnegative:
        vals = (0, _R(1, 3), 1, 2, 10, 1000)
    elif symbol.is_negative:
        vals = (_R(-1, 1000), _R(-1, 3), -1, -2, -10, -1000)
    elif symbol.is_nonpositive:
        vals = (0, _R(-1, 3), -1, -2, -10, -1000)
    else:
        vals = (0, _R(1, 3), -_R(1, 3), 1, -1, 2, -2, 10, -10, 1000, -1000)
    return tuple(sympy.Integer(v) if isinstance(v, int) else v for v in vals)


def _points(symbols, values):
    """A fixed set of points: every symbol at the same rank, one symbol large or small with the
    others at their first value, and a deterministic walk over the rest of the product."""
    first = {s: values[s][0] for s in symbols}
    seen = []
    for rank in range(max(len(values[s]) for s in symbols)):
        seen.append({s: values[s][min(rank, len(values[s]) - 1)] for s in symbols})
    for s in symbols:
        for v in values[s]:
            seen.append({**first, s: v})
    for combo in itertools.islice(itertools.product(*(values[s] for s in symbols)), _MAX_POINTS):
        seen.append(dict(zip(symbols, combo)))
    unique, keys = [], set()
    for point in seen:
        key = tuple(point[s] for s in symbols)
        if key not in keys:
            keys.add(key)
            unique.append(point)
    return unique[:_MAX_POINTS]


def contradicted(expr, strict: bool) -> bool:
    """Whether some allowed point gives ``expr`` a value below 0 (or 0 itself when ``strict``)."""
    symbols = sorted(expr.free_symbols, key=sympy.default_sort_key)
    if not symbols or len(symbols) > _MAX_SYMBOLS:
        return False
    values = {}
    for s in symbols:
        vals = _values(s) if isinstance(s, sympy.Symbol) else None
        if vals is None:
            return False            # a complex or non-symbol free part: no real points to try
        values[s] = vals
    for point in _points(symbols, values):
        try:
            value = expr.xreplace(point)
            if not value.is_number:
                continue
            if value.is_Rational:
                bad = value < 0 or (strict and value == 0)
            else:
                approx = sympy.N(value, 30)
                if not approx.is_real:
                    continue
                bad = approx < -sympy.Rational(1, 10**20) or (strict and abs(approx) < sympy.Rational(1, 10**25) and value.equals(0))
        except (ZeroDivisionError, TypeError, ValueError, ArithmeticError):
            continue
        if bad is sympy.true or bad is True:
            return True
    return False
