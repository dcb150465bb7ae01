"""The ``stepcheck`` command line: parse the arguments and run one command of
``symbolic.commands`` (check, report, export, list; serve is ``symbolic.server``).

The exit codes are ``commands.ExitCode`` (docs/cli.md lists them). Every user error is a
``StepcheckError``: one line on stderr, exit 2; a bug keeps its traceback.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from typing import Sequence

from symbolic.errors import StepcheckError, UsageError

# command -> (module of symbolic.commands, or the server), each with ``run(args) -> ExitCode``
COMMANDS = {"check": "symbolic.commands.check", "report": "symbolic.commands.report",
            "export": "symbolic.commands.export", "list": "symbolic.commands.listing",
            "serve": "symbolic.server"}


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line and exit code 2."""

    def error(self, message):
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stepcheck", description=(
        "Check each step of a mathematical derivation: proved, verified, refuted (with a "
        "certified counterexample), approximate or inconclusive."))
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = sub.add_parser("check", help="check LaTeX claims, .tex/.md documents, a .jsonl of claims, "
                                         "or DOC:ID",
                           description="Check every link of a LaTeX relation chain (a = b \\le c), "
                           "every display of .tex/.md files (with its line), every claim of a .jsonl "
                           "file, '-' for stdin, or encoded steps DOC:ID[,ID...]. Exit 0 all proved/verified "
                           "(proved with --strict), 1 a link refuted, 3 undecided, 2 bad input (or no "
                           "display could be read).")
    check.add_argument("step", metavar="STEP", nargs="+",
                       help="LaTeX, '-', a .tex/.md/.jsonl path, or DOC:ID[,ID...] (several allowed)")
    check.add_argument("--assume", action="append", default=[], metavar="A",
                       help="an assumption in LaTeX, e.g. 'x > 0' or 'n \\in \\mathbb{Z}_{>0}' "
                            "(repeatable; applies to every claim)")
    check.add_argument("--function", action="append", default=[], metavar="NAME",
                       help="read NAME followed by a bracket as a function, e.g. --function f "
                            "(repeatable)")
    check.add_argument("--json", action="store_true", help="print the result as JSON (docs/cli.md)")
    check.add_argument("--output", metavar="FILE",
                       help="also write one JSON result per line (JSONL) to FILE")
    check.add_argument("--strict", action="store_true",
                       help="anything short of proved (verified, undecided, unreadable) exits 3")
    check.add_argument("--jobs", type=_positive_int, default=1, metavar="N",
                       help="check N claims at once (output order stays the input order)")
    check.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    check.add_argument("--dps", type=_positive_int, default=50, help="working precision in digits (default 50)")
    check.add_argument("--samples", type=_positive_int, default=60, help="random points per link (default 60)")
    check.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    check.add_argument("--timeout", type=_positive_float, default=30.0, metavar="S",
                       help="budget per link in CPU seconds (default 30; hard wall-clock limit 2S + 2 s)")
    check.add_argument("--imaginary-unit", action="store_true",
                       help="kept for compatibility, changes nothing: i is the imaginary unit unless the "
                            "claim uses it as an index (a subscript, a bound of a sum), and the "
                            "verdict notes which")
    check.add_argument("--where-defined", action="store_true",
                       help="read each equation only where both sides are defined, as a table of "
                            "identities states them (the DLMF): a point where one side is "
                            "undefined is left out, never a counterexample; the evidence names "
                            "the points left out (docs/verdicts.md)")
    check.add_argument("--scheduler", metavar="ADDRESS", default=os.environ.get("STEPCHECK_SCHEDULER"),
                       help="check on this Dask scheduler (env STEPCHECK_SCHEDULER; needs the dask extra)")
    sub.add_parser("serve", help="run the language server on stdio (docs/editor.md; needs the lsp extra)")

    report = sub.add_parser("report", help="re-check the encoded documents and write the reports",
                            description="Re-check documents (default: all) and write <doc>.tex, "
                            "<doc>.md, summary.json and README.md into DIR. Exit 0 when written, "
                            "whatever the verdicts.")
    report.add_argument("docs", nargs="*", metavar="DOC", help="document ids or paths of .py files")
    report.add_argument("--out", default="reports", metavar="DIR", help="output folder (default reports/)")
    report.add_argument("--check", action="store_true", help="exit 1 naming every stale report file")
    report.add_argument("--jobs", type=_positive_int, default=1, metavar="N", help="parallel processes")
    report.add_argument("--no-cache", action="store_true", help="re-check every step")
    report.add_argument("--pdf", action="store_true", help="also run pdflatex on each .tex report")

    export = sub.add_parser("export", help="print paper-ready LaTeX of a document's steps",
                            description="Print the steps of DOC (all, or only DOC:ID,ID in that order) "
                                        "as align blocks, one per chain, each row with "
                                        "\\label{DOC:ID}. The first lines name the packages needed "
                                        "(amsmath, amssymb; xcolor for status marks). With status "
                                        "marks (the default) the document is checked first.")
    export.add_argument("target", metavar="DOC[:ID[,ID...]]",
                        help="a document id (see 'stepcheck list') or a .py file, optionally with step ids")
    export.add_argument("--no-status", action="store_true", help="no status marks (camera-ready)")
    export.add_argument("-o", dest="output", metavar="FILE", help="write to FILE instead of stdout")

    lister = sub.add_parser("list", help="list documents, or the steps of one with verdicts")
    lister.add_argument("doc", nargs="?", metavar="DOC")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number of seconds")
    return value


