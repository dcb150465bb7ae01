"""The tokens of matrix notation: names (bold, accented, subscripted), bars, transposes, the
identity and row-wise functions, as the matrix reader (``matrices.py``) finds them."""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lexer import GREEK, Group, Tok, fail, text_of

_TRANSPOSE = frozenset(["T", r"\top", r"\intercal"])
_BOLD = frozenset([r"\mathbf", r"\boldsymbol"])
_ACCENTS = frozenset([r"\tilde", r"\hat", r"\bar", r"\widetilde", r"\widehat", r"\vec"])
_ACCENT_KEY = {r"\widetilde": r"\tilde", r"\widehat": r"\hat"}
_UPRIGHT = frozenset([r"\mathrm"])
_SCALAR_FUNCTIONS = {r"\exp": sympy.exp, r"\ln": sympy.log, r"\log": sympy.log,
                     r"\sin": sympy.sin, r"\cos": sympy.cos, r"\tanh": sympy.tanh}
_PRODUCTS = frozenset([r"\cdot", r"\odot", r"\circ", r"\times", "*", "/"])



# -- names --------------------------------------------------------------------------------------
def _solid(items) -> list:
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _is_letter(text: str) -> bool:
    return len(text) == 1 and text.isascii() and text.isalpha() or text.startswith("\\") and text[1:] in GREEK


def _base_at(items, k, bold=False):
    """The base of a name at items[k] (without a subscript) as (key, end), or None.

    A letter (``Q``, ``\\theta``); a bold letter or bold upright letters (``\\mathbf{Q}`` is ``Q``,
    ``\\mathbf{dV}`` and ``\\mathbf{\\mathrm{dV}}`` are ``dV``: bold marks a matrix, it makes no
    other name); an accented name (``\\tilde{W}``, ``\\widetilde{\\boldsymbol{W}}``: a name of its
    own); a braced name (``{\\boldsymbol{q}}``).
    """
    item = items[k]
    if isinstance(item, Group):
        inner = tuple(_solid(item.items))
        if item.kind != "brace" or not inner:
            return None
        found = _base_at(inner, 0)
        return (found[0], k + 1) if found and found[1] == len(inner) else None
    if _is_letter(item.text):
        return item.text, k + 1
    if k + 1 >= len(items) or not isinstance(items[k + 1], Group) or items[k + 1].kind != "brace":
        return None
    inner = tuple(_solid(items[k + 1].items))
    if not inner:
        return None
    if item.text in _BOLD or item.text in _UPRIGHT and bold:
        if all(isinstance(x, Tok) and len(x.text) == 1 and x.text.isascii() and x.text.isalpha()
               for x in inner):
            return "".join(x.text for x in inner), k + 2
        found = _base_at(inner, 0, bold=True)
        if item.text in _BOLD and found and found[1] == len(inner):
            return found[0], k + 2
        return None
    if item.text in _ACCENTS:
        found = _base_at(inner, 0)
        if found and found[1] == len(inner):
            return "%s{%s}" % (_ACCENT_KEY.get(item.text, item.text), found[0]), k + 2
    return None


def _name_at(items, k):
    """The name starting at items[k] as (key, base key, end), or None.

    A base (see ``_base_at``) with an optional subscript (``W_q``, ``W_{q}``, ``\\mathbf{x}_{m}``);
    the key is spelled as the scalar reader spells names (``W_q``, ``d_{model}``).
    """
    found = _base_at(items, k)
    if found is None:
        return None
    base, end = found
    if end + 1 < len(items) and isinstance(items[end], Tok) and items[end].text == "_":
        sub = items[end + 1]
        text = text_of(sub.items if isinstance(sub, Group) and sub.kind == "brace" else (sub,))
        text = re.sub(r"\s+", "", text)
        # upright letters in a subscript are the same label (S_{\mathrm{ij}} is S_{ij})
        text = re.sub(r"\\(?:mathrm|text|textrm)\{([A-Za-z0-9,]+)\}", r"\1", text)
        return (f"{base}_{text}" if len(text) == 1 else f"{base}_{{{text}}}"), base, end + 2
    return base, base, end


