"""No refutation through the reader's opaque gradients and values (``symbolic.gradient_vectors``).

A counterexample drawn for a stand-in need not be a point of any real function (two keys may
name one point; f's values are tied to its gradient), so ``check_step`` passes every outcome
through ``without_refutation``: a refutation of a claim, or under an assumption, that holds a
stand-in becomes inconclusive, saying why. Proofs and verifications are untouched (a claim that
holds for every value of the freer stand-in holds for the real gradient).
"""
from __future__ import annotations

from symbolic.gradient_vectors import holds_gradient
from symbolic.model import Evidence, Outcome, Step, Verdict


def step_holds_gradient(step: Step) -> bool:
    """Whether the step's claim or one of its assumptions holds a gradient stand-in."""
    claim = step.claim
    parts = [claim.lhs, claim.rhs] if claim is not None else []
    parts += list(step.assumptions)
    return any(holds_gradient(p) for p in parts)


_WHY = ("{name} found values that break the claim, but the claim holds a gradient \\nabla f(x) "
        "read as an opaque vector: a value drawn for it need not be the gradient of any real "
        "function at that point (two points may coincide, f's own values are tied to it), so "
        "this is no certified counterexample")


def without_refutation(step: Step, name: str, outcome: Outcome | None) -> Outcome | None:
    """The outcome, except that a refutation through a gradient stand-in becomes inconclusive."""
    if outcome is None or outcome.verdict is not Verdict.REFUTED or not step_holds_gradient(step):
        return outcome
    return Outcome(Verdict.INCONCLUSIVE, outcome.evidence + (Evidence("gradients", _WHY.format(name=name)),),
                   None, outcome.seconds, outcome.table, outcome.figures)
