"""How fast `stepcheck check FILE.tex` reads and checks a long document.

    python benchmarks/documents.py [--displays N] [--check] [--jobs J] [--timeout S]

Writes a document of N displays (default 400: equations, align chains with continued rows,
\\label/\\tag, a \\newcommand macro, \\text conditions, and a few refusals) to a temporary folder,
then reports

* reading: seconds for ``read_document`` (pylatexenc's parse, macro expansion, splitting);
* with ``--check``: wall seconds of ``python -m symbolic check FILE --jobs J --quiet`` as a whole
  process, and the summary line it prints (issue 14's target: 400 displays, --jobs 2, <= 60 s).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from symbolic.latex.document import read_document  # noqa: E402

# A cycle of displays as papers write them; each {k} makes the display distinct.
DISPLAYS = [
    "\\begin{{equation}}\\label{{eq:{k}}}\n  (a + {k})^2 = a^2 + {two_k} a + {k_sq} \\tag{{{k}}}\n\\end{{equation}}",
    "\\begin{{align}}\n  \\sq{{x + {k}}} &= x^2 + {two_k} x + {k_sq} \\nonumber \\\\\n"
    "  &\\ge {two_k} x + {k_sq}. \\label{{eq:a{k}}}\n\\end{{align}}",
    "\\[ \\ln(x^{{{k}}}) = {k} \\ln x \\quad \\text{{for }} x > 0 \\]",
    "$$ \\frac{{x^2 - {k_sq}}}{{x - {k}}} = x + {k} \\quad \\text{{for }} x > {k}, $$",
    "\\begin{{equation}}\n  e^{{x + {k}}} = e^x e^{{{k}}} \\quad \\text{{by the exponential law}}\n\\end{{equation}}",
    "\\begin{{equation}}\n  x + {k} = 2 \\quad \\text{{at the optimum}}\n\\end{{equation}}",   # refused: prose
]


def document(n: int) -> str:
    parts = ["\\documentclass{article}", "\\newcommand{\\sq}[1]{\\left(#1\\right)^2}",
             "\\begin{document}"]
    for k in range(1, n + 1):
        parts.append(f"Paragraph {k} with inline $x_{{{k}}}$ maths.")
        parts.append(DISPLAYS[k % len(DISPLAYS)].format(k=k, two_k=2 * k, k_sq=k * k))
    parts.append("\\end{document}")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--displays", type=int, default=400)
    parser.add_argument("--check", action="store_true", help="also run the check command")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    text = document(args.displays)
    start = time.perf_counter()
    chains = read_document(text)
    reading = time.perf_counter() - start
    refused = sum(c.problem is not None for c in chains)
    print(f"document: {args.displays} displays, {len(text)} characters")
    print(f"reading: {reading:.2f} s ({len(chains)} chains, {refused} unreadable)")
    if not args.check:
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.tex"
        path.write_text(text)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "symbolic", "check", str(path), "--jobs",
                               str(args.jobs), "--quiet", "--timeout", str(args.timeout)],
                              capture_output=True, text=True, env=env)
        seconds = time.perf_counter() - start
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()
    print(f"check --jobs {args.jobs}: {seconds:.1f} s wall, exit {done.returncode}: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
