"""The reading corpus of issue 11: how many published displays the reader reads, refuses, misreads.

Run: PYTHONPATH=. python benchmarks/reading.py [--misreads]
Prints one row per source and the total, then the refusal messages grouped by construct (most
common first). The displays and their expected readings are in tests/latex/published/.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections import Counter
from pathlib import Path

_HARNESS = Path(__file__).resolve().parents[1] / "tests" / "latex" / "published" / "harness.py"


def _harness():
    spec = importlib.util.spec_from_file_location("published_harness", _HARNESS)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    harness = _harness()
    sources = harness.load_sources()
    start = time.perf_counter()
    outcomes = harness.classify_all([d for s in sources for d in s.displays],
                                    jobs=min(2, os.cpu_count() or 1))
    seconds = time.perf_counter() - start
    table = harness.summary(outcomes)
    head = f"{'source':<16} {'displays':>8} {'read':>6} {'refused':>8} {'misread':>8} {'read %':>7}"
    print(head)
    print("-" * len(head))
    total = Counter()
    for s in sources:
        row = table.get(s.key, Counter())
        total.update(row)
        share = 100 * row["read"] / row["displays"] if row["displays"] else 0.0
        print(f"{s.key:<16} {row['displays']:>8} {row['read']:>6} {row['refused']:>8} "
              f"{row['misread']:>8} {share:>6.1f}%")
    print("-" * len(head))
    share = 100 * total["read"] / total["displays"] if total["displays"] else 0.0
    print(f"{'total':<16} {total['displays']:>8} {total['read']:>6} {total['refused']:>8} "
          f"{total['misread']:>8} {share:>6.1f}%")
    print("\nby kind (a display is a $$...$$ block or equation environment of the source; an inline")
    print("formula is one from the running text or an algorithm line, marked '(inline)' in its ref):")
    for label, pick in (("displays", lambda o: "(inline)" not in o.display.ref),
                        ("inline", lambda o: "(inline)" in o.display.ref)):
        part = [o for o in outcomes if pick(o)]
        readable = [o for o in part if not o.display.expects_refusal]
        kinds = Counter(o.kind for o in part)
        read_of_readable = sum(o.kind == "read" for o in readable)
        print(f"  {label:<9} {len(part):>4}: read {kinds['read']}, refused {kinds['refused']}, "
              f"misread {kinds['misread']}, crashed {kinds['crashed']}; with an expected reading {len(readable)}, of which read "
              f"{read_of_readable} ({100 * read_of_readable / max(1, len(readable)):.1f}%)")
    hows = Counter(o.how for o in outcomes if o.kind == "read")
    print(f"\nread structurally: {hows['structural']}, numerically: {hows['numeric']}; "
          f"expected refusals: {sum(o.display.expects_refusal for o in outcomes)}; "
          f"{seconds:.1f} s")
    groups = Counter(harness.construct_of(o.how) for o in outcomes if o.kind == "refused")
    print("\nrefusals by construct (most common first):")
    for message, count in groups.most_common():
        print(f"  {count:>4}  {message}")
    if "--misreads" in argv:
        print("\nmisreads:")
        for o in outcomes:
            if o.kind == "misread":
                print(f"- [{o.display.source} {o.display.ref}] {o.how}\n    LaTeX:    "
                      f"{o.display.latex!r}\n    read:     {o.got}\n    expected: {o.display.reading}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
