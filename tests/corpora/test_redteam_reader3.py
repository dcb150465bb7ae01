"""Red team of the reader rules of declared labels, row definitions under a derivative, matrix
definitions, declared spaces and inner products: claims built to be misread, and the reading each
must get.

Each case was run by hand first; the comment says what a mathematician reads and what the rule
read before its fix. Reading tests only.
"""
from __future__ import annotations

import pytest

from symbolic.errors import StepcheckError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain

LABEL = r"l \text{ is a label}"


def _refused(latex, *assume) -> bool:
    try:
        parse_chain(latex, assumptions=assume)
    except StepcheckError:
        return True
    return False


def _claims(latex, *assume):
    return [(l.claim.lhs, l.claim.rhs) for l in parse_chain(latex, assumptions=assume).links]


REFUSED = [
    # \mu^{l+0} is \mu^l (l + 0 = l); read as a name of its own it was another quantity, and the
    # true claim was refuted at mu_l = 0, mu_{l+0} = 1
    (r"\mu^{l} = \mu^{l+0}", (LABEL,)),
    (r"a_i^{l-0} = a_i^{l}", (LABEL,)),
    # l is the variable of integration: a value, not a label (was proved: the integral of the
    # constant mu_l over [0, 1]; as a power, \int_0^1 \mu^l dl = (\mu - 1)/\ln\mu)
    (r"\int_0^1 \mu^l \, dl = \mu^l", (LABEL,)),
    (r"\int_0^1 \mu^l dl = \mu^l", (LABEL,)),
    # an assumption on the bare name beside the labelled name in the claim: sigma > 0 said nothing
    # of sigma_l, and sqrt((sigma^l)^2) = sigma^l was refuted at sigma_l = -1
    (r"\sqrt{(\sigma^l)^2} = \sigma^l", (LABEL, r"\sigma > 0")),
    # an assumption giving the label a value (l = 3): the labelled names cannot follow it
    (r"\mu^l = 2", (LABEL, "l = 3")),
    (r"\mu^l = 2", (LABEL, "l > 3")),
    # kept refused (no misread found): powers, bounds, bare names
    (r"\mu^{(l)} = \mu^l", (LABEL,)),
    (r"x^{l-1} x = x^l", (LABEL,)),
    (r"\sum_l \mu^l = 0", (LABEL,)),
    (r"\prod_{k=1}^{l} x_k = \mu^l", (LABEL,)),
    (r"\sin^{l} x = \mu^l", (LABEL,)),
    (r"\mu^{L} = \mu^{l}", (LABEL,)),
]


@pytest.mark.parametrize(("latex", "assume"), REFUSED, ids=[c[0] + "|" + ",".join(c[1])
                                                            for c in REFUSED])
def test_refused(latex, assume):
    assert _refused(latex, *assume)


def test_labels_still_read():
    # the fixes keep the reading of the next layer and of assumptions on the labelled names
    assert [str(x) for x in _claims(r"\mu^{l+1} = \mu^{l-1}", LABEL)[0]] == ["mu_{l+1}",
                                                                           "mu_{l-1}"]
    read = parse_chain(r"\sqrt{(\sigma^l)^2} = \sigma^l", assumptions=(LABEL, r"\sigma^l > 0"))
    assert read.assumptions.latex == (r"\sigma_{l} > 0",)
    read = parse_chain(r"\mu^l = \frac{1}{H}\sum_{i=1}^{H} a_i^l", assumptions=(LABEL, "H > 0"))
    assert str(read.links[0].claim.lhs) == "mu_l"


def _rows(latex):
    return [(c.latex, c.problem) for c in read_display(latex)]


def test_a_name_defined_by_two_rows_is_refused_under_a_derivative():
    # y = x^3 + x^2 - x^2 and y = x^2: the derivative row took the first definition and
    # dy/dx = 3x^2 was proved; which y the row means is not written
    rows = _rows(r"\begin{aligned} \frac{dy}{dx} &= 3x^2 \\ y &= x^3 + x^2 - x^2 \\ "
                 r"y &= x^2 \end{aligned}")
    assert rows[0][1] is not None
    rows = _rows(r"\begin{aligned} y &= x^2 \\ y &= x^3 \\ \frac{dy}{dx} &= 3x^2 \end{aligned}")
    assert rows[2][1] is not None
    rows = _rows(r"\begin{aligned} y &= x^2 \\ \frac{dy}{dx} &= 2x \\ y &= 3 \end{aligned}")
    assert rows[1][1] is not None


def test_a_name_defined_once_is_still_put_in():
    rows = _rows(r"\begin{aligned} y &= x^2 \\ \frac{dy}{dx} &= 2x \end{aligned}")
    assert rows[1] == (r"\frac{d}{dx} \left(x^2\right) = 2x", None)


MAT = r"Q \in \mathbb{R}^{n \times n}"


@pytest.mark.parametrize("latex", [
    # n n n n (Q) spaced apart is the product n^4 Q (n the declared size): was read as the
    # definition of a function "nnnn"
    r"n n n n (Q) = Q",
    # known functions of a matrix: claims about them (inv(Q) = Q is false, id(Q) = Q true),
    # were read as their definitions
    r"\mathrm{inv}(Q) = Q",
    r"\mathrm{id}(Q) = Q",
    r"\mathrm{trace}(Q) = Q",
    r"\mathrm{sqrt}(Q) = Q",
    r"\mathrm{abs}(Q) = Q",
    r"\mathrm{mean}(Q) = Q",
    r"\mathrm{vec}(Q) = Q",
    r"\mathrm{rank}(Q) = Q",
])
def test_not_a_definition_of_a_function_of_matrices(latex):
    try:
        links = parse_chain(latex, assumptions=(MAT,)).links
    except StepcheckError:
        return
    assert all(type(l.claim.lhs).__name__ != "MatrixCall" for l in links), links


@pytest.mark.parametrize("latex", [r"\mathrm{Att}(Q) = Q^2", r"head(Q) = Q",
                                   r"\mathrm{LayerNorm}(Q) = Q"])
def test_definitions_still_read(latex):
    assert type(parse_chain(latex, assumptions=(MAT,)).links[0].claim.lhs).__name__ == "MatrixCall"


# found by this red team, fixed in calculus.py: under x >= 0 ReLU(x) settled to x before the
# derivative's kink check, so d/dx ReLU(x) = 1 was proved although ReLU has no derivative at 0
def test_the_derivative_of_relu_at_its_kink_is_never_proved():
    from symbolic.api import check_chain
    from symbolic.config import CheckConfig
    from symbolic.model import Verdict
    try:
        links = check_chain(r"\mathrm{ReLU}'(x) = 1", assume=(r"x \ge 0",),
                            config=CheckConfig(timeout_s=10))
    except StepcheckError:
        return
    assert all(o.verdict not in (Verdict.PROVED, Verdict.VERIFIED) for _, o in links)
