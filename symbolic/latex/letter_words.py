"""Words written in letters where the reader must refuse rather than guess, with a message that
says what would read.

Two cases, both checked before a claim is read:

* ``Var(X)`` in italic letters is the variance (``italic_names.py``: no formula multiplies V, a
  and r by a bracket). That premise fails when the assumptions declare V, a and r each a
  quantity of its own (``--assume 'V \\in \\mathbb{R}' 'a > 0' 'r > 0'``): the writer then has
  three numbers whose product before a bracket is a formula, and the word is refused.
* a function of several declared matrices, ``\\mathrm{Attention}(Q, K, V)`` or italic
  ``Attention(Q,K,V)``: papers define attention this way, but the reader reads no function of
  matrices other than softmax (a matrix value it cannot name, of a shape the display does not
  give). The refusal says so, instead of calling the comma a decimal comma or the name a product
  of letters, and names what reads: the right side alone, or its value named by a declared matrix.
"""
from __future__ import annotations

import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok, fail, lex, text_of

# the italic word as italic_names.py rewrites it (not after a letter, a backslash or a brace)
_ITALIC_VAR = re.compile(r"(?<![\\A-Za-z{])Var(?=[(\[])")
_FONTS = frozenset([r"\mathrm", r"\text", r"\operatorname", r"\mathit", r"\textrm", r"\mathsf"])


# a name (a font command's braces or a letter) right before a bracket that holds a comma
_CALL = re.compile(r"[A-Za-z}]\s*(?:\\left)?\([^()]*,")


def check_letter_words(latex, assumptions: Sequence[str], functions, parse_assumptions) -> None:
    """Both checks of the module, on a claim or expression and its ``--assume`` strings
    (``parse_assumptions`` is the reader's, handed in: importing parse.py would be a cycle)."""
    if not isinstance(latex, str) or not assumptions:
        return                          # undeclared, V a r are no quantities and no matrix exists
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    var, call = _ITALIC_VAR.search(latex), _CALL.search(latex)
    if not (var or call):
        return
    try:
        declared = parse_assumptions(tuple(assumptions), functions=functions).symbols
        items = lex(latex) if call else ()
    except ParseError:
        return                          # the reader refuses the assumption or the LaTeX itself
    if var:
        check_italic_variance(declared)
    if call:
        check_matrix_calls([(latex, items)], declared)


def check_italic_variance(declared) -> None:
    """Refuse italic ``Var(`` when the assumptions declare V, a and r all three quantities."""
    if all(letter in declared for letter in ("V", "a", "r")):
        raise ParseError("'Var(' is written in italic letters and the assumptions declare V, a and r "
                         "each a quantity: the variance or their product V a r (...)? write "
                         "\\operatorname{Var}(...) for the variance, or V \\cdot a \\cdot r \\cdot (...) "
                         "for the product")


def _matrix_names(known) -> set[str]:
    return {name for name, value in known.items() if isinstance(value, sympy.MatrixSymbol)}


def _name_before(items, k):
    """The name written just before ``items[k]`` (a bracket): ``\\mathrm{Attention}`` or an
    italic run of two letters or more (``Attention``), with the index where it starts, or None."""
    if k >= 2 and isinstance(items[k - 1], Group) and items[k - 1].kind == "brace" \
            and isinstance(items[k - 2], Tok) and items[k - 2].text in _FONTS:
        return text_of(items[k - 2:k]).strip(), k - 2
    start = k
    while start > 0 and isinstance(items[start - 1], Tok) and len(items[start - 1].text) == 1 \
            and items[start - 1].text.isascii() and items[start - 1].text.isalpha():
        start -= 1
    if k - start >= 2 and not (start > 0 and isinstance(items[start - 1], Tok)
                               and items[start - 1].text in ("_", "^", "\\")):
        return text_of(items[start:k]).strip(), start
    return None


def _walk(items):
    yield items
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.items)


def check_matrix_calls(sides, known) -> None:
    """Refuse a named function applied to a list that holds a declared matrix (see the module)."""
    matrices = _matrix_names(known)
    if not matrices:
        return
    for text, side_items in sides:
        for items in _walk(tuple(side_items)):
            for k, item in enumerate(items):
                if not (isinstance(item, Group) and item.kind == "paren" and item.opener in ("(", r"\left(")):
                    continue
                if not any(isinstance(x, Tok) and x.text == "," for x in item.items):
                    continue
                if not any(isinstance(x, Tok) and x.text in matrices for x in item.items):
                    continue
                found = _name_before(items, k)
                if found is None:
                    continue
                name, start = found
                raise fail(text, items[start].col,
                           f"{name}({text_of(item.items).strip()}) is a function of several "
                           f"matrices, which the reader cannot read (only softmax of one matrix "
                           f"is read): check its right side alone as an expression, or name its "
                           f"value with a declared matrix (--assume 'O \\in \\mathbb{{R}}^{{n "
                           f"\\times d}}', O = ...)")
