"""Declarations as papers write them: sizes that are products (R^{N x h d_v}), labelled names (W^V).

Adversarial on purpose: a product size must keep every product of matrices in its order and its
shapes checked (AB = BA, (AB)^T = A^T B^T, a vector on the wrong side, sizes that do not conform),
a size that need not be a positive whole number is refused, and a superscript is a label only
where a power could not lie in the declared space (never T or H, never in a claim).
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_assumptions, parse_chain
from symbolic.latex.statements import parse_statement

N, d, h, d_v = (sympy.Symbol(x, integer=True, positive=True) for x in ("N", "d", "h", "d_v"))
HEADS = [r"A, B \in \mathbb{R}^{h d_v \times h d_v}"]
PROJ = [r"Q \in \mathbb{R}^{N \times hd}", r"W \in \mathbb{R}^{hd \times d}",
        r"x \in \mathbb{R}^{hd}"]


def read(latex, assume=()):
    (link,) = parse_chain(latex, assumptions=list(assume)).links
    return link.claim.lhs, link.claim.rhs


def refused(latex, assume=(), *words):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume))
    for word in words:
        assert word in str(info.value), str(info.value)


# -- sizes ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("space, shape", [
    (r"\mathbb{R}^{N \times hd}", (N, h * d)),
    (r"\mathbb{R}^{N \times h d}", (N, h * d)),
    (r"\mathbb{R}^{h d_{v} \times 2d}", (h * d_v, 2 * d)),
    (r"\mathbb{R}^{N \cdot d}", (N * d, 1)),
    (r"\mathbb{R}^{2d}", (2 * d, 1)),
])
def test_a_product_of_counts_is_a_size(space, shape):
    given = parse_assumptions([rf"M \in {space}"])
    assert given.symbols["M"] == sympy.MatrixSymbol("M", *shape)


@pytest.mark.parametrize("size", [r"d/2", r"\frac{d}{2}", r"d-1", r"d^2", r"0", r"-d",
                                  r"2 \cdot 3", r"\sqrt{d}"])
def test_a_size_that_need_not_be_a_positive_whole_number_is_refused(size):
    with pytest.raises(ParseError, match="must be a positive whole number"):
        parse_assumptions([rf"M \in \mathbb{{R}}^{{N \times {size}}}"])


def test_an_upright_subscript_names_the_claims_size():
    # d_{\mathrm{model}} in the declaration and in the claim is one size, a positive integer
    lhs, rhs = read(r"x^\top x = d_{\mathrm{model}}", [r"x \in \mathbb{R}^{d_{\mathrm{model}}}"])
    (size,) = rhs.free_symbols
    assert size.is_integer and size.is_positive
    assert size in lhs.free_symbols


# -- products of matrices with product sizes: the order is kept, the shapes checked --------------
def test_ab_and_ba_stay_two_products():
    lhs, rhs = read("AB = BA", HEADS)
    A, B = (sympy.MatrixSymbol(x, h * d_v, h * d_v) for x in "AB")
    assert lhs == sympy.MatMul(A, B) and rhs == sympy.MatMul(B, A) and lhs != rhs


def test_the_transpose_of_a_product_is_not_reordered():
    lhs, rhs = read(r"(AB)^\top = A^\top B^\top", HEADS)
    A, B = (sympy.MatrixSymbol(x, h * d_v, h * d_v) for x in "AB")
    assert lhs == sympy.Transpose(sympy.MatMul(A, B))
    assert rhs == sympy.MatMul(sympy.Transpose(A), sympy.Transpose(B))


@pytest.mark.parametrize("claim", [
    r"(QW)^\top = Q^\top W^\top",     # d x hd times hd x N: N and d
    r"W x = x",                        # a vector on the wrong side of W
    r"x^\top W = W^\top x",            # a row equated with a column
    r"Q W x = Q x",                    # (Q W) x: Q W has d columns, x has h d rows
])
def test_products_that_do_not_conform_are_refused(claim):
    with pytest.raises(ParseError):
        parse_chain(claim, assumptions=PROJ)


def test_sizes_that_differ_by_a_factor_do_not_conform():
    refused(r"QK^\top = QK^\top", [r"Q \in \mathbb{R}^{N \times 2d}", r"K \in \mathbb{R}^{N \times d}"],
            "does not conform")


def test_a_product_size_conforms_with_itself_in_any_order():
    lhs, _ = read(r"Q W = Q W", [r"Q \in \mathbb{R}^{N \times hd}", r"W \in \mathbb{R}^{d h \times d}"])
    assert lhs.shape == (N, d)


@pytest.mark.parametrize("size", ["dh", "model"])
def test_letters_a_claim_would_refuse_are_refused_as_a_size(size):
    # dh may be a differential, model a word: a size is read as a claim reads it
    with pytest.raises(ParseError, match="must be a positive whole number"):
        parse_assumptions([rf"M \in \mathbb{{R}}^{{N \times {size}}}"])


def test_a_size_named_i_is_a_count_not_the_imaginary_unit():
    given = parse_assumptions([r"K \in \mathbb{R}^{i \times d}"])
    assert given.symbols["K"].shape == (sympy.Symbol("i", integer=True, positive=True), d)


# -- labelled names in membership statements ------------------------------------------------------
@pytest.mark.parametrize("statement, name, shape", [
    (r"W^V\in\mathbb{R}^{d_x\times d_z}", "W^{V}", (sympy.Symbol("d_x", integer=True, positive=True),
                                                     sympy.Symbol("d_z", integer=True, positive=True))),
    (r"W^{O}\in\mathbb{R}^{h d_{v}\times d}", "W^{O}", (h * d_v, d)),
    (r"\mathbf{A}^{\mathrm{abs}} \in \mathbb{R}^{N \times N}", "A^{abs}", (N, N)),
])
def test_a_superscript_on_a_declared_matrix_is_its_label(statement, name, shape):
    ((subject, space),) = parse_statement(statement).pairs()
    assert subject == sympy.MatrixSymbol(name, *shape)


@pytest.mark.parametrize("statement", [
    r"W^T \in \mathbb{R}^{d \times N}",          # the transpose
    r"W^{\top} \in \mathbb{R}^{d \times N}",
    r"W^H \in \mathbb{R}^{d \times N}",          # the conjugate transpose
    r"W^{\mathrm{T}} \in \mathbb{R}^{d \times N}",  # an upright T is a transpose too
    r"W^V_i \in \mathbb{R}^{d \times N}",        # a subscript after the superscript
    r"W^2 \in \mathbb{R}^{d \times d}",          # a square
    r"W^{-1} \in \mathbb{R}^{d \times d}",       # an inverse
    r"x^{l} \in \mathbb{R}^{d}",                 # a lowercase letter: an index as often as a label
    r"W^V \in \mathbb{R}",                       # not a space of matrices: W^V may be a power
])
def test_other_superscripts_in_a_statement_are_refused(statement):
    with pytest.raises(ParseError):
        parse_statement(statement)


def test_a_labelled_name_cannot_be_declared_for_a_claim():
    # a claim would read W^V as W to the power V: declaring W^V a matrix must not make W^V x a
    # product of a "declared" matrix and x
    with pytest.raises(ParseError):
        parse_assumptions([r"W^V \in \mathbb{R}^{d \times d}"])


# -- end to end: a false identity with product sizes is refuted, a true one proved ----------------
def _verdict(capsys, claim, assume):
    argv = ["check", claim, "--json", "--timeout", "30"]
    for a in assume:
        argv += ["--assume", a]
    main(argv)
    return json.loads(capsys.readouterr().out)["links"][0]


def test_ab_equals_ba_with_product_sizes_is_refuted_with_a_counterexample(capsys):
    link = _verdict(capsys, "AB = BA", HEADS)
    assert link["verdict"] == "refuted" and link["counterexample"], link


def test_the_transpose_of_a_product_with_product_sizes_is_proved(capsys):
    link = _verdict(capsys, r"(QW)^\top = W^\top Q^\top", PROJ[:2])
    assert link["verdict"] == "proved", link


# -- the corpus's forms: undeclared capitals refused, declared ones kept in order ----------------
BOLD = [r"\mathbf{Q}, \mathbf{K} \in \mathbb{R}^{N \times d}", r"x \in \mathbb{R}^{d}",
        r"W \in \mathbb{R}^{d \times d}"]


@pytest.mark.parametrize("claim, assume, words", [
    (r"\mathbf{A}\mathbf{B} = \mathbf{B}\mathbf{A}", [], "a bold capital is a matrix"),
    ("MN = NM", [], "may be a matrix"),
    (r"x^\top W = W x", BOLD, "different shapes"),             # a row equated with a column
    (r"x W = W x", BOLD, "does not conform"),                   # the vector on the wrong side
    # \mathrm{FFN}(x) = x^\top W alone is now read as the definition of FFN (matrix_definitions.py,
    # an opaque MatrixCall, see test_a_definition_of_ffn_is_an_opaque_call); a claim about
    # it beside its definition stays refused
    (r"\mathrm{FFN}(x) = x^\top W = W^\top x", BOLD, "may be a function of it"),
    (r"W \tilde{\boldsymbol{p}}_{m-n} = x", BOLD, "not declared"),
])
def test_undeclared_or_misplaced_matrices_are_refused(claim, assume, words):
    refused(claim, assume, words)


def test_a_definition_of_ffn_is_an_opaque_call():
    # the display defines FFN (as Attention(Q, K, V) = ... is read): nothing is proved or refuted
    lhs, rhs = read(r"\mathrm{FFN}(x) = x^\top W", BOLD)
    assert type(lhs).__name__ == "MatrixCall" and lhs.shape == (1, d)
    assert rhs == sympy.MatMul(sympy.Transpose(sympy.MatrixSymbol("x", d, 1)),
                               sympy.MatrixSymbol("W", d, d))


def test_declared_bold_matrices_keep_their_order():
    lhs, rhs = read(r"\mathbf{Q}\mathbf{K}^\top = \mathbf{K}\mathbf{Q}^\top", BOLD)
    Q, K = (sympy.MatrixSymbol(x, N, d) for x in "QK")
    assert lhs == sympy.MatMul(Q, sympy.Transpose(K)) and rhs == sympy.MatMul(K, sympy.Transpose(Q))


def test_a_vector_named_with_a_difference_index_is_read_once_declared():
    lhs, _ = read(r"W \tilde{\boldsymbol{p}}_{m-n} = x",
                  BOLD + [r"\tilde{\boldsymbol{p}}_{m-n} \in \mathbb{R}^{d}"])
    assert lhs == sympy.MatMul(sympy.MatrixSymbol("W", d, d),
                               sympy.MatrixSymbol(r"\tilde{p}_{m-n}", d, 1))


def test_the_transpose_of_a_matrix_vector_product_in_the_wrong_order_is_not_proved(capsys):
    link = _verdict(capsys, r"(W x)^\top = x^\top W", BOLD[1:])
    assert link["verdict"] == "refuted" and link["counterexample"], link
