"""Adversarial claims against three reader rules: gradients as opaque vectors, range
subscripts (``\\sum_{1 \\le j \\le n}``) and where an unbracketed max ends (issue 11).

Mostly reading-only (cheap); a handful end to end. Each case is built so that a careless rule
would read it as another claim, or prove a claim that is false for the real objects; the
comment says what the wrong reading would be. Expected readings were written by hand.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.functions import MaxOver
from symbolic.gradient_vectors import GradientVector
from symbolic.latex import parse_chain
from symbolic.model import Verdict

VECTORS = r"x, y \in \mathbb{R}^d"


def _read(latex, assume=(), functions=()):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdict(latex, assume=(), functions=()):
    """The verdict of the one link, or None when the claim was not read."""
    links, unreadable = check_input(latex, assume=tuple(assume), functions=tuple(functions), config=_FAST)
    if unreadable:
        return None
    (link,) = links
    return link.outcome.verdict


# ---------------------------------------------------------------- range subscripts

@pytest.mark.parametrize("latex", [
    # 0.5 < j starts at 1, not at 0.5 + 1 = 3/2 (read so, the true claim = 3 was left open)
    r"\sum_{0.5 < j \le 3} 1 = 3",
    # both were proved when 0.5 < j read as j >= 3/2: the sums are 1 + 2 + 3 = 6 and 3 (j = 2, 3, 4)
    r"\sum_{0.5 < j \le 3} j = 5",
    r"\sum_{1.5 < j \le 4} 1 = 2",
    # 1 <= j <= 2.5 are j = 1, 2; Sum(1, (j, 1, 5/2)) is SymPy's business, not the reader's
    r"\sum_{1 \le j \le 2.5} 1 = 2",
    # n/2 for odd n: the whole numbers up to floor(n/2), not a sum to n/2
    r"\sum_{1 \le j \le n/2} x_j = 0",
    r"\sum_{1 \le j \le \frac{n}{2}} x_j = 0",
    r"\sum_{1 \le j \le 2^{-1} n} x_j = 0",
    r"\sum_{1 \le j \le \sqrt{n}} x_j = 0",
    r"\sum_{1 \le j \le \pi} x_j = 0",
    # an end holding the index itself
    r"\sum_{1 \le j \le j^2} x_j = 0",
    r"\sum_{1 \le j \le n_j} x_j = 0",
    r"\sum_{1 \le j \le n_{ij}} x_j = 0",
    # \lt is not read as <, so this has one relation only
    r"\sum_{1 \lt j \le n} x_j = 0",
])
def test_a_range_end_that_may_not_be_a_whole_number_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex,lo,hi", [
    (r"\sum_{1 \le j \le 2 n_k - 1} x_j = 0", 1, 2 * sympy.Symbol("n_k", real=True) - 1),
    (r"\sum_{0 < j < 1} x_j = 0", 1, 0),                    # empty: SymPy's Sum(., (j, 1, 0)) is 0
    (r"\sum_{1 \leqslant j \leqslant n} x_j = 0", 1, sympy.Symbol("n", real=True)),
    (r"\sum_{1 \le j \le \ell} x_j = 0", 1, sympy.Symbol("ell", real=True)),
])
def test_whole_number_ends_are_read(latex, lo, hi):
    (lhs, _, _), = _read(latex)
    assert isinstance(lhs, sympy.Sum)
    _, low, high = lhs.limits[0]
    assert (low, sympy.simplify(high - hi)) == (lo, 0) or (low, high) == (lo, hi)



def test_a_strict_end_starts_at_the_next_whole_number():
    # m < j starts at floor(m) + 1: with m = 1/2 the sum of 1 over m < j <= 3 is 3; read from
    # m + 1 = 3/2 it was 2, and the false claim = 2 was proved under --assume 'm = 1/2'
    (lhs, _, _), = _read(r"\sum_{m < j \le 3} 1 = 2")
    low = lhs.limits[0][1]
    m = next(iter(low.free_symbols))
    assert low.subs(m, sympy.Rational(1, 2)) == 1 and low.subs(m, 4) == 5
    (lhs, _, _), = _read(r"\sum_{0 \le j < n} x_j = 0")
    high = lhs.limits[0][2]
    assert high.subs(high.free_symbols.pop(), sympy.Rational(5, 2)) == 2     # j = 0, 1, 2
    (lhs, _, _), = _read(r"\sum_{1 \le i \le n} \sum_{i < j \le n} 1 = 0")
    assert lhs.limits[0][1] == sympy.Symbol("i", integer=True) + 1 or str(lhs.limits[0][1]) == "i + 1"


@pytest.mark.parametrize("latex", [
    # t of \mathrm{out}: a letter of a word, no index; the max over real t in [0, 1] is e^y/4 > 0,
    # but it was read over t in {0, 1} and proved = 0
    r"\max_{0 \le t \le 1} t(1-t) e^{y_{\mathrm{out}}} = 0",
    r"\max_{0 \le a \le 1} a(1-a) e^{v_{\alpha}} = 0",       # the a of \alpha is no index a
    r"\max_{0 \le t \le 1} t (1-t) e^{z_{\text{t}}} = 0",
    # y_t beside t(1 - t): a sequence over whole t, or a process in real time? 0 or e^{y}/4
    r"\max_{0 \le t \le 1} t(1-t) e^{y_{t}} = 0",
    r"\max_{0 \le t \le T} e^{-t} \theta_t = 0",
    r"\max_{1 \le j \le n} (x_j + j) = 0",
])
def test_a_max_over_a_range_of_maybe_real_index_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex,lo", [
    (r"\max_{0 \le j \le n-1} x_{j+1} = 0", 0),
    (r"\max_{1 \le j \le n} x_{ij} = 0", 1),
    (r"\max_{1 \le j \le n} \frac{x_j}{y_j} = 0", 1),
])
def test_a_max_of_a_sequence_over_a_range_is_still_read(latex, lo):
    (lhs, _, _), = _read(latex)
    assert isinstance(lhs, MaxOver) and lhs.limits[0][1] == lo


# ---------------------------------------------------------------- max scope

@pytest.mark.parametrize("latex", [
    # the inner sum binds its own j, so it is free of the max's j and may be negative:
    # (\max_j a_j) \sum_j b_j and \max_j (a_j \sum_j b_j) differ; it was read inside the max
    r"\max_{j} a_j \sum_{j} b_j = 0",
    r"\max_j a_j \sum_{j=1}^{n} c_j = 0",
    r"\max_{j} a_j \max_{j} b_j = 0",
    r"\max_j a_j / c = 0",
    r"\max_j -a_j = 0",
    r"\max_j a_j \sqrt{c} = 0",              # not known real, so not known non-negative
    r"\max_j a_j \ln c = 0",
    r"\max_j a_j c^{-2} = 0",                # 1/c^2 is positive, but unknown sign to SymPy: refused
    r"\max_j a_j (1 - p) = 0",
    r"\min_{j} a_j c = 0",
])
def test_a_factor_free_of_the_index_of_unknown_sign_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex", [
    r"\max_j a_j c^2 = 0",
    r"\max_j a_j |c| = 0",
    r"\max_j a_j \cos^2 c = 0",
    r"\max_j a_j \sum_{k=1}^{n} c_{jk} = 0",      # depends on j: inside the max, as written
])
def test_a_never_negative_or_index_dependent_factor_is_read_inside(latex):
    (lhs, _, _), = _read(latex)
    assert isinstance(lhs, MaxOver) and len(lhs.args[0].args) >= 2


# ---------------------------------------------------------------- gradients

@pytest.mark.parametrize("latex,assume", [
    (r"\nabla f(x) = \nabla f(x+0)", [VECTORS]),          # the point is an expression
    (r"\nabla (2f)(x) = 2 \nabla f(x)", [VECTORS]),
    (r"-\nabla f(x) = \nabla (-f)(x)", [VECTORS]),
    (r"\nabla f(x)^2 = 0", [VECTORS]),                    # a power of a vector
    (r"\nabla f(x)' = 0", [VECTORS]),
    (r"\nabla_x f(y) = 0", [VECTORS]),                    # gradient in x evaluated at y?
    (r"\nabla^2 f(x) = 0", [VECTORS]),
    (r"\nabla \nabla f(x) = 0", [VECTORS]),
    (r"\nabla F(x) = 0", [VECTORS]),                      # F not declared
    (r"f \nabla f(x) = \nabla f(x) f", [VECTORS]),        # f declared a function, used bare
    (r"f(x) = f(y)", [VECTORS]),                          # no gradient: f may be vector-valued
    (r"\nabla f(x) + \nabla f(a) = 0", [VECTORS, r"a \in \mathbb{R}"]),   # vector plus number
    (r"\nabla f(x) = \nabla f(a)", [r"x \in \mathbb{R}^d", "a > 0"]),
    (r"\sum_{t=1}^{T} \nabla f(\theta_t) = T \nabla f(\theta_t)", [r"\theta_t \in \mathbb{R}^d"]),
    (r"\nabla f(x) = 0", [r"x \in \mathbb{R}^d", r"x \in \mathbb{R}"]),
])
def test_gradient_constructs_that_are_not_one_vector_at_a_declared_point_are_refused(latex, assume):
    with pytest.raises(ParseError):
        _read(latex, assume, ("f",))


def test_one_point_spelled_two_ways_is_one_gradient_and_two_points_two():
    (lhs, _, rhs), = _read(r"\nabla f(\theta_t) = \nabla f(\theta_{t})", [r"\theta_t \in \mathbb{R}^d"], ("f",))
    assert lhs == rhs and isinstance(lhs, GradientVector)
    (lhs, _, rhs), = _read(r"\nabla f(x_{t+1}) = \nabla f(x_{1+t})", [r"x_{t+1}, x_{1+t} \in \mathbb{R}^d"], ("f",))
    assert lhs != rhs          # two names: two free vectors (freer than the real ones: sound)


def test_gradients_do_not_commute_as_outer_products():
    (lhs, _, rhs), = _read(r"\nabla f(x) \nabla g(x)^\top = \nabla g(x) \nabla f(x)^\top", [VECTORS], ("f", "g"))
    assert lhs != rhs


# -------------------------------------------------- end to end (a handful; 0.5-5 s each)

def test_a_false_sum_with_a_strict_end_at_a_half_is_not_proved():
    assert _verdict(r"\sum_{m < j \le 3} 1 = 2", [r"m = \frac{1}{2}"]) is not Verdict.PROVED


def test_a_false_max_over_a_real_interval_is_not_proved():
    # was proved: read over t in {0, 1} because t is a letter of \mathrm{out}
    assert _verdict(r"\max_{0 \le t \le 1} t(1-t) e^{y_{\mathrm{out}}} = 0") is None


def test_no_gradient_claim_false_for_real_gradients_is_proved_or_refuted():
    # false for a real f (f(x) = x_1 at x = 0: f(x) - f(y) = -y_1, the right side 0), and no
    # refutation through the stand-in
    verdict = _verdict(r"f(x) - f(y) = \nabla f(x)^\top (x - y)", [VECTORS], ("f",))
    assert verdict is Verdict.INCONCLUSIVE


def test_a_false_gradient_claim_is_not_refuted_through_the_stand_in():
    # false (a zero gradient) but its counterexample would be a value of the stand-in
    assert _verdict(r"\|\nabla f(x)\|^2 > 0", [VECTORS], ("f",)) is Verdict.INCONCLUSIVE


def test_a_true_gradient_claim_under_x_equal_y_is_not_refuted():
    verdict = _verdict(r"\|\nabla f(x) - \nabla f(y)\|^2 = 0", [VECTORS, "x = y"], ("f",))
    assert verdict is not None and verdict is not Verdict.REFUTED
