"""How fast stepcheck is, measured in one run on this machine; prints a Markdown table.

    python benchmarks/run.py [--repeats N] [--skip-report] [--sizes 16,64,...] [--precisions 50,...]

1. start-up: the whole-process time of ``stepcheck check`` on a simple identity divided by
   the time of ``python -c "import sympy, mpmath, latex2sympy2_extended"`` (median of N runs
   each; target <= 1.5);
2. ``stepcheck report`` of every document into a temporary folder: cold (``--no-cache
   --jobs 2``, fresh cache folder; target <= 60 s) and warm (same cache; target <= 2 s);
3. peak memory of the cold report (largest resident set of the report and the processes
   it waited for, from ``getrusage(RUSAGE_CHILDREN)``; target <= 1 GB);
4. the numeric tier's time on the log-sum-exp bound
   ``ln sum_{j=1}^{L} e^{x_j} <= max_j x_j + ln L`` instantiated with L = 16 ... 4096 terms
   at 50 digits, and with L = 64 at 50 ... 400 digits.

Run by hand (not part of the tests); the README shows the latest figures.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDENTITY = r"(a + b)^2 = a^2 + 2ab + b^2"
BASELINE = "import sympy, mpmath, latex2sympy2_extended"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="runs per start-up timing (median)")
    parser.add_argument("--skip-report", action="store_true", help="skip the report timings")
    parser.add_argument("--sizes", default="16,64,256,1024,4096")
    parser.add_argument("--precisions", default="50,100,200,400")
    parser.add_argument("--numeric-timeout", type=float, default=300.0,
                        help="budget of one numeric-tier measurement in seconds")
    args = parser.parse_args(argv)

    rows: list[tuple[str, str, str, str]] = []
    rows += startup_rows(args.repeats)
    if not args.skip_report:
        rows += report_rows()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    precisions = [int(p) for p in args.precisions.split(",") if p]
    rows += numeric_rows(sizes, precisions, args.numeric_timeout)

    print()
    print(f"stepcheck benchmark ({_machine()})")
    print()
    print("| measure | value | target | met / verdict |")
    print("| --- | --- | --- | --- |")
    for row in rows:
        print("| %s | %s | %s | %s |" % row)
    return 0


# --- 1. start-up -------------------------------------------------------------------------

def _command() -> list[str]:
    """The ``stepcheck`` console script when installed, else ``python -m symbolic``."""
    script = shutil.which("stepcheck")
    return [script] if script else [sys.executable, "-m", "symbolic"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _timed(cmd: list[str], cwd: Path | None = None, check_codes=(0,)) -> float:
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode not in check_codes:
        raise SystemExit(f"{' '.join(cmd)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    return elapsed


def startup_rows(repeats: int):
    check = _command() + ["check", IDENTITY]
    baseline = [sys.executable, "-c", BASELINE]
    _timed(check), _timed(baseline)  # warm the file-system cache first
    ours, base = [], []
    for _ in range(repeats):  # interleaved so that a slow moment hits both alike
        ours.append(_timed(check))
        base.append(_timed(baseline))
    ratio = statistics.median(ours) / statistics.median(base)
    print(f"start-up: check {statistics.median(ours):.2f} s, imports {statistics.median(base):.2f} s",
          file=sys.stderr)
    return [
        (f"`stepcheck check '{IDENTITY}'` (whole process, median of {repeats})",
         f"{statistics.median(ours):.2f} s", "", ""),
        (f"`python -c \"{BASELINE}\"` (median of {repeats})", f"{statistics.median(base):.2f} s", "", ""),
        ("start-up ratio check / imports", f"{ratio:.2f}", "<= 1.5", _met(ratio <= 1.5)),
    ]


# --- 2, 3. reports -----------------------------------------------------------------------

_PEAK = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:]).returncode
elapsed = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{code} {elapsed} {peak_kb}", file=sys.stderr)
"""


