"""Readings pinned after the published corpus: matrix-order products, general values, \\bar of a
complex symbol, the hyperbolic functions, odd roots, and the reading notes shown by `check`."""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain

x, y, z_real = sympy.symbols("x y z", real=True)


def sides(latex, **kw):
    link = parse_chain(latex, **kw).links[0]
    return link.claim.lhs, link.claim.rhs


# -- a capital after another factor may be a matrix: refused ---------------------------------------
@pytest.mark.parametrize("latex, shown", [
    (r"\mathrm{FFN}(x)=\max(0, xW_1 + b_1) W_2 + b_2", "xW"),
    (r"O_j = e^{m_{j-1} - m_j} O_{j-1} + e^{S_j - m_j} V_j", "O"),
    (r"AB = BA", "AB"),
    (r"(A+B)^2 = A^2+2AB+B^2", "AB"),
    (r"x W = W x", "W"),
    (r"(x + 1) W = W", "W"),
    (r"\hat{x} W = 0", "W"),
    (r"x_1 W = 0", "W"),
    (r"\alpha W = 0", "W"),
])
def test_a_capital_after_a_factor_is_refused(latex, shown):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    message = str(err.value)
    assert "matrix" in message and shown in message and "\\cdot" in message


@pytest.mark.parametrize("latex", [
    r"W x + W y = W(x + y)",        # a capital first in its product
    r"2A = A + A",                  # a number times a capital commutes
    r"x^{2N} = x^N \cdot x^N",      # a capital in an exponent is a number
    r"\frac{1}{N} = N^{-1}",
    r"x \cdot W = W \cdot x",       # the hint's spelling (\cdot: the author says numbers) is read
    r"\max(0, x \cdot W_1 + b_1) \cdot W_2 = 0",
])
def test_capitals_first_in_a_product_or_after_cdot_are_read(latex):
    assert parse_chain(latex).links


# -- \sqrt[n]: the real root of an odd index ----------------------------------------------------
def test_odd_root_is_the_real_root():
    lhs, rhs = sides(r"\sqrt[3]{-8} = -2")
    assert lhs == -2
    lhs, _ = sides(r"\sqrt[3]{x} = 0")
    assert lhs == sympy.sign(x) * sympy.Abs(x) ** sympy.Rational(1, 3)
    lhs, _ = sides(r"\sqrt[4]{x} = 0")
    assert lhs == sympy.root(x, 4)


# -- general (multivalued) values are refused, with a hint the reader accepts --------------------
GENERAL = [("Arcsin", r"\arcsin"), ("Ln", r"\ln"), ("Log", r"\ln"), ("Arctan", r"\arctan"),
           ("Arccos", r"\arccos"), ("Arccot", r"\operatorname{arccot}"),
           ("Arsinh", r"\operatorname{arsinh}"), ("Arctanh", r"\operatorname{artanh}"),
           ("Arccosh", r"\operatorname{arcosh}")]


@pytest.mark.parametrize("name, principal", GENERAL)
def test_general_values_are_refused_and_the_hint_reads(name, principal):
    with pytest.raises(ParseError) as err:
        parse_chain(r"\operatorname{%s}(x) = 1" % name)
    assert "general" in str(err.value) and principal in str(err.value)
    lhs, _ = sides(principal + "(x) = 1")
    assert not isinstance(lhs.func, sympy.core.function.UndefinedFunction) \
        and type(lhs).__name__ in ("asin", "log", "atan", "acos", "acot", "asinh", "atanh", "acosh")


# -- hyperbolic functions: read, or refused with a hint that reads -------------------------------
@pytest.mark.parametrize("latex, want", [
    (r"\coth x = 0", sympy.coth(x)), (r"\coth(x) = 0", sympy.coth(x)),
    (r"\coth^2 x = 0", sympy.coth(x) ** 2),
    (r"\operatorname{sech}(x) = 0", sympy.sech(x)), (r"\operatorname{csch}(x) = 0", sympy.csch(x)),
    (r"\operatorname{arsinh}(x) = 0", sympy.asinh(x)),
    (r"\operatorname{arcosh}(x) = 0", sympy.acosh(x)),
    (r"\operatorname{artanh}(x) = 0", sympy.atanh(x)),
])
def test_hyperbolic_functions_are_read(latex, want):
    lhs, _ = sides(latex)
    assert sympy.simplify(lhs - want) == 0 and lhs.free_symbols == {x}


