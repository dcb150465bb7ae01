"""Red team of the long-tail readings (issue 11): sized floors and ceilings, a quotient closed by
``\\rceil``/``\\rfloor``, limits written superscript first, italic ``Var(X)``, a plain comma
between the statements of a display, and the refusals that guard them (``\\mu^l = ... a_i^l``,
``i`` alone on a side).

Kinds, as in the other red-team files:

* a false claim is never ``proved``/``verified``/``approximate`` (a refusal, ``refuted`` or an
  undecided verdict is fine);
* a true claim is never ``refuted``;
* an ambiguous claim is refused with ``ParseError``.

The truth of every claim was worked out by hand (in its comment) before it was run.
"""
from __future__ import annotations

import pytest

from symbolic.api import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


def _verdicts(latex, assume=()):
    try:
        return [o.verdict for _, o in check_chain(latex, assume=list(assume), config=CONFIG)]
    except StepcheckError:
        return None


FALSE = [
    # a sized ceiling is a ceiling, not brackets: at M = 1, d = 1 the left is 1, the right 1/4
    (r"\left\lceil \frac{M}{4d} \right\rceil = \frac{M}{4d}", ("M > 0", "d > 0")),
    # a sized floor is a floor: at x = 1/2 the left is 0
    (r"\left\lfloor x \right\rfloor = x", ()),
    # floor is not ceiling: at x = 1/2, 0 vs 1
    (r"\left\lfloor x \right\rfloor = \left\lceil x \right\rceil", ()),
    # the ceiling of a sum is not the sum of ceilings: x = y = 1/2 gives 1 vs 2
    (r"\left\lceil x + y \right\rceil = \left\lceil x \right\rceil + \left\lceil y \right\rceil", ()),
    # a quotient closed by the ceiling: ceil(M/128) is not M/128 (M = 1)
    (r"\lceil M/128 \rceil = M/128", ()),
    # ... and not the ceiling of a product M/(128 c) or (M/128) c: c = 2, M = 128 gives 1 vs 2
    (r"\lceil M/128 \rceil c = \lceil M/128 \rceil", ()),
    # floor(t/T) + 1 is not floor((t + 1)/T): t = 0, T = 2 gives 1 vs 0
    (r"\left\lfloor t/T \right\rfloor + 1 = \left\lfloor (t+1)/T \right\rfloor", ("T > 0",)),
    # a sum written superscript first keeps its limits: H = 2 gives a_1 + a_2, not a_1
    (r"\sum^{H}_{i=1} a_i = a_1", ()),
    # ... and its index: the sum of i from 1 to n is not n^2 (n = 2: 3 vs 4)
    (r"\sum^{n}_{i=1} i = n^2", ("n \\in \\mathbb{Z}_{>0}",)),
    (r"\prod^{n}_{k=1} k = n", ("n \\in \\mathbb{Z}_{>0}",)),
    # italic Var is the variance: Var(X + Y) = Var(X) + Var(Y) needs independence
    (r"Var(X + Y) = Var(X) + Var(Y)", ()),
    # Var(2X) = 4 Var(X), not 2 Var(X)
    (r"Var(2X) = 2Var(X)", ()),
    (r"Var[X + Y] = Var[X]", ()),
    # a variance is not a mean
    (r"Var(X) = \mathbb{E}[X]^2", ()),
    # read as the product V a r X, Var(X) = VarX would be true; as the variance it is not an identity
    (r"Var(X) = V \cdot a \cdot r \cdot X", ()),
]

TRUE = [
    (r"\left\lceil \frac{M}{4d} \right\rceil \ge \frac{M}{4d}", ("M > 0", "d > 0")),
    (r"\left\lfloor x \right\rfloor \le x", ()),
    (r"\lceil M/128 \rceil \ge M/128", ()),
    (r"\sum^{n}_{i=1} i = \frac{n(n+1)}{2}", ("n \\in \\mathbb{Z}_{>0}",)),
    (r"Var(X + 1) = Var(X)", ()),
    (r"Var(2X) = 4Var(X)", ()),
]

