"""The exit codes: one enum, the table of docs/cli.md equal to it, and the rule of ``check``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from symbolic.commands import ExitCode, exit_code
from symbolic.model import Verdict

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_the_documented_table_is_the_enum():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+) \| `([A-Z_]+)` \|", section, re.M)
    assert [(int(code), name) for code, name in rows] == [(c.value, c.name) for c in ExitCode]


def test_every_exit_code_the_docs_name_per_command_exists():
    text = DOCS.read_text(encoding="utf-8")
    for code, name in re.findall(r"^\| (\d+) `([A-Z_]+)` \|", text, re.M):
        assert ExitCode[name] == int(code)


@pytest.mark.parametrize("verdicts, strict, unreadable, expected", [
    ([Verdict.PROVED, Verdict.VERIFIED, Verdict.PROSE], False, 0, ExitCode.OK),
    ([Verdict.PROVED, Verdict.VERIFIED], True, 0, ExitCode.UNDECIDED),
    ([Verdict.PROVED], True, 1, ExitCode.UNDECIDED),
    ([Verdict.PROVED], False, 1, ExitCode.OK),
    ([Verdict.TIMEOUT, Verdict.REFUTED], False, 0, ExitCode.FAILED),
    ([Verdict.APPROXIMATE], False, 0, ExitCode.UNDECIDED),
    ([Verdict.ERROR], False, 0, ExitCode.UNDECIDED),
])
def test_exit_code_of_checked_links(verdicts, strict, unreadable, expected):
    assert exit_code(verdicts, strict=strict, unreadable=unreadable) is expected


def test_the_cli_defines_no_exit_codes_of_its_own():
    # the codes are defined once; the faces import them
    root = Path(__file__).resolve().parents[2] / "symbolic"
    for path in [root / "cli.py", *sorted((root / "commands").glob("*.py"))]:
        assert not re.search(r"^EXIT_[A-Z_]+\s*=|EXIT_OK", path.read_text(), re.M), path
