"""``\\nabla f(\\theta_t)`` of a declared function at a declared vector, read in a matrix side.

Optimisation papers write the gradient of the loss at a parameter vector: ``\\|\\nabla
f(\\theta_t)\\|^2``, ``\\langle \\nabla f(x), y - x \\rangle``, ``\\nabla L(\\theta_1)^\\top
(\\theta_2 - \\theta_1)``, ``\\theta_{t+1} = \\theta_t - \\eta \\nabla L(\\theta_t)``. When f is
declared a function (--function f) and the point is a name declared a column vector
(``--assume '\\theta_t \\in \\mathbb{R}^d'``; a bold ``\\boldsymbol{\\theta}_t`` is that name),
the matrix reader (``matrices.py``) reads the gradient as the opaque vector
``symbolic.gradient_vectors.GradientVector``, of the point's shape, keyed by the function and
the point: usable wherever a vector is (norms, inner products, transposes, sums and scalar
multiples), never refuted through (see that module for why).

Refused, each with its reason: an undeclared function (``\\nabla f(x)`` of an undeclared f
would be the gradient of the product f x), a point that is not one declared vector
(``\\nabla f(x - \\eta g)``, ``\\nabla f(x, y)``, ``\\nabla f(A)`` of a matrix), a subscript that
is not the point (``\\nabla_x f(y)``: the gradient in x of something evaluated at y?; the point may
be a subscripted point of x, ``\\nabla_\\theta J(\\theta_t)``, the gradient in theta at theta_t), a
subscripted or calligraphic function name, a power or a prime after the gradient (``_scripts``
of the matrix reader refuses powers of vectors). Anything else after ``\\nabla`` is left to the
scalar reader (``calculus.gradient``), which refuses it.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar

import sympy

from symbolic.gradient_vectors import FunctionValue, GradientVector
from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok, fail, text_of
from symbolic.latex.matrix_tokens import _name_at
from symbolic.latex.rewrite_tables import _function_key

# the functions declared for the claim being read (the matrix reader is given no other way),
# and those of them whose gradient the claim writes (scalar-valued, so f(x) is a number)
_FUNCTIONS: ContextVar[frozenset] = ContextVar("declared_functions", default=frozenset())
_SCALAR_VALUED: ContextVar[frozenset] = ContextVar("gradient_functions", default=frozenset())
# the indices of the sums of vectors being read (vector_maps.py sets them; a declared f_t inside a
# sum over t is refused here, and a sum over j inside a sum over j there)
OPEN_SUMS: ContextVar[frozenset] = ContextVar("open_sums", default=frozenset())
_GRADIENT_OF = re.compile(r"\\nabla\s*(?:_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[A-Za-z]))?\s*"
                          r"(\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(\{\s*[A-Za-z0-9]\s*\}|[A-Za-z0-9]))?"
                          r"\s*(?:\\left\s*)?\(")


@contextmanager
def declared(functions, chain_text: str = ""):
    """Read the sides inside this block with ``functions`` declared (keys of --function); those
    whose gradient ``chain_text`` (the whole claim) writes are scalar-valued."""
    scalar = frozenset(key for m in _GRADIENT_OF.finditer(chain_text or "")
                       for key in ((_function_key(m.group(1)),) if not m.group(2)
                                   else _subscripted_keys(m.group(1), m.group(2).strip("{} "))))
    tokens = _FUNCTIONS.set(frozenset(functions)), _SCALAR_VALUED.set(scalar)
    try:
        yield
    finally:
        _FUNCTIONS.reset(tokens[0])
        _SCALAR_VALUED.reset(tokens[1])


def _is(item, text) -> bool:
    return isinstance(item, Tok) and item.text == text


def _subscripted_keys(base: str, sub: str):
    """The keys a declared ``f_t`` may have (``f_t`` or ``f_{t}``, as --function wrote it)."""
    base = _function_key(base)
    return (f"{base}_{sub}", f"{base}_{{{sub}}}")


def _name(items, j):
    """(function token, end of its name) of ``f`` or of a declared ``f_t`` (one letter or digit
    as its subscript, ``f_{t}``) at j, or None. A subscripted name is read only when declared
    whole (--function f_t: one of a family of functions, the text's f_t) and its index is no
    index of a sum being read (``\\sum_{t=1}^{T} \\|\\nabla f_t(x)\\|``: the sum's f_t varies
    with t, one stand-in would not)."""
    if j >= len(items) or not isinstance(items[j], Tok):
        return None
    if j + 2 < len(items) and _is(items[j + 1], "_"):
        script = items[j + 2]
        inner = [x for x in (script.items if isinstance(script, Group) and script.kind == "brace"
                             else (script,)) if not (isinstance(x, Tok) and x.space)]
        if len(inner) != 1 or not isinstance(inner[0], Tok) \
                or not re.fullmatch(r"[A-Za-z0-9]", inner[0].text):
            return None
        keys = _subscripted_keys(items[j].text, inner[0].text)
        declared = [k for k in keys if k in _FUNCTIONS.get()]
        if not declared:
            return None
        if inner[0].text in OPEN_SUMS.get():
            raise fail(text_of(items[j:j + 3]), items[j].col, f"{text_of(items[j:j + 3]).strip()} "
                       f"inside a sum over {inner[0].text}: one declared function f_t read as one "
                       f"opaque function would not vary with the sum's index; write the terms")
        return Tok(declared[0], items[j].col), j + 3
    return items[j], j + 1


def _parts(items, k):
    """(subscript item or None, function token, bracket, end) of ``\\nabla_s f(p)`` at k, or None."""
    if not _is(items[k], r"\nabla"):
        return None
    j, sub = k + 1, None
    if j + 1 < len(items) and _is(items[j], "_"):
        sub, j = items[j + 1], j + 2
    found = _name(items, j)
    if found is None:
        return None
    name, j = found
    if j < len(items) and isinstance(items[j], Group) and items[j].kind == "paren":
        return sub, name, items[j], j + 1
    return None


def _value_parts(items, k):
    """(function token, bracket, end) of ``f(p)`` at k with f declared, or None."""
    found = _name(items, k)
    if found is None:
        return None
    item, j = found
    if _function_key(item.text) in _FUNCTIONS.get() and j < len(items) \
            and isinstance(items[j], Group) and items[j].kind == "paren":
        return item, items[j], j + 1
    return None


def unit_end(items, k):
    """The end of the factor ``\\nabla f(p)`` or ``f(p)`` (f declared) with its scripts at k
    (spaces removed), or None."""
    found = _parts(items, k)
    value = _value_parts(items, k) if found is None else None
    if found is None and value is None:
        return None
    end = found[3] if found is not None else value[2]
    while end < len(items) and isinstance(items[end], Tok) and items[end].text in ("^", "_", "'"):
        end += 1 if items[end].text == "'" else 2
    return min(end, len(items)) if end <= len(items) else None


def read_unit(reader, unit, text):
    """(GradientVector, end of the gradient in unit) for a factor ``\\nabla f(p)``, else None.

    ``reader`` is the matrix reader (its ``table`` maps declared names to MatrixSymbols)."""
    found = _parts(unit, 0)
    if found is None:
        return _value(reader, unit, text)
    sub, name, bracket, end = found
    col = unit[0].col
    key = _function_key(name.text)
    if key not in _FUNCTIONS.get():
        raise fail(text, col, f"a gradient is read only of a declared function, "
                   f"\\nabla f(x) with --function f (undeclared, {name.text}(...) is a product)")
    inner = tuple(x for x in bracket.items if not (isinstance(x, Tok) and x.space))
    point = _declared_vector(reader, inner) or _vector_expression(reader, inner, text)
    if point is None:
        raise fail(text, col, f"a gradient is read at one point that is a declared vector "
                   f"(--assume 'x \\in \\mathbb{{R}}^d') or a sum of multiples of declared "
                   f"vectors (x + \\delta), not at several arguments, a number or a matrix: name "
                   f"the point")
    if sub is not None:
        subject = tuple(x for x in (sub.items if isinstance(sub, Group) and sub.kind == "brace"
                                    else (sub,)) if not (isinstance(x, Tok) and x.space))
        if not _same_or_iterate(_declared_vector(reader, subject), point):
            raise fail(text, col, f"the gradient in {text_of(subject).strip()} at "
                       f"{text_of(inner).strip()} is read only when both are the same declared "
                       f"vector; write \\nabla {name.text}({text_of(inner).strip()})")
    return GradientVector.at(name.text, point), end


def _value(reader, unit, text):
    """(FunctionValue, end) for ``f(p)`` of a declared f at a declared vector p, else None."""
    found = _value_parts(unit, 0)
    if found is None:
        return None
    name, bracket, end = found
    inner = tuple(x for x in bracket.items if not (isinstance(x, Tok) and x.space))
    point = _declared_vector(reader, inner) or _vector_expression(reader, inner, text)
    if point is None:
        raise fail(text, name.col, f"{name.text}(...) of a declared function is read beside vectors "
                   f"only at one point that is a declared vector (--assume 'x \\in "
                   f"\\mathbb{{R}}^d') or a sum of multiples of declared vectors (x + \\delta), "
                   f"not at several arguments, a number or a matrix: name the point")
    if _function_key(name.text) not in _SCALAR_VALUED.get():
        # without its gradient, f(x) of a vector may be a vector (f(x) x^T = x^T f(x) holds for
        # a number and is no claim about vectors)
        raise fail(text, name.col, f"{name.text}(...) of a vector is read as a number only in a "
                   f"claim that writes its gradient \\nabla {name.text}(...) (else it may be "
                   f"vector-valued): name the value, or write its entries")
    return FunctionValue.at(name.text, point), end


def _vector_expression(reader, items, text):
    """The point ``x + \\delta`` (``x - \\eta \\nabla f(x)``) read as a column vector made of
    declared vectors by sums and scalar multiples, else None (several arguments, a number, a
    matrix, a matrix product, a Hadamard product: refused by the caller).

    The stand-in at such a point is keyed by the expression as SymPy writes it (``x + \\delta``
    and ``\\delta + x`` are one key); two keys may still name one point (``x + \\delta`` and
    ``x`` where \\delta = 0), which only makes the stand-ins freer (see gradient_vectors.py)."""
    if not items or any(isinstance(x, Tok) and x.text == "," for x in items):
        return None
    try:
        value = reader.expr(items, text)
    except ParseError:
        return None
    if not isinstance(value, sympy.MatrixExpr) or value.shape[1] != 1 or value.shape[0] == 1:
        return None
    allowed = (sympy.MatAdd, sympy.MatMul, sympy.MatrixSymbol)
    for node in sympy.preorder_traversal(value):
        if isinstance(node, sympy.MatrixExpr) and not isinstance(node, allowed):
            return None             # a transpose, an inverse, a Hadamard product: unsure
        if isinstance(node, sympy.MatMul) and len([a for a in node.args
                                                   if isinstance(a, sympy.MatrixExpr)]) != 1:
            return None             # A x: a matrix product, not a multiple of a vector
    return value


def _same_or_iterate(subject, point) -> bool:
    """Whether ``\\nabla_s f(p)`` names the gradient of f at p: s is p, or p is a subscripted
    point of the declared vector s (``\\nabla_\\theta J(\\theta_t)``, ``\\nabla_\\theta J(\\theta^{t})``:
    the gradient in theta evaluated at the iterate). Read so, the gradient is the opaque
    vector at p; the literal reading (the gradient in theta of the constant J(theta_t), the zero
    vector) is one of its values, so a claim proved for the opaque vector holds for it too."""
    if subject is None or not isinstance(point, sympy.MatrixSymbol):
        return False
    return subject == point or (point.shape == subject.shape
                                and point.name.startswith(subject.name + "_"))


def _declared_vector(reader, items):
    """The declared column vector that ``items`` name exactly, else None."""
    if not items:
        return None
    found = _name_at(items, 0)
    if found is None or found[2] != len(items) or found[0] not in reader.table:
        return None
    value = reader.table[found[0]]
    if not isinstance(value, sympy.MatrixSymbol) or value.shape[1] != 1 or value.shape[0] == 1:
        return None
    return value
