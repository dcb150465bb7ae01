"""Shrinking counterexamples: simpler points, every assumption kept, certified again.

Each refutation below is checked independently of the ball arithmetic that produced it:
the shown point is substituted exactly into the claim and the assumptions with SymPy.
Several claims are chosen so that naive shrinking toward 0 would break an assumption
(strict inequalities, integrality, n >= 1, z != 0, a < b, signs of entries, parity).
"""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from sympy import Rational

from symbolic.model import Relation
from symbolic.numeric import judge_claim
from symbolic.numeric.backends import Gaussian
from symbolic.numeric.sampling import ValueKind
from symbolic.numeric.shrink import (SHRINK_ATTEMPTS, admissible, candidates, height,
                                     shrink_point)

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", real=True)
a = sympy.Symbol("a", real=True)
b = sympy.Symbol("b", real=True)
z = sympy.Symbol("z", real=True, nonzero=True)
k = sympy.Symbol("k", integer=True)
m = sympy.Symbol("m", integer=True, positive=True)
e = sympy.Symbol("e", even=True)
n = sympy.Symbol("n", integer=True, positive=True)
j = sympy.Symbol("j", integer=True)
X = sympy.IndexedBase("x")
P = sympy.IndexedBase("p", positive=True)

_RELATIONS = {Relation.EQ: sympy.Eq, Relation.LT: sympy.Lt, Relation.LE: sympy.Le,
              Relation.GT: sympy.Gt, Relation.GE: sympy.Ge, Relation.NE: sympy.Ne}


def _point(finding) -> dict:
    """The coordinates of a counterexample as exact rationals, by name."""
    return {name: Fraction(value) for name, value in finding.counterexample
            if name not in ("lhs", "rhs")}


def _substitute(expr, point: dict):
    """``expr`` at the point: symbols by name, entries ``x[3]`` by label and index."""
    def value(name):
        v = point[name]
        return sympy.Rational(v.numerator, v.denominator)
    expr = expr.subs({s: value(str(s)) for s in expr.free_symbols if str(s) in point}).doit()
    return expr.replace(lambda t: isinstance(t, sympy.Indexed),
                        lambda t: value(f"{t.base.label}[{','.join(map(str, t.indices))}]"))


def _truth(relation, lhs, rhs) -> bool:
    held = _RELATIONS[relation](lhs, rhs)
    if held not in (sympy.true, sympy.false):
        held = _RELATIONS[relation](sympy.N(lhs, 60), sympy.N(rhs, 60))
    assert held in (sympy.true, sympy.false), f"undecided at the point: {held}"
    return bool(held)


def _symbol_assumptions_hold(point: dict, symbols) -> None:
    for s in symbols:
        if str(s) not in point:
            continue
        v = sympy.Rational(point[str(s)].numerator, point[str(s)].denominator)
        for name in ("integer", "positive", "nonnegative", "negative", "nonzero", "even", "odd"):
            if getattr(s, f"is_{name}"):
                assert getattr(v, f"is_{name}"), f"{s} = {v} is not {name}"


def _refuted_at(lhs, relation, rhs, assumptions=(), symbols=()) -> dict:
    finding = judge_claim(lhs, relation, rhs, assumptions)
    assert finding.verdict == "refuted", finding.detail
    point = _point(finding)
    # independently: every stated assumption holds there and the claim fails there
    for fact in assumptions:
        assert _substitute(fact, point) == sympy.true, (fact, point)
    _symbol_assumptions_hold(point, symbols or (lhs.free_symbols | rhs.free_symbols))
    assert not _truth(relation, _substitute(lhs, point), _substitute(rhs, point)), point
    return point


# -- the shrinker alone ---------------------------------------------------------------

KINDS = [ValueKind(), ValueKind(integer=True), ValueKind(sign="pos"), ValueKind(sign="nonneg"),
         ValueKind(sign="neg"), ValueKind(sign="nonzero"), ValueKind(integer=True, sign="pos"),
         ValueKind(integer=True, parity=0), ValueKind(integer=True, parity=1, sign="neg"),
         ValueKind(complex=True, sign="nonzero")]
VALUES = [Fraction(13107, 10000), Fraction(-3, 7), Fraction(10**30), Fraction(1, 10**30),
          Fraction(-22), Fraction(7), Fraction(-1, 10**30), Fraction(1000001)]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("value", VALUES)
def test_candidates_are_admissible_and_strictly_simpler(kind, value):
    if kind.complex:
        value = Gaussian(value, Fraction(1, 3))
    found = candidates(value, kind)
    for c in found:
        assert admissible(c, kind), (c, kind)
        assert height(c) <= height(value) and c != value
    assert [height(c) for c in found] == sorted(height(c) for c in found) or kind.complex


