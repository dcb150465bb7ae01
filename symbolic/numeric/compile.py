"""SymPy tree -> closures ``f(backend, env)``: the evaluator's compiler.

Dispatch is by SymPy type through the MRO (like SymPy's printers), so a new node is one
new entry in ``_COMPILERS``; an unknown node raises ``NotEvaluable``. Ranges follow one
convention: an empty range is the empty sum 0 and the empty product 1.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Callable
import mpmath
import sympy
from symbolic.functions import MaxOver, MinOver, ReLU

from symbolic.numeric.backends import ClosedFormUndefined, NotEvaluable, OutOfDomain, Undefined
from symbolic.numeric.text import tex


class Env:
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
            raise NotEvaluable(f"no value for symbol {tex(sym)}") from None

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
    sympy.zeta: "zeta",
    sympy.re: "re", sympy.im: "im", sympy.conjugate: "conjugate", sympy.arg: "arg",
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
    raise NotEvaluable(f"the number {tex(expr)} is not finite")


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
                           f"in {tex(expr)}")
    inner = _compile(expr.args[0])
    if name in _PERIODIC:
        def periodic(B, env):
            value = inner(B, env)
            B.track(value)  # sin(x) is known only to |x| times the precision
            return _call(B, name, value)
        return periodic
    run = lambda B, env: _call(B, name, inner(B, env))  # noqa: E731
    if expr.has(sympy.Indexed):
        # e^{x_j} of a softmax appears in its numerator and its sum: computed once per j
        return _memo(expr, run)
    return run


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


def _compile_int(expr) -> Callable[[Env], int]:
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
            raise NotEvaluable(f"{tex(expr)} = {v} is used as an index or range end but is not an "
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
    raise NotEvaluable(f"the index or range end {tex(expr)} is not an integer expression")


def _compile_indexed(expr):
    label = str(expr.base.label)
    indices = [_compile_int(i) for i in expr.indices]
    if len(expr.indices) == 1 and isinstance(expr.indices[0], sympy.Symbol):
        index, whole = expr.indices[0], indices[0]

        def bound(B, env):  # x_j inside a range over j: the common case, kept cheap
            i = env.bound.get(index)
            coordinate = (label, (i if i is not None else whole(env),))
            key = (coordinate, id(B), B.precision())
            value = env.cache.get(key)
            if value is None:
                value = env.cache[key] = B.num(env.indexed(coordinate))
            return value
        return bound

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
        raise NotEvaluable(f"{type(expr).__name__} with limits {tex(sympy.Tuple(*expr.limits))} is not supported")
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
    """A derivative through SymPy's closed form, whose domain may be smaller than the
    derivative's: d/dx of x^j is j x^j / x, undefined at 0 where the derivative is j x^(j-1).
    The inner expression is differentiated as written (``deep=False``): evaluated first, a sum
    becomes a Piecewise whose x = 1 piece (n) differentiates to 0."""
    done = expr.doit(deep=False)
    if done.has(sympy.Derivative, sympy.Subs):
        raise NotEvaluable(f"SymPy cannot differentiate {tex(expr)} in closed form")
    inner, function = _compile(done), _compile(expr.expr)

    def run(B, env):
        function(B, env)   # undefined there (ln x at x < 0): no derivative either, certainly
        try:
            return inner(B, env)
        except ClosedFormUndefined:
            raise
        except Undefined as exc:
            raise ClosedFormUndefined(f"the closed form of {tex(expr)} is undefined here "
                                      f"({exc}); the derivative itself may exist") from None
    return run


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
        raise NotEvaluable(f"the condition {tex(cond)} is not supported")
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
                raise NotEvaluable(f"the one-sided limits of {tex(inner)} differ")
        B.limit_spread = max(B.limit_spread, spread)
        return value
    return run


def _compile_mod(expr):
    a, b = (_compile(arg) for arg in expr.args)

    def run(B, env):
        x, y = a(B, env), b(B, env)
        return x - y * _call(B, "floor", x * B.inverse(y))
    return run


def _compile_factorial(expr):
    """n! as gamma(n + 1): exact for integers, undefined at negative integers."""
    inner = _compile(expr.args[0])
    return lambda B, env: _call(B, "gamma", inner(B, env) + B.num(Fraction(1)))


def _compile_kronecker(expr):
    """KroneckerDelta(i, k): 1 where the (integer) indices are equal, else 0."""
    a, b = (_compile(arg) for arg in expr.args)
    return lambda B, env: B.num(Fraction(1)) - B.abs(B.sign(a(B, env) - b(B, env)))


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
    sympy.Subs: _compile_subs, sympy.Mod: _compile_mod, sympy.factorial: _compile_factorial,
    sympy.KroneckerDelta: _compile_kronecker,
    sympy.Function: _compile_function,
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
    raise NotEvaluable(f"the numeric evaluator does not know {type(expr).__name__} ({tex(expr)}); "
                       f"add a compiler for it in symbolic/numeric/compile.py")


def compile_expr(expr) -> Callable:
    """Check that ``expr`` can be evaluated, raising ``NotEvaluable`` (with why) if not."""
    try:
        return _compile(sympy.sympify(expr, strict=True))
    except RecursionError:
        raise NotEvaluable("the expression is too deeply nested to evaluate") from None
