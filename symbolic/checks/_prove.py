"""Proving signs, shared by the pipeline's helpers and the checker families.

A step's relational facts as a parametrisation of its domain (``domain_of``), one SymPy
rewrite under its own budget (``run_budgeted``), ``expr >= 0`` by SymPy's assumptions after
a few rewrites (``_prove_sign``; ``prove_sign`` in ``_ranges`` first applies the empty-range
convention), the interval a fact allows one symbol, and signs read off an expression's
structure (``sign_of``). Kept below every family, so that a helper such as the definedness
gate never imports a checker family.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import sympy

from symbolic.budget import SoftTimeout, soft_deadline, soft_remaining
from symbolic.functions import MaxOver
from symbolic.checks._sign_guard import contradicted
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation


# ---------------------------------------------------------------------------------------
# The domain of a step: relational facts turned into substitutions


@dataclass(frozen=True)
class Domain:
    """A parametrisation of a step's domain by substitutions with sign-assumed variables.

    ``substitutions`` are applied in order; ``notes`` say in words what each one is and
    which fact it came from (for evidence); ``unused`` lists facts that could not be
    turned into a substitution (dropping a fact only enlarges the domain, which keeps
    every proof sound but may make it fail).
    """

    substitutions: tuple[tuple[sympy.Basic, sympy.Basic], ...] = ()
    notes: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()

    def apply(self, expr):
        """The expression in the domain's own variables."""
        for old, new in self.substitutions:
            if isinstance(old, sympy.IndexedBase):
                expr = expr.replace(lambda e, o=old: isinstance(e, sympy.Indexed) and e.base == o,
                                    lambda e, n=new: n[e.indices])
            else:
                expr = expr.subs(old, new)
        return expr

    @property
    def empty(self) -> bool:
        return not self.substitutions

    def describe(self) -> str:
        return "; ".join(self.notes) if self.notes else "no facts used"


def flatten_facts(assumptions: Iterable[sympy.Basic]) -> list[sympy.Basic]:
    """The atomic facts of a step's assumptions (``And`` split up)."""
    out: list[sympy.Basic] = []
    for fact in assumptions:
        if isinstance(fact, sympy.And):
            out.extend(flatten_facts(fact.args))
        elif fact is not sympy.true:
            out.append(fact)
    return out


def as_greater(fact):
    """``(big, small, strict)`` for a relational fact ``big > small``, or None."""
    if isinstance(fact, sympy.StrictGreaterThan):
        return fact.lhs, fact.rhs, True
    if isinstance(fact, sympy.GreaterThan):
        return fact.lhs, fact.rhs, False
    if isinstance(fact, sympy.StrictLessThan):
        return fact.rhs, fact.lhs, True
    if isinstance(fact, sympy.LessThan):
        return fact.rhs, fact.lhs, False
    return None


def _fresh(name: str, *, strict: bool, integer: bool) -> sympy.Dummy:
    if strict:
        return sympy.Dummy(name, positive=True, integer=integer or None)
    return sympy.Dummy(name, nonnegative=True, integer=integer or None)


