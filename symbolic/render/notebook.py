"""Rich display in Jupyter: steps, outcomes and derivations as typeset math with verdicts.

``symbolic/__init__.py`` registers the ``*_repr_*`` functions here as IPython formatters
for ``Step``, ``Outcome`` and ``Derivation`` when IPython is running (as
``sympy.init_printing`` does), so the data model imports no display code.
``Checked(derivation, outcomes)`` shows a derivation with the verdict of each step;
``symbolic.check_derivation`` results can be wrapped in it for display.

The escapes here target MathJax's ``\\text`` and Jupyter's Markdown, not pdflatex and
GitHub as the reports' do, so they are this module's own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from symbolic.model import Verdict
from symbolic.render.rows import assumption_latex, name_latex, value_latex
from symbolic.render.styles import VERDICT_STYLES


# Printing orders terms numerically, which evaluates them: an unevaluated 9^(9^(9^9)) would
# never print. Displays get this long, then show a placeholder.
PRINT_BUDGET_S = 2.0


def claim_latex(claim) -> str:
    """The house LaTeX of a claim, or a placeholder when printing fails or runs too long."""
    from symbolic.latex import claim_to_latex
    return _bounded(lambda: claim_to_latex(claim), r"\text{(claim too large to print)}")


def step_latex(step) -> str:
    """The LaTeX body (no ``$``) of a step's claim: its own LaTeX, else the printed claim."""
    if step.latex:
        return step.latex
    if step.claim is None:
        return r"\text{%s}" % escape_text(_short(step.quote, 80))
    return claim_latex(step.claim)


def assumptions_latex(step) -> list[str]:
    """What a step assumes, as LaTeX: its facts, then its symbols' own assumptions (``x > 0``)."""
    def make():
        return list(assumption_latex(step))
    found = _bounded(make, None)
    return found if found is not None else [_expr_latex(a) for a in step.assumptions]


def _bounded(make, fallback: str) -> str:
    from symbolic.budget import SoftTimeout, soft_deadline
    try:
        with soft_deadline(PRINT_BUDGET_S):
            return make()
    except (SoftTimeout, RecursionError, Exception):  # a display must never raise or hang
        return fallback


def verdict_latex(verdict) -> str:
    """A coloured ``\\text`` tag for a verdict, for use inside math."""
    name, style = _style(verdict)
    return r"\color{%s}{\text{%s}}" % (style.web_colour if style else "black", name)


def verdict_markdown(verdict) -> str:
    """A verdict in Markdown: a mark and the word in bold."""
    name, style = _style(verdict)
    return "%s **%s**" % (style.mark if style else "", name)


# --- Step -------------------------------------------------------------------------------

def step_repr_latex(step) -> str:
    """``Step._repr_latex_``: the claim as display math, tagged with the step id."""
    return r"$$%s \qquad \text{(%s)}$$" % (step_latex(step), escape_text(step.id))


def step_repr_markdown(step) -> str:
    """``Step._repr_markdown_``: id, kind, the claim as math, assumptions and the quote."""
    lines = ["**%s** (%s)" % (escape_markdown(step.id), step.kind.value), "",
             "$$%s$$" % step_latex(step)]
    assumed = assumptions_latex(step)
    if assumed:
        lines += ["", "assuming " + ", ".join("$%s$" % a for a in assumed)]
    if step.rule is not None:
        lines += ["", "rule: `%s`" % step.rule.name]
    if step.quote and step.claim is not None and step.quote != step.latex:
        lines += ["", "> " + escape_markdown(_short(step.quote, 300))]
    return "\n".join(lines)


# --- Outcome ----------------------------------------------------------------------------

def outcome_repr_latex(outcome) -> str:
    """``Outcome._repr_latex_``: the verdict, and the counterexample as values."""
    body = verdict_latex(outcome.verdict)
    if outcome.counterexample:
        body += r"\quad \text{at } " + counterexample_latex(outcome.counterexample)
    return "$$%s$$" % body


