"""Claims over a general number of terms or blocks: sums over ranges, maxima over unions,
triangle inequalities and block-diagonal matrices of symbolic size.

Published derivations about tiled softmax and rotary embeddings argue over pieces of a
general size: a sum over ``1..B_1 + B_2`` split into two blocks, a recurrence that peels the
last term off a sum, summation by parts (Abel), ``max`` of a union of blocks, ``|sum| <= sum
of | |``, and rotation matrices built from ``d/2`` blocks. Each rule below checks that the step
has its form and proves every side condition with SymPy; a step it does not fit is left
inconclusive with the reason, never proved. A claim that names no rule is tried with these
same rules by the checker ``blocks_auto`` (at the end of this module).

Every range a rule reasons about must have ends proved integers (a range is the integers
between its ends; SymPy's ``lo, lo + 1, ..., hi`` agrees with that only for integer ends) and
a count proved ``>= 0``, or ``>= 1`` under a max or min (a max over no term is undefined);
the term of a max or min must be real. A sign fact about one element (``x[j] >= 0`` with j
free in the claim) is a fact about that element only, never about every term; an equality
``Eq(h[D], 0)`` replaces just the element it names.

============== ==========================================================================
``sum_ranges`` an identity between expressions with sums whose ranges differ by a split, a
               merge, a shift of the index or a few boundary terms. Constant factors are
               moved into the sums, ``re``/``im`` through them, sums over the same range are
               combined and their summand proved 0 for a general index; the rest is split
               into monomials, each shifted so that its first indexed factor has offset 0,
               and the ranges of equal monomials are cut at every endpoint (the endpoints
               must be ordered by proved inequalities, every range must have
               ``hi - lo + 1 >= 0`` proved, so that no reversed-range convention applies).
               Pieces of the cut whose coefficients do not cancel must have a fixed small
               length; their terms join the residual, which must be proved 0 after the
               step's equality facts (``Eq(h[D], 0)``) are substituted.
``max_union``  ``MaxOver(t, (i, lo, hi)) = Max(parts)`` where the parts are maxima of the
               same term (or single terms ``t(k)``) over non-empty ranges that tile
               ``lo..hi`` exactly (consecutive ends proved equal, each length proved >= 1).
``triangle``   ``|Sum(f, (i, lo, hi))| <= Sum(|f|, ...)`` (the right side may be given in a
               closed form proved equal to the sum of absolute values), with
               ``hi - lo + 1 >= 0`` proved.
``max_factor`` ``Sum(a_i b_i) <= MaxOver(a) * Sum(b_i)`` with every ``b_i >= 0`` proved and
               a non-empty range.
``max_term``   ``g(MaxOver(t)) <= Sum(g(t_i))`` over a non-empty range with every term
               ``g(t_i) >= 0`` proved: the max is attained at one of the terms and the
               others are non-negative (the left side may be given in a simplified form
               proved equal to g(max)).
``block_diagonal`` an identity between products, transposes and sums of ``BlockDiag``
               matrices over the same block range: reduced to the identity of one block for a
               general block index, which SymPy must prove entry by entry.
============== ==========================================================================
"""
from __future__ import annotations

import functools
from typing import Iterable

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker, rule
from symbolic.checks._ranges import conventional, range_problem
from symbolic.checks._rulebase import usable_facts
from symbolic.checks.algebraic import difference_zero, flatten_facts
from symbolic.checks.inequality import prove_sign, prove_sign_on
from symbolic.functions import BlockDiag, MaxOver, MinOver
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

__all__ = ["BlockDiag", "sum_ranges_zero"]

#: the longest piece of a range that is written out as explicit boundary terms
MAX_EXPLICIT_TERMS = 8


class _Mismatch(Exception):
    """The step does not have the rule's form, or a side condition was not proved."""


#: each rule's own function (step -> detail, or ``_Mismatch``), for ``blocks_auto``
_BY_NAME: dict = {}


