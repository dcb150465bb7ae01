"""Time and memory budgets that a runaway computation cannot escape.

``run_limited`` runs a function in a forked child process with a wall-time limit and
an address-space ceiling, and kills it when either is exceeded: SymPy and Python's big
integers can spend minutes in C code that no signal interrupts, so a thread or an
alarm is not enough. The result comes back pickled through a pipe.

The soft budgets inside a check (``soft_deadline``, ``cpu_seconds``, ``soft_remaining``) count
the process's own CPU time, not the wall clock: on a machine that other processes keep busy a
step gets the same share of work as on an idle one, so its verdict and its evidence do not
depend on the load. The wall-time limit of ``run_limited`` is only the safety net against a
child that stalls (a report re-runs alone a step that hits it).
"""
from __future__ import annotations

import atexit
import enum
import os
import resource
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Pipe
from typing import Any, Callable


class Status(str, enum.Enum):
    """How a limited call ended (a ``str`` enum: ``status == "timeout"`` still reads true)."""

    OK = "ok"
    TIMEOUT = "timeout"          # the wall-time limit
    MEMORY = "memory"            # the memory ceiling
    USER_ERROR = "user-error"    # the call raised a StepcheckError: ``value`` is the error
    ERROR = "error"              # anything else (a bug, a crash): ``message`` says what


@dataclass(frozen=True)
class Limited:
    """What happened to a limited call: its ``Status``, value, message and wall time."""

    status: Status
    value: Any = None
    message: str = ""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status is Status.OK


def _address_space() -> int:
    """Bytes of virtual address space this process has now (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


def _child(conn, fn, args, kwargs, memory_mb):
    try:
        if memory_mb:
            # RLIMIT_AS counts the address space a forked child inherits: a long-lived parent
            # (a test session, the language server) would leave a child little or nothing of
            # its ceiling, so the ceiling is memory_mb beyond what the child starts with
            limit = _address_space() + memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        value = fn(*args, **kwargs)
        _send(conn, "ok", value, "")
    except MemoryError:
        _send(conn, "memory", None, "memory ceiling reached")
    except BaseException as exc:  # the parent decides what an error means
        from symbolic.errors import StepcheckError
        if isinstance(exc, StepcheckError):
            _send(conn, "user-error", exc, str(exc))
        else:
            tb = traceback.format_exc(limit=8)
            _send(conn, "error", None, f"{type(exc).__name__}: {exc}\n{tb}")
    finally:
        conn.close()


def _send(conn, status, value, message) -> None:
    """Send the child's answer; an answer that cannot be pickled is still an answer.

    Without this a value or an error that pickling rejects (a class SymPy made at run time
    that is not the one its name finds, an unpicklable attribute) escaped ``_child`` and the
    child died with exit code 1 and no word, which the parent could only call a crash.
    """
    try:
        conn.send((status, value, message))
    except Exception as exc:  # pickling raises PicklingError, TypeError, AttributeError, ...
        why = f"{type(exc).__name__}: {exc}"
        if status == "user-error":
            try:
                conn.send((status, type(value)(message), message))
                return
            except Exception:  # the error class itself cannot be rebuilt: say so below
                pass
        conn.send(("error", None, f"the child's answer ({status}) could not be sent: {why}"))


_WHILE_WAITING: list[Callable[[], object]] = []


def while_waiting(fn: Callable[[], object]) -> None:
    """Have this process call ``fn()`` once, while the next limited child runs.

    For preparation that this process needs later and that the child does not (importing the
    checker families while a child reads the claim): on two cores it costs no wall time. It
    runs only in the main thread (an import in another thread could hold a lock that a child
    forked meanwhile would inherit held), and whatever it raises is ignored: preparing is an
    optimisation, never part of a result. The child's budget still counts from its start.
    """
    _WHILE_WAITING.append(fn)


def _prepare_while_waiting() -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    while _WHILE_WAITING:
        try:
            _WHILE_WAITING.pop(0)()
        except Exception:  # noqa: BLE001 - see while_waiting
            pass


def run_limited(fn: Callable, *args, timeout_s: float, memory_mb: int | None = None,
                **kwargs) -> Limited:
    """Run ``fn(*args, **kwargs)`` in a child process within the budget.

    Returns a ``Limited`` whose status is ``ok`` (with the value), ``timeout``,
    ``memory``, ``user-error`` (value is the StepcheckError) or ``error`` (with the
    child's traceback as message). Never raises for what the child does.
    """
    start = time.perf_counter()
    if _ENDING:
        _reap()
    parent, child = Pipe(duplex=False)
    pid = _fork(parent, child, fn, args, kwargs, memory_mb)
    child.close()
    ended = None    # the child's wait status, once it has been waited for
    answered = False
    try:
        if _WHILE_WAITING:
            _prepare_while_waiting()
        # the wall-time limit counts from the child's start, whatever this process did since
        if parent.poll(max(timeout_s - (time.perf_counter() - start), 0.0)):
            try:
                status, value, message = _receive(parent)
                answered = True
            except (EOFError, OSError):
                ended = os.waitpid(pid, 0)[1]
                status, value, message = _died(ended)
        else:
            status, value, message = "timeout", None, f"wall-time budget of {timeout_s:g} s ran out"
    finally:
        if ended is None:
            # the child has answered (and is ending) or ran out of time: no reason to let it
            # run on. It cannot have been waited for yet, so its pid is still its own.
            if os.waitpid(pid, os.WNOHANG)[0] == 0:
                os.kill(pid, signal.SIGKILL)
                if answered:
                    # the kernel tearing down its copy of this process takes milliseconds
                    # that the answer need not wait for (``_reap``)
                    with _ENDING_LOCK:
                        _ENDING.append(pid)
                else:
                    os.waitpid(pid, 0)      # a runaway child is gone before anything goes on
        parent.close()
    return Limited(Status(status), value, message, time.perf_counter() - start)


# children that answered and were killed but not yet waited for: ``_reap`` waits for them at
# the next limited call and at exit, so a process leaves no zombie and counts their CPU time
_ENDING: list[int] = []
_ENDING_LOCK = threading.Lock()


def _reap(block: bool = False) -> None:
    """Wait for the killed children of ``_ENDING`` that have ended (all of them, ``block``)."""
    with _ENDING_LOCK:
        for pid in list(_ENDING):
            try:
                ended = os.waitpid(pid, 0 if block else os.WNOHANG)[0]
            except ChildProcessError:   # already waited for by someone else: nothing to do
                ended = pid
            if ended:
                _ENDING.remove(pid)


def _forget_ending() -> None:
    """In a forked child: its parent's children are not its own, and the lock may be held."""
    global _ENDING_LOCK
    _ENDING.clear()
    _ENDING_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_forget_ending)
