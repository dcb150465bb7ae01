"""Signs of real expressions from the ranges of the elementary functions in them.

For real ``t``: ``sin t, cos t`` lie in [-1, 1], ``cosh t >= 1``, ``tanh t`` in (-1, 1),
``sech t`` in (0, 1], ``e^t > 0``, ``|w| >= 0``, and a real symbol in what its assumptions
say (``x > 0``: [0, oo], closed for simplicity). ``sign_by_ranges`` replaces each such
function by its range and each sum, product and integer power by the interval that holds
every value of it (closed interval arithmetic, ``0 * oo = 0`` as for hulls); the sign of the
result's lower end is then a sign of the expression at every point, since replacing an
occurrence by its range only forgets relations between occurrences (``cosh(2y) - cos(2x)``
is in [1, oo) - [-1, 1] = [0, oo): it is >= 0).

A reciprocal ``1/D`` is taken where it is defined (``D != 0``): ``1/[0, b]`` is ``[1/b, oo]``.
That is sound for the definedness gate, because the same expression's denominator D gives it
its own condition ``D != 0``: a condition proved here holds at every point where the
expression is defined, and the points where it is not are the gate's other business.

Anything else (a symbol of unknown sign inside a function we do not bound, a complex part)
gives no interval, and so no sign: a failure only means "not shown".
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

_OO = sympy.oo


@dataclass(frozen=True)
class Interval:
    """The closed interval [lo, hi] of the extended reals (``lo``, ``hi`` SymPy numbers)."""

    lo: sympy.Expr
    hi: sympy.Expr

    def __add__(self, other: "Interval") -> "Interval":
        return Interval(_sum(self.lo, other.lo, -_OO), _sum(self.hi, other.hi, _OO))

    def __mul__(self, other: "Interval") -> "Interval":
        products = [_product(a, b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        return Interval(sympy.Min(*products), sympy.Max(*products))

    def power(self, n: int) -> "Interval | None":
        if n == 0:
            return Interval(sympy.S.One, sympy.S.One)
        if n > 0:
            ends = [_power(self.lo, n), _power(self.hi, n)]
            if n % 2 == 0 and self.lo < 0 < self.hi:
                return Interval(sympy.S.Zero, sympy.Max(*ends))
            return Interval(sympy.Min(*ends), sympy.Max(*ends))
        inverse = self.reciprocal()
        return None if inverse is None else inverse.power(-n)

    def reciprocal(self) -> "Interval | None":
        """1/v for v in the interval and v != 0 (see the module doc), or None when the
        interval holds values of both signs."""
        def inverse(end):
            return 1 / end if end.is_finite else sympy.S.Zero
        if self.lo > 0 or self.hi < 0:      # [2, 4] -> [1/4, 1/2], [-4, -2] -> [-1/2, -1/4]
            return Interval(inverse(self.hi), inverse(self.lo))
        if self.lo == 0 and self.hi > 0:    # (0, b] -> [1/b, oo)
            return Interval(inverse(self.hi), _OO)
        if self.hi == 0 and self.lo < 0:    # [a, 0) -> (-oo, 1/a]
            return Interval(-_OO, inverse(self.lo))
        return None


def _sum(a, b, infinite):
    if not a.is_finite or not b.is_finite:
        return infinite
    return a + b


def _product(a, b):
    if a == 0 or b == 0:
        return sympy.S.Zero
    return a * b


def _power(a, n):
    return a ** n


_UNIT = Interval(-sympy.S.One, sympy.S.One)
_ALL = Interval(-_OO, _OO)
_RANGES = {
    sympy.sin: _UNIT, sympy.cos: _UNIT, sympy.tanh: _UNIT,
    sympy.cosh: Interval(sympy.S.One, _OO), sympy.sech: Interval(sympy.S.Zero, sympy.S.One),
    sympy.exp: Interval(sympy.S.Zero, _OO), sympy.sinh: _ALL, sympy.atan: Interval(-sympy.pi / 2, sympy.pi / 2),
}


def interval_of(expr) -> Interval | None:
    """An interval holding every value of the real expression ``expr`` where it is
    defined, or None."""
    if expr.is_number:
        if expr.is_extended_real is not True:
            return None
        value = sympy.nsimplify(expr) if expr.is_Float else expr
        if value.is_Rational or value in (_OO, -_OO):
            return Interval(value, value)
        # an irrational constant (pi, sqrt 2): rational bounds a little outside it
        approx = sympy.Rational(sympy.N(value, 30))
        slack = sympy.Rational(1, 10 ** 20)
        return Interval(approx - slack, approx + slack)
    if isinstance(expr, sympy.Symbol):
        if expr.is_extended_real is not True:
            return None
        if expr.is_nonnegative:
            return Interval(sympy.S.Zero, _OO)
        if expr.is_nonpositive:
            return Interval(-_OO, sympy.S.Zero)
        return _ALL
    if isinstance(expr, sympy.Abs):
        return Interval(sympy.S.Zero, _OO)
    if type(expr) in _RANGES:
        if expr.args[0].is_extended_real is not True:
            return None
        return _RANGES[type(expr)]
    if isinstance(expr, (sympy.Add, sympy.Mul)):
        parts = [interval_of(a) for a in expr.args]
        if any(p is None for p in parts):
            return None
        total = parts[0]
        for p in parts[1:]:
            total = total + p if isinstance(expr, sympy.Add) else total * p
        return total
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
        base = interval_of(expr.base)
        return None if base is None else base.power(int(expr.exp))
    return None


def sign_by_ranges(expr, *, strict: bool) -> bool:
    """Whether ``expr > 0`` (``>= 0`` when not ``strict``) wherever it is defined, by
    the ranges of its functions (module doc); False means "not shown"."""
    # realness is checked piece by piece: a quotient whose denominator may vanish is not
    # known real to SymPy, but it is real wherever it is defined
    if not isinstance(expr, sympy.Expr):
        return False
    try:
        found = interval_of(expr)
    except (TypeError, ValueError):   # an end SymPy cannot order: not shown
        return False
    if found is None:
        return False
    return bool(found.lo > 0) if strict else bool(found.lo >= 0)
