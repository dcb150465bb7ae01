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
    r"\_": "\\_ is an underscore inside a name written in letters (step\\_num): write the name "
           "upright, \\mathrm{step\\_num}",
    r"\lesssim": "\\lesssim is a bound up to an unstated constant: write \\le with the constant",
    r"\gtrsim": "\\gtrsim is a bound up to an unstated constant: write \\ge with the constant",
    r"\oplus": "\\oplus is an operation its text defines (a direct sum, XOR, a merge of pairs): "
              "write the operation out",
    r"\otimes": "\\otimes is a Kronecker, tensor or outer product, which cannot be read: write "
               "the entries",
    r"\underset": "\\underset puts a script under an operator: write \\max_{i} x_i (and an arg "
                 "max, a maximiser, cannot be checked as a value)",
    r"\overset": "\\overset puts a mark over a symbol (a defined relation, a limit?): write the "
                "relation or the operator with its scripts",
    r"\mapsto": "x \\mapsto f(x) names a map, not a relation between values: write the claim "
               "f(x) = ... about it",
    r"\cong": "\\cong is an isomorphism or a congruence, not a relation between values",
    r"\dim": "\\dim is the dimension of a space, not a variable: write a letter (d, i) for a "
              "size or an index",
    r"\verb": "\\verb is verbatim text (code), not mathematics",
}
