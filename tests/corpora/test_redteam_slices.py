"""Red team of the slice and ellipsis rules of the reader (symbolic/latex/slices.py, ellipsis.py).

Rules under attack (issue 11): ``S_{i,:}``/``S_{:,j}`` inside \\max, \\min or a norm are every
entry of the row or column; a range ``x_{a:b}`` is read only with its convention stated by an
assumption ``x_{a:b} = (x_a, \\ldots, x_b)`` (end included) or ``(x_a, \\ldots, x_{b-1})`` (end
excluded), for that name only; every other slice is refused; products ``x_1 x_2 \\cdots x_n`` and
``\\max``/``\\min`` lists ``(x_1, x_2, \\ldots, x_n)`` are read like ellipsis sums (two written
terms with consecutive subscripts before, the last after); the written terms' implied bound
(x_2 written: n >= 2) is read with the claim.

Each claim's truth was worked out by hand (in its comment). ``FALSE`` claims are false (or
true only under a misreading the rules could make) and must never come out proved, verified or
approximate; ``REFUSED`` texts leave a convention or a pattern open and must be refused;
``TRUE`` claims are true as written and must never come out refuted (a counterexample outside
the written entries, say at n = 1 for x_1 + x_2 + ... + x_n, would not be one).
"""
from __future__ import annotations

import functools

import pytest

from symbolic.api import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_reading
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])
INCL = r"x_{a:b} = (x_a, \ldots, x_b)"          # the end included (papers, Adam's g_{1:t,i})
EXCL = r"x_{a:b} = (x_a, \ldots, x_{b-1})"      # the end excluded (NumPy's a:b)
N = r"n \in \mathbb{Z}_{>0}"

FALSE = [
    # -- ranges: off-by-one ends under each stated convention --
    (r"\max(x_{1:n}) \ge x_n", (EXCL, N)),              # x_n is excluded: x_n may be the largest
    (r"\max(x_{1:n}) \ge x_{n+1}", (INCL, N)),          # one past the end
    (r"\max(x_{1:n}) \ge x_0", (INCL, N)),              # 0-based start: x_0 is not in 1..n
    (r"\max(x_{0:n}) \le x_n", (EXCL, N)),              # max of x_0..x_{n-1} vs x_n: unrelated
    (r"\min(x_{1:n}) \ge x_1", (INCL, N)),              # min <= x_1, not >=
    (r"\max(x_{2:n}) \ge x_1", (INCL, N)),              # x_1 is not in 2..n
    (r"\max(x_{1:n}) + 1 \ge x_n + 2", (INCL, N)),
    (r"\max(x_{1:n}) = x_1 + x_n", (INCL, N)),
    (r"\|x_{1:n}\|_1 \le \max(x_{1:n})", (INCL, N)),    # the 1-norm is at least every |x_k|
    (r"\|x_{1:n}\|_2 \le |x_1|", (INCL, N)),            # false for n >= 2
    (r"\|x_{1:n}\|_\infty \le x_1", (INCL, N)),         # |x_k| >= x_k, and x_1 may be negative
    (r"\|g_{1:T,i}\|_2 \le |g_{1,i}|",
     (r"g_{1:t,i} = [g_{1,i}, g_{2,i}, \cdots, g_{t,i}]", r"T \in \mathbb{Z}_{>0}")),
    (r"\max(x_{1:n}) = x", (INCL, N, r"x \in \mathbb{R}")),   # a slice of a scalar x: unrelated
    # -- whole rows and columns --
    (r"\max(S_{i,:}) \le S_{i,1}", ()),                 # max of the row is >= each entry
    (r"\max(S_{i,:}) \ge S_{2,1}", ()),                 # entry of another row
    (r"\max(S_{i,:}) = \max(S_{:,i})", ()),             # row i is not column i
    (r"\min(S_{:,j}) \ge S_{1,j}", ()),
    (r"\max(S_{i,:}) = S_{i,j}", ()),
    # -- products with an ellipsis --
    (r"x_1 x_2 \cdots x_n = x_1^n", (N,)),
    (r"(1-p_1)(1-p_2)\cdots(1-p_n) = 1 - \sum_{k=1}^{n} p_k", (N,)),  # equal only for n = 1
    (r"x_2 x_3 \cdots x_n = \prod_{k=1}^{n} x_k", (N,)),              # starts at 2, not 1
    (r"2 x_1 x_2 \cdots x_n = \prod_{k=1}^{n} 2 x_k", (N,)),          # 2 once, not 2^n
    (r"\frac{1}{x_1} \frac{1}{x_2} \cdots \frac{1}{x_n} = \prod_{k=1}^{n} x_k", (N,)),
    (r"x_1 x_2 \cdots x_{2n} = \prod_{k=1}^{n} x_{2k}", (N,)),        # every x, not the even ones
    (r"x_0 x_1 \cdots x_{n-1} = \prod_{k=1}^{n} x_k", (N,)),          # 0-based vs 1-based
    # -- \max / \min lists with an ellipsis --
    (r"\max(x_1, x_2, \ldots, x_n) = x_n", (N,)),
    (r"\max(x_0, x_1, \ldots, x_{n-1}) \ge x_n", (N,)),               # x_n is not in the list
    (r"\min(x_1, x_2, \ldots, x_n) \ge x_2", (N,)),
    (r"\max(x_1, x_2, \ldots, x_n) \ge x_{n+1}", (N,)),
    (r"\max(0, x_1, x_2, \ldots, x_n) \le x_1", (N,)),                # 0 and x_2 may exceed x_1
    (r"\max(x_1, x_2, \dots, x_n) = \max(x_1, x_n)", (N,)),           # the middle ones count
]

