"""What an experiment measures: the points and tables a document's seeded measurement returns.

A step with ``Rule("experiment", params=(("measure", fn), ...))`` names a pure, seeded
function ``fn(seed) -> Measurement`` defined in its document; the ``experiment`` rule
(``symbolic/checks/experiment.py``) compares each point's statistic with the tolerance and
certifies the points it refutes with. These two types are what documents and that rule
share, so a document needs no import from the checkers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["Point", "Measurement"]


@dataclass(frozen=True)
class Point:
    """One measured point: where it is, the statistic, its standard error, how to certify it.

    ``statistic`` is compared with the tolerance (the claim holds there when it is at most
    the tolerance). ``stderr`` is its Monte-Carlo standard error (0 when the statistic is
    exact given the seed). ``certify(dps)`` returns a certified lower bound of the
    statistic of the same seeded sample (an ``mpmath.mpf`` or a float that is exact), or
    ``None`` when it cannot; ``cost`` ranks points when several could be certified.
    ``sampled=False`` marks a point computed from fixed data (no random draw): its
    certificate is then a plain counterexample, and the evidence says so instead of
    naming a seed and a Monte-Carlo error.
    """

    where: tuple[tuple[str, str], ...]
    statistic: float
    stderr: float = 0.0
    certify: Callable[[int], object] | None = None
    cost: float = 1.0
    sampled: bool = True


@dataclass(frozen=True)
class Measurement:
    """What one seeded run of an experiment found: a table for the report and the points."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    points: tuple[Point, ...]
    description: str
    statistic: str = "statistic"
