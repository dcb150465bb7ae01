"""The Markdown report of one document, with maths that GitHub renders.

Inline maths uses GitHub's ``$`...`$`` form and displays use ```` ```math ```` blocks,
so Markdown never reads an underscore inside a formula as emphasis. Quotes are shown
verbatim in ``text`` code blocks: they are LaTeX source with Chinese prose, and a
reader must be able to find them in the document character for character.
"""
from __future__ import annotations

import re

from symbolic.model import Verdict
from symbolic.render.rows import (DocumentRow, StepRow, decisive_evidence, name_latex, prose_pieces,
                                  value_latex)
from symbolic.render.styles import VERDICT_STYLES

BADGES = {verdict: style.badge for verdict, style in VERDICT_STYLES.items()}

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|$~])")


def escape(text: str) -> str:
    """Plain text that Markdown shows literally (one line)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def prose(text: str, *, table: bool = False) -> str:
    """A sentence of the tool or of a gloss (one line): its maths (``$...$``, assignments,
    ASCII relations; see ``prose_pieces``) as GitHub maths, the words escaped; in a
    ``table`` cell the maths spells ``|`` as ``\\vert``."""
    out = []
    for kind, piece in prose_pieces(" ".join(text.split())):
        if kind == "math":
            out.append(_math(_table_math(piece) if table else piece))
        else:  # escape() trims; the spaces around the maths stay
            lead, trail = piece[:len(piece) - len(piece.lstrip())], piece[len(piece.rstrip()):]
            out.append(lead + escape(piece) + trail if piece.strip() else piece)
    return "".join(out)


def badge(verdict: Verdict) -> str:
    return f"{BADGES[verdict]} **{verdict.value}**"


def _math(latex: str) -> str:
    return f"$`{latex}`$"


def _table_math(latex: str) -> str:
    """Maths for a table cell: a ``|`` would end the cell, so it is spelled ``\\vert``."""
    return latex.replace(r"\|", r"\Vert ").replace("|", r"\vert ")


def _code_block(text: str, info: str = "text") -> list[str]:
    fence = "```"
    while fence in text:
        fence += "`"
    return [fence + info, text.strip("\n"), fence]


def _anchor(step_id: str) -> str:
    return f"step-{step_id.lower()}"


def _link(step_id: str) -> str:
    return f"[`{step_id}`](#{_anchor(step_id)})"


def render_markdown(doc: DocumentRow) -> str:
    """The Markdown report of one document."""
    lines = [f"# {prose(doc.title)}", "",
             f"Document `{doc.id}`, source `{doc.source}`. "
             "Quotes are the document's own words; a ⚠️ marks a step that builds on a step that "
             "is not fully proved.", ""]
    if doc.description:
        lines += [prose(doc.description), ""]
    counts = doc.counts
    present = [v for v in Verdict if counts[v.value]]
    lines += ["| steps | " + " | ".join(badge(v) for v in present) + " |",
              "|---:|" + "---:|" * len(present),
              f"| {len(doc.steps)} | " + " | ".join(str(counts[v.value]) for v in present) + " |", ""]
    lines += ["| step | claim | verdict | notes |", "|---|---|---|---|"]
    for step in doc.steps:
        claim = _math(_table_math(step.claim_latex)) if step.claim_latex is not None else f"*{step.kind}*"
        notes = []
        if step.corrects:
            notes.append("corrects " + _link(step.corrects))
        if step.corrected_by:
            notes.append("corrected by " + ", ".join(_link(s) for s in step.corrected_by))
        if step.shaky:
            notes.append("⚠️ rests on " + ", ".join(_link(r) for r, _ in step.shaky))
        lines.append(f"| {_link(step.id)} | {claim} | {badge(step.verdict)} | {'; '.join(notes) or ' '} |")
    lines.append("")
    for step in doc.steps:
        lines += _step(step)
    lines += _figures(doc)
    return "\n".join(lines).rstrip("\n") + "\n"


def _step(step: StepRow) -> list[str]:
    mark = " ⚠️ rests on unproved steps" if step.shaky else ""
    lines = [f'<a id="{_anchor(step.id)}"></a>', "",
             f"## `{step.id}` {badge(step.verdict)}{mark}", ""]
    facts = [f"*{step.kind}*"]
    if step.rule:
        rule = f"rule `{step.rule}`"
        if step.premises:
            rule += " from " + ", ".join(_link(p) for p in step.premises)
        facts.append(rule)
    if step.depends_on:
        facts.append("depends on " + ", ".join(_link(d) for d in step.depends_on))
    lines += [" · ".join(facts), ""]
    if step.quote.strip():
        lines += _code_block(step.quote) + [""]
    if step.gloss:
        lines += [f"*{prose(step.gloss)}*", ""]
    if step.claim_latex is not None:
        lines += _code_block(step.claim_latex, "math") + [""]
    if step.counterexample:
        lines += ["**Counterexample:** " + ", ".join(
            _value(n, v) for n, v in step.counterexample), ""]
    decided, attempts = decisive_evidence(step)
    if decided:
        lines += ["**Evidence:**", ""]
        lines += [f"- **{escape(e.method)}**: {prose(e.detail)}" for e in decided]
        lines.append("")
    if attempts:
        lines += ["*Did not decide:* " + ", ".join(f"`{e.method}`" for e in attempts), ""]
    if step.assumptions:
        lines += ["**Assumptions:** " + ", ".join(_math(a) for a in step.assumptions), ""]
    if step.regime:
        lines += [f"**Regime:** {prose(step.regime)}", ""]
    if step.corrects:
        lines += [f"**Corrects** step {_link(step.corrects)}.", ""]
    if step.corrected_by:
        lines += ["**Corrected by** " + ", ".join(_link(s) for s in step.corrected_by) + ".", ""]
    if step.shaky:
        lines += ["⚠️ **Rests on steps that are not fully proved:** " + "; ".join(
            f"{_link(ref)} ({escape(why)})" for ref, why in step.shaky), ""]
    if step.table:
        lines += _table(step.table) + [""]
    for name in step.figures:
        lines += [f"![{escape(name)}]({name})", ""]
    return lines


def _value(name: str, value: str) -> str:
    n, v = name_latex(name), value_latex(value)
    if n is not None and v is not None:
        return _math(f"{n} = {v}")
    # a name that is a phrase (an experiment's statistic) is prose with its maths typeset
    shown = prose(name) if "$" in name else f"`{name}`"
    if v is not None:
        return shown + " = " + _math(v)
    # a value that is a sentence with maths (a model) is prose; anything else is shown as printed
    return shown + " = " + (prose(value) if "$" in value else f"`{value}`")


def _cell(text: str) -> str:
    """A table cell: its maths (``$...$``) as GitHub maths, with no ``|`` that would end the cell."""
    if "$" not in text:
        return escape(text) or " "
    return prose(text, table=True) or " "


def _table(table) -> list[str]:
    width = max(len(row) for row in table)
    rows = [list(row) + [""] * (width - len(row)) for row in table]
    lines = ["| " + " | ".join(_cell(c) for c in rows[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows[1:]]
    return lines


def _figures(doc: DocumentRow) -> list[str]:
    if not doc.figures:
        return []
    lines = ["## Figures", ""]
    if doc.figures_note:
        return lines + [prose(doc.figures_note), ""]
    for figure in doc.figures:
        lines += [f"![{escape(figure.caption)}]({figure.path})", "", f"*{prose(figure.caption)}*", ""]
    return lines
