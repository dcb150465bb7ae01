"""Slices in subscripts and the ellipsis runs added beside sums (symbolic/latex/slices.py,
symbolic/latex/ellipsis.py): what is read, as what, and the message of what is refused."""
from __future__ import annotations

import pytest

from symbolic.errors import ParseError
from symbolic.latex.ellipsis import implied_bounds as ellipsis_bounds
from symbolic.latex.parse import parse_assumptions, parse_chain, parse_reading
from symbolic.latex.slices import (Convention, Kind, convention_of, find_slices, implied_bounds,
                                   read_slices, refusal)

INCL = r"x_{a:b} = (x_a, \ldots, x_b)"
EXCL = r"x_{a:b} = (x_a, \ldots, x_{b-1})"


@pytest.mark.parametrize("latex, kind", [
    (r"S_{i,:}", Kind.WHOLE),
    (r"\mathbf{S}_{:,j}", Kind.WHOLE),
    (r"x_{1:n}", Kind.RANGE),
    (r"g_{1:T,i}", Kind.RANGE),
    (r"x_{:j}", Kind.OPEN_START),
    (r"P_{i:}", Kind.OPEN_END),
    (r"x_{1:n:2}", Kind.STEP),
    (r"q_{[2i:2i+1]}", Kind.BLOCK),
    (r"\mathbf{S}_{:,:j}", Kind.SEVERAL),
    (r"f_{t:t\in\{q,k,v\}}", Kind.CONDITION),
])
def test_kinds_of_slices(latex, kind):
    [piece] = find_slices(latex)
    assert piece.kind is kind
    assert latex[piece.start:piece.end] == latex


def test_a_definition_colon_is_no_slice():
    assert find_slices(r"y_{t} := x_{t}") == []


@pytest.mark.parametrize("latex, stated", [
    (INCL, ("x", Convention.INCLUSIVE)),
    (EXCL, ("x", Convention.EXCLUSIVE)),
    (r"x_{1:n} = (x_1, x_2, \dots, x_n)", ("x", Convention.INCLUSIVE)),
    (r"g_{1:t,i} = [g_{1,i}, g_{2,i}, \cdots, g_{t,i}]", ("g", Convention.INCLUSIVE)),
    (r"x_{0:n} = \left(x_0, \ldots, x_{n - 1}\right)", ("x", Convention.EXCLUSIVE)),
    (r"x > 0", None),
    (r"x_{t} := y", None),
])
def test_conventions_stated_in_the_sources_notation(latex, stated):
    assert convention_of(latex) == stated


@pytest.mark.parametrize("latex", [
    r"x_{a:b} = (x_a, \ldots, x_{b+1})",        # neither convention
    r"x_{a:b} = (x_b, \ldots, x_a)",            # reversed
    r"x_{a:b} = (x_a, x_b)",                    # no ellipsis
    r"x_{a:b} = (y_a, \ldots, y_b)",            # another name
    r"x_{a:b} = (x_a, x_{a+2}, \ldots, x_b)",   # a step of 2
    r"x_{:b} = (x_1, \ldots, x_b)",             # an open range is not stated this way
])
def test_a_convention_that_is_not_one_is_refused(latex):
    with pytest.raises(ParseError):
        convention_of(latex)


def test_a_convention_is_not_an_assumption_about_values():
    given = parse_assumptions([INCL, "y > 0"])
    assert len(given.facts) <= 1 and "x" not in given.symbols


