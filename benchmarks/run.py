"""Issue 14's speed targets, each measured on this machine and printed beside its target.

    PYTHONPATH=$PWD python benchmarks/run.py [--only a,b,c,d,e] [--repeats N] [--displays N]
                                             [--edits N] [--numeric] [--teardown]

(a) start-up: ``python -m symbolic check 'x + x = 2x'`` against
    ``python -c "import sympy, mpmath, flint, latex2sympy2_extended"`` (what a check imports),
    whole processes, N each, interleaved; the ratio of the best wall times (target: <= 1.2), with
    the ratios of the median wall and median CPU times beside it (CPU: what a busy machine
    inflates least). The command ends without the interpreter's teardown
    (``symbolic.cli.fast_exit``); the baseline's ``python -c`` pays it (about 0.25 s of CPU of
    its ~1 s), so ``--teardown`` also prints the ratio against a baseline that skips it too;
(b) a 400-display .tex file (``benchmarks/documents.py``'s) checked with ``--jobs 2``; target <= 60 s;
(c) ``stepcheck report`` of attention_assignment, entropy_softmax and informer_lemma1 in a fresh
    folder: cold (``--jobs 2``, the folder's cache empty; target <= 10 s) and warm (the same
    again with the cache the cold run filled, best of N; target <= 0.5 s). Before the cold run
    the same command runs once in another fresh folder, only to write the bytecode (as (a)
    runs each command once first);
(d) the language server: seconds from an edit to its diagnostic, warm server
    (``benchmarks/server.py``); target p50 <= 0.15 s;
(e) the 400-display file on a local Dask cluster (two worker processes, one thread each,
    started here; the cluster's start-up is not counted); no target beyond (b)'s.

Every row gives the wall seconds, the CPU seconds of the processes measured (user + system,
children included: a number that a busy machine inflates far less than the wall time) and the
machine's load average (1 minute) before and after: the machine may be shared, and a wall time
measured under load says little on its own. Python may write bytecode here
(``PYTHONDONTWRITEBYTECODE`` is removed, the bytecode goes to a temporary
``PYTHONPYCACHEPREFIX``), as an installed package has it; ``--no-bytecode`` measures without.
``--numeric`` adds the numeric tier's timings on the log-sum-exp bound (L = 16 ... 4096 terms).

Run by hand (never part of the tests); the README's speed table shows the latest figures.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

CLAIM = "x + x = 2x"
BASELINE = "import sympy, mpmath, flint, latex2sympy2_extended"
# the same imports, ending as the command does (no teardown): the ratio without exit costs
BASELINE_NO_TEARDOWN = BASELINE + "; import os, sys; sys.stdout.flush(); os._exit(0)"
DOCUMENTS = ["attention_assignment", "entropy_softmax", "informer_lemma1"]
_PYCACHE = tempfile.mkdtemp(prefix="stepcheck-bench-pyc-")


def _env(bytecode: bool = True) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = _PYCACHE
    return env


def _load() -> float:
    return os.getloadavg()[0]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Row:
    """One measured number beside its target."""

    def __init__(self, measure, value, target="", met="", cpu=None, load=None):
        self.measure, self.value, self.target, self.met = measure, value, target, met
        self.cpu, self.load = cpu, load

    def cells(self):
        cpu = f"{self.cpu:.2f} s" if self.cpu is not None else ""
        load = f"{self.load[0]:.1f} → {self.load[1]:.1f}" if self.load else ""
        return self.measure, self.value, self.target, self.met, cpu, load


def _run(cmd, *, cwd=None, env=None, ok=(0,)) -> tuple[float, float, str]:
    """Wall and CPU seconds of one whole process (with its children), and its stdout (its
    stderr's last lines when it printed nothing)."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env or _env(), capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(map(str, cmd))} exited {done.returncode}:\n{done.stderr[-2000:]}")
    out = done.stdout if done.stdout.strip() else f"(no output, exit {done.returncode}) " + \
        " ".join(done.stderr.strip().splitlines()[-3:])
    return wall, _children_cpu() - cpu, out


def _met(ok: bool) -> str:
    return "yes" if ok else "**no**"


# --- (a) start-up -------------------------------------------------------------------------

def startup(repeats: int, bytecode: bool, baseline: str = BASELINE) -> list[Row]:
    env = _env(bytecode)
    check = [sys.executable, "-m", "symbolic", "check", CLAIM]
    base = [sys.executable, "-c", baseline]
    _run(check, env=env), _run(base, env=env)      # bytecode written, files in the page cache
    load = _load()
    ours, theirs = [], []
    for _ in range(repeats):                        # interleaved: a busy moment hits both
        ours.append(_run(check, env=env, ok=(0,))[:2])
        theirs.append(_run(base, env=env)[:2])
    load = (load, _load())
    best_ours, best_base = min(w for w, _ in ours), min(w for w, _ in theirs)
    cpu_ours, cpu_base = (statistics.median(c for _, c in ours),
                          statistics.median(c for _, c in theirs))
    median_ratio = statistics.median(w for w, _ in ours) / statistics.median(w for w, _ in theirs)
    ratio = best_ours / best_base
    note = "" if bytecode else " (no bytecode written)"
    return [
        Row(f"(a) `stepcheck check '{CLAIM}'`{note}, best of {repeats} (CPU: median)",
            f"{best_ours:.2f} s", cpu=cpu_ours, load=load),
        Row(f"(a) `python -c \"{baseline}\"`, best of {repeats} (CPU: median)", f"{best_base:.2f} s",
            cpu=cpu_base, load=load),
        Row("(a) start-up ratio, wall best (wall median; CPU median)"
            + ("" if baseline == BASELINE else ", baseline without teardown"),
            f"{ratio:.2f} ({median_ratio:.2f}; {cpu_ours / cpu_base:.2f})", "<= 1.2",
            _met(ratio <= 1.2), load=load),
    ]


# --- (b), (e) the 400-display document ----------------------------------------------------

def _document(folder: Path, displays: int) -> Path:
    from documents import document
    path = folder / "long.tex"
    path.write_text(document(displays))
    return path


def _summary(stdout: str) -> str:
    lines = stdout.strip().splitlines()
    return lines[-1] if lines else ""


def long_document(displays: int) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="stepcheck-bench-") as tmp:
        path = _document(Path(tmp), displays)
        load = _load()
        wall, cpu, out = _run([sys.executable, "-m", "symbolic", "check", str(path), "--jobs", "2",
                               "--quiet"], ok=(0, 1, 3))
    print(f"(b) {wall:.1f} s: {_summary(out)}", file=sys.stderr)
    return [Row(f"(b) `check` of a {displays}-display .tex file, `--jobs 2` ({_summary(out)})",
                f"{wall:.1f} s", "<= 60 s", _met(wall <= 60), cpu=cpu, load=(load, _load()))]


def dask_document(displays: int) -> list[Row]:
    try:
        from distributed import LocalCluster
    except ImportError:
        return [Row("(e) the same file on a local Dask cluster", "not run: dask.distributed "
                    "is not installed")]
    with tempfile.TemporaryDirectory(prefix="stepcheck-bench-") as tmp:
        path = _document(Path(tmp), displays)
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            load = _load()
            wall, cpu, out = _run([sys.executable, "-m", "symbolic", "check", str(path), "--quiet",
                                   "--scheduler", cluster.scheduler_address], ok=(0, 1, 3))
    print(f"(e) {wall:.1f} s: {_summary(out)}", file=sys.stderr)
    # the workers are the cluster's processes, not children of this one: CPU not counted
    return [Row(f"(e) the same file on a local Dask cluster (2 workers × 1 thread; "
                f"{_summary(out)})", f"{wall:.1f} s", "(b)'s: <= 60 s", _met(wall <= 60),
                load=(load, _load()))]


# --- (c) reports --------------------------------------------------------------------------

def reports(repeats: int, keep: str | None = None) -> list[Row]:
    command = [sys.executable, "-m", "symbolic", "report", *DOCUMENTS, "--jobs", "2"]
    # the bytecode first, as (a) writes it: the same command in another fresh folder (whose
    # cache is thrown away), so that the cold run below does not compile every module it
    # imports (about 3 s of CPU) into this benchmark's empty bytecode folder
    with tempfile.TemporaryDirectory(prefix="stepcheck-bench-prime-") as tmp:
        _run(command + ["--out", "prime"], cwd=Path(tmp))
    with tempfile.TemporaryDirectory(prefix="stepcheck-bench-") as tmp:
        work = Path(tmp)   # a fresh folder: its .stepcheck-cache/ starts empty
        load = _load()
        # cold: nothing in the fresh folder's cache (steps, rendered files, figures); the run
        # fills it, as ``--no-cache`` would not
        cold, cold_cpu, out = _run(command + ["--out", "cold"], cwd=work)
        cold_load = (load, _load())
        print(f"(c) cold {cold:.1f} s: {_summary(out)}", file=sys.stderr)
        if keep:
            import shutil
            shutil.copytree(work / "cold", Path(keep), dirs_exist_ok=True)
        load = _load()
        warm = [_run(command + ["--out", "warm"], cwd=work)[:2] for _ in range(repeats)]
        warm_load = (load, _load())
    best, best_cpu = min(w for w, _ in warm), min(c for _, c in warm)
    print(f"(c) warm {best:.2f} s", file=sys.stderr)
    return [
        Row("(c) `report` of the three documents, cold (`--jobs 2`, an empty cache folder)",
            f"{cold:.1f} s",
            "<= 10 s", _met(cold <= 10), cpu=cold_cpu, load=cold_load),
        Row(f"(c) the same, warm (cache of an earlier run), best of {repeats}", f"{best:.2f} s",
            "<= 0.5 s", _met(best <= 0.5), cpu=best_cpu, load=warm_load),
    ]


