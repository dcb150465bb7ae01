"""Rows written as vectors: maps of declared vectors and sums over a family of vectors.

Linear attention (Katharopoulos et al. 2020) writes the rows of its matrices as vectors and a
feature map of them: ``S_i = \\sum_{j=1}^{i} \\phi(K_j) V_j^\\top`` (eq. 10),
``\\bar{V}_i = Q_i^\\top \\sum_{j=1}^{i} K_j V_j^\\top`` (eq. 22). Two constructs, read in a
matrix side (``matrices.py``) only when the claim declares what they need:

* A map declared by its signature, ``--assume '\\phi: \\mathbb{R}^{D} \\to \\mathbb{R}^{C}'``
  (the sizes become positive integers; the name becomes a declared function). Its value at one
  declared column vector of D entries (``\\phi(Q_i)`` with ``Q_i \\in \\mathbb{R}^{D}``) is an
  opaque column vector of C entries keyed by the map and the argument (``ƒphi(Q_i)``, marked as
  the stand-ins of ``symbolic.matrix_function_values`` are, so that no checker refutes through
  it: ``symbolic.checks._stand_ins``). Nothing else is known of it: ``\\phi(Q_i)^\\top\\phi(K_j)``
  is the inner product of two such vectors (a number, symmetric as every real inner product is),
  ``\\phi(K_j) V_j^\\top`` a C x M outer product. Refused: an argument that is not one declared
  column vector (``\\phi(x_i W_K)``, ``\\phi(2 Q_i)``: name it), a vector of another length than
  the signature's (``\\phi(V_j)`` with ``V_j \\in \\mathbb{R}^{M}``), a row vector. Without a
  signature ``\\phi(Q_i)`` keeps its refusal: a function of a vector may be a number (a loss) or
  a vector of any length.
* ``\\sum_{j=a}^{b}`` before factors that name declared vectors or matrices: the sum of the
  product of the rest of the term, a matrix whose entry (r, c) is the sum over j of the entries
  (r, c) of the summand (SymPy's ``FunctionMatrix``). A declared name whose subscript is the
  summation index (``K_j``, ``V_j`` declared in R^D, R^M) is the member j of a family of vectors
  (or matrices) of that shape, its entries ``K_•[j, r, c]``; the value of a declared map at the
  member is the member j of the family of the map's values, ``ƒphi(K_•)[j, r, c]``. Both limits
  must be written (``\\sum_j`` is refused: the range is the text's). A member written outside the
  sum (``K_i`` beside ``\\sum_j K_j``) is another name, drawn apart from the family although
  ``K_i`` is the family's member i: proofs hold (the reading is freer than the text), and no
  checker refutes a claim that holds a family (``symbolic.checks._stand_ins``).
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar

import sympy
from sympy.matrices.expressions import MatrixExpr

from symbolic.errors import ParseError
from symbolic.latex.gradients import OPEN_SUMS
from symbolic.latex.lexer import Group, Tok, fail, text_of
from symbolic.matrix_function_values import MARK

FAMILY = "•"        # the index slot of a family's name (K_• for the vectors K_j); no name has it

# the maps declared by a signature for the claim being read: key -> (in size, out size)
_MAPS: ContextVar[dict] = ContextVar("vector_maps", default={})

# the indices of the sums of vectors being read (a sum over j inside a sum over j is refused)
_OPEN = OPEN_SUMS

_SIGNATURE = re.compile(r"\s*(?P<name>\\?[A-Za-z]+)\s*:\s*\\mathbb\s*\{\s*R\s*\}\s*\^\s*"
                        r"(?P<din>\{[^{}]*\}|[A-Za-z0-9])\s*\\(?:to|rightarrow)\s*\\mathbb\s*\{\s*R\s*\}"
                        r"\s*\^\s*(?P<dout>\{[^{}]*\}|[A-Za-z0-9])\s*")


# f_q: R^d \times Z \to R^d, g: R^d \times R^d \times Z \to R, \boldsymbol{g}: R^n \times R^d \to R^d:
# a map of several arguments (vectors of a declared length, or numbers) to a vector or a number
_NAME = r"(?P<name>\\?[A-Za-z]+(?:_(?:\{\s*[A-Za-z0-9]\s*\}|[A-Za-z0-9]))?|\\(?:boldsymbol|mathbf)\s*\{\s*\\?[A-Za-z]+\s*\})"
_FACTOR = r"\\mathbb\s*\{\s*[RZN]\s*\}(?:\s*\^\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?"
_GENERAL = re.compile(rf"\s*{_NAME}\s*:\s*(?P<ins>{_FACTOR}(?:\s*\\times\s*{_FACTOR})*)\s*"
                      rf"\\(?:to|rightarrow)\s*(?P<out>{_FACTOR})\s*")
_ONE_FACTOR = re.compile(r"\\mathbb\s*\{\s*(?P<set>[RZN])\s*\}(?:\s*\^\s*(?P<size>\{[^{}]*\}|[A-Za-z0-9]))?")


class Signature(tuple):
    """A map of several arguments: (sizes of its arguments, size of its value); a size is None
    for a number (R, Z, N), else the length of a column vector."""

    @property
    def ins(self):
        return self[0]

    @property
    def out(self):
        return self[1]

    def sizes(self):
        return [d for d in (*self.ins, self.out) if d is not None]


def is_signature(text: str) -> bool:
    """Whether an --assume string is a map's signature (either form)."""
    return bool(_SIGNATURE.fullmatch(text) or _GENERAL.fullmatch(text))


