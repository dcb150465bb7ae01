"""Templates: premise-free theorems ``T >= 0`` built from pieces of a claim, and their rules.

``le_max``, ``le_sum``, ``max_bound``, ``lse_bounds``, ``jensen`` and ``am_gm`` (see the
catalogue in ``rules.py``) are each a function from an expression to the instances of its
theorem that the expression contains. ``match_templates`` finds an instance that closes a
claim, alone or with a remainder proved by SymPy; the named rules and the backward chain
of ``rules_auto`` both use it.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable

import sympy
from sympy.calculus.util import continuous_domain

from symbolic.budget import SoftTimeout
from symbolic.checks import CheckContext, rule
from symbolic.checks._rulebase import (Link, Mismatch, atoms_of, claim_link, conclude, named_rule,
                                       range_count, range_nonempty, same_value, usable_facts)
from symbolic.checks.algebraic import domain_of
from symbolic.checks.inequality import prove_sign, prove_sign_on
from symbolic.functions import MaxOver, MinOver
from symbolic.model import Outcome, Step
from symbolic.numeric.text import latex_of, tex, tex_difference, tex_relation

_SLOPE = "g'(u) = "
_CURVATURE = "g''(u) = "


@dataclass(frozen=True)
class Template:
    """A known nonnegative quantity ``value`` (``large - small`` of a theorem) and its proof."""

    rule: str
    value: sympy.Basic
    detail: str


def _renamed(term, index, new):
    return term.xreplace({index: new})


def _in_range(j0, index, lo, hi, free, facts) -> str | None:
    """Why j0 lies in lo..hi, or None when that is not proved."""
    # the claim is read literally: a free index must be proved in range by the facts
    # (x[j] <= max_{j=1..L} x[j] is false for j = L + 1), never assumed to be
    if getattr(j0, "is_integer", None) is not True:
        return None
    if (prove_sign_on(j0 - lo, facts, cheap=True) is not None
            and prove_sign_on(hi - j0, facts, cheap=True) is not None):
        return f"${latex_of(lo)} \\le {latex_of(j0)} \\le {latex_of(hi)}$ proved"
    return None


def _index_candidates(expr, index) -> list:
    cands = [index]
    for ind in sorted(expr.atoms(sympy.Indexed), key=sympy.default_sort_key):
        for i in ind.indices:
            if i not in cands and not (i.free_symbols and index in i.free_symbols):
                cands.append(i)
    return cands


def le_max_templates(expr, free, facts) -> list[Template]:
    """``MaxOver(t) - t(j0)`` (``t(j0) - MinOver(t)``) for every j0 proved in range."""
    out = []
    for cls, sign in ((MaxOver, 1), (MinOver, -1)):
        for m in atoms_of(expr, cls):
            if type(m) is not cls:
                continue
            (index, lo, hi), = m.limits
            for j0 in _index_candidates(expr, index):
                why = _in_range(j0, index, lo, hi, free, facts)
                if why is None:
                    continue
                element = m.function.xreplace({index: j0})
                word = "max" if sign > 0 else "min"
                out.append(Template("le_max", sign * (m - element),
                                    f"{tex_relation(element, 'le' if sign > 0 else 'ge', m)}: an element "
                                    f"is at {'most' if sign > 0 else 'least'} the {word} ({why})"))
    return out


def le_sum_templates(expr, facts) -> list[Template]:
    """``Sum(t) - t(j0)`` for terms proved >= 0 and j0 proved in range."""
    out = []
    for s in atoms_of(expr, sympy.Sum):
        (index, lo, hi), = s.limits
        if prove_sign(s.function) is None:
            continue
        for j0 in _index_candidates(expr, index):
            why = _in_range(j0, index, lo, hi, set(), facts)
            if why is None:
                continue
            element = s.function.xreplace({index: j0})
            out.append(Template("le_sum", s - element,
                                f"{tex_relation(element, 'le', s)}: one of its terms, the others being "
                                f"$\\ge 0$ ({tex_relation(s.function, 'ge', 0)}; {why})"))
    return out


def _monotone_map(term, inner, index):
    """g with term == g(inner), as an expression in a real dummy, or None."""
    u = sympy.Dummy("u", real=True)
    g = term.subs(inner, u) if inner != term else u
    if g.has(index) or not g.has(u):
        return None, u
    return g, u


def max_bound_templates(expr, facts) -> list[Template]:
    """``N*g(MaxOver t) - Sum(g(t))`` for g proved nondecreasing (MinOver mirrored)."""
    out = []
    for m in atoms_of(expr, MaxOver):
        (k, lo, hi), = m.limits
        for s in atoms_of(expr, sympy.Sum):
            (i, slo, shi), = s.limits
            if (slo, shi) != (lo, hi):
                continue
            inner = _renamed(m.function, k, i)
            g, u = _monotone_map(s.function, inner, i)
            if g is None:
                continue
            if not range_nonempty(lo, hi, facts) or not _continuous_on_reals(g, u):
                continue  # -1/u has g' >= 0 wherever it is defined, yet is not monotone
            if prove_sign(sympy.diff(g, u)) is None:
                continue
            n = range_count(lo, hi)
            sign = -1 if isinstance(m, MinOver) else 1
            out.append(Template("max_bound", sign * (n * g.subs(u, m) - s),
                                f"{tex_relation(s, 'le' if sign > 0 else 'ge', n * sympy.UnevaluatedExpr(g.subs(u, m)))}: "
                                f"each of the {tex(n)} terms is {tex(inner, 'g(')[:-1]})$ with "
                                f"{tex(g, 'g(u) = ')} nondecreasing ({tex(sympy.diff(g, u), _SLOPE)[:-1]} \\ge 0$) "
                                f"and {tex_relation(inner, 'le' if sign > 0 else 'ge', m)} (le_max)"))
    return out


def _continuous_on_reals(g, u) -> bool:
    """Whether g(u) is proved continuous on the whole real line (else a sign of g' says
    nothing about monotonicity across a pole)."""
    try:
        return sympy.S.Reals.is_subset(continuous_domain(g, u, sympy.S.Reals)) is True
    except SoftTimeout:
        raise
    except Exception:
        return False


def lse_templates(expr, facts) -> list[Template]:
    """``MaxOver + log N - log Sum exp`` and ``log Sum exp - MaxOver`` for matching terms."""
    out = []
    for m in atoms_of(expr, MaxOver):
        if isinstance(m, MinOver):
            continue
        (k, lo, hi), = m.limits
        for s in atoms_of(expr, sympy.Sum):
            (i, slo, shi), = s.limits
            if (slo, shi) != (lo, hi) or not isinstance(s.function, sympy.exp):
                continue
            if not same_value(s.function.args[0], _renamed(m.function, k, i)):
                continue
            if not range_nonempty(lo, hi, facts):
                continue
            n = range_count(lo, hi)
            chain = _lse_upper_chain(s, m, n, facts)
            if chain is not None:
                out.append(Template("lse_bounds", m + sympy.log(n) - sympy.log(s),
                                    f"{tex_relation(sympy.log(s), 'le', sympy.Add(m, sympy.log(n), evaluate=False))}: {chain}"))
            out.append(Template("lse_bounds", sympy.log(s) - m,
                                f"{tex_relation(m, 'le', sympy.log(s))}: the max is one of the terms (range nonempty), "
                                "$e^{\\max}$ is at most the sum of positive terms, then monotone log"))
    return out


def _lse_upper_chain(s, m, n, facts) -> str | None:
    """Derive log S <= M + log N from max_bound and monotone log, each step checked."""
    bound = Link(s, n * sympy.exp(m), "le")
    step1 = next((t for t in max_bound_templates(sympy.Tuple(bound.small, bound.large), facts)
                  if same_value(bound.large - bound.small - t.value, sympy.S.Zero, facts)), None)
    if step1 is None:
        return None
    if prove_sign_on(s, facts, strict=True, cheap=True) is None:
        return None  # monotone log needs a positive sum
    if not same_value(sympy.log(n * sympy.exp(m)), sympy.log(n) + m, facts):
        return None
    bound_log = sympy.log(sympy.Mul(n, sympy.exp(m), evaluate=False), evaluate=False)
    return (f"(1) max_bound: {step1.detail}; (2) monotone log (both sides $> 0$): "
            f"{tex_relation(sympy.log(s), 'le', bound_log)}; "
            f"(3) {tex_relation(bound_log, '=', sympy.Add(sympy.log(n), m, evaluate=False))}")


def _convexity(g, u, domain: str) -> int:
    """+1 convex, -1 concave, 0 unknown: the sign of g'' proved on the domain."""
    v = sympy.Dummy("v", positive=True) if domain == "positive" else sympy.Dummy("v", real=True)
    g2 = sympy.diff(g, u, 2).subs(u, v)
    region = sympy.Interval.open(0, sympy.oo) if domain == "positive" else sympy.S.Reals
    try:
        if not region.is_subset(continuous_domain(g.subs(u, v), v, region)):
            return 0
    except SoftTimeout:
        raise
    except Exception:
        return 0
    if prove_sign(g2) is not None:
        return 1
    if prove_sign(-g2) is not None:
        return -1
    return 0


def jensen_templates(expr, facts, forced=None) -> list[Template]:
    """Jensen's inequality for the sums of the claim; ``forced`` is a map from params."""
    out = []
    sums = atoms_of(expr, sympy.Sum)
    for sf, sx in itertools.permutations(sums, 2):
        (i, lo, hi), = sf.limits
        (i2, lo2, hi2), = sx.limits
        if (lo, hi) != (lo2, hi2):
            continue
        x = _renamed(sx.function, i2, i)
        u = sympy.Dummy("u", real=True)
        if forced is not None:
            g = forced(u)
            if not same_value(sf.function, g.subs(u, x)):
                continue
        else:
            g, u = _monotone_map(sf.function, x, i)
            if g is None:
                continue
        if not range_nonempty(lo, hi, facts):
            continue
        n = range_count(lo, hi)
        domain = "positive" if prove_sign_on(x, facts, strict=True) else "real"
        shape = _convexity(g, u, domain)
        mean_x, mean_f = sx / n, sf / n
        if shape == 1:
            out.append(Template("jensen", mean_f - g.subs(u, mean_x),
                                f"{tex(g, 'g(u) = ')} is convex on the {domain} line ({tex(sympy.diff(g, u, 2), _CURVATURE)[:-1]} "
                                "\\ge 0$), so g(mean) $\\le$ mean of g"))
            if isinstance(sf.function, sympy.exp) and sf.function.args[0] == x:
                out.append(Template("jensen", sympy.log(sf) - sympy.log(n) - mean_x,
                                    "exp is convex ($(e^{u})'' = e^{u} > 0$): "
                                    f"$e^{{\\operatorname{{mean}} {latex_of(x)}}} \\le \\operatorname{{mean}} {latex_of(sympy.exp(x))}$"
                                    "; then monotone log"))
        elif shape == -1:
            out.append(Template("jensen", g.subs(u, mean_x) - mean_f,
                                f"{tex(g, 'g(u) = ')} is concave on the {domain} line ({tex(sympy.diff(g, u, 2), _CURVATURE)[:-1]} "
                                "\\le 0$), so mean of g $\\le$ g(mean)"))
    return out


