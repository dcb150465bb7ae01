"""Calculus and probability notation: integrals, derivatives of any order, E[.] and Var[.].

The rewriter (``rewrite.py``) hands these constructs here; each becomes a placeholder call
that ``convert.py`` hands back to ``convert_call``. Conventions (docs/reading.md):

* ``\\int_a^b f \\, dx`` (also ``\\mathrm{d}x``, ``\\text{d}x``, ``\\frac{dx}{g}``) is
  ``Integral(f, (x, a, b))``, unevaluated. The integrand runs from after the limits to its
  differential, which must be written; nested integrals take the differentials from the
  inside out. An integral whose variable occurs in its own limits is refused. Without limits,
  ``\\int f \\, dx`` is the indefinite ``Integral(f, x)``: an antiderivative, so a claim
  ``\\int f \\, dx = F`` holds when F' = f (equality up to a constant, as DLMF writes it).
* ``\\frac{d^n y}{dx^n}``, ``\\frac{\\partial^2 f}{\\partial x \\partial y}``, ``\\frac{d}{dx} g``
  are ``Derivative`` objects; a single letter differentiated without written dependence
  (``\\frac{df}{dx}``) is an unknown function of the variables, ``f(x)``, unless the letter is
  also used as a quantity in the same chain or differentiated in another variable there.
  ``\\sigma'(x)`` is the derivative of the sigmoid.
* ``\\mathbb{E}[X]``, ``\\mathbb{E}(X)``, ``\\operatorname{E}``, ``\\mathrm{E}``, ``\\text{E}`` are the
  expectation ``Expect(X)``; ``\\operatorname{Var}``, ``\\mathrm{Var}``, ``\\text{Var}`` the variance.
  Their argument is the bracket that follows; ``E_{x \\sim p}`` and a power before the bracket
  are refused. A superscript after the bracket is a power of the value: ``E[X]^2``.
"""
from __future__ import annotations

import re

import sympy

from symbolic.errors import ParseError
from symbolic.functions import KEEP_RELU, ReLU
from symbolic.latex.dependences import derivative_stand_in
from symbolic.latex.lexer import GREEK, Group, Tok, fail, text_of
from symbolic.latex.rewrite_tables import _function_key

_NAME_FONTS = frozenset([r"\mathrm", r"\text", r"\operatorname", r"\mathit"])
TAGS = frozenset(["SCZint", "SCZintx", "SCZdiffn", "SCZdiffp", "SCZexpect", "SCZvar", "SCZdsig", "SCZdsub",
                  "SCZgrad"])


def _space(item) -> bool:
    return isinstance(item, Tok) and item.space


def _solid(items):
    return [x for x in items if not _space(x)]


def _next(items, k):
    while k < len(items) and _space(items[k]):
        k += 1
    return k


def _letter(item) -> bool:
    """A one-letter name (``x``, ``\\theta``), never ``e`` (the same test as the rewriter's)."""
    return isinstance(item, Tok) and ((item.text.isalpha() and len(item.text) == 1)
                                      or item.text[1:] in GREEK) and item.text != "e"


def _atom_end(items, start):
    """End of a letter with an optional subscript (``x``, ``x_1``, ``\\theta``) at start."""
    if start >= len(items) or not _letter(items[start]):
        return None
    k = _next(items, start + 1)
    if k < len(items) and isinstance(items[k], Tok) and items[k].text == "_":
        return k + 2 if k + 1 < len(items) else None
    return start + 1


_SCALAR_ACCENTS = frozenset([r"\hat", r"\tilde", r"\bar", r"\widehat", r"\widetilde", r"\overline"])


def _variable_end(items, start):
    """End of a derivative's variable at start: a letter, or an accented letter (``\\hat{y}``,
    the prediction y-hat: a number like y), either with an optional subscript.

    Bold letters and arrows are vectors and never a variable here (a derivative in a vector is
    a gradient, which the scalar reading would turn into another claim)."""
    end = _atom_end(items, start)
    if end is not None or start >= len(items):
        return end
    item = items[start]
    if not (isinstance(item, Tok) and item.text in _SCALAR_ACCENTS):
        return None
    s = _next(items, start + 1)
    if s < len(items) and isinstance(items[s], Group) and items[s].kind == "brace":
        inside = _solid(items[s].items)
        if not (len(inside) == 1 and _letter(inside[0])):
            return None
    elif not (s < len(items) and _letter(items[s])):
        return None
    k = _next(items, s + 1)
    if k < len(items) and isinstance(items[k], Tok) and items[k].text == "_":
        return k + 2 if k + 1 < len(items) else None
    return s + 1


