"""One convention for sums and products over a range: an empty range is the empty sum/product.

SymPy evaluates ``Sum(f, (j, a, b))`` with ``b < a - 1`` by Karr's convention
(``Sum(j, (j, 5, 3)).doit() == -4``, ``Sum(1, (j, 1, n)).doit() == n`` for every integer n),
while a document (and the numeric tier) means the empty sum 0 whenever ``b < a``. The two
agree exactly when the count ``b - a + 1`` is at least 0. Before a symbolic checker hands an
expression to SymPy (``doit``, ``simplify``, closed forms, sign reasoning), ``conventional``
rewrites every sum and product so that SymPy's value is the conventional one:

* a range whose count is proved ``>= 0`` (from the symbols' assumptions and the step's
  facts) is left alone: there both conventions give the same value;
* a range whose count is proved ``< 0`` becomes 0 (a sum) or 1 (a product);
* any other range becomes ``Piecewise((S, b - a + 1 >= 0), (0 or 1, True))``, which is the
  conventional value for every integer count, so SymPy cannot prove an identity that holds
  only by Karr's convention;
* an end not proved an integer is first replaced by ``ceiling(a)`` / ``floor(b)``: the range
  is the integers between its ends, while SymPy reads ``1..D`` as D terms for any D with
  ``D - 1`` an integer (``Sum(1, (j, 1, D)) == D`` for a real D);
* a max or min over a range proved to hold no integer has no value: it becomes ``nan``, so
  that no factor 0 or cancellation makes a claim about it true.

Inside the body of a sum over ``j = a..b`` the facts ``a <= j <= b`` hold (the body is only
ever evaluated there), which lets nested ranges such as ``k = 1..j`` be proved non-empty.

``prove_sign`` and ``prove_sign_on`` (a sign proved after this convention, the rest in
``_prove.py``) live here, as a range's count is itself proved with them.
"""
from __future__ import annotations

import functools
from typing import Iterable

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from symbolic.budget import SoftTimeout
from symbolic.checks._prove import STEP_BUDGET_S, _prove_sign, domain_of
from symbolic.functions import MaxOver
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

_SUMLIKE = (sympy.Sum, sympy.Product)
_RANGED = _SUMLIKE + (MaxOver,)  # MinOver is a MaxOver
_FAR = sympy.Integer(10) ** 6  # "far out" for a limit at infinity (any fixed bound would do)


def has_ranges(expr) -> bool:
    """Whether ``expr`` contains a sum, product, max or min over a range (the things rewritten)."""
    return isinstance(expr, sympy.Basic) and expr.has(*_RANGED)


def count_sign(lo, hi, facts: Iterable = (), *, at_least: int = 0) -> bool | None:
    """True when ``hi - lo + 1 >= at_least`` is proved, False when it is proved to fail,
    None when undecided (the symbols' assumptions and the facts' domain are used)."""
    gap = sympy.expand(hi - lo + 1 - at_least)
    if gap.is_Integer:
        return bool(gap >= 0)
    # a count of integers: hi - lo + 1 < at_least means hi - lo + 1 <= at_least - 1
    facts = tuple(facts)
    if prove_sign_on(gap, facts, cheap=True) is not None:
        return True
    integral = (hi - lo).is_integer is True
    # an integer count: gap >= 0 exactly when gap > -1 (B_1 + B_2 - 1 >= 0 from B_1 + B_2 > 0)
    if integral and prove_sign_on(gap + 1, facts, strict=True, cheap=True) is not None:
        return True
    if integral and prove_sign(-gap - 1, cheap=True) is not None:
        return False
    if not integral and prove_sign(-gap, strict=True, cheap=True) is not None:
        return False
    return None


def conventional(expr, facts: Iterable = ()):
    """``expr`` with every sum and product given its empty-range value (see module doc).

    The result equals ``expr`` read by the empty-range convention at every point of the
    domain described by the symbols' assumptions and ``facts``.
    """
    if not has_ranges(expr):
        return expr
    return _walk(expr, tuple(facts))


