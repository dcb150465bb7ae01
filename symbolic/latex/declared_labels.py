"""Superscripts the user declares labels: ``--assume 'l \\text{ is a label}'`` reads ``a_i^l`` as
``a_{i,l}`` (unit i of layer l) and ``\\mu^l`` as ``\\mu_{l}``, the layer-normalisation paper's
notation, where the text states that l is the layer.

Undeclared, ``\\mu^l = \\frac{1}{H}\\sum_i a_i^l`` is refused (a label or a power?). Declared, the
letter is a label wherever it is a superscript of a name, and the display is refused where it
could still be a power: on a number, ``e``, ``i`` or a bracket (``(a + b)^l``, ``2^l``), or inside
a longer exponent (``x^{2l}``, ``x^{l/2}``); ``^{l+1}`` and ``^{l-1}`` are the next and previous
layer. A name written both with the label and without it (``\\mu^l`` beside ``\\mu`` or
``\\mu_i``) is refused too: read as subscripts the two would be one family, or a family and a
number, and which one the bare name means is not written.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from symbolic.errors import ParseError
from symbolic.latex.labels import _NAME_FONTS, _base_name, _end, _script_text
from symbolic.latex.lexer import Group, Tok, lex

__all__ = ["declared_labels", "read_with_labels"]

_DECLARED = re.compile(r"^\s*(?P<letters>[A-Za-z](?:\s*,\s*[A-Za-z])*)\s*"
                       r"\\(?:text|textrm|mathrm)\s*\{\s*(?:is a label|are labels)\s*\}\s*$")
# l+1 and l-1 name the next and previous layer; l+0 is the layer l itself, so it is refused
# (read as a name of its own, \mu^{l+0} would be another quantity than \mu^l)
_NEXT = re.compile(r"^(?P<letter>[A-Za-z])\s*(?:[+-]\s*[1-9]\d*)?$")


def _is_declaration(text) -> bool:
    return isinstance(text, str) and _DECLARED.match(text) is not None


def declared_labels(assumptions: Sequence[str] | str) -> tuple[str, ...]:
    """The letters that the assumptions declare labels (``l \\text{ is a label}``)."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    found = []
    for text in assumptions:
        if _is_declaration(text):
            found += [x.strip() for x in _DECLARED.match(text).group("letters").split(",")]
    return tuple(dict.fromkeys(found))


def _solid(items) -> list:
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _exponent(latex: str, arg) -> str:
    """The written text of a superscript argument, without its braces."""
    if isinstance(arg, Group) and arg.kind == "brace":
        return latex[arg.col:arg.close_col - 1].strip()
    return _script_text(latex, arg)


def _mentions(text: str, letter: str) -> bool:
    return re.search(rf"(?<![A-Za-z\\]){letter}(?![A-Za-z])", text) is not None


def _differential(text: str, letter: str) -> bool:
    """Whether ``text`` writes the letter's differential glued to its d (``\\int \\mu^l dl``),
    where the letter is a variable of integration or differentiation, a value."""
    return re.search(rf"(?<![A-Za-z\\])d\s*{letter}(?![A-Za-z])", text) is not None


def _walk(items, latex, letters, edits, labelled, used) -> None:
    items = _solid(items)
    for k, item in enumerate(items):
        if isinstance(item, Group):
            _walk(item.items, latex, letters, edits, labelled, used)
            continue
        if item.text != "^" or k + 1 >= len(items):
            continue
        exponent = _exponent(latex, items[k + 1])
        mentioned = [x for x in letters if _mentions(exponent, x)]
        if not mentioned:
            continue
        m = _NEXT.match(exponent)
        if m is None or m.group("letter") not in letters:
            raise ParseError(f"^{{{exponent}}} holds {mentioned[0]}, declared a label: a power "
                             f"with a label in it cannot be read; write the label as a subscript")
        used.add(item.col)
        start, end = item.col - 1, _end(items[k + 1])
        sub = None
        if k >= 3 and isinstance(items[k - 2], Tok) and items[k - 2].text == "_":
            base = _base_name(items, k - 3)                       # a_i^l
            sub = _script_text(latex, items[k - 1])
            start = items[k - 2].col - 1
            used.add(items[k - 2].col)
        else:
            base = _base_name(items, k - 1) if k >= 1 else None    # a^l or a^l_i
            if k + 3 < len(items) and isinstance(items[k + 2], Tok) and items[k + 2].text == "_":
                sub = _script_text(latex, items[k + 3])
                end = _end(items[k + 3])
                used.add(items[k + 2].col)
        if base is None:
            raise ParseError(f"^{exponent} is written on something other than a name (a number, "
                             f"e, i, a bracket, an operator), where it is a power or a bound, yet "
                             f"{m.group('letter')} is declared a label: write the label as a "
                             f"subscript, or the power with another letter")
        if base in labelled and labelled[base] != (sub is None):
            # a^l beside a_i^l: the layer's vector and its entry i, read as two unrelated names
            raise ParseError(f"{base} is written with a declared label both with and without an "
                             f"index ({base}^l and {base}_i^l): name the vector and its entries apart")
        labelled[base] = sub is None
        edits.append((start, end, "_{" + ",".join(p for p in (sub, exponent) if p) + "}"))


