"""RoFormer's rotary position embedding and its long-term decay, as displayed in
``proofs/sources/roformer.tex``.

Source: Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding",
arXiv:2104.09864v5 (the .tex file holds only the displayed formulas, with equation numbers).
The paper writes a 2-D query/key as a complex number and a position m as a rotation by m*theta
(Eqs. 12-13), generalises it to d dimensions with the block-diagonal matrix R^d_{Theta,m} of d/2
rotations (Eq. 15), derives that the score depends on n - m only (Eq. 16), gives an
element-wise form of R x (Eq. 34), and bounds the score by summation by parts (Abel) to argue a
long-term decay (Eqs. 35-37).

Symbols and hypotheses. d = 2D with D (the number of 2-D blocks) a general positive integer;
positions m, n real (integers in the paper; every identity holds for reals); the angles
theta[i] real. A d-vector q is written by blocks: q[2i], q[2i+1] are the two entries of block i
(``q_{[2i:2i+1]}``, blocks numbered from 0 as in Eqs. 35-37). R^d_{Theta,m} is
``BlockDiag(rotation(m*theta_i), (i, 1, D))`` (``symbolic.checks.blocks``); W_q, W_k are d x d
``MatrixSymbol``s, x_m, x_n d-vectors. The complex h_i, S_j of Section 3.4.3 are ``h[i]``,
``S[j]`` (complex), the sum of Eq. 35 is written through them where the paper does.

Findings. The relative-position property R_m^T R_n = R_{n-m}, orthogonality, the block and
element-wise forms, Eq. 35, the summation by parts of Eq. 36 (under the paper's conventions
h_{d/2} = 0, S_0 = 0) and both inequalities of Eq. 37 are proved for every D. Eq. 16 as printed,
x^T W_q R_{n-m} W_k x_n, has lost the transpose of W_q (and the subscript of x): it is false
already for d = 2 (refuted); x_m^T W_q^T R_{n-m} W_k x_n is proved for every d. The closing
claim that the relative upper bound (1/(d/2)) sum_j |S_j| decays as the distance m - n grows
is false read as a monotone decrease (d = 4: the bound is 0.586 at distance 3 and 1.485 at
distance 6); it can describe a trend at most. What holds for every d and every choice of
angles is that the bound is largest at distance 0, where it is (D + 1)/2 (proved).
"""
from __future__ import annotations

import sympy
from sympy import Abs, Eq, I, IndexedBase, MatrixSymbol, Sum, Symbol, cos, exp, re, sin

from symbolic.functions import BlockDiag, MaxOver
from symbolic.model import Claim, Derivation, Kind, Relation, Rule, Step

SOURCE = "roformer.tex"

# ---------------------------------------------------------------------------------------
# Symbols and hypotheses

D = Symbol("D", integer=True, positive=True)
m, n, theta = sympy.symbols("m n theta", real=True)
th = IndexedBase("theta", real=True)
i = Symbol("i", integer=True)
k = Symbol("k", integer=True)
j = Symbol("j", integer=True, positive=True)
q, kv = IndexedBase("q", real=True), IndexedBase("k", real=True)
#: block i of q (blocks from 0) is (q_{2i}, q_{2i+1}), the paper's q_{[2i:2i+1]}
q1, q2, k1, k2 = q[2 * i], q[2 * i + 1], kv[2 * i], kv[2 * i + 1]
h, S = IndexedBase("h"), IndexedBase("S")
#: 2-D case (Eqs. 12-13): the entries of W_q x_m and W_k x_n
a1, a2, b1, b2 = sympy.symbols("a_1 a_2 b_1 b_2", real=True)


def rotation(angle):
    return sympy.Matrix([[cos(angle), -sin(angle)], [sin(angle), cos(angle)]])


def R(position):
    """R^d_{Theta, position}: D rotation blocks (Eq. 15), blocks numbered 1..D."""
    return BlockDiag(rotation(position * th[i]), (i, 1, D))


IDENTITY = BlockDiag(sympy.eye(2), (i, 1, D))
Wq, Wk = MatrixSymbol("W_q", 2 * D, 2 * D), MatrixSymbol("W_k", 2 * D, 2 * D)
xm, xn = MatrixSymbol("x_m", 2 * D, 1), MatrixSymbol("x_n", 2 * D, 1)

