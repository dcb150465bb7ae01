"""``stepcheck check``: read claims (LaTeX, stdin, .tex/.md documents, a .jsonl of claims,
DOC:ID), check each link, report in text, JSON or JSONL.

A document is read display by display (``symbolic.latex.document``): a display that cannot be
read is listed with its line and reason, never dropped and never failing the whole file.
Every chain is read and checked by ``commands.chain.check_item`` (forked children under the
hard budget); a ``DOC:ID`` target by ``commands.chain.check_target``.
"""
from __future__ import annotations

import json
import sys

from symbolic.commands import ExitCode, exit_code, warm
from symbolic.commands.chain import (MAX_CHAIN_CHARS, MAX_DOCUMENT_CHARS, MAX_INPUT_CHARS,
                                     CheckedLink, Item, ReadExpression, Unreadable, check_item,
                                     check_target, reader_options, where)
from symbolic.commands.inputs import Checked, collect, read_targets
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import JSON_FORMAT, Verdict

__all__ = ["Checked", "CheckedLink", "Item", "JsonlWriter", "Unreadable", "as_json", "as_text",
           "check_input", "check_targets", "jsonl_row", "run", "summary", "summary_line",
           "MAX_CHAIN_CHARS", "MAX_DOCUMENT_CHARS", "MAX_INPUT_CHARS"]


def run(args) -> ExitCode:
    """The ``check`` command: returns the exit code (see docs/cli.md)."""
    config = CheckConfig(dps=args.dps, samples=args.samples, seed=args.seed,
                         timeout_s=args.timeout, imaginary_unit=args.imaginary_unit,
                         where_defined=getattr(args, "where_defined", False))
    targets = list(args.step) if isinstance(args.step, (list, tuple)) else [args.step]
    functions = tuple(getattr(args, "function", None) or ())
    strict = bool(getattr(args, "strict", False))
    output = getattr(args, "output", None)
    progress = None if getattr(args, "quiet", False) else Progress(sys.stderr)
    writer = JsonlWriter(output) if output else None
    try:
        if getattr(args, "scheduler", None):   # the same batch on a Dask cluster (optional extra)
            from symbolic.batch_dask import check_batch_dask
            checked = check_batch_dask(targets, scheduler=args.scheduler, assume=tuple(args.assume),
                                       config=config, functions=functions, progress=progress,
                                       sink=writer)
        else:
            checked = check_targets(targets, assume=tuple(args.assume), config=config,
                                    functions=functions, jobs=getattr(args, "jobs", 1) or 1,
                                    progress=progress, sink=writer)
    finally:
        if writer is not None:
            writer.close()
    if not checked.links and not checked.expressions and checked.unreadable \
            and not checked.from_files:
        raise ParseError(checked.unreadable[0].reason)
    if args.json:
        print(json.dumps(as_json(checked, strict=strict), ensure_ascii=False, indent=1))
    else:
        print(as_text(checked))
    if not checked.links and not checked.expressions:
        what = "display" if checked.from_files else "claim"
        print(f"stepcheck: error: no {what} could be read ({len(checked.unreadable)} unreadable)",
              file=sys.stderr)
        return ExitCode.BAD_INPUT
    return exit_code((link.outcome.verdict for link in checked.links), strict=strict,
                     unreadable=len(checked.unreadable))


run_check = run   # the name it had


def check_input(target, *, assume: tuple[str, ...] = (), config: CheckConfig = CheckConfig(),
                functions: tuple[str, ...] = (), jobs: int = 1
                ) -> tuple[list[CheckedLink], list[Unreadable]]:
    """Check every link that ``target`` (or a list of targets) names; returns the links and
    what could not be read."""
    targets = [target] if isinstance(target, str) else list(target)
    checked = check_targets(targets, assume=assume, config=config, functions=functions, jobs=jobs)
    return list(checked.links), list(checked.unreadable)


