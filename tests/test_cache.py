"""The content-addressed cache: keys follow content and dependencies; values are safe JSON."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import sympy

import symbolic.runner as runner
from symbolic.cache import Cache, canonical_step, step_keys
from symbolic.config import CheckConfig
from symbolic.model import JSON_FORMAT, Claim, Derivation, Evidence, Outcome, Relation, Role, Rule, Verdict
from symbolic.report import load_derivation_file

SAMPLE = load_derivation_file(Path(__file__).parent / "render" / "sample_doc.py")
CONFIG = CheckConfig(timeout_s=10)


def _replace_step(derivation: Derivation, step_id: str, **changes) -> Derivation:
    steps = tuple(dataclasses.replace(s, **changes) if s.id == step_id else s for s in derivation.steps)
    return dataclasses.replace(derivation, steps=steps)


def test_keys_are_stable_and_distinct():
    keys = step_keys(SAMPLE, CONFIG)
    assert keys == step_keys(load_derivation_file(Path(__file__).parent / "render" / "sample_doc.py"), CONFIG)
    assert len(set(keys.values())) == len(keys)
    assert all(len(k) == 64 for k in keys.values())


def test_editing_a_step_changes_its_key_and_its_dependents_only():
    x = sympy.Symbol("x", real=True)
    edited = _replace_step(SAMPLE, "B1", claim=Claim(x ** 2, Relation.GE, x - 1))
    before, after = step_keys(SAMPLE, CONFIG), step_keys(edited, CONFIG)
    changed = {k for k in before if before[k] != after[k]}
    # B2 depends on B1; B3 corrects B1: both may use B1's outcome
    assert changed == {"B1", "B2", "B3"}


@pytest.mark.parametrize("change", [
    {"assumptions": (sympy.Symbol("x", real=True) > 0,)},
    {"quote": "another quote"},
    {"rule": Rule("some_rule", (), (("map", sympy.log),))},
    {"claim": Claim((sympy.Symbol("x", positive=True) + 1) ** 2, Relation.EQ,
                    sympy.Symbol("x", positive=True) ** 2 + 2 * sympy.Symbol("x", positive=True) + 1)},
])
def test_every_part_of_a_step_is_in_its_key(change):
    # the last case differs from A1 only in the symbol's assumption (positive vs real)
    edited = _replace_step(SAMPLE, "A1", **change)
    assert step_keys(edited, CONFIG)["A1"] != step_keys(SAMPLE, CONFIG)["A1"]


def test_configuration_is_in_the_key():
    assert step_keys(SAMPLE, CONFIG)["A1"] != step_keys(SAMPLE, CONFIG.but(dps=60))["A1"]


def test_function_parameters_are_keyed_by_code_not_address():
    # nested code objects (the inner lambda) have addresses in their repr: never in the key
    f1 = Rule("r", (), (("f", lambda v: (lambda w: w + 1)(v)),))
    f2 = Rule("r", (), (("f", lambda v: (lambda w: w + 1)(v)),))
    f3 = Rule("r", (), (("f", lambda v: (lambda w: w + 2)(v)),))
    step = SAMPLE.step("A1")
    text = [canonical_step(dataclasses.replace(step, rule=r)) for r in (f1, f2, f3)]
    assert text[0] == text[1] != text[2]
    assert "0x" not in text[0]


def test_outcome_json_round_trip():
    outcome = Outcome(Verdict.REFUTED, (Evidence("numeric", "at x = 1/2", Role.DECIDED),
                                        Evidence("algebraic", "did not show")),
                      (("x", "1/2"), ("y", "3")), 0.25, (("a", "b"), ("1", "2")), ("figures/f.png",))
    data = json.loads(json.dumps(outcome.to_json()))
    assert Outcome.from_json(data) == outcome
    assert data["evidence"][0] == {"method": "numeric", "detail": "at x = 1/2", "role": "decided"}
    assert data["counterexample"] == {"x": "1/2", "y": "3"}


def test_the_cache_stores_outcomes_in_the_one_codec(tmp_path):
    cache = Cache(tmp_path / "c")
    outcome = Outcome(Verdict.VERIFIED, (Evidence("numeric_sample", "60 points", Role.DECIDED),))
    cache.put("cd" + "0" * 62, outcome)
    stored = json.loads((tmp_path / "c" / "cd" / ("cd" + "0" * 62 + ".json")).read_text())
    assert stored == {"format": JSON_FORMAT, "outcome": outcome.to_json()}
    assert cache.get("cd" + "0" * 62) == outcome


def test_cache_stores_reads_and_treats_damage_as_a_miss(tmp_path):
    cache = Cache(tmp_path / "c")
    outcome = Outcome(Verdict.PROVED, (Evidence("m", "d"),))
    key = "ab" + "0" * 62
    assert cache.get(key) is None
    cache.put(key, outcome)
    assert cache.get(key) == outcome
    assert [p.name for p in (tmp_path / "c").rglob("*") if p.is_file()] == [f"{key}.json"]
    (tmp_path / "c" / "ab" / f"{key}.json").write_text("{not json")
    assert cache.get(key) is None
    assert (cache.hits, cache.misses) == (1, 2)


def test_second_run_rechecks_nothing_and_an_edit_rechecks_dependents(tmp_path, monkeypatch):
    checked: list[str] = []
    real = runner.check_step_limited

    def counting(step, **kwargs):
        checked.append(step.id)
        return real(step, **kwargs)

    monkeypatch.setattr(runner, "check_step_limited", counting)
    cache = Cache(tmp_path / "cache")
    first = runner.check_derivation(SAMPLE, config=CONFIG, cache=cache)
    assert checked == [s.id for s in SAMPLE.steps]
    checked.clear()
    second = runner.check_derivation(SAMPLE, config=CONFIG, cache=cache)
    assert checked == [] and second == first

    x = sympy.Symbol("x", real=True)
    edited = _replace_step(SAMPLE, "B1", claim=Claim(x ** 2 + 1, Relation.GE, x))
    runner.check_derivation(edited, config=CONFIG, cache=cache)
    assert checked == ["B1", "B2", "B3"]


def test_errors_are_not_cached(tmp_path, monkeypatch):
    # an error may be the machine's (a failed fork): it is tried again next time
    monkeypatch.setattr(runner, "check_step_limited",
                        lambda step, **kw: Outcome(Verdict.ERROR, (Evidence("error", "boom"),)))
    cache = Cache(tmp_path / "cache")
    runner.check_derivation(SAMPLE, config=CONFIG, cache=cache)
    assert cache.size_bytes() == 0


def test_a_class_defined_outside_sympy_is_keyed_by_its_file(tmp_path, monkeypatch):
    # srepr says "Gap(x)" whatever Gap computes: the defining file's content must count
    module = tmp_path / "gapdef.py"
    module.write_text("import sympy\nclass Gap(sympy.Function):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import gapdef
    from symbolic.cache import _file_digest
    from symbolic.model import Kind, Step

    x = sympy.Symbol("x", real=True)
    step = Step("g", Kind.INEQUALITY, "g", Claim(gapdef.Gap(x), Relation.GE, 0))
    before = canonical_step(step)
    module.write_text("import sympy\nclass Gap(sympy.Function):\n    def _eval_evalf(self, prec):\n        return sympy.Float(1)\n")
    _file_digest.cache_clear()
    assert canonical_step(step) != before
    assert "gapdef.Gap" in before


def test_every_library_version_is_in_the_key(monkeypatch):
    """An outcome found without python-flint (or with another SymPy) is never served with it."""
    from importlib import metadata

    import symbolic.cache as cache_module

    sample = load_derivation_file(Path(__file__).parent / "render" / "sample_doc.py")
    text = cache_module.library_versions()
    for name in ("sympy", "mpmath", "python-flint", "latex2sympy2_extended", "pylatexenc", "matplotlib"):
        assert name in text
    before = step_keys(sample, CheckConfig())
    real = metadata.version

    def without_flint(name):
        if name == "python-flint":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    cache_module.library_versions.cache_clear()
    monkeypatch.setattr(metadata, "version", without_flint)
    try:
        assert "python-flint absent" in cache_module.library_versions()
        after = step_keys(sample, CheckConfig())
        assert all(before[k] != after[k] for k in before)
    finally:
        cache_module.library_versions.cache_clear()
