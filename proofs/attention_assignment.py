"""Answers to an assignment on attention and position embeddings, as written in
``proofs/sources/003_a1f0e52278020169.txt`` (Chinese).

Part 1 (attention exploration): a query that copies one value (a), one that averages two
values with orthonormal keys (b), keys drawn from Gaussians around orthonormal means (c), two
heads (d) and why several heads are more robust (e). Part 2 (position embeddings):
permutation equivariance of self-attention followed by a feed-forward layer (a), uniqueness of
sinusoidal encodings (b), and RoPE as a complex rotation with its relative-position identity (g).

Encoding. Softmax weights over ``n`` keys (a general positive integer) are written out from
their scores: a top score with the others at a gap ``g`` below gives ``1/(1 + (n-1)e^{-g})``;
the scores ``(1, 1, 0, ...)`` of part b give ``e/(2e + n - 2)``. Vectors and matrices are
``MatrixSymbol`` objects of general sizes; orthonormality, definitions (``q = k_a + k_b``),
permutation or orthogonality of ``P`` and the problem's given identities are hypotheses of the
steps (``symbolic.checks.matrices``). The Gaussian key of part c is ``k_a = (1 + epsilon) mu_a``
plus noise of covariance ``alpha I``: its length along ``mu_a`` is ``lambda = 1 + epsilon`` with
``epsilon ~ N(0, alpha + 1/2)``, written with ``sympy.stats``. Positions in part b are read both as
reals and as integers, since the document does not say.

Findings (decided by hand, then by the engine):

* a: "alpha_j ~ 1 when k_j^T q >> k_i^T q" is false with ``>>`` read as the contract's ratio
  of at least 100 (scores 1 and 0.01 give alpha_j = 0.73 at n = 2); what is needed is a gap:
  ``alpha_j >= 1 - epsilon`` once ``k_j^T q - k_i^T q >= ln((n-1)(1-epsilon)/epsilon)``, and
  ``alpha_j -> 1`` as the gap grows.
* b: ``e >> 1`` is false as stated (ratio 2.72); ``e/(2e + n - 2) ~ 1/2`` within 5% only for
  n = 2 (n = 3 is already 15.6% off); with ``q = C(k_a + k_b)`` the weight tends to 1/2 as
  C -> oo, within 5% once ``C >= ln(10(n-2))``.
* c: with the document's ``q = mu_a + mu_b`` the weights on a and b sum to
  ``(e^lambda + e)/(e^lambda + e + n - 2)``, far from 1 for many keys, and ``Var(alpha_a)`` is
  about 0.025 at n = 2 (not the 1/4 of a swing between v_a and v_b); a large scale C gives
  the swing (limits).
* d: the scores ``(lambda, 0, 0, ...)`` with ``lambda ~ 1`` do not put "all the weight" on one
  key (``e/(e + n - 1)``, 0.73 for n = 2); a large scale C does (a limit).
* Position a: every line holds for general sizes (the bias step uses that P permutes rows,
  as the document says).
* Position b: the final inference "k_0 = k_1 10000^{2/d} with integers forces k_0 = k_1 = 0"
  is false for d = 4 (k_0 = 100, k_1 = 1) and d = 8; with real positions the encoding is not
  unique for d in {2, 4, 8} (e.g. d = 8, t_2 = t_1 + 2000 pi) and is unique when 10^{8/d} is
  irrational (every other even d; enumerated exactly up to 512); with integer positions it is
  unique for every even d (pi is irrational).
"""
from __future__ import annotations

import math
import random

import mpmath
import sympy
from sympy import (ConditionSet, Contains, E, Eq, FiniteSet, Function, I, Identity,
                   ImageSet, IndexedBase, Integers, Lambda, Limit, Matrix, Mod, Ne, OneMatrix,
                   Pow, Rationals, Reals, Sum, Symbol, ZeroMatrix, conjugate, cos, exp, im, log,
                   oo, pi, re, sin, sqrt)
from sympy.matrices.expressions import MatrixSymbol
from sympy.stats import Bernoulli, Normal
from sympy.stats.symbolic_probability import Expectation, Probability, Variance

from symbolic.experiments import Measurement, Point
from symbolic.functions import EntrywiseReLU, RowSoftmax, permutation_matrix
from symbolic.model import Claim, Derivation, Figure, Kind, Regime, Relation, Rule, Series, Step

SOURCE = "003_a1f0e52278020169.txt"

# ---------------------------------------------------------------------------------------
# Symbols: attention weights over n keys

#: the number of keys (a general positive integer)
n = Symbol("n", integer=True, positive=True)
#: the top score, and the gap between it and every other score
s = Symbol("s", real=True)
g = Symbol("g", positive=True)
#: the extra gap beyond the 5% threshold, g = ln(20(n-1)) + u
u = Symbol("u", nonnegative=True)
#: a scale factor of the query
C = Symbol("C", positive=True)
#: the random length of k_a along mu_a (part d takes lambda > 0, part c any real value)
lam = Symbol("lambda", positive=True)
lam_real = Symbol("lambda", real=True)
#: scores of the other keys (part a) and their index
t_other = IndexedBase("t", real=True)
i_idx = Symbol("i", integer=True, positive=True)
#: one component of the values (part a and c)
v_j, w_mean = Symbol("v_j", real=True), Symbol("w", real=True)
v_a, v_b = Symbol("v_a", real=True), Symbol("v_b", real=True)


#: "k_j^T q >> k_i^T q" read as a \gg claim over a regime (docs/verdicts.md): the ratio r = k_j^T q / k_i^T q of the top score
#: to the others (at least 100), the others' score t > 0 (so the gap is g = (r - 1) t)
ratio = Symbol("r", positive=True)
t_score = Symbol("t", positive=True)
GAP_RATIO = (ratio - 1) * t_score
#: the regime the document implies for "much larger": a ratio of at least 100 (here 100..1000),
#: the other scores t in [0.01, 1] (dot products of unit-scale vectors), n from 2 to 4096 keys
RATIO_REGIME = dict(ranges=((n, 2, 4096), (ratio, 100, 1000), (t_score, sympy.Rational(1, 100), 1)),
                    description=r"$k_j^T q \gg k_i^T q$ as a ratio $r = k_j^T q / k_i^T q \in "
                                r"[100, 1000]$ ($\gg$ is a ratio of at least 100), other scores "
                                r"$t = k_i^T q \in [0.01, 1]$, $n = 2, \dots, 4096$ keys; the gap "
                                r"is $g = (r - 1) t$")
#: a tolerance epsilon in (0, 1), written through its odds w = (1 - epsilon)/epsilon > 0
#: (epsilon = 1/(1 + w), 1 - epsilon = w/(1 + w): every epsilon in (0, 1) has one w > 0), and
#: the gap ln((n-1)(1-epsilon)/epsilon) + u = ln((n-1) w) + u, u >= 0
w_odds = Symbol("w", positive=True)
GAP_EPS = log((n - 1) * w_odds) + u


def _weight_top(gap):
    """Softmax weight of the top key when the n - 1 others are all ``gap`` below it."""
    return 1 / (1 + (n - 1) * exp(-gap))


# ---------------------------------------------------------------------------------------
# Symbols: vectors of part b, c, d (dimension d_k, general)

dk = Symbol("d_k", integer=True, positive=True)
k_a, k_b, k_i = (MatrixSymbol(name, dk, 1) for name in ("k_a", "k_b", "k_i"))
mu_a, mu_b, mu_i = (MatrixSymbol(name, dk, 1) for name in ("mu_a", "mu_b", "mu_i"))
q_vec, q_1, q_2 = (MatrixSymbol(name, dk, 1) for name in ("q", "q_1", "q_2"))
w_perp = MatrixSymbol("w", dk, 1)
alpha = Symbol("alpha", positive=True)  # the covariance scale of part c (not a weight)
ONE = Identity(1)
ZERO = ZeroMatrix(1, 1)


def _orthonormal(*vectors):
    """Hypotheses: the vectors are orthonormal (u^T u = 1, u^T v = 0)."""
    facts = []
    for x, a in enumerate(vectors):
        for b in vectors[x:]:
            facts.append(Eq(a.T * b, ONE if a == b else ZERO, evaluate=False))
    return tuple(facts)


KEYS_ORTHONORMAL = _orthonormal(k_a, k_b, k_i)
MEANS_ORTHONORMAL = _orthonormal(mu_a, mu_b, mu_i)
Q_SUM = Eq(q_vec, k_a + k_b, evaluate=False)
Q_MEANS = Eq(q_vec, mu_a + mu_b, evaluate=False)

#: part c: the random part of k_a's length, epsilon ~ N(0, alpha + 1/2), and its limit alpha -> 0
epsilon = Normal("epsilon", 0, sqrt(alpha + sympy.Rational(1, 2)))
epsilon0 = Normal("epsilon_0", 0, sqrt(sympy.Rational(1, 2)))
#: one component of a key around its mean, with covariance alpha (small-noise reading)
x_mean = Symbol("m", real=True)
z_noise = Normal("z", 0, sqrt(alpha))
#: which of v_a, v_b the output copies under a large scale (a fair coin: P(lambda > 1) = 1/2)
coin = Bernoulli("B", sympy.Rational(1, 2))

# ---------------------------------------------------------------------------------------
# Symbols: permutation equivariance (n tokens, model width dm, head width dh, hidden width dff)

nt = Symbol("n", integer=True, positive=True)
dm, dh, dff = (Symbol(name, integer=True, positive=True) for name in ("d", "d_h", "d_ff"))
P = MatrixSymbol("P", nt, nt)
X = MatrixSymbol("X", nt, dm)
W_Q, W_K, W_V = (MatrixSymbol(name, dm, dh) for name in ("W_Q", "W_K", "W_V"))
Q, K, V = (MatrixSymbol(name, nt, dh) for name in ("Q", "K", "V"))
X_perm = MatrixSymbol("X_perm", nt, dm)
Q_perm, K_perm, V_perm = (MatrixSymbol(name, nt, dh) for name in ("Q_perm", "K_perm", "V_perm"))
H, H_perm = MatrixSymbol("H", nt, dh), MatrixSymbol("H_perm", nt, dh)
W_1, W_2 = MatrixSymbol("W_1", dh, dff), MatrixSymbol("W_2", dff, dh)
b_1, b_2 = MatrixSymbol("b_1", dff, 1), MatrixSymbol("b_2", dh, 1)
Z, Z_perm = MatrixSymbol("Z", nt, dh), MatrixSymbol("Z_perm", nt, dh)
#: a generic n x n matrix: the variable of the problem's given identities
A_any = MatrixSymbol("A", nt, nt)
B_any = MatrixSymbol("B", nt, dff)
ones = OneMatrix(nt, 1)

