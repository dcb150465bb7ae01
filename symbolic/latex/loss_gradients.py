"""``\\nabla_{V_i}\\mathcal{L}``: the gradient of a declared dependent scalar in a declared vector.

Backward passes write the gradient of a loss defined elsewhere with respect to the rows of their
matrices: ``\\nabla_{V_i}\\mathcal{L} = (\\sum_{j=i}^{N} \\phi(Q_j) (\\nabla_{\\bar{V}_j}
\\mathcal{L})^\\top)^\\top \\phi(K_i)`` (Katharopoulos et al. 2020, eq. 15). Read in a matrix side
(``matrices.py``) only when the claim declares what it needs:

* the scalar: a name declared to depend on others (``--assume '\\mathcal{L} \\text{ depends on }
  V, \\bar{V}'``, ``symbolic.latex.dependences``), written right after the subscript as one
  letter (``L``, ``J``, ``\\ell``) or a calligraphic letter (``\\mathcal{L}``, ``\\mathcal L``),
  with no script and no bracket after it (``\\nabla_\\theta J(\\theta_t)`` is ``gradients.py``'s);
* the variable (the subscript): exactly one declared matrix or vector (``V_i \\in
  \\mathbb{R}^M``), a member of a family summed over (``\\bar{V}_j`` inside ``\\sum_{j=i}^{N}``,
  ``vector_maps.py``), or the value of a map declared by its signature at one such vector
  (``\\phi(Q_i)``, ``\\phi(Q_j)``); the scalar must be declared to depend on the variable's name
  (on the argument's name, Q, for ``\\phi(Q_i)``: the scalar depends on it through the map).

The gradient is an opaque matrix of the variable's shape (the gradient of a scalar in an m x n
matrix is the m x n matrix of its partial derivatives), keyed by the scalar and the variable
exactly as read, index included: ``\\nabla_{V_i}\\mathcal{L}`` written twice is one matrix,
``\\nabla_{V_i}\\mathcal{L}`` and ``\\nabla_{V_j}\\mathcal{L}`` are two, the gradients in the members
of a family are the members of a family of gradients (``∇_{Vbar}L_•[j, r, c]``).
Nothing else is known of it: never zero, never differentiated, no chain rule.

Sound for ``proved``: every rewrite applied to a MatrixSymbol holds for every real matrix, the
stand-in is at least as free as the real gradient, and equal keys name equal gradients. Never
grounds for ``refuted``: two keys may name one gradient (V_i and V_j at i = j; a member written
outside the sum), and the scalar's other derivatives are tied to it; the names start with
``symbolic.gradient_vectors.MARK``, so ``symbolic.checks._stand_ins`` turns every refutation
through them into an undecided verdict.

Refused: an undeclared scalar (``\\nabla_{V_i} y`` of a y not declared to depend on V: read
plainly, the gradient of a constant), a variable the scalar is not declared to depend on, a
subscript that is not one declared vector or matrix or a map's value at one (``\\nabla_{x + y}
L``, ``\\nabla_{W_K x_i} L``, an undeclared name), a script after the scalar (``\\nabla_x
L^\\top``: write ``(\\nabla_x L)^\\top``), and ``\\nabla`` without a subscript before a scalar.
"""
from __future__ import annotations

import sympy

from symbolic.errors import ParseError
from symbolic.gradient_vectors import MARK
from symbolic.latex.lexer import Group, Tok, fail, text_of

_CALLIGRAPHIC = frozenset([r"\mathcal", r"\mathscr"])
_SCRIPTS = ("^", "_", "'")


class LossGradient(sympy.MatrixSymbol):
    """``\\nabla_{X} L`` of a scalar L declared to depend on X: an opaque matrix of X's shape."""

    def _latex(self, printer):
        body = self.name[len(MARK):]
        return r"\nabla%s" % body


def name_of(loss: str, variable: str) -> str:
    """The stand-in's name: the mark, the variable as the reader names it, the scalar."""
    return f"{MARK}_{{{variable}}}{loss}"


def _solid(items):
    return tuple(x for x in items if not (isinstance(x, Tok) and x.space))


def _is(item, text) -> bool:
    return isinstance(item, Tok) and item.text == text


def _loss_end(items, k):
    """The end of the scalar's name at k (a letter, ``\\ell``, ``\\mathcal{L}``), or None."""
    if k >= len(items) or not isinstance(items[k], Tok):
        return None
    text = items[k].text
    if text in _CALLIGRAPHIC and k + 1 < len(items):
        nxt = items[k + 1]
        inner = _solid(nxt.items) if isinstance(nxt, Group) and nxt.kind == "brace" else (nxt,)
        if len(inner) == 1 and isinstance(inner[0], Tok) and inner[0].text.isalpha() \
                and len(inner[0].text) == 1:
            return k + 2
        return None
    if (len(text) == 1 and text.isalpha()) or text == r"\ell":
        return k + 1
    return None