def _plainly_a_variable(kind, rest) -> bool:
    """Whether what follows a differential's d or \\partial is meant as its variable: always
    after \\partial; after d only a bold or arrowed letter or a bracket (d/d_k and d/(d+1) are
    ratios of a dimension d)."""
    if kind == "partial":
        return True
    first = rest[0] if rest else None
    return (isinstance(first, Tok) and first.text in (r"\mathbf", r"\boldsymbol", r"\bm", r"\vec")) \
        or (isinstance(first, Group) and first.kind == "paren")


def _d_mark(items, m):
    """The index after a differential's ``d`` (``d``, ``\\mathrm{d}``) at m, or None."""
    item = items[m]
    if isinstance(item, Tok) and item.text == "d":
        return m + 1
    if isinstance(item, Tok) and item.text in _NAME_FONTS:
        s = _next(items, m + 1)
        if s < len(items) and isinstance(items[s], Group) and items[s].kind == "brace" \
                and text_of(items[s].items).strip() == "d":
            return s + 1
    return None


def differential(items, m):
    """``(variable items, end)`` when a differential ``dx``/``\\mathrm{d}x`` starts at m."""
    after = _d_mark(items, m)
    if after is None:
        return None
    start = _next(items, after)
    end = _atom_end(items, start)
    if end is None:
        return None
    return tuple(items[start:end]), end


# -- integrals -----------------------------------------------------------------------------
def integral(rw, items, k):
    """``\\int_a^b f \\, dx``: the placeholder call and the index after the differential."""
    col = items[k].col
    j, limits = k + 1, {}
    for _ in range(2):
        s = _next(items, j)
        if s < len(items) and isinstance(items[s], Tok) and items[s].text in ("_", "^"):
            if items[s].text in limits:
                raise fail(r"\int", col, "a double limit on an integral is a TeX error")
            arg, j = rw._arg(items, s + 1, r"\int")
            limits[items[s].text] = arg
    if len(limits) == 1:
        raise fail(r"\int", col, "give both limits of the integral, \\int_a^b")
    depth, m, found = 0, j, None
    while m < len(items):
        item = items[m]
        if isinstance(item, Tok) and item.text in (r"\int", r"\iint", r"\oint"):
            depth += 1
        got = differential(items, m)
        if got is not None:
            if depth == 0:
                found = (m, got)
                break
            depth -= 1
            m = got[1]
            continue
        m += 1
    if found is None:
        over = _over_differential(rw, items, j)
        if over is not None:
            var, body, end = over
            return _integral_call(rw, limits, var, body, col), end
        raise fail(text_of(items[k:]).strip(), col, "no differential found for this integral: "
                   "write it after the integrand, as in \\int_0^1 x^2 \\, dx (a differential in a "
                   "fraction, \\frac{dx}{x}, is not read: write \\frac{1}{x} \\, dx)")
    m, (var, end) = found
    after = _next(items, end)
    if after < len(items) and differential(items, after) is not None:
        raise fail(text_of(items[m:]).strip(), items[m].col, "one \\int per differential: write "
                   "a double integral as \\int \\int f \\, dx \\, dy")
    body_items = items[j:m]
    body = rw.emit(body_items) if _solid(body_items) else "1"
    return _integral_call(rw, limits, var, body, col), end


def _integral_call(rw, limits, var, body, col):
    if not limits:
        # an antiderivative: read as the indefinite Integral(f, x); a claim "= F" means F' = f
        return rw._call("SCZintx", rw.emit(var), body)
    lo = rw.emit(rw._inner(limits["_"]))
    hi = rw.emit(rw._inner(limits["^"]))
    return rw._call("SCZint", rw.emit(var), lo, hi, body)


