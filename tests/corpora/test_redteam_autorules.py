"""Red team of ``blocks_auto``: the rules of blocks.py tried on claims that name no rule.

Rules under attack (issue 16): ``sum_ranges`` (split, merged, shifted sums, the last term
taken off, summation by parts), ``max_union`` (the max of a union of blocks), ``triangle``
(``|sum| <= sum |.|``), ``max_factor`` (``sum a b <= max a * sum b``), ``max_term``
(``g(max) <= sum g``), ``block_diagonal``. A claim is proved only when it has a rule's form
and every side condition is proved: integer range ends, no reversed range, non-empty ranges
under a max, real terms under a max, blocks that tile the range exactly, signs.

``FALSE`` claims were each worked out by hand to be false (or true only under a convention
for empty or reversed ranges, or a reading of a non-integer end, that the claim does not
state): the checker must not prove them. ``TRUE`` claims are true as written and must be
proved by the rule named. The claims are read in this process (``parse_chain``, as
``stepcheck check`` reads them) and handed to the checker directly; a handful go through
``check_input`` end to end.
"""
from __future__ import annotations

import sympy
import pytest
from sympy import Abs, IndexedBase, Max, Sum, Symbol, cos, sin

from symbolic.checks import CheckContext
from symbolic.checks.blocks import BlockDiag, check_blocks_auto
from symbolic.commands.chain import link_steps
from symbolic.config import CheckConfig
from symbolic.functions import MaxOver
from symbolic.latex import parse_chain
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

N = r"n \in \mathbb{Z}_{>0}"
N0 = r"n \in \mathbb{Z}_{\ge 0}"
NZ = r"n \in \mathbb{Z}"
M = r"m \in \mathbb{Z}_{>0}"
B = r"b_j \ge 0"
ABEL_LEFT = r"\sum_{j=1}^{n} a_j (b_{j+1} - b_j)"
ACCEPTING = (Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE)

TRUE = [
    # triangle, also with >= and complex terms (|sum z| <= sum |z| holds over C); n = 0 is
    # the empty sum on both sides, 0 <= 0
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} |a_j|", (N,), "triangle"),
    (r"\sum_{j=1}^{n} |a_j| \ge \left|\sum_{j=1}^{n} a_j\right|", (N0,), "triangle"),
    (r"\left|\sum_{j=1}^{n} z_j\right| \le \sum_{j=1}^{n} |z_j|", (N, r"z_j \in \mathbb{C}"), "triangle"),
    (r"\left|\sum_{j=1}^{3} a_j\right| \le |a_1| + |a_2| + |a_3|", (), "triangle"),
    # summation by parts: sum a_j b_{j+1} - sum a_j b_j; the right side's sum is
    # sum_{2..n} a_j b_j - sum_{1..n-1} a_j b_{j+1}, and the boundary terms complete both
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N,), "sum_ranges"),
    # the same with the sum taken to n + 1: its extra term b_{n+1}(a_{n+1} - a_n) is
    # exactly what a_{n+1} b_{n+1} adds over a_n b_{n+1}
    (ABEL_LEFT + r" = a_{n+1} b_{n+1} - a_1 b_1 - \sum_{j=2}^{n+1} b_j (a_j - a_{j-1})", (N,), "sum_ranges"),
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n-1} x_j + x_n", (N,), "sum_ranges"),
    (r"\sum_{j=1}^{m+n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m+1}^{m+n} x_j", (N0, r"m \in \mathbb{Z}_{\ge 0}"), "sum_ranges"),
    (r"\sum_{j=0}^{n-1} x_{j+1} = \sum_{j=1}^{n} x_j", (N0,), "sum_ranges"),
    (r"\sum_{j=1}^{n} (x_j + y_j) = \sum_{j=1}^{n} x_j + \sum_{j=2}^{n+1} y_{j-1}", (N,), "sum_ranges"),
    # max of a union: two blocks, the last term peeled off, a min, braces, single terms
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{k=m+1}^{n} x_k)", (N, M, "m < n"), "max_union"),
    (r"\max_{j=1}^{n+1} x_j = \max(\max_{j=1}^{n} x_j, x_{n+1})", (N,), "max_union"),
    (r"\min_{j=1}^{n+1} x_j = \min(\min_{j=1}^{n} x_j, x_{n+1})", (N,), "max_union"),
    (r"\max_{j=1}^{m+n} x_j = \max\{\max_{j=1}^{m} x_j, \max_{j=m+1}^{m+n} x_j\}", (N, M), "max_union"),
    (r"\max_{j=1}^{3} x_j = \max(x_1, x_2, x_3)", (), "max_union"),
    # max factor: each a_j b_j <= (max a) b_j as b_j >= 0 (e^{x_j} > 0 needs no assumption)
    (r"\sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N, B), "max_factor"),
    (r"\sum_{j=1}^{n} a_j e^{x_j} \le \left(\sum_{j=1}^{n} e^{x_j}\right) \max_{j=1}^{n} a_j", (N,), "max_factor"),
    # max term: the max is one of the terms, the others are >= 0
    (r"e^{\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} e^{x_j}", (N,), "max_term"),
    # complex terms made real: |z_j|, Re z_j
    (r"\max_{j=1}^{n} |z_j| \le \sum_{j=1}^{n} |z_j|", (N, r"z_j \in \mathbb{C}"), "max_term"),
    (r"\max_{j=1}^{n} \operatorname{Re}(z_j) = \max(\max_{j=1}^{m} \operatorname{Re}(z_j), "
     r"\max_{j=m+1}^{n} \operatorname{Re}(z_j))", (N, M, "m < n", r"z_j \in \mathbb{C}"), "max_union"),
    (r"(\max_{j=1}^{n} x_j)^2 \le \sum_{j=1}^{n} x_j^2", (N,), "max_term"),
]

