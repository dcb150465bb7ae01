"""The points a claim is judged at: symbols' kinds, relational facts, edge points, and the
sizes (n, L, d) of a general claim, from the smallest allowed to 10^3 (10^4 where cheap).
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence
import mpmath
import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits
from symbolic.budget import cpu_seconds
from symbolic.functions import MaxOver
from symbolic.model import Relation

from symbolic.numeric.backends import Gaussian, NotEvaluable, OutOfDomain, _MP, _context
from symbolic.numeric.certify import exactly_equal
from symbolic.numeric.compile import Env, compile_expr, key_name
from symbolic.numeric.evaluate import _run, to_exact
from symbolic.numeric.integers import _integer_past, _integer_side
from symbolic.numeric.text import _natural, round_decimal, fraction_text


EDGE_VALUES = (Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 10**30), Fraction(-1, 10**30),
               Fraction(10**30), Fraction(-10**30))
# far past EDGE_VALUES, counted not timed: ln x > -100 for x > 0 fails only below e^-100
EXTREME_VALUES = tuple(Fraction(sign) * Fraction(10) ** (scale * e) for e in (100, 200, 300)
                       for scale in (-1, 1) for sign in (1, -1))
EXTREME_MAGNITUDE = 10 ** 60  # a coordinate past this (or below its inverse) is extreme


def is_extreme(values: Mapping) -> bool:
    """Whether a point has a coordinate of EXTREME_VALUES' magnitude (where the balls may
    not decide within the precision cap: such a point is then left out, and said so)."""
    for v in values.values():
        if isinstance(v, Fraction) and v and (abs(v) > EXTREME_MAGNITUDE
                                              or abs(v) < Fraction(1, EXTREME_MAGNITUDE)):
            return True
    return False


@dataclass(frozen=True)
class ValueKind:
    """How to draw a coordinate: integer or real or complex, and which sign."""

    integer: bool = False
    sign: str = "any"  # any, pos, nonneg, neg, nonpos, nonzero
    complex: bool = False
    parity: int | None = None  # 0 even, 1 odd


_UNSAMPLED = ("prime", "composite", "irrational", "transcendental", "imaginary", "zero",
              "noninteger")


def _kind_of(obj, complex_unknown: bool = False) -> ValueKind:
    """How to draw a symbol; with ``complex_unknown`` a symbol whose assumptions do not say
    real (a plain ``Symbol('z')`` is complex in SymPy) is drawn from the complex plane."""
    integer = bool(obj.is_integer)
    complex_ = obj.is_real is not True and obj.is_complex is True and not integer
    if complex_unknown and obj.is_real is None and obj.is_extended_real is not True \
            and not integer and obj.is_complex is not False:
        complex_ = True
    if obj.is_positive:
        sign = "pos"
    elif obj.is_negative:
        sign = "neg"
    elif obj.is_nonnegative:
        sign = "nonneg"
    elif obj.is_nonpositive:
        sign = "nonpos"
    elif obj.is_zero is False:   # a complex z != 0 too (SymPy: zero=False)
        sign = "nonzero"
    else:
        sign = "any"
    for name in _UNSAMPLED:
        if getattr(obj, f"is_{name}", None):
            # sampling outside such a set could 'refute' a true claim
            raise NotEvaluable(f"{obj} is declared {name}; the sampler cannot draw such values")
    parity = 0 if obj.is_even else (1 if obj.is_odd else None)
    return ValueKind(integer or parity is not None, sign, complex_, parity)


def _signed(v: Fraction, kind: ValueKind) -> Fraction | None:
    s = kind.sign
    if s in ("pos", "nonneg"):
        v = abs(v)
    elif s in ("neg", "nonpos"):
        v = -abs(v)
    if kind.parity is not None and v.denominator == 1 and v % 2 != kind.parity:
        if v == 0:
            v = Fraction(-1 if s in ("neg", "nonpos") else 1)
        else:  # one step away from zero keeps the sign
            v += 1 if v > 0 else -1
    if v == 0 and s in ("pos", "neg", "nonzero"):
        return None
    return v


def _draw(rng: random.Random, kind: ValueKind):
    """One random value of a coordinate of this kind (None: draw again)."""
    if kind.complex:
        re, im = _draw(rng, ValueKind()), _draw(rng, ValueKind())
        if re is None or im is None or kind.sign == "nonzero" and re == 0 and im == 0:
            return None
        return Gaussian(re, im)
    r = rng.random()
    if kind.integer:
        if r < 0.5:
            v = Fraction(rng.randint(-5, 5))
        elif r < 0.8:
            v = Fraction(int(10 ** rng.uniform(0, 6))) * rng.choice((1, -1))
        else:
            v = Fraction(rng.randint(-100, 100))
    elif r < 0.45:
        v = round_decimal(rng.uniform(-3, 3))
    elif r < 0.85:
        v = round_decimal(10 ** rng.uniform(-8, 8)) * rng.choice((1, -1))
    else:
        v = Fraction(rng.choice((-2, -3, -1, 1, 3, 2)), rng.choice((1, 2, 4)))
    return _signed(v, kind)


@dataclass(frozen=True)
class _Fact:
    """A relational fact ``lhs REL rhs`` compiled for quick checks at points."""

    expr: Any
    relation: Relation
    left: Callable
    right: Callable
    # each side as a symbol or an exact rational (``_plain_side``) when both are: such a
    # fact is decided exactly at a rational point (``_plain_holds``), without evaluating it
    plain: tuple | None = None


_FACT_RELATIONS = {sympy.StrictLessThan: Relation.LT, sympy.LessThan: Relation.LE,
                   sympy.StrictGreaterThan: Relation.GT, sympy.GreaterThan: Relation.GE,
                   sympy.Equality: Relation.EQ, sympy.Unequality: Relation.NE}


def compile_facts(facts: Iterable) -> list[_Fact]:
    """Flatten assumptions into relational facts; an unsupported one raises NotEvaluable
    (sampling outside the true domain could 'refute' a true claim)."""
    out = []
    for fact in facts:
        fact = sympy.sympify(fact, strict=True)
        if fact is sympy.true:
            continue
        if isinstance(fact, sympy.And):
            out.extend(compile_facts(fact.args))
            continue
        relation = _FACT_RELATIONS.get(type(fact))
        if relation is None:
            raise NotEvaluable(f"cannot sample under the assumption {fact}; state it as "
                               f"relations (x > 0, a < b) or symbol assumptions")
        sides = (_plain_side(fact.lhs), _plain_side(fact.rhs))
        out.append(_Fact(fact, relation, compile_expr(fact.lhs), compile_expr(fact.rhs),
                         sides if None not in sides else None))
    return out


def _plain_side(side):
    """A side of a fact that is a symbol (``(symbol, None)``) or a rational number
    (``(None, Fraction)``); None for any other."""
    if isinstance(side, sympy.Symbol):
        return (side, None)
    if isinstance(side, sympy.Rational):
        return (None, Fraction(int(side.p), int(side.q)))
    return None


# 1 / a relative gap between the exact sides beyond which the 60-digit values of
# ``_fact_value`` (relative rounding error about 1e-60) order them as exactly, far from ``TIE``
_CLEAR_GAP_INVERSE = 10 ** 50


def _plain_holds(fact: _Fact, env: Env):
    """Whether a fact of symbols and rationals holds at a point of rational values, decided
    exactly: the answer ``facts_hold`` reaches through 60-digit values and, for equal sides,
    ``exactly_equal``. None when it must take that way (a value that is not a rational, a
    symbol with no value, sides too close for the two ways to be shown to agree)."""
    if env.bound:
        return None
    values = []
    for symbol, number in fact.plain:
        if symbol is not None:
            number = env.values.get(symbol)
            if type(number) is not Fraction:
                return None
        values.append(number)
    (p1, q1), (p2, q2) = ((v.numerator, v.denominator) for v in values)
    # a - b = diff / (q1 q2) with q1, q2 > 0; in integers (Fraction arithmetic costs more
    # than the 60-digit evaluation it replaces)
    diff = p1 * q2 - p2 * q1
    if diff == 0:
        return fact.relation in (Relation.LE, Relation.GE, Relation.EQ)
    if abs(diff) * _CLEAR_GAP_INVERSE <= max(q1 * q2, abs(p1) * q2, abs(p2) * q1):
        return None
    return _HOLD[fact.relation](diff, 0)


def _fact_value(fact: _Fact, env: Env, dps: int = 60):
    ctx = _context()
    B = _MP(ctx)
    with ctx.workdps(dps):
        return _run(B, fact.left, env), _run(B, fact.right, env)


# sides of a fact this close (relative, at 60 digits) are compared exactly: a bound attained
# (2 ph(-i) = -pi) is a tie that rounding would put on either side
# (60-digit rounding stays far below; a boundary placed at 45 digits by ``_place`` far above)
TIE = mpmath.mpf(10) ** -52
# the complex type every mpmath context derives its own from (a local context's mpc is not
# mpmath's global one, so isinstance against that missed ln(x + 2) at x = -3)
_MPC = mpmath.ctx_mp_python._mpc


def facts_hold(facts: Sequence[_Fact], env: Env, exact: Mapping | None = None) -> bool:
    """Whether every fact holds at a point (to select points; certificates are ``certify``'s).
    Near-equal sides are compared exactly, at ``exact`` (symbol -> exact value) or the point's
    own exact values, so a point where a non-strict bound is attained is kept."""
    for fact in facts:
        if fact.plain is not None and exact is None:
            held = _plain_holds(fact, env)
            if held is False:
                return False
            if held:
                continue
        try:
            a, b = _fact_value(fact, env)
            if (isinstance(a, _MPC) or isinstance(b, _MPC)) and \
                    fact.relation not in (Relation.EQ, Relation.NE):
                return False      # an order between complex values (z != 0 is a fact of C)
            if abs(a - b) <= TIE * max(1, abs(a), abs(b)) and exactly_equal(
                    fact.expr.lhs, fact.expr.rhs, env.values if exact is None else exact):
                if fact.relation not in (Relation.LE, Relation.GE, Relation.EQ):
                    return False
                continue
            if not _HOLD[fact.relation](a, b):
                return False
        except (OutOfDomain, NotEvaluable):
            return False
    return True


_HOLD = {Relation.LT: lambda a, b: a < b, Relation.LE: lambda a, b: a <= b,
         Relation.GT: lambda a, b: a > b, Relation.GE: lambda a, b: a >= b,
         Relation.EQ: lambda a, b: a == b, Relation.NE: lambda a, b: a != b}


def _repair(point: dict, facts: Sequence[_Fact], free: Sequence, kinds: Mapping,
            rng: random.Random, tiny: bool = False) -> bool:
    """Move a lone symbol of each violated fact ``s REL expr`` to satisfy it (construction
    when rejection keeps failing); ``tiny`` puts it just past the boundary."""
    for _ in range(3):
        env = Env(point)
        bad = [f for f in facts if not facts_hold([f], env)]
        if not bad:
            return True
        for fact in bad:
            if not _place(point, fact, free, kinds, rng, tiny):
                return False
    return facts_hold(facts, Env(point))


def _place(point, fact, free, kinds, rng, tiny, side: int = 1) -> bool:
    lhs, rhs, relation = fact.expr.lhs, fact.expr.rhs, fact.relation
    for sym, other, rel in ((lhs, rhs, relation), (rhs, lhs, _MIRROR[relation])):
        if sym in free and sym not in other.free_symbols and not kinds[sym].complex:
            base = _integer_side(other, point)
            if base is None:
                try:
                    target = _fact_value(_Fact(other, rel, compile_expr(other),
                                               compile_expr(other)), Env(point))[0]
                except (OutOfDomain, NotEvaluable):
                    return False
                if isinstance(target, _MPC) or not mpmath.isfinite(target):
                    return False
                # 45 digits: str() would round to 15, past the boundary, which a step of
                # 1e-30 then fails to cross (x < pi/2 near pi/2)
                base = Fraction(mpmath.nstr(target, 45, min_fixed=-mpmath.inf,
                                            max_fixed=mpmath.inf, strip_zeros=True))
            size = max(abs(base), Fraction(1))
            if tiny:
                # relative to the boundary itself: past x > -1e-30 lies -1e-30 + 1e-60
                delta = (abs(base) if base else Fraction(1)) / 10**30
            else:
                delta = round_decimal(float(size) * 10 ** rng.uniform(-6, 0.5))
            if kinds[sym].integer:
                value = _integer_past(base, rel, 0 if tiny else rng.randint(0, 3))
            elif rel is Relation.EQ:
                value = base
            elif rel is Relation.NE:  # an excluded point: approached from either side
                value = base + side * delta
            elif rel in (Relation.GT, Relation.GE):
                value = base if (rel is Relation.GE and tiny) else base + delta
            else:
                value = base if (rel is Relation.LE and tiny) else base - delta
            if value is None:
                return False
            value = _signed(value, kinds[sym])
            if value is None:
                return False
            point[sym] = value
            return True
    return False


_MIRROR = {Relation.LT: Relation.GT, Relation.LE: Relation.GE, Relation.GT: Relation.LT,
           Relation.GE: Relation.LE, Relation.EQ: Relation.EQ, Relation.NE: Relation.NE}


def sample_points(symbols: Iterable, facts: Iterable = (), *, seed: int = 0, count: int = 60,
                  fixed: Mapping | None = None, edges: bool = True,
                  deadline: float | None = None, complex_unknown: bool = False) -> list[dict]:
    """Seeded points (symbol -> exact Fraction) that satisfy the symbols' assumptions and
    the relational ``facts``.

    Real values are drawn over several magnitudes (uniform in [-3, 3], log-uniform in
    1e-8..1e8 with a random sign, small simple fractions); integer, positive, nonnegative,
    negative and nonzero symbols are respected, relational facts by rejection and, when
    rejection fails, by construction. With ``edges`` the list ends with edge points (all
    symbols 0, +-1, +-1e-30, +-1e30 where allowed, and each fact's boundary plus a tiny
    step). ``fixed`` gives values that are not drawn. The same seed gives the same points
    (unless ``deadline``, a ``cpu_seconds()`` instant, cuts the drawing short).

    >>> x = sympy.Symbol('x', real=True)
    >>> pts = sample_points([x], [x > -1], seed=1, count=20)
    >>> all(p[x] > -1 for p in pts)
    True
    """
    rng = random.Random(seed)
    fixed = {k: to_exact(v) for k, v in (fixed or {}).items()}
    free = sorted((s for s in set(symbols) if s not in fixed), key=lambda s: (str(s), repr(s)))
    kinds = {s: _kind_of(s, complex_unknown) for s in free}
    facts = compile_facts(facts)
    choices: dict = {}  # symbols confined by an equation to finitely many rational values
    for fact in facts:
        if fact.relation is Relation.EQ and not any(
                side in free and side not in other.free_symbols
                for side, other in ((fact.expr.lhs, fact.expr.rhs), (fact.expr.rhs, fact.expr.lhs))):
            # random points never land on a surface: only construction can satisfy it
            solved = _rational_roots(fact.expr, free, kinds)
            if solved is None:
                raise NotEvaluable(f"cannot sample on {fact.expr}; write it as symbol = "
                                   f"expression")
            choices[solved[0]] = solved[1]
    points: list[dict] = []
    seen = set()

    def accept(point: dict) -> None:
        key = tuple(sorted((str(k), str(v)) for k, v in point.items()))
        if key not in seen:
            seen.add(key)
            points.append(point)

    # simple edge values first, so that a counterexample is as plain as it can be
    if edges:
        for point in _edge_value_points(free, kinds, fixed, facts, rng):
            accept(point)
        for point in _grid_points(free, kinds, fixed, facts, rng):
            accept(point)
    tries = 0
    target = len(points) + count
    while len(points) < target and tries < 40 * count:
        tries += 1
        if deadline is not None and tries % 8 == 0 and cpu_seconds() > deadline:
            break
        if tries > 10 * count and len(points) < target - count + count // 10:
            break  # the facts are (nearly) never met: more tries will not help
        point = dict(fixed)
        for s in free:
            value = rng.choice(choices[s]) if s in choices else None
            while value is None:
                value = _draw(rng, kinds[s])
            point[s] = value
        if facts_hold(facts, Env(point)) or _repair(point, facts, free, kinds, rng):
            accept(point)
    if edges:
        for point in _boundary_points(free, kinds, facts, rng, points[-count:]):
            accept(point)
    return points


# -- exact special points of complex variables ---------------------------------------------

def _rational_roots(equation, free, kinds):
    """(symbol, its values) when the equation holds at finitely many rational values of one
    of its symbols (x^2 = 4: x = -2 or 2), so that points can be built on it; else None."""
    for sym in sorted(equation.free_symbols & set(free), key=str):
        if kinds[sym].complex:
            continue
        try:
            roots = sympy.solveset(equation.lhs - equation.rhs, sym, sympy.S.Reals)
        except (NotImplementedError, ValueError, TypeError):
            continue
        if isinstance(roots, sympy.FiniteSet) and roots and all(r.is_Rational for r in roots):
            exact = [Fraction(int(r.p), int(r.q)) for r in roots]
            values = [v for v in exact if _signed(v, kinds[sym]) == v
                      and (not kinds[sym].integer or v.denominator == 1)]
            if values:
                return sym, sorted(set(values))
    return None


GRID_VALUES = tuple(map(Fraction, (-2, -1, "-1/2", "1/2", 1, 2, 3)))
GRID_POINTS = 40


def _grid_points(free, kinds, fixed, facts, rng) -> list[dict]:
    """Mixed simple values (x = -1 with a = 2 and b = 1/2 breaks (x^a)^b = x^(ab)): the whole
    grid of GRID_VALUES for up to two real symbols, a seeded part of it for more."""
    real = [s for s in free if not kinds[s].complex]
    if not real or len(real) != len(free):
        return []
    if len(GRID_VALUES) ** len(real) <= GRID_POINTS * 2:
        combos = list(itertools.product(GRID_VALUES, repeat=len(real)))
    else:
        combos = [tuple(rng.choice(GRID_VALUES) for _ in real) for _ in range(GRID_POINTS)]
    out = []
    for combo in combos:
        point = dict(fixed)
        for s, v in zip(real, combo):
            v = _signed(v, kinds[s])
            if v is None or (kinds[s].integer and v.denominator != 1):
                break
            point[s] = v
        else:
            if facts_hold(facts, Env(point)):
                out.append(point)
    return out


def _edge_value_points(free, kinds, fixed, facts, rng) -> list[dict]:
    """All free symbols at one edge value (0, +-1, +-1e-30, +-1e30): equal arguments."""
    out = []
    for v in EDGE_VALUES + EXTREME_VALUES:
        point = dict(fixed)
        for s in free:
            value = v
            if kinds[s].integer and value.denominator != 1:
                value = None
            elif kinds[s].integer and abs(value) > 10**6:
                value = Fraction(10**6) * (1 if value > 0 else -1)
            if value is not None:
                value = _signed(value, kinds[s])
            if value is None:
                break
            point[s] = Gaussian(value, Fraction(0)) if kinds[s].complex else value
        else:
            if facts_hold(facts, Env(point)) or _repair(point, facts, free, kinds, rng):
                out.append(point)
    return out


def _boundary_points(free, kinds, facts, rng, drawn) -> list[dict]:
    """Each fact's boundary, approached from inside by a tiny relative step."""
    out = []
    for fact in facts:
        for start in drawn[:2]:
            for side in ((1, -1) if fact.relation is Relation.NE else (1,)):
                point = dict(start)
                if _place(point, fact, free, kinds, rng, tiny=True, side=side) \
                        and facts_hold(facts, Env(point)):
                    out.append(point)
    return out


def size_symbols(*exprs) -> list:
    """Integer symbols that bound a Sum/Product/MaxOver range: sizes such as L or n."""
    sizes = set()
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, ExprWithLimits) and isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
                for limit in node.limits:
                    for end in limit[1:]:
                        for s in end.free_symbols:
                            if not s.is_integer:
                                raise NotEvaluable(f"the range of {node} ends at {end}, and {s} is "
                                                   f"not an integer symbol; declare it integer=True")
                            sizes.add(s)
    return sorted(sizes, key=str)


