"""Where a cold ``stepcheck report`` spends its time: CPU seconds per document, step and checker.

    PYTHONPATH=$PWD python benchmarks/report_tiers.py [DOC ...] [--top N] [--json FILE]

Checks every step of the documents (default: the three of issue 14's target (c)) in this
process, without the cache, with the report's configuration and the context a report gives
each step (the outcomes of the steps it rests on), with every registered checker and rule
wrapped to count its CPU seconds (``time.process_time``: what a busy machine inflates least)
and wall seconds. Prints the CPU per document, per cost tier, per checker (calls, decisive
calls), the costliest steps, and what the numeric tier costs on steps that a later checker
decides. Each verdict is compared with the committed ``reports/summary.json``: a step that
differs is listed (on a loaded machine a wall-clock safety net can fire: see the wall column).

In-process: no forked children, no hard limits; a benchmark, never part of the tests.
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DOCUMENTS = ["attention_assignment", "entropy_softmax", "informer_lemma1"]


def _wrapped(rows: list, where: dict, name: str, fn):
    def timed(step, **kwargs):
        wall, cpu, outcome = time.perf_counter(), time.process_time(), None
        try:
            outcome = fn(step, **kwargs)
            return outcome
        finally:
            verdict = ("raised or nothing" if outcome is None else "deferred"
                       if not hasattr(outcome, "verdict") else outcome.verdict.value)
            rows.append(dict(where, checker=name, wall=time.perf_counter() - wall,
                             cpu=time.process_time() - cpu, verdict=verdict))
    return timed


def profile(documents: list[str]) -> tuple[list[dict], list[dict]]:
    """(one row per checker call, one row per step) for a cold check of ``documents``."""
    import symbolic.checks as checks
    from symbolic.commands.report import REPORT_CONFIG
    from symbolic.commands.targets import resolve_documents
    from symbolic.runner import _dependency_outcomes

    checks.registered_checkers()
    checks.registered_rules()
    rows: list[dict] = []
    where: dict = {}
    for name, c in list(checks._CHECKERS.items()):
        checks._CHECKERS[name] = dataclasses.replace(c, fn=_wrapped(rows, where, name, c.fn))
    for name, fn in list(checks._RULES.items()):
        checks._RULES[name] = _wrapped(rows, where, f"rule {name}", fn)
    steps = []
    for derivation in resolve_documents(documents):
        outcomes = {}
        for step in derivation.steps:
            where.update(doc=derivation.id, step=step.id)
            context = checks.CheckContext(derivation,
                                          _dependency_outcomes(derivation, step, outcomes))
            wall, cpu = time.perf_counter(), time.process_time()
            outcome = checks.check_step(step, config=REPORT_CONFIG, context=context)
            outcomes[step.id] = outcome
            decided = [e.method for e in outcome.evidence if e.role.name == "DECIDED"]
            steps.append(dict(doc=derivation.id, step=step.id, verdict=outcome.verdict.value,
                              wall=time.perf_counter() - wall, cpu=time.process_time() - cpu,
                              decided=decided[0] if decided else ""))
            print(f"{derivation.id} {step.id}: {outcome.verdict.value} "
                  f"{steps[-1]['cpu']:.2f} s CPU", file=sys.stderr, flush=True)
    return rows, steps


def summary(rows: list[dict], steps: list[dict], top: int) -> str:
    import symbolic.checks as checks
    tiers = {c.name: c.cost.name.lower() for c in checks.registered_checkers()}
    out = []
    total = sum(s["cpu"] for s in steps)
    out.append(f"{len(steps)} steps, {total:.1f} s CPU ({sum(s['wall'] for s in steps):.1f} s wall)")
    per_doc = collections.Counter()
    for s in steps:
        per_doc[s["doc"]] += s["cpu"]
    out.append("\nper document (CPU s): " + ", ".join(f"{d} {v:.1f}" for d, v in per_doc.items()))
    per_tier = collections.Counter()
    for r in rows:
        per_tier[tiers.get(r["checker"], "rule")] += r["cpu"]
    out.append("per tier (CPU s): " + ", ".join(f"{t} {v:.1f}" for t, v in per_tier.most_common()))
    out.append("\n| checker | CPU s | wall s | calls | proved/refuted |\n| --- | ---: | ---: | ---: | ---: |")
    per_checker: dict = collections.defaultdict(lambda: [0.0, 0.0, 0, 0])
    for r in rows:
        entry = per_checker[r["checker"]]
        entry[0] += r["cpu"]
        entry[1] += r["wall"]
        entry[2] += 1
        entry[3] += r["verdict"] in ("proved", "refuted")
    for name, (cpu, wall, calls, decisive) in sorted(per_checker.items(), key=lambda kv: -kv[1][0])[:top]:
        out.append(f"| {name} | {cpu:.2f} | {wall:.2f} | {calls} | {decisive} |")
    final = {(s["doc"], s["step"]): s for s in steps}
    numeric = collections.Counter()
    for r in rows:
        if r["checker"] == "numeric_sample":
            numeric[(r["verdict"], final[(r["doc"], r["step"])]["verdict"])] += r["cpu"]
    out.append("\nnumeric_sample CPU s by (its own result, the step's final verdict): " +
               ", ".join(f"{k[0]} -> {k[1]}: {v:.2f}" for k, v in numeric.most_common()))
    out.append(f"\ncostliest {top} steps (CPU s, the checker that decided, its 3 costliest checkers):")
    for s in sorted(steps, key=lambda s: -s["cpu"])[:top]:
        mine = sorted((r for r in rows if (r["doc"], r["step"]) == (s["doc"], s["step"])),
                      key=lambda r: -r["cpu"])[:3]
        out.append(f"  {s['doc']} {s['step']}: {s['verdict']} {s['cpu']:.2f} [{s['decided']}] " +
                   ", ".join(f"{r['checker']} {r['cpu']:.2f} ({r['verdict']}, wall {r['wall']:.1f})"
                             for r in mine))
    committed_path = ROOT / "reports" / "summary.json"
    if committed_path.exists():
        committed = {(d["id"], st["id"]): st["verdict"]
                     for d in json.loads(committed_path.read_text())["documents"] for st in d["steps"]}
        differ = [s for s in steps if committed.get((s["doc"], s["step"])) not in (None, s["verdict"])]
        out.append(f"\nverdicts differing from reports/summary.json: {len(differ)}")
        for s in differ:
            out.append(f"  {s['doc']} {s['step']}: committed {committed[(s['doc'], s['step'])]}, "
                       f"now {s['verdict']} ({s['wall']:.1f} s wall)")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", nargs="*", default=DOCUMENTS)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--json", metavar="FILE", help="also write every row as JSON")
    args = parser.parse_args(argv)
    import os
    load = os.getloadavg()[0]
    rows, steps = profile(args.docs)
    if args.json:
        Path(args.json).write_text(json.dumps({"calls": rows, "steps": steps}))
    print(summary(rows, steps, args.top))
    print(f"\nload (1 min) {load:.1f} -> {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