def check_targets(targets, *, assume: tuple[str, ...] = (), config: CheckConfig = CheckConfig(),
                  functions: tuple[str, ...] = (), jobs: int = 1, progress=None,
                  sink=None) -> Checked:
    """Read every target (LaTeX, ``-``, .tex/.md/.jsonl files, DOC:ID) and check every link.

    ``jobs`` > 1 checks that many claims at once (each in its own budgeted child process);
    the result keeps the input order whatever order the checks finish in. ``progress`` is
    called as ``progress(done, total, item)`` after each claim; ``sink(links, unreadable)``
    receives each claim's results in input order as soon as they and all before them are done
    (so a JSONL file grows while a long document is checked).
    """
    options = reader_options(functions)
    items, encoded, displays, from_files = read_targets(targets)
    to_read = sum(1 for k, item in enumerate(items) if k not in encoded and item.problem is None)
    if to_read >= warm.MIN_CLAIMS:   # each forked child then starts with the reader and checkers warm
        warm.warm()
    # encoded steps first, in this thread: loading a document is no work for a pool
    encoded_links = {k: check_target(target, config) for k, target in encoded.items()}

    def one(index: int):
        if index in encoded_links:
            return encoded_links[index], []
        return check_item(items[index], assume, config, options, expressions=True)

    results: list = [None] * len(items)
    emitted = 0

    def finished(k: int, result, done: int) -> None:
        nonlocal emitted
        results[k] = result
        if progress:
            progress(done, len(items), items[k])
        while sink is not None and emitted < len(items) and results[emitted] is not None:
            sink(*results[emitted])   # in input order, as soon as the prefix is complete
            emitted += 1

    if jobs > 1 and len(items) > 1:
        from concurrent.futures import ThreadPoolExecutor, as_completed  # only with --jobs
        pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="stepcheck")
        try:
            futures = {pool.submit(one, k): k for k in range(len(items))}
            for done, future in enumerate(as_completed(futures), 1):
                finished(futures[future], future.result(), done)
        finally:
            # on Ctrl-C (or a bug) the claims not started yet are dropped, not run to the end
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        for k in range(len(items)):
            finished(k, one(k), k + 1)
    if progress:
        progress.close()
    return collect(results, displays, from_files)


