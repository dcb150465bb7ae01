"""One display cut into the chains the formula reader is handed: rows, cells and align
columns; what typesetting adds and the claim does not say (``\\label``, ``\\tag``, size commands,
``&``, trailing punctuation); statements separated by a wide gap; conditions (``\\text{for } x > 0``)
as assumptions of the display and justifications (``\\text{by Lemma 2}``) as notes.

``symbolic.latex.document`` finds the displays of a .tex or .md file and hands each one here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from symbolic.latex.lexer import RELATIONS, unit_word
from symbolic.latex.macros import Macro, Unreadable, argument, expand
from symbolic.latex.margin_words import CONDITION_WORDS as _CONDITION_WORDS
from symbolic.latex.margin_words import JUSTIFICATION as _JUSTIFICATION
from symbolic.latex.margin_words import JUSTIFICATION_CONDITION as _JUSTIFICATION_CONDITION
from symbolic.latex.margin_words import NOT_A_CONDITION as _NOT_A_CONDITION
from symbolic.latex.margin_words import PROSE_WORDS as _PROSE_WORDS, premise_opening
from symbolic.latex.plus_minus import split_signs
from symbolic.latex.statement_commas import _SHAPE_AT_END, listed
from symbolic.latex.wrappers import unwrap

_ALIGNED = ("aligned", "split", "gathered", "alignedat")
REFUSED = "\x01"   # a display body that starts with this is a reason, not LaTeX


@dataclass(frozen=True)
class DisplayChain:
    """One chain read out of a display: where it is, its LaTeX, and why it cannot be read.

    ``line`` is the 1-based line of the chain's first row; ``display`` numbers the displays of
    the document from 1; ``assume`` holds conditions the display states (``\\text{for } x > 0``);
    ``problem`` is a one-line reason when the chain cannot be handed to the formula reader, and
    then ``latex`` is the display's text as written; ``notes`` say what was left out that is
    not part of the claim (a justification such as ``\\text{by Lemma 2}``); ``link_lines``
    gives the line of each relation of the chain (empty when they could not be told apart, as
    in an implication); use it only when it has one line per link the formula reader found.
    """

    line: int
    display: int
    latex: str
    assume: tuple[str, ...] = ()
    problem: str | None = None
    notes: tuple[str, ...] = ()
    link_lines: tuple[int, ...] = ()



# --- one display ---------------------------------------------------------------------------

COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_STARTS_WITH_RELATION = re.compile(
    r"^(?:" + "|".join(re.escape(r) + (r"(?![A-Za-z])" if r[-1].isalpha() else "")
                       for r in sorted(RELATIONS, key=len, reverse=True)) + ")")
_STARTS_WITH_OPERATOR = re.compile(r"^(?:[+\-]|\\cdot(?![A-Za-z])|\\times(?![A-Za-z])"
                                   r"|\\pm(?![A-Za-z])|\\mp(?![A-Za-z]))")
_ENDS_WITH_OPERATOR = re.compile(
    r"(?:[+\-=<>]|\\(?:cdot|times|pm|mp|le|leq|ge|geq|ne|neq|approx|leqslant|geqslant))\s*$")
_ALIGN_LIKE = ("align", "align*", "flalign", "flalign*", "alignat", "alignat*", "aligned",
               "alignedat")


def display_chains(lines: LineIndex, env: str, body: str, offset: int, number: int,
                    macros: dict[str, Macro]) -> list[DisplayChain]:
    """The chains of one display; a display that cannot be cut into chains is one unreadable chain."""
    line = lines.of(offset) + _leading_newlines(body)
    if body.startswith(REFUSED):
        return [DisplayChain(line, number, "", problem=body[len(REFUSED):])]
    body = COMMENT.sub(lambda m: " " * len(m.group()), body)
    body, shift = _unwrapped(body)
    offset += shift
    inner = _only_aligned(body)
    if inner is not None:
        env, shift, body = inner[0], inner[1], inner[2]
        offset += shift
    try:
        rows = _rows(body)
    except Unreadable as exc:
        return [DisplayChain(line, number, _squash(body), problem=str(exc))]
    chains: list[DisplayChain] = []
    # align-like environments pair their cells: `a &= b & c &= d` holds two equations
    pairs = env in _ALIGN_LIKE and any(len(cells) > 2 for cells in rows)
    if pairs:
        rows = [_annotations_to_their_equation(cells) for cells in rows]
    columns = max((len(cells) for cells in rows), default=1)
    groups = range(0, columns, 2) if pairs else [None]
    for group in groups:
        current: list[str] = []
        row_lines: list[int] = []
        ambiguous: str | None = None
        start = line
        for cells in rows:
            chosen = cells if group is None else cells[group:group + 2]
            row = " ".join(cell for _, cell in chosen)
            row_line = _line_of(lines, offset, chosen)
            first_cell_empty = len(chosen) > 1 and not _clean(chosen[0][1]).strip()
            try:
                row = _clean(expand(row, macros))
            except Unreadable as exc:
                head = _LEADING.sub("", row.strip())
                if current and (_STARTS_WITH_OPERATOR.match(head) or env.startswith("multline")
                                or _ENDS_WITH_OPERATOR.search(current[-1])):
                    # the row continues an expression: without it the chain would end early
                    chains.append(DisplayChain(start, number, _squash(" ".join(current + [row])),
                                               problem=f"a row of this chain: {exc}"))
                    current, row_lines, ambiguous = [], [], None
                    continue
                if current:
                    chains.append(_finish(current, start, number, row_lines, ambiguous))
                    current, row_lines, ambiguous = [], [], None
                chains.append(DisplayChain(row_line, number, _squash(row), problem=str(exc)))
                continue
            row = row.strip()
            if not row:
                continue
            continues, doubt = _continues(row, current, env, first_cell_empty)
            if current and not continues:
                chains.append(_finish(current, start, number, row_lines, ambiguous))
                current, row_lines, ambiguous = [], [], None
            if not current:
                start = row_line
            ambiguous = ambiguous or doubt
            current.append(row)
            row_lines.append(row_line)
        if current:
            chains.append(_finish(current, start, number, row_lines, ambiguous))
    from symbolic.latex.statements import assignment_continued    # m \leftarrow x \\ = y
    read = [r for c in chains for part in _split_and(c)      # a = 1, b = 2: statement_commas.py
            for piece in listed(part, _split_statements, _statement_parts, _condition_kind)
            for r in assignment_continued(_with_conditions(piece))]
    out = []
    from symbolic.latex.statements import orders_apart     # a \le b = O(c): two parts
    # a chain with \pm/\mp is its upper-sign and its lower-sign claim
    for c in (o for r in map(_without_row_marks, read) for s in split_signs(r)
              for o in orders_apart(s)):
        if not c.latex and c.assume and not c.problem:
            c = DisplayChain(c.line, c.display, "", c.assume, problem="a condition (" +
                             ", ".join(c.assume) + ") without a claim before it")
        if c.latex or c.problem:
            out.append(c)
    from symbolic.latex.statements import conditions_alone    # a = a + b \\ \text{if } b = 0
    return _lone_expressions(conditions_alone(out))


def _lone_expressions(chains: list[DisplayChain]) -> list[DisplayChain]:
    """A display with no relation is read as one expression; but a row without a relation
    beside other chains may continue the row above (``a = b \\\\ (c + d)``, a product broken
    over rows) or be an expression of its own: reading either would show another display."""
    if len(chains) < 2:
        return chains
    out = []
    for c in chains:
        if c.problem is None and c.latex and not _relations_at_top(c.latex) \
                and not re.search(r"\\(?:in|implies|Rightarrow|iff|leftarrow|gets)(?![A-Za-z])",
                                  c.latex):      # (an assignment is a statement of its own)
            c = DisplayChain(c.line, c.display, c.latex, c.assume,
                             problem=f"a row without a relation ('{_squash(c.latex)[:40]}') in a "
                                     "display of several rows: it may continue the row above or "
                                     "be an expression of its own; write one display per "
                                     "expression, or end the row above with its operator",
                             notes=c.notes)
        out.append(c)
    return out


def _unwrapped(body: str) -> tuple[str, int]:
    """A display without outer braces and ``\\displaystyle`` (``{\\displaystyle a = b}``, as
    Wikipedia prints), and how many characters were cut before it."""
    inner = unwrap(body)
    if not inner or inner == body.strip():
        return body, 0
    at = body.find(inner)
    return (inner, at) if at >= 0 else (body, 0)


# Between two statements of one display: punctuation and a wide gap (\quad, \qquad, ~~).
_GAP_TOKEN = re.compile(r"\\q?quad(?![A-Za-z])|\\[,;:!> ]|~|\s+")
_NAME = (r"(?:\\(?:mathbf|boldsymbol|bm|mathit|mathrm)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}"
         r"|\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?(?:\s*\^\s*\{?\s*\\?\*\s*\}?)?")
_CONSTANT = (r"[-+]?\s*(?:\d+(?:\.\d+)?|\\infty|\\pi|\\frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}"
             r"|\\tfrac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}"
             r"|\\(?:mathbf|boldsymbol|bm)\s*\{\s*[01]\s*\})")
_ORDER_WORDS = r"(?:<|>|\\(?:lt|gt|le|leq|ge|geq|leqslant|geqslant|ne|neq)(?![A-Za-z]))"
_NOT_NAMES = frozenset(r"\sin \cos \tan \log \ln \exp \max \min \sum \prod \sqrt \frac \infty \pi"
                       .split())
_CONDITION = re.compile(
    r"\s*(?:(?P<name>{n})\s*(?:,\s*{n}\s*)*(?P<rel>{o}|=|\\in(?![A-Za-z]))\s*(?P<rhs>.+?)"
    r"|(?P<lo>{c})\s*{o}\s*(?P<mid>{n})(?:\s*{o}\s*{c})?)\s*".format(n=_NAME, o=_ORDER_WORDS,
                                                                     c=_CONSTANT), re.S)
_FORALL = re.compile(r"\\forall(?![A-Za-z])")


def _statement_parts(latex: str) -> list[str]:
    """``latex`` cut at the gaps between statements (``a = b, \\quad c = d``): at ``\\quad``,
    ``\\qquad`` or ``~~`` outside braces and brackets (with the comma or semicolon before
    them), and before a top-level ``\\forall``."""
    parts: list[str] = []
    depth = 0
    start = k = 0
    n = len(latex)
    while k < n:
        ch = latex[k]
        if ch == "\\":
            m = re.match(r"\\(left|right)(?![A-Za-z])|\\(begin|end)\s*\{[^}]*\}|\\[A-Za-z]+|\\.",
                         latex[k:], re.S)
            token = m.group() if m else "\\"
            if m and (m.group(1) == "left" or m.group(2) == "begin") \
                    or token in ("\\{", r"\lbrace", r"\langle"):
                depth += 1
            elif m and (m.group(1) == "right" or m.group(2) == "end") \
                    or token in ("\\}", r"\rbrace", r"\rangle"):
                depth -= 1
            elif depth == 0 and _FORALL.fullmatch(token) and latex[start:k].strip():
                parts.append(latex[start:k])
                start = k
            elif depth == 0 and re.fullmatch(r"\\q?quad", token):
                # the whole gap, and the punctuation before it
                j = k
                while j < n:
                    g = _GAP_TOKEN.match(latex, j)
                    if not g:
                        break
                    j = g.end()
                before = latex[start:k].rstrip()
                if before.endswith((",", ";")):
                    before = before[:-1]
                parts.append(before)
                start = k = j
                continue
            k += len(token)
            continue
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == "~" and depth == 0 and latex[k:k + 2] == "~~":
            j = k
            while j < n and (latex[j] == "~" or latex[j].isspace()):
                j += 1
            before = latex[start:k].rstrip()
            if before.endswith((",", ";")):
                before = before[:-1]
            parts.append(before)
            start = k = j
            continue
        k += 1
    parts.append(latex[start:])
    return [p for p in parts]


def _condition_kind(part: str) -> str | None:
    """"condition" for a part that restricts a variable (``x > 0``, ``0 < p < 1``,
    ``x \\in \\mathbb{R}``), "ambiguous" for ``n = 1`` (a condition or a claim: both are
    written so), None for a claim of its own."""
    m = _CONDITION.fullmatch(part)
    if m is None:
        return None
    name = m.group("name") or m.group("mid")
    if name.split("_")[0].strip() in _NOT_NAMES:
        return None
    if m.group("lo") is not None:
        return "condition"
    rel, rhs = m.group("rel"), m.group("rhs")
    if rel.startswith(r"\in") or rel in (r"\ne", r"\neq"):
        return "condition"        # x \ne y after a claim excludes a point: a condition
    if not re.fullmatch(_CONSTANT + r"\s*", rhs):
        return None              # x_t > \sum_j y_j compares two quantities: a claim
    return "ambiguous" if rel == "=" else "condition"


def _opens_remark(part: str) -> bool:
    """Whether ``part`` is a bracket with nothing related after it (``(3)``, ``(x > 0)``)."""
    if not part.startswith(("(", "[")):
        return False
    depth = 0
    for k, ch in enumerate(part):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth == 0:
            return not _relations_at_top(part[k + 1:])
    return True


def _split_statements(chain: DisplayChain) -> list[DisplayChain]:
    """``a = b, \\quad c = d``: the statements of one row, each a chain; a condition after the
    claim (``, \\quad x > 0``, ``\\forall x``) becomes its assumption, never a claim.

    Read only when every piece can be told apart: each piece holds a relation; a condition
    follows one claim only (with several, which it covers is unclear); ``n = 1`` after a claim
    (a condition, or a definition?) and ``\\text{where}`` that does not define a named function
    are refused with the reason.
    """
    if chain.problem is not None or _ROW in chain.latex:
        return [chain]
    parts = _statement_parts(chain.latex)
    if len(parts) == 1:
        return [chain]
    for part in parts[1:]:
        # \quad (3), \quad (x > 0): an equation number or a condition in brackets, refused
        # with its reason by _with_conditions; (a - b)^2 = c after \quad is a statement
        if _opens_remark(_LEADING.sub("", part)):
            return [chain]

    def refuse(why: str) -> list[DisplayChain]:
        return [DisplayChain(chain.line, chain.display, _squash(chain.latex), chain.assume,
                             problem=why, notes=chain.notes)]
    if (why := premise_opening(parts[1:], _LEADING)) is not None:
        return refuse(why)      # , \quad \mathrm{when}~S = ...: not a statement of its own
    claims: list[str] = []
    conditions: list[str] = []
    notes = list(chain.notes)
    where = False               # a \text{where} that stands alone before its definition
    worded = False              # a condition in words was joined to the last claim
    for number, part in enumerate(parts):
        part = _LEADING.sub("", _TRAILING.sub("", part))
        if where:
            part, where = r"\text{where} " + part, False
        text = _TEXT_START.match(part)
        if text is not None:
            try:
                words, end = argument(part, text.end(), text.group().strip())
            except Unreadable as exc:
                return refuse(str(exc))
            if _is_name(words) and _relations_at_top(part):
                text = None       # \text{ReLU}(x) = ...: a name written in text, not words
        if text is not None:
            if words.strip() == "where" and claims:
                definition = _LEADING.sub("", part[end:])
                if not definition and number + 1 < len(parts):
                    where = True
                    continue
                if _is_where_condition(definition, claims[-1]):
                    # where \cos x \ne 0: an inequality or a membership defines nothing; it
                    # is the claim's condition, read as its assumption (shown with it)
                    if len(claims) > 1:
                        return refuse("a condition after several claims: which claims it "
                                      "covers is unclear; write one display per claim")
                    conditions.append(definition)
                    continue
                if not re.match(r"\\(?:text|mathrm|operatorname)\s*\{[A-Za-z]{2,}\}\s*"
                                r"(?:\\left)?\(", definition) or _relations_at_top(definition) != 1:
                    return refuse("a 'where' clause that is not the definition of a named function "
                                  "(a condition, or a definition of a variable?): write the claim "
                                  "and its conditions apart, or give them with --assume")
                if conditions:
                    return refuse("a claim after a condition: which claims the condition covers "
                                  "is unclear; write one display per claim")
                claims.append(definition)
                continue
            if not claims or conditions:
                return [chain]
            # \text{for } x > 0 and all after it: read with its claim (as conditions, or a
            # justification), the way a condition in words is read in any display
            rest = [part] + [_LEADING.sub("", _TRAILING.sub("", p)) for p in parts[number + 1:]]
            claims[-1] = claims[-1] + ", " + r" \quad ".join(rest)
            worded = True
            break
        if _FORALL.match(part):
            quantified = _FORALL.sub("", part, count=1).strip()
            names = [q.strip() for q in quantified.split(",")]
            if names and all(re.fullmatch(_NAME, q) for q in names):
                if any(q in ("i", "e") for q in names):
                    return refuse(f"\\forall {quantified}: i (or e) quantified as a variable; "
                                  "rename it, or check the claim without the quantifier")
                notes.append(f"read \\forall {quantified} as the claim holding for all values "
                             "(the checker's default)")
                continue
            if _condition_kind(quantified) == "condition":
                conditions.append(quantified)
                continue
            return refuse(f"the quantifier '\\forall {_squash(quantified)[:40]}' cannot be read as "
                          "assumptions; give them with --assume")
        if not _relations_at_top(part) and not re.search(r"\\in(?![A-Za-z])", part) \
                and not _ASSIGNS.search(part):
            return [chain]       # not a statement of its own: the formula reader says why
        kind = _condition_kind(_SHAPE_AT_END.sub("", part).strip())    # x = 0 \in R^n: x = 0
        if number == 0 or not claims:
            if kind is not None:
                return refuse(f"'{_squash(part)[:40]}' before the other statements may be a "
                              "condition or a claim: write the claim alone, and its condition "
                              "with \\text{for } or --assume")
            claims.append(part)
        elif kind == "ambiguous":
            return refuse(f"'{_squash(part)[:40]}' after the claim may be a condition (for "
                          f"{_squash(part)[:40]}) or a claim of its own: write \\text{{for }} "
                          "before a condition, or one display per claim")
        elif kind == "condition":
            conditions.append(part)
        elif conditions:
            return refuse("a claim after a condition: which claims the condition covers is "
                          "unclear; write one display per claim")
        else:
            claims.append(part)
    if conditions and len(claims) > 1:
        return refuse(f"the condition '{_squash(conditions[0])[:40]}' follows several claims: "
                      "which it covers is unclear; write one display per claim")
    if len(claims) > 1 and worded:
        return refuse("a condition in words after several claims: which claims it covers is "
                      "unclear; write one display per claim")
    return [DisplayChain(chain.line, chain.display, _squash(claim), chain.assume + tuple(
        _squash(c) for c in conditions), notes=tuple(notes)) for claim in claims]


def _is_name(words: str) -> bool:
    """Whether the words of a ``\\text{...}`` are one name (``ReLU``, ``softmax``), not prose."""
    return re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", words) is not None \
        and words.lower() not in _PROSE_WORDS and not _CONDITION_WORDS.match(words + " ")


_LETTER = re.compile(r"(?<![\\A-Za-z])[A-Za-z](?![A-Za-z])")
_ORDER_OR_MEMBER = re.compile(r"<|>|\\(?:lt|gt|le|leq|ge|geq|leqslant|geqslant|ne|neq|in)"
                              r"(?![A-Za-z])")


def _is_where_condition(text: str, claim: str) -> bool:
    """Whether the words after ``\\text{where}`` are a condition on the claim: one relation,
    an inequality or a membership (such a relation defines nothing), about letters the claim
    uses (a letter only in the condition would be a new quantity, not a condition)."""
    if _relations_at_top(text) != 1 or not _ORDER_OR_MEMBER.search(text) or _TEXT_START.search(text):
        return False
    return set(_LETTER.findall(text)) <= set(_LETTER.findall(claim))


def _annotations_to_their_equation(cells: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``a &= b && \\text{for } x > 0``: a column pair holding only text annotates the equation
    before it on the same row (so a condition stays with its claim), not an equation of its own."""
    merged: list[tuple[int, str]] = []
    for k in range(0, len(cells), 2):
        pair = cells[k:k + 2]
        joined = " ".join(cell for _, cell in pair)
        if merged and _ONLY_TEXT.fullmatch(joined):
            offset, previous = merged[-1]
            merged[-1] = (offset, previous + " " + joined)
        else:
            merged += pair
    return merged


