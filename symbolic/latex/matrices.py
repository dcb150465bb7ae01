"""Matrices and vectors declared by assumptions, read in the order they are written.

``--assume 'Q \\in \\mathbb{R}^{N \\times d}'`` declares ``Q`` a ``MatrixSymbol('Q', N, d)``
(``q \\in \\mathbb{R}^{d}`` a column vector, ``d x 1``); the sizes become positive integer symbols.
A side of a claim that names a declared matrix is read here, not by latex2sympy, by a small
recursive reader that accepts only what it understands and refuses the rest:

* products in the written order (``QK^\\top`` is ``MatMul(Q, K.T)``; ``\\cdot`` between two
  matrices is their product), ``^\\top``/``^T``/``^{\\top}``/``^\\intercal`` transposes of a
  matrix, a vector or a bracket, ``\\odot`` (and ``\\circ`` between matrices) the Hadamard product,
  sums and differences, a scalar factor (a number, a Greek letter, a declared scalar,
  ``\\frac{1}{\\sqrt{d}}``) and a scalar divisor (``\\frac{QK^\\top}{\\sqrt{d}}``, ``A / 2``);
* shapes must conform: a product, sum or Hadamard product of non-conforming shapes is refused
  with the shapes named;
* a 1 x 1 result (``q^\\top k``, ``x^\\top A x``) is a scalar: the entry ``[0, 0]`` written as a
  sum over components ``q[nu, 0] * k[nu, 0]``, ``nu`` from 0 to d - 1; so is ``\\|x - y\\|``
  (``\\|v\\|_2`` too), ``\\sqrt{v^\\top v}``, and ``\\exp``/``\\log`` of a 1 x 1 product;
* refused, each with a one-line reason: a scalar added to a matrix, an undeclared letter
  written next to a matrix (it may be a matrix or a vector: declare it, or write ``\\cdot`` for a
  number), a function or a bracket of a matrix after a letter (``\\sigma(QK^\\top)``), powers and
  absolute values of matrices, norms of matrices, ``\\times`` between matrices, a subscript on
  a declared name that is not itself declared (``x_1`` for a declared vector ``x``), ``\\odot``
  mixed with a matrix product in one term without brackets, sums and maxima over matrices.

Parts of a side without a declared name (``\\sqrt{d}``, ``\\frac{1}{2}``) are read by the scalar
reader, which accounts for their tokens; every token of the rest is consumed by a rule here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Mapping

import sympy
from sympy.matrices.expressions import MatrixExpr
from sympy.matrices.expressions.matexpr import MatrixElement

from symbolic.errors import ParseError
import symbolic.latex.gradients as gradients
import symbolic.latex.loss_gradients as loss_gradients
import symbolic.latex.matrix_functions as matrix_functions
import symbolic.latex.matrix_literals as matrix_literals
import symbolic.latex.matrix_scalars as matrix_scalars
import symbolic.latex.vector_inner as vector_inner
import symbolic.latex.vector_maps as vector_maps
from symbolic.latex.lexer import FUNCTIONS, GREEK, Group, Tok, fail, lex, text_of
from symbolic.latex.matrix_tokens import mentions, mentions as _mentions, transpose_last  # noqa: F401
from symbolic.latex.matrix_tokens import (  # noqa: F401  (the tokens of matrix notation)
    _ACCENTS,
    _ACCENT_KEY,
    _BOLD,
    _PRODUCTS,
    _ROW_FUNCTIONS,
    _SCALAR_FUNCTIONS,
    _TRANSPOSE,
    _UPRIGHT,
    _bars,
    _base_at,
    _flat,
    _function_name,
    _inner,
    _is_identity,
    _is_letter,
    _is_transpose,
    _letters,
    _name_at,
    _numberish,
    _solid)

__all__ = ["MatrixSide", "beside", "check_inverses_kept", "check_relations", "declared_name", "matrix_dimensions", "mentions", "read_side",
           "stated_shape", "to_scalar"]


@dataclass(frozen=True)
class MatrixSide:
    """A side read here: its value (a matrix expression or a scalar), already final."""

    value: sympy.Basic


@dataclass(frozen=True)
class _Identity:
    """``I`` (or ``\\mathbf{I}``) beside matrices: c times the identity, its size taken from them."""

    coeff: sympy.Basic = sympy.S.One

    def sized(self, shape, text=""):
        if shape[0] != shape[1]:
            raise ParseError(f"the identity I stands beside a {shape[0]} x {shape[1]} matrix, "
                             f"which is not square{_where(text)}")
        return sympy.MatMul(self.coeff, sympy.Identity(shape[0])) if self.coeff != 1 \
            else sympy.Identity(shape[0])


def _where(text):
    return f" in '{_clip(text)}'" if text else ""




def declared_name(latex: str) -> tuple[str, str]:
    """The key and the SymPy name of a name being declared a matrix (``\\mathbf{W}_q``)."""
    items = tuple(_solid(lex(latex)))
    if len(items) > 1 and all(isinstance(x, Tok) and len(x.text) == 1 and x.text.isascii()
                              and x.text.isalpha() for x in items):
        word = "".join(x.text for x in items)      # dV: the name of \mathbf{dV}, never d times V
        return word, word
    from symbolic.latex.matrix_tokens import word_with_subscript
    named = word_with_subscript(items)              # dO_{i}: the block i of \mathbf{dO}
    if named is not None:
        return named
    found = _name_at(items, 0) if items else None
    if found is None or found[2] != len(items):
        raise ParseError(f"'{latex.strip()}' is not a name that can be declared a matrix or a "
                         r"vector: write a letter with an optional subscript, such as W_q")
    key, base, _ = found
    if base in _TRANSPOSE or base in ("e", "i"):
        raise ParseError(f"{base} cannot be declared a matrix: it means a transpose, Euler's "
                         f"number or the imaginary unit; choose another name")
    sub = key[len(base) + 1:] if key != base else ""
    name = base if base.startswith(tuple(_ACCENTS)) else base.lstrip("\\")
    return key, name + ("_" + sub if sub else "")


def matrix_dimensions(exponent: str) -> list[str]:
    """The size texts of ``\\mathbb{R}^{N \\times d}``'s exponent: ``["N", "d"]``; ``["d"]``."""
    inner = exponent.strip()
    if inner.startswith("{") and inner.endswith("}"):
        inner = inner[1:-1]
    parts = [p.strip() for p in re.split(r"\\times", inner)]
    if not 1 <= len(parts) <= 2 or not all(parts):
        raise ParseError(f"the space R^{{{inner}}} must be R^{{d}} (a vector) or R^{{m \\times n}} "
                         f"(a matrix)")
    return parts


