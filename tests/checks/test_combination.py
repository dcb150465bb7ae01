"""The linear_combination rule: a claim's gap as a nonnegative combination of proved gaps."""
import pytest
import sympy

from symbolic.checks import CheckContext
from symbolic.checks.combination import combination_linear
from symbolic.config import CheckConfig
from symbolic.model import (Claim, Derivation, Evidence, Kind, Outcome, Relation, Rule, Step,
                            Verdict)

x, y, a, b = sympy.symbols("x y a b", real=True)
t = sympy.Symbol("t", positive=True)
GE, LE, EQ, GT = Relation.GE, Relation.LE, Relation.EQ, Relation.GT

PREMISES = (
    Step("P-1", Kind.INEQUALITY, "q", Claim(x, GE, a)),            # x >= a
    Step("P-2", Kind.INEQUALITY, "q", Claim(y, LE, b)),            # y <= b
    Step("P-3", Kind.IDENTITY, "q", Claim(a + b, EQ, 2 * a)),      # a + b = 2a
    Step("P-4", Kind.INEQUALITY, "q", Claim(x, GT, a)),            # x > a
    Step("P-5", Kind.INEQUALITY, "q", Claim(t * x, GE, 0), assumptions=(x >= 0,)),
)


def _check(claim, premises, coefficients=None, outcomes=None, assumptions=()):
    params = (("coefficients", coefficients),) if coefficients is not None else ()
    step = Step("C-1", Kind.INEQUALITY if claim.relation is not EQ else Kind.IDENTITY, "q", claim,
                assumptions=assumptions,
                rule=Rule("linear_combination", premises=premises, params=params))
    derivation = Derivation("t", "t", "t.txt", PREMISES + (step,))
    proved = Outcome(Verdict.PROVED, (Evidence("given", "test premise"),))
    given = {p.id: proved for p in PREMISES} if outcomes is None else outcomes
    # the rule itself: the premises are hypotheses here, which a sampler of the bare claim
    # would not know (x - y >= a - b alone is false)
    return combination_linear(step, config=CheckConfig(timeout_s=10),
                              context=CheckContext(derivation, given)).verdict


@pytest.mark.parametrize("claim, premises, coefficients, expected", [
    (Claim(x - y, GE, a - b), ("P-1", "P-2"), None, Verdict.PROVED),      # add x>=a and -y>=-b
    (Claim(2 * x - 3 * y, GE, 2 * a - 3 * b), ("P-1", "P-2"), (2, 3), Verdict.PROVED),  # weights
    (Claim(t * x, GE, t * a), ("P-1",), (t,), Verdict.PROVED),            # a positive symbol weight
    (Claim(x - y, GE, a - b), ("P-1", "P-2"), (1, -1), Verdict.INCONCLUSIVE),  # negative weight
    (Claim(x + y, GE, a + b), ("P-1", "P-2"), None, Verdict.INCONCLUSIVE),  # wrong direction for y
    (Claim(x + b, GE, 3 * a), ("P-1", "P-3"), (1, 1), Verdict.INCONCLUSIVE),  # off by a: not a combination
    (Claim(x + b, GE, 2 * a), ("P-1", "P-3"), (1, 1), Verdict.PROVED),    # identity premise added
    (Claim(x, EQ, a), ("P-1",), None, Verdict.INCONCLUSIVE),              # equality from an inequality
    (Claim(x, GT, a), ("P-1",), None, Verdict.INCONCLUSIVE),              # strict needs a strict premise
    (Claim(x + 1, GT, a + 1), ("P-4",), None, Verdict.PROVED),            # strict premise, weight 1
])
def test_combinations(claim, premises, coefficients, expected):
    assert _check(claim, premises, coefficients) is expected


def test_unproved_premise_blocks_a_proof():
    outcomes = {"P-1": Outcome(Verdict.INCONCLUSIVE, (Evidence("given", "unknown"),)),
                "P-2": Outcome(Verdict.PROVED, (Evidence("given", "ok"),))}
    assert _check(Claim(x - y, GE, a - b), ("P-1", "P-2"), outcomes=outcomes) is Verdict.INCONCLUSIVE


def test_verified_premise_gives_verified():
    outcomes = {"P-1": Outcome(Verdict.VERIFIED, (Evidence("given", "sampled"),)),
                "P-2": Outcome(Verdict.PROVED, (Evidence("given", "ok"),))}
    assert _check(Claim(x - y, GE, a - b), ("P-1", "P-2"), outcomes=outcomes) is Verdict.VERIFIED


def test_premise_assumptions_must_hold_on_the_step():
    assert _check(Claim(t * x, GE, 0), ("P-5",)) is Verdict.INCONCLUSIVE
    assert _check(Claim(t * x, GE, 0), ("P-5",), assumptions=(x >= 0,)) is Verdict.PROVED
