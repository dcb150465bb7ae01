"""Sums written with an ellipsis (``x_1 + x_2 + \\dots + x_n``) read as the sum they abbreviate,
when the written terms determine it; any other ellipsis is left to the reader, which refuses it.

The rule: the terms before the ellipsis and the one after it are the same formula except for
whole numbers in subscripts, which are the index; the written terms before the ellipsis take
consecutive values ``a, a + 1, ...`` (at least two of them: one term does not show the step,
and ``x_2 + \\dots + x_{2n}`` may be every x or the even ones), and the term after it gives the
last value (a number above the written ones, or an expression such as ``n`` or ``2n``). The
sum is then ``\\sum_{k=a}^{last}`` of that formula. Every written term is a term of that sum,
and no other reading of the same terms is possible: the index names an element of a family, so
the terms between are the family's elements in order.

Refused (left as written, so the reader gives its message): an index in anything but a
subscript (``1 + 2 + \\dots + n`` and ``x + x^2 + \\dots + x^n`` could continue as an arithmetic
or a geometric progression, ``1 + 2 + \\dots + 16`` may mean the powers of two), steps other
than one, terms that differ elsewhere, a minus sign inside the run, an ellipsis in a list of
arguments (``f(x_1, \\dots, x_n)``) or in a product.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\.\.\.|\d+|[A-Za-z]|\S")
_DOTS = frozenset([r"\dots", r"\cdots", r"\ldots", r"\dotsb", r"\dotsc", "..."])
_RELATION_WORDS = frozenset(r"= < > \le \leq \ge \geq \ne \neq \approx \lt \gt \leqslant "
                            r"\geqslant \equiv \sim \propto \ll \gg := \coloneqq \in".split())
_OPEN = frozenset(["{", "(", "[", r"\{", r"\left", r"\langle", r"\lbrace"])
_CLOSE = frozenset(["}", ")", "]", r"\}", r"\right", r"\rangle", r"\rbrace"])
_INDEX_NAMES = ("k", "j", "m", "r", "s", "u", "v", "w")


class EllipsisError(ValueError):
    """An ellipsis sum whose terms do not determine the sum (the message says why)."""


@dataclass(frozen=True)
class _Term:
    """One summand of a run: its tokens and the sign written before it."""

    sign: str           # "+", "-", or "" at the start of a level
    tokens: tuple[str, ...]
    start: int          # position in the token list of the level
    end: int


def _tokens(text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """The tokens of ``text`` and where each one stands in it."""
    found = list(_TOKEN.finditer(text))
    return [m.group() for m in found], [m.span() for m in found]


def _normalised(tokens: list[str]) -> list[str]:
    """``x_1`` and ``x_{1}`` alike: a subscript of one token gets its braces."""
    out: list[str] = []
    k = 0
    while k < len(tokens):
        t = tokens[k]
        out.append(t)
        if t in ("_", "^") and k + 1 < len(tokens) and tokens[k + 1] != "{":
            out += ["{", tokens[k + 1], "}"]
            k += 2
            continue
        k += 1
    return out


def _subscript_positions(tokens: tuple[str, ...]) -> set[int]:
    """Positions of tokens that sit inside a subscript's braces (at any depth below it)."""
    inside: set[int] = set()
    stack: list[bool] = []       # for each open brace: whether it opens a subscript
    for k, t in enumerate(tokens):
        if t == "{":
            stack.append(k > 0 and tokens[k - 1] == "_" or bool(stack and stack[-1]))
        elif t == "}":
            if stack:
                stack.pop()
        elif stack and stack[-1]:
            inside.add(k)
    return inside


def _summands(tokens: list[str], lo: int, hi: int) -> list[_Term] | None:
    """The top-level summands of ``tokens[lo:hi]`` (one bracket level), or None when the level
    holds a relation, a comma or other separators (then it is not one sum)."""
    terms: list[_Term] = []
    depth = 0
    sign, start = "", lo
    k = lo
    while k < hi:
        t = tokens[k]
        if t in _OPEN:
            depth += 1
        elif t in _CLOSE:
            depth -= 1
        elif depth == 0 and t in ("+", "-") and k > start:
            terms.append(_Term(sign, tuple(tokens[start:k]), start, k))
            sign, start = t, k + 1
        elif depth == 0 and k == start and t in ("+", "-"):
            sign, start = t, k + 1
        k += 1
    terms.append(_Term(sign, tuple(tokens[start:hi]), start, hi))
    return terms


