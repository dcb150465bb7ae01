"""Informer's Lemma 1 and its proof, as written in ``proofs/sources/000_29e673534a145fd9.txt``.

The document (Chinese) proves, for a query ``q_i`` and keys ``K = {k_1, ..., k_{L_K}}`` in R^d,

    ln L_K <= M(q_i, K) <= max_j {q_i k_j^T / sqrt d} - (1/L_K) sum_j q_i k_j^T / sqrt d + ln L_K,
    M(q_i, K) = ln sum_j exp(q_i k_j^T / sqrt d) - (1/L_K) sum_j q_i k_j^T / sqrt d,

through a convexity claim, the gradient of M, an argument about where the minimum is, a chain
of bounds for the right-hand side and a worked example. The text writes ``LK`` for ``L_K``.

Encoding. Most claims are about the scores only, so they are written with the score
``s_j = q_i k_j^T / sqrt(d)`` as ``s[j]`` (an ``IndexedBase`` over ``j = 1..L_K``). Claims that
are about the vectors themselves (the gradient with respect to a key, "all keys are equal")
are written with components: ``q[nu]`` and ``k[j, nu]``, ``nu = 1..d``, where the dot product
``q_i k_j^T`` is ``Sum(q[nu] k[j, nu], (nu, 1, d))`` (``symbolic.latex.vectors``). ``L_K`` and
``d`` are general positive integers. ``M`` is written out through its definition wherever a
claim uses it, so that every claim can be evaluated.

Findings (decided by hand, confirmed by the engine): the lemma is true; the document's
"further simplification" of INF-9 drops the ``1/sqrt(d)``: from INF-9 for one key it does
not follow once L_K >= 3 (L_K = 3, d = 4, scores (0, ln 1.5, ln 0.5)); equal scores do not
force equal keys (only their projections on ``q_i``); and the worked example gives both
sides as ``ln L_K + q_i k^T/sqrt(d)``: on the left that is f_i, not M, and on the right the
lemma's bound is ``max - mean + ln L_K``; both equal ``ln L_K`` there. Each of those steps is
followed by a corrected step.
"""
from __future__ import annotations

import math
import random

import sympy
from sympy import Derivative, Eq, Function, IndexedBase, Ne, Sum, Symbol, exp, log, sqrt

from symbolic.functions import MaxOver
from symbolic.latex.vectors import COMPONENT, DIMENSION, dot
from symbolic.model import Claim, Derivation, Figure, Kind, Relation, Rule, Series, Step

SOURCE = "000_29e673534a145fd9.txt"

# ---------------------------------------------------------------------------------------
# Symbols and hypotheses

#: the number of keys L_K and the dimension d: general positive integers
L = Symbol("L_K", integer=True, positive=True)
d = DIMENSION
#: key indices (``m`` is the summation dummy where ``j`` is a fixed key)
j = Symbol("j", integer=True, positive=True)
m = Symbol("m", integer=True, positive=True)
#: vector components: ``nu`` is the summation dummy of a dot product, ``rho`` a fixed component
nu = COMPONENT
rho = Symbol("rho", integer=True, positive=True)

#: the scores s_j = q_i k_j^T / sqrt(d), real
s = IndexedBase("s", real=True)
#: the parameter of a line K + t U of keys (convexity)
t = Symbol("t", real=True)
#: the components of the query q_i and of the keys k_j
q = IndexedBase("q", real=True)
k = IndexedBase("k", real=True)
#: the raw inner products x_j = q_i k_j^T (the "further simplified" line drops the sqrt(d))
x = IndexedBase("x", real=True)

# Names of the document's functions (only on the left of definitions).
q_i, K_set = Symbol("q_i"), Symbol("K")
M_name = Function("M")(q_i, K_set)
f_name = Function("f_i")(K_set)
alpha_name = Symbol("alpha", real=True)


def _lse(term, index=m):
    """ln sum_{index=1}^{L_K} exp(term)."""
    return log(Sum(exp(term), (index, 1, L)))


def _mean(term, index=m):
    """(1/L_K) sum_{index=1}^{L_K} term."""
    return Sum(term, (index, 1, L)) / L


def _softmax(term_j, term_m):
    """exp(term_j) / sum_m exp(term_m): the attention weight of key j."""
    return exp(term_j) / Sum(exp(term_m), (m, 1, L))


#: the score-level objects: Z = sum exp(s), f_i = ln Z, M = f_i - mean, p_j = softmax_j
Z = Sum(exp(s[m]), (m, 1, L))
F = _lse(s[m])
MEAN = _mean(s[m])
M = F - MEAN
P_j = exp(s[j]) / Z
MAX = MaxOver(s[m], (m, 1, L))

