"""Constructs papers write (issue 11, item 3): each reading, and its near misses refused."""
import pytest
import sympy
from sympy import Abs, Symbol, sin

from symbolic.errors import ParseError
from symbolic.latex import parse_chain

R = dict(real=True)
x, y, a, b = sympy.symbols("x y a b", real=True)


def claim(latex, **kw):
    link = parse_chain(latex, **kw).links[0]
    return link.claim.lhs, link.claim.rhs


READ = [
    (r"\ell + 1 = 2", Symbol("ell", **R) + 1, sympy.Integer(2)),
    (r"\ell_2 = 1", Symbol("ell_2", **R), sympy.Integer(1)),
    (r"\widehat{x} = 1", Symbol(r"\widehat{x}", **R), sympy.Integer(1)),
    (r"a \odot b = 1", a * b, sympy.Integer(1)),
    (r"|\sin x| \le 1", Abs(sin(x)), sympy.Integer(1)),
    (r"\ln|x| = 1", sympy.log(Abs(x)), sympy.Integer(1)),
    (r"|x|y = 1", y * Abs(x), sympy.Integer(1)),
    (r"d_{\mathrm{model}} = 512", Symbol("d_{model}", **R), sympy.Integer(512)),
    (r"a = 1 \tag{3}", a, sympy.Integer(1)),
    (r"\small a = 1", a, sympy.Integer(1)),
    (r"x := y + 1", x, y + 1),
    (r"x \triangleq y", x, y),
]


@pytest.mark.parametrize("latex, lhs, rhs", READ, ids=[r[0] for r in READ])
def test_read(latex, lhs, rhs):
    assert claim(latex) == (lhs, rhs)


def test_definition_is_noted():
    assert any("definition" in n for n in parse_chain("x := y + 1").notes)


REFUSED = [
    (r"\ell(x) = 1", "--function ell"),
    (r"|a|b|c| = 1", r"\left|"),
    (r"|x| + |y = 1", "never closed"),
    # a label superscript on a name is read as a subscript (m_i^{old} is m_{i,old}, see
    # test_labels.py); beside the same name with an index, or after a bracket, it is refused
    (r"W^{(l)} = W_k", "label"),
    (r"(a + b)^{(l)} = 1", "label"),
    (r"(a)^{\mathrm{old}} = 1", "label"),
    (r"x^* = 1", "optimum"),
    (r"\mathbb{E}_{x}[x] = 0", "subscript on E"),
    (r"\operatorname{Var} x = 1", "brackets"),
    (r"\nabla f = 0", "partial"),
    (r"\int_0^1 x = 1", "no differential"),
    (r"A^\top B = 1", "matrix transposes"),
    (r"f'(x) = 1", "primes"),
]


@pytest.mark.parametrize("latex, words", REFUSED, ids=[r[0] for r in REFUSED])
def test_refused(latex, words):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_fonts_that_name_other_objects_are_other_symbols():
    lhs, _ = claim(r"\mathbf{x} - x = 0")
    assert len(lhs.free_symbols) == 2
    lhs, rhs = claim(r"\mathcal{L} = L")
    assert lhs != rhs


@pytest.mark.parametrize("latex, words", [
    (r"2 \cdot 0 = 1 \\ 0 = 0", "row"),
    (r"\{x\} = x", "fractional part"),
])
def test_rows_and_set_braces_refused(latex, words):
    with pytest.raises(ParseError, match=words):
        parse_chain(latex)


def test_a_definition_of_a_name_by_itself_is_an_update():
    with pytest.raises(ParseError, match="update"):
        parse_chain(r"\text{v} := \text{v} - 1")
    with pytest.raises(ParseError, match="update"):
        parse_chain(r"x := x + 1")


def test_environments_are_refused_with_a_reason():
    with pytest.raises(ParseError, match="each row"):
        parse_chain(r"\begin{aligned} a &= b \\ c &= d \end{aligned}")


def test_prime_of_a_declared_function_is_its_derivative():
    f = sympy.Function("f", real=True)
    lhs, _ = claim(r"f'(x) = 1", functions=["f"])
    assert lhs == sympy.Derivative(f(x), x)
    lhs, _ = claim(r"f''(x) = 1", functions=["f"])
    assert lhs == sympy.Derivative(f(x), (x, 2))


@pytest.mark.parametrize("latex, functions", [
    (r"f'(x) = 1", ()),            # undeclared
    (r"f'(2x) = 1", ("f",)),       # not at a variable
    (r"x' = 1", ()),               # a prime on a variable
])
def test_prime_near_misses_refused(latex, functions):
    with pytest.raises(ParseError, match="primes"):
        parse_chain(latex, functions=functions)
