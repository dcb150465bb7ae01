"""RoFormer (roformer.tex): the hand numbers behind a refutation; block counts stay general.

Each step's verdict is compared with ``verdicts/roformer.py`` by ``test_verdicts.py``.
"""
import pytest

from proofs.roformer import DERIVATION


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
