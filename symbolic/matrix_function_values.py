"""A declared function applied to a matrix, as an opaque matrix: ``\\phi(Q)`` of an N x d ``Q``.

Linear attention writes ``(\\phi(Q)\\phi(K)^\\top)V = \\phi(Q)(\\phi(K)^\\top V)`` with a feature
map ``\\phi`` applied to each row of ``Q``; FlashAttention's backward pass writes
``\\mathrm{dsoftmax}(\\mathbf{dP})``. The reader (``symbolic.latex.matrix_functions``) reads such
a value as ``MatrixFunctionValue``: a ``MatrixSymbol`` keyed by the function and its argument
(``\\phi(Q)`` written twice is one matrix, ``\\phi(Q)`` and ``\\phi(K)`` are two), of shape
``rows(X) x c``, where ``c`` is a size of its own per function AND shape of the argument
(``cols(phi; N x d)``: the same for every N x d argument of phi, another for an N x N one; a
positive integer about which nothing else is known). A function maps a space of matrices
(R^{N x d}) into one space, so the values at arguments of one shape share their columns; at
another shape they may not (an entry-wise phi keeps each argument's width), so ``\\phi(Q) +
\\phi(A)`` of an N x d Q and an N x N A is refused for its shapes. Nothing else is known of the
value, except the shape a display states for it (``symbolic.latex.matrices.stated_shape``).

Why this is sound for ``proved``: the checkers treat the value as any ``MatrixSymbol``, and
every rewrite they apply to one (associativity and distributivity of products, transposes of
products and sums, scalar factors) holds for every real matrix of conforming shape, hence for
the real value; the stand-in is at least as free as the real value (two keys are two
independent matrices even where the real values coincide, e.g. ``\\phi(Q)`` and ``\\phi(K)`` at
Q = K), so a claim proved for every value of the stand-in holds for the real function. No law
of a particular function (linearity, entry-wise action, positivity) is ever used.

Why it is never grounds for ``refuted``: the stand-in is *more* free than the real value (the
real ``\\phi(Q)`` and ``\\phi(K)`` agree where Q = K; ``\\phi(2Q)`` is tied to ``\\phi(Q)`` for a
given function), so a counterexample drawn for it need not be a value of any real function:
``symbolic.checks._stand_ins`` turns every refutation of a claim that holds a stand-in
into an undecided verdict, saying why.
"""
from __future__ import annotations

import sympy
from sympy.core.symbol import Str

MARK = "ƒ"      # the first character of a stand-in's name; no name the reader makes starts so


def columns_of(function: str, shape) -> sympy.Symbol:
    """The column count of ``function``'s values at arguments of ``shape`` (rows, columns): one
    positive integer per function and argument shape."""
    # a name no claim can write (brackets), so that no size of the claim is taken for it
    rows, cols = shape
    return sympy.Symbol(f"cols({function}; {rows} x {cols})", integer=True, positive=True)


def is_column_count(size) -> bool:
    """Whether ``size`` is an unknown column count made by ``columns_of``."""
    return isinstance(size, sympy.Symbol) and size.name.startswith("cols(") \
        and size.name.endswith(")") and "; " in size.name


class MatrixFunctionValue(sympy.MatrixSymbol):
    """``function(argument)`` of a matrix argument: an opaque matrix of rows(argument) x c_f."""

    def __new__(cls, name, rows, cols, function, argument):
        # the name is made from the function and the argument, never taken as given: a rewrite
        # of the argument (a definition substituted, Q = K) rebuilds the node with the name of
        # what it now holds, so equal arguments are one value and a name names one value
        function = function.name if isinstance(function, Str) else str(function)
        return sympy.Basic.__new__(cls, Str(f"{MARK}{function}({_named(argument)})"),
                                   sympy.sympify(rows), sympy.sympify(cols), Str(function), argument)

    @classmethod
    def of(cls, function: str, argument: sympy.MatrixExpr) -> "MatrixFunctionValue":
        """The stand-in of ``function(argument)`` (function a key such as ``phi``).

        The key is the argument after SymPy's own equalities (``doit``: a sum's terms in one
        order, ``(Q^T)^T`` is Q), so equal arguments written differently give one value;
        arguments it cannot show equal give two values, which is only freer."""
        argument = argument.doit()
        return cls("", argument.shape[0], columns_of(function, argument.shape), function, argument)

    @property
    def function(self) -> str:
        return self.args[3].name

    @property
    def argument(self) -> sympy.MatrixExpr:
        return self.args[4]

    def _latex(self, printer):
        from sympy.printing.latex import greek_letters_set
        greek = self.function.lower().removeprefix("var") in greek_letters_set
        name = "\\" + self.function if greek \
            else r"\operatorname{%s}" % self.function
        return r"%s\left(%s\right)" % (name, printer._print(self.argument))


def _named(argument) -> str:
    """The argument as it enters a stand-in's name: its text, and its shape where no declared
    matrix in it fixes the shape (``0`` is the N x d zero in ``\\phi(Q - Q)`` and the N x N zero
    in ``\\phi(A - A)``; sizing an instance keys stand-ins by name, so the names must differ)."""
    if isinstance(argument, sympy.MatrixExpr) and not argument.atoms(sympy.MatrixSymbol):
        return f"{argument}:{argument.shape[0]}x{argument.shape[1]}"
    return str(argument)


def _marked(name) -> bool:
    return str(name).startswith(MARK)


def holds_matrix_function(expr) -> bool:
    """Whether ``expr`` holds a stand-in: a value, one of its entries (``to_scalar`` writes the
    entries of a 1 x 1 product as an ``IndexedBase`` of its name) or the same name as a plain
    ``MatrixSymbol`` (sizing an instance rebuilds it so)."""
    from symbolic.gradient_vectors import holds_stand_in
    return holds_stand_in(expr, (MatrixFunctionValue,), _marked)
