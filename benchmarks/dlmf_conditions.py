"""Conditions a DLMF row needs that the data's row lacks: added before checking, or re-checked.

Two kinds, each with where it comes from:

- ``PRINTED``: a condition the DLMF states for the formula that the data's conversion lost (it
  reads only the formula's own constraint field). The runner adds it to the row's assumptions
  before checking, so the row is checked as the DLMF states it, and the verdict is the checker's.
- ``NEEDED``: a condition the row as printed does not carry, under which it holds (a sign the
  source settles elsewhere, a root's branch, a case the printed condition admits by mistake).
  It never changes the row's verdict: when the row is refuted, the runner checks it again with the
  condition added, and the refutation is explained by it only if the counterexample violates the
  condition and the row so restricted is not refuted (``restriction_cause``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import mpmath
import sympy


@dataclass(frozen=True)
class Condition:
    """Assumptions in the runner's LaTeX (as ``--assume`` takes them) and why the row needs them."""

    assume: tuple[str, ...]
    source: str


_REAL_A = Condition(
    (r"a \in \mathbb{R}",),
    "DLMF \u00a74.2(iv) gives these two unnumbered formulas for real a; for complex a the phase is "
    "4.2.30's (Re a) ph z + (Im a) ln|z|, which is not a ph z unless a is real, and |z|^a is no "
    "modulus (not a positive number) unless a is real")

PRINTED = {
    "4.2#Ex1": _REAL_A,
    "4.2#Ex2": _REAL_A,
}

_GD_EVEN = ("arccos(sech x) = arcsec(cosh x) is even in x with values in [0, \u03c0/2), while gd x = "
            "arctan(sinh x) = arcsin(tanh x) is odd: these members of DLMF 4.23.40 equal gd x for x \u2265 0 "
            "only (for x < 0 they are \u2212gd x), a condition the row's -\u221e < x < \u221e lacks")
_INVGD_EVEN = ("arcosh(sec x) = arsech(cos x) is even in x with values \u2265 0, while gd\u207b\u00b9 x = "
               "artanh(sin x) = arsinh(tan x) is odd: these members of DLMF 4.23.42 equal gd\u207b\u00b9 x for "
               "0 \u2264 x < \u03c0/2 only, a condition the row's -\u03c0/2 < x < \u03c0/2 lacks")
_ORTHOGONAL = ("the row's m \u2260 n admits m = \u2212n \u2260 0, where the integrand is {square} and the "
               "integral is {value}: the orthogonality holds for |m| \u2260 |n| (m, n \u2265 0 as in a Fourier "
               "series), and the printed condition m \u2260 n alone does not exclude m = \u2212n")
_ROOT = ("the principal root has a real part \u2265 0, and the two sides are roots of the same number "
         "({square}); {where} so with the principal root the row holds where that real part is > 0 "
         "(on the condition's set) and fails where it is < 0{pm}")

_ON_CUT = ("the pair is {f} x on its cut x \u2264 \u22121, where (x\u00b2\u22121)^{{1/2}} \u2212 x > 0 and the "
           "sign of the {sign} term is the side of the cut (x \u00b1 i0); the data's row lacks "
           "that range")

_RANGE = "the pair is {f} for {at}, where {why}; the data's row lacks that range"
_LN_POS = ("the logarithm's argument is positive and the sign of the \u00b1 is the side of the cut "
           "(x \u00b1 i0)")
_REAL_ROOT = "(1 \u2212 x\u00b2)^{1/2} is real and the sign of the \u00b1 is the side of the cut (x \u00b1 i0)"
_POS_RATIO = "(x + 1)/(x \u2212 1) > 0 and the sign of the \u00b1 is the side of the cut (x \u00b1 i0)"
_SIGN_Y = "with the principal value the sign of y picks the sign of the \u00b1"

