"""The corpus of steps with known truth (benchmarks/corpus.py): no false step accepted,
no true step refuted. The counts for the README come from benchmarks/accuracy.py."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from corpus import ROWS  # noqa: E402

from symbolic.commands.check import check_input  # noqa: E402
from symbolic.config import CheckConfig  # noqa: E402
from symbolic.model import Verdict  # noqa: E402

CONFIG = CheckConfig(timeout_s=30)


@pytest.mark.slow
@pytest.mark.parametrize("latex, assume, truth, category", ROWS, ids=[r[0][:40] for r in ROWS])
def test_corpus_step(latex, assume, truth, category):
    links, unreadable = check_input(latex, assume=tuple(assume), config=CONFIG)
    assert not unreadable, unreadable
    verdict = links[0].outcome.verdict
    if truth:
        assert verdict in (Verdict.PROVED, Verdict.VERIFIED), (category, verdict, links[0].outcome.evidence)
    else:
        assert verdict is Verdict.REFUTED, (category, verdict, links[0].outcome.evidence)
