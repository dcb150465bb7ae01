"""Matrix literals (pmatrix, bmatrix, a bracketed array): read entry by entry, or refused.

Adversarial on purpose: most claims here are false, built so that a reader that guessed a
pattern, dropped a transpose, confused a row with a column or accepted non-conforming sizes
would turn them into a true claim. The expected readings were written by hand from the
mathematics. The end-to-end tests check the verdicts: a true literal identity is proved entry
by entry, a false one refuted at a certified point that satisfies every assumption.
"""
import pytest
import sympy

from symbolic.api import check
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.parse import parse_expression
from symbolic.model import Verdict

a, b, c, d = (sympy.Symbol(x, real=True) for x in "abcd")


def rot(t):
    return sympy.ImmutableMatrix([[sympy.cos(t), -sympy.sin(t)], [sympy.sin(t), sympy.cos(t)]])


def R(t):
    return (r"\begin{pmatrix}\cos(%s) & -\sin(%s) \\ \sin(%s) & \cos(%s)\end{pmatrix}"
            % ((t,) * 4))


def one(latex, assume=()):
    (link,) = parse_chain(latex, assumptions=list(assume)).links
    return link.claim.lhs, link.claim.rhs


def explicit(x):
    return sympy.ImmutableMatrix(x.as_explicit()) if isinstance(x, sympy.MatrixExpr) else x


def refused(latex, *words, assume=()):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume))
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert "MLQZ" not in message, message     # the user's literal is quoted, never a placeholder
    return message


# -- what is read -------------------------------------------------------------------------------
def test_a_rotation_literal_is_its_entries_in_place():
    lhs, rhs = one(R("a") + " = " + R("a"))
    assert lhs == rot(a) and rhs == rot(a)


def test_a_product_of_literals_keeps_its_order():
    lhs, rhs = one(R("a") + R("b") + " = " + R("b") + R("a"))
    assert explicit(lhs) == rot(a) * rot(b)
    assert explicit(rhs) == rot(b) * rot(a)


def test_a_transpose_of_a_literal_is_kept():
    lhs, _ = one(R("a") + r"^\top = " + R("a"))
    assert explicit(lhs) == rot(a).T
    assert explicit(lhs) != rot(a)


def test_rotation_times_a_column_vector():
    lhs, rhs = one(R(r"m\theta") + r"\begin{pmatrix} x_1 \\ x_2 \end{pmatrix} = "
                   r"\begin{pmatrix} x_1 \cos m\theta - x_2 \sin m\theta \\ "
                   r"x_1 \sin m\theta + x_2 \cos m\theta \end{pmatrix}")
    assert explicit(lhs).shape == (2, 1) and explicit(rhs).shape == (2, 1)
    assert sympy.simplify(explicit(lhs) - explicit(rhs)) == sympy.zeros(2, 1)


def test_a_row_times_a_column_is_a_number():
    lhs, rhs = one(r"\begin{pmatrix} a & b \end{pmatrix}\begin{pmatrix} c \\ d \end{pmatrix} = ac + bd")
    assert sympy.expand(lhs - (a * c + b * d)) == 0
    assert not isinstance(lhs, sympy.MatrixBase)


def test_a_column_times_a_row_is_a_matrix():
    lhs, _ = one(r"\begin{pmatrix} a \\ b \end{pmatrix}\begin{pmatrix} c & d \end{pmatrix} = "
                 r"\begin{pmatrix} ac & ad \\ bc & bd \end{pmatrix}")
    assert explicit(lhs) == sympy.ImmutableMatrix([[a * c, a * d], [b * c, b * d]])


def test_bmatrix_and_a_bracketed_array_read_like_pmatrix():
    lhs, rhs = one(r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix} = "
                   r"\left(\begin{array}{cc} 1 & 2 \\ 3 & 4 \end{array}\right)")
    assert lhs == rhs == sympy.ImmutableMatrix([[1, 2], [3, 4]])


def test_an_array_column_vector_in_two_declared_columns_is_a_column():
    # TeX prints fewer entries than the column specification allows: RoFormer writes x so
    lhs, _ = one(r"\left(\begin{array}{cc} a \\ b \end{array}\right) = \begin{pmatrix} a \\ b \end{pmatrix}")
    assert lhs.shape == (2, 1)


def test_a_number_before_a_literal_scales_it():
    lhs, _ = one(r"2\begin{pmatrix} a & b \end{pmatrix} = \begin{pmatrix} 2a & 2b \end{pmatrix}")
    assert explicit(lhs) == sympy.ImmutableMatrix([[2 * a, 2 * b]])


