"""Assumptions written in LaTeX: symbol assumptions, facts, and sharing symbols with the claim."""
import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex import parse_assumptions, parse_chain

SYMBOL_CASES = [
    # (assumption, name, flags that must be True, flags that must be False/None, why)
    ("x > 0", "x", ["positive", "real"], [], "positive"),
    (r"x \ge 0", "x", ["nonnegative"], ["positive"], "nonnegative, not positive"),
    ("x < 0", "x", ["negative"], [], "negative"),
    (r"x \le 0", "x", ["nonpositive"], ["negative"], "nonpositive"),
    ("0 < x", "x", ["positive"], [], "constant on the left"),
    (r"x \neq 0", "x", ["nonzero", "real"], [], "nonzero"),
    (r"n \in \mathbb{Z}_{>0}", "n", ["integer", "positive"], [], "positive integers"),
    (r"n \in \mathbb{N}^+", "n", ["integer", "positive"], [], "N^+ starts at 1"),
    (r"n \in \mathbb{Z}", "n", ["integer"], ["positive"], "integers"),
    (r"x \in \mathbb{R}", "x", ["real"], ["positive"], "reals"),
    (r"x \in \mathbb{R}_{>0}", "x", ["positive"], [], "positive reals"),
    (r"d \geq 1", "d", ["positive"], ["integer"], "a bound >= 1 gives positivity, not integrality"),
]


@pytest.mark.parametrize("latex, name, true_flags, other_flags, why", SYMBOL_CASES,
                         ids=[c[0] for c in SYMBOL_CASES])
def test_symbol_assumption(latex, name, true_flags, other_flags, why):
    sym = parse_assumptions([latex]).symbols[name]
    for flag in true_flags:
        assert getattr(sym, "is_" + flag) is True, why
    for flag in other_flags:
        assert getattr(sym, "is_" + flag) is not True, why


def test_complex_symbol_is_not_real():
    z = parse_assumptions([r"z \in \mathbb{C}"]).symbols["z"]
    assert z.is_complex and z.is_real is None


def test_interval_gives_sign_and_fact():
    result = parse_assumptions(["0 < p < 1"])
    p = result.symbols["p"]
    assert p.is_positive
    assert result.facts == (sympy.Lt(p, 1),)


def test_fact_between_symbols():
    result = parse_assumptions(["a > b", "b > 0"])
    a, b = sympy.Symbol("a", real=True), result.symbols["b"]
    assert result.facts == (sympy.Gt(a, b),)
    assert b.is_positive


def test_bound_is_kept_as_fact():
    result = parse_assumptions([r"d \geq 1"])
    assert result.facts == (sympy.Ge(result.symbols["d"], 1),)


def test_comma_separated_statements():
    result = parse_assumptions(["x > 0, y > -1"])
    assert result.symbols["x"].is_positive
    assert len(result.facts) == 1


def test_latex_is_kept():
    assert parse_assumptions(["x > 0", "y < 0"]).latex == ("x > 0", "y < 0")


def test_same_symbol_object_in_claim_and_facts():
    chain = parse_chain(r"\ln(a - b) = \ln a - \ln b", assumptions=["a > b", "b > 0"])
    (link,) = chain.links
    claim_symbols = {s.name: s for s in link.claim.free_symbols}
    (fact,) = chain.assumptions.facts
    fact_symbols = {s.name: s for s in fact.free_symbols}
    assert claim_symbols["a"] is fact_symbols["a"] or claim_symbols["a"] == fact_symbols["a"]
    assert claim_symbols["b"] == fact_symbols["b"] == chain.assumptions.symbols["b"]
    assert claim_symbols["b"].is_positive


def test_claim_uses_assumed_symbol():
    chain = parse_chain(r"\ln(1 + x) \le x", assumptions=["x > -1"])
    (x,) = chain.links[0].claim.free_symbols
    assert x.is_real
    (fact,) = chain.assumptions.facts
    assert fact == sympy.Gt(x, -1)


def test_index_assumption_is_rebound_in_facts():
    chain = parse_chain(r"\sum_{j=1}^{n} x_j \le n", assumptions=[r"j \ge 1"])
    j = [s for s in chain.links[0].claim.lhs.atoms(sympy.Symbol) if s.name == "j"][0]
    assert j.is_integer and j.is_positive


BAD = [
    ("x", "not a relation"),
    (r"x \approx 1", r"\approx"),
    (r"x \in \mathbb{H}", "unknown set"),
    (r"x + 1 \in \mathbb{R}", "must be symbols"),
    ("x > 0 \\implies y > 0", r"\implies"),
    ("", "empty"),
]


@pytest.mark.parametrize("latex, words", BAD, ids=[b[0] or "empty" for b in BAD])
def test_bad_assumption(latex, words):
    with pytest.raises(ParseError) as info:
        parse_assumptions([latex])
    message = str(info.value)
    assert "\n" not in message and words in message


def test_contradiction_is_reported():
    with pytest.raises(ParseError, match="contradict"):
        parse_assumptions(["x > 0", "x < 0"])


def test_constant_bounds_give_signs():
    result = parse_assumptions([r"y > \pi", r"u \le -1", r"v \ge \sqrt{2}"])
    assert result.symbols["y"].is_positive and result.symbols["v"].is_positive
    assert result.symbols["u"].is_negative
    assert len(result.facts) == 3, "the bounds themselves stay facts"


def test_huge_bound_is_not_evaluated():
    import time
    start = time.perf_counter()
    (fact,) = parse_assumptions([r"w > 9^{9^{9^{9}}}"]).facts
    assert time.perf_counter() - start < 2.0
    assert isinstance(fact, sympy.StrictGreaterThan)


INTERVALS = [
    # (assumption, name, sign flag, facts as strings, why)
    (r"p \in (0, 1)", "p", "positive", ["p < 1"], "open interval"),
    (r"x \in [0, 1]", "x", "nonnegative", ["x <= 1"], "closed interval"),
    (r"x \in [0, \infty)", "x", "nonnegative", [], "half line"),
    (r"t \in (-\infty, 2]", "t", None, ["t <= 2"], "bounded above only"),
]


@pytest.mark.parametrize("latex, name, flag, facts, why", INTERVALS, ids=[c[0] for c in INTERVALS])
def test_interval_membership(latex, name, flag, facts, why):
    result = parse_assumptions([latex])
    sym = result.symbols[name]
    assert sym.is_real
    if flag:
        assert getattr(sym, "is_" + flag), why
    assert [str(f) for f in result.facts] == facts, why


def test_plain_N_is_refused():
    """Authors start N at 0 or at 1: the reader does not pick one."""
    with pytest.raises(ParseError, match="starts at 0"):
        parse_assumptions([r"n \in \mathbb{N}"])


def test_a_complex_symbol_keeps_its_nonzero_assumption():
    # z \in C with z \ne 0 was read as a bare complex z (the \ne 0 silently dropped), after
    # which z = 0 "refuted" exp(log z) = z; SymPy's nonzero means real, so it is zero=False
    from symbolic.latex.parse import parse_assumptions
    z = parse_assumptions([r"z \in \mathbb{C}", r"z \ne 0"]).symbols["z"]
    assert z.is_zero is False and z.is_real is None and z.is_complex is True
