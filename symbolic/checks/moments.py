"""Exact moments of sums of i.i.d. terms, for claims about typical sizes (``<q,k> ~ d``).

A claim may contain ``Mean(X)`` and ``Var(X)`` (kept unevaluated in the claim; they print
as ``\\mathbb{E}[X]`` and ``\\operatorname{Var}[X]``) where ``X`` is a polynomial of degree
at most 2 in one ``Sum(f, (j, lo, hi))`` with symbolic bounds. The step carries
``Rule("iid_moments", params=(("iid", ((q, "normal", 0, 1), (k, "normal", 0, 1))),))``:
the components ``q[j]``, ``k[j]`` of the named ``IndexedBase`` objects are independent,
and identically distributed across ``j``. Then, for general ``hi - lo + 1 = m``,

    E[Sum f] = m E[f],   Var[Sum f] = m Var[f],   E[(Sum f)^2] = Var + E^2,

with ``E[f]``, ``Var[f]`` computed exactly: for a polynomial ``f`` in the components from the
normal's power moments and independence (``_polynomial_moments``), otherwise by ``sympy.stats``. Linearity of expectation and
additivity of variance for independent terms are the (standard) rules used; the rest is
SymPy algebra, so an equality that simplifies to zero is ``proved`` for every size.
``\\propto`` is read in the size (param ``in``, default the sum's upper bound): proved
when the ratio is free of it; refuted by two exact instances with different ratios.
"""
from __future__ import annotations

import sympy

from symbolic.checks import rule
from symbolic.functions import Mean, Var
from symbolic.model import Evidence, Outcome, Relation, Verdict
from symbolic.numeric.text import latex_of, tex, tex_relation


def _normal(name, mu, sigma):
    from sympy import stats  # imported on use: it costs a fifth of a second at start-up

    return stats.Normal(name, mu, sigma)


_DISTRIBUTIONS = {
    "normal": _normal,
}


class MomentError(ValueError):
    """A moment the rule cannot compute; the message says why."""


def _variables(iid) -> dict:
    """The distribution (family, parameters) of one component of each i.i.d. base."""
    found = {}
    for entry in iid:
        base, family, *args = entry
        if family not in _DISTRIBUTIONS:
            raise MomentError(f"distribution {family!r} of {tex(base)} is not supported "
                              f"(supported: {', '.join(sorted(_DISTRIBUTIONS))})")
        found[base] = (family, *args)
    return found


def _random_variable(base, entry):
    """The ``sympy.stats`` random variable standing for one component of ``base``."""
    family, *args = entry
    return _DISTRIBUTIONS[family](f"{base.label}_", *args)


def _term_moments(total: sympy.Sum, variables: dict):
    """(count, E[f], Var[f]) of ``Sum(f, (j, lo, hi))`` with f built from base[j] only."""
    if len(total.limits) != 1:
        raise MomentError(f"{tex(total)} has several indices; write one sum per index")
    index, lo, hi = total.limits[0]
    term = total.function
    replace = {}
    for atom in term.atoms(sympy.Indexed):
        if atom.base not in variables:
            raise MomentError(f"{tex(atom.base)} in {tex(total)} has no stated distribution")
        if atom.indices != (index,):
            raise MomentError(f"{tex(atom)} is not indexed by the summation index {tex(index)} alone")
        replace[atom] = atom.base
    if index in term.xreplace({atom: sympy.Dummy() for atom in replace}).free_symbols:
        raise MomentError(f"the terms of {tex(total)} depend on {tex(index)} otherwise than through "
                          "i.i.d. components")
    # hi - lo + 1 terms only when that count cannot be negative: SymPy's reversed range
    # (Karr) would count -1 terms where the sum is empty and its moments are 0
    from symbolic.checks._ranges import count_sign
    if count_sign(lo, hi) is not True:
        raise MomentError(f"{tex(total)}: the number of terms {tex(hi - lo + 1)} is not proved $\\ge 0$ "
                          "(state the size's domain, e.g. d >= 1)")
    exact = _polynomial_moments(term, {atom: variables[base] for atom, base in replace.items()})
    if exact is not None:
        mean, variance = exact
        return hi - lo + 1, sympy.simplify(mean), sympy.simplify(variance)
    from sympy import stats

    body = term.xreplace({atom: _random_variable(base, variables[base])
                          for atom, base in replace.items()})
    return hi - lo + 1, sympy.simplify(stats.E(body)), sympy.simplify(stats.variance(body))


