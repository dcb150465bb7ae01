"""Exact points at the kinks of a claim's piecewise parts, and between them.

A claim with ``|.|``, ``max``, ``min``, ``sign``, ReLU, cases, floor or ceiling can differ
from the truth only on a narrow window that no sample meets:
``\\max(0, 1 - 1000|x - 0.377|) = 0`` fails exactly on (0.376, 0.378). Such a window is
bounded by kinks, the zeros of the pieces' arguments (the argument of ``|.|``, the
difference of two arguments of ``max``, the sides of a case's condition, the argument of
``floor`` minus the integers around its value): SymPy solves them exactly along each
coordinate of a judged sample, and the claim is judged at every kink and at the midpoint
of every two neighbouring kinks (inside each window), as an exact special point.
"""
from __future__ import annotations

import sympy

from symbolic.functions import ReLU
from symbolic.numeric.certify import Certainty, certify
from symbolic.numeric.exact import admissible, real_zeros
from symbolic.numeric.sampling import _kind_of

KINK_ARGUMENTS = 12  # arguments of pieces whose zeros are tried
KINK_POINTS = 40  # exact points judged at most (kinks and midpoints, over every coordinate)


def kink_arguments(expr) -> list:
    """The expressions whose zeros are the kinks of ``expr``'s piecewise parts."""
    out: list = []
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Abs, sympy.sign, sympy.Heaviside, ReLU)):
            out.append(node.args[0])
        elif isinstance(node, (sympy.Max, sympy.Min)):
            args = node.args
            out.extend(a - b for i, a in enumerate(args) for b in args[i + 1:])
        elif isinstance(node, sympy.Piecewise):   # a row for x = 0.377 alone is a point
            out.extend(r.lhs - r.rhs for _, cond in node.args
                       for r in sympy.preorder_traversal(cond)
                       if isinstance(r, sympy.core.relational.Relational))
    unique: list = []
    for arg in out:
        if arg.free_symbols and arg not in unique:
            unique.append(arg)
    return unique[:KINK_ARGUMENTS]


def _steps(expr, base: dict) -> list:
    """The jumps of floor and ceiling next to a sample: their argument minus the integers
    around its value there (floor(n / 10^7) = 0 holds at every n below 10^7)."""
    out: list = []
    for node in sympy.preorder_traversal(expr):
        if not isinstance(node, (sympy.floor, sympy.ceiling)):
            continue
        arg = node.args[0]
        try:
            here = sympy.floor(arg.xreplace(base))
        except (TypeError, ValueError):
            continue
        if here.is_Integer:
            out.extend(arg - k for k in (here, here + 1))
    return out[:KINK_ARGUMENTS]


def kink_points(lhs, rhs, base: dict, fixed) -> list[dict]:
    """Exact points (symbol -> SymPy number) at the kinks near a judged sample ``base``
    (symbol -> exact rational), one coordinate moved at a time, and the midpoints between
    neighbouring kinks of that coordinate."""
    arguments = kink_arguments(lhs) + [a for a in kink_arguments(rhs)
                                       if a not in kink_arguments(lhs)]
    zeros: dict = {}
    for arg in arguments + _steps(lhs, base) + _steps(rhs, base):
        for sym in sorted(arg.free_symbols, key=str):
            if not isinstance(sym, sympy.Symbol) or sym not in base or sym in fixed:
                continue
            others = {k: v for k, v in base.items() if k != sym}
            for zero in real_zeros(arg.subs(others), sym):
                if admissible(zero, _kind_of(sym)):
                    zeros.setdefault(sym, set()).add(zero)
    points: list[dict] = []
    for sym, found in zeros.items():
        try:
            ordered = sorted(found, key=lambda v: float(v))
        except TypeError:
            continue
        others = {k: v for k, v in base.items() if k != sym}
        middles = [(a + b) / 2 for a, b in zip(ordered, ordered[1:])]
        kind = _kind_of(sym)
        for value in ordered + [m for m in middles if admissible(m, kind)]:
            points.append({**others, sym: value})
    return points[:KINK_POINTS]


def in_domain(facts, exact: dict, dps: int) -> bool:
    """Every assumption certainly holds at the exact point."""
    return all(certify(f.expr.lhs.xreplace(exact), f.expr.rhs.xreplace(exact), f.relation,
                       dps=dps, exact_ties=True) is Certainty.HOLDS for f in facts)
