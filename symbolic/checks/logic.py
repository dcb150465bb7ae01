"""Logical claims: booleans decided by SymPy, implications between equations, and claims
evaluated exactly at given points (a supplied counterexample, or a finite range enumerated).

* ``logic_boolean``: a claim whose sides are SymPy booleans (``Contains``, relationals, ``And``)
  related by ``=`` (equivalence) or ``\\implies``; each side is evaluated by SymPy's assumption
  system (``doit``); when both come out as constants that satisfy the relation the claim holds
  for every value of the symbols allowed by their assumptions: ``proved``.
* ``logic_linear_implication``: ``Eq(..) [& Eq(..)] \\implies Eq(..) [& Eq(..)]``: each premise is
  solved for a symbol in which it is linear with a coefficient SymPy proves non-zero, that
  symbol is substituted everywhere, and the conclusion must simplify to ``True``. Solving a
  linear equation with a non-zero coefficient is an equivalence, so this is a proof.
* rule ``counterexample`` (``params=(("point", ((x, value), ...)),)``): the claim is evaluated
  exactly at the given point after checking that the point satisfies the symbols' own
  assumptions and every step assumption. Relations between numbers are decided exactly
  (rationals) or by interval arithmetic at ``2*dps`` (``mpmath.iv``); an undecided comparison
  leaves the rule undecided. False at the point: ``refuted`` with that point; true: nothing
  is concluded (one point proves nothing).
* rule ``enumerate`` (``params=(("symbol", d), ("values", iterable))``): the same exact
  evaluation at every listed value of one integer symbol (values that violate the step's
  assumptions are skipped). A value where the claim is false refutes it. If it holds at all
  of them, the claim is ``proved`` when the listed values exhaust the symbol's domain as bounded
  by the step's assumptions (``lo <= d``, ``d <= hi``), and ``verified`` for those values only
  otherwise.
"""
from __future__ import annotations

import sympy
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

from symbolic.checks import Cost, checker, rule
from symbolic.checks._ranges import conventional
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import latex_of, tex, tex_relation

__all__ = ["evaluate_at", "decide_relation"]


# --------------------------------------------------------------------------- exact evaluation


def sign_of(value, dps: int = 50, notes: list | None = None) -> int | None:
    """The sign (-1, 0, 1) of a closed-form real number, certified, or None if undecided.

    Zero only when SymPy reduces the number to exactly 0; a non-zero sign only from an exact
    rational or an interval (at ``2*dps`` digits) that excludes 0. ``notes`` collects how
    each sign was decided."""
    notes = [] if notes is None else notes
    value = sympy.sympify(value)
    if value.free_symbols:
        return None
    if value == 0 or value.is_Rational:
        notes.append("exact arithmetic (SymPy)")
        return 0 if value == 0 else (1 if value > 0 else -1)
    simplified = sympy.simplify(value)
    if simplified == 0:
        notes.append("exact arithmetic (SymPy)")
        return 0
    sign = certified_sign(simplified, dps=2 * dps)
    if sign is not None:
        notes.append(f"interval arithmetic at {2 * dps} digits")
    return sign


def certified_sign(value, *, dps: int) -> int | None:
    """1 or -1 when interval (or ball) arithmetic shows ``value`` is positive or negative;
    None when it cannot (the enclosure contains 0, or the form is not evaluable)."""
    from symbolic.numeric import Certainty, certify
    try:
        if certify(value, sympy.S.Zero, Relation.LE, (), dps=dps) is Certainty.FAILS:
            return 1   # "value <= 0" certainly fails
        if certify(value, sympy.S.Zero, Relation.GE, (), dps=dps) is Certainty.FAILS:
            return -1  # "value >= 0" certainly fails
    except Exception:  # noqa: BLE001 -- an unsupported form is undecided, never a sign
        return None
    return None


def _at(expr, subs: dict):
    """``expr`` at a point: substituted, evaluated (``doit``), then substituted again, so
    that values given for elements such as ``x[2]`` reach the terms a ``Sum`` over a
    range fixed by the point only produces when it is evaluated. Sums and products over
    an empty range are the empty sum and product (``conventional``), never Karr's value."""
    if not subs:
        expr = conventional(expr)
        return expr.doit() if hasattr(expr, "doit") else expr
    once = conventional(expr.xreplace(subs))
    once = once.doit() if hasattr(once, "doit") else once
    return once.xreplace(subs)


