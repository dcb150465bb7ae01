r"""General (multivalued) values as the DLMF defines them, read as sets and checked as set identities.

DLMF Chapter 4 writes a general value with a capital letter: ``\operatorname{Ln} z = \ln z + 2k\pi i``
(4.2.6), ``\operatorname{Arcsin} z = (-1)^k \arcsin z + k\pi`` (4.23.31), ``\operatorname{Arccos} z =
\pm\arccos z + 2k\pi`` (4.23.32), ``\operatorname{Arctan} z = \arctan z + k\pi`` (4.23.33), the
reciprocal ones through 1/z (4.23.4-6), and the hyperbolic ones (4.37.29-31, 4.37.4-6). Each is
a finite union of cosets: a few *classes* (``\arcsin z`` and ``\pi - \arcsin z``) plus a lattice
(``2\pi\mathbb{Z}``). An identity between general values is read as DLMF 4.8(i) states it for
4.8.1: every value of the left side is one of the values of the right side, and vice versa (set
equality). A branch index ``k \in \mathbb{Z}`` in such a row ranges over all integers (the row
lists the values); a row that says "for some k" (``existential``) is read as membership of its
left side in the right side's set.

The set identity at a point is reduced to single-valued conditions that the ordinary checkers
decide: with both sides' values repeating with the same period P, a class ``a`` of one side is
a class ``b`` of the other exactly when ``exp(2 pi i (a - b) / P) = 1``, so "every class of the
left side is a class of the right side" is ``prod_b (exp(2 pi i (a - b)/P) - 1) = 0`` for every
class a. A refutation of such a condition is a certified point where a value of one side is no
value of the other.

What is not read (refused with a one-line reason): a general value whose argument cannot be
delimited, one inside another's argument, an integral (its value depends on the path, DLMF
4.2.1), an order relation, a branch term with a coefficient that is not a constant (``n Ln z``,
``z Ln a``, ``\exp(a\operatorname{Ln} z)`` with a general power), and sides whose values repeat with
different periods.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import sympy

from symbolic.errors import ParseError


@dataclass(frozen=True)
class Family:
    """A general value: its principal function, its classes (sign, offset) and its period."""

    principal: str          # LaTeX of the principal function, applied to \left(...\right)
    classes: tuple          # ((sign, offset), ...): the values are sign*principal + offset + period*Z
    period: sympy.Expr
    reciprocal: bool = False  # applied to 1/z (Arccsc z = Arcsin(1/z), DLMF 4.23.4)


_PI, _PI_I = sympy.pi, sympy.pi * sympy.I
_SIN = ((1, 0), (-1, sympy.pi))           # (-1)^k f + k pi  (DLMF 4.23.31)
_COS = ((1, 0), (-1, 0))                  # +-f + 2k pi     (DLMF 4.23.32)
_SINH = ((1, 0), (-1, _PI_I))             # (-1)^k f + k pi i (DLMF 4.37.29)
FAMILIES = {
    "Ln": Family(r"\ln", ((1, 0),), 2 * _PI_I),                                  # 4.2.6
    "Arcsin": Family(r"\arcsin", _SIN, 2 * _PI),                                 # 4.23.31
    "Arccos": Family(r"\arccos", _COS, 2 * _PI),                                 # 4.23.32
    "Arctan": Family(r"\arctan", ((1, 0),), _PI),                                # 4.23.33
    "Arccsc": Family(r"\arcsin", _SIN, 2 * _PI, True),                           # 4.23.4
    "Arcsec": Family(r"\arccos", _COS, 2 * _PI, True),                           # 4.23.5
    "Arccot": Family(r"\arctan", ((1, 0),), _PI, True),                          # 4.23.6
    "Arsinh": Family(r"\operatorname{arsinh}", _SINH, 2 * _PI_I),                # 4.37.29
    "Arcosh": Family(r"\operatorname{arcosh}", _COS, 2 * _PI_I),                 # 4.37.30
    "Artanh": Family(r"\operatorname{artanh}", ((1, 0),), _PI_I),                # 4.37.31
    "Arcsch": Family(r"\operatorname{arsinh}", _SINH, 2 * _PI_I, True),          # 4.37.4
    "Arsech": Family(r"\operatorname{arcosh}", _COS, 2 * _PI_I, True),           # 4.37.5
    "Arcoth": Family(r"\operatorname{artanh}", ((1, 0),), _PI_I, True),          # 4.37.6
}
GENERAL = re.compile(r"\\operatorname\{(%s)\}" % "|".join(FAMILIES))
_SIGN, _TERM = "varsigma", "tau"
_BRANCH_INDEX = "k"     # DLMF's branch index in 4.2.6, 4.8.8, 4.23.31-33, 4.37.29-31


@dataclass(frozen=True)
class Condition:
    """One single-valued condition equivalent to part of the set identity, with what it says."""

    meaning: str
    lhs: sympy.Expr          # the condition is lhs = 0
    assumptions: tuple


@dataclass(frozen=True)
class GeneralReading:
    """A claim between general values: the conditions whose conjunction is the set identity."""

    conditions: tuple
    period: sympy.Expr       # the common period of both sides' values (0: each side one value)
    notes: tuple
    defined_everywhere: bool  # no value of either side has a point where it is undefined


def has_general_values(latex: str) -> bool:
    """Whether ``latex`` writes a DLMF general value (``\\operatorname{Ln}``, ``Arcsin``, ...)."""
    return bool(GENERAL.search(latex))


def read_general(latex: str, *, assumptions=(), imaginary_unit: bool = False,
                 existential: bool = False, roots_either_value: bool = False) -> GeneralReading:
    """Read a claim with general values (or a "for some k" row) as set conditions; ParseError if not.

    ``roots_either_value``: every ``(X)^{1/2}`` takes both of its values, as the DLMF states
    for its addition formulas (4.24(iii), 4.38(iii)); otherwise a row with a root is refused.
    """
    from symbolic.latex import parse_chain

    if re.search(r"\\varsigma|\\tau", latex):
        raise ParseError(r"general values: \varsigma or \tau is taken by the claim; not read")
    if r"\int" in latex:
        raise ParseError("general value equal to an integral: its value depends on the path of "
                         "integration (DLMF 4.2.1, 4.23.1, 4.37.1 take every path); not read")
    if has_general_values(latex) and not roots_either_value and \
            re.search(r"\^\{\s*1\s*/\s*2\s*\}|\\sqrt|\\tfrac\{1\}\{2\}", latex):
        # DLMF 4.24(iii), 4.38(iii): "all square roots have either possible value"; with both
        # values the set of one sign's right side is not that of its left side (only the union
        # over both signs is), so neither reading of one row is the DLMF's statement
        raise ParseError("general values with a square root: in the DLMF's addition formulas every "
                         "square root takes either value (DLMF 4.24(iii), 4.38(iii)); not read")
    text, families = _substitute(latex)
    if roots_either_value:
        sides = re.split(r"(?<![<>!\\])=", latex)
        if len(sides) == 2 and all(re.search(r"\^\{\s*1\s*/\s*2\s*\}", side) for side in sides):
            # 4.24.16 and 4.38.18's second equality: whether the roots on both sides are chosen
            # together is not stated, and chosen apart the right side has more values
            raise ParseError("general values with square roots on both sides: whether the roots are "
                             "chosen together is not stated; not read")
        text, families = _two_valued_roots(text, families)
    parsed = parse_chain(text, assumptions=assumptions, imaginary_unit=imaginary_unit)
    if len(parsed.links) != 1 or parsed.links[0].claim.relation.value != "=":
        raise ParseError("general values: only one equation between sets of values is read "
                         "(an order between multivalued functions is not defined)")
    claim = parsed.links[0].claim
    symbols = {s.name: s for s in claim.free_symbols}
    index = symbols.get(_BRANCH_INDEX)
    if index is not None and not index.is_integer:
        index = None
    if not families and index is None:
        raise ParseError("no general value and no branch index k: nothing multivalued to read")
    left = _classes(claim.lhs, families, symbols, index)
    right = _classes(claim.rhs, families, symbols, index)
    period = _common_period(left[1], right[1], existential)
    conditions = []
    facts = tuple(parsed.assumptions.facts)
    pairs = [("left", left[0], right[0])] + ([] if existential else [("right", right[0], left[0])])
    for side, mine, theirs in pairs:
        other = "right" if side == "left" else "left"
        for value in mine:
            factors = [_zero_iff_congruent(value - them, period) for them in theirs]
            condition = sympy.Mul(*factors)
            what = (f"the {side} side's value {sympy.sstr(value)} (+ {sympy.sstr(period)}Z) "
                    f"is a value of the {other} side" if period != 0 else
                    f"the {side} side's value {sympy.sstr(value)} is a value of the {other} side")
            conditions.append(Condition(what, condition, facts))
    notes = (f"general values read as sets (DLMF 4.8(i)): "
             f"{'membership of the left side in the right side (for some k)' if existential else 'set equality'}"
             f", values repeating with period {sympy.sstr(period)}",)
    defined = all(_defined_everywhere(v) for v in left[0] + right[0])
    return GeneralReading(tuple(conditions), period, notes, defined)


_PARTIAL = (sympy.log, sympy.atan, sympy.atanh, sympy.acot, sympy.acoth, sympy.tan, sympy.cot,
            sympy.sec, sympy.csc, sympy.tanh, sympy.coth, sympy.sech, sympy.csch, sympy.arg)


def _defined_everywhere(expr) -> bool:
    """Conservatively: whether ``expr`` is defined at every complex point (no log, arctan,
    division, ...). False means only "not known"."""
    if expr.has(*_PARTIAL) or expr.has(sympy.Derivative, sympy.Integral, sympy.Limit):
        return False
    return not any(p.exp.is_negative is not False for p in expr.atoms(sympy.Pow)
                   if not (p.exp.is_Rational and p.exp > 0))


_ROOT = Family("", ((1, 0), (-1, 0)), sympy.Integer(0))   # (X)^{1/2}: +- its principal value


def _two_valued_roots(text: str, families: list):
    """Every ``(X)^{1/2}`` replaced by ``(\\varsigma_j (X)^{1/2} + \\tau_j)``: both values of the root."""
    if re.search(r"\\sqrt|\\tfrac\{1\}\{2\}", text):
        raise ParseError("general values: a root written \\sqrt or with \\tfrac is not read; write (X)^{1/2}")
    families = list(families)
    roots = list(re.finditer(r"\)\^\{\s*1\s*/\s*2\s*\}", text))
    numbers = range(len(families) + 1, len(families) + len(roots) + 1)
    families += [_ROOT] * len(roots)
    for m, number in zip(reversed(roots), reversed(numbers)):   # right to left: positions stay valid
        depth, start = 0, None
        for n in range(m.start(), -1, -1):
            if text[n] == ")":
                depth += 1
            elif text[n] == "(":
                depth -= 1
                if depth == 0:
                    start = n
                    break
        if start is None or text[max(0, start - 5):start] == "\\left" or \
                text[max(0, m.start() - 6):m.start()] == "\\right":
            raise ParseError("general values: the base of a square root cannot be delimited; not read")
        base = text[start + 1:m.start()]
        if "^{1/2}" in base:
            raise ParseError("general values: a square root inside a square root is not read")
        text = (text[:start] + r"\left(\%s_{%d}\cdot\left(%s\right)^{1/2}+\%s_{%d}\right)"
                % (_SIGN, number, base, _TERM, number) + text[m.end():])
    return text, families


def _zero_iff_congruent(difference, period):
    """An expression that is 0 exactly when ``difference`` is in ``period * Z`` (= 0 for period 0)."""
    if period == 0:
        return difference
    return sympy.exp(2 * sympy.pi * sympy.I * difference / period) - 1


def _substitute(latex: str):
    """``latex`` with every general value replaced by ``(\\varsigma_j f(z) + \\tau_j)``; the families in order."""
    out, families, k, number = [], [], 0, 0
    for m in GENERAL.finditer(latex):
        if m.start() < k:
            continue
        arg, end = _argument(latex, m.end())
        if arg is None:
            raise ParseError(f"general value \\operatorname{{{m.group(1)}}}: its argument cannot be "
                             f"delimited (write it in brackets)")
        if GENERAL.search(arg):
            raise ParseError(f"a general value inside the argument of \\operatorname{{{m.group(1)}}}: "
                             f"not read")
        number += 1
        family = FAMILIES[m.group(1)]
        families.append(family)
        inner = r"\frac{1}{%s}" % arg if family.reciprocal else arg
        out.append(latex[k:m.start()])
        out.append(r"\left(\%s_{%d}%s\left(%s\right)+\%s_{%d}\right)"
                   % (_SIGN, number, family.principal, inner, _TERM, number))
        k = end
    out.append(latex[k:])
    return "".join(out), families


def _argument(text: str, k: int):
    r"""The argument after a function name: bracketed, or one letter (with a subscript); (None, k) if unsure."""
    j = k
    while j < len(text) and text[j] == " ":
        j += 1
    if text.startswith(r"\left(", j):
        depth, n = 0, j
        while n < len(text):
            if text.startswith(r"\left(", n):
                depth, n = depth + 1, n + 6
                continue
            if text.startswith(r"\right)", n):
                depth -= 1
                if depth == 0:
                    return text[j + 6:n], n + 7
                n += 7
                continue
            n += 1
        return None, k
    if j < len(text) and text[j] in "({":
        close = {"(": ")", "{": "}"}[text[j]]
        depth = 0
        for n in range(j, len(text)):
            if text[n] == text[j]:
                depth += 1
            elif text[n] == close:
                depth -= 1
                if depth == 0:
                    return text[j + 1:n], n + 1
        return None, k
    m = re.compile(r"[A-Za-z](?:_\{\w+\}|_\w)?").match(text, j)
    if not m:
        return None, k
    after = text[m.end():].lstrip(" ")
    if after and (after[0].isalnum() or after[0] in "({[^_'") or re.match(r"\\(frac|sqrt|pi|left)\b", after):
        return None, k     # z^2, zw, z(...): where the argument ends is not certain
    return m.group(0), m.end()


def _classes(side, families, symbols, index):
    """The classes of one side's values (a list without repeats) and the lattice coefficients."""
    signs = [symbols.get(f"{_SIGN}_{n}") for n in range(1, len(families) + 1)]
    terms = [symbols.get(f"{_TERM}_{n}") for n in range(1, len(families) + 1)]
    present = [n for n, t in enumerate(terms) if t is not None and side.has(t)]
    uses_k = index is not None and side.has(index)
    parity_split = uses_k and not _is_affine(side.doit(), index)
    choices = [range(len(families[n].classes)) for n in present] + \
        ([(0, 1) if parity_split else (0,)] if uses_k else [])
    classes, coefficients = [], set()
    for choice in product(*choices):
        expr = side
        integers = []
        for slot, n in enumerate(present):
            sign, offset = families[n].classes[choice[slot]]
            m = sympy.Symbol(f"m_{n + 1}", integer=True)
            integers.append((m, families[n].period))
            expr = expr.subs({signs[n]: sign, terms[n]: offset + families[n].period * m})
        if uses_k:
            m = sympy.Symbol("m_k", integer=True)
            integers.append((m, None))
            # k itself when the side is affine in k; k = 2m + parity under (-1)^k (DLMF 4.23.31)
            expr = expr.subs(index, m if not parity_split else 2 * m + choice[-1])
        expr = expr.doit()
        for m, _ in integers:
            expr, coefficient = _affine(expr, m)
            if coefficient != 0:
                coefficients.add(coefficient)
        value = sympy.expand(expr)
        if not any(sympy.expand(value - old) == 0 for old in classes):
            classes.append(value)
    return classes, coefficients