def _without_row_marks(chain: DisplayChain) -> DisplayChain:
    return DisplayChain(chain.line, chain.display, _squash(chain.latex.replace(_ROW, " ")),
                        chain.assume, chain.problem, chain.notes, chain.link_lines)

_LEADING_MARKS = re.compile(r"^(?:\s|\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z]))*")


def _line_of(lines: "LineIndex", offset: int, cells: list[tuple[int, str]]) -> int:
    """The line of the first written character of ``cells`` (the row's own line)."""
    for cell_offset, cell in cells:
        stripped = _LEADING_MARKS.sub("", cell)
        if stripped:
            return lines.of(offset + cell_offset + len(cell) - len(stripped))
    return lines.of(offset + (cells[0][0] if cells else 0))


def _leading_newlines(text: str) -> int:
    stripped = text.lstrip()
    return text[:len(text) - len(stripped)].count("\n")


def _only_aligned(body: str):
    """(environment, offset, body) when the display is one ``aligned``/``split`` block."""
    m = re.fullmatch(r"(\s*(?:\\(?:label|tag\*?)\s*\{[^{}]*\}\s*)*)\\begin\{(" + "|".join(_ALIGNED)
                     + r")\}(?:\[[a-z]\])?(?:\{\d+\})?(.*)\\end\{\2\}[\s.,;]*(?:\\(?:label|tag\*?)"
                       r"\s*\{[^{}]*\}\s*)*", body, re.S)
    if m is None:
        return _cases_of_relations(body)
    return m.group(2), m.start(3), m.group(3)


