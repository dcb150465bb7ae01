"""RMSNorm (rmsnorm.tex): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P, R = Verdict.PROVED, Verdict.REFUTED

EXPECTED = [
    ("RN-1", P, "definition of RMS(a)"),
    ("RN-2", P, "definition of abar_i"),
    ("RN-3", R, "RMS(-x) = RMS(x) != -RMS(x): alpha = -1, n = 1, x_1 = 1"),
    ("RN-3c", P, "RMS(alpha x) = |alpha| RMS(x), any n"),
    ("RN-4", R, "delta = -1 flips a/RMS(a): n = 1, a = g = 1, b = 0 gives -1 != 1"),
    ("RN-4c", P, "for delta > 0 the output is unchanged"),
    ("RN-5a", P, "dv_i/db_j = delta_ij"),
    ("RN-5b", P, "dv_i/dg_j = delta_ij a_i / RMS(a)"),
    ("RN-5c", R, "a/RMS(a) flips sign at -a: delta = -1, n = 1, a_1 = 1"),
    ("RN-5d", P, "a/RMS(a) is unchanged for delta > 0"),
    ("RN-6", P, "Jacobian of a/RMS(a) for every n"),
    ("RN-7", P, "the display's algebra (1/(delta RMS))(I - ...) = R/delta"),
    ("RN-8", R, "the Jacobian at -a is R, not -R: n = 2, a = (1, 0), entry (2, 2)"),
    ("RN-8c", P, "the Jacobian at delta a is R/|delta|"),
]
