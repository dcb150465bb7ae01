"""Products of sines and cosines over a full period of roots of unity, in closed form.

For an integer ``N >= 1`` and ``beta = +-pi/N``, the numbers ``w^k = e^{2 i beta k}``
(k = 0..N-1) are the N distinct N-th roots of unity (``e^{2 i beta}`` is a primitive one), so
``X^N - 1 = prod_k (X - w^k)`` and, for every complex t,

    prod_{k=0}^{N-1} (1 - t w^k) = 1 - t^N.

With ``theta_k = a + beta k``:

    sin theta = (i/2) e^{-i theta} (1 - e^{2 i theta}),    cos theta = (1/2) e^{-i theta} (1 + e^{2 i theta}),

and ``e^{2 i theta_k} = e^{2 i a} w^k``, so

    prod_k sin(theta_k) = (i/2)^N e^{-i a N} e^{-i beta N (N-1)/2} (1 - e^{2 i a N}),
    prod_k cos(theta_k) = (1/2)^N e^{-i a N} e^{-i beta N (N-1)/2} (1 - (-1)^N e^{2 i a N}),

each an identity at every complex a for every integer N >= 1 (a number c to the integer
power N is ``exp(N ln c)`` for any logarithm of c). A factor free of k contributes its N-th
power, a positive integer power of a sine or cosine that many factors. ``closed_form``
replaces every product of this form and leaves the claim to the rational identity in
exponentials (``exp_rational``), which then treats ``e^{i a N}``, ``e^{i pi N / 2}``,
``2^N`` as unknowns like any other exponential.
"""
from __future__ import annotations

import sympy

_I, _PI = sympy.I, sympy.pi
_FACTORS = {sympy.sin: (_I / 2, False), sympy.cos: (sympy.Rational(1, 2), True)}

DETAIL = (r"each product over $k = 0, \dots, N-1$ of $\sin$ or $\cos$ of $a \pm k\pi/N$ in closed form "
          r"by $\sin\theta = \frac{i}{2} e^{-i\theta}(1 - e^{2i\theta})$, "
          r"$\cos\theta = \frac{1}{2} e^{-i\theta}(1 + e^{2i\theta})$ and "
          r"$\prod_{k=0}^{N-1}(1 - t\omega^k) = 1 - t^N$ for $\omega = e^{\pm 2\pi i/N}$, a primitive "
          r"$N$-th root of unity")


def has_product(expr) -> bool:
    return isinstance(expr, sympy.Basic) and expr.has(sympy.Product)


def closed_form(expr):
    """``expr`` with every product of the module doc's form in closed form, or None when a
    product of another form is left."""
    failed = []

    def one(p):
        value = _product_value(p)
        if value is None:
            failed.append(p)
            return p
        return value
    out = expr.replace(lambda e: isinstance(e, sympy.Product), one)
    return None if failed else out


def _product_value(p: sympy.Product):
    if len(p.limits) != 1 or len(p.limits[0]) != 3:
        return None
    k, lo, hi = p.limits[0]
    count = sympy.expand(hi - lo + 1)
    if count.is_integer is not True or count.is_positive is not True:
        return None
    body = p.function.xreplace({k: k + lo}) if lo != 0 else p.function
    constant, value = sympy.S.One, sympy.S.One
    for factor in sympy.Mul.make_args(body):
        base, times = factor, 1
        if isinstance(factor, sympy.Pow) and factor.exp.is_Integer and factor.exp > 0:
            base, times = factor.base, int(factor.exp)
        if not base.has(k):
            constant *= base ** times
            continue
        if type(base) not in _FACTORS:
            return None
        closed = _trig_product(type(base), base.args[0], k, count)
        if closed is None:
            return None
        value *= closed ** times
    return constant ** count * value


def _trig_product(kind, argument, k, count):
    argument = sympy.expand(argument)
    beta = argument.coeff(k)
    a = sympy.expand(argument - beta * k)
    if beta == 0 or a.has(k) or sympy.cancel(beta * count / _PI) not in (1, -1):
        return None
    c, plus = _FACTORS[kind]
    t_power = sympy.exp(2 * _I * a * count) * (sympy.exp(_I * _PI * count) if plus else 1)
    return (c ** count * sympy.exp(-_I * a * count)
            * sympy.exp(-_I * beta * count * (count - 1) / 2) * (1 - t_power))
