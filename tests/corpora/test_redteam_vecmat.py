"""Red team of the readings of \\pm/\\mp rows, vectors, matrices and environments: claims built to be
misread by each rule, mostly false, and the outcome each must get.

A display is read as it is in a .tex file (``read_display``), then each of its chains is checked
on the path of ``stepcheck check`` (``check_chain`` with the chain's conditions). Kinds:

* a false chain is never ``proved``/``verified``/``approximate`` (a refusal, ``refuted`` or an
  undecided verdict is fine);
* a true chain is never ``refuted``;
* an ambiguous display is refused (a chain with a ``problem``, or ``ParseError`` from the reader).

The truth of every claim was worked out by hand (in its comment) before it was run.
"""
from __future__ import annotations

import pytest

from symbolic.api import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


def _chains(latex):
    chains = read_display(latex)
    assert chains, latex
    return chains


def _accepted(chain, assume=()) -> bool | None:
    """Whether every link of the chain is accepted; None when it cannot be read."""
    if chain.problem is not None:
        return None
    try:
        links = check_chain(chain.latex, assume=tuple(assume) + tuple(chain.assume), config=CONFIG)
    except StepcheckError:
        return None
    return all(o.verdict in ACCEPTING for _, o in links)


def _refuted(chain, assume=()) -> bool:
    if chain.problem is not None:
        return False
    try:
        links = check_chain(chain.latex, assume=tuple(assume) + tuple(chain.assume), config=CONFIG)
    except StepcheckError:
        return False
    return any(o.verdict is Verdict.REFUTED for _, o in links)


# -- \pm / \mp: the upper-sign claim, then the lower-sign claim -------------------------------------
# (display, which of its two claims are false: "upper", "lower" or "both")
PM_FALSE = [
    (r"\sin(x \pm y) = \sin x \cos y \mp \cos x \sin y", "both"),      # \mp where \pm belongs
    (r"\cos(x \pm y) = \cos x \cos y \pm \sin x \sin y", "both"),      # \pm where \mp belongs
    (r"(a \pm b)^2 = a^2 + 2ab \pm b^2", "lower"),                     # (a-b)^2 has -2ab, +b^2
    (r"e^{\pm x} = \cosh x \mp \sinh x", "both"),                      # e^{x} = cosh + sinh
    (r"(x \pm 1)(x \mp 1) = x^2 \pm 1", "upper"),                      # (x+1)(x-1) = x^2 - 1
    (r"|a \pm b| = |a| \pm |b|", "both"),                              # a = 1, b = -1
    (r"a \mp b = -(b \pm a)", "both"),                                 # a - b vs -(b + a)
    (r"\tan(u \pm v) = \frac{\tan u \pm \tan v}{1 \pm \tan u \tan v}", "both"),   # a misprint
    (r"\begin{aligned} \sin(a \pm b) &= \sin a \cos b \pm \cos a \sin b \\ "
     r"\cos(a \pm b) &= \cos a \cos b \pm \sin a \sin b \end{aligned}", "rows 2, 3"),
]

PM_TRUE = [
    r"\sin(x \pm y) = \sin x \cos y \pm \cos x \sin y",
    r"\cos(x \pm y) = \cos x \cos y \mp \sin x \sin y",
    r"\pm a \pm b = \pm(a + b)",                                      # the same sign throughout
    r"(a \pm b)^2 = a^2 \pm 2ab + b^2",
]

PM_REFUSED = [
    r"\sin \frac{\theta}{2} = \pm \sqrt{\frac{1-\cos\theta}{2}}",     # the sign depends on theta
    r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}",                         # one of two roots
    r"m = 1.5 \pm 0.1",                                                # a range
    r"\sqrt{x^2} = \pm x",
    r"|x| \le \pm x",
    r"x^2 = 1 \implies x = \pm 1",
    r"a \pm b",                                                        # no relation
    r"x^2 - 1 = (x - 1)(x + 1) \quad \text{for } x = \pm 2",           # a sign in a condition
    r"\mathrm{a \pm b} = c \pm d",                                      # a sign inside a name
]


def _false_indices(which: str, n: int) -> list[int]:
    if which == "both":
        return list(range(n))
    if which == "upper":
        return [0]
    if which == "lower":
        return [1]
    return [int(k) for k in which.removeprefix("rows ").split(",")]


@pytest.mark.parametrize("latex,which", PM_FALSE, ids=[c[0] for c in PM_FALSE])
def test_pm_false_sign_not_accepted(latex, which):
    chains = _chains(latex)
    assert all(c.problem is None for c in chains), [c.problem for c in chains]
    assert len(chains) % 2 == 0, [c.latex for c in chains]
    for k in _false_indices(which, len(chains)):
        assert _accepted(chains[k]) is not True, chains[k].latex


@pytest.mark.parametrize("latex", PM_TRUE)
def test_pm_true_signs_read_and_not_refuted(latex):
    chains = _chains(latex)
    assert len(chains) == 2 and all(c.problem is None for c in chains), chains
    for c in chains:
        assert not _refuted(c), c.latex


@pytest.mark.parametrize("latex", PM_REFUSED)
def test_pm_one_of_two_values_refused(latex):
    for chain in _chains(latex):
        if chain.problem is not None:
            continue
        with pytest.raises(ParseError):
            parse_chain(chain.latex, assumptions=chain.assume)


