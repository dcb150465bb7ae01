"""Expectation and variance as the reader writes them: ``\\mathbb{E}[X]`` and ``\\operatorname{Var}(X)``.

They are the documents' ``Mean`` and ``Var`` (so the moment rules recognise them) and, for SymPy,
undeclared functions named ``Expect`` and ``Var`` (unevaluated; nothing is assumed about the
distribution). The reader (``symbolic.latex``) builds them and the checkers
(``symbolic.checks.expectation``) decide claims about them, so they live below both.
"""
from __future__ import annotations

from sympy.core.function import AppliedUndef

from symbolic import functions

__all__ = ["Expect", "Var", "Variance"]


class Expect(functions.Mean, AppliedUndef):
    """The expectation E[X] of a scalar expression, as read from LaTeX (unevaluated)."""

    nargs = 1


class Var(functions.Var, AppliedUndef):
    """The variance Var[X] of a scalar expression, as read from LaTeX (unevaluated)."""

    nargs = 1

    def _eval_is_extended_nonnegative(self):
        if self.args[0].is_extended_real:
            return True
        return None


Variance = Var
