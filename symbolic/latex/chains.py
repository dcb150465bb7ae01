"""Find the displayed relation chains of a .tex source (what ``stepcheck check file.tex`` checks)."""
from __future__ import annotations

import re

from symbolic.latex.lexer import RELATIONS

_ENVIRONMENTS = ("equation", "equation*", "align", "align*", "gather", "gather*", "multline",
                 "multline*", "eqnarray", "eqnarray*", "flalign", "flalign*")
_BLOCK = re.compile(
    r"\\begin\{(?P<env>" + "|".join(re.escape(e) for e in _ENVIRONMENTS) + r")\}(?P<body>.*?)\\end\{(?P=env)\}"
    r"|\$\$(?P<dollars>.*?)\$\$"
    r"|\\\[(?P<brackets>.*?)\\\]",
    re.S,
)
_DROP = re.compile(r"\\(?:label|tag\*?)\{[^{}]*\}|\\nonumber|\\notag"
                   r"|\\(?:begin|end)\{(?:aligned|split|gathered)\}(?:\[[a-z]\])?")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")
_ROW = re.compile(r"\\\\(?:\[[^\]]*\])?")
_STARTS_WITH_RELATION = re.compile(
    r"^(?:" + "|".join(re.escape(r) + (r"(?![A-Za-z])" if r[-1].isalpha() else "")
                       for r in sorted(RELATIONS, key=len, reverse=True)) + ")")


def extract_chains(tex_source: str) -> list[str]:
    """Every equation/align/``$$``/``\\[..\\]`` block as relation chains, in document order.

    Rows of an ``align`` are joined (``&`` removed, ``\\\\`` dropped) when a row continues the
    chain (it starts with a relation, as in ``&\\le c``); a row with its own left side starts a
    new chain. ``\\label``, ``\\tag``, ``\\nonumber``, inner ``aligned``/``split`` and comments are
    dropped; empty blocks are skipped.
    """
    source = _COMMENT.sub("", tex_source)
    chains: list[str] = []
    for m in _BLOCK.finditer(source):
        body = m.group("body") if m.group("env") else (m.group("dollars") or m.group("brackets") or "")
        body = _DROP.sub(" ", body)
        current: list[str] = []
        for row in _ROW.split(body):
            row = re.sub(r"\s+", " ", row.replace("&", " ")).strip()
            if not row:
                continue
            if current and not _STARTS_WITH_RELATION.match(row):
                chains.append(_finish(current))
                current = []
            current.append(row)
        if current:
            chains.append(_finish(current))
    return [c for c in chains if c]


def _finish(rows: list[str]) -> str:
    return " ".join(rows).strip().rstrip(".,;").strip()
