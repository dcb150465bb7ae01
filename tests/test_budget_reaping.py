"""``budget.run_limited`` does not wait for a child that answered to finish ending, yet leaves
no zombie behind: it is waited for at the next limited call or at exit (``budget._reap``)."""
from __future__ import annotations

import os
import signal
import time

from symbolic import budget
from symbolic.budget import Status, run_limited


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)        # a zombie (ended, not waited for) still answers
    except ProcessLookupError:
        return True
    return False


def test_children_that_answered_are_waited_for():
    pids = [run_limited(os.getpid, timeout_s=30).value for _ in range(3)]
    assert all(isinstance(pid, int) and pid != os.getpid() for pid in pids)
    budget._reap(block=True)
    assert budget._ENDING == []
    assert all(_gone(pid) for pid in pids)


def test_the_next_call_waits_for_the_ones_that_ended():
    first = run_limited(os.getpid, timeout_s=30).value
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and first in budget._ENDING:
        run_limited(int, timeout_s=30)     # each call waits for those that have ended
        time.sleep(0.05)
    assert first not in budget._ENDING
    assert _gone(first)
    budget._reap(block=True)


def test_a_child_does_not_inherit_its_parents_children():
    sleeper = os.fork()
    if sleeper == 0:                       # still running when the next child forks
        time.sleep(5)
        os._exit(0)
    try:
        with budget._ENDING_LOCK:
            budget._ENDING.append(sleeper)
        seen = run_limited(lambda: list(budget._ENDING), timeout_s=30)
        assert seen.status is Status.OK
        assert seen.value == []            # not its child: it must never wait for it
        assert sleeper in budget._ENDING   # still the parent's to wait for
    finally:
        os.kill(sleeper, signal.SIGKILL)
        budget._reap(block=True)
    assert _gone(sleeper)
    assert budget._ENDING == []


def test_a_timeout_is_still_waited_for_before_returning():
    result = run_limited(time.sleep, 30, timeout_s=0.3)
    assert result.status is Status.TIMEOUT
    assert budget._ENDING == []
