"""Every step of every document gets the verdict its document's table expects.

The tables (``verdicts/<doc>.py``) were decided by hand, each row with its reason; they are
data, not code: this one test compares them with the engine for all documents alike. A
document with no table, or a table whose steps are not the document's steps in order,
fails here too.
"""
import functools
import importlib.util
from pathlib import Path

import pytest

import proofs

VERDICTS = Path(__file__).resolve().parent / "verdicts"
DOCS = proofs.document_ids()


@functools.lru_cache(maxsize=None)
def _table(doc_id: str):
    # conftest's loader, repeated because parametrising happens before fixtures exist
    spec = importlib.util.spec_from_file_location(f"verdicts_{doc_id}", VERDICTS / f"{doc_id}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows():
    for doc_id in DOCS:
        if (VERDICTS / f"{doc_id}.py").is_file():
            for step_id, verdict, reason in _table(doc_id).EXPECTED:
                yield pytest.param(doc_id, step_id, verdict, reason, id=f"{doc_id}:{step_id}")


def test_every_document_has_a_verdict_table():
    tables = {p.stem for p in VERDICTS.glob("*.py")}
    assert tables == set(DOCS), f"tables without a document: {tables - set(DOCS)}; " \
                                f"documents without a table: {set(DOCS) - tables}"


@pytest.mark.parametrize("doc_id", DOCS)
def test_every_step_has_an_expected_verdict(doc_id):
    assert [row[0] for row in _table(doc_id).EXPECTED] == [s.id for s in proofs.load(doc_id).steps]


@pytest.mark.parametrize("doc_id, step_id, verdict, reason", list(_rows()))
def test_step_verdict(document_outcomes, doc_id, step_id, verdict, reason):
    outcome = document_outcomes(doc_id)[step_id]
    assert outcome.verdict is verdict, (step_id, reason, outcome.evidence)
