"""Adversarial claims against two reader rules (issue 11): lists written with an ellipsis
(symbolic/latex/lists.py: a vector's entries named, the subjects of a membership, a finite set
written out; the softmax of a declared vector equated to the list of its entries) and entries
with two indices before a bracket (entry_subscripts.entry_families: ``P_{ij}(...)``).

Mostly reading-only (cheap); a handful end to end. Each case is built so that a careless rule
reads it as another claim, or refutes a claim that is true as written; the comment says what
the wrong reading was. Expected readings were written by hand.
"""
from __future__ import annotations

import pytest

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.latex.statements import is_statement, parse_statement
from symbolic.model import Verdict

SOFTMAX_3 = (r"\sigma = \mathrm{softmax}", r"\mathbf{z} \in \mathbb{R}^3")
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _read(latex, assume=(), functions=()):
    return parse_statement(latex) if is_statement(latex) else \
        parse_chain(latex, assumptions=list(assume), functions=list(functions))


def _verdicts(latex, assume=()):
    """The verdicts of the links, or None when the claim was not read."""
    links, unreadable = check_input(latex, assume=tuple(assume), config=_FAST)
    return None if unreadable else [link.outcome.verdict for link in links]


# ---------------------------------------------------------------- lists with an ellipsis

@pytest.mark.parametrize("latex", [
    # the index stood in the digits of a decimal: read as 2^{0.8}, 2^{0.9}, 2^{0.10}, 2^{0.11},
    # 2^{0.12} (0.10 < 0.9: the "run" goes back), a set nobody writes so
    r"N \in \{2^{0.8}, 2^{0.9}, \dots, 2^{0.12}\}",
    r"N \in \{2^{0.1}, 2^{0.2}, \dots, 2^{0.12}\}",
    r"N \in \{10^{1.1}, 10^{1.2}, \dots, 10^{1.5}\}",
    # a last index that is no index after the written ones: x_{-1} read as Entries(x_k, (k, 1, -1))
    r"x = (x_1, x_2, \ldots, x_{-1})",
    r"s_1, s_2, \cdots, s_{-1} \in \mathbb{R}",
    # the name among its own entries or bounds: read as naming the entries x_1..x_n of x_1 / n
    r"x_1 = (x_{1}, x_{2}, \ldots, x_{n})",
    r"x_n = (x_1, x_2, \ldots, x_n)",
    r"n = (x_1, x_2, \ldots, x_n)",
])
def test_lists_whose_reading_is_not_the_written_one_are_refused(latex):
    with pytest.raises(ParseError):
        _read(latex)


@pytest.mark.parametrize("latex, elements", [
    (r"N\in\{2^9,2^{10},\dots,2^{16}\}", [2 ** k for k in range(9, 17)]),
    (r"N\in\{2^{-1}, 2^{-2}, \dots, 2^{-5}\}", [2 ** -k for k in range(1, 6)]),
    (r"N\in\{1, 2, \dots, 5\}", None),               # consecutive whole numbers: a range
])
def test_sets_written_out_still_read(latex, elements):
    [(_, target)] = _read(latex).pairs()
    if elements is not None:
        assert sorted(float(e) for e in target) == sorted(float(e) for e in elements)


@pytest.mark.parametrize("latex", [
    r"N \in \{2, 4, \dots, 2^{16}\}",                # 2, 4, 6, ...? or powers? not written
    r"N \in \{2^{1}, 2^{2}, \dots, 16\}",            # the last entry not the formula
    r"N \in \{2^{-2}, 2^{-1}, \dots, 2^{3}\}",       # the index runs down
    r"N \in \{1^{2}, 2^{2}, \dots, 5^{2}\}",         # the index outside a script
    r"N \in \{1, 2, \dots, 2.5\}",
    r"N \in \{1, 2, \dots, -5\}",
    r"x = (x_{-2}, x_{-1}, \ldots, x_{2})",
])
def test_lists_with_no_certain_general_term_stay_refused(latex):
    with pytest.raises(ParseError):
        _read(latex)


# ---------------------------------------------------------------- the softmax equated to a list

_S0 = r"e^{z_0}+e^{z_1}+e^{z_2}"


@pytest.mark.parametrize("latex", [
    # the list counts z from 0 (true for z = (z_0, z_1, z_2)), while sigma(z)_k counts from 1:
    # was REFUTED with z[0] = 0 and z[3] = 1, entries a 3-vector does not have
    r"\sigma(\mathbf{z}) = [\frac{e^{z_0}}{%s}, \frac{e^{z_1}}{%s}, \frac{e^{z_2}}{%s}]" % (_S0, _S0, _S0),
    # an entry z_4 of a 3-vector
    r"\sigma(\mathbf{z}) = [\frac{e^{z_1}}{e^{z_1}+e^{z_2}+e^{z_3}+e^{z_4}}, a, b]",
    # \sum_j over the entries of z, to a mathematician; to the reader a sum to a free N_j:
    # was REFUTED with N_j = 1 though the claim is the softmax's definition
    r"\sigma(\mathbf{z}) = [\frac{e^{z_1}}{\sum_{j} e^{z_j}}, \frac{e^{z_2}}{\sum_{j} e^{z_j}}, "
    r"\frac{e^{z_3}}{\sum_{j} e^{z_j}}]",
    r"\sigma(\mathbf{z}) = [\frac{e^{z_1}}{\sum_j e^{z_j}}, b, c]",
    # a length mismatch, a nested list, a list on the left, an ellipsis
    r"\sigma(\mathbf{z}) = [a, b]",
    r"\sigma(\mathbf{z}) = [[a, b], c, d]",
    r"[a, b, c] = \sigma(\mathbf{z})",
    r"\sigma(\mathbf{z}) = [a, b, c]^T",
    r"\sigma(\mathbf{z}) = [a, \ldots, c]",
    r"\sigma(\mathbf{z}) = [a, b, c] = [d, e, f]",
])
def test_softmax_lists_that_would_be_misread_are_refused(latex):
    with pytest.raises(ParseError):
        _read(latex, assume=SOFTMAX_3)


