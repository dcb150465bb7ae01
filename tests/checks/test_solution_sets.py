"""Solution sets over the reals via solveset: proved when equal to the stated set."""
import pytest
import sympy
from sympy import ConditionSet, Eq, ImageSet, Integers, Interval, Lambda, Reals, cos, pi, sin

from symbolic.checks.solution_sets import solution_sets_solveset
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

x, b = sympy.symbols("x b", real=True)
k = sympy.Symbol("k", integer=True)
TWO_PI_Z = ImageSet(Lambda(k, 2 * k * pi), Integers)


def step(condition, rhs):
    return Step("S", Kind.IDENTITY, "q", Claim(ConditionSet(x, condition, Reals), Relation.EQ, rhs))


CASES = [
    (step(sympy.And(Eq(sin(b + x), sin(b)), Eq(cos(b + x), cos(b))), TWO_PI_Z), Verdict.PROVED,
     "sin and cos agree iff the difference is in 2 pi Z"),
    (step(Eq(cos(x), 1), TWO_PI_Z), Verdict.PROVED, "cos x = 1"),
    (step(Eq(sin(x), 0), TWO_PI_Z), Verdict.INCONCLUSIVE, "sin x = 0 also at odd multiples of pi"),
    (step(x ** 2 <= 4, Interval(-2, 2)), Verdict.PROVED, "an inequality"),
]


@pytest.mark.parametrize("the_step, verdict, reason", CASES, ids=[c[2] for c in CASES])
def test_solution_set_verdicts(the_step, verdict, reason):
    outcome = solution_sets_solveset(the_step, config=CheckConfig(), context=None)
    assert outcome.verdict is verdict, (reason, outcome.evidence)
