"""The symbolic tier for identities: SymPy strategies chosen by the shape of the claim.

A claim ``lhs = rhs`` is proved when some strategy turns ``lhs - rhs`` into exactly 0;
``lhs \\ne rhs`` is proved when the difference is shown nonzero (``is_zero is False``).
Every strategy runs under its own soft budget and inside a ``try``: a strategy that
fails or runs out of time is evidence of what was tried, never a verdict. This tier
never refutes: a difference that does not simplify to 0 proves nothing (refuting is
the numeric tier's job, with a certified counterexample).

Step assumptions (relational facts such as ``a > b`` or ``x > -1``) are used by
*parametrising* the domain: ``a = b + t`` with ``t > 0``, ``x = t - 1`` with ``t > 0``.
Each parametrisation covers the set the fact describes (or a superset of the step's
domain when a symbol's own assumptions are dropped), so a proof over the new
variables is a proof over the stated domain. The helpers here (``Domain``,
``domain_of``, ``prove_zero``, ``normalize_sums``, ``equal``) are shared with the
inequality tier and the named rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits
from sympy.functions.elementary.hyperbolic import HyperbolicFunction
from sympy.functions.elementary.trigonometric import TrigonometricFunction

from symbolic.budget import SoftTimeout
from symbolic.checks import Cost, checker
from symbolic.checks._prove import domain_of, run_budgeted
# re-exported: other families and the tests import these from here (their home is _prove.py)
from symbolic.checks._prove import Domain, as_greater, flatten_facts, outer_deadline_governs  # noqa: F401
from symbolic.checks._ranges import conventional
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided

# Soft budgets (seconds) of one strategy; the pipeline's own deadline still governs.
CHEAP_BUDGET_S = 2.0
EXPENSIVE_BUDGET_S = 8.0


# ---------------------------------------------------------------------------------------
# Sums: a normal form for sums over a range


def _canonical_index(depth: int) -> sympy.Symbol:
    return sympy.Symbol(f"_idx{depth}", integer=True)


def normalize_sums(expr, depth: int = 0):
    """Rewrite every single-index ``Sum`` by linearity, with a canonical index name.

    ``Sum(a + b) = Sum(a) + Sum(b)``, factors free of the index come out, a sum of a
    term free of the index is ``(hi - lo + 1) * term``, and the bound index is renamed
    so that sums over the same range compare equal. Sums that SymPy evaluates in closed
    form (``Sum(j, (j, 1, n))``) are evaluated.

    The count formula and SymPy's closed forms follow Karr's convention for a reversed
    range; callers first pass the expression through ``conventional`` (as
    ``difference_zero`` and the indexed normal form do), after which every remaining sum
    has a count >= 0 on the domain, or sits in the branch of a ``Piecewise`` that says so.
    """
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    if isinstance(expr, sympy.Sum) and len(expr.limits) == 1:
        (index, lo, hi), = expr.limits
        canon = _canonical_index(depth)
        body = normalize_sums(expr.function.xreplace({index: canon}), depth + 1)
        body = sympy.expand(body)
        total = sympy.S.Zero
        for term in sympy.Add.make_args(body):
            const, dep = term.as_independent(canon, as_Add=False)
            # factors free of the index are sums at the outer level: rename them as such
            const = normalize_sums(const, depth)
            if dep == 1:
                total += const * (hi - lo + 1)
                continue
            piece = sympy.Sum(dep, (canon, lo, hi))
            if dep.is_polynomial(canon) and not dep.has(sympy.Indexed):
                done = piece.doit()
                if not done.has(sympy.Sum):
                    piece = done
            total += const * piece
        return total
    if isinstance(expr, ExprWithLimits) and len(expr.limits) == 1 and len(expr.limits[0]) == 3:
        (index, lo, hi), = expr.limits
        canon = _canonical_index(depth)
        body = normalize_sums(expr.function.xreplace({index: canon}), depth + 1)
        return expr.func(body, (canon, lo, hi))
    args = [normalize_sums(a, depth) for a in expr.args]
    try:
        return expr.func(*args)
    except SoftTimeout:
        raise
    except Exception:  # some classes cannot be rebuilt from args: leave them alone
        return expr


def _concrete_doit(expr):
    """Evaluate sums, products and maxima whose ranges have a concrete length."""
    def is_concrete(e):
        return isinstance(e, ExprWithLimits) and all(
            len(lim) == 3 and (lim[2] - lim[1]).is_Integer for lim in e.limits)
    return expr.replace(is_concrete, lambda e: e.doit())


# ---------------------------------------------------------------------------------------
# Proving a difference zero


def _is_zero(expr) -> bool:
    if isinstance(expr, sympy.MatrixBase):
        return all(_is_zero(e) for e in expr)
    return expr == 0 or expr.is_zero is True


def _is_nonzero(expr) -> bool:
    if isinstance(expr, sympy.MatrixBase):
        return any(_is_nonzero(e) for e in expr)
    return expr.is_zero is False


def _elementwise(fn):
    def apply(expr):
        if isinstance(expr, sympy.MatrixBase):
            return expr.applyfunc(fn)
        return fn(expr)
    return apply


def _log_rules(expr):
    """Expand logs (only where SymPy knows the arguments are positive), then combine."""
    if not expr.has(sympy.log):
        raise _NotApplicable("no logarithm")
    first = sympy.expand(sympy.expand_log(expr, force=False))
    if _is_zero(first):
        return first
    return sympy.expand(sympy.logcombine(expr, force=False))


def _powsimp(expr):
    if not expr.has(sympy.Pow, sympy.exp):
        raise _NotApplicable("no powers")
    return sympy.powsimp(sympy.expand(sympy.powdenest(expr)), force=False)


def _exp_rewrite(expr):
    """Trig and hyperbolic functions as complex exponentials, then expand (rotations)."""
    if not expr.has(sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sinh, sympy.cosh,
                    sympy.tanh, sympy.coth, sympy.exp, sympy.re, sympy.im, sympy.conjugate):
        raise _NotApplicable("no trigonometric or exponential functions")
    rewritten = sympy.expand(expr.rewrite(sympy.exp))
    if _is_zero(rewritten):
        return rewritten
    if expr.has(sympy.re, sympy.im, sympy.conjugate, sympy.I):
        rewritten = sympy.expand(sympy.expand_complex(rewritten))
        if _is_zero(rewritten):
            return rewritten
    return sympy.cancel(sympy.together(rewritten))


def _trigsimp(expr):
    if not expr.has(TrigonometricFunction, HyperbolicFunction):
        raise _NotApplicable("no trigonometric functions")
    return sympy.trigsimp(sympy.expand(expr))


def _small_simplify(expr):
    return sympy.cancel(sympy.together(sympy.expand(expr)))


def _full_simplify(expr):
    return sympy.simplify(expr)


def _derivative(expr):
    if not expr.has(sympy.Derivative):
        raise _NotApplicable("no derivative")
    done = expr.doit()
    for step in (sympy.expand, _small_simplify, _exp_rewrite, sympy.simplify):
        try:
            result = step(done)
        except _NotApplicable:
            continue
        if _is_zero(result):
            return result
    return done


def _sums(expr):
    if not expr.has(sympy.Sum, sympy.Product):
        raise _NotApplicable("no sum")
    concrete = _concrete_doit(expr)
    normal = sympy.expand(normalize_sums(concrete))
    if _is_zero(normal):
        return normal
    try:
        evaluated = sympy.expand(normalize_sums(concrete.doit()))
    except SoftTimeout:
        raise
    except Exception:
        return normal
    return evaluated  # a full simplify is the job of algebraic_fullsimplify


def _limits(expr):
    if not expr.has(sympy.Limit):
        raise _NotApplicable("no limit")
    done = expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: e.doit())
    if done.has(sympy.Limit):
        raise _NotApplicable("SymPy could not evaluate a limit")
    return sympy.simplify(done)


class _NotApplicable(Exception):
    """The claim does not have the shape a strategy needs."""


@dataclass(frozen=True)
class Strategy:
    """One way of showing a difference is zero: a name, a rewrite, a cost, and the
    SymPy classes the claim must contain for the strategy to be worth running."""

    name: str
    rewrite: Callable
    cost: Cost
    description: str
    needs: tuple = ()

    def fits(self, *exprs) -> bool:
        return not self.needs or any(e.has(*self.needs) for e in exprs)


_TRIG = (TrigonometricFunction, HyperbolicFunction)
STRATEGIES: tuple[Strategy, ...] = (
    Strategy("algebraic_structural", lambda e: e, Cost.QUICK, "structural comparison"),
    Strategy("algebraic_expand", sympy.expand, Cost.QUICK, "expand"),
    Strategy("algebraic_log", _log_rules, Cost.QUICK,
             "expand_log(force=False)/logcombine under the symbols' positivity", (sympy.log,)),
    Strategy("algebraic_powsimp", _powsimp, Cost.QUICK, "powdenest/powsimp", (sympy.Pow, sympy.exp)),
    Strategy("algebraic_simplify", _small_simplify, Cost.QUICK, "together/cancel with a small budget"),
    Strategy("algebraic_sum", _sums, Cost.TRANSFORM,
             r"sums by linearity (constants out, $\sum c = \text{count} \cdot c$) "
             "and evaluation of concrete sums", (sympy.Sum, sympy.Product)),
    Strategy("algebraic_exp_rewrite", _exp_rewrite, Cost.TRANSFORM,
             "rewrite as complex exponentials, then expand",
             _TRIG + (sympy.exp, sympy.re, sympy.im, sympy.conjugate)),
    Strategy("algebraic_trigsimp", _trigsimp, Cost.TRANSFORM, "trigsimp", _TRIG),
    Strategy("algebraic_derivative", _derivative, Cost.TRANSFORM, "evaluate derivatives, then simplify",
             (sympy.Derivative,)),
    Strategy("algebraic_limit", _limits, Cost.TRANSFORM, "evaluate limits with sympy.limit", (sympy.Limit,)),
    Strategy("algebraic_fullsimplify", _full_simplify, Cost.SIMPLIFY, "sympy.simplify"),
)


@dataclass(frozen=True)
class ZeroProof:
    """Which strategy settled a difference, and how."""

    proved: bool
    strategy: str = ""
    detail: str = ""
    timed_out: bool = False


def _run(strategy: Strategy, expr, budget_s: float):
    """Apply one strategy under a soft budget (None when the budget ran out)."""
    return run_budgeted(_elementwise(strategy.rewrite), expr, budget_s=budget_s)


def prove_zero(expr, *, strategies: Iterable[Strategy] = STRATEGIES, nonzero: bool = False,
               budget_s: float | None = None) -> ZeroProof:
    """Try the strategies in order until one shows ``expr`` is 0 (or nonzero).

    Returns the first success; ``timed_out`` says whether some strategy ran out of its
    budget (so that "not proved" can be reported as such).
    """
    check = _is_nonzero if nonzero else _is_zero
    timed_out = False
    for strategy in strategies:
        budget = budget_s or (CHEAP_BUDGET_S if strategy.cost <= Cost.QUICK else EXPENSIVE_BUDGET_S)
        try:
            result = _run(strategy, expr, budget)
        except _NotApplicable:
            continue
        except (SoftTimeout, RecursionError):
            raise
        except Exception:  # a SymPy failure in one strategy is not a verdict
            continue
        if result is None:
            timed_out = True
            continue
        try:
            settled = check(result)
        except SoftTimeout:
            raise
        except Exception:
            settled = False
        if settled:
            return ZeroProof(True, strategy.name, strategy.description)
    return ZeroProof(False, timed_out=timed_out)


def difference_zero(lhs, rhs, *, facts: Iterable[sympy.Basic] = (), nonzero: bool = False,
                    strategies: Iterable[Strategy] = STRATEGIES,
                    budget_s: float | None = None) -> ZeroProof:
    """Prove ``lhs - rhs == 0`` (or ``!= 0``), first plainly, then on the facts' domain."""
    strategies = tuple(strategies)
    facts = tuple(facts)
    # sums and products read by the empty-range convention before SymPy evaluates them
    diff = _elementwise(lambda e: conventional(e, facts))(_difference(lhs, rhs))
    plain = prove_zero(diff, strategies=strategies, nonzero=nonzero, budget_s=budget_s)
    if plain.proved:
        return plain
    if not facts:
        return plain
    domain = domain_of(facts, protect=_free(lhs) | _free(rhs))
    if domain.empty:
        return plain
    within = prove_zero(domain.apply(diff), strategies=strategies, nonzero=nonzero,
                        budget_s=budget_s)
    if within.proved:
        return ZeroProof(True, within.strategy, f"{within.detail}, on the domain "
                         f"parametrised by {domain.describe()}")
    return ZeroProof(False, timed_out=plain.timed_out or within.timed_out)


