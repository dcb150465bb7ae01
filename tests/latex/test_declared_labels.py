"""Superscripts declared labels (``--assume 'l \\text{ is a label}'``): read, or refused where the
letter could still be a power or a value, never misread (symbolic/latex/declared_labels.py)."""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain, parse_expression

LABEL = r"l \text{ is a label}"


def _links(latex, *more):
    parsed = parse_chain(latex, assumptions=(LABEL, *more))
    return [(link.claim.lhs, link.claim.relation.name, link.claim.rhs) for link in parsed.links]


def _name(expr) -> set[str]:
    return {getattr(s, "name", str(s)) for s in expr.free_symbols}


def test_layer_norm_mean_reads_the_layer_as_a_subscript():
    # written by hand first: mu_l = (1/H) sum_i a[i, l]
    [(lhs, rel, rhs)] = _links(r"\mu^l = \frac{1}{H} \sum_{i=1}^H a_i^l")
    assert rel == "EQ" and lhs == sympy.Symbol("mu_l", real=True)
    i, l, H = (sympy.Symbol(n, integer=True) for n in "ilH")
    [summation] = rhs.atoms(sympy.Sum)
    term = summation.function
    assert isinstance(term, sympy.Indexed) and str(term.base) == "a"
    assert [str(x) for x in term.indices] == ["i", "l"]
    assert rhs.has(sympy.Pow) and not any(p.exp == l for p in rhs.atoms(sympy.Pow))


def test_both_orders_of_the_scripts_are_one_name():
    [(lhs, _, rhs)] = _links(r"a^l_i = a_i^l")
    assert lhs == rhs


def test_undeclared_the_layer_superscript_is_still_refused():
    with pytest.raises(ParseError, match="label"):
        parse_chain(r"\mu^l = \frac{1}{H} \sum_{i=1}^H a_i^l")


def test_a_bracketed_square_of_a_labelled_name_stays_a_power():
    [(lhs, _, rhs)] = _links(r"\hat{a}^l = \frac{a^l-\mu^l}{\sqrt{(\sigma^l)^2+\epsilon}}")
    sigma = sympy.Symbol("sigma_l", real=True)
    assert rhs.has(sigma ** 2)
    assert "l" not in _name(rhs)            # no power ^l anywhere


def test_next_layer_is_a_name_of_its_own():
    [(lhs, _, rhs)] = _links(r"h^{l+1} = \mu^{l-1}")
    assert _name(lhs) == {"h_{l+1}"} and _name(rhs) == {"mu_{l-1}"}


@pytest.mark.parametrize("latex, why", [
    (r"2^l = a^l", "other than a name"),                # a power of a number
    (r"e^l = a^l", "other than a name"),                # exp(l)
    (r"(a + b)^l = a^l + b^l", "other than a name"),    # a power of a bracket (false as labels)
    (r"\left(a + b\right)^l = a^l", "other than a name"),
    (r"\|x\|^l = x^l", "other than a name"),
    (r"x^{2l} = a^l", "holds l"),                       # a power with the label inside
    (r"x^{l/2} = a^l", "holds l"),
    (r"x^{1+l} = x^{l+1}", "holds l"),                  # one spelling of the next layer only
    (r"\sigma^l = \sigma^2", "another superscript"),    # a square beside the label
    (r"a_i^l = a_i^2", "another superscript"),
    (r"\sum_{l=1}^{2} \mu^l = \mu^1 + \mu^2", "another superscript"),
    (r"\sum_{l=1}^{2} \mu^l = 2 \mu^l", "written as a value"),   # bound l: L times one term
    (r"\mu^l = l", "written as a value"),
    (r"\sum_{i=1}^{l} a_i^l = 0", "other than a name"),           # a bound, not a label
    (r"\mu^l = \mu", "without it"),                     # a bare mu beside the layer's mu
    (r"a_i^l = a_{ij}", "without it"),                  # a_{i,l} and a_{ij}: one family
    (r"a^l_i + a^l = 0", "with and without an index"),  # the vector and its entry
    # true as powers only (d/dx x^l = l x^(l-1)): x_l beside the variable x would be a constant
    (r"\frac{d}{dx} x^l = 0", "without it"),
    (r"\int_0^1 x^l \, dx = 1", "without it"),
])
def test_refused_where_the_label_could_be_misread(latex, why):
    with pytest.raises(ParseError, match=why):
        parse_chain(latex, assumptions=(LABEL,))


def test_the_expression_reader_uses_the_declaration_too():
    parsed = parse_expression(r"\frac{1}{H} \sum_{i=1}^H a_i^l", assumptions=(LABEL,))
    assert any("declared a label" in n for n in parsed.notes)
    with pytest.raises(ParseError):
        parse_expression(r"2^l a_i^l", assumptions=(LABEL,))


def test_several_letters_and_other_assumptions_pass_through():
    [(lhs, _, rhs)] = _links(r"w^t_l = x", r"l, t \text{ are labels}", r"x > 0")
    assert _name(lhs) == {"w_{l,t}"}
    assert rhs.is_positive                  # the other assumption still reaches the claim


def test_a_false_layer_claim_is_refuted_and_a_true_one_is_not():
    from symbolic.api import check_chain
    [(_, false)] = check_chain(r"\mu^{l+1} - \mu^l = \mu^{l+1}", assume=[LABEL])
    [(_, true)] = check_chain(r"(\sigma^l)^2 - \sigma^l \sigma^l = 0", assume=[LABEL])
    assert false.verdict.name == "REFUTED"
    assert true.verdict.name in ("PROVED", "VERIFIED")


def test_an_assumption_about_the_labelled_name_reaches_it():
    from symbolic.api import check_chain
    claim = r"\sqrt{(\sigma^l)^2} = \sigma^l"
    [(_, given)] = check_chain(claim, assume=[LABEL, r"\sigma^l > 0"])
    [(_, alone)] = check_chain(claim, assume=[LABEL])
    assert given.verdict.name == "PROVED"
    assert alone.verdict.name == "REFUTED"          # sigma_l = -1: |sigma_l| != sigma_l
