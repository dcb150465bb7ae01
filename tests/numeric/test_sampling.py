"""symbolic.numeric.sampling: sample_points: seeded points that respect assumptions, facts and edges.

Claims are SymPy objects built directly, so that these tests do not depend on the LaTeX
reader. A false claim must be refuted with a certified counterexample, a true one must never
be refuted.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from sympy import IndexedBase, Rational, Symbol

from symbolic.numeric import Certainty, NotEvaluable, sample_points

FAILS, HOLDS, UNDECIDED = Certainty.FAILS, Certainty.HOLDS, Certainty.UNDECIDED

x = Symbol("x", real=True)
y = Symbol("y", real=True)
a = Symbol("a", real=True)
b = Symbol("b", real=True)
p = Symbol("p", positive=True)
k = Symbol("k", integer=True)
n = Symbol("n", integer=True, positive=True)
L = Symbol("L", integer=True, positive=True)
j = Symbol("j", integer=True)
xs = IndexedBase("x", real=True)
TINY = Rational(1, 10**40)
# (1 + 10^-40)^2 - 1 kept unevaluated, as written: SymPy would otherwise compute it exactly
SQUARE_MINUS_ONE = sympy.Add(sympy.Pow(sympy.Add(1, TINY, evaluate=False), 2, evaluate=False),
                             -1, evaluate=False)


# --- sampling -----------------------------------------------------------------------------

def test_sampling_respects_a_relational_fact():
    points = sample_points([x], [x > -1], seed=3, count=40)
    assert len(points) >= 40
    assert all(pt[x] > -1 for pt in points)
    assert any(pt[x] > 1000 for pt in points), "several magnitudes"
    assert any(-1 < pt[x] < Fraction(-999, 1000) for pt in points), "the boundary plus a tiny step"
    assert any(pt[x] == 0 for pt in points), "the edge value 0"


def test_sampling_respects_integer_and_positive_symbols():
    points = sample_points([k, p, n], [], seed=1, count=50)
    assert all(pt[k].denominator == 1 for pt in points)
    assert any(pt[k] < 0 for pt in points)
    assert all(pt[p] > 0 for pt in points)
    assert all(pt[n] > 0 and pt[n].denominator == 1 for pt in points)
    assert any(pt[p] < Fraction(1, 10**6) for pt in points), "tiny positive values too"


def test_sampling_respects_a_chain_of_facts():
    points = sample_points([a, b], [a > b, b > 0], seed=0, count=30)
    assert len(points) >= 30
    assert all(pt[a] > pt[b] > 0 for pt in points)
    assert any(pt[a] - pt[b] < pt[b] / 10**20 for pt in points), "a just above b"


def test_sampling_is_deterministic():
    first = sample_points([x, y], [x > y], seed=7, count=20)
    assert first == sample_points([x, y], [x > y], seed=7, count=20)
    assert first != sample_points([x, y], [x > y], seed=8, count=20)


def test_sampling_refuses_an_assumption_it_cannot_honour():
    with pytest.raises(NotEvaluable):
        sample_points([x], [sympy.Q.prime(x)], seed=0, count=5)




def test_a_complex_nonzero_symbol_is_never_drawn_at_zero():
    import sympy
    from symbolic.numeric import sampling
    z = sympy.Symbol("z", complex=True, zero=False)
    points = sampling.sample_points([z], (), seed=0, count=60)
    assert points and all(not (p[z].re == 0 and p[z].im == 0) for p in points)


def test_facts_of_symbols_and_rationals_decided_exactly_as_evaluated():
    # the exact shortcut for facts like j <= L (sampling.py: _plain_holds, _integer_side)
    # answers as the 60-digit evaluation with its exact tie-break does, ties and near-ties included
    import dataclasses
    import itertools

    from symbolic.numeric.compile import Env
    from symbolic.numeric.sampling import compile_facts, facts_hold
    facts = compile_facts([x <= y, x < y, sympy.Eq(x, y), sympy.Ne(x, y), x >= sympy.Rational(3, 2),
                           y > -7])
    assert all(f.plain is not None for f in facts)
    tiny = Fraction(1, 10 ** 30)
    values = [Fraction(0), Fraction(3, 2), Fraction(1, 3), Fraction(-7), tiny, tiny + tiny ** 2,
              Fraction(10 ** 6), Fraction(10 ** 6 + 1)]
    for a, b in itertools.product(values, repeat=2):
        for fact in facts:
            env = Env({x: a, y: b})
            assert facts_hold([fact], env) is facts_hold([dataclasses.replace(fact, plain=None)],
                                                         env), (fact.expr, a, b)
