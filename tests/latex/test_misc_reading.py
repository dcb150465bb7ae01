"""The long tail of published notation (issue 11): sized floors and ceilings, a quotient that
ends at a closing floor or ceiling, and the refusals of the rest with messages that say how
to write the claim.

Each expected reading was written by hand from the mathematics before the reader was run.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain

B_c, M, d, N, t, T_0, x, a, b, c = sympy.symbols("B_c M d N t T_0 x a b c", real=True)


def claims(latex, **options):
    return [(link.claim.lhs, link.claim.rhs) for link in parse_chain(latex, **options).links]


def _plain(expr):
    """The expression with every symbol made a plain real symbol of the same name."""
    return expr.xreplace({s: sympy.Symbol(s.name, real=True) for s in expr.free_symbols})


def _same(got, want):
    return all(sympy.simplify(_plain(g) - w) == 0 for g, w in zip(got, want)) and len(got) == len(want)


# -- sized floors and ceilings -------------------------------------------------------------------
@pytest.mark.parametrize("sized, plain", [
    (r"B_c = \left\lceil \frac{M}{4d} \right\rceil", r"B_c = \lceil \frac{M}{4d} \rceil"),
    (r"x = \left\lfloor \frac{t}{T_0} \right\rfloor + 1", r"x = \lfloor \frac{t}{T_0} \rfloor + 1"),
    (r"x = \min\left(\left\lceil\frac{M}{4d}\right\rceil,d\right)", r"x = \min(\lceil\frac{M}{4d}\rceil,d)"),
    (r"x = \bigl\lceil a \bigr\rceil", r"x = \lceil a \rceil"),
])
def test_a_sized_floor_or_ceiling_is_the_floor_or_ceiling(sized, plain):
    assert claims(sized) == claims(plain)


def test_a_sized_ceiling_is_never_a_bracket():
    (lhs, rhs), = claims(r"B_c = \left\lceil \frac{M}{4d} \right\rceil")
    assert _same([rhs], [sympy.ceiling(M / (4 * d))])
    (lhs, rhs), = claims(r"x = \left\lfloor a \right\rfloor")
    assert rhs.func == sympy.floor


@pytest.mark.parametrize("latex", [
    r"x = \left\lfloor a \right\rceil",      # a floor closed by a ceiling: neither
    r"x = \left\lceil a \right)",            # a ceiling closed by a bracket
    r"x = \left( a \right\rceil",
    r"x = \left\lceil a",                    # never closed
    r"\left. x^2 \right|_0^1 = 1",           # an evaluation bar stays refused
])
def test_a_mismatched_sized_delimiter_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_the_evaluation_bar_message_says_how_to_write_it():
    with pytest.raises(ParseError, match=r"f\(b\) - f\(a\)"):
        parse_chain(r"\left. x^2 \right|_0^1 = 1")


# -- a quotient inside a floor or ceiling --------------------------------------------------------
@pytest.mark.parametrize("latex, want", [
    (r"x = \lceil M/128 \rceil", sympy.ceiling(M / 128)),
    (r"x = \left\lfloor t/T_0 \right\rfloor", sympy.floor(t / T_0)),
    (r"x = \lceil a/b \rceil c", c * sympy.ceiling(a / b)),
])
def test_a_quotient_ends_at_the_closing_floor_or_ceiling(latex, want):
    (_, rhs), = claims(latex)
    assert _same([rhs], [want])


@pytest.mark.parametrize("latex", [
    r"x = \lceil a/b c \rceil",              # (a/b)c or a/(bc) inside the ceiling: still a guess
    r"x = \lfloor t/T_0 k \rfloor",
])
def test_an_ambiguous_quotient_inside_a_ceiling_is_refused(latex):
    with pytest.raises(ParseError, match="ambiguous division"):
        parse_chain(latex)
