"""Bad input: always a one-line ParseError naming the problem, fast, never another exception."""
import time

import pytest

from symbolic.errors import ParseError
from symbolic.latex import parse_assumptions, parse_chain, parse_expr

BAD = [
    # (latex, words the message must contain)
    ("__import__('os').system('ls')", "no relation"),
    ("__import__('os').system('ls') = 0", "cannot read"),
    (r"\input{/etc/passwd}", r"'\input' at column 1: unknown command"),
    (r"\def\x{1} = 1", r"'\def' at column 1: unknown command"),
    (r"\csname foo\endcsname = 1", "unknown command"),
    ("$(rm -rf /)", "'$' at column 1"),
    ("x = 1 $", "'$'"),
    ("", "empty"),
    ("   ", "empty"),
    (r"\frac{1}{ = 2", "never closed"),
    ("x = y}", "nothing to close"),
    (r"\left( x = 1", "never closed"),
    ("(x] = 1", "does not match"),
    (r"x + 5 \foo", r"'\foo' at column 7: unknown command"),
    ("x + y", "no relation"),
    ("x = 1 + ... + n", "ellipsis"),
    ("a/b c = 1", "ambiguous division"),
    ("1/2 x = 1", "ambiguous division"),
    (r"\ln(x)^2 = 1", "ambiguous power"),
    (r"\lim x = 1", "limit point"),
    (r"\sin^{-1} x = 1", "ambiguous"),
    (r"\frac{d^n}{dx^n} x = 0", "derivative of order n"),
    (r"a \wedge b = 1", "implication"),
    ("x =", "nothing after"),
    ("= x", "nothing before"),
    ("x = = y", "nothing"),
    (r"x^T = 1", "transpose"),
    (r"QK^T = 1", "matrix"),
    (r"\sum x_i = 1", "index"),
    (r"\max_{1 \le i < j \le n} x_j = 1", "subscript"),   # a range of one index is read; two are not
    (r"x' = 1", "prime"),
    (r"k_1 = \cdots = k_n", "ellipsis"),
    (r"\mathbb{E}_{x}[x] = 0", "subscript on E"),
    (r"\partial x = 1", "derivative"),
    ("x + = 1", "cannot read"),
    (r"\sqrt = 1", "missing its argument"),
    ("x = 1 @", "unexpected character"),
    ("x = 1 \u00a4", "unexpected character"),
    ("{" * 1000 + "x" + "}" * 1000 + " = 1", "nested deeper than 16"),
    ("{" * 5000 + "x" + "}" * 5000 + " = 1", "over the limit"),
    ("x" * (1 << 20) + " = 1", "over the limit of 4000"),
    ("x + " * 1500 + "x = 1", "over the limit"),
    ("x + " * 990 + "x = 1", "too deeply"),
]


@pytest.mark.parametrize("latex, words", BAD, ids=[b[0][:40] or "empty" for b in BAD])
def test_bad_chain_is_one_line_parse_error(latex, words):
    start = time.perf_counter()
    with pytest.raises(ParseError) as info:
        parse_chain(latex)
    message = str(info.value)
    assert "\n" not in message and words in message, message
    assert time.perf_counter() - start < 2.0, "bad input must fail fast"


@pytest.mark.parametrize("latex", ["x + ", r"\frac{a}{", "", r"a \le b", "$x$$"])
def test_bad_expression(latex):
    with pytest.raises(ParseError):
        parse_expr(latex)


def test_non_string_input():
    with pytest.raises(ParseError, match="expected LaTeX text"):
        parse_chain(None)


def test_assumption_injection():
    with pytest.raises(ParseError):
        parse_assumptions(["__import__('os').system('ls') > 0"])


def test_deep_but_legal_nesting_is_fine():
    latex = "(" * 12 + "x" + ")" * 12 + " = x"
    assert parse_chain(latex).links[0].claim.lhs == parse_chain(latex).links[0].claim.rhs


def test_tower_of_powers_is_not_evaluated():
    start = time.perf_counter()
    chain = parse_chain(r"9^{9^{9^{9}}} > 1")
    assert time.perf_counter() - start < 2.0
    assert chain.links[0].claim.lhs.base == 9


def test_huge_factorial_is_not_evaluated():
    start = time.perf_counter()
    parse_chain(r"100000000! > 1")
    assert time.perf_counter() - start < 2.0


# inputs that once reached the user as an internal error ("AttributeError: 'EulerGamma' object
# has no attribute 'name'"): each is now a refusal that names the construct
INTERNAL = [
    (r"\min_\gamma y = y", (), r"\gamma there would be read as a constant"),
    (r"\sum_{\gamma} x_\gamma = 0", (), r"\gamma there would be read as a constant"),
    (r"\max_{I} x_I = 0", (), "I (or i) there would be read as a constant"),
    (r"\sum_{\gamma=1}^{n} x_\gamma = 0", (), "rename the index"),
    (r"\max(0,x)^\top\max(0,-x) = 0", (r"x \in \mathbb{R}^n",), "applied entrywise"),
]


@pytest.mark.parametrize("latex, assume, words", INTERNAL, ids=[b[0] for b in INTERNAL])
def test_no_internal_error_reaches_the_user(latex, assume, words):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=assume)
    message = str(info.value)
    assert words in message and "Error" not in message, message
