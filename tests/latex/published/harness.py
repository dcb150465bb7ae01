"""Measure the LaTeX reader on displays quoted from published papers (issue 11's reading corpus).

Each display is quoted verbatim (formula only) with its source, and carries a reading written by
hand, independently of the reader: either the relations a careful mathematician reads in it, or
``REFUSE`` when the display is not one mathematical claim a checker could read (an algorithm step,
prose, notation that has several readings).

The expected readings use a small plain syntax that is turned into SymPy here (these strings are
ours and trusted; the formula under test is only ever given to the reader):

* ``expr x + 1``: a display with no relation, read as that expression (nothing to check);
* ``stmt x, y in Reals`` / ``stmt theta in Space(Reals, d)`` / ``stmt X ~ Law(N, 0, 1)``: a
  membership or a distribution (read, nothing to check), one link per subject; sets are SymPy
  sets (``Interval``, ``FiniteSet``), ``IntegerRange(0, T - 1)`` the whole numbers 0..T-1, ``Space``
  a space of vectors or matrices, ``NamedSet(X)`` a set known by its name only, ``Law`` a
  family's name and its parameters;
* ``stmt T(n) in BigO(n**2)``: an order of growth (``BigO``, ``LittleO``, ``BigTheta``,
  ``BigOmega``, ``LittleOmega``), one link per ``=`` of the display, each read one way
  (``stmt BigO(n) in BigO(n**2)`` for ``O(n) = O(n^2)``); never an equation;
* ``stmt x = Entries(x[k], (k, 1, n))``: a name equated to a list written with an ellipsis,
  ``x = (x_1, x_2, \\ldots, x_n)``, naming the entries of a vector (read, nothing to check);
  ``Entries(s[k], (k, 1, n))`` is also the subject of ``s_1, s_2, \\cdots, s_n \\in \\mathbb{R}``
  (``stmt Entries(s[k], (k, 1, n)) in Reals``); the index is the first of k, j, m, r, s, u, v, w
  the list does not use (symbolic/latex/lists.py);
* ``stmt t <- t + 1``: an update (an assignment whose right side uses the assigned name):
  the new value of the name, never an equation;
* ``cont == a + b`` (or ``cont <= ...``): a display that starts with its relation, continuing
  the previous display's last side: the relation and the expression, nothing to check alone;
* relations ``a == b``, ``a ~= b`` (approximately), ``a <= b``, ``a < b``, ``a >= b``, ``a > b``, ``a != b``, ``a := b`` (a
  definition; it matches an equation or a definition), chained as ``a == b == c`` (one link per
  adjacent pair, as a chain is read) and several claims separated by ``;`` (the rows of an
  ``aligned`` display, in order);
* every name is a real symbol (``d_k``, ``theta``, ``lamda`` for lambda); ``x[j]`` is element j of
  x; a name applied to arguments that SymPy does not know is an undeclared function;
* ``Sum(f, (j, 1, n))``, ``MaxOver(f, (j, 1, n))``, ``exp``, ``log``, ``sqrt``, ``Abs``, ``Max``,
  ``Min``, ``re``, ``conjugate``, ``Derivative``, ``Integral``, ``E`` (Euler's number), ``I`` (the
  imaginary unit), ``pi``, ``oo``;
* ``Partial(y[k], gamma[j])``, ``Total(L, gamma[j])``: the derivative \\partial y_k / \\partial
  \\gamma_j (d L / d \\gamma_j) of a name the source's text says depends on others, an opaque
  number (``assume="y \\text{ depends on } \\gamma"``; symbolic/latex/dependences.py);
* matrices are declared per display (``matrices="Q:N,d K:N,d"``) and then read as SymPy
  matrix symbols of that shape; ``X.T`` is the transpose, ``X**-1`` the inverse;
  ``Grad(f, x)`` and ``Val(f, x)`` the reader's opaque gradient and value of a declared f at a
  declared vector x (or an expression of them, ``Val(f, x + delta)``), ``Iter(theta, t + 1)`` the
  iterate theta^{t+1} of a declared vector theta (a vector of its shape, named theta_{t+1}).
* rows written as vectors (symbolic/latex/vector_maps.py): ``Member(K, j, D)`` is the member j
  (a column of D entries) of the family of vectors K_j, ``Fv(phi, Q_i, C)`` the value (C entries)
  of a map declared by its signature at the declared vector Q_i, ``FMember(phi, K, j, C)`` its
  value at the member j of the family K, ``MatSum(X, (j, a, b))`` the sum over j of the
  matrices X (entry by entry); ``Fn(f_q, d, x_m, m)`` the value (a column of d entries, or a
  number where the size is 1: ``Fn(g, 1, x_m, x_n, m - n)``) of a map declared by a signature of
  several arguments (``f_q: \\mathbb{R}^d \\times \\mathbb{Z} \\to \\mathbb{R}^d``) at its
  arguments.
* gradients of a scalar defined elsewhere (symbolic/latex/loss_gradients.py; ``assume="L \\text{
  depends on } V"``): ``LGrad(L, V_i)`` is \\nabla_{V_i} L, an opaque matrix of V_i's shape
  (``LGrad(L, Fv(phi, Q_i, C))`` in a map's value), ``LGradMember(L, Vbar, j, M)`` the member j of
  the family of gradients in the members Vbar_j summed over (``LGradMember(L, phi(Q), j, C)``).

What the source's own text states may be handed to the reader, as a user would: functions
(``functions="L g \\phi"``, as ``--function``, only names the text says are functions: "the loss
L(theta)") and the source's macros (a module's ``MACROS``, its own ``\\newcommand`` lines,
expanded by the reader's macro code as in the user's .tex file).

A display is classified as

* ``read``: the reader returned as many links as expected, each with the expected relation and
  with both sides equal to the expected ones, either structurally (after normalising symbol
  assumptions, ``x_j`` as a symbol versus an element of ``x``, and markup such as ``\\mathbf``
  around names) or numerically (both sides agree to 25 digits at several random points, sums
  expanded at small concrete lengths, undeclared functions replaced by fixed nonlinear ones);
* ``refused``: the reader raised ParseError (whatever was expected);
* ``misread``: anything else: a reading that differs from the expected one, or a reading where a
  refusal was expected.
"""
from __future__ import annotations

