"""LaTeX in: claims, relation chains and assumptions, read through one latex2sympy adapter.

Pipeline: ``lexer`` (limits, known commands, balance) -> split at top-level relations ->
``rewrite`` (constructs the library misreads become placeholders) -> latex2sympy with an
explicit config -> ``convert`` (house symbols, Indexed, MaxOver, dot products).
Every failure of any stage is a one-line ``ParseError``; no traceback escapes.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import sympy
from sympy.matrices.expressions import MatrixExpr

from symbolic.errors import ParseError
from symbolic.latex.convert import Context, has_huge_power, settle, split_name
from symbolic.latex.cases import has_cases, without_cases
from symbolic.latex.prepasses import prepassed
from symbolic.latex.ellipsis import read_ellipses
from symbolic.latex.kronecker import kronecker_deltas
import symbolic.latex.slices as slices
import symbolic.latex.gradients as gradients
import symbolic.latex.vector_maps as vector_maps
from symbolic.latex.statements import interval_claim
from symbolic.latex.inventory import account
from symbolic.latex.lexer import DEFINITIONS, MAX_CHARS, check_size, MAX_DEPTH, RELATIONS, plain, Group, Tok, fail, lex, text_of
from symbolic.latex.side_checks import check_colon, check_sides, check_wide_space
from symbolic.latex.italic_names import italic_variance
from symbolic.latex.family_letters import check_range_ends
from symbolic.latex.definitions import _NOT_IN_EXPRESSION, _labels_left_out, _prepared
from symbolic.latex.library import _short, library_parse
import symbolic.latex.matrices as matrices
import symbolic.latex.declared_spaces as declared_spaces
import symbolic.latex.matrix_literals as matrix_literals
from symbolic.latex.hints import labelled as _labelled, library_hint as _library_hint
from symbolic.latex.rewrite import _PLACED, Rewriter, check_words
from symbolic.latex.artifacts import joined_transposes
from symbolic.latex.capital_numbers import capital_numbers, lone_powers_t
from symbolic.latex.entry_subscripts import entry_families
from symbolic.latex.labels import superscript_labels
from symbolic.latex.bold_plain import user_text_checks
from symbolic.latex.subscripts import check_packed_and_comma
from symbolic.latex.shapes import scalar_sides, shape_statement
from symbolic.latex.refusals import (ORDER, check_i, check_j, check_layer_labels, check_row_operators,
                                     i_compared)
# over_to_frac, unbrace_atoms, underscored_names and unwrap are offered here too, as before
from symbolic.latex.wrappers import (over_to_frac, strip_math, unbrace_atoms,  # noqa: F401
                                     underscored_names, unwrap)
from symbolic.model import Claim, Relation


@dataclass(frozen=True)
class Assumptions:
    """What a list of ``--assume`` strings says: symbols with assumptions, and other facts."""

    symbols: Mapping[str, sympy.Symbol] = field(default_factory=dict)
    facts: tuple[sympy.Basic, ...] = ()
    latex: tuple[str, ...] = ()
    # "x_j > 0" (a letter subscript) is about every x_j: base name -> SymPy assumptions
    families: Mapping[str, Mapping[str, bool]] = field(default_factory=dict)
    # "\\phi: \\mathbb{R}^{D} \\to \\mathbb{R}^{C}": function key -> (in size, out size)
    maps: Mapping[str, tuple] = field(default_factory=dict)


@dataclass(frozen=True)
class Link:
    """One link ``lhs <relation> rhs`` of a chain, with its LaTeX and its claim."""

    latex: str
    lhs_latex: str
    rhs_latex: str
    relation: Relation
    claim: Claim


@dataclass(frozen=True)
class ParsedChain:
    """A relation chain ``a = b \\le c`` read into one link per adjacent pair."""

    latex: str
    links: tuple[Link, ...]
    assumptions: Assumptions
    notes: tuple[str, ...] = ()     # readings the verdict should show ("i is the imaginary unit")


def _pieces(latex: str):
    """Split at top-level relations: ([(side_text, side_items)], [relation values])."""
    check_colon(latex)
    items = lex(latex)
    sides, rels, current, start = [], [], [], 0
    for item in items:
        if isinstance(item, Tok) and item.text in RELATIONS:
            end = item.col - 1
            sides.append((latex[start:end].strip(), tuple(current)))
            rels.append(RELATIONS[item.text])
            current, start = [], end + len(item.text)
        else:
            current.append(item)
    sides.append((latex[start:].strip(), tuple(current)))
    for text, side_items in sides:
        check_wide_space(text, side_items)
    for (text, side_items), n in zip(sides, range(len(sides))):
        if not any(not (isinstance(x, Tok) and x.space) for x in side_items):
            where = "before" if n < len(rels) else "after"
            rel = rels[min(n, len(rels) - 1)] if rels else ""
            hint = (": a formula that starts with a relation continues an earlier row or display; "
                    "write it with its left side") if n == 0 and rels else ""
            raise ParseError(f"nothing {where} the relation '{rel}' in '{_short(latex)}'{hint}")
    return sides, rels


_MAX_TERMS = 250


class _Reader:
    """Reads the sides of one chain (or one assumption) raw, then converts them together."""

    def __init__(self, known, imaginary_unit, functions=(), families=None):
        self.rewriter = Rewriter(functions, known)
        self.context = Context(known=dict(known), imaginary_unit=imaginary_unit,
                               families=dict(families or {}))
        self.items: dict[int, tuple] = {}     # id(raw) -> the items it was read from
        self.matrix_sides: list = []          # sides that name declared matrices (matrices.py)

    def parse(self, text):
        """library_parse, with the placeholders of plain names (I, gamma) given their names."""
        return _rename(library_parse(text), self.rewriter.plain)

    def raw(self, side_items):
        """One side read by the library, unconverted; refusals name the user's LaTeX."""
        try:
            return self._raw(side_items)
        except ParseError as exc:
            raise self._restored(exc) from None

    def _restored(self, exc):
        """The refusal with the rewriter's placeholders given back as the user's LaTeX."""
        return ParseError(self.rewriter.restore(str(exc))) if "SCZ" in str(exc) else exc

    def _raw(self, side_items):
        terms = sum(1 for x in side_items if isinstance(x, Tok) and x.text in ("+", "-"))
        if terms > _MAX_TERMS:
            # the library's grammar recurses once per term: 900 terms take seconds, 990 overflow
            raise ParseError(f"formula nested too deeply to read: {terms} terms in one side, the "
                             f"limit is {_MAX_TERMS}; simplify it")
        # a side naming a declared matrix is read in the written order (matrices.py)
        with gradients.declared(self.rewriter.functions, getattr(self, "chain_text", "")), \
                vector_maps.declared(getattr(self, "maps", {})):    # gradients.py, vector_maps.py
            matrix = matrices.read_side(side_items, self.context.known, lambda run: self._convert(self.raw(run)))
        if matrix is not None:
            self.matrix_sides.append(matrix)
            return matrix
        check_words(text_of(side_items))
        gaps = [x for x in side_items if isinstance(x, Tok) and x.text in (r"\quad", r"\qquad")]
        if gaps:
            raise fail(text_of(side_items).strip(), gaps[0].col, f"{gaps[0].text} separates two "
                       f"formulas (or a formula and a condition); check each claim on its own")
        commas = [x for x in side_items if isinstance(x, Tok) and x.text == ","]
        if commas:
            raise fail(text_of(side_items).strip(), commas[0].col, "a comma in a formula is a list or a "
                       "decimal comma: write 0.5 for a decimal, and one claim per relation")
        text = self.rewriter.emit(side_items)
        if not text.strip():
            raise ParseError("an empty side of a relation")
        try:
            raw = self.parse(text)
        except ParseError as exc:
            if getattr(exc, "reason", None) is None:
                raise
            # the library's message quotes the rewritten text: quote what the user wrote
            raise ParseError(f"cannot read '{_short(text_of(side_items).strip())}': "
                             f"{_library_hint(side_items)} (the parser stopped with "
                             f"'{self.rewriter.restore(exc.reason)}')") from None
        if isinstance(raw, (sympy.core.relational.Relational, sympy.And, sympy.Or)):
            raise ParseError(f"a relation inside brackets cannot be read: {raw}")
        if not isinstance(raw, sympy.Expr) and not isinstance(raw, sympy.Basic):
            raise ParseError(f"cannot read {raw!r} as an expression")
        self.context.add_calls(self.rewriter.calls, self.parse)
        self.context.seen.append(raw)
        self.items[id(raw)] = tuple(side_items)
        return raw

    def convert(self, raw):
        """The side as stepcheck objects: built unevaluated, accounted for, then evaluated."""
        try:
            return self._converted(raw)
        except ParseError as exc:
            raise self._restored(exc) from None

    def _converted(self, raw):
        if self.matrix_sides:     # every side of a chain with a matrix must have its shape
            return matrices.beside(raw, self.matrix_sides, self._convert)
        return self._convert(raw)

    def _convert(self, raw):
        self.context.names = self.rewriter.names
        try:
            with sympy.evaluate(False):
                built = self.context.convert(raw)
            if id(raw) in self.items:
                account(self.items[id(raw)], built, text_of(self.items[id(raw)]).strip())
            _refuse_relation_arguments(built)
            return settle(built)
        except ParseError:
            raise
        except RecursionError:
            raise ParseError("formula nested too deeply to convert; simplify it") from None
        except Exception as exc:
            raise ParseError(f"cannot convert {_short(str(raw))!r}: {type(exc).__name__}: "
                             f"{str(exc).splitlines()[0] if str(exc) else ''}") from None