@pytest.mark.parametrize("latex, assume, lhs", [
    (r"\max(x_{1:n}) \ge 0", (INCL,), "MaxOver(x[k], (k, 1, n))"),
    (r"\max(x_{1:n}) \ge 0", (EXCL,), "MaxOver(x[k], (k, 1, n - 1))"),
    (r"\min\left(x_{2:m}\right) \ge 0", (INCL,), "MinOver(x[k], (k, 2, m))"),
    (r"\max(S_{i,:}) \ge 0", (), "MaxOver(S[i, k], (k, 1, N_k))"),
    (r"\min(S_{:,j}) \ge 0", (), "MinOver(S[k, j], (k, 1, N_k))"),
    (r"\|x_{1:n}\|_2 \ge 0", (INCL,), "sqrt(Sum(x[k]**2, (k, 1, n)))"),
    (r"\|x_{1:n}\| \ge 0", (INCL,), "sqrt(Sum(x[k]**2, (k, 1, n)))"),
    (r"\|x_{1:n}\|_1 \ge 0", (INCL,), "Sum(Abs(x[k]), (k, 1, n))"),
    (r"\|x_{1:n}\|_\infty \ge 0", (INCL,), "MaxOver(Abs(x[k]), (k, 1, n))"),
    (r"\|g_{1:T,i}\|_2 \ge 0", (r"g_{1:t,i} = [g_{1,i}, g_{2,i}, \cdots, g_{t,i}]",),
     "sqrt(Sum(g[k, i]**2, (k, 1, T)))"),
])
def test_slices_read_as_reductions(latex, assume, lhs):
    parsed = parse_chain(latex, assumptions=assume)
    assert str(parsed.links[0].claim.lhs).replace("1*", "") == lhs
    assert any("slice" in note for note in parsed.notes)


def test_a_range_states_that_it_has_entries():
    assert implied_bounds(r"\max(x_{2:n}) \ge x_2", (INCL,)) == (r"n \ge 2",)
    assert implied_bounds(r"\max(x_{1:n}) \ge x_2", (EXCL,)) == (r"n-1 \ge 1",)
    facts = parse_chain(r"\max(x_{2:n}) \ge x_2", assumptions=(INCL,)).assumptions.facts
    assert [str(f) for f in facts] == ["n >= 2"]


def test_a_rewrite_leaves_the_rest_of_the_claim():
    text, notes = read_slices(r"1 + \max(x_{1:n}) \cdot 2 \ge y", (INCL,))
    assert text.startswith("1 + ") and text.rstrip().endswith(r"\cdot 2 \ge y")
    assert len(notes) == 1


@pytest.mark.parametrize("latex, assume, words", [
    (r"\max(x_{1:n}) \ge 0", (), ["NumPy", "not stated", "--assume"]),
    (r"\max(x_{1:n}) \ge 0", (r"y_{a:b} = (y_a, \ldots, y_b)",), ["not stated"]),
    (r"P_{i:} = Q", (), ["row i", "NumPy"]),
    (r"y = \max(x_{:j})", (INCL,), ["0 or 1", "included"]),
    (r"h = q_{[2i:2i+1]}", (), ["block", "stops before"]),
    (r"m = \mathrm{rowmax}(\mathbf{S}_{:,:j})", (), ["sub-matrix", "blocks"]),
    (r"y = U_{1:L} + 1", (INCL,), ["several entries"]),
    (r"f_{t:t\in\{q,k,v\}}(x) = 0", (), ["condition"]),
    (r"\max(x_{1:n:2}) \ge 0", (INCL,), ["step"]),
    (r"\max(x_{5:2}) \ge 0", (INCL,), ["backwards"]),
    (r"\max(x_{n:1}) \ge 0", (INCL,), ["backwards"]),
    (r"\max(x_{n:n}) \ge 0", (EXCL,), ["empty"]),
    (r"\max(S_{:,j}) \ge S_{2,j}", (), ["outside"]),
])
def test_refusals_name_what_is_missing(latex, assume, words):
    with pytest.raises(ParseError) as info:
        parse_reading(latex, assumptions=assume)
    message = str(info.value)
    assert "a slice (S_{:,:j}" not in message        # the precise message, not the generic one
    for word in words:
        assert word in message, (word, message)


def test_refusal_is_none_away_from_a_slice():
    assert refusal(r"a : b", 2) is None


