"""The pytest plugin, tested end to end with ``pytester``: what a user's test file sees."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

# In-process pytester runs restore sys.modules afterwards: import what the inner test files
# use here, so every run shares one SymPy (classes from two copies never compare equal).
import sympy  # noqa: F401
import symbolic.api  # noqa: F401

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent


def _plugin_args() -> tuple[str, ...]:
    # Installed (pip install -e .), pytest loads the plugin through its entry point; from a
    # bare checkout it must be named, and naming it twice would be an error.
    installed = any(ep.value == "symbolic.pytest_plugin" for ep in entry_points(group="pytest11"))
    return () if installed else ("-p", "symbolic.pytest_plugin")


HEADER = '''
import sympy
import symbolic as sc
from symbolic.pytest_plugin import assert_derivation_checks

a, b, x = sc.symbols("a b x")
f, g = sympy.Function("f"), sympy.Function("g")
'''


def test_entry_point_is_declared():
    """pyproject registers the plugin under pytest11 as ``stepcheck``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["pytest11"] == {"stepcheck": "symbolic.pytest_plugin"}


def test_passing_derivation_passes(pytester):
    pytester.makepyfile(HEADER + '''
D = sc.derivation("ok", [
    sc.step("square", sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False)),
    sc.step("words", quote="so the square expands"),
])

def test_helper():
    outcomes = assert_derivation_checks(D)
    assert outcomes["square"].verdict.value == "proved"

def test_fixture(stepcheck):
    stepcheck.assert_checks(D)
    stepcheck.assert_claim(sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False))
''')
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(passed=2)


def test_refuted_step_fails_with_counterexample(pytester):
    pytester.makepyfile(HEADER + '''
D = sc.derivation("bad", [
    sc.step("fine", sympy.Eq((a + b)**2, a**2 + 2*a*b + b**2, evaluate=False)),
    sc.step("log-diff", sympy.Eq(sympy.log(a - b), sympy.log(a) - sympy.log(b)),
            assume=[a > b, b > 0]),
])

def test_it():
    assert_derivation_checks(D, allow_undecided=True)
''')
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    assert "DerivationCheckFailed" in text
    assert "step log-diff: REFUTED" in text
    assert "counterexample (certified): a = " in text  # the certified point, named
    assert r"claim: \ln\left(a - b\right) = " in text  # the step's LaTeX
    assert "assuming: a > b, b > 0" in text
    assert "step fine" not in text  # a proved step is not blamed


def test_undecided_step_fails_unless_allowed(pytester):
    pytester.makepyfile(HEADER + '''
D = sc.derivation("open", [sc.step("unknown-functions", sympy.Le(f(x), g(x)))])

def test_strict():
    assert_derivation_checks(D)

def test_allowed():
    outcomes = assert_derivation_checks(D, allow_undecided=True)
    assert outcomes["unknown-functions"].verdict.value in ("inconclusive", "timeout")

def test_fixture_strict(stepcheck):
    stepcheck.assert_claim(sympy.Le(f(x), g(x)))
''')
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(passed=1, failed=2)
    text = result.stdout.str()
    assert "step unknown-functions: INCONCLUSIVE" in text
    assert re.search(r"claim: f.*x.* \\le g.*x", text)  # the step's LaTeX
    assert "allow_undecided=True" in text
    assert "inequality_sign:" in text  # the evidence: what was tried


def test_plugin_import_is_light():
    """Loading the plugin must not import SymPy: runs that never check pay nothing."""
    code = ("import sys, symbolic.pytest_plugin; "
            "heavy = [m for m in ('sympy', 'mpmath', 'latex2sympy2_extended') if m in sys.modules]; "
            "print(heavy); sys.exit(1 if heavy else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_unrelated_test_run_is_unaffected(pytester):
    pytester.makepyfile("def test_plain():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(passed=1)


def test_require_proved_fails_a_verified_step(pytester):
    pytester.makepyfile(HEADER + r'''
import pytest

# true (|sin x| <= 1 < pi/3), verified by numerics, no symbolic proof
ONLY_VERIFIED = r"\cos(\sin x) > 0.5"
D = sc.derivation("mixed", [
    sc.step("square", sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False)),
    sc.step("bound", ONLY_VERIFIED),
])

def test_default_accepts_verified():
    outcomes = assert_derivation_checks(D)
    assert outcomes["bound"].verdict.value == "verified"

def test_require_proved():
    assert_derivation_checks(D, require="proved")

def test_fixture_require_proved(stepcheck):
    stepcheck.assert_claim(ONLY_VERIFIED, require="proved")

def test_fixture_require_proved_passes_a_proof(stepcheck):
    stepcheck.assert_claim(sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False), require="proved")

def test_contradicting_options():
    with pytest.raises(ValueError, match="contradict"):
        assert_derivation_checks(D, require="proved", allow_undecided=True)
''')
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(passed=3, failed=2)
    text = result.stdout.str()
    assert "step bound: VERIFIED" in text
    assert "require='proved': verified falls short" in text
    assert "step square" not in text


def test_a_target_string_checks_those_steps_and_what_they_rest_on():
    # the target grammar of the command line: a .py file and step ids
    from symbolic.errors import UsageError
    from symbolic.model import Verdict
    from symbolic.pytest_plugin import DerivationCheckFailed, assert_derivation_checks
    sample = ROOT / "tests" / "render" / "sample_doc.py"
    outcomes = assert_derivation_checks(f"{sample}:A2")
    assert list(outcomes) == ["A1", "A2"] and outcomes["A2"].verdict is Verdict.PROVED
    with pytest.raises(DerivationCheckFailed, match="B1: REFUTED"):
        assert_derivation_checks(f"{sample}:B1")
    with pytest.raises(UsageError):
        assert_derivation_checks(f"{sample}:")