import hashlib
import importlib.util
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import mpmath
import sympy
from sympy.core.function import AppliedUndef
from sympy.parsing.sympy_parser import parse_expr, standard_transformations

HERE = Path(__file__).resolve().parent
REFUSE = "refuse"
EXPR = "expr "       # a display with no relation, read as this expression
STATEMENT = "stmt "  # a membership or a distribution: stmt x in Reals, stmt X ~ Law(N, 0, 1)
CONTINUATION = "cont "  # a display that starts with its relation: cont == a + b
PREVIOUS_SIDE = sympy.Symbol("PREVIOUS_SIDE")   # what a continuation continues (not in the display)
PARSE_SECONDS = 20.0


@dataclass(frozen=True)
class Display:
    """One published display, its source and the reading written for it by hand."""

    source: str          # short key of the paper (the module's SOURCE)
    ref: str             # where in the paper: equation number, section, algorithm line
    latex: str           # verbatim as published
    reading: str         # expected relations, or "refuse: why"
    matrices: str = ""   # "Q:N,d K:N,d": names read as matrices of that shape
    vectors: str = ""    # "theta g": the names dot() and norm() treat as vectors
    note: str = ""
    functions: str = ""  # "L g \\phi": names the source's text states are functions (--function)
    macros: str = ""     # the source's own \\newcommand lines, expanded as in the user's .tex file
    optimum: str = ""    # "\\eta^*" or "\\mathbf{x}^*:n": an x^* the source's text calls the optimum,
    # declared a quantity of its own as a user does with --assume 'x^* \\in \\mathbb{R}' (or R^n)
    assume: str = ""     # other declarations the source's text states, as --assume strings joined
    # by " ; " ("\\sigma = \\mathrm{softmax} ; \\mathbf{z} \\in \\mathbb{R}^K": "the softmax sigma
    # of z in R^K")

    @property
    def expects_refusal(self) -> bool:
        return self.reading.startswith(REFUSE)


@dataclass(frozen=True)
class Outcome:
    """What the reader did with one display."""

    display: Display
    kind: str            # read | refused | misread
    how: str = ""        # structural | numeric (for read); the refusal message; why misread
    got: str = ""        # the reader's links, printed


@dataclass(frozen=True)
class Source:
    """A paper (or reference work) the displays are quoted from."""

    key: str
    title: str
    where: str           # arXiv id / URL, and where the LaTeX text was found
    displays: tuple = field(default_factory=tuple)


