"""Refusals about a whole side of a relation, made before the reader reads it: one letter that is
a label or a power (``\\mu^l = ... a_i^l``, see defined_labels), and ``i`` alone on a side.

``i = \\lfloor k/B_r \\rfloor`` gives the index i a value; ``i = \\sqrt{-1}`` names the imaginary
unit. Read as the unit, the first is a false claim about the unit (refuted with a "counterexample"
the writer never meant); read as a letter, the second is false. The formula cannot tell them
apart, so ``i`` alone on a side is refused unless it was declared (``--assume``).
"""
from __future__ import annotations

from typing import Mapping

from symbolic.errors import ParseError
from symbolic.latex.defined_labels import check_defined_labels
from symbolic.latex.lexer import Tok
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
