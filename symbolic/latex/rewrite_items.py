"""Walking a row of grouped LaTeX items for the rewriter: atoms, bars, spaces, scripts.

Pure functions of the items (no rewriter state): where an atom starts and ends, whether a
bar opens or closes, which labels and matrix orders are refused.
"""
from __future__ import annotations

from symbolic.latex.lexer import FUNCTIONS, GREEK, Group, RELATIONS, Tok, fail, text_of
from symbolic.latex.rewrite_tables import _FONTS, _TRANSPOSE, _is_letter


_OPERATORS = frozenset(["+", "-", r"\cdot", r"\times", "/", ",", "|", "*"]) | frozenset(RELATIONS)


def _unsize_norms(items):
    """``\\left\\| v \\right\\|`` as the tokens of ``\\| v \\|``: a norm, never an absolute value."""
    out = []
    for item in items:
        if isinstance(item, Group) and item.kind == "abs" and item.opener == r"\|":
            out.extend((Tok(r"\|", item.col),) + tuple(item.items) + (Tok(r"\|", item.close_col),))
        else:
            out.append(item)
    return tuple(out)


def _pair_bars(items):
    """Pair bare absolute-value bars into groups, or refuse when they pair more than one way.

    ``|\\sin x|`` is one group (so the argument of \\sin ends at the bar); ``|x| + |y|`` pairs
    left to right; ``|a|b|c|`` (|a| b |c| or |a |b| c|) and ``||x| - |y||`` are refused.
    """
    bars = [k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == "|"]
    if not bars:
        return items
    if len(bars) % 2:
        raise fail(text_of(items).strip(), items[bars[0]].col, "an absolute-value bar is never "
                   "closed (or a bar means 'given'); write \\left| ... \\right|")
    for n, k in enumerate(bars):
        before = k - 1
        while before >= 0 and _space(items[before]):
            before -= 1
        after = k + 1
        while after < len(items) and _space(items[after]):
            after += 1
        opens = before < 0 or isinstance(items[before], Tok) and items[before].text in _OPERATORS
        closes = after >= len(items) or isinstance(items[after], Tok) and items[after].text in _OPERATORS
        adjacent = before >= 0 and isinstance(items[before], Tok) and items[before].text == "|" \
            or after < len(items) and isinstance(items[after], Tok) and items[after].text == "|"
        if len(bars) > 2 and (adjacent or (not closes if n % 2 else not opens)):
            raise fail(text_of(items).strip(), items[k].col, "absolute-value bars that can be "
                       "paired in more than one way; write \\left| ... \\right| or brackets")
    out, last = [], 0
    for a, b in zip(bars[::2], bars[1::2]):
        out.extend(items[last:a])
        out.append(Group("abs", tuple(items[a + 1:b]), items[a].col, items[b].col, "|"))
        last = b + 1
    out.extend(items[last:])
    return tuple(out)


def _check_label(arg, col) -> None:
    """Refuse superscripts that are labels, not powers: m^{\\mathrm{old}}, W^{(l)}, x^*."""
    inner = [x for x in (arg.items if isinstance(arg, Group) else (arg,)) if not _space(x)]
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text in _FONTS \
            and not _is_transpose(arg) and len(text_of(inner[1:]).strip("{} ")) > 1:
        raise fail("^" + text_of(inner), col, "an upright superscript is a label, not a power; write "
                   "the label as a subscript (m_{i,old}) or name the quantity")
    mark = text_of(inner[1:]).strip("{} ") if len(inner) == 2 and isinstance(inner[0], Tok) \
        and inner[0].text in _FONTS else text_of(inner).strip("{} ") if len(inner) == 1 else None
    if mark == "H" or (mark == "T" and len(inner) == 2 and not _is_transpose(arg)):
        # v^H w (a conjugate transpose) would be the power v**H; \operatorname{T} a power T
        raise fail("^" + text_of(inner), col, f"^{mark} may be a (conjugate) transpose or a power: "
                   "write ^\\top for a transpose of a declared vector or matrix, or give a power's "
                   "exponent another letter")
    if len(inner) == 1 and isinstance(inner[0], Group) and inner[0].kind == "paren":
        raise fail("^(" + text_of(inner[0].items) + ")", col, "a bracketed superscript is usually a "
                   "label (layer l), not a power; write the label as a subscript, or {(x)}^{2} for a power")
    if len(inner) == 1 and isinstance(inner[0], Tok) and inner[0].text in ("*", r"\ast", r"\star"):
        raise fail("^*", col, "x^* may be an optimum, a conjugate or a dual: name it (x_{opt}) or "
                   "write \\overline{z} for a conjugate")


def _lone_atom(inside) -> bool:
    """Whether bracket contents are one number or one (sub- or superscripted) letter: x(t), R(T)."""
    if not inside:
        return False
    head = inside[0]
    if not (isinstance(head, Tok) and (head.text[0].isdigit() or _is_letter(head.text))):
        return False
    rest = inside[1:]
    while len(rest) >= 2 and isinstance(rest[0], Tok) and rest[0].text in ("_", "^"):
        rest = rest[2:]
    return not rest


