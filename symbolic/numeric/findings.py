"""The sentence of evidence of the numeric tier (``Finding``) and how a judged run says it:
what agreed, where it failed, what was covered. Split from ``judge.py``, which judges.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence
import sympy
from symbolic.functions import MaxOver, ReLU
from symbolic.model import Relation

from symbolic.numeric.backends import MAX_DPS, NotEvaluable, OutOfDomain, _MP, _context
from symbolic.numeric.compile import Env, compile_expr, key_name
from symbolic.numeric.evaluate import (EXACT, MIN_AGREEMENT, Judgement, Status, _FLIP, Sides,
                                       _run, ball_mp, judge_point)
from symbolic.numeric.certify import Certainty, certify, exactly_equal
from symbolic.numeric.exact import (admissible, collapsed, defined_at, definedness_conditions,
                                    exact_candidates, real_zeros)
from symbolic.numeric.shrink import shrink_refutation
from symbolic.numeric.text import round_decimal, fraction_text, items_text, value_text, values_text
from symbolic.numeric.sampling import (_FACT_RELATIONS, ValueKind, _Plan, Sample,
                                       compile_facts, facts_hold, _instance_text, is_real_claim,
                                       _kind_of, _planned, point_items, _signed, _size_key,
                                       is_extreme)
from symbolic.numeric.text import tex


MIN_POINTS_PER_INSTANCE = 3


@dataclass(frozen=True)
class Finding:
    """What the numeric tier found about a claim.

    ``verdict`` is ``refuted`` (certified counterexample in ``counterexample``),
    ``verified`` (every measured point agrees), ``undecided``, or ``timeout`` (the
    wall-clock safety net ran out: no verdict, the claim should be re-run alone);
    ``detail`` is the sentence of evidence, ``method`` names the tier.
    """

    verdict: str
    detail: str
    counterexample: tuple[tuple[str, str], ...] | None = None
    method: str = "numeric_sample"


class _RunText:
    """The outcome of a ``judge._Run`` in words (a mixin: the run's counts are its state)."""

    # -- the outcome --------------------------------------------------------------------

    def finding(self, sizes, instances) -> Finding:
        digits = f"Arb balls at exact points, {self.dps} digits"
        if self.max_dps > self.dps:
            digits += f" (escalated up to {self.max_dps} where the sides overlapped)"
        where = _instance_text(sizes, instances)
        counted = self.held + len(self.undecided) + len(self.uncertified) + bool(self.refuted)
        constant = not self.domain and not sizes
        npoints = "the constant claim" if constant else \
            f"{counted} point{'s' if counted != 1 else ''}{where}"
        if self.domain:
            npoints = f"domain {self.domain}; {npoints}"
        if self.outside:
            npoints += f", {self.outside} more where both sides are undefined skipped"
        if self.extreme_undecided:
            npoints += (f", {self.extreme_undecided} more at magnitudes 10^+-100 to 10^+-300 "
                        f"left out (the balls did not decide them up to {MAX_DPS} digits)")
        if self.too_large:
            npoints += (f", {self.too_large} more left out where the sides are too large for "
                        f"the balls to pin their difference below 10^-{MIN_AGREEMENT} at "
                        f"{MAX_DPS} digits")
        if self.absorbed:
            npoints += (f", {self.absorbed} more left out where the sides agree only through a "
                        f"sum that lost a nonzero term below its precision "
                        f"({self._absorbed_where()}agreement there says nothing)")
        special = self.specials + self.special_held - self.special_unenclosed
        if self.special_unenclosed:
            npoints += (f", {self.special_unenclosed} more special point(s) left out where a "
                        f"side could not be enclosed (a pole on an axis)")
        if special:
            npoints += (f" ({special} of them exact special points: the axes, imaginary "
                        f"multiples of pi and the stated bounds attained)")
        if self.kink_held:
            npoints += (f" ({self.kink_held} of them exact points at and between the kinks "
                        f"and jumps of |.|, max, min, floor and cases, solved by SymPy)")
        if self.searched:
            npoints += f", {self.searched} more in a margin search"
        if self.refuted:
            if shrink_refutation(self):  # a small, simple point, certified again
                digits += " (the point found was shrunk toward small, simple values)"
            return self._refutation(digits)
        if self.special_open:
            shown, why = self.special_open[0]
            return Finding("undecided", f"{digits}, {npoints}: at the exact special point "
                           f"{items_text(shown)} {why}, so the claim is not verified")
        if self.uncertified:
            sample, j = self.uncertified[0]
            shown = items_text(point_items(sample))
            return Finding("undecided", f"{digits}, {npoints}: the relation fails at "
                           f"{shown or 'the constant point'} ({self._sides_text(j)}), but the "
                           f"assumptions could not be certified to hold there, so it is not "
                           f"refuted")
        if self.undecided:
            sample, j = self.undecided[0]
            shown = items_text(point_items(sample)) or "the constant point"
            why = (f"the sides agree to {j.digits} digits" if j.lhs is not None
                   else "a side could not be enclosed")
            return Finding("undecided", f"{digits}, {npoints}: at {len(self.undecided)} point(s) "
                           f"the balls did not decide up to {MAX_DPS} digits (at {shown} {why})")
        if self.moving_point is not None:
            sample, sym, slope = self.moving_point
            shown = items_text(point_items(sample))
            return Finding("undecided", f"{digits}, {npoints}: at {shown} the sides agree to "
                           f"every digit the balls carry, but the derivative of lhs - rhs "
                           f"along {sym} there is certainly nonzero "
                           f"({value_text(ball_mp(slope, 15))}), so lhs - rhs is not 0 on any "
                           f"interval around it: the claim fails near there, by less than the "
                           f"balls resolve (no certified counterexample, so not refuted)")
        if self.moving_left:
            npoints += (f", {self.moving_left} more left out where the sides agree to every "
                        f"digit of the cap but their difference is moving (its derivative is "
                        f"certainly nonzero there, or below every digit), so the sign of the "
                        f"margin is not seen")
        if self.held == 0:
            why = "the time budget ran out" if self.timed_out else (
                f"at {self.too_large} point(s) the sides are too large for the balls to pin "
                f"their difference below 10^-{MIN_AGREEMENT} at {MAX_DPS} digits, and no other "
                f"sampled point is in the domain" if self.too_large
                else f"at {self.absorbed} point(s) the sides agree only through a sum that "
                f"lost a nonzero term below its precision, and no other sampled point is in "
                f"the domain" if self.absorbed
                else f"at {self.moving_left} point(s) the sides agree to every digit of the "
                f"cap while their difference moves (its derivative is certainly nonzero, or "
                f"below every digit), so the sign of the margin is not seen, and no other "
                f"sampled point is in the domain" if self.moving_left
                else "no sampled point is in the domain")
            return Finding("undecided", f"{digits}: no point could be judged ({why})")
        if self.timed_out and sizes:
            return Finding("undecided", f"{digits}, {npoints}: the time budget ran out before "
                           f"every size of the plan was judged")
        if self.timed_out and self.relation is not Relation.EQ:
            return Finding("undecided", f"{digits}, {npoints}: the time budget ran out before "
                           f"the margin search (and the search for exact touching points) "
                           f"finished")
        thin = self._thin_instances(instances) if self.held >= self.minimum else []
        if thin:
            return Finding("undecided", f"{digits}, {npoints}: too few points in the domain at "
                           f"instance(s) {'; '.join(thin)} (at least {MIN_POINTS_PER_INSTANCE} "
                           f"each are needed to call the claim verified)")
        if self.held < self.minimum:
            why = " (the time budget ran out)" if self.timed_out else ""
            return Finding("undecided", f"{digits}: only {self.held} point(s) of the domain could "
                           f"be judged{why}, too few to call the claim verified")
        if len(self.signs) == 2:
            above, below = (items_text(point_items(self.signs[b])) for b in (True, False))
            return Finding("undecided", f"{digits}, {npoints}: lhs - rhs is positive at "
                           f"{above} and negative at {below}; if it is continuous in between, "
                           f"the sides meet there")
        if self.near_equal is not None and self.near_equal[0] < 1e-6:
            shown = items_text(point_items(self.near_equal[1]))
            return Finding("undecided", f"{digits}, {npoints}: the sides come within relative "
                           f"{self.near_equal[0]:.1e} of each other near {shown}; they may meet")
        budget = " (stopped early: time budget)" if self.timed_out else ""
        if self.far_checked:
            far = ",".join(fraction_text(Fraction(v)) for v in sorted(self.far_checked))
            npoints += f", and equal arguments at sizes {far} in closed form"
        if constant and self.relation is Relation.EQ:
            return Finding("verified", f"the sides are equal to {self._agree_text()} "
                           f"({digits}); a numerical agreement, not a proof")
        return Finding("verified", f"{digits}, {npoints}{budget}, {self._worst_text()}")

    def _absorbed_where(self) -> str:
        sizes = sorted(",".join(f"{a}={b}" for a, b in key) for key in self.absorbed_sizes if key)
        if len(sizes) > 4:
            return f"at {len(sizes)} of the sizes: "
        return f"at {'; '.join(sizes)}: " if sizes else ""

    def _agree_text(self) -> str:
        return "every digit (their difference is exactly 0)" if self.agree == EXACT \
            else f"{self.agree} digits"

    def _sides_text(self, j: Judgement) -> str:
        if j.undefined:
            defined = j.rhs if j.lhs is None else j.lhs
            other = "rhs" if j.lhs is None else "lhs"
            value = value_text(ball_mp(defined)) if defined is not None else "?"
            return f"{j.undefined}, while {other} = {value}"
        shown_l, shown_r = values_text(ball_mp(j.lhs), ball_mp(j.rhs))
        return f"lhs={shown_l}, rhs={shown_r}"

    def _refutation(self, digits: str) -> Finding:
        sample, j = self.refuted
        if self.pole_point is not None:
            cex, why, other = self.pole_point
            return Finding("refuted", f"at an exact zero of a denominator, log argument or pole "
                           f"(solved by SymPy): {why} at {items_text(cex[:-1])}, while {other} = "
                           f"{cex[-1][1]}, so the claim fails there as a real "
                           f"{'identity' if self.relation is Relation.EQ else 'statement'} "
                           f"(certified: the condition is exactly violated, the other side's "
                           f"conditions hold with Arb balls)", cex)
        if self.special_point is not None:
            shown, lhs, rhs, j = self.special_point
            if j.undefined:
                cex = shown
                sides = f"{j.undefined}"
            else:
                cex = shown + (("lhs", sympy.sstr(lhs)), ("rhs", sympy.sstr(rhs)))
                sides = f"lhs = {tex(lhs)}, rhs = {tex(rhs)}"
            what = ("a kink or jump of |.|, max, min, floor or cases, or the midpoint of two "
                    "neighbouring ones (solved by SymPy)" if self.special_kink else
                    "the axes, imaginary multiples of pi, the stated bounds attained")
            return Finding("refuted", f"at an exact special point ({what}): "
                           f"{self.relation.value} fails at "
                           f"{items_text(shown)}, where {sides} (the values put in exactly by "
                           f"SymPy, the sides judged with Arb balls at {j.dps} digits, every "
                           f"assumption certified there, exactly where it is attained)", cex)
        if self.exact_point is not None:
            shown, lhs, rhs = self.exact_point
            cex = shown + (("lhs", sympy.sstr(lhs)), ("rhs", sympy.sstr(rhs)))
            return Finding("refuted", f"the margin search approached 0 near an exact point: "
                           f"{self.relation.value} fails at {items_text(cex)} (certified at an "
                           f"exact point identified from the stationary points and zeros of the "
                           f"margin, judged there with Arb balls or exactly)", cex)
        if j.undefined:
            defined = j.rhs if j.lhs is None else j.lhs
            other = "rhs" if j.lhs is None else "lhs"
            extra = ((other, value_text(ball_mp(defined))),) if defined is not None else ()
            cex = point_items(sample) + extra
            where = items_text(point_items(sample)) or "the constant point"
            return Finding("refuted", f"{digits}: at {where} {j.undefined}, while {other} has "
                           f"a value, so the claim fails there as a real "
                           f"{'identity' if self.relation is Relation.EQ else 'statement'} "
                           f"(certified with Arb balls)", cex)
        shown_l, shown_r = values_text(ball_mp(j.lhs), ball_mp(j.rhs))
        cex = point_items(sample) + (("lhs", shown_l), ("rhs", shown_r))
        return Finding("refuted", f"{digits}: {self.relation.value} fails at {items_text(cex)} "
                       f"(certified with Arb balls at {j.dps} digits)", cex)

    def _worst_text(self) -> str:
        badness, sample, j = self.worst
        if self.relation is Relation.EQ:
            if self.agree == EXACT:
                return "the sides are exactly equal at every point"
            return f"the sides agree to at least {self.agree} digits at every point"
        if self.relation is Relation.NE:
            return f"smallest relative difference {abs(j.gap):.1e}"
        shown = items_text(point_items(sample))
        at = f" at {shown}" if shown else ""
        return f"worst relative margin {j.gap:.1e}{at} (absolute where the sides are below 1)"

