"""Infinite products and series of rational terms, in closed form by Gamma and polygamma values.

Two classical theorems (Whittaker & Watson, A Course of Modern Analysis, 12.13 and 12.16;
DLMF 5.7.6, 5.15.1) turn an infinite product or sum whose term is a rational function of
the index ``n`` into finitely many values of Gamma or polygamma functions:

* ``prod_{n>=1} prod_i (n + a_i) / prod_i (n + b_i) = prod_i Gamma(1 + b_i) / prod_i Gamma(1 + a_i)``
  when there are as many ``a_i`` as ``b_i`` and ``sum a_i = sum b_i`` (then the factor is
  ``1 + O(n^{-2})`` and the product converges); no ``n + b_i`` may vanish for ``n >= 1``;
* a sum of ``R(n) = P(n) / Q(n)`` with ``deg Q >= deg P + 2`` (absolutely convergent), written
  in partial fractions ``sum_{i,k} c_{ik} / (n + a_i)^k``: then ``sum_i c_{i1} = 0`` and
  ``sum_{n>=1} R(n) = -sum_i c_{i1} psi(1 + a_i) + sum_{i, k>=2} c_{ik} (-1)^k psi^{(k-1)}(1 + a_i) / (k-1)!``.

A range that starts at another integer is shifted to start at 1; a sum over all integers is
split at 0 (``f(0)`` plus the sums of ``f(n)`` and ``f(-n)`` over ``n >= 1``), one over
``n <= h`` is reflected; a sign ``(-1)^n`` is removed by splitting the sum into odd and even
``n`` (each part again needs ``deg Q >= deg P + 2``, so every rearrangement is of an absolutely
convergent series). The roots of ``P`` and ``Q`` are found by SymPy and then verified: their
monic product is expanded against the polynomial, and the partial fractions are summed
back to ``R``; so a root written with either square root is as good as the other.

The claim with its sums and products replaced is then an identity between Gamma and
polygamma values, proved as follows. Arguments that differ by an integer or add up to an
integer are brought to one representative ``x`` by the recurrences
``Gamma(x + 1) = x Gamma(x)``, ``psi^{(m)}(x + 1) = psi^{(m)}(x) + (-1)^m m! / x^{m+1}`` and the
reflections ``Gamma(1 - x) Gamma(x) = pi / sin(pi x)``,
``(-1)^m psi^{(m)}(1 - x) - psi^{(m)}(x) = pi d^m/dx^m cot(pi x)`` (DLMF 5.5.1, 5.5.3, 5.15.5,
5.15.6); each representative's ``Gamma(x)`` and ``psi^{(m)}(x)`` is then an independent unknown
(which only forgets relations, so a false claim never cancels) and what is left is proved
as a rational identity in exponentials (``complex_exp_rational``). Every rewrite is an
identity of meromorphic functions of the claim's parameters, so the claim is proved as one:
it holds wherever both sides are defined (at a parameter value where two roots coincide,
by continuity, the sum or product converging locally uniformly there). Where a term of the
sum or product is undefined (``z = n pi`` in ``cot z = 1/z + 2z sum 1/(z^2 - n^2 pi^2)``) the
definedness gate decides what is left out, as for every proof.

What that continuity argument needs is checked, not assumed: the term's coefficients are
polynomials in the parameters with a constant leading coefficient in ``n`` (so the tail is
``O(1/n^2)`` uniformly near every parameter value), no parameter is an integer (its values
would be isolated points, out of reach of continuity), and everything outside the sums is
analytic where defined (no branch, modulus or non-integer power). A claim that itself has a
Gamma or polygamma value of a variable is left undecided: the definedness gate does not know
their poles.
"""
from __future__ import annotations

import math

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
from symbolic.checks._equation_sides import equation_sides
from symbolic.checks._exponentials import FOREIGN, integer_powers_only, rational_difference
from symbolic.checks._prove import run_budgeted
from symbolic.model import Evidence, Outcome, Step, Verdict, undecided

