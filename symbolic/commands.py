"""``stepcheck check``: read claims (LaTeX, stdin, .tex/.md documents, a .jsonl of claims,
DOC:ID), check each link, report in text, JSON or JSONL.

A document is read display by display (``symbolic.latex.document``): a display that cannot be
read is listed with its line and reason, never dropped and never failing the whole file.
Reading runs under the same hard budget as checking, so hostile input (``9^{9^{9^{9}}}``,
deep nesting) ends as ``timeout`` or a parse error, never as a hang.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from symbolic.budget import run_limited
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import Evidence, Outcome, Step, Verdict, infer_kind

EXIT_OK, EXIT_REFUTED, EXIT_BAD_INPUT, EXIT_UNDECIDED = 0, 1, 2, 3
_ENCODED = re.compile(r"([a-z][a-z0-9_]*):([A-Za-z0-9][A-Za-z0-9_-]*)")
MAX_INPUT_CHARS = 200_000        # a claim, or stdin
MAX_DOCUMENT_CHARS = 5_000_000   # a .tex, .md or .jsonl file (a thesis is ~1 MB)
MAX_CHAIN_CHARS = 4_000          # one chain of a document (the formula reader's own limit)


DOCUMENT_SUFFIXES = (".tex", ".ltx", ".md", ".markdown")
CLAIMS_SUFFIX = ".jsonl"


@dataclass(frozen=True)
class CheckedLink:
    """One link of the input with its outcome, and where it was written (``file``, ``line``)."""

    latex: str
    relation: str
    lhs_latex: str
    rhs_latex: str
    outcome: Outcome
    file: str | None = None
    line: int | None = None
    assume: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unreadable:
    """A display or claim that could not be read, where it is, and the one-line reason."""

    latex: str
    reason: str
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        return f"{_where(self.file, self.line)}{self.reason}"


@dataclass(frozen=True)
class Item:
    """One claim to check: a chain with its place in a file and the conditions it states."""

    latex: str
    file: str | None = None
    line: int | None = None
    assume: tuple[str, ...] = ()
    problem: str | None = None
    notes: tuple[str, ...] = ()
    imaginary_unit: bool | None = None     # a claim's own setting (a .jsonl line), else the run's
    link_lines: tuple[int, ...] = ()       # the line of each relation, when a display told them


@dataclass(frozen=True)
class Checked:
    """Everything one ``check`` run found, in input order."""

    links: tuple[CheckedLink, ...]
    unreadable: tuple[Unreadable, ...]
    displays: int          # displays (or claims) read from the input, readable or not
    from_files: bool       # whether the input came from files or stdin (then lines are shown)
    ordered: tuple = ()    # links and unreadable displays interleaved in input order


def run_check(args) -> int:
    """The ``check`` command: returns the exit code (see docs/cli.md)."""
    config = CheckConfig(dps=args.dps, samples=args.samples, seed=args.seed,
                         timeout_s=args.timeout, imaginary_unit=args.imaginary_unit)
    targets = list(args.step) if isinstance(args.step, (list, tuple)) else [args.step]
    functions = tuple(getattr(args, "function", None) or ())
    strict = bool(getattr(args, "strict", False))
    output = getattr(args, "output", None)
    progress = None if getattr(args, "quiet", False) else _Progress(sys.stderr)
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
    if not checked.links and checked.unreadable and not checked.from_files:
        raise ParseError(checked.unreadable[0].reason)
    if args.json:
        print(json.dumps(as_json(checked, strict=strict), ensure_ascii=False, indent=1))
    else:
        print(as_text(checked))
    if not checked.links:
        what = "display" if checked.from_files else "claim"
        print(f"stepcheck: error: no {what} could be read ({len(checked.unreadable)} unreadable)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    return exit_code((link.outcome.verdict for link in checked.links), strict=strict,
                     unreadable=len(checked.unreadable))


def exit_code(verdicts, *, strict: bool = False, unreadable: int = 0) -> int:
    """0 all proved/verified, 1 some refuted, 3 some undecided.

    With ``strict`` anything short of proved is undecided (3), an unreadable display included.
    """
    verdicts = list(verdicts)
    if any(v is Verdict.REFUTED for v in verdicts):
        return EXIT_REFUTED
    accepted = (Verdict.PROVED, Verdict.PROSE) if strict else (Verdict.PROVED, Verdict.VERIFIED,
                                                              Verdict.PROSE)
    if all(v in accepted for v in verdicts) and not (strict and unreadable):
        return EXIT_OK
    return EXIT_UNDECIDED


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
    from concurrent.futures import ThreadPoolExecutor, as_completed

    reader_options = _reader_options(functions)
    items: list[Item] = []
    encoded_links: dict[int, list[CheckedLink]] = {}
    displays, from_files = 0, False
    for target in targets:
        encoded = _ENCODED.fullmatch(target)
        if encoded and not _is_file_name(target):
            encoded_links[len(items)] = _check_encoded(encoded.group(1), encoded.group(2), config)
            items.append(Item(target))
            continue
        found, is_file = _read_items(target)
        from_files = from_files or is_file
        displays += len({(i.file, getattr(i, "display", None) or i.line) for i in found})
        items += found

    def one(index: int):
        if index in encoded_links:
            return encoded_links[index], []
        return _check_item(items[index], assume, config, reader_options)

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
    links = [link for found, _ in results for link in found]
    unreadable = [bad for _, bad in results for bad in bad]
    ordered = [record for found, bad in results for record in (*found, *bad)]
    return Checked(tuple(links), tuple(unreadable), displays, from_files, tuple(ordered))


def _is_file_name(target: str) -> bool:
    return target.lower().endswith(DOCUMENT_SUFFIXES + (CLAIMS_SUFFIX,)) \
        and "\\" not in target and "{" not in target


def _read_items(target: str) -> tuple[list[Item], bool]:
    """The claims of one target, and whether it came from a file or stdin."""
    from symbolic.latex.document import looks_like_document, read_document, read_lines
    if target == "-":
        text = sys.stdin.read(MAX_DOCUMENT_CHARS + 1)
        _check_size(text, "standard input", limit=MAX_DOCUMENT_CHARS)
        if looks_like_document(text):
            chains = read_document(text, markdown="```math" in text)
        elif len([line for line in text.splitlines() if line.strip()]) > 1:
            chains = read_lines(text)
        else:
            return [Item(text.strip())], False
        return _from_chains(chains, "<stdin>"), True
    if _is_file_name(target):
        path = Path(target)
        if not path.is_file():
            raise StepcheckError(f"no such file: {target}")
        text = path.read_text(encoding="utf-8", errors="replace")
        _check_size(text, target, limit=MAX_DOCUMENT_CHARS)
        if target.lower().endswith(CLAIMS_SUFFIX):
            return _claims_of_jsonl(text, target), True
        chains = read_document(text, markdown=target.lower().endswith((".md", ".markdown")))
        if not chains:
            return [Item("", target, None, problem="no display (equation, align, $$ or \\[ "
                                                    "block) with a claim found")], True
        return _from_chains(chains, target), True
    _check_size(target, "the step")
    return [Item(target)], False


def _from_chains(chains, file: str) -> list[Item]:
    return [_DisplayItem(c.latex, file, c.line, c.assume, c.problem, c.notes,
                         link_lines=c.link_lines, display=c.display) for c in chains]


@dataclass(frozen=True)
class _DisplayItem(Item):
    """An item read from a display (``display`` numbers the displays of its file)."""

    display: int = 0


def _claims_of_jsonl(text: str, file: str) -> list[Item]:
    """One claim per line: ``{"latex": "...", "assume": ["x > 0", ...]}``, optionally with
    ``"imaginary_unit": true`` for that claim; other fields are ignored."""
    items = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            items.append(Item(line.strip()[:80], file, number,
                              problem=f"not JSON ({exc.msg}); write {{\"latex\": \"a = b\"}}"))
            continue
        latex = record.get("latex") if isinstance(record, dict) else None
        assume = record.get("assume", []) if isinstance(record, dict) else None
        if isinstance(assume, str):
            assume = [assume]
        if not isinstance(latex, str) or not latex.strip():
            items.append(Item(line.strip()[:80], file, number,
                              problem="no \"latex\" string in this line; write {\"latex\": \"a = b\"}"))
        elif not isinstance(assume, list) or not all(isinstance(a, str) for a in assume):
            items.append(Item(latex, file, number,
                              problem="\"assume\" must be a list of LaTeX strings"))
        elif not isinstance(record.get("imaginary_unit", False), bool):
            items.append(Item(latex, file, number,
                              problem="\"imaginary_unit\" must be true or false"))
        else:
            unit = record.get("imaginary_unit")
            items.append(Item(latex, file, number, tuple(assume), imaginary_unit=unit))
    return items


def _check_item(item: Item, assume: tuple[str, ...], config: CheckConfig, reader_options: dict):
    """The checked links of one claim, or why it cannot be read."""
    from symbolic.checks import check_step_limited
    if item.problem is not None:
        return [], [Unreadable(item.latex, item.problem, item.file, item.line)]
    if item.imaginary_unit is not None and item.imaginary_unit != config.imaginary_unit:
        config = config.but(imaginary_unit=item.imaginary_unit)
    if len(item.latex) > MAX_CHAIN_CHARS and item.file is not None:
        return [], [Unreadable(item.latex[:80], f"longer than {MAX_CHAIN_CHARS} characters",
                               item.file, item.line)]
    parsed = _parse_limited(item.latex, assume + item.assume, config, reader_options)
    if isinstance(parsed, StepcheckError):
        reason = " ".join(str(parsed).split())
        if item.assume:
            reason += f" (the display's condition: {', '.join(item.assume)})"
        return [], [Unreadable(item.latex, reason, item.file, item.line)]
    if isinstance(parsed, Outcome):  # reading ran out of budget
        return [CheckedLink(item.latex, "", "", "", parsed, item.file, item.line, item.assume,
                            item.notes)], []
    links = []
    # the display's notes, then the reading's own (which reading of i, := read as =)
    notes = item.notes + tuple(n for n in parsed.notes if n not in item.notes)
    # each link on its own row's line, when the display's rows account for every link
    lines = item.link_lines if len(item.link_lines) == len(parsed.links) else \
        (item.line,) * len(parsed.links)
    for number, link in enumerate(parsed.links, 1):
        step = Step(id=f"link-{number}", kind=infer_kind(link.claim), quote=link.latex,
                    claim=link.claim, assumptions=parsed.assumptions.facts, latex=link.latex)
        outcome = check_step_limited(step, config=config)
        links.append(CheckedLink(link.latex, link.relation.value, link.lhs_latex,
                                 link.rhs_latex, outcome, item.file, lines[number - 1],
                                 item.assume, notes))
    return links, []


def _reader_options(functions: tuple[str, ...]) -> dict:
    """Keyword arguments for ``parse_chain`` beyond the usual ones (``functions`` when given)."""
    if not functions:
        return {}
    from symbolic.latex import parse_chain
    if not _accepts_keyword(parse_chain, "functions"):
        raise StepcheckError("--function needs a formula reader that takes declared functions; "
                             "this version's reader does not (write \\operatorname{f} instead)")
    return {"functions": tuple(functions)}


def _accepts_keyword(fn, name: str) -> bool:
    """Whether ``fn`` takes the keyword ``name``, looking through decorators.

    A wrapper ``(*args, **kwargs)`` is looked into (``__wrapped__``, or the function it closes
    over); one that cannot be looked into is taken at its word, and a reader that then refuses
    the keyword makes each claim unreadable with its message, never a silent misread.
    """
    import inspect
    seen: set[int] = set()
    while fn is not None and id(fn) not in seen:
        seen.add(id(fn))
        try:
            parameters = inspect.signature(fn).parameters
        except (TypeError, ValueError):
            return True
        if name in parameters:
            return True
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
            return False
        inner = getattr(fn, "__wrapped__", None)
        if inner is None:
            cells = [c.cell_contents for c in (getattr(fn, "__closure__", None) or ())]
            inner = next((c for c in cells if inspect.isfunction(c)), None)
        if inner is None:
            return True
        fn = inner
    return True


def _check_size(text: str, what: str, limit: int = MAX_INPUT_CHARS) -> None:
    if len(text) > limit:
        raise ParseError(f"{what} is longer than {limit} characters; check it in parts")
    if not text.strip():
        raise ParseError(f"{what} is empty; give a LaTeX relation such as 'a = b'")


def _parse_limited(chain: str, assume: tuple[str, ...], config: CheckConfig,
                   reader_options: dict | None = None):
    from symbolic.latex import parse_chain
    result = run_limited(parse_chain, chain, assumptions=assume,
                         imaginary_unit=config.imaginary_unit, **(reader_options or {}),
                         timeout_s=min(config.timeout_s, 20.0), memory_mb=config.memory_mb)
    if result.ok:
        return result.value
    if result.status == "user-error":
        return result.value
    if result.status in ("timeout", "memory"):
        return Outcome(Verdict.TIMEOUT, (Evidence("reading", f"reading the LaTeX: {result.message}"),),
                       seconds=result.seconds)
    first = result.message.splitlines()[0] if result.message else "unknown failure"
    return ParseError(f"cannot read {_short(chain)}: {first}")


class _Progress:
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
        text = f"[{done}/{total}] {_where(item.file, item.line).rstrip(': ') or item.latex[:40]}"
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


def _where(file: str | None, line: int | None) -> str:
    if file is None:
        return ""
    return f"{file}:{line}: " if line is not None else f"{file}: "


def _check_encoded(doc_id: str, step_id: str, config: CheckConfig) -> list[CheckedLink]:
    import proofs
    from symbolic.checks import CheckContext, check_step_limited
    from symbolic.latex import claim_to_latex, to_latex

    derivation = proofs.load(doc_id)
    step = derivation.step(step_id)
    context = CheckContext(derivation, _premise_outcomes(derivation, step, config))
    outcome = check_step_limited(step, config=config, context=context)
    if step.claim is None:
        return [CheckedLink(step.quote, "", "", "", outcome)]
    return [CheckedLink(claim_to_latex(step.claim), step.claim.relation.value,
                        to_latex(step.claim.lhs), to_latex(step.claim.rhs), outcome)]


def _premise_outcomes(derivation, step, config) -> dict:
    """Outcomes of the steps that ``step`` rests on (rules need their premises' verdicts)."""
    from symbolic.checks import CheckContext, check_step_limited
    needed: list[str] = []

    def visit(s):
        refs = list(s.depends_on) + (list(s.rule.premises) if s.rule else [])
        for ref in refs:
            if ref not in needed:
                visit(derivation.step(ref))
                needed.append(ref)

    visit(step)
    outcomes: dict = {}
    for ref in needed:
        outcomes[ref] = check_step_limited(derivation.step(ref), config=config,
                                           context=CheckContext(derivation, dict(outcomes)))
    return outcomes


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit] + "...")