def _over_differential(rw, items, j):
    """``\\frac{dt}{g}`` (or ``\\frac{f \\, dt}{g}``) right after the limits: (var, body, end)."""
    s = _next(items, j)
    if not (s < len(items) and isinstance(items[s], Tok) and items[s].text in (r"\frac", r"\dfrac", r"\tfrac")):
        return None
    num, end = rw._arg(items, s + 1, items[s].text)
    den, end = rw._arg(items, end, items[s].text)
    top = tuple(rw._inner(num))
    for m in range(len(top)):
        got = differential(top, m)
        if got is not None and not _solid(top[got[1]:]):
            var, rest = got[0], top[:m]
            break
    else:
        return None
    after = _next(items, end)
    if after < len(items) and not (isinstance(items[after], Tok) and items[after].text in ("+", "-")):
        raise fail(text_of(items[s:after + 1]).strip(), items[s].col, "a factor after \\frac{dx}{...} "
                   "may or may not be integrated: write the integrand before the differential, "
                   "\\int_a^b \\frac{f}{g} \\, dx")
    body = r"\frac{ %s }{ %s }" % (rw.emit(rest) if _solid(rest) else "1", rw.emit(rw._inner(den)))
    return var, body, end


# -- derivatives ---------------------------------------------------------------------------
def _head(solid):
    """("d" | "partial", rest) when ``solid`` starts with a differential operator."""
    if not solid:
        return None
    first = solid[0]
    if isinstance(first, Tok) and first.text == "d":
        return "d", solid[1:]
    if isinstance(first, Tok) and first.text == r"\partial":
        return "partial", solid[1:]
    if isinstance(first, Tok) and first.text in _NAME_FONTS and len(solid) > 1 \
            and isinstance(solid[1], Group) and text_of(solid[1].items).strip() == "d":
        return "d", solid[2:]
    return None


def _order(rest, col, shown):
    """An order ``^2``/``^{2}``/``^n`` at the start of rest: (order, the rest after it).

    A written order 1 to 9 is an int; a one-letter order (``d^n``) is that letter's text, whose
    symbol must be assumed a positive integer (checked when it is converted)."""
    if rest and isinstance(rest[0], Tok) and rest[0].text == "^":
        if len(rest) < 2:
            raise fail(shown, col, "the order of the derivative is missing")
        text = text_of(rest[1:2]).strip().strip("{}").strip()
        if re.fullmatch(r"[1-9]", text):
            return int(text), rest[2:]
        if re.fullmatch(r"[a-df-hj-zA-Z]", text):
            return text, rest[2:]
        raise fail(shown, col, f"a derivative of order {text} cannot be read: only written "
                   "orders 1 to 9 and a letter (d^n/dz^n, n a positive integer) are")
    return 1, rest


def derivative_frac(rw, items, k, num, den, j):
    """``\\frac{d^n y}{dx^n}`` and its kin as a placeholder call, or None when not a derivative."""
    col = items[k].col
    top, bottom = _solid(rw._inner(num)), _solid(rw._inner(den))
    head = _head(top)
    if head is None or _head(bottom) is None:
        return None
    kind, rest = head
    shown = r"\frac{%s}{%s}" % (text_of(rw._inner(num)).strip(), text_of(rw._inner(den)).strip())
    order, body_items = _order(rest, col, shown)
    variables, n = [], 0
    while n < len(bottom):
        h = _head(bottom[n:])
        if h is None:
            return None if not variables else _not_derivative(shown, col)
        if h[0] != kind:
            raise fail(shown, col, "d and \\partial mixed in one derivative")
        rest = list(h[1])
        end = _variable_end(rest, 0)
        if end is None and not _plainly_a_variable(h[0], rest):
            return None if not variables else _not_derivative(shown, col)
        if end is None:
            # \frac{\partial L}{\partial \mathbf{x}}: plainly a derivative, in a variable that
            # is no scalar letter (a vector, an expression): say so rather than misplace the \partial
            raise fail(shown, col, "the variable of a derivative is read only as a letter, an "
                       "accented letter (\\hat{y}) or either with an index (x_i): a derivative "
                       "in a vector, a matrix or an expression is a gradient, a Jacobian or a "
                       "chain rule, which cannot be read; write the partial derivatives in "
                       "components, \\frac{\\partial f}{\\partial x_i}")
        atom, rest = rest[:end], rest[end:]
        power, rest = _order(rest, col, shown)
        variables.append((atom, power))
        n = len(bottom) - len(rest)
    symbolic_orders = [p for _, p in variables if isinstance(p, str)]
    if isinstance(order, str) or symbolic_orders:
        # d^n/dz^n: one variable, the same letter above and below (d^n/dx^{n-1} dy is not read)
        if len(variables) != 1 or variables[0][1] != order:
            raise fail(shown, col, f"the orders do not match or cannot be compared: {order} "
                       f"above, {' '.join(str(p) for _, p in variables)} below; a derivative of "
                       f"letter order is read only in one variable, d^n/dz^n")
    elif sum(p for _, p in variables) != order:
        raise fail(shown, col, f"the orders do not match: {order} above, "
                   f"{sum(p for _, p in variables)} below")
    if kind == "d" and len(variables) != 1:
        raise fail(shown, col, "an ordinary derivative d/dx has one variable; write \\partial for "
                   "partial derivatives")
    names = {text_of(atom).strip() for atom, _ in variables}
    if body_items:
        if isinstance(body_items[0], Tok) and body_items[0].text == "^":
            raise fail(shown, col, "write the order right after d: d^2 y")
        _no_undeclared_application(rw, body_items, names)
        body = rw.emit(body_items)
    else:
        start = j
        body, j = rw._operand(items, j, function=False)
        _no_undeclared_application(rw, items[start:j], names)
    args = [body]
    for atom, power in variables:
        args += [rw.emit(atom), power if isinstance(power, str) else str(power)]
    # \partial and d apart: a stand-in for a derivative of a declared name keeps the kind
    return rw._call("SCZdiffp" if kind == "partial" else "SCZdiffn", *args), j


