"""Infinite products and sums of rational terms through Gamma and polygamma values
(``series_gamma``): the rewrite rules agree with mpmath, true identities (DLMF 4.22, 4.36 and
classical sums) are proved, and their false neighbours (a constant, a divergent product, a
gap of one degree, a pole at n = 0, a sign (-1)^n dropped, a range from 2) never are."""
from __future__ import annotations

import mpmath
import pytest
import sympy

from symbolic.budget import soft_deadline
from symbolic.checks import CheckContext, _defined_or_undecided
from symbolic.checks._index_conditions import holds_for_every_index, over_index_range
from symbolic.checks._definedness import conditions
from symbolic.checks.infinite_rational import _Representatives, _applies, check_infinite_rational
from symbolic.config import CheckConfig
from symbolic.latex import parse_chain
from symbolic.model import Claim, Relation, Step, Verdict, infer_kind

C = r"z \in \mathbb{C}"
Z, N = sympy.Symbol("z"), sympy.Symbol("n", integer=True)
WHERE_DEFINED = CheckConfig(timeout_s=30, where_defined=True)


def as_step(latex, *assume: str) -> Step:
    if isinstance(latex, tuple):    # (lhs, rhs) in SymPy: Gamma and psi, which the reader refuses
        claim = Claim(latex[0], Relation.EQ, latex[1])
        return Step("S", infer_kind(claim), str(latex), claim=claim)
    parsed = parse_chain(latex, assumptions=list(assume))
    claim = parsed.links[0].claim
    return Step("S", infer_kind(claim), latex, claim=claim, assumptions=tuple(parsed.assumptions.facts))


def outcome(latex: str, *assume: str, config=WHERE_DEFINED):
    """The checker's outcome through the definedness gate as the pipeline runs it (the DLMF
    runner's where-defined reading by default); None when the checker does not apply."""
    step = as_step(latex, *assume)
    if not _applies(step):
        return None
    with soft_deadline(30.0):
        found = check_infinite_rational(step, config=config, context=CheckContext())
    if found.verdict is Verdict.PROVED:
        found = _defined_or_undecided(step, "series_gamma", found, config=config)
    return found


def verdict(latex: str, *assume: str):
    found = outcome(latex, *assume)
    return None if found is None else found.verdict


# --- the rewrite rules, each against mpmath at a complex point (40 digits) ----------------

X = sympy.Symbol("x")
POINT = sympy.Rational(3711, 10000) + sympy.I * sympy.Rational(2179, 10000)


def _value(expr, reps):
    """``expr`` at x = POINT with each unknown put back as the Gamma or polygamma value it stands for."""
    back = {u: (sympy.gamma(x) if kind == "gamma" else sympy.polygamma(kind[1], x))
            for (kind, x), u in reps.unknowns.items()}
    return complex(sympy.N(expr.xreplace(back).subs(X, POINT), 40))


@pytest.mark.parametrize("argument", [X + 3, X - 2, 1 - X, 3 - X, -X])
def test_gamma_rewrites_agree_with_mpmath(argument):
    reps = _Representatives()
    reps.locate(X)
    rewritten = _value(reps.gamma(argument), reps)
    with mpmath.workdps(40):
        exact = complex(mpmath.gamma(mpmath.mpmathify(complex(argument.subs(X, POINT)))))
    assert abs(rewritten - exact) < 1e-12 * abs(exact)


@pytest.mark.parametrize("order", [0, 1, 2, 3])
@pytest.mark.parametrize("argument", [X + 2, X - 1, 1 - X, 2 - X])
def test_polygamma_rewrites_agree_with_mpmath(order, argument):
    reps = _Representatives()
    reps.locate(X)
    rewritten = _value(reps.polygamma(order, argument), reps)
    with mpmath.workdps(40):
        exact = complex(mpmath.polygamma(order, mpmath.mpmathify(complex(argument.subs(X, POINT)))))
    assert abs(rewritten - exact) < 1e-12 * abs(exact)


