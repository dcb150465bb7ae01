"""``summary.json``: every document's steps and verdicts, in CONTRACT.md's shape (format 1)."""
from __future__ import annotations

import json
from typing import Sequence

from symbolic.render.rows import DocumentRow, StepRow

FORMAT_VERSION = 1


def summary_data(docs: Sequence[DocumentRow]) -> dict:
    """The summary as plain data (what ``render_summary`` writes)."""
    return {"format": FORMAT_VERSION, "documents": [_document(doc) for doc in docs]}


def render_summary(docs: Sequence[DocumentRow]) -> str:
    """The text of ``summary.json``: sorted keys, two-space indent, UTF-8, a final newline."""
    return json.dumps(summary_data(docs), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _document(doc: DocumentRow) -> dict:
    return {"id": doc.id, "title": doc.title, "source": doc.source, "counts": doc.counts,
            "steps": [_step(step) for step in doc.steps]}


def _step(step: StepRow) -> dict:
    return {
        "id": step.id,
        "kind": step.kind,
        "quote": step.quote,
        "claim_latex": step.claim_latex,
        "assumptions": list(step.assumptions),
        "verdict": step.verdict.value,
        "evidence": [{"method": e.method, "detail": e.detail} for e in step.evidence],
        "counterexample": (dict(step.counterexample) if step.counterexample else None),
        "corrects": step.corrects,
        "depends_on": list(step.depends_on),
        "rule": step.rule,
    }