def _walk(expr, facts, bound=frozenset()):
    # ``bound``: the indices of the enclosing ranges, which take integer values only
    if not isinstance(expr, sympy.Basic) or not expr.args or not expr.has(*_RANGED):
        return expr
    if isinstance(expr, _SUMLIKE) and all(len(lim) == 3 for lim in expr.limits):
        return _one(expr, facts, bound)
    if isinstance(expr, MaxOver) and len(expr.limits) == 1 and len(expr.limits[0]) == 3:
        return _extremum(expr, facts, bound)
    if isinstance(expr, sympy.Piecewise):
        # a branch is only taken where its condition holds (this also keeps the
        # rewriting idempotent: a sum guarded by its own count condition stays as it is)
        pairs = []
        for value, cond in expr.args:
            extra = (cond,) if isinstance(cond, sympy.core.relational.Relational) else ()
            pairs.append((_walk(value, facts + extra, bound), cond))
        if all(v is old for (v, _), (old, _) in zip(pairs, expr.args)):
            return expr
        return sympy.Piecewise(*pairs)
    inner_facts, inner_bound = facts, bound
    if isinstance(expr, sympy.Limit) and expr.args[2] in (sympy.oo, -sympy.oo):
        # a limit at infinity depends only on the values far out, where a range such as
        # 1..n is non-empty: the limit variable may be taken beyond any fixed bound
        variable, point = expr.args[1], expr.args[2]
        far = variable >= _FAR if point is sympy.oo else variable <= -_FAR
        inner_facts = facts + (far,)
    if isinstance(expr, ExprWithLimits) and all(len(lim) == 3 for lim in expr.limits):
        inner_facts = facts + tuple(f for index, lo, hi in expr.limits
                                    for f in (index >= lo, index <= hi))
        inner_bound = bound | {lim[0] for lim in expr.limits}
    args = [_walk(a, inner_facts, inner_bound) if isinstance(a, sympy.Basic) else a
            for a in expr.args]
    if args == list(expr.args):
        return expr
    try:
        return expr.func(*args)
    except SoftTimeout:
        raise
    except Exception:  # a class that cannot be rebuilt from its args: leave it as written
        return expr


def _integer_end(end, round_to, bound):
    """``end`` when it is an integer (indices in ``bound`` are), else ``round_to(end)``."""
    as_integers = {b: sympy.Dummy(str(b), integer=True) for b in bound
                   if b in end.free_symbols and b.is_integer is not True}
    return end if end.xreplace(as_integers).is_integer is True else round_to(end)


def _one(expr, facts, bound=frozenset()):
    """A single sum or product, its limits taken innermost (first) to outermost."""
    empty = sympy.S.Zero if isinstance(expr, sympy.Sum) else sympy.S.One
    body = expr.function
    inner_facts = facts
    for index, lo, hi in expr.limits:
        inner_facts = inner_facts + (index >= lo, index <= hi)
    body = _walk(body, inner_facts, bound | {lim[0] for lim in expr.limits})
    # rebuild limit by limit, innermost first, deciding each range's count
    value = body
    for position, (index, lo, hi) in enumerate(expr.limits):
        outer = facts + tuple(f for i2, lo2, hi2 in expr.limits[position + 1:]
                              for f in (i2 >= lo2, i2 <= hi2))
        outer_bound = bound | {lim[0] for lim in expr.limits[position + 1:]}
        lo, hi = _walk(lo, outer, outer_bound), _walk(hi, outer, outer_bound)
        lo = _integer_end(lo, sympy.ceiling, outer_bound)
        hi = _integer_end(hi, sympy.floor, outer_bound)
        sign = _safe_count_sign(lo, hi, outer)
        if sign is False:
            value = empty
            continue
        term = expr.func(value, (index, lo, hi))
        if sign is True:
            value = term
        else:
            value = sympy.Piecewise((term, sympy.Ge(hi - lo + 1, 0)), (empty, True))
    return value


def _extremum(expr, facts, bound):
    """A max or min over one range: ends rounded to the integers between them, ``nan`` over
    a range proved to hold no term."""
    (index, lo, hi), = expr.limits
    lo, hi = _walk(lo, facts, bound), _walk(hi, facts, bound)
    lo = _integer_end(lo, sympy.ceiling, bound)
    hi = _integer_end(hi, sympy.floor, bound)
    if _safe_count_sign(lo, hi, facts, at_least=1) is False:
        return sympy.nan
    body = _walk(expr.function, facts + (index >= lo, index <= hi), bound | {index})
    if (body, lo, hi) == (expr.function, *expr.limits[0][1:]):
        return expr
    return expr.func(body, (index, lo, hi))


def _safe_count_sign(lo, hi, facts, at_least: int = 0):
    try:
        return _cached_count_sign(lo, hi, tuple(facts), at_least)
    except SoftTimeout:
        raise
    except Exception:  # undecided: the Piecewise keeps the value right either way
        return None


