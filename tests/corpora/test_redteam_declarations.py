"""Red team of the reader rules for declarations and entries of function values: softmax(x)_i
over a declared length, sigma(z)_i declared the softmax, opaque f(x)_i, x^* declared an optimum,
declared matrices. Claims built to be misread by each rule, mostly false, and what each must get.

* a false claim is never ``proved``/``verified``/``approximate`` (a refusal, ``refuted`` or an
  undecided verdict is fine);
* a true claim is never ``refuted`` (above all not through an opaque stand-in);
* an ambiguous claim is refused.

The truth of every claim was worked out by hand (in its comment) before it was run.
"""
from __future__ import annotations

import pytest

from symbolic.commands.chain import check_chain as _check
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])
X_N = r"x \in \mathbb{R}^n"
SIGMA = (r"\sigma = \mathrm{softmax}", r"z \in \mathbb{R}^n")
STAR_X = r"x^* \in \mathbb{R}"


def check_chain(latex, *, assume, functions, config):
    """The path of ``stepcheck check`` (with --assume and --function): (link LaTeX, outcome)."""
    links = _check(latex, assume=assume, config=config, functions=functions)
    return tuple((link.latex, link.outcome) for link in links)


def _links(latex, assume=(), functions=()):
    try:
        return check_chain(latex, assume=tuple(assume), functions=tuple(functions), config=CONFIG)
    except StepcheckError:
        return None


def _accepted(latex, assume=(), functions=()) -> bool:
    links = _links(latex, assume, functions)
    return links is not None and all(o.verdict in ACCEPTING for _, o in links)


def _refuted(latex, assume=(), functions=()) -> bool:
    links = _links(latex, assume, functions)
    return links is not None and any(o.verdict is Verdict.REFUTED for _, o in links)


def _refused(latex, assume=(), functions=()) -> bool:
    try:
        check_chain(latex, assume=tuple(assume), functions=tuple(functions), config=CONFIG)
    except (ParseError, StepcheckError):
        return True
    return False


# -- softmax(x)_i: false claims, mostly a wrong denominator ----------------------------------------
SOFTMAX_FALSE = [
    # a prefix sum: the denominator of entry i is over all n entries (n = 2, i = 1: 1/2 vs 1)
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{i} e^{x_j}}",
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n-1} e^{x_j}}",      # one entry left out
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=2}^{n} e^{x_j}}",
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_i}}",       # the summand is e^{x_i}: 1/n
    r"\mathrm{softmax}(x)_i = \frac{x_i}{\sum_{j=1}^{n} x_j}",                # no exponentials
    r"\mathrm{softmax}(x)_i = \frac{e^{-x_i}}{\sum_{j=1}^{n} e^{-x_j}}",      # softmin
    r"\mathrm{softmax}(x)_i = \mathrm{softmax}(x)_j",                          # entries differ
    r"\sum_{i=1}^{n} \mathrm{softmax}(x)_i = n",                                # the sum is 1
    r"\mathrm{softmax}(x)_i \le \frac{1}{n}",                                   # the largest is >= 1/n
    r"\log \mathrm{softmax}(x)_i = x_i - \log(\sum_{j=1}^{n-1} e^{x_j})",
    r"\mathrm{softmax}(x)_1 = \frac{e^{x_1}}{e^{x_1} + e^{x_2}}",              # only for n = 2
    r"\mathrm{softmax}(x)_i = \frac{1}{1 + e^{-x_i}}",                          # the sigmoid of x_i
]


@pytest.mark.parametrize("claim", SOFTMAX_FALSE)
def test_false_softmax_entry_is_never_accepted(claim):
    assert not _accepted(claim, (X_N,))


SOFTMAX_TRUE = [
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}}",
    r"\sum_{i=1}^{n} \mathrm{softmax}(x)_i = 1",
    r"\mathrm{softmax}(x)_i > 0",
    r"\mathrm{softmax}(x)_i \le 1",
    r"\log \mathrm{softmax}(x)_i = x_i - \log(\sum_{j=1}^{n} e^{x_j})",
    r"\mathrm{softmax}(x)_3 < 1 + x_3^2",       # index 3 exists only for n >= 3: never x_3 outside
]


@pytest.mark.parametrize("claim", SOFTMAX_TRUE)
def test_true_softmax_entry_is_never_refuted(claim):
    assert not _refuted(claim, (X_N,))