#: the attention scores QK^T / sqrt(d) and their row-wise softmax
SCORES = Q * K.T / sqrt(dm)
ATT = RowSoftmax(SCORES)

DEFS_QKV = (Eq(X_perm, P * X), Eq(Q, X * W_Q), Eq(K, X * W_K), Eq(V, X * W_V),
            Eq(Q_perm, X_perm * W_Q), Eq(K_perm, X_perm * W_K), Eq(V_perm, X_perm * W_V))
DEFS_H = (Eq(H, ATT * V), Eq(H_perm, RowSoftmax(Q_perm * K_perm.T / sqrt(dm)) * V_perm))
#: the problem's given identities, for every matrix A (they hold for permutation matrices)
GIVEN_SOFTMAX = Eq(RowSoftmax(P * A_any * P.T), P * RowSoftmax(A_any) * P.T)
GIVEN_RELU = Eq(EntrywiseReLU(P * B_any), P * EntrywiseReLU(B_any))
HIDDEN = H * W_1 + ones * b_1.T
DEFS_Z = (Eq(Z, EntrywiseReLU(HIDDEN) * W_2 + ones * b_2.T),
          Eq(Z_perm, EntrywiseReLU(H_perm * W_1 + ones * b_1.T) * W_2 + ones * b_2.T))
PERM = permutation_matrix(P)
ORTH = sympy.Q.orthogonal(P)

# ---------------------------------------------------------------------------------------
# Symbols: sinusoidal encodings and RoPE

d = Symbol("d", integer=True, positive=True)
i_dim = Symbol("i", integer=True, nonnegative=True)
h_half = Symbol("h", integer=True, positive=True)
t, t1, t2 = Symbol("t", real=True), Symbol("t_1", real=True), Symbol("t_2", real=True)
x_diff, b_angle = Symbol("x", real=True), Symbol("b", real=True)
k_int = Symbol("k", integer=True)
k0, k1 = Symbol("k_0", integer=True), Symbol("k_1", integer=True)
k_nonzero = Symbol("k", integer=True, nonzero=True)
k1_nonzero = Symbol("k_1", integer=True, nonzero=True)
c_irr = Symbol("c", irrational=True)
C_i = Symbol("C_i", positive=True)
delta = Symbol("Delta", real=True)
#: Phi(t, 2i) and Phi(t, 2i+1), written as two functions of (t, i)
Phi_even, Phi_odd = Function("Phi_{2i}"), Function("Phi_{2i+1}")
EVEN_D = Eq(Mod(d, 2), 0)


def _C(index):
    """The wavelength factor C_i = 10000^{2i/d}."""
    return Pow(10000, 2 * index / d)


def _encoding_gap(first, second):
    """sum_i (sin(t1/C_i) - sin(t2/C_i))^2 + (cos(..) - cos(..))^2: zero iff the encodings agree."""
    return Sum((sin(first / _C(i_dim)) - sin(second / _C(i_dim))) ** 2
               + (cos(first / _C(i_dim)) - cos(second / _C(i_dim))) ** 2, (i_dim, 0, d / 2 - 1))


x1, x2, y1, y2, theta = (Symbol(name, real=True) for name in ("x_1", "x_2", "y_1", "y_2", "theta"))
ta, tb = Symbol("t_1", real=True), Symbol("t_2", real=True)
z_1, z_2 = x1 + I * y1, x2 + I * y2
RoPE = Function("RoPE")
z_c = Symbol("z", complex=True)


def _rope(z, position):
    return z * exp(I * position * theta)


def _inner(a, b):
    """The inner product of two plane vectors written as complex numbers."""
    return re(a) * re(b) + im(a) * im(b)


# ---------------------------------------------------------------------------------------
# Attention exploration (a)

_PART_A = (
    Step("ATT-0", Kind.PROSE, "Assignment 4 Attention Exploration $a$ $i$",
         gloss=r"Headings: assignment 4, attention exploration, part a (i)."),
    Step("ATT-1", Kind.IDENTITY,
         r"注意力权重 $α_i$ 是通过对 $k_i^T q$ 的点积结果进行 softmax 计算得到的。",
         Claim(exp(s) / (exp(s) + Sum(exp(t_other[i_idx]), (i_idx, 1, n - 1))), Relation.EQ,
               1 / (1 + Sum(exp(t_other[i_idx] - s), (i_idx, 1, n - 1)))),
         gloss=r"$\alpha_i$ is the softmax of the scores $k_i^T q$; written for the top key $j$ "
               r"with score $s$ against the $n - 1$ other scores $t_i$: $e^s / (e^s + \sum "
               r"e^{t_i})$."),
    Step("ATT-2", Kind.IDENTITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(exp(s) / (exp(s) + (n - 1) * exp(s - g)), Relation.EQ, _weight_top(g)),
         gloss=r"For $\alpha_j$ to carry almost all the weight, $k_j^T q$ must be much larger "
               r"than the other scores. Quantitatively: with every other score $g$ below the top "
               r"one, $\alpha_j = 1/(1 + (n-1) e^{-g})$ (the worst case for a gap of at least "
               r"$g$)."),
    Step("ATT-2r", Kind.APPROXIMATION,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(_weight_top(GAP_RATIO), Relation.APPROX, 1, regime=Regime(**RATIO_REGIME)),
         gloss=r"The document's claim: $\alpha_j \approx 1$ (within 5%) when $k_j^T q \gg$ every "
               r"other $k_i^T q$. '$\gg$' as a ratio $r \ge 100$ of the scores does not fix the "
               r"gap $(r - 1) t$: with scores 1 and 0.01 the gap is 0.99 and $\alpha_j = 1/(1 + "
               r"(n-1) e^{-0.99})$ is 0.73 at $n = 2$ and tiny for large $n$."),
    Step("ATT-2b", Kind.IDENTITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(_weight_top(GAP_EPS), Relation.EQ, w_odds / (w_odds + exp(-u))),
         assumptions=(n >= 2,),
         gloss=r"What is needed is an additive gap. For a tolerance $\epsilon \in (0, 1)$ with "
               r"odds $w = (1 - \epsilon)/\epsilon$, at the gap $g = "
               r"\ln((n-1)(1-\epsilon)/\epsilon) + u = \ln((n-1) w) + u$ the worst-case weight is "
               r"$\alpha_j = w/(w + e^{-u})$ ..."),
    Step("ATT-2c1", Kind.INEQUALITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(-u, Relation.LE, 0),
         gloss=r"... and since $u \ge 0$: $-u \le 0$ ..."),
    Step("ATT-2c2", Kind.INEQUALITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(exp(-u), Relation.LE, exp(0)),
         rule=Rule("monotone", premises=("ATT-2c1",), params=(("map", exp),)),
         gloss=r"... $e^{-u} \le e^0 = 1$ ($\exp$ increasing) ..."),
    Step("ATT-2c3", Kind.INEQUALITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(w_odds + exp(-u), Relation.LE, w_odds + 1),
         rule=Rule("add_both_sides", premises=("ATT-2c2",)),
         gloss=r"... so $w + e^{-u} \le w + 1$ ..."),
    Step("ATT-2c", Kind.INEQUALITY,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(w_odds / (w_odds + 1), Relation.LE, w_odds / (w_odds + exp(-u))),
         rule=Rule("monotone", premises=("ATT-2c3",),
                   params=(("map", Lambda(x_diff, w_odds / x_diff)),)),
         corrects="ATT-2r",
         gloss=r"Corrected ($x \mapsto w/x$ is decreasing for $x > 0$): $\alpha_j \ge w/(w + 1) = "
               r"1 - \epsilon$ once the gap $k_j^T q - k_i^T q$ is at least "
               r"$\ln((n-1)(1-\epsilon)/\epsilon)$ (ATT-2b), for any $n \ge 2$ and any $\epsilon "
               r"\in (0, 1)$. A ratio of the scores does not suffice; a gap does."),
    Step("ATT-2l", Kind.LIMIT,
         r"要让 $α_j$ 几乎承载所有权重，查询向量 $q$ 和键向量 $k_j$ 的点积 $k_j^T q$ "
         r"远大于所有其他点积 $k_i^T q$($i ≠ j$)。",
         Claim(Limit(_weight_top(g), g, oo), Relation.EQ, 1), rule=Rule("limit"),
         corrects="ATT-2r",
         gloss=r"Corrected: $\alpha_j \to 1$ as the gap $g \to \infty$, for every $n$."),
    Step("ATT-3", Kind.PROSE,
         r"$ii$ 根据 $i$ 的结论，我们有 $α_j \approx 1$ 且对于所有 $i ≠ j，α_i ≈ 0$。此时：",
         gloss=r"(ii) From (i): $\alpha_j \approx 1$ and $\alpha_i \approx 0$ for $i \ne j$. This "
               r"restates the conclusion of (i), checked there: $\alpha_j \approx 1$ is ATT-2r "
               r"(false for a score ratio $\ge 100$; true for a gap of "
               r"$\ln((n-1)(1-\epsilon)/\epsilon)$, ATT-2c, and as a limit, ATT-2l); $\alpha_i "
               r"\approx 0$ is ATT-3b."),
    Step("ATT-3b", Kind.APPROXIMATION,
         r"$ii$ 根据 $i$ 的结论，我们有 $α_j \approx 1$ 且对于所有 $i ≠ j，α_i ≈ 0$。此时：",
         Claim(exp(-GAP_RATIO) * _weight_top(GAP_RATIO), Relation.APPROX, 0,
               regime=Regime(**RATIO_REGIME, tolerance=0.05, absolute=True)),
         gloss=r"$\alpha_i = e^{-g} \alpha_j \approx 0$ for the other keys (absolute tolerance "
               r"0.05), in the same regime $k_j^T q \gg k_i^T q$ (ratio $\ge 100$): at $n = 2$ "
               r"with scores 1 and 0.01, $\alpha_i = 0.27$."),
    Step("ATT-3c", Kind.LIMIT,
         r"$ii$ 根据 $i$ 的结论，我们有 $α_j \approx 1$ 且对于所有 $i ≠ j，α_i ≈ 0$。此时：",
         Claim(Limit(exp(-g) * _weight_top(g), g, oo), Relation.EQ, 0), rule=Rule("limit"),
         corrects="ATT-3b",
         gloss=r"Corrected: $\alpha_i = e^{-g}/(1 + (n-1) e^{-g}) \to 0$ as the gap $g \to "
               r"\infty$."),
    Step("ATT-4", Kind.IDENTITY,
         r"$$c \approx 0 \cdot v_1 + 0 \cdot v_2 + ... + 1 \cdot v_j + ... + 0 \cdot v_n = v_j$$",
         Claim(_weight_top(g) * v_j + (1 - _weight_top(g)) * w_mean - v_j, Relation.EQ,
               (w_mean - v_j) * (n - 1) * exp(-g) / (1 + (n - 1) * exp(-g))),
         gloss=r"$c = \alpha_j v_j + (1 - \alpha_j) w$ with $w$ the weighted mean of the other "
               r"values, so $c - v_j = (1 - \alpha_j)(w - v_j)$: $c \approx v_j$ exactly as fast "
               r"as $\alpha_j \approx 1$ (one component shown)."),
    Step("ATT-5", Kind.PROSE,
         r"输出向量 $c$ 几乎完全等于与 $k_j$ 对应的值向量 $v_j$：注意力机制从一系列输入 $v$ "
         r"中精准地挑选并输出了 $v_j$。",
         gloss=r"The output $c$ is almost exactly the value $v_j$ of key $k_j$: attention selects "
               r"$v_j$."),
)

