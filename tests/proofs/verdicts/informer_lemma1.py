"""Informer Lemma 1 (000_29e673534a145fd9.txt): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P, R, PROSE = Verdict.PROVED, Verdict.REFUTED, Verdict.PROSE

EXPECTED = [
    ("INF-0", PROSE, "title"),
    ("INF-0b", PROSE, "announces the two halves"),
    ("INF-1a", P, "ln L <= lse - mean: Jensen for exp, general L"),
    ("INF-1b", P, "lse - mean <= max - mean + ln L: lse <= max + ln L"),
    ("INF-2", P, "definition of M: a fresh name"),
    ("INF-2b", PROSE, "commentary on the left half"),
    ("INF-3", P, "definition of f_i: a fresh name"),
    ("INF-4a", P, "lse convex: second derivative along a line is a softmax variance (sum of squares)"),
    ("INF-4b", P, "M convex: the mean is linear, same second derivative"),
    ("INF-5a", P, "dM/dk_{j,rho} = p_j q_rho/sqrt d - q_rho/(L sqrt d), general L and d"),
    ("INF-5b", P, "the same gradient with (p_j - 1/L) factored out"),
    ("INF-6", PROSE, "sets the gradient to zero (a hypothesis)"),
    ("INF-7", P, "(p_j - 1/L) q_rho/sqrt d = 0 with q_rho != 0 gives p_j = 1/L"),
    ("INF-8", P, "p_j = 1/L times the positive sum gives exp(s_j) = Z/L"),
    ("INF-9", P, "log of both (positive) sides gives s_j = ln(Z/L)"),
    ("INF-10", R, "INF-9 for j = 1 does not give the unscaled line: L = 3, d = 4, "
                  "x = 2(0, ln 1.5, ln 0.5): ln 3 != ln 3.5"),
    ("INF-10c", P, "INF-9 => the scaled line: its residual is INF-9's (ln(Z/L) = ln Z - ln L)"),
    ("INF-11", R, "equal scores do not force equal keys: k_1 + c(-q_2, q_1) has the same score"),
    ("INF-11c", P, "equal scores give equal projections on q_i only"),
    ("INF-12", P, "M = ln(L e^a) - a = ln L when all scores equal a"),
    ("INF-13a", R, "the minimum is reached with unequal keys too"),
    ("INF-13c", P, "M(q, {k_1, k_1 + c(-q_2, q_1)}) = ln 2 for every c"),
    ("INF-13b", P, "M >= ln L: Jensen"),
    ("INF-14", PROSE, "recalls the definition of M"),
    ("INF-14b", PROSE, "announces the steps 'following the figure'"),
    ("INF-15", P, "definition of alpha: a fresh name"),
    ("INF-16a", P, "sum exp(s_j) <= sum exp(max): exp increasing, element <= max"),
    ("INF-16b", P, "sum of L equal terms"),
    ("INF-16", P, "transitive chain of INF-16a and INF-16b"),
    ("INF-17a", P, "log is increasing on positive numbers"),
    ("INF-17b", P, "ln(L e^alpha) = ln L + alpha"),
    ("INF-17", P, "transitive chain of INF-17a and INF-17b"),
    ("INF-18", PROSE, "recalls the definition of M"),
    ("INF-19", P, "INF-17 with the mean subtracted from both sides"),
    ("INF-19b", PROSE, "recalls the definition of alpha"),
    ("INF-20", P, "INF-19 with alpha substituted by its definition"),
    ("INF-21", P, "INF-20 with its terms reordered"),
    ("INF-21b", PROSE, "'hence proved'"),
    ("INF-22", PROSE, "sets up the example: d = 1, all keys equal"),
    ("INF-23a", P, "a sum of L equal exponentials"),
    ("INF-23b", P, "ln(L e^{y/sqrt d}) = ln L + y/sqrt d: the value of f_i"),
    ("INF-23m", R, "as the left part's M it is wrong: M = ln L, (L, d, y) = (1, 1, 1): 0 != 1"),
    ("INF-23n", P, "corrected: M = ln(L e^{y/sqrt d}) - y/sqrt d = ln L for equal keys"),
    ("INF-24a", P, "max of a constant is the constant; with d = 1 it is y"),
    ("INF-24b", R, "the lemma's right side is max - mean + ln L = ln L, not ln L + max"),
    ("INF-24c", P, "right side with equal keys is ln L: both bounds tight"),
    ("INF-24d", P, "max of equal scores is that score"),
    ("INF-25", PROSE, "closing remark"),
]