REFUSED = [
    # an evaluation bar stays refused
    r"\left. x^2 \right|_0^1 = 1",
    # a sized floor closed by a ceiling or a bracket
    r"\left\lfloor x \right\rceil = x",
    r"\left\lceil x \right) = x",
    # a quotient followed by a factor inside the ceiling: (a/b)c or a/(bc)?
    r"\lceil a/b c \rceil = 1",
    # a label or a power: the layer-norm mean (mu^l, a_i^l)
    r"\mu^{l} = \frac{1}{H}\sum^{H}_{i=1}a_{i}^{l}",
    r"\mu^l = \frac{1}{H}\sum_{i=1}^{H} a_i^l",
    r"\sigma^{l} = \sqrt{\frac{1}{H}\sum_{i=1}^{H}(a_{i}^{l}-\mu^{l})^{2}}",
    r"c^n = a^n",
    # i alone on a side: an index given a value or the imaginary unit?
    r"i = \lfloor k/B \rfloor",
    r"i = \sqrt{-1}",
    r"x_i = i",
    # only Var directly before its bracket is the variance
    r"Var X = 1",
    r"Var (X) = 1",
    r"Cov(X, Y) = 0",
    r"aVar(X) = 1",
    r"Vars(X) = 1",
    # a double superscript on a sum
    r"s = \sum^{n}_{i=1}^{m} a_i",
]


@pytest.mark.parametrize("latex, assume", FALSE)
def test_false_misc_claim_is_never_accepted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is None or not all(v in ACCEPTING for v in verdicts), (latex, verdicts)


@pytest.mark.parametrize("latex, assume", TRUE)
def test_true_misc_claim_is_never_refuted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is not None, latex
    assert Verdict.REFUTED not in verdicts, (latex, verdicts)


@pytest.mark.parametrize("latex", REFUSED)
def test_ambiguous_misc_claim_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- a plain comma between the statements of a display ---------------------------------------------
def _claims(display):
    chains = read_display(display)
    return [(c.latex, c.assume, c.problem) for c in chains]


COMMA_REFUSED = [
    # a decimal comma? 1,5 may be 1.5
    r"x = 1,5",
    r"a = 0,5 b = c",
    # a hypothesis after a comma (a condition, or a second claim?)
    r"\beta_{1,t} = \beta_1 \lambda^{t-1}, \lambda \in (0, 1)",
    r"f(x) = x^2, x > 0",
    # a claim and a setting: the setting may be a condition of the claim
    r"y = x^2 + 1, x = 2",
    # a list of values
    r"n = 128, 256",
    r"x_t = x_0 + t, t = 0, 1, 2",
]


@pytest.mark.parametrize("display", COMMA_REFUSED)
def test_a_comma_that_may_not_separate_statements_is_not_split(display):
    """The display stays one chain: the formula reader then refuses its comma (or its condition)."""
    chains = read_display(display)
    assert all(c.problem is not None for c in chains) or len(chains) == 1 and "," in chains[0].latex, \
        _claims(display)
    for chain in chains:
        if chain.problem is None:
            with pytest.raises(ParseError):
                parse_chain(chain.latex, assumptions=chain.assume)


def test_settings_separated_by_commas_are_each_a_claim():
    chains = read_display(r"M = 256, N = d = 128")
    assert [c.latex for c in chains] == ["M = 256", "N = d = 128"]
    assert all(not c.assume and c.problem is None for c in chains)
    chains = read_display(r"\alpha=1, \beta=32")
    assert [c.latex for c in chains] == [r"\alpha=1", r"\beta=32"]


def test_equations_separated_by_a_comma_are_two_claims():
    chains = read_display(r"u=\lfloor k/B_{r}\rfloor,v=\lfloor l/B_{c}\rfloor")
    assert [c.problem for c in chains] == [None, None]
    assert [parse_chain(c.latex).links[0].rhs_latex for c in chains] == [
        r"\lfloor k/B_{r}\rfloor", r"\lfloor l/B_{c}\rfloor"]


def test_a_false_claim_after_a_comma_is_checked_on_its_own():
    """The second equation is false (x + x is not 3x): split, it is refuted, never hidden."""
    chains = read_display(r"y = 2x, z = x + x - 3x")
    assert len(chains) == 2
    verdicts = [o.verdict for _, o in check_chain(chains[1].latex, config=CONFIG)]
    assert Verdict.REFUTED in verdicts