BUDGET_S = 8.0
MAX_DEGREE = 6          # roots of larger polynomials are not looked for
MAX_SHIFT = 12          # Gamma(x + k) is expanded only for |k| up to this
_OTHER = tuple(f for f in FOREIGN if f not in (sympy.Sum, sympy.Product))


class NotHandled(Exception):
    """A sum or product of a form this module does not put in closed form (with the reason)."""


def _infinite(e) -> bool:
    return isinstance(e, (sympy.Sum, sympy.Product)) and any(
        bound.is_infinite for limit in e.limits for bound in limit[1:])


def _one_sided(term, n, lo, hi, m):
    """``[(f(m), finite part)]``: the range ``lo..hi`` as sums over ``m >= 1`` plus finite terms."""
    if lo.is_Integer and hi is sympy.oo:
        return [term.subs(n, m + lo - 1)], sympy.S.Zero
    if lo is sympy.S.NegativeInfinity and hi.is_Integer:
        return [term.subs(n, hi + 1 - m)], sympy.S.Zero
    if lo is sympy.S.NegativeInfinity and hi is sympy.oo:
        return [term.subs(n, m), term.subs(n, -m)], term.subs(n, 0)
    raise NotHandled(f"the range {lo}..{hi} is not an integer start or end with an infinite other end")


def _parity_parts(term, m):
    """A term with ``n`` in an exponent (``(-1)^n``) as its odd and even parts over ``m >= 1``."""
    if not any(p.exp.has(m) for p in term.atoms(sympy.Pow)):
        return [term]
    parts = [sympy.powsimp(term.subs(m, 2 * m - 1)), sympy.powsimp(term.subs(m, 2 * m))]
    if any(p.exp.has(m) for part in parts for p in part.atoms(sympy.Pow)):
        raise NotHandled("an exponent depends on the index other than through its parity")
    return parts


def _polys(term, m):
    numerator, denominator = sympy.fraction(sympy.cancel(sympy.together(term)))
    try:
        polys = sympy.Poly(numerator, m), sympy.Poly(denominator, m)
    except sympy.PolynomialError as exc:
        raise NotHandled("the term is not a rational function of the index") from exc
    # polynomial coefficients and a constant leading coefficient below: the tail is then
    # O(1/n^2) uniformly near every parameter value, so the sum is continuous wherever its
    # terms are defined (the module doc's continuity argument)
    for c in polys[0].all_coeffs() + polys[1].all_coeffs():
        if c.atoms(sympy.Function) or sympy.fraction(sympy.together(c))[1].free_symbols:
            raise NotHandled("a coefficient of the term is not a polynomial in the parameters")
    if polys[1].LC().free_symbols:
        raise NotHandled("the leading coefficient of the denominator depends on a parameter")
    return polys


def _roots(poly, m) -> list:
    """The roots of ``poly`` with multiplicity, verified: ``lc * prod (m - r)`` expands to it."""
    if poly.degree() > MAX_DEGREE:
        raise NotHandled(f"a polynomial of degree {poly.degree()} in the index")
    found = sympy.roots(poly, m)
    roots = []
    for root, multiplicity in found.items():
        # either square root of a square is a root when the pair is verified together
        simpler = sympy.powdenest(sympy.expand(root), force=True)
        roots += [simpler] * multiplicity
    rebuilt = poly.LC() * sympy.Mul(*[(m - r) for r in roots])
    if len(roots) != poly.degree() or sympy.expand(rebuilt - poly.as_expr()) != 0:
        # the simplified roots failed: use SymPy's own, which must then verify
        roots = [r for r, k in found.items() for _ in range(k)]
        rebuilt = poly.LC() * sympy.Mul(*[(m - r) for r in roots])
        if len(roots) != poly.degree() or sympy.expand(rebuilt - poly.as_expr()) != 0:
            raise NotHandled("the roots of a polynomial in the index were not found")
    return roots


def _pole_at_positive_integer(roots) -> bool:
    return any(r.is_integer and r.is_positive for r in roots)