def test_pm_upper_then_lower_signs():
    """The two claims are the upper signs then the lower ones, \\mp opposite to \\pm."""
    upper, lower = _chains(r"\tan(u \pm v) = \frac{\tan u \pm \tan v}{1 \mp \tan u \tan v}")
    assert upper.latex.replace(" ", "") == r"\tan(u+v)=\frac{\tanu+\tanv}{1-\tanu\tanv}"
    assert lower.latex.replace(" ", "") == r"\tan(u-v)=\frac{\tanu-\tanv}{1+\tanu\tanv}"
    one, two = _chains(r"\cos(x \pm y) = {{\cos x \cos y \mp \sin x \sin y} \over 1}")
    assert "+" in one.latex.split("=")[0] and "-" in two.latex.split("=")[0]


# -- norms of signed sums of vectors: \|u - v\| --------------------------------------------------------
NORM_FALSE = [
    r"\|x + y\| = \|x\| + \|y\|",                  # only for parallel vectors
    r"\|x - y\| = \|x\| - \|y\|",                  # x = 0, y != 0: left > 0 > right
    r"\|x - y\|^2 = \|x\|^2 + \|y\|^2",            # misses -2 x^T y
    r"\|x - y\| \le \|x\| - \|y\|",                # x = 0, y != 0
    r"\|x_i - x_j\| = \|x_i\| + \|x_j\|",
    r"\|x - y - z\| = \|x - y\| + \|z\|",
    r"\|x + y\| = \|x - y\|",                      # only when x^T y = 0
]

NORM_TRUE = [
    r"\|x - y\| = \|y - x\|",
    r"\|x + y\| \le \|x\| + \|y\|",               # the triangle inequality (may stay undecided)
    r"\|x - y\|^2 = \|x\|^2 - 2 x^\top y + \|y\|^2",
]

NORM_REFUSED = [
    r"\|x - y\| = |x - y|",                        # x a vector on the left, a number on the right
    r"\|x\| = x",
    r"\|x_i - y\| = x_i - y",
    r"\|d - x\| = 1",                              # d is the dimension of the vectors
    r"\|x - 2y\| = 1",                             # a factor beside a vector: number or vector?
    r"\|x \cdot y - z\| = 1",
    r"\|\theta_t - \eta g_t\| = 1",
    r"\|x - y\|_1 = 1",                            # not the Euclidean norm
]

# -- ^T after \sum_{..}: an upper limit, not a transpose ----------------------------------------------
LIMIT_FALSE = [
    r"\sum_{t=1}^T t = \frac{T^2}{2}",
    r"\sum_{t=1}^T 1 = T + 1",
    r"\prod_{t=1}^T 2 = 2T",
]

LIMIT_TRUE = [
    r"\sum_{t=1}^T t = \frac{T(T+1)}{2}",
    r"\sum_{t=1}^T \frac{1}{T} = 1",
]

LIMIT_REFUSED = [
    r"\sum_{t=1}^T x_t^T y = 1",                  # x_t^T beside a count T: transpose or power?
    r"q^T k = \sum_{j=1}^T 1",
    r"\sum_{t=1}^{T} a_t^{T} b = 0",
]


def _verdicts(latex):
    try:
        return [o.verdict for _, o in check_chain(latex, config=CONFIG)]
    except StepcheckError:
        return None


@pytest.mark.parametrize("latex", NORM_FALSE + LIMIT_FALSE)
def test_false_norm_or_limit_claim_not_accepted(latex):
    verdicts = _verdicts(latex)
    assert verdicts is None or not all(v in ACCEPTING for v in verdicts), verdicts


@pytest.mark.parametrize("latex", NORM_TRUE + LIMIT_TRUE)
def test_true_norm_or_limit_claim_read_and_not_refuted(latex):
    parse_chain(latex)                              # read, not refused
    verdicts = _verdicts(latex)
    assert verdicts is not None and Verdict.REFUTED not in verdicts, verdicts


@pytest.mark.parametrize("latex", NORM_REFUSED + LIMIT_REFUSED)
def test_ambiguous_norm_or_limit_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_norm_of_a_difference_reads_componentwise():
    """\\|theta_{t+1} - theta_t\\| is sqrt(sum over nu of (theta[t+1, nu] - theta[t, nu])^2)."""
    import sympy
    from symbolic.latex.vectors import COMPONENT, DIMENSION
    lhs = parse_chain(r"\|\theta_{t+1} - \theta_t\| = 1").links[0].claim.lhs
    theta = sympy.IndexedBase("theta", real=True)
    t = sympy.Symbol("t", integer=True)
    want = sympy.sqrt(sympy.Sum((theta[t + 1, COMPONENT] - theta[t, COMPONENT]) ** 2,
                                (COMPONENT, 1, DIMENSION)))
    assert sympy.simplify(lhs.doit() - want.doit()) == 0 or str(lhs) == str(want), lhs


def test_sum_to_T_reads_its_limit():
    claim = parse_chain(r"\sum_{t=1}^T \frac{1}{\sqrt{t}} \le 2\sqrt{T}").links[0].claim
    import sympy
    (limit,) = claim.lhs.limits
    assert str(limit[2]) == "T" and isinstance(claim.lhs, sympy.Sum)
