"""``summary.json``: every document's steps and verdicts (format 1, described in docs/cli.md).

A step's evidence here is what decided or supports its verdict (every attempt when nothing
decided): the attempts that decided nothing beside a verdict are left out, because whether a
SymPy strategy ran out of its soft budget before giving up depends on the machine's load.
"""
from __future__ import annotations

import json
from typing import Sequence

from symbolic.model import Role
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
        "evidence": [{"method": e.method, "detail": e.detail} for e in _telling(step.evidence)],
        "counterexample": (dict(step.counterexample) if step.counterexample else None),
        "corrects": step.corrects,
        "depends_on": list(step.depends_on),
        "rule": step.rule,
    }


def _telling(evidence):
    """The evidence that decided or supports the verdict; all of it when none did."""
    telling = tuple(e for e in evidence if e.role is not Role.ATTEMPT)
    return telling or tuple(evidence)
