"""DLMF Chapter 4 rows that need a general rule, each beside false claims of the same shape.

The true claims are DLMF formulas (4.2.7, 4.4.13, 4.4.14, 4.24.12, 4.38.14 as printed in the
DLMF); every false one is built to look like them and must not be proved. Expected verdicts were
worked out by hand before running the checker.
"""
import sympy

from symbolic.api import check
from symbolic.checks._derivative_domain import derivative_domain
from symbolic.config import CheckConfig
from symbolic.model import Claim, Relation, Step, Verdict, infer_kind

z = sympy.Symbol("z", complex=True)
C = r"a \in \mathbb{C}"
# as the DLMF states its formulas (and benchmarks/dlmf.py checks them): where both sides are defined
WHERE_DEFINED = CheckConfig(where_defined=True)


def _step(lhs, rhs):
    claim = Claim(lhs, Relation.EQ, rhs)
    return Step("S", infer_kind(claim), "derivative", claim=claim, assumptions=())


# -- derivatives of arccot z = arctan(1/z) and arcoth z = artanh(1/z) off their cuts --------

def test_arccot_derivative_domain_leaves_out_the_cut_and_zero():
    # 1 + z^2 = z^2 (1 + z^{-2}): nonzero where z != 0 and 1 + z^{-2} is off the cut
    domain = derivative_domain(_step(sympy.Derivative(sympy.atan(1 / z), z), -1 / (1 + z ** 2)))
    assert domain is not None
    assert {str(c.expr) for c in domain.excluded} == {"z", "1 + z**(-2)"}


def test_a_pole_that_the_cut_does_not_explain_is_not_left_out():
    # z = 3 is off the cut of arctan(1/z) and z != 0 there: the right side has a pole the
    # derivative's domain does not exclude, so no domain (the claim is false near z = 3 anyway)
    rhs = -1 / ((1 + z ** 2) * (z - 3))
    assert derivative_domain(_step(sympy.Derivative(sympy.atan(1 / z), z), rhs)) is None
    # a negative power of an excluded expression is no nonzero factor: 1/z^2 may hide a pole
    assert derivative_domain(_step(sympy.Derivative(sympy.atan(z), z), 1 / (z * (1 + z ** 2)))) is None


def test_arcoth_derivative_is_proved_and_a_wrong_sign_is_not():
    assert check(r"\frac{d}{dz}\operatorname{artanh}\left(\frac{1}{z}\right) = \frac{1}{1-z^{2}}",
                 assume=[r"z \in \mathbb{C}"], config=WHERE_DEFINED).verdict is Verdict.PROVED
    wrong = check(r"\frac{d}{dz}\arctan\left(\frac{1}{z}\right) = \frac{1}{1+z^{2}}",
                  assume=[r"z \in \mathbb{C}"], config=WHERE_DEFINED)
    assert wrong.verdict is not Verdict.PROVED      # (the numeric tier leaves it undecided)


# -- limits with a complex parameter (Re a > 0) and one-sided values on the cut of ln ---------

def test_limits_with_a_complex_exponent_are_proved_when_re_a_is_positive():
    assert check(r"\lim_{x\to\infty}x^{-a}\ln x = 0",
                 assume=[C, r"\operatorname{Re} a > 0"]).verdict is Verdict.PROVED
    assert check(r"\lim_{x\to 0}x^{a}\ln x = 0",
                 assume=[C, r"\operatorname{Re} a > 0"]).verdict is Verdict.PROVED


def test_limits_with_a_complex_exponent_are_not_proved_outside_re_a_positive():
    # Re a = -1/2 makes x^{-a} ln x grow; Re a = 0 (a = 0) makes ln x diverge at 0
    for claim, facts in [(r"\lim_{x\to\infty}x^{-a}\ln x = 0", [C, r"\operatorname{Re} a > -1"]),
                         (r"\lim_{x\to\infty}x^{-a}\ln x = 0", [C]),
                         (r"\lim_{x\to 0}x^{a}\ln x = 0", [C, r"\operatorname{Re} a \ge 0"]),
                         (r"\lim_{x\to 0}x^{a}\ln x = 1", [C, r"\operatorname{Re} a > 0"])]:
        assert check(claim, assume=facts).verdict is not Verdict.PROVED, (claim, facts)


def test_one_sided_values_of_ln_on_its_cut():
    above = r"\lim_{\epsilon \to 0^{+}} \left(\ln(x+ i\epsilon)\right) = \ln |x|+ i\pi"
    below = r"\lim_{\epsilon \to 0^{+}} \left(\ln(x- i\epsilon)\right) = \ln |x|- i\pi"
    assert check(above, assume=["x < 0"]).verdict is Verdict.PROVED
    assert check(below, assume=["x < 0"]).verdict is Verdict.PROVED
    # the sides of the cut swapped, and a point off the cut (x > 0: the limit is ln x)
    swapped = r"\lim_{\epsilon \to 0^{+}} \left(\ln(x- i\epsilon)\right) = \ln |x|+ i\pi"
    assert check(swapped, assume=["x < 0"]).verdict is not Verdict.PROVED
    assert check(above, assume=["x > 0"]).verdict is not Verdict.PROVED


