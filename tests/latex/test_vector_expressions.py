"""Vectors in expressions: a name used as a vector is never also read as a number, and the
vector expressions the reader reads (under a norm, transposed, in an inner product) are read
for vectors of every dimension d."""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.latex.vectors import COMPONENT, DIMENSION


# -- a vector of a dot product is never a number elsewhere --------------------------------------
@pytest.mark.parametrize("latex, name", [
    # the attention output: a weighted sum of the vectors k_j (regression: read with k_j a
    # number beside the vector k_j, and "refuted" with k[1] = 1 beside k[1, 1] = 0)
    (r"o_i = \sum_j e^{q_i^\top k_j} k_j", "k_j"),
    # a true vector identity that was "proved" with k_j a number
    (r"\sum_{j=1}^{2} e^{q^\top k_j} k_j = e^{q^\top k_1} k_1 + e^{q^\top k_2} k_2", "k_j"),
    (r"q^\top k + q = k^\top q + q", "q"),
    (r"s = q_i^\top k_j \, q_i", "q_i"),
    (r"u^\top (v + w) = u", "u"),
    (r"u^\top (v + w) = v", "v"),
])
def test_vector_of_a_dot_product_is_not_a_number(latex, name):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    assert str(err.value).startswith(name + " is a vector"), str(err.value)


@pytest.mark.parametrize("latex", [
    # a component of q_i needs two indices; q_j alone is the row j, a vector
    r"q_i^\top k_j = q_j",
    # components summed over a range other than 1..d are not components of a d-vector
    r"q^\top k = \sum_{i=1}^{n} q_i k_i",
    # a component with a free index (which component?)
    r"q^\top k = q_c k_c",
    # the same name a vector with and without a row index
    r"q^\top k_j = q_i^\top k_j",
])
def test_other_uses_of_a_vector_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_components_beside_the_dot_product_run_over_one_to_d():
    """q^T k = sum_i q_i k_i: i runs over the d components (it was read 1..N_i and refuted
    at N_i = 2, d = 1 with a "component" q[2] of a vector of dimension 1)."""
    link = parse_chain(r"q^\top k = \sum_i q_i k_i").links[0]
    (index, lo, hi), = link.claim.rhs.limits
    assert (lo, hi) == (1, DIMENSION)
    q = sympy.IndexedBase("q", real=True)
    assert q[COMPONENT] in link.claim.lhs.atoms(sympy.Indexed)
    assert q[index] in link.claim.rhs.atoms(sympy.Indexed)


@pytest.mark.parametrize("latex", [
    r"q^\top k = \sum_{i=1}^{d} q_i k_i",
    r"q_i^\top k_j = \sum_{c=1}^{d} q_{i,c} k_{j,c}",
    # a scalar weight of other vectors (v_j is not in a dot product: linear, read per component)
    r"o_i = \sum_j e^{q_i^\top k_j} v_j",
    r"s_{ij} = q_i^\top k_j",
])
def test_consistent_uses_still_read(latex):
    assert parse_chain(latex).links


def test_a_vector_as_a_whole_function_argument_is_not_a_number():
    """M(q_i, K) (Informer's sparsity measure) takes the vector q_i as it is: allowed beside
    q_i^T k_j; q_i written also as a term of a sum is not."""
    assert parse_chain(r"M(q_i, K) \le \max_j q_i^\top k_j").links
    with pytest.raises(ParseError):
        parse_chain(r"M(q_i, K) + q_i \le \max_j q_i^\top k_j")


# -- a bold optimum declared in R^d is one more bold vector --------------------------------------
STAR = r"\boldsymbol{\theta}^* \in \mathbb{R}^d"


def test_declared_bold_optimum_is_a_vector_of_its_own_under_a_norm():
    link = parse_chain(r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 \ge 0",
                       assumptions=[STAR]).links[0]
    labels = {str(e.base.label): e.indices for e in link.claim.lhs.atoms(sympy.Indexed)}
    assert labels == {r"\boldsymbol{\theta}": (sympy.Symbol("t", integer=True), COMPONENT),
                      r"\boldsymbol{\theta}^{*}": (COMPONENT,)}
    assert r"\boldsymbol{\theta}^{*}" in link.latex and "varsigma" not in link.latex
    (_, lo, hi), = next(iter(link.claim.lhs.atoms(sympy.Sum))).limits
    assert (lo, hi) == (1, DIMENSION)


