"""Red-team corpus: false claims shaped to fit the symbolic rules must never be proved.

The claims live in ``redteam_symbolic_cases`` (each with a counterexample worked out by
hand in its comment). Every claim goes through the whole check path (``symbolic.api.check``,
a child process under a time budget) with the named rule it aims at, so the numeric tier
runs too; the test fails when a false claim comes back ``proved`` or ``verified``.
True claims of the same shapes are checked and their verdicts reported, not asserted.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from symbolic.api import check
from symbolic.config import CheckConfig
from symbolic.model import Claim, Verdict


def _cases():
    # the claims live beside this file; loaded by path (pytest imports tests by importlib)
    path = Path(__file__).with_name("redteam_symbolic_cases.py")
    spec = importlib.util.spec_from_file_location("redteam_symbolic_cases", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


_CASES = _cases()
FALSE, FALSE_LATEX, TRUE = _CASES.FALSE, _CASES.FALSE_LATEX, _CASES.TRUE

# every claim runs in a child process: the whole file takes about 3 minutes
pytestmark = pytest.mark.slow

CONFIG = CheckConfig(timeout_s=20)
ACCEPTING = {Verdict.PROVED, Verdict.VERIFIED}


def run(case):
    return check(Claim(case.lhs, case.relation, case.rhs), assume=list(case.assume),
                 rule=case.rule, config=CONFIG)


def describe(outcome) -> str:
    return "; ".join(f"{e.method}: {e.detail}" for e in outcome.evidence)[-600:]


def test_enough_false_claims():
    assert len(FALSE) + len(FALSE_LATEX) >= 80


@pytest.mark.parametrize("case", FALSE, ids=[c.id for c in FALSE])
def test_false_claim_not_accepted(case):
    outcome = run(case)
    assert outcome.verdict not in ACCEPTING, (
        f"false claim {case.lhs} {case.relation.value} {case.rhs} under {case.assume} "
        f"was {outcome.verdict.value}: {describe(outcome)}")


@pytest.mark.parametrize("cid,latex,assume", FALSE_LATEX, ids=[c[0] for c in FALSE_LATEX])
def test_false_latex_claim_not_accepted(cid, latex, assume):
    outcome = check(latex, assume=list(assume), config=CONFIG)
    assert outcome.verdict not in ACCEPTING, (
        f"false claim {latex} under {assume} was {outcome.verdict.value}: {describe(outcome)}")


@pytest.mark.parametrize("case", TRUE, ids=[c.id for c in TRUE])
def test_true_claim_reported(case, record_property):
    outcome = run(case)
    record_property("verdict", outcome.verdict.value)
    # reported, not asserted: a true claim left unproved is a gap, not a wrong verdict
    assert outcome.verdict is not Verdict.REFUTED, describe(outcome)
