"""The limits of a sum or product written superscript first: ``\\sum^{H}_{i=1}`` is ``\\sum_{i=1}^{H}``.

TeX attaches both scripts to the operator whichever comes first, so the two spellings are one
formula; the rewriter reads the subscript first, so the pair is put in that order here.
"""
from __future__ import annotations

from symbolic.latex.lexer import Tok


def _solid(items, k: int) -> int:
    while k < len(items) and isinstance(items[k], Tok) and items[k].space:
        k += 1
    return k


def _script(items, k: int, mark: str) -> int | None:
    """The index of the argument of the script ``mark`` at ``k``, or None."""
    if not (k < len(items) and isinstance(items[k], Tok) and items[k].text == mark):
        return None
    arg = _solid(items, k + 1)
    return arg if arg < len(items) else None


def subscript_first(items, k: int):
    """``items`` with the scripts of the operator at ``k`` in the order ``_ ... ^ ...``.

    Only a superscript directly followed by a subscript is swapped; the result has the same
    length, so every index after the scripts is unchanged for the caller.
    """
    items = tuple(items)
    up = _solid(items, k + 1)
    up_arg = _script(items, up, "^")
    if up_arg is None:
        return items
    down = _solid(items, up_arg + 1)
    down_arg = _script(items, down, "_")
    if down_arg is None:
        return items
    return (items[:up] + items[down:down_arg + 1] + items[up_arg + 1:down] + items[up:up_arg + 1]
            + items[down_arg + 1:])
