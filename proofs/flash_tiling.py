"""Online softmax and FlashAttention's tiling, as displayed in ``proofs/sources/flash_tiling.tex``.

Sources (the .tex file holds only their displayed formulas, with a citation per line):
[MG] Milakov and Gimelshein, "Online normalizer calculation for softmax", arXiv:1805.02867
(2018): Theorem 1 (m_n is the maximum of x_1..x_n and d_n = sum_j e^{x_j - m_n} after the
one-pass recurrence), its induction step, the bound 1 <= d_j <= j of Section 2, and the
operator of Eq. (4) that merges two partial results. [FA] Dao et al., "FlashAttention",
arXiv:2205.14135v2 (2022): Section 3.1 (softmax of a vector split into two blocks x^(1), x^(2))
and lines 10-12 of Algorithm 1 (the running max m_i, the running sum l_i and the output O_i
updated with each new block of columns).

Symbols and hypotheses. The scores are ``x[k]`` (real, an ``IndexedBase``), k = 1..n. Sizes are
general positive integers: n and the step S of the induction (S >= 2), the block sizes B_1, B_2
of [FA] Section 3.1 (x^(1) = x_1..x_{B_1}, x^(2) = x_{B_1+1}..x_{B_1+B_2}), and in Algorithm 1
the number J of columns already processed and the width B_c of the new block. Every max is
written out as ``MaxOver`` (never a fixed number of terms), every sum as a ``Sum`` over a
symbolic range. One column of V is ``v[k]`` (the update of O is linear in V, so one column is
the general case).

Findings. Every claim of both papers checked here holds for every size; none is refuted. Two
observations beside the papers' claims: the rescaling identities (the recurrence for d, l^new,
and the update of O) are exact for any real values of the running maxima, the max being needed
only to keep exponentials from overflowing; and the merge operator of [MG] Eq. (4) is
associative and commutative (proved here from its definition), which is what the paper's
parallel reduction needs.
"""
from __future__ import annotations

import sympy
from sympy import Eq, Function, IndexedBase, Max, Sum, Symbol, exp

from symbolic.functions import MaxOver
from symbolic.model import Claim, Derivation, Kind, Relation, Rule, Step

SOURCE = "flash_tiling.tex"

# ---------------------------------------------------------------------------------------
# Symbols and hypotheses

x = IndexedBase("x", real=True)
v = IndexedBase("v", real=True)
m_name, d_name = IndexedBase("m"), IndexedBase("d")
n = Symbol("n", integer=True, positive=True)
S = Symbol("S", integer=True, positive=True)
j = Symbol("j", integer=True, positive=True)
#: summation index and the index of a maximum (kept apart so a sum's index never binds a max)
k = Symbol("k", integer=True)
l = Symbol("l", integer=True)
B1 = Symbol("B_1", integer=True, positive=True)
B2 = Symbol("B_2", integer=True, positive=True)
J = Symbol("J", integer=True, positive=True)
Bc = Symbol("B_c", integer=True, positive=True)
i = Symbol("i", integer=True, positive=True)


def mx(lo, hi):
    """max_{l=lo..hi} x_l."""
    return MaxOver(x[l], (l, lo, hi))


def lsum(lo, hi, shift):
    """sum_{k=lo..hi} e^{x_k - shift}."""
    return Sum(exp(x[k] - shift), (k, lo, hi))


S_GE_2 = (sympy.Ge(S, 2),)

# [FA] names: the blocks' maxima and sums
M_ALL, M_1, M_2 = mx(1, B1 + B2), mx(1, B1), mx(B1 + 1, B1 + B2)
L_1, L_2 = lsum(1, B1, M_1), lsum(B1 + 1, B1 + B2, M_2)
m_fn, l_fn, f_fn, softmax_fn = Function("m"), Function("ell"), Function("f"), Function("softmax")
xvec = Symbol("x")

# [FA] Algorithm 1 for one row: J columns seen, a new block J+1..J+B_c
M_OLD, M_TILDE, M_NEW = mx(1, J), mx(J + 1, J + Bc), mx(1, J + Bc)
L_OLD, L_TILDE = lsum(1, J, M_OLD), lsum(J + 1, J + Bc, M_TILDE)
L_NEW = lsum(1, J + Bc, M_NEW)
#: the invariant: O holds the softmax-weighted average of the columns seen so far
O_OLD = Sum(exp(x[k] - M_OLD) * v[k], (k, 1, J)) / L_OLD
PV_TILDE = Sum(exp(x[k] - M_TILDE) * v[k], (k, J + 1, J + Bc))
O_NEW = Sum(exp(x[k] - M_NEW) * v[k], (k, 1, J + Bc)) / L_NEW
#: running values as free reals (the identities need no max property)
#: (m_i, mtilde_ij, m_i^new) are M_o, M_t, M_n and (l_i, l_i^new) are L_o, L_n
mo, mt, mn_, lo_, ln_ = sympy.symbols("M_o M_t M_n L_o L_n", real=True)

