"""The iid_moments rule: exact moments of i.i.d. sums for general sizes."""
import pytest
import sympy

from symbolic.checks import CheckContext, check_step
from symbolic.checks.moments import Mean, Var, evaluate_moments
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

d = sympy.Symbol("d", integer=True, positive=True)
j = sympy.Symbol("j", integer=True, positive=True)
rho = sympy.Symbol("rho", real=True)
q, k, z = (sympy.IndexedBase(n, real=True) for n in "qkz")
DOT = sympy.Sum(q[j] * k[j], (j, 1, d))
IID = ((q, "normal", 0, 1), (k, "normal", 0, 1), (z, "normal", 0, 1))
SHARED = sympy.Sum(q[j] * (rho * q[j] + sympy.sqrt(1 - rho ** 2) * z[j]), (j, 1, d))


def _check(lhs, relation, rhs):
    # sqrt(1 - rho^2) is real only for |rho| <= 1: without that domain the claim is not
    # defined everywhere and no proof of it counts
    step = Step("MOM-1", Kind.IDENTITY, "q", Claim(lhs, relation, rhs),
                assumptions=(rho >= -1, rho <= 1),
                rule=Rule("iid_moments", params=(("iid", IID),)))
    return check_step(step, config=CheckConfig(timeout_s=20), context=CheckContext())


@pytest.mark.parametrize("lhs, relation, rhs, expected", [
    (Mean(DOT), Relation.EQ, 0, Verdict.PROVED),                       # independent zero-mean factors
    (Var(DOT), Relation.EQ, d, Verdict.PROVED),                        # d terms of variance 1
    (Mean(DOT ** 2), Relation.EQ, d, Verdict.PROVED),                  # Var + mean^2
    (sympy.sqrt(Mean(DOT ** 2)), Relation.PROPTO, sympy.sqrt(d), Verdict.PROVED),  # rms = sqrt d
    (sympy.sqrt(Mean(DOT ** 2)), Relation.PROPTO, d, Verdict.REFUTED),  # rms/d = 1/sqrt d, not constant
    (Var(DOT), Relation.EQ, d + 1, Verdict.REFUTED),                   # off by one, exact instance
    (Mean(SHARED), Relation.EQ, rho * d, Verdict.PROVED),              # shared direction: mean rho d
    (Mean(SHARED), Relation.PROPTO, d, Verdict.PROVED),                # ... which is proportional to d
    (Mean(sympy.Sum(q[j] * k[j + 1], (j, 1, d))), Relation.EQ, 0, Verdict.INCONCLUSIVE),  # not iid terms
])
def test_moment_claims(lhs, relation, rhs, expected):
    assert _check(lhs, relation, rhs).verdict is expected


def test_evaluate_moments_of_a_scaled_sum():
    assert sympy.simplify(evaluate_moments(Mean((DOT / d) ** 2), IID) - 1 / d) == 0


def test_unknown_distribution_is_inconclusive():
    step = Step("MOM-2", Kind.IDENTITY, "q", Claim(Mean(DOT), Relation.EQ, 0),
                rule=Rule("iid_moments", params=(("iid", ((q, "cauchy", 0, 1), (k, "normal", 0, 1))),)))
    assert check_step(step, config=CheckConfig(timeout_s=10)).verdict is Verdict.INCONCLUSIVE


def test_every_verdict_names_its_model():
    # a moment claim holds or fails in a probability model; the evidence and a refutation's
    # counterexample must say which, so a model-dependent verdict is never read as absolute
    proved = _check(Var(DOT), Relation.EQ, d)
    refuted = _check(sympy.sqrt(Mean(DOT ** 2)), Relation.PROPTO, d)
    assert (r"model: $q_{j} \sim \operatorname{normal}(0, 1)$, $k_{j} \sim \operatorname{normal}(0, 1)$"
            in proved.evidence[0].detail)
    assert dict(refuted.counterexample)["model"].startswith(r"$q_{j} \sim \operatorname{normal}(0, 1)$")


def test_a_named_model_is_stated_verbatim():
    step = Step("MOM-3", Kind.IDENTITY, "q", Claim(Mean(DOT), Relation.EQ, 0),
                rule=Rule("iid_moments", params=(("iid", IID), ("model", "the i.i.d. reading"))))
    outcome = check_step(step, config=CheckConfig(timeout_s=10))
    assert outcome.verdict is Verdict.PROVED
    assert outcome.evidence[0].detail.startswith("model: the i.i.d. reading;")



def test_closed_form_moments():
    # the polynomial path (power moments of normals, no integration): the normal's raw moments
    # E[X^3] = mu^3 + 3 mu s^2, E[X^4] = mu^4 + 6 mu^2 s^2 + 3 s^4, and independence
    from symbolic.checks.moments import _normal_power_moment, _polynomial_moments
    mu, sd = sympy.symbols("mu sd", positive=True)
    assert sympy.expand(_normal_power_moment(3, mu, sd) - (mu ** 3 + 3 * mu * sd ** 2)) == 0
    assert sympy.expand(_normal_power_moment(4, mu, sd) - (mu ** 4 + 6 * mu ** 2 * sd ** 2
                                                           + 3 * sd ** 4)) == 0
    mean, variance = _polynomial_moments(q[j] ** 2 + rho * q[j] * k[j],
                                         {q[j]: ("normal", 1, 2), k[j]: ("normal", 3, 1)})
    # E = (1 + 4) + 3 rho; E[f^2] = E[q^4] + 2 rho E[q^3] E[k] + rho^2 E[q^2] E[k^2]
    second = (1 + 6 * 4 + 3 * 16) + 2 * rho * (1 + 3 * 4) * 3 + rho ** 2 * 5 * 10
    assert sympy.expand(mean - (5 + 3 * rho)) == 0
    assert sympy.expand(variance - (second - (5 + 3 * rho) ** 2)) == 0
    # not a polynomial in the components: left to sympy.stats
    assert _polynomial_moments(sympy.exp(q[j]), {q[j]: ("normal", 0, 1)}) is None