_GREEK_CAPITALS = frozenset(r"\Gamma \Delta \Theta \Lambda \Xi \Pi \Sigma \Upsilon \Phi \Psi "
                            r"\Omega".split())


def _check_matrix_order(items, k) -> None:
    """Refuse a capital written after another factor (``xW_1``, ``e^{s} O``, ``AB``).

    Papers write matrices as capitals, and a product of matrices depends on its order; the reader
    reads every product as commuting numbers, so ``AB = BA`` or ``xW = Wx`` would be proved. A
    capital first in its product (``W x``, ``2A``) is kept: a number times a matrix commutes.
    """
    tok = items[k]
    if not (len(tok.text) == 1 and "A" <= tok.text <= "Z" or tok.text in _GREEK_CAPITALS):
        return      # \Sigma \Lambda: a covariance and a diagonal of eigenvalues, as AB
    j = k - 1
    while j >= 0 and _space(items[j]):
        j -= 1
    if j < 0:
        return
    prev = items[j]
    if isinstance(prev, Group):
        factor = True       # (...) W, e^{s} O, \\hat{x} W, \\frac{1}{2} W: a factor ends here
    else:
        text = prev.text
        factor = _is_letter(text) or text == "!" or (j and isinstance(items[j - 1], Tok)
                                                      and items[j - 1].text in ("^", "_"))
    if factor:
        raise fail(text_of(items[j:k + 1]).strip(), tok.col,
                   f"{tok.text} written after another factor may be a matrix, and a product of "
                   f"matrices depends on its order (it is read as commuting numbers): if the factors "
                   f"are numbers, write \\cdot before {tok.text}; if they are matrices, declare "
                   f"their shapes to read the product in order (--assume '{tok.text} \\in "
                   f"\\mathbb{{R}}^{{m \\times n}}')")


def _adjacent_tok(a, b) -> bool:
    """Two tokens written with nothing between them."""
    return isinstance(a, Tok) and isinstance(b, Tok) and b.col == a.col + len(a.text)


def _adjacent(a, b) -> bool:
    """Two single letters written with nothing between them (``ab``)."""
    return isinstance(a, Tok) and isinstance(b, Tok) and len(a.text) == 1 and len(b.text) == 1 \
        and a.text.isascii() and a.text.isalpha() and b.text.isascii() and b.text.isalpha() \
        and b.col == a.col + 1


_BIG = frozenset([r"\sum", r"\prod", r"\max", r"\min", r"\lim"])
_FUNCTION_STOPS = FUNCTIONS | {r"\Re", r"\Im", r"\arg", r"\operatorname", r"\overline"}
_TWO_ARGS = frozenset([r"\frac", r"\dfrac", r"\tfrac", r"\binom"])


def _is_argument(before) -> bool:
    """Whether a brace group placed after the items ``before`` is a command's argument."""
    if not before:
        return False
    prev = before[-1]
    if isinstance(prev, Tok):
        return prev.text.startswith("\\") or prev.text in ("^", "_")
    return prev.kind == "brace" and len(before) > 1 and isinstance(before[-2], Tok) \
        and before[-2].text in _TWO_ARGS


def _is_transpose(item) -> bool:
    if isinstance(item, Tok):
        return item.text in _TRANSPOSE
    solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
    if len(solid) == 1 and isinstance(solid[0], Tok):
        return solid[0].text in _TRANSPOSE
    if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in (r"\mathsf", r"\mathrm"):
        return text_of(solid[1:]).strip("{} ") == "T"
    return False


def _is_base(item) -> bool:
    return isinstance(item, Tok) and ((item.text.isalpha() and len(item.text) == 1)
                                      or item.text[1:] in GREEK) and item.text not in ("e",)


def _bars(items, k) -> int:
    """How many tokens at k spell a norm bar: 2 for "||", 1 for "\\|", else 0."""
    if isinstance(items[k], Tok) and items[k].text == r"\|":
        return 1
    if k + 1 < len(items) and all(isinstance(x, Tok) and x.text == "|" for x in items[k:k + 2]):
        return 2
    return 0


def _more_factors(items, k) -> bool:
    """Whether a factor (not + - , a relation or the end) starts at k."""
    if k >= len(items):
        return False
    item = items[k]
    return not (isinstance(item, Tok) and (item.text in ("+", "-", ",", "^", "_") or item.text in RELATIONS))


def _space(item) -> bool:
    return isinstance(item, Tok) and item.space


def _atom_start(items, end):
    """Start of the atom (base, optional _sub) that ends just before index end, or None."""
    k = end - 1
    if k >= 1 and isinstance(items[k - 1], Tok) and items[k - 1].text == "_":
        k -= 2
        while k >= 0 and _space(items[k]):
            k -= 1           # "\mu _a": a space may sit between the base and its subscript
        return k if k >= 0 and _is_base(items[k]) else None
    return k if k >= 0 and _is_base(items[k]) else None


