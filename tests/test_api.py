"""The public Python API: the README example runs as written, and each helper does its job."""
from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import sympy

import symbolic as sc
from symbolic.errors import DerivationError, ParseError

ROOT = Path(__file__).resolve().parent.parent

# The README's example, character for character (test_readme_shows_the_example keeps the two
# in step: edit both together).
README_EXAMPLE = r'''
import sympy
import symbolic as sc

x, y = sc.symbols("x y", positive=True)
proof = sc.derivation("two-logs", [
    sc.step("square", sympy.Eq((x + y)**2, x**2 + 2*x*y + y**2)),
    sc.step("am-gm", r"x^2 + y^2 \ge 2 x y", depends_on=["square"]),
    sc.step("product", r"\ln(x y) = \ln x + \ln y", assume=["x > 0", "y > 0"]),
    sc.step("sum", r"\ln(x + y) = \ln x + \ln y", assume=["x > 0", "y > 0"]),
], title="Two logarithms")
outcomes = sc.check_derivation(proof)
for step_id, outcome in outcomes.items():
    print(step_id, outcome.verdict.value, outcome.counterexample or "")
print(sc.render_derivation(proof, outcomes, fmt="markdown"))
'''.lstrip("\n")


@pytest.fixture(scope="module")
def readme_run():
    """Run the README example once; its namespace and what it printed."""
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(README_EXAMPLE, "README.md", "exec"), namespace)
    return namespace, printed.getvalue()


def test_readme_example_runs_and_checks(readme_run):
    namespace, printed = readme_run
    verdicts = {k: o.verdict.value for k, o in namespace["outcomes"].items()}
    assert verdicts["square"] == "proved"      # expand shows the difference is 0
    assert verdicts["am-gm"] in ("proved", "verified")  # (x - y)^2 >= 0; proved by a symbolic tier
    assert verdicts["product"] == "proved"     # ln(xy) = ln x + ln y for positive x, y
    assert verdicts["sum"] == "refuted"        # false, e.g. x = y = 1: ln 2 != 0
    assert namespace["outcomes"]["sum"].counterexample
    assert re.search(r"^sum refuted \(\('x', ", printed, re.M), printed
    assert r"\ln" in printed and "refuted" in printed  # the Markdown report


