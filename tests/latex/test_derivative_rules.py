"""Primes and derivatives whose reading depends on their context: a prime on a named function
(ReLU'(x)), a primed function declared of its own (--function "f'_W"), and a row that
differentiates a name another row of the same display defines.

Each expected reading was written from the mathematics before running the reader. The
adversarial claims are built so that a careless rule would read them as other claims, mostly
false ones: a derivative of y beside the row y = x^2 (dy/dx would read y as an unknown function,
so dy/dx = 0 could not be told false), ReLU'(2x) (the derivative at 2x, or of ReLU(2x)?), a
prime that labels a point (x'), a prime on a bracket ((f(x))'), f'' beside a declared f'.
"""
from __future__ import annotations

import pytest
import sympy
from sympy.core.function import AppliedUndef

from symbolic.commands.chain import check_chain
from symbolic.errors import ParseError
from symbolic.functions import ReLU
from symbolic.latex import parse_chain
from symbolic.latex.document import read_display
from symbolic.model import Verdict

x, m = sympy.Symbol("x", real=True), sympy.Symbol("m", real=True)
f = sympy.Function("f", real=True)


def sides(latex, **kwargs):
    link, = parse_chain(latex, **kwargs).links
    return link.claim.lhs, link.claim.rhs


def refused(latex, words, **kwargs):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, **kwargs)
    message = str(err.value)
    assert words in message and "\n" not in message, message


def problems(display):
    """The reason each chain of the display is refused (None for a chain handed to the reader)."""
    return [c.problem for c in read_display(display)]


# -- a derivative of a name another row defines --------------------------------------------------
def second_link(display):
    """The sides of the chain of a display of two chains that holds the derivative."""
    first, second = read_display(display)
    assert first.problem is None and second.problem is None, (first.problem, second.problem)
    read = [sides(c.latex) for c in (first, second)]
    found = [pair for pair in read if pair[0].has(sympy.Derivative)]
    assert len(found) == 1, read
    return found[0]


@pytest.mark.parametrize("display, expected", [
    # dy/dx beside y = x^2 is the derivative of x^2: dy/dx = 0 is then the false claim it is
    (r"y = x^2, \quad \frac{dy}{dx} = 0", (sympy.Derivative(x ** 2, x), 0)),
    (r"\begin{aligned} y &= x^2 \\ \frac{dy}{dx} &= 2x \end{aligned}",
     (sympy.Derivative(x ** 2, x), 2 * x)),
    # the definition after the derivative, a Greek name, a second order
    (r"\begin{aligned} \frac{d\theta}{dt} &= 0 \\ \theta &= t^2 \end{aligned}",
     (sympy.Derivative(sympy.Symbol("t", real=True) ** 2, sympy.Symbol("t", real=True)), 0)),
    (r"u = x z, \quad \frac{\partial^2 u}{\partial x^2} = 0",
     (sympy.Derivative(x * sympy.Symbol("z", real=True), (x, 2)), 0)),
])
def test_a_derivative_of_a_name_another_row_defines_reads_the_definition(display, expected):
    lhs, rhs = second_link(display)
    assert (lhs, rhs) == expected


def test_the_definitions_bound_index_is_renamed_away_from_the_rows_own():
    # L = 1/n sum_i (y_i - yhat_i)^2 differentiated in yhat_i: the sum's i is not the row's i
    display = (r"L = \frac{1}{n}\sum_{i=1}^{n}(y_i - \hat{y}_i)^2, \quad "
               r"\frac{\partial L}{\partial \hat{y}_i} = \frac{2}{n}(\hat{y}_i - y_i)")
    lhs, _ = second_link(display)
    assert isinstance(lhs, sympy.Derivative)
    (variable, order), = lhs.variable_count
    assert order == 1 and str(variable.indices[0]) == "i"
    total, = lhs.expr.atoms(sympy.Sum)
    assert str(total.limits[0][0]) != "i"
    assert "definition in another row" in " ".join(read_display(display)[1].notes)


def test_a_defined_name_that_is_only_the_variable_is_no_dependence():
    # L's derivative in z does not depend on what z is defined to be: L(z), an unknown function
    z = sympy.Symbol("z", real=True)
    lhs, rhs = second_link(r"z = w x + b, \quad \frac{\partial L}{\partial z} = 2")
    assert lhs == sympy.Derivative(sympy.Function("L", real=True)(z), z) and rhs == 2
    # z beside the variable, as a value, is refused (the row may mean z's definition there)
    assert problems(r"z = w x + b, \quad \frac{\partial L}{\partial z} = 2z")[1]


