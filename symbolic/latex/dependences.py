"""Quantities the user declares to depend on others: ``--assume 'y \\text{ depends on } \\gamma'``.

Backpropagation notes differentiate quantities that another display defines:
``\\frac{\\partial y_k}{\\partial \\gamma_j} = \\hat{x}_j \\delta_{kj}`` beside ``y_j = \\hat{x}_j
\\gamma_j + \\beta_j`` written elsewhere. Read alone, y_k is a number that does not depend on
\\gamma_j, so its derivative would be 0, and the reader refuses it. Declared, with ``y
\\text{ depends on } \\gamma`` (or ``y, L \\text{ depend on } \\gamma, \\beta``; a name declared to
depend on one that depends on \\gamma depends on \\gamma too), the first derivative of a declared
name (with any indices) in a variable it depends on (with any indices) is read as an OPAQUE
stand-in: a real number keyed by the kind of derivative (d or \\partial), the numerator and the
variable with their indices, so the same derivative written twice is one number, and nothing
else is known of it. It is never 0 and never differentiated.

* The key: ``\\frac{\\partial y_k}{\\partial \\gamma_j}`` is ``∂y_k/∂gamma_j`` (a symbol, as the
  reader reads y_k and gamma_j as names of their own), or, where y or gamma is a family indexed
  by a bound index (``\\sum_k``), the entry ``∂y•/∂gamma•[k, j]`` of a table with one • per
  index of each, so that at k = j it is the entry [j, j]. ``\\frac{dL}{dy}`` and
  ``\\frac{\\partial L}{\\partial y}`` are two keys (a total and a partial derivative may differ).
  The key holds only names and indices, never values: y_k = y_j at a point says nothing of
  their derivatives.
* Sound for ``proved``: the stand-in is at least as free as the real derivative (equal keys are
  equal derivatives, which holds of the real ones), so a claim that holds for every value of it
  holds for the real one. Never grounds for ``refuted``: two keys may name one derivative (a
  symbol ∂y_k/∂gamma_j and the entry [j, j] at k = j), and the values of y, which the claim may
  also write, are tied to its derivatives; ``symbolic.checks._stand_ins`` turns such a refutation
  into an undecided verdict.
* Refused, because the declaration makes the plain reading another claim: any other derivative,
  integral or limit in a variable of an expression that holds a name declared to depend on it
  (``\\frac{\\partial}{\\partial \\gamma}(y \\gamma)`` would treat y as a constant), a derivative of
  a declared name of order two or in several variables, and a declared name differentiated in a
  variable it is not declared to depend on (undeclared, its derivative would be 0).

Names are numbers, as every name not declared a vector or a matrix is: a derivative of a vector
(a Jacobian) is not what this reads, and bold letters are refused as variables anyway.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from contextvars import ContextVar

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from symbolic.errors import ParseError

__all__ = ["declared_dependences", "read_with_dependences", "derivative_stand_in",
           "holds_derivative"]

PARTIAL, TOTAL = "∂", "ⅆ"      # the first character of a stand-in's name: \partial, or d
_MARKS = (PARTIAL, TOTAL)
_SLOT = "•"                    # one per index of the numerator or the variable in a table's name

_WORDS = r"\\(?:text|textrm|mathrm)\s*\{\s*(?:depends|depend)\s+on\s*\}"
_DECLARED = re.compile(r"^\s*(?P<names>.+?)\s*" + _WORDS + r"\s*(?P<on>.+?)\s*$", re.S)

# the declared names: (name -> the names it depends on), set by the pre-pass while it reads
_DEPENDS: ContextVar[dict | None] = ContextVar("declared_dependences", default=None)


# dy \text{ denotes } \frac{\partial L}{\partial y}: the name of a gradient (dy_i is dL/dy_i)
_NAMED = r"(?:\\(?:hat|bar|tilde|widehat|widetilde|mathcal)\s*\{\s*[A-Za-z]\s*\}|\\[A-Za-z]+|[A-Za-z])"
_DENOTES = re.compile(r"^\s*d\s*(?P<name>" + _NAMED + r")\s*\\(?:text|textrm|mathrm)\s*\{\s*denotes\s*\}"
                      r"\s*\\frac\s*\{\s*(?P<d>\\partial|d)\s*(?P<num>" + _NAMED + r")\s*\}\s*"
                      r"\{\s*(?P=d)\s*(?P<var>" + _NAMED + r")\s*\}\s*$", re.S)


def _is_declaration(text) -> bool:
    return isinstance(text, str) and (_DECLARED.match(text) is not None
                                      or _DENOTES.match(text) is not None)


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def declared_gradient_names(assumptions: Sequence[str] | str) -> dict[str, tuple[str, str]]:
    """The names of gradients the assumptions declare: (the name after d, as written without
    spaces) -> (the derivative's d or \\partial, its numerator): ``dy \\text{ denotes }
    \\frac{\\partial L}{\\partial y}`` maps y to (\\partial, L)."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    found = {}
    for text in assumptions:
        m = _DENOTES.match(text) if isinstance(text, str) else None
        if m is None:
            continue
        name, var = _compact(m.group("name")), _compact(m.group("var"))
        if name != var:
            raise ParseError(f"'{' '.join(text.split())}': d{name} is declared to denote a "
                             f"derivative in {var}; the name after d must be the variable, "
                             f"d{var} \\text{{ denotes }} \\frac{{\\partial L}}{{\\partial {var}}}")
        meant = (m.group("d"), _compact(m.group("num")))
        if found.get(name, meant) != meant:
            raise ParseError(f"d{name} is declared to denote two derivatives")
        found[name] = meant
    return found


def _name(text: str, whole: str, parse_expression) -> str:
    """The reader's name of one declared name (y, \\gamma, \\hat{x}, \\mathcal{L}), read by
    ``parse_expression`` (handed down by the caller: the reader imports this module)."""
    problem = (f"'{text.strip()}' in the declaration '{' '.join(whole.split())}' is not a name: "
               f"declare names without indices, y \\text{{ depends on }} \\gamma")
    try:
        value = parse_expression(text).value
    except ParseError:
        raise ParseError(problem) from None
    if not isinstance(value, sympy.Symbol) or _base(value.name)[1] or value.name.startswith("SCZ"):
        raise ParseError(problem)
    return value.name


def declared_dependences(assumptions: Sequence[str] | str,
                         parse_expression) -> dict[str, frozenset[str]]:
    """Each name the assumptions declare to depend on others, and every name it depends on,
    through the declared names too (L on y and y on \\gamma: L on \\gamma); the names are
    read by ``parse_expression`` (``symbolic.latex.parse.parse_expression``)."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    direct: dict[str, set[str]] = {}
    for name, (_, num) in declared_gradient_names(assumptions).items():
        # dy denotes dL/dy: L depends on y
        direct.setdefault(_name(num, num, parse_expression), set()).add(
            _name(name, name, parse_expression))
    for text in assumptions:
        m = _DECLARED.match(text) if isinstance(text, str) else None
        if m is None:
            continue
        names = [_name(t, text, parse_expression) for t in m.group("names").split(",")]
        on = [_name(t, text, parse_expression) for t in m.group("on").split(",")]
        for name in names:
            if name in on:
                raise ParseError(f"{name} is declared to depend on itself: its derivative in "
                                 f"{name} is 1; declare what it depends on apart")
            direct.setdefault(name, set()).update(on)
    closed = {}
    for name in direct:
        seen, todo = set(), list(direct[name])
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo += direct.get(other, ())
        seen.discard(name)          # y on gamma and gamma on y: neither is its own variable
        closed[name] = frozenset(seen)
    return closed


_BASE = re.compile(r"(?P<base>\\[A-Za-z]+\s*\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z]+)(?:_(?P<sub>.+))?",
                   re.S)


def _base(name: str) -> tuple[str, str]:
    """(the name without its subscript, the subscript) of a reader's name: y_k, \\hat{x}_j."""
    m = _BASE.fullmatch(name)
    return (m.group("base"), m.group("sub") or "") if m else (name, "")


def _parts(expr):
    """(base, subscript text, indices) of a plain name or an entry of a family, else None."""
    if isinstance(expr, sympy.Indexed):
        return str(expr.base.label), "", tuple(expr.indices)
    if isinstance(expr, sympy.Symbol) and not expr.name[:1] in _MARKS:
        base, sub = _base(expr.name)
        return base, sub, ()
    return None


def _stand_in_base(expr) -> str | None:
    """The numerator's name of a stand-in (its derivatives depend on what the numerator does)."""
    name = expr.name if isinstance(expr, sympy.Symbol) else str(expr.base.label) \
        if isinstance(expr, sympy.Indexed) else ""
    if name[:1] not in _MARKS:
        return None
    return _base(name[1:].split("/", 1)[0].rstrip(_SLOT))[0]


def derivative_stand_in(partial: bool, body, variables, missing: bool):
    """The stand-in of a derivative of ``body`` in ``variables`` (pairs (variable, order)) whose
    numerator a declaration makes depend on the variable; None when no declaration concerns
    the derivative (the reader's own reading then applies). Refused when one does but the
    derivative is not a first derivative of a declared name in one variable it depends on.
    ``missing``: whether some variable does not occur in the body as written."""
    depends = _DEPENDS.get()
    if not depends:
        return None
    parts = _parts(body)
    bases = {_parts(v)[0] for v, _ in variables if _parts(v) is not None}
    if parts is None or parts[0] not in depends or parts[0] in bases:
        # \frac{\partial y}{\partial y} is 1 as ever; an expression of declared names (y^2,
        # y \gamma) is no derivative of one declared name (the product or the chain rule
        # writes it): read plainly, the name would be a constant in the variable
        held = _declared_in(body, depends) if missing else []
        if held and any(b in depends[h] for h in held for b in bases):
            raise ParseError(_expression_message(body, held[0], depends))
        return None
    name = parts[0]
    if len(variables) != 1 or variables[0][1] != 1:
        raise ParseError(f"{name} is declared to depend on other quantities: only its first "
                         f"derivative in one variable is read (as an opaque number); write a "
                         f"second or mixed derivative through a name for the first")
    var = variables[0][0]
    var_parts = _parts(var)
    if var_parts is None or var_parts[0] not in depends[name]:
        shown = sympy.latex(var)
        raise ParseError(f"{name} is declared to depend on {', '.join(sorted(depends[name]))}, "
                         f"not on {shown}: as declared its derivative in {shown} would be 0; "
                         f"declare the dependence, --assume '{name} \\text{{ depends on }} "
                         f"{var_parts[0] if var_parts else shown}'")
    if body.is_extended_real is not True or var.is_extended_real is not True:
        # the stand-in is a real number: a complex quantity's derivative need not be one
        raise ParseError(f"the derivative of {sympy.latex(body)} in {sympy.latex(var)} is read as "
                         f"an opaque real number only of real quantities; {name} or the variable "
                         f"may be complex here")
    mark = PARTIAL if partial else TOTAL
    (num, num_sub, num_idx), (den, den_sub, den_idx) = parts, var_parts
    top = num + (f"_{num_sub}" if num_sub else _SLOT * len(num_idx))
    bottom = den + (f"_{den_sub}" if den_sub else _SLOT * len(den_idx))
    label = f"{mark}{top}/{mark}{bottom}"
    if num_idx or den_idx:
        return sympy.IndexedBase(label, real=True)[num_idx + den_idx]
    return sympy.Symbol(label, real=True)


def _declared_in(expr, depends) -> list[str]:
    """The declared names (or stand-ins of their derivatives) an expression holds."""
    found = []
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Symbol, sympy.Indexed)):
            base = _stand_in_base(node)
            if base is None and _parts(node) is not None:
                base = _parts(node)[0]
            if base in depends and base not in found:
                found.append(base)
    return found


