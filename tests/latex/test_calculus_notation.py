"""Calculus notation of published displays: how primes, accented variables and derivatives in
vectors are read.

Each expected reading was written from the mathematics before running the reader: ``L'`` that
the assumptions declare a real number is one symbol named ``L'`` (YaRN's extended context
length), ``f'(x)`` of a declared f is ``Derivative(f(x), x)``, and the derivative in the
prediction ``\\hat{y}`` is a derivative in a variable of its own.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.parse import parse_expression
from symbolic.latex.primes import declared_primes

x, y, t = (sympy.Symbol(n, real=True) for n in ("x", "y", "t"))
L, s, b, D, d = (sympy.Symbol(n, real=True) for n in ("L", "s", "b", "D", "d"))
f = sympy.Function("f", real=True)
L1 = sympy.Symbol("L'", real=True)


def links(latex, **kwargs):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, **kwargs).links]


def refused(latex, words, **kwargs):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, **kwargs)
    message = str(err.value)
    assert words in message and "\n" not in message, message
    return message


def _named(expr, name):
    return next(v for v in expr.free_symbols if v.name == name)


# -- which assumptions declare a primed name --------------------------------------------------
def test_declared_primes_are_memberships_in_a_real_set():
    assert declared_primes(["L' \\in \\mathbb{R}"]) == (("L", 1),)
    assert declared_primes(["x'' \\in \\mathbb{R}_{>0}"]) == (("x", 2),)
    assert declared_primes([r"\theta^{\prime} \in \mathbb{R}"]) == ((r"\theta", 1),)
    assert declared_primes(["a', b' \\in \\mathbb{R}"]) == (("a", 1), ("b", 1))
    # a relation mentions L' but does not say what it is; a complex L' may be a derivative
    assert declared_primes(["L' > L"]) == ()
    assert declared_primes(["L' \\in \\mathbb{C}"]) == ()


# -- declared primed quantities ---------------------------------------------------------------
def test_a_declared_primed_name_is_a_symbol_of_its_own():
    ((lhs, rel, rhs),) = links(r"s = \frac{L'}{L}", assumptions=["L' \\in \\mathbb{R}"])
    assert rel == "EQ" and lhs == s
    assert rhs == _named(rhs, "L'") / _named(rhs, "L") and _named(rhs, "L'") != _named(rhs, "L")
    ((lhs, rel, rhs),) = links(r"L' > L", assumptions=["L' \\in \\mathbb{R}"])
    assert (lhs.name, rel, rhs.name) == ("L'", "GT", "L")


def test_every_spelling_of_the_prime_is_the_same_symbol():
    for written in (r"L^{\prime}", r"L^\prime", "L’", "L '"):
        ((lhs, _, rhs),) = links(written + " = L'", assumptions=["L' \\in \\mathbb{R}"])
        assert lhs == rhs and lhs.name == "L'", written


def test_a_declared_primed_name_after_a_factor_is_a_number():
    # (the reader's own name for it must not look like a capital, which after a factor may be
    # a matrix and is refused)
    ((lhs, _, rhs),) = links(r"a L' = L' a", assumptions=["L' \\in \\mathbb{R}"])
    assert lhs == rhs == _named(lhs, "a") * _named(lhs, "L'")
    assert parse_chain(r"s = \frac{L'}{L}", assumptions=["L' \\in \\mathbb{R}"]).links[0].latex \
        == r"s = \frac{L'}{L}"


def test_a_declared_primed_matrix_is_a_matrix():
    ((lhs, _, rhs),) = links(r"V' = A B", assumptions=[
        "V' \\in \\mathbb{R}^{n \\times n}", r"A \in \mathbb{R}^{n \times n}", r"B \in \mathbb{R}^{n \times n}"])
    assert isinstance(lhs, sympy.MatrixSymbol) and lhs.name == "V'"


def test_a_power_of_a_declared_primed_name_is_its_power():
    ((lhs, _, rhs),) = links(r"h = b'^{-2d/|D|}", assumptions=["b' \\in \\mathbb{R}"])
    base = _named(rhs, "b'")
    dd, DD = _named(rhs, "d"), _named(rhs, "D")
    assert sympy.simplify(rhs - base ** (-2 * dd / sympy.Abs(DD))) == 0


def test_the_declaration_reaches_the_other_assumptions():
    parsed = parse_chain(r"L' - L > 0", assumptions=["L' \\in \\mathbb{R}", "L' > L"])
    names = {str(fact) for fact in parsed.assumptions.facts}
    assert any("L'" in n for n in names), names
    assert "quantities of their own" in " ".join(parsed.notes)


def test_an_expression_with_a_declared_primed_name():
    value = parse_expression(r"\frac{L'}{L}", assumptions=["L' \\in \\mathbb{R}"]).value
    assert {v.name for v in value.free_symbols} == {"L'", "L"}


def test_only_the_declared_number_of_primes_is_read():
    refused(r"x'' = x'", "primes", assumptions=["x' \\in \\mathbb{R}"])
    ((lhs, _, rhs),) = links(r"x'' = x", assumptions=["x'' \\in \\mathbb{R}"])
    assert lhs.name == "x''" and rhs.name == "x"


def test_undeclared_primes_are_refused_with_both_declarations_named():
    message = refused(r"x' = x", "--assume")
    assert "--function" in message
    refused(r"x^{\prime} = 1", "--assume")
    refused(r"\theta' = 1", "--assume")


def test_a_declared_primed_name_before_a_bracket_or_with_an_index_is_refused():
    refused(r"x'(t) = 1", "may be", assumptions=["x' \\in \\mathbb{R}"])
    refused(r"x'_i = 1", "subscript", assumptions=["x' \\in \\mathbb{R}"])
    refused(r"a^b' = 1", "double script", assumptions=["b' \\in \\mathbb{R}"])
    refused(r"f'(x) = 1", "could be its derivative", functions=("f",),
            assumptions=["f' \\in \\mathbb{R}"])


# -- primes on declared functions (the convention: f' is Derivative(f(x), x)) -----------------
def test_primes_of_a_declared_function_are_its_derivatives():
    ((lhs, _, rhs),) = links(r"f'(x) = f''(x)", functions=("f",))
    assert lhs == sympy.Derivative(f(x), x) and rhs == sympy.Derivative(f(x), (x, 2))
    ((lhs, _, _),) = links(r"f^{\prime}(t) = 0", functions=("f",))
    assert lhs == sympy.Derivative(f(t), t)


def test_a_prime_after_a_bracket_is_refused():
    refused(r"f'(x) = f(x)'", "primes", functions=("f",))


# -- the variable of a derivative ---------------------------------------------------------------
def test_an_accented_letter_is_a_variable_of_its_own():
    ((lhs, _, rhs),) = links(r"\frac{\partial}{\partial \hat{y}} (\hat{y} - y)^2 = 2(\hat{y} - y)")
    yhat = _named(lhs, r"\hat{y}")
    assert lhs == sympy.Derivative((yhat - y) ** 2, yhat)
    assert sympy.expand(rhs - 2 * (yhat - y)) == 0
    ((lhs, _, _),) = links(r"\frac{\partial}{\partial \tilde{x}} \tilde{x}^3 = 0")
    xt = _named(lhs, r"\tilde{x}")
    assert lhs == sympy.Derivative(xt ** 3, xt)


def test_an_accented_indexed_variable_picks_its_term_of_a_sum():
    ((lhs, _, _),) = links(r"\frac{\partial}{\partial \hat{y}_i} \sum_{j=1}^n (\hat{y}_j - y_j)^2 = 0",
                           assumptions=[r"n \in \mathbb{Z}_{>0}", r"i \in \mathbb{Z}", r"1 \le i \le n"])
    assert isinstance(lhs, sympy.Derivative)
    (var, count), = lhs.variable_count
    assert isinstance(var, sympy.Indexed) and str(var.base) == r"\hat{y}" and count == 1


def test_a_derivative_of_an_undeclared_letter_in_an_accented_variable_is_refused():
    # L as written does not depend on y-hat_i: it would be 0
    refused(r"\frac{\partial L}{\partial \hat{y}_i} = -\frac{y_i}{\hat{y}_i}", "does not depend")


def test_a_derivative_in_a_vector_or_an_expression_is_refused_as_such():
    refused(r"\frac{\partial}{\partial \mathbf{x}} (x^2) = 2x", "variable of a derivative")
    refused(r"\frac{\partial L}{\partial \mathbf{b}} = 1", "variable of a derivative")
    refused(r"\frac{d}{d(x^2)} x^4 = 2x^2", "variable of a derivative")
    refused(r"\frac{\partial}{\partial \hat{\mathbf{x}}} x = 1", "variable of a derivative")


def test_d_over_a_name_beginning_with_d_is_a_ratio():
    ((lhs, _, _),) = links(r"\frac{d}{d_k} = 2")
    assert lhs == _named(lhs, "d") / _named(lhs, "d_k")
    ((lhs, _, _),) = links(r"\frac{d}{d+1} = 2")
    assert lhs == d / (d + 1)


# -- a letter before brackets under a derivative ------------------------------------------------
def test_an_undeclared_letter_before_brackets_under_a_derivative_is_refused():
    refused(r"\frac{\partial}{\partial x} u(x + 1) = u", "under a derivative")
    refused(r"\partial_x u(x + 1) = u", "under a derivative")
    refused(r"\frac{\partial u(x + 1)}{\partial x} = u", "under a derivative")


def test_products_that_stay_readable_under_a_derivative():
    # the variable itself before a bracket, and a bracket without the variable, are products
    ((lhs, _, _),) = links(r"\frac{d}{dx} x(x + 1) = 2x + 1")
    assert lhs == sympy.Derivative(x * (x + 1), x)
    ((lhs, _, _),) = links(r"\frac{d}{dx} (x^2 + a(y + 1)) = 2x")
    a = _named(lhs, "a")
    assert lhs == sympy.Derivative(x ** 2 + a * (y + 1), x)
    # declared, it is the function
    u = sympy.Function("u", real=True)
    ((lhs, _, _),) = links(r"\frac{d}{dx} u(x + 1) = 1", functions=("u",))
    assert lhs == sympy.Derivative(u(x + 1), x)


# -- the variable's index and a sum's bound index ------------------------------------------------
def test_a_derivative_in_x_i_of_a_sum_over_i_is_refused():
    # SymPy would differentiate every term as if it were x_i: 2 sum_i x_i was proved before
    refused(r"\frac{\partial}{\partial x_i} \sum_{i=1}^n x_i^2 = 2 x_i", "rename the index")
    refused(r"\frac{d}{dj} \sum_{j=1}^n j x = 0", "rename the index")
    # another index is read: the Kronecker delta picks the term j = k
    ((lhs, _, _),) = links(r"\frac{\partial}{\partial x_k} \sum_{j=1}^n x_j^2 = 2 x_k")
    assert isinstance(lhs, sympy.Derivative)


def test_a_function_of_a_list_under_a_derivative_stays_a_function():
    # \ell(x_i, \Theta): a bracket holding a list is the function's arguments, never a factor
    ((lhs, _, _),) = links(r"\frac{1}{m} \frac{\partial \ell(x_i, \Theta)}{\partial \Theta} = 1")
    assert isinstance(lhs.args[-1] if lhs.is_Mul else lhs, sympy.Derivative) or lhs.has(sympy.Derivative)


def test_a_quantity_defined_elsewhere_is_named_as_written():
    # p_i defined as a softmax in another display: refused, naming o_k as the source writes it
    message = refused(r"\frac{\partial p_i}{\partial o_k} = p_k (1 - p_k)", "does not depend")
    assert "o_{k}" in message and "definition" in message
