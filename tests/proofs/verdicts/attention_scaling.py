"""The 1/sqrt(d_k) argument (attention_scaling.tex): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P = Verdict.PROVED

EXPECTED = [
    ("AS-1", P, "definition of the scaled score"),
    ("AS-2", P, "definition of q.k"),
    ("AS-3", P, "E[q.k] = d_k E[q]E[k] = 0"),
    ("AS-4", P, "Var[q.k] = d_k (E[q^2]E[k^2] - 0) = d_k"),
    ("AS-5", P, "Var[q.k/sqrt(d_k)] = d_k/d_k = 1"),
    ("AS-6", P, "with mean mu: (1 + mu^2)^2 - mu^4 = 1 + 2 mu^2 per term"),
]