# ---------------------------------------------------------------------------------------
# Attention exploration (b)

ALPHA_B = E / (2 * E + n - 2)
ALPHA_B_SCALED = exp(C) / (2 * exp(C) + n - 2)

_PART_B = (
    Step("B-0", Kind.PROSE,
         r"$b$ 要实现这个目标，我们需要注意力权重 $α_a ≈ 1/2，α_b ≈ \frac{1}{2}$，并且其他的 "
         r"$α_i ≈ 0$。一个很自然的想法是让 $q$ 同时与 $k_a$ 和 $k_b$ 相关。我们尝试 $q = k_a + k_b$。",
         gloss=r"(b) The goal: $\alpha_a \approx \alpha_b \approx 1/2$, the other $\alpha_i "
               r"\approx 0$; try $q = k_a + k_b$."),
    Step("B-1", Kind.IDENTITY,
         r"由于所有键向量 $k_i$ 相互正交 ($k_i^T k_j = 0$) 且范数为 1 ($||k_i|| = 1$),有： "
         r"$$k_a^T \cdot q = k_a^T \cdot (k_a + k_b) = k_a^T \cdot k_a + k_a^T \cdot k_b = "
         r"||k_a||^2 + 0 = 1。$$",
         Claim(k_a.T * q_vec, Relation.EQ, 1), assumptions=(Q_SUM,) + KEYS_ORTHONORMAL,
         gloss=r"The keys are orthonormal, so $k_a^T q = k_a^T k_a + k_a^T k_b = 1 + 0 = 1$."),
    Step("B-2", Kind.IDENTITY,
         r"$$k_b^T \cdot q = k_b^T \cdot (k_a + k_b) = k_b^T \cdot k_a + k_b^T \cdot k_b = 0 + "
         r"||k_b||^2 = 1。$$",
         Claim(k_b.T * q_vec, Relation.EQ, 1), assumptions=(Q_SUM,) + KEYS_ORTHONORMAL,
         gloss=r"$k_b^T q = 0 + 1 = 1$."),
    Step("B-3", Kind.IDENTITY,
         r"$$k_i^T \cdot q = k_i^T \cdot (k_a + k_b) = k_i^T \cdot k_a + k_i^T \cdot k_b = 0 + 0 "
         r"= 0(i \neq a,b)$$",
         Claim(k_i.T * q_vec, Relation.EQ, 0), assumptions=(Q_SUM,) + KEYS_ORTHONORMAL,
         gloss=r"$k_i^T q = 0$ for every other key $i$."),
    Step("B-4", Kind.IDENTITY,
         r"此时有： $$\alpha _a=\alpha _b = \frac{\exp(1)} {\exp(1) + \exp(1) + \sum _{i≠a,b} "
         r"\exp(0)}$$",
         Claim(exp(1) / (exp(1) + exp(1) + Sum(exp(0), (i_idx, 1, n - 2))), Relation.EQ, ALPHA_B),
         assumptions=(n >= 2,),
         gloss=r"With the scores $(1, 1, 0, \dots)$: $\alpha_a = \alpha_b = e / (2e + (n - 2))$."),
    Step("B-5", Kind.APPROXIMATION,
         r"如果 $\exp(1)$ 远大于 $\exp(0)=1$",
         Claim(E, Relation.GG, 1),
         gloss=r"'If $\exp(1)$ is much larger than $\exp(0) = 1$': checked as stated (a ratio of "
               r"at least 100); the ratio is $e = 2.718$."),
    Step("B-5c", Kind.LIMIT, r"如果 $\exp(1)$ 远大于 $\exp(0)=1$",
         Claim(Limit(exp(C) / exp(0), C, oo), Relation.EQ, oo), rule=Rule("limit"), corrects="B-5",
         gloss=r"Corrected: $e^1$ is not much larger than $e^0$, but $e^C / e^0$ grows without "
               r"bound with the scale $C$ of B-7 (at least 100 once $C \ge \ln 100$)."),
    Step("B-5b", Kind.IDENTITY, r"如果 $\exp(1)$ 远大于 $\exp(0)=1$",
         Claim(Pow(E, 0, evaluate=False), Relation.EQ, 1),
         gloss=r"$\exp(0) = 1$."),
    Step("B-6", Kind.APPROXIMATION,
         r"那么分母主要由 $2 \exp(1)$ 构成，$α_a$ 和 $α_b$ 都近似等于 $\frac{1}{2}$。",
         Claim(ALPHA_B, Relation.APPROX, sympy.Rational(1, 2),
               regime=Regime(ranges=((n, 2, 4096),),
                             description=r"any number of keys $n \ge 2$ (the document fixes none)")),
         gloss=r"The denominator is mostly $2 \exp(1)$, so $\alpha_a$ and $\alpha_b$ are about "
               r"$1/2$ (within 5%, for the numbers of keys $n \ge 2$)."),
    Step("B-6c", Kind.INEQUALITY,
         r"那么分母主要由 $2 \exp(1)$ 构成，$α_a$ 和 $α_b$ 都近似等于 $\frac{1}{2}$。",
         Claim(1 - 2 * ALPHA_B, Relation.GE, 1 / (2 * E + 1)), assumptions=(n >= 3,),
         corrects="B-6",
         gloss=r"Corrected: the relative error $1 - 2 \alpha_a = (n-2)/(2e+n-2)$ is at least "
               r"$1/(2e+1) = 15.5\%$ for every $n \ge 3$; $\alpha_a \approx 1/2$ within 5% only "
               r"for $n = 2$."),
    Step("B-6d", Kind.IDENTITY,
         r"那么分母主要由 $2 \exp(1)$ 构成，$α_a$ 和 $α_b$ 都近似等于 $\frac{1}{2}$。",
         Claim(ALPHA_B.subs(n, 2), Relation.EQ, sympy.Rational(1, 2)), corrects="B-6",
         gloss=r"For $n = 2$ (only the keys $a$ and $b$) the weight is exactly $1/2$."),
    Step("B-7", Kind.IDENTITY,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim(k_a.T * q_vec, Relation.EQ, C),
         assumptions=(Eq(q_vec, C * (k_a + k_b), evaluate=False),) + KEYS_ORTHONORMAL,
         gloss=r"Scaling $q$ to $C(k_a + k_b)$ scales the scores to $(C, C, 0, \dots)$."),
    Step("B-7a", Kind.IDENTITY,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim(exp(C) / (exp(C) + exp(C) + Sum(exp(0), (i_idx, 1, n - 2))), Relation.EQ,
               ALPHA_B_SCALED),
         assumptions=(n >= 2,),
         gloss=r"With the scores $(C, C, 0, \dots)$: $\alpha_a = e^C / (2e^C + n - 2)$."),
    Step("B-7b", Kind.LIMIT,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim(Limit(ALPHA_B_SCALED, C, oo), Relation.EQ, sympy.Rational(1, 2)),
         rule=Rule("limit"),
         gloss=r"Then $\alpha_a = e^C / (2e^C + n - 2) \to 1/2$ as $C \to \infty$, for every $n$."),
    Step("B-7c", Kind.IDENTITY,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim((sympy.Rational(1, 2) - ALPHA_B_SCALED) / ALPHA_B_SCALED, Relation.EQ,
               (n - 2) / (2 * exp(C))),
         gloss=r"How large $C$ must be: the relative error of $\alpha_a \approx 1/2$ is "
               r"$(n-2)/(2e^C)$ ..."),
    Step("B-7d", Kind.IDENTITY,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim((n - 2) / (2 * exp(log(10 * (n - 2)) + u)), Relation.EQ, exp(-u) / 20),
         assumptions=(n >= 3,),
         gloss=r"... which is $e^{-u}/20$ at $C = \ln(10(n-2)) + u$ ..."),
    Step("B-7e", Kind.INEQUALITY,
         r"为了让这个近似更精确，我们可以放大 $q$ 为 $C (k_a + k_b)$，其中 $C$ 是一个大常数。",
         Claim(exp(-u) / 20, Relation.LE, sympy.Rational(1, 20)),
         gloss=r"... and at most 5% for $u \ge 0$: $\alpha_a \approx 1/2$ within 5% once $C \ge "
               r"\ln(10(n-2))$."),
)

# ---------------------------------------------------------------------------------------
# Attention exploration (c)

SIGMA_A = alpha * Identity(dk) + sympy.Rational(1, 2) * mu_a * mu_a.T
ALPHA_C = exp(lam_real) / (exp(lam_real) + E + n - 2)
ALPHA_C_SCALED = exp(C * lam_real) / (exp(C * lam_real) + exp(C) + n - 2)
#: lambda = 1 + delta or 1 - delta: above or below the score 1 of k_b
delta_pos = Symbol("delta", positive=True)

#: lambda within two standard deviations (sqrt(1/2) = 0.71) of its mean 1, in the limit alpha -> 0
LAMBDA_LO, LAMBDA_HI = sympy.Rational(-2, 5), sympy.Rational(12, 5)
#: lambda as a random variable, lambda ~ N(1, 1/2) (C-4c)
lam_rv = Normal("lambda", 1, sqrt(sympy.Rational(1, 2)))
SWING_TRIALS = 2000
SWING_NS = (2, 10, 100)


def _swing_lambdas(seed: int, keys: int) -> list[float]:
    """Seeded draws of lambda ~ N(1, 1/2) (binary64: these numbers are the sample)."""
    rng = random.Random(seed * 1000 + keys)
    lams = [1.0 + math.sqrt(0.5) * rng.gauss(0.0, 1.0) for _ in range(SWING_TRIALS)]
    return lams


def _variance_interval(lams, keys: int, dps: int):
    """The unbiased sample variance of alpha_a over the seeded lambdas, as an mpmath interval."""
    iv = mpmath.iv
    old = iv.dps
    iv.dps = dps
    try:
        rest = iv.e + (keys - 2)
        weights = [iv.exp(iv.mpf(x)) / (iv.exp(iv.mpf(x)) + rest) for x in lams]
        mean = sum(weights, iv.mpf(0)) / len(weights)
        return sum(((w - mean) ** 2 for w in weights), iv.mpf(0)) / (len(weights) - 1)
    finally:
        iv.dps = old


