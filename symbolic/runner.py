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
    return check_derivations([derivation], config=config, jobs=jobs, cache=cache,
                             progress=[progress], steps=steps)[0]


def check_derivations(derivations: Sequence[Derivation], *, config: CheckConfig = CheckConfig(),
                      jobs: int = 1, cache: Cache | None = None,
                      progress: Sequence[Progress | None] | None = None,
                      steps: Sequence[str] | None = None,
                      done: Callable[[int], None] | None = None,
                      served: list[int] | None = None) -> list[dict[str, Outcome]]:
    """``check_derivation`` of several derivations at once: with ``jobs > 1`` one set of ``jobs``
    children serves them all, so that a document's last steps (one long step, or steps that
    wait for it) no longer leave a core idle while the next document waits; a step of a later
    document starts only when no step of an earlier one is ready. Each step gets the same
    context as alone (the outcomes of the steps of its own derivation that it rests on), so
    every outcome is the one ``check_derivation`` gives. ``progress`` holds one callable (or
    None) per derivation; ``done(index)`` is called once a derivation's every step has its
    outcome; ``served``, a list, receives how many steps of each derivation the cache served.
    """
    if jobs < 1:
        raise ConfigError(f"jobs={jobs} must be at least 1")
    progress = list(progress) if progress is not None else [None] * len(derivations)
    runs = [_Run(derivation, config, cache, report, steps)
            for derivation, report in zip(derivations, progress)]
    if served is not None:
        served.extend(len(run.outcomes) for run in runs)
    if jobs == 1 or sum(len(run.todo) for run in runs) <= 1:
        for index, run in enumerate(runs):
            for step in run.todo:
                context = CheckContext(run.derivation,
                                       _dependency_outcomes(run.derivation, step, run.outcomes))
                run.finished(step, _check_one(step, config, context))
            if done is not None:
                done(index)
    else:
        _check_parallel(runs, config, jobs, done)
    return [run.result() for run in runs]


class _Run:
    """One derivation's steps to check: what the cache served, what is left (``todo``) and
    what is done (``outcomes``)."""

    def __init__(self, derivation: Derivation, config: CheckConfig, cache: Cache | None,
                 progress: Progress | None, steps: Sequence[str] | None):
        self.derivation, self.cache, self.progress = derivation, cache, progress
        self.keys = step_keys(derivation, config) if cache is not None else {}
        self.outcomes: dict[str, Outcome] = {}
        self.wanted = derivation.steps if steps is None else _with_references(derivation, steps)
        self.todo: list[Step] = []
        for step in self.wanted:
            cached = cache.get(self.keys[step.id]) if cache is not None else None
            if cached is not None:
                self.outcomes[step.id] = cached
                _report(progress, len(self.outcomes), len(self.wanted), step.id)
            else:
                self.todo.append(step)

    def finished(self, step: Step, outcome: Outcome) -> None:
        self.outcomes[step.id] = outcome
        if self.cache is not None and outcome.verdict is not Verdict.ERROR:
            self.cache.put(self.keys[step.id], outcome)  # an error may be the machine's: try again next time
        _report(self.progress, len(self.outcomes), len(self.wanted), step.id)

    def result(self) -> dict[str, Outcome]:
        return {step.id: self.outcomes[step.id] for step in self.wanted}


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


def _chain_after(run: _Run) -> dict[str, int]:
    """For each step to check, how many steps the longest chain of steps resting on it holds
    (itself included): 1 for a step that no other step to check waits for."""
    waiting: dict[str, list[str]] = {step.id: [] for step in run.todo}
    for step in run.todo:
        for ref in step.references:
            if ref in waiting:
                waiting[ref].append(step.id)
    length: dict[str, int] = {}

    def of(step_id: str, seen: frozenset = frozenset()) -> int:
        if step_id not in length:
            if step_id in seen:   # a cycle cannot be in a validated derivation: never loop
                return 0
            inner = seen | {step_id}
            length[step_id] = 1 + max((of(later, inner) for later in waiting[step_id]), default=0)
        return length[step_id]

    for step in reversed(run.todo):   # later steps first: short recursions
        of(step.id)
    return length


def _costly(step: Step) -> bool:
    """Whether a step is checked by a measurement (rule ``experiment``): seconds, not tenths."""
    rule = getattr(step, "rule", None)
    return getattr(rule, "name", None) == "experiment"


def _check_parallel(runs: Sequence[_Run], config: CheckConfig, jobs: int,
                    done: Callable[[int], None] | None = None) -> None:
    # Each check already runs in its own forked child with hard limits (check_step_limited),
    # so a thread per running step only waits for its child: the children run in parallel.
    # Load every checker family here, once: threads racing to import them could fork a
    # child whose registry is still half-filled ("no checker applies").
    registered_checkers()
    registered_rules()
    # (derivation's index, step's index in its todo, step), the steps with the longest chain
    # of steps waiting for them first (a chain of small steps after one long step, as at the
    # end of informer_lemma1, would otherwise run last, one step at a time), then earlier
    # derivations, then step order. The order only decides when a step starts, never its
    # context: every outcome stays the one ``check_derivation`` gives.
    # Among steps with chains as long, an experiment (seeded draws, the costliest checks of the
    # reports) starts first, so that it does not end the run alone on one core.
    chains = [_chain_after(run) for run in runs]
    pending = sorted(((r, k, step) for r, run in enumerate(runs) for k, step in enumerate(run.todo)),
                     key=lambda entry: (-chains[entry[0]][entry[2].id], not _costly(entry[2]),
                                        entry[0], entry[1]))
    left = [len(run.todo) for run in runs]
    for r, count in enumerate(left):
        if not count and done is not None:
            done(r)
    running: dict[Future, tuple[int, int, Step]] = {}
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="stepcheck") as pool:
        while pending or running:
            for entry in list(pending):
                if len(running) >= jobs:
                    break
                run, step = runs[entry[0]], entry[2]
                if all(ref in run.outcomes for ref in step.references):
                    pending.remove(entry)
                    context = CheckContext(run.derivation,
                                           _dependency_outcomes(run.derivation, step, run.outcomes))
                    running[pool.submit(_check_one, step, config, context)] = entry
            if not running:
                # every pending step waits for a step that never ran: cannot happen in a
                # validated derivation, but never spin forever
                for r, _, step in pending:
                    runs[r].finished(step, Outcome(Verdict.ERROR, (Evidence(
                        "error", "a step it depends on was never checked"),)))
                    left[r] -= 1
                    if not left[r] and done is not None:
                        done(r)
                return
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: running[f][:2]):
                r, _, step = running.pop(future)
                runs[r].finished(step, future.result())  # _check_one never raises
                left[r] -= 1
                if not left[r] and done is not None:
                    done(r)
