"""``budget.while_waiting``: preparation done by the parent while a limited child runs."""
from __future__ import annotations

import os
import threading
import time

from symbolic import budget
from symbolic.budget import Status, run_limited, while_waiting


def _pid() -> int:
    return os.getpid()


def _sleep_then(value, seconds):
    time.sleep(seconds)
    return value


def test_runs_once_in_the_parent_while_the_child_runs():
    calls = []
    while_waiting(lambda: calls.append(os.getpid()))
    first = run_limited(_pid, timeout_s=10)
    second = run_limited(_pid, timeout_s=10)
    assert calls == [os.getpid()]                 # this process, and only once
    assert first.ok and first.value != os.getpid() and second.ok


def test_a_failing_preparation_changes_no_result():
    def broken():
        raise RuntimeError("preparation failed")
    while_waiting(broken)
    result = run_limited(_sleep_then, 7, 0.0, timeout_s=10)
    assert result.ok and result.value == 7
    assert not budget._WHILE_WAITING


def test_the_childs_limit_counts_from_its_start():
    # the preparation (0.6 s) overlaps the child's sleep (0.3 s): within a 1.5 s limit
    while_waiting(lambda: time.sleep(0.6))
    result = run_limited(_sleep_then, "done", 0.3, timeout_s=1.5)
    assert result.ok and result.value == "done"
    # a preparation (3 s) longer than the limit (1 s): the child (sleeping 30 s) is out of
    # time as soon as the preparation ends, not a whole limit later (which would be 4 s)
    while_waiting(lambda: time.sleep(3.0))
    start = time.perf_counter()
    result = run_limited(_sleep_then, "late", 30.0, timeout_s=1.0)
    assert result.status is Status.TIMEOUT
    assert 3.0 <= time.perf_counter() - start < 3.9


def test_not_run_from_another_thread():
    calls = []
    while_waiting(lambda: calls.append(threading.current_thread().name))
    results = []
    worker = threading.Thread(target=lambda: results.append(run_limited(_pid, timeout_s=10)))
    worker.start()
    worker.join()
    assert results[0].ok and calls == []          # left for the main thread
    run_limited(_pid, timeout_s=10)
    assert calls == [threading.main_thread().name]
