"""Red team of five recent changes: a letter bold and plain beside a declaration
(bold_plain.py), a label and an index across the claim and an assumption (labels.py), packed
and comma-separated indices (subscripts.py), closed-form normal moments (checks/moments.py)
and exact decisions of facts between symbols and rationals (numeric/sampling.py).

Defects found and fixed here: ``e^{\\mathbf{x}^\\top y - x^\\top y} = 1`` was proved beside
``x \\in \\mathbb{R}^d`` (bold and plain inside a superscript were not looked at, so both were
one name); ``s_{12} = s_{1,2}``, ``x_{10} = x_{1,0}``, ``\\hat{s}_{ab} = \\hat{s}_{a,b}`` and
``s_{\\alpha\\beta} = s_{\\alpha,\\beta}`` were refuted (two unrelated names: digits, Greek
letters and decorated bases escaped the rule); ``\\mathbf{x}^{(t+1)} = \\mathbf{x}^{(t)} - ...``
beside ``\\mathbf{x} \\in \\mathbb{R}^n`` was refused (the iterates' own declarations were
written plain, x_{t} beside the bold declaration).
Mostly reading only (cheap); a handful end to end. Expected outcomes were written by hand.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.checks import CheckContext, check_step
from symbolic.checks.moments import Mean, Var
from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain
from symbolic.model import Claim, Kind, Relation, Rule, Step, Verdict

_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _links(latex, assume=()):
    parsed = parse_chain(latex, assumptions=list(assume))
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs) for l in parsed.links]


def _verdict(latex, assume=()):
    links, unreadable = check_input(latex, assume=tuple(assume), config=_FAST)
    if unreadable:
        return None
    (link,) = links
    return link.outcome.verdict


# -- bold and plain beside a declaration ---------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    # was proved: both spellings inside a superscript were one name
    (r"e^{\mathbf{x}^\top y - x^\top y} = 1", (r"x, y \in \mathbb{R}^d",)),
    (r"2^{\|\mathbf{x}\| - \|x\|} = 1", (r"x \in \mathbb{R}^d",)),
    # already refused (kept so): a subscript after bold, Greek, a declaration after a comma
    (r"\mathbf{x}_1 - x_1 = 0", (r"x \in \mathbb{R}^d",)),
    (r"\mathbf{\theta} - \theta = 0", (r"\theta \in \mathbb{R}^d",)),
    (r"\mathbf{x} - x = 0", (r"a > 0, x \in \mathbb{R}^d",)),
    (r"z = 0", (r"x \in \mathbb{R}^d", r"\mathbf{x} = 0", r"z = \|x\|")),
])
def test_bold_and_plain_beside_a_declaration_are_refused(latex, assume):
    with pytest.raises(ParseError, match="are both written"):
        _links(latex, assume)


def test_a_bold_superscript_of_one_spelling_still_reads():
    # one spelling only (bold) in the exponent: the declared name
    assert _links(r"e^{\mathbf{x}^\top \mathbf{x}} \ge 1", (r"x \in \mathbb{R}^d",))


@pytest.mark.parametrize("latex", [
    r"\mathbf x - x = 0", r"\bm x - x = 0", r"{\bf x} - x = 0", r"\vec{x} - x = 0",
    r"\mathbf{x_1} - x_1 = 0", r"\pmb{x} - x = 0",
])
def test_other_bold_spellings_beside_a_plain_letter_are_not_read(latex):
    with pytest.raises(ParseError):
        _links(latex, (r"x \in \mathbb{R}^d",))


# -- a label and an index across the claim and an assumption -------------------------------
@pytest.mark.parametrize("latex, assume", [
    (r"m_i^{\mathrm{new}} = 1", (r"m_{i,new} = 1",)),
    (r"\ell^{(j)} = 1", (r"\ell_j = 1",)),
    (r"x^{(t)} > 0", (r"x_t > 0",)),
    (r"x^{(t+1)} > 0", (r"x_{t+1} > 0",)),
    (r"y_2^{(1)} = 0", (r"y_{2,1} = 0",)),
    (r"\hat{y}^{(1)} = 0", (r"\hat{y}_1 = 0",)),
])
def test_a_label_beside_an_index_in_an_assumption_is_refused(latex, assume):
    with pytest.raises(ParseError, match="one in the claim and one in an assumption"):
        _links(latex, assume)


def test_a_label_in_an_assumption_is_not_read_as_an_index():
    # z = 2 from y^{(1)} = 2 and z = y_1 would be a proof from another name
    with pytest.raises(ParseError):
        _links(r"z = 2", (r"y^{(1)} = 2", r"z = y_1"))


# -- packed and comma-separated indices ----------------------------------------------------
@pytest.mark.parametrize("latex, assume", [
    # were refuted as two unrelated names (true for the entry they name)
    (r"s_{12} = s_{1,2}", ()),
    (r"x_{10} = x_{1,0}", ()),
    (r"\hat{s}_{ab} = \hat{s}_{a,b}", ()),
    (r"s_{\alpha\beta} = s_{\alpha,\beta}", ()),
    # already refused (kept so)
    (r"s_{a b} = s_{a,b}", ()),
    (r"s_{abc} = s_{a,b,c}", ()),
    (r"t = 1", (r"s_{a,b} = 1", r"t = s_{ab}")),
    (r"s_{ab} = \frac{1}{n}\sum_{c=1}^{n} s_{a,b}", (r"n \ge 1",)),
])
def test_packed_and_comma_indices_of_one_name_are_refused(latex, assume):
    with pytest.raises(ParseError, match="packed and with commas"):
        _links(latex, assume)


def test_distinct_indices_written_one_way_still_read():
    assert _links(r"s_{ab} + s_{cd} = s_{cd} + s_{ab}")
    assert _links(r"s_{1,2} + x_{10} = x_{10} + s_{1,2}")


# -- closed-form normal moments -------------------------------------------------------------
_d = sympy.Symbol("d", integer=True, positive=True)
_j = sympy.Symbol("j", integer=True, positive=True)
_q, _k = (sympy.IndexedBase(n, real=True) for n in "qk")
_s = sympy.Symbol("sigma", positive=True)
_SHIFTED = ((_q, "normal", sympy.Rational(1, 2), 2), (_k, "normal", -1, _s))


def _moment_verdict(lhs, rhs):
    step = Step("RT-M", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs),
                rule=Rule("iid_moments", params=(("iid", _SHIFTED),)))
    return check_step(step, config=CheckConfig(timeout_s=10), context=CheckContext()).verdict


def _sum(f):
    return sympy.Sum(f, (_j, 1, _d))


_VAR_QK = _d * (sympy.Rational(17, 4) * (1 + _s ** 2) - sympy.Rational(1, 4))


@pytest.mark.parametrize("lhs, rhs, expected", [
    # E[q^3] = mu^3 + 3 mu sigma^2 = 1/8 + 6 for N(1/2, 2^2), by hand
    (Mean(_sum(_q[_j] ** 3)), sympy.Rational(49, 8) * _d, Verdict.PROVED),
    (Mean(_sum(_q[_j] ** 3)), sympy.Rational(49, 8) * _d + sympy.Rational(1, 10 ** 9), Verdict.REFUTED),
    # E[q^2 k] = (1/4 + 4)(-1): the same component twice beside another
    (Mean(_sum(_q[_j] * _q[_j] * _k[_j])), -sympy.Rational(17, 4) * _d, Verdict.PROVED),
    # Var[q k] = E[q^2] E[k^2] - (E q E k)^2 = 17/4 (1 + sigma^2) - 1/4, symbolic sigma
    (Var(_sum(_q[_j] * _k[_j])), _VAR_QK, Verdict.PROVED),
    (Var(_sum(_q[_j] * _k[_j])), _VAR_QK + _s / 10 ** 9, Verdict.REFUTED),
])
def test_normal_moments_by_hand(lhs, rhs, expected):
    assert _moment_verdict(lhs, rhs) is expected


# -- exact facts between symbols and rationals ----------------------------------------------
@pytest.mark.parametrize("latex, assume, expected", [
    (r"j \le L - 1", (r"j < L", r"j, L \in \mathbb{Z}"), Verdict.PROVED),
    (r"3x < 1", (r"x \le \frac{1}{3}",), Verdict.REFUTED),          # x = 1/3 is allowed
    (r"x > -\frac{1}{3}", (r"x \ge -\frac{1}{3}",), Verdict.REFUTED),
    (r"n > 10000000000000000000000000000000000000000001",
     (r"n > 10000000000000000000000000000000000000000000", r"n \in \mathbb{Z}"), Verdict.REFUTED),
])
def test_facts_at_their_boundaries(latex, assume, expected):
    assert _verdict(latex, assume) is expected


@pytest.mark.xfail(strict=True, reason="pre-existing, not the exact shortcut: a bound 10^-55 past "
                   "the claim's (x < 1 + 10^-55) is below the 1e-30 step of the boundary "
                   "placement, so no sample lands in the gap and the false x <= 1 is verified")
def test_a_bound_a_hair_past_the_claim_is_not_verified():
    assert _verdict(r"x \le 1", (r"x < 1 + 10^{-55}",)) is not Verdict.VERIFIED