FALSE = [
    # -- triangle: missing absolute values, wrong ranges, strict, reversed --
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} a_j", (N,)),          # a_1 = -1
    (r"\sum_{j=1}^{n} |a_j| \le \left|\sum_{j=1}^{n} a_j\right|", (N,)),        # a = (1, -1)
    (r"\left|\sum_{j=1}^{n} a_j\right| \ge \sum_{j=1}^{n} |a_j|", (N,)),
    (r"\left|\sum_{j=1}^{n} a_j\right| < \sum_{j=1}^{n} |a_j|", (N,)),          # equal at n = 1
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n-1} |a_j|", (N,)),      # a_n is left out
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=2}^{n} |a_j|", (N,)),        # a_1 is left out
    (r"\left|\sum_{j=0}^{n} a_j\right| \le \sum_{j=1}^{n} |a_j|", (N,)),        # a_0 is left out
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} |a_{j+1}|", (N,)),    # shifted terms
    (r"\left|\sum_{j=1}^{n} a_j b_j\right| \le \sum_{j=1}^{n} |a_j| b_j", (N,)),  # b_1 = -1
    (r"\left|\sum_{j=1}^{n} a_j b_j\right| \le \sum_{j=1}^{n} |a_j|", (N,)),    # b_1 = 2
    (r"\left|\sum_{j=1}^{n} z_j\right| \le \sum_{j=1}^{n} z_j", (N, r"z_j \in \mathbb{C}")),
    (r"\left|\sum_{j=1}^{3} a_j\right| \le |a_1| + |a_2| + a_3", ()),          # a_3 = -1
    # n = -2: SymPy's reversed sum is -(a_{-1} + a_0), so the right side is -(|a_{-1}| + |a_0|)
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} |a_j|", (NZ,)),
    # a real n: the range 1..n is no range of integers
    (r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} |a_j|", (r"n \in \mathbb{R}", "n > 0")),
    # -- max factor: no sign of b, a sign of b_1 only, the wrong range, min for max --
    (r"\sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N,)),   # a = (1, 0), b = (0, -1)
    (r"\sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N, r"b_1 \ge 0")),    # the same a, b
    (r"\sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n-1} a_j) \sum_{j=1}^{n} b_j", (N, B)),  # a_n largest
    (r"\sum_{j=1}^{n} a_j e^{x_j} \le (\min_{j=1}^{n} a_j) \sum_{j=1}^{n} e^{x_j}", (N,)),
    (r"\sum_{j=1}^{n} a_j b_j < (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N, B)),    # equal at n = 1
    (r"\sum_{j=1}^{n} a_j b_j \ge (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N, B)),
    (r"\sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} |b_j|", (N,)),  # a=b=(-1)
    # n = 0: a max over no term has no value
    (r"\sum_{j=1}^{n} a_j e^{x_j} \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} e^{x_j}", (N0,)),
    # -- max term: terms of no sign, shorter ranges, strict, a power too many --
    (r"\max_{j=1}^{n} x_j \le \sum_{j=1}^{n} x_j", (N,)),                       # x = (1, -5)
    (r"\max_{j=1}^{n} x_j \le \sum_{j=1}^{n} x_j", (N, r"x_1 \ge 0")),          # x = (0, -1)
    (r"e^{\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n-1} e^{x_j}", (N,)),             # n = 1: e^x <= 0
    (r"e^{\max_{j=1}^{n+1} x_j} \le \sum_{j=1}^{n} e^{x_j}", (N,)),             # x_{n+1} largest
    (r"e^{\max_{j=1}^{n} x_j} < \sum_{j=1}^{n} e^{x_j}", (N,)),                 # equal at n = 1
    (r"e^{2 \max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} e^{x_j}", (N,)),             # x_1 = 1, n = 1
    (r"e^{\max_{j=1}^{n} x_j} \ge \sum_{j=1}^{n} e^{x_j}", (N,)),               # x = (0, 0)
    (r"e^{\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} e^{x_{j+1}}", (N,)),           # x_1 largest
    (r"\max_{j=1}^{n} e^{x_j} \le \sum_{j=1}^{n} e^{x_j} - 1", (N,)),           # n = 1
    (r"-\max_{j=1}^{n} x_j \le \sum_{j=1}^{n} (-x_j)", (N,)),                   # x = (1, 2)
    (r"e^{\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} e^{x_j}", (NZ,)),              # n = 0: no max
    # complex terms have no order: no max, no sign of z_j
    (r"e^{\max_{j=1}^{n} z_j} \le \sum_{j=1}^{n} e^{z_j}", (N, r"z_j \in \mathbb{C}")),
    (r"\sum_{j=1}^{n} a_j z_j \le (\max_{j=1}^{n} a_j) \sum_{j=1}^{n} z_j", (N, r"z_j \in \mathbb{C}")),
    # -- max of a union: a gap, past the end, before the start, overlap, the wrong last term,
    #    min/max mixed, another term, a block that may be empty, complex terms, real ends --
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+2}^{n} x_j)", (N, M, r"m + 2 \le n")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n+1} x_j)", (N, M, "m < n")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=0}^{m} x_j, \max_{j=m+1}^{n} x_j)", (N, M, "m < n")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n} x_j, x_{n+1})", (N, M, "m < n")),
    (r"\max_{j=1}^{n+1} x_j = \max(\max_{j=1}^{n} x_j, x_n)", (N,)),            # x_{n+1} largest
    (r"\max_{j=1}^{3} x_j = \max(x_1, x_3)", ()),
    (r"\max_{j=1}^{n} x_j = \max(\min_{j=1}^{m} x_j, \max_{j=m+1}^{n} x_j)", (N, M, "m < n")),
    (r"\min_{j=1}^{n} x_j = \max(\min_{j=1}^{m} x_j, \min_{j=m+1}^{n} x_j)", (N, M, "m < n")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n} y_j)", (N, M, "m < n")),
    # m = n: the second block is empty and its max has no value
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n} x_j)", (N, M, r"m \le n")),
    (r"\max_{j=1}^{n} z_j = \max(\max_{j=1}^{m} z_j, \max_{j=m+1}^{n} z_j)",
     (N, M, "m < n", r"z_j \in \mathbb{C}")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n} x_j)", (N, r"m \in \mathbb{R}", "1 < m", "m < n")),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{n/2} x_j, \max_{j=n/2+1}^{n} x_j)", (N,)),
    # -- summation by parts: a sign, a range, a boundary term, a shift wrong --
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 + \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N,)),
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=1}^{n} b_j (a_j - a_{j-1})", (N,)),
    (ABEL_LEFT + r" = a_n b_{n} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N,)),
    (ABEL_LEFT + r" = a_n b_{n+1} - a_0 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N,)),
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_{j+1} (a_j - a_{j-1})", (N,)),
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_{j-1} - a_j)", (N,)),
    (r"\sum_{j=1}^{n} a_j (b_j - b_{j-1}) = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N,)),
    # n = 0: the sum over 2..0 is empty (0) or, by SymPy's convention, -b_1(a_1 - a_0); the
    # claim holds only under the second, which it does not state
    (ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N0,)),
    # -- sums over ranges: the wrong last term, overlaps, a shift of the terms only --
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n-1} x_j + x_{n-1}", (N,)),
    (r"\sum_{j=1}^{n+1} x_j = \sum_{j=1}^{n} x_j + x_n", (N,)),
    (r"\sum_{j=1}^{m+n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m}^{m+n} x_j", (N, M)),   # x_m twice
    (r"\sum_{j=1}^{m+n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m+1}^{n} x_j", (N, M)),
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n} x_{j+1}", (N,)),
    (r"\sum_{j=1}^{n} (x_j + y_j) = \sum_{j=1}^{n} x_j + \sum_{j=2}^{n+1} y_{j}", (N,)),
    (r"\sum_{j=1}^{n} (x_{j+1} - x_j) = x_n - x_1", (N,)),
    (r"\sum_{j=1}^{n} x_j y_j = \sum_{j=1}^{n-1} x_j y_j + x_n y_{n+1}", (N,)),
    (r"\sum_{j=1}^{2n} x_j = \sum_{j=1}^{n} x_{2j} + \sum_{j=1}^{n} x_{2j+1}", (N,)),   # x_1 missing
    # m > n allowed: the empty sum over m+1..n is 0, not SymPy's -(x_{n+1} + ... + x_m)
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m+1}^{n} x_j", (N, M)),
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n-1} x_j + x_n", (NZ,)),      # n = 0: 0 = 0 + x_0
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n/2} x_j + \sum_{j=n/2+1}^{n} x_j", (N,)),     # n odd
    (r"\sum_{j=n}^{1} x_j = \sum_{j=1}^{n} x_j", (N,)),              # a reversed range
    (r"\sum_{j=1}^{\infty} (x_{j+1} - x_j) = -x_1", ()),              # needs x_j -> 0
]


