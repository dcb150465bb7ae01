"""The algebraic tier: identities proved by SymPy strategies, never refuted, never overclaimed."""
import time

import pytest
import sympy

from symbolic.checks import check_step, registered_checkers
from symbolic.checks.algebraic import difference_zero, domain_of, normalize_sums
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

x = sympy.Symbol("x", real=True)
t, theta, t1, t2 = sympy.symbols("t theta t1 t2", real=True)
x1, x2 = sympy.symbols("x1 x2", real=True)
a, b = sympy.symbols("a b", real=True)
ap, bp = sympy.symbols("a b", positive=True)
z1, z2 = sympy.symbols("z1 z2")
j, k = sympy.symbols("j k", integer=True)
L = sympy.Symbol("L", integer=True, positive=True)
xs = sympy.IndexedBase("x", real=True)
I = sympy.I
CONFIG = CheckConfig(timeout_s=20)


def step(lhs, rhs, relation=Relation.EQ, assumptions=()):
    return Step("A-1", Kind.IDENTITY, "quote", claim=Claim(lhs, relation, rhs),
                assumptions=assumptions)


def tier(s):
    """The outcomes of this tier's checkers alone (no numeric tier), cheapest first."""
    return [c.fn(s, config=CONFIG, context=None) for c in registered_checkers()
            if c.name.startswith("algebraic_") and c.applies(s)]


def proved_by_tier(s):
    outcomes = [o for o in tier(s) if o is not None]
    return [o for o in outcomes if o.verdict is Verdict.PROVED]


TRUE = [
    (step(sympy.log(ap ** 2 * bp), 2 * sympy.log(ap) + sympy.log(bp)),
     "log rules hold for positive symbols"),
    (step(sympy.log(a ** 2 * b), 2 * sympy.log(a) + sympy.log(b), assumptions=(a > 0, b > 0)),
     "positivity from facts: a, b become positive variables"),
    (step((x1 + I * x2) * (sympy.cos(t) + I * sympy.sin(t)),
          (x1 * sympy.cos(t) - x2 * sympy.sin(t)) + I * (x1 * sympy.sin(t) + x2 * sympy.cos(t))),
     "rotation as a complex product (expand)"),
    (step((x1 + I * x2) * sympy.exp(I * t),
          (x1 * sympy.cos(t) - x2 * sympy.sin(t)) + I * (x1 * sympy.sin(t) + x2 * sympy.cos(t))),
     "RoPE rotation needs exp <-> trig: complex-exponential rewrite"),
    (step(sympy.re(z1 * sympy.exp(I * t1 * theta) * sympy.conjugate(z2) * sympy.exp(-I * t2 * theta)),
          sympy.re(z1 * sympy.conjugate(z2) * sympy.exp(I * (t1 - t2) * theta))),
     "RoPE relative position: the phases combine"),
    (step(sympy.Derivative(sympy.tanh(x), x), 1 - sympy.tanh(x) ** 2),
     "derivative of tanh"),
    (step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1), "Pythagoras"),
    (step(sympy.Sum(2 * xs[j] + 1, (j, 1, L)), 2 * sympy.Sum(xs[k], (k, 1, L)) + L),
     "sum linearity with a symbolic number of terms and renamed index"),
    (step(sympy.Sum(j, (j, 1, L)), L * (L + 1) / 2), "closed form of a symbolic sum"),
    (step(sympy.Sum(sympy.exp(xs[j]), (j, 1, 3)),
          sympy.exp(xs[1]) + sympy.exp(xs[2]) + sympy.exp(xs[3])), "concrete sum"),
    (step(sympy.Limit(sympy.sin(x) / x, x, 0), 1), "a limit by sympy.limit"),
    (step(sympy.log(a - b), sympy.log(b + (a - b)) - sympy.log(a) + sympy.log(a - b),
          assumptions=(a > b,)), "identity that needs no facts at all"),
    (step(x ** 2 + 1, 0, Relation.NE), "x^2 + 1 is never 0 for real x"),
    (step(sympy.exp(x), 0, Relation.NE), "exp never vanishes"),
]


@pytest.mark.parametrize("s, reason", TRUE, ids=[r for _, r in TRUE])
def test_true_identities_are_proved_by_this_tier(s, reason):
    assert proved_by_tier(s), reason


NOT_PROVABLE = [
    (step(sympy.log(a ** 2 * b), 2 * sympy.log(a) + sympy.log(b)),
     "without positivity log(a^2 b) = 2 log a + log b is false (a < 0)"),
    (step(sympy.log(a - b), sympy.log(a) - sympy.log(b), assumptions=(a > b, b > 0)),
     "a classic false log rule"),
    (step(sympy.Derivative(sympy.tanh(x), x), 1 + sympy.tanh(x) ** 2), "wrong sign in the derivative"),
    (step(sympy.exp(sympy.pi * sympy.sqrt(67)), sympy.Integer(147197952744)),
     "a near-identity: the sides differ by about 1.3e-6"),
    (step(sympy.Sum(xs[j], (j, 1, L)), L * xs[1]), "a sum is not L times its first term"),
    (step(x ** 2 - 1, 0, Relation.NE), "x^2 - 1 vanishes at x = 1"),
    (step(sympy.sqrt(x ** 2), x), "sqrt(x^2) = |x|, not x, for real x"),
]


