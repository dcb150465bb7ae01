"""No refutation through the reader's opaque function values of matrices (``\\phi(Q)``).

``symbolic.matrix_function_values`` reads a declared function applied to a matrix as an opaque
matrix, freer than the real value (two keys are independent even where the real values are
tied: ``\\phi(Q)`` and ``\\phi(K)`` at Q = K, ``\\phi(2Q)`` and ``\\phi(Q)``). A counterexample
drawn for the stand-in need not be a value of any real function, so ``check_step`` passes every
outcome through ``without_refutation``: a refutation of a claim, or under an assumption, that
holds a stand-in becomes inconclusive, saying why. Proofs and verifications are untouched (a
claim that holds for every value of the freer stand-in holds for the real function).
"""
from __future__ import annotations

from symbolic.matrix_function_values import holds_matrix_function
from symbolic.model import Evidence, Outcome, Step, Verdict


def step_holds_matrix_function(step: Step) -> bool:
    """Whether the step's claim or one of its assumptions holds a function-of-matrix stand-in."""
    claim = step.claim
    parts = [claim.lhs, claim.rhs] if claim is not None else []
    parts += list(step.assumptions)
    return any(holds_matrix_function(p) for p in parts)


_WHY = ("{name} found values that break the claim, but the claim holds a function of a matrix "
        "(such as \\phi(Q)) read as an opaque matrix: a value drawn for it need not be the value "
        "of any real function (\\phi(Q) and \\phi(K) are drawn apart even where Q = K; \\phi(2Q) "
        "is drawn apart from \\phi(Q)), so this is no certified counterexample")


def without_refutation(step: Step, name: str, outcome: Outcome | None) -> Outcome | None:
    """The outcome, except that a refutation through a function-of-matrix stand-in becomes
    inconclusive."""
    if outcome is None or outcome.verdict is not Verdict.REFUTED or not step_holds_matrix_function(step):
        return outcome
    return Outcome(Verdict.INCONCLUSIVE,
                   outcome.evidence + (Evidence("matrix functions", _WHY.format(name=name)),),
                   None, outcome.seconds, outcome.table, outcome.figures)
