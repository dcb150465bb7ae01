"""The pipeline: cheapest first, stop at the first decisive verdict, never read a failure as false."""
import pytest
import sympy

import symbolic.checks as checks
from symbolic.checks import Checker, check_step, check_step_limited, registered_checkers, registered_rules
from symbolic.config import CheckConfig
from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Rule, Step, Verdict

x = sympy.Symbol("x", real=True)
STEP = Step("S-1", Kind.IDENTITY, "x = x", claim=Claim(x, Relation.EQ, x))
CONFIG = CheckConfig(timeout_s=3)


def fake(verdict, calls, name):
    def fn(step, *, config, context):
        calls.append(name)
        if verdict is None:
            return None
        ce = (("x", "1"),) if verdict is Verdict.REFUTED else None
        return Outcome(verdict, (Evidence(name, f"said {verdict.value}"),), ce)
    return fn


def install(monkeypatch, *specs, rules=None):
    table = {name: Checker(name, fn, cost, lambda step: True) for name, fn, cost in specs}
    monkeypatch.setattr(checks, "_CHECKERS", table)
    monkeypatch.setattr(checks, "_RULES", rules or {})
    monkeypatch.setattr(checks, "_loaded", True)


def test_first_decisive_verdict_stops_the_pipeline(monkeypatch):
    calls = []
    install(monkeypatch, ("b_costly", fake(Verdict.PROVED, calls, "b"), 50),
            ("a_cheap", fake(Verdict.PROVED, calls, "a"), 10))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.PROVED and calls == ["a"]


def test_verified_is_kept_while_costlier_checkers_try_to_prove(monkeypatch):
    calls = []
    install(monkeypatch, ("a_num", fake(Verdict.VERIFIED, calls, "a"), 20),
            ("b_sym", fake(Verdict.PROVED, calls, "b"), 40))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.PROVED and calls == ["a", "b"]
    assert [e.method for e in outcome.evidence] == ["a", "b"]


def test_verified_survives_when_nothing_proves(monkeypatch):
    calls = []
    install(monkeypatch, ("a_num", fake(Verdict.VERIFIED, calls, "a"), 20),
            ("b_sym", fake(None, calls, "b"), 40))
    assert check_step(STEP, config=CONFIG).verdict is Verdict.VERIFIED


def test_a_crashing_checker_is_evidence_not_a_verdict(monkeypatch):
    def boom(step, *, config, context):
        raise ZeroDivisionError("bad")
    install(monkeypatch, ("a_boom", boom, 10))
    outcome = check_step(STEP, config=CONFIG)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "ZeroDivisionError" in outcome.evidence[0].detail


def test_a_slow_checker_gives_timeout_never_refuted(monkeypatch):
    def slow(step, *, config, context):
        while True:
            pass
    install(monkeypatch, ("a_slow", slow, 10))
    outcome = check_step(STEP, config=CheckConfig(timeout_s=0.5))
    assert outcome.verdict is Verdict.TIMEOUT


def test_hard_limit_catches_code_that_ignores_signals(monkeypatch):
    def c_code(step, *, config, context):
        return 9 ** (9 ** 10)  # big-integer work: signals wait until it ends
    install(monkeypatch, ("a_c", c_code, 10))
    outcome = check_step_limited(STEP, config=CheckConfig(timeout_s=0.5))
    assert outcome.verdict is Verdict.TIMEOUT


def test_unknown_rule_is_named_in_the_evidence(monkeypatch):
    install(monkeypatch)
    step = Step("S-2", Kind.IDENTITY, "q", claim=STEP.claim, rule=Rule("no_such_rule"))
    outcome = check_step(step, config=CONFIG)
    assert outcome.verdict is Verdict.INCONCLUSIVE
    assert "unknown rule 'no_such_rule'" in outcome.evidence[0].detail


def test_rule_runs_before_the_checkers(monkeypatch):
    calls = []
    install(monkeypatch, ("a_cheap", fake(Verdict.VERIFIED, calls, "a"), 10),
            rules={"my_rule": fake(Verdict.PROVED, calls, "rule")})
    step = Step("S-3", Kind.IDENTITY, "q", claim=STEP.claim, rule=Rule("my_rule"))
    assert check_step(step, config=CONFIG).verdict is Verdict.PROVED and calls == ["rule"]


def test_prose_is_prose():
    assert check_step(Step("P", Kind.PROSE, "words")).verdict is Verdict.PROSE


# The registry as shipped (no monkeypatching): a meta-test of every family.

def test_checker_names_are_family_underscore_method():
    for c in registered_checkers():
        family, _, method = c.name.partition("_")
        assert family and method, f"checker {c.name!r} should be named <family>_<method>"
        assert c.fn.__doc__, f"checker {c.name} needs a docstring saying what it is for"


def test_every_checker_module_registers_something():
    import importlib
    import pkgutil
    names = {c.fn.__module__ for c in registered_checkers()} | {f.__module__ for f in registered_rules().values()}
    for info in pkgutil.iter_modules(checks.__path__):
        if info.name.startswith("_"):
            continue  # shared helpers (empty ranges, definedness): the loader skips them too
        module = f"symbolic.checks.{info.name}"
        importlib.import_module(module)
        assert module in names, f"{module} registers no checker or rule"