def _named(name: str):
    """Register a rule whose mismatch becomes an inconclusive outcome naming the reason."""
    def wrap(fn):
        _BY_NAME[name] = fn
        @functools.wraps(fn)
        def run(step: Step, *, config, context) -> Outcome:
            if step.claim is None:
                return undecided(f"rule {name}", "the step has no claim")
            try:
                detail = fn(step)
            except _Mismatch as exc:
                return undecided(f"rule {name}", f"not proved: {exc}")
            return Outcome(Verdict.PROVED, (Evidence(f"rule {name}", detail),))
        return rule(name)(run)
    return wrap


def _facts(step: Step) -> list:
    """The step's facts; a sign fact about one element named by an index free in the claim
    (``x[j] >= 0``) stays about that element, never read as one about every term."""
    return usable_facts(step)


def _manifestly_nonneg(expr) -> bool:
    """A product of absolute values, even powers and factors SymPy knows are >= 0."""
    return all(isinstance(f, sympy.Abs) or f.is_nonnegative
               or (isinstance(f, sympy.Pow) and f.exp.is_even and f.base.is_extended_real)
               for f in sympy.Mul.make_args(expr))


def _nonneg(expr, facts) -> bool:
    if _manifestly_nonneg(expr):
        return True
    expr = sympy.expand(expr)
    if expr.is_number:
        return bool(expr >= 0)
    return prove_sign_on(expr, facts, cheap=True) is not None


def _integer_range(lo, hi, facts, *, at_least: int = 0) -> None:
    """Require ``lo..hi`` to be a range of integers with at least ``at_least`` terms.

    Every rule here cuts, shifts or peels ranges by SymPy's reading ``lo, lo + 1, ..., hi``,
    which is the document's (the integers between the ends) only for integer ends; a max or
    min needs a term (``at_least=1``).
    """
    problem = range_problem(lo, hi, facts, at_least=at_least)
    if problem is not None:
        raise _Mismatch(problem)


def _real_term(term) -> None:
    """Require the term of a max or min to be real: complex numbers have no order."""
    if sympy.sympify(term).is_extended_real is not True:
        raise _Mismatch(f"the term {tex(term)} is not known to be real (declare the base real=True)")


def _zero(expr, facts=()) -> bool:
    """``expr == 0`` proved: cheap rewrites first, then the algebraic strategies."""
    expr = sympy.sympify(expr)
    for rewrite in (lambda e: e, sympy.expand, _split_abs, _complex_trig):
        try:
            if sympy.expand(rewrite(expr)) == 0:
                return True
        except SoftTimeout:
            raise
        except Exception:
            continue
    try:
        return difference_zero(expr, sympy.S.Zero, facts=facts).proved
    except SoftTimeout:
        raise
    except Exception:
        return False


def _split_abs(expr):
    """``|a b| = |a| |b|`` (true for complex factors), then expanded."""
    return sympy.expand(expr.replace(
        lambda e: isinstance(e, sympy.Abs) and isinstance(e.args[0], sympy.Mul),
        lambda e: sympy.Mul(*[sympy.Abs(f) for f in sympy.Mul.make_args(e.args[0])])))


def _complex_trig(expr):
    """Real and imaginary parts written out, exponentials as trigonometry, then expanded."""
    expr = sympy.expand_complex(sympy.expand(expr))
    expr = expr.rewrite(sympy.cos).rewrite(sympy.sin) if expr.has(sympy.exp) else expr
    return sympy.trigsimp(sympy.expand(sympy.expand_trig(sympy.expand(expr))))


# ---------------------------------------------------------------------------------------
# Sums over ranges: split, merge, shift, telescope


_K = sympy.Dummy("k", integer=True)
_G_MAX = "g(\\max) = "


def _canonical_sum(s: sympy.Sum) -> tuple[sympy.Basic, sympy.Basic, sympy.Basic]:
    """``(summand in the canonical index, lo, hi)`` of a one-index sum."""
    if len(s.limits) != 1 or len(s.limits[0]) != 3:
        raise _Mismatch(f"{tex(s)} is not a sum over one index with both bounds")
    (i, lo, hi), = s.limits
    return _not_rebound(s.function, i).xreplace({i: _K}), lo, hi


