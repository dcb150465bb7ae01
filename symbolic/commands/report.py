"""``stepcheck report``: check the encoded documents and write their reports.

``report`` checks every step (through the cache unless ``--no-cache``; ``--jobs`` in
parallel), renders all reports in memory (``commands.rendered``) and writes the files that
changed; with ``--check`` it writes nothing and exits 1 naming every stale or missing file.
Progress goes to stderr only when stderr is a terminal; otherwise the one-line result is all.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Mapping, Sequence

from symbolic.cache import DEFAULT_ROOT, Cache, step_keys, write_atomic
from symbolic.commands import ExitCode, warm
from symbolic.commands.rendered import render_cached
from symbolic.commands.targets import resolve_documents
from symbolic.config import CheckConfig
from symbolic.errors import StepcheckError
from symbolic.model import Derivation, Outcome, Tally, Verdict
from symbolic.render import stale_files, write_reports
from symbolic.runner import check_derivations

REPORT_CONFIG = CheckConfig()


class _ProgressLine:
    """One line per document on a terminal, rewritten as its steps are checked."""

    def __init__(self, doc_id: str, stream=None):
        self.doc_id = doc_id
        self.stream = stream or sys.stderr

    def __call__(self, done: int, total: int, step_id: str) -> None:
        self.stream.write(f"\r\033[K{self.doc_id}: {done}/{total} steps ({step_id})")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def check_documents(derivations: Sequence[Derivation], *, jobs: int = 1, use_cache: bool = True,
                    config: CheckConfig = REPORT_CONFIG, cache_root: str | Path | None = None,
                    show_progress: bool = False,
                    timings: dict | None = None) -> list[tuple[Derivation, dict[str, Outcome]]]:
    """Check documents (through the cache unless ``use_cache`` is false).

    ``timings``, when given, receives per document the wall time and the number of
    steps served by the cache (for ``timings.json``; never part of a report).
    """
    cache = _WarmingCache(cache_root or DEFAULT_ROOT) if use_cache else None
    if cache is None and sum(len(d.steps) for d in derivations) >= warm.MIN_CLAIMS:
        _warm()
    # every document's steps in one set of ``jobs`` children (``runner.check_derivations``):
    # the same outcomes as one document after another, without a core left idle at the end
    # of each; the re-runs of timed-out steps follow, with nothing else of ours running
    start = time.perf_counter()
    hits: list[int] = []
    ended = [0.0] * len(derivations)
    progress = [_ProgressLine(d.id) if show_progress else None for d in derivations]

    def done(index: int) -> None:
        ended[index] = time.perf_counter() - start

    runs = check_derivations(derivations, config=config, jobs=jobs, cache=cache,
                             progress=progress, done=done, served=hits)
    checked = []
    for index, (derivation, outcomes) in enumerate(zip(derivations, runs)):
        outcomes = rerun_timeouts(derivation, outcomes, config=config, cache=cache)
        checked.append((derivation, outcomes))
        if timings is not None:
            timings[derivation.id] = {"seconds": round(ended[index], 2),
                                      "steps": len(derivation.steps),
                                      "from_cache": hits[index]}
    if timings is not None and cache is not None:
        timings["cache_bytes"] = cache.size_bytes()
    return checked


def _warm() -> None:
    """Warm this process before the steps' children are forked (``commands.warm``)."""
    warm.warm_checking()


class _WarmingCache(Cache):
    """The step cache, warming the process once enough steps missed it: the runner looks
    every step up before it forks the first child, so the children of a run with many
    changed steps start warm, and a warm run (every step served) never pays for warming."""

    def get(self, key: str) -> Outcome | None:
        outcome = super().get(key)
        if outcome is None and self.misses >= warm.MIN_CLAIMS:
            _warm()
        return outcome


RERUN_WALL_FACTOR = 4  # a timed-out step re-run alone gets this many times the wall-clock net


