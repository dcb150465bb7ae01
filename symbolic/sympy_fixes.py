"""A workaround for a wrong sign in SymPy's assumptions, installed before any claim is built.

SymPy 1.14's ``sympy.core.exprtools._monotonic_sign`` bounds ``c + F`` from below, where F is
not a polynomial (a quotient like ``5/(a + b + 1)`` or ``5/(a b)``) and its symbols are rational
with a known sign, by putting each symbol's least value into F; where F decreases in a symbol
that gives an upper bound, not a lower one. So ``-1 + 5/(a + b + 1)`` is reported nonnegative
for nonnegative integers a, b (false at a = 5, b = 0), and ``-1 + 5/(a b)`` positive for
positive integers (false at a = b = 5); ``Abs``, ``Max``, ``Min`` and ``sqrt(x^2)`` then simplify
themselves with the wrong sign while a claim is being read, and sign proofs take the report as
true: ``|5/(n+m+1) - 1| = 5/(n+m+1) - 1`` was proved. ``install`` wraps the function so that this
one case (several symbols, the non-constant part not a polynomial) gives no bound ("unknown"):
SymPy then decides such signs by its other rules or not at all. A report that does come is still
checked against sample points before a sign proof uses it (``symbolic/checks/_sign_guard.py``).
"""
from __future__ import annotations

import sympy
import sympy.core.exprtools as _exprtools

_ORIGINAL = _exprtools._monotonic_sign


def _monotonic_sign(expr):
    """SymPy's bound of ``expr``'s sign, except in the case where it can be wrong (above)."""
    if isinstance(expr, sympy.Expr) and len(expr.free_symbols) > 1:
        _, rest = expr.as_coeff_Add()
        if not rest.is_polynomial():
            return None
    return _ORIGINAL(expr)


def install() -> None:
    """Put the guarded function in SymPy's place (SymPy imports it by name at each call)."""
    _exprtools._monotonic_sign = _monotonic_sign


install()
