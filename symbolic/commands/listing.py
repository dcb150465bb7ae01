"""``stepcheck list [DOC]``: the encoded documents with their counts, or one document's steps."""
from __future__ import annotations

import sys

from symbolic.cache import Cache, step_keys
from symbolic.commands import ExitCode
from symbolic.commands.report import REPORT_CONFIG, check_documents
from symbolic.commands.targets import resolve_documents
from symbolic.config import CheckConfig
from symbolic.model import Derivation, Outcome, Tally


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


def run(args) -> ExitCode:
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
    return ExitCode.OK


run_list = run   # the name it had


def _list_documents() -> ExitCode:
    import proofs

    ids = proofs.document_ids()
    if not ids:
        print("no encoded documents (proofs/ has no document modules)")
        return ExitCode.OK
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
            text = Tally.of(outcomes.values()).text()
            if len(outcomes) < total:
                text += f", {total - len(outcomes)} not checked yet"
        else:
            text = "not checked yet (run 'stepcheck report')"
        print(f"{doc_id:<{width}}  {total:>3} steps  {derivation.title}\n{'':<{width}}  {text}")
    return ExitCode.OK