# The vector-level objects: score_j = q_i k_j^T / sqrt(d) written with components.
def _score(row):
    return dot(q[nu], k[row, nu]) / sqrt(d)


M_VEC = _lse(_score(m)) - _mean(_score(m))
P_VEC_j = _softmax(_score(j), _score(m))

#: along a line K + t U in key space (any directions u_j in R^d): the scores move along
#: the line s_j + t w_j with w_j = q_i u_j^T / sqrt(d), the scores being linear in K
u = IndexedBase("u", real=True)


def _score_on_line(row):
    return dot(q[nu], k[row, nu] + t * u[row, nu]) / sqrt(d)


def _slope(row):
    return dot(q[nu], u[row, nu]) / sqrt(d)


F_LINE = _lse(_score_on_line(m))
M_LINE = F_LINE - _mean(_score_on_line(m))
Z_LINE = Sum(exp(_score_on_line(m)), (m, 1, L))
P_LINE = exp(_score_on_line(j)) / Z_LINE
MEAN_SLOPE = Sum(exp(_score_on_line(m)) * _slope(m), (m, 1, L)) / Z_LINE
#: the variance of the slopes under the softmax weights: a sum of squares, manifestly >= 0
VARIANCE_CERTIFICATE = Sum(P_LINE * (_slope(j) - MEAN_SLOPE) ** 2, (j, 1, L))

#: the 2-dimensional counterexample to "equal scores force equal keys"
q1, q2, c = Symbol("q_1", real=True), Symbol("q_2", real=True), Symbol("c", real=True)
k11, k12 = Symbol("k_11", real=True), Symbol("k_12", real=True)
#: k_2 = k_1 + c (-q_2, q_1): the same score as k_1 for every c (its difference is orthogonal to q)
k21, k22 = k11 - c * q2, k12 + c * q1
#: the scores of k_1 and k_2 (d = 2), and M for the pair K = {k_1, k_2}
SCORE_1, SCORE_2 = (q1 * k11 + q2 * k12) / sqrt(2), (q1 * k21 + q2 * k22) / sqrt(2)
M_PAIR = log(exp(SCORE_1) + exp(SCORE_2)) - (SCORE_1 + SCORE_2) / 2
KEYS_EQUAL = sympy.And(Eq(k21, k11), Eq(k22, k12))
#: a common score a of all keys (the value at the minimum)
a = Symbol("a", real=True)
#: the common inner product y = q_i k^T of the worked example (all keys equal to k)
y = Symbol("y", real=True)

J_IN_RANGE = (sympy.Le(j, L),)

#: INF-9 in the raw inner products x_j = q_i k_j^T: x_j/sqrt(d) = ln((sum_m exp(x_m/sqrt(d)))/L_K)
INF9_RAW = Eq(x[j] / sqrt(d), log(Sum(exp(x[m] / sqrt(d)), (m, 1, L)) / L))
#: the reviewer's point: L_K = 3, d = 4, scores s = x/2 = (0, ln 1.5, ln 0.5), key j = 1
INF10_POINT = ((L, 3), (d, 4), (j, 1), (x[1], sympy.Integer(0)),
               (x[2], 2 * log(sympy.Rational(3, 2))), (x[3], 2 * log(sympy.Rational(1, 2))))
_LEFT_LOG_QUOTE = r"对数之后得到$\ln LK+\frac{q_i{k}^T}{\sqrt{d}}$。"
_SIMPLIFY_QUOTE = (r"进一步化简： $q_i{k}_j^T+\ln LK=\ln {\sum }_{j=1}^{LK}\exp \left("
                   r"q_i{k}_j^T\right)$")
COMPONENT_IN_RANGE = (sympy.Le(j, L), sympy.Le(rho, d))


def _prose(step_id: str, quote: str, gloss: str) -> Step:
    return Step(step_id, Kind.PROSE, quote, gloss=gloss)


# ---------------------------------------------------------------------------------------
# The steps, in document order

_INTRO = (
    _prose("INF-0", "informer之Proof of Lemma 1（引理1证明）M(q_i, K)",
           r"Title: Informer, proof of Lemma 1 about $M(q_i, K)$."),
    _prose("INF-0b", "我们用详细的数学推导和结论证明了该不等式的正确性，我们将其分为两个部分进行讨论："
           "不等式的左部分和右部分。 证明不等式：",
           "We prove the inequality in two parts, its left and its right side. To prove:"),
)

_STATEMENT_QUOTE = (r"$\ln LK\le M(q_i,K)\le {\max }_j\left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}"
                    r"-\frac{1}{LK}{\sum }_{j=1}^{LK}\left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}+\ln LK$")

