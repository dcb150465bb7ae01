"""Adversarial claims against the symbolic tiers: no false claim is ever ``proved``.

Each false claim below exploits one gap a symbolic checker or named rule could have:
SymPy's reversed-range (Karr) convention for sums and products, a rule that divides by a
count that may be 0, a max over a range that may be empty, a map that is not monotone
across a pole, a side that is undefined somewhere on the domain, a limit read off a
large argument. The comment above each says which gap it aims at and why the claim is
false, worked out by hand. Every symbolic checker that applies (and the step's named
rule) is run on it directly, with the definedness gate of the pipeline, so the numeric
tier cannot hide a false proof by refuting the claim first. True claims of the same
shapes follow: they must still be proved.
"""
import pytest
import sympy
from sympy import Eq, Ge, Gt, Le, Lt, Ne, Rational

from symbolic.budget import SoftTimeout, soft_deadline
from symbolic.checks import (CheckContext, _defined_or_undecided, registered_checkers,
                             registered_rules)
from symbolic.checks._ranges import conventional, count_sign
from symbolic.checks.rules import max_bound_templates
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver, MinOver
from symbolic.model import Claim, Derivation, Kind, Outcome, Relation, Rule, Step, Verdict, infer_kind

CONFIG = CheckConfig(timeout_s=30)
# the numeric tier is another family; this file is about what SymPy-based checkers prove
NUMERIC = {"symbolic.checks.numeric", "symbolic.checks.approx"}

j, k, i = sympy.symbols("j k i", integer=True)
n = sympy.Symbol("n", integer=True)                       # any integer
n0 = sympy.Symbol("n", integer=True, nonnegative=True)    # n >= 0: the empty range allowed
n1 = sympy.Symbol("n", integer=True, positive=True)       # n >= 1
m = sympy.Symbol("m", integer=True)
a, b, c, y = sympy.symbols("a b c y", real=True)
x_ = sympy.Symbol("x", real=True)
t = sympy.Symbol("t", real=True)
xp = sympy.Symbol("x", positive=True)
yp = sympy.Symbol("y", positive=True)
C = sympy.Symbol("C", positive=True)
x = sympy.IndexedBase("x", real=True)
xpos = sympy.IndexedBase("x", positive=True)
oo = sympy.oo
LE, LT, GE, GT, EQ, NE, IMPLIES = (Relation.LE, Relation.LT, Relation.GE, Relation.GT,
                                   Relation.EQ, Relation.NE, Relation.IMPLIES)


def unevaluated_div(p, q):
    """p / q as written, without SymPy cancelling it (x/x stays x/x)."""
    return sympy.Mul(p, sympy.Pow(q, -1, evaluate=False), evaluate=False)


def claim_step(lhs, relation, rhs, assumptions=(), rule=None, sid="S", kind=None):
    claim = Claim(lhs, relation, rhs)
    return Step(sid, kind or infer_kind(claim), "adversarial", claim=claim,
                assumptions=tuple(assumptions), rule=rule)


def premise(sid, lhs, relation, rhs, assumptions=(), kind=None):
    return claim_step(lhs, relation, rhs, assumptions, sid=sid, kind=kind)


def with_premises(step, *premises):
    """The step with its premises in a derivation, every premise given as proved."""
    derivation = Derivation("adv", "adversarial", "none", tuple(premises) + (step,))
    outcomes = {p.id: Outcome(Verdict.PROVED) for p in premises}
    return step, CheckContext(derivation, outcomes)


def symbolic_verdicts(step, context=None) -> dict[str, Verdict]:
    """Every symbolic checker that applies (and the named rule), as the pipeline runs them:
    a proof passes the definedness gate or becomes inconclusive."""
    context = context or CheckContext()
    attempts = []
    if step.rule is not None:
        attempts.append((f"rule {step.rule.name}", registered_rules()[step.rule.name]))
    attempts += [(c.name, c.fn) for c in registered_checkers()
                 if c.fn.__module__ not in NUMERIC and c.applies(step)]
    verdicts = {}
    for name, fn in attempts:
        try:
            with soft_deadline(20.0):
                outcome = fn(step, config=CONFIG, context=context)
                if outcome is not None and outcome.verdict is Verdict.PROVED:
                    outcome = _defined_or_undecided(step, name, outcome)
        except SoftTimeout:
            verdicts[name] = Verdict.TIMEOUT
            continue
        except Exception:  # a checker's failure is never a proof (the pipeline agrees)
            verdicts[name] = Verdict.ERROR
            continue
        if outcome is not None:
            verdicts[name] = outcome.verdict
    return verdicts


def _case(x):
    return x if isinstance(x, tuple) else (x, None)


def S(term, lo, hi, index=j):
    return sympy.Sum(term, (index, lo, hi))


def P(term, lo, hi, index=j):
    return sympy.Product(term, (index, lo, hi))


MAX = MaxOver(x[j], (j, 1, n0))
MAX1 = MaxOver(x[j], (j, 1, n1))

