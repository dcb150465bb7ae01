"""Optimisation notes: superscript iterates of declared vectors, gradients at expressions of
vectors, and the inverse of a declared square matrix.

Mostly reading-only (cheap), with adversarial claims built to exploit each rule; a handful end to
end through ``check_input``: nothing false is proved, nothing is refuted through a stand-in or a
singular matrix.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.gradient_vectors import FunctionValue, GradientVector, holds_gradient
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

THETA = (r"\theta, v \in \mathbb{R}^d", r"H, A, B \in \mathbb{R}^{d \times d}")
BOLD = (r"\mathbf{x}, \boldsymbol{\delta}, \mathbf{u} \in \mathbb{R}^n",)


def _read(latex, assume=THETA, functions=("J",)):
    parsed = parse_chain(latex, assumptions=list(assume), functions=functions)
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs) for l in parsed.links], parsed.notes


def _names(expr):
    return {m.name for m in sympy.preorder_traversal(expr) if isinstance(m, sympy.MatrixSymbol)}


# -- iterates: what reads ------------------------------------------------------------------------
def test_gradient_step_reads_with_iterates_as_vectors():
    [(lhs, rel, rhs)], notes = _read(r"\theta^{t+1}=\theta^t-\eta \nabla J\left(\theta^t\right)")
    d = sympy.Symbol("d", integer=True, positive=True)
    assert rel == "EQ" and isinstance(lhs, sympy.MatrixSymbol) and lhs.shape == (d, 1)
    assert lhs.name == "theta_{t+1}"
    assert _names(rhs) == {"theta_t", "∇J(theta_t)"}
    assert any("superscript iterates" in n for n in notes)


def test_bracketed_iterates_of_a_bold_vector():
    [(lhs, _, rhs)], _ = _read(r"\mathbf{x}^{(t+1)} = \mathbf{x}^{(t)} - \eta \nabla f(\mathbf{x}^{(t)})",
                               assume=BOLD, functions=("f",))
    assert lhs.name == "x_{t+1}" and _names(rhs) == {"x_t", "∇f(x_t)"}


def test_momentum_rows_and_k_labels():
    [(lhs, _, rhs)], _ = _read(r"v^t = \beta v^{t-1} + (1-\beta) \nabla J(\theta^t)")
    assert lhs.name == "v_t" and _names(rhs) == {"v_{t-1}", "∇J(theta_t)"}
    [(lhs, _, rhs)], _ = _read(r"\theta^{k+1} = \theta^{k} - \eta v^k")
    assert lhs.name == "theta_{k+1}" and _names(rhs) == {"theta_k", "v_k"}


def test_newton_step_with_the_gradient_in_theta_at_the_iterate():
    [(lhs, _, rhs)], _ = _read(r"\theta^{t+1} = \theta^{t} - H^{-1} \nabla_{\theta} J(\theta^{t})")
    assert lhs.name == "theta_{t+1}"
    assert any(isinstance(n, sympy.Inverse) for n in sympy.preorder_traversal(rhs))
    assert "∇J(theta_t)" in _names(rhs)


# -- iterates: adversarial ----------------------------------------------------------------------
def test_a_scalar_theta_keeps_its_powers():
    # theta declared a number: theta^{t+1} = theta^t theta is a power identity, never iterates
    [(lhs, _, rhs)], notes = _read(r"\theta^{t+1} = \theta^t \theta", assume=(r"\theta \in \mathbb{R}",),
                                   functions=())
    assert isinstance(lhs, sympy.Pow) and not any("iterates" in n for n in notes)
    assert sympy.simplify(lhs - rhs) == 0


@pytest.mark.parametrize("latex, assume", [
    (r"x^2 = x", (r"x \in \mathbb{R}^d",)),                       # a square of a vector: no label
    (r"x^{t} = x_t", (r"x, x_t \in \mathbb{R}^d",)),              # two spellings: one name?
    (r"x^{t} = x^{(t)}", (r"x \in \mathbb{R}^d",)),               # two styles: two objects?
    (r"x^{t}_1 = 0", (r"x \in \mathbb{R}^d",)),                   # a label and an entry
    (r"x^{t} = x^{t+1}", (r"x \in \mathbb{R}^d", r"t = 0")),      # t given: x^t a particular point
    (r"H^{t} = H^{t+1}", (r"H \in \mathbb{R}^{d \times d}",)),    # a power of a square matrix
    (r"x^{s} = x^{s+1}", (r"x \in \mathbb{R}^d",)),               # only t and k are iterate labels
    (r"x^{t} = x_{0}", (r"x, x_0 \in \mathbb{R}^d",)),            # a subscripted x declared apart
    (r"x^{t+1} = x^t \odot x", (r"x \in \mathbb{R}^d",)),          # entry-wise powers beside \odot
])
def test_powers_and_ambiguous_labels_stay_refused(latex, assume):
    with pytest.raises(ParseError):
        _read(latex, assume=assume, functions=())


# -- gradients and values at expressions of vectors ----------------------------------------------
def test_taylor_model_at_x_plus_delta():
    [(lhs, rel, rhs)], notes = _read(
        r"f(\mathbf{x} + \boldsymbol{\delta}) \approx f(\mathbf{x}) + \nabla f(\mathbf{x})^\top \boldsymbol{\delta}",
        assume=BOLD, functions=("f",))
    assert rel == "APPROX" and isinstance(lhs, FunctionValue) and lhs.name == "f(delta + x)"
    assert not rhs.has(sympy.KroneckerDelta) and not any("Kronecker" in n for n in notes)


def test_a_declared_delta_is_never_the_kronecker_delta():
    [(lhs, _, _)], notes = _read(r"\nabla f(\mathbf{x})^\top \boldsymbol{\delta} = 0", assume=BOLD,
                                 functions=("f",))
    assert not lhs.has(sympy.KroneckerDelta) and not any("Kronecker" in n for n in notes)


def test_one_key_per_point_as_sympy_writes_it():
    [(lhs, _, rhs)], _ = _read(r"\nabla f(\mathbf{x} + \boldsymbol{\delta}) = \nabla f(\boldsymbol{\delta} + \mathbf{x})",
                               assume=BOLD, functions=("f",))
    assert lhs == rhs and isinstance(lhs, GradientVector)
    [(lhs, _, rhs)], _ = _read(r"\nabla f(\mathbf{x} - \eta \nabla f(\mathbf{x})) = \nabla f(\mathbf{x})",
                               assume=BOLD, functions=("f",))
    assert lhs != rhs and holds_gradient(lhs)


@pytest.mark.parametrize("latex", [
    r"\nabla f(A \mathbf{x}) = 0",                 # a matrix product: not a point read here
    r"\nabla f(\mathbf{x} \odot \mathbf{u}) = 0",  # a Hadamard product
    r"\nabla f(\mathbf{x}, \mathbf{u}) = 0",       # two arguments
    r"\nabla_{\mathbf{u}} f(\mathbf{x}) = 0",      # the gradient in u at x
])
def test_other_points_stay_refused(latex):
    with pytest.raises(ParseError):
        _read(latex, assume=BOLD + (r"A \in \mathbb{R}^{n \times n}",), functions=("f",))


# -- the inverse of a declared square matrix -------------------------------------------------------
def test_inverse_of_a_declared_square_matrix():
    [(lhs, _, rhs)], _ = _read(r"H^{-1} = Q \Lambda^{-1} Q^T",
                               assume=(r"H, Q, \Lambda \in \mathbb{R}^{d \times d}",), functions=())
    assert isinstance(lhs, sympy.Inverse) and lhs.arg.name == "H"
    assert any(isinstance(n, sympy.Inverse) and n.arg.name == "Lambda" for n in sympy.preorder_traversal(rhs))


@pytest.mark.parametrize("latex, assume", [
    (r"A^{-1} = A", (r"A \in \mathbb{R}^{m \times n}",)),               # not square
    (r"x^{-1} = x", (r"x \in \mathbb{R}^{n}",)),                         # a vector
    (r"x^\top A^{-1} x = 1", (r"A \in \mathbb{R}^{n \times n}", r"x \in \mathbb{R}^{n}")),  # in a number
    (r"(A + B)^{-1} = A", (r"A, B \in \mathbb{R}^{n \times n}",)),      # of an expression
    (r"A^{-2} = A", (r"A \in \mathbb{R}^{n \times n}",)),
])
def test_other_inverses_stay_refused(latex, assume):
    with pytest.raises(ParseError):
        _read(latex, assume=assume, functions=())


# -- end to end -----------------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, assume, functions=()):
    links, unreadable = check_input(latex, assume=assume, functions=functions, config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


def test_inverse_identities_proved_and_a_false_one_refuted_on_an_invertible_instance():
    square = (r"A, B \in \mathbb{R}^{n \times n}",)
    assert _verdict(r"A^{-1} A = I", square).verdict is Verdict.PROVED
    outcome = _verdict(r"A^{-1} = A^T", square)
    assert outcome.verdict is Verdict.REFUTED
    drawn = dict(outcome.counterexample)
    a = sympy.Matrix(sympy.sympify(drawn["A"]))
    assert a.det() != 0                               # the counterexample's A is invertible


def test_a_singular_matrix_is_never_a_counterexample():
    # A = B - B is the zero matrix: no instance of A^{-1} exists, so nothing is refuted
    outcome = _verdict(r"A^{-1} = A^T", (r"A, B \in \mathbb{R}^{n \times n}", r"A = B - B"))
    assert outcome.verdict is not Verdict.REFUTED and outcome.verdict is not Verdict.PROVED


def test_an_iterate_claim_is_not_refuted_through_the_gradient_stand_in():
    # false as a claim about arbitrary points, but the sample drawn for two gradients at two
    # iterates need not be a real function's: no certified counterexample
    outcome = _verdict(r"\nabla J(\theta^{t+1}) = \nabla J(\theta^t)", (r"\theta \in \mathbb{R}^d",),
                       functions=("J",))
    assert outcome.verdict not in (Verdict.REFUTED, Verdict.PROVED)


def test_an_algebraic_consequence_of_the_step_is_proved():
    outcome = _verdict(r"\theta^{t} - \eta \nabla J(\theta^t) - \theta^{t} = -\eta \nabla J(\theta^t)",
                       (r"\theta \in \mathbb{R}^d",), functions=("J",))
    assert outcome.verdict in (Verdict.PROVED, Verdict.VERIFIED)


def test_an_inverse_is_not_proved_of_a_matrix_defined_singular():
    # A = u v^T has rank one (n >= 2): A^{-1} does not exist, so A^{-1} A = I must not be proved
    # by substituting the definition and then using the inverse's law
    outcome = _verdict(r"A^{-1} A = I", (r"A \in \mathbb{R}^{n \times n}", r"u, v \in \mathbb{R}^{n}",
                                         r"A = u v^T"))
    assert outcome.verdict not in (Verdict.PROVED, Verdict.REFUTED)