def _not_rebound(term, index):
    """``term`` with every inner sum, product or max that binds ``index`` again given a fresh
    variable of its own.

    The rules rename, shift and evaluate the index with ``xreplace``, which would also rename
    the inner range's own variable (``\\sum_j x_j \\sum_{j=1}^{n} y_j`` at j = n would give
    ``\\sum_{n=1}^{n} y_n``, and ``g`` of ``max_term`` would change the inner sum's terms).
    An inner range whose ends use the outer index under its own name is refused.
    """
    from sympy.concrete.expr_with_limits import ExprWithLimits

    def rebinds(e) -> bool:
        return isinstance(e, ExprWithLimits) and index in e.variables

    def fresh(e):
        if any(index in sympy.Tuple(*lim[1:]).free_symbols for lim in e.limits):
            raise _Mismatch(f"the index {tex(index)} is bound again inside {tex(term)} and used in "
                            "the inner range's ends; rename the inner index")
        return e.xreplace({index: sympy.Dummy(index.name, **index.assumptions0)})

    return term.replace(rebinds, fresh)


def _push_into_sums(expr):
    """``c * Sum(f)`` to ``Sum(c * f)`` for c free of the index; re/im through sums."""
    expr = expr.replace(lambda e: isinstance(e, (sympy.re, sympy.im)) and isinstance(e.args[0], sympy.Sum),
                        lambda e: sympy.Sum(type(e)(e.args[0].function), *e.args[0].limits))
    out = []
    for term in sympy.Add.make_args(sympy.expand(expr)):
        sums = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.Sum)]
        if len(sums) == 1:
            s = sums[0]
            rest = term / s
            summand, lo, hi = _canonical_sum(s)
            if _K in rest.free_symbols:
                raise _Mismatch(f"a factor of {tex(term)} depends on the index")
            out.append((sympy.expand(rest * summand), lo, hi))
        elif not sums:
            if term.has(sympy.Sum):
                raise _Mismatch(f"a sum inside {tex(term)} is not a term of the claim")
            out.append((term, None, None))
        else:
            raise _Mismatch(f"a product of sums in {tex(term)}")
    return out


def _offset(index_expr) -> sympy.Integer | None:
    diff = sympy.expand(index_expr - _K)
    return diff if diff.is_Integer else None


def _shift_monomial(mono, lo, hi):
    """The monomial shifted so that its first indexed factor has offset 0, with its range."""
    indexed = sorted((a for a in mono.atoms(sympy.Indexed) if _K in a.free_symbols),
                     key=sympy.default_sort_key)
    for atom in indexed:
        offsets = [_offset(ix) for ix in atom.indices if _K in ix.free_symbols]
        if offsets and offsets[0] is not None:
            s = offsets[0]
            return sympy.expand(mono.xreplace({_K: _K - s})), sympy.expand(lo + s), sympy.expand(hi + s)
    return mono, lo, hi


def _combine_exps(expr):
    return sympy.expand(sympy.powsimp(sympy.expand(expr), combine="exp"))


def _order(points: list, facts) -> list:
    """The distinct points sorted by proved inequalities, or a mismatch."""
    distinct: list = []
    for p in points:
        if not any(sympy.expand(p - q) == 0 for q in distinct):
            distinct.append(p)

    def before(a, b) -> bool:
        return _nonneg(b - a, facts)

    ordered: list = []
    for p in distinct:
        placed = False
        for idx, q in enumerate(ordered):
            if before(p, q):
                ordered.insert(idx, p)
                placed = True
                break
            if not before(q, p):
                raise _Mismatch(f"the order of the range ends {tex(p)} and {tex(q)} is not proved")
        if not placed:
            ordered.append(p)
    return ordered


