"""``\\delta_{ik}`` as the Kronecker delta: 1 where i = k, 0 elsewhere.

Papers on attention write the softmax Jacobian as p_i(\\delta_{ik} - p_k): a delta with two
indices is the Kronecker delta there, never an arbitrary table of numbers. Read as an entry
delta[i, k] of an unknown table, ``\\sum_k \\delta_{ik} x_k = x_i`` was refuted with
delta[1, 1] = 0. The reading applies only where every delta of the chain carries exactly two
indices; a bare \\delta or one with one index or three (a step size, a variation) keeps the
ordinary reading, and the note says which reading was used.

A delta whose indices are free (``\\delta_{kj}`` outside any sum) is named by the reader as one
symbol ``delta_{kj}``, beside names such as x_k and x_j that it also reads apart (not as
entries of one family). Read as Kronecker's there, ``\\delta_{kj} x_k = x_j`` would be refuted
at k = j with x_k != x_j, which is no counterexample. It is read as Kronecker's (its subscript
two letters, ``kj`` or ``k,j``) only where no other name of the chain carries k or j in a
subscript of its own (``\\frac{\\partial \\sigma(z)_i}{\\partial z_k} = \\sigma(z)_i (\\delta_{ik}
- \\sigma(z)_k)``, where z_i and z_k are entries of z), or beside a derivative of a name declared
to depend on others (``symbolic.latex.dependences``: ``\\frac{\\partial y_k}{\\partial
\\gamma_j} = \\hat{x}_j \\delta_{kj}``), whose claims are never refuted
(``symbolic.checks._stand_ins``); a proof stays sound, the names read apart being only freer
than the entries they are. A \\delta declared a vector or a matrix is never the Kronecker delta.
"""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError

NOTE = "\\delta with two indices is read as the Kronecker delta (1 where they are equal, else 0)"


def _is_delta(base) -> bool:
    return isinstance(base, sympy.IndexedBase) and str(base.label) == "delta"


_NAMED = re.compile(r"delta_\{?(?P<a>[A-Za-z])\s*,?\s*(?P<b>[A-Za-z])\}?")


def _named_delta(node) -> tuple[str, str] | None:
    """The two letters of a symbol ``delta_{kj}`` (a delta with free indices), else None."""
    m = _NAMED.fullmatch(node.name) if isinstance(node, sympy.Symbol) else None
    return (m.group("a"), m.group("b")) if m else None


def _named_safely(values: list) -> bool:
    """Whether a delta with free indices (``delta_{kj}``) may be read as Kronecker's here: beside
    a derivative of a declared dependent name, or where no other name carries its letters in a
    subscript of its own (every x_k of the chain is an entry x[k] of a family)."""
    from symbolic.latex.dependences import holds_derivative
    symbols = [s for v in values for s in getattr(v, "free_symbols", ())
               if isinstance(s, sympy.Symbol)]
    letters = {x for s in symbols if _named_delta(s) is not None for x in _named_delta(s)}
    if not letters:
        return False
    apart = {ch for s in symbols if _named_delta(s) is None and "_" in s.name
             for ch in s.name.split("_", 1)[1] if ch.isalpha()}
    if not (letters & apart):
        return True
    # beside a derivative: only where every link writing such a delta holds the derivative
    # (the stand-in's guard is a link's; in \delta_{kj} x_k = \delta_{kj} x_j = \delta_{kj}
    # \frac{\partial y_k}{\partial \gamma_j} the first link was refuted at k = j, x_k != x_j)
    links = [values[n:n + 2] for n in range(len(values) - 1)] or [values]
    return all(any(holds_derivative(v) for v in link) for link in links
               if any(_named_delta(s) is not None for v in link
                      for s in getattr(v, "free_symbols", ())))


def _mentions_delta(facts) -> bool:
    """Whether an assumption writes \\delta (``\\delta_{ij} = 2``, ``\\delta > 0``)."""
    for fact in facts:
        for node in sympy.preorder_traversal(fact) if isinstance(fact, sympy.Basic) else ():
            if isinstance(node, sympy.Symbol) and (node.name == "delta"
                                                    or node.name.startswith("delta_")):
                return True
            if isinstance(node, sympy.Indexed) and _is_delta(node.base):
                return True
    return False


def holds_named_delta(expr) -> bool:
    """Whether ``expr`` holds a delta with two free indices left a name (``delta_{kj}`` beside
    x_k and x_j read apart): the text may mean Kronecker's, at k = j 1 and x_k = x_j, so a value
    drawn for it is no counterexample (``symbolic.checks._stand_ins``)."""
    return isinstance(expr, sympy.Basic) and any(
        isinstance(s, sympy.Symbol) and _named_delta(s) is not None for s in expr.free_symbols)


def kronecker_deltas(values: list, facts=(), matrices=frozenset()) -> tuple[list, tuple[str, ...]]:
    """The sides with every two-index ``delta[i, k]`` as ``KroneckerDelta(i, k)``, and the note.
    Refused where an assumption also writes \\delta: a value stated of it (``\\delta_{ij} = 2``)
    makes it a quantity, and Kronecker's would prove ``\\delta_{ij}^2 = \\delta_{ij}``.
    Never where \\delta is declared a matrix or a vector (``matrices``: the declared names):
    its entries delta[nu, 0] in a product read entry by entry (``\\nabla f(x)^\\top \\delta``)
    are entries of that vector, not a Kronecker delta."""
    if "delta" in matrices:
        return values, ()
    named = _named_safely(values)       # delta_{kj}: see the module
    found, other = False, False
    for v in values:
        for node in sympy.preorder_traversal(v):
            if isinstance(node, sympy.Indexed) and _is_delta(node.base):
                found = True
                other = other or len(node.indices) != 2
            elif named and _named_delta(node) is not None:
                found = True
            elif named and isinstance(node, sympy.Symbol) and node.name.startswith("delta_"):
                other = True        # \delta_t, \delta_{ijk}: a step, a table
            elif isinstance(node, sympy.Symbol) and node.name == "delta":
                other = other or not any(isinstance(n, sympy.IndexedBase) and n.label == node
                                         for n in sympy.preorder_traversal(v))
    if not found or other:
        return values, ()
    if _mentions_delta(facts):
        raise ParseError("\\delta with two indices is read as the Kronecker delta, but an "
                         "assumption also states something of \\delta (a quantity there?): "
                         "drop that assumption (Kronecker's is 1 where i = j, else 0) or name the "
                         "quantity otherwise")
    swap = {}
    # the letters of delta_{kj} are the chain's own k and j where it writes them (y_k, x_j)
    letters = {s.name: s for v in values for s in getattr(v, "free_symbols", ())
               if isinstance(s, sympy.Symbol)}
    for v in values:
        for node in sympy.preorder_traversal(v):
            if isinstance(node, sympy.Indexed) and _is_delta(node.base):
                swap[node] = sympy.KroneckerDelta(*node.indices)
            elif named and _named_delta(node) is not None:
                swap[node] = sympy.KroneckerDelta(*(
                    letters.get(x) or sympy.Symbol(x, integer=True) for x in _named_delta(node)))
    return [v.xreplace(swap) for v in values], (NOTE,)
