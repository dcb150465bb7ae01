"""Unit tests of the entries of vector-valued function values (symbolic/latex/components.py):
softmax(x)_i written out over the declared length of x, sigma(z)_i under a declaration, an opaque
component f(x)_i of any other function, and the declared x^* beside a letter (stars.py)."""
from __future__ import annotations

import pytest
import sympy
from sympy.core.function import AppliedUndef

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain, parse_expression, parse_reading

X_N = r"x \in \mathbb{R}^n"


def _entry(value):
    """The parts of exp(x[i]) / Sum(exp(x[j]), (j, 1, n)): (numerator's index, sum's limits)."""
    num, den = sympy.fraction(sympy.together(value))
    [indexed] = [a for a in num.atoms(sympy.Indexed)]
    [total] = [s for s in sympy.preorder_traversal(den) if isinstance(s, sympy.Sum)]
    return indexed, total


def test_softmax_entry_is_written_out_over_the_declared_length():
    value = parse_expression(r"\mathrm{softmax}(x)_i", assumptions=(X_N,)).value
    indexed, total = _entry(value)
    assert str(indexed.base) == "x" and str(indexed.indices[0]) == "i"
    (j, lo, hi), = total.limits
    assert lo == 1 and str(hi) == "n" and j.name != "i"
    assert total.function.has(sympy.exp) and str(total.function.atoms(sympy.Indexed).pop().base) == "x"


def test_softmax_entry_equals_its_definition_as_read():
    chain = parse_chain(r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}}",
                        assumptions=(X_N,))
    claim = chain.links[0].claim
    (_, _, hi_l), = _entry(claim.lhs)[1].limits
    (_, _, hi_r), = _entry(claim.rhs)[1].limits
    assert hi_l == hi_r            # the same n: the declared length is the sum's n
    assert chain.links[0].lhs_latex == r"\mathrm{softmax}(x)_i"     # shown as written


@pytest.mark.parametrize("latex", [r"\operatorname{softmax}(x)_i", r"\mathrm{softmax}(\mathbf{x})_i",
                                   r"\mathrm{softmax}\left(x\right)_{i}", r"\text{softmax}(x)_i"])
def test_spellings_of_a_softmax_entry(latex):
    declared = (r"\mathbf{x} \in \mathbb{R}^n",) if "mathbf" in latex else (X_N,)
    indexed, total = _entry(parse_expression(latex, assumptions=declared).value)
    assert str(indexed.base) == "x"      # a bold x's entries are written x_j
    assert str(total.limits[0][2]) == "n"


def test_numbered_entry_and_index_expression():
    indexed, _ = _entry(parse_expression(r"\mathrm{softmax}(x)_2", assumptions=(X_N,)).value)
    assert indexed.indices[0] == 2
    indexed, _ = _entry(parse_expression(r"\mathrm{softmax}(x)_{i+1}", assumptions=(X_N,)).value)
    assert indexed.indices[0] == sympy.Symbol("i", integer=True) + 1 or \
        str(indexed.indices[0]) == "i + 1"


@pytest.mark.parametrize("latex, assume, words", [
    (r"\mathrm{softmax}(x)_i = 1", (), "length"),                         # no length declared
    (r"\mathrm{softmax}(x)_i = x", (X_N,), "whole"),                      # x whole beside its entries
    (r"\mathrm{softmax}(x)_i = \|x\|", (X_N,), "whole"),
    (r"\mathrm{softmax}(x + y)_i = 1", (X_N,), "one letter"),              # of an expression
    (r"\mathrm{softmax}(x)_{i,j} = 1", (X_N,), "one index"),
    (r"\sigma(z)_i = 1", (), "sigmoid"),                                   # sigma undeclared
    (r"\sigma(z) + \sigma(z)_i = 1", (r"\sigma = \mathrm{softmax}", r"z \in \mathbb{R}^n"),
     "declared the softmax"),
    # y_j is a name of its own beside the entries: Kronecker's delta would be refuted at i = j
    # with y_j drawn apart from the entry it then is
    (r"\mathrm{softmax}(x)_i = \delta_{ij} y_j", (X_N,), "Kronecker"),
])
def test_refusals(latex, assume, words):
    with pytest.raises(ParseError) as exc:
        parse_reading(latex, assumptions=assume)
    assert words in str(exc.value)


def test_a_delta_beside_entries_only_is_kroneckers():
    (link,) = parse_chain(r"\mathrm{softmax}(x)_i = \delta_{ij}", assumptions=(X_N,)).links
    i, j = sorted(link.claim.rhs.free_symbols, key=str)
    assert link.claim.rhs == sympy.KroneckerDelta(i, j)


def test_sigma_declared_the_softmax():
    assume = (r"\sigma = \mathrm{softmax}", r"\mathbf{z} \in \mathbb{R}^K")
    chain = parse_chain(r"\sigma(\mathbf{z})_i = \frac{e^{z_i}}{\sum_{j=1}^{K} e^{z_j}}",
                        assumptions=assume)
    indexed, total = _entry(chain.links[0].claim.lhs)
    assert str(indexed.base) == "z" and str(total.limits[0][2]) == "K"
    assert any("softmax" in n for n in chain.notes)


def test_declared_function_entry_is_opaque():
    chain = parse_chain(r"f(x)_i = f(x_i)", functions=("f",))
    lhs, rhs = chain.links[0].claim.lhs, chain.links[0].claim.rhs
    assert isinstance(lhs, AppliedUndef) and type(lhs).__name__ == "f_component"
    assert str(lhs.args[0]) == "i" and str(lhs.args[1]) == "x"
    assert type(rhs).__name__ == "f"           # f(x_i): f at the entry, another object
    assert any("opaque" in n for n in chain.notes)


def test_upright_function_entry_is_opaque():
    value = parse_expression(r"\mathrm{Attention}(q)_m").value
    assert type(value).__name__ == "Attention_component"


def test_function_entry_with_two_indices_is_refused():
    with pytest.raises(ParseError):
        parse_chain(r"f(x)_{ij} = 1", functions=("f",))


def test_undeclared_letter_before_brackets_is_still_refused():
    with pytest.raises(ParseError):
        parse_chain(r"f(x)_i = 1")


# -- x^* declared (stars.py) -----------------------------------------------------------------
STAR = (r"x^* \in \mathbb{R}",)


def test_letter_before_declared_star_is_a_product():
    claim = parse_chain(r"\lambda x^* = 2", assumptions=STAR).links[0].claim
    assert isinstance(claim.lhs, sympy.Mul)
    assert {str(a) for a in claim.lhs.args} == {"lambda", "x^{*}"}
    assert not claim.lhs.atoms(AppliedUndef)


@pytest.mark.parametrize("latex", [r"\eta x^* (1 + a) = 1", r"e^{x^*} = 1", r"\frac{x^*}{2} = 1",
                                   r"a x^* b = 1"])
def test_declared_star_in_other_places(latex):
    claim = parse_chain(latex, assumptions=STAR).links[0].claim
    assert not claim.lhs.atoms(AppliedUndef)
    assert "x^{*}" in {s.name for s in claim.lhs.free_symbols}


@pytest.mark.parametrize("latex", [r"x^*^2 = 1", r"x^*_1 = 1"])
def test_star_with_another_script_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=STAR)


# -- capitals declared numbers (components.declared_numbers) ------------------------------------
def test_declared_capital_after_a_factor_is_a_number():
    claim = parse_chain(r"T = 4 M N d", assumptions=(r"M \in \mathbb{Z}_{>0}",
                                                     r"N \in \mathbb{Z}_{>0}")).links[0].claim
    assert claim.rhs == 4 * sympy.Symbol("M", integer=True, positive=True) * \
        sympy.Symbol("N", integer=True, positive=True) * sympy.Symbol("d", real=True)


def test_declared_subscripted_capital_is_a_number():
    claim = parse_chain(r"x = B_{c}B_{r}", assumptions=(r"B_c \in \mathbb{Z}_{>0}",
                                                         r"B_r \in \mathbb{Z}_{>0}")).links[0].claim
    assert {s.name for s in claim.rhs.free_symbols} == {"B_c", "B_r"}


@pytest.mark.parametrize("latex, assume", [
    (r"T = M N", ()),                                        # undeclared: maybe a matrix
    (r"T = M N", (r"M \in \mathbb{Z}_{>0}",)),               # only M declared: N follows M
    (r"T = x B_r", (r"B_c \in \mathbb{Z}_{>0}",)),           # B_c declared, not B_r
])
def test_undeclared_capital_after_a_factor_is_still_refused(latex, assume):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=assume)


def test_softmax_index_is_a_letter_of_its_own():
    # the sum's own index is none of the claim's letters, nor the declared length (R^j)
    value = parse_expression(r"\mathrm{softmax}(x)_i", assumptions=(r"x \in \mathbb{R}^j",)).value
    (index, _, hi), = _entry(value)[1].limits
    assert str(hi) == "j" and index.name not in ("i", "j", "x")