def sum_ranges_zero(expr, facts, substitutions=()) -> str:
    """Prove ``expr == 0`` by the sum_ranges normal form; the detail of the proof, or raise."""
    terms = _push_into_sums(expr)
    plain = sympy.Add(*[t for t, lo, _ in terms if lo is None])
    by_range: dict = {}
    for t, lo, hi in terms:
        if lo is None:
            continue
        _integer_range(lo, hi, facts)
        key = (sympy.expand(lo), sympy.expand(hi))
        by_range[key] = by_range.get(key, 0) + t
    notes = []
    remaining = []
    index_facts = list(facts)
    for (lo, hi), summand in by_range.items():
        summand = _combine_exps(summand)
        range_facts = index_facts + [sympy.Ge(_K, lo), sympy.Le(_K, hi)]
        nested = summand.has(sympy.Sum)
        # one product term cannot cancel by itself: it goes straight to the range matching
        # below (trying to prove it 0 would only spend the budget)
        several = isinstance(summand, sympy.Add)
        if summand == 0 or (several and nested and _nested_zero(summand, range_facts)) \
                or (several and not nested and _zero(summand, range_facts)):
            notes.append(f"the summands over {tex_range(lo, hi)} cancel for a general index")
            continue
        remaining.append((summand, lo, hi))
    residual = plain
    groups: dict = {}
    for summand, lo, hi in remaining:
        for mono in sympy.Add.make_args(summand):
            coeff, core = mono.as_coeff_Mul()
            core, slo, shi = _shift_monomial(core, lo, hi)
            groups.setdefault(core, []).append((coeff, slo, shi))
    for core, pieces in groups.items():
        points = [p for _, lo, hi in pieces for p in (lo, hi + 1)]
        cuts = _order(points, facts)

        def position(p):
            return next(idx for idx, q in enumerate(cuts) if sympy.expand(p - q) == 0)

        # a piece covers the cut interval [a, b) when it starts at or before a and ends at or
        # after b; positions in the proved order decide that exactly
        spans = [(c, position(lo), position(hi + 1)) for c, lo, hi in pieces]
        for idx, (a, b) in enumerate(zip(cuts, cuts[1:])):
            weight = sum(c for c, start, stop in spans if start <= idx and idx + 1 <= stop)
            if weight == 0:
                continue
            length = sympy.expand(b - a)
            if not (length.is_Integer and 0 <= length <= MAX_EXPLICIT_TERMS):
                raise _Mismatch(f"the terms {tex(core)} over {tex_range(a, b - 1)} do not cancel "
                                f"(coefficient {tex(weight)})")
            residual += weight * sum(core.xreplace({_K: a + t}) for t in range(int(length)))
            notes.append(f"{int(length)} boundary term(s) of {tex(core)} at $k = {latex_of(a)}$")
    residual = sympy.expand(residual)
    for old, new in substitutions:
        residual = residual.xreplace({old: new})
    if residual != 0 and not _zero(residual, facts):
        raise _Mismatch(f"after the ranges are matched the rest {tex(residual)} was not proved 0")
    return "; ".join(notes) or "the sums agree range by range"


def _nested_zero(summand, facts, depth: int = 0) -> bool:
    """A summand that holds sums itself (``S_{i+1} - S_i`` written out) proved 0 the same way."""
    if depth > 2 or not summand.has(sympy.Sum):
        return False
    inner = sympy.Dummy("i", integer=True)
    summand = summand.xreplace({_K: inner})
    facts = [f.xreplace({_K: inner}) for f in facts]
    try:
        sum_ranges_zero(summand, facts)
    except _Mismatch:
        return False
    return True


def _equalities(step: Step):
    """``Eq(name, value)`` facts whose left side is an Indexed element or a symbol (all of
    them: each replaces only the element it names, ``h[D]`` with D free included)."""
    return [(f.lhs, f.rhs) for f in flatten_facts(step.assumptions)
            if isinstance(f, sympy.Equality) and isinstance(f.lhs, (sympy.Indexed, sympy.Symbol))]


