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


# -- limits written superscript first ---------------------------------------------------------------
i, H, n = sympy.symbols("i H n", real=True)


@pytest.mark.parametrize("late, early", [
    (r"s = \sum^{H}_{i=1} a_i", r"s = \sum_{i=1}^{H} a_i"),
    (r"s = \sum^{H} _ {i=1} a_i^2", r"s = \sum_{i=1}^{H} a_i^2"),
    (r"s = \prod^{n}_{k=1} k", r"s = \prod_{k=1}^{n} k"),
    (r"s = \frac{1}{H}\sum^{H}_{i=1}\left(a_{i}-m\right)^{2}", r"s = \frac{1}{H}\sum_{i=1}^{H}(a_{i}-m)^{2}"),
])
def test_limits_written_superscript_first_are_the_same_sum(late, early):
    assert claims(late) == claims(early)


def test_an_upper_limit_alone_still_asks_for_the_index():
    with pytest.raises(ParseError, match="give the index"):
        parse_chain(r"s = \sum^{H} a_i")


# -- italic Var -------------------------------------------------------------------------------------
def test_italic_var_before_its_bracket_is_the_variance():
    assert claims(r"Var(X + Y) = Var(X) + Var(Y)") == claims(
        r"\operatorname{Var}(X + Y) = \operatorname{Var}(X) + \operatorname{Var}(Y)")
    assert claims(r"Var[X] = 1") == claims(r"\operatorname{Var}[X] = 1")


@pytest.mark.parametrize("latex", [r"Var (X) = 1", r"Var X = 1", r"aVar(X) = 1", r"Cov(X, Y) = 0",
                                   r"Vars(X) = 1", r"Var_{1}(X) = 1"])
def test_other_italic_words_stay_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_upright_var_is_untouched():
    assert claims(r"\mathrm{Var}(X) = 1") == claims(r"\operatorname{Var}(X) = 1")


# -- a label or a power; i alone on a side -----------------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"\mu^{l} = \frac{1}{H}\sum_{i=1}^{H}a_{i}^{l}",
    r"\mu^l = \frac{1}{H} \sum_{i=1}^H a^l_i",
    r"\frac{1}{H}\sum_{i=1}^{H}a_{i}^{l} = \mu^{l}",
    r"y^t = \beta_1^t",
])
def test_a_letter_on_the_defined_name_and_the_other_side_is_refused(latex):
    with pytest.raises(ParseError, match="label .* or a power"):
        parse_chain(latex)


@pytest.mark.parametrize("latex", [
    r"(ab)^n = a^n b^n",                     # a bracket on the left: powers
    r"x^n = x^{n-1} x",                      # another exponent on the right
    r"\hat m_t = \frac{m_t}{1-\beta_1^t}",   # no superscript on the left
    r"{\mu}^{l} = a_i^l",                    # a braced base says "a power"
    r"e^x = y^x",                            # e is Euler's number
])
def test_powers_that_are_not_labels_still_read(latex):
    assert claims(latex)


def test_i_alone_on_a_side_is_refused_unless_declared():
    with pytest.raises(ParseError, match="i alone on one side"):
        parse_chain(r"i = \lfloor k/B_r \rfloor")
    (lhs, rhs), = claims(r"i = \lfloor k/B \rfloor", assumptions=[r"i \in \mathbb{Z}"])
    assert lhs.name == "i" and rhs.func == sympy.floor
    assert claims(r"x_i + i = i + x_i")          # i not alone: the old reading


# -- messages that say how to write the claim ----------------------------------------------------------
@pytest.mark.parametrize("latex, says", [
    (r"a = step\_num", r"\\mathrm\{step\\_num\}"),
    (r"|x| \lesssim a", r"write \\le with the constant"),
    (r"a \oplus b = c", "write the operation out"),
    (r"a=\underset{i}{max} x_i", r"write \\max_\{i\} x_i"),
    (r"x \mapsto y = 1", "names a map"),
    (r"a \cong b", "isomorphism"),
    (r"PE(pos, 2\dim) = 1", "dimension of a space"),
    (r"1 + \tan^2 = \sec^2", r"\\tan at column 5 has nothing to apply to"),
])
def test_refusal_messages_name_the_construct_and_the_fix(latex, says):
    with pytest.raises(ParseError, match=says):
        parse_chain(latex)


@pytest.mark.parametrize("latex, says", [
    (r"x = \lfloor t \right\rfloor", r"\\right without its \\left"),
    (r"x = \left\lfloor t \rfloor", "never closed"),
])
def test_a_sizer_of_a_floor_must_pair(latex, says):
    with pytest.raises(ParseError, match=says):
        parse_chain(latex)