def _step(latex: str, assume: tuple[str, ...]) -> Step:
    steps = link_steps(parse_chain(latex, assumptions=assume))
    assert len(steps) == 1, latex
    return steps[0]


def _auto(step: Step):
    return check_blocks_auto(step, config=CheckConfig(), context=CheckContext())


@pytest.mark.parametrize("latex, assume, rule", TRUE)
def test_true_claims_are_proved_by_their_rule(latex, assume, rule):
    outcome = _auto(_step(latex, assume))
    assert outcome is not None and outcome.verdict is Verdict.PROVED, outcome
    assert outcome.evidence[0].detail.startswith(f"rule {rule}:"), outcome.evidence[0].detail


@pytest.mark.parametrize("latex, assume", FALSE)
def test_false_claims_are_never_proved(latex, assume):
    outcome = _auto(_step(latex, assume))
    assert outcome is None or outcome.verdict is Verdict.INCONCLUSIVE, outcome


# ---------------------------------------------------------------------------------------
# Claims built with SymPy (the Python API): terms of no stated sign, block-diagonal matrices

i = Symbol("i", integer=True)
n, m = Symbol("n", integer=True, positive=True), Symbol("m", integer=True, positive=True)
z = IndexedBase("z")                # complex: no order
x = IndexedBase("x", real=True)
th = IndexedBase("theta", real=True)
s, t = sympy.symbols("s t", real=True)
D = Symbol("D", integer=True, positive=True)