# -- finding declared names in a side ---------------------------------------------------------------


def read_side(side_items, known: Mapping[str, sympy.Basic], scalar: Callable) -> MatrixSide | None:
    """The side read as a matrix expression, or None when it names no declared matrix.

    ``known`` maps names to what the assumptions made of them (MatrixSymbols among them);
    ``scalar(items)`` reads a part without declared names with the scalar reader.
    """
    table = {key: m for key, m in known.items() if isinstance(m, sympy.MatrixSymbol)}
    if table:
        side_items = transpose_last(side_items, table)  # q^\top_m is q_m^\top (TeX's one formula)
    if table and "I" not in known and _is_identity(tuple(_solid(side_items))):
        return MatrixSide(_Identity())          # the other sides give its size (see beside)
    if not table or not _mentions(side_items, table):
        return None
    reader = _Reader(table, known, scalar)
    value = reader.expr(_layout(side_items), text_of(side_items).strip())
    return MatrixSide(_final(value))


def beside(raw, sides, convert):
    """A side of a chain in which some side names a matrix: shapes must agree.

    A matrix side is compared with the shapes of the other matrix sides; a plain side must be
    0 (the zero matrix of that shape) next to a matrix, or any number next to a 1 x 1 product.
    """
    shapes = {s.value.shape for s in sides if isinstance(s.value, MatrixExpr)}
    if isinstance(raw, MatrixSide) and isinstance(raw.value, _Identity):
        if not shapes:
            raise ParseError("the identity I needs a matrix beside it to give its size")
        return raw.value.sized(next(iter(shapes)))
    if len(shapes) > 1:
        shown = " and ".join(f"{a} x {b}" for a, b in sorted(shapes, key=str))
        raise ParseError(f"the sides of this claim are matrices of different shapes ({shown})")
    if isinstance(raw, MatrixSide):
        if shapes and not isinstance(raw.value, MatrixExpr):
            raise ParseError(f"a number is compared with a {' x '.join(map(str, next(iter(shapes))))} "
                             f"matrix")
        return raw.value
    value = convert(raw)
    if not shapes:
        return value
    shape = next(iter(shapes))
    if value == 0:
        return sympy.ZeroMatrix(*shape)
    if isinstance(value, sympy.Symbol) and value.name == "I":
        return _Identity().sized(shape)
    raise ParseError(f"{value} is compared with a {shape[0]} x {shape[1]} matrix: only 0 (the zero "
                     f"matrix) can stand for a matrix; declare the matrix meant")


def check_relations(values, rels) -> None:
    """Refuse a relation other than = between matrices: ``A \\le B`` (an order of matrices)
    and ``A \\ne B`` (true of some matrices, false of others) have no reading the checkers share."""
    for n, rel in enumerate(rels):
        if rel in ("=", r"\wedge") or n + 1 >= len(values):
            continue
        for side in (values[n], values[n + 1]):
            if isinstance(side, MatrixExpr):
                raise ParseError(f"'{rel}' between matrices cannot be read: only = is checked for "
                                 f"matrices (compare entries or 1 x 1 products for an order)")


_IGNORED = frozenset(["&", r"\nonumber", r"\notag"])