# every refusal of a prime says both ways to write what was meant
PRIME_HINT = ("primes are read only on a declared function at a variable, f'(x) with --function f, "
              "or on a name declared a quantity of its own, --assume \"x' \\in \\mathbb{R}\"; "
              "or name the quantity x_2, or write \\frac{d}{dx} f(x)")


_VECTOR_GRADIENT = ("a gradient with respect to a vector (a bold letter, several arguments, or a "
                    "point that is not a variable) is a vector of partial derivatives, which cannot "
                    "be read; for a scalar variable write \\nabla_x f(x) with a plain letter x, or "
                    "\\frac{d}{dx} f(x), or write the partial derivatives \\frac{\\partial f}{\\partial x_i}; "
                    "at a point declared a vector (--assume 'x \\in \\mathbb{R}^d') \\nabla f(x) is "
                    "read as an opaque vector")


def gradient(rw, items, k):
    """``\\nabla f(x)``, ``\\nabla_\\theta L(\\theta)``: the derivative in one scalar variable.

    The gradient of a scalar function of one scalar variable is its derivative; the variable is
    the subscript, or else the one argument of the function, and an assumption must make it a
    number (checked when converted: a plain theta may be a parameter vector). A bold or
    several-argument variable is a vector and refused; so is a gradient of anything but a
    function applied to brackets."""
    col = items[k].col
    j = _next(items, k + 1)
    variable = None
    if j < len(items) and isinstance(items[j], Tok) and items[j].text == "_":
        arg, j = rw._arg(items, j + 1, r"\nabla")
        variable = _solid(rw._inner(arg))
        if _atom_end(variable, 0) != len(variable):
            raise fail(text_of(items[k:j]).strip(), col, _VECTOR_GRADIENT)
    s = _next(items, j)
    g = _next(items, s + 1)
    if s < len(items) and _letter(items[s]) and g < len(items) and isinstance(items[g], Tok) \
            and items[g].text == "_":
        g = _next(items, g + 2)         # f_t(x): a subscripted name
    if not (s < len(items) and _letter(items[s]) and g < len(items) and isinstance(items[g], Group)
            and items[g].kind == "paren"):
        raise fail(text_of(items[k:g + 1]).strip(), col, "a gradient is read only of a function "
                   "applied to its argument, \\nabla f(x) or \\nabla_x f(x, y); " + _VECTOR_GRADIENT)
    if variable is None:
        inside = _solid(items[g].items)
        if _atom_end(inside, 0) != len(inside):
            raise fail(text_of(items[k:g + 1]).strip(), col, _VECTOR_GRADIENT)
        variable = inside
    if _next(items, s + 1) != g or _function_key(items[s].text) not in rw.functions:
        # a(x + 1) of an undeclared a is a product: its "gradient" would be read as a's value
        raise fail(text_of(items[k:g + 1]).strip(), col, "a gradient is read only of a declared "
                   "function, \\nabla f(x) with --function f (a subscripted name f_t is not read)")
    after = _next(items, g + 1)
    if after < len(items) and isinstance(items[after], Tok) and items[after].text in ("^", "'"):
        raise fail(text_of(items[k:after + 2]).strip(), items[after].col, "a power or a transpose "
                   "after a gradient: write (\\nabla f(x))^2 for a power of the derivative; "
                   "a transpose of a gradient is a vector's, which cannot be read")
    body = rw.emit(items[s:g + 1])
    return rw._call("SCZgrad", body, rw.emit(variable), "1"), g + 1