def _is_affine(expr, m) -> bool:
    slope = sympy.expand(sympy.diff(expr, m))
    return not slope.has(m) and not (slope.free_symbols - {m})


def _affine(expr, m):
    """(expr at m = 0, the constant coefficient of m); a side that only repeats in m gives 0."""
    if not expr.has(m):
        return expr, 0
    slope = sympy.expand(sympy.diff(expr, m))
    if not slope.has(m) and not (slope.free_symbols - {m}):
        rest = sympy.expand(expr - slope * m)
        if not rest.has(m):
            return rest, slope
    if sympy.simplify(expr.subs(m, m + 1) - expr) == 0:
        return expr.subs(m, 0), 0     # exp(ln z + 2 pi i m): one value for every branch
    raise ParseError("general values: a branch term enters with a coefficient that is not a "
                     "constant (n Ln z, z Ln a, exp(a Ln z) with a general power): not read")


def _common_period(left, right, existential):
    """The period of both sides' values as one constant (pi or pi i times a rational); ParseError if they differ."""
    gl, gr = _lattice(left), _lattice(right)
    if existential:
        if gl != 0:
            raise ParseError("for some k: the left side has many values; only a single value's "
                             "membership is read")
        return gr
    if sympy.simplify(gl - gr) != 0:
        raise ParseError(f"general values: the sides' values repeat with different periods "
                         f"({sympy.sstr(gl)} and {sympy.sstr(gr)}); the set identity is not read")
    return gl


def _lattice(coefficients):
    """The generator of the lattice spanned by the coefficients (all in pi Q or all in pi i Q)."""
    if not coefficients:
        return sympy.Integer(0)
    bases = set()
    ratios = []
    for c in coefficients:
        for base in (_PI, _PI_I):
            q = sympy.nsimplify(sympy.expand(c / base))
            if q.is_Rational:
                bases.add(base)
                ratios.append(Fraction(int(q.p), int(q.q)))
                break
        else:
            raise ParseError(f"general values: a period {sympy.sstr(c)} that is not a rational "
                             f"multiple of pi or pi i: not read")
    if len(bases) != 1:
        raise ParseError("general values: periods along both the real and the imaginary axis: not read")
    denominator = math.lcm(*(r.denominator for r in ratios))
    g = math.gcd(*(abs(r.numerator) * (denominator // r.denominator) for r in ratios))
    return sympy.Rational(g, denominator) * bases.pop()
