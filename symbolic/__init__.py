"""stepcheck: check every step of a derivation and say how sure we are.

The public API, for writing and checking your own derivations::

    import sympy
    import symbolic as sc

    x = sc.symbols("x", positive=True)
    d = sc.derivation("demo", [
        sc.step("square", sympy.Eq((x + 1)**2, x**2 + 2*x + 1)),
        sc.step("log", r"\\ln(x^2) = 2\\ln x", assume=["x > 0"]),
    ], title="A demo")
    outcomes = sc.check_derivation(d)

Names are imported on first use (PEP 562) so that ``import symbolic`` and the
``stepcheck`` command start fast: SymPy is loaded only when something needs it.

Inside IPython, importing the package registers how steps, outcomes and derivations
display (``symbolic.render.notebook``), the way ``sympy.init_printing`` registers its
printers: the data model itself knows no display code.
"""
from __future__ import annotations

import importlib
import sys

__version__ = "0.1.0"

# public name -> module that defines it. ``render``/``export`` are called
# ``render_derivation``/``export_derivation`` here because ``symbolic.render`` is a
# subpackage (importing it would overwrite the function), and to keep the names paired.
_EXPORTS = {
    # data model
    "Step": "symbolic.model", "Claim": "symbolic.model", "Derivation": "symbolic.model",
    "Kind": "symbolic.model", "Relation": "symbolic.model", "Verdict": "symbolic.model",
    "Outcome": "symbolic.model", "Evidence": "symbolic.model", "Regime": "symbolic.model",
    "Rule": "symbolic.model",
    "CheckConfig": "symbolic.config",
    # errors
    "StepcheckError": "symbolic.errors", "ParseError": "symbolic.errors",
    "DerivationError": "symbolic.errors", "UnknownDocumentError": "symbolic.errors",
    # writing and checking derivations
    "symbols": "symbolic.api", "step": "symbolic.api", "derivation": "symbolic.api",
    "check": "symbolic.api", "check_chain": "symbolic.api",
    "check_derivation": "symbolic.api", "render_derivation": "symbolic.api",
    "export_derivation": "symbolic.api",
    "load_derivation": "symbolic.api",
    # functions derivations about attention are written with
    "MaxOver": "symbolic.functions", "MinOver": "symbolic.functions", "ReLU": "symbolic.functions",
    # notebooks
    "Checked": "symbolic.render.notebook",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'symbolic' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip __getattr__
    return value


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))


# (class in symbolic.model, prefix of its display functions in symbolic.render.notebook)
_DISPLAYED = (("Step", "step"), ("Outcome", "outcome"), ("Derivation", "derivation"))


def register_notebook_display(formatters) -> None:
    """Register LaTeX and Markdown display of the model's classes with IPython formatters.

    ``formatters`` is an IPython ``DisplayFormatter.formatters`` mapping. Registration is
    by name (``for_type_by_name``), so neither the model nor the display code is imported
    until something is displayed.
    """
    for mime, kind in (("text/latex", "latex"), ("text/markdown", "markdown")):
        for class_name, prefix in _DISPLAYED:
            formatters[mime].for_type_by_name("symbolic.model", class_name,
                                              _display_function(f"{prefix}_repr_{kind}"))


def _display_function(name: str):
    def show(obj):
        return getattr(importlib.import_module("symbolic.render.notebook"), name)(obj)
    show.__name__ = name
    return show


def _register_with_running_ipython() -> None:
    if "IPython" not in sys.modules:  # never import IPython just to look for it
        return
    shell = sys.modules["IPython"].get_ipython()
    if shell is not None:
        register_notebook_display(shell.display_formatter.formatters)


_register_with_running_ipython()