@_named("sum_ranges")
def rule_sum_ranges(step: Step) -> str:
    """An identity between sums over split, merged or shifted ranges (see the module doc)."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        raise _Mismatch("sum_ranges proves an equality")
    subs = _equalities(step)
    detail = sum_ranges_zero(claim.lhs - claim.rhs, _facts(step), subs)
    used = f"; with {', '.join(tex_relation(a, '=', b) for a, b in subs)}" if subs else ""
    return f"lhs - rhs is 0 over matched ranges: {detail}{used}"


# ---------------------------------------------------------------------------------------
# max over a union of blocks


def _max_part(expr, cls):
    """``(term in the canonical index, lo, hi)`` of a max over a range or of a single term."""
    if type(expr) is cls:
        (i, lo, hi), = expr.limits
        return _not_rebound(expr.function, i).xreplace({i: _K}), lo, hi
    return None


@_named("max_union")
def rule_max_union(step: Step) -> str:
    """The max over a range is the max of the maxima over blocks that tile it."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        raise _Mismatch("max_union proves an equality")
    facts = _facts(step)
    for whole, parts_expr in ((claim.lhs, claim.rhs), (claim.rhs, claim.lhs)):
        for cls, combine in ((MaxOver, sympy.Max), (MinOver, sympy.Min)):
            top = _max_part(whole, cls)
            if top is None or not isinstance(parts_expr, combine):
                continue
            term, lo, hi = top
            _real_term(term)
            pieces = []
            for part in parts_expr.args:
                found = _max_part(part, cls)
                if found is not None:
                    if not _zero(found[0] - term):
                        raise _Mismatch(f"{tex(part)} is not over the same term as {tex(whole)}")
                    pieces.append((found[1], found[2]))
                    continue
                matches = [ix for a in part.atoms(sympy.Indexed) for ix in a.indices]
                single = None
                for ix in matches:
                    if sympy.expand(term.xreplace({_K: ix}) - part) == 0:
                        single = ix
                        break
                if single is None:
                    raise _Mismatch(f"{tex(part)} is neither a max over a range nor a term of {tex(whole)}")
                pieces.append((single, single))
            ordered = _tile(pieces, lo, hi, facts)
            return (f"{tex(whole)} over {tex_range(lo, hi)}: the blocks {ordered} are non-empty and tile the "
                    f"range exactly, so the {cls.__name__[:3].lower()} of the union is the "
                    f"{combine.__name__.lower()} of the blocks'")
    raise _Mismatch("the claim is not MaxOver(t, range) = Max(blocks) (or MinOver/Min)")


def _tile(pieces, lo, hi, facts):
    _integer_range(lo, hi, facts, at_least=1)
    for a, b in pieces:
        _integer_range(a, b, facts, at_least=1)
    remaining = list(pieces)
    at, ordered = lo, []
    while remaining:
        nxt = next((p for p in remaining if sympy.expand(p[0] - at) == 0), None)
        if nxt is None:
            raise _Mismatch(f"no block starts at {tex(at)}")
        remaining.remove(nxt)
        ordered.append(tex_range(nxt[0], nxt[1]))
        at = sympy.expand(nxt[1] + 1)
    if sympy.expand(at - hi - 1) != 0:
        raise _Mismatch(f"the blocks end at {tex(at - 1)}, not at {tex(hi)}")
    return "; ".join(ordered)


# ---------------------------------------------------------------------------------------
# Triangle inequality and max times a sum


def _order_sides(step: Step):
    claim = step.claim
    if claim.relation is Relation.LE:
        return claim.lhs, claim.rhs
    if claim.relation is Relation.GE:
        return claim.rhs, claim.lhs
    raise _Mismatch("the rule proves a non-strict inequality small <= large")


