"""Where a claim is defined: the conditions a symbolic proof must also establish.

A SymPy rewrite proves ``lhs = rhs`` wherever both sides are defined: ``x/x = 1`` cancels
to ``0 = 0`` although the left side is undefined at 0, and ``log(x^2) - 2 log(x)`` is 0
only where ``log(x)`` is real. A claim is ``proved`` only when, in addition, every side is
defined on the whole stated domain. ``definedness_problem`` collects the conditions from
the expression tree

* a power with an exponent that may be negative (a denominator): its base is nonzero;
* a non-integer power of a real base (``sqrt``, ``x^{1/3}``, ``x^y``): the base is
  ``>= 0`` (``> 0`` when the exponent may be negative or is not a number);
* ``log`` of a real argument: the argument is ``> 0`` (of a complex one: nonzero);
* ``tan``/``sec`` (``cot``/``csc``): the cosine (sine) is nonzero; ``tanh``/``sech``
  (``coth``/``csch``): the hyperbolic cosine (sine) is nonzero (for a real argument cosh
  never vanishes, so only ``coth`` and ``csch`` need one at 0);
* ``asin``/``acos``, ``atanh``, ``acosh`` of a real argument: it lies in their real domain;
* ``arg`` (the principal argument, undefined at 0): its argument is nonzero;
* a max or min over an index range: the range is non-empty;
* ``zoo`` or ``nan`` written in the claim: never defined;

and, for a derivative with respect to a variable on which a complex quantity depends
(``holomorphy_conditions``), where the derivative exists: the argument of ``log`` and the
base of a non-integer power off the principal cut (-inf, 0] (on the cut ``log`` jumps by
2 pi i and has no complex derivative); other inverse functions with cuts and the
functions that are nowhere holomorphic (``|z|``, ``Re``, ``Im``, ``arg``, conjugate) are
never proved differentiable here;

and asks SymPy to prove each from the symbols' assumptions and the step's facts (inside
a sum over ``j = a..b`` also ``a <= j <= b``; inside a ``Piecewise`` branch also its
condition; a real expression's sign also from the ranges of real sin, cos, cosh and exp,
``_ranges_elementary``). Over a complex domain the facts are about real and imaginary parts, moduli
and principal arguments (``Re z > 0``, ``|z - 1| < 1``, ``-pi < arg z < pi``); they are
restated about real unknowns (``complex_view``) and a nonzero or off-the-cut condition
is proved from them: ``Re u > 0`` or ``Im u != 0`` puts u off the cut, a fact about
``arg u`` holds only where u != 0 and, with ``arg u < pi``, off the cut, and
``|u - c| < r`` bounds ``Re u`` and ``Im u``. Conditions on the variable of a limit or an integral are left out: a limit
is about a neighbourhood, which the limit algorithm handles. For ``P \\implies Q`` the
conditions of ``Q`` are proved from the facts together with ``P``. A condition that is
not proved leaves the claim undecided (the numeric tier may still look at it), never
refuted.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from symbolic.budget import SoftTimeout
from symbolic.checks._exponentials import nonzero_by_identity, vanish_together
from symbolic.checks._ranges_elementary import sign_by_ranges
# _exact is re-exported: integrals.py imports it from here
from symbolic.checks._witness import exact as _exact, witness_point, witness_symbols  # noqa: F401
from symbolic.functions import MaxOver
from symbolic.model import Kind, Relation, Step
from symbolic.numeric.text import latex_of, tex, tex_range


class Need(enum.Enum):
    """What a definedness condition asks of an expression."""

    NONZERO = "!= 0"
    POSITIVE = "> 0"
    NONNEGATIVE = ">= 0"
    NEVER = "is undefined"
    OFF_CUT = r"is off the cut $(-\infty, 0]$"          # holomorphy_conditions only
    HOLOMORPHIC = "is holomorphic"               # holomorphy_conditions only; never proved


_NEED_LATEX = {Need.NONZERO: r"\ne 0", Need.POSITIVE: "> 0", Need.NONNEGATIVE: r"\ge 0"}


@dataclass(frozen=True)
class Condition:
    """``expr`` must satisfy ``need`` wherever ``facts`` (index ranges, branch conditions) hold."""

    need: Need
    expr: sympy.Basic
    facts: tuple = ()
    why: str = ""
    # whether the expression is certainly undefined where the condition fails (a
    # denominator, a log's argument); False where it is only a sufficient condition, as
    # for x^y with y not a number (defined at x = -1, y = 2)
    exact: bool = True

    def text(self) -> str:
        if self.need in (Need.NONZERO, Need.POSITIVE, Need.NONNEGATIVE):
            shown = f"${latex_of(self.expr)} {_NEED_LATEX[self.need]}$"
        else:
            shown = f"{tex(self.expr)} {self.need.value}"
        return shown if self.need is Need.NEVER else f"{shown} ({self.why})"


def _real(e) -> bool:
    return getattr(e, "is_extended_real", None) is True


def conditions(expr, facts: tuple = ()) -> list[Condition]:
    """The definedness conditions of ``expr`` (see module doc), outermost first."""
    out: list[Condition] = []
    _collect(expr, facts, frozenset(), out)
    unique: list[Condition] = []
    for c in out:
        if c not in unique:
            unique.append(c)
    return unique


def _collect(e, facts, skip, out) -> None:
    if isinstance(e, sympy.MatrixBase):
        for item in e:
            _collect(item, facts, skip, out)
        return
    if not isinstance(e, sympy.Basic):
        return
    if e is sympy.zoo or e is sympy.nan:
        out.append(Condition(Need.NEVER, e))
        return
    if e.is_Atom:
        return

    def add(need, expr, why, exact=True):
        if not (expr.free_symbols & skip):
            out.append(Condition(need, expr, facts, why, exact))

    if isinstance(e, sympy.Pow):
        base, exp = e.base, e.exp
        # with an exponent that is not a number the power may be defined where the
        # condition fails (x^n at x = 0 for n >= 0, x^y at x = -1 for y = 2)
        known = bool(exp.is_number)
        if exp.is_integer:
            if exp.is_nonnegative is not True:
                add(Need.NONZERO, base, f"denominator of {tex(e)}", known)
        elif _real(base):
            if exp.is_number and exp.is_nonnegative:
                add(Need.NONNEGATIVE, base, f"non-integer power {tex(e)}")
            else:
                add(Need.POSITIVE, base, f"non-integer power {tex(e)}", known)
        elif exp.is_nonnegative is not True:
            add(Need.NONZERO, base, f"denominator of {tex(e)}", known)
    elif isinstance(e, sympy.log):
        arg = e.args[0]
        if _real(arg):
            add(Need.POSITIVE, arg, f"argument of {tex(e)}")
        else:
            add(Need.NONZERO, arg, f"argument of {tex(e)}")
    elif isinstance(e, (sympy.asin, sympy.acos)) and _real(e.args[0]):
        add(Need.NONNEGATIVE, 1 - e.args[0] ** 2, f"argument of {tex(e)} in [-1, 1]")
    elif isinstance(e, sympy.atanh) and _real(e.args[0]):
        add(Need.POSITIVE, 1 - e.args[0] ** 2, f"argument of {tex(e)} in (-1, 1)")
    elif isinstance(e, sympy.acoth) and _real(e.args[0]):
        add(Need.POSITIVE, e.args[0] ** 2 - 1, f"argument of {tex(e)} outside [-1, 1]")
    elif isinstance(e, (sympy.atanh, sympy.acoth)):   # logarithmic poles at +-1
        add(Need.NONZERO, 1 - e.args[0] ** 2, f"argument of {tex(e)} not +-1")
    elif isinstance(e, (sympy.atan, sympy.acot)) and not _real(e.args[0]):
        add(Need.NONZERO, 1 + e.args[0] ** 2, f"argument of {tex(e)} not +-i")
    elif isinstance(e, (sympy.asec, sympy.acsc)):
        if _real(e.args[0]):
            add(Need.NONNEGATIVE, e.args[0] ** 2 - 1, f"argument of {tex(e)} outside (-1, 1)")
        else:
            add(Need.NONZERO, e.args[0], f"argument of {tex(e)}")
    elif isinstance(e, sympy.acosh) and _real(e.args[0]):
        add(Need.NONNEGATIVE, e.args[0] - 1, f"argument of {tex(e)} at least 1")
    elif isinstance(e, sympy.arg):
        add(Need.NONZERO, e.args[0], f"argument of {tex(e)}")
    elif isinstance(e, (sympy.tan, sympy.sec)):
        add(Need.NONZERO, sympy.cos(e.args[0]), tex(e))
    elif isinstance(e, (sympy.cot, sympy.csc)):
        add(Need.NONZERO, sympy.sin(e.args[0]), tex(e))
    elif isinstance(e, (sympy.tanh, sympy.sech)):
        add(Need.NONZERO, sympy.cosh(e.args[0]), tex(e))
    elif isinstance(e, (sympy.coth, sympy.csch)):
        add(Need.NONZERO, sympy.sinh(e.args[0]), tex(e))

    if isinstance(e, sympy.Limit):
        variable = e.args[1]
        _collect(e.args[0], facts, skip | {variable}, out)
        for arg in e.args[2:]:
            _collect(arg, facts, skip, out)
        return
    if isinstance(e, (sympy.ConditionSet, sympy.ImageSet, sympy.Lambda)):
        # a set's own variable ranges over where its condition makes sense (solveset's
        # reading); only conditions on the set's parameters are the claim's
        bound = set(getattr(e, "bound_symbols", ())) | set(
            getattr(getattr(e, "lamda", None), "variables", ()))
        if isinstance(e, sympy.ConditionSet):
            bound.add(e.sym)
        if isinstance(e, sympy.Lambda):
            bound |= set(e.variables)
        for arg in e.args:
            _collect(arg, facts, skip | bound, out)
        return
    if isinstance(e, sympy.Integral):
        inner = skip | {lim[0] for lim in e.limits}
        _collect(e.function, facts, inner, out)
        for lim in e.limits:
            for bound in lim[1:]:
                _collect(bound, facts, skip, out)
        return
    if isinstance(e, ExprWithLimits) and all(len(lim) == 3 for lim in e.limits):
        inner = facts
        for index, lo, hi in e.limits:
            _collect(lo, facts, skip, out)
            _collect(hi, facts, skip, out)
            inner = inner + (index >= lo, index <= hi)
        if isinstance(e, MaxOver):
            for index, lo, hi in e.limits:
                add(Need.NONNEGATIVE, hi - lo, f"{tex(e)} ranges over {tex_range(lo, hi)}, which must "
                    "not be empty")
        _collect(e.function, inner, skip, out)
        return
    if isinstance(e, sympy.Piecewise):
        for value, cond in e.args:
            extra = (cond,) if isinstance(cond, sympy.core.relational.Relational) else ()
            _collect(value, facts + extra, skip, out)
        return
    for arg in e.args:
        _collect(arg, facts, skip, out)


# ---------------------------------------------------------------------------------------
# Proving the conditions


def _nonzero_facts(facts) -> list:
    out = []
    for fact in facts:
        if isinstance(fact, sympy.Unequality):
            out.append(sympy.expand(fact.lhs - fact.rhs))
    return out


def _stated(expr, facts, *, strict: bool) -> bool:
    """Whether a fact says literally that ``expr > 0`` (``>= 0``), up to rearranging."""
    from symbolic.checks._prove import as_greater
    target = sympy.expand(expr)
    for fact in facts:
        parts = as_greater(fact)
        if parts is None or (strict and not parts[2]):
            continue
        if sympy.expand(parts[0] - parts[1] - target) == 0:
            return True
    return False


def _on_interval(expr, facts, *, strict: bool) -> bool:
    """The sign of a one-variable condition on the interval the facts give its variable."""
    from symbolic.checks._prove import _parametrise, interval_of
    from symbolic.checks._ranges import prove_sign
    symbols = expr.free_symbols
    if len(symbols) != 1:
        return False
    symbol, = symbols
    if not (isinstance(symbol, sympy.Symbol) and symbol.is_extended_real):
        return False
    region = interval_of(symbol, facts)
    if not isinstance(region, sympy.Interval) or region.measure == 0:
        return False
    inside = expr.subs(symbol, _parametrise(region, symbol))
    if prove_sign(sympy.factor(sympy.together(inside)), strict=strict, cheap=True) is None:
        return False
    # the parametrisation covers the interior; a closed end is checked exactly
    for end in (region.start, region.end):
        if end in region:
            at = sympy.simplify(expr.subs(symbol, end))
            if not ((at.is_positive if strict else at.is_nonnegative) is True):
                return False
    return True


def _shifted(expr):
    """``expr`` with positive integers ``n = 1 + m`` (m >= 0) and ``exp(a) = 1 + t`` for
    ``a > 0`` (``a >= 0``), t a fresh variable: every value of the original is a value of
    the new form, so a sign proved for the new form holds for the original."""
    mapping = {}
    for atom in expr.atoms(sympy.Symbol):
        if atom.is_integer and atom.is_positive:
            mapping[atom] = 1 + sympy.Dummy(f"{atom}_m", integer=True, nonnegative=True)
    for e in expr.atoms(sympy.exp):
        if e.args[0].is_positive:
            mapping[e] = 1 + sympy.Dummy("t", positive=True)
        elif e.args[0].is_nonnegative:
            mapping[e] = 1 + sympy.Dummy("t", nonnegative=True)
    return sympy.expand(expr.xreplace(mapping)) if mapping else None


def _additive_sign(expr, *, strict: bool) -> bool:
    """A sum whose constant part (``e - 1``) and other terms are each of a known sign:
    SymPy does not combine a positive constant such as ``E - 1`` with the other terms."""
    terms = sympy.Add.make_args(expr)
    constant = sum((t for t in terms if t.is_number), sympy.S.Zero)
    others = [t for t in terms if not t.is_number]
    parts = ([constant] if constant != 0 else []) + others
    if not parts or not all(p.is_nonnegative is True for p in parts):
        return False
    return not strict or any(p.is_positive is True for p in parts)


def _shift_sign(expr, *, strict: bool) -> bool:
    shifted = _shifted(expr)
    if shifted is None:
        shifted = sympy.expand(expr)
    return ((shifted.is_positive if strict else shifted.is_nonnegative) is True
            or _additive_sign(shifted, strict=strict))


def _proved(condition: Condition, facts: tuple, protect: frozenset = frozenset()) -> bool:
    from symbolic.checks._prove import POSITIVE, sign_of
    from symbolic.checks._ranges import prove_sign_on
    expr = condition.expr
    every = facts + tuple(condition.facts)
    need = condition.need
    if need in (Need.NEVER, Need.HOLOMORPHIC):
        return False
    if need is Need.OFF_CUT:
        return _off_cut(expr, every)
    from symbolic.checks._trig_signs import trig_sign_proved    # cos x > 0 on (-pi/2, pi/2)
    if not condition.facts and trig_sign_proved(condition.expr, need.name, every):
        return True
    if need is Need.POSITIVE and isinstance(expr, sympy.Abs):
        # |u| > 0 exactly where u != 0 (a fact about arg u, Re u, ... gives that)
        return _nonzero(expr.args[0], every, protect, depth=0)
    if need is Need.POSITIVE:
        return (expr.is_positive is True or sign_of(expr) == POSITIVE
                or _stated(expr, every, strict=True)
                or prove_sign_on(expr, every, strict=True, cheap=True,
                                 protect=protect) is not None
                or _shift_sign(expr, strict=True)
                or _on_interval(expr, every, strict=True)
                or sign_by_ranges(expr, strict=True))
    if need is Need.NONNEGATIVE:
        return (expr.is_nonnegative is True or sign_of(expr) is not None
                or _stated(expr, every, strict=False)
                or prove_sign_on(expr, every, cheap=True, protect=protect) is not None
                or _shift_sign(expr, strict=False)
                or _on_interval(expr, every, strict=False)
                or sign_by_ranges(expr, strict=False))
    return _nonzero(expr, every, protect, depth=0)


def _nonzero(expr, facts, protect, depth: int) -> bool:
    from symbolic.checks._prove import POSITIVE, sign_of
    from symbolic.checks._ranges import prove_sign_on
    if expr.is_zero is False or sign_of(expr) == POSITIVE or sign_of(-expr) == POSITIVE:
        return True
    known = _nonzero_facts(facts)
    plain = sympy.expand(expr)
    if any(sympy.expand(plain - z) == 0 or sympy.expand(plain + z) == 0 for z in known):
        return True
    if _stated(expr, facts, strict=True) or _stated(-expr, facts, strict=True):
        return True
    if (prove_sign_on(expr, facts, strict=True, cheap=True, protect=protect) is not None
            or prove_sign_on(-expr, facts, strict=True, cheap=True, protect=protect) is not None
            or _shift_sign(expr, strict=True) or _shift_sign(-expr, strict=True)
            or sign_by_ranges(expr, strict=True) or sign_by_ranges(-expr, strict=True)):
        return True
    if depth <= 1 and not _real(expr) and _complex_nonzero(expr, facts):
        return True
    if depth <= 1 and nonzero_by_identity(expr):   # e^{-z} = cosh z - sinh z, i z + (1-z^2)^{1/2}
        return True
    if depth == 0 and isinstance(expr, sympy.Expr):
        factors = sympy.Mul.make_args(sympy.factor(expr))
        if len(factors) > 1:
            return all(_nonzero(f.base if isinstance(f, sympy.Pow) and f.exp.is_positive
                                else f, facts, protect, 1) for f in factors)
    return False


def _flat(facts: Iterable) -> tuple:
    out = []
    for fact in facts:
        if isinstance(fact, sympy.And):
            out.extend(_flat(fact.args))
        elif fact is not sympy.true:
            out.append(fact)
    return tuple(out)


def _sides(step: Step) -> tuple[list, tuple]:
    """The expressions whose definedness is needed and the facts to prove it from."""
    claim = step.claim
    facts = _flat(step.assumptions)
    if claim.relation is Relation.IMPLIES:
        premise = _flat((claim.lhs,))
        relational = tuple(p for p in premise if isinstance(p, sympy.core.relational.Relational))
        extra = []
        for p in relational:  # where the premise holds, its own sides are defined
            for c in conditions(p):
                if c.need is Need.POSITIVE:
                    extra.append(c.expr > 0)
                elif c.need is Need.NONNEGATIVE:
                    extra.append(c.expr >= 0)
                elif c.need is Need.NONZERO:
                    extra.append(sympy.Ne(c.expr, 0))
        return [claim.rhs], facts + relational + tuple(extra)
    return [claim.lhs, claim.rhs], facts


def definedness_problem(step: Step) -> str | None:
    """None when every side of the claim is proved defined on the step's domain, else a
    sentence naming the first condition that was not proved."""
    claim = step.claim
    if claim is None or step.kind in (Kind.DEFINITION, Kind.PROSE):
        return None
    sides, facts = _sides(step)
    # a sign fact x[j] > 0 with j free in the claim is about that element only
    protect = frozenset(claim.free_symbols)
    for side in sides:
        for condition in conditions(side) + holomorphy_conditions(side):
            try:
                ok = _proved(condition, facts, protect)
            except SoftTimeout:
                raise
            except Exception:  # a SymPy failure proves nothing
                ok = False
            if not ok:
                return condition.text()
    return None


# ---------------------------------------------------------------------------------------
# Complex domains: where a derivative exists, and facts about parts, moduli and phases

# inverse functions with branch cuts other than log's (their derivatives jump across them)
_CUT_FUNCTIONS = (sympy.asin, sympy.acos, sympy.atan, sympy.acot, sympy.asec, sympy.acsc,
                  sympy.asinh, sympy.acosh, sympy.atanh, sympy.acoth, sympy.asech, sympy.acsch,
                  sympy.LambertW, sympy.loggamma, sympy.polylog)
# functions of z that have no complex derivative anywhere (or only on a line)
_NOWHERE_HOLOMORPHIC = (sympy.Abs, sympy.re, sympy.im, sympy.arg, sympy.conjugate, sympy.sign,
                        sympy.floor, sympy.ceiling, sympy.Max, sympy.Min, sympy.Piecewise)


def holomorphy_conditions(expr) -> list[Condition]:
    """Where the derivatives in ``expr`` exist over a complex domain (see module doc).

    Inside ``d/dv`` a subexpression u that depends on v and is not known to be real needs
    ``log u`` and ``u^a`` (a not an integer) off the cut (-oo, 0]: there the principal
    value jumps, so no derivative exists whether v is complex or a real variable along
    which u crosses the cut. A real u is the real conditions' business (``log u`` needs
    u > 0 there, an open set)."""
    out: list[Condition] = []
    for node in sympy.preorder_traversal(expr):
        if not isinstance(node, sympy.Derivative):
            continue
        variables = {v for v, _ in node.variable_count}
        for sub in sympy.preorder_traversal(node.expr):
            if not isinstance(sub, sympy.Basic) or not (sub.free_symbols & variables):
                continue
            if isinstance(sub, sympy.log):
                u = sub.args[0]
                if not _real(u):
                    out.append(Condition(Need.OFF_CUT, u, (), f"log is differentiable only off "
                                         f"its cut: {tex(sub)} in {tex(node)}"))
            elif isinstance(sub, sympy.Pow) and sub.exp.is_integer is not True:
                u = sub.base
                if u.free_symbols & variables and not _real(u) and u != sympy.E:
                    out.append(Condition(Need.OFF_CUT, u, (), f"a non-integer power is "
                                         f"differentiable only off the cut of its base: {tex(sub)} in {tex(node)}"))
            elif isinstance(sub, _CUT_FUNCTIONS) and not all(_real(a) for a in sub.args):
                out.append(Condition(Need.HOLOMORPHIC, sub, (), f"{tex(sub)} is not differentiable "
                                     f"on its branch cuts, which this checker does not locate, in {tex(node)}"))
            elif isinstance(sub, _NOWHERE_HOLOMORPHIC) and any(not _real(v) for v in variables):
                out.append(Condition(Need.HOLOMORPHIC, sub, (), f"{tex(sub)} has no complex "
                                     f"derivative, in {tex(node)}"))
    unique: list[Condition] = []
    for c in out:
        if c not in unique:
            unique.append(c)
    return unique


@dataclass(frozen=True)
class ComplexView:
    """Facts about ``Re``, ``Im``, ``|.|`` and ``arg`` of complex expressions restated as
    facts about real unknowns (one Dummy per part), with what each unknown stands for."""

    facts: tuple
    unknowns: dict       # re(z), im(z), arg(u), Abs(u) -> real Dummy
    phased: frozenset    # u of every arg(u) that a fact mentions (each is nonzero)

    def real(self, expr):
        """``expr`` (built from parts) about the unknowns, or None where a complex
        quantity other than through its parts remains."""
        value = sympy.expand(expr).xreplace(self.unknowns)
        if any(not _real(s) for s in value.free_symbols):
            return None
        if value.atoms(*_PARTS):
            return None
        return value


_PARTS = (sympy.re, sympy.im, sympy.arg, sympy.Abs)


def _relaxed(fact) -> list:
    """``|w| < r`` also as ``-r < Re w < r`` and ``-r < Im w < r`` (each part is at most the
    modulus); ``|arg u| < r`` as ``-r < arg u < r``."""
    parts = _as_greater(fact)
    if parts is None:
        return [fact]
    big, small, strict = parts
    out = [fact]
    if isinstance(small, sympy.Abs):
        w = small.args[0]
        rel = sympy.StrictLessThan if strict else sympy.LessThan
        pieces = (w,) if _real(w) or isinstance(w, sympy.arg) else (sympy.re(w), sympy.im(w))
        for piece in pieces:
            out += [rel(piece, big), rel(-big, piece)]
    return out


def _as_greater(fact):
    from symbolic.checks._prove import as_greater
    return as_greater(fact)


def complex_view(facts: tuple) -> ComplexView | None:
    """The facts that mention parts of complex quantities, restated about real unknowns
    (None when no fact does)."""
    relevant = [f for f in facts if isinstance(f, sympy.core.relational.Relational)
                and f.atoms(*_PARTS)]
    if not relevant:
        return None
    relaxed = [r for f in relevant for r in _relaxed(f)]
    unknowns: dict = {}
    phased = set()
    for fact in relaxed:
        for atom in sympy.expand(fact.lhs - fact.rhs).atoms(*_PARTS) | fact.atoms(*_PARTS):
            if isinstance(atom, sympy.arg):
                phased.add(atom.args[0])
            if atom not in unknowns and not (isinstance(atom, sympy.Abs) and _real(atom.args[0])):
                unknowns[atom] = sympy.Dummy(
                    f"{type(atom).__name__}_{atom.args[0]}", real=True,
                    nonnegative=True if isinstance(atom, sympy.Abs) else None)
    out = []
    for fact in relaxed:
        value = sympy.expand(fact.lhs - fact.rhs).xreplace(unknowns)
        if any(not _real(s) for s in value.free_symbols) or value.atoms(*_PARTS):
            continue
        out.append(type(fact)(value, 0))
    for atom, unknown in unknowns.items():
        if isinstance(atom, sympy.arg):     # the principal argument lies in (-pi, pi]
            out += [unknown > -sympy.pi, unknown <= sympy.pi]
    return ComplexView(tuple(out), unknowns, frozenset(phased))


def _in_view(need: Need, expr, view: ComplexView) -> bool:
    value = view.real(expr)
    if value is None:
        return False
    if need is Need.NONZERO:
        return _nonzero(value, view.facts, frozenset(), depth=2)
    return _proved(Condition(need, value), view.facts)


def _scaled(u, v) -> bool:
    """Whether u is a nonzero constant multiple of v (the same zeros and the same cut for
    a positive constant)."""
    if u == v:
        return True
    ratio = sympy.simplify(u / v)
    if isinstance(ratio, sympy.Pow) and ratio.base == -1 and ratio.exp.is_integer:
        return True      # (-1)^k
    return ratio.is_number and ratio.is_zero is False and ratio.is_finite is True


def _same_zeros(u, v) -> bool:
    """Whether u and v vanish at the same points: a constant multiple, or one a multiple of
    the other's squared modulus (``cos 2x + cosh 2y = 2 |cos(x + i y)|^2``)."""
    return _scaled(u, v) or vanish_together(u, v)