def _normal_power_moment(power: int, mu, sigma):
    """``E[X**power]`` for ``X ~ N(mu, sigma**2)``: with ``X = mu + sigma Z`` and
    ``E[Z**i] = (i - 1)!!`` for even ``i`` (0 for odd ``i``), the binomial expansion."""
    return sympy.Add(*[sympy.binomial(power, i) * mu ** (power - i) * sigma ** i
                       * sympy.factorial2(i - 1) for i in range(0, power + 1, 2)])


_POWER_MOMENTS = {"normal": _normal_power_moment}


def _polynomial_moments(term, distributions: dict):
    """(E[f], Var[f]) of a term ``f`` that is a polynomial in the components ``base[j]`` (the
    keys of ``distributions``, independent random variables of the given (family, parameters)),
    or None otherwise.

    Exact, without integrating: expanded into monomials, the expectation of each is the
    product of its factors' power moments (the components are independent), and
    ``Var[f] = E[f^2] - E[f]^2``. The same values ``sympy.stats`` integrates to (its
    Meijer-G integrals cost about half a second of CPU a step), which remains the path for
    any other term.
    """
    components = list(distributions)        # the base[j] atoms, one per base
    families = [distributions[atom] for atom in components]
    if not components or any(entry[0] not in _POWER_MOMENTS for entry in families):
        return None
    if any(sympy.sympify(entry[2]).is_positive is not True for entry in families):
        return None     # a standard deviation not known positive: sympy.stats says why
    try:
        poly = sympy.Poly(term, *components)
    except sympy.PolynomialError:
        return None
    if any(c.has(*components) or c.atoms(sympy.Indexed) for c in poly.coeffs()):
        return None

    def expectation(p: sympy.Poly):
        total = []
        for monomial, coeff in p.terms():
            factor = coeff
            for power, (family, *args) in zip(monomial, families):
                if power:
                    factor *= _POWER_MOMENTS[family](power, *args)
            total.append(factor)
        return sympy.Add(*total)

    mean = expectation(poly)
    return mean, expectation(poly ** 2) - mean ** 2


def _moment(kind, arg, variables: dict):
    """The exact value of ``Mean(arg)`` or ``Var(arg)``."""
    sums = list(arg.atoms(sympy.Sum))
    if not sums:
        if any(a.base in variables for a in arg.atoms(sympy.Indexed)):
            raise MomentError(f"{tex(arg)}: a random component outside a sum is not supported")
        return arg if kind is Mean else sympy.S.Zero
    if len(sums) > 1:
        raise MomentError(f"{tex(arg)} has {len(sums)} different sums; one is supported")
    total = sums[0]
    count, mean, variance = _term_moments(total, variables)
    s = sympy.Dummy("S")
    poly = sympy.Poly(arg.xreplace({total: s}), s)
    if any(c.atoms(sympy.Indexed) for c in poly.coeffs()):
        raise MomentError(f"{tex(arg)}: random components outside the sum are not supported")
    m1 = count * mean
    m2 = count * variance + m1 ** 2
    if poly.degree() > 2:
        raise MomentError(f"{tex(arg)} has degree {poly.degree()} in the sum; at most 2 is supported")
    c = [poly.coeff_monomial(s ** p) for p in range(3)]
    first = c[0] + c[1] * m1 + c[2] * m2
    if kind is Mean:
        return first
    if poly.degree() > 1:
        raise MomentError(f"the variance of {tex(arg)} needs fourth moments; not supported")
    return c[1] ** 2 * count * variance


def evaluate_moments(expr, iid) -> sympy.Expr:
    """``expr`` with every ``Mean``/``Var`` replaced by its exact value under ``iid``."""
    variables = _variables(iid)
    return expr.replace(lambda e: isinstance(e, (Mean, Var)),
                        lambda e: _moment(type(e), e.args[0], variables))


def _size_symbols(claim) -> list:
    found = []
    for side in (claim.lhs, claim.rhs):
        for total in side.atoms(sympy.Sum):
            for _, _, hi in total.limits:
                found.extend(sorted(hi.free_symbols, key=str))
    return list(dict.fromkeys(found))


def _instances(expr, size, values=(1, 2, 3, 4, 9, 16)):
    # exact arithmetic only: these instances are the certificate of a refutation
    return [(v, sympy.simplify(expr.subs(size, v))) for v in values]


