"""The commands of ``stepcheck``: one module per command, and what they share.

``symbolic/cli.py`` parses the command line and calls one ``run(args)`` per command;
``symbolic/api.py``, the pytest plugin and the language server call the same functions.

==========  ============================  =============================================
command     module                        what it does
==========  ============================  =============================================
check       ``commands/check.py``         check LaTeX claims, .tex/.md/.jsonl files, DOC:ID
report      ``commands/report.py``        check the encoded documents, write the reports
export      ``commands/export.py``        a document's steps as paper-ready LaTeX
list        ``commands/listing.py``       the documents, or one document's steps
serve       ``symbolic/server.py``        the language server (stdio)
==========  ============================  =============================================

Shared by all of them:

- ``ExitCode`` and ``exit_code`` (here): the one definition of the exit codes;
- ``commands/targets.py``: the one grammar ``DOC[:ID[,ID...]]`` and loading documents;
- ``commands/chain.py``: the one path that reads a LaTeX chain and checks its links, always
  in forked children under the hard limits of ``symbolic.budget``;
- ``commands/rendered.py``: the cache of rendered report files.
"""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:   # the model (and SymPy) load when a command runs, not for ``--help``
    from symbolic.model import Verdict


class ExitCode(enum.IntEnum):
    """What a ``stepcheck`` run ended with (``docs/cli.md`` lists these, tested against this)."""

    OK = 0            # check: every link proved or verified (--strict: proved); others: done
    FAILED = 1        # check: a link refuted; report --check: a stale file; report --pdf: pdflatex failed
    BAD_INPUT = 2     # a user error (one line on stderr), or no display of the input could be read
    UNDECIDED = 3     # check: no link refuted, some undecided (--strict: anything short of proved)
    INTERRUPTED = 130  # Ctrl-C


def exit_code(verdicts: Iterable[Verdict], *, strict: bool = False, unreadable: int = 0) -> ExitCode:
    """The exit code of checked links: FAILED if any is refuted, OK if all proved or verified
    (prose passes), UNDECIDED otherwise. With ``strict`` anything short of proved is
    undecided, an unreadable display included."""
    from symbolic.model import Verdict
    verdicts = list(verdicts)
    if any(v is Verdict.REFUTED for v in verdicts):
        return ExitCode.FAILED
    accepted = (Verdict.PROVED, Verdict.PROSE) if strict else (Verdict.PROVED, Verdict.VERIFIED,
                                                              Verdict.PROSE)
    if all(v in accepted for v in verdicts) and not (strict and unreadable):
        return ExitCode.OK
    return ExitCode.UNDECIDED


def __getattr__(name: str):
    # ``from symbolic.commands import check_input`` (the module of one command it once was)
    # keeps working for scripts and benchmarks; new code imports from ``commands.check``.
    if name.startswith("__"):      # dunder lookups (doctest, pickle) are not command names
        raise AttributeError(f"module 'symbolic.commands' has no attribute {name!r}")
    import importlib
    check = importlib.import_module("symbolic.commands.check")   # not ``from . import``: recursion
    if name in check.__all__ and name != "run":
        return getattr(check, name)
    raise AttributeError(f"module 'symbolic.commands' has no attribute {name!r}")