# [MG] Eq. (4): the merge operator on pairs (m, d), three pairs for associativity
a1, a2, a3 = sympy.symbols("m_1 m_2 m_3", real=True)
c1, c2, c3 = sympy.symbols("d_1 d_2 d_3", positive=True)


def merge(p, q):
    (mi, di), (mj, dj) = p, q
    top = Max(mi, mj)
    return top, di * exp(mi - top) + dj * exp(mj - top)


LEFT = merge(merge((a1, c1), (a2, c2)), (a3, c3))
RIGHT = merge((a1, c1), merge((a2, c2), (a3, c3)))
SWAP = merge((a2, c2), (a1, c1))
PAIR = merge((a1, c1), (a2, c2))




# ---------------------------------------------------------------------------------------
# The steps, in the order of the source file

Q_MN = r"m_n = \max_{k=1}^{n} x_k"
Q_DN = r"d_n = \sum_{j=1}^{n} e^{x_j - m_n}"
Q_L4 = r"m_j \leftarrow \max(m_{j-1}, x_j)"
Q_L5 = r"d_j \leftarrow d_{j-1} \times e^{m_{j-1} - m_j} + e^{x_j - m_j}"
Q_IND_M = (r"m_S \leftarrow \max(m_{S-1}, x_S) = \max\left(\max_{k=1}^{S-1} x_k, x_S\right) = "
           r"\max_{k=1}^{S} x_k")
Q_IND_D = (r"d_S \leftarrow d_{S-1} \times e^{m_{S-1} - m_S} + e^{x_S - m_S} = \left(\sum_{j=1}^{S-1} "
           r"e^{x_j - m_{S-1}}\right) \times e^{m_{S-1} - m_S} + e^{x_S - m_S} = \sum_{j=1}^{S-1} "
           r"e^{x_j - m_S} + e^{x_S - m_S} = \sum_{j=1}^{S} e^{x_j - m_S}")
Q_BOUND = r"1 \leq d_j \leq j"
Q_EQ4 = (r"\begin{bmatrix} m_i \\ d_i \end{bmatrix} \oplus \begin{bmatrix} m_j \\ d_j \end{bmatrix} = "
         r"\begin{bmatrix} \max(m_i, m_j) \\ d_i \times e^{m_i - \max(m_i, m_j)} + d_j \times "
         r"e^{m_j - \max(m_i, m_j)} \end{bmatrix}")
Q_FA1 = (r"m(x):=\max_{i}\ \ x_{i},\quad f(x):=\begin{bmatrix}e^{x_{1}-m(x)}&\ldots&e^{x_{B}-m(x)}"
         r"\end{bmatrix},\quad\ell(x):=\sum_{i}f(x)_{i},\quad\mathrm{softmax}(x):=\frac{f(x)}{\ell(x)}.")
Q_FA2 = (r"m(x)=m(\begin{bmatrix}x^{(1)}\ x^{(2)}\end{bmatrix})=\max(m(x^{(1)}),m(x^{(2)})),\quad "
         r"f(x)=\begin{bmatrix}e^{m(x^{(1)})-m(x)}f(x^{(1)})&e^{m(x^{(2)})-m(x)}f(x^{(2)})\end{bmatrix},")
Q_FA3 = (r"\ell(x)=\ell(\begin{bmatrix}x^{(1)}\ x^{(2)}\end{bmatrix})=e^{m(x^{(1)})-m(x)}\ell(x^{(1)})"
         r"+e^{m(x^{(2)})-m(x)}\ell(x^{(2)}),\quad\mathrm{softmax}(x)=\frac{f(x)}{\ell(x)}.")