def _product_closed_form(term, m):
    numerator, denominator = _polys(term, m)
    if numerator.is_zero:
        return sympy.S.Zero
    if numerator.degree() != denominator.degree():
        raise NotHandled("the factor's numerator and denominator have different degrees in the "
                         "index (the product diverges or tends to 0)")
    if sympy.cancel(numerator.LC() / denominator.LC() - 1) != 0:
        raise NotHandled("the factor does not tend to 1 (its leading coefficients differ)")
    a, b = _roots(numerator, m), _roots(denominator, m)
    if sympy.expand(sum(a) - sum(b)) != 0:
        raise NotHandled("the factor is not 1 + O(1/n^2) (sum of the roots differ): the "
                         "product does not converge to a nonzero limit")
    if _pole_at_positive_integer(b):
        raise NotHandled("a factor has a zero denominator")
    # n + a_i with a_i = -root
    return sympy.Mul(*[sympy.gamma(1 - r) for r in b]) / sympy.Mul(*[sympy.gamma(1 - r) for r in a])


def _sum_closed_form(term, m):
    numerator, denominator = _polys(term, m)
    if numerator.is_zero:
        return sympy.S.Zero
    if denominator.degree() < numerator.degree() + 2:
        raise NotHandled("the term is not O(1/n^2): the series is not absolutely convergent")
    roots = _roots(denominator, m)
    if _pole_at_positive_integer(roots):
        raise NotHandled("a term has a zero denominator")
    multiplicity: dict = {}
    for r in roots:
        multiplicity[r] = multiplicity.get(r, 0) + 1
    rational = numerator.as_expr() / denominator.as_expr()
    fractions, value, simple = sympy.S.Zero, sympy.S.Zero, sympy.S.Zero
    for r, k in multiplicity.items():
        rest = numerator.as_expr() / (denominator.LC() * sympy.Mul(
            *[(m - s) ** j for s, j in multiplicity.items() if s != r]))
        for order in range(k, 0, -1):
            c = sympy.cancel(sympy.diff(rest, m, k - order).subs(m, r) / math.factorial(k - order))
            fractions += c / (m - r) ** order
            if order == 1:
                simple += c
                value += -c * sympy.polygamma(0, 1 - r)
            else:
                value += c * (-1) ** order * sympy.polygamma(order - 1, 1 - r) / math.factorial(order - 1)
    if sympy.cancel(sympy.together(fractions - rational)) != 0 or sympy.cancel(simple) != 0:
        raise NotHandled("the partial fractions in the index did not verify")
    return value


def closed_form(expr):
    """``expr`` (an infinite ``Sum`` or ``Product`` of a rational term) in closed form by Gamma
    or polygamma values; raises NotHandled with the reason otherwise."""
    if len(expr.limits) != 1:
        raise NotHandled("a sum or product over several indices")
    n, lo, hi = expr.limits[0]
    term = expr.function
    if term.has(sympy.Sum, sympy.Product, *_OTHER) or term.has(sympy.Indexed):
        raise NotHandled("the term is not a rational function of the index and the parameters")
    m = sympy.Dummy("m", integer=True, positive=True)
    parts, finite = _one_sided(term, n, lo, hi, m)
    if isinstance(expr, sympy.Product):
        if len(parts) != 1 or any(p.exp.has(m) for p in parts[0].atoms(sympy.Pow)):
            raise NotHandled("a product over all integers or with the index in an exponent")
        return _product_closed_form(parts[0], m)
    if finite.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise NotHandled("the term at n = 0 has a zero denominator")
    pieces = [piece for part in parts for piece in _parity_parts(part, m)]
    return finite + sympy.Add(*[_sum_closed_form(piece, m) for piece in pieces])


def _replaced(expr, found: list):
    """``expr`` with every infinite sum and product in closed form; each ``(original, closed
    form)`` is appended to ``found``."""
    def one(e):
        value = closed_form(e)
        found.append((e, value))
        return value
    return expr.replace(_infinite, one)


