"""The cache of rendered report files: ``render_reports`` served from disk when nothing changed."""
from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Mapping, Sequence

from symbolic.cache import DEFAULT_ROOT, write_atomic
from symbolic.model import Derivation, Outcome
from symbolic.render import render_reports

# Source files edited after this moment may differ from the code this process runs:
# rendered files are then not stored under their (new) digest. The margin covers the
# modules imported before this one.
_CODE_LOADED_BY = time.time() - 2.0

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

    digest = hashlib.sha256(f"render {RENDER_FORMAT}\n{_library_versions()}\n".encode())
    for path in _source_files():
        digest.update(f"{path}\0".encode() + _file_bytes(path) + b"\0")
    for derivation, outcomes in checked:
        data = [derivation.id, [[step_id, outcome.to_json()]
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
