"""Checking a whole derivation: every step, in order or in parallel, through the cache.

``check_derivation`` checks each step with ``check_step_limited`` (a forked child with
hard limits), giving it the outcomes of the steps it rests on. With ``jobs > 1`` up to
``jobs`` such children run at once; a step starts only when the steps it depends on
(``Step.references``: depends_on, rule premises, corrects) have their outcomes. A step whose check
fails, crashes or times out gets an ``error``/``timeout`` outcome and never costs the
other steps their results.
"""
from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Callable, Mapping, Sequence

from symbolic.cache import Cache, step_keys
from symbolic.checks import CheckContext, check_step_limited, registered_checkers, registered_rules
from symbolic.config import CheckConfig
from symbolic.errors import ConfigError
from symbolic.model import Derivation, Evidence, Outcome, Step, Verdict

Progress = Callable[[int, int, str], None]

def check_derivation(derivation: Derivation, *, config: CheckConfig = CheckConfig(), jobs: int = 1,
                     cache: Cache | None = None, progress: Progress | None = None,
                     steps: Sequence[str] | None = None) -> dict[str, Outcome]:
    """The outcome of every step of a derivation, in step order.

    ``cache`` (a ``symbolic.cache.Cache``) serves unchanged steps and stores new
    outcomes; ``progress(done, total, step_id)`` is called after each step. ``steps``
    (ids) checks only those and the steps they reference, directly or through others
    (``stepcheck check DOC:ID``); each gets exactly the context a whole run gives it.
    """
    if jobs < 1:
        raise ConfigError(f"jobs={jobs} must be at least 1")
    keys = step_keys(derivation, config) if cache is not None else {}
    outcomes: dict[str, Outcome] = {}
    wanted = derivation.steps if steps is None else _with_references(derivation, steps)
    total = len(wanted)
    todo: list[Step] = []
    for step in wanted:
        cached = cache.get(keys[step.id]) if cache is not None else None
        if cached is not None:
            outcomes[step.id] = cached
            _report(progress, len(outcomes), total, step.id)
        else:
            todo.append(step)

    def finished(step: Step, outcome: Outcome) -> None:
        outcomes[step.id] = outcome
        if cache is not None and outcome.verdict is not Verdict.ERROR:
            cache.put(keys[step.id], outcome)  # an error may be the machine's: try again next time
        _report(progress, len(outcomes), total, step.id)

    if jobs == 1 or len(todo) <= 1:
        for step in todo:
            context = CheckContext(derivation, _dependency_outcomes(derivation, step, outcomes))
            finished(step, _check_one(step, config, context))
    else:
        _check_parallel(derivation, todo, config, jobs, outcomes, finished)
    return {step.id: outcomes[step.id] for step in wanted}


def _with_references(derivation: Derivation, step_ids: Sequence[str]) -> tuple[Step, ...]:
    """The steps named and every step they reference, directly or not, in step order."""
    needed: set[str] = set()
    stack = [derivation.step(step_id).id for step_id in step_ids]   # an unknown id raises here
    while stack:
        ref = stack.pop()
        if ref not in needed:
            needed.add(ref)
            stack.extend(derivation.step(ref).references)
    return tuple(s for s in derivation.steps if s.id in needed)


def _report(progress: Progress | None, done: int, total: int, step_id: str) -> None:
    if progress is not None:
        progress(done, total, step_id)


def _check_one(step: Step, config: CheckConfig, context: CheckContext) -> Outcome:
    try:
        return check_step_limited(step, config=config, context=context)
    except Exception as exc:  # the step fails, the derivation goes on
        return Outcome(Verdict.ERROR, (Evidence("error", f"{type(exc).__name__}: {str(exc)[:200]}"),))


def _dependency_outcomes(derivation: Derivation, step: Step,
                         outcomes: Mapping[str, Outcome]) -> dict[str, Outcome]:
    """The outcomes of the steps a step rests on, directly or through others.

    Only these (not every earlier step) are given to a check, so that its result depends
    on exactly what its cache key covers, whether steps run in order or in parallel.
    """
    needed: dict[str, Outcome] = {}
    stack = list(step.references)
    while stack:
        ref = stack.pop()
        if ref in needed or ref not in outcomes:
            continue
        needed[ref] = outcomes[ref]
        stack.extend(derivation.step(ref).references)
    return {s.id: needed[s.id] for s in derivation.steps if s.id in needed}


def _check_parallel(derivation: Derivation, todo: list[Step], config: CheckConfig, jobs: int,
                    outcomes: dict[str, Outcome], finished: Callable[[Step, Outcome], None]) -> None:
    # Each check already runs in its own forked child with hard limits (check_step_limited),
    # so a thread per running step only waits for its child: the children run in parallel.
    # Load every checker family here, once: threads racing to import them could fork a
    # child whose registry is still half-filled ("no checker applies").
    registered_checkers()
    registered_rules()
    pending = list(todo)
    running: dict[Future, Step] = {}
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="stepcheck") as pool:
        while pending or running:
            for step in list(pending):
                if len(running) >= jobs:
                    break
                if all(ref in outcomes for ref in step.references):
                    pending.remove(step)
                    context = CheckContext(derivation, _dependency_outcomes(derivation, step, outcomes))
                    running[pool.submit(_check_one, step, config, context)] = step
            if not running:
                # every pending step waits for a step that never ran: cannot happen in a
                # validated derivation, but never spin forever
                for step in pending:
                    finished(step, Outcome(Verdict.ERROR, (Evidence(
                        "error", "a step it depends on was never checked"),)))
                return
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: todo.index(running[f])):
                step = running.pop(future)
                finished(step, future.result())  # _check_one never raises
