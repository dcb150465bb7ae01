"""Read the displayed claims of a whole document (.tex or .md), each with its line number.

What ``stepcheck check paper.tex`` checks. The structure of a .tex file (environments,
``$$``/``\\[`` displays, comments, ``\\newcommand`` definitions) is read with pylatexenc, which
parses LaTeX without executing any of it; the user's macros are then expanded by substitution
(bounded, so a recursive macro ends as an unreadable display, not a hang). Each display is
cleaned of what typesetting adds but the claim does not say (``\\label``, ``\\tag``,
``\\nonumber``, size commands, ``&``, trailing punctuation) and split into chains: an align row
that starts with a relation (or an operator) continues the previous row's chain.

Nothing that changes the claim is dropped silently: a ``\\text{for } x > 0`` condition becomes
an assumption of that display, a justification (``\\text{by Lemma 2}``) is left out with a
note, and any other prose inside a display makes it unreadable with the reason.

Why pylatexenc and a hand expander together: pylatexenc (2.x) finds environments, ``$$`` and
``\\[`` displays, comments and the arguments of ``\\newcommand`` reliably, with positions for
line numbers, but it does not expand macros; expansion is plain substitution of arguments
into bodies, which needs no TeX engine and is done here (bounded).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from symbolic.latex.lexer import RELATIONS

DISPLAY_ENVIRONMENTS = ("equation", "equation*", "align", "align*", "gather", "gather*",
                        "multline", "multline*", "eqnarray", "eqnarray*", "flalign", "flalign*",
                        "alignat", "alignat*", "displaymath")
_ALIGNED = ("aligned", "split", "gathered", "alignedat")
MAX_EXPANSION_ROUNDS = 32       # nesting of user macros; real papers stay under 5
MAX_EXPANDED_CHARS = 20_000     # a display grown past this by its macros is refused
# Environments whose content is not LaTeX to typeset (a $$ inside them is not a display).
_NOT_LATEX = frozenset("verbatim verbatim* Verbatim lstlisting minted comment alltt".split())


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


@dataclass(frozen=True)
class Macro:
    """A user macro: ``\\newcommand{\\name}[nargs][default]{body}`` or ``\\DeclareMathOperator``."""

    name: str
    nargs: int
    default: str | None
    body: str
    provide: bool = False       # \providecommand: defines only what is not defined yet


# --- documents -----------------------------------------------------------------------------

def read_document(text: str, *, markdown: bool = False) -> tuple[DisplayChain, ...]:
    """Every chain of every display of a .tex (or, with ``markdown``, a .md) document, in order."""
    if markdown:
        displays = _markdown_displays(text)
        definitions: list[tuple[int, Macro]] = []
    else:
        displays, definitions = _tex_displays(text)
    chains: list[DisplayChain] = []
    macros: dict[str, Macro] = {}
    lines = _LineIndex(text)
    pending = sorted(definitions, key=lambda d: d[0])
    for number, (env, body, offset) in enumerate(displays, 1):
        # a definition holds from where it is written (a later \renewcommand does not reach back)
        while pending and pending[0][0] < offset:
            macro = pending.pop(0)[1]
            if not (macro.provide and macro.name in macros):
                macros[macro.name] = macro
        chains += _display_chains(lines, env, body, offset, number, macros)
    return tuple(chains)


def read_lines(text: str) -> tuple[DisplayChain, ...]:
    """Plain text that is not a document: one relation per non-empty line (``%`` comments skipped)."""
    chains: list[DisplayChain] = []
    offset = 0
    lines = _LineIndex(text)
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            # the same cleaning as a display: a \text{for } x > 0 on the line is its condition
            chains += _display_chains(lines, "equation", line, offset, len(chains) + 1, {})
        offset += len(line)
    return tuple(chains)


def read_display(latex: str) -> tuple[DisplayChain, ...]:
    """The chains of one display given alone, as a paper prints it (its body, or the body
    wrapped in ``$$``, ``\\[``, or one display environment such as ``align*``).

    The same reading as a display of a document (rows, labels, conditions, statements
    separated by ``,\\quad``): a display quoted from a paper is read exactly as it would be
    inside the user's .tex file.
    """
    text = latex if isinstance(latex, str) else ""
    env, body, offset = "equation", text, 0
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    for left, right in (("$$", "$$"), (r"\[", r"\]")):
        if len(stripped) > len(left) + len(right) and stripped.startswith(left) \
                and stripped.endswith(right):
            env, body, offset = left, stripped[len(left):-len(right)], lead + len(left)
            break
    else:
        m = re.fullmatch(r"\\begin\{(?P<env>[a-z]+\*?)\}(?P<body>.*)\\end\{(?P=env)\}", stripped, re.S)
        if m and m.group("env") in DISPLAY_ENVIRONMENTS \
                and not re.search(r"\\(?:begin|end)\{" + re.escape(m.group("env")) + r"\}",
                                  m.group("body")):
            env, body, offset = m.group("env"), m.group("body"), lead + m.start("body")
            if env.startswith("alignat"):
                columns = re.match(r"\s*\{\s*\d+\s*\}", body)
                if columns:
                    body, offset = body[columns.end():], offset + columns.end()
    return tuple(_display_chains(_LineIndex(text), env, body, offset, 1, {}))


def looks_like_document(text: str) -> bool:
    """Whether ``text`` holds displays (a display environment, ``$$``, ``\\[``, a math fence,
    ``\\documentclass``) rather than bare relations."""
    environments = "|".join(re.escape(e) for e in DISPLAY_ENVIRONMENTS + ("document",))
    return bool(re.search(r"\\begin\{(?:" + environments + r")\}|\$\$|\\\[|^```math|\\documentclass",
                          text, re.M))


def _tex_displays(text: str):
    """(environment, body, offset of the body) of each display, and the user macros of the file."""
    from pylatexenc import latexwalker as lw

    walker = lw.LatexWalker(text, tolerant_parsing=True)
    try:
        nodes, _, _ = walker.get_latex_nodes()
    except Exception as exc:  # noqa: BLE001 - any failure of the parser: read without it
        # braces nested thousands deep exhaust the parser's recursion: find the displays
        # without it (each is then refused by the formula reader's own depth limit)
        return _displays_without_structure(text, exc)
    displays: list[tuple[str, str, int]] = []
    definitions: list[tuple[int, Macro]] = _plain_defs(text)

    def visit(nodelist):
        for node in nodelist or ():
            if node is None:
                continue
            if node.isNodeType(lw.LatexEnvironmentNode):
                if node.environmentname in DISPLAY_ENVIRONMENTS:
                    displays.append(_environment_body(text, node))
                elif node.environmentname not in _NOT_LATEX:
                    visit(node.nodelist)
            elif node.isNodeType(lw.LatexMathNode):
                if node.displaytype == "display":
                    start = node.pos + len(node.delimiters[0])
                    end = node.pos + node.len - len(node.delimiters[1])
                    displays.append((node.delimiters[0], text[start:end], start))
            elif node.isNodeType(lw.LatexMacroNode):
                macro = _definition(node)
                if macro is not None:
                    definitions.append((node.pos, macro))
                elif node.nodeargd is not None:
                    visit(node.nodeargd.argnlist)
            elif node.isNodeType(lw.LatexGroupNode):
                visit(node.nodelist)

    visit(nodes)
    return displays, definitions


_BLOCK = re.compile(
    r"\\begin\{(?P<env>" + "|".join(re.escape(e) for e in DISPLAY_ENVIRONMENTS) + r")\}"
    r"(?P<body>.*?)\\end\{(?P=env)\}|\$\$(?P<dollars>.*?)\$\$|\\\[(?P<brackets>.*?)\\\]", re.S)
_DEFINES = re.compile(r"\\(?:newcommand|renewcommand|providecommand|DeclareMathOperator|def|let)"
                      r"(?![A-Za-z])")


def _displays_without_structure(text: str, error: Exception):
    """The displays of a document pylatexenc could not parse, found by pattern.

    Without the parser the user's macros cannot be read safely, so in a document that defines
    any, every display is refused (a \\renewcommand of a known command would otherwise be
    missed and the display misread).
    """
    source = _COMMENT.sub(lambda m: " " * len(m.group()), text)
    why = "deeply nested braces" if isinstance(error, RecursionError) else str(error)
    displays: list[tuple[str, str, int]] = []
    for m in _BLOCK.finditer(source):
        group = next(g for g in ("body", "dollars", "brackets") if m.group(g) is not None)
        env = m.group("env") or ("$$" if group == "dollars" else r"\[")
        displays.append((env, text[m.start(group):m.end(group)], m.start(group)))
    if _DEFINES.search(source):
        return [(env, _REFUSED + f"the structure of the document could not be read ({why}), "
                 "so its macros cannot be expanded", offset) for env, _, offset in displays], []
    return displays, []


_REFUSED = "\x01"   # a display body that starts with this is a reason, not LaTeX


def _plain_defs(text: str) -> list[tuple[int, Macro]]:
    """``\\def\\name{body}`` without parameters (one with parameters stays undefined, so a
    display that uses it is refused by the formula reader as an unknown command)."""
    found = []
    source = _COMMENT.sub(lambda m: " " * len(m.group()), text)
    for m in re.finditer(r"\\def\s*(\\[A-Za-z]+)\s*(?=\{)", source):
        try:
            body, _ = _argument(source, m.end(), m.group(1))
        except _Unreadable:
            continue
        found.append((m.start(), Macro(m.group(1), 0, None, body)))
    return found


def _environment_body(text: str, node) -> tuple[str, str, int]:
    verbatim = text[node.pos:node.pos + node.len]
    begin = re.match(r"\\begin\s*\{[^}]*\}", verbatim)
    start = begin.end() if begin else 0
    if node.environmentname.startswith("alignat"):
        columns = re.match(r"\s*\{\s*\d+\s*\}", verbatim[start:])
        start += columns.end() if columns else 0
    end_match = re.search(r"\\end\s*\{[^}]*\}\s*$", verbatim)
    end = end_match.start() if end_match else len(verbatim)
    return node.environmentname, verbatim[start:end], node.pos + start


def _definition(node) -> Macro | None:
    """The macro that a ``\\newcommand``/``\\renewcommand``/``\\DeclareMathOperator`` node defines."""
    name = node.macroname
    if name not in ("newcommand", "renewcommand", "providecommand", "DeclareMathOperator") \
            or node.nodeargd is None:
        return None
    args = [a.latex_verbatim() if a is not None else None for a in node.nodeargd.argnlist]
    if name == "DeclareMathOperator":
        if len(args) < 3 or args[1] is None or args[2] is None:
            return None
        target = _ungroup(args[1]).strip()
        if not re.fullmatch(r"\\[A-Za-z]+", target):
            return None
        command = r"\operatorname*" if args[0] == "*" else r"\operatorname"
        return Macro(target, 0, None, f"{command}{{{_ungroup(args[2])}}}")
    if len(args) < 5 or args[1] is None or args[4] is None:
        return None
    target = _ungroup(args[1]).strip()
    if not re.fullmatch(r"\\[A-Za-z]+", target):
        return None
    nargs = int(_ungroup(args[2]).strip()) if args[2] and _ungroup(args[2]).strip().isdigit() else 0
    default = _ungroup(args[3]) if args[3] is not None else None
    return Macro(target, nargs, default, _ungroup(args[4]), provide=name == "providecommand")


def _ungroup(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and (text[0], text[-1]) in (("{", "}"), ("[", "]")):
        return text[1:-1]
    return text


def _markdown_displays(text: str):
    """``$$ ... $$`` blocks and fenced ``math`` blocks of Markdown, skipping other code blocks."""
    displays = []
    fence = re.compile(r"^(```+|~~~+)[ \t]*([A-Za-z0-9_-]*)[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)
    blanked = list(text)
    for m in fence.finditer(text):
        if m.group(2).lower() == "math":
            displays.append(("math", m.group(3), m.start(3)))
        for k in range(m.start(), m.end()):
            if blanked[k] != "\n":
                blanked[k] = " "
    plain = re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group()), "".join(blanked))
    for m in re.finditer(r"(?<!\\)\$\$(.*?)(?<!\\)\$\$", plain, re.S):
        displays.append(("$$", text[m.start(1):m.end(1)], m.start(1)))
    displays.sort(key=lambda d: d[2])
    return displays


# --- one display ---------------------------------------------------------------------------

_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_STARTS_WITH_RELATION = re.compile(
    r"^(?:" + "|".join(re.escape(r) + (r"(?![A-Za-z])" if r[-1].isalpha() else "")
                       for r in sorted(RELATIONS, key=len, reverse=True)) + ")")
_STARTS_WITH_OPERATOR = re.compile(r"^(?:[+\-]|\\cdot(?![A-Za-z])|\\times(?![A-Za-z])"
                                   r"|\\pm(?![A-Za-z])|\\mp(?![A-Za-z]))")
_ENDS_WITH_OPERATOR = re.compile(
    r"(?:[+\-=<>]|\\(?:cdot|times|pm|mp|le|leq|ge|geq|ne|neq|approx|leqslant|geqslant))\s*$")
_ALIGN_LIKE = ("align", "align*", "flalign", "flalign*", "alignat", "alignat*", "aligned",
               "alignedat")


class _LineIndex:
    """Line numbers of positions in a text (binary search over the line starts)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def of(self, position: int) -> int:
        """The 1-based line of ``position``."""
        import bisect
        return bisect.bisect_right(self.starts, position)


def _display_chains(lines: _LineIndex, env: str, body: str, offset: int, number: int,
                    macros: dict[str, Macro]) -> list[DisplayChain]:
    """The chains of one display; a display that cannot be cut into chains is one unreadable chain."""
    line = lines.of(offset) + _leading_newlines(body)
    if body.startswith(_REFUSED):
        return [DisplayChain(line, number, "", problem=body[len(_REFUSED):])]
    body = _COMMENT.sub(lambda m: " " * len(m.group()), body)
    body, shift = _unwrapped(body)
    offset += shift
    inner = _only_aligned(body)
    if inner is not None:
        env, shift, body = inner[0], inner[1], inner[2]
        offset += shift
    try:
        rows = _rows(body)
    except _Unreadable as exc:
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
                row = _clean(_expand(row, macros))
            except _Unreadable as exc:
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
    read = [r for c in chains for part in _split_and(c) for piece in _split_statements(part)
            for r in [_with_conditions(piece)]]
    out = []
    for c in map(_without_row_marks, read):
        if not c.latex and c.assume and not c.problem:
            c = DisplayChain(c.line, c.display, "", c.assume, problem="a condition (" +
                             ", ".join(c.assume) + ") without a claim before it")
        if c.latex or c.problem:
            out.append(c)
    return out


def _unwrapped(body: str) -> tuple[str, int]:
    """A display without outer braces and ``\\displaystyle`` (``{\\displaystyle a = b}``, as
    Wikipedia prints), and how many characters were cut before it."""
    from symbolic.latex.parse import unwrap
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
                words, end = _argument(part, text.end(), text.group().strip())
            except _Unreadable as exc:
                return refuse(str(exc))
            if words.strip() == "where" and claims:
                definition = _LEADING.sub("", part[end:])
                if not definition and number + 1 < len(parts):
                    where = True
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
        if not _relations_at_top(part) and not re.search(r"\\in(?![A-Za-z])", part):
            return [chain]       # not a statement of its own: the formula reader says why
        kind = _condition_kind(part)
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


def _line_of(lines: "_LineIndex", offset: int, cells: list[tuple[int, str]]) -> int:
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
        return None
    return m.group(2), m.start(3), m.group(3)


class _Unreadable(Exception):
    """A display, or a row of it, that cannot be handed to the formula reader (the message says why)."""


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
                raise _Unreadable(r"\intertext inside the display: split it into separate displays")
            elif token == r"\cr" and depth == 0 and env_depth == 0:
                raise _Unreadable(r"\cr inside the display: write rows with \\")
            k += len(token)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                raise _Unreadable("an unbalanced '}' in the display")
        elif ch == "&" and depth == 0 and env_depth == 0:
            cells.append((cell_start, body[cell_start:k]))
            cell_start = k + 1
        k += 1
    if depth != 0:
        raise _Unreadable("unbalanced braces in the display")
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
    """Every text command of ``latex`` with its content read to the matching brace."""
    found = []
    k = 0
    while True:
        m = _TEXT_START.search(latex, k)
        if m is None:
            return found
        content, end = _argument(latex, m.end(), m.group().strip())
        found.append(_Text(m.start(), end, content))
        k = end
_CONDITION_WORDS = re.compile(r"^\s*(?:for\s+all|for\s+every|for\s+each|for\s+any|for|if|when|whenever"
                              r"|provided(?:\s+that)?|given|with|assuming|since|because|as)\b\s*(.*)$",
                              re.S | re.I)
_JUSTIFICATION = re.compile(r"^\s*\(?\s*(?:by|using|from|cf\.?|see|thanks\s+to|via)(?![A-Za-z])", re.I)
_REMARK = re.compile(r"\\q?quad(?![A-Za-z])\s*(?:\\[,;:!]\s*)*[(\[]")
# Words that make \text{...} prose even when written as one word.
_PROSE_WORDS = frozenset("""or and where so thus hence then since because as is are by of to in on
at we also therefore otherwise else holds gives yields using via i.e e.g cf see""".split())
_NOT_A_CONDITION = re.compile(r"\s*(?:some|no|almost|most|many|large|small|sufficiently)\b", re.I)
_HAS_RELATION = re.compile(r"[=<>]|\\(?:le|leq|ge|geq|lt|gt|ne|neq|in|leqslant|geqslant)(?![A-Za-z])")
_DOTS = re.compile(r"\\[lcv]?dots[bci]?(?![A-Za-z])|\.\.\.")
_LEADING = re.compile(r"^(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~)+")
_TRAILING = re.compile(r"(?:\s|\\[,;:!]|\\q?quad(?![A-Za-z])|~|[.,;])+$")


def _clean(row: str) -> str:
    """A row without labels, tags, size commands and ``\\text`` that carries nothing."""
    previous = None
    while previous != row:
        previous = row
        row = _DROP.sub(" ", row)
        m = _DROP_WITH_ARGUMENT.search(row)
        if m is not None:
            _, end = _argument(row, m.end(), m.group().strip())
            row = row[:m.start()] + " " + row[end:]
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


def _relations_at_top(row: str) -> int:
    """How many relations ``row`` has outside braces (``\\sum_{i=1}`` holds none)."""
    depth = count = 0
    for m in _RELATION_TOKEN.finditer(row):
        token = m.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0 and token in RELATIONS:
            count += 1
    return count


_AND = re.compile(r"(?:\\q?quad(?![A-Za-z])|\\[,;]|\s|[,;])*\\(?:text|textrm|mbox)\s*\{\s*and\s*\}"
                  r"(?:\\q?quad(?![A-Za-z])|\\[,;]|\s)*")


def _split_and(chain: DisplayChain) -> list[DisplayChain]:
    """``a = b \\quad\\text{and}\\quad c = d``: two claims, unless a condition follows (then the
    words after it are the condition's)."""
    if chain.problem is not None or not _AND.search(chain.latex):
        return [chain]
    try:
        texts = _texts(chain.latex)
    except _Unreadable as exc:
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
    except _Unreadable as exc:
        return DisplayChain(chain.line, chain.display, chain.latex, problem=str(exc))
    notes = list(chain.notes)
    for m in reversed(texts):
        if re.fullmatch(r"[\s.,;:~]*", m.content):   # text that carries nothing
            latex = latex[:m.start] + " " + latex[m.end:]
        elif _JUSTIFICATION.match(m.content):
            # the reason for a step is not part of its claim; the output still says it went
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
        if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", content) and words.lower() not in _PROSE_WORDS \
                and not _CONDITION_WORDS.match(words + " "):
            continue          # a name written tight (\text{softmax}), read by the formula reader
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


def _expand(text: str, macros: dict[str, Macro]) -> str:
    """``text`` with the user's macros substituted, the way TeX would (bounded)."""
    if not macros or "\\" not in text:
        return text
    pattern = re.compile(r"\\(" + "|".join(re.escape(name.lstrip("\\"))
                                           for name in sorted(macros, key=len, reverse=True))
                         + r")(?![A-Za-z])")
    for _ in range(MAX_EXPANSION_ROUNDS):
        m = pattern.search(text)
        if m is None:
            return text
        out: list[str] = []
        position = 0
        for m in pattern.finditer(text):
            if m.start() < position:
                continue
            macro = macros["\\" + m.group(1)]
            body, end = _substitute(text, m.end(), macro)
            out.append(text[position:m.start()])
            out.append(f" {body} ")
            position = end
        out.append(text[position:])
        text = "".join(out)
        if len(text) > MAX_EXPANDED_CHARS:
            raise _Unreadable(f"the user macros expand this display past {MAX_EXPANDED_CHARS} "
                              "characters (a recursive \\newcommand?)")
    names = sorted({"\\" + m.group(1) for m in pattern.finditer(text)})
    raise _Unreadable(f"the macro {', '.join(names)} is still there after {MAX_EXPANSION_ROUNDS} "
                      "expansions (a recursive \\newcommand?)")


def _substitute(text: str, k: int, macro: Macro) -> tuple[str, int]:
    """The macro's body with its arguments read from ``text`` at ``k``; and where they end."""
    args: list[str] = []
    wanted = macro.nargs
    if macro.default is not None and wanted:
        m = re.match(r"\s*\[([^\]]*)\]", text[k:])
        if m:
            args.append(m.group(1))
            k += m.end()
        else:
            args.append(macro.default)
        wanted -= 1
    for _ in range(wanted):
        arg, k = _argument(text, k, macro.name)
        args.append(arg)
    body = macro.body
    for number in range(len(args), 0, -1):
        body = body.replace(f"#{number}", f" {args[number - 1]} ")
    if "#" in body.replace(r"\#", ""):
        raise _Unreadable(f"the macro {macro.name} uses a parameter it does not declare")
    return body, k


def _argument(text: str, k: int, name: str) -> tuple[str, int]:
    """One undelimited TeX argument at ``k``: a brace group (without its braces) or one token."""
    while k < len(text) and text[k].isspace():
        k += 1
    if k >= len(text):
        raise _Unreadable(f"the macro {name} lacks an argument")
    if text[k] == "{":
        depth = 0
        j = k
        while j < len(text):
            if text[j] == "\\":
                j += 2
                continue
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    return text[k + 1:j], j + 1
            j += 1
        raise _Unreadable(f"an argument of {name} never closes its brace")
    m = re.match(r"\\[A-Za-z]+|\\.|.", text[k:], re.S)
    if m.group() == "}":
        raise _Unreadable(f"the macro {name} lacks an argument")
    return m.group(), k + m.end()
