"""Lists of values: lists written with an ellipsis whose general term is certain, and the
softmax of a vector equated to the list of its entries.

An ellipsis in a list (``x_1, x_2, \\ldots, x_n``) is read only when the written entries fix
the entries left out: the entries before the ellipsis (at least two, every one of them in the
run: one entry does not show the step) are one formula at consecutive whole numbers
``a, a + 1, ...`` standing at the same places in subscripts, and the entry after it (the last)
is that formula at another index: a number above the written ones, or an expression (``n``,
``d - 1``). The list is then the formula at every index from ``a`` to the last, written
``Entries(x_k, (k, a, last))`` (``k`` the first of k, j, m, r, s, u, v, w the list does not
use). ``x_1, x_3, \\ldots, x_n`` (step 2), ``x_1, \\ldots, x_n`` (one written entry), an index
outside subscripts (``1, 2, \\ldots, 16`` may double) are refused as before, and so are an index
in the digits of a decimal (``2^{0.8}, 2^{0.9}, \\dots, 2^{0.12}``) and a numeric last index not
above the written ones (``x_{-1}``). In a set with
whole-number ends the index may also stand in a superscript written in both entries
(``\\{2^{9}, 2^{10}, \\dots, 2^{16}\\}``: every power, the set written out); ``x, x^2`` (an
exponent not written) is never read so.

Where the reader reads such a list:

* ``x = (x_1, x_2, \\ldots, x_n)``, ``\\mathbf{q} = (q_0, q_1, \\ldots, q_{d-1})``: a name equated
  to a list with an ellipsis names the entries of a vector: a statement (``StatementKind.ENTRIES``,
  symbolic/latex/statements.py), nothing to check;
* ``s_1, s_2, \\cdots, s_n \\in \\mathbb{R}``: the subjects of a membership (each entry lies there);
* ``N \\in \\{2^{9}, 2^{10}, \\dots, 2^{16}\\}``: the finite set written out.

A list is never a number. ``\\sigma(\\mathbf{z}) = [a, b, c]`` (or ``\\mathrm{softmax}(z) = (a, b,
c)``) is read entry by entry, ``\\sigma(\\mathbf{z})_1 = a``, ..., one link per entry, only when
the vector's length is declared a whole number (``--assume '\\mathbf{z} \\in \\mathbb{R}^3'``) equal
to the number of entries, and (for ``\\sigma``) ``\\sigma = \\mathrm{softmax}`` is declared, as for
``\\sigma(z)_i`` (symbolic/latex/components.py); a list with an ellipsis there, another length or
another left side is refused as before (``[a, b]`` is an interval as often).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from symbolic.errors import ParseError
from symbolic.latex.ellipsis import (_DOTS, EllipsisError, _check_last, _fresh_index, _joined,
                                     _last_index, _normalised, _subscript_positions, _tokens)

MAX_WRITTEN_OUT = 64        # a set written out has at most this many elements


class IntegerRange(sympy.Basic):
    """The whole numbers from ``lo`` to ``hi``, both included (``\\{0, 1, \\dots, T - 1\\}``);
    SymPy's ``Range`` needs integer symbols and its ``Intersection`` does not survive pickling."""

    def __new__(cls, lo, hi):
        return sympy.Basic.__new__(cls, sympy.sympify(lo), sympy.sympify(hi))


class Entries(sympy.Basic):
    """The entries ``body`` for ``index`` from ``lo`` to ``hi`` (``Entries(x_k, (k, 1, n))``: x_1,
    ..., x_n), as a list with an ellipsis writes them; never a number."""

    def __new__(cls, body, limits):
        return sympy.Basic.__new__(cls, sympy.sympify(body), sympy.Tuple(*limits))

    def _latex(self, printer):
        """``\\left(x_{k}\\right)_{k=1}^{n}``, the sequence notation."""
        index, lo, hi = self.limits
        return (r"\left(%s\right)_{%s=%s}^{%s}" % (printer._print(self.body), printer._print(index),
                                                   printer._print(lo), printer._print(hi)))

    @property
    def body(self):
        return self.args[0]

    @property
    def limits(self):
        return tuple(self.args[1])


@dataclass(frozen=True)
class Run:
    """A list written with an ellipsis: the first entry's tokens, where the index stands in them,
    its first value, the last index (tokens) and how many entries are written before the dots."""

    template: tuple[str, ...]
    where: tuple[int, ...]
    first: int
    last: tuple[str, ...]
    written: int

    @property
    def last_latex(self) -> str:
        return _joined(list(self.last))

    def term(self, index: str) -> str:
        """The entry at ``index`` (LaTeX)."""
        out, tokens = [], _tokens(index)[0]
        for k, t in enumerate(self.template):
            if k not in self.where:
                out.append(t)
            elif len(tokens) == 1 or (self.template[k - 1] == "{" and k + 1 < len(self.template)
                                      and self.template[k + 1] == "}"):
                out += tokens       # alone in its script's braces: x_{d-1}
            else:
                out += ["(", *tokens, ")"]
        return _joined(out)

    def index_name(self) -> str:
        return _fresh_index(list(self.template) + list(self.last))