def variables(*exprs) -> list:
    """The symbols to sample: free Symbols that are not IndexedBase labels."""
    labels = {idx.base.label for e in exprs for idx in e.atoms(sympy.Indexed)}
    found = {s for e in exprs for s in e.free_symbols if isinstance(s, sympy.Symbol)}
    return sorted(found - labels, key=str)


def _indexed_kinds(*exprs, complex_unknown: bool = False) -> dict:
    kinds = {}
    for expr in exprs:
        for idx in expr.atoms(sympy.Indexed):
            kinds[str(idx.base.label)] = _kind_of(idx.base, complex_unknown)
            if idx.is_positive or idx.is_negative or idx.is_nonnegative:
                kinds[str(idx.base.label)] = _kind_of(idx)
    return kinds


SIZES = (2, 3, 4, 5, 7, 10, 16, 21, 30, 50, 100, 300, 1000)


BIG_SIZE = 10_000  # tried where it is cheap: one size, unnested ranges, no drawn entries


RANDOM_SIZES = 3   # seeded random sizes, log-uniform between 4 and 1000


TERM_BUDGET = 1_000_000  # largest size^nesting of a plan's instances (counted, not timed)


MAX_INSTANCES = 40


def _nesting(exprs, sizes) -> int:
    """How the terms of a claim grow with its sizes: n^k for k nested ranges whose inner
    range depends on the outer index (an inner range that does not is computed once)."""
    ranged = (sympy.Sum, sympy.Product, MaxOver)

    def depth(expr, bound: frozenset) -> int:
        if isinstance(expr, ranged):
            index = expr.limits[0][0]
            inner = depth(expr.function, bound | {index})
            grows = any(s in sizes for lim in expr.limits for e in lim[1:] for s in e.free_symbols)
            return inner + 1 if grows else inner
        if not isinstance(expr, sympy.Basic) or not expr.args:
            return 0
        return max((depth(arg, bound) for arg in expr.args), default=0)

    return max((depth(e, frozenset()) for e in exprs), default=0)