def domain_of(assumptions: Iterable[sympy.Basic], *, protect: Iterable[sympy.Basic] = ()) -> Domain:
    """Turn relational facts into a parametrisation of the domain.

    For a fact ``big > small`` (or ``>=``) the difference ``big - small`` is solved for a
    symbol that appears in it linearly with a numeric coefficient: ``a > b`` gives
    ``a = b + t`` with ``t > 0``. An equality fact ``s = e`` substitutes ``e`` for ``s``.
    A fact ``x[j] > 0`` about an ``IndexedBase`` with an index not in ``protect`` (read
    as "for every j") makes ``x`` a positive ``IndexedBase``. ``protect`` are symbols
    that are free in the claim (an index free in the claim names one element, so a fact
    about it is not about every element).
    """
    protect = set(protect)
    # an index that another fact restricts (1 <= j <= 2) is not "every j": a sign fact
    # about x[j] then holds for those j only and gives x no sign
    restricted = _restricted_indices(flatten_facts(assumptions))
    protect |= restricted
    subs: list[tuple[sympy.Basic, sympy.Basic]] = []
    notes: list[str] = []
    unused: list[str] = []
    done: set = set()
    created: set = set()  # the new variables are never solved for again

    def current(expr):
        return Domain(tuple(subs)).apply(expr)

    for fact in flatten_facts(assumptions):
        original = fact
        fact = current(fact)
        if fact is sympy.true:
            continue
        if isinstance(fact, sympy.Equality) and isinstance(fact.lhs, sympy.Symbol) \
                and fact.lhs not in done and fact.lhs not in fact.rhs.free_symbols:
            subs.append((fact.lhs, fact.rhs))
            done.add(fact.lhs)
            notes.append(f"{tex_relation(fact.lhs, '=', fact.rhs)} (from {tex(original)})")
            continue
        parts = as_greater(fact)
        if parts is None:
            unused.append(str(original))
            continue
        big, small, strict = parts
        if _indexed_sign_fact(big, small, strict, protect, subs, notes, original):
            continue
        diff = sympy.expand(big - small)
        chosen = None
        for sym in sorted(diff.free_symbols - done - created, key=lambda s: s.name):
            if not isinstance(sym, sympy.Symbol):
                continue
            try:
                poly = sympy.Poly(diff, sym)
            except sympy.PolynomialError:
                continue
            if poly.degree() != 1:
                continue
            coeff = poly.coeff_monomial(sym)
            if coeff.is_number and coeff != 0:
                chosen = (sym, coeff, sympy.expand(diff - coeff * sym))
                break
        if chosen is None:
            unused.append(str(original))
            continue
        sym, coeff, rest = chosen
        integer = bool(sym.is_integer and rest.is_integer and abs(coeff) == 1)
        t = _fresh(f"t_{sym.name}", strict=strict, integer=integer)
        created.add(t)
        value = (t - rest) / coeff
        subs.append((sym, value))
        done.add(sym)
        notes.append(f"{tex_relation(sym, '=', value)} with {tex_relation(t, 'gt' if strict else 'ge', 0)} "
                     f"(from {tex(original)})")
    return Domain(tuple(subs), tuple(notes), tuple(unused))


def _restricted_indices(facts) -> set:
    """Symbols that appear in a fact outside the indices of an ``Indexed``."""
    out: set = set()
    for fact in facts:
        plain = fact.replace(lambda e: isinstance(e, sympy.Indexed),
                             lambda e: sympy.Dummy()) if fact.has(sympy.Indexed) else fact
        out |= {s for s in plain.free_symbols if isinstance(s, sympy.Symbol)
                and not isinstance(s, sympy.Dummy)}
    return out


def _indexed_sign_fact(big, small, strict, protect, subs, notes, original) -> bool:
    """Handle ``x[j] > 0`` / ``x[j] >= 0`` for every j by giving the base a sign."""
    if small != 0 or not isinstance(big, sympy.Indexed):
        return False
    if not all(isinstance(i, sympy.Symbol) and i not in protect for i in big.indices):
        return False
    base = big.base
    signed = sympy.IndexedBase(base.label, real=True,
                               **({"positive": True} if strict else {"nonnegative": True}))
    subs.append((base, signed))
    notes.append(f"every {tex_relation(big, 'gt' if strict else 'ge', 0)} (from {tex(original)})")
    return True


# ---------------------------------------------------------------------------------------
# One rewrite under its own budget, and signs by SymPy's assumptions after a few rewrites


def outer_deadline_governs(budget_s: float) -> bool:
    """Whether an enclosing soft deadline fires before ``budget_s`` (so a SoftTimeout is its)."""
    remaining = soft_remaining()
    return bool(remaining) and remaining <= budget_s


def run_budgeted(fn, *args, budget_s: float):
    """``fn(*args)`` under its own soft budget: None when that budget ran out.

    A SoftTimeout of an enclosing deadline (the pipeline's) is re-raised, so that the
    whole checker stops instead of carrying on without a timer.
    """
    outer = outer_deadline_governs(budget_s)
    try:
        with soft_deadline(budget_s):
            return fn(*args)
    except SoftTimeout:
        if outer:
            raise
        return None


STEP_BUDGET_S = 3.0


def _sign_ok(expr, strict: bool) -> bool:
    answer = expr.is_positive if strict else expr.is_nonnegative
    return answer is True


def _budgeted(fn, expr, budget_s: float):
    """One rewrite under its own budget; None when it fails or runs out of time."""
    try:
        return run_budgeted(fn, expr, budget_s=budget_s)
    except (SoftTimeout, RecursionError):
        raise
    except Exception:  # a SymPy failure in one rewrite decides nothing
        return None


