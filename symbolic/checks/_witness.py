"""A witness: a sampled point of a stated domain where every condition a reading leaves out holds.

The where-defined readings (``_definedness.shared_exclusion``, ``_index_conditions``,
``_derivative_domain``) prove a claim on the stated domain less the points where some
conditions fail; that is a claim about something only when such a point exists. Each asks
here for one, with its own test of a point (``holds``), and shows it in the evidence.
"""
from __future__ import annotations

from typing import Callable

import sympy

from symbolic.budget import SoftTimeout


def exact(v):
    """A sampled coordinate (Fraction, or a complex of Fractions) as an exact SymPy number."""
    from fractions import Fraction
    if isinstance(v, Fraction):
        return sympy.Rational(v.numerator, v.denominator)
    if hasattr(v, "re") and hasattr(v, "im"):
        return exact(v.re) + sympy.I * exact(v.im)
    return sympy.sympify(v)


def witness_symbols(claim, excluded) -> list | None:
    """The variables a witness gives values to: the claim's and the excluded conditions',
    sorted by name; None when a condition has one that is not a plain symbol."""
    symbols = sorted(set().union(*(c.expr.free_symbols for c in excluded)) | {
        s for s in claim.free_symbols if isinstance(s, sympy.Symbol)}, key=str)
    return symbols if all(isinstance(s, sympy.Symbol) for s in symbols) else None


def witness_point(symbols, facts, holds: Callable[[dict], bool], *, edges: bool = True):
    """The first of a few sampled points of the domain ``facts`` (edge values first when
    ``edges``: the witness shown is then as plain as it can be) at which ``holds`` (given the
    exact values by symbol) is true, as ``(name, value)`` strings, or None when none is."""
    from symbolic.numeric.sampling import sample_points
    try:
        points = sample_points(symbols, facts, seed=0, count=12, edges=edges, complex_unknown=True)
    except SoftTimeout:
        raise
    except Exception:   # a domain the sampler cannot draw from gives no witness
        return None
    for point in points[:40]:
        values = {s: exact(v) for s, v in point.items()}
        if holds(values):
            return tuple((str(s), str(v)) for s, v in values.items())
    return None