def _refuse_relation_arguments(value) -> None:
    """Refuse a relation as the argument of a function: ``ppl(t=1)`` names the value at t = 1
    (or states a condition); read as ppl of a truth value it would be another formula."""
    if not isinstance(value, sympy.Basic):
        return
    for node in sympy.preorder_traversal(value):
        if isinstance(node, sympy.Function) and not isinstance(node, sympy.Piecewise) and any(
                isinstance(a, (sympy.core.relational.Relational, sympy.logic.boolalg.Boolean))
                and not isinstance(a, sympy.Expr) for a in node.args):
            raise ParseError(f"a relation inside the brackets of {node.func} (f(t=1)) may name the "
                             f"value at a point or state a condition: write f(1), or the condition "
                             f"with --assume")


def _rename(raw, plain: Mapping[str, str]):
    """Give placeholder symbols of plain names their names: ``SCZnI_1`` is ``I_1``."""
    if not plain or not isinstance(raw, sympy.Basic):
        return raw
    swap = {}
    for sym in raw.atoms(sympy.Symbol):
        m = re.fullmatch(r"(SCZn[A-Za-z]+?)(_.*)?", sym.name)
        if m and m.group(1) in plain:
            swap[sym] = sympy.Symbol(plain[m.group(1)] + (m.group(2) or ""), **sym.assumptions0)
    return raw.xreplace(swap) if swap else raw


