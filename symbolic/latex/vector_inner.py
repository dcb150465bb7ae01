"""Inner products of sums of vectors: ``\\langle a - b, c \\rangle`` by linearity, and
``\\langle u, v \\rangle`` of vectors declared in R^n.

* Undeclared vectors (``rewrite_bars``): the brackets say each side is a vector, so each term
  of ``a - b`` named alone (``k_j``, ``\\boldsymbol{g}_t``) is a vector, as under a norm or a
  transpose (``vector_sums``). The product is the sum of the dot products of the terms, with
  their signs: ``\\langle a - b, c + e \\rangle = a^T c + a^T e - b^T c - b^T e``, exact in every
  dimension. A factor beside a term (``\\langle x - \\eta g, y \\rangle``: a number or a
  vector?) or anything but vectors named alone leaves the bracket to the rewriter's refusal.
* Declared vectors (``matrices``, ``--assume 'x \\in \\mathbb{R}^n'``): both sides must be column
  vectors of one shape (or rows of one shape), and the product is ``u^T v`` (``u v^T`` for rows).
  Of two matrices it may be the Frobenius product or another: refused, as a number beside a
  vector is.
"""
from __future__ import annotations

import sympy

from symbolic.latex.lexer import fail, split_commas, text_of
from symbolic.latex.vector_sums import signed_vectors


def _sides(group):
    """The items of the two sides of ``\\langle u, v \\rangle`` (commas inside brackets are
    inside their own groups), or None when there are not exactly two."""
    parts = split_commas(group.items)
    return [tuple(p) for p in parts] if len(parts) == 2 else None


def summed_inner(rewriter, group, vector_end) -> str | None:
    """The LaTeX of ``\\langle a - b, c \\rangle`` as a signed sum of dot products, or None when
    a side is not a signed sum of vectors named alone or both sides are single vectors (the
    plain inner product reads those)."""
    sides = _sides(group)
    if sides is None:
        return None
    terms = [signed_vectors(side, vector_end) for side in sides]
    if any(t is None for t in terms) or all(len(t) == 1 and t[0][0] == "1" for t in terms):
        return None
    parts = [f"({s}) \\cdot ({t}) \\cdot {rewriter._dot(u, v)}"
             for s, u in terms[0] for t, v in terms[1]]
    return "(" + " + ".join(parts) + ")"


def declared_inner(reader, group, text):
    """``\\langle u, v \\rangle`` of declared vectors of one shape: ``u^T v`` as a 1 x 1 matrix
    expression (``reader`` is the matrix reader, whose ``expr`` reads each side)."""
    sides = _sides(group)
    if sides is None:
        raise fail(text_of((group,)), group.col, "an inner product needs exactly two vectors")
    u, v = (reader.expr(side, text) for side in sides)
    shapes = [getattr(x, "shape", None) for x in (u, v)]
    if shapes[0] is None or shapes[0] != shapes[1] or 1 not in shapes[0] or shapes[0] == (1, 1):
        raise fail(text_of((group,)), group.col, "an inner product \\langle u, v \\rangle is read "
                   "only of two declared vectors of one shape (a matrix's may be the Frobenius "
                   "product or another; a number is not a vector)")
    if shapes[0][1] == 1:
        return sympy.MatMul(sympy.Transpose(u), v)
    return sympy.MatMul(u, sympy.Transpose(v))