def test_candidates_never_offer_zero_where_excluded():
    for kind in (ValueKind(sign="pos"), ValueKind(sign="nonzero"), ValueKind(sign="neg"),
                 ValueKind(complex=True, sign="nonzero")):
        value = Gaussian(Fraction(3), Fraction(0)) if kind.complex else Fraction(-5 if
                                                                                kind.sign == "neg" else 5)
        found = candidates(value, kind)
        assert Fraction(0) not in found
        assert all(not isinstance(c, Gaussian) or c.re or c.im for c in found)


def test_shrink_keeps_only_accepted_points():
    allowed = {Fraction(17, 3), Fraction(5), Fraction(9, 2), Fraction(1000)}
    start = {"x": Fraction(1000)}
    result = shrink_point(start, lambda p: p["x"] in allowed, {"x": ValueKind()})
    assert result.values["x"] in allowed
    assert result.values["x"] == Fraction(5)  # the simplest of those reachable
    assert result.changed and result.attempts <= SHRINK_ATTEMPTS


def test_shrink_is_counted_and_deterministic():
    calls = []

    def fails(p):
        calls.append(dict(p))
        return p["x"] > Fraction(1, 7) and p["y"] != 0
    start = {"x": Fraction(987654321, 1000), "y": Fraction(-31, 17)}
    kinds = {"x": ValueKind(), "y": ValueKind()}
    first = shrink_point(start, fails, kinds, attempts=40)
    assert first.attempts <= 40 and len(calls) == first.attempts
    again = shrink_point(start, fails, kinds, attempts=40)
    assert again == first
    assert fails(first.values)


def test_integer_is_bisected_to_the_threshold():
    # fails from 22027 on (ln n > 10): stepping down one at a time would need 8000 trials
    result = shrink_point({"n": Fraction(30000)}, lambda p: p["n"] >= 22027,
                          {"n": ValueKind(integer=True, sign="pos")})
    assert result.values["n"] == 22027
    assert result.attempts < 100


def test_parity_is_kept_when_bisecting():
    result = shrink_point({"e": Fraction(1000)}, lambda p: p["e"] >= 37,
                          {"e": ValueKind(integer=True, parity=0)})
    assert result.values["e"] == 38


# -- refutations of the numeric tier, shrunk (checked independently with SymPy) --------

def test_strict_lower_bound_is_kept():
    # fails at 0 and at 1/2, but x > 1/2 is stated: the simplest admissible failure is 1
    point = _refuted_at(x**2, Relation.GT, sympy.Integer(1), [sympy.Gt(x, sympy.Rational(1, 2))])
    assert point["x"] > Fraction(1, 2)
    assert point["x"] == 1


def test_strict_bound_with_a_window():
    point = _refuted_at(x**2, Relation.GT, sympy.Integer(4), [sympy.Gt(x, 1)])
    assert 1 < point["x"] <= 2
    assert height(point["x"]) <= 3


def test_two_strict_bounds():
    point = _refuted_at(x + y, Relation.LT, sympy.Integer(3),
                        [sympy.Gt(x, sympy.Rational(1, 2)), sympy.Gt(y, sympy.Rational(1, 2))])
    assert point["x"] > Fraction(1, 2) and point["y"] > Fraction(1, 2)
    assert max(height(point["x"]), height(point["y"])) <= 2


def test_relation_between_variables_is_kept():
    point = _refuted_at(a**2, Relation.LT, b**2, [sympy.Lt(a, b)])
    assert point["a"] < point["b"]
    assert max(height(point["a"]), height(point["b"])) <= 1


def test_nonzero_symbol_never_shrinks_to_zero():
    # z^2 >= 10^-6 fails only for |z| < 10^-3; z = 0 is excluded
    point = _refuted_at(z**2, Relation.GE, sympy.Rational(1, 10**6))
    assert point["z"] != 0 and abs(point["z"]) < Fraction(1, 1000)
    assert height(point["z"]) <= 10**4  # not the sampler's 1e-30


def test_integer_symbol_stays_integer():
    # sin k > -1/2 fails first at k = 4 among small integers; 1/2 etc. would be no integer
    point = _refuted_at(sympy.sin(k), Relation.GT, sympy.Rational(-1, 2))
    assert point["k"].denominator == 1


def test_positive_integer_lower_bound():
    point = _refuted_at(m**2, Relation.LT, sympy.Integer(9), [sympy.Ge(m, 2)])
    assert point["m"] == 3


def test_even_symbol_stays_even():
    point = _refuted_at(e**2, Relation.LT, sympy.Integer(100), [sympy.Gt(e, 0)])
    assert point["e"] % 2 == 0 and point["e"] >= 10
    assert point["e"] == 10


