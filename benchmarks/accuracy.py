"""Run the checker on the corpora of claims with known truth and print their tables.

    python benchmarks/accuracy.py [--timeout S] [--only corpus|adversarial]

The 68-step corpus (benchmarks/corpus.py, issue 2): how many true steps came out proved /
verified, how many false steps were refuted, how many false steps were accepted (proved,
verified or approximate: must be 0), and the median seconds per step.

The adversarial corpus of the numeric tier (tests/corpora/numeric_adversarial.py, issue 12):
proved / verified / refuted / undecided / unreadable counts for the false and the true claims,
every false claim accepted and every true claim refuted, and the seconds it took (two claims at
a time, as its test runs them).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from corpus import ROWS  # noqa: E402

from symbolic.commands import check_input  # noqa: E402
from symbolic.config import CheckConfig  # noqa: E402
from symbolic.model import Verdict  # noqa: E402


def run(timeout_s: float) -> int:
    config = CheckConfig(timeout_s=timeout_s)
    by_truth: dict[bool, Counter] = {True: Counter(), False: Counter()}
    seconds, accepted_false, refuted_true, rows = [], [], [], []
    for latex, assume, truth, category in ROWS:
        start = time.perf_counter()
        links, unreadable = check_input(latex, assume=tuple(assume), config=config)
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        verdict = "unreadable" if unreadable else links[0].outcome.verdict.value
        by_truth[truth][verdict] += 1
        if not truth and verdict in ("proved", "verified", "approximate"):
            accepted_false.append(latex)
        if truth and verdict == "refuted":
            refuted_true.append(latex)
        rows.append((category, verdict, f"{elapsed:.2f}", latex))
    print("| category | verdict | seconds | claim |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row[:3]) + f" | `{row[3]}` |")
    true_total, false_total = sum(by_truth[True].values()), sum(by_truth[False].values())
    print()
    print(f"steps: {len(ROWS)} ({true_total} true, {false_total} false)")
    print(f"true steps:  proved {by_truth[True]['proved']}, verified {by_truth[True]['verified']}, "
          f"other {true_total - by_truth[True]['proved'] - by_truth[True]['verified']} "
          f"({dict(by_truth[True])})")
    print(f"false steps: refuted {by_truth[False]['refuted']}, "
          f"undecided {false_total - by_truth[False]['refuted'] - len(accepted_false)}, "
          f"ACCEPTED {len(accepted_false)} ({dict(by_truth[False])})")
    print(f"true steps refuted: {len(refuted_true)}")
    print(f"median seconds per step: {statistics.median(seconds):.2f} (max {max(seconds):.2f})")
    for latex in accepted_false + refuted_true:
        print("WRONG:", latex)
    return 1 if accepted_false or refuted_true else 0


def run_adversarial(timeout_s: float, workers: int) -> int:
    """The adversarial corpus of issue 12: the table, then every wrong verdict with its evidence."""
    from corpora.numeric_adversarial import ENTRIES, check_all, table, wrong

    start = time.perf_counter()
    results = check_all(ENTRIES, timeout_s=timeout_s, workers=workers)
    elapsed = time.perf_counter() - start
    print(f"adversarial corpus: {len(ENTRIES)} claims in {elapsed:.0f} s "
          f"(budget {timeout_s:g} s per claim, {workers} at a time)\n")
    print(table(results))
    by_family: dict[tuple[str, bool], Counter] = {}
    for result in results:
        by_family.setdefault((result.entry.family, result.entry.truth), Counter())[result.verdict] += 1
    print("\n| family | truth | verdicts |\n|---|---|---|")
    for (family, truth), counts in sorted(by_family.items()):
        print(f"| {family} | {'true' if truth else 'false'} | {dict(counts)} |")
    bad = wrong(results)
    for result in bad:
        entry = result.entry
        print(f"WRONG ({'true' if entry.truth else 'false'} claim {result.verdict}): {entry.latex}"
              f"  [assume {', '.join(entry.assume) or '-'}]  -- {entry.why}\n    {result.evidence}")
    return 1 if bad else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="budget per step of the 68-step corpus (default 30 s)")
    parser.add_argument("--adversarial-timeout", type=float, default=8.0,
                        help="budget per claim of the adversarial corpus (default 8 s, as its test)")
    parser.add_argument("--workers", type=int, default=2, help="adversarial claims checked at a time")
    parser.add_argument("--only", choices=("corpus", "adversarial"))
    args = parser.parse_args()
    status = 0
    if args.only != "adversarial":
        status |= run(args.timeout)
        print()
    if args.only != "corpus":
        status |= run_adversarial(args.adversarial_timeout, args.workers)
    sys.exit(status)
