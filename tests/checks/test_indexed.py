"""The indexed family: identities over general ranges, the sum_of_squares rule, implications.

True claims must be proved for the general size; false or unsupported ones must never be
proved by this family (it never refutes: that is the numeric tier's job).
"""
import pytest
import sympy
from sympy import Derivative, Eq, IndexedBase, KroneckerDelta, Ne, Sum, Symbol, exp, log, sqrt

from symbolic.checks.indexed import (canonical_dummies, check_identity, check_implication,
                                     check_sum_of_squares, sign_of)
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

L = Symbol("L", integer=True, positive=True)
d = Symbol("d", integer=True, positive=True)
j, m, r, rho = (Symbol(n, integer=True, positive=True) for n in ("j", "m", "r", "rho"))
s, v, q, k = (IndexedBase(n, real=True) for n in ("s", "v", "q", "k"))
t, c, y = Symbol("t", real=True), Symbol("c", real=True), Symbol("y", real=True)
Z = Sum(exp(s[m]), (m, 1, L))
IN_RANGE = (sympy.Le(j, L),)


def _step(claim, *, kind=Kind.IDENTITY, assumptions=(), rule=None):
    return Step("T-1", kind, "quote", claim, assumptions=assumptions, rule=rule)


def _verdict(fn, step):
    outcome = fn(step, config=CheckConfig(), context=None)
    return None if outcome is None else outcome.verdict


def _score(row):
    return Sum(q[r] * k[row, r], (r, 1, d)) / sqrt(d)


M_VEC = log(Sum(exp(_score(m)), (m, 1, L))) - Sum(_score(m), (m, 1, L)) / L
GRADIENT = (exp(_score(j)) / Sum(exp(_score(m)), (m, 1, L)) - 1 / L) * q[rho] / sqrt(d)

IDENTITIES = [
    (Claim(Sum(exp(s[j]) / Z, (j, 1, L)), Relation.EQ, 1), (), Verdict.PROVED,
     "softmax weights sum to 1 for every L"),
    (Claim(Sum(2 * s[j] + c, (j, 1, L)), Relation.EQ, 2 * Sum(s[m], (m, 1, L)) + L * c), (),
     Verdict.PROVED, "linearity, and a constant summed L times"),
    (Claim(Sum(KroneckerDelta(j, m) * s[m], (m, 1, L)), Relation.EQ, s[j]), IN_RANGE,
     Verdict.PROVED, "a delta sum picks the term j when 1 <= j <= L"),
    (Claim(Sum(KroneckerDelta(j, m) * s[m], (m, 1, L)), Relation.EQ, s[j]), (),
     Verdict.INCONCLUSIVE, "without j <= L the delta may pick nothing"),
    (Claim(Derivative(M_VEC, k[j, rho]), Relation.EQ, GRADIENT),
     (sympy.Le(j, L), sympy.Le(rho, d)), Verdict.PROVED,
     "gradient of lse - mean with respect to one key component, general L and d"),
    (Claim(Derivative(M_VEC, k[j, rho]), Relation.EQ, 2 * GRADIENT),
     (sympy.Le(j, L), sympy.Le(rho, d)), Verdict.INCONCLUSIVE, "a wrong gradient is not proved"),
    (Claim(Sum(s[j] ** 2, (j, 1, L)), Relation.EQ, Sum(s[j], (j, 1, L)) ** 2), (),
     Verdict.INCONCLUSIVE, "sum of squares is not the square of the sum"),
    (Claim(MaxOver(y, (m, 1, L)), Relation.EQ, y), (), Verdict.PROVED,
     "the max of a constant over a non-empty range"),
    (Claim(MaxOver(y / sqrt(d), (m, 1, L)), Relation.EQ, y), (Eq(d, 1),), Verdict.PROVED,
     "with d = 1 the scaled constant is y"),
    (Claim(MaxOver(y / sqrt(d), (m, 1, L)), Relation.EQ, y), (), Verdict.INCONCLUSIVE,
     "without d = 1 it is y / sqrt(d)"),
    (Claim(MaxOver(s[m], (m, 1, L)), Relation.EQ, s[1]), (), Verdict.INCONCLUSIVE,
     "the max of varying terms is not one of them in general"),
]