def _cases_of_relations(body: str):
    """(environment, offset, body) for a display that is one ``cases`` block whose rows are
    relations aligned at their relation (``p_{2t} &= \\sin ... \\\\ p_{2t+1} &= \\cos ...``):
    the rows' relations, in order, as in ``aligned``. A block of value & condition rows (the
    condition is not at the start of its cell) is a definition by cases, left to the reader."""
    m = re.fullmatch(r"\s*\\begin\{cases\}(.*)\\end\{cases\}[\s.,;]*", body, re.S)
    if m is None:
        return None
    try:
        rows = _rows(m.group(1))
    except Unreadable:
        return None
    rows = [cells for cells in rows if "".join(c for _, c in cells).strip()]
    if not rows or any(len(cells) != 2 or not _STARTS_WITH_RELATION.match(cells[1][1].strip())
                       for cells in rows):
        return None
    return "aligned", m.start(1), m.group(1)




def _rows(body: str) -> list[list[tuple[int, str]]]:
    """The cells (offset, text) of each top-level row: split at ``\\\\`` and ``&`` outside braces and
    inner environments (a matrix keeps its rows)."""
    rows: list[list[tuple[int, str]]] = []
    cells: list[tuple[int, str]] = []
    cell_start = 0
    depth = env_depth = 0
    k = 0
    n = len(body)
    while k < n:
        ch = body[k]
        if ch == "\\":
            m = re.match(r"\\(begin|end)\s*\{([^}]*)\}|\\\\\*?(?:\s*\[[^\]]*\])?|\\[A-Za-z]+|\\.",
                         body[k:], re.S)
            token = m.group() if m else "\\"
            if m and m.group(1) == "begin":
                env_depth += 1
            elif m and m.group(1) == "end":
                env_depth -= 1
            elif token.startswith("\\\\") and depth == 0 and env_depth == 0:
                cells.append((cell_start, body[cell_start:k]))
                rows.append(cells)
                cells = []
                cell_start = k + len(token)
            elif token == r"\intertext" and depth == 0 and env_depth == 0:
                raise Unreadable(r"\intertext inside the display: split it into separate displays")
            elif token == r"\cr" and depth == 0 and env_depth == 0:
                raise Unreadable(r"\cr inside the display: write rows with \\")
            k += len(token)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                raise Unreadable("an unbalanced '}' in the display")
        elif ch == "&" and depth == 0 and env_depth == 0:
            cells.append((cell_start, body[cell_start:k]))
            cell_start = k + 1
        k += 1
    if depth != 0:
        raise Unreadable("unbalanced braces in the display")
    cells.append((cell_start, body[cell_start:]))
    rows.append(cells)
    return rows