def _atom_end(items, start):
    """End (exclusive) of the atom starting at start, or None when none starts there."""
    if start >= len(items) or not _is_base(items[start]):
        return None
    k = start + 1
    while k < len(items) and _space(items[k]):
        k += 1
    if k < len(items) and isinstance(items[k], Tok) and items[k].text == "_":
        return k + 2 if k + 1 < len(items) else None
    return start + 1


def _skip_back(items, k):
    while k >= 0 and isinstance(items[k], Tok) and (items[k].space or items[k].text == r"\cdot"):
        k -= 1
    return k


def _skip_forward(items, k):
    while k < len(items) and isinstance(items[k], Tok) and (items[k].space or items[k].text == r"\cdot"):
        k += 1
    return k


def _derivative_variable(den):
    """The variable of ``dx``/``\\partial x``/``\\mathrm{d}x`` in a denominator, or None."""
    solid = [x for x in den if not (isinstance(x, Tok) and x.space)]
    if len(solid) >= 2 and isinstance(solid[0], Tok) and solid[0].text in ("d", r"\partial"):
        rest = tuple(solid[1:])
        if _atom_end(rest, 0) == len(rest):
            return rest
    return None


def _derivative_head(num):
    """What follows ``d``/``\\partial`` in a numerator (may be empty), or None if not a derivative."""
    solid = [x for x in num if not (isinstance(x, Tok) and x.space)]
    if solid and isinstance(solid[0], Tok) and solid[0].text in ("d", r"\partial"):
        return tuple(solid[1:])
    return None


def _limit_point(inner, col):
    """``x \\to 0``, ``x \\to 0^+``, ``n \\to \\infty``: (variable, point, side "+-", "+" or "-")."""
    solid = [x for x in inner if not _space(x)]
    arrow = [n for n, x in enumerate(solid) if isinstance(x, Tok) and x.text == r"\to"]
    if len(arrow) != 1 or arrow[0] == 0 or arrow[0] == len(solid) - 1:
        raise fail(text_of(inner), col, r"write the limit as \lim_{x \to a}")
    var, point = tuple(solid[:arrow[0]]), tuple(solid[arrow[0] + 1:])
    side = "+-"
    if len(point) >= 2 and isinstance(point[-2], Tok) and point[-2].text == "^":
        sign = text_of(point[-1:]).strip("{} ")
        if sign not in ("+", "-"):
            raise fail(text_of(inner), col, "a one-sided limit is written 0^+ or 0^-")
        side, point = sign, point[:-2]
    return var, point, side


def _index_and_lower(inner, name, col):
    """``j`` or ``j=1`` from a subscript: (index name, lower-limit items or None)."""
    solid = [x for x in inner if not (isinstance(x, Tok) and x.space)]
    if solid and _is_base(solid[0]):
        if len(solid) == 1:
            return solid[0].text, None
        if isinstance(solid[1], Tok) and solid[1].text == "=" and len(solid) > 2:
            return solid[0].text, tuple(solid[2:])
    raise fail(text_of(inner), col, f"the subscript of {name} must be an index like j or j=1")


def _excluded(inner):
    """``i \\neq a,b`` in a subscript: (index, [excluded values]) or None."""
    solid = [x for x in inner if not (isinstance(x, Tok) and x.space)]
    if len(solid) >= 3 and _is_base(solid[0]) and isinstance(solid[1], Tok) \
            and solid[1].text in (r"\ne", r"\neq"):
        others = text_of(solid[2:]).split(",")
        if all(o.strip() for o in others):
            return solid[0].text, [o.strip() for o in others]
    return None


def _check_group_order(items, k, numbers) -> None:
    """Refuse a capital before brackets that hold another capital (``A (2 B)``, ``W (x + B)``).

    ``_check_matrix_order`` sees a capital written after a factor; a capital inside brackets
    after one is the same product of possible matrices in an order (``A (2B) = B (2A)`` was
    proved as numbers). A capital declared a number (``--assume 'B \\in \\mathbb{R}'``) is not one.
    """
    from symbolic.latex.components import is_declared_number
    group = items[k]
    j = k - 1
    while j >= 0 and _space(items[j]):
        j -= 1
    if j < 0 or not (isinstance(items[j], Tok) and len(items[j].text) == 1 and "A" <= items[j].text <= "Z") \
            or is_declared_number(items, j, numbers):
        return
    inner = group.items
    for n, x in enumerate(inner):
        # T(T + 1): a matrix commutes with a polynomial in itself; another capital may not
        if isinstance(x, Tok) and len(x.text) == 1 and "A" <= x.text <= "Z" \
                and x.text != items[j].text and not is_declared_number(inner, n, numbers):
            raise fail(text_of(items[j:k + 1]).strip(), group.col,
                       f"{items[j].text} before brackets that hold {x.text}: both may be matrices, and a "
                       f"product of matrices depends on its order (it would be read as commuting "
                       f"numbers): if they are numbers, write \\cdot; if they are matrices, declare "
                       f"their shapes (--assume '{x.text} \\in \\mathbb{{R}}^{{m \\times n}}')")
