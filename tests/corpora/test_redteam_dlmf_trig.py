"""Red team for the trigonometric and hyperbolic identities of DLMF 4.14-4.35: false
neighbours of the addition, double-angle and x + iy formulas must never be proved, with or
without the reading on the points where both sides are defined (``where_defined``).

Attacked: the definedness gate's signs from the ranges of real sin/cos/cosh
(``_ranges_elementary``), its conditions that vanish together because one is a multiple of
the other's squared modulus (``vanish_together``), and the where-defined reading
(``_where_defined``), which lets a proof stand with the points where a side is undefined
left out. Each false claim carries its counterexample, worked out by hand in the comment
above it. The formulas quoted are DLMF 4.21.4, 4.21.29, 4.21.39, 4.21.41, 4.21.43, 4.35.3,
4.35.36, 4.35.40 and 4.21.35 (with the changes that make them false).
"""
from __future__ import annotations

import pytest

from symbolic.budget import SoftTimeout, soft_deadline
from symbolic.checks import CheckContext, _defined_or_undecided, registered_checkers
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Outcome, Step, Verdict, infer_kind

NUMERIC = {"symbolic.checks.numeric", "symbolic.checks.approx"}
pytestmark = pytest.mark.slow   # every symbolic checker on each claim, under 20 s budgets
C = r"\in \mathbb{C}"
WHERE_DEFINED = CheckConfig(timeout_s=20, where_defined=True)


def as_step(latex: str, *assume: str) -> Step:
    parsed = parse_chain(latex, assumptions=list(assume), imaginary_unit=True)
    claim = parsed.links[0].claim
    return Step("S", infer_kind(claim), latex, claim=claim, assumptions=tuple(parsed.assumptions.facts))


def symbolic_proofs(s: Step, config: CheckConfig) -> list[str]:
    """The symbolic checkers that prove ``s`` through the definedness gate under ``config``."""
    proved = []
    for checker in registered_checkers():
        if checker.fn.__module__ in NUMERIC or not checker.applies(s):
            continue
        try:
            with soft_deadline(20.0):
                outcome = checker.fn(s, config=config, context=CheckContext())
                if isinstance(outcome, Outcome) and outcome.verdict is Verdict.PROVED:
                    outcome = _defined_or_undecided(s, checker.name, outcome, config=config)
        except SoftTimeout:
            continue
        if isinstance(outcome, Outcome) and outcome.verdict is Verdict.PROVED:
            proved.append(checker.name)
    return proved


