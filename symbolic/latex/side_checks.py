"""Refusals about a whole side of a relation, made before the reader reads it: one letter that is
a label or a power (``\\mu^l = ... a_i^l``, see defined_labels), and ``i`` alone on a side.

``i = \\lfloor k/B_r \\rfloor`` gives the index i a value; ``i = \\sqrt{-1}`` names the imaginary
unit. Read as the unit, the first is a false claim about the unit (refuted with a "counterexample"
the writer never meant); read as a letter, the second is false. The formula cannot tell them
apart, so ``i`` alone on a side is refused unless it was declared (``--assume``). Also a colon
(a slice, a map's signature, a ratio: ``check_colon``) and a wide space ``~~`` inside a side
(``check_wide_space``), before the side is read.
"""
from __future__ import annotations

import re
from typing import Mapping

import symbolic.latex.slices as slices
from symbolic.errors import ParseError
from symbolic.latex.defined_labels import check_defined_labels
from symbolic.latex.lexer import Tok, fail
from symbolic.latex.refusals import i_compared


def _lone_i(items) -> bool:
    solid = [x for x in items if not (isinstance(x, Tok) and x.space)]
    return len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text == "i"


def check_sides(sides, rels, known: Mapping[str, object]) -> None:
    """Every refusal of this module for the sides of one chain (``known``: declared names).

    ``i`` beside an order (``j \\le i``) is an index already (``i_compared``): not refused.
    """
    check_defined_labels(sides)
    if "i" in known or not rels or i_compared(sides, rels):
        return
    if any(_lone_i(items) for _, items in sides):
        raise ParseError(r"i alone on one side is an index given a value (i = \lfloor k/B \rfloor) "
                         r"or the imaginary unit (i = \sqrt{-1}): write \mathrm{i} for the unit, "
                         r"or declare the index with --assume 'i \in \mathbb{Z}'")


def check_colon(latex: str) -> None:
    """Refuse a colon with what it most likely is (the lexer only knows it is unexpected):
    a slice ``S_{:,:j}``, the signature of a map ``f: A \\to B``, or a ratio, a line number
    or 'such that'. ``:=`` and ``\\:`` (a space) are not colons."""
    text = re.sub(r":=|=:|\\:|\\coloneqq|\\eqqcolon", "  ", latex)
    # words keep their colons (the lexer reads \text{...} on its own); same length, same columns
    text = re.sub(r"\\(?:text|textrm|mathrm|operatorname|mbox)\s*\{[^{}]*\}",
                  lambda m: " " * len(m.group()), text)
    at = text.find(":")
    if at < 0:
        return
    depth, k = 0, at
    while k > 0:                      # is the colon inside a subscript's braces?
        k -= 1
        if text[k] == "}":
            depth += 1
        elif text[k] == "{":
            if depth == 0:
                if text[:k].rstrip().endswith("_"):
                    raise fail(latex, at + 1, slices.refusal(latex, at) or "a slice (S_{:,:j}, "
                               "g_{1:T}, q_{[2i:2i+1]}) selects several entries of a matrix or "
                               "vector, which the reader cannot read; name the part (S_j) or "
                               "write its entries")
                break
            depth -= 1
    if re.search(r"\\(?:to|rightarrow|mapsto|longrightarrow)(?![A-Za-z])", text[at:]):
        raise fail(latex, at + 1, "the signature of a map (f: A \\to B) says what a function "
                   "acts on, not a relation between values: it is not a claim")
    raise fail(latex, at + 1, "a colon (a ratio a:b, 'such that' in a set, or a line number) "
               "cannot be read: write \\frac{a}{b} for a ratio, := for a definition")


def check_wide_space(text, items) -> None:
    """Refuse ``~~`` (two unbreakable spaces or more) inside a side: a gap that separates two
    formulas, as ``\\quad`` does; read as a product it would join them into another claim."""
    run = 0
    for item in items:
        if isinstance(item, Tok) and item.text == "~":
            run += 1
            if run == 2:
                raise fail(text, item.col, "a wide space (~~) separates two formulas (or a formula "
                           "and a condition); check each claim on its own")
        elif not (isinstance(item, Tok) and item.text.isspace()):
            run = 0
