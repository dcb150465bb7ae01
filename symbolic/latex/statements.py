"""Statements a display makes that are not relations between values: a membership
(``x \\in \\mathbb{R}``, ``\\theta \\in \\mathbb{R}^d``, ``t \\in \\{0, 1, \\dots, T - 1\\}``) and a
distribution (``X \\sim \\mathcal{N}(0, 1)``). They are read, shown and listed, never checked:
they say where a quantity lies or how it is drawn.

What is read: the subjects (expressions, separated by commas) and the set or law, each part
with the formula reader; a set is a number system (``\\mathbb{R}``, ``\\mathbb{Z}_{>0}``, ... as in
--assume; ``\\mathbb{N}`` is refused, 0 is in it for some authors), a space ``\\mathbb{R}^{d}`` or
``\\mathbb{R}^{N \\times d}``, an interval ``[a, b)``, a finite set ``\\{a, b\\}``, consecutive
integers ``\\{a, a + 1, \\dots, b\\}``, or a set known by its name only (``\\mathcal{X}``, ``S``).
A law is a family's name (calligraphic, roman or a capital letter) applied to its parameters:
``\\mathcal{N}(\\mu, \\sigma^2)``. Anything else is refused: ``a_n \\sim b_n`` (of the order of),
``g \\sim p(g)`` (a density evaluated at the variable).

Three more kinds are read the same way (shown, never checked):

* an order of growth, ``T(n) = O(n^2)``, ``B_r = \\Theta(M/d)``, ``o(N^2) = o(Nd)``: each ``=``
  whose right side is ``O(...)``, ``o(...)``, ``\\Theta(...)``, ``\\Omega(...)`` or ``\\omega(...)`` is
  the statement that the left side (a value, or itself an order) is of that order, read one way
  (Knuth's convention: ``O(n^2) = O(n^3)`` holds, ``O(n^3) = O(n^2)`` does not), never an
  equation between values; a chain that mixes an equation with an order is refused;
* an update, ``t \\leftarrow t + 1``, ``\\theta \\leftarrow \\theta - \\eta g``: an assignment whose
  right side uses the name it assigns states the new value of that name, never the equation
  ``\\theta = \\theta - \\eta g`` (an assignment to a new name stays a definition); ``:=`` (or
  ``\\coloneqq``) with the assigned name on both sides, ``x := x + 1``, is the same pseudo-code
  assignment (a definition in terms of itself defines nothing), while a definition marked in
  words or signs (``\\stackrel{def}{=}``, ``\\triangleq``, ``\\equiv``) in terms of itself is refused;
* a continuation, ``= a + b``: a display that starts with its relation continues the side that
  ends the previous display; alone it is the relation and the expression, nothing to check (a
  document joins it to that side, ``symbolic.latex.document``).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Sequence

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lists import (ENTRIES_NOTE, IntegerRange, _commas, entries_sides,  # noqa: F401
                                  entries_statement, is_dots, listed_set, listed_subjects)


class StatementKind(enum.Enum):
    """What a statement says about its subjects (the value is the LaTeX relation)."""

    MEMBERSHIP = r"\in"
    DISTRIBUTION = r"\sim"
    ORDER = "="                 # T(n) = O(n^2): an order of growth, read one way
    UPDATE = r"\leftarrow"      # t \leftarrow t + 1: the new value of a name
    CONTINUATION = "continues"  # = a + b: the relation and the side that continue a chain
    ENTRIES = "entries"         # x = (x_1, x_2, \\ldots, x_n): names the entries of a vector


class Space(sympy.Basic):
    """The space of vectors or matrices over a number field: ``Space(Reals, d)`` is R^d,
    ``Space(Reals, N, d)`` is R^{N x d}."""

    @property
    def field(self):
        return self.args[0]

    @property
    def dimensions(self):
        return self.args[1:]


class NamedSet(sympy.Basic):
    """A set known only by its name (``\\mathcal{X}``): the display says nothing more about it."""

    def __new__(cls, name):
        return sympy.Basic.__new__(cls, sympy.Symbol(str(name)))

    @property
    def name(self) -> str:
        return self.args[0].name


class Law(sympy.Basic):
    """A probability law: a family's name and its parameters (``Law(N, 0, 1)``)."""

    def __new__(cls, name, *parameters):
        return sympy.Basic.__new__(cls, sympy.Symbol(str(name)), *map(sympy.sympify, parameters))

    @property
    def name(self) -> str:
        return self.args[0].name

    @property
    def parameters(self):
        return self.args[1:]


class Growth(sympy.Basic):
    """An order of growth as written: ``Growth(O, n**2)`` is O(n^2) (``O``, ``o``, ``Theta``,
    ``Omega``, ``omega``); the bound is kept as read, never simplified into SymPy's ``Order``
    (whose variable and limit point the display does not state)."""

    def __new__(cls, symbol, bound):
        return sympy.Basic.__new__(cls, sympy.Symbol(str(symbol)), sympy.sympify(bound))

    @property
    def symbol(self) -> str:
        return self.args[0].name

    @property
    def bound(self):
        return self.args[1]


