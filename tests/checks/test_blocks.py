"""The rules of ``symbolic.checks.blocks``: true claims of general size proved, false ones never.

Each rule is called directly (not through the pipeline), so a false claim that a later
numeric checker would refute still shows that the rule itself does not prove it.
"""
import pytest
import sympy
from sympy import Abs, Eq, I, IndexedBase, Max, Min, Sum, Symbol, cos, exp, sin

from symbolic.checks import CheckContext, registered_rules
from symbolic.checks.blocks import BlockDiag
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver, MinOver
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

x, y = IndexedBase("x", real=True), IndexedBase("y", real=True)
a, b = IndexedBase("a", real=True), IndexedBase("b", real=True)
h, S = IndexedBase("h"), IndexedBase("S")
th = IndexedBase("theta", real=True)
i, l = Symbol("i", integer=True), Symbol("l", integer=True)
kk = Symbol("kk", integer=True)  # an integer with no sign: a range end that may be reversed
j = Symbol("j", integer=True, positive=True)
n, D = Symbol("n", integer=True, positive=True), Symbol("D", integer=True, positive=True)
B1, B2 = Symbol("B_1", integer=True, positive=True), Symbol("B_2", integer=True, positive=True)
M, m1, m2, m, nn, r = sympy.symbols("M m_1 m_2 m n_pos r", real=True)
E = Relation.EQ


def verdict(rule_name, lhs, relation, rhs, assumptions=()):
    kind = Kind.IDENTITY if relation is Relation.EQ else Kind.INEQUALITY
    step = Step("s", kind, "q", Claim(lhs, relation, rhs), assumptions=assumptions,
                rule=Rule(rule_name))
    fn = registered_rules()[rule_name]
    return fn(step, config=CheckConfig(), context=CheckContext()).verdict


def ls(lo, hi, shift):
    return Sum(exp(x[i] - shift), (i, lo, hi))


def rot(t, k=i):
    return sympy.Matrix([[cos(t * th[k]), -sin(t * th[k])], [sin(t * th[k]), cos(t * th[k])]])


def R(t):
    return BlockDiag(rot(t), (i, 1, D))


TRUE = [
    ("sum_ranges", ls(1, B1 + B2, M), E, exp(m1 - M) * ls(1, B1, m1) + exp(m2 - M) * ls(B1 + 1, B1 + B2, m2), ()),
    ("sum_ranges", ls(1, j - 1, m1) * exp(m1 - m2) + exp(x[j] - m2), E, ls(1, j, m2), ()),
    ("sum_ranges", Sum(h[i] * (S[i + 1] - S[i]), (i, 0, D - 1)), E,
     -Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1)), (Eq(h[D], 0), Eq(S[0], 0))),
    ("sum_ranges", Sum(x[i + 1] - x[i], (i, 1, n)), E, x[n + 1] - x[1], ()),
    ("max_union", MaxOver(x[i], (i, 1, B1 + B2)), E,
     Max(MaxOver(x[i], (i, 1, B1)), MaxOver(x[i], (i, B1 + 1, B1 + B2))), ()),
    ("max_union", MaxOver(x[i], (i, 1, j + 1)), E, Max(MaxOver(x[i], (i, 1, j)), x[j + 1]), ()),
    ("max_union", MinOver(x[i], (i, 1, j + 1)), E, Min(MinOver(x[i], (i, 1, j)), x[j + 1]), ()),
    ("triangle", Abs(Sum(exp(I * r * th[i]), (i, 0, j - 1))), Relation.LE, j, ()),
    ("triangle", Abs(Sum(h[i] * S[i], (i, 1, n))), Relation.LE, Sum(Abs(h[i]) * Abs(S[i]), (i, 1, n)), ()),
    ("max_factor", Sum(Abs(a[i]) * Abs(b[i]), (i, 0, D - 1)), Relation.LE,
     MaxOver(Abs(a[i]), (i, 0, D - 1)) * Sum(Abs(b[i]), (i, 0, D - 1)), ()),
    ("max_term", sympy.Integer(1), Relation.LE, ls(1, j, MaxOver(x[l], (l, 1, j))), ()),
    ("block_diagonal", R(m).T * R(nn), E, R(nn - m), ()),
    ("block_diagonal", R(m).T * R(m), E, BlockDiag(sympy.eye(2), (i, 1, D)), ()),
    ("block_diagonal", R(m) * R(nn), E, R(m + nn), ()),
]

