"""A capital that the claim itself uses as a number is a number (``symbolic.latex.capital_numbers``).

``\\frac{1}{\\mu T}`` divides by T and ``\\sum_{t=1}^{T}`` counts to T, so ``\\mu T`` is a product
of numbers. Most cases below are claims built to break the rule: false for matrices, and
readable as true only if a capital that may be a matrix were read as a number. Each
expectation was worked out by hand. Reading-only tests (cheap) and three end-to-end checks.
"""
import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.parse import parse_expression
from symbolic.latex.capital_numbers import capital_numbers


def _claims(latex, **options):
    return [link.claim for link in parse_chain(latex, **options).links]


# -- read: the capital is used as a number in the same claim --------------------------------------
@pytest.mark.parametrize("latex", [
    r"\frac{1}{\mu T} = \frac{1}{T \mu}",                       # a denominator
    r"\frac{2(G^2 + \sigma^2)}{\mu T} = \frac{2(G^2 + \sigma^2)}{T \mu}",
    r"\frac{1}{N} \sum_{i=1}^{N} x_i N = \sum_{i=1}^{N} x_i",   # a range end (and a denominator)
    r"\sum_{t=1}^{T} \eta T = T \eta \sum_{t=1}^{T} 1",         # a range end alone
    r"\gamma^{T-t} \mu T = T \mu \gamma^{T - t}",               # a compound exponent
    r"\left(1 - \frac{\mu}{L}\right)^T x T = T x \left(1 - \frac{\mu}{L}\right)^T",   # power T
    r"\frac{x}{L^2(\kappa+1)} \mu L = L \mu \frac{x}{L^2(\kappa + 1)}",
    r"\max_{1 \le i \le N} x_i \le a N",                       # a range in a relation
    r"\frac{1}{N} \cdot A N = A",                                 # N a number: A N = N A
])
def test_a_capital_used_as_a_number_commutes(latex):
    claims = _claims(latex)
    assert claims


def test_the_reading_is_the_product_of_numbers():
    claim, = _claims(r"\frac{1}{\mu T} = \frac{1}{T \mu}")
    names = {s.name: s for s in claim.lhs.free_symbols}
    assert sorted(names) == ["T", "mu"] and all(s.is_commutative for s in names.values())
    assert sympy.simplify(claim.lhs * names["T"] * names["mu"]) == 1 and claim.rhs == claim.lhs


def test_an_assumption_makes_a_capital_a_number_as_before():
    assert _claims(r"x T = T x", assumptions=[r"T \ge 1"])
    assert _claims(r"x N = N x", assumptions=[r"N \in \mathbb{Z}_{>0}"])
    assert _claims(r"x N = N x", assumptions=[r"Q \in \mathbb{R}^{N \times d}"])   # a shape


