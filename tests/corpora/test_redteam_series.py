"""Red-team claims for ``series_gamma`` and the where-defined reading of conditions inside a
sum or product (each false claim's counterexample is worked out in its comment): none of the
false ones may be proved, and the true neighbours must be."""
from __future__ import annotations

import pytest

from symbolic.budget import soft_deadline
from symbolic.checks import CheckContext, _defined_or_undecided
from symbolic.checks.infinite_rational import _applies, check_infinite_rational
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Step, Verdict, infer_kind

C = r"z \in \mathbb{C}"
WHERE_DEFINED = CheckConfig(timeout_s=30, where_defined=True)


def verdict(latex: str, *assume: str):
    """The checker's verdict through the definedness gate under the where-defined reading (the
    most permissive one); None when the checker does not apply."""
    parsed = parse_chain(latex, assumptions=list(assume))
    claim = parsed.links[0].claim
    step = Step("S", infer_kind(claim), latex, claim=claim, assumptions=tuple(parsed.assumptions.facts))
    if not _applies(step):
        return None
    with soft_deadline(30.0):
        found = check_infinite_rational(step, config=WHERE_DEFINED, context=CheckContext())
    if found.verdict is Verdict.PROVED:
        found = _defined_or_undecided(step, "series_gamma", found, config=WHERE_DEFINED)
    return found.verdict


FALSE = [
    # the factor at n = 1 is 0, so the product is 0, not 1/2
    (r"\prod_{n=1}^{\infty}\left(1-\frac{1}{n^{2}}\right) = \frac{1}{2}",),
    # the factor at n = 1 has a zero denominator: the product is undefined
    (r"\prod_{n=1}^{\infty}\frac{n^{3}+1}{n^{3}-1} = \frac{3}{2}",),
    # the term at n = 1 is 1/0 (the sum from 2 is 3/4)
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}-1} = \frac{3}{4}",),
    # the term at n = 0 is 0/0 as written (not cancelled to 1/(n^2+1))
    (r"\sum_{n=-\infty}^{\infty}\frac{n}{n(n^{2}+1)} = \pi\coth\pi",),
    # each half of the sum over all integers diverges (gap of one degree)
    (r"\sum_{n=-\infty}^{\infty}\frac{n}{n^{2}+1} = 0",),
    # the product telescopes to Gamma(2)^2/(Gamma(1)Gamma(3)) = 1/2
    (r"\prod_{n=1}^{\infty}\frac{n(n+2)}{(n+1)^{2}} = 1",),
    # sum 1/(n^2 - 1/4) = sum 1/(n - 1/2) - 1/(n + 1/2) = 2 (telescoping)
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}-\frac{1}{4}} = 1",),
    # 2/(n (n+1)^2) = 2 (1/n - 1/(n+1) - 1/(n+1)^2): the sum is 4 - pi^2/3 = 0.7101, not 1
    (r"\sum_{n=1}^{\infty}\frac{2n}{n^{2}(n+1)^{2}} = 1",),
    # cos(n pi) = (-1)^n: the sum is -pi^2/12
    (r"\sum_{n=1}^{\infty}\frac{\cos(n\pi)}{n^{2}} = \frac{\pi^{2}}{12}",),
    # i^{2n} = (-1)^n: the sum is -pi^2/12
    (r"\sum_{n=1}^{\infty}\frac{i^{2n}}{n^{2}} = \frac{\pi^{2}}{12}",),
    # (-1)^{n(n+1)/2} is - - + + ...: not (-1)^n; the sum is -1.1216 (mpmath), not -pi^2/12 = -0.8225
    (r"\sum_{n=1}^{\infty}\frac{(-1)^{n(n+1)/2}}{n^{2}} = -\frac{\pi^{2}}{12}",),
    # (-2)^n / 3^n is no sign: the sum is Li_2(-2/3) = -0.5798, not -pi^2/12 = -0.8225
    (r"\sum_{n=1}^{\infty}\frac{(-2)^{n}}{3^{n}n^{2}} = -\frac{\pi^{2}}{12}",),
    # the product 1 - z^2/n^2 gives sin(pi z)/(pi z), not sin(z)/z
    (r"\prod_{n=1}^{\infty}\frac{(n+z)(n-z)}{n^{2}} = \frac{\sin(z)}{z}", C),
    # from n = 0 the factor 1 - z^2/0 is undefined
    (r"\prod_{n=0}^{\infty}\left(1-\frac{z^{2}}{n^{2}}\right) = \frac{\sin(\pi z)}{\pi z}", C),
    # the sign (-1)^n in a sum over all integers: pi csch(pi) = 0.272, not pi coth(pi) = 3.15
    (r"\sum_{n=-\infty}^{\infty}\frac{(-1)^{n}}{n^{2}+1} = \pi\coth\pi",),
    # the alternating sum is 1/(2z^2) - pi/(2z sin(pi z)); at z = 1/2 it is 2 - pi, not 2
    (r"\sum_{n=1}^{\infty}\frac{(-1)^{n}}{n^{2}-z^{2}} = \frac{1}{2z^{2}}-\frac{\pi}{2z\tan(\pi z)}", C),
    # sum 1/(n^2 (n^2+1)) = pi^2/6 - (pi coth pi - 1)/2: the -1 dropped
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}(n^{2}+1)} = \frac{\pi^{2}}{6}-\frac{\pi\coth\pi}{2}",),
    # |coth| is not coth for z < 0 (and is no meromorphic function)
    (r"\sum_{n=1}^{\infty}\frac{z}{n^{2}+z^{2}} = \frac{\pi}{2}|\coth(\pi z)|-\frac{1}{2z}", r"z \in \mathbb{R}"),
    # an integer parameter: at k = 0 the right side is undefined, the sum is pi^2/6
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}+k^{2}} = \frac{\pi k\coth(\pi k)-1}{2k^{2}}", r"k \in \mathbb{Z}"),
    # the factor at n = 1 is 0/0 as written; SymPy's Sum.free_symbols and cancel() both drop
    # the factor n - 1, so only the definedness gate sees it (the rest telescopes to 1/2)
    (r"\prod_{n=1}^{\infty}\frac{(n-1)n(n+2)}{(n-1)(n+1)^{2}} = \frac{1}{2}",),
    # an integer parameter hidden in a cancelled factor (absent from Sum.free_symbols): the term
    # at n = k is 0/0, so for every k of the domain the sum is undefined
    (r"\sum_{n=1}^{\infty}\frac{n-k}{(n-k)(n^{2}+1)} = \frac{\pi\coth\pi-1}{2}", r"k \in \mathbb{Z}_{>0}"),
    # the imaginary unit squared: the term at n = 1 is 1/(1 + i^2) = 1/0
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}+i^{2}} = \frac{3}{4}",),
    # DLMF 4.36.3 with the sign of n^2 pi^2 of cot's series: the right side is cot z
    # (DLMF 4.22.3), at z = 1 it is 0.6421, not coth 1 = 1.3130
    (r"\coth z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C),
    # cosh's product runs over the odd numbers from 1: from 3 it leaves out 1 + 4z^2/pi^2
    (r"\cosh z = \prod_{n=1}^{\infty}\left(1+\frac{4z^{2}}{(2n+1)^{2}\pi^{2}}\right)", C),
    # sec's partial fractions (DLMF 4.22.4) are only conditionally convergent: never proved here
    (r"\sec z = 4\pi\sum_{n=1}^{\infty}\frac{(-1)^{n-1}(2n-1)}{(2n-1)^{2}\pi^{2}-4z^{2}}", C),
    # where-defined with an empty domain: z = pi makes the term at n = 1 undefined
    (r"\cot z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", r"z = \pi"),
    # x = 1 only (x >= 1, x <= 1): the term at n = 1 is undefined there, no point is left
    (r"\sum_{n=1}^{\infty}\frac{1}{(n-x)(n+x)} = \frac{1-\pi x\cot(\pi x)}{2x^{2}}", r"x \ge 1", r"x \le 1"),
    # x = 3 only: the term at n = 3 is undefined, no point is left
    (r"\sum_{n=-\infty}^{\infty}\frac{1}{(n-x)^{2}} = \frac{\pi^{2}}{\sin^{2}(\pi x)}", r"x \in \mathbb{R}", r"x - 3 = 0"),
    # z = 0 only: the term at n = 0 is undefined
    (r"\sum_{n=-\infty}^{\infty}\frac{1}{n^{2}-z^{2}} = -\frac{\pi\cot(\pi z)}{z}", r"z = 0"),
]