# -- definite integrals with dilogarithm antiderivatives (DLMF 4.10.6, 4.10.12) ---------------
# the integral checker alone (the whole pipeline costs tens of seconds on these)

def _integral_verdict(latex, assume=()):
    from symbolic.api import step
    from symbolic.checks.integrals import integral_value
    return integral_value(step("S", latex, assume=assume), config=None, context=None).verdict


def test_integrals_with_dilogarithm_antiderivatives_are_proved():
    # SymPy's own value of the first is -pi^2/12 + 2 pi i ln 2 (wrong): the antiderivative
    # ln t ln(1 + t) + Li2(-t), differentiated and smooth on (0, 1), decides it
    assert _integral_verdict(r"\int_{0}^{1}\frac{\ln t}{1+t}\,dt = -\frac{\pi^{2}}{12}") is Verdict.PROVED
    # u = e^x turns it into \int_1^2 ln u / (u - 1) du, with antiderivative -Li2(1 - u)
    assert _integral_verdict(r"\int_{0}^{\ln 2}\frac{xe^{x}}{e^{x}-1}\,dx = \frac{\pi^{2}}{12}") \
        is Verdict.PROVED


def test_integrals_with_a_wrong_constant_or_range_are_not_proved():
    for claim in [r"\int_{0}^{1}\frac{\ln t}{1+t}\,dt = -\frac{\pi^{2}}{6}",
                  # the integrand's denominator vanishes inside (0, 2): not proved smooth there
                  r"\int_{0}^{2}\frac{\ln t}{1-t}\,dt = -\frac{\pi^{2}}{6}"]:
        assert _integral_verdict(claim) is not Verdict.PROVED, claim


# -- the principal power z^a = exp(a ln z) (DLMF 4.2.28) where both sides are defined ---------

def test_an_inexact_condition_covered_by_an_exact_one_is_left_out_by_it():
    from symbolic.checks._where_defined import one_sided_exclusion
    a = sympy.Symbol("a", complex=True)
    # z^a may be defined at 0 (Re a > 0), but ln z is not: z = 0 is left out as the right side's
    found = one_sided_exclusion(_step(z ** a, sympy.exp(a * sympy.log(z))))
    assert found is not None and not found.left and [str(c.expr) for c in found.right] == ["z"]
    # z - 1 != 0 of ln(z - 1) does not cover z != 0 of z^a: no such reading
    assert one_sided_exclusion(_step(z ** a, sympy.exp(a * sympy.log(z - 1)))) is None


# -- rows with general values: their domain decided on the principal values (DLMF 4.7.2) -------

def test_a_general_value_row_is_proved_where_its_principal_values_are():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from dlmf_principal import principal_domain
    plain = CheckConfig()
    said = principal_domain(r"\frac{d}{dz}\operatorname{Ln} z = \frac{1}{z}", [r"z \in \mathbb{C}"], plain)
    assert said is not None and "derivative exists" in said
    # both sides undefined at z = 0 only: the same points
    assert "same points" in principal_domain(r"\operatorname{Ln} z = \ln z+2k\pi i",
                                             [r"z \in \mathbb{C}", r"k \in \mathbb{Z}"], plain)
    # the left side is undefined at 0 and the right side is not: only the where-defined reading
    # (never the default) leaves 0 out
    assert principal_domain(r"\operatorname{Ln}(z) = z", [r"z \in \mathbb{C}"], plain) is None


def test_an_integral_over_the_line_by_u_equal_to_e_to_the_x():
    # DLMF 4.40.9: with u = e^x it is \int_0^oo 4 u^a / (1 + u)^2 du, which SymPy gives for
    # -1 < a < 1 (the stated range: the condition of its value is an assumption)
    claim = r"\int_{-\infty}^{\infty}\frac{e^{ax}}{\left(\cosh(\frac{1}{2}x)\right)^{2}}\,dx = \frac{4\pi a}{\sin(\pi a)}"
    assert _integral_verdict(claim, ["-1 < a", "a < 1"]) is Verdict.PROVED
    # a wider range than SymPy's condition (the integral diverges for a >= 1), a wrong constant
    assert _integral_verdict(claim, ["-1 < a", "a < 2"]) is not Verdict.PROVED
    wrong = claim.replace(r"{4\pi a}", r"{2\pi a}")
    assert _integral_verdict(wrong, ["-1 < a", "a < 1"]) is not Verdict.PROVED
