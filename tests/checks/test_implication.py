"""implication_exact_points: refute P => Q only where P is proved exactly and Q certainly fails."""
import pytest
import sympy
from sympy import And, Eq, Ne, Symbol, exp, log, sqrt

from symbolic.checks.implication import _applies, check_exact_points
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

a, b, c, x = (Symbol(n, real=True) for n in "abcx")
n = Symbol("n", integer=True, positive=True)


def _verdict(premise, conclusion, assumptions=()):
    step = Step("T-1", Kind.IMPLICATION, "quote", Claim(premise, Relation.IMPLIES, conclusion),
                assumptions=assumptions)
    return check_exact_points(step, config=CheckConfig(), context=None)


@pytest.mark.parametrize("premise, conclusion, verdict, reason", [
    (Eq(a * (b - c) + c * a, a * b), Eq(c, 0), Verdict.REFUTED,
     "the premise is an identity, so any c != 0 is a counterexample"),
    (Eq(log(exp(a) + exp(a)) - a, log(2)), Eq(a, 0), Verdict.REFUTED,
     "a transcendental premise proved exactly by SymPy at a = 1"),
    (Eq(a ** 2, b ** 2), Eq(a, b), Verdict.REFUTED, "a = 1, b = -1"),
    (Eq(a, b), Eq(a + c, b + c), Verdict.INCONCLUSIVE, "true: no counterexample exists"),
    (And(Eq(a * b, 0), Ne(b, 0)), Eq(a, 0), Verdict.INCONCLUSIVE,
     "true: b != 0 rules out the points where a != 0"),
    (Eq(sqrt(2) * a, 1), Eq(a, 1), Verdict.INCONCLUSIVE,
     "false, but no small exact point satisfies the premise: no verdict, never 'true'"),
])
def test_exact_points(premise, conclusion, verdict, reason):
    assert _verdict(premise, conclusion).verdict is verdict, reason


def test_a_refutation_names_its_point():
    outcome = _verdict(Eq(a ** 2, b ** 2), Eq(a, b))
    point = dict(outcome.counterexample)
    assert sympy.Rational(point["a"]) ** 2 == sympy.Rational(point["b"]) ** 2
    assert point["a"] != point["b"]


def test_points_respect_sign_assumptions():
    p = Symbol("p", positive=True)
    # false only at p = 0, which the domain excludes: no counterexample may be found
    assert _verdict(Eq(a * p, p * b), Eq(a, b)).verdict is Verdict.INCONCLUSIVE
    outcome = _verdict(Eq(a + p, p + b), Eq(a * p, b))
    assert outcome.verdict is Verdict.REFUTED
    assert sympy.Rational(dict(outcome.counterexample)["p"]) > 0


def test_general_sizes_are_left_to_the_numeric_tier():
    step = Step("T-2", Kind.IMPLICATION, "q", Claim(Eq(n * a, 0), Relation.IMPLIES, Eq(a, 0)))
    assert not _applies(step)
