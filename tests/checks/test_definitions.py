"""definition_fresh_name: a definition holds only when it introduces a fresh name."""
import pytest
import sympy
from sympy import Eq, Function, IndexedBase, Sum, Symbol, exp, log

from symbolic.checks import CheckContext, check_step
from symbolic.checks.definitions import check_definition
from symbolic.config import CheckConfig
from symbolic.model import Claim, Derivation, Kind, Relation, Step, Verdict

L = Symbol("L", integer=True, positive=True)
j = Symbol("j", integer=True, positive=True)
s = IndexedBase("s", real=True)
alpha, x = Symbol("alpha", real=True), Symbol("x", real=True)
M = Function("M")(Symbol("q"), Symbol("K"))
LSE = log(Sum(exp(s[j]), (j, 1, L)))


def _definition(lhs, rhs, relation=Relation.EQ, step_id="D-1"):
    return Step(step_id, Kind.DEFINITION, "quote", Claim(lhs, relation, rhs))


@pytest.mark.parametrize("lhs, rhs, relation, verdict, reason", [
    (alpha, LSE, Relation.EQ, Verdict.PROVED, "a fresh symbol"),
    (M, LSE, Relation.EQ, Verdict.PROVED, "an undefined function applied to symbols"),
    (alpha, alpha + 1, Relation.EQ, Verdict.INCONCLUSIVE, "the name occurs on its right side"),
    (M, M + 1, Relation.EQ, Verdict.INCONCLUSIVE, "the function occurs on its right side"),
    (x + 1, LSE, Relation.EQ, Verdict.INCONCLUSIVE, "the left side is not a name"),
    (IndexedBase("p", real=True)[j], exp(s[j]) / Sum(exp(s[j]), (j, 1, L)), Relation.EQ,
     Verdict.PROVED, "an indexed name"),
    (IndexedBase("p", real=True)[j], IndexedBase("p", real=True)[j - 1] + 1, Relation.EQ,
     Verdict.INCONCLUSIVE, "a recursion is not a definition by an expression"),
    (alpha, LSE, Relation.LE, Verdict.INCONCLUSIVE, "a definition is an equation"),
])
def test_definition(lhs, rhs, relation, verdict, reason):
    step = _definition(lhs, rhs, relation)
    outcome = check_definition(step, config=CheckConfig(), context=CheckContext())
    assert outcome.verdict is verdict, reason


def test_a_name_defined_twice_is_not_accepted_the_second_time():
    first, second = _definition(alpha, LSE, step_id="D-1"), _definition(alpha, x, step_id="D-2")
    derivation = Derivation("t", "t", "none.txt", (first, second))
    context = CheckContext(derivation, {})
    assert check_definition(first, config=CheckConfig(), context=context).verdict is Verdict.PROVED
    assert check_definition(second, config=CheckConfig(), context=context).verdict is Verdict.INCONCLUSIVE


def test_the_pipeline_does_not_sample_a_definition_as_a_claim():
    # sampled as a claim, alpha = s_1 would be "refuted" at alpha != s_1
    step = _definition(alpha, s[1])
    assert check_step(step, config=CheckConfig(timeout_s=10)).verdict is Verdict.PROVED
