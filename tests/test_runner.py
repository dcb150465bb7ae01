"""Checking whole derivations: order, parallelism, dependencies, failures, progress."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
import sympy

import symbolic.runner as runner
from symbolic.config import CheckConfig
from symbolic.model import Claim, Derivation, Evidence, Kind, Outcome, Relation, Step, Verdict
from symbolic.commands.targets import load_derivation_file

SAMPLE = load_derivation_file(Path(__file__).parent / "render" / "sample_doc.py")
CONFIG = CheckConfig(timeout_s=10)
x = sympy.Symbol("x", real=True)


@pytest.fixture(scope="module")
def sample_outcomes():
    return runner.check_derivation(SAMPLE, config=CONFIG)


@pytest.mark.parametrize("step_id, expected, reason", [
    ("A1", Verdict.PROVED, "(x+1)^2 expands to x^2+2x+1"),
    ("B3", Verdict.PROVED, "t^2 + t >= t for t > 0"),
    ("P1", Verdict.PROSE, "a remark has no claim"),
])
def test_real_checks_through_the_runner(sample_outcomes, step_id, expected, reason):
    outcomes = sample_outcomes
    assert list(outcomes) == [s.id for s in SAMPLE.steps]
    assert outcomes[step_id].verdict is expected, reason


def test_false_claim_is_never_accepted(sample_outcomes):
    # x^2 >= x fails at x = 1/2: whatever the checkers can do, it must not be proved/verified
    assert not sample_outcomes["B1"].verdict.accepted


def test_parallel_gives_the_same_outcomes_as_in_order():
    def strip(outcomes):
        return {k: (v.verdict, v.evidence, v.counterexample) for k, v in outcomes.items()}

    in_order = runner.check_derivation(SAMPLE, config=CONFIG, jobs=1)
    parallel = runner.check_derivation(SAMPLE, config=CONFIG, jobs=3)
    assert list(parallel) == list(in_order)
    assert strip(parallel) == strip(in_order)


def test_a_step_waits_for_its_dependencies_in_parallel(monkeypatch):
    started: dict[str, float] = {}
    ended: dict[str, float] = {}
    lock = threading.Lock()

    def slow(step, **kwargs):
        with lock:
            started[step.id] = time.monotonic()
        time.sleep(0.05 if step.id != "A1" else 0.3)
        with lock:
            ended[step.id] = time.monotonic()
        return Outcome(Verdict.INCONCLUSIVE, (Evidence("test", f"saw {sorted(kwargs['context'].outcomes)}"),))

    monkeypatch.setattr(runner, "check_step_limited", slow)
    outcomes = runner.check_derivation(SAMPLE, config=CONFIG, jobs=4)
    assert started["A2"] >= ended["A1"]      # A2 depends on A1
    assert started["B2"] >= ended["B1"]      # B2 depends on B1
    assert started["B3"] >= ended["B1"]      # B3 corrects B1
    assert started["B1"] < ended["A1"]       # independent steps did run alongside
    # a check sees exactly the outcomes of the steps it rests on
    assert outcomes["A2"].evidence[0].detail == "saw ['A1']"
    assert outcomes["A1"].evidence[0].detail == "saw []"


@pytest.mark.parametrize("jobs", [1, 3])
def test_a_failing_step_does_not_lose_the_others(monkeypatch, jobs):
    real = runner.check_step_limited

    def flaky(step, **kwargs):
        if step.id == "B1":
            raise RuntimeError("the checker process could not start")
        return real(step, **kwargs)

    monkeypatch.setattr(runner, "check_step_limited", flaky)
    outcomes = runner.check_derivation(SAMPLE, config=CONFIG, jobs=jobs)
    assert outcomes["B1"].verdict is Verdict.ERROR
    assert "could not start" in outcomes["B1"].evidence[0].detail
    assert outcomes["A1"].verdict is Verdict.PROVED and outcomes["B3"].verdict is Verdict.PROVED


@pytest.mark.slow
def test_a_step_that_runs_out_of_time_is_a_timeout_and_the_rest_go_on(monkeypatch):
    import symbolic.checks as checks

    # register into a copy of the registry, so the checker is gone after this test
    monkeypatch.setattr(checks, "_CHECKERS", {c.name: c for c in checks.registered_checkers()})
    n = sympy.Symbol("n_runner_hang", integer=True, positive=True)

    # a checker that ignores the soft deadline (only the hard limit stops it), for this claim only
    @checks.checker("zz_test_runner_hang", cost=0, applies=lambda step: step.claim is not None
                    and n in step.claim.free_symbols)
    def hang(step, *, config, context):
        deadline = time.monotonic() + 60  # bounded, should it ever run in this process
        while time.monotonic() < deadline:
            try:
                time.sleep(0.01)
            except BaseException:
                pass

    derivation = Derivation("hang", "hang", "none.txt", (
        Step("h", Kind.INEQUALITY, "h", Claim(n, Relation.GE, 1)),
        Step("ok", Kind.IDENTITY, "ok", Claim((x + 1) ** 2, Relation.EQ, x ** 2 + 2 * x + 1)),
    ))
    outcomes = runner.check_derivation(derivation, config=CheckConfig(timeout_s=1), jobs=2)
    assert outcomes["h"].verdict is Verdict.TIMEOUT
    assert outcomes["ok"].verdict is Verdict.PROVED


def test_progress_is_called_after_each_step():
    calls = []
    runner.check_derivation(SAMPLE, config=CONFIG, jobs=2, progress=lambda *a: calls.append(a))
    assert [done for done, _, _ in calls] == list(range(1, len(SAMPLE.steps) + 1))
    assert {total for _, total, _ in calls} == {len(SAMPLE.steps)}
    assert sorted(step for _, _, step in calls) == sorted(s.id for s in SAMPLE.steps)


def test_jobs_must_be_positive():
    with pytest.raises(ValueError, match="jobs=0"):
        runner.check_derivation(SAMPLE, jobs=0)


@pytest.mark.slow
def test_parallel_run_in_a_fresh_process_sees_every_checker():
    # regression: threads racing to import the checker families once forked a child whose
    # registry was half-filled, and a provable step came back "no checker applies"
    import subprocess
    import sys

    script = ("import sys; from symbolic.commands.targets import load_derivation_file; "
              "from symbolic.runner import check_derivation; "
              f"d = load_derivation_file({str(Path(__file__).parent / 'render' / 'sample_doc.py')!r}); "
              "o = check_derivation(d, jobs=4); "
              "print(' '.join(f'{k}={v.verdict.value}' for k, v in o.items()))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    verdicts = dict(item.split("=") for item in result.stdout.split())
    assert verdicts["A1"] == verdicts["A2"] == verdicts["B3"] == "proved"
