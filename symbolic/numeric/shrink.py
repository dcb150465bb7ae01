"""Counterexamples made small and simple: shrink a certified failing point toward small
integers and simple rationals, keeping every assumption, and certify the point again.

A sampled counterexample is wherever the sampler happened to land (``x[1] = -1.3107``,
``n = 21`` with 21 random entries); a reader checks ``x = 1`` by hand. As hypothesis does,
each coordinate in turn is replaced by simpler values (0, 1, -1, 2, -2, 1/2, -1/2, ...,
its integer part, fractions with small denominators, powers of ten), then moved halfway,
a quarter, ... of the way toward 0; a replacement is kept only when the point still meets
every stated assumption *and* the claim still certainly fails there. "Simpler" is the
height of a rational, ``max(|p|, q)`` for ``p/q``, so every kept step makes the point
strictly simpler and the search ends. The work is counted in attempts, not seconds, so the
same claim shrinks to the same point on every machine.

>>> from fractions import Fraction
>>> from symbolic.numeric.sampling import ValueKind
>>> fails = lambda p: p['x'] > 3                       # the claim x <= 3, say
>>> shrink_point({'x': Fraction(13107, 1000)}, fails, {'x': ValueKind()}).values
{'x': Fraction(4, 1)}
>>> positive = ValueKind(sign='pos')                   # x > 0 stated: never 0 or below
>>> shrink_point({'x': Fraction(-7, 3)}, lambda p: p['x'] != 5, {'x': ValueKind()}).values
{'x': Fraction(0, 1)}
>>> shrink_point({'x': Fraction(7, 3)}, lambda p: p['x'] != 5, {'x': positive}).values
{'x': Fraction(1, 1)}
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Mapping

from symbolic.numeric.backends import Gaussian

SHRINK_ATTEMPTS = 300  # trial points per counterexample (counted, so the result is the same everywhere)
SHRINK_TERMS = 30_000  # at large sizes: trial points times terms per point (sum over n terms)
SHRINK_LEAST = 24  # trial points even at the largest sizes (enough to bisect n = 10^6)
SHRINK_DPS_FACTOR = 2  # a trial point's balls go up to this many times the run's digits

_SIMPLE = tuple(Fraction(v) for v in (0, 1, -1, 2, -2, "1/2", "-1/2", 3, -3, 4, -4, 5, -5,
                                      "1/3", "-1/3", "1/4", "-1/4", "3/2", "-3/2", 10, -10))
_DENOMINATORS = (2, 3, 4, 5, 8, 10, 16, 100, 1000)


@dataclass(frozen=True)
class Shrunk:
    """A shrunk point: its ``values``, how many trial points it took (``attempts``), and
    whether any coordinate changed (``changed``)."""

    values: dict
    attempts: int
    changed: bool


def height(value) -> int:
    """How complicated an exact value looks: ``max(|p|, q)`` for ``p/q`` (0 and 1 are
    simplest; 1/2 and 2 next), the sum of both parts' heights for a complex value."""
    if isinstance(value, Gaussian):
        return height(value.re) + height(value.im)
    v = Fraction(value)
    return max(abs(v.numerator), v.denominator)


def _order(value) -> tuple:
    """Sort key of candidates: simplest first, positive before negative."""
    if isinstance(value, Gaussian):
        return (height(value), _order(value.re), _order(value.im))
    v = Fraction(value)
    return (height(v), v.denominator, v < 0, abs(v))


def admissible(value, kind) -> bool:
    """Whether ``value`` is of the declared kind of its coordinate: integer (and parity),
    sign (positive, nonnegative, negative, nonpositive, nonzero), real or complex."""
    if isinstance(value, Gaussian):
        if not kind.complex:
            return False
        return kind.sign != "nonzero" or bool(value.re or value.im)
    v = Fraction(value)
    if kind.integer and v.denominator != 1:
        return False
    if kind.parity is not None and v % 2 != kind.parity:
        return False
    return {"pos": v > 0, "nonneg": v >= 0, "neg": v < 0, "nonpos": v <= 0,
            "nonzero": v != 0}.get(kind.sign, True)


def _toward_zero(v: Fraction) -> Iterator[Fraction]:
    """Points between ``v`` and 0: v/2, 3v/4, 7v/8, ... (an integer ``v`` is bisected
    instead, see ``_bisect``)."""
    gap = v / 2
    for _ in range(8):
        yield v - gap
        gap /= 2


def _bisect(point: dict, key, kind, fails: Callable, budget: int) -> tuple[dict, int]:
    """An integer coordinate moved toward 0 by bisection between a value that does not fail
    (0's side) and one that does: log2|v| trials, where stepping one at a time could take
    |v| (ln sum_j e^x_j <= max_j x_j + 10 fails from n = 22027 on, first seen at 30000)."""
    v = point[key]
    sign = 1 if v > 0 else -1
    low, high = 0, abs(v.numerator)  # |value|: low is not known to fail, high fails
    tried = 0
    while high - low > 1 and tried < budget:
        middle = (low + high) // 2
        if kind.parity is not None and (sign * middle) % 2 != kind.parity:
            middle += 1
            if middle >= high:
                break
        candidate = Fraction(sign * middle)
        if not admissible(candidate, kind):
            low = middle
            continue
        tried += 1
        trial = dict(point)
        trial[key] = candidate
        kept = fails(trial)
        if kept:
            point, high = (kept if isinstance(kept, dict) else trial), middle
        else:
            low = middle
    return point, tried


def _real_candidates(v: Fraction) -> Iterator[Fraction]:
    yield from _SIMPLE
    whole = Fraction(int(v))  # toward 0
    yield from (whole, whole + (1 if v > 0 else -1))
    for denominator in _DENOMINATORS:
        yield v.limit_denominator(denominator)
    if v:
        sign = 1 if v > 0 else -1
        for k in range(1, 31):
            yield Fraction(sign * 10**k)
            yield Fraction(sign, 10**k)
    if v.denominator != 1:
        yield from _toward_zero(v)


def candidates(value, kind) -> list:
    """Values to try in place of ``value``, simplest first: only those strictly simpler
    (lower ``height``; at equal height 0 before 1, positive before negative) and of the
    coordinate's declared kind."""
    if isinstance(value, Gaussian):
        found = [Gaussian(c, value.im) for c in _real_candidates(value.re)]
        found += [Gaussian(value.re, c) for c in _real_candidates(value.im)]
    else:
        found = list(_real_candidates(Fraction(value)))
    limit = _order(value)
    unique = {_hashable(c): c for c in found if _order(c) < limit and admissible(c, kind)}
    return sorted(unique.values(), key=_order)


def _hashable(value):
    return (value.re, value.im) if isinstance(value, Gaussian) else value


def shrink_point(values: Mapping, fails: Callable[[dict], bool], kinds: Mapping, *,
                 order: Callable | None = None, attempts: int = SHRINK_ATTEMPTS) -> Shrunk:
    """Shrink a failing point coordinate by coordinate.

    ``fails(point)`` must say True only where the point meets every assumption and the claim
    certainly fails there (it is the certificate; a trial it rejects is dropped). ``kinds``
    maps each coordinate to shrink to its ``ValueKind`` (coordinates without one keep their
    value). ``order`` sorts the coordinates (sizes first, so that fewer entries remain). At
    most ``attempts`` trial points are judged.
    """
    current = dict(values)
    keys = [k for k in values if k in kinds]
    if order is not None:
        keys.sort(key=order)
    tried = 0
    changed = True
    any_change = False
    while changed and tried < attempts:
        changed = False
        for key in keys:
            if key not in current:
                continue  # an entry that a smaller size no longer uses
            rejected: set = set()  # within this coordinate's turn a rejection stays one
            moved = True
            while moved and tried < attempts:
                moved = False
                for candidate in candidates(current[key], kinds[key]):
                    if tried >= attempts:
                        break
                    if _hashable(candidate) in rejected:
                        continue
                    tried += 1
                    trial = dict(current)
                    trial[key] = candidate
                    kept = fails(trial)
                    if kept:
                        # ``fails`` may return the point it certified (used entries only)
                        current = kept if isinstance(kept, dict) else trial
                        moved = changed = any_change = True
                        break
                    rejected.add(_hashable(candidate))
            value = current.get(key)
            if isinstance(value, Fraction) and value.denominator == 1 and abs(value) > 1:
                bisected, spent = _bisect(current, key, kinds[key], fails, attempts - tried)
                tried += spent
                if bisected[key] != value:
                    current, changed, any_change = bisected, True, True
    return Shrunk(current, tried, any_change)


