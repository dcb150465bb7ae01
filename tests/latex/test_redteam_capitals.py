"""Red-team claims against ``symbolic.latex.capital_numbers`` (a capital used as a number).

Each claim was built to make the rule take a capital for a number where a careful reader of a
paper takes it for a matrix, a conjugate-transpose mark, a set or an entry-by-entry divisor, so
that a claim false for matrices would be proved. The meaning and the truth of each claim were
worked out by hand before running the reader (comments say why each is false or true). Most
tests only read (milliseconds); three run ``check`` end to end.
"""
import pytest

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.capital_numbers import capital_numbers


def _read(latex, **options):
    return [link.claim for link in parse_chain(latex, **options).links]


# -- misreads found (fixed in capital_numbers.py): each was read before the fix -------------------
@pytest.mark.parametrize("latex", [
    # v^H w is a number and w v^H a matrix (conjugate transpose): false. The rule made H a number
    # from 1/H and x H then read; v^H was read as the power v**H and the claim was VERIFIED.
    r"\frac{1}{H} x H + v^H w = H x \frac{1}{H} + w v^H",
    r"\frac{1}{H} x H + v^{\mathrm{H}} w = H x \frac{1}{H} + w v^{\mathrm{H}}",
    # M / V divides entry by entry (Adam) exactly as \frac{M}{V}, which the rule declines: with V
    # a matrix, (W + V)^2 = W^2 + 2WV + V^2 is false (WV != VW). It was PROVED.
    r"M / V + (W + V)^2 = M / V + W^2 + 2 W V + V^2",
    r"(x + M) / V + (W + V)^2 = (x + M) / V + W^2 + 2 W V + V^2",
    # a subscripted capital over V is as much a matrix as M: \frac{M_t}{V} (Adam's m_t / v_t)
    r"\frac{M_t}{V} + (W + V)^2 = \frac{M_t}{V} + W^2 + 2 W V + V^2",
    r"M_t / V + (W + V)^2 = M_t / V + W^2 + 2 W V + V^2",
    # the letter written as a matrix elsewhere: bars (|A|, \lvert A \rvert: a determinant or a
    # size), the rank, a volume of a set, an inverse (conjugate) transpose A^{-H}, x^{-T}
    r"\frac{1}{N} x N + \lvert N \rvert = N x \frac{1}{N} + \lvert N \rvert",
    r"\frac{1}{A} x A + \operatorname{rk}(A) = A x \frac{1}{A} + \operatorname{rk}(A)",
    r"\frac{1}{S} x S + \mathrm{vol}(S) = S x \frac{1}{S} + \mathrm{vol}(S)",
    r"\frac{1}{A} x A + A^{-H} = A x \frac{1}{A} + A^{-H}",
    r"\frac{1}{T} + x^{-T} y T = T y x^{-T} + \frac{1}{T}",
])
def test_a_capital_written_as_a_matrix_or_a_mark_is_no_longer_made_a_number(latex):
    with pytest.raises(ParseError, match="after another factor"):
        parse_chain(latex)


@pytest.mark.parametrize("latex, numbers", [
    (r"v^H w + \frac{1}{H}", set()),              # ^H conjugates: H is no number here
    (r"M / V", set()),                            # entry by entry, as \frac{M}{V}
    (r"M / (2V)", {"V"}),                         # as \frac{M}{2V}: one product, V a factor
    (r"a / T + \frac{M_t}{V}", {"T"}),
    (r"|A| + \frac{1}{A}", set()),
    (r"\frac{1 - e^{-T}}{T}", {"T"}),             # e^{-T} is a power: T stays a number
    (r"\gamma^{-T} + \frac{1}{T}", {"T"}),
    (r"A^{-T} + \frac{1}{T}", set()),             # an inverse transpose: T no number
    (r"\sum_{i=1}^{r(A)} x_i", set()),            # r(A) is the number, not A
    (r"\sum_{i=1}^{2(N+1)} x_i + \gamma^{(T-1)}", {"N", "T"}),   # brackets of a product: kept
])
def test_the_fixed_places(latex, numbers):
    assert capital_numbers(latex) == frozenset(numbers)