def test_a_literal_beside_a_declared_matrix_of_its_size():
    lhs, rhs = one(r"W \begin{pmatrix} 1 \\ 0 \end{pmatrix} = w",
                   assume=[r"W \in \mathbb{R}^{2 \times 2}", r"w \in \mathbb{R}^{2}"])
    W = sympy.MatrixSymbol("W", 2, 2)
    assert explicit(lhs) == sympy.ImmutableMatrix([[W[0, 0]], [W[1, 0]]])


def test_a_display_that_is_one_literal_is_an_expression():
    value = parse_expression(r"\begin{pmatrix}\cos m\theta_j & -\sin m\theta_j \\\sin m\theta_j "
                             r"& \cos m\theta_j\end{pmatrix}").value
    assert value.shape == (2, 2)


def test_the_link_text_shows_the_literal_as_written():
    (link,) = parse_chain(R("a") + " = " + R("a")).links
    assert r"\begin{pmatrix}" in link.latex and "MLQZ" not in link.latex


# -- what is refused ----------------------------------------------------------------------------
def test_a_row_vector_is_not_a_column_vector():
    refused(r"\begin{pmatrix} a & b \end{pmatrix} = \begin{pmatrix} a \\ b \end{pmatrix}",
            "1 x 2", "2 x 1")


def test_non_conforming_literals_are_refused():
    refused(r"\begin{pmatrix} a & b \end{pmatrix}\begin{pmatrix} a & b \end{pmatrix} = a^2 + b^2",
            "does not conform")
    refused(R("a") + r"\begin{pmatrix} 1 & 0 \end{pmatrix} = 0", "does not conform")
    refused(R("a") + r" + \begin{pmatrix} 1 \\ 0 \end{pmatrix} = 0", "shapes differ")


def test_sides_of_different_sizes_are_refused():
    refused(R("a") + r" = \begin{pmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 1 \end{pmatrix}", "shapes")


@pytest.mark.parametrize("dots", [r"\cdots", r"\vdots", r"\ddots", r"\ldots", r"\dots"])
def test_dots_in_a_literal_are_a_general_size_and_refused(dots):
    refused(r"\begin{pmatrix} a & %s \\ 0 & b \end{pmatrix} = 0" % dots, dots, "general size")


def test_a_block_diagonal_matrix_with_blank_zeros_is_refused():
    refused(r"\begin{pmatrix} a & \\ & b \end{pmatrix} = \begin{pmatrix} a & 0 \\ 0 & b \end{pmatrix}",
            "empty entry")


def test_ragged_rows_and_empty_rows_are_refused():
    refused(r"\begin{bmatrix} 1 & 2 \\ 3 \end{bmatrix} = 0", "different lengths")
    refused(r"\begin{bmatrix} 1 \\ \\ 3 \end{bmatrix} = 0", "empty entry")


def test_a_block_matrix_of_declared_matrices_is_refused():
    refused(r"\begin{pmatrix} W & 0 \\ 0 & W \end{pmatrix} = 0", "block matrix",
            assume=[r"W \in \mathbb{R}^{2 \times 2}"])
    refused(r"\begin{pmatrix} \begin{pmatrix} a \end{pmatrix} & 0 \end{pmatrix} = 0", "block matrix")


@pytest.mark.parametrize("latex, word", [
    (r"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc", "determinant"),
    (r"\begin{Bmatrix} a \end{Bmatrix} = a", "braces"),
    (r"\begin{matrix} a & b \end{matrix} = 0", "without brackets"),
    (r"\begin{array}{cc} a & b \end{array} = 0", "environment"),
    (r"\left(\begin{array}{c|c} a & b \end{array}\right) = 0", "table"),
    (r"\left(\begin{array}{c} a & b \end{array}\right) = 0", "1 columns"),
    (r"\left(\begin{array}{cc} a & b \end{array}\right] = 0", "matching"),
])
def test_other_environments_are_refused(latex, word):
    refused(latex, word)


def test_a_number_added_to_a_literal_is_refused():
    refused(R("a") + " + 1 = " + R("a"), "a number added")


def test_an_undeclared_letter_beside_a_literal_is_refused():
    # x may be a vector: x R(a) or R(a) x would be a product the reader cannot size
    refused(R("a") + " x = 0", "not declared")


def test_a_number_after_a_literal_is_refused():
    refused(r"\begin{pmatrix} a & b \end{pmatrix} 2 = \begin{pmatrix} 2a & 2b \end{pmatrix}",
            "vector of ones")


