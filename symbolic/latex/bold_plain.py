"""One letter written bold and plain beside a declaration of it: one vector, or two things?

The matrix reader takes bold as a mark of a matrix or a vector, not as part of its name
(``\\mathbf{Q}`` declared is ``Q``), as papers mostly mean. A text that writes both
``\\mathbf{x}`` and a plain ``x`` while declaring either of them (``x, \\mathbf{x} \\in
\\mathbb{R}^d``) would read them as one name, and ``\\mathbf{x} - x = 0`` would be proved: such a
claim is refused. Subscripts are left out (``\\mathbf{W}_q \\mathbf{q}``: the subscript q is a label),
braced superscripts are not (``e^{\\mathbf{x}^\\top y - x^\\top y}``),
and so are words (``\\mathrm{...}``, ``\\text{...}``).
"""
from __future__ import annotations

from symbolic.errors import ParseError
from symbolic.latex.lexer import GREEK, Group, Tok, lex

__all__ = ["bold_declared", "refuse_bold_and_plain"]

_BOLD = frozenset([r"\mathbf", r"\boldsymbol", r"\bm"])
_WORDS = frozenset([r"\mathrm", r"\text", r"\textrm", r"\operatorname", r"\mathit", r"\mathsf",
                    r"\mathcal", r"\mathbb", r"\tag", r"\label"])


def refuse_bold_and_plain(latex: str, assumptions=()) -> None:
    """Refuse a letter written both bold and plain in the claim ``latex``, or both in the
    ``assumptions``, when either spelling is declared (left of ``\\in``). One spelling declared
    and the other written in the claim is one name, as papers mean."""
    texts = [latex] + [a for a in (assumptions or ()) if isinstance(a, str)]
    if not any("\\in" in a for a in texts[1:]) and "\\in" not in latex:
        return
    declared: set[str] = set()
    seen = []           # (bold, plain) of the claim, then of the assumptions together
    for group in ([latex], texts[1:]):
        bold: set[str] = set()
        plain: set[str] = set()
        for text in group:
            try:
                items = lex(text)
            except ParseError:
                continue                # the reader itself reports it
            _letters(items, bold, plain, declared, False)
        seen.append(bold & plain)
    for letter in sorted((seen[0] | seen[1]) & declared):
        shown = letter if len(letter) == 1 else "\\" + letter
        raise ParseError(f"\\mathbf{{{shown}}} and {shown} are both written, and one of them is "
                         f"declared: read as one vector they would be one name (\\mathbf{{{shown}}}"
                         f" - {shown} = 0); write one spelling, or name the other apart")


def _letter(item) -> str | None:
    if isinstance(item, Tok):
        text = item.text
        if len(text) == 1 and text.isascii() and text.isalpha():
            return text
        if text.startswith("\\") and text[1:] in GREEK:
            return text[1:]
    return None


def _letters(items, bold, plain, declared, in_declaration) -> None:
    member = next((k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == r"\in"), None)
    k = 0
    while k < len(items):
        item = items[k]
        left = in_declaration or (member is not None and k < member)
        if isinstance(item, Tok) and item.text in ("_", "^"):
            # a subscript holds labels and indices (\mathbf{W}_q \mathbf{q}); a braced
            # superscript may hold the vectors themselves (e^{\mathbf{x}^\top y - x^\top y})
            if item.text == "^" and k + 1 < len(items) and isinstance(items[k + 1], Group):
                _letters(items[k + 1].items, bold, plain, declared, left)
            k += 2
            continue
        if isinstance(item, Tok) and item.text in _WORDS:
            k += 2                      # a word or a font that names something else
            continue
        if isinstance(item, Tok) and item.text in _BOLD and k + 1 < len(items):
            inner = items[k + 1]
            if isinstance(inner, Group):
                solid = [x for x in inner.items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1 and (name := _letter(solid[0])) is not None:
                    bold.add(name)
                    if left:
                        declared.add(name)
            k += 2
            continue
        if isinstance(item, Group):
            _letters(item.items, bold, plain, declared, left)
        elif (name := _letter(item)) is not None:
            plain.add(name)
            if left:
                declared.add(name)
        k += 1


def bold_declared(assumptions) -> frozenset[str]:
    """The letters the ``assumptions`` write only bold (``x`` of ``\\mathbf{x} \\in
    \\mathbb{R}^n``): a name made for such a vector is declared bold too (vector_iterates.py)."""
    bold: set[str] = set()
    plain: set[str] = set()
    for text in assumptions or ():
        if not isinstance(text, str):
            continue
        try:
            items = lex(text)
        except ParseError:
            continue
        _letters(items, bold, plain, set(), False)
    return frozenset(bold - plain)