# -- ellipses: products and \max/\min lists ------------------------------------------------------
@pytest.mark.parametrize("latex, lhs, bound", [
    (r"x_1 x_2 \cdots x_n = 1", "Product(x[k], (k, 1, n))", r"n \ge 2"),
    (r"x_{1} \cdot x_{2} \cdot \cdots \cdot x_{n} = 1", "Product(x[k], (k, 1, n))", r"n \ge 2"),
    (r"x_0 x_1 x_2 \cdots x_{n-1} = 1", "Product(x[k], (k, 0, n - 1))", r"n-1 \ge 2"),
    (r"(1-p_1)(1-p_2)\cdots(1-p_m) = 1", "Product(1 - p[k], (k, 1, m))", r"m \ge 2"),
    (r"\max(x_1, x_2, \ldots, x_n) = 1", "MaxOver(x[k], (k, 1, n))", r"n \ge 2"),
    (r"\min\left(x_1, x_2, \ldots, x_n\right) = 1", "MinOver(x[k], (k, 1, n))", r"n \ge 2"),
    (r"\max(0, x_1, x_2, \dots, x_n) = 1", "Max(0, MaxOver(x[k], (k, 1, n)))", r"n \ge 2"),
    (r"x_1 + x_2 + \dots + x_n = 1", "Sum(x[k], (k, 1, n))", r"n \ge 2"),
])
def test_ellipsis_runs_read_with_their_bound(latex, lhs, bound):
    parsed = parse_chain(latex)
    assert str(parsed.links[0].claim.lhs).replace("1*", "") == lhs
    assert ellipsis_bounds(latex) == (bound,)


def test_a_numeric_last_index_needs_no_bound():
    assert ellipsis_bounds(r"x_1 x_2 \cdots x_5 = 1") == ()
    assert str(parse_chain(r"x_1 x_2 \cdots x_5 = 1").links[0].claim.lhs) == \
        "Product(x[k], (k, 1, 5))"


@pytest.mark.parametrize("latex, words", [
    (r"x_1 \cdots x_n = 1", ["two written factors"]),
    (r"x_1 x_3 \cdots x_n = 1", ["steps from 1 to 3"]),
    (r"f(x_1, x_2, \ldots, x_n) = 0", ["\\max and \\min", "not fixed"]),
    (r"\max(x_1, \ldots, x_n) = 0", ["two written arguments"]),
    (r"x_{11} x_{12} \cdots x_{1n} = 1", ["two indices"]),
    (r"x_1 x_2 \cdots x_1 = 1", ["does not come after"]),
])
def test_ellipsis_refusals(latex, words):
    with pytest.raises(ParseError) as info:
        parse_chain(latex)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_a_display_of_a_slice_alone_is_an_expression():
    whole = parse_reading(r"\max(S_{i,:})")
    assert str(whole.value) == "MaxOver(S[i, k], (k, 1, N_k))"
    ranged = parse_reading(r"\max(x_{1:n})", assumptions=(INCL,))
    assert str(ranged.value) == "MaxOver(x[k], (k, 1, n))"
    with pytest.raises(ParseError, match="not stated"):
        parse_reading(r"\max(x_{1:n})")


@pytest.mark.parametrize("latex", [
    r"\|x_{1:n}\|_3 \ge 0",            # a p-norm the reader does not know: not rewritten
    r"\|x_{1:n}\|_F \ge 0",
    r"\max(x_{1:n}, y) \ge 0",         # the slice is not the whole argument
    r"\max(x_{1:n})_2 \ge 0",          # a subscript on the value
])
def test_slices_outside_a_whole_reduction_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=(INCL,))


def test_refusal_names_a_base_in_words():
    with pytest.raises(ParseError, match=r"\\mathrm\{dS\}_\{i:\} may be row i"):
        parse_chain(r"\mathrm{dS}_{i:}=P_{i:}\circ \mathrm{dP}_{i:}-D_{i}P_{i:}")


def test_words_in_a_subscript_are_no_range():
    assert find_slices(r"x_{\text{a:b}}")[0].kind is Kind.CONDITION
    with pytest.raises(ParseError):
        parse_chain(r"\max(x_{\text{a:b}}) \ge 0", assumptions=(INCL,))


def test_names_declared_vectors_or_matrices():
    from symbolic.latex.ellipsis import declared_names
    names = declared_names([r"A_1 \in \mathbb{R}^{n \times n}", r"Q, K \in \mathbb{R}^{N \times d}",
                            r"\mathbf{q}_m \in \mathbb{R}^{d}", r"x > 0", r"n \in \mathbb{Z}_{>0}"])
    assert names == {"A", "Q", "K", "q"}
