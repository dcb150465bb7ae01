"""Seconds from an edit (didChange) to its diagnostic, with a warm ``stepcheck serve``.

Starts ``python -m symbolic serve``, opens a .tex file with one display, then replaces the
display with a new simple identity (never seen before, so never served by the cache) and
times each edit until the diagnostic of the new text arrives. Prints p50 and p95 (target:
p50 <= 0.15 s); ``--transcript`` prints the LSP messages of an open -> diagnostics -> edit ->
cleared -> the new text's
verdict session instead. Run with PYTHONPATH set to the worktree:

    PYTHONPATH=$PWD python benchmarks/server.py [--edits 40] [--debounce 0.05]
    PYTHONPATH=$PWD python benchmarks/server.py --transcript
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time

URI = "file:///tmp/stepcheck-bench/edit.tex"


class RawClient:
    """A minimal JSON-RPC client over the server's stdio (no dependency beyond the stdlib)."""

    def __init__(self, echo: bool = False):
        self.proc = subprocess.Popen([sys.executable, "-m", "symbolic", "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=dict(os.environ))
        self.inbox: queue.Queue = queue.Queue()
        self.echo = echo
        self.start = time.perf_counter()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                key, _, value = line.partition(":")
                headers[key.lower()] = value.strip()
            self.inbox.put(json.loads(stream.read(int(headers["content-length"]))))

    def _show(self, arrow: str, message: dict) -> None:
        if self.echo:
            print(f"[{time.perf_counter() - self.start:6.3f} s] {arrow} {json.dumps(message)}", flush=True)

    def send(self, message: dict) -> None:
        message = {"jsonrpc": "2.0", **message}
        self._show("client -> server", message)
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def until(self, predicate, timeout: float = 120.0) -> dict:
        deadline = time.perf_counter() + timeout
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError("no matching message from the server")
            message = self.inbox.get(timeout=remaining)
            self._show("server -> client", message)
            if predicate(message):
                return message

    def initialize(self, options: dict) -> None:
        self.send({"id": 1, "method": "initialize", "params": {
            "processId": os.getpid(), "rootUri": None, "capabilities": {},
            "initializationOptions": {"stepcheck": options}}})
        self.until(lambda m: m.get("id") == 1)
        self.send({"method": "initialized", "params": {}})

    def open(self, text: str) -> None:
        self.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": URI, "languageId": "latex", "version": 1, "text": text}}})

    def change_row(self, row: int, old: str, new: str, version: int) -> None:
        self.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"range": {"start": {"line": row, "character": 0},
                                          "end": {"line": row, "character": len(old)}}, "text": new}]}})

    def cpu_seconds(self) -> float | None:
        """CPU seconds the server has used so far, with its children that it has waited for
        (every check's forked children): Linux's /proc, else None."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        # after the name: state is field 3, utime..cstime are fields 14..17 (1-based)
        return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.send({"id": 99, "method": "shutdown"})
        self.until(lambda m: m.get("id") == 99, timeout=30)
        self.send({"method": "exit"})
        self.proc.wait(timeout=30)


def _diagnostics(predicate):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == URI and predicate(m["params"]["diagnostics"]))


def latency(edits: int, debounce: float, cpu: list | None = None) -> list[float]:
    """Seconds from each didChange to the diagnostic that names the new display; ``cpu``, when
    given, receives the server's CPU seconds per edit (children included), which a busy
    machine inflates far less than the wall time."""
    client = RawClient()
    client.initialize({"showProved": "information", "debounce": debounce})
    first = "x^{2} x = x^{3}"
    client.open(f"\\begin{{equation}}\n{first}\n\\end{{equation}}\n")
    client.until(_diagnostics(lambda d: any(first in x["message"] for x in d)))
    times, old = [], first
    used = client.cpu_seconds()
    for k in range(edits):
        new = f"x^{{{k + 4}}} x = x^{{{k + 5}}}"      # new text each time: no cache hit
        started = time.perf_counter()
        client.change_row(1, old, new, k + 2)
        client.until(_diagnostics(lambda d, new=new: any(new in x["message"] for x in d)))
        times.append(time.perf_counter() - started)
        old = new
    if cpu is not None and used is not None and edits:
        cpu.append((client.cpu_seconds() - used) / edits)
    client.close()
    return times


def transcript() -> None:
    """Print the LSP messages of open -> diagnostics -> edit -> cleared."""
    client = RawClient(echo=True)
    client.initialize({"showProved": "information"})
    false, true = "(a+b)^2 = a^2 + b^2", "(a+b)^2 = a^2 + 2ab + b^2"
    client.open(f"% stepcheck: assume a > 0\n\\begin{{equation}}\n{false}\n\\end{{equation}}\n")
    client.until(_diagnostics(lambda d: any(x["severity"] == 1 for x in d)))
    client.change_row(2, false, true, 2)
    client.until(_diagnostics(lambda d: any(x["severity"] == 3 for x in d)))
    client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--debounce", type=float, default=0.05)
    parser.add_argument("--transcript", action="store_true")
    args = parser.parse_args()
    if args.transcript:
        transcript()
        return
    cpu: list = []
    load = os.getloadavg()[0]
    times = latency(args.edits, args.debounce, cpu)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    per_edit = f", server CPU {cpu[0]:.3f} s per edit" if cpu else ""
    print(f"edit -> diagnostic, warm server, {len(times)} edits, debounce {args.debounce:g} s: "
          f"p50 {statistics.median(times):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.3f} s "
          f"(target p50 <= 0.15 s){per_edit}; load (1 min) {load:.1f} -> {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