_STATEMENT = (
    Step("INF-1a", Kind.INEQUALITY, _STATEMENT_QUOTE,
         Claim(log(L), Relation.LE, M),
         rule=Rule("jensen"),
         gloss=r"Lemma 1, left half: $\ln L_K \le M(q_i, K)$ (scores $s_j = q_i k_j^T/\sqrt{d}$); "
               r"Jensen for the convex $\exp$: $\ln$ of the mean of $e^{s_j}$ $\ge$ mean of "
               r"$s_j$."),
    Step("INF-1b", Kind.INEQUALITY, _STATEMENT_QUOTE,
         Claim(M, Relation.LE, MAX - MEAN + log(L)),
         rule=Rule("lse_bounds"),
         gloss=r"Lemma 1, right half: $M(q_i, K) \le \max_j s_j - \operatorname{mean}_j s_j + \ln "
               r"L_K$ (log-sum-exp is at most $\max + \ln L_K$)."),
)

_DEFINITIONS = (
    Step("INF-2", Kind.DEFINITION,
         r"其中，$M(q_i,K)$定义为： $M(q_i,K)=\ln \left({\sum }_{j=1}^{LK}\exp \left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)\right)-\frac{1}{LK}{\sum }_{j=1}^{LK}\left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
         Claim(M_name, Relation.EQ, M),
         gloss=r"Definition: $M(q_i, K) = \ln \sum_j e^{s_j} - \frac{1}{L_K} \sum_j s_j$, with "
               r"the score $s_j = q_i k_j^T / \sqrt{d}$."),
    _prose("INF-2b", "左部分的解释 首先，我们看不等式的左部分。对于每一个查询向量$q_i$，第一个项$M(q_i,K)$"
           "是一个对数和指数函数，计算固定查询$q_i$和所有键的内积。我们定义：",
           r"The left half. For each query $q_i$ the first term $M(q_i, K)$ is a log-sum-exp "
           r"function of the inner products of the fixed query with all keys (loosely: $M$ is the "
           r"log-sum-exp minus the mean of the scores). We define:"),
    Step("INF-3", Kind.DEFINITION,
         r"$f_i(K)=\ln {\sum }_{j=1}^{LK}\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
         Claim(f_name, Relation.EQ, F),
         gloss=r"Definition: $f_i(K) = \ln \sum_j e^{s_j}$, the log-sum-exp of the scores."),
)

_CONVEXITY = (
    Step("INF-4a", Kind.INEQUALITY,
         "根据Log-sum-exp网络的相关理论（Calafiore, Gaubert和Possieri 2018）以及进一步的分析，"
         "函数$f_i(K)$是一个凸函数。",
         Claim(Derivative(F_LINE, (t, 2)), Relation.GE, 0),
         rule=Rule("sum_of_squares", params=(("certificate", VARIANCE_CERTIFICATE),)),
         gloss=r"$f_i$ is convex in $K$: along every line $K + tU$ of keys (any $d$, any $L_K$) "
               r"its second derivative is the softmax variance of the slopes $w_j = q_i "
               r"u_j^T/\sqrt{d}$, $\sum_j p_j (w_j - \sum_m p_m w_m)^2 \ge 0$ (the Hessian "
               r"$\operatorname{diag}(p) - p p^T$ is PSD)."),
    Step("INF-4b", Kind.INEQUALITY,
         "此外，$f_i(K)$加上线性组合$k_j$使得$M(q_i,K)$成为固定查询情况下的凸函数。",
         Claim(Derivative(M_LINE, (t, 2)), Relation.GE, 0),
         rule=Rule("sum_of_squares", params=(("certificate", VARIANCE_CERTIFICATE),)),
         depends_on=("INF-4a",),
         gloss=r"$M = f_i$ minus a linear function of the keys is convex for a fixed query: its "
               r"second derivative along every line $K + tU$ is that of $f_i$, the same sum of "
               r"squares."),
)

