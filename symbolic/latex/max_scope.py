"""Where an unbracketed ``\\max_j`` or ``\\min_j`` ends: refuse a factor it may or may not take in.

``\\sum_j a_j c`` takes in the whole product, and either reading gives the same value. For a
maximum it does not: ``\\max_j a_j \\cdot c`` read as ``\\max_j (a_j c)`` is ``c \\min_j a_j``
when c < 0, while a reader who ends the max at ``a_j`` means ``c \\max_j a_j``. So a factor of
the operand that does not depend on the index is accepted only when it is never negative
(``\\max_j 2 x_j``, ``\\max_j e^{t} x_j``: both readings agree); otherwise the claim is refused,
naming the factor and both readings.
"""
from __future__ import annotations

import sympy

from symbolic.errors import ParseError


def check_scope(cls, body, index) -> None:
    """Refuse ``cls`` (MaxOver/MinOver) over ``index`` of ``body`` when a factor of the body
    that is free of the index may be negative (or is not known to be real)."""
    if not isinstance(body, sympy.Mul):
        return
    # free_symbols, not has(): a sum or max over the same letter (\max_j a_j \sum_j b_j) binds
    # its own j and is free of the max's index
    free = [f for f in body.args if index not in f.free_symbols]
    doubtful = [f for f in free if f.is_nonnegative is not True]
    if not doubtful or len(free) == len(body.args):
        return
    word = r"\max" if cls.__name__.startswith("Max") else r"\min"
    factor = sympy.latex(sympy.Mul(*doubtful))
    raise ParseError(
        f"{word}_{{{index}}} before a product with {factor}, which does not depend on {index} and may "
        f"be negative: the {word[1:]} may end before it ((\\{word[1:]}_{index} ...) \\cdot {factor}) or "
        f"take it in ({word}_{index} ({factor} \\cdot ...)), and the two differ when it is negative; "
        f"write the factor outside the {word[1:]}: {factor} \\cdot {word}_{index} ...")
