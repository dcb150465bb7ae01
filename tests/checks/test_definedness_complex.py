"""The definedness gate over complex domains: what each new rule proves, and what it must not.

Each rule turns a stated constraint into a condition of the gate: a fact about ``arg u``
holds only where u != 0; ``Re u > 0``, ``Im u != 0`` and ``arg u < pi`` put u off the
principal cut (-oo, 0]; ``|u - c| < r`` bounds ``Re u`` and ``Im u``; ``sin``/``cos`` vanish
only on the real axis, ``sinh``/``cosh`` only on the imaginary one; a derivative exists
only where ``log`` and non-integer powers are off their cuts. For each rule a claim true
only where the constraint holds is proved with it, and the same claim with a constraint
that is one step too weak (a closed bound that lets in 0 or the cut, a disc that contains
0) is not: worked out by hand in the comment above each.
"""
import pytest
import sympy

from symbolic.checks import CheckContext, _defined_or_undecided, registered_checkers
from symbolic.checks._definedness import (Need, complex_view, definedness_problem,
                                          holomorphy_conditions, shared_undefined)
from symbolic.budget import SoftTimeout, soft_deadline
from symbolic.config import CheckConfig
from symbolic.model import Claim, Outcome, Relation, Step, Verdict, infer_kind

z = sympy.Symbol("z", complex=True)
w = sympy.Symbol("w", complex=True)
x = sympy.Symbol("x", real=True)
xp = sympy.Symbol("x", positive=True)
k = sympy.Symbol("k", integer=True)
re, im, arg, Abs = sympy.re, sympy.im, sympy.arg, sympy.Abs
pi, I = sympy.pi, sympy.I
EQ = Relation.EQ
NUMERIC = {"symbolic.checks.numeric", "symbolic.checks.approx"}


def div(p, q):
    """p / q as written (z/z stays z/z)."""
    return sympy.Mul(p, sympy.Pow(q, -1, evaluate=False), evaluate=False)


def step(lhs, rhs, *facts):
    claim = Claim(lhs, EQ, rhs)
    return Step("S", infer_kind(claim), "complex", claim=claim, assumptions=tuple(facts))


def D(f, v=z):
    return sympy.Derivative(f, v)


def symbolic_verdicts(s) -> set:
    """The verdicts of every symbolic checker that applies, through the gate as the
    pipeline runs them (the numeric tier is left out: it is not a proof)."""
    found = set()
    for checker in registered_checkers():
        if checker.fn.__module__ in NUMERIC or not checker.applies(s):
            continue
        try:
            with soft_deadline(20.0):
                outcome = checker.fn(s, config=CheckConfig(timeout_s=20), context=CheckContext())
                if isinstance(outcome, Outcome) and outcome.verdict is Verdict.PROVED:
                    outcome = _defined_or_undecided(s, checker.name, outcome)
        except SoftTimeout:
            continue
        except Exception:  # a checker's failure is never a proof (the pipeline agrees)
            continue
        if isinstance(outcome, Outcome):
            found.add(outcome.verdict)
    return found


# (claim, why it is defined on the stated domain)
DEFINED = {
    # a fact about arg z holds only where arg z is defined: z != 0
    "arg-bounds-nonzero": step(div(z, z), 1, -pi < arg(z), arg(z) <= pi),
    "arg-sum-nonzero": step(div(1, z) * z, div(w, w), -pi <= arg(z) + arg(w), arg(z) + arg(w) <= pi),
    # Re z > 0 excludes 0
    "re-positive-nonzero": step(div(z, z), 1, re(z) > 0),
    # Im z < 0 excludes 0
    "im-negative-nonzero": step(div(z, z), 1, im(z) < 0),
    # 0 < |z| is z != 0
    "modulus-positive": step(div(z, z), 1, Abs(z) > 0),
    # |z - 2| < 1: Re z > 1
    "disc-away-from-0": step(div(z, z), 1, Abs(z - 2) < 1),
    # |z| < 1: 1 + z has Re > 0
    "disc-shifted": step(div(1 + z, 1 + z), 1, Abs(z) < 1),
    # cos vanishes only at real points: Im z > 0 keeps tan defined
    "cos-off-real-axis": step(sympy.tan(z), div(sympy.sin(z), sympy.cos(z)), im(z) > 0),
    # cosh vanishes only on the imaginary axis: Re z > 0 keeps tanh defined
    "cosh-off-imaginary-axis": step(sympy.tanh(z), div(sympy.sinh(z), sympy.cosh(z)), re(z) > 0),
    # d/dz ln z = 1/z off the cut: Re z > 0
    "log-derivative-re": step(D(sympy.log(z)), 1 / z, re(z) > 0),
    # ... |ph z| < pi: strictly inside, off the cut
    "log-derivative-phase": step(D(sympy.log(z)), 1 / z, -pi < arg(z), arg(z) < pi),
    "log-derivative-abs-phase": step(D(sympy.log(z)), 1 / z, Abs(arg(z)) < pi),
    # ... Im z > 0: the upper half-plane
    "log-derivative-upper": step(D(sympy.log(z)), 1 / z, im(z) > 0),
    # ... |z - 1| < 1: Re z > 0
    "log-derivative-disc": step(D(sympy.log(z)), 1 / z, Abs(z - 1) < 1),
    # a real variable along which log's argument stays above the cut: Im(-1 + i x) = x > 0
    "log-derivative-real-variable": step(D(sympy.log(-1 + I * xp), xp), I / (-1 + I * xp)),
    # sqrt z is differentiable off its cut
    "sqrt-derivative-re": step(D(sympy.sqrt(z)), 1 / (2 * sympy.sqrt(z)), re(z) > 0),
}

