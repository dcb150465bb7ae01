"""A range written as a double inequality under a sum, product, max or min."""
import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.functions import MaxOver, MinOver
from symbolic.latex import parse_chain

n, m = sympy.symbols("n m", real=True)


def _limits(latex):
    lhs = parse_chain(latex).links[0].claim.lhs
    return type(lhs), lhs.limits[0]


@pytest.mark.parametrize("latex,cls,lo,hi", [
    (r"\sum_{1 \le j \le n} x_j = 0", sympy.Sum, 1, n),
    # a strict end moves by one from its rounding (redteam 2026-12-02: m + 1 is the first whole
    # number above m only for a whole m; n and m are real here, so the rounding stays)
    (r"\sum_{0 \le j < n} x_j = 0", sympy.Sum, 0, sympy.ceiling(n) - 1),
    (r"\prod_{1 \leq k \leq n} k = 1", sympy.Product, 1, n),
    (r"\max_{m < j \le n} x_j = 0", MaxOver, sympy.floor(m) + 1, n),
    (r"\min_{1 \le j < 2n} x_j = 0", MinOver, 1, sympy.ceiling(2 * n) - 1),
    (r"\max_{0 \le j \le n-1} x_{j+1} = 0", MaxOver, 0, n - 1),
])
def test_a_double_inequality_is_the_whole_numbers_between(latex, cls, lo, hi):
    kind, (index, low, high) = _limits(latex)
    assert kind is cls and (low, high) == (lo, hi)


@pytest.mark.parametrize("latex", [
    r"\sum_{1 \le i < j \le n} x_i = 0",        # two indices
    r"\sum_{1 \le j} x_j = 1",                  # one end only
    r"\sum_{n \ge j \ge 1} x_j = 1",            # written downwards: not read
    r"\max_{1 \le j \ge 0} x_j = 1",
    r"\max_{0 \le t \le T} t^2 = T^2",          # a max over the real interval [0, T]?
    r"\max_{1 \le j \le n} j = n",              # no name indexed by j: maybe real j
    r"\min_{0 < x < 1} x = 0",                  # the infimum over an open interval is not attained
])
def test_other_relations_in_the_subscript_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)