Q_L10 = r"\tilde{m}_{\mathrm{ij}}=\mathrm{rowmax}(\mathbf{S}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}"
Q_L10b = r"\tilde{\ell}_{\mathrm{ij}}=\mathrm{rowsum}(\tilde{\mathbf{P}}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}"
Q_L11 = r"m_{i}^{\mathrm{new}}=\max(m_{i},\tilde{m}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}"
Q_L11b = (r"\ell_{i}^{\mathrm{new}}=e^{m_{i}-m_{i}^{\mathrm{new}}}\ell_{i}+e^{\tilde{m}_{\mathrm{ij}}"
          r"-m_{i}^{\mathrm{new}}}\tilde{\ell}_{\mathrm{ij}}\in\mathbb{R}^{B_{r}}")
Q_L12 = (r"\mathbf{O}_{i}\leftarrow\mathrm{diag}(\ell_{i}^{\mathrm{new}})^{-1}(\mathrm{diag}(\ell_{i})"
         r"e^{m_{i}-m_{i}^{\mathrm{new}}}\mathbf{O}_{i}+e^{\tilde{m}_{\mathrm{ij}}-m_{i}^{\mathrm{new}}}"
         r"\tilde{\mathbf{P}}_{\mathrm{ij}}\mathbf{V}_{j})")

_ONLINE = (
    Step("OS-1", Kind.DEFINITION, Q_MN, Claim(m_name[n], Relation.EQ, mx(1, n)),
         gloss=r"[MG] Theorem 1: $m_n$ is the largest of $x_1, \dots, x_n$ (any $n$)."),
    Step("OS-2", Kind.DEFINITION, Q_DN, Claim(d_name[n], Relation.EQ, lsum(1, n, mx(1, n))),
         gloss=r"[MG] Theorem 1: $d_n = \sum_{j \le n} e^{x_j - m_n}$, the normaliser shifted by "
               r"the max."),
    Step("OS-3", Kind.IDENTITY, Q_L4, Claim(mx(1, j + 1), Relation.EQ, Max(mx(1, j), x[j + 1])),
         rule=Rule("max_union"),
         gloss=r"[MG] Algorithm 3, line 4: the running max taken with the next score is the max "
               r"of the first $j + 1$ scores (the ranges $1..j$ and $j+1$ tile $1..j+1$), any $j "
               r"\ge 1$."),
    Step("OS-4", Kind.IDENTITY, Q_L5,
         Claim(lsum(1, j, mx(1, j)) * exp(mx(1, j) - mx(1, j + 1)) + exp(x[j + 1] - mx(1, j + 1)),
               Relation.EQ, lsum(1, j + 1, mx(1, j + 1))),
         rule=Rule("sum_ranges"),
         gloss=r"[MG] Algorithm 3, line 5: $d_j$ rescaled by $e^{m_j - m_{j+1}}$ plus the new "
               r"term $e^{x_{j+1} - m_{j+1}}$ is $d_{j+1}$ (the rescaling moves every old term to "
               r"the new max)."),
    Step("OS-5", Kind.IDENTITY, Q_IND_M, Claim(Max(mx(1, S - 1), x[S]), Relation.EQ, mx(1, S)),
         assumptions=S_GE_2, rule=Rule("max_union"),
         gloss=r"[MG] induction step for $m$: $\max(\max_{k<S} x_k, x_S) = \max_{k \le S} x_k$, "
               r"any $S \ge 2$."),
    Step("OS-6a", Kind.IDENTITY, Q_IND_D,
         Claim(lsum(1, S - 1, mx(1, S - 1)) * exp(mx(1, S - 1) - mx(1, S)), Relation.EQ,
               lsum(1, S - 1, mx(1, S))),
         assumptions=S_GE_2, rule=Rule("sum_ranges"),
         gloss=r"[MG] induction step for $d$, middle equality: the factor $e^{m_{S-1} - m_S}$ "
               r"moves each term's shift from $m_{S-1}$ to $m_S$."),
    Step("OS-6b", Kind.IDENTITY, Q_IND_D,
         Claim(lsum(1, S - 1, mx(1, S)) + exp(x[S] - mx(1, S)), Relation.EQ, lsum(1, S, mx(1, S))),
         assumptions=S_GE_2, rule=Rule("sum_ranges"),
         gloss=r"[MG] induction step for $d$, last equality: adding the $S$-th term extends the "
               r"sum."),
    Step("OS-6", Kind.IDENTITY, Q_IND_D,
         Claim(lsum(1, S - 1, mx(1, S - 1)) * exp(mx(1, S - 1) - mx(1, S)) + exp(x[S] - mx(1, S)),
               Relation.EQ, lsum(1, S, mx(1, S))),
         assumptions=S_GE_2, rule=Rule("sum_ranges"),
         gloss=r"[MG] the whole induction step for $d$: with the hypothesis $d_{S-1} = \sum_{j<S} "
               r"e^{x_j - m_{S-1}}$ substituted, the recurrence gives $d_S$."),
    Step("OS-7a", Kind.INEQUALITY, Q_BOUND,
         Claim(sympy.Integer(1), Relation.LE, lsum(1, j, mx(1, j))),
         rule=Rule("max_term"),
         gloss=r"[MG] Section 2, left half: $d_j \ge 1$ (the term at the maximum is $e^0 = 1$, "
               r"the others are positive), any $j \ge 1$."),
    Step("OS-7b", Kind.INEQUALITY, Q_BOUND,
         Claim(lsum(1, j, mx(1, j)), Relation.LE, j),
         gloss=r"[MG] Section 2, right half: $d_j \le j$ (each of the $j$ terms is at most $e^0 = "
               r"1$)."),
    Step("OS-8a", Kind.IDENTITY, Q_EQ4, Claim(LEFT[0], Relation.EQ, RIGHT[0]),
         gloss=r"[MG] the merge of Eq. (4) is associative, first component: $\max(\max(m_1, m_2), "
               r"m_3) = \max(m_1, \max(m_2, m_3))$."),
    Step("OS-8b", Kind.IDENTITY, Q_EQ4, Claim(LEFT[1], Relation.EQ, RIGHT[1]),
         gloss=r"[MG] associativity, second component: both orders give $d_1 e^{m_1 - M} + d_2 "
               r"e^{m_2 - M} + d_3 e^{m_3 - M}$ with $M$ the max of the three."),
    Step("OS-8c", Kind.IDENTITY, Q_EQ4, Claim(PAIR[1], Relation.EQ, SWAP[1]),
         gloss=r"[MG] the merge is commutative (second component; the first is $\max(m_1, m_2)$)."),
)

