"""A bold optimum ``\\boldsymbol{\\theta}^*`` declared a vector of R^d read as a bold vector.

The papers on optimisation write ``\\|\\boldsymbol{\\theta}_t - \\boldsymbol{\\theta}^*\\|^2``
with the minimiser declared in the text (``\\boldsymbol{\\theta}^* \\in \\mathbb{R}^d``). Read as
a d x 1 matrix (``stars.py`` with a matrix declaration) it cannot stand beside the bold vectors
``\\boldsymbol{\\theta}_t``, whose components the norms and inner products sum over the same d
(``vectors.py``). So a bold base whose ``^*`` is declared in ``\\mathbb{R}^{d}`` (that very d)
is read as one more bold vector, of a name of its own: the claim is read with the starred name
replaced by an unused bold Greek letter, and the letter is renamed back to
``\\boldsymbol{\\theta}^{*}`` in what is returned. Any other starred declaration goes on to
``stars.py`` unchanged, and so does this one where the other assumptions declare matrices or
vectors (``\\boldsymbol{\\theta}_t \\in \\mathbb{R}^d``): the claim is then read with matrices,
and the optimum is one more d x 1 matrix among them.
"""
from __future__ import annotations

import dataclasses
import re
import sympy

from symbolic.errors import ParseError
import symbolic.latex.stars as stars
from symbolic.latex.vectors import DIMENSION

_BOLD = r"\\(?:mathbf|boldsymbol|bm)\s*\{\s*(?:\\[A-Za-z]+|[a-z])\s*\}"
_VECTOR_STAR = re.compile(r"^\s*(?P<base>" + _BOLD + r")" + stars._STAR +
                          r"\s*\\in\s*\\mathbb\s*\{\s*R\s*\}\s*\^\s*(?:\{\s*" + DIMENSION.name +
                          r"\s*\}|" + DIMENSION.name + r")\s*$")
# bold Greek letters papers hardly use, one of which stands for the starred vector
_MOMENTS = frozenset(["Expect", "Var", "E", "Cov"])
_SPARE = ("varsigma", "omicron", "varrho", "upsilon")


def read_with_stars(latex: str, reader, options: dict, parse_assumptions=None):
    """``stars.read_with_stars`` with bold optima of R^d read as bold vectors (``parse_assumptions``,
    the reader's, tells whether the other assumptions declare matrices)."""
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    found = {}
    rest = []
    for text in assumptions:
        m = _VECTOR_STAR.match(text)
        if m:
            found.setdefault(re.sub(r"\s+", "", m.group("base")), None)
        else:
            rest.append(text)
    spare = [g for g in _SPARE if "\\" + g not in latex and not any("\\" + g in a for a in assumptions)]
    if not found or len(spare) < len(found) or _declares_matrices(rest, options, parse_assumptions):
        return stars.read_with_stars(latex, reader, options)
    names = {}
    for base, letter in zip(found, spare):
        command = re.match(r"\\[A-Za-z]+", base).group(0)
        names[base] = f"{command}{{\\{letter}}}"
    text = stars._replace(latex, names)
    given = tuple(stars._replace(a, names, braced=False) for a in rest)
    options = dict(options, assumptions=given)
    back = {new: base + "^{*}" for base, new in names.items()}
    try:
        parsed = stars.read_with_stars(text, reader, options) if stars.declared_stars(given) \
            else reader(text, **options)
    except ParseError as exc:        # the refusal names what the user wrote, not the stand-in
        message = str(exc)
        for new, old in back.items():
            message = message.replace(new, old)
        raise ParseError(message) from None
    _vectors_only(parsed, back)
    return _renamed(parsed, back)


def _declares_matrices(assumptions, options, parse_assumptions) -> bool:
    """Whether the other assumptions declare a matrix or a vector (``\\boldsymbol{\\theta}_t \\in
    \\mathbb{R}^d``): the claim is then read with matrices, and the optimum is one more declared
    d x 1 matrix beside them (``stars.py``), not a vector read by its components."""
    if parse_assumptions is None:
        return False
    for text in assumptions:
        try:
            given = parse_assumptions((text,), imaginary_unit=options.get("imaginary_unit"),
                                      functions=options.get("functions") or ())
        except ParseError:
            continue
        if any(isinstance(v, sympy.MatrixSymbol) for v in given.symbols.values()):
            return True
    return False


def _vectors_only(parsed, back: dict) -> None:
    """Refuse a declared vector written where a number stands (``\\boldsymbol{\\theta}^* + 1``):
    it may only be read component by component (under a norm, in a dot product) or be an
    argument of an unknown function (``L(\\boldsymbol{\\theta}^*)``)."""
    from sympy.core.function import AppliedUndef

    def walk(expr, inside_function):
        if isinstance(expr, sympy.IndexedBase):
            return                       # a component's family: read under a norm or a dot
        if isinstance(expr, sympy.Symbol) and expr.name in back and not inside_function:
            raise ParseError(f"{back[expr.name]} is declared a vector of R^{DIMENSION.name} and is "
                             f"written where a number stands: write it under a norm or in a dot "
                             f"product, or declare it a number (\\in \\mathbb{{R}})")
        # an unknown function takes the vector as it is; an expectation or a variance of it
        # would be a vector (or a matrix) where the claim has a number
        opaque = isinstance(expr, AppliedUndef) and type(expr).__name__ not in _MOMENTS
        for arg in getattr(expr, "args", ()):
            walk(arg, inside_function or opaque)

    values = [parsed.value] if hasattr(parsed, "value") else \
        [side for link in parsed.links for side in (link.claim.lhs, link.claim.rhs)]
    for value in values:
        if isinstance(value, sympy.Basic):
            walk(value, False)


def _renamed(parsed, back: dict):
    """The reading with each stand-in bold letter renamed to its starred name."""
    def rename(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {}
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, sympy.IndexedBase) and str(node.label) in back:
                mapping[node] = sympy.IndexedBase(back[str(node.label)], **node.assumptions0)
            elif isinstance(node, sympy.Symbol) and node.name in back:
                mapping[node] = sympy.Symbol(back[node.name], **node.assumptions0)
        return expr.xreplace(mapping) if mapping else expr

    def shown(text: str) -> str:
        for new, old in back.items():
            text = text.replace(new, old)
        return text

    symbols = {shown(k): rename(v) for k, v in parsed.assumptions.symbols.items()}
    assumptions = dataclasses.replace(parsed.assumptions, symbols=symbols,
                                      facts=tuple(rename(f) for f in parsed.assumptions.facts))
    if hasattr(parsed, "value"):
        return dataclasses.replace(parsed, latex=shown(parsed.latex), value=rename(parsed.value),
                                   assumptions=assumptions)
    links = []
    for link in parsed.links:
        claim = dataclasses.replace(link.claim, lhs=rename(link.claim.lhs), rhs=rename(link.claim.rhs))
        links.append(dataclasses.replace(link, claim=claim, latex=shown(link.latex),
                                         lhs_latex=shown(link.lhs_latex), rhs_latex=shown(link.rhs_latex)))
    return dataclasses.replace(parsed, latex=shown(parsed.latex), links=tuple(links),
                               assumptions=assumptions)
