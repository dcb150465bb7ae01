"""Adversarial claims for the numeric tier (issue 12): false claims that fool tolerance-based,
sampled or few-size numerics, beside true claims of the same shapes.

Each entry: the LaTeX claim, its assumptions in LaTeX (as ``stepcheck check --assume`` takes
them), its truth on the stated domain, a family, and why — for a false claim a concrete
counterexample or where the sides differ, for a true claim why it holds on the whole domain.
Every truth value was worked out by hand and the numbers checked with mpmath at 400 digits,
independently of the tool.

Conventions (those of the tool's README and of issue 12): symbols are real unless assumed
complex; a claim about real numbers fails at a point of its domain where one side is a real
number and the other is undefined or not real; an empty range of a sum is 0 and of a product 1.
"""
from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    """One claim of known truth."""

    latex: str
    assume: tuple[str, ...]
    truth: bool
    family: str
    why: str


ENTRIES: list[Entry] = []


def _add(family: str, truth: bool, rows) -> None:
    for row in rows:
        latex, why, *assume = row
        ENTRIES.append(Entry(latex, tuple(assume), truth, family, why))


POS_INT = r"n \in \mathbb{Z}_{>0}"
NONNEG_INT = r"n \in \mathbb{Z}_{\ge 0}"

# --- precision traps: the sides differ by 10^-18 ... 10^-305 ----------------------------------
_add("precision", False, [
    *[(rf"1 + 10^{{-{k}}} = 1", f"lhs - rhs = 10^-{k} exactly")
      for k in (20, 35, 50, 75, 95, 120, 160, 200, 250, 300)],
    *[(rf"10^{{{k}}} + 1 = 10^{{{k}}}", "the sides are integers that differ by 1")
      for k in (20, 60, 120, 300)],
    (r"1 - 10^{-300} = 1", "lhs - rhs = -10^-300"),
    (r"\frac{e^{1000}}{e^{1000}+e^{960}} = 1", "lhs = 1/(1+e^-40): 1 - lhs = 4.25e-18"),
    (r"\frac{e^{500}}{e^{500}+e^{400}} = 1", "lhs = 1/(1+e^-100): 1 - lhs = 3.72e-44"),
    (r"\frac{e^{2000}}{e^{2000}+e^{1500}} = 1", "lhs = 1/(1+e^-500): 1 - lhs = 7.12e-218"),
    (r"\frac{e^{960}}{e^{1000}+e^{960}} = 0", "lhs = 1/(1+e^40) = 4.25e-18 > 0"),
    (r"\ln(e^{300}+1) = 300", "lhs - 300 = ln(1+e^-300) = 5.15e-131"),
    (r"\ln(e^{100}+1) = 100", "lhs - 100 = ln(1+e^-100) = 3.72e-44"),
    (r"\ln(e^{700}+1) = 700", "lhs - 700 = ln(1+e^-700) = 9.86e-305"),
    (r"\ln(e^{50}+e^{10}) = 50", "lhs - 50 = ln(1+e^-40) = 4.25e-18"),
    (r"\tanh(25) = 1", "1 - tanh 25 = 2/(e^50+1) = 3.86e-22"),
    (r"\tanh(50) = 1", "1 - tanh 50 = 2/(e^100+1) = 7.44e-44"),
    (r"\tanh(100) = 1", "1 - tanh 100 = 2/(e^200+1) = 2.77e-87"),
    (r"\tanh(300) = 1", "1 - tanh 300 = 2/(e^600+1) = 5.30e-261"),
    (r"\frac{1}{1+e^{-60}} = 1", "1 - lhs = 1/(1+e^60) = 8.76e-27"),
    (r"\frac{1}{1+e^{-345}} = 1", "1 - lhs = 1/(1+e^345) = 1.47e-150"),
    (r"e^{\pi\sqrt{163}} = 262537412640768744", "lhs = 262537412640768743.99999999999925..."),
    (r"e^{\pi\sqrt{58}} = 24591257752", "lhs = 24591257751.99999982..."),
    (r"e^{\pi\sqrt{43}} = 884736744", "lhs = 884736743.99977..."),
    (r"e^{\pi\sqrt{67}} = 147197952744", "lhs = 147197952743.9999987..."),
    (r"e^{\pi} - \pi = 20", "lhs = 19.99909998..."),
    (r"\pi^4 + \pi^5 = e^6", "lhs - rhs = -1.77e-5"),
    (r"\frac{\ln(640320^3+744)}{\sqrt{163}} = \pi", "lhs - pi = 2.24e-31 (e^(pi sqrt163) = 640320^3+744 - 7.5e-13)"),
    (r"\sqrt{2} = 1.41421356237309504880168872420969807856967187537694",
     "sqrt 2 is irrational; its 51st significant digit is 8: lhs - rhs = 8.07e-51"),
    (r"\pi = 3.14159265358979323846264338327950288419716939937510582097494459",
     "pi is irrational; lhs - rhs = 2.3e-63"),
    (r"\sum_{k=0}^{40} \frac{1}{k!} = e", "the sum misses the tail from 1/41!: lhs - e = -3.06e-50"),
    (r"\sum_{k=0}^{60} \frac{1}{k!} = e", "the sum misses the tail from 1/61!: lhs - e = -2.00e-84"),
    (r"\sum_{k=0}^{150} \frac{1}{k!} = e", "the sum misses the tail from 1/151!: lhs - e = -1.17e-265"),
    (r"(1+10^{-40})^2 - 1 = 2\cdot 10^{-40}", "lhs = 2e-40 + 1e-80 exactly"),
    (r"\sqrt{10^{40}+1} - 10^{20} = \frac{1}{2\cdot 10^{20}}",
     "lhs = 1/(sqrt(10^40+1)+10^20) < 1/(2e20); the difference is about 1.25e-61"),
    (r"\ln(1 + 10^{-30}) = 10^{-30}", "ln(1+t) = t - t^2/2 + ...: lhs - rhs = -5e-61"),
    (r"e^{10^{-25}} = 1 + 10^{-25}", "e^t = 1 + t + t^2/2 + ...: lhs - rhs = 5e-51"),
    (r"\sin(10^{-20}) = 10^{-20}", "sin t = t - t^3/6 + ...: lhs - rhs = -1.67e-61"),
    (r"\cos(10^{-30}) = 1", "cos t = 1 - t^2/2 + ...: lhs - rhs = -5e-61"),
    (r"\arctan(10^{20}) = \frac{\pi}{2}", "arctan(10^20) = pi/2 - arctan(10^-20): lhs - rhs = -1e-20"),
    (r"\operatorname{erf}(10) = 1", "1 - erf(10) = erfc(10) = 2.09e-45"),
    (r"\zeta(100) = 1", "zeta(100) - 1 = 2^-100 + ... = 7.89e-31"),
    (r"2^{-1000} = 0", "2^-1000 = 9.3e-302 > 0"),
    (r"e^{-700} = 0", "e^-700 = 9.86e-305 > 0"),
    (r"\sqrt{1+10^{-60}} = 1 + \frac{10^{-60}}{2}", "sqrt(1+t) = 1 + t/2 - t^2/8 + ...: lhs - rhs = -1.25e-121"),
    (r"\frac{10^{50}+1}{10^{50}} = 1", "lhs - 1 = 10^-50"),
    (r"\ln(10^{100}+1) = 100\ln 10", "lhs - rhs = ln(1+10^-100) = 1e-100"),
    (r"\ln(10^{300}) = 690.775527898213705205397436405",
     "300 ln 10 = 690.77552789821370520539743640530926...; the decimal is cut after 27 places"),
    (r"1 + 10^{-20} + 10^{-40} + 10^{-60} = 1 + 10^{-20}", "lhs - rhs = 10^-40 + 10^-60"),
    (r"10^{20} + \sum_{k=1}^{1000} 10^{-3} = 10^{20}", "the sum is 1000 * 10^-3 = 1: lhs - rhs = 1"),
    (r"\cosh(300) - \sinh(300) = 0", "cosh t - sinh t = e^-t: lhs = e^-300 = 5.15e-131"),
    (r"\cosh^2(500) - \sinh^2(500) = 0", "cosh^2 - sinh^2 = 1 although each term is about 5e433"),
    (r"(10^{20}+1)^2 - 10^{40} = 2 \cdot 10^{20}", "lhs = 2*10^20 + 1 exactly"),
    (r"\sinh(10^{-30}) = 10^{-30}", "sinh t = t + t^3/6 + ...: lhs - rhs = 1.67e-91"),
    (r"\tan(10^{-40}) = 10^{-40}", "tan t = t + t^3/3 + ...: lhs - rhs = 3.3e-121"),
    (r"\frac{1 - \cos(10^{-10})}{10^{-20}} = 0", "1 - cos t = t^2/2 - ...: lhs = 0.5 - 4e-22"),
])
_add("precision", True, [
    (r"(1+10^{-40})^2 - 1 = 2\cdot 10^{-40} + 10^{-80}", "exact rational arithmetic"),
    (r"1 + 10^{-95} > 1", "10^-95 > 0"),
    (r"1 + 10^{-300} \ne 1", "10^-300 != 0"),
    (r"1 - 10^{-300} < 1", "10^-300 > 0"),
    (r"10^{300} + 1 > 10^{300}", "1 > 0"),
    (r"\frac{e^{1000}}{e^{1000}+e^{960}} = \frac{1}{1+e^{-40}}", "divide numerator and denominator by e^1000"),
    (r"\frac{e^{1000}}{e^{1000}+e^{960}} < 1", "e^960 > 0"),
    (r"\ln(e^{300}+1) = 300 + \ln(1+e^{-300})", "e^300 + 1 = e^300 (1 + e^-300)"),
    (r"\ln(e^{300}+1) > 300", "e^300 + 1 > e^300 and ln is increasing"),
    (r"\tanh(50) = \frac{e^{100}-1}{e^{100}+1}", "tanh t = (e^2t - 1)/(e^2t + 1)"),
    (r"\tanh(50) < 1", "tanh t = 1 - 2/(e^2t+1) < 1"),
    (r"1 - \tanh(300) > 0", "1 - tanh 300 = 2/(e^600+1) > 0"),
    (r"\frac{1}{1+e^{-60}} = \frac{e^{60}}{e^{60}+1}", "multiply numerator and denominator by e^60"),
    (r"e^{\pi\sqrt{163}} < 262537412640768744", "lhs = 262537412640768743.99999999999925..."),
    (r"e^{\pi\sqrt{163}} > 262537412640768743", "lhs = 262537412640768743.99999999999925..."),
    (r"e^{\pi\sqrt{58}} < 24591257752", "lhs = 24591257751.99999982..."),
    (r"e^{\pi} - \pi < 20", "lhs = 19.99909998..."),
    (r"\sqrt{2} > 1.41421356237309504880168872420969807856967187537694",
     "sqrt 2 = 1.41421356237309504880168872420969807856967187537694807..."),
    (r"\sum_{k=0}^{40} \frac{1}{k!} < e", "every omitted term 1/k!, k > 40, is positive"),
    (r"\sum_{k=0}^{150} \frac{1}{k!} < e", "every omitted term 1/k!, k > 150, is positive"),
    (r"\ln(1 + 10^{-30}) < 10^{-30}", "ln(1+t) < t for t > 0"),
    (r"\sin(10^{-20}) < 10^{-20}", "sin t < t for t > 0"),
    (r"\cos(10^{-30}) < 1", "cos t < 1 for 0 < t < 2 pi"),
    (r"\arctan(10^{20}) < \frac{\pi}{2}", "arctan < pi/2 on the reals"),
    (r"\arctan(10^{20}) = \frac{\pi}{2} - \arctan(10^{-20})", "arctan t + arctan(1/t) = pi/2 for t > 0"),
    (r"\operatorname{erf}(10) < 1", "erf t = 1 - erfc t and erfc t > 0"),
    (r"\zeta(100) > 1", "zeta(100) = 1 + 2^-100 + ... > 1"),
    (r"2^{-1000} > 0", "a power of 2 is positive"),
    (r"\ln(10^{100}+1) > 100\ln 10", "10^100 + 1 > 10^100 and ln is increasing"),
    (r"\sqrt{10^{40}+1} - 10^{20} = \frac{1}{\sqrt{10^{40}+1}+10^{20}}", "multiply by the conjugate"),
    (r"\cosh(300) - \sinh(300) = e^{-300}", "cosh t - sinh t = e^-t"),
    (r"\cosh^2(500) - \sinh^2(500) = 1", "cosh^2 t - sinh^2 t = 1 for every t"),
    (r"\ln(e^{700}+1) - 700 = \ln(1+e^{-700})", "e^700 + 1 = e^700 (1 + e^-700)"),
    (r"\frac{\ln(640320^3+744)}{\sqrt{163}} > \pi", "640320^3 + 744 > e^(pi sqrt163) (by 7.5e-13)"),
    (r"\pi^4 + \pi^5 < e^6", "lhs - rhs = -1.77e-5"),
    (r"e^{-700} > 0", "exp is positive"),
    (r"10^{20} + \sum_{k=1}^{1000} 10^{-3} = 10^{20} + 1", "1000 terms of 10^-3 sum to 1"),
])