def test_a_literal_compared_with_a_letter_is_refused():
    refused(r"M = \begin{pmatrix} a & b \end{pmatrix}", "declare")


def test_an_order_between_literals_is_refused():
    refused(r"\begin{pmatrix} a \\ c \end{pmatrix} \le \begin{pmatrix} b \\ d \end{pmatrix}",
            "between matrices")
    # a 1 x 1 literal is its entry, as a 1 x 1 product q^T k is
    assert one(r"\begin{pmatrix} a \end{pmatrix} \le \begin{pmatrix} b \end{pmatrix}") == (a, b)


def test_the_placeholder_name_cannot_be_written_by_a_user():
    with pytest.raises(ParseError, match="reserved"):
        parse_chain(r"\mathbf{MLQZbbb} = 0")


# -- verdicts -----------------------------------------------------------------------------------
CONFIG = CheckConfig(timeout_s=60)


def verdict(latex, assume=()):
    return check(latex, assume=assume, config=CONFIG)


def test_rotations_compose():
    assert verdict(R("a") + R("b") + " = " + R("a+b")).verdict is Verdict.PROVED


def test_a_rotation_is_not_symmetric_refuted_with_a_certified_point():
    outcome = verdict(R("a") + r"^\top = " + R("a"))
    assert outcome.verdict is Verdict.REFUTED
    point = dict(outcome.counterexample.point) if hasattr(outcome.counterexample, "point") else None
    assert outcome.counterexample is not None, point


def test_rotations_with_a_sign_swapped_are_refuted():
    swapped = r"\begin{pmatrix}\cos(a+b) & \sin(a+b) \\ -\sin(a+b) & \cos(a+b)\end{pmatrix}"
    assert verdict(R("a") + R("b") + " = " + swapped).verdict is Verdict.REFUTED
    # the composition of rotations is a + b, never a - b
    assert verdict(R("a") + R("b") + " = " + R("a-b")).verdict is Verdict.REFUTED


def test_a_rotation_is_orthogonal():
    assert verdict(R("a") + r"^\top" + R("a") + " = I").verdict is Verdict.PROVED


def test_rotations_commute_in_the_plane():
    # true for 2 x 2 rotations (not for matrices in general): proved from the entries
    assert verdict(R("a") + R("b") + " = " + R("b") + R("a")).verdict is Verdict.PROVED


def test_non_commuting_literals_are_refuted():
    A = r"\begin{pmatrix} 0 & 1 \\ 0 & 0 \end{pmatrix}"
    B = r"\begin{pmatrix} 0 & 0 \\ 1 & 0 \end{pmatrix}"
    assert verdict(A + B + " = " + B + A).verdict is Verdict.REFUTED


def test_rotation_of_a_vector_against_a_wrong_sign():
    x = r"\begin{pmatrix} x_1 \\ x_2 \end{pmatrix}"
    right = r"\begin{pmatrix} x_1 \cos t - x_2 \sin t \\ x_1 \sin t + x_2 \cos t \end{pmatrix}"
    wrong = r"\begin{pmatrix} x_1 \cos t + x_2 \sin t \\ x_1 \sin t + x_2 \cos t \end{pmatrix}"
    assert verdict(R("t") + x + " = " + right).verdict is Verdict.PROVED
    assert verdict(R("t") + x + " = " + wrong).verdict is Verdict.REFUTED


def test_a_rotation_keeps_the_inner_product():
    q = r"\begin{pmatrix} q_1 \\ q_2 \end{pmatrix}"
    k = r"\begin{pmatrix} k_1 \\ k_2 \end{pmatrix}"
    # (R(m) q)^T (R(n) k) = q^T R(m)^T R(n) k = q^T R(n - m) k, never q^T R(m - n) k
    left = "(" + R("m") + q + r")^\top (" + R("n") + k + ")"
    outcome = verdict(left + " = " + q + r"^\top " + R("n-m") + k)
    assert outcome.verdict is Verdict.PROVED, outcome
    wrong = left + " = " + q + r"^\top " + R("m-n") + k
    assert verdict(wrong).verdict is Verdict.REFUTED


def test_assumptions_reach_the_entries():
    claim = (r"\begin{pmatrix} \sqrt{a^2} & 0 \\ 0 & 1 \end{pmatrix} = "
             r"\begin{pmatrix} a & 0 \\ 0 & 1 \end{pmatrix}")
    assert verdict(claim, assume=["a > 0"]).verdict is Verdict.PROVED
    outcome = verdict(claim)
    assert outcome.verdict is Verdict.REFUTED
    assert outcome.counterexample is not None