_GRADIENT = (
    Step("INF-5a", Kind.IDENTITY,
         r"然后，我们对单个向量$k_j$求导数： $\frac{\partial M(q_i,K)}{\partial k_j}="
         r"\frac{\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)}{{\sum }_{j=1}^{LK}\exp \left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)}\cdot \frac{q_i}{\sqrt{d}}-\frac{1}{LK}\cdot "
         r"\frac{q_i}{\sqrt{d}}$",
         Claim(Derivative(M_VEC, k[j, rho]), Relation.EQ,
               P_VEC_j * q[rho] / sqrt(d) - q[rho] / (L * sqrt(d))),
         assumptions=COMPONENT_IN_RANGE,
         gloss=r"The gradient with respect to key $k_j$, component $\rho$ (any $j \le L_K$, $\rho "
               r"\le d$): $\partial M/\partial k_{j,\rho} = \operatorname{softmax}_j \cdot "
               r"q_\rho/\sqrt{d} - \frac{1}{L_K} q_\rho/\sqrt{d}$."),
    Step("INF-5b", Kind.IDENTITY,
         r"我们再将其整理为： $\frac{\partial M(q_i,K)}{\partial k_j}=\left(\frac{\exp \left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)}{{\sum }_{j=1}^{LK}\exp \left(\frac{q_i{k}_j^T}"
         r"{\sqrt{d}}\right)}-\frac{1}{LK}\right)\cdot \frac{q_i}{\sqrt{d}}$",
         Claim(Derivative(M_VEC, k[j, rho]), Relation.EQ,
               (P_VEC_j - 1 / L) * q[rho] / sqrt(d)),
         assumptions=COMPONENT_IN_RANGE,
         gloss=r"The same gradient rearranged: $(\operatorname{softmax}_j - 1/L_K) \cdot q_\rho / "
               r"\sqrt{d}$."),
)