def _rot(angle):
    return sympy.Matrix([[cos(angle * th[i]), -sin(angle * th[i])],
                         [sin(angle * th[i]), cos(angle * th[i])]])


def _R(angle):
    return BlockDiag(_rot(angle), (i, 1, D))


def _claim(lhs, relation, rhs, facts=(), kind=None, rule=None):
    kind = kind or (Kind.IDENTITY if relation is Relation.EQ else Kind.INEQUALITY)
    return Step("s", kind, "q", Claim(lhs, relation, rhs), assumptions=tuple(facts), rule=rule)


def test_claims_built_in_python():
    E = Relation.EQ
    halves = Max(MaxOver(z[i], (i, 1, m)), MaxOver(z[i], (i, m + 1, n)))
    real_halves = Max(MaxOver(x[i], (i, 1, m)), MaxOver(x[i], (i, m + 1, n)))
    untyped = Symbol("k")           # a range end that is not known to be an integer
    proved = [
        _claim(Abs(Sum(z[i], (i, 1, n))), Relation.LE, Sum(Abs(z[i]), (i, 1, n))),
        _claim(MaxOver(x[i], (i, 1, n)), E, real_halves, [m < n]),
        _claim(_R(s).T * _R(t), E, _R(t - s)),
        _claim(_R(s) * _R(t), E, _R(s + t)),
    ]
    for step in proved:
        assert _auto(step).verdict is Verdict.PROVED, step.claim
    unproved = [
        _claim(MaxOver(z[i], (i, 1, n)), E, halves, [m < n]),                 # complex terms
        _claim(Abs(Sum(z[i], (i, 1, untyped))), Relation.LE, Sum(Abs(z[i]), (i, 1, untyped))),
        _claim(_R(s).T * _R(t), E, _R(s - t)),                                 # wrong angle
        _claim(_R(s) + _R(t), E, _R(s + t)),
        _claim(_R(s) * _R(t).T, E, _R(t - s)),
    ]
    for step in unproved:
        outcome = _auto(step)
        assert outcome is None or outcome.verdict is Verdict.INCONCLUSIVE, step.claim


