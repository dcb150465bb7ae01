"""Label superscripts on a name (``m_i^{\\mathrm{new}}``, ``\\ell^{(j+1)}``) read as one more
subscript of the name, never as powers.

Adversarial: a label must never become a power (``m^{\\mathrm{new}} = m`` is not m^new = m), must
not merge with an index of the same name (``x^{(k)}`` beside ``x_j``), and a derivative
``f^{(n)}(x)``, a transpose ``A^{\\mathrm{T}}`` and a power of a bracket stay what they were.
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.labels import superscript_labels


def claims(latex):
    return [(link.claim.lhs, link.claim.rhs) for link in parse_chain(latex).links]


@pytest.mark.parametrize("labelled, spelled", [
    (r"m_i^{\mathrm{old}} = m_i", r"m_{i,old} = m_i"),
    (r"m_{i}^{\mathrm{new}} = \max(m_{i}, \tilde{m}_{ij})", r"m_{i,new} = \max(m_{i}, \tilde{m}_{ij})"),
    (r"\ell^{(j+1)}=e^{m^{(j)}-m^{(j+1)}}\ell^{(j)}+e^{\tilde{m}-m^{(j+1)}}\tilde{\ell}",
     r"\ell_{j+1}=e^{m_{j}-m_{j+1}}\ell_{j}+e^{\tilde{m}-m_{j+1}}\tilde{\ell}"),
    (r"x^{\text{new}} = x - \eta g", r"x_{new} = x - \eta g"),
])
def test_a_label_reads_as_the_subscripted_name(labelled, spelled):
    assert claims(labelled) == claims(spelled)


def test_a_label_is_never_a_power():
    (lhs, rhs), = claims(r"m^{\mathrm{new}} = m")
    assert not lhs.has(sympy.Pow) and lhs != rhs


@pytest.mark.parametrize("latex", [
    r"x^{(k)} = x_j",                       # an iteration and a component: one family
    r"\ell^{(j)} = \ell_{j} + 1",
    r"m_i^{\mathrm{new}} = m_{ij}",         # m_{i,new} and m_{ij}: two indices each
    r"(a + b)^{(2)} = a^2 + 2ab + b^2",     # a bracketed superscript of a bracket: still refused
    r"(x)^{\mathrm{new}} = 1",
])
def test_labels_that_could_merge_or_mislead_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("text", [
    r"f^{(n)}(x) = 1",          # a derivative: left to the formula reader
    r"A^{\mathrm{T}} = B",      # a transpose (one letter)
    r"x^{2} = 4",
    r"(2)^{(3)} = 8",           # a bracketed base: a power of a bracket
    r"x^{(2)(3)} = x^6",
])
def test_other_superscripts_are_unchanged(text):
    assert superscript_labels(text) == (text, ())


@pytest.mark.parametrize("claim", [
    r"m^{\mathrm{new}} = m",                              # would be proved at m = 1 as a power
    r"\ell^{(2)} = \ell^{(1)} \ell^{(1)}",                # a power reading: l^2 = l^1 l^1, true
    r"e^{m^{(j)}} = e^{m}",
])
def test_false_claims_through_labels_are_never_proved_or_verified(capsys, claim):
    main(["check", claim, "--json", "--timeout", "30"])
    out, _ = capsys.readouterr()
    for link in json.loads(out)["links"]:
        assert link["verdict"] not in ("proved", "verified"), link
