"""SymPy functions that derivations about attention are written with: the documents' vocabulary.

``MaxOver(x[j], (j, 1, L))`` is the maximum of ``x[j]`` over ``j = 1..L`` with a
symbolic L, the counterpart of ``Sum``; ``ReLU`` is ``max(x, 0)``. ``Mean`` and ``Var``
are the moments of a random expression, kept unevaluated in claims. ``RowSoftmax`` and
``EntrywiseReLU`` are matrix-valued functions of one matrix, ``permutation_matrix`` a
predicate, ``BlockDiag`` a block-diagonal matrix with a symbolic number of blocks.

Only definitions live here; the checkers that prove claims written with them are in
``symbolic/checks/`` (``moments``, ``matrices``, ``blocks``), which import them from here.
"""
from __future__ import annotations

import contextvars

import sympy
from sympy.assumptions.assume import Predicate
from sympy.concrete.expr_with_limits import ExprWithLimits
from sympy.matrices.expressions import MatrixExpr


class MaxOver(ExprWithLimits):
    """The largest value of a term over an integer index range (``\\max_j``).

    >>> x, j = sympy.IndexedBase("x", real=True), sympy.Symbol("j", integer=True)
    >>> MaxOver(x[j], (j, 1, 3)).doit()
    Max(x[1], x[2], x[3])
    >>> MaxOver(x[j], (j, 1, sympy.Symbol("L", integer=True, positive=True))).doit()
    MaxOver(x[j], (j, 1, L))
    """

    is_extended_real = True

    def __new__(cls, function, *symbols, **assumptions):
        return super().__new__(cls, function, *symbols, **assumptions)

    def doit(self, **hints):
        term = self.function
        if hints.get("deep", True):
            term = term.doit(**hints)
        (index, lo, hi), = self.limits
        if (hi - lo).is_Integer:
            count = int(hi - lo) + 1
            if count < 1:
                raise ValueError(f"max over an empty range {lo}..{hi}")
            return sympy.Max(*[term.subs(index, lo + k) for k in range(count)])
        return self.func(term, *self.limits)

    def _eval_is_extended_real(self):
        return self.function.is_extended_real

    def _eval_is_finite(self):
        # the largest of finitely many finite terms is finite (so exp(max) is positive)
        return self.function.is_finite

    def _latex(self, printer):
        (index, lo, hi), = self.limits
        return r"\max_{%s} %s" % (printer._print(index), printer.parenthesize(self.function, 1000))


class MinOver(MaxOver):
    """The smallest value of a term over an integer index range (``\\min_j``)."""

    def doit(self, **hints):
        result = super().doit(**hints)
        if isinstance(result, sympy.Max):
            return sympy.Min(*result.args)
        if isinstance(result, MaxOver):
            return self.func(result.function, *result.limits)
        return result

    def _latex(self, printer):
        (index, lo, hi), = self.limits
        return r"\min_{%s} %s" % (printer._print(index), printer.parenthesize(self.function, 1000))


# Set while the reader looks for kinks in a derivative's body: ReLU(x) of a declared x >= 0
# would settle to x, hiding the kink at 0 (calculus.py).
KEEP_RELU: contextvars.ContextVar[bool] = contextvars.ContextVar("KEEP_RELU", default=False)


class ReLU(sympy.Function):
    """The rectifier ``max(x, 0)``.

    >>> ReLU(-2), ReLU(sympy.Symbol("y", positive=True))
    (0, y)
    """

    @classmethod
    def eval(cls, x):
        if x.is_number and x.is_extended_real:
            return sympy.Max(x, 0)
        if x.is_nonnegative:
            return x
        if x.is_nonpositive:
            return sympy.S.Zero

    def _eval_rewrite_as_Max(self, x, **kwargs):
        return sympy.Max(x, 0)

    def _eval_is_extended_real(self):
        return self.args[0].is_extended_real

    def _eval_is_nonnegative(self):
        if self.args[0].is_extended_real:
            return True

    def _latex(self, printer, exp=None):
        body = r"\operatorname{ReLU}\left(%s\right)" % printer._print(self.args[0])
        return body if exp is None else r"%s^{%s}" % (body, exp)


