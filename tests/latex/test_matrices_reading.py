"""Matrices and vectors declared with --assume: read in the written order, or refused.

Adversarial on purpose: every rule of ``symbolic/latex/matrices.py`` has a claim here that a
reader treating matrices as numbers (or guessing) would turn into a different claim, and the
end-to-end tests check that a false matrix identity is never proved or verified.
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_assumptions, parse_chain

N = sympy.Symbol("N", integer=True, positive=True)
D = sympy.Symbol("d", integer=True, positive=True)
n = sympy.Symbol("n", integer=True, positive=True)
m = sympy.Symbol("m", integer=True, positive=True)
Q, K, V = (sympy.MatrixSymbol(x, N, D) for x in "QKV")
A, B, C = (sympy.MatrixSymbol(x, n, n) for x in "ABC")
SQUARE = [r"A, B, C \in \mathbb{R}^{n \times n}"]
QKV = [r"Q, K, V \in \mathbb{R}^{N \times d}"]
VECTORS = [r"x, y, q, k \in \mathbb{R}^{d}"]


def read(latex, assume=()):
    links = parse_chain(latex, assumptions=list(assume)).links
    return [(link.claim.lhs, link.claim.rhs) for link in links]


def one(latex, assume=()):
    (pair,) = read(latex, assume)
    return pair


def refused(latex, assume=(), *words):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume))
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# -- declarations --------------------------------------------------------------------------------
def test_a_declaration_makes_a_matrix_symbol_of_that_shape():
    given = parse_assumptions([r"Q \in \mathbb{R}^{N \times d}", r"q \in \mathbb{R}^{d}"])
    assert given.symbols["Q"] == sympy.MatrixSymbol("Q", N, D)
    assert given.symbols["q"] == sympy.MatrixSymbol("q", D, 1)        # a column vector
    assert given.symbols["N"].is_integer and given.symbols["N"].is_positive


def test_declarations_keep_the_scalar_sets():
    given = parse_assumptions([r"x \in \mathbb{R}^{+}", r"W_q \in \mathbb{R}^{d \times d}"])
    assert given.symbols["x"].is_positive
    assert given.symbols["W_q"].shape == (D, D)


@pytest.mark.parametrize("assume, words", [
    ([r"z \in \mathbb{C}^{n}"], ["complex"]),
    ([r"A \in \mathbb{R}^{n \times n}", r"A \in \mathbb{R}^{n \times m}"], ["two different shapes"]),
    ([r"A \in \mathbb{R}^{n \times n}", "A > 0"], ["relates matrices"]),
    ([r"A \in \mathbb{R}^{n \times n}", r"A \in \mathbb{R}"], ["matrix or vector", "scalar"]),
    ([r"T \in \mathbb{R}^{n \times n}"], ["transpose"]),
    ([r"A \in \mathbb{R}^{n \times m \times k}"], []),
    ([r"A \in \mathbb{R}^{x + 1}"], ["size"]),
])
def test_bad_declarations_are_refused(assume, words):
    with pytest.raises(ParseError) as info:
        parse_assumptions(assume)
    for word in words:
        assert word in str(info.value)


def test_an_assumption_about_declared_matrices_is_a_matrix_fact():
    given = parse_assumptions([r"M \in \mathbb{R}^{d \times d}", r"M^\top M = I"])
    M = sympy.MatrixSymbol("M", D, D)
    assert sympy.Eq(sympy.MatMul(sympy.Transpose(M), M), sympy.Identity(D), evaluate=False) in given.facts


# -- products and their order --------------------------------------------------------------------
def test_products_keep_their_order():
    lhs, rhs = one("AB = BA", SQUARE)
    assert lhs == sympy.MatMul(A, B) and rhs == sympy.MatMul(B, A)
    assert lhs != rhs


def test_cdot_between_matrices_is_their_product_in_order():
    lhs, rhs = one(r"A \cdot B = B A", SQUARE)
    assert lhs.doit() == (A * B).doit() and rhs.doit() == (B * A).doit()


def test_brackets_group_products():
    lhs, rhs = one("A (B C) = (A B) C", SQUARE)
    assert lhs.doit() == rhs.doit() == (A * B * C).doit()


@pytest.mark.parametrize("latex", [r"(AB)^\top", r"(AB)^T", r"(AB)^{\top}", r"(AB)^\intercal",
                                   r"\left(A B\right)^{T}"])
def test_transpose_of_a_product_is_read_as_written(latex):
    lhs, _ = one(latex + " = B^T A^T", SQUARE)
    assert lhs == sympy.Transpose(sympy.MatMul(A, B))       # not yet B^T A^T: the checker decides


def test_bold_names_are_the_declared_names():
    lhs, rhs = one(r"\mathbf{Q} \mathbf{K}^\top = (\mathbf{K}\mathbf{Q}^\top)^\top", QKV)
    assert lhs == sympy.MatMul(Q, sympy.Transpose(K))
    assert rhs == sympy.Transpose(sympy.MatMul(K, sympy.Transpose(Q)))


def test_braced_bold_and_multi_letter_names():
    assume = [r"q_m, k_n \in \mathbb{R}^{d}", r"W_q \in \mathbb{R}^{d \times d}",
              r"dV, dO \in \mathbb{R}^{N \times d}", r"P \in \mathbb{R}^{N \times N}"]
    lhs, rhs = one(r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n} = {\boldsymbol{k}}_{n}^\top{\boldsymbol{q}}_{m}", assume)
    assert sympy.simplify(lhs - rhs) == 0
    lhs, rhs = one(r"\mathbf{\mathrm{dV}}=\mathbf{P}^\top\mathbf{\mathrm{dO}}", assume)
    dV, dO, P = sympy.MatrixSymbol("dV", N, D), sympy.MatrixSymbol("dO", N, D), sympy.MatrixSymbol("P", N, N)
    assert lhs == dV and rhs == sympy.MatMul(sympy.Transpose(P), dO)


def test_a_plain_dv_is_never_the_declared_bold_name():
    # dV written without bold is d times V: the scalar reader refuses V after a factor
    refused(r"dV = P^\top dO", [r"dV, dO \in \mathbb{R}^{N \times d}", r"P \in \mathbb{R}^{N \times N}"])


# -- scalars beside matrices ---------------------------------------------------------------------
def test_scaled_products_agree_however_the_scale_is_written():
    lhs, rhs = one(r"\frac{QK^\top}{\sqrt{d}} = \frac{1}{\sqrt{d}} Q K^{T}", QKV)
    want = (Q * K.T / sympy.sqrt(D)).doit()
    assert lhs.doit() == want and rhs.doit() == want


def test_greek_letters_and_declared_scalars_are_numbers_beside_a_matrix():
    lhs, _ = one(r"\alpha A = A \alpha", SQUARE)
    assert lhs == sympy.MatMul(sympy.Symbol("alpha", real=True), A)
    lhs, _ = one(r"c A = A", SQUARE + ["c > 0"])
    assert lhs.args[0] == sympy.Symbol("c", positive=True)


@pytest.mark.parametrize("latex", [r"x A = A x", r"A x = A", r"(A + B)(x) = A"])
def test_an_undeclared_letter_beside_a_matrix_is_refused(latex):
    # x may be a vector: read as a number, xA = Ax would be proved
    refused(latex, SQUARE, "not declared", r"\in \mathbb{R}")


def test_an_undeclared_capital_beside_a_matrix_is_refused_and_says_how_to_declare():
    refused("A W = W A", SQUARE, "W", "declare")


def test_undeclared_capitals_in_scalar_claims_say_how_to_declare():
    refused("x W = W x", [], r"\mathbb{R}^{m \times n}")
    refused(r"\mathbf{S} = 1", [], r"\mathbf{S} \in \mathbb{R}")


@pytest.mark.parametrize("latex", [r"\sigma(A) = A", r"\phi(A) B = A", r"f(A) = B",
                                   r"\lambda(A + B) = A"])
def test_a_letter_before_a_bracket_with_a_matrix_is_refused(latex):
    refused(latex, SQUARE, "function")


def test_a_scalar_added_to_a_matrix_is_refused():
    refused("A + 1 = B", SQUARE, "added")
    refused(r"A = 1", SQUARE, "compared")


def test_zero_beside_a_matrix_is_the_zero_matrix():
    lhs, rhs = one("A - A = 0", SQUARE)
    assert rhs == sympy.ZeroMatrix(n, n)


# -- shapes --------------------------------------------------------------------------------------
def test_a_non_conforming_product_is_refused_with_its_shapes():
    message = refused("Q K = K Q", QKV, "does not conform")
    assert "N x d" in message


def test_sides_of_different_shapes_are_refused():
    refused("AB = BA", [r"A \in \mathbb{R}^{n \times m}", r"B \in \mathbb{R}^{m \times n}"],
            "different shapes")


def test_a_sum_of_different_shapes_is_refused():
    refused("Q + Q^T = Q", QKV, "shapes differ")


def test_hadamard_needs_equal_shapes_and_matrices():
    lhs, rhs = one(r"A \odot B = B \odot A", SQUARE)
    assert lhs == sympy.HadamardProduct(A, B) and rhs == sympy.HadamardProduct(B, A)
    refused(r"Q \odot K^\top = Q", QKV, "shapes differ")
    refused(r"A \odot 2 = A", SQUARE, "both sides")


def test_circ_is_hadamard_only_between_matrices():
    lhs, _ = one(r"A \circ B = B \circ A", SQUARE)
    assert lhs == sympy.HadamardProduct(A, B)
    refused(r"f \circ g = 1", [], "composition")
    refused(r"\sin 90^\circ = 1", [], "degree")


def test_hadamard_beside_a_product_needs_brackets():
    refused(r"A \odot B C = A", SQUARE, "brackets")
    lhs, _ = one(r"A \odot (B C) = A", SQUARE)
    assert lhs == sympy.HadamardProduct(A, sympy.MatMul(B, C))


def test_cross_between_matrices_is_refused():
    refused(r"A \times B = A B", SQUARE, "Kronecker")


def test_powers_of_matrices():
    lhs, _ = one("A^2 = A A", SQUARE)
    assert lhs.doit() == (A * A).doit()
    refused("W^2 = W", [r"W \in \mathbb{R}^{n \times m}"], "power")
    refused("A^{-2} A = A", SQUARE, "power")
    refused("W^{-1} = W", [r"W \in \mathbb{R}^{n \times m}"], "power")
    lhs, _ = one("A^{-1} A = A", SQUARE)        # the inverse of a declared square A
    assert lhs.doit() == sympy.Identity(lhs.shape[0])


def test_identity_takes_its_size_from_the_matrices():
    M = sympy.MatrixSymbol("M", D, D)
    lhs, rhs = one(r"\mathbf{M}\mathbf{M}^{\top} = I", [r"M \in \mathbb{R}^{d \times d}"])
    assert rhs == sympy.Identity(D)
    lhs, _ = one(r"M + \lambda I = M", [r"M \in \mathbb{R}^{d \times d}"])
    assert lhs.doit() == (M + sympy.Symbol("lambda", real=True) * sympy.Identity(D)).doit()
    refused("W + I = W", [r"W \in \mathbb{R}^{n \times m}"], "not square")
    # a declared scalar I is not the identity
    refused("A + I = A", SQUARE + ["I > 0"], "added")


def test_a_subscript_on_a_declared_vector_is_refused():
    # x_1 would be an unrelated number: a 'counterexample' to |x| >= x_1 would be certified
    refused(r"\|x\| \ge x_1", VECTORS, "declare")


# -- vectors, 1 x 1 products, norms --------------------------------------------------------------
def test_a_1x1_product_is_a_scalar_sum_over_components():
    lhs, rhs = one(r"q^\top k = k^\top q", VECTORS)
    assert isinstance(lhs, sympy.Sum) and sympy.simplify(lhs - rhs) == 0


def test_an_outer_product_of_declared_vectors_is_a_matrix():
    lhs, rhs = one(r"q k^\top = k q^\top", VECTORS)
    assert lhs.shape == (D, D) and lhs != rhs


def test_a_1x1_product_beside_a_matrix_is_refused():
    refused(r"q^\top k A = A", VECTORS + [r"A \in \mathbb{R}^{d \times d}"], "1 x 1")


@pytest.mark.parametrize("latex", [r"\|x - y\|", r"\|x - y\|_2", r"\Vert x - y \Vert",
                                   r"\left\| x - y \right\|", r"\lVert x - y \rVert"])
def test_norms_of_declared_vectors(latex):
    lhs, _ = one(latex + " = 1", VECTORS)
    x = sympy.IndexedBase("x", real=True)
    y = sympy.IndexedBase("y", real=True)
    value = lhs.subs(D, 2).doit()
    want = sympy.sqrt((x[0, 0] - y[0, 0]) ** 2 + (x[1, 0] - y[1, 0]) ** 2)
    assert sympy.simplify(value - want) == 0


def test_absolute_value_of_a_1x1_product_and_vert_bars():
    lhs, rhs = one(r"\lvert x^\top y \rvert \le \|x\| \|y\|", VECTORS)
    assert isinstance(lhs, sympy.Abs)


@pytest.mark.parametrize("latex, words", [
    (r"\|A\| = 1", ["spectral"]),
    (r"\|x\|_1 = 1", ["Euclidean"]),
    (r"|A| = 1", ["determinant"]),
    (r"\exp(A) = A", ["must be a number"]),
    (r"\sqrt{A} = A", ["must be a number"]),
])
def test_matrix_norms_and_functions_are_refused(latex, words):
    refused(latex, SQUARE + VECTORS, *words)


def test_sized_norm_bars_are_never_an_absolute_value_in_the_scalar_reader():
    # \left\| q_i - k_j \right\| was read as |k_j - q_i|, a different claim for vectors; it was
    # then refused, and is now read as the Euclidean norm of the difference of the two vectors
    lhs, _ = one(r"\left\| q_i - k_j \right\| = 1")
    assert not lhs.atoms(sympy.Abs) and isinstance(lhs, sympy.Pow) and lhs.exp == sympy.S.Half
    assert isinstance(lhs.base, sympy.Sum) and str(lhs.base.limits[0][2]) == "d"
    refused(r"\left\| q_i - 2 k_j \right\| = 1", [], "norm")


def test_softmax_of_a_matrix_is_row_wise_and_of_a_column_vector_refused():
    from symbolic.checks.matrices import RowSoftmax
    lhs, _ = one(r"\mathrm{softmax}(Q K^\top) V = V", QKV)
    assert lhs == sympy.MatMul(RowSoftmax(sympy.MatMul(Q, sympy.Transpose(K))), V)
    refused(r"\mathrm{softmax}(q) = q", VECTORS, "column vector")
    explicit = RowSoftmax(sympy.ImmutableMatrix([[0, 0], [0, sympy.log(3)]])).doit()
    assert explicit == sympy.Matrix([[sympy.Rational(1, 2), sympy.Rational(1, 2)],
                                     [sympy.Rational(1, 4), sympy.Rational(3, 4)]])


def test_sums_over_matrices_are_refused():
    refused(r"\sum_j A = A", SQUARE, "sums")


def test_scalar_claims_are_unchanged_when_no_matrix_is_named():
    assert read(r"x + y = y + x", SQUARE) == read(r"x + y = y + x")


# -- end to end: verdicts ------------------------------------------------------------------------
FAST = ["--timeout", "30"]


def verdict(capsys, claim, *assume):
    argv = ["check", claim, "--json", *FAST]
    for a in assume:
        argv += ["--assume", a]
    code = main(argv)
    out, _ = capsys.readouterr()
    return json.loads(out)["links"][0], code


@pytest.mark.parametrize("claim, assume, want", [
    (r"A^\top B^\top = (BA)^\top", [r"A \in \mathbb{R}^{n\times m}", r"B \in \mathbb{R}^{m\times n}"], "proved"),
    (r"(AB)^\top = A^\top B^\top", SQUARE, "refuted"),
    ("AB = BA", SQUARE, "refuted"),
    (r"(A + B)^2 = A^2 + 2AB + B^2", SQUARE, "refuted"),
    (r"(A + B)^2 = A^2 + AB + BA + B^2", SQUARE, "proved"),
    (r"A \odot B = B \odot A", SQUARE, "proved"),
    (r"q k^\top = k q^\top", VECTORS, "refuted"),
    (r"q^\top k = k^\top q", VECTORS, "proved"),
    (r"\|x - y\|^2 = \|x\|^2 + \|y\|^2", VECTORS, "refuted"),
    (r"\|x - y\|^2 = \|x\|^2 - 2 x^\top y + \|y\|^2", VECTORS, "proved"),
    (r"(QM)(KM)^\top = QK^\top", QKV + [r"M \in \mathbb{R}^{d \times d}"], "refuted"),
    (r"(QM)(KM)^\top = QK^\top", QKV + [r"M \in \mathbb{R}^{d \times d}", r"M M^\top = I"], "proved"),
])
def test_matrix_verdicts(capsys, claim, assume, want):
    link, code = verdict(capsys, claim, *assume)
    assert link["verdict"] == want, link
    if want == "refuted":
        assert link["counterexample"], "a refutation carries its counterexample"


@pytest.mark.parametrize("claim, assume", [
    (r"(AB)^\top = A^\top B^\top", SQUARE),
    ("AB = BA", SQUARE),
    (r"A^\top = A", SQUARE),
    (r"\mathrm{softmax}(Q K^\top) V = \mathrm{softmax}(K Q^\top) V", QKV),
    (r"|x^\top y| \le \|x\|", VECTORS),
])
def test_false_matrix_claims_are_never_proved_or_verified(capsys, claim, assume):
    link, _ = verdict(capsys, claim, *assume)
    assert link["verdict"] not in ("proved", "verified"), link


def test_a_refused_matrix_claim_exits_2(capsys):
    code = main(["check", "Q K = K Q", "--assume", QKV[0], *FAST])
    _, err = capsys.readouterr()
    assert code == 2 and "does not conform" in err and "Traceback" not in err


# -- rules added after an adversarial pass -------------------------------------------------------
@pytest.mark.parametrize("latex", [r"A + B \ne B + A", r"A B \ne B A", r"A \le B", r"A < B + A",
                                   r"A \approx B"])
def test_relations_other_than_equality_between_matrices_are_refused(latex):
    # A + B \ne B + A came out proved: a scalar checker took the zero matrix for a nonzero value
    refused(latex, SQUARE, "between matrices")


def test_an_implication_with_an_order_of_matrices_is_refused():
    refused(r"A = B \implies A \le B", SQUARE, "between matrices")


def test_a_double_superscript_on_a_matrix_is_refused():
    refused(r"A^\top^\top = A", SQUARE, "double superscript")
    lhs, _ = one(r"{A^\top}^\top = A", SQUARE)
    assert lhs == sympy.Transpose(sympy.Transpose(A))


def test_a_division_followed_by_a_factor_is_ambiguous():
    refused("A/2B = A", SQUARE, "ambiguous division")
    lhs, rhs = one(r"A/2 = \frac{A}{2}", SQUARE)
    assert lhs.doit() == rhs.doit() == (A / 2).doit()


def test_a_matrix_divisor_is_refused():
    refused(r"\frac{A}{B} = A", SQUARE, "denominator")


def test_an_exponential_of_a_1x1_product():
    lhs, rhs = one(r"e^{q^\top k} = \exp(k^\top q)", VECTORS)
    assert lhs.func == sympy.exp and sympy.simplify(lhs - rhs) == 0
    refused("e^{A} = A", SQUARE, "exponent")


def test_quadratic_form_is_a_double_sum():
    lhs, _ = one(r"x^\top A x \ge 0", VECTORS + [r"A \in \mathbb{R}^{d \times d}"])
    assert isinstance(lhs, sympy.Sum) and len(lhs.limits) == 2


def test_layout_marks_are_ignored_and_gaps_refused():
    lhs, rhs = one(r"A B = B A \nonumber", SQUARE)
    assert lhs == sympy.MatMul(A, B) and rhs == sympy.MatMul(B, A)
    # \quad 2 would otherwise be read as the factor 2 of B
    refused(r"A = B \quad 2", SQUARE, "separates")


# -- published displays, with the shapes their papers state ----------------------------------------
# Formulas quoted from the papers (see tests/latex/published/ for the sources); the declarations
# are the shapes the papers' text gives. Each expected reading is written here by hand.
def _m(name, rows, cols):
    return sympy.MatrixSymbol(name, rows, cols)


_Br, _Bc = sympy.Symbol("B_r", integer=True, positive=True), sympy.Symbol("B_c", integer=True, positive=True)
PUBLISHED = [
    # FlashAttention (arXiv:2205.14135), sec. B.2
    (r"\mathbf{\mathrm{dV}}=\mathbf{P}^\top\mathbf{\mathrm{dO}}",
     [r"dV, dO \in \mathbb{R}^{N \times d}", r"P \in \mathbb{R}^{N \times N}"],
     lambda: (_m("dV", N, D), sympy.MatMul(sympy.Transpose(_m("P", N, N)), _m("dO", N, D)))),
    # FlashAttention, alg. 3
    (r"\mathbf{\mathrm{dK}}=\mathbf{\mathrm{dS}}^{\top}\mathbf{Q}",
     [r"dK, Q \in \mathbb{R}^{N \times d}", r"dS \in \mathbb{R}^{N \times N}"],
     lambda: (_m("dK", N, D), sympy.MatMul(sympy.Transpose(_m("dS", N, N)), _m("Q", N, D)))),
    # FlashAttention, proof of thm. 1: softmax row by row
    (r"\mathrm{softmax}(\mathbf{S})\mathbf{V}=\mathrm{softmax}(\mathbf{Q}\mathbf{K}^{\top})\mathbf{V}",
     [r"S \in \mathbb{R}^{N \times N}", r"Q, K, V \in \mathbb{R}^{N \times d}"],
     lambda: _softmax_pair()),
    # FlashAttention-3 (arXiv:2407.08608), sec. 3.3
    (r"(\mathbf{Q}\mathbf{M})(\mathbf{K}\mathbf{M})^{\top}=\mathbf{Q}\mathbf{K}^{\top}",
     [r"Q, K \in \mathbb{R}^{N \times d}", r"M \in \mathbb{R}^{d \times d}"],
     lambda: (sympy.MatMul(sympy.MatMul(Q, _m("M", D, D)), sympy.Transpose(sympy.MatMul(K, _m("M", D, D)))),
              sympy.MatMul(Q, sympy.Transpose(K)))),
    (r"\mathbf{M}\mathbf{M}^{\top}=I", [r"M \in \mathbb{R}^{d \times d}"],
     lambda: (sympy.MatMul(_m("M", D, D), sympy.Transpose(_m("M", D, D))), sympy.Identity(D))),
    # FlashAttention-3, alg. 2 (a subscript label names the block)
    (r"\mathbf{S}_{\mathrm{cur}} = \mathbf{Q}_i \mathbf{K}_0^\top",
     [r"S_{\mathrm{cur}} \in \mathbb{R}^{B_r \times B_c}", r"Q_i \in \mathbb{R}^{B_r \times d}",
      r"K_0 \in \mathbb{R}^{B_c \times d}"],
     # the upright subscript is the label cur: S_{\mathrm{cur}} and S_{cur} are one name
     lambda: (_m(r"S_{cur}", _Br, _Bc), sympy.MatMul(_m("Q_i", _Br, D), sympy.Transpose(_m("K_0", _Bc, D))))),
    # FlashAttention-4 (arXiv:2603.05451), sec. 3.2.1
    (r"\mathbf{dP}^\top = \mathbf{V} \mathbf{dO}^\top",
     [r"dP \in \mathbb{R}^{M \times N}", r"V \in \mathbb{R}^{N \times d}", r"dO \in \mathbb{R}^{M \times d}"],
     lambda: (sympy.Transpose(_m("dP", sympy.Symbol("M", integer=True, positive=True), N)),
              sympy.MatMul(V, sympy.Transpose(_m("dO", sympy.Symbol("M", integer=True, positive=True), D))))),
]


def _softmax_pair():
    from symbolic.checks.matrices import RowSoftmax
    S = _m("S", N, N)
    return (sympy.MatMul(RowSoftmax(S), V), sympy.MatMul(RowSoftmax(sympy.MatMul(Q, sympy.Transpose(K))), V))


@pytest.mark.parametrize("latex, assume, want", PUBLISHED)
def test_published_matrix_displays(latex, assume, want):
    lhs, rhs = one(latex, assume)
    w_lhs, w_rhs = want()
    assert (lhs, rhs) == (w_lhs, w_rhs)        # structurally: the product order as written


def test_roformer_eq_8_with_declared_vectors():
    # RoFormer (arXiv:2104.09864) eq. (8): q_m^T k_n is a number, compared with one plus b_{i,j}
    latex = (r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top"
             r"{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+b_{i,j}")
    assume = [r"q_m, k_n, x_m, x_n \in \mathbb{R}^{d}", r"W_q, W_k \in \mathbb{R}^{d \times d}"]
    lhs, rhs = one(latex, assume)
    vec = {v: sympy.MatrixSymbol(v, 2, 1) for v in ("q_m", "k_n", "x_m", "x_n")}
    mat = {w: sympy.MatrixSymbol(w, 2, 2) for w in ("W_q", "W_k")}
    # at d = 2, the entries of the reading are the entries of the matrices
    def entries(e):
        e = e.subs(D, 2).doit()
        return e.replace(lambda x: isinstance(x, sympy.Indexed),
                         lambda x: {**vec, **mat}[str(x.base.label)][x.indices[0], x.indices[1]])
    b = sympy.Symbol("b_{i,j}", real=True)
    want_lhs = (vec["q_m"].T * vec["k_n"])[0, 0]
    want_rhs = (vec["x_m"].T * mat["W_q"].T * mat["W_k"] * vec["x_n"])[0, 0] + b
    assert sympy.expand(entries(lhs) - want_lhs.doit()) == 0
    assert sympy.expand(entries(rhs) - want_rhs.doit()) == 0


@pytest.mark.parametrize("latex, words", [
    # diag(\lambda) is a matrix: read as a number it would commute with A
    (r"A \mathrm{diag}(\lambda) = \mathrm{diag}(\lambda) A", ["matrix-valued"]),
    (r"A \cdot \operatorname{diag}(\lambda) = A", ["matrix-valued"]),
    (r"\mathrm{d} A = A", ["differential"]),
    # A 1 is often A times the vector of ones (P 1 = 1 of a stochastic matrix)
    (r"A 1 = A", ["vector of ones"]),
    (r"2 x A = A", ["not declared"]),
])
def test_a_factor_beside_a_matrix_that_may_be_a_matrix_is_refused(latex, words):
    refused(latex, SQUARE, *words)


def test_mathsf_t_is_a_transpose():
    lhs, rhs = one(r"A^{\mathsf{T}} = A^\top", SQUARE)
    assert lhs == rhs == sympy.Transpose(A)
