"""A prime on a named function: ``\\mathrm{ReLU}'(x)``.

A prime is a derivative only on a function applied to its variable: ``\\mathrm{ReLU}'(x)`` is
read as ``\\frac{d}{dx} \\mathrm{ReLU}(x)`` (the same reading, so the same rules), while
``\\mathrm{ReLU}'(2x)`` (the derivative at 2x, or the derivative of ReLU(2x)?) is refused.
"""
from __future__ import annotations

from symbolic.latex.lexer import Group, Tok, fail, text_of
from symbolic.latex.rewrite_tables import _is_letter


def primes_after(rw, items, j, marks) -> tuple[int, int]:
    """(number of primes, index after them) at items[j:]: ``'``, ``''`` or ``^{\\prime}``
    (``marks`` counts the primes of a superscript, 0 when it holds anything else)."""
    s, count = rw._solid(items, j), 0
    while s < len(items) and isinstance(items[s], Tok) and items[s].text == "'":
        count, s = count + 1, rw._solid(items, s + 1)
    if not count and s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
        arg, after = rw._arg(items, s + 1, "^")
        if marks(arg):
            count, s = marks(arg), rw._solid(items, after)
    return count, s


def named_prime(rw, items, k, j, tag, marks):
    """``\\mathrm{ReLU}'(x)``: the derivative of a named function at a variable, as
    ``\\frac{d}{dx}`` of it reads (one to three primes); at anything but a letter, refused."""
    count, s = primes_after(rw, items, j, marks)
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
