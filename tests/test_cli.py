"""The command line end to end through ``main([...])``: verdicts, output, exit codes, bad input."""
import json

import pytest

from symbolic.cli import main
from symbolic.model import JSON_FORMAT

FAST = ["--timeout", "20"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("claim, assume, verdict, code, reason", [
    (r"\ln(a^2 b) = 2\ln a + \ln b", ["a > 0", "b > 0"], "proved", 0, "log rules under positivity"),
    (r"\ln(a - b) = \ln a - \ln b", ["a > b", "b > 0"], "refuted", 1, "false for a=3, b=1"),
    (r"e^{\pi\sqrt{67}} = 147197952744", [], "refuted", 1, "the sides differ by about 1.3e-6"),
    (r"\ln(1 + x) \le x", ["x > -1"], "proved", 0, "convex difference with minimum 0 at x = 0"),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n", [r"n \in \mathbb{Z}_{>0}"], "proved", 0,
     "named rules: element <= max, monotone exp and log, sum <= n max"),
    (r"\frac{d}{dx}\tanh x = 1 + \tanh^2 x", [], "refuted", 1, "the derivative is 1 - tanh^2"),
])
def test_issue_examples(capsys, claim, assume, verdict, code, reason):
    argv = ["check", claim, "--json", *FAST]
    for a in assume:
        argv += ["--assume", a]
    exit_code, out, _ = run(capsys, *argv)
    result = json.loads(out)
    assert result["links"][0]["verdict"] == verdict, (reason, result)
    assert exit_code == code
    if verdict == "refuted":
        assert result["links"][0]["counterexample"], "a refutation carries its counterexample"


def test_text_output_shows_the_counterexample(capsys):
    code, out, _ = run(capsys, "check", r"\ln(a - b) = \ln a - \ln b", "--assume", "a > b",
                       "--assume", "b > 0", *FAST)
    assert code == 1
    assert "REFUTED" in out and "counterexample (certified)" in out


def test_every_link_of_a_chain_is_checked(capsys):
    code, out, _ = run(capsys, "check", r"(a+b)^2 = a^2 + 2ab + b^2 \ge 2ab + 2ab", "--json", *FAST)
    links = json.loads(out)["links"]
    assert [link["relation"] for link in links] == ["=", r"\ge"]
    assert links[0]["verdict"] in ("proved", "verified")
    assert links[1]["verdict"] in ("proved", "verified")  # a^2 + b^2 >= 2ab
    assert code == 0


def test_json_shape_is_the_contract(capsys):
    _, out, _ = run(capsys, "check", "x + x = 2x", "--json", *FAST)
    result = json.loads(out)
    assert result["format"] == JSON_FORMAT and result["verdict"] == "proved"
    link = result["links"][0]
    assert set(link) == {"latex", "relation", "lhs_latex", "rhs_latex", "verdict", "evidence",
                         "counterexample", "seconds", "table", "figures", "file", "line",
                         "assume", "notes"}
    assert link["file"] is None and link["line"] is None  # a claim given on the command line
    assert result["unreadable"] == [] and result["exit_code"] == 0
    assert result["summary"] == {"displays": 1, "links": 1, "proved": 1, "verified": 0,
                                 "refuted": 0, "undecided": 0, "unreadable": 0,
                                 "expressions": 0}
    assert link["lhs_latex"] and link["rhs_latex"] and link["relation"] == "="
    assert all(set(e) == {"method", "detail", "role"} for e in link["evidence"])
    assert [e["role"] for e in link["evidence"]][-1] == "decided"
    # the link's outcome is the one codec's encoding (seconds to the millisecond)
    from symbolic.model import Outcome
    outcome = {k: link[k] for k in ("verdict", "evidence", "counterexample", "seconds", "table",
                                    "figures")}
    assert Outcome.from_json(outcome).to_json() == outcome


def test_a_tex_file_is_checked_link_by_link(capsys, tmp_path):
    tex = tmp_path / "d.tex"
    tex.write_text(r"""\documentclass{article}\begin{document}
Some text $x$ here.
\begin{align}
(a+b)^2 &= a^2 + 2ab + b^2 \label{eq:one}\\
        &= b^2 + a^2 + 2ba
\end{align}
\begin{equation} e^{\pi\sqrt{67}} = 147197952744 \end{equation}
\end{document}""")
    code, out, _ = run(capsys, "check", str(tex), "--json", *FAST)
    links = json.loads(out)["links"]
    assert [link["verdict"] for link in links][:2] == ["proved", "proved"]
    assert links[-1]["verdict"] == "refuted"
    assert code == 1


def test_stdin(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("x + x = 2x"))
    code, out, _ = run(capsys, "check", "-", *FAST)
    assert code == 0 and "PROVED" in out


