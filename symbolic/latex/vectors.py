"""How vectors and their transposes are represented: as scalar sums over components.

A document about attention writes ``q_i k_j^T`` for the dot product of two row vectors.
A scalar expression is what the checkers can evaluate, so ``u^T v`` and ``u v^T`` become

    Sum(u[..., nu] * v[..., nu], (nu, 1, d))

with ``u``/``v`` ``IndexedBase`` objects whose *last* index is the component index
``COMPONENT`` (``nu_dot``, a positive integer) running up to the dimension ``DIMENSION``
(``d``, a positive integer, the attention convention ``\\sqrt{d}``). The row index of the
vector comes first: ``q_i`` is ``q[i, nu]``, a plain ``q`` is ``q[nu]``. A numeric checker
picks a concrete ``d`` and draws the components like any other indexed quantity.
The printer recognises this shape and prints it back as ``q_{i} k_{j}^{T}``.
"""
from __future__ import annotations

import sympy

COMPONENT = sympy.Symbol("nu_dot", integer=True, positive=True)
DIMENSION = sympy.Symbol("d", integer=True, positive=True)


def vector_component(base: str, row=None) -> sympy.Indexed:
    """The component ``nu`` of vector ``base`` (with an optional row index): ``q[i, nu]``."""
    stem = sympy.IndexedBase(base, real=True)
    return stem[row, COMPONENT] if row is not None else stem[COMPONENT]


def dot(u: sympy.Indexed, v: sympy.Indexed) -> sympy.Sum:
    """The dot product of two vector components built by ``vector_component``."""
    return sympy.Sum(u * v, (COMPONENT, 1, DIMENSION))


def dot_factors(expr) -> tuple[sympy.Indexed, sympy.Indexed] | None:
    """The two vector components of a dot product built by ``dot``, or None if it is not one."""
    if not isinstance(expr, sympy.Sum) or len(expr.limits) != 1:
        return None
    var, lo, hi = expr.limits[0]
    if var != COMPONENT or lo != 1 or hi != DIMENSION:
        return None
    term = expr.function
    if isinstance(term, sympy.Pow) and term.exp == 2 and _is_component(term.base):
        return term.base, term.base
    if isinstance(term, sympy.Mul) and len(term.args) == 2 and all(map(_is_component, term.args)):
        return term.args[0], term.args[1]
    return None


def _is_component(x) -> bool:
    return isinstance(x, sympy.Indexed) and x.indices[-1] == COMPONENT and len(x.indices) <= 2
