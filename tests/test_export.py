"""``stepcheck export``: chains, labels, status marks, compiling, and the round trip."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy

from symbolic.cli import main
from symbolic.export import chains, export_text, parse_target, select_steps
from symbolic.model import Evidence, Outcome, Verdict
from symbolic.report import load_derivation_file

SAMPLE_PATH = str(Path(__file__).resolve().parent / "render" / "sample_doc.py")
SAMPLE = load_derivation_file(SAMPLE_PATH)
MARK = re.compile(r" \\qquad \\textcolor.*?(?= \\label)")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _outcomes(verdict=Verdict.PROVED):
    return {s.id: Outcome(verdict, (Evidence("m", "d"),)) for s in SAMPLE.steps}


def test_consecutive_steps_form_a_chain():
    blocks = chains(select_steps(SAMPLE, None))
    ids = [[row.step_id for row in block] for block in blocks]
    assert ids == [["A1", "A2"], ["B1"], ["B2"], ["B3"], ["E1"], ["N1"]]  # prose P1 has no formula
    assert blocks[0][1].lhs is None  # A2 starts where A1 ends: "&= (x+1)^2"


def test_export_text_has_packages_labels_and_marks():
    text = export_text(SAMPLE, status=True, outcomes=_outcomes())
    assert text.startswith("% stepcheck export of document sample\n% needs: \\usepackage{amsmath,amssymb,xcolor}")
    assert text.count(r"\begin{align}") == 6
    for step_id in ("A1", "A2", "B1", "B2", "B3", "E1", "N1"):
        assert rf"\label{{sample:{step_id}}}" in text
    assert text.count(r"\checkmark") >= 7
    plain = export_text(SAMPLE, status=False)
    assert "xcolor" not in plain and r"\textcolor" not in plain
    # marks are the only difference
    assert MARK.sub("", "\n".join(text.splitlines()[3:])) == "\n".join(plain.splitlines()[2:])


def test_step_selection_keeps_the_order_asked_for():
    text = export_text(SAMPLE, ("B3", "A1"), status=False)
    assert text.index("sample:B3") < text.index("sample:A1")
    assert text.count(r"\begin{align}") == 2


@pytest.mark.parametrize("target, message", [
    ("sample_doc.py:Z9", "has no step 'Z9'"),
    ("sample_doc.py:P1", "is prose"),
    ("sample_doc.py:", "names no step"),
    ("nope", "unknown document"),
])
def test_bad_targets_are_one_line_errors(workdir, capsys, target, message):
    shutil.copy(SAMPLE_PATH, workdir / "sample_doc.py")
    assert main(["export", target, "--no-status"]) == 2
    assert message in capsys.readouterr().err


def test_parse_target():
    assert parse_target("doc") == ("doc", None)
    assert parse_target("doc:a,b") == ("doc", ("a", "b"))


def test_export_to_a_file(workdir, capsys):
    assert main(["export", f"{SAMPLE_PATH}:A1,A2", "-o", "out.tex"]) == 0
    assert capsys.readouterr().out == ""
    text = (workdir / "out.tex").read_text()
    assert r"\label{sample:A2}" in text and r"\textcolor[rgb]{0,0.5,0}{\checkmark}" in text


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
@pytest.mark.parametrize("status", [True, False])
def test_export_compiles_in_a_minimal_article(tmp_path, status):
    body = export_text(SAMPLE, status=status, outcomes=_outcomes())
    packages = "amsmath,amssymb" + (",xcolor" if status else "")
    assert f"\\usepackage{{{packages}}}" in body
    document = (f"\\documentclass{{article}}\n\\usepackage{{{packages}}}\n\\begin{{document}}\n"
                f"{body}See (\\ref{{sample:A2}}).\n\\end{{document}}\n")
    (tmp_path / "paper.tex").write_text(document)
    for _ in range(2):
        result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
                                cwd=tmp_path, capture_output=True, text=True, errors="replace", timeout=120)
        assert result.returncode == 0, result.stdout[-2000:]
    assert "undefined" not in (tmp_path / "paper.log").read_text(errors="replace").lower()


def _links_of(text: str) -> list[str]:
    """The formulas of exported align blocks, one chain per block, marks and labels removed."""
    chains_found = []
    for block in re.findall(r"\\begin\{align\}(.*?)\\end\{align\}", text, re.S):
        block = re.sub(r"\\label\{[^}]*\}", "", MARK.sub("", block))
        chains_found.append(" ".join(block.replace("&", " ").replace(r"\\", " ").split()))
    return chains_found


def test_exported_formulas_read_back_to_the_claims():
    from symbolic.latex import parse_chain

    text = export_text(SAMPLE, status=True, outcomes=_outcomes())
    claims = [s.claim for s in select_steps(SAMPLE, None)]
    links = [claim for chain in _links_of(text) for claim in _as_claims(parse_chain(chain))]
    assert len(links) == len(claims)
    for read, claim in zip(links, claims):
        assert read.relation is claim.relation
        for got, want in ((read.lhs, claim.lhs), (read.rhs, claim.rhs)):
            assert got == want or sympy.simplify(_plain(got) - _plain(want)) == 0, (got, want)


def _as_claims(result):
    """parse_chain's links as Claims (it may return claims or objects holding one)."""
    items = list(result.links if hasattr(result, "links") else result)
    return [getattr(item, "claim", item) for item in items]


def _plain(expr):
    # the reader makes its own symbols (real by default): compare by name
    return expr.subs({s: sympy.Symbol(s.name) for s in expr.free_symbols})
