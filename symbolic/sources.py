"""Source documents: finding quotes and formulas in them.

A quote is verbatim when, after every run of whitespace is collapsed to one space, it is
a substring of the (collapsed) source. The formulas of a document are its ``$...$``,
``$$...$$`` and ``\\begin{equation}...\\end{equation}`` spans; every one of them must lie
inside some step's quote.
"""
from __future__ import annotations

import re
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "proofs" / "sources"

_FORMULA = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\begin\{equation\}(.+?)\\end\{equation\}", re.S)


def collapse(text: str) -> str:
    """The text with every run of whitespace turned into one space, stripped."""
    return " ".join(text.split())


def source_text(name: str) -> str:
    """The text of a seed document shipped in ``proofs/sources``."""
    return (SOURCES / name).read_text(encoding="utf-8")


def is_verbatim(quote: str, source: str) -> bool:
    return collapse(quote) in collapse(source)


def formulas(source: str) -> list[str]:
    """Every display or inline formula of a document, whitespace-collapsed."""
    return [collapse(next(g for g in m.groups() if g is not None)) for m in _FORMULA.finditer(source)]


def uncovered_formulas(source: str, quotes) -> list[str]:
    """The formulas of ``source`` that no quote contains."""
    joined = [collapse(q) for q in quotes]
    return [f for f in formulas(source) if f and not any(f in q for q in joined)]