def as_json(checked: Checked, *, strict: bool = False) -> dict:
    """The ``--json`` document: the overall verdict, every link, what could not be read, the counts."""
    verdicts = [link.outcome.verdict for link in checked.links]
    return {"format": 1, "verdict": _overall(verdicts),
            "links": [_link_json(link) for link in checked.links],
            "unreadable": [{"file": bad.file, "line": bad.line, "latex": bad.latex,
                            "error": bad.reason} for bad in checked.unreadable],
            "summary": summary(checked),
            "exit_code": exit_code(verdicts, strict=strict, unreadable=len(checked.unreadable))
            if checked.links else EXIT_BAD_INPUT}


def _link_json(link: CheckedLink) -> dict:
    return {"latex": link.latex, "relation": link.relation, "lhs_latex": link.lhs_latex,
            "rhs_latex": link.rhs_latex, "verdict": link.outcome.verdict.value,
            "evidence": [{"method": e.method, "detail": e.detail} for e in link.outcome.evidence],
            "counterexample": dict(link.outcome.counterexample) if link.outcome.counterexample
            else None,
            "seconds": round(link.outcome.seconds, 3), "file": link.file, "line": link.line,
            "assume": list(link.assume), "notes": list(link.notes)}


def summary(checked: Checked) -> dict:
    """How many displays, links and of each verdict (undecided: approximate, inconclusive,
    timeout, error)."""
    counts = {"displays": checked.displays, "links": len(checked.links), "proved": 0,
              "verified": 0, "refuted": 0, "undecided": 0, "unreadable": len(checked.unreadable)}
    for link in checked.links:
        verdict = link.outcome.verdict
        if verdict in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED):
            counts[verdict.value] += 1
        elif verdict is not Verdict.PROSE:
            counts["undecided"] += 1
    return counts


