"""Identities of principal branches, proved from their definitions and the stated phases.

The principal logarithm and power are defined (DLMF 4.2.3 and 4.2.26, SymPy's and mpmath's
convention) by

    ln u = ln|u| + i ph u,     u^a = exp(a ln u)        (u != 0, ph u in (-pi, pi]),

so after these two rewrites a branch is left only inside a phase ``arg(...)``. A phase of a
product, quotient, integer power or exponential is split only where the stated facts
prove that the result lies in (-pi, pi], the range of the principal phase:

    ph(u v) = ph u + ph v      when -pi < ph u + ph v <= pi,
    ph(u^n) = n ph u           (n an integer) when -pi < n ph u <= pi,
    ph(e^w) = Im w             when -pi < Im w <= pi.

Inverse sines and cosines are their logarithmic forms (DLMF 4.23.19 and 4.23.22, which are
also the definitions of SymPy and of Arb, whose balls decide the numeric tier, cuts
included): arcsin u = -i ln(i u + (1 - u^2)^{1/2}), arccos u = pi/2 + i ln(i u + (1 - u^2)^{1/2});
the logarithm's argument is never 0. A power whose base is not proved nonzero is left as it
is (``z^{1/2}`` is 0 at 0, where ``exp(ln(z)/2)`` is undefined).

Outside that range the two sides differ by a multiple of 2 pi, which is why
``ln(z w) = ln z + ln w`` fails at z = w = -1 and is not proved without such a fact; a
bound written with ``<=`` at -pi (DLMF's two-sided reading of the cut) is not enough,
since ph takes the value pi there, not -pi. Moduli split freely (|u v| = |u| |v|, and
ln|u v| = ln|u| + ln|v| for u, v != 0), as does ln|e^w| = Re w. The difference of the two
sides is then expanded; 0 is a proof wherever the rewrites hold: every logarithm's
argument is nonzero (the definedness gate asks that of the claim's own ``ln``) and every
power rewritten has a base proved nonzero.

Each rewrite is an identity at every point where it is used, so a proof holds on the whole
stated domain, branch cuts included; nothing here assumes a side is analytic.
"""
from __future__ import annotations

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
from symbolic.checks._definedness import Condition, Need, _flat, _proved, complex_view
from symbolic.checks._equation_sides import equation_sides
from symbolic.checks._prove import run_budgeted
from symbolic.model import Evidence, Outcome, Step, Verdict, undecided

BUDGET_S = 6.0
_BRANCHED = (sympy.log, sympy.arg, sympy.asin, sympy.acos)


def _is_branched_power(e) -> bool:
    return (isinstance(e, sympy.Pow) and e.exp.is_integer is not True
            and e.base.is_extended_positive is not True and e.base is not sympy.E)


def _applies(step: Step) -> bool:
    sides = equation_sides(step)
    if sides is None:
        return False
    if any(s.has(sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Product, sympy.Limit)
           for s in sides):
        return False
    return any(s.has(*_BRANCHED) or any(_is_branched_power(p) for p in s.atoms(sympy.Pow))
               for s in sides)


