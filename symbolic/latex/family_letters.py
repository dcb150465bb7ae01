"""An assumption about ``x_n`` when n is also the end of a range in the claim.

``--assume 'x_j > 0'`` with a letter index is about every element x_1, x_2, ... (docs/reading.md).
When that letter is the end of a sum, product, max or min in the claim (``\\max_{j=1}^{n} x_j \\le
\\sum_{j=1}^{n} x_j`` under ``x_n \\ge 0``), the writer names one element, the last: read for
every element, the assumption would make a false claim true (x = (1, -5, 0)). Such a claim is
refused, saying how to write either meaning.
"""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError
from symbolic.latex.convert import split_name


def check_range_ends(assumptions, values) -> None:
    """Refuse when the letter index of a family assumption (x_n > 0) ends a range of ``values``."""
    letters = {}
    for name in assumptions.symbols:
        parts = split_name(name) if isinstance(name, str) else None
        if parts and len(parts[1]) == 1 and re.fullmatch(r"[a-z]", parts[1][0]) \
                and parts[0] in assumptions.families:
            letters.setdefault(parts[1][0], name)
    if not letters:
        return
    ends = set()
    for value in values:
        for node in sympy.preorder_traversal(value):
            for limit in getattr(node, "limits", ()) if isinstance(node, sympy.Basic) else ():
                if isinstance(limit, sympy.Tuple) and len(limit) == 3:
                    ends |= {s.name for s in limit[1].free_symbols | limit[2].free_symbols}
    for letter, name in sorted(letters.items()):
        if letter in ends:
            raise ParseError(
                f"the assumption about {name} has a letter index, which makes it about every "
                f"element, but {letter} also ends a range in the claim, where {name} is one "
                f"element: for every element write the assumption with a letter the claim does "
                f"not use (x_k > 0); for that element alone, write its index as a value "
                f"(x_{{3}}) or state it as a premise of an implication")