def test_readme_shows_the_example():
    """The README carries the example this file runs (so the documented code is tested code)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert README_EXAMPLE.strip() in readme, "paste tests/test_api.py:README_EXAMPLE into README.md"


# --- step() -----------------------------------------------------------------------------------

x, y = sc.symbols("x y")
n = sc.symbols("n", integer=True, positive=True)


@pytest.mark.parametrize("claim, relation, kind", [
    (sympy.Eq((x + 1)**2, x**2 + 2*x + 1), sc.Relation.EQ, sc.Kind.IDENTITY),
    (sympy.Le(sympy.exp(x), sympy.exp(y)), sc.Relation.LE, sc.Kind.INEQUALITY),
    (sympy.Ne(x, x + 1, evaluate=False), sc.Relation.NE, sc.Kind.INEQUALITY),
    ((sympy.sin(x), r"\approx", x), sc.Relation.APPROX, sc.Kind.APPROXIMATION),
    ((x**2, "<=", y), sc.Relation.LE, sc.Kind.INEQUALITY),
    (sympy.Implies(x > 1, x**2 > 1), sc.Relation.IMPLIES, sc.Kind.IMPLICATION),
    (r"\ln(x y) = \ln x + \ln y", sc.Relation.EQ, sc.Kind.IDENTITY),
    (r"\sum_{j=1}^{n} e^{x_j} \gg 1", sc.Relation.GG, sc.Kind.APPROXIMATION),
])
def test_step_reads_every_form_of_claim(claim, relation, kind):
    made = sc.step("s", claim)
    assert made.claim.relation is relation
    assert made.kind is kind
    assert made.quote  # the LaTeX stands in for a quote


def test_latex_step_keeps_its_latex_and_assumptions():
    made = sc.step("s", r"\ln(x^2) = 2\ln x", assume=["x > 0"])
    assert made.latex == r"\ln(x^2) = 2\ln x"
    (sym,) = made.claim.free_symbols
    assert sym.is_positive  # x > 0 became the symbol's assumption, as in `stepcheck check`


def test_latex_assumption_on_sympy_claim_binds_to_its_symbols():
    made = sc.step("s", sympy.Eq(sympy.log(x * y), sympy.log(x) + sympy.log(y)),
                   assume=["x > 0", "y > 0"])
    assert {s.name for s in made.claim.free_symbols} == {"x", "y"}
    assert all(s.is_positive for s in made.claim.free_symbols)


def test_sympy_assumption_on_latex_claim_binds_by_name():
    made = sc.step("s", r"\ln(x^2) = 2\ln x", assume=[x > 0])
    (fact,) = made.assumptions
    assert fact.free_symbols == made.claim.free_symbols


def test_prose_step_needs_a_quote():
    assert sc.step("p", quote="Hence the claim.").kind is sc.Kind.PROSE
    with pytest.raises(DerivationError, match="neither a claim nor a quote"):
        sc.step("p")


@pytest.mark.parametrize("bad, message", [
    (sympy.Eq(x + x, 2 * x), "already evaluated"),               # SymPy turned it into True
    ((x, "~=", y), "unknown relation"),
    (("x", "=", y), "is a string"),
    (42, "is not a claim"),
])
def test_step_rejects_what_is_not_a_claim(bad, message):
    with pytest.raises(DerivationError, match=message):
        sc.step("s", bad)


def test_latex_step_must_be_one_relation():
    with pytest.raises(ParseError, match="one step per link"):
        sc.step("s", r"a = b \le c")


def test_derivation_validates_order():
    with pytest.raises(DerivationError, match="comes after it"):
        sc.derivation("d", [sc.step("a", sympy.Eq(x, x + 0, evaluate=False), depends_on=["b"]),
                            sc.step("b", sympy.Eq(y, y + 0, evaluate=False))])


# --- check() and friends -------------------------------------------------------------------------

@pytest.mark.parametrize("claim, assume, verdict", [
    (r"\ln(a^2 b) = 2\ln a + \ln b", ["a > 0", "b > 0"], "proved"),   # log rules under positivity
    (sympy.Eq((x + 1)**2, x**2 + 2*x + 1), [], "proved"),            # expand
    (r"\ln(a - b) = \ln a - \ln b", ["a > b", "b > 0"], "refuted"),  # a = 3, b = 1: ln 2 != ln 3
])
def test_check_one_claim(claim, assume, verdict):
    assert sc.check(claim, assume=assume).verdict.value == verdict


def test_check_chain_checks_every_link():
    results = sc.check_chain(r"(a + b)^2 = a^2 + 2ab + b^2 \ge 2ab", assume=["a > 0", "b > 0"])
    assert [latex for latex, _ in results] == ["(a + b)^2 = a^2 + 2ab + b^2",
                                               "a^2 + 2ab + b^2 \\ge 2ab"]
    assert results[0][1].verdict is sc.Verdict.PROVED


def test_render_and_export_formats():
    d = sc.derivation("tiny", [sc.step("sq", sympy.Eq((x + 1)**2, x**2 + 2*x + 1)),
                               sc.step("words", quote="That is all.")])
    outcomes = sc.check_derivation(d)
    assert outcomes["sq"].verdict is sc.Verdict.PROVED
    markdown = sc.render_derivation(d, outcomes, fmt="markdown")
    assert "sq" in markdown and "proved" in markdown
    latex = sc.render_derivation(d, outcomes, fmt="latex")
    assert r"\documentclass" in latex
    summary = json.loads(sc.render_derivation(d, outcomes, fmt="json"))
    assert summary["documents"][0]["steps"][0]["verdict"] == "proved"
    exported = sc.export_derivation(d, outcomes)
    assert r"\begin{align}" in exported and r"\label{tiny:sq}" in exported
    assert r"\label" in sc.export_derivation(d, status=False)
    with pytest.raises(ValueError, match="not a report format"):
        sc.render_derivation(d, outcomes, fmt="html")


def test_load_derivation_from_a_user_file(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("import sympy, symbolic as sc\nx = sc.symbols('x')\n"
                    "DERIVATION = sc.derivation('mine', [sc.step('a', (x + x, '=', 2*x))])\n")
    loaded = sc.load_derivation(str(path))
    assert loaded.id == "mine" and loaded.steps[0].claim.relation is sc.Relation.EQ


def test_import_symbolic_is_light():
    """``import symbolic`` must not load SymPy: the CLI's start-up time depends on it."""
    code = "import sys, symbolic; sys.exit(1 if 'sympy' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_public_names_resolve():
    for name in sc.__all__:
        assert getattr(sc, name) is not None, name


