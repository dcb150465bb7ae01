"""The one path from a LaTeX chain to checked links, shared by ``check`` and the API."""
from __future__ import annotations

import pytest

import symbolic.commands.chain as chain
from symbolic.api import check_chain
from symbolic.budget import Limited, Status
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.model import Verdict

FAST = CheckConfig(samples=8, timeout_s=20.0)


def test_the_api_reads_a_chain_under_the_hard_limits(monkeypatch):
    calls = []
    real = chain.run_limited

    def recording(fn, *args, **kwargs):
        calls.append((fn.__name__, kwargs["timeout_s"], kwargs["memory_mb"]))
        return real(fn, *args, **kwargs)

    monkeypatch.setattr(chain, "run_limited", recording)
    links = check_chain(r"(a+b)^2 = a^2 + 2ab + b^2 \ge 0", config=FAST)
    assert [o.verdict for _, o in links][0] is Verdict.PROVED and len(links) == 2
    # one reading child (a chain, or a definition or expression read as such), under the budget
    assert calls == [("_chain_or_expression", 20.0, FAST.memory_mb)]


def test_reading_that_runs_out_is_a_timeout_of_the_chain(monkeypatch):
    monkeypatch.setattr(chain, "run_limited", lambda *a, **k: Limited(Status.TIMEOUT, message="20 s"))
    ((latex, outcome),) = check_chain("a = a", config=FAST)
    assert latex == "a = a" and outcome.verdict is Verdict.TIMEOUT
    assert outcome.evidence[0].method == "reading"


def test_a_chain_that_cannot_be_read_raises_one_parse_error():
    with pytest.raises(ParseError, match="nothing after the relation"):
        check_chain("a =", config=FAST)


# A definition that opens a chain (y := 2x = x + x) names y: it is listed, never checked like =
# (y = 2x "fails" at y = 1, x = 0), and the other links are checked with y replaced by 2x.

def _items(latex):
    from symbolic.commands.inputs import Item
    return chain.check_item(Item(latex), (), FAST, {}, expressions=True)


def test_a_definition_that_opens_a_chain_is_listed_and_the_rest_checked():
    found, bad = _items(r"y := 2x = x + x")
    assert not bad
    assert [getattr(r, "kind", "link") for r in found] == ["definition", "link"]
    assert found[1].outcome.verdict is Verdict.PROVED


def test_the_defined_name_in_a_later_link_is_its_definition():
    found, _ = _items(r"y := 2x = y")
    assert found[1].outcome.verdict is Verdict.PROVED
    assert any("checked as its definition" in n for n in found[1].notes)
    found, _ = _items(r"y := 2x = y + 1")      # 2x = 2x + 1 is false
    assert found[1].outcome.verdict is Verdict.REFUTED


def test_a_false_link_after_a_definition_is_still_refuted():
    found, _ = _items(r"x := 2 = 3")
    assert found[0].kind == "definition" and found[1].outcome.verdict is Verdict.REFUTED


def test_a_definition_later_in_the_chain_is_not_taken_for_the_first_link():
    found, _ = _items(r"a = b := c")
    assert getattr(found[0], "kind", "link") == "link"


@pytest.mark.parametrize("latex", [r"e := 2", r"\pi := 3.14", r"e := 2 = 2"])
def test_a_definition_cannot_give_a_constant_another_value(latex):
    found, bad = _items(latex)
    assert not found and "constant" in bad[0].reason