@dataclass(frozen=True)
class ParsedStatement:
    """A display that states a membership or a distribution: read, never checked."""

    latex: str
    kind: StatementKind
    subjects: tuple[sympy.Basic, ...]
    target: sympy.Basic           # a SymPy set, a Space, a NamedSet or a Law
    typeset: str
    notes: tuple[str, ...] = ()
    relation: str = ""            # a continuation's relation (=, \le, ...); "" otherwise
    targets: tuple = ()           # an order chain: the order each subject is of, in turn

    def pairs(self) -> list[tuple[sympy.Basic, sympy.Basic]]:
        """(subject, set, law, order or new value) for each subject of the statement."""
        if self.targets:
            return list(zip(self.subjects, self.targets))
        return [(subject, self.target) for subject in self.subjects]


_TOP = re.compile(r"\\(?:in|sim)(?![A-Za-z])")


def _top_level(latex: str) -> list[re.Match]:
    """The ``\\in`` and ``\\sim`` of ``latex`` outside braces and brackets."""
    found = []
    depth = 0
    k = 0
    while k < len(latex):
        ch = latex[k]
        if ch == "\\":
            m = re.match(r"\\[A-Za-z]+|\\.", latex[k:])
            token = m.group() if m else "\\"
            if token in ("\\{", r"\left", r"\lbrace", r"\langle"):
                depth += 1
            elif token in ("\\}", r"\right", r"\rbrace", r"\rangle"):
                depth -= 1
            elif depth == 0 and token in (r"\in", r"\sim"):
                found.append(_TOP.match(latex, k))
            k += len(token)
            continue
        depth += ch in "{(["
        depth -= ch in "})]"
        k += 1
    return found


def interval_claim(latex: str) -> str | None:
    """``x - \\lfloor x \\rfloor \\in [0, 1)`` as the chain ``0 \\le x - \\lfloor x \\rfloor < 1``:
    an expression (not a lone name) said to lie in an interval is a claim about its values,
    checked like the chain; None for anything else."""
    text = latex.strip().rstrip(".,; ")
    marks = _top_level(text)
    if len(marks) != 1 or marks[0].group() != r"\in":
        return None
    left, right = text[:marks[0].start()].strip(), text[marks[0].end():].strip()
    m = _INTERVAL.fullmatch(right)
    if m is None or not left or _LONE_NAME.fullmatch(left) or len(_commas(left)) != 1 \
            or len(_commas(m.group(2))) != 2:
        return None
    from symbolic.latex.display import _relations_at_top
    if _relations_at_top(left) and _ORDER.search(left):
        # 1 > y \in [0, 1): the bound 0 \le y would be put before 1 (0 \le 1 > y), checking
        # 0 \le 1 instead: such a chain is refused by the reader, not rewritten (a chain of
        # equalities a = b \in I is read: its sides are equal, the bound holds for each)
        return None
    lo, hi = _commas(m.group(2))
    parts = []
    if not re.fullmatch(r"-\s*\\infty", lo):
        parts.append(f"{lo} {'<' if m.group(1) == '(' else chr(92) + 'le'} ")
    parts.append(left)
    if not re.fullmatch(r"\+?\s*\\infty", hi):
        parts.append(f" {'<' if m.group(3) == ')' else chr(92) + 'le'} {hi}")
    return "".join(parts) if len(parts) > 1 else None


_ORDER = re.compile(r"<|>|\\(?:le|ge|leq|geq|lt|gt|ne|neq|approx|leqslant|geqslant|ll|gg|"
                    r"sim|simeq|propto|equiv|coloneqq|prec|succ|preceq|succeq)(?![A-Za-z])|:=")
_INTERVAL = re.compile(r"(?:\\left\s*)?([\[(])(.*?)(?:\\right\s*)?([\])])", re.S)
# a name: a letter or command, with markup, accents and subscripts (x, \beta_1, x_{\mathrm{frac}})
_LONE_NAME = re.compile(r"(?:\\(?:mathbf|boldsymbol|bm|mathrm|hat|tilde|bar)\s*\{\s*)?"
                        r"(?:\\[A-Za-z]+|[A-Za-z])\s*\}?(?:\s*_\s*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|[A-Za-z0-9]))?",
                        re.S)       # one subscript group: x_{1} + x_{2} is not a name


def is_statement(latex: str) -> bool:
    """Whether ``latex`` is one membership or distribution statement (one top-level ``\\in``
    or ``\\sim`` and no other relation); an expression in an interval is a claim instead
    (``interval_claim``)."""
    from symbolic.latex.cases import without_cases
    from symbolic.latex.display import _relations_at_top
    latex = without_cases(latex)
    text = latex.strip().rstrip(".,; ")
    if order_sides(text) is not None or continuation_parts(text) is not None \
            or is_update(text) or entries_sides(text) is not None:
        return True
    if interval_claim(latex) is not None:
        return False
    marks = _top_level(latex)
    if len(marks) != 1:
        return False
    return _relations_at_top(latex[:marks[0].start()]) == 0 and \
        _relations_at_top(latex[marks[0].end():]) == 0


