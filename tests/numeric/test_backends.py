"""symbolic.numeric.backends: Arb balls know each operation's real domain.

An operation certainly outside its domain raises ``Undefined`` (the side has no real value
there); an argument whose ball straddles the edge raises ``Unsettled`` (a higher precision
may decide). Never a silent NaN that a comparison could misread.
"""
from __future__ import annotations

import flint
import pytest

from symbolic.numeric.backends import Undefined, Unsettled, _Acb, _Arb, _flint_precision


@pytest.mark.parametrize("name, value", [
    ("log", 0), ("log", -1), ("sqrt", -2), ("asin", 2), ("acos", -3), ("atanh", 1),
    ("acosh", 0), ("cot", 0), ("csc", 0), ("coth", 0), ("gamma", -2), ("loggamma", -1),
])
def test_outside_the_real_domain_is_undefined(name, value):
    with _flint_precision(200):
        with pytest.raises(Undefined):
            _Arb().funcs[name](flint.arb(value))


def test_a_ball_across_the_edge_is_unsettled():
    with _flint_precision(200):
        straddling = flint.arb(0, 1e-10)  # [-1e-10, 1e-10]
        with pytest.raises(Unsettled):
            _Arb().funcs["log"](straddling)
        with pytest.raises(Unsettled):
            _Arb().inverse(straddling)


@pytest.mark.parametrize("base, exponent", [(0, -1), (0, -3)])
def test_division_by_an_exact_zero_is_undefined(base, exponent):
    with _flint_precision(200):
        with pytest.raises(Undefined):
            _Arb().power(flint.arb(base), exponent)


def test_negative_base_with_a_fractional_power_is_not_real():
    with _flint_precision(200):
        with pytest.raises(Undefined):
            _Arb().power(flint.arb(-8), flint.arb(1) / 3)
        # an integer-valued exponent ball is an integer power, defined for a negative base
        assert _Arb().power(flint.arb(-2), flint.arb(3)) == -8


def test_complex_balls_take_principal_branches():
    with _flint_precision(200):
        backend = _Acb()
        assert backend.funcs["sqrt"](flint.acb(-4)).imag.overlaps(flint.arb(2))
        with pytest.raises(Undefined):
            backend.funcs["log"](flint.acb(0))


def test_precision_is_restored():
    before = flint.ctx.prec
    with _flint_precision(before + 300):
        assert flint.ctx.prec == before + 300
    assert flint.ctx.prec == before


def test_a_negative_base_to_an_exponent_ball_that_may_hold_an_integer_is_unsettled():
    """(-1e100)^(n - 1) at n = -4e59 evaluated with 50 digits: the exponent's ball is wider than
    1, so it may be the integer it is, and the power is defined; only a precise enough ball
    decides (it was 'undefined', and a true claim was refuted on it)."""
    with _flint_precision(166):
        huge = flint.arb("-401734517520969102106538764378604899460235930016425698680341")
        assert not huge.is_exact()
        with pytest.raises(Unsettled):
            _Arb().power(flint.arb(-2), huge)
    with _flint_precision(200):
        with pytest.raises(Undefined):
            _Arb().power(flint.arb(-2), flint.arb(1) / 3)
