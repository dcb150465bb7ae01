"""Experiments: a verdict that follows from seeded measurements and a stated criterion.

Some claims of a document are empirical ("the entropy is invariant in n", "the error of
this approximation is small"). A step states such a claim and carries
``Rule("experiment", params=(("measure", fn), ...))`` where ``fn(seed) -> Measurement`` is a
pure, seeded function defined in the proofs module (the document-specific maths lives
there, not here). The measurement returns points; at each point a non-negative
*statistic* (an error, a spread, a deficit) is compared with the tolerance:

* every point inside the tolerance by at least ``z`` standard errors -> ``approximate``
  for an approximate relation (``\\approx``, ``\\gg``, ``\\ll``), ``verified`` otherwise;
* some point outside by at least ``z`` standard errors, and its statistic enclosed by
  interval arithmetic (at ``dps`` and ``2*dps``) strictly above the tolerance ->
  ``refuted`` with that point as the counterexample;
* anything else (a point within the noise band, an uncertified point) -> ``inconclusive``.

What "certified" means here: the sample is fixed by the seed (the scores numpy drew, as
binary64 numbers, are the data), and the statistic of *that sample* is enclosed with
interval arithmetic; the claim about the population is a Monte-Carlo statement whose
sampling error is the reported standard error. Both are said in the evidence.
"""
from __future__ import annotations

import math
from typing import Callable

from symbolic.checks import rule
from symbolic.experiments import Measurement, Point  # noqa: F401  (re-exported: tests use the old address)
from symbolic.model import Evidence, Outcome, Verdict

DEFAULT_Z = 3.0
# How many points measured outside the tolerance are tried for a certificate (cheapest
# first). The work of an experiment is counted (its draws are fixed by the measurement,
# its certificates by this number), never timed, so its verdict does not depend on the
# machine's load; the pipeline's wall-clock limit is only a safety net far above it.
DEFAULT_CERTIFY = 8


def _where(point: Point) -> str:
    return ", ".join(f"{k}={v}" for k, v in point.where)


def _classify(point: Point, tolerance: float, z: float) -> str:
    """``inside``, ``outside`` or ``noise`` (within z standard errors of the tolerance)."""
    if not math.isfinite(point.statistic):
        return "outside" if point.statistic > tolerance else "noise"
    if point.statistic - z * point.stderr > tolerance:
        return "outside"
    if point.statistic + z * point.stderr <= tolerance:
        return "inside"
    return "noise"


def _certified_above(point: Point, tolerance: float, dps: int) -> tuple[bool | None, str]:
    """Whether the point's statistic is certainly above the tolerance (None: undecided)."""
    if point.certify is None:
        return None, "no certification is available for this point"
    lows = []
    for precision in (dps, 2 * dps):
        low = point.certify(precision)
        if low is None:
            return None, f"certification at {precision} digits gave no bound"
        lows.append(low)
    if all(low > tolerance for low in lows):
        return True, (f"certified lower bound of the statistic {_short(lows[-1])} > tolerance "
                      f"{tolerance:g} (interval arithmetic at {dps} and {2 * dps} digits)")
    return None, f"certified lower bound {_short(lows[-1])} does not exceed tolerance {tolerance:g}"


def _short(value) -> str:
    return f"{float(value):.6g}"


