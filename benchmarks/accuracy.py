"""Run the checker on the corpus of steps with known truth and print the table of issue 2.

    python benchmarks/accuracy.py [--timeout S]

Counts how many true steps came out proved / verified, how many false steps were refuted, how
many false steps were accepted (proved, verified or approximate: must be 0), and the median
seconds per step.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0)
    sys.exit(run(parser.parse_args().timeout))