def partial_subscript(rw, items, k):
    """``\\partial_x f``: the partial derivative in x of the operand, which must contain x.

    ``\\partial_i f`` often means the derivative in the i-th coordinate x_i; a subscript that does
    not occur in the operand is therefore refused, never read as a variable of f."""
    col = items[k].col
    j = _next(items, k + 1)
    if not (j < len(items) and isinstance(items[j], Tok) and items[j].text == "_"):
        raise fail(r"\partial", col, r"write a derivative as \frac{\partial f}{\partial x} or \partial_x f")
    arg, j = rw._arg(items, j + 1, r"\partial")
    variable = _solid(rw._inner(arg))
    if _atom_end(variable, 0) != len(variable):
        raise fail(text_of(items[k:j]).strip(), col, "\\partial_{...} is read only with one "
                   "variable, \\partial_x f; write \\frac{\\partial^2 f}{\\partial x \\partial y}")
    s = _next(items, j)
    if s < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_"):
        raise fail(text_of(items[k:s + 2]).strip(), items[s].col, "a power of \\partial_x is an "
                   "order or a power of the value: write \\frac{\\partial^2 f}{\\partial x^2}")
    body, end = rw._operand(items, j, function=False)
    _no_undeclared_application(rw, items[j:end], {text_of(variable).strip()})
    return rw._call("SCZdsub", body, rw.emit(variable)), end


def _no_undeclared_application(rw, operand, names) -> None:
    """Refuse ``u(x + 1)`` of an undeclared letter u in the operand of a derivative in x.

    Elsewhere it is a product (the reader's rule for letters that are not function names), but
    under \\frac{d}{dx} a reader means the function u at x + 1: d/dx u(x + 1) = u holds for
    the product and not for a function, so neither reading may be picked silently."""
    previous = None
    solid = _solid(operand)
    for n, item in enumerate(solid):
        if isinstance(item, Group):
            _no_undeclared_application(rw, item.items, names)
        nxt = solid[n + 1] if n + 1 < len(solid) else None
        # (a list in the bracket, \ell(x_i, \Theta), is no factor: the function's arguments)
        if _letter(item) and item.text not in names and item.text != r"\sigma" \
                and _function_key(item.text) not in rw.functions \
                and not (isinstance(previous, Tok) and previous.text in ("^", "_")) \
                and isinstance(nxt, Group) and nxt.kind == "paren" \
                and not any(isinstance(x, Tok) and x.text == "," for x in nxt.items) \
                and any(isinstance(x, Tok) and x.text in names for x in _tokens(nxt.items)):
            raise fail(item.text + text_of([nxt]).strip(), item.col,
                       f"{item.text}(...) under a derivative may be the function {item.text} "
                       f"or {item.text} times (...): declare the function (--function "
                       f"{item.text.lstrip(chr(92))}) or write {item.text} \\cdot (...)")
        previous = item


def _tokens(items):
    """Every token of items, inside groups too."""
    for item in items:
        if isinstance(item, Group):
            yield from _tokens(item.items)
        else:
            yield item


def _not_derivative(shown, col):
    raise fail(shown, col, "the denominator of this derivative is not a product of "
               "differentials like dx or \\partial x \\partial y")


def sigmoid_prime(rw, items, k, s, primes, group):
    """``\\sigma'(x)``: the derivative of the sigmoid at a variable."""
    return rw._call("SCZdsig", str(primes), rw.emit(group.items)), s + primes + 1


# -- expectation and variance -------------------------------------------------------------
def expectation(rw, items, k, j, kind):
    """``\\mathbb{E}[X]``, ``\\operatorname{Var}(X)``: the placeholder and the index after it."""
    col = items[k].col
    name = "E" if kind == "SCZexpect" else "Var"
    s = _next(items, j)
    nxt = items[s] if s < len(items) else None
    if isinstance(nxt, Tok) and nxt.text == "_":
        raise fail(text_of(items[k:s + 2]).strip(), col, f"a subscript on {name} (a distribution "
                   f"or a variable it averages over, E_{{x \\sim p}}) cannot be read: state the "
                   f"model in words and check the moments with a rule")
    if isinstance(nxt, Tok) and nxt.text == "^":
        raise fail(text_of(items[k:s + 2]).strip(), col, f"a power before the bracket of {name}: "
                   f"write ({name}[X])^2 or {name}[X^2]")
    if not (isinstance(nxt, Group) and nxt.kind == "paren"):
        raise fail(text_of(items[k:s + 1]).strip(), col, f"{name} needs its argument in brackets: "
                   f"{name}[X] or {name}(X)")
    if any(isinstance(x, Tok) and x.text == "," for x in nxt.items):
        raise fail(text_of(items[k:s + 1]).strip(), col, f"{name} of a list cannot be read; "
                   f"covariances are not supported")
    rw.moment += 1          # capitals inside are scalar random variables (E[XY]), not matrices
    try:
        body = rw.emit(nxt.items)
    finally:
        rw.moment -= 1
    return rw._call(kind, body), s + 1


