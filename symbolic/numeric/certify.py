"""Certificates: does a relation certainly hold, certainly fail, or neither, at an exact point.
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Mapping
import sympy
from symbolic.model import Relation

from symbolic.numeric.backends import (Gaussian, MAX_DPS, NotEvaluable, OutOfDomain, _Acb, _Arb,
                                       _flint_precision)
from symbolic.numeric.compile import Env, compile_expr
from symbolic.numeric.evaluate import Status, _FLIP, _as_env, _bits, _escalation, _settle, _side


class Certainty(Enum):
    """Which way a certificate went: the relation certainly FAILS, certainly HOLDS, or
    neither could be shown (UNDECIDED, never read as either)."""

    FAILS = "fails"
    HOLDS = "holds"
    UNDECIDED = "undecided"


def certify(lhs, rhs, relation: Relation, point: Mapping = (), *, dps: int = 50,
            exact_ties: bool = False) -> Certainty:
    """Decide with Arb balls whether ``lhs <relation> rhs`` holds at an exact point.

    ``Certainty.FAILS``: it certainly fails; ``HOLDS``: it certainly holds (an equality
    only when the difference is exactly 0); ``UNDECIDED`` otherwise, also where a side is
    undefined (an undecided answer is never read as either). Point values must be exact
    (int, Fraction, decimal string, SymPy Rational, ``Gaussian``). Precision grows from
    ``dps`` digits up to 1000. With ``exact_ties`` (an assumption checked where a stated bound
    may be attained: 2 ph(-i) = -pi), sides whose balls still overlap are compared exactly
    (``exactly_equal``): if they are equal, a non-strict relation holds and a strict one fails.

    >>> z = sympy.Symbol('z')
    >>> minus_i = {z: Gaussian(Fraction(0), Fraction(-1))}
    >>> certify(2 * sympy.arg(z), -sympy.pi, Relation.GE, minus_i)
    <Certainty.UNDECIDED: 'undecided'>
    >>> certify(2 * sympy.arg(z), -sympy.pi, Relation.GE, minus_i, exact_ties=True)
    <Certainty.HOLDS: 'holds'>
    >>> certify(2 * sympy.arg(z), -sympy.pi, Relation.GT, minus_i, exact_ties=True)
    <Certainty.FAILS: 'fails'>
    """
    relation = Relation(relation)
    try:
        fl, fr = compile_expr(lhs), compile_expr(rhs)
        values = _as_env(dict(point)).values
    except NotEvaluable:
        return Certainty.UNDECIDED
    complex_ = _is_complex(lhs, rhs, values)
    flip = relation in _FLIP
    if flip:
        fl, fr, relation = fr, fl, _FLIP[relation]
    for digits in _escalation(dps, MAX_DPS):
        with _flint_precision(_bits(digits)):
            B = _Acb() if complex_ else _Arb()
            env = Env(dict(values))
            try:
                a, b = _side(fl, B, env), _side(fr, B, env)
                j = _settle(B, relation, a, b, digits, False)
            except (OutOfDomain, NotEvaluable):
                return Certainty.UNDECIDED
        if j is None:
            continue
        if j.undefined:
            return Certainty.UNDECIDED
        return Certainty.FAILS if j.status is Status.FAILS else Certainty.HOLDS
    if exact_ties and exactly_equal(lhs, rhs, point):
        return Certainty.HOLDS if relation in _NON_STRICT else Certainty.FAILS
    return Certainty.UNDECIDED


_NON_STRICT = (Relation.LE, Relation.GE, Relation.EQ)

EXACT_OPS = 150  # larger differences are not simplified (SymPy's simplify may take long)


def exact_value(v):
    """A point value as an exact SymPy number (Fraction, Gaussian, int, SymPy number)."""
    if isinstance(v, Gaussian):
        return exact_value(v.re) + sympy.I * exact_value(v.im)
    if isinstance(v, Fraction):
        return sympy.Rational(v.numerator, v.denominator)
    if isinstance(v, int):
        return sympy.Integer(v)
    if isinstance(v, sympy.Expr) and v.is_number and not v.has(sympy.Float):
        return v
    raise NotEvaluable(f"point value {v!r} is not exact")


def exactly_equal(lhs, rhs, point: Mapping = ()) -> bool:
    """Whether ``lhs - rhs`` is exactly 0 at an exact point: the values put in exactly,
    SymPy's evaluation of the constant (ph(-i) = -pi/2, Im(-i pi) = -pi) and, for a small
    difference, ``sympy.simplify``; 0 must come out structurally. False when it does not
    (not equal, or not shown), so a caller never reads False as "different"."""
    try:
        # indexed draws are not put in: a difference that holds them keeps free symbols
        values = {k: exact_value(v) for k, v in dict(point).items() if isinstance(k, sympy.Symbol)}
        difference = (sympy.sympify(lhs, strict=True) - sympy.sympify(rhs, strict=True)).xreplace(values)
        if difference.free_symbols or difference.has(sympy.Float):
            return False
        if difference == 0:
            return True
        if difference.is_Rational or sympy.count_ops(difference) > EXACT_OPS:
            return False
        return sympy.simplify(difference) == 0
    except (NotEvaluable, TypeError, ValueError, RecursionError, sympy.SympifyError):
        return False


def _is_complex(lhs, rhs, values) -> bool:
    return (lhs.has(sympy.I) or rhs.has(sympy.I)
            or any(isinstance(v, Gaussian) for v in values.values()))
