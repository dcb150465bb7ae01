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

Rules defined beside the checkers of their family, each documented in its module:

* ``sum_ranges``, ``max_union``, ``triangle``, ``max_factor``, ``max_term``,
  ``block_diagonal`` (``blocks.py``): sums and maxima over ranges of a general size, the
  triangle inequality, block-diagonal matrices;
* ``counterexample``, ``enumerate`` (``logic.py``): exact evaluation at a supplied point or
  over a finite range;
* ``experiment`` (``experiment.py``): seeded measurements compared with a tolerance;
* ``iid_moments`` (``moments.py``), ``independent_moments`` (``free_moments.py``): exact
  moments of sums of independent terms;
* ``linear_combination`` (``combination.py``): a combination of proved relations;
* ``sum_of_squares`` (``indexed.py``): a manifestly non-negative certificate.

The premise-free rules (``le_max``, ``le_sum``, ``max_bound``, ``lse_bounds``, ``jensen``,
``am_gm``) are built in ``templates.py``; what every rule shares (links, premises,
conclusions) is in ``_rulebase.py``.

``rules_auto`` (a checker, tier ``Cost.PROVE``) tries the premise-free rules on inequality steps that
carry no rule, with a short backward chain (``log A <= log B`` to ``A <= B``, ``exp`` the
same way, sums termwise, element <= max).
"""
from __future__ import annotations

import itertools

import sympy
from sympy.calculus.util import continuous_domain

from symbolic.budget import SoftTimeout
from symbolic.checks import CheckContext, Cost, checker, rule
from symbolic.checks.algebraic import difference_zero, flatten_facts, normalize_sums
from symbolic.checks._ranges import conventional
from symbolic.checks._rulebase import (Link, Mismatch, as_fact, atoms_of, chain_op, claim_link, conclude,
                                       fact_proved, link_of, named_rule, op_implies, premise_link,
                                       premise_steps, range_count, range_nonempty, rule_name,
                                       same_value, usable_facts)
from symbolic.checks.inequality import prove_sign, prove_sign_on
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.checks.templates import match_templates
from symbolic.checks.templates import max_bound_templates  # noqa: F401  (tests import it from here)
from symbolic.numeric.text import latex_of, tex, tex_range, tex_relation

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
    raise Mismatch("no ('map', g) param and the claim is not g(...) R g(...)")


@rule("monotone")
@named_rule
def rule_monotone(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``g(a) R g(b)`` for increasing g (decreasing flips R)."""
    premises = premise_steps(step, context)
    if len(premises) != 1:
        raise Mismatch(f"monotone needs exactly one premise, got {len(premises)}")
    prem, claim = premise_link(premises[0]), claim_link(step)
    g = _map_of(step, claim, prem)
    facts = usable_facts(step)
    # the premise itself may be used: a > 0 and a < b give b > 0
    with_premise = facts + ([as_fact(prem)] if prem.op != "eq" else [])
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
        raise Mismatch(f"{tex(gu)} is not shown continuous on {tex(region)}"
                        + ("" if positive else "; both sides were not proved positive"))
    slope = sympy.diff(gu, u)
    if prem.op == "eq":
        ok = ((same_value(claim.small, g(prem.small), facts) and same_value(claim.large, g(prem.large), facts))
              or (same_value(claim.small, g(prem.large), facts) and same_value(claim.large, g(prem.small), facts)))
        if not ok or claim.op not in ("eq", "le"):
            raise Mismatch(f"the claim is not {tex_relation(g(prem.small), '=', g(prem.large))}")
        return conclude(step, context, premises, f"{prem.text()} gives $g(a) = g(b)$ for {tex(gu, 'g(u) = ')}")
    for direction, sign in (("increasing", 1), ("decreasing", -1)):
        lo, hi = (prem.small, prem.large) if sign > 0 else (prem.large, prem.small)
        if not (same_value(claim.small, g(lo), facts) and same_value(claim.large, g(hi), facts)):
            continue
        strict_needed = claim.op == "lt"
        if strict_needed and prem.op != "lt":
            raise Mismatch("the claim is strict but the premise is not")
        proved = prove_sign(sign * slope, strict=strict_needed) is not None
        if not proved:
            raise Mismatch(f"{tex(gu, 'g(u) = ')} is not proved {'strictly ' if strict_needed else ''}"
                            f"{direction} on {tex(region)} ({tex(slope, _SLOPE)})")
        side = " (both sides proved positive)" if positive else ""
        return conclude(step, context, premises,
                         f"{prem.text()} and {tex(gu, 'g(u) = ')} is {direction} on {tex(region)} "
                         f"({tex(slope, _SLOPE)}){side}, so {claim.text()}")
    raise Mismatch(f"the claim {claim.text()} is neither g(a) R g(b) with g increasing nor "
                    f"g(b) R g(a) with g decreasing, for the premise {prem.text()}, {tex(gu, 'g(u) = ')}")


