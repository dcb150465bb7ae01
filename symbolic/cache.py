"""A content-addressed cache of step outcomes, so that an unchanged step is not checked twice.

The key of a step is the SHA-256 of everything that can change its verdict: the step's
canonical form (``sympy.srepr`` of the claim's sides with the symbols' assumptions, the
relation, the regime, the step's assumptions, kind, rule with parameters, and quote), the
checker configuration (``CheckConfig.key()``), the tool's version, a digest of the engine's
source files (so that a fixed checker never serves an old verdict), and the keys of the
steps it depends on (so that editing one step re-checks it and every step resting on it).

Values are outcomes serialised as JSON by ``Outcome.to_json`` (not pickle: reading a cache
never runs code),
one file per key under ``<root>/<key[:2]>/<key>.json``, written atomically.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import sympy

import symbolic
from symbolic.config import CheckConfig
from symbolic.files import write_atomic  # noqa: F401  (re-exported: older callers import it here)
from symbolic.fingerprint import canonical as _canonical
from symbolic.fingerprint import engine_digest
from symbolic.fingerprint import file_digest as _file_digest
from symbolic.model import JSON_FORMAT, Derivation, Outcome, Step

DEFAULT_ROOT = ".stepcheck-cache"
FORMAT = JSON_FORMAT   # an entry of another format is a miss



class Cache:
    """Outcomes stored by step key in a folder (default ``.stepcheck-cache/``)."""

    def __init__(self, root: str | os.PathLike = DEFAULT_ROOT):
        self.root = Path(root)
        self.hits = 0
        self.misses = 0

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Outcome | None:
        """The stored outcome of a step key, or None (also for an unreadable entry)."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            outcome = Outcome.from_json(data["outcome"]) if data.get("format") == FORMAT else None
        except (OSError, ValueError, KeyError, TypeError):
            outcome = None  # a missing or damaged entry is a miss, never an error
        if outcome is None:
            self.misses += 1
        else:
            self.hits += 1
        return outcome

    def put(self, key: str, outcome: Outcome) -> None:
        """Store an outcome under a key (atomically: readers never see half a file)."""
        # not sort_keys: a counterexample object keeps the order of its names
        text = json.dumps({"format": FORMAT, "outcome": outcome.to_json()}, ensure_ascii=False)
        write_atomic(self._path(key), text.encode("utf-8"))

    def size_bytes(self) -> int:
        """Total size of the stored entries."""
        if not self.root.is_dir():
            return 0
        return sum(p.stat().st_size for p in self.root.rglob("*.json"))




# ---------------------------------------------------------------- keys

def step_keys(derivation: Derivation, config: CheckConfig) -> dict[str, str]:
    """The cache key of every step of a derivation, in step order."""
    keys: dict[str, str] = {}
    common = (f"{config.key()}|stepcheck {symbolic.__version__}|engine {engine_digest()}"
              f"|{library_versions()}")
    for step in derivation.steps:
        deps = "|".join(f"{ref}={keys[ref]}" for ref in step.references)
        text = f"{canonical_step(step)}\n{common}\ndeps {deps}"
        keys[step.id] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return keys


def canonical_step(step: Step) -> str:
    """A text that changes whenever anything that can change a step's verdict changes."""
    parts = [f"id {step.id}", f"kind {step.kind.value}", f"quote {step.quote}"]
    if step.claim is not None:
        claim = step.claim
        parts += [f"lhs {sympy.srepr(claim.lhs)}", f"relation {claim.relation.value}",
                  f"rhs {sympy.srepr(claim.rhs)}", f"regime {_canonical(claim.regime)}"]
    parts.append("assumptions " + " ; ".join(sympy.srepr(a) for a in step.assumptions))
    if step.rule is not None:
        params = " ; ".join(f"{k}={_canonical(v)}" for k, v in step.rule.params)
        parts.append(f"rule {step.rule.name} premises {','.join(step.rule.premises)} params {params}")
    parts.append(f"corrects {step.corrects}")
    parts.append("classes " + " ; ".join(_custom_classes(step)))
    return "\n".join(parts)


def _custom_classes(step: Step) -> list[str]:
    """The SymPy classes of a step defined outside SymPy, each with its file's digest.

    ``srepr`` names a class (``MeanGap(n)``) but not what its code computes: an edit of
    the module that defines it (a new ``_eval_evalf``) must re-check the step.
    """
    exprs = list(step.assumptions)
    if step.claim is not None:
        exprs += [step.claim.lhs, step.claim.rhs]
    found = set()
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            cls = type(node)
            module = getattr(cls, "__module__", "") or ""
            if not module.startswith("sympy"):
                found.add(f"{module}.{cls.__qualname__} {_class_file_digest(cls)}")
    return sorted(found)


def _class_file_digest(cls) -> str:
    try:
        return _file_digest(inspect.getfile(cls))
    except (TypeError, OSError):
        return "no-file"


# Every library whose version can change an outcome or a rendered byte, optional ones
# included: python-flint certifies (an outcome found without it differs), latex2sympy2
# and pylatexenc read, matplotlib and numpy draw figures and experiments.
LIBRARIES = ("sympy", "mpmath", "python-flint", "latex2sympy2_extended", "pylatexenc",
             "matplotlib", "numpy")


@lru_cache(maxsize=1)
def library_versions() -> str:
    """The Python version and the version of each library in ``LIBRARIES`` ("absent" if missing)."""
    import sys
    from importlib import metadata

    versions = [f"python {sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"]
    for name in LIBRARIES:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} absent")
    return "; ".join(versions)