# d = 2 (one block, angle theta): Eq. 16 as printed against the true score, entry by entry
#: entries of W_q (u_rc) and W_k (w_rc); x_m = (y_1, y_2), x_n = (z_1, z_2)
w = {(name, r, c): Symbol(f"{letter}_{r}{c}", real=True) for name, letter in (("Wq", "u"), ("Wk", "w"))
     for r in (1, 2) for c in (1, 2)}
WQ2 = sympy.Matrix(2, 2, lambda r, c: w[("Wq", r + 1, c + 1)])
WK2 = sympy.Matrix(2, 2, lambda r, c: w[("Wk", r + 1, c + 1)])
u1, u2, v1, v2 = sympy.symbols("y_1 y_2 z_1 z_2", real=True)
XM2, XN2 = sympy.Matrix([u1, u2]), sympy.Matrix([v1, v2])
SCORE_2D = ((rotation(m * theta) * WQ2 * XM2).T * (rotation(n * theta) * WK2 * XN2))[0, 0]
EQ16_PRINTED_2D = (XM2.T * WQ2 * rotation((n - m) * theta) * WK2 * XN2)[0, 0]
#: m = n = 0 (no rotation), W_q = [[0, 1], [0, 0]], W_k = I, x_m = e_1, x_n = e_2:
#: the score is x_m^T W_q^T x_n = 0, the printed form x_m^T W_q x_n = 1
EQ16_POINT = ((m, 0), (n, 0), (theta, 1), (w[("Wq", 1, 1)], 0), (w[("Wq", 1, 2)], 1),
              (w[("Wq", 2, 1)], 0), (w[("Wq", 2, 2)], 0), (w[("Wk", 1, 1)], 1),
              (w[("Wk", 1, 2)], 0), (w[("Wk", 2, 1)], 0), (w[("Wk", 2, 2)], 1),
              (u1, 1), (u2, 0), (v1, 0), (v2, 1))

# block i of R x (Eq. 34)
xo = IndexedBase("x", real=True)
BLOCK_X = sympy.Matrix([xo[2 * i - 1], xo[2 * i]])

# Eq. 35: the score by blocks, and its complex form
Q_B = q1 + I * q2
K_B = k1 + I * k2
BLOCK_SCORE = ((rotation(m * th[i]) * sympy.Matrix([q1, q2])).T
               * (rotation(n * th[i]) * sympy.Matrix([k1, k2])))[0, 0]
SCORE = Sum(BLOCK_SCORE, (i, 0, D - 1))
PHASE = exp(I * (m - n) * th[i])
COMPLEX_SUM = Sum(Q_B * sympy.conjugate(K_B) * PHASE, (i, 0, D - 1))


def S_of(upper, dist=m - n):
    """S_upper = sum_{k=0}^{upper-1} e^{i (m-n) theta_k}."""
    return Sum(exp(I * dist * th[k]), (k, 0, upper - 1))


ABEL_LEFT = Sum(h[i] * (S[i + 1] - S[i]), (i, 0, D - 1))
ABEL_RIGHT = -Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1))
ABEL_CONVENTIONS = (Eq(h[D], 0), Eq(S[0], 0))

# the relative upper bound with the paper's angles theta_k = 10000^{-2k/d} = 10000^{-k/D}
r, r1, r2 = (Symbol(name, integer=True, nonnegative=True) for name in ("r", "r_1", "r_2"))


def bound(dist):
    """(1/(d/2)) sum_{j=1}^{d/2} |S_j| at relative distance ``dist``."""
    jj = Symbol("l", integer=True, positive=True)
    angle = sympy.Integer(10000) ** (-k / D)
    return Sum(Abs(Sum(exp(I * dist * angle), (k, 0, jj - 1))), (jj, 1, D)) / D


S_J_GENERAL = Sum(exp(I * r * sympy.Integer(10000) ** (-k / D)), (k, 0, j - 1))
DECAY_POINT = ((D, 2), (r1, 3), (r2, 6))

# ---------------------------------------------------------------------------------------
# Quotes (each a whole display of the source file)

Q12 = (r"\begin{aligned} f_{q}({\boldsymbol{x}}_{m},m) & =({\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})"
       r"e^{i m\theta} \\ f_{k}({\boldsymbol{x}}_{n},n) & =({\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})"
       r"e^{i n\theta} \\ g({\boldsymbol{x}}_{m},{\boldsymbol{x}}_{n},m-n) & =\operatorname{Re}[("
       r"{\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})({\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})^{*}"
       r"e^{i(m-n)\theta}] \end{aligned}")