_ORDER = {sympy.StrictGreaterThan: lambda s: s > 0, sympy.GreaterThan: lambda s: s >= 0,
          sympy.StrictLessThan: lambda s: s < 0, sympy.LessThan: lambda s: s <= 0,
          sympy.Equality: lambda s: s == 0, sympy.Unequality: lambda s: s != 0}


def _decide_boolean(expr, dps, notes: list | None = None, subs: dict | None = None) -> bool | None:
    """Truth value of a boolean at a point (``subs``); relationals are decided by ``sign_of``
    on their two sides (substituted separately, so SymPy never evaluates the relation itself)."""
    subs = subs or {}
    if isinstance(expr, sympy.Rel):
        test = _ORDER.get(type(expr))
        lhs, rhs = _at(expr.lhs, subs), _at(expr.rhs, subs)
        s = sign_of(lhs - rhs, dps, notes)
        return None if (test is None or s is None) else test(s)
    if isinstance(expr, (sympy.And, sympy.Or, sympy.Not)):
        parts = [_decide_boolean(a, dps, notes, subs) for a in expr.args]
        if isinstance(expr, sympy.Not):
            return None if parts[0] is None else not parts[0]
        want = isinstance(expr, sympy.Or)  # the value that settles the connective
        if any(p is want for p in parts):
            return want
        return (not want) if all(p is (not want) for p in parts) else None
    expr = _at(expr, subs)
    if isinstance(expr, BooleanTrue) or expr is True:
        return True
    if isinstance(expr, BooleanFalse) or expr is False:
        return False
    if isinstance(expr, sympy.Rel):
        test = _ORDER.get(type(expr))
        s = sign_of(expr.lhs - expr.rhs, dps, notes)
        return None if (test is None or s is None) else test(s)
    if isinstance(expr, sympy.And):
        parts = [_decide_boolean(a, dps, notes) for a in expr.args]
        if any(p is False for p in parts):
            return False
        return True if all(p is True for p in parts) else None
    if isinstance(expr, sympy.Or):
        parts = [_decide_boolean(a, dps, notes) for a in expr.args]
        if any(p is True for p in parts):
            return True
        return False if all(p is False for p in parts) else None
    if isinstance(expr, sympy.Not):
        inner = _decide_boolean(expr.args[0], dps, notes)
        return None if inner is None else not inner
    return None


def decide_relation(lhs, relation: Relation, rhs, dps: int = 50,
                    notes: list | None = None) -> bool | None:
    """Whether ``lhs relation rhs`` holds, for sides without free symbols (None: undecided)."""
    if relation is Relation.IMPLIES:
        premise, conclusion = _decide_boolean(lhs, dps, notes), _decide_boolean(rhs, dps, notes)
        if premise is False or conclusion is True:
            return True
        if premise is True and conclusion is False:
            return False
        return None
    if isinstance(lhs, Boolean) or isinstance(rhs, Boolean):
        a, b = _decide_boolean(lhs, dps, notes), _decide_boolean(rhs, dps, notes)
        if relation is not Relation.EQ or a is None or b is None:
            return None
        return a == b
    if relation.is_approximate or relation is Relation.PROPTO:
        return None
    lhs, rhs = conventional(sympy.sympify(lhs)), conventional(sympy.sympify(rhs))
    s = sign_of(lhs.doit() - rhs.doit(), dps, notes)
    if s is None:
        return None
    return relation.holds(s, 0)


def _satisfies_own_assumptions(symbol, value) -> bool:
    checks = {"integer": "is_integer", "positive": "is_positive", "nonnegative": "is_nonnegative",
              "negative": "is_negative", "real": "is_real", "nonzero": "is_nonzero",
              "even": "is_even", "odd": "is_odd"}
    for name, attr in checks.items():
        if symbol.assumptions0.get(name) is True and getattr(sympy.sympify(value), attr) is not True:
            return False
    return True


