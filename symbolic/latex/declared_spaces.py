"""Declarations of vectors and matrices as papers write them: sizes that are products, labelled names.

Papers declare shapes with sizes that are products of counts (``W^O \\in \\mathbb{R}^{h d_v
\\times d_{\\mathrm{model}}}``: h heads of d_v columns each; ``\\mathbb{R}^{N \\times 2d}``) and
name projections with a superscript label (``W^V``, ``W^{O}``: the value and output projections).

* A size is a positive whole number, a name, or a product of them, read as the reader reads any
  product (``h d_v``, ``hd_v``, ``2d``, ``N \\cdot d``): every name in it becomes a positive integer.
  Anything else is refused: a quotient (``d/2``, which need not be whole), a difference (``d - 1``,
  which may be 0), a power (``d^2``, a label or a square?).
* In a membership statement ``W^V \\in \\mathbb{R}^{d_x \\times d_z}`` the superscript is a label:
  W to the power V is a number, which does not lie in a space of vectors or matrices, so the
  statement names the matrix ``W^{V}``. Only a capital letter (not ``T`` or ``H``, the transpose
  and the conjugate transpose) or an upright word (``\\mathrm{abs}``) is taken as a label; any
  other superscript keeps the statement reader's refusal. In a claim ``W^V`` is still refused or
  read as written: this reading is only of the statement that declares it.
"""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError

__all__ = ["labelled_subject", "resolved_size", "space_size"]


def space_size(size: str, text: str, stated: dict, parse_expression):
    """One size of ``\\mathbb{R}^{m \\times n}``: an Integer, a name (a str, as the declaration's
    symbols are made later), or a product of a whole number and names (a SymPy product of plain
    symbols, made the declaration's symbols by :func:`resolved_size`). ``parse_expression`` is
    the claim reader's (passed in: the reader imports this module)."""
    if size.isdigit() and int(size) > 0:
        return sympy.Integer(int(size))
    shown = " ".join(text.split())
    problem = (f"the size '{size}' in '{shown[:60]}' must be a positive whole number, a name such "
               f"as d or d_k, or a product of them (h d_v, 2d)")
    try:
        # read as a claim reads it, so that the size is the claim's symbol (d_{\mathrm{model}}
        # is d_{model} in both) and letters run together are refused alike (dh: a differential?)
        raw = parse_expression(size).value
        if raw.has(sympy.I):        # a count named i (K \in \mathbb{R}^{i \times d}), not the unit
            raw = parse_expression(size, assumptions=[r"i \in \mathbb{Z}_{>0}"]).value
    except ParseError as exc:
        raise ParseError(f"{problem}: {exc}") from None
    problem = ParseError(problem)
    factors = raw.args if isinstance(raw, sympy.Mul) else (raw,)
    names, whole = [], [f for f in factors if isinstance(f, sympy.Integer)]
    for factor in factors:
        if isinstance(factor, sympy.Symbol) and not factor.name.startswith("SCZ"):
            names.append(factor.name)
        elif not (isinstance(factor, sympy.Integer) and factor > 0 and len(whole) == 1):
            raise problem        # d/2, d - 1, d^2, -d, an unknown construct
    if not names:
        raise problem            # 2 \cdot 3: write the number
    for name in names:
        stated.setdefault(name, {}).update(integer=True, positive=True)
    if len(names) == 1 and not whole:
        return names[0]
    return sympy.Mul(*whole, *(sympy.Symbol(n) for n in names), evaluate=True)


def resolved_size(size, symbols):
    """A size recorded by :func:`space_size`, in the declaration's own symbols."""
    if isinstance(size, str):
        return symbols[size]
    return size.xreplace({s: symbols[s.name] for s in size.free_symbols})


# W^V, W^{O}, \mathbf{A}^{\mathrm{abs}}: a name, then a superscript that is a capital or a word
_LABELLED = re.compile(r"(?P<name>.+?)\s*\^\s*(?:(?P<bare>[A-Z])|\{\s*(?P<braced>[A-Z]|"
                       r"\\(?:mathrm|text|mathbf|textrm)\s*\{\s*(?P<word>[A-Za-z]{2,})\s*\})\s*\})",
                       re.S)
_NOT_LABELS = ("T", "H")    # A^T, A^H: the transpose and the conjugate transpose


def labelled_subject(part: str, space: str, options: dict, parse_assumptions):
    """The matrix ``W^{V}`` that ``W^V \\in \\mathbb{R}^{...}`` declares, or None when the
    superscript is not read as a label here (see the module); ``parse_assumptions`` is the
    reader's (passed in: the reader imports this module)."""
    m = _LABELLED.fullmatch(part.strip())
    if not m:
        return None
    label = m.group("bare") or m.group("word") or m.group("braced")
    if label in _NOT_LABELS:
        return None
    from symbolic.latex.matrices import declared_name
    try:
        key, _ = declared_name(m.group("name"))
        found = parse_assumptions([f"{m.group('name')} \\in {space}"],
                                  functions=options.get("functions", ()))
    except ParseError:
        return None
    base = found.symbols.get(key)
    if not isinstance(base, sympy.MatrixSymbol):
        return None
    return sympy.MatrixSymbol(f"{base.name}^{{{label}}}", *base.shape)
