"""Second red team of ``blocks_auto`` (the rules of blocks.py on claims that name no rule).

The first red team (test_redteam_autorules.py) covers wrong ranges, signs, strictness, empty
blocks and reversed top-level ranges. This one attacks what it left out: inner sums whose
range depends on the outer index (and so may be reversed at a boundary, where SymPy's Karr
convention ``sum_{j=1}^{-1} 1 = -1`` differs from the empty sum 0), an inner sum or max that
binds the outer index's name again (``sum_j e^{x_j} sum_j e^{x_j}``), products, terms holding
the bound n, complex terms, negative factors, Abel summation with shifted b, claims equal only
for n >= 2, infinite ends, and assumptions about one element.

Every claim of ``FALSE`` was worked out by hand to be false (the counterexample is in the
comment); ``blocks_auto`` must not prove it. The first four were proved before the fixes in
blocks.py (``conventional`` before ``doit`` in the triangle rule's closed form; inner ranges
that rebind the index given a fresh variable). ``TRUE`` claims are true as written and must be
proved by the rule named. Claims are read with ``parse_chain`` (as ``stepcheck check`` reads
them) and handed to the checker directly; one goes through ``check_input`` end to end.
"""
from __future__ import annotations

import pytest

from symbolic.checks import CheckContext
from symbolic.checks.blocks import check_blocks_auto
from symbolic.commands.chain import link_steps
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Step, Verdict

N = r"n \in \mathbb{Z}_{>0}"
N0 = r"n \in \mathbb{Z}_{\ge 0}"
M = r"m \in \mathbb{Z}_{>0}"
AB = r"\sum_{j=1}^{n} a_j (b_{j+1} - b_j)"
SQ = r"\sum_{j=1}^{n} e^{x_j} \sum_{j=1}^{n} e^{x_j}"
ACCEPTING = (Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE)

