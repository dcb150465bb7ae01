"""Exact moments with sympy.stats: proved when the difference simplifies to 0, never refuted."""
import pytest
import sympy
from sympy.stats import Bernoulli, Normal
from sympy.stats.symbolic_probability import Expectation, Probability, Variance

from symbolic.checks import check_step
from symbolic.checks.distributions import distributions_exact
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

a = sympy.Symbol("alpha", positive=True)
eps = Normal("epsilon", 0, sympy.sqrt(a + sympy.Rational(1, 2)))
coin = Bernoulli("B", sympy.Rational(1, 2))
va, vb = sympy.symbols("v_a v_b", real=True)


def step(lhs, rhs):
    return Step("S", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs))


CASES = [
    (step(Expectation(1 + eps), 1), Verdict.PROVED, "mean of 1 + epsilon"),
    (step(Variance(1 + eps), a + sympy.Rational(1, 2)), Verdict.PROVED, "variance, symbolic alpha"),
    (step(Probability(1 + eps > 1), sympy.Rational(1, 2)), Verdict.PROVED, "symmetric about 1"),
    (step(Variance(coin * va + (1 - coin) * vb), (va - vb) ** 2 / 4), Verdict.PROVED,
     "a fair coin between two values"),
]


@pytest.mark.parametrize("the_step, verdict, reason", CASES, ids=[c[2] for c in CASES])
def test_distribution_verdicts(the_step, verdict, reason):
    outcome = check_step(the_step, config=CheckConfig(timeout_s=20))
    assert outcome.verdict is verdict, (reason, outcome.evidence)


def test_a_wrong_moment_is_not_proved_by_this_tier():
    outcome = distributions_exact(step(Variance(1 + eps), sympy.Rational(1, 2)),
                                  config=CheckConfig(), context=None)
    assert outcome.verdict is Verdict.INCONCLUSIVE  # differs by alpha: not zero, not refuted here
