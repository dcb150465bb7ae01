"""A definition that states the shape of what it defines: ``S = QK^\\top \\in \\mathbb{R}^{N \\times N}``.

Papers on attention write a matrix or vector definition with its space after it (FlashAttention:
``\\mathbf{S} = \\mathbf{Q}\\mathbf{K}^\\top \\in \\mathbb{R}^{N \\times N}``). The membership says
what the defined name is: a matrix (or a column vector, ``\\mathbb{R}^{B_r}``) of that shape. It is
read as the declaration ``S \\in \\mathbb{R}^{N \\times N}`` of the chain's first side (as a user
gives it with ``--assume``), and the chain without it is the claim. Every side of the claim must
then have that shape: the matrix reader refuses a side of another shape, and a side that reads
as a number (``m = \\max(a, b) \\in \\mathbb{R}^{B_r}``: entrywise maxima of vectors, which the
reader does not read) is refused too, so the stated shape is checked, never assumed away.

Read only when the membership is unmistakably a shape statement: one ``\\in`` at the top level,
after the last side of a chain of equalities or definitions whose first side is a name, and a
space with an exponent of sizes (``\\mathbb{R}^{d}``, ``\\mathbb{R}^{m \\times n}``). Anything else
is left to the formula reader, which refuses ``\\in`` inside a claim.
"""
from __future__ import annotations

import re

from symbolic.errors import ParseError
from symbolic.latex.lexer import RELATIONS, Group, Tok, lex, text_of

__all__ = ["shape_statement"]

_SPACE = re.compile(r"\s*\\mathbb\s*(?:\{\s*R\s*\}|R)\s*\^\s*(\{.*\}|[A-Za-z0-9])\s*[.,;]?\s*", re.S)
_EQUALITIES = frozenset(["=", ":=", r"\coloneqq", r"\triangleq"])


def shape_statement(latex: str, assumptions=()) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """``(claim, declarations, notes)``: the chain without a trailing shape membership, the
    declaration it makes (``S \\in \\mathbb{R}^{N \\times N}``) and a note saying so; the text
    unchanged with no declaration when there is no such membership.

    A vector space after a chain that only combines names entry by entry (see ``_entrywise``)
    with no matrix or vector declared anywhere (FlashAttention's ``m_i^{\\mathrm{new}} =
    \\max(m_i, \\tilde{m}_{ij}) \\in \\mathbb{R}^{B_r}``) is the claim for every entry: it is
    read as numbers, one entry each, without a declaration, and noted."""
    try:
        items = lex(latex)
    except ParseError:
        return latex, (), ()          # the formula reader reports it
    members = [k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == r"\in"]
    if len(members) != 1:
        return latex, (), ()
    at = members[0]
    before = items[:at]
    rels = [k for k, x in enumerate(before) if isinstance(x, Tok) and x.text in RELATIONS]
    if not rels:
        return latex, (), ()          # x \in R^d alone: a declaration, not a claim
    space = latex[items[at].col - 1 + len(r"\in"):]
    m = _SPACE.fullmatch(space)
    if m is None or m.group(1).strip("{} ") in ("", "+", "*", "-"):
        return latex, (), ()
    if any(before[k].text not in _EQUALITIES for k in rels):
        raise ParseError(r"a membership \in after an inequality cannot be read: it states the shape "
                         "of what an equation defines; write the claim alone and the shape with "
                         "--assume")
    first = before[:rels[0]]
    name = text_of(first).strip()
    if not _is_name(first):
        raise ParseError(f"the membership \\in {_short(m.group(0).strip())} after '{_short(name)}' "
                         "states a shape, but only the shape of a defined name can be read "
                         "(S = QK^\\top \\in \\mathbb{R}^{N \\times N}); give it with --assume")
    claim = latex[:items[at].col - 1].rstrip()
    space_text = r"\mathbb{R}^" + m.group(1).strip()
    if r"\times" not in m.group(1) and not any(r"\mathbb{R}^" in a.replace(" ", "")
                                                for a in assumptions) and _entrywise(before):
        return claim, (), (f"{name} and every name of the claim are vectors (\\in {space_text}) "
                           "combined entry by entry (sums, products, exp, log, max of "
                           "vectors): read as the claim for one entry, as numbers",)
    declaration = f"{name} \\in {space_text}"
    note = (f"the membership \\in {space_text} is read as the shape of {name} (declared, and every "
            "side of the claim must have it)")
    return claim, (declaration,), (note,)