def map_key(name: str) -> str:
    """The key of a map's name: ``f_{q}`` and ``f_q`` are one name, ``\\phi`` is ``phi``."""
    name = re.sub(r"\s+", "", name)
    if name.startswith((r"\boldsymbol", r"\mathbf")):
        return name                 # \boldsymbol{g}: the font is part of the name (g is another)
    return name.lstrip("\\").replace("{", "").replace("}", "") if "_" in name else name.lstrip("\\")


@contextmanager
def declared(maps):
    """Read the sides inside this block with ``maps`` (key -> (in size, out size)) declared."""
    token = _MAPS.set(dict(maps or {}))
    try:
        yield
    finally:
        _MAPS.reset(token)


def signature(text: str, stated: dict, parse_expression, space_size):
    """``\\phi: \\mathbb{R}^{D} \\to \\mathbb{R}^{C}`` as (LaTeX name, key, in size, out size), the
    sizes as ``declared_spaces.space_size`` records them; None when text is not a signature."""
    m = _SIGNATURE.fullmatch(text)
    if not m:
        return _general(text, stated, parse_expression, space_size)
    from symbolic.latex.rewrite_tables import _function_key
    sizes = []
    for group in ("din", "dout"):
        size = m.group(group).strip()
        size = size[1:-1].strip() if size.startswith("{") else size
        if r"\times" in size:
            raise ParseError(f"'{' '.join(text.split())}': a map is read only from vectors to "
                             f"vectors (R^D \\to R^C)")
        sizes.append(space_size(size, text, stated, parse_expression))
    name = m.group("name")
    return name, _function_key(name), sizes[0], sizes[1]


def _general(text, stated, parse_expression, space_size):
    """``f_q: \\mathbb{R}^d \\times \\mathbb{Z} \\to \\mathbb{R}^d`` as (LaTeX name, key,
    Signature), or None when text is no signature. A factor R^{m \\times n} (a matrix argument)
    or C is refused by the regular expression (the text is then no signature, and the membership
    reader refuses it)."""
    m = _GENERAL.fullmatch(text)
    if not m:
        return None

    def size(factor):
        f = _ONE_FACTOR.fullmatch(factor.strip())
        if f.group("size") is None:
            if f.group("set") != "R" and factor is out:
                raise ParseError(f"'{' '.join(text.split())}': a map's values are read only in "
                                 f"R or R^n")
            return None
        if f.group("set") != "R":
            raise ParseError(f"'{' '.join(text.split())}': only R^n is read as a space of vectors")
        value = f.group("size").strip()
        value = value[1:-1].strip() if value.startswith("{") else value
        if r"\times" in value:
            raise ParseError(f"'{' '.join(text.split())}': a map is read only of vectors and "
                             f"numbers (a factor R^{{m \\times n}} is a matrix)")
        return space_size(value, text, stated, parse_expression)
    out = m.group("out")
    ins = re.split(r"\\times", m.group("ins"))
    name = m.group("name")
    return name, map_key(name), Signature((tuple(size(f) for f in ins), size(out)))


