"""The 1/sqrt(d_k) of scaled dot-product attention, as displayed in
``proofs/sources/attention_scaling.tex``.

Source: Vaswani et al., "Attention Is All You Need", arXiv:1706.03762 (2017), Eq. (1) and
footnote 4 of Section 3.2.1. The footnote's argument, in our words: if the components of a
query q and a key k are independent random variables with mean 0 and variance 1, the dot
product q.k = sum_i q_i k_i has mean 0 and variance d_k; dividing by sqrt(d_k), as Eq. (1)
does, brings the variance of each score back to 1.

Symbols and hypotheses. d_k is a general positive integer; the components q[i], k[i] are
independent random variables with mean 0 and variance 1 and no other assumption on their
distribution (``independent_moments``, ``symbolic.checks.free_moments``): nothing is assumed
normal. Means and variances are written ``Mean(X)``, ``Var(X)``.

Findings. All three claims are proved for every d_k from the stated moments alone. Beside the
paper: the mean-0 hypothesis matters; with mean mu the variance is d_k (1 + 2 mu^2) (proved as
a remark), so the scaling by sqrt(d_k) alone does not normalise non-centred components.
"""
from __future__ import annotations

import sympy
from sympy import IndexedBase, Sum, Symbol, sqrt

from symbolic.functions import Mean, Var
from symbolic.model import Claim, Derivation, Kind, Relation, Rule, Step

SOURCE = "attention_scaling.tex"

d_k = Symbol("d_k", integer=True, positive=True)
i = Symbol("i", integer=True)
q, k = IndexedBase("q", real=True), IndexedBase("k", real=True)
mu = Symbol("mu", real=True)
DOT = Sum(q[i] * k[i], (i, 1, d_k))
UNIT = Rule("independent_moments", params=(("moments", ((q, 0, 1), (k, 0, 1))),))
SHIFTED = Rule("independent_moments", params=(("moments", ((q, mu, 1), (k, mu, 1))),))

Q1 = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}(\frac{QK^T}{\sqrt{d_k}})V"
Q_DOT = r"q \cdot k = \sum_{i=1}^{d_k} q_ik_i"

STEPS = (
    Step("AS-1", Kind.DEFINITION, Q1,
         Claim(Symbol("s"), Relation.EQ, DOT / sqrt(d_k)),
         gloss=r"Eq. (1): each score $s$ of $\operatorname{softmax}(QK^T/\sqrt{d_k})$ is a "
               r"query-key dot product divided by $\sqrt{d_k}$."),
    Step("AS-2", Kind.DEFINITION, Q_DOT, Claim(Symbol("t"), Relation.EQ, DOT),
         gloss=r"Footnote 4: $t = q \cdot k = \sum_{i=1}^{d_k} q_i k_i$."),
    Step("AS-3", Kind.IDENTITY, Q_DOT, Claim(Mean(DOT), Relation.EQ, 0), rule=UNIT,
         gloss=r"Footnote 4: with independent components of mean 0 and variance 1, $q \cdot k$ "
               r"has mean 0 (any distribution, any $d_k$)."),
    Step("AS-4", Kind.IDENTITY, Q_DOT, Claim(Var(DOT), Relation.EQ, d_k), rule=UNIT,
         gloss=r"Footnote 4: ... and variance $d_k$: each $q_i k_i$ has variance $E[q^2] E[k^2] = "
               r"1$ and the $d_k$ terms are independent."),
    Step("AS-5", Kind.IDENTITY, Q1, Claim(Var(DOT / sqrt(d_k)), Relation.EQ, 1), rule=UNIT,
         depends_on=("AS-4",),
         gloss=r"Eq. (1): the scaled score $q \cdot k/\sqrt{d_k}$ has variance 1 for every $d_k$."),
    Step("AS-6", Kind.IDENTITY, Q_DOT,
         Claim(Var(DOT), Relation.EQ, d_k * (1 + 2 * mu ** 2)), rule=SHIFTED,
         gloss=r"Remark (not the paper's claim): with components of mean $\mu$ and variance 1 the "
               r"variance is $d_k (1 + 2 \mu^2)$; the footnote's mean-0 hypothesis is needed."),
)

DERIVATION = Derivation(
    id="attention_scaling",
    title=r"Attention Is All You Need: the variance argument for $1/\sqrt{d_k}$",
    source=SOURCE,
    steps=STEPS,
    description=r"Mean and variance of $q \cdot k$ for independent unit-variance components, "
                r"any distribution, general $d_k$.",
)
