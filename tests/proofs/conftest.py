"""Shared fixtures of the document tests: each document is checked once per session, and
each document's verdict table (``verdicts/<doc>.py``) is loaded by its path."""
import functools
import importlib.util
from pathlib import Path

import pytest

import proofs
from symbolic.config import CheckConfig
from symbolic.runner import check_derivation

# The configuration of `stepcheck report` (its REPORT_CONFIG is the default CheckConfig()),
# so the tests see the reports' verdicts.
CONFIG = CheckConfig()
VERDICTS = Path(__file__).resolve().parent / "verdicts"


@functools.lru_cache(maxsize=None)
def outcomes_of(doc_id: str):
    """Every step's outcome, each step in a forked child under the hard budget."""
    return check_derivation(proofs.load(doc_id), config=CONFIG, jobs=2)


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
