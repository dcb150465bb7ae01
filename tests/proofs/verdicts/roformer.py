"""RoFormer (roformer.tex): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P, R = Verdict.PROVED, Verdict.REFUTED

EXPECTED = [
    ("RF-1", P, "Re[(a1 + i a2)(b1 - i b2) e^{i phi}] = a.b cos phi + (a1 b2 - a2 b1) sin phi"),
    ("RF-2", P, "rotating a 2-D vector by m theta is multiplying by e^{i m theta}"),
    ("RF-3", P, "definition of R^d_{Theta,m}"),
    ("RF-4", P, "R^T R = I block by block, every D"),
    ("RF-5", P, "definition of the angles"),
    ("RF-6", P, "R_m^T R_n = R_{n-m} block by block, every D"),
    ("RF-7", R, "Eq. 16 as printed lacks W_q^T: d = 2, m = n = 0, W_q = [[0,1],[0,0]]: 0 != 1"),
    ("RF-7c", P, "x_m^T W_q^T R_{n-m} W_k x_n by matrix rewriting with RF-6"),
    ("RF-8", P, "block i of R x, element-wise form"),
    ("RF-9", P, "the score by blocks is Re of the complex sum, summand by summand"),
    ("RF-10", P, "definition of h_i"),
    ("RF-11", P, "definition of S_j"),
    ("RF-12", P, "S_{i+1} - S_i = e^{i(m-n)theta_i} inside the sum (nested sums)"),
    ("RF-13", P, "summation by parts with h_D = 0, S_0 = 0"),
    ("RF-14", P, "triangle inequality over D terms"),
    ("RF-15", P, "each |h_{i+1} - h_i| at most their max, |S_{i+1}| >= 0"),
    ("RF-15e", P, "the chain of RF-14 and RF-15 (transitive, middle terms equal)"),
    ("RF-16", R, "the bound is not monotone: d = 4, distance 3 gives 0.586, distance 6 gives 1.485"),
    ("RF-16a", P, "|S_j| <= j: triangle inequality, unit terms"),
    ("RF-16b", P, "summed over j termwise from RF-16a"),
    ("RF-16c", P, "divided by D > 0: the bound is at most its value at distance 0"),
    ("RF-17", P, "definition of the angles of Section 3.4.3"),
]
