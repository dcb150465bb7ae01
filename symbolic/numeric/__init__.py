"""Rigorous numerics of the checker: evaluation, ball certificates, sampling, judging.

Nothing here touches global state: mpmath evaluations use a local ``MPContext`` (one per
thread, never ``mpmath.mp``) under ``workdps``, and python-flint's precision is set and
restored around each use. The package is layered; each module imports only those above it:

- ``backends``: the arithmetics (Arb/Acb balls, the evaluators of record; mpmath for
  limits, the margin search and approximations) and the errors ``NotEvaluable``,
  ``OutOfDomain``, ``Undefined`` (certainly no value here) and ``Unsettled``.
- ``compile``: SymPy tree -> closures, dispatched by type through the MRO.
- ``evaluate``: ``evaluate(expr, point, dps=50)`` in mpmath, and ``judge_point``, which
  decides a relation at an exact point with balls escalated up to 1000 digits.
- ``certify``: ``certify(lhs, rhs, relation, point)`` -> ``Certainty.FAILS`` / ``HOLDS`` /
  ``UNDECIDED``.
- ``sampling``: ``sample_points`` and the plan of a claim (its points and sizes).
- ``exact``: exact points beyond the samples (touching points, poles, far sizes in closed form).
- ``judge``: ``judge_claim`` for ``=``, ``\\ne``, orders, ``\\implies`` and limits.
- ``text``: how numbers appear in evidence.

>>> import sympy
>>> from fractions import Fraction
>>> from symbolic.numeric import certify, evaluate, judge_claim
>>> x = sympy.Symbol('x', real=True)
>>> evaluate(sympy.sin(x)**2 + sympy.cos(x)**2, {x: Fraction(1, 3)}, dps=30)
mpf('1.0')
>>> certify(sympy.exp(sympy.pi * sympy.sqrt(163)), sympy.Integer(262537412640768744),
...         Relation.EQ, {})
<Certainty.FAILS: 'fails'>
>>> judge_claim(sympy.log(x**2), Relation.EQ, 2 * sympy.log(x)).verdict
'refuted'
"""
from __future__ import annotations

import importlib

from symbolic.model import Relation
# bound here, not on first use: each has the name of its own module, and importing that module
# (from anywhere) makes the package's attribute the module; binding the function after the
# import, as here, is what keeps ``from symbolic.numeric import evaluate`` the function
from symbolic.numeric.certify import certify
from symbolic.numeric.evaluate import evaluate

# name -> the module of this package that defines it. Imported on first use (PEP 562): a
# checker that needs only ``text`` (how numbers appear in evidence) does not import the
# sampling, judging and certification modules with it.
_EXPORTS = {
    **dict.fromkeys(("MAX_DPS", "Gaussian", "NotEvaluable", "OutOfDomain", "Undefined",
                     "Unsettled"), "backends"),
    **dict.fromkeys(("Certainty", "certify"), "certify"),
    **dict.fromkeys(("Env", "compile_expr", "key_name"), "compile"),
    **dict.fromkeys(("Judgement", "Sides", "Status", "evaluate", "judge_point", "to_exact"),
                    "evaluate"),
    **dict.fromkeys(("MIN_POINTS_PER_INSTANCE", "Finding", "judge_claim"), "judge"),
    **dict.fromkeys(("EDGE_VALUES", "Sample", "ValueKind", "compile_facts", "facts_hold",
                     "is_real_claim", "point_items", "sample_points", "size_symbols",
                     "variables"), "sampling"),
    **dict.fromkeys(("fraction_text", "items_text", "round_decimal", "value_text",
                     "values_text"), "text"),
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "MAX_DPS", "EDGE_VALUES", "MIN_POINTS_PER_INSTANCE", "Relation",
    "NotEvaluable", "OutOfDomain", "Undefined", "Unsettled", "Gaussian",
    "compile_expr", "key_name", "Env",
    "evaluate", "judge_point", "Judgement", "Status", "Sides", "to_exact",
    "certify", "Certainty",
    "sample_points", "size_symbols", "variables", "Sample", "ValueKind", "compile_facts",
    "facts_hold", "is_real_claim", "point_items",
    "judge_claim", "Finding",
    "fraction_text", "value_text", "values_text", "items_text", "round_decimal",
]
