"""The words of a display's margin text (``\\text{...}`` beside a formula): which start a condition
(``\\text{for } x > 0``, read as an assumption), which start a justification or a comment
(``\\text{by Lemma 2}``, ``\\text{// mini-batch mean}``, left out with a note), which make a
justification state a condition of its own (refused), and which make text prose.
``symbolic.latex.display`` reads the margin with them.
"""
from __future__ import annotations

import re

CONDITION_WORDS = re.compile(r"^\s*(?:for\s+all|for\s+every|for\s+each|for\s+any|for|if|when|whenever"
                             r"|provided(?:\s+that)?|given|with|assuming|since|because|as)\b\s*(.*)$",
                             re.S | re.I)
JUSTIFICATION = re.compile(r"^\s*(?://|\(?\s*(?:by|using|from|cf\.?|see|thanks\s+to|via)(?![A-Za-z])"
                           r"|\(?\s*(?:根据|利用|由(?!于)))",
                           re.I)      # (// starts a comment of an algorithm line; 根据 "by", 利用
# "using", 由 "from" start a margin reason in Chinese texts: 由于 "because" is a premise, as "since")
# A justification or a comment that states a condition (\text{// for } i > 0, \text{by } x > 0): left
# out, its condition would be lost and the claim checked without it (a false refutation)
JUSTIFICATION_CONDITION = re.compile(
    r"(?<![A-Za-z])(?:for|if|when|whenever|unless|provided|assuming|given|where|while|only)"
    r"(?![A-Za-z])|当|若|如果|对于|对所有|对任意|其中|只要", re.I)
# Words that make \text{...} prose even when written as one word.
PROSE_WORDS = frozenset("""or and where so thus hence then since because as is are by of to in on
at we also therefore otherwise else holds gives yields using via i.e e.g cf see""".split())
NOT_A_CONDITION = re.compile(r"\s*(?:some|no|almost|most|many|large|small|sufficiently)\b", re.I)
