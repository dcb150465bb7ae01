"""How each verdict looks in every presentation, side by side in one table.

The spellings differ on purpose: pdflatex's xcolor mixes (``green!50!black``) are not
colour names MathJax knows, and GitHub shows emoji badges where a notebook shows a plain
mark that survives copying as text. Keeping them in one row per verdict makes such a
difference a decision, not an accident of five tables.
"""
from __future__ import annotations

from dataclasses import dataclass

from symbolic.model import Verdict


@dataclass(frozen=True)
class VerdictStyle:
    """The marks and colours of one verdict in the report, on GitHub and in a notebook."""

    latex_colour: str    # xcolor expression of the report's verdict box (pdflatex)
    badge: str           # the Markdown report's emoji (GitHub)
    web_colour: str      # a colour name MathJax and KaTeX know (notebook tags)
    mark: str            # the notebook's Markdown mark beside the word


VERDICT_STYLES: dict[Verdict, VerdictStyle] = {
    Verdict.PROVED: VerdictStyle("green!50!black", "✅", "green", "✅"),
    Verdict.VERIFIED: VerdictStyle("blue!60!black", "☑️", "teal", "☑️"),
    Verdict.REFUTED: VerdictStyle("red!75!black", "❌", "red", "❌"),
    Verdict.APPROXIMATE: VerdictStyle("orange!85!black", "🟠", "olive", "≈"),
    Verdict.INCONCLUSIVE: VerdictStyle("gray", "❔", "gray", "❔"),
    Verdict.TIMEOUT: VerdictStyle("gray!70!black", "⏱️", "orange", "⏱"),
    Verdict.PROSE: VerdictStyle("black!45", "📝", "gray", "¶"),
    Verdict.ERROR: VerdictStyle("magenta!70!black", "💥", "purple", "⚠️"),
}
