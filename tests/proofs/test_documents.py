"""A meta-test over every encoded document: verbatim quotes, every formula covered, sane steps."""
from pathlib import Path

import pytest

import proofs
from symbolic.model import Kind
from symbolic.sources import SOURCES, collapse, is_verbatim, source_text, uncovered_formulas

SHARED_SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
DOCS = proofs.document_ids()


def test_every_seed_document_is_encoded():
    sources = {proofs.load(doc).source for doc in DOCS}
    assert sources == {p.name for p in SOURCES.glob("*.txt")}


@pytest.mark.skipif(not SHARED_SEEDS.is_dir(), reason="no ../shared/seeds beside the checkout")
def test_shipped_sources_are_the_shared_seeds():
    for seed in SHARED_SEEDS.glob("*.txt"):
        assert (SOURCES / seed.name).read_bytes() == seed.read_bytes(), seed.name


@pytest.mark.parametrize("doc", DOCS)
def test_derivation_is_named_after_its_module(doc):
    assert proofs.load(doc).id == doc


@pytest.mark.parametrize("doc", DOCS)
def test_every_quote_is_verbatim(doc):
    derivation = proofs.load(doc)
    text = source_text(derivation.source)
    bad = [s.id for s in derivation.steps if not s.quote.strip() or not is_verbatim(s.quote, text)]
    assert not bad, f"quotes not found verbatim in {derivation.source}: {bad}"


@pytest.mark.parametrize("doc", DOCS)
def test_every_formula_is_covered_by_a_quote(doc):
    derivation = proofs.load(doc)
    missing = uncovered_formulas(source_text(derivation.source), [s.quote for s in derivation.steps])
    assert not missing, f"{len(missing)} formulas of {derivation.source} in no quote, e.g. {missing[:3]}"


@pytest.mark.parametrize("doc", DOCS)
def test_quotes_follow_document_order(doc):
    """Steps are in document order: each quote starts no earlier than the previous one (mostly);
    a corrected step sits beside the step it corrects and may repeat its quote."""
    derivation = proofs.load(doc)
    text = collapse(source_text(derivation.source))
    positions = [(s.id, text.find(collapse(s.quote))) for s in derivation.steps if not s.corrects]
    backwards = [(a, b) for (a, pa), (b, pb) in zip(positions, positions[1:]) if pb < pa]
    # A few claims are encoded from one sentence in two orders (e.g. a chain and its parts);
    # a wholesale reordering is a mistake.
    assert len(backwards) <= max(2, len(positions) // 8), backwards


@pytest.mark.parametrize("doc", DOCS)
def test_corrected_steps_are_real_claims(doc):
    derivation = proofs.load(doc)
    for step in derivation.steps:
        if step.corrects:
            assert step.kind is not Kind.PROSE and step.claim is not None, step.id
