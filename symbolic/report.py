"""``stepcheck report`` and ``stepcheck list``: check documents and write or show their reports.

``report`` checks every step (through the cache unless ``--no-cache``; ``--jobs`` in
parallel), renders all reports in memory and writes the files that changed; with
``--check`` it writes nothing and exits 1 naming every stale or missing file. Progress
goes to stderr only when stderr is a terminal; otherwise the one-line result is all.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Mapping, Sequence

from symbolic.cache import DEFAULT_ROOT, Cache, step_keys, write_atomic
from symbolic.config import CheckConfig
from symbolic.errors import StepcheckError, UnknownDocumentError
from symbolic.model import Derivation, Outcome, Verdict
from symbolic.render import render_reports, stale_files, write_reports
from symbolic.runner import check_derivation

REPORT_CONFIG = CheckConfig()
# Source files edited after this moment may differ from the code this process runs:
# rendered files are then not stored under their (new) digest. The margin covers the
# modules imported before this one.
_CODE_LOADED_BY = time.time() - 2.0


# ---------------------------------------------------------------- finding documents

def resolve_documents(names: Sequence[str]) -> list[Derivation]:
    """The derivations named by ids or ``.py`` paths (every encoded document when empty)."""
    import proofs

    names = list(names) or list(proofs.document_ids())
    derivations = [load_derivation_file(n) if _is_path(n) else proofs.load(n) for n in names]
    seen: dict[str, str] = {}
    for name, derivation in zip(names, derivations):
        if derivation.id in seen:
            raise StepcheckError(f"{name} and {seen[derivation.id]} both define document "
                                 f"{derivation.id!r}; give one of them another id")
        seen[derivation.id] = name
    return derivations


def _is_path(name: str) -> bool:
    return name.endswith(".py") or "/" in name or "\\" in name


def load_derivation_file(path: str | Path) -> Derivation:
    """The ``DERIVATION`` defined by a Python file (imported as a module, not evaluated as text)."""
    path = Path(path)
    if not path.is_file():
        raise UnknownDocumentError(f"no such file {str(path)!r}: give a document id "
                                   "('stepcheck list' shows them) or the path of a .py file")
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(f"_stepcheck_doc_{digest}", path)
    if spec is None or spec.loader is None:
        raise UnknownDocumentError(f"{path} cannot be imported as a Python module; "
                                   "name it <something>.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling look modules up by name
    spec.loader.exec_module(module)
    derivation = getattr(module, "DERIVATION", None)
    if not isinstance(derivation, Derivation):
        raise UnknownDocumentError(f"{path} defines no DERIVATION (a symbolic.model.Derivation); "
                                   "add 'DERIVATION = Derivation(...)' at module level")
    return derivation


# ---------------------------------------------------------------- report

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
    cache = Cache(cache_root or DEFAULT_ROOT) if use_cache else None
    checked = []
    for derivation in derivations:
        progress = _ProgressLine(derivation.id) if show_progress else None
        start, hits = time.perf_counter(), cache.hits if cache else 0
        outcomes = check_derivation(derivation, config=config, jobs=jobs, cache=cache,
                                    progress=progress)
        outcomes = rerun_timeouts(derivation, outcomes, config=config, cache=cache)
        checked.append((derivation, outcomes))
        if timings is not None:
            timings[derivation.id] = {"seconds": round(time.perf_counter() - start, 2),
                                      "steps": len(derivation.steps),
                                      "from_cache": (cache.hits - hits) if cache else 0}
    if timings is not None and cache is not None:
        timings["cache_bytes"] = cache.size_bytes()
    return checked


RERUN_BUDGET_FACTOR = 4  # a timed-out step re-run alone gets this many times the wall budget


def rerun_timeouts(derivation: Derivation, outcomes: Mapping[str, Outcome], *,
                   config: CheckConfig = REPORT_CONFIG, cache: Cache | None = None) -> dict[str, Outcome]:
    """Outcomes with every ``timeout`` step checked once more, alone, before a report is written.

    Budgets are counted in work (draws, points, sizes), so a step's verdict does not depend
    on the machine; the wall-clock limit is a safety net far above the normal cost. A step
    that still hit it while other steps ran in parallel, or while the machine was busy, is
    re-run here with nothing else of ours running, and with ``RERUN_BUDGET_FACTOR`` times
    the wall-clock budget (the work is the same; only a busy machine is slower); its new
    outcome replaces the cached ``timeout``. A step that times out again keeps its honest
    ``timeout``.
    """
    from symbolic.checks import CheckContext
    from symbolic.runner import _check_one, _dependency_outcomes

    timed_out = [s for s in derivation.steps if outcomes[s.id].verdict is Verdict.TIMEOUT]
    if not timed_out:
        return dict(outcomes)
    result = dict(outcomes)
    keys = step_keys(derivation, config) if cache is not None else {}
    alone = config.but(timeout_s=RERUN_BUDGET_FACTOR * config.timeout_s)
    for step in timed_out:
        context = CheckContext(derivation, _dependency_outcomes(derivation, step, result))
        outcome = _check_one(step, alone, context)
        result[step.id] = outcome
        if cache is not None and outcome.verdict is not Verdict.ERROR:
            cache.put(keys[step.id], outcome)
        if outcome.verdict is Verdict.TIMEOUT:
            print(f"{derivation.id} {step.id}: timed out again when re-run alone "
                  f"(budget {alone.timeout_s:g} s); reported as timeout", file=sys.stderr)
    return result


def run_report(args) -> int:
    """``stepcheck report``: returns 0 when written (or fresh with --check), 1 for stale files.

    ``summary.json`` and ``README.md`` cover the documents of this run (all by default).
    Only files whose bytes change are rewritten; ``timings.json`` is written beside them.
    """
    derivations = resolve_documents(args.docs)
    out = Path(args.out)
    timings: dict = {}
    checked = check_documents(derivations, jobs=args.jobs, use_cache=not args.no_cache,
                              show_progress=sys.stderr.isatty(), timings=timings)
    files = render_cached(checked, cache_root=None if args.no_cache else DEFAULT_ROOT)
    if args.check:
        stale = stale_files(files, out)
        for relative, why in stale:
            print(f"{(out / relative).as_posix()}: {why}")
        if stale:
            print(f"{len(stale)} of {len(files)} report files in {out.as_posix()}/ are stale or "
                  "missing; run 'stepcheck report' and commit the result")
            return 1
        print(f"all {len(files)} report files in {out.as_posix()}/ are up to date")
        return 0
    changed = write_reports(files, out)
    # timings are not deterministic: a separate file that is never compared (and gitignored)
    write_atomic(out / "timings.json", (json.dumps(timings, indent=2, sort_keys=True) + "\n").encode())
    print(f"{len(derivations)} document(s): wrote {len(changed)} of {len(files)} report files "
          f"in {out.as_posix()}/ ({_verdict_summary(checked)})")
    if args.pdf:
        return _compile_pdfs(files, out)
    return 0


# ---------------------------------------------------------------- rendered files, cached

RENDER_FORMAT = 2


def render_cached(checked: Sequence[tuple[Derivation, Mapping[str, Outcome]]], *,
                  cache_root: str | Path | None = DEFAULT_ROOT) -> dict[str, bytes]:
    """``render_reports(checked)``, served from ``<cache_root>/reports/`` when nothing changed.

    Rendering (printing every claim, drawing figures) takes seconds; its result depends
    only on the outcomes, the derivations (built by the source files of the loaded modules
    outside the installed libraries), the renderer's code and the libraries' versions.
    ``render_key`` digests all of these; the files are stored by content digest and
    checked against it when read, so a damaged entry is rendered again, never used.
    With ``cache_root=None`` (``--no-cache``) nothing is read or stored.
    """
    if cache_root is None:
        return render_reports(checked)
    root = Path(cache_root) / "reports"
    key = render_key(checked)
    files = _read_rendered(root, key)
    if files is None:
        files = render_reports(checked, figure_cache=Path(cache_root) / "figures")
        if not _sources_edited_since_loaded():
            _store_rendered(root, key, files)
    return files


def _sources_edited_since_loaded() -> bool:
    """Whether a source file changed while this process ran (its digest would not match the code)."""
    import os

    for path in _source_files():
        try:
            if os.stat(path).st_mtime >= _CODE_LOADED_BY:
                return True
        except OSError:
            return True
    return False


def render_key(checked: Sequence[tuple[Derivation, Mapping[str, Outcome]]]) -> str:
    """A digest of everything the rendered files of checked documents are made from."""
    import json as _json

    from symbolic.cache import outcome_to_json

    digest = hashlib.sha256(f"render {RENDER_FORMAT}\n{_library_versions()}\n".encode())
    for path in _source_files():
        digest.update(f"{path}\0".encode() + _file_bytes(path) + b"\0")
    for derivation, outcomes in checked:
        data = [derivation.id, [[step_id, outcome_to_json(outcome)]
                                for step_id, outcome in outcomes.items()]]
        digest.update(_json.dumps(data, sort_keys=True).encode() + b"\0")
    return digest.hexdigest()


def _library_versions() -> str:
    from symbolic.cache import library_versions

    return f"python {sys.version}; {library_versions()}"


def _source_files() -> list[str]:
    """The source files that can shape a report: the ``symbolic`` and ``proofs`` packages
    and every other loaded module that is not part of Python or an installed library
    (a document's helpers, a document loaded from a path)."""
    import os
    import sysconfig

    import proofs
    import symbolic

    paths = [p for key in ("stdlib", "platstdlib", "purelib", "platlib")
             if (p := sysconfig.get_paths().get(key))]
    # both spellings: module paths are not resolved (resolving each costs a tenth of a second)
    libraries = tuple({os.path.join(form, "") for p in paths
                       for form in (os.path.abspath(p), os.path.realpath(p))})
    found = set()
    for package in (symbolic, proofs):
        found.update(os.path.abspath(p) for p in Path(package.__file__).parent.rglob("*.py"))
    for module in list(sys.modules.values()):
        filename = getattr(module, "__file__", None)
        if filename and filename.endswith(".py"):
            filename = os.path.abspath(filename)
            if not filename.startswith(libraries):
                found.add(filename)
    return sorted(found)


def _file_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b"<unreadable>"


def _read_rendered(root: Path, key: str) -> dict[str, bytes] | None:
    """The files stored under a render key, or None when any is missing or damaged."""
    try:
        manifest = json.loads((root / f"{key}.json").read_text(encoding="utf-8"))
        if manifest.get("format") != RENDER_FORMAT:
            return None
        files = {}
        for relative, blob in manifest["files"].items():
            data = (root / "blobs" / blob[:2] / blob).read_bytes()
            if hashlib.sha256(data).hexdigest() != blob:
                return None
            files[relative] = data
        return files
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # a missing or damaged entry is a miss, never an error


def _store_rendered(root: Path, key: str, files: Mapping[str, bytes]) -> None:
    manifest = {}
    for relative, data in files.items():
        blob = hashlib.sha256(data).hexdigest()
        path = root / "blobs" / blob[:2] / blob
        if not path.is_file():
            write_atomic(path, data)
        manifest[relative] = blob
    write_atomic(root / f"{key}.json",
                 json.dumps({"format": RENDER_FORMAT, "files": manifest}, sort_keys=True).encode())


def _verdict_summary(checked) -> str:
    counts: dict[str, int] = {}
    for _, outcomes in checked:
        for outcome in outcomes.values():
            counts[outcome.verdict.value] = counts.get(outcome.verdict.value, 0) + 1
    return ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict if v.value in counts) or "no steps"