FALSE = [
    # sum_ranges: overlap, gap, missing boundary hypothesis, wrong sign of a shift, shifted index
    ("sum_ranges", ls(1, B1 + B2, M), E, exp(m1 - M) * ls(1, B1, m1) + exp(m2 - M) * ls(B1, B1 + B2, m2), ()),
    ("sum_ranges", ls(1, B1 + B2, M), E, exp(m1 - M) * ls(1, B1, m1) + exp(m2 - M) * ls(B1 + 2, B1 + B2, m2), ()),
    ("sum_ranges", Sum(h[i] * (S[i + 1] - S[i]), (i, 0, D - 1)), E,
     -Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1)), (Eq(S[0], 0),)),
    ("sum_ranges", ls(1, n, M), E, exp(M - m1) * ls(1, n, m1), ()),
    ("sum_ranges", Sum(x[i + 1], (i, 0, n - 1)), E, Sum(x[i], (i, 0, n - 1)), ()),
    ("sum_ranges", Sum(x[i], (i, 1, j)), E, Sum(x[i], (i, 1, j - 1)) + x[j + 1], ()),
    ("sum_ranges", Sum(x[i + 1] - x[i], (i, 1, n)), E, x[n] - x[1], ()),
    # max_union: a gap, a missing element, another term, Min for Max, an extra element,
    # a block that may be empty or reversed
    ("max_union", MaxOver(x[i], (i, 1, B1 + B2)), E,
     Max(MaxOver(x[i], (i, 1, B1)), MaxOver(x[i], (i, B1 + 2, B1 + B2))), ()),
    ("max_union", MaxOver(x[i], (i, 1, j + 1)), E, Max(MaxOver(x[i], (i, 1, j)), x[j]), ()),
    ("max_union", MaxOver(x[i], (i, 1, B1 + B2)), E,
     Max(MaxOver(x[i], (i, 1, B1)), MaxOver(y[i], (i, B1 + 1, B1 + B2))), ()),
    ("max_union", MaxOver(x[i], (i, 1, B1 + B2)), E,
     Min(MaxOver(x[i], (i, 1, B1)), MaxOver(x[i], (i, B1 + 1, B1 + B2))), ()),
    ("max_union", MaxOver(x[i], (i, 1, n)), E, Max(MaxOver(x[i], (i, 1, n)), x[n + 1]), ()),
    ("max_union", MaxOver(x[i], (i, 1, n)), E, Max(MaxOver(x[i], (i, 1, kk)), MaxOver(x[i], (i, kk + 1, n))), ()),
    # triangle: the sum without absolute values, a smaller count, a shorter range,
    # a possibly reversed range, a strict claim, the reverse inequality
    ("triangle", Abs(Sum(a[i], (i, 1, n))), Relation.LE, Sum(a[i], (i, 1, n)), ()),
    ("triangle", Abs(Sum(exp(I * r * th[i]), (i, 0, j - 1))), Relation.LE, j - 1, ()),
    ("triangle", Abs(Sum(a[i], (i, 1, n))), Relation.LE, Sum(Abs(a[i]), (i, 1, n - 1)), ()),
    ("triangle", Abs(Sum(a[i], (i, 1, kk))), Relation.LE, Sum(Abs(a[i]), (i, 1, kk)), ()),
    ("triangle", Abs(Sum(a[i], (i, 1, n))), Relation.LT, Sum(Abs(a[i]), (i, 1, n)), ()),
    ("triangle", Sum(Abs(a[i]), (i, 1, n)), Relation.LE, Abs(Sum(a[i], (i, 1, n))), ()),
    # max_factor: factors of any sign, a square of the max's term, another range, a possibly
    # empty range, the reverse inequality
    ("max_factor", Sum(a[i] * b[i], (i, 1, n)), Relation.LE,
     MaxOver(a[i], (i, 1, n)) * Sum(b[i], (i, 1, n)), ()),
    ("max_factor", Sum(a[i] ** 2 * Abs(b[i]), (i, 1, n)), Relation.LE,
     MaxOver(a[i], (i, 1, n)) * Sum(Abs(b[i]), (i, 1, n)), ()),
    ("max_factor", Sum(a[i] * Abs(b[i]), (i, 1, n)), Relation.LE,
     MaxOver(a[i], (i, 1, n - 1)) * Sum(Abs(b[i]), (i, 1, n)), ()),
    ("max_factor", Sum(a[i] * Abs(b[i]), (i, 1, kk)), Relation.LE,
     MaxOver(a[i], (i, 1, kk)) * Sum(Abs(b[i]), (i, 1, kk)), ()),
    ("max_factor", Sum(a[i] * Abs(b[i]), (i, 1, n)), Relation.GE,
     MaxOver(a[i], (i, 1, n)) * Sum(Abs(b[i]), (i, 1, n)), ()),
    # max_term: too large a left side, terms of any sign, a shorter sum, a possibly empty
    # range, a strict claim, the reverse inequality
    ("max_term", sympy.Integer(2), Relation.LE, ls(1, j, MaxOver(x[l], (l, 1, j))), ()),
    ("max_term", MaxOver(x[l], (l, 1, j)), Relation.LE, Sum(x[i], (i, 1, j)), ()),
    ("max_term", sympy.Integer(1), Relation.LE, ls(1, j - 1, MaxOver(x[l], (l, 1, j))), ()),
    ("max_term", sympy.Integer(1), Relation.LE, ls(1, kk, MaxOver(x[l], (l, 1, kk))), ()),
    ("max_term", sympy.Integer(1), Relation.LT, ls(1, j, MaxOver(x[l], (l, 1, j))), ()),
    ("max_term", ls(1, j, MaxOver(x[l], (l, 1, j))), Relation.LE, sympy.Integer(1), ()),
    # block_diagonal: the wrong relative angle, a product without transpose, zero blocks,
    # different block ranges, a sum for a product
    ("block_diagonal", R(m).T * R(nn), E, R(m - nn), ()),
    ("block_diagonal", R(m) * R(nn), E, R(m - nn), ()),
    ("block_diagonal", R(m).T * R(m), E, BlockDiag(sympy.zeros(2), (i, 1, D)), ()),
    ("block_diagonal", R(m).T * R(nn), E, BlockDiag(rot(nn - m), (i, 1, D + 1)), ()),
    ("block_diagonal", R(m) + R(nn), E, R(m + nn), ()),
    ("block_diagonal", R(m) * R(nn).T, E, R(nn - m), ()),
]


