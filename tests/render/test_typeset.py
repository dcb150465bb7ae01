"""Reports typeset their maths: no SymPy source form (``Sum(``, ``**``, ``s[m]``) in prose.

Evidence, glosses, regimes and counterexamples carry their expressions as LaTeX (from the
project's printer, or written so in ``proofs/``); the LaTeX report typesets them and the
Markdown report shows them as GitHub maths. What is left outside maths, code and the
documents' own quotes is prose, and SymPy's ``str`` of an expression in it is a defect.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from symbolic.render import render_reports
from symbolic.render.latex import prose as latex_prose
from symbolic.render.markdown import prose as markdown_prose

ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "reports"

# SymPy's str of an expression: its function heads, a power, an indexed element with a
# symbolic index (x[1] = 0 is an assignment the renderers typeset; s[m] is not)
SYMPY_FORMS = re.compile(
    r"\b(?:Sum|MaxOver|MinOver|Product|Integral|Derivative|Interval|Piecewise|Eq|Ne|Abs|Max|Min)\("
    r"|\*\*|\b(?:exp|log|sqrt)\(|\b[A-Za-z]\w*\[[A-Za-z_][\w, ]*\]|\bInterval\.|\bReals\b|\boo\b")


def markdown_prose_text(text: str) -> str:
    """The prose of a Markdown report: without code, maths, anchors and escapes."""
    text = re.sub(r"(?ms)^(`{3,})[^\n]*\n.*?^\1\s*$", " ", text)   # fenced blocks (quotes, claims)
    text = re.sub(r"\$`.*?`\$", " ", text)                        # GitHub inline maths
    text = re.sub(r"`[^`\n]*`", " ", text)                         # inline code (ids, methods)
    text = re.sub(r"<a id=[^>]*></a>", " ", text)
    text = re.sub(r"\]\(#[^)]*\)", "]", text)                      # link targets
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)              # images
    text = text.replace(r"\*\*", "\0POW\0")                       # an escaped ** is a power
    text = text.replace("**", " ")                                 # bold markup
    text = re.sub(r"\\(.)", r"\1", text)
    return text.replace("\0POW\0", "**")


def _drop_command(text: str, name: str, arguments: int) -> str:
    out, pos = [], 0
    needle = "\\" + name + "{"
    while True:
        start = text.find(needle, pos)
        if start < 0:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:start] + " ")
        k = start + len(needle) - 1
        for _ in range(arguments):
            depth = 0
            while True:
                ch = text[k]
                if ch == "\\":
                    k += 2
                    continue
                depth += (ch == "{") - (ch == "}")
                k += 1
                if depth == 0:
                    break
        pos = k


def latex_prose_text(text: str) -> str:
    """The prose of a LaTeX report: the body without maths, claims and the quotes."""
    text = text.split(r"\begin{document}", 1)[-1]
    text = re.sub(r"(?s)\\begin\{quote\}.*?\\end\{quote\}", " ", text)
    for name, arguments in (("showclaim", 2), ("tableclaim", 1), ("claimpart", 1)):
        text = _drop_command(text, name, arguments)
    text = text.replace(r"\$", "")
    text = re.sub(r"(?s)\$.*?\$", " ", text)
    text = text.replace(r"\allowbreak{}", "").replace(r"\_", "_")
    return text.replace(r"\textasciicircum{}", "^")


def sympy_forms(prose: str) -> list[str]:
    """Every SymPy source form in a report's prose, with some context."""
    return [prose[max(0, m.start() - 40):m.end() + 40].replace("\n", " ")
            for m in SYMPY_FORMS.finditer(prose)]


def test_the_scan_finds_sympy_forms_in_prose():
    # the guard must be able to fail: SymPy's str in a sentence is found in both formats
    sentence = "rule lse_bounds: log Sum(exp(s[m]), (m, 1, L_K)) <= MaxOver(s[m], (m, 1, L_K)), x**2"
    assert len(sympy_forms(markdown_prose_text(markdown_prose(sentence)))) >= 4
    assert len(sympy_forms(latex_prose_text(r"\begin{document}" + latex_prose(sentence)))) >= 4
    # and maths written as maths is not prose
    typeset = r"rule lse_bounds: $\ln \sum_{m=1}^{L_K} e^{s_{m}} \le \max_{m} s_{m}$, at x[1] = 2*log(3/2)"
    assert sympy_forms(markdown_prose_text(markdown_prose(typeset))) == []
    assert sympy_forms(latex_prose_text(r"\begin{document}" + latex_prose(typeset))) == []


def test_sample_report_has_no_sympy_forms_in_prose():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_renderer_tests", Path(__file__).with_name("test_renderers.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    SAMPLE, hand_made_outcomes = module.SAMPLE, module.hand_made_outcomes
    files = render_reports([(SAMPLE, hand_made_outcomes())])
    assert sympy_forms(markdown_prose_text(files["sample.md"].decode())) == []
    assert sympy_forms(latex_prose_text(files["sample.tex"].decode())) == []


REPORT_FILES = sorted(p.name for p in REPORTS.glob("*.md") if p.name != "README.md") + \
    sorted(p.name for p in REPORTS.glob("*.tex"))


@pytest.mark.parametrize("name", REPORT_FILES)
def test_committed_report_has_no_sympy_forms_in_prose(name):
    text = (REPORTS / name).read_text(encoding="utf-8")
    prose = markdown_prose_text(text) if name.endswith(".md") else latex_prose_text(text)
    found = sympy_forms(prose)
    assert not found, f"{name}: {len(found)} SymPy form(s) in prose, e.g.\n" + "\n".join(found[:10])
