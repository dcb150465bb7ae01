"""Named rules: a rule proves only steps of its form, with every side condition proved."""
import pytest
import sympy

from symbolic.checks import CheckContext, check_step, registered_checkers, registered_rules
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver, MinOver
from symbolic.model import (Claim, Derivation, Kind, Outcome, Relation, Rule, Step, Verdict)

j, k = sympy.symbols("j k", integer=True)
n = sympy.Symbol("n", integer=True, positive=True)
L = sympy.Symbol("L", integer=True, positive=True)
x = sympy.IndexedBase("x", real=True)
a, b, c = sympy.symbols("a b c", real=True)
alpha = sympy.Symbol("alpha", real=True)
q = sympy.Symbol("q", real=True)
d = sympy.Symbol("d", positive=True)
LE, LT, GE, GT, EQ = Relation.LE, Relation.LT, Relation.GE, Relation.GT, Relation.EQ
CONFIG = CheckConfig(timeout_s=20)

S = sympy.Sum(sympy.exp(x[j]), (j, 1, n))
M = MaxOver(x[j], (j, 1, n))
MEAN = sympy.Sum(x[j], (j, 1, n)) / n
IN_RANGE = (j >= 1, j <= n)


def step(lhs, relation, rhs, rule=None, assumptions=(), kind=Kind.INEQUALITY, sid="S"):
    return Step(sid, kind, "quote", claim=Claim(lhs, relation, rhs), assumptions=assumptions,
                rule=rule)


# Premises of the premise-based rules, with the outcomes they were given.
PREMISES = (
    step(x[j], LE, M, assumptions=IN_RANGE, sid="elem"),
    step(sympy.exp(x[j]), LE, sympy.exp(M), assumptions=IN_RANGE, sid="elem_exp"),
    step(a, LT, b, sid="ab"),
    step(alpha, EQ, M, kind=Kind.DEFINITION, sid="def_alpha"),
    step(sympy.log(S), LE, sympy.log(n) + alpha, sid="log_alpha"),
    step(sympy.log(S), LE, sympy.log(n * sympy.exp(M)), sid="log_bound"),
    step(sympy.log(n * sympy.exp(M)), EQ, sympy.log(n) + M, kind=Kind.IDENTITY, sid="log_split"),
    step(a, LE, b, assumptions=(a > 0,), sid="ab_verified"),
    step(b, LE, c, sid="bc_inconclusive"),
)
DERIVATION = Derivation("test", "rules", "none", PREMISES)
OUTCOMES = {p.id: Outcome(Verdict.PROVED) for p in PREMISES}
OUTCOMES["ab_verified"] = Outcome(Verdict.VERIFIED)
OUTCOMES["bc_inconclusive"] = Outcome(Verdict.INCONCLUSIVE)
CONTEXT = CheckContext(DERIVATION, OUTCOMES)


def apply_rule(s):
    """The named rule alone (not the rest of the pipeline)."""
    return registered_rules()[s.rule.name](s, config=CONFIG, context=CONTEXT)


def convex(f, rule):
    """A step saying that f is convex (the claim names the marker 'convex')."""
    return Step("S", Kind.IDENTITY, "quote",
                claim=Claim(sympy.Function("convex")(f), EQ, sympy.true), rule=rule)


def R(name, *premises, **params):
    return Rule(name, tuple(premises), tuple(params.items()))


