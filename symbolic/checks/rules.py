"""Named rules: claims over a general size proved by a small library of theorems.

A step that carries ``Step.rule`` is checked by the rule of that name. A rule first
checks that the step has the rule's form (an inconclusive outcome says what did not
match; a rule never proves a step it does not fit) and then proves every side
condition with SymPy (``True`` answers only; ``None`` is undecided).

Premises are earlier steps named in ``Rule.premises``. A rule concludes ``proved`` only
when every premise's outcome is ``proved``; when some premise is only ``verified`` the
step is ``verified`` ("follows from premises that are verified"), and when some premise
is neither (or has not been checked) the step is inconclusive, saying so. Definition
steps (``Kind.DEFINITION``) hold by definition and do not weaken a conclusion. Every
premise's own assumptions must hold on the step's domain (they are found among the
step's assumptions or proved from them). A sign fact about one element (``x[j] > 0``
with j free in the claim) stays about that element; with j not in the claim it is read
as "every x[j] > 0". A free index is never assumed to lie in a range: ``x[j] <= max_j``
needs the facts ``j >= 1``, ``j <= L``.

The catalogue (names and params are the interface used by ``proofs/``):

=============== ========================================================================
``le_max``      ``t(j0) <= MaxOver(t(j), (j, lo, hi))`` for j0 proved in lo..hi from the
                step's facts (``j >= 1``, ``j <= L``); ``>=`` mirrored, and ``MinOver``;
                a strict ``<`` is not allowed.
``max_bound``   ``Sum(g(t(j))) <= N * g(MaxOver(t))`` for g nondecreasing (g' >= 0 proved),
                N = hi - lo + 1; ``MinOver`` mirrored.
``monotone``    premise ``a R b`` -> ``g(a) R g(b)``; params ``("map", g)`` (``sympy.exp``,
                ``sympy.log`` or a ``Lambda``; inferred from the claim when absent).
                Decreasing maps flip R. For ``log`` both sides are proved positive.
``sum_termwise`` premise ``f(j) R g(j)`` for every j -> ``Sum(f) R Sum(g)``, same range.
``add_both_sides`` premise ``a R b`` -> ``a + c R b + c``.
``mul_positive`` premise ``a R b`` -> ``c*a R c*b`` with ``c > 0`` proved (params
                ``("factor", c)`` optional).
``transitive``  premises ``a R1 b``, ``b' R2 c`` (b = b' proved) -> ``a R c``.
``substitute``  premises are definitions ``name = expr`` (plus at most one other
                premise); the claim with the definitions substituted is proved.
``jensen``      ``f(mean x) <= mean f(x)`` for f convex (f'' >= 0 proved; concave
                mirrored) and the log-sum-exp lower bound
                ``log Sum exp(x_j) >= log N + mean x``.
``am_gm``       ``mean x >= (Prod x)^(1/N)`` for x_j >= 0.
``le_sum``      ``t(j0) <= Sum(t(j), (j, lo, hi))`` for terms proved >= 0, j0 proved in range.
``lse_bounds``  ``MaxOver x <= log Sum exp x <= MaxOver x + log N``.
``convex_hessian`` a function of an indexed variable is convex: params ``("function",
                f)``, ``("variable", x)``, ``("size", L)``, ``("instances", (2, 3))``;
                the claim must name a marker called ``convex`` (a Symbol or an undefined
                function), so that the verdict is about convexity and nothing else.
``limit``       ``Limit(f, x, x0) = c`` by ``sympy.limit``.
=============== ========================================================================

``rules_auto`` (a checker, cost 30) tries the premise-free rules on inequality steps that
carry no rule, with a short backward chain (``log A <= log B`` to ``A <= B``, ``exp`` the
same way, sums termwise, element <= max).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import sympy
from sympy.calculus.util import continuous_domain

from symbolic.budget import SoftTimeout
from symbolic.checks import CheckContext, Cost, checker, rule
from symbolic.checks.algebraic import (as_greater, difference_zero, domain_of, equal,
                                       flatten_facts, normalize_sums)
from symbolic.checks._ranges import conventional
from symbolic.checks.inequality import prove_sign, prove_sign_on
from symbolic.functions import MaxOver, MinOver
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided

# ---------------------------------------------------------------------------------------
# Links: a relation normalised to "small <= large" (or "=")


@dataclass(frozen=True)
class Link:
    """A relation as ``small <op> large`` with op one of ``=``, ``<=``, ``<``."""

    small: sympy.Basic
    large: sympy.Basic
    op: str  # "eq", "le" or "lt"

    def flipped(self) -> "Link":
        """For an equality, the same relation read the other way round."""
        return Link(self.large, self.small, self.op)

    def text(self) -> str:
        return f"{self.small} {dict(eq='=', le='<=', lt='<')[self.op]} {self.large}"


def link_of(lhs, relation: Relation, rhs) -> Link | None:
    return {
        Relation.EQ: lambda: Link(lhs, rhs, "eq"),
        Relation.LE: lambda: Link(lhs, rhs, "le"),
        Relation.LT: lambda: Link(lhs, rhs, "lt"),
        Relation.GE: lambda: Link(rhs, lhs, "le"),
        Relation.GT: lambda: Link(rhs, lhs, "lt"),
    }.get(relation, lambda: None)()


def _implies(have: str, want: str) -> bool:
    """Whether a relation of kind ``have`` gives one of kind ``want`` between the same sides."""
    return have == want or (want == "le" and have in ("eq", "lt"))


_STRENGTH = {"eq": 0, "le": 1, "lt": 2}


def _chain_op(ops: Iterable[str]) -> str:
    """The relation a chain gives: '<' if any link is strict, else '<=' if any is, else '='."""
    return max(ops, key=lambda op: _STRENGTH[op], default="eq")


class _Mismatch(Exception):
    """The step does not have the form the rule needs; the message says what differs."""


# ---------------------------------------------------------------------------------------
# Premises and conclusions


def _rule_name(step: Step) -> str:
    return step.rule.name if step.rule else "rules_auto"


def _premise_steps(step: Step, context: CheckContext) -> list[Step]:
    return [context.premise(pid) for pid in (step.rule.premises if step.rule else ())]


def _gate(step: Step, context: CheckContext, premises: Sequence[Step]) -> tuple[Verdict | None, str]:
    """The verdict premises allow: PROVED, VERIFIED, or None with the reason."""
    weakest = Verdict.PROVED
    for premise in premises:
        if premise.kind is Kind.DEFINITION:
            continue  # holds by definition
        outcome = context.outcomes.get(premise.id)
        if outcome is None:
            return None, f"premise {premise.id} has not been checked"
        if outcome.verdict is Verdict.PROVED:
            continue
        if outcome.verdict is Verdict.VERIFIED:
            weakest = Verdict.VERIFIED
            continue
        return None, f"follows from premises that are {outcome.verdict.value} ({premise.id})"
    return weakest, ""


def _usable_facts(step: Step) -> list:
    """The step's facts, without sign facts about one element named by a free index.

    ``x[j] > 0`` with j free in the claim is about that element only, so it must not be
    read later (in a sub-expression where j does not appear) as "every x[j] > 0".
    """
    free = step.claim.free_symbols if step.claim is not None else set()
    out = []
    for fact in flatten_facts(step.assumptions):
        indexed = [e for e in fact.atoms(sympy.Indexed)]
        if indexed and any(i in free for e in indexed for i in e.free_symbols
                           if i not in e.base.free_symbols):
            continue
        out.append(fact)
    return out


def _premise_facts_hold(step: Step, premises: Sequence[Step], extra: Iterable = ()) -> str | None:
    """None when every premise's assumption holds on the step's domain, else the reason."""
    own = set(flatten_facts(step.assumptions)) | set(extra)
    for premise in premises:
        for fact in flatten_facts(premise.assumptions):
            if fact in own:
                continue
            if not _fact_proved(fact, tuple(own)):
                return (f"premise {premise.id} assumes {fact}, which step {step.id} neither "
                        "assumes nor implies; add it to the step's assumptions")
    return None


def _fact_proved(fact, facts) -> bool:
    parts = as_greater(fact)
    if parts is None:
        return False
    big, small, strict = parts
    return prove_sign_on(big - small, facts, strict=strict) is not None


def _conclude(step: Step, context: CheckContext, premises: Sequence[Step],
              detail: str, extra_facts: Iterable = ()) -> Outcome:
    """The outcome of a rule whose form and side conditions were proved."""
    name = f"rule {_rule_name(step)}"
    problem = _premise_facts_hold(step, premises, extra_facts)
    if problem:
        return undecided(name, f"{detail}; but {problem}")
    verdict, why = _gate(step, context, premises)
    if verdict is None:
        return undecided(name, f"{detail}; but it {why}" if why.startswith("follows")
                         else f"{detail}; but {why}")
    if verdict is Verdict.VERIFIED:
        return Outcome(Verdict.VERIFIED, (Evidence(name, f"{detail}; follows from premises "
                                                         "that are verified, not proved"),))
    return Outcome(Verdict.PROVED, (Evidence(name, detail),))


def _as_fact(link: Link):
    return link.small < link.large if link.op == "lt" else link.small <= link.large


def _premise_link(premise: Step) -> Link:
    claim = premise.claim
    link = link_of(claim.lhs, claim.relation, claim.rhs) if claim else None
    if link is None:
        raise _Mismatch(f"premise {premise.id} is not an equality or inequality")
    return link


def _claim_link(step: Step) -> Link:
    link = link_of(step.claim.lhs, step.claim.relation, step.claim.rhs) if step.claim else None
    if link is None:
        raise _Mismatch(f"the claim of {step.id} is not an equality or inequality "
                        f"(relation {step.claim.relation.value if step.claim else None})")
    return link


def _same(a, b, facts=(), thorough: bool = False) -> bool:
    """Equality of two expressions up to a proof (structural first)."""
    if a == b:
        return True
    try:
        return equal(a, b, facts=facts, thorough=thorough)
    except SoftTimeout:
        raise
    except Exception:
        return False


def _named(fn: Callable[[Step, CheckContext], Outcome]):
    """Turn a mismatch into an inconclusive outcome naming what did not match."""
    def run(step: Step, *, config, context) -> Outcome:
        try:
            return fn(step, context)
        except _Mismatch as exc:
            return undecided(f"rule {_rule_name(step)}", f"the step does not match the rule: {exc}")
    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    return run


# ---------------------------------------------------------------------------------------
# Templates: premise-free theorems "T >= 0" built from pieces of the claim


@dataclass(frozen=True)
class Template:
    """A known nonnegative quantity ``value`` (``large - small`` of a theorem) and its proof."""

    rule: str
    value: sympy.Basic
    detail: str


def _atoms(expr, cls) -> list:
    found = sorted(expr.atoms(cls), key=sympy.default_sort_key)
    return [a for a in found if len(a.limits) == 1 and len(a.limits[0]) == 3]


def _count(lo, hi):
    return sympy.expand(hi - lo + 1)


def _nonempty(lo, hi, facts) -> bool:
    return prove_sign_on(hi - lo, facts, cheap=True) is not None


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
        return f"{lo} <= {j0} <= {hi} proved"
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
        for m in _atoms(expr, cls):
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
                                    f"{element} {'<=' if sign > 0 else '>='} {m}: an element "
                                    f"is at {'most' if sign > 0 else 'least'} the {word} ({why})"))
    return out


def le_sum_templates(expr, facts) -> list[Template]:
    """``Sum(t) - t(j0)`` for terms proved >= 0 and j0 proved in range."""
    out = []
    for s in _atoms(expr, sympy.Sum):
        (index, lo, hi), = s.limits
        if prove_sign(s.function) is None:
            continue
        for j0 in _index_candidates(expr, index):
            why = _in_range(j0, index, lo, hi, set(), facts)
            if why is None:
                continue
            element = s.function.xreplace({index: j0})
            out.append(Template("le_sum", s - element,
                                f"{element} <= {s}: one of its terms, the others being >= 0 "
                                f"({s.function} >= 0; {why})"))
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
    for m in _atoms(expr, MaxOver):
        (k, lo, hi), = m.limits
        for s in _atoms(expr, sympy.Sum):
            (i, slo, shi), = s.limits
            if (slo, shi) != (lo, hi):
                continue
            inner = _renamed(m.function, k, i)
            g, u = _monotone_map(s.function, inner, i)
            if g is None:
                continue
            if not _nonempty(lo, hi, facts) or not _continuous_on_reals(g, u):
                continue  # -1/u has g' >= 0 wherever it is defined, yet is not monotone
            if prove_sign(sympy.diff(g, u)) is None:
                continue
            n = _count(lo, hi)
            sign = -1 if isinstance(m, MinOver) else 1
            out.append(Template("max_bound", sign * (n * g.subs(u, m) - s),
                                f"{s} {'<=' if sign > 0 else '>='} {n}*{g.subs(u, m)}: each of the "
                                f"{n} terms is g({inner}) with g(u) = {g} nondecreasing "
                                f"(g' = {sympy.diff(g, u)} >= 0) and {inner} "
                                f"{'<=' if sign > 0 else '>='} {m} (le_max)"))
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
    for m in _atoms(expr, MaxOver):
        if isinstance(m, MinOver):
            continue
        (k, lo, hi), = m.limits
        for s in _atoms(expr, sympy.Sum):
            (i, slo, shi), = s.limits
            if (slo, shi) != (lo, hi) or not isinstance(s.function, sympy.exp):
                continue
            if not _same(s.function.args[0], _renamed(m.function, k, i)):
                continue
            if not _nonempty(lo, hi, facts):
                continue
            n = _count(lo, hi)
            chain = _lse_upper_chain(s, m, n, facts)
            if chain is not None:
                out.append(Template("lse_bounds", m + sympy.log(n) - sympy.log(s),
                                    f"log {s} <= {m} + log({n}): {chain}"))
            out.append(Template("lse_bounds", sympy.log(s) - m,
                                f"{m} <= log {s}: the max is one of the terms (range nonempty), "
                                "exp(max) <= the sum of positive terms, then monotone log"))
    return out


def _lse_upper_chain(s, m, n, facts) -> str | None:
    """Derive log S <= M + log N from max_bound and monotone log, each step checked."""
    bound = Link(s, n * sympy.exp(m), "le")
    step1 = next((t for t in max_bound_templates(sympy.Tuple(bound.small, bound.large), facts)
                  if _same(bound.large - bound.small - t.value, sympy.S.Zero, facts)), None)
    if step1 is None:
        return None
    if prove_sign_on(s, facts, strict=True, cheap=True) is None:
        return None  # monotone log needs a positive sum
    if not _same(sympy.log(n * sympy.exp(m)), sympy.log(n) + m, facts):
        return None
    return (f"(1) max_bound: {step1.detail}; (2) monotone log (both sides > 0): "
            f"log {s} <= log({n}*exp({m})); (3) log({n}*exp({m})) = log({n}) + {m}")


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
    sums = _atoms(expr, sympy.Sum)
    for sf, sx in itertools.permutations(sums, 2):
        (i, lo, hi), = sf.limits
        (i2, lo2, hi2), = sx.limits
        if (lo, hi) != (lo2, hi2):
            continue
        x = _renamed(sx.function, i2, i)
        u = sympy.Dummy("u", real=True)
        if forced is not None:
            g = forced(u)
            if not _same(sf.function, g.subs(u, x)):
                continue
        else:
            g, u = _monotone_map(sf.function, x, i)
            if g is None:
                continue
        if not _nonempty(lo, hi, facts):
            continue
        n = _count(lo, hi)
        domain = "positive" if prove_sign_on(x, facts, strict=True) else "real"
        shape = _convexity(g, u, domain)
        mean_x, mean_f = sx / n, sf / n
        if shape == 1:
            out.append(Template("jensen", mean_f - g.subs(u, mean_x),
                                f"g(u) = {g} is convex on the {domain} line (g'' = "
                                f"{sympy.diff(g, u, 2)} >= 0), so g(mean) <= mean of g"))
            if isinstance(sf.function, sympy.exp) and sf.function.args[0] == x:
                out.append(Template("jensen", sympy.log(sf) - sympy.log(n) - mean_x,
                                    f"exp is convex (exp'' = exp > 0): exp(mean {x}) <= mean "
                                    f"exp({x}); then monotone log"))
        elif shape == -1:
            out.append(Template("jensen", g.subs(u, mean_x) - mean_f,
                                f"g(u) = {g} is concave on the {domain} line (g'' = "
                                f"{sympy.diff(g, u, 2)} <= 0), so mean of g <= g(mean)"))
    return out


def am_gm_templates(expr, facts) -> list[Template]:
    """``mean x - (Prod x)^(1/N)`` for x_j >= 0."""
    out = []
    for s in _atoms(expr, sympy.Sum):
        (i, lo, hi), = s.limits
        for p in _atoms(expr, sympy.Product):
            (i2, plo, phi), = p.limits
            if (plo, phi) != (lo, hi) or not _same(_renamed(p.function, i2, i), s.function):
                continue
            if prove_sign(s.function) is None:
                continue
            if not _nonempty(lo, hi, facts):
                continue
            n = _count(lo, hi)
            out.append(Template("am_gm", s / n - p ** (1 / n),
                                f"AM-GM: the terms {s.function} are >= 0 and the range has "
                                f"{n} >= 1 terms"))
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
            if link.op == "le" and _same(rest, sympy.S.Zero, facts):
                return template
            if remainder and prove_sign_on(rest, facts, strict=link.op == "lt",
                                           cheap=True) is not None:
                return Template(template.rule, template.value,
                                f"{template.detail}; the rest, {sympy.simplify(rest)}, is "
                                f"{'> 0' if link.op == 'lt' else '>= 0'}")
    return None


def _template_rule(name: str):
    def apply(step: Step, context: CheckContext) -> Outcome:
        link = _claim_link(step)
        if link.op == "lt":
            raise _Mismatch(f"{name} gives a non-strict inequality, the claim is strict")
        if link.op == "eq":
            raise _Mismatch(f"{name} proves an inequality, the claim is an equality")
        forced = None
        if name == "jensen" and step.rule.param("function") is not None:
            fn = step.rule.param("function")
            forced = (lambda u, f=fn: f(u))
        facts = _usable_facts(step)
        found = match_templates(link, [name], facts, remainder=False, forced=forced)
        if found is None:
            hint = (" (an element's index must be proved in range by the step's facts, "
                    "e.g. j >= 1 and j <= L)" if name == "le_max" else "")
            raise _Mismatch(f"no instance of {name} has larger - smaller side equal to "
                            f"{link.large} - ({link.small}){hint}")
        return _conclude(step, context, (), found.detail)
    apply.__name__ = f"rule_{name}"
    apply.__doc__ = f"The named rule {name}: the claim is an instance of the theorem."
    return apply


for _name in _TEMPLATES:
    rule(_name)(_named(_template_rule(_name)))


# ---------------------------------------------------------------------------------------
# Rules with premises


def _map_of(step: Step, claim: Link, premise: Link):
    """The map g of a monotone step: from params, or the outer function of the claim."""
    g = step.rule.param("map")
    if g is not None:
        return g
    for side in (claim.small, claim.large):
        if isinstance(side, sympy.Function) and len(side.args) == 1:
            return side.func
    raise _Mismatch("no ('map', g) param and the claim is not g(...) R g(...)")


@rule("monotone")
@_named
def rule_monotone(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``g(a) R g(b)`` for increasing g (decreasing flips R)."""
    premises = _premise_steps(step, context)
    if len(premises) != 1:
        raise _Mismatch(f"monotone needs exactly one premise, got {len(premises)}")
    prem, claim = _premise_link(premises[0]), _claim_link(step)
    g = _map_of(step, claim, prem)
    facts = _usable_facts(step)
    # the premise itself may be used: a > 0 and a < b give b > 0
    with_premise = facts + ([_as_fact(prem)] if prem.op != "eq" else [])
    positive = all(prove_sign_on(side, with_premise, strict=True) is not None
                   for side in (prem.small, prem.large))
    u = sympy.Dummy("u", positive=True) if positive else sympy.Dummy("u", real=True)
    gu = g(u)
    region = sympy.Interval.open(0, sympy.oo) if positive else sympy.S.Reals
    try:
        defined = region.is_subset(continuous_domain(gu, u, region))
    except SoftTimeout:
        raise
    except Exception:
        defined = False
    if not defined:
        raise _Mismatch(f"{gu} is not shown continuous on {region}"
                        + ("" if positive else "; both sides were not proved positive"))
    slope = sympy.diff(gu, u)
    if prem.op == "eq":
        ok = ((_same(claim.small, g(prem.small), facts) and _same(claim.large, g(prem.large), facts))
              or (_same(claim.small, g(prem.large), facts) and _same(claim.large, g(prem.small), facts)))
        if not ok or claim.op not in ("eq", "le"):
            raise _Mismatch(f"the claim is not {g(prem.small)} = {g(prem.large)}")
        return _conclude(step, context, premises, f"{prem.text()} gives g(a) = g(b) for g = {gu}")
    for direction, sign in (("increasing", 1), ("decreasing", -1)):
        lo, hi = (prem.small, prem.large) if sign > 0 else (prem.large, prem.small)
        if not (_same(claim.small, g(lo), facts) and _same(claim.large, g(hi), facts)):
            continue
        strict_needed = claim.op == "lt"
        if strict_needed and prem.op != "lt":
            raise _Mismatch("the claim is strict but the premise is not")
        proved = prove_sign(sign * slope, strict=strict_needed) is not None
        if not proved:
            raise _Mismatch(f"g(u) = {gu} is not proved {'strictly ' if strict_needed else ''}"
                            f"{direction} on {region} (g' = {slope})")
        side = " (both sides proved positive)" if positive else ""
        return _conclude(step, context, premises,
                         f"{prem.text()} and g(u) = {gu} is {direction} on {region} "
                         f"(g' = {slope}){side}, so {claim.text()}")
    raise _Mismatch(f"the claim {claim.text()} is neither g(a) R g(b) with g increasing nor "
                    f"g(b) R g(a) with g decreasing, for the premise {prem.text()}, g = {gu}")