Q13 = (r"f_{\{q,k\}}({\boldsymbol{x}}_{m},m)=\left(\begin{array}{cc}\cos{m\theta}&-\sin{m\theta}\\ "
       r"\sin{m\theta}&\cos{m\theta}\end{array}\right)\left(\begin{array}{cc}W^{(11)}_{\{q,k\}}&"
       r"W^{(12)}_{\{q,k\}}\\ W^{(21)}_{\{q,k\}}&W^{(22)}_{\{q,k\}}\end{array}\right)\left("
       r"\begin{array}{cc}x^{(1)}_{m}\\ x^{(2)}_{m}\end{array}\right)")
Q15 = (r"{\boldsymbol{R}}^{d}_{\Theta,m}=\begin{pmatrix}\cos{m\theta_{1}}&-\sin{m\theta_{1}}&0&0&"
       r"\cdots&0&0\\ \sin{m\theta_{1}}&\cos{m\theta_{1}}&0&0&\cdots&0&0\\ 0&0&\cos{m\theta_{2}}&"
       r"-\sin{m\theta_{2}}&\cdots&0&0\\ 0&0&\sin{m\theta_{2}}&\cos{m\theta_{2}}&\cdots&0&0\\ "
       r"\vdots&\vdots&\vdots&\vdots&\ddots&\vdots&\vdots\\ 0&0&0&0&\cdots&\cos{m\theta_{d/2}}&"
       r"-\sin{m\theta_{d/2}}\\ 0&0&0&0&\cdots&\sin{m\theta_{d/2}}&\cos{m\theta_{d/2}}\end{pmatrix}")
Q_THETA = r"\Theta=\{\theta_{i}=10000^{-2(i-1)/d},i\in[1,2,...,d/2]\}"
Q16 = (r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}=({\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{W}}_{q}"
       r"{\boldsymbol{x}}_{m})^\top({\boldsymbol{R}}^{d}_{\Theta,n}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})"
       r"={\boldsymbol{x}}^\top{\boldsymbol{W}}_{q}R^{d}_{\Theta,n-m}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}")
Q34 = (r"{\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{x}}=\begin{pmatrix}x_{1}\\ x_{2}\\ x_{3}\\ x_{4}\\ "
       r"\vdots\\ x_{d-1}\\ x_{d}\end{pmatrix}\otimes\begin{pmatrix}\cos{m\theta_{1}}\\ \cos{m\theta_{1}}"
       r"\\ \cos{m\theta_{2}}\\ \cos{m\theta_{2}}\\ \vdots\\ \cos{m\theta_{d/2}}\\ \cos{m\theta_{d/2}}"
       r"\end{pmatrix}+\begin{pmatrix}-x_{2}\\ x_{1}\\ -x_{4}\\ x_{3}\\ \vdots\\ -x_{d}\\ x_{d-1}"
       r"\end{pmatrix}\otimes\begin{pmatrix}\sin{m\theta_{1}}\\ \sin{m\theta_{1}}\\ \sin{m\theta_{2}}"
       r"\\ \sin{m\theta_{2}}\\ \vdots\\ \sin{m\theta_{d/2}}\\ \sin{m\theta_{d/2}}\end{pmatrix}")
Q35 = (r"({\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})^\top({\boldsymbol{R}}"
       r"^{d}_{\Theta,n}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})=\operatorname{Re}\bigg[\sum_{i=0}"
       r"^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}e^{i(m-n)\theta_{i}}\bigg]")
Q_H = r"h_{i}={\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}"
Q_S = r"S_{j}=\sum_{i=0}^{j-1}e^{i(m-n)\theta_{i}}"
Q36 = (r"\sum_{i=0}^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}e^{i(m-n)"
       r"\theta_{i}}=\sum_{i=0}^{d/2-1}h_{i}(S_{i+1}-S_{i})=-\sum_{i=0}^{d/2-1}S_{i+1}(h_{i+1}-h_{i}).")
