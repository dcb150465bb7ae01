"""``stepcheck report`` and ``stepcheck list`` end to end, through ``main([...])``."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import symbolic.runner as runner
from symbolic.cli import main

SAMPLE = str(Path(__file__).resolve().parent / "render" / "sample_doc.py")
FILES = {"sample.tex", "sample.md", "summary.json", "README.md", "figures/exp.png", "timings.json"}


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory):
    """A cache holding the sample's outcomes, checked once for the tests that only render."""
    from symbolic.cache import Cache
    from symbolic.commands.report import REPORT_CONFIG
    from symbolic.commands.targets import load_derivation_file

    root = tmp_path_factory.mktemp("warm") / ".stepcheck-cache"
    runner.check_derivation(load_derivation_file(SAMPLE), config=REPORT_CONFIG, cache=Cache(root))
    return root


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A fresh working directory, so the cache (.stepcheck-cache/) starts empty."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def warm_workdir(workdir, warm_cache):
    """A working directory whose cache already holds the sample's outcomes."""
    shutil.copytree(warm_cache, workdir / ".stepcheck-cache")
    return workdir


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_report_writes_every_file_and_prints_one_line(warm_workdir, capsys):
    workdir = warm_workdir
    assert main(["report", SAMPLE, "--out", "out"]) == 0
    out, err = capsys.readouterr()
    assert set(_tree(workdir / "out")) == FILES
    assert len(out.strip().splitlines()) == 1 and "wrote 5 of 5 report files" in out
    assert err == ""  # not a terminal: no progress
    summary = json.loads((workdir / "out" / "summary.json").read_text())
    assert [d["id"] for d in summary["documents"]] == ["sample"]
    assert (workdir / ".stepcheck-cache").is_dir()
    timings = json.loads((workdir / "out" / "timings.json").read_text())
    assert timings["sample"]["steps"] == 8 and timings["sample"]["from_cache"] == 8


def test_report_is_deterministic(warm_workdir):
    # checked afresh in parallel, and rendered from the cache: the same bytes
    workdir = warm_workdir
    cache_files = _tree(workdir / ".stepcheck-cache")
    assert main(["report", SAMPLE, "--out", "one", "--no-cache", "--jobs", "2"]) == 0
    assert _tree(workdir / ".stepcheck-cache") == cache_files  # --no-cache neither reads nor writes
    assert main(["report", SAMPLE, "--out", "two"]) == 0
    one, two = _tree(workdir / "one"), _tree(workdir / "two")
    one.pop("timings.json"), two.pop("timings.json")  # timings may differ, and only they
    assert one == two


def test_second_report_rechecks_nothing(workdir, monkeypatch):
    checked = []
    real = runner.check_step_limited
    monkeypatch.setattr(runner, "check_step_limited",
                        lambda step, **kw: checked.append(step.id) or real(step, **kw))
    assert main(["report", SAMPLE, "--out", "out"]) == 0
    assert len(checked) == 8
    first = _tree(workdir / "out")
    checked.clear()
    assert main(["report", SAMPLE, "--out", "out"]) == 0
    assert checked == []
    assert {k: v for k, v in _tree(workdir / "out").items() if k != "timings.json"} == \
           {k: v for k, v in first.items() if k != "timings.json"}