def outcome_repr_markdown(outcome) -> str:
    """``Outcome._repr_markdown_``: verdict, counterexample and every piece of evidence."""
    lines = [verdict_markdown(outcome.verdict)]
    if outcome.counterexample:
        lines += ["", "counterexample: $%s$" % counterexample_latex(outcome.counterexample)]
    if outcome.evidence:
        lines.append("")
        lines += ["- `%s`: %s" % (e.method, escape_markdown(e.detail)) for e in outcome.evidence]
    return "\n".join(lines)


def counterexample_latex(counterexample) -> str:
    """``x = -1.5,\\ y = 2`` from ``(("x", "-1.5"), ("y", "2"))`` (names kept as LaTeX)."""
    return r",\ ".join("%s = %s" % (_name_latex(name), _number_latex(value))
                       for name, value in counterexample)


# --- Derivation -------------------------------------------------------------------------

def derivation_repr_latex(derivation, outcomes: Mapping | None = None) -> str:
    """``Derivation._repr_latex_``: one row per step (id, claim, and verdict when known)."""
    rows = []
    for step in derivation.steps:
        row = r"\text{%s} & %s" % (escape_text(step.id), step_latex(step))
        outcome = (outcomes or {}).get(step.id)
        if outcome is not None:
            row += r" & %s" % verdict_latex(outcome.verdict)
        rows.append(row)
    columns = "lll" if outcomes else "ll"
    return r"$$\begin{array}{%s}%s\end{array}$$" % (columns, r" \\ ".join(rows))


def derivation_repr_markdown(derivation, outcomes: Mapping | None = None) -> str:
    """``Derivation._repr_markdown_``: title, then each step with its verdict when known."""
    lines = ["### %s" % escape_markdown(derivation.title or derivation.id), ""]
    if derivation.description:
        lines += [escape_markdown(derivation.description), ""]
    for step in derivation.steps:
        shown = ("$%s$" % step_latex(step) if step.claim is not None
                 else escape_markdown(_short(step.quote, 120)))
        line = "- **%s** (%s): %s" % (escape_markdown(step.id), step.kind.value, shown)
        outcome = (outcomes or {}).get(step.id)
        if outcome is not None:
            line += " — " + verdict_markdown(outcome.verdict)
            if outcome.counterexample:
                line += ", counterexample $%s$" % counterexample_latex(outcome.counterexample)
        lines.append(line)
    return "\n".join(lines)


@dataclass(frozen=True)
class Checked:
    """A derivation with its outcomes, displayed in a notebook with a verdict per step."""

    derivation: object
    outcomes: Mapping = field(default_factory=dict)

    def _repr_latex_(self) -> str:
        return derivation_repr_latex(self.derivation, self.outcomes)

    def _repr_markdown_(self) -> str:
        return derivation_repr_markdown(self.derivation, self.outcomes)


# --- escaping ---------------------------------------------------------------------------

_TEXT_ESCAPES = {"\\": r"\backslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "%": r"\%",
                 "&": r"\&", "#": r"\#", "_": r"\_", "^": r"\^{}", "~": r"\~{}"}
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|$])")


def escape_text(text: str) -> str:
    """Prose safe inside ``\\text{...}``: every LaTeX special character escaped."""
    return "".join(_TEXT_ESCAPES.get(ch, ch) for ch in " ".join(str(text).split()))


def escape_markdown(text: str) -> str:
    """Prose safe in Markdown: no accidental emphasis, links, HTML or math."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def _short(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _style(verdict):
    name = getattr(verdict, "value", str(verdict))
    try:
        return name, VERDICT_STYLES[Verdict(name)]
    except ValueError:
        return name, None


def _expr_latex(expr) -> str:
    from symbolic.latex import to_latex
    return _bounded(lambda: to_latex(expr), r"\text{(too large to print)}")


def _name_latex(name: str) -> str:
    # Counterexample names come from checkers; anything the reports cannot typeset is shown
    # as text so that a strange name cannot break the math.
    found = name_latex(name)
    return found if found is not None else r"\text{%s}" % escape_text(name)


def _number_latex(value: str) -> str:
    found = _bounded(lambda: value_latex(value), None)
    return found if found is not None else r"\text{%s}" % escape_text(value)
