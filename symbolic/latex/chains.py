"""The displayed relation chains of a .tex source, as LaTeX strings (``symbolic.latex.document``
reads them with their line numbers and the reasons for the ones it cannot read)."""
from __future__ import annotations


def extract_chains(tex_source: str) -> list[str]:
    """Every readable chain of every display (equation, align, ``$$``, ``\\[..\\]``), in document order.

    Rows of an ``align`` are joined when a row continues the chain (it starts with a relation,
    as in ``&\\le c``); a row with its own left side starts a new chain. ``\\label``, ``\\tag``,
    ``\\nonumber``, inner ``aligned``/``split``, size commands and comments are dropped; user
    macros are expanded; empty displays are skipped. Displays that cannot be read are left
    out here: ``symbolic.latex.document.read_document`` lists them with their reasons.
    """
    from symbolic.latex.document import read_document
    return [chain.latex for chain in read_document(tex_source) if chain.problem is None]
