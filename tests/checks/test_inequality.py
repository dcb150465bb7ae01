"""The inequality tier: sign, substitution of facts, and one-variable calculus."""
import pytest
import sympy

from symbolic.checks import check_step, registered_checkers
from symbolic.checks.inequality import calculus_proof, goal_of, interval_of, prove_sign_on
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

x = sympy.Symbol("x", real=True)
a, b = sympy.symbols("a b", real=True)
p = sympy.Symbol("p", positive=True)
LE, LT, GE, GT = Relation.LE, Relation.LT, Relation.GE, Relation.GT
CONFIG = CheckConfig(timeout_s=20)


def step(lhs, relation, rhs, assumptions=()):
    return Step("I-1", Kind.INEQUALITY, "quote", claim=Claim(lhs, relation, rhs),
                assumptions=assumptions)


def tier(s):
    return [o for o in (c.fn(s, config=CONFIG, context=None) for c in registered_checkers()
                        if c.name.startswith("inequality_") and c.applies(s)) if o is not None]


def proving_methods(s):
    return [o.method for o in tier(s) if o.verdict is Verdict.PROVED]


TRUE = [
    (step(sympy.log(1 + x), LE, x, (x > -1,)), "inequality_calculus",
     "ln(1+x) <= x: convex gap with stationary point 0"),
    (step(sympy.exp(x), GE, 1 + x), "inequality_calculus", "e^x >= 1 + x on all reals"),
    (step(sympy.log(x), LE, x - 1, (x > 0,)), "inequality_calculus", "ln x <= x - 1"),
    (step(sympy.sqrt(x), LT, x, (x > 1,)), "inequality_calculus",
     "sqrt x < x for x > 1: convex gap increasing from 0 at the excluded end"),
    (step(sympy.exp(x), GT, 1 + x + x ** 2 / 2, (x > 0,)), "inequality_calculus",
     "increasing because its derivative e^x - 1 - x > 0 is proved the same way"),
    (step(a ** 2 + b ** 2, GE, 2 * a * b), "inequality_sign", "factor gives (a - b)^2"),
    (step(p + 1 / p, GE, 0), "inequality_sign", "positive terms"),
    (step(a, GT, b, (a > b,)), "inequality_substitution", "the fact itself: a = b + t"),
    (step(a ** 2, GE, b ** 2, (a > b, b > 0)), "inequality_substitution",
     "a = b + t with b, t > 0 makes a^2 - b^2 = t(2b + t)"),
]


@pytest.mark.parametrize("s, method, reason", TRUE, ids=[r for *_, r in TRUE])
def test_true_inequalities_are_proved(s, method, reason):
    assert method in proving_methods(s), reason


FALSE_OR_UNPROVABLE = [
    (step(sympy.log(1 + x), LT, x, (x > -1,)), "equality at x = 0, so the strict form is false"),
    (step(sympy.exp(x), GT, 1 + x), "equality at x = 0"),
    (step(x, LE, sympy.log(1 + x), (x > -1,)), "the reverse of a true inequality"),
    (step(1 / x ** 2 + x, GE, 0), "convex on each side of the pole, negative at x = -2"),
    (step(sympy.sqrt(x), LT, x, (x >= 1,)), "equality at the included end x = 1"),
    (step(a ** 2, GE, b ** 2, (a > b,)), "false for a = 0, b = -1"),
    (step(sympy.log(1 + x), LE, x), "without x > -1 the left side is not real everywhere"),
    (step(sympy.exp(x), GE, 1 + x + x ** 2 / 2, (x >= -1,)), "false for x < 0"),
    (step(sympy.exp(x), GT, 1 + x + x ** 2 / 2, (x >= 0,)), "equality at x = 0"),
]


@pytest.mark.parametrize("s, reason", FALSE_OR_UNPROVABLE, ids=[r for _, r in FALSE_OR_UNPROVABLE])
def test_false_or_unsupported_inequalities_are_not_proved_nor_refuted(s, reason):
    verdicts = {o.verdict for o in tier(s)}
    assert Verdict.PROVED not in verdicts, reason
    assert Verdict.REFUTED not in verdicts, reason


@pytest.mark.parametrize("s, expected, reason", [
    (step(sympy.log(1 + x), LE, x, (x > -1,)), True, "the issue's example, end to end"),
    (step(sympy.exp(x), GE, 1 + x), True, "e^x >= 1 + x end to end"),
    (step(sympy.log(1 + x), LT, x, (x > -1,)), False, "false at x = 0"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_end_to_end(s, expected, reason):
    outcome = check_step(s, config=CONFIG)
    assert (outcome.verdict is Verdict.PROVED) is expected, reason


def test_calculus_evidence_names_method_and_side_conditions():
    proof = calculus_proof(x - sympy.log(1 + x), x, (x > -1,), strict=False)
    assert proof.proved
    assert "convex" in proof.detail and "stationary point $x = 0$" in proof.detail


def test_goal_orientation():
    assert goal_of(a, GE, b).large == a and goal_of(a, LE, b).large == b
    assert goal_of(a, GT, b).strict and goal_of(a, Relation.EQ, b) is None


def test_interval_combines_assumptions_and_facts():
    assert interval_of(p, (p < 3,)) == sympy.Interval.open(0, 3)
    assert interval_of(x, (x >= -1,)) == sympy.Interval(-1, sympy.oo)


def test_sign_uses_facts_only_when_given():
    assert prove_sign_on(a - b, ()) is None
    assert prove_sign_on(a - b, (a > b,), strict=True) is not None