def swing_variance_deficit(seed: int) -> Measurement:
    """|Var(alpha_a) - 1/4| / (1/4) for the document's q = mu_a + mu_b, lambda ~ N(1, 1/2).

    1/4 is the variance of a weight that swings between 0 and 1 with probability 1/2 each
    (c = v_a or v_b, the picture of C-7e); Var(c) = Var(alpha_a)(v_a - v_b)^2 at n = 2."""
    rows, points = [], []
    for keys in SWING_NS:
        lams = _swing_lambdas(seed, keys)
        alphas = [math.exp(x) / (math.exp(x) + math.e + keys - 2) for x in lams]
        mean = sum(alphas) / len(alphas)
        dev = [(a - mean) ** 2 for a in alphas]
        var = sum(dev) / (len(alphas) - 1)
        fourth = sum(v * v for v in dev) / len(alphas)
        stderr = math.sqrt(max(fourth - var * var, 0.0) / len(alphas))
        statistic = abs(var - 0.25) / 0.25

        def certify(dps, lams=lams, keys=keys):
            gap = 1 - 4 * _variance_interval(lams, keys, dps)
            return gap.a if gap.a > 0 else None

        rows.append((str(keys), f"{var:.5f}", f"{stderr:.5f}", f"{statistic:.4f}"))
        points.append(Point(where=(("n", str(keys)),), statistic=statistic, stderr=4 * stderr,
                            certify=certify, cost=keys))
    return Measurement(
        header=("$n$", r"$\operatorname{Var}(\alpha_a)$", "std. error", "relative error vs $1/4$"),
        rows=tuple(rows), points=tuple(points),
        description=f"Sample variance of $\\alpha_a = e^\\lambda/(e^\\lambda + e + n - 2)$ over "
                    f"{SWING_TRIALS} seeded draws of $\\lambda \\sim N(1, 1/2)$ "
                    f"($q = \\mu_a + \\mu_b$), $n$ in {SWING_NS}, against $1/4$ (a swing between "
                    f"$v_a$ and $v_b$).",
        statistic="relative error vs 1/4")


_PART_C = (
    Step("C-0", Kind.PROSE,
         r"$c$ 正态分布有如下的特点： 1. 均值分布的中心点，代表随机变量最可能取到的值。",
         gloss=r"(c) Properties of the normal distribution. 1. The mean is the centre of the "
               r"distribution, the most likely value."),
    Step("C-0a", Kind.INEQUALITY, r"1. 均值分布的中心点，代表随机变量最可能取到的值。",
         Claim(-(w_mean - x_mean) ** 2 / (2 * alpha), Relation.LE, 0),
         gloss=r"The exponent of the normal density $N(m, \alpha)$ at $x$ is $-(x-m)^2/(2 \alpha) "
               r"\le 0$, 0 at the mean ..."),
    Step("C-0b", Kind.INEQUALITY, r"1. 均值分布的中心点，代表随机变量最可能取到的值。",
         Claim(exp(-(w_mean - x_mean) ** 2 / (2 * alpha)), Relation.LE, 1),
         rule=Rule("monotone", premises=("C-0a",), params=(("map", exp),)),
         gloss=r"... so the density ratio $p(x)/p(m) = \exp(-(x-m)^2/(2 \alpha)) \le 1$: the mean "
               r"is the most likely value (the mode)."),
    Step("C-0c", Kind.PROSE,
         r"2. 协方差矩阵 (Covariance, $\Sigma$)：描述了分布的离散程度（胖瘦）和方向。",
         gloss=r"2. The covariance matrix $\Sigma$ describes the spread and its directions."),
    Step("C-1", Kind.IDENTITY,
         r"$i$ 由于键 $k_i$ 是从 $\mathcal{N}(\mu _i, \Sigma _i)$ 中采样的，因此 $k_i \approx "
         r"\mu _i$，$\mu _i$ 之间相互正交且范数为 1。",
         Claim(Expectation((x_mean + z_noise - x_mean) ** 2), Relation.EQ, alpha),
         gloss=r"(i) $k_i \sim N(\mu_i, \Sigma_i)$, so $k_i \approx \mu_i$: each component "
               r"deviates from the mean by a variance $\alpha$ ($\Sigma_i = \alpha I$), small "
               r"only when $\alpha$ is small."),
    Step("C-1b", Kind.LIMIT,
         r"$i$ 由于键 $k_i$ 是从 $\mathcal{N}(\mu _i, \Sigma _i)$ 中采样的，因此 $k_i \approx "
         r"\mu _i$，$\mu _i$ 之间相互正交且范数为 1。",
         Claim(Limit(alpha * dk, alpha, 0), Relation.EQ, 0), rule=Rule("limit"),
         gloss=r"$E\|k_i - \mu_i\|^2 = \operatorname{tr}(\Sigma_i) = \alpha d_k \to 0$ as $\alpha "
               r"\to 0$: the condition under which $k_i \approx \mu_i$."),
    Step("C-2", Kind.IDENTITY,
         r"这和 $b$ 中的问题类似，只不过我们现在操作的是均值 $\mu _i$。因此 $q=\mu _a+\mu _b$。",
         Claim(mu_a.T * q_vec, Relation.EQ, 1), assumptions=(Q_MEANS,) + MEANS_ORTHONORMAL,
         gloss=r"As in (b), with the means: $q = \mu_a + \mu_b$ gives $\mu_a^T q = 1$ (and "
               r"$\mu_b^T q = 1$)."),
    Step("C-2b", Kind.IDENTITY,
         r"这和 $b$ 中的问题类似，只不过我们现在操作的是均值 $\mu _i$。因此 $q=\mu _a+\mu _b$。",
         Claim(mu_i.T * q_vec, Relation.EQ, 0), assumptions=(Q_MEANS,) + MEANS_ORTHONORMAL,
         gloss=r"... and $\mu_i^T q = 0$ for the other means."),
    Step("C-3", Kind.IDENTITY,
         r"$ii$ $k_a$ 的协方差变为 $\Sigma _\alpha = αI + 1/2(\mu _a \mu _a^T)$，"
         r"这意味着 $k_a$ 的方向基本固定，但其长度（范数）随机变化很大。",
         Claim(mu_a.T * SIGMA_A * mu_a, Relation.EQ, alpha + sympy.Rational(1, 2)),
         assumptions=MEANS_ORTHONORMAL,
         gloss=r"(ii) $\Sigma_a = \alpha I + \frac{1}{2} \mu_a \mu_a^T$: the variance of $k_a$ "
               r"along $\mu_a$ is $\mu_a^T \Sigma_a \mu_a = \alpha + 1/2$ (its length varies) ..."),
    Step("C-3b", Kind.IDENTITY,
         r"$ii$ $k_a$ 的协方差变为 $\Sigma _\alpha = αI + 1/2(\mu _a \mu _a^T)$，"
         r"这意味着 $k_a$ 的方向基本固定，但其长度（范数）随机变化很大。",
         Claim(w_perp.T * SIGMA_A * w_perp, Relation.EQ, alpha),
         assumptions=_orthonormal(mu_a, w_perp),
         gloss=r"... while across $\mu_a$ (a unit $w$ with $w^T \mu_a = 0$) the variance is "
               r"$\alpha \to 0$: the direction is essentially fixed."),
    Step("C-4", Kind.IDENTITY,
         r"我们可以把 $k_a$ 看作 $ka ≈ λ * \mu a$，其中 $λ$ 是一个均值在 1 附近但方差很大的随机标量。",
         Claim(Expectation(1 + epsilon), Relation.EQ, 1),
         gloss=r"$k_a \approx \lambda \mu_a$ with $\lambda = \mu_a^T k_a = 1 + \epsilon$, "
               r"$\epsilon \sim N(0, \alpha + 1/2)$: the mean of $\lambda$ is exactly 1 ..."),
    Step("C-4b", Kind.IDENTITY,
         r"我们可以把 $k_a$ 看作 $ka ≈ λ * \mu a$，其中 $λ$ 是一个均值在 1 附近但方差很大的随机标量。",
         Claim(Variance(1 + epsilon), Relation.EQ, alpha + sympy.Rational(1, 2)),
         gloss=r"... and its variance is $\alpha + 1/2$ ($1/2$ as $\alpha \to 0$): a standard "
               r"deviation of 0.71 against a mean of 1, 'large' relative to the mean."),
    Step("C-4c", Kind.IDENTITY,
         r"我们可以把 $k_a$ 看作 $ka ≈ λ * \mu a$，其中 $λ$ 是一个均值在 1 附近但方差很大的随机标量。",
         Claim(Variance(1 + epsilon0), Relation.EQ, sympy.Rational(1, 2)),
         gloss=r"In the limit $\alpha \to 0$: $\lambda = 1 + \epsilon_0$ with $\epsilon_0 \sim "
               r"N(0, 1/2)$, $\operatorname{Var} \lambda = 1/2$."),
    Step("C-5", Kind.IDENTITY,
         r"我们继续使用 $q=\mu _a+\mu _b$，计算点积如下： $$k_a^T q \approx (λ \mu _a)^T "
         r"(\mu _a + \mu _b) = λ (\mu _a^T \cdot \mu _a + \mu _a^T \cdot \mu _b) = λ \cdot (1 + 0) "
         r"= λ$$",
         Claim((lam_real * mu_a).T * q_vec, Relation.EQ, lam_real),
         assumptions=(Q_MEANS,) + MEANS_ORTHONORMAL,
         gloss=r"With $k_a \approx \lambda \mu_a$ and $q = \mu_a + \mu_b$: $k_a^T q \approx "
               r"\lambda$."),
    Step("C-6", Kind.IDENTITY,
         r"$$k_b^T \cdot q \approx \mu _b^T \cdot (\mu _a + \mu _b) = 1$$",
         Claim(mu_b.T * q_vec, Relation.EQ, 1), assumptions=(Q_MEANS,) + MEANS_ORTHONORMAL,
         gloss=r"$k_b^T q \approx \mu_b^T (\mu_a + \mu_b) = 1$."),
    Step("C-7", Kind.IDENTITY,
         r"现在点积序列变成了 $(λ, 1, 0, ...)$，其中 $λ$ 是一个随机数。",
         Claim(exp(lam_real) / (exp(lam_real) + exp(1) + Sum(exp(0), (i_idx, 1, n - 2))),
               Relation.EQ, ALPHA_C),
         assumptions=(n >= 2,),
         gloss=r"The scores are $(\lambda, 1, 0, \dots)$: $\alpha_a = e^\lambda / (e^\lambda + e "
               r"+ n - 2)$."),
    Step("C-7s", Kind.APPROXIMATION,
         r"在不同的采样中，$c$ 会在 $v_a$ 和 $v_b$之间剧烈摆动，完全取决于 $k_a$ 长度的随机性。",
         Claim(ALPHA_C + E / (exp(lam_real) + E + n - 2), Relation.APPROX, 1,
               regime=Regime(ranges=((n, 2, 4096), (lam_real, LAMBDA_LO, LAMBDA_HI)),
                             description=r"the document's $q = \mu_a + \mu_b$ (scores "
                                         r"$(\lambda, 1, 0, \dots)$), $\lambda$ within two "
                                         r"standard deviations of its mean 1 (sd 0.71), "
                                         r"$n = 2, \dots, 4096$ keys")),
         gloss=r"With the document's $q = \mu_a + \mu_b$, $c$ swings between $v_a$ and $v_b$ only "
               r"if almost all the weight is on $a$ and $b$: $\alpha_a + \alpha_b = (e^\lambda + "
               r"e)/(e^\lambda + e + n - 2) \approx 1$. True at $n = 2$, false for many keys ($n "
               r"= 100$, $\lambda = 1$: 0.05): $c$ is then close to the average of all the "
               r"values."),
    Step("C-7b", Kind.LIMIT,
         r"在不同的采样中，$c$ 会在 $v_a$ 和 $v_b$之间剧烈摆动，完全取决于 $k_a$ 长度的随机性。",
         Claim(Limit(ALPHA_C_SCALED.subs(lam_real, 1 + delta_pos), C, oo), Relation.EQ, 1),
         rule=Rule("limit"), corrects="C-7s",
         gloss=r"Corrected: $c$ swings between $v_a$ and $v_b$ with the query scaled by a large "
               r"$C$ (as in b): $\alpha_a \to 1$ when $\lambda = 1 + \delta > 1$ ..."),
    Step("C-7c0", Kind.IDENTITY,
         r"在不同的采样中，$c$ 会在 $v_a$ 和 $v_b$之间剧烈摆动，完全取决于 $k_a$ 长度的随机性。",
         Claim(ALPHA_C_SCALED.subs(lam_real, 1 - delta_pos), Relation.EQ,
               exp(-C * delta_pos) / (exp(-C * delta_pos) + 1 + (n - 2) * exp(-C))),
         gloss=r"For $\lambda = 1 - \delta$ the weight $\alpha_a$, divided through by $e^C$ ..."),
    Step("C-7c", Kind.LIMIT,
         r"在不同的采样中，$c$ 会在 $v_a$ 和 $v_b$之间剧烈摆动，完全取决于 $k_a$ 长度的随机性。",
         Claim(Limit(exp(-C * delta_pos) / (exp(-C * delta_pos) + 1 + (n - 2) * exp(-C)), C, oo),
               Relation.EQ, 0),
         rule=Rule("limit"), corrects="C-7s",
         gloss=r"... and $\alpha_a \to 0$ (all weight on $b$) when $\lambda = 1 - \delta < 1$ "
               r"($\alpha_a$ with numerator and denominator divided by $e^C$)."),
    Step("C-7d", Kind.IDENTITY,
         r"在不同的采样中，$c$ 会在 $v_a$ 和 $v_b$之间剧烈摆动，完全取决于 $k_a$ 长度的随机性。",
         Claim(Probability(1 + epsilon0 > 1), Relation.EQ, sympy.Rational(1, 2)),
         gloss=r"Each case happens half of the time: $P(\lambda > 1) = 1/2$."),
    Step("C-7v", Kind.APPROXIMATION,
         r"$c$ 的方差会非常大。这就是单头注意力在试图同时关注多个事物时，面对某些特定噪声时的严重缺陷。",
         Claim(Variance(ALPHA_C.subs(lam_real, lam_rv)), Relation.APPROX, sympy.Rational(1, 4),
               regime=Regime(points=(((n, 2),), ((n, 10),), ((n, 100),)),
                             description=r"the document's $q = \mu_a + \mu_b$, "
                                         r"$\lambda \sim N(1, 1/2)$ ($\alpha \to 0$), "
                                         r"$n = 2, 10, 100$ keys")),
         rule=Rule("experiment", params=(("measure", swing_variance_deficit),)),
         gloss=r"$c$'s variance is very large: as large as a swing between $v_a$ and $v_b$, i.e. "
               r"$\operatorname{Var}(c) \approx (v_a - v_b)^2/4$ per component, "
               r"$\operatorname{Var}(\alpha_a) \approx 1/4$ (checked with the document's $q$, "
               r"seeded Monte Carlo). With $q = \mu_a + \mu_b$, $\alpha_a = e^\lambda/(e^\lambda "
               r"+ e + n - 2)$ moves little: at $n = 2$ $\operatorname{Var}(\alpha_a) \approx "
               r"0.025$ ($|\alpha_a - 1/2| \le |\lambda - 1|/4$ gives at most $1/32$); for large "
               r"$n$ less still."),
    Step("C-7e", Kind.IDENTITY,
         r"$c$ 的方差会非常大。这就是单头注意力在试图同时关注多个事物时，面对某些特定噪声时的严重缺陷。",
         Claim(Variance(coin * v_a + (1 - coin) * v_b), Relation.EQ, (v_a - v_b) ** 2 / 4),
         corrects="C-7v",
         gloss=r"Corrected (a large scale $C$, C-7b/C-7c): $c = v_a$ or $v_b$ with probability "
               r"$1/2$ each has variance $(v_a - v_b)^2 / 4$ per component, as large as the gap "
               r"between the values allows. This is the weakness of one head attending to several "
               r"things."),
)

