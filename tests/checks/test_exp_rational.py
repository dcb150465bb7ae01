"""The rational-function proof of circular and hyperbolic identities over C
(``complex_exp_rational``): true DLMF identities are proved, their false neighbours (a sign,
a factor, a shift, a conjugate, a branch of a root) never are."""
from __future__ import annotations

import pytest

from symbolic.budget import soft_deadline
from symbolic.checks import CheckContext, _defined_or_undecided
from symbolic.checks.exp_rational import _applies, check_exp_rational
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Step, Verdict, infer_kind

C = r"\in \mathbb{C}"


def as_step(latex: str, *assume: str) -> Step:
    parsed = parse_chain(latex, assumptions=list(assume), imaginary_unit=True)
    claim = parsed.links[0].claim
    return Step("S", infer_kind(claim), latex, claim=claim, assumptions=tuple(parsed.assumptions.facts))


def verdict(latex: str, *assume: str):
    """The checker's verdict on a claim, through the definedness gate as the pipeline runs it
    (None when the checker does not apply)."""
    step = as_step(latex, *assume)
    if not _applies(step):
        return None
    with soft_deadline(30.0):
        outcome = check_exp_rational(step, config=CheckConfig(timeout_s=30), context=CheckContext())
    if outcome.verdict is Verdict.PROVED:
        outcome = _defined_or_undecided(step, "complex_exp_rational", outcome)
    return outcome.verdict


TRUE = [
    # DLMF 4.21.2, 4.21.37, 4.35.34, 4.21.1, 4.35.32, 4.21.10, 4.28.8
    (r"\sin(u+v) = \sin u\cos v+\cos u\sin v", f"u, v {C}"),
    (r"\sin(x + i y) = \sin x\cosh y+i\cos x\sinh y",),
    (r"\sinh(x + i y) = \sinh x\cos y+i\cosh x\sin y",),
    (r"\sin u+\cos u = \sqrt{2}\sin(u+\frac{1}{4}\pi)", f"u {C}"),
    (r"\cosh(4z) = \cosh^{4} z+6\sinh^{2} z\cosh^{2} z+\sinh^{4} z", f"z {C}"),
    (r"\tan u+\tan v = \frac{\sin(u+v)}{\cos u\cos v}", f"u, v {C}"),
    (r"\sin(iz) = i\sinh z", f"z {C}"),
    (r"\sin(3z) = 3\sin z-4\sin^{3} z", f"z {C}"),
    (r"e^{z+2\pi i} = e^{z}", f"z {C}"),
    # an integer power: (cosh z - sinh z)^n = e^{-nz}, and the gate sees cosh z - sinh z != 0
    (r"\cosh(nz)-\sinh(nz) = (\cosh z-\sinh z)^{n}", f"z {C}", r"n \in \mathbb{Z}"),
    # modulus of a function of x + iy with real x, y (DLMF 4.21.41)
    (r"\left|\sin(x + i y)\right| = (\sin^{2} x+\sinh^{2} y)^{1/2}",),
]


@pytest.mark.parametrize("case", TRUE, ids=[c[0] for c in TRUE])
def test_true_identities_are_proved(case):
    assert verdict(*case) is Verdict.PROVED


FALSE = [
    # each is false at the point in its comment
    # sign of the cross term: u = v = pi/4 gives 1 against 0
    (r"\sin(u+v) = \sin u\cos v-\cos u\sin v", f"u, v {C}"),
    # conjugated: x = 0, y = 1 gives i sinh 1 against -i sinh 1
    (r"\sin(x + i y) = \sin x\cosh y-i\cos x\sinh y",),
    # a shift of pi/2 in place of pi/4: u = 0 gives 1 against sqrt 2
    (r"\sin u+\cos u = \sqrt{2}\sin(u+\frac{1}{2}\pi)", f"u {C}"),
    # the triple angle with + 4 sin^3: z = pi/2 gives -1 against 7
    (r"\sin(3z) = 3\sin z+4\sin^{3} z", f"z {C}"),
    # a period of pi i, not 2 pi i: e^{z + pi i} = -e^z
    (r"e^{z+\pi i} = e^{z}", f"z {C}"),
    # tan addition with the wrong sign in the denominator: u = v = pi/8
    (r"\tan(u+v) = \frac{\tan u+\tan v}{1+\tan u\tan v}", f"u, v {C}"),
    # cosh in place of sinh in the modulus: x = y = 0 gives 0 against 1
    (r"\left|\sin(x + i y)\right| = (\sin^{2} x+\cosh^{2} y)^{1/2}",),
    # a root's branch: z = -1 gives sin(-1/2) < 0 against a positive principal root
    (r"\sin(\frac{z}{2}) = \left(\frac{1-\cos z}{2}\right)^{1/2}", f"z {C}"),
    # the other sign: n = 1, z = 1 gives e^{-1} against e
    (r"\cosh(nz)-\sinh(nz) = (\cosh z+\sinh z)^{n}", f"z {C}", r"n \in \mathbb{Z}"),
    # a real, non-integer n: (e^{-z})^n is a principal power, not e^{-nz}: n = 1/2, z = 2 pi i
    # gives e^{-i pi} = -1 against (1)^{1/2} = 1
    (r"\cosh(nz)-\sinh(nz) = (\cosh z-\sinh z)^{n}", f"z {C}", r"n \in \mathbb{R}"),
    # independent exponentials: e^{sqrt 2 z} e^z is not e^{sqrt 3 z} (z = 1)
    (r"e^{\sqrt{2} z} e^{z} = e^{\sqrt{3} z}", f"z {C}"),
]


@pytest.mark.parametrize("case", FALSE, ids=[c[0] for c in FALSE])
def test_false_neighbours_are_never_proved(case):
    assert verdict(*case) is not Verdict.PROVED


def test_a_modulus_of_a_complex_variable_is_not_handled():
    # conj(sin z) = sin(conj z) is not an expression of z: the modulus rule needs real variables
    assert verdict(r"\left|\sin z\right| = (\sin^{2} z)^{1/2}", f"z {C}") is None


def test_a_definedness_mismatch_is_not_proved():
    # tan(u+v) is defined at u = pi/2, v = pi/4 (it is -1); the right side is not: the rational
    # identity holds, but the gate keeps it from being a proof on the stated domain
    assert verdict(r"\tan(u+v) = \frac{\tan u+\tan v}{1-\tan u\tan v}", f"u, v {C}") \
        is not Verdict.PROVED


def test_a_logarithm_whose_argument_never_vanishes_is_proved_through_the_gate():
    # DLMF 4.23.19: the gate now shows i z + (1 - z^2)^{1/2} != 0 (its product with
    # -i z + (1 - z^2)^{1/2} is 1); the principal-branch checker proves the identity
    from symbolic.checks.complex_identities import check_principal_branch

    def principal(latex):
        step = as_step(latex, f"z {C}")
        with soft_deadline(30.0):
            outcome = check_principal_branch(step, config=CheckConfig(timeout_s=30),
                                             context=CheckContext())
        if outcome.verdict is Verdict.PROVED:
            outcome = _defined_or_undecided(step, "complex_principal_branch", outcome)
        return outcome.verdict

    assert principal(r"\arcsin z = -i\ln((1-z^{2})^{1/2}+iz)") is Verdict.PROVED
    # the sign of i z changed: z = i gives lhs = 0.881 i (i arsinh 1), rhs = -0.881 i
    assert principal(r"\arcsin z = -i\ln((1-z^{2})^{1/2}-iz)") is not Verdict.PROVED