def parse_statement(latex: str, **options) -> ParsedStatement:
    """Read ``x, y \\in S`` or ``X \\sim \\mathcal{L}(a, b)``; ``ParseError`` says why not
    (any other failure becomes a one-line ``ParseError`` too)."""
    from symbolic.latex.parse import _guard
    return _guard(_parse_statement)(latex, **options)


def _parse_statement(latex: str, *, assumptions: Sequence[str] = (), imaginary_unit: bool = False,
                     functions: Sequence[str] = ()) -> ParsedStatement:
    from symbolic.latex.parse import strip_math
    text = strip_math(latex).strip().rstrip(".,; ")
    options = dict(assumptions=tuple(assumptions), imaginary_unit=imaginary_unit,
                   functions=tuple(functions))
    if order_sides(text) is not None:
        return _order(text, options)
    if continuation_parts(text) is not None:
        return _continuation(text, options)
    if _update_sides(text) is not None:
        return _update(text, options)
    if (listed := entries_statement(text, lambda t: _expression(t, options))) is not None:
        return ParsedStatement(text, StatementKind.ENTRIES, *listed, (ENTRIES_NOTE,))
    marks = _top_level(text)
    if len(marks) != 1 or not is_statement(text):
        raise ParseError(f"'{_short(text)}' is not one membership (\\in) or distribution (\\sim)")
    mark = marks[0]
    left, right = text[:mark.start()].strip(), text[mark.end():].strip()
    if not left or not right:
        raise ParseError(f"nothing on one side of {mark.group()} in '{_short(text)}'")
    kind = StatementKind(mark.group())
    parts = _commas(left)
    if any(is_dots(part) for part in parts):      # s_1, s_2, \cdots, s_n \in \mathbb{R} (lists.py)
        membership = kind is StatementKind.MEMBERSHIP and not _SPACE.fullmatch(right)
        subject = listed_subjects(parts, membership, lambda t: _expression(t, options))
        target, target_latex = _set(right, options, text)
        return ParsedStatement(text, kind, (subject,), target, f"{left} \\in {target_latex}")
    if kind is StatementKind.MEMBERSHIP and _SPACE.fullmatch(right):
        # the statement declares its subjects' shape (Q \in \mathbb{R}^{N \times d}): each
        # is read as the matrix or vector it declares, as with --assume
        subjects = tuple(_declared(part, right, options) for part in parts)
    else:
        subjects = tuple(_expression(part, options) for part in parts)
    for part, subject in zip(parts, subjects):
        # W^V, x^{(l)}: a letter as an exponent is a label as often as a power
        if any(not p.exp.is_number for p in subject.atoms(sympy.Pow)) and "^" in part:
            raise ParseError(f"'{part.strip()}' has a superscript that may be a label (W^V) or a "
                             "power; name the quantity (W_V) to state where it lies")
    if kind is StatementKind.MEMBERSHIP:
        for part, subject in zip(parts, subjects):
            # x^2 \in \mathbb{R}_{>0} says something of x's values: a claim, which a statement
            # (never checked) would let pass silently when false
            if not _is_name(subject):
                raise ParseError(f"'{part.strip()}' is an expression: saying where it lies is a "
                                 "claim about its values, not a declaration; write it as "
                                 "inequalities (0 \\le x - \\lfloor x \\rfloor < 1) to check it")
        target, target_latex = _set(right, options, text)
    else:
        target, target_latex = _law(right, options, text)
    from symbolic.latex.printer import to_latex
    typeset = f"{', '.join(to_latex(s) for s in subjects)} {kind.value} {target_latex}"
    return ParsedStatement(text, kind, subjects, target, typeset)


def _is_name(subject: sympy.Basic) -> bool:
    """Whether a statement's subject is a name (a symbol, an element x_j, a declared vector or
    matrix), not an expression of names."""
    from sympy.matrices.expressions import MatrixSymbol
    from sympy.matrices.expressions.matexpr import MatrixElement
    return isinstance(subject, (sympy.Symbol, sympy.Indexed, MatrixSymbol, MatrixElement))


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:60] + "..."


_SPACE = re.compile(r"\\mathbb\s*\{\s*[RC]\s*\}\s*\^.*", re.S)


def _declared(part: str, space: str, options: dict) -> sympy.Basic:
    """A subject of ``x \\in \\mathbb{R}^{...}`` read with that membership as its declaration."""
    from symbolic.latex.parse import parse_assumptions
    declaration = f"{part} \\in {space}"
    try:
        parse_assumptions([declaration], functions=options.get("functions", ()))
    except ParseError:
        from symbolic.latex.declared_spaces import labelled_subject   # W^V \in \mathbb{R}^{m \times n}
        if (labelled := labelled_subject(part, space, options, parse_assumptions)) is not None:
            return labelled
        raise ParseError(f"'{part.strip()} \\in {space.strip()}' cannot be read as the declaration "
                         "of a real vector or matrix: the space is R^{d} or R^{m \\times n} and "
                         "the name a letter with subscripts (W_V, \\mathbf{q}_i)") from None
    with_it = dict(options, assumptions=tuple(options.get("assumptions", ())) + (declaration,))
    return _expression(part, with_it)