def _index_of_pair(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[int, list[int]]:
    """The first value of the index and where it stands, from two consecutive written terms."""
    if len(first) != len(second):
        raise EllipsisError("the terms before the ellipsis differ in more than their index")
    subscripts = _subscript_positions(first)
    where, value = [], None
    for k, (a, b) in enumerate(zip(first, second)):
        if a == b:
            continue
        if a.isdigit() and b.isdigit() and k not in subscripts:
            raise EllipsisError(f"the numbers themselves change ({a}, {b}, ...): the terms fit "
                                "more than one progression (1 + 2 + ... + 16 may double); write "
                                "the sum with \\sum")
        if not (a.isdigit() and b.isdigit() and k in subscripts):
            raise EllipsisError("the terms before the ellipsis differ in more than a whole "
                                "number in a subscript")
        if int(b) != int(a) + 1:
            raise EllipsisError(f"the index steps from {a} to {b}: only consecutive indices "
                                "(1, 2, ...) show the terms left out")
        if value is not None and int(a) != value:
            raise EllipsisError("the written terms disagree about the index")
        value = int(a)
        where.append(k)
    if value is None:
        raise EllipsisError("the terms before the ellipsis are the same: how many are left out "
                            "is not written")
    return value, where


def _last_index(template: tuple[str, ...], where: list[int], last: tuple[str, ...]) -> list[str]:
    """The tokens of the index in the last term, which must be the template at that index."""
    pattern = []
    for k, t in enumerate(template):
        if k == where[0]:
            pattern.append(r"(?P<e>.+?)")
        elif k in where:
            pattern.append(r"(?P=e)")
        else:
            pattern.append(re.escape(t))
    m = re.fullmatch(" ".join(pattern), " ".join(last))
    if m is None:
        raise EllipsisError("the term after the ellipsis is not the written terms' formula at "
                            "another index")
    index = m.group("e").split(" ")
    depth = 0
    for t in index:
        depth += (t == "{") - (t == "}")
        if depth < 0:
            break
    if depth != 0:
        raise EllipsisError("the index of the term after the ellipsis is unbalanced")
    return index


def _fresh_index(tokens: list[str]) -> str:
    used = set(tokens)
    for name in _INDEX_NAMES:
        if name not in used:
            return name
    raise EllipsisError("no free letter for the index of the sum")


def expand_ellipses(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` with each sum written with an ellipsis spelled as ``\\sum``, and notes saying so.

    Raises ``EllipsisError`` when an ellipsis stands between ``+`` signs but the terms do not
    determine the sum (the caller refuses the claim with the message); an ellipsis anywhere
    else is returned untouched for the reader to refuse.
    """
    tokens, spans = _tokens(text)
    if not any(t in _DOTS for t in tokens):
        return text, ()
    notes: list[str] = []
    changed = False
    while True:
        at = next((k for k, t in enumerate(tokens) if t in _DOTS
                   and k > 0 and tokens[k - 1] == "+" and k + 1 < len(tokens)
                   and tokens[k + 1] == "+"), None)
        if at is None:
            break
        lo, hi = _level(tokens, at)
        # a level holds relations and commas: cut it to the segment holding the ellipsis
        seg_lo, seg_hi = lo, hi
        depth = 0
        for k in range(lo, hi):
            t = tokens[k]
            if t in _OPEN:
                depth += 1
            elif t in _CLOSE:
                depth -= 1
            elif depth == 0 and (t in _RELATION_WORDS or t in (",", ";", "&")
                                 or t in (r"\quad", r"\qquad")):
                if k < at:
                    seg_lo = k + 1
                elif k > at:
                    seg_hi = k
                    break
        terms = _summands(tokens, seg_lo, seg_hi)
        pos = next(n for n, term in enumerate(terms) if term.tokens == (tokens[at],))
        if pos < 2 or pos + 1 >= len(terms):
            raise EllipsisError("an ellipsis in a sum needs two written terms before it (they "
                                "show the step) and one after it (the last)")
        before = [tuple(_normalised(list(t.tokens))) for t in terms[:pos]]
        last = tuple(_normalised(list(terms[pos + 1].tokens)))
        first_value, where = _index_of_pair(before[pos - 2], before[pos - 1])
        template = before[pos - 2]
        start = pos - 2
        # earlier written terms of the same formula extend the run backwards
        while start > 0:
            try:
                value, earlier = _index_of_pair(before[start - 1], before[start])
            except EllipsisError:
                break
            if earlier != where or value != first_value - 1:
                break
            start, first_value, template = start - 1, value, before[start - 1]
        run = terms[start:pos + 2]
        if any(t.sign == "-" for t in run) or terms[pos + 1].sign != "+":
            raise EllipsisError("a minus sign among the terms of an ellipsis sum: write the sum "
                                "with \\sum")
        if not all(t.tokens for t in run):
            raise EllipsisError("an empty term beside the ellipsis")
        index_tokens = _last_index(template, where, last)
        last_text = " ".join(index_tokens)
        if first_value >= 10 and len(index_tokens) > 1 and index_tokens[0].isdigit() \
                and index_tokens[1] not in ("+", "-"):
            # x_{11} + x_{12} + ... + x_{1n}: the entries of row 1 (two indices), not x_11 to x_n
            raise EllipsisError(f"the indices {first_value}, ..., {_joined(index_tokens)} may be "
                                "two indices each (row and column): write them with a comma "
                                "(x_{1,1}) or the sum with \\sum")
        if last_text.isdigit() and int(last_text) <= first_value + (pos - start) - 1:
            raise EllipsisError(f"the last index {last_text} does not come after the written "
                                "ones")
        name = _fresh_index(tokens)
        body = [name if k in where else t for k, t in enumerate(template)]
        last_written = first_value + (pos - start) - 1
        replacement = _joined(["(", r"\sum", "_", "{", name, "=", str(first_value), "}", "^",
                               "{", *index_tokens, "}", "{", *body, "}", ")"])
        last_shown = _joined(index_tokens)
        notes.append(f"the sum written with an ellipsis (index {first_value}, ..., "
                     f"{last_written}, ..., {last_shown}) is read as {replacement}")
        a, b = spans[run[0].start][0], spans[run[-1].end - 1][1]
        text = text[:a] + " " + replacement + " " + text[b:]
        tokens, spans = _tokens(text)
        changed = True
    if not changed:
        return text, ()
    return text, tuple(notes)


def _joined(tokens: list[str]) -> str:
    """Tokens back to LaTeX, a space only after a control word before a letter (``\\alpha x``)."""
    out = ""
    for t in tokens:
        if out and re.search(r"\\[A-Za-z]+$", out) and re.match(r"[A-Za-z0-9]", t):
            out += " "
        out += t
    return out


def _level(tokens: list[str], at: int) -> tuple[int, int]:
    """The bounds of the innermost bracket level around position ``at``."""
    depth = 0
    lo = 0
    for k in range(at - 1, -1, -1):
        t = tokens[k]
        if t in _CLOSE:
            depth += 1
        elif t in _OPEN:
            if depth == 0:
                lo = k + 1
                break
            depth -= 1
    depth = 0
    hi = len(tokens)
    for k in range(at + 1, len(tokens)):
        t = tokens[k]
        if t in _OPEN:
            depth += 1
        elif t in _CLOSE:
            if depth == 0:
                hi = k
                break
            depth -= 1
    return lo, hi


def read_ellipses(text: str) -> tuple[str, tuple[str, ...]]:
    """``expand_ellipses`` for the formula reader: an undetermined ellipsis sum is a
    ``ParseError`` naming why."""
    from symbolic.errors import ParseError
    try:
        return expand_ellipses(text)
    except EllipsisError as exc:
        raise ParseError(f"cannot read the sum written with an ellipsis: {exc}") from None
