"""The indices of an element ``x_{...}`` of an indexed name (one a sum binds: ``\\sum_j x_j``).

Letters written together in a subscript are never a product: TeX authors write ``s_{ij}`` for
row i, column j, ``A_{1j}`` for row 1 and ``x_{i1}`` for column 1. A number before a letter is
the one exception papers print (``\\theta_{2i}``, ``x_{2i-1}``: the element 2i). Read another
way (``s_{ab}`` as the element a·b, ``A_{1j}`` as the element j) the claim would be another one,
so every other juxtaposition is refused, and so is a name used with different numbers of
indices in one chain (``s_i`` beside ``s_{ab}``, ``s_{ii}`` beside ``s_{11}``): a vector and a
matrix cannot share a name.
"""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError

_TOKEN = re.compile(r"\\[A-Za-z]+|[A-Za-z]|\d+|\S")
_LETTERS = re.compile(r"[a-z]{2,3}")          # s_{ij}, a_{in}, t_{abc}: one index per letter
_NUMBER_LETTER = re.compile(r"1([a-z])")       # A_{1j}: row 1 (a coefficient 1 is never printed)
_LETTER_NUMBER = re.compile(r"([a-z])(\d)")    # x_{i1}: column 1 (nobody writes i2 for 2i)
_COEFFICIENT = re.compile(r"[2-9]\d*$")        # the 2 of x_{2i}, x_{2i-1}


def element_indices(context, name: str, part: str) -> list:
    """The indices one subscript part of the element ``name`` stands for (``ab`` -> [a, b],
    ``1j`` -> [1, j], ``2i-1`` -> [2i - 1]); refused where juxtaposed tokens could be a product.
    (A part that packs a bound index, ``ij`` under ``\\sum_j``, is read by the caller.)"""
    if _LETTERS.fullmatch(part) or _NUMBER_LETTER.fullmatch(part) or _LETTER_NUMBER.fullmatch(part):
        return [context.subscript(token) for token in _TOKEN.findall(part)]
    _refuse_juxtaposed(name, part)
    return [context.subscript(part)]


def _refuse_juxtaposed(name: str, part: str) -> None:
    """Refuse a subscript where two tokens stand side by side (``ab+1``, ``\\alpha\\beta``,
    ``Ab``, ``i1j``), except a number before a letter (``2i``, ``2i-1``)."""
    tokens = _TOKEN.findall(part)
    for a, b in zip(tokens, tokens[1:]):
        atom_a = a[0].isalnum() or (a.startswith("\\") and len(a) > 2)
        atom_b = b[0].isalnum() or (b.startswith("\\") and len(b) > 2)
        if atom_a and atom_b and not (_COEFFICIENT.match(a) and b.isalpha() and len(b) == 1):
            raise ParseError(f"the subscript of {name} writes {a} and {b} side by side beside an "
                             f"indexed {name.split('_', 1)[0]}: several indices, a label or a "
                             f"product? write {name.split('_', 1)[0]}_{{{a},{b}}} for two indices, "
                             f"or a product with \\cdot")


def check_rank(made, element: sympy.Indexed, name: str) -> None:
    """Refuse a name used with different numbers of indices in one chain (``s_i`` and ``s_{ab}``):
    one of them is a vector's element, the other a matrix's."""
    for other in made.values():
        if isinstance(other, sympy.Indexed) and other.base == element.base \
                and len(other.indices) != len(element.indices):
            base = element.base.label
            raise ParseError(f"{base} is written with {len(other.indices)} index(es) in one place and "
                             f"{len(element.indices)} in {name}: a vector and a matrix cannot share "
                             f"a name; write the indices with commas ({base}_{{a,b}}) or name "
                             f"the two quantities apart")


def check_packed_and_comma(values, facts=()) -> None:
    """Refuse one name written with packed and with comma-separated indices (``s_{ab}`` and
    ``s_{a,b}``, ``s_{12}`` and ``s_{1,2}``) where neither is bound
    by a sum: read as two names, the same entry would be two unrelated numbers (a true
    ``s_{ab} = s_{a,b}`` refuted), and as one, ``ab`` might be a label. The indices are compared
    as the letters, digits and Greek letters they are written with, whatever the base
    (``\\hat{s}_{ab}``)."""
    seen: dict[tuple, set] = {}
    for value in tuple(values) + tuple(facts):
        for sym in getattr(value, "free_symbols", ()):
            name = getattr(sym, "name", "")
            parts = _split(name)
            if parts is None:
                continue
            base, pieces = parts
            atoms = [_ATOMS.findall(p) for p in pieces]
            if any(not a or "".join(a) != p.replace(" ", "") for a, p in zip(atoms, pieces)):
                continue
            if len(pieces) == 1 and len(atoms[0]) < 2:
                continue                # x_i, x_1, x_\alpha: no other spelling to mistake
            if len(pieces) > 1 and any(len(a) > 1 for a in atoms):
                continue                # T_{ab,cd}: words or pairs, not one index a piece
            key = tuple(t for a in atoms for t in a)
            seen.setdefault((base, key), set()).add(name)
    for (base, letters), names in sorted(seen.items()):
        if len(names) > 1:
            raise ParseError(f"{base} is written with the indices {''.join(letters)} packed and with "
                             f"commas ({', '.join(sorted(names))}): one entry or a label and an "
                             f"entry? write the indices one way, {base}_{{{','.join(letters)}}}")


# one index written in a subscript: a letter, a digit or a Greek letter (``\\alpha``)
_ATOMS = re.compile(r"\\[A-Za-z]+|[A-Za-z0-9]")


def _split(name: str):
    if "_" not in name:
        return None
    base, sub = name.split("_", 1)
    sub = sub[1:-1] if sub.startswith("{") and sub.endswith("}") else sub
    if not base or not sub:
        return None
    return base, [p.strip() for p in sub.split(",")]
