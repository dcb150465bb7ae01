"""Matrix literals (``pmatrix``, ``bmatrix``, a bracketed ``array``) read entry by entry.

``\\begin{pmatrix}\\cos a & -\\sin a \\\\ \\sin a & \\cos a\\end{pmatrix}`` is the explicit 2 x 2
matrix of its entries. Before the lexer sees a claim, each literal is cut out and replaced by a
placeholder name, declared a matrix of the literal's shape (``slots``); the matrix reader
(``matrices.py``) then reads the side in the written order, checks that every product, sum and
comparison conforms, and puts the entries in the placeholder's place (``entries``), each entry
read by the scalar reader like any other part of the claim. An equation between matrices is then
an equation of entries.

Only what is faithful is read; each of these is refused with one line:

* dots (``\\cdots``, ``\\vdots``, ``\\ddots``, ``\\ldots``): a matrix of general size whose
  pattern the reader would have to guess;
* an empty cell (a block-diagonal matrix with blank zeros), rows of different lengths, an empty
  row (``\\\\\\\\``), an environment inside an entry or an entry naming a declared matrix (block
  matrices);
* ``vmatrix``/``Vmatrix`` (determinants or norms), ``Bmatrix``, ``smallmatrix``, a bare
  ``matrix`` or ``array`` without brackets (a table, or a matrix whose brackets are elsewhere),
  an ``array`` whose column count differs from its column specification or which has rules
  (``|``);
* a placeholder name written by the user (it could not be told from a literal).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import sympy

from symbolic.errors import ParseError

__all__ = ["Literal", "extract", "is_slot", "entries", "restore", "starts_with_literal", "PREFIX"]

PREFIX = "MLQZ"            # \mathbf{MLQZbcb}: a bold name of letters, read as a matrix by its key
# letters that no rule of the reader gives a meaning (i, j, e, d, T, I are indices, units,
# differentials and transposes elsewhere)
_ALPHABET = "bcfghkmnpqrsuvwxyz"
_COUNTER = itertools.count()
_SLOTS: dict[str, "Literal"] = {}     # slot name -> the literal it stands for (names never repeat)

_READ_ENVIRONMENTS = {"pmatrix": ("(", ")"), "bmatrix": ("[", "]")}
_REFUSED_ENVIRONMENTS = {
    "vmatrix": "|A| written as vmatrix is a determinant: write \\det of a declared matrix",
    "Vmatrix": "Vmatrix (a norm or determinant of a literal) cannot be read",
    "Bmatrix": "a matrix in braces (Bmatrix) cannot be read: write pmatrix or bmatrix",
    "smallmatrix": "smallmatrix cannot be read: write pmatrix or bmatrix",
    "matrix": "a matrix without brackets (matrix) may be part of a larger bracket or a table: "
              "write pmatrix or bmatrix",
}
_DOTS = (r"\cdots", r"\vdots", r"\ddots", r"\ldots", r"\dots", r"\iddots")
_GAPS = ("\\ ", r"\quad", r"\qquad", r"\;", r"\:", r"\enspace", r"\hspace")
_BEGIN = re.compile(r"\\begin\s*\{([A-Za-z]+\*?)\}")
_LEFT = re.compile(r"\\left\s*(\(|\[)\s*$")


@dataclass(frozen=True)
class Literal:
    """One literal: its LaTeX as written, its cells (row by row) and its shape."""

    latex: str
    cells: tuple[tuple[str, ...], ...]

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.cells), len(self.cells[0])


def _name(n: int) -> str:
    base = len(_ALPHABET)
    out = ""
    n += base * base                   # at least three letters, so names never prefix each other
    while n:
        n, r = divmod(n, base)
        out = _ALPHABET[r] + out
    return PREFIX + out


def _end_of(text: str, env: str, start: int) -> int:
    """The index just after the ``\\end{env}`` that closes the environment begun before start."""
    depth, k = 1, start
    pattern = re.compile(r"\\(begin|end)\s*\{" + re.escape(env) + r"\}")
    while True:
        m = pattern.search(text, k)
        if m is None:
            raise ParseError(f"\\begin{{{env}}} without its \\end{{{env}}}")
        depth += 1 if m.group(1) == "begin" else -1
        k = m.end()
        if depth == 0:
            return m.start(), m.end()


def _split(body: str, env: str) -> tuple[tuple[str, ...], ...]:
    """The cells of a literal's body, split at ``\\\\`` and ``&`` outside braces."""
    rows, cells, depth, k, start = [], [], 0, 0, 0
    while k < len(body):
        ch = body[k]
        if ch == "\\":
            m = re.match(r"\\\\|\\[A-Za-z]+|\\.", body[k:])
            token = m.group()
            if token == "\\\\":
                if depth == 0:
                    cells.append(body[start:k])
                    rows.append(cells)
                    cells, start = [], k + 2
                    # an optional [2pt] after the row break is spacing
                    gap = re.match(r"\s*\[[^\]]*\]", body[k + 2:])
                    if gap:
                        start = k + 2 + gap.end()
                        k = start
                        continue
            elif token in (r"\begin", r"\end"):
                raise ParseError(f"an environment inside a {env} (a block matrix) cannot be read: "
                                 f"write the entries")
            elif token in _DOTS:
                raise ParseError(f"a {env} written with {token} is a matrix of general size whose "
                                 f"pattern would have to be guessed: it cannot be read; write a "
                                 f"matrix of a fixed size, or state the claim about its entries")
            elif token in _GAPS:
                raise ParseError(f"a space ({token}) inside an entry of a {env}: entries written "
                                 f"side by side (a concatenation [x y]) or one product? write & "
                                 f"between entries, or \\cdot for a product")
            elif token in (r"\hline", r"\cline", r"\vline"):
                raise ParseError(f"rules ({token}) in a {env}: a table, not a matrix")
            k += len(token)
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "~":
            raise ParseError(f"a space (~) inside an entry of a {env}: write & between entries, "
                             f"or \\cdot for a product")
        elif ch == "&" and depth == 0:
            cells.append(body[start:k])
            start = k + 1
        k += 1
    cells.append(body[start:])
    rows.append(cells)
    if len(rows) > 1 and len(rows[-1]) == 1 and not rows[-1][0].strip():
        rows.pop()                      # a \\ after the last row
    for row in rows:
        if any(not c.strip() for c in row):
            raise ParseError(f"an empty entry in a {env} (blank zeros of a block matrix, or an "
                             f"empty row) cannot be read: write every entry")
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise ParseError(f"the rows of a {env} have different lengths "
                         f"({', '.join(str(len(r)) for r in rows)} entries): it is not a matrix")
    return tuple(tuple(c.strip() for c in row) for row in rows)