def _guard(fn):
    """Turn any stray exception into a one-line ParseError (never a traceback)."""
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ParseError as exc:
            if matrix_literals.PREFIX in str(exc):       # quote a matrix literal as written
                raise ParseError(matrix_literals.restore(str(exc))) from None
            if "SCZ" not in str(exc):
                raise
            # a placeholder no reader could name: quote the user's input instead
            latex = args[0] if args and isinstance(args[0], str) else ""
            shown = _PLACED.sub("(...)", str(exc))
            raise ParseError(f"cannot read '{_short(latex)}': {shown}" if latex else shown) from None
        except RecursionError:
            raise ParseError("LaTeX nested too deeply; simplify it") from None
        except Exception as exc:
            if os.environ.get("STEPCHECK_DEBUG"):    # a developer's traceback
                raise
            text = str(exc).splitlines()[0] if str(exc) else ""
            raise ParseError(f"cannot read the LaTeX: the reader failed on it ({type(exc).__name__}: "
                             f"{text}); this is a bug of stepcheck: please report the input") from None
    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


_SYMPY_REL = {"=": sympy.Eq, r"\ne": sympy.Ne, "<": sympy.Lt, r"\le": sympy.Le,
              ">": sympy.Gt, r"\ge": sympy.Ge}


# -- public functions ---------------------------------------------------------------------------
@_guard
def parse_expr(latex: str, *, assumptions: Assumptions | None = None,
               imaginary_unit: bool = False, functions: Sequence[str] = ()) -> sympy.Basic:
    """One LaTeX expression (no relation) as a SymPy expression.

    ``functions`` names the letters that are functions (``f`` in ``f(x + 1)``); see parse_chain.
    """
    sides, rels = _pieces(strip_math(latex))
    if rels:
        raise ParseError(f"expected an expression, found the relation '{rels[0]}' in '{_short(latex)}'")
    reader = _Reader(assumptions.symbols if assumptions else {}, imaginary_unit, _names(functions),
                     assumptions.families if assumptions else None)
    raw = reader.raw(sides[0][1])
    return reader.convert(raw)


