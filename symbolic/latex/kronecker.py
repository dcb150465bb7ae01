"""``\\delta_{ik}`` as the Kronecker delta: 1 where i = k, 0 elsewhere.

Papers on attention write the softmax Jacobian as p_i(\\delta_{ik} - p_k): a delta with two
indices is the Kronecker delta there, never an arbitrary table of numbers. Read as an entry
delta[i, k] of an unknown table, ``\\sum_k \\delta_{ik} x_k = x_i`` was refuted with
delta[1, 1] = 0. The reading applies only where every delta of the chain carries exactly two
indices; a bare \\delta or one with one index or three (a step size, a variation) keeps the
ordinary reading, and the note says which reading was used. A \\delta declared a vector or a
matrix is never the Kronecker delta.
"""
from __future__ import annotations

import sympy

NOTE = "\\delta with two indices is read as the Kronecker delta (1 where they are equal, else 0)"


def _is_delta(base) -> bool:
    return isinstance(base, sympy.IndexedBase) and str(base.label) == "delta"


def kronecker_deltas(values: list, matrices=frozenset()) -> tuple[list, tuple[str, ...]]:
    """The sides with every two-index ``delta[i, k]`` as ``KroneckerDelta(i, k)``, and the note.

    Never where \\delta is declared a matrix or a vector (``matrices``: the declared names):
    its entries delta[nu, 0] in a product read entry by entry (``\\nabla f(x)^\\top \\delta``)
    are entries of that vector, not a Kronecker delta."""
    if "delta" in matrices:
        return values, ()
    found, other = False, False
    for v in values:
        for node in sympy.preorder_traversal(v):
            if isinstance(node, sympy.Indexed) and _is_delta(node.base):
                found = True
                other = other or len(node.indices) != 2
            elif isinstance(node, sympy.Symbol) and node.name == "delta":
                other = other or not any(isinstance(n, sympy.IndexedBase) and n.label == node
                                         for n in sympy.preorder_traversal(v))
    if not found or other:
        return values, ()
    swap = {}
    for v in values:
        for node in sympy.preorder_traversal(v):
            if isinstance(node, sympy.Indexed) and _is_delta(node.base):
                swap[node] = sympy.KroneckerDelta(*node.indices)
    return [v.xreplace(swap) for v in values], (NOTE,)