# -- loading the corpus -----------------------------------------------------------------------
def load_sources() -> list[Source]:
    """Every data module in this folder (one per source), in file-name order."""
    sources = []
    for path in sorted(HERE.glob("src_*.py")):
        spec = importlib.util.spec_from_file_location(f"published_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        key, title, where = module.SOURCE
        # a source's \newcommand lines (its MACROS) hold for every display quoted from it
        macros = getattr(module, "MACROS", "")
        displays = tuple(Display(key, *row[:3], **{"macros": macros,
                                                    **(row[3] if len(row) > 3 else {})})
                         for row in module.DISPLAYS)
        sources.append(Source(key, title, where, displays))
    return sources


def all_displays() -> list[Display]:
    return [d for s in load_sources() for d in s.displays]


# -- the expected readings ----------------------------------------------------------------------
_KNOWN = {name: getattr(sympy, name) for name in (
    "Sum", "Product", "exp", "log", "sqrt", "Abs", "Max", "Min", "re", "im", "conjugate",
    "Derivative", "Integral", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "E", "I", "pi", "oo", "Rational",
    "Integer", "floor", "ceiling", "sign", "factorial", "binomial", "Eq", "KroneckerDelta",
    "Piecewise", "erf", "Heaviside", "Limit", "Matrix", "Transpose", "Identity", "ZeroMatrix",
    "HadamardProduct", "Trace", "Determinant", "Inverse", "DiracDelta", "atan2", "cbrt",
    "Tuple")}
# Partial(y[k], gamma[j]) and Total(L, gamma[j]): \frac{\partial y_k}{\partial \gamma_j} and
# \frac{dL}{d\gamma_j} of names the source's text says depend on others (assume="y \text{ depends
# on } \gamma"), which the reader reads as opaque numbers (normalise turns its stand-ins into these)
# \nabla f(x) and f(x) of a declared f at a declared vector x, as the reader names them
# (symbolic/gradient_vectors.py): a vector and a number keyed by the function and the point
# at a point that is an expression of declared vectors (x + delta) they are keyed by the
# expression as SymPy writes it; Iter(theta, t + 1) is the iterate theta^{t+1} of a declared
# vector theta (symbolic/latex/vector_iterates.py): a vector of theta's shape, named theta_{t+1}


def _key(x) -> str:
    return x.name if isinstance(x, sympy.MatrixSymbol) else sympy.sstr(x)


_STAND_INS = {"Grad": lambda f, x: sympy.MatrixSymbol(f"\u2207{f}({_key(x)})", *x.shape),
              "Val": lambda f, x: sympy.Symbol(f"{f}({_key(x)})", real=True),
              "Iter": lambda x, k: sympy.MatrixSymbol(f"{x.name}_{{{str(k).replace(' ', '')}}}",
                                                      *x.shape)}


def _size(n):
    return sympy.Symbol(str(n), integer=True, positive=True)


def _family(label, j, rows):
    r, c = sympy.Dummy("r", integer=True), sympy.Dummy("c", integer=True)
    return sympy.FunctionMatrix(_size(rows), 1, sympy.Lambda(
        (r, c), sympy.IndexedBase(label, real=True)[j, r, c]))


def _mat_sum(x, limits):
    j, lo, hi = limits
    r, c = sympy.Dummy("r", integer=True), sympy.Dummy("c", integer=True)
    return sympy.FunctionMatrix(x.shape[0], x.shape[1],
                                sympy.Lambda((r, c), sympy.Sum(x[r, c], (j, lo, hi))))


def _map_value(f, rows, *args):
    """The reader's opaque value of a map declared by a general signature at its arguments
    (vector_maps.py): a column of ``rows`` entries, or a number where rows is 1."""
    label = f"{f}({', '.join(_key(a) for a in args)})"
    if rows == 1:
        return sympy.Symbol(label, real=True)
    return sympy.MatrixSymbol(label, _size(rows), 1)


def _variable_key(x) -> str:
    """A variable of a gradient as the reader names it (a map's value ``phi(Q_i)`` is marked)."""
    name = x.name if isinstance(x, sympy.MatrixSymbol) else str(x)
    return "\u0192" + name if "(" in name else name


# LGrad(L, V_i): the gradient \nabla_{V_i} L of a scalar declared to depend on V (a matrix of
# V_i's shape, symbolic/latex/loss_gradients.py); LGradMember(L, Vbar, j, M): the member j of
# the family of gradients in the members Vbar_j of a family summed over (a column of M entries)
_LOSS_GRADIENTS = {
    "LGrad": lambda loss, x: sympy.MatrixSymbol(f"\u2207_{{{_variable_key(x)}}}{loss}", *x.shape),
    "LGradMember": lambda loss, stem, j, rows: _family(
        f"\u2207_{{{_variable_key(stem)}}}{loss}_\u2022", j, rows)}

_ROWS = {"Fn": _map_value,
         "Member": lambda k, j, rows: _family(f"{k}_\u2022", j, rows),
         "Fv": lambda f, x, rows: sympy.MatrixSymbol(f"{f}({x})", _size(rows), 1),
         "FMember": lambda f, k, j, rows: _family(f"{f}({k})_\u2022", j, rows),
         "MatSum": _mat_sum}
_GLOBALS = {"__builtins__": {}, "Integer": sympy.Integer, "Float": sympy.Float,
            "Rational": sympy.Rational, "Symbol": sympy.Symbol}
_RELATIONS = [":=", "~=", "==", "!=", "<=", ">=", "<", ">"]
_REL_NAME = {"==": "EQ", ":=": "DEF", "~=": "APPROX", "!=": "NE", "<=": "LE", ">=": "GE",
             "<": "LT", ">": "GT"}


def _split_top(text: str, seps: list[str]):
    """Split at separators outside brackets; returns pieces and the separators met."""
    pieces, ops, depth, start, k = [], [], 0, 0, 0
    while k < len(text):
        ch = text[k]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            for sep in seps:
                if text.startswith(sep, k):
                    pieces.append(text[start:k])
                    ops.append(sep)
                    k += len(sep)
                    start = k
                    break
            else:
                k += 1
                continue
            continue
        k += 1
    pieces.append(text[start:])
    return pieces, ops


class MatFn(sympy.MatrixExpr):
    """A function applied to matrices, with the shape of its first matrix argument.

    ``MatFn("softmax", S)`` is softmax applied row-wise; ``MatFn("max", 0, X)`` is an elementwise
    maximum; any other name is an unknown function applied elementwise.
    """

    def __new__(cls, name, *args):
        return sympy.Basic.__new__(cls, sympy.Symbol(str(name)), *map(sympy.sympify, args))

    @property
    def fname(self):
        return self.args[0].name

    @property
    def shape(self):
        for a in self.args[1:]:
            if getattr(a, "is_Matrix", False):
                return a.shape
        return (sympy.Integer(1), sympy.Integer(1))

    def explicit(self):
        args = [a.as_explicit() if getattr(a, "is_Matrix", False) else a for a in self.args[1:]]
        mats = [a for a in args if isinstance(a, sympy.MatrixBase)]
        m = mats[0]
        if self.fname == "softmax":
            rows = []
            for r in range(m.rows):
                e = [sympy.exp(m[r, c]) for c in range(m.cols)]
                total = sum(e)
                rows.append([x / total for x in e])
            return sympy.Matrix(rows)
        if self.fname == "max":
            return m.applyfunc(lambda x: sympy.Max(*[a for a in args if a is not m], x))
        # the other arguments count too: Attention(Q, K) must not pass for Attention(Q, K, V)
        extra = [sum(a) if isinstance(a, sympy.MatrixBase) else a for a in args if a is not m]
        return m.applyfunc(lambda x: _function_value(self.fname, [x] + extra))


def _namespace(text: str, matrices: str, vectors: str = ""):
    """The objects the names of one expected reading stand for."""
    space = dict(_KNOWN)
    from symbolic.functions import MaxOver, MinOver, ReLU
    from symbolic.latex.vectors import COMPONENT, DIMENSION
    from symbolic.row_functions import RowMax, RowSum
    space.update(MaxOver=MaxOver, MinOver=MinOver, ReLU=ReLU, RowMax=RowMax, RowSum=RowSum)
    from symbolic.latex.statements import IntegerRange, Law, NamedSet, Space
    from symbolic.latex.lists import Entries
    space.update(Entries=Entries)
    space.update(Law=Law, NamedSet=NamedSet, Space=Space, IntegerRange=IntegerRange, Reals=sympy.S.Reals,
                 Integers=sympy.S.Integers, Complexes=sympy.S.Complexes,
                 Naturals=sympy.S.Naturals, Naturals0=sympy.S.Naturals0,
                 Interval=sympy.Interval, FiniteSet=sympy.FiniteSet)
    from symbolic.latex.statements import Growth
    space.update({name: (lambda symbol: lambda bound: Growth(symbol, bound))(symbol)
                  for name, symbol in (("BigO", "O"), ("LittleO", "o"), ("BigTheta", "Theta"),
                                       ("BigOmega", "Omega"), ("LittleOmega", "omega"))})
    vector_names = set(vectors.split())

    def dot(u, v, dim=DIMENSION):
        """u^T v of two vectors: components u[..., nu] summed over nu = 1..dim."""
        def comp(x):
            if isinstance(x, sympy.Indexed):
                return sympy.IndexedBase(x.base.label, real=True)[tuple(x.indices) + (COMPONENT,)]
            if isinstance(x, sympy.Symbol):
                return sympy.IndexedBase(x.name, real=True)[COMPONENT]
            # a linear combination of vectors: every vector in it becomes its component
            if vector_names:
                found = [a for a in x.atoms(sympy.Indexed) if str(a.base.label) in vector_names]
                found += [a for a in x.free_symbols if a.name in vector_names]
            else:
                found = [a for a in x.atoms(sympy.Indexed)] or list(x.free_symbols)
            return x.xreplace({v: comp(v) for v in found})
        return sympy.Sum(comp(u) * comp(v), (COMPONENT, 1, dim))

    def norm(u, dim=DIMENSION):
        return sympy.sqrt(dot(u, u, dim))

    space.update(dot=dot, norm=norm, d=DIMENSION, S1=lambda m: m[0, 0], MatFn=MatFn)
    space.update(_STAND_INS)    # Grad(f, x), Val(f, x): the reader's opaque gradient and value
    space.update(_ROWS)         # Member, Fv, FMember, MatSum: rows written as vectors
    space.update(_LOSS_GRADIENTS)   # LGrad, LGradMember: gradients of a declared dependent scalar
    shapes = {}
    for item in matrices.split():
        name, dims = item.split(":")
        rows, cols = (parse_expr(p, {n: sympy.Symbol(n, integer=True, positive=True)
                                     for n in re.findall(r"[A-Za-z_]\w*", p)})
                      for p in dims.split(","))
        shapes[name] = (rows, cols)
        space[name] = sympy.MatrixSymbol(name, rows, cols)
    for name in set(re.findall(r"([A-Za-z_]\w*)\s*\[", text)):
        if name not in space or name == "d":   # d[n]: an element of d, not the dimension
            space[name] = sympy.IndexedBase(name, real=True)
    for name in set(re.findall(r"([A-Za-z_]\w*)\s*\(", text)):
        if name not in space:
            space[name] = sympy.Function(name)
    for name in set(re.findall(r"[A-Za-z_]\w*", text)):
        if name not in space:
            space[name] = sympy.Symbol(name, real=True)
    return space


def _declared_by(subject, target):
    """A name stated to lie in a space (``x_i in Space(Reals, d)``) is the matrix (or column
    vector) of that shape, as the reader reads the subject of such a statement."""
    from symbolic.latex.statements import Space
    if not isinstance(target, Space) or not isinstance(subject, sympy.Symbol):
        return subject
    dims = [sympy.sympify(d).xreplace({s: sympy.Symbol(s.name, integer=True, positive=True)
                                       for s in sympy.sympify(d).free_symbols})
            for d in target.dimensions]
    return sympy.MatrixSymbol(subject.name, *(dims if len(dims) == 2 else dims + [1]))


def _statement_parts(text: str):
    """``x, y in Reals`` -> (["x", "y"], "IN", "Reals"); ``X ~ Law(N, 0, 1)`` -> SIM;
    ``x = Entries(x[k], (k, 1, n))`` -> ENTRIES."""
    for word, op in ((" <- ", "UPDATE"), (" in ", "IN"), (" ~ ", "SIM"), (" = ", "ENTRIES")):
        if word in text:
            left, right = text.split(word, 1)
            return [p.strip() for p in _split_top(left, [","])[0]], op, right.strip()
    raise ValueError(f"a statement reading needs ' in ', ' ~ ', ' <- ' or ' = ': {text!r}")


def expected_links(display: Display):
    """The expected reading as a list of (lhs, relation name, rhs)."""
    links = []
    space = _namespace(display.reading, display.matrices, display.vectors)
    for row in _split_top(display.reading, [";"])[0]:
        if row.strip().startswith(STATEMENT):   # stmt x, y in SET | stmt X ~ LAW
            subjects, op, target = _statement_parts(row.strip()[len(STATEMENT):])
            value = parse_expr(target, local_dict=space, global_dict=dict(_GLOBALS),
                               transformations=standard_transformations)
            for subject in subjects:
                read = parse_expr(subject, local_dict=space, global_dict=dict(_GLOBALS),
                                  transformations=standard_transformations)
                from symbolic.latex.statements import Growth
                if isinstance(value, Growth):     # an order of growth, one link per '='
                    links.append((read, "ORDER", value))
                    continue
                links.append((_declared_by(read, value), op, value))
            continue
        if row.strip().startswith(CONTINUATION):   # cont == a + b: continues the previous display
            sides, ops = _split_top(row.strip()[len(CONTINUATION):], _RELATIONS)
            if len(ops) != 1 or sides[0].strip():
                raise ValueError(f"a continuation reading is 'cont REL expression': {row!r}")
            value = parse_expr(sides[1].strip(), local_dict=space, global_dict=dict(_GLOBALS),
                               transformations=standard_transformations)
            links.append((PREVIOUS_SIDE, "CONT_" + _REL_NAME[ops[0]], value))
            continue
        if row.strip().startswith(EXPR):      # an expression, no relation: nothing to check
            value = parse_expr(row.strip()[len(EXPR):].strip(), local_dict=space,
                               global_dict=dict(_GLOBALS), transformations=standard_transformations)
            links.append((value, "EXPR", value))
            continue
        sides, ops = _split_top(row.strip(), _RELATIONS)
        values = [parse_expr(s.strip(), local_dict=space, global_dict=dict(_GLOBALS),
                             transformations=standard_transformations)
                  for s in sides]
        for n, op in enumerate(ops):
            links.append((values[n], _REL_NAME[op], values[n + 1]))
    return links


# -- reading (bounded) --------------------------------------------------------------------------
_GREEK_NAMES = frozenset("Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split()
                         + "alpha beta gamma delta epsilon zeta eta theta kappa lambda mu nu xi "
                           "rho sigma tau phi chi psi omega".split())


def matrix_assumptions(matrices: str) -> list[str]:
    """The display's matrix declarations as a user would give them with --assume.

    ``Q:N,d`` is ``Q \\in \\mathbb{R}^{N \\times d}``; a column vector ``q_m:d,1`` is
    ``q_m \\in \\mathbb{R}^{d}``; ``W_q`` is written ``W_{q}``, ``Vprime`` ``V'`` and
    ``mtilde_ij`` ``\\tilde{m}_{ij}`` (``elltilde`` is ``\\tilde{\\ell}``), ``Lambda`` ``\\Lambda``
    and ``theta`` ``\\theta`` (a Greek name, never the letters t h e t a); ``Vprime_i`` is
    ``V'_{i}``.
    """
    out = []
    for item in matrices.split():
        name, dims = item.split(":")
        rows, cols = (d.strip() for d in dims.split(","))
        if name.endswith("prime"):
            name = name[:-len("prime")] + "'"
        base, _, sub = name.partition("_")
        if base.endswith("prime") and sub:       # Vprime_i: the row V'_i
            base = base[:-len("prime")] + "'"
        # mtilde_ij, elltilde_ij: the accented names \tilde{m}_{ij}, \tilde{\ell}_{ij}
        for accent in ("tilde", "hat", "bar"):
            if base.endswith(accent) and len(base) > len(accent):
                letter = base[:-len(accent)]
                base = "\\%s{%s}" % (accent, "\\" + letter if len(letter) > 1 else letter)
                break
        if base in _GREEK_NAMES:                # Lambda is \Lambda (the reader's name for it)
            base = "\\" + base
        latex = f"{base}_{{{sub}}}" if sub else base
        space = f"{rows}" if cols == "1" else f"{rows} \\times {cols}"
        out.append(f"{latex} \\in \\mathbb{{R}}^{{{space}}}")
    return out


def _with_macros(latex: str, macros: str) -> str:
    """The display after the source's macro definitions, as one .tex document."""
    from symbolic.latex.document import DISPLAY_ENVIRONMENTS
    stripped = latex.strip()
    m = re.fullmatch(r"\\begin\{([a-z]+\*?)\}.*\\end\{\1\}", stripped, re.S)
    if (m and m.group(1) in DISPLAY_ENVIRONMENTS) or stripped.startswith(("$$", "\\[")):
        return f"{macros}\n{stripped}\n"
    return f"{macros}\n\\begin{{equation}}{latex}\\end{{equation}}\n"


def optimum_assumptions(optimum: str) -> list[str]:
    """The display's optimum declarations as --assume strings: ``\\eta^*`` is
    ``\\eta^* \\in \\mathbb{R}``, ``\\mathbf{x}^*:n`` is ``\\mathbf{x}^* \\in \\mathbb{R}^{n}``."""
    out = []
    for item in optimum.split():
        name, _, size = item.partition(":")
        out.append(f"{name} \\in \\mathbb{{R}}" + (f"^{{{size}}}" if size else ""))
    return out


def _read(latex: str, matrices: str = "", functions: str = "", macros: str = "",
          optimum: str = "", assume: str = ""):
    """The reader's links as (lhs, relation name, rhs); runs inside a budgeted child.

    The display is read as the same display in a user's .tex file is (``read_display``: rows,
    labels, conditions, several statements), each of its claims by ``parse_chain`` with the
    display's matrix declarations as assumptions and its declared functions as a user gives
    them with --function. With the source's macros the display is read as the display of a
    document that defines them first (``read_document``: the same expansion as a user's .tex).
    A display any part of which cannot be read is refused as a whole: a partial reading would
    be another display.
    """
    from symbolic.errors import ParseError
    from symbolic.latex.document import read_display, read_document
    from symbolic.latex.parse import has_relation, parse_assumptions, parse_chain, parse_expression
    from symbolic.latex.statements import is_statement, parse_statement
    declared = matrix_assumptions(matrices)
    if declared:
        try:
            # a primed row (V'_{i}) is declared only beside the equation that defines it
            # (symbolic/latex/decorated_names.py), so it is checked with the display
            parse_assumptions([d for d in declared if "'_" not in d])
        except ParseError as exc:
            # never read the display without its shapes: its matrices would be numbers
            raise ParseError(f"the display's matrix declarations cannot be read: {exc}") from None
    declared += optimum_assumptions(optimum)    # read with the claim (symbolic.latex.stars)
    declared += [a.strip() for a in assume.split(" ; ") if a.strip()]
    chains = read_document(_with_macros(latex, macros)) if macros else read_display(latex)
    if not chains:
        raise ParseError("no claim in the display")
    links = []
    for chain in chains:
        if chain.problem is not None:
            raise ParseError(chain.problem)
        if is_statement(chain.latex):
            # a membership or a distribution: one (subject, IN|SIM, set or law) per subject
            read = parse_statement(chain.latex, assumptions=declared + list(chain.assume),
                                   functions=tuple(functions.split()))
            kind = read.kind.name
            if kind == "CONTINUATION":      # = a + b: the relation and the expression
                links.append((PREVIOUS_SIDE, "CONT_" + _CONTINUED[read.relation], read.target))
                continue
            relation = {"MEMBERSHIP": "IN", "DISTRIBUTION": "SIM"}.get(kind, kind)
            links += [(subject, relation, target) for subject, target in read.pairs()]
            continue
        if not has_relation(chain.latex):
            # no relation: the display is read as one expression ("EXPR" pairs it with itself)
            value = parse_expression(chain.latex, assumptions=declared + list(chain.assume),
                                     functions=tuple(functions.split())).value
            links.append((value, "EXPR", value))
            continue
        parsed = parse_chain(chain.latex, assumptions=declared + list(chain.assume),
                             functions=tuple(functions.split()))
        links += [(link.claim.lhs, link.claim.relation.name, link.claim.rhs)
                  for link in parsed.links]
    return links


def read_bounded(latex: str, matrices: str = "", functions: str = "", macros: str = "",
                 optimum: str = "", assume: str = ""):
    """("ok", links) | ("refused", message) | ("error", message), within PARSE_SECONDS."""
    from symbolic.budget import run_limited
    result = run_limited(_read, latex, matrices, functions, macros, optimum, assume,
                         timeout_s=PARSE_SECONDS, memory_mb=2048)
    if result.status not in ("ok", "user-error"):
        # reading is deterministic: a child that died once (late in a long test process) is
        # read again in a fresh child, and only a second death counts as a crash
        result = run_limited(_read, latex, matrices, functions, macros, optimum, assume,
                             timeout_s=PARSE_SECONDS, memory_mb=2048)
    if result.status == "ok":
        return "ok", result.value
    if result.status == "user-error":
        return "refused", result.message
    return "error", f"{result.status}: {result.message.splitlines()[0] if result.message else ''}"


# -- normalising and comparing ------------------------------------------------------------------
_MARKUP = re.compile(r"\\(?:mathbf|boldsymbol|bm|mathrm|operatorname|text|mathit|vec|mathsf|"
                     r"mathcal|bf|rm)\s*")


_ACCENT = re.compile(r"\\(tilde|widetilde|hat|widehat|bar|overline)\s*\{([^{}]*)\}")
_ACCENT_NAME = {"widetilde": "tilde", "widehat": "hat", "overline": "bar"}


def _accented(m) -> str:
    accent = _ACCENT_NAME.get(m.group(1), m.group(1))
    base, sub = re.fullmatch(r"([^_]*)(_.*)?", m.group(2), re.S).groups()
    return base + accent + (sub or "")


def _clean_name(name: str) -> str:
    name = _MARKUP.sub("", name)
    # \widehat{m_t} is \widehat{m}_t: the accent belongs to the letter, the index stays one
    name = _ACCENT.sub(_accented, name)
    name = name.replace("\\", "").replace("{", "").replace("}", "").replace(" ", "")
    name = name.replace("^prime", "prime").replace("'", "prime").replace("ℓ", "ell")
    name = name.replace("^*", "star").replace("^ast", "star")
    # a superscript label (a^l_i, a_i^l: layer l, not a power) becomes one more index
    m = re.fullmatch(r"([A-Za-z]+)(?:_([^_^]+))?\^([^_^]+)(?:_([^_^]+))?", name)
    if m and not m.group(3).isdigit():
        base, sub1, sup, sub2 = m.groups()
        subs = [p for p in (sub1, sub2) if p] + [sup]
        name = f"{base}_{','.join(subs)}"
    name = {"varepsilon": "epsilon", "vartheta": "theta", "lamda": "lambda"}.get(name, name)
    return name


def _split_subscript(name: str):
    m = re.fullmatch(r"([A-Za-z]+)_(.+)", name)
    if not m:
        return None
    parts = m.group(2).split(",")
    return m.group(1), parts


def _limit_variables(expr) -> set:
    names = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.concrete.expr_with_limits.ExprWithLimits):
            names |= {lim[0].name for lim in node.limits if hasattr(lim[0], "name")}
    return names


