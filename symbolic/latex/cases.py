"""A definition by cases (``\\begin{cases} x & x \\ge 0 \\\\ -x & \\text{otherwise} \\end{cases}``)
read as a SymPy ``Piecewise``, rows in order.

Each row is ``value & condition``: the condition is a relation or a chain (``0 \\le x < 1``),
after ``\\text{if}``, ``\\text{for}``, ``\\text{when}`` or nothing, several joined by
``\\text{and}`` or commas; ``\\text{otherwise}`` (or ``\\text{else}``) only on the last row.
The rows' conditions must exclude each other (one is the negation of the other, or they cannot
hold together), so that the order of the rows does not matter as it does for ``Piecewise``;
otherwise the display is refused: reading the first row that holds would pick a value the
display does not. Any other text in a row (``\\text{if use\\_nesterov}``) is refused.

The formula reader sees a placeholder name where the environment stood and reads the rest of
the claim as usual; the placeholder is then replaced by the ``Piecewise`` (whose rows are read
with the same assumptions, and with ``i`` an index when the claim uses it as one).
"""
from __future__ import annotations

import dataclasses
import re

import sympy

from symbolic.errors import ParseError

_ENV = re.compile(r"\\begin\s*\{cases\*?\}(.*?)\\end\s*\{cases\*?\}", re.S)
_PLACEHOLDER = r"{\mathrm{Zcases%s}}"
_PLACEHOLDER_NAME = r"\mathrm{Zcases%s}"
_WORDS = re.compile(r"\\(?:text|textrm|textnormal|mbox|mathrm)\s*\{\s*([^{}]*?)\s*\}")
_OTHERWISE = frozenset(["otherwise", "else", "otherwise.", "else.", "sonst"])
_LEAD = re.compile(r"^(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~|,)+")
_TAIL = re.compile(r"(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~|[.,;])+$")
_REL = {"=": sympy.Eq, r"\ne": sympy.Ne, "<": sympy.Lt, r"\le": sympy.Le, ">": sympy.Gt,
        r"\ge": sympy.Ge}


def has_cases(latex: str) -> bool:
    """Whether ``latex`` holds a cases environment."""
    return isinstance(latex, str) and _ENV.search(latex) is not None


def _split_top(text: str, separator: str) -> list[str]:
    """``text`` cut at ``separator`` (``\\\\`` or ``&``) outside braces and environments."""
    parts, depth, start, k = [], 0, 0, 0
    while k < len(text):
        if text.startswith(r"\begin", k):
            depth += 1
        elif text.startswith(r"\end", k):
            depth -= 1
        ch = text[k]
        if ch == "\\" and not text.startswith(separator, k):
            m = re.match(r"\\[A-Za-z]+|\\.", text[k:])
            k += len(m.group()) if m else 1
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0 and text.startswith(separator, k):
            parts.append(text[start:k])
            k += len(separator)
            start = k
            continue
        k += 1
    parts.append(text[start:])
    return parts


def _rows(body: str) -> list[tuple[str, str | None]]:
    """The rows of a cases body as (value, condition); condition None for 'otherwise'."""
    rows = []
    raw = [r for r in _split_top(body, "\\\\") if r.strip()]
    if not raw:
        raise ParseError("a cases environment without rows")
    for number, row in enumerate(raw, 1):
        cells = _split_top(row, "&")
        if len(cells) != 2:
            raise ParseError(f"row {number} of the cases is not 'value & condition'")
        value = _TAIL.sub("", _LEAD.sub("", cells[0]))
        condition = _TAIL.sub("", _LEAD.sub("", cells[1]))
        words = [w.strip() for w in _WORDS.findall(condition)]
        if condition and _WORDS.fullmatch(condition) and words[0].lower() in _OTHERWISE:
            if number != len(raw):
                raise ParseError("'otherwise' in a row of the cases other than the last")
            rows.append((value, None))
            continue
        m = _WORDS.match(condition)
        if m and m.group(1).lower() in ("if", "for", "when", "where", "if:"):
            condition = _LEAD.sub("", condition[m.end():])
        condition = re.sub(r"\\(?:text|textrm|mbox)\s*\{\s*and\s*\}", ",", condition)
        if _WORDS.search(condition) and any(w.lower() not in ("", ) for w in
                                            _WORDS.findall(condition)):
            raise ParseError(f"the condition of row {number} of the cases holds words the checker "
                             f"cannot read ('{' '.join(condition.split())[:50]}')")
        if not value or not condition:
            raise ParseError(f"row {number} of the cases has no value or no condition")
        rows.append((value, condition))
    return rows