def am_gm_templates(expr, facts) -> list[Template]:
    """``mean x - (Prod x)^(1/N)`` for x_j >= 0."""
    out = []
    for s in atoms_of(expr, sympy.Sum):
        (i, lo, hi), = s.limits
        for p in atoms_of(expr, sympy.Product):
            (i2, plo, phi), = p.limits
            if (plo, phi) != (lo, hi) or not same_value(_renamed(p.function, i2, i), s.function):
                continue
            if prove_sign(s.function) is None:
                continue
            if not range_nonempty(lo, hi, facts):
                continue
            n = range_count(lo, hi)
            out.append(Template("am_gm", s / n - p ** (1 / n),
                                f"AM-GM: the terms {tex(s.function)} are $\\ge 0$ and the range has "
                                f"{tex_relation(n, 'ge', 1)} terms"))
    return out


_TEMPLATES = {
    "le_max": lambda e, free, facts: le_max_templates(e, free, facts),
    "max_bound": lambda e, free, facts: max_bound_templates(e, facts),
    "lse_bounds": lambda e, free, facts: lse_templates(e, facts),
    "jensen": lambda e, free, facts: jensen_templates(e, facts),
    "am_gm": lambda e, free, facts: am_gm_templates(e, facts),
    "le_sum": lambda e, free, facts: le_sum_templates(e, facts),
}


