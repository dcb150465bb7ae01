"""``\\phi(Q)``: a declared function applied to a matrix, read in a matrix side as an opaque matrix.

Linear attention (Katharopoulos et al. 2020, eq. 6) writes
``\\left(\\phi\\left(Q\\right)\\phi\\left(K\\right)^\\top\\right)V = \\phi\\left(Q\\right)
\\left(\\phi\\left(K\\right)^\\top V\\right)`` with the feature map ``\\phi`` applied to each row of
``Q`` and ``K``. When the function is declared (``--function phi``; the API's ``functions=``) or
written as an upright word (``\\mathrm{dsoftmax}``, ``\\operatorname{elu}``: the scalar reader
reads those as functions too), and its one argument reads as a matrix (a declared matrix or a
matrix expression, not a vector), the matrix reader (``matrices.py``) reads the value as
``symbolic.matrix_function_values.MatrixFunctionValue``: an opaque matrix keyed by the function
and the argument, of shape ``rows(X) x c`` with ``c`` a column count of its own per function
and shape of the argument (``cols(phi; N x d)``: one for every N x d argument of phi, another
for N x N arguments).

The shape rule is the most conservative one that reads the paper's claim: a feature map keeps
the rows (N x d gives N x C) and an entry-wise or row-wise function keeps both sizes, so rows
are kept and the columns are unknown. A claim that needs more is refused because its shapes do
not agree: ``\\phi(Q) + Q``, ``\\phi(Q) = Q``, ``\\phi(Q) + \\phi(A)`` (Q N x d, A N x N: two
column counts), ``\\phi(Q)^\\top K`` read as c x N times N x d is fine, but ``\\phi(Q) K`` is
not.

The one shape the reader takes from the text (``matrices.stated_shape``): a definition
``Y = f(X)`` of a declared name Y (declared by the user, or by the display's own membership,
``\\mathbf{dS} = \\mathrm{dsoftmax}(\\mathbf{dP}) \\in \\mathbb{R}^{N \\times N}``,
FlashAttention-3 sec. 2.1) whose two sides are the name and the one call, with Y's rows those
of X: the display states that f's values at arguments of X's shape have Y's columns, and the
claim is read so. Nothing else fixes
a column count: not an equation with more on a side (``A = \\phi(Q) - \\phi(Q) + A`` stays
refused), not a chain, not a value on the left, not a stated shape whose rows differ from the
argument's (the rows-kept rule would be wrong for that function: refused). The claim ``Y = f(X)``
itself is opaque, so the shape it states makes no other claim provable. Nothing else is known
of the value: no checker uses a law of a particular function, and none refutes through it
(``symbolic.checks._stand_ins``).

Refused, each with its reason: a function of a vector (``\\phi(q)`` of a declared vector q: a
feature map of a vector is a vector of another length, a function may make it a matrix), of a
number, of several arguments; a name that is also a declared matrix. A declared function at a
declared column vector is left to ``gradients.py`` (its value is a number where the claim writes
its gradient). Known words (``\\mathrm{tr}``, ``\\mathrm{diag}``, ``\\exp``, ``\\max``, ...) are
never read here: their values have other shapes (``\\mathrm{tr}(A)`` is a number).

``\\max(0, X)`` (or ``\\max(X, 0)``) of a matrix or vector X is read here too, as the real
entry-wise maximum ``EntrywiseReLU(X)`` of X's shape (Vaswani et al.'s FFN, eq. 2): a known
function, which the matrix checker evaluates, not a stand-in. Any other maximum beside a matrix
is left to the other rules, which refuse it.
"""
from __future__ import annotations

import sympy
from sympy.matrices.expressions import MatrixExpr

from symbolic.latex.lexer import Group, Tok, fail, split_commas, text_of
from symbolic.matrix_function_values import MatrixFunctionValue
from symbolic.latex.matrix_tokens import mentions

_UPRIGHT = frozenset([r"\operatorname", r"\mathrm", r"\text"])
# upright words whose values are not rows(X) x c matrices of unknown meaning: scalars (tr, det,
# rank), other shapes (diag, vec), known functions (exp, log: entry-wise or the matrix
# exponential?), and those the matrix reader reads itself (softmax, rowmax, rowsum)
_KNOWN = frozenset("""tr Tr trace det Det diag Diag rank vec inv id abs sqrt mean avg var Var cov
Cov exp log ln max min sup inf sum prod norm sign sgn softmax rowmax rowsum argmax argmin relu ReLU
sigmoid dim span col row null range ker im Im Re T
pinv transpose flatten reshape vech gram Gram""".split())     # values with other rows: d x N of N x d


def _declared_functions() -> frozenset:
    from symbolic.latex.gradients import _FUNCTIONS     # the --function names of this claim
    return _FUNCTIONS.get()


def _key(items, k, table=()):
    """(key, length of the name) of a function name at k: a declared name or an upright word
    (not one whose every letter is a declared matrix: ``\\mathrm{QK}`` may be their product)."""
    item = items[k]
    if not isinstance(item, Tok):
        return None
    from symbolic.latex.rewrite_tables import _function_key
    if _function_key(item.text) in _declared_functions():
        return _function_key(item.text), 1
    if item.text in _UPRIGHT and k + 1 < len(items) and isinstance(items[k + 1], Group) \
            and items[k + 1].kind == "brace":
        word = text_of(items[k + 1].items).strip()
        if len(word) >= 2 and word.isascii() and word.isalpha() and word not in _KNOWN \
                and not all(letter in table for letter in word):
            return word, 2
    return None


