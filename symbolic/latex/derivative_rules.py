"""Derivatives whose reading depends on more than the derivative itself: a prime on a named
function (``\\mathrm{ReLU}'(x)``), and a derivative in a row of a display whose quantities
another row of the same display defines (``y = x^2, \\quad \\frac{dy}{dx} = 2x``).

A prime is a derivative only on a function applied to its variable: ``\\mathrm{ReLU}'(x)`` is
read as ``\\frac{d}{dx} \\mathrm{ReLU}(x)`` (the same reading, so the same rules about kinks),
while ``\\mathrm{ReLU}'(2x)`` (the derivative at 2x, or the derivative of ReLU(2x)?) is refused.

A display's rows are read one by one. A row that differentiates a name that another row of the
display defines (``y = x^2`` above ``\\frac{dy}{dx} = 2x``) would be read without that definition:
the derivative reads ``y`` as an unknown function or a constant, so ``\\frac{dy}{dx} = 0`` and
``\\frac{d}{dx}(x y) = y`` would be checked as other claims than the display's. Such a row is
refused unless the dependence is written in it (the definition in the name's place).
"""
from __future__ import annotations

import dataclasses
import re

from symbolic.latex.lexer import Group, Tok, fail, text_of

# -- a prime on a named function ------------------------------------------------------------------


def primes_after(rw, items, j) -> tuple[int, int]:
    """(number of primes, index after them) at items[j:]: ``'``, ``''`` or ``^{\\prime}``."""
    from symbolic.latex.rewrite_names import _prime_marks
    s, count = rw._solid(items, j), 0
    while s < len(items) and isinstance(items[s], Tok) and items[s].text == "'":
        count, s = count + 1, rw._solid(items, s + 1)
    if not count and s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
        arg, after = rw._arg(items, s + 1, "^")
        marks = _prime_marks(arg)
        if marks:
            count, s = marks, rw._solid(items, after)
    return count, s


def named_prime(rw, items, k, j, tag):
    """``\\mathrm{ReLU}'(x)``: the derivative of a named function at a variable, as
    ``\\frac{d}{dx}`` of it reads (one to three primes); at anything but a letter, refused."""
    from symbolic.latex.rewrite_tables import _is_letter
    count, s = primes_after(rw, items, j)
    shown = text_of(items[k:s + 1]).strip()
    group = items[s] if s < len(items) else None
    args = [x for x in group.items if not (isinstance(x, Tok) and not x.text.strip())] \
        if isinstance(group, Group) and group.kind == "paren" else []
    if tag != "SCZrelu" or count > 3 or len(args) != 1 or not (
            isinstance(args[0], Tok) and _is_letter(args[0].text)):
        raise fail(shown, items[k].col, "a prime on a named function is read only at a variable, "
                   "\\mathrm{ReLU}'(x); at another point it may be the derivative there or the "
                   "derivative of the composition: write \\frac{d}{dx} \\mathrm{ReLU}(2x), or "
                   "name the point")
    variable = rw.emit(group.items)
    return rw._call("SCZdiffn", rw._call(tag, variable), variable, str(count)), s + 1


# -- a derivative of a name another row defines ---------------------------------------------------

_NAME = (r"(?:\\(?:hat|bar|tilde|widehat|widetilde|mathcal|mathbf|boldsymbol|bm|mathrm|vec)"
         r"\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}|\\[A-Za-z]+|[A-Za-z])")
_SUBSCRIPT = r"(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?"
# the left side of a defining row: a name (with an index), or a function at its arguments
_DEFINED = re.compile(r"\s*(?P<name>" + _NAME + r")" + _SUBSCRIPT +
                      r"\s*(?:(?:\\left)?\s*\((?P<args>[^()]*)(?:\\right)?\s*\))?\s*$")
_RELATION = re.compile(r":=|\\coloneqq(?![A-Za-z])|\\triangleq(?![A-Za-z])|\\equiv(?![A-Za-z])|"
                       r"\\doteq(?![A-Za-z])|(?<![<>!:\\])=")
# a derivative of any kind: d/dx, \partial, \nabla, and a prime on a function at its argument
_DERIVATIVE = re.compile(
    r"\\partial(?![A-Za-z])|\\nabla(?![A-Za-z])"
    r"|\\[dt]?frac\s*\{\s*(?P<d>d|\\mathrm\s*\{?\s*d\s*\}?|\\operatorname\s*\{\s*d\s*\})"
    r"\s*(?:\^\s*(?:\{[^{}]*\}|\w))?\s*(?:[A-Za-z\\]|\}\s*\{\s*(?P=d))"
    r"|(?:'|’|\\prime(?![A-Za-z])\s*\}?)\s*(?:\\left\s*)?\(")
# the sigmoid is read as the sigmoid in every row (its defining row is then checked as a claim)
_CONVENTIONAL = frozenset([r"\sigma"])


def _defined_name(row: str) -> str | None:
    """The name a row defines (``y = ...``, ``y := ...``, ``f(x) = ...``), or None."""
    row = row.replace("&", " ")
    m = _RELATION.search(row)
    if not m:
        return None
    lhs = _DEFINED.fullmatch(row[:m.start()])
    if not lhs:
        return None
    name = re.sub(r"\s+", "", lhs.group("name"))
    return None if name in _CONVENTIONAL else name


def _occurs(name: str, text: str) -> bool:
    """Whether ``name`` stands in ``text`` as a name of its own (not inside a longer one)."""
    flexible = r"\s*".join(re.escape(part) for part in re.findall(r"\\[A-Za-z]+|.", name))
    # the differential dy is d and y (a name dy of its own is refused by the reader anyway)
    text = re.sub(r"(?<![A-Za-z\\])d(?=\s*(?:\\[A-Za-z]|[A-Za-z]))", "d ", text)
    return re.search(r"(?<![A-Za-z\\])" + flexible + r"(?![A-Za-z])", text) is not None


def defined_derivatives(chains: list) -> list:
    """The chains, each row that differentiates a name another row defines refused."""
    if len(chains) < 2:
        return chains
    defined = [(n, c, _defined_name(c.latex)) for n, c in enumerate(chains)
               if c.problem is None and c.latex]
    out = []
    for n, chain in enumerate(chains):
        if chain.problem is None and _DERIVATIVE.search(chain.latex):
            for m, other, name in defined:
                if m != n and name and _occurs(name, chain.latex):
                    row = " ".join(other.latex.split())
                    chain = dataclasses.replace(chain, problem=_message(name, row[:40]))
                    break
        out.append(chain)
    return out


def _message(name: str, row: str) -> str:
    return (f"{name} is defined by another row of this display ('{row}') and this row takes a "
            f"derivative with {name} in it: read alone, {name} would not depend on the "
            f"variable (d/dx of y where y = x^2 is 2x, not 0); write the definition in the "
            f"place of {name}, e.g. \\frac{{d}}{{dx}} (x^2), or check the rows apart")
