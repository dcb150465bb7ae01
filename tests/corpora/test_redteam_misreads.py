r"""Red team of known misreads: relations written in labels and markers, letters side by side in
the subscript of an indexed name, bold capitals, and words of the sentence written in ``\text{}``.

Each claim's truth was worked out by hand first (in its comment), as in the other red-team
files: ``FALSE`` claims must never be proved, verified or approximate; ``TRUE`` ones never
refuted; ``REFUSED`` ones must be refused by the reader (with a message that names the user's
LaTeX, never a placeholder). Where a reading is asserted, it was written from the mathematics
before looking at what the reader returns.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.api import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])
POS = r"n \in \mathbb{Z}_{>0}"


def _verdicts(latex, assume=()):
    """The verdict of every link, or None when the reader refuses the claim."""
    try:
        return [o.verdict for _, o in check_chain(latex, assume=assume, config=CONFIG)]
    except StepcheckError:
        return None


# -- 1. a label or a marker that states a relation is a claim: never dropped -----------------------
LABEL_REFUSED = [
    # x = 2x is false: dropped, the display read {x} = x and was proved
    r"\underbrace{x}_{= 2x} = x",
    r"\overbrace{x + 1}^{= 3x} = x + 1",
    # the upper label of an \underbrace is a label too
    r"\underbrace{x}_{a}^{= 2x} = x",
    # order relations and memberships in a label
    r"\underbrace{x}_{\ge 0} = x",
    r"\underbrace{x}_{\le 0} \ge 1 - 1 + x",
    r"\overbrace{x}^{> 1} = x",
    r"\underbrace{x}_{\approx 2x} = x",
    r"\underbrace{x}_{\in (0, 1)} = x",
    r"\underbrace{x}_{:= y} = x",
    r"\underbrace{x}_{a = b} = x",
    # Unicode relation in a label (turned into \le before it is read)
    "\\underbrace{x}_{\u2264 0} = x",
    # the relation hides in a wrapper or in words: still a claim of the label
    r"\underbrace{x}_{\mathclap{=2x}} = x",
    r"\underbrace{x}_{\substack{=2x}} = x",
    r"\underbrace{x}_{\text{since } x = 2x} = x",
    # a label in an exponent
    r"e^{\underbrace{0}_{=1}} = e",
    # a marker holding a condition: x^2 = 0 is true at x = 0 and would be refuted elsewhere
    r"x^2 \overset{\text{if $x = 0$}}{=} 0",
    r"x^2 \overset{\text{x=0}}{=} 0",
    # the published form: a derivative labelled with its value
    r"a = b \cdot \underbrace{c}_{=\,1} = b",
]


@pytest.mark.parametrize("latex", LABEL_REFUSED)
def test_label_with_a_relation_is_refused(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    message = str(err.value)
    assert "states a relation" in message and "SCZ" not in message, message


LABEL_FALSE = [
    # markers that are references: the relation under them is checked as written
    (r"a \overset{(a)}{=} b", ()),
    (r"a \stackrel{(a)}{\le} b", ()),
    (r"x \overset{(a)}{\ne} x", ()),
    (r"x \underset{(a)}{=} x + 1", ()),
    (r"x \overset{\text{?}}{=} 2x", ()),
    # a label that is a name: the braced formula is what is compared
    (r"\underbrace{2x}_{\text{twice}} = x", ()),
    (r"\underbrace{x}_{\text{hi}} = x + 1", ()),
]
LABEL_TRUE = [
    (r"\underbrace{x}_{\text{hi}} = x", ()),
    (r"x \underset{(a)}{=} x + 1 - 1", ()),
    (r"\underbrace{x}_{\text{a}} + \underbrace{y}_{\text{b}} = y + x", ()),
]


@pytest.mark.parametrize("latex, assume", LABEL_FALSE, ids=[c[0] for c in LABEL_FALSE])
def test_label_false_claims_are_never_accepted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is None or not (set(verdicts) & ACCEPTING), verdicts


@pytest.mark.parametrize("latex, assume", LABEL_TRUE, ids=[c[0] for c in LABEL_TRUE])
def test_label_true_claims_are_read_and_never_refuted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is not None and Verdict.REFUTED not in verdicts, verdicts


# -- 2. letters side by side in a subscript are indices, never a product --------------------------
def _rhs(latex, assume=(POS,)):
    return parse_chain(latex, assumptions=assume).links[0].claim.rhs


def _element(value, base):
    found = [x for x in value.atoms(sympy.Indexed) if x.base.label.name == base]
    assert len(found) == 1, value
    return found[0]


def test_packed_letters_are_two_indices():
    # s_{ij} under a sum makes s a matrix: s_{ab} is the element of row a, column b
    element = _element(_rhs(r"\sum_{i=1}^{n} s_{ij} = s_{ab}"), "s")
    assert [getattr(i, "name", None) for i in element.indices] == ["a", "b"], element


def test_a_one_before_a_letter_is_a_row():
    # A_{1j}: row 1, column j (never the element 1*j = j of a vector A)
    lhs = parse_chain(r"\sum_{j=1}^{n} A_{1j} = 1", assumptions=(POS,)).links[0].claim.lhs
    element = _element(lhs, "A")
    assert element.indices[0] == 1 and element.indices[1].name == "j"
    lhs = parse_chain(r"\sum_{j=1}^{n} A_{j1} = 1", assumptions=(POS,)).links[0].claim.lhs
    element = _element(lhs, "A")
    assert element.indices[0].name == "j" and element.indices[1] == 1


def test_a_coefficient_before_a_letter_is_still_one_index():
    # \theta_{2i}, x_{2i-1}: the element 2i (as positional encodings print it)
    lhs = parse_chain(r"\sum_{i=1}^{n} x_{2i-1} = 1", assumptions=(POS,)).links[0].claim.lhs
    element = _element(lhs, "x")
    i = next(iter(element.indices[0].free_symbols))
    assert len(element.indices) == 1 and sympy.expand(element.indices[0] - (2 * i - 1)) == 0


SUBSCRIPT_REFUSED = [
    # s_i is a vector's element, s_{ab} a matrix's (or the element a*b): refused, never s[a*b]
    (r"\sum_{i=1}^{n} s_i = s_{ab}", (POS,)),
    (r"\sum_i s_i = s_{ab}", ()),
    (r"\max_j x_{j} \ge x_{ab}", ()),
    # the trace: s_{11} beside s_{ii} is row 1, column 1, never the element eleven
    (r"\sum_{i=1}^{2} s_{ii} = s_{11} + s_{22}", ()),
    # A_{1j} beside A_j: a matrix and a vector under one name
    (r"\sum_{j=1}^{n} A_{1j} = \sum_{j=1}^{n} A_{j}", (POS,)),
    (r"\sum_{j=1}^{n} x_{j2} = \sum_{j=1}^{n} x_{2j}", (POS,)),
    (r"\sum_{j=1}^{n} x_{j}^{2} = \sum_{j=1}^{n} x_{j2}", (POS,)),
    (r"\sum_{i} s_{i,1} = s_{1}", ()),
    (r"\sum_{j=1}^{n} x_{j} = x_{nn}", (POS,)),
    # three letters beside one index: three indices or a label? never o*u*t
    (r"\sum_{i=1}^{n} s_i = s_{out}", (POS,)),
    # Greek letters side by side, and letters inside an expression
    (r"\sum_i s_i = s_{\alpha\beta}", ()),
    (r"\sum_i s_i = s_{ab+1}", ()),
    # accented names read their subscripts the same way (\hat{x}_{jj} was \hat{x}[j*j])
    (r"\sum_{j=1}^{n} \hat{x}_j = \hat{x}_{ab}", (POS,)),
    (r"\sum_{j=1}^{n} \hat{x}_{jj} = \hat{x}_{12}", (POS,)),
]


@pytest.mark.parametrize("latex, assume", SUBSCRIPT_REFUSED, ids=[c[0] for c in SUBSCRIPT_REFUSED])
def test_subscript_that_could_be_a_product_is_refused(latex, assume):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, assumptions=assume)
    assert "SCZ" not in str(err.value)


SUBSCRIPT_FALSE = [
    # a_{jj} and a_{j,j} are one element; a_{ij} and a_{ji} are not
    (r"\sum_{i=1}^{n} \sum_{j=1}^{n} a_{ij} b_{j} = \sum_{i=1}^{n} \sum_{j=1}^{n} a_{ji} b_{j}", (POS,)),
    # x_{2j} is the element 2j, not twice x_j
    (r"\sum_{j=1}^{n} x_{2j} = 2\sum_{j=1}^{n} x_j", (POS,)),
    # row 1 and column 1 differ
    (r"\sum_{j=1}^{n} A_{1j} = \sum_{j=1}^{n} A_{j1}", (POS,)),
    # s_{ab} and s_{ba}: two entries of s (a product index would make them one)
    (r"\sum_{i=1}^{n} s_{ii} = s_{ab} - s_{ba} + s_{ab}", (POS,)),
]
SUBSCRIPT_TRUE = [
    (r"\sum_{j=1}^{n} a_{jj} = \sum_{j=1}^{n} a_{j,j}", (POS,)),
    (r"\sum_{j=1}^{n} x_{1} = n x_{1}", (POS,)),
    (r"\sum_{i=1}^{n} s_{ij} = \sum_{k=1}^{n} s_{kj}", (POS,)),
]


@pytest.mark.parametrize("latex, assume", SUBSCRIPT_FALSE, ids=[c[0] for c in SUBSCRIPT_FALSE])
def test_subscript_false_claims_are_never_accepted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is None or not (set(verdicts) & ACCEPTING), verdicts


@pytest.mark.parametrize("latex, assume", SUBSCRIPT_TRUE, ids=[c[0] for c in SUBSCRIPT_TRUE])
def test_subscript_true_claims_are_never_refuted(latex, assume):
    verdicts = _verdicts(latex, assume)
    assert verdicts is None or Verdict.REFUTED not in verdicts, verdicts


def test_a_plain_name_keeps_its_packed_subscript():
    # without a sum, s_{ab} and s_{ba} are two names (not indexed): never one product
    claim = parse_chain(r"s_{ab} = s_{ba}").links[0].claim
    assert claim.lhs != claim.rhs


# -- 3. every bold capital is a matrix ------------------------------------------------------------
BOLD_REFUSED = [
    # \boldsymbol{W}_q x was a product of numbers (refuted at W_q = 0); \mathbf{W}_q was refused
    r"\boldsymbol{W}_q x = x",
    r"\boldsymbol{W} x = x",
    r"\bm{W}_q x = x",
    r"\bm W x = x",
    r"\boldsymbol W_q x = x",
    r"{\bm{W}}_q x = x",
    # matrices do not commute: read as numbers QK = KQ would be proved
    r"\boldsymbol{Q} \boldsymbol{K} = \boldsymbol{K} \boldsymbol{Q}",
    r"\bm{Q}\bm{K} = \bm{K}\bm{Q}",
    r"\boldsymbol{W} = \mathbf{W}",
]


@pytest.mark.parametrize("latex", BOLD_REFUSED)
def test_bold_capitals_are_refused_undeclared(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    message = str(err.value)
    assert "bold capital is a matrix" in message and "SCZ" not in message, message


def test_bold_forms_read_alike():
    """\\bm{x}, \\boldsymbol{x} are one bold letter; a declared \\bm{W} is the declared matrix."""
    claim = parse_chain(r"\bm{x} = \boldsymbol{x}").links[0].claim
    assert claim.lhs == claim.rhs
    for bold in (r"\mathbf", r"\boldsymbol"):
        with pytest.raises(ParseError) as err:
            parse_chain(bold + r"{W} = 1")
        assert bold + "{W}" in str(err.value)      # quoted as written
    verdicts = _verdicts(r"\bm{Q}\bm{K} = \bm{K}\bm{Q}",
                         (r"\boldsymbol{Q} \in \mathbb{R}^{2 \times 2}",
                          r"\boldsymbol{K} \in \mathbb{R}^{2 \times 2}"))
    assert verdicts is None or not (set(verdicts) & ACCEPTING), verdicts


# -- 4. words of the sentence written in \text{} are no quantity ----------------------------------
WORDS_REFUSED = [
    # x^2 = x if x = 1 is true; read with a variable "if" it was x^2 = x*if*x = 1 (refuted)
    r"x^2 = x \text{ if } x = 1",
    r"x^2 = x \text{if} x = 1",
    r"0 = 0 \text{ and } 0 = 1",
    r"x^2 \ge x \text{ for } x \ge 1",
    r"x = y \mathrm{where} y = x",
]


@pytest.mark.parametrize("latex", WORDS_REFUSED)
def test_words_of_the_sentence_are_refused(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    assert "word of the sentence" in str(err.value)


def test_names_in_text_are_still_names():
    claim = parse_chain(r"\text{loss} = 2 \text{loss} - \text{loss}").links[0].claim
    assert claim.lhs.free_symbols and sympy.simplify(claim.lhs - claim.rhs) == 0
    rhs = parse_chain(r"d_{\text{in}} = 1").links[0].claim.lhs
    assert isinstance(rhs, sympy.Symbol) and rhs.name == "d_{in}"


# -- 5. names spelled two ways ----------------------------------------------------------------------
def test_code_name_beside_an_italic_index_is_refused():
    # \mathrm{a\_b} (the code name a_b) and a_b (a with the index b) were one name: proved equal
    with pytest.raises(ParseError) as err:
        parse_chain(r"\mathrm{a\_b} = a_b")
    assert r"\mathrm{a\_b}" in str(err.value)
    assert _verdicts(r"\mathrm{a\_b} = a_b + 1") is None


def test_wide_accents_are_the_accents():
    # \widehat{x} is \hat{x} set wider: the same quantity (it was refuted as another name)
    claim = parse_chain(r"\hat{x} = \widehat{x}").links[0].claim
    assert claim.lhs == claim.rhs
    claim = parse_chain(r"\tilde{x} = \widetilde{x} + 1").links[0].claim
    assert claim.lhs != claim.rhs and sympy.simplify(claim.rhs - claim.lhs) == 1
    verdicts = _verdicts(r"\widehat{x} = 2\hat{x}")
    assert verdicts is None or not (set(verdicts) & ACCEPTING), verdicts


# -- 6. equation numbers ----------------------------------------------------------------------------
NUMBER_REFUSED = [
    # 6 = 2 (3) after a space: the equation number (3), or 2 times 3 (proved)?
    r"6 = 2 \; (3)",
    r"6 = 2 \, (3)",
    r"6 = 2 ~ (3)",
    r"6 = 2 \ (3)",
    r"x = 2 \, (a)",
    r"3 = 3 \; (iv).",
]


@pytest.mark.parametrize("latex", NUMBER_REFUSED)
def test_spaced_bracket_at_the_end_is_refused(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex)
    assert "equation number" in str(err.value)


def test_starred_tag_and_label_are_no_part_of_the_claim():
    # \tag*{(3)} was read as \tag{*} and the factor (3): x = x became x = 3x (refuted)
    claim = parse_chain(r"x = x \tag*{(3)}").links[0].claim
    assert claim.lhs == claim.rhs
    assert _verdicts(r"3x = x \tag*{(3)}") in (None, [Verdict.REFUTED])
    # \label{eq:1}: its colon is no ratio, and the label no factor
    claim = parse_chain(r"x = x + 1 \label{eq:1}").links[0].claim
    assert sympy.simplify(claim.rhs - claim.lhs) == 1
    # a product after a space stays a product where nothing can be a number
    claim = parse_chain(r"2\,(x+1) = 2x + 2").links[0].claim
    assert sympy.expand(claim.lhs - claim.rhs) == 0
