"""Products of sines and cosines over a period of roots of unity: the closed forms against the
products at concrete sizes, and the claims they prove or leave alone."""
from __future__ import annotations

import pytest
import sympy
from sympy import I, Product, cos, pi, sin

from symbolic.checks._unity_products import closed_form
from symbolic.checks.exp_rational import _applies, check_exp_rational
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

n = sympy.Symbol("n", integer=True, positive=True)
k = sympy.Symbol("k", integer=True)
z = sympy.Symbol("z")


def step(lhs, rhs) -> Step:
    return Step("S", Kind.IDENTITY, "", claim=Claim(lhs, Relation.EQ, rhs))


@pytest.mark.parametrize("body", [sin(z + k * pi / n), cos(z + k * pi / n), sin(z - k * pi / n),
                                  3 * z * cos(z - k * pi / n) ** 2 * sin(2 * z + k * pi / n)])
@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_the_closed_form_is_the_product_at_concrete_sizes(body, size):
    closed = closed_form(Product(body, (k, 0, n - 1)))
    assert closed is not None
    at = {n: size, z: sympy.Rational(3, 7) + I / 5}
    direct = sympy.prod(body.subs(at).subs(k, j) for j in range(size))
    assert abs(sympy.N(closed.subs(at) - direct, 40)) < 1e-30


def test_other_products_are_left_alone():
    # 2 pi / n: e^{4 pi i / n} is not a primitive n-th root of unity for even n
    assert closed_form(Product(sin(z + 2 * k * pi / n), (k, 0, n - 1))) is None
    # a count that may be 0 or is not an integer
    m = sympy.Symbol("m", integer=True)
    assert closed_form(Product(sin(z + k * pi / m), (k, 0, m - 1))) is None
    # a function other than sin and cos, a power of a function of k
    assert closed_form(Product(sympy.tan(z + k * pi / n), (k, 0, n - 1))) is None
    assert closed_form(Product(sin(z + k * pi / n) ** k, (k, 0, n - 1))) is None


def test_dlmf_4_21_35_is_proved_and_its_neighbours_are_not():
    true = step(sin(n * z), 2 ** (n - 1) * Product(sin(z + k * pi / n), (k, 0, n - 1)))
    outcome = check_exp_rational(true, config=CheckConfig(), context=None)
    assert outcome.verdict is Verdict.PROVED and "root of unity" in outcome.evidence[-1].detail
    # the same product from k = 1 is sin(n z + pi) 2^{1-n} = -sin(n z) 2^{1-n}
    shifted = step(sin(n * z), 2 ** (n - 1) * Product(sin(z + k * pi / n), (k, 1, n)))
    # a power of 2 too many: n = 1 gives sin z = 2 sin z
    doubled = step(sin(n * z), 2 ** n * Product(sin(z + k * pi / n), (k, 0, n - 1)))
    # cos for sin: n = 2 gives cos 2z = -sin 2z
    cosine = step(cos(n * z), 2 ** (n - 1) * Product(cos(z + k * pi / n), (k, 0, n - 1)))
    for false in (shifted, doubled, cosine):
        assert _applies(false)
        outcome = check_exp_rational(false, config=CheckConfig(), context=None)
        assert outcome.verdict is not Verdict.PROVED
