"""Subscript labels and index pairs, e with an index, declared bold functions and trailing unit
words (issue 11): what each rule reads, and adversarial claims (mostly false) built to be
misread by it, which must be refused or read as written.

Reading-only: each test asserts the parsed SymPy claim or the refusal; two end-to-end checks
make sure a false claim that a misreading would make true is not proved.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.api import check
from symbolic.errors import ParseError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

M, N, d, n, x, T = sympy.symbols("M N d n x T", real=True)


def sides(latex, **options):
    parsed = parse_chain(latex, **options)
    return [(link.claim.lhs, link.claim.rhs) for link in parsed.links]


def names(expr):
    return {s.name for s in expr.free_symbols}


def refused(latex, match, **options):
    with pytest.raises(ParseError, match=match):
        parse_chain(latex, **options)


def _plain(expr):
    return expr.xreplace({s: sympy.Symbol(s.name, real=True) for s in expr.free_symbols})


# -- \mathcal and upright-word labels --------------------------------------------------------
def test_a_calligraphic_subscript_is_a_label_with_or_without_braces():
    (lhs, rhs), = sides(r"\mu_\mathcal{B} = \mu_{\mathcal{B}}")
    assert lhs == rhs and names(lhs) == {r"mu_{\mathcal{B}}"}
    (lhs, rhs), = sides(r"\sigma_\mathcal{B}^2 = 1")
    assert lhs == sympy.Symbol(r"sigma_{\mathcal{B}}", real=True) ** 2


@pytest.mark.parametrize("latex", [
    r"\mu_\mathcal{B} = \mu_B",               # the batch B and a letter B: two names
    r"\mu_{\mathcal{B}} = \mu_{\mathrm{B}}",
    r"\mu_\mathcal{B} = \mu_\mathcal{C}",
    r"T_{\mathrm{smem,MMA}} = T_{\mathrm{smem}}",
    r"T_{\mathrm{smem,MMA}} = T_{\mathrm{MMA,smem}}",
])
def test_different_labels_stay_different_names(latex):
    (lhs, rhs), = sides(latex)
    assert lhs != rhs and not names(lhs) & names(rhs)


def test_upright_words_separated_by_commas_are_labels():
    (lhs, rhs), = sides(r"T_{\mathrm{smem,MMA}} = \frac{4 M d + 3 N d + M \cdot N}{64}",
                        assumptions=(r"M \in \mathbb{Z}_{>0}", r"N \in \mathbb{Z}_{>0}"))
    assert names(lhs) == {"T_{smem,MMA}"}
    assert sympy.simplify(_plain(rhs) - (4 * M * d + 3 * N * d + M * N) / 64) == 0


def test_single_upright_letters_in_a_list_are_refused():
    # \mathrm{i,j}: labels i and j, or the indices i, j? one letter keeps no word to go by
    refused(r"T_{\mathrm{i,j}} = 1", "subscripts")


# -- index pairs (a, b) ------------------------------------------------------------------------
def test_a_parenthesised_pair_is_an_index_pair():
    (lhs, rhs), = sides(r"\mathrm{PE}_{(\mathrm{pos},2i)}=\sin(\mathrm{pos}/10000^{2i/d_{\mathrm{model}}})")
    # the word pos stays upright in the name: never the letters p, o, s as three indices
    assert {s.name for s in lhs.free_symbols} == {r"\mathrm{PE}_{\text{pos},2i}"}
    assert isinstance(rhs, sympy.sin)
    (odd, _), = sides(r"\mathrm{PE}_{(\mathrm{pos},2i+1)}=\cos(\mathrm{pos}/10000^{2i/d_{\mathrm{model}}})")
    assert odd != lhs


def test_a_word_in_a_pair_is_never_split_into_indices():
    # inside a sum over i, pos must not become the indices p, o, s beside i
    refused(r"y = \sum_{i=1}^{n} x_{(\mathrm{pos},i)}", "side by side")
    (lhs, rhs), = sides(r"y = \sum_{i=1}^{n} x_{(i,j)}")
    assert isinstance(rhs, sympy.Sum) and len(rhs.function.indices) == 2


def test_a_pair_is_not_symmetric():
    (lhs, rhs), = sides(r"x_{(a,b)} = x_{(b,a)}")
    assert lhs != rhs


@pytest.mark.parametrize("latex, match", [
    (r"x_{(a,b)} = x_{a,b}", "one name"),       # an interval beside an index pair, or one object?
    (r"x_{a,b} = x_{(a,b)}", "one name"),
    (r"x_{(i)} = x_{i}", "order statistic"),    # the i-th smallest, or the index i?
    (r"x_{(1)} = 0", "order statistic"),
    (r"x_{[a,b]} = 0", "subscripts"),           # a slice
    (r"x_{\{q,k\}} = 0", "subscripts"),         # a set: two objects at once
    (r"x_{(a,b]} = 0", "match"),                # a half-open interval
    (r"x_{(a,)} = 0", "empty"),
    (r"x_{(a,b \cdot c)} = 0", "index pair"),
])
def test_ambiguous_bracketed_subscripts_are_refused(latex, match):
    refused(latex, match)


# -- e with an index ---------------------------------------------------------------------------
def test_e_with_an_index_is_an_entry_never_eulers_number():
    (lhs, rhs), = sides(r"\alpha_{ij} = \frac{\exp e_{ij}}{\sum_{k=1}^{n} \exp e_{ik}}")
    assert not rhs.has(sympy.E)
    (lhs, rhs), = sides(r"e_{12} = 2.718281828459045")
    assert isinstance(lhs, sympy.Symbol) and lhs.name == "e_{12}"
    (lhs, rhs), = sides(r"\ln e_{ij} = 1")
    assert isinstance(lhs, sympy.log) and names(lhs) == {"e_{ij}"} and rhs == 1
    refused(r"e_{1} = 2.718281828459045", "basis vector")    # one index: maybe a basis vector


def test_an_unbracketed_exp_takes_the_indexed_e():
    (lhs, rhs), = sides(r"y = \exp e_{ij} + 1")
    e_ij = next(iter(rhs.free_symbols))
    assert e_ij.name == "e_{ij}" and sympy.simplify(rhs - sympy.exp(e_ij) - 1) == 0


def test_e_as_a_power_keeps_eulers_number_beside_an_indexed_e():
    (lhs, rhs), = sides(r"e_{ij} = e^{x}")
    assert rhs == sympy.exp(x) and names(lhs) == {"e_{ij}"}


@pytest.mark.parametrize("latex", [r"e_{ij} = e", r"e = e_{12}", r"e_{ij} = 2e", r"\ln e = e_{ik}"])
def test_a_lone_e_beside_an_indexed_e_is_refused(latex):
    refused(latex, "Euler's number or the matrix e")


# -- declared bold functions -------------------------------------------------------------------
G = (r"\boldsymbol{g}",)


def test_a_declared_bold_function_is_applied():
    (lhs, rhs), = sides(r"\boldsymbol{\theta}_{t+1} = \boldsymbol{\theta}_t - \eta_t "
                        r"\boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_t)", functions=G)
    calls = rhs.atoms(sympy.core.function.AppliedUndef)
    assert len(calls) == 1 and next(iter(calls)).func.__name__ == "g" and len(next(iter(calls)).args) == 2


def test_additivity_of_a_bold_function_is_not_a_product_identity():
    # read as a product, g (a + b) = g a + g b would be true
    (lhs, rhs), = sides(r"\boldsymbol{g}(a+b) = \boldsymbol{g}(a) + \boldsymbol{g}(b)", functions=G)
    assert lhs.atoms(sympy.core.function.AppliedUndef) and not lhs.is_Mul
    parsed = parse_chain(r"\boldsymbol{g}(a+b) = \boldsymbol{g}(a) + \boldsymbol{g}(b)", functions=G)
    outcome = check(parsed.links[0].claim)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED)


@pytest.mark.parametrize("latex, functions, match", [
    (r"\boldsymbol{g}(a+b) = \boldsymbol{g}(a) + \boldsymbol{g}(b)", (), "function"),   # undeclared
    (r"\boldsymbol{g}(a+b) = \boldsymbol{g}(a) + \boldsymbol{g}(b)", ("g",), "function"),  # plain g only
    (r"\boldsymbol{g}(x) = g(x)", (r"\boldsymbol{g}", "g"), "read as one"),
    (r"\boldsymbol{g}(x) = g", G, "one name"),
    (r"g + \boldsymbol{g}(x) = 1", G, "one name"),
    (r"\boldsymbol{g} x = 1", G, "without brackets"),
    (r"\boldsymbol{f}(x) = 1", G, "function"),
])
def test_bold_functions_are_read_only_as_declared(latex, functions, match):
    refused(latex, match, functions=functions)


# -- trailing unit words -----------------------------------------------------------------------
TILES = (r"M \in \mathbb{Z}_{>0}", r"N \in \mathbb{Z}_{>0}")


@pytest.mark.parametrize("unit", [r"\mathrm{\ cycles}", r"\text{ cycles}", r"\text{cycles}",
                                  r"\mathrm{cycles}", r"\ \mathrm{cycles}", r"\,\text{cycles}"])
def test_a_unit_ending_a_side_after_a_value_is_left_out(unit):
    parsed = parse_chain(r"T = \frac{4 M N d}{8192} " + unit + ".", assumptions=TILES)
    claim = parsed.links[0].claim
    assert sympy.simplify(_plain(claim.rhs) - 4 * M * N * d / 8192) == 0
    assert any("cycles" in note for note in parsed.notes)


def test_a_display_reads_the_unit_as_the_chain_does():
    chain, = read_display(r"T_{\mathrm{MMA}} = \frac{4MNd}{8192} \text{ cycles}.")
    assert chain.problem is None
    chain, = read_display(r"T = 4 \text{ furlongs}")          # not a unit word: prose, refused
    assert chain.problem and "prose" in chain.problem


@pytest.mark.parametrize("latex, match", [
    (r"T = 4 \text{ cycles} + 2", "inside an expression"),
    (r"T = 4 \mathrm{cycles} + 2", "inside an expression"),
    (r"T = \frac{4 \text{ cycles}}{2}", "inside an expression"),
    (r"1 \text{ KB} = 1024 \text{ bytes}", "differ"),          # left out: 1 = 1024
    (r"1 \text{ KB} = 1024", "no unit"),
    (r"2 = 16 \text{ bits}", "no unit"),
])
def test_units_that_would_change_the_claim_are_refused(latex, match):
    refused(latex, match)


@pytest.mark.parametrize("latex, want", [
    (r"T = 2 \mathrm{d}", 2 * d),                          # a variable d, never a unit
    (r"T = 2 \mathrm{e}", 2 * sympy.E),                    # Euler's number, never a unit
    (r"T = 2 \cdot \mathrm{cycles}", None),                # after \cdot: a name, not a unit
    (r"T = 2 \mathrm{sec}(x)", 2 * sympy.sec(x)),          # the secant, never seconds
])
def test_single_letters_and_names_are_not_units(latex, want):
    (lhs, rhs), = sides(latex)
    if want is not None:
        assert sympy.simplify(_plain(rhs) - want) == 0
    else:
        assert names(rhs) and "cycles" in " ".join(names(rhs))


def test_the_same_unit_on_both_sides_is_left_out_of_both():
    (lhs, rhs), = sides(r"2 \text{ cycles} = 3 \text{ cycles}")
    assert (lhs, rhs) == (2, 3)
    outcome = check(parse_chain(r"2 \text{ cycles} = 3 \text{ cycles}").links[0].claim)
    assert outcome.verdict is Verdict.REFUTED
