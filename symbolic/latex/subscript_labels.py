"""Subscripts that are labels or index pairs, read where only one reading is possible.

* ``\\mu_{\\mathcal{B}}`` (also ``\\mu_\\mathcal{B}``): calligraphic letters as the whole
  subscript are a label (the mini-batch B of batch normalisation). The name keeps the font:
  ``\\mu_{\\mathcal{B}}`` and ``\\mu_{B}`` are two names, never one.
* ``T_{\\mathrm{smem,MMA}}``: upright words of two letters or more, separated by commas, are a
  list of labels (a single upright letter such as ``\\mathrm{i}`` may be a label or an index: it
  keeps its old reading).
* ``\\mathrm{PE}_{(\\mathrm{pos},2i)}``: a parenthesised list of two or more indices as the whole
  subscript is the index pair (pos, 2i), the name ``PE_{\\mathrm{pos},2i}`` (an upright word
  stays upright, never the letters p, o, s side by side inside a sum). Refused: one entry in
  brackets (``x_{(i)}``: an order statistic or an index?), square or curly brackets or a
  half-open pair (``x_{[a,b]}``, ``x_{\\{q,k\\}}``: a slice, a set), a pair on the name of a
  function applied to brackets, and a chain that writes the same name both with the brackets
  and without (``x_{(a,b)}`` and ``x_{a,b}``: an interval beside an index pair, or one object?).
"""
from __future__ import annotations

import re

from symbolic.latex.lexer import GREEK, Group, Tok, fail, split_commas, text_of

_UPRIGHT = (r"\mathrm", r"\text", r"\textrm", r"\operatorname")


def _solid(items):
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def label_subscript(rewriter, arg):
    """The subscript text for a label or an index pair, or None for the ordinary reading."""
    solid = _solid(rewriter._inner(arg))
    if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text == r"\mathcal" \
            and isinstance(solid[1], Group) and solid[1].kind == "brace":
        letters = text_of(solid[1].items).strip()
        if re.fullmatch(r"[A-Za-z]+", letters):
            return r"\mathcal{%s}" % letters
        return None
    if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in _UPRIGHT \
            and isinstance(solid[1], Group) and solid[1].kind == "brace":
        words = [w.strip() for w in text_of(solid[1].items).split(",")]
        if len(words) > 1 and all(re.fullmatch(r"[A-Za-z]{2,}", w) for w in words):
            return ",".join(words)
        return None
    if len(solid) == 1 and isinstance(solid[0], Group) and solid[0].kind == "paren":
        return _pair(rewriter, solid[0])
    return None


def _pair(rewriter, group):
    shown = text_of((group,))
    if group.opener != "(":
        return None          # [a,b], \{q,k\}: a slice or a set, refused as before
    parts = split_commas(group.items)
    if len(parts) < 2:
        raise fail(shown, group.col, "an index in brackets may be an order statistic (x_{(i)}, the "
                   "i-th smallest) or a plain index: write x_{i} for the index, or name the order "
                   "statistic")
    out = [_entry(part, shown, group.col) for part in parts]
    _record(rewriter, "pairs", ",".join(out), shown, group.col)
    return ",".join(out)


def _entry(part, shown, col) -> str:
    """One entry of an index pair: a letter, a number, an upright word or a sum of them."""
    solid = _solid(part)
    text = []
    k = 0
    while k < len(solid):
        item = solid[k]
        if isinstance(item, Tok) and item.text in _UPRIGHT and k + 1 < len(solid) \
                and isinstance(solid[k + 1], Group) and solid[k + 1].kind == "brace" \
                and re.fullmatch(r"[A-Za-z]+", text_of(solid[k + 1].items).strip()):
            text.append(r"\mathrm{%s}" % text_of(solid[k + 1].items).strip())
            k += 2
            continue
        if isinstance(item, Tok) and (item.text.isalnum() or item.text in "+-"
                                      or item.text[1:] in GREEK):
            text.append(item.text)
            k += 1
            continue
        raise fail(shown, col, "an index pair holds letters, numbers, upright words and + or -: "
                   "name the entry, or write the element another way")
    if not text or text[0] in "+-" or text[-1] in "+-":
        raise fail(shown, col, "an entry of the index pair is empty or ends with a sign")
    return "".join(text)


def _record(rewriter, kind, text, shown, col) -> None:
    """Remember a subscript's list; a list both in brackets and bare is refused."""
    seen = rewriter.__dict__.setdefault("_subscript_lists", {"pairs": {}, "plain": {}})
    seen[kind].setdefault(text, (shown, col))
    if text in seen["pairs"] and text in seen["plain"]:
        shown, col = seen["pairs"][text]
        raise fail(shown, col, f"the subscript {shown} and the subscript {text} without brackets "
                   "would be one name; an interval and an index pair are two things: write one "
                   "form only")


def plain_list(rewriter, text: str) -> None:
    """Record an ordinary subscript that holds a comma (``x_{a,b}``) for the check above."""
    if "," in text:
        _record(rewriter, "plain", text, text, 0)



_FONTS = (r"\mathcal", r"\mathrm", r"\text", r"\textrm", r"\mathit", r"\mathbf", r"\mathsf",
          r"\boldsymbol")


def font_scripts(items):
    """``x_\\mathcal{B}`` as ``x_{\\mathcal{B}}``: the font command and its brace argument are
    the whole subscript (TeX expands the command with its argument). Superscripts keep their
    reading (``^\\mathrm{T}`` is read by the transposes)."""
    out, k = [], 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Tok) and item.text == "_" and k + 2 < len(items) \
                and isinstance(items[k + 1], Tok) and items[k + 1].text in _FONTS \
                and isinstance(items[k + 2], Group) and items[k + 2].kind == "brace":
            out += [item, Group("brace", (items[k + 1], items[k + 2]), items[k + 1].col,
                                items[k + 2].close_col, "{")]
            k += 3
            continue
        out.append(item)
        k += 1
    return tuple(out)
