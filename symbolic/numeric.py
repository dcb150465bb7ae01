"""High-precision numerics of the checker: evaluation, interval certificates, sampling.

Three things live here, all without touching global state: evaluations use this module's
own ``mpmath.MPContext`` (one per thread, never ``mpmath.mp``) under ``workdps``, and
python-flint's precision is set and restored around each use:

- ``evaluate(expr, point, dps=50)``: a tree-walking evaluator of SymPy expressions in mpmath
  (no ``lambdify``, no ``eval``). It dispatches by SymPy type through the MRO, like SymPy's
  printers, so a new function is one new entry. An unknown node raises ``NotEvaluable``.
- ``certify(lhs, rhs, relation, point)``: the same evaluator over intervals (python-flint
  ``arb``/``acb`` balls when installed, else ``mpmath.iv``) at exact rational points. It
  answers True (the relation certainly fails), False (certainly holds) or None (undecided).
- ``sample_points(symbols, facts, seed=, count=)``: seeded points that respect the symbols'
  assumptions and relational facts, with edge points (0, +-1, +-1e-30, +-1e30, equal
  arguments, boundaries).

``judge_claim`` puts them together for ``=``, ``\\ne``, ``<``, ``\\le``, ``>``, ``\\ge`` and
``\\implies``: sides are evaluated at ``dps`` and ``2*dps`` (escalating to 1000 digits when a
difference sits at the noise), an inequality's margin is minimised by a seeded local search,
and a failing point counts only once ``certify`` says it certainly fails.

>>> import sympy
>>> x = sympy.Symbol('x', real=True)
>>> evaluate(sympy.sin(x)**2 + sympy.cos(x)**2, {x: Fraction(1, 3)}, dps=30)
mpf('1.0')
>>> certify(sympy.exp(sympy.pi * sympy.sqrt(163)), sympy.Integer(262537412640768744),
...         Relation.EQ, {})
True
"""
from __future__ import annotations

import itertools
import math
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Sequence

import mpmath
import sympy
from mpmath import libmp
from mpmath.ctx_iv import MPIntervalContext
from sympy.concrete.expr_with_limits import ExprWithLimits

from symbolic.functions import MaxOver, MinOver, ReLU
from symbolic.model import Relation

import flint

MAX_DPS = 1000
_HUGE = 10**300
EDGE_VALUES = (Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 10**30), Fraction(-1, 10**30),
               Fraction(10**30), Fraction(-10**30))


class NotEvaluable(Exception):
    """An expression holds something the evaluator cannot compute; the claim stays undecided."""


class OutOfDomain(Exception):
    """A value is undefined at this point (log 0, 1/0, a non-real value of a real claim)."""


class Undefined(OutOfDomain):
    """A value is certainly undefined at this point (ball arithmetic shows the argument of
    log, a square root, a division... is outside the operation's domain)."""


class Unsettled(NotEvaluable):
    """An enclosure is too wide to tell whether a value is defined (or which piece of a
    definition applies) at this precision; a higher precision may settle it."""


class Certainty(Enum):
    """Which way a certificate went: the relation certainly FAILS, certainly HOLDS, or
    neither could be shown (UNDECIDED, never read as either)."""

    FAILS = "fails"
    HOLDS = "holds"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class Gaussian:
    """An exact complex point value ``re + i*im`` with rational parts."""

    re: Fraction
    im: Fraction


# ---------------------------------------------------------------------------------------
# backends: the operations each arithmetic offers to the compiled tree


class _MP:
    """Floating-point evaluation in a local mpmath context; tracks the largest summand."""

    name = "mpmath"
    enclosing = False

    def __init__(self, ctx: mpmath.MPContext):
        self.ctx = ctx
        self.scale = ctx.zero
        c = ctx
        self.funcs = {
            "exp": self._exp, "log": self._log, "sqrt": c.sqrt, "sin": c.sin, "cos": c.cos,
            "tan": c.tan, "cot": c.cot, "sec": c.sec, "csc": c.csc, "sinh": c.sinh,
            "cosh": c.cosh, "tanh": c.tanh, "coth": c.coth, "asin": c.asin, "acos": c.acos,
            "atan": c.atan, "asinh": c.asinh, "acosh": c.acosh, "atanh": c.atanh,
            "erf": c.erf, "gamma": c.gamma, "loggamma": c.loggamma,
            "re": c.re, "im": c.im, "conjugate": c.conj,
            "floor": c.floor, "ceiling": c.ceil,
        }

    def num(self, v):
        c = self.ctx
        if isinstance(v, Fraction):
            return c.mpf(v.numerator) if v.denominator == 1 else c.mpf(v.numerator) / v.denominator
        if isinstance(v, int):
            return c.mpf(v)
        if isinstance(v, Gaussian):
            return c.mpc(self.num(v.re), self.num(v.im))
        return v

    def const(self, name):
        c = self.ctx
        table = {"pi": c.pi, "E": c.e, "EulerGamma": c.euler, "GoldenRatio": c.phi,
                 "Catalan": c.catalan, "I": c.mpc(0, 1)}
        return +table[name]

    def _exp(self, x):
        if abs(self.ctx.re(x)) > _HUGE:  # reducing such an argument needs its every digit
            raise OutOfDomain("exp of an argument beyond 1e300")
        return self.ctx.exp(x)

    def _log(self, x):
        if x == 0:
            raise OutOfDomain("log of zero")
        return self.ctx.log(x)

    def power(self, base, exponent):
        if isinstance(exponent, int):
            if base == 0 and exponent < 0:
                raise OutOfDomain("zero to a negative power")
            return base ** exponent
        if base == 0 and self.ctx.re(exponent) <= 0:
            raise OutOfDomain("zero to a non-positive power")
        if abs(exponent) * max(abs(self.ctx.log(abs(base))), 1) > _HUGE:
            raise OutOfDomain("a power whose logarithm exceeds 1e300")
        return self.ctx.power(base, exponent)

    def inverse(self, v):
        if v == 0:
            raise OutOfDomain("a division by zero")
        return 1 / v

    def add(self, values):
        biggest = max(abs(v) for v in values)
        if biggest > self.scale:
            self.scale = biggest
        return self.ctx.fsum(values)

    def track(self, value):
        """Note a magnitude whose rounding error the result inherits (the noise scale)."""
        size = abs(value)
        if size > self.scale:
            self.scale = size

    def compare(self, a, b) -> int:
        """-1, 0 or 1; a non-real operand is outside the domain of an order."""
        a, b = self.real(a), self.real(b)
        return (a > b) - (a < b)

    def real(self, v):
        if isinstance(v, self.ctx.mpc):
            if v.imag != 0:
                raise OutOfDomain("comparison of non-real values")
            return v.real
        return v

    def abs(self, v):
        return abs(v)

    def sign(self, v):
        if isinstance(v, self.ctx.mpc) and v.imag != 0:
            return v / abs(v)
        return self.ctx.mpf(self.ctx.sign(self.real(v)))

    limit_spread = 0

    def precision(self) -> int:
        return self.ctx.prec

    def infinity(self, sign):
        return self.ctx.inf * sign

    def settle(self, values):
        """The value a sequence settles to and how much its last terms still move;
        +-inf when it grows past 1e20 in a steady direction."""
        ctx = self.ctx
        last, before = values[-1], values[-2]
        if isinstance(last, ctx.mpc) or isinstance(before, ctx.mpc):
            raise NotEvaluable("a limit of a complex value")
        if abs(last) > 10**20 and abs(last) > 10 * abs(before) and (last > 0) == (before > 0):
            return (ctx.inf if last > 0 else -ctx.inf), 0.0
        spread = float(abs(last - before) / max(abs(last), 1))
        if spread > 1e-6:
            raise NotEvaluable(f"the sequence towards the limit does not settle (last terms "
                               f"{ctx.nstr(before, 8)} and {ctx.nstr(last, 8)})")
        return last, spread


class _Interval:
    """Shared logic of the enclosing backends: order decisions from exact endpoints."""

    enclosing = True

    def infinity(self, sign):
        raise NotEvaluable("infinity has no finite enclosure")

    def track(self, value):
        pass  # enclosures carry their own error

    def precision(self) -> int:
        return self.ctx.prec if hasattr(self, "ctx") else flint.ctx.prec

    def compare(self, a, b) -> int:
        a_lo, a_hi = self.bounds(a)
        b_lo, b_hi = self.bounds(b)
        if self.lt(a_hi, b_lo):
            return -1
        if self.lt(b_hi, a_lo):
            return 1
        if self.eq(a_lo, a_hi) and self.eq(b_lo, b_hi) and self.eq(a_lo, b_lo):
            return 0
        raise Unsettled("an interval comparison inside the expression is undecided")

    def sign(self, v):
        return self.num(self.compare(v, self.num(0)))


def _real_domain(name: str, inside: Callable, outside: Callable, fn: Callable) -> Callable:
    """A real function that first decides, on the ball of its argument, whether the point
    is in its domain: certainly outside raises ``Undefined`` (the claim's side has no real
    value there), neither in nor out raises ``Unsettled`` (a higher precision may tell)."""
    def apply(x):
        if inside(x):
            return fn(x)
        if outside(x):
            raise Undefined(f"{name} of {_ball_text(x)} is not a real number")
        raise Unsettled(f"the argument of {name} straddles the edge of its domain")
    return apply


def _ball_text(x) -> str:
    """A ball as a short number for a message (its midpoint; an exact integer as such)."""
    if isinstance(x, flint.arb) and x.is_exact() and x.is_integer():
        return str(int(x.unique_fmpz()))
    return x.str(6, radius=False) if hasattr(x, "str") else str(x)


def _nonzero(name: str, fn: Callable) -> Callable:
    """A function with a pole at 0 (cot, csc, coth): undefined at an exact 0."""
    def apply(x):
        if x == 0:
            raise Undefined(f"{name}(0) is undefined")
        if 0 in x:
            raise Unsettled(f"the argument of {name} may be 0")
        return fn(x)
    return apply


def _not_pole(name: str, fn: Callable) -> Callable:
    """gamma and loggamma: undefined at 0, -1, -2, ... (loggamma also below 0 on the reals)."""
    def apply(x):
        if x.is_exact() and x.is_integer() and x <= 0:
            raise Undefined(f"{name}({_ball_text(x)}) is undefined (a pole)")
        return fn(x)
    return apply