def one_reading(signatures, declared) -> None:
    """Refuse a map given two signatures (``\\phi: R^D \\to R^C`` and ``\\phi: R^D \\to R^M``:
    the later one would win silently) or declared also a matrix or vector (``\\phi \\in R^D``:
    ``\\phi(Q_i)`` would be the map's value or the product of \\phi and Q_i)."""
    seen = {}
    for name, key, *sizes in signatures:
        if isinstance(sizes[0], Signature):
            if key in seen and seen[key] != sizes:
                raise ParseError(f"{name} is given two signatures: one map, one signature")
            seen[key] = sizes
            if any(map_key(k) == key for k in declared):
                raise ParseError(f"{name} is declared both a map (by its signature) and a matrix "
                                 f"or vector: give one of them another name")
            continue
        if key in seen and isinstance(seen[key][0], Signature):
            # red team: a general signature then this one was an internal IndexError
            raise ParseError(f"{name} is given two signatures: one map, one signature")
        if key in seen and seen[key] != sizes:
            raise ParseError(f"{name} is given two signatures ({name}: R^{seen[key][0]} \\to "
                             f"R^{seen[key][1]} and R^{sizes[0]} \\to R^{sizes[1]}): one map, one "
                             f"signature")
        seen[key] = sizes
        if any(k.lstrip("\\") == name.lstrip("\\") for k in declared):
            raise ParseError(f"{name} is declared both a map ({name}: R^{sizes[0]} \\to "
                             f"R^{sizes[1]}) and a matrix or vector: give one of them another name")


# -- families ---------------------------------------------------------------------------------------
def _member(stem: str, index, shape):
    """The member ``index`` of the family named stem (``K`` for the vectors K_j), of ``shape``."""
    r, c = sympy.Dummy("r", integer=True), sympy.Dummy("c", integer=True)
    base = sympy.IndexedBase(f"{stem}_{FAMILY}", real=True)
    return sympy.FunctionMatrix(shape[0], shape[1], sympy.Lambda((r, c), base[index, r, c]))


def family_of(value):
    """(family label, index) of a family member made here, else None."""
    if not isinstance(value, sympy.FunctionMatrix):
        return None
    lam = value.args[2]
    body = lam.expr
    if isinstance(body, sympy.Indexed) and str(body.base.label).endswith(FAMILY) \
            and len(body.indices) == 3 and tuple(body.indices[1:]) == tuple(lam.variables):
        return str(body.base.label), body.indices[0]
    return None


def holds_family(expr) -> bool:
    """Whether ``expr`` holds a family's entries (``K_•[j, r, c]``)."""
    if not isinstance(expr, sympy.Basic):
        return False
    return any(str(b.label).endswith(FAMILY) for b in expr.atoms(sympy.IndexedBase))


def _members(table, index: str):
    """The declared names whose subscript is the summation index: key -> family member."""
    from symbolic.latex.lexer import lex
    from symbolic.latex.matrix_tokens import _name_at, _solid
    out = {}
    for key, value in table.items():
        if not isinstance(value, sympy.MatrixSymbol) or not value.name.endswith("_" + index):
            continue
        items = tuple(_solid(lex(key)))
        found = _name_at(items, 0) if items else None
        if found is None or found[0] != key or key != f"{found[1]}_{index}":
            continue
        out[key] = value.name[:-len(index) - 1]
    return out


# -- sums -------------------------------------------------------------------------------------------
def _is(item, text) -> bool:
    return isinstance(item, Tok) and item.text == text


def _inner(item):
    return item.items if isinstance(item, Group) and item.kind == "brace" else (item,)


