r"""``stepcheck export``: a document's steps as paper-ready LaTeX.

Consecutive steps where the next step's left side equals this step's right side form one
chain, printed as one ``align`` block (``a &= b``, then ``&\le c``); each row carries
``\label{<doc>:<step-id>}``. Status marks (a coloured symbol per verdict, colours given
inline with ``\textcolor[rgb]``) are on by default and off with ``--no-status``. The
output needs amsmath and amssymb, plus xcolor when marks are on; its first lines say so.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from symbolic.cache import write_atomic
from symbolic.commands import ExitCode
from symbolic.commands.targets import load_document, parse_target
from symbolic.errors import UnknownDocumentError, UsageError
from symbolic.model import Derivation, Outcome, Step, Verdict

MARKS = {
    Verdict.PROVED: r"\textcolor[rgb]{0,0.5,0}{\checkmark}",
    Verdict.VERIFIED: r"\textcolor[rgb]{0,0.3,0.7}{\checkmark^{\mathrm{num}}}",
    Verdict.APPROXIMATE: r"\textcolor[rgb]{0.85,0.45,0}{\approx}",
    Verdict.REFUTED: r"\textcolor[rgb]{0.75,0,0}{\times}",
}
UNDECIDED_MARK = r"\textcolor[rgb]{0.5,0.5,0.5}{?}"
SHAKY_MARK = r"\textcolor[rgb]{0.85,0.45,0}{{}^{\triangle}}"
LEGEND = ("% marks: \\checkmark proved (symbolic proof), \\checkmark^{num} verified (numerically), "
          "\\approx approximate, \\times refuted, ? undecided; "
          "a triangle: rests on a step that is not fully proved")


@dataclass(frozen=True)
class Row:
    """One row of an align block: ``lhs`` is None when the row continues the chain."""

    step_id: str
    lhs: str | None
    relation: str
    rhs: str
    mark: str | None = None


def select_steps(derivation: Derivation, step_ids: tuple[str, ...] | None) -> list[Step]:
    """The steps to export (with claims), in the order asked for (document order for all)."""
    if step_ids is None:
        return [s for s in derivation.steps if s.claim is not None]
    known = {s.id: s for s in derivation.steps}
    steps = []
    for step_id in step_ids:
        if step_id not in known:
            raise UnknownDocumentError(f"{derivation.id} has no step {step_id!r} "
                                       f"(steps: {', '.join(known)})")
        if known[step_id].claim is None:
            raise UsageError(f"step {derivation.id}:{step_id} is prose and has no formula "
                             "to export; leave it out")
        steps.append(known[step_id])
    return steps


def chains(steps: list[Step], marks: dict[str, str] | None = None) -> list[list[Row]]:
    """The rows of the steps, grouped into chains (one align block each)."""
    from symbolic.latex import to_latex

    blocks: list[list[Row]] = []
    previous: Step | None = None
    for step in steps:
        claim = step.claim
        mark = marks.get(step.id) if marks else None
        rhs = to_latex(claim.rhs)
        continues = previous is not None and claim.lhs == previous.claim.rhs
        if continues:
            blocks[-1].append(Row(step.id, None, claim.relation.value, rhs, mark))
        else:
            blocks.append([Row(step.id, to_latex(claim.lhs), claim.relation.value, rhs, mark)])
        previous = step
    return blocks


def status_marks(derivation: Derivation, outcomes: dict[str, Outcome]) -> dict[str, str]:
    """The status mark of every step, with a triangle on a step resting on unproved steps."""
    from symbolic.render.rows import build_rows

    rows = build_rows(derivation, outcomes)
    return {row.id: MARKS.get(row.verdict, UNDECIDED_MARK) + (SHAKY_MARK if row.shaky else "")
            for row in rows.steps}


def render_export(derivation: Derivation, blocks: list[list[Row]], *, status: bool) -> str:
    """The exported LaTeX text."""
    packages = "amsmath,amssymb" + (",xcolor" if status else "")
    lines = [f"% stepcheck export of document {derivation.id}",
             f"% needs: \\usepackage{{{packages}}}"]
    if status:
        lines.append(LEGEND)
    for block in blocks:
        lines.append(r"\begin{align}")
        for k, row in enumerate(block):
            left = row.lhs if row.lhs is not None else ""
            mark = rf" \qquad {row.mark}" if status and row.mark else ""
            end = r" \\" if k < len(block) - 1 else ""
            lines.append(f"  {left} &{row.relation} {row.rhs}{mark} "
                         f"\\label{{{derivation.id}:{row.step_id}}}{end}")
        lines.append(r"\end{align}")
    return "\n".join(lines) + "\n"


def export_text(derivation: Derivation, step_ids: tuple[str, ...] | None = None, *,
                status: bool = True, outcomes: dict[str, Outcome] | None = None) -> str:
    """The paper-ready LaTeX of a derivation's steps (checking them when status marks need it)."""
    steps = select_steps(derivation, step_ids)
    marks = None
    if status:
        if outcomes is None:
            from symbolic.commands.report import check_documents
            outcomes = check_documents([derivation])[0][1]
        marks = status_marks(derivation, outcomes)
    return render_export(derivation, chains(steps, marks), status=status)


def run(args) -> ExitCode:
    """``stepcheck export DOC[:ID,...] [--no-status] [-o FILE]``."""
    target = parse_target(args.target)
    derivation = load_document(target.document)
    text = export_text(derivation, target.steps, status=not args.no_status)
    if args.output:
        write_atomic(Path(args.output), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return ExitCode.OK


run_export = run   # the name it had