REFUSED = [
    # ranges without a stated convention, or with another name's convention
    (r"\max(x_{1:n}) \ge x_1", ()),
    (r"\max(x_{1:n}) \ge x_n", (r"y_{a:b} = (y_a, \ldots, y_b)",)),
    (r"\max(\mathbf{x}_{1:n}) \ge \mathbf{x}_n", (INCL,)),
    # conventions that are not stated, or stated wrongly
    (r"\max(x_{:n}) \ge x_n", (INCL,)),                  # start 0 or 1? n included?
    (r"\max(x_{2:}) \ge x_2", (INCL,)),                  # end not written
    (r"P_{i:} = \mathrm{softmax}(S_{i:})", ()),          # row i, or rows i onwards (NumPy)?
    (r"\max(x_{1:n:2}) \ge x_1", (INCL,)),               # a step
    (r"\max(x_{n:1}) \ge x_1", (INCL,)),                 # reversed?
    (r"\max(x_{5:2}) \ge x_3", (INCL,)),                 # reversed
    (r"\max(x_{n:n-1}) \ge x_n", (INCL,)),               # reversed
    (r"\max(x_{n:n}) \ge x_n", (EXCL,)),                 # empty under the stated convention
    (r"\max(x_{[1:n]}) \ge x_1", (INCL,)),               # a block in brackets
    (r"h_{i} = q_{[2i:2i+1]} k_{[2i:2i+1]}", ()),
    (r"m = \mathrm{rowmax}(\mathbf{S}_{:,:j})", ()),     # a sub-matrix (FlashAttention's blocks)
    (r"y = U_{1:L} + 1", (INCL,)),                       # several entries, no reduction
    (r"x_{1:n} = x_1", (INCL,)),
    (r"\max(S_{:,j}) \ge S_{2,j}", ()),                  # row 2 may not exist
    (r"\max(S_{:,j}) \ge S_{0,j}", ()),                  # 0-based: row 0 is outside 1..N
    (r"\max(x_{1:n}) \ge x_1", (r"x_{a:b} = (x_a, \ldots, x_{b+1})",)),   # not a convention
    (r"f_{t:t\in\{q,k,v\}}(x) = W_t x", ()),             # a condition, not a slice
    # ellipses whose pattern is not fixed
    (r"x_1 \cdots x_n = 1", ()),                         # one written factor: step unknown
    (r"x_1 x_3 \cdots x_n = 1", ()),                     # step 2
    (r"x^1 x^2 \cdots x^n = 1", ()),                     # index in an exponent
    (r"x_{11} x_{12} \cdots x_{1n} = 1", ()),            # two indices each?
    (r"\max(x_{11}, x_{12}, \ldots, x_{1n}) \ge x_{11}", ()),
    (r"f(x_1, x_2, \ldots, x_n) = f(x_1, x_2)", ()),     # a function of n arguments
    (r"\max(x_1, \ldots, x_n) \ge x_1", ()),             # one written argument
    (r"\max(1, 2, \ldots, n) = n", ()),                  # numbers change: no subscript index
    (r"x_1 - x_2 \cdots x_n = 0", ()),                   # one factor before the ellipsis
    (r"\max(x_1, x_2, \ldots, x_1) \ge x_2", ()),        # the last comes before the written
    # capitals side by side may be matrices (the reader refuses A_1 A_2): \prod must not
    # commute them
    (r"A_1 A_2 \cdots A_m = A_m \prod_{k=1}^{m-1} A_k", ()),
    (r"\Sigma_1 \Sigma_2 \cdots \Sigma_m = \Sigma_m \Sigma_1", ()),
    (r"A_1 \cdot A_2 \cdots A_m = A_m \prod_{k=1}^{m-1} A_k",
     (r"A_1 \in \mathbb{R}^{n \times n}", r"A_2 \in \mathbb{R}^{n \times n}")),
    (r"q_1 + q_2 + \dots + q_n = n q_1", (r"q_1 \in \mathbb{R}^{d}",)),   # declared vectors
    (r"\max(q_1, q_2, \ldots, q_n) \ge q_1", (r"q_1, q_2 \in \mathbb{R}^{d}",)),
]