# (latex, assumptions): every one is false somewhere on its stated domain (x, y real)
FALSE = {
    # a sign flipped: u = v = pi/8, tan(pi/4) = 1, while 2t/(1 + t^2) with
    # t = tan(pi/8) = sqrt 2 - 1 is sin(pi/4) = 1/sqrt 2
    "tan-addition-plus": (r"\tan(u+v) = \frac{\tan u+\tan v}{1+\tan u\tan v}", f"u, v {C}"),
    # tan's minus in tanh's formula: u = v = 1/2: tanh 1 = 0.7616, 2t/(1 - t^2) with
    # t = tanh(1/2) = 0.4621 is 1.1752 = sinh 1
    "tanh-addition-minus": (r"\tanh(u+v) = \frac{\tanh u+\tanh v}{1-\tanh u\tanh v}", f"u, v {C}"),
    # the subtraction formula with the addition's denominator: u = pi/4, v = pi/8
    "tan-subtraction-wrong-denominator": (r"\tan(u-v) = \frac{\tan u-\tan v}{1-\tan u\tan v}",
                                          f"u, v {C}"),
    # a factor 2 dropped: z = pi/8, tan(pi/4) = 1, t/(1 - t^2) = 1/2
    "tan-double-half": (r"\tan(2z) = \frac{\tan z}{1-\tan^{2} z}", f"z {C}"),
    # a factor 2 added: z = pi/4, sin(pi/2) = 1, 4 sin cos = 2
    "sin-double-four": (r"\sin(2z) = 4\sin z\cos z", f"z {C}"),
    # tanh's double angle with tan's minus: z = 1/2, tanh 1 = 0.7616 but 2t/(1 - t^2) = 1.1752
    "tanh-double-minus": (r"\tanh(2z) = \frac{2\tanh z}{1-\tanh^{2} z}", f"z {C}"),
    # cot(u + v) with the numerator's sign flipped: u = v = pi/4, cot(pi/2) = 0, (1 + 1)/2 = 1
    "cot-addition-sign": (r"\cot(u+v) = \frac{\cot u\cot v+1}{\cot u+\cot v}", f"u, v {C}"),
    # cos in place of cosh in the denominator: x = 0, y = 1: tan(i) = i tanh 1 = 0.7616 i,
    # i sinh 2 / (1 + cos 2) = 3.6269 i / 1.5839 = 2.2898 i
    "tan-x-iy-cos-for-cosh": (r"\tan(x + i y) = \frac{\sin(2x)+i\sinh(2y)}{\cos(2x)+\cos(2y)}",),
    # the denominator of tan's formula under tanh: x = 1, y = 0: tanh 1 = 0.7616,
    # sinh 2 / (cosh 2 - 1) = 3.6269 / 2.7622 = 1.3130
    "tanh-x-iy-minus": (r"\tanh(x + i y) = \frac{\sinh(2x)+i\sin(2y)}{\cosh(2x)-\cos(2y)}",),
    # |tan(x + iy)| with cos in place of cosh: x = 0, y = 1: |tan i| = tanh 1 = 0.7616, the
    # right side is ((cos 2 - 1)/(cos 2 + 1))^{1/2}, the root of a negative number -0.8508/0.5839
    "abs-tan-cos-for-cosh": (r"\left|\tan(x + i y)\right| = \left(\frac{\cos(2y)-\cos(2x)}"
                             r"{\cos(2y)+\cos(2x)}\right)^{1/2}",),
    # the square root forgotten: x = 0, y = 1: tanh 1 = 0.7616, (cosh 2 - 1)/(cosh 2 + 1) = 0.58
    "abs-tan-no-root": (r"\left|\tan(x + i y)\right| = \frac{\cosh(2y)-\cos(2x)}{\cosh(2y)+\cos(2x)}",),
    # |tanh(x + iy)| with tan's roles of x and y: x = 1, y = 0: tanh 1 = 0.7616, but
    # ((cosh 0 - cos 2)/(cosh 0 + cos 2))^{1/2} = (1.4161/0.5839)^{1/2} = 1.5574 = tan 1
    "abs-tanh-swapped": (r"\left|\tanh(x + i y)\right| = \left(\frac{\cosh(2y)-\cos(2x)}"
                         r"{\cosh(2y)+\cos(2x)}\right)^{1/2}",),
    # cos 2x + cosh 2y where the true radicand has the minus: x = 0, y = 0: 0 but 1
    "root-radicand-sign": (r"(\sin^{2} x+\sinh^{2} y)^{1/2} = \left(\frac{1}{2}\left(\cosh(2y)"
                           r"+\cos(2x)\right)\right)^{1/2}",),
    # the radicand with cos for cosh, negative at x = 0, y = 1: (cos 2 - 1)/2 = -0.71
    "root-radicand-cos": (r"(\sin^{2} x+\sinh^{2} y)^{1/2} = \left(\frac{1}{2}\left(\cos(2y)"
                          r"-\cos(2x)\right)\right)^{1/2}",),
    # where_defined is no licence for a false value: x = 1 gives 1 = 2
    "quotient-two": (r"\frac{x}{x} = 2",),
    # the product of 4.21.35 from k = 1: it is 2^{1-n} sin(nz + pi) = -2^{1-n} sin(nz)
    "sine-product-from-one": (r"\sin(nz) = 2^{n-1}\prod_{k=1}^{n}\sin(z+\frac{k\pi}{n})", f"z {C}",
                              r"n \in \mathbb{Z}_{>0}"),
    # 2 pi / n: n = 2, sin 2z against 2 sin z sin(z + 2 pi / 2) = -2 sin^2 z
    "sine-product-double-step": (r"\sin(nz) = 2^{n-1}\prod_{k=0}^{n-1}\sin(z+\frac{2k\pi}{n})",
                                 f"z {C}", r"n \in \mathbb{Z}_{>0}"),
    # cos for sin: n = 2, cos 2z against 2 cos z cos(z + pi/2) = -sin 2z
    "cosine-product": (r"\cos(nz) = 2^{n-1}\prod_{k=0}^{n-1}\cos(z+\frac{k\pi}{n})", f"z {C}",
                       r"n \in \mathbb{Z}_{>0}"),
    # cot z = 1/tan(2z): z = pi/8, cot = 2.414, 1/tan(pi/4) = 1
    "cot-reciprocal-tan-double": (r"\frac{\cos z}{\sin z} = \frac{1}{\tan(2z)}", f"z {C}"),
}

