"""Numerics that cannot be fooled, at the default precision (50 digits, confirmed at 100).

Near-identities agree with an integer or a constant to 12 or more digits, so double
precision would call them true: they must be refuted (with a certified counterexample).
True identities whose terms cancel catastrophically lose every digit in floating point:
they must never be refuted (proved or verified is right; undecided is honest).
"""
from __future__ import annotations

import pytest

from symbolic.api import check
from symbolic.config import CheckConfig
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10.0)  # the default dps=50 and samples=60
ACCEPTED = (Verdict.PROVED, Verdict.VERIFIED)
NOT_REFUTED = (Verdict.PROVED, Verdict.VERIFIED, Verdict.INCONCLUSIVE, Verdict.TIMEOUT)

NEAR_IDENTITIES = [
    # (claim, assumptions, why it is false)
    (r"e^{\pi\sqrt{163}} = 262537412640768744", [], "off by 7.5e-13, relative 2.9e-30"),
    (r"e^{\pi\sqrt{67}} = 147197952744", [], "off by 1.3e-6, relative 9e-18"),
    (r"e^{\pi\sqrt{58}} = 24591257752", [], "off by 1.8e-7, relative 7e-18"),
    (r"\frac{\ln(640320^3 + 744)}{\sqrt{163}} = \pi", [], "Ramanujan: off by 2.2e-31"),
    (r"\pi = \frac{355}{113}", [], "Zu Chongzhi: off by 2.7e-7"),
    (r"e^{\pi} - \pi = 20", [], "off by 9.0e-4"),
    (r"\sin^2(x) + \cos^2(x) = 1 + 10^{-20}", [], "off by 1e-20 everywhere"),
    (r"e^{x} e^{-x} = 1 + 10^{-30}", [], "off by 1e-30 everywhere"),
    (r"\ln(x) + 10^{-25} = \ln(x)", ["x > 0"], "off by 1e-25 everywhere"),
    (r"\sqrt{x^2 + 10^{-40}} = |x|", [], "off by 1e-20 at x = 0, by about 5e-41/|x| elsewhere"),
]


@pytest.mark.parametrize("claim, assume, why", NEAR_IDENTITIES, ids=[c for c, *_ in NEAR_IDENTITIES])
def test_near_identity_is_refuted(claim, assume, why):
    outcome = check(claim, assume=assume, config=CONFIG)
    assert outcome.verdict is Verdict.REFUTED, (why, outcome)
    assert outcome.counterexample is not None


CANCELLING_IDENTITIES = [
    # (claim, assumptions, why floating point fails on it)
    (r"\cosh^2(100) - \sinh^2(100) = 1", [], "both squares are 1.8e86: 87 digits cancel"),
    (r"\cosh^2(x) - \sinh^2(x) = 1", [], "cancels for large |x|"),
    (r"(10^{20} + 1)^2 - 10^{40} = 2 \cdot 10^{20} + 1", [], "exact integers beyond doubles"),
    (r"\sqrt{x^2 + 1} - x = \frac{1}{\sqrt{x^2 + 1} + x}", [], "cancels for large x"),
    (r"1 - \cos(x) = 2\sin^2(\frac{x}{2})", [], "cancels for small x"),
    (r"\ln(1 + e^{x}) - x = \ln(1 + e^{-x})", [], "cancels for large x"),
    (r"\ln(e^{1000}) = 1000", [], "e^1000 overflows a double"),
    (r"\sin(10^{30} \pi) = 0", [], "the argument is beyond a double's integer range"),
    (r"\frac{e^{x} - e^{-x}}{2} = \sinh(x)", [], "cancels for small x"),
    (r"e^{\pi\sqrt{163}} - 262537412640768744 = e^{\pi\sqrt{163}} - 262537412640768744", [],
     "a difference of 18-digit numbers, 13 digits cancel"),
]


@pytest.mark.parametrize("claim, assume, why", CANCELLING_IDENTITIES,
                         ids=[c for c, *_ in CANCELLING_IDENTITIES])
def test_true_identity_with_cancellation_is_never_refuted(claim, assume, why):
    outcome = check(claim, assume=assume, config=CONFIG)
    assert outcome.verdict in NOT_REFUTED, (why, outcome)
    assert outcome.verdict is not Verdict.REFUTED


@pytest.mark.parametrize("claim, assume, why", [
    (r"\cosh^2(x) - \sinh^2(x) = 1", [], "a textbook identity: SymPy proves it"),
    (r"(10^{20} + 1)^2 - 10^{40} = 2 \cdot 10^{20} + 1", [], "exact integer arithmetic"),
    (r"\ln(e^{1000}) = 1000", [], "ln(e^a) = a for real a"),
    (r"1 - \cos(x) = 2\sin^2(\frac{x}{2})", [], "a half-angle formula"),
])
def test_cancelling_identity_is_accepted(claim, assume, why):
    """Not only not refuted: these are easy enough that an honest checker accepts them."""
    outcome = check(claim, assume=assume, config=CONFIG)
    assert outcome.verdict in ACCEPTED, (why, outcome)


@pytest.mark.parametrize("claim, assume, why", [
    (r"\frac{\ln(640320^3 + 744)}{\sqrt{163}} \le \pi", [], "false by 2.2e-31: a near-bound"),
    (r"e^{\pi\sqrt{163}} < 262537412640768744", [], "true by 7.5e-13"),
])
def test_near_inequality_is_decided_the_right_way(claim, assume, why):
    outcome = check(claim, assume=assume, config=CONFIG)
    if "false" in why:
        assert outcome.verdict is Verdict.REFUTED, (why, outcome)
    else:
        assert outcome.verdict in ACCEPTED, (why, outcome)


@pytest.mark.parametrize("claim", [r"\sin(x)^2 + \cos(x)^2 = 1", r"\cosh(x)^2 - \sinh(x)^2 = 1"])
def test_power_after_function_brackets_is_never_misread(claim):
    """``\\cosh(x)^2`` was once read as cosh(x^2), and a true identity came out refuted."""
    from symbolic.errors import ParseError
    try:
        outcome = check(claim, config=CONFIG)
    except ParseError as exc:
        assert "ambiguous" in str(exc)  # refusing to guess is honest
        return
    assert outcome.verdict in NOT_REFUTED, outcome
