"""Approximations (``\\approx``, ``\\gg``, ``\\ll``): measure the error over the stated regime.

An approximate claim is judged against its ``Regime`` (the parameter ranges, explicit
points and distributions it is meant for) and its tolerance: a relative error of at most
5% by default (absolute when the regime says so), a ratio of at least 100 for ``\\gg`` and
``\\ll``. Within tolerance at every measured point gives ``approximate`` with the largest
and median errors and which side bounds the other; a point where the error certainly
exceeds the tolerance (certified with interval or ball arithmetic) gives ``refuted``.
"""
from __future__ import annotations

import itertools
import random
import statistics
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

import mpmath
import sympy

from symbolic import numeric
from symbolic.budget import SoftTimeout, cpu_seconds, soft_remaining
from symbolic.checks import Cost, checker
from symbolic.checks.numeric import with_definitions
from symbolic.model import Evidence, Outcome, Regime, Relation, Step, Verdict
from symbolic.numeric import NotEvaluable, OutOfDomain
from symbolic.numeric.text import latex_of, tex

_RELATIONS = (Relation.APPROX, Relation.GG, Relation.LL)
METHOD = "approx_measure"


def _applies(step: Step) -> bool:
    return step.claim is not None and step.claim.relation in _RELATIONS


@checker(METHOD, cost=Cost.MEASURE, applies=_applies)
def approx_measure(step: Step, *, config, context) -> Outcome:
    """Measure an approximate claim over its regime and compare with its tolerance."""
    claim = step.claim
    lhs, rhs, note = with_definitions(step, context)
    try:
        outcome = measure(lhs, claim.relation, rhs, claim.regime, step.assumptions,
                          dps=config.dps, samples=config.samples, seed=config.seed,
                          time_budget=safety_net(config))
    except NotEvaluable as exc:
        return _undecided(f"cannot measure: {exc}{note}")
    if not note:
        return outcome
    (first, *rest) = outcome.evidence
    return Outcome(outcome.verdict, (Evidence(first.method, first.detail + note), *rest),
                   outcome.counterexample)


def safety_net(config) -> float:
    """CPU seconds after which a measurement is a timeout: most of what is left of the
    step's budget (this tier decides an approximate step; no numeric tier runs beside it),
    far above the cost of its counted points, so that only a stalled or starved run hits it."""
    budget = 0.8 * config.timeout_s
    remaining = soft_remaining()
    return max(min(budget, 0.9 * remaining) if remaining else budget, 0.05)


def _undecided(detail: str) -> Outcome:
    return Outcome(Verdict.INCONCLUSIVE, (Evidence(METHOD, detail),))


# ---------------------------------------------------------------------------------------
# the points of a regime


_DISTRIBUTIONS: dict[str, Callable[..., Callable[[random.Random], Fraction]]] = {
    "normal": lambda mu, sigma: lambda rng: numeric.round_decimal(rng.gauss(mu, sigma), 8),
    "uniform": lambda lo, hi: lambda rng: numeric.round_decimal(rng.uniform(lo, hi), 8),
    "lognormal": lambda mu, sigma: lambda rng: numeric.round_decimal(rng.lognormvariate(mu, sigma), 8),
}


def _distribution(entry) -> tuple[Any, str, Callable]:
    target, name, *params = entry
    maker = _DISTRIBUTIONS.get(str(name))
    if maker is None:
        raise NotEvaluable(f"distribution {name!r} of {tex(target)} is not known; use one of "
                           f"{', '.join(sorted(_DISTRIBUTIONS))}")
    return target, str(name), maker(*(float(p) for p in params))


