"""Circular and hyperbolic functions as rational functions of exponentials, and what follows.

``rational_difference`` writes ``lhs - rhs`` as one fraction in exponential generators (the
proof of ``complex_exp_rational``, whose module doc says why that is sound); ``nonzero_by_identity``
shows an expression nonzero wherever it is defined, for the definedness gate.

Two identities, each a proof that ``u != 0`` at every point where ``u`` is defined:

* a monomial in exponentials: after writing the circular and hyperbolic functions as
  exponentials, ``u`` is one fraction ``N / D`` in the exponential generators
  (``symbolic.checks.exp_rational``); where ``u`` is defined, ``D != 0`` and ``u = N / D``, so
  a numerator that is a nonzero number times a product of powers of exponentials (which
  never vanish) makes ``u`` nonzero: ``\\cosh z - \\sinh z = e^{-z}``;
* a root plus a remainder whose conjugate product is a nonzero constant:
  ``(c w^{1/2} + r)(c w^{1/2} - r) = c^2 w - r^2``; when that is a nonzero number, neither
  factor is 0: ``i z + (1 - z^2)^{1/2}`` (the argument of the logarithm in
  ``\\arcsin z = -i \\ln(i z + (1 - z^2)^{1/2})``, DLMF 4.23.19) has product 1, for either value
  of the root.

Nothing here decides a sign; a failure only means "not shown".
"""
from __future__ import annotations

import math

import sympy

from symbolic.budget import SoftTimeout

# larger conditions are left to the gate's other rules: cancelling them could take long
MAX_OPS = 80
TRIG = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc,
        sympy.sinh, sympy.cosh, sympy.tanh, sympy.coth, sympy.sech, sympy.csch)
# anything with a branch, a modulus or a non-analytic part is not a rational function of
# exponentials; such claims are other checkers' business
FOREIGN = (sympy.log, sympy.arg, sympy.Abs, sympy.re, sympy.im, sympy.conjugate,
           sympy.asin, sympy.acos, sympy.atan, sympy.acot, sympy.asec, sympy.acsc,
           sympy.asinh, sympy.acosh, sympy.atanh, sympy.acoth, sympy.asech, sympy.acsch,
           sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Product, sympy.Limit,
           sympy.Piecewise, sympy.floor, sympy.ceiling, sympy.sign)


def integer_powers_only(e) -> bool:
    """Every power has an integer exponent, a number or an integer symbol (a root would
    bring a branch; ``(cosh z + sinh z)^n`` with n an integer has none)."""
    return all(p.exp.is_integer is True for p in e.atoms(sympy.Pow)
               if p.base is not sympy.E and p.base.free_symbols)


def _coefficient(term):
    """(c, m): ``term = c * m`` with c a Gaussian rational and m free of numbers."""
    coeff, rest = term.as_coeff_Mul()
    if rest.has(sympy.I):
        factors = sympy.Mul.make_args(rest)
        if sympy.I in factors:
            coeff = coeff * sympy.I
            rest = sympy.Mul(*[f for f in factors if f is not sympy.I])
    re_part, im_part = coeff.as_real_imag()
    if not (re_part.is_Rational and im_part.is_Rational):
        return None
    return coeff, rest


class _Generators:
    """The unknowns ``exp(m/q)`` and ``exp(i m/q)`` of one claim."""

    def __init__(self):
        self.keys: dict[tuple, int] = {}     # (m, imaginary) -> common denominator q
        self.symbols: dict[tuple, sympy.Symbol] = {}
        self.opaque: dict[sympy.Basic, sympy.Symbol] = {}

    def collect(self, expr) -> None:
        for e in expr.atoms(sympy.exp):
            for term in sympy.Add.make_args(sympy.expand(e.args[0])):
                if not term.free_symbols:
                    continue
                split = _coefficient(term)
                if split is None:
                    continue
                coeff, m = split
                re_part, im_part = coeff.as_real_imag()
                for part, imaginary in ((re_part, False), (im_part, True)):
                    if part != 0:
                        key = (m, imaginary)
                        self.keys[key] = math.lcm(self.keys.get(key, 1), int(part.q))

    def replace(self, expr):
        """``expr`` with every exponential as a product of generator powers."""
        def one(e):
            constant, factors = [], []
            for term in sympy.Add.make_args(sympy.expand(e.args[0])):
                split = _coefficient(term) if term.free_symbols else None
                if not term.free_symbols:
                    constant.append(term)
                    continue
                if split is None:
                    factors.append(self._opaque(sympy.exp(term)))
                    continue
                coeff, m = split
                re_part, im_part = coeff.as_real_imag()
                for part, imaginary in ((re_part, False), (im_part, True)):
                    if part != 0:
                        q = self.keys[(m, imaginary)]
                        factors.append(self._symbol(m, imaginary) ** int(part * q))
            # a constant phase in closed form: e^{i pi/4} = (1 + i)/sqrt(2)
            return _constant_exp(sympy.Add(*constant)) * sympy.Mul(*factors)
        return expr.replace(lambda e: isinstance(e, sympy.exp), one)

    def _symbol(self, m, imaginary):
        key = (m, imaginary)
        if key not in self.symbols:
            self.symbols[key] = sympy.Dummy(f"G{len(self.symbols)}")
        return self.symbols[key]

    def _opaque(self, e):
        if e not in self.opaque:
            self.opaque[e] = sympy.Dummy(f"E{len(self.opaque)}")
        return self.opaque[e]

    def describe(self) -> str:
        """The generators as inline maths for evidence (``$e^{i t_1}$, $e^{z/2}$``); empty
        when there is none."""
        from symbolic.numeric.text import tex
        parts = []
        for (m, imaginary), q in self.keys.items():
            exponent = (sympy.I if imaginary else 1) * m / q
            parts.append((sympy.default_sort_key(exponent), tex(sympy.exp(exponent, evaluate=False))))
        # sorted: the keys are found in an order that depends on the process's hash seed, and
        # the evidence must read the same in every run
        return ", ".join(text for _, text in sorted(parts))