PROVED = [
    (step(x[j], LE, M, R("le_max"), IN_RANGE), "an element is at most the max"),
    (step(M, GE, x[j], R("le_max"), IN_RANGE), "mirrored form"),
    (step(MinOver(x[j], (j, 1, n)), LE, x[j], R("le_max"), IN_RANGE), "min mirrored"),
    (step(x[1], LE, M, R("le_max")), "the first element, n >= 1"),
    (step(sympy.exp(x[j]), LE, S, R("le_sum"), IN_RANGE), "one positive term <= the sum"),
    (step(sympy.Sum(x[j], (j, 1, n)), LE, n * M, R("max_bound")), "sum <= n * max"),
    (step(sympy.Sum(sympy.exp(x[k]), (k, 1, n)), LE, sympy.Sum(sympy.exp(M), (j, 1, n)),
          R("max_bound")), "sum of an increasing map of the terms, renamed index"),
    (step(sympy.exp(x[j]), LE, sympy.exp(M), R("monotone", "elem", map=sympy.exp), IN_RANGE),
     "exp is increasing"),
    (step(sympy.exp(-M), LE, sympy.exp(-x[j]),
          R("monotone", "elem", map=sympy.Lambda(a, sympy.exp(-a))), IN_RANGE),
     "a decreasing map flips the relation"),
    (step(sympy.log(a), LT, sympy.log(b), R("monotone", "ab", map=sympy.log), (a > 0,)),
     "log with both sides positive (b > a > 0)"),
    (step(S, LE, sympy.Sum(sympy.exp(M), (k, 1, n)), R("sum_termwise", "elem_exp")),
     "termwise over the range the premise holds on"),
    (step(a + c, LT, b + c, R("add_both_sides", "ab")), "add c"),
    (step(3 * a, LT, 3 * b, R("mul_positive", "ab")), "multiply by 3"),
    (step(c * a, LT, c * b, R("mul_positive", "ab", factor=c), (c > 0,)), "c > 0 from facts"),
    (step(sympy.log(S), LE, sympy.log(n) + M, R("transitive", "log_bound", "log_split")),
     "a <= b = c"),
    (step(sympy.log(S), LE, sympy.log(n) + M, R("substitute", "def_alpha", "log_alpha")),
     "alpha replaced by its definition"),
    (step(sympy.log(S), LE, M + sympy.log(n), R("lse_bounds")), "log-sum-exp upper bound"),
    (step(M, LE, sympy.log(S), R("lse_bounds")), "log-sum-exp lower bound by the max"),
    (step(sympy.log(S), GE, sympy.log(n) + MEAN, R("jensen")), "log-sum-exp lower bound"),
    (step(sympy.exp(MEAN), LE, S / n, R("jensen")), "exp of the mean <= mean of exp"),
    (step(MEAN, GE, sympy.Product(x[j], (j, 1, n)) ** (1 / n), R("am_gm"), (x[k] >= 0,)),
     "AM-GM for nonnegative terms"),
    (convex(sympy.log(sympy.Sum(sympy.exp(q * x[j] / sympy.sqrt(d)), (j, 1, L)))
            - sympy.Sum(q * x[j] / sympy.sqrt(d), (j, 1, L)) / L,
            R("convex_hessian", variable=x, function=sympy.log(sympy.Sum(sympy.exp(
                q * x[j] / sympy.sqrt(d)), (j, 1, L))) - sympy.Sum(q * x[j] / sympy.sqrt(d),
                                                                    (j, 1, L)) / L)),
     "M(q, K) is log-sum-exp of affine terms plus affine"),
    (Step("S", Kind.LIMIT, "quote", claim=Claim(sympy.Limit(sympy.sin(a) / a, a, 0), EQ, 1),
          rule=R("limit")), "a limit"),
]


@pytest.mark.parametrize("s, reason", PROVED, ids=[r for _, r in PROVED])
def test_rule_proves_a_step_of_its_form(s, reason):
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.PROVED, (reason, outcome.evidence)
    assert outcome.method == f"rule {s.rule.name}"


