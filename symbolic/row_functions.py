"""Row-wise reductions of a matrix: ``rowmax(S)`` and ``rowsum(P)``, column vectors of its rows'
maxima and sums (FlashAttention's ``\\tilde{m}_{ij} = \\mathrm{rowmax}(\\mathbf{S}_{ij})``).

Kept unevaluated on symbolic matrices (the matrix rewriter treats them as opaque functions of an
argument it may only rewrite into an equal matrix); on explicit matrices they are their values,
so the instance checker evaluates them exactly.
"""
from __future__ import annotations

import sympy

from symbolic.functions import MatrixFunction

__all__ = ["RowMax", "RowSum", "ROW_REDUCTIONS"]


class _RowReduction(MatrixFunction):
    """A function of a matrix with one value per row: a column vector with the matrix's rows."""

    @property
    def shape(self):
        return (self.arg.shape[0], sympy.Integer(1))

    def _eval_transpose(self):
        return None


class RowMax(_RowReduction):
    """The maximum of each row: ``rowmax(A)_i = max_j a_ij``.

    >>> RowMax(sympy.MatrixSymbol("A", 2, 2)).apply_explicit(sympy.Matrix([[1, 3], [-2, -5]]))
    Matrix([
    [ 3],
    [-2]])
    """

    def apply_explicit(self, matrix):
        return sympy.Matrix([[sympy.Max(*matrix.row(i))] for i in range(matrix.rows)])

    def _entry(self, i, j, **kwargs):
        from symbolic.errors import ParseError
        raise ParseError("an entry of rowmax(...) inside a 1 x 1 product cannot be read (a "
                         "maximum over a symbolic number of entries): name the vector")

    def _latex(self, printer):
        return r"\operatorname{rowmax}\left(%s\right)" % printer._print(self.arg)


class RowSum(_RowReduction):
    """The sum of each row: ``rowsum(A)_i = sum_j a_ij`` (``A`` times a column of ones)."""

    def apply_explicit(self, matrix):
        return sympy.Matrix([[sympy.Add(*matrix.row(i))] for i in range(matrix.rows)])

    def _entry(self, i, j, **kwargs):
        # entry i of the column: the sum of row i, over the columns 0 .. cols - 1
        k = sympy.Dummy("k", integer=True, nonnegative=True)
        return sympy.Sum(self.arg[i, k], (k, 0, self.arg.shape[1] - 1))

    def _latex(self, printer):
        return r"\operatorname{rowsum}\left(%s\right)" % printer._print(self.arg)


ROW_REDUCTIONS = {"rowmax": RowMax, "rowsum": RowSum}
