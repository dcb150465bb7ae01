"""Equations between matrices of fixed size (matrix literals), decided entry by entry.

A claim such as ``R(a) R(b) = R(a + b)`` between 2 x 2 literals (``pmatrix``) is the
conjunction of its entries' equations. Both sides are made explicit (products, sums and
transposes of explicit matrices carried out exactly; a declared matrix of fixed size becomes
the matrix of its entries ``W[r, c]``, each a real unknown), and each entry's equation is checked
by the whole scalar pipeline with the step's assumptions:

* every entry proved: ``proved`` (each entry's proof covers the whole domain);
* every entry proved or verified: ``verified``, saying which entries were only verified;
* one entry refuted: ``refuted`` with that entry's certified counterexample, a point that
  satisfies every assumption and at which that entry of the two sides differs, so the
  matrices differ there;
* anything else: undecided, with each entry's verdict.

Matrices of symbolic size (``MatrixSymbol('W', d, d)``) are left to ``matrices.py``.
"""
from __future__ import annotations

from dataclasses import replace

import sympy
from sympy.assumptions.assume import AppliedPredicate
from sympy.matrices.expressions import MatrixExpr
from sympy.matrices.expressions.matexpr import MatrixElement, MatrixSymbol

from symbolic.checks import Cost, checker
from symbolic.config import CheckConfig
from symbolic.model import Claim, Evidence, Kind, Outcome, Relation, Step, Verdict, undecided

__all__ = ["explicit_sides", "matrix_entries"]

_MAX_ENTRIES = 64


def _explicit(side):
    """The side as an explicit matrix when every shape in it is a fixed number, else None."""
    if not isinstance(side, MatrixExpr):
        return None
    shapes = [side.shape] + [m.shape for m in side.atoms(MatrixSymbol)]
    if not all(sympy.Integer(d).is_Integer if isinstance(d, int) else d.is_Integer
               for shape in shapes for d in shape):
        return None
    try:
        value = side.as_explicit() if not isinstance(side, sympy.MatrixBase) else side
        value = sympy.ImmutableMatrix(value)
    except Exception:  # noqa: BLE001 - a matrix function with no explicit form: not ours
        return None
    # a declared matrix's entry W[r, c] is a real unknown, as the reader's 1 x 1 products are
    return value.applyfunc(lambda e: sympy.sympify(e).replace(
        lambda x: isinstance(x, MatrixElement),
        lambda x: sympy.IndexedBase(x.parent.name, real=True)[x.i, x.j]))


def explicit_sides(step: Step):
    """(lhs, rhs) as explicit matrices of one fixed shape, or None when not applicable."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ:
        return None
    if not (isinstance(claim.lhs, MatrixExpr) or isinstance(claim.rhs, MatrixExpr)):
        return None
    for fact in step.assumptions:
        # a hypothesis about a matrix (orthogonal W, W^T W = I) says nothing to the entries'
        # scalar checks, which would then sample matrices that break it: not ours
        if isinstance(fact, AppliedPredicate) or any(
                isinstance(x, (MatrixExpr, MatrixElement)) for x in sympy.preorder_traversal(fact)):
            return None
    lhs, rhs = _explicit(claim.lhs), _explicit(claim.rhs)
    if lhs is None or rhs is None or lhs.shape != rhs.shape:
        return None
    if lhs.rows * lhs.cols > _MAX_ENTRIES:
        return None
    return lhs, rhs


def _applies(step: Step) -> bool:
    try:
        return explicit_sides(step) is not None
    except Exception:  # noqa: BLE001 - a side that cannot be made explicit: not ours
        return False


@checker("matrix_entries", cost=Cost.MEASURE, applies=_applies)
def matrix_entries(step: Step, *, config: CheckConfig, context) -> Outcome | None:
    """Prove or refute an equation of fixed-size matrices entry by entry with the scalar checks."""
    from symbolic.checks import check_step
    lhs, rhs = explicit_sides(step)
    pairs = [((r, c), lhs[r, c], rhs[r, c]) for r in range(lhs.rows) for c in range(lhs.cols)]
    share = max(config.timeout_s / max(len(pairs), 1) * 0.8, 0.5)
    results = []
    for (r, c), left, right in pairs:
        sub = Step(f"{step.id}-entry-{r + 1}-{c + 1}"[:64], Kind.IDENTITY, step.quote,
                   Claim(left, Relation.EQ, right), assumptions=step.assumptions)
        outcome = check_step(sub, config=replace(config, timeout_s=share), context=context)
        where = f"entry ({r + 1}, {c + 1})"
        if outcome.verdict is Verdict.REFUTED and outcome.counterexample is not None:
            detail = "; ".join(e.detail for e in outcome.evidence if e.role.name == "DECIDED")
            return Outcome(Verdict.REFUTED, (Evidence(
                "matrix_entries", f"{where} of the two sides differs: {left} vs {right}; {detail}"),),
                outcome.counterexample)
        results.append((where, outcome))
    verdicts = {o.verdict for _, o in results}
    if verdicts == {Verdict.PROVED}:
        return Outcome(Verdict.PROVED, (Evidence(
            "matrix_entries", f"all {len(results)} entries of the {lhs.rows} x {lhs.cols} "
            f"matrices proved equal on the whole domain"),))
    if verdicts <= {Verdict.PROVED, Verdict.VERIFIED}:
        only = [w for w, o in results if o.verdict is Verdict.VERIFIED]
        how = "; ".join(f"{w}: " + "; ".join(e.detail for e in o.evidence if e.role.name == "DECIDED")
                        for w, o in results if o.verdict is Verdict.VERIFIED)
        return Outcome(Verdict.VERIFIED, (Evidence(
            "matrix_entries", f"entries proved except {', '.join(only)}, which were verified "
            f"({how})"),))
    return undecided("matrix_entries", "; ".join(f"{w}: {o.verdict.value}" for w, o in results))
