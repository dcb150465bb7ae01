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

from symbolic.latex.lexer import GREEK, Group, Tok, fail, text_of
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
    index = solid[first + 1].text
    for end in (solid[:first], solid[second + 1:]):
        why = _not_whole(end, index)
        if why:
            raise fail(text_of(inner), col, f"the range under {name} is of whole numbers, and its end "
                       f"{text_of(end).strip()} {why}: write _{{{index}=lo}}^{{hi}} with whole-number ends")
    return (index, (tuple(solid[:first]), _LESS[solid[first].text]),
            (tuple(solid[second + 1:]), _LESS[solid[second].text]))


# what an end of a range may hold: whole numbers, names and their sums, differences and products
# (a written fraction or decimal, n/2 or 2.5, is refused rather than rounded behind the writer's back)
_END_TOKENS = frozenset({"+", "-", r"\cdot", r"\times", "_", "^", r"\ell"})


def _not_whole(items, index: str) -> str:
    """Why the end ``items`` may not be a whole number, or "" when it is read."""
    for k, item in enumerate(items):
        if k and isinstance(items[k - 1], Tok) and items[k - 1].text == "_":
            # a subscript is part of a name (N_{\\max}); only the index may not stand in it
            if index in _tokens(item):
                return f"depends on the index {index}"
            continue
        if isinstance(item, Group):
            if item.kind not in ("brace", "paren"):
                return "holds a bracket that may not be a whole number"
            why = _not_whole(item.items, index)
            if why:
                return why
            continue
        if item.space:
            continue
        if item.text == index:
            return f"depends on the index {index}"
        if item.text.isdigit() or _is_base(item) or item.text in _END_TOKENS:
            if item.text == "^" and k + 1 < len(items) and "-" in text_of(items[k + 1:k + 2]):
                return "has a negative power (a fraction?)"
            continue
        if item.text[1:] in GREEK or (item.text.isalpha() and item.text != "e"):
            continue
        return f"holds {item.text} (a fraction or a real number?)"
    return ""


def _tokens(item) -> set:
    """The texts of every token in ``item`` and its groups."""
    if isinstance(item, Group):
        return set().union(*(_tokens(x) for x in item.items)) if item.items else set()
    return {item.text}


def bound(emit, end, shift: str) -> str:
    """The rewritten text of one end ``(items, strict)``: moved by ``shift`` ("+ 1" or "- 1") if
    strict. A strict end that is not a whole number written out is rounded first: the whole j
    with m < j start at floor(m) + 1, which is m + 1 only for a whole m (with m = 1/2,
    ``\\sum_{m < j \\le 3} 1`` is 3, and was read as a sum from 3/2, that is 2)."""
    items, strict = end
    text = emit(items)
    if not strict:
        return "( %s )" % text
    if text.strip().lstrip("-").strip().isdigit():
        return "( %s ) %s" % (text, shift)
    rounded = r"\lfloor ( %s ) \rfloor" if shift.startswith("+") else r"\lceil ( %s ) \rceil"
    return "%s %s" % (rounded % text, shift)


def indexes_a_name(body_items, index: str) -> bool:
    """Whether ``index`` stands as a token in a subscript of the operand (x_j, x_{j+1}); a letter
    of a word (``y_{\\mathrm{out}}`` holds a t) or a longer name (``v_{\\alpha}`` holds an a) is
    no index."""
    value = _as_value(body_items, index)
    if value is not None:
        # x_t and t (1 - t) together: a sequence over whole t, or a process in real time t
        # (\max_{0 \le t \le 1} t (1 - t) e^{y_t} is 0 over {0, 1} and positive over [0, 1])
        raise fail(text_of(body_items), value.col, f"{index} stands both as an index and as a "
                   f"number in the operand, which may then be over the real interval: write "
                   f"_{{{index}=lo}}^{{hi}} for whole numbers")
    items = [x for x in body_items if not (isinstance(x, Tok) and x.space)]
    for k, item in enumerate(items):
        if isinstance(item, Group) and indexes_a_name(item.items, index):
            return True
        if isinstance(item, Tok) and item.text == "_" and k + 1 < len(items):
            sub = items[k + 1]
            if isinstance(sub, Tok) and sub.text == index:
                return True
            if isinstance(sub, Group) and sub.kind == "brace" and any(
                    isinstance(x, Tok) and x.text == index for x in sub.items):
                return True
    return False


def _as_value(body_items, index: str):
    """The first token of ``index`` in the operand outside a subscript, or None."""
    items = [x for x in body_items if not (isinstance(x, Tok) and x.space)]
    for k, item in enumerate(items):
        if k and isinstance(items[k - 1], Tok) and items[k - 1].text == "_":
            continue
        if isinstance(item, Group):
            found = _as_value(item.items, index)
            if found is not None:
                return found
        elif item.text == index:
            return item
    return None