@pytest.mark.parametrize("s, reason", NOT_PROVABLE, ids=[r for _, r in NOT_PROVABLE])
def test_false_claims_are_never_proved_or_refuted_by_this_tier(s, reason):
    outcomes = [o for o in tier(s) if o is not None]
    assert all(o.verdict is not Verdict.PROVED for o in outcomes), reason
    assert all(o.verdict is not Verdict.REFUTED for o in outcomes), reason


def test_evidence_names_the_strategy():
    outcome = check_step(step((x1 + I * x2) * sympy.exp(I * t),
                              x1 * sympy.cos(t) - x2 * sympy.sin(t)
                              + I * (x1 * sympy.sin(t) + x2 * sympy.cos(t))), config=CONFIG)
    assert outcome.verdict is Verdict.PROVED
    # the rewrite to exponentials of complex_exp_rational (prove_deeper) now decides it before
    # algebraic_exp_rewrite (transform); either way the evidence names the strategy that did
    decided = outcome.evidence[-1]
    assert decided.method in ("complex_exp_rational", "algebraic_exp_rewrite")
    assert "exponentials" in decided.detail


def test_rotation_identity_is_quick():
    s = step(sympy.re(z1 * sympy.exp(I * t1 * theta) * sympy.conjugate(z2) * sympy.exp(-I * t2 * theta)),
             sympy.re(z1 * sympy.conjugate(z2) * sympy.exp(I * (t1 - t2) * theta)))
    started = time.perf_counter()
    assert check_step(s, config=CONFIG).verdict is Verdict.PROVED
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("s, expected, reason", [
    (step(sympy.log(a ** 2 * b), 2 * sympy.log(a) + sympy.log(b), assumptions=(a > 0, b > 0)),
     True, "the issue's example, end to end"),
    (step(sympy.Derivative(sympy.tanh(x), x), 1 - sympy.tanh(x) ** 2), True, "d/dx tanh"),
    (step(sympy.log(a ** 2 * b), 2 * sympy.log(a) + sympy.log(b)), False, "no positivity"),
    (step(sympy.log(a - b), sympy.log(a) - sympy.log(b), assumptions=(a > b, b > 0)), False,
     "false log rule"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_end_to_end_through_the_pipeline(s, expected, reason):
    verdict = check_step(s, config=CONFIG).verdict
    assert (verdict is Verdict.PROVED) is expected, reason


def test_domain_parametrises_facts():
    domain = domain_of((x > -1,))
    (old, new), = domain.substitutions
    assert old == x and (new + 1).is_positive
    assert "x > -1" in domain.describe()


def test_domain_drops_facts_it_cannot_use():
    domain = domain_of((x ** 2 < 1,))
    assert domain.empty and domain.unused == ("x**2 < 1",)


def test_normal_form_of_sums_identifies_renamed_indices():
    left = normalize_sums(sympy.Sum(3 * xs[j] + a, (j, 1, L)))
    right = normalize_sums(3 * sympy.Sum(xs[k], (k, 1, L)) + L * a)
    assert sympy.expand(left - right) == 0


def test_difference_zero_reports_the_domain_it_used():
    proof = difference_zero(sympy.sqrt(x ** 2), x, facts=(x > 0,))
    assert proof.proved and "x > 0" in proof.detail
    assert not difference_zero(sympy.sqrt(x ** 2), x).proved


def test_budget_is_respected_and_a_timeout_is_never_refuted():
    y = sympy.Symbol("y", real=True)
    # true, but expensive for every strategy: the budget must end it, and never as refuted
    heavy = step(sympy.sin(x + y) ** 40 * sympy.cosh(x - y) ** 30,
                 sympy.expand_trig(sympy.sin(x + y)) ** 40 * sympy.cosh(x - y) ** 30)
    # the budget counts CPU seconds (a busy machine stretches the wall time, not the work)
    started = time.process_time()
    outcome = check_step(heavy, config=CheckConfig(timeout_s=2))
    assert time.process_time() - started < 8
    assert outcome.verdict is not Verdict.REFUTED


def test_tan_cos_is_not_proved_and_is_refuted_at_the_pole():
    # tan x cos x - sin x rewrites to 0 (exp rewrite, trigsimp), but tan is undefined at
    # x = pi/2 where sin x = 1: the definedness gate keeps the rewrites from proving it,
    # and the numeric tier refutes it at the exact zero of cos x
    x = sympy.Symbol("x", real=True)
    from symbolic.checks._definedness import definedness_problem
    s = step(sympy.tan(x) * sympy.cos(x), sympy.sin(x))
    assert any(o.verdict is Verdict.PROVED for o in tier(s))  # the rewrite alone would prove it
    assert r"$\cos{\left(x \right)} \ne 0$" in definedness_problem(s)  # which the gate in check_step refuses
    outcome = check_step(s, config=CheckConfig())
    assert outcome.verdict is Verdict.REFUTED
    assert dict(outcome.counterexample)["x"] in ("pi/2", "-pi/2")
