"""Red team for the DLMF proof strategies: false near-identities of principal branches and
of meromorphic functions must never be proved; their true neighbours are.

Two strategies are attacked: the principal-branch checker (``complex_principal_branch``:
ln u = ln|u| + i ph u, u^a = exp(a ln u), a phase split only where the stated facts put it
in (-pi, pi]) and the definedness gate's reading of an equation's domain as the points where
both sides are defined (``shared_exclusion``). Each false claim carries its counterexample,
worked out by hand in the comment above it. The symbolic checkers run through the gate as the
pipeline runs them (the numeric tier is left out: here only proofs are under attack); a few
claims also go through the whole pipeline.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.budget import SoftTimeout, soft_deadline
from symbolic.checks import CheckContext, _defined_or_undecided, registered_checkers
from symbolic.checks._definedness import shared_exclusion
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Outcome, Step, Verdict, infer_kind

NUMERIC = {"symbolic.checks.numeric", "symbolic.checks.approx"}
C = r"\in \mathbb{C}"


def as_step(latex: str, *assume: str) -> Step:
    parsed = parse_chain(latex, assumptions=list(assume), imaginary_unit=True)
    claim = parsed.links[0].claim
    return Step("S", infer_kind(claim), latex, claim=claim, assumptions=tuple(parsed.assumptions.facts))


def symbolic_proofs(s: Step) -> list[str]:
    """The symbolic checkers that prove ``s`` through the definedness gate."""
    proved = []
    for checker in registered_checkers():
        if checker.fn.__module__ in NUMERIC or not checker.applies(s):
            continue
        try:
            with soft_deadline(20.0):
                outcome = checker.fn(s, config=CheckConfig(timeout_s=20), context=CheckContext())
                if isinstance(outcome, Outcome) and outcome.verdict is Verdict.PROVED:
                    outcome = _defined_or_undecided(s, checker.name, outcome)
        except SoftTimeout:
            continue
        if isinstance(outcome, Outcome) and outcome.verdict is Verdict.PROVED:
            proved.append(checker.name)
    return proved


# (latex, assumptions): every one is false somewhere on its stated domain
FALSE = {
    # z = w = -1: ln 1 = 0, ln(-1) + ln(-1) = 2 pi i
    "ln-product": (r"\ln(z w) = \ln z + \ln w", f"z, w {C}"),
    # the DLMF's bound with <= at -pi: z = w = -i has ph z + ph w = -pi, zw = -1, ln(-1) = i pi,
    # but ln(-i) + ln(-i) = -i pi (DLMF reads -pi as the lower edge of the cut; ph gives pi)
    "ln-product-closed-bound": (r"\ln(z w) = \ln z + \ln w", f"z, w {C}",
                                r"-\pi \le \arg z + \arg w", r"\arg z + \arg w \le \pi"),
    # z = w = i: ph z + ph w = pi is allowed, but a bound of 3 pi / 2 lets in z = w = e^{3 pi i/4}:
    # ph sum = 3 pi/2, zw = e^{3 pi i/2} = -i, ln(-i) = -i pi/2 != 3 i pi/2
    "ln-product-wide-bound": (r"\ln(z w) = \ln z + \ln w", f"z, w {C}",
                              r"-\pi < \arg z + \arg w", r"\arg z + \arg w < \frac{3\pi}{2}"),
    # z = -1, w = 1: ln(-1) = i pi, ln(-1) - ln 1 = i pi holds; z = 1, w = -1:
    # ln(1/(-1)) = i pi but ln 1 - ln(-1) = -i pi
    "ln-quotient": (r"\ln\left(\frac{z}{w}\right) = \ln z - \ln w", f"z, w {C}"),
    # z = -1: ln(1/(-1)) = ln(-1) = i pi, -ln(-1) = -i pi
    "ln-reciprocal": (r"\ln\left(\frac{1}{z}\right) = -\ln z", f"z {C}"),
    # z = w = -1: sqrt(1) = 1, sqrt(-1) sqrt(-1) = i * i = -1
    "sqrt-product": (r"\sqrt{z w} = \sqrt{z}\sqrt{w}", f"z, w {C}"),
    # z = -1, a = 2, b = 1/2: ((-1)^2)^{1/2} = 1, (-1)^1 = -1
    "power-of-power": (r"(z^{a})^{b} = z^{a b}", f"z, a, b {C}"),
    # z = pi: arcsin(sin pi) = arcsin 0 = 0 != pi
    "arcsin-sin": (r"\arcsin(\sin z) = z", f"z {C}"),
    # z = -1, n = 2: ln 1 = 0, 2 ln(-1) = 2 pi i
    "ln-power": (r"\ln(z^{n}) = n\ln z", f"z {C}", r"n \in \mathbb{Z}"),
    # Im z = -pi is allowed by <=: z = -i pi, e^z = -1, ln(-1) = i pi != -i pi
    "ln-exp-closed-bound": (r"\ln(e^{z}) = z", f"z {C}", r"-\pi \le \operatorname{Im} z",
                            r"\operatorname{Im} z \le \pi"),
    # no bound at all: z = 2 pi i, ln(e^z) = ln 1 = 0
    "ln-exp": (r"\ln(e^{z}) = z", f"z {C}"),
    # a wrong sign: z = i, ln i = i pi/2, ln 1 - i pi/2 = -i pi/2
    "ln-modulus-wrong-sign": (r"\ln z = \ln |z| - i\arg z", f"z {C}", r"-\pi < \arg z", r"\arg z < \pi"),
    # a, b = -1, z = 1/2: (-1)^{1/2} (-1)^{1/2} = -1, 1^{1/2} = 1
    "power-product": (r"a^{z} b^{z} = (a b)^{z}", f"z, a, b {C}"),
    # (e^{z1})^{z2} with z1 = 2 pi i, z2 = 1/2: 1^{1/2} = 1, e^{pi i} = -1
    "exp-power": (r"(e^{z})^{w} = e^{z w}", f"z, w {C}"),
    # a phase split one step too far: ph(z^2) = 2 ph z needs |ph z| <= pi/2 (z = -1 + i:
    # ph z = 3 pi/4, z^2 = -2i, ln(z^2) = ln 2 - i pi/2, 2 ln z = ln 2 + 3 i pi/2)
    "ln-square-half-plane": (r"\ln(z^{2}) = 2\ln z", f"z {C}", r"\operatorname{Im} z > 0"),
    # a wrong sign: z = 1, arccos 1 = 0, pi/2 + arcsin 1 = pi
    "arccos-wrong-sign": (r"\arccos z = \frac{1}{2}\pi + \arcsin z", f"z {C}"),
    # arcsin(2) = pi/2 - i ln(2 + sqrt 3) (Arb, SymPy, DLMF 4.23.19) while the conjugate
    # formula gives pi/2 + i ln(2 + sqrt 3): the branch of the square root matters
    "arcsin-other-root": (r"\arcsin z = -i\ln(-(1-z^{2})^{1/2}+iz)", f"z {C}"),
    # shared definedness, near misses: at z = pi/2 cot z = 0 while 1/tan z is undefined
    "cot-reciprocal-tan": (r"\cot z = \frac{1}{\tan z}", f"z {C}"),
    # at z = pi/2 tan z cos z is undefined while sin z = 1
    "tan-times-cos": (r"\tan z \cos z = \sin z", f"z {C}"),
    # at u = v = pi/2 tan(u + v) = tan(pi) = 0 while the right side is undefined
    "tan-addition": (r"\tan(u + v) = \frac{\tan u + \tan v}{1 - \tan u \tan v}", f"u, v {C}"),
    # at z = i pi/2 tanh z is undefined (cosh z = 0) while sinh z = i: the gate must know
    # tanh's poles, or the proof by exponentials would pass it
    "tanh-times-cosh": (r"\tanh z \cosh z = \sinh z", f"z {C}"),
    # coth has a pole at 0 also for real x, where cosh 0 = 1
    "coth-times-sinh": (r"\coth x \sinh x = \cosh x",),
    # both sides "need" a > 0, but a^b is defined at a = -1, b = 2 (value 1) where ln a is not:
    # a sufficient condition is no shared exclusion
    "power-as-exp-real": (r"a^{b} = e^{b\ln a}",),
    # z^n at z = 0 is defined for n >= 0 (0^2 = 0) while 1/z^{-n}... both sides are z^n / z^0
    # written differently: z^n = z^{n+1} / z is undefined at z = 0 on the right only
    "power-over-z": (r"z^{n} = \frac{z^{n+1}}{z}", f"z {C}", r"n \in \mathbb{Z}"),
    # a wrong sign with the same poles on both sides: z = pi/4, tan = 1, -sin/cos = -1
    "tan-wrong-sign": (r"\tan z = -\frac{\sin z}{\cos z}", f"z {C}"),
    # sec is 1/cos, not 1/sin: the poles differ and so do the values (z = pi/4: sqrt 2 both!
    # but z = pi/3: sec = 2, 1/sin = 2/sqrt 3)
    "sec-over-sin": (r"\sec z = \frac{1}{\sin z}", f"z {C}"),
}

# true neighbours that the strategies must prove (the reason in the comment)
TRUE = {
    # ln u = ln|u| + i ph u is the definition of the principal logarithm, z != 0 from arg's facts
    "ln-modulus-phase": (r"\ln z = \ln |z| + i\arg z", f"z {C}", r"-\pi < \arg z", r"\arg z < \pi"),
    # -pi < ph z + ph w <= pi is exactly where ph(zw) = ph z + ph w
    "ln-product-strict": (r"\ln(z w) = \ln z + \ln w", f"z, w {C}",
                          r"-\pi < \arg z + \arg w", r"\arg z + \arg w \le \pi"),
    # the same bound makes (ab)^z = exp(z ln(ab)) = exp(z ln a) exp(z ln b)
    "power-product-strict": (r"a^{z} b^{z} = (a b)^{z}", f"z, a, b {C}",
                             r"-\pi < \arg a + \arg b", r"\arg a + \arg b \le \pi"),
    # -pi < Im z <= pi: ph(e^z) = Im z
    "ln-exp-strip": (r"\ln(e^{z}) = z", f"z {C}", r"-\pi < \operatorname{Im} z",
                     r"\operatorname{Im} z \le \pi"),
    # arccos = pi/2 - arcsin by their logarithmic forms, cuts included
    "arccos-complement": (r"\arccos z = \frac{1}{2}\pi - \arcsin z", f"z {C}"),
    # the same at 1/z, both sides undefined at z = 0 only
    "arccos-complement-reciprocal": (r"\arccos\left(\frac{1}{z}\right) = \frac{1}{2}\pi - "
                                     r"\arcsin\left(\frac{1}{z}\right)", f"z {C}"),
    # both sides undefined exactly where cos z = 0
    "tan-quotient": (r"\tan z = \frac{\sin z}{\cos z}", f"z {C}"),
    # both sides undefined exactly where cosh z = 0 (z = i pi/2 + i k pi)
    "tanh-quotient": (r"\tanh z = \frac{\sinh z}{\cosh z}", f"z {C}"),
    # cosh x > 0 for real x: nothing is excluded
    "tanh-times-cosh-real": (r"\tanh x \cosh x = \sinh x",),
    # both sides undefined exactly at z = 0
    "log-base": (r"\log_{10} z = \frac{\ln z}{\ln 10}", f"z {C}"),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_near_identity_is_not_proved(name):
    s = as_step(*FALSE[name])
    assert symbolic_proofs(s) == [], f"{name}: a false claim was proved"


@pytest.mark.parametrize("name", sorted(TRUE))
def test_true_neighbour_is_proved(name):
    assert symbolic_proofs(as_step(*TRUE[name])), f"{name}: not proved"


def test_the_principal_branch_checker_proves_the_strict_bound_and_not_the_closed_one():
    strict = symbolic_proofs(as_step(*TRUE["ln-product-strict"]))
    assert "complex_principal_branch" in strict
    assert "complex_principal_branch" not in symbolic_proofs(as_step(*FALSE["ln-product-closed-bound"]))


@pytest.mark.parametrize("name", ["cot-reciprocal-tan", "tan-times-cos", "tan-addition",
                                  "tanh-times-cosh", "coth-times-sinh", "power-as-exp-real",
                                  "power-over-z"])
def test_sides_undefined_at_different_points_are_no_shared_exclusion(name):
    assert shared_exclusion(as_step(*FALSE[name])) is None


@pytest.mark.parametrize("name", ["ln-product", "sqrt-product", "ln-reciprocal"])
def test_the_whole_pipeline_refutes_the_branch_identities(name):
    from symbolic.api import check
    from symbolic.model import Claim
    s = as_step(*FALSE[name])
    outcome = check(Claim(s.claim.lhs, s.claim.relation, s.claim.rhs), assume=list(s.assumptions),
                    config=CheckConfig(timeout_s=20))
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence
