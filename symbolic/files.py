"""Writing files so that a reader never sees half of one: the one file utility of the package."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Mapping


def write_atomic(path: Path, data: bytes) -> None:
    """Write bytes to ``path`` through a temporary file in the same folder and ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_reports(files: Mapping[str, bytes], out: str | Path) -> list[str]:
    """Write report files under ``out`` atomically; returns the paths that changed."""
    out = Path(out)
    changed = []
    for relative, data in files.items():
        path = out / relative
        if path.is_file() and path.read_bytes() == data:
            continue
        write_atomic(path, data)
        changed.append(relative)
    return changed


def stale_files(files: Mapping[str, bytes], out: str | Path) -> list[tuple[str, str]]:
    """The report files under ``out`` that differ from ``files``: (path, "stale" or "missing")."""
    out = Path(out)
    found = []
    for relative, data in files.items():
        path = out / relative
        if not path.is_file():
            found.append((relative, "missing"))
        elif path.read_bytes() != data:
            found.append((relative, "stale"))
    return found
