"""The command line end to end through ``main([...])``: verdicts, output, exit codes, bad input."""
import json

import pytest

from symbolic.cli import main

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
    assert result["format"] == 1 and result["verdict"] == "proved"
    link = result["links"][0]
    assert set(link) == {"latex", "relation", "lhs_latex", "rhs_latex", "verdict", "evidence",
                         "counterexample", "seconds", "file", "line", "assume"}
    assert link["file"] is None and link["line"] is None  # a claim given on the command line
    assert result["unreadable"] == [] and result["exit_code"] == 0
    assert result["summary"] == {"displays": 1, "links": 1, "proved": 1, "verified": 0,
                                 "refuted": 0, "undecided": 0, "unreadable": 0}
    assert link["lhs_latex"] and link["rhs_latex"] and link["relation"] == "="
    assert all(set(e) == {"method", "detail"} for e in link["evidence"])


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
    assert result["format"] == 1 and result["verdict"] == "error" and result["error"]


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("check", "report", "export", "list"):
        assert command in out
