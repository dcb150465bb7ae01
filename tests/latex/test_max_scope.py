"""An unbracketed max or min before a product: read only where where it ends cannot matter."""
import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.functions import MaxOver, MinOver
from symbolic.latex import parse_chain

# each would be checked as a different claim under one of the two readings (c < 0 flips a
# max into a min), so each is refused, naming the factor
AMBIGUOUS = [
    r"\max_{j=1}^{n} a_j \cdot c = c \max_{j=1}^{n} a_j",       # true only if the max ends at a_j
    r"\max_{j} a_j c \le c \max_j a_j",
    r"\max_{j=1}^{n} a_j \cdot \sum_{k=1}^{n} b_k \le 0",
    r"\min_j c x_j = c \min_j x_j",
    r"\max_j \frac{x_j}{\sqrt{d}} \le 1",                       # d of unknown sign
    r"\max_{j=1}^{n} x_j y \ge y \max_{j=1}^{n} x_j",
    r"\max_j (-1)^{n} x_j = (-1)^{n} \max_j x_j",
]

# a factor that is never negative gives the same value either way: read, over the whole product
READ = [
    (r"\max_j 2 x_j = 2 \max_j x_j", 2),
    (r"\max_j e^{t} x_j \le 1", sympy.exp(sympy.Symbol("t", real=True))),
    (r"\max_j |c| x_j \le 0", sympy.Abs(sympy.Symbol("c", real=True))),
]


@pytest.mark.parametrize("latex", AMBIGUOUS)
def test_a_factor_that_may_be_negative_is_refused(latex):
    with pytest.raises(ParseError, match="does not depend on"):
        parse_chain(latex)


@pytest.mark.parametrize("latex,factor", READ)
def test_a_nonnegative_factor_is_read_inside(latex, factor):
    lhs = parse_chain(latex).links[0].claim.lhs
    assert isinstance(lhs, (MaxOver, MinOver))
    assert lhs.args[0].has(factor)


def test_a_sum_and_a_max_added_are_not_affected():
    lhs = parse_chain(r"\max_j a_j + c = c").links[0].claim.lhs
    assert isinstance(lhs, sympy.Add)
    assert parse_chain(r"\max_j (x_j - m) \le 0").links[0].claim.lhs.has(MaxOver)


def test_a_declared_positive_factor_is_read():
    lhs = parse_chain(r"\max_j \frac{x_j}{\sqrt{d}} \le 1", assumptions=("d > 0",)).links[0].claim.lhs
    assert isinstance(lhs, MaxOver)
