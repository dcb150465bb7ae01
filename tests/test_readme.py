"""The README's tables that describe the code are checked against the code.

The pipeline table is generated (``symbolic.checks.pipeline_table``); the layout table
lists every module of ``symbolic/`` bottom-up, and the imports must agree with its order.
To update the pipeline table after a checker changes, paste the output of
``python -c 'from symbolic.checks import pipeline_table as t; print(t())'`` between its markers.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

# the import graph is read as in test_layers.py (pytest runs with --import-mode=importlib,
# so a sibling test module is loaded by its path)
_spec = importlib.util.spec_from_file_location("_layers", Path(__file__).with_name("test_layers.py"))
_layers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_layers)
ROOT, _inside, import_graph, modules = _layers.ROOT, _layers._inside, _layers.import_graph, _layers.modules

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start: end if end != -1 else len(README)]


def test_the_pipeline_table_is_the_order_the_code_runs():
    from symbolic.checks import pipeline_table

    found = re.search(r"<!-- pipeline table: begin -->\n(.*?)<!-- pipeline table: end -->",
                      README, re.S)
    assert found, "the README has lost the markers of its pipeline table"
    assert found.group(1) == pipeline_table(), (
        "README's pipeline table differs from the registry; regenerate it (see this module's docstring)")


def layout_rows() -> list[list[str]]:
    """The paths of each row of the README's layout table, in order (``a.py`` after
    ``symbolic/x.py`` in one cell means ``symbolic/a.py``)."""
    rows = []
    for line in _section("Layout").splitlines():
        if not line.startswith("| `"):
            continue
        cell = line.split("|")[1]
        paths, folder = [], ""
        for path in re.findall(r"`([^`]+)`", cell):
            if "/" in path.rstrip("/"):
                folder = path.rsplit("/", 1)[0] + "/" if not path.endswith("/") else ""
            elif folder and not path.endswith("/"):
                path = folder + path
            paths.append(path)
        rows.append(paths)
    return rows


def _row_of(relative: str, rows) -> int | None:
    for k, paths in enumerate(rows):
        for path in paths:
            if relative == path or (path.endswith("/") and relative.startswith(path)):
                return k
    return None


def test_every_path_in_the_layout_exists():
    missing = [p for row in layout_rows() for p in row if not (ROOT / p).exists()]
    assert not missing, f"README's layout names paths that do not exist: {missing}"


def test_every_module_has_a_row_in_the_layout():
    rows = layout_rows()
    absent = sorted(path.relative_to(ROOT).as_posix() for name, path in modules().items()
                    if name.startswith("symbolic") and _row_of(path.relative_to(ROOT).as_posix(), rows) is None)
    assert not absent, f"add these modules to README's layout table: {absent}"


# Imports that point up the table today, each with the way out; the list may only shrink.
KNOWN_UPWARD = {
    # the numeric tier looks for poles with the definedness collector of the checks package;
    # out: the collector (conditions, Need) moves below numeric/, the gate stays in checks/
    ("symbolic.numeric.exact", "symbolic.checks._definedness"),
    ("symbolic.numeric.judge", "symbolic.checks._definedness"),
}


def test_the_layout_is_in_import_order():
    # a row may import its own row and the rows before it, never a later one; a module
    # importing its own package (a family registering with symbolic.checks) is no layer edge
    rows = layout_rows()
    row = {name: _row_of(path.relative_to(ROOT).as_posix(), rows) for name, path in modules().items()}
    upward = [(s, t) for s, targets in import_graph().items() for t in sorted(targets)
              if row[s] is not None and row[t] is not None and row[t] > row[s] and not _inside(s, t)]
    assert set(upward) <= KNOWN_UPWARD, (
        f"imports that point down the README's layout table (up the layers): {set(upward) - KNOWN_UPWARD}")
    assert set(upward) == KNOWN_UPWARD, f"no longer upward, remove from KNOWN_UPWARD: {KNOWN_UPWARD - set(upward)}"
