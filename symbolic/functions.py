"""SymPy functions that derivations about attention are written with.

``MaxOver(x[j], (j, 1, L))`` is the maximum of ``x[j]`` over ``j = 1..L`` with a
symbolic L, the counterpart of ``Sum``; ``ReLU`` is ``max(x, 0)``.
"""
from __future__ import annotations

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits


class MaxOver(ExprWithLimits):
    """The largest value of a term over an integer index range (``\\max_j``)."""

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


class ReLU(sympy.Function):
    """The rectifier ``max(x, 0)``."""

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
