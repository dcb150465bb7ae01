"""Conditions the DLMF rows need (benchmarks/dlmf_conditions.py), and a reader bug they exposed.

Reading-level tests (milliseconds) plus the checker's own answer on two tiny claims.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import sympy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import dlmf  # noqa: E402
import dlmf_conditions as conditions  # noqa: E402


# was a reader bug (the real declaration was dropped beside a complex one): fixed in parse.py
@pytest.mark.parametrize("order", [(r"a \in \mathbb{C}", r"a \in \mathbb{R}"),
                                   (r"a \in \mathbb{R}", r"z, a \in \mathbb{C}")])
def test_a_name_declared_complex_and_real_is_read_real(order):
    """R is a subset of C: both declarations together say a is real."""
    from symbolic.latex import parse_chain
    (link,) = parse_chain("a = |a|", assumptions=list(order)).links
    (a,) = link.claim.lhs.free_symbols
    assert a.is_real is True


def test_a_printed_condition_replaces_the_complex_declaration_of_its_name():
    condition = conditions.Condition((r"a \in \mathbb{R}",), "test")
    assert conditions.with_condition([r"z, a \in \mathbb{C}", "x > 0"], condition) == \
        [r"z \in \mathbb{C}", "x > 0", r"a \in \mathbb{R}"]
    assert conditions.with_condition([r"a \in \mathbb{C}"], condition) == [r"a \in \mathbb{R}"]


@pytest.mark.parametrize("latex, assume, extra, values, violated", [
    (r"\arccos(\frac{1}{\cosh x}) = \arctan(\sinh x)", [], [r"x \geq 0"], {"x": -1}, "x = -1 is not nonnegative"),
    (r"\arccos(\frac{1}{\cosh x}) = \arctan(\sinh x)", [], [r"x \geq 0"], {"x": 2}, None),
    (r"\cosh(\frac{z}{2}) = 1", [r"z \in \mathbb{C}"],
     [r"-\pi < \operatorname{Im} z", r"\operatorname{Im} z < \pi"], {"z": 4 * sympy.I}, "im(z) < pi fails"),
    (r"\cosh(\frac{z}{2}) = 1", [r"z \in \mathbb{C}"],
     [r"-\pi < \operatorname{Im} z", r"\operatorname{Im} z < \pi"], {"z": 3 * sympy.I}, None),
    (r"\sin(mt) = 0", [r"m, n \in \mathbb{Z}", r"m \neq n"], [r"m \neq -n"], {"m": -1, "n": 1, "t": 0},
     "Ne(m, -n) fails"),
    (r"\sin(mt) = 0", [r"m, n \in \mathbb{Z}", r"m \neq n"], [r"m \neq -n"], {"m": 2, "n": 1, "t": 0}, None),
    (r"|z^{a}| = 1", [r"z \in \mathbb{C}"], [r"a \in \mathbb{R}"], {"a": sympy.I, "z": -1}, "a = I is not real"),
])
def test_a_condition_is_violated_only_by_a_point_outside_it(latex, assume, extra, values, violated):
    values = {k: sympy.sympify(v) for k, v in values.items()}
    got = conditions.violation(latex, assume, extra, values, imaginary_unit=False)
    assert (got is None) if violated is None else (got is not None and got.startswith(violated))


def _refuted(**changes):
    record = {"id": "9.9.E1/1", "section": "9.9", "domain": "real", "standalone": True,
              "multivalued": False, "existential_k": False, "constraints_dropped": [],
              "imaginary_unit": False, "maple_symbolic": "Failure", "mathematica_symbolic": "Failure",
              "latex": "x = |x|", "checked_latex": "x = |x|", "assume": [], "fixes": [],
              "fixes_left": [], "self_definition": False, "error": None,
              "links": [{"latex": "x = |x|", "verdict": "refuted", "evidence": [],
                         "counterexample": [["x", "-1"], ["lhs", "-1.0"], ["rhs", "1.0"]], "seconds": 0.1}]}
    record.update(changes)
    record["status"] = dlmf.status_of(record).value
    return record


def test_a_needed_condition_explains_only_a_violating_point_where_the_restricted_row_stands():
    restriction = {"assume": [r"x \geq 0"], "source": "|x| = x for x >= 0", "verdict": "proved",
                   "violated": "x = -1 is not nonnegative"}
    cause, kind = dlmf.refutation_cause(_refuted(restriction=restriction))
    assert kind is dlmf.Cause.ROW and "x = -1 is not nonnegative" in cause and "says proved" in cause
    # the counterexample satisfies the condition: it explains nothing
    cause, kind = dlmf.refutation_cause(_refuted(restriction=dict(restriction, violated=None)))
    assert kind is dlmf.Cause.UNEXPLAINED
    # the row stays refuted with the condition, and no other sign holds there: nothing explained
    cause, kind = dlmf.refutation_cause(_refuted(restriction=dict(
        restriction, verdict="refuted", counterexample=[["x", "2"], ["lhs", "1"], ["rhs", "3"]], index=0)))
    assert kind is dlmf.Cause.UNEXPLAINED


def test_the_other_sign_of_a_split_pm_is_evaluated_at_the_counterexample():
    # x = +|x| refuted at x = -1, where its sibling x = -|x| holds
    record = _refuted(pm_half=True, pm_sibling={"id": "9.9.E1/2", "latex": "x = -|x|"})
    cause, kind = dlmf.refutation_cause(record)
    assert kind is dlmf.Cause.ROW and "other sign's half (9.9.E1/2) holds" in cause
    # a sibling that fails there as well explains nothing
    record = _refuted(pm_half=True, pm_sibling={"id": "9.9.E1/2", "latex": "x = -|x| + 1"})
    assert "other sign" not in dlmf.refutation_cause(record)[0]


def test_every_condition_of_the_table_is_read_and_says_something():
    from symbolic.latex import parse_chain
    base = [r"z, a \in \mathbb{C}", r"m, n \in \mathbb{Z}", r"x, y \in \mathbb{R}"]
    plain = parse_chain("a + m + n + x + y + z = 0", assumptions=base).assumptions
    for table in (conditions.PRINTED, conditions.NEEDED):
        for row_id, condition in table.items():
            read = parse_chain("a + m + n + x + y + z = 0",
                               assumptions=conditions.with_condition(base, condition)).assumptions
            changed = {name for name, sym in read.symbols.items()
                       if sym.assumptions0 != plain.symbols[name].assumptions0}
            assert read.facts or changed, row_id
            assert condition.source, row_id


def test_a_refuted_row_is_checked_again_with_the_condition_it_needs(monkeypatch):
    """The wiring of check_row, with the checker stubbed (a real check costs seconds): the row
    as given is refuted at x = -1; with x >= 0 added the stub verifies it."""
    from types import SimpleNamespace

    import symbolic.commands

    calls = []

    def fake_check_input(latex, assume=(), config=None):
        calls.append(tuple(assume))
        if r"x \geq 0" in assume:
            outcome = SimpleNamespace(verdict=SimpleNamespace(value="verified"), evidence=[],
                                      counterexample=None, seconds=0.0)
        else:
            outcome = SimpleNamespace(verdict=SimpleNamespace(value="refuted"), evidence=[],
                                      counterexample=(("x", "-1"), ("lhs", "0.87"), ("rhs", "-0.87")),
                                      seconds=0.0)
        return [SimpleNamespace(latex=latex, outcome=outcome)], []

    monkeypatch.setattr(symbolic.commands, "check_input", fake_check_input)
    row = {"id": "4.23.E40/6", "section": "4.23", "domain": "real", "standalone": True,
           "latex": r"\operatorname{arcsec}(\cosh x) = \arctan(\sinh x)", "assume": []}
    record = dlmf.check_row(row, timeout_s=10)
    assert calls == [(), (r"x \geq 0",)]
    assert record["status"] == "refuted" and record["restriction"]["verdict"] == "verified"
    cause, kind = dlmf.refutation_cause(record)
    assert kind is dlmf.Cause.ROW and "x = -1 is not nonnegative" in cause
    # a row with a condition the DLMF states is checked with it from the start, \mathbb{C} dropped
    calls.clear()
    dlmf.check_row({"id": "4.2#Ex1", "section": "4.2", "domain": "complex", "standalone": True,
                    "latex": "|z^{a}| = |z|^{a}", "assume": [r"z, a \in \mathbb{C}"]}, timeout_s=10)
    assert calls[0] == (r"z \in \mathbb{C}", r"a \in \mathbb{R}")
