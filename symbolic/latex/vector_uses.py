"""Which names of a chain are vectors, so that none of them is also read as a number.

A name in a dot product (``q_i^\\top k_j``, ``u^\\top (v + w)``) is a vector: its components
are ``q[i, nu]`` (a row vector with an index) or ``q[nu]`` (see ``vectors.py``). Written
elsewhere in the same chain, the name can only be one of its components, with one index more
than the vector (``q_c`` beside the vector ``q``, ``q_{i,c}`` beside ``q_i``) and that index
running over the components 1..d. Any other use is the vector itself where a number stands
(``\\sum_j e^{q_i^\\top k_j} k_j``: a sum of vectors, not of numbers) and is refused, naming
the symbol: read as a number it would turn a claim about vectors into a claim about scalars.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy

from symbolic.errors import ParseError
from symbolic.latex.names import split_name
from symbolic.latex.vectors import DIMENSION

_DOTS = ("SCZdot", "SCZdotl")
_VECTOR_TAGS = ("SCZdot", "SCZdotl", "SCZnorm")    # their arguments are vectors, not numbers
_UNLIMITED = ("SCZsumn", "SCZprodn", "SCZmax", "SCZmin", "SCZsumx")


@dataclass
class VectorUses:
    """The vectors met in a chain's dot products and the indices bound without limits."""

    ranks: dict = field(default_factory=dict)     # stem -> indices of one component (1 or 2)
    shown: dict = field(default_factory=dict)     # stem -> how the vector is written (k_j)
    unlimited: set = field(default_factory=set)   # indices of sums written without limits


def scan(ctx, tag, args) -> None:
    """Record the vectors of a dot product (pass 1 of ``convert.Context``)."""
    uses = _uses(ctx)
    if tag in _UNLIMITED:
        uses.unlimited.add(args[0].name)
        return
    if tag not in _DOTS:
        return
    raws = [args[0]] + ([args[1]] if tag == "SCZdot" else _symbols_of(args[1]))
    for raw in raws:
        name = getattr(raw, "name", "")
        if not name:
            continue
        parts = split_name(name)
        stem = parts[0] if parts else name
        if stem.startswith("SCZsym"):
            continue                      # bold names: convert.Context.normed refuses any other use
        rank = 2 if parts else 1
        if uses.ranks.setdefault(stem, rank) != rank:
            raise ParseError(f"{stem} is written as a vector both with and without an index "
                             f"({uses.shown[stem]} and {name}) in dot products of this chain: "
                             f"name the two vectors apart")
        uses.shown.setdefault(stem, name)
        if rank == 1:
            # q_c beside the vector q is its component c: a sum over c runs over 1..d
            ctx.base_ranges.setdefault(stem, (sympy.Integer(1), DIMENSION))


def check(ctx, name: str, stem: str, parts) -> None:
    """Refuse a scalar use of a vector of this chain that is not one of its components."""
    uses = _uses(ctx)
    rank = uses.ranks.get(stem)
    if rank is None:
        return
    given = len(parts[1]) if parts else 0
    vector = uses.shown[stem]
    if given == rank - 1 and only_function_arguments(ctx, name):
        return                            # M(q_i, K): the vector itself, an argument of M
    if given == rank - 1:
        raise ParseError(f"{name} is a vector (in a dot product of this chain) and is written "
                         f"where a number stands elsewhere in it (a sum or a multiple of "
                         f"vectors is not read); write one component, e.g. "
                         f"{_component(stem, parts, 'c')}, or name the number apart")
    if given != rank:
        raise ParseError(f"{name} has {given} index(es) but {vector} is a vector in a dot product "
                         f"of this chain: a component of it has {rank}; name the two quantities apart")
    index = parts[1][-1]
    if index == "1":
        return                            # the first component exists for every d >= 1
    lo_hi = ctx.ranges.get(index)
    if lo_hi is None and index in uses.unlimited:
        return                            # the sum over the components takes 1..d (base_ranges)
    if lo_hi is not None and lo_hi[0] == 1 and getattr(lo_hi[1], "name", None) == DIMENSION.name:
        return
    raise ParseError(f"{name} is a component of the vector {vector} (its index {index} must run "
                     f"over the components 1..{DIMENSION.name}): write the sum over {index} from 1 "
                     f"to {DIMENSION.name}, or name the number apart")


def only_function_arguments(ctx, name: str) -> bool:
    """Whether every use of name in the chain is inside an argument of a function, linearly
    (``M(q_i, K)``, ``J(\\theta - \\eta g)``): there the vector is an opaque argument of an
    unknown function, and the linear algebra of the argument holds for vectors as for numbers.
    """
    from sympy.core.function import AppliedUndef
    found = {"argument": 0, "other": 0}

    def linear(arg, sym) -> bool:
        try:
            with sympy.evaluate(True):      # the reader builds its trees unevaluated
                if not (arg.is_polynomial(sym) and sympy.Poly(arg, sym).degree() <= 1):
                    return False
                rest = arg.subs(sym, 0)
        except (sympy.PolynomialError, sympy.GeneratorsNeeded, TypeError, ValueError):
            return False
        # J(g + g^T g): a number (a dot product or a norm) added to the vector g
        return not any(s.name in ctx.calls and ctx.calls[s.name][0] in _VECTOR_TAGS + ("SCZnormc",)
                       for s in rest.free_symbols if isinstance(s, sympy.Symbol))

    def walk(raw, argument):
        if isinstance(raw, sympy.Symbol):
            if _shown(ctx, raw.name) == name:
                ok = argument is not None and linear(argument, raw)
                found["argument" if ok else "other"] += 1
            elif raw.name in ctx.calls:
                tag, args = ctx.calls[raw.name]
                inner = args[1:] if tag == "SCZfn" else args[2:] if tag == "SCZprime" \
                    else args[::2] if tag == "SCZnormc" else () if tag in _VECTOR_TAGS else args
                for arg in inner:
                    walk(arg, arg if tag == "SCZfn" else None)
            return
        applied = isinstance(raw, AppliedUndef)
        for arg in getattr(raw, "args", ()):
            walk(arg, arg if applied else argument)

    for raw in ctx.seen:
        walk(raw, None)
    return found["argument"] > 0 and found["other"] == 0


def _shown(ctx, raw_name: str) -> str:
    """The name convert.Context.symbol gives a raw symbol (``SCZsym3_m`` is ``\\boldsymbol{q}_m``)."""
    if raw_name in ctx.names:
        return ctx.names[raw_name]
    accent = re.fullmatch(r"(SCZsym\d+)(_.+)", raw_name)
    if accent and accent.group(1) in ctx.names:
        return ctx.names[accent.group(1)] + accent.group(2)
    return raw_name


def _component(stem, parts, index) -> str:
    rows = parts[1] if parts else []
    return f"{stem}_{{{','.join(rows + [index])}}}"


def _symbols_of(raw) -> list:
    """The plain symbols of the group of ``u^T (v + w)`` (the vectors summed)."""
    return [s for s in getattr(raw, "free_symbols", ()) if isinstance(s, sympy.Symbol)]


def _uses(ctx) -> VectorUses:
    if ctx.vector_uses is None:
        ctx.vector_uses = VectorUses()
    return ctx.vector_uses