# --- the commands on a user's own files ----------------------------------------------------------

USER_PROOF = '''
import sympy
import symbolic as sc

x = sc.symbols("x", positive=True)
DERIVATION = sc.derivation("my-proof", [
    sc.step("square", sympy.Eq((x + 1)**2, x**2 + 2*x + 1)),
    sc.step("log", r"\\ln(x^2) = 2\\ln x", assume=["x > 0"]),
], title="My proof")
'''


def test_report_on_a_users_python_file(tmp_path, monkeypatch, capsys):
    from symbolic.cli import main
    monkeypatch.chdir(tmp_path)  # the cache folder lands here
    (tmp_path / "my_proof.py").write_text(USER_PROOF)
    assert main(["report", "my_proof.py", "--out", "out"]) == 0
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    (document,) = summary["documents"]
    assert document["id"] == "my-proof"
    assert {s["id"]: s["verdict"] for s in document["steps"]} == {"square": "proved", "log": "proved"}
    assert (tmp_path / "out" / "my-proof.md").is_file()


def test_check_on_a_users_tex_file(tmp_path, capsys):
    from symbolic.cli import main
    tex = tmp_path / "paper.tex"
    tex.write_text("\\documentclass{article}\n\\begin{document}\n"
                   "\\begin{align}\n(a + b)^2 &= a^2 + 2ab + b^2 \\\\\n &\\ge 2ab\n\\end{align}\n"
                   "\\end{document}\n")
    code = main(["check", str(tex), "--assume", "a > 0", "--assume", "b > 0", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0, result
    assert [link["verdict"] for link in result["links"]] == ["proved", "proved"]


ONLY_VERIFIED = r"\cos(\sin x) > 0.5"   # true (|sin x| <= 1 < pi/3); verified, not proved


def test_require_proved_raises_on_a_verified_claim():
    outcome = sc.check(ONLY_VERIFIED)
    assert outcome.verdict.value == "verified"
    with pytest.raises(sc.api.CheckFailed) as failure:
        sc.check(ONLY_VERIFIED, require="proved")
    assert failure.value.outcomes["claim"].verdict.value == "verified"
    assert failure.value.failing == ("claim",) and "require='proved'" in str(failure.value)
    assert sc.check("x + x = 2x", require="proved").verdict.value == "proved"


def test_require_on_a_derivation():
    x = sc.symbols("x")
    proof = sc.derivation("d", [sc.step("double", "x + x = 2x"), sc.step("bound", ONLY_VERIFIED),
                                sc.step("words", quote="prose makes no claim")])
    assert sc.check_derivation(proof, require="verified")["bound"].verdict.value == "verified"
    with pytest.raises(sc.api.CheckFailed) as failure:
        sc.check_derivation(proof, require="proved")
    assert failure.value.failing == ("bound",) and x is not None


def test_require_must_be_a_requirement():
    with pytest.raises(ValueError, match="require='sure'"):
        sc.check("x + x = 2x", require="sure")