def test_only_steps_without_a_rule_and_with_a_fitting_relation_apply():
    from symbolic.checks import registered_checkers
    applies = next(c for c in registered_checkers() if c.name == "blocks_auto").applies
    tri = (Abs(Sum(x[i], (i, 1, n))), Relation.LE, Sum(Abs(x[i]), (i, 1, n)))
    assert applies(_claim(*tri))
    assert not applies(_claim(*tri, rule=Rule("triangle")))     # the named rule runs instead
    assert not applies(_claim(tri[0], Relation.LT, tri[2]))     # every rule is non-strict
    assert not applies(_claim(x[1], Relation.LE, x[1] + 1))     # nothing over a range
    assert _auto(_claim(tri[0], Relation.NE, tri[2])) is None


# ---------------------------------------------------------------------------------------
# End to end, as `stepcheck check` runs them (a handful: each is a full pipeline)

def _verdicts(targets, assume):
    from symbolic.commands import check_input
    links, unreadable = check_input(targets, assume=assume, config=CheckConfig(timeout_s=10))
    assert not unreadable
    return [link.outcome.verdict for link in links]


def test_end_to_end_the_issue_claims_are_proved_and_false_twins_are_not():
    assert _verdicts([
        r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} |a_j|",
        ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})",
        r"\max_{j=1}^{n+1} x_j = \max(\max_{j=1}^{n} x_j, x_{n+1})",
    ], (N,)) == [Verdict.PROVED] * 3
    false = _verdicts([
        r"\left|\sum_{j=1}^{n} a_j\right| \le \sum_{j=1}^{n} a_j",
        ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 + \sum_{j=2}^{n} b_j (a_j - a_{j-1})",
        r"\max_{j=1}^{n+1} x_j = \max(\max_{j=1}^{n} x_j, x_n)",
    ], (N,))
    assert not any(v in ACCEPTING for v in false), false
    # without n an integer the ranges are no ranges of integers: nothing is proved
    assert _verdicts([ABEL_LEFT + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})"],
                     ()) != [Verdict.PROVED]


def test_a_sign_fact_about_one_element_is_not_read_for_every_term():
    # x_j >= 0 for the one j of the claim says nothing of the others: with x = (-1, -2) and
    # x_3 = 0 (j = 3, n = 2) the left side is -1 and the sum is -3. The named rule, given the
    # same step, must not prove it either.
    from symbolic.checks import registered_rules
    j = Symbol("j", integer=True, positive=True)
    step = _claim(MaxOver(x[i], (i, 1, n)) * sympy.exp(x[j]), Relation.LE,
                  Sum(x[i] * sympy.exp(x[j]), (i, 1, n)), [x[j] >= 0])
    assert _auto(step).verdict is Verdict.INCONCLUSIVE
    named = registered_rules()["max_term"]
    ruled = Step("s", Kind.INEQUALITY, "q", step.claim, assumptions=step.assumptions,
                 rule=Rule("max_term"))
    assert named(ruled, config=CheckConfig(), context=CheckContext()).verdict is Verdict.INCONCLUSIVE
    # every x_k >= 0 (k is not in the claim): proved
    every = _claim(step.claim.lhs, Relation.LE, step.claim.rhs, [x[Symbol("k", integer=True)] >= 0])
    assert _auto(every).verdict is Verdict.PROVED