def test_size_at_least_one_and_entries_pruned():
    lhs = sympy.Sum(X[j] ** 2, (j, 1, n))
    point = _refuted_at(lhs, Relation.LE, X[1] ** 2, [], symbols=[n])
    assert point["n"] >= 2
    entries = sorted(int(name[2:-1]) for name in point if name.startswith("x["))
    assert entries == list(range(1, int(point["n"]) + 1))  # no entry past the size
    assert all(height(v) <= 2 for v in point.values())


def test_positive_entries_stay_positive():
    lhs = sympy.Sum(P[j], (j, 1, n))
    point = _refuted_at(lhs, Relation.GE, n, [], symbols=[n])
    assert all(v > 0 for name, v in point.items() if name.startswith("p["))
    assert all(height(v) <= 2 for v in point.values())


def test_far_size_is_bisected_to_the_first_failing_size():
    lhs = sympy.log(sympy.Sum(sympy.exp(X[j]), (j, 1, n)))
    from symbolic.functions import MaxOver
    rhs = MaxOver(X[j], (j, 1, n)) + 10
    finding = judge_claim(lhs, Relation.LE, rhs, [])
    assert finding.verdict == "refuted", finding.detail
    shown = dict(finding.counterexample)
    # ln n > 10 exactly from n = 22027 (e^10 = 22026.47...)
    assert shown["n"] == "22027", finding.detail
    assert "shrunk" in finding.detail


def test_shrinking_is_deterministic():
    first = judge_claim(x**2, Relation.GT, sympy.Integer(4), [sympy.Gt(x, 1)])
    second = judge_claim(x**2, Relation.GT, sympy.Integer(4), [sympy.Gt(x, 1)])
    assert first == second


def test_complex_nonzero_point_stays_nonzero():
    w = sympy.Symbol("w", nonzero=True)  # complex, w != 0
    finding = judge_claim(sympy.log(w**2), Relation.EQ, 2 * sympy.log(w), [])
    assert finding.verdict == "refuted", finding.detail
    shown = dict(finding.counterexample)
    assert shown["w"] not in ("0", "0+0*I", "0-0*I")


def test_integer_symbol_skips_simpler_fractions():
    # fails at k = 1/2 (simpler) and k = 3; k is an integer, so only 3 is a counterexample
    claim = sympy.Abs(k - 3) * sympy.Abs(2 * k - 1)
    point = _refuted_at(claim, Relation.GT, sympy.Integer(0))
    assert point["k"] == 3


def test_stated_size_bound_is_kept():
    # n is any integer (ranges up to n <= 0 are empty), but n >= 1 is stated: the claim
    # fails at every size, and shrinking toward 0 must stop at 1
    size = sympy.Symbol("n", integer=True)
    lhs = sympy.Sum(sympy.Integer(1), (j, 1, size))
    point = _refuted_at(lhs, Relation.LE, size - 1, [sympy.Ge(size, 1)], symbols=[size])
    assert point["n"] == 1


# -- approximations: the failing point stays inside the regime's ranges ------------------

def _approx_counterexample(lhs, rhs, ranges, assumptions=()):
    from symbolic.checks.approx import measure
    from symbolic.model import Regime
    outcome = measure(lhs, Relation.APPROX, rhs, Regime(ranges=ranges), assumptions)
    assert outcome.verdict.value == "refuted", outcome
    return {k: v for k, v in outcome.counterexample if k not in ("lhs", "rhs")}


def test_approximation_counterexample_is_the_smallest_size_of_the_regime():
    size = sympy.Symbol("n", integer=True, positive=True)
    shown = _approx_counterexample(sympy.E / (size - 1 + sympy.E), sympy.Integer(1),
                                   ((size, 2, 4096),))
    assert shown == {"n": "2"}
    # 0..4 are simpler but outside the stated range: never shown
    shown = _approx_counterexample(sympy.E / (size - 1 + sympy.E), sympy.Integer(1),
                                   ((size, 5, 4096),))
    assert shown == {"n": "5"}


@pytest.mark.parametrize("lo, hi, expected", [(Rational(1, 3), 7, "1"), (Rational(3, 2), 7, "2"),
                                              (-7, Rational(-3, 2), "-2"),
                                              (Rational(1, 10), Rational(1, 5), "0.2")])
def test_approximation_counterexample_stays_in_a_real_range(lo, hi, expected):
    shown = _approx_counterexample(x, sympy.Integer(0), ((x, lo, hi),))
    assert shown == {"x": expected}


def test_approximation_counterexample_keeps_the_assumptions():
    # x in [-7, 7] but x > 5/2 assumed: 1 and 2, simpler failing points of the range, are excluded
    shown = _approx_counterexample(x, sympy.Integer(0), ((x, -7, 7),),
                                   (sympy.Gt(x, sympy.Rational(5, 2)),))
    assert Fraction(shown["x"]) > Fraction(5, 2) and shown["x"] == "3"
