"""Norms, inner products and transposes of expressions of vectors: what is read (as sums over
the d components, by linearity) and the claims built to be misread by those rules (a vector
taken for a number, a matrix for a vector, two dimensions for one), which must be refused or
read as the real claim about vectors."""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.latex.vectors import dot, vector_component

_RN = [r"x \in \mathbb{R}^n", r"y \in \mathbb{R}^n"]


def _lhs(latex, assumptions=()):
    return parse_chain(latex, assumptions=list(assumptions)).links[0].claim.lhs


def _vec(name, row=None):
    return vector_component(name, sympy.Symbol(row, integer=True) if row else None)


# -- <a - b, c> by linearity ------------------------------------------------------------------------
def test_inner_product_of_a_difference_is_the_difference_of_dot_products():
    a, b, c = (_vec(n) for n in "abc")
    got = _lhs(r"\langle a - b, c \rangle = 1")
    assert sympy.expand(got - (dot(a, c) - dot(b, c))) == 0


def test_inner_product_of_two_sums_expands_every_pair():
    a, b = _vec("a"), _vec("b")
    got = _lhs(r"\langle a - b, a + b \rangle = 1")
    want = dot(a, a) + dot(a, b) - dot(b, a) - dot(b, b)
    assert sympy.expand(got - want) == 0
    # not the product of numbers (a - b)(a + b), nor the d = 1 case only
    assert not got.has(sympy.Symbol("a"))


def test_inner_product_keeps_row_indices_and_signs():
    ai, aj, c = _vec("a", "i"), _vec("a", "j"), _vec("c")
    got = _lhs(r"\langle a_i - a_j, c \rangle = 1")
    assert sympy.expand(got - (dot(ai, c) - dot(aj, c))) == 0
    assert sympy.expand(_lhs(r"\langle -a, b \rangle = 1") + dot(_vec("a"), _vec("b"))) == 0


def test_bold_vectors_in_an_inner_product_of_a_difference():
    got = _lhs(r"\langle \mathbf{u} - \mathbf{v}, \mathbf{w} \rangle = 0")
    assert isinstance(got, sympy.Add) and len(got.args) == 2
    assert all(isinstance(t, sympy.Sum) or isinstance(-t, sympy.Sum) for t in got.args)


@pytest.mark.parametrize("latex", [
    # a factor beside a term: eta g may be a number times a vector or a product of vectors
    r"\langle x - \eta g, y \rangle = 1",
    # a number added to a vector
    r"\langle a - 1, b \rangle = 1",
    # a power of a vector is no vector
    r"\langle a^2 - b, c \rangle = 1",
    # three sides
    r"\langle a, b, c \rangle = 1",
    # capitals: matrices, whose inner product may be the Frobenius product or another
    r"\langle A - B, C \rangle = 1",
    # the vectors a, b of the inner product are numbers on the right: a vector taken for a number
    r"\langle a + b, c \rangle = a + b",
    # both conventions in one chain: b c^T of two vectors is an outer product (a matrix)
    r"\langle a - b, c \rangle = a^\top c - b c^\top",
])
def test_inner_products_that_are_not_of_vectors_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- <u, v> of declared vectors -----------------------------------------------------------------
def test_inner_product_of_declared_vectors_is_u_transpose_v():
    link = parse_chain(r"\langle x - y, x \rangle = x^\top x - y^\top x", assumptions=_RN).links[0]
    # both sides are the same sum over the n components (evaluated at a point to compare)
    values = {sympy.Symbol("n", integer=True, positive=True): 3}
    left, right = (sympy.expand(s.subs(values).doit()) for s in (link.claim.lhs, link.claim.rhs))
    assert sympy.expand(left - right) == 0
    assert left.has(sympy.IndexedBase("x", real=True)[1, 0] ** 2)


def test_inner_product_moves_a_declared_matrix_to_its_transpose():
    link = parse_chain(r"\langle A x, y \rangle = \langle x, A^\top y \rangle",
                       assumptions=_RN + [r"A \in \mathbb{R}^{n \times n}"]).links[0]
    n = sympy.Symbol("n", integer=True, positive=True)
    assert sympy.expand((link.claim.lhs - link.claim.rhs).subs(n, 2).doit()) == 0


@pytest.mark.parametrize("latex, extra", [
    # vectors of two dimensions
    (r"\langle x, z \rangle = 0", r"z \in \mathbb{R}^m"),
    # a matrix: Frobenius or another inner product
    (r"\langle A, A \rangle = 1", r"A \in \mathbb{R}^{n \times n}"),
    # a number beside a vector
    (r"\langle x, 2 \rangle = 1", r"A \in \mathbb{R}^{n \times n}"),
    # a row vector beside a column vector
    (r"\langle x^\top, y \rangle = 1", r"A \in \mathbb{R}^{n \times n}"),
])
def test_inner_products_of_other_declared_objects_are_refused(latex, extra):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=_RN + [extra])


# -- norms built to be misread ----------------------------------------------------------------------
def test_norm_squared_of_a_sum_is_the_sum_over_components_of_the_squares():
    """\\|x + y\\|^2 = \\|x\\|^2 + \\|y\\|^2 reads as the (false) claim about vectors, with the
    cross term inside the sum over components, not as a claim about the numbers x, y."""
    from symbolic.latex.vectors import COMPONENT, DIMENSION
    link = parse_chain(r"\|x + y\|^2 = \|x\|^2 + \|y\|^2").links[0]
    x, y = _vec("x"), _vec("y")
    # at d = 2 the difference is the cross term 2 (x_1 y_1 + x_2 y_2), which is not zero
    gap = sympy.expand((link.claim.lhs - link.claim.rhs).subs(DIMENSION, 2).doit())
    want = 2 * sum(x.subs(COMPONENT, c) * y.subs(COMPONENT, c) for c in (1, 2))
    assert sympy.expand(gap - want) == 0


