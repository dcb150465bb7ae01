"""Matrix identities: rewriting proves for all sizes, exact instances verify or refute."""
import pytest
import sympy
from sympy import Eq, Identity, MatrixSymbol, OneMatrix, ZeroMatrix, sqrt

from symbolic.checks import check_step
from symbolic.checks.matrices import (EntrywiseReLU, RowSoftmax, check_matrix_instances,
                                      permutation_matrix, prove_matrix_identity)
from symbolic.config import CheckConfig
from symbolic.model import Claim, Kind, Relation, Step, Verdict

n, d, m, k = sympy.symbols("n d m k", integer=True, positive=True)
P = MatrixSymbol("P", n, n)
X, W = MatrixSymbol("X", n, d), MatrixSymbol("W", d, m)
Q, K, V = (MatrixSymbol(s, n, m) for s in "QKV")
A, B = MatrixSymbol("A", n, n), MatrixSymbol("B", n, k)
H, W1, b1 = MatrixSymbol("H", n, m), MatrixSymbol("W_1", m, k), MatrixSymbol("b_1", k, 1)
ones = OneMatrix(n, 1)
u, v, q = (MatrixSymbol(s, d, 1) for s in ("u", "v", "q"))
lam = sympy.Symbol("lambda", real=True)
PERM, ORTH = permutation_matrix(P), sympy.Q.orthogonal(P)
UNIT = (Eq(u.T * u, Identity(1)), Eq(v.T * v, Identity(1)), Eq(u.T * v, ZeroMatrix(1, 1)))
GIVEN = Eq(RowSoftmax(P * A * P.T), P * RowSoftmax(A) * P.T)


def step(lhs, rhs, *assumptions):
    return Step("M", Kind.IDENTITY, "q", Claim(lhs, Relation.EQ, rhs), assumptions=assumptions)


CASES = [
    (step((P * X) * W, P * (X * W)), Verdict.PROVED, "associativity, all sizes"),
    (step(P * Q * (P * K).T, P * (Q * K.T) * P.T), Verdict.PROVED, "transpose of a product"),
    (step(P * A * (P.T * P) * V, P * A * V, ORTH), Verdict.PROVED, "P^T P = I"),
    (step(u.T * q, 1, Eq(q, u + v), *UNIT), Verdict.PROVED, "orthonormal: u^T(u + v) = 1"),
    (step((lam * u).T * (u + v), lam, *UNIT), Verdict.PROVED, "a scalar moves out"),
    (step(u.T * q, 2, Eq(q, u + v), *UNIT), Verdict.REFUTED, "u^T(u + v) is 1, not 2"),
    (step(RowSoftmax(P * Q * K.T * P.T / sqrt(d)), P * RowSoftmax(Q * K.T / sqrt(d)) * P.T, GIVEN),
     Verdict.PROVED, "one use of the given identity (a schema over A)"),
    (step(RowSoftmax(P * A * P.T), P * RowSoftmax(A) * P.T, PERM), Verdict.VERIFIED,
     "true for permutations; instances only"),
    (step(EntrywiseReLU(P * B), P * EntrywiseReLU(B), PERM), Verdict.VERIFIED,
     "ReLU commutes with a permutation; instances only"),
    (step((P * H) * W1 + ones * b1.T, P * (H * W1 + ones * b1.T), PERM), Verdict.PROVED,
     "bias broadcast: P 1 = 1 for a permutation"),
    (step((P * H) * W1 + ones * b1.T, P * (H * W1 + ones * b1.T), ORTH), Verdict.REFUTED,
     "orthogonal is not enough: P 1 != 1 for a rotation"),
    (step(P * A, A * P, PERM), Verdict.REFUTED, "permutations do not commute with everything"),
    (step(EntrywiseReLU(P * (H * W1 + ones * b1.T)), P * EntrywiseReLU(H * W1 + ones * b1.T),
          Eq(EntrywiseReLU(P * B), P * EntrywiseReLU(B)), PERM),
     Verdict.PROVED, "schema matched through the sum, using P 1 = 1"),
]


@pytest.mark.parametrize("the_step, verdict, reason", CASES, ids=[c[2] for c in CASES])
def test_matrix_verdicts(the_step, verdict, reason):
    outcome = check_step(the_step, config=CheckConfig(timeout_s=20))
    assert outcome.verdict is verdict, (reason, outcome.evidence)
    if verdict is Verdict.REFUTED:
        assert outcome.counterexample


def test_rewriting_alone_does_not_prove_a_false_claim():
    proved, _ = prove_matrix_identity(step(P * A, A * P, PERM))
    assert not proved


def test_a_schema_is_not_applied_where_it_does_not_match():
    # softmax(A P) is not of the form softmax(P A P^T)
    proved, _ = prove_matrix_identity(step(RowSoftmax(A * P), P * RowSoftmax(A) * P.T, GIVEN))
    assert not proved


def test_failing_instances_under_an_unchecked_schema_are_never_a_refutation():
    # the schema is false for the drawn (non-permutation) P, so no instance is trusted
    outcome = check_matrix_instances(step(RowSoftmax(P * A * P.T), RowSoftmax(A), GIVEN))
    assert outcome.verdict is not Verdict.REFUTED


def test_instances_report_their_sizes_and_are_not_called_a_proof():
    outcome = check_matrix_instances(step(EntrywiseReLU(P * B), P * EntrywiseReLU(B), PERM))
    assert outcome.verdict is Verdict.VERIFIED
    assert "n=2" in outcome.evidence[0].detail and "not a proof" in outcome.evidence[0].detail


def test_a_hypothesis_the_sampler_cannot_honour_blocks_a_refutation():
    # A = A^T is true for a symmetric A; the sampler draws general A, so it must not refute
    outcome = check_matrix_instances(step(A, A.T, sympy.Q.symmetric(A)))
    assert outcome.verdict is Verdict.INCONCLUSIVE