def test_a_false_derivative_of_a_defined_name_is_not_proved():
    first, second = read_display(r"y = x^2, \quad \frac{dy}{dx} = 0")
    link, = check_chain(second.latex)
    assert link.outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED)


@pytest.mark.parametrize("display", [
    # the operator form and a name beside the variable: read alone, a constant
    r"y := x^2, \quad \frac{d}{dx} y = 0",
    r"a = x^2, \quad \frac{d}{dx}(a x) = a",
    # the defined name also outside the derivative
    r"u = x, \quad \frac{\partial u}{\partial x} = u",
    # a definition with two relations, and a definition of a function (f(t) says nothing of df/dx)
    r"u = x z = w, \quad \frac{\partial u}{\partial x} = z",
    r"f(t) = t^2, \quad \frac{df}{dx} = 0",
    r"f(x) = x^2, \quad f'(x) = 0",
    # the definition's i is free beside its sum's: which i would the row's c_i be?
    r"u = \sum_{i=1}^n c_i + d_i, \quad \frac{\partial u}{\partial c_i} = 1",
    r"u = \sum_{i=1}^n c_i + i, \quad \frac{\partial u}{\partial c_i} = 1",
    # y_i = 2 x_i says nothing of dy/dx; a definition that brings in another defined name
    r"y_i = 2 x_i, \quad \frac{\partial y}{\partial x} = 2",
    r"u = x^2, \quad v = u y, \quad \frac{\partial v}{\partial x} = 0",
    r"u = v, \quad v = u, \quad \frac{\partial v}{\partial x} = 0",
])
def test_a_derivative_of_a_defined_name_that_cannot_take_the_definition_is_refused(display):
    found = problems(display)
    assert any(p and "defined by another row of this display" in p for p in found), found


def test_rows_without_a_shared_name_and_the_sigmoid_are_read_as_before():
    # the sigmoid is the sigmoid in both rows; the first row is checked as a claim
    display = r"\sigma(x) = \frac{1}{1 + e^{-x}}, \quad \sigma'(x) = \sigma(x)(1 - \sigma(x))"
    assert problems(display) == [None, None]
    # a row that defines b, and a derivative that does not mention b
    assert problems(r"\begin{aligned} b &= 2 \\ c &= \frac{d}{dx} x^2 \end{aligned}") == [None, None]
    # one row: a derivative of an unknown function (no other row defines y)
    lhs, rhs = sides(r"\frac{dy}{dx} = 2x")
    assert lhs == sympy.Derivative(sympy.Function("y", real=True)(x), x) and rhs == 2 * x


# -- a prime on a named function -------------------------------------------------------------
@pytest.mark.parametrize("latex", [r"\text{ReLU}'(x) = 1", r"\mathrm{ReLU}^{\prime}(x) = 1",
                                   r"\operatorname{ReLU}'(x) = 1"])
def test_relu_prime_at_a_variable_is_its_derivative(latex):
    # where x > 0 ReLU is x, smooth: the prime reads as d/dx written out
    positive = dict(assumptions=[r"x > 0"])
    assert sides(latex, **positive) == sides(r"\frac{d}{dx} \mathrm{ReLU}(x) = 1", **positive)
    # over all reals (and under x >= 0) ReLU has its kink at 0, where it has no derivative:
    # refused like d/dx |x| and d/dx max(0, x)
    refused(latex, "kink")
    refused(latex, "kink", assumptions=[r"x \ge 0"])


def test_relu_prime_orders_and_powers():
    positive = dict(assumptions=[r"x > 0"])
    assert sides(r"\mathrm{ReLU}''(x) = 0", **positive) == sides(r"\frac{d^2}{dx^2} x = 0", **positive)
    # a power after the call is a power of the derivative, not a higher order
    lhs = sides(r"\mathrm{ReLU}'(x)^2 = 1", **positive)[0]
    assert isinstance(lhs, sympy.Pow) and lhs.exp == 2 and isinstance(lhs.base, sympy.Derivative)


