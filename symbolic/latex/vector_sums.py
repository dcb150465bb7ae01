"""Transposed sums of vectors: ``(a - b)^\\top c`` and ``(a - b)^\\top (a + b)`` by linearity.

A transpose says its bracket is a vector, so each term of ``(a - b)`` named alone is a vector,
as under a norm ``\\|a - b\\|`` (``rewrite_bars``). The product with the vector (or the bracketed
sum of vectors) on its right is the sum of the dot products of the terms, each with its signs:
``(a - b)^T c = a^T c - b^T c``, exact for vectors of every dimension. Only terms that are one
vector each (``k_j``, ``\\boldsymbol{g}_t``) are read; a factor beside a term (``(\\eta g - b)^T``:
a number or a vector?) or a power after the product (``(a - b)^T c^2``) leaves the transpose to
the rewriter's refusals.
"""
from __future__ import annotations

from symbolic.latex.lexer import Group, Tok


def _space(item) -> bool:
    return getattr(item, "space", False)


def _skip(items, k) -> int:
    while k < len(items) and _space(items[k]):
        k += 1
    return k


def signed_vectors(items, vector_end):
    """The terms of a signed sum of vectors named alone, as [(sign, atom items)], or None."""
    terms, k, sign = [], _skip(items, 0), "1"
    if k < len(items) and isinstance(items[k], Tok) and items[k].text in ("+", "-"):
        sign = "1" if items[k].text == "+" else "-1"
        k = _skip(items, k + 1)
    while True:
        end = vector_end(items, k) if k < len(items) else None
        if end is None or any(isinstance(x, Tok) and x.text == r"\cdot" for x in items[k:end]):
            return None
        terms.append((sign, tuple(items[k:end])))
        k = _skip(items, end)
        if k == len(items):
            return terms
        if not (isinstance(items[k], Tok) and items[k].text in ("+", "-")):
            return None
        sign = "1" if items[k].text == "+" else "-1"
        k = _skip(items, k + 1)


def transposed_sum(rewriter, items, caret, vector_end):
    """``(a - b)^T`` times a vector or a bracketed sum of vectors: the items with the product
    replaced by the sum of its dot products, or None when it is not that."""
    if caret < 1:
        return None
    group = items[caret - 1]
    if not isinstance(group, Group) or group.kind != "paren":
        return None
    left = signed_vectors(group.items, vector_end)
    if left is None or len(left) < 2:
        return None
    after = _skip(items, caret + 2)
    if after >= len(items):
        return None
    right_group = items[after]
    if isinstance(right_group, Group) and right_group.kind == "paren":
        right = signed_vectors(right_group.items, vector_end)
        end = after + 1
    else:
        stop = vector_end(items, after)
        right = [("1", tuple(items[after:stop]))] if stop is not None else None
        end = stop
    if right is None:
        return None
    nxt = _skip(items, end)
    if nxt < len(items) and isinstance(items[nxt], Tok) and items[nxt].text in ("^", "'", "_"):
        return None               # (a - b)^T c^2: a power of the product or of c?
    col = items[caret].col
    rewriter._convention("u^T v", col)
    parts = [f"({s}) \\cdot ({t}) \\cdot {rewriter._dot(u, v)}" for s, u in left for t, v in right]
    text = "(" + " + ".join(parts) + ")"
    return items[:caret - 1] + (Tok(text, col),) + items[end:]
