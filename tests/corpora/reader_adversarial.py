r"""An adversarial corpus for the LaTeX reader: claims built so that a misread changes their truth.

Each ``Case`` is one claim as a user would type it (``stepcheck check LATEX --assume ...``), with
what it is as a careful reader of the typeset formula reads it:

* ``Truth.FALSE`` -- false (or not a formula at all, e.g. a TeX error): it must never be accepted
  (proved, verified or approximate). A refusal, refuted, inconclusive or timeout is fine.
* ``Truth.TRUE`` -- true: it must never be refuted. A refusal or an undecided verdict is fine.
* ``Truth.AMBIGUOUS`` -- its plausible readings disagree, so any decisive verdict is a guess:
  it must be neither accepted nor refuted (a refusal that names the readings is the right answer).

``family`` names the reading rule the claim attacks and ``why`` is the hand-worked reason for
its truth: what the formula means and what a misread would turn it into. Every truth here was
worked out by hand, never copied from the tool's verdict. ``TRUE``/``FALSE`` follow the reading
conventions of issue 11 (TeX's one-token rule, ``\%`` is /100, digit groups are one number,
Greek letters are variables, ``i`` is the imaginary unit where it is not an index, an
unbracketed function argument ends at ``\cdot``, ``+``, ``-`` and relations).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Truth(enum.Enum):
    """What the claim is, read as a careful reader reads the typeset formula."""

    TRUE = "true"
    FALSE = "false"
    AMBIGUOUS = "ambiguous"


class Family(enum.Enum):
    """The reading rule a claim attacks."""

    NUMBERS = "numbers side by side and digit groups"
    PERCENT = "percent and comments"
    CAPITAL_I = "capital I and E as variables"
    UNICODE = "Unicode maths"
    DOUBLE_SCRIPT = "double superscripts and subscripts"
    ONE_TOKEN = "TeX one-token rule for ^ _ \\sqrt \\frac"
    CONSTANTS = "Greek letters and constants"
    FUNCTION_PRODUCT = "function or product before a bracket"
    EXTENT = "extent of an unbracketed function argument"
    EVALUATION = "evaluation while parsing"
    IMAGINARY = "imaginary unit or index i"
    ASSUMPTIONS = "assumptions reach the symbols they name"
    RELATIONS = "relations and chains"
    HIDDEN = "hidden tokens, spacing, fonts and decorations"
    ABSOLUTE = "absolute values, norms and brackets"
    FUNCTION_SCRIPTS = "sub- and superscripts on functions"
    BIG_OPERATORS = "sums, products, limits and their extent"
    VECTORS = "transposes, inner products and vector norms"


@dataclass(frozen=True)
class Case:
    """One adversarial claim with its truth worked out by hand."""

    latex: str
    truth: Truth
    family: Family
    why: str
    assume: tuple[str, ...] = ()
    imaginary_unit: bool = False

    @property
    def id(self) -> str:
        """A unique key: the family, the LaTeX, the assumptions and the imaginary-unit flag."""
        extra = f" | {'; '.join(self.assume)}" if self.assume else ""
        flag = " | imaginary unit" if self.imaginary_unit else ""
        return f"{self.family.name.lower()}: {self.latex}{extra}{flag}"


T, F, A = Truth.TRUE, Truth.FALSE, Truth.AMBIGUOUS


def _family(family: Family, rows) -> list[Case]:
    """Cases from rows ``(latex, truth, why[, assume[, imaginary_unit]])``."""
    out = []
    for row in rows:
        latex, truth, why, *rest = row
        assume = tuple(rest[0]) if rest else ()
        imaginary = bool(rest[1]) if len(rest) > 1 else False
        out.append(Case(latex, truth, family, why, assume, imaginary))
    return out


NUMBERS = _family(Family.NUMBERS, [
    ("4 5 = 9", F, "TeX ignores spaces in maths: this prints 45 = 9; adding the digits proves it"),
    ("4 5 = 20", F, "prints 45 = 20; only a product reading of '4 5' proves it"),
    ("4 5 = 45", T, "TeX typesets '4 5' as 45"),
    (r"12\,345 = 357", F, r"\, is a thousands separator: 12345 \ne 357 (357 = 12 + 345)"),
    (r"12\,345 = 4140", F, r"12\,345 is 12345, not the product 12 * 345 = 4140"),
    (r"12\,345 = 12345", T, "a thin space groups digits: 12345 = 12345"),
    (r"2\,3 = 5", F, r"2\,3 is a digit group (23) or unreadable, never 2 + 3"),
    (r"2\,3 = 6", F, r"a thin space between digits groups them; a product needs \cdot or \times"),
    (r"1\;2 = 3", F, r"a medium space between digits is no operator: never 1 + 2"),
    (r"1\;2 = 2", F, r"a medium space between digits is no operator: never the product 1 * 2"),
    ("3~4 = 7", F, "~ is a non-breaking space: prints '3 4', never 3 + 4"),
    ("3~4 = 12", F, "~ is a non-breaking space, not a multiplication"),
    (r"1{,}000 = 1000", T, "{,} is the thousands comma of LaTeX: 1000"),
    (r"1{,}000 = 1", F, "1{,}000 is one thousand; dropping the group leaves 1 or 1 * 0"),
    (r"1{,}5 = 1.5", A, "{,} is a decimal comma in European papers (1.5) and a thousands "
                        "separator in others (15)"),
    (r"2 \cdot 3 = 6", T, "an explicit product"),
    (r"2 \times 10^3 = 2000", T, "scientific notation written out"),
    (r"3\frac{1}{2} = \frac{7}{2}", A, "a mixed number 3 1/2 = 7/2 to a schoolbook reader, the "
                                       "product 3/2 to an algebraist: refuse"),
    (r"3\frac{1}{2} = \frac{3}{2}", A, "product 3 * 1/2 = 3/2, or the mixed number 7/2: refuse"),
    (r"2\frac{x}{3} = \frac{2x}{3}", T, "a number before a fraction with a letter is a product"),
    ("0.1 + 0.2 = 0.3", T, "exact decimals: 1/10 + 2/10 = 3/10 (binary floats would refute it)"),
    (".5 = \\frac{1}{2}", T, "a leading decimal point: .5 is one half"),
    ("3.14 = \\pi", F, "3.14 is a rational number, not pi"),
    ("1e3 = 1000", A, "LaTeX prints 1e3, i.e. 1 * e * 3 = 3e, but a programmer means 1000"),
    ("10x = 10 \\cdot x", T, "a number before a letter is a product"),
    ("3 4 5 = 12", F, "TeX prints 345; adding the digits gives 12"),
    ("1 2 3 = 6", F, "TeX prints 123; both the sum and the product of the digits give 6"),
    ("2 0 = 2", F, "TeX prints 20; the sum of the digits is 2"),
    ("x 2 = x + 2", F, "x2 is a product (or a typo for x_2), never a sum"),
    (r"3\ 4 = 7", F, r"a control space between digits is no plus"),
    (r"3\quad 4 = 7", F, r"a quad space between digits is no plus"),
    ("(3)(4) = 12", T, "brackets side by side multiply"),
    ("3(4) = 12", T, "a number before a bracket multiplies"),
    ("(3)4 = 12", T, "a bracket before a number multiplies"),
    (r"1\,000\,000 = 10^6", T, "digit groups of a million"),
    (r"12{,}345 = 12345", T, "a thousands comma in braces"),
    (r"2 . 3 = 6", F, "TeX prints 2.3; a dot is not a product"),
    (r"2.3 = 2 \cdot 3", F, "2.3 is a decimal number"),
    ("2 x 3 = 6", F, "x is a variable, not a times sign: 6x = 6 fails at x = 2"),
    ("(3)(4) = 7", F, "brackets side by side multiply: 12, never 3 + 4"),
    ("2(3) = 5", F, "a number before a bracket multiplies: 6"),
    ("(0)(5) = 5", F, "0 times 5 is 0"),
    ("(1)(1)(1) = 3", F, "1 * 1 * 1 = 1"),
    ("10(1) = 11", F, "10 times 1 is 10"),
    ("-(3)(4) = -7", F, "-(3 * 4) = -12"),
    (r"1\,000 = 0", F, r"1\,000 is one thousand"),
    (r"1\,2\,3 = 6", F, "digit groups 1 2 3 print 123; neither a sum nor a product"),
    (r"3.14\,159 = 162.14", F, r"3.14\,159 is 3.14159 with a thin space in its decimals"),
    (r"3.14\,159 = 3.14159", T, "a thin space groups decimals too"),
    (r"0.333 = \frac{1}{3}", F, "0.333 is 333/1000, close to but not 1/3"),
    ("1.999999999999999999 = 2", F, "a decimal just below 2 is not 2"),
    (r"\pi = 3.141592653589793", F, "a double-precision value of pi is not pi"),
    (r"\sqrt{2} = 1.4142135623730951", F, "a double-precision value of the root is not the root"),
    (r"10^{-20} = 0", F, "a small number is not zero"),
    (r"10^{-20} > 0", T, "exact arithmetic"),
    (r"1 + 10^{-30} = 1", F, "exact arithmetic: the sum exceeds 1"),
    (r"1 + 10^{-60} > 1", T, "exact arithmetic, beyond 50 digits"),
    (r"e^{\pi\sqrt{163}} = 640320^3 + 744", F, "Ramanujan's near-integer: off by about 7.5e-13"),
    (r"12\,345\,678 = 12345678", T, "two thin-space digit groups"),
    (r"\frac{12}{3} = 4", T, "braces give the whole number to \\frac"),
    (r"\frac1{23} = \frac{1}{23}", T, "a braced second argument"),
])

PERCENT = _family(Family.PERCENT, [
    (r"50\% = 50", F, r"\% divides by 100: 50% = 1/2 \ne 50; dropping \% proves it"),
    (r"50\% = \frac{1}{2}", T, "50 percent is one half"),
    (r"50\% = 0.5", T, "50 percent is 0.5"),
    (r"100\% = 1", T, "100 percent is 1"),
    (r"100\% = 100", F, "100 percent is 1, not 100"),
    (r"x\% = x", F, r"x% = x/100 \ne x for x \ne 0"),
    (r"x\% = \frac{x}{100}", T, "the meaning of percent"),
    (r"10\% \cdot 10\% = 1\%", T, "0.1 * 0.1 = 0.01"),
    (r"10\% \cdot 10\% = 100", F, "0.1 * 0.1 = 0.01, not 100 (percent signs dropped: 10 * 10)"),
    (r"2^{100\%} = 2", T, "100% = 1 in the exponent"),
    (r"2^{50\%} = 2^{50}", F, r"2^{1/2} \ne 2^{50}; dropping \% in the exponent proves it"),
    (r"10^{2\%} = 100", F, "10^{0.02} is about 1.047, not 100"),
    (r"5 \% 2 = 1", F, r"\% is percent, not modulo: 0.05 * 2 = 0.1 \ne 1 (5 mod 2 = 1)"),
    ("x + 1 % a comment\n = x + 1", T, "an unescaped % starts a TeX comment: x + 1 = x + 1"),
    ("x = 2x % holds at x = 0 only", F, "after the comment is removed: x = 2x, false for x = 1"),
    ("1 = 1 % + 1", T, "TeX drops the comment: 1 = 1"),
    ("2 = 1 % + 1", F, "TeX drops the comment: 2 = 1; reading the comment as maths gives 2 = 2"),
    (r"50\% \cdot 2 = 100", F, "0.5 * 2 = 1"),
    (r"x \% y = xy", F, "x% y = xy/100"),
    (r"\% x = x", F, "a percent sign before a variable is not a formula"),
])

CAPITAL_I = _family(Family.CAPITAL_I, [
    ("I^2 = I", F, "I is a real variable: I^2 = I fails at I = 2 (as the imaginary unit, -1 \u2260 i)"),
    ("I_1 = I_2", F, "two different variables; losing the subscripts makes them equal"),
    (r"I \cdot I = -1", F, "I is a real variable, I^2 \u2265 0; only the imaginary-unit reading proves it"),
    ("I^2 = -1", F, "a real variable squared is never -1"),
    (r"I^2 \ge 0", T, "I is a real variable"),
    ("I + I = 2I", T, "true for any I"),
    ("I_1 + I_2 = I_2 + I_1", T, "commutativity of two variables"),
    ("I_1 - I_1 = 0", T, "the same subscripted variable"),
    ("E > 2", F, "E is a variable (energy, expectation), not Euler's number"),
    ("E^2 = E", F, "E is a variable: fails at E = 2"),
    (r"E = \mathrm{e}", F, "E is a variable; \\mathrm{e} is Euler's number"),
    ("e > 2.7", T, "e is Euler's number, 2.718..."),
    (r"\mathrm{i}^2 = -1", T, r"\mathrm{i} is the imaginary unit"),
    (r"\mathbf{I}^2 = \mathbf{I}", A, "the identity matrix (true) or a scalar variable (false)"),
    ("E[X] = X", F, "an expectation is a number, not the variable; E times X is not X either"),
    (r"\mathbb{E}[X] = X", F, "an expectation is not the random variable"),
    (r"e^{-x} e^x = 1", T, "e is Euler's number"),
    (r"e^{x+y} = e^x + e^y", F, "x = y = 0 gives 1 \u2260 2"),
    (r"\exp(x) = e x", F, "exp(x) is e^x, not e * x (x = 2)"),
    ("I^{-1} = I", F, "1/I \u2260 I at I = 2; the imaginary reading dropping the exponent proves it"),
    ("I^x = I", F, "a variable exponent must not vanish (I = 2, x = 2)"),
    ("I_j = I_k", F, "two different subscripted variables"),
    ("2I^2 = 2I", F, "fails at I = 2"),
    (r"\sqrt{I^2} = I", T, "I > 0 assumed: I is a declared real variable", ("I > 0",)),
])

UNICODE = _family(Family.UNICODE, [
    ("x\u00b9\u2070 = 1", F, "x\u00b9\u2070 is x^{10}; one exponent per digit gives (x^1)^0 = 1"),
    ("x\u00b9\u2070 = x^{10}", T, "superscript digits form one exponent"),
    ("2\u00b9\u2070 = 1024", T, "2^{10} = 1024"),
    ("2\u00b2\u00b3 = 64", F, "2\u00b2\u00b3 is 2^{23} = 8388608; (2^2)^3 = 64 is a misread"),
    ("2\u00b2\u00b3 = 8388608", T, "2^{23} = 8388608"),
    ("x\u00b2 \u2265 0", T, "x^2 \u2265 0 for real x"),
    ("x\u00b2 < 0", F, "x^2 is never negative"),
    ("\u221a16 = 4", T, "in Unicode text \u221a16 is the root of sixteen (TeX's one-token rule "
                        "belongs to \\sqrt, not to \u221a)"),
    ("\u221a4 = 2", T, "the square root of 4"),
    ("\u221ax\u00b7y = \u221a(xy)", F, "\u221ax\u00b7y is \u221ax times y, not \u221a(xy) (y = 4, x = 1)",
     ("x > 0", "y > 0")),
    ("3 \u2212 1 = 2", T, "U+2212 is the minus sign"),
    ("3 \u2212 1 = 4", F, "U+2212 is minus, not plus or nothing"),
    ("3 \u2212 1 = 31", F, "the minus sign must not vanish"),
    ("2 \u00d7 3 = 6", T, "\u00d7 is multiplication"),
    ("2 \u00b7 3 = 23", F, "\u00b7 is multiplication: 6"),
    ("2 \u00b7 3 = 6", T, "\u00b7 is multiplication"),
    ("1 \u2264 0", F, "\u2264 is \\le: 1 \\le 0 is false"),
    ("0 \u2264 1", T, "\u2264 is \\le"),
    ("2 \u2260 2", F, "\u2260 is \\ne"),
    ("1\u00a02 = 3", F, "a non-breaking space between digits is no plus"),
    ("1\u00a02 = 2", F, "a non-breaking space between digits is no times"),
    ("x\u00a0+\u00a01 > x", T, "non-breaking spaces around an operator are spaces"),
    ("\uff11\uff12 = 12", T, "full-width digits \uff11\uff12 are 12"),
    ("\uff11 + \uff11 = 3", F, "full-width 1 + 1 = 2"),
    ("\uff11\uff12 = 3", F, "full-width 12 is twelve, not 1 + 2"),
    ("x\u2081 + x\u2082 = x\u2082 + x\u2081", T, "subscript digits: x_1 + x_2 commutes"),
    ("x\u2081\u2082 = x_{1}", F, "x\u2081\u2082 is x_{12}, a different variable from x_1"),
    ("x\u2081 = x\u2082", F, "x_1 and x_2 are different variables"),
    ("x\u207f = x^{n}", T, "superscript n"),
    ("\u03b1\u00b2 \u2265 0", T, "Greek alpha squared"),
    ("2\u207b\u00b9 = 2", F, "2\u207b\u00b9 is 1/2; dropping the superscript minus gives 2^1"),
    ("\u00bd = 0.5", T, "the vulgar fraction one half"),
    ("1\u200b2 = 3", F, "a zero-width space prints 12; never 1 + 2"),
    ("e^{i\u03c0} = \u22121", T, "Euler's identity in Unicode", (), True),
    ("\u03b3 > 0.5", F, "Unicode gamma is the variable \\gamma, not Euler's constant"),
    ("\u03c0 > 3", T, "Unicode pi is pi"),
    ("2\u00b3 = 8", T, "superscript three"),
    ("2\u00b3 = 6", F, "2 cubed is 8"),
    ("x\u2081\u00b2 = x_1^2", T, "subscript then superscript"),
    ("\u2211_{j=1}^{3} j = 6", T, "the Unicode summation sign"),
    ("\uff11\uff0b\uff11\uff1d\uff12", T, "full-width 1 + 1 = 2"),
    ("2 \u22c5 3 = 6", T, "U+22C5 is the dot operator"),
    ("1\u20442 = 0.5", T, "U+2044 is the fraction slash"),
    ("3 \u2013 1 = 31", F, "an en dash pasted for a minus is no digit joiner"),
    ("3 \u2013 1 = 2", T, "an en dash pasted for a minus sign: 3 - 1"),
    ("\u0430 - a = 0", A, "Cyrillic \u0430 looks like Latin a: the same letter to the eye, two "
                           "symbols to a program"),
    ("\u221a(x\u00b2) = |x|", T, "the root of a square"),
    ("2\u2070 = 1", T, "superscript zero"),
    ("\u221b8 = 2", T, "the cube-root sign"),
])

DOUBLE_SCRIPT = _family(Family.DOUBLE_SCRIPT, [
    ("a^b^c = a^{bc}", F, "TeX rejects a double superscript; reading (a^b)^c proves a non-formula",
     ("a > 0",)),
    ("2^3^2 = 64", F, "double superscript: TeX error; (2^3)^2 = 64 is a guess (2^{3^2} = 512)"),
    ("2^3^2 = 512", F, "double superscript: TeX error; 2^{(3^2)} is a guess"),
    ("{2^3}^2 = 64", T, "braces make it (2^3)^2 = 64"),
    ("2^{3^2} = 512", T, "2^9 = 512"),
    ("2^{3}^{2} = 64", F, "a double superscript with braces is still a TeX error"),
    ("x^2_1 = x_1^2", T, "a sub- and a superscript on one base, in either order"),
    ("x_1_2 = x_{12}", F, "double subscript: a TeX error"),
    ("x_1_2 = x_1", F, "double subscript: a TeX error; dropping the second is a misread"),
    ("x^{2}{}^{3} = x^{5}", F, "x^2 then an empty group with exponent 3: x^2 * 1, not x^5",
     ("x > 1",)),
    ("x_1^2_3 = x_{13}^2", F, "a second subscript is a TeX error"),
    ("{x^2}^3 = x^6", T, "braces: (x^2)^3"),
    ("x^{2^3} = x^8", T, "a superscript inside braces"),
    ("x_1^2_3 = x_1^2", F, "a second subscript _3 is a TeX error; it must not vanish"),
    ("x^{2}^{3}_1 = x_1^6", F, "double superscript, and the subscript must not vanish"),
])

ONE_TOKEN = _family(Family.ONE_TOKEN, [
    ("x^12 = x^{12}", F, "TeX takes one token: x^12 is x^1 * 2 = 2x, not x^{12}"),
    ("x^12 = 2x", T, "TeX's one-token rule: x^1 2 = 2x"),
    ("2^12 = 4096", F, "TeX's one-token rule: 2^1 2 = 4, not 2^{12}"),
    ("2^12 = 4", T, "2^1 * 2 = 4 by the one-token rule"),
    (r"\sqrt 16 = 4", F, r"\sqrt takes one token: \sqrt{1} 6 = 6"),
    (r"\sqrt 16 = 6", T, r"\sqrt{1} * 6 = 6"),
    (r"\sqrt{16} = 4", T, "the root of sixteen"),
    (r"\frac123 = \frac{1}{23}", F, r"\frac123 is \frac{1}{2} 3 = 3/2"),
    (r"\frac123 = \frac{3}{2}", T, r"\frac{1}{2} * 3"),
    (r"\frac12 = 0.5", T, r"\frac{1}{2}"),
    (r"\frac 1 2 3 = \frac{3}{2}", T, "spaces do not change the one-token rule"),
    ("x_12 = x_{12}", F, "x_12 is x_1 * 2; x_{12} is another variable"),
    ("x_12 = 2 x_1", T, "x_1 times 2"),
    ("e^ab = e^{ab}", F, "e^a * b, not e^{ab} (a = 1, b = 2)"),
    ("e^ab = b e^a", T, "e^a * b"),
    ("2^-1 = 2", F, "2^-1 is a TeX superscript '-' then 1: unreadable, and never 2"),
    (r"\sqrt x y = \sqrt{x y}", F, r"\sqrt takes one token: \sqrt{x} y (x = 1, y = 4)",
     ("x > 0", "y > 0")),
    (r"\sqrt x y = y \sqrt{x}", T, r"\sqrt{x} times y", ("x > 0",)),
    (r"\sqrt[3]{8} = 2", T, "the cube root of 8"),
    (r"\sqrt[3]{8} = \sqrt{8}", F, "the root index 3 must not be dropped"),
    (r"x^\frac12 = \sqrt{x}", T, r"x^{\frac{1}{2}}: \frac12 is one argument group", ("x > 0",)),
    (r"10^-2 = 0.01", A, "TeX gives 10^{-} 2: refuse, or read 10^{-2} with a warning"),
    (r"\sqrt2 2 = 2\sqrt{2}", T, r"\sqrt takes the token 2"),
    (r"\frac{1}{2}x = \frac{1}{2x}", F, "(1/2) x, not 1/(2x) (x = 1)"),
    ("1/2x = \\frac{x}{2}", A, "1/2x is (1/2)x to some and 1/(2x) to others: refuse"),
    (r"\frac1x2 = \frac{2}{x}", T, r"\frac{1}{x} 2", ("x > 0",)),
    (r"\frac1{x}2 = \frac{1}{2x}", F, r"\frac{1}{x} * 2 = 2/x, not 1/(2x)", ("x > 0",)),
    (r"x^ 2 = x^2", T, "a space after ^ changes nothing"),
    ("x_ab = x_{ab}", F, "x_a * b, not the variable x_{ab}"),
    ("x^{(2)(3)} = x^5", F, "(2)(3) = 6 in the exponent: x^6 \u2260 x^5 (x = 2)"),
    (r"\sqrt{(2)(8)} = \sqrt{10}", F, "(2)(8) = 16: the root is 4"),
    (r"\frac{(1)(2)}{3} = 1", F, "(1)(2) = 2: the fraction is 2/3"),
    ("(2)^{(3)} = 8", T, "bracketed base and exponent"),
    (r"\sqrt[n]{x} = \sqrt{n} x", F, r"the n-th root of x, not the square root of n times x",
     ("x > 0", r"n \in \mathbb{Z}_{>0}")),
    (r"\sqrt[n]{x^n} = x", T, "the n-th root undoes the n-th power for x > 0",
     ("x > 0", r"n \in \mathbb{Z}_{>0}")),
    (r"\sqrt[3]{x} = x^{1/3}", T, "the cube root of a positive number", ("x > 0",)),
    (r"\sqrt[3]8 = 2", T, "one-token argument"),
    (r"\sqrt[2]{9} = 3", T, "an explicit index 2"),
])

CONSTANTS = _family(Family.CONSTANTS, [
    (r"\gamma > 0.5", F, r"\gamma is a free parameter (RoPE, LayerNorm), not Euler's constant"),
    (r"\gamma = 0.5772156649015329", F, r"\gamma is a variable, not the Euler-Mascheroni constant"),
    (r"\gamma^2 \ge 0", T, r"\gamma is a real variable"),
    (r"\Gamma = \gamma", F, "two different variables"),
    (r"\Gamma(2) = 1", A, r"the gamma function gives 1; the product \Gamma * 2 = 1 is false"),
    (r"\Gamma(x+1) = x\Gamma(x)", A, r"the functional equation, or the product \Gamma x + \Gamma "
                                     r"= x^2 \Gamma: readings disagree", ("x > 0",)),
    (r"\pi > 3", T, r"\pi is pi"),
    (r"\pi = 3.14159", F, "pi is irrational"),
    (r"\varpi > 3", F, r"\varpi is a variable, not pi"),
    (r"\Pi > 3", F, r"\Pi is a variable (a product or a projection), not pi"),
    (r"\Sigma = \sigma", F, "two different variables"),
    (r"\mathrm{e} > 2.7", T, "roman e is Euler's number"),
    (r"\exp(1) = e", T, "e is Euler's number"),
    (r"\ln e = 1", T, "natural log of Euler's number"),
    ("e^e > 15", T, "e^e = 15.154..."),
    ("e^e > 16", F, "e^e = 15.154..."),
    ("e_1 > 2", F, "e_1 is a variable (a basis vector, an edge), not Euler's number"),
    ("e_1 = e", F, "e_1 is a variable, not Euler's number"),
    ("e_1 + e_2 = e_2 + e_1", T, "two variables commute"),
    (r"\epsilon > 0", F, r"\epsilon is a free variable unless assumed positive"),
    (r"\epsilon^2 > 0", T, r"with \epsilon > 0 assumed", (r"\epsilon > 0",)),
    (r"\phi = \frac{1 + \sqrt{5}}{2}", F, r"\phi is a variable, not the golden ratio"),
    (r"\ell > 1", F, r"\ell is a variable (a length, a layer index)"),
    (r"\ell^2 \ge 0", T, r"\ell is a real variable"),
    (r"\lambda x = x \lambda", T, "two real variables commute"),
    (r"\infty - \infty = 0", F, "infinity minus infinity is undefined"),
    (r"\zeta(2) = \frac{\pi^2}{6}", A, r"Riemann's zeta (true) or the product \zeta * 2 (false)"),
    (r"\pi(10) = 4", A, r"the prime-counting function (true) or pi times 10 (false)"),
    (r"\overline{x} = x", A, r"a mean (false) or the conjugate of a real x (true)"),
    (r"\Delta = \delta", F, "two different variables"),
    (r"\sqrt{-1} = \mathrm{i}", T, "the principal root of -1"),
    (r"\sqrt[3]{-8} = -2", T, "the real cube root, as every paper means it"),
    ("(-8)^{1/3} = -2", A, "the real cube root (-2) or the principal complex root 1 + i\u221a3"),
    (r"\Gamma > 0.5", F, r"\Gamma is a variable (or the gamma function), never Euler's constant"),
    (r"\Gamma^2 = \gamma^2", F, "two different variables"),
    (r"\bar{x} = \overline{x}", T, "the same bar, drawn shorter or longer"),
    (r"\sqrt{\gamma^2} = -\gamma", T, r"\gamma < 0 assumed: \gamma is a declared variable",
     (r"\gamma < 0",)),
    ("e^{x} e^{y} = e^{x+y}", T, "e is Euler's number"),
])

FUNCTION_PRODUCT = _family(Family.FUNCTION_PRODUCT, [
    (r"\sigma(2x) = 2\sigma(x)", F, r"\sigma is the sigmoid: \sigma(2) = 0.88 \ne 2 \sigma(1) = 1.46; "
                                   "a product on the left only proves it"),
    (r"\sigma(x) + \sigma(-x) = 1", T, "the sigmoid is symmetric about (0, 1/2)"),
    (r"\sigma(x)\sigma(y) = \sigma(xy)", F, r"sigmoid: \sigma(1)^2 = 0.53 \ne \sigma(1) = 0.73"),
    ("f(x+y) = f(x) + f(y)", F, "f is a function (Cauchy's equation fails for f(t) = t^2); as a "
                                "product fx + fy it would be proved"),
    ("f(2) = 2f", F, "f(2) is f at 2, not 2 times f"),
    ("g(x) = g \\cdot x", F, "g(x) is g at x"),
    (r"\operatorname{f}(x+1) = f x + f", F, r"\operatorname declares f a function"),
    ("a(b+c) = ab + ac", T, "a letter like a before a bracket is a product"),
    ("x(x+1) = x^2 + x", T, "x times (x + 1)"),
    ("n(n+1) = n^2 + n", T, "n times (n + 1)"),
    (r"\tanh(2x) = 2\tanh(x)", F, r"\tanh is a function: \tanh 2 = 0.96 \ne 2 \tanh 1 = 1.52"),
    (r"\exp(x+y) = \exp(x)\exp(y)", T, "the exponential law"),
    (r"\operatorname{ReLU}(-x) = -\operatorname{ReLU}(x)", F, "ReLU(-1) = 0, -ReLU(1) = -1"),
    (r"\operatorname{ReLU}(x) - \operatorname{ReLU}(-x) = x", T, "max(x,0) - max(-x,0) = x"),
    (r"\mathrm{softmax}(x) = x", F, "softmax is a function, not the product of a name and x"),
    (r"\sin(x) = \sin \cdot x", F, r"\sin is never a factor"),
    ("f^{-1}(x) = \\frac{1}{f(x)}", F, "f^{-1} is the inverse function, not a reciprocal"),
    ("f^2(x) = f(f(x))", A, "f squared or f iterated: authors differ"),
    (r"\mathrm{sin}\,x = \sin x", T, r"\mathrm{sin} is sin"),
    (r"\text{lr} \cdot 2 = 2\,\text{lr}", T, "a named quantity times 2"),
    (r"\sigma(x) = \frac{1}{1 + e^{-x}}", T, r"\sigma is the logistic sigmoid"),
    (r"\ln(x) y = y\ln x", T, "the brackets close the argument", ("x > 0",)),
    (r"\sqrt{x}(1 + x) = \sqrt{x} + x\sqrt{x}", T, "a root times a bracket", (r"x \ge 0",)),
    ("a(2) = 2a", T, "a variable before a bracket multiplies"),
])

EXTENT = _family(Family.EXTENT, [
    (r"\ln 2 \cdot 3 = \ln 6", F, r"the argument ends at \cdot: 3 ln 2 = ln 8 \ne ln 6"),
    (r"\ln 2 \cdot 3 = 3\ln 2", T, r"(\ln 2) * 3"),
    (r"\ln 2 3 = \ln 6", F, "'2 3' is 23 as TeX prints it, never 6"),
    (r"\sin x + y = \sin(x+y)", F, "the argument ends at +: sin(x) + y"),
    (r"\sin x + y = y + \sin(x)", T, "sin(x) + y"),
    (r"\cos x \cdot y = y\cos x", T, r"the argument ends at \cdot"),
    (r"\sin 2x = 2\sin x", F, "sin(2x) = 2 sin x cos x"),
    (r"\sin x y = y \sin x", F, "the unbracketed argument runs to + - \\cdot: sin(xy)"),
    (r"\log_2 8 x = 3x", F, "log_2(8x) = 3 + log_2 x, not (log_2 8) x", ("x > 0",)),
    (r"\exp x^2 = (\exp x)^2", F, "exp(x^2) \u2260 exp(2x) (x = 1)"),
    (r"\exp x^2 = e^{x^2}", T, "exp(x^2)"),
    (r"\ln x^2 = 2\ln x", T, "ln(x^2) = 2 ln x for x > 0", ("x > 0",)),
    (r"\ln x^2 = (\ln x)^2", F, "ln(x^2) = 2 ln x \u2260 (ln x)^2 (x = e^3)", ("x > 0",)),
    (r"\ln a b = \ln a + \ln b", T, "ln(ab) for a, b > 0", ("a > 0", "b > 0")),
    (r"\ln 2 x = x\ln 2", F, "ln(2x), not x ln 2: at x = 4, ln 8 = 3 ln 2 \u2260 4 ln 2", ("x > 0",)),
    (r"\sin x \cos x = \sin(x \cos x)", F, "a new function ends the argument: sin(x) cos(x)"),
    (r"\sin x \cos x = \frac{1}{2}\sin 2x", T, "the double-angle identity"),
    (r"\ln x \ln y = \ln(x \ln y)", F, "ln(x) ln(y), not ln(x ln y)", ("x > 1", "y > 1")),
    (r"\ln \frac{a}{b} = \ln a - \ln b", T, "log of a quotient", ("a > 0", "b > 0")),
    (r"e^2\ln 3 = 9", F, "e^2 * ln 3 = 8.12, not e^{2 ln 3} = 9"),
    (r"e^{2\ln 3} = 9", T, "e^{ln 9} = 9"),
    (r"\sin x^2 = \sin^2 x", F, "sin(x^2) \u2260 (sin x)^2 (x = 1)"),
    (r"\ln \ln x = 2\ln x", F, "ln ln x, not 2 ln x", ("x > 1",)),
    (r"\tan^{-1} 1 = \frac{\pi}{4}", T, "arctan 1"),
    (r"\log_b a = \frac{\ln a}{\ln b}", T, "change of base", ("a > 0", "b > 1")),
    (r"\log_e x = \ln x", T, "base e", ("x > 0",)),
    (r"\sinh^{-1} x = \frac{1}{\sinh x}", F, "sinh^{-1} is arsinh", ("x > 0",)),
    (r"\ln x \cdot y = y\ln x", T, r"the argument ends at \cdot", ("x > 0",)),
    (r"\ln x / y = \frac{\ln x}{y}", A, "(ln x)/y or ln(x/y): the readings disagree", ("x > 0", "y > 0")),
    ("a/bc = \\frac{a}{bc}", A, "a/(bc) or (a/b)c: refuse"),
    (r"\ln 2 \cdot \ln 3 = \ln 3 \cdot \ln 2", T, "two logarithms commute"),
    (r"\ln 2 \cdot -1 = -\ln 2", T, r"the argument ends at \cdot: (ln 2)(-1)"),
    (r"\sin x \times y = y \sin x", T, r"the argument ends at \times"),
    (r"\ln x^{-1} = -\ln x", T, "ln(1/x)", ("x > 0",)),
])

EVALUATION = _family(Family.EVALUATION, [
    ("x/x = 1", F, "undefined at x = 0; simplifying while parsing proves it for every real x"),
    (r"\frac{x}{x} = 1", F, "undefined at x = 0"),
    (r"\frac{x}{x} = 1", T, "x \u2260 0 assumed", (r"x \ne 0",)),
    (r"\frac{x-1}{x-1} = 1", F, "undefined at x = 1"),
    (r"0 \cdot \frac{1}{x} = 0", F, "undefined at x = 0"),
    (r"\frac{x^2-1}{x-1} = x+1", F, "undefined at x = 1"),
    (r"\frac{x^2-1}{x-1} = x+1", T, "x > 1 assumed", ("x > 1",)),
    (r"\sqrt{x^2} = x", F, "\u221a(x^2) = |x| \u2260 x for x < 0"),
    (r"\sqrt{x^2} = |x|", T, "for every real x"),
    (r"(x^2)^{1/2} = x", F, "|x| \u2260 x for x < 0"),
    (r"e^{\ln x} = x", F, "undefined for x \u2264 0"),
    (r"e^{\ln x} = x", T, "x > 0 assumed", ("x > 0",)),
    (r"\ln e^x = x", T, "for every real x"),
    (r"\frac{0}{0} = 1", F, "0/0 is undefined"),
    (r"\frac{1}{0} = \infty", F, "1/0 is undefined over the reals"),
    ("x - x = 0", T, "for every real x"),
    (r"-2^2 = 4", F, "-(2^2) = -4"),
    (r"-2^2 = -4", T, "exponent before negation"),
    (r"(-2)^2 = 4", T, "a bracketed negative number squared"),
    (r"2x^2 = (2x)^2", F, "2x^2 \u2260 4x^2 (x = 1)"),
    (r"x^2y = x^{2y}", F, "x^2 * y, not x^{2y}", ("x > 0",)),
    (r"x^2y = y x^2", T, "x^2 times y"),
    (r"x \cdot \frac{1}{x} = 1", F, "undefined at x = 0"),
    (r"\frac{\sin x}{\sin x} = 1", F, "undefined at x = 0"),
    (r"\frac{x^2}{x} = x", F, "undefined at x = 0"),
    (r"\frac{1}{\frac{1}{x}} = x", F, "undefined at x = 0"),
    (r"(\sqrt{x})^2 = x", F, "undefined for x < 0 over the reals"),
    (r"(\sqrt{x})^2 = x", T, "x \u2265 0", (r"x \ge 0",)),
    (r"\ln 1 = 0", T, "log of one"),
])

IMAGINARY = _family(Family.IMAGINARY, [
    (r"e^{i\pi} = -1", T, "Euler's identity: i is the imaginary unit where it is not an index"),
    (r"e^{i\theta} = \cos\theta + i\sin\theta", T, "Euler's formula"),
    ("i^2 = -1", T, "the imaginary unit, not an index"),
    ("(1+i)^2 = 2i", T, "1 + 2i - 1 = 2i with i the imaginary unit (refuted only if i is real)"),
    ("i^4 = 1", T, "the imaginary unit"),
    (r"|e^{i x}| = 1", T, "unit modulus for real x"),
    (r"e^{i x} = 1", F, "false at x = 1 for either reading of i"),
    (r"\sum_{i=1}^{3} i^2 = -3", F, "i is the summation index: 1 + 4 + 9 = 14; the imaginary "
                                    "unit would give -3"),
    (r"\sum_{i=1}^{3} i^2 = 14", T, "i is the summation index"),
    (r"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}", T, "Gauss; i is the index",
     (r"n \in \mathbb{Z}_{>0}",)),
    (r"x_i^2 \ge 0", T, "i is a subscript (an index): x_i real"),
    (r"x_i^2 + 1 > 0", T, "i is an index even with the imaginary unit switched on", (), True),
    (r"\sum_{i=1}^{2} i^2 = 5", T, "the index i stays an index with --imaginary-unit", (), True),
    (r"i > 0", F, "the imaginary unit is not ordered; an index may be 0 or negative"),
    (r"\cos x = \frac{e^{ix} + e^{-ix}}{2}", T, "cosine from exponentials"),
    (r"|e^{i\theta}|^2 = 1", T, "unit modulus"),
    (r"\mathrm{i} \cdot \mathrm{i} = 1", F, "i^2 = -1"),
    (r"i = \sqrt{-1}", T, "the imaginary unit"),
    (r"e^{2\pi i} = 1", T, "a full turn"),
    ("(x + iy)(x - iy) = x^2 + y^2", T, "|x + iy|^2 for real x, y (refuted only if i is real)"),
    (r"\prod_{i=1}^{2} i = 2", T, "i is the product index"),
    (r"\max_i x_i \ge x_1", T, "an element is at most the max; i is the max index"),
    (r"x_i + i = i + x_i", T, "commutes either way"),
    (r"e^{i\pi} = -1", T, "Euler's identity with --imaginary-unit", (), True),
    ("i^2 = 1", F, "false as the imaginary unit (-1) and as an index (i = 2)"),
    (r"\sqrt{i^2} = i", T, "i > 0 assumed: here i is a declared positive variable", ("i > 0",)),
    ("i_1 = i_2", F, "two subscripted variables; the imaginary reading must not drop the subscripts"),
    ("x^i = x", F, "false for x = 2 for either reading of i", ("x > 0",)),
])

ASSUMPTIONS = _family(Family.ASSUMPTIONS, [
    (r"\sqrt{x_j^2} = x_j", T, "x_j > 0 assumed for all j", ("x_j > 0",)),
    (r"\ln x_j^2 = 2\ln x_j", T, "x_j > 0 assumed", ("x_j > 0",)),
    (r"\sum_{j=1}^{n} x_j > 0", T, "a sum of positive terms, n \u2265 1",
     ("x_j > 0", r"n \in \mathbb{Z}_{>0}")),
    (r"\ln x_1 + \ln x_2 = \ln(x_1 x_2)", T, "both positive", ("x_1 > 0", "x_2 > 0")),
    (r"\sqrt{x_1^2} = x_1", F, "x_2 > 0 says nothing about x_1", ("x_2 > 0",)),
    (r"\sqrt{x_1^2} = x_1", F, "x > 0 says nothing about the variable x_1", ("x > 0",)),
    (r"\sqrt{\alpha^2} = \alpha", T, "alpha > 0 without a backslash is a typo for \\alpha > 0: "
                                     "refuse it, never read the product a l p h a",
     ("alpha > 0",)),
    (r"\sqrt{\alpha^2} = \alpha", T, r"\alpha > 0 assumed", (r"\alpha > 0",)),
    (r"\sqrt{x^2} = x", F, "x > o (letter o) does not make x positive", ("x > o",)),
    (r"\sqrt{x^2} = x", F, "X > 0 is about X, not x", ("X > 0",)),
    (r"\sqrt{y^2} = y", F, "x > 0 is about x, not y", ("x > 0",)),
    (r"\sqrt{x^2} = x", F, "x > -1 allows x = -1/2", ("x > -1",)),
    (r"\sqrt{x^2} = x", T, "x \u2265 0", (r"x \ge 0",)),
    (r"\ln p < 0", T, "0 < p < 1", ("0 < p < 1",)),
    ("p^2 < 1", F, "p < 1 is not 0 < p < 1: p = -2 gives 4", ("p < 1",)),
    ("(-1)^{2n} = 1", T, "n an integer", (r"n \in \mathbb{Z}_{>0}",)),
    ("(-1)^{n} = 1", F, "n = 1 gives -1", (r"n \in \mathbb{Z}_{>0}",)),
    ("x^2 < x", T, "x in (0, 1)", (r"x \in (0, 1)",)),
    ("x^2 < x", F, "x = 0 is in [0, 1] and 0 < 0 is false", (r"x \in [0, 1]",)),
    (r"\ln(xy) = \ln x + \ln y", T, "both positive, in one --assume", ("x > 0, y > 0",)),
    ("|x + y| = |x| + |y|", T, "xy > 0: x and y have the same sign", ("xy > 0",)),
    ("|x + y| = |x| + |y|", F, "x + y > 0 allows x = 2, y = -1", ("x + y > 0",)),
    (r"\sqrt{x_j^2} = x_j", T, "x_i > 0 for every i includes x_j", ("x_i > 0",)),
    (r"\sqrt{x_j^2} = x_j", F, "x_1 > 0 says nothing about x_j", ("x_1 > 0",)),
    (r"\sqrt{x_j^2} = x_j", T, "braces in the subscript name the same x_j", ("x_{j} > 0",)),
    (r"\sqrt{x^2} = x", T, "0 < x written the other way round", ("0 < x",)),
    (r"\sqrt{x^2} = x", T, r"\gt is >", (r"x \gt 0",)),
    (r"\sqrt{x^2} = x", T, "-x < 0 is x > 0", ("-x < 0",)),
    (r"\sqrt{x^2} = x", F, "x^2 > 0 only says x \u2260 0", ("x^2 > 0",)),
    (r"\sqrt{x^2} = x", T, "x => 0 is a typo for x \u2265 0: refuse it or read it so",
     ("x => 0",)),
    (r"\sqrt{\lambda^2} = \lambda", T, "lambda > 0 without a backslash is a typo for "
                                       "\\lambda > 0: refuse, never a product", ("lambda > 0",)),
    (r"\ln x \ge 0", T, "x \u2265 1", (r"x \ge 1",)),
    ("x^2 \\ge x", T, "true for every integer", (r"x \in \mathbb{Z}",)),
    ("x^2 > x", F, "x = 0 or x = 1", (r"x \in \mathbb{Z}",)),
    (r"x \ge 1", A, r"\mathbb{N} starts at 0 or at 1 depending on the author", (r"x \in \mathbb{N}",)),
    (r"\prod_{j=1}^{n} x_j > 0", T, "a product of positive terms", ("x_j > 0", r"n \in \mathbb{Z}_{>0}")),
    ("x_1 + x_2 > 0", F, "x_1 > 0 says nothing about x_2", ("x_1 > 0",)),
])

RELATIONS = _family(Family.RELATIONS, [
    (r"1 \le 1", T, "equality satisfies \\le"),
    ("1 < 1", F, "strict"),
    (r"x^2 + 1 \ne 0", T, "never zero for real x"),
    (r"x^2 \neq 0", F, "zero at x = 0"),
    (r"x \neq x", F, "never"),
    (r"2 \geq 3", F, "2 < 3"),
    (r"1 \geqslant 2", F, "1 < 2"),
    (r"x^2 \ge 2x - 1", T, "(x - 1)^2 \u2265 0"),
    ("x^2 > 2x - 1", F, "equality at x = 1"),
    (r"\frac{1}{n} \le 1", T, "n \u2265 1", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\frac{1}{n} < 1", F, "n = 1 gives equality", (r"n \in \mathbb{Z}_{>0}",)),
    (r"(x+1)^2 = x^2 + 2x + 1 \le x^2 + 1", F, "the second link fails for x > 0"),
    ("1 < 2 < 1", F, "the second link is false"),
    (r"0 \le x^2 \le -1", F, "the second link is false"),
    (r"x = x \le x + 1", T, "both links hold"),
    (r"1 \lt 2", T, r"\lt is <"),
    (r"1 \not< 2", F, r"\not< negates <: 1 < 2 is true so this is false; dropping \not proves it"),
    (r"2 \not= 2", F, r"\not= is \ne"),
    ("1 == 2", F, "not a TeX relation; and false"),
    ("2 <= 1", F, "2 \u2264 1 is false (and <= is not TeX)"),
    ("1 >= 2", F, "1 \u2265 2 is false"),
    (r"100 \approx 1", F, "100 is not approximately 1"),
    (r"1 \gg 2", F, "1 is not much greater than 2"),
    (r"x = y", F, "two free variables"),
    (r"1 = 1 \le 0", F, "the second link is false"),
    (r"2 \ge 1 \ge 3", F, "the second link is false"),
    (r"x < y \implies x^2 < y^2", F, "x = -2, y = 1"),
    (r"x < y \implies x^3 < y^3", T, "the cube is increasing"),
    (r"x > 0 \wedge y > 0 \implies xy > 0", T, "a product of positives"),
    ("x := x + 1", F, "a circular definition; as an equation, false"),
    (r"x \equiv x + 1", F, "never"),
    ("1 = 1 = 2", F, "the second link is false"),
    (r"x \ge x", T, "reflexive"),
    (r"2 \approx 2", T, "equal numbers are approximately equal"),
    (r"x > 0 \wedge x < 0 \implies 1 = 2", T, "a contradictory premise implies anything"),
    (r"x > 0 \implies x > 1", F, "x = 1/2"),
    (r"x^2 = 1 \implies x = 1", F, "x = -1"),
    (r"x^2 = 1 \iff x = 1", F, "x = -1"),
    (r"x > 1 \Rightarrow x^2 > 1", T, "squares grow above 1"),
])

HIDDEN = _family(Family.HIDDEN, [
    (r"\phantom{-}1 = -1", F, r"\phantom prints nothing: 1 = -1"),
    (r"x + \phantom{1} = x + 1", F, r"\phantom prints nothing: x + (nothing) is not a formula"),
    (r"{\color{red} x} + 1 = x", F, "colour changes nothing: x + 1 \u2260 x"),
    (r"\color{red}{x} = x", T, "a coloured x is x"),
    (r"\frac{dy}{dx} = \frac{y}{x}", F, "d is the differential, not a variable that cancels"),
    (r"\frac{\mathrm{d}x^2}{\mathrm{d}x} = x", F, "the derivative of x^2 is 2x; cancelling d gives x"),
    (r"\frac{\mathrm{d}}{\mathrm{d}x} x^2 = 2x", T, "a derivative"),
    (r"\frac{d}{dx} x^3 = x^2", F, "the derivative is 3x^2"),
    (r"1\!2 = 3", F, r"\! is a negative thin space: prints 12"),
    (r"2 \cdot 0 = 1 \\ 0 = 0", F, r"two rows: 2 * 0 = 1 is false; dropping \\ makes the chain "
                                   "2*0 = 1*0 = 0, all true"),
    (r"1 & 2 = 2", F, "& separates columns; '1 2' is no product"),
    (r"x = 1 \\ x = 2", F, "two rows, both false for a free x"),
    (r"\sqrt{x^2} = x \quad \text{for } x > 0", T, "the condition in words restricts x"),
    (r"\boxed{1 = 2}", F, "a box changes nothing: 1 = 2"),
    (r"\displaystyle 1 = 2", F, "a style command changes nothing"),
    (r"\mathbf{x} - x = 0", F, "bold x (a vector) and italic x are different symbols"),
    (r"\mathcal{L} = L", F, "calligraphic L (a loss) and L are different symbols"),
    (r"\hat{x} = x", F, "an estimate and the quantity are different symbols"),
    (r"\bar{x} = x", F, "a mean (or conjugate) is not x itself"),
    (r"\tilde{x} = x", F, "different symbols"),
    (r"\vec{v} = v", F, "a vector and a scalar are different symbols"),
    ("x' = x", F, "x' is another quantity (or a derivative)"),
    (r"\text{cost} = \cos t", F, "the word 'cost' is a name, not cos(t)"),
    (r"\operatorname{exp}(x) = e^x", T, r"\operatorname{exp} is exp"),
    (r"\left. x^2 \right|_{x=2} = 4", T, "an evaluation bar: x^2 at x = 2"),
    (r"\left. x^2 \right|_{x=2} = x^2", F, "the evaluation bar fixes x = 2"),
    (r"x^2 + \underbrace{0}_{=1} = x^2 + 1", F, "the underbrace note '=1' is a remark; 0 \u2260 1"),
    (r"a\,b = ab", T, "a thin space between letters is a product"),
    (r"0 &= 1 \\ 0 &= 0", F, r"two rows: 0 = 1 is false; dropping \\ and & reads 0 = 1 0 = 0"),
    (r"x + x &= 2x \\ &= x \cdot 2", T, "an align chain: both rows hold"),
    (r"x = x + 1 \label{eq:bad}", F, "a label changes nothing"),
    ("1 = 2 % \\\\ 1 = 1", F, "the comment hides the second row: 1 = 2"),
    (r"\left\{ x \right\} = x", F, r"\left\{ x \right\} is a set (or a fractional part), not x"),
    (r"\lvert x \rvert = x", F, "an absolute value: fails for x < 0"),
    (r"x = 1 \\ x = x", F, r"two rows: x = 1 is false; dropping \\ reads the chain x = 1x = x"),
    (r"q^T q = d", F, "a vector's squared norm is not its dimension"),
    ("d x = x d", T, "two variables commute"),
    (r"\frac{dx}{dt} = 0", F, "x varies with t; reading x as a constant symbol makes every rate zero"),
    (r"\frac{\partial f}{\partial x} = 0", F, "f depends on x; a bare symbol f has derivative zero"),
    (r"\frac{d}{dx} e^x = e^x", T, "the exponential is its own derivative"),
    (r"\hat x = \hat{x}", T, "one-token argument of an accent"),
    ("{x}_1 = x_1", T, "a braced base"),
    (r"0 = 1 \quad 0 = 0", F, r"two claims side by side: 0 = 1 is false; reading '1 \quad 0' as a "
                               "product chains 0 = 0 = 0"),
    (r"2 = 2 \qquad 3 = 3", T, "two true claims side by side"),
    ("0 = 1, 0 = 0", F, "two claims separated by a comma: the first is false"),
    (r"0 = 0 \text{ and } 1 = 2", F, "the second claim is false"),
])

ABSOLUTE = _family(Family.ABSOLUTE, [
    ("|x| = x", F, "fails for x < 0"),
    ("|x| = x", T, "x \u2265 0", (r"x \ge 0",)),
    (r"\|x\| = x", F, "a norm is nonnegative: fails for x < 0"),
    (r"\left| x \right| \ge 0", T, "absolute value"),
    ("|x - y| = |y - x|", T, "symmetry"),
    (r"|x| - |y| \le |x - y|", T, "reverse triangle inequality"),
    ("|x + y| = |x| + |y|", F, "x = 1, y = -1"),
    ("|x||y| = |xy|", T, "multiplicativity (|| here is two bars, not a norm)"),
    ("|x||y| = xy", F, "x = 1, y = -1"),
    ("|a|b|c| = |abc|", A, "|a| b |c| (false at b = -1) or |a|b|c| (true): refuse"),
    ("|x|^2 = x^2", T, "for real x"),
    (r"\{x\} = x", F, r"\{x\} is a fractional part or a set, not x"),
    (r"\lfloor x \rfloor = x", F, "x = 1/2"),
    (r"\lfloor 2.5 \rfloor = 2.5", F, "floor is 2"),
    (r"\lceil 2.5 \rceil = 3", T, "ceiling"),
    (r"\left( x + 1 \right. = x + 1", T, r"an invisible right delimiter: x + 1 = x + 1"),
    ("[x + 1) = x + 1", F, "mismatched brackets: not a formula"),
    ("(x + 1] = x + 1", F, "mismatched brackets: not a formula"),
    (r"\max(x, -x) = |x|", T, "max of x and -x"),
    (r"\min(a, b) \ge a", F, "a = 2, b = 1"),
    (r"\max(1, 2) = 12", F, "the comma is no digit group"),
    ("||x|| = x", F, "a norm of a scalar is |x|: fails for x < 0"),
    (r"\|x + y\| = \|x\| + \|y\|", F, "the triangle inequality is not an equality"),
    (r"\|q\|^2 = q^T q", T, "the squared norm of a vector"),
    (r"\|q\| = q^T q", F, "the norm is the square root of q^T q"),
    (r"\left[ x \right) = x", F, "mismatched delimiters: a half-open interval, not a bracket"),
    (r"\left| x \right) = |x|", F, "mismatched delimiters: not a formula"),
    (r"\left( x \right| = x", F, "mismatched delimiters: not a formula"),
    (r"\lfloor 2.5 \rceil = 2.5", F, "mismatched floor and ceiling"),
    ("[2.5] = 2.5", T, "square brackets group; the Gauss floor bracket is written \\lfloor"),
])

FUNCTION_SCRIPTS = _family(Family.FUNCTION_SCRIPTS, [
    (r"\sin^2 x + \cos^2 x = 1", T, "Pythagoras"),
    (r"\sin^2 x = \sin(x^2)", F, "(sin x)^2, not sin(x^2)"),
    (r"\sin^{-1} x = \frac{1}{\sin x}", F, "sin^{-1} is arcsin", ("0 < x < 1",)),
    (r"\sin^{-1} x = \arcsin x", T, "the inverse-function notation", ("0 < x < 1",)),
    (r"\log^2 x = \log(x^2)", F, "(log x)^2 \u2260 2 log x (x = e^3)", ("x > 0",)),
    (r"\log^2 x = (\log x)^2", T, "the power of a function's value", ("x > 0",)),
    (r"\ln_2 8 = \ln 8", F, "the subscript is a base or unreadable; never silently dropped"),
    (r"\log_2 8 = 3", T, "base-2 log"),
    (r"\log_2 8 = \ln 8", F, "the base must not be dropped"),
    (r"\log_{10} 100 = 2", T, "base-10 log"),
    (r"\log_{10} 100 = \ln 100", F, "the base must not be dropped"),
    (r"\log_2 x = \frac{\ln x}{\ln 2}", T, "change of base", ("x > 0",)),
    (r"\log_x 8 = 3", F, "only x = 2", ("x > 1",)),
    (r"\ln(x)^2 = 2\ln x", A, "(ln x)^2 or ln(x^2): the readings disagree", ("x > 0",)),
    (r"\sin(x)^2 = \sin^2 x", A, "(sin x)^2 in most papers, sin(x^2) to a strict parser"),
    (r"\exp(x)^2 = \exp(2x)", A, "(exp x)^2 = exp(2x), but exp(x^2) \u2260 exp(2x)"),
    (r"\sin^{2}(x) = \sin(x)\sin(x)", T, "the square of sin x"),
    (r"\cos^{-1} x = \frac{1}{\cos x}", F, "cos^{-1} is arccos", ("0 < x < 1",)),
    (r"\sin^2(x) = \sin(x^2)", F, "(sin x)^2 \u2260 sin(x^2) (x = 1)"),
    (r"\cos^{2} x = 1 - \sin^{2} x", T, "Pythagoras"),
    (r"\ln^{-1} x = \frac{1}{\ln x}", A, "the inverse function (e^x) or the reciprocal", ("x > 1",)),
    (r"\log_{2}^{2} 8 = 9", T, "(log_2 8)^2 = 9"),
    (r"\operatorname{foo}(x) = \operatorname{foo}(y)", F, "an unknown function at two points"),
    (r"\operatorname{sgn}(x) x = |x|", T, "sign times value"),
])

BIG_OPERATORS = _family(Family.BIG_OPERATORS, [
    (r"\sum_i x_i = \sum_j x_j", T, "a renamed index over the same (implicit) range"),
    (r"\sum_{i=1}^{n} x_i = \sum_{j=1}^{n} x_j", T, "a renamed index"),
    (r"\sum_{j=1}^{n} 1 = n", T, "n ones", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\sum_{j=1}^{n} j = n^2", F, "n = 2: 3 \u2260 4", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\prod_{j=1}^{n} 2 = 2n", F, "2^n \u2260 2n at n = 3", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\sum_{j=1}^{n} j^2 = \frac{n(n+1)(2n+1)}{6}", T, "sum of squares",
     (r"n \in \mathbb{Z}_{>0}",)),
    (r"\sum_{j=1}^{n} x_j + y = y + \sum_{j=1}^{n} x_j", T, "the body ends at +: y is added once"),
    (r"\sum_{j=1}^{n} x_j + 1 = n + \sum_{j=1}^{n} x_j", F, "the body ends at +: 1 is added once, "
                                                             "not n times (n = 2)",
     (r"n \in \mathbb{Z}_{>0}",)),
    (r"\sum_{j=1}^{n} x_j y = y \sum_{j=1}^{n} x_j", T, "a constant factor"),
    (r"\lim_{x \to 0} \frac{\sin x}{x} = 1", T, "the classic limit"),
    (r"\lim_{x \to 0} \frac{1}{x} = \infty", F, "the two-sided limit does not exist"),
    (r"\lim_{x \to 0^+} \frac{1}{x} = \infty", T, "one-sided"),
    (r"\max(a, b) = a + b - \min(a, b)", T, "max + min = a + b"),
    (r"\int_0^1 x\,dx = 1", F, "the integral is 1/2"),
    (r"\int_0^1 x\,dx = \frac{1}{2}", T, "the integral of x over [0, 1]"),
    (r"\binom{4}{2} = 6", T, "4 choose 2"),
    (r"\binom42 = 6", T, "one-token arguments: 4 choose 2"),
    (r"\binom{4}{2} = 2", F, "4 choose 2 is 6 (not 4/2)"),
    ("3! = 6", T, "factorial"),
    ("-3! = 6", F, "-(3!) = -6"),
    (r"\max_j x_j \ge x_1", T, "the max bounds every element", ()),
    (r"\sum_j x_j = \sum_{j=1}^{n} x_j", T, "the range of the bare sum comes from the chain"),
    (r"\prod_{j=1}^{n} x_j = x_1^n", F, "the terms differ"),
    (r"\sum_{j=1}^{n} x_j^2 \ge 0", T, "a sum of squares", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\max_j x_j = \max_k x_k", T, "a renamed index over the same range"),
    (r"\sum_{j=1}^{n} x_j \le n \max_j x_j", T, "each term is at most the max", (r"n \in \mathbb{Z}_{>0}",)),
    (r"\lim_{x \to \infty} \frac{1}{x} = 0", T, "the limit at infinity"),
    ("n! = n(n-1)!", T, "the factorial recursion", (r"n \in \mathbb{Z}_{>0}",)),
    ("0! = 0", F, "0! = 1"),
    (r"\binom{n}{2} = \frac{n(n-1)}{2}", T, "pairs", (r"n \in \mathbb{Z}_{>0}",)),
])

VECTORS = _family(Family.VECTORS, [
    ("q^T k = k^T q", T, "the dot product is symmetric"),
    (r"q^\top k = k^\top q", T, r"\top is the transpose"),
    (r"\mathbf{q}^T \mathbf{k} = \mathbf{k}^T \mathbf{q}", T, "bold vectors"),
    ("q_i^T k_j = k_j^T q_i", T, "indexed vectors"),
    (r"\langle q, k \rangle = q^T k", T, "the inner product"),
    (r"\langle q, q \rangle \ge 0", T, "a squared norm"),
    (r"\langle q, k \rangle \ge 0", F, "k = -q gives a negative inner product"),
    (r"q^T k \le \|q\| \|k\|", T, "Cauchy-Schwarz"),
    (r"q^T k \le \|q\|", F, "k = 2q gives 2|q|^2 > |q| for |q| = 1"),
    (r"\|q\| \ge 0", T, "a norm is nonnegative"),
    ("(2q)^T k = 2 q^T k", T, "linearity"),
    ("q^T (k + v) = q^T k + q^T v", T, "linearity"),
    ("q^T (k + v) = q^T k", F, "v must not vanish"),
    ("q k^T = k^T q", F, "q k^T is an outer product (a matrix), k^T q a number"),
    ("A^T = A", F, "a matrix is not symmetric in general"),
    (r"\|q + k\| \le \|q\| + \|k\|", T, "the triangle inequality"),
])

CASES: tuple[Case, ...] = tuple(
    NUMBERS + PERCENT + CAPITAL_I + UNICODE + DOUBLE_SCRIPT + ONE_TOKEN + CONSTANTS
    + FUNCTION_PRODUCT + EXTENT + EVALUATION + IMAGINARY + ASSUMPTIONS + RELATIONS + HIDDEN
    + ABSOLUTE + FUNCTION_SCRIPTS + BIG_OPERATORS + VECTORS)
