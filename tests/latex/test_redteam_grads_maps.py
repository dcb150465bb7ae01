"""Red team of the loss gradients, maps of several arguments, gradients of subscripted functions
and the numbers made of vectors in a matrix side (``symbolic/latex/loss_gradients.py``,
``vector_maps.py``, ``gradients.py``, ``matrix_scalars.py``, definitions in ``commands/chain.py``).

Reader-level where possible (cheap); a handful end to end with a short budget. The defect
found: a map of a general signature keys its value by its number arguments as written, so inside
a sum over m the value ``g(u, m)`` was one name that did not vary with m, and
``\\sum_{m=1}^{2} g(u, m) = 2 g(u, m)`` was proved; it is now refused. The other cases pin the
guards that held (what must stay refused, never proved or never refuted).
"""
from __future__ import annotations

import pytest

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

VECS = r"u, v, w \in \mathbb{R}^d"
G = (VECS, r"g: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}")
FQ = (VECS, r"f_q: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d")
LOSS = (r"V_k, V_l \in \mathbb{R}^M", r"\mathcal{L} \text{ depends on } V")
THETA = (r"\theta, \vartheta \in \mathbb{R}^d",)

_FAST = CheckConfig(timeout_s=8.0, samples=12)


def _refused(latex, assume=(), functions=()):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume), functions=list(functions))
    return str(info.value)


def _read(latex, assume=(), functions=()):
    (link,) = parse_chain(latex, assumptions=list(assume), functions=list(functions)).links
    return link.claim.lhs, link.claim.rhs


def _verdicts(latex, assume=(), functions=()):
    links, unreadable = check_input(latex, assume=tuple(assume), functions=tuple(functions),
                                    config=_FAST)
    assert not unreadable, unreadable
    return [getattr(l, "outcome", None) and l.outcome.verdict for l in links]


# -- defect found and fixed: a map's number argument bound by a sum ------------------------------
@pytest.mark.parametrize("latex, assume", [
    # was PROVED (g(u, 1) + g(u, 2) = 2 g(u, m) is false): one opaque name for every m
    (r"\sum_{m=1}^{2} g(u, m) = 2 g(u, m)", G),
    (r"\sum_{m=1}^{2} g(u, m)^2 = 2 g(u, m)^2", G),
    (r"\sum_{m=1}^{2} g(u, 2m + 1) = 2 g(u, 2m + 1)", G),
    (r"\sum_{m=1}^{2} f_q(u, m) = 2 f_q(u, m)", FQ),
    (r"\sum_{m=1}^{2} u^\top f_q(u, m) = 2 u^\top f_q(u, m)", FQ),
    (r"\sum_{m=1}^{2} \|f_q(u, m)\|^2 = 2 \|f_q(u, m)\|^2", FQ),
])
def test_map_value_inside_a_sum_over_its_number_argument_is_refused(latex, assume):
    assert "inside a sum over m" in _refused(latex, assume)


def test_false_sum_of_map_values_is_not_proved():
    # end to end: the false claim that was proved is now unreadable, never proved
    links, unreadable = check_input(r"\sum_{m=1}^{2} g(u, m) = 2 g(u, m)", assume=G, config=_FAST)
    assert unreadable and not any(l.outcome.verdict is Verdict.PROVED for l in links)


def test_map_value_with_a_number_argument_free_of_the_sum_still_reads():
    lhs, rhs = _read(r"\sum_{j=1}^{2} g(u, m) = 2 g(u, m)", G)
    assert "g(u, m)" in str(lhs) and "(j, 1, 2)" in str(lhs)