def _layout(items):
    """The items without alignment marks and labels; a gap or a line break between formulas refused."""
    out, k = [], 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Tok) and item.text in (r"\quad", r"\qquad", r"\\"):
            raise fail(text_of(items).strip(), item.col, f"{item.text} separates two formulas (or a "
                       f"formula and a condition); check each claim on its own")
        if isinstance(item, Tok) and item.text in (r"\label", r"\tag"):
            k += 2
            continue
        if not (isinstance(item, Tok) and (item.space or item.text in _IGNORED)):
            out.append(item)
        k += 1
    return tuple(out)


def _final(value):
    if isinstance(value, _Identity) and value.coeff != 1:
        raise ParseError("c I alone on a side: its size is unknown; write it beside a matrix")
    if isinstance(value, MatrixExpr) and value.shape == (1, 1):
        return to_scalar(value)
    return value


def to_scalar(value):
    """A 1 x 1 matrix expression as a scalar: its entry [0, 0] as sums over components.

    The entries of a matrix ``W`` are ``IndexedBase('W', real=True)[r, c]`` (0-based, the
    positions of ``MatrixSymbol`` entries), so the numeric tier draws them like any indexed value.
    """
    if not isinstance(value, MatrixExpr):
        return value
    if value.has(sympy.Inverse):
        # the entries of A^{-1} are no names the numeric tiers could draw apart from A's
        raise ParseError("an inverse A^{-1} inside a number (x^T A^{-1} y, \\|A^{-1} b\\|) cannot "
                         "be read: only equations between matrices may hold an inverse; name "
                         "the product as a declared vector")
    try:
        entry = value.doit()[0, 0] if not isinstance(value, sympy.MatrixSymbol) else value[0, 0]
    except NotImplementedError:
        # SymPy has no entries for some matrix functions (ReLU of a vector, ...)
        raise ParseError("a product of vectors or matrices that gives a number here holds a "
                         "function applied entrywise (\\max(0, x), ReLU), whose entries cannot be "
                         "written: write the sum over components") from None
    entry = sympy.sympify(entry)
    swap, n = {}, 0
    for dummy in sorted(entry.atoms(sympy.Dummy), key=str):
        n += 1
        swap[dummy] = sympy.Symbol(f"nu_dot{n}", integer=True, nonnegative=True)
    entry = entry.xreplace(swap)
    return entry.replace(lambda x: isinstance(x, MatrixElement),
                         lambda x: sympy.IndexedBase(x.parent.name, real=True)[x.i, x.j])


def assignable(value) -> bool:
    """Whether the left side of an assignment is a declared vector or matrix (``g_t \\leftarrow
    \\nabla f(\\theta)``) or the gradient of a declared dependent scalar in one
    (``\\nabla_{V_i}\\mathcal{L} \\gets S^\\top \\phi(K_i)``, loss_gradients.py): a name, as m_t is;
    other stand-ins (\\phi(Q), \\nabla f(x)) are values, not names."""
    return isinstance(value, loss_gradients.LossGradient) or (
        type(value) is sympy.MatrixSymbol and _plain_symbol(value))



def _plain_symbol(value) -> bool:
    """Whether a MatrixSymbol is a declared matrix, not a stand-in (a gradient, f(X))."""
    from symbolic.gradient_vectors import _marked as gradient
    from symbolic.matrix_function_values import _marked as matrix_function
    return not (gradient(value.name) or matrix_function(value.name))


def _shape(x) -> str:
    return f"{x.shape[0]} x {x.shape[1]}"


def _is_matrix(x) -> bool:
    return isinstance(x, MatrixExpr)


def _scalar_of(x, what: str, text: str):
    """x as a scalar: a 1 x 1 matrix becomes its entry; another matrix is refused."""
    if _is_matrix(x):
        if x.shape == (1, 1):
            return to_scalar(x)
        raise ParseError(f"{what} must be a number, but it is a {_shape(x)} matrix in '{_clip(text)}'")
    return x


