"""``x^*`` declared a quantity of its own (an optimum, a fixed point), as a user says with
``--assume 'x^* \\in \\mathbb{R}'``.

Undeclared, ``x^*`` is refused: it may be an optimum, a complex conjugate or a dual, and each
reading checks another claim. A membership assumption about ``x^*`` says it is a real number
(or a vector, ``\\theta^* \\in \\mathbb{R}^d``), which only a quantity of its own can be: a
conjugate of a real x is x itself. The reader then reads every ``x^*`` (``x^{*}``, ``x^\\ast``)
of the claim and of its assumptions as one symbol named ``x^{*}``, distinct from x.
"""
from __future__ import annotations

import dataclasses

import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError

_BASE = (r"(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}"
         r"|\\[A-Za-z]+|[A-Za-z])")
_STAR = r"\s*\^\s*(?:\*|\\ast(?![A-Za-z])|\{\s*(?:\*|\\ast)\s*\})"
_DECLARED = re.compile(r"^\s*(?P<names>" + _BASE + _STAR + r"(?:\s*,\s*" + _BASE + _STAR +
                       r")*)\s*\\in(?![A-Za-z])")
_COMPLEX = re.compile(r"\s*(?:\\mathbb\s*\{?\s*C\b|\\C\b|\\mathbf\s*\{\s*C\s*\})")
_ONE = re.compile(r"(?P<base>" + _BASE + r")" + _STAR)
_PLACEHOLDER = r"Z_{Zstar%s}"


def declared_stars(assumptions: Sequence[str]) -> tuple[str, ...]:
    """The bases (``x``, ``\\theta``) whose ``^*`` the assumptions declare real quantities."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    found = []
    for text in assumptions:
        m = _DECLARED.match(text)
        # x^* \in \mathbb{C} does not tell x^* from the conjugate of a complex x (which is
        # complex too): only a real set (or space) declares a quantity of its own
        if m and _COMPLEX.match(text[m.end():]):
            continue
        if m:
            found += [re.sub(r"\s+", "", one.group("base")) for one in _ONE.finditer(m.group("names"))]
    return tuple(dict.fromkeys(found))


def _replace(text: str, names: dict[str, str], braced: bool = True) -> str:
    def put(m: re.Match) -> str:
        key = re.sub(r"\s+", "", m.group("base"))
        if key not in names:
            return m.group(0)
        after = text[m.end():].lstrip()[:1]
        if braced and after == "^":
            # x^*^2: TeX rejects a second superscript; read as (x^*)^2 it would be a guess
            raise ParseError(f"'{m.group(0).strip()}^' is a double superscript, which TeX rejects: "
                             f"write ({m.group(0).strip()})^2")
        if braced and after == "_":
            # x^*_1 is typeset as x_1^*, which is not the declared x^* (another name)
            raise ParseError(f"'{m.group(0).strip()}_' is a subscripted x^*, another name than the "
                             f"declared {key}^*: name it (x_{{1,opt}})")
        # doubly braced: after a letter, {Z} alone is read as a function applied to Z
        # (\lambda x^* would be lambda(x^*)); {{Z}} is one factor wherever it stands
        return "{{" + names[key] + "}}" if braced else names[key]
    return _ONE.sub(put, text)


def read_with_stars(latex: str, reader, options: dict):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), each declared
    ``x^*`` read as one symbol named ``x^{*}``."""
    if "Zstar" in latex:
        raise ParseError("the name Zstar is reserved by the reader")
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    bases = declared_stars(assumptions)
    names = {base: _PLACEHOLDER % chr(ord("A") + k) for k, base in enumerate(bases[:26])}
    text = _replace(latex, names)
    given = tuple(_replace(a, names, braced=False) for a in assumptions)
    parsed = reader(text, **dict(options, assumptions=given))
    back = {placeholder: base for base, placeholder in names.items()}

    def rename(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {}
        for s in expr.free_symbols:
            if isinstance(s, (sympy.Symbol, sympy.MatrixSymbol)) and s.name in back:
                name = back[s.name] + "^{*}"
                mapping[s] = sympy.MatrixSymbol(name, *s.shape) \
                    if isinstance(s, sympy.MatrixSymbol) else sympy.Symbol(name, **s.assumptions0)
            elif isinstance(s, (sympy.Symbol, sympy.MatrixSymbol)) and "(" in s.name \
                    and not s.name.startswith("ƒ") and any(p in s.name for p in back):
                # a stand-in keyed by the point (\nabla L(x^*), L(x^*): gradient_vectors.py, or
                # an entry's base named so): the same object, keyed by the name as written
                mapping[s] = _rekeyed(s, shown(s.name))
        return expr.xreplace(mapping) if mapping else expr

    def shown(text_: str) -> str:
        for placeholder, base in back.items():
            text_ = text_.replace("{{" + placeholder + "}}", base + "^{*}")
            text_ = text_.replace(placeholder, base + "^{*}")
        return text_

    note = ("x^* declared a quantity of its own by the assumptions (" +
            ", ".join(b + "^*" for b in bases) + "), not a conjugate")
    return relabelled(parsed, rename, shown, note)


def _rekeyed(symbol, name: str):
    """The stand-in ``symbol`` (of its own class: a gradient, a value, a plain name) renamed."""
    from symbolic.gradient_vectors import FunctionValue, GradientVector
    if isinstance(symbol, GradientVector):
        return GradientVector(name, *symbol.shape)
    if isinstance(symbol, sympy.MatrixSymbol):
        return sympy.MatrixSymbol(name, *symbol.shape)
    if isinstance(symbol, FunctionValue):
        return FunctionValue(name, **symbol.assumptions0)
    return sympy.Symbol(name, **symbol.assumptions0)


def _renamed(assumptions, rename):
    """The chain's assumptions with the placeholders renamed, so that facts and symbols agree
    with the claim (an assumption about x^* must reach the claim's x^*)."""
    symbols = {}
    for key, value in assumptions.symbols.items():
        new = rename(value)
        symbols[getattr(new, "name", key) if new is not value else key] = new
    return dataclasses.replace(assumptions, symbols=symbols,
                               facts=tuple(rename(f) for f in assumptions.facts))


def relabelled(parsed, rename, shown, note: str):
    """A reading (a chain or an expression) with its stand-in symbols renamed back by
    ``rename``, its texts shown as written by ``shown``, and ``note`` added (stars, primes)."""
    if hasattr(parsed, "value"):
        return dataclasses.replace(parsed, latex=shown(parsed.latex), value=rename(parsed.value),
                                   assumptions=_renamed(parsed.assumptions, rename),
                                   notes=tuple(sorted(set(parsed.notes) | {note})))
    links = []
    for link in parsed.links:
        claim = dataclasses.replace(link.claim, lhs=rename(link.claim.lhs),
                                    rhs=rename(link.claim.rhs))
        links.append(dataclasses.replace(link, claim=claim, latex=shown(link.latex),
                                         lhs_latex=shown(link.lhs_latex),
                                         rhs_latex=shown(link.rhs_latex)))
    return dataclasses.replace(parsed, latex=shown(parsed.latex), links=tuple(links),
                               assumptions=_renamed(parsed.assumptions, rename),
                               notes=tuple(sorted(set(parsed.notes) | {note})))
