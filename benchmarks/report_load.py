"""Whether `stepcheck report --no-cache` writes the same bytes on a busy machine.

    python benchmarks/report_load.py [DOC ...] [--busy K] [--runs R] [--jobs J] [--against DIR]
                                     [--keep DIR]

Starts K processes that keep a core busy each (default 2: both cores of the CI machine),
then runs ``python -m symbolic report --no-cache --out TMP DOC ...`` R times (default 2) in
this checkout, and compares every report file each run wrote with the committed ones in
DIR (default ``reports/``) and with the first run, byte for byte. Prints per run the wall
seconds, the files that match and those that differ (``timings.json`` is never compared:
it holds wall times by design). With some documents named, ``summary.json`` and
``README.md`` cover only those, so they are compared only when every document is run.

Issue 13's criterion: with every document, both runs write the committed bytes. Every
verdict is counted in work (points, sizes, draws, certificates); the wall clock is a
safety net, and a step that runs into it is re-run alone before the report is written.
The busy processes are ended (by their process ids) however the runs end.
"""
from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEVER_COMPARED = {"timings.json"}
RUN_WIDE = {"summary.json", "README.md"}  # cover the documents of the run


def busy(count: int) -> list[subprocess.Popen]:
    """``count`` processes that each keep one core busy until ended."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def report(docs: list[str], out: Path, jobs: int) -> tuple[float, int, str]:
    """Wall seconds, exit code, and the summary line of one uncached report run (with the
    steps that timed out again when re-run alone)."""
    command = [sys.executable, "-m", "symbolic", "report", "--no-cache", "--out", str(out)]
    if jobs > 1:
        command += ["--jobs", str(jobs)]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.perf_counter()
    done = subprocess.run(command + docs, cwd=ROOT, env=env, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()[-1:] + [
        line for line in done.stderr.splitlines() if "timed out again" in line or "rror" in line]
    return time.perf_counter() - start, done.returncode, "; ".join(lines)


def files(folder: Path, docs: list[str]) -> list[str]:
    """The report files of a run, relative to its folder, that are compared."""
    found = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    return [f for f in found if f not in NEVER_COMPARED and (not docs or f not in RUN_WIDE)]


def compare(written: Path, reference: Path, names: list[str]) -> tuple[list[str], list[str]]:
    """(names whose bytes match, names that differ or are missing) of ``written`` vs ``reference``."""
    same, differ = [], []
    for name in names:
        ref = reference / name
        if ref.is_file() and filecmp.cmp(written / name, ref, shallow=False):
            same.append(name)
        else:
            differ.append(name)
    return same, differ


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", nargs="*", help="document ids (default: every document)")
    parser.add_argument("--busy", type=int, default=2, help="busy processes (default 2)")
    parser.add_argument("--runs", type=int, default=2, help="report runs (default 2)")
    parser.add_argument("--jobs", type=int, default=1, help="--jobs of each report run")
    parser.add_argument("--against", default=str(ROOT / "reports"),
                        help="committed reports to compare with (default reports/)")
    parser.add_argument("--keep", help="write the runs into this folder (run1/, run2/, ...) "
                                       "and keep them, to read the differences")
    args = parser.parse_args(argv)
    against = Path(args.against)
    hogs = busy(args.busy)
    outcome = 0
    try:
        with tempfile.TemporaryDirectory(prefix="report_load_") as scratch:
            tmp = args.keep or scratch
            first: Path | None = None
            for number in range(1, args.runs + 1):
                out = Path(tmp) / f"run{number}"
                seconds, code, last = report(args.docs, out, args.jobs)
                names = files(out, args.docs)
                same, differ = compare(out, against, names)
                print(f"run {number}: {seconds:.0f} s with {args.busy} busy process(es), exit "
                      f"{code}: {last}")
                print(f"  same bytes as {against}: {len(same)} of {len(names)} files"
                      + (f"; differ: {', '.join(differ)}" if differ else ""))
                if first is not None:
                    _, changed = compare(out, first, names)
                    print(f"  same bytes as run 1: {len(names) - len(changed)} of {len(names)} "
                          f"files" + (f"; differ: {', '.join(changed)}" if changed else ""))
                    outcome |= bool(changed)
                first = first or out
                outcome |= bool(differ) or code != 0
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    return 1 if outcome else 0


if __name__ == "__main__":
    sys.exit(main())
