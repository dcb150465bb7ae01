"""Every hypothesis a symbol carries is shown in the reports (none stays a hidden SymPy flag)."""
import pytest
import sympy

from symbolic.model import Claim, Kind, Relation, Step
from symbolic.render.rows import assumption_latex


@pytest.mark.parametrize("assumptions, shown", [
    (dict(real=True), []),
    (dict(positive=True), ["k > 0"]),
    (dict(integer=True, positive=True), [r"k \in \mathbb{Z}_{>0}"]),
    (dict(integer=True, nonzero=True), [r"k \in \mathbb{Z}", r"k \ne 0"]),
    (dict(real=True, irrational=True), [r"k \notin \mathbb{Q}"]),
    (dict(integer=True, even=True), [r"k \in \mathbb{Z}", r"k \text{ even}"]),
    (dict(complex=True), [r"k \in \mathbb{C}"]),
])
def test_symbol_assumptions_are_listed(assumptions, shown):
    k = sympy.Symbol("k", **assumptions)
    step = Step("S", Kind.IDENTITY, "q", claim=Claim(k, Relation.EQ, k))
    assert list(assumption_latex(step)) == shown