def _constant_exp(c):
    value = sympy.exp(c)
    if c.has(sympy.I):
        value = sympy.expand_complex(value)
    return value


def rational_difference(lhs, rhs):
    """``lhs - rhs`` as one fraction in the exponential generators (and a description of them)."""
    difference = (lhs - rhs).rewrite(sympy.exp)
    generators = _Generators()
    generators.collect(difference)
    rational = generators.replace(difference)
    return sympy.cancel(sympy.together(rational)), generators




def nonzero_by_identity(expr) -> bool:
    """Whether ``expr`` is shown nonzero wherever it is defined by one of the identities above."""
    if not isinstance(expr, sympy.Expr) or not expr.free_symbols:
        return False
    if sympy.count_ops(expr) > MAX_OPS:   # the gate runs this on every nonzero condition
        return False
    try:
        return _conjugate_root(expr) or _exponential_monomial(expr)
    except SoftTimeout:
        raise
    except Exception:   # a SymPy failure only means "not shown"
        return False


def _conjugate_root(expr) -> bool:
    if not isinstance(expr, sympy.Add):
        return False
    roots = [t for t in expr.args if _root_term(t) is not None]
    if len(roots) != 1:
        return False
    c, w = _root_term(roots[0])
    rest = expr - roots[0]
    product = sympy.expand(c ** 2 * w - rest ** 2)
    return product.is_number and product.is_zero is False


def _root_term(term):
    """(c, w) with ``term = c w^{1/2}`` and c a number, or None."""
    coeff, rest = term.as_coeff_Mul()
    factors = sympy.Mul.make_args(rest)
    numbers = [f for f in factors if f.is_number]
    others = [f for f in factors if not f.is_number]
    if len(others) != 1:
        return None
    root = others[0]
    if isinstance(root, sympy.Pow) and root.exp == sympy.Rational(1, 2):
        return coeff * sympy.Mul(*numbers), root.base
    return None


def _exponential_monomial(expr) -> bool:
    if expr.has(*FOREIGN) or not (expr.has(*TRIG) or expr.has(sympy.exp)):
        return False
    if not integer_powers_only(expr):
        return False
    value, generators = rational_difference(expr, sympy.S.Zero)
    numerator, _ = sympy.fraction(sympy.together(value))
    unknowns = tuple(generators.symbols.values()) + tuple(generators.opaque.values())
    if not unknowns or numerator.free_symbols - set(unknowns):
        return False
    poly = sympy.Poly(numerator, *unknowns)
    if len(poly.terms()) != 1:
        return False
    coefficient = poly.terms()[0][1]
    return coefficient.is_number and coefficient.is_zero is False


def vanish_together(u, v) -> bool:
    """Whether ``u`` and ``v`` vanish at exactly the same points, shown by ``v = c u conj(u)``
    (or ``u = c v conj(v)``) with c a nonzero number, as an identity of rational functions
    in exponentials: then ``v = c |u|^2``. Both must be free of poles (their functions
    entire, so the identity holds at every point) and of real variables only, so that the
    conjugate is again such an expression: ``cos 2x + cosh 2y = 2 |cos(x + i y)|^2``."""
    for a, b in ((u, v), (v, u)):
        try:
            if _modulus_multiple(a, b):
                return True
        except SoftTimeout:
            raise
        except Exception:   # a SymPy failure only means "not shown"
            continue
    return False


_ENTIRE = (sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.exp)


def _modulus_multiple(a, b) -> bool:
    """``b = c a conj(a)`` for a nonzero number c (see ``vanish_together``)."""
    for e in (a, b):
        if not isinstance(e, sympy.Expr) or not e.free_symbols or sympy.count_ops(e) > MAX_OPS:
            return False
        if not all(s.is_extended_real for s in e.free_symbols):
            return False
        if e.has(*FOREIGN):
            return False
        # entire: only sin, cos, sinh, cosh, exp and non-negative integer powers
        if any(isinstance(f, sympy.Function) and not isinstance(f, _ENTIRE)
               for f in e.atoms(sympy.Function)):
            return False
        if any(p.exp.is_Integer is not True or p.exp < 0 for p in e.atoms(sympy.Pow)
               if p.base is not sympy.E):
            return False
    conjugate = sympy.conjugate(a)
    if conjugate.has(sympy.conjugate):
        return False
    ratio, _ = rational_difference(b / (a * conjugate), sympy.S.Zero)
    return bool(ratio.is_number and ratio.is_zero is False and ratio.is_finite)