def run_experiment(measure: Callable[[int], Measurement], *, seed: int, tolerance: float,
                   z: float, approximate: bool, dps: int, certify: int = DEFAULT_CERTIFY) -> Outcome:
    """Run a seeded measurement and turn it into a verdict by the criterion of this module.

    At most ``certify`` points outside the tolerance are tried for a certificate (a count,
    not a time, so the verdict is the same on a busy machine).
    """
    result = measure(seed)
    if not result.points:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence("experiment", "the measurement has no points"),))
    table = (tuple(result.header),) + tuple(tuple(r) for r in result.rows)
    classes = [(p, _classify(p, tolerance, z)) for p in result.points]
    worst = max(result.points, key=lambda p: p.statistic)
    summary = (f"{result.description} Seed {seed}; {len(result.points)} points; criterion: "
               f"{result.statistic} <= {tolerance:g} at every point, decided only outside "
               f"{z:g} standard errors; largest {result.statistic} {_short(worst.statistic)} "
               f"(+/- {_short(worst.stderr)}) at {_where(worst)}.")
    evidence = [Evidence("experiment", summary)]
    outside = sorted((p for p, c in classes if c == "outside"), key=lambda p: p.cost)
    for tried, point in enumerate(outside):
        if tried == certify:
            evidence.append(Evidence("experiment certificate", (
                f"tried {certify} of {len(outside)} points outside the tolerance (the cheapest); "
                "the rest were not tried (raise the rule's 'certify' param to try more)")))
            break
        certain, why = _certified_above(point, tolerance, dps)
        if certain:
            if point.sampled:
                measured = (f"{result.statistic} measured {_short(point.statistic)} +/- "
                            f"{_short(point.stderr)}; {why}; the sample is the seeded one, the "
                            "population claim is Monte-Carlo with the standard error shown")
                seeded = (("seed", str(seed)),)
            else:
                measured = (f"{result.statistic} computed {_short(point.statistic)} from fixed "
                            f"data (no sampling); {why}")
                seeded = ()
            evidence.append(Evidence("experiment certificate", f"at {_where(point)}: {measured}"))
            counterexample = tuple(point.where) + seeded + (
                (result.statistic, _short(point.statistic)), ("tolerance", f"{tolerance:g}"))
            return Outcome(Verdict.REFUTED, tuple(evidence), counterexample, table=table)
        evidence.append(Evidence("experiment certificate", f"at {_where(point)}: {why}"))
    if outside:
        return Outcome(Verdict.INCONCLUSIVE, tuple(evidence) + (Evidence(
            "experiment", f"{len(outside)} points measured outside the tolerance, none certified"),),
            table=table)
    noisy = [p for p, c in classes if c == "noise"]
    if noisy:
        return Outcome(Verdict.INCONCLUSIVE, tuple(evidence) + (Evidence(
            "experiment", f"{len(noisy)} points within {z:g} standard errors of the tolerance, "
                          f"e.g. {_where(noisy[0])}"),), table=table)
    verdict = Verdict.APPROXIMATE if approximate else Verdict.VERIFIED
    evidence.append(Evidence("experiment", "every point is inside the tolerance by more than "
                                           f"{z:g} standard errors (a measurement, not a proof)"))
    return Outcome(verdict, tuple(evidence), table=table)


@rule("experiment")
def experiment_rule(step, *, config, context):
    """The named rule ``experiment``: params ``measure`` (required), ``tolerance``, ``z``, ``seed``,
    ``certify`` (how many outside points to try for a certificate, default 8)."""
    params = step.rule
    measure = params.param("measure")
    if measure is None or not callable(measure):
        return Outcome(Verdict.INCONCLUSIVE, (Evidence(
            "experiment", f"step {step.id}: rule 'experiment' needs a callable param 'measure' "
                          "(a seeded function returning a Measurement)"),))
    relation = step.claim.relation
    regime = step.claim.regime
    tolerance = params.param("tolerance")
    if tolerance is None:
        tolerance = regime.tolerance_for(relation) if regime is not None else 0.05
    seed = params.param("seed", config.seed)
    certify = params.param("certify", DEFAULT_CERTIFY)
    if not isinstance(certify, int) or isinstance(certify, bool) or certify < 1:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence(
            "experiment", f"step {step.id}: rule 'experiment' param 'certify' must be a positive "
                          f"integer (how many points to try for a certificate), not {certify!r}"),))
    return run_experiment(measure, seed=seed, tolerance=float(tolerance),
                          z=float(params.param("z", DEFAULT_Z)),
                          approximate=relation.is_approximate, dps=config.dps, certify=certify)