class _Used(dict):
    """A point that remembers which coordinates an evaluation read (so that entries a
    smaller size no longer reaches are dropped from the counterexample)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read: set = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)


def _coordinate_kind(key, value, run):
    from symbolic.numeric.sampling import ValueKind, _kind_of
    if isinstance(key, tuple):
        kind = run.ikinds.get(key[0], ValueKind())
    else:
        kind = _kind_of(key)
    if isinstance(value, Gaussian) and not kind.complex:
        kind = ValueKind(kind.integer, kind.sign, True, kind.parity)
    return kind


def shrink_refutation(run) -> int:
    """Replace a judging run's certified counterexample by the simplest point found near
    it that still meets every assumption and still certainly fails; the number of
    coordinates changed (0: the point stays as found).

    ``run`` is ``symbolic.numeric.judge._Run``. A point identified exactly (an irrational
    touching point, a pole) or judged in closed form at a far size is left as it is.
    """
    from symbolic.numeric.backends import NotEvaluable, OutOfDomain
    from symbolic.numeric.certify import Certainty, certify
    from symbolic.numeric.compile import Env
    from symbolic.numeric.evaluate import Status, judge_point
    from symbolic.numeric.sampling import Sample

    if not run.refuted or run.exact_point is not None or run.pole_point is not None:
        return 0
    sample, _ = run.refuted
    values = dict(sample.values)
    if not values:
        return 0
    if any(isinstance(k, tuple) and not all(_is_int(i) for i in k[1]) for k in values):
        return _shrink_far_size(run, values)
    try:
        kinds = {k: _coordinate_kind(k, v, run) for k, v in values.items()
                 if isinstance(v, (Fraction, Gaussian))}
    except NotEvaluable:
        return 0
    judged: dict = {}
    cap = min(run._cap(sample), max(run.dps, SHRINK_DPS_FACTOR * run.dps))

    def fails(point: dict):
        if not run._domain_certain(Sample(point, None)):
            return False
        used = _Used(point)
        try:
            j = judge_point(run.fl, run.fr, run.relation, Env(used, None),
                            complex_=not run.real, dps=run.dps, max_dps=cap)
        except (OutOfDomain, NotEvaluable, ArithmeticError, ValueError, TypeError):
            return False
        if j.status is not Status.FAILS:
            return False
        kept = {k: v for k, v in point.items() if not isinstance(k, tuple) or k in used.read}
        judged[_key(kept)] = j
        return kept

    def order(key):
        if key in run.fixed:
            return (0, str(key), ())
        if isinstance(key, tuple):
            return (2, str(key[0]), tuple(int(i) for i in key[1]))
        return (1, str(key), ())

    # a trial costs the size in terms: fewer trials at large sizes (counted, not timed)
    weight = math.prod(max(abs(int(v)), 1) for k, v in values.items() if k in run.fixed)
    attempts = min(SHRINK_ATTEMPTS, max(SHRINK_LEAST, SHRINK_TERMS // weight))
    shrunk = shrink_point(values, fails, kinds, order=order, attempts=attempts)
    if not shrunk.changed:
        return 0
    j = judged[_key(shrunk.values)]
    if not j.undefined and certify(run.lhs, run.rhs, run.relation, shrunk.values,
                                   dps=run.dps) is not Certainty.FAILS:
        return 0  # the certificate of record disagrees: keep the point first found
    run.refuted = (Sample(shrunk.values, None), j)
    return sum(1 for k, v in shrunk.values.items() if values.get(k) != v) + \
        sum(1 for k in values if k not in shrunk.values)


def _key(point: Mapping) -> tuple:
    return tuple(sorted((str(k), str(v)) for k, v in point.items()))


def _is_int(index) -> bool:
    return isinstance(index, int) or getattr(index, "is_Integer", False) or \
        isinstance(index, Fraction) and index.denominator == 1


def _shrink_far_size(run, values: dict) -> int:
    """A failure at a far size with every entry equal (x[j] = c at n = 3*10^4), judged in
    closed form: bisect the size down, judging the closed form at each trial size."""
    from symbolic.numeric.backends import NotEvaluable, OutOfDomain
    from symbolic.numeric.certify import Certainty, certify
    from symbolic.numeric.compile import Env, compile_expr
    from symbolic.numeric.evaluate import Status, judge_point
    from symbolic.numeric.sampling import Sample, _kind_of

    sides = getattr(run, "far_sides", None)
    sizes = [k for k in values if k in run.fixed]
    if sides is None or len(sizes) != 1:
        return 0
    n = sizes[0]
    facts = [f for f in run.facts if f.expr.free_symbols <= {n}]
    fl, fr = compile_expr(sides[0]), compile_expr(sides[1])
    judged: dict = {}

    def fails(point: dict):
        size = {n: point[n]}
        if not all(certify(f.expr.lhs, f.expr.rhs, f.relation, size, dps=run.dps)
                   is Certainty.HOLDS for f in facts):
            return False
        try:
            j = judge_point(fl, fr, run.relation, Env(dict(size)), complex_=not run.real,
                            dps=run.dps)
        except (OutOfDomain, NotEvaluable, ArithmeticError, ValueError, TypeError):
            return False
        if j.status is not Status.FAILS or j.undefined:
            return False
        judged[point[n]] = j
        return point

    shrunk = shrink_point(values, fails, {n: _kind_of(n)})
    if not shrunk.changed:
        return 0
    size = shrunk.values[n]
    if certify(sides[0], sides[1], run.relation, {n: size}, dps=run.dps) is not Certainty.FAILS:
        return 0
    run.refuted = (Sample(shrunk.values, None), judged[size])
    return 1


def shrink_in_ranges(values: Mapping, fails: Callable[[dict], bool], ranges) -> dict:
    """A failing point of an approximation's regime moved toward small, simple values,
    each ranged coordinate kept inside its stated range ``(symbol, lo, hi)`` (an integer
    symbol on integers); coordinates without a range (drawn from a distribution, or fixed
    by a stated point) keep their values. ``fails`` certifies a trial point.

    >>> import sympy
    >>> n = sympy.Symbol('n', integer=True, positive=True)
    >>> shrink_in_ranges({n: Fraction(4096)}, lambda p: True, [(n, 4, 4096)])
    {n: Fraction(4, 1)}
    """
    from symbolic.numeric.sampling import ValueKind

    bounds = {sym: (Fraction(str(lo)), Fraction(str(hi))) for sym, lo, hi in ranges
              if sym in values and isinstance(values[sym], Fraction)}
    kinds = {s: ValueKind(integer=bool(s.is_integer)) for s in bounds}

    def inside(point: dict) -> bool:
        if any(not lo <= point[s] <= hi for s, (lo, hi) in bounds.items()):
            return False
        return bool(fails(point))

    return shrink_point(values, inside, kinds).values