@pytest.mark.parametrize("rule_name, lhs, relation, rhs, facts", TRUE,
                         ids=[f"{t[0]}-{k}" for k, t in enumerate(TRUE)])
def test_true_claims_are_proved(rule_name, lhs, relation, rhs, facts):
    assert verdict(rule_name, lhs, relation, rhs, facts) is Verdict.PROVED


@pytest.mark.parametrize("rule_name, lhs, relation, rhs, facts", FALSE,
                         ids=[f"{t[0]}-{k}" for k, t in enumerate(FALSE)])
def test_false_claims_are_not_proved(rule_name, lhs, relation, rhs, facts):
    assert verdict(rule_name, lhs, relation, rhs, facts) is not Verdict.PROVED


def test_every_rule_has_five_false_claims():
    names = ("sum_ranges", "max_union", "triangle", "max_factor", "max_term", "block_diagonal")
    for name in names:
        assert sum(1 for row in FALSE if row[0] == name) >= 5, name


def test_a_mismatch_says_why():
    step = Step("s", Kind.IDENTITY, "q", Claim(MaxOver(x[i], (i, 1, n)), E, x[1]),
                rule=Rule("max_union"))
    outcome = registered_rules()["max_union"](step, config=CheckConfig(), context=CheckContext())
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "MaxOver" in outcome.evidence[0].detail


def test_block_diagonal_shape_and_transpose():
    rm = R(m)
    assert rm.shape == (2 * D, 2 * D)
    assert isinstance(rm.T, BlockDiag) and rm.T.block == rot(m).T
    assert i not in rm.free_symbols and D in rm.free_symbols


