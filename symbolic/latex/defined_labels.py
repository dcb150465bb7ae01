"""A one-letter superscript on the name a claim defines and on names of its other side:
``\\mu^l = \\frac{1}{H}\\sum_{i=1}^{H} a_i^l`` (layer normalisation) marks the layer l.

Read as powers, that display is another claim (a power mean); read as labels, it is the paper's.
Both spellings are written, and nothing in the formula tells them apart, so the claim is refused
with the two ways to write it. ``(ab)^n = a^n b^n`` (a bracket on the left), ``x^n = x^{n-1} x``
(another exponent) and ``e^x`` stay powers; ``{\\mu}^{l}`` (a braced base) says "a power".
"""
from __future__ import annotations

from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok


def _solid(items) -> list:
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _letter(item) -> str | None:
    """The one letter of a superscript written ``l`` or ``{l}``."""
    if isinstance(item, Group) and item.kind == "brace":
        inner = _solid(item.items)
        item = inner[0] if len(inner) == 1 else None
    if isinstance(item, Tok) and len(item.text) == 1 and item.text.isascii() and item.text.isalpha():
        return item.text
    return None


def _base(items, k) -> str | None:
    """The name that the ``^`` at ``k`` of ``items`` (spaces removed) is written on: ``a`` in
    ``a^l`` and in ``a_i^l``; None for a bracket, a braced base, a number or ``e``."""
    j = k - 1
    if j >= 1 and isinstance(items[j - 1], Tok) and items[j - 1].text == "_":
        j -= 2                           # a_i^l: the superscript of an element of a
    if j < 0 or not isinstance(items[j], Tok):
        return None
    text = items[j].text
    if text == "e" or not (text.isalpha() or text.startswith("\\") and text[1:].isalpha()):
        return None
    return text


def _powers(items, found: dict) -> None:
    """Every (letter -> names) of one-letter superscripts in ``items``, brackets included."""
    solid = _solid(items)
    for k, item in enumerate(solid):
        if isinstance(item, Group):
            _powers(item.items, found)
        elif item.text == "^" and k + 1 < len(solid):
            letter, base = _letter(solid[k + 1]), _base(solid, k)
            if letter and base:
                found.setdefault(letter, set()).add(base)


def _lone_power(items) -> tuple[str, str] | None:
    """(name, letter) when a side is one name with a one-letter superscript: ``\\mu^{l}``."""
    solid = _solid(items)
    if len(solid) == 3 and isinstance(solid[1], Tok) and solid[1].text == "^":
        letter, base = _letter(solid[2]), _base(solid, 1)
        if letter and base:
            return base, letter
    return None


def check_defined_labels(sides) -> None:
    """Refuse ``\\mu^l = ... a_i^l ...``: l a label (the layer) or a power, as explained above."""
    for n in range(len(sides) - 1):
        for this, other in ((sides[n][1], sides[n + 1][1]), (sides[n + 1][1], sides[n][1])):
            lone = _lone_power(this)
            if lone is None:
                continue
            name, letter = lone
            found: dict = {}
            _powers(other, found)
            others = sorted(found.get(letter, set()) - {name})
            if others:
                raise ParseError(
                    f"^{letter} on {name} and on {others[0]} may be a label (the layer or step "
                    f"{letter}) or a power: write the label as a subscript ({name}_{{{letter}}}) "
                    f"or bracket the powers ({{{name}}}^{{{letter}}}) if they are powers")