# -- conversion --------------------------------------------------------------------------
def convert_call(ctx, tag, args):
    """The SymPy object of a placeholder made here (``ctx`` is convert's ``Context``)."""
    conv = ctx.convert
    if tag == "SCZint":
        var_raw, lo, hi, body = args
        var = conv(var_raw)
        if not isinstance(var, sympy.Symbol):
            raise ParseError(f"the variable of integration must be a letter, not {var}")
        lo, hi = conv(lo), conv(hi)
        if var in lo.free_symbols | hi.free_symbols:
            raise ParseError(f"the variable of integration {var} also occurs in a limit of the "
                             f"integral: rename the variable of integration")
        body = conv(body)
        with sympy.evaluate(True):      # unevaluated, Integral would keep a factor 1 in front
            return sympy.Integral(body, (var, lo, hi))
    if tag == "SCZintx":
        if not _alone_on_a_side(ctx, tag, args):
            # an antiderivative is known only up to a constant: (\int x dx)^2 = x^4/4 or
            # 2\int x dx = x^2 would be decided with the constant SymPy happens to pick (0)
            raise ParseError("an indefinite integral is read only alone on one side of a "
                             "relation (\\int f \\, dx = F, F an antiderivative of f): give "
                             "limits or write the antiderivative")
        var, body = conv(args[0]), conv(args[1])
        if not isinstance(var, sympy.Symbol):
            raise ParseError(f"the variable of integration must be a letter, not {var}")
        with sympy.evaluate(True):
            return sympy.Integral(body, var)
    if tag in ("SCZdiffn", "SCZdiffp"):
        body_raw, pairs = args[0], args[1:]
        body = conv(body_raw)
        variables = [(conv(pairs[n]), _count(conv, pairs[n + 1])) for n in range(0, len(pairs), 2)]
        for var, _ in variables:
            if getattr(var, "is_Matrix", False) or not isinstance(var, (sympy.Symbol, sympy.Indexed)) \
                    or (isinstance(var, sympy.Symbol) and var.name in ctx.normed):
                # a matrix calculus derivative (a gradient, a Jacobian) is no scalar derivative
                raise ParseError(f"a derivative with respect to {var}, a vector, a matrix or an "
                                 f"expression: only a scalar variable is read; write the partial "
                                 f"derivatives in its components")
        _no_captured_index(body, [v for v, _ in variables])
        if body.is_number and not body.free_symbols and not isinstance(body_raw, sympy.Symbol):
            raise ParseError(f"the derivative of the constant {body}: write the function")
        free = body.free_symbols
        settled = _rebuilt(body)        # sqrt(x^2) of a real x settles to |x|
        kinked = [a for a in body.atoms(*_KINKED) | settled.atoms(*_KINKED)
                  if any(v in a.free_symbols for v, _ in variables)]
        kinked += _relu_kinks(conv, body_raw, [v for v, _ in variables])
        if kinked:
            # d/dx |x| has no value at 0, but SymPy's sign(x) gives 0 there: a certified
            # "counterexample" at the kink, or a proof of d/dx |x| = sgn(x) at x = 0
            raise ParseError(f"the derivative of {body} where {kinked[0]} has a kink or a jump: it "
                             f"does not exist everywhere; differentiate each piece where it is smooth")
        missing = [v for v, _ in variables if not (v.free_symbols & free)]
        # y \text{ depends on } \gamma declared: an opaque number (dependences.py)
        made = derivative_stand_in(tag == "SCZdiffp", body, variables, bool(missing))
        if made is not None:
            return made
        if missing:
            body = _implicit(ctx, body_raw, body, [v for v, _ in variables], missing)
        return sympy.Derivative(body, *variables)
    if tag == "SCZgrad":
        var = conv(args[1])
        if not _declared_scalar(ctx, var):
            # a gradient is a vector of partial derivatives: \nabla_\theta L(\theta) of a
            # parameter vector theta read as dL/dtheta would check the one-dimensional case only
            # (\nabla f(x) \nabla g(x) = \nabla g(x) \nabla f(x) holds for numbers, not for
            # the outer products of vectors)
            shown = sympy.latex(var)
            raise ParseError(f"\\nabla in {shown}: a gradient is a vector unless {shown} is a "
                             f"number; declare it one, --assume '{shown} \\in \\mathbb{{R}}', "
                             f"to read the gradient as the derivative in {shown}, or write "
                             f"\\frac{{d}}{{d{shown}}} f({shown})")
        return convert_call(ctx, "SCZdiffn", args)
    if tag == "SCZdsub":
        body, var = conv(args[0]), conv(args[1])
        if not (isinstance(var, (sympy.Symbol, sympy.Indexed)) and var in body.free_symbols):
            raise ParseError(f"\\partial_{{{args[1]}}} of {body}: {args[1]} does not occur in it, and "
                             f"\\partial_i often means the derivative in the coordinate x_i: write "
                             f"\\frac{{\\partial f}}{{\\partial x_i}} with the variable")
        return convert_call(ctx, "SCZdiffp", (args[0], args[1], sympy.Integer(1)))
    if tag == "SCZdsig":
        order, x_raw = args
        x = conv(x_raw)
        if not isinstance(x, sympy.Symbol):
            raise ParseError("\\sigma' is read only at a variable: \\sigma'(x)")
        return sympy.Derivative(1 / (1 + sympy.exp(-x)), (x, int(str(order))))
    if tag in ("SCZexpect", "SCZvar"):
        from symbolic.probability import Expect, Variance
        value = conv(args[0])
        if not isinstance(value, sympy.Expr) or getattr(value, "is_Matrix", False):
            raise ParseError(f"only the expectation of a scalar expression can be read, not {value}")
        return Expect(value) if tag == "SCZexpect" else Variance(value)
    raise ParseError(f"internal placeholder {tag} is unknown")


