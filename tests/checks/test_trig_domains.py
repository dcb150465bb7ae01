"""Unit tests of the definedness gate's tools for trigonometric identities: signs from the
ranges of elementary functions, conditions that vanish together, the where-defined reading."""
from __future__ import annotations

import sympy
from sympy import I, cos, cosh, exp, pi, sin, sinh, tan

from symbolic.checks._exponentials import vanish_together
from symbolic.checks._ranges_elementary import interval_of, sign_by_ranges
from symbolic.checks._where_defined import one_sided_exclusion
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step

x, y = sympy.symbols("x y", real=True)
u, v, z = sympy.symbols("u v z")
p = sympy.Symbol("p", positive=True)


def step(lhs, rhs, *facts) -> Step:
    return Step("S", Kind.IDENTITY, "", claim=Claim(lhs, Relation.EQ, rhs), assumptions=facts)


def test_signs_from_ranges_hold_where_proved():
    assert sign_by_ranges(cosh(2 * y) / 2 - cos(2 * x) / 2, strict=False)
    assert sign_by_ranges(sin(x) ** 2 + sinh(y) ** 2, strict=False)
    assert sign_by_ranges(cosh(2 * y) + cos(2 * x), strict=False)
    assert sign_by_ranges(pi - 3 * cos(x), strict=True)
    assert sign_by_ranges(p * exp(x) + 1, strict=True)
    # a quotient, where it is defined (its denominator has a condition of its own)
    assert sign_by_ranges((cosh(2 * y) - cos(2 * x)) / (cosh(2 * y) + cos(2 * x)), strict=False)


def test_signs_from_ranges_refuse_what_is_false_or_unknown():
    # negative at x = 0, y = 0: 1 - 2 = -1
    assert not sign_by_ranges(cosh(2 * y) - 2 * cos(2 * x), strict=False)
    # sin^2 - sin is -1/4 at sin x = 1/2
    assert not sign_by_ranges(sin(x) ** 2 - sin(x), strict=False)
    # 0 at x = 0: >= 0 but not > 0
    assert sign_by_ranges(cosh(x) - 1, strict=False) and not sign_by_ranges(cosh(x) - 1, strict=True)
    assert not sign_by_ranges(exp(x) - 1, strict=False)
    # complex arguments have no such ranges (cos(i) = cosh 1 > 1)
    assert interval_of(cos(z)) is None and interval_of(cos(x + I * y)) is None
    # a reciprocal of an interval of both signs gives nothing
    assert not sign_by_ranges(1 / cos(x), strict=False)
    assert interval_of(sympy.Symbol("w")) is None


def test_conditions_vanish_together_only_through_a_squared_modulus():
    assert vanish_together(cos(x + I * y), cos(2 * x) + cosh(2 * y))
    assert vanish_together(cos(2 * x) + cosh(2 * y), cos(x - I * y))
    assert vanish_together(sinh(x + I * y), cosh(2 * x) - cos(2 * y))
    # the wrong sign, cos for cosh, a different function: no
    assert not vanish_together(cos(x + I * y), cosh(2 * y) - cos(2 * x))
    assert not vanish_together(cos(x + I * y), cos(2 * x) + cos(2 * y))
    assert not vanish_together(cos(x + I * y), cos(x) * cosh(y))
    # a complex variable: conj(cos z) is no expression of ours, nothing is shown
    assert not vanish_together(cos(z), cos(2 * z) + 1)
    # a pole inside: tan has its own zeros and poles
    assert not vanish_together(tan(x + I * y), cos(2 * x) + cosh(2 * y))


def test_the_where_defined_reading_names_both_sides_exclusions():
    s = step(tan(u + v), (tan(u) + tan(v)) / (1 - tan(u) * tan(v)))
    found = one_sided_exclusion(s)
    assert found is not None and found.witness
    assert r"\cos{\left(u + v \right)}" in found.text()
    assert "where the left side is undefined" in found.text()
    assert "where the right side is undefined" in found.text()
    # only the right side has a pole: the left one is entire
    found = one_sided_exclusion(step(2 * sin(z) * cos(z), 2 * tan(z) / (1 + tan(z) ** 2)))
    assert found is not None and not found.left and found.right


def test_the_where_defined_reading_refuses_inexact_and_vacuous_conditions():
    a, b = sympy.symbols("a b", real=True)
    # a^b is defined at a = -1, b = 2 where a > 0 fails: a sufficient condition leaves out too much
    assert one_sided_exclusion(step(a ** b, exp(b * sympy.log(a + 1)))) is None
    # ... unless an exact condition of the claim fails at the same points: ln a is undefined
    # wherever a > 0 fails, so leaving those points out leaves out no point where both sides
    # are defined (changed with the rule _where_defined._covered; this line expected None before)
    found = one_sided_exclusion(step(a ** b, exp(b * sympy.log(a))))
    assert found is not None and not found.left
    # log(-1 - x^2) is defined nowhere on the reals: a claim about nothing
    assert one_sided_exclusion(step(sympy.log(-1 - x ** 2), sympy.log(-1 - x ** 2) + 1 - 1)) is None
    # nothing to leave out
    assert one_sided_exclusion(step(sin(2 * z), 2 * sin(z) * cos(z))) is None


def test_the_reading_is_off_by_default_and_in_the_cache_key():
    assert CheckConfig().where_defined is False
    assert CheckConfig(where_defined=True).key() != CheckConfig().key()


def test_the_gate_proves_nonzero_conditions_by_ranges():
    from symbolic.checks._definedness import Condition, Need, _proved
    assert _proved(Condition(Need.NONZERO, 2 + cos(x)), ())
    assert _proved(Condition(Need.NONZERO, -cosh(y) - sin(x) ** 2), ())
    # 1 + cos x vanishes at x = pi
    assert not _proved(Condition(Need.NONZERO, 1 + cos(x)), ())
    assert _proved(Condition(Need.NONNEGATIVE, cosh(2 * y) - cos(2 * x)), ())
    assert not _proved(Condition(Need.POSITIVE, cosh(2 * y) - cos(2 * x)), ())


def test_a_one_sided_refutation_is_recognised_by_its_counterexample():
    from symbolic.checks._where_defined import at_one_sided_point, without_one_sided_refutation
    from symbolic.model import Evidence, Outcome, Verdict
    one_sided = Outcome(Verdict.REFUTED, (Evidence("numeric_sample", "at x=0 lhs is undefined: a "
                                                   "division by zero, while rhs has a value"),),
                        (("x", "0"), ("rhs", "2.0")))
    both = Outcome(Verdict.REFUTED, (Evidence("numeric_sample", "= fails at x=1"),),
                   (("x", "1"), ("lhs", "1.0"), ("rhs", "2.0")))
    assert at_one_sided_point(one_sided) and not at_one_sided_point(both)
    s = step(x / x, 2 + 0 * x)
    assert without_one_sided_refutation(s, "numeric_sample", one_sided).verdict is Verdict.INCONCLUSIVE
    assert without_one_sided_refutation(s, "numeric_sample", both) is both
