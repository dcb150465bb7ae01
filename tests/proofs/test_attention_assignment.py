"""Attention and position embeddings (003_a1f0e52278020169.txt): what the verdict table cannot say.

Each step's verdict is compared with ``verdicts/attention_assignment.py`` by
``test_verdicts.py``; here are the counterexamples found by hand, the hypotheses of the
corrections, the evidence of verified steps and the figure.
"""
import math

import pytest
import sympy

from proofs.attention_assignment import DERIVATION, FIGURE
from symbolic.model import Verdict


@pytest.fixture(scope="module")
def outcomes(document_outcomes):
    return document_outcomes("attention_assignment")


def test_counterexamples_are_the_ones_found_by_hand(outcomes):
    assert dict(outcomes["PB-11"].counterexample) == {"d": "4", "k_0": "100", "k_1": "1"}
    assert dict(outcomes["PB-12"].counterexample)["d"] == "8"
    assert dict(outcomes["ATT-2r"].counterexample)["r"] == "100"
    assert dict(outcomes["C-7v"].counterexample)["n"] == "2"
    assert float(dict(outcomes["B-5"].counterexample)["lhs"]) == pytest.approx(2.718, abs=1e-3)


def test_hypotheses_of_the_corrections_are_stated_not_hidden():
    steps = {s.id: s for s in DERIVATION.steps}
    for step_id in ("PB-11c", "PB-12i"):
        shown = " ".join(map(str, steps[step_id].assumptions))
        assert "Ne(k" in shown, step_id
    assert "Complement(Reals, Rationals)" in " ".join(map(str, steps["PB-11c"].assumptions))


def test_verified_steps_say_they_rest_on_instances(outcomes, verdict_table):
    for step_id in [r[0] for r in verdict_table("attention_assignment").EXPECTED
                    if r[1] is Verdict.VERIFIED]:
        text = " ".join(e.detail for e in outcomes[step_id].evidence)
        assert "not a proof" in text, step_id


# The hand computations behind the table, independent of the engine.

def test_hand_numbers_behind_the_refutations():
    e = sympy.E
    assert float(e / (2 * e + 1)) == pytest.approx(0.4223, abs=1e-4)      # B-6 at n = 3
    assert float(e / (e + 1)) == pytest.approx(0.7311, abs=1e-4)          # D-3, D-6 at n = 2
    assert 1 / (1 + math.exp(-0.99)) == pytest.approx(0.729, abs=1e-3)    # ATT-2r: 1 vs 0.01
    assert 2 * math.e / (2 * math.e + 98) == pytest.approx(0.0526, abs=1e-4)  # C-7s at n = 100
    assert sympy.Integer(10000) ** sympy.Rational(2, 4) == 100            # PB-11 at d = 4
    assert [d for d in range(2, 513, 2)
            if (sympy.Integer(10) ** sympy.Rational(8, d)).is_rational] == [2, 4, 8]


def test_figure_is_pure_and_shows_the_scale_effect():
    first, second = FIGURE.series(), FIGURE.series()
    assert first == second
    b1, b3, b6, d1, d6 = first
    assert b1.y[0] == pytest.approx(0.5) and b1.y[1] < 0.45      # n = 2 exact, n = 3 off by > 10%
    assert all(abs(y - 0.5) / y <= 0.05 for x, y in zip(b6.x, b6.y) if x <= 42)  # C >= ln(10(n-2))
    assert d1.y[0] == pytest.approx(0.7311, abs=1e-4) and d6.y[0] > 0.99