@pytest.mark.parametrize("latex, words", [
    # ReLU'(2x) is ReLU' at 2x (0 or 1) or (ReLU(2x))' (0 or 2): refused
    (r"\mathrm{ReLU}'(2x) = 2", "read only at a variable"),
    (r"\mathrm{ReLU}'(x + 1) = 1", "read only at a variable"),
    (r"\text{ReLU}' = 1", "read only at a variable"),
    # Re, Im, arg have no derivative a reader means
    (r"\mathrm{Re}'(x) = 1", "read only at a variable"),
])
def test_relu_prime_elsewhere_is_refused(latex, words):
    refused(latex, words)


def test_relu_prime_equal_to_one_is_not_proved():
    # false for x < 0 (and ReLU has no derivative at 0): never proved or verified
    for assume in ((), (r"x \ge 0",)):
        try:
            link, = check_chain(r"\mathrm{ReLU}'(x) = 1", assume=assume)
        except ParseError:
            continue                        # refused: the kink at 0
        assert link.outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED)


# -- primes that are labels, and primes that are derivatives -----------------------------------
@pytest.mark.parametrize("latex, functions", [
    (r"f'(x) = 2x", ()),                 # f undeclared: a function or a product f' x?
    (r"x' = x + 1", ()),                 # a new point x', or a derivative of x?
    (r"(f(x))' = 2x", ("f",)),           # a prime on a bracket: d/dx f(x), or a label?
    (r"f(x)' = 2x", ("f",)),
    (r"f'(2x) = 2", ("f",)),             # f' at 2x, or (f(2x))' = 2 f'(2x)?
    (r"f'_i(x) = 2", ("f",)),            # the derivative of f_i, or a function f'_i?
    (r"f'(x)' = f''(x)", ("f",)),
])
def test_undeclared_or_ambiguous_primes_are_refused(latex, functions):
    with pytest.raises(ParseError):
        parse_chain(latex, functions=functions)


def test_declared_f_prime_at_a_variable_is_the_derivative():
    lhs, rhs = sides(r"f'(x) = 2x", functions=("f",))
    assert lhs == sympy.Derivative(f(x), x) and rhs == 2 * x


def test_partial_of_a_product_of_undeclared_letters_is_refused():
    refused(r"\partial_x (a b) = 0", "does not occur")
    refused(r"\partial_x (a(x) b) = 0", "declare the function")


# -- a primed function declared of its own --------------------------------------------------------
def test_declared_primed_function_is_a_function_of_its_own():
    latex = (r"f'_{\mathbf{W}}(\mathbf{x}_m, m, \theta_d) = "
             r"f_{\mathbf{W}}(\mathbf{x}_m, g(m), h(\theta_d))")
    lhs, rhs = sides(latex, functions=("f'_W", "f_W", "g", "h"))
    assert isinstance(lhs, AppliedUndef) and lhs.func.__name__ == "f'_W" and len(lhs.args) == 3
    assert not lhs.has(sympy.Derivative) and not rhs.has(sympy.Derivative)
    # every spelling of the declared name is the same function
    for spelled in (r"f^{\prime}_{W}(x, m) = 1", r"f_W'(x, m) = 1", r"f'_W(x, m) = 1"):
        lhs, _ = sides(spelled, functions=("f'_W",))
        assert isinstance(lhs, AppliedUndef) and lhs.func.__name__ == "f'_W", spelled


def test_declared_f_prime_beside_a_declared_f_is_not_its_derivative():
    # the user says f' is a function of its own: f'(x) = f(x) is no differential equation
    lhs, rhs = sides(r"f'(x) = f(x)", functions=("f'", "f"))
    assert isinstance(lhs, AppliedUndef) and lhs.func.__name__ == "f'" and rhs == f(x)
    assert parse_chain(r"f'(x) = f(x)", functions=("f'", "f")).notes


@pytest.mark.parametrize("latex, functions, words", [
    # f'' beside a declared f': the derivative of f', or a name of its own?
    (r"f''(x) = f(x)", ("f'", "f"), "may be a derivative"),
    (r"f''_W(x) = 2", ("f'_W",), "may be a derivative"),
    # the declared function without its arguments
    (r"f'_W = 2", ("f'_W",), "without brackets"),
    (r"f(x) = 1", (r"f^\prime",), "primed function name is declared"),
    (r"Zpfn(x) = 1", ("f'",), "reserved"),
])
def test_declared_primed_function_refusals(latex, functions, words):
    refused(latex, words, functions=functions)