atexit.register(_reap, True)


def _fork(parent, child, fn, args, kwargs, memory_mb) -> int:
    """Fork the child that runs ``fn`` and sends its answer through ``child``; returns its pid.

    A bare ``os.fork`` rather than ``multiprocessing.Process``: the process objects, their
    bookkeeping and the child's start-up in ``multiprocessing`` cost a third of a fork of a warm
    process (about 4 of 14 ms of CPU; a check forks once to read a claim and once per link), and
    nothing here needs them. The child never returns from this function.
    """
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        parent.close()
        _child(child, fn, args, kwargs, memory_mb)
        code = 0
    finally:
        for stream in (sys.stdout, sys.stderr):   # what a library printed, as a process would
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed stream: nothing to keep
                pass
        os._exit(code)


def _receive(conn):
    """Unpickle the child's answer without letting SymPy evaluate it again.

    SymPy rebuilds expressions through their constructors; an expression the child left
    unevaluated on purpose (``9**(9**387420489)`` from hostile input) would otherwise be
    computed here, in the parent, outside every budget.
    """
    try:
        from sympy.core.parameters import evaluate
    except ImportError:  # pragma: no cover - sympy is a dependency
        return conn.recv()
    with evaluate(False):
        return conn.recv()


def _died(wait_status: int) -> tuple[str, None, str]:
    """Why a child ended without an answer, from its wait status: killed (SIGKILL, the kernel's
    answer to memory exhaustion) or any other death, both read as memory."""
    code = os.waitstatus_to_exitcode(wait_status)
    if code < 0 and -code == signal.SIGKILL:
        return "memory", None, "killed (memory ceiling)"
    return "memory", None, f"child process died (exit code {code}), most likely out of memory"


# the soft budgets' clock: CPU seconds of this process (user + system), as ITIMER_PROF counts them
_TIMER = signal.ITIMER_PROF if hasattr(signal, "ITIMER_PROF") else None
_SIGNAL = signal.SIGPROF if hasattr(signal, "SIGPROF") else None


def cpu_seconds() -> float:
    """This process's CPU seconds so far: the clock of every soft budget and deadline."""
    return time.process_time()


def soft_remaining() -> float:
    """CPU seconds left before the enclosing ``soft_deadline`` fires (0.0 when none is set or
    outside the main thread)."""
    if _TIMER is None:
        return 0.0
    try:
        return signal.getitimer(_TIMER)[0]
    except ValueError:
        return 0.0


class SoftTimeout(BaseException):
    """Raised inside the process when a soft (signal) deadline passes.

    A ``BaseException``, like ``KeyboardInterrupt``: SymPy catches ``Exception`` broadly in
    places (``solve``, ``simplify``) and would swallow a deadline that is an ``Exception``.
    """


@contextmanager
def soft_deadline(seconds: float):
    """Interrupt pure-Python work after ``seconds`` of this process's CPU time by raising
    ``SoftTimeout``.

    Works only in the main thread and only between bytecodes; pair it with
    ``run_limited`` for a hard limit. Nested deadlines keep the earlier one. CPU time, not
    wall time: a busy machine slows the work down but does not cut it short.
    """
    if seconds is None or seconds <= 0 or _TIMER is None:
        yield
        return
    try:
        previous_handler = signal.getsignal(_SIGNAL)
        remaining, _ = signal.getitimer(_TIMER)
    except ValueError:  # not the main thread
        yield
        return
    if remaining and remaining < seconds:
        yield  # an outer, earlier deadline already governs
        return

    def _raise(signum, frame):
        raise SoftTimeout(f"soft budget of {seconds:g} s ran out")

    started = cpu_seconds()
    signal.signal(_SIGNAL, _raise)
    signal.setitimer(_TIMER, seconds)
    try:
        yield
    finally:
        signal.setitimer(_TIMER, 0)
        signal.signal(_SIGNAL, previous_handler)
        if remaining:
            signal.setitimer(_TIMER, max(remaining - (cpu_seconds() - started), 0.001))