def rerun_timeouts(derivation: Derivation, outcomes: Mapping[str, Outcome], *,
                   config: CheckConfig = REPORT_CONFIG, cache: Cache | None = None) -> dict[str, Outcome]:
    """Outcomes with every ``timeout`` step checked once more, alone, before a report is written.

    Budgets count CPU seconds, so a step's verdict does not depend on the machine; the
    wall-clock limit around its child is a safety net far above the normal cost. A step that
    still hit it while other steps ran in parallel, or while the machine was busy, is re-run
    here with nothing else of ours running: the same CPU budget (the same work, so the same
    verdict as on an idle machine) inside ``RERUN_WALL_FACTOR`` times the wall-clock net. Every
    later step that rests on a re-run step is checked again too, since it was checked with
    that premise's ``timeout`` (ES-24c once came out inconclusive, "premise ES-15 is timeout",
    while ES-15 itself was proved on its re-run). A step that times out again keeps its
    honest ``timeout``.
    """
    from symbolic.checks import CheckContext
    from symbolic.runner import _check_one, _dependency_outcomes

    timed_out = {s.id for s in derivation.steps if outcomes[s.id].verdict is Verdict.TIMEOUT}
    if not timed_out:
        return dict(outcomes)
    result = dict(outcomes)
    keys = step_keys(derivation, config) if cache is not None else {}
    alone = config.but(wall_factor=RERUN_WALL_FACTOR)
    changed: set[str] = set()
    for step in derivation.steps:
        rests_on_changed = bool(changed & set(_dependency_outcomes(derivation, step, result)))
        if step.id not in timed_out and not rests_on_changed:
            continue
        context = CheckContext(derivation, _dependency_outcomes(derivation, step, result))
        outcome = _check_one(step, alone, context)
        if outcome != result[step.id]:
            changed.add(step.id)
        result[step.id] = outcome
        if cache is not None and outcome.verdict is not Verdict.ERROR:
            cache.put(keys[step.id], outcome)
        if outcome.verdict is Verdict.TIMEOUT:
            print(f"{derivation.id} {step.id}: timed out again when re-run alone "
                  f"(the wall-clock net stretched {RERUN_WALL_FACTOR} times); reported as "
                  f"timeout", file=sys.stderr)
    return result


def run(args) -> ExitCode:
    """``stepcheck report``: OK when written (or fresh with --check), FAILED for stale files.

    ``summary.json`` and ``README.md`` cover the documents of this run (all by default).
    Only files whose bytes change are rewritten; ``timings.json`` is written beside them.
    """
    derivations = resolve_documents(args.docs)
    out = Path(args.out)
    timings: dict = {}
    drawing = None if args.no_cache else draw_figures_meanwhile(derivations, DEFAULT_ROOT)
    try:
        checked = check_documents(derivations, jobs=args.jobs, use_cache=not args.no_cache,
                                  show_progress=sys.stderr.isatty(), timings=timings)
    finally:
        if drawing is not None:
            drawing.wait()
    files = render_cached(checked, cache_root=None if args.no_cache else DEFAULT_ROOT)
    if not args.no_cache:
        _store_run(args.docs, checked, files)
    if args.check:
        stale = stale_files(files, out)
        for relative, why in stale:
            print(f"{(out / relative).as_posix()}: {why}")
        if stale:
            print(f"{len(stale)} of {len(files)} report files in {out.as_posix()}/ are stale or "
                  "missing; run 'stepcheck report' and commit the result")
            return ExitCode.FAILED
        print(f"all {len(files)} report files in {out.as_posix()}/ are up to date")
        return ExitCode.OK
    changed = write_reports(files, out)
    # timings are not deterministic: a separate file that is never compared (and gitignored)
    write_atomic(out / "timings.json", (json.dumps(timings, indent=2, sort_keys=True) + "\n").encode())
    print(f"{len(derivations)} document(s): wrote {len(changed)} of {len(files)} report files "
          f"in {out.as_posix()}/ ({_verdict_summary(checked)})")
    if args.pdf:
        return _compile_pdfs(files, out)
    return ExitCode.OK


run_report = run   # the name it had


class _Drawing:
    """A forked child drawing figures into the figure cache; ``wait`` reaps it."""

    def __init__(self, pid: int):
        self.pid = pid

    def wait(self) -> None:
        import os
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:   # already reaped: nothing to wait for
            pass