# What typesetting adds to a display and the claim does not say.
_DROP_WITH_ARGUMENT = re.compile(
    r"\\(?:label|tag\*?|eqref|hspace\*?|vspace\*?|phantom|hphantom|vphantom)\s*(?=\{)")
_DROP = re.compile(
    r"\\(?:nonumber|notag|displaystyle|textstyle|scriptstyle|scriptscriptstyle|tiny|scriptsize"
    r"|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge|allowbreak|nobreak"
    r"|allowdisplaybreaks)(?![A-Za-z])"
    r"|\\(?:big|Big|bigg|Bigg)[lrm]?(?![A-Za-z])"
    r"|\\(?:begin|end)\{(?:aligned|split|gathered)\}(?:\[[a-z]\])?")
_TEXT_START = re.compile(r"\\(?:text|textrm|textnormal|textit|textbf|textsf|mbox|hbox)(?![A-Za-z])\s*")


@dataclass(frozen=True)
class _Text:
    """A ``\\text{...}`` command in a chain: where it starts and ends, and its content."""

    start: int
    end: int
    content: str


def _texts(latex: str) -> list[_Text]:
    """Every text command of ``latex`` with its content read to the matching brace, except
    those of a cases environment (``\\text{if } x > 0`` there is a row's condition, read with
    its row by ``symbolic.latex.cases``)."""
    found = []
    inside = [m.span() for m in _CASES.finditer(latex)]
    k = 0
    while True:
        m = _TEXT_START.search(latex, k)
        if m is None:
            return found
        content, end = argument(latex, m.end(), m.group().strip())
        if not any(a <= m.start() < b for a, b in inside):
            found.append(_Text(m.start(), end, content))
        k = end


