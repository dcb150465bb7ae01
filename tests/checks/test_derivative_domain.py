"""Where a derivative claim is proved: the derivative's own domain, the cuts of the inverse
functions, the signs of trigonometric functions on an interval, and the fundamental theorem.

Every expected value below was worked out by hand; the cut locations are also checked against
mpmath (the formal derivative agrees with a numerical one off the cut, and the function jumps
across it), so a wrong cut cannot hide behind a symbolic agreement.
"""
import mpmath
import pytest
import sympy

from symbolic.checks._definedness import Condition, Need
from symbolic.checks._derivative_domain import (CUTS, as_derivative_step, cut_condition,
                                                derivative_domain)
from symbolic.checks._trig_signs import trig_sign_proved
from symbolic.checks.integrals import _fundamental_theorem, _upper_limit_form
from symbolic.model import Claim, Relation, Step, infer_kind

z = sympy.Symbol("z", complex=True)
a = sympy.Symbol("a", complex=True)
x = sympy.Symbol("x", real=True)
t = sympy.Symbol("t", real=True)
n = sympy.Symbol("n", integer=True)
pi = sympy.pi
EQ = Relation.EQ


def step(lhs, rhs, *facts):
    claim = Claim(lhs, EQ, rhs)
    return Step("S", infer_kind(claim), "derivative", claim=claim, assumptions=tuple(facts))


def D(e, v=z):
    return sympy.Derivative(e, v)


# (need, expression, facts, proved?) worked out by hand from where sin, cos, tan are positive
SIGNS = [
    (Need.POSITIVE, sympy.cos(x), (x > -pi / 2, x < pi / 2), True),
    (Need.POSITIVE, sympy.cos(x), (x > -pi / 2, x <= pi / 2), False),    # cos(pi/2) = 0
    (Need.POSITIVE, sympy.tan(x / 2), (x > 0, x < pi), True),
    (Need.POSITIVE, sympy.tan(x / 2 + pi / 4), (x > -pi / 2, x < pi / 2), True),
    (Need.POSITIVE, sympy.sin(x), (x > 0, x < 4), False),               # sin 3.5 < 0
    (Need.POSITIVE, sympy.sin(x), (x > 2 * pi, x < 3 * pi), True),
    (Need.POSITIVE, sympy.sin(x), (x > -pi, x < 0), False),
    (Need.NONZERO, sympy.sin(x), (x > -pi, x < 0), True),
    (Need.NONZERO, sympy.cos(x), (x > -2, x < 2), False),               # cos(pi/2) = 0
    (Need.POSITIVE, -sympy.cos(x), (x > pi / 2, x < 3 * pi / 2), True),
    (Need.POSITIVE, -sympy.cos(x), (x > -pi / 2, x < pi / 2), False),
    (Need.POSITIVE, sympy.tan(x), (x > 0, x < 2), False),               # pole at pi/2
    (Need.POSITIVE, sympy.cos(2 * x), (x > -1, x < 1), False),          # cos 2 < 0
    (Need.POSITIVE, sympy.cos(2 * x), (x > -sympy.Rational(3, 4), x < sympy.Rational(3, 4)), True),
    (Need.POSITIVE, sympy.cos(x), (), False),                           # unbounded
]


@pytest.mark.parametrize("need, expr, facts, proved", SIGNS, ids=[f"{c[1]} on {c[2]}" for c in SIGNS])
def test_trig_signs_on_an_interval(need, expr, facts, proved):
    assert trig_sign_proved(expr, need.name, facts) is proved


# points off every cut and points on one (w, on the cut?)
POINTS = [(sympy.Rational(1, 2) + sympy.I / 3, False), (-sympy.Rational(7, 5) + sympy.I / 5, False),
          (sympy.I * sympy.Rational(3, 2) + sympy.Rational(1, 10), False), (sympy.Rational(1, 3), False)]


@pytest.mark.parametrize("function", sorted(CUTS, key=lambda f: f.__name__), ids=lambda f: f.__name__)
def test_the_formal_derivative_is_the_numerical_one_off_the_located_cut(function):
    w = sympy.Symbol("w", complex=True)
    formal = sympy.lambdify(w, sympy.diff(function(w), w), modules="mpmath")
    value = sympy.lambdify(w, function(w), modules="mpmath")
    u = cut_condition(function(w)).expr
    with mpmath.workdps(30):
        for point, _ in POINTS:
            on_cut = sympy.N(u.subs(w, point))
            if sympy.im(on_cut) == 0 and sympy.re(on_cut) <= 0:
                continue
            p = mpmath.mpc(sympy.re(point), sympy.im(point))
            assert abs(mpmath.diff(value, p) - formal(p)) < mpmath.mpf("1e-15")