def _letters(items):
    """(index, (items, index)) of each letter or bold/accented letter that starts a name, at any depth.

    Letters inside ``\\operatorname{}``/``\\text{}``/``\\mathrm{}`` and scripts are not names.
    """
    out, k = [], 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Group):
            out.extend(_letters(item.items))
            k += 1
        elif item.text in (r"\operatorname", r"\text", r"\mathrm", "^", "_"):
            k += 2
        elif _is_letter(item.text) or item.text in _BOLD | _ACCENTS:
            out.append((k, (items, k)))
            found = _name_at(items, k)
            k = found[2] if found else k + 1
        else:
            k += 1
    return out


def _bars(items, text):
    """Pair norm bars (``\\|``, ``||``) and absolute-value bars (``|``) into groups, left to right."""
    out, k = [], 0
    while k < len(items):
        item = items[k]
        double = isinstance(item, Tok) and (item.text == r"\|" or item.text == "|" and k + 1 < len(items)
                                            and isinstance(items[k + 1], Tok) and items[k + 1].text == "|")
        single = isinstance(item, Tok) and item.text == "|" and not double
        if not (double or single):
            out.append(item)
            k += 1
            continue
        width = 2 if double and item.text == "|" else 1
        j = k + width
        while j < len(items):
            t = items[j]
            if isinstance(t, Tok) and (t.text == r"\|" or t.text == "|"):
                break
            j += 1
        close_double = j < len(items) and (items[j].text == r"\|" or j + 1 < len(items) and isinstance(
            items[j + 1], Tok) and items[j + 1].text == "|")
        if j >= len(items) or close_double != double:
            raise fail(text, item.col, "bars that do not pair into a norm \\|x\\| or an absolute "
                       "value |x|: write \\left| ... \\right| or brackets")
        close_width = 2 if double and items[j].text == "|" else 1
        out.append(Group("norm" if double else "abs", tuple(items[k + width:j]), item.col,
                         items[j].col, r"\|" if double else "|"))
        k = j + close_width
    return tuple(out)


_ROW_FUNCTIONS = frozenset(["softmax", "rowmax", "rowsum"])


def _function_name(unit):
    """``softmax`` when the unit starts with ``\\operatorname{softmax}(...)`` (or \\mathrm, \\text)."""
    if len(unit) < 3 or not isinstance(unit[0], Tok) or unit[0].text not in (
            r"\operatorname", r"\mathrm", r"\text") or not isinstance(unit[1], Group) \
            or not isinstance(unit[2], Group) or unit[2].kind != "paren":
        return None
    name = text_of(unit[1].items).replace(" ", "")
    return name if name in _ROW_FUNCTIONS else None


def _is_identity(unit) -> bool:
    """``I`` or ``\\mathbf{I}`` alone (the identity, when matrices are about)."""
    found = _name_at(unit, 0) if unit else None
    return bool(found) and found[0] == "I" and found[2] == len(unit)


def _flat(items):
    """Bars paired by ``_bars`` as tokens again, for the scalar reader (which pairs its own)."""
    out = []
    for item in items:
        if isinstance(item, Group) and item.kind in ("norm", "abs") and item.opener in (r"\|", "|"):
            out.append(Tok(item.opener, item.col))
            out.extend(_flat(item.items))
            out.append(Tok(item.opener, item.close_col))
        elif isinstance(item, Group):
            out.append(Group(item.kind, tuple(_flat(item.items)), item.col, item.close_col, item.opener))
        else:
            out.append(item)
    return tuple(out)


def _inner(item):
    return item.items if isinstance(item, Group) and item.kind == "brace" else (item,)


