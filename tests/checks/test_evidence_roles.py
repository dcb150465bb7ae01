"""The pipeline marks what each piece of evidence did: decided, supports, or only an attempt."""
import sympy

import symbolic.checks as checks
from symbolic.checks import Checker, check_step
from symbolic.config import CheckConfig
from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Role, Step, Verdict

x = sympy.Symbol("x", real=True)
STEP = Step("S-1", Kind.IDENTITY, "x = x", claim=Claim(x, Relation.EQ, x))
CONFIG = CheckConfig(timeout_s=3)


def says(verdict, name):
    def fn(step, *, config, context):
        ce = (("x", "1"),) if verdict is Verdict.REFUTED else None
        return Outcome(verdict, (Evidence(name, f"said {verdict.value}"),), ce)
    return fn


def boom(step, *, config, context):
    raise RuntimeError("a bug")


def install(monkeypatch, *specs):
    table = {name: Checker(name, fn, cost, lambda step: True) for name, fn, cost in specs}
    monkeypatch.setattr(checks, "_CHECKERS", table)
    monkeypatch.setattr(checks, "_RULES", {})
    monkeypatch.setattr(checks, "_loaded", True)


def roles(outcome):
    return [(e.method, e.role) for e in outcome.evidence]


def test_a_proof_decides_a_sampling_before_it_supports_and_failures_are_attempts(monkeypatch):
    install(monkeypatch, ("a_num", says(Verdict.VERIFIED, "a_num"), 10),
            ("b_try", says(Verdict.INCONCLUSIVE, "b_try"), 20), ("c_bug", boom, 25),
            ("d_proof", says(Verdict.PROVED, "d_proof"), 30))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.PROVED
    assert roles(outcome) == [("a_num", Role.SUPPORTS), ("b_try", Role.ATTEMPT),
                              ("c_bug", Role.ATTEMPT), ("d_proof", Role.DECIDED)]
    assert [e.method for e in outcome.telling] == ["a_num", "d_proof"]


def test_a_kept_verification_is_what_decided(monkeypatch):
    install(monkeypatch, ("a_try", says(Verdict.INCONCLUSIVE, "a_try"), 10),
            ("b_num", says(Verdict.VERIFIED, "b_num"), 20),
            ("c_try", says(Verdict.INCONCLUSIVE, "c_try"), 30))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.VERIFIED
    assert roles(outcome) == [("a_try", Role.ATTEMPT), ("b_num", Role.DECIDED),
                              ("c_try", Role.ATTEMPT)]


def test_a_refutation_after_a_verification_is_not_supported_by_it(monkeypatch):
    install(monkeypatch, ("a_num", says(Verdict.VERIFIED, "a_num"), 10),
            ("b_ce", says(Verdict.REFUTED, "b_ce"), 20))
    outcome = check_step(STEP, config=CONFIG)
    assert roles(outcome) == [("a_num", Role.ATTEMPT), ("b_ce", Role.DECIDED)]


def test_nothing_decided_means_every_piece_is_an_attempt_and_all_is_told(monkeypatch):
    install(monkeypatch, ("a_try", says(Verdict.INCONCLUSIVE, "a_try"), 10), ("b_bug", boom, 20))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert {role for _, role in roles(outcome)} == {Role.ATTEMPT}
    assert outcome.telling == outcome.evidence
