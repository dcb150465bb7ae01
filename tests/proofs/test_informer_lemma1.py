"""Informer Lemma 1 (000_29e673534a145fd9.txt): what the verdict table cannot say.

Each step's verdict is compared with ``verdicts/informer_lemma1.py`` by ``test_verdicts.py``;
here are the figure and the counterexample found by hand.
"""
import math

import pytest

from proofs.informer_lemma1 import FIGURE


@pytest.fixture(scope="module")
def outcomes(document_outcomes):
    return document_outcomes("informer_lemma1")


def test_figure_is_pure_and_shows_the_bounds_in_order():
    first, second = FIGURE.series(), FIGURE.series()
    assert first == second  # seeded: the same curves every time
    assert len(first) == 9
    for m, lower, upper in zip(first[0::3], first[1::3], first[2::3]):
        assert m.x == lower.x == upper.x
        # Lemma 1 itself, in double precision: ln L <= M <= max - mean + ln L
        assert all(lo - 1e-9 <= v <= up + 1e-9 for lo, v, up in zip(lower.y, m.y, upper.y))
        assert math.isclose(m.y[0], lower.y[0]) and math.isclose(m.y[0], upper.y[0])
        assert m.y[-1] > lower.y[-1] + 0.5  # the spread moves M off the lower bound


def test_the_counterexample_to_the_simplification_is_the_one_found_by_hand(outcomes):
    point = dict(outcomes["INF-10"].counterexample)
    assert (point["L_K"], point["d"], point["j"]) == ("3", "4", "1")
    # by hand: INF-9 holds at j = 1 (0 = ln(3/3)), the unscaled line does not
    assert math.log(1 + 1.5 + 0.5) - math.log(3) == 0
    assert math.log(3) == pytest.approx(1.0986, abs=1e-4)
    assert math.log(1 + 2.25 + 0.25) == pytest.approx(1.2528, abs=1e-4)
