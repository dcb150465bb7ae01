"""Notebook display: the formatters ``symbolic`` registers with IPython, and ``Checked``."""
import pytest
import sympy

import symbolic as sc

formatters = pytest.importorskip("IPython.core.formatters")

x = sympy.Symbol("x", positive=True)


@pytest.fixture
def shown():
    """Display an object as Jupyter would, through a formatter with stepcheck's registrations."""
    display = formatters.DisplayFormatter()
    sc.register_notebook_display(display.formatters)

    def show(obj) -> dict:
        data, _ = display.format(obj)
        return data
    return show


def test_notebook_display_shows_math_and_verdicts(shown):
    d = sc.derivation("nb", [sc.step("sq", sympy.Eq((x + 1)**2, x**2 + 2*x + 1)),
                             sc.step("words", quote="Done.")])
    refuted = sc.Outcome(sc.Verdict.REFUTED, (sc.Evidence("numeric", "lhs - rhs = 0.69 at x = 1"),),
                         counterexample=(("x", "1"),))
    step_latex = shown(d.steps[0])["text/latex"]
    assert step_latex.startswith("$$") and r"\left(x + 1\right)^{2}" in step_latex
    assert "**sq** (identity)" in shown(d.steps[0])["text/markdown"]
    assert "refuted" in shown(refuted)["text/latex"] and "x = 1" in shown(refuted)["text/latex"]
    assert "counterexample: $x = 1$" in shown(refuted)["text/markdown"]
    assert shown(d)["text/latex"].startswith(r"$$\begin{array}")
    checked = shown(sc.Checked(d, {"sq": refuted}))["text/markdown"]
    assert "**refuted**" in checked and "Done." in checked


def test_counterexample_values_are_spelled_as_in_the_reports(shown):
    outcome = sc.Outcome(sc.Verdict.REFUTED, (), counterexample=(("x[1]", "-3/2"), ("y", "1e-5"),
                                                                  ("odd name!", "?")))
    latex = shown(outcome)["text/latex"]
    assert r"x_{1} = -\frac{3}{2}" in latex and r"y = 1 \times 10^{-5}" in latex
    assert r"\text{odd name!} = \text{?}" in latex


def test_the_model_has_no_display_code_of_its_own():
    # display is registered from the package face; the data classes stay data
    for cls in (sc.Step, sc.Outcome, sc.Derivation):
        assert not hasattr(cls, "_repr_latex_") and not hasattr(cls, "_repr_markdown_")