def _smallest_size(sym) -> int:
    """The smallest value a size may take: 1 if positive, 0 if nonnegative, and -3 for a
    bare integer (empty ranges, as the empty sum 0 or empty product 1: sum_{j=1}^n j =
    n(n+1)/2 holds at n = -1 and 0 but fails at n = -2)."""
    kind = _kind_of(sym)
    if kind.sign == "pos":
        return 1
    if kind.sign == "nonneg":
        return 0
    if kind.sign in ("neg", "nonpos"):
        raise NotEvaluable(f"the size {sym} is declared negative; ranges up to it are empty")
    return -3


def _size_values(sym, facts, rng, cap: int) -> list[int]:
    """Every size to try for one size symbol: the smallest allowed, the boundaries of its
    facts, then log-spaced and random sizes up to ``cap``."""
    lo = _smallest_size(sym)
    values = {lo, lo + 1, lo + 2, lo + 3, lo + 4}
    for fact in facts:
        e = fact.expr
        for side, other, rel in ((e.lhs, e.rhs, fact.relation), (e.rhs, e.lhs, _MIRROR[fact.relation])):
            if side == sym and other.is_number and other.is_finite:
                edge = _integer_past(Fraction(str(sympy.nsimplify(other))) if other.is_Rational
                                     else Fraction(math.floor(float(other))), rel, 0)
                if edge is not None:
                    values |= {int(edge), int(edge) + 1, int(edge) - 1}
    values |= {v for v in SIZES if v <= cap}
    values |= {int(10 ** rng.uniform(math.log10(4), 3)) for _ in range(RANDOM_SIZES)}
    if cap >= BIG_SIZE:
        values.add(BIG_SIZE)
    values = sorted(v for v in values if v >= lo and v <= max(cap, lo + 2))
    return [v for v in values
            if facts_hold([f for f in facts if f.expr.free_symbols <= {sym}], Env({sym: Fraction(v)}))]