NEEDED = {
    "4.2#Ex2": Condition(
        (r"-\pi < a\arg z", r"a\arg z \leq \pi"),
        "with the principal phase on the left (in (\u2212\u03c0, \u03c0]) and real a, ph(z^a) = a ph z exactly "
        "where \u2212\u03c0 < a ph z \u2264 \u03c0; elsewhere the sides differ by a multiple of 2\u03c0 "
        "(a = 3, ph z = 2), so the row as printed is the phase modulo 2\u03c0"),
    "4.26.E9": Condition((r"m \neq -n",), _ORTHOGONAL.format(square="\u2212sin\u00b2(nt)", value="\u2212\u03c0/2")),
    "4.26.E10": Condition((r"m \neq -n",), _ORTHOGONAL.format(square="cos\u00b2(nt)", value="\u03c0/2")),
    "4.23.E40/4": Condition((r"x \geq 0",), _GD_EVEN),
    "4.23.E40/6": Condition((r"x \geq 0",), _GD_EVEN),
    "4.23.E42/5": Condition((r"x \geq 0",), _INVGD_EVEN),
    "4.23.E42/7": Condition((r"x \geq 0",), _INVGD_EVEN),
    "4.35.E21": Condition(
        (r"-\pi < \operatorname{Im} z", r"\operatorname{Im} z < \pi"),
        _ROOT.format(square="cosh\u00b2(z/2) = (cosh z + 1)/2",
                     where="Re cosh(z/2) = cosh(x/2) cos(y/2) is > 0 on the strip |y| < \u03c0 and < 0 for "
                           "\u03c0 < |y| < 3\u03c0 (z = x + iy),",
                     pm="")),
    "4.35.E20": Condition(
        (r"0 < \operatorname{Re} z", r"-\pi < \operatorname{Im} z", r"\operatorname{Im} z < \pi"),
        _ROOT.format(square="sinh\u00b2(z/2) = (cosh z \u2212 1)/2",
                     where="Re sinh(z/2) = sinh(x/2) cos(y/2) is > 0 for x > 0, |y| < \u03c0 (z = x + iy),",
                     pm=" (the trigonometric row 4.21.21 carries a \u00b1 before its root; this row has none)")),
    "4.35.E22/1": Condition(
        (r"0 < \operatorname{Re} z",),
        _ROOT.format(square="tanh\u00b2(z/2) = (cosh z \u2212 1)/(cosh z + 1)",
                     where="Re tanh(z/2) = sinh x/(cosh x + cos y) is > 0 for x > 0 (z = x + iy),",
                     pm=" (the trigonometric row 4.21.23 carries a \u00b1 before its root; this row has none)")),
    "4.37.E11/1": Condition(
        (r"\operatorname{Im} z < 0",),
        "arcosh(\u2212z) \u2212 arcosh z is +\u03c0i below the real axis and \u2212\u03c0i above it, so the "
        "+ half of the DLMF's \u00b1 holds for Im z < 0 only"),
    "4.37.E11/2": Condition(
        (r"0 < \operatorname{Im} z",),
        "arcosh(\u2212z) \u2212 arcosh z is +\u03c0i below the real axis and \u2212\u03c0i above it, so the "
        "\u2212 half of the DLMF's \u00b1 holds for Im z > 0 only"),
    "4.23.E20/1": Condition((r"1 \leq x",), _RANGE.format(f="arcsin x", at="x \u2265 1", why=_LN_POS)),
    "4.23.E20/2": Condition((r"1 \leq x",), _RANGE.format(f="arcsin x", at="x \u2265 1", why=_LN_POS)),
    "4.23.E21/1": Condition((r"x \leq -1",), _RANGE.format(f="arcsin x", at="x \u2264 \u22121", why=_LN_POS)),
    "4.23.E21/2": Condition((r"x \leq -1",), _RANGE.format(f="arcsin x", at="x \u2264 \u22121", why=_LN_POS)),
    "4.23.E24/1": Condition((r"1 \leq x",), _RANGE.format(f="arccos x", at="x \u2265 1", why=_LN_POS)),
    "4.23.E24/2": Condition((r"1 \leq x",), _RANGE.format(f="arccos x", at="x \u2265 1", why=_LN_POS)),
    "4.23.E27/1": Condition((r"1 < y",), _RANGE.format(f="arctan(iy)", at="y > 1 (the + sign)", why=_SIGN_Y)),
    "4.23.E27/2": Condition((r"y < -1",), _RANGE.format(f="arctan(iy)", at="y < \u22121 (the \u2212 sign)",
                                                         why=_SIGN_Y)),
    "4.37.E17/1": Condition((r"1 \leq y",), _RANGE.format(f="arsinh(iy)", at="y \u2265 1", why=_LN_POS)),
    "4.37.E17/2": Condition((r"1 \leq y",), _RANGE.format(f="arsinh(iy)", at="y \u2265 1", why=_LN_POS)),
    "4.37.E18/1": Condition((r"y \leq -1",), _RANGE.format(f="arsinh(iy)", at="y \u2264 \u22121", why=_LN_POS)),
    "4.37.E18/2": Condition((r"y \leq -1",), _RANGE.format(f="arsinh(iy)", at="y \u2264 \u22121", why=_LN_POS)),
    "4.37.E20/1": Condition((r"0 < y",), _RANGE.format(f="arcosh(iy)", at="y > 0 (the + sign)", why=_SIGN_Y)),
    "4.37.E20/2": Condition((r"y < 0",), _RANGE.format(f="arcosh(iy)", at="y < 0 (the \u2212 sign)", why=_SIGN_Y)),
    "4.37.E22/1": Condition((r"-1 \leq x", r"x \leq 1"),
                            _RANGE.format(f="arcosh x", at="\u22121 \u2264 x \u2264 1", why=_REAL_ROOT)),
    "4.37.E22/2": Condition((r"-1 \leq x", r"x \leq 1"),
                            _RANGE.format(f="arcosh x", at="\u22121 \u2264 x \u2264 1", why=_REAL_ROOT)),
    "4.37.E25/1": Condition((r"1 < |x|",), _RANGE.format(f="artanh x", at="|x| > 1", why=_POS_RATIO)),
    "4.37.E25/2": Condition((r"1 < |x|",), _RANGE.format(f="artanh x", at="|x| > 1", why=_POS_RATIO)),
    "4.37.E23/1": Condition((r"x \leq -1",), _ON_CUT.format(f="arcosh", sign="\u00b1\u03c0i")),
    "4.37.E23/2": Condition((r"x \leq -1",), _ON_CUT.format(f="arcosh", sign="\u00b1\u03c0i")),
    "4.23.E25/1": Condition((r"x \leq -1",), _ON_CUT.format(f="arccos", sign="\u00b1i ln")),
    "4.23.E25/2": Condition((r"x \leq -1",), _ON_CUT.format(f="arccos", sign="\u00b1i ln")),
}


