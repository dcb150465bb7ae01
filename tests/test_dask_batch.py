"""The batch run on a Dask cluster gives the local run's results (two local worker processes)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")
from distributed import LocalCluster  # noqa: E402

from symbolic.batch_dask import check_batch_dask  # noqa: E402
from symbolic.commands.check import check_targets, jsonl_row  # noqa: E402
from symbolic.config import CheckConfig  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

DOCUMENT = r"""\begin{align}
(a+b)^2 &= a^2 + 2ab + b^2 \\
(a+b)^2 &= a^2 + b^2
\end{align}
Some text.
\[ \log(e^{x}) = x \]
\begin{equation}
\sqrt{x^2} = x
\end{equation}
\begin{equation}
\text{this is not mathematics at all}
\end{equation}
"""
CLAIMS = [{"latex": "\\sqrt{x^2} = x", "assume": ["x > 0"]},
          {"latex": "\\sin^2 x + \\cos^2 x = 1"},
          {"latex": "e^{a+b} = e^a + e^b"}]


def _comparable(checked) -> list[dict]:
    """Every record as its JSONL row without the seconds it took (which no two runs share)."""
    rows = []
    for record in checked.ordered:
        row = jsonl_row(record)
        row.pop("seconds", None)
        rows.append(json.loads(json.dumps(row, sort_keys=True, default=str)))
    return rows


@pytest.fixture(scope="module")
def cluster():
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      env=env) as local:
        yield local


@pytest.fixture()
def inputs(tmp_path):
    tex = tmp_path / "paper.tex"
    tex.write_text(DOCUMENT, encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join(json.dumps(c) for c in CLAIMS) + "\n", encoding="utf-8")
    return [str(tex), str(claims)]


def test_dask_results_are_the_local_results(cluster, inputs):
    config = CheckConfig(timeout_s=20.0)
    local = check_targets(inputs, config=config)
    remote = check_batch_dask(inputs, scheduler=cluster.scheduler_address, config=config)
    assert _comparable(remote) == _comparable(local)
    assert remote.displays == local.displays and remote.from_files == local.from_files
    verdicts = [row["verdict"] for row in _comparable(remote)]
    # the run decided something on the cluster (not only timeouts from a broken worker):
    # (a+b)^2 = a^2+b^2, \sqrt{x^2} = x with no assumption, e^{a+b} = e^a+e^b are false
    assert verdicts.count("refuted") == 3 and "proved" in verdicts and "unreadable" in verdicts


def test_workers_apply_the_hard_budget(cluster, tmp_path):
    claims = tmp_path / "hostile.jsonl"
    claims.write_text(json.dumps({"latex": "9^{9^{9^{9}}} = 9^{9^{9^{9}}} + 1"}) + "\n", encoding="utf-8")
    checked = check_batch_dask([str(claims)], scheduler=cluster.scheduler_address,
                               config=CheckConfig(timeout_s=3.0))
    (row,) = _comparable(checked)
    assert row["verdict"] in ("timeout", "unreadable", "inconclusive"), row


def test_cli_scheduler_option_writes_the_same_jsonl(cluster, inputs, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out_local, out_remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    base = [sys.executable, "-m", "symbolic", "check", *inputs, "--quiet", "--timeout", "20"]
    local = subprocess.run([*base, "--output", str(out_local)], capture_output=True, text=True,
                           env=env, timeout=300)
    remote = subprocess.run([*base, "--output", str(out_remote)], capture_output=True, text=True,
                            env=dict(env, STEPCHECK_SCHEDULER=cluster.scheduler_address), timeout=300)
    assert remote.returncode == local.returncode == 1, remote.stderr

    def rows(path):
        return [{k: v for k, v in json.loads(line).items() if k != "seconds"}
                for line in path.read_text().splitlines()]
    assert rows(out_remote) == rows(out_local)