def summed_term(reader, items, text):
    """The term ``A \\sum_{j=a}^{b} B`` (B naming a declared vector or matrix) read as A times
    the sum over j of B, or None when the term holds no such sum."""
    from symbolic.latex.matrix_tokens import mentions
    at = next((k for k, x in enumerate(items) if _is(x, r"\sum")), None)
    if at is None:
        return None
    scripts, k = {}, at + 1
    while k + 1 < len(items) and isinstance(items[k], Tok) and items[k].text in ("_", "^") \
            and items[k].text not in scripts:
        scripts[items[k].text] = tuple(x for x in _inner(items[k + 1])
                                       if not (isinstance(x, Tok) and x.space))
        k += 2
    rest = items[k:]
    if not rest or not mentions(rest, reader.table):
        return None
    col = items[at].col
    below = scripts.get("_", ())
    eq = [n for n, x in enumerate(below) if _is(x, "=")]
    if "^" not in scripts or len(eq) != 1 or eq[0] != 1 or not isinstance(below[0], Tok) \
            or not re.fullmatch(r"[a-z]", below[0].text):
        raise fail(text, col, "sums of vectors or matrices are read only with their index and "
                   "both limits written, \\sum_{j=1}^{N}")
    name = below[0].text
    index = reader.scalar((below[0],))
    lo, hi = (_limit(reader, part) for part in (below[2:], scripts["^"]))
    if not isinstance(index, sympy.Symbol) or any(isinstance(x, MatrixExpr) for x in (lo, hi)):
        raise fail(text, col, "the limits of a sum of vectors or matrices must be numbers")
    if any(str(s) == name for x in (lo, hi) for s in getattr(x, "free_symbols", ())):
        raise fail(text, col, f"the index {name} of a sum of vectors or matrices is written in "
                   f"its own limits: name the limit with another letter")
    if name in _size_names(reader.table):
        raise fail(text, col, f"the index {name} of a sum of vectors or matrices is also a size "
                   f"of a declared vector, matrix or map (R^{name}): sum over another letter")
    if name in _OPEN.get():
        raise fail(text, col, f"a sum over {name} inside a sum over {name}: the inner index hides "
                   f"the outer one; name the inner index with another letter")
    saved, opened = dict(reader.table), _OPEN.set(_OPEN.get() | {name})
    try:
        for key, stem in _members(reader.table, name).items():
            reader.table[key] = _member(stem, index, reader.table[key].shape)
        summand = reader.term(rest, text)
    finally:
        _OPEN.reset(opened)
        reader.table.clear()
        reader.table.update(saved)
    _unbound_index(summand, name, text, col)
    if isinstance(summand, MatrixExpr) and summand.shape != (1, 1):
        r, c = sympy.Dummy("r", integer=True), sympy.Dummy("c", integer=True)
        entry = sympy.Sum(summand[r, c], (index, lo, hi))
        value = sympy.FunctionMatrix(summand.shape[0], summand.shape[1],
                                     sympy.Lambda((r, c), entry))
    else:
        value = sympy.Sum(reader.to_scalar(summand), (index, lo, hi))
    before = items[:at]
    if not before:
        return value
    return reader._times(reader.term(before, text), value, text)


def _size_names(table) -> set:
    """The names of the sizes of the declared matrices and vectors and of the declared maps: a
    sum over one of them would bind the size inside its summand (R^j beside \\sum_{j=1}^{N})."""
    sizes = [d for v in table.values() if isinstance(v, MatrixExpr) for d in v.shape]
    sizes += [d for pair in _MAPS.get().values()
              for d in (pair.sizes() if isinstance(pair, Signature) else pair)]
    return {str(s) for d in sizes for s in getattr(d, "free_symbols", ())}


def _subscript_mentions(name: str, index: str) -> bool:
    sub = name.split("_", 1)[1] if "_" in name else ""
    return index in re.sub(r"\\[A-Za-z]+", "", sub)