def _no_captured_index(body, variables) -> None:
    """Refuse a derivative in x_i of a sum over i (``\\frac{\\partial}{\\partial x_i}
    \\sum_{i=1}^n x_i^2``): the variable's i is free, the sum's is bound, and SymPy would
    differentiate every term as if it were x_i (2 \\sum_i x_i, where 2 x_i is meant)."""
    bound = set()
    for node in sympy.preorder_traversal(body):
        if isinstance(node, sympy.concrete.expr_with_limits.ExprWithLimits):
            bound |= {lim[0] for lim in node.limits}
    if not bound:
        return
    bound_names = {getattr(b, "name", str(b)) for b in bound}
    for var in variables:
        names = {s.name for s in var.free_symbols if isinstance(s, sympy.Symbol)}
        if isinstance(var, sympy.Symbol) and "_" in var.name:
            names |= set(re.findall(r"[A-Za-z]+", var.name.partition("_")[2]))
        clash = sorted(names & bound_names)
        if clash:
            raise ParseError(f"the derivative in {var} of a sum or product over {clash[0]}: the "
                             f"{clash[0]} of {var} is free and the sum's is bound, so the two "
                             f"cannot be told apart; rename the index of the sum (\\sum_{{j=1}}^n)")


def _declared_scalar(ctx, var) -> bool:
    """Whether an assumption makes ``var`` a number (a set of numbers or a sign: ``x \\in
    \\mathbb{R}``, ``x > 0``; for x_1 also one about every x_j)."""
    if isinstance(var, sympy.Symbol):
        if var.name in ctx.known and not getattr(ctx.known[var.name], "is_Matrix", False):
            return True
        return var.name.partition("_")[0] in ctx.families
    if isinstance(var, sympy.Indexed):
        return str(var.base.label) in ctx.families
    return False


def _count(conv, raw):
    """How often to differentiate: a written order, or a letter assumed a positive integer."""
    if isinstance(raw, sympy.Integer):
        return int(raw)
    count = conv(raw)
    if isinstance(count, sympy.Integer):
        return int(count)
    if not isinstance(count, sympy.Symbol) or not (count.is_integer and count.is_positive):
        # d^n/dz^n of a real or complex n is a fractional derivative, which nothing here means
        raise ParseError(f"a derivative of order {count} is read only with {count} a positive "
                         f"integer: assume it, --assume '{count} \\in \\mathbb{{Z}}_{{>0}}'")
    return count


