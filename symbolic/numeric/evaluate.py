"""Evaluation at a point: mpmath values (``evaluate``), and the ball judgement of a relation.

``judge_point`` decides ``lhs <relation> rhs`` at one exact point with Arb balls: a ball of
the difference that excludes 0 decides (certified); one that contains 0 is re-evaluated at
higher precision up to ``MAX_DPS`` digits before an equality counts as agreement.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Mapping
import mpmath
import sympy
from mpmath import libmp
from symbolic.model import Relation
import flint

from symbolic.numeric.backends import (ClosedFormUndefined, Gaussian, MAX_DPS, NotEvaluable, OutOfDomain, Undefined,
                                       Unsettled, _Acb, _Arb, _MP, _context, _flint_precision)
from symbolic.numeric.compile import Env, _number_value, compile_expr


def _as_env(point: Mapping, draw=None) -> Env:
    values = {}
    for k, v in point.items():
        if isinstance(k, sympy.Indexed):
            k = (str(k.base.label), tuple(int(i) for i in k.indices))
        values[k] = to_exact(v)
    return Env(values, draw)


def to_exact(v):
    if isinstance(v, (Fraction, Gaussian, int)):
        return Fraction(v) if isinstance(v, int) else v
    if isinstance(v, sympy.Basic):
        if v.is_Rational or v.is_Float:
            return _number_value(v)
        raise NotEvaluable(f"point value {v} is not a rational number")
    if isinstance(v, float):
        return Fraction(repr(v))
    if isinstance(v, str):
        return Fraction(v)
    raise NotEvaluable(f"point value {v!r} is not a number")


def evaluate(expr, point: Mapping = (), *, dps: int = 50):
    """Evaluate a SymPy expression at a point (symbol -> number) at ``dps`` digits.

    Point values are exact (int, Fraction, decimal string, SymPy Rational); returns an
    mpmath ``mpf`` or ``mpc`` of a local context. Raises ``NotEvaluable`` for an unknown
    node and ``OutOfDomain`` where the value is undefined.
    """
    f = compile_expr(expr)
    ctx = mpmath.MPContext()  # a fresh context: evaluate() is public and may be re-entered
    B = _MP(ctx)
    env = _as_env(dict(point))
    with ctx.workdps(dps):
        return _run(B, f, env)


def _run(B, f, env):
    try:
        return +f(B, env)
    except (ZeroDivisionError, OverflowError, libmp.ComplexResult, ValueError) as exc:
        raise OutOfDomain(f"{type(exc).__name__}: {exc}") from None


@dataclass
class _Eval:
    """Both sides at one precision, with the largest summand met on the way."""

    dps: int
    lhs: Any
    rhs: Any
    scale: Any


class Sides:
    """Evaluates a claim's two sides at a point at any precision, caching by precision."""

    def __init__(self, fl, fr, env: Env, real: bool):
        self.ctx = _context()
        self.B = _MP(self.ctx)
        self.fl, self.fr, self.env, self.real = fl, fr, env, real
        self.cache: dict[int, _Eval] = {}

    def at(self, dps: int) -> _Eval:
        if dps not in self.cache:
            with self.ctx.workdps(dps):
                self.B.scale = self.ctx.zero
                lhs = _run(self.B, self.fl, self.env)
                rhs = _run(self.B, self.fr, self.env)
                scale = max(self.B.scale, abs(lhs), abs(rhs))
                if self.real:
                    lhs, rhs = self._real(lhs, scale, dps), self._real(rhs, scale, dps)
            self.cache[dps] = _Eval(dps, lhs, rhs, scale)
        return self.cache[dps]

    def _real(self, v, scale, dps):
        if isinstance(v, self.ctx.mpc):
            if abs(v.imag) > (scale + 1) * self.ctx.mpf(10) ** (10 - dps):
                raise OutOfDomain("a side is not real here")
            return v.real
        return v


class Status(Enum):
    """How a relation fares at one point."""

    HOLDS = "holds"          # certainly holds
    TIGHT = "tight"          # the sides agree to every digit of the cap (or exactly)
    FAILS = "fails"          # certainly fails (or one side is certainly undefined)
    UNDECIDED = "undecided"  # the balls did not settle it below the cap