def test_the_definition_is_proved_with_its_length():
    links = _links(r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}}", (X_N,))
    assert links is not None and links[0][1].verdict is Verdict.PROVED


def test_counterexample_keeps_the_index_inside_the_vector():
    # FOUND while building: without a range for i, the prefix-sum claim was "refuted" at i = -3,
    # an entry x_{-3} that does not exist; a counterexample must have 1 <= i <= n
    links = _links(SOFTMAX_FALSE[0], (X_N,))
    assert links is not None
    outcome = links[0][1]
    assert outcome.verdict is Verdict.REFUTED          # false: n = 2, i = 1 gives 1/2 against 1
    point = dict(outcome.counterexample)
    i, n = int(point["i"]), int(point["n"])
    assert 1 <= i <= n


@pytest.mark.parametrize("claim", [
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}}",   # true, but n not given
    r"\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_{j=1}^{i} e^{x_j}}",   # the length is never guessed
    r"\sum_{i=1}^{n} \mathrm{softmax}(x)_i = 1",
])
def test_undeclared_length_is_refused(claim):
    assert _refused(claim)


@pytest.mark.parametrize("claim", [
    r"\mathrm{softmax}(x)_i = \frac{x_i}{x^\top x}",     # x whole: a number once its entries are read
    r"\mathrm{softmax}(\mathbf{x})_i = \frac{e^{x_i}}{\|\mathbf{x}\|}",
    r"\mathrm{softmax}(2x)_i = \frac{e^{2x_i}}{\sum_{j=1}^{n} e^{2x_j}}",   # of an expression
])
def test_entries_beside_other_uses_are_refused(claim):
    assert _refused(claim, (X_N, r"\mathbf{x} \in \mathbb{R}^n"))


def test_a_free_delta_beside_entries_is_kroneckers_and_the_false_claim_not_accepted():
    # \delta_{ij} beside the entries x_i of a family is read as the Kronecker delta
    # (symbolic/latex/kronecker.py, since the fifth stop of 2026-12-02); the claim is false
    claim = r"\mathrm{softmax}(x)_i = \delta_{ij}"
    assert not _refused(claim, (X_N,)) and not _accepted(claim, (X_N,))


# -- sigma(z)_i -------------------------------------------------------------------------------------
def test_undeclared_sigma_entry_is_refused():
    # the sigmoid of z_i (true) or the softmax entry (false): refused, never either
    assert _refused(r"\sigma(z)_i = \frac{1}{1 + e^{-z_i}}")
    assert _refused(r"\sigma(z)_i = \frac{e^{z_i}}{\sum_{j=1}^{n} e^{z_j}}")


@pytest.mark.parametrize("claim", [
    r"\sigma(z)_i = \frac{1}{1 + e^{-z_i}}",                   # the sigmoid, not the softmax
    r"\sigma(z)_i = \frac{e^{z_i}}{\sum_{j=1}^{i} e^{z_j}}",
    r"\frac{\partial \sigma(z)_i}{\partial z_i} = \sigma(z)_i",  # the derivative is s_i (1 - s_i)
])
def test_false_claims_about_declared_softmax_sigma(claim):
    assert not _accepted(claim, SIGMA)


def test_declared_sigma_true_claims_are_not_refuted():
    assert not _refuted(r"\sigma(z)_i = \frac{e^{z_i}}{\sum_{j=1}^{n} e^{z_j}}", SIGMA)
    assert not _refuted(r"\frac{\partial \sigma(z)_i}{\partial z_i} = \sigma(z)_i (1 - \sigma(z)_i)",
                        SIGMA)


# -- f(x)_i: an opaque component ----------------------------------------------------------------
@pytest.mark.parametrize("claim", [
    r"f(x)_i = f(x_i)",                  # an entry of f(x) is not f at an entry
    r"f(x)_i = f(x)_j",                  # two entries
    r"\sum_{i=1}^{n} f(x)_i = f(x)",     # a sum of entries is not the value
    r"f(x)_i = x_i",
])
def test_opaque_entry_neither_accepted_nor_refuted(claim):
    # each is false for most f and true for some (f the identity, a constant map): the stand-in
    # must never be a ground for a counterexample, nor for a proof
    assert not _accepted(claim, functions=("f",))
    assert not _refuted(claim, functions=("f",))


def test_opaque_entry_trivial_identity():
    assert not _refuted(r"f(x)_i + f(x)_i = 2 f(x)_i", functions=("f",))


