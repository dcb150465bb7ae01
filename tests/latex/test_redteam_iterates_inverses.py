"""Red team of the superscript iterates of declared vectors, gradients at sums of declared
vectors and A^{-1} of a declared square matrix (docs/reading.md, "Gradients at vectors").

Adversarial claims built against each rule, mostly read only (cheap), a handful end to end.
Defects found and fixed here: a label letter also used as a number in the claim (``\\cos(2\\pi t)
\\theta^t``: t a real beside its label, a true claim refuted at t = 1/3); a vector whose length an
assumption fixes (``d = 1``: a number, whose superscripts may be powers); ``x - A^{-1} A x = 0``
proved under ``A = u v^T`` (SymPy cancelled A^{-1} A as the claim was read, past the rule that
keeps the inverse of a defined matrix opaque); ``A^{-1} A x = x`` proved under ``A A = 0`` (only
definitions kept the inverse opaque); a true ``A = C`` under ``B = A, B = C`` refuted on an
instance that broke ``B = A`` (a later definition overwrote an earlier one's value).
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

VEC = (r"\theta \in \mathbb{R}^d",)
XY = (r"x, y \in \mathbb{R}^d",)
SQUARE = (r"A, B, C \in \mathbb{R}^{n \times n}",)
RANK_ONE = (r"A \in \mathbb{R}^{n \times n}", r"u, v, x \in \mathbb{R}^{n}", r"A = u v^T")


def _links(latex, assume, functions=()):
    parsed = parse_chain(latex, assumptions=list(assume), functions=tuple(functions))
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs) for l in parsed.links]


# -- defects found, fixed ----------------------------------------------------------------------
@pytest.mark.parametrize("latex, functions", [
    # true for a label t (a whole number: cos(2 pi t) = 1), refuted at t = 1/3 before the fix
    (r"\|\cos(2 \pi t) \cdot \theta^{t}\| = \|\theta^{t}\|", ()),
    (r"\theta^{t} = t \cdot \theta^{t}", ()),
    (r"\theta^{k+1} = \theta^{k} - \frac{\eta}{\sqrt{k}} \nabla J(\theta^{k})", ("J",)),
])
def test_a_label_letter_also_a_number_is_refused(latex, functions):
    with pytest.raises(ParseError, match="both an iterate's label"):
        _links(latex, VEC, functions)


def test_a_label_letter_in_another_names_subscript_still_reads():
    [(lhs, _, rhs)] = _links(r"\theta^{t+1}=\theta^t-\eta_t \nabla J(\theta^t)", VEC, ("J",))
    assert lhs.name == "theta_{t+1}" and sympy.Symbol("t") not in rhs.free_symbols


def test_a_vector_of_a_length_fixed_to_one_keeps_its_powers_refused():
    # d = 1: theta is a number, |theta^{t+1}| = |theta^t| |theta| may be about powers
    with pytest.raises(ParseError):
        _links(r"\|\theta^{t+1}\| = \|\theta^{t}\| \cdot \|\theta\|", VEC + (r"d = 1",))


def test_an_inverse_cancelled_while_reading_under_a_definition_is_refused():
    # read as x - x = 0 (SymPy folds A^{-1} A x), so it was proved where A = u v^T is singular
    with pytest.raises(ParseError, match="cancelled"):
        _links(r"x - A^{-1} A x = 0", RANK_ONE)
    # without a hypothesis on A, writing A^{-1} presupposes it invertible: reads
    [(lhs, _, rhs)] = _links(r"x - A^{-1} A x = 0", (r"A \in \mathbb{R}^{n \times n}",
                                                      r"x \in \mathbb{R}^{n}"))
    assert not any(isinstance(n, sympy.Inverse) for n in sympy.preorder_traversal(lhs))  # folded


# -- readings that held (adversarial, no defect) --------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    (r"\theta^{t+1}=\theta^{1+t}", VEC),            # 1+t is no label: a power of a vector
    (r"\theta^{t+1-1} = \theta^{t}", VEC),
    (r"\theta^{t} = \theta^{(t)}", VEC),           # two styles
    (r"\theta^{t} = \theta^{T}", VEC),             # T is the transpose: shapes differ
    (r"\theta^{t} = \theta^{t} \cdot t", VEC + (r"t \in \mathbb{R}",)),   # t declared a number
    (r"\theta^{k} = \theta^{k}", VEC + (r"k = 2",)),
    (r"x^{t} - x = x_{t} - x", (r"x \in \mathbb{R}^d",)),
    (r"\sum_{t=1}^{2} \|\theta^{t}\|^2 = 2\|\theta^{t}\|^2", VEC),   # t bound by the sum
    (r"\nabla_y f(x - y) = \nabla f(x - y)", XY),  # the gradient in y at x - y is -grad f
    (r"\nabla_x f(2 x) = \nabla f(2 x)", XY),
    (r"(A B)^{-1} = A^{-1} B^{-1}", SQUARE),
    (r"(A^{-1})^{-1} = A", SQUARE),
    (r"A^{-1} = A", (r"A \in \mathbb{R}^{m \times n}",)),
    (r"A^{-1} A = I", (r"A \in \mathbb{R}^{m \times n}", r"m = n")),
])
def test_adversarial_readings_stay_refused(latex, assume):
    with pytest.raises(ParseError):
        _links(latex, assume, ("f",) if "f(" in latex else ())


def test_iterate_spellings_that_are_one_name_and_two():
    [(lhs, _, rhs)] = _links(r"\theta^{t+1}=\theta^{t+ 1}", VEC)
    assert lhs == rhs
    [(lhs, _, rhs)] = _links(r"\theta^{k} = \theta^{t}", VEC)       # two counters: two vectors
    assert lhs != rhs


def test_gradient_keys_at_points_equal_but_written_apart_stay_apart():
    [(lhs, _, rhs)] = _links(r"\nabla f(2 x) = \nabla f(x + x)", XY, ("f",))
    assert lhs != rhs                       # only freer: never a proof, never a refutation
    [(lhs, _, rhs)] = _links(r"\nabla f(x + y)^\top y = \nabla f(y + x)^\top y", XY, ("f",))
    assert lhs == rhs


def test_a_bold_inverse_is_the_inverse_of_the_declared_matrix():
    [(lhs, _, _)] = _links(r"\mathbf{A}^{-1} \mathbf{A} = I", (r"\mathbf{A} \in \mathbb{R}^{n \times n}",))
    assert any(isinstance(n, sympy.Inverse) for n in sympy.preorder_traversal(lhs))


# was a strict xfail: x and \mathbf{x} declared apart were read as one name (bold_plain.py)
def test_a_bold_and_a_plain_letter_declared_apart_are_not_one_name():
    with pytest.raises(ParseError):
        _links(r"\mathbf{x} - x = 0", (r"x, \mathbf{x} \in \mathbb{R}^d",))


@pytest.mark.parametrize("latex, assume", [
    (r"\mathbf{x} - x = 0", (r"\mathbf{x} \in \mathbb{R}^d",)),           # both in the claim
    (r"\boldsymbol{\theta}^\top \theta = 1", (r"\theta \in \mathbb{R}^d",)),
    (r"x^\top x = 1", (r"\mathbf{x} \in \mathbb{R}^d", r"\mathbf{x}^\top \mathbf{x} = 1")),  # claim and assumption
    (r"\mathbf{x}^\top \mathbf{x} = 1", (r"x \in \mathbb{R}^d", r"\mathbf{x} \in \mathbb{R}^n")),  # two spaces
    (r"\mathbf{A} - A = 0", (r"\mathbf{A} \in \mathbb{R}^{n \times n}",)),
])
def test_a_letter_bold_and_plain_beside_a_declaration_is_refused(latex, assume):
    with pytest.raises(ParseError, match="are both written"):
        _links(latex, assume)


@pytest.mark.parametrize("latex, assume", [
    (r"\mathbf{x}^\top \mathbf{x} \ge 0", (r"x \in \mathbb{R}^d",)),   # declared plain, written bold
    (r"x^\top x \ge 0", (r"\mathbf{x} \in \mathbb{R}^d",)),
    (r"\mathbf{W}_q \mathbf{q} = \mathbf{W}_q \mathbf{q}",
     (r"\mathbf{q} \in \mathbb{R}^d", r"\mathbf{W}_q \in \mathbb{R}^{d \times d}")),  # q a label
    (r"\mathbf{x}^\top \mathbf{x} \ge 0", (r"x \in \mathbb{R}^d", r"\mathbf{x} \in \mathbb{R}^{d}")),  # one space twice
])
def test_one_spelling_in_the_claim_is_the_declared_name(latex, assume):
    assert _links(latex, assume)


# -- end to end ---------------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _outcome(latex, assume, functions=()):
    links, unreadable = check_input(latex, assume=tuple(assume), functions=tuple(functions),
                                    config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


def test_a_true_claim_is_not_refuted_when_a_definition_redefines_a_name():
    # B = A and B = C give A = C; the instance drew A apart and set B = C (B = A broken)
    outcome = _outcome(r"A = C", SQUARE + (r"B = A", r"B = C"))
    assert outcome.verdict is not Verdict.REFUTED


def test_the_inverse_of_a_matrix_an_equation_makes_singular_is_not_used():
    # A A = 0: A is nilpotent, never invertible; A^{-1} A x = x was proved by the inverse's law
    outcome = _outcome(r"A^{-1} A x = x", (r"A \in \mathbb{R}^{n \times n}", r"x \in \mathbb{R}^{n}",
                                           r"A A = 0"))
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)
    # B = A, B = 0 make A = 0: no instance exists, nothing verified
    outcome = _outcome(r"A^{-1} A = I", SQUARE + (r"B = A", r"B = 0"))
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)


def test_false_inverse_laws_are_refuted_on_invertible_instances():
    for latex in (r"A^{-1} B^{-1} = B^{-1} A^{-1}", r"A^{-1}(A + B) = I + B A^{-1}"):
        outcome = _outcome(latex, SQUARE)
        assert outcome.verdict is Verdict.REFUTED, latex
        drawn = dict(outcome.counterexample)
        for name in ("A", "B"):
            assert sympy.Matrix(sympy.sympify(drawn[name])).det() != 0


def test_a_gradient_at_one_point_written_two_ways_is_not_refuted():
    outcome = _outcome(r"\nabla f(2 x) = \nabla f(x + x)", XY, ("f",))
    assert outcome.verdict not in (Verdict.REFUTED, Verdict.PROVED)


def test_a_false_expansion_of_iterates_is_refuted_and_the_true_one_proved():
    false = _outcome(r"\|\theta^{t+1} - \theta^{t}\|^2 = \|\theta^{t+1}\|^2 - \|\theta^{t}\|^2", VEC)
    assert false.verdict is Verdict.REFUTED
    true = _outcome(r"\|\theta^{t+1} - \theta^{t}\|^2 = \|\theta^{t+1}\|^2 - 2 (\theta^{t+1})^\top "
                    r"\theta^{t} + \|\theta^{t}\|^2", VEC)
    assert true.verdict is Verdict.PROVED


@pytest.mark.parametrize("latex, assume", [
    # a bold vector beside its plain entries z_i (the usual convention)
    (r"\sigma(\mathbf{z})_i = \frac{e^{z_i}}{\sum_{j=1}^{K} e^{z_j}}", (r"\mathbf{z} \in \mathbb{R}^K",)),
    # a definition with its shape uses its names; it declares none of them
    (r"\mathbf{S}_{ij} = \mathbf{Q}_{i}\mathbf{K}_{j}^\top \in \mathbb{R}^{B_r \times B_c}",
     (r"K_j \in \mathbb{R}^{B_c \times d}", r"Q_i \in \mathbb{R}^{B_r \times d}")),
    # one space declared in both spellings
    (r"\mathbf{x}^\top \mathbf{x} \ge 0", (r"x \in \mathbb{R}^{d}", r"\mathbf{x} \in \mathbb{R}^d")),
])
def test_bold_plain_check_lets_one_name_pass(latex, assume):
    from symbolic.latex.bold_plain import refuse_bold_and_plain
    refuse_bold_and_plain(latex, assume)


def test_bold_plain_check_refuses_a_name_used_both_ways():
    from symbolic.latex.bold_plain import refuse_bold_and_plain
    with pytest.raises(ParseError, match="are both written"):
        refuse_bold_and_plain(r"\mathbf{x}_1 - x_1 = 0", (r"\mathbf{x}_1 \in \mathbb{R}^d",))
    with pytest.raises(ParseError, match="are both written"):
        refuse_bold_and_plain(r"\mathbf{x} - x = 0", (r"a > 0, x \in \mathbb{R}^d",))