def test_a_row_vector_product_against_a_wrong_sign():
    row = r"\begin{pmatrix} a & b \end{pmatrix}"
    assert verdict(row + row + r"^\top = a^2 + b^2").verdict is Verdict.PROVED
    assert verdict(row + row + r"^\top = a^2 - b^2").verdict is Verdict.REFUTED


# -- literals inside displays -------------------------------------------------------------------
def _display(latex):
    from symbolic.latex.document import read_display
    out = []
    for chain in read_display(latex):
        assert chain.problem is None, chain.problem
        for link in parse_chain(chain.latex, assumptions=list(chain.assume)).links:
            out.append((link.claim.lhs, link.claim.rhs))
    return out


def test_commas_inside_entries_do_not_split_the_display():
    ((lhs, rhs),) = _display(r"\begin{pmatrix} \max(a, b) & 0 \\ 0 & 1 \end{pmatrix} = "
                             r"\begin{pmatrix} \max(b, c) & 0 \\ 0 & 1 \end{pmatrix}, \tag{3}")
    assert lhs[0, 0] == sympy.Max(a, b) and rhs[0, 0] == sympy.Max(b, c)


def test_aligned_rows_of_literals_keep_their_own_rows():
    pairs = _display(r"\begin{aligned} \begin{pmatrix} a & b \end{pmatrix} &= \begin{pmatrix} c & d "
                     r"\end{pmatrix} \\ \begin{pmatrix} a \\ b \end{pmatrix} &= \begin{pmatrix} c \\ d "
                     r"\end{pmatrix} \end{aligned}")
    assert [p[0].shape for p in pairs] == [(1, 2), (2, 1)]


def test_a_row_gap_and_a_bracketed_array_transposed():
    ((lhs, rhs),) = _display(r"\left[\begin{array}{cc} a & b \\[2pt] c & d \end{array}\right]^\top "
                             r"= \begin{bmatrix} a & c \\ b & d \end{bmatrix}.")
    assert explicit(lhs) == sympy.ImmutableMatrix([[a, c], [b, d]]) == rhs


def test_a_declared_matrix_of_fixed_size_beside_literals():
    assume = [r"W \in \mathbb{R}^{2 \times 2}", r"w \in \mathbb{R}^{2}"]
    true = (r"W \begin{pmatrix} 1 \\ 0 \end{pmatrix} + W \begin{pmatrix} 0 \\ 1 \end{pmatrix} = "
            r"W \begin{pmatrix} 1 \\ 1 \end{pmatrix}")
    assert verdict(true, assume=assume).verdict is Verdict.PROVED
    # W e_1 is the first column of W, not the first row
    wrong = (r"\begin{pmatrix} 1 & 0 \end{pmatrix} W = \left(W \begin{pmatrix} 1 \\ 0 \end{pmatrix}"
             r"\right)^\top")
    assert verdict(wrong, assume=assume).verdict is Verdict.REFUTED


def test_a_hypothesis_about_a_matrix_keeps_the_entry_checks_out():
    from symbolic.checks.matrix_entries import explicit_sides
    from symbolic.model import Claim, Kind, Relation, Step
    W = sympy.MatrixSymbol("W", 2, 2)
    claim = Claim(sympy.MatMul(W.T, W), Relation.EQ, sympy.Identity(2))
    plain = Step("s", Kind.IDENTITY, "W^T W = I", claim)
    assert explicit_sides(plain) is not None
    # with W orthogonal the claim is true; entry-wise checks that ignore it would refute it
    given = Step("s", Kind.IDENTITY, "W^T W = I", claim,
                 assumptions=(sympy.Q.orthogonal(W),))
    assert explicit_sides(given) is None
    given = Step("s", Kind.IDENTITY, "W^T W = I", claim,
                 assumptions=(sympy.Eq(sympy.MatMul(W, W.T), sympy.Identity(2)),))
    assert explicit_sides(given) is None


def _block4(m):
    """RoFormer's R^4_{Theta,m} (eq. 15 at d = 4) written out with its zeros."""
    c1, s1 = r"\cos(%s\theta_1)" % m, r"\sin(%s\theta_1)" % m
    c2, s2 = r"\cos(%s\theta_2)" % m, r"\sin(%s\theta_2)" % m
    return (r"\begin{pmatrix} %s & -%s & 0 & 0 \\ %s & %s & 0 & 0 \\ 0 & 0 & %s & -%s \\ "
            r"0 & 0 & %s & %s \end{pmatrix}" % (c1, s1, s1, c1, c2, s2, s2, c2))


