"""``L'``, ``b''``, ``\\theta^\\prime`` declared quantities of their own, as a user says with
``--assume "L' \\in \\mathbb{R}"``.

A prime on a letter is a derivative (``f'(x)``) or the name of another quantity (YaRN's extended
context length ``L'``, a new base ``b'``): each reading checks another claim, so an undeclared
prime on a plain letter is refused. A membership assumption ``L' \\in \\mathbb{R}`` (or a space
of vectors or matrices, ``V' \\in \\mathbb{R}^{n \\times d}``) says that ``L'`` is a number of its
own, which a derivative of an unknown function is not. The reader then reads every ``L'``
(``L^\\prime``, ``L^{\\prime}``, ``L’``) of the claim and of its assumptions with exactly that many
primes as one symbol named ``L'``, distinct from ``L``; other primes keep their ordinary rules.

Refused even when declared: the declared name before a bracket (``L'(x)``: the derivative of a
function L at x, or L' times x?), with a subscript after the primes (``L'_i``: an element of L',
or the derivative of L_i?), and a name declared both a function (``--function L``) and a primed
quantity.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError

_BASE = (r"(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}"
         r"|\\[A-Za-z]+(?![A-Za-z])|(?<![A-Za-z\\])[A-Za-z])")
# the primes after a name: L', L'', L’ (a typographic apostrophe), L^\prime, L^{\prime\prime}
_MARKS = (r"(?:\s*(?:'|’))+"
          r"|\s*\^\s*(?:\\prime(?![A-Za-z])|\{\s*(?:\\prime(?![A-Za-z])\s*)+\})")
_ONE = re.compile(r"(?P<base>" + _BASE + r")(?P<marks>" + _MARKS + r")")
_DECLARED = re.compile(r"^\s*(?P<names>" + _BASE + r"(?:" + _MARKS + r")(?:\s*,\s*" + _BASE +
                       r"(?:" + _MARKS + r"))*)\s*\\in(?![A-Za-z])")
_COMPLEX = re.compile(r"\s*(?:\\mathbb\s*\{?\s*C\b|\\C\b|\\mathbf\s*\{\s*C\s*\})")
_PLACEHOLDER = "z_{Zprime%s}"   # lowercase: a capital after a factor may be a matrix
_RESERVED = "Zprime"


def _key(match: re.Match) -> tuple[str, int]:
    """(base without spaces, number of primes) of one primed name."""
    marks = match.group("marks")
    count = marks.count("'") + marks.count("’") + marks.count(r"\prime")
    return re.sub(r"\s+", "", match.group("base")), count


def _shown(key: tuple[str, int]) -> str:
    base, count = key
    return base + "'" * count


def declared_primes(assumptions: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """The primed names (base, number of primes) that membership assumptions declare real."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    found = []
    for text in assumptions:
        m = _DECLARED.match(text)
        # L' \in \mathbb{C} does not tell a complex quantity L' from the derivative of a complex
        # function: only a real set (or space) declares a number of its own
        if m and not _COMPLEX.match(text[m.end():]):
            found += [_key(one) for one in _ONE.finditer(m.group("names"))]
    return tuple(dict.fromkeys(found))


def _replace(text: str, names: dict, functions: frozenset, braced: bool = True) -> str:
    """``text`` with each declared primed name replaced by its placeholder."""
    def put(m: re.Match) -> str:
        key = _key(m)
        if key not in names:
            return m.group(0)
        rest = text[m.end():].lstrip()
        shown = _shown(key)
        if key[0].lstrip("\\") in functions or key[0] in functions:
            raise ParseError(f"{key[0]} is declared a function and {shown} a quantity of its own: "
                             f"{shown} could be its derivative; give the quantity another name")
        if rest.startswith(("(", r"\left(", r"\left (", r"\bigl(", r"\big(")):
            raise ParseError(f"{shown} is declared a quantity of its own, and {shown}(...) may be "
                             f"a derivative at a point or {shown} times (...): write {shown} "
                             f"\\cdot (...) for a product, or name the function and declare it "
                             f"with --function")
        if rest.startswith("_"):
            # (a power after the primes, b'^{2}, is a power of the declared quantity)
            raise ParseError(f"{shown} is declared a quantity of its own; a subscript after its "
                             f"primes ({shown}_...) may be an index of {shown} or the derivative "
                             f"of an indexed name: name the quantity without a prime (L_2, "
                             f"L_{{new}})")
        if not braced:
            return names[key]
        before = text[:m.start()].rstrip()
        if before.endswith(("^", "_")):
            # TeX's one-token rule: a^b' is a^b with a second superscript (a TeX error)
            raise ParseError(f"{before[-1]}{shown} without braces is a double script in TeX: "
                             f"write {before[-1]}{{{shown}}}")
        # bare, after a space: 2\pi{Z_{A}} would lose the \pi in the library's parse
        return " " + names[key]
    return _ONE.sub(put, text)


def read_with_primes(latex: str, reader, assumptions, imaginary_unit, functions):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), each declared
    primed name read as one symbol named with its primes (``L'``)."""
    if _RESERVED in latex:
        raise ParseError(f"the name {_RESERVED} is reserved by the reader")
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    options = dict(imaginary_unit=imaginary_unit, functions=functions)
    functions = frozenset([functions] if isinstance(functions, str) else functions or ())
    keys = declared_primes(assumptions)
    if len(keys) > 26:
        raise ParseError("more than 26 primed names are declared: name some without primes")
    names = {key: _PLACEHOLDER % chr(ord("A") + k) for k, key in enumerate(keys)}
    text = _replace(latex, names, functions)
    given = tuple(_replace(a, names, functions, braced=False) for a in assumptions)
    parsed = reader(text, **dict(options, assumptions=given))
    back = {placeholder: _shown(key) for key, placeholder in names.items()}

    def rename(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {}
        for s in expr.free_symbols:
            if isinstance(s, (sympy.Symbol, sympy.MatrixSymbol)) and s.name in back:
                name = back[s.name]
                mapping[s] = sympy.MatrixSymbol(name, *s.shape) \
                    if isinstance(s, sympy.MatrixSymbol) else sympy.Symbol(name, **s.assumptions0)
        return expr.xreplace(mapping) if mapping else expr

    def shown(text_: str) -> str:
        for placeholder, name in back.items():
            # (" " + placeholder: the space _replace put before it)
            text_ = text_.replace(" " + placeholder, name).replace(placeholder, name)
        return text_

    from symbolic.latex.stars import relabelled
    note = ("declared by the assumptions as quantities of their own, not derivatives: " +
            ", ".join(_shown(k) for k in keys))
    return relabelled(parsed, rename, shown, note)
