"""Norms and inner products of expressions of declared vectors, and values of maps of several
arguments declared by their signatures (``f_q: \\mathbb{R}^d \\times \\mathbb{Z} \\to \\mathbb{R}^d``).

Reading-level tests (cheap) of ``symbolic/latex/vector_maps.py`` (general signatures),
``symbolic/latex/matrix_scalars.py`` (E[X], a factor before a bracket, ``u \\cdot v``) and the
subscripted functions of ``symbolic/latex/gradients.py``; false claims asked of the prover
directly; a handful end to end (false claims over opaque values are never proved, never refuted).
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.matrix_function_values import holds_matrix_function
from symbolic.model import Verdict

XY = (r"x, y \in \mathbb{R}^d",)
F = XY + (r"f: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d",)
FG = F + (r"g: \mathbb{R}^d \times \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}",)
d = sympy.Symbol("d", integer=True, positive=True)


def _read(latex, assume=FG, functions=()):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


def _refused(latex, assume=FG, functions=()):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume), functions=functions)
    return str(info.value)


def _zero(lhs, rhs) -> bool:
    with sympy.evaluate(True):
        return sympy.expand((lhs - rhs).subs(d, 3).doit()) == 0


def _names(expr) -> set:
    return {str(b.label) for b in expr.atoms(sympy.IndexedBase)} | \
        {s.name for s in expr.free_symbols if isinstance(s, sympy.Symbol)}


# -- maps of several arguments ---------------------------------------------------------------------
def test_the_inner_product_of_two_values_equals_a_number_value():
    (lhs, rel, rhs), = _read(r"\langle f(x, m), f(y, n) \rangle = g(x, y, m - n)")
    assert rel == "EQ"
    assert {"ƒf(x, m)", "ƒf(y, n)"} <= _names(lhs)
    assert isinstance(rhs, sympy.Symbol) and rhs.name == "ƒg(x, y, m - n)"


def test_values_at_different_arguments_are_different_and_the_product_symmetric():
    (lhs, _, rhs), = _read(r"\langle f(x, m), f(y, n) \rangle = \langle f(y, n), f(x, m) \rangle")
    assert lhs == rhs
    (lhs, _, rhs), = _read(r"\langle f(x, m), f(y, n) \rangle = \langle f(y, m), f(x, n) \rangle")
    assert lhs != rhs and not _zero(lhs, rhs)


def test_subscripted_and_bold_map_names():
    assume = (r"x_m, x_n \in \mathbb{R}^d", r"f_q: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d",
              r"\boldsymbol{g}: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d")
    (lhs, _, _), = _read(r"\langle f_{q}(x_m, m), \boldsymbol{g}(x_n, n) \rangle = 0", assume)
    assert {"ƒf_q(x_m, m)", r"ƒ\boldsymbol{g}(x_n, n)"} <= _names(lhs)


@pytest.mark.parametrize("latex, why", [
    (r"\langle f(x), f(y, n) \rangle = 0", "argument"),              # one argument of two
    (r"\langle f(m, x), f(y, n) \rangle = 0", "argument 1"),         # a number where a vector is
    (r"\langle f(x, y), f(y, n) \rangle = 0", "argument 2"),         # a vector where a number is
    (r"\langle f(2x, m), f(y, n) \rangle = 0", "argument 1"),        # not one declared vector
    (r"\langle f(x, m), y \rangle = f", "without its arguments"),   # the map's name as a number
    (r"g(x, y, m) = g \cdot 2", "without its arguments"),
])
def test_unsure_uses_of_a_map_are_refused(latex, why):
    assert why in _refused(latex)


def test_a_map_of_another_length_or_a_matrix_factor_is_refused():
    assert "argument 1" in _refused(r"\langle f(z, m), x \rangle = 0",
                                    F + (r"z \in \mathbb{R}^n",))
    _refused(r"\langle h(x, m), x \rangle = 0",
             XY + (r"h: \mathbb{R}^{d \times d} \times \mathbb{Z} \to \mathbb{R}^d",))


def test_a_map_of_numbers_alone_is_not_read_as_a_scalar_function():
    # no declared vector in the side: the scalar reader would read an unknown function of numbers
    assert "signature" in _refused(r"h(m, n) = h(n, m)",
                                   (r"h: \mathbb{Z} \times \mathbb{Z} \to \mathbb{R}^d",))
    assert "signature" in _refused(r"\langle f(x, m), x \rangle = g(m, n)",
                                   F + (r"g: \mathbb{Z} \times \mathbb{Z} \to \mathbb{R}",))


# -- norms of expressions, E[...], a number times a bracket, u \cdot v -------------------------------
def test_norm_of_a_difference_of_a_vector_and_a_gradient_under_an_expectation():
    (lhs, _, rhs), = _read(r"\sigma^2 = \mathbb{E}[\|g - \nabla L(\theta)\|^2]",
                           (r"g, \theta \in \mathbb{R}^d",), functions=("L",))
    assert type(rhs).__name__ == "Expect" and "∇L(theta)" in str(rhs)


def test_expectation_of_a_vector_is_refused():
    assert "vector" in _refused(r"\mathbb{E}[g] = \nabla L(\theta)",
                                (r"g, \theta \in \mathbb{R}^d",), functions=("L",))


def test_a_greek_factor_before_a_sum_is_a_product_as_in_the_scalar_reader():
    (lhs, _, rhs), = _read(r"\frac{1}{2}\|\nabla L(\theta)\|^2 \geq \mu(L(\theta) - c)",
                           (r"\theta \in \mathbb{R}^d",), functions=("L",))
    mu = [s for s in rhs.free_symbols if s.name == "mu"]
    assert mu and sympy.expand(rhs).coeff(mu[0]) != 0
    # the sigmoid stays a function and phi stays refused, as the scalar reader has them
    _refused(r"\phi(x - y) = x", XY)
    _refused(r"\phi(L(\theta) - c) = 0", (r"\theta \in \mathbb{R}^d",), functions=("L",))


def test_dot_of_two_column_vectors_is_their_inner_product():
    (lhs, _, rhs), = _read(r"2 (x - y) \cdot x = 2 x^\top x - 2 y^\top x", XY)
    assert _zero(lhs, rhs)
    _refused(r"x \cdot y x = x", XY)                # three vectors: which two are dotted?


def test_a_transpose_written_before_the_subscript():
    (lhs, _, rhs), = _read(r"q^\top_m k_n = k_n^\top q_m", (r"q_m, k_n \in \mathbb{R}^d",))
    assert lhs == rhs


@pytest.mark.parametrize("latex", [r"\|x - y\| = \|x\| - \|y\|",
                                   r"\|x + y\|^2 = \|x\|^2 + \|y\|^2"])
def test_false_norm_identities_are_read_apart(latex):
    (lhs, _, rhs), = _read(latex, XY)
    assert not _zero(lhs, rhs)


@pytest.mark.parametrize("latex", [r"\|x\|_1 = \|x\|_2", r"\|x - y\|_\infty = \|x - y\|",
                                   r"\|\nabla f_t(\theta)\|_1 \le 1"])
def test_other_norms_than_the_euclidean_are_refused(latex):
    _refused(latex, XY + (r"\theta \in \mathbb{R}^d",), functions=("f_t",))


# -- a declared subscripted function ---------------------------------------------------------------
def test_gradient_of_a_declared_subscripted_function():
    (lhs, rel, rhs), = _read(r"\|\nabla f_t(\theta)\|_2 \leq G", (r"\theta \in \mathbb{R}^d",),
                             functions=("f_t",))
    assert rel == "LE" and "∇f_t(theta)" in str(lhs)
    # undeclared f_t (f declared instead) stays refused
    _refused(r"\|\nabla f_t(\theta)\|_2 \leq G", (r"\theta \in \mathbb{R}^d",), functions=("f",))


def test_a_subscripted_function_inside_a_sum_over_its_index_is_refused():
    _refused(r"\sum_{t=1}^{T} \nabla f_t(\theta) = \nabla f_t(\theta)",
             (r"\theta \in \mathbb{R}^d",), functions=("f_t",))


# -- end to end: a handful ------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, assume, functions=()):
    links, unreadable = check_input(latex, assume=tuple(assume), functions=tuple(functions), config=_FAST)
    assert not unreadable, unreadable
    (link,) = links
    return link.outcome


@pytest.mark.parametrize("latex", [
    r"\langle f(x, m), f(y, n) \rangle = \langle f(y, m), f(x, n) \rangle",
    r"\langle f(x, m), f(y, n) \rangle = g(x, y, m - n)",
])
def test_false_claims_over_values_are_neither_proved_nor_refuted(latex):
    outcome = _verdict(latex, FG)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED), outcome


def test_the_expanded_distance_of_an_update_is_proved():
    assume = (r"\theta, u \in \mathbb{R}^d", r"z \in \mathbb{R}^n",
              r"\boldsymbol{g}: \mathbb{R}^n \times \mathbb{R}^d \to \mathbb{R}^d")
    good = (r"\|\theta - \eta \boldsymbol{g}(z, \theta) - u\|^2 = \|\theta - u\|^2 "
            r"- 2\eta (\theta - u) \cdot \boldsymbol{g}(z, \theta) + \eta^2 \|\boldsymbol{g}(z, \theta)\|^2")
    assert _verdict(good, assume).verdict is Verdict.PROVED
    # the sign of the cross term flipped: read apart, and a claim the stand-in guard covers
    (lhs, _, rhs), = _read(good.replace("- 2\\eta", "+ 2\\eta"), assume)
    assert not _zero(lhs, rhs) and holds_matrix_function(rhs)


def test_a_false_norm_claim_of_plain_vectors_is_refuted():
    assert _verdict(r"\|x - y\| = \|x\| - \|y\|", XY).verdict is Verdict.REFUTED