def test_softmax_list_with_bounded_sums_reads_entry_by_entry():
    chain = _read(r"\sigma(\mathbf{z}) = [\frac{e^{z_1}}{\sum_{j=1}^{3} e^{z_j}}, "
                  r"\frac{e^{z_2}}{\sum_{j=1}^{3} e^{z_j}}, \frac{e^{z_3}}{\sum_{j=1}^{3} e^{z_j}}]",
                  assume=SOFTMAX_3)
    assert len(chain.links) == 3


def test_softmax_list_end_to_end():
    # the definition, entries swapped: entries 2 and 3 refuted, entry 1 proved
    s = r"e^{z_1}+e^{z_2}+e^{z_3}"
    swapped = (r"\sigma(\mathbf{z}) = [\frac{e^{z_1}}{%s}, \frac{e^{z_3}}{%s}, \frac{e^{z_2}}{%s}]"
               % (s, s, s))
    assert _verdicts(swapped, SOFTMAX_3) == [Verdict.PROVED, Verdict.REFUTED, Verdict.REFUTED]
    # rounded values with z given entry by entry: never proved or verified
    rounded = _verdicts(r"\sigma(\mathbf{z}) = [0.0900, 0.2447, 0.6652]",
                        SOFTMAX_3 + ("z_1 = 1", "z_2 = 2", "z_3 = 3"))
    assert rounded is None or not set(rounded) & {Verdict.PROVED, Verdict.VERIFIED}


# was a strict xfail (components.py): sigma(z)_1 with z_0 in a declared 3-vector was refuted
# with z[0], z[3] set, and \sum_j without limits was a sum to a free N_j (refuted with N_j = 1)
@pytest.mark.parametrize("latex", [
    r"\sigma(\mathbf{z})_1 = \frac{e^{z_0}}{%s}" % _S0,
    r"\sigma(\mathbf{z})_1 = \frac{e^{z_1}}{\sum_{j} e^{z_j}}",
])
def test_a_single_softmax_entry_counting_from_zero_or_unbounded_is_refused(latex):
    with pytest.raises(ParseError):
        _read(latex, assume=SOFTMAX_3)


# ---------------------------------------------------------------- P_{ij}(...) beside an entry

@pytest.mark.parametrize("latex", [
    # Chapman-Kolmogorov: P_ij(t) functions of t; never the entry times (t + s)
    r"P_{ij}(t+s) = \sum_k P_{ik}(t) P_{kj}(s)",
    r"P_{ij}(t+s) = \sum_{l} P_{il}(t) P_{lj}(s)",
    r"P_{i,j}(t+s) = \sum_{l} P_{i,l}(t) P_{l,j}(s)",
    r"P_{ij}(n+1) = \sum_{l} P_{i,l}(n) P_{l,j}",
    r"P_{ij}(t) = \sum_{l} P_{il} P_{lj}",
    r"P_{ij}(2) = \sum_{l} P_{il} P_{lj}",
    r"G_{ij}(t) = \sum_{l} G_{il}(t) G_{lj}",
    r"F_{ij}(x+y) = F_{ij}(x) + F_{ij} y",
    r"P_{ij}(x + y) = P_{ij}(x) + P_{ij}(y)",
    r"\Gamma_{ij}(x+y) = \Gamma_{ij} x",
])
def test_functions_with_entry_subscripts_stay_refused(latex):
    with pytest.raises(ParseError):
        _read(latex)


# was a strict xfail: G_{ij}(t+s) was read as (t + s) G_ij and the semigroup law refuted; the
# bracket must now hold a quantity sharing an index with the entry (bracket_shares_index)
def test_semigroup_law_with_abbreviated_arguments_is_refused():
    with pytest.raises(ParseError):
        _read(r"G_{ij}(t+s) = \sum_{l} G_{il} G_{lj}")


def test_declared_upright_label_is_one_number_not_a_matrix():
    # O_{\mathrm{final}} declared a number: O_{\mathrm{final}} after a factor reads; undeclared
    # it stays refused (a matrix after a factor)
    claim = r"\mathrm{Output} = \frac{1}{\ell_{\mathrm{final}}} O_{\mathrm{final}}"
    assert len(_read(claim, assume=[r"O_{\mathrm{final}} \in \mathbb{R}"]).links) == 1
    with pytest.raises(ParseError):
        _read(claim)
    # declared a matrix under the other spelling: no number
    with pytest.raises(ParseError):
        _read(claim, assume=[r"O_{\mathrm{final}} \in \mathbb{R}",
                             r"O_{final} \in \mathbb{R}^{n \times d}"])