class _Arb(_Interval):
    """python-flint real balls (``arb``); the caller sets ``flint.ctx.prec``.

    The evaluator of record: every value carries a rigorous error bound, and an operation
    outside its real domain raises ``Undefined`` instead of a silent NaN.
    """

    name = "arb"

    def __init__(self):
        self.kind = flint.arb
        method = lambda n: lambda x: getattr(x, n)()  # noqa: E731
        self.funcs = {name: method(name) for name in (
            "exp", "sin", "cos", "tan", "sec", "sinh", "cosh", "tanh", "atan", "asinh", "erf")}
        self.funcs.update({
            "log": _real_domain("log", lambda x: x > 0, lambda x: x <= 0, method("log")),
            "sqrt": _real_domain("sqrt", lambda x: x >= 0, lambda x: x < 0, method("sqrt")),
            "asin": _real_domain("asin", lambda x: abs(x) <= 1, lambda x: abs(x) > 1,
                                 method("asin")),
            "acos": _real_domain("acos", lambda x: abs(x) <= 1, lambda x: abs(x) > 1,
                                 method("acos")),
            "atanh": _real_domain("atanh", lambda x: abs(x) < 1, lambda x: abs(x) >= 1,
                                  method("atanh")),
            "acosh": _real_domain("acosh", lambda x: x >= 1, lambda x: x < 1, method("acosh")),
            "cot": _nonzero("cot", method("cot")), "csc": _nonzero("csc", method("csc")),
            "coth": _nonzero("coth", method("coth")),
            "gamma": _not_pole("gamma", method("gamma")),
            "loggamma": _real_domain("loggamma", lambda x: x > 0, lambda x: x <= 0,
                                     lambda x: x.lgamma()),
            "floor": lambda x: x.floor(), "ceiling": lambda x: x.ceil(),
            "re": lambda x: x, "im": lambda x: 0 * x, "conjugate": lambda x: x,
        })

    def num(self, v):
        if isinstance(v, Fraction):
            if v.denominator == 1:
                return flint.arb(flint.fmpz(v.numerator))
            return flint.arb(flint.fmpq(v.numerator, v.denominator))
        if isinstance(v, int):
            return flint.arb(flint.fmpz(v))
        if isinstance(v, Gaussian):
            raise NotEvaluable("a complex value in the real ball backend")
        return v

    def const(self, name):
        table = {"pi": flint.arb.pi, "E": flint.arb.const_e, "EulerGamma": flint.arb.const_euler,
                 "Catalan": flint.arb.const_catalan}
        if name == "GoldenRatio":
            return (1 + flint.arb(5).sqrt()) / 2
        if name not in table:
            raise NotEvaluable(f"no ball enclosure of {name} in the real backend")
        return table[name]()

    def inverse(self, v):
        """1/v, undefined at an exact 0 (a division by zero)."""
        if v == 0:
            raise Undefined("a division by zero")
        if 0 in v:
            raise Unsettled("a denominator may be 0")
        return 1 / v

    def power(self, base, exponent):
        if isinstance(exponent, int):
            if exponent < 0:
                return self.inverse(base) ** (-exponent)
            return base ** exponent
        if exponent.is_exact() and exponent.is_integer():
            return self.power(base, int(exponent.unique_fmpz()))
        if base > 0:
            return base ** exponent
        if base == 0:
            if exponent > 0:
                return base
            if exponent <= 0:
                raise Undefined("zero to a non-positive power")
        elif base < 0:
            raise Undefined(f"a negative number to the non-integer power "
                            f"{_ball_text(exponent)} is not real")
        raise Unsettled("the base of a power may be 0 or negative")

    def add(self, values):
        total = values[0]
        for v in values[1:]:
            total = total + v
        return total

    def bounds(self, v):
        return v.lower(), v.upper()

    @staticmethod
    def lt(a, b):
        return bool(a < b)

    @staticmethod
    def eq(a, b):
        return bool(a == b)

    def abs(self, v):
        return abs(v)

    def max2(self, a, b):
        return a.max(b)

    def min2(self, a, b):
        return a.min(b)

    def real(self, v):
        return v

    def finite(self, v):
        return v.is_finite()


def _complex_nonzero(name: str, fn: Callable) -> Callable:
    def apply(z):
        if z == 0:
            raise Undefined(f"{name}(0) is undefined")
        if 0 in z:
            raise Unsettled(f"the argument of {name} may be 0")
        return fn(z)
    return apply


class _Acb(_Arb):
    """python-flint complex balls (``acb``) for claims with complex values (principal
    branches, as SymPy defines them)."""

    name = "acb"

    def __init__(self):
        super().__init__()
        method = lambda n: lambda x: getattr(x, n)()  # noqa: E731
        for name in ("exp", "sin", "cos", "tan", "sec", "sinh", "cosh", "tanh", "atan",
                     "asinh", "erf", "sqrt", "asin", "acos", "atanh", "acosh", "gamma"):
            self.funcs[name] = method(name)
        self.funcs["log"] = _complex_nonzero("log", method("log"))
        for name in ("cot", "csc", "coth"):
            self.funcs[name] = _complex_nonzero(name, method(name))
        self.funcs["re"] = lambda z: flint.acb(z.real)
        self.funcs["im"] = lambda z: flint.acb(z.imag)
        self.funcs["conjugate"] = lambda z: z.conjugate()
        self.funcs["loggamma"] = lambda z: z.lgamma()
        self.funcs["floor"] = lambda z: flint.acb(self.real(z).floor())
        self.funcs["ceiling"] = lambda z: flint.acb(self.real(z).ceil())

    def num(self, v):
        if isinstance(v, Gaussian):
            return flint.acb(flint.arb(flint.fmpq(v.re.numerator, v.re.denominator)),
                             flint.arb(flint.fmpq(v.im.numerator, v.im.denominator)))
        if isinstance(v, (Fraction, int)):
            return flint.acb(super().num(v))
        return v

    def const(self, name):
        if name == "I":
            return flint.acb(0, 1)
        return flint.acb(super().const(name))

    def power(self, base, exponent):
        if isinstance(exponent, int):
            if exponent < 0:
                return self.inverse(base) ** (-exponent)
            return base ** exponent
        if exponent.imag == 0 and exponent.real.is_exact() and exponent.real.is_integer():
            return self.power(base, int(exponent.real.unique_fmpz()))
        if base == 0:
            if exponent.real > 0:
                return base
            raise Undefined("zero to a power whose real part is not positive")
        if 0 in base:
            raise Unsettled("the base of a power may be 0")
        return base ** exponent

    def real(self, v):
        if not v.imag.is_zero():
            if 0 not in v.imag:
                raise Undefined("an order between values that are not real")
            raise Unsettled("an order between complex balls whose imaginary part is not zero")
        return v.real

    def bounds(self, v):
        return _Arb.bounds(self, self.real(v))

    def abs(self, v):
        return flint.acb(abs(v))

    def max2(self, a, b):
        return flint.acb(self.real(a).max(self.real(b)))

    def min2(self, a, b):
        return flint.acb(self.real(a).min(self.real(b)))

    def sign(self, v):
        if v.imag.is_zero():
            return self.num(self.compare(v, self.num(0)))
        return v / abs(v)

    def finite(self, v):
        return v.is_finite()


_LOCAL = threading.local()


def _context() -> mpmath.MPContext:
    """This module's own mpmath context (one per thread; building one costs ~1.5 ms).

    It is never ``mpmath.mp``; every use sets its precision with ``workdps``, which
    restores it, so no caller sees another's precision.
    """
    ctx = getattr(_LOCAL, "ctx", None)
    if ctx is None:
        ctx = _LOCAL.ctx = mpmath.MPContext()
    return ctx


@contextmanager
def _flint_precision(bits: int):
    """Set python-flint's (global) working precision and put it back afterwards."""
    old = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = old


# ---------------------------------------------------------------------------------------
# compilation: SymPy tree -> closures f(backend, env)


class _Env:
    """Values of a point during one evaluation, plus the indices bound by sums."""

    __slots__ = ("values", "bound", "draw", "cache")

    def __init__(self, values: dict, draw: Callable | None = None):
        self.values = values
        self.bound: dict = {}
        self.draw = draw
        self.cache: dict = {}

    def symbol(self, sym):
        if sym in self.bound:
            return self.bound[sym]
        try:
            return self.values[sym]
        except KeyError:
            raise NotEvaluable(f"no value for symbol {sym}") from None

    def indexed(self, key):
        try:
            return self.values[key]
        except KeyError:
            if self.draw is None:
                raise NotEvaluable(f"no value for {key_name(key)}") from None
            value = self.values[key] = self.draw(key)
            return value


def key_name(key) -> str:
    """The printed name of a point coordinate: a symbol's name or ``x[3]``."""
    if isinstance(key, tuple):
        label, indices = key
        return f"{label}[{','.join(str(i) for i in indices)}]"
    return str(key)


_FUNCTION_NAMES = {
    sympy.exp: "exp", sympy.log: "log", sympy.sin: "sin", sympy.cos: "cos", sympy.tan: "tan",
    sympy.cot: "cot", sympy.sec: "sec", sympy.csc: "csc", sympy.sinh: "sinh",
    sympy.cosh: "cosh", sympy.tanh: "tanh", sympy.coth: "coth", sympy.asin: "asin",
    sympy.acos: "acos", sympy.atan: "atan", sympy.asinh: "asinh", sympy.acosh: "acosh",
    sympy.atanh: "atanh", sympy.erf: "erf", sympy.gamma: "gamma", sympy.loggamma: "loggamma",
    sympy.re: "re", sympy.im: "im", sympy.conjugate: "conjugate",
    sympy.floor: "floor", sympy.ceiling: "ceiling",
}
_CONSTANTS = {sympy.pi: "pi", sympy.E: "E", sympy.EulerGamma: "EulerGamma",
              sympy.GoldenRatio: "GoldenRatio", sympy.Catalan: "Catalan", sympy.I: "I"}
_MAX_TERMS = 100_000


def _compile_number(expr):
    value = _number_value(expr)
    return lambda B, env: B.num(value)


def _number_value(expr) -> Fraction:
    if isinstance(expr, sympy.Integer):
        return Fraction(int(expr))
    if isinstance(expr, sympy.Rational):
        return Fraction(int(expr.p), int(expr.q))
    if isinstance(expr, sympy.Float):
        # the decimal the user wrote, not the binary double nearest to it
        return Fraction(str(expr))
    raise NotEvaluable(f"the number {expr} is not finite")


def _compile_symbol(expr):
    def run(B, env):
        if expr in env.bound:
            return B.num(env.bound[expr])
        key = (expr, id(B), B.precision())
        try:
            return env.cache[key]
        except KeyError:
            value = env.cache[key] = B.num(env.symbol(expr))
            return value
    return run


def _compile_constant(expr):
    name = _CONSTANTS[expr]
    return lambda B, env: B.const(name)


def _compile_add(expr):
    terms = [_compile(a) for a in expr.args]
    return lambda B, env: B.add([t(B, env) for t in terms])


def _compile_mul(expr):
    factors = [_compile(a) for a in expr.args]

    def mul(B, env):
        out = factors[0](B, env)
        for f in factors[1:]:
            out = out * f(B, env)
        return out
    return mul


def _compile_pow(expr):
    base, exponent = expr.args
    fb = _compile(base)
    if exponent == sympy.S.Half:
        fs = "sqrt"
        return lambda B, env: _call(B, fs, fb(B, env))
    if exponent == -sympy.S.Half:
        return lambda B, env: B.inverse(_call(B, "sqrt", fb(B, env)))
    if isinstance(exponent, sympy.Integer):
        n = int(exponent)
        return lambda B, env: B.power(fb(B, env), n)
    if base == sympy.E:
        fe = _compile(exponent)
        return lambda B, env: _call(B, "exp", fe(B, env))
    fe = _compile(exponent)
    return lambda B, env: B.power(fb(B, env), fe(B, env))


def _call(B, name, value):
    try:
        fn = B.funcs[name]
    except KeyError:
        raise NotEvaluable(f"{B.name} has no {name}") from None
    return fn(value)