def _difference(lhs, rhs):
    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        return sympy.Matrix(lhs) - sympy.Matrix(rhs)
    return lhs - rhs


def _free(expr) -> set:
    return set(getattr(expr, "free_symbols", set()))


def equal(a, b, *, facts: Iterable[sympy.Basic] = (), thorough: bool = False) -> bool:
    """Whether ``a == b`` is proved (structurally or by the cheap strategies, plus sums).

    ``thorough`` also tries the expensive strategies; rules use it to compare sides
    of a claim up to proved equality.
    """
    if a == b:
        return True
    chosen = [s for s in STRATEGIES if s.cost <= Cost.QUICK or s.name == "algebraic_sum"
              or (thorough and s.name in ("algebraic_exp_rewrite", "algebraic_fullsimplify"))]
    return difference_zero(a, b, facts=facts, strategies=chosen).proved


# ---------------------------------------------------------------------------------------
# The registered checkers


def _identity(step: Step) -> bool:
    """Identities and non-identities that are claims (not definitions or approximations)."""
    claim = step.claim
    return (claim is not None and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION)
            and claim.relation in (Relation.EQ, Relation.NE)
            and all(isinstance(side, (sympy.Expr, sympy.MatrixBase))
                    for side in (claim.lhs, claim.rhs)))


