"""Hostile input: nothing is evaluated, read or executed, and no input outlives its budget.

Every string goes through the command line (``symbolic.cli.main``) as a user would type it;
each must end as bad input (exit 2, one line on stderr) or be read as ordinary symbols
(exit 0, 1 or 3), never run code, read a file or print a traceback.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from symbolic.cli import main

TIMEOUT = "3"
# Hard limit of a check: the budget plus check_step_limited's grace (2 s + 10%), reading
# under its own budget, and process start-up: generous, but a hang would far exceed it.
WALL_LIMIT_S = 3 * 3.0 + 2.3 + 5.0


def _passwd_line() -> str:
    """A line of /etc/passwd that must never reach our output."""
    try:
        return Path("/etc/passwd").read_text().splitlines()[0]
    except (OSError, IndexError):
        return "root:x:0:0:"


def _run(capsys, *argv: str) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    code = main(["check", *argv])
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    return code, out, err, elapsed


def _assert_harmless(code: int, out: str, err: str, marker: Path) -> None:
    assert code in (0, 1, 2, 3), code
    assert not marker.exists(), f"{marker} was created: input was executed"
    passwd = _passwd_line()
    assert passwd not in out and passwd not in err, "/etc/passwd was read into the output"
    assert "Traceback" not in out + err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err  # one line naming the problem


HOSTILE = [
    # (template, why it is dangerous) -- {marker} is a file the attack would create
    ("__import__('os').system('touch {marker}')", "Python code in an eval-ing reader"),
    ("__import__('os').system('touch {marker}') = 0", "the same as a claim"),
    ("eval(\"__import__('os').system('touch {marker}')\") = 0", "eval of a string"),
    ("exec('import os; os.system(\"touch {marker}\")') = 0", "exec"),
    ("(lambda: __import__('os').system('touch {marker}'))() = 0", "a lambda"),
    ("().__class__.__base__.__subclasses__() = 0", "sandbox escape through the MRO"),
    ("open('/etc/passwd').read() = 0", "reading a file as Python"),
    (r"\input{/etc/passwd}", "TeX file inclusion"),
    (r"\input{/etc/passwd} = 1", "TeX file inclusion in a claim"),
    (r"\include{/etc/passwd} = x", "TeX include"),
    (r"\verbatiminput{/etc/passwd} = x", "verbatim file inclusion"),
    (r"\openin1=/etc/passwd \read1 to \x \x = 1", "TeX file reading"),
    (r"\def\x{1} \x = 1", "TeX macro definition"),
    (r"\newcommand{\x}{1} \x = 1", "LaTeX macro definition"),
    (r"\csname x\endcsname = 1", "TeX control sequence by name"),
    (r"\catcode`\@=11 x = 1", "catcode change"),
    (r"\immediate\write18{touch {marker}} x = 1", "TeX shell escape"),
    ("$(touch {marker}) = 1", "shell command substitution"),
    ("`touch {marker}` = 1", "shell backticks"),
    ("x = 1; touch {marker}", "shell command separator"),
    ("x = 1 && touch {marker}", "shell and-list"),
    ("x = 1 | touch {marker}", "shell pipe"),
    ("x = 1 > {marker}", "shell redirection"),
    ("{{{{7*7}}}} = 49", "template injection"),
    (r"\text{$(touch {marker})} = 1", "shell inside text"),
    ("x = 1\n\\input{{/etc/passwd}}", "a second line with an inclusion"),
]


@pytest.mark.parametrize("template, why", HOSTILE, ids=[w for _, w in HOSTILE])
def test_hostile_claim_is_not_executed(template, why, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a relative write would land here, where we look
    marker = tmp_path / "pwned"
    text = template.replace("{marker}", str(marker)).replace("{{", "{").replace("}}", "}")
    code, out, err, elapsed = _run(capsys, text, "--timeout", TIMEOUT)
    _assert_harmless(code, out, err, marker)
    assert elapsed < WALL_LIMIT_S


@pytest.mark.parametrize("assumption", [
    "__import__('os').system('touch {marker}')",
    r"\input{/etc/passwd}",
    "$(touch {marker})",
    "x > 0; touch {marker}",
])
def test_hostile_assumption_is_not_executed(assumption, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "pwned"
    code, out, err, _ = _run(capsys, "x = x", "--assume", assumption.replace("{marker}", str(marker)),
                             "--timeout", TIMEOUT)
    _assert_harmless(code, out, err, marker)


def test_hostile_tex_file_is_read_as_text(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "pwned"
    tex = tmp_path / "attack.tex"
    tex.write_text("\\input{/etc/passwd}\n\\immediate\\write18{touch %s}\n"
                   "\\begin{equation}\\input{/etc/passwd} = x\\end{equation}\n"
                   "$$ __import__('os').system('touch %s') = 0 $$\n" % (marker, marker))
    code, out, err, _ = _run(capsys, str(tex), "--timeout", TIMEOUT)
    _assert_harmless(code, out, err, marker)


def test_hostile_stdin(tmp_path, capsys, monkeypatch):
    import io
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "pwned"
    monkeypatch.setattr("sys.stdin", io.StringIO("__import__('os').system('touch %s') = 0" % marker))
    code, out, err, _ = _run(capsys, "-", "--timeout", TIMEOUT)
    _assert_harmless(code, out, err, marker)


@pytest.mark.parametrize("text", [
    "__import__('os').system('touch /tmp/x')",
    r"\input{/etc/passwd} = 1",
    r"\def\x{1} \x = 1",
    r"\csname x\endcsname = 1",
    "$(touch /tmp/x) = 1",
])
def test_reader_gives_parse_error_or_plain_symbols(text):
    """The reader itself: a ParseError, or a claim made of ordinary symbols and arithmetic."""
    import sympy
    from symbolic.errors import ParseError
    from symbolic.latex import parse_chain
    try:
        parsed = parse_chain(text)
    except ParseError:
        return
    for link in parsed.links:
        for side in (link.claim.lhs, link.claim.rhs):
            # no function of the input's choosing, such as system or open, is ever built
            names = {type(f).__name__ for f in side.atoms(sympy.Function)}
            assert not names & {"system", "open", "read", "eval", "exec", "__import__", "input"}


# --- budgets --------------------------------------------------------------------------------

PATHOLOGICAL = [
    ("9^{9^{9^{9}}} = 1", (1, 2, 3), "a power tower: exact evaluation would never end"),
    ("{" * 3000 + "x" + "}" * 3000 + " = x", (0, 2, 3), "thousands of nested braces"),
    (r"\sqrt{" * 1500 + "x" + "}" * 1500 + " = x", (0, 1, 2, 3), "deeply nested roots"),
    ("x" + " + x" * 300_000 + " = 0", (2,), "a megabyte of text"),
    (r"\sin^{12}(x + y + z) = (\sin x \cos y \cos z + \cos x \sin y \cos z + \cos x \cos y \sin z"
     r" - \sin x \sin y \sin z)^{12}", (0, 3), "a trigsimp blow-up (true identity)"),
    (r"(x + 1)^{100000} = x^{100000} + 1", (1, 3), "an expansion blow-up (false for x = 1)"),
    (r"\frac{" * 600 + "1" + "}{2}" * 600 + " = 0", (1, 2, 3), "a tower of fractions"),
]


@pytest.mark.slow
@pytest.mark.parametrize("text, codes, why", PATHOLOGICAL, ids=[w for *_, w in PATHOLOGICAL])
def test_pathological_input_ends_within_budget(text, codes, why, capsys):
    code, out, err, elapsed = _run(capsys, text, "--timeout", TIMEOUT)
    assert elapsed < WALL_LIMIT_S, f"{why}: took {elapsed:.1f} s"
    assert code in codes, f"{why}: exit {code}\n{out[-500:]}\n{err[-500:]}"
    assert "Traceback" not in out + err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err


def test_megabyte_on_stdin_is_refused_quickly(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("x + " * 262_144 + "x = 0"))
    code, out, err, elapsed = _run(capsys, "-", "--timeout", TIMEOUT)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert elapsed < 5


def test_memory_ceiling_is_enforced():
    """A computation that grabs memory beyond the ceiling is stopped, not left to swap."""
    from symbolic.budget import run_limited

    def hog():
        blocks = []
        for _ in range(64):
            blocks.append(bytearray(64 * 1024 * 1024))  # 4 GB in all, far above the ceiling
        return len(blocks)

    start = time.perf_counter()
    result = run_limited(hog, timeout_s=20, memory_mb=400)
    assert result.status == "memory", result
    assert time.perf_counter() - start < 10


@pytest.mark.slow
def test_runaway_step_ends_as_timeout_and_others_keep_their_results():
    """A report never loses the steps that finished because another one ran away."""
    import sympy
    import symbolic as sc
    from symbolic.runner import check_derivation

    x = sc.symbols("x")
    tower = sympy.Pow(9, sympy.Pow(9, sympy.Pow(9, 9, evaluate=False), evaluate=False),
                      evaluate=False)
    derivation = sc.derivation("budget", [
        sc.step("fine", sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False)),
        sc.step("runaway", (sympy.expand((x + 1)**3) * tower, "=", tower * (x + 1)**3 + 1)),
        sc.step("after", sympy.Eq((x - 1)**2, x**2 - 2*x + 1, evaluate=False)),
    ])
    config = sc.CheckConfig(timeout_s=2.0, memory_mb=600)
    start = time.perf_counter()
    outcomes = check_derivation(derivation, config=config)
    assert time.perf_counter() - start < 30
    assert outcomes["fine"].verdict is sc.Verdict.PROVED
    assert outcomes["after"].verdict is sc.Verdict.PROVED
    # false (the sides differ by 1), but no budget-bound check may call it anything it cannot show
    assert outcomes["runaway"].verdict in (sc.Verdict.TIMEOUT, sc.Verdict.REFUTED,
                                           sc.Verdict.INCONCLUSIVE)