# Regressions (red-team): a range is the integers between its ends, so a rule must not cut,
# peel or take a max over a range whose ends are not proved integers (N/2 with N odd, a real
# D, 1/4..3/4 which holds no integer), and a max needs a real term. Each claim is false and
# each must be refused for that reason (the detail names it), not for another.
N = Symbol("N", integer=True, positive=True)
Dr = Symbol("D", real=True, positive=True)
QUARTER, THREE_QUARTERS = sympy.Rational(1, 4), sympy.Rational(3, 4)
bn, ac = IndexedBase("b", nonnegative=True), IndexedBase("a")
NOT_INTEGER = "not proved integers"
NOT_REAL = "not known to be real"
GUARDED = [
    # N = 3: the sum over 1..3/2 is x_1 alone; the right side names x[3/2]
    ("sum_ranges", Sum(x[i], (i, 1, N / 2)), E, Sum(x[i], (i, 1, N / 2 - 1)) + x[N / 2], (N >= 2,),
     NOT_INTEGER),
    # N = 3: x_2 is in neither half
    ("sum_ranges", Sum(x[i], (i, 1, N)), E, Sum(x[i], (i, 1, N / 2)) + Sum(x[i], (i, N / 2 + 1, N)),
     (N >= 2,), NOT_INTEGER),
    # D = 1/2: the integers in 1/2..5/2 are 1, 2
    ("sum_ranges", Sum(x[i], (i, Dr, Dr + 2)), E, x[Dr] + x[Dr + 1] + x[Dr + 2], (), NOT_INTEGER),
    # N = 3, x = (0, 5, 0): 5 vs 0
    ("max_union", MaxOver(x[i], (i, 1, N)), E,
     Max(MaxOver(x[i], (i, 1, N / 2)), MaxOver(x[i], (i, N / 2 + 1, N))), (N >= 2,), NOT_INTEGER),
    # D = 5/2: x[5/2] is no entry
    ("max_union", MaxOver(x[i], (i, 1, Dr)), E, Max(MaxOver(x[i], (i, 1, Dr - 1)), x[Dr]), (Dr >= 2,),
     NOT_INTEGER),
    # 1/4..3/4 holds no integer: a max over nothing
    ("max_factor", Sum(a[i] * bn[i], (i, QUARTER, THREE_QUARTERS)), Relation.LE,
     MaxOver(a[i], (i, QUARTER, THREE_QUARTERS)) * Sum(bn[i], (i, QUARTER, THREE_QUARTERS)), (),
     NOT_INTEGER),
    ("max_term", MaxOver(x[i], (i, QUARTER, THREE_QUARTERS)) ** 2, Relation.LE,
     Sum(x[i] ** 2, (i, QUARTER, THREE_QUARTERS)), (), NOT_INTEGER),
    # complex terms have no order
    ("max_factor", Sum(ac[i] * bn[i], (i, 1, n)), Relation.LE,
     MaxOver(ac[i], (i, 1, n)) * Sum(bn[i], (i, 1, n)), (), NOT_REAL),
    ("max_factor", Sum(I * y[i] * bn[i], (i, 1, n)), Relation.LE,
     MaxOver(I * y[i], (i, 1, n)) * Sum(bn[i], (i, 1, n)), (), NOT_REAL),
]


@pytest.mark.parametrize("rule_name, lhs, relation, rhs, facts, reason", GUARDED,
                         ids=[f"{row[0]}-{k}" for k, row in enumerate(GUARDED)])
def test_ranges_of_integers_and_real_terms_are_required(rule_name, lhs, relation, rhs, facts, reason):
    kind = Kind.IDENTITY if relation is Relation.EQ else Kind.INEQUALITY
    step = Step("s", kind, "q", Claim(lhs, relation, rhs), assumptions=facts, rule=Rule(rule_name))
    outcome = registered_rules()[rule_name](step, config=CheckConfig(), context=CheckContext())
    assert outcome.verdict is not Verdict.PROVED
    assert reason in outcome.evidence[0].detail


def test_the_same_shapes_with_integer_ends_are_proved():
    """The guard refuses non-integer ends, not these shapes: with N = 2K they are proved."""
    K = Symbol("K", integer=True, positive=True)
    assert verdict("sum_ranges", Sum(x[i], (i, 1, 2 * K)), E,
                   Sum(x[i], (i, 1, K)) + Sum(x[i], (i, K + 1, 2 * K))) is Verdict.PROVED
    assert verdict("max_union", MaxOver(x[i], (i, 1, 2 * K)), E,
                   Max(MaxOver(x[i], (i, 1, K)), MaxOver(x[i], (i, K + 1, 2 * K)))) is Verdict.PROVED
