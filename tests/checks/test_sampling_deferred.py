"""Sampling at large sizes deferred past the provers: the probe at the SAMPLE tier, the whole
plan after the provers (``numeric_deferred``), and the pipeline's ``Deferred`` and reserve.

A claim over a general size is sampled up to n = 1000 and more, which costs seconds, while
``indexed_identity`` proves many such claims in milliseconds. The probe judges the plan's
small sizes only; what it refutes is what the whole sweep refutes there, and finding nothing
it defers, so that the whole plan runs only when no prover decided.
"""
from __future__ import annotations

import pytest
import sympy
from sympy import IndexedBase, Integer, Sum, Symbol, exp

import symbolic.checks as checks
from symbolic import numeric
from symbolic.budget import soft_remaining
from symbolic.checks import CheckContext, Checker, Cost, Deferred, check_step
from symbolic.checks.numeric import PROBE_WEIGHT, numeric_deferred, numeric_sample
from symbolic.config import CheckConfig
from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Role, Step, Verdict

n = Symbol("n", integer=True, positive=True)
i = Symbol("i", integer=True)
j = Symbol("j", integer=True)
s = IndexedBase("s", real=True)
CONFIG = CheckConfig(timeout_s=20)
SOFTMAX_SUM = Sum(exp(s[i]) / Sum(exp(s[j]), (j, 1, n)), (i, 1, n))


def _step(lhs, relation, rhs):
    return Step("D-1", Kind.IDENTITY, "quote", claim=Claim(lhs, relation, rhs))


def test_an_identity_over_a_general_size_is_proved_without_the_whole_sweep():
    outcome = check_step(_step(SOFTMAX_SUM, Relation.EQ, Integer(1)), config=CONFIG)
    assert outcome.verdict is Verdict.PROVED, outcome.evidence
    sampled = [e for e in outcome.evidence if e.method == "numeric_sample"]
    assert len(sampled) == 1 and sampled[0].role is Role.ATTEMPT
    assert sampled[0].detail.startswith("a refutation probe found no counterexample")
    assert f"weighing more than {PROBE_WEIGHT}" in sampled[0].detail


def test_the_probe_refutes_as_the_whole_sweep_does():
    # fails from n = 2 on: the probe's points are the whole plan's first points
    claim = (Sum(s[i] ** 2, (i, 1, n)), Relation.EQ, Sum(s[i], (i, 1, n)) ** 2)
    probe = numeric.judge_claim(*claim, probe_weight=PROBE_WEIGHT)
    whole = numeric.judge_claim(*claim)
    assert probe.verdict == "refuted" and probe == whole
    outcome = numeric_sample(_step(*claim), config=CONFIG, context=CheckContext())
    assert outcome.verdict is Verdict.REFUTED and outcome.counterexample == whole.counterexample


def test_a_claim_false_only_at_large_sizes_is_refuted_after_the_named_prover():
    # true at the probe's sizes n = 1..4 only: the rhs adds (n-1)(n-2)(n-3)(n-4)
    rhs = n * (n + 1) / 2 + (n - 1) * (n - 2) * (n - 3) * (n - 4)
    claim = (Sum(i, (i, 1, n)), Relation.EQ, rhs)
    probe = numeric.judge_claim(*claim, probe_weight=PROBE_WEIGHT)
    assert probe.verdict == "deferred", probe.detail
    outcome = check_step(_step(*claim), config=CONFIG)
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence
    methods = [e.method for e in outcome.evidence]
    assert methods[methods.index("numeric_sample"):] == [
        "numeric_sample", "indexed_identity", "numeric_sample"]
    assert outcome.counterexample == numeric.judge_claim(*claim).counterexample


def test_an_order_is_judged_whole_at_its_tier_with_no_prover_before_it():
    # no prover to try first applies to an order: the whole plan at the SAMPLE tier, as
    # before (rules_auto, tried before it, "proves" this: 1 <= 5/n termwise)
    claim = (Sum(Integer(1), (i, 1, n)), Relation.LE, Integer(5))
    outcome = check_step(_step(*claim), config=CONFIG)
    assert outcome.verdict is Verdict.REFUTED, outcome.evidence
    assert [e.method for e in outcome.evidence if e.method.startswith("numeric")] == [
        "numeric_sample"]
    assert dict(outcome.counterexample)["n"] == "6"


def test_a_claim_without_large_sizes_is_judged_whole_at_its_tier():
    x = Symbol("x", real=True)
    outcome = numeric_sample(_step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, Relation.EQ,
                                   Integer(1)), config=CONFIG, context=CheckContext())
    assert outcome.verdict is Verdict.VERIFIED
    assert outcome == numeric_deferred(_step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, Relation.EQ,
                                             Integer(1)), config=CONFIG, context=CheckContext())


# -- the pipeline: Deferred, the reserve, and a deferred-only checker -------------------

def _pipeline_of(monkeypatch, probe_answer):
    """Stand-in checkers: a probe, a checker at the PROVE tier, a prover that a deferral names
    first (at a later tier) and the deferred-only finisher; returns the order they ran in and
    the CPU seconds of soft deadline each started with."""
    ran = []

    def recorder(name, answer=None):
        def fn(step, *, config, context):
            ran.append((name, soft_remaining()))
            return answer
        return fn

    finished = Outcome(Verdict.VERIFIED, (Evidence("numeric_sample", "whole plan"),))
    chain = [Checker("t_probe", lambda step, **kw: probe_answer, Cost.SAMPLE, lambda st: True),
             Checker("t_finisher", recorder("finisher", finished), Cost.SAMPLE_DEFERRED,
                     lambda st: True),
             Checker("t_other", recorder("other"), Cost.PROVE, lambda st: True),
             Checker("t_first", recorder("first"), Cost.PROVE_DEEPER, lambda st: True)]
    monkeypatch.setattr(checks, "_pipeline", lambda: iter(chain))
    monkeypatch.setattr(checks, "_ONLY_DEFERRED", {"t_finisher"})
    for c in chain:
        monkeypatch.setitem(checks._CHECKERS, c.name, c)
    return ran


def test_a_deferred_checker_runs_only_when_deferred_to(monkeypatch):
    ran = _pipeline_of(monkeypatch, None)
    outcome = check_step(_step(SOFTMAX_SUM, Relation.EQ, Integer(1)), config=CONFIG)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert [name for name, _ in ran] == ["other", "first"]
    assert ran[-1][1] > 0.9 * 0.4 * CONFIG.timeout_s   # the last one: what is left


def test_a_deferral_runs_the_named_provers_then_the_rest_with_its_reserve(monkeypatch):
    reserve = 12.0
    answer = Deferred((Evidence("numeric_sample", "probe"),), ("t_first",), "t_finisher",
                      reserve)
    ran = _pipeline_of(monkeypatch, answer)
    outcome = check_step(_step(SOFTMAX_SUM, Relation.EQ, Integer(1)), config=CONFIG)
    assert outcome.verdict is Verdict.VERIFIED
    assert [e.detail for e in outcome.evidence] == ["probe", "whole plan"]
    assert outcome.evidence[0].role is Role.ATTEMPT
    # the named prover moves ahead of the rest; every other checker keeps its place after it
    assert [name for name, _ in ran] == ["first", "finisher", "other"]
    budgets = dict(ran)
    assert budgets["first"] <= 0.6 * (CONFIG.timeout_s - reserve) + 0.01
    assert budgets["finisher"] >= reserve - 0.5
