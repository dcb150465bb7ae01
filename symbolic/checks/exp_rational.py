"""Trigonometric and hyperbolic identities over C, as identities of rational functions.

Every circular and hyperbolic function is a rational function of exponentials
(DLMF 4.14.1-4.14.7, 4.28.1-4.28.7): ``sin z = (e^{iz} - e^{-iz}) / (2i)``,
``tan z = -i (e^{iz} - e^{-iz}) / (e^{iz} + e^{-iz})``, and so on, each defined exactly where
the function is. After that rewrite every exponential ``exp(c_1 m_1 + ... + c_k m_k + c_0)``
with rational or Gaussian-rational coefficients ``c_j`` of monomials ``m_j`` (``u``, ``y``,
``n z``) is the product ``e^{c_0} * prod_j G_j^{e_j}`` with integer exponents ``e_j`` of
generators ``G = exp(m / q)`` or ``exp(i m / q)`` (``q`` the common denominator of the
coefficients of ``m``); since ``exp(a + b) = exp(a) exp(b)`` and ``exp(e w) = exp(w)^e`` for an
integer ``e`` hold for every complex ``a, b, w``, each such step is an identity.

The generators are then treated as independent unknowns and ``lhs - rhs`` is brought to one
fraction. If that rational function is identically 0, it is 0 at every value of the
generators where its denominators are nonzero, in particular at the values the
exponentials take: the claim holds wherever all of its functions are defined. (Treating an
expression as an independent unknown only forgets relations, never adds one, so a false
claim never cancels; ``exp(z)`` and ``exp(iz)`` are two unknowns, as they are algebraically
independent functions of ``z``.) Whether the sides are defined on the whole stated domain
is then the pipeline's definedness gate's question, as for every proof.

A product over ``k = 0..N-1`` (N a positive integer) of sines and cosines of ``a +- k pi/N``
is first written in closed form by the N-th roots of unity (``_unity_products``, DLMF 4.21.35
is of this form); any other product leaves the claim to other checkers.

Nothing here touches a branch: a claim with a logarithm, an inverse function, a
phase, ``Re``/``Im`` or a conjugate is left to other checkers, with two exceptions whose
reasoning does not depend on a branch:

* both sides the same non-integer power, ``B^a = C^a``: it holds where ``B = C`` holds, since
  a power is a function of its base (whatever its branch);
* a modulus equal to a square root, ``|A| = B^{1/2}``, where ``conj(A)`` is again a
  circular/hyperbolic expression (its variables are real): ``A conj(A) = B`` as a rational
  identity gives ``B = |A|^2 >= 0``, whose principal square root is ``|A|`` (DLMF 4.21.41,
  4.35.38 are of this form).
"""
from __future__ import annotations

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
from symbolic.checks import _unity_products as unity_products
from symbolic.checks._exponentials import FOREIGN, TRIG, integer_powers_only, rational_difference
from symbolic.checks._prove import run_budgeted
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided

BUDGET_S = 8.0


def reduced_sides(lhs, rhs):
    """The pair of expressions whose rational identity proves ``lhs = rhs``, with the reason
    (see the module doc), or None when the claim is not of a form handled here."""
    if isinstance(lhs, sympy.Pow) and isinstance(rhs, sympy.Pow) and lhs.exp == rhs.exp \
            and not lhs.exp.is_Integer and not lhs.exp.free_symbols:
        from symbolic.numeric.text import tex
        return lhs.base, rhs.base, f"both sides are powers with exponent {tex(lhs.exp)}: the bases are equal"
    for a, b in ((lhs, rhs), (rhs, lhs)):
        if isinstance(a, sympy.Abs) and isinstance(b, sympy.Pow) and b.exp == sympy.Rational(1, 2):
            inner = a.args[0]
            conjugate = sympy.conjugate(inner)
            if conjugate.has(sympy.conjugate):
                return None   # a complex variable inside: conj(A) is not an expression of ours
            return inner * conjugate, b.base, (
                r"$|A| = B^{1/2}$ with $A \overline{A} = B$: then $B = |A|^2 \ge 0$, whose "
                r"principal square root is $|A|$")
    return lhs, rhs, ""


def prepared_sides(lhs, rhs):
    """``reduced_sides`` with every product over a period of roots of unity in closed form
    (``_unity_products``), and whether there was one; None when the claim is not handled."""
    reduced = reduced_sides(lhs, rhs)
    if reduced is None:
        return None
    a, b, reason = reduced
    if not (unity_products.has_product(a) or unity_products.has_product(b)):
        return a, b, reason, False
    a, b = unity_products.closed_form(a), unity_products.closed_form(b)
    if a is None or b is None:
        return None
    return a, b, reason, True


def _applies(step: Step) -> bool:
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ or step.kind in (
            Kind.DEFINITION, Kind.APPROXIMATION, Kind.PROSE, Kind.LIMIT):
        return False
    if not all(isinstance(s, sympy.Expr) for s in (claim.lhs, claim.rhs)):
        return False
    reduced = prepared_sides(claim.lhs, claim.rhs)
    if reduced is None:
        return False
    sides = reduced[:2]
    if not all(isinstance(s, sympy.Expr) for s in sides):
        return False
    if any(s.has(*FOREIGN) for s in sides):
        return False
    if any(isinstance(a, (sympy.Indexed, sympy.MatrixSymbol)) for s in sides for a in s.atoms()):
        return False
    if not any(s.has(*TRIG) or s.has(sympy.exp) for s in sides):
        return False
    return all(integer_powers_only(s) for s in sides)


def _is_zero(value) -> bool:
    if value == 0:
        return True
    numerator, _ = sympy.fraction(value)
    # algebraic constants (sqrt(2), exp(i pi/4)) as generators can leave n = sqrt(2)^2 - 2
    return sympy.expand(numerator) == 0


@checker("complex_exp_rational", cost=Cost.PROVE_DEEPER, applies=_applies)
def check_exp_rational(step: Step, *, config, context) -> Outcome | None:
    """Prove a circular/hyperbolic identity over C as a rational identity in exponentials."""
    claim = step.claim
    lhs, rhs, reduction, products = prepared_sides(claim.lhs, claim.rhs)
    try:
        found = run_budgeted(lambda pair: rational_difference(*pair), (lhs, rhs),
                             budget_s=BUDGET_S)
    except SoftTimeout:
        raise
    except (RecursionError, Exception):   # a SymPy failure is no verdict
        return undecided("complex_exp_rational", "the rewriting to exponentials failed in SymPy")
    if found is None:
        return undecided("complex_exp_rational", "the rational function did not cancel within "
                         f"{BUDGET_S:g} s; this is not evidence that the claim is false")
    value, generators = found
    if _is_zero(value):
        what = f"{reduction}; and " if reduction else ""
        what += f"{unity_products.DETAIL}; then " if products else ""
        compared = "the difference of the bases" if reduction.startswith("both") else \
            r"$A \overline{A} - B$" if reduction else "lhs - rhs"
        described = generators.describe()
        powers = (f"every exponential as a product of integer powers of {described}, treated as "
                  "independent unknowns") if described else \
            "no exponential left once the difference is written with them"
        return Outcome(Verdict.PROVED, (Evidence(
            "complex_exp_rational",
            f"{what}{compared} is 0 as a rational function after writing the circular and hyperbolic "
            f"functions as exponentials (DLMF 4.14, 4.28), with {powers}: the claim holds "
            "wherever its functions are defined"),))
    return undecided("complex_exp_rational", "the rational function in the exponentials is not "
                     "identically 0; this is not evidence that the claim is false")
