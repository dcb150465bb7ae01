"""How vectors and their transposes are represented: as scalar sums over components.

A document about attention writes ``q_i k_j^T`` for the dot product of two row vectors.
A scalar expression is what the checkers can evaluate, so ``u^T v`` and ``u v^T`` become

    Sum(u[..., nu] * v[..., nu], (nu, 1, d))

with ``u``/``v`` ``IndexedBase`` objects whose *last* index is the component index
``COMPONENT`` (``nu_dot``, a positive integer) running up to the dimension ``DIMENSION``
(``d``, a positive integer, the attention convention ``\\sqrt{d}``). The row index of the
vector comes first: ``q_i`` is ``q[i, nu]``, a plain ``q`` is ``q[nu]``. A numeric checker
picks a concrete ``d`` and draws the components like any other indexed quantity.
The printer recognises this shape and prints it back as ``q_{i} k_{j}^{T}``.
"""
from __future__ import annotations

import sympy

COMPONENT = sympy.Symbol("nu_dot", integer=True, positive=True)
DIMENSION = sympy.Symbol("d", integer=True, positive=True)


def vector_component(base: str, row=None) -> sympy.Indexed:
    """The component ``nu`` of vector ``base`` (with an optional row index): ``q[i, nu]``."""
    stem = sympy.IndexedBase(base, real=True)
    return stem[row, COMPONENT] if row is not None else stem[COMPONENT]


def dot(u: sympy.Indexed, v: sympy.Indexed) -> sympy.Sum:
    """The dot product of two vector components built by ``vector_component``."""
    return sympy.Sum(u * v, (COMPONENT, 1, DIMENSION))


def dot_factors(expr) -> tuple[sympy.Indexed, sympy.Indexed] | None:
    """The two vector components of a dot product built by ``dot``, or None if it is not one."""
    if not isinstance(expr, sympy.Sum) or len(expr.limits) != 1:
        return None
    var, lo, hi = expr.limits[0]
    if var != COMPONENT or lo != 1 or hi != DIMENSION:
        return None
    term = expr.function
    if isinstance(term, sympy.Pow) and term.exp == 2 and _is_component(term.base):
        return term.base, term.base
    if isinstance(term, sympy.Mul) and len(term.args) == 2 and all(map(_is_component, term.args)):
        return term.args[0], term.args[1]
    return None


def _is_component(x) -> bool:
    return isinstance(x, sympy.Indexed) and x.indices[-1] == COMPONENT and len(x.indices) <= 2


# -- bold vectors in the rewriter's items ------------------------------------------------------
# A bold lowercase letter (``\boldsymbol{g}_t``, ``{\boldsymbol{q}}_m``, ``\mathbf{x}``,
# ``\boldsymbol{\theta}``) is a vector in the papers' notation. The rewriter's norms, transposes
# and inner products take such a name, with an optional subscript (its row or step index), as
# one vector, as they take a plain ``k_j``; the name keeps its font (``\boldsymbol{g}`` is not
# ``g``), so a bold vector and a plain number of the same letter stay two objects.
BOLD_COMMANDS = frozenset([r"\boldsymbol", r"\mathbf", r"\bm"])


def _solid_items(items):
    return [x for x in items if not (getattr(x, "space", False))]


def _lowercase_name(arg) -> bool:
    """Whether a font's argument is one lowercase Latin letter or a lowercase Greek letter."""
    from symbolic.latex.lexer import GREEK, Group, Tok
    if isinstance(arg, Group) and arg.kind == "brace":
        solid = _solid_items(arg.items)
        if len(solid) != 1:
            return False
        arg = solid[0]
    if not isinstance(arg, Tok):
        return False
    text = arg.text
    if len(text) == 1:
        return text.isalpha() and text.islower() and text.isascii() and text != "e"
    return text.startswith("\\") and text[1:] in GREEK and text[1:2].islower()


def _bold_head_end(items, k) -> int | None:
    """The end of a bold lowercase name (no script) starting at items[k], or None."""
    from symbolic.latex.lexer import Group, Tok
    item = items[k]
    if isinstance(item, Tok) and item.text in BOLD_COMMANDS and k + 1 < len(items) \
            and _lowercase_name(items[k + 1]):
        return k + 2
    if isinstance(item, Group) and item.kind == "brace":
        solid = _solid_items(item.items)       # {\boldsymbol{q}}_m: braces that only group
        if len(solid) == 2 and _bold_head_end(solid, 0) == 2:
            return k + 1
    return None


def bold_vector_end(items, k) -> int | None:
    """The end (exclusive) of a bold vector name with an optional subscript at items[k]."""
    from symbolic.latex.lexer import Tok
    if k >= len(items):
        return None
    end = _bold_head_end(items, k)
    if end is None:
        return None
    if end + 1 < len(items) and isinstance(items[end], Tok) and items[end].text == "_":
        return end + 2
    return end


