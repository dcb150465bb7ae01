"""Shared fixtures of the document tests: each document is checked once per test run, and
each document's verdict table (``verdicts/<doc>.py``) is loaded by its path.

Under pytest-xdist the document test files land on both workers; the first worker to need a
document checks it into a step cache of this run (the tool's own content-addressed cache,
the one a warm `stepcheck report` reads) while the other waits on a lock and then reads it,
so no document is checked twice in one run."""
import fcntl
import functools
import importlib.util
import os
import tempfile
from pathlib import Path

import pytest

import proofs
from symbolic.cache import Cache
from symbolic.config import CheckConfig
from symbolic.runner import check_derivation

# The configuration of `stepcheck report` (its REPORT_CONFIG is the default CheckConfig()),
# so the tests see the reports' verdicts.
CONFIG = CheckConfig()
VERDICTS = Path(__file__).resolve().parent / "verdicts"


@functools.lru_cache(maxsize=None)
def outcomes_of(doc_id: str):
    """Every step's outcome, each step in a forked child under the hard budget."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:          # one process: the lru_cache is the run's cache
        return check_derivation(proofs.load(doc_id), config=CONFIG, jobs=2)
    root = Path(tempfile.gettempdir()) / f"stepcheck-proofs-{run}"
    root.mkdir(exist_ok=True)
    with open(root / f"{doc_id}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # the other worker is checking this document
        return check_derivation(proofs.load(doc_id), config=CONFIG, jobs=2, cache=Cache(root))


@functools.lru_cache(maxsize=None)
def load_verdict_table(doc_id: str):
    """The module ``verdicts/<doc_id>.py``: ``EXPECTED`` rows (step, verdict, reason) and,
    where a correction is measured rather than proved, ``VERIFIED_CORRECTIONS``."""
    spec = importlib.util.spec_from_file_location(f"verdicts_{doc_id}", VERDICTS / f"{doc_id}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def document_outcomes():
    return outcomes_of


@pytest.fixture(scope="session")
def verdict_table():
    return load_verdict_table
