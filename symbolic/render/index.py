"""``README.md`` of the report folder: a table of documents and their verdict counts."""
from __future__ import annotations

from typing import Sequence

from symbolic.render.markdown import prose
from symbolic.render.rows import INDEX_COLUMNS, DocumentRow


def render_index(docs: Sequence[DocumentRow]) -> str:
    """The index of a report folder, linking each document's Markdown report."""
    header = ["document", "title", "steps"] + [v.value for v in INDEX_COLUMNS] + ["other"]
    lines = ["# stepcheck reports", "",
             "Each document's steps, checked by `stepcheck report`. *proved*: a symbolic proof "
             "over the whole stated domain; *verified*: high-precision numeric checks or "
             "finitely many instances; *refuted*: a certified counterexample; *approximate*: "
             "within the stated tolerance over the stated regime; *other*: inconclusive, "
             "timeout, prose or error. `summary.json` has every step in machine-readable form.",
             "", "| " + " | ".join(header) + " |", "|---|---|" + "---:|" * (len(header) - 2)]
    for doc in docs:
        counts = doc.counts
        cells = [f"[{doc.id}]({doc.id}.md)", prose(doc.title), str(len(doc.steps))]
        cells += [str(counts[v.value]) for v in INDEX_COLUMNS] + [str(doc.other_count)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