def _compile_function(expr):
    name = _FUNCTION_NAMES.get(type(expr))
    if name is None:
        for cls in type(expr).__mro__:
            name = _FUNCTION_NAMES.get(cls)
            if name:
                break
    if name is None or len(expr.args) != 1:
        raise NotEvaluable(f"the evaluator does not know the function {type(expr).__name__} "
                           f"in {expr}")
    inner = _compile(expr.args[0])
    if name in _PERIODIC:
        def periodic(B, env):
            value = inner(B, env)
            B.track(value)  # sin(x) is known only to |x| times the precision
            return _call(B, name, value)
        return periodic
    return lambda B, env: _call(B, name, inner(B, env))


_PERIODIC = frozenset({"sin", "cos", "tan", "cot", "sec", "csc"})


def _compile_abs(expr):
    inner = _compile(expr.args[0])
    return lambda B, env: B.abs(inner(B, env))


def _compile_sign(expr):
    inner = _compile(expr.args[0])
    return lambda B, env: B.sign(inner(B, env))


def _extremum(values_fn, pick_max: bool):
    def run(B, env):
        values = values_fn(B, env)
        if not values:
            raise OutOfDomain("max or min over an empty range")
        if B.enclosing:
            out = values[0]
            for v in values[1:]:
                out = B.max2(out, v) if pick_max else B.min2(out, v)
            return out
        out = values[0]
        for v in values[1:]:
            c = B.compare(v, out)
            if (c > 0) if pick_max else (c < 0):
                out = v
        return out
    return run


def _compile_maxmin(expr):
    args = [_compile(a) for a in expr.args]
    return _extremum(lambda B, env: [a(B, env) for a in args], isinstance(expr, sympy.Max))


def _compile_relu(expr):
    inner = _compile(expr.args[0])
    zero = Fraction(0)
    return _extremum(lambda B, env: [inner(B, env), B.num(zero)], True)


def _compile_int(expr) -> Callable[[_Env], int]:
    """An integer-valued expression (an index, a range end) as exact Python arithmetic."""
    if isinstance(expr, sympy.Integer):
        value = int(expr)
        return lambda env: value
    if isinstance(expr, sympy.Symbol):
        def sym(env):
            v = env.symbol(expr)
            if isinstance(v, Fraction) and v.denominator == 1:
                return int(v)
            if isinstance(v, int):
                return v
            raise NotEvaluable(f"{expr} = {v} is used as an index or range end but is not an "
                               f"integer; declare it integer=True")
        return sym
    if isinstance(expr, (sympy.Add, sympy.Mul)):
        parts = [_compile_int(a) for a in expr.args]
        if isinstance(expr, sympy.Add):
            return lambda env: sum(p(env) for p in parts)
        return lambda env: math.prod(p(env) for p in parts)
    if isinstance(expr, sympy.Pow) and isinstance(expr.exp, sympy.Integer) and expr.exp >= 0:
        base, n = _compile_int(expr.base), int(expr.exp)
        return lambda env: base(env) ** n
    raise NotEvaluable(f"the index or range end {expr} is not an integer expression")


def _compile_indexed(expr):
    label = str(expr.base.label)
    indices = [_compile_int(i) for i in expr.indices]

    def run(B, env):
        coordinate = (label, tuple(i(env) for i in indices))
        key = (coordinate, id(B), B.precision())
        try:
            return env.cache[key]
        except KeyError:
            value = env.cache[key] = B.num(env.indexed(coordinate))
            return value
    return run


def _range_terms(expr):
    """Closures that yield the values of a Sum/Product/MaxOver's terms, in index order."""
    if len(expr.limits) != 1 or len(expr.limits[0]) != 3:
        raise NotEvaluable(f"{type(expr).__name__} with limits {expr.limits} is not supported")
    (index, lo, hi), = expr.limits
    term, flo, fhi = _compile(expr.function), _compile_int(lo), _compile_int(hi)

    def values(B, env):
        a, b = flo(env), fhi(env)
        if b - a + 1 > _MAX_TERMS:
            raise NotEvaluable(f"{type(expr).__name__} over {b - a + 1} terms is too long")
        saved = env.bound.get(index, None)
        out = []
        try:
            for k in range(a, b + 1):
                env.bound[index] = k
                out.append(term(B, env))
        finally:
            if saved is None:
                env.bound.pop(index, None)
            else:
                env.bound[index] = saved
        return out
    return values


def _memo(expr, run):
    """Reuse a range node's value while the indices bound around it do not change: the
    inner sum of a softmax inside an outer sum is then computed once, not n times."""
    free = tuple(sorted(expr.free_symbols, key=str))

    def cached(B, env):
        key = (id(cached), id(B), B.precision(), tuple(env.bound.get(s) for s in free))
        try:
            return env.cache[key]
        except KeyError:
            value = env.cache[key] = run(B, env)
            return value
    return cached


def _compile_sum(expr):
    values = _range_terms(expr)

    def run(B, env):
        vals = values(B, env)
        return B.add(vals) if vals else B.num(Fraction(0))
    return _memo(expr, run)


def _compile_product(expr):
    values = _range_terms(expr)

    def run(B, env):
        out = B.num(Fraction(1))
        for v in values(B, env):
            out = out * v
        return out
    return _memo(expr, run)


def _compile_maxover(expr):
    return _memo(expr, _extremum(_range_terms(expr), not isinstance(expr, MinOver)))


def _compile_derivative(expr):
    done = expr.doit()
    if done.has(sympy.Derivative, sympy.Subs):
        raise NotEvaluable(f"SymPy cannot differentiate {expr} in closed form")
    return _compile(done)


def _compile_piecewise(expr):
    pieces = [(_compile(e), _compile_condition(c)) for e, c in expr.args]

    def run(B, env):
        for value, cond in pieces:
            if cond(B, env):
                return value(B, env)
        raise OutOfDomain("no piece of the Piecewise applies")
    return run


_ORDERS = {sympy.StrictLessThan: lambda c: c < 0, sympy.LessThan: lambda c: c <= 0,
           sympy.StrictGreaterThan: lambda c: c > 0, sympy.GreaterThan: lambda c: c >= 0,
           sympy.Equality: lambda c: c == 0, sympy.Unequality: lambda c: c != 0}


def _compile_condition(cond):
    if cond is sympy.true:
        return lambda B, env: True
    if cond is sympy.false:
        return lambda B, env: False
    if isinstance(cond, (sympy.And, sympy.Or)):
        parts = [_compile_condition(a) for a in cond.args]
        join = all if isinstance(cond, sympy.And) else any
        return lambda B, env: join(p(B, env) for p in parts)
    if isinstance(cond, sympy.Not):
        inner = _compile_condition(cond.args[0])
        return lambda B, env: not inner(B, env)
    test = _ORDERS.get(type(cond))
    if test is None:
        raise NotEvaluable(f"the condition {cond} is not supported")
    left, right = _compile(cond.lhs), _compile(cond.rhs)
    return lambda B, env: test(B.compare(left(B, env), right(B, env)))


_LIMIT_STEPS = (1, 2, 4, 8, 16, 32)  # t = 10^k towards infinity, z0 +- 10^-k towards z0


def _compile_limit(expr):
    """A limit by direct evaluation along a sequence approaching the point (no
    extrapolation, which mpmath.limit does and which slow convergence fools)."""
    inner, z, z0, direction = expr.args
    f = _compile(inner)
    target = None if z0 in (sympy.oo, -sympy.oo) else _compile(z0)
    sides = (-1, 1) if str(direction) == "+-" else ((-1,) if str(direction) == "-" else (1,))

    def run(B, env):
        if B.enclosing:
            raise NotEvaluable("a limit has no interval enclosure")
        ctx = B.ctx
        saved = env.bound.get(z)
        results = []
        try:
            for side in sides:
                values = []
                with ctx.workdps(ctx.dps + 2 * _LIMIT_STEPS[-1] + 10):
                    for k in _LIMIT_STEPS:
                        if target is None:
                            point = ctx.mpf(10) ** k * (1 if z0 == sympy.oo else -1)
                        else:
                            point = target(B, env) + side * ctx.mpf(10) ** (-k)
                        env.bound[z] = point
                        values.append(f(B, env))
                results.append(B.settle(values))
        finally:
            if saved is None:
                env.bound.pop(z, None)
            else:
                env.bound[z] = saved
        value, spread = results[0]
        for other, other_spread in results[1:]:
            if abs(other - value) > 10 * max(spread, other_spread) * max(1, abs(value)):
                raise NotEvaluable(f"the one-sided limits of {inner} differ")
        B.limit_spread = max(B.limit_spread, spread)
        return value
    return run


def _compile_mod(expr):
    a, b = (_compile(arg) for arg in expr.args)

    def run(B, env):
        x, y = a(B, env), b(B, env)
        return x - y * _call(B, "floor", x * B.inverse(y))
    return run


def _compile_subs(expr):
    return _compile(expr.doit())


_COMPILERS: dict[type, Callable] = {
    sympy.Rational: _compile_number, sympy.Float: _compile_number,
    sympy.core.numbers.Infinity: lambda e: (lambda B, env: B.infinity(1)),
    sympy.core.numbers.NegativeInfinity: lambda e: (lambda B, env: B.infinity(-1)),
    sympy.Symbol: _compile_symbol, sympy.Add: _compile_add, sympy.Mul: _compile_mul,
    sympy.Pow: _compile_pow, sympy.Abs: _compile_abs, sympy.sign: _compile_sign,
    sympy.Max: _compile_maxmin, sympy.Min: _compile_maxmin, ReLU: _compile_relu,
    sympy.Indexed: _compile_indexed, sympy.Sum: _compile_sum, sympy.Product: _compile_product,
    MaxOver: _compile_maxover, sympy.Derivative: _compile_derivative,
    sympy.Piecewise: _compile_piecewise, sympy.Limit: _compile_limit,
    sympy.Subs: _compile_subs, sympy.Mod: _compile_mod, sympy.Function: _compile_function,
}


@lru_cache(maxsize=1024)
def _compile(expr) -> Callable:
    """Compile a SymPy expression into a closure ``f(backend, env)`` (cached by value)."""
    if expr in _CONSTANTS:
        return _compile_constant(expr)
    for cls in type(expr).__mro__:
        handler = _COMPILERS.get(cls)
        if handler is not None:
            return handler(expr)
    raise NotEvaluable(f"the numeric evaluator does not know {type(expr).__name__} ({expr}); "
                       f"add a compiler for it in symbolic/numeric.py")


def compile_expr(expr) -> Callable:
    """Check that ``expr`` can be evaluated, raising ``NotEvaluable`` (with why) if not."""
    try:
        return _compile(sympy.sympify(expr, strict=True))
    except RecursionError:
        raise NotEvaluable("the expression is too deeply nested to evaluate") from None


# ---------------------------------------------------------------------------------------
# point evaluation in mpmath


def _as_env(point: Mapping, draw=None) -> _Env:
    values = {}
    for k, v in point.items():
        if isinstance(k, sympy.Indexed):
            k = (str(k.base.label), tuple(int(i) for i in k.indices))
        values[k] = _to_exact(v)
    return _Env(values, draw)


def _to_exact(v):
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


class _Sides:
    """Evaluates a claim's two sides at a point at any precision, caching by precision."""

    def __init__(self, fl, fr, env: _Env, real: bool):
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