def _parts(items, k):
    """(subject item, scalar items, end) of ``\\nabla_{X} L`` at k (items without spaces), or
    None when no such form starts there (a bracket after the scalar: ``gradients.py``)."""
    if not _is(items[k], r"\nabla") or k + 3 >= len(items) + 0 or not _is(items[k + 1], "_"):
        return None
    if k + 3 > len(items) - 1:
        return None
    end = _loss_end(items, k + 3)
    if end is None:
        return None
    if end < len(items) and isinstance(items[end], Group) and items[end].kind == "paren":
        return None             # \nabla_\theta J(\theta_t): gradients.py
    return items[k + 2], items[k + 3:end], end


def unit_end(items, k):
    """The end of the factor ``\\nabla_{X} L`` at k (spaces removed), or None. A script after
    it is refused when the unit is read."""
    found = _parts(items, k)
    if found is None:
        return None
    end = found[2]
    while end < len(items) and isinstance(items[end], Tok) and items[end].text in _SCRIPTS:
        end += 1 if items[end].text == "'" else 2
    return min(end, len(items))


def read_unit(reader, unit, text):
    """(LossGradient or a family member of them, end) for ``\\nabla_{X} L``, else None."""
    from symbolic.latex.dependences import _DEPENDS, _base
    from symbolic.latex.vector_maps import _member, family_of
    found = _parts(unit, 0)
    if found is None:
        return None
    subject, loss_items, end = found
    col = unit[0].col
    if end < len(unit) and _is(unit[end], "_"):
        raise fail(text, unit[end].col, f"a subscript after \\nabla_{{...}}{text_of(loss_items).strip()}: "
                   f"the gradient of a subscripted scalar is not read (name it without a subscript, "
                   f"declared to depend on the variable)")
    if end < len(unit):
        raise fail(text, unit[end].col, f"a script after \\nabla_{{...}}{text_of(loss_items).strip()} "
                   f"may bind to the scalar or to its gradient: write (\\nabla_{{...}}"
                   f"{text_of(loss_items).strip()})^\\top")
    from symbolic.latex.matrix_tokens import _name_at
    named = _name_at(loss_items, 0)
    if named is not None and (named[0] in reader.table or named[1] in reader.table):
        raise fail(text, col, f"{text_of(loss_items).strip()} is declared a matrix or vector: "
                   f"its gradient would be a Jacobian, which is not read; \\nabla_{{x}} L is read "
                   f"only of a number L")
    loss = reader.scalar(loss_items)
    depends = _DEPENDS.get() or {}
    if not isinstance(loss, sympy.Symbol) or loss.name not in depends:
        shown = text_of(loss_items).strip()
        raise fail(text, col, f"a gradient \\nabla_{{x}} {shown} is read only of a name declared "
                   f"to depend on x (--assume '{shown} \\text{{ depends on }} x'): undeclared, "
                   f"{shown} would be a constant")
    inner = _solid(subject.items if isinstance(subject, Group) and subject.kind == "brace"
                   else (subject,))
    variable, base = _variable(reader, inner, text)
    if variable is None:
        raise fail(text, col, f"the gradient in {text_of(inner).strip()} is read only in one "
                   f"declared vector or matrix (--assume 'x \\in \\mathbb{{R}}^{{n}}') or the "
                   f"value of a map declared by its signature at one: name it")
    if _base(base)[0] not in depends[loss.name]:
        raise fail(text, col, f"{loss.name} is declared to depend on "
                   f"{', '.join(sorted(depends[loss.name]))}, not on {_base(base)[0]}: its "
                   f"gradient in {text_of(inner).strip()} would be 0; declare the dependence "
                   f"(--assume '{text_of(loss_items).strip()} \\text{{ depends on }} "
                   f"{_base(base)[0]}')")
    member = family_of(variable)
    if member is not None:
        label, index = member
        stem = name_of(loss.name, label[:-2])
        return _member(stem, index, variable.shape), end
    return LossGradient(name_of(loss.name, variable.name), *variable.shape), end


def _variable(reader, items, text):
    """(the variable, the name it depends through) for the subject, or (None, None)."""
    from symbolic.latex.matrix_tokens import _name_at
    from symbolic.latex.vector_maps import family_of, read_unit as map_value
    from symbolic.matrix_function_values import MARK as VALUE
    if not items:
        return None, None
    found = _name_at(items, 0)
    if found is not None and found[2] == len(items):
        if found[0] not in reader.table:
            return None, None
        value = reader.table[found[0]]
        if isinstance(value, sympy.MatrixSymbol) and not _marked(value.name):
            return value, value.name
        if family_of(value) is not None:
            return value, family_of(value)[0][:-2]
        return None, None
    try:
        value = map_value(reader, items, text)
    except ParseError:
        return None, None
    if value is None or value[1] != len(items):
        return None, None
    value = value[0]
    if isinstance(value, sympy.MatrixSymbol) and value.name.startswith(VALUE):
        argument = value.name[value.name.index("(") + 1:-1]
        return value, argument
    member = family_of(value)
    if member is not None:
        label = member[0]
        return value, label[label.index("(") + 1:label.rindex(")")]
    return None, None


def _marked(name: str) -> bool:
    from symbolic.matrix_function_values import MARK as VALUE
    return name.startswith(MARK) or name.startswith(VALUE)
