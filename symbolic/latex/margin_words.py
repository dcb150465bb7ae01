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
# A reason that cites a hypothesis (\text{by the induction hypothesis}, \text{根据归纳假设}) or
# states a sign (\text{using x positive}, \text{由 x 大于 0}) carries a premise the checker does not
# have: without it a true step is refuted with a counterexample the premise excludes (a red team
# found the online-softmax induction step refuted so)
JUSTIFICATION_CONDITION = re.compile(
    r"(?<![A-Za-z])(?:for|if|when|whenever|unless|provided|assuming|given|where|while|only|with"
    r"|assume[sd]?|assumptions?|hypothes[ie]s|induction|inductive|IH|premises?|suppose[sd]?"
    r"|positive|negative|nonnegative|non-negative|nonzero|non-zero|such\s+that|s\.t\.|in|hyp"
    r"|choice|chosen|nonneg\w*|nonpos\w*)"
    r"(?![A-Za-z])|当|若|如果|对于|对所有|对任意|其中|只要|假设|假定|归纳|前提|条件|已知|时|设"
    r"|题意|大于|小于|不等于|为正|为负|是正|是负|正数|负数|非负|非零|とき|場合|ならば|仮定|帰納"
    r"|正の|負の|[≥≤≠∈<>]", re.I)
# Words that make \text{...} prose even when written as one word.
PROSE_WORDS = frozenset("""or and where so thus hence then since because as is are by of to in on
at we also therefore otherwise else holds gives yields using via i.e e.g cf see""".split())
NOT_A_CONDITION = re.compile(r"\s*(?:some|no|almost|most|many|large|small|sufficiently)\b", re.I)

# A later statement of a row that opens with a connective (``a = b, \quad \implies c = d``) or
# with a condition word in a math font (``, \quad \mathrm{when}~S = QQ^\top``): a premise or a
# condition of the statement before it, never a statement of its own (read alone, the statement
# before it would be checked without it: a false refutation)
_CONNECTIVE = re.compile(r"\s*\\(?:implies|impliedby|iff|Rightarrow|Leftarrow|Leftrightarrow"
                         r"|Longrightarrow|Longleftarrow|Longleftrightarrow|therefore|because"
                         r"|land|lor|wedge|vee)(?![A-Za-z])")
# (\text, \textbf and their kin are read as margin text by display.py)
_MATH_WORD = re.compile(r"\s*\\(?:mathrm|operatorname|mathit|mathsf|mathtt|mathbf|emph)\s*\*?\s*"
                        r"\{\s*([A-Za-z.,\s]+?)\s*\}")
_MORE_WORDS = frozenset("s.t. s.t st iff unless whenever wherein such subject let suppose "
                        "assume".split())


def opening_word(part: str) -> str | None:
    """The connective or condition word (in a math font) a later statement of a row opens with,
    else None."""
    m = _CONNECTIVE.match(part)
    if m is not None:
        return m.group().strip()
    m = _MATH_WORD.match(part)
    if m is None:
        return None
    words = " ".join(m.group(1).split())
    first = words.split(" ")[0].lower()
    if first in PROSE_WORDS or first.rstrip(".") in PROSE_WORDS or first in _MORE_WORDS \
            or CONDITION_WORDS.match(words + " "):
        return m.group().strip()
    return None


def premise_opening(parts, leading) -> str | None:
    """The reason to refuse a row's later statements (``leading`` strips the gap before each)
    when one opens with a connective or a condition word in a math font, else None."""
    for part in parts:
        if (word := opening_word(leading.sub("", part))) is not None:
            return (f"a statement opening with {word} is a condition or a premise of the one "
                    f"before it, which read alone would be checked without it: write the "
                    f"condition with \\text{{for }} or --assume, or one display per claim")
    return None