_MEMBER = re.compile(r"\s*(.*?)\s*\\in\s*\\mathbb\{([A-Z])\}\s*")


def with_condition(assume, condition: Condition) -> list[str]:
    """The row's assumptions with a ``PRINTED`` condition in: a name the condition puts in a
    set (``a \\in \\mathbb{R}``) leaves the data's ``\\mathbb{C}`` declaration, so that each name
    is declared once, as the DLMF states it."""
    moved = set()
    for text in condition.assume:
        m = _MEMBER.fullmatch(text)
        if m:
            moved |= {name.strip() for name in m.group(1).split(",")}
    kept = []
    for text in assume:
        m = _MEMBER.fullmatch(text)
        if m and m.group(2) == "C" and moved:
            names = [name.strip() for name in m.group(1).split(",") if name.strip() not in moved]
            if names:
                kept.append(f"{', '.join(names)} \\in \\mathbb{{C}}")
            continue
        kept.append(text)
    return kept + list(condition.assume)


_PROPERTIES = ("real", "integer", "positive", "nonnegative", "negative", "nonpositive")


def violation(latex: str, assume, extra, values: dict, *, imaginary_unit: bool) -> str | None:
    """How the point ``values`` (name -> exact SymPy number) violates the conditions ``extra``
    added to the row's ``assume``, read by the reader as the checker reads them; None when it
    satisfies them or it cannot tell (a value or a condition it cannot evaluate)."""
    from symbolic.latex import parse_chain
    base = parse_chain(latex, assumptions=list(assume), imaginary_unit=imaginary_unit).assumptions
    more = parse_chain(latex, assumptions=list(assume) + list(extra),
                       imaginary_unit=imaginary_unit).assumptions
    known = set(base.facts)
    for fact in more.facts:
        if fact in known:
            continue
        by_symbol = {sym: values[sym.name] for sym in fact.free_symbols if sym.name in values}
        if not fact.free_symbols <= set(by_symbol):
            return None
        held = fact.subs(by_symbol)
        if held is sympy.false:
            return f"{sympy.sstr(fact)} fails at {', '.join(f'{s} = {sympy.sstr(v)}' for s, v in by_symbol.items() if s in fact.free_symbols)}"
        if held is not sympy.true:
            return None
    for name, sym in more.symbols.items():
        old = base.symbols.get(name)
        value = values.get(name)
        if value is None:
            continue
        for prop in _PROPERTIES:
            if getattr(sym, f"is_{prop}") and not (old is not None and getattr(old, f"is_{prop}")) \
                    and getattr(value, f"is_{prop}") is False:
                return f"{name} = {sympy.sstr(value)} is not {prop}"
    return None


