"""Find the displayed relation chains of a .tex source (what ``stepcheck check file.tex`` checks)."""
from __future__ import annotations

import re

_ENVIRONMENTS = ("equation", "equation*", "align", "align*", "gather", "gather*", "multline",
                 "multline*", "eqnarray", "eqnarray*")
_BLOCK = re.compile(
    r"\\begin\{(?P<env>" + "|".join(re.escape(e) for e in _ENVIRONMENTS) + r")\}(?P<body>.*?)\\end\{(?P=env)\}"
    r"|\$\$(?P<dollars>.*?)\$\$"
    r"|\\\[(?P<brackets>.*?)\\\]",
    re.S,
)
_DROP = re.compile(r"\\(?:label|tag)\{[^{}]*\}|\\nonumber|\\notag")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


def extract_chains(tex_source: str) -> list[str]:
    """Every equation/align/``$$``/``\\[..\\]`` block as one chain, in document order.

    Rows of an ``align`` are joined into one chain (``&`` removed, ``\\\\`` dropped), since a
    derivation written over several rows continues the relation chain; ``\\label``, ``\\tag``,
    ``\\nonumber`` and comments are dropped. Empty blocks are skipped.
    """
    source = _COMMENT.sub("", tex_source)
    chains = []
    for m in _BLOCK.finditer(source):
        body = m.group("body") if m.group("env") else (m.group("dollars") or m.group("brackets") or "")
        body = _DROP.sub(" ", body)
        body = body.replace("\\\\", " ").replace("&", " ")
        body = re.sub(r"\s+", " ", body).strip().rstrip(".,;").strip()
        if body:
            chains.append(body)
    return chains