# ---------------------------------------------------------------------------------------
# Attention exploration (d), (e)

_PART_D = (
    Step("D-0", Kind.PROSE,
         r"$d$ $ii$ 我们用两个注意力头来模型上面的过程。我们让 $c_1$ 负责“复制” $v_a$，让 $c_2$ "
         r"负责“复制” $v_b$。根据前面的结论，我们只需要让$q_1$ 和 $q_2$ 跟 $\mu _a$，$\mu _b$ 对齐。 "
         r"$c_1$ 进行点积的结果如下：",
         gloss=r"(d)(ii) Two heads: $c_1$ copies $v_a$, $c_2$ copies $v_b$; align $q_1$, $q_2$ "
               r"with $\mu_a$, $\mu_b$."),
    Step("D-1", Kind.IDENTITY,
         r"$$k_a^T \cdot q_1 \approx (λ \cdot \mu _a)^T \cdot \mu _a = λ \cdot ||\mu _a||^2 = λ$$",
         Claim((lam * mu_a).T * q_1, Relation.EQ, lam),
         assumptions=(Eq(q_1, mu_a),) + MEANS_ORTHONORMAL,
         gloss=r"$k_a^T q_1 \approx \lambda \|\mu_a\|^2 = \lambda$."),
    Step("D-2", Kind.IDENTITY, r"$$k_b^T \cdot q_1 \approx \mu _b^T \cdot \mu _a = 0$$",
         Claim(mu_b.T * q_1, Relation.EQ, 0), assumptions=(Eq(q_1, mu_a),) + MEANS_ORTHONORMAL,
         gloss=r"$k_b^T q_1 \approx \mu_b^T \mu_a = 0$."),
    Step("D-3a", Kind.IDENTITY,
         r"点积序列是 $(λ, 0, 0, ...)$。只要 $λ > 0$（题目让我们忽略 $λ<0$ 的情况），softmax "
         r"就会把所有权重都给 $α_a$。因此 $c_1 \approx v_a$。这个结果是稳定的，它不依赖于 $λ$ 的具体值。",
         Claim(exp(lam) / (exp(lam) + Sum(exp(0), (i_idx, 1, n - 1))), Relation.EQ,
               exp(lam) / (exp(lam) + n - 1)),
         gloss=r"The scores $(\lambda, 0, 0, \dots)$ give $\alpha_a = e^\lambda / (e^\lambda + n "
               r"- 1)$."),
    Step("D-3", Kind.APPROXIMATION,
         r"点积序列是 $(λ, 0, 0, ...)$。只要 $λ > 0$（题目让我们忽略 $λ<0$ 的情况），softmax "
         r"就会把所有权重都给 $α_a$。因此 $c_1 \approx v_a$。这个结果是稳定的，它不依赖于 $λ$ 的具体值。",
         Claim(exp(lam) / (exp(lam) + n - 1), Relation.APPROX, 1,
               regime=Regime(ranges=((n, 2, 4096), (lam, sympy.Rational(1, 10), 3)),
                             description=r"$\lambda > 0$ around its mean 1 (standard deviation "
                                         r"0.71), any number of keys $n \ge 2$")),
         gloss=r"Scores $(\lambda, 0, 0, \dots)$: for $\lambda > 0$ softmax gives all the weight "
               r"to $\alpha_a$, so $c_1 \approx v_a$, whatever $\lambda$ is. Checked as stated: "
               r"$\alpha_a = e^\lambda / (e^\lambda + n - 1)$."),
    Step("D-3c", Kind.LIMIT,
         r"点积序列是 $(λ, 0, 0, ...)$。只要 $λ > 0$（题目让我们忽略 $λ<0$ 的情况），softmax "
         r"就会把所有权重都给 $α_a$。因此 $c_1 \approx v_a$。这个结果是稳定的，它不依赖于 $λ$ 的具体值。",
         Claim(Limit(exp(C * lam) / (exp(C * lam) + n - 1), C, oo), Relation.EQ, 1),
         rule=Rule("limit"), corrects="D-3",
         gloss=r"Corrected: with $q_1 = C \mu_a$, $\alpha_a = e^{C \lambda} / (e^{C \lambda} + n "
               r"- 1) \to 1$ as $C \to \infty$ for every $\lambda > 0$; only then is $c_1 \approx "
               r"v_a$."),
    Step("D-4", Kind.IDENTITY,
         r"同理 $c_2$ 进行点积的结果如下： $$k_a^T \cdot q_2 \approx (λ \cdot \mu _a)^T \cdot "
         r"\mu _b = λ * 0 = 0$$",
         Claim((lam * mu_a).T * q_2, Relation.EQ, 0),
         assumptions=(Eq(q_2, mu_b),) + MEANS_ORTHONORMAL,
         gloss=r"Likewise for $c_2$: $k_a^T q_2 \approx \lambda \mu_a^T \mu_b = 0$."),
    Step("D-5", Kind.IDENTITY, r"$$k_b^T \cdot q_2 \approx \mu _b^T \cdot \mu _b = 1$$",
         Claim(mu_b.T * q_2, Relation.EQ, 1), assumptions=(Eq(q_2, mu_b),) + MEANS_ORTHONORMAL,
         gloss=r"$k_b^T q_2 \approx \mu_b^T \mu_b = 1$."),
    Step("D-6a", Kind.IDENTITY,
         r"点积序列是 $(0, 1, 0, ...)$。softmax 会把所有权重都给 $α_b$。$c_2 \approx v_b$。这个结果也是稳定的。",
         Claim(exp(1) / (exp(1) + Sum(exp(0), (i_idx, 1, n - 1))), Relation.EQ, E / (E + n - 1)),
         gloss=r"The scores $(0, 1, 0, \dots)$ give $\alpha_b = e / (e + n - 1)$."),
    Step("D-6", Kind.APPROXIMATION,
         r"点积序列是 $(0, 1, 0, ...)$。softmax 会把所有权重都给 $α_b$。$c_2 \approx v_b$。这个结果也是稳定的。",
         Claim(E / (E + n - 1), Relation.APPROX, 1,
               regime=Regime(ranges=((n, 2, 4096),), description=r"any number of keys $n \ge 2$")),
         gloss=r"Scores $(0, 1, 0, \dots)$: softmax gives all the weight to $\alpha_b$, $c_2 "
               r"\approx v_b$. Checked as stated: $\alpha_b = e / (e + n - 1)$."),
    Step("D-6c", Kind.LIMIT,
         r"点积序列是 $(0, 1, 0, ...)$。softmax 会把所有权重都给 $α_b$。$c_2 \approx v_b$。这个结果也是稳定的。",
         Claim(Limit(exp(C) / (exp(C) + n - 1), C, oo), Relation.EQ, 1), rule=Rule("limit"),
         corrects="D-6",
         gloss=r"Corrected: with $q_2 = C \mu_b$, $\alpha_b = e^C / (e^C + n - 1) \to 1$ as $C "
               r"\to \infty$."),
    Step("E-0", Kind.PROSE,
         r"$e$ 多头注意力通过使用多个独立的查询，将复杂的注意力任务分解。它可以让不同的头专注于不同的项目"
         r"（例如，头1负责 $a$，头2负责 $b$）。",
         gloss=r"(e) Multi-head attention splits the task: head 1 attends to $a$, head 2 to $b$."),
    Step("E-1", Kind.PROSE,
         r"每个头的注意力决策是独立的，不受其他头或不相关键的噪声影响。头1即使面对 $k_a$ "
         r"的长度变化，也能稳定地关注 $a$；头2完全不受 $k_a$ 影响，稳定地关注 $b$。"
         r"最后将这些稳定的结果组合起来，得到一个稳健、低方差的最终输出。",
         gloss=r"Each head decides independently; head 1 is stable under the length of $k_a$, "
               r"head 2 ignores $k_a$; combined, a low-variance output. 'Head 1 is stable "
               r"whatever $\lambda$ is' restates D-3, refuted there for the document's unscaled "
               r"$q_1 = \mu_a$ ($\alpha_a = e^\lambda/(e^\lambda + n - 1)$, 0.73 at $n = 2$, "
               r"$\lambda = 1$); it holds for a large scale $q_1 = C \mu_a$ (D-3c). Head 2 not "
               r"depending on $k_a$ is D-4/D-6a; its weight on $b$ is $e/(e + n - 1)$, not "
               r"$\approx 1$ (D-6, corrected by D-6c)."),
)