def summary_line(checked: Checked) -> str:
    """``12 displays, 15 links: 10 proved, 2 verified, 1 refuted, 2 undecided; 1 unreadable``."""
    c = summary(checked)
    plural = lambda n, word: f"{n} {word}{'s' if n != 1 else ''}"  # noqa: E731
    return (f"{plural(c['displays'], 'display')}, {plural(c['links'], 'link')}: "
            f"{c['proved']} proved, {c['verified']} verified, {c['refuted']} refuted, "
            f"{c['undecided']} undecided; {c['unreadable']} unreadable")


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
    row = _link_json(record)
    return {"file": row.pop("file"), "line": row.pop("line"), "claim": row.pop("latex"),
            "verdict": row.pop("verdict"), "evidence": row.pop("evidence"), **row}


def _in_order(checked: Checked) -> list:
    """Links and unreadable displays interleaved in input order."""
    return list(checked.ordered) if checked.ordered else [*checked.links, *checked.unreadable]


def _overall(verdicts) -> str:
    verdicts = list(verdicts)
    for verdict in (Verdict.ERROR, Verdict.REFUTED, Verdict.TIMEOUT, Verdict.INCONCLUSIVE,
                    Verdict.APPROXIMATE, Verdict.VERIFIED, Verdict.PROVED):
        if verdict in verdicts:
            return verdict.value
    return Verdict.PROSE.value if verdicts else Verdict.INCONCLUSIVE.value