def _relu(items, k, table):
    """(argument items, end) of ``\\max(0, X)`` or ``\\max(X, 0)`` at k with X naming a declared
    matrix, else None."""
    if not (isinstance(items[k], Tok) and items[k].text == r"\max") or k + 1 >= len(items):
        return None
    group = items[k + 1]
    if not (isinstance(group, Group) and group.kind == "paren" and group.opener in ("(", r"\left(")):
        return None
    parts = [tuple(x for x in p if not (isinstance(x, Tok) and x.space))
             for p in split_commas(group.items)]
    if len(parts) != 2:
        return None
    zero = [n for n, p in enumerate(parts) if text_of(p).strip() == "0"]
    if len(zero) != 1 or not mentions(parts[1 - zero[0]], table):
        return None
    return parts[1 - zero[0]], k + 2


def _call(items, k, table):
    """(key, bracket, end) of ``f(X)`` at k whose bracket holds one argument naming a declared
    matrix, else None."""
    if _relu(items, k, table) is not None:
        return "max", items[k + 1], k + 2
    found = _key(items, k, table)
    if found is None:
        return None
    key, length = found
    j = k + length
    if j >= len(items) or not (isinstance(items[j], Group) and items[j].kind == "paren"
                               and items[j].opener in ("(", r"\left(")):
        return None
    if not mentions(items[j].items, table):
        return None
    if len(split_commas(items[j].items)) > 1:
        return None         # several arguments: left to the other rules (which refuse them)
    return key, items[j], j + 1




def _scalar_valued() -> frozenset:
    """The declared functions whose gradient the claim writes (gradients.py)."""
    from symbolic.latex.gradients import _SCALAR_VALUED
    return _SCALAR_VALUED.get()


def unit_end(items, k, table):
    """The end of the factor ``f(X)`` (f declared or an upright word, X naming a declared matrix)
    with its scripts at k (spaces removed), or None."""
    found = _call(items, k, table)
    if found is None:
        return None
    end = found[2]
    while end < len(items) and isinstance(items[end], Tok) and items[end].text in ("^", "_", "'"):
        end += 1 if items[end].text == "'" else 2
    return end if end <= len(items) else None


def read_unit(reader, unit, text):
    """(MatrixFunctionValue, end of the call in unit) for a factor ``f(X)``, else None.

    ``reader`` is the matrix reader (``expr`` reads the argument; ``table`` maps declared names
    to MatrixSymbols)."""
    found = _call(unit, 0, reader.table)
    if found is None:
        return None
    key, bracket, end = found
    if (relu := _relu(unit, 0, reader.table)) is not None:
        return _entrywise_max(reader, relu[0], text, unit[0].col), end
    if key in reader.table or "\\" + key in reader.table:      # --function phi, \phi a matrix
        raise fail(text, unit[0].col, f"'{key}' is declared both a function and a matrix: "
                   f"its bracket may be its argument or a factor; declare it one or the other")
    inner = tuple(x for x in bracket.items if not (isinstance(x, Tok) and x.space))
    if _declared_column(reader, inner) and key in _declared_functions():
        return None         # f(x) at a declared vector: gradients.py
    col = unit[0].col
    name = text_of(unit[:end - 1]).strip()
    arg = reader.expr(inner, text)
    if key in _declared_functions() and isinstance(arg, MatrixExpr) and arg.shape[1] == 1 \
            and arg.shape[0] != 1 and key in _scalar_valued():
        return None         # f(x + \delta) where \nabla f is written: a number (gradients.py)
    proper = isinstance(arg, MatrixExpr) and arg.shape[0] != 1 and arg.shape[1] != 1
    if not proper and key not in _declared_functions():
        raise fail(text, bracket.col, f"'{name}' before a bracket that holds a matrix may be a "
                   f"function of it or a factor: write \\cdot for a product; a function is read "
                   f"only of a matrix, not of a vector or a number")
    if not isinstance(arg, MatrixExpr) or arg.shape == (1, 1):
        raise fail(text, col, f"{name}(...) of a number beside matrices cannot be read: a "
                   f"function is read with matrices only of a matrix")
    if arg.shape[0] == 1 or arg.shape[1] == 1:
        raise fail(text, col, f"{name}(...) of a {arg.shape[0]} x {arg.shape[1]} vector cannot be "
                   f"read: its value may be a vector of another length or a matrix; apply it to "
                   f"a matrix (its rows), or name its value with a declared vector")
    if not arg.doit().atoms(sympy.MatrixSymbol):
        # \phi(Q - Q) is phi of the N x d zero, \phi(A - A) of the N x N zero: the value's key
        # would be "0" for both, and nothing in the claim names the size it stands for
        raise fail(text, col, f"{name}(...) of a matrix that is a constant (a zero or identity "
                   f"matrix) cannot be read: write the matrix meant, or declare it")
    return MatrixFunctionValue.of(key, arg), end


def _entrywise_max(reader, items, text, col):
    """``\\max(0, X)`` of a matrix or vector X: the entry-wise maximum (ReLU), X's shape."""
    from symbolic.functions import EntrywiseReLU
    arg = reader.expr(items, text)
    if not isinstance(arg, MatrixExpr) or arg.shape == (1, 1):
        raise fail(text, col, "\\max next to a matrix cannot be read: sums and maxima over "
                   "matrices are not supported")
    return EntrywiseReLU(arg)


def _declared_column(reader, items) -> bool:
    from symbolic.latex.matrix_tokens import _name_at
    found = _name_at(items, 0) if items else None
    if found is None or found[2] != len(items) or found[0] not in reader.table:
        return False
    value = reader.table[found[0]]
    return isinstance(value, sympy.MatrixSymbol) and value.shape[1] == 1