# ---------------------------------------------------------------------------------------
# Position embeddings (a): permutation equivariance

_POS_A = (
    Step("PA-0", Kind.PROSE, "Position Embeddings Exploration $a$ 由矩阵乘法的结合律：",
         gloss=r"Position embeddings, (a). By associativity of matrix multiplication:"),
    Step("PA-1", Kind.IDENTITY,
         r"• $Q_{perm} = X_{perm} W_Q = (PX) W_Q = P (XW_Q) = P Q$",
         Claim(Q_perm, Relation.EQ, P * Q), assumptions=DEFS_QKV,
         gloss=r"$Q_{\mathrm{perm}} = X_{\mathrm{perm}} W_Q = (PX) W_Q = P (X W_Q) = P Q$ (all "
               r"sizes)."),
    Step("PA-2", Kind.IDENTITY,
         r"• $K_{perm} = X_{perm} W_K = (PX) W_K = P (XW_K) = P K$",
         Claim(K_perm, Relation.EQ, P * K), assumptions=DEFS_QKV,
         gloss=r"$K_{\mathrm{perm}} = P K$."),
    Step("PA-3", Kind.IDENTITY,
         r"• $V_{perm} = X_{perm} W_V = (PX) W_V = P (XW_V) = P V$",
         Claim(V_perm, Relation.EQ, P * V), assumptions=DEFS_QKV,
         gloss=r"$V_{\mathrm{perm}} = P V$."),
    Step("PA-4g", Kind.IDENTITY, r"然后计算注意力层输出，由矩阵转置性质及题中提供的等式，有：",
         Claim(RowSoftmax(P * A_any * P.T), Relation.EQ, P * RowSoftmax(A_any) * P.T),
         assumptions=(PERM,),
         gloss=r"The identity the problem provides, $\operatorname{softmax}(P A P^T) = P "
               r"\operatorname{softmax}(A) P^T$ for a permutation matrix $P$ (row-wise softmax). "
               r"Used below as a hypothesis; checked here on random permutations."),
    Step("PA-5", Kind.IDENTITY,
         r"• $Q_{perm} K_{perm}^T = (PQ)(PK)^T = (PQ) (K^TP^T) = P (QK^T) P^T$",
         Claim(Q_perm * K_perm.T, Relation.EQ, P * (Q * K.T) * P.T),
         assumptions=(Eq(Q_perm, P * Q), Eq(K_perm, P * K)),
         gloss=r"$Q_{\mathrm{perm}} K_{\mathrm{perm}}^T = (PQ)(PK)^T = P (Q K^T) P^T$ (transpose "
               r"of a product)."),
    Step("PA-6", Kind.IDENTITY,
         r"• $\text{softmax} \; \frac{Q_{perm} K_{perm}^T} {\sqrt d} = \text{softmax} \; "
         r"\frac{P (QK^T) P^T}{\sqrt d} = P \cdot \text{softmax} \frac{QK^T}{\sqrt d} \cdot P^T$",
         Claim(RowSoftmax(Q_perm * K_perm.T / sqrt(dm)), Relation.EQ, P * ATT * P.T),
         assumptions=(Eq(Q_perm, P * Q), Eq(K_perm, P * K), GIVEN_SOFTMAX),
         gloss=r"$\operatorname{softmax}(Q_{\mathrm{perm}} K_{\mathrm{perm}}^T / \sqrt{d}) = P "
               r"\operatorname{softmax}(Q K^T / \sqrt{d}) P^T$, by the given identity (a "
               r"hypothesis of the problem, PA-4g)."),
    Step("PA-7", Kind.IDENTITY,
         r"最后乘 $V_{perm}$： $$H_{perm} = [ P \cdot \text{softmax} \frac{QK^T}{\sqrt d} \cdot "
         r"P^T ] \cdot V_{perm}=H_{perm} = [ P \cdot \text{softmax} \frac{QK^T}{\sqrt d} \cdot "
         r"P^T ] \cdot (PV)$$",
         Claim(H_perm, Relation.EQ, P * ATT * P.T * (P * V)),
         assumptions=(Eq(Q_perm, P * Q), Eq(K_perm, P * K), Eq(V_perm, P * V), DEFS_H[1],
                      GIVEN_SOFTMAX),
         gloss=r"$H_{\mathrm{perm}} = [P \operatorname{softmax}(QK^T/\sqrt{d}) P^T] "
               r"V_{\mathrm{perm}} = [\dots] (P V)$."),
    Step("PA-8", Kind.IDENTITY,
         r"而 $P$ 为正交矩阵，$PP^T=I$，有： $$\text{LHS}=P \cdot \text{softmax} "
         r"\frac{QK^T}{\sqrt d} (P^TP) \cdot V = P \cdot \text{softmax}\frac{QK^T}{\sqrt d} \cdot IV$$",
         Claim(P * ATT * (P.T * P) * V, Relation.EQ, P * ATT * Identity(nt) * V),
         assumptions=(ORTH,),
         gloss=r"$P$ is orthogonal ($P P^T = I$, hence $P^T P = I$ for a square matrix), so the "
               r"left side is $P \operatorname{softmax}(QK^T/\sqrt{d}) I V$."),
    Step("PA-9", Kind.IDENTITY,
         r"而 $H = \text{softmax} \frac{QK^T}{\sqrt d} \cdot V$，于是： $$H_{perm} = PH$$",
         Claim(H_perm, Relation.EQ, P * H),
         assumptions=(Eq(Q_perm, P * Q), Eq(K_perm, P * K), Eq(V_perm, P * V)) + DEFS_H
         + (GIVEN_SOFTMAX, ORTH),
         gloss=r"With $H = \operatorname{softmax}(QK^T/\sqrt{d}) V$: $H_{\mathrm{perm}} = P H$."),
    Step("PA-10", Kind.IDENTITY,
         r"$H_{perm}$ 是前馈网络的输入，我们把它代入 $Z$ 的计算公式： $$Z_{perm} = \text{ReLU}( "
         r"(PH) \cdot W_1 + b_1 ) \cdot W_2 + b_2$$",
         Claim(Z_perm, Relation.EQ, EntrywiseReLU((P * H) * W_1 + ones * b_1.T) * W_2 + ones * b_2.T),
         assumptions=(Eq(H_perm, P * H), DEFS_Z[1]),
         gloss=r"$Z_{\mathrm{perm}} = \operatorname{ReLU}((PH) W_1 + b_1) W_2 + b_2$ (biases "
               r"added to every row: $1 b^T$)."),
    Step("PA-11", Kind.IDENTITY,
         r"$b_1$ 的操作是把偏置向量 $b_1$ 加到 $(PH)W_1$ 的每一行。由于 $P$ 只是对 $H$ "
         r"的行进行重新排列，所以 $P(HW_1)$ 相当于对 $HW_1$ 的行进行同样的排列。对排列后的矩阵每一行加 "
         r"$b_1$，等价于先对原矩阵 $HW_1$ 每一行加 $b_1$，再对结果的行进行排列： $$\text{ReLU}( (PH) "
         r"\cdot W_1 + b_1 ) = \text{ReLU}( P \cdot (HW_1 + b_1) )$$",
         Claim(EntrywiseReLU((P * H) * W_1 + ones * b_1.T), Relation.EQ,
               EntrywiseReLU(P * (H * W_1 + ones * b_1.T))),
         assumptions=(PERM,),
         gloss=r"As the document argues: $P$ only permutes rows, so $P 1 = 1$ and adding $b_1$ to "
               r"every row commutes with $P$ (a permutation, not merely an orthogonal matrix: the "
               r"orthogonality of PA-8 is used only for $P^T P = I$)."),
    Step("PA-12g", Kind.IDENTITY, r"利用题中等式：",
         Claim(EntrywiseReLU(P * B_any), Relation.EQ, P * EntrywiseReLU(B_any)),
         assumptions=(PERM,),
         gloss=r"The problem's identity $\operatorname{ReLU}(P A) = P \operatorname{ReLU}(A)$ for "
               r"a permutation $P$, checked on random permutations."),
    Step("PA-12", Kind.IDENTITY,
         r"利用题中等式： $$\text{ReLU}( P \cdot (HW_1 + b_1) )=P \cdot \text{ReLU}(HW_1 + b_1)$$",
         Claim(EntrywiseReLU(P * HIDDEN), Relation.EQ, P * EntrywiseReLU(HIDDEN)),
         assumptions=(GIVEN_RELU,),
         gloss=r"By the given identity (a hypothesis of the problem, PA-12g)."),
    Step("PA-13", Kind.IDENTITY,
         r"于是原式变为： $$\text{LHS}=[ P \cdot \text{ReLU}(HW_1 + b_1) ] \cdot W₂ + b_2$$",
         Claim(Z_perm, Relation.EQ, (P * EntrywiseReLU(HIDDEN)) * W_2 + ones * b_2.T),
         assumptions=(Eq(H_perm, P * H), DEFS_Z[1], GIVEN_RELU, PERM),
         gloss=r"So $Z_{\mathrm{perm}} = [P \operatorname{ReLU}(H W_1 + b_1)] W_2 + b_2$."),
    Step("PA-14", Kind.IDENTITY,
         r"同样地，$+b_2$ 的操作也是对每一行加偏置，可以和 $P$ 交换顺序： $$\text{LHS}=P \cdot [ "
         r"\text{ReLU}(HW_1 + b_1) \cdot W_2 + b_2 ]$$",
         Claim(Z_perm, Relation.EQ, P * (EntrywiseReLU(HIDDEN) * W_2 + ones * b_2.T)),
         assumptions=(Eq(H_perm, P * H), DEFS_Z[1], GIVEN_RELU, PERM),
         gloss=r"Adding $b_2$ to every row commutes with $P$ too ($P 1 = 1$)."),
    Step("PA-15", Kind.IDENTITY,
         r"而 $\text{ReLU}(HW_1 + b_1) \cdot W_2 + b_2 = Z$，于是： $$\text{LHS}=PZ$$",
         Claim(Z_perm, Relation.EQ, P * Z),
         assumptions=(Eq(H_perm, P * H),) + DEFS_Z + (GIVEN_RELU, PERM),
         gloss=r"With $Z = \operatorname{ReLU}(H W_1 + b_1) W_2 + b_2$: $Z_{\mathrm{perm}} = P Z$ "
               r"(equivariance)."),
)