# -- refused: the rule must not reach these (mostly false for matrices) ----------------------------
@pytest.mark.parametrize("latex", [
    # another capital stays a possible matrix beside a capital number
    r"\frac{1}{T} A B = \frac{1}{T} B A",
    r"\sum_{t=1}^{T} A B = T B A",
    r"\frac{1}{N} A N B = \frac{1}{N} B N A",             # N commutes; B after N does not
    r"\frac{1}{\mu T} A = A \frac{1}{\mu T} + x A",      # A is no number here
    r"\sum_{t=1}^{T} x_t A = A \sum_{t=1}^{T} x_t",       # a bound and a factor of two letters
    r"\frac{1}{N} \sum_{i=1}^{N} x_i M = M \frac{1}{N} \sum_{i=1}^{N} x_i",
    r"\left(1 - \frac{1}{T}\right)^T A B = \left(1 - \frac{1}{T}\right)^T B A",
    r"e^{-T} A B = e^{-T} B A",
    # subscripted capitals are names of their own
    r"\frac{1}{T_0} x T = T x \frac{1}{T_0}",
    r"\frac{1}{T} x T_0 = T_0 x \frac{1}{T}",
    r"\sum_{t=1}^{T} x T_t = \sum_{t=1}^{T} T_t x",
    r"\sum_{t=1}^{T} A_t B_t = \sum_{t=1}^{T} B_t A_t",
    r"\frac{1}{D} D_i P = P D_i \frac{1}{D}",
    r"a / T_0 + x T = a / T_0 + T x",
    # the same letter written as a matrix elsewhere in the claim
    r"\frac{1}{A} x A + A^{-T} = A x \frac{1}{A}",
    r"\frac{1}{X} y X + X^H = X y \frac{1}{X} + X^H",
    r"\frac{1}{A} x A + A_{ij} = A x \frac{1}{A} + A_{ij}",
    r"\frac{1}{A} x A + A_{i,j} = A x \frac{1}{A}",
    r"\frac{1}{T} x T + \mathbf{T} = T x \frac{1}{T} + \mathbf{T}",
    r"\frac{1}{N} x N + \operatorname{tr}(N) = N x \frac{1}{N}",
    r"\frac{1}{N} N(x + y) = x + y + N(x+y) - N(y+x)",      # N before brackets: as before
    r"\frac{1}{L} L(x) = x",                                 # L(x): a function or a product
    # ^T: a transpose is never a number's sign, and keeps T from being one
    r"(a+b)^T = a+b",
    r"\frac{1}{T} (a+b)^T = \frac{a+b}{T}",
    r"\sum_{t=1}^{T} x^T y = T x^T y",
    r"\frac{1}{T} x T + x^T y = T x \frac{1}{T} + y^T x",
    r"\frac{1}{T} x T + x^{\mathrm{T}} y = T x \frac{1}{T} + y^{\mathrm{T}} x",
    r"x^{-T} y T = T y x^{-T}",
    r"W^Q x W = W x W^Q",                                   # a lone capital superscript: a label
    r"x^{N} A N = N A x^{N}",
    r"x^{kT} y T = T y x^{kT}",                              # kT: a label as often as a power
    # places that look numeric and are not
    r"\frac{1}{AB} = \frac{1}{BA}",                          # a row times a column is a number
    r"\frac{1}{x A y} = \frac{1}{y A x}",                    # a bilinear form is a number
    r"\frac{df}{dW} W = W \frac{df}{dW}",                    # a derivative by a matrix
    r"\frac{\partial f}{\partial W} W = W \frac{\partial f}{\partial W}",
    r"\frac{A}{2} B = B \frac{A}{2}",                        # a numerator
    r"\frac{M}{V + \epsilon} + W V = \frac{M}{V + \epsilon} + V W",   # entry by entry (Adam)
    r"\frac{M}{V} + W V = \frac{M}{V} + V W",
    r"\frac{1}{(V + \epsilon)^2} + W V = \frac{1}{(V + \epsilon)^2} + V W",
    r"e^{2A} x A = A x e^{2A}",                              # e^{2A}: a matrix exponential
    r"\mathrm{e}^{2A} x A = A x \mathrm{e}^{2A}",
    r"\sqrt{A} x A = A x \sqrt{A}",                          # matrices have square roots
    r"\log A \cdot x A = A x \log A",                        # and logarithms
    r"\sum_{i=1}^{|S|} x_i S = S \sum_{i=1}^{|S|} x_i",      # |S|: the size of a set
    r"\lim_{A \to 0} x A = 0",                               # a matrix may tend to 0
    r"2^{A} x A = A x 2^{A}",
])
def test_a_capital_the_claim_does_not_use_as_a_number_stays_refused(latex):
    with pytest.raises(ParseError, match="after another factor|transpose|L\\(\\.\\.\\.\\)"):
        parse_chain(latex)


@pytest.mark.parametrize("latex", [
    # the reader refuses these for another reason today (a matrix transpose, a norm of a
    # matrix, \det): the rule must still not make the letter a number, should they read later
    r"\frac{1}{T} x T + T^\top",
    r"\frac{1}{A} x A + A^T",
    r"\frac{1}{A} x A + A^{\intercal}",
    r"\frac{1}{A} x A + A^*",
    r"\frac{1}{N} x N + \|N\|",
    r"\frac{1}{N} x N + \left\| N \right\|_F",
    r"\frac{1}{A} x A + \det A",
    r"\frac{1}{A} x A + \langle A, B \rangle",
    r"\frac{1}{A} x A + \mathrm{rank}(A)",
])
def test_a_capital_written_as_a_matrix_anywhere_is_no_number(latex):
    assert capital_numbers(latex) == frozenset()


