"""A derivative in a row of a display whose quantities another row of the same display defines
(``y = x^2, \\quad \\frac{dy}{dx} = 2x``).

A display's rows are read one by one. A row that differentiates a name that another row of the
display defines (``y = x^2`` above ``\\frac{dy}{dx} = 2x``) would be read without that definition:
the derivative reads ``y`` as an unknown function or a constant, so ``\\frac{dy}{dx} = 0`` and
``\\frac{d}{dx}(x y) = y`` would be checked as other claims than the display's. Such a row is
read with the definition in the name's place where that is faithful, and refused otherwise.
"""
from __future__ import annotations

import dataclasses
import re

import sympy

from symbolic.latex.lexer import GREEK

# a letter, a Greek letter or \\ell, either under an accent or a font (never \\sum or \\log)
_LETTER = r"(?:\\(?:" + "|".join(sorted(GREEK)) + r")(?![A-Za-z])|[A-Za-z])"
_NAME = (r"(?:\\(?:hat|bar|tilde|widehat|widetilde|mathcal|mathbf|boldsymbol|bm|mathrm|vec)"
         r"\s*\{\s*" + _LETTER + r"\s*\}|" + _LETTER + ")")
_SUBSCRIPT = r"(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+))?"
# the left side of a defining row: a name (with an index), or a function at its arguments
_DEFINED = re.compile(r"\s*(?P<name>" + _NAME + r")(?P<sub>" + _SUBSCRIPT + r")" +
                      r"\s*(?:(?:\\left)?\s*\((?P<args>[^()]*)(?:\\right)?\s*\))?\s*$")
_RELATION = re.compile(r":=|\\coloneqq(?![A-Za-z])|\\triangleq(?![A-Za-z])|\\equiv(?![A-Za-z])|"
                       r"\\doteq(?![A-Za-z])|(?<![<>!:\\])=")
# a derivative of any kind: d/dx, \partial, \nabla, and a prime on a function at its argument
_DERIVATIVE = re.compile(
    r"\\partial(?![A-Za-z])|\\nabla(?![A-Za-z])"
    r"|\\[dt]?frac\s*\{\s*(?P<d>d|\\mathrm\s*\{?\s*d\s*\}?|\\operatorname\s*\{\s*d\s*\})"
    r"\s*(?:\^\s*(?:\{[^{}]*\}|\w))?\s*(?:[A-Za-z\\]|\}\s*\{\s*(?P=d))"
    r"|(?:'|’|\\prime(?![A-Za-z])\s*\}?)\s*(?:\\left\s*)?\(")
# the sigmoid is read as the sigmoid in every row (its defining row is then checked as a claim)
_CONVENTIONAL = frozenset([r"\sigma"])


def _top_relations(row: str) -> list[re.Match]:
    """The relations of ``row`` outside braces and brackets (not the = of \\sum_{i=1})."""
    depth, found = [], []
    for m in re.finditer(r"[{(\[]|[})\]]|" + _RELATION.pattern, row):
        if m.group(0) in "{([":
            depth.append(m.group(0))
        elif m.group(0) in "})]":
            if depth:
                depth.pop()
        elif not depth:
            found.append(m)
    return found


def _defined_name(row: str) -> str | None:
    """The name a row defines (``y = ...``, ``y := ...``, ``f(x) = ...``), or None."""
    row = row.replace("&", " ")
    found = _top_relations(row)
    if not found:
        return None
    lhs = _DEFINED.fullmatch(row[:found[0].start()])
    if not lhs:
        return None
    name = re.sub(r"\s+", "", lhs.group("name"))
    return None if name in _CONVENTIONAL else name


def _occurs(name: str, text: str) -> bool:
    """Whether ``name`` stands in ``text`` as a name of its own (not inside a longer one)."""
    flexible = r"\s*".join(re.escape(part) for part in re.findall(r"\\[A-Za-z]+|.", name))
    # the differential dy is d and y (a name dy of its own is refused by the reader anyway)
    text = re.sub(r"(?<![A-Za-z\\])d(?=\s*(?:\\[A-Za-z]|[A-Za-z]))", "d ", text)
    return re.search(r"(?<![A-Za-z\\])" + flexible + r"(?![A-Za-z])", text) is not None


def defined_derivatives(chains: list) -> list:
    """The chains, each row that differentiates a name another row defines read with the
    definition in the name's place (``\\frac{\\partial L}{\\partial x}`` beside ``L = x^2 y``
    is ``\\frac{\\partial}{\\partial x} (x^2 y)``), or refused when it cannot be put there."""
    if len(chains) < 2:
        return chains
    defined = [(n, c, _defined_name(c.latex)) for n, c in enumerate(chains)
               if c.problem is None and c.latex]
    out = []
    for n, chain in enumerate(chains):
        # (again after each definition put in: v = u y beside u = x^2 brings u in)
        for _ in range(len(defined) + 1):
            if chain.problem is not None or not _DERIVATIVE.search(chain.latex):
                break
            met = next(((other, name) for m, other, name in defined if m != n and name
                        and _occurs(name, _without_variables(chain.latex, name))), None)
            if met is None:
                break
            other, name = met
            row = " ".join(other.latex.split())
            # a name defined by two rows (y = x^2 and y = x^3): which one the derivative
            # means is not written
            twice = sum(1 for m, _, other_name in defined if m != n and other_name == name) > 1
            text = None if twice else _substituted(chain.latex, name, other.latex)
            chain = dataclasses.replace(chain, problem=_message(name, row[:40])) \
                if text is None else dataclasses.replace(
                    chain, latex=text, notes=tuple(chain.notes) + (
                        f"{name} in a derivative is read as its definition in another row of "
                        f"the display ({row[:40]})",))
        else:
            chain = dataclasses.replace(chain, problem=_message(name, row[:40]))
        out.append(chain)
    return out


