"""Account for every token: a reading that lost a token of the input is refused, naming it."""
import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex import convert as convert_module
from symbolic.latex.inventory import account
from symbolic.latex.lexer import lex

x, y = sympy.symbols("x y", real=True)


def _broken(monkeypatch, damage):
    """Make the conversion damage every tree it builds, as a bug in it would."""
    original = convert_module.Context.convert

    def convert(self, raw):
        return damage(original(self, raw))

    monkeypatch.setattr(convert_module.Context, "convert", convert)


def _drop_last_term(expr):
    if isinstance(expr, sympy.Add) and len(expr.args) > 1:
        return sympy.Add(*expr.args[:-1], evaluate=False)
    return expr


def _drop_exponent(expr):
    return expr.base if isinstance(expr, sympy.Pow) and expr.exp == 3 else expr


def _drop_function(expr):
    return expr.args[0] if isinstance(expr, sympy.sin) else expr


@pytest.mark.parametrize("damage, latex, missing", [
    (_drop_last_term, "x + y = 1", "'y'"),
    (_drop_last_term, r"\alpha + \beta = 1", r"'\beta'"),
    (_drop_exponent, "x^3 = 1", "'3'"),
    (_drop_function, r"\sin x = 1", r"'\sin'"),
])
def test_a_broken_conversion_is_caught(monkeypatch, damage, latex, missing):
    parse_chain(latex)                       # reads when the conversion is sound
    _broken(monkeypatch, damage)
    with pytest.raises(ParseError, match="missing from what was read") as err:
        parse_chain(latex)
    assert missing in str(err.value)


@pytest.mark.parametrize("latex, tree", [
    ("x + y", x),
    ("4 5", sympy.Integer(9)),
    ("x^{10}", x),
    (r"\ln x", x),
    (r"\sum_{j=1}^{n} j", sympy.Symbol("n")),
    (r"\gamma", sympy.EulerGamma),
    ("I^2", sympy.I ** 2),
])
def test_account_refuses_a_tree_that_lost_a_token(latex, tree):
    with pytest.raises(ParseError, match="missing"):
        account(lex(latex), tree, latex)


@pytest.mark.parametrize("latex, tree", [
    ("x + y", x + y),
    (r"\frac{4}{2}", sympy.Mul(4, sympy.Pow(2, -1, evaluate=False), evaluate=False)),
    (r"12\,345", sympy.Integer(12345)),
    ("0.25", sympy.Mul(25, sympy.Pow(100, -1, evaluate=False), evaluate=False)),
    (r"e^{x}", sympy.exp(x)),
    (r"\mathrm{i} x", sympy.I * x),
    (r"x_2", sympy.Symbol("x_2")),
    (r"x_{ij}", sympy.IndexedBase("x")[sympy.Symbol("i"), sympy.Symbol("j")]),
    (r"\operatorname{softmax}(x)", sympy.Function("softmax")(x)),
])
def test_account_accepts_a_faithful_tree(latex, tree):
    account(lex(latex), tree, latex)
