"""Gradients, \\partial_x, derivatives of a letter order: how they are read, and their verdicts.

Each expected reading below was written from the mathematics before running the reader. Most
of the end-to-end claims are false claims built so that a careless rule would read them as true
ones: f'(x)^2 against f''(x), d^2y/dx^2 against (dy/dx)^2, \\partial_x of a product against its
total derivative, the n-th derivative with a wrong sign or a shifted order, the Kronecker delta
of a partial derivative in an indexed variable. None may come out proved or verified.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.chain import check_chain
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.model import Verdict

x, y, t, theta = (sympy.Symbol(n, real=True) for n in ("x", "y", "t", "theta"))
f, L = sympy.Function("f", real=True), sympy.Function("L", real=True)
POSITIVE_N = r"n \in \mathbb{Z}_{>0}"


def sides(latex, **kwargs):
    link, = parse_chain(latex, **kwargs).links
    return link.claim.lhs, link.claim.rhs


def refused(latex, words, **kwargs):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, **kwargs)
    message = str(err.value)
    assert words in message and "\n" not in message, message
    return message


def verdict(latex, *, assume=(), functions=()):
    link, = check_chain(latex, assume=tuple(assume), functions=tuple(functions))
    return link.outcome.verdict


# -- \nabla of a scalar function of one scalar variable ----------------------------------------
# A gradient is a vector: it is read as the derivative only in a variable an assumption makes a
# number (x \in \mathbb{R}, x > 0); a plain letter alone may be a parameter vector (theta).
SCALARS = (r"x \in \mathbb{R}", r"y \in \mathbb{R}", r"\theta \in \mathbb{R}")


def test_gradient_of_a_function_of_one_variable_is_its_derivative():
    lhs, rhs = sides(r"\nabla f(x) = 2x", functions=("f",), assumptions=SCALARS)
    assert lhs == sympy.Derivative(f(x), x) and rhs == 2 * x
    lhs, _ = sides(r"\nabla_\theta L(\theta) = 0", functions=("L",), assumptions=SCALARS)
    assert lhs == sympy.Derivative(L(theta), theta)
    # \nabla_x f(x, y) with a scalar x is the partial derivative in x
    lhs, _ = sides(r"\nabla_x f(x, y) = 0", functions=("f",), assumptions=SCALARS)
    assert lhs == sympy.Derivative(f(x, y), x)


def test_gradient_in_a_variable_not_declared_a_number_is_refused():
    refused(r"\nabla f(x) = 2x", "declare it one", functions=("f",))
    refused(r"\nabla_\theta L(\theta) = 0", "a gradient is a vector", functions=("L",))


def test_gradient_with_respect_to_a_vector_is_refused():
    refused(r"\nabla f(\mathbf{x}) = 0", "vector", functions=("f",))
    refused(r"\nabla_{\mathbf{x}} f(x) = 0", "vector", functions=("f",))
    refused(r"\nabla f(x, y) = 0", "vector", functions=("f",))       # a vector of two partials
    refused(r"\nabla f(2x) = 0", "vector", functions=("f",))         # at a point, not a variable
    refused(r"\nabla (x^2) = 2x", "function applied")
    # a vector declared by assumption is no scalar variable either: there the gradient is read
    # as an opaque vector (test_gradients_opaque.py), never as a derivative


def test_power_or_transpose_after_a_gradient_is_refused():
    # \nabla f(x)^2 is (f')^2 or the gradient of f^2; ^\top makes it a vector's transpose
    refused(r"\nabla f(x)^2 = 1", "power or a transpose", functions=("f",))


def test_gradient_of_an_undeclared_function_letter_is_refused():
    refused(r"\nabla f(x) = 0", "declared function")
    # a(x + 1) of an undeclared a is a product: its "gradient" would be the true a = a
    refused(r"\nabla_x a(x + 1) = a", "declared function")
    refused(r"\nabla_\theta f_t(\theta) = 0", "declared function", functions=("f",))


def test_gradient_in_a_variable_the_function_does_not_have_is_refused():
    refused(r"\nabla_x f(y) = 0", "does not depend", functions=("f",), assumptions=SCALARS)


# -- \partial_x ---------------------------------------------------------------------------------
def test_partial_subscript():
    lhs, _ = sides(r"\partial_x (x^2 y) = 2xy")
    assert lhs == sympy.Derivative(x ** 2 * y, x)
    lhs, _ = sides(r"\partial_x f(x, y) = 0", functions=("f",))
    assert lhs == sympy.Derivative(f(x, y), x)


def test_partial_subscript_not_in_the_operand_is_refused():
    # \partial_i f often means the derivative in the coordinate x_i: never f differentiated in i
    refused(r"\partial_i f(x) = 0", "does not occur", functions=("f",))
    refused(r"\partial_t (x^2) = 0", "does not occur")


def test_partial_subscript_with_a_power_is_refused():
    refused(r"\partial_x^2 (x^3) = 6x", "order")


def test_derivative_in_a_declared_matrix_is_refused():
    # (the matrix reader or the derivative's conversion refuses it: never a scalar derivative)
    refused(r"\frac{\partial}{\partial W} (W) = 1", "derivative",
            assumptions=(r"W \in \mathbb{R}^{n \times n}",))
    refused(r"\frac{\partial}{\partial \theta} (\theta^2) = 1", "derivative",
            assumptions=(r"\theta \in \mathbb{R}^{d}",))


# -- derivatives of a letter order ---------------------------------------------------------------
def test_letter_order_is_read_with_the_order_assumed():
    lhs, rhs = sides(r"\frac{d^n}{dz^n} \sin z = \sin(z + \frac{1}{2} n \pi)", assumptions=(POSITIVE_N,))
    n = next(s for s in rhs.free_symbols if s.name == "n")
    z = next(s for s in rhs.free_symbols if s.name == "z")
    assert n.is_integer and n.is_positive
    assert lhs == sympy.Derivative(sympy.sin(z), (z, n))


def test_letter_order_without_an_assumption_is_refused():
    refused(r"\frac{d^n}{dz^n} \sin z = 0", "derivative of order n is read only with n a positive integer")
    refused(r"\frac{d^n}{dz^n} \sin z = 0", "positive integer", assumptions=(r"n \in \mathbb{R}",))


def test_letter_orders_must_agree():
    refused(r"\frac{d^n}{dz^m} \sin z = 0", "orders do not match", assumptions=(POSITIVE_N,))
    refused(r"\frac{d^n}{dz^2} \sin z = 0", "orders do not match", assumptions=(POSITIVE_N,))
    refused(r"\frac{\partial^n f}{\partial x^n \partial y} = 0", "orders do not match",
            assumptions=(POSITIVE_N,))


@pytest.mark.parametrize("latex", [
    r"\frac{d^n}{dz^n} \sin z = \sin(z + \frac{1}{2} n \pi)",
    r"\frac{d^n}{dz^n} \cos z = \cos(z + \frac{1}{2} n \pi)",
    r"\frac{d^n}{dz^n} e^{z} = e^{z}",
])
def test_true_letter_order_derivatives_are_proved_by_induction(latex):
    assert verdict(latex, assume=(POSITIVE_N, r"z \in \mathbb{C}")) is Verdict.PROVED


@pytest.mark.parametrize("latex", [
    r"\frac{d^n}{dz^n} \cos z = \sin(z + \frac{1}{2} n \pi)",      # sin's formula for cos
    r"\frac{d^n}{dz^n} \sin z = \sin(z + n \pi)",                  # a half-turn per order
    r"\frac{d^n}{dz^n} e^{2z} = 2 n e^{2z}",                       # 2n for 2^n: equal at n = 1, 2
    r"\frac{d^n}{dz^n} e^{z} = n e^{z}",                            # true at n = 1 only
    r"\frac{d^n}{dz^n} \ln z = (-1)^{n} (n-1)! z^{-n}",            # the sign one order off
])
def test_false_letter_order_derivatives_are_refuted_at_a_concrete_order(latex):
    assert verdict(latex, assume=(POSITIVE_N, r"z \in \mathbb{C}")) is Verdict.REFUTED


def test_true_log_derivative_of_letter_order_is_never_refuted():
    # holds for z != 0; without that assumption it is not proved on the whole domain, never refuted
    got = verdict(r"\frac{d^n}{dz^n} \ln z = (-1)^{n-1} (n-1)! z^{-n}",
                  assume=(POSITIVE_N, r"z \in \mathbb{C}"))
    assert got is not Verdict.REFUTED
    got = verdict(r"\frac{d^n}{dz^n} \ln z = (-1)^{n-1} (n-1)! z^{-n}",
                  assume=(POSITIVE_N, r"z > 0"))
    assert got is Verdict.PROVED


# -- adversarial end to end: false claims a loose reading would prove ---------------------------
@pytest.mark.parametrize("latex", [
    r"(\frac{d}{dx} \sin x)^2 = \frac{d^2}{dx^2} \sin x",       # f'(x)^2 is not f''(x)
    r"\frac{d^2}{dx^2} (x^3) = (\frac{d}{dx} x^3)^2",            # d^2y/dx^2 is not (dy/dx)^2
    r"\partial_x (x^2 y) = 2x",                                  # \partial_x keeps y
    r"\partial_x (x^2 y) = \frac{d}{dy} (x^2 y)",                # \partial_x is no derivative in y
])
def test_false_derivative_claims_are_refuted(latex):
    assert verdict(latex) is Verdict.REFUTED


@pytest.mark.parametrize("latex", [
    r"\nabla f(x) = \frac{d^2}{dx^2} f(x)",
    r"f''(x) = (f'(x))^2",
    r"\nabla f(x) = (\nabla f(x))^2",
    r"\nabla_x f(x, y) = \nabla_y f(x, y)",
    r"\frac{d^2 y}{dx^2} = (\frac{dy}{dx})^2",                   # an unknown y(x)
])
def test_false_claims_about_an_unknown_function_are_not_proved(latex):
    got = verdict(latex, functions=("f",), assume=SCALARS)
    assert got not in (Verdict.PROVED, Verdict.VERIFIED), got


def test_true_claims_about_an_unknown_function():
    assert verdict(r"\nabla f(x) = \frac{d}{dx} f(x)", functions=("f",), assume=SCALARS) is Verdict.PROVED
    assert verdict(r"f'(x) = \nabla f(x)", functions=("f",), assume=SCALARS) is Verdict.PROVED
    assert verdict(r"\partial_x f(x, y) = \frac{\partial}{\partial x} f(x, y)",
                   functions=("f",)) is Verdict.PROVED


_RANGE = (r"n \in \mathbb{Z}_{>0}", r"k \in \mathbb{Z}", r"1 \le k \le n")


def test_partial_in_an_indexed_variable_respects_the_index():
    # d/dx_k sum_j x_j^2 = 2 x_k: the Kronecker delta picks the one term j = k
    assert verdict(r"\frac{\partial}{\partial x_k} \sum_{j=1}^n x_j^2 = 2 x_k", assume=_RANGE) \
        is Verdict.PROVED
    # the whole sum, as if every x_j were x_k, must not come out proved
    got = verdict(r"\frac{\partial}{\partial x_k} \sum_{j=1}^n x_j^2 = 2 \sum_{j=1}^n x_j", assume=_RANGE)
    assert got not in (Verdict.PROVED, Verdict.VERIFIED), got


def test_a_refutation_of_a_letter_order_uses_only_admissible_points():
    # a counterexample must satisfy every assumption of the order and of the variable
    from symbolic.checks.derivative_order import _admissible
    even = sympy.Symbol("n", integer=True, positive=True, even=True)
    assert not _admissible(even, sympy.Integer(1)) and _admissible(even, sympy.Integer(2))
    negative = sympy.Symbol("z", negative=True)
    assert not _admissible(negative, sympy.Rational(1, 3)) and _admissible(negative, sympy.Rational(-1, 2))
    assert not _admissible(sympy.Symbol("z", real=True), sympy.Rational(1, 2) + sympy.I / 3)


def test_false_letter_order_claim_on_negative_reals_is_refuted_at_a_negative_point():
    link, = check_chain(r"\frac{d^n}{dz^n} e^{z} = n e^{z}", assume=(POSITIVE_N, "z < 0"))
    assert link.outcome.verdict is Verdict.REFUTED
    point = dict(link.outcome.counterexample)
    assert sympy.Rational(point["z"]) < 0, point
