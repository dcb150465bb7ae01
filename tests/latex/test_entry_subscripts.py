"""A capital with two indices (``P_{ij}``, ``Q_{1, i}``) names an entry, a number: written after
another factor it is read as a product of numbers (``symbolic.latex.entry_subscripts``).

Adversarial on purpose: the refused cases are claims that are true only for commuting numbers
(``x W_{in} = W_{in} x``) or false as written for matrices, built so that a rule that took every
subscripted capital for an entry would prove them. Reading-only tests (cheap), and two checks.
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain


def _names(expr):
    return sorted(s.name for s in expr.free_symbols)


def _read(latex):
    link, = parse_chain(latex).links
    return link.claim


@pytest.mark.parametrize("latex, names", [
    # flashattention sec. B.2's product: D_i times the entry P_ij (upright or italic indices)
    (r"D_{i}P_{\mathrm{ij}} = 0", ["D_i", "P_{ij}"]),
    (r"D_i P_{ij} = 0", ["D_i", "P_{ij}"]),
    # norm_notes: one term of (QK)_{11}, indices with a comma
    (r"Q_{1, i} K_{i, 1} = 0", ["K_{i,1}", "Q_{1,i}"]),
    # katharopoulos eq. 23: entries sharing the index j
    (r"K_{jd}V_{je} = 0", ["K_{jd}", "V_{je}"]),
    # after an entry, any factor: a number times anything commutes
    (r"P_{ij} D = 0", ["D", "P_{ij}"]),
])
def test_a_capital_with_two_indices_after_a_factor_is_an_entry(latex, names):
    claim = _read(latex)
    assert _names(claim.lhs) == names and claim.rhs == 0


def test_the_product_of_entries_keeps_every_factor_and_index():
    # a reading that dropped or merged an index would make Q_{1,i} K_{i,1} a square
    claim = _read(r"Q_{1, i} K_{i, 1} = Q_{i, 1} K_{1, i}")
    assert claim.lhs != claim.rhs
    assert isinstance(claim.lhs, sympy.Mul) and len(claim.lhs.args) == 2


@pytest.mark.parametrize("latex", [
    # two letters that may be a label of a whole matrix (W_in, W_qk): true for numbers only
    r"x W_{in} = W_{in} x",
    r"x_i W_{in} = W_{in} x_i",          # shares i with x_i, but x_i is no entry of a capital
    r"X_{i} W_{in} = W_{in} X_{i}",      # X_i is often a row of X, a vector
    r"A W_{qk} = W_{qk} A",
    r"x P_{\mathrm{in}} = P_{\mathrm{in}} x",   # an upright word is a label
    # a single index: V_j is often row j of V
    r"x V_{j} = V_{j} x",
    r"K_{jd} V_{k} = V_{k} K_{jd}",
    # two indices that share nothing with the entry before: no product-of-entries pattern
    r"K_{jd} V_{ke} = V_{ke} K_{jd}",
    # a shared letter between two labels of attention's weight matrices
    r"W_{qk} W_{kv} = W_{kv} W_{qk}",
    r"W_{ok} W_{kd} = W_{kd} W_{ok}",
    # two numbers: block (1, 2) of a block matrix as often as an entry
    r"A B_{1,2} = B_{1,2} A",
    r"A B_{12} = B_{12} A",
    # a label, not an index
    r"\ell O_{\mathrm{final}} = O_{\mathrm{final}} \ell",
    # a longer subscript, or a letter with a prime or accent in it
    r"x W_{ijk} = W_{ijk} x",
    r"x W_{i,j,k} = W_{i,j,k} x",
    r"x W_{i, \alpha} = W_{i, \alpha} x",
    # bold capitals are matrices, whatever their subscript
    r"x \mathbf{P}_{ij} = \mathbf{P}_{ij} x",
    # E_{ij}, the matrix unit, is a matrix: A E_{ij} = E_{ij} A is false
    r"A E_{ij} = E_{ij} A",
    r"x E_{i,j} = E_{i,j} x",
    # a capital after something that is not an entry by its own subscript
    r"x_{ij} D = D x_{ij}",
])
def test_what_may_be_a_matrix_stays_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_declared_matrix_with_two_indices_is_still_refused():
    with pytest.raises(ParseError, match="declared a matrix"):
        parse_chain(r"x Q_{1,i} = 1", assumptions=[r"Q \in \mathbb{R}^{n \times d}"])


def test_a_false_claim_about_entries_is_not_proved(capsys):
    # Q_{1,i} K_{i,1} = Q_{1,i} + K_{i,1} is false (1 and 1 give 1 != 2): read as a product
    # of two numbers, it must be refuted, never proved
    code = main(["check", "--json", "--timeout", "30", r"Q_{1, i} K_{i, 1} = Q_{1, i} + K_{i, 1}"])
    link, = json.loads(capsys.readouterr().out)["links"]
    assert code == 1 and link["verdict"] == "refuted", link


def test_entries_in_either_order_are_proved(capsys):
    code = main(["check", "--json", "--timeout", "30", r"D_{i}P_{ij} = P_{ij}D_{i}"])
    link, = json.loads(capsys.readouterr().out)["links"]
    assert code == 0 and link["verdict"] == "proved", link


# -- a capital declared a number, before brackets: a product ------------------------------------
# (symbolic/latex/rewrite_names.py, via components.is_declared_number) L(...) may be a function
# (the loss) or L times (...); once the user states L \in \mathbb{R}, only the product remains.
NUMBER_L = [r"L \in \mathbb{R}"]


def test_a_declared_number_before_brackets_is_a_product():
    link, = parse_chain(r"L^2(\kappa+1) = 1", assumptions=NUMBER_L).links
    plain = link.claim.lhs.xreplace({s: sympy.Symbol(s.name) for s in link.claim.lhs.free_symbols})
    assert sympy.expand(plain - sympy.Symbol("L") ** 2 * (sympy.Symbol("kappa") + 1)) == 0


def test_a_false_distributive_claim_with_a_declared_number_stays_unequal():
    # L(x + 1) = L x is false for L != 0: read as L times (x + 1), the sides must differ
    link, = parse_chain(r"L(x + 1) = L x", assumptions=NUMBER_L).links
    assert sympy.simplify(link.claim.lhs - link.claim.rhs) != 0


@pytest.mark.parametrize("latex, assume", [
    (r"L(x + 1) = L x + L", []),                          # nothing declared: function or product?
    (r"L(x + 1) = L x + L", [r"L_1 \in \mathbb{R}"]),      # L_1 declared, not L
    (r"L_2(x + 1) = 1", [r"L_1 \in \mathbb{R}"]),
    (r"P(x + 1) = 1", [r"L \in \mathbb{R}"]),
])
def test_an_undeclared_letter_before_brackets_stays_refused(latex, assume):
    with pytest.raises(ParseError, match="may be the function"):
        parse_chain(latex, assumptions=assume)


def test_a_declared_function_is_still_applied():
    link, = parse_chain(r"L(x) = 1", assumptions=NUMBER_L, functions=["L"]).links
    assert isinstance(link.claim.lhs, sympy.Function) or link.claim.lhs.func.__name__ == "L"


def test_a_declared_entry_before_brackets_is_a_product_written_upright_or_not():
    # flashattention sec. B.2: P_{\mathrm{ij}}(dP_{ij} - D_i) with the entry declared a number
    for written in (r"P_{\mathrm{ij}}", r"P_{ij}"):
        link, = parse_chain(written + r"(x - D_i) = 1", assumptions=[r"P_{ij} \in \mathbb{R}"]).links
        assert _names(link.claim.lhs) == ["D_i", "P_{ij}", "x"]


@pytest.mark.parametrize("latex", [r"P_{ji}(x - D_i) = 1", r"P_{\mathrm{in}}(x) = 1", r"P(x) = 1"])
def test_only_the_declared_entry_is_a_number(latex):
    # P_{ij} declared: P_{ji}(t) (a transition function?), P_in and P stay undecided
    with pytest.raises(ParseError, match="may be the function"):
        parse_chain(latex, assumptions=[r"P_{ij} \in \mathbb{R}"])