def _no_unit(value: sympy.Basic, text: str) -> sympy.Basic:
    """``value``, unless it holds the imaginary unit: in a law or a set, ``I`` is an identity
    matrix as often (``\\mathcal{N}(0, I)``), and ``i`` an index."""
    if value.has(sympy.I):
        raise ParseError(f"'{text.strip()}' in a statement reads as the imaginary unit; if it is "
                         "an identity matrix or an index, name it (\\mathbf{I}_d, --assume)")
    return value


def _size(text: str, options: dict) -> sympy.Basic:
    """A size of a space (``d``, ``N``, ``h d_v``): a count, so ``i`` is never the imaginary unit."""
    value = _expression(text, options)
    if value.has(sympy.I):
        with_i = dict(options, assumptions=tuple(options.get("assumptions", ()))
                      + (r"i \in \mathbb{Z}_{>0}",))
        value = _expression(text, with_i)
    if value.has(sympy.I) or not (value.is_number is False or value.is_integer):
        raise ParseError(f"the size '{text.strip()}' of a space is not a whole number or a name")
    return value


def _expression(text: str, options: dict) -> sympy.Basic:
    from symbolic.latex.parse import parse_expression
    if not text:
        raise ParseError("an empty part in a membership or distribution statement")
    return parse_expression(text, **options).value


# -- sets --------------------------------------------------------------------------------------
_NUMBER_SYSTEMS = {
    "R": sympy.S.Reals, "C": sympy.S.Complexes, "Z": sympy.S.Integers, "Q": sympy.S.Rationals,
}
_POSITIVE = {"_{>0}", "_+", "_{+}", "^+", "^{+}"}
_NONNEGATIVE = {r"_{\ge0}", r"_{\geq0}", "_{\\ge 0}", "_{\\geq 0}"}
_BLACKBOARD = re.compile(r"\\mathbb\s*\{\s*([A-Z])\s*\}\s*(.*)", re.S)
_NAMED = re.compile(r"(?:\\(?:mathcal|mathscr|mathfrak|mathbb|mathbf|boldsymbol)\s*\{\s*"
                    r"([A-Za-z]|\\[A-Z][a-z]+)\s*\}|([A-Z])|\\(?:Theta|Omega|Lambda|Sigma|Gamma|Delta"
                    r"|Phi|Psi|Xi|Pi|Upsilon))"
                    r"(?:\s*_\s*(\{[^{}]*\}|[A-Za-z0-9]))?")


def _set(text: str, options: dict, whole: str) -> tuple[sympy.Basic, str]:
    """The set of a membership, as a SymPy object, and its LaTeX as read."""
    from symbolic.latex.printer import to_latex
    m = _BLACKBOARD.fullmatch(text)
    if m and m.group(1) in "RCZQN":
        letter, rest = m.group(1), re.sub(r"\s+", "", m.group(2))
        if letter == "N":
            raise ParseError(r"\mathbb{N} starts at 0 for some authors and at 1 for others: write "
                             r"\mathbb{Z}_{>0} or \mathbb{Z}_{\ge0}")
        base = _NUMBER_SYSTEMS[letter]
        if not rest:
            return base, rf"\mathbb{{{letter}}}"
        if rest in _POSITIVE and letter in "RZQ":
            value = {"R": sympy.Interval.open(0, sympy.oo), "Z": sympy.S.Naturals,
                     "Q": sympy.Intersection(sympy.S.Rationals, sympy.Interval.open(0, sympy.oo))
                     }[letter]
            return value, rf"\mathbb{{{letter}}}_{{>0}}"
        if rest in _NONNEGATIVE and letter in "RZ":
            value = {"R": sympy.Interval(0, sympy.oo), "Z": sympy.S.Naturals0}[letter]
            return value, rf"\mathbb{{{letter}}}_{{\ge 0}}"
        if rest.startswith("^") and letter in "RC":
            from symbolic.latex.matrices import matrix_dimensions
            exponent = m.group(2).strip()[1:].strip()
            if not exponent.startswith("{"):
                exponent = exponent[:1] if not exponent.startswith("\\") else \
                    re.match(r"\\[A-Za-z]+", exponent).group()
                if m.group(2).strip()[1:].strip() != exponent:
                    raise ParseError(f"the exponent of {text} must be braced: write "
                                     f"\\mathbb{{{letter}}}^{{...}}")
            dims = tuple(_size(part, options) for part in matrix_dimensions(exponent))
            shown = r" \times ".join(to_latex(d) for d in dims)
            return Space(base, *dims), rf"\mathbb{{{letter}}}^{{{shown}}}"
        raise ParseError(f"the set '{_short(text)}' in '{_short(whole)}' cannot be read; use "
                         r"\mathbb{R}, \mathbb{R}_{>0}, \mathbb{Z}_{\ge0}, \mathbb{R}^{d}, ...")
    interval = re.fullmatch(r"(?:\\left\s*)?([\[(])(.*?)(?:\\right\s*)?([\])])", text, re.S)
    if interval and len(_commas(interval.group(2))) == 2:
        lo_text, hi_text = _commas(interval.group(2))
        lo = -sympy.oo if re.fullmatch(r"-\s*\\infty", lo_text) else _expression(lo_text, options)
        hi = sympy.oo if re.fullmatch(r"\+?\s*\\infty", hi_text) else _expression(hi_text, options)
        value = sympy.Interval(lo, hi, left_open=interval.group(1) == "(" or lo == -sympy.oo,
                               right_open=interval.group(3) == ")" or hi == sympy.oo)
        if not isinstance(value, sympy.Interval):
            raise ParseError(f"the interval '{_short(text)}' is empty or a point")
        return value, to_latex(value)
    braces = re.fullmatch(r"(?:\\left\s*)?\\\{(.*?)(?:\\right\s*)?\\\}", text, re.S)
    if braces:
        return listed_set(braces.group(1), lambda p: _expression(p, options),     # lists.py
                          lambda p: _no_unit(_expression(p, options), p))
    named = _NAMED.fullmatch(text)
    if named:
        return NamedSet(text.replace(" ", "")), text.strip()
    raise ParseError(f"the set '{_short(text)}' in '{_short(whole)}' cannot be read")