@_guard
@user_text_checks           # \mathbf{x} beside x, y^{(1)} beside an assumption on y_1 (bold_plain.py)
def parse_chain(latex: str, *, assumptions: Sequence[str] = (),
                imaginary_unit: bool = False, functions: Sequence[str] = ()) -> ParsedChain:
    """A relation or chain ``a = b \\le c``: one link per adjacent pair, symbols shared.

    ``functions`` declares names as functions (the CLI's ``--function NAME``): ``f(x + 1)`` is
    then f applied to x + 1. Undeclared, a letter before brackets is a product (``a(b + c)``),
    except letters papers use for functions (f, g, h, p, F, G, H, L, P, \\phi, \\psi, \\Gamma,
    \\ell), which are refused; ``\\sigma(x)`` is the sigmoid. ``i`` is the imaginary unit unless
    the chain uses it as an index (the reading is in ``notes``); ``imaginary_unit`` is kept for
    compatibility and changes nothing.
    """
    check_size(latex)               # before any pre-pass scans it
    if isinstance(latex, str):      # x - \\lfloor x \\rfloor \\in [0, 1): a chain
        latex = interval_claim(latex) or latex
    if (done := prepassed(latex, parse_chain, assumptions, imaginary_unit, functions)) is not None:
        return done
    assumptions = (assumptions,) if isinstance(assumptions, str) else assumptions
    functions = _names(functions)
    # S = QK^T \in R^{N x N}: the membership declares the shape of S (symbolic/latex/shapes.py)
    latex, artifact_notes = joined_transposes(italic_variance(strip_math(latex)))  # artifacts.py
    latex, label_notes = superscript_labels(latex)                   # m_i^{new} (labels.py)
    latex, stated, shape_notes = shape_statement(latex, tuple(assumptions))
    stated += slices.implied_bounds(latex, assumptions)       # x_1 + x_2 + \dots + x_n: n >= 2
    given = parse_assumptions(tuple(assumptions) + stated, imaginary_unit=imaginary_unit,
                              functions=functions)
    text, left_out = _labels_left_out(latex)
    text, literals = matrix_literals.extract(text)      # pmatrix, bmatrix: placeholders
    text, sliced = slices.read_slices(text, assumptions)       # \max(x_{1:n}), S_{i,:} (slices.py)
    text, dotted = read_ellipses(text, assumptions)
    left_out = tuple(left_out) + dotted + sliced
    text, assigned = _prepared(text)
    sides, rels = _pieces(text)
    if not rels:
        raise ParseError(f"no relation in '{_short(text)}': write a claim such as 'a = b' or 'a \\le b'")
    if r"\wedge" in rels and r"\implies" not in rels:
        raise ParseError(f"\\wedge joins the relations of an implication; in '{_short(text)}' "
                         f"write each claim separately")
    check_layer_labels(sides)
    check_sides(sides, rels, given.symbols)     # \mu^l = ... a_i^l, i = ...: side_checks.py
    check_row_operators(scalar_sides(sides, given.symbols))
    # a map declared by its signature (\phi: R^D \to R^C) is a declared function (vector_maps.py)
    functions += tuple(name for name in vector_maps.signature_names(assumptions) if name not in functions)
    reader = _Reader({**given.symbols, **literals}, imaginary_unit, functions, given.families)
    reader.maps = given.maps
    vector_maps.check_map_uses(text, given.maps)   # f beside f(x, m): vector_maps.py
    reader.rewriter.numbers |= capital_numbers(text, given.symbols, functions)  # \frac{1}{\mu T}: T a number
    reader.rewriter.lone_powers_t = lone_powers_t(text, given.symbols)
    reader.rewriter.entry_families = entry_families(text, given.symbols, functions)  # P_{ij}(..)
    # i is an index where a declared name written in the chain has it as its subscript (Q_i), as
    # where a scalar's does (x_i): \sum_{j=1}^{i} K_j then runs to the index i (vector_maps.py)
    reader.context.i_ordered = i_compared(sides, rels) or vector_maps.declared_with_i(text, given.symbols)
    reader.chain_text = text        # f(x) of a vector is a number where \nabla f is written: gradients.py
    if r"\implies" in rels:
        values = _implication_sides(text, sides, rels, reader)
    else:
        raws = [reader.raw(items) for _, items in sides]
        raws = matrices.stated_shape(raws, rels, reader)     # Y = f(X) of a declared Y: its shape
        check_i(reader, sides)
        check_j(reader, sides)
        values, delta_notes = kronecker_deltas([reader.convert(r) for r in raws], given.facts, matrices=frozenset(
            m.name for m in given.symbols.values() if isinstance(m, sympy.MatrixSymbol)))
        reader.context.notes.update(delta_notes)                  # \delta_{ik} (kronecker.py)
        vector_maps.check_scalar_calls(values, given.maps)        # h(m, n) of a map: vector_maps.py
        _check_order(values, rels, text)
    check_range_ends(given, values)         # x_n > 0 beside a range ending at n (family_letters.py)
    check_packed_and_comma(values, given.facts)     # s_{ab} beside s_{a,b} (subscripts.py)
    matrices.check_inverses_kept(text, given.facts, values)     # x - A^{-1} A x under A = u v^T
    texts = [matrix_literals.restore(t) for t in _side_texts(sides, rels)]
    links = []
    chain_rels = [r for r in rels if r == r"\implies"] if r"\implies" in rels else rels
    for n, rel in enumerate(chain_rels):
        relation = Relation(rel)
        claim = Claim(values[n], relation, values[n + 1])
        lhs, rhs = texts[n], texts[n + 1]
        links.append(Link(f"{lhs} {rel} {rhs}", lhs, rhs, relation, claim))
    notes = (set(reader.context.notes) | set(left_out) | set(shape_notes) | set(artifact_notes)
             | set(label_notes))
    if any(isinstance(x, Tok) and x.text in DEFINITIONS for x in lex(text)):
        first = links[0].claim
        if assigned and not (isinstance(first.lhs, (sympy.Symbol, sympy.Indexed))
                             or matrices.assignable(first.lhs)):
            raise ParseError(f"the left side of the assignment '{_short(latex)}' is not a name "
                             f"(such as m_t): an assignment defines a name; write the claim with =")
        if (isinstance(first.lhs, (sympy.Symbol, sympy.Indexed)) or matrices.assignable(first.lhs)) \
                and first.rhs.has(first.lhs):
            raise ParseError(f"'{_short(latex)}' defines {first.lhs} in terms of itself: "
                             f"a definition cannot, and an update (an algorithm step: "
                             f"x \\leftarrow x + 1, or x := x + 1 alone on its line) is not "
                             f"a claim")
        notes.add("an assignment (\\leftarrow) is read as a definition of its left side: it is "
                  "checked like =" if assigned else
                  "a definition (:=) is read as an equation: it is checked like =")
    return ParsedChain(matrix_literals.restore(text), tuple(links), _rebind(given, reader.context.made),
                       tuple(sorted(notes)))


@dataclass(frozen=True)
class ParsedExpression:
    """A display with no relation, read as one expression: nothing to check, only to typeset."""

    latex: str
    value: sympy.Basic
    assumptions: Assumptions
    notes: tuple[str, ...] = ()


