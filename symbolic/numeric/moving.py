"""Whether the difference of two sides that agree to every digit of the cap is still moving.

Balls at 1000 digits cannot see ``tanh x = 1`` fail at x = 3000 (the sides differ by
10^-2606). But if ``lhs - rhs`` were 0 on the domain, it would be 0 on an interval around
every interior point, and so would its derivative. Where the derivative of the difference
along a real coordinate is certainly nonzero (a ball that excludes 0) at a point with an
open neighbourhood in the domain, the difference is not 0 near that point: an equality fails
there, and the agreement of an order's sides says nothing about the sign of its margin.
This is no counterexample (which point fails is below the balls' resolution), so it makes a
claim undecided, never refuted.
"""
from __future__ import annotations

from fractions import Fraction

import flint
import sympy

from symbolic.functions import MaxOver, ReLU
from symbolic.model import Relation
from symbolic.numeric.backends import NotEvaluable, OutOfDomain, _Arb, _flint_precision
from symbolic.numeric.certify import Certainty, certify
from symbolic.numeric.compile import Env, compile_expr
from symbolic.numeric.sampling import _kind_of

# pieces whose derivative SymPy writes with jumps or not at all: no slope is trusted there
_NOT_SMOOTH = (sympy.Abs, sympy.sign, sympy.Max, sympy.Min, sympy.floor, sympy.ceiling,
               sympy.Piecewise, sympy.Heaviside, sympy.re, sympy.im, sympy.arg,
               sympy.conjugate, sympy.Mod, sympy.frac, sympy.KroneckerDelta, sympy.DiracDelta,
               MaxOver, ReLU, sympy.factorial, sympy.Sum, sympy.Product, sympy.Indexed,
               sympy.Derivative, sympy.Integral, sympy.Limit, sympy.Subs)
_OPEN = {Relation.LT: Relation.LT, Relation.GT: Relation.GT, Relation.NE: Relation.NE,
         Relation.LE: Relation.LT, Relation.GE: Relation.GT}
_HYPERBOLIC = (sympy.tanh, sympy.coth, sympy.sinh, sympy.cosh, sympy.sech, sympy.csch)
MAX_OPS = 200  # a difference this large is not differentiated (SymPy's diff can blow up)
SLOPE_DPS = (60, 250)


def slopes(difference) -> dict:
    """The derivative of ``difference`` along each of its real, non-integer symbols,
    compiled; empty where the difference is not smooth or too large."""
    if difference.has(*_NOT_SMOOTH) or sympy.count_ops(difference) > MAX_OPS:
        return {}
    out = {}
    for sym in sorted(difference.free_symbols, key=str):
        kind = _kind_of(sym)
        if not isinstance(sym, sympy.Symbol) or sym.is_real is not True or kind.integer \
                or kind.complex:
            continue
        try:
            slope = sympy.diff(difference, sym)
            if slope.has(sympy.Derivative, sympy.Subs) or slope == 0:
                continue
            forms = [compile_expr(slope)]
            # d/dx tanh x = 1 - tanh^2 x cancels to nothing at x = 3000; over a common
            # denominator in exponentials it is 4 e^(2x) / (e^(2x) + 1)^2, a ball off 0
            if slope.has(*_HYPERBOLIC) and sympy.count_ops(slope) <= MAX_OPS // 4:
                rewritten = sympy.cancel(slope.rewrite(sympy.exp))
                if rewritten != slope and sympy.count_ops(rewritten) <= MAX_OPS:
                    forms.append(compile_expr(rewritten))
            out[sym] = forms
        except (NotEvaluable, TypeError, ValueError, RecursionError, sympy.PolynomialError):
            continue
    return out


def open_at(sym, facts, values: dict, dps: int) -> bool:
    """Every assumption about ``sym`` holds strictly at the point (so on a neighbourhood of
    it along ``sym``): an equality, or a bound attained, gives no interval to vary on."""
    for fact in facts:
        if sym not in fact.expr.free_symbols:
            continue
        relation = _OPEN.get(fact.relation)
        if relation is None or certify(fact.expr.lhs, fact.expr.rhs, relation, values, dps=dps,
                                       exact_ties=True) is not Certainty.HOLDS:
            return False
    return True


def moving_slope(slope, values: dict, unseen: bool = False):
    """The ball of a slope at a point when it certainly excludes 0, else None. With
    ``unseen``, also a ball that underflowed (erf'(x) at x = 10^30 is [0 +- 10^-(10^59)]:
    it may be 0 or not, far below any rounding of a slope that is 0)."""
    env = Env({k: v for k, v in values.items() if isinstance(v, Fraction)})
    for dps in SLOPE_DPS:
        bits = int(dps * 3.33) + 32
        with _flint_precision(bits):
            try:
                value = slope(_Arb(), env)
            except (OutOfDomain, NotEvaluable, ArithmeticError, ValueError, TypeError):
                return None
            if not isinstance(value, flint.arb) or not value.is_finite():
                return None
            if 0 not in value:
                return value
            if unseen and not (value.is_exact() and value == 0) \
                    and abs(value).upper() < flint.arb(2) ** (-2 * bits):
                return value
    return None


def moving_samples(lhs, rhs, facts, samples, dps: int, unseen: bool = False):
    """Each sample (with its coordinate and slope ball) where the difference of the sides
    is certainly moving along a coordinate with room to move (or, with ``unseen``, where
    its slope underflowed)."""
    found = slopes(lhs - rhs)
    if not found:
        return
    for sample in samples:
        values = sample.values
        for sym, slope in found.items():
            if sym not in values or not open_at(sym, facts, values, dps):
                continue
            value = next((v for v in (moving_slope(form, values, unseen) for form in slope)
                          if v is not None), None)
            if value is not None:
                yield sample, sym, value
                break
