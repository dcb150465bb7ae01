"""Definite integrals with parameters refuted at a certified point, and by a verified antiderivative.

A refutation needs an exact point of the parameters that satisfies every assumption (the
integers' own assumption included) where Arb's balls of the two sides do not meet; a claim true
at every such point is never refuted. Every value was worked out by hand.
"""
import pytest
import sympy

from symbolic.checks.integrals import (_decide, _newton_leibniz, _off_cut_powers, _parameter_points,
                                      _refuted_at_a_point)
from symbolic.model import Claim, Relation, Step, infer_kind

t = sympy.Symbol("t", real=True)
x = sympy.Symbol("x", real=True)
m = sympy.Symbol("m", integer=True)
n = sympy.Symbol("n", integer=True)
mp = sympy.Symbol("m", integer=True, positive=True)
np_ = sympy.Symbol("n", integer=True, positive=True)
a = sympy.Symbol("a", positive=True)
pi = sympy.pi


def step(lhs, rhs, *facts):
    claim = Claim(lhs, Relation.EQ, rhs)
    return Step("S", infer_kind(claim), "integral", claim=claim, assumptions=tuple(facts))


def test_orthogonality_over_all_integers_is_refuted_at_m_equal_minus_n():
    # int_0^pi sin(mt) sin(nt) dt = -pi/2 at m = -n != 0; m != n is all DLMF 4.26.9's data states
    s = step(sympy.Integral(sympy.sin(m * t) * sympy.sin(n * t), (t, 0, pi)), 0, sympy.Ne(m, n))
    outcome = _refuted_at_a_point(s)
    assert outcome is not None and outcome.verdict.value == "refuted"
    point = dict(outcome.counterexample)
    assert int(point["m"]) == -int(point["n"]) != 0


def test_orthogonality_over_positive_integers_is_not_refuted():
    # for positive m != n the integral is 0 at every point
    s = step(sympy.Integral(sympy.sin(mp * t) * sympy.sin(np_ * t), (t, 0, pi)), 0, sympy.Ne(mp, np_))
    assert _refuted_at_a_point(s) is None
    assert all(p[mp] > 0 and p[np_] > 0 and p[mp] != p[np_] for p in _parameter_points(s, [mp, np_]))


def test_a_true_parametric_integral_is_not_refuted():
    # int_0^1 x^a dx = 1/(a + 1) for a > 0
    s = step(sympy.Integral(x ** a, (x, 0, 1)), 1 / (a + 1))
    assert _refuted_at_a_point(s) is None


def test_points_satisfy_the_stated_facts():
    s = step(sympy.Integral(sympy.cos(m * t), (t, 0, pi)), 0, sympy.Ne(m, 0), m < 2)
    points = _parameter_points(s, [m])
    assert points and all(p[m] != 0 and p[m] < 2 for p in points)


@pytest.mark.parametrize("integrand, a_, b_, value", [
    (sympy.cos(t ** 2), 0, sympy.oo, sympy.sqrt(2 * pi) / 4),        # Fresnel, DLMF 4.26.13
    (sympy.exp(-t), 0, sympy.oo, 1),
    (1 / (1 + t ** 2), -sympy.oo, sympy.oo, pi),
])
def test_newton_leibniz_values(integrand, a_, b_, value):
    got = _newton_leibniz(sympy.Integral(integrand, (t, a_, b_)))
    assert not isinstance(got, str) and sympy.simplify(got[0] - value) == 0


@pytest.mark.parametrize("integrand, a_, b_", [
    (1 / t ** 2, -1, 1),            # F = -1/t across the pole: "-2", but the integral diverges
    (1 / (t - 1), 0, 2),            # log|t - 1|: only a principal value exists
    (1 / t, 0, 1),                  # diverges at 0: the limit of ln t is not finite
    (sympy.Abs(t), -1, 1),          # |t| is not taken as smooth
])
def test_newton_leibniz_refuses_singular_or_unsupported_integrals(integrand, a_, b_):
    assert isinstance(_newton_leibniz(sympy.Integral(integrand, (t, a_, b_))), str)


c = sympy.Symbol("c", complex=True)


def test_piecewise_conditions_decided_from_the_facts():
    half_plane = (sympy.re(c) > 0,)
    assert _decide(sympy.Abs(sympy.arg(c)) <= pi / 2, half_plane) is True
    # Re c >= 0 lets in the imaginary axis, where the Gaussian integral does not converge
    assert _decide(sympy.Abs(sympy.arg(c)) <= pi / 2, (sympy.re(c) >= 0,)) is None
    assert _decide(sympy.Abs(sympy.arg(c)) <= pi / 2, ()) is None
    assert _decide(sympy.Eq(m, n), (sympy.Ne(m, n),)) is False
    assert _decide(sympy.Eq(m, -n), (sympy.Ne(m, n),)) is None
    assert _decide(sympy.Eq(m, n) | sympy.Eq(m, -n), (sympy.Ne(m, n), sympy.Ne(m, -n))) is False


def test_reciprocal_powers_combined_only_off_the_cut():
    expr = sympy.sqrt(1 / c)
    assert _off_cut_powers(expr, (sympy.re(c) > 0,)) == 1 / sympy.sqrt(c)
    # at c = -1: sqrt(1/c) = i but 1/sqrt(c) = -i, so nothing is combined without the fact
    assert _off_cut_powers(expr, ()) == expr

