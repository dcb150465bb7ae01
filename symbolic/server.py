"""``stepcheck serve``: a Language Server (stdio) that checks the displays of .tex/.md files.

On open, save and (debounced) change the document is read display by display
(``symbolic.latex.document.read_document``) and each chain is checked exactly as
``stepcheck check FILE.tex`` checks it (``commands.chain.check_item``): the LaTeX is read in a forked
child under a hard budget, then every link is checked in its own forked child
(``check_step_limited``). The server process imports SymPy and every checker family once at
start, so those children are forked warm. Results are published as they arrive, so a slow
display never holds back the others, and kept in a content-addressed cache keyed by
(chain text, assumptions, options): editing one display re-checks only that display.

Diagnostics: refuted is an error with the certified counterexample; approximate,
inconclusive, timeout and error are warnings naming what was tried; an unreadable display is a
warning with the reason; proved and verified are information, a hint or nothing (the
``showProved`` setting; with ``strict`` a verified link is a warning). Hover on a link shows
its verdict and the evidence that decided; on a refuted link a code action writes the
counterexample as a comment line below the display.

Settings (``initializationOptions`` or ``workspace/didChangeConfiguration`` under
``stepcheck``): ``assume`` (list of LaTeX), ``imaginaryUnit``, ``strict``, ``showProved``
(``information``/``hint``/``none``), ``timeout`` (seconds per link), ``debounce`` (seconds).
A comment line in the file adds to them: ``% stepcheck: assume x > 0`` (``<!-- stepcheck:
assume x > 0 -->`` in Markdown), ``% stepcheck: imaginary-unit on``, ``% stepcheck: strict on``.
"""
from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from enum import Enum

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from symbolic.commands.chain import (MAX_CHAIN_CHARS, MAX_DOCUMENT_CHARS, CheckedLink, Item,
                                     Unreadable, check_item)
from symbolic.config import CheckConfig
from symbolic.model import Verdict

SOURCE = "stepcheck"
_DIRECTIVE = re.compile(r"^\s*(?:%|<!--)\s*stepcheck:\s*(?P<body>.*?)\s*(?:-->)?\s*$")
_ON = {"on", "true", "yes", "1", ""}
_UNDECIDED = (Verdict.APPROXIMATE, Verdict.INCONCLUSIVE, Verdict.TIMEOUT, Verdict.ERROR)


class ShowProved(Enum):
    """How a proved (or, unless strict, verified) link appears in the editor."""

    INFORMATION = "information"
    HINT = "hint"
    NONE = "none"


@dataclass(frozen=True)
class Settings:
    """What the client configured, before a file's own ``% stepcheck:`` lines add to it."""

    assume: tuple[str, ...] = ()
    imaginary_unit: bool = False
    strict: bool = False
    show_proved: ShowProved = ShowProved.INFORMATION
    timeout_s: float = 30.0
    debounce_s: float = 0.05
    jobs: int = 2

    @classmethod
    def from_client(cls, options, base: "Settings | None" = None) -> "Settings":
        """Settings from the client's JSON (``{"stepcheck": {...}}`` or the inner object);
        a value of the wrong type is ignored, never guessed."""
        base = base or cls()
        if not isinstance(options, dict):
            return base
        options = options.get("stepcheck", options)
        if not isinstance(options, dict):
            return base
        changes: dict = {}
        assume = options.get("assume")
        if isinstance(assume, str):
            assume = [assume]
        if isinstance(assume, list) and all(isinstance(a, str) for a in assume):
            changes["assume"] = tuple(assume)
        for key, name in (("imaginaryUnit", "imaginary_unit"), ("strict", "strict")):
            if isinstance(options.get(key), bool):
                changes[name] = options[key]
        if options.get("showProved") in {s.value for s in ShowProved}:
            changes["show_proved"] = ShowProved(options["showProved"])
        for key, name, low, high in (("timeout", "timeout_s", 0.1, 600.0),
                                     ("debounce", "debounce_s", 0.0, 5.0)):
            value = options.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
                changes[name] = float(value)
        if isinstance(options.get("jobs"), int) and 1 <= options["jobs"] <= 64:
            changes["jobs"] = options["jobs"]
        return replace(base, **changes)


