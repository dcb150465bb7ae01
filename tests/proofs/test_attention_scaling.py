"""The 1/sqrt(d_k) argument (attention_scaling.tex): every step's verdict, decided by hand."""
import pytest

from proofs.attention_scaling import DERIVATION
from symbolic.model import Verdict

P = Verdict.PROVED

EXPECTED = [
    ("AS-1", P, "definition of the scaled score"),
    ("AS-2", P, "definition of q.k"),
    ("AS-3", P, "E[q.k] = d_k E[q]E[k] = 0"),
    ("AS-4", P, "Var[q.k] = d_k (E[q^2]E[k^2] - 0) = d_k"),
    ("AS-5", P, "Var[q.k/sqrt(d_k)] = d_k/d_k = 1"),
    ("AS-6", P, "with mean mu: (1 + mu^2)^2 - mu^4 = 1 + 2 mu^2 per term"),
]


@pytest.fixture(scope="module")
def outcomes(document_outcomes):
    return document_outcomes("attention_scaling")


def test_every_step_has_an_expected_verdict():
    assert [row[0] for row in EXPECTED] == [s.id for s in DERIVATION.steps]


@pytest.mark.parametrize("step_id, verdict, reason", EXPECTED, ids=[r[0] for r in EXPECTED])
def test_step_verdict(outcomes, step_id, verdict, reason):
    outcome = outcomes[step_id]
    assert outcome.verdict is verdict, (step_id, reason, outcome.evidence)
