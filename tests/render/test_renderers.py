"""Gold-file and unit tests of the report renderers (they never run a check).

The gold files under ``tests/render/gold/`` are the expected reports of ``sample_doc.py``
with the hand-made outcomes below. After an intended change of a renderer (or of the
LaTeX printer), regenerate them and review the diff before committing:

    STEPCHECK_UPDATE_GOLD=1 python -m pytest tests/render -q
    git diff tests/render/gold
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import sympy

from symbolic.model import Claim, Derivation, Evidence, Kind, Outcome, Relation, Step, Verdict
from symbolic.render import build_rows, render_reports
from symbolic.render.figures import draw_figures
from symbolic.render.latex import escape as latex_escape
from symbolic.render.markdown import escape as markdown_escape
from symbolic.render.rows import assumption_latex, name_latex, value_latex
from symbolic.report import compile_latex, load_derivation_file

HERE = Path(__file__).resolve().parent
GOLD = HERE / "gold"
SAMPLE = load_derivation_file(HERE / "sample_doc.py")


def hand_made_outcomes() -> dict[str, Outcome]:
    """Fixed outcomes covering every verdict a report draws differently (renderer tests only)."""
    return {
        "A1": Outcome(Verdict.PROVED, (Evidence("algebraic_expand", "lhs - rhs is 0 by expand"),)),
        "A2": Outcome(Verdict.VERIFIED, (Evidence("numeric_sampling",
                      "60 random points at 50 and 100 digits; worst |lhs - rhs| = 1e-98"),)),
        "B1": Outcome(Verdict.REFUTED, (Evidence("numeric_counterexample",
                      "at x = 1/2: lhs = 1/4 < rhs = 1/2, certified by interval arithmetic"),),
                      counterexample=(("x", "1/2"),)),
        "B2": Outcome(Verdict.PROVED, (Evidence("inequality_sign", "$x^{2} - x + 1 > 0$ (discriminant $< 0$)"),)),
        "B3": Outcome(Verdict.PROVED, (Evidence("inequality_sign", "$t^{2} \\ge 0$"),)),
        "P1": Outcome(Verdict.PROSE, (Evidence("prose", "no mathematical claim"),)),
        "E1": Outcome(Verdict.APPROXIMATE, (Evidence("approximation_regime",
                      "worst relative error 5.0e-5 over |x| <= 0.01 (tolerance 0.05)"),),
                      table=(("x", "relative error"), ("-0.01", "5.0e-5"), ("0.01", "4.9e-5"))),
        "N1": Outcome(Verdict.TIMEOUT, (Evidence("budget", "30 s budget spent before numeric_sampling"),)),
    }


def _files() -> dict[str, bytes]:
    return render_reports([(SAMPLE, hand_made_outcomes())])


GOLD_FILES = ["sample.tex", "sample.md", "summary.json", "README.md"]


@pytest.mark.parametrize("name", GOLD_FILES)
def test_report_matches_gold_file(name):
    # a report changes only when its renderer does; see the module docstring to update
    text = _files()[name].decode("utf-8")
    gold = GOLD / name
    if os.environ.get("STEPCHECK_UPDATE_GOLD"):
        gold.parent.mkdir(parents=True, exist_ok=True)
        gold.write_text(text, encoding="utf-8")
    assert gold.is_file(), f"no gold file {gold}; run STEPCHECK_UPDATE_GOLD=1 pytest tests/render"
    assert text == gold.read_text(encoding="utf-8")


def test_rendering_is_deterministic_and_free_of_paths():
    first, second = _files(), _files()
    assert first == second
    assert "figures/exp.png" in first
    for name, data in first.items():
        if name.endswith((".tex", ".md", ".json")):
            text = data.decode("utf-8")
            assert str(HERE) not in text and "/tmp" not in text and "seconds" not in text, name


def test_summary_has_the_contract_shape():
    data = json.loads(_files()["summary.json"])
    assert data["format"] == 1
    (doc,) = data["documents"]
    assert set(doc) == {"id", "title", "source", "counts", "steps"}
    assert doc["counts"] == {"proved": 3, "verified": 1, "refuted": 1, "approximate": 1,
                             "inconclusive": 0, "timeout": 1, "prose": 1, "error": 0}
    steps = {s["id"]: s for s in doc["steps"]}
    assert set(steps["A1"]) == {"id", "kind", "quote", "claim_latex", "assumptions", "verdict",
                                "evidence", "counterexample", "corrects", "depends_on", "rule"}
    assert steps["B1"]["counterexample"] == {"x": "1/2"}
    assert steps["B3"]["corrects"] == "B1"
    assert steps["B3"]["assumptions"] == ["t > 0"]  # the symbol's own assumption
    assert steps["N1"]["assumptions"] == [r"n \in \mathbb{Z}_{>0}"]
    assert steps["P1"]["claim_latex"] is None and steps["P1"]["verdict"] == "prose"
    assert steps["A2"]["depends_on"] == ["A1"]


def test_a_step_resting_on_an_unproved_step_is_marked():
    rows = {r.id: r for r in build_rows(SAMPLE, hand_made_outcomes()).steps}
    assert rows["B2"].verdict is Verdict.PROVED and rows["B2"].shaky == (("B1", "refuted"),)
    assert not rows["B2"].fully_proved
    # A2 is only verified, and nothing rests on a refuted step: A2 itself is not marked
    assert rows["A2"].shaky == ()
    files = _files()
    assert "B2` ✅ **proved** ⚠️ rests on unproved steps" in files["sample.md"].decode()
    assert r"\verdict{vproved}{proved}\quad\shaky" in files["sample.tex"].decode()


def test_shakiness_passes_through_proved_steps():
    x = sympy.Symbol("x", real=True)
    steps = (Step("a", Kind.IDENTITY, "a", Claim(x, Relation.EQ, x)),
             Step("b", Kind.IDENTITY, "b", Claim(x, Relation.EQ, x), depends_on=("a",)),
             Step("c", Kind.IDENTITY, "c", Claim(x, Relation.EQ, x), depends_on=("b",)))
    derivation = Derivation("chain", "chain", "none.txt", steps)
    proved = Outcome(Verdict.PROVED, (Evidence("m", "d"),))
    outcomes = {"a": Outcome(Verdict.INCONCLUSIVE, (Evidence("m", "d"),)), "b": proved, "c": proved}
    rows = {r.id: r for r in build_rows(derivation, outcomes).steps}
    assert rows["b"].shaky == (("a", "inconclusive"),)
    assert rows["c"].shaky == (("b", "rests on a"),)


@pytest.mark.parametrize("text, expected", [
    ("a_b & 50% {x} $y$ #1 ~^", r"a\_b \& 50\% \{x\} \$y\$ \#1 \textasciitilde{}\textasciicircum{}"),
    (r"\frac{1}{2}", r"\textbackslash{}frac\{1\}\{2\}"),
    ("证明：λ ≤ 1", r"证明：$\lambda$ $\le$ 1"),               # CJK kept for CJKutf8
    ("x₁ < y", r"x$_{1}$ \textless{} y"),
    ("λ ∝ n ☃", r"$\lambda$ $\propto$ n \texttt{[U+2603]}"),  # an unknown character is named
])
def test_latex_escape(text, expected):
    assert latex_escape(text) == expected


def test_latex_escape_leaves_only_ascii_and_cjk():
    from symbolic.render.rows import is_cjk

    text = "".join(chr(c) for c in range(32, 0x3100, 7))
    assert "".join(ch for ch in latex_escape(text) if not is_cjk(ch)).isascii()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_every_escaped_character_compiles(tmp_path):
    import subprocess

    from symbolic.render.latex import _MACROS, _PREAMBLE, _UNICODE

    # everything below the CJK blocks, then common Chinese text and punctuation (gbsn has no
    # glyphs for radicals or kana, which the documents do not use)
    text = latex_escape("".join(_UNICODE) + "".join(chr(c) for c in range(1, 0x2E80, 3))
                        + "证明：注意力权重（点积），“查询”。", breakable=True)
    (tmp_path / "u.tex").write_text(_PREAMBLE + "\\usepackage{CJKutf8}\n" + _MACROS + "\\begin{document}\n"
                                    "\\begin{CJK}{UTF8}{gbsn}\n" + text + "\n\\end{CJK}\n\\end{document}\n",
                                    encoding="utf-8")
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "u.tex"],
                            cwd=tmp_path, capture_output=True, text=True, errors="replace", timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]


@pytest.mark.parametrize("text, expected", [
    ("a_b *c* [d](e) $x$ <b>", r"a\_b \*c\* \[d\](e) \$x\$ \<b\>"),
    ("two\nlines", "two lines"),
])
def test_markdown_escape(text, expected):
    assert markdown_escape(text) == expected


@pytest.mark.parametrize("name, value, expected", [
    ("x", "1/2", ("x", r"\frac{1}{2}")),
    ("lambda", "-1.5e-3", (r"\lambda", r"-1.5 \times 10^{-3}")),
    ("q[1, 2]", "-3/4", ("q_{1,2}", r"-\frac{3}{4}")),
    ("s_max", "2", (r"s_{max}", "2")),
    ("weird name!", "sqrt(2)", (None, r"\sqrt{2}")),  # an unusual name is shown as text
    ("x[2]", "2*log(3/2)", ("x_{2}", r"2 \ln\left(\frac{3}{2}\right)")),
    ("y", "__import__('os')", ("y", None)),  # read by a small grammar, never evaluated
])
def test_counterexample_values_are_typeset(name, value, expected):
    assert (name_latex(name), value_latex(value)) == expected


def test_assumptions_include_the_symbols_own():
    x = sympy.Symbol("x", positive=True)
    L = sympy.Symbol("L", integer=True, positive=True)
    y = sympy.Symbol("y", real=True)
    z = sympy.Symbol("z", complex=True)
    w = sympy.Symbol("w")  # nothing said about it (e.g. a function's argument): nothing shown
    step = Step("s", Kind.INEQUALITY, "s", Claim(x + L + y + z + w, Relation.GE, 0), assumptions=(y > 1,))
    assert assumption_latex(step) == ("y > 1", r"L \in \mathbb{Z}_{>0}", "x > 0", r"z \in \mathbb{C}")


def test_figures_are_deterministic_png():
    first, note = draw_figures(SAMPLE)
    second, _ = draw_figures(SAMPLE)
    assert note is None and first == second
    data = first["figures/exp.png"]
    assert data.startswith(b"\x89PNG") and b"Software" not in data and b"tIME" not in data


def test_without_matplotlib_reports_carry_a_note(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    files = _files()
    assert not any(name.startswith("figures/") for name in files)
    assert "matplotlib is not installed" in files["sample.md"].decode()
    assert "matplotlib is not installed" in files["sample.tex"].decode()
    assert r"\includegraphics[width=0.8" not in files["sample.tex"].decode()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_latex_report_compiles_with_pdflatex(tmp_path):
    ok, message = compile_latex(_files(), "sample.tex", tmp_path / "sample.pdf", runs=1)
    assert ok, message
    assert (tmp_path / "sample.pdf").read_bytes().startswith(b"%PDF")


def test_latex_report_uses_only_the_allowed_packages():
    import re

    tex = _files()["sample.tex"].decode()
    packages = set(re.findall(r"\\usepackage(?:\[[^]]*\])?\{([^}]*)\}", tex))
    assert packages <= {"amsmath", "amssymb", "xcolor", "hyperref", "booktabs", "graphicx", "geometry",
                        "array", "longtable", "CJKutf8"}
    assert "CJKutf8" in packages and r"\begin{CJK}{UTF8}{gbsn}" in tex  # the sample quotes Chinese


def _compile_and_count_overfull(files, name, tmp_path):
    from symbolic.report import overfull_boxes

    log = tmp_path / name.replace(".tex", ".log")
    ok, message = compile_latex(files, name, tmp_path / name.replace(".tex", ".pdf"), log_path=log)
    assert ok, message
    return [w for w in overfull_boxes(log.read_text(encoding="latin-1")) if w > 10]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_sample_report_has_no_line_in_the_margin(tmp_path):
    assert _compile_and_count_overfull(_files(), "sample.tex", tmp_path) == []


# the committed reports (another folder, e.g. a fresh ``report --out``, through STEPCHECK_REPORTS)
REPORTS = Path(os.environ.get("STEPCHECK_REPORTS", HERE.parent.parent / "reports"))


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
@pytest.mark.parametrize("name", sorted(p.name for p in REPORTS.glob("*.tex")))
def test_every_committed_report_has_no_line_in_the_margin(name, tmp_path):
    files = {p.relative_to(REPORTS).as_posix(): p.read_bytes() for p in REPORTS.rglob("*") if p.is_file()}
    assert _compile_and_count_overfull(files, name, tmp_path) == []


def test_quote_maths_is_typeset_and_unknown_macros_shown_as_source():
    from symbolic.render.latex import quote_math

    assert quote_math("α_i") == r"$\alpha _i$"
    assert quote_math(r"k_j^T q \gg k_i^T q") == r"$k_j^T q \gg k_i^T q$"
    assert quote_math(r"\mymacro{x}").startswith(r"\texttt{")   # a document's own macro
    assert quote_math(r"\left( x").startswith(r"\texttt{")      # unbalanced


def test_long_claims_are_cut_at_top_level_operators_only():
    from symbolic.render.latex import claim_parts

    assert claim_parts(r"a + \left(b - c\right) \le -d - e") == ["a", r"+ \left(b - c\right)", r"\le -d", "- e"]
    assert claim_parts(r"\frac{a + b}{c}") == [r"\frac{a + b}{c}"]


def test_wide_tables_are_split_repeating_the_first_column():
    from symbolic.render.latex import table_groups

    table = [["n"] + [f"column {k}" for k in range(16)], ["1"] + ["0.123456789"] * 16]
    groups = table_groups(table)
    assert len(groups) > 1 and all(g[0] == 0 for g in groups)
    assert sorted(c for g in groups for c in g[1:]) == list(range(1, 17))


def test_an_english_document_has_no_chinese_note_and_no_empty_quote():
    derivation = Derivation(id="en", title="English", source="en.txt", description="", steps=(
        Step("S1", Kind.IDENTITY, "", Claim(sympy.Integer(1), Relation.EQ, sympy.Integer(1))),))
    tex = render_reports([(derivation, {"S1": Outcome(Verdict.PROVED, (Evidence("e", "1 = 1"),))})])["en.tex"]
    tex = tex.decode()
    assert "CJK" not in tex and "Chinese" not in tex and r"\begin{quote}" not in tex


def test_decisive_evidence_comes_first_and_attempts_fold_into_one_line():
    from symbolic.render.rows import decisive_evidence

    outcome = Outcome(Verdict.PROVED, (Evidence("algebraic_expand", "expand did not show lhs - rhs = 0"),
                                       Evidence("indexed_identity", "lhs - rhs is 0 for every size")))
    derivation = Derivation(id="d", title="t", source="s", description="", steps=(
        Step("S1", Kind.IDENTITY, "q", Claim(sympy.Integer(1), Relation.EQ, sympy.Integer(1))),))
    row = build_rows(derivation, {"S1": outcome}).steps[0]
    decided, attempts = decisive_evidence(row)
    assert [e.method for e in decided] == ["indexed_identity"]
    assert [e.method for e in attempts] == ["algebraic_expand"]
    tex = render_reports([(derivation, {"S1": outcome})])["d.tex"].decode()
    assert tex.index("indexed") < tex.index("Did not decide") < tex.index(r"algebraic\_\allowbreak{}expand")