def _index(text: str):
    """A subscript written inside a symbol's name (``x_{m-n}``) as an expression."""
    if text.isdigit():
        return sympy.Integer(text)
    if re.fullmatch(r"[A-Za-z]\w*", text):
        return sympy.Symbol(text)
    if re.fullmatch(r"[A-Za-z0-9+\-*/ ]+", text):
        text = re.sub(r"(?<![A-Za-z_])(\d+)([A-Za-z])", r"\1*\2", text)   # x_{2t}: 2 times t
        names = {n: sympy.Symbol(n) for n in re.findall(r"[A-Za-z]\w*", text)}
        try:
            return parse_expr(text, local_dict=names, global_dict=dict(_GLOBALS))
        except Exception:
            pass
    return sympy.Symbol(text)


_DERIVATIVE_MARKS = {"\u2202": "Partial", "\u2146": "Total"}     # symbolic/latex/dependences.py


def _derivative_stand_in(expr, bound):
    """The reader's stand-in for a derivative of a declared dependent name (``∂y_k/∂gamma_j``, or
    the entry ``∂y••/∂gamma•[b, s, j]``) as ``Partial(y[k], gamma[j])`` (``Total`` for d/dx), the
    syntax of the expected readings; None for anything else."""
    if isinstance(expr, sympy.Indexed):
        name, indices = str(expr.base.label), list(expr.indices)
    elif isinstance(expr, sympy.Symbol):
        name, indices = expr.name, []
    else:
        return None
    kind = _DERIVATIVE_MARKS.get(name[:1])
    if kind is None:
        return None
    mark = name[:1]
    top, bottom = name[1:].split("/" + mark, 1)
    sides = []
    for part in (top, bottom):
        count = len(part) - len(part.rstrip("\u2022"))
        part = part.rstrip("\u2022")
        if count:
            taken, indices = indices[:count], indices[count:]
            sides.append(normalise(sympy.IndexedBase(part)[tuple(taken)], bound))
        else:
            sides.append(normalise(sympy.Symbol(part), bound))
    return sympy.Function(kind)(*sides)