def _expression_message(expr, name, depends) -> str:
    return (f"{name} is declared to depend on {', '.join(sorted(depends[name]))}: a "
            f"derivative, an integral, a limit, a sum, a product or a maximum in one of them of "
            f"an expression holding {name} "
            f"({sympy.latex(expr)}) would read {name} as a constant; write it with the "
            f"derivative of {name} itself (the product rule, the chain rule)")


def _variables(node):
    if isinstance(node, sympy.Derivative):
        return [v for v, _ in node.variable_count], node.expr
    if isinstance(node, ExprWithLimits):
        # integrals, sums, products, maxima: \sum_{t=1}^{3} y of a y depending on t is no 3y
        return [lim[0] for lim in node.limits], node.function
    if isinstance(node, sympy.Limit):
        return [node.args[1]], node.args[0]
    return None, None


def _check_operators(values, depends) -> None:
    """Refuse a derivative, integral, limit, sum, product or maximum in a variable of an expression holding a name
    declared to depend on it: read plainly, the name would be a constant there."""
    for value in values:
        if not isinstance(value, sympy.Basic):
            continue
        for node in sympy.preorder_traversal(value):
            variables, body = _variables(node)
            if not variables:
                continue
            bases = {_parts(v)[0] for v in variables if _parts(v) is not None}
            for held in _declared_in(body, depends):
                if bases & depends[held]:
                    raise ParseError(_expression_message(body, held, depends))