_MINIMUM = (
    _prose("INF-6", r"最小值条件 为了找到该函数的最小值，我们需要让所有的导数为零，也就是令梯度为零：即："
           r" $\frac{\partial M(q_i,K)}{\partial k_j}=0$",
           r"The minimum: set every derivative to zero (a hypothesis, not a claim; $M$ is convex "
           r"(INF-4b), so a stationary point is a global minimum)."),
    Step("INF-7", Kind.IMPLICATION,
         r"这要求： $\frac{\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)}{{\sum }_{j=1}^{LK}\exp "
         r"\left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)}=\frac{1}{LK}$",
         Claim(sympy.And(Eq((P_j - 1 / L) * q[rho] / sqrt(d), 0), Ne(q[rho], 0)),
               Relation.IMPLIES, Eq(P_j, 1 / L)),
         depends_on=("INF-5b",),
         gloss=r"A zero gradient requires $\operatorname{softmax}_j = 1/L_K$: from $(p_j - 1/L_K) "
               r"q_\rho/\sqrt{d} = 0$ with a component $q_\rho \ne 0$ (if $q_i = 0$ all scores "
               r"are 0 and $p_j = 1/L_K$ anyway)."),
    Step("INF-8", Kind.IMPLICATION,
         r"这意味着： $\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)=\frac{{\sum }_{j=1}^{LK}\exp "
         r"\left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)}{LK}$",
         Claim(Eq(P_j, 1 / L), Relation.IMPLIES, Eq(exp(s[j]), Z / L)),
         depends_on=("INF-7",),
         gloss=r"That means $e^{s_j} = (\sum_m e^{s_m}) / L_K$ (multiply by the positive sum)."),
    Step("INF-9", Kind.IMPLICATION,
         r"对数化后，我们有： $\frac{q_i{k}_j^T}{\sqrt{d}}=\ln \left(\frac{{\sum }_{j=1}^{LK}\exp "
         r"\left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)}{LK}\right)$",
         Claim(Eq(exp(s[j]), Z / L), Relation.IMPLIES, Eq(s[j], log(Z / L))),
         depends_on=("INF-8",),
         gloss=r"Taking logarithms: $s_j = \ln((\sum_m e^{s_m}) / L_K)$."),
    Step("INF-10", Kind.IMPLICATION, _SIMPLIFY_QUOTE,
         Claim(INF9_RAW, Relation.IMPLIES,
               Eq(x[j] + log(L), log(Sum(exp(x[m]), (m, 1, L))))),
         assumptions=J_IN_RANGE,
         rule=Rule("counterexample", params=(("point", INF10_POINT),)),
         depends_on=("INF-9",),
         gloss=r"'Simplifying further' INF-9 (for one key $j$) to $q_i k_j^T + \ln L_K = \ln "
               r"\sum_m \exp(q_i k_m^T)$, with $x_j = q_i k_j^T$ the raw inner products: the "
               r"$1/\sqrt{d}$ is dropped. As an implication for general scores it fails: with "
               r"$L_K = 3$, $d = 4$, $x = 2 (0, \ln 1.5, \ln 0.5)$ INF-9 holds at $j = 1$ ($0 = "
               r"\ln(3/3)$), but $x_1 + \ln 3 = 1.0986 \ne \ln(1 + 2.25 + 0.25) = 1.2528$. (For "
               r"$L_K = 2$ the two lines are equivalent, both saying $x_1 = x_2$; if INF-9 held "
               r"for every $j$ all scores would be equal and the line would be true: the error is "
               r"the algebra.)"),
    Step("INF-10c", Kind.IMPLICATION, _SIMPLIFY_QUOTE,
         Claim(INF9_RAW, Relation.IMPLIES,
               Eq(x[j] / sqrt(d) + log(L), log(Sum(exp(x[m] / sqrt(d)), (m, 1, L))))),
         assumptions=J_IN_RANGE,
         depends_on=("INF-9",),
         corrects="INF-10",
         gloss=r"Corrected: INF-9 simplifies to $q_i k_j^T/\sqrt{d} + \ln L_K = \ln \sum_m "
               r"\exp(q_i k_m^T/\sqrt{d})$ ($\ln(Z/L_K) = \ln Z - \ln L_K$), any $L_K$, $d$."),
    Step("INF-11", Kind.IMPLICATION,
         r"由于所有的$k_j$对应的值是相同的，我们得到： $k_1=k_2=\cdots =k_{LK}$",
         Claim(Eq(SCORE_2, SCORE_1), Relation.IMPLIES, KEYS_EQUAL),
         gloss=r"'Since the values of all $k_j$ are the same, $k_1 = \dots = k_{L_K}$.' Equal "
               r"scores do not force equal keys. Encoded in $d = 2$ with the key $k_2 = k_1 + "
               r"c(-q_2, q_1)$, whose score equals that of $k_1$ for every $c$: equal scores "
               r"$\Rightarrow k_2 = k_1$."),
    Step("INF-11c", Kind.IMPLICATION,
         r"由于所有的$k_j$对应的值是相同的，我们得到： $k_1=k_2=\cdots =k_{LK}$",
         Claim(Eq(_score(j), _score(1)), Relation.IMPLIES,
               Eq(dot(q[nu], k[j, nu] - k[1, nu]), 0)),
         corrects="INF-11",
         gloss=r"Corrected: equal scores only say the keys have equal projections on $q_i$: $q_i "
               r"k_j^T / \sqrt{d} = q_i k_1^T / \sqrt{d}$ implies $q_i (k_j - k_1)^T = 0$ (any "
               r"$d$)."),
    Step("INF-12", Kind.IDENTITY,
         r"此时，最小值为： $M(q_i,K)=\ln LK$",
         Claim(_lse(a) - _mean(a), Relation.EQ, log(L)),
         gloss=r"At this point (all scores equal to a common value $a$) the minimum is $M = "
               r"\ln(L_K e^a) - a = \ln L_K$."),
    Step("INF-13a", Kind.IMPLICATION,
         r"自然地，这需要$k_1=k_2=\cdots =k_{LK}$",
         Claim(Eq(M_PAIR, log(2)), Relation.IMPLIES, KEYS_EQUAL),
         gloss=r"'Naturally, this requires $k_1 = \dots = k_{L_K}$': reaching the minimum $M = "
               r"\ln L_K$ does not require equal keys. Encoded in $d = 2$, $L_K = 2$ with $K = "
               r"\{k_1, k_1 + c(-q_2, q_1)\}$: $M = \ln 2 \Rightarrow k_2 = k_1$."),
    Step("INF-13c", Kind.IDENTITY,
         r"自然地，这需要$k_1=k_2=\cdots =k_{LK}$",
         Claim(M_PAIR, Relation.EQ, log(2)),
         corrects="INF-13a",
         gloss=r"Corrected: the minimum $\ln L_K$ is reached whenever all scores are equal, "
               r"whatever the keys: in $d = 2$, $M(q, \{k_1, k_1 + c(-q_2, q_1)\}) = \ln 2$ for "
               r"every $c$, $q$, $k_1$."),
    Step("INF-13b", Kind.INEQUALITY,
         r"我们有测量的最小值为$\ln LK$，即： $M(q_i,K)\ge \ln LK$",
         Claim(M, Relation.GE, log(L)),
         rule=Rule("jensen"),
         gloss=r"The minimum is $\ln L_K$, that is $M(q_i, K) \ge \ln L_K$ (true for every $K$: "
               r"Jensen)."),
)

_RIGHT = (
    _prose("INF-14", r"证明不等式的右半部分 我们要证明不等式的右半部分，使用如下定义的$M(q_i,K)$： "
           r"$M(q_i,K)=\ln \left({\sum }_{j=1}^{LK}\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)"
           r"\right)-\frac{1}{LK}{\sum }_{j=1}^{LK}\left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
           "The right half, with M as defined above (recalls the definition INF-2 word for word)."),
    _prose("INF-14b", "右半部分的证明步骤 根据图中的方法，我们逐步进行证明：",
           "Steps of the proof of the right half, 'following the figure' (the document has none)."),
    Step("INF-15", Kind.DEFINITION,
         r"1. 定义最大内积： $\alpha ={\max }_j\left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}$",
         Claim(alpha_name, Relation.EQ, MAX),
         gloss=r"Define the largest score $\alpha = \max_j s_j$ (written out as $\max_j s_j$ "
               r"below)."),
)

