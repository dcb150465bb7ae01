"""Red team of the vector readings added for issue 11 (vector algebra in published displays):
a vector of a dot product is never also a number; a bold optimum declared in R^d
(``\\boldsymbol{\\theta}^* \\in \\mathbb{R}^d``) is one more bold vector under norms; a vector may
be an opaque, linear argument of an unknown function; ``(1 - x)^T`` with a number term is a power.

Kinds, as in the other red-team files: a false claim is never proved/verified/approximate; a true
claim is never refuted (those marked proved must be proved for every d); an ambiguous claim is
refused with ParseError. The truth of each claim was worked out by hand (its comment) first.
"""
from __future__ import annotations

import pytest

from symbolic.commands.chain import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
PROOF_CONFIG = CheckConfig(timeout_s=60)   # a proof under a loaded machine: not a speed target
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])
STAR = r"\boldsymbol{\theta}^* \in \mathbb{R}^d"


FUNCTIONS = ("J",)      # J is declared a function (--function J) in every claim


def _verdicts(latex, assume=(), config=CONFIG):
    try:
        links = check_chain(latex, assume=tuple(assume), config=config, functions=FUNCTIONS)
    except StepcheckError:
        return None
    return [link.outcome.verdict for link in links]


FALSE = [
    # the difference of squared norms is not the squared norm of the difference:
    # theta_t = (0), theta^* = (1) gives 1 = -1
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 = \|\boldsymbol{\theta}_t\|^2 - "
     r"\|\boldsymbol{\theta}^*\|^2", (STAR,)),
    # theta_t = (1), theta^* = (0): 1 = -1
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\| = \|\boldsymbol{\theta}^*\| - "
     r"\|\boldsymbol{\theta}_t\|", (STAR,)),
    # the SGD step without its cross term: theta_t = g_t = (1), theta^* = (0), eta_t = 1: 0 = 2
    (r"\|\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}_t - \boldsymbol{\theta}^*\|^2 = "
     r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 + \eta_t^2\|\boldsymbol{g}_t\|^2", (STAR,)),
    # theta^* is not the family theta: theta = (0), theta^* = (1)
    (r"\|\boldsymbol{\theta}^*\| = \|\boldsymbol{\theta}\|", (STAR,)),
    # theta^* is not the iterate theta_t either
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 = 0", (STAR,)),
    # an added component: q = k = (1) gives 1 = 2
    (r"q^\top k = \sum_i q_i k_i + q_1 k_1", ()),
    # (1 - x)^T is not 1 - x: x = 1/2, T = 2 gives 1/4 = 1/2
    (r"(1 - x)^T = 1 - x", ()),
    # the bound of eq. 37 with the factor inverted: theta_0 - theta^* = (1), kappa = n = 1, T = 1
    (r"\|\boldsymbol{\theta}_T - \boldsymbol{\theta}^*\|^2 \le \left(1 - \min\left\{\frac{1}{3\kappa}, "
     r"\frac{1}{3n}\right\}\right)^T\|\boldsymbol{\theta}_0 - \boldsymbol{\theta}^*\|^2", (STAR,)),
    # an unknown function of a vector: J(theta - eta g) is not J(theta) - eta g^T g for every J
    (r"J(\theta - \eta g) = J(\theta) - \eta g^\top g", ()),
    # the weights swapped between the vectors: refused (k_j a vector) or refuted, never proved
    (r"\sum_{j=1}^{2} e^{q^\top k_j} k_j = e^{q^\top k_1} k_2 + e^{q^\top k_2} k_1", ()),
]

TRUE_PROVED = [
    # the subscript 2 names the Euclidean norm, the one read
    (r"\|x\|_2^2 = x^\top x", ()),
    (r"\|\theta_n - \theta_m\|_2 = \|\theta_m - \theta_n\|", ()),
    # (a - b)^T (a + b) = a^T a + a^T b - b^T a - b^T b = a^T a - b^T b for real vectors
    (r"(a-b)^\top(a+b) = a^\top a - b^\top b", ()),
    (r"(a - b)^\top c = a^\top c - b^\top c", ()),
    (r"(x_i - x_j)^\top (x_i - x_j) = \|x_i - x_j\|^2", ()),
    # components summed over 1..d: the definition of the dot product
    (r"q^\top k = \sum_i q_i k_i", ()),
    (r"q^\top k = \sum_{i=1}^{d} q_i k_i", ()),
    # the norm of a difference is symmetric, with the declared optimum a vector of R^d
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 = \|\boldsymbol{\theta}^* - "
     r"\boldsymbol{\theta}_t\|^2", (STAR,)),
    # one SGD step expanded (the notes' eq. 4, second link), for every d
    (r"\|\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}_t - \boldsymbol{\theta}^*\|^2 = "
     r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 - 2\eta_t \boldsymbol{g}_t^{\top}"
     r"(\boldsymbol{\theta}_t - \boldsymbol{\theta}^*) + \eta_t^2\|\boldsymbol{g}_t\|^2", (STAR,)),
]