def _telling_evidence(outcome: Outcome):
    """The evidence worth a line of text: when a verdict was reached, the attempts that
    decided nothing are counted, not listed (all of them are in the JSON)."""
    if outcome.verdict in (Verdict.INCONCLUSIVE, Verdict.TIMEOUT, Verdict.ERROR):
        return list(outcome.evidence), 0
    telling = [e for e in outcome.evidence if "not evidence" not in e.detail]
    return telling or list(outcome.evidence), len(outcome.evidence) - len(telling)


def as_text(checked: Checked) -> str:
    """What ``check`` prints: each link with its verdict and the evidence that decided;
    for files, each line starts with ``file:line:``, unreadable displays are listed where they
    are, and a summary line ends the output."""
    records = _in_order(checked) if checked.from_files else list(checked.links)
    lines = []
    single = len(records) == 1 and not checked.from_files
    for number, record in enumerate(records, 1):
        where = _where(record.file, record.line)
        if isinstance(record, Unreadable):
            lines.append(f"{where}{'UNREADABLE':<12} {_clip(record.latex, 100)}")
            lines.append(f"    {record.reason}")
            continue
        link, outcome = record, record.outcome
        verdict = f"{outcome.verdict.value.upper():<12}"
        if single:
            lines.append(f"{verdict} {link.latex}")
        elif checked.from_files:
            lines.append(f"{where}{verdict} {link.latex}")
        else:
            lines.append(f"link {number}: {verdict} {link.latex}")
        if link.assume:
            lines.append(f"    assuming (stated in the display): {', '.join(link.assume)}")
        for note in link.notes:
            lines.append(f"    note: {note}")
        shown, hidden = _telling_evidence(outcome)
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