_DERIVATIVE_FRACS = frozenset([r"\frac", r"\dfrac", r"\tfrac"])
_DIFFERENTIAL_HEADS = frozenset(["d", r"\partial", r"\mathrm", r"\operatorname", r"\text"])


def _solid(items) -> list:
    from symbolic.latex.lexer import Tok
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _named_gradients(latex: str, names: dict[str, tuple[str, str]]) -> str:
    """``latex`` with each declared name of a gradient (dy_i, d\\hat{x}_j) written as the
    derivative it denotes (\\frac{\\partial L}{\\partial y_i}); the d of a derivative's own
    fraction (\\frac{dL}{dy_k}) is a differential and kept. Refused where the d may be the
    differential of an integral, or where a power follows (d\\sigma^2: the gradient in
    \\sigma^2, or a square?)."""
    from symbolic.latex.lexer import Group, Tok, lex
    if not names:
        return latex
    edits = []

    def walk(items):
        solid = _solid(items)
        k = 0
        while k < len(solid):
            item = solid[k]
            if isinstance(item, Tok) and item.text in _DERIVATIVE_FRACS and k + 2 < len(solid) \
                    and all(isinstance(g, Group) and g.kind == "brace" and _solid(g.items)
                            and isinstance(_solid(g.items)[0], Tok)
                            and _solid(g.items)[0].text in _DIFFERENTIAL_HEADS
                            for g in solid[k + 1:k + 3]):
                k += 3          # \frac{dL}{dy_k}: a derivative written with differentials
                continue
            if isinstance(item, Group):
                walk(item.items)
            elif isinstance(item, Tok) and item.text == "d" and \
                    not (k and isinstance(solid[k - 1], Tok) and solid[k - 1].text.isalpha()):
                rest = latex[item.col:]
                for name in sorted(names, key=len, reverse=True):
                    m = re.match(r"\s*".join(re.escape(p) for p in re.findall(
                        r"\\[A-Za-z]+|.", name)) + r"(?![A-Za-z])", rest)
                    if m and (m.start() == 0):
                        end = item.col + m.end()
                        sub = re.match(r"\s*_\s*(\{[^{}]*\}|[A-Za-z0-9])", latex[end:])
                        if sub:
                            end += sub.end()
                        if re.match(r"\s*[\^']", latex[end:]):
                            raise ParseError(f"{latex[item.col - 1:end + 2].strip()}: d{name} is "
                                             f"declared the name of a gradient, and a power or a "
                                             f"prime follows it (the gradient in {name}^2, or a "
                                             f"square?): write the derivative, "
                                             f"\\frac{{\\partial {names[name][1]}}}{{\\partial ...}}")
                        written = name + (sub.group(0).strip() if sub else "")
                        d, num = names[name]
                        edits.append((item.col - 1, end, r"\frac{%s %s}{%s %s}"
                                      % (d, num, d, written)))
                        break
            k += 1

    walk(lex(latex))
    if not edits:
        return latex
    if re.search(r"\\[io]*int(?![A-Za-z])", latex):
        raise ParseError("a declared name of a gradient (dy) beside an integral, whose "
                         "differential it may be: check the integral apart")
    for start, end, new in sorted(edits, reverse=True):
        latex = latex[:start] + new + latex[end:]
    return latex


