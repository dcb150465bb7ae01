"""The rule independent_moments: means and variances from stated moments, any distribution."""
import pytest
import sympy
from sympy import IndexedBase, Sum, Symbol, sqrt

from symbolic.checks import CheckContext, registered_rules
from symbolic.checks.moments import Mean, Var
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

q, k = IndexedBase("q", real=True), IndexedBase("k", real=True)
d = Symbol("d_k", integer=True, positive=True)
kk = Symbol("kk", integer=True)
i = Symbol("i", integer=True)
mu = Symbol("mu", real=True)
DOT = Sum(q[i] * k[i], (i, 1, d))
UNIT = ((q, 0, 1), (k, 0, 1))
SHIFTED = ((q, mu, 1), (k, mu, 1))


def verdict(lhs, rhs, moments=UNIT):
    step = Step("s", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs),
                rule=Rule("independent_moments", params=(("moments", moments),)))
    fn = registered_rules()["independent_moments"]
    return fn(step, config=CheckConfig(), context=CheckContext()).verdict


TRUE = [
    (Mean(DOT), 0, UNIT),
    (Var(DOT), d, UNIT),
    (Var(DOT / sqrt(d)), 1, UNIT),
    (Var(DOT), d * (1 + 2 * mu ** 2), SHIFTED),
    (Mean(DOT), d * mu ** 2, SHIFTED),
    (Mean(Sum(q[i] ** 2, (i, 1, d))), d, UNIT),
    (Var(2 * DOT + 3), 4 * d, UNIT),
]

FALSE = [
    (Var(DOT), d ** 2, UNIT),                       # variance grows like d, not d^2
    (Var(DOT / sqrt(d)), 1 / d, UNIT),              # the scaled variance is 1
    (Var(DOT), d, SHIFTED),                         # non-centred components: d (1 + 2 mu^2)
    (Mean(DOT), 0, SHIFTED),                        # mean d mu^2
    (Var(Sum(q[i] * k[1], (i, 1, d))), d, UNIT),    # a shared k_1: terms not independent
    (Var(Sum(q[i] ** 2, (i, 1, d))), 2 * d, UNIT),  # needs the fourth moment (2d only if normal)
    (Var(DOT), d, ((q, 0, 1),)),                    # k's moments not stated
    (Var(Sum(q[i] * k[i], (i, 1, kk))), kk, UNIT),  # a number of terms not proved >= 0
    (Var(DOT) * Var(DOT), d ** 2 + 1, UNIT),        # arithmetic of the values is checked too
]


@pytest.mark.parametrize("lhs, rhs, moments", TRUE)
def test_true_claims_are_proved(lhs, rhs, moments):
    assert verdict(lhs, rhs, moments) is Verdict.PROVED


@pytest.mark.parametrize("lhs, rhs, moments", FALSE)
def test_false_claims_are_not_proved(lhs, rhs, moments):
    assert verdict(lhs, rhs, moments) is not Verdict.PROVED


# Regressions (red-team): the count hi - lo + 1 is the number of terms only for integer ends,
# and a stated variance below 0 is an impossible premise from which nothing is proved.
N = Symbol("N", integer=True, positive=True)
Dr = Symbol("D", real=True, positive=True)
REFUSED = [
    # N = 3: one term (1..3/2), mean mu, not 3 mu / 2
    (Mean(Sum(q[i], (i, 1, N / 2))), N / 2 * mu, ((q, mu, 1),), "not proved integers"),
    # N = 3: one term of variance 1, not 3/2
    (Var(Sum(q[i] * k[i], (i, 1, N / 2))), N / 2, UNIT, "not proved integers"),
    # D = 3/2: one term, variance 1
    (Var(Sum(q[i], (i, 1, Dr))), Dr, ((q, 0, 1),), "not proved integers"),
    # no distribution has variance -1
    (Var(Sum(q[i], (i, 1, d))), -d, ((q, 0, -1),), "variance $-1$"),
    # a variance that may be negative is not a premise to reason from
    (Var(Sum(q[i], (i, 1, d))), d * mu, ((q, 0, mu),), r"variance $\mu$"),
]


@pytest.mark.parametrize("lhs, rhs, moments, reason", REFUSED)
def test_counts_need_integer_ends_and_variances_are_not_negative(lhs, rhs, moments, reason):
    step = Step("s", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs),
                rule=Rule("independent_moments", params=(("moments", moments),)))
    outcome = registered_rules()["independent_moments"](step, config=CheckConfig(),
                                                        context=CheckContext())
    assert outcome.verdict is not Verdict.PROVED
    assert reason in outcome.evidence[0].detail


def test_a_symbolic_variance_known_non_negative_is_used():
    sigma = Symbol("sigma", real=True)
    assert verdict(Var(Sum(q[i], (i, 1, d))), d * sigma ** 2, ((q, 0, sigma ** 2),)) is Verdict.PROVED
