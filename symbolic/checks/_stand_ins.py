"""No refutation through the reader's opaque stand-ins: gradients, functions of matrices,
derivatives of declared dependent names, and a delta with two free indices left a name
(``\\delta_{kj}`` beside x_k and x_j read apart, ``symbolic.latex.kronecker``).

The reader reads a gradient of a declared function at a vector (``\\nabla f(\\theta_t)``,
``symbolic.gradient_vectors``) and a declared function applied to a matrix (``\\phi(Q)``,
``symbolic.matrix_function_values``) and a derivative of a name declared to depend on others
(``\\frac{\\partial y_k}{\\partial \\gamma_j}``, ``symbolic.latex.dependences``) as opaque objects,
freer than the real values: two keys may name one point (``\\phi(Q)`` and ``\\phi(K)`` at
Q = K; ``\\phi(2Q)`` and ``\\phi(Q)``), and f's values are tied to its gradient. A
counterexample drawn for a stand-in need not be a point of any real function, so
``check_step`` passes every outcome through ``without_refutation``: a refutation of a claim,
or under an assumption, that holds a stand-in becomes inconclusive, saying why. Proofs and
verifications are untouched (a claim that holds for every value of the freer stand-in holds for
the real one).
"""
from __future__ import annotations

from symbolic.gradient_vectors import holds_gradient
from symbolic.latex.dependences import holds_derivative
from symbolic.latex.kronecker import holds_named_delta
from symbolic.matrix_function_values import holds_matrix_function
from symbolic.latex.vector_maps import holds_family
from symbolic.model import Evidence, Outcome, Step, Verdict

# (what the stand-in holds, the evidence's method, why its counterexample is none)
_STAND_INS = (
    (holds_gradient, "gradients",
     "{name} found values that break the claim, but the claim holds a gradient \\nabla f(x) "
     "read as an opaque vector: a value drawn for it need not be the gradient of any real "
     "function at that point (two points may coincide, f's own values are tied to it), so "
     "this is no certified counterexample"),
    (holds_matrix_function, "matrix functions",
     "{name} found values that break the claim, but the claim holds a function of a matrix "
     "(such as \\phi(Q)) read as an opaque matrix: a value drawn for it need not be the value "
     "of any real function (\\phi(Q) and \\phi(K) are drawn apart even where Q = K; \\phi(2Q) "
     "is drawn apart from \\phi(Q)), so this is no certified counterexample"),
    (holds_derivative, "declared dependences",
     "{name} found values that break the claim, but the claim holds a derivative of a name "
     "declared to depend on others (such as \\partial y_k / \\partial \\gamma_j) read as an "
     "opaque number: a value drawn for it need not be the derivative of any real quantity (two "
     "keys may name one derivative, the quantity's own values are tied to it), so this is no "
     "certified counterexample"),
    (holds_family, "families of vectors",
     "{name} found values that break the claim, but the claim sums over a family of vectors "
     "(K_j in \\sum_j K_j V_j^\\top) and may write one of its members under another name "
     "(K_i, drawn apart from the member j = i of the sum): a value drawn so need not be a value "
     "of the family, so this is no certified counterexample"),
    (holds_named_delta, "free Kronecker deltas",
     "{name} found values that break the claim, but the claim holds \\delta with two free "
     "indices (such as \\delta_{{kj}}) read as a number beside names read apart (x_k, x_j): "
     "read as the Kronecker delta the text may mean, a value drawn for it (1 with x_k != x_j) "
     "need not be a point of the claim, so this is no certified counterexample"),
)


def _parts(step: Step):
    claim = step.claim
    return ([claim.lhs, claim.rhs] if claim is not None else []) + list(step.assumptions)


def without_refutation(step: Step, name: str, outcome: Outcome | None) -> Outcome | None:
    """The outcome, except that a refutation through a stand-in becomes inconclusive."""
    if outcome is None or outcome.verdict is not Verdict.REFUTED:
        return outcome
    for holds, method, why in _STAND_INS:
        if any(holds(p) for p in _parts(step)):
            return Outcome(Verdict.INCONCLUSIVE,
                           outcome.evidence + (Evidence(method, why.format(name=name)),),
                           None, outcome.seconds, outcome.table, outcome.figures)
    return outcome