def judge_point(fl, fr, relation: Relation, env: "_Env", *, complex_: bool = False,
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
    """The balls never separated: agreement to so many digits, or undecided."""
    if a is None or b is None or isinstance(a, Undefined) or isinstance(b, Undefined):
        return _oriented(Judgement(Status.UNDECIDED, None, None, math.nan, digits), flip)
    diff = a - b
    agree = _agreement(diff, a, b)
    status = Status.TIGHT if relation in (Relation.EQ, Relation.LE) else Status.UNDECIDED
    return _oriented(Judgement(status, a, b, 0.0, digits, agree), flip)


def _oriented(j: Judgement, flip: bool) -> Judgement:
    if not flip:
        return j
    return Judgement(j.status, j.rhs, j.lhs, j.gap, j.dps, j.digits, j.undefined)


def _magnitude(a, b):
    return max(abs(a).mid(), abs(b).mid()) if not isinstance(a, flint.acb) else \
        max(abs(a).mid(), abs(b).mid())


def _gap(diff, a, b, B) -> float:
    """diff relative to the larger side, as a float (for ranking and display only)."""
    try:
        mag = _magnitude(a, b)
        d = diff.real.mid() if isinstance(diff, flint.acb) and diff.imag == 0 else diff
        if isinstance(d, flint.acb):
            d = abs(d).mid()
        value = d.mid() / mag if mag != 0 else d.mid()
        return float(value)
    except (ArithmeticError, ValueError, TypeError):
        return math.nan


def _agreement(diff, a, b) -> int:
    """Digits to which two overlapping balls agree: -log10 of the largest possible
    difference relative to the larger side (absolute below 1)."""
    bound = abs(diff).upper()
    if bound == 0:
        return EXACT
    mag = max(_magnitude(a, b), flint.arb(1))
    return max(0, int(-float((bound / mag).log() / flint.arb(10).log())) - 1)


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


# ---------------------------------------------------------------------------------------
# certification with balls


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
            env = _Env(dict(values))
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


# ---------------------------------------------------------------------------------------
# sampling


@dataclass(frozen=True)
class _Kind:
    """How to draw a coordinate: integer or real or complex, and which sign."""

    integer: bool = False
    sign: str = "any"  # any, pos, nonneg, neg, nonpos, nonzero
    complex: bool = False
    parity: int | None = None  # 0 even, 1 odd


_UNSAMPLED = ("prime", "composite", "irrational", "transcendental", "imaginary", "zero",
              "noninteger")


def _kind_of(obj, complex_unknown: bool = False) -> _Kind:
    """How to draw a symbol; with ``complex_unknown`` a symbol whose assumptions do not say
    real (a plain ``Symbol('z')`` is complex in SymPy) is drawn from the complex plane."""
    integer = bool(obj.is_integer)
    complex_ = obj.is_real is not True and obj.is_complex is True and not integer
    if complex_unknown and obj.is_real is None and obj.is_extended_real is not True \
            and not integer and obj.is_complex is not False:
        complex_ = True
    if obj.is_positive:
        sign = "pos"
    elif obj.is_negative:
        sign = "neg"
    elif obj.is_nonnegative:
        sign = "nonneg"
    elif obj.is_nonpositive:
        sign = "nonpos"
    elif obj.is_zero is False and not complex_:
        sign = "nonzero"
    else:
        sign = "any"
    for name in _UNSAMPLED:
        if getattr(obj, f"is_{name}", None):
            # sampling outside such a set could 'refute' a true claim
            raise NotEvaluable(f"{obj} is declared {name}; the sampler cannot draw such values")
    parity = 0 if obj.is_even else (1 if obj.is_odd else None)
    return _Kind(integer or parity is not None, sign, complex_, parity)


def _short(x: float, digits: int = 6) -> Fraction:
    """A float rounded to a short decimal, as the exact rational that decimal names."""
    return Fraction(f"{x:.{digits}g}")


def _signed(v: Fraction, kind: _Kind) -> Fraction | None:
    s = kind.sign
    if s in ("pos", "nonneg"):
        v = abs(v)
    elif s in ("neg", "nonpos"):
        v = -abs(v)
    if kind.parity is not None and v.denominator == 1 and v % 2 != kind.parity:
        if v == 0:
            v = Fraction(-1 if s in ("neg", "nonpos") else 1)
        else:  # one step away from zero keeps the sign
            v += 1 if v > 0 else -1
    if v == 0 and s in ("pos", "neg", "nonzero"):
        return None
    return v


def _draw(rng: random.Random, kind: _Kind):
    """One random value of a coordinate of this kind (None: draw again)."""
    if kind.complex:
        re, im = _draw(rng, _Kind()), _draw(rng, _Kind())
        return None if re is None or im is None else Gaussian(re, im)
    r = rng.random()
    if kind.integer:
        if r < 0.5:
            v = Fraction(rng.randint(-5, 5))
        elif r < 0.8:
            v = Fraction(int(10 ** rng.uniform(0, 6))) * rng.choice((1, -1))
        else:
            v = Fraction(rng.randint(-100, 100))
    elif r < 0.45:
        v = _short(rng.uniform(-3, 3))
    elif r < 0.85:
        v = _short(10 ** rng.uniform(-8, 8)) * rng.choice((1, -1))
    else:
        v = Fraction(rng.choice((-2, -3, -1, 1, 3, 2)), rng.choice((1, 2, 4)))
    return _signed(v, kind)


@dataclass(frozen=True)
class _Fact:
    """A relational fact ``lhs REL rhs`` compiled for quick checks at points."""

    expr: Any
    relation: Relation
    left: Callable
    right: Callable


_FACT_RELATIONS = {sympy.StrictLessThan: Relation.LT, sympy.LessThan: Relation.LE,
                   sympy.StrictGreaterThan: Relation.GT, sympy.GreaterThan: Relation.GE,
                   sympy.Equality: Relation.EQ, sympy.Unequality: Relation.NE}


def _facts(facts: Iterable) -> list[_Fact]:
    """Flatten assumptions into relational facts; an unsupported one raises NotEvaluable
    (sampling outside the true domain could 'refute' a true claim)."""
    out = []
    for fact in facts:
        fact = sympy.sympify(fact, strict=True)
        if fact is sympy.true:
            continue
        if isinstance(fact, sympy.And):
            out.extend(_facts(fact.args))
            continue
        relation = _FACT_RELATIONS.get(type(fact))
        if relation is None:
            raise NotEvaluable(f"cannot sample under the assumption {fact}; state it as "
                               f"relations (x > 0, a < b) or symbol assumptions")
        out.append(_Fact(fact, relation, compile_expr(fact.lhs), compile_expr(fact.rhs)))
    return out


def _fact_value(fact: _Fact, env: _Env, dps: int = 60):
    ctx = _context()
    B = _MP(ctx)
    with ctx.workdps(dps):
        return _run(B, fact.left, env), _run(B, fact.right, env)


def _holds(facts: Sequence[_Fact], env: _Env) -> bool:
    for fact in facts:
        try:
            a, b = _fact_value(fact, env)
            if isinstance(a, mpmath.ctx_mp_python.mpc) or isinstance(b, mpmath.ctx_mp_python.mpc):
                return False
            if not _HOLD[fact.relation](a, b):
                return False
        except (OutOfDomain, NotEvaluable):
            return False
    return True


_HOLD = {Relation.LT: lambda a, b: a < b, Relation.LE: lambda a, b: a <= b,
         Relation.GT: lambda a, b: a > b, Relation.GE: lambda a, b: a >= b,
         Relation.EQ: lambda a, b: a == b, Relation.NE: lambda a, b: a != b}


def _repair(point: dict, facts: Sequence[_Fact], free: Sequence, kinds: Mapping,
            rng: random.Random, tiny: bool = False) -> bool:
    """Move a lone symbol of each violated fact ``s REL expr`` to satisfy it (construction
    when rejection keeps failing); ``tiny`` puts it just past the boundary."""
    for _ in range(3):
        env = _Env(point)
        bad = [f for f in facts if not _holds([f], env)]
        if not bad:
            return True
        for fact in bad:
            if not _place(point, fact, free, kinds, rng, tiny):
                return False
    return _holds(facts, _Env(point))


def _place(point, fact, free, kinds, rng, tiny, side: int = 1) -> bool:
    lhs, rhs, relation = fact.expr.lhs, fact.expr.rhs, fact.relation
    for sym, other, rel in ((lhs, rhs, relation), (rhs, lhs, _MIRROR[relation])):
        if sym in free and sym not in other.free_symbols and not kinds[sym].complex:
            try:
                target = _fact_value(_Fact(other, rel, compile_expr(other), compile_expr(other)),
                                     _Env(point))[0]
            except (OutOfDomain, NotEvaluable):
                return False
            if isinstance(target, mpmath.ctx_mp_python.mpc) or not mpmath.isfinite(target):
                return False
            base = Fraction(str(target))
            size = max(abs(base), Fraction(1))
            if tiny:
                delta = size / 10**30
            else:
                delta = _short(float(size) * 10 ** rng.uniform(-6, 0.5))
            if kinds[sym].integer:
                value = _integer_past(base, rel, 0 if tiny else rng.randint(0, 3))
            elif rel is Relation.EQ:
                value = base
            elif rel is Relation.NE:  # an excluded point: approached from either side
                value = base + side * delta
            elif rel in (Relation.GT, Relation.GE):
                value = base if (rel is Relation.GE and tiny) else base + delta
            else:
                value = base if (rel is Relation.LE and tiny) else base - delta
            if value is None:
                return False
            value = _signed(value, kinds[sym])
            if value is None:
                return False
            point[sym] = value
            return True
    return False


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


_MIRROR = {Relation.LT: Relation.GT, Relation.LE: Relation.GE, Relation.GT: Relation.LT,
           Relation.GE: Relation.LE, Relation.EQ: Relation.EQ, Relation.NE: Relation.NE}


def sample_points(symbols: Iterable, facts: Iterable = (), *, seed: int = 0, count: int = 60,
                  fixed: Mapping | None = None, edges: bool = True,
                  deadline: float | None = None, complex_unknown: bool = False) -> list[dict]:
    """Seeded points (symbol -> exact Fraction) that satisfy the symbols' assumptions and
    the relational ``facts``.

    Real values are drawn over several magnitudes (uniform in [-3, 3], log-uniform in
    1e-8..1e8 with a random sign, small simple fractions); integer, positive, nonnegative,
    negative and nonzero symbols are respected, relational facts by rejection and, when
    rejection fails, by construction. With ``edges`` the list ends with edge points (all
    symbols 0, +-1, +-1e-30, +-1e30 where allowed, and each fact's boundary plus a tiny
    step). ``fixed`` gives values that are not drawn. The same seed gives the same points
    (unless ``deadline``, a ``time.monotonic()`` instant, cuts the drawing short).

    >>> x = sympy.Symbol('x', real=True)
    >>> pts = sample_points([x], [x > -1], seed=1, count=20)
    >>> all(p[x] > -1 for p in pts)
    True
    """
    rng = random.Random(seed)
    fixed = {k: _to_exact(v) for k, v in (fixed or {}).items()}
    free = sorted((s for s in set(symbols) if s not in fixed), key=lambda s: (str(s), repr(s)))
    kinds = {s: _kind_of(s, complex_unknown) for s in free}
    facts = _facts(facts)
    for fact in facts:
        if fact.relation is Relation.EQ and not any(
                side in free and side not in other.free_symbols
                for side, other in ((fact.expr.lhs, fact.expr.rhs), (fact.expr.rhs, fact.expr.lhs))):
            # random points never land on a surface: only construction can satisfy it
            raise NotEvaluable(f"cannot sample on {fact.expr}; write it as symbol = expression")
    points: list[dict] = []
    seen = set()

    def accept(point: dict) -> None:
        key = tuple(sorted((str(k), str(v)) for k, v in point.items()))
        if key not in seen:
            seen.add(key)
            points.append(point)

    # simple edge values first, so that a counterexample is as plain as it can be
    if edges:
        for point in _edge_value_points(free, kinds, fixed, facts, rng):
            accept(point)
    tries = 0
    target = len(points) + count
    while len(points) < target and tries < 40 * count:
        tries += 1
        if deadline is not None and tries % 8 == 0 and time.monotonic() > deadline:
            break
        if tries > 10 * count and len(points) < target - count + count // 10:
            break  # the facts are (nearly) never met: more tries will not help
        point = dict(fixed)
        for s in free:
            value = None
            while value is None:
                value = _draw(rng, kinds[s])
            point[s] = value
        if _holds(facts, _Env(point)) or _repair(point, facts, free, kinds, rng):
            accept(point)
    if edges:
        for point in _boundary_points(free, kinds, facts, rng, points[-count:]):
            accept(point)
    return points


def _edge_value_points(free, kinds, fixed, facts, rng) -> list[dict]:
    """All free symbols at one edge value (0, +-1, +-1e-30, +-1e30): equal arguments."""
    out = []
    for v in EDGE_VALUES:
        point = dict(fixed)
        for s in free:
            value = v
            if kinds[s].integer and value.denominator != 1:
                value = None
            elif kinds[s].integer and abs(value) > 10**6:
                value = Fraction(10**6) * (1 if value > 0 else -1)
            if value is not None:
                value = _signed(value, kinds[s])
            if value is None:
                break
            point[s] = Gaussian(value, Fraction(0)) if kinds[s].complex else value
        else:
            if _holds(facts, _Env(point)) or _repair(point, facts, free, kinds, rng):
                out.append(point)
    return out


def _boundary_points(free, kinds, facts, rng, drawn) -> list[dict]:
    """Each fact's boundary, approached from inside by a tiny relative step."""
    out = []
    for fact in facts:
        for start in drawn[:2]:
            for side in ((1, -1) if fact.relation is Relation.NE else (1,)):
                point = dict(start)
                if _place(point, fact, free, kinds, rng, tiny=True, side=side) \
                        and _holds(facts, _Env(point)):
                    out.append(point)
    return out


# ---------------------------------------------------------------------------------------
# judging a claim over samples


def size_symbols(*exprs) -> list:
    """Integer symbols that bound a Sum/Product/MaxOver range: sizes such as L or n."""
    sizes = set()
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, ExprWithLimits) and isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
                for limit in node.limits:
                    for end in limit[1:]:
                        for s in end.free_symbols:
                            if not s.is_integer:
                                raise NotEvaluable(f"the range of {node} ends at {end}, and {s} is "
                                                   f"not an integer symbol; declare it integer=True")
                            sizes.add(s)
    return sorted(sizes, key=str)


