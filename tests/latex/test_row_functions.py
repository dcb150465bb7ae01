"""``\\mathrm{rowmax}(S)`` and ``\\mathrm{rowsum}(P)`` of a declared matrix: the column vectors of
its rows' maxima and sums (FlashAttention's algorithm lines), checked as matrices.

Adversarial: rows and columns must not be confused (a stated shape with the column count is
refused), a row operation of a number or of a column vector is refused, and the checkers
decide claims about them only on explicit matrices (false ones refuted with a counterexample,
true ones never refuted).
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.row_functions import RowMax, RowSum

n = sympy.Symbol("n", integer=True, positive=True)
m = sympy.Symbol("m", integer=True, positive=True)
SQUARE = [r"A, B \in \mathbb{R}^{n \times n}"]
WIDE = [r"S \in \mathbb{R}^{n \times m}", r"v \in \mathbb{R}^{n}"]


def one(latex, assume):
    (link,) = parse_chain(latex, assumptions=list(assume)).links
    return link.claim.lhs, link.claim.rhs


def test_rowmax_of_a_declared_matrix_is_a_column_of_its_rows():
    lhs, rhs = one(r"\tilde{m} = \mathrm{rowmax}(\mathbf{S}) \in \mathbb{R}^{n}", WIDE)
    assert rhs == RowMax(sympy.MatrixSymbol("S", n, m))
    assert rhs.shape == (n, 1) and lhs.shape == (n, 1)


def test_the_values_on_explicit_matrices():
    a = sympy.Matrix([[1, -3, 2], [-1, -4, -2]])
    assert RowMax(sympy.MatrixSymbol("A", 2, 3)).apply_explicit(a) == sympy.Matrix([2, -1])
    assert RowSum(sympy.MatrixSymbol("A", 2, 3)).apply_explicit(a) == sympy.Matrix([0, -7])


def test_an_upright_subscript_is_the_same_label():
    lhs, rhs = one(r"\ell = \mathrm{rowsum}(\mathbf{P}_{\mathrm{ij}})",
                   [r"P_{ij} \in \mathbb{R}^{n \times m}", r"\ell \in \mathbb{R}^{n}"])
    assert rhs == RowSum(sympy.MatrixSymbol("P_{ij}", n, m))


@pytest.mark.parametrize("latex, assume", [
    # the column count stated for a row operation: rows and columns confused
    (r"\tilde{m} = \mathrm{rowmax}(S) \in \mathbb{R}^{m}", WIDE),
    (r"\ell = \mathrm{rowsum}(S^\top) \in \mathbb{R}^{n}", WIDE),
    # of a number: an unknown function of a number, another claim
    (r"y = \mathrm{rowmax}(x)", []),
    (r"y = \mathrm{rowsum}(S) + \mathrm{rowmax}(x)", WIDE),
    # of a column vector: its entries (one per row) or all of them?
    (r"y = \mathrm{rowsum}(v)", WIDE),
    # a row operation compared with a number
    (r"\mathrm{rowsum}(S) = 1", WIDE),
    # the column operations are not read
    (r"y = \mathrm{colsum}(S)", WIDE),
])
def test_misreadable_row_operations_are_refused(latex, assume):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=list(assume))


def links(capsys, claim, assume):
    argv = ["check", claim, "--json", "--timeout", "30"]
    for a in assume:
        argv += ["--assume", a]
    main(argv)
    out, _ = capsys.readouterr()
    return json.loads(out)["links"]


@pytest.mark.parametrize("claim", [
    r"\mathrm{rowmax}(A + B) = \mathrm{rowmax}(A) + \mathrm{rowmax}(B)",
    r"\mathrm{rowmax}(-A) = -\mathrm{rowmax}(A)",
    r"\mathrm{rowsum}(A^\top) = \mathrm{rowsum}(A)",
    r"\mathrm{rowsum}(AB) = \mathrm{rowsum}(BA)",
])
def test_false_row_claims_are_refuted_never_proved(capsys, claim):
    (link,) = links(capsys, claim, SQUARE)
    assert link["verdict"] == "refuted", link
    assert link["counterexample"]


@pytest.mark.parametrize("claim", [
    r"\mathrm{rowsum}(A + B) = \mathrm{rowsum}(A) + \mathrm{rowsum}(B)",
    r"\mathrm{rowsum}(2A) = 2\mathrm{rowsum}(A)",
    r"\mathrm{rowmax}(A + A) = 2\mathrm{rowmax}(A)",
])
def test_true_row_claims_are_never_refuted(capsys, claim):
    (link,) = links(capsys, claim, SQUARE)
    assert link["verdict"] in ("proved", "verified", "inconclusive"), link


def test_a_one_by_one_product_of_row_sums_is_a_sum_of_entries(capsys):
    assume = [r"O \in \mathbb{R}^{N \times d}"]
    # |rowsum(O)|^2 >= 0 holds; rowsum of O and of O^T differ (O = [[1], [1]]: 2 and 4)
    (link,) = links(capsys, r"\mathrm{rowsum}(O)^\top \mathrm{rowsum}(O) \ge 0", assume)
    assert link["verdict"] in ("proved", "verified"), link
    (link,) = links(capsys, r"\mathrm{rowsum}(O)^\top \mathrm{rowsum}(O) = "
                            r"\mathrm{rowsum}(O^\top)^\top \mathrm{rowsum}(O^\top)", assume)
    assert link["verdict"] == "refuted", link
    with pytest.raises(ParseError):      # a maximum over a symbolic number of entries
        parse_chain(r"c = \mathrm{rowmax}(O)^\top \mathrm{rowmax}(O)", assumptions=assume)
