"""Logical claims: SymPy booleans, linear implications, supplied counterexamples, enumeration."""
import pytest
import sympy
from sympy import Contains, Eq, FiniteSet, Integers, Mod, Rationals, pi, sin

from symbolic.checks import check_step
from symbolic.checks.logic import evaluate_at, rule_counterexample, sign_of
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

k = sympy.Symbol("k", integer=True, nonzero=True)
k0, k1 = sympy.Symbol("k_0", integer=True), sympy.Symbol("k_1", integer=True)
d = sympy.Symbol("d", integer=True, positive=True)
x, y, c = sympy.symbols("x y c", real=True)
cpos = sympy.Symbol("C", positive=True)
irr = sympy.Symbol("r", irrational=True)


def step(lhs, relation, rhs, *assumptions, rule=None, kind=Kind.IMPLICATION):
    return Step("L", kind, "q", Claim(lhs, relation, rhs), assumptions=assumptions, rule=rule)


def point(*pairs):
    return Rule("counterexample", params=(("point", pairs),))


CASES = [
    (step(Contains(2 * k * pi, Integers, evaluate=False), Relation.EQ, sympy.false),
     Verdict.PROVED, "pi is irrational: 2 k pi is no integer for k != 0"),
    (step(Contains(k * irr, Integers, evaluate=False), Relation.EQ, sympy.false),
     Verdict.PROVED, "an irrational times a non-zero integer is irrational"),
    (step(Eq(x / cpos, 2 * pi), Relation.IMPLIES, Eq(x, 2 * pi * cpos)),
     Verdict.PROVED, "multiply by C > 0 (linear, non-zero coefficient)"),
    (step(sympy.And(Eq(y, 2 * k0), Eq(y, 3 * k1)), Relation.IMPLIES, Eq(2 * k0, 3 * k1)),
     Verdict.PROVED, "two premises, solved one after the other"),
    (step(Eq(k0, k1 * 10000 ** (2 / d)), Relation.IMPLIES, sympy.And(Eq(k0, 0), Eq(k1, 0)),
          Eq(Mod(d, 2), 0), d >= 4, rule=point((d, 4), (k0, 100), (k1, 1))),
     Verdict.REFUTED, "d = 4: 100 = 1 * 10000^(1/2) is a non-trivial integer solution"),
    (step(Eq(sin(x), sin(y)), Relation.IMPLIES, Eq(x, y), rule=point((x, pi), (y, 0))),
     Verdict.REFUTED, "sin pi = sin 0 exactly but pi != 0"),
    (step(x ** 2, Relation.GE, 0, rule=point((x, 3)), kind=Kind.INEQUALITY),
     Verdict.PROVED, "true at the point: the rule concludes nothing, other tiers prove it"),
    (step(Contains(10 ** (8 / d), Rationals, evaluate=False), Relation.IMPLIES,
          Contains(d, FiniteSet(2, 4, 8), evaluate=False), Eq(Mod(d, 2), 0), d <= 64,
          rule=Rule("enumerate", params=(("symbol", d), ("values", tuple(range(1, 65)))))),
     Verdict.PROVED, "the listed values exhaust 1 <= d <= 64 (odd ones skipped)"),
    (step(Contains(10 ** (8 / d), Rationals, evaluate=False), Relation.IMPLIES,
          Contains(d, FiniteSet(2, 4, 8), evaluate=False), Eq(Mod(d, 2), 0),
          rule=Rule("enumerate", params=(("symbol", d), ("values", tuple(range(2, 65, 2)))))),
     Verdict.VERIFIED, "no upper bound on d: the values checked are not the whole domain"),
    (step(Contains(10 ** (8 / d), Rationals, evaluate=False), Relation.IMPLIES,
          Contains(d, FiniteSet(2, 4), evaluate=False), Eq(Mod(d, 2), 0),
          rule=Rule("enumerate", params=(("symbol", d), ("values", tuple(range(2, 65, 2)))))),
     Verdict.REFUTED, "d = 8 is missing: 10^(8/8) = 10 is rational"),
]


@pytest.mark.parametrize("the_step, verdict, reason", CASES, ids=[c[2] for c in CASES])
def test_logic_verdicts(the_step, verdict, reason):
    outcome = check_step(the_step, config=CheckConfig(timeout_s=20))
    assert outcome.verdict is verdict, (reason, outcome.evidence)
    if verdict is Verdict.REFUTED:
        assert outcome.counterexample


def test_a_point_where_the_premise_fails_is_no_counterexample():
    claim = step(Eq(sin(x), 0), Relation.IMPLIES, Eq(x, 0), rule=point((x, sympy.Rational(1, 3))))
    outcome = rule_counterexample(claim, config=CheckConfig(), context=None)
    assert outcome.verdict is Verdict.INCONCLUSIVE


def test_a_point_outside_the_domain_is_no_counterexample():
    claim = step(Eq(k0, k1 * 10000 ** (2 / d)), Relation.IMPLIES, Eq(k1, 0), d >= 6)
    truth, why = evaluate_at(claim, {d: 4, k0: 100, k1: 1})
    assert truth is None and "assumption" in why


def test_a_point_violating_a_symbols_own_assumptions_is_rejected():
    claim = step(Eq(k0, 2 * k1), Relation.IMPLIES, Eq(k1, 0))
    truth, why = evaluate_at(claim, {k0: sympy.Rational(1, 2), k1: sympy.Rational(1, 4)})
    assert truth is None and "violates" in why


@pytest.mark.parametrize("value, sign", [
    (sympy.Integer(0), 0),
    (sin(2000 * pi + sympy.Rational(1, 10)) - sin(sympy.Rational(1, 10)), 0),  # exact reduction
    (sympy.E ** (pi * sympy.sqrt(67)) - 147197952744, -1),  # a near-integer: interval decides
    (sympy.Rational(-3, 7), -1),
    (sympy.pi - sympy.Rational(355, 113), -1),
])
def test_sign_of_is_exact_or_certified(value, sign):
    assert sign_of(value) == sign


def test_sign_of_a_symbolic_value_is_undecided():
    assert sign_of(x + 1) is None


def test_a_point_can_give_values_to_the_elements_of_a_general_sum():
    # L = 3 fixes the range, so the sum expands into s[1] + s[2] + s[3]: their values must
    # reach those terms (the implication "ln mean exp(s) = s_1 => s_1 = max" is false here)
    s_, m_ = sympy.IndexedBase("s", real=True), sympy.Symbol("m", integer=True, positive=True)
    size = sympy.Symbol("L", integer=True, positive=True)
    total = sympy.Sum(sympy.exp(s_[m_]), (m_, 1, size))
    claim = step(Eq(s_[1], sympy.log(total / size)), Relation.IMPLIES, Eq(s_[1], s_[2]),
                 rule=point((size, 3), (s_[1], 0), (s_[2], sympy.log(sympy.Rational(3, 2))),
                            (s_[3], sympy.log(sympy.Rational(1, 2)))))
    outcome = rule_counterexample(claim, config=CheckConfig(), context=None)
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence


def test_an_element_left_without_a_value_leaves_the_point_undecided():
    s_, m_ = sympy.IndexedBase("s", real=True), sympy.Symbol("m", integer=True, positive=True)
    size = sympy.Symbol("L", integer=True, positive=True)
    claim = step(sympy.Sum(s_[m_], (m_, 1, size)), Relation.GE, s_[1], kind=Kind.INEQUALITY)
    truth, why = evaluate_at(claim, {size: 2, s_[1]: 1})
    assert truth is None and "$s_{2}$" in why