def test_polygamma_reflection_is_the_derivative_of_gammas():
    # psi(1 - x) - psi(x) = pi cot(pi x) is the logarithmic derivative of
    # Gamma(x) Gamma(1 - x) = pi / sin(pi x); each order's reflection is the derivative of the last
    reps = _Representatives()
    reps.locate(X)
    psi = {m: reps.polygamma(m, 1 - X).xreplace({reps.unknown(("polygamma", m), X): sympy.polygamma(m, X)})
           for m in range(4)}
    log_derivative = sympy.diff(sympy.log(sympy.pi / sympy.sin(sympy.pi * X)), X)
    assert sympy.simplify(-(psi[0] - sympy.polygamma(0, X)) - log_derivative) == 0
    for m in range(3):
        assert sympy.simplify(sympy.diff(psi[m], X) + psi[m + 1]) == 0   # d/dx psi^(m)(1-x) = -psi^(m+1)(1-x)


# --- claims ------------------------------------------------------------------------------

TRUE = [
    # DLMF 4.22.1, 4.22.2, 4.22.3, 4.22.5, 4.36.4 (read from the runner's respelling of csch)
    (r"\sin z = z\prod_{n=1}^{\infty}\left(1-\frac{z^{2}}{n^{2}\pi^{2}}\right)", C),
    (r"\cos z = \prod_{n=1}^{\infty}\left(1-\frac{4z^{2}}{(2n-1)^{2}\pi^{2}}\right)", C),
    (r"\cot z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C),
    (r"\csc z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{(-1)^{n}}{z^{2}-n^{2}\pi^{2}}", C),
    (r"\left(\frac{1}{\sinh(z)}\right)^{2} = \sum_{n=-\infty}^{\infty}\frac{1}{(z-n\pi i)^{2}}", C),
    # classical constants: zeta(2), Wallis, a range from 2, over all integers, alternating
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}} = \frac{\pi^{2}}{6}",),
    (r"\prod_{n=1}^{\infty}\frac{4n^{2}}{4n^{2}-1} = \frac{\pi}{2}",),
    (r"\prod_{n=2}^{\infty}\left(1-\frac{1}{n^{2}}\right) = \frac{1}{2}",),
    (r"\sum_{n=-\infty}^{\infty}\frac{1}{n^{2}+1} = \pi\coth\pi",),
    (r"\sum_{n=1}^{\infty}\frac{(-1)^{n+1}}{n^{2}} = \frac{\pi^{2}}{12}",),
    (r"\sum_{n=0}^{\infty}\frac{1}{(2n+1)^{2}} = \frac{\pi^{2}}{8}",),
]


@pytest.mark.parametrize("case", TRUE, ids=[str(c[0]) for c in TRUE])
def test_true_identities_are_proved(case):
    assert verdict(*case) is Verdict.PROVED