def _instances(sizes, facts, exprs=(), seed: int = 0) -> list[dict]:
    """The sizes a general claim is tried at, in order: for one size every value of
    ``_size_values``; for several, all at their smallest, each alone over its values with
    the others small, all equal, and a few random combinations. Instances whose terms
    would exceed ``TERM_BUDGET`` are left out (and so not claimed in the evidence)."""
    if not sizes:
        return [{}]
    rng = random.Random(f"sizes/{seed}")
    k = max(1, _nesting(exprs, set(sizes)))
    cap = int(TERM_BUDGET ** (1 / k))
    cheap = len(sizes) == 1 and k == 1 and not any(e.atoms(sympy.Indexed) for e in exprs)
    cap = BIG_SIZE if cheap else min(cap, 1000)
    per = {s: _size_values(s, facts, rng, cap) for s in sizes}
    if any(not v for v in per.values()):
        return []
    if len(sizes) == 1:
        combos = [(v,) for v in per[sizes[0]]]
    else:
        small = [next((v for v in per[s] if v >= 1), per[s][0]) for s in sizes]
        combos = [tuple(per[s][0] for s in sizes), tuple(small)]
        for i, s in enumerate(sizes):
            for v in per[s]:
                combos.append(tuple(v if m == i else small[m] for m in range(len(sizes))))
        common = sorted(set.intersection(*(set(per[s]) for s in sizes)))
        combos += [(v,) * len(sizes) for v in common]
        combos += [tuple(rng.choice(per[s]) for s in sizes) for _ in range(RANDOM_SIZES)]
    size_facts = [f for f in facts if f.expr.free_symbols <= set(sizes)]
    out, seen = [], set()
    for combo in combos:
        if combo in seen or math.prod(max(abs(c), 1) for c in combo) ** k > max(TERM_BUDGET, BIG_SIZE):
            continue
        seen.add(combo)
        point = {s: Fraction(v) for s, v in zip(sizes, combo)}
        if facts_hold(size_facts, Env(point)):
            out.append(point)
    if len(out) > MAX_INSTANCES:  # keep both ends and spread the rest
        step = len(out) / MAX_INSTANCES
        out = [out[int(i * step)] for i in range(MAX_INSTANCES - 1)] + [out[-1]]
    return out


