"""The arithmetics the compiled tree runs on, and the errors of evaluation.

``_Arb``/``_Acb`` (python-flint balls) are the evaluators of record: every value carries a
rigorous error bound, and an operation outside its real domain raises ``Undefined``
instead of producing a silent NaN. ``_MP`` (a local mpmath context) serves what balls do not:
limits along a sequence, the margin search and approximate claims. No backend touches global
state: mpmath contexts are per thread, and flint's precision is restored after each use.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable
import mpmath
import flint


MAX_DPS = 1000


_HUGE = 10**300


class NotEvaluable(Exception):
    """An expression holds something the evaluator cannot compute; the claim stays undecided."""


class OutOfDomain(Exception):
    """A value is undefined at this point (log 0, 1/0, a non-real value of a real claim)."""


class Undefined(OutOfDomain):
    """A value is certainly undefined at this point (ball arithmetic shows the argument of
    log, a square root, a division... is outside the operation's domain)."""


class ClosedFormUndefined(Undefined):
    """Undefined in SymPy's closed form of a derivative, whose domain may be smaller than the
    derivative's (d/dx x^j is j x^j / x, undefined at 0): never grounds for a failure."""


class Unsettled(NotEvaluable):
    """An enclosure is too wide to tell whether a value is defined (or which piece of a
    definition applies) at this precision; a higher precision may settle it."""


@dataclass(frozen=True)
class Gaussian:
    """An exact complex point value ``re + i*im`` with rational parts."""

    re: Fraction
    im: Fraction


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
            "erf": c.erf, "gamma": c.gamma, "loggamma": c.loggamma, "zeta": c.zeta,
            "re": c.re, "im": c.im, "conjugate": c.conj, "arg": self._arg,
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

    def _arg(self, x):   # the principal argument, in (-pi, pi]; mpmath's arg(0) = 0 is no value
        if x == 0:
            raise OutOfDomain("arg of zero")
        return self.ctx.arg(x)

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


def _may_be_integer(x) -> bool:
    """Whether the real ball x contains an integer (a wide ball always may)."""
    if not x.is_finite() or x.rad() >= 0.5:
        return True
    below = x.mid().floor()
    return below in x or (below + 1) in x


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


def _not_one(name: str, fn: Callable) -> Callable:
    """zeta: undefined at its pole 1."""
    def apply(x):
        if x == 1:
            raise Undefined(f"{name}(1) is undefined (a pole)")
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
        self.absorbed = False  # a sum lost a certainly nonzero term below its uncertainty
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
            "zeta": _not_one("zeta", method("zeta")),
            "loggamma": _real_domain("loggamma", lambda x: x > 0, lambda x: x <= 0,
                                     lambda x: x.lgamma()),
            "floor": lambda x: x.floor(), "ceiling": lambda x: x.ceil(),
            "re": lambda x: x, "im": lambda x: 0 * x, "conjugate": lambda x: x,
            "arg": _nonzero("arg", lambda x: 0 * x if x > 0 else flint.arb.pi()),
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
            if _may_be_integer(exponent):   # -4e59 at 50 digits: an integer the ball cannot show
                raise Unsettled("a negative number to a power that may be an integer")
            raise Undefined(f"a negative number to the non-integer power "
                            f"{_ball_text(exponent)} is not real")
        raise Unsettled("the base of a power may be 0 or negative")

    def add(self, values):
        total = values[0]
        for v in values[1:]:
            total = total + v
        if len(values) > 1 and not self.absorbed:
            self.absorbed = _absorbs(total, values)
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


def _absorbs(total, values) -> bool:
    """Whether a sum lost a term: one certainly nonzero and smaller than the uncertainty of
    the total, so that no digit of it survives (1 + e^(-e^x) at x = 10 is 1 to every digit
    of 1000). Sides that agree only through such a sum say nothing about that term."""
    rad = total.rad() if isinstance(total, flint.arb) else max(total.real.rad(),
                                                                 total.imag.rad())
    if rad == 0:
        return False
    # a term that underflowed (e^(-e^x) at x = 10^6 is [0 +- 10^(-10^434294)]): it may be 0,
    # but no value it could have shows in the total, far below the total's own rounding
    underflow = max(rad, abs(total).upper()) * flint.arb(2) ** (-2 * flint.ctx.prec)
    return any(abs(v).upper() < (rad if 0 not in v else underflow) and not _is_zero(v)
               for v in values)


def _is_zero(v) -> bool:
    return v.is_exact() and v == 0


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
        self.funcs["arg"] = _complex_nonzero("arg", lambda z: flint.acb(z.arg()))
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