_REWRITES = (
    ("as written", lambda e: e),
    ("expand", sympy.expand),
    ("factor", lambda e: sympy.factor(sympy.together(e))),
    ("cancel", lambda e: sympy.cancel(sympy.together(e))),
    ("expand_log", lambda e: sympy.expand(sympy.expand_log(e, force=False))),
    # closed forms of sums: safe because every sum was first given its empty-range
    # value (``conventional``), so SymPy's reversed-range convention never applies
    ("doit", lambda e: sympy.expand(e.doit()) if e.has(sympy.Sum, sympy.Product) else None),
    ("simplify", sympy.simplify),
)


def _prove_sign(expr, *, strict: bool, budget_s: float = STEP_BUDGET_S,
                cheap: bool = False) -> str | None:
    for name, rewrite in _REWRITES:
        if cheap and name == "simplify":
            continue
        result = _budgeted(rewrite, expr, budget_s)
        if result is not None and _sign_ok(result, strict):
            # SymPy's assumptions can be wrong (_sign_guard.py): no allowed point may disagree
            return None if contradicted(expr, strict) else name
    return None


# ---------------------------------------------------------------------------------------
# The values one symbol may take


def interval_of(symbol: sympy.Symbol, facts: Iterable[sympy.Basic]) -> sympy.Set:
    """The set of values of ``symbol`` allowed by its assumptions and by the facts about it alone."""
    region: sympy.Set = sympy.S.Reals
    if symbol.is_positive:
        region = sympy.Interval.open(0, sympy.oo)
    elif symbol.is_nonnegative:
        region = sympy.Interval(0, sympy.oo)
    elif symbol.is_negative:
        region = sympy.Interval.open(-sympy.oo, 0)
    elif symbol.is_nonpositive:
        region = sympy.Interval(-sympy.oo, 0)
    for fact in flatten_facts(facts):
        if fact.free_symbols != {symbol} or not isinstance(fact, sympy.core.relational.Relational):
            continue
        try:
            allowed = sympy.solve_univariate_inequality(fact, symbol, relational=False)
        except SoftTimeout:
            raise
        except Exception:  # a fact SymPy cannot solve is simply not used (superset: sound)
            continue
        region = region.intersect(allowed)
    return region


def _parametrise(interval: sympy.Interval, u: sympy.Symbol):
    """An expression in a fresh sign-assumed variable that runs over the interval's interior."""
    a, b = interval.start, interval.end
    t = sympy.Dummy("t", positive=True)
    if a == -sympy.oo and b == sympy.oo:
        return sympy.Dummy("u", real=True)
    if b == sympy.oo:
        return a + t
    if a == -sympy.oo:
        return b - t
    return a + (b - a) * t / (1 + t)


# ---------------------------------------------------------------------------------------
# Signs by structure


POSITIVE, NONNEGATIVE = "positive", "nonnegative"


def _real(e) -> bool:
    if e.is_extended_real:
        return True
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return all(_real(a) for a in e.args)
    if isinstance(e, sympy.Pow):
        return _real(e.base) and (e.exp.is_integer or sign_of(e.base) == POSITIVE) \
            and _real(e.exp)
    if isinstance(e, sympy.exp):
        return _real(e.args[0])
    if isinstance(e, sympy.log):
        return sign_of(e.args[0]) == POSITIVE
    if isinstance(e, (sympy.Sum, MaxOver)):
        return _real(e.function)
    return False


def sign_of(e) -> str | None:
    """``"positive"``, ``"nonnegative"`` or None, read off the structure of ``e``."""
    if e.is_positive:
        return POSITIVE
    if e.is_Number:
        return NONNEGATIVE if e >= 0 else None
    if isinstance(e, sympy.exp):
        return POSITIVE if _real(e.args[0]) else None
    if isinstance(e, sympy.Pow):
        base = sign_of(e.base)
        if base == POSITIVE and _real(e.exp):
            return POSITIVE
        if e.exp.is_integer and e.exp.is_even and _real(e.base):
            return NONNEGATIVE
        if base == NONNEGATIVE and e.exp.is_positive:
            return NONNEGATIVE
        return None
    if isinstance(e, (sympy.Mul, sympy.Add)):
        signs = [sign_of(a) for a in e.args]
        if None in signs:
            return None
        if isinstance(e, sympy.Mul):
            return POSITIVE if all(s == POSITIVE for s in signs) else NONNEGATIVE
        return POSITIVE if POSITIVE in signs else NONNEGATIVE
    if isinstance(e, sympy.Sum) and len(e.limits) == 1:
        (index, lo, hi), = e.limits
        term = sign_of(e.function)
        if term == POSITIVE and (hi - lo + 1).is_positive:
            return POSITIVE
        return NONNEGATIVE if term else None
    if e.is_nonnegative:
        return NONNEGATIVE
    return None