NOT_PROVED = [
    (step(x[j], LE, sympy.Sum(x[j], (j, 1, n)), R("le_max"), IN_RANGE),
     "le_max on a sum, not a max"),
    (step(x[j], LT, M, R("le_max"), IN_RANGE), "le_max never gives a strict inequality"),
    (step(x[j], LE, sympy.Sum(x[k], (k, 1, n)), R("le_sum"), IN_RANGE), "terms may be negative"),
    (step(x[j], LE, M, R("le_max")), "j not known to be in 1..n (false for j = n + 1)"),
    (step(x[j], LE, M, R("le_max"), (j >= 0, j <= n)), "j = 0 is outside 1..n"),
    (step(x[n + 1], LE, M, R("le_max")), "an element outside the range"),
    (step(sympy.Sum(x[j], (j, 1, n)), LE, (n - 1) * M, R("max_bound")), "wrong count"),
    (step(sympy.Sum(sympy.exp(-x[j]), (j, 1, n)), LE, n * sympy.exp(-M), R("max_bound")),
     "a decreasing map"),
    (step(sympy.exp(-x[j]), LE, sympy.exp(-M),
          R("monotone", "elem", map=sympy.Lambda(a, sympy.exp(-a))), IN_RANGE),
     "a decreasing map with the same relation"),
    (step(sympy.log(a), LT, sympy.log(b), R("monotone", "ab", map=sympy.log)),
     "log without positivity of the sides"),
    (step(sympy.exp(x[j]), LT, sympy.exp(M), R("monotone", "elem", map=sympy.exp), IN_RANGE),
     "a strict claim from a non-strict premise"),
    (step(S, LE, sympy.Sum(M, (k, 1, n)), R("sum_termwise", "elem_exp")),
     "the sums are not of the premise's sides"),
    (step(a + c, LT, b + 2 * c, R("add_both_sides", "ab")), "different amounts added"),
    (step(-3 * a, LT, -3 * b, R("mul_positive", "ab")), "a negative factor"),
    (step(c * a, LT, c * b, R("mul_positive", "ab", factor=c)), "c not known positive"),
    (step(sympy.log(S), LT, sympy.log(n) + M, R("transitive", "log_bound", "log_split")),
     "a strict claim from a non-strict chain"),
    (step(sympy.log(S), LE, sympy.log(n) + 2 * M, R("substitute", "def_alpha", "log_alpha")),
     "not the premise after substitution"),
    (step(sympy.log(S), LE, M, R("lse_bounds")), "the log n is missing"),
    (step(sympy.log(sympy.Sum(x[j], (j, 1, n)) / n), LE, sympy.Sum(sympy.log(x[j]), (j, 1, n)) / n,
          R("jensen"), (x[k] > 0,)), "log is concave: this is Jensen the wrong way round"),
    (step(sympy.log(S), LE, sympy.log(n) + MEAN, R("jensen")), "the lower bound reversed"),
    (step(MEAN, GE, sympy.Product(x[j], (j, 1, n)) ** (1 / n), R("am_gm")),
     "AM-GM needs nonnegative terms"),
    (convex(-sympy.log(S), R("convex_hessian", variable=x, function=-sympy.log(S))),
     "minus log-sum-exp is concave"),
    (step(sympy.log(S), GE, sympy.log(n) + 5, R("convex_hessian", variable=x, function=sympy.log(S))),
     "a convex function, but the claim is not a statement of convexity"),
    (step(x[j], LE, S, R("sum_termwise", "elem_exp"), IN_RANGE), "sum_termwise without sums of the premise"),
    (Step("S", Kind.LIMIT, "quote", claim=Claim(sympy.Limit(sympy.sin(a) / a, a, 0), EQ, 2),
          rule=R("limit")), "the wrong limit"),
]


@pytest.mark.parametrize("s, reason", NOT_PROVED, ids=[r for _, r in NOT_PROVED])
def test_rule_does_not_prove_a_step_that_does_not_match(s, reason):
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.INCONCLUSIVE, (reason, outcome.evidence)
    assert outcome.evidence and outcome.evidence[0].detail


def test_premise_only_verified_gives_verified():
    s = step(a + 1, LE, b + 1, R("add_both_sides", "ab_verified"), (a > 0,))
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.VERIFIED
    assert "premises that are verified" in outcome.evidence[0].detail


def test_premise_inconclusive_gives_inconclusive():
    s = step(b + 1, LE, c + 1, R("add_both_sides", "bc_inconclusive"))
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "follows from premises that are inconclusive" in outcome.evidence[0].detail


def test_premise_assumption_must_hold_on_the_step():
    s = step(a + 1, LE, b + 1, R("add_both_sides", "ab_verified"))
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.INCONCLUSIVE and "a > 0" in outcome.evidence[0].detail


def test_instances_of_the_hessian_give_verified_only():
    f = sympy.log(sympy.Sum(sympy.exp(x[j] ** 2), (j, 1, L)))
    s = convex(f, R("convex_hessian", function=f, variable=x, size=L, instances=(2,)))
    outcome = apply_rule(s)
    assert outcome.verdict is Verdict.VERIFIED
    assert r"only for $L \in \{2\}$" in outcome.evidence[0].detail


def test_non_convex_instance_is_not_verified():
    f = sympy.Sum(x[j] ** 3, (j, 1, L))
    s = convex(f, R("convex_hessian", function=f, variable=x, size=L, instances=(2,)))
    assert apply_rule(s).verdict is Verdict.INCONCLUSIVE


