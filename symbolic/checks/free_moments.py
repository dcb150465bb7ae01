"""Mean and variance of a sum of independent terms, for any distribution with stated moments.

The argument behind the 1/sqrt(d_k) of scaled dot-product attention needs no named
distribution: if the components q_j, k_j are independent with mean 0 and variance 1, then
q.k = sum_j q_j k_j has mean 0 and variance d_k. The rule ``independent_moments`` proves such
claims from the first two moments alone.

``Rule("independent_moments", params=(("moments", ((q, mu_q, var_q), (k, mu_k, var_k))),))``
says that every component ``q[j]``, ``k[j]`` of the named ``IndexedBase`` objects is an
independent random variable (across bases and across indices) with the given mean and
variance. The claim is an equality in which ``Mean(X)`` and ``Var(X)`` (from
``symbolic.checks.moments``) appear, with ``X = c * Sum(f, (j, lo, hi)) + c0``: c, c0 free of
random components, f a polynomial in components indexed by exactly the sum's index j (so the
terms of different j share no variable and are independent). Then

    E[f]   from E[x] = mu, E[x^2] = var + mu^2 and independence of distinct components,
    Var[f] = E[f^2] - E[f]^2 (f of degree at most 1 in each component, so E[f^2] needs only
             second moments),
    E[X] = c m E[f] + c0,  Var[X] = c^2 m Var[f],  m = hi - lo + 1 >= 0 proved, with
             integer ends (so m counts the terms),

and the claim with these values substituted must simplify to an identity. Anything else
(a component with another index, a product of two sums, a higher moment, a stated variance
not proved >= 0) is left inconclusive with the reason.
"""
from __future__ import annotations

import sympy

from symbolic.budget import SoftTimeout
from symbolic.checks import rule
from symbolic.checks._ranges import range_problem
from symbolic.checks.algebraic import difference_zero, flatten_facts
from symbolic.checks.inequality import prove_sign_on
from symbolic.checks.moments import Mean, Var
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex


def _moment_tex(moment, value) -> str:
    """``Var[X] = v`` as maths for evidence."""
    name = type(moment).__name__
    return (f"$\\operatorname{{{name}}}\\left[{latex_of(moment.args[0])}\\right] = "
            f"{latex_of(value)}$")

NAME = "independent_moments"


class _Mismatch(Exception):
    """The claim is outside what the rule computes; the message says why."""


def _table(step: Step, facts) -> dict:
    rows = step.rule.param("moments", ()) if step.rule else ()
    table = {}
    for row in rows:
        base, mu, var = row
        mu, var = sympy.sympify(mu), sympy.sympify(var)
        # no distribution has a negative variance: from such a premise anything would follow
        if not (var.is_nonnegative or prove_sign_on(var, facts, cheap=True) is not None):
            raise _Mismatch(f"the variance {tex(var)} of {tex(base)} is not proved $\\ge 0$ "
                            "(an impossible premise proves nothing)")
        table[base] = (mu, var)
    if not table:
        raise _Mismatch("no ('moments', ((base, mean, variance), ...)) given")
    return table


def _random_atoms(expr, table):
    return [a for a in expr.atoms(sympy.Indexed) if a.base in table]


def _expect_poly(f, table, index, max_degree: int):
    """E[f] for a polynomial f in components indexed by ``index``, from the moment table."""
    atoms = _random_atoms(f, table)
    for atom in atoms:
        if atom.indices != (index,):
            raise _Mismatch(f"{tex(atom)} is not indexed by the sum's index {tex(index)}")
    if not atoms:
        return f
    poly = sympy.Poly(sympy.expand(f), *atoms)
    total = sympy.S.Zero
    for powers, coeff in poly.terms():
        if coeff.has(*[a.base for a in atoms]):
            raise _Mismatch("a coefficient holds a random component")
        value = coeff
        for atom, p in zip(atoms, powers):
            if p > max_degree:
                raise _Mismatch(f"{tex(atom ** p)} would need moments beyond the second "
                                "(only mean and variance are given)")
            mu, var = table[atom.base]
            value *= {0: 1, 1: mu, 2: var + mu ** 2}[p]
        total += value
    return total


def _split(x, table):
    """``(c, Sum, c0)`` with X = c * Sum + c0."""
    x = sympy.expand(x)
    sums = [t for t in sympy.Add.make_args(x) if t.has(sympy.Sum)]
    if len(sums) != 1:
        raise _Mismatch("X must hold exactly one sum of random terms")
    term = sums[0]
    s = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.Sum)]
    if len(s) != 1:
        raise _Mismatch("a product of sums")
    c = term / s[0]
    c0 = x - term
    if _random_atoms(c, table) or _random_atoms(c0, table):
        raise _Mismatch("a random component outside the sum")
    return c, s[0], c0


def _moment(kind, x, table, facts) -> sympy.Basic:
    c, s, c0 = _split(x, table)
    if len(s.limits) != 1 or len(s.limits[0]) != 3:
        raise _Mismatch(f"{tex(s)} is not a sum over one index with both bounds")
    (j, lo, hi), = s.limits
    count = sympy.expand(hi - lo + 1)
    # hi - lo + 1 terms only for integer ends and a count that cannot be negative (Karr's
    # reversed range counts -1 terms where the sum is empty)
    problem = range_problem(lo, hi, facts)
    if problem is not None:
        raise _Mismatch(f"the number of terms {tex(count)} is not proved a non-negative integer: "
                        f"{problem}")
    f = s.function
    if kind is Mean:
        return c * count * _expect_poly(f, table, j, 2) + c0
    mean_f = _expect_poly(f, table, j, 1)
    square = _expect_poly(sympy.expand(f ** 2), table, j, 2)
    return c ** 2 * count * (square - mean_f ** 2)


@rule(NAME)
def rule_independent_moments(step: Step, *, config, context) -> Outcome:
    """Mean and variance of c * sum_j f(q_j, k_j) + c0 for independent components."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ:
        return undecided(f"rule {NAME}", "the rule proves an equality")
    facts = flatten_facts(step.assumptions)
    try:
        table = _table(step, facts)
        found = [e for e in sympy.preorder_traversal(sympy.Tuple(claim.lhs, claim.rhs))
                 if isinstance(e, (Mean, Var))]
        if not found:
            raise _Mismatch("no Mean(...) or Var(...) in the claim")
        values = {e: _moment(type(e), e.args[0], table, facts) for e in found}
        lhs, rhs = claim.lhs.xreplace(values), claim.rhs.xreplace(values)
        if _random_atoms(sympy.Tuple(lhs, rhs), table):
            raise _Mismatch("a random component outside Mean/Var")
        proof = difference_zero(lhs, rhs, facts=facts)
    except _Mismatch as exc:
        return undecided(f"rule {NAME}", f"not proved: {exc}")
    except SoftTimeout:
        raise
    shown = "; ".join(_moment_tex(e, v) for e, v in values.items())
    if not proof.proved:
        return undecided(f"rule {NAME}", f"with {shown} the identity was not shown")
    moments = ", ".join(f"{tex(b)}: mean {tex(m)}, variance {tex(v)}" for b, (m, v) in table.items())
    return Outcome(Verdict.PROVED, (Evidence(f"rule {NAME}",
                   f"independent components ({moments}); linearity of expectation and "
                   f"additivity of variance over independent terms give {shown}; then "
                   f"{proof.detail}"),))