def is_dots(item: str) -> bool:
    return item.strip() in _DOTS


def _step(first: tuple[str, ...], second: tuple[str, ...], scripts) -> tuple[int, tuple[int, ...]]:
    """The index value of ``first`` and where it stands, from two consecutive written entries."""
    if len(first) != len(second):
        raise EllipsisError("the entries before the ellipsis differ in more than their index")
    inside = _subscript_positions(first, scripts)
    where, value = [], None
    for k, (a, b) in enumerate(zip(first, second)):
        if a == b:
            continue
        if not (a.isdigit() and b.isdigit() and k in inside):
            raise EllipsisError("the entries before the ellipsis differ in more than a whole "
                                "number in a subscript")
        if "." in (first[k - 1] if k else "", first[k + 1] if k + 1 < len(first) else ""):
            # 2^{0.8}, 2^{0.9}, \dots, 2^{0.12}: digits of a decimal, not an index
            raise EllipsisError(f"the entries differ in the digits of a decimal ({a}, {b}): "
                                "write the set out, or its general term")
        if int(b) != int(a) + 1 or (value is not None and int(a) != value):
            raise EllipsisError(f"the index steps from {a} to {b}: only consecutive indices "
                                "(1, 2, ...) show the entries left out")
        value = int(a)
        where.append(k)
    if value is None:
        raise EllipsisError("the entries before the ellipsis are the same: the entries left out "
                            "are not written")
    return value, tuple(where)


def run_of(items: list[str], scripts: tuple[str, ...] = ("_",)) -> Run:
    """The run of a list whose one ellipsis stands before its last entry, every other entry
    written before it; ``EllipsisError`` says why the list does not fix its entries."""
    dots = [n for n, item in enumerate(items) if is_dots(item)]
    if len(dots) != 1 or dots[0] != len(items) - 2 or dots[0] < 2:
        raise EllipsisError("a list written with an ellipsis is read only with two written "
                            "entries (or more) before it, which show the step, and its last entry "
                            "after it")
    written = [tuple(_normalised(_tokens(item)[0])) for item in items[:-2]]
    last = tuple(_normalised(_tokens(items[-1])[0]))
    first, where = _step(written[0], written[1], scripts)
    for n in range(1, len(written) - 1):
        value, here = _step(written[n], written[n + 1], scripts)
        if here != where or value != first + n:
            raise EllipsisError("the written entries before the ellipsis do not follow one "
                                "pattern")
    index = _last_index(written[0], list(where), last)
    last_written = first + len(written) - 1
    _check_last(index, last_written)
    return Run(written[0], where, first, tuple(index), len(written))


def entries(items: list[str], read) -> Entries:
    """The list ``items`` (LaTeX, one with an ellipsis) as ``Entries``; ``read`` reads LaTeX."""
    try:
        run = run_of(items)
    except EllipsisError as exc:
        raise ParseError(f"cannot read the list with an ellipsis: {exc}") from None
    name = run.index_name()
    last = read(run.last_latex)
    if last.is_number and not (last.is_integer and last >= run.first + run.written):
        # x_1, x_2, \ldots, x_{-1}: not an index after the written ones (x_{-1}, the last entry?)
        raise ParseError(f"cannot read the list with an ellipsis: its last index {run.last_latex} "
                         "is not a whole number after the written ones")
    return Entries(read(run.term(name)), (sympy.Symbol(name, integer=True), run.first, last))


def written_out(items: list[str], read) -> list[sympy.Basic] | None:
    """The elements of a set written with an ellipsis whose ends are whole numbers, the index
    in a subscript or a superscript written in every entry (``2^{9}, 2^{10}, \\dots, 2^{16}``);
    None when the list is not such a run."""
    try:
        run = run_of(items, scripts=("_", "^"))
    except EllipsisError:
        return None
    if not run.last_latex.isdigit() or int(run.last_latex) - run.first >= MAX_WRITTEN_OUT:
        return None
    return [read(run.term(str(k))) for k in range(run.first, int(run.last_latex) + 1)]


