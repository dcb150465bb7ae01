"""Candidate antiderivatives that SymPy's integrator misses: dilogarithms and u = e^x.

SymPy integrates ``ln t / (1 + t)`` to a Piecewise of ``polylog(2, t + 1)`` on its cut and leaves
``x e^x / (e^x - 1)`` unevaluated. The candidates here are only proposals: the caller
(``integrals._newton_leibniz``) keeps one only when its derivative simplifies to the integrand and
it is smooth on the interval, so a wrong candidate costs time, never a wrong verdict.

* ``K ln(s) / (g t + d)`` with ``s = p t + q`` linear: in s the integrand is
  ``(K/g) ln s / (s + c)`` with ``c = (p d - q g)/g``, whose antiderivatives are
  ``ln(s) ln(1 + s/c) + Li2(-s/c)`` (real where ``1 + s/c > 0``) and
  ``-Li2(1 + s/c) - ln(-1/c) ln(+-(s + c))`` (real where ``c < 0``): DLMF 25.12.2 differentiated.
* an integrand in x and e^x: with ``u = e^x`` the integral is one of ``g(u) = f(ln u) / u`` over
  the image of the interval (``exponential_substitution``), decided in u as any other.
"""
from __future__ import annotations

from typing import Iterator

import sympy


def _linear(expr, t):
    """(p, q) with expr = p t + q, p != 0, p and q free of t; else None."""
    try:
        poly = sympy.Poly(expr, t)
    except sympy.PolynomialError:
        return None
    if poly.degree() != 1 or any(c.has(t) for c in poly.all_coeffs()):
        return None
    p, q = poly.all_coeffs()
    return p, q


def _dilogarithm_forms(f, t) -> Iterator:
    """Antiderivatives of ``K ln(p t + q) / (g t + d)`` (K free of t), in both real forms."""
    numer, denom = sympy.fraction(sympy.together(f))
    logs = [a for a in sympy.Mul.make_args(numer) if isinstance(a, sympy.log)]
    if len(logs) != 1:
        return
    k = sympy.Mul(*[a for a in sympy.Mul.make_args(numer) if a is not logs[0]])
    inner, lower = _linear(logs[0].args[0], t), _linear(denom, t)
    if k.has(t) or inner is None or lower is None:
        return
    (p, q), (g, d) = inner, lower
    if sympy.simplify(p * d - q * g) == 0:
        return                     # ln(s)/s: SymPy's ln(s)^2/2
    s, c = p * t + q, (p * d - q * g) / g
    yield k / g * (sympy.log(s) * sympy.log(1 + s / c) + sympy.polylog(2, -s / c))
    for sign in (1, -1):
        yield k / g * (-sympy.polylog(2, 1 + s / c) - sympy.log(-1 / c) * sympy.log(sign * (s + c)))


def exponential_substitution(integral):
    """The integral with ``u = e^t`` when its integrand is a function of t and e^t alone:
    ``Integral(f(ln u)/u, (u, e^a, e^b))`` (e^t maps (a, b) onto (e^a, e^b), smooth and
    increasing, so the two integrals, proper or improper, are equal), else None."""
    (t, a, b), f = integral.limits[0], integral.function
    if f.has(sympy.sinh, sympy.cosh, sympy.tanh, sympy.coth, sympy.sech, sympy.csch):
        f = f.rewrite(sympy.exp)
    if not f.atoms(sympy.exp) or not t.is_extended_real:
        return None
    u = sympy.Dummy("u", positive=True)
    g = f.subs(sympy.exp(t), u)
    # exp(c ln u) is u^c (SymPy's own evaluation); no rewrite that needs a sign (no force=True)
    g = g.xreplace({t: sympy.log(u)}) / u
    if any(not isinstance(h, (sympy.exp, sympy.log)) for h in g.atoms(sympy.Function)):
        return None           # sin(a ln u): nothing simpler in u
    g = sympy.simplify(sympy.powsimp(sympy.expand_power_exp(g)))
    if g.has(t) or g.has(sympy.exp):
        return None
    return sympy.Integral(g, (u, sympy.exp(a), sympy.exp(b)))


def without_li1(expr):
    """``Li1(w)`` as ``-ln(1 - w)`` (the same principal branch): how a dilogarithm's derivative
    comes out of SymPy, written so that simplify can meet the integrand."""
    return expr.replace(lambda e: isinstance(e, sympy.polylog) and e.args[0] == 1,
                        lambda e: -sympy.log(1 - e.args[1]))


def candidates(f, t) -> Iterator:
    """Proposed antiderivatives of f in t beyond SymPy's own, cheapest first."""
    yield from _dilogarithm_forms(f, t)
