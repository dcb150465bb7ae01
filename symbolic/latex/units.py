"""A unit word after a value at the end of a side: ``T = \\frac{4MNd}{8192} \\mathrm{\\ cycles}``.

Papers print a unit after a count (cycles, bytes, FLOPs, seconds). Read as a factor it would
be another claim (T = 4MNd/8192 times a variable named cycles), so the unit is left out, with a
note, where it is one of the words below, written upright (``\\mathrm{cycles}``,
``\\mathrm{\\ cycles}``, ``\\text{ cycles}``, ``\\text{cycles}``), after a value and with nothing
after it on its side but punctuation. Otherwise it is refused:

* the same unit word after a value elsewhere (``2 \\text{ cycles} + 3``): a unit inside an
  expression would be a factor;
* different unit words in one chain (``1 \\text{ KB} = 1024 \\text{ bytes}``): left out, they
  would leave 1 = 1024;
* a unit on some sides and, on another, anything but a name (``1 \\text{ KB} = 1024``, also
  ``= 2^{10}``, ``= \\frac{2048}{2}``, ``N \\text{ KB} = 1024 N``, ``1 \\text{ s} = 1000 \\text{ ms}``):
  that side's unit is unstated. A name alone (``T_{\\mathrm{MMA}} = 4 \\text{ cycles}``) is the
  quantity measured in that unit.

A single letter (``\\mathrm{d}``, ``\\mathrm{e}``, ``\\mathrm{s}``) is never a unit here: it may
be a variable, a differential or Euler's number, and keeps its reading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from symbolic.errors import ParseError
from symbolic.latex.lexer import (GREEK, RELATIONS, UNIT_FONTS, UNIT_WORDS, Group, Tok, fail, lex,
                                  split_at, text_of, unit_word)

_GAPS = frozenset([r"\ ", r"\,", r"\;", r"\:", r"\quad", r"\qquad", "~"])
_ENDS = frozenset([".", ",", ";"])


@dataclass(frozen=True)
class _Unit:
    word: str
    start: int       # 0-based offsets of the font command and its closing brace (exclusive)
    end: int
    side: int
    trailing: bool


def has_units(latex: str) -> bool:
    """Cheap test before lexing: a unit word inside an upright font."""
    return isinstance(latex, str) and any(word in latex for word in UNIT_WORDS) and bool(
        re.search(r"\\(?:mathrm|text|textrm|mbox|textnormal)\s*\{", latex))


def _is_value_end(item) -> bool:
    if isinstance(item, Group):
        return True
    text = item.text
    return text.isalnum() or text in ("!", "'") or text[1:] in GREEK or text in (
        r"\pi", r"\infty", r"\rceil", r"\rfloor")


def _units(items, side: int, top: bool, found: list) -> None:
    """Collect the unit words after values in ``items`` (a side when ``top``)."""
    solid = [x for x in items if not (isinstance(x, Tok) and (x.space or x.text in _GAPS))]
    for pos, item in enumerate(solid):
        if isinstance(item, Group):
            _units(item.items, side, False, found)
            continue
        after = solid[pos + 1] if pos + 1 < len(solid) else None
        if item.text not in UNIT_FONTS or not isinstance(after, Group) or after.kind != "brace":
            continue
        word = unit_word(item.text, text_of(after.items))
        if word is None or pos == 0 or not _is_value_end(solid[pos - 1]):
            continue
        rest = solid[pos + 2:]
        trailing = top and all(isinstance(x, Tok) and x.text in _ENDS for x in rest)
        found.append(_Unit(word, item.col - 1, after.close_col, side, trailing))


def _sides(items):
    return split_at(items, RELATIONS)


_NAME = re.compile(r"(\\[A-Za-z]+|[A-Za-z])(_(\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9]))?")


def _name(items) -> bool:
    """Whether a side is one name (T, T_{MMA}, \\ell_{\\mathrm{final}}): a quantity, whose unit is
    the one the other sides state."""
    text = re.sub(r"\s+|\\[ ,;:]|~", "", text_of(items)).rstrip(".,;")
    return bool(_NAME.fullmatch(text)) and not text.startswith(("\\frac", "\\sqrt"))


def units_left_out(latex: str) -> tuple[str, tuple[str, ...]]:
    """``latex`` with its trailing unit words left out, and the notes saying so."""
    if not has_units(latex):
        return latex, ()
    try:
        items = lex(latex)
    except ParseError:
        return latex, ()          # the reader refuses it with its own message
    sides = _sides(items)
    found: list[_Unit] = []
    for n, side in enumerate(sides):
        _units(side, n, True, found)
    if not found:
        return latex, ()
    inside = next((u for u in found if not u.trailing), None)
    if inside is not None:
        raise fail(latex[inside.start:inside.end], inside.start + 1,
                   f"'{inside.word}' after a value is a unit: it is read only at the end of a side "
                   f"(T = 4 \\text{{ {inside.word}}}); inside an expression it would be a factor: "
                   "leave it out")
    words = sorted({u.word for u in found})
    if len(words) > 1:
        raise fail(latex[found[0].start:found[-1].end], found[0].start + 1,
                   f"the units {', '.join(words)} differ: left out they would change the claim; "
                   "convert to one unit, or leave the units out")
    with_unit = {u.side for u in found}
    bare = [n for n, side in enumerate(sides) if n not in with_unit and not _name(side)]
    if bare:
        first = next(x for x in sides[bare[0]] if not (isinstance(x, Tok) and x.space))
        raise fail(text_of(sides[bare[0]]).strip(), first.col, f"this side has no unit while another is in "
                   f"{words[0]}: its unit is not stated; write the unit after every value (a name "
                   f"alone, T = 4 \\text{{ {words[0]}}}, is the quantity measured in it)")
    out = latex
    for unit in sorted(found, key=lambda u: -u.start):
        # the gap before the unit goes with it (a lone "\\ " at the end would be a stray "\\")
        gap = re.search(r"(?:\s|\\[ ,;:]|~|\\q?quad(?![A-Za-z]))*$", out[:unit.start])
        out = out[:gap.start()] + " " + out[unit.end:]
    return out, (f"left out the unit '{words[0]}' printed after a value",)


def read_without_units(latex, reader, options):
    """The chain read by ``reader`` without its trailing units, with a note; None when it has none."""
    import dataclasses
    text, notes = units_left_out(latex)
    if not notes:
        return None
    parsed = reader(text, **options)
    return dataclasses.replace(parsed, notes=tuple(sorted(set(parsed.notes) | set(notes))))
