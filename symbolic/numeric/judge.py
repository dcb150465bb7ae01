"""Judging a claim over its points: equalities, orders, implications and limits, the margin
search, and the sentence of evidence (``Finding``). The exact points it tries beyond its
samples (touching points, poles, far sizes in closed form) are found in ``exact.py``.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence
import sympy
from symbolic.budget import cpu_seconds
from symbolic.functions import MaxOver, ReLU
from symbolic.model import Relation

from symbolic.numeric.backends import MAX_DPS, NotEvaluable, OutOfDomain, _MP, _context
from symbolic.numeric.compile import Env, compile_expr, key_name
from symbolic.numeric.evaluate import (EXACT, Judgement, Status, _FLIP, Sides, _run, ball_mp,
                                       judge_point)
from symbolic.numeric.certify import Certainty, certify, exactly_equal
from symbolic.numeric.exact import (admissible, collapsed, defined_at, definedness_conditions,
                                    exact_candidates, real_zeros)
from symbolic.numeric.kinks import in_domain, kink_points
from symbolic.numeric.moving import moving_samples
from symbolic.numeric.shrink import shrink_refutation
from symbolic.numeric.text import round_decimal, fraction_text, items_text, value_text, values_text
from symbolic.numeric.special import _claim_samples
from symbolic.numeric.sampling import (_FACT_RELATIONS, ValueKind, _Plan, Sample,
                                       compile_facts, facts_hold, _instance_text, is_real_claim,
                                       _kind_of, _planned, point_items, _signed, _size_key,
                                       is_extreme)
from symbolic.numeric.text import tex
from symbolic.numeric.findings import MIN_POINTS_PER_INSTANCE, Finding, _RunText


def _minimum(plan: "_Plan", samples: int) -> int:
    """Points a claim with variables needs before it may be called verified."""
    free = bool(plan.kinds) or any(set(s.values) - set(plan.sizes) for s in plan.samples[:1])
    if not free:  # nothing but sizes (or nothing at all): each instance is one point
        return max(1, len(plan.instances) - 1)
    return max(min(5, samples), min(samples, 60) // 6)


def _noted(finding: Finding, plan: "_Plan") -> Finding:
    """Say in the evidence which implicit index ranges shaped the points."""
    implicit = [f for f in plan.facts if f in plan.implicit]
    if not implicit:
        return finding
    ranges = ", ".join(sorted({str(f) for f in implicit}))
    return Finding(finding.verdict, f"{finding.detail}; free indices kept in the range of "
                   f"their sums and maxima ({ranges})", finding.counterexample, finding.method)




def judge_claim(lhs, relation: Relation, rhs, assumptions: Iterable = (), *, dps: int = 50,
                samples: int = 60, seed: int = 0, time_budget: float = 10.0,
                probe_weight: int | None = None) -> Finding:
    """Sample a claim ``lhs <relation> rhs`` under its assumptions and judge it.

    For ``\\implies`` the sides are SymPy booleans (relations joined by ``And``).
    Never returns ``refuted`` without a counterexample certified by ``certify`` at a point
    where the assumptions certainly hold.

    The work is counted (``samples`` points per plan, the sizes of the plan, a margin
    search of a fixed number of steps), so the finding is the same on every machine.
    ``time_budget`` (seconds) is only a safety net far above that work: when it runs out,
    whatever was cut short, the finding is ``timeout`` (a caller re-runs the claim alone),
    never a partial verdict that depends on the machine's speed.

    ``probe_weight`` asks for a refutation probe: when the plan of an equation or order has
    instances whose sizes weigh more than that (their product: such a point costs about that
    many terms), only the points of the lighter instances are judged, in the order and with
    the values of the whole plan, and the finding is ``refuted`` (the refutation the whole
    sweep finds, when it fails first at one of them) or ``deferred`` (no counterexample there;
    the whole plan is judged by a later call without ``probe_weight``). A plan without such
    instances is judged whole, as without ``probe_weight``.
    """
    deadline = cpu_seconds() + time_budget
    finding = _judge(lhs, relation, rhs, assumptions, dps=dps, samples=samples, seed=seed,
                     deadline=deadline, probe_weight=probe_weight)
    if cpu_seconds() > deadline:  # monotonic: it ran out somewhere, maybe cutting work
        return Finding("timeout", f"the numeric tier's safety net of {time_budget:g} s ran "
                       f"out before its counted work was done")
    return finding


def _judge(lhs, relation, rhs, assumptions, *, dps, samples, seed, deadline,
           probe_weight=None) -> Finding:
    relation = Relation(relation)
    try:
        lhs, rhs = sympy.sympify(lhs, strict=True), sympy.sympify(rhs, strict=True)
        if relation is Relation.IMPLIES:
            return _judge_implication(lhs, rhs, tuple(assumptions), dps=dps, samples=samples,
                                      seed=seed, deadline=deadline)
        if relation not in (Relation.EQ, Relation.NE) and not relation.is_order:
            return Finding("undecided", f"the numeric tier does not judge {relation.value} claims")
        fl, fr = compile_expr(lhs), compile_expr(rhs)
        complex_unknown = relation in (Relation.EQ, Relation.NE) and not _needs_real((lhs, rhs))
        has_limit = lhs.has(sympy.Limit) or rhs.has(sympy.Limit)
        plan = _claim_samples((lhs, rhs), assumptions, seed=seed, count=samples,
                              deadline=deadline, complex_unknown=complex_unknown,
                              max_weight=None if has_limit else probe_weight)
        if has_limit:
            numerics = _judge_limit(fl, fr, relation, plan.samples, dps, plan.sizes,
                                    plan.instances, deadline)
            return _limit_by_sympy(lhs, rhs, relation, assumptions, numerics, dps=dps,
                                   samples=samples, seed=seed, deadline=deadline)
        run = _Run(lhs, rhs, relation, dps, is_real_claim((lhs, rhs), plan.samples), deadline,
                   compile_facts(plan.facts), plan.sizes, plan.kinds)
        run.minimum = _minimum(plan, samples)
        run.domain = plan.domain
        run.planned = _planned(plan)
        run.exact_points, run.specials = plan.exact_points, plan.specials
        if plan.left_out:
            return _probed(run, plan, seed, probe_weight)
        run.sweep(plan.samples, seed)
        return _noted(run.finding(plan.sizes, plan.instances), plan)
    except NotEvaluable as exc:
        return Finding("undecided", f"cannot evaluate numerically: {exc}")


def _probed(run: "_Run", plan: _Plan, seed: int, weight: int) -> Finding:
    """A refutation probe on the plan's light instances: the points of the whole sweep
    there, in its order; the search, poles, kinks and far sizes, which need the whole sweep's
    points, are left to the whole plan."""
    run.sweep(plan.samples, seed, points_only=True)
    if run.refuted:
        return run.finding(plan.sizes, plan.instances)
    if run.timed_out:
        return Finding("undecided", "the time budget ran out in the refutation probe")
    judged = run.held + len(run.undecided) + len(run.uncertified)
    light = [p for p in plan.instances if p not in plan.left_out]
    return Finding("deferred", f"a refutation probe found no counterexample at {judged} "
                   f"point(s){_instance_text(plan.sizes, light)}; the {len(plan.left_out)} "
                   f"instance(s) of the sizes weighing more than {weight} wait for the provers "
                   f"(the whole plan is judged if none of them decides)")


_ORDER_ONLY = (sympy.Max, sympy.Min, MaxOver, ReLU, sympy.Piecewise, sympy.floor,
               sympy.ceiling, sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan,
               sympy.GreaterThan)


def _needs_real(exprs) -> bool:
    """Whether the claim only makes sense for real values (it compares or takes maxima)."""
    return any(e.has(*_ORDER_ONLY) for e in exprs)


def _conjuncts(boolean) -> list:
    if isinstance(boolean, sympy.And):
        return [c for a in boolean.args for c in _conjuncts(a)]
    if type(boolean) in _FACT_RELATIONS:
        return [boolean]
    raise NotEvaluable(f"{tex(boolean)} is not a relation or a conjunction of relations")


def _judge_implication(premise, conclusion, assumptions, *, dps, samples, seed,
                       deadline) -> Finding:
    """``P \\implies Q``: sample where the assumptions and P hold; a point where Q certainly
    fails (and P and the assumptions certainly hold) refutes."""
    hypotheses = _conjuncts(premise)
    goals = _conjuncts(conclusion)
    exprs = [side for r in hypotheses + goals for side in (r.lhs, r.rhs)]
    facts = assumptions + tuple(hypotheses)
    plan = _claim_samples(exprs, facts, seed=seed, count=samples, deadline=deadline)
    points = plan.samples
    facts_c = compile_facts(plan.facts)
    findings = []
    for goal in goals:
        relation = _FACT_RELATIONS[type(goal)]
        run = _Run(goal.lhs, goal.rhs, relation, dps, is_real_claim(exprs, points), deadline,
                   facts_c, plan.sizes, plan.kinds)
        run.minimum = _minimum(plan, samples)
        run.domain = plan.domain
        run.planned = _planned(plan)
        run.sweep(points, seed)
        finding = run.finding(plan.sizes, plan.instances)
        if finding.verdict == "refuted":
            return Finding("refuted", f"the premise holds but {tex(goal)} fails: {finding.detail}",
                           finding.counterexample)
        findings.append((goal, finding))
    if not points:
        return Finding("undecided", "no sampled point satisfies the premise")
    undecided = [(g, f) for g, f in findings if f.verdict != "verified"]
    if undecided:
        goal, f = undecided[0]
        return Finding("undecided", f"where the premise holds, {tex(goal)}: {f.detail}")
    detail = "; ".join(f"{tex(g)}: {f.detail}" for g, f in findings)
    return Finding("verified", f"at points where the premise holds: {detail}")


def _limit_by_sympy(lhs, rhs, relation, assumptions, numerics: Finding, *, dps, samples, seed,
                    deadline) -> Finding:
    """A claim with a limit: SymPy's limit algorithm (Gruntz) computes each limit, and the
    claim without limits is judged like any other; the sequence evaluated numerically only
    corroborates. At best ``verified``: neither is a certificate."""
    if numerics.verdict != "verified":
        return numerics
    try:
        done = [side.replace(lambda e: isinstance(e, sympy.Limit), lambda e: e.doit())
                for side in (lhs, rhs)]
    except Exception as exc:  # noqa: BLE001 -- SymPy's limit failing is no verdict
        return Finding("undecided", f"SymPy could not compute the limit ({type(exc).__name__}); "
                       f"{numerics.detail}, which alone is not enough")
    bad = (sympy.Limit, sympy.AccumBounds, sympy.nan, sympy.zoo)
    if any(side.has(*bad) for side in done):
        return Finding("undecided", f"SymPy's limit algorithm gives {tex(done[0])} and {tex(done[1])}, "
                       f"which it cannot settle; {numerics.detail}")
    said = f"SymPy's limit algorithm gives {tex(done[0])} and {tex(done[1])}"
    if done[0] == done[1]:
        return Finding("verified", f"{said}; {numerics.detail}")
    if any(side.has(sympy.oo, -sympy.oo) for side in done):
        return Finding("undecided", f"{said}, and the sides differ; {numerics.detail}")
    remaining = max(0.1, deadline - cpu_seconds())
    plain = judge_claim(done[0], relation, done[1], assumptions, dps=dps, samples=samples,
                        seed=seed, time_budget=remaining)
    if plain.verdict == "verified":
        return Finding("verified", f"{said}: {plain.detail}; {numerics.detail}")
    return Finding("undecided", f"{said}, which the numeric tier finds {plain.verdict}: "
                   f"{plain.detail} (a limit algorithm is not a certificate, so not refuted)")


def _judge_limit(fl, fr, relation, points, dps, sizes, instances, deadline) -> Finding:
    """A side with a limit: evaluate along a sequence approaching the point and compare
    with the other side, loosely (numerically consistent is all it can say)."""
    if relation is not Relation.EQ:
        return Finding("undecided", "the numeric tier only compares limits for equality")
    worst, seen = 0.0, 0
    for sample in points[:6]:
        if cpu_seconds() > deadline:
            break
        ctx = _context()
        B = _MP(ctx)
        env = sample.env()
        with ctx.workdps(dps):
            try:
                a, b = _run(B, fl, env), _run(B, fr, env)
            except OutOfDomain:
                continue
            shown = items_text(point_items(sample)) or "the constant point"
            if ctx.isinf(a) or ctx.isinf(b):
                if a != b:
                    return Finding("undecided", f"along a sequence approaching the limit point, "
                                   f"at {shown} the sides tend to {value_text(a)} and "
                                   f"{value_text(b)} (a numerical limit is not a certificate)")
                seen += 1
                continue
            tolerance = max(10 * B.limit_spread, 1e-20)
            gap = float(abs(a - b) / max(abs(a), abs(b), 1))
        if gap > tolerance:
            return Finding("undecided", f"along a sequence approaching the limit point, at "
                           f"{shown} the sides settle to {value_text(a)} and {value_text(b)} "
                           f"(a numerical limit is not a certificate)")
        seen += 1
        worst = max(worst, gap)
    if not seen:
        return Finding("undecided", "the limit could not be evaluated at any sampled point")
    return Finding("verified", f"numerically consistent: evaluated along a sequence "
                   f"approaching the limit point (steps 10^-k or 10^k, k up to 32) at {seen} "
                   f"point(s){_instance_text(sizes, instances)}, worst relative difference "
                   f"{worst:.1e}; not a proof")


FAR_SIZES = (10**4, 3 * 10**4, 10**5, 10**6)
SEARCH_SIZE = 100  # the margin search starts only from instances this large at most
LARGE_SIZE_DPS = 400  # the precision cap past SEARCH_SIZE terms
NEAR_ZERO = 0.05  # a relative margin the search got below: look for an exact touching point

POLE_CONDITIONS = 8  # definedness conditions whose exact zeros are tried
MOVING_POINTS = 8  # tight points of an equality whose slope is tried


class _Run(_RunText):
    """The state of judging one relation over points: counts, the worst point, candidates."""

    def __init__(self, lhs, rhs, relation, dps, real, deadline, facts, fixed, ikinds):
        self.lhs, self.rhs = lhs, rhs
        self.fl, self.fr = compile_expr(lhs), compile_expr(rhs)
        self.relation, self.dps, self.real, self.deadline = relation, dps, real, deadline
        self.facts, self.fixed, self.ikinds = facts, set(fixed), ikinds
        self.held = 0
        self.held_by_size: dict[tuple, int] = {}  # points judged per instance of the sizes
        self.outside = 0
        self.undecided: list[tuple[Sample, Judgement]] = []
        self.uncertified: list[tuple[Sample, Judgement]] = []
        self.refuted: tuple | None = None
        self.worst: tuple[float, Sample, Judgement] | None = None
        self.ranked: list[tuple[float, int, Sample]] = []
        self.minimum = 1  # points needed for 'verified'; set by the caller for open claims
        self.signs: dict[bool, Sample] = {}  # for \ne: where lhs > rhs and where not
        self.max_dps = dps
        self.timed_out = False
        self.searched = 0
        self.near_equal: tuple[float, Sample] | None = None
        self.agree = EXACT  # fewest digits to which tight sides agreed
        self.domain = ""  # what was sampled, for the evidence
        self.planned: dict = {}  # points planned per instance of the sizes
        self.closest: tuple[float, Sample] | None = None  # smallest margin the search met
        self.exact_point = None  # an identified irrational counterexample
        self.far_checked: set = set()  # sizes past the plan judged with equal arguments
        self.extreme_undecided = 0  # points at 10^+-100..300 the balls did not decide
        self.too_large = 0  # points whose sides are too large for the balls to pin a difference
        self.absorbed = 0  # points where the sides agree only through a sum that lost a term
        self.absorbed_sizes: dict = {}  # those points per instance of the sizes
        self.lost: list[Sample] = []  # those points
        self.judged: dict = {}  # id of a held sample -> its judgement
        self.tight: list[Sample] = []  # points where the sides agree to every digit of the cap
        self.moving_point = None  # (sample, symbol, slope ball): an equality fails near it
        self.moving_left = 0  # tight points of an order left out: the difference moves there
        self.pole_point = None  # an exact point where exactly one side is undefined
        self.exact_points: list = []  # special points with irrational values (z = -i pi)
        self.specials = 0  # special points among the samples (the axes, attained bounds)
        self.special_point = None  # a certified counterexample at an irrational special point
        self.special_open: list = []  # special points that could not be decided or certified
        self.special_skipped = 0  # irrational special points the evaluator could not judge
        self.special_held = 0  # irrational special points where the relation holds
        self.kink_held = 0  # exact points at and between kinks of |.|, max, min where it holds
        self.special_kink = False  # the special counterexample is at or between kinks
        self.special_unenclosed = 0  # special points where a side had no finite enclosure

    def out_of_time(self) -> bool:
        if cpu_seconds() > self.deadline:
            self.timed_out = True
        return self.timed_out

    def sweep(self, points: Sequence[Sample], seed: int, points_only: bool = False) -> None:
        """Judge every point, then minimise the margin from the worst one (``points_only``:
        the points and the exact special points alone)."""
        for sample in points:
            if self.refuted or self.out_of_time():
                break
            self.consider(sample)
        for exact in self.exact_points:
            if self.refuted or self.out_of_time():
                break
            self.special(exact)
        if points_only:
            return
        if not self.refuted and self.relation is not Relation.EQ and not self.out_of_time():
            self.search(seed)
            if not self.refuted and not self.uncertified and self.closest is not None \
                    and self.closest[0] < NEAR_ZERO and not self.out_of_time():
                self.identify(self.closest[1])
        if not self.refuted and not self.out_of_time() and self.held:
            self.poles()
        if not self.refuted and not self.out_of_time() and self.held and self.real:
            self.kinks()
        if not self.refuted and not self.out_of_time() and self.real:
            self.moving()
        if not self.refuted and not self.out_of_time():
            self.far_sizes()

    # -- special points with irrational values ------------------------------------------

    def moving(self) -> None:
        """Where the sides agree to every digit of the cap, whether their difference is
        still moving (``moving.py``): an equality then fails near there; an order's tight
        point says nothing about its sign and is left out."""
        if self.relation is Relation.EQ:
            for found in moving_samples(self.lhs, self.rhs, self.facts,
                                        (self.tight + self.lost)[:MOVING_POINTS], self.dps):
                self.moving_point = found
                return
        elif self.relation in (Relation.LE, Relation.GE):
            dropped = set()
            for sample, _, _ in moving_samples(self.lhs, self.rhs, self.facts, self.tight,
                                               self.dps, unseen=True):
                key = _size_key(sample.values, self.fixed)
                self.held -= 1
                self.held_by_size[key] -= 1
                self.moving_left += 1
                dropped.add(id(sample))
                if self.out_of_time():
                    break
            if self.worst is not None and id(self.worst[1]) in dropped:
                kept = [r for r in self.ranked if id(r[2]) not in dropped]
                self.ranked = kept
                best = max(kept, key=lambda r: (r[0], -r[1]), default=None)
                self.worst = None if best is None else (best[0], best[2],
                                                        self.judged[id(best[2])])

    def kinks(self) -> None:
        """Judge the claim at the kinks of its |.|, max and min near a judged sample, and
        between neighbouring kinks (``kinks.py``): a window where it fails may lie there."""
        base = next((s for _, _, s in sorted(self.ranked, key=lambda r: r[1])), None)
        if base is None or any(not isinstance(k, sympy.Symbol) for k in base.values):
            return
        exact = {k: sympy.Rational(v.numerator, v.denominator)
                 for k, v in base.values.items() if isinstance(v, Fraction)}
        for point in kink_points(self.lhs, self.rhs, exact, self.fixed):
            if self.refuted or self.out_of_time():
                return
            if in_domain(self.facts, point, self.dps):
                self.special(point, kink=True)

    def special(self, exact: dict, kink: bool = False) -> None:
        """Judge the claim at a special point with an irrational value (z = -i pi, where
        Im z >= -pi is attained): SymPy puts the values in exactly (e^{-i pi} = -1, which a
        ball straddling the cut of ln could not settle), balls judge the constant claim, and
        every assumption is certified there (a bound attained is shown equal exactly)."""
        shown = tuple((key_name(k), sympy.sstr(v)) for k, v in
                      sorted(exact.items(), key=lambda kv: str(kv[0])))
        try:
            lhs, rhs = self.lhs.xreplace(exact), self.rhs.xreplace(exact)
            if lhs.free_symbols or rhs.free_symbols:
                return
            j = judge_point(compile_expr(lhs), compile_expr(rhs), self.relation, Env({}),
                            complex_=not self.real, dps=self.dps)
        except OutOfDomain:
            self.outside += 1
            return
        except (NotEvaluable, TypeError, ValueError):
            self.special_skipped += 1   # not judged (a derivative at an irrational point)
            return
        self.max_dps = max(self.max_dps, j.dps)
        if j.status is Status.UNDECIDED:
            if self.relation in (Relation.EQ, Relation.LE, Relation.GE) \
                    and exactly_equal(lhs, rhs):
                j = Judgement(Status.TIGHT, None, None, 0.0, j.dps, digits=EXACT)
            else:
                self.special_open.append((shown, "the balls did not decide there"))
                return
        if j.status in (Status.HOLDS, Status.TIGHT):
            self.held += 1
            if kink:
                self.kink_held += 1
            else:
                self.special_held += 1
            key = tuple(sorted((str(k), str(v)) for k, v in exact.items() if k in self.fixed))
            self.held_by_size[key] = self.held_by_size.get(key, 0) + 1
            if j.status is Status.TIGHT:
                self.agree = min(self.agree, j.digits)
            if self.worst is None:   # only orders read it, and they need one judged point
                self.worst = (0.0 if self.relation is Relation.EQ else -abs(j.gap),
                              Sample({}, None), j)
            return
        for fact in self.facts:
            held = certify(fact.expr.lhs.xreplace(exact), fact.expr.rhs.xreplace(exact),
                           fact.relation, dps=self.dps, exact_ties=True)
            if held is not Certainty.HOLDS:
                self.special_open.append((shown, "the relation fails there, but the "
                                          "assumptions could not be certified to hold"))
                return
        self.special_point = (shown, lhs, rhs, j)
        self.special_kink = kink
        self.refuted = (Sample({}, None), j)

    # -- equal arguments past the plan's sizes -----------------------------------------

    def far_sizes(self) -> None:
        """Equal arguments at sizes past the plan (10^4 to 10^6): with every entry x_j = c,
        a range over j is n copies of one value, which SymPy sums in closed form, so the
        claim is judged exactly at any n. (ln sum_j e^x_j <= max_j x_j + 10 fails from
        n = 22027 only.)"""
        if len(self.fixed) != 1 or not self.ikinds:
            return
        n, = self.fixed
        size_facts = [f for f in self.facts if f.expr.free_symbols <= {n}]
        for c in (0, 1, -1):
            reduced = [collapsed(side, c, self.ikinds) for side in (self.lhs, self.rhs)]
            if any(r is None or r.free_symbols - {n} for r in reduced):
                continue
            try:
                fl, fr = compile_expr(reduced[0]), compile_expr(reduced[1])
            except NotEvaluable:
                continue
            for size in FAR_SIZES:
                if self.out_of_time():
                    return
                values = {n: Fraction(size)}
                if not facts_hold(size_facts, Env(values)):
                    continue
                try:
                    j = judge_point(fl, fr, self.relation, Env(dict(values)),
                                    complex_=not self.real, dps=self.dps)
                except (OutOfDomain, NotEvaluable):
                    continue
                self.far_checked.add(size)
                if j.status is Status.FAILS and not j.undefined:
                    labels = sorted(self.ikinds)
                    shown = dict(values)
                    for label in labels:
                        shown[(label, ("j",))] = Fraction(c)
                    sample = Sample(shown, None)
                    if self._domain_certain(Sample(dict(values), None)):
                        self.refuted, self.far_sides = (sample, j), tuple(reduced)
                        return

    def consider(self, sample: Sample) -> Judgement | None:
        try:
            j = judge_point(self.fl, self.fr, self.relation, sample.env(),
                            complex_=not self.real, dps=self.dps, max_dps=self._cap(sample))
        except OutOfDomain:
            self.outside += 1
            return None
        self.max_dps = max(self.max_dps, j.dps)
        if j.status in (Status.HOLDS, Status.TIGHT):
            self._count_held(sample)
            if j.status is Status.TIGHT:
                self.agree = min(self.agree, j.digits)
                if not j.exact:
                    self.tight.append(sample)
            if self.relation is Relation.EQ:
                badness = abs(j.gap)
            elif self.relation is Relation.NE:
                badness = -abs(j.gap)
            else:
                badness = -j.gap if j.status is Status.HOLDS else 0.0
            if self.worst is None or badness > self.worst[0]:
                self.worst = (badness, sample, j)
            self.ranked.append((badness, len(self.ranked), sample))
            self.judged[id(sample)] = j
            if self.relation is Relation.NE and self.real:
                self.signs.setdefault(bool(j.lhs > j.rhs), sample)
        elif j.status is Status.UNDECIDED and is_extreme(sample.values):
            self.extreme_undecided += 1
        elif j.status is Status.UNDECIDED and j.too_large:
            self.too_large += 1   # e^x + 1 = e^x at x = 10^5: no digit of a difference shows
        elif j.status is Status.UNDECIDED and j.absorbed:
            self.absorbed += 1    # 1 + e^(-e^x) = 1 at x = 10: the term was lost in the sum
            self.lost.append(sample)
            key = _size_key(sample.values, self.fixed)
            self.absorbed_sizes[key] = self.absorbed_sizes.get(key, 0) + 1
        elif j.status is Status.UNDECIDED and sample.label == "special" \
                and (j.lhs is None or j.rhs is None):
            self.special_unenclosed += 1   # a pole on an axis (arctan at i): no value to judge
        elif j.status is Status.UNDECIDED:
            self.undecided.append((sample, j))
        elif self._domain_certain(sample):
            self.refuted = (sample, j)
        else:
            self.uncertified.append((sample, j))
        return j

    def _cap(self, sample: Sample) -> int:
        """The precision cap at a point: MAX_DPS, lower at large sizes, where each level
        costs the size in terms (a trap below 10^-400 that shows only past 100 terms is not
        what this guards against; the evidence states the digits reached)."""
        weight = math.prod(max(abs(int(v)), 1) for k, v in sample.values.items()
                           if k in self.fixed)
        return MAX_DPS if weight <= SEARCH_SIZE else LARGE_SIZE_DPS

    def _count_held(self, sample: Sample) -> None:
        self.held += 1
        key = _size_key(sample.values, self.fixed)
        self.held_by_size[key] = self.held_by_size.get(key, 0) + 1

    def _thin_instances(self, instances) -> list[str]:
        """Instances of the sizes where too few points were in the domain to say anything.

        Without this, a claim false for every L > 1 but true at L = 1 could be 'verified'
        on the L = 1 points alone when the other instances fall outside the domain.
        """
        if not self.fixed:
            return []
        thin = []
        for fixed in instances:
            key = _size_key(fixed, self.fixed)
            # points left out where a sum lost a term (the evidence says how many) are
            # not points to judge: an instance all of whose points were lost needs none
            planned = self.planned.get(key, MIN_POINTS_PER_INSTANCE)
            needed = min(MIN_POINTS_PER_INSTANCE, planned - self.absorbed_sizes.get(key, 0))
            if self.held_by_size.get(key, 0) < needed:
                thin.append(",".join(f"{a}={b}" for a, b in key))
        return thin

    def _domain_certain(self, sample: Sample) -> bool:
        """Every assumption certainly holds at the point (else it proves nothing)."""
        return all(certify(f.expr.lhs, f.expr.rhs, f.relation, sample.values, dps=self.dps,
                           exact_ties=True) is Certainty.HOLDS for f in self.facts)

    # -- margin minimisation ------------------------------------------------------------

    def _objective(self, sample: Sample) -> float | None:
        """The relative margin at one precision (negative: violated); None outside."""
        sides = Sides(self.fl, self.fr, sample.env(), self.real)
        try:
            e = sides.at(self.dps)
        except OutOfDomain:
            return None
        with sides.ctx.workdps(self.dps):
            if self.relation is Relation.NE:
                d = abs(e.lhs - e.rhs)
            elif self.relation in (Relation.LT, Relation.LE):
                d = e.rhs - e.lhs
            else:
                d = e.lhs - e.rhs
            # relative to the sides, but absolute below 1: (x - pi)^2 > 0 has relative
            # margin 1 everywhere, and only its absolute margin approaches 0
            mag = max(abs(e.lhs), abs(e.rhs), 1)
            return float(d / mag)

    def search(self, seed: int, budget: int = 240, starts: int = 3) -> None:
        """Minimise the margin from the worst few points by seeded coordinate steps that stay
        in the domain; every violation found is judged and certified like a sampled point."""
        rng = random.Random(f"search/{seed}")
        ranked = sorted(self.ranked, key=lambda r: (-r[0], r[1]))
        chosen, seen = [], set()
        for _, _, sample in ranked:
            weight = math.prod(max(abs(int(v)), 1) for k, v in sample.values.items()
                               if k in self.fixed)
            if weight > SEARCH_SIZE:
                continue  # every step there costs the size in terms: search the small sizes
            key = tuple(sorted((key_name(k), str(v)) for k, v in sample.values.items()))
            if key not in seen:
                seen.add(key)
                chosen.append(sample)
            if len(chosen) == starts:
                break
        for number, start in enumerate(chosen, 1):
            self._descend(start, rng, budget * number // len(chosen))
            if self.refuted or self.uncertified or self.out_of_time():
                return

    def _descend(self, start: Sample, rng, budget: int) -> None:
        current = Sample(dict(start.values), None)
        coords = [k for k, v in current.values.items()
                  if isinstance(v, Fraction) and k not in self.fixed]
        best = self._objective(current)
        if not coords or best is None:
            return
        step = 0.5
        while self.searched < budget and step > 1e-9 and not self.out_of_time():
            improved = False
            for key in coords:
                for direction in (1, -1):
                    trial = self._moved(current, key, direction, step, rng)
                    if trial is None:
                        continue
                    self.searched += 1
                    value = self._objective(trial)
                    if value is not None and value < best:
                        best, current, improved = value, trial, True
                        if value < 0 or (self.relation is Relation.NE and value == 0):
                            self.consider(trial)
                            if self.refuted or self.uncertified:
                                return
                if self.searched >= budget:
                    break
            if not improved:
                step /= 2
        if self.relation is Relation.NE and (self.near_equal is None or best < self.near_equal[0]):
            self.near_equal = (best, current)
        if self.closest is None or best < self.closest[0]:
            self.closest = (best, current)

    # -- exact points where the margin approaches 0 -------------------------------------

    def identify(self, sample: Sample) -> None:
        """Where the margin search approaches 0 without crossing it, the sides may touch at
        an irrational point (sin x = 1 at x = pi/2): find the stationary points and zeros of
        the margin along each coordinate near the sample exactly (SymPy's solveset, or a
        closed form recognised by nsimplify) and judge the claim there with balls."""
        if self.relation in _FLIP:
            margin = self.lhs - self.rhs
        elif self.relation is Relation.NE:
            margin = self.lhs - self.rhs
        else:
            margin = self.rhs - self.lhs
        coords = [k for k, v in sample.values.items()
                  if isinstance(k, sympy.Symbol) and isinstance(v, Fraction)
                  and k not in self.fixed and margin.has(k)]
        exact = {k: sympy.Rational(v.numerator, v.denominator)
                 for k, v in sample.values.items() if isinstance(v, Fraction)}
        identified: dict = {}
        for sym in coords[:3]:
            if self.out_of_time():
                return
            kind = _kind_of(sym)
            # the margin along sym with the coordinates identified so far put in exactly
            along = margin.subs(identified) if identified else margin
            candidates = [c for c in exact_candidates(along, sym, sample.values[sym])
                          if admissible(c, kind)]
            for candidate in candidates:
                if self._exact_failure({**exact, **identified, sym: candidate}, sym):
                    return
            if candidates:  # keep the nearest: another coordinate may need it (x = y = pi/2)
                identified[sym] = candidates[0]
        if len(identified) > 1:
            self._exact_failure({**exact, **identified}, next(iter(identified)))

    def _exact_failure(self, exact: dict, sym) -> bool:
        """Judge the claim at a point with an irrational coordinate, as a constant claim."""
        try:
            lhs, rhs = self.lhs.subs(exact), self.rhs.subs(exact)
            if lhs.free_symbols or rhs.free_symbols:
                return False
            for fact in self.facts:
                held = certify(fact.expr.lhs.subs(exact), fact.expr.rhs.subs(exact),
                               fact.relation, dps=self.dps, exact_ties=True)
                if held is not Certainty.HOLDS:
                    return False
            j = judge_point(compile_expr(lhs), compile_expr(rhs), self.relation, Env({}),
                            complex_=not self.real, dps=self.dps)
            if j.status is Status.UNDECIDED or (j.status is Status.TIGHT and not j.exact):
                difference = sympy.simplify(lhs - rhs)
                if difference != 0:
                    return False
                j = judge_point(compile_expr(sympy.S.Zero), compile_expr(sympy.S.Zero),
                                self.relation, Env({}), dps=self.dps)
        except (NotEvaluable, OutOfDomain, TypeError, ValueError):
            return False
        if j.status is not Status.FAILS:
            return False
        shown = tuple((key_name(k), fraction_text(Fraction(int(v.p), int(v.q))) if v.is_Rational
                       else sympy.sstr(v)) for k, v in exact.items())
        self.exact_point = (shown, lhs, rhs)
        self.refuted = (Sample({}, None), j)
        return True

    def _moved(self, sample: Sample, key, direction: int, step: float, rng) -> Sample | None:
        value = sample.values[key]
        kind = self.ikinds.get(key[0], ValueKind()) if isinstance(key, tuple) else _kind_of(key)
        size = abs(float(value))
        if kind.integer:
            new = value + direction * max(1, int(size * step))
        else:
            jitter = 1 + 0.1 * rng.random()
            new = round_decimal(float(value) + direction * step * jitter * max(size, 1e-3), 12)
        new = _signed(Fraction(new), kind)
        if new is None or new == value:
            return None
        values = dict(sample.values)
        values[key] = new
        if not facts_hold(self.facts, Env(values)):
            return None
        return Sample(values, None)

    # -- exact zeros of denominators, log arguments and tan/sec/cot/csc poles ----------

    def poles(self) -> None:
        """Judge the claim at the exact zeros of every denominator, log argument and pole
        (cos x for tan x) of either side: exact rational points never land on pi/2, so
        ``tan x cos x = sin x`` agrees at every sampled point. Where one side is certainly
        undefined and the other certainly defined, the claim fails as a real statement."""
        from symbolic.checks._definedness import Need, conditions
        base = next((s for _, _, s in sorted(self.ranked, key=lambda r: r[1])), None)
        if base is None:
            return
        exact = {k: sympy.Rational(v.numerator, v.denominator)
                 for k, v in base.values.items() if isinstance(v, Fraction)}
        if any(not isinstance(k, sympy.Symbol) for k in exact):
            return  # indexed coordinates: their draws are not exact points here
        conds = [c for side in (self.lhs, self.rhs) for c in definedness_conditions(side)
                 if c.need in (Need.NONZERO, Need.POSITIVE) and not c.facts]
        tried: set = set()
        for cond in conds[:POLE_CONDITIONS]:
            for sym in sorted(cond.expr.free_symbols, key=str):
                if self.out_of_time() or not isinstance(sym, sympy.Symbol) \
                        or sym not in exact or sym in self.fixed:
                    continue
                others = {k: v for k, v in exact.items() if k != sym}
                for zero in real_zeros(cond.expr.subs(others), sym):
                    if (sym, zero) in tried or not admissible(zero, _kind_of(sym)):
                        continue
                    tried.add((sym, zero))
                    if self._undefined_failure({**others, sym: zero}):
                        return

    def _undefined_failure(self, exact: dict) -> bool:
        """At an exact point where the assumptions certainly hold: one side certainly
        undefined, the other certainly defined (its value enclosed by balls)."""
        try:
            for fact in self.facts:
                held = certify(fact.expr.lhs.subs(exact), fact.expr.rhs.subs(exact),
                               fact.relation, dps=self.dps, exact_ties=True)
                if held is not Certainty.HOLDS:
                    return False
            state = [defined_at(side, exact, self.dps) for side in (self.lhs, self.rhs)]
        except (NotEvaluable, OutOfDomain, TypeError, ValueError):
            return False
        if sorted(s[0] for s in state) != [False, True]:
            return False
        bad = 0 if state[0][0] is False else 1
        defined = (self.rhs, self.lhs)[bad].subs(exact)
        try:
            value = sympy.N(defined, 15)
        except (TypeError, ValueError):
            return False
        if value.is_real is not True or value.is_finite is not True:
            return False
        shown = tuple((key_name(k), fraction_text(Fraction(int(v.p), int(v.q))) if v.is_Rational
                       else sympy.sstr(v)) for k, v in exact.items())
        side, other = ("lhs", "rhs") if bad == 0 else ("rhs", "lhs")
        self.pole_point = (shown + ((other, sympy.sstr(value)),),
                           f"{side} is undefined ({state[bad][1]})", other)
        self.refuted = (Sample({}, None), None)
        return True