@pytest.mark.parametrize("claim, facts, verdict, reason", IDENTITIES,
                         ids=[row[3] for row in IDENTITIES])
def test_indexed_identity(claim, facts, verdict, reason):
    assert _verdict(check_identity, _step(claim, assumptions=facts)) is verdict, reason


LINE = s[m] + t * v[m]
ZL = Sum(exp(LINE), (m, 1, L))
P_LINE = exp(s[j] + t * v[j]) / ZL
MEAN_V = Sum(exp(LINE) * v[m], (m, 1, L)) / ZL
VARIANCE = Sum(P_LINE * (v[j] - MEAN_V) ** 2, (j, 1, L))
LSE_CURVATURE = Derivative(log(ZL), (t, 2))

SQUARES = [
    (Claim(LSE_CURVATURE, Relation.GE, 0), VARIANCE, Verdict.PROVED,
     "log-sum-exp is convex along every line: its curvature is a softmax variance"),
    (Claim(0, Relation.LE, LSE_CURVATURE), VARIANCE, Verdict.PROVED, "the same, mirrored"),
    (Claim(LSE_CURVATURE, Relation.GE, 0), 2 * VARIANCE, Verdict.INCONCLUSIVE,
     "a certificate that is not equal to the gap"),
    (Claim(-LSE_CURVATURE, Relation.GE, 0), -VARIANCE, Verdict.INCONCLUSIVE,
     "a certificate that is not manifestly non-negative (the claim is false)"),
    (Claim(LSE_CURVATURE, Relation.GT, 0), VARIANCE, Verdict.INCONCLUSIVE,
     "a strict claim needs a positive certificate (the variance can be 0)"),
    (Claim((s[1] - s[2]) ** 2 + 2 * s[1] * s[2], Relation.GE, 0),
     s[1] ** 2 + s[2] ** 2, Verdict.PROVED, "a plain sum of squares"),
]


@pytest.mark.parametrize("claim, certificate, verdict, reason", SQUARES,
                         ids=[row[3] for row in SQUARES])
def test_sum_of_squares(claim, certificate, verdict, reason):
    step = _step(claim, kind=Kind.INEQUALITY,
                 rule=Rule("sum_of_squares", params=(("certificate", certificate),)))
    assert _verdict(check_sum_of_squares, step) is verdict, reason


def test_sum_of_squares_needs_a_certificate():
    step = _step(Claim(LSE_CURVATURE, Relation.GE, 0), kind=Kind.INEQUALITY,
                 rule=Rule("sum_of_squares"))
    assert _verdict(check_sum_of_squares, step) is Verdict.INCONCLUSIVE


P_J = exp(s[j]) / Z
IMPLICATIONS = [
    (sympy.And(Eq((P_J - 1 / L) * q[rho], 0), Ne(q[rho], 0)), Eq(P_J, 1 / L), Verdict.PROVED,
     "a factor the premise says is nonzero is divided out"),
    (Eq((P_J - 1 / L) * q[rho], 0), Eq(P_J, 1 / L), Verdict.INCONCLUSIVE,
     "without q_rho != 0 the factor may be the one that vanishes"),
    (Eq(P_J, 1 / L), Eq(exp(s[j]), Z / L), Verdict.PROVED,
     "multiplying by the positive sum"),
    (Eq(exp(s[j]), Z / L), Eq(s[j], log(Z / L)), Verdict.PROVED,
     "the logarithm of an equation between positive numbers"),
    (Eq(s[j] ** 2, c ** 2), Eq(s[j], c), Verdict.INCONCLUSIVE,
     "squares equal does not give equal (c = -s_j)"),
    (Eq(_score(j), _score(1)), Eq(Sum(q[r] * (k[j, r] - k[1, r]), (r, 1, d)), 0),
     Verdict.PROVED, "equal scores give equal projections on q"),
    (Eq(_score(j), _score(1)), Eq(k[j, rho], k[1, rho]), Verdict.INCONCLUSIVE,
     "equal scores do not give equal keys"),
]


@pytest.mark.parametrize("premise, conclusion, verdict, reason", IMPLICATIONS,
                         ids=[row[3] for row in IMPLICATIONS])
def test_indexed_implication(premise, conclusion, verdict, reason):
    step = _step(Claim(premise, Relation.IMPLIES, conclusion), kind=Kind.IMPLICATION)
    assert _verdict(check_implication, step) is verdict, reason


