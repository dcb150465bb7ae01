r"""Red team of the reading of DLMF general values (``symbolic.latex.general_values``).

Claims built to exploit the set reading: Ln read as ln, a branch index dropped or with the wrong
period, Arcsin with the wrong sign pattern, a class of a two-class general value left out, a
"for some k" row whose k never fits. Each FALSE claim's falsity was worked out by hand (in its
comment); it must never be ``proved`` or ``verified`` (refused, refuted or undecided is fine).
TRUE claims (DLMF 4.2.6, 4.8.1, 4.23.31, 4.37.29 and variants written by hand) must never be
refuted. The conditions are checked exactly as the DLMF benchmark runner checks them.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from symbolic.config import CheckConfig
from symbolic.errors import StepcheckError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import dlmf  # noqa: E402

CONFIG = CheckConfig(timeout_s=15, imaginary_unit=True)
Z = r"z \in \mathbb{C}"
ZK = (Z, r"k \in \mathbb{Z}")
UV = (r"u, v \in \mathbb{C}",)


def _status(latex, assume, existential=False, roots=False):
    """'unreadable' when refused, else the runner's status of the row's set conditions."""
    try:
        links = dlmf.check_general(latex, assume, CONFIG, existential=existential, roots_either_value=roots)
    except StepcheckError:
        return "unreadable"
    return dlmf.status_of({"error": None, "links": links}).value


FALSE = [
    # Ln read as ln: Ln z has the values ln z + 2k pi i, infinitely many; ln z is one of them
    (r"\operatorname{Ln} z = \ln z", (Z,), False),
    # a product rule for Ln with the principal log on one side only: the sides' value sets differ
    (r"\operatorname{Ln}(z_{1}z_{2}) = \ln z_{1}+\ln z_{2}", (r"z_{1}, z_{2} \in \mathbb{C}",), False),
    # wrong period: Ln z = ln z + 2k pi i, not k pi i (ln z + pi i is no logarithm of z)
    (r"\operatorname{Ln} z = \ln z+k\pi i", ZK, False),
    # quotient read as product: Ln(z1/z2) is Ln z1 - Ln z2 (false at z1 = 1, z2 = 2)
    (r"\operatorname{Ln}(\frac{z_{1}}{z_{2}}) = \operatorname{Ln} z_{1}+\operatorname{Ln} z_{2}",
     (r"z_{1}, z_{2} \in \mathbb{C}",), False),
    # class dropped: Arcsin z also has the values pi - arcsin z + 2k pi (DLMF 4.23.31)
    (r"\operatorname{Arcsin} z = \arcsin z+2k\pi", ZK, False),
    # wrong sign pattern: (-1)^{k+1} gives -arcsin z at k = 0, no value of Arcsin z unless arcsin z = 0 mod pi
    (r"\operatorname{Arcsin} z = (-1)^{k+1}\arcsin z+k\pi", ZK, False),
    # Arccos with Arcsin's classes: arcsin z is no value of Arccos z at z = 0 (pi/2 - 0 vs 0)
    (r"\operatorname{Arccos} z = (-1)^{k}\arccos z+k\pi", ZK, False),
    # Arctan with the period 2 pi: arctan z + pi is a value of Arctan z, not of the right side
    (r"\operatorname{Arctan} z = \arctan z+2k\pi", ZK, False),
    # Arsinh without its (-1)^k: pi i - arsinh z is a value of Arsinh z (DLMF 4.37.29)
    (r"\operatorname{Arsinh} z = \operatorname{arsinh}(z)+2k\pi i", ZK, False),
    # addition formula with the sign of 1 - uv flipped: false at u = v = 1/2
    (r"\operatorname{Arctan} u+\operatorname{Arctan} v = \operatorname{Arctan}(\frac{u+ v}{1+ uv})", UV, False),
    # the derivative of every value of Arcsin: the values pi - arcsin z have derivative -(1-z^2)^{-1/2}
    (r"\frac{d}{dz}\operatorname{Arcsin} z = (1-z^{2})^{-1/2}", (Z,), False),
    # one class only: pi - arcsin z + 2k pi leaves out the values arcsin z + 2k pi
    (r"\operatorname{Arcsin} z = \pi-\arcsin z+2k\pi", ZK, False),
    # square root of every value: exp(Ln z / 2) takes both values +-sqrt z
    (r"\exp(\frac{1}{2}\operatorname{Ln} z) = z^{1/2}", (Z,), False),
    # "for some k" with an odd multiple of pi i: ln(z^2) - 2 ln z is an even multiple (0 at z = 1)
    (r"\ln(z^{2}) = 2\ln z+(2k+1)\pi i", ZK, True),
    # "for some k" with a shift no k can make up: arg(exp z) - Im z is a multiple of 2 pi, never pi/2 more
    (r"\arg(\exp z) = \operatorname{Im} z+\frac{\pi}{2}+2k\pi", ZK, True),
]

TRUE = [
    (r"\operatorname{Ln} z = \ln z+2k\pi i", ZK, False),                     # DLMF 4.2.6
    (r"\operatorname{Ln}(z_{1}z_{2}) = \operatorname{Ln} z_{1}+\operatorname{Ln} z_{2}",
     (r"z_{1}, z_{2} \in \mathbb{C}",), False),                               # DLMF 4.8.1
    (r"\operatorname{Arcsin} z = (-1)^{k}\arcsin z+k\pi", ZK, False),        # DLMF 4.23.31
    (r"\operatorname{Arctan} z = \arctan z+k\pi", ZK, False),                # DLMF 4.23.33
    (r"\operatorname{Arsinh} z = (-1)^{k}\operatorname{arsinh}(z)+k\pi i", ZK, False),  # 4.37.29
    (r"\arg(\exp z) = \operatorname{Im} z+2k\pi", ZK, True),                 # DLMF 4.2.23, some k
]


@pytest.mark.parametrize("latex, assume, existential", FALSE, ids=[c[0] for c in FALSE])
def test_false_general_value_claim_is_never_accepted(latex, assume, existential):
    assert _status(latex, assume, existential) not in ("proved", "verified")


@pytest.mark.parametrize("latex, assume, existential", TRUE, ids=[c[0] for c in TRUE])
def test_true_general_value_claim_is_never_refuted(latex, assume, existential):
    assert _status(latex, assume, existential) != "refuted"


@pytest.mark.parametrize("latex, assume", [
    (r"\operatorname{Arcsin} z = \arcsin z+2k\pi", ZK),
    (r"\operatorname{Arcsin} z = (-1)^{k+1}\arcsin z+k\pi", ZK),
    (r"\operatorname{Ln}(\frac{z_{1}}{z_{2}}) = \operatorname{Ln} z_{1}+\operatorname{Ln} z_{2}",
     (r"z_{1}, z_{2} \in \mathbb{C}",)),
])
def test_a_missing_value_is_refuted_not_only_refused(latex, assume):
    # the set reading answers these, with a certified point where a value is missing
    assert _status(latex, assume) == "refuted"


# square roots of either value, as the DLMF's addition formulas take them (4.24(iii), 4.38(iii))
ROOTS_FALSE = [
    # 1 + v^2 for 1 - v^2 under a root: false at u = v = 1/2, where pi/3 = arcsin u + arcsin v is a
    # value of the left side but the right side's values are +-arcsin(+-0.559 +- 0.433) and pi minus them
    r"\operatorname{Arcsin} u+\operatorname{Arcsin} v = \operatorname{Arcsin}(u(1+v^{2})^{1/2}+ v(1-u^{2})^{1/2})",
    # Arccos with the product where the root belongs: false at u = v = 1/2 (2 pi/3 is no value of Arccos(1/4 - 1/4))
    r"\operatorname{Arccos} u+\operatorname{Arccos} v = \operatorname{Arccos}(uv-(1-u^{2})(1-v^{2}))",
]


@pytest.mark.parametrize("latex", ROOTS_FALSE)
def test_false_addition_formula_with_two_valued_roots_is_never_accepted(latex):
    assert _status(latex, UV, roots=True) not in ("proved", "verified")


def test_true_addition_formula_with_two_valued_roots_is_not_refuted():
    # DLMF 4.24.14 (+): with both values of the root each side has the values +-(a + b), +-(a - b) mod 2 pi
    latex = r"\operatorname{Arccos} u+\operatorname{Arccos} v = \operatorname{Arccos}(uv-((1-u^{2})(1-v^{2}))^{1/2})"
    assert _status(latex, UV, roots=True) != "refuted"