FALSE = [
    # -- proved before the fixes --
    # the inner sum over 1..i-3 is empty at i = 1, 2: the left side is |1 + 1| = 2 > 1; by
    # Karr's convention it is -2 and -1 there, and the sum of |.| came out as 1
    (r"\left|\sum_{i=1}^{2} \left(1 + \sum_{j=1}^{i-3} 1\right)\right| \le 1", ()),
    (r"\left|\sum_{i=1}^{1} \left(x + \sum_{j=1}^{i-2} x\right)\right| \le 0", ()),         # x = 1
    # the inner sum rebinds j: the right side is (sum_j e^{x_j})^2; n = 2, x = (0, -100):
    # 2 e^0 = 2 > (1 + e^{-100})^2; max_term read the inner e^{x_j} as a function of the term
    (r"n e^{2\max_{j=1}^{n} x_j} \le " + SQ, (N,)),
    (r"n e^{2\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} \left(e^{x_j} \sum_{j=1}^{n} e^{x_j}\right)", (N,)),
    # -- never proved --
    # nested range reversed at the boundary i = 0: the empty inner sum is 0, not -(y_{-1} + y_0)
    (r"\sum_{i=0}^{n} x_i \sum_{j=1}^{i-2} y_j = \sum_{i=1}^{n} x_i \sum_{j=1}^{i-2} y_j - x_0 (y_{-1} + y_0)", (N0,)),
    # a product peeled by Karr's convention: at n = 0 the left side is 1, the right x_0
    (r"\sum_{j=1}^{n} x_j + \prod_{j=1}^{n} x_j = \sum_{j=1}^{n} x_j + x_n \prod_{j=1}^{n-1} x_j", (N0,)),
    # j outside the sum is another j: x = (1, 2), n = 2, j = 1
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n-1} x_j + x_j", (N,)),
    (r"\max_{j=1}^{n} x_j = \max(\max_{j=1}^{n-1} x_j, x_j)", (N, r"n \ge 2")),
    # the bound n in the term: the last term is x_1, not x_n
    (r"\sum_{j=1}^{n} x_{n-j+1} = \sum_{j=1}^{n-1} x_{n-j+1} + x_n", (N,)),
    (r"\sum_{j=1}^{n} j x_{j+1} = \sum_{j=2}^{n+1} j x_j", (N,)),                   # (j-1) x_j
    (r"\max_{j=1}^{n+1} (x_j - j) = \max(\max_{j=1}^{n} (x_j - j), x_{n+1} - n)", (N,)),
    # squared triangle: a = (1, 1) gives 4 <= 2
    (r"\left|\sum_{j=1}^{n} a_j\right|^2 \le \sum_{j=1}^{n} |a_j|^2", (N,)),
    # x = -1, n = 1: |-1| <= -1
    (r"\left|\sum_{j=1}^{n} x^j\right| \le \sum_{j=1}^{n} x^j", (N,)),
    (r"\left|\sum_{j=1}^{n} (-1)^j\right| \le n - 1", (N,)),                       # n = 1
    # a negative factor outside: c = -1, a = (0, 1), b = (1, 1)
    (r"c \sum_{j=1}^{n} a_j b_j \le (\max_{j=1}^{n} c a_j) \sum_{j=1}^{n} b_j", (N, r"b_j \ge 0")),
    (r"-\sum_{j=1}^{n} a_j b_j \le -(\max_{j=1}^{n} a_j) \sum_{j=1}^{n} b_j", (N, r"b_j \ge 0")),
    # blocks of different functions, min and max mixed: x = (0, 1), m = 1
    (r"\max_{j=1}^{n} e^{x_j} = \max(\max_{j=1}^{m} e^{x_j}, \max_{j=m+1}^{n} x_j)", (N, M, "m < n")),
    (r"\max_{j=1}^{n} x_j = \min(\max_{j=1}^{m} x_j, \max_{j=m+1}^{n} x_j)", (N, M, "m < n")),
    (r"2 \le \sum_{j=1}^{n} e^{x_j - \max_{k=1}^{n} x_k}", (N,)),                  # n = 1
    (r"1 \le \sum_{j=1}^{n} e^{x_j - \max_{k=1}^{n+1} x_k}", (N,)),                 # x_{n+1} large
    # Abel with b shifted by two: the sum's b index does not match the boundary terms
    (r"\sum_{j=1}^{n} a_j (b_{j+2} - b_{j+1}) = a_n b_{n+2} - a_1 b_2 - \sum_{j=2}^{n} b_{j} (a_j - a_{j-1})", (N,)),
    (AB + r" = a_n b_{n+1} - a_1 b_1 - \sum_{j=1}^{n-1} b_{j} (a_{j+1} - a_{j})", (N,)),
    # b_n = 0 does not remove a_n b_{n+1}
    (AB + r" = - a_1 b_1 - \sum_{j=2}^{n} b_j (a_j - a_{j-1})", (N, r"b_{n} = 0")),
    # equal only for n >= 2 (at n = 1 the right side counts x_1 twice)
    (r"\sum_{j=1}^{n} x_j = x_1 + x_n + \sum_{j=2}^{n-1} x_j", (N,)),
    (r"\sum_{j=1}^{n} x_j = x_1 + \sum_{j=2}^{n} x_j", (N0,)),                     # n = 0
    (r"\max_{j=1}^{n} x_j = \max(x_1, \max_{j=2}^{n} x_j)", (N,)),                 # n = 1: no max
    # m = n + 1: SymPy's sum over n+2..n is -x_{n+1}, the empty sum 0
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m+1}^{n} x_j", (N, M, r"m \le n + 1")),
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{n+1} x_j - x_{n+1}", (r"n \in \mathbb{Z}", r"n \ge -2")),
    # an infinite end: the sums need not converge
    (r"\max_{j=1}^{\infty} x_j = \max(x_1, \max_{j=2}^{\infty} x_j)", ()),
    # complex: Re does not commute with a complex factor (c = i, z = i)
    (r"\operatorname{Re} \sum_{j=1}^{n} c z_j = c \sum_{j=1}^{n} \operatorname{Re} z_j",
     (N, r"z_j \in \mathbb{C}", r"c \in \mathbb{C}")),
    (r"\sum_{j=1}^{n} e^{\mathrm{i} j \theta} = \sum_{j=1}^{n} (\cos(j\theta) - \mathrm{i} \sin(j\theta))",
     (N, r"\theta \in \mathbb{R}")),
    (r"\sum_{j=1}^{n} |e^{\mathrm{i} j \theta} z_j| = \sum_{j=1}^{n} |z_j|",       # theta = -i
     (N, r"\theta \in \mathbb{C}", r"z_j \in \mathbb{C}")),
]