@dataclass(frozen=True)
class FileOptions:
    """The options one file is checked with: the client's settings and its own comment lines."""

    assume: tuple[str, ...]
    imaginary_unit: bool
    strict: bool


def file_options(text: str, settings: Settings) -> FileOptions:
    """The client's settings with the file's ``% stepcheck: ...`` lines applied."""
    assume = list(settings.assume)
    unit, strict = settings.imaginary_unit, settings.strict
    for line in text.splitlines():
        if "stepcheck:" not in line:
            continue
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        word, _, rest = match.group("body").partition(" ")
        rest = rest.strip()
        if word == "assume" and rest:
            assume.append(rest)
        elif word in ("imaginary-unit", "imaginary_unit"):
            unit = rest.lower() in _ON
        elif word == "strict":
            strict = rest.lower() in _ON
    return FileOptions(tuple(assume), unit, strict)


@dataclass(frozen=True)
class Result:
    """What one chain of a display came to: its checked links, or why it cannot be read."""

    links: tuple[CheckedLink, ...]
    unreadable: tuple[Unreadable, ...]


def cache_key(item: Item, options: FileOptions, config: CheckConfig) -> str:
    """The content address of one chain's check: its text, every assumption and the options."""
    # lines are not part of it: a display moved by an edit above it is not checked again
    payload = json.dumps([item.latex, list(item.assume), item.problem, list(item.notes),
                          len(item.link_lines), list(options.assume), config.key(),
                          # CheckConfig.key() covers checking a claim already read; how the
                          # LaTeX is read (i as the imaginary unit) and the memory ceiling too
                          config.imaginary_unit, config.memory_mb], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def check_chain(item: Item, options: FileOptions, config: CheckConfig) -> Result:
    """Check one chain as ``stepcheck check`` does (budgeted children); never raises."""
    try:
        links, unreadable = check_item(item, options.assume, config, {})
    except Exception as exc:  # a bug in one display must not cost the editor its server
        reason = f"internal error while checking: {type(exc).__name__}: {str(exc)[:200]}"
        return Result((), (Unreadable(item.latex[:80], reason, item.file, item.line),))
    return Result(tuple(links), tuple(unreadable))


def relocated(result: Result, item: Item) -> Result:
    """A cached result placed on the lines where ``item`` now stands."""
    links = result.links
    lines = item.link_lines if len(item.link_lines) == len(links) else (item.line,) * len(links)
    return Result(tuple(replace(link, line=line) for link, line in zip(links, lines)),
                  tuple(replace(bad, line=item.line) for bad in result.unreadable))


def items_of(text: str, uri: str) -> list[Item]:
    """The chains of a document, as items with their 1-based lines."""
    from symbolic.latex.document import read_document
    if len(text) > MAX_DOCUMENT_CHARS:
        return [Item("", uri, 1, problem=f"the file is longer than {MAX_DOCUMENT_CHARS} characters")]
    markdown = uri.lower().endswith((".md", ".markdown"))
    try:
        chains = read_document(text, markdown=markdown)
    except Exception as exc:  # the reader is meant never to raise; if it does, say so once
        return [Item("", uri, 1, problem=f"the document could not be read: {type(exc).__name__}")]
    items = []
    for c in chains:
        problem = c.problem
        if problem is None and len(c.latex) > MAX_CHAIN_CHARS:
            problem = f"longer than {MAX_CHAIN_CHARS} characters"
        items.append(Item(c.latex, uri, c.line, c.assume, problem, c.notes,
                          link_lines=c.link_lines))
    return items


# ----------------------------------------------------------------------------- diagnostics

def _line_range(lines: list[str], line: int | None) -> types.Range:
    row = max((line or 1) - 1, 0)
    row = min(row, max(len(lines) - 1, 0))
    width = len(lines[row]) if lines else 0
    return types.Range(types.Position(row, 0), types.Position(row, width))


def _counterexample(link: CheckedLink) -> str:
    return ", ".join(f"{name} = {value}" for name, value in link.outcome.counterexample or ())


def _tried(link: CheckedLink) -> str:
    methods = []
    for evidence in link.outcome.evidence:
        if evidence.method not in methods:
            methods.append(evidence.method)
    last = link.outcome.evidence[-1].detail if link.outcome.evidence else ""
    text = f"tried: {', '.join(methods)}" if methods else "nothing applied"
    return f"{text}; {last}" if last else text


def diagnostics_of(result: Result, lines: list[str], settings: Settings,
                   options: FileOptions) -> list[types.Diagnostic]:
    """The diagnostics of one chain's result (possibly none)."""
    found = []
    for bad in result.unreadable:
        found.append(types.Diagnostic(_line_range(lines, bad.line), f"unreadable: {bad.reason}",
                                      severity=types.DiagnosticSeverity.Warning, source=SOURCE,
                                      code="unreadable"))
    for link in result.links:
        verdict = link.outcome.verdict
        where = _line_range(lines, link.line)
        if verdict is Verdict.REFUTED:
            message = f"refuted: {link.latex}; counterexample (certified): {_counterexample(link)}"
            severity = types.DiagnosticSeverity.Error
        elif verdict in _UNDECIDED or (verdict is Verdict.VERIFIED and options.strict):
            message = f"{verdict.value}: {link.latex}; {_tried(link)}"
            severity = types.DiagnosticSeverity.Warning
        elif verdict in (Verdict.PROVED, Verdict.VERIFIED):
            if settings.show_proved is ShowProved.NONE:
                continue
            evidence = link.outcome.evidence[0] if link.outcome.evidence else None
            message = f"{verdict.value}: {link.latex}" + (f" ({evidence.method})" if evidence else "")
            severity = (types.DiagnosticSeverity.Information
                        if settings.show_proved is ShowProved.INFORMATION
                        else types.DiagnosticSeverity.Hint)
        else:  # prose: nothing to say
            continue
        found.append(types.Diagnostic(where, message, severity=severity, source=SOURCE,
                                      code=verdict.value))
    return found


def hover_text(result: Result) -> str:
    """Markdown for a hover: each link's verdict and the evidence that decided it."""
    parts = []
    for bad in result.unreadable:
        parts.append(f"**unreadable**: {bad.reason}")
    for link in result.links:
        outcome = link.outcome
        lines = [f"**{outcome.verdict.value}** `{link.latex}`"]
        if link.assume:
            lines.append(f"- assuming (stated in the display): {', '.join(link.assume)}")
        if outcome.counterexample:
            lines.append(f"- counterexample (certified): {_counterexample(link)}")
        for evidence in outcome.telling[:6]:   # the evidence that decided, or every attempt
            lines.append(f"- {evidence.method}: {evidence.detail}")
        lines.append(f"- ({outcome.seconds:.2f} s)")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def display_end(lines: list[str], line: int, markdown: bool) -> int:
    """The 0-based row on which the display holding 1-based ``line`` ends."""
    closers = ("```", "$$") if markdown else ("\\end{", "$$", "\\]")
    start = max(line - 1, 0)
    for row in range(start, min(len(lines), start + 200)):
        text = lines[row].strip()
        if any(c in text for c in closers):
            # a line that opens a display and holds nothing else does not close it
            if row == start and text in ("$$", "\\[", "```math") or \
                    (row == start and text.startswith("\\begin{") and "\\end{" not in text):
                continue
            return row
    return start


# ----------------------------------------------------------------------------- the server

# a fixed document read (never checked) while warming: a display in each form the reader knows
_WARM_DOCUMENT = r"""% stepcheck: assume a > 0
\begin{equation}
(a+b)^2 = a^2 + 2ab + b^2
\end{equation}
\[ \frac{a}{b} \le 1 \]
$$ e^{x} \ge 1 + x $$
\begin{align}
x &= y \\
  &\le z
\end{align}
```math
x = x
```
"""


@dataclass
class _Document:
    """What the server knows of one open document."""

    generation: int = 0
    results: dict[int, tuple[str, Result]] = field(default_factory=dict)  # chain index -> (key, result)
    wanted: frozenset[str] = frozenset()    # the keys of the chains of the latest text
    pending: asyncio.Task | None = None


class StepcheckServer(LanguageServer):
    """The language server: documents, settings, the cache and the warm pool of checkers."""

    def __init__(self):
        super().__init__("stepcheck", _version())
        self.settings = Settings()
        self.cache: dict[str, Result] = {}
        self.cache_lock = threading.Lock()
        self.documents: dict[str, _Document] = {}
        self.pool: ThreadPoolExecutor | None = None
        self.inflight: dict[str, asyncio.Future] = {}

    def warm(self) -> None:
        """Import the reader and every checker family and fill their caches now, so each
        forked child starts warm (``commands.warm``)."""
        from symbolic.commands import warm
        warm.warm()
        # the document reader (pylatexenc and the display passes) too, which the first open
        # or edit would otherwise import, after the freeze below
        for uri in ("file:///warm.tex", "file:///warm.md"):
            items_of(_WARM_DOCUMENT, uri)
        # Every object alive now lives as long as the server: out of the collector's reach, a
        # child's collection no longer writes to each of them (a copy of nearly every page of
        # the forked process), nor does the server's own
        gc.collect()
        gc.freeze()
        self.pool = ThreadPoolExecutor(max_workers=self.settings.jobs, thread_name_prefix="stepcheck")

    def config(self, options: FileOptions) -> CheckConfig:
        return CheckConfig(timeout_s=self.settings.timeout_s, imaginary_unit=options.imaginary_unit)

    def schedule(self, uri: str, delay: float) -> None:
        """(Re)check ``uri`` after ``delay`` seconds; a newer edit cancels the wait."""
        doc = self.documents.setdefault(uri, _Document())
        doc.generation += 1
        if doc.pending is not None and not doc.pending.done():
            doc.pending.cancel()
        doc.pending = asyncio.ensure_future(self._check_document(uri, doc.generation, delay))

    async def _check_document(self, uri: str, generation: int, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        doc = self.documents.get(uri)
        if doc is None or doc.generation != generation:
            return
        text = self.workspace.get_text_document(uri).source
        lines = text.splitlines()
        options = file_options(text, self.settings)
        config = self.config(options)
        items = items_of(text, uri)
        keys = [cache_key(item, options, config) for item in items]
        doc.wanted = frozenset(keys)   # before any submission: a started check asks for it
        # results of chains whose key did not change are kept; the others wait for their check
        fresh: dict[int, tuple[str, Result]] = {}
        waiting: dict[asyncio.Future, int] = {}
        for index, (item, key) in enumerate(zip(items, keys)):
            with self.cache_lock:
                cached = self.cache.get(key)
            if cached is not None:
                fresh[index] = (key, relocated(cached, item))
            else:
                waiting[self._submit(key, item, options, config)] = index
        doc.results = fresh
        self._publish(uri, doc, lines, options)
        while waiting:
            done, _ = await asyncio.wait(list(waiting), return_when=asyncio.FIRST_COMPLETED)
            if doc.generation != generation or self.documents.get(uri) is not doc:
                return  # a newer edit owns the document (or it was closed); the checks still fill the cache
            for future in done:
                index = waiting.pop(future)
                result = future.result()
                if result is None:   # skipped as stale while this text was still current: rare
                    result = await asyncio.wrap_future(self.pool.submit(
                        check_chain, items[index], options, config))
                doc.results[index] = (keys[index], relocated(result, items[index]))
            self._publish(uri, doc, lines, options)

    def _submit(self, key: str, item: Item, options: FileOptions, config: CheckConfig) -> asyncio.Future:
        """A future for the result of one chain; the same chain asked twice is checked once."""
        running = self.inflight.get(key)
        if running is not None:
            return running

        def work() -> Result | None:
            # typing fast queues checks of texts already gone: skip those not yet started,
            # so that they cannot keep the workers from the text on screen
            if not any(key in doc.wanted for doc in list(self.documents.values())):
                return None
            result = check_chain(item, options, config)
            if not any(link.outcome.verdict is Verdict.ERROR for link in result.links):
                with self.cache_lock:  # an error may be the machine's: try again next time
                    self.cache[key] = result
            return result

        future = asyncio.wrap_future(self.pool.submit(work))
        self.inflight[key] = future
        future.add_done_callback(lambda _f: self.inflight.pop(key, None))
        return future

    def _publish(self, uri: str, doc: _Document, lines: list[str], options: FileOptions) -> None:
        diagnostics = []
        for index in sorted(doc.results):
            diagnostics += diagnostics_of(doc.results[index][1], lines, self.settings, options)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def result_at(self, uri: str, row: int) -> Result | None:
        """The result of the chain whose links (or first line) sit on 0-based ``row``."""
        doc = self.documents.get(uri)
        if doc is None:
            return None
        for _key, result in doc.results.values():
            rows = {(link.line or 1) - 1 for link in result.links} | \
                   {(bad.line or 1) - 1 for bad in result.unreadable}
            if row in rows:
                return result
        return None


def _version() -> str:
    from symbolic import __version__
    return __version__


server = StepcheckServer()


@server.feature(types.INITIALIZE)
def _initialize(ls: StepcheckServer, params: types.InitializeParams) -> None:
    ls.settings = Settings.from_client(params.initialization_options, ls.settings)
    ls.warm()


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
def _configuration(ls: StepcheckServer, params: types.DidChangeConfigurationParams) -> None:
    ls.settings = Settings.from_client(params.settings, ls.settings)
    for uri in list(ls.documents):
        ls.schedule(uri, 0.0)


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def _did_open(ls: StepcheckServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0.0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def _did_change(ls: StepcheckServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, ls.settings.debounce_s)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def _did_save(ls: StepcheckServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0.0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def _did_close(ls: StepcheckServer, params: types.DidCloseTextDocumentParams) -> None:
    doc = ls.documents.pop(params.text_document.uri, None)
    if doc is not None and doc.pending is not None:
        doc.pending.cancel()
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_HOVER)
def _hover(ls: StepcheckServer, params: types.HoverParams) -> types.Hover | None:
    result = ls.result_at(params.text_document.uri, params.position.line)
    if result is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                    value=hover_text(result)))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def _code_action(ls: StepcheckServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    lines = ls.workspace.get_text_document(uri).source.splitlines()
    markdown = uri.lower().endswith((".md", ".markdown"))
    actions = []
    for row in range(params.range.start.line, params.range.end.line + 1):
        result = ls.result_at(uri, row)
        if result is None:
            continue
        for link in result.links:
            if link.outcome.verdict is not Verdict.REFUTED or (link.line or 1) - 1 != row:
                continue
            comment = f"counterexample (certified) to {link.latex}: {_counterexample(link)}"
            comment = f"<!-- stepcheck: {comment} -->" if markdown else f"% stepcheck: {comment}"
            below = display_end(lines, link.line or 1, markdown) + 1
            edit = types.TextEdit(types.Range(types.Position(below, 0), types.Position(below, 0)),
                                  comment + "\n")
            actions.append(types.CodeAction(
                title="Insert the counterexample as a comment below the display",
                kind=types.CodeActionKind.QuickFix,
                edit=types.WorkspaceEdit(changes={uri: [edit]})))
    return actions


def serve() -> int:
    """Run the server on stdin/stdout until the client ends it."""
    import os
    import sys
    # The protocol gets private copies of the standard streams. Each check forks a child,
    # and a forked child that touches ``sys.stdin`` (a ``multiprocessing`` child closes it first
    # thing) would hang on the lock that the protocol's reader thread, blocked inside it,
    # holds, until its budget ran out. Whatever else writes to stdout (a library's print)
    # goes to stderr, so it can never corrupt the protocol's messages.
    protocol_in = os.fdopen(os.dup(sys.stdin.fileno()), "rb")
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")
    sys.stdout = sys.stderr
    server.start_io(protocol_in, protocol_out)
    return 0


def run(args) -> int:
    """``stepcheck serve`` (``symbolic.cli``): the server on stdio."""
    return serve()