def test_a_declared_matrix_or_function_is_never_made_a_number():
    # the rule's own answer (the readings of declared matrices are matrices.py's)
    matrix = {"A": sympy.MatrixSymbol("A", 3, 3)}
    assert capital_numbers(r"\sum_{i=1}^{A} x_i + \frac{1}{A}", matrix) == frozenset()
    assert capital_numbers(r"\frac{1}{F} x F", functions=["F"]) == frozenset()
    with pytest.raises(ParseError):
        parse_chain(r"\frac{1}{F} x F = F x \frac{1}{F}", functions=["F"])


def test_an_expression_display_uses_the_rule_too():
    value = parse_expression(r"\frac{2(G^2 + \sigma^2)}{\mu T}").value
    assert sorted(s.name for s in value.free_symbols) == ["G", "T", "mu", "sigma"]
    with pytest.raises(ParseError, match="after another factor"):
        parse_expression(r"\frac{1}{T} A B")


@pytest.mark.parametrize("latex, numbers", [
    (r"\sum_{t=1}^{T} a_t", {"T"}),
    (r"\int_0^T f(t) \, dt", {"T"}),
    (r"\int_A f", set()),                    # integration over a set A
    (r"\lim_{N \to \infty} a_N", {"N"}),
    (r"\lim_{A \to 0} a_A", set()),
    (r"x^{2N} + e^{2M}", {"N"}),
    (r"a / T", {"T"}),
    (r"\theta_T", set()),                    # a subscript: T may be a label (target)
    (r"\sum_{t=1}^{T} x^T y", {"T"}),        # a range end; x^T beside it is refused (rewriter)
    (r"\sum_{t=1}^{T} \mathbf{x}^T y", set()),   # a bold x^T: a transpose, T never a number
    (r"\sum_{t=1}^{T} x_t^T y_t", set()),    # a subscripted x_t^T: a transpose
    (r"\sum_{t=0}^{T-1} \beta^t = \beta^T", {"T"}),   # a lone Greek letter: a power of a number
    (r"\left(1 - \frac{2}{\kappa+1}\right)^T D^2", {"T"}),   # D^2 alone says nothing of D
    (r"(x - y)^T D", set()),                  # no number term: a transposed vector
])
def test_the_places_that_make_a_capital_a_number(latex, numbers):
    assert capital_numbers(latex) == frozenset(numbers)


# -- end to end: a true claim proved, a false one refuted, a matrix product refused ---------------
def test_end_to_end(capsys):
    assert main(["check", r"\frac{1}{\mu T} = \frac{1}{T \mu}"]) == 0
    assert "PROVED" in capsys.readouterr().out
    main(["check", r"\frac{1}{\mu T} = \frac{T}{\mu}"])
    out = capsys.readouterr().out
    assert "REFUTED" in out and "PROVED" not in out and "VERIFIED" not in out
    assert main(["check", r"\frac{1}{T} A B = \frac{1}{T} B A"]) == 2
    assert "after another factor" in capsys.readouterr().err


# -- ^T on a lone letter beside a T the claim counts to: the T-th power ----------------------------
def test_a_geometric_sum_to_T_reads_beta_T_as_a_power():
    claim, = _claims(r"\sum_{t=0}^{T-1}\beta^t = \frac{1-\beta^T}{1-\beta}")
    names = {s.name: s for s in claim.rhs.free_symbols}
    assert claim.rhs == (1 - names["beta"] ** names["T"]) / (1 - names["beta"])


@pytest.mark.parametrize("latex", [
    r"\sum_{t=0}^{T-1} x^T y = T x^T y",          # x^T y: a dot product or a power times y
    r"\frac{1}{T} x^T y = x^T y \frac{1}{T}",     # T a number by its denominator
    r"\sum_{t=1}^T \beta^T k_j = 0",              # a vector beside it
    r"\sum_{t=1}^T \beta^T (a+b) = 0",            # a bracket beside it
    r"\sum_{t=1}^{T} x_t^T y_t = 1",              # a subscripted name: a transposed vector
    r"\sum_{t=1}^{T} \mathbf{x}^T = 1",           # a bold vector
    r"x^T = x",                                   # no T counted: as before
    r"\sum_{t=1}^{T} \beta^{\top} = T",           # \top is never a power
])
def test_other_transposes_beside_a_counted_T_stay_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)