def _compile_pdfs(files: Mapping[str, bytes], out: Path) -> int:
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
    return 1 if failures else 0


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


# ---------------------------------------------------------------- list

def cached_outcomes(derivation: Derivation, *, config: CheckConfig = REPORT_CONFIG,
                    cache: Cache | None = None) -> dict[str, Outcome]:
    """The outcomes of a derivation's steps that the cache holds (possibly not all)."""
    cache = cache or Cache()
    keys = step_keys(derivation, config)
    found = {}
    for step in derivation.steps:
        outcome = cache.get(keys[step.id])
        if outcome is not None:
            found[step.id] = outcome
    return found


def run_list(args) -> int:
    """``stepcheck list [DOC]``: the documents with counts, or one document's steps with verdicts."""
    if args.doc is None:
        return _list_documents()
    derivation = resolve_documents([args.doc])[0]
    outcomes = cached_outcomes(derivation)
    if len(outcomes) == len(derivation.steps):
        source = "verdicts from the cache (.stepcheck-cache/)"
    else:
        source = f"checked now ({len(derivation.steps) - len(outcomes)} steps were not in the cache)"
        outcomes = check_documents([derivation], show_progress=sys.stderr.isatty())[0][1]
    from symbolic.render.rows import build_rows

    row = build_rows(derivation, outcomes)
    print(f"{derivation.id}: {derivation.title} ({len(derivation.steps)} steps; {source})")
    width = max((len(s.id) for s in row.steps), default=4)
    for step in row.steps:
        mark = "  (rests on unproved: " + ", ".join(r for r, _ in step.shaky) + ")" if step.shaky else ""
        print(f"  {step.id:<{width}}  {step.kind:<13} {step.verdict.value:<12}{mark}".rstrip())
    return 0


def _list_documents() -> int:
    import proofs

    ids = proofs.document_ids()
    if not ids:
        print("no encoded documents (proofs/ has no document modules)")
        return 0
    width = max(len(i) for i in ids)
    for doc_id in ids:
        try:
            derivation = proofs.load(doc_id)
        except Exception as exc:  # one broken document must not hide the others
            print(f"{doc_id:<{width}}  cannot be loaded: {type(exc).__name__}: {' '.join(str(exc).split())}")
            continue
        outcomes = cached_outcomes(derivation)
        total = len(derivation.steps)
        if outcomes:
            counts: dict[str, int] = {}
            for outcome in outcomes.values():
                counts[outcome.verdict.value] = counts.get(outcome.verdict.value, 0) + 1
            text = ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict if v.value in counts)
            if len(outcomes) < total:
                text += f", {total - len(outcomes)} not checked yet"
        else:
            text = "not checked yet (run 'stepcheck report')"
        print(f"{doc_id:<{width}}  {total:>3} steps  {derivation.title}\n{'':<{width}}  {text}")
    return 0