@pytest.mark.parametrize("latex", [r"\sech x = 0", r"\csch x = 0", r"\arsinh x = 0",
                                   r"\arcsinh x = 0", r"\arctanh x = 0", r"\arccosh x = 0",
                                   r"\operatorname{sech} x = 0", r"\operatorname{arsinh} x = 0"])
def test_hyperbolic_spellings_refused_with_a_hint_that_reads(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    message = str(err.value)
    if "is not a LaTeX command" in message:
        hint = message[message.index("write ") + 6:].split(",")[0].strip()
        assert parse_chain(hint + " = 0").links
    else:
        assert "brackets" in message
        assert parse_chain(latex.replace(" x =", "(x) =")).links


# -- \bar{z}: the conjugate of a complex z, a new symbol otherwise --------------------------------
def test_bar_of_a_complex_symbol_is_the_conjugate():
    chain = parse_chain(r"|z|^2 = z\bar{z}", assumptions=[r"z \in \mathbb{C}"])
    rhs = chain.links[0].claim.rhs
    assert rhs.has(sympy.conjugate)


def test_bar_of_a_real_symbol_is_a_new_symbol():
    lhs, rhs = sides(r"\bar{z} = z")
    assert not lhs.has(sympy.conjugate) and lhs != rhs
    lhs, _ = sides(r"\bar{x}_i = 0")
    assert not lhs.has(sympy.conjugate)


def test_modulus_squared_of_complex_z_is_not_refuted(capsys):
    code = main(["check", "--assume", r"z \in \mathbb{C}", r"|z|^2 = z\bar{z}"])
    out = capsys.readouterr().out
    assert code == 0 and out.split()[0] in ("PROVED", "VERIFIED")


# -- the reading's notes are printed ---------------------------------------------------------------
def test_notes_in_text_and_json(capsys):
    main(["check", r"e^{i\theta} = \cos\theta + i\sin\theta"])
    out = capsys.readouterr().out
    assert "note: i is the imaginary unit" in out
    # a definition later in a chain is checked like = (noted); opening a chain it is listed as
    # a definition and the rest is checked; alone it defines a name
    main(["check", "--json", r"a = b := 3"])
    data = json.loads(capsys.readouterr().out)
    assert any(":=" in note for note in data["links"][0]["notes"])
    main(["check", "--json", r"y := 2 + 1 = 3"])
    data = json.loads(capsys.readouterr().out)
    assert data["expressions"][0]["kind"] == "definition"
    assert [link["verdict"] for link in data["links"]] == ["proved"]
    main(["check", "--json", r"y := 2 + 1"])
    data = json.loads(capsys.readouterr().out)
    assert not data["links"] and data["expressions"][0]["kind"] == "definition"


# -- nothing that restricts the domain is simplified away while reading -------------------------
@pytest.mark.parametrize("latex", [r"\frac{x^2}{x} = x", r"\frac{1}{\frac{1}{x}} = x",
                                   r"(\sqrt{x})^2 = x", r"e^{\ln x} = x"])
def test_domain_restrictions_survive_reading(latex):
    lhs, rhs = sides(latex)
    assert lhs != rhs


def test_a_negative_base_to_a_fraction_is_refused_with_a_hint_that_reads():
    with pytest.raises(ParseError) as err:
        parse_chain(r"(-8)^{1/3} = -2")
    assert r"\sqrt[3]{-8}" in str(err.value)
    assert sides(r"\sqrt[3]{-8} = -2")[0] == -2
    assert sides(r"8^{1/3} = 2")[0] == 2
