"""Online softmax and FlashAttention tiling (flash_tiling.tex): the verdict of every step, decided by hand first; each row says why.

Read by ``tests/proofs/test_verdicts.py``, which checks the document once and compares
every step with its row.
"""
from symbolic.model import Verdict

P = Verdict.PROVED

EXPECTED = [
    ("OS-1", P, "definition of m_n: a fresh name"),
    ("OS-2", P, "definition of d_n: a fresh name"),
    ("OS-3", P, "max over 1..j+1 = max(max over 1..j, x_{j+1}): the ranges tile 1..j+1"),
    ("OS-4", P, "rescaled d_j plus the new term: sum split at j, exponentials combined"),
    ("OS-5", P, "induction step for m (S >= 2): max_union"),
    ("OS-6a", P, "the factor e^{m_{S-1} - m_S} moves each term's shift"),
    ("OS-6b", P, "adding the S-th term extends the sum"),
    ("OS-6", P, "the whole induction step for d"),
    ("OS-7a", P, "d_j >= 1: the term at the max is 1, the others positive"),
    ("OS-7b", P, "d_j <= j: j terms each at most e^0 (max_bound)"),
    ("OS-8a", P, "max is associative"),
    ("OS-8b", P, "the merged d is the same in both orders (exponentials combine)"),
    ("OS-8c", P, "the merge is commutative"),
    ("FA-1", P, "definition of m(x)"),
    ("FA-2", P, "definition of l(x)"),
    ("FA-3", P, "max of the concatenation = max of the blocks' maxima (any B_1, B_2)"),
    ("FA-4a", P, "e^{m1 - m} e^{x_i - m1} = e^{x_i - m}"),
    ("FA-4b", P, "the same on the second block"),
    ("FA-5", P, "l(x) split at B_1 with each block rescaled to the common max"),
    ("FA-6", P, "the shift cancels between numerator and denominator"),
    ("FA-7", P, "definition of mtilde"),
    ("FA-8", P, "definition of ltilde"),
    ("FA-9", P, "m^new is the max over all columns seen"),
    ("FA-10", P, "l^new is the row sum over all columns seen"),
    ("FA-11", P, "the O update keeps the invariant O = softmax-weighted average of V"),
    ("FA-11x", P, "the same with arbitrary real shifts: exactness needs no max"),
]