@_named("triangle")
def rule_triangle(step: Step) -> str:
    """``|Sum(f)| <= Sum(|f|)`` over a range with hi - lo + 1 >= 0."""
    small, large = _order_sides(step)
    facts = _facts(step)
    s = _abs_of_sum(small)
    if s is None:
        raise _Mismatch("the smaller side is not the absolute value of a sum")
    f, lo, hi = _canonical_sum(s)
    _integer_range(lo, hi, facts)
    (i, _, _), = s.limits
    target = sympy.Sum(sympy.Abs(f.xreplace({_K: i})), (i, lo, hi))
    if large == target or _same_sum(large, target, facts):
        return (f"{tex(sympy.Abs(sympy.Sum(f.xreplace({_K: i}), (i, lo, hi))))} is at most the sum of the absolute "
                "values (triangle inequality; the range is not reversed)")
    raise _Mismatch(f"the larger side is not shown equal to {tex(target)}")


def _abs_of_sum(expr):
    """The sum S when ``expr`` is ``|S|``: ``Abs(S)``, or SymPy's form ``sqrt(conj(S) * S)``."""
    if isinstance(expr, sympy.Abs) and isinstance(expr.args[0], sympy.Sum):
        return expr.args[0]
    if isinstance(expr, sympy.Pow) and expr.exp == sympy.S.Half and isinstance(expr.base, sympy.Mul):
        factors = sympy.Mul.make_args(expr.base)
        if len(factors) == 2 and all(isinstance(f, sympy.Sum) for f in factors):
            a, b = factors
            for s, other in ((a, b), (b, a)):
                conj = sympy.conjugate(s)
                # SymPy's doit reads a reversed inner range by Karr's convention, not as empty
                if conj == other or sympy.expand(conventional(conj).doit() - conventional(other).doit()) == 0:
                    return s
    return None


def _same_sum(a, b, facts) -> bool:
    if isinstance(a, sympy.Sum) and isinstance(b, sympy.Sum):
        fa, la, ha = _canonical_sum(a)
        fb, lb, hb = _canonical_sum(b)
        if sympy.expand(la - lb) == 0 and sympy.expand(ha - hb) == 0:
            return _zero(fa - fb, facts)
    try:
        # an inner sum over a reversed range (1..i-3 at i = 1) is empty, not SymPy's Karr value
        done = conventional(b, facts).doit()
    except SoftTimeout:
        raise
    except Exception:
        return False
    return not done.has(sympy.Sum) and _zero(sympy.simplify(done) - a, facts)


@_named("max_factor")
def rule_max_factor(step: Step) -> str:
    """``Sum(a_i b_i) <= MaxOver(a) Sum(b_i)`` for b_i >= 0 over a non-empty range."""
    small, large = _order_sides(step)
    facts = _facts(step)
    if not isinstance(small, sympy.Sum):
        raise _Mismatch("the smaller side is not a sum")
    f, lo, hi = _canonical_sum(small)
    factors = sympy.Mul.make_args(large)
    maxima = [m for m in factors if type(m) is MaxOver]
    sums = [s for s in factors if isinstance(s, sympy.Sum)]
    if len(maxima) != 1 or len(sums) != 1 or len(factors) != 2:
        raise _Mismatch("the larger side is not a max times a sum")
    a, alo, ahi = _max_part(maxima[0], MaxOver)
    b, blo, bhi = _canonical_sum(sums[0])
    for x, y in ((alo, lo), (ahi, hi), (blo, lo), (bhi, hi)):
        if sympy.expand(x - y) != 0:
            raise _Mismatch("the max, the sum and the left side are not over one range")
    if not _zero(f - a * b, facts):
        raise _Mismatch(f"the summand {tex(f)} is not {tex(sympy.Mul(a, b, evaluate=False))}")
    _real_term(a)
    _integer_range(lo, hi, facts, at_least=1)
    range_facts = facts + [sympy.Ge(_K, lo), sympy.Le(_K, hi)]
    if prove_sign(b) is None and not _nonneg(b, range_facts):
        raise _Mismatch(f"{tex_relation(b, 'ge', 0)} is not proved")
    return (f"each term ${latex_of(a)} \\cdot {latex_of(b)} \\le (\\max {latex_of(a)}) \\cdot {latex_of(b)}$ "
            f"as {tex_relation(b, 'ge', 0)}; summed over the non-empty range {tex_range(lo, hi)}")


