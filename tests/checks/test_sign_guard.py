"""A sign that SymPy's assumptions report wrongly is not a proof (symbolic/checks/_sign_guard.py)."""
from __future__ import annotations

import sympy

from symbolic.checks._ranges import prove_sign_on
from symbolic.checks._sign_guard import contradicted
from symbolic.checks.rules import Link as RuleLink, prove_goal

A, B = sympy.symbols("a b", integer=True, nonnegative=True)
N = sympy.Symbol("n", integer=True, positive=True)
X = sympy.Symbol("x", real=True)


def test_a_wrong_sign_of_sympys_is_contradicted_by_a_point():
    # SymPy 1.14 reports -1 + 5/(a + b + 1) nonnegative for nonnegative integers a, b: false at a = 5
    assert contradicted(-1 + 5 / (A + B + 1), strict=False)


def test_true_signs_are_not_contradicted():
    assert not contradicted(5 / (A + B + 1), strict=True)
    assert not contradicted(X**2 + 1, strict=True)
    assert not contradicted(X**2, strict=False)
    assert contradicted(X**2, strict=True)            # 0 at x = 0


def test_the_rules_do_not_prove_a_sum_of_n_ones_at_most_five():
    # was proved by rules_auto (sum_termwise: 1 <= 5/n, "sign after as written")
    i = sympy.Symbol("i", integer=True)
    assert prove_goal(RuleLink(sympy.Sum(1, (i, 1, N)), sympy.Integer(5), "le"), []) is None
    k = sympy.Dummy("k", integer=True)
    assert prove_sign_on(5 / N - 1, (k >= 1, k <= N)) is None


def test_a_true_termwise_bound_is_still_proved():
    i = sympy.Symbol("i", integer=True)
    assert prove_goal(RuleLink(sympy.Sum(1, (i, 1, N)), N + 1, "le"), []) is not None