def _unbound_index(summand, index: str, text: str, col: int) -> None:
    """Refuse a summand that writes the summation index in a name read as a constant of the sum
    (``\\alpha_j`` a number, ``K_{j+1}`` a declared name other than the member ``K_j``): read
    whole, the name would not vary with j, and the sum would be another."""
    names = [str(s.name) for s in getattr(summand, "free_symbols", ())
             if isinstance(s, (sympy.Symbol, sympy.MatrixSymbol))]
    names += [str(b.label) for b in getattr(summand, "atoms", lambda *_: ())(sympy.IndexedBase)]
    for shown in names:
        if shown.endswith(FAMILY) or shown == index or re.fullmatch(r"nu_dot\d*", shown):
            # a family, the index itself, a component index of a dot product (vectors.py)
            continue
        inner = shown[shown.index("(") + 1:] if shown.startswith(MARK) and "(" in shown else shown
        if _subscript_mentions(inner, index) and shown.startswith("\u2207"):
            # \nabla f_t(\theta) in a sum over t: one gradient keyed by f_t, whatever t is
            raise fail(text, col, f"{shown} in a sum over {index} of vectors or matrices writes "
                       f"the index {index}, but a gradient is one vector whatever the index: "
                       f"write the sum of its entries, or check the claim for one {index}")
        if _subscript_mentions(inner, index):
            raise fail(text, col, f"{shown.lstrip(MARK)} in a sum over {index} of vectors or "
                       f"matrices writes the index {index} but is not a member K_{index} of a "
                       f"declared family: declare it (--assume '{shown.lstrip(MARK).split('(')[0]} "
                       f"\\in \\mathbb{{R}}^{{...}}'), or write the entries")


def _limit(reader, items):
    r"""A limit of a sum, read by the scalar reader; a letter i in it is the index i (a limit is a
    whole number, never the imaginary unit: ``\sum_{j=1}^{i}`` beside the rows Q_i)."""
    from symbolic.latex.matrix_tokens import mentions
    if mentions(items, reader.table):
        raise ParseError(f"the limit {text_of(items).strip()} of a sum of vectors or matrices "
                         f"names a declared matrix or vector: a limit is a whole number")
    value = reader.scalar(items)
    if isinstance(value, sympy.Basic) and value.has(sympy.I) \
            and any(_is(x, "i") for x in items):
        # i is read as the imaginary unit in this claim (no declared name is subscripted by i):
        # the i of the limit would be another i than the claim's other i (red team, rtrows)
        raise ParseError("i in a limit of a sum of vectors or matrices is an index, but no "
                         "declared name is subscripted by i, so the claim's other i would be "
                         "the imaginary unit: declare the rows (--assume 'Q_i \\in "
                         "\\mathbb{R}^{D}') or write the limit with another letter")
    return value


# -- values of declared maps ----------------------------------------------------------------------
def _general_call(items, k):
    """(key, Signature, bracket, end of the call) of ``f_q(x_m, m)`` at k (spaces removed) for a
    map declared by a general signature, else None."""
    maps = _MAPS.get()
    if not maps or k >= len(items) or not isinstance(items[k], Tok):
        return None
    j, name = k + 1, items[k].text
    if name in (r"\boldsymbol", r"\mathbf") and j < len(items) and isinstance(items[j], Group) \
            and items[j].kind == "brace":
        name, j = name + "{" + text_of(items[j].items).strip() + "}", j + 1
    elif j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text == "_":
        script = items[j + 1]
        inner = [x for x in _inner(script) if not (isinstance(x, Tok) and x.space)]
        if len(inner) == 1 and isinstance(inner[0], Tok) and re.fullmatch(r"[A-Za-z0-9]", inner[0].text):
            candidate = f"{name}_{inner[0].text}"
            if isinstance(maps.get(map_key(candidate)), Signature):
                name, j = candidate, j + 2
    key = map_key(name)
    if not isinstance(maps.get(key), Signature):
        return None
    if j >= len(items) or not (isinstance(items[j], Group) and items[j].kind == "paren"
                               and items[j].opener in ("(", r"\left(")):
        return None
    return key, maps[key], items[j], j + 1


def unit_end(items, k):
    """The end of the factor ``f_q(x_m, m)`` (a map of a general signature) with its scripts."""
    found = _general_call(items, k)
    if found is None:
        return None
    end = found[3]
    while end < len(items) and isinstance(items[end], Tok) and items[end].text in ("^", "_", "'"):
        end += 1 if items[end].text == "'" else 2
    return end if end <= len(items) else None