def model_text(params) -> str:
    """The probability model a step's moments are computed in, said in words.

    Param ``model`` (a string) names it when given; otherwise it is read off ``iid``. A
    verdict of this rule holds in that model only, so the evidence always states it.
    """
    given = params.param("model")
    if given:
        return str(given)
    parts = [f"${latex_of(entry[0])}_{{j}} \\sim \\operatorname{{{entry[1]}}}({', '.join(latex_of(a) for a in entry[2:])})$"
             for entry in params.param("iid") or ()]
    return ", ".join(parts) + ", all independent and identically distributed across j"


def _with_model(outcome: Outcome, model: str) -> Outcome:
    """A refutation's counterexample names the model it was found in."""
    if outcome.verdict is not Verdict.REFUTED:
        return outcome
    return Outcome(outcome.verdict, outcome.evidence,
                   tuple(outcome.counterexample) + (("model", model),))


@rule("iid_moments")
def moments_iid(step, *, config, context):
    """The named rule ``iid_moments``: exact moments of i.i.d. sums, then the relation."""
    claim = step.claim
    iid = step.rule.param("iid")
    if not iid:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence(
            "iid_moments", f"step {step.id}: give param 'iid', e.g. ((q, 'normal', 0, 1),)"),))
    try:
        lhs = evaluate_moments(claim.lhs, iid)
        rhs = evaluate_moments(claim.rhs, iid)
    except MomentError as exc:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", str(exc)),))
    model = model_text(step.rule)
    said = (f"model: {model}; moments by linearity and independence over the index: "
            f"{tex(lhs)} vs {tex(rhs)}")
    if claim.relation is Relation.EQ:
        difference = sympy.simplify(lhs - rhs)
        if difference == 0:
            return Outcome(Verdict.PROVED, (Evidence("iid_moments", said + "; difference simplifies to 0"),))
        return _with_model(_refute_equality(difference, claim, said), model)
    if claim.relation is Relation.PROPTO:
        size = step.rule.param("in") or (_size_symbols(claim) or [None])[0]
        if size is None:
            return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", "no size to read \\propto in"),))
        ratio = sympy.simplify(lhs / rhs)
        if size not in ratio.free_symbols:
            return Outcome(Verdict.PROVED, (Evidence(
                "iid_moments", said + f"; ratio {tex(ratio)} does not depend on {tex(size)}"),))
        return _with_model(_refute_proportional(ratio, size, said), model)
    return Outcome(Verdict.INCONCLUSIVE, (Evidence(
        "iid_moments", f"relation {claim.relation.value} is not handled by iid_moments"),))


def _refute_equality(difference, claim, said):
    free = sorted(difference.free_symbols, key=str)
    if not free and difference.is_number and difference.is_zero is False:
        return Outcome(Verdict.REFUTED, (Evidence("iid_moments", said + f"; the difference is "
                       f"exactly {tex(difference)} at every size"),),
                       counterexample=(("any size", "1"), ("difference", tex(difference))))
    if len(free) > 1 or not free:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", said + f"; difference "
                       f"{tex(difference)} is not zero but no exact instance was tried"),))
    for value, exact in _instances(difference, free[0]):
        if exact.is_number and exact.is_zero is False:
            return Outcome(Verdict.REFUTED, (Evidence("iid_moments", said + f"; at {tex_relation(free[0], '=', value)} "
                           f"the difference is exactly {tex(exact)}"),),
                           counterexample=((str(free[0]), str(value)), ("difference", tex(exact))))
    return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", said + "; no exact instance differs"),))


def _refute_proportional(ratio, size, said):
    others = ratio.free_symbols - {size}
    if others:
        return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", said + f"; ratio "
                       f"{tex(ratio)} depends on {tex(size)} and on {', '.join(tex(o) for o in sorted(others, key=str))}: not decided"),))
    instances = _instances(ratio, size)
    (v1, r1) = instances[0]
    for v2, r2 in instances[1:]:
        gap = sympy.simplify(r1 - r2)
        if gap.is_number and gap.is_zero is False:
            return Outcome(Verdict.REFUTED, (Evidence("iid_moments", said + f"; ratio "
                           f"{tex(ratio)} is exactly {tex(r1)} at {tex_relation(size, '=', v1)} and {tex(r2)} at "
                           f"{tex_relation(size, '=', v2)}: not constant"),),
                           counterexample=((str(size), f"{tex(v1)} and {tex(v2)}"), ("ratio", f"{tex(r1)} vs {tex(r2)}")))
    return Outcome(Verdict.INCONCLUSIVE, (Evidence("iid_moments", said + "; ratio equal at the instances tried"),))