@_guard
@user_text_checks
def parse_expression(latex: str, *, assumptions: Sequence[str] = (),
                     imaginary_unit: bool = False, functions: Sequence[str] = ()) -> ParsedExpression:
    """A display that holds no relation (``\\frac{QK^\\top}{\\sqrt{d_k}}``) read as one expression.

    The same reading as one side of a chain, with the same refusals (an index i beside the
    imaginary unit, labels written as powers, a list, a wide gap): an expression is shown, never
    checked, but a misread expression would still show another formula.
    """
    check_size(latex)               # before any pre-pass scans it
    if (done := prepassed(latex, parse_expression, assumptions, imaginary_unit, functions)) is not None:
        return done
    assumptions = (assumptions,) if isinstance(assumptions, str) else assumptions
    functions = _names(functions)
    given = parse_assumptions(assumptions, imaginary_unit=imaginary_unit, functions=functions)
    text, artifact_notes = joined_transposes(italic_variance(strip_math(latex)))  # Var(X)
    text, label_notes = superscript_labels(text)
    text, left_out = _labels_left_out(text)
    text, literals = matrix_literals.extract(text)      # pmatrix, bmatrix: placeholders
    text, sliced = slices.read_slices(text, assumptions)       # \max(x_{1:n}), S_{i,:} (slices.py)
    text, dotted = read_ellipses(text, assumptions)
    left_out = tuple(left_out) + dotted + sliced
    sides, rels = _pieces(text)
    if rels:
        raise ParseError(f"expected an expression, found the relation '{rels[0]}' in '{_short(text)}'")
    for item in sides[0][1]:
        if isinstance(item, Tok) and item.text in _NOT_IN_EXPRESSION:
            raise fail(text, item.col, _NOT_IN_EXPRESSION[item.text])
    check_layer_labels(sides)
    check_row_operators(scalar_sides(sides, given.symbols))
    reader = _Reader({**given.symbols, **literals}, imaginary_unit, functions, given.families)
    reader.rewriter.numbers |= capital_numbers(text, given.symbols, functions)  # capital_numbers.py
    reader.rewriter.lone_powers_t = lone_powers_t(text, given.symbols)
    reader.rewriter.entry_families = entry_families(text, given.symbols, functions)  # P_{ij}(..)
    raw = reader.raw(sides[0][1])
    check_i(reader, sides)
    check_j(reader, sides)
    value = reader.convert(raw)
    if isinstance(value, sympy.logic.boolalg.Boolean) and not isinstance(value, sympy.Expr):
        raise ParseError(f"'{_short(text)}' reads as a truth value, not an expression")
    notes = set(reader.context.notes) | set(left_out) | set(artifact_notes) | set(label_notes)
    return ParsedExpression(matrix_literals.restore(text), value, _rebind(given, reader.context.made),
                            tuple(sorted(notes)))


def has_relation(latex: str) -> bool:
    """Whether ``latex`` holds a relation outside brackets (a claim), rather than an expression."""
    try:
        latex = without_cases(latex) if has_cases(latex) else latex
        text = matrix_literals.extract(_labels_left_out(strip_math(latex))[0])[0]
        text = slices.relation_text(text)                       # \max(x_{1:n}) alone (slices.py)
        return bool(_pieces(_prepared(text)[0])[1])
    except ParseError:
        return True       # the chain reader gives the reason
    except Exception:     # noqa: BLE001 - an unreadable text: the chain reader gives the reason
        return True


def parse_reading(latex: str, **options) -> ParsedChain | ParsedExpression:
    """A chain (``parse_chain``) when ``latex`` holds a relation, else one expression
    (``parse_expression``): what a display says, whether or not it claims anything."""
    if has_relation(latex):
        return parse_chain(latex, **options)
    return parse_expression(latex, **options)


def _names(functions) -> tuple[str, ...]:
    """Declared function names, checked: ``f``, ``\\phi``, ``softmax``, ``f_q``."""
    if isinstance(functions, str):
        functions = (functions,)
    out = []
    for name in functions:
        if not isinstance(name, str) or not re.fullmatch(r"\\?[A-Za-z]+(_\{?\w+\}?)?|\\(boldsymbol|mathbf)\{\\?[A-Za-z]+\}", name.strip()):
            raise ParseError(f"a function name must be letters such as f, \\phi or f_q, not {name!r}")
        out.append(name.strip())
    return tuple(out)


def _check_order(values, rels, text) -> None:
    """An order between sides that the imaginary unit makes complex cannot be meant."""
    matrices.check_relations(values, rels)
    for n, rel in enumerate(rels):
        if rel in ORDER:
            for side in (values[n], values[n + 1]):
                if isinstance(side, sympy.Basic) and side.has(sympy.I) and side.is_extended_real is not True:
                    raise ParseError(f"'{_short(text)}' orders a side that holds the imaginary unit i; "
                                     f"if i is an index, say so: --assume 'i \\in \\mathbb{{Z}}'")


def _side_texts(sides, rels):
    """The LaTeX of each side; for implications, of each conjunction of relations."""
    if r"\implies" not in rels:
        return [t for t, _ in sides]
    texts, current = [], [sides[0][0]]
    for (text, _), rel in zip(sides[1:], rels):
        if rel == r"\implies":
            texts.append(" ".join(current))
            current = [text]
        else:
            current += [rel, text]
    texts.append(" ".join(current))
    return texts