def test_runaway_input_is_a_timeout_not_a_refutation(capsys):
    code, out, _ = run(capsys, "check", "9^{9^{9^{9}}} = 1", "--json", "--timeout", "2")
    assert code == 3
    assert json.loads(out)["links"][0]["verdict"] == "timeout"


@pytest.mark.parametrize("argv, fragment", [
    (["check", r"\frac{1}{"], "cannot read"),
    (["check", ""], "empty"),
    (["check", "x +"], ""),
    (["check", "x = 1", "--dps", "zero"], "dps"),
    (["check", "x = 1", "--timeout", "-1"], "timeout"),
    (["check", "x = 1", "--bogus"], "unrecognized"),
    (["check", "missing.tex"], "no such file"),
    (["check", "missing.md"], "no such file"),
    (["check", "claims.jsonl"], "no such file"),
    (["check", "nosuchdoc:X-1"], "unknown document"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert fragment in lines[0]


def test_bad_input_with_json_is_a_json_error(capsys):
    code, out, err = run(capsys, "check", r"\frac{1}{", "--json")
    assert code == 2
    result = json.loads(out)
    assert result["format"] == JSON_FORMAT and result["verdict"] == "error" and result["error"]


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("check", "report", "export", "list"):
        assert command in out


# --- documents, batches and the options of `check` ------------------------------------------

import io  # noqa: E402
from pathlib import Path  # noqa: E402

from symbolic.errors import ParseError  # noqa: E402

PAPER = Path(__file__).parent / "latex" / "fixtures" / "paper.tex"
VERIFIED_ONLY = r"\cos(\sin x) > 0.5"   # true (|sin x| <= 1 < pi/3); numerics verify it, no proof


def strip_seconds(result):
    for link in result["links"]:
        link.pop("seconds")
    return result


def test_a_document_lists_every_display_with_its_line(capsys):
    code, out, err = run(capsys, "check", str(PAPER), "--json", *FAST)
    result = json.loads(out)
    links = {(link["line"], link["latex"]): link for link in result["links"]}
    assert all(link["file"] == str(PAPER) for link in result["links"])
    # \label and \tag in the display: dropped, the identity proved on its own line
    assert links[(11, "{ a+b }^2 = a^2 + 2ab + b^2")]["verdict"] == "proved"
    # an align whose second row continues the chain: two links, each on its own row's line
    assert links[(15, "(a+b)^2 = a^2 + 2ab + b^2")]["verdict"] == "proved"
    assert links[(16, r"a^2 + 2ab + b^2 \ge 4ab")]["verdict"] == "proved"
    # \text{for } x > 0 is the display's assumption, and the JSON says so
    log = links[(19, r"\ln(x^2) = 2\ln x")]
    assert log["assume"] == ["x > 0"] and log["verdict"] == "proved"
    # unreadable displays are listed with line and reason, the rest of the file still checked
    unreadable = {bad["line"]: bad for bad in result["unreadable"]}
    assert set(unreadable) == {22, 25}
    assert "recursive" in unreadable[22]["error"] and "prose" in unreadable[25]["error"]
    assert all(bad["file"] == str(PAPER) for bad in result["unreadable"])
    assert result["summary"]["displays"] == 8 and result["summary"]["unreadable"] == 2
    assert result["summary"]["links"] == len(result["links"]) == 10
    assert code == 1 and result["exit_code"] == 1   # `a = b` of the two-column align is false
    assert "[" not in err   # 9 claims, stderr not a terminal: no progress lines


def test_text_output_of_a_document(capsys):
    code, out, err = run(capsys, "check", str(PAPER), *FAST)
    assert f"{PAPER}:22: UNREADABLE" in out and f"{PAPER}:25: UNREADABLE" in out
    assert f"{PAPER}:19: PROVED" in out and "assuming (stated in the display): x > 0" in out
    assert out.strip().splitlines()[-1] == \
        "8 displays, 10 links: 5 proved, 0 verified, 4 refuted, 1 undecided; 2 unreadable"
    assert code == 1


def test_jobs_keep_the_order_and_the_results(capsys):
    _, one, _ = run(capsys, "check", str(PAPER), "--json", *FAST)
    _, two, err = run(capsys, "check", str(PAPER), "--json", "--jobs", "2", *FAST)
    assert strip_seconds(json.loads(one)) == strip_seconds(json.loads(two))


def test_a_file_with_no_readable_display_exits_2(capsys, tmp_path):
    tex = tmp_path / "bad.tex"
    tex.write_text("\\begin{equation}\n x = 1 \\quad \\text{at the optimum}\n\\end{equation}\n"
                   "$$ \\frac{1}{ = 2 $$\n")
    code, out, err = run(capsys, "check", str(tex), *FAST)
    assert code == 2
    assert f"{tex}:2: UNREADABLE" in out and f"{tex}:4: UNREADABLE" in out
    assert err.strip().splitlines()[-1] == "stepcheck: error: no display could be read (2 unreadable)"


def test_a_file_without_displays_is_said_so(capsys, tmp_path):
    tex = tmp_path / "prose.tex"
    tex.write_text("Only words and $x = 1$ inline.")
    code, out, err = run(capsys, "check", str(tex), *FAST)
    assert code == 2 and "no display" in out


def test_several_files_and_markdown(capsys, tmp_path):
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\n$$\nx + x = 2x\n$$\n\n```math\n\\ln(a - b) = \\ln a - \\ln b\n```\n")
    tex = tmp_path / "one.tex"
    tex.write_text("\\[ (a+b)^2 = a^2 + 2ab + b^2 \\]")
    code, out, _ = run(capsys, "check", str(tex), str(md), "--json", *FAST)
    result = json.loads(out)
    assert [(link["file"], link["line"], link["verdict"]) for link in result["links"]] == [
        (str(tex), 1, "proved"), (str(md), 4, "proved"), (str(md), 8, "refuted")]
    assert result["summary"]["displays"] == 3 and code == 1


def test_stdin_document(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(
        "\\documentclass{article}\\begin{document}\n\\begin{equation}\n x + x = 2x\n"
        "\\end{equation}\n\\end{document}\n"))
    code, out, _ = run(capsys, "check", "-", "--json", *FAST)
    link = json.loads(out)["links"][0]
    assert (link["file"], link["line"], link["verdict"]) == ("<stdin>", 3, "proved") and code == 0


def test_stdin_lines_are_one_relation_each(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("x + x = 2x\n\n\\frac{1}{\ny \\cdot 1 = y\n"))
    code, out, _ = run(capsys, "check", "-", "--json", *FAST)
    result = json.loads(out)
    assert [(link["line"], link["verdict"]) for link in result["links"]] == [(1, "proved"),
                                                                           (4, "proved")]
    assert [bad["line"] for bad in result["unreadable"]] == [3]
    assert code == 0   # an unreadable line is listed; exit 2 only when nothing could be read


def test_strict_wants_proofs(capsys):
    code, out, _ = run(capsys, "check", VERIFIED_ONLY, "--json", *FAST)
    assert json.loads(out)["links"][0]["verdict"] == "verified" and code == 0
    code, out, _ = run(capsys, "check", VERIFIED_ONLY, "--json", "--strict", *FAST)
    assert code == 3 and json.loads(out)["exit_code"] == 3
    code, _, _ = run(capsys, "check", "x + x = 2x", "--strict", *FAST)
    assert code == 0


def test_a_justification_is_left_out_and_said(capsys, tmp_path):
    tex = tmp_path / "j.tex"
    tex.write_text("\\begin{align}\n(a+b)^2 &= a^2 + 2ab + b^2 && \\text{by expanding}\n\\end{align}\n")
    code, out, _ = run(capsys, "check", str(tex), *FAST)
    assert f"{tex}:2: PROVED" in out
    assert 'note: left out the justification "\\text{by expanding}"' in out and code == 0


def test_strict_counts_an_unreadable_display(capsys, tmp_path):
    tex = tmp_path / "d.tex"
    tex.write_text("$$ x + x = 2x $$\n$$ y = 1 \\text{ at the optimum} $$\n")
    assert run(capsys, "check", str(tex), *FAST)[0] == 0
    assert run(capsys, "check", str(tex), "--strict", *FAST)[0] == 3


def test_jsonl_claims_in_and_jsonl_results_out(capsys, tmp_path):
    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join([
        json.dumps({"latex": r"\ln(a^2 b) = 2\ln a + \ln b", "assume": ["a > 0", "b > 0"]}),
        json.dumps({"latex": r"\ln(a - b) = \ln a - \ln b", "assume": ["a > b", "b > 0"]}),
        "{not json",
        json.dumps({"assume": []}),
        json.dumps({"latex": "x + x = 2x", "id": "ignored"}),
        json.dumps({"latex": r"e^{i\pi} = -1", "imaginary_unit": True}),
    ]) + "\n")
    output = tmp_path / "out.jsonl"
    code, out, _ = run(capsys, "check", str(claims), "--output", str(output), *FAST)
    rows = [json.loads(line) for line in output.read_text().splitlines()]
    assert [(r["line"], r["verdict"]) for r in rows] == [
        (1, "proved"), (2, "refuted"), (3, "unreadable"), (4, "unreadable"), (5, "proved"),
        (6, "proved")]   # the line's own imaginary_unit: i is the imaginary unit there
    assert all(r["file"] == str(claims) for r in rows)
    assert rows[0]["claim"] == r"\ln(a^2 b) = 2\ln a + \ln b" and rows[0]["evidence"]
    assert rows[1]["counterexample"] and "not JSON" in rows[2]["error"]
    assert "latex" in rows[3]["error"]
    assert code == 1 and "6 displays, 4 links" in out


def test_output_to_an_unwritable_place_is_bad_input(capsys, tmp_path):
    code, _, err = run(capsys, "check", "x + x = 2x", "--output", str(tmp_path / "no" / "x.jsonl"))
    assert code == 2 and "cannot write --output" in err


def _fake_reader(latex, *, assumptions=(), imaginary_unit=False, functions=()):
    raise ParseError(f"fake reader saw functions={list(functions)}")


def _old_reader(latex, *, assumptions=(), imaginary_unit=False):
    raise AssertionError("never called: --function is refused before reading")


def _guarded(fn):
    def wrapper(*args, **kwargs):   # a decorator that hides the signature, as a guard might
        return fn(*args, **kwargs)
    return wrapper


def test_accepts_keyword_looks_through_wrappers():
    from symbolic.commands.chain import accepts_keyword as _accepts_keyword
    assert _accepts_keyword(_fake_reader, "functions")
    assert not _accepts_keyword(_old_reader, "functions")
    assert _accepts_keyword(_guarded(_fake_reader), "functions")
    assert not _accepts_keyword(_guarded(_old_reader), "functions")


def test_function_reaches_the_reader(capsys, monkeypatch):
    monkeypatch.setattr("symbolic.latex.parse_chain", _fake_reader)
    code, _, err = run(capsys, "check", "f(x) = g(x)", "--function", "f", "--function", "g")
    assert code == 2 and "functions=['f', 'g']" in err


def test_function_with_a_reader_that_cannot_take_it_is_bad_input(capsys, monkeypatch):
    monkeypatch.setattr("symbolic.latex.parse_chain", _old_reader)
    code, _, err = run(capsys, "check", "f(x) = 1", "--function", "f")
    assert code == 2 and "--function" in err and len(err.strip().splitlines()) == 1


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_on_a_terminal_and_in_a_log():
    from symbolic.commands.chain import Item
    from symbolic.commands.check import Progress as _Progress
    terminal = _Terminal()
    progress = _Progress(terminal)
    for done in range(1, 4):
        progress(done, 3, Item("a = b", "paper.tex", 10 * done))
    progress.close()
    assert terminal.getvalue().count("\r") == 4 and "[3/3] paper.tex:30" in terminal.getvalue()
    log = io.StringIO()
    progress = _Progress(log)
    for done in range(1, 400):
        progress(done, 399, Item("a = b", "paper.tex", done))
    lines = log.getvalue().splitlines()
    assert 15 <= len(lines) <= 25 and lines[-1] == "[399/399] paper.tex:399"
    short = io.StringIO()
    for done in range(1, 10):
        _Progress(short)(done, 9, Item("a = b", "paper.tex", done))
    assert short.getvalue() == ""   # a short run's stderr stays the error line alone


def test_progress_goes_to_a_terminal_unless_quiet(capsys, monkeypatch, tmp_path):
    tex = tmp_path / "two.tex"
    tex.write_text("$$ x + x = 2x $$\n$$ y y = y^2 $$\n")
    for quiet, expected in ((False, "[2/2] "), (True, "")):
        terminal = _Terminal()
        monkeypatch.setattr("sys.stderr", terminal)
        code = main(["check", str(tex), *(["--quiet"] if quiet else []), *FAST])
        assert code == 0
        assert (expected in terminal.getvalue()) if expected else terminal.getvalue() == ""
    assert "[" not in capsys.readouterr().out   # never on stdout


def test_docs_name_every_option_and_command():
    import argparse
    from symbolic.cli import build_parser
    docs = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text()
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        assert f"stepcheck {name}" in docs, name
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert option in docs, (name, option)
    for code in ("0", "1", "2", "3"):
        assert f"| {code} |" in docs


def test_where_defined_reads_an_equation_where_both_sides_are_defined(capsys):
    # tan(u+v) = (tan u + tan v)/(1 - tan u tan v): at cos u = 0 the left side has a value and
    # the right side none; by default that is not proved, with --where-defined it is, and the
    # evidence names the points left out
    claim = r"\tan(u+v) = \frac{\tan u + \tan v}{1 - \tan u \tan v}"
    code, out, _ = run(capsys, "check", claim, "--assume", r"u, v \in \mathbb{C}", "--json")
    assert json.loads(out)["links"][0]["verdict"] != "proved"
    code, out, _ = run(capsys, "check", claim, "--assume", r"u, v \in \mathbb{C}", "--json",
                    "--where-defined")
    link = json.loads(out)["links"][0]
    assert code == 0 and link["verdict"] == "proved"
    assert any("where the right side is undefined" in e["detail"] for e in link["evidence"])