def test_canonical_dummies_make_equal_sums_equal():
    inner = Sum(exp(s[m]), (m, 1, L))
    nested = Sum(exp(s[j]) / inner, (j, 1, L))
    assert canonical_dummies(Sum(exp(s[j]), (j, 1, L))) == canonical_dummies(inner)
    k0, k1 = Symbol("_k0", integer=True), Symbol("_k1", integer=True)
    # the inner sum gets _k0, the outer _k1: no capture of one index by the other
    assert canonical_dummies(nested) == Sum(exp(s[k1]) / Sum(exp(s[k0]), (k0, 1, L)), (k1, 1, L))


@pytest.mark.parametrize("expr, sign", [
    (Z, "positive"),
    (Sum((v[j] - c) ** 2 * exp(s[j]), (j, 1, L)), "nonnegative"),
    (Sum(v[j], (j, 1, L)), None),
    (exp(MaxOver(s[m], (m, 1, L))), "positive"),
    ((v[1] - v[2]) ** 3, None),
])
def test_sign_of_reads_structure(expr, sign):
    assert sign_of(expr) == sign


# Regressions (red-team): a sum runs over the integers between its ends, so with a real,
# non-integer D the sum over 1..D has floor(D) terms; SymPy's D terms must not prove these.
D_REAL = Symbol("D", real=True, positive=True)
D_INT = Symbol("D", integer=True, positive=True)


@pytest.mark.parametrize("claim", [
    Claim(Sum(1, (j, 1, D_REAL)), Relation.EQ, D_REAL),                           # D = 3/2: 1
    Claim(Sum(j, (j, 1, D_REAL)), Relation.EQ, D_REAL * (D_REAL + 1) / 2),        # D = 3/2: 1
    Claim(Sum(s[m], (m, 1, L / 2)) + Sum(s[m], (m, L / 2 + 1, L)), Relation.EQ,
          Sum(s[m], (m, 1, L))),                                                   # L = 3: s_2 lost
])
def test_non_integer_range_ends_are_not_decided(claim):
    outcome = check_identity(_step(claim), config=CheckConfig(), context=None)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "not proved integers" in outcome.evidence[0].detail


def test_integer_range_ends_are_still_proved():
    assert _verdict(check_identity, _step(Claim(Sum(j, (j, 1, D_INT)), Relation.EQ,
                                                D_INT * (D_INT + 1) / 2))) is Verdict.PROVED


def test_conventional_reads_non_integer_ends_as_the_integers_between_them():
    """Every symbolic tier reads sums through ``conventional``: with a real D the sum over
    1..D has floor(D) terms, so no algebraic strategy proves ``Sum(1, (j, 1, D)) = D``."""
    from symbolic.checks._ranges import conventional
    from symbolic.checks.algebraic import difference_zero
    assert conventional(Sum(1, (j, 1, D_REAL))).doit() == sympy.floor(D_REAL)
    assert not difference_zero(Sum(1, (j, 1, D_REAL)), D_REAL).proved
    assert not difference_zero(Sum(j, (j, 1, D_REAL)), D_REAL * (D_REAL + 1) / 2).proved
    # an end that uses an enclosing index is an integer: left as written
    inner = Sum(Sum(1, (m, 1, Symbol("jj"))), (Symbol("jj"), 1, L))
    assert conventional(inner) == inner
    assert difference_zero(Sum(1, (j, 1, D_INT)), D_INT).proved


def test_a_max_over_no_integer_has_no_value():
    """``0 <= max(empty) * 0`` must not be proved by the 0 factor: the max over 1/4..3/4
    (no integer) is ``nan`` once the range is read, and a non-empty max is left alone."""
    from symbolic.checks._ranges import conventional
    from symbolic.checks.inequality import prove_sign
    quarter, three = sympy.Rational(1, 4), sympy.Rational(3, 4)
    gap = MaxOver(s[m], (m, quarter, three)) * Sum(v[m], (m, quarter, three))
    assert conventional(gap) is sympy.nan
    assert prove_sign(gap) is None
    assert conventional(MaxOver(s[m], (m, 1, L))) == MaxOver(s[m], (m, 1, L))