_BOUND_QUOTE = (r"2. 上界估计： ${\sum }_{j=1}^{LK}\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)"
                r"\le {\sum }_{j=1}^{LK}\exp (\alpha )=LK\cdot \exp (\alpha )$")
_LOG_QUOTE = (r"3. 对数运算： $\ln \left({\sum }_{j=1}^{LK}\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}"
              r"\right)\right)\le \ln \left(LK\cdot \exp (\alpha )\right)=\ln LK+\alpha$")

_CHAIN = (
    Step("INF-16a", Kind.INEQUALITY, _BOUND_QUOTE,
         Claim(Z, Relation.LE, Sum(exp(MAX), (j, 1, L))),
         rule=Rule("max_bound"),
         gloss=r"Upper estimate: $\sum_j e^{s_j} \le \sum_j e^{\alpha}$, as $\exp$ is increasing."),
    Step("INF-16b", Kind.IDENTITY, _BOUND_QUOTE,
         Claim(Sum(exp(MAX), (j, 1, L)), Relation.EQ, L * exp(MAX)),
         gloss=r"$\sum_{j=1}^{L_K} e^{\alpha} = L_K e^{\alpha}$: a sum of $L_K$ equal terms."),
    Step("INF-16", Kind.INEQUALITY, _BOUND_QUOTE,
         Claim(Z, Relation.LE, L * exp(MAX)),
         rule=Rule("transitive", premises=("INF-16a", "INF-16b")),
         gloss=r"The chain: $\sum_j e^{s_j} \le L_K e^{\alpha}$."),
    Step("INF-17a", Kind.INEQUALITY, _LOG_QUOTE,
         Claim(F, Relation.LE, log(L * exp(MAX))),
         rule=Rule("monotone", premises=("INF-16",), params=(("map", log),)),
         gloss=r"Logarithm (increasing) of INF-16: $\ln \sum_j e^{s_j} \le \ln(L_K e^{\alpha})$."),
    Step("INF-17b", Kind.IDENTITY, _LOG_QUOTE,
         Claim(log(L * exp(MAX)), Relation.EQ, log(L) + MAX),
         gloss=r"$\ln(L_K e^{\alpha}) = \ln L_K + \alpha$."),
    Step("INF-17", Kind.INEQUALITY, _LOG_QUOTE,
         Claim(F, Relation.LE, log(L) + MAX),
         rule=Rule("transitive", premises=("INF-17a", "INF-17b")),
         gloss=r"The chain: $\ln \sum_j e^{s_j} \le \ln L_K + \alpha$."),
    _prose("INF-18", r"4. 结合$M(q_i,K)$的定义： 我们有： $M(q_i,K)=\ln \left({\sum }_{j=1}^{LK}"
           r"\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)\right)-\frac{1}{LK}{\sum }_{j=1}^{LK}"
           r"\left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
           r"Combine with the definition of $M$ (recalls INF-2 word for word)."),
    Step("INF-19", Kind.INEQUALITY,
         r"使用第3步的结果： $M(q_i,K)\le \ln LK+\alpha -\frac{1}{LK}{\sum }_{j=1}^{LK}\left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
         Claim(M, Relation.LE, log(L) + MAX - MEAN),
         rule=Rule("add_both_sides", premises=("INF-17",), params=(("term", -MEAN),)),
         gloss=r"With step 3: $M \le \ln L_K + \alpha - \frac{1}{L_K} \sum_j s_j$ (subtract the "
               r"mean)."),
    _prose("INF-19b", r"由于$\alpha$是定义的最大值： $\alpha ={\max }_j\left\{\frac{q_i{k}_j^T}"
           r"{\sqrt{d}}\right\}$",
           r"Since $\alpha$ is the maximum defined in INF-15 (recalls the definition)."),
    Step("INF-20", Kind.INEQUALITY,
         r"5. 最终表达式： 将$\alpha$替换回表达式中，得到： $M(q_i,K)\le \ln LK+{\max }_j\left\{"
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right\}-\frac{1}{LK}{\sum }_{j=1}^{LK}\left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)$",
         Claim(M, Relation.LE, log(L) + MAX - MEAN),
         rule=Rule("substitute", premises=("INF-15", "INF-19")),
         gloss=r"Final expression, $\alpha$ replaced by $\max_j s_j$ (INF-19 with the definition "
               r"INF-15)."),
    Step("INF-21", Kind.INEQUALITY,
         r"最终结论 综上所述，我们已经证明了不等式的右半部分： $M(q_i,K)\le {\max }_j\left\{"
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right\}-\frac{1}{LK}{\sum }_{j=1}^{LK}\left("
         r"\frac{q_i{k}_j^T}{\sqrt{d}}\right)+\ln LK$",
         Claim(M, Relation.LE, MAX - MEAN + log(L)),
         rule=Rule("add_both_sides", premises=("INF-20",)),
         gloss=r"Conclusion: $M \le \max_j s_j - \operatorname{mean}_j s_j + \ln L_K$, the right "
               r"half of Lemma 1."),
    _prose("INF-21b", "因此，引理1的右半部分不等式得证。",
           "Hence the right half of Lemma 1 is proved."),
)