def _commas(text: str) -> list[str]:
    """``text`` cut at commas outside brackets."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "{(["
        depth -= ch in "})]"
        if ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


# -- the statements: sets, subjects and the entries of a vector -------------------------------
def listed_set(inner: str, read, value) -> tuple[sympy.Basic, str]:
    """``\\{a, b, c\\}`` (a finite set, each element read with ``value``: never the imaginary
    unit), ``\\{a, a + 1, \\dots, b\\}`` (consecutive integers, read with ``read``) or a run
    with whole-number ends written out (``\\{2^{9}, 2^{10}, \\dots, 2^{16}\\}``)."""
    from symbolic.latex.printer import to_latex
    parts = _commas(inner)
    if any(":" in p or r"\mid" in p or "|" in p for p in parts):
        raise ParseError("a set given by a condition ({x : ...}) cannot be read")
    dots = [k for k, p in enumerate(parts) if is_dots(p)]
    if not dots:
        values = [value(p) for p in parts]
        return sympy.FiniteSet(*values), r"\{" + ", ".join(to_latex(v) for v in values) + r"\}"
    if dots != [len(parts) - 2] or len(parts) < 4:
        raise ParseError("a set written with an ellipsis needs two consecutive numbers before "
                         "it (they show the step) and its last element after it")
    written = [read(p) for p in parts[:-2]]
    if not all(isinstance(w, sympy.Integer) for w in written) or \
            any(b - a != 1 for a, b in zip(written, written[1:])):
        values = written_out(parts, value)      # {2^{9}, 2^{10}, \dots, 2^{16}}: every power
        if values is not None:
            return sympy.FiniteSet(*values), (r"\{" + ", ".join(to_latex(w) for w in written)
                                              + r", \dots, " + to_latex(values[-1]) + r"\}")
        raise ParseError("a set written with an ellipsis is read only when the elements before "
                         "it are consecutive whole numbers (0, 1, ...) or one formula at "
                         "consecutive indices between whole numbers (2^{1}, 2^{2}, ..., 2^{8}): "
                         "other steps and patterns leave the elements between undetermined")
    last = read(parts[-1])
    if last.is_number and (not isinstance(last, sympy.Integer) or last <= written[-1]):
        raise ParseError("the last element of a set written with an ellipsis must be a whole "
                         "number after the written ones")
    return IntegerRange(written[0], last), (r"\{" + ", ".join(to_latex(w) for w in written)
                                            + r", \dots, " + to_latex(last) + r"\}")


def listed_subjects(parts: list[str], membership: bool, read) -> Entries:
    """The subjects ``s_1, s_2, \\cdots, s_n`` of a membership in a set of numbers, as one
    ``Entries`` (every entry lies in the set); any other statement of a list is refused."""
    if not membership:
        raise ParseError("a list with an ellipsis is read as the subjects of a membership in a set "
                         "of numbers only; state the general entry (x_k \\in \\mathbb{R}^{d})")
    listed = entries(parts, read)
    if not isinstance(listed.body, (sympy.Symbol, sympy.Indexed)):
        raise ParseError("the entries of a list said to lie in a set are not names: saying where "
                         "expressions lie is a claim about their values; write inequalities")
    return listed


_NOT_ENTRIES = re.compile(r"\\(?:in|sim|leftarrow|gets|coloneqq)(?![A-Za-z])|:=")


def entries_sides(text: str) -> tuple[str, list[str]] | None:
    """``(name, items)`` of ``x = (x_1, x_2, \\ldots, x_n)``: a name, ``=`` and one bracketed list
    with an ellipsis; None for anything else."""
    if "=" not in text or _NOT_ENTRIES.search(text):
        return None
    from symbolic.latex.components import _NAME
    m = re.fullmatch(r"\s*(?P<name>" + _NAME + r"(?:\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?)\s*=\s*"
                     r"(?P<list>.*?)\s*", text, re.S)
    inner = _bracketed(m.group("list")) if m else None
    if inner is None:
        return None
    items = _commas(inner)
    return (m.group("name"), items) if any(is_dots(item) for item in items) else None


def entries_statement(text: str, read) -> tuple[tuple, Entries, str] | None:
    """``x = (x_1, x_2, \\ldots, x_n)`` as (subjects, target, typeset): the entries of x named, a
    statement never checked; None when ``text`` is not such a list."""
    sides = entries_sides(text)
    if sides is None:
        return None
    from symbolic.latex.printer import to_latex
    name = read(sides[0])
    listed = entries(sides[1], read)
    run = run_of(sides[1])
    named = {str(read(run.term(str(run.first + k)))) for k in range(run.written)}
    named.add(str(read(run.term(run.last_latex))))
    if str(name) in named or name in listed.limits[2].free_symbols:
        # x_1 = (x_1, x_2, \ldots, x_n), n = (x_1, \ldots, x_n): the name is one of its own entries
        raise ParseError(f"'{sides[0].strip()}' is equated to a list that holds it as an entry or "
                         "a bound: name the vector with another letter")
    return (name,), listed, f"{to_latex(name)} = {text.split('=', 1)[1].strip()}"


ENTRIES_NOTE = ("a name equated to a list written with an ellipsis names the entries of a vector: "
                "a statement, never checked")


# -- the softmax of a vector equated to the list of its entries -----------------------------
def _bracketed(text: str) -> str | None:
    """The inside of ``text`` when it is one bracket group ``[...]`` or ``(...)`` (with or without
    \\left, \\right); None otherwise."""
    m = re.fullmatch(r"(?:\\left\s*)?([\[(])(.*?)(?:\\right\s*)?([\])])", text, re.S)
    if m is None or {"[": "]", "(": ")"}[m.group(1)] != m.group(3):
        return None
    inner, depth = m.group(2), 0
    for ch in inner:
        depth += ch in "{(["
        depth -= ch in "})]"
        if depth < 0:
            return None      # (a)(b): two groups, not one
    return None if depth else inner


def read_listed_softmax(latex, reader, options, chain_type):
    """``\\sigma(\\mathbf{z}) = [a, b, c]`` read entry by entry (one link per entry, a
    ``chain_type``: parse's ParsedChain), or None when the claim is not a softmax equated to a
    list."""
    from symbolic.latex.components import _NAME, _SOFTMAX, _lengths, _letter, sigma_declared
    from symbolic.latex.wrappers import strip_math
    if not isinstance(latex, str) or "," not in latex:
        return None
    text = strip_math(latex).strip().rstrip(".;").rstrip()
    m = re.fullmatch(r"(?P<fn>" + _SOFTMAX + r"|\\sigma(?![A-Za-z]))\s*(?:\\left\s*)?\(\s*"
                     r"(?P<arg>" + _NAME + r")\s*(?:\\right\s*)?\)\s*=\s*(?P<list>.*)", text, re.S)
    if m is None:
        return None
    inner = _bracketed(m.group("list").strip())
    if inner is None:
        return None
    items = _commas(inner)
    if len(items) < 2:
        return None
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    fn, arg = m.group("fn"), m.group("arg").strip()
    if fn.startswith(r"\sigma") and not sigma_declared(assumptions):
        return None          # the sigmoid, a variable: the reader says why a list is no number
    if any(is_dots(item) for item in items):
        raise ParseError(f"the list equated to {fn}({arg}) has an ellipsis: write its entries, "
                         f"or the claim about one entry, {fn}({arg})_i = ...")
    letter = _letter(arg)
    length = _lengths(assumptions).get(letter)
    if length is None or not length.isdigit():
        raise ParseError(f"{fn}({arg}) is a vector and the list has {len(items)} entries: a list "
                         f"is compared entry by entry only with a vector of known length; declare "
                         f"it, --assume '{arg} \\in \\mathbb{{R}}^{{{len(items)}}}'")
    if int(length) != len(items):
        raise ParseError(f"the list has {len(items)} entries and {arg} has {length} (declared): "
                         f"{fn}({arg}) cannot equal it")
    for item in items:
        if _UNBOUNDED_SUM.search(item):
            # \sum_{j} e^{z_j}: over the entries of the vector to a mathematician, to a free N_j
            # to the reader (refuted with N_j = 1 though true)
            raise ParseError(f"the entry '{item}' of the list holds a sum without bounds: write "
                             f"them (\\sum_{{j=1}}^{{{length}}})")
    links, notes, given = [], set(), None
    for k, item in enumerate(items, start=1):
        claim = f"{fn}({arg})_{{{k}}} = {item}"
        parsed = reader(claim, **options)
        if len(parsed.links) != 1:
            raise ParseError(f"the entry '{item}' of the list holds a relation")
        _entries_in_range(parsed.links, letter, int(length), fn, arg)
        links += parsed.links
        notes |= set(parsed.notes)
        given = given or parsed.assumptions
    notes.add(f"the list equated to {fn}({arg}) is read entry by entry: one claim "
              f"{fn}({arg})_k = ... for each of its {len(items)} entries")
    return chain_type(text, tuple(links), given, tuple(sorted(notes)))


_UNBOUNDED_SUM = re.compile(r"\\sum\s*_\s*(?:\{\s*[A-Za-z]\s*\}|[A-Za-z])(?!\s*\^)")


def _entries_in_range(links, letter: str, length: int, fn: str, arg: str) -> None:
    """Refuse a list whose entries name an entry of the vector outside 1..length (``z_0``: the
    list counts from 0, while ``fn(arg)_k`` counts from 1)."""
    name = letter.lstrip("\\")
    for link in links:
        for side in (link.claim.lhs, link.claim.rhs):
            for atom in getattr(side, "atoms", lambda *_: ())(sympy.Indexed):
                if str(atom.base) != name or len(atom.indices) != 1:
                    continue
                k = atom.indices[0]
                if k.is_Integer and not 1 <= int(k) <= length:
                    raise ParseError(f"the list equated to {fn}({arg}) names {letter}_{{{k}}}, "
                                     f"and {arg} has entries 1 to {length}: if the list counts "
                                     f"from 0, write the entries from 1")