def read_with_cases(latex: str, reader, options: dict, *, expression: bool = False):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), each cases
    environment read as a ``Piecewise``."""
    from symbolic.latex.parse import ParsedExpression, parse_chain, parse_expression
    if "Zcases" in latex:
        raise ParseError("the name Zcases is reserved by the reader")
    blocks: list[list[tuple[str, str | None]]] = []

    def place(m: re.Match) -> str:
        blocks.append(_rows(m.group(1)))
        return _PLACEHOLDER % chr(ord("A") + len(blocks) - 1)

    text = _ENV.sub(place, latex)
    if len(blocks) > 20:
        raise ParseError("too many cases environments in one claim")
    parsed = reader(text, **options)
    notes = set(parsed.notes)
    # i is an index of the rows when the claim uses it as one (p_i, x_{ik}, \sum_i)
    # (the rows count too: x_i in a row's condition makes the row's value i the same index)
    index_i = any("i is an index" in n for n in notes) or _i_in_a_subscript(latex)
    if index_i and not _i_in_a_subscript(text) and _has_imaginary_unit(parsed):
        raise ParseError("i is an index in the cases (x_i) and the imaginary unit around them; "
                         "rename the index, or write the imaginary unit as \\mathrm{i}")
    known = _known_symbols(parsed)
    row_options = dict(options)
    if index_i:
        row_options["assumptions"] = tuple(options.get("assumptions", ())) + (r"i \in \mathbb{Z}",)
    replace = {}
    for number, rows in enumerate(blocks):
        pieces = []
        for value_text, condition_text in rows:
            value = parse_expression(value_text, **row_options).value
            condition = sympy.true if condition_text is None else \
                _condition(condition_text, row_options)
            pieces.append((_unify(value, known), _unify(condition, known)))
        for value, condition in pieces:
            if condition in (sympy.true, sympy.false) and pieces[-1][1] is not condition:
                raise ParseError("a condition of the cases reads as always true or always false")
        _check_exclusive(pieces)
        name = _PLACEHOLDER_NAME % chr(ord("A") + number)
        value = sympy.Piecewise(*pieces, evaluate=False)
        if len(value.args) != len(pieces):
            raise ParseError("a row of the cases was lost in reading it; write the rows' "
                             "conditions so that each can hold")
        replace[name] = value
        notes.add("a definition by cases is read as its rows in order (a Piecewise); the rows' "
                  "conditions exclude each other")

    def put(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {s: replace[s.name] for s in expr.free_symbols
                   if isinstance(s, sympy.Symbol) and s.name in replace}
        return expr.xreplace(mapping) if mapping else expr

    original = {(_PLACEHOLDER % chr(ord("A") + n)): m.group(0)
                for n, m in enumerate(_ENV.finditer(latex))}

    def back(text_: str) -> str:
        for key, value in original.items():
            text_ = text_.replace(key, value)
        return text_

    if isinstance(parsed, ParsedExpression):
        return dataclasses.replace(parsed, latex=back(parsed.latex), value=put(parsed.value),
                                   notes=tuple(sorted(notes)))
    links = []
    for link in parsed.links:
        claim = dataclasses.replace(link.claim, lhs=put(link.claim.lhs), rhs=put(link.claim.rhs))
        links.append(dataclasses.replace(link, claim=claim, latex=back(link.latex),
                                         lhs_latex=back(link.lhs_latex),
                                         rhs_latex=back(link.rhs_latex)))
    left = [s for link in links for side in (link.claim.lhs, link.claim.rhs)
            if isinstance(side, sympy.Basic) for s in side.free_symbols
            if isinstance(s, sympy.Symbol) and "Zcases" in s.name]
    if left:
        raise ParseError("a cases environment could not be put back into the claim")
    return dataclasses.replace(parsed, latex=back(parsed.latex), links=tuple(links),
                               notes=tuple(sorted(notes)))


def _i_in_a_subscript(text: str) -> bool:
    """Whether ``i`` is an index of the claim: ``p_i``, ``x_{i,j}``, ``\\delta_{ik}`` (a subscript
    of at most three letters is that many indices, as the reader reads ``P_{ij}``)."""
    for m in re.finditer(r"_\s*(?:\{([^{}]*)\}|([A-Za-z]))", text):
        content = (m.group(1) if m.group(1) is not None else m.group(2)).replace(" ", "")
        parts = content.split(",")
        if "i" in parts or any(re.fullmatch(r"[a-z]{2,3}", p) and "i" in p
                               and p not in ("min", "ini", "in") for p in parts):
            return True
    return False


def _has_imaginary_unit(parsed) -> bool:
    """Whether the claim around the cases read ``i`` as the imaginary unit."""
    exprs = [parsed.value] if hasattr(parsed, "value") else \
        [side for link in parsed.links for side in (link.claim.lhs, link.claim.rhs)]
    # i^2 is already -1 in the reading: the reader's note tells that i was read as the unit
    return any("i is the imaginary unit" in n for n in parsed.notes) or \
        any(isinstance(e, sympy.Basic) and e.has(sympy.I) for e in exprs)


def _known_symbols(parsed) -> dict:
    """The claim's symbols and element bases by name, to share them with the rows."""
    exprs = [parsed.value] if hasattr(parsed, "value") else \
        [side for link in parsed.links for side in (link.claim.lhs, link.claim.rhs)]
    known = {}
    for e in exprs:
        if not isinstance(e, sympy.Basic):
            continue
        for s in e.free_symbols:
            if isinstance(s, sympy.Symbol) and "Zcases" not in s.name:
                known.setdefault(s.name, s)
        for base in e.atoms(sympy.IndexedBase):
            known.setdefault(("base", str(base.label)), base)
    return known


def _unify(expr, known: dict):
    """``expr`` with its symbols replaced by the claim's symbols of the same name."""
    mapping = {}
    for s in expr.free_symbols:
        if isinstance(s, sympy.Symbol) and s.name in known and known[s.name] != s:
            mapping[s] = known[s.name]
    for base in expr.atoms(sympy.IndexedBase):
        other = known.get(("base", str(base.label)))
        if other is not None and other != base:
            mapping[base] = other
    return expr.xreplace(mapping) if mapping else expr


def _condition(text: str, options: dict):
    """A row's condition as a SymPy boolean: relations and chains, joined by commas (and)."""
    from symbolic.latex.parse import parse_chain
    parts = [p for p in _split_top(text, ",") if p.strip()]
    facts = []
    for part in parts:
        chain = parse_chain(part, **options)
        for link in chain.links:
            relation = _REL.get(link.claim.relation.value)
            if relation is None:
                raise ParseError(f"the condition '{' '.join(part.split())[:50]}' of the cases "
                                 f"uses {link.claim.relation.value}; use = \\ne < \\le > \\ge")
            if link.claim.lhs.has(sympy.I) or link.claim.rhs.has(sympy.I):
                raise ParseError(f"the condition '{' '.join(part.split())[:50]}' of the cases "
                                 "reads i as the imaginary unit; if i is an index, say so: "
                                 "--assume 'i \\in \\mathbb{Z}'")
            fact = relation(link.claim.lhs, link.claim.rhs, evaluate=False)
            facts.append(fact)
    if not facts:
        raise ParseError("a row of the cases has an empty condition")
    return sympy.And(*facts)


def _check_exclusive(pieces) -> None:
    """Refuse rows whose conditions may hold together: ``Piecewise`` takes the first that
    holds, the display would have two values there."""
    conditions = [c for _, c in pieces if c is not sympy.true]
    for a in range(len(conditions)):
        for b in range(a + 1, len(conditions)):
            if not _exclusive(conditions[a], conditions[b]):
                raise ParseError(f"the conditions of the cases ({conditions[a]} and "
                                 f"{conditions[b]}) may hold together: the display would give "
                                 "two values there; make them exclusive or use 'otherwise'")


def _exclusive(p, q) -> bool:
    if sympy.And(p, q) is sympy.false:
        return True
    for x, y in ((p, q), (q, p)):
        if isinstance(x, sympy.core.relational.Relational):
            negated = x.negated
            if negated == y or negated.canonical == getattr(y, "canonical", y):
                return True
        if isinstance(y, sympy.And) and any(_exclusive(x, arg) for arg in y.args):
            return True
    free = (p.free_symbols | q.free_symbols)
    if len(free) == 1:
        (x,) = free
        if x.is_real:
            try:
                return (p.as_set() & q.as_set()) is sympy.S.EmptySet
            except Exception:  # noqa: BLE001 - a condition SymPy cannot solve: not shown exclusive
                return False
    return False


def without_cases(latex: str) -> str:
    """``latex`` with each cases environment replaced by its placeholder name (for telling
    whether the claim around it holds a relation)."""
    count = iter(range(26))
    return _ENV.sub(lambda m: _PLACEHOLDER % chr(ord("A") + next(count, 25)), latex)