def _check_letter_d(values) -> None:
    """Refuse the letter d read as a quantity where a gradient's name dy is declared: ``d y``
    (a space), ``{d}y`` and ``d \\hat{x}_i`` print as the declared name dy, d\\hat{x}_i, yet
    would be read as d times y (with y = 0, ``d y = 0`` was proved)."""
    for value in values:
        if isinstance(value, sympy.Basic) and any(
                isinstance(s, sympy.Symbol) and s.name == "d" for s in value.free_symbols):
            raise ParseError("the letter d is read here as a quantity, but a name of a gradient "
                             "(dy) is declared: d y with a space or {d}y prints as that name; "
                             "write dy for the gradient, or name the quantity d otherwise")


def read_with_dependences(latex: str, reader, options: dict, parse_expression):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), the declared
    dependences in force and left out of the assumptions."""
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    depends = declared_dependences(assumptions, parse_expression)
    rest = tuple(a for a in assumptions if not _is_declaration(a))
    if isinstance(latex, str):
        latex = _named_gradients(latex, declared_gradient_names(assumptions))
    token = _DEPENDS.set(depends)
    try:
        parsed = reader(latex, **dict(options, assumptions=rest))
    finally:
        _DEPENDS.reset(token)
    links = getattr(parsed, "links", None)
    values = [s for link in links for s in (link.claim.lhs, link.claim.rhs)] \
        if links is not None else [parsed.value]
    _check_operators(values, depends)
    if isinstance(latex, str) and declared_gradient_names(assumptions):
        given = getattr(parsed, "assumptions", None)
        _check_letter_d(values + list(getattr(given, "facts", ())))
    made = [v for v in values if holds_derivative(v)]
    if not made:
        return parsed
    note = ("a derivative of a name declared to depend on others (" +
            "; ".join(f"{n} on {', '.join(sorted(on))}" for n, on in sorted(depends.items())) +
            ") is read as an opaque number keyed by its numerator and variable with their "
            "indices: never 0, never differentiated")
    return dataclasses.replace(parsed, notes=tuple(sorted(set(parsed.notes) | {note})))


def _marked(name) -> bool:
    return str(name)[:1] in _MARKS


def holds_derivative(expr) -> bool:
    """Whether ``expr`` holds a stand-in for a derivative of a declared name."""
    from symbolic.gradient_vectors import holds_stand_in
    return holds_stand_in(expr, (), _marked)