def _complex_nonzero(expr, facts) -> bool:
    """``expr != 0`` for a complex ``expr`` from facts about parts, moduli and phases."""
    if isinstance(expr, sympy.exp):
        return True
    view = complex_view(tuple(facts))
    if view is None:
        return False
    try:
        if any(_scaled(expr, u) for u in view.phased):
            return True      # a fact about arg u holds only where arg u is defined: u != 0
        if _in_view(Need.NONZERO, sympy.re(expr), view) or _in_view(Need.NONZERO, sympy.im(expr), view):
            return True
        if sympy.Abs(expr) in view.unknowns and _in_view(Need.POSITIVE, sympy.Abs(expr), view):
            return True
        if isinstance(expr, (sympy.sin, sympy.cos)):      # zeros k pi, pi/2 + k pi: all real
            return _in_view(Need.NONZERO, sympy.im(expr.args[0]), view)
        if isinstance(expr, (sympy.sinh, sympy.cosh)):    # zeros i k pi, i (pi/2 + k pi)
            return _in_view(Need.NONZERO, sympy.re(expr.args[0]), view)
        return _off_cut(expr, facts, view)
    except SoftTimeout:
        raise
    except Exception:  # a SymPy failure proves nothing
        return False


def _off_cut(u, facts, view: ComplexView | None = None) -> bool:
    """``u`` is not in (-oo, 0]: positive real, or not real, or from the facts
    ``Re u > 0``, ``Im u != 0`` or ``arg u < pi`` (with arg u defined, so u != 0)."""
    if u.is_extended_positive is True or u.is_extended_real is False:
        return True
    view = view or complex_view(tuple(facts))
    if view is None:
        return False
    try:
        if _in_view(Need.POSITIVE, sympy.re(u), view) or _in_view(Need.NONZERO, sympy.im(u), view):
            return True
        for atom, unknown in view.unknowns.items():
            if isinstance(atom, sympy.arg) and atom.args[0] == u \
                    and _proved(Condition(Need.POSITIVE, sympy.pi - unknown), view.facts):
                return True
    except SoftTimeout:
        raise
    except Exception:  # a SymPy failure proves nothing
        return False
    return False