@rule("sum_termwise")
@_named
def rule_sum_termwise(step: Step, context: CheckContext) -> Outcome:
    """Premise ``f(j) R g(j)`` for every j in range gives ``Sum(f) R Sum(g)``."""
    premises = _premise_steps(step, context)
    if len(premises) != 1:
        raise _Mismatch(f"sum_termwise needs exactly one premise, got {len(premises)}")
    prem, claim = _premise_link(premises[0]), _claim_link(step)
    sums = [s for side in (claim.small, claim.large) for s in _atoms(side, sympy.Sum)]
    if not sums:
        raise _Mismatch("the claim has no sum")
    facts = _usable_facts(step)
    pfree = set(sympy.Tuple(prem.small, prem.large).free_symbols)
    cands = [s for s in sorted(pfree, key=sympy.default_sort_key)
             if isinstance(s, sympy.Symbol) and s.is_integer]
    for s in sums:
        (k, lo, hi), = s.limits
        for index in cands:
            if k != index and k in pfree:
                continue  # renaming the index to k would capture the premise's own k
            small = sympy.Sum(prem.small.xreplace({index: k}), (k, lo, hi))
            large = sympy.Sum(prem.large.xreplace({index: k}), (k, lo, hi))
            if not (_same(claim.small, small, facts) and _same(claim.large, large, facts)):
                continue
            if not _nonempty(lo - 1, hi, facts):
                raise _Mismatch(f"the range {lo}..{hi} is not proved to have >= 0 terms")
            if claim.op == "lt" and not (prem.op == "lt" and _nonempty(lo, hi, facts)):
                raise _Mismatch("a strict sum needs a strict premise and a nonempty range")
            if not _implies(prem.op, claim.op) and claim.op != "lt":
                raise _Mismatch(f"the premise relation {prem.op} does not give {claim.op}")
            ranged = (index >= lo, index <= hi)
            index_facts = [f for f in flatten_facts(premises[0].assumptions)
                           if index in f.free_symbols]
            for fact in index_facts:
                if not _fact_proved(fact, tuple(facts) + ranged):
                    raise _Mismatch(f"the premise assumes {fact}, which does not hold for every "
                                    f"{index} in {lo}..{hi}")
            return _conclude(step, context, premises,
                             f"{prem.text()} for every {index} in {lo}..{hi}, summed termwise",
                             extra_facts=index_facts)
    raise _Mismatch(f"the claim is not Sum({prem.small}) R Sum({prem.large}) over one range")


