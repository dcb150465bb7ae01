"""The definedness gate's nonzero-by-identity rules (``symbolic.checks._exponentials``):
expressions that never vanish are shown nonzero; ones with a zero somewhere never are."""
from __future__ import annotations

import pytest
import sympy

from symbolic.checks._exponentials import nonzero_by_identity

z = sympy.Symbol("z")
x = sympy.Symbol("x", real=True)
n = sympy.Symbol("n", integer=True)
I = sympy.I

NEVER_ZERO = [
    sympy.cosh(z) - sympy.sinh(z),              # e^{-z}
    sympy.cosh(z) + sympy.sinh(z),              # e^{z}
    sympy.cos(z) + I * sympy.sin(z),            # e^{iz}
    2 * sympy.exp(3 * z) * sympy.exp(-z),       # 2 e^{2z}
    I * z + sympy.sqrt(1 - z ** 2),             # product with -iz + root is 1 (DLMF 4.23.19)
    z + sympy.sqrt(z ** 2 + 1),                 # product 1 (DLMF 4.37.16)
    z + sympy.sqrt(z ** 2 - 1),                 # product -1
    sympy.sqrt(1 - z ** 2) - I * z,             # product 1
]

HAS_A_ZERO = [
    # each vanishes at the point in the comment
    sympy.cosh(z),                              # z = i pi/2
    sympy.sin(z),                               # z = 0
    sympy.exp(z) + 1,                           # z = i pi
    sympy.cosh(z) - sympy.cosh(2 * z),          # z = 0
    sympy.exp(z) * sympy.exp(-z) - 1,           # everywhere
    z * sympy.exp(z),                           # z = 0
    z + sympy.sqrt(z ** 2),                     # z = -1: -1 + 1
    z + sympy.sqrt(2 * z ** 2 + 1),             # z = -i: -i + sqrt(-1) = 0
    I * z + sympy.sqrt(1 + z ** 2),             # z = i/sqrt(2): -1/sqrt(2) + sqrt(1/2) = 0
    sympy.sqrt(z) + sympy.sqrt(1 - z),          # two roots: not this rule's form
    sympy.exp(n * z) - sympy.exp(z),            # n = 1
]


@pytest.mark.parametrize("expr", NEVER_ZERO, ids=str)
def test_never_zero(expr):
    assert nonzero_by_identity(expr)


@pytest.mark.parametrize("expr", HAS_A_ZERO, ids=str)
def test_a_zero_somewhere_is_never_shown_nonzero(expr):
    assert not nonzero_by_identity(expr)


def test_the_witnesses_of_the_zeros_are_zeros():
    # the comments above, checked: the rule would have been wrong had it accepted these
    assert sympy.cosh(I * sympy.pi / 2).equals(0)
    assert sympy.exp(I * sympy.pi) + 1 == 0
    w = I / sympy.sqrt(2)
    assert sympy.simplify(I * w + sympy.sqrt(1 + w ** 2)) == 0
    assert (z + sympy.sqrt(z ** 2)).subs(z, -1) == 0
    assert (z + sympy.sqrt(2 * z ** 2 + 1)).subs(z, -I) == 0