# -- guards that held -------------------------------------------------------------------------------
@pytest.mark.parametrize("latex, assume, functions, why", [
    # a gradient of a subscripted function varies with t in a sum, so it is refused there
    (r"\sum_{t=1}^{2} \|\nabla f_t(\theta)\|^2 = 2 \|\nabla f_t(\theta)\|^2", THETA, ("f_t",),
     "inside a sum over t"),
    (r"\sum_{t=1}^{2} f_t(\theta) + \|\nabla f_t(\theta)\|^2 = 2 f_t(\theta) + "
     r"\|\nabla f_t(\theta)\|^2", THETA, ("f_t",), "inside a sum over t"),
    # f_{t+1}, f_1 are not the declared f_t
    (r"\nabla f_t(\theta) - \nabla f_{t+1}(\theta) = 0", THETA, ("f_t",), "gradient"),
    (r"\nabla f_t(\theta) = \nabla f_1(\theta)", THETA + (r"t = 1",), ("f_t",), "gradient"),
    # --function f does not make f_t, f_s the function f
    (r"\nabla f_t(\theta) = \nabla f_s(\theta)", THETA, ("f",), "gradient"),
    # a script after the loss binds to it or to its gradient
    (r"\nabla_{V_k}\mathcal{L}^2 = 0", LOSS, (), "may bind"),
    # factors before a bracket of vectors that papers use as functions stay refused
    (r"\sigma(u + v) = \sigma u + \sigma v", (VECS,), (), "may be a function"),
    (r"\phi(u^\top v + 1) = 0", (VECS,), (), "may be a function"),
    (r"\varphi(u + v) = 0", (VECS,), (), "may be a function"),
    (r"\Phi(u + v) = 0", (VECS,), (), "may be a function"),
    (r"\psi_t(u + v) = 0", (VECS,), (), "may be a function"),
    # a map declared by its signature is never a factor before its bracket
    (r"\rho(u + v) = \rho u + \rho v", (VECS, r"\rho: \mathbb{R}^d \to \mathbb{R}^d"), (),
     "only at one declared vector"),
    # three vectors: which two are dotted?
    (r"u \cdot v w = (u^\top v) w", (VECS,), (), "does not conform"),
    (r"u \cdot v \cdot w = 0", (VECS,), (), "does not conform"),
    # the mean vector
    (r"\mathbb{E}[u]^\top v = \mathbb{E}[u^\top v]", (VECS,), (), "mean vector"),
])
def test_guards_refuse(latex, assume, functions, why):
    assert why in _refused(latex, assume, functions)


def test_transpose_before_subscript_is_the_subscripted_name():
    # q^\top_m is typeset as q_m^\top (both scripts on q)
    a = _read(r"q^\top_m k_m = 0", (r"q_m, k_m \in \mathbb{R}^d",))
    b = _read(r"q_m^\top k_m = 0", (r"q_m, k_m \in \mathbb{R}^d",))
    assert a == b


def test_defined_name_is_substituted_in_later_links_only():
    # X := V_k + V_l = X is true; X := 2 V_k = X + V_k is 2V_k = 3V_k, false
    assert _verdicts(r"X := V_k + V_l = X", LOSS + (r"X \in \mathbb{R}^M",)) == [Verdict.PROVED]
    assert _verdicts(r"X := 2 V_k = X + V_k", LOSS + (r"X \in \mathbb{R}^M",))[-1] is Verdict.REFUTED


@pytest.mark.parametrize("latex, assume", [
    # opaque stand-ins: a counterexample drawn for them certifies nothing
    (r"\nabla_{V_k}\mathcal{L} = \nabla_{V_l}\mathcal{L}", LOSS),
    (r"g(u, m) = g(u, n)", G + (r"m = n",)),
    (r"\nabla_{V_k}\mathcal{L} := V_k = \nabla_{V_l}\mathcal{L}", LOSS + (r"k = l",)),
])
def test_stand_ins_are_never_refuted(latex, assume):
    assert Verdict.REFUTED not in _verdicts(latex, assume)


@pytest.mark.parametrize("assume", [
    # defect: a general signature then a one-argument one was an internal IndexError
    (VECS, r"g: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}", r"g: \mathbb{R}^d \to \mathbb{R}^d"),
    (VECS, r"g: \mathbb{R}^d \to \mathbb{R}^d", r"g: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}"),
    # two values' lengths: which inner product?
    (VECS, r"g: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d",
     r"g: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^k"),
])
def test_two_signatures_of_one_map_are_refused(assume):
    assert "two signatures" in _refused(r"g(u, m)^\top g(u, m) = 0", assume)


@pytest.mark.parametrize("latex, assume", [
    # defect: W^\top_1 beside W and W_1 both declared was read as W_1^\top; it may be (W^\top)_1
    (r"W^\top_{1} x = W_1^\top x", (r"W_1, W \in \mathbb{R}^{d \times d}", r"x \in \mathbb{R}^d")),
    (r"W^\top_{ij} = W_{ji}", (r"W_{ij}, W_{ji} \in \mathbb{R}", r"W \in \mathbb{R}^{d \times d}")),
    (r"(q^\top_m k_m)^2 = 0", (r"q_m, k_m, q \in \mathbb{R}^d",)),
    (r"\mathbf{q}^\top_m \mathbf{k}_m = 0", (r"\mathbf{q}_m, \mathbf{k}_m, \mathbf{q} \in \mathbb{R}^d",)),
])
def test_transpose_then_subscript_of_a_declared_base_is_refused(latex, assume):
    assert "transpose" in _refused(latex, assume)


def test_transpose_then_subscript_still_reads_without_a_declared_base():
    assume = (r"\mathbf{q}_m, \mathbf{k}_m \in \mathbb{R}^d",)
    assert _read(r"\mathbf{q}^\top_m \mathbf{k}_m = 0", assume) == \
        _read(r"\mathbf{q}_m^\top \mathbf{k}_m = 0", assume)