@_named("max_term")
def rule_max_term(step: Step) -> str:
    """``g(max t) <= Sum(g(t_i))``: the term at the maximum, the others being >= 0."""
    small, large = _order_sides(step)
    facts = _facts(step)
    if not isinstance(large, sympy.Sum):
        raise _Mismatch("the larger side is not a sum")
    f, lo, hi = _canonical_sum(large)
    maxima = [m for m in sympy.preorder_traversal(sympy.Tuple(small, f)) if type(m) is MaxOver]
    u = sympy.Dummy("u", real=True)
    for m in maxima:
        t, mlo, mhi = _max_part(m, MaxOver)
        if sympy.expand(mlo - lo) != 0 or sympy.expand(mhi - hi) != 0:
            continue
        g = f.xreplace({t: u}) if t != _K else None
        if g is None or _K in g.free_symbols:
            continue
        if not _zero(g.xreplace({u: m}) - small, facts):
            continue
        _real_term(t)
        _integer_range(lo, hi, facts, at_least=1)
        range_facts = facts + [sympy.Ge(_K, lo), sympy.Le(_K, hi)]
        if prove_sign(f) is None and not _nonneg(f, range_facts):
            raise _Mismatch(f"the terms {tex(f)} are not proved $\\ge 0$")
        return (f"the max {tex(m)} is attained at one index of {tex_range(lo, hi)}; the sum contains "
                f"that term, {tex(small, _G_MAX)}, and the other terms {tex(f)} are $\\ge 0$")
    raise _Mismatch("the smaller side is not g(MaxOver(t)) for the summand g(t_i) over the same range")


# ---------------------------------------------------------------------------------------
# Block-diagonal matrices of a symbolic number of blocks


def _blocks_of(expr, i, limits):
    """The explicit block (in the index ``i``) of a block-diagonal expression, or a mismatch."""
    from sympy.matrices.expressions import MatAdd, MatMul, Transpose, Identity
    if isinstance(expr, BlockDiag):
        j, lo, hi = expr.limits
        if sympy.expand(lo - limits[1]) != 0 or sympy.expand(hi - limits[2]) != 0:
            raise _Mismatch("block-diagonal matrices over different block ranges")
        return expr.block.xreplace({j: i})
    if isinstance(expr, Transpose):
        return _blocks_of(expr.arg, i, limits).T
    if isinstance(expr, MatMul):
        coeff, factors = expr.as_coeff_matrices()
        out = None
        for factor in factors:
            b = _blocks_of(factor, i, limits)
            if out is not None and out.cols != b.rows:
                raise _Mismatch("blocks of incompatible shapes")
            out = b if out is None else out * b
        return sympy.ImmutableMatrix(coeff * out)
    if isinstance(expr, MatAdd):
        parts = [_blocks_of(a, i, limits) for a in expr.args]
        return sympy.ImmutableMatrix(functools.reduce(lambda a, b: a + b, parts))
    if isinstance(expr, Identity):
        raise _Mismatch("write the identity as BlockDiag(eye(k), range) so its blocks are known")
    raise _Mismatch(f"{type(expr).__name__} is not a block-diagonal expression")