# (claim, why a side is undefined somewhere on the stated domain)
UNDEFINED = {
    # a phase constraint on z + 1 says nothing of z: z = 0 has arg(1) = 0
    "arg-of-another": step(div(z, z), 1, -pi < arg(z + 1), arg(z + 1) < pi),
    # Re z >= 0 lets in z = 0
    "re-nonnegative": step(div(z, z), 1, re(z) >= 0),
    # |z| < 1 contains 0
    "disc-around-0": step(div(z, z), 1, Abs(z) < 1),
    # |z - 1| <= 1: the closed disc touches 0
    "closed-disc-touching-0": step(div(z, z), 1, Abs(z - 1) <= 1),
    # |z - 2| < 3 contains 0
    "wide-disc": step(div(z, z), 1, Abs(z - 2) < 3),
    # Re z > 0 does not keep cos z away from 0 (z = pi/2)
    "cos-on-real-axis": step(sympy.tan(z), div(sympy.sin(z), sympy.cos(z)), re(z) > 0),
    # Im z > 0 does not keep cosh z away from 0 (z = i pi/2)
    "cosh-on-imaginary-axis": step(sympy.tanh(z), div(sympy.sinh(z), sympy.cosh(z)), im(z) > 0),
    # d/dz ln z = 1/z with only z != 0: at z = -1 ln jumps by 2 pi i, no derivative
    "log-derivative-nonzero-only": step(D(sympy.log(z)), 1 / z, sympy.Ne(z, 0)),
    # -pi < ph z <= pi lets in the cut itself
    "log-derivative-closed-phase": step(D(sympy.log(z)), 1 / z, -pi < arg(z), arg(z) <= pi),
    # Re z > -1: z = -1/2 is on the cut
    "log-derivative-re-shifted": step(D(sympy.log(z)), 1 / z, re(z) > -1),
    # Im z >= 0 contains the negative axis
    "log-derivative-closed-half-plane": step(D(sympy.log(z)), 1 / z, im(z) >= 0),
    # a real variable along which log's argument crosses the cut at x = 0 (-1 - i0 to -1 + i0)
    "log-derivative-crossing": step(D(sympy.log(-1 + I * x), x), I / (-1 + I * x)),
    # sqrt z has a cut: d/dz sqrt z does not exist at z = -1
    "sqrt-derivative-nonzero-only": step(D(sympy.sqrt(z)), 1 / (2 * sympy.sqrt(z)), sympy.Ne(z, 0)),
    # arcsin is not differentiable on its cuts (-oo, -1], [1, oo), which nothing here excludes
    "asin-derivative": step(D(sympy.asin(z)), 1 / sympy.sqrt(1 - z ** 2), re(z) > 0),
    # |z|^2 has no complex derivative
    "modulus-derivative": step(D(Abs(z) ** 2), 2 * sympy.conjugate(z), re(z) > 0),
    # arg needs a nonzero argument: arg(z) + 0 = arg(z) is undefined at 0 with no constraint
    "arg-at-zero": step(arg(z) + div(z, 1), arg(z) + z),
}


@pytest.mark.parametrize("name", sorted(DEFINED))
def test_stated_constraints_prove_definedness(name):
    assert definedness_problem(DEFINED[name]) is None


@pytest.mark.parametrize("name", sorted(UNDEFINED))
def test_constraints_that_do_not_exclude_the_bad_points_prove_nothing(name):
    assert definedness_problem(UNDEFINED[name]) is not None


@pytest.mark.parametrize("name", ["log-derivative-crossing", "closed-disc-touching-0"])
def test_claims_true_only_off_the_bad_points_are_not_proved_by_any_symbolic_checker(name):
    assert Verdict.PROVED not in symbolic_verdicts(UNDEFINED[name])


@pytest.mark.parametrize("name", ["log-derivative-nonzero-only", "log-derivative-closed-phase",
                                  "sqrt-derivative-nonzero-only"])