def recheck(record: dict, condition: Condition, values: dict | None, config, overall) -> dict:
    """The refuted row checked again with ``condition`` added (``stepcheck check``'s path), and
    whether its counterexample violates the condition; ``overall`` combines the links' verdicts."""
    from symbolic.commands import check_input
    from symbolic.errors import StepcheckError
    assume = list(record["assume"]) + list(condition.assume)
    result = {"assume": list(condition.assume), "source": condition.source, "verdict": None,
              "violated": None}
    try:
        links, unreadable = check_input(record["checked_latex"], assume=tuple(assume), config=config)
    except StepcheckError as exc:
        result["error"] = str(exc).splitlines()[0]
        return result
    if unreadable or not links:
        result["error"] = str(unreadable[0]).splitlines()[0] if unreadable else "no link read"
        return result
    result["verdict"] = overall([link.outcome.verdict.value for link in links])
    for index, link in enumerate(links):
        if link.outcome.verdict.value == "refuted" and link.outcome.counterexample:
            result["counterexample"] = [[str(k), str(v)] for k, v in link.outcome.counterexample]
            result["index"] = index
            break
    if values:
        try:
            result["violated"] = violation(record["checked_latex"], record["assume"], condition.assume,
                                           values, imaginary_unit=record["imaginary_unit"])
        except StepcheckError:
            result["violated"] = None
    return result


def restriction_cause(record: dict, exact=None) -> str | None:
    """The cause a ``NEEDED`` re-check gives a refutation, or None: only when the counterexample
    violates the condition and the row with the condition added is not refuted, or is refuted
    only where the other sign of its \u00b1 holds (``exact`` reads a counterexample's values)."""
    found = record.get("restriction")
    if not found or not found.get("violated") or found.get("verdict") in (None, "error", "timeout"):
        return None
    shown = " and ".join(found["assume"])
    head = (f"the row needs {shown}, which it lacks: {found['source']}; the counterexample "
            f"violates it ({found['violated']})")
    if found["verdict"] != "refuted":
        return f"{head}; with it added the checker says {found['verdict']}"
    if exact is None or not found.get("counterexample"):
        return None
    values = {name: exact(value) for name, value in found["counterexample"] if name not in ("lhs", "rhs")}
    other = other_sign_holds(record, {k: v for k, v in values.items() if v is not None}, found.get("index"))
    if not other:
        return None
    point = ", ".join(f"{name} = {value}" for name, value in found["counterexample"] if name not in ("lhs", "rhs"))
    return (f"{head}; with it added the checker refutes this half again at {point}, where the other "
            f"sign's half ({other}) holds: there the sign is the DLMF's \u00b1, settled by a condition "
            f"this half does not carry")

def other_sign_holds(record: dict, values: dict, index: int | None) -> str | None:
    """The other sign's row id when its claim holds at this row's counterexample (``values``,
    name -> exact SymPy number), evaluated at 50 digits; None when it fails, or it cannot tell."""
    from symbolic.errors import StepcheckError
    from symbolic.latex import parse_chain
    sibling = record.get("pm_sibling")
    if not sibling or index is None or not values:
        return None
    try:
        parsed = parse_chain(sibling["latex"], assumptions=list(record["assume"]),
                             imaginary_unit=record["imaginary_unit"])
        if index >= len(parsed.links):
            return None
        claim = parsed.links[index].claim
        if claim.relation.value != "=":
            return None
        symbols = (claim.lhs - claim.rhs).free_symbols
        if not symbols or any(sym.name not in values for sym in symbols):
            return None
        subs = {sym: values[sym.name] for sym in symbols}
        with mpmath.workdps(50):
            left = mpmath.mpmathify(sympy.N(claim.lhs.doit().subs(subs), 50))
            right = mpmath.mpmathify(sympy.N(claim.rhs.doit().subs(subs), 50))
            if not (mpmath.isfinite(left) and mpmath.isfinite(right)):
                return None     # a side undefined there
            agree = abs(left - right) <= mpmath.mpf("1e-40") * max(1, abs(left), abs(right))
    except (StepcheckError, TypeError, ValueError, ZeroDivisionError):
        return None
    return sibling["id"] if agree else None