@pytest.mark.parametrize("latex, assumptions", [
    # \|x^2\|: a power of a vector is no vector (and not \|x\|^2)
    (r"\|x^2\| = \|x\|^2", ()),
    (r"\|x^2\| = 1", _RN),
    # the vector x read as a number on the right
    (r"\|x\|^2 = x^2", ()),
    (r"\|x\|^2 = x^2", _RN),
    (r"\|x\| = |x|", ()),
    # a product of two vectors under a norm
    (r"\|x y\| = \|x\| \|y\|", ()),
    # a number added to a vector under a norm
    (r"\|x - 1\| = 1", ()),
    # the norm of a square matrix: spectral or Frobenius?
    (r"\|A\| = 1", [r"A \in \mathbb{R}^{n \times n}"]),
    # vectors of two dimensions
    (r"\|x - z\| = 1", _RN + [r"z \in \mathbb{R}^m"]),
    # another norm than the Euclidean one
    (r"\|x - y\|_1 = 1", ()),
])
def test_norms_that_are_not_euclidean_norms_of_vectors_are_refused(latex, assumptions):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=list(assumptions))


def test_transpose_of_a_matrix_times_a_vector_reads_with_declarations():
    link = parse_chain(r"\|A x\|^2 = x^\top A^\top A x",
                       assumptions=_RN + [r"A \in \mathbb{R}^{n \times n}"]).links[0]
    n = sympy.Symbol("n", integer=True, positive=True)
    assert sympy.expand((link.claim.lhs - link.claim.rhs).subs(n, 2).doit()) == 0


@pytest.mark.parametrize("latex", [
    # a capital beside a vector is a matrix in the papers (regression: read as the number A
    # times x^T x, a claim about a scalar A)
    r"(A x)^\top x = 1",
    r"(\Lambda x)^\top y = 1",
    r"(\mathrm{W} x)^\top y = 1",
    r"(\mathbf{W}_q \mathbf{x})^\top \mathbf{y} = 1",
    # x^T A x without declarations: A between the vectors
    r"x^\top A x = 1",
    # a transposed bracket holding a number term: not a vector
    r"(x + 1)^\top y = 2",
    # a transposed difference with nothing to multiply
    r"(x - y)^\top = z",
    # x is a vector in (x y)^T... and a number times y: refused as a vector used as a number
    r"(x y)^\top z = x^\top (y z)",
])
def test_transposes_of_products_and_brackets_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_lowercase_or_number_scale_in_a_transposed_bracket_still_reads():
    x, y = _vec("x"), _vec("y")
    assert sympy.expand(_lhs(r"(2 x)^\top y = 1") - 2 * dot(x, y)) == 0
    got = _lhs(r"(\lambda x)^\top y = 1")
    lam = next(s for s in got.free_symbols if s.name == "lambda")
    assert sympy.expand(got - lam * dot(x, y)) == 0


# -- verdicts: the real claims about vectors -------------------------------------------------------
def test_verdicts_on_inner_products_of_differences():
    from symbolic.api import check
    from symbolic.model import Verdict
    # true for vectors of every dimension
    assert check(r"\langle a - b, a + b \rangle = \|a\|^2 - \|b\|^2").verdict is Verdict.PROVED
    # false: the cross terms 2 a^T b are missing (a = b refutes it)
    outcome = check(r"\langle a + b, a + b \rangle = \|a\|^2 + \|b\|^2")
    assert outcome.verdict is Verdict.REFUTED


def test_a_scale_leaves_the_norm_only_as_its_absolute_value():
    """\\|\\eta g\\| = \\eta \\|g\\| is read as the real claim, false for eta < 0: at d = 1, g = (1),
    eta = -1 the sides are 1 and -1 (never the claim about numbers eta g = eta g)."""
    from symbolic.latex.vectors import COMPONENT, DIMENSION
    link = parse_chain(r"\|\eta \mathbf{g}\| = \eta \|\mathbf{g}\|").links[0]
    point = {DIMENSION: 1}
    sides = [s.subs(point).doit() for s in (link.claim.lhs, link.claim.rhs)]
    names = {str(a.base.label): a for s in sides for a in s.atoms(sympy.Indexed)}
    eta = next(s for s in link.claim.rhs.free_symbols if s.name == "eta")
    values = {**{a: 1 for a in names.values()}, eta: -1}
    assert [sympy.simplify(s.subs(values)) for s in sides] == [1, -1]


def test_norm_of_a_negated_vector_is_its_norm():
    x = _vec("x")
    link = parse_chain(r"\|-x\| = -\|x\|").links[0]
    assert sympy.simplify(link.claim.lhs - sympy.sqrt(dot(x, x))) == 0
    # the right side stays the negative number -\|x\| (the claim is false for x != 0)
    assert sympy.simplify(link.claim.rhs + sympy.sqrt(dot(x, x))) == 0
    with pytest.raises(ParseError):
        parse_chain(r"\|-x^2\| = 1")       # a power of a vector under the sign