@dataclass
class Sample:
    """A point with the lazy draws of its indexed coordinates."""

    values: dict
    draw: Callable | None
    label: str = ""

    def env(self) -> Env:
        return Env(self.values, self.draw)


def _drawer(rng: random.Random, kinds: Mapping, constant: Fraction | None = None,
            distributions: Mapping | None = None):
    def draw(key):
        label = key[0]
        if distributions and label in distributions:
            return distributions[label](rng)
        kind = kinds.get(label, ValueKind())
        if constant is not None:
            value = _signed(constant, kind)
            if value is not None and not (kind.integer and constant.denominator != 1):
                return value
        value = None
        while value is None:
            value = _draw(rng, kind)
        return value
    return draw


def _index_facts(exprs) -> list:
    """Implicit ranges of free indices: ``x_j`` beside ``max_j x_j`` (j from 1 to L) means
    1 <= j <= L; without it a sampled j = -3 would 'refute' a true step."""
    ranges = {}
    for e in exprs:
        for node in sympy.preorder_traversal(e):
            if isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
                for limit in node.limits:
                    if len(limit) != 3:
                        continue
                    v, lo, hi = limit
                    for idx in node.function.atoms(sympy.Indexed):
                        if v in idx.indices:
                            ranges.setdefault(idx.base.label, (lo, hi))
    # a size (n in x_n beside sum_{i=1}^{n} x_i) keeps its own range: 1 <= n would hide n = 0
    free = set(variables(*exprs)) - set(size_symbols(*exprs))
    out = []
    for e in exprs:
        for idx in e.atoms(sympy.Indexed):
            bounds = ranges.get(idx.base.label)
            for i in idx.indices if bounds else ():
                if isinstance(i, sympy.Symbol) and i in free and i.is_integer:
                    for fact in (sympy.Ge(i, bounds[0]), sympy.Le(i, bounds[1])):
                        if fact is not sympy.true and fact not in out:
                            out.append(fact)
    return out


