"""Red team for closed phase bounds: a claim false only where a stated non-strict bound on
ph, Im, Re or |.| is attained exactly must be refuted, with a counterexample that satisfies
every assumption (checked exactly there), never verified.

Random points never land where ph z_1 + ph z_2 = -pi, so the numeric tier once verified
ln(z_1 z_2) = ln z_1 + ln z_2 under -pi <= ph z_1 + ph z_2 <= pi (DLMF 4.8.2 as the source
states it), false at z_1 = z_2 = -i: ln(-1) = i pi, while ln(-i) + ln(-i) = -i pi. The
principal phase is in (-pi, pi], so a bound closed at -pi admits a point on the cut. Each
false claim below carries its counterexample, worked out by hand; the true neighbours (the
same identities with open bounds, or bounds closed only at +pi) must stay unrefuted.
"""
from __future__ import annotations

import pytest

from symbolic.api import check
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Claim, Verdict
from symbolic.numeric import judge_claim

C = r"\in \mathbb{C}"


def _reading(latex: str, *assume: str):
    parsed = parse_chain(latex, assumptions=list(assume))
    claim = parsed.links[0].claim
    return claim, tuple(parsed.assumptions.facts)


def _numeric(latex: str, *assume: str):
    claim, facts = _reading(latex, *assume)
    return judge_claim(claim.lhs, claim.relation, claim.rhs, facts, time_budget=60)


FALSE = {
    # z1 = z2 = -i: ph sum = -pi (attained); ln(-1) = i pi, ln(-i) + ln(-i) = -i pi
    "ln-product": (r"\ln(z_{1}z_{2}) = \ln z_{1}+\ln z_{2}", rf"z_{{1}}, z_{{2}} {C}",
                   r"-\pi \leq \arg z_{1}+\arg z_{2}", r"\arg z_{1}+\arg z_{2} \leq \pi"),
    # z1 = 1, z2 = -1: ph z1 - ph z2 = -pi; ln(-1) = i pi, ln 1 - ln(-1) = -i pi
    "ln-quotient": (r"\ln(\frac{z_{1}}{z_{2}}) = \ln z_{1}-\ln z_{2}", rf"z_{{1}}, z_{{2}} {C}",
                    r"-\pi \leq \arg z_{1}-\arg z_{2}", r"\arg z_{1}-\arg z_{2} \leq \pi"),
    # n = 2, z = -i: n ph z = -pi; ln((-i)^2) = ln(-1) = i pi, 2 ln(-i) = -i pi
    "ln-power": (r"\ln(z^{n}) = n\ln z", rf"z {C}", r"n \in \mathbb{Z}",
                 r"-\pi \leq n\arg z", r"n\arg z \leq \pi"),
    # z = -i pi: Im z = -pi; ln(e^{-i pi}) = ln(-1) = i pi != -i pi (an irrational point)
    "ln-exp": (r"\ln(\exp z) = z", rf"z {C}", r"-\pi \leq \operatorname{Im} z",
               r"\operatorname{Im} z \leq \pi"),
    # a = b = -i, z = i: (-i)^i (-i)^i = e^{pi} but (ab)^i = (-1)^i = e^{-pi}
    "power-product": (r"a^{z}b^{z} = (ab)^{z}", rf"z, a, b {C}", r"-\pi \leq \arg a+\arg b",
                      r"\arg a+\arg b \leq \pi"),
    # z1 = -i pi, z2 = 1/2: (e^{-i pi})^{1/2} = (-1)^{1/2} = i, e^{-i pi/2} = -i
    "exp-power": (r"(e^{z_{1}})^{z_{2}} = e^{z_{1}z_{2}}", rf"z_{{1}}, z_{{2}} {C}",
                  r"-\pi \leq \operatorname{Im} z_{1}", r"\operatorname{Im} z_{1} \leq \pi"),
    # the bound alone at -pi, from one phase: ph z >= -pi/2 attained at z = -i, where
    # sqrt(z^2) = sqrt(-1) = i but z = -i
    "sqrt-square": (r"\sqrt{z^{2}} = z", rf"z {C}", r"-\frac{\pi}{2} \leq \arg z",
                    r"\arg z \leq \frac{\pi}{2}"),
}

TRUE = {
    # open at -pi: ph z1 + ph z2 in (-pi, pi] keeps the sum of logarithms principal
    "ln-product-open": (r"\ln(z_{1}z_{2}) = \ln z_{1}+\ln z_{2}", rf"z_{{1}}, z_{{2}} {C}",
                        r"-\pi < \arg z_{1}+\arg z_{2}", r"\arg z_{1}+\arg z_{2} \leq \pi"),
    # Im z in (-pi, pi]: e^z has phase Im z, so ln e^z = z
    "ln-exp-open": (r"\ln(\exp z) = z", rf"z {C}", r"-\pi < \operatorname{Im} z",
                    r"\operatorname{Im} z \leq \pi"),
    # ph z in (-pi/2, pi/2]: z^2 has phase 2 ph z in (-pi, pi], so sqrt(z^2) = z
    "sqrt-square-open": (r"\sqrt{z^{2}} = z", rf"z {C}", r"-\frac{\pi}{2} < \arg z",
                         r"\arg z \leq \frac{\pi}{2}"),
    # |z| <= 1 closed, attained on the unit circle: |z^2| = |z|^2 everywhere
    "modulus-closed": (r"|z^{2}| = |z|^{2}", rf"z {C}", r"|z| \leq 1"),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_claims_at_closed_bounds_are_refuted(name):
    finding = _numeric(*FALSE[name])
    assert finding.verdict == "refuted", finding.detail
    assert finding.counterexample, finding.detail


@pytest.mark.parametrize("name", sorted(TRUE))
def test_true_claims_with_open_bounds_are_not_refuted(name):
    finding = _numeric(*TRUE[name])
    assert finding.verdict == "verified", finding.detail


def test_the_counterexample_attains_the_bound_and_is_exact():
    finding = _numeric(*FALSE["ln-exp"])
    assert finding.verdict == "refuted"
    point = dict(finding.counterexample)
    assert point["z"] == "-I*pi" and point["lhs"] == "I*pi" and point["rhs"] == "-I*pi"


def test_the_strict_bound_is_checked_exactly_at_the_boundary():
    # with -pi < ph z1 + ph z2 (strict), z1 = z2 = -i is outside the domain: no
    # refutation may use it (the product rule holds on the stated domain)
    finding = _numeric(*TRUE["ln-product-open"])
    assert finding.verdict != "refuted", finding.detail


@pytest.mark.parametrize("name", ["ln-product", "ln-exp"])
def test_the_whole_pipeline_refutes_and_never_verifies(name):
    claim, facts = _reading(*FALSE[name])
    outcome = check(Claim(claim.lhs, claim.relation, claim.rhs), assume=list(facts),
                    config=CheckConfig(timeout_s=30))
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence
