"""Batch checking on a Dask cluster: ``stepcheck check --scheduler ADDRESS FILES...``.

The claims are read here, exactly as ``stepcheck check`` reads them (``commands.inputs``);
each claim is then checked on a Dask worker by the same function the local run uses
(``commands.chain.check_item``: the LaTeX read in a forked child under the hard budget, each
link checked in its own forked child), so the verdicts, evidence and counterexamples are the local run's. The
results come back in input order and are printed or written (``--output``, JSONL) like a local
run's. The scheduler address is ``--scheduler`` or the environment variable
``STEPCHECK_SCHEDULER``; ``dask[distributed]`` is the optional extra ``dask``.
"""
from __future__ import annotations

import multiprocessing
import threading

from symbolic.commands.chain import check_item, check_target, reader_options
from symbolic.commands.inputs import Checked, collect, read_targets
from symbolic.config import CheckConfig
from symbolic.errors import StepcheckError

_WARM = threading.Lock()
_warmed = False


def _allow_budget_children() -> None:
    """Let this worker fork the budget's child processes, once per worker process.

    A Dask worker started by a nanny is a daemonic multiprocessing process, and
    multiprocessing refuses to start children from one ("daemonic processes are not allowed
    to have children"). The budget's child is killed by the budget itself and never outlives
    the call, so the rule (which exists to avoid orphans) is lifted for this process.
    The reader and every checker family are warmed here too (``commands.warm``), so each
    forked child starts warm.
    """
    global _warmed
    with _WARM:
        if _warmed:
            return
        multiprocessing.current_process()._config["daemon"] = False
        from symbolic.commands import warm
        warm.warm()   # the reader's tables and every checker family, inherited by the forks
        _warmed = True


def _remote_item(item, assume, config, options):
    _allow_budget_children()
    return check_item(item, assume, config, options)


def _remote_encoded(target, config):
    _allow_budget_children()
    return check_target(target, config), []


def check_batch_dask(targets, *, scheduler: str, assume: tuple[str, ...] = (),
                     config: CheckConfig = CheckConfig(), functions: tuple[str, ...] = (),
                     progress=None, sink=None) -> Checked:
    """``commands.check.check_targets`` with every claim checked on the Dask cluster at ``scheduler``.

    ``progress(done, total, item)`` and ``sink(links, unreadable)`` behave as in
    ``check_targets`` (the sink receives results in input order).
    """
    try:
        from distributed import Client, as_completed
    except ImportError as exc:
        raise StepcheckError("--scheduler needs dask.distributed: pip install 'stepcheck[dask]'") from exc

    options = reader_options(functions)
    items, encoded, displays, from_files = read_targets(targets)
    results: list = [None] * len(items)
    emitted = 0
    try:
        client = Client(scheduler, timeout="30s")
    except (OSError, TimeoutError) as exc:
        raise StepcheckError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
    try:
        futures = {}
        for k, item in enumerate(items):
            if k in encoded:
                future = client.submit(_remote_encoded, encoded[k], config, pure=False)
            else:
                future = client.submit(_remote_item, item, assume, config, options, pure=False)
            futures[future] = k
        for done, future in enumerate(as_completed(futures), 1):
            k = futures[future]
            results[k] = future.result()
            if progress:
                progress(done, len(items), items[k])
            while sink is not None and emitted < len(items) and results[emitted] is not None:
                sink(*results[emitted])
                emitted += 1
    finally:
        client.close()
    if progress:
        progress.close()
    return collect(results, displays, from_files)