def _bare(items, latex, labelled, used, out) -> None:
    """Names of ``labelled`` written in ``items`` without their label (``\\mu``, ``\\mu_i``)."""
    items = _solid(items)
    for k, item in enumerate(items):
        if isinstance(item, Group):
            if not (k >= 1 and isinstance(items[k - 1], Tok) and items[k - 1].text in _NAME_FONTS):
                _bare(item.items, latex, labelled, used, out)    # not the a of \hat{a}
            continue
        base = _base_name(items, k)
        if base is None:
            if isinstance(item, Tok) and item.text in labelled:
                base = item.text
            else:
                continue
        if base not in labelled:
            continue
        after = items[k + 1] if k + 1 < len(items) else None
        nxt = items[k + 3] if k + 3 < len(items) else None
        for script in (after, nxt):
            if isinstance(script, Tok) and script.text == "^" and script.col not in used:
                # \sigma^l beside \sigma^2: the 2 may be a square or the layer 2
                raise ParseError(f"{base} is written with a declared label and with another "
                                 f"superscript, which may be a power or a label: bracket the "
                                 f"power, ({base}^l)^2")
        if isinstance(after, Tok) and after.text in "^_" and after.col in used:
            continue
        if isinstance(after, Tok) and after.text == "_" and isinstance(nxt, Tok) \
                and nxt.text == "^" and nxt.col in used:
            continue
        out.add(base)


def relabel(latex: str, letters: Sequence[str]) -> str:
    """``latex`` with every declared label superscript written as the name's last subscript."""
    if "^" not in latex or not letters:
        return latex
    items = lex(latex)
    edits: list = []
    labelled: dict = {}
    used: set = set()
    _walk(items, latex, tuple(letters), edits, labelled, used)
    bare: set = set()
    _bare(items, latex, labelled, used, bare)
    if bare:
        name = sorted(bare)[0]
        raise ParseError(f"{name} is written with a declared label and without it: read as "
                         f"subscripts both would be one name; name the quantity without a "
                         f"label apart")
    rest = latex
    for start, end, _ in sorted(edits, reverse=True):
        rest = rest[:start] + " " + rest[end:]
    for letter in letters:
        if _mentions(rest, letter) or _differential(rest, letter):
            # \sum_{l=1}^{L} \mu^l: the labelled names are read as names of their own, which
            # do not change with a bound l (the sum would be L times one term)
            raise ParseError(f"{letter} is declared a label and also written as a value (a bound "
                             f"index or a number): the labelled names cannot follow it; write the "
                             f"layer as a subscript (\\mu_{letter})")
    for start, end, new in sorted(edits, reverse=True):
        latex = latex[:start] + new + latex[end:]
    return latex


def read_with_labels(latex: str, reader, options: dict):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), the declared
    label superscripts written as subscripts and the declarations left out of the assumptions."""
    import dataclasses
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    letters = declared_labels(assumptions)
    # the assumptions name the labelled quantities as the claim does: \sigma^l > 0 is \sigma_{l} > 0
    rest = tuple(relabel(a, letters) if isinstance(a, str) else a
                 for a in assumptions if not _is_declaration(a))
    text = relabel(latex, letters)
    for a in assumptions:
        if isinstance(a, str) and not _is_declaration(a) and text != latex:
            # an assumption on the bare name (\sigma > 0 beside \sigma^l) or on the label
            # (l = 3): read apart, it would constrain another quantity than the claim's
            relabel(latex + r" \quad " + a, letters)
    parsed = reader(text, **dict(options, assumptions=rest))
    if text == latex:
        return parsed
    note = (f"{', '.join(letters)} declared a label: a superscript {letters[0]} on a name is "
            f"read as its last subscript (a_i^{letters[0]} is a_{{i,{letters[0]}}})")
    return dataclasses.replace(parsed, notes=tuple(sorted(set(parsed.notes) | {note})))