# --- huge arguments -----------------------------------------------------------------------------
_add("huge_argument", False, [
    (r"\sin(10^{100}) = 7", "|sin| <= 1; sin(10^100) = -0.3723761236..."),
    (r"\cos(10^{50}) = 2", "|cos| <= 1; cos(10^50) = -0.6135286082..."),
    (r"\sin(10^{100}) > 1", "|sin| <= 1"),
    (r"\sin(10^{22}) = 0", "sin(10^22) = -0.8522008497671888..."),
    (r"\cos(10^{22}) = 1", "cos(10^22) = 0.5232147853951389..."),
    (r"(\sin(10^{100}))^2 + (\cos(10^{100}))^2 = 2", "the sum is 1 for every argument"),
    (r"\tan(10^{30}) = 0", "tan(10^30) = 0.0904850680633..."),
    (r"\tan(10^{100}) = 0", "tan(10^100) = 0.4012319619908..."),
    (r"e^{\sin(10^{50})} > 3", "e^sin t <= e < 3"),
    (r"\sin(10^{100}) = \sin(10^{100} + 1)",
     "sin(a+1) - sin a = 2 cos(a+1/2) sin(1/2), and a + 1/2 = (k+1/2) pi would make pi rational"),
    (r"\sin(10^{50}) = \sin(10^{50} + 6)",
     "sin(a+6) - sin a = 2 cos(a+3) sin 3, nonzero since a+3 is rational and pi is not"),
    (r"\cos((10^{50}+1)\pi) = 1", "10^50 + 1 is odd: the cosine is -1"),
    (r"\cos(10^{200}\pi) = -1", "10^200 is even: the cosine is 1"),
    (r"\sin(10^{300}) = 0", "sin of a nonzero integer is never 0 (pi is irrational)"),
    (r"\sqrt{10^{200}+1} = 10^{100}", "lhs^2 - rhs^2 = 1: lhs - rhs = 5e-101"),
    (r"\sin(10^{40})\cos(10^{40}) = \frac{1}{2}", "= sin(2*10^40)/2, and sin of a nonzero integer is never 1"),
    (r"\sinh(1000) = \cosh(1000)", "cosh t - sinh t = e^-t = e^-1000 != 0"),
    (r"e^{1000} + 1 = e^{1000}", "the sides differ by 1 (relative 5e-435)"),
])
_add("huge_argument", True, [
    (r"\cos^2(10^{50}) + \sin^2(10^{50}) = 1", "Pythagoras, for every real argument"),
    (r"(\sin(10^{100}))^2 + (\cos(10^{100}))^2 = 1", "Pythagoras, for every real argument"),
    (r"\sin(10^{100}) \le 1", "|sin| <= 1"),
    (r"\sin(10^{22}) < 0", "sin(10^22) = -0.8522..."),
    (r"\cos(10^{22}) > 0.5", "cos(10^22) = 0.52321..."),
    (r"\sin(2 \cdot 10^{40}) = 2\sin(10^{40})\cos(10^{40})", "double-angle formula"),
    (r"\sin(10^{50}) = \sin(10^{50} + 2\pi)", "sin has period 2 pi"),
    (r"\sin(10^{50}) = -\sin(-10^{50})", "sin is odd"),
    (r"\cos(10^{50}\pi) = 1", "10^50 is even"),
    (r"\cos((10^{50}+1)\pi) = -1", "10^50 + 1 is odd"),
    (r"\sin(10^{100}\pi) = 0", "sin(k pi) = 0 for every integer k"),
    (r"\cos(10^{100}\pi) = 1", "10^100 is even"),
    (r"\sin(10^{300}) \ne 0", "sin of a nonzero integer is never 0 (pi is irrational)"),
    (r"e^{\sin(10^{50})} < 3", "e^sin t <= e < 3"),
    (r"\sinh(1000) < \cosh(1000)", "cosh t - sinh t = e^-t > 0"),
    (r"\cosh(1000) - \sinh(1000) = e^{-1000}", "cosh t - sinh t = e^-t"),
    (r"\sqrt{10^{200}+1} > 10^{100}", "10^200 + 1 > 10^200 and sqrt is increasing"),
])

