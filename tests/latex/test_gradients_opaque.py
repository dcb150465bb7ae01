"""The gradient of a declared function at a declared vector, read as an opaque vector.

Mostly reading-only (cheap); a handful end to end through ``check_input`` for the soundness of
the stand-in: true claims about every real gradient are proved or verified, claims false for
real gradients are never proved, and nothing is refuted through the stand-in.
"""
from __future__ import annotations

import pickle

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.gradient_vectors import GradientVector, holds_gradient
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

VECTORS = (r"x, y, z \in \mathbb{R}^d", r"\theta_t, \theta_s \in \mathbb{R}^d", r"A \in \mathbb{R}^{d \times d}")


def _read(latex, functions=("f",), assume=VECTORS):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


def _grads(expr):
    """The stand-ins' names in an expression (a vector or the entries of a 1 x 1 product)."""
    names = {m.name for m in sympy.preorder_traversal(expr) if isinstance(m, sympy.MatrixSymbol)}
    names |= {str(b.label) for b in sympy.preorder_traversal(expr) if isinstance(b, sympy.IndexedBase)}
    return {n for n in names if n.startswith("∇")}


def test_same_function_and_point_is_one_vector():
    (lhs, rel, rhs), = _read(r"\nabla f(\theta_t) = \nabla f(\theta_t)")
    assert rel == "EQ" and lhs == rhs and isinstance(lhs, GradientVector)
    assert lhs.shape == (sympy.Symbol("d", integer=True, positive=True), 1) or lhs.shape[1] == 1


def test_different_points_and_functions_are_different_vectors():
    (lhs, _, rhs), = _read(r"\nabla f(\theta_t) = \nabla f(\theta_s)")
    assert lhs != rhs
    (lhs, _, rhs), = _read(r"\nabla f(x) = \nabla g(x)", functions=("f", "g"))
    assert lhs != rhs


def test_a_stationary_point_is_the_zero_vector():
    (lhs, _, rhs), = _read(r"\nabla_\theta L(\theta) = 0", functions=("L",),
                           assume=(r"\theta \in \mathbb{R}^{d}",))
    assert isinstance(lhs, GradientVector) and not isinstance(lhs, sympy.Derivative)
    assert rhs == sympy.ZeroMatrix(*lhs.shape)


def test_a_value_beside_a_gradient_in_a_bold_subscript_reads():
    (lhs, _, rhs), = _read(r"f(\mathbf{x}) \ge \|\nabla_{\mathbf{x}} f(\mathbf{x})\|^2")
    assert lhs.name == "f(x)" and _grads(rhs) == {"∇f(x)"}


def test_bold_point_is_the_declared_name():
    # x declared plain, written bold: the declared name (the gradient at x)
    (lhs, _, rhs), = _read(r"\nabla f(\mathbf{x}) = \nabla f(\mathbf{x})")
    assert lhs == rhs and _grads(lhs) == {"∇f(x)"}
    # both spellings beside the declaration: one vector or two? refused (bold_plain.py)
    with pytest.raises(ParseError, match="are both written"):
        _read(r"\nabla f(\mathbf{x}) = \nabla f(x)")


def test_norm_inner_product_transpose_update_read():
    (lhs, rel, rhs), = _read(r"\|\nabla f(x)\|^2 \ge 0")
    assert rel == "GE" and _grads(lhs) == {"∇f(x)"}
    (lhs, rel, _), = _read(r"\langle \nabla f(x), y - x \rangle \le 0")
    assert rel == "LE" and _grads(lhs) == {"∇f(x)"}
    (lhs, _, _), = _read(r"\nabla f(x)^\top (y - x) = 0")
    assert _grads(lhs) == {"∇f(x)"}
    (lhs, _, rhs), = _read(r"z = x - \eta \nabla f(x)")
    g = GradientVector.at("f", sympy.MatrixSymbol("x", *rhs.shape))
    assert sympy.simplify(rhs - (sympy.MatrixSymbol("x", *rhs.shape) - sympy.Symbol("eta", real=True) * g)) \
        == sympy.ZeroMatrix(*rhs.shape) or str(rhs) == "(-eta)*∇f(x) + x"


def test_the_stand_in_survives_a_child_process():
    g = GradientVector.at("f", sympy.MatrixSymbol("x", 3, 1))
    back = pickle.loads(pickle.dumps(g))
    assert back == g and isinstance(back, GradientVector) and back.function == "f"
    assert back.point == sympy.MatrixSymbol("x", 3, 1)


@pytest.mark.parametrize("latex, functions, why", [
    # undeclared f: f(x) would be a product
    (r"\nabla g(x) = y", ("f",), "declared function"),
    (r"\nabla f(x) = y", (), "declared function"),
    # a gradient of an expression, at an expression, at several arguments, at a matrix
    (r"\nabla (x^\top y) = y", ("f",), ""),
    # (at x - y or 2 x, sums of multiples of declared vectors, it is read: test_vector_iterates.py)
    (r"\nabla f(A x) = y", ("f",), "one point"),
    (r"\nabla f(x \odot y) = y", ("f",), "one point"),
    (r"\nabla f(x, y) = y", ("f",), ""),
    (r"\nabla f(A) = A", ("f",), "one point"),
    # a subscript that is not the point
    (r"\nabla_y f(x) = y", ("f",), "same declared"),
    (r"\nabla_\theta f(\theta_t) = x", ("f",), ""),
    # a subscripted function name, a power or a prime of a vector
    (r"\nabla f_t(x) = y", ("f",), ""),
    (r"\nabla f(x)^2 = y", ("f",), "power"),
    (r"\nabla f(x)' = y", ("f",), ""),
    # a gradient beside a number compared with a vector; a vector compared with a number
    (r"\nabla f(x) = 1", ("f",), ""),
    (r"\nabla f(x) \le y", ("f",), ""),
    # a Hessian or Laplacian, a divergence, a second gradient
    (r"\nabla^2 f(x) = A", ("f",), ""),
    (r"\nabla_x^2 f(x) = A", ("f",), ""),
    (r"\nabla \cdot (x) = 0", ("f",), ""),
    (r"\nabla \nabla f(x) = A", ("f",), ""),
    # undeclared point: a vector of unknown length (the scalar reader refuses it as before)
    (r"\nabla f(\mathbf{w}) = \mathbf{w}", ("f",), ""),
])
def test_ambiguous_or_vector_valued_forms_are_refused(latex, functions, why):
    with pytest.raises(ParseError) as err:
        _read(latex, functions=functions)
    assert why in str(err.value)