_CASES = re.compile(r"\\begin\s*\{cases\*?\}.*?\\end\s*\{cases\*?\}", re.S)
_REMARK = re.compile(r"\\q?quad(?![A-Za-z])\s*(?:\\[,;:!]\s*)*[(\[]")
_ASSIGNS = re.compile(r"\\(?:leftarrow|gets)(?![A-Za-z])")    # (statements.ARROW)
_HAS_RELATION = re.compile(r"[=<>]|\\(?:le|leq|ge|geq|lt|gt|ne|neq|in|leqslant|geqslant)(?![A-Za-z])")
_DOTS = re.compile(r"\\[lcv]?dots[bci]?(?![A-Za-z])|\.\.\.")
_LEADING = re.compile(r"^(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~)+")
_TRAILING = re.compile(r"(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~|[.,;])+$")


# An equation number typed by hand at the very end of a row: ``a = b \quad (1)``, ``\qquad (3.2)``
# (a bare number or number.number in brackets after the gap, nothing after it but punctuation):
# a \tag written without \tag. Anything else in the brackets stays, and is refused as a remark.
_EQUATION_NUMBER = re.compile(r"(?:\\q?quad(?![A-Za-z])\s*)+\(\s*\d+(?:\.\d+)?\s*\)\s*[.,;]?\s*$")