# -- laws --------------------------------------------------------------------------------------
_LAW = re.compile(r"(?:\\(?:mathcal|mathscr|mathrm|operatorname|text|textrm|mathsf)\s*"
                  r"\{\s*([A-Za-z][A-Za-z]*)\s*\}|([A-Z]))\s*(?:\\left\s*)?\((.*?)(?:\\right\s*)?\)",
                  re.S)
_NOT_LAWS = frozenset(["O", "o", "Theta", "Omega"])    # orders of growth, not laws


def _law(text: str, options: dict, whole: str) -> tuple[sympy.Basic, str]:
    """The law of a distribution statement: a family's name applied to its parameters."""
    m = _LAW.fullmatch(text)
    if m is None or (m.group(1) or m.group(2)) in _NOT_LAWS:
        raise ParseError(f"'{_short(whole)}': X \\sim ... is read as a distribution only with a "
                         "law written as a family's name and its parameters "
                         r"(\mathcal{N}(0, 1)); '\sim' between quantities (of the order of, "
                         r"proportional) is not a claim the checker can read: write \approx or "
                         "state the moments you use")
    name = m.group(1) or m.group(2)
    parameters = tuple(_no_unit(_expression(p, options), p) for p in _commas(m.group(3)))
    from symbolic.latex.printer import to_latex
    head = text[:text.index("(")].rstrip()
    if head.endswith(r"\left"):
        head = head[:-len(r"\left")].rstrip()
    return Law(name, *parameters), head + "(" + ", ".join(to_latex(p) for p in parameters) + ")"


# -- orders of growth ----------------------------------------------------------------------------
_GROWTH = re.compile(r"\s*(?:\\mathcal\s*\{\s*(O)\s*\}|\\mathcal\s*(O)|(O)|(o)"
                     r"|\\(Theta|Omega|omega)(?![A-Za-z]))\s*(?:\\left\s*)?\(")
_GROWTH_LATEX = {"O": "O", "o": "o", "Theta": r"\Theta", "Omega": r"\Omega", "omega": r"\omega"}


def _growth_term(side: str) -> tuple[str, str] | None:
    """``(name, inside)`` when ``side`` is exactly one order of growth ``O(...)``, else None."""
    m = _GROWTH.match(side)
    if m is None:
        return None
    name = next(g for g in m.groups() if g)
    depth, k = 1, m.end()
    while k < len(side) and depth:
        depth += side[k] in "({["
        depth -= side[k] in ")}]"
        k += 1
    if depth or side[k:].strip():
        return None
    inside = re.sub(r"\\right\s*$", "", side[m.end():k - 1].rstrip()).strip()
    return name, inside


