"""LaTeX out: house notation for claims and expressions, readable back by our parser.

Everything printed needs only amsmath/amssymb, and ``parse_expr(to_latex(e))`` gives back
an expression equal to ``e`` (the round trip is tested in ``tests/latex``).
"""
from __future__ import annotations

import re

import sympy
from sympy.core.function import AppliedUndef
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

    def _print_Pow(self, expr):
        # x^{1/3} is the principal root; \sqrt[3]{x} reads back as the real root, so keep the power
        if expr.exp.is_Rational and expr.exp.p == 1 and expr.exp.q % 2 == 1 and expr.exp.q > 1:
            return r"%s^{\frac{1}{%d}}" % (self.parenthesize(expr.base, 1000), expr.exp.q)
        return super()._print_Pow(expr)

    def _print(self, expr, **kwargs):
        # MaxOver/MinOver carry their own ``_latex`` (which SymPy's dispatch prefers); the
        # house form writes the range so that the reader does not invent one.
        from symbolic.functions import MaxOver, MinOver
        if isinstance(expr, MaxOver):
            return self._print_over(expr, r"\min" if isinstance(expr, MinOver) else r"\max")
        return super()._print(expr, **kwargs)

    def _print_over(self, expr, head: str) -> str:
        (index, lo, hi), = expr.limits
        if lo == 1 and isinstance(hi, sympy.Symbol) and hi.name == "N_%s" % index.name:
            # the reader's own fresh range for a bare \max_{j}
            return r"%s_{%s} \left(%s\right)" % (head, self._print(index), self._print(expr.function))
        return r"%s_{%s=%s}^{%s} \left(%s\right)" % (
            head, self._print(index), self._print(lo), self._print(hi), self._print(expr.function))

    def _print_Function(self, expr, exp=None):
        if not isinstance(expr, AppliedUndef):
            return super()._print_Function(expr, exp=exp)
        # A user's function f(x, y): a name, then bracketed arguments, as the reader reads it.
        name = expr.func.__name__
        simple = all(a.is_Atom or isinstance(a, sympy.Indexed) for a in expr.args)
        if re.fullmatch(r"[A-Za-z](_.*)?", name) and (simple or len(expr.args) > 1):
            # f(x), M(q_i, K): the reader's function application
            head = self._print(sympy.Symbol(name))
        elif re.fullmatch(r"[A-Za-z]", name):
            # f(x + 1) would read as a product: \operatorname{f}(...) is a function for the reader
            head = r"\operatorname{%s}" % name
        else:
            stem, sep, sub = name.partition("_")
            head = r"\operatorname{%s}" % stem + ("_{%s}" % sub.strip("{}") if sep else "")
        args = ", ".join(self._print(a) for a in expr.args)
        body = r"%s\left(%s\right)" % (head, args)
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)

    def _print_Derivative(self, expr):
        order = sum(num for _, num in expr.variable_count)
        if not sympy.sympify(order).is_Integer and len(expr.variable_count) == 1:
            # d^n/dz^n of a letter order, printed as the reader reads it
            (x, num), = expr.variable_count
            return r"\frac{d^{%s}}{d %s^{%s}} \left(%s\right)" % (
                self._print(num), self._print(x), self._print(num), self._print(expr.expr))
        if order == 1:
            return super()._print_Derivative(expr)
        # d^2/dt^2 as d/dt d/dt: the reader reads one derivative operator at a time.
        ops = " ".join(r"\frac{\partial}{\partial %s}" % self._print(x)
                       for x, num in reversed(expr.variable_count) for _ in range(int(num)))
        return r"%s \left(%s\right)" % (ops, self._print(expr.expr))

    def _print_MatrixSymbol(self, expr):
        if expr.shape[1] == 1:
            return self._print(sympy.Symbol(expr.name))   # a column vector: q, k_{a}
        # a matrix is bold (the reader refuses bold capitals: it reads scalars only)
        stem, sep, sub = expr.name.partition("_")
        return r"\mathbf{%s}" % stem + ("_{%s}" % sub if sep else "")

    def _print_Expectation(self, expr):
        return r"\mathbb{E}\left[%s\right]" % self._print(expr.args[0])

    def _print_Probability(self, expr):
        return r"\mathbb{P}\left(%s\right)" % self._print(expr.args[0])

    def _print_Variance(self, expr):
        return r"\operatorname{Var}\left(%s\right)" % self._print(expr.args[0])

    def _print_Covariance(self, expr):
        return r"\operatorname{Cov}\left(%s\right)" % ", ".join(self._print(a) for a in expr.args[:2])

    def _print_floor(self, expr, exp=None):
        body = r"\lfloor %s \rfloor" % self._print(expr.args[0])
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)

    def _print_ceiling(self, expr, exp=None):
        body = r"\lceil %s \rceil" % self._print(expr.args[0])
        return body if exp is None else r"\left(%s\right)^{%s}" % (body, exp)

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
            # the summand always in brackets: "\sum_j (a_j + b_j) c_j" would be ambiguous
            heads = "".join(r"\sum_{%s=%s}^{%s} " % tuple(self._print(x) for x in limit)
                            for limit in reversed(expr.limits))
            body = self._print(expr.function)
            if isinstance(expr.function, (sympy.Add, sympy.Mul)) and not _is_product_of_atoms(expr.function):
                body = r"\left(%s\right)" % body
            return heads + body
        u, v = (self._vector(x) for x in factors)
        return r"%s %s^{T}" % (u, v)

    def _vector(self, component) -> str:
        """A vector from its component ``q[i, nu]``: ``q_{i}`` (or ``q`` without a row)."""
        name = self._print(component.base.label)
        if len(component.indices) == 2:
            return "%s_{%s}" % (name, self._print(component.indices[0]))
        return name


def _is_product_of_atoms(expr) -> bool:
    """A product of numbers, symbols and indexed symbols (``2 c x_{j}``): no brackets needed."""
    return isinstance(expr, sympy.Mul) and all(
        a.is_Number or isinstance(a, (sympy.Symbol, sympy.Indexed)) for a in expr.args)


_PRINTER = StepcheckLatexPrinter()


def to_latex(expr) -> str:
    """The house LaTeX for a SymPy expression or relational."""
    return _PRINTER.doprint(expr)


def claim_to_latex(claim) -> str:
    """The LaTeX of a ``Claim``: ``lhs <relation> rhs``, each side in house notation."""
    return "%s %s %s" % (to_latex(claim.lhs), claim.relation.value, to_latex(claim.rhs))