_FLASH = (
    Step("FA-1", Kind.DEFINITION, Q_FA1, Claim(m_fn(xvec), Relation.EQ, mx(1, B1 + B2)),
         gloss=r"[FA] Section 3.1: $m(x)$ is the max of the entries of $x$ (here $x$ has $B_1 + "
               r"B_2$ entries)."),
    Step("FA-2", Kind.DEFINITION, Q_FA1, Claim(l_fn(xvec), Relation.EQ, lsum(1, B1 + B2, M_ALL)),
         gloss=r"[FA] $\ell(x)$ is the sum of the entries of $f(x) = (e^{x_i - m(x)})_i$."),
    Step("FA-3", Kind.IDENTITY, Q_FA2, Claim(M_ALL, Relation.EQ, Max(M_1, M_2)),
         rule=Rule("max_union"),
         gloss=r"[FA] the max of the concatenation $[x^{(1)}\, x^{(2)}]$ is the max of the two "
               r"blocks' maxima (any block sizes $B_1, B_2 \ge 1$)."),
    Step("FA-4a", Kind.IDENTITY, Q_FA2,
         Claim(exp(M_1 - M_ALL) * exp(x[i] - M_1), Relation.EQ, exp(x[i] - M_ALL)),
         assumptions=(sympy.Le(i, B1),),
         gloss=r"[FA] $f(x)$ on the first block: $e^{m(x^{(1)}) - m(x)} f(x^{(1)})_i = e^{x_i - "
               r"m(x)}$, $i \le B_1$."),
    Step("FA-4b", Kind.IDENTITY, Q_FA2,
         Claim(exp(M_2 - M_ALL) * exp(x[i] - M_2), Relation.EQ, exp(x[i] - M_ALL)),
         assumptions=(sympy.Gt(i, B1), sympy.Le(i, B1 + B2)),
         gloss=r"[FA] $f(x)$ on the second block: $e^{m(x^{(2)}) - m(x)} f(x^{(2)})_i = e^{x_i - "
               r"m(x)}$."),
    Step("FA-5", Kind.IDENTITY, Q_FA3,
         Claim(lsum(1, B1 + B2, M_ALL), Relation.EQ, exp(M_1 - M_ALL) * L_1 + exp(M_2 - M_ALL) * L_2),
         rule=Rule("sum_ranges"),
         gloss=r"[FA] $\ell(x) = e^{m(x^{(1)}) - m(x)} \ell(x^{(1)}) + e^{m(x^{(2)}) - m(x)} "
               r"\ell(x^{(2)})$: the sum over $1..B_1+B_2$ split at $B_1$, each block rescaled to "
               r"the common max."),
    Step("FA-6", Kind.IDENTITY, Q_FA3,
         Claim(exp(x[i] - M_ALL) / lsum(1, B1 + B2, M_ALL), Relation.EQ,
               exp(x[i]) / Sum(exp(x[k]), (k, 1, B1 + B2))),
         gloss=r"[FA] $\operatorname{softmax}(x) = f(x)/\ell(x)$ is the softmax of $x$: the shift "
               r"by $m(x)$ cancels between numerator and denominator."),
    Step("FA-7", Kind.DEFINITION, Q_L10, Claim(Symbol("mu"), Relation.EQ, M_TILDE),
         gloss=r"[FA] Algorithm 1, line 10: $\mu = \tilde{m}_{ij}$, the new block's row max "
               r"(columns $J+1..J+B_c$ of one row)."),
    Step("FA-8", Kind.DEFINITION, Q_L10b, Claim(Symbol("lambda"), Relation.EQ, L_TILDE),
         gloss=r"[FA] line 10: $\lambda = \tilde{\ell}_{ij}$, the new block's row sum of $e^{S - "
               r"\tilde{m}}$."),
    Step("FA-9", Kind.IDENTITY, Q_L11, Claim(Max(M_OLD, M_TILDE), Relation.EQ, M_NEW),
         rule=Rule("max_union"),
         gloss=r"[FA] line 11: $m^{\mathrm{new}} = \max(m_i, \tilde{m}_{ij})$ is the max over all "
               r"$J + B_c$ columns seen."),
    Step("FA-10", Kind.IDENTITY, Q_L11b,
         Claim(exp(M_OLD - M_NEW) * L_OLD + exp(M_TILDE - M_NEW) * L_TILDE, Relation.EQ, L_NEW),
         rule=Rule("sum_ranges"),
         gloss=r"[FA] line 11: $\ell^{\mathrm{new}} = e^{m_i - m^{\mathrm{new}}} \ell_i + "
               r"e^{\tilde{m} - m^{\mathrm{new}}} \tilde{\ell}$ is the row sum over all $J + B_c$ "
               r"columns, shifted by $m^{\mathrm{new}}$ (any $J, B_c \ge 1$)."),
    Step("FA-11", Kind.IDENTITY, Q_L12,
         Claim((L_OLD * exp(M_OLD - M_NEW) * O_OLD + exp(M_TILDE - M_NEW) * PV_TILDE) / L_NEW,
               Relation.EQ, O_NEW),
         rule=Rule("sum_ranges"),
         gloss=r"[FA] line 12 keeps the invariant $O_i$ = softmax over the columns seen, times "
               r"$V$: if $O_i = \sum_{k \le J} e^{S_k - m_i} v_k / \ell_i$, the update gives "
               r"$\sum_{k \le J+B_c} e^{S_k - m^{\mathrm{new}}} v_k / \ell^{\mathrm{new}}$ (one "
               r"column $v$ of $V$)."),
    Step("FA-11x", Kind.IDENTITY, Q_L12,
         Claim((lo_ * exp(mo - mn_) * Sum(exp(x[k] - mo) * v[k], (k, 1, J)) / lo_
                + exp(mt - mn_) * Sum(exp(x[k] - mt) * v[k], (k, J + 1, J + Bc))) / ln_,
               Relation.EQ, Sum(exp(x[k] - mn_) * v[k], (k, 1, J + Bc)) / ln_),
         assumptions=(sympy.Gt(lo_, 0), sympy.Gt(ln_, 0)),
         rule=Rule("sum_ranges"),
         gloss=r"[FA] the same update with the running maxima $m_i$, $\tilde{m}$, "
               r"$m^{\mathrm{new}}$ as arbitrary reals: the rescaling is exact whatever the "
               r"shifts (the max only prevents overflow)."),
)

DERIVATION = Derivation(
    id="flash_tiling",
    title="Online softmax (Milakov & Gimelshein 2018) and FlashAttention's tiling (Dao et al. 2022)",
    source=SOURCE,
    steps=_ONLINE + _FLASH,
    description=r"The one-pass normaliser of online softmax and the block rescaling of $m$, "
                r"$\ell$ and $O$ in FlashAttention, for general sizes $n$, $B_1$, $B_2$, $J$, $B_c$.",
)
