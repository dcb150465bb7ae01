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

The same rule reads two more runs: a product of factors written side by side or with
``\\cdot``/``\\times`` (``x_1 x_2 \\cdots x_n``, ``(1 - p_1)(1 - p_2) \\cdots (1 - p_n)``) as
``\\prod``, and a list of arguments of ``\\max`` or ``\\min`` (``\\max(x_1, x_2, \\ldots, x_n)``,
also beside other arguments, ``\\max(0, x_1, x_2, \\ldots, x_n)``) as ``\\max_{k=a}^{last}``:
the maximum of a list is the maximum over its entries whatever their order.

The written terms also say that the family has them: ``x_1 + x_2 + \\dots + x_n`` writes x_2,
so n >= 2. Read as ``\\sum_{k=1}^{n}`` alone, n = 1 would drop x_2 and a 'counterexample' there
would not be one of the written claim; ``implied_bounds`` gives these conditions, and the
reader reads them with the claim as assumptions (the verdict's domain shows them).

Refused as well: a run over names the assumptions declare vectors or matrices (their terms
would be read as numbers, and commute), and capitals side by side in a product (``A_1 A_2
\\cdots A_n``), which the reader refuses when written out, as possible matrices.

Refused (left as written, so the reader gives its message): an index in anything but a
subscript (``1 + 2 + \\dots + n`` and ``x + x^2 + \\dots + x^n`` could continue as an arithmetic
or a geometric progression, ``1 + 2 + \\dots + 16`` may mean the powers of two), steps other
than one, terms that differ elsewhere, a minus sign inside the run, one written term before the
ellipsis (``x_1 x_2 \\cdots`` needs both), and a list of arguments of any other function
(``f(x_1, \\dots, x_n)`` has a number of arguments that is not fixed: no single function of
SymPy's is that).
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


def _subscript_positions(tokens: tuple[str, ...], scripts: tuple[str, ...] = ("_",)) -> set[int]:
    """Positions of tokens that sit inside a subscript's braces (at any depth below it); with
    ``scripts=("_", "^")`` inside a superscript's too (lists.py: ``2^{9}, 2^{10}, \\dots``)."""
    inside: set[int] = set()
    stack: list[bool] = []       # for each open brace: whether it opens a script
    for k, t in enumerate(tokens):
        if t == "{":
            stack.append(k > 0 and tokens[k - 1] in scripts or bool(stack and stack[-1]))
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


def expand_ellipses(text: str, bounds: list | None = None,
                    declared: frozenset = frozenset()) -> tuple[str, tuple[str, ...]]:
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
        _check_declared(body, declared)
        _bound(bounds, index_tokens, last_written)
        notes.append(f"the sum written with an ellipsis (index {first_value}, ..., "
                     f"{last_written}, ..., {last_shown}) is read as {replacement}")
        a, b = spans[run[0].start][0], spans[run[-1].end - 1][1]
        text = text[:a] + " " + replacement + " " + text[b:]
        tokens, spans = _tokens(text)
        changed = True
    text, more = _expand_runs(text, bounds, declared)
    notes += more
    if not changed and not more:
        return text, ()
    return text, tuple(notes)


_SEPARATORS = frozenset([r"\cdot", r"\times"])
_REDUCTIONS = frozenset([r"\max", r"\min"])
_SCRIPTED = frozenset(["_", "^"])
_GREEK = frozenset("\\" + name for name in (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
    "pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta "
    "Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell").split())


def _group_end(tokens: list[str], k: int) -> int:
    """The position after the bracket group opened at ``k``."""
    depth = 0
    for n in range(k, len(tokens)):
        if tokens[n] in _OPEN:
            depth += 1
        elif tokens[n] in _CLOSE:
            depth -= 1
            if depth == 0:
                return n + 1
    raise EllipsisError("unbalanced brackets beside an ellipsis")


def _factor_end(tokens: list[str], k: int) -> int | None:
    """The position after the factor starting at ``k`` (a letter or a Greek letter, a bracket
    group or a \\frac, with their scripts), or None when ``k`` starts no such factor."""
    t = tokens[k]
    if t in ("(", "["):
        n = _group_end(tokens, k)
    elif t == r"\frac":
        if k + 1 >= len(tokens) or tokens[k + 1] != "{":
            return None
        n = _group_end(tokens, k + 1)
        if n >= len(tokens) or tokens[n] != "{":
            return None
        n = _group_end(tokens, n)
    elif re.fullmatch(r"[A-Za-z]", t) or t in _GREEK:
        n = k + 1
    else:
        return None
    while n + 1 < len(tokens) and tokens[n] in _SCRIPTED:
        n = _group_end(tokens, n + 1) if tokens[n + 1] == "{" else n + 2
    return n


def _product_run(tokens: list[str], at: int) -> tuple[int, int, str] | None:
    """The product written with the ellipsis at ``at`` as (start, end, ``\\prod`` LaTeX), or
    None when the ellipsis does not stand between factors."""
    before = tokens[at - 1] if at > 0 else ""
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    if before in ("+", "-", ",", "=") or after in ("+", "-", ",", "="):
        return None
    if before not in _SEPARATORS and before not in _CLOSE and before not in _SCRIPTED \
            and not re.fullmatch(r"[A-Za-z0-9]+", before) and before not in _GREEK:
        return None         # \oplus \cdots \oplus: no factor before the ellipsis
    # factors after the ellipsis: one, then the end of the product
    k = at + 1
    if k < len(tokens) and tokens[k] in _SEPARATORS:
        k += 1
    last_end = _factor_end(tokens, k) if k < len(tokens) else None
    if last_end is None:
        return None
    if last_end < len(tokens) and _factor_end(tokens, last_end) is not None:
        raise EllipsisError("more than one factor after the ellipsis of a product: write the "
                            "product with \\prod")
    last = tuple(_normalised(tokens[k:last_end]))
    # factors before it, read backwards from the ellipsis
    starts = []
    k = at - 1
    if k >= 0 and tokens[k] in _SEPARATORS:
        k -= 1
    while k >= 0:
        found = None
        for start in range(k, -1, -1):
            try:
                end = _factor_end(tokens, start) if tokens[start] not in _CLOSE else None
            except EllipsisError:
                end = None
            if end == k + 1:
                found = start
                break
        if found is None:
            break
        starts.append(found)
        k = found - 1
        if k >= 0 and tokens[k] in _SEPARATORS:
            k -= 1
        elif k >= 0 and tokens[k] in _DOTS:
            break
    if not starts:
        return None         # x_{1 \\dots m}: no factor before it, no product
    if len(starts) == 1 and tokens[starts[0]] != tokens[at + 1 + (tokens[at + 1] in _SEPARATORS)]:
        return None         # \{x_1 ... N\}: two different things, not a run of one formula
    if len(starts) < 2:
        raise EllipsisError("a product written with an ellipsis needs two written factors before "
                            "it (they show the step) and one after it (the last)")
    factors = []
    for n, start in enumerate(starts):
        stop = _factor_end(tokens, start)
        factors.append((start, tuple(_normalised(tokens[start:stop]))))
    factors.reverse()
    first_value, where = _index_of_pair(factors[-2][1], factors[-1][1])
    last_written = first_value + 1
    head = factors[-1][1][0]
    if re.fullmatch(r"[A-Z]|\\[A-Z][a-z]+", head) and any(
            tokens[_factor_end(tokens, a)] not in _SEPARATORS for a, _ in factors[:-1]):
        # the reader refuses A_1 A_2 (capitals side by side may be matrices, which do not
        # commute); a product read through \prod must not slip past that rule
        raise EllipsisError(f"{head} written after another factor may be a matrix, and a product "
                            "of matrices depends on its order: if the factors are numbers, write "
                            "\\cdot between them; if matrices, write the product in full")
    run_start, template = factors[-2]
    for n in range(len(factors) - 3, -1, -1):
        try:
            value, earlier = _index_of_pair(factors[n][1], factors[n + 1][1])
        except EllipsisError:
            break
        if earlier != where or value != first_value - 1:
            break
        first_value, (run_start, template) = value, factors[n]
    index_tokens = _last_index(template, where, last)
    _check_last(index_tokens, last_written)
    return run_start, last_end, _bounded(r"\prod", tokens, template, where, first_value,
                                          index_tokens), (index_tokens, last_written)


def _check_last(index_tokens: list[str], last_written: int) -> None:
    """A numeric last index must come after the written ones (``x_1 x_2 \\cdots x_1``), and
    ``x_{11} x_{12} \\cdots x_{1n}`` is row 1's entries (two indices each), not x_11 to x_n."""
    last = "".join(index_tokens)
    if last_written >= 11 and len(index_tokens) > 1 and index_tokens[0].isdigit() \
            and index_tokens[1] not in ("+", "-"):
        raise EllipsisError(f"the indices {last_written - 1}, {last_written}, ..., {last} may be "
                            "two indices each (row and column): write them with a comma "
                            "(x_{1,1}) or the run with \\prod, \\max_{k=1}^{n}")
    if last.isdigit() and int(last) <= last_written:
        raise EllipsisError(f"the last index {last} does not come after the written ones")


def _bound(bounds: list | None, index_tokens: list[str], last_written: int) -> None:
    """Record what the written terms imply of a symbolic last index: ``x_1 + x_2 + \\dots +
    x_n`` writes x_2, so n >= 2 (read as \\sum_{k=1}^{n} alone, n = 1 would drop x_2, and a
    'counterexample' there would not be one of the written claim)."""
    if bounds is not None and not "".join(index_tokens).isdigit():
        bounds.append(f"{_joined(index_tokens)} \\ge {last_written}")


def implied_bounds(text: str) -> tuple[str, ...]:
    """The conditions (LaTeX, as --assume strings) that the ellipses of ``text`` imply of their
    last indices; nothing when they cannot be read (the reader then refuses them)."""
    bounds: list[str] = []
    try:
        expand_ellipses(text, bounds)
    except EllipsisError:
        return ()
    return tuple(dict.fromkeys(bounds))


def _bounded(operator: str, tokens: list[str], template, where, first_value, index_tokens) -> str:
    """``(\\prod_{k=a}^{last}{body})`` for a run whose template holds the index at ``where``."""
    name = _fresh_index(tokens)
    body = [name if k in where else t for k, t in enumerate(template)]
    return _joined(["(", operator, "_", "{", name, "=", str(first_value), "}", "^", "{",
                    *index_tokens, "}", "{", *body, "}", ")"])


def _list_run(tokens: list[str], at: int) -> tuple[int, int, str] | None:
    """A list of arguments of \\max or \\min written with the ellipsis at ``at``, as (start,
    end, LaTeX) of the part it replaces; None when the ellipsis is not between commas."""
    if not (0 < at < len(tokens) - 1 and tokens[at - 1] == "," and tokens[at + 1] == ","):
        return None
    lo, hi = _level(tokens, at)
    opener = lo - 1
    head = opener - 1
    if head >= 0 and tokens[head] == r"\left":
        head -= 1
    if opener < 0 or tokens[opener] != "(" or head < 0:
        return None         # a tuple, a set, an interval: the reader says what it is
    if tokens[head] not in _REDUCTIONS:
        if not (re.fullmatch(r"[A-Za-z]|\\[A-Za-z]+|\}", tokens[head]) or tokens[head] in _GREEK) \
                or re.fullmatch(r"\\[Bb]ig+[lr]?", tokens[head]):
            return None     # \big( ... \big): a tuple in large brackets
        raise EllipsisError("an ellipsis in a list of arguments is read only for \\max and "
                            "\\min: a function of a number of arguments that is not fixed "
                            "(f(x_1, \\ldots, x_n)) cannot be represented; write the general "
                            "term with \\sum, \\prod or \\max_{k=1}^{n}")
    items, depth, start = [], 0, lo
    for k in range(lo, hi + 1):
        t = tokens[k] if k < hi else ","
        if t in _OPEN:
            depth += 1
        elif t in _CLOSE:
            depth -= 1
        elif t == "," and depth == 0:
            items.append((start, k))
            start = k + 1
    pos = next(n for n, (a, b) in enumerate(items) if b - a == 1 and tokens[a] in _DOTS)
    if pos < 2 or pos + 1 >= len(items):
        raise EllipsisError(f"an ellipsis in the arguments of {tokens[head]} needs two written "
                            "arguments before it (they show the step) and one after it (the last)")
    written = [tuple(_normalised(tokens[a:b])) for a, b in items]
    first_value, where = _index_of_pair(written[pos - 2], written[pos - 1])
    last_written = first_value + 1
    run, template = pos - 2, written[pos - 2]
    while run > 0:
        try:
            value, earlier = _index_of_pair(written[run - 1], written[run])
        except EllipsisError:
            break
        if earlier != where or value != first_value - 1:
            break
        run, first_value, template = run - 1, value, written[run - 1]
    index_tokens = _last_index(template, where, written[pos + 1])
    _check_last(index_tokens, last_written)
    bounded = _bounded(tokens[head], tokens, template, where, first_value, index_tokens)
    bound = (index_tokens, last_written)
    if run == 0 and pos + 2 == len(items):      # the whole list: the reduction itself
        end = hi + 2 if tokens[hi] == r"\right" else hi + 1
        return head, end, bounded, bound
    return items[run][0], items[pos + 1][1], bounded, bound


def _expand_runs(text: str, bounds: list | None = None,
                 declared: frozenset = frozenset()) -> tuple[str, list[str]]:
    """Products and \\max/\\min lists written with an ellipsis, spelled with their bounds."""
    notes: list[str] = []
    while True:
        tokens, spans = _tokens(text)
        for at, t in enumerate(tokens):
            if t not in _DOTS or t == r"\vdots":
                continue
            found = _list_run(tokens, at) or _product_run(tokens, at)
            if found is not None:
                break
        else:
            return text, notes
        start, end, new, (index_tokens, last_written) = found
        _check_declared(_tokens(new)[0], declared)
        _bound(bounds, index_tokens, last_written)
        a, b = spans[start][0], spans[end - 1][1]
        notes.append(f"the {'product' if new.startswith('(' + chr(92) + 'prod') else 'list'} "
                     f"written with an ellipsis, {text[a:b].strip()}, is read as {new}")
        text = text[:a] + " " + new + " " + text[b:]


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


def _check_declared(body, declared: frozenset) -> None:
    """Refuse a run over names the assumptions declare vectors or matrices: read through
    \\sum, \\prod or \\max_k their terms would be numbers (and commute)."""
    named = sorted(set(body) & declared)
    if named:
        raise EllipsisError(f"{named[0]} is declared a vector or a matrix: a sum, product or "
                            "list of them written with an ellipsis cannot be read; write it with "
                            "its terms")


def declared_names(assumptions) -> frozenset:
    """The names that assumptions declare vectors or matrices (``Q, K \\in \\mathbb{R}^{N
    \\times d}``, ``A_1 \\in \\mathbb{R}^{n}``): their letters, as the tokens of a run show them."""
    names = set()
    for text in assumptions or ():
        if not isinstance(text, str):
            continue
        m = re.search(r"\\in\s*\\mathbb\s*\{?\s*[RC]\s*\}?\s*\^", text)
        if m is None:
            continue
        for subject in text[:m.start()].split(","):
            subject = re.sub(r"\\(?:mathbf|boldsymbol|bm|mathrm|vec|hat|widehat|tilde|widetilde|"
                             r"bar|overline)\s*|[{}]", "", subject)
            name = re.search(r"\\[A-Za-z]+|[A-Za-z]", subject)
            if name:
                names.add(name.group())
    return frozenset(names)


def read_ellipses(text: str, assumptions=()) -> tuple[str, tuple[str, ...]]:
    """``expand_ellipses`` for the formula reader: an undetermined ellipsis sum is a
    ``ParseError`` naming why."""
    from symbolic.errors import ParseError
    try:
        return expand_ellipses(text, declared=declared_names(assumptions))
    except EllipsisError as exc:
        raise ParseError(f"cannot read the ellipsis: {exc}") from None