# --- partial domains: one side is undefined or not real on part of the stated domain ------------
_add("partial_domain", False, [
    (r"\ln(x^2) = 2\ln x", "x = -1: lhs = 0, ln(-1) is not real"),
    (r"\ln(x^2) = 2\ln x", "x = -1: lhs = 0, ln(-1) is not real", r"x \ne 0"),
    (r"\ln(x^2) = 2\ln x", "x = -1: lhs = 0, ln(-1) is not real", r"x \in \mathbb{R}"),
    (r"\ln(x^4) = 4\ln x", "x = -1: lhs = 0, ln(-1) is not real", r"x \ne 0"),
    (r"\ln(xy) = \ln x + \ln y", "x = y = -1: lhs = 0, ln(-1) is not real"),
    (r"\ln(a^2 b) = 2\ln a + \ln b", "a = -1, b = 1: lhs = 0, ln(-1) is not real"),
    (r"\ln(a^2 b) = 2\ln a + \ln b", "a = -1, b = 1: lhs = 0, ln(-1) is not real", "b > 0"),
    (r"\ln\frac{x}{y} = \ln x - \ln y", "x = y = -1: lhs = 0, ln(-1) is not real"),
    (r"\sqrt{x^2} = x", "x = -1: lhs = 1, rhs = -1"),
    (r"\sqrt{x^2} = x", "x = -1/2: lhs = 1/2, rhs = -1/2", r"x \ge -1"),
    (r"\sqrt{x^2} = x", "x = -10^-31: lhs = 10^-31, rhs = -10^-31", r"x > -10^{-30}"),
    (r"\sqrt{xy} = \sqrt{x}\sqrt{y}", "x = y = -1: lhs = 1, sqrt(-1) is not real"),
    (r"\sqrt{xy} = \sqrt{x}\sqrt{y}", "x = y = -1: lhs = 1, sqrt(-1) is not real", "x < 0", "y < 0"),
    (r"(x^2)^{3/2} = x^3", "x = -1: lhs = 1, rhs = -1"),
    (r"(x^a)^b = x^{ab}", "x = -1, a = 2, b = 1/2: lhs = 1, rhs = (-1)^1 = -1"),
    (r"(x^2)^{1/2} = x", "x = -2: lhs = 2, rhs = -2"),
    (r"\arcsin(\sin x) = x", "x = 2: arcsin(sin 2) = pi - 2 = 1.1416"),
    (r"\arcsin(\sin x) = x", "x = 1.9: arcsin(sin 1.9) = pi - 1.9 = 1.2416", "-2 < x < 2"),
    (r"\arcsin(\sin x) = x", "x = 1.5708 > pi/2 = 1.57079633: arcsin(sin x) = pi - x = 1.5707853",
     r"-\frac{\pi}{2} \le x \le 1.5708"),
    (r"\arccos(\cos x) = x", "x = -1/2: arccos(cos(-1/2)) = 1/2", "-1 < x < 1"),
    (r"\arctan(\tan x) = x", "x = 1.9: tan 1.9 < 0, arctan(tan 1.9) = 1.9 - pi", "0 < x < 2"),
    (r"e^{\ln x} = x", "x = -1: rhs = -1, ln(-1) is not real"),
    (r"\frac{x}{|x|} = 1", "x = -1: lhs = -1", r"x \ne 0"),
    (r"|x| = x", "x = -1: lhs = 1, rhs = -1"),
    (r"\sqrt{x}^2 = x", "x = -1: rhs = -1, sqrt(-1) is not real"),
    (r"\tan x \cos x = \sin x", "x = pi/2: rhs = 1, tan(pi/2) is undefined"),
    (r"x^{\frac{1}{2}} \cdot x^{\frac{1}{2}} = |x|", "x = -1: rhs = 1, (-1)^(1/2) is not real"),
])
_add("partial_domain", True, [
    (r"\ln(x^2) = 2\ln x", "ln(x^2) = 2 ln x for x > 0", "x > 0"),
    (r"\ln(x^2) = 2\ln|x|", "x^2 = |x|^2 and |x| > 0", r"x \ne 0"),
    (r"\ln(x^4) = 4\ln|x|", "x^4 = |x|^4 and |x| > 0", r"x \ne 0"),
    (r"\ln(xy) = \ln x + \ln y", "ln is a homomorphism on the positive reals", "x > 0", "y > 0"),
    (r"\ln(xy) = \ln(-x) + \ln(-y)", "xy = (-x)(-y) with -x, -y > 0", "x < 0", "y < 0"),
    (r"\ln(a^2 b) = 2\ln a + \ln b", "a, b > 0", "a > 0", "b > 0"),
    (r"\ln(a^2 b) = 2\ln|a| + \ln b", "a^2 = |a|^2 with |a| > 0, b > 0", r"a \ne 0", "b > 0"),
    (r"\ln\frac{x}{y} = \ln x - \ln y", "x, y > 0", "x > 0", "y > 0"),
    (r"\sqrt{x^2} = |x|", "the principal root of x^2 >= 0 is |x|"),
    (r"\sqrt{x^2} = x", "x >= 0", r"x \ge 0"),
    (r"\sqrt{x^2} = -x", "x <= 0 so |x| = -x", r"x \le 0"),
    (r"\sqrt{xy} = \sqrt{x}\sqrt{y}", "x, y > 0", "x > 0", "y > 0"),
    (r"\sqrt{xy} = \sqrt{-x}\sqrt{-y}", "xy = (-x)(-y) with -x, -y > 0", "x < 0", "y < 0"),
    (r"(x^2)^{3/2} = |x|^3", "(x^2)^(3/2) = (|x|^2)^(3/2) = |x|^3"),
    (r"(x^a)^b = x^{ab}", "x > 0", "x > 0"),
    (r"\arcsin(\sin x) = x", "arcsin inverts sin on [-pi/2, pi/2]",
     r"-\frac{\pi}{2} \le x \le \frac{\pi}{2}"),
    (r"\arcsin(\sin x) = \pi - x", "sin x = sin(pi - x) with pi - x in [-pi/2, pi/2]",
     r"\frac{\pi}{2} \le x \le \frac{3\pi}{2}"),
    (r"\arcsin(\sin x) = x", "[-1.5707, 1.5707] lies inside [-pi/2, pi/2]", r"-1.5707 \le x \le 1.5707"),
    (r"\arccos(\cos x) = x", "arccos inverts cos on [0, pi]", r"0 \le x \le \pi"),
    (r"\arccos(\cos x) = -x", "cos is even and -x is in [0, pi]", r"-\pi \le x \le 0"),
    (r"\arctan(\tan x) = x", "arctan inverts tan on (-pi/2, pi/2)", r"-\frac{\pi}{2} < x < \frac{\pi}{2}"),
    (r"e^{\ln x} = x", "x > 0", "x > 0"),
    (r"\ln(e^{x}) = x", "e^x > 0 for every real x"),
    (r"\frac{x}{|x|} = 1", "x > 0", "x > 0"),
    (r"|x| = x", "x >= 0", r"x \ge 0"),
    (r"|x| = -x", "x <= 0", r"x \le 0"),
    (r"\tan x \cos x = \sin x", "cos x != 0 on (-pi/2, pi/2)", r"-\frac{\pi}{2} < x < \frac{\pi}{2}"),
    (r"\sqrt{x}^2 = x", "x >= 0", r"x \ge 0"),
])