class _Rewriter:
    """The rewrites of the module doc, with the facts that license them."""

    def __init__(self, facts: tuple):
        self.facts = facts
        self.view = complex_view(facts)
        self.used: list[str] = []

    # -- definitions --------------------------------------------------------------------

    def principal(self, e):
        """``e`` with every branched power and logarithm replaced by its definition."""
        if not isinstance(e, sympy.Basic) or e.is_Atom:
            return e
        args = [self.principal(a) for a in e.args]
        if isinstance(e, sympy.Pow) and _is_branched_power(e):
            base, exp = args
            if not _proved(Condition(Need.NONZERO, e.base), self.facts):
                # z^{1/2} is 0 at z = 0 where exp(ln(z)/2) is undefined: left as it is
                return e.func(*args)
            return sympy.exp(exp * self._log(base))
        if isinstance(e, (sympy.asin, sympy.acos)):
            self.used.append("arcsin and arccos by their logarithmic forms (DLMF 4.23.19, 4.23.22)")
        if isinstance(e, sympy.asin):
            return -sympy.I * self._log(self._asin_argument(args[0]))
        if isinstance(e, sympy.acos):
            return sympy.pi / 2 + sympy.I * self._log(self._asin_argument(args[0]))
        if isinstance(e, sympy.log):
            return self._log(args[0])
        if isinstance(e, sympy.arg):     # defined only for a nonzero argument (the gate)
            return self._phase(args[0])
        return e.func(*args)

    @staticmethod
    def _asin_argument(u):
        """i u + (1 - u^2)^{1/2}: never 0, since (i u + s)(-i u + s) = s^2 + u^2 = 1."""
        return sympy.I * u + sympy.sqrt(1 - u ** 2)

    def _log(self, u):
        """ln u for u != 0 (the definedness gate asks that of every ln of the claim)."""
        if u.is_extended_nonnegative is True:    # a nonzero modulus or a positive number
            return self._log_modulus(u)
        return self._log_modulus(sympy.Abs(u)) + sympy.I * self._phase(u)

    def _log_modulus(self, m):
        """ln m for m > 0 built from moduli: ln|u v| = ln|u| + ln|v|, ln|u^n| = n ln|u|,
        ln|e^w| = Re w (each factor is nonzero where the product is)."""
        if isinstance(m, sympy.Abs):
            inner = m.args[0]
            if isinstance(inner, sympy.Mul):
                return sympy.Add(*(self._log_modulus(sympy.Abs(f)) for f in inner.args))
            if isinstance(inner, sympy.Pow) and inner.exp.is_integer:
                return inner.exp * self._log_modulus(sympy.Abs(inner.base))
            if isinstance(inner, sympy.exp):
                return sympy.re(inner.args[0])
            if inner.is_extended_positive is True:
                return self._log_modulus(inner)
        if isinstance(m, sympy.Mul):
            return sympy.Add(*(self._log_modulus(f) for f in m.args))
        if isinstance(m, sympy.Pow) and m.exp.is_integer:
            return m.exp * self._log_modulus(m.base)
        if isinstance(m, sympy.exp) and m.args[0].is_extended_real:
            return m.args[0]
        return sympy.log(m)

    # -- phases -------------------------------------------------------------------------

    def _phase(self, u):
        """ph u, split where the facts put the split value in (-pi, pi]."""
        if u.is_extended_nonnegative is True:     # and nonzero, where ph u is used
            return sympy.S.Zero
        candidate = None
        if isinstance(u, sympy.Mul):
            positive = [f for f in u.args if f.is_extended_positive is True]
            rest = [f for f in u.args if f.is_extended_positive is not True]
            if positive and rest:
                return self._phase(sympy.Mul(*rest))
            if len(rest) > 1:
                candidate = sympy.Add(*(self._phase(f) for f in rest))
        elif isinstance(u, sympy.Pow) and u.exp.is_integer and u.exp != 1:
            candidate = u.exp * self._phase(u.base)
        elif isinstance(u, sympy.exp):
            candidate = sympy.im(u.args[0])
        if candidate is not None and self._in_principal_range(candidate):
            self.used.append(f"ph({u}) = {candidate} by the stated facts")
            return candidate
        return sympy.arg(u)

    def _in_principal_range(self, value) -> bool:
        if self.view is None:
            return False
        real = self.view.real(value)
        if real is None:
            return False
        pi = sympy.pi
        return (_proved(Condition(Need.POSITIVE, real + pi), self.view.facts)
                and _proved(Condition(Need.NONNEGATIVE, pi - real), self.view.facts))


def _zero(expr) -> bool:
    for step in (sympy.expand, lambda e: sympy.expand(sympy.expand_complex(e)),
                 lambda e: sympy.simplify(e)):
        try:
            value = run_budgeted(step, expr, budget_s=BUDGET_S / 3)
        except (SoftTimeout, RecursionError):
            raise
        except Exception:   # a SymPy failure is no verdict
            continue
        if value is not None and (value == 0 or value.is_zero is True):
            return True
    return False


@checker("complex_principal_branch", cost=Cost.TRANSFORM, applies=_applies)
def check_principal_branch(step: Step, *, config, context) -> Outcome | None:
    """Prove an identity of principal ln, powers, arcsin, arccos by their definitions and stated phases."""
    claim = step.claim
    rewriter = _Rewriter(_flat(step.assumptions))
    lhs = rewriter.principal(claim.lhs)
    rhs = rewriter.principal(claim.rhs)
    if _zero(lhs - rhs):
        used = ("; " + ", ".join(dict.fromkeys(rewriter.used)) if rewriter.used else "")
        return Outcome(Verdict.PROVED, (Evidence(
            "complex_principal_branch", "lhs - rhs is 0 after writing ln u = ln|u| + i ph u and "
            f"u^a = exp(a ln u) (principal branches, u != 0){used}"),))
    return undecided("complex_principal_branch", "the principal-branch rewriting did not show "
                     "lhs - rhs = 0; this is not evidence that the claim is false")