def _clean(row: str) -> str:
    """A row without labels, tags, equation numbers, size commands and ``\\text`` that carries
    nothing."""
    previous = None
    while previous != row:
        previous = row
        row = _DROP.sub(" ", row)
        m = _DROP_WITH_ARGUMENT.search(row)
        if m is not None:
            _, end = argument(row, m.end(), m.group().strip())
            row = row[:m.start()] + " " + row[end:]
        row = _EQUATION_NUMBER.sub(" ", row)
    return row


def _squash(text: str) -> str:
    return " ".join(text.split())


_ROW = "\x00"      # marks where a row of a chain ended, until conditions are read
# A column pair that starts with text (`&& \text{for } x > 0`, `&& (\text{by (3)})`) annotates
# the equation before it on its row.
_ONLY_TEXT = re.compile(r"(?:\s|\\q?quad(?![A-Za-z])|\\[,;:!]|\()*"
                        r"\\(?:text|textrm|textnormal|textit|textbf|textsf|mbox|hbox)(?![A-Za-z]).*", re.S)


def _continues(row: str, current: list[str], env: str, first_cell_empty: bool
               ) -> tuple[bool, str | None]:
    """Whether ``row`` continues the chain of the rows before it, and a doubt that makes it
    unreadable.

    A row that starts with a relation, follows a row ending in an operator, or belongs to a
    ``multline`` continues. One that starts with ``+``/``-``/``\\cdot`` continues when it holds
    no relation of its own (``&\\quad + c``); holding one (``-x = y``), it is a new equation in
    ``gather`` or after a left side, a continuation when indented (``&\\quad - z \\le w``), and
    otherwise cannot be told: joining or splitting wrongly would check another claim.
    """
    head = _LEADING.sub("", row)
    if not current:
        return False, None
    if _STARTS_WITH_RELATION.match(head) or _ENDS_WITH_OPERATOR.search(current[-1]) \
            or env.startswith("multline"):
        return True, None
    if not _STARTS_WITH_OPERATOR.match(head):
        return False, None
    if not _relations_at_top(head):
        return True, None
    if not first_cell_empty:
        return False, None
    if head != row:      # indented after the alignment point: the typeset sign of a continuation
        return True, None
    return True, ("a row starting with an operator and holding its own relation ('" +
                  _squash(row)[:40] + "') may continue the expression above or start a new "
                  "claim; indent it (&\\quad ...) or end the row above with the operator")