def _is_name(items) -> bool:
    """A name a matrix can be declared as (``\\mathbf{S}``, ``\\tilde{m}_{ij}``, ``O_i``)."""
    from symbolic.latex.matrices import declared_name
    solid = [x for x in items if not (isinstance(x, Tok) and x.space)]
    if not solid or any(isinstance(x, Group) and x.kind != "brace" for x in solid):
        return False
    try:
        declared_name(text_of(solid))
    except ParseError:
        return False
    return True


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."



def scalar_sides(sides, symbols):
    """The sides with every row operation of a declared matrix left out (``\\mathrm{rowmax}(S)``
    with S declared: the matrix reader reads it as a column vector), for the check that refuses
    a row operation of anything else (of a number it would be an unknown function, another
    claim)."""
    import sympy

    from symbolic.latex.matrices import mentions
    from symbolic.latex.matrix_tokens import _function_name
    table = {key for key, value in symbols.items() if isinstance(value, sympy.MatrixSymbol)}
    if not table:
        return sides

    def keep(items):
        out, k = [], 0
        while k < len(items):
            item = items[k]
            if _function_name(items[k:k + 3]) is not None and mentions(items[k + 2].items, table):
                k += 3
                continue
            out.append(Group(item.kind, tuple(keep(item.items)), item.col, item.close_col,
                             item.opener) if isinstance(item, Group) else item)
            k += 1
        return out

    return [(text, tuple(keep(items))) for text, items in sides]


# word_with_subscript lives in matrix_tokens.py (the matrix reader uses it; shapes sits above)
from symbolic.latex.matrix_tokens import word_with_subscript  # noqa: E402,F401


_ENTRYWISE_COMMANDS = frozenset([r"\exp", r"\log", r"\ln", r"\max", r"\cdot", r"\left",
                                 r"\right", r"\tilde", r"\hat", r"\bar", r"\widetilde",
                                 r"\widehat"])
_ENTRYWISE_SIGNS = frozenset(["+", "-", "=", ",", "_", "^", "(", ")"])


def _entrywise(items, script: bool = False) -> bool:
    """Whether the items only combine lower-case names entry by entry: sums, differences,
    products, ``e^{...}``, ``\\exp``, ``\\log``, ``\\max(a, b)`` of vectors, and relations =.

    Anything that acts on a vector as a whole is excluded: capitals and bold letters (matrices),
    transposes, sums and products over an index, norms and bars, ``\\max_i`` (a maximum over
    entries), fractions and roots, powers of a name (``x^2``: a square or x^T x?), named
    functions (softmax, rowmax), ``\\sigma`` (the sigmoid, or softmax?) and Greek capitals.
    Subscripts are indices and may hold anything plain.
    """
    for k, item in enumerate(items):
        if isinstance(item, Tok) and item.space:
            continue
        if isinstance(item, Group):
            if item.kind not in ("brace", "paren") or item.opener not in ("{", "(", r"\left("):
                return False
            if item.kind == "paren" and not _opens_a_term(items, k):
                return False        # f(x), f_q(x_m, m): a function of the vector, not entry-wise
            after_script = k and isinstance(items[k - 1], Tok) and items[k - 1].text == "_"
            if not after_script and not _entrywise(item.items, script):
                return False
            continue
        text = item.text
        if text == "^":
            base = items[k - 1] if k else None
            if not (isinstance(base, Tok) and base.text == "e"):
                return False        # only e^{...}: a power of a vector is not entrywise
            continue
        if text == r"\max" and k + 1 < len(items) and isinstance(items[k + 1], Tok) \
                and items[k + 1].text == "_":
            return False            # \max_i x_i: the maximum of the entries
        if text in _ENTRYWISE_COMMANDS or text in _ENTRYWISE_SIGNS or text in RELATIONS \
                and RELATIONS[text] == "=":
            continue
        if text[0].isdigit() or len(text) == 1 and text.isascii() and text.islower():
            continue
        if text.startswith("\\") and text[1:] in _LOWER_GREEK:
            continue
        return False
    return True


def _opens_a_term(items, k) -> bool:
    """Whether the bracket at k follows a sign, a relation, the start or a known entry-wise
    function (``\\exp(``, ``\\max(``), never a name or a script (``f(x)``, ``f_q(x_m, m)``:
    a function of the whole vector, or a product; either way not read entry by entry)."""
    before = [x for x in items[:k] if not (isinstance(x, Tok) and x.space)]
    if not before:
        return True
    last = before[-1]
    if not isinstance(last, Tok):
        return False
    return last.text in _ENTRYWISE_SIGNS - {")", "_", "^"} or last.text in (
        r"\exp", r"\log", r"\ln", r"\max", r"\left", r"\cdot") or last.text in RELATIONS


_LOWER_GREEK = frozenset("""alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota
kappa lambda mu nu xi rho varrho tau upsilon phi varphi chi psi omega ell""".split())
