"""Conversion artifacts of published LaTeX that have one reading: ``q_{i}^\\topk_{j}``.

Converters from a paper's source to HTML (LaTeXML, as on arXiv's HTML pages) print
``q_{i}^{\\top}k_{j}`` as ``q_{i}^\\topk_{j}``: the braces around ``\\top`` are lost and the next
letter runs into it. ``\\topk`` is an undefined control sequence (TeX stops on it), so it is
no other formula; and ``^\\top`` followed by a subscripted one-letter name is the transpose of
the vector before it times that vector. Only that shape is read: ``^`` right before the
command, one ASCII letter after ``\\top``, and a subscript right after it (``k_{j}``, ``v_j``).
Anything else stays an unknown command (``\\topk(x)`` may be a paper's top-k macro;
``\\topdP`` may be ``^\\top dP`` or ``^\\top d P``).
"""
from __future__ import annotations

import re

__all__ = ["joined_transposes"]

_JOINED = re.compile(r"\^\s*\\top([A-Za-z])(?=\s*_)")


def joined_transposes(latex: str) -> tuple[str, tuple[str, ...]]:
    """The text with ``^\\top<letter>_`` split into ``^{\\top} <letter>_``, and a note per kind."""
    found = sorted({m.group(1) for m in _JOINED.finditer(latex)})
    if not found:
        return latex, ()
    text = _JOINED.sub(lambda m: r"^{\top} " + m.group(1), latex)
    shown = ", ".join(f"\\top{x}" for x in found)
    return text, (f"{shown} (an undefined command, a converter's artifact) is read as \\top "
                  "followed by the vector after it",)