def _version() -> str:
    from symbolic import __version__
    return f"stepcheck {__version__}"


def _prepare_checking() -> None:
    """Start-up of ``check`` in this process: what every forked child needs, imported once
    before the first fork.

    Each claim is read in one forked child and checked in another (``commands.chain``). SymPy
    imports ``sympy.tensor.tensor`` (with ``sympy.combinatorics``, about 0.05 s of CPU) on the
    first sum it builds, so without this both children and this process each imported it.
    The checker families are not all imported here: the child that checks a claim imports
    those the pipeline reaches (``symbolic.checks._pipeline``), and a run of several claims
    imports them all once in this process before its second check (``check_step_limited``).
    But what checking a simple identity needs (``_import_first_checkers``) is imported while
    the first child reads the claim (``budget.while_waiting``): on a second core that costs no
    wall time, and the checking child, forked after, no longer imports it on the way to the
    answer.
    """
    import sympy.tensor.tensor  # noqa: F401 - see the docstring
    import symbolic.latex.parse  # noqa: F401 - every claim is read with it, before the first fork
    from symbolic.budget import while_waiting
    while_waiting(_import_first_checkers)


# the pipeline's first checkers (``checks._order.PIPELINE``) whose families are imported while
# the first claim is read: through the cheap rewrites that decide most simple identities
_FIRST_CHECKERS = 6


def _import_first_checkers() -> None:
    """Import the families of the pipeline's first checkers and the test of definedness that
    every proof passes (``checks._defined_or_undecided``): the modules a simple identity
    (``x + x = 2x``) is checked with. Only imports: which checkers run is unchanged."""
    from symbolic.checks import _order
    for _name, family in _order.PIPELINE[:_FIRST_CHECKERS]:
        importlib.import_module(f"symbolic.checks.{family}")
    for helper in ("_where_defined", "_definedness", "_derivative_domain"):
        importlib.import_module(f"symbolic.checks.{helper}")


def run() -> None:
    """The ``stepcheck`` command as a process (``python -m symbolic`` and the script): ``main``,
    with the garbage collector off during the start-up (``_started``), then an exit without the
    interpreter's teardown (``fast_exit``)."""
    global _STARTING
    gc.disable()
    _STARTING = True
    fast_exit(main())


# set by ``run``: the collector is off until the command's modules are imported (``_started``)
_STARTING = False


def _started() -> None:
    """The end of a command's start-up in a process that ``run`` began: the collector back on,
    and what the imports built out of its reach.

    Importing SymPy and the command's modules creates about 110,000 objects that live as long
    as the process; the collector's passes over them while they are created cost about 30 ms
    of CPU (11% of the imports) and free nothing. Frozen (``gc.freeze``), they are never
    traversed again, here or in a forked child (where a traversal would also copy the pages
    it writes to). Only what ``run`` started: ``main`` called from Python (the tests) leaves
    the collector as it found it.
    """
    global _STARTING
    if _STARTING:
        _STARTING = False
        gc.freeze()
        gc.enable()


def fast_exit(code: int) -> None:
    """End this process with ``code`` without tearing the interpreter down.

    At an ordinary exit Python frees every object one by one: SymPy's modules and caches, the
    reader and the checkers, about 0.25 s of CPU after the answer is printed (as much as a
    simple check itself). The operating system frees the memory at once. What an ordinary
    exit does that matters still happens here: the ``atexit`` handlers run (``logging`` flushes
    its handlers, ``weakref.finalize`` removes temporary folders) and stdout and stderr are
    flushed; files this package writes are closed by the commands themselves. With another
    thread still running, the ordinary exit waits for it as usual.
    """
    import threading
    if threading.active_count() > 1:
        sys.exit(code)
    import atexit
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed pipe: nothing more can be written
            pass
    os._exit(int(code))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (an ``ExitCode``)."""
    from symbolic.commands import ExitCode
    parser = build_parser()
    wants_json = argv is not None and "--json" in argv or argv is None and "--json" in sys.argv[1:]
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return ExitCode.BAD_INPUT
        if args.command == "report":   # a warm report, served without loading SymPy
            from symbolic.commands.report_runs import run_from_cache
            code = run_from_cache(args)
            if code is not None:
                return code
        if args.command == "check" and not args.scheduler:
            _prepare_checking()
        module = importlib.import_module(COMMANDS[args.command])
        _started()
        return module.run(args)
    except StepcheckError as exc:
        message = " ".join(str(exc).split()) or type(exc).__name__
        if wants_json:
            import json
            from symbolic.model import JSON_FORMAT
            print(json.dumps({"format": JSON_FORMAT, "verdict": "error", "error": message,
                              "exit_code": int(ExitCode.BAD_INPUT)}))
        print(message if message.startswith("stepcheck") else f"stepcheck: error: {message}",
              file=sys.stderr)
        return ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        print("stepcheck: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.OK