def test_declared_bold_optimum_as_a_function_argument():
    """L(theta^*) beside ||theta_t - theta^*||: the optimum is an opaque argument of L."""
    link = parse_chain(r"L(\boldsymbol{\theta}^*) \le \|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2",
                       assumptions=[STAR], functions=["L"]).links[0]
    (arg,) = link.claim.lhs.args
    assert arg == sympy.Symbol(r"\boldsymbol{\theta}^{*}", real=True)


@pytest.mark.parametrize("space", [r"\mathbb{R}^n", r"\mathbb{R}^{d \times d}"])
def test_optimum_of_another_space_is_not_read_as_a_d_vector(space):
    """Declared in R^n (or as a matrix), theta^* is not a vector of the norms' d: refused."""
    with pytest.raises(ParseError):
        parse_chain(r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 \ge 0",
                    assumptions=[r"\boldsymbol{\theta}^* \in " + space])


def test_a_spare_letter_written_in_the_claim_is_not_reused():
    """The stand-in letter is one the claim does not write (varsigma here is taken)."""
    link = parse_chain(r"\|\boldsymbol{\varsigma} - \boldsymbol{\theta}^*\| \ge 0",
                       assumptions=[STAR]).links[0]
    labels = {str(e.base.label) for e in link.claim.lhs.atoms(sympy.Indexed)}
    assert labels == {r"\boldsymbol{\varsigma}", r"\boldsymbol{\theta}^{*}"}


# -- (1 - x)^T: the power T of a number ----------------------------------------------------------
def test_number_bracket_to_the_t_is_a_power():
    T, x = sympy.symbols("T x", real=True)
    claim = parse_chain(r"(1 - x)^T = y").links[0].claim
    assert claim.lhs == (1 - x) ** T


@pytest.mark.parametrize("latex", [
    r"(a - b)^T c^2 = 1",        # no number term: vectors; a power after the product
    r"(1 - x)^\top = 1",         # \top is a transpose, never a power
    r"(1 - x)^T q^T k = 1",      # T a power and a transpose in one chain
])
def test_other_transposed_brackets_stay_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- ||x||_2: the Euclidean norm ------------------------------------------------------------------
def test_norm_with_subscript_two_is_the_euclidean_norm():
    plain = parse_chain(r"\|\theta_n - \theta_m\| = 1").links[0].claim.lhs
    assert parse_chain(r"\|\theta_n - \theta_m\|_2 = 1").links[0].claim.lhs == plain
    assert parse_chain(r"\|x\|_{2}^2 = 1").links[0].claim.lhs == parse_chain(r"\|x\|^2 = 1").links[0].claim.lhs


@pytest.mark.parametrize("latex", [r"\|x\|_1 = 1", r"\|x\|_\infty = 1", r"\|x - y\|_F = 1", r"\|x\|_p = 1"])
def test_other_norms_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- an upright indexed name in a vector construct is a vector -----------------------------------
def test_upright_indexed_name_is_a_vector_in_a_transpose():
    """FlashAttention's D_i = do_i^T o_i: \\mathrm{do}_i is the row i of the family \\mathrm{do}."""
    rhs = parse_chain(r"D_{i}=\mathrm{do}_{i}^{\top}o_{i}").links[0].claim.rhs
    labels = {str(e.base.label): e.indices[-1] for e in rhs.atoms(sympy.Indexed)}
    assert labels == {r"\mathrm{do}": COMPONENT, "o": COMPONENT}


@pytest.mark.parametrize("latex", [
    r"D_i = \mathrm{do}_i^\top o_i + \mathrm{do}_i",     # the vector where a number stands
    r"\mathrm{exp}_i^\top x = 1",                         # a function's name is no vector
    r"\mathrm{diag}_i^\top x = 1",
])
def test_upright_names_that_cannot_be_vectors_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- (a - b)^T c by linearity ---------------------------------------------------------------------
def test_transposed_difference_is_the_difference_of_dot_products():
    from symbolic.latex.vectors import dot, vector_component
    got = parse_chain(r"(a - b)^\top c = 1").links[0].claim.lhs
    a, b, c = (vector_component(n) for n in "abc")
    assert sympy.expand(got - (dot(a, c) - dot(b, c))) == 0
