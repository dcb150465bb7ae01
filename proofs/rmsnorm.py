"""RMSNorm's definition, re-scaling invariance and gradient, as displayed in
``proofs/sources/rmsnorm.tex``.

Source: Zhang and Sennrich, "Root Mean Square Layer Normalization", NeurIPS 2019,
arXiv:1910.07467 (the .tex file holds only the displayed formulas). The paper normalises the
summed inputs a = W x of a layer by their root mean square (Eq. 4), argues that the output is
invariant when the weights (hence a) are scaled by delta (Eq. 7), through the "linearity"
RMS(alpha x) = alpha RMS(x) for a scale value alpha (Eq. 6), and analyses the gradient: Eq. 8
(bias and gain) and Eq. 9 with the matrix R = (1/RMS(a)) (I - a a^T / (n RMS(a)^2)), which under
a scaling x' = delta x or W' = delta W becomes R' = R/delta (Eq. 10).

Symbols and hypotheses. n (the number of units) is a general positive integer; the summed
inputs a[i], gains g[i], biases b[i] are real (``IndexedBase``), unit indices i, j in 1..n; the
scales alpha, delta are real. Where RMS(a) is divided by, a != 0 is needed; it is written as
RMS(a) > 0. The vector claims are encoded entry by entry for a general entry (i, j), with the
Kronecker delta for the identity matrix; the activation f of the invariance display is taken
as the identity where the claim is about its argument (equal arguments give equal outputs for
every f; a counterexample with f = identity refutes the claim that it holds whatever f is).

Findings. RMS(alpha x) = alpha RMS(x) drops the condition alpha >= 0: it is |alpha| RMS(x)
(refuted at alpha = -1, n = 1, and corrected). The invariance y' = y holds for delta > 0 only
(delta = -1 flips the normalised output; refuted and corrected), and so does the remark that
dL/dg is invariant to the scaling (the factor a/RMS(a) flips too). The gradients of Eqs. 8-9 are
proved for every n, entry by entry (Eq. 9's Kronecker-product form of dL/dW is not encoded;
its R is). The displayed algebra of Eq. 10 is right as algebra,
but R' is the Jacobian at the scaled input only for delta > 0: for delta < 0 RMS(delta a) =
-delta RMS(a), and the Jacobian there is R/|delta| (refuted at delta = -1, corrected).
"""
from __future__ import annotations

import sympy
from sympy import Abs, Derivative, IndexedBase, KroneckerDelta, Sum, Symbol, sqrt

from symbolic.model import Claim, Derivation, Kind, Relation, Rule, Step

SOURCE = "rmsnorm.tex"

# ---------------------------------------------------------------------------------------
# Symbols and hypotheses

n = Symbol("n", integer=True, positive=True)
i, j = sympy.symbols("i j", integer=True, positive=True)
k = Symbol("k", integer=True)
a, g, b, x = (IndexedBase(name, real=True) for name in ("a", "g", "b", "x"))
alpha, delta = sympy.symbols("alpha delta", real=True)


def rms(entry):
    """RMS of the vector whose k-th entry is ``entry``: sqrt((1/n) sum_k entry^2)."""
    return sqrt(Sum(entry ** 2, (k, 1, n)) / n)


RMS_A = rms(a[k])
RMS_POS = (sympy.Gt(Sum(a[k] ** 2, (k, 1, n)), 0),)
#: the same for the scaled input delta a: implied by RMS_POS and delta != 0, stated so that
#: every denominator's sign is a stated fact
SCALED_POS = (sympy.Gt(Sum((delta * a[k]) ** 2, (k, 1, n)), 0),)
IN_RANGE = (sympy.Le(i, n), sympy.Le(j, n))
I_IN_RANGE = (sympy.Le(i, n),)
V_i = a[i] / RMS_A * g[i] + b[i]
#: the Jacobian R of a / RMS(a), entry (i, j), and the printed R' (delta inside)
R_ij = KroneckerDelta(i, j) / RMS_A - a[i] * a[j] / (n * RMS_A ** 3)
R_PRINTED = (KroneckerDelta(i, j) - (delta * a[i]) * (delta * a[j]) / (n * delta ** 2 * RMS_A ** 2)) \
    / (delta * RMS_A)