AUTO = [
    (step(sympy.log(S), LE, M + sympy.log(n)), "the issue's log-sum-exp bound, every n"),
    (step(M, LE, sympy.log(S)), "max <= log-sum-exp"),
    (step(sympy.log(S), GE, sympy.log(n) + MEAN), "Jensen lower bound"),
    (step(sympy.log(S), LE, sympy.log(n * sympy.exp(M))), "log reduced to its argument, then max_bound"),
    (step(S, LE, sympy.Sum(sympy.exp(x[j]) + 1, (j, 1, n))), "termwise, then the sign"),
    (step(sympy.Sum(sympy.exp(2 * x[j]), (j, 1, n)) / n, GE, sympy.exp(2 * MEAN)),
     "Jensen for exp(2u), convex"),
    (step(sympy.Sum(x[j], (j, 1, n)), GE, x[j], assumptions=(x[k] > 0,) + IN_RANGE),
     "every x[k] > 0 (k not in the claim): a sum of positive terms is at least one of them"),
    (step(x[j] - 1, LE, M, assumptions=IN_RANGE), "element <= max with a nonnegative remainder"),
]


@pytest.mark.parametrize("s, reason", AUTO, ids=[r for _, r in AUTO])
def test_rules_auto_proves_inequalities_without_a_rule(s, reason):
    auto = next(c for c in registered_checkers() if c.name == "rules_auto")
    assert auto.applies(s)
    outcome = auto.fn(s, config=CONFIG, context=CONTEXT)
    assert outcome.verdict is Verdict.PROVED, (reason, outcome.evidence)


AUTO_NOT = [
    (step(sympy.Sum(sympy.exp(2 * x[j]), (j, 1, n)) / n, GE, sympy.exp(2 * MEAN) + 1),
     "false: Jensen is tight when all terms are equal"),
    (step(sympy.log(sympy.Sum(sympy.exp(2 * x[j]), (j, 1, n))), GE, sympy.log(n) + MEAN),
     "false for negative x: the log-sum-exp bound needs the mean of 2x, not x"),
    (step(sympy.Sum(x[j], (j, 1, n)), GE, x[j], assumptions=(x[j] > 0,) + IN_RANGE),
     "x[j] > 0 is about one element only, so the sum may be smaller"),
    (step(sympy.log(S), LE, M), "false: log n is missing (n > 1)"),
    (step(sympy.log(S), LT, M + sympy.log(n)), "false: equality when all terms are equal"),
    (step(x[j], LE, M), "j is not known to be in range"),
    (step(sympy.log(S), LE, sympy.log(n) + MEAN), "the Jensen bound reversed"),
]


@pytest.mark.parametrize("s, reason", AUTO_NOT, ids=[r for _, r in AUTO_NOT])
def test_rules_auto_never_proves_false_steps(s, reason):
    auto = next(c for c in registered_checkers() if c.name == "rules_auto")
    outcome = auto.fn(s, config=CONFIG, context=CONTEXT)
    assert outcome.verdict is Verdict.INCONCLUSIVE, reason


def test_log_sum_exp_bound_end_to_end_names_the_rules():
    outcome = check_step(step(sympy.log(S), LE, M + sympy.log(n)), config=CONFIG)
    assert outcome.verdict is Verdict.PROVED
    assert outcome.method == "rules_auto" or outcome.evidence[-1].method == "rules_auto"
    text = outcome.evidence[-1].detail
    assert "lse_bounds" in text and "le_max" in text and "max_bound" in text


def test_jensen_lower_bound_end_to_end():
    outcome = check_step(step(sympy.log(S), GE, sympy.log(n) + MEAN, R("jensen")),
                         config=CONFIG, context=CONTEXT)
    assert outcome.verdict is Verdict.PROVED and outcome.evidence[-1].method == "rule jensen"


def test_every_catalogued_rule_is_registered():
    names = {"le_max", "max_bound", "monotone", "sum_termwise", "add_both_sides", "mul_positive",
             "transitive", "substitute", "jensen", "am_gm", "lse_bounds", "convex_hessian", "limit",
             "le_sum"}
    assert names <= set(registered_rules())


def test_every_registered_rule_is_in_the_catalogue():
    # the catalogue in rules.py's docstring is the interface documents are written against
    import re

    from symbolic.checks import registered_rules, rules

    named = set(re.findall(r"``(\w+)``", rules.__doc__))
    missing = sorted(set(registered_rules()) - named)
    assert not missing, f"add these rules to the catalogue in symbolic/checks/rules.py: {missing}"