# ---------------------------------------------------------------------------------------
# Position embeddings (b): sinusoid uniqueness

_POS_B = (
    Step("PB-0", Kind.PROSE, r"$b$ 位置编码 $\Phi$ 的定义如下：",
         gloss=r"(b) The position encoding $\Phi$ is defined as follows."),
    Step("PB-1", Kind.DEFINITION, r"• $\Phi(t, 2i) = \sin (t / 10000^{(2i/d)})$",
         Claim(Phi_even(t, i_dim), Relation.EQ, sin(t / _C(i_dim))),
         gloss=r"$\Phi(t, 2i) = \sin(t / 10000^{2i/d})$."),
    Step("PB-2", Kind.DEFINITION, r"• $\Phi(t, 2i+1) = \cos (t / 10000^{(2i/d)})$",
         Claim(Phi_odd(t, i_dim), Relation.EQ, cos(t / _C(i_dim))),
         gloss=r"$\Phi(t, 2i+1) = \cos(t / 10000^{2i/d})$."),
    Step("PB-3", Kind.PROSE,
         r"假设存在两个不同的位置 $t₁ ≠ t₂$，它们的编码向量相同，即 $Φ(t₁, :) = Φ(t₂, :)$。",
         gloss=r"Suppose two different positions $t_1 \ne t_2$ have the same encoding vector (the "
               r"hypothesis of a proof by contradiction)."),
    Step("PB-4", Kind.PROSE,
         r"这意味着向量中的每一个元素都必须对应相等。对于任意一个维度索引 $i（0 ≤ i < d/2）$，"
         r"以下两个等式必须同时成立： • $\sin(t₁ / Cᵢ) = \sin(t₂ / Cᵢ)$ • $\cos(t₁ / Cᵢ) = "
         r"\cos(t₂ / Cᵢ)$ （其中 $Cᵢ = 10000^{(2i/d)}$ 是一个随 $i$ 变化的常数）",
         gloss=r"Equal vectors have equal components: for every $i$ with $0 \le i < d/2$ both "
               r"$\sin(t_1/C_i) = \sin(t_2/C_i)$ and $\cos(t_1/C_i) = \cos(t_2/C_i)$, $C_i = "
               r"10000^{2i/d}$ (the pairs $(2i, 2i+1)$ are all $d$ components). The definition of "
               r"equality of vectors, no claim of its own; the consequence is checked in PB-5."),
    Step("PB-5", Kind.IDENTITY,
         r"由三角函数的基本性质，要让 $\sin(a) = \sin(b)$ 且 $\cos(a) = \cos(b)$同时成立，$a$ 和 "
         r"$b$ 的差必须是 $2π$ 的整数倍：",
         Claim(ConditionSet(x_diff, sympy.And(Eq(sin(b_angle + x_diff), sin(b_angle)),
                                             Eq(cos(b_angle + x_diff), cos(b_angle))), Reals),
               Relation.EQ, ImageSet(Lambda(k_int, 2 * k_int * pi), Integers)),
         gloss=r"$\sin a = \sin b$ and $\cos a = \cos b$ hold together iff $a - b$ is a multiple "
               r"of $2\pi$: the set of differences $x = a - b$ is $\{2 k \pi : k \in "
               r"\mathbb{Z}\}$."),
    Step("PB-6", Kind.IMPLICATION,
         r"$$(t₁ / Cᵢ) - (t₂ / Cᵢ) = 2kπ，k \in \mathbb{Z} \Rightarrow t₁ - t₂ = 2kπ Cᵢ$$",
         Claim(Eq(t1 / C_i - t2 / C_i, 2 * k_int * pi), Relation.IMPLIES,
               Eq(t1 - t2, 2 * k_int * pi * C_i)),
         gloss=r"$t_1/C_i - t_2/C_i = 2 k \pi$ implies $t_1 - t_2 = 2 k \pi C_i$ ($C_i > 0$)."),
    Step("PB-7", Kind.INEQUALITY,
         r"这个等式必须对所有的 $i$ 都成立。但是 $Cᵢ$ 的值是随着 $i$ 变化的：",
         Claim(Pow(10000, 2 / d), Relation.GT, 1),
         gloss=r"This must hold for every $i$, but $C_i$ changes with $i$ ($C_1 = 10000^{2/d} \ne "
               r"1$ for every finite $d$)."),
    Step("PB-8", Kind.IDENTITY,
         r"• 当 $i=0$ 时，$C₀ = 10000⁰ = 1$。等式为 $t₁ - t₂ = 2k₀π$。",
         Claim(sympy.Subs(_C(i_dim), i_dim, 0), Relation.EQ, 1),
         gloss=r"$i = 0$: $C_0 = 10000^0 = 1$, so $t_1 - t_2 = 2 k_0 \pi$."),
    Step("PB-9", Kind.IDENTITY,
         r"• 当 $i=1$ 时，$C₁ = 10000^{(2/d)}$。等式为 $t₁ - t₂ = 2k₁π * 10000^{(2/d)}$。",
         Claim(sympy.Subs(_C(i_dim), i_dim, 1), Relation.EQ, Pow(10000, 2 / d)),
         gloss=r"$i = 1$: $C_1 = 10000^{2/d}$, so $t_1 - t_2 = 2 k_1 \pi \cdot 10000^{2/d}$."),
    Step("PB-10", Kind.IMPLICATION,
         r"因为 $t₁ ≠ t₂$，所以 $t₁ - t₂$ 是一个非零常数。如果 $t₁ - t₂ = 2k₀π$，那么 $2k₀π = "
         r"2k₁π * 10000^{(2/d)}$，这意味着 $k₀ = k₁ 10000^{(2/d)}$。",
         Claim(sympy.And(Eq(delta, 2 * k0 * pi), Eq(delta, 2 * k1 * pi * Pow(10000, 2 / d))),
               Relation.IMPLIES, Eq(k0, k1 * Pow(10000, 2 / d))),
         gloss=r"$t_1 - t_2 = \Delta = 2 k_0 \pi = 2 k_1 \pi \cdot 10000^{2/d}$ gives $k_0 = k_1 "
               r"\cdot 10000^{2/d}$."),
    Step("PB-11", Kind.IMPLICATION,
         r"由于 $10000^{(2/d)}$ 通常不是1（除非 $d$ 无穷大），并且 $k₀$ 和 $k₁$ "
         r"都必须是整数，这个等式除了 $k₀=k₁=0$ 的平凡解之外，不可能成立。",
         Claim(Eq(k0, k1 * Pow(10000, 2 / d)), Relation.IMPLIES,
               sympy.And(Eq(k0, 0), Eq(k1, 0))),
         assumptions=(EVEN_D, d >= 4),
         rule=Rule("counterexample", params=(("point", ((d, 4), (k0, 100), (k1, 1))),)),
         gloss=r"Since $10000^{2/d} \ne 1$ and $k_0$, $k_1$ are integers, only $k_0 = k_1 = 0$ "
               r"solves $k_0 = k_1 \cdot 10000^{2/d}$ (as stated, for every even $d \ge 4$)."),
    Step("PB-11c", Kind.IDENTITY,
         r"由于 $10000^{(2/d)}$ 通常不是1（除非 $d$ 无穷大），并且 $k₀$ 和 $k₁$ "
         r"都必须是整数，这个等式除了 $k₀=k₁=0$ 的平凡解之外，不可能成立。",
         Claim(Contains(k1_nonzero * c_irr, Integers, evaluate=False), Relation.EQ, sympy.false),
         assumptions=(Contains(k1_nonzero, Integers, evaluate=False),
                      Ne(k1_nonzero, 0, evaluate=False),
                      Contains(c_irr, sympy.Complement(Reals, Rationals), evaluate=False)),
         corrects="PB-11",
         gloss=r"Corrected: what is needed is that $c = C_1 = 10000^{2/d} = 10^{8/d}$ is "
               r"irrational (true exactly when $d$ is not 2, 4 or 8, PB-11d): then $k_1 c$ is not "
               r"an integer for any integer $k_1 \ne 0$ (the hypotheses $k_1 \in \mathbb{Z}$, "
               r"$k_1 \ne 0$, $c$ irrational), so $k_0 = k_1 C_1$ with $k_0$ an integer forces "
               r"$k_1 = 0$, and then $k_0 = 0$."),
    Step("PB-11d", Kind.IMPLICATION,
         r"由于 $10000^{(2/d)}$ 通常不是1（除非 $d$ 无穷大），并且 $k₀$ 和 $k₁$ "
         r"都必须是整数，这个等式除了 $k₀=k₁=0$ 的平凡解之外，不可能成立。",
         Claim(Contains(Pow(10, 8 / d), Rationals, evaluate=False), Relation.IMPLIES,
               Contains(d, FiniteSet(2, 4, 8), evaluate=False)),
         assumptions=(EVEN_D, d >= 2),
         rule=Rule("enumerate", params=(("symbol", d), ("values", tuple(range(2, 513, 2))))),
         gloss=r"When is $10^{8/d}$ rational, for even $d$? Only for $d \in \{2, 4, 8\}$ ($d \mid "
               r"8$): the inference fails exactly there (and $d = 2$ has no $i = 1$ at all)."),
    Step("PB-12", Kind.IMPLICATION, r"$\text{QED}$",
         Claim(Eq(_encoding_gap(t1, t2), 0), Relation.IMPLIES, Eq(t1, t2)),
         assumptions=(EVEN_D,),
         rule=Rule("counterexample", params=(("point", ((d, 8), (t1, 1 + 2000 * pi), (t2, 1))),)),
         gloss=r"QED: different (real) positions have different encodings. Checked as stated with "
               r"real positions: encodings agree iff the sum of squared differences is 0."),
    Step("PB-12s", Kind.IDENTITY, r"$\text{QED}$",
         Claim(_encoding_gap(t + 2000 * pi, t).subs(d, 8), Relation.EQ, 0),
         gloss=r"For $d = 8$ every real $t$ collides with $t + 2000\pi$: all four wavelengths "
               r"$C_i = 10^i$ divide $2000\pi$ into whole turns."),
    Step("PB-12i", Kind.IDENTITY, r"$\text{QED}$",
         Claim(Contains(2 * k_nonzero * pi, Integers, evaluate=False), Relation.EQ, sympy.false),
         assumptions=(Contains(k_nonzero, Integers, evaluate=False), Ne(k_nonzero, 0, evaluate=False)),
         corrects="PB-12",
         gloss=r"Corrected conclusion, for integer positions and every even $d$: $\Phi(t_1, :) = "
               r"\Phi(t_2, :) \Rightarrow t_1 = t_2$. The claim checked is its key lemma, $2 k "
               r"\pi$ is not an integer for an integer $k \ne 0$ ($\pi$ is irrational). The rest: "
               r"equal encodings give $\sin t_1 = \sin t_2$ and $\cos t_1 = \cos t_2$ (the $i = "
               r"0$ pair, $C_0 = 1$, PB-8), so $t_1 - t_2 = 2 k \pi$ with $k$ an integer (PB-5); "
               r"$t_1 - t_2$ is an integer, so by this claim $k = 0$, i.e. $t_1 = t_2$."),
)

