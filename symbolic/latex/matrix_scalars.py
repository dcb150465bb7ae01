"""Numbers made of vectors in a matrix side: ``\\mathbb{E}[\\|g_t - \\nabla L(\\theta_t)\\|^2]`` and
``\\mu (L(\\theta) - L^*)``.

Optimisation notes write the expectation of a squared norm of declared vectors, and a number
times a bracket whose terms are values of a declared function at a declared vector. The matrix
reader (``matrices.py``) reads the whole side; two constructs are read here:

* ``\\mathbb{E}[X]`` (or ``\\mathbb{E}(X)``) whose bracket names a declared vector: X is read by
  the matrix reader and must be a number (a 1 x 1 product, a norm, a function's value); its
  expectation is the scalar reader's ``Expect(X)``. A vector or matrix inside (``\\mathbb{E}[g_t]``,
  the mean vector) is refused, as a subscript or a power on the E is (as the scalar reader does).
* a plain factor written before a bracket that names a declared vector (``\\mu(L(\\theta) -
  L^*)``, ``2\\eta_t (\\theta_t - \\theta^*)``): the matrix reader refuses it, since
  ``\\sigma(QK^\\top)`` may be a function of a matrix. When the bracket is a sum read as a number
  or a vector (never a matrix), the factor is read as the scalar reader reads the same
  factor before a bracket holding a number (``\\mu(2 + 3)`` is the product 5\\mu, ``\\sigma(2 + 3)`` the
  sigmoid, ``\\phi(2 + 3)`` refused): a product only where the scalar reader reads a product.
* ``u \\cdot v`` of two column vectors of one shape (``(\\theta_t - \\theta^*) \\cdot
  \\boldsymbol{g}(x_t, \\theta_t)``): their inner product u^T v, as the scalar reader reads the
  dot between two bold vectors. Only when the term holds exactly these two vectors (numbers
  beside them scale the product); a third vector or a matrix in the term leaves the product to
  the matrix reader, which refuses it (``u \\cdot v w``: which two are dotted?).
"""
from __future__ import annotations

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok, fail, lex, text_of


def _is(item, text) -> bool:
    return isinstance(item, Tok) and item.text == text


def _solid(items):
    return tuple(x for x in items if not (isinstance(x, Tok) and x.space))


def expectation_end(items, k):
    """The end of ``\\mathbb{E}[X]`` at k (spaces removed), or None."""
    if not (_is(items[k], r"\mathbb") and k + 2 < len(items)):
        return None
    name = items[k + 1]
    letters = _solid(name.items) if isinstance(name, Group) and name.kind == "brace" else (name,)
    if len(letters) != 1 or not _is(letters[0], "E"):
        return None
    bracket = items[k + 2]
    if not (isinstance(bracket, Group) and bracket.kind == "paren"
            and bracket.opener in ("(", "[", r"\left(", r"\left[")):
        return None
    return k + 3


def read_expectation(reader, unit, text):
    """(Expect(X), end) for a unit ``\\mathbb{E}[X]`` whose X is a number, else None."""
    end = expectation_end(unit, 0)
    if end is None:
        return None
    from symbolic.probability import Expect
    bracket = unit[2]
    if any(_is(x, ",") for x in bracket.items):
        raise fail(text, unit[0].col, "E of a list cannot be read; covariances are not supported")
    value = reader.expr(bracket.items, text)
    if getattr(value, "is_Matrix", False):
        if value.shape != (1, 1):
            raise fail(text, unit[0].col, f"the expectation of a {value.shape[0]} x "
                       f"{value.shape[1]} vector or matrix (a mean vector) cannot be read: only "
                       f"that of a number, such as E[\\|x\\|^2]")
        value = reader.to_scalar(value)
    return Expect(value), end


def product_before(reader, factor, group, text) -> bool:
    """Whether the plain factor ``factor`` before the bracket ``group`` (which names a declared
    vector) is a product: the bracket reads as a number and the scalar reader reads the same
    factor before a bracket holding a number as a product."""
    if not (isinstance(group, Group) and group.kind == "paren" and group.opener in ("(", r"\left(")):
        return False
    from symbolic.latex.lexer import split_at
    if len([t for t in split_at(_solid(group.items), ("+", "-")) if t]) < 2:
        return False        # \mu(y): the scalar reader refuses a letter before one term too
    try:
        value = reader.expr(group.items, text)
    except ParseError:
        return False
    if getattr(value, "is_Matrix", False) and 1 not in value.shape:
        return False        # \sigma(QK^\top): a function of a matrix is the matrix reader's worry
    try:
        alone = reader.scalar(_solid(lex(text_of(factor))))
        tried = reader.scalar(_solid(lex(text_of(factor) + "(2 + 3)")))
    except ParseError:
        return False
    with sympy.evaluate(True):
        return sympy.expand(tried - 5 * alone) == 0 and alone != 0


def dotted_vectors(left, right, values) -> bool:
    """Whether ``left \\cdot right`` in a term whose read factors are ``values`` (pairs of kind and
    value) is the inner product of two column vectors of one shape, the term's only vectors."""
    def column(x):
        # a written column (pmatrix) keeps the matrix product's refusal (matrix_literals.py)
        return getattr(x, "is_Matrix", False) and x.shape[1] == 1 and x.shape[0] != 1 \
            and not any(isinstance(n, sympy.MatrixBase) for n in sympy.preorder_traversal(x))
    if not (column(left) and column(right) and left.shape == right.shape):
        return False
    shaped = [v for _, v in values if getattr(v, "is_Matrix", False) and v.shape != (1, 1)]
    return len(shaped) == 2