#: the Jacobian of a'/RMS(a') at a' = delta a, entry (i, j)
R_AT_SCALED = KroneckerDelta(i, j) / rms(delta * a[k]) \
    - (delta * a[i]) * (delta * a[j]) / (n * rms(delta * a[k]) ** 3)

#: the counterexamples (each satisfies every assumption of its step)
RN4_POINT = ((delta, -1), (n, 1), (i, 1), (a[1], 1), (g[1], 1), (b[1], 0))
RN5_POINT = ((delta, -1), (n, 1), (i, 1), (a[1], 1))
RN8_POINT = ((delta, -1), (n, 2), (i, 2), (j, 2), (a[1], 1), (a[2], 0))

# ---------------------------------------------------------------------------------------
# Quotes

Q4 = (r"\begin{split} & \bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i, \quad \text{where}~~ "
      r"\text{RMS}(\mathbf{a}) = \sqrt{\frac{1}{n} \sum_{i=1}^{n} a_i^2}. \end{split}")
Q_LIN = r"\text{RMS}(\alpha\mathbf{x}) = \alpha \text{RMS}(\mathbf{x}),"
Q_INV = (r"\small \begin{split} \mathbf{y}^\prime = f\left(\frac{\mathbf{W^{\prime}x}}{\text{RMS}("
         r"\mathbf{a}^\prime)} \odot \mathbf{g} + \mathbf{b}\right) = f\left(\frac{\delta\mathbf{Wx}}"
         r"{\delta\text{RMS}(\mathbf{a})} \odot \mathbf{g} + \mathbf{b}\right) = \mathbf{y}. \end{split}")
Q6 = (r"\small & \frac{\partial \mathcal{L}}{\partial \mathbf{b}} = \frac{\partial \mathcal{L}}"
      r"{\partial \mathbf{v}}, \quad \frac{\partial \mathcal{L}}{\partial \mathbf{g}} = \frac{\partial "
      r"\mathcal{L}}{\partial \mathbf{v}} \odot \frac{\mathbf{Wx}}{\text{RMS}(\mathbf{a})},")
Q7 = (r"\small \begin{split} & \frac{\partial \mathcal{L}}{\partial \mathbf{W}} = \sum_{i=1}^n \left["
      r"\mathbf{x}^T \otimes \left(\text{diag}\left(\mathbf{g} \odot \frac{\partial \mathcal{L}}"
      r"{\partial \mathbf{v}} \right) \times \mathbf{R}\right)\right]_{i}, \text{where}~~ \mathbf{R} = "
      r"\frac{1}{{\text{RMS}(\mathbf{a})}} \left(\mathbf{I}-\frac{\left(\mathbf{Wx}\right)\left("
      r"\mathbf{Wx}\right)^T}{n\text{RMS}(\mathbf{a})^2}\right), \end{split}")
Q_R = (r"\small \begin{split} \mathbf{R}^\prime & = \frac{1}{{\delta \text{RMS}(\mathbf{a})}} \left("
       r"\mathbf{I}-\frac{\left(\mathbf{\delta Wx}\right)\left(\mathbf{\delta Wx}\right)^T}{n\delta^2 "
       r"\text{RMS}(\mathbf{a})^2}\right) = \frac{1}{\delta}\mathbf{R}. \\ \end{split}")

# ---------------------------------------------------------------------------------------
# The steps, in the order of the source file

