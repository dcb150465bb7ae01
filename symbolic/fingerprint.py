"""Fingerprints: texts and digests that change whenever what they stand for changes.

The outcome cache keys steps with them (``symbolic.cache``) and the figure renderer keys
drawn figures (``symbolic.render.figures``): a Python function is known by its code,
closure and defining file, never by its address, and the engine by its source files.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import sympy

import symbolic

# Parts of the package that only present results: editing them cannot change a verdict.
_PRESENTATION = ("render", "commands", "report.py", "export.py", "cli.py", "api.py", "cache.py",
                 "runner.py", "pytest_plugin.py", "server.py", "batch_dask.py", "__main__.py",
                 "files.py", "notebook.py")


def canonical(value: Any) -> str:
    """A text for a rule parameter, regime or figure series that is stable across runs."""
    if value is None:
        return "None"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(canonical(v) for v in value) + ")"
    if hasattr(value, "__dataclass_fields__"):
        fields = ", ".join(f"{name}={canonical(getattr(value, name))}"
                           for name in value.__dataclass_fields__)
        return f"{type(value).__name__}({fields})"
    code = getattr(value, "__code__", None)
    if code is not None:
        return canonical_function(value, code)
    if isinstance(value, (sympy.Basic, int, float, str, bool)) or isinstance(value, type):
        return sympy.srepr(value)
    return repr(value)


def canonical_function(fn, code) -> str:
    """A Python function by its code, closure and defining file, never by its address.

    The file's digest stands in for the helpers the function calls through globals: any
    edit of the module that defines it re-checks the steps that use it.
    """
    digest = hashlib.sha256(_code_bytes(code))
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            digest.update(canonical(cell.cell_contents).encode())
        except ValueError:  # an empty cell
            digest.update(b"<empty>")
    digest.update(canonical(getattr(fn, "__defaults__", None)).encode())
    return f"function {getattr(fn, '__qualname__', '?')} {digest.hexdigest()[:16]} " \
           f"file {file_digest(code.co_filename)}"


def _code_bytes(code) -> bytes:
    parts = [code.co_code, repr(code.co_names).encode()]
    for const in code.co_consts:
        parts.append(_code_bytes(const) if hasattr(const, "co_code") else repr(const).encode())
    return b"\0".join(parts)


@lru_cache(maxsize=None)
def file_digest(filename: str) -> str:
    """The first 16 hex digits of a file's SHA-256 (``no-file`` when it cannot be read)."""
    try:
        return hashlib.sha256(Path(filename).read_bytes()).hexdigest()[:16]
    except OSError:
        return "no-file"


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """A digest of the engine's source files (everything that can change a verdict)."""
    package = Path(symbolic.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if relative.split("/")[0] in _PRESENTATION:
            continue
        digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