def evaluate_at(step: Step, point: dict, dps: int = 50) -> tuple[bool | None, str]:
    """The truth of a step's claim at a point, after checking the point is in its domain.

    Returns (truth, why); truth is None when undecided or when the point is outside the
    domain (``why`` says which)."""
    for symbol, value in point.items():
        if not _satisfies_own_assumptions(symbol, value):
            return None, f"{tex_relation(symbol, '=', value)} violates the symbol's own assumptions"
    subs = {k: sympy.sympify(v) for k, v in point.items()}
    for fact in step.assumptions:
        ok = _decide_boolean(fact, dps, subs=subs) if isinstance(fact, Boolean) else None
        if ok is False:
            return None, f"assumption {tex(fact)} is false at the point (outside the domain)"
        if ok is None:
            return None, f"assumption {tex(fact)} could not be decided at the point"
    claim = step.claim
    # free symbols after evaluation at the point (a Sum whose range the point fixes names
    # its dummy element x[m] until it is expanded into x[1], x[2], ...)
    left_free = set()
    for side in (claim.lhs, claim.rhs):
        left_free |= {f for f in _at(side, subs).free_symbols if f not in subs}
    if left_free:
        return None, f"symbols {', '.join(tex(s) for s in sorted(left_free, key=str))} are left free by the point"
    notes: list = []
    if claim.relation is Relation.IMPLIES:
        premise = _decide_boolean(claim.lhs, dps, notes, subs)
        conclusion = _decide_boolean(claim.rhs, dps, notes, subs)
        truth = (True if premise is False or conclusion is True
                 else False if premise is True and conclusion is False else None)
    else:
        lhs, rhs = _at(claim.lhs, subs), _at(claim.rhs, subs)
        truth = decide_relation(lhs, claim.relation, rhs, dps, notes)
    if truth is None:
        return None, "the relation could not be decided exactly or by interval arithmetic"
    how = " and ".join(sorted(set(notes))) or "exact (SymPy evaluates the booleans)"
    return truth, f"decided by {how}"


# --------------------------------------------------------------------------- checkers


def _boolean_claim(step: Step) -> bool:
    claim = step.claim
    return (claim is not None and claim.relation in (Relation.EQ, Relation.IMPLIES)
            and isinstance(claim.lhs, Boolean) and isinstance(claim.rhs, Boolean))


@checker("logic_boolean", cost=Cost.BOOLEAN, applies=_boolean_claim)
def logic_boolean(step: Step, *, config, context) -> Outcome | None:
    """Booleans that SymPy's assumption system evaluates to constants for all symbol values."""
    claim = step.claim
    lhs, rhs = conventional(claim.lhs).doit(), conventional(claim.rhs).doit()
    constants = (BooleanTrue, BooleanFalse)
    if claim.relation is Relation.IMPLIES:
        if isinstance(lhs, BooleanFalse) or isinstance(rhs, BooleanTrue):
            side = "the premise is false" if isinstance(lhs, BooleanFalse) else "the conclusion is true"
            return Outcome(Verdict.PROVED, (Evidence("logic_boolean",
                           f"SymPy's assumptions show that {side} for every admissible value"),))
        return None
    if isinstance(lhs, constants) and isinstance(rhs, constants):
        if lhs == rhs:
            return Outcome(Verdict.PROVED, (Evidence("logic_boolean",
                           f"SymPy's assumption system evaluates both sides to {tex(lhs)} for every "
                           "value the symbols' assumptions allow"),))
        if not claim.free_symbols:
            return Outcome(Verdict.REFUTED, (Evidence("logic_boolean",
                           f"exact evaluation: {tex(lhs)} on the left, {tex(rhs)} on the right"),),
                           counterexample=(("claim", "has no free symbols"),))
    return None


def _equations(expr) -> list | None:
    parts = expr.args if isinstance(expr, sympy.And) else (expr,)
    if not all(isinstance(p, sympy.Equality) for p in parts):
        return None
    return list(parts)


def _linear_implication_claim(step: Step) -> bool:
    claim = step.claim
    return (claim is not None and claim.relation is Relation.IMPLIES
            and _equations(claim.lhs) is not None and _equations(claim.rhs) is not None)


@checker("logic_linear_implication", cost=Cost.SAMPLE, applies=_linear_implication_claim)
def logic_linear_implication(step: Step, *, config, context) -> Outcome | None:
    """Premise equations solved linearly (non-zero coefficient) and substituted into the conclusion."""
    premises = _equations(step.claim.lhs)
    conclusion = step.claim.rhs
    steps = []
    for eq in premises:
        eq = eq.xreplace(dict(steps))
        if eq is sympy.true:
            continue
        expr = sympy.expand(eq.lhs - eq.rhs)
        chosen = None
        for symbol in sorted(expr.free_symbols, key=str):
            poly = sympy.Poly(expr, symbol) if expr.is_polynomial(symbol) else None
            if poly is None or poly.degree() != 1:
                continue
            coeff = poly.coeff_monomial(symbol)
            if sympy.simplify(coeff).is_nonzero:
                chosen = (symbol, sympy.simplify(-poly.coeff_monomial(1) / coeff))
                break
        if chosen is None:
            return undecided("logic_linear_implication", f"premise {tex(eq)} is not linear in a symbol "
                             "with a coefficient shown non-zero")
        steps = [(s, v.xreplace({chosen[0]: chosen[1]})) for s, v in steps] + [chosen]
    # a range fixed by the substitution (1..n with n = -1) is read as empty, never by Karr
    result = sympy.simplify(conventional(conclusion.xreplace(dict(steps))))
    if result is sympy.true:
        solved = ", ".join(tex_relation(s, "=", v) for s, v in steps)
        return Outcome(Verdict.PROVED, (Evidence("logic_linear_implication",
                       f"the premises are equivalent to {solved} (linear, non-zero coefficients); "
                       "substituted, the conclusion simplifies to True"),))
    return undecided("logic_linear_implication", f"after substitution the conclusion is {tex(result)}")