def test_roformer_block_diagonal_rotation_at_d_4_is_relative():
    # R_m^T R_n = R_{n-m}: the relative-position property, proved entry by entry at d = 4
    outcome = verdict(_block4("m") + r"^\top" + _block4("n") + " = " + _block4("(n-m)"))
    assert outcome.verdict is Verdict.PROVED, outcome
    # R_m R_n^T = R_{n-m} has the angle's sign the other way round: false
    outcome = verdict(_block4("m") + _block4("n") + r"^\top = " + _block4("(n-m)"))
    assert outcome.verdict is Verdict.REFUTED, outcome


@pytest.mark.parametrize("latex", [
    # FlashAttention's block vector [x^(1) x^(2)] is a concatenation written with a space: read as
    # one entry it would be the product x^(1) x^(2)
    r"m(\begin{bmatrix}x^{(1)}\ x^{(2)}\end{bmatrix})=\max(m(x^{(1)}),m(x^{(2)}))",
    r"\begin{bmatrix}a \quad b\end{bmatrix} = ab",
    r"\begin{bmatrix}a ~ b\end{bmatrix} = ab",
])
def test_entries_separated_by_spaces_are_refused(latex):
    refused(latex, "space")


def test_a_relation_inside_an_entry_is_refused():
    refused(r"\begin{pmatrix} a = b \\ c \end{pmatrix} = 0", "relation")
    refused(r"\begin{pmatrix} a \le b & c \end{pmatrix} = 0", "relation")


@pytest.mark.parametrize("letter", [r"\sigma", r"\alpha", r"\phi", "f"])
def test_a_letter_before_a_literal_may_be_a_function_of_it(letter):
    # the literal's own brackets look like a call: sigma applied to the vector, or a multiple?
    refused(letter + r"\begin{pmatrix} a \\ b \end{pmatrix} = \begin{pmatrix} a \\ b \end{pmatrix}",
            "function")
    refused(letter + r"\begin{bmatrix} a \\ b \end{bmatrix} = \begin{bmatrix} a \\ b \end{bmatrix}",
            "function")


def test_a_greek_factor_with_cdot_or_a_number_scales_a_literal():
    lhs, _ = one(r"\alpha \cdot \begin{bmatrix} a \\ b \end{bmatrix} = \begin{bmatrix} a \\ b \end{bmatrix}")
    alpha = sympy.Symbol("alpha", real=True)
    assert explicit(lhs) == sympy.ImmutableMatrix([[alpha * a], [alpha * b]])
    lhs, _ = one(r"\frac{1}{2}\begin{bmatrix} a \\ b \end{bmatrix} = \begin{bmatrix} a \\ b \end{bmatrix}")
    assert explicit(lhs) == sympy.ImmutableMatrix([[a / 2], [b / 2]])


def test_powers_of_literals():
    lhs, _ = one(r"\begin{pmatrix} 1 & 2 \\ 3 & 4\end{pmatrix}^2 = \begin{pmatrix} 7 & 10 \\ 15 & 22\end{pmatrix}")
    assert explicit(lhs) == sympy.ImmutableMatrix([[7, 10], [15, 22]])
    refused(r"\begin{pmatrix} a & b \\ c & d\end{pmatrix}^{-1} = 0", "power")
    refused(r"e^{\begin{pmatrix} a & b \\ c & d\end{pmatrix}} = 0", "must be a number")
    refused(r"\sin(\begin{pmatrix} a \\ b\end{pmatrix}) = 0", "must be a number")
    refused(r"\begin{pmatrix} a \\ b \end{pmatrix} \cdot \begin{pmatrix} c \\ d\end{pmatrix} = ac + bd",
            "does not conform")
    refused(r"\begin{pmatrix} a \\ b \end{pmatrix} \times \begin{pmatrix} c \\ d\end{pmatrix} = 0", "cross")


def test_a_tex_document_with_literals(tmp_path, capsys):
    from symbolic.cli import main
    doc = tmp_path / "rot.tex"
    doc.write_text("\\begin{document}\n\\[ " + R("a") + r"^\top = " + R("a") + " \\]\n"
                   "\\[ R = \\begin{pmatrix} M_1 & \\\\ & \\ddots \\end{pmatrix} \\]\n\\end{document}\n")
    main(["check", str(doc)])
    out = capsys.readouterr().out
    assert "REFUTED" in out and "entry (1, 2)" in out
    assert "UNREADABLE" in out and "general size" in out