@dataclass(frozen=True)
class Judgement:
    """How a relation fares at one point, decided with balls.

    ``lhs``/``rhs`` are the sides' balls (None where a side is undefined); ``gap`` is the
    relative difference (equalities) or the relative margin (orders, negative when
    violated) at the balls' midpoints; ``dps`` the precision that settled it;
    ``digits`` how many digits the sides agree to when they could not be separated
    (``EXACT`` when their difference is exactly 0); ``undefined`` which side has no value.
    """

    status: Status
    lhs: Any
    rhs: Any
    gap: float
    dps: int
    digits: int = 0
    undefined: str = ""
    too_large: bool = False  # the balls overlap only because the sides are too large to pin
    absorbed: bool = False  # the sides agree only through a sum that lost a nonzero term

    @property
    def exact(self) -> bool:
        return self.digits == EXACT


EXACT = 10**9


_FLIP = {Relation.GT: Relation.LT, Relation.GE: Relation.LE}


def _bits(digits: int) -> int:
    return int(digits * 3.33) + 32


def _escalation(dps: int, max_dps: int) -> list[int]:
    """Precisions tried at a point: dps, 5 dps, 25 dps, ... and the cap itself (most
    points settle at the first; a tight one pays for every level, so they are few)."""
    out, digits = [], max(dps, 10)
    while digits < max_dps:
        out.append(digits)
        digits *= 5
    return out + [max_dps]


def _side(f, B, env):
    """A side's ball; an ``Undefined`` exception when it certainly has no value here;
    None when its enclosure is not yet good enough."""
    try:
        v = f(B, env)
    except Undefined as exc:
        return exc
    except Unsettled:
        return None
    except (ArithmeticError, ValueError, TypeError):
        return None  # python-flint found no enclosure: a higher precision may
    if not B.finite(v):
        return None
    return v


def judge_point(fl, fr, relation: Relation, env: "Env", *, complex_: bool = False,
                dps: int = 50, max_dps: int = MAX_DPS) -> Judgement:
    """Decide ``lhs <relation> rhs`` at one exact point with Arb balls.

    A ball of the difference that excludes 0 decides at once (certified); one that
    contains 0 is re-evaluated at higher precision up to ``max_dps`` digits, after which
    an equality (or ``<=``) counts as TIGHT, agreement to that many digits, and a strict
    relation stays UNDECIDED. A side that is certainly undefined while the other has a
    value FAILS (as a real identity the claim is false there); both undefined raises
    ``OutOfDomain``.
    """
    relation = Relation(relation)
    flip = relation in _FLIP
    if flip:
        fl, fr, relation = fr, fl, _FLIP[relation]
    last = None
    for digits in _escalation(dps, max_dps):
        with _flint_precision(_bits(digits)):
            B = _Acb() if complex_ else _Arb()
            a, b = _side(fl, B, env), _side(fr, B, env)
            j = _settle(B, relation, a, b, digits, flip)
            if j is None and digits >= max_dps:
                j = _at_cap(B, relation, a, b, digits, flip)
        if j is not None:
            return j
    return last  # unreachable: the cap always answers


def _names(flip: bool) -> tuple[str, str]:
    return ("rhs", "lhs") if flip else ("lhs", "rhs")


def _settle(B, relation, a, b, digits, flip) -> Judgement | None:
    """A certain answer at this precision, or None."""
    first, second = _names(flip)
    undefined_a, undefined_b = isinstance(a, Undefined), isinstance(b, Undefined)
    if undefined_a and undefined_b:
        raise OutOfDomain(f"both sides are undefined here ({a}; {b})")
    if undefined_a or undefined_b:
        if (a if undefined_b else b) is None:
            return None  # the other side may be undefined too: settle it first
        if isinstance(a if undefined_a else b, ClosedFormUndefined):
            return None  # a derivative's closed form, not the derivative: never a failure
        which, why = (first, a) if undefined_a else (second, b)
        shown = (None, b) if undefined_a else (a, None)
        return _oriented(Judgement(Status.FAILS, *shown, math.nan, digits,
                                   undefined=f"{which} is undefined: {why}"), flip)
    if a is None or b is None:
        return None
    try:
        if relation in (Relation.EQ, Relation.NE):
            diff = a - b
        else:
            a_r, b_r = B.real(a), B.real(b)
            diff = b_r - a_r  # the margin of a < b (or a <= b): positive when it holds
    except Undefined as exc:
        return _oriented(Judgement(Status.FAILS, a, b, math.nan, digits,
                                   undefined=f"a side is not real: {exc}"), flip)
    except Unsettled:
        return None
    gap = _gap(diff, a, b, B)
    exact = diff == 0
    if relation is Relation.EQ:
        if 0 not in diff:
            status = Status.FAILS
        elif exact:
            status = Status.TIGHT
        else:
            return None
    elif relation is Relation.NE:
        if 0 not in diff:
            status = Status.HOLDS
        elif exact:
            status = Status.FAILS
        else:
            return None
    elif relation is Relation.LT:
        if diff > 0:
            status = Status.HOLDS
        elif diff <= 0:
            status = Status.FAILS
        else:
            return None
    elif relation is Relation.LE:
        if diff >= 0:
            status = Status.TIGHT if exact else Status.HOLDS
        elif diff < 0:
            status = Status.FAILS
        else:
            return None
    else:
        raise ValueError(f"relation {relation} cannot be judged between numbers")
    return _oriented(Judgement(status, a, b, gap, digits, EXACT if exact else 0), flip)


