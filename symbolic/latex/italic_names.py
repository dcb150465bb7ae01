"""``Var(X)`` written in italic letters: the variance, as ``\\operatorname{Var}(X)``.

Three italic letters are a product to TeX, and the reader refuses runs of letters that spell a
word. ``Var`` directly before a bracket is the one exception: no formula multiplies V, a and r
by a bracket, and notes on statistics write the variance this way (``Var(X + Y) = Var(X) +
Var(Y)``). Other words stay refused: ``Cov`` (a function of two variables is not read even
upright), ``max``, ``log`` and ``tan`` (the backslash is the writer's to add), a paper's own
names (``Attention``).
"""
from __future__ import annotations

import re

# not after a letter, a backslash or an opening brace (\mathrm{Var}, \text{Var}, myVar), and
# directly before the bracket (Var \, (X) is not a call)
_ITALIC_VAR = re.compile(r"(?<![\\A-Za-z{])Var(?=[(\[])")


def italic_variance(latex: str) -> str:
    """``latex`` with every italic ``Var(`` / ``Var[`` written ``\\operatorname{Var}``."""
    return _ITALIC_VAR.sub(r"\\operatorname{Var}", latex)