TRUE = [
    # the sum of |.| by the empty-sum convention: |1| + |1| = 2
    (r"\left|\sum_{i=1}^{2} \left(1 + \sum_{j=1}^{i-3} 1\right)\right| \le 2", (), "triangle"),
    (r"\left|\sum_{j=1}^{n} (-1)^j\right| \le n", (N,), "triangle"),
    # an inner max that rebinds j is the same max for every j
    (r"1 \le \sum_{j=1}^{n} e^{x_j - \max_{j=1}^{n} x_j}", (N,), "max_term"),
    (r"e^{\max_{j=1}^{n} x_j} \sum_{k=1}^{n} e^{x_k} \le \sum_{j=1}^{n} e^{x_j} \sum_{k=1}^{n} e^{x_k}", (N,), "max_term"),
    (r"e^{-\max_{j=1}^{n} x_j} \le \sum_{j=1}^{n} e^{-x_j}", (N,), "max_term"),
    (r"\sum_{j=1}^{n} a_j \prod_{k=1}^{j-2} b_k \le \left(\max_{j=1}^{n} a_j\right) \sum_{j=1}^{n} \prod_{k=1}^{j-2} b_k",
     (N, r"b_k > 0"), "max_factor"),
    (r"\sum_{j=1}^{n} a_j (b_{j+2} - b_{j+1}) = a_n b_{n+2} - a_1 b_2 - \sum_{j=2}^{n} b_{j+1} (a_j - a_{j-1})",
     (N,), "sum_ranges"),
    (r"\sum_{j=1}^{n} x_j = \sum_{j=1}^{m} x_j + \sum_{j=m}^{n} x_j - x_m", (N, M, r"m \le n"), "sum_ranges"),
    (r"\sum_{j=0}^{n} x_j = \sum_{j=1}^{n+1} x_{j-1}", (r"n \in \mathbb{Z}", r"n \ge -1"), "sum_ranges"),
    (r"\max_{j=1}^{n+1} (x_j - n) = \max(\max_{j=1}^{n} (x_j - n), x_{n+1} - n)", (N,), "max_union"),
    (r"\sum_{j=1}^{n} e^{\mathrm{i} j \theta} = \sum_{j=1}^{n} \left(\cos(j\theta) + \mathrm{i} \sin(j\theta)\right)",
     (N, r"\theta \in \mathbb{R}"), "sum_ranges"),
]


def _step(latex: str, assume: tuple[str, ...]) -> Step:
    steps = link_steps(parse_chain(latex, assumptions=assume))
    assert len(steps) == 1, latex
    return steps[0]


def _auto(step: Step):
    return check_blocks_auto(step, config=CheckConfig(), context=CheckContext())


@pytest.mark.parametrize("latex, assume", FALSE)
def test_false_claims_are_never_proved(latex, assume):
    from symbolic.errors import ParseError
    try:
        step = _step(latex, assume)
    except ParseError:
        return          # refused by the reader (a max before a factor of unknown sign, x_n >= 0 beside n): never proved
    outcome = _auto(step)
    assert outcome is None or outcome.verdict is Verdict.INCONCLUSIVE, outcome


@pytest.mark.parametrize("latex, assume, rule", TRUE)
def test_true_claims_are_proved_by_their_rule(latex, assume, rule):
    outcome = _auto(_step(latex, assume))
    assert outcome is not None and outcome.verdict is Verdict.PROVED, outcome
    assert outcome.evidence[0].detail.startswith(f"rule {rule}:"), outcome.evidence[0].detail


@pytest.mark.parametrize("latex", [
    # true claims whose inner sum rebinds j; shifting or peeling the outer index used to
    # rename the inner range's variable too, and SymPy raised "Invalid limits"
    r"\sum_{j=1}^{n} x_{j+1} \sum_{j=1}^{n} y_j = \sum_{j=2}^{n+1} x_j \sum_{j=1}^{n} y_j",
    r"\sum_{j=1}^{n} x_{j+1} \sum_{j=1}^{j} y_j = \sum_{j=2}^{n+1} x_j \sum_{j=1}^{j-1} y_j",
    r"\max_{j=1}^{n+1} (x_j - \max_{j=1}^{n} y_j) = \max(\max_{j=1}^{n} (x_j - \max_{j=1}^{n} y_j), "
    r"x_{n+1} - \max_{j=1}^{n} y_j)",
])
def test_an_inner_range_that_rebinds_the_index_does_not_crash(latex):
    outcome = _auto(_step(latex, (N,)))
    assert outcome is not None and outcome.verdict in (Verdict.PROVED, Verdict.INCONCLUSIVE)


def test_a_sign_fact_about_the_last_element_is_not_read_for_every_term():
    # x_n >= 0 with a letter index would be about every element (docs/reading.md), but n ends
    # the ranges, so it names the last element: with x = (1, -5, 0), n = 3 the max 1 exceeds
    # the sum -4. The reader refuses the claim (symbolic/latex/family_letters.py).
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match="ends a range"):
        _step(r"\max_{j=1}^{n} x_j \le \sum_{j=1}^{n} x_j", (N, r"x_n \ge 0"))
    # the same fact written for every element (another letter) is read, and proved
    outcome = _auto(_step(r"\max_{j=1}^{n} x_j \le \sum_{j=1}^{n} x_j", (N, r"x_k \ge 0")))
    assert outcome is not None and outcome.verdict is Verdict.PROVED, outcome


def test_end_to_end_the_rebound_inner_sum_is_not_accepted():
    from symbolic.commands import check_input
    links, unreadable = check_input([r"n e^{2\max_{j=1}^{n} x_j} \le " + SQ], assume=(N,),
                                    config=CheckConfig(timeout_s=10))
    assert not unreadable
    outcome = links[0].outcome
    assert outcome.verdict not in ACCEPTING, outcome
    assert not any(e.method == "blocks_auto" and "rule max_term" in e.detail for e in outcome.evidence)
