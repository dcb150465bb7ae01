"""Whole numbers at the boundary of a fact, found exactly (sampling.py places points there).

A fact ``j \\le L`` between symbols and whole numbers is placed at its boundary without
evaluating anything: the boundary's value is the whole number itself (``_integer_side``), and
the whole number just inside the fact is found by floor and ceiling (``_integer_past``).
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy

from symbolic.model import Relation


def _integer_side(side, point) -> Fraction | None:
    """The value of a side that is an integer, or a symbol whose value at the point is one,
    with fewer than 45 digits: exactly what its 45-digit string gives (``_place``), without
    evaluating it; None for any other side."""
    if isinstance(side, sympy.Integer):
        value = Fraction(int(side))
    elif isinstance(side, sympy.Symbol):
        value = point.get(side)
        if type(value) is not Fraction or value.denominator != 1:
            return None
    else:
        return None
    return value if abs(value.numerator) < 10 ** 44 else None


def _integer_past(base: Fraction, rel: Relation, extra: int) -> Fraction | None:
    """The integer just inside ``s REL base`` (``extra`` steps further in)."""
    if rel is Relation.EQ:
        return base if base.denominator == 1 else None
    if rel in (Relation.GT, Relation.NE):
        return Fraction(math.floor(base) + 1 + extra)
    if rel is Relation.GE:
        return Fraction(math.ceil(base) + extra)
    if rel is Relation.LT:
        return Fraction(math.ceil(base) - 1 - extra)
    return Fraction(math.floor(base) - extra)