_FRACTION = (r"\\[dt]?frac\s*\{\s*(?P<d>\\partial|d|\\mathrm\s*\{\s*d\s*\})\s*"
             r"(?P<order>\^\s*(?:\{[^{}]*\}|\w))?\s*%s\s*\}\s*"
             r"\{(?P<den>(?:[^{}]|\{[^{}]*\})*)\}")
_BOUND = re.compile(r"\\(?:sum|prod)\s*_\s*\{?\s*(?P<index>[A-Za-z])\s*(?:=|\\in|\})")
_FRESH = "kjlpqrsuvwabc"


def _substituted(text: str, name: str, definition_row: str) -> str | None:
    """``text`` with each derivative of ``name`` (its numerator) taken of the definition written
    in ``definition_row`` (``name = ...``), or None when that cannot be done faithfully: the name
    used elsewhere in the row, a definition with several relations or a free letter that the
    row's own letters would capture."""
    row = definition_row.replace("&", " ")
    found = _top_relations(row)
    # a function's definition, f(t) = t^2, says nothing of df/dx, and y_i = ... nothing of
    # dy/dx: only a plain name's definition is put in
    lhs = _DEFINED.fullmatch(row[:found[0].start()]) if len(found) == 1 else None
    if lhs is None or lhs.group("args") is not None or lhs.group("sub").strip() \
            or _occurs(name, row[found[0].end():]):
        return None
    body = _renamed_bound(row[found[0].end():].strip().rstrip(",.;").strip(), text)
    if body is None:
        return None
    flexible = r"\s*".join(re.escape(p) for p in re.findall(r"\\[A-Za-z]+|.", name))
    pattern = re.compile(_FRACTION % (flexible + r"(?![A-Za-z])"))

    def put(m: re.Match) -> str:
        return (r"\frac{%s%s}{%s} \left(%s\right)" % (m.group("d"), m.group("order") or "",
                                                      m.group("den"), body))
    result = pattern.sub(put, text)
    return None if result == text or _occurs(name, result) else result


def _renamed_bound(body: str, row: str) -> str | None:
    """The definition with each index its sums bind renamed to a letter the row does not use
    (the row's own i of \\hat{y}_i would be captured by the definition's \\sum_{i=1}^n), checked
    by reading both: None when the letter is also free in the definition."""
    from symbolic.errors import ParseError
    from symbolic.latex.parse import parse_expression
    bound = sorted({m.group("index") for m in _BOUND.finditer(body)})
    clashes = [b for b in bound if _occurs(b, row)]
    if not clashes:
        return body
    try:
        before = parse_expression(body).value
    except (ParseError, ValueError, TypeError):
        return None
    used = set(re.findall(r"[A-Za-z]", body + row))
    renamed = body
    for letter in clashes:
        fresh = next((c for c in _FRESH if c not in used), None)
        if fresh is None or _free_index(before, letter):
            return None
        used.add(fresh)
        renamed = re.sub(r"(?<![A-Za-z\\])" + letter + r"(?![A-Za-z])", fresh, renamed)
        before = before.xreplace({s: type(s)(fresh, **s.assumptions0)
                                  for s in before.atoms(sympy.Symbol) if s.name == letter})
    try:
        after = parse_expression(renamed).value
    except (ParseError, ValueError, TypeError):
        return None
    # the same expression with the letters renamed: no name such as c_i was renamed with them
    return renamed if after == before else None


def _free_index(expr, letter: str, bound: frozenset = frozenset()) -> bool:
    """Whether the letter stands in ``expr`` outside every sum or product that binds it."""
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        inner = bound | {str(limit[0]) for limit in expr.limits}
        return _free_index(expr.function, letter, inner) or any(
            _free_index(x, letter, bound) for limit in expr.limits for x in limit[1:])
    if isinstance(expr, sympy.Symbol):
        return expr.name == letter and letter not in bound
    return any(_free_index(a, letter, bound) for a in expr.args)


def _without_variables(text: str, name: str) -> str:
    """``text`` without the places where ``name`` is only the variable of a derivative (the
    denominator of \\frac{\\partial L}{\\partial z}, \\partial_z, \\nabla_z): L's derivative in z
    does not depend on what z is defined to be."""
    flexible = r"\s*".join(re.escape(p) for p in re.findall(r"\\[A-Za-z]+|.", name))
    one = r"(?:\\partial|d|\\mathrm\s*\{\s*d\s*\})\s*" + flexible + \
        r"(?![A-Za-z])\s*(?:\^\s*(?:\{[^{}]*\}|\w))?\s*"
    text = re.sub(r"(\\[dt]?frac\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*)\{\s*(?:" + one + r")+\}",
                  r"\1{}", text)
    return re.sub(r"\\(?:partial|nabla)\s*_\s*(?:\{\s*" + flexible + r"\s*\}|" + flexible +
                  r"(?![A-Za-z]))", " ", text)


def _message(name: str, row: str) -> str:
    return (f"{name} is defined by another row of this display ('{row}') and this row takes a "
            f"derivative with {name} in it: read alone, {name} would not depend on the "
            f"variable (d/dx of y where y = x^2 is 2x, not 0); write the definition in the "
            f"place of {name}, e.g. \\frac{{d}}{{dx}} (x^2), or check the rows apart")
