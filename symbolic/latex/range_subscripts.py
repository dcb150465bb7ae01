"""``\\sum_{1 \\le j \\le n}``, ``\\max_{m < j \\le n}``: a range written as a double inequality.

The subscript ``lo R j R' hi`` (R, R' each ``\\le`` or ``<``) with one index letter between the
relations is the whole numbers from lo to hi: a strict ``<`` moves that end by one
(``m < j`` starts at m + 1, ``j < n`` ends at n - 1). A sum or a product over such a range is
over whole numbers by convention. A maximum or minimum is read so only when the index is a
subscript of a name in its operand (``\\max_{1 \\le j \\le n} x_j``): ``\\max_{0 \\le t \\le T} f(t)``
may be a maximum over the real interval [0, T], and is refused. Anything else with relations in
the subscript (two indices ``1 \\le i < j \\le n``, ``\\ge``, one bound only) is refused.
"""
from __future__ import annotations

from symbolic.latex.lexer import Tok, fail, text_of
from symbolic.latex.rewrite_items import _is_base

_LESS = {r"\le": 0, r"\leq": 0, r"\leqslant": 0, "<": 1}
_RELATIONS = set(_LESS) | {r"\ge", r"\geq", r"\geqslant", ">", "=", r"\ne", r"\neq", r"\in"}


def double_inequality(inner, name, col):
    """(index, (lower items, strict), (upper items, strict)) of ``lo R j R' hi``, or None when the subscript holds no
    ``\\le``/``<``; refuses a subscript with relations that is not of that form."""
    solid = [x for x in inner if not (isinstance(x, Tok) and x.space)]
    marks = [k for k, x in enumerate(solid) if isinstance(x, Tok) and x.text in _RELATIONS]
    if not any(solid[k].text in _LESS for k in marks):
        return None
    if len(marks) != 2 or any(solid[k].text not in _LESS for k in marks) \
            or marks[1] - marks[0] != 2 or not _is_base(solid[marks[0] + 1]) \
            or marks[0] == 0 or marks[1] == len(solid) - 1:
        raise fail(text_of(inner), col, f"the subscript of {name} is read as a range only as "
                   r"lo \le j \le hi (or with <) with one index: write _{j=lo}^{hi}")
    first, second = marks
    return (solid[first + 1].text, (tuple(solid[:first]), _LESS[solid[first].text]),
            (tuple(solid[second + 1:]), _LESS[solid[second].text]))


def bound(emit, end, shift: str) -> str:
    """The rewritten text of one end ``(items, strict)``: moved by ``shift`` ("+ 1") if strict."""
    items, strict = end
    return "( %s )%s" % (emit(items), " " + shift if strict else "")


def indexes_a_name(body_items, index: str) -> bool:
    """Whether ``index`` stands in a subscript of the operand's tokens (x_j, x_{j+1})."""
    text = text_of(body_items)
    return f"_{index}" in text.replace(" ", "") or any(
        part.startswith("{") and index in part.split("}")[0]
        for part in text.replace(" ", "").split("_")[1:])