def _implication_sides(text, sides, rels, reader):
    """``A \\implies B``: each of A, B is a relation (chain) read as a conjunction."""
    groups, current = [], [sides[0]]
    for side, rel in zip(sides[1:], rels):
        if rel == r"\implies":
            groups.append(current)
            current = [side]
        else:
            current += [rel, side]
    groups.append(current)
    raws = [[reader.raw(part[1]) if isinstance(part, tuple) else part for part in g] for g in groups]
    values = []
    for g in raws:
        exprs = [reader.convert(p) for p in g[::2]]
        ops = g[1::2]
        matrices.check_relations(exprs, ops)
        if not ops:
            raise ParseError(f"each side of \\implies must be a relation, in '{_short(text)}'")
        parts = []
        for a, op, b in zip(exprs, ops, exprs[1:]):
            if op == r"\wedge":
                continue   # "x > 0 \wedge y > 0": the two relations around it are separate
            if op not in _SYMPY_REL:
                raise ParseError(f"{op} cannot be used inside an implication")
            parts.append(_SYMPY_REL[op](a, b, evaluate=False))
        values.append(sympy.And(*parts) if len(parts) > 1 else parts[0])
    return values


def _rebind(given: Assumptions, made: Mapping[str, sympy.Basic]) -> Assumptions:
    """The assumptions with each symbol replaced by the object the chain uses for that name.

    When the chain reads ``x_2`` as the element ``x[2]`` of an indexed ``x``, an assumption
    ``x_2 > 0`` becomes the fact ``x[2] > 0`` about that element (and no other).
    """
    swap, extra = {}, []
    for name, sym in given.symbols.items():
        used = made.get(name)
        if isinstance(used, sympy.Symbol) and used != sym:
            swap[sym] = used
        elif isinstance(used, sympy.Indexed):
            swap[sym] = used
            extra.extend(_sign_facts(used, sym))
    if not swap:
        return given
    symbols = {name: swap.get(sym, sym) if isinstance(swap.get(sym, sym), sympy.Symbol) else sym
               for name, sym in given.symbols.items()}
    facts = tuple(f.xreplace(swap) for f in given.facts) + tuple(f for f in extra if f not in given.facts)
    return Assumptions(symbols, facts, given.latex, given.families)


def _sign_facts(element, sym) -> list:
    """The sign assumptions of a symbol, as facts about the indexed element it stands for."""
    if element.is_positive and sym.is_positive:
        return []            # the indexed base already carries it ("x_j > 0")
    facts = []
    for flag, fact in (("positive", sympy.Gt), ("negative", sympy.Lt), ("nonnegative", sympy.Ge),
                       ("nonpositive", sympy.Le), ("nonzero", sympy.Ne)):
        if sym.assumptions0.get(flag) and getattr(element, "is_" + flag) is not True:
            facts.append(fact(element, 0, evaluate=False))
    return facts


# -- assumptions ------------------------------------------------------------------------------
_SETS = {
    "R": {"real": True}, "R_{>0}": {"positive": True}, "R^+": {"positive": True},
    "R_+": {"positive": True}, "R_{+}": {"positive": True}, "R^{+}": {"positive": True},
    "R_{\\ge0}": {"nonnegative": True}, "R_{\\geq0}": {"nonnegative": True},
    "Z": {"integer": True}, "Z_{>0}": {"integer": True, "positive": True},
    "Z^+": {"integer": True, "positive": True}, "Z_+": {"integer": True, "positive": True},
    "Z^{+}": {"integer": True, "positive": True}, "Z_{+}": {"integer": True, "positive": True},
    "Z_{\\ge0}": {"integer": True, "nonnegative": True},
    "Z_{\\geq0}": {"integer": True, "nonnegative": True},
    "N^+": {"integer": True, "positive": True},
    "N_{>0}": {"integer": True, "positive": True}, "N^*": {"integer": True, "positive": True},
    "N_0": {"integer": True, "nonnegative": True}, "N_{0}": {"integer": True, "nonnegative": True},
    "Q": {"rational": True}, "C": {"complex": True},
}


