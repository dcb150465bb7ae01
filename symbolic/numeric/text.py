"""How numbers and expressions appear in evidence: short exact decimals, values, lists of
coordinates, and expressions as ``$...$`` LaTeX from the project's printer.

Evidence is a sentence; any expression in it is written by ``tex`` as inline maths (never
as SymPy's ``str``), so that reports typeset it and a terminal shows the LaTeX a user types.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence
import mpmath

from symbolic.numeric.backends import Gaussian


def latex_of(expr) -> str:
    """An expression (or relation, set, boolean) as LaTeX from the project's printer.

    Anything that is not a SymPy object (a number) is first made one; a string is a name.
    """
    import sympy

    from symbolic.latex import to_latex

    if isinstance(expr, str):
        expr = sympy.Symbol(expr)
    elif not isinstance(expr, sympy.Basic):
        expr = sympy.sympify(expr, strict=True)
    return " ".join(to_latex(expr).split())


def tex(expr, prefix: str = "") -> str:
    """An expression as inline maths ``$...$`` for evidence text; ``prefix`` is LaTeX put
    before it inside the maths (``tex(gu, "g(u) = ")``)."""
    return "$" + prefix + latex_of(expr) + "$"


_RELATIONS = {"=": "=", "eq": "=", "<=": r"\le", "le": r"\le", "<": "<", "lt": "<", ">=": r"\ge",
              "ge": r"\ge", ">": ">", "gt": ">", "!=": r"\ne", "ne": r"\ne"}


def tex_relation(lhs, op: str, rhs, prefix: str = "") -> str:
    """``lhs op rhs`` as one inline maths span; ``op`` is ASCII (``<=``) or a name (``le``)
    or already LaTeX (``\\le``); ``prefix`` is LaTeX put before ``lhs``."""
    return f"${prefix}{latex_of(lhs)} {_RELATIONS.get(op, op)} {latex_of(rhs)}$"


def tex_list(exprs, sep: str = ", ") -> str:
    """Several expressions as maths, separated as in a sentence."""
    return sep.join(tex(e) for e in exprs)


def tex_difference(large, small, op: str = "", rhs=None) -> str:
    """``large - (small)`` as maths, bracketing ``small`` when it is a sum or negative (so
    ``0 - (-u)`` never prints as ``- - u``); with ``op`` and ``rhs``, a relation."""
    shown = latex_of(small)
    if small.is_Add or small.could_extract_minus_sign():
        shown = rf"\left({shown}\right)"
    head = "" if large == 0 else latex_of(large) + " "
    tail = f" {_RELATIONS.get(op, op)} {latex_of(rhs)}" if op else ""
    return f"${head}- {shown}{tail}$"


def tex_range(lo, hi) -> str:
    """An integer range ``lo..hi`` as maths: ``$1, \\ldots, n$``."""
    return f"${latex_of(lo)}, \\ldots, {latex_of(hi)}$"


def round_decimal(x: float, digits: int = 6) -> Fraction:
    """A float rounded to a short decimal, as the exact rational that decimal names."""
    return Fraction(f"{x:.{digits}g}")


def fraction_text(v) -> str:
    """An exact rational as a short decimal string (``1e-30``, ``0.25``), else ``p/q``."""
    if isinstance(v, Gaussian):
        return f"{fraction_text(v.re)}{'+' if v.im >= 0 else '-'}{fraction_text(abs(v.im))}*I"
    v = Fraction(v)
    if v.denominator == 1:
        n = v.numerator
        zeros = len(str(abs(n))) - len(str(abs(n)).rstrip("0"))
        if zeros >= 6:
            return f"{n // 10**zeros}e{zeros}"
        return str(n)
    k, den = 0, v.denominator
    while k <= 400 and (10**k) % den:
        k += 1
    if k > 400:
        return f"{v.numerator}/{v.denominator}"
    m = v.numerator * (10**k // den)
    sign, digits = ("-" if m < 0 else ""), str(abs(m))
    if k <= 12:
        digits = digits.rjust(k + 1, "0")
        return f"{sign}{digits[:-k]}.{digits[-k:]}"
    exponent = len(digits) - 1 - k
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mantissa}e{exponent}"


def value_text(v, digits: int = 15) -> str:
    """An mpmath value as a short decimal string."""
    return mpmath.nstr(v, digits)


def values_text(a, b, digits: int = 15) -> tuple[str, str]:
    """Two values with just enough digits that they print differently (up to 60)."""
    while digits < 60 and mpmath.nstr(a, digits) == mpmath.nstr(b, digits) and a != b:
        digits += 5
    return mpmath.nstr(a, digits), mpmath.nstr(b, digits)


def items_text(items: Sequence[tuple[str, str]], limit: int = 8) -> str:
    """``k=v, ...`` for evidence, eliding the middle of a long list of indexed values."""
    items = list(items)
    if len(items) > limit + 2:
        hidden = len(items) - limit - 2
        items = items[:limit] + [("...", f"{hidden} more")] + items[-2:]
    return ", ".join(f"{k}={v}" if k != "..." else f"... ({v})" for k, v in items)


def _natural(name: str):
    head, _, tail = name.partition("[")
    nums = tuple(int(t) for t in tail.rstrip("]").split(",") if t.lstrip("-").isdigit())
    return (head, nums)
