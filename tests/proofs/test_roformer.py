"""RoFormer (roformer.tex): every step's verdict, decided by hand first; each row says why."""
import pytest

from proofs.roformer import DERIVATION
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


@pytest.fixture(scope="module")
def outcomes(document_outcomes):
    return document_outcomes("roformer")


def test_every_step_has_an_expected_verdict():
    assert [row[0] for row in EXPECTED] == [s.id for s in DERIVATION.steps]


@pytest.mark.parametrize("step_id, verdict, reason", EXPECTED, ids=[r[0] for r in EXPECTED])
def test_step_verdict(outcomes, step_id, verdict, reason):
    outcome = outcomes[step_id]
    assert outcome.verdict is verdict, (step_id, reason, outcome.evidence)


def test_decay_counterexample_values():
    """The refutation of RF-16 by hand: at d = 4 the bound is (1 + 2|cos(0.495 r)|)/2."""
    import math
    def bound(dist):
        return (1 + abs(1 + complex(math.cos(dist * (0.01 - 1)), math.sin(dist * (0.01 - 1))))) / 2
    assert bound(3) == pytest.approx(0.586, abs=1e-3)
    assert bound(6) == pytest.approx(1.485, abs=1e-3)


def test_general_matrix_steps_use_a_symbolic_block_count():
    for step_id in ("RF-4", "RF-6", "RF-7c", "RF-9", "RF-13", "RF-14", "RF-15"):
        names = {s.name for s in DERIVATION.step(step_id).claim.free_symbols}
        assert "D" in names, step_id
