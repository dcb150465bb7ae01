"""Turn what latex2sympy returned (with our placeholders) into stepcheck's SymPy objects.

Conventions applied here (see also ``vectors.py``):

* every symbol is ``Symbol(name, real=True)`` unless the assumptions say more; a name
  used as a summation/max index is an integer symbol;
* ``x_j`` becomes ``IndexedBase('x', real=True)[j]`` when ``x`` carries a bound index
  (of a sum or max) anywhere in the chain, so ``x_j`` outside the sum is the same object;
  otherwise ``x_j`` stays a plain symbol named ``x_j``;
* ``\\max_j``/``\\sum_j`` without limits take the limits of a ``\\sum`` over the same index in
  the same chain, else ``1..N_j`` with ``N_j`` a fresh positive integer symbol;
* ``\\sum_{i \\neq a,b} f(i)`` is ``Sum(f(i)*(1 - KroneckerDelta(i, a))*(1 - KroneckerDelta(i, b)),
  (i, lo, hi))``: exact whether or not a = b, and evaluable for a concrete range;
* ``e`` is Euler's number; ``i`` is the imaginary unit only when asked (``\\mathrm{i}`` always);
* integer powers too large to hold (``9^{9^{9^{9}}}``) stay unevaluated.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Mapping

import sympy
from sympy.core.function import AppliedUndef

from symbolic.errors import ParseError
from symbolic.functions import KEEP_RELU, MaxOver, MinOver, ReLU
import symbolic.latex.calculus as calculus
import symbolic.latex.max_scope as max_scope
import symbolic.latex.vector_uses as vector_uses
from symbolic.latex.names import split_name  # noqa: F401 (offered here too, as before)
from symbolic.latex.subscripts import check_rank, element_indices
from symbolic.latex.components import component
from symbolic.latex.vectors import DIMENSION, dot, vector_component

_MAX_POWER_BITS = 4096
_MAX_FACTORIAL = 1000
_WORD = re.compile(r"[A-Za-z]+|\d+")


def fname(f) -> str:
    """The name of a function from latex2sympy, without the ``\\text{}`` wrapper."""
    name = getattr(f, "name", None) or type(f).__name__
    m = re.fullmatch(r"\\(?:text|operatorname|mathrm)\{(.*)\}", name)
    return m.group(1) if m else name


# subscripts that label a name (\lambda_{\max}, s_{\max} beside s_i) and are never an index:
# read as an index of an indexed s they would be the product m a x
_LABELS = frozenset(["max", "min"])


@dataclass
class Context:
    """What one chain says about its names, gathered before any symbol is made."""

    known: Mapping[str, sympy.Symbol] = field(default_factory=dict)
    imaginary_unit: bool = False
    names: dict = field(default_factory=dict)       # accent placeholders -> their LaTeX
    indices: set = field(default_factory=set)
    ranges: dict = field(default_factory=dict)      # index name -> (lo, hi), raw
    bases: set = field(default_factory=set)         # names that are IndexedBase
    has_dot: bool = False
    made: dict = field(default_factory=dict)        # name -> symbol used in the chain
    calls: dict = field(default_factory=dict)       # placeholder -> (tag, raw arguments)
    scanned: set = field(default_factory=set)
    families: Mapping[str, Mapping[str, bool]] = field(default_factory=dict)  # x_j > 0: base x
    seen: list = field(default_factory=list)        # every raw side, to find i used as an index
    notes: set = field(default_factory=set)         # readings a user should see ("i is ...")
    base_ranges: dict = field(default_factory=dict)   # x -> (lo, hi) of an unlimited sum over x_j
    i_ordered: bool = False                         # "j \le i": i is compared, so it is real
    normed: set = field(default_factory=set)        # names of vectors under a norm \|x - y\|
    vector_uses: object = None                      # vector_uses.VectorUses: vectors of dot products

    # -- pass 1 ---------------------------------------------------------------------------
    def add_calls(self, calls, parse) -> None:
        """Read the arguments of new placeholder calls (``rewrite.Rewriter.calls``) with ``parse``."""
        for key, (tag, texts) in calls.items():
            if key in self.calls:
                continue
            args = [texts[0]] + [parse(t) for t in texts[1:]] if tag == "SCZfn" else \
                list(texts[:2]) + [parse(texts[2])] if tag == "SCZprime" else [parse(t) for t in texts]
            self.calls[key] = (tag, tuple(args))
        for key, (tag, args) in list(self.calls.items()):
            if key not in self.scanned:
                self.scanned.add(key)
                self._scan_call(tag, args)

    def _scan_call(self, tag, args) -> None:
        """Record indices, ranges, indexed bases and dot products of one construct."""
        if tag in _BOUND_TAGS and not isinstance(args[0], sympy.Symbol):
            raise ParseError(_bad_index(args[0]))
        vector_uses.scan(self, tag, args)
        if tag in ("SCZsum", "SCZprod", "SCZmaxr", "SCZminr"):
            self._bind(args[0], args[3])
            self.ranges.setdefault(args[0].name, (args[1], args[2]))
        elif tag in ("SCZsumn", "SCZprodn", "SCZmax", "SCZmin", "SCZsumx"):
            self._bind(args[0], args[1])
        elif tag in ("SCZdot", "SCZdotl", "SCZnorm", "SCZnormc"):
            self.has_dot = True
            for vec in args[1::2] if tag == "SCZnormc" else args[:2] if tag != "SCZnorm" else args[:1]:
                parts = split_name(getattr(vec, "name", ""))
                if tag in ("SCZnorm", "SCZnormc") and getattr(vec, "name", ""):
                    if (parts[0] if parts else vec.name) == DIMENSION.name:
                        raise ParseError(f"a vector named {DIMENSION.name} under a norm: {DIMENSION.name} "
                                         f"is the dimension of the vectors; rename the vector")
                    self.normed.add(parts[0] if parts else vec.name)
                if parts and len(parts[1]) == 1 and parts[1][0].isalpha():
                    self.indices.add(parts[1][0])
            if tag in ("SCZdot", "SCZdotl"):
                # a bold vector in a dot product (\mathbf{u} \cdot \mathbf{v}) is never also a
                # number: (\mathbf{a} + \mathbf{b}) \cdot \mathbf{c} would mix the two readings
                for sym in set().union(*(getattr(a, "free_symbols", set()) for a in args[:2])):
                    stem = (split_name(sym.name) or (sym.name,))[0]
                    if stem.startswith("SCZsym"):
                        self.normed.add(stem)

    def deep_symbols(self, raw) -> set:
        """The symbols of a raw tree, looking inside placeholder constructs."""
        out = set()
        for sym in getattr(raw, "free_symbols", ()):
            if sym.name in self.calls:
                tag, args = self.calls[sym.name]
                for arg in args[1:] if tag == "SCZfn" else args[2:] if tag == "SCZprime" else args:
                    out |= self.deep_symbols(arg)
            else:
                out.add(sym)
        return out

    def _bind(self, index, body) -> None:
        if not isinstance(index, sympy.Symbol):
            raise ParseError(_bad_index(index))
        self.indices.add(index.name)
        for sym in self.deep_symbols(body):
            parts = split_name(sym.name)
            if parts and any(index.name in _WORD.findall(p) or _packed(p, index.name)
                             for p in parts[1]):
                self.bases.add(parts[0])

    # -- pass 2 ---------------------------------------------------------------------------
    def symbol(self, name: str):
        """The SymPy object for a name, the same object every time in one chain."""
        if name in self.calls:
            tag, args = self.calls[name]
            return self._function(tag, args)
        if name == "SCZimag":
            return sympy.I
        if name == "i" and name not in self.known:
            if self.i_is_index():
                self.notes.add("i is an index (it is a subscript or a bound index in this chain)")
            else:
                self.notes.add("i is the imaginary unit (it is not an index in this chain; write "
                               "--assume 'i \\in \\mathbb{R}' for a real variable)")
                return sympy.I
        accent = re.fullmatch(r"(SCZsym\d+)(_.+)", name)
        if accent and accent.group(1) in self.bases and accent.group(1) in self.names:
            # \hat{x}_j under \sum_j is the element j of \hat{x}
            label = self.names[accent.group(1)]
            if name not in self.made:
                parts = split_name(name)
                base = sympy.IndexedBase(label, **self.families.get(label, {"real": True}))
                self.made[name] = base[tuple(i for p in parts[1] for i in element_indices(self, name, p))]
                check_rank(self.made, self.made[name], label + "_" + name.split("_", 1)[1])
            return self.made[name]
        if name in self.names:
            name = self.names[name]
        elif accent and accent.group(1) in self.names:
            name = self.names[accent.group(1)] + accent.group(2)     # \hat{x}_1
        elif "SCZ" in name and (value := component(self, name)) is not None:
            return value        # f(x)_i, an entry of a function's value (components.py)
        elif "SCZ" in name:
            raise ParseError("a subscript on a function value (e.g. softmax(x)_i) "
                             "cannot be read; name the quantity instead")
        if name in self.made:
            return self.made[name]
        parts = split_name(name)
        stem = self.names[accent.group(1)] if accent and accent.group(1) in self.names \
            else parts[0] if parts else name
        if (stem in self.normed or stem in {self.names.get(n) for n in self.normed}) \
                and not vector_uses.only_function_arguments(self, name):
            # \|x - y\| = x - y: x is a vector under the norm and a number beside it
            raise ParseError(f"{name} is a vector (under a norm \\|...\\| or in a dot product) and a number elsewhere "
                             f"in this chain: name the number, or write the vector's components")
        vector_uses.check(self, name, stem, parts)      # k_j beside q^T k_j: a vector as a number
        if parts and {self.names.get(n, n) for n in self.normed} & {
                rf"\{cmd}{{{stem}}}" for cmd in ("mathbf", "boldsymbol", "bm", "vec")}:
            # x_i beside a bold vector x: its components (as most papers mean), or another x?
            raise ParseError(f"{name} beside the vector \\mathbf{{{stem}}}: the components of the "
                             f"bold vector, or another quantity? write the vector's components "
                             f"alone, or name the other quantity apart")
        if parts is None and name in self.bases:
            raise ParseError(f"{name} is used both alone and with an index ({name}_j, a vector): "
                             f"alone it would be read as a number; write {name}^\\top y or "
                             f"\\langle {name}, y \\rangle for a dot product, or name the number")
        if parts and parts[0] in self.bases and not any(p in _LABELS for p in parts[1]):
            base = sympy.IndexedBase(parts[0], **self.families.get(parts[0], {"real": True}))
            subs = []
            for part in parts[1]:
                if len(part) > 1 and part.isalpha() and any(ch in self.indices for ch in part) \
                        and _packed(part, next(ch for ch in part if ch in self.indices)):
                    # x_{ij} is x[i, j]; a_{in} is a[i, n] with n the chain's own n
                    subs.extend(self.subscript(ch) if ch in self.indices else self.symbol(ch)
                                for ch in part)
                else:    # s_{ab} is s[a, b], never s[a*b] (subscripts.py)
                    subs.extend(element_indices(self, name, part))
            result = base[tuple(subs)]
            check_rank(self.made, result, name)
        elif name in self.indices:
            result = self._with(name, integer=True)
        elif name == "d" and self.has_dot:
            result = DIMENSION
        elif name not in self.known and parts and parts[0] in self.families:
            result = sympy.Symbol(name, **self.families[parts[0]])   # x_1 under "x_j > 0"
        else:
            result = self.known.get(name) or sympy.Symbol(name, real=True)
        self.made[name] = result
        return result

    def i_is_index(self) -> bool:
        """Whether i is an index in this chain: bound, a subscript, or a side of an order."""
        return "i" in self.indices or self.i_ordered or self._i_subscript()

    def _i_subscript(self) -> bool:
        """Whether i is a subscript anywhere in the chain (x_i, a_{ij})."""
        for raw in self.seen:
            for sym in self.deep_symbols(raw):
                parts = split_name(sym.name)
                if parts and any("i" in _WORD.findall(p) or _packed(p, "i") for p in parts[1]):
                    return True
        return False

    def _with(self, name, **extra):
        old = self.known.get(name)
        assumptions = dict(old.assumptions0) if old is not None else {"real": True}
        assumptions = {k: v for k, v in assumptions.items() if k in _STATED}
        assumptions.update(extra)
        try:
            return sympy.Symbol(name, **assumptions)
        except Exception as exc:   # InconsistentAssumptions
            raise ParseError(f"{name} cannot be an integer index with the assumptions given: {exc}")

    def subscript(self, text: str):
        """A subscript (``j``, ``1``, ``j+1``) as an index expression."""
        if text.isdigit():
            return sympy.Integer(text)
        if re.fullmatch(r"[A-Za-z]", text):
            self.indices.add(text)
            return self.symbol(text)
        from symbolic.latex.library import library_parse   # the same reader, for j+1
        return self.convert(library_parse(text))

    def vector(self, raw, row_ok=True):
        """A vector named by a raw symbol (``q_i`` or ``q``) as its component ``q[i, nu]``."""
        if not isinstance(raw, sympy.Symbol):
            raise ParseError(f"a transposed product needs vectors such as k_j, not {raw}")
        parts = split_name(raw.name)
        if parts is None:
            return vector_component(self.names.get(raw.name, raw.name))    # \mathbf{x}: its LaTeX
        if len(parts[1]) != 1:
            raise ParseError(f"vector {raw.name} has more than one index")
        return vector_component(self.names.get(parts[0], parts[0]), self.subscript(parts[1][0]))

    def limits(self, index_raw, body=None):
        """The range of an index without written limits: a sum over it, else 1..N_<index>.

        Two indices over the same indexed name share its range: in \\sum_i x_i = \\sum_j x_j
        both run over the entries of x.
        """
        index = self.symbol(index_raw.name)
        if index_raw.name in self.ranges:
            lo, hi = self.ranges[index_raw.name]
            return index, self.convert(lo), self.convert(hi)
        bases = sorted(self._indexed_by(body, index_raw.name)) if body is not None else []
        for base in bases:
            if base in self.base_ranges:
                return (index,) + self.base_ranges[base]
        top = self.known.get(f"N_{index_raw.name}") or \
            sympy.Symbol(f"N_{index_raw.name}", integer=True, positive=True)
        for base in bases:
            self.base_ranges[base] = (sympy.Integer(1), top)
        return index, sympy.Integer(1), top

    def _indexed_by(self, body, index: str) -> set:
        """The names indexed by ``index`` in a raw body (x in x_j)."""
        out = set()
        for sym in self.deep_symbols(body):
            parts = split_name(sym.name)
            if parts and any(index in _WORD.findall(p) or _packed(p, index) for p in parts[1]):
                out.add(parts[0])
        return out

    def convert(self, raw):
        """The stepcheck expression for a raw latex2sympy tree."""
        if isinstance(raw, sympy.Symbol):
            return self.symbol(raw.name)
        if isinstance(raw, sympy.Float):
            return sympy.Rational(str(raw))
        if isinstance(raw, AppliedUndef):
            return self._function("SCZfn", (fname(raw.func),) + tuple(raw.args))
        if isinstance(raw, sympy.log):
            arg = self.convert(raw.args[0])
            if len(raw.args) == 1 or raw.args[1] == sympy.E:
                return sympy.log(arg)
            return sympy.log(arg) / sympy.log(self.convert(raw.args[1]))
        if isinstance(raw, sympy.Limit):
            e, z, z0, d = raw.args
            return sympy.Limit(self.convert(e), self.convert(z), self.convert(z0), dir=str(d))
        if not raw.args:
            return raw
        args = [self.convert(a) for a in raw.args]
        if isinstance(raw, sympy.Pow) and args[0].is_Number and args[0].is_negative \
                and args[1].is_Rational and not args[1].is_integer:
            raise ParseError(f"({args[0]})^{{{args[1]}}} may be the real root or the principal "
                             f"complex root: write \\sqrt[{args[1].q}]{{{args[0]}}} for the real root")
        if isinstance(raw, sympy.Pow) and _too_big(*args):
            return sympy.Pow(*args, evaluate=False)
        if isinstance(raw, (sympy.factorial, sympy.binomial)) and _huge_integer(args):
            return raw.func(*args, evaluate=False)
        return raw.func(*args)

    def _function(self, name, args):
        conv = self.convert
        if name in calculus.TAGS:
            return calculus.convert_call(self, name, args)
        if name in ("SCZsum", "SCZprod"):
            cls = sympy.Sum if name == "SCZsum" else sympy.Product
            return cls(conv(args[3]), (self.symbol(args[0].name), conv(args[1]), conv(args[2])))
        if name in ("SCZsumn", "SCZprodn"):
            cls = sympy.Sum if name == "SCZsumn" else sympy.Product
            return cls(conv(args[1]), self.limits(args[0], args[1]))
        if name in ("SCZmax", "SCZmin"):
            cls = MaxOver if name == "SCZmax" else MinOver
            limits = self.limits(args[0], args[1])
            max_scope.check_scope(cls, body := conv(args[1]), limits[0])
            return cls(body, limits)
        if name in ("SCZmaxr", "SCZminr"):
            cls = MaxOver if name == "SCZmaxr" else MinOver
            index = self.symbol(args[0].name)
            max_scope.check_scope(cls, body := conv(args[3]), index)
            return cls(body, (index, conv(args[1]), conv(args[2])))
        if name == "SCZsumx":
            index, lo, hi = self.limits(args[0], args[1])
            term = conv(args[1])
            for other in args[2:]:
                term = term * (1 - sympy.KroneckerDelta(index, conv(other)))
            return sympy.Sum(term, (index, lo, hi))
        if name == "SCZdot":
            return dot(self.vector(args[0]), self.vector(args[1]))
        if name in ("SCZlim", "SCZlimp", "SCZlimm"):
            var, point, body = args
            side = {"SCZlim": "+-", "SCZlimp": "+", "SCZlimm": "-"}[name]
            point = conv(point)
            if point.is_infinite:
                return sympy.Limit(conv(body), conv(var), point)
            # \lim_{x \to a} is two-sided unless written a^+ or a^-
            return sympy.Limit(conv(body), conv(var), point, dir=str(side))
        if name == "SCZnorm":
            v = self.vector(args[0])
            return sympy.sqrt(dot(v, v))
        if name == "SCZnormc":
            # \|u - v\|: the norm of the signed sum of vectors, component by component
            v = sum(conv(sign) * self.vector(vec) for sign, vec in zip(args[::2], args[1::2]))
            return sympy.sqrt(dot(v, v))
        if name == "SCZdotl":
            return self._dot_linear(args[0], args[1])
        if name == "SCZdiff":
            body, var = conv(args[0]), conv(args[1])
            if not (var.free_symbols & body.free_symbols):
                raise ParseError(f"the derivative of {body} with respect to {var}: as written {body} "
                                 f"does not depend on {var}, so it would be 0; write the dependence, "
                                 f"e.g. f({var}) with --function f")
            return sympy.Derivative(body, var)
        if name == "SCZbar":
            # the conjugate only of a letter an assumption makes complex; a new symbol otherwise
            value = self.known.get(str(args[0]).strip())
            if value is not None and not value.is_extended_real and value.is_complex:
                return sympy.conjugate(conv(args[0]))
            return conv(args[1])
        if name == "SCZconj":
            value = conv(args[0])
            if value.is_extended_real:
                raise ParseError(f"\\overline{{{value}}} of a real quantity is a mean or the quantity "
                                 f"itself: write \\bar{{{value}}} for a new symbol (a mean), or assume "
                                 f"'{value} \\in \\mathbb{{C}}' for a conjugate")
            return sympy.conjugate(value)
        if name == "SCZre":
            return sympy.re(conv(args[0]))
        if name == "SCZim":
            return sympy.im(conv(args[0]))
        if name == "SCZarg":
            return sympy.arg(conv(args[0]))
        if name == "SCZrelu":
            return ReLU(conv(args[0]), evaluate=not KEEP_RELU.get())
        if name == "SCZprime":
            fn, order, var = args
            x = conv(var)
            return sympy.Derivative(sympy.Function(fn, real=True)(x), (x, int(order)))
        if name == "SCZroot":
            # the real root for an odd integer index, as papers mean \sqrt[3]{-8} = -2
            n, x = conv(args[0]), conv(args[1])
            if n.is_integer and n.is_odd and n > 1 and x.is_extended_real is not False:
                return sympy.sign(x) * sympy.Abs(x) ** (1 / n)
            return sympy.root(x, n)
        if name == "SCZsigmoid":
            # sigma(t) = 1/(1 + e^{-t}), written out so that every checker can evaluate it
            return 1 / (1 + sympy.exp(-conv(args[0])))
        if name == "SCZfn":
            fn, args = args[0].strip().lstrip("\\").strip(), args[1:]
            if fn.startswith("SCZ") or not re.fullmatch(r"[A-Za-z]+(_\w+|_\{\w+\})?", fn):
                raise ParseError(f"cannot read the function '{fn}'")
            if fn in _GENERAL_VALUES:
                raise ParseError(f"\\operatorname{{{fn}}} is a general (multivalued) value, not one "
                                 f"number: write the principal {_GENERAL_VALUES[fn]}")
            if fn in _KNOWN_FUNCTIONS and len(args) == 1:
                return _KNOWN_FUNCTIONS[fn](conv(args[0]))
            return sympy.Function(fn, real=True)(*[conv(a) for a in args])
        raise ParseError(f"internal placeholder {name} is unknown")

    def _dot_linear(self, u_raw, group_raw):
        """``u^T (v + w)`` by linearity: a sum of dot products of plain vectors."""
        u = self.vector(u_raw)
        total = sympy.Integer(0)
        for term in sympy.Add.make_args(group_raw):
            coeff, rest = term.as_coeff_Mul()
            if not isinstance(rest, sympy.Symbol):
                raise ParseError(f"u^T(...) needs a sum of vectors inside the brackets, not {term}")
            total += self.convert(coeff) * dot(u, self.vector(rest))
        return total


_KNOWN_FUNCTIONS = {"asinh": sympy.asinh, "acosh": sympy.acosh, "atanh": sympy.atanh,
                    "arsinh": sympy.asinh, "arcosh": sympy.acosh, "artanh": sympy.atanh,
                    "sign": sympy.sign, "sgn": sympy.sign, "erf": sympy.erf,
                    "Gamma": sympy.gamma, "coth": sympy.coth, "sech": sympy.sech,
                    "csch": sympy.csch, "arccot": sympy.acot}

# DLMF's capitalised general values (all branches) and the principal value the reader takes
_GENERAL_VALUES = {"Ln": r"\ln", "Log": r"\ln", "Arcsin": r"\arcsin", "Arccos": r"\arccos",
                   "Arctan": r"\arctan", "Arccot": r"\operatorname{arccot}",
                   "Arcsinh": r"\operatorname{arsinh}", "Arsinh": r"\operatorname{arsinh}",
                   "Arccosh": r"\operatorname{arcosh}", "Arcosh": r"\operatorname{arcosh}",
                   "Arctanh": r"\operatorname{artanh}", "Artanh": r"\operatorname{artanh}"}

_STATED = frozenset(["real", "positive", "negative", "nonnegative", "nonpositive", "nonzero",
                     "integer", "complex", "rational", "commutative", "zero"])


def _packed(part: str, index: str) -> bool:
    """Whether a subscript like ``ij`` packs the index (single letters written together)."""
    return 1 < len(part) <= 3 and part.isalpha() and part.islower() and index in part


def _too_big(base, exp) -> bool:
    """Whether base**exp is an integer power too large to compute eagerly."""
    if not (base.is_Number and exp.is_Number):
        return not (exp.is_Number or exp.is_Symbol or base.is_Symbol) and _unevaluated_power(base, exp)
    if not exp.is_Integer or base in (0, 1, -1):
        return False
    size = abs(int(exp)) * math.log2(max(abs(float(base)), 2.0)) if base.is_Integer else abs(int(exp))
    return size > _MAX_POWER_BITS


def _unevaluated_power(base, exp) -> bool:
    return any(isinstance(x, sympy.Pow) and not x.is_Number and x.is_number for x in (base, exp))


def has_huge_power(expr) -> bool:
    """Whether expr holds an integer power left unevaluated because it is too large to compute."""
    return any(isinstance(p, sympy.Pow) and p.base.is_Integer and p.exp.is_number
               and (p.exp.is_Integer or not p.exp.is_Number) for p in sympy.preorder_traversal(expr))


def _huge_integer(args) -> bool:
    return any(a.is_Integer and abs(int(a)) > _MAX_FACTORIAL for a in args if a.is_Number) \
        or any(isinstance(a, sympy.Pow) and a.is_number and not a.is_Number for a in args)


def _restricted(expr) -> set:
    """The domain restrictions of expr: the bases of its denominators (nonzero), of its
    fractional powers of a base not known >= 0 (>= 0) and the arguments of its logs (> 0).

    Evaluating must not lose one (``x^2/x`` is not ``x`` at 0, ``e^{\\ln x}`` not ``x`` for x <= 0,
    ``\\sqrt{x} x/x`` not ``\\sqrt{x}`` at 0, ``\\log(x+1) + \\log x - \\log x`` not ``\\log(x+1)`` at
    x = -1/2): each is keyed by its kind and its expression, not by the symbols it holds, since
    two restrictions on the same symbol (x != 0 and x >= 0) exclude different points.
    """
    out = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Pow):
            if node.exp.is_negative:
                out |= {("nonzero", b) for b in _factors(node.base)}
            if node.exp.is_integer is False and not _nonnegative(node.base):
                out.add(("root", _unscaled(node.base)))
        elif isinstance(node, sympy.log):
            out.add(("log", _unscaled(node.args[0])))
    return out


def _factors(base) -> set:
    """The factors of base that vanish where it does (numbers and positive powers taken
    off: ``1/(4x^2)``, ``1/\\sqrt{x}`` and ``1/x`` are undefined at the same point 0)."""
    out = set()
    for f in sympy.Mul.make_args(base):
        if f.is_Number:
            continue
        if isinstance(f, sympy.Pow) and f.exp.is_positive:
            out |= _factors(f.base)
        else:
            out.add(f)
    return out


def _unscaled(base):
    """base without a positive number factor (``\\sqrt{4x}`` evaluates to ``2\\sqrt{x}``)."""
    c, rest = base.as_coeff_Mul()
    return rest if c.is_positive else base


def _nonnegative(base) -> bool:
    """A base known >= 0, a sum of them included (the square of a norm)."""
    if isinstance(base, sympy.Sum):
        f = base.function
        return bool(f.is_nonnegative or f.is_Pow and f.exp.is_even)
    return bool(base.is_nonnegative)


def settle(expr):
    """Evaluate a tree built without evaluation, except where evaluating would drop a symbol.

    ``x/x`` stays ``x/x`` (a checker must see that it is undefined at 0), while ``2 + 3`` is 5
    and ``2x + x`` is ``3x``. Integer powers too large to hold stay unevaluated.
    """
    if not isinstance(expr, sympy.Basic) or not expr.args or isinstance(expr, sympy.Atom):
        return expr
    args = [settle(a) for a in expr.args]
    if isinstance(expr, sympy.Pow) and _too_big(*args) \
            or isinstance(expr, (sympy.factorial, sympy.binomial)) and _huge_integer(args):
        return expr.func(*args, evaluate=False)
    try:
        new = expr.func(*args)
    except Exception:      # a constructor that rejects its own args: keep the tree as built
        return expr
    if expr.free_symbols <= new.free_symbols and (
            set().union(*(_restricted(a) for a in args)) | _restricted(expr.func(*args, evaluate=False))
            if isinstance(expr, sympy.Pow) else set().union(*(_restricted(a) for a in args))
    ) <= _restricted(new):
        return new
    try:
        return expr.func(*args, evaluate=False)
    except TypeError:
        return expr


_BOUND_TAGS = ("SCZsum", "SCZprod", "SCZmaxr", "SCZminr", "SCZsumn", "SCZprodn", "SCZmax", "SCZmin",
               "SCZsumx")
_WRITTEN = {"EulerGamma": r"\gamma", "I": "I (or i)", "pi": r"\pi", "E": "e"}


def _bad_index(index) -> str:
    """The refusal for a bound variable that is not a plain name (\\gamma, I)."""
    shown = _WRITTEN.get(str(index), str(index))
    return (f"the index under a sum, product, max or min must be a letter such as j or k; "
            f"{shown} there would be read as a constant: rename the index")