def draw_figures_meanwhile(derivations: Sequence[Derivation],
                           cache_root: str | Path) -> _Drawing | None:
    """Draw the documents' figures into the figure cache (``<cache_root>/figures``) in a forked
    child, while this process checks the steps; ``None`` when no document has a figure.

    A figure depends on its document only, never on an outcome, and drawing one (importing
    matplotlib, computing the curves) costs about 1.2 s of CPU for the three documents of
    issue 14: done in a child it overlaps the checks instead of following them. Rendering
    then finds each figure in the cache (``render.figures.draw_figures``), where it is read
    only when whole (written atomically, its PNG signature checked): a child that failed or
    was killed leaves a figure to be drawn again by the renderer, as before. The same code
    draws the same bytes in the child as in this process. Call ``wait`` on the result
    before rendering.
    """
    import os
    if not any(derivation.figures for derivation in derivations):
        return None
    figures = Path(cache_root) / "figures"
    for stream in (sys.stdout, sys.stderr):   # nothing buffered here is written twice
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed stream: nothing to keep
            pass
    pid = os.fork()
    if pid:
        return _Drawing(pid)
    code = 1
    try:
        from symbolic.render.figures import draw_figures
        for derivation in derivations:
            draw_figures(derivation, cache=figures)
        code = 0
    except BaseException:   # noqa: BLE001 - the renderer draws what is missing
        pass
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed stream: nothing to keep
                pass
        os._exit(code)


def _store_run(docs, checked, files) -> None:
    """Record this run for ``commands.report_runs`` (a warm report of the same documents
    then writes these files without loading SymPy), unless an outcome is an ``error`` (the
    step cache keeps no error, so a full run would check it again) or a source file changed
    while this process ran."""
    from symbolic.commands import report_runs
    from symbolic.commands.rendered import _source_files, _sources_edited_since_loaded
    if any(o.verdict is Verdict.ERROR for _, outcomes in checked for o in outcomes.values()):
        return
    if _sources_edited_since_loaded():
        return
    report_runs.store(docs, files, summary=_verdict_summary(checked),
                      steps={d.id: len(d.steps) for d, _ in checked},
                      source_files=_source_files(), root=DEFAULT_ROOT)


def _verdict_summary(checked) -> str:
    tally = sum((Tally.of(outcomes.values()) for _, outcomes in checked), Tally())
    return tally.text() or "no steps"


# ---------------------------------------------------------------- --pdf

def _compile_pdfs(files: Mapping[str, bytes], out: Path) -> ExitCode:
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        raise StepcheckError("--pdf needs pdflatex, which is not installed (Debian/Ubuntu: apt-get "
                             "install texlive-latex-base texlive-latex-recommended latex-cjk-common "
                             "latex-cjk-chinese-arphic-gbsn00lp), or leave out --pdf")
    failures = 0
    for name in sorted(n for n in files if n.endswith(".tex")):
        log_path = Path(tempfile.gettempdir()) / f"stepcheck-{name.replace('.tex', '.log')}"
        ok, message = compile_latex(files, name, out / name.replace(".tex", ".pdf"), log_path=log_path)
        if ok:
            wide = [w for w in overfull_boxes(log_path.read_text(encoding="latin-1")) if w > 10]
            if wide:
                print(f"{(out / name).as_posix()}: {len(wide)} line(s) run more than 10 pt into "
                      f"the margin (widest {max(wide):g} pt); log in {log_path}", file=sys.stderr)
        if not ok:
            failures += 1
            print(f"pdflatex failed on {(out / name).as_posix()}: {message}", file=sys.stderr)
    return ExitCode.FAILED if failures else ExitCode.OK


def overfull_boxes(log: str) -> list[float]:
    """How far (pt) each overfull box of a pdflatex log runs into the margin."""
    import re

    return [float(m) for m in re.findall(r"Overfull \\[hv]box \(([0-9.]+)pt too", log)]


def compile_latex(files: Mapping[str, bytes], tex_name: str, pdf_path: Path | None = None,
                  *, runs: int = 2, log_path: Path | None = None) -> tuple[bool, str]:
    """Run pdflatex on one report in a temporary folder (with its figures).

    Returns (ok, first error line or ""); copies the PDF to ``pdf_path`` and the log of
    the last run to ``log_path`` when given.
    """
    with tempfile.TemporaryDirectory(prefix="stepcheck-tex-") as tmp:
        for relative, data in files.items():
            if relative == tex_name or relative.startswith("figures/"):
                target = Path(tmp) / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        for _ in range(runs):  # twice: hyperref's references need a second pass
            result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                                     tex_name], cwd=tmp, capture_output=True, timeout=300)
            if result.returncode != 0:
                log = result.stdout.decode("utf-8", "replace").splitlines()
                errors = [line for line in log if line.startswith("!")]
                return False, errors[0] if errors else f"exit code {result.returncode}"
        if log_path is not None:
            log_path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(tmp) / tex_name.replace(".tex", ".log"), log_path)
        if pdf_path is not None:
            pdf_path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(tmp) / tex_name.replace(".tex", ".pdf"), pdf_path)
    return True, ""