# ---------------------------------------------------------------------------------------
# Position embeddings (g): RoPE

_ROTATED = (x1 * cos(ta) - y1 * sin(ta)) + I * (x1 * sin(ta) + y1 * cos(ta))

_POS_G = (
    Step("PG-1", Kind.IDENTITY,
         r"$g$ $i.$ 将二维向量表示为复数：$z = x_1 + ix_2$，旋转角度$t_θ$对应复数：$e^{(it_θ)} = "
         r"cos(t_θ) + i \cdot sin(t_θ)$。因此：",
         Claim(exp(I * ta), Relation.EQ, cos(ta) + I * sin(ta)),
         gloss=r"(g)(i) Write the vector as $z = x_1 + i x_2$; the rotation by $t\theta$ is $e^{i "
               r"t\theta} = \cos t\theta + i \sin t\theta$ (Euler)."),
    Step("PG-2", Kind.IDENTITY,
         r"$$\begin{array}{l} z \cdot e^{(i t_\theta)} = (x_1 + i x_2)(\cos t_\theta + i \sin "
         r"t_\theta) \\ = x_1\cos t_\theta + i x_1\sin t_\theta + i x_2\cos t_\theta - x_2\sin "
         r"t_\theta \\ = (x_1\cos t_\theta - x_2\sin t_\theta) + i\,(x_1\sin t_\theta + x_2\cos "
         r"t_\theta) \end{array}$$",
         Claim((x1 + I * y1) * (cos(ta) + I * sin(ta)), Relation.EQ,
               x1 * cos(ta) + I * x1 * sin(ta) + I * y1 * cos(ta) - y1 * sin(ta)),
         gloss=r"$(x_1 + i x_2)(\cos + i \sin) = x_1 \cos + i x_1 \sin + i x_2 \cos - x_2 \sin$ "
               r"($x_2$ is written $y_1$ here)."),
    Step("PG-2b", Kind.IDENTITY,
         r"= (x_1\cos t_\theta - x_2\sin t_\theta) + i\,(x_1\sin t_\theta + x_2\cos t_\theta)",
         Claim(z_1 * exp(I * ta), Relation.EQ, _ROTATED),
         gloss=r"$z e^{i t} = (x_1 \cos t - x_2 \sin t) + i (x_1 \sin t + x_2 \cos t)$ for all "
               r"real $x_1$, $x_2$, $t$."),
    Step("PG-3", Kind.IDENTITY, r"这与矩阵旋转结果一致。",
         Claim(Matrix([[cos(ta), -sin(ta)], [sin(ta), cos(ta)]]).as_immutable()
               * Matrix([x1, y1]).as_immutable(), Relation.EQ,
               Matrix([re(_ROTATED), im(_ROTATED)]).as_immutable()),
         gloss=r"The same as the rotation matrix $\begin{pmatrix} \cos & -\sin \\ \sin & \cos "
               r"\end{pmatrix}$ applied to $(x_1, x_2)$."),
    Step("PG-4", Kind.DEFINITION,
         r"$ii.$ $\text{RoPE}(z_1, t_1) = z_1 · e^{(it_1θ)},\text{RoPE}(z_2, t_2) = z_2 \cdot "
         r"e^{(it_2θ)}$，于是：",
         Claim(RoPE(z_c, ta), Relation.EQ, _rope(z_c, ta)),
         gloss=r"(ii) $\operatorname{RoPE}(z, t) = z e^{i t \theta}$."),
    Step("PG-5", Kind.IDENTITY,
         r"$$\begin{array}{l} \langle \mathrm{RoPE}(z_1,t_1),\,\mathrm{RoPE}(z_2,t_2)\rangle = "
         r"\operatorname{Re}\bigl(z_1 e^{i t_1 \theta}\cdot \overline{z_2} e^{-i t_2 \theta}\bigr)"
         r"\\ = \operatorname{Re}\bigl(z_1\overline{z_2}\, e^{i(t_1-t_2)\theta}\bigr)\\ = \langle "
         r"\mathrm{RoPE}(z_1,t_1-t_2),\,\mathrm{RoPE}(z_2,0)\rangle \end{array}$$",
         Claim(_inner(_rope(z_1, ta), _rope(z_2, tb)), Relation.EQ,
               re(z_1 * exp(I * ta * theta) * conjugate(z_2) * exp(-I * tb * theta))),
         gloss=r"$\langle \operatorname{RoPE}(z_1,t_1), \operatorname{RoPE}(z_2,t_2) \rangle = "
               r"\operatorname{Re}(z_1 e^{i t_1 \theta} \overline{z_2} e^{-i t_2 \theta})$ (the "
               r"plane inner product is $\operatorname{Re}(a \bar{b})$); all real $\theta$, $t$ "
               r"and complex $z$."),
    Step("PG-5b", Kind.IDENTITY,
         r"= \operatorname{Re}\bigl(z_1\overline{z_2}\, e^{i(t_1-t_2)\theta}\bigr)",
         Claim(re(z_1 * exp(I * ta * theta) * conjugate(z_2) * exp(-I * tb * theta)), Relation.EQ,
               re(z_1 * conjugate(z_2) * exp(I * (ta - tb) * theta))),
         gloss=r"$= \operatorname{Re}(z_1 \overline{z_2} e^{i (t_1 - t_2) \theta})$."),
    Step("PG-5c", Kind.IDENTITY,
         r"= \langle \mathrm{RoPE}(z_1,t_1-t_2),\,\mathrm{RoPE}(z_2,0)\rangle",
         Claim(re(z_1 * conjugate(z_2) * exp(I * (ta - tb) * theta)), Relation.EQ,
               _inner(_rope(z_1, ta - tb), _rope(z_2, 0))),
         gloss=r"$= \langle \operatorname{RoPE}(z_1, t_1 - t_2), \operatorname{RoPE}(z_2, 0) "
               r"\rangle$: the score depends on $t_1 - t_2$ only."),
)

# ---------------------------------------------------------------------------------------
# Figure: how far the weights of parts b and d are from their claimed values


def _weight_series() -> tuple[Series, ...]:
    """alpha_a = e^C / (2 e^C + n - 2) (part b) and e^C / (e^C + n - 1) (part d) against n."""
    keys = tuple(range(2, 65))
    curves = []
    for scale in (1, 3, 6):
        b = tuple(math.exp(scale) / (2 * math.exp(scale) + m - 2) for m in keys)
        curves.append(Series(f"b: q = {scale}(k_a + k_b)", tuple(float(m) for m in keys), b, "-"))
    for scale in (1, 6):
        d_ = tuple(math.exp(scale) / (math.exp(scale) + m - 1) for m in keys)
        curves.append(Series(f"d: q_1 = {scale} mu_a, lambda = 1", tuple(float(m) for m in keys),
                             d_, "--"))
    return tuple(curves)


FIGURE = Figure(
    name="attention_assignment_weights",
    caption="Softmax weight of the key a against the number of keys n: part b (claimed ~ 1/2) "
            "and part d (claimed ~ 1), for query scales C = 1 (the document's choice) and larger. "
            "Only a large C brings the weights near their claimed values (B-7b, D-3c).",
    series=_weight_series, xlabel="number of keys n", ylabel="alpha_a")

DERIVATION = Derivation(
    id="attention_assignment",
    title="Attention and position embeddings: answers to an assignment",
    source=SOURCE,
    steps=_PART_A + _PART_B + _PART_C + _PART_D + _POS_A + _POS_B + _POS_G,
    description=r"Softmax attention over $n$ keys (general $n$): copying one value, averaging "
                r"two, Gaussian keys, two heads; permutation equivariance for general sizes; "
                r"uniqueness of sinusoidal encodings for every even $d$ (real and integer "
                r"positions); RoPE identities for all real angles and complex $z$.",
    figures=(FIGURE,),
)