# --- (d) the language server --------------------------------------------------------------

def server(edits: int) -> list[Row]:
    import server as bench_server
    os.environ.update({k: v for k, v in _env().items() if k.startswith("PYTHON")})
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    load = _load()
    cpu: list = []
    times = bench_server.latency(edits, 0.05, cpu)
    ordered = sorted(times)
    p50 = statistics.median(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    print(f"(d) p50 {p50:.3f} s, p95 {p95:.3f} s", file=sys.stderr)
    return [Row(f"(d) server, edit → diagnostic, warm, {edits} edits (debounce 0.05 s): p50 (p95); "
                "CPU: the server's per edit, its children included",
                f"{p50:.3f} s ({p95:.3f} s)", "p50 <= 0.15 s", _met(p50 <= 0.15),
                cpu=cpu[0] if cpu else None, load=(load, _load()))]


# --- the numeric tier (optional) ----------------------------------------------------------

def numeric(sizes=(16, 64, 256, 1024, 4096), budget: float = 300.0) -> list[Row]:
    import sympy

    from symbolic.budget import run_limited
    from symbolic.checks import CheckContext, registered_checkers
    from symbolic.config import CheckConfig
    from symbolic.model import Claim, Kind, Relation, Step

    checkers = [c for c in registered_checkers() if c.name.startswith("numeric")]
    rows = []
    for size in sizes:
        x = sympy.IndexedBase("x", real=True)
        terms = [x[k] for k in range(1, size + 1)]
        claim = Claim(sympy.log(sympy.Add(*[sympy.exp(t) for t in terms])), Relation.LE,
                      sympy.Max(*terms, evaluate=False) + sympy.log(size))
        step = Step("lse", Kind.INEQUALITY, "log-sum-exp bound", claim)

        def run(step=step):
            start = time.perf_counter()
            for c in checkers:
                if c.applies(step):
                    c.fn(step, config=CheckConfig(timeout_s=budget), context=CheckContext())
            return time.perf_counter() - start

        load = _load()
        result = run_limited(run, timeout_s=budget, memory_mb=4096)
        value = f"{result.value:.2f} s" if result.ok else result.status.value
        rows.append(Row(f"numeric tier, log-sum-exp bound, L = {size}, 50 digits", value,
                        load=(load, _load())))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="a,b,c,d,e", help="which targets (default a,b,c,d,e)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of (a) and warm (c); best taken")
    parser.add_argument("--displays", type=int, default=400)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--no-bytecode", action="store_true", help="(a) without bytecode written")
    parser.add_argument("--teardown", action="store_true",
                        help="(a) also against a baseline that skips the interpreter's teardown")
    parser.add_argument("--numeric", action="store_true", help="add the numeric tier's timings")
    parser.add_argument("--keep-report", metavar="DIR", help="copy (c)'s cold report files to DIR")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(","))
    rows: list[Row] = []
    if "a" in wanted:
        rows += startup(args.repeats, bytecode=True)
        if args.no_bytecode:
            rows += startup(args.repeats, bytecode=False)
        if args.teardown:
            rows += startup(args.repeats, bytecode=True, baseline=BASELINE_NO_TEARDOWN)
    if "b" in wanted:
        rows += long_document(args.displays)
    if "c" in wanted:
        rows += reports(args.repeats, args.keep_report)
    if "d" in wanted:
        rows += server(args.edits)
    if "e" in wanted:
        rows += dask_document(args.displays)
    if args.numeric:
        rows += numeric()
    import platform
    print(f"\nstepcheck speed (Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})\n")
    print("| measure | wall | target | met | CPU (user+sys) | load (1 min) before → after |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row.cells()) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