_EXAMPLE = (
    _prose("INF-22", r"举例说明 假设有一个查询向量$q_i$和一个键集合 K = { k 1 , k 2 , … , k L K } "
           r"K = \{k_1, k_2, \ldots, k_{LK}\} K={k1,k2,…,kLK}。假设$d=1$并且每个键向量$k_j$都是相同"
           r"的向量$k$。此时，$q_i$和每个键的内积相同，即$q_i{k}^T$。根据以上推导：",
           r"Example: a query $q_i$ and keys $K$; suppose $d = 1$ and every key $k_j$ is the same "
           r"vector $k$. Then every inner product is $q_i k^T$. Below, $y = q_i k^T$ is that "
           r"common inner product and $y / \sqrt{d}$ the common score."),
    Step("INF-23a", Kind.IDENTITY,
         r"• 对于左部分，因为所有$k_j$都相同，所以$\exp \left(\frac{q_i{k}_j^T}{\sqrt{d}}\right)$"
         r"的和为$LK\cdot \exp \left(\frac{q_i{k}^T}{\sqrt{d}}\right)$",
         Claim(Sum(exp(y / sqrt(d)), (j, 1, L)), Relation.EQ, L * exp(y / sqrt(d))),
         gloss=r"Left part: all keys equal, so $\sum_j \exp(q_i k_j^T/\sqrt{d}) = L_K "
               r"\exp(y/\sqrt{d})$."),
    Step("INF-23b", Kind.IDENTITY, _LEFT_LOG_QUOTE,
         Claim(log(L * exp(y / sqrt(d))), Relation.EQ, log(L) + y / sqrt(d)),
         gloss=r"Its logarithm is $\ln L_K + y/\sqrt{d}$: true as a computation, and this is "
               r"$f_i(K) = \ln \sum_j \exp(\dots)$, the log-sum-exp of INF-3."),
    Step("INF-23m", Kind.IDENTITY, _LEFT_LOG_QUOTE,
         Claim(_lse(y / sqrt(d)) - _mean(y / sqrt(d)), Relation.EQ, log(L) + y / sqrt(d)),
         gloss=r"The document offers this as the value of the left part, whose term is $M(q_i, "
               r"K)$ (INF-2b): with all keys equal, $M = \ln L_K + q_i k^T/\sqrt{d}$. False "
               r"unless $q_i k^T = 0$: $M$ subtracts the mean score, so $M = \ln L_K$."),
    Step("INF-23n", Kind.IDENTITY, _LEFT_LOG_QUOTE,
         Claim(_lse(y / sqrt(d)) - _mean(y / sqrt(d)), Relation.EQ, log(L)),
         corrects="INF-23m",
         gloss=r"Corrected: with all keys equal, the left part's term is $M = \ln(L_K "
               r"e^{y/\sqrt{d}}) - y/\sqrt{d} = \ln L_K$, equal to the lower bound $\ln L_K$ (the "
               r"bound is tight)."),
    Step("INF-24a", Kind.IDENTITY,
         r"• 对于右部分，选择最大的内积（其实就是$q_i{k}^T$）",
         Claim(MaxOver(y / sqrt(d), (m, 1, L)), Relation.EQ, y),
         assumptions=(Eq(d, 1),),
         gloss=r"Right part: the largest score $\max_j q_i k_j^T/\sqrt{d}$ is $q_i k^T$ ($d = "
               r"1$)."),
    Step("INF-24b", Kind.IDENTITY,
         r"所以不等式右侧为$\ln LK+\max \left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}$",
         Claim(MaxOver(y / sqrt(d), (m, 1, L)) - _mean(y / sqrt(d)) + log(L), Relation.EQ,
               log(L) + MaxOver(y / sqrt(d), (m, 1, L))),
         gloss=r"'So the right side of the inequality is $\ln L_K + \max\{\dots\}$': the lemma's "
               r"right side is $\max - \operatorname{mean} + \ln L_K$, which here is $\ln L_K$, "
               r"not $\ln L_K + y/\sqrt{d}$ (the document drops the '$-$ mean' term)."),
    Step("INF-24c", Kind.IDENTITY,
         r"所以不等式右侧为$\ln LK+\max \left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}$",
         Claim(MaxOver(y / sqrt(d), (m, 1, L)) - _mean(y / sqrt(d)) + log(L), Relation.EQ, log(L)),
         corrects="INF-24b",
         gloss=r"Corrected: with equal keys the right side is $\max - \operatorname{mean} + \ln "
               r"L_K = \ln L_K$, equal to $M$ and to the left side: both bounds are tight. ($\ln "
               r"L_K + \max$ bounds $f_i$, not $M$.)"),
    Step("INF-24d", Kind.IDENTITY,
         r"因为所有的内积都相同，所以最大值也是$\frac{q_i{k}^T}{\sqrt{d}}$。",
         Claim(MaxOver(y / sqrt(d), (m, 1, L)), Relation.EQ, y / sqrt(d)),
         gloss=r"All inner products are equal, so the maximum is the common score $y/\sqrt{d}$."),
    _prose("INF-25", "这样，通过具体的例子说明，不等式的左右两部分在不同情况下如何达到平衡，从而证明了不等式的正确性。",
           "The example shows how the two sides balance and 'so proves the inequality' (an "
           "example proves nothing in general; the proofs are INF-13b and INF-21)."),
)


