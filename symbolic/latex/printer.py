"""LaTeX out: house notation for claims and expressions, readable back by our parser.

Everything printed needs only amsmath/amssymb, and ``parse_expr(to_latex(e))`` gives back
an expression equal to ``e`` (the round trip is tested in ``tests/latex``).
"""
from __future__ import annotations

import sympy
from sympy.printing.latex import LatexPrinter

from symbolic.latex.vectors import COMPONENT, dot_factors

# An exponent whose LaTeX is longer than this reads better as \exp\left(...\right).
_SHORT_EXPONENT = 12


class StepcheckLatexPrinter(LatexPrinter):
    """SymPy's LaTeX printer with stepcheck's notation (``\\ln``, ``x_{j}``, ``k^{T}``, ``\\max_{j}``)."""

    printmethod = "_latex"

    def __init__(self, settings=None):
        # Upright i: a bare "i" reads back as a real index symbol (see parse.py).
        base = {"ln_notation": True, "imaginary_unit": "ri", "inv_trig_style": "full"}
        base.update(settings or {})
        super().__init__(base)

    def _print_log(self, expr, exp=None):
        body = r"\ln\left(%s\right)" % self._print(expr.args[0])
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)

    def _print_exp(self, expr, exp=None):
        arg = self._print(expr.args[0])
        if len(arg) <= _SHORT_EXPONENT and r"\frac" not in arg:
            body = "e^{%s}" % arg
            return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)
        body = r"\exp\left(%s\right)" % arg
        return body if exp is None else r"%s^{%s}" % (body, exp)

    def _print_Symbol(self, expr, style="plain"):
        if expr == COMPONENT:
            return r"\nu"   # the component index of a dot product left over after rewriting
        return super()._print_Symbol(expr, style=style)

    def _print_Indexed(self, expr):
        base = self._print(expr.base.label)
        indices = ", ".join(self._print(i) for i in expr.indices)
        return "%s_{%s}" % (base, indices)

    def _print_IndexedBase(self, expr):
        return self._print(expr.label)

    def _print_Transpose(self, expr):
        arg = expr.arg
        inner = self._print(arg)
        if not (arg.is_Symbol or isinstance(arg, sympy.MatrixSymbol)):
            inner = r"\left(%s\right)" % inner
        return "%s^{T}" % inner

    def _print_re(self, expr, exp=None):
        body = r"\operatorname{Re}\left(%s\right)" % self._print(expr.args[0])
        return body if exp is None else r"%s^{%s}" % (body, exp)

    def _print_im(self, expr, exp=None):
        body = r"\operatorname{Im}\left(%s\right)" % self._print(expr.args[0])
        return body if exp is None else r"%s^{%s}" % (body, exp)

    def _print_Sum(self, expr):
        factors = dot_factors(expr)
        if factors is None:
            return super()._print_Sum(expr)
        u, v = (self._vector(x) for x in factors)
        return r"%s %s^{T}" % (u, v)

    def _vector(self, component) -> str:
        """A vector from its component ``q[i, nu]``: ``q_{i}`` (or ``q`` without a row)."""
        name = self._print(component.base.label)
        if len(component.indices) == 2:
            return "%s_{%s}" % (name, self._print(component.indices[0]))
        return name


_PRINTER = StepcheckLatexPrinter()


def to_latex(expr) -> str:
    """The house LaTeX for a SymPy expression or relational."""
    return _PRINTER.doprint(expr)


def claim_to_latex(claim) -> str:
    """The LaTeX of a ``Claim``: ``lhs <relation> rhs``, each side in house notation."""
    return "%s %s %s" % (to_latex(claim.lhs), claim.relation.value, to_latex(claim.rhs))
