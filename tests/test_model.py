"""The data model: validation of steps and derivations."""
import pytest
import sympy

from symbolic.errors import DerivationError
from symbolic.model import (Claim, Derivation, Evidence, Kind, Outcome, Relation, Rule, Step,
                            Verdict, infer_kind)

x = sympy.Symbol("x", real=True)


def claim(rel=Relation.EQ):
    return Claim(x + x, rel, 2 * x)


def test_prose_step_has_no_claim():
    with pytest.raises(DerivationError, match="prose but has a claim"):
        Step("P-1", Kind.PROSE, "text", claim=claim())


def test_claim_step_needs_a_claim():
    with pytest.raises(DerivationError, match="needs a claim"):
        Step("S-1", Kind.IDENTITY, "text")


@pytest.mark.parametrize("bad", ["a b", "", "x:y", "é", "-lead"])
def test_step_ids_are_label_safe(bad):
    with pytest.raises(DerivationError, match="step id"):
        Step(bad, Kind.PROSE, "text")


def test_duplicate_ids_are_rejected():
    steps = [Step("S-1", Kind.PROSE, "a"), Step("S-1", Kind.PROSE, "b")]
    with pytest.raises(DerivationError, match="used twice"):
        Derivation("doc", "t", "src", steps)


def test_dependency_after_use_names_both_steps():
    steps = [Step("S-1", Kind.IDENTITY, "a", claim=claim(), depends_on=("S-2",)),
             Step("S-2", Kind.PROSE, "b")]
    with pytest.raises(DerivationError, match="step S-1 uses S-2, which comes after it"):
        Derivation("doc", "t", "src", steps)


def test_unknown_rule_premise_is_rejected():
    steps = [Step("S-1", Kind.IDENTITY, "a", claim=claim(), rule=Rule("monotone", premises=("Q",)))]
    with pytest.raises(DerivationError, match="does not exist"):
        Derivation("doc", "t", "src", steps)


def test_refuted_outcome_needs_a_counterexample():
    with pytest.raises(ValueError, match="counterexample"):
        Outcome(Verdict.REFUTED, (Evidence("m", "d"),))


def test_claim_sides_must_be_sympy_objects_not_strings():
    with pytest.raises(sympy.SympifyError):
        Claim("x + 1", Relation.EQ, x)


@pytest.mark.parametrize("relation, kind", [
    (Relation.EQ, Kind.IDENTITY), (Relation.LE, Kind.INEQUALITY), (Relation.NE, Kind.INEQUALITY),
    (Relation.APPROX, Kind.APPROXIMATION), (Relation.GG, Kind.APPROXIMATION)])
def test_infer_kind(relation, kind):
    assert infer_kind(claim(relation)) is kind


def test_limit_claims_are_limits():
    assert infer_kind(Claim(sympy.Limit(1 / x, x, sympy.oo), Relation.EQ, 0)) is Kind.LIMIT


def test_verdict_values_are_the_contract_strings():
    assert [v.value for v in Verdict] == ["proved", "verified", "refuted", "approximate",
                                          "inconclusive", "timeout", "prose", "error"]


# ---------------------------------------------------------------- tally, codec, references

def test_a_tally_counts_adds_and_sums():
    from symbolic.model import Tally
    a = Tally.of([Verdict.PROVED, Verdict.REFUTED, Verdict.PROVED])
    b = Tally.of([Verdict.VERIFIED])
    c = Tally.of([Verdict.REFUTED, Verdict.PROSE])
    assert a[Verdict.PROVED] == 2 and a[Verdict.TIMEOUT] == 0 and a.total == 3
    assert (a + b) + c == a + (b + c) == sum([a, b, c]) == sum([a, b, c], Tally())
    assert a + Tally() == a
    assert (a + b).text() == "2 proved, 1 verified, 1 refuted"
    assert Tally().as_dict(zeros=True) == {v.value: 0 for v in Verdict}


def test_the_overall_verdict_is_the_worst_present():
    from symbolic.model import Tally
    assert Tally.of([Verdict.PROVED, Verdict.VERIFIED]).overall() is Verdict.VERIFIED
    assert Tally.of([Verdict.PROVED, Verdict.REFUTED, Verdict.ERROR]).overall() is Verdict.ERROR
    assert Tally.of([Verdict.PROSE]).overall() is Verdict.PROSE
    assert Tally().overall() is Verdict.INCONCLUSIVE


def test_rests_on_and_references_are_the_one_definition_of_dependencies():
    import sympy
    from symbolic.model import Claim, Kind, Relation, Rule, Step
    x = sympy.Symbol("x", real=True)
    claim = Claim(x, Relation.EQ, x)
    step = Step("C", Kind.IDENTITY, "x = x", claim, depends_on=("A", "B"),
                rule=Rule("r", premises=("B", "P")), corrects="A0")
    assert step.rests_on == ("A", "B", "P")
    assert step.references == ("A", "B", "P", "A0")
    # a correction names the step it corrects without resting on it
    assert "A0" not in step.rests_on


def test_evidence_keeps_its_role_through_the_codec():
    from symbolic.model import Evidence, Outcome, Role
    outcome = Outcome(Verdict.VERIFIED, (Evidence("a", "tried", Role.ATTEMPT),
                                         Evidence("b", "60 points", Role.DECIDED)), seconds=1.5)
    assert Outcome.from_json(outcome.to_json()) == outcome
    assert outcome.telling == (Evidence("b", "60 points", Role.DECIDED),)
    # an outcome whose evidence carries no role tells all of it
    plain = Outcome(Verdict.INCONCLUSIVE, (Evidence("a", "tried"),))
    assert plain.telling == plain.evidence