def test_values_beside_their_gradient_are_opaque_numbers():
    from symbolic.gradient_vectors import FunctionValue
    (lhs, rel, rhs), = _read(r"f(y) \ge f(x) + \nabla f(x)^\top (y - x)")
    assert rel == "GE" and isinstance(lhs, FunctionValue) and lhs.name == "f(y)"
    assert FunctionValue.at("f", sympy.MatrixSymbol("x", *_read(r"\nabla f(x) = x")[0][0].shape)) \
        in rhs.free_symbols and _grads(rhs) == {"∇f(x)"}


@pytest.mark.parametrize("latex", [
    # no gradient of f in the claim: f may be vector-valued (f(x) x^T = x^T f(x) holds for numbers)
    r"f(x) x^\top = x^\top f(x)",
    r"f(x) = f(x)",
    r"\nabla g(x) = f(x) x",
    # a value at several arguments (at x + y, a sum of declared vectors, it is read where
    # \nabla f is written: test_vector_iterates.py)
    r"f(x, y) = \nabla f(x)^\top y",
    r"f(A x) \le f(x) + \nabla f(x)^\top y",
    # a value of a vector transposed or indexed
    r"f(x)^\top \nabla f(x) = 0",
    r"f(x)_1 = \nabla f(x)^\top x",
])
def test_values_that_may_be_vectors_are_refused(latex):
    with pytest.raises(ParseError):
        _read(latex, functions=("f", "g"))


def test_a_plain_scalar_point_keeps_the_derivative_reading():
    (lhs, _, _), = _read(r"\nabla f(u) = 2 u", assume=(r"u \in \mathbb{R}",))
    assert isinstance(lhs, sympy.Derivative)


def test_a_refutation_through_the_stand_in_becomes_undecided_and_only_then():
    from symbolic.checks._stand_ins import without_refutation
    from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Step
    (lhs, _, rhs), = _read(r"\nabla f(x) = \nabla f(y)")
    refuted = Outcome(Verdict.REFUTED, (Evidence("numeric_sample", "fails"),), (("x", "0"),))
    step = Step("s1", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs))
    assert without_refutation(step, "numeric_sample", refuted).verdict is Verdict.INCONCLUSIVE
    x = sympy.Symbol("x", real=True)
    plain = Step("s2", Kind.IDENTITY, "q", Claim(x ** 2, Relation.EQ, x))
    assert without_refutation(plain, "numeric_sample", refuted) is refuted
    # an assumption about a gradient blocks it too (a counterexample must satisfy it as a real point)
    tied = Step("s3", Kind.IDENTITY, "q", Claim(x ** 2, Relation.EQ, x),
                assumptions=(sympy.Eq(lhs[0, 0], 0),))
    assert without_refutation(tied, "numeric_sample", refuted).verdict is Verdict.INCONCLUSIVE


def test_holds_gradient_finds_entries():
    (lhs, _, _), = _read(r"\|\nabla f(x)\|^2 \ge 0")
    assert holds_gradient(lhs) and not holds_gradient(sympy.Symbol("x"))


# -- end to end: a handful of claims through the whole pipeline ------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex):
    links, unreadable = check_input(latex, assume=VECTORS + (r"\eta > 0",), functions=("f",),
                                    config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


@pytest.mark.parametrize("latex", [
    r"\|\nabla f(x)\|^2 \ge 0",                                              # true of every gradient
    r"f(y) - f(x) - \nabla f(x)^\top (y - x) = f(y) - (f(x) + \nabla f(x)^\top (y - x))",
    r"\|\nabla f(x)\|^2 = \nabla f(x)^\top \nabla f(x)",                     # true: a norm is a dot product
    r"\|x - \eta \nabla f(x)\|^2 = \|x\|^2 - 2 \eta \nabla f(x)^\top x + \eta^2 \|\nabla f(x)\|^2",
])
def test_true_claims_are_proved_or_verified(latex):
    assert _verdict(latex).verdict in (Verdict.PROVED, Verdict.VERIFIED)


@pytest.mark.parametrize("latex", [
    # false in general, but x = y is a sample where the stand-ins differ and the real ones do not:
    # the "counterexample" x = y = 0 with two different gradients is no point of a real function
    r"\|\nabla f(x) - \nabla f(y)\| \le \|x - y\|",
    r"\nabla f(x) = \nabla f(y)",
    # false for real gradients, must not be proved (the stand-in has no property but being real)
    r"\|\nabla f(x)\|^2 = \|\nabla f(x)\|",
    # convexity is false for general f: a value drawn for f(y) below the tangent is no certificate
    # (f(y) is tied to f(x) and its gradient when y = x), so never proved and never refuted
    r"f(y) \ge f(x) + \nabla f(x)^\top (y - x)",
])
def test_no_refutation_and_no_proof_through_the_stand_in(latex):
    outcome = _verdict(latex)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)