@rule("counterexample")
def rule_counterexample(step: Step, *, config, context) -> Outcome | None:
    """Refute a claim at a point supplied with the step, checked exactly (see module doc)."""
    point = dict(step.rule.param("point", ()))
    if not point:
        return undecided("rule counterexample", "no point given (params: ('point', ((x, v), ...)))")
    truth, why = evaluate_at(step, point, config.dps)
    shown = ", ".join(tex_relation(k, "=", v) for k, v in point.items())
    if truth is False:
        return Outcome(Verdict.REFUTED, (Evidence("rule counterexample",
                       f"the claim is false at {shown}: {why}; the point satisfies every "
                       "assumption"),), counterexample=tuple((str(k), str(v)) for k, v in point.items()))
    if truth is True:
        return undecided("rule counterexample", f"the claim holds at {shown} (no counterexample)")
    return undecided("rule counterexample", f"at {shown}: {why}")


def _bounds(step: Step, symbol) -> tuple:
    lo, hi = (1 if symbol.is_positive else (0 if symbol.is_nonnegative else None)), None
    for fact in step.assumptions:
        if not isinstance(fact, sympy.Rel) or not fact.rhs.is_number and not fact.lhs.is_number:
            continue
        if fact.lhs == symbol and fact.rhs.is_number:
            if isinstance(fact, (sympy.GreaterThan, sympy.StrictGreaterThan)):
                v = sympy.ceiling(fact.rhs) + (1 if isinstance(fact, sympy.StrictGreaterThan)
                                               and fact.rhs.is_integer else 0)
                lo = v if lo is None else max(lo, v)
            if isinstance(fact, (sympy.LessThan, sympy.StrictLessThan)):
                v = sympy.floor(fact.rhs) - (1 if isinstance(fact, sympy.StrictLessThan)
                                             and fact.rhs.is_integer else 0)
                hi = v if hi is None else min(hi, v)
    return lo, hi


@rule("enumerate")
def rule_enumerate(step: Step, *, config, context) -> Outcome | None:
    """Evaluate the claim exactly at every listed value of one integer symbol."""
    symbol = step.rule.param("symbol")
    values = list(step.rule.param("values", ()))
    if symbol is None or not values or not symbol.is_integer:
        return undecided("rule enumerate", "needs params symbol (an integer Symbol) and values")
    held, skipped = [], []
    for value in values:
        truth, why = evaluate_at(step, {symbol: value}, config.dps)
        if truth is False:
            return Outcome(Verdict.REFUTED, (Evidence("rule enumerate",
                           f"false at {tex_relation(symbol, '=', value)}: {why}"),),
                           counterexample=((str(symbol), str(value)),))
        if truth is None:
            if "outside the domain" in why or "violates" in why:
                skipped.append(value)  # certainly not in the domain: nothing to check there
                continue
            return undecided("rule enumerate", f"undecided at {tex_relation(symbol, '=', value)}: {why}")
        held.append(value)
    if not held:
        return undecided("rule enumerate", "no listed value is in the step's domain")
    lo, hi = _bounds(step, symbol)
    listed = set(held) | set(skipped)
    exhaustive = lo is not None and hi is not None and all(v in listed for v in range(int(lo), int(hi) + 1))
    text = (f"exact evaluation at {len(held)} values of {tex(symbol)} from {tex(min(held))} to {tex(max(held))} "
            f"({len(skipped)} listed values outside the domain skipped)")
    if exhaustive:
        return Outcome(Verdict.PROVED, (Evidence("rule enumerate", text + f"; they exhaust the "
                       f"domain ${latex_of(lo)} \\le {latex_of(symbol)} \\le {latex_of(hi)}$"),))
    return Outcome(Verdict.VERIFIED, (Evidence("rule enumerate", text + "; the domain is larger "
                   "than the values checked, so this is not a proof for all of it"),))