def bold_vector_start(items, end) -> int | None:
    """The start of a bold vector name (with an optional subscript) that ends just before end."""
    for k in range(max(0, end - 4), end):
        if bold_vector_end(items, k) == end:
            return k
    return None


def is_bold_vector(atom) -> bool:
    """Whether a run of items is exactly one bold vector name (with an optional subscript)."""
    atom = tuple(atom)
    return bool(atom) and bold_vector_end(atom, 0) == len(atom)


def vector_atom_end(items, start, plain_end) -> int | None:
    """The end of the vector atom at start: a bold name, an upright name with its index
    (``\\mathrm{do}_i``), else the plain atom (``plain_end``)."""
    end = bold_vector_end(items, start)
    if end is None:
        end = upright_vector_end(items, start)
    return end if end is not None else plain_end(items, start)


def vector_atom_start(items, end, plain_start) -> int | None:
    """The start of the vector atom ending before end: a bold name, an upright indexed name,
    else the plain atom."""
    start = bold_vector_start(items, end)
    if start is None and end >= 4 and upright_vector_end(items, end - 4) == end:
        start = end - 4
    return start if start is not None else plain_start(items, end)


def upright_vector_end(items, k) -> int | None:
    """The end of ``\\mathrm{do}_i`` at items[k] (an upright name of two or more lowercase
    letters with a subscript, FlashAttention's gradient ``do_i`` of the output row ``o_i``),
    or None. Only the vector constructs (a transpose, a norm, an inner product) ask for it, where
    the construct says the name is a vector; a name that is a function (``\\mathrm{diag}``,
    ``\\mathrm{softmax}``) takes an argument, not a subscript, and is not one."""
    from symbolic.latex.lexer import Group, Tok
    if k + 3 >= len(items) or not (isinstance(items[k], Tok) and items[k].text == r"\mathrm"):
        return None
    name = items[k + 1]
    if not (isinstance(name, Group) and name.kind == "brace"):
        return None
    solid = _solid_items(name.items)
    letters = "".join(x.text for x in solid if isinstance(x, Tok))
    if len(solid) != len(letters) or not (2 <= len(letters) <= 3 and letters.isascii()
                                          and letters.isalpha() and letters.islower()):
        return None
    if letters in _UPRIGHT_FUNCTIONS:
        return None
    if not (isinstance(items[k + 2], Tok) and items[k + 2].text == "_"):
        return None
    return k + 4


# upright names that are functions or operators, never a vector's name
_UPRIGHT_FUNCTIONS = frozenset(["exp", "log", "ln", "sin", "cos", "tan", "max", "min", "sup",
                                "inf", "det", "tr", "var", "cov", "sgn", "arg", "lim", "erf",
                                "mod", "gcd", "lcm", "dim", "ker", "deg", "abs"])


def bold_vector_parts(atom):
    """A bold vector name's LaTeX (``\\boldsymbol{g}``) and its subscript's LaTeX, or ``""``."""
    from symbolic.latex.lexer import Group, text_of
    atom = tuple(atom)
    head = atom[0]
    if isinstance(head, Group):                    # {\boldsymbol{q}}_m
        solid = _solid_items(head.items)
        cmd, arg = solid[0], solid[1]
    else:
        cmd, arg = head, atom[1]
    letter = text_of(arg.items if isinstance(arg, Group) else (arg,)).strip()
    name = r"%s{%s}" % (cmd.text, letter)
    sub = ""
    if len(atom) > (1 if isinstance(head, Group) else 2):
        script = atom[-1]
        sub = text_of(script.items if isinstance(script, Group) else (script,)).strip()
    return name, sub


def _skip_spaces(items, k, step=1):
    while 0 <= k < len(items) and getattr(items[k], "space", False):
        k += step
    return k


def _is_cdot(items, k) -> bool:
    from symbolic.latex.lexer import Tok
    return 0 <= k < len(items) and isinstance(items[k], Tok) and items[k].text == r"\cdot"


def _bold_before(items, k) -> bool:
    """Whether a bold vector name ends at items[k] (inclusive)."""
    return k >= 0 and bold_vector_start(items, k + 1) is not None


