"""Statements of one display separated by a plain comma: ``M = 256, N = d = 128``,
``x = \\lfloor k/B_r \\rfloor, y = \\lfloor l/B_c \\rfloor``.

A comma inside a formula is a list or a decimal comma, so the formula reader refuses it. Between
two relations it is read as the wide gap (``, \\quad``) that separates statements, but only where
nothing else is possible:

* the text after the comma starts with a name (a letter or a command), never a digit (``x = 1,5``
  may be a decimal comma), and every piece holds an ``=`` outside brackets and no words (a
  piece may end with the shape of what it defines, ``q_m = f_q(x_m, m) \\in \\mathbb{R}^{d}``:
  a definition with its shape, never a condition, when every piece states its own shape:
  in ``x = Ay, z = Bw \\in \\mathbb{R}^{n}`` the space may be stated for both, so not split);
* either every piece is a value given to names (``a = 0.07, b = 1.0``: parameter settings, each
  a claim; with no other claim there is nothing one of them could be a condition of), or no
  piece may be a condition (``\\beta_{1,t} = \\beta_1\\lambda^{t-1}, \\lambda \\in (0, 1)`` and
  ``f(x) = 1, n = 1`` keep the comma and stay refused: a hypothesis or a second claim?).
"""
from __future__ import annotations

import re
from dataclasses import replace

from symbolic.latex.lexer import GREEK

_NAME = (r"(?:\\(?:mathrm|mathit|mathbf|boldsymbol)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z]+)\s*\}"
         r"|\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[A-Za-z0-9,\s]*\}|[A-Za-z0-9]))?")
_NUMBER = r"[-+]?\s*\d+(?:\.\d+)?"
_SETTING = re.compile(r"\s*{n}(?:\s*=\s*{n})*\s*=\s*{c}\s*".format(n=_NAME, c=_NUMBER))
_COMMAND = re.compile(r"\\[A-Za-z]+")
# after the comma: spaces, small spaces and ties, then the start of the next piece
_SPACE = re.compile(r"(?:\s|~|\\[,;:! ])*")
_WORDS = re.compile(r"\\(?:text|textrm|textit|mbox|forall|quad|qquad|mathrm\s*\{\s*(?:for|if|where)\b)")
_OPEN = {"{", "(", "["}
_CLOSE = {"}", ")", "]"}


def _top_commas(latex: str) -> list[int]:
    """Positions of the commas outside every bracket, brace and sized pair."""
    found, depth, k = [], 0, 0
    while k < len(latex):
        ch = latex[k]
        if ch == "\\":
            m = _COMMAND.match(latex, k) or re.compile(r"\\.").match(latex, k)
            token = m.group() if m else "\\"
            if token in (r"\left", r"\{", r"\lbrace", r"\langle", r"\begin"):
                depth += 1
            elif token in (r"\right", r"\}", r"\rbrace", r"\rangle", r"\end"):
                depth -= 1
            k += len(token)
            continue
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif ch == "," and depth == 0:
            found.append(k)
        k += 1
    return found


def _starts_a_piece(text: str) -> bool:
    """Whether the text after a comma starts with a name (a statement), not a number or a gap."""
    rest = text[_SPACE.match(text).end():]
    if not rest or _WORDS.match(rest):
        return False
    return rest[0].isalpha() or rest[0] == "\\"


# a definition's trailing shape (S = QK^\top \in \mathbb{R}^{N \times N}, shapes.py): the shape of
# what the piece defines, never a condition of another piece
_SHAPE_AT_END = re.compile(r"\\in\s*\\mathbb\s*(?:\{\s*R\s*\}|R)\s*\^\s*(?:\{[^{}]*\}|[A-Za-z0-9])\s*[.,;]?\s*$")


# a piece with its shape is a definition: it opens with the name it defines and its = (never with
# a word, \mathrm{when}~S = QQ^\top, or a connective, \implies S = ..., that makes it a condition)
_DEFINES = re.compile(r"\s*{n}\s*(?:=|:=|\\coloneqq(?![A-Za-z]))".format(n=_NAME))


def _has_equation(piece: str) -> bool:
    """An ``=`` outside brackets, and no other relation a condition could be written with (a
    trailing shape ``\\in \\mathbb{R}^{...}`` after an equation is the shape of what it defines)."""
    piece = _SHAPE_AT_END.sub("", piece)
    depth = 0
    equation = False
    for ch in piece:
        depth += ch in _OPEN
        depth -= ch in _CLOSE
        if depth == 0 and ch == "=":
            equation = True
        if depth == 0 and ch in "<>":
            return False
    return equation and not re.search(r"\\(?:le|leq|ge|geq|ne|neq|in|approx|sim)(?![A-Za-z])", piece)


def _is_setting(piece: str) -> bool:
    """``a = 0.07``, ``N = d = 128``: names given a number (a Greek letter or a plain letter)."""
    if not _SETTING.fullmatch(piece):
        return False
    return all(c[1:] in GREEK or c in (r"\mathrm", r"\mathit", r"\mathbf", r"\boldsymbol")
               for c in _COMMAND.findall(piece))


def _clean(piece: str) -> str:
    return " ".join(piece.strip().strip(",;.~").split())


def listed(chain, split, parts_of, condition_kind) -> list:
    """The chains of ``chain`` (a display's ``DisplayChain``), its plain commas read as gaps
    between statements where the module's rules allow; ``split`` is the display's splitter at
    wide gaps, handed the chain otherwise (and its refusal, if any, stands)."""
    if chain.problem is not None or "\x00" in chain.latex:
        return split(chain)
    latex = chain.latex
    commas = [k for k in _top_commas(latex) if not _WORDS.match(latex[k + 1:].lstrip(" ~"))]
    if not commas or not all(_starts_a_piece(latex[k + 1:]) for k in commas):
        return split(chain)
    gapped = "".join(latex[start:end] + r", \quad " for start, end in
                     zip([0] + [k + 1 for k in commas], commas)) + latex[commas[-1] + 1:]
    parts = [_clean(p) for p in parts_of(gapped)]
    if not all(_has_equation(p) and not _WORDS.search(p) for p in parts):
        return split(chain)
    shaped = [bool(_SHAPE_AT_END.search(p)) for p in parts]
    if any(shaped) and not all(shaped):
        return split(chain)     # x = Ay, z = Bw \in R^n: the space may be stated for both
    if any(shaped) and not all(_DEFINES.match(p) for p in parts):
        return split(chain)     # S = S^\top \in R^{N x N}, \mathrm{when}~S = ...: a condition
    note = "a comma between two equations is read as separating two statements"
    if all(_is_setting(p) for p in parts):
        return [replace(chain, latex=p, notes=chain.notes + (note,)) for p in parts]
    # a trailing shape hides no condition: x = 0 \in R^n after a claim is x = 0 after it
    if any(condition_kind(_SHAPE_AT_END.sub("", p).strip()) is not None for p in parts):
        return split(chain)
    return split(replace(chain, latex=gapped, notes=chain.notes + (note,)))