def normalise(expr, bound=None):
    """Drop assumptions and markup from names; ``x_j`` and ``x[j]`` become the same object."""
    if bound is None:
        bound = _limit_variables(expr)
    if (stand_in := _derivative_stand_in(expr, bound)) is not None:
        return stand_in
    if isinstance(expr, sympy.MatrixSymbol) and expr.name.startswith("\u0192") \
            and type(expr).__name__ != "MatrixFunctionValue":
        # phi(Q_i): the reader's opaque value of a map at a vector (vector_maps.py), unmarked
        expr = sympy.MatrixSymbol(expr.name[1:], *expr.shape)
    if isinstance(expr, sympy.Symbol) and expr.name.startswith("\u0192") and "(" in expr.name:
        # g(x_m, x_n, m - n): the reader's opaque number value of a map (vector_maps.py), unmarked
        return sympy.Symbol(_clean_name(expr.name[1:]))
    if isinstance(expr, sympy.IndexedBase) and str(expr.label).startswith("\u0192") \
            and "(" in str(expr.label):
        return sympy.IndexedBase(_clean_name(str(expr.label)[1:]))
    if isinstance(expr, sympy.Indexed) and str(expr.base.label).startswith("\u0192") \
            and "(" in str(expr.base.label):
        return sympy.IndexedBase(_clean_name(str(expr.base.label)[1:]))[tuple(normalise(i, bound)
                                                                 for i in expr.indices)]
    if type(expr).__name__ == "MatrixFunctionValue":    # phi(Q): the reader's opaque f(X)
        return MatFn(expr.function, normalise(expr.argument, bound))
    if type(expr).__name__ == "EntrywiseReLU":          # max(0, X) of a matrix, entry by entry
        return MatFn("max", 0, normalise(expr.args[0], bound))
    if isinstance(expr, (sympy.MatrixSymbol,)):
        # a size named with markup (d_{\mathrm{model}}) is the size d_model, as a name is
        sizes = {x: sympy.Symbol(_clean_name(x.name), **x.assumptions0)
                 for d in expr.shape for x in sympy.sympify(d).free_symbols}
        return sympy.MatrixSymbol(_clean_name(expr.name), *[sympy.sympify(d).xreplace(sizes)
                                                            for d in expr.shape])
    if isinstance(expr, sympy.Indexed):
        base = _clean_name(str(expr.base.label))
        idx = tuple(normalise(i, bound) for i in expr.indices)
        if len(idx) > 1 and all(isinstance(i, sympy.Symbol) and len(i.name) == 1
                                and i.name not in bound for i in idx):
            idx = (sympy.Symbol("".join(i.name for i in idx)),)   # P_{i,j} and P_{ij}
        return sympy.IndexedBase(base)[idx]
    if isinstance(expr, sympy.IndexedBase):
        # a bare use of a name that is also indexed elsewhere (alpha and alpha_t)
        return sympy.Symbol(_clean_name(str(expr.label)))
    if isinstance(expr, sympy.Dummy):
        return sympy.Symbol("_" + _clean_name(expr.name))
    if isinstance(expr, sympy.Symbol):
        name = _clean_name(expr.name)
        split = None if expr.name in bound else _split_subscript(name)
        if split and any(re.search(rf"(?<![A-Za-z]){re.escape(b)}(?![A-Za-z])", p)
                         for p in split[1] for b in bound):
            # w_j inside a sum over j: a constant symbol named w_j is not the element w[j]
            return sympy.Symbol(name)
        if split:
            base, parts = split
            idx = tuple(_index(p) for p in parts)
            return normalise(sympy.IndexedBase(base)[idx], bound)
        return sympy.Symbol(name)
    if type(expr).__name__ == "RowSoftmax":      # the reader's row-wise softmax of a matrix
        return MatFn("softmax", normalise(expr.args[0], bound))
    if type(expr).__name__ == "MatrixCall":      # a function of matrices a display defines
        return MatFn(expr.name, *[normalise(a, bound) for a in expr.arguments])
    if isinstance(expr, AppliedUndef):
        fname = _clean_name(type(expr).__name__)
        fname = "Expect" if fname in ("E", "mathbbE", "Expectation") else fname
        return sympy.Function(fname)(*[normalise(a, bound) for a in expr.args])
    if not expr.args:
        return expr
    try:
        return expr.func(*[normalise(a, bound) for a in expr.args])
    except Exception:
        return expr


