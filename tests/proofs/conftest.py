"""Shared fixture of the document tests: each document is checked once per session."""
import functools

import pytest

import proofs
from symbolic.config import CheckConfig
from symbolic.runner import check_derivation

# The same budget as `stepcheck report`'s default, so the tests see the reports' verdicts.
CONFIG = CheckConfig(timeout_s=20)


@functools.lru_cache(maxsize=None)
def outcomes_of(doc_id: str):
    """Every step's outcome, each step in a forked child under the hard budget."""
    return check_derivation(proofs.load(doc_id), config=CONFIG, jobs=2)


@pytest.fixture(scope="session")
def document_outcomes():
    return outcomes_of