def _applies(strategy: Strategy) -> Callable[[Step], bool]:
    def applies(step: Step) -> bool:
        return _identity(step) and strategy.fits(step.claim.lhs, step.claim.rhs)
    return applies


def _make_checker(strategy: Strategy):
    def check(step: Step, *, config, context) -> Outcome | None:
        claim = step.claim
        nonzero = claim.relation is Relation.NE
        proof = difference_zero(claim.lhs, claim.rhs, facts=step.assumptions,
                                nonzero=nonzero, strategies=(strategy,))
        if proof.proved:
            what = "nonzero" if nonzero else "0"
            return Outcome(Verdict.PROVED, (Evidence(strategy.name,
                           f"lhs - rhs is {what} by {proof.detail}"),))
        # the same words whether or not its soft budget ran out: that depends on the load
        return undecided(strategy.name, f"{strategy.description} did not show lhs - rhs "
                         f"{'nonzero' if nonzero else '= 0'}; this is not evidence "
                         "that the claim is false")
    check.__name__ = f"check_{strategy.name}"
    check.__doc__ = f"Prove an identity by {strategy.description}."
    return check


for _strategy in STRATEGIES:
    checker(_strategy.name, cost=_strategy.cost, applies=_applies(_strategy))(
        _make_checker(_strategy))