@_named("block_diagonal")
def rule_block_diagonal(step: Step) -> str:
    """An identity of block-diagonal expressions, proved block by block for a general index."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        raise _Mismatch("block_diagonal proves an equality")
    found = [a for a in sympy.preorder_traversal(sympy.Tuple(claim.lhs, claim.rhs))
             if isinstance(a, BlockDiag)]
    if not found:
        raise _Mismatch("no BlockDiag in the claim")
    _, lo, hi = found[0].limits
    i = sympy.Dummy("i", integer=True)
    limits = (i, lo, hi)
    left, right = _blocks_of(claim.lhs, i, limits), _blocks_of(claim.rhs, i, limits)
    if left.shape != right.shape:
        raise _Mismatch(f"blocks of shapes {left.shape} and {right.shape}")
    facts = _facts(step) + [sympy.Ge(i, lo), sympy.Le(i, hi)]
    for entry in (left - right):
        if not _zero(entry, facts):
            raise _Mismatch(f"the block entry {tex(entry)} was not proved 0")
    return (f"both sides are block-diagonal over {tex_range(lo, hi)} with ${left.rows} \\times {left.cols}$ blocks; "
            f"the blocks agree for a general block index (every entry proved equal)")


# ---------------------------------------------------------------------------------------
# The same rules on claims that name none

#: rules for a non-strict inequality; each rejects a claim of another shape at once
ORDER_RULES = ("triangle", "max_factor", "max_term")
#: rules for an equality, the structural ones first (``sum_ranges`` may spend its budget)
EQUALITY_RULES = ("max_union", "block_diagonal", "sum_ranges")


def fitting_rules(step: Step) -> tuple[str, ...]:
    """The rules whose form the claim may have, judged by the objects it contains."""
    claim = step.claim
    sides = sympy.Tuple(claim.lhs, claim.rhs)
    if claim.relation in (Relation.LE, Relation.GE):
        return ORDER_RULES if sides.has(sympy.Sum) else ()
    if claim.relation is not Relation.EQ:
        return ()
    fits = {"max_union": sides.has(MaxOver, MinOver) and sides.has(sympy.Max, sympy.Min),
            "block_diagonal": sides.has(BlockDiag), "sum_ranges": sides.has(sympy.Sum)}
    return tuple(name for name in EQUALITY_RULES if fits[name])


def _general_size(expr) -> bool:
    """Whether a sum, max, min or block-diagonal matrix of ``expr`` has a range end that is not
    a number: the rules are about a general number of terms; over fixed ranges (``\\sum_{i=0}^{3}``)
    the other checkers evaluate the terms, and ``sum_ranges`` would only spend their budget."""
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Sum, MaxOver, MinOver, BlockDiag)):
            limits = node.limits
            # BlockDiag's limits are one (i, lo, hi); a sum's, one such triple per index
            for limit in (limits,) if isinstance(node, BlockDiag) else limits:
                if len(limit) == 3 and (limit[1].free_symbols or limit[2].free_symbols):
                    return True
    return False


def _auto_applies(step: Step) -> bool:
    claim = step.claim
    return (step.rule is None and claim is not None
            and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION)
            and claim.relation in (Relation.EQ, Relation.LE, Relation.GE)
            and sympy.Tuple(claim.lhs, claim.rhs).has(sympy.Sum, MaxOver, MinOver, BlockDiag)
            and _general_size(sympy.Tuple(claim.lhs, claim.rhs)))


@checker("blocks_auto", cost=Cost.PROVE, applies=_auto_applies)
def check_blocks_auto(step: Step, *, config, context) -> Outcome | None:
    """Prove a claim over a general number of terms by the blocks rule that its form fits.

    A claim typed into ``stepcheck check`` names no rule; this tries each rule of this module
    whose form the claim may have and concludes ``proved`` with the first one that proves it.
    Each rule checks its own form and proves its own side conditions, so a claim that no rule
    fits, or whose side conditions are not proved, stays inconclusive with every rule's reason.
    """
    names = fitting_rules(step)
    if not names:
        return None
    reasons = []
    for name in names:
        try:
            detail = _BY_NAME[name](step)
        except _Mismatch as exc:
            reasons.append(f"{name}: {exc}")
            continue
        return Outcome(Verdict.PROVED, (Evidence("blocks_auto", f"rule {name}: {detail}"),))
    return undecided("blocks_auto", "no rule over ranges fits: " + "; ".join(reasons))