def test_check_names_stale_and_missing_files(warm_workdir, capsys):
    workdir = warm_workdir
    assert main(["report", SAMPLE, "--out", "out"]) == 0
    assert main(["report", SAMPLE, "--out", "out", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out

    md = workdir / "out" / "sample.md"
    md.write_text(md.read_text() + "edited by hand\n")
    (workdir / "out" / "figures" / "exp.png").unlink()
    before = _tree(workdir / "out")
    assert main(["report", SAMPLE, "--out", "out", "--check"]) == 1
    out = capsys.readouterr().out
    assert "out/sample.md: stale" in out
    assert "out/figures/exp.png: missing" in out
    assert "out/sample.tex" not in out
    assert _tree(workdir / "out") == before  # --check writes nothing

    assert main(["report", SAMPLE, "--out", "out"]) == 0
    assert main(["report", SAMPLE, "--out", "out", "--check"]) == 0


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_pdf_is_compiled_next_to_the_report(warm_workdir):
    workdir = warm_workdir
    assert main(["report", SAMPLE, "--out", "out", "--pdf"]) == 0
    assert (workdir / "out" / "sample.pdf").read_bytes().startswith(b"%PDF")
    assert not list((workdir / "out").glob("*.aux"))  # pdflatex ran elsewhere


def test_list_one_document_says_where_verdicts_come_from(workdir, capsys):
    assert main(["list", SAMPLE]) == 0
    first = capsys.readouterr().out
    assert "checked now" in first and "A1" in first and "proved" in first
    assert "B2" in first and "rests on unproved: B1" in first
    assert main(["list", SAMPLE]) == 0
    second = capsys.readouterr().out
    assert "verdicts from the cache" in second
    assert first.splitlines()[1:] == second.splitlines()[1:]


def test_list_documents(workdir, capsys):
    import proofs

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for doc_id in proofs.document_ids():
        assert doc_id in out


@pytest.mark.parametrize("argv, message", [
    (["report", "no_such_document"], "unknown document 'no_such_document'"),
    (["list", "no_such_document"], "unknown document 'no_such_document'"),
    (["report", "missing/file.py"], "no such file"),
])
def test_bad_documents_are_one_line_errors(workdir, capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_file_without_derivation_is_a_user_error(workdir, capsys):
    (workdir / "empty_doc.py").write_text("X = 1\n")
    assert main(["report", "empty_doc.py", "--out", "out"]) == 2
    assert "defines no DERIVATION" in capsys.readouterr().err


class _Terminal:
    """A stand-in for stderr that says it is a terminal."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_progress_only_on_a_terminal(warm_workdir, monkeypatch, capsys):
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["report", SAMPLE, "--out", "out"]) == 0
    assert "sample: 8/8 steps" in terminal.text and terminal.text.count("\n") == 1  # one line per document
    assert "wrote" in capsys.readouterr().out


def test_a_timed_out_step_is_rerun_alone_and_its_outcome_cached(tmp_path, monkeypatch):
    import symbolic.runner
    from symbolic.cache import Cache, step_keys
    from symbolic.model import Evidence, Outcome, Verdict
    from symbolic.commands.report import REPORT_CONFIG, rerun_timeouts
    from symbolic.commands.targets import load_derivation_file

    sample = load_derivation_file(Path(__file__).parent / "render" / "sample_doc.py")
    outcomes = {s.id: Outcome(Verdict.PROSE, (Evidence("prose", "-"),)) for s in sample.steps}
    outcomes["N1"] = Outcome(Verdict.TIMEOUT, (Evidence("budget", "hard limit"),))
    rerun = []

    def alone(step, config, context):
        rerun.append(step.id)
        return Outcome(Verdict.PROVED, (Evidence("inequality_sign", "n >= 1"),))

    monkeypatch.setattr(symbolic.runner, "_check_one", alone)
    cache = Cache(tmp_path)
    result = rerun_timeouts(sample, outcomes, config=REPORT_CONFIG, cache=cache)
    assert rerun == ["N1"] and result["N1"].verdict is Verdict.PROVED
    assert cache.get(step_keys(sample, REPORT_CONFIG)["N1"]).verdict is Verdict.PROVED
    assert {k: v for k, v in result.items() if k != "N1"} == {k: v for k, v in outcomes.items() if k != "N1"}


def test_overfull_boxes_are_read_from_the_log():
    from symbolic.commands.report import overfull_boxes

    log = "Overfull \\hbox (6.3pt too wide) in paragraph\nOverfull \\vbox (12.5pt too high) has"
    assert overfull_boxes(log) == [6.3, 12.5]