@pytest.mark.parametrize("function, point", [
    (sympy.asin, 2), (sympy.acos, -3), (sympy.atanh, 2), (sympy.atan, 2 * sympy.I),
    (sympy.asinh, -3 * sympy.I), (sympy.acosh, sympy.Rational(1, 2))])
def test_the_located_cut_is_where_the_function_jumps(function, point):
    w = sympy.Symbol("w", complex=True)
    u = cut_condition(function(w)).expr.subs(w, point)
    assert u.is_real and u <= 0               # the point is on the located cut
    value = sympy.lambdify(w, function(w), modules="mpmath")
    # across the cut: a step perpendicular to it (the cut is on an axis)
    step_ = mpmath.mpf("1e-12") * (1j if sympy.im(point) == 0 else 1)
    p = mpmath.mpc(sympy.re(point), sympy.im(point))
    assert abs(value(p + step_) - value(p - step_)) > 0.1


def test_log_derivative_is_proved_off_its_cut_and_names_it():
    domain = derivative_domain(step(D(sympy.log(z)), 1 / z))
    assert domain is not None and not domain.antiderivative
    assert [c.need for c in domain.excluded] == [Need.OFF_CUT]
    assert "lies on the cut" in domain.text() and "where the derivative exists" in domain.text()


def test_a_parameter_zero_is_left_out_of_an_antiderivative():
    # int e^{az} dz = e^{az}/a: F is undefined at a = 0, a polynomial's zero (no interior)
    s = step(sympy.Integral(sympy.exp(a * z), z), sympy.exp(a * z) / a)
    assert isinstance(as_derivative_step(s).claim.lhs, sympy.Derivative)
    domain = derivative_domain(s)
    assert domain is not None and domain.antiderivative
    assert any(c.need is Need.NONZERO and c.expr == a for c in domain.excluded)
    assert "additive constant" in domain.text()


@pytest.mark.parametrize("name, claim", [
    # a real log's condition x > 0 leaves out half of x != 0: never excluded
    ("real-log-branch", step(D(sympy.log(x), x), 1 / x, sympy.Ne(x, 0))),
    # |z| is nowhere holomorphic
    ("modulus", step(D(sympy.Abs(z)), z / sympy.Abs(z))),
    # the other side is undefined off the derivative's exclusions: 1/(z - 1) at z = 1
    ("other-side-pole", step(D(sympy.log(z)), sympy.Add(1 / z, sympy.Mul(
        z - 1, sympy.Pow(z - 1, -1, evaluate=False), evaluate=False), -1, evaluate=False))),
    # no derivative in the claim: x/x = 1 keeps the old rule (not this one)
    ("no-derivative", step(sympy.Mul(z, sympy.Pow(z, -1, evaluate=False), evaluate=False), 1)),
    # a cut along a real variable only: the cut is crossed at a point of the line, but the
    # rule needs a complex variable to call the left-out set thin
    ("real-crossing", step(D(sympy.log(-1 + sympy.I * x), x), sympy.I / (-1 + sympy.I * x))),
    # excluding n = -1 for an integer n leaves out a whole instance, not a point
    ("integer-exclusion", step(D(z ** (n + 1) / (n + 1)), z ** n)),
    # a domain without interior (Re z = 0) may be mostly cut
    ("thin-domain", step(D(sympy.asinh(z)), 1 / sympy.sqrt(1 + z ** 2), sympy.Eq(sympy.re(z), 0))),
])
def test_no_derivative_domain_where_the_rule_does_not_apply(name, claim):
    assert derivative_domain(claim) is None


def test_fundamental_theorem_proves_gd_and_refuses_a_pole_inside():
    integral = sympy.Integral(sympy.sec(t), (t, 0, x))
    g = sympy.log(sympy.tan(x / 2 + pi / 4))
    good = step(g, integral, x > -pi / 2, x < pi / 2)
    found = _upper_limit_form(good.claim)
    assert found is not None and _fundamental_theorem(good, found) is not None
    # sec t has a pole at pi/2 inside (-pi, pi)
    wide = step(g, integral, x > -pi, x < pi)
    assert _fundamental_theorem(wide, _upper_limit_form(wide.claim)) is None
    # G(0) != 0: the constant of integration is wrong
    shifted = step(g + 1, integral, x > -pi / 2, x < pi / 2)
    assert _fundamental_theorem(shifted, _upper_limit_form(shifted.claim)) is None
    # the lower limit outside the interval: the theorem says nothing there
    outside = step(g, sympy.Integral(sympy.sec(t), (t, 1, x)), x > -1, x < 0)
    assert _fundamental_theorem(outside, _upper_limit_form(outside.claim)) is None