@_guard
def parse_assumptions(latexes: Sequence[str], *, imaginary_unit: bool = False,
                      functions: Sequence[str] = ()) -> Assumptions:
    """``--assume`` strings (``x > 0``, ``0 < p < 1``, ``n \\in \\mathbb{Z}_{>0}``) read together."""
    if isinstance(latexes, str):
        latexes = (latexes,)
    latexes = slices.without_conventions(latexes)     # x_{a:b} = (x_a, \ldots, x_b): slices.py
    stated: dict[str, dict] = {}
    pending = []          # (latex, sides, rels, reader) of relations, read once symbols are known
    declared: dict[str, tuple] = {}     # matrix key -> (SymPy name, size names or numbers)
    statements = [t for latex in latexes for t in _statements(latex)]
    relations = []
    signatures = []     # \phi: R^D \to R^C (vector_maps.py)
    for text in statements:
        if (found := vector_maps.signature(text, stated, parse_expression,
                                                 declared_spaces.space_size)) is not None:
            signatures.append(found)
            continue
        items = lex(text)
        member = [k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == r"\in"]
        if member and _matrix_membership(text, items, member[0], stated, declared):
            continue
        if member:
            _membership(text, items, member[0], stated)
            continue
        relations.append((text, items))
    later = []            # relations about declared matrices, read once their sizes are known
    for text, items in relations:
        sides, rels = _pieces(text)
        if not rels:
            raise ParseError(f"assumption '{_short(text)}' is not a relation: write e.g. 'x > 0' "
                             r"or 'n \in \mathbb{Z}_{>0}'")
        bad = [r for r in rels if r not in _SYMPY_REL]
        if bad:
            raise ParseError(f"assumption '{_short(text)}' uses {bad[0]}; use = \\ne < \\le > \\ge or \\in")
        if declared and matrices.mentions(items, declared):
            later.append((sides, rels))
            continue
        reader = _Reader({}, imaginary_unit, _names(functions))
        raws = [reader.raw(items) for _, items in sides]
        pending.append((raws, rels, reader))
        for a, rel, b in zip(raws, rels, raws[1:]):
            _sign(a, rel, b, stated)
    symbols = {}
    for name, flags in stated.items():
        assumptions = dict(flags)
        if not assumptions.pop("complex", False):
            assumptions.setdefault("real", True)
        elif not any(assumptions.get(k) for k in ("real", "positive", "negative", "nonnegative",
                                                   "nonpositive", "integer", "rational")):
            # SymPy's nonzero means real and nonzero: a complex z \ne 0 is zero=False
            assumptions = {"complex": True, **({"zero": False} if flags.get("nonzero") else {})}
        try:
            symbols[name] = sympy.Symbol(name, **assumptions)
        except Exception:
            raise ParseError(f"the assumptions about {name} contradict each other "
                             f"({', '.join(sorted(k for k, v in flags.items() if v))})") from None
    families = {}
    for name, sym in symbols.items():
        parts = split_name(name) if isinstance(sym, sympy.Symbol) else None
        if parts and len(parts[1]) == 1 and re.fullmatch(r"[a-z]", parts[1][0]):
            # x_j > 0 with a letter index is about every element x_1, x_2, x[j], ...
            families[parts[0]] = {k: v for k, v in sym.assumptions0.items() if k in _FAMILY}
    for key, (name, sizes) in declared.items():
        if key in symbols:
            raise ParseError(f"{name} is declared a matrix or vector and also given a scalar "
                             f"assumption; a name is one or the other")
        shape = [declared_spaces.resolved_size(size, symbols) for size in sizes]
        symbols[key] = sympy.MatrixSymbol(name, *shape)
    for sides, rels in later:
        reader = _Reader(symbols, imaginary_unit, _names(functions))
        pending.append(([reader.raw(items) for _, items in sides], rels, reader))
    facts = []
    for raws, rels, reader in pending:
        reader.context.known = symbols
        values = [reader.convert(r) for r in raws]
        for a, rel, b, ra, rb in zip(values, rels, values[1:], raws, raws[1:]):
            if _captured(ra, rel, rb):
                continue
            if isinstance(a, MatrixExpr) or isinstance(b, MatrixExpr):
                if rel != "=" or not (isinstance(a, MatrixExpr) and isinstance(b, MatrixExpr)) \
                        or a.shape != b.shape:
                    raise ParseError(f"the assumption {a} {rel} {b} relates matrices other than by = "
                                     f"between equal shapes")
                facts.append(sympy.Eq(a, b, evaluate=False))
                continue
            # comparing with 9^{9^{9^9}} would evaluate it: such facts stay unevaluated
            fact = _SYMPY_REL[rel](a, b, evaluate=not (has_huge_power(a) or has_huge_power(b)))
            if fact is sympy.false:
                raise ParseError(f"assumption {a} {rel} {b} is false")
            if fact is not sympy.true:
                facts.append(fact)
    vector_maps.one_reading(signatures, declared)   # one signature a map, no matrix of its name
    maps = {key: _resolved_map(sizes, symbols) for _, key, *sizes in signatures}
    return Assumptions(symbols, tuple(facts), tuple(latexes), families, maps)


def _resolved_map(sizes, symbols):
    """A signature's sizes as the declaration's symbols (vector_maps.py): (in, out) of a map of one
    vector, or a ``Signature`` (sizes of its arguments, of its value; None for a number)."""
    if isinstance(sizes[0], vector_maps.Signature):
        ins, out = sizes[0]
        size = lambda d: None if d is None else declared_spaces.resolved_size(d, symbols)  # noqa: E731
        return vector_maps.Signature((tuple(size(d) for d in ins), size(out)))
    return tuple(declared_spaces.resolved_size(size, symbols) for size in sizes)


_FAMILY = frozenset(["real", "positive", "negative", "nonnegative", "nonpositive", "nonzero",
                     "integer", "complex"])


def _statements(latex: str) -> list[str]:
    """One --assume string as statements: ``x > 0, y > 0`` is two (``x, y \\in ..`` is one)."""
    text = strip_math(latex)
    interval = _INTERVAL.fullmatch(text)
    if interval:
        return _interval_statements(interval)
    if vector_maps.is_signature(text):      # \phi: R^D \to R^C, f: R^d \times Z \to R (vector_maps.py)
        return [text]
    items = lex(text)
    if any(isinstance(x, Tok) and x.text == r"\in" for x in items):
        return [text]
    cuts = [x.col - 1 for x in items if isinstance(x, Tok) and x.text == ","]
    bounds = [0] + [c + 1 for c in cuts]
    ends = cuts + [len(text)]
    return [text[a:b].strip() for a, b in zip(bounds, ends)]


_INTERVAL = re.compile(r"\s*(?P<names>[^\\]+?)\s*\\in\s*(?P<open>\\left)?\s*(?P<lb>[\[(])\s*(?P<lo>[^,]+?)\s*,"
                       r"\s*(?P<hi>[^,]+?)\s*(?:\\right)?\s*(?P<rb>[\])])\s*")


