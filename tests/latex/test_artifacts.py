"""``q_{i}^\\topk_{j}`` (a converter lost the braces of ``^{\\top}``) is read as ``q_i^\\top k_j``;
every other command that starts with ``\\top`` stays refused.

Adversarial: the rule must not split a command that may be a paper's macro (``\\topk(x)``, a
top-k), two letters (``\\topdP``: ``dP`` or ``d P``?), a braced superscript, or a command with no
subscripted vector after it.
"""
import json

import pytest

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.artifacts import joined_transposes
from symbolic.latex.parse import parse_expression


def claims(latex):
    return [(link.claim.lhs, link.claim.rhs) for link in parse_chain(latex).links]


@pytest.mark.parametrize("joined, clean", [
    (r"L_{i}=\sum_{j}e^{q_{i}^\topk_{j}}", r"L_{i}=\sum_{j}e^{q_{i}^{\top} k_{j}}"),
    (r"s = q_i^\topk_j + 1", r"s = q_i^\top k_j + 1"),
    (r"s = x_{i}^\topy_{i}", r"s = x_{i}^{\top} y_{i}"),
])
def test_a_joined_transpose_reads_as_the_clean_source(joined, clean):
    assert claims(joined) == claims(clean)
    assert any(r"\topk" in n or r"\topy" in n for n in parse_chain(joined).notes)


@pytest.mark.parametrize("latex", [
    r"y = \topk(x)",                 # a top-k macro of the paper, not a transpose
    r"s = q^\topk",                  # no subscripted vector after it
    r"s = P_{i}^\topdP_{i}",         # dP or d P?
    r"s = q_{i}^{\topk_{j}}",        # braced: TeX reads \topk inside the superscript
    r"s = q_i \topk_j",              # not a superscript
])
def test_other_top_commands_stay_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_text_without_the_artifact_is_unchanged():
    for text in (r"q^\top k", r"q_i^{\top}k_j", r"x^\top_1", r"\top"):
        assert joined_transposes(text) == (text, ())


def test_an_expression_reads_the_artifact_too():
    assert parse_expression(r"e^{q_{i}^\topk_{j}}").value == parse_expression(r"e^{q_{i}^\top k_{j}}").value


@pytest.mark.parametrize("claim", [
    r"q_i^\topk_j = k_j^\top q_i + 1",
    r"e^{q_i^\topk_j} = 2 e^{k_j^\top q_i}",
    r"q_i^\topk_j = q_i^\top q_i",
])
def test_false_claims_through_the_artifact_are_never_proved_or_verified(capsys, claim):
    main(["check", claim, "--json", "--timeout", "30"])
    out, _ = capsys.readouterr()
    for link in json.loads(out)["links"]:
        assert link["verdict"] not in ("proved", "verified"), link


def test_a_true_claim_through_the_artifact_is_proved(capsys):
    main(["check", r"q_i^\topk_j = k_j^\top q_i", "--json", "--timeout", "30"])
    out, _ = capsys.readouterr()
    (link,) = json.loads(out)["links"]
    assert link["verdict"] == "proved", link
