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