def _equals_at_top(text: str) -> list[str]:
    """``text`` cut at the ``=`` outside brackets (``:=`` is not one of them)."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "{(["
        depth -= ch in "})]"
        if ch == "=" and depth == 0 and not text[:k].rstrip().endswith(":"):
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


_LOGIC = re.compile(r"\\(?:Leftrightarrow|Rightarrow|Longrightarrow|iff|implies|to)(?![A-Za-z])")


def order_sides(text: str) -> list[str] | None:
    """The sides of a chain of ``=`` one of which is an order of growth (``T(n) = O(n^2)``),
    with no other relation; None for anything else."""
    from symbolic.latex.display import _relations_at_top
    if _top_level(text) or _ASSIGN.search(text) or _LOGIC.search(text):
        return None     # B d = O(M) \Leftrightarrow B = O(M/d): the chain reader says why not
    sides = _equals_at_top(text)
    if len(sides) < 2 or not any(_growth_term(s) for s in sides):
        return None
    if any(_relations_at_top(s) for s in sides):
        return None
    return sides


def _growth(name: str, inside: str, options: dict, whole: str) -> Growth:
    """``O(inside)`` read, unless the letter is declared as something else (a function O, a
    matrix O): then O(...) is not an order of growth and the statement is refused."""
    shown = _GROWTH_LATEX[name]
    declared = set(options.get("functions", ()))
    if shown in declared or name in declared or any(
            re.match(rf"\s*{re.escape(shown)}\s*(?:\\in|,)", a)
            for a in options.get("assumptions", ())):
        raise ParseError(f"'{_short(whole)}': {shown} is declared (a function or a matrix), so "
                         f"{shown}(...) is not read as an order of growth; write the claim with "
                         r"\operatorname or another name")
    if not inside:
        raise ParseError(f"an empty order of growth {shown}() in '{_short(whole)}'")
    return Growth(name, _expression(inside, options))


_UPRIGHT_WORD = re.compile(r"\\(?:mathrm|text|textrm|operatorname)\s*\{\s*[A-Za-z]{2,}\s*\}")


def _no_upright_words(text: str, whole: str) -> None:
    """A cost such as ``\\mathrm{Nd}`` in an order of growth is as often the product N d as
    one name (a conversion of N d to upright letters): refused, with both readings."""
    m = _UPRIGHT_WORD.search(text)
    if m:
        raise ParseError(f"'{m.group()}' in the order of growth '{_short(whole)}' may be one "
                         "name or a product of letters (N d): write the letters apart, or name "
                         "it with one letter")


def growth_latex(value: sympy.Basic) -> str:
    """An order of growth (or a value) printed back in LaTeX."""
    from symbolic.latex.printer import to_latex
    if isinstance(value, Growth):
        return rf"{_GROWTH_LATEX[value.symbol]}\left({to_latex(value.bound)}\right)"
    return to_latex(value)


def _order(text: str, options: dict) -> ParsedStatement:
    """``a = O(f) = O(g)``: one order statement per ``=``, each read one way (left of order right)."""
    sides = order_sides(text)
    terms = [_growth_term(s) for s in sides]
    first_value = next((k for k, term in enumerate(terms) if term is None and k), None)
    if first_value is not None and terms[first_value - 1] is not None:
        shown = _GROWTH_LATEX[terms[first_value - 1][0]]
        raise ParseError(f"'{_short(text)}': {shown}(...) said equal to a value is an order of "
                         f"growth or a function named {shown} (an angle, a step function): "
                         f"declare the function (--function) to read it as one; an order of "
                         "growth is never checked as a value")
    if any(term is None for term in terms[1:]):
        raise ParseError(f"'{_short(text)}' mixes an equation between values with an order of "
                         "growth (O, \\Theta, o): write the equation and the order statement "
                         "separately; an order of growth is never checked as a value")
    _no_upright_words(text, text)
    values = [_growth(*term, options, text) if term else _expression(side, options)
              for term, side in zip(terms, sides)]
    typeset = " = ".join(growth_latex(v) for v in values)
    return ParsedStatement(text, StatementKind.ORDER, tuple(values[:-1]), values[-1], typeset,
                           ("an order of growth (O, \\Theta, o) is a statement, read one way "
                            "(left of the order on the right): never checked as an equation",),
                           targets=tuple(values[1:]))


# -- updates -------------------------------------------------------------------------------------
_ASSIGN = re.compile(r"\\(?:leftarrow|gets)(?![A-Za-z])")
# an assignment's sign: the arrow, or := as pseudo-code writes it (x := x + 1); a definition
# marked as one in words (\stackrel{def}{=}, \triangleq, \equiv) is never an update
_ASSIGN_SIGN = re.compile(r"\\(?:leftarrow|gets|coloneqq)(?![A-Za-z])|(?<![:=]):=(?![=:])")
_NAME_TYPES = (sympy.Symbol, sympy.Indexed, sympy.MatrixSymbol)


_INCREMENT = re.compile(r"\\(?:Delta|delta)\s*(?:\\[A-Za-z]+|\{|[A-Za-z])")


def _update_sides(text: str) -> tuple[str, str] | None:
    """``(name, value)`` of one top-level assignment sign (an arrow, or ``:=``) with no other
    relation, else None."""
    from symbolic.latex.display import _relations_at_top
    arrows = list(_ASSIGN_SIGN.finditer(text))
    if len(arrows) != 1 or _top_level(text):
        return None
    m = arrows[0]
    depth = sum(text[:m.start()].count(c) for c in "{([") - \
        sum(text[:m.start()].count(c) for c in "})]")
    left, right = text[:m.start()].strip(), text[m.end():].strip()
    if depth or not left or not right or _relations_at_top(left) or _relations_at_top(right):
        return None
    return left, right


def left_side_is_name(text: str) -> bool:
    """Whether an assignment's left side reads as one name (``m_t``, ``\\theta``, ``x_{i}``)."""
    try:
        return isinstance(_expression(text, {}), _NAME_TYPES)
    except Exception:   # noqa: BLE001 - unreadable: the chain reader says why
        return False