class _Representatives:
    """Gamma and polygamma arguments by representative: each argument is ``x + k`` or
    ``k - x`` for an integer ``k`` and a representative ``x``."""

    def __init__(self):
        self.reps: list = []
        self.unknowns: dict = {}

    def locate(self, u):
        """``(x, k, reflected)``: ``u = x + k`` or, reflected, ``u = k - x``."""
        u = sympy.expand(u)
        for x in self.reps:
            if (k := sympy.expand(u - x)).is_Integer:
                return x, int(k), False
            if (k := sympy.expand(u + x)).is_Integer:
                return x, int(k), True
        self.reps.append(u)
        return u, 0, False

    def unknown(self, kind, x):
        key = (kind, x)
        if key not in self.unknowns:
            self.unknowns[key] = sympy.Dummy(f"U{len(self.unknowns)}")
        return self.unknowns[key]

    def gamma(self, u):
        x, k, reflected = self.locate(u)
        if reflected:    # Gamma(k - x) = Gamma(1 - y), y = x + 1 - k: pi / (sin(pi y) Gamma(y))
            y = x + 1 - k
            return sympy.pi / (sympy.sin(sympy.expand(sympy.pi * y)) * self._gamma_shift(x, 1 - k))
        return self._gamma_shift(x, k)

    def _gamma_shift(self, x, k):
        if abs(k) > MAX_SHIFT:
            raise NotHandled("a Gamma argument shifted by a large integer")
        g = self.unknown("gamma", x)
        if k >= 0:
            return g * sympy.Mul(*[x + i for i in range(k)])
        return g / sympy.Mul(*[x - i for i in range(1, -k + 1)])

    def polygamma(self, order, u):
        x, k, reflected = self.locate(u)
        if reflected:    # psi^(m)(1 - y) = (-1)^m (psi^(m)(y) + pi d^m/dy^m cot(pi y))
            y = x + 1 - k
            t = sympy.Dummy("t")
            derivative = sympy.diff(sympy.cot(sympy.pi * t), t, order).subs(t, y)
            derivative = derivative.replace(lambda e: isinstance(e, (sympy.sin, sympy.cos, sympy.cot,
                                                                     sympy.csc)),
                                            lambda e: e.func(sympy.expand(e.args[0])))
            return (-1) ** order * (self._polygamma_shift(order, x, 1 - k) + sympy.pi * derivative)
        return self._polygamma_shift(order, x, k)

    def _polygamma_shift(self, order, x, k):
        if abs(k) > MAX_SHIFT:
            raise NotHandled("a polygamma argument shifted by a large integer")
        p = self.unknown(("polygamma", order), x)
        step = (-1) ** order * math.factorial(order)
        if k >= 0:
            return p + sympy.Add(*[step / (x + i) ** (order + 1) for i in range(k)])
        return p - sympy.Add(*[step / (x - i) ** (order + 1) for i in range(1, -k + 1)])


def gamma_free(lhs, rhs):
    """Both sides with every Gamma and polygamma value rewritten through representatives
    (module doc); raises NotHandled for an order that is not a non-negative integer."""
    reps = _Representatives()

    def one(e):
        if isinstance(e, sympy.gamma):
            return reps.gamma(e.args[0])
        order = e.args[0]
        if not (order.is_Integer and order >= 0):
            raise NotHandled("a polygamma of an order that is not a non-negative integer")
        return reps.polygamma(int(order), e.args[1])

    def rewrite(side):
        side = side.replace(lambda e: isinstance(e, sympy.digamma), lambda e: sympy.polygamma(0, e.args[0]))
        # values SymPy knows (Gamma(1/2) = sqrt(pi), psi(1) = -gamma) are no Gamma objects any more
        return side.replace(lambda e: isinstance(e, (sympy.gamma, sympy.polygamma)), one)

    return rewrite(lhs), rewrite(rhs), reps


def _applies(step: Step) -> bool:
    sides = equation_sides(step)
    if sides is None:
        return False
    found = [e for s in sides for e in s.atoms(sympy.Sum, sympy.Product)]
    return bool(found) and all(_infinite(e) for e in found)


