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
into bodies, which needs no TeX engine and is done in ``macros.py`` (bounded); each display is
cut into chains by ``display.py``.
"""
from __future__ import annotations

import re

from symbolic.latex.derivative_rules import defined_derivatives
from symbolic.latex.display import COMMENT, REFUSED, DisplayChain, display_chains
from symbolic.latex.macros import Macro, Unreadable, argument

__all__ = ["DISPLAY_ENVIRONMENTS", "DisplayChain", "Macro", "looks_like_document", "read_display",
           "read_document", "read_lines"]

DISPLAY_ENVIRONMENTS = ("equation", "equation*", "align", "align*", "gather", "gather*",
                        "multline", "multline*", "eqnarray", "eqnarray*", "flalign", "flalign*",
                        "alignat", "alignat*", "displaymath")
# Environments whose content is not LaTeX to typeset (a $$ inside them is not a display).
_NOT_LATEX = frozenset("verbatim verbatim* Verbatim lstlisting minted comment alltt".split())


class LineIndex:
    """Line numbers of positions in a text (binary search over the line starts)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def of(self, position: int) -> int:
        """The 1-based line of ``position``."""
        import bisect
        return bisect.bisect_right(self.starts, position)


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
    lines = LineIndex(text)
    pending = sorted(definitions, key=lambda d: d[0])
    previous = None      # the display before this one: a display that starts with '=' continues it
    for number, (env, body, offset) in enumerate(displays, 1):
        # a definition holds from where it is written (a later \renewcommand does not reach back)
        while pending and pending[0][0] < offset:
            macro = pending.pop(0)[1]
            if not (macro.provide and macro.name in macros):
                macros[macro.name] = macro
        found = defined_derivatives(display_chains(lines, env, body, offset, number, macros))
        if found and previous is not None:
            found[0] = _continued(found[0], previous, chains)
        chains += found
        previous = (number, body)
    return tuple(chains)


_ENDS_PROSE = re.compile(r"(?:[.,;:]|\\(?:text|textrm|mbox|textbf|textit)\s*\{[^{}]*\})\s*$")
_TYPESETTING = re.compile(r"\\(?:tag|label)\*?\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z])|\\\\")


def _continued(chain: DisplayChain, previous: tuple[int, str], chains: list[DisplayChain]
               ) -> DisplayChain:
    """A display that starts with its relation (``= a + b``) joined to the last side of the
    display just before it, so that the link between them is checked there: only when that
    display ends with a side (not with a period, a comma or prose) and was read into a chain.
    Anything else stays as it is (read alone, a continuation: nothing to check)."""
    from symbolic.latex.statements import continuation_parts
    number, body = previous
    if chain.problem is not None or continuation_parts(chain.latex.strip()) is None:
        return chain
    before = [c for c in chains if c.display == number]
    if not before or before[-1].problem is not None \
            or _ENDS_PROSE.search(_TYPESETTING.sub("", body)):
        return chain
    side = _last_side(before[-1].latex)
    if side is None:
        return chain
    note = (f"continues display {number} (line {before[-1].line}): its last side "
            f"'{_short(side)}' is the left side of this link")
    # the conditions of the display it continues hold for its last side too (x > 0 there)
    assume = before[-1].assume + tuple(a for a in chain.assume if a not in before[-1].assume)
    return DisplayChain(chain.line, chain.display, f"{side} {chain.latex.strip()}", assume,
                        None, chain.notes + (note,), chain.link_lines)


def _last_side(latex: str) -> str | None:
    """The text after the last relation of a chain outside braces (the whole text when it has
    none: an expression); None after an assignment or a statement (\\in, \\sim), which no
    relation continues."""
    from symbolic.latex.display import relation_ends_at_top
    if re.search(r"\\(?:leftarrow|gets|in|sim|to|mapsto|iff|implies|Leftrightarrow|Rightarrow)"
                 r"(?![A-Za-z])|:=", latex):
        return None
    ends = relation_ends_at_top(latex)
    side = latex[ends[-1] if ends else 0:].strip()
    return side or None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 50 else text[:50] + "..."


def read_lines(text: str) -> tuple[DisplayChain, ...]:
    """Plain text that is not a document: one relation per non-empty line (``%`` comments skipped)."""
    chains: list[DisplayChain] = []
    offset = 0
    lines = LineIndex(text)
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            # the same cleaning as a display: a \text{for } x > 0 on the line is its condition
            chains += display_chains(lines, "equation", line, offset, len(chains) + 1, {})
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
    return tuple(defined_derivatives(display_chains(LineIndex(text), env, body, offset, 1, {})))


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
    source = COMMENT.sub(lambda m: " " * len(m.group()), text)
    why = "deeply nested braces" if isinstance(error, RecursionError) else str(error)
    displays: list[tuple[str, str, int]] = []
    for m in _BLOCK.finditer(source):
        group = next(g for g in ("body", "dollars", "brackets") if m.group(g) is not None)
        env = m.group("env") or ("$$" if group == "dollars" else r"\[")
        displays.append((env, text[m.start(group):m.end(group)], m.start(group)))
    if _DEFINES.search(source):
        return [(env, REFUSED + f"the structure of the document could not be read ({why}), "
                 "so its macros cannot be expanded", offset) for env, _, offset in displays], []
    return displays, []




def _plain_defs(text: str) -> list[tuple[int, Macro]]:
    """``\\def\\name{body}`` without parameters (one with parameters stays undefined, so a
    display that uses it is refused by the formula reader as an unknown command)."""
    found = []
    source = COMMENT.sub(lambda m: " " * len(m.group()), text)
    for m in re.finditer(r"\\def\s*(\\[A-Za-z]+)\s*(?=\{)", source):
        try:
            body, _ = argument(source, m.end(), m.group(1))
        except Unreadable:
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