def _finish(rows: list[str], line: int, number: int, row_lines: list[int],
            ambiguous: str | None = None) -> DisplayChain:
    if ambiguous:
        return DisplayChain(line, number, _squash(" ".join(rows)), problem=ambiguous)
    latex = _TRAILING.sub("", f" {_ROW} ".join(_squash(_TRAILING.sub("", row)) if k < len(rows) - 1
                                                else _squash(row) for k, row in enumerate(rows)))
    link_lines: list[int] = []
    for row, row_line in zip(rows, row_lines):
        link_lines += [row_line] * _relations_at_top(row)
    if _IMPLICATION.search(latex):
        link_lines = []   # an implication's links are its \implies, not its relations
    return DisplayChain(line, number, latex, link_lines=tuple(link_lines))


_IMPLICATION = re.compile(r"\\(?:implies|Rightarrow|Longrightarrow|wedge|land)(?![A-Za-z])")
_RELATION_TOKEN = re.compile(
    r"\\[A-Za-z]+|\\.|[{}]|" + "|".join(re.escape(r) for r in RELATIONS if not r.startswith("\\")))


def relation_ends_at_top(row: str) -> list[int]:
    """Where each relation of ``row`` outside braces ends (``\\sum_{i=1}`` holds none): the
    last side of a chain starts after the last of them."""
    depth, ends = 0, []
    for m in _RELATION_TOKEN.finditer(row):
        token = m.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0 and token in RELATIONS:
            ends.append(m.end())
    return ends


def _relations_at_top(row: str) -> int:
    """How many relations ``row`` has outside braces (``\\sum_{i=1}`` holds none)."""
    return len(relation_ends_at_top(row))


_AND = re.compile(r"(?:\\q?quad(?![A-Za-z])|\\[,;]|\s|[,;])*\\(?:text|textrm|mbox)\s*\{\s*and\s*\}"
                  r"(?:\\q?quad(?![A-Za-z])|\\[,;]|\s)*")


def _split_and(chain: DisplayChain) -> list[DisplayChain]:
    """``a = b \\quad\\text{and}\\quad c = d``: two claims, unless a condition follows (then the
    words after it are the condition's)."""
    if chain.problem is not None or not _AND.search(chain.latex):
        return [chain]
    try:
        texts = _texts(chain.latex)
    except Unreadable as exc:
        return [DisplayChain(chain.line, chain.display, chain.latex, problem=str(exc))]
    first_condition = next((t.start for t in texts if _CONDITION_WORDS.match(t.content)), None)
    cut = chain.latex if first_condition is None else chain.latex[:first_condition]
    if not _AND.search(cut):
        return [chain]
    if first_condition is not None:
        return [DisplayChain(chain.line, chain.display, chain.latex,
                             problem="claims joined by \\text{and} with a condition after them: "
                                     "which claims the condition covers is unclear; write one "
                                     "display per claim")]
    return [DisplayChain(chain.line, chain.display, _TRAILING.sub("", part.strip()))
            for part in _AND.split(chain.latex) if part.strip()]   # (lines of links unknown)


