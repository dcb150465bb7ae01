"""Every example in a docstring of ``symbolic/`` runs and prints what it says (as mpmath's do).

A module that cannot be imported because an optional dependency is missing (pygls for the
language server, dask for batches) is skipped, never failed.
"""
import doctest
import importlib
import pkgutil

import pytest

import symbolic

# __main__ runs the command when imported; it has no docstring examples
MODULES = sorted(["symbolic"] + [m.name for m in pkgutil.walk_packages(symbolic.__path__, "symbolic.")
                                 if m.name != "symbolic.__main__"])
OPTIONAL = {"pygls", "lsprotocol", "dask", "distributed", "matplotlib"}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _examples(module) -> list:
    return [t for t in doctest.DocTestFinder(exclude_empty=True).find(module, module.__name__)
            if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        if exc.name and exc.name.split(".")[0] in OPTIONAL:
            pytest.skip(f"optional dependency {exc.name} is not installed")
        raise
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in _examples(module):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} fail (see the output above)"


def test_the_package_has_examples_to_run():
    # the test above passes vacuously on a package without examples; this one does not
    found = sum(len(t.examples) for name in ("symbolic.api", "symbolic.numeric", "symbolic.functions")
                for t in _examples(importlib.import_module(name)))
    assert found >= 8, found