Q37 = (r"\begin{aligned} \bigg|\sum_{i=0}^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}"
       r"_{[2i:2i+1]}^{*}e^{i(m-n)\theta_{i}}\bigg| & =\bigg|\sum_{i=0}^{d/2-1}S_{i+1}(h_{i+1}-"
       r"h_{i})\bigg| \\ \leq\sum_{i=0}^{d/2-1}|S_{i+1}|\,|h_{i+1}-h_{i}| \\ \leq\big(\max_{i}|"
       r"h_{i+1}-h_{i}|\big)\sum_{i=0}^{d/2-1}|S_{i+1}| \end{aligned}")
Q_DECAY = r"\frac{1}{d/2}\sum_{i=1}^{d/2}|S_{i}|"
Q_THETA2 = r"\theta_{i}=10000^{-2i/d}"

# ---------------------------------------------------------------------------------------
# The steps, in the order of the source file

_TWO_D = (
    Step("RF-1", Kind.IDENTITY, Q12,
         Claim(re((a1 + I * a2) * sympy.conjugate(b1 + I * b2) * exp(I * (m - n) * theta)),
               Relation.EQ,
               (a1 * b1 + a2 * b2) * cos((m - n) * theta) + (a1 * b2 - a2 * b1) * sin((m - n) * theta)),
         gloss=r"Eq. (12), 2-D: with $W_q x_m = a_1 + i a_2$ and $W_k x_n = b_1 + i b_2$ as "
               r"complex numbers, $g = \operatorname{Re}[(W_q x_m)(W_k x_n)^* e^{i(m-n)\theta}] = "
               r"(a \cdot b) \cos((m-n)\theta) + (a_1 b_2 - a_2 b_1) \sin((m-n)\theta)$, a "
               r"function of $m - n$ only."),
    Step("RF-2", Kind.IDENTITY, Q13,
         Claim(((rotation(m * theta) * sympy.Matrix([a1, a2])).T
                * (rotation(n * theta) * sympy.Matrix([b1, b2])))[0, 0], Relation.EQ,
               re((a1 + I * a2) * exp(I * m * theta)
                  * sympy.conjugate((b1 + I * b2) * exp(I * n * theta)))),
         depends_on=("RF-1",),
         gloss=r"Eq. (13): the rotation matrix of angle $m \theta$ applied to the 2-D vector $W "
               r"x_m$ is multiplication by $e^{i m \theta}$: the inner product of the rotated "
               r"vectors is $\operatorname{Re}[(W_q x_m) e^{i m \theta} \overline{(W_k x_n) e^{i "
               r"n \theta}}]$, the $g$ of Eq. (12)."),
)