def variables(*exprs) -> list:
    """The symbols to sample: free Symbols that are not IndexedBase labels."""
    labels = {idx.base.label for e in exprs for idx in e.atoms(sympy.Indexed)}
    found = {s for e in exprs for s in e.free_symbols if isinstance(s, sympy.Symbol)}
    return sorted(found - labels, key=str)


def _indexed_kinds(*exprs) -> dict:
    kinds = {}
    for expr in exprs:
        for idx in expr.atoms(sympy.Indexed):
            kinds[str(idx.base.label)] = _kind_of(idx.base)
            if idx.is_positive or idx.is_negative or idx.is_nonnegative:
                kinds[str(idx.base.label)] = _kind_of(idx)
    return kinds


SIZES = (2, 3, 4, 5, 7, 10, 16, 21, 30, 50, 100, 300, 1000)
BIG_SIZE = 10_000  # tried where it is cheap: one size, unnested ranges, no drawn entries
RANDOM_SIZES = 3   # seeded random sizes, log-uniform between 4 and 1000
TERM_BUDGET = 1_000_000  # largest size^nesting of a plan's instances (counted, not timed)
MAX_INSTANCES = 40


def _nesting(exprs, sizes) -> int:
    """How the terms of a claim grow with its sizes: n^k for k nested ranges whose inner
    range depends on the outer index (an inner range that does not is computed once)."""
    ranged = (sympy.Sum, sympy.Product, MaxOver)

    def depth(expr, bound: frozenset) -> int:
        if isinstance(expr, ranged):
            index = expr.limits[0][0]
            inner = depth(expr.function, bound | {index})
            grows = any(s in sizes for lim in expr.limits for e in lim[1:] for s in e.free_symbols)
            return inner + 1 if grows else inner
        if not isinstance(expr, sympy.Basic) or not expr.args:
            return 0
        return max((depth(arg, bound) for arg in expr.args), default=0)

    return max((depth(e, frozenset()) for e in exprs), default=0)


def _smallest_size(sym) -> int:
    """The smallest value a size may take: 1 if positive, 0 if nonnegative, and -1 for a
    bare integer (an empty range, as the empty sum 0 or empty product 1)."""
    kind = _kind_of(sym)
    if kind.sign == "pos":
        return 1
    if kind.sign == "nonneg":
        return 0
    if kind.sign in ("neg", "nonpos"):
        raise NotEvaluable(f"the size {sym} is declared negative; ranges up to it are empty")
    return -1


def _size_values(sym, facts, rng, cap: int) -> list[int]:
    """Every size to try for one size symbol: the smallest allowed, the boundaries of its
    facts, then log-spaced and random sizes up to ``cap``."""
    lo = _smallest_size(sym)
    values = {lo, lo + 1, lo + 2}
    for fact in facts:
        e = fact.expr
        for side, other, rel in ((e.lhs, e.rhs, fact.relation), (e.rhs, e.lhs, _MIRROR[fact.relation])):
            if side == sym and other.is_number and other.is_finite:
                edge = _integer_past(Fraction(str(sympy.nsimplify(other))) if other.is_Rational
                                     else Fraction(math.floor(float(other))), rel, 0)
                if edge is not None:
                    values |= {int(edge), int(edge) + 1, int(edge) - 1}
    values |= {v for v in SIZES if v <= cap}
    values |= {int(10 ** rng.uniform(math.log10(4), 3)) for _ in range(RANDOM_SIZES)}
    if cap >= BIG_SIZE:
        values.add(BIG_SIZE)
    values = sorted(v for v in values if v >= lo and v <= max(cap, lo + 2))
    return [v for v in values
            if _holds([f for f in facts if f.expr.free_symbols <= {sym}], _Env({sym: Fraction(v)}))]


def _instances(sizes, facts, exprs=(), seed: int = 0) -> list[dict]:
    """The sizes a general claim is tried at, in order: for one size every value of
    ``_size_values``; for several, all at their smallest, each alone over its values with
    the others small, all equal, and a few random combinations. Instances whose terms
    would exceed ``TERM_BUDGET`` are left out (and so not claimed in the evidence)."""
    if not sizes:
        return [{}]
    rng = random.Random(f"sizes/{seed}")
    k = max(1, _nesting(exprs, set(sizes)))
    cap = int(TERM_BUDGET ** (1 / k))
    cheap = len(sizes) == 1 and k == 1 and not any(e.atoms(sympy.Indexed) for e in exprs)
    cap = BIG_SIZE if cheap else min(cap, 1000)
    per = {s: _size_values(s, facts, rng, cap) for s in sizes}
    if any(not v for v in per.values()):
        return []
    if len(sizes) == 1:
        combos = [(v,) for v in per[sizes[0]]]
    else:
        small = [next((v for v in per[s] if v >= 1), per[s][0]) for s in sizes]
        combos = [tuple(per[s][0] for s in sizes), tuple(small)]
        for i, s in enumerate(sizes):
            for v in per[s]:
                combos.append(tuple(v if m == i else small[m] for m in range(len(sizes))))
        common = sorted(set.intersection(*(set(per[s]) for s in sizes)))
        combos += [(v,) * len(sizes) for v in common]
        combos += [tuple(rng.choice(per[s]) for s in sizes) for _ in range(RANDOM_SIZES)]
    size_facts = [f for f in facts if f.expr.free_symbols <= set(sizes)]
    out, seen = [], set()
    for combo in combos:
        if combo in seen or math.prod(max(abs(c), 1) for c in combo) ** k > max(TERM_BUDGET, BIG_SIZE):
            continue
        seen.add(combo)
        point = {s: Fraction(v) for s, v in zip(sizes, combo)}
        if _holds(size_facts, _Env(point)):
            out.append(point)
    if len(out) > MAX_INSTANCES:  # keep both ends and spread the rest
        step = len(out) / MAX_INSTANCES
        out = [out[int(i * step)] for i in range(MAX_INSTANCES - 1)] + [out[-1]]
    return out


@dataclass
class _Sample:
    """A point with the lazy draws of its indexed coordinates."""

    values: dict
    draw: Callable | None
    label: str = ""

    def env(self) -> _Env:
        return _Env(self.values, self.draw)


def _drawer(rng: random.Random, kinds: Mapping, constant: Fraction | None = None,
            distributions: Mapping | None = None):
    def draw(key):
        label = key[0]
        if distributions and label in distributions:
            return distributions[label](rng)
        kind = kinds.get(label, _Kind())
        if constant is not None:
            value = _signed(constant, kind)
            if value is not None and not (kind.integer and constant.denominator != 1):
                return value
        value = None
        while value is None:
            value = _draw(rng, kind)
        return value
    return draw


def _index_facts(exprs) -> list:
    """Implicit ranges of free indices: ``x_j`` beside ``max_j x_j`` (j from 1 to L) means
    1 <= j <= L; without it a sampled j = -3 would 'refute' a true step."""
    ranges = {}
    for e in exprs:
        for node in sympy.preorder_traversal(e):
            if isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
                for limit in node.limits:
                    if len(limit) != 3:
                        continue
                    v, lo, hi = limit
                    for idx in node.function.atoms(sympy.Indexed):
                        if v in idx.indices:
                            ranges.setdefault(idx.base.label, (lo, hi))
    free = set(variables(*exprs))
    out = []
    for e in exprs:
        for idx in e.atoms(sympy.Indexed):
            bounds = ranges.get(idx.base.label)
            for i in idx.indices if bounds else ():
                if isinstance(i, sympy.Symbol) and i in free and i.is_integer:
                    for fact in (sympy.Ge(i, bounds[0]), sympy.Le(i, bounds[1])):
                        if fact is not sympy.true and fact not in out:
                            out.append(fact)
    return out


_SIGNS = {(Relation.GT, "right"): "pos", (Relation.GE, "right"): "nonneg",
          (Relation.LT, "right"): "neg", (Relation.LE, "right"): "nonpos",
          (Relation.LT, "left"): "pos", (Relation.LE, "left"): "nonneg",
          (Relation.GT, "left"): "neg", (Relation.GE, "left"): "nonpos"}