def _general_value(reader, unit, text, found):
    """The opaque value of a map of a general signature at its arguments: each vector argument
    one declared column vector of the signature's length (its name is its key), each number
    argument read as a number (its key is the number as SymPy writes it: ``m - n``). A vector
    value is a column ``MatrixSymbol``, a number value a real ``Symbol``, both named
    ``ƒf_q(x_m, m)`` (marked as stand-ins: ``symbolic.checks._stand_ins``)."""
    from symbolic.latex.lexer import split_commas
    key, sig, bracket, end = found
    name = text_of(unit[:[n for n, x in enumerate(unit) if x is bracket][0]]).strip()
    parts = [tuple(x for x in p if not (isinstance(x, Tok) and x.space))
             for p in split_commas(bracket.items)]
    if len(parts) != len(sig.ins) or not all(parts):
        raise fail(text, bracket.col, f"{name} takes {len(sig.ins)} argument(s) (its declared "
                   f"signature) but is written with {len(parts)}")
    keys = []
    for n, (part, size) in enumerate(zip(parts, sig.ins), 1):
        arg = reader.expr(part, text)
        shown = text_of(part).strip()
        if size is None:
            if isinstance(arg, MatrixExpr):
                raise fail(text, bracket.col, f"argument {n} of {name} ({shown}) is a number in "
                           f"the declared signature, but it is read as a "
                           f"{arg.shape[0]} x {arg.shape[1]} matrix or vector")
            summed = sorted({str(s) for s in arg.free_symbols} & _OPEN.get())
            if summed:      # red team: \sum_{m=1}^{2} g(u, m) = 2 g(u, m) was proved
                raise fail(text, bracket.col, f"{name}({', '.join(text_of(p).strip() for p in parts)}) "
                           f"inside a sum over {summed[0]}: its value is one opaque name keyed "
                           f"by the argument as written and would not vary with the sum's "
                           f"index; write the terms")
            keys.append(sympy.sstr(arg))
            continue
        if not isinstance(arg, sympy.MatrixSymbol) or str(arg.name).startswith(MARK) \
                or family_of(arg) is not None or "∇" in str(arg.name):
            raise fail(text, bracket.col, f"argument {n} of {name} ({shown}) is read only as one "
                       f"declared vector (its value is keyed by the argument): name it, e.g. "
                       f"--assume 'u \\in \\mathbb{{R}}^{{{size}}}'")
        if arg.shape != (size, 1):
            raise fail(text, bracket.col, f"argument {n} of {name} must be a vector of {size} "
                       f"entries (its declared signature) but {shown} is "
                       f"{arg.shape[0]} x {arg.shape[1]}")
        keys.append(arg.name)
    label = f"{MARK}{key}({', '.join(keys)})"
    if sig.out is None:
        return sympy.Symbol(label, real=True), end
    return sympy.MatrixSymbol(label, sig.out, 1), end


def read_unit(reader, unit, text):
    """(value, end of the call) for ``f(x)`` of a map declared by its signature at one declared
    column vector (or a family member), else None (the other rules read or refuse it)."""
    from symbolic.latex.matrix_functions import _call
    maps = _MAPS.get()
    if not maps:
        return None
    if (general := _general_call(unit, 0)) is not None:
        return _general_value(reader, unit, text, general)
    found = _call(unit, 0, reader.table)
    if found is None or found[0] not in maps or isinstance(maps[found[0]], Signature):
        return None
    key, bracket, end = found
    d_in, d_out = maps[key]
    name = text_of(unit[:end - 1]).strip()
    inner = tuple(x for x in bracket.items if not (isinstance(x, Tok) and x.space))
    arg = reader.expr(inner, text)
    member = family_of(arg)
    if not (isinstance(arg, sympy.MatrixSymbol) or member is not None) \
            or str(getattr(arg, "name", "")).startswith(MARK):
        raise fail(text, bracket.col, f"{name}(...) is read only at one declared vector (its "
                   f"value is a vector keyed by the argument): name the argument, e.g. "
                   f"--assume 'u_i \\in \\mathbb{{R}}^{{{d_in}}}'")
    if arg.shape != (d_in, 1):
        raise fail(text, bracket.col, f"{name} maps vectors of {d_in} entries (its declared "
                   f"signature) but its argument is a {arg.shape[0]} x {arg.shape[1]} "
                   f"{'matrix' if 1 not in arg.shape else 'vector'}")
    if member is not None:
        label, index = member
        return _member(f"{MARK}{key}({label[:-len(FAMILY) - 1]})", index, (d_out, 1)), end
    return sympy.MatrixSymbol(f"{MARK}{key}({arg.name})", d_out, 1), end