def bold_dot_end(items, k) -> int | None:
    """The end of ``\\mathbf{u} \\cdot \\mathbf{v}`` (two bold vectors, a centred dot between)
    starting at items[k], or None.

    The dot between two bold vectors is their inner product, the papers' notation. It is read
    only when nothing else vector-like touches it: a third bold name beside it
    (``\\mathbf{u} \\cdot \\mathbf{v} \\mathbf{w}``: a scaled vector, or a chain of products),
    a script on either vector (``\\mathbf{u}^\\top \\cdot``, ``\\mathbf{v}^2``) or another
    ``\\cdot`` on either side leaves the whole refused by the bold-product rule.
    """
    from symbolic.latex.lexer import Tok
    first = bold_vector_end(items, k)
    if first is None:
        return None
    dot = _skip_spaces(items, first)
    if not _is_cdot(items, dot):
        return None
    second = _skip_spaces(items, dot + 1)
    end = bold_vector_end(items, second)
    if end is None:
        return None
    after = _skip_spaces(items, end)
    if after < len(items) and (_is_cdot(items, after) or bold_vector_end(items, after) is not None
                               or isinstance(items[after], Tok) and items[after].text in ("^", "_", "'")):
        return None
    before = _skip_spaces(items, k - 1, -1)
    if _is_cdot(items, before) or _bold_before(items, before):
        return None
    return end


def bold_dot_parts(items, k):
    """The two bold vector atoms of the inner product found by ``bold_dot_end`` at k."""
    first = bold_vector_end(items, k)
    second = _skip_spaces(items, _skip_spaces(items, first) + 1)
    return items[k:first], items[second:bold_vector_end(items, second)]


def scaled_bold_start(items, k) -> int | None:
    """Where the bold vector of a scaled term ``\\eta_t \\boldsymbol{g}_t`` starts (the run
    items[k:start] being its scalar factor), or None.

    Under a norm, bold marks the vectors: a plain factor before a bold vector is a number when it
    is a number, a lowercase Latin or Greek letter with an optional subscript (``\\eta_t``, ``2``,
    ``\\alpha``), a run of those, or ``\\cdot`` between them. A capital (``A \\mathbf{x}``, maybe
    a matrix), a bracket, a script ``^``, a function or a second bold name is not, and leaves the
    norm refused.
    """
    from symbolic.latex.lexer import GREEK, Group, Tok
    n = k
    seen = False
    while n < len(items):
        item = items[n]
        if getattr(item, "space", False) or _is_cdot(items, n):
            n += 1
            continue
        if bold_vector_end(items, n) is not None:
            return n if seen else None
        if not isinstance(item, Tok):
            return None
        text = item.text
        if text.isdigit():
            n += 1
        elif (len(text) == 1 and text.isalpha() and text.islower() and text.isascii() and text != "e") \
                or (text.startswith("\\") and text[1:] in GREEK and text[1:2].islower()):
            n += 1
            if n + 1 < len(items) and isinstance(items[n], Tok) and items[n].text == "_":
                sub = items[n + 1]
                if isinstance(sub, Group) and sub.kind != "brace":
                    return None
                n += 2
        else:
            return None
        seen = True
    return None


def scalar_power_t(items, caret) -> bool:
    """Whether the ``^T`` at caret is the power T of a bracket holding a number term.

    ``\\left(1 - \\frac{2}{\\kappa+1}\\right)^T`` (a contraction over T steps) adds a number to
    the bracket's other terms, so the bracket is a number, not a vector, and ``^T`` is its T-th
    power, as the papers mean: a transpose of a number is no notation. Only a plain letter T
    (not ``\\top`` or ``\\intercal``) and only a bracket with a bare number as one of its terms
    (``1 - x``, ``x + 2``) are read so.
    """
    from symbolic.latex.lexer import Group, Tok
    if caret < 1 or caret + 1 >= len(items):
        return False
    exp = items[caret + 1]
    solid = _solid_items(exp.items) if isinstance(exp, Group) and exp.kind == "brace" else [exp]
    if len(solid) != 1 or not isinstance(solid[0], Tok) or solid[0].text != "T":
        return False
    group = items[caret - 1]
    if not isinstance(group, Group) or group.kind != "paren":
        return False
    from symbolic.latex.lexer import split_at
    terms = split_at(_solid_items(group.items), ("+", "-"))
    return len(terms) > 1 and any(len(t) == 1 and isinstance(t[0], Tok) and t[0].text.isdigit()
                                  for t in terms)


def euclidean_subscript_end(items, after) -> int:
    """Past a ``_2`` written after a norm's closing bars (``\\|x - y\\|_2``, the Euclidean norm,
    the one read), else ``after`` unchanged; another subscript (``_1``, ``_\\infty``, ``_F``) is
    another norm, refused."""
    from symbolic.latex.lexer import Group, Tok, fail, text_of
    if after + 1 >= len(items) or not (isinstance(items[after], Tok) and items[after].text == "_"):
        return after
    script = items[after + 1]
    solid = _solid_items(script.items) if isinstance(script, Group) and script.kind == "brace" else [script]
    if len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text == "2":
        return after + 2
    raise fail("_" + text_of((script,)), items[after].col, "a norm with this subscript is not the "
               "Euclidean norm \\|x\\| (or \\|x\\|_2), the only one read")