def _at_cap(B, relation, a, b, digits, flip) -> Judgement:
    """The balls never separated: agreement to so many digits, or undecided.

    Agreement counts only where the difference is pinned below 10^-MIN_AGREEMENT in
    absolute terms: relative to sides of size 10^43429 (e^x at x = 10^5) a difference of 1
    is invisible at 1000 digits, and ``e^x + 1 = e^x`` must not agree there. Nor where a sum
    lost a nonzero term below its uncertainty (``absorbed``): the difference is pinned, but
    only because the term that makes it was dropped."""
    if a is None or b is None or isinstance(a, Undefined) or isinstance(b, Undefined):
        return _oriented(Judgement(Status.UNDECIDED, None, None, math.nan, digits), flip)
    diff = a - b
    agree = _agreement(diff, a, b)
    pinned = _absolute_digits(diff) >= MIN_AGREEMENT
    tight = relation in (Relation.EQ, Relation.LE)
    # a sum that lost a nonzero term below its uncertainty: 1 + e^(-e^x) = 1 at x = 10
    # agrees to every digit of the cap although the sides differ by 10^-9566
    absorbed = pinned and tight and getattr(B, "absorbed", False)
    status = Status.TIGHT if pinned and tight and not absorbed else Status.UNDECIDED
    return _oriented(Judgement(status, a, b, 0.0, digits, agree, too_large=tight and not pinned,
                               absorbed=absorbed), flip)


def _oriented(j: Judgement, flip: bool) -> Judgement:
    if not flip:
        return j
    return Judgement(j.status, j.rhs, j.lhs, j.gap, j.dps, j.digits, j.undefined, j.too_large,
                     j.absorbed)


def _magnitude(a, b):
    return max(abs(a).mid(), abs(b).mid()) if not isinstance(a, flint.acb) else \
        max(abs(a).mid(), abs(b).mid())


def _gap(diff, a, b, B) -> float:
    """diff relative to the larger side (absolute where both sides are below 1), as a float
    (for ranking and display only)."""
    try:
        mag = max(_magnitude(a, b), flint.arb(1))
        d = diff.real.mid() if isinstance(diff, flint.acb) and diff.imag == 0 else diff
        if isinstance(d, flint.acb):
            d = abs(d).mid()
        value = d.mid() / mag if mag != 0 else d.mid()
        return float(value)
    except (ArithmeticError, ValueError, TypeError):
        return math.nan


MIN_AGREEMENT = 30  # decimal places to which the difference must be pinned to count as agreeing


def _absolute_digits(diff) -> int:
    """Decimal places to which a ball of a difference is pinned around 0: -log10 of its
    largest possible absolute value (EXACT when it is exactly 0)."""
    bound = abs(diff).upper()
    if bound == 0:
        return EXACT
    return _floor_digits(-(bound.log() / flint.arb(10).log()))


def _floor_digits(v) -> int:
    """A ball's value as whole digits, -EXACT where it is unbounded (a side at e^(10^30))."""
    f = float(v)
    return int(f) if math.isfinite(f) else (EXACT if f > 0 else -EXACT)


def _agreement(diff, a, b) -> int:
    """Digits to which two overlapping balls agree: -log10 of the largest possible
    difference relative to the larger side (absolute below 1)."""
    bound = abs(diff).upper()
    if bound == 0:
        return EXACT
    mag = max(_magnitude(a, b), flint.arb(1))
    return max(0, _floor_digits(-((bound / mag).log() / flint.arb(10).log())) - 1)


def ball_mp(v, digits: int = 40):
    """A ball's midpoint as an mpmath number (for evidence text)."""
    if v is None:
        return None
    ctx = _context()
    with ctx.workdps(digits + 5):
        if isinstance(v, flint.acb):
            re, im = ball_mp(v.real, digits), ball_mp(v.imag, digits)
            return re if im == 0 else ctx.mpc(re, im)
        return ctx.mpf(v.mid().str(digits, radius=False))
