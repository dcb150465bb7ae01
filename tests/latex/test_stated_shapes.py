"""Shapes of functions of matrices: a column count per function and argument shape, and the shape
a definition states for an opaque value (``\\mathbf{dS} = \\mathrm{dsoftmax}(\\mathbf{dP}) \\in
\\mathbb{R}^{N \\times N}``, FlashAttention-3 sec. 2.1).

Reading-only where possible (milliseconds); a few end-to-end verdicts through ``check_input``.
Each expected outcome was worked out by hand from the convention in
``symbolic/latex/matrix_functions.py`` before it was run.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain
from symbolic.matrix_function_values import MatrixFunctionValue, columns_of
from symbolic.model import Verdict

N, d = (sympy.Symbol(s, integer=True, positive=True) for s in "Nd")
SHAPES = (r"Q, K \in \mathbb{R}^{N \times d}", r"A, B \in \mathbb{R}^{N \times N}",
          r"\mathbf{dP} \in \mathbb{R}^{N \times N}", r"W \in \mathbb{R}^{d \times d}",
          r"V \in \mathbb{R}^{N \times d}")
PHI = (r"\phi", r"\psi")


def _links(latex, assume=()):
    return parse_chain(latex, assumptions=SHAPES + tuple(assume), functions=PHI).links


def _refused(latex, assume=(), match=None):
    with pytest.raises(ParseError, match=match):
        _links(latex, assume)


# -- one column count per function AND argument shape ---------------------------------------------
def test_the_column_count_belongs_to_the_function_and_the_argument_shape():
    (link,) = _links(r"\phi(Q)^\top \phi(K) = \phi(Q)^\top \phi(K)")
    value = link.claim.lhs.args[0].arg if isinstance(link.claim.lhs.args[0], sympy.Transpose) \
        else None
    assert value is not None and isinstance(value, MatrixFunctionValue)
    assert value.shape == (N, columns_of("phi", (N, d)))
    assert columns_of("phi", (N, d)) != columns_of("phi", (N, N))
    assert columns_of("phi", (N, d)) != columns_of("psi", (N, d))


@pytest.mark.parametrize("latex", [
    r"\phi(Q) + \phi(A) = \phi(A) + \phi(Q)",        # N x d and N x N arguments: two counts
    r"\phi(Q) - \phi(A) = 0",
    r"\phi(Q)^\top \phi(A) = \phi(A)^\top \phi(Q)",   # c1 x c2 against c2 x c1
    r"\phi(Q) + \psi(Q) = \psi(Q) + \phi(Q)",        # two functions' values: two counts
    r"\phi(W) + \phi(Q^\top Q) = \phi(Q) ",           # d x d twice, then N x d
    r"\mathrm{mask}(A) + A = A + \mathrm{mask}(A)",  # an undeclared shape is never the argument's
])
def test_values_of_other_shapes_are_not_combined(latex):
    _refused(latex, match="shape")


@pytest.mark.parametrize("latex", [
    r"\phi(Q)\phi(K)^\top V = \phi(Q)(\phi(K)^\top V)",      # linear attention: one N x d shape
    r"\phi(W) + \phi(Q^\top Q) = \phi(Q^\top Q) + \phi(W)",   # both d x d arguments
])
def test_values_at_one_argument_shape_combine(latex):
    assert len(_links(latex)) == 1


# -- the shape a definition states ----------------------------------------------------------------
def test_a_definition_with_its_membership_states_the_value_shape():
    (link,) = _links(r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{N \times N}")
    assert isinstance(link.claim.rhs, MatrixFunctionValue)
    assert link.claim.rhs.shape == link.claim.lhs.shape == (N, N)


def test_a_declared_name_states_the_value_shape():
    # FlashAttention-4 sec. 2.1 writes dS = dsoftmax(dP) with dS in R^{N x N} from its text
    (link,) = _links(r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP})",
                     (r"\mathbf{dS} \in \mathbb{R}^{N \times N}",))
    assert link.claim.rhs.shape == (N, N)
    # a column vector is a shape too: Y = f(X) in R^N (as rowmax of a matrix would be)
    (link,) = _links(r"y = \phi(A) \in \mathbb{R}^{N}")
    assert link.claim.rhs.shape == (N, 1)


def test_the_stated_shape_is_for_that_claim_only():
    # the next claim, read alone, knows nothing of it
    _links(r"C = \phi(Q) \in \mathbb{R}^{N \times N}")
    _refused(r"\phi(Q) + A = A + \phi(Q)")


@pytest.mark.parametrize("latex, assume", [
    # a stated shape whose rows are not the argument's: the rows-kept rule would be wrong here
    (r"C = \phi(Q) \in \mathbb{R}^{d \times d}", ()),
    (r"C = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{d \times N}", ()),
    # a known function keeps its shape: the membership contradicts it (softmax of N x N)
    (r"P = \mathrm{softmax}(A) \in \mathbb{R}^{N \times d}", ()),
    (r"P = \max(0, A) \in \mathbb{R}^{N \times d}", ()),
    # the membership against the name's declared shape
    (r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{N \times N}",
     (r"\mathbf{dS} \in \mathbb{R}^{N \times d}",)),
    # more than the one call on the side: no shape is taken from it (else A - A + phi(Q) ...)
    (r"A = \phi(Q) - \phi(Q) + A \in \mathbb{R}^{N \times N}", ()),
    (r"A = 2\phi(Q) \in \mathbb{R}^{N \times N}", ()),
    (r"A = \phi(Q)^\top \in \mathbb{R}^{N \times N}", ()),
    # a chain: the later links would use a shape only the first states
    (r"C = \phi(Q) = \phi(Q) + A - A \in \mathbb{R}^{N \times N}", ()),
    # the value on the left is a claim about the value, not a definition of a name
    (r"\phi(Q) = A", ()),
    (r"\phi(Q) + A - A = \phi(Q)", ()),
])
def test_stated_shapes_that_are_not_taken(latex, assume):
    _refused(latex, assume, match="shape")


def test_a_shape_stated_in_one_statement_does_not_reach_the_next():
    # two statements of one display are two claims: the first states phi's value at N x d
    # arguments is N x N, the second (read alone) may not use it
    chains = read_display(r"C = \phi(Q) \in \mathbb{R}^{N \times N}, \quad \phi(Q) + A = A + C")
    assert len(chains) == 2
    _links(chains[0].latex)
    _refused(chains[1].latex)


# -- statements of one display --------------------------------------------------------------------
def test_definitions_with_shapes_separated_by_commas_are_statements():
    chains = read_display(r"S = A B \in \mathbb{R}^{N \times N}, P = \mathrm{dsoftmax}(S) "
                          r"\in \mathbb{R}^{N \times N}")
    assert [c.latex.split("=")[0].strip() for c in chains] == ["S", "P"]
    # a membership alone after a comma may be a condition: not split
    assert len(read_display(r"y = 2x, x \in \mathbb{R}^{d}")) == 1
    # one space after the last of several equations may be stated for all of them: not split
    assert len(read_display(r"x = Ay, z = Bw \in \mathbb{R}^{n}")) == 1


@pytest.mark.parametrize("latex", [
    # a function of the whole vector is not entry-wise: read per entry it would be another claim
    r"q = f(x) \in \mathbb{R}^{d}",
    r"q_m = f_q(x_m, m) \in \mathbb{R}^{d}",
    r"q_m = f_q(x_m, m) \in \mathbb R^{d}",
])
def test_a_function_of_a_vector_with_a_shape_is_not_read_per_entry(latex):
    with pytest.raises(ParseError):
        parse_chain(latex, functions=("f", "f_q"))


# -- end to end: never proved through a stated shape, never refuted through the stand-in ----------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdicts(latex, assume=SHAPES):
    links, unreadable = check_input(latex, assume=assume, functions=PHI, config=_FAST)
    assert not unreadable, unreadable
    return [link.outcome.verdict for link in links]


def test_end_to_end():
    # the definition with its stated shape: opaque, neither proved nor refuted
    assert _verdicts(r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{N \times N}") \
        == [Verdict.INCONCLUSIVE]
    # softmax is a known function: A != B is never proved (refuted on instances)
    assert _verdicts(r"\mathrm{softmax}(A) = \mathrm{softmax}(B)")[0] \
        not in (Verdict.PROVED, Verdict.VERIFIED)
    # an opaque function of two different arguments: never proved, never refuted
    assert _verdicts(r"\mathrm{dsoftmax}(A) = \mathrm{dsoftmax}(B)") == [Verdict.INCONCLUSIVE]
