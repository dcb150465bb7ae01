"""The encoded documents: one module per source document, each defining ``DERIVATION``.

Modules are found by name, so a new document is one new module. ``load(doc_id)``
returns a document's ``Derivation``; ``document_ids()`` lists them in a stable order.
"""
from __future__ import annotations

import importlib
import pkgutil

from symbolic.errors import UnknownDocumentError


def document_ids() -> tuple[str, ...]:
    """Ids of every encoded document (module names), sorted."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))


def load(doc_id: str):
    """The ``Derivation`` of one document."""
    if doc_id not in document_ids():
        known = ", ".join(document_ids()) or "none"
        raise UnknownDocumentError(f"unknown document {doc_id!r} (documents: {known})")
    return importlib.import_module(f"{__name__}.{doc_id}").DERIVATION