# --- sizes: claims over a general n that fail only at n = 0, 1 or past 20 -----------------------
_add("sizes", False, [
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + 3", "all x_j = 0, n = 21: ln 21 = 3.045 > 3", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + 5", "all x_j = 0, n = 149: ln 149 = 5.004 > 5", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + 7", "all x_j = 0, n = 1097: ln 1097 = 7.0003 > 7", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + 10", "all x_j = 0, n = 22027: ln 22027 = 10.00002 > 10", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \ge \max_j x_j + \ln n", "n = 2, x = (0, -1): ln(1 + 1/e) = 0.313 < ln 2", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} > \max_j x_j", "n = 1: both sides are x_1", POS_INT),
    (r"\frac{e^{x_1}}{\sum_{j=1}^{n} e^{x_j}} < 1", "n = 1: the ratio is 1", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \le 4", "H_31 = 4.0272 > 4 (H_30 = 3.9950)", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \le 5", "H_83 = 5.0020 > 5", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \le 7", "H_616 = 7.0001 > 7", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \le 8", "H_1674 > 8", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \ge \ln n + 0.58", "H_n - ln n decreases to 0.5772...; below 0.58 from n = 180", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \ge \ln n + 0.5773", "H_n - ln n < 0.5773 from n = 5929", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j^2} \le 1.64", "the partial sums pass 1.64 at n = 203 (zeta(2) = 1.6449)", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j(j+1)} < 0.999", "the sum is 1 - 1/(n+1) = 0.999 at n = 999", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{2^j} < 1 - 10^{-30}", "the sum is 1 - 2^-n >= 1 - 10^-30 from n = 100", POS_INT),
    (r"\sum_{j=0}^{n} \frac{1}{j!} < 2.71828", "n = 9: the sum is 2.7182815 > 2.71828", NONNEG_INT),
    (r"n! \le 10^{20}", "22! = 1.124e21 > 10^20", POS_INT),
    (r"2^n > n^3", "n = 2: 4 < 8", POS_INT),
    (r"2^n \le n^{10}", "n = 59: 2^59 = 5.76e17 > 59^10 = 5.11e17", r"n \in \mathbb{Z}", r"n \ge 2"),
    (r"\left(1+\frac{1}{n}\right)^n \le 2.718", "the left side passes 2.718 at n = 4822", POS_INT),
    (r"\left(1+\frac{1}{n}\right)^n \le 2.7", "the left side passes 2.7 at n = 74", POS_INT),
    (r"\sum_{j=1}^{n}(-1) \le -1", "n = 0: the empty sum 0 > -1", NONNEG_INT),
    (r"\sum_{j=1}^{n} j \ge 1", "n = 0: the empty sum is 0", NONNEG_INT),
    (r"\prod_{j=1}^{n} 2 \ge 2", "n = 0: the empty product is 1", NONNEG_INT),
    (r"2^n \ge n^2", "n = 3: 8 < 9", POS_INT),
    (r"n! > 10^{n}", "n = 1: 1 < 10 (true only from n = 25)", POS_INT),
    (r"n! \ge 2^n", "n = 1: 1 < 2", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \ne 1", "n = 1: H_1 = 1", POS_INT),
    (r"\frac{1}{n}\sum_{j=1}^{n} x_j \ge \min(x_1, x_2)", "n = 3, x = (0, 0, -3): mean -1 < 0", POS_INT),
])
_add("sizes", True, [
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n", "each e^x_j <= e^max", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \ge \max_j x_j", "the sum contains e^max and the other terms are positive", POS_INT),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \ge \frac{1}{n}\sum_{j=1}^{n} x_j + \ln n",
     "AM-GM: (1/n) sum e^x_j >= e^mean", POS_INT),
    (r"\sum_{j=1}^{n} e^{x_j} \le n e^{\max_j x_j}", "each term <= e^max", POS_INT),
    (r"\frac{e^{x_1}}{\sum_{j=1}^{n} e^{x_j}} \le 1", "the denominator contains e^x_1 and positive terms", POS_INT),
    (r"\frac{1}{n}\sum_{j=1}^{n} x_j \le \max_j x_j", "a mean is at most the largest term", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \le 1 + \ln n", "1/j <= integral of 1/x over [j-1, j] for j >= 2", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \ge \ln(n+1)", "1/j >= integral of 1/x over [j, j+1]", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} > \ln n + 0.5772", "H_n - ln n decreases strictly to gamma = 0.57721566 > 0.5772", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j^2} < 1.645", "the partial sums increase to zeta(2) = 1.64493 < 1.645", POS_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j(j+1)} = 1 - \frac{1}{n+1}", "telescoping 1/j - 1/(j+1)", NONNEG_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j(j+1)} < 1", "the sum is 1 - 1/(n+1)", NONNEG_INT),
    (r"\sum_{j=1}^{n} \frac{1}{2^j} = 1 - 2^{-n}", "geometric sum", NONNEG_INT),
    (r"\sum_{j=0}^{n} \frac{1}{j!} < e", "every omitted term is positive", NONNEG_INT),
    (r"n! \le n^n", "each factor j <= n", POS_INT),
    (r"n! > 10^{n}", "25! = 1.55e25 > 10^25, and each further factor is > 10", r"n \in \mathbb{Z}", r"n \ge 25"),
    (r"2^n > n^3", "2^10 = 1024 > 1000, and ((n+1)/n)^3 <= 1.331 < 2 for n >= 10",
     r"n \in \mathbb{Z}", r"n \ge 10"),
    (r"3^n \ge n^3", "n = 1, 2, 3 by hand (3 = 3 is equality); ((n+1)/n)^3 < 3 from n = 3 on", POS_INT),
    (r"\left(1+\frac{1}{n}\right)^n < e", "n ln(1+1/n) < 1 since ln(1+t) < t", POS_INT),
    (r"\left(1+\frac{1}{n}\right)^{n+1} > e", "(n+1) ln(1+1/n) > 1 since ln(1+t) > t/(1+t)", POS_INT),
    (r"\binom{2n}{n} < 4^n", "the central term of (1+1)^2n is less than the total for n >= 1", POS_INT),
    (r"\sum_{j=1}^{n} j = \frac{n(n+1)}{2}", "Gauss; n = 0 gives 0 = 0", NONNEG_INT),
    (r"\sum_{j=1}^{n} j^2 = \frac{n(n+1)(2n+1)}{6}", "induction; n = 0 gives 0 = 0", NONNEG_INT),
    (r"\sum_{j=1}^{n} j^3 = \frac{n^2(n+1)^2}{4}", "Nicomachus; n = 0 gives 0 = 0", NONNEG_INT),
    (r"\sum_{j=1}^{n}(-1) = -n", "n terms of -1", NONNEG_INT),
    (r"\sum_{j=1}^{n}(-1) \le 0", "n terms of -1, n >= 0", NONNEG_INT),
    (r"\prod_{j=1}^{n} 2 = 2^n", "n factors of 2; n = 0 gives 1 = 1", NONNEG_INT),
    (r"\sum_{j=1}^{n} x_j^2 \ge 0", "a sum of squares", NONNEG_INT),
    (r"\sum_{j=1}^{n} \frac{1}{j} \ne 2", "H_1 = 1 and H_n is not an integer for n >= 2", POS_INT),
])