class Progress:
    """``[12/399] paper.tex:340`` on stderr, never stdout.

    On a terminal one line is rewritten in place after each claim (inputs of two claims or
    more). Elsewhere (a CI log) only long inputs (``LONG`` claims or more) report, about
    twenty lines in all, so that a short run's stderr stays the one line of an error.
    """

    LONG = 20

    def __init__(self, stream):
        self.stream = stream
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.shown = False

    def __call__(self, done: int, total: int, item: Item) -> None:
        if total < 2 or not self.tty and (total < self.LONG or
                                          done % max(1, total // 20) and done != total):
            return
        text = f"[{done}/{total}] {where(item.file, item.line).rstrip(': ') or item.latex[:40]}"
        if self.tty:
            self.stream.write("\r\x1b[K" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.tty and self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def as_json(checked: Checked, *, strict: bool = False) -> dict:
    """The ``--json`` document: the overall verdict, every link, what could not be read, the counts."""
    tally = checked.tally
    return {"format": JSON_FORMAT, "verdict": tally.overall().value,
            "links": [link_json(link) for link in checked.links],
            "unreadable": [{"file": bad.file, "line": bad.line, "latex": bad.latex,
                            "error": bad.reason} for bad in checked.unreadable],
            "expressions": [expression_json(e) for e in checked.expressions],
            "summary": summary(checked),
            "exit_code": int(exit_code((link.outcome.verdict for link in checked.links),
                                       strict=strict, unreadable=len(checked.unreadable))
                             if checked.links or checked.expressions else ExitCode.BAD_INPUT)}


def expression_json(expression: ReadExpression) -> dict:
    """A display with no relation: where it is, its LaTeX and the expression as read."""
    return {"file": expression.file, "line": expression.line, "latex": expression.latex,
            "expression": expression.typeset, "assume": list(expression.assume),
            "notes": list(expression.notes), "kind": expression.kind}


def link_json(link: CheckedLink) -> dict:
    """One link as JSON: where it is written, then its outcome in the one codec
    (``Outcome.to_json``; seconds to the millisecond), then the display's conditions."""
    outcome = link.outcome.to_json()
    outcome["seconds"] = round(outcome["seconds"], 3)
    return {"latex": link.latex, "relation": link.relation, "lhs_latex": link.lhs_latex,
            "rhs_latex": link.rhs_latex, **outcome, "file": link.file, "line": link.line,
            "assume": list(link.assume), "notes": list(link.notes)}


def summary(checked: Checked) -> dict:
    """How many displays, links and of each verdict (undecided: approximate, inconclusive,
    timeout, error)."""
    tally = checked.tally
    decided = (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)
    return {"displays": checked.displays, "links": len(checked.links),
            **{v.value: tally[v] for v in decided},
            "undecided": tally.total - tally[Verdict.PROSE] - sum(tally[v] for v in decided),
            "unreadable": len(checked.unreadable), "expressions": len(checked.expressions)}


def summary_line(checked: Checked) -> str:
    """``12 displays, 15 links: 10 proved, 2 verified, 1 refuted, 2 undecided; 1 unreadable``,
    then ``; 2 expressions (nothing to check)`` when displays without a relation were read."""
    c = summary(checked)
    plural = lambda n, word: f"{n} {word}{'s' if n != 1 else ''}"  # noqa: E731
    expressions = (f"; {plural(c['expressions'], 'expression')} (nothing to check)"
                   if c["expressions"] else "")
    return (f"{plural(c['displays'], 'display')}, {plural(c['links'], 'link')}: "
            f"{c['proved']} proved, {c['verified']} verified, {c['refuted']} refuted, "
            f"{c['undecided']} undecided; {c['unreadable']} unreadable{expressions}")


class JsonlWriter:
    """``--output FILE``: one JSON result per line, written as results arrive in input order.

    Each link gives ``file, line, claim, verdict, evidence`` and the rest of its JSON; each
    unreadable display gives ``file, line, claim, verdict: "unreadable", error``. The file is
    opened before checking starts, so an unwritable path fails at once.
    """

    def __init__(self, path: str):
        try:
            self.stream = open(path, "w", encoding="utf-8")
        except OSError as exc:
            raise StepcheckError(f"cannot write --output {path}: {exc.strerror}") from None

    def __call__(self, links, unreadable) -> None:
        for record in (*links, *unreadable):
            self.stream.write(json.dumps(jsonl_row(record), ensure_ascii=False) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def jsonl_row(record) -> dict:
    """The JSONL object of one link or one unreadable display."""
    if isinstance(record, Unreadable):
        return {"file": record.file, "line": record.line, "claim": record.latex,
                "verdict": "unreadable", "error": record.reason}
    row = link_json(record)
    return {"file": row.pop("file"), "line": row.pop("line"), "claim": row.pop("latex"),
            "verdict": row.pop("verdict"), "evidence": row.pop("evidence"), **row}


def _in_order(checked: Checked) -> list:
    """Links and unreadable displays interleaved in input order."""
    return list(checked.ordered) if checked.ordered else [*checked.links, *checked.unreadable]


def telling_evidence(outcome) -> tuple[tuple, int]:
    """The evidence worth a line of text, and how many attempts are left out: once a verdict
    was reached, the attempts that decided nothing (``Role.ATTEMPT``) are counted, not listed
    (all of them are in the JSON)."""
    if outcome.verdict in (Verdict.INCONCLUSIVE, Verdict.TIMEOUT, Verdict.ERROR):
        return outcome.evidence, 0
    telling = outcome.telling
    return telling, len(outcome.evidence) - len(telling)


def as_text(checked: Checked) -> str:
    """What ``check`` prints: each link with its verdict and the evidence that decided;
    for files, each line starts with ``file:line:``, unreadable displays are listed where they
    are, and a summary line ends the output."""
    records = _in_order(checked) if checked.from_files else \
        [r for r in _in_order(checked) if not isinstance(r, Unreadable)]
    lines = []
    single = len(records) == 1 and not checked.from_files
    for number, record in enumerate(records, 1):
        place = where(record.file, record.line)
        if isinstance(record, Unreadable):
            lines.append(f"{place}{'UNREADABLE':<12} {_clip(record.latex, 100)}")
            lines.append(f"    {record.reason}")
            continue
        if isinstance(record, ReadExpression):
            lines.append(f"{place}{record.kind.upper():<12} {_clip(record.latex, 100)}")
            lines.append(f"    {record.meaning}")
            lines.append(f"    typeset: {record.typeset}")
            if record.assume:
                lines.append(f"    assuming (stated in the display): {', '.join(record.assume)}")
            for note in record.notes:
                lines.append(f"    note: {note}")
            continue
        link, outcome = record, record.outcome
        verdict = f"{outcome.verdict.value.upper():<12}"
        if single:
            lines.append(f"{verdict} {link.latex}")
        elif checked.from_files:
            lines.append(f"{place}{verdict} {link.latex}")
        else:
            lines.append(f"link {number}: {verdict} {link.latex}")
        if link.assume:
            lines.append(f"    assuming (stated in the display): {', '.join(link.assume)}")
        for note in link.notes:
            lines.append(f"    note: {note}")
        shown, hidden = telling_evidence(outcome)
        for evidence in shown:
            lines.append(f"    {evidence.method}: {evidence.detail}")
        if hidden:
            lines.append(f"    ({hidden} other attempt{'s' if hidden != 1 else ''} did not decide; "
                         f"--json lists them)")
        if outcome.counterexample:
            values = ", ".join(f"{name} = {value}" for name, value in outcome.counterexample)
            lines.append(f"    counterexample (certified): {values}")
        lines.append(f"    ({outcome.seconds:.2f} s)")
    if checked.from_files:
        lines.append(summary_line(checked))
    return "\n".join(lines)