def _prove(lhs, rhs):
    """(value, note) where value is lhs - rhs as a fraction in the unknowns, or NotHandled."""
    lhs, rhs = sympy.S(lhs), sympy.S(rhs)
    if any(s.is_integer for s in lhs.free_symbols | rhs.free_symbols):
        # an integer parameter's values are isolated: no continuity covers the points where
        # a closed form below is undefined but the claim is not
        return None, "a parameter is an integer"
    found: list = []
    try:
        a, b = _replaced(lhs, found), _replaced(rhs, found)
    except NotHandled as exc:
        return None, str(exc)
    if any(s.has(*FOREIGN) or not integer_powers_only(s) for s in (a, b)):
        return None, "the closed form has a function with a branch or a non-analytic part"
    try:
        a, b, _ = gamma_free(a, b)
    except NotHandled as exc:
        return None, str(exc)
    value, _ = rational_difference(a, b)
    return value, found


def _is_zero(value) -> bool:
    if value == 0:
        return True
    numerator, _ = sympy.fraction(value)
    return sympy.expand(numerator) == 0


def _proof_text(found) -> str:
    """The evidence of a proof: each closed form, the theorem behind it, and the rest."""
    from symbolic.numeric.text import tex
    shown = "; ".join(tex(closed, sympy.latex(original) + " = ") for original, closed in found[:3])
    how = []
    if any(isinstance(original, sympy.Product) for original, _ in found):
        how.append(r"a product of rational factors $\prod_{n\ge1} \prod_i (n+a_i)/(n+b_i)$ with "
                   r"$\sum a_i = \sum b_i$ is $\prod_i \Gamma(1+b_i)/\Gamma(1+a_i)$ (Whittaker & Watson 12.13)")
    if any(isinstance(original, sympy.Sum) for original, _ in found):
        how.append("an absolutely convergent sum of rational terms is a sum of polygamma values "
                   r"by partial fractions in the index (over all integers split at 0, $(-1)^n$ "
                   "by parity)")
    return (f"closed forms {shown} ({'; '.join(how)}); then the recurrences and reflection "
            r"formulas of $\Gamma$ and $\psi^{(m)}$ (DLMF 5.5.1, 5.5.3, 5.15.5, 5.15.6) and a "
            "rational identity in exponentials prove the rest: an identity of meromorphic "
            "functions, which holds wherever both sides are defined")


@checker("series_gamma", cost=Cost.PROVE_DEEPER, applies=_applies)
def check_infinite_rational(step: Step, *, config, context) -> Outcome | None:
    """Prove an infinite product or sum of rational terms through Gamma and polygamma values."""
    claim = step.claim
    if any(g.free_symbols for side in (claim.lhs, claim.rhs)
           for g in side.atoms(sympy.gamma, sympy.polygamma, sympy.digamma, sympy.loggamma)):
        return undecided("series_gamma", "the claim has a Gamma or polygamma value of a variable, "
                         "whose poles the definedness gate does not know: no proof on its domain")
    try:
        found = run_budgeted(lambda pair: _prove(*pair), (claim.lhs, claim.rhs), budget_s=BUDGET_S)
    except SoftTimeout:
        raise
    except (RecursionError, Exception):   # a SymPy failure is no verdict
        return undecided("series_gamma", "the closed form by Gamma and polygamma values failed in SymPy")
    if found is None:
        return undecided("series_gamma", f"no closed form by Gamma and polygamma values within "
                         f"{BUDGET_S:g} s; this is not evidence that the claim is false")
    value, note = found
    if value is None:
        return undecided("series_gamma", f"not put in closed form: {note}; this is not evidence "
                         "that the claim is false")
    if _is_zero(value):
        return Outcome(Verdict.PROVED, (Evidence("series_gamma", _proof_text(note)),))
    return undecided("series_gamma", "after the closed forms by Gamma and polygamma values the "
                     "difference is not identically 0; this is not evidence that the claim is false")
