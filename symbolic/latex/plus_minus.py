"""A chain written with ``\\pm``/``\\mp`` cut into its two claims: the upper signs, then the lower.

Reference pages print two identities in one line by the upper/lower sign convention:
``\\cos(u \\pm v) = \\cos u \\cos v \\mp \\sin u \\sin v`` is the claim with every ``\\pm`` read
as ``+`` and every ``\\mp`` as ``-``, and the claim with the signs swapped. Both are checked.

The convention needs a sign on every side of every relation of the chain. A sign on one side only
(``\\sin\\frac{\\theta}{2} = \\pm\\sqrt{\\ldots}``, ``x = \\frac{-b \\pm \\sqrt{\\Delta}}{2a}``,
``m = 1.2 \\pm 0.1``) says "one of two values" or "a range", not two claims that both hold: such a
chain is refused, as is a sign inside a condition or a ``\\text{}``.
"""
from __future__ import annotations

import re
from dataclasses import replace

from symbolic.errors import ParseError
from symbolic.latex.lexer import RELATIONS, Group, Tok, lex
from symbolic.latex.wrappers import over_to_frac

__all__ = ["split_signs"]

_SIGN = re.compile(r"\\(?:pm|mp)(?![A-Za-z])")
_UPPER = {r"\pm": "+", r"\mp": "-"}
_LOWER = {r"\pm": "-", r"\mp": "+"}
_TEXT = frozenset((r"\text", r"\textrm", r"\mbox", r"\textit", r"\textbf", r"\operatorname",
                   r"\mathrm", r"\mathbf", r"\boldsymbol", r"\mathit"))


def _signs(items, out: list, in_text: bool = False) -> bool:
    """Append (position, command) of each sign in items; False when one stands inside text."""
    ok = True
    previous = None
    for item in items:
        if isinstance(item, Tok) and item.text in _UPPER:
            if in_text:
                ok = False
            out.append((item.col - 1, item.text))
        elif isinstance(item, Group):
            inside = in_text or (isinstance(previous, Tok) and previous.text in _TEXT)
            ok = _signs(item.items, out, inside) and ok
        if not (isinstance(item, Tok) and item.text.isspace()):
            previous = item
    return ok


def _with(latex: str, signs, table) -> str:
    out = latex
    for position, command in sorted(signs, reverse=True):
        out = out[:position] + " " + table[command] + " " + out[position + len(command):]
    return out


def split_signs(chain):
    """The chain itself, or its upper- and lower-sign claims, or the chain refused with why."""
    if chain.problem is not None or not (_SIGN.search(chain.latex)
                                         or any(_SIGN.search(a) for a in chain.assume)):
        return [chain]
    if any(_SIGN.search(a) for a in chain.assume):
        return [replace(chain, problem="a condition written with \\pm or \\mp ("
                        + ", ".join(chain.assume) + ") cannot be read: write its two cases")]
    latex = over_to_frac(chain.latex)       # {a \\over b}: the reader's own first step
    try:
        items = lex(latex)
    except ParseError:
        return [chain]            # the formula reader names what it cannot read
    sides: list[list] = [[]]
    relations = 0
    ok = True
    for item in items:
        if isinstance(item, Tok) and item.text in RELATIONS:
            sides.append([])
            relations += 1
            continue
        ok = _signs((item,), sides[-1], False) and ok
    if relations == 0:
        return [chain]            # no relation: the formula reader says what it is
    if not ok:
        return [replace(chain, problem="\\pm or \\mp inside text or a name cannot be read as "
                        "two claims: write the + and the - claim separately")]
    if any(not side for side in sides):
        return [replace(chain, problem="\\pm or \\mp on one side only states one of two values "
                        "(x = \\pm y) or a range (a \\pm b), not two claims that both hold: "
                        "write the claim meant, or the + and the - claim separately")]
    signs = [s for side in sides for s in side]
    if any(latex[p:p + len(c)] != c for p, c in signs):
        return [chain]            # positions that do not match the text: never rewrite blindly
    return [replace(chain, latex=_with(latex, signs, _UPPER),
                    notes=chain.notes + ("the upper signs of \\pm/\\mp",)),
            replace(chain, latex=_with(latex, signs, _LOWER),
                    notes=chain.notes + ("the lower signs of \\pm/\\mp",))]
