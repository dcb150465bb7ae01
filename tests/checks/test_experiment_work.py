"""The work of an experiment is counted, not timed: how many points it tries to certify."""
from symbolic.checks.experiment import Measurement, Point, run_experiment
from symbolic.model import Verdict


def test_at_most_certify_points_are_tried_and_the_rest_is_said():
    calls = []

    def uncertifiable(k):
        def certify(dps):
            calls.append(k)
            return None
        return certify

    points = tuple(Point((("k", str(k)),), 1.0 + k, 0.0, uncertifiable(k), cost=k) for k in range(20))

    def measure(seed):
        return Measurement(("k",), (("0",),), points, "twenty points outside.", "error")

    outcome = run_experiment(measure, seed=0, tolerance=0.05, z=3.0, approximate=True, dps=30, certify=3)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert calls == [0, 1, 2]  # the cheapest three, each once (it gave no bound at the first precision)
    assert any("tried 3 of 20 points" in e.detail for e in outcome.evidence)