# --------------------------------------------------------------------------- moments


class Mean(sympy.Function):
    """The expectation ``E[X]`` of a random expression, kept unevaluated in claims."""

    nargs = 1

    def _latex(self, printer, exp=None):
        body = r"\mathbb{E}\left[%s\right]" % printer._print(self.args[0])
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)


class Var(sympy.Function):
    """The variance ``Var[X]`` of a random expression, kept unevaluated in claims."""

    nargs = 1

    def _latex(self, printer, exp=None):
        body = r"\operatorname{Var}\left[%s\right]" % printer._print(self.args[0])
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)


# --------------------------------------------------------------------------- matrices


class MatrixFunction(MatrixExpr):
    """A matrix-valued function of one matrix, with the shape of its argument."""

    def __new__(cls, arg):
        return sympy.Basic.__new__(cls, sympy.sympify(arg, strict=True))

    @property
    def arg(self):
        return self.args[0]

    @property
    def shape(self):
        return self.arg.shape

    def doit(self, **hints):
        arg = self.arg.doit(**hints) if hints.get("deep", True) else self.arg
        if isinstance(arg, sympy.MatrixBase):
            return self.apply_explicit(arg)     # entries known: the function's value
        return self.func(arg)

    def _eval_transpose(self):
        return None  # no rule moves a transpose through it

    def apply_explicit(self, matrix: sympy.Matrix) -> sympy.Matrix:  # pragma: no cover
        raise NotImplementedError


class RowSoftmax(MatrixFunction):
    """Softmax of each row of a matrix: ``exp(a_ij) / sum_k exp(a_ik)``.

    >>> RowSoftmax(sympy.MatrixSymbol("A", 1, 2)).apply_explicit(sympy.Matrix([[0, sympy.log(2)]]))
    Matrix([[1/3, 2/3]])
    """

    def apply_explicit(self, matrix):
        rows = []
        for i in range(matrix.rows):
            exps = [sympy.exp(matrix[i, j]) for j in range(matrix.cols)]
            total = sympy.Add(*exps)
            rows.append([e / total for e in exps])
        return sympy.Matrix(rows)

    def _latex(self, printer):
        return r"\operatorname{softmax}\left(%s\right)" % printer._print(self.arg)


class EntrywiseReLU(MatrixFunction):
    """``max(x, 0)`` applied to every entry of a matrix."""

    def apply_explicit(self, matrix):
        return matrix.applyfunc(lambda x: sympy.Max(x, 0))

    def _latex(self, printer):
        return r"\operatorname{ReLU}\left(%s\right)" % printer._print(self.arg)


class _PermutationPredicate(Predicate):
    """``permutation_matrix(P)``: P is a permutation matrix (one 1 in each row and column)."""

    name = "permutation_matrix"


permutation_matrix = _PermutationPredicate()


class BlockDiag(MatrixExpr):
    """``diag(B(i) for i = lo..hi)``: a block-diagonal matrix with a symbolic number of blocks.

    ``block`` is an explicit matrix whose entries depend on the block index ``i`` (bound here);
    every block has the same shape. Products, transposes and sums of block-diagonal matrices
    with the same blocks' range and shapes are block-diagonal, block by block.
    """

    def __new__(cls, block, limits):
        block = sympy.ImmutableMatrix(block)
        limits = sympy.Tuple(*limits)
        return sympy.Basic.__new__(cls, block, limits)

    @property
    def block(self):
        return self.args[0]

    @property
    def limits(self):
        return tuple(self.args[1])

    @property
    def count(self):
        _, lo, hi = self.limits
        return hi - lo + 1

    @property
    def shape(self):
        return (self.block.rows * self.count, self.block.cols * self.count)

    @property
    def free_symbols(self):
        i, lo, hi = self.limits
        return (self.block.free_symbols - {i}) | lo.free_symbols | hi.free_symbols

    def _eval_transpose(self):
        return BlockDiag(self.block.T, self.limits)

    def _latex(self, printer):
        i, lo, hi = self.limits
        return (r"\operatorname{diag}_{%s=%s}^{%s}\left(%s\right)"
                % (printer._print(i), printer._print(lo), printer._print(hi), printer._print(self.block)))
