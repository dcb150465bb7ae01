"""Certificates: does a relation certainly hold, certainly fail, or neither, at an exact point.
"""
from __future__ import annotations

from enum import Enum
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


def certify(lhs, rhs, relation: Relation, point: Mapping = (), *, dps: int = 50) -> Certainty:
    """Decide with Arb balls whether ``lhs <relation> rhs`` holds at an exact point.

    ``Certainty.FAILS``: it certainly fails; ``HOLDS``: it certainly holds (an equality
    only when the difference is exactly 0); ``UNDECIDED`` otherwise, also where a side is
    undefined (an undecided answer is never read as either). Point values must be exact
    (int, Fraction, decimal string, SymPy Rational). Precision grows from ``dps`` digits
    up to 1000.
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
    return Certainty.UNDECIDED


def _is_complex(lhs, rhs, values) -> bool:
    return (lhs.has(sympy.I) or rhs.has(sympy.I)
            or any(isinstance(v, Gaussian) for v in values.values()))