def _relu_kinks(conv, body_raw, variables) -> list:
    """ReLU(u) in a derivative's body where u may be 0 (its kink) and depends on a variable of
    differentiation: read apart with ReLU kept, since ReLU(x) of a declared x >= 0 settles to x
    (d/dx ReLU(x) = 1 under x >= 0 was proved; ReLU has no derivative at 0)."""
    token = KEEP_RELU.set(True)
    try:
        kept = conv(body_raw)
    finally:
        KEEP_RELU.reset(token)
    return [a for a in kept.atoms(ReLU) if a.args[0].is_nonzero is not True
            and any(v in a.free_symbols for v in variables)]


_KINKED = (sympy.Abs, sympy.Max, sympy.Min, sympy.sign, sympy.Heaviside, sympy.floor,
           sympy.ceiling, sympy.frac, sympy.Piecewise)


def _rebuilt(expr):
    """The expression rebuilt with SymPy's automatic evaluation (no integration, no doit)."""
    def build(e):
        if not e.args or isinstance(e, (sympy.Integral, sympy.Derivative, sympy.Sum)):
            return e
        return e.func(*[build(a) for a in e.args])
    try:
        with sympy.evaluate(True):
            return build(expr)
    except Exception:       # a class that cannot be rebuilt from its args: keep it as written
        return expr


def _alone_on_a_side(ctx, tag, args) -> bool:
    """Whether the placeholder call (tag, args) is a whole side of the chain as written."""
    return any(isinstance(raw, sympy.Symbol) and ctx.calls.get(raw.name) == (tag, args)
               for raw in ctx.seen)


def _implicit(ctx, body_raw, body, variables, missing):
    """``\\frac{df}{dx}``: the letter f as an unknown function of the variables, or refused."""
    name = getattr(body_raw, "name", "")
    plain = isinstance(body_raw, sympy.Symbol) and isinstance(body, sympy.Symbol) and \
        re.fullmatch(r"[A-Za-z]|\\?[A-Za-z]+", name) and not name.startswith("SCZ")
    # only a plain variable (x, t, \theta): k_j is one of many, and M(k_j) would drop the rest
    if not plain or not all(isinstance(v, sympy.Symbol) and "_" not in v.name for v in variables):
        var = missing[0]                    # o_{k}, as written, not SymPy's o[k]
        var = f"{var.base.label}_{{{','.join(map(str, var.indices))}}}" \
            if isinstance(var, sympy.Indexed) else sympy.latex(var)
        raise ParseError(f"the derivative of {body} with respect to {var}: as written {body} "
                         f"does not depend on {var}, so it would be 0; write the dependence, "
                         f"e.g. f({var}) with --function f, or the definition of {body} in "
                         f"its place")
    made = ctx.__dict__.setdefault("implicit_functions", {})
    key = tuple(dict.fromkeys(variables))          # the arguments, in the order first written
    if set(made.setdefault(name, key)) != set(key):
        raise ParseError(f"{name} is differentiated in different variables in one chain "
                         f"({', '.join(map(str, made[name]))} and {', '.join(map(str, key))}): "
                         f"write its arguments, e.g. {name}(x, y) with --function {name}")
    if _used_as_quantity(ctx, name):
        raise ParseError(f"{name} is differentiated as a function of {', '.join(map(str, key))} and "
                         f"also used as a quantity in this chain: write {name}({key[0]}) with "
                         f"--function {name}")
    return sympy.Function(body.name, real=True)(*made[name])


def _used_as_quantity(ctx, name) -> bool:
    """Whether a letter occurs in the chain other than as the numerator of a derivative."""
    def walk(raw):
        for sym in getattr(raw, "free_symbols", ()):
            if sym.name in ctx.calls:
                tag, args = ctx.calls[sym.name]
                if tag in ("SCZdiffn", "SCZdiffp") and isinstance(args[0], sympy.Symbol) and args[0].name == name:
                    if any(walk(a) for a in args[1:]):
                        return True
                    continue
                if any(walk(a) for a in (args[1:] if tag == "SCZfn" else args)
                       if isinstance(a, sympy.Basic)):
                    return True
            elif sym.name == name:
                return True
        return False
    return any(walk(raw) for raw in ctx.seen)