def is_update(text: str) -> bool:
    """Whether ``text`` assigns a name a value that uses the name (``t \\leftarrow t + 1``, or
    ``t := t + 1``: a definition of a name in terms of itself defines nothing, it is the
    pseudo-code assignment of a new value)."""
    sides = _update_sides(text)
    if sides is None:
        return False
    try:
        name = _expression(sides[0], {})
        value = _expression(sides[1], {})
    except Exception:   # noqa: BLE001 - unreadable: the chain reader says why
        return False
    if value == name and not _ASSIGN.search(text):
        return False    # y := y defines nothing and assigns nothing: refused by the chain reader
    return isinstance(name, _NAME_TYPES) and value.has(name)


def _update(text: str, options: dict) -> ParsedStatement:
    """``\\theta \\leftarrow \\theta - \\eta g``: the new value of a name, never an equation."""
    left, right = _update_sides(text)
    increment = _INCREMENT.search(right)
    if increment:
        # b \leftarrow b + \Delta b: the increment of b, or \Delta times b?
        raise ParseError(f"'{increment.group().strip()}' in the update '{_short(text)}' may be "
                         "an increment (one quantity) or a product: name the increment "
                         "(\\Delta_b) or write \\Delta \\cdot b")
    name, value = _expression(left, options), _expression(right, options)
    if value == name and not _ASSIGN.search(text):
        raise ParseError(f"'{_short(text)}' defines {left} by itself: it defines nothing and "
                         "assigns nothing")
    if not isinstance(name, _NAME_TYPES) or not value.has(name):
        raise ParseError(f"'{_short(text)}' is read as an update only when its left side is a "
                         "name that its right side uses")
    from symbolic.latex.printer import to_latex
    return ParsedStatement(text, StatementKind.UPDATE, (name,), value,
                           f"{to_latex(name)} \\leftarrow {to_latex(value)}",
                           ("an update (the assigned name on both sides) states the new value of "
                            "the name: never checked as an equation",)
                           + (("':=' with the assigned name on both sides is read as the "
                               "assignment \\leftarrow",) if not _ASSIGN.search(text) else ()))


# -- continuations ---------------------------------------------------------------------------------
_CONTINUES = re.compile(r"\s*(=|<|>|\\leq?|\\geq?|\\approx|\\neq?)(?![A-Za-z])")
CONTINUATION_RELATIONS = {"=": "=", "<": "<", ">": ">", r"\le": r"\le", r"\leq": r"\le",
                          r"\ge": r"\ge", r"\geq": r"\ge", r"\approx": r"\approx",
                          r"\ne": r"\ne", r"\neq": r"\ne"}


def continuation_parts(text: str) -> tuple[str, str] | None:
    """``(relation, rest)`` of a display that starts with its one relation (``= a + b``)."""
    from symbolic.latex.display import _relations_at_top
    m = _CONTINUES.match(text)
    if m is None:
        return None
    rest = text[m.end():].strip()
    if not rest or _relations_at_top(rest) or _top_level(rest) or _ASSIGN.search(rest) \
            or rest.startswith("="):
        return None
    return CONTINUATION_RELATIONS[m.group(1)], rest


def _continuation(text: str, options: dict) -> ParsedStatement:
    """``= a + b``: the relation and the expression; what it continues is not in the display."""
    relation, rest = continuation_parts(text)
    value = _expression(rest, options)
    from symbolic.latex.printer import to_latex
    return ParsedStatement(text, StatementKind.CONTINUATION, (), value,
                           f"{relation} {to_latex(value)}",
                           ("a display that starts with a relation continues the side that "
                            "ends the previous display: alone, nothing to check",),
                           relation=relation)


