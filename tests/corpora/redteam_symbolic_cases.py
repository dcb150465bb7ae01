"""Red-team claims against the symbolic tiers: false claims built to fit a rule's pattern.

Each false claim matches the form of a rule or guard (sum_ranges, max_union, triangle,
max_factor, max_term, block_diagonal, independent_moments, the empty-range convention and
the definedness gate) while breaking a hypothesis the rule needs: an empty or reversed
range, a non-integer range end, a split point outside the range, a sign that is not
stated, a max over an empty set, a variance without the moments it needs. The comment on
each gives a counterexample worked out by hand. True claims of the same shapes follow;
they should still be proved (reported, not asserted).
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy import (Abs, Eq, Ge, I, IndexedBase, Le, Max, Min, Product, Rational, Sum,
                   Symbol, acos, cos, exp, log, sin, sqrt)

from symbolic.checks.blocks import BlockDiag
from symbolic.checks.moments import Mean, Var
from symbolic.functions import MaxOver, MinOver
from symbolic.model import Relation, Rule

EQ, LE, GE, LT = Relation.EQ, Relation.LE, Relation.GE, Relation.LT


@dataclass(frozen=True)
class Case:
    """One claim: an id naming the rule it aims at, the claim, its assumptions, its rule."""

    id: str
    lhs: object
    relation: object
    rhs: object
    assume: tuple = ()
    rule: object = None


# ---------------------------------------------------------------------------------------
# symbols
x, y = IndexedBase("x", real=True), IndexedBase("y", real=True)
a, b = IndexedBase("a", real=True), IndexedBase("b", real=True)
bn = IndexedBase("b", nonnegative=True)
z = IndexedBase("z")                                     # complex entries
ac = IndexedBase("a")                                    # complex entries
h, S = IndexedBase("h"), IndexedBase("S")
th = IndexedBase("theta", real=True)
q, kq = IndexedBase("q", real=True), IndexedBase("k", real=True)
i, l = Symbol("i", integer=True), Symbol("l", integer=True)
jj = Symbol("j", integer=True)                            # the sum index of the moments
n = Symbol("n", integer=True)                             # any integer: may be 0 or negative
m = Symbol("m", integer=True)
n0 = Symbol("n", integer=True, nonnegative=True)          # n >= 0: the empty range allowed
n1 = Symbol("n", integer=True, positive=True)             # n >= 1
m1_ = Symbol("m", integer=True, positive=True)
N = Symbol("N", integer=True, positive=True)              # N/2 is not an integer for N odd
Dr = Symbol("D", real=True, positive=True)                # a real, not integer, size
D = Symbol("D", integer=True, positive=True)
j1 = Symbol("j", integer=True, positive=True)
B1, B2 = Symbol("B_1", integer=True, positive=True), Symbol("B_2", integer=True, positive=True)
M, mu1, mu2, r, c, t, s_ = sympy.symbols("M mu_1 mu_2 r c t s", real=True)
rc = Symbol("r")                                          # complex
mu, sig = sympy.symbols("mu sigma", real=True)
xr, yr = sympy.symbols("x y", real=True)
u0 = Symbol("u", real=True)


def rule(name, **params):
    return Rule(name, params=tuple(params.items()))


SR, MU, TR, MF, MT, BD = (rule("sum_ranges"), rule("max_union"), rule("triangle"),
                          rule("max_factor"), rule("max_term"), rule("block_diagonal"))


def mom(*rows):
    return rule("independent_moments", moments=tuple(rows))


def ls(lo, hi, shift):
    return Sum(exp(x[i] - shift), (i, lo, hi))


def rot(tt, k=i):
    return sympy.Matrix([[cos(tt * th[k]), -sin(tt * th[k])], [sin(tt * th[k]), cos(tt * th[k])]])


def R(tt, lo=1, hi=D, k=i):
    return BlockDiag(rot(tt, k), (i, lo, hi))


def bd(entries, lo=1, hi=D):
    return BlockDiag(sympy.Matrix(entries), (i, lo, hi))


X = lambda lo, hi: Sum(x[i], (i, lo, hi))           # noqa: E731
MX = lambda lo, hi, f=None: MaxOver(x[i] if f is None else f, (i, lo, hi))  # noqa: E731


FALSE: list[Case] = [
    # ================================ sum_ranges ================================
    # overlap: x_m counted twice. n=2, m=1, x=(1,1): 2 vs 1 + 2 = 3
    Case("sum_ranges/overlap", X(1, n1), EQ, X(1, m1_) + X(m1_, n1), (m1_ <= n1,), SR),
    # gap: x_{m+1} dropped. n=2, m=1, x=(1,1): 2 vs 1
    Case("sum_ranges/gap", X(1, n1), EQ, X(1, m1_) + X(m1_ + 2, n1), (m1_ + 1 <= n1,), SR),
    # split point outside the range (no m <= n): n=1, m=3, x=(1,1,1): 1 vs 3 + 0 = 3;
    # true only by Karr's convention (sum over 4..1 = -(x_2+x_3))
    Case("sum_ranges/split-outside", X(1, n1), EQ, X(1, m1_) + X(m1_ + 1, n1), (), SR),
    Case("sum_ranges/merge-outside", X(1, m1_) + X(m1_ + 1, n1), EQ, X(1, n1), (), SR),
    # split point may be negative: n=2, m=-2, x_i = 1: 2 vs 0 + (sum over -1..2 = 4)
    Case("sum_ranges/split-negative", X(1, n1), EQ, X(1, m) + X(m + 1, n1), (m <= n1,), SR),
    # non-integer split point N/2: N=3, x=(1,10,100): LHS over 1..1 = 1;
    # RHS over 1..0 is 0, plus x[3/2] (no such entry) -- the integers 1..N/2 are {1}
    Case("sum_ranges/half-split-peel", Sum(x[i], (i, 1, N / 2)), EQ,
         Sum(x[i], (i, 1, N / 2 - 1)) + x[N / 2], (N >= 2,), SR),
    # N=3: LHS = x_1+x_2+x_3; RHS = sum over 1..3/2 = x_1, plus 5/2..3 = x_3: x_2 is lost
    Case("sum_ranges/half-split-two", X(1, N), EQ, X(1, N / 2) + X(N / 2 + 1, N), (N >= 2,), SR),
    # real, non-integer upper end: D = 5/2: sum_{i<=5/2} i = 1+2 = 3; RHS 1 + 5/2 = 7/2
    Case("sum_ranges/real-end-peel", Sum(i, (i, 1, Dr)), EQ, Sum(i, (i, 1, Dr - 1)) + Dr, (Dr >= 1,), SR),
    # N=3: sum over 3/2..3 = x_2+x_3; RHS x[3/2] + sum over 5/2..3 = x[3/2] + x_3
    Case("sum_ranges/half-lo-peel", X(N / 2, N), EQ, x[N / 2] + X(N / 2 + 1, N), (N >= 2,), SR),
    # real lower end: D = 1/2: the integers in 1/2..5/2 are 1, 2, so x_1 + x_2, not
    # x[1/2] + x[3/2] + x[5/2] (entries that do not exist)
    Case("sum_ranges/real-lo-written-out", Sum(x[i], (i, Dr, Dr + 2)), EQ, x[Dr] + x[Dr + 1] + x[Dr + 2], (), SR),
    # peel the last term with n possibly 0: n=0: 0 vs 0 + x_0
    Case("sum_ranges/peel-n0", X(1, n0), EQ, X(1, n0 - 1) + x[n0], (), SR),
    Case("sum_ranges/peel-any-n", X(1, n), EQ, X(1, n - 1) + x[n], (), SR),
    # a shift that changes the range: sum_{i=0}^{n} x_{i+1} = x_1+..+x_{n+1} != x_1+..+x_n
    Case("sum_ranges/shift-extends", Sum(x[i + 1], (i, 0, n1)), EQ, X(1, n1), (), SR),
    # shift the wrong way: sum_{i=1}^{n} x_{i-1} = x_0+..+x_{n-1}; n=1, x=(0,1): 0 vs 1
    Case("sum_ranges/shift-wrong-way", Sum(x[i - 1], (i, 1, n1)), EQ, X(1, n1), (), SR),
    # telescoping off by one: n=1: x_2 - x_1 vs x_2 - x_0
    Case("sum_ranges/telescope-off", Sum(x[i + 1] - x[i], (i, 1, n1)), EQ, x[n1 + 1] - x[0], (), SR),
    # telescoping with n any integer: n=-2: empty sum 0 vs x_{-1} - x_1 (Karr gives the latter)
    Case("sum_ranges/telescope-reversed", Sum(x[i + 1] - x[i], (i, 1, n)), EQ, x[n + 1] - x[1], (), SR),
    # Abel summation without h_D = 0: D=1, h_0=0,h_1=1, S_0=0,S_1=1: LHS 0; RHS -S_1(h_1-h_0) = -1
    Case("sum_ranges/abel-missing-boundary", Sum(h[i] * (S[i + 1] - S[i]), (i, 0, D - 1)), EQ,
         -Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1)), (Eq(S[0], 0),), SR),
    # rescaling the wrong way: n=1, x_1 = 0, M = 1, mu_1 = 0: e^{-1} vs e^{1}
    Case("sum_ranges/rescale-wrong-sign", ls(1, n1, M), EQ, exp(M - mu1) * ls(1, n1, mu1), (), SR),
    # tiling with a wrong block range: B1=B2=1: the second block starts at B1 (overlap)
    Case("sum_ranges/tile-overlap", ls(1, B1 + B2, M), EQ,
         exp(mu1 - M) * ls(1, B1, mu1) + exp(mu2 - M) * ls(B1, B1 + B2, mu2), (), SR),
    # |.| is not linear: x=(1,-1): 0 vs 2
    Case("sum_ranges/abs-not-linear", Abs(X(1, n1)), EQ, Sum(Abs(x[i]), (i, 1, n1)), (), SR),
    # square of a sum: x=(1,1): 4 vs 2
    Case("sum_ranges/square-of-sum", X(1, n1) ** 2, EQ, Sum(x[i] ** 2, (i, 1, n1)), (), SR),
    # sqrt(x^2) = |x| != x: x_1 = -1, n = 1: 1 vs -1
    Case("sum_ranges/sqrt-square", Sum(sqrt(x[i] ** 2), (i, 1, n1)), EQ, X(1, n1), (), SR),
    # |e^{i z}| = e^{-Im z}: z_1 = -i, n = 1: e vs 1
    Case("sum_ranges/abs-exp-complex", Sum(Abs(exp(I * z[i])), (i, 1, n1)), EQ, Sum(1, (i, 1, n1)), (), SR),
    # log(e^z) = z only for -pi < Im z <= pi: z_1 = 2 pi i: 0 vs 2 pi i
    Case("sum_ranges/log-exp-complex", Sum(log(exp(z[i])), (i, 1, n1)), EQ, Sum(z[i], (i, 1, n1)), (), SR),
    # acos(cos x) = x only on [0, pi]: x_1 = -1: 1 vs -1
    Case("sum_ranges/acos-cos", Sum(acos(cos(x[i])), (i, 1, n1)), EQ, X(1, n1), (), SR),
    # (-1)^(2x) = 1 only for integer 2x... x_1 = 1/4: (-1)^(1/2) = i vs 1
    Case("sum_ranges/neg-one-power", Sum((-1) ** (2 * x[i]), (i, 1, n1)), EQ, Sum(1, (i, 1, n1)), (), SR),
    # sqrt(x) sqrt(y) != sqrt(xy) for x, y < 0: x_1 = y_1 = -1: -1 vs 1
    Case("sum_ranges/sqrt-product", Sum(sqrt(x[i]) * sqrt(y[i]), (i, 1, n1)), EQ,
         Sum(sqrt(x[i] * y[i]), (i, 1, n1)), (), SR),
    # a coefficient that depends on the index is not a constant factor: n=2, x=(1,1): 1+2 vs 2*2
    Case("sum_ranges/index-coefficient", Sum(i * x[i], (i, 1, n1)), EQ, n1 * X(1, n1), (), SR),

    # ================================ max_union ================================
    # a gap: element m+1 missing. n=3, m=1, x=(0,5,0): 5 vs 0
    Case("max_union/gap", MX(1, n1), EQ, Max(MX(1, m1_), MX(m1_ + 2, n1)), (m1_ + 2 <= n1,), MU),
    # blocks beyond the range (no m <= n): n=1, m=2, x=(0,5): 0 vs 5
    Case("max_union/beyond", MX(1, n1), EQ, Max(MX(1, m1_), MX(m1_ + 1, n1)), (), MU),
    # non-integer split point: N=3, x=(0,5,0): 5 vs max(x_1, x_3) = 0 (x_2 in no block)
    Case("max_union/half-split", MX(1, N), EQ, Max(MX(1, N / 2), MX(N / 2 + 1, N)), (N >= 2,), MU),
    Case("max_union/half-split-min", MinOver(x[i], (i, 1, N)), EQ,
         Min(MinOver(x[i], (i, 1, N / 2)), MinOver(x[i], (i, N / 2 + 1, N))), (N >= 2,), MU),
    # real upper end: D = 5/2, x=(0,5): max over {1,2} = 5 vs max(x_1, x[5/2])
    Case("max_union/real-end-peel", MX(1, Dr), EQ, Max(MX(1, Dr - 1), x[Dr]), (Dr >= 2,), MU),
    # the single term is past the end: n=1, x=(0,5): 0 vs 5
    Case("max_union/term-past-end", MX(1, n1), EQ, Max(MX(1, n1 - 1), x[n1 + 1]), (n1 >= 2,), MU),
    # Min of the blocks for a max: n=2, x=(0,5): 5 vs 0
    Case("max_union/min-for-max", MX(1, n1), EQ, Min(MX(1, m1_), MX(m1_ + 1, n1)), (m1_ + 1 <= n1,), MU),
    # another term in a block: n=2, m=1, x=(0,0), y=(0,5): 0 vs 5
    Case("max_union/other-term", MX(1, n1), EQ, Max(MX(1, m1_), MaxOver(y[i], (i, m1_ + 1, n1))),
         (m1_ + 1 <= n1,), MU),
    # a shifted term in a block: n=2, m=1, x=(0,0,5): 0 vs max(x_1, x_3) = 5
    Case("max_union/shifted-term", MX(1, n1), EQ, Max(MX(1, m1_), MaxOver(x[i + 1], (i, m1_ + 1, n1))),
         (m1_ + 1 <= n1,), MU),
    # a constant is not a block: x=(-1): -1 vs 0
    Case("max_union/extra-zero", MX(1, n1), EQ, Max(MX(1, n1), 0), (), MU),
    # MinOver equated to Max of min-blocks: n=2, x=(0,5): 0 vs 5
    Case("max_union/minover-max", MinOver(x[i], (i, 1, n1)), EQ,
         Max(MinOver(x[i], (i, 1, m1_)), MinOver(x[i], (i, m1_ + 1, n1))), (m1_ + 1 <= n1,), MU),
    # peel with n any integer: n = -1 makes the top range empty and the term x_{-1} real
    Case("max_union/peel-any-n", MX(1, n), EQ, Max(MX(1, n - 1), x[n]), (), MU),

    # ================================ triangle ================================
    # the closed form j-1 is too small: j = 1, r = 0: |1| = 1 > 0
    Case("triangle/closed-form-short", Abs(Sum(exp(I * r * th[i]), (i, 0, j1 - 1))), LE, j1 - 1, (), TR),
    # non-integer end with the closed form D - 1/2: D = 2, end 0..3/2 = {0, 1}, r = 0: 2 > 3/2
    # (SymPy's continuation of the count, D + 1/2, overestimates, so the rule cannot match it)
    Case("triangle/real-end", Abs(Sum(exp(I * r * th[i]), (i, 0, Dr - Rational(1, 2)))), LE,
         Dr - Rational(1, 2), (Dr >= 1,), TR),
    # reversed direction: x = (1, -1): 0 >= 2 is false
    Case("triangle/reversed", Abs(X(1, n1)), GE, Sum(Abs(x[i]), (i, 1, n1)), (), TR),
    # no absolute values on the right: x = (-1): 1 <= -1 false
    Case("triangle/no-abs-right", Abs(X(1, n1)), LE, X(1, n1), (), TR),
    # strict: one term makes it an equality: 1 < 1 false
    Case("triangle/strict", Abs(X(1, n1)), LT, Sum(Abs(x[i]), (i, 1, n1)), (), TR),
    # complex r: |e^{i r theta}| = e^{-Im(r) theta}: r = -i, theta_0 = 1, j = 1: e > 1
    Case("triangle/complex-r", Abs(Sum(exp(I * rc * th[i]), (i, 0, j1 - 1))), LE, j1, (), TR),
    # a factor that may be negative taken out without |.|: c = -1, x = (1): 1 <= -1 false
    Case("triangle/negative-factor", Abs(Sum(c * x[i], (i, 1, n1))), LE, c * Sum(Abs(x[i]), (i, 1, n1)), (), TR),
    # n may be negative: n = -1: |empty| = 0 <= -1 false (Karr: sum of |.| over 1..-1 = -1)
    Case("triangle/count-negative", Abs(Sum(exp(I * th[i]), (i, 1, n))), LE, n, (), TR),
    # m <= n + 2 allows count -1: m = n + 2: 0 <= -1 false
    Case("triangle/count-minus-one", Abs(Sum(exp(I * th[i]), (i, m, n))), LE, n - m + 1, (m <= n + 2,), TR),
    # half of the sum of |.|: x = (1): 1 <= 1/2 false
    Case("triangle/half", Abs(X(1, n1)), LE, Sum(Abs(x[i]), (i, 1, n1)) / 2, (), TR),
    # squared: x = (1, 1): 4 <= 2 false
    Case("triangle/squared", Abs(X(1, n1)) ** 2, LE, Sum(Abs(x[i]) ** 2, (i, 1, n1)), (), TR),

    # ================================ max_factor ================================
    # b may be negative: n=2, a=(0,1), b=(-1,0): 0 <= 1*(-1) false
    Case("max_factor/b-signed", Sum(a[i] * b[i], (i, 1, n1)), LE, MaxOver(a[i], (i, 1, n1)) * Sum(b[i], (i, 1, n1)), (), MF),
    # b_j >= 0 stated for one element j only (j free in the claim): j=2, a=(0,1), b=(-1,0)
    Case("max_factor/one-element-sign", Sum(a[i] * b[i], (i, 1, j1)), LE,
         MaxOver(a[i], (i, 1, j1)) * Sum(b[i], (i, 1, j1)), (b[j1] >= 0,), MF),
    # empty range allowed: n=0: 0 <= max(empty) * 0, the max over an empty set is undefined
    Case("max_factor/empty", Sum(a[i] * bn[i], (i, 1, n0)), LE,
         MaxOver(a[i], (i, 1, n0)) * Sum(bn[i], (i, 1, n0)), (), MF),
    # the max over a shorter range: n=2, a=(0,1), b=(0,1): 1 <= 0 * 1 false
    Case("max_factor/short-max", Sum(a[i] * bn[i], (i, 1, n1)), LE,
         MaxOver(a[i], (i, 1, n1 - 1)) * Sum(bn[i], (i, 1, n1)), (n1 >= 2,), MF),
    # min for max: a=(0,1), b=(0,1): 1 <= 0 false
    Case("max_factor/min", Sum(a[i] * bn[i], (i, 1, n1)), LE,
         MinOver(a[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    # wrong direction: a=(0,1), b=(1,0): 0 >= 1 false
    Case("max_factor/reversed", Sum(a[i] * bn[i], (i, 1, n1)), GE,
         MaxOver(a[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    # |a| in the sum, a in the max: a=(-5,1), b=(1,0): 5 <= 1 false
    Case("max_factor/abs-mismatch", Sum(Abs(a[i]) * bn[i], (i, 1, n1)), LE,
         MaxOver(a[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    # b_i c_i with c signed: a=(0,1), b=(1,1), c=(-1,0): 0 <= 1*(-1) false
    Case("max_factor/signed-product", Sum(a[i] * bn[i] * y[i], (i, 1, n1)), LE,
         MaxOver(a[i], (i, 1, n1)) * Sum(bn[i] * y[i], (i, 1, n1)), (), MF),
    # complex a: an order between complex numbers is not defined (a_1 = i)
    Case("max_factor/complex-a", Sum(ac[i] * bn[i], (i, 1, n1)), LE,
         MaxOver(ac[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    # explicitly complex a_k = i y_k: no order on complex numbers (y = (1), b = (1): i <= i is not a claim)
    Case("max_factor/imaginary-a", Sum(I * y[i] * bn[i], (i, 1, n1)), LE,
         MaxOver(I * y[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    # real lower end with no integer in the range: lo = 1/4 + t.. here a range 1/4..3/4
    # (hi - lo >= 0, yet empty): 0 <= max(empty) * 0 is undefined
    Case("max_factor/no-integer-in-range", Sum(a[i] * bn[i], (i, Rational(1, 4), Rational(3, 4))), LE,
         MaxOver(a[i], (i, Rational(1, 4), Rational(3, 4))) * Sum(bn[i], (i, Rational(1, 4), Rational(3, 4))), (), MF),

    # ================================ max_term ================================
    # terms may be negative: x = (1, -5): 1 <= -4 false
    Case("max_term/signed-terms", MX(1, n1), LE, X(1, n1), (), MT),
    # one-element sign: j=2, x=(1,... ) x_1 = -10, x_2 = 1: 1 <= -9 false
    Case("max_term/one-element-sign", MX(1, j1), LE, X(1, j1), (x[j1] >= 0,), MT),
    # empty range: n=0: (max over empty)^2 <= 0 is undefined / false
    Case("max_term/empty-square", MX(1, n0) ** 2, LE, Sum(x[i] ** 2, (i, 1, n0)), (), MT),
    # a range with no integer in it: 1/4..3/4 (hi - lo = 1/2 >= 0) is empty
    Case("max_term/no-integer-in-range", MX(Rational(1, 4), Rational(3, 4)) ** 2, LE,
         Sum(x[i] ** 2, (i, Rational(1, 4), Rational(3, 4))), (), MT),
    # strict: n = 1 gives equality
    Case("max_term/strict", exp(MX(1, n1)), LT, Sum(exp(x[i]), (i, 1, n1)), (), MT),
    # reversed: n = 2, x = (0, 0): 2 <= 1 false
    Case("max_term/reversed", Sum(exp(x[i]), (i, 1, n1)), LE, exp(MX(1, n1)), (), MT),
    # max over a longer range: n=1, x=(0, 5): e^5 <= 1 false
    Case("max_term/longer-max", exp(MX(1, n1 + 1)), LE, Sum(exp(x[i]), (i, 1, n1)), (), MT),
    # a negative factor: c = -1, n = 2, x = (0, 0): -1 <= -2 false
    Case("max_term/negative-factor", c * exp(MX(1, n1)), LE, Sum(c * exp(x[i]), (i, 1, n1)), (), MT),
    # shift by a free M, not the max: M = 10, x = (0): 1 <= e^{-10} false
    Case("max_term/free-shift", sympy.Integer(1), LE, ls(1, n1, M), (), MT),
    # max |x| against a sum of x: x = (-5, 1): 5 <= -4 false
    Case("max_term/abs-vs-plain", MaxOver(Abs(x[i]), (i, 1, n1)), LE, X(1, n1), (), MT),

    # ================================ block_diagonal ================================
    # R(m)^T R(n) = R(n - m), not R(m - n): theta = pi/2, m = 1, n = 0: R(-1) != R(1)
    Case("block_diagonal/wrong-sign", R(t).T * R(s_), EQ, R(t - s_), (), BD),
    # R(m) R(n) = R(m + n), not R(mn): m = n = 1, theta = pi/2: R(2) != R(1)
    Case("block_diagonal/product-angle", R(t) * R(s_), EQ, R(t * s_), (), BD),
    # a rotation is not symmetric: theta = pi/2, t = 1
    Case("block_diagonal/symmetric", R(t).T, EQ, R(t), (), BD),
    # R(t) + R(s) != R(t + s): t = s = 0: 2I != I
    Case("block_diagonal/sum", R(t) + R(s_), EQ, R(t + s_), (), BD),
    # 2 R(t) != R(2t): t = 0: 2I != I
    Case("block_diagonal/double", 2 * R(t), EQ, R(2 * t), (), BD),
    # different block ranges: block i of one is theta_i, of the other theta_{i-1}
    Case("block_diagonal/shifted-range", R(t), EQ, R(t, 0, D - 1), (), BD),
    # the same range with a shifted block index: theta = (0, pi/2, 0), t = 1
    Case("block_diagonal/shifted-index", R(t), EQ, BlockDiag(rot(t, i + 1), (i, 1, D)), (), BD),
    # blocks that do not commute: A = [[1, a_i], [0, 1]], B = [[1, 0], [b_i, 1]], a = b = 1
    Case("block_diagonal/noncommuting", bd([[1, a[i]], [0, 1]]) * bd([[1, 0], [b[i], 1]]), EQ,
         bd([[1, 0], [b[i], 1]]) * bd([[1, a[i]], [0, 1]]), (), BD),
    # 1x1 blocks with a shifted partner: x = (1, 2), y = (1, 3): x_1 y_1 = 1 vs x_1 y_2 = 3
    Case("block_diagonal/scalar-shift", bd([[x[i]]]) * bd([[y[i]]]), EQ, bd([[x[i] * y[i + 1]]]), (), BD),
    # sqrt(x^2) = |x|: x_1 = -1
    Case("block_diagonal/sqrt-square", bd([[sqrt(x[i] ** 2)]]), EQ, bd([[x[i]]]), (), BD),
    # |e^{iz}| = e^{-Im z}: z_1 = -i
    Case("block_diagonal/abs-exp-complex", bd([[Abs(exp(I * z[i]))]]), EQ, bd([[1]]), (), BD),
    # a triangular block squared is not I: [[1, 1], [0, 1]]^2 = [[1, 2], [0, 1]]
    Case("block_diagonal/square-identity", bd([[1, a[i]], [0, 1]]) * bd([[1, a[i]], [0, 1]]), EQ,
         bd([[1, 0], [0, 1]]), (), BD),
    # transpose of a product in the wrong order: (AB)^T = B^T A^T != A^T B^T
    Case("block_diagonal/transpose-order", (bd([[1, a[i]], [0, 1]]) * bd([[1, 0], [b[i], 1]])).T, EQ,
         bd([[1, a[i]], [0, 1]]).T * bd([[1, 0], [b[i], 1]]).T, (), BD),

    # blocks of unequal size: D copies of [[1, 1], [0, 1]] are not the 2D x 2D identity
    Case("block_diagonal/unequal-blocks", bd([[1, 1], [0, 1]]), EQ,
         BlockDiag(sympy.eye(1), (i, 1, 2 * D)), (), BD),
    # a block index range that may be reversed or empty on one side only: R(t) over 1..D
    # against R(t) over 1..D+1 (an extra block)
    Case("block_diagonal/extra-block", R(t).T * R(t), EQ, BlockDiag(sympy.eye(2), (i, 1, D + 1)), (), BD),

    # ================================ independent_moments ================================
    # non-integer count: N = 3: one term, mean mu, not 3 mu / 2 (mu = 1)
    Case("moments/half-count-mean", Mean(Sum(q[jj], (jj, 1, N / 2))), EQ, N / 2 * mu, (),
         mom((q, mu, 1))),
    # N = 3: one term of variance 1, not 3/2
    Case("moments/half-count-var", Var(Sum(q[jj] * kq[jj], (jj, 1, N / 2))), EQ, N / 2, (),
         mom((q, 0, 1), (kq, 0, 1))),
    # real count: D = 3/2: one term, variance 1 != 3/2
    Case("moments/real-count-var", Var(Sum(q[jj], (jj, 1, Dr))), EQ, Dr, (), mom((q, 0, 1))),
    # n may be negative: n = -1: 0 vs -mu (mu = 1)
    Case("moments/negative-count", Mean(Sum(q[jj], (jj, 1, n))), EQ, n * mu, (), mom((q, mu, 1))),
    # variance is n, not n^2: n = 2
    Case("moments/var-n-squared", Var(Sum(q[jj], (jj, 1, n1))), EQ, n1 ** 2, (), mom((q, 0, 1))),
    # Var(2 q) = 4, not 2: n = 1
    Case("moments/var-doubled", Var(Sum(2 * q[jj], (jj, 1, n1))), EQ, 2 * n1, (), mom((q, 0, 1))),
    # nonzero means: Var(q k) = 1 + mu_1^2 + mu_2^2 for unit variances; mu_1 = 1: 2 != 1
    Case("moments/var-product-nonzero-mean", Var(Sum(q[jj] * kq[jj], (jj, 1, n1))), EQ, n1, (),
         mom((q, mu1, 1), (kq, mu2, 1))),
    # dependent neighbours q_j q_{j+1}: n = 2, q iid N(0,1): Var = 2 + 2 Cov = 2 (cov 0) ... but
    # for q_j q_{j+1} with mean 1 the terms share q_2: Var = 3 + 3 + 2*Cov(q1q2, q2q3) = 6 + 2 = 8 != 6
    Case("moments/dependent-neighbours", Var(Sum(q[jj] * q[jj + 1], (jj, 1, n1))), EQ, 3 * n1, (),
         mom((q, 1, 1))),
    # Var(c X) = c^2 Var X, not c Var X: c = 2, n = 1
    Case("moments/linear-scale", Var(c * Sum(q[jj], (jj, 1, n1))), EQ, c * n1, (), mom((q, 0, 1))),
    # E[q^2] = 1 + mu^2: mu = 1, n = 1: 2 != 1
    Case("moments/second-moment", Mean(Sum(q[jj] ** 2, (jj, 1, n1))), EQ, n1, (), mom((q, mu, 1))),
    # Var(q^2) needs a fourth moment: 2 only for a Gaussian (Rademacher: 0)
    Case("moments/fourth-moment", Var(Sum(q[jj] ** 2, (jj, 1, n1))), EQ, 2 * n1, (), mom((q, 0, 1))),
    # no distribution has variance -1: Var(...) >= 0 > -n
    Case("moments/negative-variance", Var(Sum(q[jj], (jj, 1, n1))), EQ, -n1, (), mom((q, 0, -1))),
    # q_1 counted twice: Var(2 q_1 + q_2 + ...) = n + 3, not n + 1
    Case("moments/term-outside", Var(Sum(q[jj], (jj, 1, n1)) + q[1]), EQ, n1 + 1, (), mom((q, 0, 1))),
    # E[(sum q)^2] = n^2 mu^2 + n, not n^2 mu^2: n = 1, mu = 0: 1 != 0
    Case("moments/square-of-sum", Mean(Sum(q[jj], (jj, 1, n1)) ** 2), EQ, n1 ** 2 * mu ** 2, (), mom((q, mu, 1))),
    # reversed range of fixed length: sum over 5..3 is empty: 0 != -mu
    Case("moments/reversed-fixed", Mean(Sum(q[jj], (jj, 5, 3))), EQ, -mu, (), mom((q, mu, 1))),

    # ================================ empty-range convention and definedness ================================
    # n = -2: empty sum 0 vs -2 (Karr: 1..-2 gives -2)
    Case("ranges/count-any-n", Sum(1, (i, 1, n)), EQ, n),
    # empty range 5..3: 0, not -4
    Case("ranges/reversed-constant", Sum(i, (i, 5, 3)), EQ, sympy.Integer(-4)),
    # n = 0: 0 <= -1 false
    Case("ranges/termwise-n0", Sum(-1, (i, 1, n0)), LE, sympy.Integer(-1)),
    # n = -2: 0 vs (-2)(-1)/2 = 1
    Case("ranges/gauss-any-n", Sum(i, (i, 1, n)), EQ, n * (n + 1) / 2),
    # n = -2: 0 vs 2^{-1} - 2
    Case("ranges/geometric-any-n", Sum(2 ** i, (i, 1, n)), EQ, 2 ** (n + 1) - 2),
    # n = -1: empty product 1 vs 1/2
    Case("ranges/product-any-n", Product(2, (i, 1, n)), EQ, 2 ** n),
    # n = -1: empty product 1 vs -1
    Case("ranges/product-sign-any-n", Product(-1, (i, 1, n)), EQ, (-1) ** n),
    # m = 3, n = 1: 0 vs -1
    Case("ranges/count-m-n", Sum(1, (i, m, n)), EQ, n - m + 1),
    # n = -3: 0 <= -3 false
    Case("ranges/count-le-n", Sum(1, (i, 1, n)), LE, n),
    # n = -2: 0 vs 1
    Case("ranges/nested-gauss", Sum(Sum(1, (l, 1, i)), (i, 1, n)), EQ, n * (n + 1) / 2),
    # inner range i+2..n empty at i = n (count -1): n = 1: 0 vs -1
    Case("ranges/nested-inner-reversed", Sum(Sum(1, (l, i + 2, n1)), (i, 1, n1)), EQ,
         Sum(n1 - i - 1, (i, 1, n1))),
    # max over an empty range: n = 0, the max of nothing is not >= x_1
    Case("ranges/max-empty", MX(1, n0), GE, x[1]),
    # n = 0: x_1 is not in the (empty) range and the max of nothing is undefined
    Case("ranges/element-le-max-empty", x[1], LE, MX(1, n0)),
    Case("ranges/min-le-element-empty", MinOver(x[i], (i, 1, n0)), LE, x[1]),
    # n = 0: neither side is defined
    Case("ranges/min-le-max-empty", MinOver(x[i], (i, 1, n0)), LE, MX(1, n0)),
    Case("ranges/max-shift-empty", MaxOver(x[i] + c, (i, 1, n0)), EQ, MX(1, n0) + c),
    # a real end: D = 3/2 the max is over {1}; x[D] is no entry of the range
    Case("ranges/element-le-max-real-end", x[Dr], LE, MX(1, Dr), (Dr >= 1,)),
    # -1/u is increasing on each half-line, not across 0: x = (-1, 1): 0 <= -2 false
    Case("ranges/monotone-across-pole", Sum(-1 / x[i], (i, 1, n1)), LE, n1 * (-1 / MX(1, n1)),
         (sympy.Ne(x[i], 0),)),
    # log(x^2) = 2 log x fails for x < 0 (right side not real)
    Case("definedness/log-square", log(xr ** 2), EQ, 2 * log(xr)),
    # log(xy) = log x + log y: x = y = -1: 0 vs 2 pi i
    Case("definedness/log-product", log(xr * yr), EQ, log(xr) + log(yr), (sympy.Ne(xr, 0), sympy.Ne(yr, 0))),
    # sqrt(x)^2 = x: undefined (as a real) at x = -1
    # (built unevaluated: SymPy itself rewrites sqrt(x)**2 and exp(log x) to x)
    Case("definedness/sqrt-squared", sympy.Pow(sqrt(xr), 2, evaluate=False), EQ, xr),
    # exp(log x) = x: undefined at x = -1
    Case("definedness/exp-log", exp(log(xr), evaluate=False), EQ, xr),
    # count of a real range: D = 3/2 has one term, 1 != 3/2
    Case("ranges/count-real-end", Sum(1, (i, 1, Dr)), EQ, Dr),
    # D = 3/2: the integers 1..3/2 give 1, not 15/8
    Case("ranges/gauss-real-end", Sum(i, (i, 1, Dr)), EQ, Dr * (Dr + 1) / 2),
    # a sum of logs over a range of signed terms: n = 1, x_1 = -1
    Case("definedness/sum-log", Sum(log(x[i] ** 2), (i, 1, n1)), EQ, Sum(2 * log(x[i]), (i, 1, n1)), (), SR),
]

# LaTeX claims (the reader, then the whole pipeline): definedness and the empty range
FALSE_LATEX: list[tuple[str, str, tuple]] = [
    # x = 0: the conclusion 0/0 is undefined
    ("latex/implies-x-over-x", r"x = 0 \implies \frac{x}{x} = 1", ()),
    # x = 1 makes the left side 0/0
    ("latex/cancel-x-minus-1", r"\frac{x-1}{x-1} = 1", ()),
    # the sum may be 0: x = (1, -1)
    ("latex/sum-over-itself", r"\frac{\sum_{j=1}^{n} x_j}{\sum_{j=1}^{n} x_j} = 1", (r"n \ge 1",)),
    # n = -1 in the premise: the empty sum is 0, not -1
    ("latex/implies-empty", r"n = -1 \implies \sum_{j=1}^{n} 1 = -1", (r"n \in \mathbb{Z}",)),
    # n = 0: 0 <= -1
    ("latex/termwise-n0", r"\sum_{j=1}^{n} (-1) \le -1", (r"n \ge 0", r"n \in \mathbb{Z}")),
    # empty range 5..3
    ("latex/reversed-constant", r"\sum_{j=5}^{3} j = -4", ()),
    # n = -2
    ("latex/gauss-any-n", r"\sum_{j=1}^{n} j = \frac{n(n+1)}{2}", (r"n \in \mathbb{Z}",)),
    # tan x cos x = sin x: undefined at x = pi/2
    ("latex/tan-cos", r"\tan x \cos x = \sin x", ()),
]


TRUE: list[Case] = [
    Case("sum_ranges/split", X(1, n1), EQ, X(1, m1_) + X(m1_ + 1, n1), (m1_ <= n1,), SR),
    Case("sum_ranges/tile", ls(1, B1 + B2, M), EQ,
         exp(mu1 - M) * ls(1, B1, mu1) + exp(mu2 - M) * ls(B1 + 1, B1 + B2, mu2), (), SR),
    Case("sum_ranges/peel", X(1, n1), EQ, X(1, n1 - 1) + x[n1], (), SR),
    Case("sum_ranges/shift", Sum(x[i + 1], (i, 0, n1 - 1)), EQ, X(1, n1), (), SR),
    Case("sum_ranges/telescope-n0", Sum(x[i + 1] - x[i], (i, 1, n0)), EQ, x[n0 + 1] - x[1], (), SR),
    Case("sum_ranges/abel", Sum(h[i] * (S[i + 1] - S[i]), (i, 0, D - 1)), EQ,
         -Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1)), (Eq(h[D], 0), Eq(S[0], 0)), SR),
    Case("max_union/split", MX(1, n1), EQ, Max(MX(1, m1_), MX(m1_ + 1, n1)), (m1_ + 1 <= n1,), MU),
    Case("max_union/peel", MX(1, j1 + 1), EQ, Max(MX(1, j1), x[j1 + 1]), (), MU),
    Case("triangle/rotary", Abs(Sum(exp(I * r * th[i]), (i, 0, j1 - 1))), LE, j1, (), TR),
    Case("triangle/plain", Abs(X(1, n1)), LE, Sum(Abs(x[i]), (i, 1, n1)), (), TR),
    Case("triangle/count-n0", Abs(Sum(exp(I * th[i]), (i, 1, n0))), LE, n0, (), TR),
    Case("max_factor/nonneg-b", Sum(a[i] * bn[i], (i, 1, n1)), LE,
         MaxOver(a[i], (i, 1, n1)) * Sum(bn[i], (i, 1, n1)), (), MF),
    Case("max_term/exp", exp(MX(1, n1)), LE, Sum(exp(x[i]), (i, 1, n1)), (), MT),
    Case("max_term/square", MX(1, n1) ** 2, LE, Sum(x[i] ** 2, (i, 1, n1)), (), MT),
    Case("block_diagonal/relative", R(t).T * R(s_), EQ, R(s_ - t), (), BD),
    Case("block_diagonal/orthogonal", R(t).T * R(t), EQ, bd([[1, 0], [0, 1]]), (), BD),
    Case("moments/dot-product", Var(Sum(q[jj] * kq[jj], (jj, 1, n1))), EQ, n1, (), mom((q, 0, 1), (kq, 0, 1))),
    Case("moments/mean-scaled", Mean(Sum(q[jj], (jj, 1, n1)) / sqrt(n1)), EQ, 0, (), mom((q, 0, 1))),
    Case("moments/var-nonzero-mean", Var(Sum(q[jj] * kq[jj], (jj, 1, n1))), EQ,
         n1 * (1 + mu1 ** 2 + mu2 ** 2), (), mom((q, mu1, 1), (kq, mu2, 1))),
    Case("ranges/count-n0", Sum(1, (i, 1, n0)), EQ, n0),
    Case("ranges/gauss-n0", Sum(i, (i, 1, n0)), EQ, n0 * (n0 + 1) / 2),
    Case("ranges/product-n0", Product(2, (i, 1, n0)), EQ, 2 ** n0),
]
