"""The import shape of the package: layers that only point down, read from the source with ``ast``.

Imports inside functions count as much as those at the top (they are how start-up stays
fast, not a way around the layers). Run ``python tests/test_layers.py`` to print the
layers as they are.
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("symbolic", "proofs")

# Modules that may be longer than MAX_LINES, each with the reason (none today).
MAX_LINES = 800
LONG_MODULES = {
}


# Cycles that exist today, each with the way out; the list may only shrink. The circle
# model -> notebook -> render/rows -> model is gone: display is registered from the package face;
# the checks helpers (_definedness, _ranges) prove signs with checks/_prove.py, never a family;
# the Dask batch reads and collects with commands/inputs.py, not with the command that starts it;
# the converter reads a subscript (j+1) with latex/library.py, not by calling the reader back.
KNOWN_CYCLES: dict[tuple[str, ...], str] = {
    # this version's statements, cases and orders hook into parse_chain (parse asks whether a
    # display is a cases block or an interval claim) while they read their parts with parse;
    # the hooks belong in one reader layer above parse: to be broken, not to grow
    ("symbolic.latex.cases", "symbolic.latex.display", "symbolic.latex.parse",
     "symbolic.latex.prepasses", "symbolic.latex.statements"):
        "statements/cases hooks inside parse_chain (to be lifted out)",
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "sources" not in path.relative_to(ROOT).parts:
                found[_module_name(path)] = path
    return found


@lru_cache(maxsize=1)
def import_graph() -> dict[str, frozenset[str]]:
    """Each project module -> the project modules it imports (anywhere in its source)."""
    known = modules()
    graph = {}
    for name, path in known.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path.name == "__init__.py", node)
                # ``from symbolic.checks import rules`` imports a module; ``import x`` of a name does not
                candidates = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for candidate in candidates:
                if candidate in known and candidate != name:
                    targets.add(candidate)
        graph[name] = frozenset(targets)
    return graph


def _edges_from(prefix: str):
    for source, targets in import_graph().items():
        if source == prefix or source.startswith(prefix + "."):
            for target in sorted(targets):
                yield source, target


def _inside(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    graph, index, low, stack, on_stack, found = import_graph(), {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layers() -> list[list[str]]:
    """Modules stacked so that each sits above everything it imports.

    A known cycle (``KNOWN_CYCLES``) counts as one unit; the edges from a package's modules
    to the package itself (a family registering with ``symbolic.checks``) are left out, as
    the package face is where the registry lives, not a layer above or below its modules.
    """
    unit = {m: m for m in import_graph()}
    for group in cycles():
        for m in group:
            unit[m] = " ".join(group)
    graph: dict[str, set[str]] = {}
    for m, targets in import_graph().items():
        graph.setdefault(unit[m], set()).update(
            unit[t] for t in targets if unit[t] != unit[m] and not _inside(m, t))
    level: dict[str, int] = {}

    def depth(u, seen=()):
        if u not in level:
            if u in seen:
                raise AssertionError(f"import cycle through {u}")
            level[u] = 1 + max((depth(t, seen + (u,)) for t in graph[u]), default=-1)
        return level[u]

    for u in graph:
        depth(u)
    out: list[list[str]] = [[] for _ in range(max(level.values()) + 1)]
    for u, k in sorted(level.items()):
        out[k].append(u)
    return out


# ---------------------------------------------------------------- the rules


def test_no_import_cycle_beyond_the_known_ones():
    known = [set(group) for group in KNOWN_CYCLES]
    new = [group for group in cycles() if not any(set(group) <= k for k in known)]
    assert not new, f"import cycles (an import points back up): {new}"
    assert layers()  # the stacking raises on any cycle it meets


def test_the_known_cycles_still_exist():
    # a cycle that was broken leaves this list, so that it cannot come back unnoticed
    found = [set(group) for group in cycles()]
    gone = [group for group in KNOWN_CYCLES if not any(set(group) & f for f in found)]
    assert not gone, f"these cycles are broken: remove them from KNOWN_CYCLES: {gone}"


def test_the_model_imports_only_errors():
    allowed = {"symbolic", "symbolic.errors"}
    assert import_graph()["symbolic.model"] <= allowed, import_graph()["symbolic.model"]
    tree = ast.parse(modules()["symbolic.model"].read_text(encoding="utf-8"))
    outside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            outside |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            outside.add((node.module or "").split(".")[0])
    assert outside <= {"__future__", "enum", "re", "dataclasses", "typing", "sympy", "symbolic"}, outside


def test_documents_do_not_import_checkers():
    wrong = [(s, t) for s, t in _edges_from("proofs") if _inside(t, "symbolic.checks")]
    assert not wrong, f"proofs/ must take its vocabulary from symbolic.functions/experiments: {wrong}"


def test_reporters_do_not_import_the_cache_or_the_checkers():
    wrong = [(s, t) for s, t in _edges_from("symbolic.render")
             if _inside(t, "symbolic.cache") or _inside(t, "symbolic.checks")
             or _inside(t, "symbolic.runner") or _inside(t, "symbolic.report")]
    assert not wrong, f"render/ reads rows; it never checks or caches: {wrong}"


def test_the_vocabulary_is_a_leaf():
    # documents and checkers both import these, so they may import nothing above the model
    for name in ("symbolic.functions", "symbolic.experiments", "symbolic.errors", "symbolic.files"):
        assert import_graph()[name] <= {"symbolic", "symbolic.errors"}, (name, import_graph()[name])


def test_checker_families_register_with_named_cost_tiers():
    from symbolic.checks import Cost, registered_checkers

    unnamed = [c.name for c in registered_checkers() if not isinstance(c.cost, Cost)]
    assert not unnamed, f"give these checkers a Cost tier, not a number: {unnamed}"


def test_no_module_is_longer_than_the_limit():
    long = {}
    for name, path in modules().items():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("proofs/") or relative in LONG_MODULES:
            continue
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MAX_LINES:
            long[relative] = count
    assert not long, f"split these along their seams (at most {MAX_LINES} lines): {long}"


def test_the_known_long_modules_still_exist():
    # an exception for a module that was split or removed must go too
    for relative in LONG_MODULES:
        assert (ROOT / relative).is_file(), relative


if __name__ == "__main__":
    for k, group in enumerate(layers()):
        print(k, "  ".join(f"[{m}]" if " " in m else m for m in group))
