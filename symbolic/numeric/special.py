"""Exact special points of a claim (axes, small values, stated bounds attained exactly) and
the plan of a claim's points that joins them to the sampled ones (``_claim_samples``).
Split from ``sampling.py``, whose sampling they use.
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
from symbolic.numeric.text import _natural, round_decimal, fraction_text
from symbolic.numeric.sampling import (Sample, TIE, ValueKind, _Fact, _Plan, _domain_text, _drawer, _fact_value, _index_facts, _indexed_kinds, _instances, _kind_of, _signed, _split_indexed_facts, compile_facts, facts_hold, sample_points, size_symbols, variables)


_I, _PI = sympy.I, sympy.pi
# the axes at the usual magnitudes, simplest first. Not the imaginary axis beyond +-i (2i,
# i pi): it is the cut of arctan, arccot, arsinh, whose values there are a convention that the
# evaluator's and the formula's (arctan z = (i/2) ln((i+z)/(i-z)) at z = 2i) need not share;
# i pi and its multiples come in where a stated bound is attained (Im z = -pi: z = -i pi)
AXIS_VALUES = (1, -1, _I, -_I, sympy.Rational(1, 2), -sympy.Rational(1, 2), 2, -2,
               _I / 2, -_I / 2, 1 + _I, 1 - _I, -1 + _I, -1 - _I)
REAL_SPECIALS = (1, -1, 2, -2, sympy.Rational(1, 2), -sympy.Rational(1, 2), 0, 3)
SPECIAL_TRIES = 400   # combinations of special values tried per instance (counted)
SPECIAL_POINTS = 40   # special points kept per instance at most
_PARTS = (sympy.re, sympy.im, sympy.arg, sympy.Abs)


def _attaining(sym, facts: Sequence[_Fact], kind: ValueKind) -> list:
    """Exact values of ``sym`` at which a stated non-strict bound on it alone is attained:
    Im z = -pi at z = -i pi (and 1 - i pi, -1 - i pi), |z| = 1 at z = +-1, +-i, ph z = -pi/2
    at z = -i; for a real symbol the bound itself (x <= pi at x = pi)."""
    out: list = []
    for fact in facts:
        if fact.relation not in (Relation.LE, Relation.GE, Relation.EQ) \
                or fact.expr.free_symbols != {sym}:
            continue
        difference = fact.expr.lhs - fact.expr.rhs
        if sympy.count_ops(difference) > 40:
            continue
        if not kind.complex:
            out += _real_roots(difference, sym)
            continue
        for part in _PARTS:
            atoms = difference.atoms(part)
            if atoms != {part(sym)}:
                continue
            t = sympy.Dummy("t", real=True)
            along = difference.xreplace({part(sym): t})
            if along.has(sym):
                continue
            for root in _real_roots(along, t):
                if part is sympy.re:
                    out += [root, root + _I, root - _I]
                elif part is sympy.im:
                    out += [_I * root, 1 + _I * root, -1 + _I * root]
                elif part is sympy.Abs and root.is_nonnegative:
                    out += [root, -root, _I * root, -_I * root]
                elif part is sympy.arg:
                    out += [sympy.exp(_I * root), 2 * sympy.exp(_I * root)]
    return out


def _real_roots(expr, sym) -> list:
    try:
        roots = sympy.solveset(expr, sym, sympy.S.Reals)
    except (NotImplementedError, ValueError, TypeError, RecursionError):
        return []
    if not isinstance(roots, sympy.FiniteSet) or len(roots) > 6:
        return []
    return [r for r in roots if r.is_real and r.is_finite and not r.has(sympy.Float)]


def _special_values(sym, kind: ValueKind, facts) -> list:
    """The special values of one symbol, simplest first, those attaining a bound before all."""
    if kind.complex:
        values = _attaining(sym, facts, kind) + [sympy.sympify(v) for v in AXIS_VALUES]
        if kind.sign == "nonzero":
            values = [v for v in values if v != 0]
    else:
        values = []
        for v in _attaining(sym, facts, kind) + [sympy.sympify(v) for v in REAL_SPECIALS]:
            if v.is_Rational:
                signed = _signed(Fraction(int(v.p), int(v.q)), kind)
                if signed is None or signed != Fraction(int(v.p), int(v.q)) \
                        or (kind.integer and signed.denominator != 1):
                    continue
            elif kind.integer or kind.sign != "any":
                continue   # an irrational bound of an integer or signed symbol: not drawn
            values.append(v)
    unique: list = []
    for v in values:
        v = sympy.nsimplify(v) if v.has(sympy.exp) else v   # e^{-i pi/2} = -i
        if v not in unique:
            unique.append(v)
    return unique


def _shells(lengths: Sequence[int], budget: int):
    """Index tuples into lists of these lengths, by growing largest index (all pairs of the
    first few values before any later value): simple combinations first."""
    count = 0
    for rank in range(max(lengths, default=0)):
        for combo in itertools.product(*(range(min(rank + 1, n)) for n in lengths)):
            if max(combo) != rank:
                continue
            yield combo
            count += 1
            if count >= budget:
                return


def _approximate(value, ctx):
    """A 70-digit mpmath value of an exact SymPy number (to select points; never certified)."""
    number = sympy.N(value, 70)
    re_part, im_part = number.as_real_imag()
    with ctx.workdps(70):
        return ctx.mpc(ctx.mpf(str(sympy.Float(re_part, 70))), ctx.mpf(str(sympy.Float(im_part, 70))))


def special_points(symbols: Iterable, facts: Iterable = (), *, fixed: Mapping | None = None,
                   complex_unknown: bool = False) -> list[dict]:
    """Exact points (symbol -> SymPy number) at special values of the complex variables, for
    claims that have any: the axes (+-1, +-i, +-1/2, +-2, +-i/2, +-1 +-i) and the values at
    which a stated non-strict bound on Re, Im, ph or |.| is attained (Im z = -pi at z = -i pi);
    real variables at small simple values. Random points never land where a
    closed bound is attained (ph z_1 + ph z_2 = -pi at z_1 = z_2 = -i, where ln(z_1 z_2) = i pi
    but ln z_1 + ln z_2 = -i pi), so such a false claim would be verified without these.

    Combinations are tried simplest first (``SPECIAL_TRIES`` at most), kept where every fact
    holds (a tie decided exactly), those attaining a bound first (``SPECIAL_POINTS`` at most).
    Values may be irrational (i pi): the judge evaluates those points exactly.

    >>> z1, z2 = sympy.symbols('z1 z2')
    >>> fact = [sympy.arg(z1) + sympy.arg(z2) >= -sympy.pi]
    >>> {z1: -sympy.I, z2: -sympy.I} in special_points([z1, z2], fact, complex_unknown=True)
    True
    >>> z = sympy.Symbol('z')
    >>> {z: -sympy.I * sympy.pi} in special_points([z], [sympy.im(z) >= -sympy.pi],
    ...                                            complex_unknown=True)
    True
    """
    fixed = dict(fixed or {})
    free = sorted((s for s in set(symbols) if s not in fixed), key=lambda s: (str(s), repr(s)))
    kinds = {s: _kind_of(s, complex_unknown) for s in free}
    if not any(k.complex for k in kinds.values()):
        return []
    facts = compile_facts(facts)
    values = {s: _special_values(s, kinds[s], facts) for s in free}
    if any(not v for v in values.values()):
        return []
    ctx = _context()
    approx = {s: [_approximate(v, ctx) if kinds[s].complex or not v.is_Rational
                  else Fraction(int(v.p), int(v.q)) for v in values[s]] for s in free}
    base = {k: (sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v)
            for k, v in fixed.items()}
    attained, inside = [], []
    for combo in _shells([len(values[s]) for s in free], SPECIAL_TRIES):
        exact = dict(base)
        exact.update({s: values[s][i] for s, i in zip(free, combo)})
        env = Env({**fixed, **{s: approx[s][i] for s, i in zip(free, combo)}})
        if not facts_hold(facts, env, exact):
            continue
        (attained if _attains(facts, env, exact) else inside).append(exact)
        if len(attained) >= SPECIAL_POINTS:
            break
    return (attained + inside)[:SPECIAL_POINTS]


def _attains(facts: Sequence[_Fact], env: Env, exact: Mapping) -> bool:
    """Whether a non-strict fact holds with equality at the point (exactly)."""
    for fact in facts:
        if fact.relation in (Relation.LE, Relation.GE):
            try:
                a, b = _fact_value(fact, env)
            except (OutOfDomain, NotEvaluable):
                continue
            if abs(a - b) <= TIE * max(1, abs(a), abs(b)) \
                    and exactly_equal(fact.expr.lhs, fact.expr.rhs, exact):
                return True
    return False


def as_sample_values(point: Mapping, complex_symbols) -> dict | None:
    """An exact point's values as the sampler's (Fraction, and Gaussian for the symbols in
    ``complex_symbols``), or None when one is irrational (the judge evaluates such a point
    exactly instead)."""
    out = {}
    for k, v in point.items():
        if isinstance(v, (Fraction, Gaussian)):
            out[k] = v
            continue
        re_part, im_part = sympy.sympify(v).as_real_imag()
        if not (re_part.is_Rational and im_part.is_Rational):
            return None
        re_f, im_f = (Fraction(int(p.p), int(p.q)) for p in (re_part, im_part))
        if k in complex_symbols:
            out[k] = Gaussian(re_f, im_f)
        elif im_f:
            return None
        else:
            out[k] = re_f
    return out


def _claim_samples(exprs, facts, *, seed, count, deadline=None,
                   complex_unknown: bool = False, max_weight: int | None = None) -> _Plan:
    """The points of a claim: instances of its sizes times sampled points, with edges.

    With ``max_weight``, the instances whose sizes weigh more (their product) get no points
    and are listed in ``left_out``: the other instances' points are exactly those of the whole
    plan (each instance draws from its own seed, and the count per instance is the whole
    plan's), so a probe on them judges a part of the full sweep, in the same order.
    """
    sizes = size_symbols(*exprs)
    symbols = [s for s in variables(*exprs) if s not in sizes]
    facts, signs = _split_indexed_facts(facts, sizes)
    implicit = _index_facts(exprs)
    facts = facts + implicit
    facts_c = compile_facts(facts)
    instances = _instances(sizes, facts_c, exprs, seed)
    if not instances:
        raise NotEvaluable(f"no size satisfies the assumptions on "
                           f"{', '.join(map(str, sizes))}")
    kinds = _indexed_kinds(*exprs, complex_unknown=complex_unknown)
    for label, sign in signs.items():
        kinds[label] = ValueKind(kinds.get(label, ValueKind()).integer, sign)
    per = max(4, count // len(instances)) if sizes else count
    samples: list[Sample] = []
    complex_symbols = {s for s in symbols if _kind_of(s, complex_unknown).complex}
    exact_points: list[dict] = []
    specials = 0
    left_out = []
    for n, fixed in enumerate(instances):
        if deadline is not None and n and cpu_seconds() > deadline:
            instances = instances[:n]
            break
        # a large instance costs its size in terms: fewer points there (counted, not timed,
        # so the evidence is the same on every machine)
        weight = math.prod(max(abs(int(v)), 1) for v in fixed.values()) if fixed else 1
        if max_weight is not None and weight > max_weight:
            left_out.append(fixed)
            continue
        here = per if weight <= 16 else max(1, per * 16 // weight)
        points = sample_points(symbols, facts, seed=seed * 7919 + n, count=here, fixed=fixed,
                               deadline=deadline, complex_unknown=complex_unknown,
                               edges=weight <= 1000)
        if kinds and points and len(points) < here:
            # few distinct symbol values (none but the sizes): vary the indexed draws instead
            points = [points[i % len(points)] for i in range(here)]
        rational_here = []
        if complex_symbols and weight <= 16:
            # the axes and attained bounds first: simple, and where closed bounds bite
            special = special_points(symbols, facts, fixed=fixed, complex_unknown=complex_unknown)
            rational = [v for v in (as_sample_values(p, complex_symbols) for p in special) if v]
            exact_points += [p for p in special if as_sample_values(p, complex_symbols) is None]
            known = {tuple(sorted(map(str, p.items()))) for p in points}
            rational = [p for p in rational if tuple(sorted(map(str, p.items()))) not in known]
            specials += len(rational)
            points = rational + points
            rational_here = rational
        for i, point in enumerate(points):
            rng = random.Random(f"{seed}/{n}/{i}")
            samples.append(Sample(point, _drawer(rng, kinds),
                                  "special" if point in rational_here else ""))
        # equal arguments: every indexed entry the same value
        ends = n == 0 or (n == len(instances) - 1 and weight <= 100)
        constants = (0, 1, -1, 10**30, -10**30) if ends else (0, 1)
        for c in map(Fraction, constants):
            if kinds and points:
                rng = random.Random(f"{seed}/{n}/eq{c}")
                samples.append(Sample(dict(points[0]), _drawer(rng, kinds, constant=c)))
    kinds_of = {s: _kind_of(s, complex_unknown) for s in symbols}
    domain = _domain_text(kinds_of, kinds, facts)
    return _Plan(samples, sizes, instances, facts, kinds, implicit, domain, exact_points, specials,
                 left_out)