@rule("sum_termwise")
@named_rule
def rule_sum_termwise(step: Step, context: CheckContext) -> Outcome:
    """Premise ``f(j) R g(j)`` for every j in range gives ``Sum(f) R Sum(g)``."""
    premises = premise_steps(step, context)
    if len(premises) != 1:
        raise Mismatch(f"sum_termwise needs exactly one premise, got {len(premises)}")
    prem, claim = premise_link(premises[0]), claim_link(step)
    sums = [s for side in (claim.small, claim.large) for s in atoms_of(side, sympy.Sum)]
    if not sums:
        raise Mismatch("the claim has no sum")
    facts = usable_facts(step)
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
            if not (same_value(claim.small, small, facts) and same_value(claim.large, large, facts)):
                continue
            if not range_nonempty(lo - 1, hi, facts):
                raise Mismatch(f"the range {tex_range(lo, hi)} is not proved to have $\\ge 0$ terms")
            if claim.op == "lt" and not (prem.op == "lt" and range_nonempty(lo, hi, facts)):
                raise Mismatch("a strict sum needs a strict premise and a nonempty range")
            if not op_implies(prem.op, claim.op) and claim.op != "lt":
                raise Mismatch(f"the premise relation {prem.op} does not give {claim.op}")
            ranged = (index >= lo, index <= hi)
            index_facts = [f for f in flatten_facts(premises[0].assumptions)
                           if index in f.free_symbols]
            for fact in index_facts:
                if not fact_proved(fact, tuple(facts) + ranged):
                    raise Mismatch(f"the premise assumes {tex(fact)}, which does not hold for every "
                                    f"{tex(index)} in {tex_range(lo, hi)}")
            return conclude(step, context, premises,
                             f"{prem.text()} for every {tex(index)} in {tex_range(lo, hi)}, summed termwise",
                             extra_facts=index_facts)
    raise Mismatch(f"the claim is not the sum of {tex(prem.small)} R the sum of {tex(prem.large)} over one range")


def _two_sided(step: Step, context: CheckContext, describe, build) -> Outcome:
    premises = premise_steps(step, context)
    if len(premises) != 1:
        raise Mismatch(f"{rule_name(step)} needs exactly one premise, got {len(premises)}")
    prem, claim = premise_link(premises[0]), claim_link(step)
    facts = usable_facts(step)
    orientations = [prem] + ([prem.flipped()] if prem.op == "eq" else [])
    for p in orientations:
        if not op_implies(p.op, claim.op):
            continue
        detail = build(p, claim, facts)
        if detail:
            return conclude(step, context, premises, detail)
    raise Mismatch(describe(prem, claim))