def _is_transpose(item) -> bool:
    solid = _solid(_inner(item))
    if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in (r"\mathsf", r"\mathrm") \
            and text_of(_inner(solid[1])).strip() == "T":
        return True                                  # A^{\mathsf{T}}
    return len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text in _TRANSPOSE


def _numberish(unit) -> bool:
    """A factor that is plainly a number (2, \\frac{1}{2}, \\sqrt{2}): never a function name."""
    head = unit[0]
    return isinstance(head, Tok) and (head.text[0].isdigit() or head.text in (
        r"\frac", r"\dfrac", r"\tfrac", r"\sqrt"))


def word_with_subscript(items):
    """``dO_{i}`` declared: (key, SymPy name) of the upright word ``dO`` with subscript ``i``, as
    ``\\mathbf{\\mathrm{dO}}_{i}`` is keyed by the matrix reader; None for anything else."""
    letters = 0
    while letters < len(items) and isinstance(items[letters], Tok) and len(items[letters].text) == 1 \
            and items[letters].text.isascii() and items[letters].text.isalpha():
        letters += 1
    if letters < 2 or letters + 2 != len(items) or items[letters].text != "_":
        return None
    word = "".join(x.text for x in items[:letters])
    stand_in = (Tok("X", items[0].col),) + tuple(items[letters:])
    found = _name_at(stand_in, 0)
    if found is None or found[2] != len(stand_in):
        return None
    sub = found[0][2:]
    return f"{word}_{sub}", f"{word}_{sub}"


def mentions(items, table) -> bool:
    """Whether items (at any depth) name a declared matrix or vector (a key of ``table``), or a
    subscript of one."""
    k = 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Tok) and item.text in ("^", "_"):
            # A^T: the T is a transpose; x_k: the k is an index; but A^{B}, x_{W} may hold one
            if k + 1 < len(items) and isinstance(items[k + 1], Group) and mentions(items[k + 1].items, table):
                return True
            k += 2
            continue
        found = _name_at(items, k)
        if found:
            if found[0] in table or found[1] in table:
                return True
            k = found[2]
            continue
        if isinstance(item, Group) and mentions(item.items, table):
            return True
        k += 1
    return False


def transpose_last(items, table=None):
    """``q^\\top_m`` as ``q_m^\\top``: TeX sets both scripts on the nucleus whichever comes first,
    so the two are one formula; only a transpose mark directly followed by a subscript is moved
    (the matrix reader reads the name with its subscript, then the transpose). Refused where the
    bare nucleus is itself a declared matrix or vector (``W^\\top_1`` beside W and W_1 declared:
    the entry or row (W^\\top)_1 of W's transpose, as ``A^T_{ij} = A_{ji}`` writes, or (W_1)^\\top)."""
    out = list(items)
    k = 0
    while k + 3 < len(out):
        if isinstance(out[k], Tok) and out[k].text == "^" and _is_transpose(out[k + 1]) \
                and isinstance(out[k + 2], Tok) and out[k + 2].text == "_" \
                and not (k + 4 < len(out) and isinstance(out[k + 4], Tok) and out[k + 4].text in ("^", "_")):
            for j in (k - 2, k - 1):
                base = _base_at(out, j) if j >= 0 else None
                if table and base is not None and base[1] == k and base[0] in table:
                    shown = text_of(out[j:k + 4]).strip()
                    raise ParseError(f"'{shown}': {base[0]} is a declared matrix or vector, so "
                                     f"this may be the entry or row of its transpose "
                                     f"(({base[0]}^\\top)_{{...}}) or the transpose of "
                                     f"{base[0]}_{{...}}: write one of them")
            out[k:k + 4] = [out[k + 2], out[k + 3], out[k], out[k + 1]]
            k += 4
            continue
        k += 1
    for n, x in enumerate(out):
        if isinstance(x, Group):
            inner = transpose_last(x.items, table)
            if inner is not x.items:
                out[n] = Group(x.kind, inner, x.col, x.close_col, x.opener)
    return items if all(a is b for a, b in zip(out, items)) else tuple(out)
