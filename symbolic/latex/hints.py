"""Hints for refusals the reader cannot pin on one token: what to write instead of a side the
parsing library stopped in, and names with a ``\\max``/``\\min`` label in assumptions.

They look only at the user's own items and text, so a refusal names what the user wrote.
"""
from __future__ import annotations

import re

from symbolic.latex.lexer import Group, Tok, text_of
from symbolic.latex.library import _short


def library_hint(items) -> str:
    """What to write instead, for a side the library could not parse: the constructs it is
    known to stop at, found in the user's items, else the general advice."""
    def walk(run):
        prev = None
        for item in run:
            if isinstance(item, Tok) and item.space:
                continue
            if isinstance(item, Tok) and item.text in ("_", "^") and isinstance(prev, Group) \
                    and prev.kind in ("paren", "abs", "brace") and item.text == "_":
                return (f"a subscript after a bracket or a group ('{_short(text_of((prev, item)))}...') "
                        f"cannot be read: put the index on the name inside (x_q, \\mathbf{{W}}_q)")
            if isinstance(item, Group):
                if not [x for x in item.items if not (isinstance(x, Tok) and x.space)]:
                    return "an empty group {} or () cannot be read: fill in or remove it"
                found = walk(item.items)
                if found:
                    return found
            prev = item
        return None
    return walk(items) or ("this side could not be parsed as written: check its brackets and "
                           "scripts, write products with \\cdot and functions with "
                           "\\operatorname{...}(...)")


def labelled(name: str) -> str:
    """A name with a \\max/\\min label (``n_{\\max}``) spelled as the claim reads it, n_{max}."""
    return re.sub(r"_\s*(?:\{\s*\\(max|min)\s*\}|\\(max|min)(?![A-Za-z]))",
                  lambda m: "_{%s}" % (m.group(1) or m.group(2)), name)