def _interval_statements(m) -> list[str]:
    """``p \\in (0, 1)``, ``x \\in [0, \\infty)``: the two bounds as relations."""
    out = []
    for name in (n.strip() for n in m.group("names").split(",")):
        if m.group("lo").strip() not in (r"-\infty", r"-\infty "):
            out.append(f"{m.group('lo')} {'<' if m.group('lb') == '(' else chr(92) + 'le'} {name}")
        if m.group("hi").strip() not in (r"\infty", r"+\infty"):
            out.append(f"{name} {'<' if m.group('rb') == ')' else chr(92) + 'le'} {m.group('hi')}")
    return out or [f"{m.group('names')} \\in \\mathbb{{R}}"]


_SPACE = re.compile(r"\s*\\mathbb\s*\{\s*([RC])\s*\}\s*\^\s*(\{.*\}|[A-Za-z0-9])\s*")


def _matrix_membership(text, items, k, stated, declared) -> bool:
    """``Q, K \\in \\mathbb{R}^{N \\times d}`` (a matrix), ``q \\in \\mathbb{R}^{d}`` (a column vector).

    Records the names in ``declared`` and makes the sizes positive integers; False when the
    set is not a space of vectors or matrices (``\\mathbb{R}^{+}`` is the positive reals).
    """
    m = _SPACE.fullmatch(text_of(items[k + 1:]))
    if not m or m.group(2).strip("{} ") in ("+", "*", ""):
        return False
    if m.group(1) == "C":
        raise ParseError(f"complex matrices and vectors cannot be declared: '{_short(text)}'")
    sizes = []
    for size in matrices.matrix_dimensions(m.group(2)):    # N, d_k, h d_v (declared_spaces.py)
        sizes.append(declared_spaces.space_size(size, text, stated, parse_expression))
    if len(sizes) == 1:
        sizes.append(sympy.Integer(1))      # R^d: a column vector
    for name in (n for n in text_of(items[:k]).split(",")):
        key, sympy_name = matrices.declared_name(name)
        if key in declared and declared[key][1] != tuple(sizes):
            raise ParseError(f"{sympy_name} is declared with two different shapes")
        declared[key] = (sympy_name, tuple(sizes))
    return True


def _membership(text, items, k, stated):
    """``x, y \\in \\mathbb{R}_{>0}``: the symbols on the left get the set's assumptions."""
    left = text_of(items[:k])
    right = text_of(items[k + 1:]).replace(" ", "")
    key = right.replace(r"\mathbb{", "", 1).replace("}", "", 1) if right.startswith(r"\mathbb{") else None
    if key == "N":
        raise ParseError(r"\mathbb{N} starts at 0 for some authors and at 1 for others: write "
                         r"\mathbb{Z}_{>0} or \mathbb{Z}_{\ge0}")
    if key is None or key not in _SETS:
        raise ParseError(f"unknown set '{right}' in assumption '{_short(text)}'; use \\mathbb{{R}}, "
                         r"\mathbb{Z}_{>0}, \mathbb{N}, \mathbb{C}, ...")
    for name in (_labelled(n.strip()) for n in left.split(",")):
        raw = library_parse(name) if name else None
        if not isinstance(raw, sympy.Symbol):
            raise ParseError(f"left of \\in must be symbols, not '{name}' in '{_short(text)}'")
        stated.setdefault(raw.name, {}).update(_SETS[key])


def _sign(a, rel, b, stated):
    """Turn ``x > 0``, ``x \\ge 2``, ``0 < x``... into sign assumptions of the symbol x."""
    flip = {"<": ">", ">": "<", r"\le": r"\ge", r"\ge": r"\le", "=": "=", r"\ne": r"\ne"}
    if isinstance(b, sympy.Symbol) and not isinstance(a, sympy.Symbol):
        a, b, rel = b, a, flip[rel]
    if not isinstance(a, sympy.Symbol) or a.name.startswith("SCZ"):
        return
    c = Context().convert(b)   # evaluates -1, 1/2; leaves huge powers unevaluated
    if not c.is_number or has_huge_power(c) or c.is_extended_real is not True:
        return   # not a constant bound: the relation is kept as a fact only
    flags = stated.setdefault(a.name, {})
    # SymPy's three-valued signs of the bound (pi, sqrt(2) included), True only when known
    if rel == ">" and c.is_nonnegative or rel == r"\ge" and c.is_positive:
        flags["positive"] = True
    elif rel == r"\ge" and c.is_zero:
        flags["nonnegative"] = True
    elif rel == "<" and c.is_nonpositive or rel == r"\le" and c.is_negative:
        flags["negative"] = True
    elif rel == r"\le" and c.is_zero:
        flags["nonpositive"] = True
    elif rel == r"\ne" and c.is_zero:
        flags["nonzero"] = True


def _captured(a, rel, b) -> bool:
    """Whether a relation says no more than the sign assumption it gave (``x > 0``)."""
    if isinstance(b, sympy.Symbol) and not isinstance(a, sympy.Symbol):
        a, b = b, a
    # a placeholder (SCZ..., e.g. Re z or |z|) gave no sign assumption in _sign: keep its fact
    return isinstance(a, sympy.Symbol) and not a.name.startswith("SCZ") and b == 0 and rel != "="