def _grid(symbol, lo, hi, count: int) -> list[Fraction]:
    """Values of one range: integers on a log grid with both ends; reals on a linear grid
    with both ends, plus a log grid when the range spans two decades or more."""
    lo, hi = numeric.to_exact(lo), numeric.to_exact(hi)
    if hi < lo:
        raise NotEvaluable(f"the range of {tex(symbol)} runs from {tex(lo)} down to {tex(hi)}; swap the ends")
    if symbol.is_integer:
        if lo.denominator != 1 or hi.denominator != 1:
            raise NotEvaluable(f"integer {tex(symbol)} has a range with non-integer ends {tex(lo)}, {tex(hi)}")
        if hi - lo + 1 <= count:
            return [Fraction(v) for v in range(int(lo), int(hi) + 1)]
        if lo > 0:
            ratio = float(hi) / float(lo)
            values = {int(round(float(lo) * ratio ** (k / (count - 1)))) for k in range(count)}
        else:
            values = {int(lo + (hi - lo) * k // (count - 1)) for k in range(count)}
        return sorted(Fraction(v) for v in values | {int(lo), int(hi)})
    if count <= 1 or lo == hi:
        return [lo]
    linear = [lo + (hi - lo) * k / (count - 1) for k in range(count)]
    values = {numeric.round_decimal(float(v), 10) for v in linear[1:-1]} | {lo, hi}
    if lo > 0 and hi / lo >= 100:
        ratio = float(hi / lo)
        values |= {numeric.round_decimal(float(lo) * ratio ** (k / (count - 1)), 10)
                   for k in range(1, count - 1)}
    return sorted(v for v in values if lo <= v <= hi)


@dataclass(frozen=True)
class _Points:
    """The measured points of a regime and a one-line description of it."""

    samples: list
    description: str


def regime_points(regime: Regime, exprs: Sequence, facts=(), *, count: int, seed: int) -> _Points:
    """Points for measuring ``exprs`` over a regime; raises NotEvaluable naming any free
    symbol or indexed quantity the regime does not cover."""
    needed = numeric.variables(*exprs)
    labels = {str(i.base.label) for e in exprs for i in e.atoms(sympy.Indexed)}
    dists = [_distribution(d) for d in regime.distributions]
    dist_labels = {str(t.label) if isinstance(t, sympy.IndexedBase) else str(t): (n, f, t)
                   for t, n, f in dists}
    ranges = {sym: _grid(sym, lo, hi, count) for sym, lo, hi in regime.ranges}
    explicit = [dict((s, numeric.to_exact(v)) for s, v in point) for point in regime.points]
    covered = set(ranges) | {s for p in explicit for s in p}
    plain_dists = {t for t, _, _ in dists if isinstance(t, sympy.Symbol)}
    missing = [s for s in needed if s not in covered and s not in plain_dists]
    missing += sorted(l for l in labels if l not in dist_labels)
    if missing:
        raise NotEvaluable(f"the regime says nothing about {', '.join(map(tex, missing))}; "
                           f"give it a range, a point or a distribution")
    rng = random.Random(seed)
    base_points = _combine(ranges, count, rng)
    for point in explicit:
        full = {s: point.get(s, grid[len(grid) // 2]) for s, grid in ranges.items()}
        full.update(point)
        base_points.append(full)
    if not base_points:
        base_points = [{}]
    facts_c = numeric.compile_facts(facts)
    drawers = {label: f for label, (n, f, t) in dist_labels.items()}
    samples = []
    for i, point in enumerate(base_points):
        draw_rng = random.Random(f"{seed}/regime/{i}")
        values = dict(point)
        for t in plain_dists:
            values[t] = dict((str(tt), ff) for tt, _, ff in dists)[str(t)](draw_rng)
        if facts_c and not numeric.facts_hold(facts_c, numeric.Env(values)):
            continue
        draw = _label_drawer(drawers, draw_rng) if labels else None
        samples.append(numeric.Sample(values, draw))
    return _Points(samples, _describe(regime, ranges, dists))


def _label_drawer(drawers, rng):
    def draw(key):
        return drawers[key[0]](rng)
    return draw


def _combine(ranges: dict, count: int, rng: random.Random) -> list[dict]:
    if not ranges:
        return []
    symbols = sorted(ranges, key=str)
    if len(symbols) == 1:
        s = symbols[0]
        return [{s: v} for v in ranges[s]]
    # every corner of the box, then random combinations of grid values
    points = [dict(zip(symbols, corner))
              for corner in itertools.product(*[(ranges[s][0], ranges[s][-1]) for s in symbols])]
    while len(points) < count:
        points.append({s: rng.choice(ranges[s]) for s in symbols})
    return points


def _describe(regime: Regime, ranges, dists) -> str:
    if regime.description:
        return regime.description
    parts = [f"{tex(s)} from {numeric.fraction_text(g[0])} to {numeric.fraction_text(g[-1])}"
             for s, g in ranges.items()]
    parts += [f"${latex_of(t)}_{{k}} \\sim$ {n}" if isinstance(t, sympy.IndexedBase) else f"{tex(t)[:-1]} \\sim$ {n}"
              for t, n, _ in dists]
    if regime.points:
        parts.append(f"{len(regime.points)} stated point(s)")
    return "; ".join(parts)


# ---------------------------------------------------------------------------------------
# measuring


@dataclass(frozen=True)
class _Reading:
    """One point's sides and the quantity compared with the tolerance."""

    sample: Any
    lhs: Any
    rhs: Any
    abs_error: float
    rel_error: float
    ratio: float


def measure(lhs, relation: Relation, rhs, regime: Regime | None, assumptions=(), *,
            dps: int = 50, samples: int = 60, seed: int = 0,
            time_budget: float = 20.0) -> Outcome:
    """Measure ``lhs <relation> rhs`` over ``regime`` and return the outcome.

    Every point of the regime is measured (a count); ``time_budget`` is a safety net, and
    running into it raises ``SoftTimeout`` (the pipeline's timeout, re-run alone by a
    report) rather than judging a part of the points."""
    relation = Relation(relation)
    exprs = (sympy.sympify(lhs, strict=True), sympy.sympify(rhs, strict=True))
    lhs, rhs = exprs
    fl, fr = numeric.compile_expr(lhs), numeric.compile_expr(rhs)
    if regime is None:
        if numeric.variables(*exprs) or any(e.atoms(sympy.Indexed) for e in exprs):
            return _undecided("no regime stated: an approximation is judged over the parameter "
                              "values it is meant for; give the claim a Regime")
        regime = Regime()
    tolerance = regime.tolerance_for(relation)
    points = regime_points(regime, exprs, assumptions, count=regime.samples or samples, seed=seed)
    real = numeric.is_real_claim(exprs, points.samples)
    readings, outside = [], 0
    deadline = cpu_seconds() + time_budget
    for sample in points.samples:
        if cpu_seconds() > deadline:
            break
        try:
            readings.append(_read(fl, fr, sample, dps, real))
        except OutOfDomain:
            outside += 1
    if cpu_seconds() > deadline:
        # the points are counted; the clock is a safety net: a partial measurement would
        # make the verdict depend on the machine's speed, so it is a timeout (re-run alone)
        raise SoftTimeout(f"the safety net of {time_budget:g} s ran out before the "
                          f"{len(points.samples)} points of the regime were measured")
    if not readings:
        return _undecided(f"no point of the regime ({points.description}) could be evaluated")
    return _judge(lhs, rhs, relation, regime, tolerance, readings, outside, points, dps,
                  facts=assumptions, real=real)


def _read(fl, fr, sample, dps, real) -> _Reading:
    sides = numeric.Sides(fl, fr, sample.env(), real)
    e = sides.at(dps)
    ctx = sides.ctx
    with ctx.workdps(dps):
        a, b = e.lhs, e.rhs
        err = abs(a - b)
        rel = err / abs(a) if a != 0 else (ctx.zero if err == 0 else ctx.inf)
        try:
            ratio = ctx.re(a / b) if b != 0 else ctx.inf
        except ZeroDivisionError:
            ratio = ctx.inf
    return _Reading(sample, a, b, float(err), float(rel), float(ratio))


def _judge(lhs, rhs, relation, regime, tolerance, readings, outside, points, dps, *,
           facts=(), real=True) -> Outcome:
    if relation is Relation.APPROX:
        key = (lambda r: r.abs_error) if regime.absolute else (lambda r: r.rel_error)
        bad = sorted((r for r in readings if key(r) > tolerance), key=key, reverse=True)
        tol = sympy.Rational(str(tolerance))
        if regime.absolute:
            test = (sympy.Abs(lhs - rhs), tol, Relation.LE)
        else:
            test = (sympy.Abs(lhs - rhs), tol * sympy.Abs(lhs), Relation.LE)
        summary = _error_summary(readings, regime.absolute, tolerance)
    else:
        ratio_expr = lhs / rhs if relation is Relation.GG else rhs / lhs
        key = (lambda r: r.ratio) if relation is Relation.GG else (lambda r: 1 / r.ratio if r.ratio else float("inf"))
        bad = sorted((r for r in readings if key(r) < tolerance), key=key)
        test = (ratio_expr, sympy.Rational(str(tolerance)), Relation.GE)
        summary = _ratio_summary(readings, key, relation, tolerance)
    where = f"over {len(readings)} point(s) of the regime ({points.description or 'a constant claim'})"
    if outside:
        where += f", {outside} outside the domain skipped"
    if not bad:
        return Outcome(Verdict.APPROXIMATE, (Evidence(METHOD, f"{where}: {summary}"),))
    for reading in bad[:5]:
        if numeric.certify(*test, reading.sample.values, dps=dps) is numeric.Certainty.FAILS:
            reading = _simplest(reading, test, regime, facts, (lhs, rhs), dps, real)
            cex = numeric.point_items(reading.sample) + (
                ("lhs", numeric.value_text(reading.lhs)), ("rhs", numeric.value_text(reading.rhs)))
            shown = numeric.items_text(cex)
            engine = "arb balls"
            return Outcome(Verdict.REFUTED, (Evidence(METHOD, f"{where}: {summary}; the "
                           f"tolerance is certainly exceeded at {shown} (certified with "
                           f"{engine})"),), counterexample=cex)
    return _undecided(f"{where}: {summary}; the tolerance appears exceeded at "
                      f"{len(bad)} point(s), but interval arithmetic could not certify it")


def _simplest(reading: _Reading, test, regime: Regime, facts, sides, dps: int, real: bool):
    """The certified failing reading moved toward small, simple values inside the regime's
    ranges, where the assumptions certainly hold and the tolerance is certainly exceeded
    (certified again); the reading itself when nothing simpler fails."""
    from symbolic.numeric.shrink import _Used, shrink_in_ranges
    facts_c = numeric.compile_facts(facts)

    def fails(point: dict) -> bool:
        return all(numeric.certify(f.expr.lhs, f.expr.rhs, f.relation, point, dps=dps)
                   is numeric.Certainty.HOLDS for f in facts_c) and \
            numeric.certify(*test, point, dps=dps) is numeric.Certainty.FAILS

    point = shrink_in_ranges(reading.sample.values, fails, regime.ranges)
    if point == reading.sample.values:
        return reading
    used = _Used(point)
    try:
        shrunk = _read(*(numeric.compile_expr(s) for s in sides), numeric.Sample(used, None),
                       dps, real)
    except (OutOfDomain, NotEvaluable):
        return reading
    kept = {k: v for k, v in point.items() if not isinstance(k, tuple) or k in used.read}
    return _Reading(numeric.Sample(kept, None), *(getattr(shrunk, f) for f in
                                                   ("lhs", "rhs", "abs_error", "rel_error", "ratio")))


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _at(reading) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in numeric.point_items(reading.sample)
                      if "[" not in k)
    return f" at {shown}" if shown else ""


def _error_summary(readings, absolute: bool, tolerance: float) -> str:
    worst_rel = max(readings, key=lambda r: r.rel_error)
    worst_abs = max(readings, key=lambda r: r.abs_error)
    rel = [r.rel_error for r in readings]
    ab = [r.abs_error for r in readings]
    kind = "absolute" if absolute else "relative (to |lhs|)"
    text = (f"largest relative error {worst_rel.rel_error:.2e}{_at(worst_rel)}, median "
            f"{_median(rel):.2e}; largest absolute error {worst_abs.abs_error:.2e}"
            f"{_at(worst_abs)}, median {_median(ab):.2e}; {_bounds(readings)}; "
            f"tolerance {tolerance:g} {kind}")
    return text


def _bounds(readings) -> str:
    below = all(r.lhs <= r.rhs for r in readings if _real(r))
    above = all(r.lhs >= r.rhs for r in readings if _real(r))
    if not all(_real(r) for r in readings):
        return "the sides are complex, so neither bounds the other"
    if below and above:
        return "lhs = rhs at every measured point"
    if below:
        return "lhs <= rhs at every measured point (the rhs bounds it from above)"
    if above:
        return "lhs >= rhs at every measured point (the rhs bounds it from below)"
    return "neither side bounds the other over the regime"


def _real(reading) -> bool:
    # _mpc: the class every context's complex type derives from (a local context's mpc is not
    # the global mpmath.mpc, so isinstance against that calls every local complex value real)
    return not isinstance(reading.lhs, mpmath.ctx_mp_python._mpc) and \
        not isinstance(reading.rhs, mpmath.ctx_mp_python._mpc)


def _ratio_summary(readings, key, relation, tolerance) -> str:
    worst = min(readings, key=key)
    values = [key(r) for r in readings]
    name = "lhs/rhs" if relation is Relation.GG else "rhs/lhs"
    return (f"ratio {name} smallest {key(worst):.4g}{_at(worst)}, median {_median(values):.4g}; "
            f"required at least {tolerance:g}")
