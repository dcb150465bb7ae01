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
    assert calls == [("parse_chain", 20.0, FAST.memory_mb)]


def test_reading_that_runs_out_is_a_timeout_of_the_chain(monkeypatch):
    monkeypatch.setattr(chain, "run_limited", lambda *a, **k: Limited(Status.TIMEOUT, message="20 s"))
    ((latex, outcome),) = check_chain("a = a", config=FAST)
    assert latex == "a = a" and outcome.verdict is Verdict.TIMEOUT
    assert outcome.evidence[0].method == "reading"


def test_a_chain_that_cannot_be_read_raises_one_parse_error():
    with pytest.raises(ParseError, match="nothing after the relation"):
        check_chain("a =", config=FAST)