def extract(text: str) -> tuple[str, dict[str, "sympy.MatrixSymbol"]]:
    """The text with each matrix literal replaced by a placeholder, and the placeholders declared.

    Returns the new text and ``{key: MatrixSymbol}`` for the reader's known names. A text
    without ``\\begin`` comes back unchanged (the lexer refuses any other environment).
    """
    if PREFIX in text:
        raise ParseError(f"the name {PREFIX}... is reserved for matrix literals: choose another")
    if r"\begin" not in text:
        return text, {}
    out, slots, k = [], {}, 0
    while True:
        m = _BEGIN.search(text, k)
        if m is None:
            out.append(text[k:])
            break
        env = m.group(1)
        before = text[k:m.start()]
        if env in _REFUSED_ENVIRONMENTS:
            raise ParseError(_REFUSED_ENVIRONMENTS[env])
        if env == "array":
            left = _LEFT.search(before)
            spec = re.match(r"\s*\{([^{}]*)\}", text[m.end():])
            if left is None or spec is None:
                # a bare array is a table (or an aligned layout): the lexer refuses it as before
                out.append(text[k:])
                break
            columns = spec.group(1).replace(" ", "")
            body_start = m.end() + spec.end()
            inner_end, end = _end_of(text, env, body_start)
            close = re.match(r"\s*\\right\s*(\)|\])", text[end:])
            pair = {"(": ")", "[": "]"}[left.group(1)]
            if close is None or close.group(1) != pair:
                raise ParseError("an array in brackets must close with the matching \\right "
                                 "bracket to be read as a matrix")
            if not re.fullmatch(r"[clr]+", columns):
                raise ParseError(f"an array with the columns {{{columns}}} (rules or widths) is "
                                 f"a table, not a matrix")
            cells = _split(text[body_start:inner_end], env)
            if len(cells[0]) > len(columns):
                # fewer entries than columns is what TeX prints (a column vector in {cc});
                # more is an error in TeX
                raise ParseError(f"an array declared with {len(columns)} columns has rows of "
                                 f"{len(cells[0])} entries: it cannot be read as a matrix")
            out.append(before[:left.start()])
            latex = text[m.start() - (len(before) - left.start()):end + close.end()]
            k = end + close.end()
        elif env in _READ_ENVIRONMENTS:
            inner_end, end = _end_of(text, env, m.end())
            cells = _split(text[m.end():inner_end], env)
            out.append(before)
            latex = text[m.start():end]
            k = end
        else:
            out.append(text[k:])       # another environment: the lexer refuses it as before
            break
        name = _name(next(_COUNTER))
        literal = Literal(latex, cells)
        _SLOTS[name] = literal
        out.append(r" \mathbf{%s} " % name)
        slots[name] = sympy.MatrixSymbol(name, *literal.shape)
    return "".join(out), slots


def is_slot(value) -> bool:
    """Whether value is the placeholder of a matrix literal."""
    return isinstance(value, sympy.MatrixSymbol) and str(value.name) in _SLOTS


def entries(value, read_entry) -> sympy.ImmutableMatrix:
    """The literal a placeholder stands for, each cell read by ``read_entry(cell_latex)``."""
    literal = _SLOTS[str(value.name)]
    rows = [[read_entry(cell) for cell in row] for row in literal.cells]
    for row in rows:
        for entry in row:
            if isinstance(entry, sympy.MatrixBase) or getattr(entry, "is_Matrix", False):
                raise ParseError("an entry of a matrix literal is itself a matrix (a block "
                                 "matrix): write its entries")
    return sympy.ImmutableMatrix(rows)


def restore(text: str) -> str:
    """The text with the placeholders given back as the literals the user wrote."""
    if PREFIX not in text:
        return text
    def back(m):
        name = m.group(1) or m.group(2)
        return _SLOTS[name].latex if name in _SLOTS else m.group()
    return re.sub(r"\\mathbf\{(" + PREFIX + r"[a-z]+)\}|(" + PREFIX + r"[a-z]+)", back, text)


def starts_with_literal(unit, table) -> bool:
    """Whether a unit of a product is a matrix literal: its brackets are printed like a
    function's, so a letter before it (``\\sigma\\begin{pmatrix}...``) may apply a function."""
    from symbolic.latex.matrix_tokens import _name_at
    found = _name_at(unit, 0) if unit else None
    return bool(found) and found[0] in table and is_slot(table[found[0]])
