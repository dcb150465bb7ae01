"""Why the reader refuses notation that is not one checkable claim (``\\sim``, ``\\pm``, ``\\iff``).

Kept apart from the lexer and the rewriter (and free of imports) so that both can name the
reason instead of a bare "unknown command".
"""
from __future__ import annotations

REFUSED_NOTATION = {
    r"\eqqcolon": "a \\eqqcolon b defines b (the name on the right): write it b := a",
    r"\sim": "X \\sim p states a distribution (or 'of the order of'), not a relation between "
             "values: state the moments you use as assumptions, or write \\approx",
    r"\equiv": "\\equiv is an identity, a definition or a congruence: write = for an identity, "
               ":= for a definition; congruences cannot be read",
    r"\Leftrightarrow": "an equivalence is two implications: check A \\implies B and "
                        "B \\implies A separately",
    r"\iff": "an equivalence is two implications: check A \\implies B and B \\implies A separately",
    r"\Longleftrightarrow": "an equivalence is two implications: check A \\implies B and "
                            "B \\implies A separately",
    r"\pm": "\\pm writes two claims (or a range) in one: check the + and the - claim separately",
    r"\mp": "\\mp writes two claims (or a range) in one: check the - and the + claim separately",
}