# ---------------------------------------------------------------------------------------
# False claims. Each entry is a step, or (step, context) for rules with premises.

FALSE = {
    # --- 1. empty ranges: SymPy's Karr convention against the empty sum/product --------
    # Karr: sum_{5}^{3} j = -sum_{4}^{4} j = -4; the empty sum is 0, so "= -4" is false.
    "karr-sum-constant": claim_step(S(j, 5, 3), EQ, -4),
    # Karr: prod_{5}^{3} j = 1/prod_{4}^{4} j = 1/4; the empty product is 1.
    "karr-product-constant": claim_step(P(j, 5, 3), EQ, Rational(1, 4)),
    # Karr: prod_{3}^{1} j = 1/prod_{2}^{2} j = 1/2; the empty product is 1.
    "karr-product-3-1": claim_step(P(j, 3, 1), EQ, Rational(1, 2)),
    # n in Z: at n = -1 the sum is empty (0) but the right side is -1.
    "count-any-integer": claim_step(S(1, 1, n), EQ, n),
    # n in Z: at n = -2 the sum is 0 but n(n+1)/2 = 1 (Karr's value is 1 too).
    "gauss-any-integer": claim_step(S(j, 1, n), EQ, n * (n + 1) / 2),
    # n in Z: at n = -1 the empty sum 0 <= -1 is false (Karr gives -1 <= -1).
    "count-le-any-integer": claim_step(S(1, 1, n), LE, n),
    # n in Z: at n = -3, 0 = -6 is false.
    "twice-count-any-integer": claim_step(S(2, 1, n), EQ, 2 * n),
    # n in Z: at n = -1 the empty product is 1 but 2^-1 = 1/2.
    "power-any-integer": claim_step(P(2, 1, n), EQ, 2 ** n),
    # integers a, b: at m = 3, n = 0 the sum over 3..0 is 0 but n - m + 1 = -2.
    "count-two-bounds": claim_step(S(1, m, n), EQ, n - m + 1),
    # Karr: sum_{n}^{n-2} 1 = -sum_{n-1}^{n-1} 1 = -1; the range is empty: 0.
    "karr-symbolic-reversed": claim_step(S(1, n, n - 2), EQ, -1),
    # nested: Karr's inner sum over 1..i-2 at i = 1 is -1; by the empty convention the
    # total is sum_{i=3}^{n} (i-2), which at n = 1 is 0, not 1*(1-3)/2 = -1.
    "karr-nested": claim_step(S(S(1, 1, i - 2), 1, n1, i), EQ, n1 * (n1 - 3) / 2),
    # n >= 0: at n = 0 the sum is 0 and x_1^2 <= 0 fails for x_1 = 1.
    "le-sum-empty": claim_step(x[1] ** 2, LE, S(x[j] ** 2, 1, n0)),
    # n in Z: at n = -2 the empty sum 0 >= 1 is false; Karr gives -sum_{-1}^{0}(-1) = 2.
    "karr-negative-terms": claim_step(S(-1, 1, n), GE, 1),

    # telescoping over 1..n, n in Z: at n = -1 the empty sum is 0 but x_0 - x_1 need not
    # be (Karr's value -(x_1 - x_0) makes the identity hold for every n).
    "karr-telescoping": claim_step(S(x[j + 1] - x[j], 1, n), EQ, x[n + 1] - x[1]),
    # geometric sum over 0..n, n in Z: at n = -2 the empty sum 0 against 2^-1 - 1 = -1/2
    # (Karr: -sum_{-1}^{-1} 2^j = -1/2 agrees with the formula).
    "karr-geometric": claim_step(S(2 ** j, 0, n), EQ, 2 ** (n + 1) - 1),
    # prod_{1}^{n} (j+1)/j = n + 1, n in Z: at n = -1 the empty product 1 against 0.
    "karr-product-ratio": claim_step(P((j + 1) / j, 1, n), EQ, n + 1),
    # sum_{1}^{n} 1/(j(j+1)) = 1 - 1/(n+1), n in Z: at n = -2 the empty sum 0 against 2.
    "karr-telescoping-fraction": claim_step(S(1 / (j * (j + 1)), 1, n), EQ, 1 - 1 / (n + 1)),
    # n >= 0: at n = 0 the empty sum 0 >= 1 is false (doit's closed form n >= 1 is not).
    "count-ge-one-empty": claim_step(S(1, 1, n0), GE, 1),
    # n >= 0: at n = 0, 0 > 0 is false.
    "count-positive-empty": claim_step(S(1, 1, n0), GT, 0),

    # --- 2. rules dividing by a count, or using a max over a range that may be empty ----
    # the issue's claim: n >= 0, at n = 0 it reads 0 <= -1.
    "termwise-copies-empty": claim_step(S(-1, 1, n0), LE, -1),
    # strict: at n = 0 it reads 0 < 0.
    "termwise-strict-empty": claim_step(S(-1, 1, n0), LT, 0),
    # copies against a constant: at n = 0, 0 <= -n - 1 = -1 is false.
    "termwise-copies-affine": claim_step(S(-2, 1, n0), LE, -n0 - 1),
    # jensen with the mean over n >= 0 terms: at n = 0 both sides divide by 0.
    "jensen-empty-mean": claim_step((S(x[j], 1, n0) / n0) ** 2, LE, S(x[j] ** 2, 1, n0) / n0,
                                    rule=Rule("jensen")),
    # am_gm for n >= 0: at n = 0 the mean is 0/0.
    "am-gm-empty": claim_step(P(xpos[j], 1, n0) ** (1 / n0), LE, S(xpos[j], 1, n0) / n0,
                              rule=Rule("am_gm")),
    # am_gm with real terms: n = 2, x = (-1, -1): mean -1 < sqrt(1) = 1.
    "am-gm-negative-terms": claim_step(P(x[j], 1, n1) ** (1 / n1), LE, S(x[j], 1, n1) / n1,
                                       rule=Rule("am_gm")),
    # lse lower bound with n >= 0: at n = 0 the max is over nothing and log 0 is undefined.
    "lse-lower-empty": claim_step(MAX, LE, sympy.log(S(sympy.exp(x[j]), 1, n0)),
                                  rule=Rule("lse_bounds")),
    # lse upper bound with n >= 0: at n = 0, log 0 on both sides.
    "lse-upper-empty": claim_step(sympy.log(S(sympy.exp(x[j]), 1, n0)), LE,
                                  MAX + sympy.log(n0)),
    # the same, with the rule named.
    "lse-upper-empty-rule": claim_step(sympy.log(S(sympy.exp(x[j]), 1, n0)), LE,
                                       MAX + sympy.log(n0), rule=Rule("lse_bounds")),
    # max_bound with g(u) = -1/u: g' = 1/u^2 >= 0 where defined, but g is not monotone
    # across 0: n = 2, x = (-1, 1) gives 1 - 1 = 0 on the left, 2*(-1/1) = -2 on the right.
    "max-bound-pole": claim_step(S(-1 / x[j], 1, n1), LE, n1 * (-1 / MAX1),
                                 rule=Rule("max_bound")),
    # max_bound over n >= 0: at n = 0 the max is undefined.
    "max-bound-empty": claim_step(S(sympy.exp(x[j]), 1, n0), LE, n0 * sympy.exp(MAX),
                                  rule=Rule("max_bound")),
    # le_max with an index outside the range: x_{n+1} = 5, x_1..x_n = 0.
    "le-max-out-of-range": claim_step(x[n1 + 1], LE, MAX1, rule=Rule("le_max")),
    # le_max strict: n = 1 gives x_1 < x_1.
    "le-max-strict": claim_step(x[1], LT, MAX1),
    # element <= max with 1 <= n not stated (n >= 0): at n = 0 the max is undefined.
    "le-max-empty": claim_step(x[1], LE, MAX, rule=Rule("le_max")),
    # le_sum with terms of any sign: n = 2, x = (1, -5): 1 <= -4 is false.
    "le-sum-signed-terms": claim_step(x[1], LE, S(x[j], 1, n1), assumptions=(n1 >= 2,)),
    # a max of a constant over n >= 0 terms: undefined at n = 0.
    "constant-max-empty": claim_step(MaxOver(c, (j, 1, n0)), EQ, c),
    # the same max on both sides: structurally equal, but undefined at n = 0.
    "max-equals-itself-empty": claim_step(MAX, EQ, MAX),
    # min <= element with the element out of range: x_0 = -5, x_1..x_n = 0.
    "min-out-of-range": claim_step(MinOver(x[j], (j, 1, n1)), LE, x[0], rule=Rule("le_max")),

    # --- 3. rules with premises -------------------------------------------------------
    # monotone with the map 1/u (decreasing where defined, not across 0):
    # a = -1 <= b = 1 but 1/b = 1 <= 1/a = -1 is false.
    "monotone-pole": with_premises(
        claim_step(1 / b, LE, 1 / a, rule=Rule("monotone", ("ab",),
                                             (("map", sympy.Lambda(y, 1 / y)),))),
        premise("ab", a, LE, b)),
    # monotone with u^2, not monotone on the reals: a = -2 <= b = 1, 4 <= 1 false.
    "monotone-square": with_premises(
        claim_step(a ** 2, LE, b ** 2, rule=Rule("monotone", ("ab",),
                                              (("map", sympy.Lambda(y, y ** 2)),))),
        premise("ab", a, LE, b)),
    # monotone log with sides not known positive: log(-1) is not real.
    "monotone-log-signless": with_premises(
        claim_step(sympy.log(a), LE, sympy.log(b), rule=Rule("monotone", ("ab",))),
        premise("ab", a, LE, b)),
    # mul_positive with a factor of any sign: c = -1 turns 0 <= 1 into 0 <= -1.
    "mul-signless-factor": with_premises(
        claim_step(c * a, LE, c * b, rule=Rule("mul_positive", ("ab",))),
        premise("ab", a, LE, b)),
    # mul_positive strict with c >= 0 only: c = 0 gives 0 < 0.
    "mul-nonnegative-strict": with_premises(
        claim_step(c * a, LT, c * b, assumptions=(c >= 0,), rule=Rule("mul_positive", ("ab_lt",))),
        premise("ab_lt", a, LT, b)),
    # add_both_sides with different amounts: a = b = 0, c = 1: 1 <= 0 false.
    "add-different": with_premises(
        claim_step(a + c, LE, b, rule=Rule("add_both_sides", ("ab",))),
        premise("ab", a, LE, b)),
    # transitive across opposite directions: a <= b and c <= b say nothing of a <= c
    # (a = 1, b = 2, c = 0).
    "transitive-opposite": with_premises(
        claim_step(a, LE, c, rule=Rule("transitive", ("ab", "cb"))),
        premise("ab", a, LE, b), premise("cb", c, LE, b)),
    # transitive made strict from non-strict links: a = b = c gives a < c false.
    "transitive-strict": with_premises(
        claim_step(a, LT, c, rule=Rule("transitive", ("ab", "bc"))),
        premise("ab", a, LE, b), premise("bc", b, LE, c)),
    # sum_termwise strict over a range that may be empty: at n = 0, 0 < 0.
    "termwise-named-strict-empty": with_premises(
        claim_step(S(x[j] - 1, 1, n0), LT, S(x[j], 1, n0),
                   rule=Rule("sum_termwise", ("term",))),
        premise("term", x[j] - 1, LT, x[j])),
    # sum_termwise where the premise holds only for j >= 2: x_1 = -1, n = 1: -1 >= 0.
    "termwise-partial-range": with_premises(
        claim_step(S(x[j] ** 3, 1, n1), GE, 0 * n1,
                   rule=Rule("sum_termwise", ("term",))),
        premise("term", x[j] ** 3, GE, 0, assumptions=(j >= 2, x[j] >= 0))),
    # sum_termwise capturing the premise's own free k: x_j <= k for a fixed k says
    # nothing of x_k <= k (k = 0 in the premise's domain, x_k = 1 at k = 1 ...); the
    # premise is about x[j] and a free k, the claim about x[k] summed over k.
    "termwise-capture": with_premises(
        claim_step(S(x[k], 1, n1, k), LE, S(k, 1, n1, k),
                   rule=Rule("sum_termwise", ("term",))),
        premise("term", x[j], LE, k)),
    # linear_combination with a negative coefficient on an inequality: a <= b gives
    # nothing like -a <= -b (a = 0, b = 1: 0 <= -1 false).
    "combination-negative": with_premises(
        claim_step(-a, LE, -b, rule=Rule("linear_combination", ("ab",),
                                        (("coefficients", (-1,)),))),
        premise("ab", a, LE, b)),
    # linear_combination: an equality from an inequality (a = 0, b = 1).
    "combination-eq-from-le": with_premises(
        claim_step(a, EQ, b, rule=Rule("linear_combination", ("ab",))),
        premise("ab", a, LE, b)),
    # linear_combination: a strict claim from non-strict premises (a = b).
    "combination-strict": with_premises(
        claim_step(a, LT, b, rule=Rule("linear_combination", ("ab",))),
        premise("ab", a, LE, b)),
    # linear_combination reading a fact about one element (j free in the claim) as a
    # fact about every element: a = b = 0, j = 2, x_2 = 1, x_1 = -5 gives -1 <= -6.
    "combination-one-element-fact": with_premises(
        claim_step(a - x[j], LE, b - x[j] + x[1], assumptions=(x[j] > 0,),
                   rule=Rule("linear_combination", ("ab",))),
        premise("ab", a, LE, b)),
    # substitute: alpha := max_j x_j, but the claim puts the min in its place
    # (x = (0, 1): max 1, min 0, so alpha = 1 <= min = 0 is false).
    "substitute-wrong": with_premises(
        claim_step(sympy.Symbol("alpha", real=True), LE, MinOver(x[j], (j, 1, n1)),
                   rule=Rule("substitute", ("def",))),
        premise("def", sympy.Symbol("alpha", real=True), EQ, MAX1, kind=Kind.DEFINITION)),

    # --- 4. definedness: a side undefined somewhere on the domain -----------------------
    # the issue's implication: where x = 0 holds, x/x is 0/0.
    "implication-undefined-conclusion": claim_step(
        Eq(x_, 0), IMPLIES, Eq(unevaluated_div(x_, x_), 1, evaluate=False)),
    # x/x = 1 with no assumption: undefined at x = 0.
    "x-over-x": claim_step(unevaluated_div(x_, x_), EQ, 1),
    # (1/x) * x = 1: undefined at 0.
    "reciprocal-times": claim_step(sympy.Mul(sympy.Pow(x_, -1, evaluate=False), x_,
                                             evaluate=False), EQ, 1),
    # log(x^2) = 2 log x for real x: at x = -1 the right side is not real.
    "log-square-real": claim_step(sympy.log(x_ ** 2), EQ, 2 * sympy.log(x_)),
    # log(xy) = log x + log y for real x, y: x = y = -1 gives log 1 = 0 against 2 i pi.
    "log-product-real": claim_step(sympy.log(a * b), EQ, sympy.log(a) + sympy.log(b)),
    # sqrt(x)^2 = x for real x: sqrt(-1) is not real.
    "sqrt-squared-real": claim_step(sympy.Pow(sympy.sqrt(x_), 2, evaluate=False), EQ, x_),
    # (x^2 - 1)/(x - 1) = x + 1: undefined at x = 1.
    "removable-pole": claim_step(unevaluated_div(x_ ** 2 - 1, x_ - 1), EQ, x_ + 1),
    # tan x cos x = sin x: tan is undefined at pi/2.
    "tan-cos": claim_step(sympy.tan(x_) * sympy.cos(x_), EQ, sympy.sin(x_)),
    # e^{log x} = x for real x: log(-1) is not real (SymPy would cancel it unevaluated).
    "exp-log-real": claim_step(sympy.exp(sympy.log(x_), evaluate=False), EQ, x_),
    # x > 1 => log(x - 2) < x: at x = 3/2 the conclusion's log is of -1/2.
    "implication-log-undefined": claim_step(Gt(x_, 1), IMPLIES, Lt(sympy.log(x_ - 2), x_)),
    # sqrt(x - 1) >= 0 for real x: undefined for x < 1.
    "sqrt-nonnegative-real": claim_step(sympy.sqrt(x_ - 1), GE, 0),
    # 1/x^2 > 0 for real x: undefined at 0.
    "inverse-square-positive": claim_step(1 / x_ ** 2, GT, 0),
    # 1/sum x_j^2 > 0: the sum is 0 when every x_j = 0.
    "inverse-sum-squares": claim_step(1 / S(x[j] ** 2, 1, n1), GT, 0),
    # log x <= x - 1 for real x: log(-1) is not real.
    "log-tangent-real": claim_step(sympy.log(x_), LE, x_ - 1),
    # sin x / x <= 1: undefined at 0.
    "sinc-bound": claim_step(unevaluated_div(sympy.sin(x_), x_), LE, 1),
    # x^y = e^{y log x} for real x: x = -1 has no real log.
    "power-as-exp-real": claim_step(a ** b, EQ, sympy.exp(b * sympy.log(a))),
    # a = b => a/c = b/c: at c = 0 both sides are undefined.
    "implication-divide-by-any": claim_step(Eq(a, b), IMPLIES,
                                            Eq(unevaluated_div(a, c), unevaluated_div(b, c),
                                               evaluate=False)),
    # (x^{1/3})^3 = x for real x: SymPy's cube root of -8 is not real (principal branch).
    "cube-root-real": claim_step(sympy.Pow(sympy.cbrt(x_), 3, evaluate=False), EQ, x_),
    # log(e^x) = x is fine, but log(x) - log(x) = 0 is undefined for x <= 0.
    "log-minus-itself": claim_step(sympy.Add(sympy.log(x_), -sympy.log(x_), evaluate=False),
                                   EQ, 0),
    # sin(asin x) = x for real x: at x = 2, asin 2 is not real.
    "sin-asin-real": claim_step(sympy.sin(sympy.asin(x_), evaluate=False), EQ, x_),
    # x_j > 0 for the one j named in the claim says nothing of x_1: at x_1 = 0 the side
    # 1/x_1 is undefined (j = 2).
    "one-element-fact-denominator": claim_step(unevaluated_div(1, x[1]) + x[j], EQ,
                                               x[j] + unevaluated_div(1, x[1]),
                                               assumptions=(x[j] > 0,)),
    # 1/(x - y) + 1/(y - x) = 0: undefined at x = y.
    "opposite-poles": claim_step(1 / (a - b) + 1 / (b - a), EQ, 0),

    # a solution set that keeps a point where its condition is undefined: x/x = 1 is
    # undefined at x = 0, so 0 is not in the set and the set is not all of R.
    "solution-set-undefined-point": claim_step(
        sympy.ConditionSet(x_, Eq(unevaluated_div(x_, x_), 1, evaluate=False), sympy.S.Reals),
        EQ, sympy.S.Reals),

    # --- 5. limits: only sympy.limit decides -------------------------------------------
    # two-sided limit of 1/x at 0 does not exist (+oo from the right, -oo from the left).
    "limit-two-sided-pole": claim_step(sympy.Limit(1 / x_, x_, 0, dir="+-"), EQ, oo),
    # the same with the limit rule named: sympy.limit finds that the two sides differ.
    "limit-two-sided-pole-rule": claim_step(sympy.Limit(1 / x_, x_, 0, dir="+-"), EQ, oo,
                                            rule=Rule("limit")),
    # sin x has no limit at infinity.
    "limit-oscillating": claim_step(sympy.Limit(sympy.sin(x_), x_, oo), EQ, 0),
    # log x / x^{1/1000} -> 0, although at x = 10^100 it is about 182.
    "limit-slow-log": claim_step(sympy.Limit(sympy.log(xp) / xp ** Rational(1, 1000), xp, oo),
                                 EQ, oo),
    # the limit rule on the slow log: the value at any large x is large, the limit is 0.
    "limit-slow-log-rule": claim_step(sympy.Limit(sympy.log(xp) / xp ** Rational(1, 1000),
                                                  xp, oo), EQ, oo, rule=Rule("limit")),
    # x sin(1/x) -> 1 at infinity, not 0.
    "limit-xsin": claim_step(sympy.Limit(x_ * sympy.sin(1 / x_), x_, oo), EQ, 0),
    # (1 + 1/x)^x -> e, not 3.
    "limit-e": claim_step(sympy.Limit((1 + 1 / xp) ** xp, xp, oo), EQ, 3),
    # the limit rule on a wrong value: x e^{-x} -> 0, not 1.
    "limit-rule-wrong": claim_step(sympy.Limit(x_ * sympy.exp(-x_), x_, oo), EQ, 1,
                                   rule=Rule("limit")),

    # --- 6. inequalities and implications on a domain larger than the proof's ----------
    # e^x >= 1 + x + x^2/2 holds for x >= 0 only: x = -1 gives 0.37 >= 0.5, false.
    "exp-taylor-real": claim_step(sympy.exp(x_), GE, 1 + x_ + x_ ** 2 / 2),
    # x^3 >= 0 for real x: x = -1.
    "cube-nonnegative": claim_step(x_ ** 3, GE, 0),
    # x > 0 => x >= 1 for real x: x = 1/2.
    "real-not-integer": claim_step(Gt(x_, 0), IMPLIES, Ge(x_, 1)),
    # a x = 0 => x = 0: the coefficient a may be 0 (a = 0, x = 1).
    "linear-zero-coefficient": claim_step(Eq(a * x_, 0), IMPLIES, Eq(x_, 0)),
    # a sign fact for j in 1..2 is not a fact for every j: x_3 = -100 makes the sum < 0.
    "indexed-fact-restricted": claim_step(S(x[k], 1, 3, k), GT, 0,
                                          assumptions=(j >= 1, j <= 2, x[j] > 0)),
    # the same with the sign fact first (read before the facts that restrict j).
    "indexed-fact-restricted-first": claim_step(S(x[k], 1, 3, k), GT, 0,
                                                assumptions=(x[j] > 0, j >= 1, j <= 2)),
    # n = -1 => sum_{1}^{n} 1 = -1: Karr's value after substituting n = -1 is -1, the
    # empty sum is 0, so the conclusion fails where the premise holds.
    "linear-implication-karr": claim_step(Eq(n, -1), IMPLIES, Eq(S(1, 1, n), -1)),
    # enumerate over -2..2 with the Karr reading would "prove" sum_{1}^{n} 1 = n; at
    # n = -1 the empty sum is 0.
    "enumerate-karr": claim_step(S(1, 1, n), EQ, n, assumptions=(n >= -2, n <= 2),
                                 rule=Rule("enumerate", params=(("symbol", n),
                                                                ("values", range(-2, 3))))),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_claim_is_never_proved(name):
    step, context = _case(FALSE[name])
    verdicts = symbolic_verdicts(step, context)
    proved = [checker for checker, verdict in verdicts.items() if verdict is Verdict.PROVED]
    assert not proved, f"{name} proved by {proved}"


def test_the_adversarial_set_is_large_enough():
    assert len(FALSE) >= 60


# ---------------------------------------------------------------------------------------
# True claims of the same shapes: still proved by some symbolic checker.

TRUE = {
    # the empty sum and product, read by the one convention
    "empty-sum-constant": claim_step(S(j, 5, 3), EQ, 0),
    "empty-product-constant": claim_step(P(j, 5, 3), EQ, 1),
    # n >= 0: the count formula holds, including n = 0
    "count-nonnegative": claim_step(S(1, 1, n0), EQ, n0),
    "gauss-nonnegative": claim_step(S(j, 1, n0), EQ, n0 * (n0 + 1) / 2),
    "power-nonnegative": claim_step(P(2, 1, n0), EQ, 2 ** n0),
    "count-nonnegative-sign": claim_step(S(1, 1, n0), GE, 0),
    "count-ge-one-nonempty": claim_step(S(1, 1, n1), GE, 1),
    "telescoping-nonnegative": claim_step(S(x[j + 1] - x[j], 1, n), EQ, x[n + 1] - x[1],
                                          assumptions=(n >= 0,)),
    # n in Z with n >= 0 stated as a fact rather than an assumption of the symbol
    "count-fact": claim_step(S(1, 1, n), EQ, n, assumptions=(n >= 0,)),
    # n >= 1: the issue's termwise claim holds
    "termwise-copies-nonempty": claim_step(S(-1, 1, n1), LE, -1),
    # n >= 0: a bound that also holds for the empty sum (0 <= 0)
    "termwise-copies-empty-ok": claim_step(S(-1, 1, n0), LE, 0),
    "jensen-nonempty": claim_step((S(x[j], 1, n1) / n1) ** 2, LE, S(x[j] ** 2, 1, n1) / n1,
                                  rule=Rule("jensen")),
    "am-gm-nonempty": claim_step(P(xpos[j], 1, n1) ** (1 / n1), LE, S(xpos[j], 1, n1) / n1,
                                 rule=Rule("am_gm")),
    "lse-upper-nonempty": claim_step(sympy.log(S(sympy.exp(x[j]), 1, n1)), LE,
                                     MAX1 + sympy.log(n1)),
    "lse-lower-nonempty": claim_step(MAX1, LE, sympy.log(S(sympy.exp(x[j]), 1, n1)),
                                     rule=Rule("lse_bounds")),
    "max-bound-exp": claim_step(S(sympy.exp(x[j]), 1, n1), LE, n1 * sympy.exp(MAX1),
                                rule=Rule("max_bound")),
    "le-max-in-range": claim_step(x[j], LE, MAX1, assumptions=(j >= 1, j <= n1),
                                  rule=Rule("le_max")),
    "monotone-exp": with_premises(
        claim_step(sympy.exp(a), LE, sympy.exp(b), rule=Rule("monotone", ("ab",))),
        premise("ab", a, LE, b)),
    "mul-positive": with_premises(
        claim_step(C * a, LE, C * b, rule=Rule("mul_positive", ("ab",))),
        premise("ab", a, LE, b)),
    "transitive-chain": with_premises(
        claim_step(a, LE, c, rule=Rule("transitive", ("ab", "bc"))),
        premise("ab", a, LE, b), premise("bc", b, LE, c)),
    "termwise-named-nonstrict": with_premises(
        claim_step(S(x[j] - 1, 1, n0), LE, S(x[j], 1, n0),
                   rule=Rule("sum_termwise", ("term",))),
        premise("term", x[j] - 1, LT, x[j])),
    "combination-sum": with_premises(
        claim_step(a + c, LE, b + y, rule=Rule("linear_combination", ("ab", "cy"))),
        premise("ab", a, LE, b), premise("cy", c, LE, y)),
    # definedness follows from the assumptions
    "x-over-x-nonzero": claim_step(unevaluated_div(x_, x_), EQ, 1, assumptions=(Ne(x_, 0),)),
    "x-over-x-positive": claim_step(unevaluated_div(xp, xp), EQ, 1),
    "log-square-positive": claim_step(sympy.log(xp ** 2), EQ, 2 * sympy.log(xp)),
    "log-product-positive": claim_step(sympy.log(xp * yp), EQ, sympy.log(xp) + sympy.log(yp)),
    "log-tangent-positive": claim_step(sympy.log(xp), LE, xp - 1),
    "sqrt-shifted": claim_step(sympy.sqrt(x_ - 1), GE, 0, assumptions=(x_ >= 1,)),
    "implication-defined": claim_step(Eq(x_, 2), IMPLIES,
                                      Eq(unevaluated_div(x_, x_), 1, evaluate=False)),
    "softmax-denominator": claim_step(sympy.exp(x[k]) / S(sympy.exp(x[j]), 1, n1), GT, 0),
    "removable-pole-excluded": claim_step(unevaluated_div(x_ ** 2 - 1, x_ - 1), EQ, x_ + 1,
                                          assumptions=(x_ > 1,)),
    # limits by sympy.limit
    "sin-asin-interval": claim_step(sympy.sin(sympy.asin(x_), evaluate=False), EQ, x_,
                                    assumptions=(x_ >= -1, x_ <= 1)),
    "every-element-fact-denominator": claim_step(S(1 / x[j], 1, n1), EQ, S(1 / x[j], 1, n1),
                                                 assumptions=(x[j] > 0,)),
    "solution-set-log": claim_step(sympy.ConditionSet(x_, Eq(sympy.log(x_), 0), sympy.S.Reals),
                                   EQ, sympy.FiniteSet(1)),
    "limit-sinc": claim_step(sympy.Limit(sympy.sin(x_) / x_, x_, 0, dir="+-"), EQ, 1),
    "limit-slow-log-true": claim_step(sympy.Limit(sympy.log(xp) / xp ** Rational(1, 1000),
                                                  xp, oo), EQ, 0),
    "limit-right-pole": claim_step(sympy.Limit(1 / x_, x_, 0, dir="+"), EQ, oo,
                                   rule=Rule("limit")),
    "limit-of-index-mean": claim_step(sympy.Limit(S(j, 1, n) / n ** 2, n, oo), EQ,
                                      Rational(1, 2)),
    "linear-implication-sum": claim_step(Eq(n, 3), IMPLIES, Eq(S(1, 1, n), 3)),
    "indexed-fact-every": claim_step(S(x[k], 1, 3, k), GT, 0, assumptions=(x[j] > 0,)),
    "exp-taylor-nonnegative": claim_step(sympy.exp(x_), GE, 1 + x_ + x_ ** 2 / 2,
                                         assumptions=(x_ >= 0,)),
}


@pytest.mark.parametrize("name", sorted(TRUE))
def test_true_claim_is_still_proved(name):
    step, context = _case(TRUE[name])
    verdicts = symbolic_verdicts(step, context)
    assert Verdict.PROVED in verdicts.values(), f"{name}: {verdicts}"


# ---------------------------------------------------------------------------------------
# The empty-range convention itself


def test_conventional_values_of_empty_ranges():
    assert conventional(S(j, 5, 3)) == 0
    assert conventional(P(j, 5, 3)) == 1
    assert conventional(S(j, 1, n0)) == S(j, 1, n0)             # count n >= 0: Karr agrees
    guarded = conventional(S(1, 1, n))
    assert isinstance(guarded, sympy.Piecewise)
    for value in range(-4, 5):                                  # the conventional value
        assert guarded.subs(n, value).doit() == max(value, 0)


def test_count_sign_uses_facts():
    assert count_sign(1, n, (n >= 0,)) is True
    assert count_sign(5, 3) is False
    assert count_sign(1, n) is None


def test_max_bound_needs_a_continuous_map():
    expr = sympy.Tuple(S(-1 / x[j], 1, n1), n1 * (-1 / MAX1))
    assert max_bound_templates(expr, []) == []


# ---------------------------------------------------------------------------------------
# The whole pipeline (numeric tier included) on the issue's own examples


def _pipeline(step, context=None):
    from symbolic.checks import check_step
    return check_step(step, config=CONFIG, context=context or CheckContext())


@pytest.mark.parametrize("name", ["karr-sum-constant", "count-any-integer",
                                  "termwise-copies-empty", "implication-undefined-conclusion",
                                  "x-over-x"])
def test_issue_examples_are_not_proved_by_the_pipeline(name):
    step, context = _case(FALSE[name])
    assert _pipeline(step, context).verdict is not Verdict.PROVED


@pytest.mark.parametrize("name", ["empty-sum-constant", "count-nonnegative",
                                  "termwise-copies-nonempty", "x-over-x-nonzero"])
def test_issue_examples_true_forms_are_proved_by_the_pipeline(name):
    step, context = _case(TRUE[name])
    assert _pipeline(step, context).verdict is Verdict.PROVED


def test_an_undefined_side_is_reported_as_such():
    step, _ = _case(FALSE["x-over-x"])
    outcome = _pipeline(step)
    assert any(e.method == "definedness" and r"$x \ne 0$" in e.detail for e in outcome.evidence)


def test_definedness_conditions_are_collected():
    from symbolic.checks._definedness import Need, conditions
    found = {(c.need, c.expr) for c in conditions(sympy.log(x_ - 1) + 1 / y + sympy.sqrt(a)
                                                  + MaxOver(x[j], (j, 1, n0)))}
    assert (Need.POSITIVE, x_ - 1) in found
    assert (Need.NONZERO, y) in found
    assert (Need.NONNEGATIVE, a) in found
    assert (Need.NONNEGATIVE, n0 - 1) in found       # the max ranges over 1..n, not empty
    # the variable of a limit is the limit algorithm's business
    assert conditions(sympy.Limit(sympy.sin(x_) / x_, x_, 0)) == []


def test_nested_ranges_take_the_conventional_value_at_every_size():
    # sum_{i=1}^{m} sum_{j=1}^{i-2} 1: Karr's inner sum at i = 1 is -1; the convention's
    # value is sum_{i=3}^{m} (i - 2) = (m-1)(m-2)/2 for m >= 2, and 0 below
    guarded = conventional(S(S(1, 1, i - 2), 1, m, i))
    for value in range(-3, 7):
        expected = sum(max(0, ii - 2) for ii in range(1, value + 1))
        assert guarded.subs(m, value).doit() == expected


def test_iid_moments_over_a_range_that_may_be_reversed():
    # Var(sum_{j=1}^{d} q_j k_j) = d with d in Z: at d = -1 the sum is empty, its variance
    # is 0, not -1; the iid_moments rule counts d terms by Karr's convention
    from symbolic.checks.moments import Var
    d = sympy.Symbol("d", integer=True)
    q, kk = sympy.IndexedBase("q", real=True), sympy.IndexedBase("k", real=True)
    iid = ((q, "normal", 0, 1), (kk, "normal", 0, 1))
    step = claim_step(Var(S(q[j] * kk[j], 1, d)), EQ, d, kind=Kind.IDENTITY,
                      rule=Rule("iid_moments", params=(("iid", iid),)))
    assert Verdict.PROVED not in symbolic_verdicts(step).values()