FALSE = [
    # each is false: the comment says why
    # a constant: twice sin z
    (r"\sin z = 2z\prod_{n=1}^{\infty}\left(1-\frac{z^{2}}{n^{2}\pi^{2}}\right)", C),
    # a product from 2 leaves out the factor 1 - z^2/pi^2
    (r"\sin z = z\prod_{n=2}^{\infty}\left(1-\frac{z^{2}}{n^{2}\pi^{2}}\right)", C),
    # a range from 0: the term at n = 0 is 1/z^2, 2z times it adds 2/z
    (r"\cot z = \frac{1}{z}+2z\sum_{n=0}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C),
    # from n = 0 the term 1/n^2 has a pole: the sum is undefined
    (r"\sum_{n=0}^{\infty}\frac{1}{n^{2}} = \frac{\pi^{2}}{6}",),
    # over all integers the term at n = 0 has a pole (twice zeta(2) is the sum over n != 0)
    (r"\sum_{n=-\infty}^{\infty}\frac{1}{n^{2}} = \frac{\pi^{2}}{3}",),
    # the sign (-1)^n dropped: that sum is cot z's
    (r"\csc z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C),
    # one side of the sum over all integers only
    (r"\csc^{2} z = \sum_{n=0}^{\infty}\frac{1}{(z-n\pi)^{2}}", C),
    # sinh's product has 1 + z^2/(n^2 pi^2)
    (r"\sinh z = z\prod_{n=1}^{\infty}\left(1-\frac{z^{2}}{n^{2}\pi^{2}}\right)", C),
    # zeta(2) is pi^2/6, not pi^2/8
    (r"\sum_{n=1}^{\infty}\frac{1}{n^{2}} = \frac{\pi^{2}}{8}",),
    # Leibniz's series is only conditionally convergent: not handled, never proved
    (r"\sum_{n=0}^{\infty}\frac{(-1)^{n}}{2n+1} = \frac{\pi}{4}",),
]


@pytest.mark.parametrize("case", FALSE, ids=[str(c[0]) for c in FALSE])
def test_false_neighbours_are_never_proved(case):
    assert verdict(*case) is not Verdict.PROVED


def test_closed_forms_by_gamma_and_psi_values():
    # the rewriting itself (no gate: it proves identities where both sides are defined): the
    # digamma function as a sum (DLMF 5.7.6) and Euler's product are shown; a divergent
    # product (sum a_i != sum b_i) and a divergent sum (degree gap 1) are not put in closed
    # form although the formulas would give 1/Gamma(1+z) and -psi(1+z)
    from symbolic.checks.infinite_rational import _is_zero, _prove
    oo = sympy.oo
    for lhs, rhs in [(sympy.Sum(Z / (N * (N + Z)), (N, 1, oo)), sympy.polygamma(0, 1 + Z) + sympy.EulerGamma),
                     (sympy.Product((N + Z) * (N - Z) / N**2, (N, 1, oo)),
                      1 / (sympy.gamma(1 + Z) * sympy.gamma(1 - Z)))]:
        value, _ = _prove(lhs, rhs)
        assert value is not None and _is_zero(value)
    for lhs, rhs in [(sympy.Product(1 + Z / N, (N, 1, oo)), 1 / sympy.gamma(1 + Z)),
                     (sympy.Sum(1 / (N + Z), (N, 1, oo)), -sympy.polygamma(0, 1 + Z))]:
        value, why = _prove(lhs, rhs)
        assert value is None and "converge" in why


def test_a_gamma_value_in_the_claim_is_not_proved():
    # the definedness gate does not know the poles of Gamma: no proof on the stated domain
    found = outcome((sympy.Product((N + Z) * (N - Z) / N**2, (N, 1, sympy.oo)),
                     1 / (sympy.gamma(1 + Z) * sympy.gamma(1 - Z))))
    assert found.verdict is Verdict.INCONCLUSIVE and "poles" in found.evidence[0].detail


def test_an_integer_parameter_is_not_handled():
    # at k = 0 the closed form (partial fractions with 1/k) is undefined and k's values are
    # isolated, so no continuity argument covers it
    found = outcome(r"\sum_{n=1}^{\infty}\frac{1}{n^{2}+k^{2}} = \frac{\pi k\coth(\pi k)-1}{2k^{2}}",
                    r"k \in \mathbb{Z}")
    assert found.verdict is not Verdict.PROVED
    assert "integer" in found.evidence[0].detail


def test_the_default_reading_leaves_a_pole_of_the_sum_undecided():
    # without the where-defined reading, cot z = ... is undefined at z = n pi: no proof
    found = outcome(r"\cot z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C,
                    config=CheckConfig(timeout_s=30))
    assert found.verdict is Verdict.INCONCLUSIVE


def test_the_where_defined_reading_names_the_terms_left_out():
    found = outcome(r"\cot z = \frac{1}{z}+2z\sum_{n=1}^{\infty}\frac{1}{z^{2}-n^{2}\pi^{2}}", C)
    text = " ".join(e.detail for e in found.evidence)
    assert found.verdict is Verdict.PROVED and "right side is undefined" in text
    assert "n^{2} + z^{2} = 0$ for an integer $n$ with $n \\geq 1$" in text


def test_a_condition_over_an_index_holds_only_off_the_integers_of_its_range():
    step = as_step(r"\csc^{2} z = \sum_{n=1}^{\infty}\frac{1}{(z-n\pi)^{2}}", C)
    z, = step.claim.free_symbols
    inner = [c for c in conditions(step.claim.rhs) if c.facts]
    assert inner and all(over_index_range(c, step.claim) for c in inner)
    c = inner[0]
    assert holds_for_every_index(c, step.claim, {z: sympy.Integer(1)})
    assert not holds_for_every_index(c, step.claim, {z: 2 * sympy.pi})
    # -pi is n pi for n = -1, outside the range n >= 1
    assert holds_for_every_index(c, step.claim, {z: -sympy.pi})