def _report(work: Path, out: str, extra: list[str]) -> tuple[int, float, int]:
    """Run ``stepcheck report`` in ``work`` (so its cache folder is fresh); (code, s, peak KB)."""
    cmd = [sys.executable, "-c", _PEAK] + _command() + ["report", "--out", out] + extra
    result = subprocess.run(cmd, cwd=work, env=_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    code, elapsed, peak = result.stderr.strip().splitlines()[-1].split()
    if int(code) != 0:
        raise SystemExit(f"stepcheck report exited {code}:\n{result.stderr[-2000:]}")
    return int(code), float(elapsed), int(peak)


def _source_digest() -> str:
    """A digest of the engine and the documents: the cache is keyed by them."""
    import hashlib
    digest = hashlib.sha256()
    for path in sorted([*ROOT.glob("symbolic/**/*.py"), *ROOT.glob("proofs/**/*.py")]):
        digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return digest.hexdigest()


def report_rows():
    before = _source_digest()
    with tempfile.TemporaryDirectory(prefix="stepcheck-bench-") as tmp:
        work = Path(tmp)
        _, cold, peak_kb = _report(work, "cold", ["--no-cache", "--jobs", "2"])
        if not (work / ".stepcheck-cache").is_dir():  # --no-cache did not fill the cache
            _report(work, "prime", ["--jobs", "2"])
        _, warm, _ = _report(work, "warm", ["--jobs", "2"])
        cache_mb = sum(p.stat().st_size for p in (work / ".stepcheck-cache").rglob("*")
                       if p.is_file()) / 1e6 if (work / ".stepcheck-cache").is_dir() else 0.0
    peak_mb = peak_kb / 1024
    # In a checkout that others edit meanwhile, the cache (keyed by the engine's source) misses.
    warm_note = _met(warm <= 2) if _source_digest() == before else \
        "not warm: the source changed during the run, so the cache missed"
    print(f"report: cold {cold:.1f} s, warm {warm:.2f} s, peak {peak_mb:.0f} MB", file=sys.stderr)
    return [
        ("`stepcheck report` cold (`--no-cache --jobs 2`, all documents)", f"{cold:.1f} s",
         "<= 60 s", _met(cold <= 60)),
        ("`stepcheck report` warm (cache of the cold run)", f"{warm:.2f} s", "<= 2 s", warm_note),
        ("peak memory of the cold report (largest process)", f"{peak_mb:.0f} MB", "<= 1024 MB",
         _met(peak_mb <= 1024)),
        ("cache size after the reports", f"{cache_mb:.2f} MB", "", ""),
    ]


# --- 4. numeric tier ---------------------------------------------------------------------

def lse_claim(size: int):
    """``ln sum_{j=1}^{L} e^{x_j} <= max_j x_j + ln L`` with L = ``size`` terms written out."""
    import sympy
    from symbolic.model import Claim, Relation
    x = sympy.IndexedBase("x", real=True)
    terms = [x[k] for k in range(1, size + 1)]
    lhs = sympy.log(sympy.Add(*[sympy.exp(t) for t in terms]))
    # unevaluated: Max compares its arguments pairwise, which alone takes minutes for L = 4096
    rhs = sympy.Max(*terms, evaluate=False) + sympy.log(size)
    return Claim(lhs, Relation.LE, rhs)


def _numeric_checkers():
    from symbolic.checks import registered_checkers
    return [c for c in registered_checkers() if c.name.startswith("numeric")]


def _time_numeric(size: int, dps: int, budget: float) -> tuple[str, str]:
    """Seconds the numeric tier spends on the instantiated claim, and its verdict."""
    from symbolic.budget import run_limited
    from symbolic.checks import CheckContext
    from symbolic.config import CheckConfig
    from symbolic.model import Kind, Step

    step = Step("lse", Kind.INEQUALITY, "log-sum-exp bound", lse_claim(size))
    config = CheckConfig(dps=dps, timeout_s=budget)
    checkers = [c for c in _numeric_checkers() if c.applies(step)]
    if not checkers:
        return "n/a", "no numeric checker applies"

    def run():
        start = time.perf_counter()
        verdicts = []
        for c in checkers:
            outcome = c.fn(step, config=config, context=CheckContext())
            if outcome is None:
                verdicts.append(f"{c.name}: nothing to say")
            else:  # the detail says how many points were evaluated and whether time ran out
                detail = outcome.evidence[0].detail if outcome.evidence else ""
                verdicts.append(f"{outcome.verdict.value}: {detail[:90]}")
        return time.perf_counter() - start, "; ".join(verdicts)

    result = run_limited(run, timeout_s=budget, memory_mb=4096)
    if not result.ok:
        return f"> {budget:g} s" if result.status == "timeout" else result.status, result.message[:80]
    seconds, verdicts = result.value
    return f"{seconds:.2f} s", verdicts


def numeric_rows(sizes, precisions, budget: float):
    from symbolic.checks import registered_checkers
    registered_checkers()  # import the checkers once, before the timed forks
    names = ", ".join(c.name for c in _numeric_checkers()) or "none registered"
    rows = []
    for size in sizes:
        seconds, verdicts = _time_numeric(size, 50, budget)
        print(f"numeric L={size} dps=50: {seconds} ({verdicts})", file=sys.stderr)
        rows.append((f"numeric tier ({names}), log-sum-exp bound, L = {size}, 50 digits",
                     seconds, "", verdicts))
    size = 64
    for dps in precisions:
        seconds, verdicts = _time_numeric(size, dps, budget)
        print(f"numeric L={size} dps={dps}: {seconds} ({verdicts})", file=sys.stderr)
        rows.append((f"numeric tier, log-sum-exp bound, L = {size}, {dps} digits", seconds, "",
                     verdicts))
    return rows


def _met(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _machine() -> str:
    import platform
    return f"Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}"


if __name__ == "__main__":
    sys.exit(main())