@pytest.mark.parametrize("case", FALSE, ids=[c[0] for c in FALSE])
def test_false_claims_are_never_proved(case):
    assert verdict(*case) is not Verdict.PROVED


TRUE = [
    (r"\prod_{n=1}^{\infty}\frac{(n+1)^{2}}{n(n+2)} = 2",),
    (r"\sum_{n=1}^{\infty}\frac{2n+1}{n^{2}(n+1)^{2}} = 1",),
    (r"\prod_{n=1}^{\infty}\frac{(n-1)(n+1)}{n^{2}} = 0",),
    (r"\sum_{n=1}^{\infty}\frac{(-1)^{n^{2}}}{n^{2}} = -\frac{\pi^{2}}{12}",),
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}+n+1} = \frac{\pi}{\sqrt{3}}\tanh\left(\frac{\pi\sqrt{3}}{2}\right)-1",),
    (r"\sum_{n=1}^{\infty}\frac{z}{n^{2}+z^{2}} = \frac{\pi}{2}\coth(\pi z)-\frac{1}{2z}", r"z < 0"),
    (r"\prod_{n=-\infty}^{-1}\left(1-\frac{z^{2}}{n^{2}}\right) = \frac{\sin(\pi z)}{\pi z}", C),
]


@pytest.mark.parametrize("case", TRUE, ids=[c[0] for c in TRUE])
def test_true_neighbours_are_proved(case):
    assert verdict(*case) is Verdict.PROVED