@rule("add_both_sides")
@named_rule
def rule_add_both_sides(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``a + c R b + c``."""
    def build(p, claim, facts):
        c = sympy.expand(claim.small - p.small)
        if same_value(claim.large - p.large, c, facts):
            return f"{p.text()}, and the same {tex(c, 'c = ')} is added to both sides"
        return None
    return _two_sided(step, context,
                      lambda p, c: f"the claim {c.text()} is not ({p.text()}) with one c added "
                                   "to both sides", build)


@rule("mul_positive")
@named_rule
def rule_mul_positive(step: Step, context: CheckContext) -> Outcome:
    """Premise ``a R b`` gives ``c*a R c*b`` with ``c > 0`` proved."""
    given = step.rule.param("factor")

    def build(p, claim, facts):
        candidates = [given] if given is not None else []
        for num, den in ((claim.small, p.small), (claim.large, p.large)):
            if den != 0:
                candidates.append(sympy.cancel(num / den))
        for c in candidates:
            if not (same_value(claim.small, c * p.small, facts) and same_value(claim.large, c * p.large, facts)):
                continue
            if p.op == "eq":
                return f"{p.text()} multiplied by {tex(c)}"
            how = prove_sign_on(c, facts, strict=True)
            if how is None:
                continue
            return f"{p.text()} multiplied by {tex(c, 'c = ')[:-1]} > 0$ ({how})"
        return None
    return _two_sided(step, context,
                      lambda p, c: f"the claim {c.text()} is not ({p.text()}) multiplied by a "
                                   "factor proved positive", build)


@rule("transitive")
@named_rule
def rule_transitive(step: Step, context: CheckContext) -> Outcome:
    """Premises ``a R1 b``, ``b R2 c`` give ``a R c`` (R the weaker of R1, R2)."""
    premises = premise_steps(step, context)
    if len(premises) < 2:
        raise Mismatch(f"transitive needs at least two premises, got {len(premises)}")
    if len(premises) > 5:
        raise Mismatch("transitive takes at most five premises")
    links = [premise_link(p) for p in premises]
    claim = claim_link(step)
    facts = usable_facts(step)
    for order in itertools.permutations(range(len(links))):
        chain = [links[i] for i in order]
        options = [[l] + ([l.flipped()] if l.op == "eq" else []) for l in chain]
        for oriented in itertools.product(*options):
            if not same_value(claim.small, oriented[0].small, facts):
                continue
            if not same_value(claim.large, oriented[-1].large, facts):
                continue
            if not all(same_value(a.large, b.small, facts) for a, b in zip(oriented, oriented[1:])):
                continue
            op = chain_op(l.op for l in oriented)
            if not op_implies(op, claim.op):
                raise Mismatch(f"the chain gives {op}, weaker than the claim's {claim.op}")
            text = "; ".join(l.text() for l in oriented)
            return conclude(step, context, premises, f"chain {text} (middle terms equal)")
    if claim.op == "eq" and any(l.op != "eq" for l in links):
        raise Mismatch("an equality does not follow from a chain with an inequality")
    raise Mismatch("no order of the premises chains from the claim's smaller side to its "
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
@named_rule
def rule_substitute(step: Step, context: CheckContext) -> Outcome:
    """The claim with the premises' definitions substituted is proved."""
    premises = premise_steps(step, context)
    definitions, others = [], []
    for premise in premises:
        found = _definition_of(premise)
        (definitions.append(found) if found is not None else others.append(premise))
    if not definitions:
        raise Mismatch("no premise is a definition name = expr")
    if len(others) > 1:
        raise Mismatch("substitute takes definitions and at most one other premise")
    facts = usable_facts(step)
    claim = step.claim
    lhs, rhs = _substitute(claim.lhs, definitions), _substitute(claim.rhs, definitions)
    names = ", ".join(tex(t) for t, _ in definitions)
    if others:
        prem = premise_link(others[0])
        prem = Link(_substitute(prem.small, definitions), _substitute(prem.large, definitions),
                    prem.op)
        target = link_of(lhs, claim.relation, rhs)
        if target is None:
            raise Mismatch("the claim is not an equality or inequality")
        for p in [prem] + ([prem.flipped()] if prem.op == "eq" else []):
            if op_implies(p.op, target.op) and same_value(target.small, p.small, facts) \
                    and same_value(target.large, p.large, facts):
                return conclude(step, context, premises,
                                 f"with {names} substituted, the claim is premise {others[0].id}")
        raise Mismatch(f"with {names} substituted the claim is not premise {others[0].id}")
    if claim.relation in (Relation.EQ, Relation.NE):
        proof = difference_zero(lhs, rhs, facts=facts, nonzero=claim.relation is Relation.NE)
        if proof.proved:
            return conclude(step, context, premises,
                             f"with {names} substituted, lhs - rhs is "
                             f"{'nonzero' if claim.relation is Relation.NE else '0'} by {proof.detail}")
        raise Mismatch(f"with {names} substituted, no strategy showed the identity")
    target = link_of(lhs, claim.relation, rhs)
    if target is None:
        raise Mismatch(f"relation {claim.relation.value} is not supported by substitute")
    chain = prove_goal(target, facts)
    if chain is not None:
        return conclude(step, context, premises, f"with {names} substituted: {chain}")
    raise Mismatch(f"with {names} substituted, the inequality was not proved")


@rule("limit")
@named_rule
def rule_limit(step: Step, context: CheckContext) -> Outcome:
    """``Limit(f, x, x0) = c`` proved by ``sympy.limit``."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        raise Mismatch("the limit rule proves an equality")
    sides = [(claim.lhs, claim.rhs), (claim.rhs, claim.lhs)]
    for lim, value in sides:
        if isinstance(lim, sympy.Limit):
            computed = conventional(lim).doit()  # sums in it read by the empty-range rule
            if computed.has(sympy.Limit):
                raise Mismatch(f"sympy.limit could not evaluate {tex(lim)}")
            if same_value(computed, value, usable_facts(step)):
                return conclude(step, context, premise_steps(step, context),
                                 f"sympy.limit gives {tex(computed)}")
            raise Mismatch(f"sympy.limit gives {tex(computed)}, which was not shown equal to {tex(value)}")
    raise Mismatch("neither side is a Limit")


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
@named_rule
def rule_convex_hessian(step: Step, context: CheckContext) -> Outcome:
    """A function of an indexed variable is convex: its Hessian is PSD."""
    params = step.rule
    f = params.param("function", step.claim.lhs if step.claim else None)
    x = params.param("variable")
    size = params.param("size")
    instances = tuple(params.param("instances", ()))
    if f is None or x is None:
        raise Mismatch("convex_hessian needs params ('function', f) and ('variable', x)")
    if not _states_convexity(step):
        raise Mismatch("the claim does not state convexity: write it with a marker named "
                        "'convex', e.g. Claim(sympy.Function('convex')(f), Relation.EQ, "
                        "sympy.true) or Claim(f, Relation.IMPLIES, sympy.Symbol('convex'))")
    facts = usable_facts(step)
    found = _lse_affine(f, x)
    if found is not None:
        c, s, rest = found
        (j, lo, hi), = s.limits
        inner = s.function.args[0]
        if (prove_sign_on(c, facts) is not None and _affine_in(inner, x)
                and _affine_in(rest, x) and _variance_identity()):
            return conclude(step, context, premise_steps(step, context),
                             f"$f = {latex_of(c)} \\ln \\sum_{{{latex_of(j)}}} e^{{a_{{{latex_of(j)}}}}}$ + affine with "
                             f"{tex(inner, 'a_{' + latex_of(j) + '} = ')} affine in {tex(x)}: its Hessian is "
                             f"${latex_of(c)} J^{{T}} (\\operatorname{{diag}} p - p p^{{T}}) J$ with "
                             "$p = \\operatorname{softmax}(a)$; $v^{T} (\\operatorname{diag} p - p p^{T}) v "
                             "= \\operatorname{Var}_{p}(v) \\ge 0$ (identity checked "
                             f"symbolically for a general size), and {tex(c)[:-1]} \\ge 0$")
    if not instances or size is None:
        raise Mismatch("f is not c*log-sum-exp of affine terms plus an affine part, and no "
                        "('size', L) with ('instances', ...) was given to check instances")
    done = []
    for n in instances:
        fn = conventional(f.subs(size, n)).doit()
        variables = sorted((e for e in fn.atoms(sympy.Indexed) if e.base == x),
                           key=sympy.default_sort_key)
        if not variables or not _psd_instance(fn, variables):
            raise Mismatch(f"the Hessian for {tex(n, latex_of(size) + ' = ')} was not proved PSD")
        done.append(str(n))
    outcome = conclude(step, context, premise_steps(step, context),
                        f"Hessian proved PSD (principal minors $\\ge 0$) only for "
                        f"${latex_of(size)} \\in \\{{{', '.join(done)}\\}}$")
    if outcome.verdict is Verdict.PROVED:  # instances are not a proof for every size
        return Outcome(Verdict.VERIFIED, outcome.evidence)
    return outcome


# ---------------------------------------------------------------------------------------
# Backward chaining for steps without a rule

_SLOPE = "g'(u) = "
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
        yield Link(a, b, link.op), (f"monotone log: reduce to {tex_relation(a, link.op, b)}", None)
    elif isinstance(large, sympy.log) and prove_sign_on(large.args[0], facts, strict=True):
        b = large.args[0]
        a = sympy.expand(sympy.exp(small))
        yield Link(a, b, link.op), (f"monotone log: reduce to {tex_relation(a, link.op, b)}", None)
    if isinstance(small, sympy.exp) and isinstance(large, sympy.exp):
        yield Link(small.args[0], large.args[0], link.op), ("monotone exp: compare exponents",
                                                            None)
    if isinstance(small, sympy.Sum) and len(small.limits) == 1:
        (i, lo, hi), = small.limits
        k = sympy.Dummy("k", integer=True)
        term = small.function.xreplace({i: k})
        rng = (k >= lo, k <= hi)
        if link.op == "lt" and not range_nonempty(lo, hi, facts):
            return
        if not range_nonempty(lo - 1, hi, facts):
            return  # a reversed range (Karr's convention) flips a termwise comparison
        if isinstance(large, sympy.Sum) and large.limits[0][1:] == (lo, hi):
            (i2, _, _), = large.limits
            yield Link(term, large.function.xreplace({i2: k}), link.op), (
                f"sum_termwise over {tex_range(lo, hi)}", rng)
        else:
            n = range_count(lo, hi)
            # n copies of large/n: dividing by the count needs n >= 1; an empty range
            # (the sum is 0) is covered only when 0 R large is proved on its own
            if not range_nonempty(lo, hi, facts):
                if prove_sign_on(large, facts, strict=link.op == "lt") is None:
                    return
                empty = f"the empty range gives {tex_relation(0, link.op, large)}; "
            else:
                empty = ""
            per = sympy.cancel(large / n)
            if not per.has(i):
                yield Link(term, per, link.op), (
                    f"{empty}sum_termwise over {tex_range(lo, hi)} against {tex(n)} copies of {tex(per)}", rng)


def _auto_applies(step: Step) -> bool:
    claim = step.claim
    return (step.rule is None and claim is not None and claim.relation.is_order
            and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION))


@checker("rules_auto", cost=Cost.PROVE, applies=_auto_applies)
def check_rules_auto(step: Step, *, config, context) -> Outcome | None:
    """Prove an inequality with the premise-free named rules and a short backward chain."""
    link = claim_link(step)
    chain = prove_goal(link, usable_facts(step))
    if chain is None:
        return undecided("rules_auto", "no premise-free rule or backward chain (log, exp, "
                         "sums termwise, element <= max) proved the inequality")
    return Outcome(Verdict.PROVED, (Evidence("rules_auto", chain),))
