"""A meta-test over every encoded document: verbatim quotes, every formula covered, sane steps."""
from pathlib import Path

import pytest

import proofs
from symbolic.model import Kind, Verdict
from symbolic.sources import SOURCES, collapse, is_verbatim, source_text, uncovered_formulas

SHARED_SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
DOCS = proofs.document_ids()


def test_every_seed_document_is_encoded():
    """Every shipped source is encoded: the seed texts (.txt) and the displayed formulas of
    published papers (.tex, which hold only the quoted displays with their citations)."""
    sources = {proofs.load(doc).source for doc in DOCS}
    assert sources == {p.name for p in SOURCES.glob("*") if p.suffix in (".txt", ".tex")}


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


# Verdict-level rules every document must satisfy (each document is checked once per session).

@pytest.mark.parametrize("doc", DOCS)
def test_refuted_steps_have_a_counterexample_and_a_proved_correction(doc, document_outcomes,
                                                                      verdict_table):
    derivation, outcomes = proofs.load(doc), document_outcomes(doc)
    # corrections measured rather than proved are listed in the document's verdict table
    measured = getattr(verdict_table(doc), "VERIFIED_CORRECTIONS", {})
    for step in derivation.steps:
        if outcomes[step.id].verdict is Verdict.REFUTED:
            assert outcomes[step.id].counterexample, step.id
            fixes = [s.id for s in derivation.steps if s.corrects == step.id]
            assert fixes, f"refuted step {step.id} has no corrected step beside it"
            for fix in fixes:
                expected = Verdict.VERIFIED if fix in measured else Verdict.PROVED
                assert outcomes[fix].verdict is expected, (step.id, fix, outcomes[fix].verdict)


@pytest.mark.parametrize("doc", DOCS)
def test_corrected_steps_correct_a_refuted_step(doc, document_outcomes):
    derivation, outcomes = proofs.load(doc), document_outcomes(doc)
    for step in derivation.steps:
        if step.corrects:
            assert outcomes[step.corrects].verdict is Verdict.REFUTED, (step.id, step.corrects)


@pytest.mark.parametrize("doc", DOCS)
def test_proved_rule_steps_rest_on_proved_premises(doc, document_outcomes):
    derivation, outcomes = proofs.load(doc), document_outcomes(doc)
    for step in derivation.steps:
        if outcomes[step.id].verdict is Verdict.PROVED and step.rule is not None:
            assert all(outcomes[p].verdict is Verdict.PROVED for p in step.rule.premises), step.id


@pytest.mark.parametrize("doc", DOCS)
def test_no_step_ends_in_error_or_timeout(doc, document_outcomes):
    """A timeout would make the committed reports depend on the machine's speed."""
    outcomes = document_outcomes(doc)
    bad = {k: o.verdict.value for k, o in outcomes.items() if o.verdict in (Verdict.ERROR, Verdict.TIMEOUT)}
    assert not bad, bad


@pytest.mark.parametrize("doc", DOCS)
def test_chinese_quotes_have_an_english_gloss(doc):
    derivation = proofs.load(doc)
    missing = [s.id for s in derivation.steps
               if any("\u4e00" <= ch <= "\u9fff" for ch in s.quote) and not s.gloss]
    assert not missing, missing