TRUE = [
    (r"\max(x_1, x_2, \ldots, x_n) \ge x_2", (N,)),      # x_2 is written: n >= 2
    (r"x_1 + x_2 + \cdots + x_n \ge x_1 + x_2", (N, r"x_j > 0")),
    (r"x_1 x_2 \cdots x_n = x_1 x_2 \prod_{k=3}^{n} x_k", (N,)),
    (r"\max(S_{i,:}) \ge S_{i,1}", ()),
    (r"\max(x_{2:n}) \ge x_2", (INCL, N)),
    (r"\max(x_{1:n}) \ge x_{n-1}", (EXCL, N)),
    (r"\|g_{1:T,i}\|_2 \ge |g_{T,i}|",
     (r"g_{1:t,i} = [g_{1,i}, g_{2,i}, \cdots, g_{t,i}]", r"T \in \mathbb{Z}_{>0}")),
    (r"\min(x_{1:n}) \le \max(x_{1:n})", (INCL, N)),
]


@functools.lru_cache(maxsize=None)
def _verdicts(latex, assume):
    """The verdicts of the chain's links (cached: two tests look at the same claims)."""
    return tuple(o.verdict for _, o in check_chain(latex, assume=assume, config=CONFIG))


@pytest.mark.parametrize("latex, assume", FALSE)
def test_false_claims_are_never_accepted(latex, assume):
    try:
        verdicts = _verdicts(latex, assume)
    except StepcheckError:
        return          # refused: never a false acceptance
    assert not ACCEPTING & set(verdicts), (latex, verdicts)


@pytest.mark.parametrize("latex, assume", REFUSED)
def test_open_conventions_and_patterns_are_refused(latex, assume):
    with pytest.raises(ParseError):
        parse_reading(latex, assumptions=assume)


@pytest.mark.parametrize("latex, assume", TRUE)
def test_true_claims_are_never_refuted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert Verdict.REFUTED not in verdicts, (latex, verdicts)


def test_false_claims_are_refuted_when_read():
    """Some of the false claims must be read and refuted (not merely refused): the rules read."""
    refuted = 0
    for latex, assume in FALSE:
        try:
            refuted += Verdict.REFUTED in _verdicts(latex, assume)
        except StepcheckError:
            pass
    assert refuted >= len(FALSE) // 2, refuted