def match_templates(link: Link, names: Iterable[str], facts, *, remainder: bool,
                    forced=None) -> Template | None:
    """A template whose value is ``large - small`` (plus a remainder proved >= 0)."""
    if link.op == "eq":
        return None
    free = set(sympy.Tuple(link.small, link.large).free_symbols)
    # only the signs of indexed bases are applied up front (so that the evidence shows
    # the claim's own symbols); other facts are used where a sign is proved
    full = domain_of(facts, protect=free)
    domain = type(full)(tuple((old, new) for old, new in full.substitutions
                              if isinstance(old, sympy.IndexedBase)))
    link = Link(domain.apply(link.small), domain.apply(link.large), link.op)
    gap = link.large - link.small
    expr = sympy.Tuple(link.small, link.large)
    free = set(expr.free_symbols)
    for name in names:
        templates = (jensen_templates(expr, facts, forced) if name == "jensen" and forced
                     else _TEMPLATES[name](expr, free, facts))
        for template in templates:
            rest = gap - template.value
            if link.op == "le" and same_value(rest, sympy.S.Zero, facts):
                return template
            if remainder and prove_sign_on(rest, facts, strict=link.op == "lt",
                                           cheap=True) is not None:
                return Template(template.rule, template.value,
                                f"{template.detail}; the rest, {tex(sympy.simplify(rest))}, is "
                                + ("$> 0$" if link.op == "lt" else "$\\ge 0$"))
    return None


def _template_rule(name: str):
    def apply(step: Step, context: CheckContext) -> Outcome:
        link = claim_link(step)
        if link.op == "lt":
            raise Mismatch(f"{name} gives a non-strict inequality, the claim is strict")
        if link.op == "eq":
            raise Mismatch(f"{name} proves an inequality, the claim is an equality")
        forced = None
        if name == "jensen" and step.rule.param("function") is not None:
            fn = step.rule.param("function")
            forced = (lambda u, f=fn: f(u))
        facts = usable_facts(step)
        found = match_templates(link, [name], facts, remainder=False, forced=forced)
        if found is None:
            hint = (" (an element's index must be proved in range by the step's facts, "
                    "e.g. j >= 1 and j <= L)" if name == "le_max" else "")
            raise Mismatch(f"no instance of {name} has larger - smaller side equal to "
                            f"{tex_difference(link.large, link.small)}{hint}")
        return conclude(step, context, (), found.detail)
    apply.__name__ = f"rule_{name}"
    apply.__doc__ = f"The named rule {name}: the claim is an instance of the theorem."
    return apply


for _name in _TEMPLATES:
    rule(_name)(named_rule(_template_rule(_name)))