# true rows that are proved on the points where both sides are defined (the DLMF's reading)
WHERE_DEFINED_TRUE = {
    "4.21.E4/1": (r"\tan(u+ v) = \frac{\tan u+\tan v}{1-\tan u\tan v}", f"u, v {C}"),
    "4.35.E3/2": (r"\tanh(u- v) = \frac{\tanh u-\tanh v}{1-\tanh u\tanh v}", f"u, v {C}"),
    "4.21.E29/1": (r"\tan(2z) = \frac{2\tan z}{1-\tan^{2} z}", f"z {C}"),
    "4.14.E7/2": (r"\frac{\cos z}{\sin z} = \frac{1}{\tan z}", f"z {C}"),
}

# true rows that need no reading: both sides are undefined at the same points, or nowhere
STRICT_TRUE = {
    # cos(x + iy) = 0 exactly where cos 2x + cosh 2y = 2|cos(x + iy)|^2 = 0
    "4.21.E39": (r"\tan(x + i y) = \frac{\sin(2x)+i\sinh(2y)}{\cos(2x)+\cosh(2y)}",),
    "4.35.E37": (r"\frac{\cosh(x + i y)}{\sinh(x + i y)} = \frac{\sinh(2x)-i\sin(2y)}"
                 r"{\cosh(2x)-\cos(2y)}",),
    # cosh 2y - cos 2x >= 0 by the ranges of cosh and cos
    "4.21.E41/2": (r"(\sin^{2} x+\sinh^{2} y)^{1/2} = \left(\frac{1}{2}\left(\cosh(2y)"
                   r"-\cos(2x)\right)\right)^{1/2}",),
    # the roots of unity e^{2 pi i k / n}, k = 0..n-1, for every n
    "4.21.E35": (r"\sin(nz) = 2^{n-1}\prod_{k=0}^{n-1}\sin(z+\frac{k\pi}{n})", f"z {C}",
                 r"n \in \mathbb{Z}_{>0}"),
    "4.21.E43": (r"\left|\tan(x + i y)\right| = \left(\frac{\cosh(2y)-\cos(2x)}{\cosh(2y)"
                 r"+\cos(2x)}\right)^{1/2}",),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_neighbour_is_not_proved_even_where_defined(name):
    s = as_step(*FALSE[name])
    assert symbolic_proofs(s, WHERE_DEFINED) == [], f"{name}: a false claim was proved"


@pytest.mark.parametrize("name", sorted(WHERE_DEFINED_TRUE))
def test_one_sided_rows_are_proved_only_when_the_reading_is_asked_for(name):
    s = as_step(*WHERE_DEFINED_TRUE[name])
    assert symbolic_proofs(s, WHERE_DEFINED), f"{name}: not proved where both sides are defined"
    assert symbolic_proofs(s, CheckConfig(timeout_s=20)) == [], \
        f"{name}: a side is defined where the other is not, yet it was proved by default"


@pytest.mark.parametrize("name", sorted(STRICT_TRUE))
def test_x_iy_rows_are_proved_by_default(name):
    assert symbolic_proofs(as_step(*STRICT_TRUE[name]), CheckConfig(timeout_s=20)), f"{name}: not proved"


@pytest.mark.parametrize("name", ["tan-addition-plus", "tanh-double-minus", "tan-x-iy-cos-for-cosh",
                                  "abs-tan-no-root"])
def test_the_whole_pipeline_refutes_them_where_defined(name):
    from symbolic.api import check
    from symbolic.model import Claim
    s = as_step(*FALSE[name])
    outcome = check(Claim(s.claim.lhs, s.claim.relation, s.claim.rhs), assume=list(s.assumptions),
                    config=WHERE_DEFINED)
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence


def test_a_point_where_one_side_is_undefined_is_no_counterexample_where_defined():
    from symbolic.api import check
    # x/x = 2: refuted at x = 0 by default (the left side is undefined there); read where both
    # sides are defined that point says nothing, and the claim must still not be proved
    assert check(r"\frac{x}{x} = 2", config=CheckConfig(timeout_s=20)).verdict is Verdict.REFUTED
    outcome = check(r"\frac{x}{x} = 2", config=WHERE_DEFINED)
    assert outcome.verdict is not Verdict.PROVED
    # DLMF 4.21.23: both sides undefined at different points (z = 0: the left side only)
    true = check(r"\frac{1-\cos z}{\sin z} = \frac{\sin z}{1+\cos z}", assume=[f"z {C}"],
                 config=WHERE_DEFINED)
    assert true.verdict is Verdict.PROVED