def _with_conditions(chain: DisplayChain) -> DisplayChain:
    """Turn ``\\text{for } x > 0`` into an assumption; refuse any other prose in the chain.

    ``\\text{softmax}`` (one word, a name) is left to the formula reader, which reads it as a
    name. Words such as "for", "if", "when" start a condition: what follows them to the end of
    the chain (math inside the text included) becomes the display's assumptions, split at
    commas and "and". Any other prose would be dropped by a reader and change the claim, so
    the chain is refused with the words it holds.
    """
    if chain.problem is not None:
        return chain
    latex = chain.latex
    try:
        texts = _texts(latex)
    except Unreadable as exc:
        return DisplayChain(chain.line, chain.display, chain.latex, problem=str(exc))
    notes = list(chain.notes)
    for m in reversed(texts):
        if re.fullmatch(r"[\s.,;:~]*", m.content):   # text that carries nothing
            latex = latex[:m.start] + " " + latex[m.end:]
        elif _JUSTIFICATION.match(m.content):
            # the reason for a step is not part of its claim; the output still says it went
            said = " ".join(m.content.split())
            if _HAS_RELATION.search(m.content) or "$" in m.content \
                    or _JUSTIFICATION_CONDITION.search(m.content):
                # \text{// for } i > 0: a condition (or a claim) in the margin is no reason
                return DisplayChain(chain.line, chain.display, chain.latex,
                                    problem=f"the justification or comment \"{said}\" states "
                                            "a condition or a relation of its own, which would "
                                            "go unchecked: give the condition with \\text{for } "
                                            "(or --assume) and the relation as a step")
            start, end = m.start, m.end
            around = re.search(r"[(\[]\s*$", latex[:start]), re.match(r"\s*[)\]]", latex[end:])
            if around[0] and around[1]:
                start, end = around[0].start(), end + around[1].end()
            if latex[end:].split(_ROW)[0].strip(" .,;"):
                return DisplayChain(chain.line, chain.display, chain.latex,
                                    problem="maths after the justification \"" +
                                            " ".join(m.content.split()) + "\" (a reference "
                                            "such as (3) would be read as a factor); put the "
                                            "justification last or in \\tag{}")
            notes.insert(len(chain.notes), "left out the justification \"" +
                         " ".join(latex[m.start:m.end].split()) + "\"")
            latex = _TRAILING.sub("", latex[:start]) + " " + latex[end:]
    if _REMARK.search(latex):
        return DisplayChain(chain.line, chain.display, chain.latex,
                            problem="a bracket after \\quad (an equation number, or a condition?) "
                                    "would be read as a factor; use \\tag{} or \\text{for } ...")
    for m in _texts(latex):
        content = m.content
        words = " ".join(content.split())
        if unit_word(r"\text", content) or re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", content) and words.lower() \
                not in _PROSE_WORDS and not _CONDITION_WORDS.match(words + " "):
            continue          # a name written tight (\text{softmax}) or a unit (units.py): for the formula reader
        condition = _CONDITION_WORDS.match(content)
        if condition is not None and _NOT_A_CONDITION.match(condition.group(1)):
            return DisplayChain(chain.line, chain.display, chain.latex,
                                problem=f"the display's condition (\\text{{{words}}} ...) is not "
                                        "one the checker can assume; check the claim without it")
        if condition is None:
            return DisplayChain(chain.line, chain.display, chain.latex,
                                problem=f"the display holds prose the checker cannot read "
                                        f"(\\text{{{words}}}); write the claim alone, and its "
                                        "conditions with --assume")
        claim = _TRAILING.sub("", latex[:m.start])
        rest = condition.group(1) + " " + latex[m.end:]
        if _ROW in rest:
            return DisplayChain(chain.line, chain.display, chain.latex,
                                problem=f"the condition \\text{{{words}}} ... stands on a row in the "
                                        "middle of a chain: which links it covers is unclear; "
                                        "write it on the last row or with --assume")
        rest = re.sub(r"\$([^$]*)\$", r" \1 ", rest)
        parts = [p.strip() for p in re.split(r",|\\text\s*\{\s*and\s*\}|\\land(?![A-Za-z])", rest)]
        parts = [_LEADING.sub("", _TRAILING.sub("", p)) for p in parts]
        parts = [p for p in parts if p]
        # every part must be a relation of its own: `for j = 1, \dots, n` ranges over j, and
        # reading it as the assumption j = 1 would check a different claim
        if not parts or any(_TEXT_START.search(p) or not _HAS_RELATION.search(p) or _DOTS.search(p)
                            for p in parts):
            return DisplayChain(chain.line, chain.display, chain.latex,
                                problem=f"the condition '\\text{{{words}}} ...' of the display "
                                        "cannot be read as assumptions; give them with --assume")
        return DisplayChain(chain.line, chain.display, claim, chain.assume + tuple(parts),
                            notes=tuple(notes))   # (the condition's relations: lines unknown)
    return DisplayChain(chain.line, chain.display, _squash(latex), chain.assume,
                        notes=tuple(notes), link_lines=chain.link_lines)