def _split_indexed_facts(facts) -> tuple[list, dict]:
    """Separate facts about every entry of an indexed quantity (``x_j > 0`` with a symbolic
    j reads as: for all j) into signs of its draws; other facts stay relational."""
    plain, signs = [], {}
    for fact in facts:
        fact = sympy.sympify(fact, strict=True)
        parts = fact.args if isinstance(fact, sympy.And) else (fact,)
        for part in parts:
            entries = [i for i in part.atoms(sympy.Indexed)
                       if any(not idx.is_Integer for idx in i.indices)]
            if not entries:
                plain.append(part)
                continue
            relation = _FACT_RELATIONS.get(type(part))
            side = ("left" if part.lhs == 0 else "right") if 0 in (part.lhs, part.rhs) else None
            entry = part.rhs if side == "left" else part.lhs
            if relation is None or side is None or not isinstance(entry, sympy.Indexed) \
                    or (relation, side) not in _SIGNS:
                raise NotEvaluable(f"cannot sample under {part}: an assumption about every "
                                   f"entry of {entries[0].base} must read like x_j > 0")
            signs[str(entry.base.label)] = _SIGNS[(relation, side)]
    return plain, signs


def _minimum(plan: "_Plan", samples: int) -> int:
    """Points a claim with variables needs before it may be called verified."""
    free = bool(plan.kinds) or any(set(s.values) - set(plan.sizes) for s in plan.samples[:1])
    if not free:  # nothing but sizes (or nothing at all): each instance is one point
        return max(1, len(plan.instances) - 1)
    return max(min(5, samples), min(samples, 60) // 6)


def _noted(finding: Finding, plan: "_Plan") -> Finding:
    """Say in the evidence which implicit index ranges shaped the points."""
    implicit = [f for f in plan.facts if f in plan.implicit]
    if not implicit:
        return finding
    ranges = ", ".join(sorted({str(f) for f in implicit}))
    return Finding(finding.verdict, f"{finding.detail}; free indices kept in the range of "
                   f"their sums and maxima ({ranges})", finding.counterexample, finding.method)


@dataclass
class _Plan:
    """The points of a claim and what shaped them."""

    samples: list
    sizes: list
    instances: list
    facts: list          # SymPy relationals that hold at every point (for certificates)
    kinds: dict          # indexed label -> _Kind
    implicit: list = field(default_factory=list)  # index ranges read off the claim
    domain: str = ""     # what was sampled, in words


def _claim_samples(exprs, facts, *, seed, count, deadline=None,
                   complex_unknown: bool = False) -> _Plan:
    """The points of a claim: instances of its sizes times sampled points, with edges."""
    sizes = size_symbols(*exprs)
    symbols = [s for s in variables(*exprs) if s not in sizes]
    facts, signs = _split_indexed_facts(facts)
    implicit = _index_facts(exprs)
    facts = facts + implicit
    facts_c = _facts(facts)
    instances = _instances(sizes, facts_c, exprs, seed)
    if not instances:
        raise NotEvaluable(f"no size satisfies the assumptions on "
                           f"{', '.join(map(str, sizes))}")
    kinds = _indexed_kinds(*exprs)
    for label, sign in signs.items():
        kinds[label] = _Kind(kinds.get(label, _Kind()).integer, sign)
    per = max(6, count // 6) if sizes else count
    samples: list[_Sample] = []
    for n, fixed in enumerate(instances):
        if deadline is not None and n and time.monotonic() > deadline:
            instances = instances[:n]
            break
        # a large instance costs its size in terms: fewer points there (counted, not timed,
        # so the evidence is the same on every machine)
        weight = math.prod(max(abs(int(v)), 1) for v in fixed.values()) if fixed else 1
        here = per if weight <= 16 else max(1, per * 16 // weight)
        points = sample_points(symbols, facts, seed=seed * 7919 + n, count=here, fixed=fixed,
                               deadline=deadline, complex_unknown=complex_unknown,
                               edges=weight <= 1000)
        if kinds and points and len(points) < here:
            # few distinct symbol values (none but the sizes): vary the indexed draws instead
            points = [points[i % len(points)] for i in range(here)]
        for i, point in enumerate(points):
            rng = random.Random(f"{seed}/{n}/{i}")
            samples.append(_Sample(point, _drawer(rng, kinds)))
        # equal arguments: every indexed entry the same value
        ends = n in (0, len(instances) - 1) and weight <= 1000
        constants = (0, 1, -1, 10**30, -10**30) if ends else (0, 1)
        for c in map(Fraction, constants):
            if kinds and points:
                rng = random.Random(f"{seed}/{n}/eq{c}")
                samples.append(_Sample(dict(points[0]), _drawer(rng, kinds, constant=c)))
    kinds_of = {s: _kind_of(s, complex_unknown) for s in symbols}
    domain = _domain_text(kinds_of, kinds, facts)
    return _Plan(samples, sizes, instances, facts, kinds, implicit, domain)


def _kind_text(kind: _Kind) -> str:
    if kind.complex:
        return "complex"
    base = "integer" if kind.integer else "real"
    sign = {"pos": " > 0", "neg": " < 0", "nonneg": " >= 0", "nonpos": " <= 0",
            "nonzero": " != 0"}.get(kind.sign, "")
    return base + sign


def _domain_text(kinds: Mapping, ikinds: Mapping, facts) -> str:
    """The sampled domain in words: each variable's set and the relational assumptions."""
    parts = [f"{s} {_kind_text(k)}" for s, k in kinds.items()]
    parts += [f"{label}_j {_kind_text(k)}" for label, k in sorted(ikinds.items())]
    stated = [str(f) for f in facts]
    text = ", ".join(parts)
    if stated:
        text += f" with {', '.join(stated)}"
    return text


@dataclass(frozen=True)
class Finding:
    """What the numeric tier found about a claim.

    ``verdict`` is ``refuted`` (certified counterexample in ``counterexample``),
    ``verified`` (every measured point agrees) or ``undecided``; ``detail`` is the
    sentence of evidence, ``method`` names the tier.
    """

    verdict: str
    detail: str
    counterexample: tuple[tuple[str, str], ...] | None = None
    method: str = "numeric_sample"


def fraction_text(v) -> str:
    """An exact rational as a short decimal string (``1e-30``, ``0.25``), else ``p/q``."""
    if isinstance(v, Gaussian):
        return f"{fraction_text(v.re)}{'+' if v.im >= 0 else '-'}{fraction_text(abs(v.im))}*I"
    v = Fraction(v)
    if v.denominator == 1:
        n = v.numerator
        zeros = len(str(abs(n))) - len(str(abs(n)).rstrip("0"))
        if zeros >= 6:
            return f"{n // 10**zeros}e{zeros}"
        return str(n)
    k, den = 0, v.denominator
    while k <= 80 and (10**k) % den:
        k += 1
    if k > 80:
        return f"{v.numerator}/{v.denominator}"
    m = v.numerator * (10**k // den)
    sign, digits = ("-" if m < 0 else ""), str(abs(m))
    if k <= 12:
        digits = digits.rjust(k + 1, "0")
        return f"{sign}{digits[:-k]}.{digits[-k:]}"
    exponent = len(digits) - 1 - k
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mantissa}e{exponent}"


def value_text(v, digits: int = 15) -> str:
    """An mpmath value as a short decimal string."""
    return mpmath.nstr(v, digits)


def values_text(a, b, digits: int = 15) -> tuple[str, str]:
    """Two values with just enough digits that they print differently (up to 60)."""
    while digits < 60 and mpmath.nstr(a, digits) == mpmath.nstr(b, digits) and a != b:
        digits += 5
    return mpmath.nstr(a, digits), mpmath.nstr(b, digits)


def _point_items(sample: _Sample) -> tuple[tuple[str, str], ...]:
    items = [(key_name(k), fraction_text(v)) for k, v in sample.values.items()]
    return tuple(sorted(items, key=lambda kv: _natural(kv[0])))


def items_text(items: Sequence[tuple[str, str]], limit: int = 8) -> str:
    """``k=v, ...`` for evidence, eliding the middle of a long list of indexed values."""
    items = list(items)
    if len(items) > limit + 2:
        hidden = len(items) - limit - 2
        items = items[:limit] + [("...", f"{hidden} more")] + items[-2:]
    return ", ".join(f"{k}={v}" if k != "..." else f"... ({v})" for k, v in items)


def _natural(name: str):
    head, _, tail = name.partition("[")
    nums = tuple(int(t) for t in tail.rstrip("]").split(",") if t.lstrip("-").isdigit())
    return (head, nums)


def _instance_text(sizes, instances) -> str:
    if not sizes:
        return ""
    if len(sizes) == 1:
        s = sizes[0]
        return f" (instances {s}={','.join(str(int(p[s])) for p in instances)})"
    combos = "; ".join(",".join(f"{s}={int(p[s])}" for s in sizes) for p in instances)
    return f" (instances {combos})"


def _is_real_claim(exprs, samples) -> bool:
    if any(e.has(sympy.I) for e in exprs):
        return False
    return not any(isinstance(v, Gaussian) for s in samples for v in s.values.values())


def judge_claim(lhs, relation: Relation, rhs, assumptions: Iterable = (), *, dps: int = 50,
                samples: int = 60, seed: int = 0, time_budget: float = 10.0) -> Finding:
    """Sample a claim ``lhs <relation> rhs`` under its assumptions and judge it.

    For ``\\implies`` the sides are SymPy booleans (relations joined by ``And``).
    Never returns ``refuted`` without a counterexample certified by ``certify`` at a point
    where the assumptions certainly hold.
    """
    relation = Relation(relation)
    deadline = time.monotonic() + time_budget
    try:
        lhs, rhs = sympy.sympify(lhs, strict=True), sympy.sympify(rhs, strict=True)
        if relation is Relation.IMPLIES:
            return _judge_implication(lhs, rhs, tuple(assumptions), dps=dps, samples=samples,
                                      seed=seed, deadline=deadline)
        if relation not in (Relation.EQ, Relation.NE) and not relation.is_order:
            return Finding("undecided", f"the numeric tier does not judge {relation.value} claims")
        fl, fr = compile_expr(lhs), compile_expr(rhs)
        complex_unknown = relation in (Relation.EQ, Relation.NE) and not _needs_real((lhs, rhs))
        plan = _claim_samples((lhs, rhs), assumptions, seed=seed, count=samples,
                              deadline=deadline, complex_unknown=complex_unknown)
        if lhs.has(sympy.Limit) or rhs.has(sympy.Limit):
            return _judge_limit(fl, fr, relation, plan.samples, dps, plan.sizes, plan.instances,
                                deadline)
        run = _Run(lhs, rhs, relation, dps, _is_real_claim((lhs, rhs), plan.samples), deadline,
                   _facts(plan.facts), plan.sizes, plan.kinds)
        run.minimum = _minimum(plan, samples)
        run.domain = plan.domain
        run.planned = _planned(plan)
        run.sweep(plan.samples, seed)
        return _noted(run.finding(plan.sizes, plan.instances), plan)
    except NotEvaluable as exc:
        return Finding("undecided", f"cannot evaluate numerically: {exc}")


_ORDER_ONLY = (sympy.Max, sympy.Min, MaxOver, ReLU, sympy.Piecewise, sympy.floor,
               sympy.ceiling, sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan,
               sympy.GreaterThan)


def _needs_real(exprs) -> bool:
    """Whether the claim only makes sense for real values (it compares or takes maxima)."""
    return any(e.has(*_ORDER_ONLY) for e in exprs)


def _size_key(values: Mapping, sizes) -> tuple:
    return tuple(sorted((str(s), str(v)) for s, v in values.items() if s in sizes))


def _planned(plan: _Plan) -> dict:
    """How many points the plan holds at each instance of the sizes."""
    counts: dict = {}
    for sample in plan.samples:
        key = _size_key(sample.values, set(plan.sizes))
        counts[key] = counts.get(key, 0) + 1
    return counts


def _conjuncts(boolean) -> list:
    if isinstance(boolean, sympy.And):
        return [c for a in boolean.args for c in _conjuncts(a)]
    if type(boolean) in _FACT_RELATIONS:
        return [boolean]
    raise NotEvaluable(f"{boolean} is not a relation or a conjunction of relations")


def _judge_implication(premise, conclusion, assumptions, *, dps, samples, seed,
                       deadline) -> Finding:
    """``P \\implies Q``: sample where the assumptions and P hold; a point where Q certainly
    fails (and P and the assumptions certainly hold) refutes."""
    hypotheses = _conjuncts(premise)
    goals = _conjuncts(conclusion)
    exprs = [side for r in hypotheses + goals for side in (r.lhs, r.rhs)]
    facts = assumptions + tuple(hypotheses)
    plan = _claim_samples(exprs, facts, seed=seed, count=samples, deadline=deadline)
    points = plan.samples
    facts_c = _facts(plan.facts)
    findings = []
    for goal in goals:
        relation = _FACT_RELATIONS[type(goal)]
        run = _Run(goal.lhs, goal.rhs, relation, dps, _is_real_claim(exprs, points), deadline,
                   facts_c, plan.sizes, plan.kinds)
        run.minimum = _minimum(plan, samples)
        run.domain = plan.domain
        run.planned = _planned(plan)
        run.sweep(points, seed)
        finding = run.finding(plan.sizes, plan.instances)
        if finding.verdict == "refuted":
            return Finding("refuted", f"the premise holds but {goal} fails: {finding.detail}",
                           finding.counterexample)
        findings.append((goal, finding))
    if not points:
        return Finding("undecided", "no sampled point satisfies the premise")
    undecided = [(g, f) for g, f in findings if f.verdict != "verified"]
    if undecided:
        goal, f = undecided[0]
        return Finding("undecided", f"where the premise holds, {goal}: {f.detail}")
    detail = "; ".join(f"{g}: {f.detail}" for g, f in findings)
    return Finding("verified", f"at points where the premise holds: {detail}")


def _judge_limit(fl, fr, relation, points, dps, sizes, instances, deadline) -> Finding:
    """A side with a limit: evaluate along a sequence approaching the point and compare
    with the other side, loosely (numerically consistent is all it can say)."""
    if relation is not Relation.EQ:
        return Finding("undecided", "the numeric tier only compares limits for equality")
    worst, seen = 0.0, 0
    for sample in points[:6]:
        if time.monotonic() > deadline:
            break
        ctx = _context()
        B = _MP(ctx)
        env = sample.env()
        with ctx.workdps(dps):
            try:
                a, b = _run(B, fl, env), _run(B, fr, env)
            except OutOfDomain:
                continue
            shown = items_text(_point_items(sample)) or "the constant point"
            if ctx.isinf(a) or ctx.isinf(b):
                if a != b:
                    return Finding("undecided", f"along a sequence approaching the limit point, "
                                   f"at {shown} the sides tend to {value_text(a)} and "
                                   f"{value_text(b)} (a numerical limit is not a certificate)")
                seen += 1
                continue
            tolerance = max(10 * B.limit_spread, 1e-20)
            gap = float(abs(a - b) / max(abs(a), abs(b), 1))
        if gap > tolerance:
            return Finding("undecided", f"along a sequence approaching the limit point, at "
                           f"{shown} the sides settle to {value_text(a)} and {value_text(b)} "
                           f"(a numerical limit is not a certificate)")
        seen += 1
        worst = max(worst, gap)
    if not seen:
        return Finding("undecided", "the limit could not be evaluated at any sampled point")
    return Finding("verified", f"numerically consistent: evaluated along a sequence "
                   f"approaching the limit point (steps 10^-k or 10^k, k up to 32) at {seen} "
                   f"point(s){_instance_text(sizes, instances)}, worst relative difference "
                   f"{worst:.1e}; not a proof")


MIN_POINTS_PER_INSTANCE = 3
NEAR_ZERO = 0.05  # a relative margin the search got below: look for an exact touching point
IDENTIFY_WIDTH = 2  # solveset looks this far on either side of the closest point


def _admissible(value, kind: _Kind) -> bool:
    """An exact real number meets a symbol's declared assumptions (certainly)."""
    if kind.complex or (kind.integer and value.is_integer is not True):
        return not kind.integer and value.is_real is True if not kind.complex else False
    if kind.parity is not None and (value.is_even if kind.parity == 0 else value.is_odd) is not True:
        return False
    test = {"pos": value.is_positive, "neg": value.is_negative, "nonneg": value.is_nonnegative,
            "nonpos": value.is_nonpositive, "nonzero": value.is_nonzero}.get(kind.sign, True)
    return test is True and value.is_real is True


def _exact_candidates(margin, sym, near: Fraction) -> list:
    """Exact points near ``near`` where ``margin`` (a function of ``sym``) may vanish or
    be smallest: its zeros and stationary points there (SymPy), and closed forms of the
    nearest stationary point recognised by nsimplify."""
    out: list = []
    if sympy.count_ops(margin) > 60:
        return out
    centre = sympy.Rational(near.numerator, near.denominator)
    window = sympy.Interval(centre - IDENTIFY_WIDTH, centre + IDENTIFY_WIDTH)
    for target in (sympy.diff(margin, sym), margin):
        try:
            found = sympy.solveset(target, sym, window)
        except (NotImplementedError, ValueError, TypeError, RecursionError):
            continue
        if isinstance(found, sympy.FiniteSet):
            out.extend(v for v in sorted(found, key=lambda v: abs(float(v - centre)))
                       if v.is_real)
    if not out:  # a numerical stationary point, named if it is a simple closed form
        try:
            slope = compile_expr(sympy.diff(margin, sym))
            ctx = _context()
            backend = _MP(ctx)
            with ctx.workdps(40):
                root = ctx.findroot(lambda t: _run(backend, slope, _Env({sym: t})),
                                    ctx.mpf(near.numerator) / near.denominator)
            guess = sympy.nsimplify(sympy.Float(str(root), 30), [sympy.pi, sympy.E],
                                    tolerance=1e-25)
            if guess.free_symbols == set():
                out.append(guess)
        except Exception:  # noqa: BLE001 -- no stationary point found: nothing to try
            pass
    return out[:6]


class _Run:
    """The state of judging one relation over points: counts, the worst point, candidates."""

    def __init__(self, lhs, rhs, relation, dps, real, deadline, facts, fixed, ikinds):
        self.lhs, self.rhs = lhs, rhs
        self.fl, self.fr = compile_expr(lhs), compile_expr(rhs)
        self.relation, self.dps, self.real, self.deadline = relation, dps, real, deadline
        self.facts, self.fixed, self.ikinds = facts, set(fixed), ikinds
        self.held = 0
        self.held_by_size: dict[tuple, int] = {}  # points judged per instance of the sizes
        self.outside = 0
        self.undecided: list[tuple[_Sample, Judgement]] = []
        self.uncertified: list[tuple[_Sample, Judgement]] = []
        self.refuted: tuple | None = None
        self.worst: tuple[float, _Sample, Judgement] | None = None
        self.ranked: list[tuple[float, int, _Sample]] = []
        self.minimum = 1  # points needed for 'verified'; set by the caller for open claims
        self.signs: dict[bool, _Sample] = {}  # for \ne: where lhs > rhs and where not
        self.max_dps = dps
        self.timed_out = False
        self.searched = 0
        self.near_equal: tuple[float, _Sample] | None = None
        self.agree = EXACT  # fewest digits to which tight sides agreed
        self.domain = ""  # what was sampled, for the evidence
        self.planned: dict = {}  # points planned per instance of the sizes
        self.closest: tuple[float, _Sample] | None = None  # smallest margin the search met
        self.exact_point = None  # an identified irrational counterexample

    def out_of_time(self) -> bool:
        if time.monotonic() > self.deadline:
            self.timed_out = True
        return self.timed_out

    def sweep(self, points: Sequence[_Sample], seed: int) -> None:
        """Judge every point, then minimise the margin from the worst one."""
        for sample in points:
            if self.refuted or self.out_of_time():
                break
            self.consider(sample)
        if not self.refuted and self.relation is not Relation.EQ and not self.out_of_time():
            self.search(seed)
            if not self.refuted and not self.uncertified and self.closest is not None \
                    and self.closest[0] < NEAR_ZERO and not self.out_of_time():
                self.identify(self.closest[1])

    def consider(self, sample: _Sample) -> Judgement | None:
        try:
            j = judge_point(self.fl, self.fr, self.relation, sample.env(),
                            complex_=not self.real, dps=self.dps)
        except OutOfDomain:
            self.outside += 1
            return None
        self.max_dps = max(self.max_dps, j.dps)
        if j.status in (Status.HOLDS, Status.TIGHT):
            self._count_held(sample)
            if j.status is Status.TIGHT:
                self.agree = min(self.agree, j.digits)
            if self.relation is Relation.EQ:
                badness = abs(j.gap)
            elif self.relation is Relation.NE:
                badness = -abs(j.gap)
            else:
                badness = -j.gap if j.status is Status.HOLDS else 0.0
            if self.worst is None or badness > self.worst[0]:
                self.worst = (badness, sample, j)
            self.ranked.append((badness, len(self.ranked), sample))
            if self.relation is Relation.NE and self.real:
                self.signs.setdefault(bool(j.lhs > j.rhs), sample)
        elif j.status is Status.UNDECIDED:
            self.undecided.append((sample, j))
        elif self._domain_certain(sample):
            self.refuted = (sample, j)
        else:
            self.uncertified.append((sample, j))
        return j

    def _count_held(self, sample: _Sample) -> None:
        self.held += 1
        key = _size_key(sample.values, self.fixed)
        self.held_by_size[key] = self.held_by_size.get(key, 0) + 1

    def _thin_instances(self, instances) -> list[str]:
        """Instances of the sizes where too few points were in the domain to say anything.

        Without this, a claim false for every L > 1 but true at L = 1 could be 'verified'
        on the L = 1 points alone when the other instances fall outside the domain.
        """
        if not self.fixed:
            return []
        thin = []
        for fixed in instances:
            key = _size_key(fixed, self.fixed)
            needed = min(MIN_POINTS_PER_INSTANCE, self.planned.get(key, MIN_POINTS_PER_INSTANCE))
            if self.held_by_size.get(key, 0) < needed:
                thin.append(",".join(f"{a}={b}" for a, b in key))
        return thin

    def _domain_certain(self, sample: _Sample) -> bool:
        """Every assumption certainly holds at the point (else it proves nothing)."""
        return all(certify(f.expr.lhs, f.expr.rhs, f.relation, sample.values, dps=self.dps)
                   is Certainty.HOLDS for f in self.facts)

    # -- margin minimisation ------------------------------------------------------------

    def _objective(self, sample: _Sample) -> float | None:
        """The relative margin at one precision (negative: violated); None outside."""
        sides = _Sides(self.fl, self.fr, sample.env(), self.real)
        try:
            e = sides.at(self.dps)
        except OutOfDomain:
            return None
        with sides.ctx.workdps(self.dps):
            if self.relation is Relation.NE:
                d = abs(e.lhs - e.rhs)
            elif self.relation in (Relation.LT, Relation.LE):
                d = e.rhs - e.lhs
            else:
                d = e.lhs - e.rhs
            mag = max(abs(e.lhs), abs(e.rhs))
            return float(d / mag) if mag else float(d)

    def search(self, seed: int, budget: int = 240, starts: int = 3) -> None:
        """Minimise the margin from the worst few points by seeded coordinate steps that stay
        in the domain; every violation found is judged and certified like a sampled point."""
        rng = random.Random(f"search/{seed}")
        ranked = sorted(self.ranked, key=lambda r: (-r[0], r[1]))
        chosen, seen = [], set()
        for _, _, sample in ranked:
            key = tuple(sorted((key_name(k), str(v)) for k, v in sample.values.items()))
            if key not in seen:
                seen.add(key)
                chosen.append(sample)
            if len(chosen) == starts:
                break
        for number, start in enumerate(chosen, 1):
            self._descend(start, rng, budget * number // len(chosen))
            if self.refuted or self.uncertified or self.out_of_time():
                return

    def _descend(self, start: _Sample, rng, budget: int) -> None:
        current = _Sample(dict(start.values), None)
        coords = [k for k, v in current.values.items()
                  if isinstance(v, Fraction) and k not in self.fixed]
        best = self._objective(current)
        if not coords or best is None:
            return
        step = 0.5
        while self.searched < budget and step > 1e-9 and not self.out_of_time():
            improved = False
            for key in coords:
                for direction in (1, -1):
                    trial = self._moved(current, key, direction, step, rng)
                    if trial is None:
                        continue
                    self.searched += 1
                    value = self._objective(trial)
                    if value is not None and value < best:
                        best, current, improved = value, trial, True
                        if value < 0 or (self.relation is Relation.NE and value == 0):
                            self.consider(trial)
                            if self.refuted or self.uncertified:
                                return
                if self.searched >= budget:
                    break
            if not improved:
                step /= 2
        if self.relation is Relation.NE and (self.near_equal is None or best < self.near_equal[0]):
            self.near_equal = (best, current)
        if self.closest is None or best < self.closest[0]:
            self.closest = (best, current)

    # -- exact points where the margin approaches 0 -------------------------------------

    def identify(self, sample: _Sample) -> None:
        """Where the margin search approaches 0 without crossing it, the sides may touch at
        an irrational point (sin x = 1 at x = pi/2): find the stationary points and zeros of
        the margin along each coordinate near the sample exactly (SymPy's solveset, or a
        closed form recognised by nsimplify) and judge the claim there with balls."""
        if self.relation in _FLIP:
            margin = self.lhs - self.rhs
        elif self.relation is Relation.NE:
            margin = self.lhs - self.rhs
        else:
            margin = self.rhs - self.lhs
        coords = [k for k, v in sample.values.items()
                  if isinstance(k, sympy.Symbol) and isinstance(v, Fraction)
                  and k not in self.fixed and margin.has(k)]
        for sym in coords[:3]:
            if self.out_of_time():
                return
            kind = _kind_of(sym)
            for candidate in _exact_candidates(margin, sym, sample.values[sym]):
                if not _admissible(candidate, kind):
                    continue
                exact = {k: sympy.Rational(v.numerator, v.denominator)
                         for k, v in sample.values.items() if isinstance(v, Fraction)}
                exact[sym] = candidate
                if self._exact_failure(exact, sym):
                    return

    def _exact_failure(self, exact: dict, sym) -> bool:
        """Judge the claim at a point with an irrational coordinate, as a constant claim."""
        try:
            lhs, rhs = self.lhs.subs(exact), self.rhs.subs(exact)
            if lhs.free_symbols or rhs.free_symbols:
                return False
            for fact in self.facts:
                held = certify(fact.expr.lhs.subs(exact), fact.expr.rhs.subs(exact),
                               fact.relation, dps=self.dps)
                if held is not Certainty.HOLDS:
                    return False
            j = judge_point(compile_expr(lhs), compile_expr(rhs), self.relation, _Env({}),
                            complex_=not self.real, dps=self.dps)
            if j.status is Status.UNDECIDED or (j.status is Status.TIGHT and not j.exact):
                difference = sympy.simplify(lhs - rhs)
                if difference != 0:
                    return False
                j = judge_point(compile_expr(sympy.S.Zero), compile_expr(sympy.S.Zero),
                                self.relation, _Env({}), dps=self.dps)
        except (NotEvaluable, OutOfDomain, TypeError, ValueError):
            return False
        if j.status is not Status.FAILS:
            return False
        shown = tuple((key_name(k), sympy.sstr(v) if k == sym else fraction_text(Fraction(
            int(v.p), int(v.q)))) for k, v in exact.items())
        self.exact_point = (shown, lhs, rhs)
        self.refuted = (_Sample({}, None), j)
        return True

    def _moved(self, sample: _Sample, key, direction: int, step: float, rng) -> _Sample | None:
        value = sample.values[key]
        kind = self.ikinds.get(key[0], _Kind()) if isinstance(key, tuple) else _kind_of(key)
        size = abs(float(value))
        if kind.integer:
            new = value + direction * max(1, int(size * step))
        else:
            jitter = 1 + 0.1 * rng.random()
            new = _short(float(value) + direction * step * jitter * max(size, 1e-3), 12)
        new = _signed(Fraction(new), kind)
        if new is None or new == value:
            return None
        values = dict(sample.values)
        values[key] = new
        if not _holds(self.facts, _Env(values)):
            return None
        return _Sample(values, None)

    # -- the outcome --------------------------------------------------------------------

    def finding(self, sizes, instances) -> Finding:
        digits = f"Arb balls at exact points, {self.dps} digits"
        if self.max_dps > self.dps:
            digits += f" (escalated up to {self.max_dps} where the sides overlapped)"
        where = _instance_text(sizes, instances)
        counted = self.held + len(self.undecided) + len(self.uncertified) + bool(self.refuted)
        constant = not self.domain and not sizes
        npoints = "the constant claim" if constant else \
            f"{counted} point{'s' if counted != 1 else ''}{where}"
        if self.domain:
            npoints = f"domain {self.domain}; {npoints}"
        if self.outside:
            npoints += f", {self.outside} more where both sides are undefined skipped"
        if self.searched:
            npoints += f", {self.searched} more in a margin search"
        if self.refuted:
            return self._refutation(digits)
        if self.uncertified:
            sample, j = self.uncertified[0]
            shown = items_text(_point_items(sample))
            return Finding("undecided", f"{digits}, {npoints}: the relation fails at "
                           f"{shown or 'the constant point'} ({self._sides_text(j)}), but the "
                           f"assumptions could not be certified to hold there, so it is not "
                           f"refuted")
        if self.undecided:
            sample, j = self.undecided[0]
            shown = items_text(_point_items(sample)) or "the constant point"
            why = (f"the sides agree to {j.digits} digits" if j.lhs is not None
                   else "a side could not be enclosed")
            return Finding("undecided", f"{digits}, {npoints}: at {len(self.undecided)} point(s) "
                           f"the balls did not decide up to {MAX_DPS} digits (at {shown} {why})")
        if self.held == 0:
            why = "the time budget ran out" if self.timed_out else "no sampled point is in the domain"
            return Finding("undecided", f"{digits}: no point could be judged ({why})")
        thin = self._thin_instances(instances) if self.held >= self.minimum else []
        if thin:
            return Finding("undecided", f"{digits}, {npoints}: too few points in the domain at "
                           f"instance(s) {'; '.join(thin)} (at least {MIN_POINTS_PER_INSTANCE} "
                           f"each are needed to call the claim verified)")
        if self.held < self.minimum:
            why = " (the time budget ran out)" if self.timed_out else ""
            return Finding("undecided", f"{digits}: only {self.held} point(s) of the domain could "
                           f"be judged{why}, too few to call the claim verified")
        if self.timed_out and sizes:
            return Finding("undecided", f"{digits}, {npoints}: the time budget ran out before "
                           f"every size of the plan was judged")
        if len(self.signs) == 2:
            above, below = (items_text(_point_items(self.signs[b])) for b in (True, False))
            return Finding("undecided", f"{digits}, {npoints}: lhs - rhs is positive at "
                           f"{above} and negative at {below}; if it is continuous in between, "
                           f"the sides meet there")
        if self.near_equal is not None and self.near_equal[0] < 1e-6:
            shown = items_text(_point_items(self.near_equal[1]))
            return Finding("undecided", f"{digits}, {npoints}: the sides come within relative "
                           f"{self.near_equal[0]:.1e} of each other near {shown}; they may meet")
        budget = " (stopped early: time budget)" if self.timed_out else ""
        if constant and self.relation is Relation.EQ:
            return Finding("verified", f"the sides are equal to {self._agree_text()} "
                           f"({digits}); a numerical agreement, not a proof")
        return Finding("verified", f"{digits}, {npoints}{budget}, {self._worst_text()}")

    def _agree_text(self) -> str:
        return "every digit (their difference is exactly 0)" if self.agree == EXACT \
            else f"{self.agree} digits"

    def _sides_text(self, j: Judgement) -> str:
        if j.undefined:
            defined = j.rhs if j.lhs is None else j.lhs
            other = "rhs" if j.lhs is None else "lhs"
            value = value_text(ball_mp(defined)) if defined is not None else "?"
            return f"{j.undefined}, while {other} = {value}"
        shown_l, shown_r = values_text(ball_mp(j.lhs), ball_mp(j.rhs))
        return f"lhs={shown_l}, rhs={shown_r}"

    def _refutation(self, digits: str) -> Finding:
        sample, j = self.refuted
        if self.exact_point is not None:
            shown, lhs, rhs = self.exact_point
            cex = shown + (("lhs", sympy.sstr(lhs)), ("rhs", sympy.sstr(rhs)))
            return Finding("refuted", f"the margin search approached 0 near an exact point: "
                           f"{self.relation.value} fails at {items_text(cex)} (an exact point "
                           f"identified from the stationary points and zeros of the margin, "
                           f"judged there with Arb balls or exactly)", cex)
        if j.undefined:
            defined = j.rhs if j.lhs is None else j.lhs
            other = "rhs" if j.lhs is None else "lhs"
            extra = ((other, value_text(ball_mp(defined))),) if defined is not None else ()
            cex = _point_items(sample) + extra
            where = items_text(_point_items(sample)) or "the constant point"
            return Finding("refuted", f"{digits}: at {where} {j.undefined}, while {other} has "
                           f"a value, so the claim fails there as a real "
                           f"{'identity' if self.relation is Relation.EQ else 'statement'} "
                           f"(certified with Arb balls)", cex)
        shown_l, shown_r = values_text(ball_mp(j.lhs), ball_mp(j.rhs))
        cex = _point_items(sample) + (("lhs", shown_l), ("rhs", shown_r))
        return Finding("refuted", f"{digits}: {self.relation.value} fails at {items_text(cex)} "
                       f"(certified with Arb balls at {j.dps} digits)", cex)

    def _worst_text(self) -> str:
        badness, sample, j = self.worst
        if self.relation is Relation.EQ:
            return f"the sides agree to at least {self._agree_text()} at every point"
        if self.relation is Relation.NE:
            return f"smallest relative difference {abs(j.gap):.1e}"
        shown = items_text(_point_items(sample))
        at = f" at {shown}" if shown else ""
        return f"worst relative margin {j.gap:.1e}{at}"