def declared_with_i(text: str, symbols) -> bool:
    """Whether the chain writes a declared matrix or vector whose subscript is i (``Q_i``)."""
    from symbolic.latex.lexer import lex
    from symbolic.latex.matrix_tokens import mentions
    table = {k: v for k, v in symbols.items()
             if isinstance(v, sympy.MatrixSymbol) and re.search(r"_\{?i\}?$", k)}
    if not table:
        return False
    try:
        return mentions(lex(text), table)
    except ParseError:
        return False


def signature_names(assumptions) -> tuple:
    """The names of the maps the assumptions declare by their signatures."""
    from symbolic.latex.wrappers import strip_math
    out = []
    for latex in (assumptions,) if isinstance(assumptions, str) else assumptions:
        m = _SIGNATURE.fullmatch(strip_math(latex)) if isinstance(latex, str) else None
        if m:
            out.append(m.group("name"))
    return tuple(out)


_WORDS = frozenset([r"\text", r"\textrm", r"\mathrm", r"\operatorname", r"\mbox", r"\label",
                    r"\tag", r"\textbf", r"\textit"])


def check_map_uses(text: str, maps) -> None:
    """Refuse a chain that writes a map of a general signature without its bracket (``f`` beside
    ``f(x, m)``, ``g \\cdot 2``): read as a number, the name would be another quantity than the
    map, as a declared function's name is refused alone."""
    from symbolic.latex.lexer import lex
    if not any(isinstance(v, Signature) for v in (maps or {}).values()):
        return

    def walk(items):
        items = tuple(x for x in items if not (isinstance(x, Tok) and x.space))
        for k, item in enumerate(items):
            if isinstance(item, Group):
                if not (k and isinstance(items[k - 1], Tok) and items[k - 1].text in _WORDS):
                    walk(item.items)        # \text{for all } m: words, not names
                continue
            if not isinstance(item, Tok):
                continue
            keys = {map_key(item.text)}
            if item.text in (r"\boldsymbol", r"\mathbf") and k + 1 < len(items) \
                    and isinstance(items[k + 1], Group):
                keys.add(map_key(item.text + "{" + text_of(items[k + 1].items).strip() + "}"))
            if k + 2 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text == "_":
                inner = [x for x in _inner(items[k + 2]) if not (isinstance(x, Tok) and x.space)]
                if len(inner) == 1 and isinstance(inner[0], Tok):
                    keys.add(map_key(f"{item.text}_{inner[0].text}"))
            for key in keys:
                if isinstance(maps.get(key), Signature) and _general_call(items, k) is None:
                    raise fail(text, item.col, f"{key} is a map declared by its signature but is "
                               f"written here without its arguments: write {key}(...) or give the "
                               f"quantity another name")

    token = _MAPS.set(dict(maps))
    try:
        walk(lex(text))
    finally:
        _MAPS.reset(token)


def check_scalar_calls(values, maps) -> None:
    """Refuse a map of a general signature read by the scalar reader (a side naming no declared
    vector: ``h(m, n)``): there it would be an unknown function of numbers, another object than
    the opaque value ``ƒh(m, n)`` a side with vectors reads, and of a vector-valued map a number."""
    from sympy.core.function import AppliedUndef
    general = {k for k, v in (maps or {}).items() if isinstance(v, Signature)}
    if not general:
        return
    for value in values:
        if not isinstance(value, sympy.Basic):
            continue
        for node in sympy.preorder_traversal(value):
            if isinstance(node, AppliedUndef) and map_key(type(node).__name__) in general:
                raise ParseError(f"{type(node).__name__}(...) is a map declared by its signature, "
                                 f"read only in a side that names its declared vector arguments "
                                 f"(its value is keyed by them): declare the vectors, or the map "
                                 f"as a function (--function)")