def _clip(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


class _Reader:
    """A recursive reader of one side over the lexer's items (spaces removed)."""

    def __init__(self, table, known, scalar):
        self.to_scalar = to_scalar      # for vector_maps.py (which does not import this module)
        self.table = table
        self.known = known
        self.scalar = scalar

    # -- sums ----------------------------------------------------------------------------
    def expr(self, items, text):
        items = _bars(tuple(_solid(items)), text)
        if not items:
            raise ParseError(f"an empty part in '{_clip(text)}'")
        terms, sign, current = [], 1, []
        for k, item in enumerate(items):
            if isinstance(item, Tok) and item.text in ("+", "-"):
                if k and isinstance(items[k - 1], Tok) and items[k - 1].text in ("^", "_"):
                    raise fail(text, item.col, "a sign after ^ or _ needs braces: A^{-1}")
                if not current and k:
                    raise fail(text, item.col, "two signs in a row cannot be read")
                if current:
                    terms.append((sign, tuple(current)))
                sign, current = (1 if item.text == "+" else -1), []
                continue
            current.append(item)
        if not current:
            raise ParseError(f"a sign with nothing after it in '{_clip(text)}'")
        terms.append((sign, tuple(current)))
        value = None
        for sign, term in terms:
            part = self.term(term, text)
            if sign < 0:
                part = _Identity(-part.coeff) if isinstance(part, _Identity) else -part
            value = part if value is None else self._add(value, part, text)
        return value

    def _add(self, a, b, text):
        if isinstance(a, _Identity) and isinstance(b, _Identity):
            return _Identity(a.coeff + b.coeff)
        if isinstance(a, _Identity) and _is_matrix(b):
            a = a.sized(b.shape, text)
        elif isinstance(b, _Identity) and _is_matrix(a):
            b = b.sized(a.shape, text)
        elif isinstance(a, _Identity) or isinstance(b, _Identity):
            raise ParseError(f"the identity I added to a number{_where(text)}")
        if _is_matrix(a) and _is_matrix(b):
            if a.shape != b.shape:
                raise ParseError(f"a sum of a {_shape(a)} and a {_shape(b)} matrix (the shapes "
                                 f"differ) in '{_clip(text)}'")
            return sympy.MatAdd(a, b)
        if _is_matrix(a) or _is_matrix(b):
            m = a if _is_matrix(a) else b
            if m.shape == (1, 1):
                return to_scalar(a) + to_scalar(b)
            raise ParseError(f"a number added to a {_shape(m)} matrix in '{_clip(text)}': write "
                             f"the matrix it means (c \\mathbf{{1}}\\mathbf{{1}}^\\top, cI) as a "
                             f"declared matrix")
        return a + b

    # -- products -------------------------------------------------------------------------
    def term(self, items, text):
        if (summed := vector_maps.summed_term(self, items, text)) is not None:
            return summed               # A \sum_{j=1}^{N} B of vectors or matrices: vector_maps.py
        units = self._units(items, text)
        # units: list of (operator before it or "", items of the unit)
        values, ops = [], []
        run = []            # consecutive scalar units written side by side, read together
        for op, unit in units:
            plain = not _mentions(unit, self.table)
            if plain and "I" not in self.known and _is_identity(unit):
                if run:
                    values.append(("scalar", self._scalar_run(tuple(run), text)))
                    run = []
                ops.append(op)
                values.append(("unit", _Identity()))
                continue
            if plain and op == "" and run:
                run.extend(unit)
                continue
            if run:
                values.append(("scalar", self._scalar_run(tuple(run), text)))
                run = []
            if plain:
                ops.append(op)
                run = list(unit)
                continue
            ops.append(op)
            values.append(("unit", self.unit(unit, text)))
        if run:
            values.append(("scalar", self._scalar_run(tuple(run), text)))
        self._check_neighbours(units, text)
        odot = any(op in (r"\odot", r"\circ") for op in ops)
        value = values[0][1]
        if ops and ops[0]:
            raise fail(text, units[0][1][0].col if isinstance(units[0][1][0], Tok) else 0,
                       f"{ops[0]} with nothing before it")
        matmul = False
        for n, (op, (_, right)) in enumerate(zip(ops[1:], values[1:])):
            if op == "/" and n + 2 < len(values):
                raise ParseError(f"ambiguous division in '{_clip(text)}': write \\frac{{A}}{{b}} C "
                                 f"or A/(b C)")
            if op == "/":
                value = self._times(value, 1 / _scalar_of(right, "a divisor", text), text)
            elif op in (r"\odot", r"\circ"):
                value = self._hadamard(value, right, op, text)
            elif op in (r"\times", "*") and _is_matrix(value) and _is_matrix(right):
                raise ParseError(f"{op} between two matrices may be a product, a cross or a "
                                 f"Kronecker product in '{_clip(text)}': write the product "
                                 f"side by side (AB)")
            elif op == r"\cdot" and matrix_scalars.dotted_vectors(value, right, values):
                value = to_scalar(sympy.MatMul(sympy.Transpose(value), right))   # u \cdot v
            else:
                if _is_matrix(value) and _is_matrix(right) and value.shape != (1, 1) \
                        and right.shape != (1, 1):
                    matmul = True
                value = self._times(value, right, text)
        if odot and matmul:
            raise ParseError(f"\\odot and a matrix product in one term of '{_clip(text)}': put "
                             f"brackets around the product meant first")
        return value

    def _times(self, a, b, text):
        if isinstance(a, _Identity) or isinstance(b, _Identity):
            if isinstance(a, _Identity) and isinstance(b, _Identity):
                return _Identity(a.coeff * b.coeff)
            i, other = (a, b) if isinstance(a, _Identity) else (b, a)
            if not _is_matrix(other):
                return _Identity(i.coeff * other)
            n = other.shape[0] if i is b else other.shape[1]
            i = i.sized((n, n), text)
            return self._times(i, other, text) if i is a else self._times(other, i, text)
        if _is_matrix(a) and _is_matrix(b):
            if (a.shape == (1, 1) and b.shape != (1, 1) or b.shape == (1, 1) and a.shape != (1, 1)) \
                    and a.shape[1] != b.shape[0]:
                # (u^T v) w^T is the matrix product u^T (v w^T) whichever way it is read
                raise ParseError(f"a product of a {_shape(a)} and a {_shape(b)} matrix does not "
                                 f"conform in '{_clip(text)}' (a 1 x 1 product times a matrix "
                                 f"cannot be read: name the number)")
            if a.shape[1] != b.shape[0]:
                raise ParseError(f"the product of a {_shape(a)} and a {_shape(b)} matrix does not "
                                 f"conform ({a.shape[1]} columns, {b.shape[0]} rows) in "
                                 f"'{_clip(text)}'")
            return sympy.MatMul(a, b)
        if _is_matrix(a) or _is_matrix(b):
            m, c = (a, b) if _is_matrix(a) else (b, a)
            if m.shape == (1, 1):
                return to_scalar(m) * c
            return sympy.MatMul(c, m)
        return a * b

    def _hadamard(self, a, b, op, text):
        if isinstance(a, _Identity) or isinstance(b, _Identity):
            raise ParseError(f"{op} with the identity I cannot be read{_where(text)}")
        if not (_is_matrix(a) and _is_matrix(b)):
            raise ParseError(f"{op} needs a matrix or vector on both sides in '{_clip(text)}'; "
                             f"for numbers write \\cdot")
        if a.shape != b.shape:
            raise ParseError(f"{op} of a {_shape(a)} and a {_shape(b)} matrix: the shapes differ "
                             f"in '{_clip(text)}'")
        return sympy.HadamardProduct(a, b)

    def _check_neighbours(self, units, text):
        """Refuse a run of plain factors beside a matrix that may hide a matrix (see the module).

        A run of plain factors written side by side is one scalar factor; every letter in it must
        be a number when the run touches a matrix without an operator (``A x``, ``2 x A``), a
        named function in it (``\\mathrm{diag}(x)``) may be matrix-valued whatever joins it, a
        number right after a matrix (``A 1``) may be the vector of ones, and a letter before a
        bracket holding a matrix may be a function of it (``\\sigma(QK^\\top)``).
        """
        marks = [(op, unit, _mentions(unit, self.table)
                  or "I" not in self.known and _is_identity(unit)) for op, unit in units]
        n = 0
        while n < len(marks):
            if marks[n][2]:
                n += 1
                continue
            end = n + 1
            while end < len(marks) and not marks[end][2] and marks[end][0] == "":
                end += 1
            run = marks[n:end]
            left = n > 0 and marks[n - 1][2]
            right = end < len(marks) and marks[end][2]
            touches_left = left and run[0][0] == ""
            touches_right = right and marks[end][0] == ""
            if touches_right and (isinstance(marks[end][1][0], Group) and marks[end][1][0].kind == "paren"
                                  or matrix_literals.starts_with_literal(marks[end][1], self.table)) \
                    and not _numberish(run[-1][1]) \
                    and not (len(marks[end][1]) == 1 and matrix_scalars.product_before(
                        self, run[-1][1], marks[end][1][0], text)):     # \mu(L(x) - L^*): a number
                raise fail(text, marks[end][1][0].col, f"'{text_of(run[-1][1])}' before a bracket "
                           f"that holds a matrix may be a function of it (softmax, \\sigma) or a "
                           f"factor: write \\cdot for a product; functions of matrices cannot be read")
            if touches_left or touches_right:
                for _, unit, _ in run:
                    self._scalar_neighbour(unit, text)
            if left or right:
                for _, unit, _ in run:
                    head = unit[0]
                    if isinstance(head, Tok) and head.text in (r"\operatorname", r"\mathrm", r"\text"):
                        raise fail(text, head.col, f"{text_of(unit[:2])} beside a matrix may be a "
                                   f"matrix-valued function (diag, tr, ...) or a differential: it "
                                   f"cannot be read")
            if touches_left and _numberish(run[0][1]) and isinstance(run[0][1][0], Tok) \
                    and run[0][1][0].text[0].isdigit():
                raise fail(text, run[0][1][0].col, f"a number written after a matrix "
                           f"({text_of(run[0][1])}) may be a vector of ones: write the number "
                           f"first (2A), or \\cdot")
            n = end

    def _scalar_neighbour(self, unit, text):
        """A plain factor written next to a matrix must be a number, never a hidden matrix.

        Numbers, lower-case Greek letters (``\\alpha A``) and declared scalars (``N``, ``d``,
        ``c`` of ``c > 0``) are numbers; any other letter may be an undeclared matrix or vector.
        """
        if "I" not in self.known and _is_identity(unit):
            return
        for k, tok in _letters(unit):
            found = _name_at(tok[0], tok[1])
            key, base = (found[0], found[1]) if found else (tok[0][tok[1]].text,) * 2
            if base.startswith("\\") and base[1:] in GREEK and base[1].islower():
                continue
            if key in self.known or base in self.known:
                continue
            shown = text_of(tok[0][tok[1]:found[2]]) if found else base
            raise fail(text, tok[0][tok[1]].col, f"{shown} is written next to a matrix but is not "
                       f"declared: if it is a matrix or a vector, declare it "
                       f"(--assume '{shown} \\in \\mathbb{{R}}^{{m \\times n}}'); if it is a "
                       f"number, write {shown} \\cdot before the matrix")

    def _units(self, items, text):
        """A term split into (operator before, unit items); a unit is a factor with its scripts."""
        out, k, op = [], 0, ""
        while k < len(items):
            item = items[k]
            if isinstance(item, Tok) and item.text in _PRODUCTS:
                if op:
                    raise fail(text, item.col, f"{op} followed by {item.text}")
                op, k = item.text, k + 1
                continue
            end = vector_maps.unit_end(items, k) or matrix_functions.unit_end(items, k, self.table) \
                or gradients.unit_end(items, k) or loss_gradients.unit_end(items, k) \
                or matrix_scalars.expectation_end(items, k) \
                or self._unit_end(items, k, text)      # vector_maps.py, (loss_)gradients.py, ...
            if _function_name(items[k:end] + items[end:end + 1]) is not None:
                end = self._unit_end(items, k + 2, text)     # softmax(...) and its scripts: one unit
            out.append((op, items[k:end]))
            op, k = "", end
        if op:
            raise ParseError(f"{op} with nothing after it in '{_clip(text)}'")
        return out

    def _unit_end(self, items, k, text):
        item = items[k]
        if isinstance(item, Tok) and item.text in (r"\frac", r"\dfrac", r"\tfrac"):
            end = k + 3
        elif isinstance(item, Tok) and item.text == r"\sqrt":
            end = k + 2
            if end < len(items) + 1 and k + 1 < len(items) and isinstance(items[k + 1], Group) \
                    and items[k + 1].opener == "[":
                end = k + 3
        elif isinstance(item, Tok) and (item.text in _BOLD or item.text in _ACCENTS
                                        or item.text in (r"\operatorname", r"\mathrm", r"\text")):
            end = k + 2
        elif isinstance(item, Tok) and item.text in FUNCTIONS:
            end = k + 2 if k + 1 < len(items) and isinstance(items[k + 1], Group) else k + 1
        else:
            end = k + 1
        if end > len(items):
            raise fail(text, item.col if isinstance(item, Tok) else item.col,
                       f"{text_of((item,))} is missing its argument")
        while end + 1 < len(items) + 1 and end < len(items) and isinstance(items[end], Tok) \
                and items[end].text in ("^", "_", "'"):
            end += 1 if items[end].text == "'" else 2
        if end > len(items):
            raise ParseError(f"a script at the end of '{_clip(text)}' has no argument")
        return end

    def _scalar_run(self, run, text):
        for item in run:
            if isinstance(item, Tok) and item.text in (r"\sum", r"\prod", r"\max", r"\min"):
                raise fail(text, item.col, f"{item.text} next to a matrix cannot be read: "
                           f"sums and maxima over matrices are not supported")
        return self.scalar(_flat(run))

    # -- one factor -------------------------------------------------------------------------
    def unit(self, unit, text):
        """One factor that names a declared matrix, with its transpose or power."""
        if (value := vector_maps.read_unit(self, unit, text)) is not None:    # \phi(Q_i): vector_maps.py
            return self._scripts(value[0], unit[value[1]:], text)
        if (value := matrix_functions.read_unit(self, unit, text)) is not None:   # \phi(Q)
            return self._scripts(value[0], unit[value[1]:], text)
        if (grad := gradients.read_unit(self, unit, text)) is not None:     # \nabla f(x): gradients.py
            return self._scripts(grad[0], unit[grad[1]:], text)
        if (grad := loss_gradients.read_unit(self, unit, text)) is not None:    # \nabla_{V_i} L
            return self._scripts(grad[0], unit[grad[1]:], text)
        if (mean := matrix_scalars.read_expectation(self, unit, text)) is not None:   # E[X]
            return self._scripts(mean[0], unit[mean[1]:], text)
        head = unit[0]
        base_end = len(unit)
        found = _name_at(unit, 0)
        function = _function_name(unit)
        if function is not None:
            value = self._matrix_function(function, unit[2], text, head.col)
            base_end = 3
        elif found is not None and found[0] not in self.table and found[1] not in self.table:
            # a plain name whose scripts hold a matrix: e^{q^\top k}
            value = self.scalar(unit[:found[2]])
            base_end = found[2]
        elif found is not None:
            key, base, end = found
            if key not in self.table:
                raise fail(text, head.col, f"{base} is declared a matrix or vector; {text_of(unit[:end])} "
                           f"(an entry or another name) cannot be read: declare it as well")
            value = self.table[key]
            if matrix_literals.is_slot(value):          # a pmatrix/bmatrix: its entries
                value = matrix_literals.entries(value, lambda cell: self._entry(cell, text))
            base_end = end
        elif isinstance(head, Group) and head.kind == "norm":
            value = self._norm(head.items, text, head.col)
            base_end = 1
            if base_end < len(unit) and unit[base_end].text == "_":
                sub = text_of(_inner(unit[base_end + 1])).strip()
                if sub != "2":
                    raise fail(text, head.col, f"the norm \\|.\\|_{sub} cannot be read; only the "
                               f"Euclidean norm \\|x\\| or \\|x\\|_2")
                base_end += 2
        elif isinstance(head, Group):
            value = self._group(head, text)
            base_end = 1
        elif isinstance(head, Tok) and head.text in (r"\frac", r"\dfrac", r"\tfrac"):
            top = self.expr(_inner(unit[1]), text)
            bottom = _scalar_of(self.expr(_inner(unit[2]), text), "a denominator", text)
            value = self._times(top, 1 / bottom, text)
            base_end = 3
        elif isinstance(head, Tok) and head.text == r"\sqrt":
            if isinstance(unit[1], Group) and unit[1].opener == "[":
                raise fail(text, head.col, "a root of a matrix expression cannot be read")
            value = sympy.sqrt(_scalar_of(self.expr(_inner(unit[1]), text), "the argument of \\sqrt", text))
            base_end = 2
        elif isinstance(head, Tok) and head.text in _SCALAR_FUNCTIONS and len(unit) > 1 \
                and isinstance(unit[1], Group) and unit[1].kind == "paren":
            arg = _scalar_of(self.expr(unit[1].items, text), f"the argument of {head.text}", text)
            value = _SCALAR_FUNCTIONS[head.text](arg)
            base_end = 2
        else:
            raise fail(text, head.col if hasattr(head, "col") else 0,
                       f"'{_clip(text_of(unit))}' holds a matrix in a construct that cannot be read "
                       f"with matrices (functions, sums, powers of matrices)")
        return self._scripts(value, unit[base_end:], text)

    def _entry(self, cell, text):
        """One entry of a matrix literal, read by the scalar reader; a matrix in it is refused."""
        items = tuple(_solid(lex(cell)))
        if _mentions(items, self.table):
            raise ParseError(f"the entry '{_clip(cell)}' of a matrix literal in '{_clip(text)}' "
                             f"holds a matrix (a block matrix): write its entries")
        return self.scalar(items)

    def _matrix_function(self, name, group, text, col):
        from symbolic.functions import RowSoftmax
        from symbolic.row_functions import ROW_REDUCTIONS
        arg = self.expr(group.items, text)
        if not _is_matrix(arg) or arg.shape == (1, 1):
            raise fail(text, col, f"{name} of a number cannot be read with matrices")
        if arg.shape[1] == 1:
            raise fail(text, col, f"{name} of a {_shape(arg)} column vector: of a vector it acts "
                       f"on all its entries, of a matrix on each row; write the vector as a row "
                       f"(x^\\top) or its entries")
        return ROW_REDUCTIONS[name](arg) if name in ROW_REDUCTIONS else RowSoftmax(arg)

    def _group(self, group, text):
        if group.kind == "abs" and group.opener == r"\|":      # \left\| v \right\|
            return self._norm(group.items, text, group.col)
        if group.kind == "abs":
            inner = self.expr(group.items, text)
            if _is_matrix(inner) and inner.shape != (1, 1):
                raise fail(text, group.col, "|...| of a matrix may be a determinant or entry-wise: "
                           "write \\det or the entries")
            return sympy.Abs(_scalar_of(inner, "|...|", text))
        if group.kind == "angle":
            return to_scalar(vector_inner.declared_inner(self, group, text))   # vector_inner.py
        if group.kind == "paren" and group.opener not in ("(", r"\left(", "[", r"\left["):
            raise fail(text, group.col, f"{group.opener}...{group.opener} around a matrix cannot be read")
        return self.expr(group.items, text)

    def _norm(self, inner, text, col):
        v = self.expr(inner, text)
        if not _is_matrix(v):
            raise fail(text, col, "\\|...\\| of a number: write |x| for an absolute value")
        if v.shape[1] == 1:
            return sympy.sqrt(to_scalar(sympy.MatMul(sympy.Transpose(v), v)))
        if v.shape[0] == 1:
            return sympy.sqrt(to_scalar(sympy.MatMul(v, sympy.Transpose(v))))
        raise fail(text, col, f"the norm of a {_shape(v)} matrix may be the spectral or the "
                   f"Frobenius norm: it cannot be read")

    def _scripts(self, value, rest, text):
        k = 0
        while k < len(rest):
            tok = rest[k]
            if tok.text == "'":
                raise fail(text, tok.col, "a prime on a matrix cannot be read: name it")
            arg = rest[k + 1]
            if tok.text == "^" and k >= 2 and rest[k - 2].text == "^":
                raise fail(text, tok.col, "a double superscript (TeX refuses A^T^T): use braces "
                           "{A^T}^T")
            if tok.text == "_":
                raise fail(text, tok.col, "a subscript after a transpose or a bracket of matrices "
                           "cannot be read")
            if _is_transpose(arg):
                if not _is_matrix(value):
                    raise fail(text, tok.col, "a transpose of a number: write the number")
                if "T" in self.known and text_of(_inner(arg)).strip() == "T" \
                        and value.shape[0] == value.shape[1]:
                    # T is a declared number (a sequence length): A^T of a square A may be its
                    # T-th power, as state-space models write it
                    raise fail(text, tok.col, "A^T of a square matrix with T declared a number: "
                               "the transpose or the T-th power? write A^\\top for the transpose")
                value = sympy.Transpose(value)
            elif _is_matrix(value) and value.shape != (1, 1):
                power = text_of(_inner(arg)).strip()
                if power.isdigit() and 2 <= int(power) <= 9 and value.shape[0] == value.shape[1]:
                    value = sympy.MatMul(*[value] * int(power))     # A^2 of a square A is A A
                elif re.fullmatch(r"-\s*1", power) and isinstance(value, sympy.MatrixSymbol) \
                        and value.shape[0] == value.shape[1] and _plain_symbol(value):
                    # A^{-1} of a declared square A: the inverse, which writing it presupposes
                    # (the checkers skip an instance where A is singular: checks/matrices.py)
                    value = sympy.Inverse(value)
                else:
                    raise fail(text, tok.col, f"a power of a {_shape(value)} matrix (^{power}) "
                               f"cannot be read: only A^2 ... A^9 and the inverse A^{{-1}} of a "
                               f"declared square A")
            else:
                inner = tuple(_inner(arg))
                power = _scalar_of(self.expr(inner, text), "an exponent", text) \
                    if _mentions(inner, self.table) else self.scalar(inner)
                value = sympy.Pow(_scalar_of(value, "a base", text), power)
            k += 2
        return value


def stated_shape(raws, rels, reader):
    """The sides with the shape the claim states for an opaque value: ``Y = f(X)``
    (``symbolic.latex.matrix_functions``, "the one shape the reader takes from the text").

    ``raws`` are the chain's sides as read (``MatrixSide`` for a matrix side), ``rels`` the
    relations between them; ``reader`` the chain's reader (its matrix sides are updated, its
    notes told). Only a chain of two sides joined by = (or :=) whose left side is a declared
    matrix name Y (a plain ``MatrixSymbol``, no stand-in) and whose right side is exactly one
    value ``f(X)`` with an unknown column count and X's rows equal to Y's: the value is read with
    Y's columns (the count of f at X's shape, wherever it occurs in the right side). Anything
    else is returned unchanged, and the shape check refuses what does not agree."""
    from symbolic.latex.lexer import RELATIONS
    from symbolic.matrix_function_values import MatrixFunctionValue, is_column_count
    if len(raws) != 2 or len(rels) != 1 or RELATIONS.get(rels[0]) != "=":
        return raws
    name, value = (r.value if isinstance(r, MatrixSide) else None for r in raws)
    if type(name) is not sympy.MatrixSymbol or not isinstance(value, MatrixFunctionValue):
        return raws
    rows, cols = value.shape
    if not is_column_count(cols) or rows != name.shape[0] or cols == name.shape[1]:
        return raws
    read = MatrixSide(value.xreplace({cols: name.shape[1]}))
    reader.matrix_sides[:] = [read if side is raws[1] else side for side in reader.matrix_sides]
    shape = " x ".join(map(str, value.argument.shape))
    reader.context.notes.add(
        f"{name} = {value.function}(...) states the shape of the value: {value.function} at "
        f"{shape} arguments is read with {name.shape[1]} columns (as the claim states), an "
        f"opaque {name.shape[0]} x {name.shape[1]} matrix")
    return [raws[0], read]


_WRITTEN_INVERSE = re.compile(r"\^\s*(?:\{\s*-\s*1\s*\}|-\s*1(?![0-9]))")


def check_inverses_kept(text: str, facts, values) -> None:
    """Refuse a claim whose A^{-1} SymPy cancelled as it was read (``x - A^{-1} A x`` is built as
    ``x - x``) where an assumption relates a matrix by an equation (``A = u v^T``, of rank one):
    the checkers keep the inverse of a defined matrix opaque (it may be singular there, and
    A^{-1} A = I is not proved), which a reading that already used the inverse's law defeats.
    Counted over every ``^{-1}`` written (a scalar's too): refusing more is only safe."""
    related = any(isinstance(f, sympy.Eq) and any(s.shape[0] == s.shape[1]   # a square one
                                                  for s in f.atoms(sympy.MatrixSymbol))
                  for f in facts)
    written = len(_WRITTEN_INVERSE.findall(text)) if isinstance(text, str) else 0
    if not related or not written:
        return
    kept = sum(1 for v in values if isinstance(v, sympy.Basic)
               for node in sympy.preorder_traversal(v) if isinstance(node, sympy.Inverse))
    if kept < written:
        raise ParseError("an inverse A^{-1} beside its matrix cancelled as the claim was read "
                         "(A^{-1} A is I only where A is invertible), but an assumption relates "
                         "a matrix by an equation (A = u v^T may be singular): write the claim "
                         "without the cancelled product, or name the inverse as a declared matrix")
