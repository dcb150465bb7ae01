"""Where a derivative claim is about: the points where its derivative exists.

``d/dz ln z = 1/z`` is a statement about the derivative of the principal branch, which exists
only off the cut ``(-inf, 0]``; ``\\int f \\, dz = F`` says that F is an antiderivative of f,
up to an additive constant, on the domain where F is differentiable. A symbolic proof of
``F' = f`` (SymPy's formal derivative of the principal branch is its complex derivative
wherever the branch is holomorphic) then covers exactly the points where the derivative
exists. ``derivative_domain`` returns that domain when

* the claim is an equation with a derivative on a side (or an antiderivative claim, read as
  ``d/dx F = f``);
* every definedness condition that is not proved from the assumptions is one of the
  derivative's own: a condition of the differentiated expression F (``z != 0``, ``a != 0``)
  or a holomorphy condition (the argument of ``log`` or the base of a non-integer power off
  the cut, which the cut functions' conditions also take: ``1 - z^2`` off the cut for
  ``arcsin``);
* every such excluded condition leaves out a set without interior: a polynomial's zeros
  (``a != 0``), or a cut of an expression holomorphic and not constant in a complex variable
  (its preimage of a ray is a curve); a condition ``u > 0`` of a real logarithm is never
  excluded, so ``\\int dx/x = \\ln x`` over ``x \\ne 0`` (a missing branch) is not proved;
* every condition of the rest of the claim (the other side) is proved from the assumptions
  together with the excluded conditions holding: the other side is defined wherever the
  derivative exists; and
* a point of the stated domain is found where every excluded condition holds.

Otherwise None: the claim is not proved (the numeric tier may still look at it).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks._definedness import (value_at, _CUT_FUNCTIONS, _NOWHERE_HOLOMORPHIC, Condition, Need,
                                          _flat, _holds, _proved, _scaled, conditions,
                                          holomorphy_conditions)
from symbolic.checks._witness import witness_point, witness_symbols
from symbolic.model import Claim, Kind, Relation, Step
from symbolic.numeric.text import latex_of, tex

# the cut of each inverse function as "u off (-inf, 0]" for an expression u of its argument w
# (DLMF 4.23(ii), 4.37(ii)): arcsin, arccos, artanh on real w with |w| >= 1, i.e. 1 - w^2 <= 0;
# arctan and arsinh on imaginary w = iy with |y| >= 1, i.e. 1 + w^2 <= 0; arcosh on w <= 1
CUTS = {sympy.asin: lambda w: 1 - w ** 2, sympy.acos: lambda w: 1 - w ** 2,
        sympy.atanh: lambda w: 1 - w ** 2, sympy.atan: lambda w: 1 + w ** 2,
        sympy.asinh: lambda w: 1 + w ** 2, sympy.acosh: lambda w: w - 1}


def cut_condition(function) -> Condition | None:
    """The holomorphy condition of an inverse function with a known cut, else None."""
    for cls, of in CUTS.items():
        if isinstance(function, cls):
            return Condition(Need.OFF_CUT, sympy.expand(of(function.args[0])), (),
                             f"{tex(function)} is differentiable only off its branch cuts")
    return None


def derivative_form(claim: Claim) -> tuple[Claim, bool] | None:
    """The claim as an equation with a derivative: an antiderivative claim ``Integral(f, x) = F``
    as ``d/dx F = f`` (True), an equation with a derivative on a side as itself (False)."""
    if claim is None or claim.relation is not Relation.EQ:
        return None
    for side, other in ((claim.lhs, claim.rhs), (claim.rhs, claim.lhs)):
        if isinstance(side, sympy.Integral) and len(side.limits) == 1 \
                and len(side.limits[0]) == 1 and not other.has(sympy.Integral):
            x = side.limits[0][0]
            return Claim(sympy.Derivative(other, x), Relation.EQ, side.function), True
    if claim.lhs.has(sympy.Derivative) or claim.rhs.has(sympy.Derivative):
        return claim, False
    return None


def as_derivative_step(step: Step) -> Step:
    """An antiderivative claim in a complex variable as the step ``d/dz F = f`` whose
    definedness decides it (its domain is where F is differentiable, off the cuts), and one in a
    real variable x when F takes a log or root of an argument with ``i`` in it (``ln(-1 + ix)``
    jumps where x crosses the cut); any other step as it is (over a real variable the
    conditions of F are the real ones: ``ln u`` needs u > 0, an open set)."""
    form = derivative_form(step.claim) if step.kind not in (Kind.DEFINITION, Kind.PROSE) else None
    if form is None or not form[1]:
        return step
    if form[0].lhs.variables[0].is_extended_real and not any(
            c.expr.has(sympy.I) for c in holomorphy_conditions(form[0].lhs)):
        return step     # a real variable, and no log or root of a visibly complex argument
    return Step(id=step.id, kind=step.kind, quote=step.quote, claim=form[0],
                assumptions=step.assumptions, latex=step.latex)


@dataclass(frozen=True)
class DerivativeDomain:
    """The points of the stated domain where the derivative exists: where every one of
    ``excluded`` holds; ``witness`` is such a point."""

    excluded: tuple
    witness: tuple
    antiderivative: bool

    def text(self) -> str:
        left_out = "; ".join(_failure_text(c) for c in self.excluded)
        at = ", ".join(f"{k} = {v}" for k, v in self.witness)
        head = ("an indefinite integral is an antiderivative: proved up to an additive constant, "
                "on the domain where F is differentiable" if self.antiderivative else
                "proved on the domain where the derivative exists")
        return (f"{head}, the stated domain less the points where {left_out} (a set without "
                f"interior); the other side is defined there; the domain is not empty ({at})")


def _failure_text(c: Condition) -> str:
    if c.need is Need.NONZERO:
        return f"${latex_of(c.expr)} = 0$ ({c.why})"
    return f"{tex(c.expr)} lies on the cut $(-\\infty, 0]$ ({c.why})"


def _analytic(expr) -> bool:
    """Built from arithmetic and elementary functions only: no |.|, parts, sign, steps,
    unknown functions."""
    return not (expr.atoms(*_NOWHERE_HOLOMORPHIC) or expr.atoms(sympy.core.function.AppliedUndef)
                or expr.has(sympy.Derivative, sympy.Integral))


def _own_conditions(side) -> list[Condition]:
    """The conditions of the differentiated expressions in ``side`` and where each
    derivative exists (the cut functions' cuts located)."""
    out: list[Condition] = []
    for node in sympy.preorder_traversal(side):
        if isinstance(node, sympy.Derivative):
            out += conditions(node.expr)
            variables = {v for v, _ in node.variable_count}
            for sub in sympy.preorder_traversal(node.expr):
                if isinstance(sub, _CUT_FUNCTIONS) and sub.free_symbols & variables \
                        and not all(a.is_extended_real for a in sub.args):
                    c = cut_condition(sub)
                    if c is not None:
                        out.append(c)
    return out + [c for c in holomorphy_conditions(side) if c.need is not Need.HOLOMORPHIC
                  or cut_condition(c.expr) is None]


def _as_facts(c: Condition) -> tuple:
    if c.need is Need.NONZERO:
        return (sympy.Ne(c.expr, 0),)
    if c.need is Need.OFF_CUT:       # off the cut: -pi < arg u < pi, and so u != 0
        return (sympy.arg(c.expr) < sympy.pi, sympy.arg(c.expr) > -sympy.pi)
    return ()


def _thin(c: Condition) -> bool:
    """Whether the points where ``c`` fails have no interior (checked at the witness for a cut)."""
    if c.facts or not _analytic(c.expr):
        return False
    if c.need is Need.NONZERO:
        # a nonzero polynomial vanishes on no open set; one in integers alone leaves out whole
        # instances of the claim, not points
        symbols = c.expr.free_symbols
        return any(not s.is_integer for s in symbols) and c.expr.is_polynomial(*symbols)
    return c.need is Need.OFF_CUT and any(s.is_extended_real is not True
                                          for s in c.expr.free_symbols)


def _implied(c: Condition, excluded, where: tuple = (), protect: frozenset = frozenset()) -> bool:
    """``c``'s expression is nonzero wherever an excluded condition holds: it is a nonzero
    multiple of an expression excluded as zero or on a cut, the multiplier a product of numbers,
    exponentials and powers of expressions proved nonzero there (``1 + z^2 = z^2 (1 + z^{-2})``
    with ``z != 0`` excluded and ``1 + z^{-2}`` off the cut of ``arctan(1/z)``)."""
    if c.need is not Need.NONZERO:
        return False
    for e in excluded:
        if e.need not in (Need.NONZERO, Need.OFF_CUT):
            continue
        if _scaled(c.expr, e.expr):
            return True
        ratio = sympy.powsimp(sympy.simplify(c.expr / e.expr))
        if all(f.is_number and f.is_zero is False or isinstance(f, sympy.exp)
               or isinstance(f, sympy.Pow) and isinstance(f.base, sympy.exp)
               or _nonzero_factor(f, where, protect) for f in sympy.Mul.make_args(ratio)):
            return True
    return False


def _nonzero_factor(f, where: tuple, protect: frozenset) -> bool:
    """A factor ``u^k`` (k a positive integer, or u itself) with ``u != 0`` proved from ``where``;
    a negative power is no factor of this kind (it could hide a pole)."""
    base = f.base if isinstance(f, sympy.Pow) and f.exp.is_integer and f.exp.is_positive else f
    return bool(where) and not base.is_number and _proved(
        Condition(Need.NONZERO, base), where, protect)


def derivative_domain(step: Step) -> DerivativeDomain | None:
    """The domain where the claim's derivative exists, when the claim is proved there by a
    proof of ``lhs = rhs`` wherever both are defined (see the module doc), else None."""
    if step.claim is None or step.kind in (Kind.DEFINITION, Kind.PROSE):
        return None
    form = derivative_form(step.claim)
    if form is None:
        return None
    claim, antiderivative = form
    facts = _flat(step.assumptions)
    if any(isinstance(f, sympy.Eq) for f in facts):
        return None     # a domain without interior: a cut may be much of it
    protect = frozenset(claim.free_symbols)
    try:
        own, rest = [], []
        for side in (claim.lhs, claim.rhs):
            mine = _own_conditions(side)
            own += mine
            rest += [c for c in conditions(side) if c not in mine]
        excluded: list[Condition] = []
        for c in own:
            if c in excluded or _proved(c, facts, protect):
                continue
            excluded.append(c)
        # a zero of an expression excluded as on a cut is on the cut: left out already
        excluded = [c for c in excluded if not (c.need is Need.NONZERO and any(
            o.need is Need.OFF_CUT and _scaled(c.expr, o.expr) for o in excluded))]
        if not excluded or not all(_thin(c) for c in excluded):
            return None
        where = facts + tuple(f for c in excluded for f in _as_facts(c))
        for c in rest:
            if c.need in (Need.NEVER, Need.HOLOMORPHIC) or not (
                    _proved(c, where, protect) or _implied(c, excluded, where, protect)):
                return None
        witness = _witness(claim, excluded, facts)
    except SoftTimeout:
        raise
    except Exception:   # a SymPy failure proves nothing
        return None
    if witness is None:
        return None
    return DerivativeDomain(tuple(excluded), witness, antiderivative)


def _off_cut_at(u, values) -> bool:
    """Whether u is certainly off (-inf, 0] at the point (30 digits, with a margin)."""
    parts = value_at(u, values)
    if parts is None:
        return False
    re_part, im_part = parts
    return abs(im_part) > sympy.Float("1e-20") or re_part > sympy.Float("1e-20")


def _moving(u, values) -> bool:
    """Whether u is not constant in one of its complex variables near the point (a derivative
    certainly nonzero there): its preimage of the cut then has no interior."""
    for s in u.free_symbols:
        if s.is_extended_real is True:
            continue
        try:
            slope = sympy.N(sympy.diff(u, s).xreplace(values), 30)
        except SoftTimeout:
            raise
        except Exception:
            continue
        if slope.is_number and not slope.has(sympy.zoo, sympy.nan) and abs(slope) > 1e-20:
            return True
    return False


def _witness(claim, excluded, facts):
    """A sampled point of the stated domain where every excluded condition holds (and each
    cut's expression moves), as ``(name, value)`` strings, or None."""
    symbols = witness_symbols(claim, excluded)
    if symbols is None:
        return None
    return witness_point(symbols, facts, lambda values: all(
        _holds(c, values) if c.need is Need.NONZERO
        else _off_cut_at(c.expr, values) and _moving(c.expr, values) for c in excluded), edges=False)


# the checker whose proofs of a claim with an integral are corroborated (symbolic.checks.integrals)
INTEGRAL_CHECKER = "integral_value"


def uncorroborated_integral(step: Step, name: str) -> str | None:
    """Why a proof of a claim with an integral does not stand, or None.

    ``sympy.simplify`` evaluates integrals on its way, and SymPy's integrators can be wrong
    (it gives ``-pi^2/12 + 2 pi i ln 2`` for ``\\int_0^1 ln t / (1 + t) dt = -pi^2/12``), so a
    generic simplification would prove a false claim through them. Only the integral checker,
    which corroborates SymPy's value (Arb, mpmath.quad) or differentiates an antiderivative, and
    named rules prove such a claim."""
    claim = step.claim
    if claim is None or name == INTEGRAL_CHECKER or name.startswith("rule "):
        return None
    if not (claim.lhs.has(sympy.Integral) or claim.rhs.has(sympy.Integral)):
        return None
    return (f"{name} simplified a claim with an integral; SymPy's integration is trusted only "
            f"where it is corroborated ({INTEGRAL_CHECKER}), so this is no proof")