def test_a_derivative_is_proved_where_it_exists_with_the_cut_named(name):
    # product decision (issue 16, 2026-12-01): a derivative claim is about the points where
    # the derivative exists; a complex derivative of the principal branch does not exist on
    # its cut, so d/dz ln z = 1/z is proved on the stated domain less the cut (a set without
    # interior), and the evidence names the cut. Before this decision these three were
    # asserted unproved; the claims did not change, the reading of their domain did.
    outcome = _defined_or_undecided(UNDEFINED[name], "algebraic_derivative",
                                    Outcome(Verdict.PROVED, ()))
    assert outcome.verdict is Verdict.PROVED
    text = outcome.evidence[-1].detail
    assert "proved on the domain where the derivative exists" in text
    assert r"lies on the cut $(-\infty, 0]$" in text


def test_a_claim_whose_sides_are_undefined_at_the_same_points_is_proved_where_they_are_defined():
    # product decision: an equation's domain is where its sides are defined (DLMF's
    # convention); tan z and sin z / cos z both fail exactly where cos z = 0, also on Re z > 0
    s = UNDEFINED["cos-on-real-axis"]
    assert Verdict.PROVED in symbolic_verdicts(s)
    outcome = _defined_or_undecided(s, "algebraic_exp_rewrite",
                                    Outcome(Verdict.PROVED, ()))
    assert outcome.verdict is Verdict.PROVED
    text = outcome.evidence[-1].detail
    assert "proved on the whole domain where both sides are defined" in text
    assert r"$\cos{\left(z \right)} = 0$" in text and r"\frac{\pi}{2}" in text


@pytest.mark.parametrize("name", ["log-derivative-re", "log-derivative-phase",
                                  "cos-off-real-axis", "disc-away-from-0"])
def test_the_same_claims_with_their_constraint_are_proved(name):
    assert Verdict.PROVED in symbolic_verdicts(DEFINED[name])


def test_holomorphy_conditions_name_the_cut():
    found = {(c.need, c.expr) for c in holomorphy_conditions(D(sympy.log(1 + z) + z ** sympy.Rational(1, 3)))}
    assert (Need.OFF_CUT, 1 + z) in found and (Need.OFF_CUT, z) in found
    # a real argument is the real conditions' business (log x needs x > 0 there)
    assert holomorphy_conditions(D(sympy.log(xp), xp)) == []
    # no derivative, no condition
    assert holomorphy_conditions(sympy.log(z)) == []


def test_the_complex_view_restates_facts_about_real_unknowns():
    view = complex_view((Abs(z - 1) < 1, -pi < arg(w)))
    assert view is not None and w in view.phased
    assert re(z) in view.unknowns and arg(w) in view.unknowns
    # |z - 1| < 1 gives 0 < Re z < 2 about the unknown standing for Re z
    assert view.real(re(z)) == view.unknowns[re(z)]
    assert complex_view((x > 0,)) is None


def test_shared_undefined_points_are_recognised_only_when_both_sides_need_them():
    same = step(sympy.tan(z), div(sympy.sin(z), sympy.cos(z)))
    assert definedness_problem(same) is not None and shared_undefined(same)
    # (-1)^k cos z and cos z vanish together
    periodic = step(sympy.tan(z + k * pi), sympy.tan(z))
    assert definedness_problem(periodic) is not None and shared_undefined(periodic)
    # tan z cos z = sin z: only the left side is undefined at pi/2
    one_side = step(sympy.tan(z) * sympy.cos(z), sympy.sin(z))
    assert definedness_problem(one_side) is not None and not shared_undefined(one_side)
    # a derivative on the cut is no shared point: 1/z is defined at z = -1
    assert not shared_undefined(UNDEFINED["log-derivative-nonzero-only"])
    # cot z = 1 / tan z: at pi/2 cot is 0 and 1/tan z is undefined, so the sets differ
    assert not shared_undefined(step(sympy.cot(z), div(1, sympy.tan(z))))
    # the same condition on both sides but one that holds nowhere: a claim about nothing
    nowhere = step(sympy.log(-1 - x ** 2), sympy.log(-1 - x ** 2) + div(x, 1) - x)
    assert definedness_problem(nowhere) is not None and not shared_undefined(nowhere)


def test_the_shared_exclusion_names_the_points_and_a_point_where_both_sides_are_defined():
    from symbolic.checks._definedness import shared_exclusion
    real_log = step(sympy.log(x) / sympy.log(10), sympy.log(x, 10))
    found = shared_exclusion(real_log)
    assert found is not None and "$x > 0$" in found.text()
    assert found.witness and sympy.Rational(found.witness[0][1]) > 0
    found = shared_exclusion(step(sympy.cot(z), div(sympy.cos(z), sympy.sin(z))))
    assert found is not None and r"$\sin{\left(z \right)} = 0$" in found.text() and r"$2 \pi n$" in found.text()