_GENERAL = (
    Step("RF-3", Kind.DEFINITION, Q15,
         Claim(Symbol("R^d_{Theta,m}"), Relation.EQ, R(m)),
         gloss=r"Eq. (15): $R^d_{\Theta,m}$ is block-diagonal with $D = d/2$ rotation blocks of "
               r"angles $m \theta_1, \dots, m \theta_D$."),
    Step("RF-4", Kind.IDENTITY, Q15,
         Claim(R(m).T * R(m), Relation.EQ, IDENTITY),
         rule=Rule("block_diagonal"),
         gloss=r"$R^d_{\Theta,m}$ is orthogonal ($R^T R = I$), block by block, for every $D$."),
    Step("RF-5", Kind.DEFINITION, Q_THETA,
         Claim(Symbol("Theta_i"), Relation.EQ, sympy.Integer(10000) ** (-(i - 1) / D)),
         gloss=r"Section 3.2.2: $\theta_i = 10000^{-2(i-1)/d}$, $i = 1, \dots, d/2$ ($d = 2D$)."),
    Step("RF-6", Kind.IDENTITY, Q16,
         Claim(R(m).T * R(n), Relation.EQ, R(n - m)),
         rule=Rule("block_diagonal"),
         gloss=r"Eq. (16) rests on $R_m^T R_n = R_{n-m}$ (rotations compose by adding angles), "
               r"proved block by block for every $D$."),
    Step("RF-7", Kind.IDENTITY, Q16,
         Claim(SCORE_2D, Relation.EQ, EQ16_PRINTED_2D),
         rule=Rule("counterexample", params=(("point", EQ16_POINT),)),
         gloss=r"Eq. (16) as printed: $q_m^T k_n = x^T W_q R_{n-m} W_k x_n$ ($x$ read as $x_m$, "
               r"the only vector it can be). $W_q$ lacks its transpose: false already for $d = 2$ "
               r"— at $m = n = 0$, $W_q = \begin{pmatrix} 0 & 1 \\ 0 & 0 \end{pmatrix}$, $W_k = "
               r"I$, $x_m = e_1$, $x_n = e_2$ the score is 0, the printed form gives 1."),
    Step("RF-7c", Kind.IDENTITY, Q16,
         Claim((R(m) * Wq * xm).T * (R(n) * Wk * xn), Relation.EQ,
               xm.T * Wq.T * R(n - m) * Wk * xn),
         assumptions=(Eq(R(m).T * R(n), R(n - m)),),
         depends_on=("RF-6",), corrects="RF-7",
         gloss=r"Corrected: $(R_m W_q x_m)^T (R_n W_k x_n) = x_m^T W_q^T R_{n-m} W_k x_n$ for "
               r"every $d$ (transpose of a product, then $R_m^T R_n = R_{n-m}$ of RF-6)."),
    Step("RF-8", Kind.IDENTITY, Q34,
         Claim(rotation(m * th[i]) * BLOCK_X, Relation.EQ,
               sympy.Matrix([xo[2 * i - 1] * cos(m * th[i]) - xo[2 * i] * sin(m * th[i]),
                             xo[2 * i] * cos(m * th[i]) + xo[2 * i - 1] * sin(m * th[i])])),
         assumptions=(sympy.Ge(i, 1), sympy.Le(i, D)),
         gloss=r"Eq. (34): block $i$ of $R x$ (entries $2i-1$, $2i$) is $x \otimes \cos + "
               r"(-x_{2i}, x_{2i-1}) \otimes \sin$ with $\otimes$ the element-wise product, for a "
               r"general block $i$."),
    Step("RF-9", Kind.IDENTITY, Q35,
         Claim(SCORE, Relation.EQ, re(COMPLEX_SUM)),
         rule=Rule("sum_ranges"),
         gloss=r"Eq. (35): the score $(R_m q)^T (R_n k)$, summed block by block (blocks "
               r"$0..D-1$), is $\operatorname{Re} \sum_i q_{[2i:2i+1]} k^*_{[2i:2i+1]} "
               r"e^{i(m-n)\theta_i}$ with each block a complex number (for every $D$)."),
    Step("RF-10", Kind.DEFINITION, Q_H,
         Claim(h[i], Relation.EQ, Q_B * sympy.conjugate(K_B)),
         gloss=r"Section 3.4.3: $h_i = q_{[2i:2i+1]} k^*_{[2i:2i+1]}$."),
    Step("RF-11", Kind.DEFINITION, Q_S, Claim(S[j], Relation.EQ, S_of(j)),
         gloss=r"Section 3.4.3: $S_j = \sum_{i=0}^{j-1} e^{i(m-n)\theta_i}$ (so $S_0 = 0$)."),
    Step("RF-12", Kind.IDENTITY, Q36,
         Claim(Sum(h[i] * PHASE, (i, 0, D - 1)), Relation.EQ,
               Sum(h[i] * (S_of(i + 1) - S_of(i)), (i, 0, D - 1))),
         rule=Rule("sum_ranges"),
         gloss=r"Eq. (36), first equality, with $S$ written out: $S_{i+1} - S_i = "
               r"e^{i(m-n)\theta_i}$."),
    Step("RF-13", Kind.IDENTITY, Q36,
         Claim(ABEL_LEFT, Relation.EQ, ABEL_RIGHT),
         assumptions=ABEL_CONVENTIONS,
         rule=Rule("sum_ranges"),
         gloss=r"Eq. (36), summation by parts: $\sum_i h_i (S_{i+1} - S_i) = -\sum_i "
               r"S_{i+1}(h_{i+1} - h_i)$, $i = 0, \dots, D-1$, with the paper's conventions "
               r"$h_{d/2} = 0$ and $S_0 = 0$ (without $h_{d/2} = 0$ the boundary term $h_D S_D$ "
               r"is missing)."),
    Step("RF-14", Kind.INEQUALITY, Q37,
         Claim(Abs(Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1))), Relation.LE,
               Sum(Abs(S[i + 1]) * Abs(h[i + 1] - h[i]), (i, 0, D - 1))),
         rule=Rule("triangle"),
         gloss=r"Eq. (37), first inequality: the triangle inequality over $D$ terms."),
    Step("RF-15", Kind.INEQUALITY, Q37,
         Claim(Sum(Abs(S[i + 1]) * Abs(h[i + 1] - h[i]), (i, 0, D - 1)), Relation.LE,
               MaxOver(Abs(h[i + 1] - h[i]), (i, 0, D - 1)) * Sum(Abs(S[i + 1]), (i, 0, D - 1))),
         rule=Rule("max_factor"),
         gloss=r"Eq. (37), second inequality: each $|h_{i+1} - h_i|$ is at most their max, and "
               r"the $|S_{i+1}|$ are $\ge 0$."),
    Step("RF-15e", Kind.INEQUALITY, Q37,
         Claim(Abs(Sum(S[i + 1] * (h[i + 1] - h[i]), (i, 0, D - 1))), Relation.LE,
               MaxOver(Abs(h[i + 1] - h[i]), (i, 0, D - 1)) * Sum(Abs(S[i + 1]), (i, 0, D - 1))),
         rule=Rule("transitive", premises=("RF-14", "RF-15")),
         gloss=r"Eq. (37) end to end: $|\sum_i S_{i+1}(h_{i+1} - h_i)| \le (\max_i |h_{i+1} - "
               r"h_i|) \sum_i |S_{i+1}|$, from the two proved links."),
    Step("RF-16", Kind.INEQUALITY, Q_DECAY,
         Claim(bound(r2), Relation.LE, bound(r1)),
         assumptions=(sympy.Le(r1, r2),),
         rule=Rule("counterexample", params=(("point", DECAY_POINT),)),
         gloss=r"Section 3.4.3: the relative upper bound $\frac{1}{d/2} \sum_{j=1}^{d/2} |S_j|$ "
               r"'decays' as the distance $m - n$ grows. Read as: a larger distance never gives a "
               r"larger bound. False: $d = 4$ ($\theta_0 = 1$, $\theta_1 = 1/100$), the bound is "
               r"0.586 at distance 3 and 1.485 at distance 6 (as a trend over distances the claim "
               r"may be fair; as a statement about every pair of distances it fails)."),
    Step("RF-16a", Kind.INEQUALITY, Q_DECAY,
         Claim(Abs(S_J_GENERAL), Relation.LE, j),
         rule=Rule("triangle"),
         gloss=r"What holds: $|S_j| \le j$ at every distance $r$ (triangle inequality, each term "
               r"of $S_j$ has modulus 1), any $j$ and $D$."),
    Step("RF-16b", Kind.INEQUALITY, Q_DECAY,
         Claim(Sum(Abs(S_J_GENERAL), (j, 1, D)), Relation.LE, Sum(j, (j, 1, D))),
         rule=Rule("sum_termwise", premises=("RF-16a",)),
         gloss=r"Summed over $j = 1, \dots, D$: $\sum_j |S_j| \le \sum_j j$."),
    Step("RF-16c", Kind.INEQUALITY, Q_DECAY,
         Claim(Sum(Abs(S_J_GENERAL), (j, 1, D)) / D, Relation.LE, Sum(j, (j, 1, D)) / D),
         rule=Rule("mul_positive", premises=("RF-16b",), params=(("factor", 1 / D),)),
         corrects="RF-16",
         gloss=r"Corrected: at every distance $r$ the relative bound is at most its value at "
               r"distance 0, $\frac{1}{D} \sum_{j=1}^{D} j = (D + 1)/2$ ($S_j = j$ there): the "
               r"bound is largest at distance 0, for every $d$; it need not decrease "
               r"monotonically."),
    Step("RF-17", Kind.DEFINITION, Q_THETA2,
         Claim(Symbol("theta_i"), Relation.EQ, sympy.Integer(10000) ** (-i / D)),
         gloss=r"Section 3.4.3: $\theta_i = 10000^{-2i/d}$ (blocks from 0), the angles of RF-16."),
)

DERIVATION = Derivation(
    id="roformer",
    title="RoFormer: rotary position embedding, relative positions and the long-term decay bound",
    source=SOURCE,
    steps=_TWO_D + _GENERAL,
    description=r"Su et al. (arXiv:2104.09864): the 2-D rotation, the block-diagonal "
                r"$R^d_{\Theta,m}$ for $d = 2D$ with general $D$, $R_m^T R_n = R_{n-m}$, the complex "
                r"form of the score and the summation by parts (Abel) behind the long-term decay.",
)
