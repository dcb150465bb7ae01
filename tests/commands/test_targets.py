"""The one target grammar ``DOC[:ID[,ID...]]`` and how ``check`` tells a target from LaTeX."""
from __future__ import annotations

from pathlib import Path

import pytest

from symbolic.commands.targets import Target, load_target, parse_target, step_target
from symbolic.errors import StepcheckError, UnknownDocumentError, UsageError

SAMPLE = Path(__file__).resolve().parents[1] / "render" / "sample_doc.py"


@pytest.mark.parametrize("text, target", [
    ("doc", Target("doc")),
    ("doc:A1", Target("doc", ("A1",))),
    ("doc:A1,B-2", Target("doc", ("A1", "B-2"))),
    (" doc : A1 , B2 ", Target("doc", ("A1", "B2"))),
    ("dir/my_proof.py:S_3", Target("dir/my_proof.py", ("S_3",))),
])
def test_targets_parse_one_way(text, target):
    assert parse_target(text) == target


@pytest.mark.parametrize("text, message", [
    (":A1", "names no document"),
    ("doc:", "names no step"),
    ("doc:a b", "is not a step id"),
    ("doc:A1,{x}", "is not a step id"),
])
def test_a_malformed_target_is_a_usage_error(text, message):
    with pytest.raises(UsageError, match=message):
        parse_target(text)
    assert issubclass(UsageError, StepcheckError)


@pytest.mark.parametrize("text, is_target", [
    ("informer_lemma1:INF-12", True),
    ("doc:A1,A2", True),
    ("proofs/x.py:A1", True),
    ("a = b", False),
    ("x^2 \\ge 0", False),
    ("doc", False),                 # a target for export, but LaTeX for check
    ("f(x): x > 0", False),
    ("\\frac{a}{b}:c", False),
])
def test_check_reads_a_target_only_when_it_names_steps_without_spaces(text, is_target):
    assert (step_target(text) is not None) is is_target


def test_load_target_picks_the_steps_in_the_order_asked():
    derivation, steps = load_target(f"{SAMPLE}:B1,A1")
    assert [s.id for s in steps] == ["B1", "A1"]
    assert load_target(str(SAMPLE))[1] == derivation.steps
    with pytest.raises(UnknownDocumentError, match="no step 'Z9'"):
        load_target(f"{SAMPLE}:Z9")


def test_check_takes_the_same_targets_as_export(capsys):
    import json

    from symbolic.cli import main
    code = main(["check", f"{SAMPLE}:A2,B1", "--json", "--quiet", "--samples", "8"])
    result = json.loads(capsys.readouterr().out)
    # the steps named, in that order (A1, which A2 rests on, is checked but not listed)
    assert [link["verdict"] for link in result["links"]] == ["proved", "refuted"]
    assert result["links"][1]["counterexample"] and code == result["exit_code"] == 1