# --- empty ranges: an empty sum is 0 and an empty product 1 (not SymPy's reversed-range sum) -----
_add("empty_range", False, [
    (r"\sum_{j=5}^{3} j = -4", "the range 5..3 is empty: lhs = 0 (-4 is SymPy's reversed-sum value)"),
    (r"\prod_{j=1}^{0} x_j = 0", "the empty product is 1"),
    (r"\sum_{j=3}^{1} 1 = -1", "the range 3..1 is empty: lhs = 0"),
    (r"\prod_{j=3}^{1} 2 = \frac{1}{2}", "the range 3..1 is empty: lhs = 1"),
    (r"\sum_{j=10}^{1} j^2 = -\sum_{j=2}^{9} j^2", "lhs is the empty sum 0, rhs = -284"),
    (r"\sum_{j=n+2}^{n} j = -(n+1)", "the range n+2..n is empty: lhs = 0, rhs = -2 at n = 1", POS_INT),
    (r"\sum_{j=1}^{n} 1 = n", "n = -1: the range 1..-1 is empty, lhs = 0, rhs = -1", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{n} j = \frac{n(n+1)}{2}", "n = -2: the range is empty, lhs = 0, rhs = 1", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{0} x_j = x_1", "the empty sum is 0; x_1 = 1 differs"),
    (r"\prod_{j=5}^{4} x_j = x_5", "the empty product is 1; x_5 = 2 differs"),
])
_add("empty_range", True, [
    (r"\sum_{j=5}^{3} j = 0", "the range 5..3 is empty"),
    (r"\prod_{j=1}^{0} x_j = 1", "the empty product"),
    (r"\sum_{j=1}^{0} x_j = 0", "the empty sum"),
    (r"\prod_{j=3}^{1} 2 = 1", "the range 3..1 is empty"),
    (r"\sum_{j=10}^{1} j^2 = 0", "the range 10..1 is empty"),
    (r"\sum_{j=n+1}^{n} x_j = 0", "the range n+1..n is empty for every n", POS_INT),
    (r"\sum_{j=n+2}^{n} j = 0", "the range n+2..n is empty for every n", POS_INT),
    (r"\sum_{j=1}^{n} 1 = \max(n, 0)", "n terms for n >= 1, the empty sum for n <= 0", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{n} j \ge n", "n(n+1)/2 >= n for n >= 1; 0 >= n for n <= 0", r"n \in \mathbb{Z}"),
    (r"\prod_{j=1}^{n} 1 = 1", "every factor is 1, the empty product is 1", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{n} 2 = 2n", "n terms of 2; n = 0 gives 0", NONNEG_INT),
])

# --- isolated counterexamples, often at irrational points; tiny violation regions ---------------
_add("isolated", False, [
    (r"\sin x < 1", "x = pi/2: sin x = 1"),
    (r"\cos x > -1", "x = pi: cos x = -1"),
    (r"x^2 - 2 \ne 0", "x = sqrt 2"),
    (r"(x-\pi)^2 > 0", "x = pi"),
    (r"\sin x \ne 0", "x = pi > 3", "x > 3"),
    (r"\cos x \ne 0", "x = pi/2"),
    (r"x^3 - 2 \ne 0", "x = 2^(1/3)"),
    (r"e^{x} \ne 2", "x = ln 2"),
    (r"\ln x \ne 1", "x = e", "x > 0"),
    (r"x^2 - x - 1 \ne 0", "x = (1 + sqrt 5)/2"),
    (r"x e^{x} \ne 1", "x = W(1) = 0.5671432904..."),
    (r"\cos x \ne x", "x = 0.7390851332... (the Dottie number)"),
    (r"x^x \ne 2", "x = 1.5596104694...", "x > 0"),
    (r"\tan x \ne 1", "x = pi/4 = 0.78539816 < 0.7854", "0 < x < 0.7854"),
    (r"x^2 + y^2 \ne 1", "x = 1, y = 0 (the whole unit circle)"),
    (r"\sin x \sin y < 1", "x = y = pi/2"),
    (r"\cos x + \cos y > -2", "x = y = pi"),
    (r"\sin x + \cos x < \sqrt{2}", "x = pi/4: sin + cos = sqrt 2"),
    (r"\sin x \cos x < \frac{1}{2}", "x = pi/4: the product is 1/2"),
    (r"x^4 - 4x^2 + 4 > 0", "x = sqrt 2: (x^2-2)^2 = 0"),
    (r"(x-\sqrt{2})^2 (x-\sqrt{3})^2 > 0", "x = sqrt 2"),
    (r"\frac{\ln x}{x} < \frac{1}{e}", "x = e: equality", "x > 0"),
    (r"\frac{\ln x}{x} < 0.36787944", "x = e: ln x / x = 1/e = 0.3678794412 > 0.36787944", "x > 0"),
    (r"x\ln x > -\frac{1}{e}", "x = 1/e: equality", "x > 0"),
    (r"e^{x} > e x", "x = 1: equality"),
    (r"x - \ln x > 1", "x = 1: equality", "x > 0"),
    (r"x^x > 0.69221", "x = 1/e: x^x = e^(-1/e) = 0.6922006 < 0.69221", "x > 0"),
    (r"x^{1/x} \le 1.4446", "x = e: e^(1/e) = 1.4446679 > 1.4446", "x > 0"),
    (r"\sin x + \sin(2x) < 1.76", "at cos x = (sqrt 33 - 1)/8 the sum is 1.7601726"),
    (r"3^x \ge x^3", "x = 2.7: 3^2.7 = 19.42 < 2.7^3 = 19.683", "x > 0"),
    (r"\pi^x \ge x^{\pi}", "x = e: pi^e = 22.46 < e^pi = 23.14", "x > 0"),
    (r"x^2 - 2x + 1 > 10^{-40}", "x = 1: lhs = 0"),
    (r"(x^2-2)^2 > 10^{-40}", "x = sqrt 2: lhs = 0"),
    (r"(x-\pi)^2 + 10^{-30} > 10^{-29}", "x = pi: lhs = 10^-30"),
    (r"\cos x \ge -1 + 10^{-30}", "x = pi: cos x = -1"),
    (r"\sin x \le 1 - 10^{-25}", "x = pi/2: sin x = 1"),
    (r"\tanh x < 1 - 10^{-40}", "x = 50: 1 - tanh 50 = 7.4e-44 < 10^-40"),
    (r"\tanh x < 1 - 10^{-300}", "x = 400: 1 - tanh 400 = 2/(e^800+1) = 7e-348 < 10^-300"),
    (r"\frac{1}{1+e^{-x}} < 1 - 10^{-100}", "x = 300: 1 - lhs = 1/(1+e^300) = 5.1e-131"),
    (r"e^{-x^2} > 10^{-300}", "x = 27: e^-729 = 2.5e-317"),
    (r"e^{x} \ge 1 + x + \frac{x^2}{2}", "x = -10^-6: lhs - rhs = x^3/6 + ... = -1.7e-19", r"x \ge -10^{-5}"),
    (r"\ln(1+x) \ge x - \frac{x^2}{2}", "x = -10^-7: lhs - rhs = x^3/3 + ... = -3.3e-22", r"x > -10^{-6}"),
    (r"\sin x \ge x - \frac{x^3}{6}", "x = -10^-4: lhs - rhs = x^5/120 + ... = -8.3e-23", r"x > -10^{-3}"),
    (r"\cos x \ge 1 - \frac{x^2}{2} + \frac{x^4}{24}", "x = 1/10: lhs - rhs = -x^6/720 + ... = -1.39e-9"),
    (r"\frac{x}{1+x^2} \le \frac{1}{2} - 10^{-30}", "x = 1: lhs = 1/2"),
    (r"\sin x < x", "x = 0: equality", r"x \ge 0"),
    (r"\cosh x > 1", "x = 0: equality"),
    (r"x^2 + \frac{1}{x^2} > 2", "x = 1: equality", "x > 0"),
])
_add("isolated", True, [
    (r"\sin x \le 1", "|sin| <= 1"),
    (r"\cos x \ge -1", "|cos| <= 1"),
    (r"(x-\pi)^2 \ge 0", "a square"),
    (r"x^2 - 2 \ne 0", "sqrt 2 is irrational, so no integer squares to 2", r"x \in \mathbb{Z}"),
    (r"\sin x \ne 0", "the first positive zero of sin is pi = 3.14159... > 3.14", "0 < x < 3.14"),
    (r"\tan x \ne 1", "tan is increasing on (0, pi/2) and tan(0.78) < tan(pi/4) = 1", "0 < x < 0.78"),
    (r"x^x > 0.6922", "min over x > 0 is e^(-1/e) = 0.6922006 > 0.6922", "x > 0"),
    (r"x^x \ge e^{-\frac{1}{e}}", "x ln x >= -1/e with equality at 1/e", "x > 0"),
    (r"x^{1/x} \le 1.4447", "max over x > 0 is e^(1/e) = 1.4446679 < 1.4447", "x > 0"),
    (r"\sin x + \sin(2x) \le 1.7602", "the maximum is 1.7601726 (at cos x = (sqrt 33 - 1)/8)"),
    (r"\frac{\ln x}{x} \le \frac{1}{e}", "the maximum of ln x / x is 1/e at x = e", "x > 0"),
    (r"\frac{\ln x}{x} < 0.3679", "the maximum is 1/e = 0.36787944 < 0.3679", "x > 0"),
    (r"x\ln x \ge -\frac{1}{e}", "the minimum of x ln x is -1/e at x = 1/e", "x > 0"),
    (r"e^{x} \ge e x", "e^(x-1) >= 1 + (x-1) = x"),
    (r"x - \ln x \ge 1", "ln x <= x - 1", "x > 0"),
    (r"\sin x + \cos x \le \sqrt{2}", "sin x + cos x = sqrt 2 sin(x + pi/4)"),
    (r"\sin x \cos x \le \frac{1}{2}", "sin x cos x = sin(2x)/2"),
    (r"x^4 - 4x^2 + 4 \ge 0", "(x^2 - 2)^2"),
    (r"3^x \ge x^3", "ln x / x <= ln 3 / 3 for x >= 3 (ln x / x decreases past e)", r"x \ge 3"),
    (r"\pi^x \ge x^{\pi}", "ln x / x decreases past e and pi > e: equality at x = pi", r"x \ge \pi"),
    (r"e^{x} \ge x^{e}", "ln x / x <= 1/e for every x > 0", "x > 0"),
    (r"x^2 - 2x + 1 \ge 0", "(x-1)^2"),
    (r"\cos x \ge -1 + 10^{-30}", "on [-3, 3], 1 + cos x >= 1 + cos 3 = 0.01", r"-3 \le x \le 3"),
    (r"\tanh x < 1", "tanh x = 1 - 2/(e^2x+1)"),
    (r"\frac{1}{1+e^{-x}} < 1", "e^-x > 0"),
    (r"e^{-x^2} > 0", "exp is positive"),
    (r"e^{x} \ge 1 + x + \frac{x^2}{2}", "the Taylor remainder e^c x^3/6 >= 0 for x >= 0", r"x \ge 0"),
    (r"\ln(1+x) \ge x - \frac{x^2}{2}", "the derivative of the difference is x^2/(1+x) >= 0, 0 at x = 0", r"x \ge 0"),
    (r"\sin x \ge x - \frac{x^3}{6}", "alternating Taylor series bound for x >= 0", r"x \ge 0"),
    (r"\cos x \le 1 - \frac{x^2}{2} + \frac{x^4}{24}", "the difference has derivative sign of x and is 0 at 0"),
    (r"\sin x < x", "x - sin x has derivative 1 - cos x >= 0, zero only at isolated points", "x > 0"),
    (r"x^2 + \frac{1}{x^2} \ge 2", "(x - 1/x)^2 >= 0", "x > 0"),
    (r"x^2 + y^2 \ge 2xy", "(x - y)^2 >= 0"),
])

# --- undefined conclusions: a side is undefined where the premises hold -------------------------
_add("undefined", False, [
    (r"x = 0 \implies x/x = 1", "at x = 0, 0/0 is undefined"),
    (r"x = 0 \implies \frac{\sin x}{x} = 1", "at x = 0, sin(0)/0 is undefined"),
    (r"x = 1 \implies \frac{x^2-1}{x-1} = 2", "at x = 1, 0/0 is undefined"),
    (r"x = 3 \implies \frac{x^2-9}{x-3} = 6", "at x = 3, 0/0 is undefined"),
    (r"x = 0 \implies x \ln x = 0", "ln 0 is undefined"),
    (r"x = 1 \implies \ln(x-1) = 0", "ln 0 is undefined"),
    (r"x = 2 \implies \frac{1}{x-2} = 0", "1/0 is undefined"),
    (r"x = \frac{\pi}{2} \implies \tan x = 10^{20}", "tan(pi/2) is undefined"),
    (r"x^2 = 4 \implies x = 2", "x = -2"),
    (r"x^2 = 2 \implies x = \sqrt{2}", "x = -sqrt 2"),
    (r"\frac{x^2-1}{x-1} = x+1", "x = 1: lhs 0/0 is undefined, rhs = 2"),
    (r"\frac{x^2-1}{x-1} = x+1", "x = 1: lhs 0/0 is undefined, rhs = 2", r"x \in \mathbb{R}"),
    (r"\frac{x^2 - 4}{x - 2} = x + 2", "x = 2: lhs 0/0 is undefined, rhs = 4"),
    (r"\frac{x}{x} = 1", "x = 0: lhs 0/0 is undefined"),
    (r"\frac{1}{1/x} = x", "x = 0: 1/x is undefined, rhs = 0"),
    (r"\frac{\ln x}{\ln x} = 1", "x = 1: 0/0 is undefined", "x > 0"),
    (r"\frac{x-1}{x-1} = 1", "x = 1: 0/0 is undefined", "x > 0"),
    (r"\frac{\sin x}{\sin x} = 1", "x = pi: 0/0 is undefined", "0 < x < 4"),
    (r"x \cdot \frac{1}{x} = 1", "x = 0: 1/0 is undefined"),
])
_add("undefined", True, [
    (r"x = 0 \implies \frac{x}{x+1} = 0", "0/1 = 0"),
    (r"x = \pi \implies \sin x = 0", "sin pi = 0"),
    (r"x = \frac{\pi}{2} \implies \cos x = 0", "cos(pi/2) = 0"),
    (r"x = 2 \implies \frac{x^2-1}{x-1} = 3", "(4-1)/(2-1) = 3"),
    (r"x > 1 \implies \frac{x^2-1}{x-1} = x+1", "x - 1 != 0, cancel"),
    (r"x^2 = 4 \implies |x| = 2", "|x|^2 = 4 and |x| >= 0"),
    (r"x^2 < 1 \implies x < 1", "x^2 < 1 means -1 < x < 1"),
    (r"\frac{x^2-1}{x-1} = x+1", "x != 1, cancel x - 1", r"x \ne 1"),
    (r"\frac{x^2 - 4}{x - 2} = x + 2", "x - 2 > 0, cancel", "x > 2"),
    (r"\frac{x}{x} = 1", "x != 0", r"x \ne 0"),
    (r"\frac{\ln x}{\ln x} = 1", "ln x > 0 for x > 1", "x > 1"),
    (r"\frac{\sin x}{\sin x} = 1", "sin x > 0 on (0, 3)", "0 < x < 3"),
    (r"\frac{\sin x}{x} < 1", "|sin x| < |x| for x != 0", r"x \ne 0"),
    (r"x \cdot \frac{1}{x} = 1", "x != 0", "x > 0"),
])

# --- limits: read off by SymPy's algorithms, not by one large x --------------------------------
_add("limit", False, [
    (r"\lim_{x\to\infty} \frac{\ln x}{x^{0.01}} = \infty", "the limit is 0 (ln x grows slower than any power)"),
    (r"\lim_{x\to\infty} \frac{\ln x}{x^{1/100}} = \infty", "the limit is 0"),
    (r"\lim_{x\to\infty} x\sin(1/x) = 0", "the limit is 1"),
    (r"\lim_{x\to\infty} \frac{x^{100}}{1.01^x} = \infty", "the limit is 0 (exponential beats polynomial)"),
    (r"\lim_{x\to\infty} \frac{e^x}{x^{1000}} = 0", "the limit is infinity; at x = 1000 the ratio is 2e-2566"),
    (r"\lim_{x\to\infty} \frac{x^{1000}}{e^{x}} = \infty", "the limit is 0"),
    (r"\lim_{x\to\infty} \left(1+\frac{1}{x}\right)^x = 2.718281828459045", "the limit is e = 2.71828182845904523..."),
    (r"\lim_{x\to 0} \frac{1-\cos x}{x^2} = 0", "the limit is 1/2"),
    (r"\lim_{x\to\infty} \left(\sqrt{x^2+x} - x\right) = 0", "the limit is 1/2"),
    (r"\lim_{x\to\infty} x\left(e^{1/x} - 1\right) = 0", "the limit is 1"),
    (r"\lim_{x\to\infty} \ln\ln\ln x = 2", "the limit is infinity (ln ln ln(10^30) = 1.44)"),
    (r"\lim_{x\to\infty} \left(1+\frac{1}{x}\right)^{x^2} = e", "(1+1/x)^(x^2) = e^(x - 1/2 + ...) tends to infinity"),
    (r"\lim_{x\to\infty} \frac{\ln x}{\ln\ln x} = 10", "the limit is infinity"),
    (r"\lim_{x\to 0^+} x^{x} = 0", "the limit is 1"),
    (r"\lim_{x\to\infty} \frac{\sin x}{x} = 1", "the limit is 0"),
    (r"\lim_{x\to\infty} \frac{x}{\sqrt{x^2+1}} = 2", "the limit is 1"),
])
_add("limit", True, [
    (r"\lim_{x\to\infty} \frac{\ln x}{x^{1/100}} = 0", "ln x = o(x^eps) for every eps > 0"),
    (r"\lim_{x\to\infty} x\sin(1/x) = 1", "sin t / t -> 1 as t = 1/x -> 0"),
    (r"\lim_{x\to 0} \frac{\sin x}{x} = 1", "standard"),
    (r"\lim_{x\to\infty} \frac{x^{100}}{1.01^x} = 0", "exponential beats polynomial"),
    (r"\lim_{x\to\infty} \frac{e^x}{x^{1000}} = \infty", "exponential beats polynomial"),
    (r"\lim_{x\to\infty} \left(1+\frac{1}{x}\right)^x = e", "standard"),
    (r"\lim_{x\to 0} \frac{1-\cos x}{x^2} = \frac{1}{2}", "1 - cos x = x^2/2 - x^4/24 + ..."),
    (r"\lim_{x\to\infty} \left(\sqrt{x^2+x} - x\right) = \frac{1}{2}", "= x/(sqrt(x^2+x)+x) -> 1/2"),
    (r"\lim_{x\to\infty} x\left(e^{1/x} - 1\right) = 1", "(e^t - 1)/t -> 1"),
    (r"\lim_{x\to\infty} \frac{\sin x}{x} = 0", "|sin x / x| <= 1/x"),
    (r"\lim_{x\to 0^+} x\ln x = 0", "standard"),
    (r"\lim_{x\to\infty} \left(1+\frac{1}{x^2}\right)^{x} = 1", "x ln(1 + 1/x^2) ~ 1/x -> 0"),
    (r"\lim_{x\to\infty} \frac{x}{\sqrt{x^2+1}} = 1", "= 1/sqrt(1 + 1/x^2)"),
])

# --- complex variables ---------------------------------------------------------------------------
_add("complex", False, [
    (r"\log(z^2) = 2\log z", "z = -1: log 1 = 0, 2 log(-1) = 2 pi i", r"z \in \mathbb{C}"),
    (r"\sqrt{z^2} = z", "z = -1: sqrt 1 = 1", r"z \in \mathbb{C}"),
    (r"\log(e^{z}) = z", "z = 2 pi i: log 1 = 0", r"z \in \mathbb{C}"),
    (r"|z + w| = |z| + |w|", "z = 1, w = -1: 0 != 2", r"z \in \mathbb{C}", r"w \in \mathbb{C}"),
    (r"\sqrt{zw} = \sqrt{z}\sqrt{w}", "z = w = -1: sqrt 1 = 1, i*i = -1", r"z \in \mathbb{C}", r"w \in \mathbb{C}"),
    (r"|\sin(z)| \le 1", "z = 2i: |sin 2i| = sinh 2 = 3.63", r"z \in \mathbb{C}"),
    (r"|\cos(z)| \le 1", "z = 2i: cos 2i = cosh 2 = 3.76", r"z \in \mathbb{C}"),
    (r"|z|^2 = z^2", "z = i: 1 != -1", r"z \in \mathbb{C}"),
    (r"|e^{z}| = e^{|z|}", "z = i: 1 != e", r"z \in \mathbb{C}"),
])
_add("complex", True, [
    (r"|z|^2 = z \overline{z}", "z conj(z) = re^2 + im^2", r"z \in \mathbb{C}"),
    (r"|z|^2 = z \bar{z}", "z conj(z) = re^2 + im^2 (\\bar is the conjugate)", r"z \in \mathbb{C}"),
    (r"\overline{z w} = \overline{z}\,\overline{w}", "conjugation is multiplicative", r"z \in \mathbb{C}", r"w \in \mathbb{C}"),
    (r"|z + w| \le |z| + |w|", "triangle inequality", r"z \in \mathbb{C}", r"w \in \mathbb{C}"),
    (r"|zw| = |z||w|", "the modulus is multiplicative", r"z \in \mathbb{C}", r"w \in \mathbb{C}"),
    (r"\sin^2 z + \cos^2 z = 1", "the identity continues analytically to C", r"z \in \mathbb{C}"),
    (r"e^{z}e^{-z} = 1", "exp is a homomorphism", r"z \in \mathbb{C}"),
    (r"\exp(\log z) = z", "log is a right inverse of exp away from 0", r"z \in \mathbb{C}", r"z \ne 0"),
    (r"|e^{z}| = e^{\operatorname{Re}(z)}", "|e^(a+ib)| = e^a", r"z \in \mathbb{C}"),
    (r"\operatorname{Re}(z) \le |z|", "a <= sqrt(a^2 + b^2)", r"z \in \mathbb{C}"),
])

# --- special values (standard LaTeX function names) -----------------------------------------------
_add("special_values", False, [
    (r"\Gamma(2) \cdot 2 = \Gamma(4)", "Gamma(2) = 1, Gamma(4) = 6: 2 != 6"),
    (r"\Gamma(5) = 5", "Gamma(5) = 4! = 24"),
    (r"\zeta(2) = 1.6449340668482264", "zeta(2) = pi^2/6 = 1.64493406684822643647..."),
    (r"\Gamma(\frac{1}{2}) = 1.7724538509055160", "Gamma(1/2) = sqrt(pi) = 1.77245385090551602729..."),
])
_add("special_values", True, [
    (r"\Gamma(5) = 24", "Gamma(n+1) = n!"),
    (r"\zeta(2) = \frac{\pi^2}{6}", "Euler"),
    (r"\Gamma(\frac{1}{2}) = \sqrt{\pi}", "the Gaussian integral"),
    (r"\Gamma(x+1) = x\Gamma(x)", "the functional equation", "x > 0"),
])


_add("special_values", False, [
    (r"\Gamma(\frac{1}{2}) = \frac{\gamma}{2}", "Gamma(1/2) = sqrt(pi) = 1.7725; Euler's gamma / 2 = 0.2886"),
    (r"\Gamma(n+1) = \gamma (n+1)", "n = 1: Gamma(2) = 1, gamma * 2 = 1.1544", POS_INT),
    (r"\Gamma(\frac{3}{2}) = \frac{3\gamma}{2}", "Gamma(3/2) = sqrt(pi)/2 = 0.8862; 3 gamma / 2 = 0.8658"),
    (r"\Gamma(x+1) = \gamma x + \gamma", "x = 1: Gamma(2) = 1, 2 gamma = 1.1544", "x > 0"),
])
_add("special_values", True, [
    (r"\Gamma(\frac{3}{2}) = \frac{\sqrt{\pi}}{2}", "Gamma(3/2) = (1/2) Gamma(1/2)"),
    (r"\Gamma(n+1) = n!", "Gamma(n+1) = n! for integers n >= 0", POS_INT),
    (r"\Gamma(x) \Gamma(1-x) = \frac{\pi}{\sin(\pi x)}", "Euler's reflection formula", "0 < x < 1"),
])
_add("sizes", False, [
    (r"\sum_{j=1}^{n}(-2) \le -2", "n = 0: the empty sum 0 > -2", NONNEG_INT),
    (r"\sum_{j=1}^{n} e^{x_j} > 0", "n = 0: the empty sum is 0", NONNEG_INT),
    (r"\sum_{j=1}^{n} 1 \ge 1", "n = 0: the empty sum is 0", NONNEG_INT),
    (r"\sum_{j=1}^{n} (x_j^2 + 1) \ge 1", "n = 0: the empty sum is 0", NONNEG_INT),
    (r"\prod_{j=1}^{n} e^{x_j} < 1 + \sum_{j=1}^{n} e^{x_j}", "n = 0: 1 < 1 + 0 fails", NONNEG_INT),
])
_add("sizes", True, [
    (r"\sum_{j=1}^{n}(-1) \le -1", "n >= 1 terms of -1", POS_INT),
    (r"\sum_{j=1}^{n} e^{x_j} > 0", "at least one positive term", POS_INT),
    (r"\sum_{j=1}^{n} e^{x_j} \ge 0", "positive terms; the empty sum is 0", NONNEG_INT),
    (r"\sum_{j=1}^{n} (x_j^2 + 1) \ge n", "each term >= 1", NONNEG_INT),
])
_add("empty_range", False, [
    (r"\prod_{j=1}^{n} 2 = 2^n", "n = -1: the empty product 1, 2^-1 = 1/2", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{n} 2 = 2n", "n = -1: the empty sum 0, rhs = -2", r"n \in \mathbb{Z}"),
    (r"\sum_{j=1}^{n} j^2 = \frac{n(n+1)(2n+1)}{6}", "n = -2: the empty sum 0, rhs = (-2)(-1)(-3)/6 = -1",
     r"n \in \mathbb{Z}"),
])
_add("isolated", False, [
    (r"\sin^2 x < 1", "x = pi/2"),
    (r"\cos^2 x > 0", "x = pi/2"),
    (r"\cos(2x) > -1", "x = pi/2: cos pi = -1"),
    (r"\sin x + 1 > 0", "x = -pi/2"),
    (r"1 - \cos x > 0", "x = 0 (and every 2 k pi)", r"x \ne \pi"),
    (r"\sin(x) \ne \frac{1}{2}", "x = pi/6"),
    (r"\tan x < 10^{10}", "x = pi/2 - 10^-11: tan x = 1e11", r"0 < x < \frac{\pi}{2}"),
])
_add("isolated", True, [
    (r"\sin^2 x \le 1", "|sin| <= 1"),
    (r"\cos(2x) \ge -1", "|cos| <= 1"),
    (r"\sin x + 1 \ge 0", "sin >= -1"),
])
_add("partial_domain", False, [
    (r"\ln(x^6) = 6\ln x", "x = -1: lhs = 0, ln(-1) is not real", r"x \ne 0"),
    (r"\ln(x^2 y^2) = 2\ln x + 2\ln y", "x = y = -1: lhs = 0, ln(-1) is not real", r"x \ne 0", r"y \ne 0"),
    (r"\ln(-x) = -\ln x", "x = -1: lhs = ln 1 = 0, while ln(-1) is not real", "x < 0"),
])
_add("partial_domain", True, [
    (r"\ln(x^6) = 6\ln|x|", "x^6 = |x|^6 and |x| > 0", r"x \ne 0"),
    (r"\ln(x^2 y^2) = 2\ln|x| + 2\ln|y|", "x^2 y^2 = |x|^2 |y|^2", r"x \ne 0", r"y \ne 0"),
])


_add("precision", False, [
    (r"\operatorname{erf}(25) = 1", "1 - erf(25) = erfc(25) = 8.30e-274"),
    (r"\tanh(150) = 1", "1 - tanh 150 = 2/(e^300+1) = 1.03e-130"),
    (r"\frac{1}{1+e^{-500}} = 1", "1 - lhs = 1/(1+e^500) = 7.12e-218"),
    (r"\sin(10^{-100}) = 10^{-100}", "sin t = t - t^3/6 + ...: lhs - rhs = -1.67e-301"),
    (r"\cos(10^{-100}) = 1", "1 - cos t = t^2/2 - ...: 5e-201"),
    (r"\arctan(10^{150}) = \frac{\pi}{2}", "lhs - rhs = -arctan(10^-150) = -1e-150"),
    (r"\sqrt{10^{300}+1} = 10^{150}", "lhs - rhs = 1/(sqrt(10^300+1)+10^150) = 5e-151"),
    (r"\ln(1+10^{-200}) = 0", "lhs = 1e-200 - 5e-401 + ... > 0"),
    (r"e^{10^{-150}} = 1", "lhs - 1 = 1e-150 + ..."),
])
_add("precision", True, [
    (r"\operatorname{erf}(25) < 1", "erfc(25) > 0"),
    (r"\tanh(150) < 1", "tanh t = 1 - 2/(e^2t+1)"),
    (r"\cos(10^{-100}) < 1", "cos t < 1 for 0 < t < 2 pi"),
    (r"\ln(1+10^{-200}) > 0", "1 + 10^-200 > 1"),
    (r"e^{10^{-150}} > 1", "exp t > 1 for t > 0"),
    (r"\sqrt{10^{300}+1} - 10^{150} = \frac{1}{\sqrt{10^{300}+1}+10^{150}}", "multiply by the conjugate"),
])
_add("huge_argument", False, [
    (r"\cos(10^{100}) = \cos(10^{100} + 10^{-50})",
     "the difference is about sin(10^100) * 10^-50 = -3.72e-51 (sin(10^100) = -0.372)"),
])
_add("huge_argument", True, [
    (r"\cos(10^{100}) = \cos(-10^{100})", "cos is even"),
])

# sides far beyond 10^1000 over the whole domain: relative to sides of 10^43429 a difference of 1
# is below every digit the balls carry, so agreement there measured against the size of the
# sides "verified" e^x + 1 = e^x (a review of 2026-12-01)
_add("huge_argument", False, [
    (r"e^{x} + 1 = e^{x}", "the sides differ by 1 at every x", r"x > 100000"),
    (r"e^{x} + 10^{-20} = e^{x}", "the sides differ by 10^-20 at every x", r"x > 3000"),
    (r"\cosh x - \sinh x = 0", "cosh x - sinh x = e^-x > 0 at every x", r"x > 3000"),
    (r"x^{1000} + 1 = x^{1000}", "the sides differ by 1 at every x", r"x > 100"),
    (r"e^{e^{x}} + 1 = e^{e^{x}}", "the sides differ by 1 at every x", r"x > 10"),
    (r"e^{x} + 1 \le e^{x}", "e^x + 1 > e^x at every x", r"x > 100000"),
])
_add("huge_argument", True, [
    (r"e^{x} e^{-x} = 1", "e^x e^-x = e^0", r"x > 100000"),
    (r"\frac{e^{x} + 1}{e^{x}} = 1 + e^{-x}", "divide term by term", r"x > 3000"),
])


# differences below every digit of the 1000-digit cap, although the sides are of size 1: the
# balls pinned the difference below 10^-30, so agreement at the cap "verified" these (a red
# team of the numeric tier, 2026-12-02). Witnesses computed with mpmath at 12000 digits.
_add("below_precision", False, [
    (r"e^{-e^{x}} + 1 = 1", "lhs - rhs = e^(-e^x) > 0; at x = 11 it is 10^-26003", r"x > 10"),
    (r"1 + e^{-e^{x}} \le 1", "lhs - rhs = e^(-e^x) > 0 at every x", r"x > 10"),
    (r"\frac{e^{x}+1}{e^{x}} = 1", "lhs - rhs = e^-x > 0; at x = 3001 it is 4.81e-1304",
     r"x > 3000"),
    (r"\frac{1}{1+e^{-x}} = 1", "1 - lhs = 1/(1+e^x) > 0; at x = 3001 it is 4.81e-1304",
     r"x > 3000"),
    (r"\tanh x = 1", "1 - tanh x = 2/(e^2x+1) > 0; at x = 3001 it is 4.63e-2607", r"x > 3000"),
    (r"\operatorname{erf}(x) = 1", "1 - erf x = erfc x > 0; at x = 61 it is 9.04e-1619", r"x > 60"),
    (r"1 + \prod_{j=1}^{n} \frac{1}{j} = 1", "lhs - rhs = 1/n! > 0; at n = 500 it is 8.20e-1135",
     r"n \in \mathbb{Z}", r"n \ge 500"),
])
_add("below_precision", True, [
    (r"\tanh x = \frac{e^{2x}-1}{e^{2x}+1}", "the definition of tanh in exponentials", r"x > 3000"),
    (r"\tanh x \le 1", "tanh x = 1 - 2/(e^2x+1) < 1", r"x > 3000"),
    (r"\operatorname{erf}(x) \le 1", "erfc x > 0", r"x > 60"),
    (r"e^{-e^{x}} \ge 0", "an exponential is positive", r"x > 10"),
])

# claims false only on a narrow window or at one point that no sample meets: a bump of max,
# min or |.|, a row of cases for one value, a jump of floor past the sampled sizes
_add("narrow_window", False, [
    (r"\max(0, 1 - 1000|x - 0.377|) = 0", "x = 0.377: lhs = 1 (it is positive on (0.376, 0.378))"),
    (r"\max(0, 1 - 1000|x - 0.377|) \le 0", "x = 0.377: lhs = 1"),
    (r"\min(1, 10^{6}(x-0.41)^2) = 1", "x = 0.41: lhs = 0 (below 1 on (0.409, 0.411))"),
    (r"\max(0, 1 - 1000|x - \pi|) = 0", "x = pi: lhs = 1", "x > 0"),
    (r"\operatorname{sgn}(x - 0.3) = \operatorname{sgn}(x - 0.30001)", "x = 0.3: lhs = 0, rhs = -1"),
    (r"\begin{cases} 1 & x = 0.377 \\ 0 & \text{otherwise} \end{cases} = 0", "x = 0.377: lhs = 1"),
    (r"\lfloor \frac{n}{10^{7}} \rfloor = 0", "n = 10^7: lhs = 1", r"n \in \mathbb{Z}_{>0}"),
    (r"e^{-10^{8}(x-0.3)^2} + 1 = 1", "x = 0.3: lhs = 2 (elsewhere the bump is below 10^-4343 "
     "from |x - 0.3| = 0.01 on)"),
    (r"|x - 0.377| + |x - 0.378| > 0.001", "on [0.377, 0.378] the sum is exactly 0.001"),
])
_add("narrow_window", True, [
    (r"\max(x, 0) = \frac{x + |x|}{2}", "x >= 0: x = x; x < 0: 0 = 0"),
    (r"\max(x, y) + \min(x, y) = x + y", "one is x, the other y"),
    (r"|x - 0.377| + |x - 0.378| \ge 0.001", "the triangle inequality: |a| + |b| >= |a - b|"),
    (r"\lfloor \frac{n}{10^{7}} \rfloor \ge 0", "n / 10^7 > 0", r"n \in \mathbb{Z}_{>0}"),
    (r"\begin{cases} 1 & x = 0.377 \\ 0 & \text{otherwise} \end{cases} \ge 0", "both rows are >= 0"),
    (r"\lfloor x + \frac{1}{2} \rfloor = \lceil x - \frac{1}{2} \rceil",
     "on (0.6, 1.4) both sides are 1", "x > 0.6", "x < 1.4"),
])

# an assumption whose side is not real at some sampled points (ln(x + 2) at x = -3) crashed the
# tier with a TypeError before the sampler rejected the point
_add("partial_domain", False, [
    (r"\sqrt{x^2} = x", "x = -1/2: ln(3/2) > 0, lhs = 1/2, rhs = -1/2", r"\ln(x + 2) > 0"),
])
_add("partial_domain", True, [
    (r"\sqrt{x^2} = |x|", "the principal root of x^2", r"\ln(x + 2) > 0"),
])

# found, not fixed: false claims the numeric tier still verifies (tests/numeric/
# test_redteam_numeric2.py marks them xfail(strict=True)); kept out of ENTRIES so that the
# corpus tests state what holds
KNOWN_OPEN: list[Entry] = [
    Entry(r"\sum_{k=1}^{n} k^{2} = \frac{n(n+1)(2n+1)}{6} + \lfloor \frac{n}{20000000} \rfloor",
          (r"n \in \mathbb{Z}_{>0}",), False, "sizes",
          "n = 2*10^7: rhs - lhs = 1; the sizes judged stop at 10^4 and a size's jump is not "
          "tried (a sum over 2*10^7 terms)"),
    Entry(r"\tanh(3000) = 1", (), False, "below_precision",
          "1 - tanh 3000 = 3.42e-2606: a constant claim has no coordinate to move; the tier says "
          "'equal to N digits; a numerical agreement, not a proof'"),
]

FALSE_CLAIMS = [e for e in ENTRIES if not e.truth]
TRUE_CLAIMS = [e for e in ENTRIES if e.truth]


class Result(NamedTuple):
    """What the full check said about one entry."""

    entry: Entry
    verdict: str  # a Verdict value, or "unreadable"
    evidence: str  # the telling evidence, one line
    seconds: float


def check_entry(entry: Entry, timeout_s: float = 10.0) -> Result:
    """Run one entry through the whole check, as ``stepcheck check --assume ...`` does."""
    import time

    from symbolic.commands import check_input
    from symbolic.config import CheckConfig

    start = time.perf_counter()
    links, unreadable = check_input(entry.latex, assume=entry.assume,
                                    config=CheckConfig(timeout_s=timeout_s))
    seconds = time.perf_counter() - start
    if unreadable or not links:
        return Result(entry, "unreadable", str(unreadable[0]) if unreadable else "no link", seconds)
    outcome = links[0].outcome
    telling = [f"{e.method}: {e.detail}" for e in outcome.evidence if "not evidence" not in e.detail]
    if outcome.counterexample:
        telling.append("counterexample: " + ", ".join(f"{n} = {v}" for n, v in outcome.counterexample))
    return Result(entry, outcome.verdict.value, " | ".join(telling), seconds)


def _warm() -> None:
    # Each claim is read and checked in children forked from the worker: reading once here
    # loads the LaTeX grammar and the checkers before the fork, not once per claim.
    import symbolic.checks  # noqa: F401
    from symbolic.latex import parse_chain
    parse_chain(r"\ln(x^2) = 2\ln x", assumptions=("x > 0",))


def check_all(entries, *, timeout_s: float = 10.0, workers: int = 2) -> list[Result]:
    """Every entry through :func:`check_entry`, ``workers`` at a time, in the order given."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_warm) as pool:
        return list(pool.map(partial(check_entry, timeout_s=timeout_s), entries))


ACCEPTING = ("proved", "verified")
COLUMNS = ("proved", "verified", "refuted", "undecided", "unreadable")


def column(verdict: str) -> str:
    """The column of the summary table a verdict is counted in."""
    return verdict if verdict in COLUMNS else "undecided"


def table(results: list[Result]) -> str:
    """The summary table (markdown): counts per verdict for the false and the true claims."""
    lines = ["| claims | " + " | ".join(COLUMNS) + " |", "| --- |" + " ---: |" * len(COLUMNS)]
    for truth, name in ((False, "false"), (True, "true")):
        chosen = [r for r in results if r.entry.truth is truth]
        counts = {c: sum(1 for r in chosen if column(r.verdict) == c) for c in COLUMNS}
        lines.append(f"| {len(chosen)} {name} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    return "\n".join(lines)


def wrong(results: list[Result]) -> list[Result]:
    """False claims proved or verified, and true claims refuted."""
    return [r for r in results if (not r.entry.truth and r.verdict in ACCEPTING)
            or (r.entry.truth and r.verdict == "refuted")]