TRUE = TRUE_PROVED + [
    # an unknown function of a vector cancels: J(theta - eta g) - J(theta - eta g) = 0 <= g^T g
    (r"J(\theta - \eta g) - J(\theta - \eta g) \le g^\top g", ()),
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 \ge 0", (STAR,)),
    # a bounded contraction: 0 < x < 1 and T >= 1 give 0 < (1 - x)^T < 1
    (r"(1 - x)^T \le 1", ("0 < x", "x < 1", "T \\ge 1")),
]

REFUSED = [
    # k_j is a vector (in q^T k_j): the weighted sum of vectors is not a sum of numbers. As
    # numbers this true vector identity was proved, and o_i = ... refuted with k[1] beside k[1,1]
    (r"o_i = \sum_j e^{q_i^\top k_j} k_j", ()),
    (r"\sum_{j=1}^{2} e^{q^\top k_j} k_j = e^{q^\top k_1} k_1 + e^{q^\top k_2} k_2", ()),
    # q a vector in q^T k and a number added to it: true for numbers, no claim for vectors
    (r"q^\top k + q = k^\top q + q", ()),
    (r"(q^\top k) q = q^\top k", ()),
    # components over another range than 1..d are not components of the vector
    (r"q^\top k = \sum_{i=1}^{n} q_i k_i", ()),
    # a vector and a summation index of one name: n q^T k, or a sum over components?
    (r"\sum_{q=1}^{n} q^\top k = 1", ()),
    # a component with a free index
    (r"q^\top k = q_c k_c", ()),
    # the row q_j of q_i^T k_j's family where a number stands
    (r"q_i^\top k_j = q_j", ()),
    # a vector inside a function but not linearly (g^2: entrywise? g^T g?)
    (r"J(g^2) = g^\top g", ()),
    (r"J(e^{g}) = g^\top g", ()),
    # a vector both a function argument and a term of a sum
    (r"J(g) + g = g^\top g", ()),
    # a number (a dot product, a norm) added to the vector inside the argument
    (r"J(g + g^\top g) = J(g)", ()),
    (r"J(g + \|g\|) = J(g)", ()),
    # \top on a number bracket stays a transpose, never a power
    (r"(1 - \eta)^\top = 1 - \eta", ()),
    # T a power of a number bracket and a transpose in one chain
    (r"(1 - x)^T q^T k = q^T k", ()),
    # transposed sums: a vector of the product where a number stands; a power after the
    # product; a factor beside a term (eta b: a number or a vector?)
    (r"(a - b)^\top c = a - b", ()),
    (r"(a - b)^\top c^2 = 1", ()),
    (r"(a - \eta b)^\top c = 1", ()),
    (r"(a - b)^\top c + c = 1", ()),
    # u^T v and u v^T in one chain: one of them is an outer product
    (r"(a - b)^\top c = c (a - b)^\top", ()),
    # an upright vector name of a dot product written where a number stands
    (r"D_i = \mathrm{do}_i^\top o_i + \mathrm{do}_i", ()),
    (r"D_i = \mathrm{do}_i^\top o_i \, \mathrm{do}_i", ()),
    # another norm than the Euclidean one: l1, max, Frobenius
    (r"\|x\|_1 = \|x\|", ()),
    (r"\|x - y\|_{\infty} \le \|x - y\|", ()),
    (r"\|x\|_F = 1", ()),
    # the optimum declared in R^n while theta_t has the vectors' dimension d: mixed dimensions
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 \ge 0", (r"\boldsymbol{\theta}^* \in \mathbb{R}^n",)),
    # the declared vector written where a number stands (it was a number beside the norms)
    (r"\boldsymbol{\theta}^* + 1 = 2", (STAR,)),
    (r"\|\boldsymbol{\theta}^*\| = \boldsymbol{\theta}^*", (STAR,)),
    (r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\| \le \boldsymbol{\theta}^* \eta", (STAR,)),
    # the expectation of a vector is a vector, not a number
    (r"\mathbb{E}[\boldsymbol{\theta}^*] = 1", (STAR,)),
    # undeclared and without an iterate theta_t, theta^* stays refused (an optimum, a conjugate
    # or a dual); beside an iterate it is read as the optimum (docs/reading.md, decorated names)
    (r"\|\boldsymbol{\theta} - \boldsymbol{\theta}^*\|^2 \ge 0", ()),
]


@pytest.mark.parametrize("latex, assume", FALSE)
def test_false_vector_claim_is_never_accepted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is None or not any(v in ACCEPTING for v in verdicts), (latex, verdicts)


@pytest.mark.parametrize("latex, assume", TRUE)
def test_true_vector_claim_is_never_refuted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is not None, latex
    assert Verdict.REFUTED not in verdicts, (latex, verdicts)


@pytest.mark.parametrize("latex, assume", TRUE_PROVED)
def test_vector_identity_is_proved_for_every_dimension(latex, assume):
    assert _verdicts(latex, assume, PROOF_CONFIG) == [Verdict.PROVED], latex


@pytest.mark.parametrize("latex, assume", REFUSED)
def test_vector_used_as_a_number_is_refused(latex, assume):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=assume, functions=FUNCTIONS)
