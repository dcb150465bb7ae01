"""Red-team of the reader rules of 2026-12-02 (issue 11: a misread is a false proof).

Claims built to be misread by the new rules: entries with two indices
(``symbolic.latex.entry_subscripts``), trailing unit words (``symbolic.latex.units``), subscript
labels and index pairs (``symbolic.latex.subscript_labels``), indexed e and bold functions
(``symbolic.latex.named_letters``). Each expectation was worked out by hand from the mathematics.
Reading-only tests (cheap) and two end-to-end checks. An xfail(strict=True) marks a misread
found and not fixed here: the test states the correct behaviour and fails today.
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain


def _claims(latex, **options):
    return [link.claim for link in parse_chain(latex, **options).links]


def _names(expr):
    return sorted(s.name for s in expr.free_symbols)


# -- entries: a capital after an entry commutes with the entry, not with a matrix before it -----
# A P_{ij} B is the number P_ij times the matrix product AB; B P_{ij} A is P_ij times BA, and
# AB != BA for matrices. Before the fix these were read as products of numbers and PROVED.
@pytest.mark.parametrize("latex", [
    r"A P_{ij} B = B P_{ij} A",
    r"D P_{ij} A = A P_{ij} D",
    r"D_i P_{ij} A = A P_{ij} D_i",          # D_i may be row i of D (a single index)
    r"A Q_{1,i} B = B Q_{1,i} A",
    r"A \cdot P_{ij} B = B \cdot P_{ij} A",  # the \cdot makes A a number, not B
    r"\frac{A P_{ij} B}{2} = \frac{B P_{ij} A}{2}",
    r"A P_{ij}B + 1 = B P_{ij} A + 1",
    r"\Sigma P_{ij} B = B P_{ij} \Sigma",    # a Greek capital may be a matrix (a covariance)
    r"(A + C) P_{ij} B = B P_{ij} (A + C)",
])
def test_a_capital_after_an_entry_is_refused_when_a_matrix_precedes_it(latex):
    with pytest.raises(ParseError, match="after another factor"):
        parse_chain(latex)


@pytest.mark.parametrize("latex, names", [
    (r"P_{ij} D = 0", ["D", "P_{ij}"]),             # the entry first: still read
    (r"x P_{ij} D = 0", ["D", "P_{ij}", "x"]),       # a lower-case factor before it
    (r"Q_{1,i} P_{ij} D = 0", ["D", "P_{ij}", "Q_{1,i}"]),   # entries before it
    (r"\frac{1}{2} P_{ij} D = 0", ["D", "P_{ij}"]),
    (r"A + P_{ij} D = 0", ["A", "D", "P_{ij}"]),     # A is in another term
])
def test_a_capital_after_an_entry_first_in_its_product_is_still_read(latex, names):
    claim, = _claims(latex)
    assert _names(claim.lhs) == names and claim.rhs == 0


def test_two_subscripted_capitals_are_entries_by_the_documented_convention():
    # the documented cost (docs/reading.md): italic A_{ij} B_{jk} are entries, even where an
    # author means blocks; the reading is at least exactly the product of the two names
    claim, = _claims(r"A_{ij} B_{jk} = B_{jk} A_{ij}")
    assert claim.lhs == claim.rhs == sympy.Mul(*sorted(claim.lhs.free_symbols, key=str))
    with pytest.raises(ParseError, match="declared a matrix"):      # B a declared matrix
        parse_chain(r"A_{ij} B_{jk} = B_{jk} A_{ij}", assumptions=[r"B \in \mathbb{R}^{n \times n}"])


# was a misread (A(2B) = B(2A) proved as numbers): rewrite_items._check_group_order
@pytest.mark.parametrize("latex", [r"A (P_{ij} B) = B (P_{ij} A)", r"A (2 B) = B (2 A)",
                                   r"W (x + B) = W x + W B", r"X (Y + 1) = X Y + X"])
def test_a_matrix_before_brackets_with_a_matrix_inside_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex", [r"A (x + 1) = A x + A", r"2 (A + B) = 2A + 2B"])
def test_a_capital_before_brackets_of_numbers_still_reads(latex):
    parse_chain(latex)


def test_a_declared_number_inside_brackets_still_reads():
    parse_chain(r"A (2 B) = B (2 A)", assumptions=(r"B \in \mathbb{R}",))


def test_a_false_product_of_matrices_around_an_entry_is_not_proved(capsys):
    # end to end: before the fix this came out "proved"
    code = main(["check", "--json", "--timeout", "30", r"A P_{ij} B = B P_{ij} A"])
    out = capsys.readouterr()
    assert code == 2 and "proved" not in out.out, out


# -- units -------------------------------------------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"1 \text{ KB} = 2^{10}",              # true in bytes; left out: 1 = 1024, refuted
    r"1 \text{ KB} = 1024 \cdot 1",
    r"1 \text{ KB} = (1024)",
    r"1 \text{ KB} = \frac{2048}{2}",
    r"2 \text{ KB} = 2048 \text{ bytes}",  # different units
    r"1 \text{ KB} = 1",
    r"T = 4 \text{ cycles} \implies T = 4",
    r"T = 2^{10 \text{ bits}}",            # inside an exponent
    r"T = \frac{4}{2 \text{ ms}}",         # inside a fraction
    r"a = \frac{2 \text{ KB}}{1 \text{ KB}}",
    r"T = 3 \text{ KB}^2 = 3",             # a unit with a power
    r"T = 4 \text{ cycles}, \quad N \ge 2",
])
def test_units_that_would_change_the_claim_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_side_of_constant_arithmetic_beside_a_unit_is_refused_as_a_bare_number():
    with pytest.raises(ParseError, match="no unit"):
        parse_chain(r"1 \text{ KB} = 2^{10}")


@pytest.mark.parametrize("latex, lhs, rhs", [
    (r"T \le 4 \text{ cycles}", "T", 4),
    (r"T = (4 + 2) \text{ cycles}", "T", 6),
    (r"x = 2 \cdot 512 \text{ bytes}", "x", 1024),
])
def test_a_trailing_unit_is_left_out_with_a_note(latex, lhs, rhs):
    parsed = parse_chain(latex)
    claim, = (link.claim for link in parsed.links)
    assert _names(claim.lhs) == [lhs] and claim.rhs == rhs
    assert any("left out the unit" in note for note in parsed.notes)


# was a misread (N KB = 1024 N, meaning 1024 N bytes, read N = 1024 N and refuted): a side other
# than a name alone needs the unit too
def test_a_conversion_with_the_unit_on_one_side_is_refused():
    with pytest.raises(ParseError):
        parse_chain(r"N \text{ KB} = 1024 N")


# was a misread (1 \text{ s} = 1000 \text{ ms} read s = 1000, the ms left out): the side without
# the unit ms is refused
def test_a_one_letter_unit_in_text_is_not_the_variable():
    with pytest.raises(ParseError):
        parse_chain(r"1 \text{ s} = 1000 \text{ ms}")


# -- subscript labels and index pairs ----------------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"\mu_{\mathcal{B}} = \mu_B",
    r"\mu_{\mathcal{B}} = \mu_{\mathrm{B}}",
    r"T_{\mathrm{ab,cd}} = T_{\mathrm{abcd}}",
    r"x_{(2i,2i+1)} = x_{(2i+1,2i)}",
    r"x_{(a,b)} = x_{(a,b,c)}",
])
def test_different_labels_and_pairs_are_different_names(latex):
    claim, = _claims(latex)
    assert claim.lhs != claim.rhs


@pytest.mark.parametrize("latex", [
    r"\mu_{\mathcal B} = \mu_B",              # \mathcal without braces: never stripped to B
    r"\mu_{\mathbb{B}} = \mu_B",
    r"x_{(a,b)} = x_{a, b}",                  # an interval beside an index pair (with a space)
    r"x_{(i)} = x_{i}",
    r"x_{(a,b]} = 0",
])
def test_ambiguous_labels_and_pairs_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_calligraphic_label_does_not_depend_on_a_bound_letter_of_the_same_name():
    # \sum_{B=1}^{2} \mu_{\mathcal{B}} is twice the batch mean: the sum's B is not the batch
    claim, = _claims(r"\sum_{B=1}^{2} \mu_{\mathcal{B}} = \mu_{\mathcal{B}}")
    assert sympy.simplify(claim.lhs.doit() - 2 * claim.rhs) == 0


def test_an_index_pair_in_a_sum_follows_the_bound_index():
    # \sum_i x_{(2i,2i+1)} over i = 1, 2 is x_{2,3} + x_{4,5}, not x_{2,3} + x_{4,6}
    good, = _claims(r"\sum_{i=1}^{2} x_{(2i,2i+1)} = x_{(2,3)} + x_{(4,5)}")
    bad, = _claims(r"\sum_{i=1}^{2} x_{(2i,2i+1)} = x_{(2,3)} + x_{(4,6)}")
    assert sympy.simplify(good.lhs.doit() - good.rhs) == 0
    assert sympy.simplify(bad.lhs.doit() - bad.rhs) != 0


# -- indexed e ---------------------------------------------------------------------------------
E1 = sympy.Symbol("e_1", real=True)


def test_e_with_scripts_in_either_order_is_the_indexed_name():
    # TeX puts both scripts on e: e^{2}_{1} is e_{1}^{2}. Before the fix the subscript was
    # dropped (exp(2)), so e^{x}_{i} = \exp(x) came out proved
    # (one index is refused since: e_1 may be a basis vector; two indices are an entry)
    claim, = _claims(r"e^{2}_{12} = e_{12}^{2}")
    assert claim.lhs == claim.rhs and _names(claim.lhs) == ["e_{12}"]
    claim, = _claims(r"e^{2}_{ij} = \exp(2)")
    assert claim.lhs != claim.rhs and "e_{ij}" in _names(claim.lhs)


def test_e_sub_one_is_not_e_to_the_one():
    with pytest.raises(ParseError, match="basis vector"):     # e_1 with one index: refused
        parse_chain(r"e_{1} = e^{1}")


@pytest.mark.parametrize("latex", [r"e_{i} e = 1", r"\exp e_{ij} + e = 1", r"e_{\mathrm{new}} = e",
                                   r"\sum_{i=1}^{n} e^{i} = e_1"])
def test_a_lone_e_or_an_index_in_an_exponent_beside_an_indexed_e_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# was a misread (\mathrm{e}^{x}_{i} = \exp(x) proved: the subscript dropped)
@pytest.mark.parametrize("latex", [r"\mathrm{e}^{x}_{i} = \exp(x)", r"\mathrm{e}_{i} = 1",
                                   r"\text{e}^{2}_{k} = \exp(2)", r"\mathrm{e}^{-x}_{j} = 1"])
def test_an_upright_e_with_a_subscript_is_refused(latex):
    with pytest.raises(ParseError, match="takes no subscript"):
        parse_chain(latex)


def test_an_upright_e_with_a_power_alone_is_eulers_number():
    assert str(parse_chain(r"\mathrm{e}^{x} = \exp(x)").links[0].claim.lhs) == "exp(x)"


# was a misread ((e_i . e_j)^2 = (e_i . e_i)(e_j . e_j) proved as numbers): one index is refused
@pytest.mark.parametrize("latex", [r"(e_i \cdot e_j)^2 = (e_i \cdot e_i)(e_j \cdot e_j)",
                                   r"e_i \cdot e_i = 1"])
def test_a_dot_product_of_indexed_e_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_false_claim_about_an_indexed_e_is_not_proved(capsys):
    code = main(["check", "--json", "--timeout", "30", r"e^{2}_{ij} = \exp(2)"])
    link, = json.loads(capsys.readouterr().out)["links"]
    assert link["verdict"] != "proved" and code != 0, link


# -- bold functions ----------------------------------------------------------------------------
G = (r"\boldsymbol{g}",)


@pytest.mark.parametrize("latex, functions", [
    (r"\boldsymbol{g}(x) = g_1", G),                     # bold function and plain g: one name
    (r"\boldsymbol{g}(x) = g(x)", (r"\boldsymbol{g}", "g")),
    (r"\boldsymbol{g}(x) W = W \boldsymbol{g}(x)", G),   # a matrix after it
    (r"\boldsymbol{g}(x) \boldsymbol{g}(x)^\top = \boldsymbol{g}(x)^\top \boldsymbol{g}(x)", G),
    (r"\|\boldsymbol{g}(x)\|_1 = \|\boldsymbol{g}(x)\|_2", G),   # norms of a vector-valued g
])
def test_bold_function_misuses_are_refused(latex, functions):
    with pytest.raises(ParseError):
        parse_chain(latex, functions=functions)