def _two_sided(step: Step, context: CheckContext, describe, build) -> Outcome:
    premises = _premise_steps(step, context)
    if len(premises) != 1:
        raise _Mismatch(f"{_rule_name(step)} needs exactly one premise, got {len(premises)}")
    prem, claim = _premise_link(premises[0]), _claim_link(step)
    facts = _usable_facts(step)
    orientations = [prem] + ([prem.flipped()] if prem.op == "eq" else [])
    for p in orientations:
        if not _implies(p.op, claim.op):
            continue
        detail = build(p, claim, facts)
        if detail:
            return _conclude(step, context, premises, detail)
    raise _Mismatch(describe(prem, claim))


@rule("add_both_sides")
@_named
def rule_add_both_sides(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``a + c R b + c``."""
    def build(p, claim, facts):
        c = sympy.expand(claim.small - p.small)
        if _same(claim.large - p.large, c, facts):
            return f"{p.text()}, and the same c = {c} is added to both sides"
        return None
    return _two_sided(step, context,
                      lambda p, c: f"the claim {c.text()} is not ({p.text()}) with one c added "
                                   "to both sides", build)


@rule("mul_positive")
@_named
def rule_mul_positive(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``c*a R c*b`` with ``c > 0`` proved."""
    given = step.rule.param("factor")

    def build(p, claim, facts):
        candidates = [given] if given is not None else []
        for num, den in ((claim.small, p.small), (claim.large, p.large)):
            if den != 0:
                candidates.append(sympy.cancel(num / den))
        for c in candidates:
            if not (_same(claim.small, c * p.small, facts) and _same(claim.large, c * p.large, facts)):
                continue
            if p.op == "eq":
                return f"{p.text()} multiplied by {c}"
            how = prove_sign_on(c, facts, strict=True)
            if how is None:
                continue
            return f"{p.text()} multiplied by c = {c} > 0 ({how})"
        return None
    return _two_sided(step, context,
                      lambda p, c: f"the claim {c.text()} is not ({p.text()}) multiplied by a "
                                   "factor proved positive", build)


@rule("transitive")
@_named
def rule_transitive(step: Step, context: CheckContext) -> Outcome:
    """Premises ``a R1 b``, ``b R2 c`` give ``a R c`` (R the weaker of R1, R2)."""
    premises = _premise_steps(step, context)
    if len(premises) < 2:
        raise _Mismatch(f"transitive needs at least two premises, got {len(premises)}")
    if len(premises) > 5:
        raise _Mismatch("transitive takes at most five premises")
    links = [_premise_link(p) for p in premises]
    claim = _claim_link(step)
    facts = _usable_facts(step)
    for order in itertools.permutations(range(len(links))):
        chain = [links[i] for i in order]
        options = [[l] + ([l.flipped()] if l.op == "eq" else []) for l in chain]
        for oriented in itertools.product(*options):
            if not _same(claim.small, oriented[0].small, facts):
                continue
            if not _same(claim.large, oriented[-1].large, facts):
                continue
            if not all(_same(a.large, b.small, facts) for a, b in zip(oriented, oriented[1:])):
                continue
            op = _chain_op(l.op for l in oriented)
            if not _implies(op, claim.op):
                raise _Mismatch(f"the chain gives {op}, weaker than the claim's {claim.op}")
            text = "; ".join(l.text() for l in oriented)
            return _conclude(step, context, premises, f"chain {text} (middle terms equal)")
    if claim.op == "eq" and any(l.op != "eq" for l in links):
        raise _Mismatch("an equality does not follow from a chain with an inequality")
    raise _Mismatch("no order of the premises chains from the claim's smaller side to its "
                    "larger side with equal middle terms")


def _definition_of(premise: Step):
    claim = premise.claim
    if claim is None or claim.relation is not Relation.EQ:
        return None
    target = claim.lhs
    if isinstance(target, (sympy.Symbol, sympy.Indexed)):
        return target, claim.rhs
    if isinstance(target, sympy.Function) and isinstance(target.func, sympy.core.function.UndefinedFunction):
        return target, claim.rhs
    return None


def _substitute(expr, definitions):
    for _ in range(len(definitions) + 1):
        before = expr
        for target, value in definitions:
            if isinstance(target, sympy.Indexed):
                base, idx = target.base, target.indices
                expr = expr.replace(
                    lambda e, b=base, n=len(idx): isinstance(e, sympy.Indexed) and e.base == b
                    and len(e.indices) == n,
                    lambda e, v=value, ix=idx: v.xreplace(dict(zip(ix, e.indices))))
            elif isinstance(target, sympy.Function) and all(isinstance(a, sympy.Symbol)
                                                            for a in target.args):
                lam = sympy.Lambda(target.args, value)
                expr = expr.replace(lambda e, f=target.func: isinstance(e, sympy.Function)
                                    and e.func == f, lambda e, l=lam: l(*e.args))
            else:
                expr = expr.subs(target, value)
        if expr == before:
            break
    return expr


@rule("substitute")
@_named
def rule_substitute(step: Step, context: CheckContext) -> Outcome:
    """The claim with the premises' definitions substituted is proved."""
    premises = _premise_steps(step, context)
    definitions, others = [], []
    for premise in premises:
        found = _definition_of(premise)
        (definitions.append(found) if found is not None else others.append(premise))
    if not definitions:
        raise _Mismatch("no premise is a definition name = expr")
    if len(others) > 1:
        raise _Mismatch("substitute takes definitions and at most one other premise")
    facts = _usable_facts(step)
    claim = step.claim
    lhs, rhs = _substitute(claim.lhs, definitions), _substitute(claim.rhs, definitions)
    names = ", ".join(str(t) for t, _ in definitions)
    if others:
        prem = _premise_link(others[0])
        prem = Link(_substitute(prem.small, definitions), _substitute(prem.large, definitions),
                    prem.op)
        target = link_of(lhs, claim.relation, rhs)
        if target is None:
            raise _Mismatch("the claim is not an equality or inequality")
        for p in [prem] + ([prem.flipped()] if prem.op == "eq" else []):
            if _implies(p.op, target.op) and _same(target.small, p.small, facts) \
                    and _same(target.large, p.large, facts):
                return _conclude(step, context, premises,
                                 f"with {names} substituted, the claim is premise {others[0].id}")
        raise _Mismatch(f"with {names} substituted the claim is not premise {others[0].id}")
    if claim.relation in (Relation.EQ, Relation.NE):
        proof = difference_zero(lhs, rhs, facts=facts, nonzero=claim.relation is Relation.NE)
        if proof.proved:
            return _conclude(step, context, premises,
                             f"with {names} substituted, lhs - rhs is "
                             f"{'nonzero' if claim.relation is Relation.NE else '0'} by {proof.detail}")
        raise _Mismatch(f"with {names} substituted, no strategy showed the identity")
    target = link_of(lhs, claim.relation, rhs)
    if target is None:
        raise _Mismatch(f"relation {claim.relation.value} is not supported by substitute")
    chain = prove_goal(target, facts)
    if chain is not None:
        return _conclude(step, context, premises, f"with {names} substituted: {chain}")
    raise _Mismatch(f"with {names} substituted, the inequality was not proved")


@rule("limit")
@_named
def rule_limit(step: Step, context: CheckContext) -> Outcome:
    """``Limit(f, x, x0) = c`` proved by ``sympy.limit``."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        raise _Mismatch("the limit rule proves an equality")
    sides = [(claim.lhs, claim.rhs), (claim.rhs, claim.lhs)]
    for lim, value in sides:
        if isinstance(lim, sympy.Limit):
            computed = conventional(lim).doit()  # sums in it read by the empty-range rule
            if computed.has(sympy.Limit):
                raise _Mismatch(f"sympy.limit could not evaluate {lim}")
            if _same(computed, value, _usable_facts(step)):
                return _conclude(step, context, _premise_steps(step, context),
                                 f"sympy.limit gives {computed}")
            raise _Mismatch(f"sympy.limit gives {computed}, which was not shown equal to {value}")
    raise _Mismatch("neither side is a Limit")


# ---------------------------------------------------------------------------------------
# Convexity through the Hessian


def _lse_affine(f, x):
    """``(c, inner, rest)`` when f = c*log(Sum(exp(a_j))) + rest with a_j and rest affine in x."""
    for term in sympy.Add.make_args(sympy.expand(f)):
        c, core = term.as_independent(x, as_Add=False)
        if isinstance(core, sympy.log) and isinstance(core.args[0], sympy.Sum):
            s = core.args[0]
            if len(s.limits) == 1 and isinstance(s.function, sympy.exp):
                return c, s, sympy.expand(f - term)
    return None


def _affine_in(expr, x) -> bool:
    """Every occurrence of x[...] enters linearly (second derivatives vanish)."""
    expr = normalize_sums(expr)
    for piece in sympy.Add.make_args(sympy.expand(expr)):
        _, core = piece.as_independent(x, as_Add=False)
        if not core.has(x):
            continue
        if isinstance(core, sympy.Sum):
            core = core.function
        if core.has(sympy.Sum, sympy.Product, sympy.Function) and not core.is_Indexed:
            return False  # a nonlinear function of a sum (or a call) is not affine
        entries = [e for e in core.atoms(sympy.Indexed) if e.base == x or e.base.label == x]
        if len(entries) != 1 or sympy.diff(core, entries[0], 2) != 0:
            return False
        if sympy.diff(core, entries[0]).has(x):
            return False
    return True


def _psd_instance(f, variables) -> bool:
    """The Hessian of f in the given variables is PSD: every principal minor >= 0 proved."""
    h = sympy.hessian(f, variables)
    n = len(variables)
    for size in range(1, n + 1):
        for rows in itertools.combinations(range(n), size):
            minor = h.extract(list(rows), list(rows)).det()
            if prove_sign(sympy.factor(sympy.cancel(sympy.together(minor)))) is None \
                    and prove_sign(minor) is None:
                return False
    return True


def _variance_identity() -> bool:
    """Check, for a general size, v^T (diag p - p p^T) v = sum_j p_j (v_j - m)^2 when sum p = 1."""
    n = sympy.Symbol("n", integer=True, positive=True)
    j = sympy.Symbol("j", integer=True)
    p = sympy.IndexedBase("p", positive=True)
    v = sympy.IndexedBase("v", real=True)
    m = sympy.Sum(p[j] * v[j], (j, 1, n))
    quadratic = sympy.Sum(p[j] * v[j] ** 2, (j, 1, n)) - m ** 2
    variance = sympy.Sum(p[j] * (v[j] - m) ** 2, (j, 1, n))
    diff = sympy.expand(normalize_sums(variance - quadratic))
    one = normalize_sums(sympy.Sum(p[j], (j, 1, n)))
    return sympy.expand(diff.subs(one, 1)) == 0


def _states_convexity(step: Step) -> bool:
    """Whether the claim is a statement of convexity (it names a 'convex' marker)."""
    claim = step.claim
    if claim is None:
        return False
    atoms = sympy.Tuple(claim.lhs, claim.rhs).atoms(sympy.Symbol, sympy.core.function.AppliedUndef)
    names = [getattr(a, "name", "") or getattr(getattr(a, "func", None), "__name__", "")
             for a in atoms]
    return any("convex" in name.lower() for name in names)


@rule("convex_hessian")
@_named
def rule_convex_hessian(step: Step, context: CheckContext) -> Outcome:
    """A function of an indexed variable is convex: its Hessian is PSD."""
    params = step.rule
    f = params.param("function", step.claim.lhs if step.claim else None)
    x = params.param("variable")
    size = params.param("size")
    instances = tuple(params.param("instances", ()))
    if f is None or x is None:
        raise _Mismatch("convex_hessian needs params ('function', f) and ('variable', x)")
    if not _states_convexity(step):
        raise _Mismatch("the claim does not state convexity: write it with a marker named "
                        "'convex', e.g. Claim(sympy.Function('convex')(f), Relation.EQ, "
                        "sympy.true) or Claim(f, Relation.IMPLIES, sympy.Symbol('convex'))")
    facts = _usable_facts(step)
    found = _lse_affine(f, x)
    if found is not None:
        c, s, rest = found
        (j, lo, hi), = s.limits
        inner = s.function.args[0]
        if (prove_sign_on(c, facts) is not None and _affine_in(inner, x)
                and _affine_in(rest, x) and _variance_identity()):
            return _conclude(step, context, _premise_steps(step, context),
                             f"f = {c}*log(Sum(exp(a_j))) + affine with a_j = {inner} affine in "
                             f"{x}: its Hessian is {c}*J^T (diag p - p p^T) J with p = softmax(a); "
                             "v^T (diag p - p p^T) v = Var_p(v) >= 0 (identity checked "
                             f"symbolically for a general size), and {c} >= 0")
    if not instances or size is None:
        raise _Mismatch("f is not c*log-sum-exp of affine terms plus an affine part, and no "
                        "('size', L) with ('instances', ...) was given to check instances")
    done = []
    for n in instances:
        fn = conventional(f.subs(size, n)).doit()
        variables = sorted((e for e in fn.atoms(sympy.Indexed) if e.base == x),
                           key=sympy.default_sort_key)
        if not variables or not _psd_instance(fn, variables):
            raise _Mismatch(f"the Hessian for {size} = {n} was not proved PSD")
        done.append(str(n))
    outcome = _conclude(step, context, _premise_steps(step, context),
                        f"Hessian proved PSD (principal minors >= 0) only for {size} = "
                        f"{', '.join(done)}")
    if outcome.verdict is Verdict.PROVED:  # instances are not a proof for every size
        return Outcome(Verdict.VERIFIED, outcome.evidence)
    return outcome


# ---------------------------------------------------------------------------------------
# Backward chaining for steps without a rule

_AUTO_RULES = ("le_max", "le_sum", "max_bound", "lse_bounds", "jensen", "am_gm")


def prove_goal(link: Link, facts, depth: int = 0) -> str | None:
    """A proof of ``link`` from premise-free rules and a short backward chain, or None."""
    if depth > 4 or link.op == "eq":
        return None
    found = match_templates(link, _AUTO_RULES, facts, remainder=True)
    if found is not None:
        return f"{found.rule}: {found.detail}"
    strict = link.op == "lt"
    how = prove_sign_on(link.large - link.small, facts, strict=strict)
    if how is not None:
        return f"{link.text()} ({how})"
    for reduced, why in _reductions(link, facts):
        sub = prove_goal(reduced, facts if why[1] is None else list(facts) + list(why[1]),
                         depth + 1)
        if sub is not None:
            return f"{why[0]}; {sub}"
    return None


def _reductions(link: Link, facts):
    """Simpler goals that imply ``link``, each with a sentence and extra facts."""
    small, large = link.small, link.large
    if isinstance(small, sympy.log) and prove_sign_on(small.args[0], facts, strict=True):
        a = small.args[0]
        b = large.args[0] if isinstance(large, sympy.log) else sympy.expand(sympy.exp(large))
        yield Link(a, b, link.op), (f"monotone log: reduce to {a} {_op(link)} {b}", None)
    elif isinstance(large, sympy.log) and prove_sign_on(large.args[0], facts, strict=True):
        b = large.args[0]
        a = sympy.expand(sympy.exp(small))
        yield Link(a, b, link.op), (f"monotone log: reduce to {a} {_op(link)} {b}", None)
    if isinstance(small, sympy.exp) and isinstance(large, sympy.exp):
        yield Link(small.args[0], large.args[0], link.op), ("monotone exp: compare exponents",
                                                            None)
    if isinstance(small, sympy.Sum) and len(small.limits) == 1:
        (i, lo, hi), = small.limits
        k = sympy.Dummy("k", integer=True)
        term = small.function.xreplace({i: k})
        rng = (k >= lo, k <= hi)
        if link.op == "lt" and not _nonempty(lo, hi, facts):
            return
        if not _nonempty(lo - 1, hi, facts):
            return  # a reversed range (Karr's convention) flips a termwise comparison
        if isinstance(large, sympy.Sum) and large.limits[0][1:] == (lo, hi):
            (i2, _, _), = large.limits
            yield Link(term, large.function.xreplace({i2: k}), link.op), (
                f"sum_termwise over {lo}..{hi}", rng)
        else:
            n = _count(lo, hi)
            # n copies of large/n: dividing by the count needs n >= 1; an empty range
            # (the sum is 0) is covered only when 0 R large is proved on its own
            if not _nonempty(lo, hi, facts):
                if prove_sign_on(large, facts, strict=link.op == "lt") is None:
                    return
                empty = f"the empty range gives 0 {_op(link)} {large}; "
            else:
                empty = ""
            per = sympy.cancel(large / n)
            if not per.has(i):
                yield Link(term, per, link.op), (
                    f"{empty}sum_termwise over {lo}..{hi} against {n} copies of {per}", rng)


def _op(link: Link) -> str:
    return dict(eq="=", le="<=", lt="<")[link.op]


def _auto_applies(step: Step) -> bool:
    claim = step.claim
    return (step.rule is None and claim is not None and claim.relation.is_order
            and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION))


@checker("rules_auto", cost=Cost.PROVE, applies=_auto_applies)
def check_rules_auto(step: Step, *, config, context) -> Outcome | None:
    """Prove an inequality with the premise-free named rules and a short backward chain."""
    link = _claim_link(step)
    chain = prove_goal(link, _usable_facts(step))
    if chain is None:
        return undecided("rules_auto", "no premise-free rule or backward chain (log, exp, "
                         "sums termwise, element <= max) proved the inequality")
    return Outcome(Verdict.PROVED, (Evidence("rules_auto", chain),))
