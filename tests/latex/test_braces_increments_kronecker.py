"""Three misreads found by a helper's review (2026-12-02), pinned.

- ``a{b}``: TeX's braces only group, so a{b} is a times b; the parser called a at b.
- ``\\Delta x``: an increment of x (one quantity) or Δ times x; as a product Δx/Δt cancelled to
  x/t and ``a + \\Delta b = a + \\Delta \\cdot b`` was proved. Refused.
- ``\\delta_{ik}`` inside sums: the Kronecker delta; as an entry of an unknown table,
  ``\\sum_k \\delta_{ik} x_k = x_i`` (true) was refuted with delta[1, 1] = 0.
"""
import pytest
import sympy

from symbolic import check
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.model import Verdict
from symbolic.numeric import evaluate

INDEX = (r"n \in \mathbb{Z}_{>0}", r"i \in \mathbb{Z}", r"1 \le i", r"i \le n")


def sides(latex):
    link = parse_chain(latex).links[0]
    return link.claim.lhs, link.claim.rhs


@pytest.mark.parametrize("latex", [r"a{b} = a b", r"\lambda \,{y} = \lambda y",
                                   r"x_i^{2}{y} = x_i^2 y", r"x{(y+1)} = xy + x"])
def test_a_letter_before_braces_is_a_product(latex):
    lhs, rhs = sides(latex)
    assert sympy.expand(lhs - rhs) == 0
    assert not lhs.atoms(sympy.core.function.AppliedUndef)


def test_a_false_claim_with_braces_is_refuted_as_a_product():
    assert check(r"a{b} = 1").verdict is Verdict.REFUTED


@pytest.mark.parametrize("latex", [r"a + \Delta b = a + \Delta \cdot b",
                                   r"\frac{\Delta x}{\Delta t} = \frac{x}{t}",
                                   r"\delta x = x \delta", r"\Delta \mathbf{x} = 1",
                                   r"\Delta (x + 1) = \Delta x + \Delta"])
def test_an_increment_is_refused(latex):
    with pytest.raises(ParseError, match="increment"):
        parse_chain(latex)


def test_delta_times_a_letter_written_out_is_a_product():
    lhs, rhs = sides(r"\Delta \cdot x = x \cdot \Delta")   # x \Delta: a Greek capital after a factor, refused
    assert lhs == rhs


def test_a_two_index_delta_in_a_sum_is_the_kronecker_delta_and_the_note_says_so():
    chain = parse_chain(r"\sum_{k=1}^{n} \delta_{ik} x_k = x_i", assumptions=INDEX)
    assert chain.links[0].claim.lhs.has(sympy.KroneckerDelta)
    assert any("Kronecker" in note for note in chain.notes)


@pytest.mark.parametrize("latex, verdicts", [
    (r"\sum_{k=1}^{n} \delta_{ik} x_k = x_i", {Verdict.PROVED, Verdict.VERIFIED}),
    (r"\sum_{k=1}^{n} \delta_{ik} = 1", {Verdict.PROVED, Verdict.VERIFIED}),
    (r"\sum_{k=1}^{n} \delta_{ik} x_k = x_1", {Verdict.REFUTED}),        # fails at i = 2
    (r"\sum_{k=1}^{n} \delta_{ik} = 2", {Verdict.REFUTED}),
    (r"\sum_{k=1}^{n} \delta_{ik} x_k = \sum_{k=1}^{n} x_k", {Verdict.REFUTED}),  # n = 2
])
def test_kronecker_claims(latex, verdicts):
    assert check(latex, assume=INDEX).verdict in verdicts


def test_a_bare_delta_beside_an_indexed_one_is_refused_never_read_as_kronecker():
    with pytest.raises(ParseError, match="both alone and with an index"):
        parse_chain(r"\sum_{k=1}^{n} \left((\delta_{ik} + \delta) x_k\right) = x_i",
                    assumptions=INDEX)


def test_the_numeric_tier_evaluates_the_kronecker_delta():
    i, k = sympy.symbols("i k", integer=True)
    assert evaluate(sympy.KroneckerDelta(i, k) + 1, {i: 2, k: 2}) == 2
    assert evaluate(sympy.KroneckerDelta(i, k) + 1, {i: 2, k: 3}) == 1