_CONTINUED = {"=": "EQ", "<": "LT", ">": "GT", r"\le": "LE", r"\ge": "GE", r"\approx": "APPROX",
              r"\ne": "NE"}
_REL_FLIP = {"LT": "GT", "GT": "LT", "LE": "GE", "GE": "LE", "EQ": "EQ", "NE": "NE", "DEF": "DEF",
             "APPROX": "APPROX"}


def _same_relation(got: str, want: str) -> bool:
    if want == "DEF":
        return got in ("EQ", "DEF", "DEFINE", "DEFINITION", "ASSIGN")
    return got == want


class _Point:
    """One random point: the same value for the same name (or element) on every side."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.values = {}

    def value(self, key):
        if key not in self.values:
            # both signs: a reading that drops an absolute value or a sign must not pass
            magnitude = self.rng.uniform(0.3, 1.7)
            self.values[key] = sympy.Float(magnitude if self.rng.random() < 0.5 else -magnitude, 30)
        return self.values[key]

    def size(self, key):
        if key not in self.values:
            self.values[key] = sympy.Integer(self.rng.randint(2, 4))
        return self.values[key]


def _function_value(name: str, args):
    """A fixed nonlinear function for an undeclared name, the same on both sides."""
    h = int(hashlib.sha256(name.encode()).hexdigest()[:8], 16)
    coeffs = [sympy.Rational(1 + (h >> (3 * k)) % 7, 5) for k in range(len(args) + 1)]
    return sympy.sin(coeffs[0] + sum(c * a for c, a in zip(coeffs[1:], args))) + 2


def _bound_symbols(expr):
    names = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.concrete.expr_with_limits.ExprWithLimits):
            for lim in node.limits:
                for b in lim[1:]:
                    names |= {s.name for s in sympy.sympify(b).free_symbols}
    return names


def _evaluate(expr, point: _Point, sizes: set):
    """The value of a normalised expression at a point (a SymPy number, or a Matrix)."""
    subs = {}
    # names that are not values: the labels of elements (x in x[j]) and the names of MatFn
    names = {x.base.label for x in expr.atoms(sympy.Indexed)}
    names |= {f.args[0] for f in sympy.preorder_traversal(expr) if isinstance(f, MatFn)}
    for s in expr.free_symbols:
        if isinstance(s, sympy.Symbol) and s not in names:
            subs[s] = point.size(s.name) if s.name in sizes else point.value(s.name)
    for m in expr.atoms(sympy.MatrixSymbol):
        rows, cols = (sympy.sympify(d).xreplace(
            {s: point.size(s.name) for s in sympy.sympify(d).free_symbols}) for d in m.shape)
        subs[m] = sympy.Matrix(int(rows), int(cols),
                               lambda r, c: point.value((m.name, r, c)))
    e = expr.xreplace({k: v for k, v in subs.items() if not isinstance(k, sympy.MatrixSymbol)})
    mats = {k: v for k, v in subs.items() if isinstance(k, sympy.MatrixSymbol)}
    if mats:
        e = e.xreplace(mats)
        e = e.replace(lambda x: isinstance(x, MatFn), lambda x: x.explicit())
    for _ in range(3):
        if isinstance(e, sympy.MatrixExpr) and e.atoms(sympy.FunctionMatrix) \
                and all(sympy.sympify(d).is_Integer for d in e.shape):
            e = e.as_explicit()          # a FunctionMatrix (a sum of rows written as vectors)
        e = e.doit() if hasattr(e, "doit") else e
        e = e.replace(lambda x: isinstance(x, sympy.Indexed),
                      lambda x: point.value((str(x.base.label),) + tuple(x.indices))
                      if all(i.is_number for i in x.indices) else x)
        e = e.replace(lambda x: isinstance(x, AppliedUndef),
                      lambda x: _function_value(type(x).__name__, x.args))
    if isinstance(e, sympy.Tuple):
        return sympy.Tuple(*[sympy.N(x, 30) for x in e])
    if isinstance(e, sympy.MatrixBase):
        if e.shape == (1, 1):
            return sympy.N(e[0, 0], 30)
        return e.evalf(30)
    return sympy.N(e, 30)


def _close(a, b) -> bool:
    if isinstance(a, sympy.Tuple) or isinstance(b, sympy.Tuple):
        if not (isinstance(a, sympy.Tuple) and isinstance(b, sympy.Tuple)) or len(a) != len(b):
            return False
        return all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, sympy.MatrixBase) or isinstance(b, sympy.MatrixBase):
        if not (isinstance(a, sympy.MatrixBase) and isinstance(b, sympy.MatrixBase)):
            return False
        return a.shape == b.shape and all(_close(x, y) for x, y in zip(a, b))
    if not (a.is_number and b.is_number):
        return False
    try:
        a, b = complex(a), complex(b)
    except (TypeError, ValueError):   # nan, zoo, an unevaluated remainder
        return False
    return abs(a - b) <= 1e-20 * max(1.0, abs(a), abs(b))


def _shape_symbols(expr) -> set:
    names = set()
    for m in expr.atoms(sympy.MatrixSymbol, sympy.Identity, sympy.ZeroMatrix, sympy.FunctionMatrix):
        for dim in m.shape:
            names |= {s.name for s in sympy.sympify(dim).free_symbols}
    return names


def _numeric_equal(got, want) -> bool:
    sizes = (_bound_symbols(got) | _bound_symbols(want) | _shape_symbols(got)
             | _shape_symbols(want))
    for seed in range(3):
        point = _Point(seed)
        try:
            a = _evaluate(got, point, sizes)
            b = _evaluate(want, point, sizes)
        except Exception:
            return False
        if not _close(a, b):
            return False
    return True


def _side_equal(got, want):
    """"structural", "numeric" or None."""
    g, w = normalise(got), normalise(want)
    # a decimal of an expected reading (d_model**(-0.5)) means the exact decimal, as the
    # reader reads 0.5 in LaTeX
    w = w.xreplace({f: sympy.Rational(str(f)) for f in w.atoms(sympy.Float)})
    if g == w or sympy.srepr(g) == sympy.srepr(w):
        return "structural"
    try:
        if sympy.simplify(g - w) == 0 and not isinstance(g, sympy.MatrixExpr):
            return "structural"
    except Exception:
        pass
    if _numeric_equal(g, w):
        return "numeric"
    return None


def _sides_equal(pair, want):
    """The set of ways both sides matched, or the name of the first side that did not."""
    hows = set()
    for side, (g, w) in zip(("left", "right"), zip(pair, want)):
        how = _side_equal(g, w)
        if how is None:
            return side
        hows.add(how)
    return hows


def compare(got_links, want_links):
    """("read", how) or ("misread", why)."""
    if len(got_links) != len(want_links):
        return "misread", f"{len(got_links)} relation(s) read, {len(want_links)} expected"
    hows = set()
    for n, ((gl, gr, grh), (wl, wr, wrh)) in enumerate(zip(got_links, want_links)):
        if _same_relation(gr, wr):
            pair = (gl, grh)
        elif _REL_FLIP.get(gr) == wr:
            pair = (grh, gl)
        else:
            return "misread", f"link {n + 1}: relation {gr}, expected {wr}"
        found = _sides_equal(pair, (wl, wrh))
        if isinstance(found, str) and wr in ("EQ", "NE", "APPROX", "DEF"):
            swapped = _sides_equal((pair[1], pair[0]), (wl, wrh))
            found = swapped if not isinstance(swapped, str) else found
        if isinstance(found, str):
            return "misread", f"link {n + 1}: {found} side differs"
        hows |= found
    return "read", "numeric" if "numeric" in hows else "structural"


def _show(links) -> str:
    return " ; ".join(f"{l} {r} {h}" for l, r, h in links)


def classify(display: Display) -> Outcome:
    """Read one display (bounded) and compare with its expected reading."""
    status, value = read_bounded(display.latex, display.matrices, display.functions,
                                 display.macros, display.optimum, display.assume)
    if status == "refused":
        return Outcome(display, "refused", value.strip().splitlines()[0] if value else "")
    if status == "error":
        # no reading came back, so nothing was misread; a crash is a robustness defect of its
        # own, counted apart and bounded by its own test
        return Outcome(display, "crashed", f"reader crashed or ran out of budget: {value}")
    got = _show(value)
    if display.expects_refusal:
        return Outcome(display, "misread", "read, but a refusal was expected "
                       f"({display.reading[len(REFUSE):].lstrip(': ')})", got)
    kind, how = compare_bounded(value, expected_links(display))
    return Outcome(display, kind, how, got)


def classify_all(displays, jobs: int = 1) -> list[Outcome]:
    """``classify`` of every display, in order; ``jobs`` displays at once (each is independent:
    its reading and its comparison run in children of their own, under their own budgets)."""
    displays = list(displays)
    if jobs <= 1 or len(displays) < 2:
        return [classify(d) for d in displays]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=jobs,
                             mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(classify, displays, chunksize=8))


COMPARE_SECONDS = 60.0


def _compare_safely(got_links, want_links):
    try:
        return compare(got_links, want_links)
    except Exception as exc:   # a reading the comparison cannot handle is not a match
        return "misread", f"comparison failed ({type(exc).__name__}: {exc})"


def compare_bounded(got_links, want_links):
    """``compare`` in a child process with a wall-time budget (sums and matrices can be slow)."""
    from symbolic.budget import run_limited
    result = run_limited(_compare_safely, got_links, want_links, timeout_s=COMPARE_SECONDS,
                         memory_mb=2048)
    if result.status == "ok":
        return result.value
    return "misread", f"comparison did not finish ({result.status}); counted as a misread"


def construct_of(message: str) -> str:
    """A short key for grouping refusal messages by construct (the token, when one is named)."""
    m = re.match(r"cannot read '([^']{1,24})' at column \d+: (.*)", message)
    if m:
        return f"{m.group(2)[:90]}: {m.group(1)}"
    text = re.sub(r"'[^']*'", "'…'", message)
    text = re.sub(r"\d+", "N", text)
    return text[:110]


def summary(outcomes):
    """Per source: (displays, read, refused, misread)."""
    table = {}
    for o in outcomes:
        row = table.setdefault(o.display.source, Counter())
        row["displays"] += 1
        row[o.kind] += 1
    return table