def test_upright_function_entry_is_not_refuted():
    # Attention(q)_m is whatever the paper's Attention is: never refuted through a stand-in
    assert not _refuted(r"\mathrm{Attention}(q)_m = q_m")


# -- x^*: an optimum declared, a conjugate over C --------------------------------------------------
@pytest.mark.parametrize("claim, assume", [
    (r"\lambda x^* = x^* + \lambda", (STAR_X,)),     # a product, never lambda(x^*)
    (r"\lambda x^* = \lambda", (STAR_X,)),
    (r"x^* x = x^2", (STAR_X,)),                     # the optimum is not x
    (r"x^* x = |x|^2", (STAR_X,)),                   # a conjugate's identity, false for an optimum
    (r"2 x^* = x^* + x", (STAR_X,)),
])
def test_false_claims_with_a_declared_optimum(claim, assume):
    assert not _accepted(claim, assume)


@pytest.mark.parametrize("claim, assume", [
    # x^* \in C does not tell an optimum from the conjugate of a complex x: never refuted as
    # an optimum, since the conjugate reading makes these true
    (r"x^* x = |x|^2", (r"x^* \in \mathbb{C}", r"x \in \mathbb{C}")),
    (r"x^* + x = 2 \operatorname{Re}(x)", (r"x^* \in \mathbb{C}", r"x \in \mathbb{C}")),
])
def test_star_over_the_complex_numbers_is_never_refuted(claim, assume):
    assert not _refuted(claim, assume)


def test_letter_times_declared_star_is_proved():
    links = _links(r"\lambda x^* = x^* \lambda", (STAR_X,))
    assert links is not None and all(o.verdict is Verdict.PROVED for _, o in links)


# -- capitals declared numbers: commuting factors, and only those -----------------------------------
@pytest.mark.parametrize("claim, assume", [
    (r"D G = G", (r"D \in \mathbb{R}", r"G \in \mathbb{R}")),                  # false at D = 2, G = 1
    (r"\frac{4MNd}{8192} = \frac{MNd}{8192}", (r"M \in \mathbb{Z}_{>0}", r"N \in \mathbb{Z}_{>0}")),
    (r"B_{c} B_{r} = B_{c} + B_{r}", (r"B_c \in \mathbb{Z}_{>0}", r"B_r \in \mathbb{Z}_{>0}")),
])
def test_false_claims_with_declared_numbers(claim, assume):
    assert not _accepted(claim, assume)


@pytest.mark.parametrize("claim, assume", [
    (r"x B_2 = B_2 x", (r"B_1 \in \mathbb{R}",)),             # another capital: maybe a matrix
    (r"x A = A x", (r"a \in \mathbb{R}",)),                   # a lowercase declaration
    (r"x A = A x", (r"A \in \mathbb{R}^{2 \times 2}", r"x \in \mathbb{R}^{2}")),  # a matrix
])
def test_undeclared_or_matrix_capital_after_a_factor_is_not_a_number(claim, assume):
    assert not _accepted(claim, assume)


def test_declared_numbers_commute():
    assert _accepted(r"M N d = d N M", (r"M \in \mathbb{Z}_{>0}", r"N \in \mathbb{Z}_{>0}"))


# -- declared matrices read as matrices, never as numbers ----------------------------------------
@pytest.mark.parametrize("claim, assume", [
    (r"A B = B A", (r"A \in \mathbb{R}^{2 \times 2}", r"B \in \mathbb{R}^{2 \times 2}")),
    (r"(A B)^\top = A^\top B^\top", (r"A \in \mathbb{R}^{2 \times 2}", r"B \in \mathbb{R}^{2 \times 2}")),
    (r"A^\top = A", (r"A \in \mathbb{R}^{2 \times 2}",)),
    (r"\mathbf{W} \mathbf{V} = \mathbf{V} \mathbf{W}",
     (r"\mathbf{W} \in \mathbb{R}^{2 \times 2}", r"\mathbf{V} \in \mathbb{R}^{2 \times 2}")),
    (r"\mathbf{Q} \mathbf{K}^\top = \mathbf{K}^\top \mathbf{Q}",
     (r"\mathbf{Q} \in \mathbb{R}^{2 \times 3}", r"\mathbf{K} \in \mathbb{R}^{2 \times 3}")),
])
def test_declared_matrix_is_not_a_number(claim, assume):
    assert not _accepted(claim, assume)