# ---------------------------------------------------------------------------------------
# The figure: M and both bounds against the spread of the scores


def _bounds_series(lengths=(4, 64, 1024), sigmas=tuple(i / 10 for i in range(51)),
                   seed: int = 0) -> tuple[Series, ...]:
    """M(q, K) and both bounds of Lemma 1 for scores sigma * z, z fixed seeded normals.

    For each L the scores are ``sigma * z_j`` with ``z_1..z_L`` drawn once from N(0, 1)
    (seed ``seed + L``); M, ln L and max - mean + ln L are computed in double precision
    with a stable log-sum-exp.
    """
    curves: list[Series] = []
    for size in lengths:
        rng = random.Random(seed + size)
        z = [rng.gauss(0.0, 1.0) for _ in range(size)]
        zmax, zmean = max(z), sum(z) / size
        lower, value, upper = [], [], []
        for sigma in sigmas:
            top = sigma * zmax
            lse = top + math.log(sum(math.exp(sigma * zj - top) for zj in z))
            value.append(lse - sigma * zmean)
            lower.append(math.log(size))
            upper.append(sigma * (zmax - zmean) + math.log(size))
        xs = tuple(sigmas)
        curves += [Series(f"M(q,K), L={size}", xs, tuple(value), "-"),
                   Series(f"ln L, L={size}", xs, tuple(lower), ":"),
                   Series(f"max - mean + ln L, L={size}", xs, tuple(upper), "--")]
    return tuple(curves)


FIGURE = Figure(
    name="informer_lemma1_bounds",
    caption="M(q, K) (solid) between the bounds of Lemma 1, ln L (dotted) and "
            "max - mean + ln L (dashed), for scores sigma * z with fixed seeded normal z, "
            "L = 4, 64, 1024. All three meet at sigma = 0 (equal scores). For a small spread "
            "M rises above ln L quadratically (by about sigma^2 var(z) / 2) while the upper "
            "bound rises linearly, so the lower bound is the tight one; for a large spread "
            "one score dominates, M approaches max - mean and its gap to the upper bound "
            "approaches ln L.",
    series=_bounds_series,
    xlabel="spread sigma of the scores",
    ylabel="value",
)

DERIVATION = Derivation(
    id="informer_lemma1",
    title=r"Informer, Lemma 1: $\ln L_K \le M(q_i, K) \le \max - \operatorname{mean} + \ln L_K$",
    source=SOURCE,
    steps=_INTRO + _STATEMENT + _DEFINITIONS + _CONVEXITY + _GRADIENT + _MINIMUM + _RIGHT
    + _CHAIN + _EXAMPLE,
    description=r"The proof of Lemma 1 of Informer (sparsity measurement $M$ of a query): "
                r"scores $s_j = q_i k_j^T / \sqrt{d}$, $j = 1, \dots, L_K$; general $L_K$ and $d$.",
    figures=(FIGURE,),
)