STEPS = (
    Step("RN-1", Kind.DEFINITION, Q4, Claim(Symbol("rho"), Relation.EQ, RMS_A),
         gloss=r"Eq. (4): $\rho = \operatorname{RMS}(a) = \sqrt{\frac{1}{n} \sum_i a_i^2}$ over "
               r"the $n$ summed inputs."),
    Step("RN-2", Kind.DEFINITION, Q4, Claim(IndexedBase("u")[i], Relation.EQ, a[i] / RMS_A * g[i]),
         gloss=r"Eq. (4): the normalised input $u_i = \bar{a}_i = a_i / \operatorname{RMS}(a)$ "
               r"times the gain $g_i$."),
    Step("RN-3", Kind.IDENTITY, Q_LIN, Claim(rms(alpha * x[k]), Relation.EQ, alpha * rms(x[k])),
         gloss=r"Eq. (6): '$\operatorname{RMS}(\alpha x) = \alpha \operatorname{RMS}(x)$' for a "
               r"scale value $\alpha$, as printed with no sign condition. False for $\alpha < 0$ "
               r"($\alpha = -1$, $n = 1$, $x_1 = 1$: $1 \ne -1$): an RMS is never negative."),
    Step("RN-3c", Kind.IDENTITY, Q_LIN, Claim(rms(alpha * x[k]), Relation.EQ, Abs(alpha) * rms(x[k])),
         corrects="RN-3",
         gloss=r"Corrected: $\operatorname{RMS}(\alpha x) = |\alpha| \operatorname{RMS}(x)$ for "
               r"every real $\alpha$ and every $n$ ($= \alpha \operatorname{RMS}(x)$ when $\alpha "
               r"\ge 0$)."),
    Step("RN-4", Kind.IDENTITY, Q_INV,
         Claim((delta * a[i]) / rms(delta * a[k]) * g[i] + b[i], Relation.EQ, V_i),
         assumptions=RMS_POS + SCALED_POS + I_IN_RANGE,
         rule=Rule("counterexample", params=(("point", RN4_POINT),)),
         gloss=r"Eq. (7): with $W' = \delta W$ (so $a' = \delta a$) the output is unchanged, "
               r"entry $i$ of the argument of $f$. As printed for any scale $\delta$: false for "
               r"$\delta < 0$ ($\delta = -1$ flips $a/\operatorname{RMS}(a)$), e.g. $n = 1$, $a_1 "
               r"= g_1 = 1$, $b_1 = 0$: $-1 \ne 1$."),
    Step("RN-4c", Kind.IDENTITY, Q_INV,
         Claim((delta * a[i]) / rms(delta * a[k]) * g[i] + b[i], Relation.EQ, V_i),
         assumptions=RMS_POS + SCALED_POS + I_IN_RANGE + (sympy.Gt(delta, 0),),
         corrects="RN-4",
         gloss=r"Corrected: for $\delta > 0$, $\operatorname{RMS}(\delta a) = \delta "
               r"\operatorname{RMS}(a)$ and the output is unchanged, every entry, every $n$."),
    Step("RN-5a", Kind.IDENTITY, Q6,
         Claim(Derivative(V_i, b[j]), Relation.EQ, KroneckerDelta(i, j)),
         assumptions=RMS_POS + IN_RANGE,
         gloss=r"Eq. (8), bias: $\partial v_i/\partial b_j = \delta_{ij}$ ($v = \bar{a} + b$), so "
               r"$\partial L/\partial b = \partial L/\partial v$."),
    Step("RN-5b", Kind.IDENTITY, Q6,
         Claim(Derivative(V_i, g[j]), Relation.EQ, KroneckerDelta(i, j) * a[i] / RMS_A),
         assumptions=RMS_POS + IN_RANGE,
         gloss=r"Eq. (8), gain: $\partial v_i/\partial g_j = \delta_{ij} a_i / "
               r"\operatorname{RMS}(a)$, so $\partial L/\partial g = \partial L/\partial v \odot "
               r"Wx/\operatorname{RMS}(a)$ ($a = Wx$), for every $n$."),
    Step("RN-5c", Kind.IDENTITY, Q6,
         Claim((delta * a[i]) / rms(delta * a[k]), Relation.EQ, a[i] / RMS_A),
         assumptions=RMS_POS + SCALED_POS + I_IN_RANGE + (sympy.Ne(delta, 0),),
         rule=Rule("counterexample", params=(("point", RN5_POINT),)),
         gloss=r"The paper adds (in words) that $\partial L/\partial g$ is invariant to scaling "
               r"$W$ or $x$, by Eq. (6): its factor $Wx/\operatorname{RMS}(a)$ at $a' = \delta a$ "
               r"equals the one at $a$. False for $\delta < 0$ ($\delta = -1$, $n = 1$, $a_1 = "
               r"1$: $-1 \ne 1$), the same dropped sign condition."),
    Step("RN-5d", Kind.IDENTITY, Q6,
         Claim((delta * a[i]) / rms(delta * a[k]), Relation.EQ, a[i] / RMS_A),
         assumptions=RMS_POS + SCALED_POS + I_IN_RANGE + (sympy.Gt(delta, 0),),
         corrects="RN-5c",
         gloss=r"Corrected: for $\delta > 0$ the factor $a/\operatorname{RMS}(a)$, hence "
               r"$\partial L/\partial g$ for a given $\partial L/\partial v$, is unchanged by the "
               r"scaling, every $n$."),
    Step("RN-6", Kind.IDENTITY, Q7,
         Claim(Derivative(a[i] / RMS_A, a[j]), Relation.EQ, R_ij),
         assumptions=RMS_POS + IN_RANGE,
         gloss=r"Eq. (9): $R$ is the Jacobian of $a/\operatorname{RMS}(a)$: "
               r"$\partial(a_i/\operatorname{RMS}(a))/\partial a_j = "
               r"\delta_{ij}/\operatorname{RMS}(a) - a_i a_j/(n \operatorname{RMS}(a)^3)$, entry "
               r"$(i, j)$ of $\frac{1}{\operatorname{RMS}}(I - a a^T/(n \operatorname{RMS}^2))$, "
               r"any $n$."),
    Step("RN-7", Kind.IDENTITY, Q_R,
         Claim(R_PRINTED, Relation.EQ, R_ij / delta),
         assumptions=RMS_POS + IN_RANGE + (sympy.Ne(delta, 0),),
         gloss=r"Eq. (10) as algebra: $\frac{1}{\delta \operatorname{RMS}}(I - (\delta a)(\delta "
               r"a)^T/(n \delta^2 \operatorname{RMS}^2)) = R/\delta$, entry $(i, j)$, any $\delta "
               r"\ne 0$."),
    Step("RN-8", Kind.IDENTITY, Q_R,
         Claim(R_AT_SCALED, Relation.EQ, R_ij / delta),
         assumptions=RMS_POS + SCALED_POS + IN_RANGE + (sympy.Ne(delta, 0),),
         rule=Rule("counterexample", params=(("point", RN8_POINT),)),
         gloss=r"Eq. (10), what $R'$ stands for: the Jacobian at the scaled input $a' = \delta "
               r"a$, whose normaliser is $\operatorname{RMS}(a')$ (written $\delta "
               r"\operatorname{RMS}(a)$ in the display). For $\delta < 0$ $\operatorname{RMS}(a') "
               r"= -\delta \operatorname{RMS}(a)$ and the Jacobian is not $R/\delta$: $n = 2$, $a "
               r"= (1, 0)$, entry $(2, 2)$, $\delta = -1$ gives $\sqrt{2}$, $R/\delta$ gives "
               r"$-\sqrt{2}$."),
    Step("RN-8c", Kind.IDENTITY, Q_R,
         Claim(R_AT_SCALED, Relation.EQ, R_ij / Abs(delta)),
         assumptions=RMS_POS + SCALED_POS + IN_RANGE
         + (sympy.Ne(delta, 0), sympy.Ne(Abs(delta), 0)),
         corrects="RN-8",
         gloss=r"Corrected: the Jacobian at $\delta a$ is $R/|\delta|$ for every $\delta \ne 0$ "
               r"($R/\delta$ when $\delta > 0$: the gradient scales inversely with the weights, "
               r"as the paper says)."),
)

DERIVATION = Derivation(
    id="rmsnorm",
    title="RMSNorm (Zhang & Sennrich 2019): definition, re-scaling invariance and gradient",
    source=SOURCE,
    steps=STEPS,
    description=r"Root mean square layer normalisation over $n$ units (general $n$): the scaling "
                r"identities with their sign conditions and the Jacobian $R$ entry by entry.",
)
