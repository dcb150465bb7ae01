"""The cache of whole ``stepcheck report`` runs: a warm report without SymPy or a document.

A report's files are made from the documents it names, the source files the run loaded (the
``symbolic`` and ``proofs`` packages, every file under ``proofs/``, and any other module outside
Python and the installed libraries), the libraries' versions and Python's. After a full run
that used the cache and gave no ``error`` outcome, ``store`` records, under a key of the
request (the document ids asked for), the digest of every such file, the versions, the tally
and the files written (as blobs beside the render cache's). A later run with the same request
first calls ``run_from_cache``: it reads and digests those files (importing neither SymPy nor a
document) and, when every digest and version matches and no file was added to the packages,
writes the stored files (or compares them, with ``--check``) exactly as the full run would.
Any difference is a miss, and the full run follows: the step cache then serves each unchanged
step. Entries are JSON and blobs checked against their SHA-256; reading one never runs code.

Documents given as paths of ``.py`` files, ``--no-cache`` and ``--pdf`` always take the full run.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

RUN_FORMAT = 1
ROOT_DEFAULT = ".stepcheck-cache"   # ``symbolic.cache.DEFAULT_ROOT`` (not imported: it loads SymPy)
_LIBRARIES = ("sympy", "mpmath", "python-flint", "latex2sympy2_extended", "pylatexenc",
              "matplotlib", "numpy")


def _request(docs) -> str | None:
    """The key of what was asked, or None when the run must not be served from this cache."""
    docs = list(docs or ())
    if any(d.endswith(".py") or "/" in d or "\\" in d for d in docs):
        return None    # a document from a path: its own imports are not known before loading
    text = json.dumps({"format": RUN_FORMAT, "docs": docs}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _trees() -> list[Path]:
    """The package folders whose every file counts: ``symbolic`` (its .py files) and ``proofs``."""
    import importlib.util
    trees = [Path(__file__).resolve().parent.parent]
    spec = importlib.util.find_spec("proofs")      # finds the package without importing it
    if spec is not None and spec.submodule_search_locations:
        trees += [Path(p).resolve() for p in spec.submodule_search_locations]
    return trees


def _tree_files() -> set[str]:
    """Every source file of the trees now (``symbolic``: .py files; ``proofs``: every file)."""
    found = set()
    symbolic_root, *proof_roots = _trees()
    found.update(str(p) for p in symbolic_root.rglob("*.py") if "__pycache__" not in p.parts)
    for root in proof_roots:
        found.update(str(p) for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return found


def _digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def _versions() -> dict[str, str]:
    """Python's version and the installed distribution (name and version) of each library,
    read from the names of their ``.dist-info`` folders: ``importlib.metadata`` alone costs
    more than the rest of a warm run."""
    wanted = {name.lower().replace("-", "_") for name in _LIBRARIES}
    versions = {"python": sys.version}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                project = name.split("-")[0].lower().replace(".", "_")
                if project in wanted and project not in versions:
                    versions[project] = name     # the first on the path is the one imported
    return versions


def _paths(root: Path, key: str) -> Path:
    return root / "runs" / f"{key}.json"


def _blob(root: Path, blob: str) -> Path:
    return root / "reports" / "blobs" / blob[:2] / blob     # the render cache's blob store


def lookup(docs, root: str | Path = ROOT_DEFAULT) -> dict | None:
    """The stored run for ``docs`` with its files (``entry["bytes"]``) when every source file
    and version still matches, else None."""
    key = _request(docs)
    if key is None:
        return None
    root = Path(root)
    try:
        entry = json.loads(_paths(root, key).read_text(encoding="utf-8"))
        if entry.get("format") != RUN_FORMAT or entry.get("request") != key:
            return None
        sources: dict = entry["sources"]
        trees = [str(t) for t in _trees()]
        recorded = {p for p in sources if any(p.startswith(os.path.join(t, "")) for t in trees)}
        if recorded != _tree_files():
            return None              # a source file was added or removed
        if any(_digest(path) != digest for path, digest in sources.items()):
            return None              # a source file changed
        if entry["versions"] != _versions():
            return None
        files = {}
        for relative, blob in entry["files"].items():
            data = _blob(root, blob).read_bytes()
            if hashlib.sha256(data).hexdigest() != blob:
                return None
            files[relative] = data
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None   # a missing or damaged entry is a miss, never an error
    entry["bytes"] = files
    return entry


def store(docs, files: dict[str, bytes], *, summary: str, steps: dict[str, int],
          source_files, root: str | Path = ROOT_DEFAULT) -> bool:
    """Record a full run (see the module's docstring); returns whether it was stored.

    ``source_files`` are the loaded modules' files (``commands.rendered._source_files``),
    to which every file of the trees is added.
    """
    key = _request(docs)
    if key is None:
        return False
    from symbolic.files import write_atomic
    root = Path(root)
    sources = {path: _digest(path) for path in sorted(set(source_files) | _tree_files())}
    manifest = {}
    for relative, data in files.items():
        blob = hashlib.sha256(data).hexdigest()
        path = _blob(root, blob)
        if not path.is_file():
            write_atomic(path, data)
        manifest[relative] = blob
    entry = {"format": RUN_FORMAT, "request": key, "sources": sources, "versions": _versions(),
             "files": manifest, "summary": summary, "steps": steps}
    write_atomic(_paths(root, key), json.dumps(entry, sort_keys=True).encode("utf-8"))
    return True


def run_from_cache(args):
    """``stepcheck report`` served from a stored run: the exit code, or None for a full run."""
    if getattr(args, "no_cache", False) or getattr(args, "pdf", False):
        return None
    entry = lookup(args.docs)
    if entry is None:
        return None
    from symbolic.commands import ExitCode
    from symbolic.files import stale_files, write_atomic, write_reports
    files: dict[str, bytes] = entry["bytes"]
    out = Path(args.out)
    if args.check:     # the messages of ``report --check`` (commands/report.py)
        stale = stale_files(files, out)
        for relative, why in stale:
            print(f"{(out / relative).as_posix()}: {why}")
        if stale:
            print(f"{len(stale)} of {len(files)} report files in {out.as_posix()}/ are stale or "
                  "missing; run 'stepcheck report' and commit the result")
            return ExitCode.FAILED
        print(f"all {len(files)} report files in {out.as_posix()}/ are up to date")
        return ExitCode.OK
    changed = len(write_reports(files, out))
    timings = {doc: {"seconds": 0.0, "steps": n, "from_cache": n} for doc, n in entry["steps"].items()}
    timings["run_cache"] = True
    write_atomic(out / "timings.json", (json.dumps(timings, indent=2, sort_keys=True) + "\n").encode())
    print(f"{len(entry['steps'])} document(s): wrote {changed} of {len(files)} report files "
          f"in {out.as_posix()}/ ({entry['summary']})")
    return ExitCode.OK