# -- tried and held: refused (false for matrices) -------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"\sum_{i=1}^{N} A B = N B A",                            # N a number; B after A still refused
    r"\sum_{t=1}^{T} T A = A T^2",                            # A after T: A is no number
    r"\frac{AB}{N} = \frac{BA}{N}",                           # N a number, AB still a product
    r"\frac{1}{N} A N B = \frac{1}{N} B N A",
    r"\lim_{N \to \infty} A^N B = \lim_{N \to \infty} B A^N",
    r"\int_0^T A B \, dt = \int_0^T B A \, dt",
    r"e^{A T} B = B e^{A T}",                                 # e^{AT}: T no sign on base e
    r"x^{N-1} A B = x^{N-1} B A",
    r"2^{T} x A = A x 2^{T}",                                 # a lone capital exponent: no sign
    r"\frac{1}{H} x H + v^{\mathsf{H}} w = H x \frac{1}{H} + w^{\mathsf{H}} v",
    r"\frac{1}{N} x N + \left| N \right| = N x \frac{1}{N} + \left| N \right|",
    r"\frac{1}{A} x A + \mathrm{tr}\, A = A x \frac{1}{A} + \mathrm{tr}\, A",
    # a capital inside a function's brackets in a denominator is no sign (\rho(A), \sigma(W))
    r"\frac{1}{\rho(A)} x A = A x \frac{1}{\rho(A)}",
    r"\frac{1}{\sigma(W)} x W = W x \frac{1}{\sigma(W)}",
    r"\frac{W}{\sigma(W)} V + \frac{1}{\sigma(V)} = V \frac{W}{\sigma(W)} + \frac{1}{\sigma(V)}",
    r"\frac{1}{\mu (T+1)} x T = T x \frac{1}{\mu (T+1)}",
    r"\frac{M}{V} + (W + V)^2 = \frac{M}{V} + W^2 + 2 W V + V^2",
    r"\sum_{t=1}^{T} x_t A = A \sum_{t=1}^{T} x_t",
    r"\frac{1}{L} + L\big(x + y\big) = \frac{1}{L} + L x + L y",     # L(...): function or product
    r"\frac{1}{L} + L\,(x + y) = \frac{1}{L} + L x + L y",
    r"\frac{1}{N} X^H X = \frac{1}{N} X X^H",
    r"\frac{1}{H} X^H X = \frac{1}{H} X X^H",
    r"\min_{X = Y} (A X) = \min_{X = Y} (X A)",                 # a bound variable of \min
    r"\sum_{K = 1}^{3} A K = \sum_{K=1}^{3} K A",
    r"\frac{1}{P} x P + P A = P x \frac{1}{P} + A P",
    r"\frac{1}{D} x D + D^{-1} A = D x \frac{1}{D} + A D^{-1}",
    r"\lim_{N \to \infty} A^N B = 0",
    r"\frac{1}{T} \sum_{t=1}^{T} x_t x_t^T = \frac{1}{T} \sum_{t=1}^{T} x_t^T x_t",
])
def test_refused_as_before(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_function_of_a_matrix_in_a_denominator_is_no_sign():
    # \rho(A), \lambda_1(A), f(X): spectral radius, eigenvalue, a function of X; declaring the
    # function says nothing of its argument
    for latex, functions in [(r"\frac{1}{\rho(A)} x A = A x \frac{1}{\rho(A)}", ["rho"]),
                             (r"\frac{1}{p(X)} x X = X x \frac{1}{p(X)}", ["p"]),
                             (r"\frac{1}{f(X)} + \frac{1}{g(Y)} + X Y = "
                              r"\frac{1}{f(X)} + \frac{1}{g(Y)} + Y X", ["f", "g"])]:
        with pytest.raises(ParseError, match="after another factor"):
            parse_chain(latex, functions=functions)


@pytest.mark.parametrize("latex, functions", [
    # r(A) is the rank of a matrix A (declared a function, as a user would): the range end is the
    # number r(A), and says nothing of A. False for matrices (AB != BA); before the fix A and B
    # were made numbers and both sides read as the same expression.
    (r"\sum_{i=1}^{r(A)} A B + \sum_{i=1}^{r(B)} 1 = \sum_{i=1}^{r(A)} B A + \sum_{i=1}^{r(B)} 1",
     ["r"]),
    (r"\sum_{i=1}^{r(A)} x_i A = A \sum_{i=1}^{r(A)} x_i", ["r"]),
    (r"\int_0^{\tau(X)} x \, dx + X Y + \int_0^{\tau(Y)} x \, dx = "
     r"Y X + \int_0^{\tau(X)} x \, dx + \int_0^{\tau(Y)} x \, dx", ["tau"]),
    (r"\gamma^{n(A) + 1} A B + \gamma^{n(B)+1} = \gamma^{n(A) + 1} B A + \gamma^{n(B)+1}", ["n"]),
    (r"\lim_{r(A) \to \infty} x A = A x", ["r"]),
])
def test_a_capital_inside_a_function_at_a_number_place_is_no_number(latex, functions):
    with pytest.raises(ParseError, match="after another factor"):
        parse_chain(latex, functions=functions)


def test_a_range_end_and_a_denominator_read_as_numbers():
    # true claims, the capital a number in earnest: read
    assert _read(r"\frac{x}{V} + (W + V)^2 = \frac{x}{V} + W^2 + 2 W V + V^2")   # W + V I: true
    assert _read(r"\left(1 - \frac{\mu}{L}\right)^T x T = T x \left(1 - \frac{\mu}{L}\right)^T")
    assert _read(r"a / T + x T = T x + a / T")
    assert _read(r"\frac{1}{N} v^{N} w = \frac{1}{N} v^{N} w")
    assert _read(r"\sum_{t=1}^{T} A T = A T^2")                 # T a number: A T T = A T^2
    assert _read(r"\frac{1}{T} e^{A T} = e^{T A} \frac{1}{T}")   # T a number: AT = TA
    # x^T y is a number (a dot product), so T after it commutes whatever T is: true, read; the
    # rule itself declines T (a transpose is written)
    latex = r"\frac{1}{T} x^{\mathrm{T}} y T = T y^{\mathrm{T}} x \frac{1}{T}"
    assert _read(latex) and capital_numbers(latex) == frozenset()


# -- misreads found outside capital_numbers.py (not this rule's; left for their owners) -----------
# was a strict xfail (a misread found by the red team): fixed by the lead
def test_a_conjugate_transpose_is_not_a_power():
    with pytest.raises(ParseError):
        parse_chain(r"v^H w = w v^H")


# was a strict xfail (a misread found by the red team): fixed by the lead
def test_an_operatorname_transpose_is_not_a_power():
    with pytest.raises(ParseError):       # refused: a transpose mark, never the power x**T
        parse_chain(r"x^{\operatorname{T}} y = y^{\operatorname{T}} x")


# was a strict xfail (a misread found by the red team): fixed by the lead
def test_a_min_subscript_relation_keeps_its_right_side():
    with pytest.raises(ParseError):
        parse_chain(r"\min_{x = y} (x - y) = 0")


# was a strict xfail (\Sigma \Lambda = \Lambda \Sigma proved): a Greek capital after another factor
# is refused as a Latin capital is (fixed by the lead)
def test_greek_capitals_do_not_commute():
    with pytest.raises(ParseError):
        parse_chain(r"\Sigma \Lambda = \Lambda \Sigma")


def test_the_rule_never_makes_a_greek_capital_a_number():
    greek = r"\frac{x}{\Lambda} + \sum_{i=1}^{\Sigma} 1 + \gamma^{2\Delta}"
    assert capital_numbers(greek) == frozenset()
    assert capital_numbers(r"\frac{1}{N} \Sigma \Lambda") == frozenset({"N"})


# -- end to end: the two misreads of the rule, now refused; a true claim still proved -------------
def test_end_to_end(capsys):
    assert main(["check", r"\frac{1}{H} x H + v^H w = H x \frac{1}{H} + w v^H"]) == 2
    assert "after another factor" in capsys.readouterr().err
    assert main(["check", r"M / V + (W + V)^2 = M / V + W^2 + 2 W V + V^2"]) == 2
    assert "after another factor" in capsys.readouterr().err
    assert main(["check", r"a / T + x T = T x + a / T"]) == 0
    assert "PROVED" in capsys.readouterr().out
