"""One letter written bold and plain beside a declaration of it: one vector, or two things?

The matrix reader takes bold as a mark of a matrix or a vector, not as part of its name
(``\\mathbf{Q}`` declared is ``Q``), as papers mostly mean: one spelling declared and the other
written is one name. Where a declared letter is *used* in both spellings with the same subscript
(``\\mathbf{x} - x``, ``\\mathbf{x}_1`` beside ``x_1``), in the claim and the assumptions
together, the two would be read as one name and ``\\mathbf{x} - x = 0`` proved: refused; so is
a letter declared in both spellings with two spaces. A bold vector beside its plain entries
(``\\mathbf{z}`` and ``z_i``) is the usual convention and reads. Declarations are the names
before ``\\in`` (after the last relation's comma: ``a > 0, x \\in \\mathbb{R}^d``; a definition
with its shape, ``S = QK^\\top \\in ...``, declares nothing). Subscripts are labels and are
not searched; braced superscripts are (``e^{\\mathbf{x}^\\top y - x^\\top y}``); words
(``\\mathrm{...}``, ``\\text{...}``) are left out. The checks run once, on the user's own text
(``user_text_checks``), never on a pre-pass's rewriting.
"""
from __future__ import annotations

import functools
from contextvars import ContextVar

from symbolic.errors import ParseError
from symbolic.latex.labels import refuse_labels_across
from symbolic.latex.lexer import GREEK, RELATIONS, Group, Tok, lex, text_of

__all__ = ["refuse_bold_and_plain", "user_text_checks"]

# whether a reader call is the user's own text (False inside a pre-pass that re-reads a rewriting:
# its rewritten names, x^{(t)} as x_t beside a declaration, are the reader's, not the user's)
_OUTERMOST: ContextVar[bool] = ContextVar("stepcheck_outermost_reading", default=True)


def user_text_checks(reader):
    """Decorate a reader (parse_chain, parse_expression) with the checks made once on what the
    user wrote: a letter bold and plain beside a declaration, a label in the claim and an index in
    an assumption (labels.py). Calls nested inside it (pre-passes) skip them."""
    @functools.wraps(reader)
    def wrapper(latex, *args, **kwargs):
        if not _OUTERMOST.get():
            return reader(latex, *args, **kwargs)
        assumptions = kwargs.get("assumptions", ()) or ()
        assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
        if isinstance(latex, str):
            refuse_bold_and_plain(latex, assumptions)
            refuse_labels_across(latex, assumptions)
        token = _OUTERMOST.set(False)
        try:
            return reader(latex, *args, **kwargs)
        finally:
            _OUTERMOST.reset(token)
    return wrapper


_BOLD = frozenset([r"\mathbf", r"\boldsymbol", r"\bm"])
_WORDS = frozenset([r"\mathrm", r"\text", r"\textrm", r"\operatorname", r"\mathit", r"\mathsf",
                    r"\mathcal", r"\mathbb", r"\tag", r"\label"])


def refuse_bold_and_plain(latex: str, assumptions=()) -> None:
    """Refuse a letter declared (left of ``\\in``) in one spelling or both, and used outside its
    declarations in both spellings, bold and plain, anywhere in the claim ``latex`` and the
    ``assumptions``; or declared in both spellings with two spaces. One spelling declared and
    the other written (or the same space declared in both) is one name, as papers mean."""
    texts = [latex] + [a for a in (assumptions or ()) if isinstance(a, str)]
    if not any("\\in" in a for a in texts):
        return
    uses = {"bold": set(), "plain": set()}
    spaces = {"bold": {}, "plain": {}}          # letter -> the spaces it is declared in
    for text in texts:
        try:
            items = lex(text)
        except ParseError:
            continue                    # the reader itself reports it
        _letters(items, uses, spaces, None)
    declared = set(spaces["bold"]) | set(spaces["plain"])
    for letter in sorted(declared):
        shown = letter if len(letter) == 1 else "\\" + letter
        both_used = any(name == letter for name, _ in uses["bold"] & uses["plain"])
        two_spaces = letter in spaces["bold"] and letter in spaces["plain"] \
            and spaces["bold"][letter] != spaces["plain"][letter]
        if both_used or two_spaces:
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


def _letters(items, uses, spaces, space) -> None:
    """Record each letter's spelling: a use, or (``space`` given: left of ``\\in``) a declaration."""
    member = next((k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == r"\in"), None)
    start = 0
    if member is not None:
        # S = QK^T \in R^{N x N}: a definition with its shape, names used (but a > 0, x, y \in
        # R^d declares x and y: the names after the comma that follows the last relation)
        last = max((k for k, x in enumerate(items[:member]) if isinstance(x, Tok) and x.text in RELATIONS),
                   default=None)
        if last is not None:
            start = next((k + 1 for k in range(last, member)
                          if isinstance(items[k], Tok) and items[k].text == ","), None)
            if start is None:
                member, start = None, 0
    after = "".join(text_of(items[member + 1:]).split()).replace("{", "").replace("}", "") \
        if member is not None else None
    k = 0
    while k < len(items):
        item = items[k]
        here = space if space is not None else \
            (after if member is not None and start <= k < member else None)
        if isinstance(item, Tok) and item.text in ("_", "^"):
            # a subscript holds labels and indices (\mathbf{W}_q \mathbf{q}); a braced
            # superscript may hold the vectors themselves (e^{\mathbf{x}^\top y - x^\top y})
            if item.text == "^" and k + 1 < len(items) and isinstance(items[k + 1], Group):
                _letters(items[k + 1].items, uses, spaces, here)
            k += 2
            continue
        if isinstance(item, Tok) and item.text in _WORDS:
            k += 2                      # a word or a font that names something else
            continue
        spelling, name = None, None
        if isinstance(item, Tok) and item.text in _BOLD and k + 1 < len(items):
            inner = items[k + 1]
            if isinstance(inner, Group):
                solid = [x for x in inner.items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1:
                    spelling, name = "bold", _letter(solid[0])
            k += 1
        elif isinstance(item, Group):
            _letters(item.items, uses, spaces, here)
        else:
            spelling, name = "plain", _letter(item)
        if name is not None:
            if here is not None:
                spaces[spelling].setdefault(name, set()).add(here)
            else:
                # keyed with the subscript: \mathbf{z} (the vector) beside z_i (its entries) is
                # the usual convention; \mathbf{x} beside x, or \mathbf{x}_1 beside x_1, is not
                uses[spelling].add((name, _subscript_after(items, k)))
        k += 1


def _subscript_after(items, k) -> str | None:
    """The subscript written right after the name ending at ``items[k]``, as text, or None."""
    if k + 2 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text == "_":
        return "".join(text_of([items[k + 2]]).split()).strip("{}")
    return None