def orders_apart(chain):
    """``a \\le b = O(c)``: the chain of values ``a \\le b`` (checked) and the order of growth
    ``b = O(c)`` (a statement, ``symbolic.latex.statements``) apart, so that an order at the
    end of a chain neither hides the relations before it nor is read as a value. Only when every
    side after the first order is an order too, and the relations before it hold no order."""
    from symbolic.latex.display import DisplayChain, _relations_at_top, relation_ends_at_top
    text = chain.latex
    if chain.problem is not None or not text or _LOGIC.search(text):
        return [chain]      # a = b \iff c = O(d): the order is not stated on its own
    pieces = _equals_at_top(text.strip().rstrip(".,; "))
    first = next((k for k, piece in enumerate(pieces) if k and _growth_term(piece)), None)
    # first == 1 with one side before it: the whole chain is an order statement (or refused)
    if first is None or (first == 1 and not _relations_at_top(pieces[0])) or not all(_growth_term(p) for p in pieces[first:]) \
            or any(_relations_at_top(p) for p in pieces[first:]):
        return [chain]
    head = " = ".join(pieces[:first])
    if _relations_at_top(head) == 0 or re.search(r"(?<![A-Za-z\\])[Oo]\s*\(|\\(?:Theta|Omega|omega"
                                                 r"|mathcal\s*\{?\s*O)(?![A-Za-z])", head):
        return [chain]
    ends = relation_ends_at_top(head)
    last = head[ends[-1] if ends else 0:].strip()
    count = _relations_at_top(head)
    lines = chain.link_lines
    head_chain = DisplayChain(chain.line, chain.display, head, chain.assume, None,
                              chain.notes + ("the order of growth after the last side is read apart "
                                             "as a statement",),
                              lines[:count] if len(lines) > count else ())
    order_line = lines[count] if len(lines) > count else chain.line
    order = DisplayChain(order_line, chain.display, " = ".join([last] + pieces[first:]),
                         chain.assume, None, chain.notes)
    return [head_chain, order]


ARROW = re.compile(r"\\(?:leftarrow|gets)(?![A-Za-z])")   # an assignment of an algorithm line


def assignment_continued(chain):
    """``m_1 \\leftarrow x_1 \\\\ = \\max_k x_k``: an assignment row followed by rows that start
    with a relation is read as ``m_1 := x_1 = \\max_k x_k``: the definition of the assigned name
    and the chain the rows continue from its right side, checked (with the name standing for its
    definition, as after ``:=``). Only across rows, and only when the left side is a name: on one
    line, ``b \\gets x = y`` may assign the truth value of x = y. An update continued by rows
    (``t \\leftarrow t + 1 \\\\ = 5``) is refused: whether the rows speak of the old or the new
    value is not said."""
    from symbolic.latex.display import _LEADING, _ROW, _STARTS_WITH_RELATION, DisplayChain, _squash
    if chain.problem is not None or _ROW not in chain.latex:
        return [chain]
    rows = chain.latex.split(_ROW)
    first = rows[0].strip()
    if not ARROW.search(first) or any(ARROW.search(r) for r in rows[1:]) \
            or not all(_STARTS_WITH_RELATION.match(_LEADING.sub("", r.strip())) for r in rows[1:]):
        return [chain]
    sides = _update_sides(first)
    if sides is None or not ARROW.search(first[len(sides[0]):]) \
            or not left_side_is_name(sides[0]):
        return [chain]      # several arrows, one beside a relation, no name: the reader says why
    if is_update(first):
        return [DisplayChain(chain.line, chain.display, _squash(chain.latex.replace(_ROW, " ")),
                             chain.assume, problem=f"the update '{_squash(first)[:40]}' is continued "
                             "by rows starting with a relation: whether they speak of the old or the "
                             "new value is not said; write the claim about the right side apart",
                             notes=chain.notes)]
    base = re.match(r"\s*(\\?[A-Za-z]+)\s*_", sides[0])
    if base and any(re.search(re.escape(base[1]) + r"(?![A-Za-z])\s*_", r) for r in rows[1:]):
        # m_S <- m_{S-1} + 1 \\ = m_{S-2} + 2: in a loop the assignment holds at every index, and
        # the rows may use it at another; read as one entry's definition a true row is refuted
        return [DisplayChain(chain.line, chain.display, _squash(chain.latex.replace(_ROW, " ")),
                             chain.assume, problem=f"the assignment '{_squash(first)[:40]}' is "
                             "continued by rows naming an entry of the same name: whether the "
                             "assignment holds at every index (a recurrence) is not said; state "
                             "the recurrence as an assumption", notes=chain.notes)]
    arrow = ARROW.search(first)
    note = ("the assignment '" + _squash(first)[:40] + "' is read as the definition := of its "
            "left side; the rows starting with a relation continue its right side (checked)")
    return [DisplayChain(chain.line, chain.display,
                         first[:arrow.start()] + " := " + first[arrow.end():] + f" {_ROW} "
                         + f" {_ROW} ".join(_LEADING.sub("", r.strip()) for r in rows[1:]),
                         chain.assume, notes=chain.notes + (note,), link_lines=chain.link_lines)]


def conditions_alone(chains):
    """The chains of a display, every one unreadable where a condition stands on a row of its own
    (``a = a + b \\\\ \\text{if } b = 0``): it may state the condition of the rows above; checked
    without it, a true chain was refuted at b = 1 (a red team)."""
    from symbolic.latex.display import DisplayChain
    lone = next((c for c in chains
                 if c.problem and c.problem.endswith(") without a claim before it")), None)
    if lone is None:
        return chains
    said = lone.problem.split("(", 1)[1].split(") without")[0]
    return [c if c.problem else DisplayChain(
        c.line, c.display, c.latex, c.assume, problem="the display has a condition on a row of "
        f"its own ({said}) that may be the condition of this claim: write it on the claim's row "
        "(a = b \\quad \\text{if } ...)", notes=c.notes) for c in chains]