_SIGNS = {(Relation.GT, "right"): "pos", (Relation.GE, "right"): "nonneg",
          (Relation.LT, "right"): "neg", (Relation.LE, "right"): "nonpos",
          (Relation.LT, "left"): "pos", (Relation.LE, "left"): "nonneg",
          (Relation.GT, "left"): "neg", (Relation.GE, "left"): "nonpos"}


def _split_indexed_facts(facts, sizes=()) -> tuple[list, dict]:
    """Separate facts about every entry of an indexed quantity (``x_j > 0`` with a symbolic
    j reads as: for all j) into signs of its draws; other facts stay relational. An index
    that is a size of the claim (``b_j >= 0`` beside ``sum_{i=1}^{j}``) names one entry, which
    the sampler cannot constrain: NotEvaluable, never a sign for every entry."""
    plain, signs = [], {}
    for fact in facts:
        fact = sympy.sympify(fact, strict=True)
        parts = fact.args if isinstance(fact, sympy.And) else (fact,)
        for part in parts:
            entries = [i for i in part.atoms(sympy.Indexed)
                       if any(not idx.is_Integer for idx in i.indices)]
            if not entries:
                plain.append(part)
                continue
            single = [i for i in entries if set(i.free_symbols) & set(sizes)]
            if single:
                raise NotEvaluable(f"cannot sample under {part}: {single[0]} is one entry (its "
                                   f"index is a size of the claim), not every entry")
            relation = _FACT_RELATIONS.get(type(part))
            side = ("left" if part.lhs == 0 else "right") if 0 in (part.lhs, part.rhs) else None
            entry = part.rhs if side == "left" else part.lhs
            if relation is None or side is None or not isinstance(entry, sympy.Indexed) \
                    or (relation, side) not in _SIGNS:
                raise NotEvaluable(f"cannot sample under {part}: an assumption about every "
                                   f"entry of {entries[0].base} must read like x_j > 0")
            signs[str(entry.base.label)] = _SIGNS[(relation, side)]
    return plain, signs


