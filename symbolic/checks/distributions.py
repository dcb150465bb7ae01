"""Exact moments and probabilities of random variables written with ``sympy.stats``.

A claim may contain the unevaluated ``sympy.stats`` objects ``Expectation(X)``,
``Variance(X)``, ``Covariance(X, Y)`` and ``Probability(cond)``, where ``X`` is built from
random symbols such as ``Normal('epsilon', 0, sqrt(1/2))``. The checker
``distributions_exact`` replaces each by its exact value (``sympy.stats.E``, ``variance``,
``covariance``, ``P``: symbolic integration over the stated distribution) and proves the
claim when the difference of the sides simplifies to exactly 0. The values are exact for
every value of the distribution's symbolic parameters, so this is a proof. It never refutes
(a difference that does not simplify proves nothing); the numeric tier may.
"""
from __future__ import annotations

import sys

import sympy

from symbolic.checks import Cost, checker
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

_PROBABILITY_MODULE = "sympy.stats.symbolic_probability"


def _random_classes() -> tuple:
    """The unevaluated moment classes of ``sympy.stats``, or () when it was never imported.

    Importing ``sympy.stats`` costs a fifth of a second on every start-up; a claim can only
    hold its objects if something (the document) imported it already, so it is not
    imported here.
    """
    module = sys.modules.get(_PROBABILITY_MODULE)
    if module is None:
        return ()
    return (module.Expectation, module.Variance, module.Covariance, module.Probability)


def _has_random(step: Step) -> bool:
    claim = step.claim
    classes = _random_classes()
    return (bool(classes) and claim is not None and claim.relation is Relation.EQ
            and (claim.lhs.has(*classes) or claim.rhs.has(*classes)))


def exact_value(expr):
    """``expr`` with every ``sympy.stats`` expectation, variance, covariance and probability
    replaced by its exact value."""
    from sympy import stats
    from sympy.stats.symbolic_probability import Covariance, Expectation, Probability, Variance

    def evaluate(node):
        if isinstance(node, Expectation):
            return stats.E(node.args[0])
        if isinstance(node, Variance):
            return stats.variance(node.args[0])
        if isinstance(node, Covariance):
            return stats.covariance(node.args[0], node.args[1])
        if isinstance(node, Probability):
            return stats.P(node.args[0])
        return node
    random = (Expectation, Variance, Covariance, Probability)
    return expr.replace(lambda e: isinstance(e, random), evaluate)


def _laws(claim) -> str:
    """The distributions of the claim's random symbols, e.g. ``epsilon ~ Normal(0, 1)``."""
    from sympy.stats.rv import random_symbols

    symbols = random_symbols(claim.lhs) + random_symbols(claim.rhs)
    seen = []
    for rs in sorted(set(symbols), key=str):
        law = rs.pspace.distribution
        name = type(law).__name__.replace("Distribution", "")
        args = ", ".join(latex_of(a) for a in law.args)
        seen.append(f"${latex_of(rs)} \\sim \\operatorname{{{name}}}\\left({args}\\right)$")
    return "; ".join(seen) or "no random symbols"


@checker("distributions_exact", cost=Cost.SAMPLE, applies=_has_random)
def distributions_exact(step: Step, *, config, context) -> Outcome | None:
    """Evaluate the moments exactly with sympy.stats and simplify the difference."""
    claim = step.claim
    lhs, rhs = exact_value(claim.lhs), exact_value(claim.rhs)
    classes = _random_classes()
    if lhs.has(*classes) or rhs.has(*classes):
        return undecided("distributions_exact", "sympy.stats left a moment unevaluated")
    difference = sympy.simplify(lhs - rhs)
    if difference == 0:
        return Outcome(Verdict.PROVED, (Evidence("distributions_exact",
                       f"with {_laws(claim)}, sympy.stats gives {tex(sympy.simplify(lhs))} on the left "
                       f"and {tex(sympy.simplify(rhs))} on the right, exactly"),))
    return undecided("distributions_exact", f"the exact moments differ by {tex(difference)}, which "
                     "was not shown to be zero (no refutation from this tier)")
