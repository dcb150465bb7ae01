"""The gradient of a declared function at a declared vector, as an opaque vector of real entries.

``\\nabla f(\\theta_t)`` (f declared with --function, theta_t declared in R^d) is read as the
column vector ``GradientVector('∇f(theta_t)', d, 1)``: a ``MatrixSymbol`` keyed by the function
and the point, so the same gradient written twice is one vector and gradients at two points
written differently are two vectors. Nothing else is known of it. The point may also be a sum
of multiples of declared vectors (``\\nabla f(x + \\delta)``), keyed by that expression as SymPy
writes it: equal keys are one point, and two keys for one point (``x + \\delta`` and ``x`` where
delta = 0) are only freer.

Why this is sound for ``proved``: every rewrite the matrix reader and the checkers apply to a
``MatrixSymbol`` (linearity of products and of the inner product, transposes, expanding a norm
into the sum of squares of the components) holds for every real vector, hence for the real
gradient; and the stand-in is at least as free as the real gradient (any real vector is the
gradient of some smooth function at a point, e.g. of a linear one), with equal keys meaning equal
real gradients. A claim proved for every value of the stand-in holds for the real one.

Why it is never grounds for ``refuted``: the stand-in is *more* free than the real objects. Two
keys may name one gradient (``\\nabla f(x)`` and ``\\nabla f(y)`` at a sample where x = y), and
the function's values, where the claim also writes them, are tied to its gradient (a convexity
inequality). A counterexample drawn for the stand-in need not be a point of any real function,
so ``symbolic.checks._stand_ins`` turns every refutation of a claim that holds a stand-in into an
undecided verdict, saying why.
"""
from __future__ import annotations

import re

import sympy

MARK = "∇"      # the first character of a stand-in's name; no name the reader makes starts so


class GradientVector(sympy.MatrixSymbol):
    """The gradient of a declared function at a declared point: an opaque column vector."""

    @classmethod
    def at(cls, function: str, point: sympy.MatrixExpr) -> "GradientVector":
        """The stand-in of ``\\nabla function(point)``, of the point's shape."""
        return cls(f"{MARK}{function}({key_of(point)})", *point.shape)

    @property
    def function(self) -> str:
        return self.name[len(MARK):self.name.index("(")]

    @property
    def point(self) -> sympy.MatrixSymbol:
        return sympy.MatrixSymbol(self.name[self.name.index("(") + 1:-1], *self.shape)

    def _latex(self, printer):
        key = self.name[self.name.index("(") + 1:-1]
        point = printer._print(self.point) if re.fullmatch(r"[\w{}\\^]+", key) else key
        return r"\nabla %s\left(%s\right)" % (self.function, point)


class FunctionValue(sympy.Symbol):
    """The value f(x) of a declared function at a declared vector: an opaque real number."""

    @classmethod
    def at(cls, function: str, point: sympy.MatrixExpr) -> "FunctionValue":
        """The stand-in of ``function(point)``; one real number per function and point."""
        return cls(f"{function}({key_of(point)})", real=True)


def key_of(point) -> str:
    """The point as it enters a stand-in's name: a declared vector's name, or an expression
    of declared vectors as SymPy writes it (``delta + x``: one key for x + delta and delta + x)."""
    return point.name if isinstance(point, sympy.MatrixSymbol) else sympy.sstr(point)


def _marked(name) -> bool:
    return str(name).startswith(MARK)


def holds_gradient(expr) -> bool:
    """Whether ``expr`` holds a stand-in: a gradient, one of its entries (``to_scalar`` writes the
    entries of a 1 x 1 product as an ``IndexedBase`` of its name) or a function's value at a
    vector (two keys may name one point there too)."""
    return holds_stand_in(expr, (GradientVector, FunctionValue), _marked)


def holds_stand_in(expr, kinds: tuple, marked) -> bool:
    """Whether ``expr`` holds a node of ``kinds``, or a matrix, indexed base or symbol whose name
    ``marked`` recognises as one of theirs (the forms the stand-in takes after sizing or
    ``to_scalar``)."""
    if not isinstance(expr, sympy.Basic):
        return False
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, kinds):
            return True
        if isinstance(node, (sympy.MatrixSymbol, sympy.Symbol)) and marked(node.name):
            return True
        if isinstance(node, sympy.IndexedBase) and marked(node.label):
            return True
    return False