@dataclass
class _Plan:
    """The points of a claim and what shaped them."""

    samples: list
    sizes: list
    instances: list
    facts: list          # SymPy relationals that hold at every point (for certificates)
    kinds: dict          # indexed label -> ValueKind
    implicit: list = field(default_factory=list)  # index ranges read off the claim
    domain: str = ""     # what was sampled, in words
    exact_points: list = field(default_factory=list)  # special points with irrational values
    specials: int = 0    # special points among the samples (exact rational or Gaussian)
    left_out: list = field(default_factory=list)  # instances past a probe's weight: no points


def _kind_text(kind: ValueKind) -> str:
    if kind.complex:
        return "complex"
    base = "integer" if kind.integer else "real"
    sign = {"pos": " > 0", "neg": " < 0", "nonneg": " >= 0", "nonpos": " <= 0",
            "nonzero": " != 0"}.get(kind.sign, "")
    return base + sign


def _domain_text(kinds: Mapping, ikinds: Mapping, facts) -> str:
    """The sampled domain in words: each variable's set and the relational assumptions."""
    parts = [f"{s} {_kind_text(k)}" for s, k in kinds.items()]
    parts += [f"{label}_j {_kind_text(k)}" for label, k in sorted(ikinds.items())]
    stated = [str(f) for f in facts]
    text = ", ".join(parts)
    if stated:
        text += f" with {', '.join(stated)}"
    return text


def point_items(sample: Sample) -> tuple[tuple[str, str], ...]:
    items = [(key_name(k), fraction_text(v)) for k, v in sample.values.items()]
    return tuple(sorted(items, key=lambda kv: _natural(kv[0])))


def _instance_text(sizes, instances) -> str:
    if not sizes:
        return ""
    if len(sizes) == 1:
        s = sizes[0]
        return f" (instances {s}={','.join(str(int(p[s])) for p in instances)})"
    combos = "; ".join(",".join(f"{s}={int(p[s])}" for s in sizes) for p in instances)
    return f" (instances {combos})"


def is_real_claim(exprs, samples) -> bool:
    if any(e.has(sympy.I) for e in exprs):
        return False
    return not any(isinstance(v, Gaussian) for s in samples for v in s.values.values())


def _size_key(values: Mapping, sizes) -> tuple:
    return tuple(sorted((str(s), str(v)) for s, v in values.items() if s in sizes))


def _planned(plan: _Plan) -> dict:
    """How many points the plan holds at each instance of the sizes."""
    counts: dict = {}
    for sample in plan.samples:
        key = _size_key(sample.values, set(plan.sizes))
        counts[key] = counts.get(key, 0) + 1
    return counts
