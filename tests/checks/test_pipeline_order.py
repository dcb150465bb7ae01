"""The written-out pipeline order (``symbolic.checks._order``) is the registry's, and the lazy
pipeline gives the same checkers in the same order as the registry, importing only the
families it reaches."""
import subprocess
import sys
import textwrap

import pkgutil

import symbolic.checks as checks
from symbolic.checks import _order, registered_checkers


def test_the_written_order_is_the_registry_order():
    actual = tuple((c.name, c.fn.__module__.rsplit(".", 1)[1]) for c in registered_checkers())
    lines = "\n".join(f'    ("{name}", "{family}"),' for name, family in actual)
    assert _order.PIPELINE == actual, (
        "symbolic/checks/_order.py is stale; its PIPELINE should read:\n" + lines)


def test_the_written_families_are_the_modules_on_disk():
    on_disk = {m.name for m in pkgutil.iter_modules(checks.__path__) if not m.name.startswith("_")}
    assert _order.FAMILIES == on_disk, f"symbolic/checks/_order.py FAMILIES should be {sorted(on_disk)}"


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_fresh_process_gives_the_registry_order_lazily():
    out = _fresh("""
        import symbolic.checks as c
        lazy = [k.name for k in c._pipeline()]
        print(lazy == [k.name for k in c.registered_checkers()])
    """)
    assert out.split() == ["True"]


def test_a_claim_decided_early_imports_only_the_families_before_it():
    out = _fresh("""
        import sys, sympy
        from symbolic.checks import check_step
        from symbolic.model import Claim, Kind, Relation, Step
        x = sympy.Symbol("x", real=True)
        step = Step("s", Kind.IDENTITY, "x + x = 2x", Claim(x + x, Relation.EQ, 2 * x))
        print(check_step(step).verdict.value)
        print(" ".join(sorted(m for m in sys.modules if m.startswith("symbolic.checks."))))
        print("symbolic.numeric.judge" in sys.modules)
    """)
    verdict, modules, judge = out.splitlines()
    assert verdict == "proved"
    families = {m.rsplit(".", 1)[1] for m in modules.split() if not m.rsplit(".", 1)[1].startswith("_")}
    assert families == {"definitions", "algebraic"}
    assert judge == "False"


def test_checks_from_threads_import_every_family_before_forking():
    # two threads forking checking children at once: each first imports every family (under
    # the registry's lock), so that no child is forked while a family is half imported
    out = _fresh("""
        import sympy
        from concurrent.futures import ThreadPoolExecutor
        import symbolic.checks as c
        from symbolic.model import Claim, Kind, Relation, Step
        x = sympy.Symbol("x", real=True)
        steps = [Step(f"s{k}", Kind.IDENTITY, "", Claim(x + k * x, Relation.EQ, (k + 1) * x))
                 for k in range(1, 5)]
        with ThreadPoolExecutor(2) as pool:
            verdicts = list(pool.map(lambda s: c.check_step_limited(s).verdict.value, steps))
        print(" ".join(verdicts), c._loaded)
    """)
    assert out.split() == ["proved"] * 4 + ["True"]


def test_an_order_that_misses_a_checker_falls_back_to_the_registry(monkeypatch):
    # algebraic_log left out, as when a checker is added to a family without updating _order
    missing = tuple(entry for entry in _order.PIPELINE if entry[0] != "algebraic_log")
    monkeypatch.setattr(_order, "PIPELINE", missing)
    monkeypatch.setattr(checks, "_loaded", False)
    assert [c.name for c in checks._pipeline()] == [c.name for c in registered_checkers()]
    assert "algebraic_log" in [c.name for c in checks._pipeline()]


def test_a_family_the_order_does_not_list_falls_back_to_the_registry(monkeypatch):
    monkeypatch.setattr(_order, "FAMILIES", _order.FAMILIES - {"numeric"})
    monkeypatch.setattr(_order, "PIPELINE", tuple(e for e in _order.PIPELINE if e[1] != "numeric"))
    monkeypatch.setattr(checks, "_loaded", False)
    assert [c.name for c in checks._pipeline()] == [c.name for c in registered_checkers()]