@functools.lru_cache(maxsize=2048)
def _cached_count_sign(lo, hi, facts, at_least=0):
    # rules ask for the signs of many expressions over the same few ranges
    return count_sign(lo, hi, facts, at_least=at_least)


def integer_ends(lo, hi) -> bool:
    """Whether both ends of a range are proved integers (from the symbols' assumptions).

    A document's range ``lo..hi`` is the integers between the ends; SymPy reads a range with
    ``hi - lo`` an integer as ``lo, lo + 1, ..., hi`` whatever ``lo`` is. The two readings
    agree (and an entry ``x[hi]`` named by a rule is an entry of the range) exactly when the
    ends are integers: ``1..N/2`` with N odd, or ``D..D + 2`` with D real, is neither.
    """
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    return lo.is_integer is True and hi.is_integer is True


def range_problem(lo, hi, facts: Iterable = (), *, at_least: int = 0) -> str | None:
    """Why ``lo..hi`` is not a proved range of integers holding at least ``at_least`` terms,
    or None when it is (integer ends, count ``hi - lo + 1 >= at_least`` proved).

    The shared guard of the rules that cut, shift or peel ranges (``at_least=0``: the range
    may be empty, its count is a non-negative integer) and of those that take a max or min
    over one (``at_least=1``: a max over no term is undefined).
    """
    if not integer_ends(lo, hi):
        return (f"the ends of the range {tex_range(lo, hi)} are not proved integers (the range is the "
                "integers between them; state the ends' domain)")
    if count_sign(lo, hi, facts, at_least=at_least) is not True:
        what = "non-empty" if at_least == 1 else f"to hold at least {at_least} terms"
        return f"the range {tex_range(lo, hi)} is not proved {what}"
    return None


def non_integer_range(expr):
    """The first range ``(lo, hi)`` in ``expr`` (of a sum, product, max or min) whose ends are
    not proved integers, or None. An end may use the index of an enclosing range, which runs
    over integers (``l = 1..i`` inside ``i = 1..n``)."""
    if not isinstance(expr, sympy.Basic):
        return None
    return _non_integer_range(expr, {})


def _non_integer_range(expr, bound):
    if not expr.args:
        return None
    if isinstance(expr, ExprWithLimits):
        inner = dict(bound)
        for lim in reversed(expr.limits):  # outermost last in SymPy's order
            if len(lim) != 3:
                continue
            index, lo, hi = lim
            lo, hi = lo.xreplace(inner), hi.xreplace(inner)
            if not integer_ends(lo, hi):
                return (lim[1], lim[2])
            if index.is_integer is not True:
                inner[index] = sympy.Dummy(str(index), integer=True)
        found = _non_integer_range(expr.function, inner)
        if found is not None:
            return found
        return None
    for arg in expr.args:
        found = _non_integer_range(arg, bound)
        if found is not None:
            return found
    return None


# ---------------------------------------------------------------------------------------
# Signs read by the convention (a count's sign above is proved with these)


def prove_sign(expr, *, strict: bool = False, budget_s: float = STEP_BUDGET_S,
               cheap: bool = False) -> str | None:
    """Prove ``expr >= 0`` (``> 0`` when strict) from SymPy's assumptions.

    Returns the name of the rewrite after which SymPy answered True, or None.
    ``cheap`` leaves out ``simplify`` (for the many side conditions of rule matching).
    Sums and products are read by the empty-range convention (``conventional``).
    """
    return _prove_sign(conventional(expr), strict=strict, budget_s=budget_s, cheap=cheap)


def prove_sign_on(expr, facts: Iterable[sympy.Basic], *, strict: bool = False,
                  protect: Iterable[sympy.Basic] = (), cheap: bool = False) -> str | None:
    """``prove_sign`` plainly, then on the domain parametrised by ``facts``."""
    facts = tuple(facts)
    expr = conventional(expr, facts)
    how = _prove_sign(expr, strict=strict, cheap=cheap)
    if how is not None:
        return f"sign by SymPy's assumptions after {how}"
    if not facts:
        return None
    domain = domain_of(facts, protect=protect)
    if domain.empty:
        return None
    how = _prove_sign(domain.apply(expr), strict=strict, cheap=cheap)
    if how is not None:
        return f"sign after {how}, with {domain.describe()}"
    return None
