"""Entropy-invariant softmax (002_ca974c2c5f958f3e.txt): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P, V, R, PROSE = Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED, Verdict.PROSE

EXPECTED = [
    ("ES-1", P, "definition of the scale lambda = kappa log n / d: a fresh name"),
    ("ES-2", PROSE, "commentary on the log n factor"),
    ("ES-3", P, "definition of p_i: a fresh name"),
    ("ES-4", P, "sum_i e^{lambda s_i} / sum_j e^{lambda s_j} = 1 for every n (sums by linearity)"),
    ("ES-5", P, "definition of H: a fresh name"),
    ("ES-6", P, "-sum p log p = log Z - lambda sum p s with p substituted, general n"),
    ("ES-7", P, "log Z = log n + log(Z/n): the same terms on both sides, general n"),
    ("ES-8", R, "s=(0,0,0,2), lambda=1: log((3+e^2)/4) - 1/2 = 0.454 nats > 0.05, exact point"),
    ("ES-9", P, "log exp(x) = x for real x"),
    ("ES-10", P, "Jensen: log mean exp(lambda s_i) >= mean lambda s_i, general n"),
    ("ES-11", R, "s=(0,0,0,2), lambda=1: s_max - sum p s = 6/(3+e^2) = 0.578 nats > 0.05, exact"),
    ("ES-12a", P, "an element is at most the max, index in 1..n"),
    ("ES-12b", P, "... times the positive weight p_i"),
    ("ES-12c", P, "... summed over i (termwise)"),
    ("ES-12d", P, "the weights sum to 1, so sum_i p_i s_max = s_max"),
    ("ES-12", P, "transitive chain ES-12c, ES-12d: sum p_i s_i <= s_max, general n"),
    ("ES-13", P, "ES-12 times lambda > 0"),
    ("ES-14", R, "s=(0,0,0,2), lambda=1: H = 0.918, approximation -0.114: 112% of H, exact"),
    ("ES-15", P, "ES-6 + ES-7 + ES-10 + ES-13: H >= log n - lambda(s_max - s_bar), general n"),
    ("ES-16", PROSE, "states the aim (remove the influence of n)"),
    ("ES-17", P, "log n - lambda Delta = H_0 with Delta > 0 forces lambda = (log n - H_0)/Delta"),
    ("ES-18", P, "asymptotic reading: ((log n - H_0)/Delta)/log n -> 1/Delta (sympy.limit)"),
    ("ES-19", P, "log n - c log n Delta = (1 - c Delta) log n (exact reading: only H_0 = 0)"),
    ("ES-20", R, "s_max - s_bar grows from 0.99 (n=4) to 3.62 (n=4096): spread 0.73 > 0.10"),
    ("ES-21", V, "E[s_max - s_bar] below sqrt(2 log n) at every n by > 3 s.e.: measured only"),
    ("ES-22", R, "iid model: rms <q,k> = sqrt d, ratio to d is 1 at d=1, 1/sqrt 2 at d=2"),
    ("ES-22a", P, "E<q,k> = d E[q_1]E[k_1] = 0"),
    ("ES-22b", P, "Var<q,k> = d Var[q_1 k_1] = d"),
    ("ES-22c", P, "rms <q,k> = sqrt d, proportional to sqrt d"),
    ("ES-22d", P, "shared-direction model k = rho q + sqrt(1-rho^2) z: E<q,k> = rho d"),
    ("ES-23", R, "iid model: rms of <q,k>/d is 1/sqrt d, not constant (exact instances)"),
    ("ES-23c", P, "rms of <q,k>/sqrt d is 1"),
    ("ES-23d", P, "E[<q,k>/d] = rho with a shared direction"),
    ("ES-24", R, "no kappa keeps H invariant: iid best kappa=8 spreads 0.33 (certified >= 0.25)"),
    ("ES-24c", P, "ES-15 plus lambda(s_max - s_bar) <= log n - H_0 gives H >= H_0, general n"),
]

# Corrections that are measured rather than proved, each with the reason no proof is given.
VERIFIED_CORRECTIONS = {
    "ES-21": "E[s_max - mean] <= sqrt(2 log n) for iid normal scores: a Monte-Carlo measurement",
}
