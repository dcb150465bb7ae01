"""Reports: one data model (``rows``), many small reporters that never run a check.

``render_reports`` turns checked documents into the files of a report folder (in memory);
``write_reports`` writes them atomically. Reporters: ``latex`` (``<doc>.tex``),
``markdown`` (``<doc>.md``), ``summary`` (``summary.json``), ``index`` (``README.md``)
and ``figures`` (``figures/<name>.png``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from symbolic.errors import DerivationError
from symbolic.files import stale_files, write_atomic, write_reports  # noqa: F401 (offered here too)
from symbolic.model import Derivation, Outcome
from symbolic.render.figures import draw_figures
from symbolic.render.index import render_index
from symbolic.render.latex import render_latex
from symbolic.render.markdown import render_markdown
from symbolic.render.rows import DocumentRow, StepRow, build_rows
from symbolic.render.summary import render_summary, summary_data

__all__ = ["DocumentRow", "StepRow", "build_rows", "render_document", "render_index",
           "render_latex", "render_markdown", "render_reports", "render_summary", "stale_files",
           "summary_data", "write_reports"]


def render_document(derivation: Derivation, outcomes: Mapping[str, Outcome], *,
                    figure_cache: str | Path | None = None) -> tuple[DocumentRow, dict[str, bytes]]:
    """The rows of one document and its files: ``<doc>.tex``, ``<doc>.md`` and its figures.

    ``figure_cache`` (a folder) serves figures whose inputs are unchanged (``draw_figures``).
    """
    figures, note = draw_figures(derivation, cache=figure_cache)
    row = build_rows(derivation, outcomes, figures_note=note)
    files = dict(figures)
    files[f"{row.id}.tex"] = render_latex(row).encode("utf-8")
    files[f"{row.id}.md"] = render_markdown(row).encode("utf-8")
    return row, files


def render_reports(documents: Sequence[tuple[Derivation, Mapping[str, Outcome]]], *,
                   figure_cache: str | Path | None = None) -> dict[str, bytes]:
    """Every file of a report folder (relative path -> bytes) for checked documents."""
    files: dict[str, bytes] = {}
    owner: dict[str, str] = {}
    rows = []
    for derivation, outcomes in documents:
        row, document_files = render_document(derivation, outcomes, figure_cache=figure_cache)
        rows.append(row)
        for name in document_files:
            if name in owner:
                raise DerivationError(f"documents {owner[name]} and {row.id} both write {name}; "
                                      "give one of the figures (or documents) another name")
            owner[name] = row.id
        files.update(document_files)
    files["summary.json"] = render_summary(rows).encode("utf-8")
    files["README.md"] = render_index(rows).encode("utf-8")
    return dict(sorted(files.items()))


# write_reports and stale_files live in symbolic.files (no SymPy), offered here too
