"""What a command is pointed at: documents and their steps, written ``DOC[:ID[,ID...]]``.

One grammar for every face: ``DOC`` is an encoded document's id (``stepcheck list`` shows
them) or the path of a Python file that defines ``DERIVATION``; the step ids after ``:``
pick steps, in the order given. ``check`` takes a target when it is written without spaces
and names steps (``entropy_softmax:S3``, ``my_proof.py:A1,A2``); anything else it reads as
LaTeX or a file of claims. ``export``, ``report`` and ``list`` take documents, and the API and
the pytest plugin take the same strings.
"""
from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from symbolic.errors import StepcheckError, UnknownDocumentError, UsageError
from symbolic.model import Derivation, Step

DOC_ID = r"[a-z][a-z0-9_]*"
STEP_ID = r"[A-Za-z0-9][A-Za-z0-9_-]*"
_STEP = re.compile(STEP_ID)
# a target as ``check`` recognises it among LaTeX claims: no spaces, and step ids named
_STEP_TARGET = re.compile(rf"(?:{DOC_ID}|[^\s:{{}}\\$]+\.py):{STEP_ID}(?:,{STEP_ID})*")


@dataclass(frozen=True)
class Target:
    """A document (an id or a .py path) and the steps asked for (None: all of them)."""

    document: str
    steps: tuple[str, ...] | None = None

    def __str__(self) -> str:
        return self.document + (":" + ",".join(self.steps) if self.steps else "")


def parse_target(text: str) -> Target:
    """``DOC`` or ``DOC:ID,ID`` -> a ``Target`` (spaces around the ids are ignored)."""
    doc, sep, ids = text.strip().partition(":")
    doc = doc.strip()
    if not doc:
        raise UsageError(f"target {text!r} names no document; write DOC or DOC:ID,ID")
    if not sep:
        return Target(doc)
    steps = tuple(s.strip() for s in ids.split(",") if s.strip())
    if not steps:
        raise UsageError(f"target {text!r} names no step after ':'; write DOC:ID,ID or just DOC")
    bad = [s for s in steps if not _STEP.fullmatch(s)]
    if bad:
        raise UsageError(f"target {text!r}: {bad[0]!r} is not a step id (letters, digits, '-' "
                         "or '_'); write DOC:ID,ID")
    return Target(doc, steps)


def step_target(text: str) -> Target | None:
    """The target that ``text`` names when ``check`` should read it as one, else None."""
    return parse_target(text) if _STEP_TARGET.fullmatch(text) else None


def is_path(name: str) -> bool:
    """Whether a document name is a path (of a .py file) rather than an id."""
    return name.endswith(".py") or "/" in name or "\\" in name


def load_document(name: str | Path) -> Derivation:
    """The derivation of a document id or of a ``.py`` file."""
    if is_path(str(name)):
        return load_derivation_file(name)
    import proofs
    return proofs.load(str(name))


def load_target(target: Target | str) -> tuple[Derivation, tuple[Step, ...]]:
    """The document of a target and the steps it names (all steps when it names none)."""
    target = parse_target(target) if isinstance(target, str) else target
    derivation = load_document(target.document)
    if target.steps is None:
        return derivation, derivation.steps
    known = {s.id: s for s in derivation.steps}
    missing = [s for s in target.steps if s not in known]
    if missing:
        raise UnknownDocumentError(f"{derivation.id} has no step {missing[0]!r} "
                                   f"(steps: {', '.join(known)})")
    return derivation, tuple(known[s] for s in target.steps)


def resolve_documents(names: Sequence[str]) -> list[Derivation]:
    """The derivations named by ids or ``.py`` paths (every encoded document when empty)."""
    import proofs

    names = list(names) or list(proofs.document_ids())
    derivations = [load_document(n) for n in names]
    seen: dict[str, str] = {}
    for name, derivation in zip(names, derivations):
        if derivation.id in seen:
            raise StepcheckError(f"{name} and {seen[derivation.id]} both define document "
                                 f"{derivation.id!r}; give one of them another id")
        seen[derivation.id] = name
    return derivations


def load_derivation_file(path: str | Path) -> Derivation:
    """The ``DERIVATION`` defined by a Python file (imported as a module, not evaluated as text)."""
    path = Path(path)
    if not path.is_file():
        raise UnknownDocumentError(f"no such file {str(path)!r}: give a document id "
                                   "('stepcheck list' shows them) or the path of a .py file")
    import hashlib    # here: OpenSSL's start-up is no cost of a claim
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