def shared_undefined(step: Step) -> bool:
    """Whether every definedness condition of an equation that is not proved is one that
    both sides need (see ``shared_exclusion``)."""
    return shared_exclusion(step) is not None


@dataclass(frozen=True)
class SharedExclusion:
    """The points of the stated domain where neither side of an equation is defined: where
    one of ``conditions`` fails (each is needed by both sides); ``witness`` is a point of
    the domain where every one holds, so the rest of the domain is not empty."""

    conditions: tuple
    witness: tuple = ()

    def text(self) -> str:
        """The excluded points in words: ``cos(z) = 0 (z in ...)``, ``x > 0 fails``."""
        parts = []
        for c in self.conditions:
            if c.need is Need.NONZERO:
                where = _zeros_text(c.expr)
                parts.append(f"${latex_of(c.expr)} = 0$" + (f" ({where})" if where else ""))
            else:
                need = _NEED_LATEX.get(c.need)
                parts.append(f"${latex_of(c.expr)} {need}$ fails" if need
                             else f"{tex(c.expr)} {c.need.value} fails")
        return "; ".join(parts)


def shared_exclusion(step: Step) -> SharedExclusion | None:
    """The product's reading of an equation's stated domain as DLMF states its formulas:
    the domain minus the points where neither side is defined.

    Returned when every definedness condition that is not proved is one that both sides
    need (the same expression up to a nonzero constant or, for real variables, a constant
    times the other's squared modulus, the same facts) and whose failure
    certainly makes each side undefined (``Condition.exact``), so that where it fails both
    sides are undefined, as in ``\\tan z = \\sin z / \\cos z``; the sides are
    then undefined at exactly the same points, and a proof of ``lhs - rhs = 0`` wherever
    both are defined covers every point where the claim says anything. A side defined
    where the other is not is a different matter (the numeric tier refutes there), as is
    a condition that can never be shown to fail only together (``is undefined``, a missing
    derivative) or one about integers alone (``max_{j=1..n}`` at n = 0). None also when no point of the domain is found where every condition
    holds (the claim would be about nothing)."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ or step.kind in (Kind.DEFINITION, Kind.PROSE):
        return None
    facts = _flat(step.assumptions)
    protect = frozenset(claim.free_symbols)
    per_side = []
    for side in (claim.lhs, claim.rhs):
        every = conditions(side) + holomorphy_conditions(side)
        try:
            missing = [c for c in every if not _proved(c, facts, protect)]
        except SoftTimeout:
            raise
        except Exception:
            return None
        per_side.append((every, missing))
    if not per_side[0][1] and not per_side[1][1]:
        return None
    for (_, missing), (others, _) in (per_side, per_side[::-1]):
        for c in missing:
            if c.need in (Need.NEVER, Need.HOLOMORPHIC, Need.OFF_CUT) or not c.exact:
                return None
            if all(sym.is_integer for sym in c.expr.free_symbols):
                # about integers alone (a max over an empty range, a size): it leaves out
                # whole instances of the claim, not points where its functions are singular
                return None
            if not any(o.exact and o.need is c.need and o.facts == c.facts and (
                    o.expr == c.expr or c.need in (Need.NONZERO,) and _same_zeros(c.expr, o.expr))
                       for o in others):
                return None
    excluded: list[Condition] = []
    for c in per_side[0][1] + per_side[1][1]:
        if not any(e.need is c.need and e.facts == c.facts and (
                e.expr == c.expr or c.need is Need.NONZERO and _same_zeros(c.expr, e.expr))
                   for e in excluded):
            excluded.append(c)
    witness = _witness(claim, excluded, facts)
    if witness is None:
        return None
    return SharedExclusion(tuple(excluded), witness)


def _witness(claim, excluded, facts):
    """A sampled point of the domain where every excluded condition holds (as
    ``(name, value)`` strings), or None when none of a few is found."""
    symbols = witness_symbols(claim, excluded)
    if any(c.facts for c in excluded) or symbols is None:
        return None
    return witness_point(symbols, facts, lambda values: all(_holds(c, values) for c in excluded))


def value_at(expr, values):
    """``(re, im)`` of expr at the point at 30 digits, or None where it has no finite value."""
    try:
        value = sympy.N(expr.xreplace(values), 30)
    except SoftTimeout:
        raise
    except Exception:
        return None
    if not value.is_number or value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return None
    return value.as_real_imag()


def _holds(c: Condition, values) -> bool:
    """Whether ``c`` certainly holds at the point (30 digits, with a margin)."""
    parts = value_at(c.expr, values)
    if parts is None:
        return False
    re_part, im_part = parts
    if c.need is Need.NONZERO:
        return abs(re_part) + abs(im_part) > sympy.Float("1e-20")
    if abs(im_part) > sympy.Float("1e-25"):
        return False
    return re_part > sympy.Float("1e-20")    # > 0, and so >= 0, with a margin


def _zeros_text(expr) -> str:
    """The zeros of a one-variable condition as solveset gives them (``z in {2 n pi + pi/2}``),
    or "" when there are several variables or solveset gives no plain answer."""
    symbols = expr.free_symbols
    if len(symbols) != 1:
        return ""
    symbol, = symbols
    if not isinstance(symbol, sympy.Symbol):
        return ""
    domain = sympy.S.Reals if symbol.is_extended_real else sympy.S.Complexes
    try:
        from symbolic.checks._prove import run_budgeted
        zeros = run_budgeted(lambda e: sympy.solveset(e, symbol, domain), expr, budget_s=1.0)
    except SoftTimeout:
        raise
    except Exception:
        return ""
    if zeros is None or isinstance(zeros, (sympy.ConditionSet, sympy.Complement, sympy.Intersection)):
        return ""
    if isinstance(zeros, sympy.FiniteSet):
        return f"${latex_of(symbol)} \\in \\{{{', '.join(map(latex_of, zeros.args))}\\}}$"
    pieces = zeros.args if isinstance(zeros, sympy.Union) else (zeros,)
    shown = []
    for piece in pieces:
        if not (isinstance(piece, sympy.ImageSet) and piece.base_sets == (sympy.S.Integers,)
                and len(piece.lamda.variables) == 1):
            return ""
        n = sympy.Symbol("n", integer=True)
        shown.append(f"${latex_of(piece.lamda.expr.xreplace({piece.lamda.variables[0]: n}))}$")
    return f"${latex_of(symbol)}$ = {' or '.join(shown)} for an integer $n$"
