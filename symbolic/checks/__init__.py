"""The checking pipeline: registered checkers, cheapest first, and named rules.

A checker is a small function ``fn(step, *, config, context) -> Outcome | None``
registered with ``@checker(name, cost=..., applies=...)``; ``None`` means "nothing to
say". The pipeline runs the checkers that apply in order of cost and stops at the first
decisive verdict (proved, refuted); a ``verified`` or ``approximate`` outcome is kept while
costlier checkers try to do better. An exception or a budget that runs out inside a
checker is recorded as evidence and never read as "false". A ``proved`` outcome (and a
rule's ``verified`` one) stands only when every side of the claim is proved defined on the
whole stated domain (``_definedness``), or, for an equation, when both sides are undefined
at exactly the same points (its domain is then where they are defined, and the evidence
names the points left out); otherwise it becomes inconclusive and the pipeline goes on.
A checker may instead answer ``Deferred``: the rest of its work waits until the checkers it
names have tried (they run next, out of their tier), and then runs only if none decided.

Named rules (``@rule(name)``) justify a step that carries ``Step.rule``; they have the
same signature and are tried before the general checkers. Every module of this package
is imported on first use, so a new checker family is one new module (a module whose name
starts with ``_`` holds helpers shared by families and is never loaded as one).

Adding a checker: write ``fn(step, *, config, context)`` in its family's module, give it
a docstring whose first line says what it proves or refutes, and register it with a cost
tier from ``Cost``. The order of the whole pipeline is then ``pipeline_table()``, which
the README shows (a test keeps the two equal)::

    @checker("inequality_sign", cost=Cost.PROVE, applies=_applies)
    def check_sign(step, *, config, context):
        '''An inequality whose gap SymPy's assumptions prove positive.'''
"""
from __future__ import annotations

import symbolic.sympy_fixes  # noqa: F401  (SymPy's wrong sign, worked around before a claim is built)

import enum
import importlib
import pkgutil
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping

from symbolic.budget import SoftTimeout, cpu_seconds, run_limited, soft_deadline
from symbolic.config import CheckConfig
from symbolic.checks._stand_ins import without_refutation as without_stand_in_refutation
from symbolic.model import Derivation, Evidence, Kind, Outcome, Role, Step, Verdict

CheckerFn = Callable[..., "Outcome | None"]


class Cost(enum.IntEnum):
    """Where a checker runs in the pipeline: lower tiers first, ties broken by name.

    Values are ranks, not seconds. The pipeline stops at the first decisive verdict, so a
    tier sits where what it can decide is worth its price: reading and quick rewrites
    first, then exact decision procedures, then sampling (which refutes most false claims
    in well under a second, with a certified counterexample), and only then the costlier
    proofs, with exhaustive instances last.
    """

    READ = 1              # reads the step, computes nothing: a definition of a fresh name
    QUICK = 10            # one quick SymPy rewrite of lhs - rhs, under the short budget
    BOOLEAN = 15          # truth tables of a claim between booleans
    EQUATIONS = 18        # implications between equations, by residuals (before sampling them)
    SAMPLE = 20           # exact evaluation: sampling at points, exact laws, linear systems
    SAMPLE_DEFERRED = 21  # the rest of a sampling that SAMPLE deferred (run only then)
    MOMENTS = 22          # linearity of expectations and variances read from LaTeX
    INTEGRALS = 24        # definite integrals: SymPy's value inside an Arb enclosure
    MEASURE = 25          # normal forms of matrix products; approximations measured over a regime
    PROVE = 30            # signs from assumptions, the premise-free rules, solution sets
    PROVE_DEEPER = 35     # the same with substitutions, and identities over a general index
    TRANSFORM = 40        # costly SymPy transformations: sums, exp rewriting, trig, derivatives, limits
    CALCULUS = 45         # inequalities by convexity and stationary points
    SIMPLIFY = 50         # sympy.simplify; implications at exact points
    EXHAUSTIVE = 60       # exact instances at several sizes


@dataclass(frozen=True)
class Checker:
    """A registered checker: its name (``<family>_<method>``), cost tier and filter."""

    name: str
    fn: CheckerFn
    cost: Cost
    applies: Callable[[Step], bool]


@dataclass(frozen=True)
class Deferred:
    """A checker's answer that the rest of its work is worth doing only if a cheaper decisive
    checker fails: the evidence of what it did (an attempt), the checkers to try ``first`` (by
    name, wherever their tier is), the checker that does the rest (``until``, registered with
    ``deferred=True``: it runs only when deferred to) and the CPU seconds the pipeline keeps
    for it (``reserve_s``), so that the ones tried first cannot leave it less than it would
    have had. The pipeline runs them right after the deferring checker, then goes on in its
    order without them; only the checkers named in ``first`` move ahead of the rest of the
    work, so a claim whose rest would have refuted it meets no other checker earlier."""

    evidence: tuple[Evidence, ...]
    first: tuple[str, ...]
    until: str
    reserve_s: float


@dataclass(frozen=True)
class CheckContext:
    """What a checker may know beyond its step: the derivation and earlier outcomes."""

    derivation: Derivation | None = None
    outcomes: Mapping[str, Outcome] = field(default_factory=dict)

    def premise(self, step_id: str) -> Step:
        if self.derivation is None:
            from symbolic.errors import DerivationError
            raise DerivationError(f"step {step_id} is needed but no derivation was given")
        return self.derivation.step(step_id)


_CHECKERS: dict[str, Checker] = {}
_RULES: dict[str, CheckerFn] = {}
_ONLY_DEFERRED: set[str] = set()   # checkers that run only when an earlier one defers to them
_loaded = False
_loading = threading.RLock()
_limited = 0     # steps checked by ``check_step_limited`` in this process


def checker(name: str, *, cost: Cost, applies: Callable[[Step], bool] = lambda step: True,
            deferred: bool = False):
    """Register a checker; a lower ``cost`` tier runs first (tests may pass a bare rank).
    A ``deferred`` checker runs only when an earlier checker of the step returned
    ``Deferred`` naming it."""
    def register(fn: CheckerFn) -> CheckerFn:
        if name in _CHECKERS and _CHECKERS[name].fn is not fn:
            raise ValueError(f"checker {name!r} is registered twice")
        _CHECKERS[name] = Checker(name, fn, cost, applies)
        if deferred:
            _ONLY_DEFERRED.add(name)
        return fn
    return register


def rule(name: str):
    """Register a named rule under ``name`` (the value of ``Rule.name``)."""
    def register(fn: CheckerFn) -> CheckerFn:
        if name in _RULES and _RULES[name] is not fn:
            raise ValueError(f"rule {name!r} is registered twice")
        _RULES[name] = fn
        return fn
    return register


def _load_families() -> None:
    global _loaded
    if _loaded:
        return
    # Threads of a parallel report fork children; a child must never see a half-filled
    # registry, so the flag is set only once every family is imported.
    with _loading:
        if _loaded:
            return
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not info.name.startswith("_"):
                importlib.import_module(f"{__name__}.{info.name}")
        _loaded = True


def registered_checkers() -> tuple[Checker, ...]:
    """All checkers, cheapest first."""
    _load_families()
    return tuple(sorted(_CHECKERS.values(), key=lambda c: (c.cost, c.name)))


def registered_rules() -> Mapping[str, CheckerFn]:
    """All named rules by name."""
    _load_families()
    return dict(_RULES)


def pipeline_table() -> str:
    """The pipeline's order as a Markdown table: one row per checker, in the order it runs.

    The README shows this table; ``tests/checks/test_pipeline.py`` fails when the two
    differ, so the documented order is the order the code runs.
    """
    lines = ["| order | tier | checker | module | what it does |",
             "| ---: | --- | --- | --- | --- |"]
    for order, c in enumerate(registered_checkers(), 1):
        doc = (c.fn.__doc__ or "").strip().splitlines()
        summary = " ".join(doc[0].split()).replace("|", "\\|") if doc else ""
        module = c.fn.__module__.replace(".", "/") + ".py"
        tier = c.cost.name.lower() if isinstance(c.cost, Cost) else "unnamed"
        lines.append(f"| {order} | {tier} ({int(c.cost)}) | `{c.name}` | "
                     f"`{module}` | {summary} |")
    return "\n".join(lines) + "\n"


_RANK = {Verdict.VERIFIED: 3, Verdict.APPROXIMATE: 2, Verdict.TIMEOUT: 1, Verdict.INCONCLUSIVE: 0}


def check_step(step: Step, *, config: CheckConfig = CheckConfig(),
               context: CheckContext | None = None) -> Outcome:
    """Check one step in this process and return its outcome (never raises for a bug
    inside a checker: that becomes evidence)."""
    context = context or CheckContext()
    start = time.perf_counter()
    if step.kind is Kind.PROSE:
        return Outcome(Verdict.PROSE, (Evidence("prose", "no mathematical claim"),))
    # the budget counts this process's CPU seconds (a busy machine slows a step down but
    # gives it the same work); ``start`` times the step for the timings only
    deadline = cpu_seconds() + config.timeout_s
    evidence: list[Evidence] = []
    best: Outcome | None = None
    best_from = 0    # where the best outcome's evidence starts in ``evidence``
    timed_out = False

    def attempt(name: str, fn: CheckerFn, budget: float) -> Outcome | None:
        nonlocal timed_out
        try:
            with soft_deadline(budget):
                outcome = fn(step, config=config, context=context)
                if isinstance(outcome, Deferred):
                    return outcome
                # a proof (or a rule's conclusion from verified premises) counts only
                # where the claim is defined on its whole domain
                if outcome is not None and (outcome.verdict is Verdict.PROVED or (
                        outcome.verdict is Verdict.VERIFIED and name.startswith("rule "))):
                    outcome = _defined_or_undecided(step, name, outcome, config=config)
                if outcome is not None and config.where_defined:
                    from symbolic.checks._where_defined import without_one_sided_refutation
                    outcome = without_one_sided_refutation(step, name, outcome)
                outcome = without_stand_in_refutation(step, name, outcome)   # checks/_stand_ins.py
                return outcome
        except SoftTimeout:
            timed_out = True
            # no measured numbers here: evidence must not depend on the machine's speed
            evidence.append(Evidence(name, f"its share of the {config.timeout_s:g} s budget ran out"))
        except RecursionError:
            evidence.append(Evidence(name, "expression too deeply nested (recursion limit)"))
        except Exception as exc:  # a checker's bug is evidence, never a verdict
            evidence.append(Evidence(name, f"failed: {type(exc).__name__}: {str(exc)[:200]}"))
        return None

    rule_attempt: list[tuple[str, CheckerFn]] = []
    if step.rule is not None:
        rules = registered_rules()
        fn = rules.get(step.rule.name)
        if fn is None:
            evidence.append(Evidence("rule", f"unknown rule {step.rule.name!r}; "
                                             f"known: {', '.join(sorted(rules))}"))
        else:
            rule_attempt.append((f"rule {step.rule.name}", fn))
    attempts = _Attempts(rule_attempt, step)
    inserted: list[tuple[str, CheckerFn]] = []   # what a Deferred asked to run next
    pending: dict[str, float] = {}   # deferred-to checker -> CPU seconds kept for it
    tried: set[str] = set()

    def skipped(name: str) -> bool:
        return name in _ONLY_DEFERRED or name in tried

    def in_order():
        order = iter(attempts)
        while True:
            if inserted:
                yield None, inserted.pop(0)
                continue
            item = next(order, None)
            if item is None:
                return
            yield item

    for index, (name, fn) in in_order():
        if index is not None and skipped(name):
            continue
        tried.add(name)
        # importing a family the pipeline reaches is no part of any checker's budget (it was
        # done before the step started when every family was imported up front)
        deadline += attempts.importing
        start += attempts.importing_wall
        attempts.importing = attempts.importing_wall = 0.0
        remaining = deadline - cpu_seconds()
        if remaining <= 0.05:
            timed_out = True
            evidence.append(Evidence("budget", f"{config.timeout_s:g} s budget spent before {name}"))
            break
        # each checker may use the rest of the budget, but leaves a share for the others,
        # and what is kept for a deferred checker after it
        kept = pending.pop(name, None)
        spare = remaining - sum(pending.values())
        if index is not None and not inserted and attempts.last(index, skipped):
            budget = remaining
        elif kept is not None:
            budget = max(remaining * 0.6, min(kept, remaining), 0.05)
        else:
            budget = max(spare * 0.6, 0.05)
        outcome = attempt(name, fn, budget)
        if outcome is None:
            continue
        if isinstance(outcome, Deferred):
            evidence.extend(e.as_(Role.ATTEMPT) for e in outcome.evidence)
            finisher = _registered(outcome.until)
            if finisher is not None and outcome.until not in tried:
                pending[outcome.until] = outcome.reserve_s
                inserted.extend((c.name, c.fn) for c in map(_registered, outcome.first)
                                if c is not None and c.name not in tried and c.applies(step))
                inserted.append((finisher.name, finisher.fn))
            continue
        if outcome.verdict.decisive:
            return _finish(outcome, evidence, start)
        # an accepted verdict that a costlier check may still improve supports the final one
        role = Role.SUPPORTS if outcome.verdict.accepted else Role.ATTEMPT
        if best is None or _RANK.get(outcome.verdict, 0) > _RANK.get(best.verdict, 0):
            best, best_from = outcome, len(evidence)
        evidence.extend(e.as_(role) for e in outcome.evidence)

    if best is not None and best.verdict in (Verdict.VERIFIED, Verdict.APPROXIMATE):
        decided = [e.as_(Role.DECIDED) if best_from <= k < best_from + len(best.evidence) else e
                   for k, e in enumerate(evidence)]
        return Outcome(best.verdict, tuple(decided), None, time.perf_counter() - start,
                       best.table, best.figures)
    verdict = Verdict.TIMEOUT if timed_out else Verdict.INCONCLUSIVE
    if not evidence:
        evidence.append(Evidence("pipeline", "no checker applies to this claim"))
    return Outcome(verdict, tuple(evidence), None, time.perf_counter() - start,
                   best.table if best else None, best.figures if best else ())


class _Attempts:
    """The attempts of one step in pipeline order: the step's rule, then every registered
    checker that applies, as ``(index, (name, fn))``.

    The same attempts, in the same order, as filtering ``registered_checkers()`` up front;
    but a checker family is imported only when the pipeline reaches it (``_pipeline``), so a
    claim that an early checker decides never imports the families after it. Whether an
    attempt is the last one (which gets the whole remaining budget) is known by looking one
    applicable checker ahead. ``importing`` (``importing_wall``) is the CPU (wall) seconds
    spent importing families since it was last reset.
    """

    def __init__(self, first: list[tuple[str, CheckerFn]], step: Step):
        self._ready = list(first)
        self._step = step
        self._checkers = _pipeline()
        self._exhausted = False
        self.importing = self.importing_wall = 0.0

    def _fill(self, size: int) -> None:
        while len(self._ready) < size and not self._exhausted:
            start, wall = cpu_seconds(), time.perf_counter()
            c = next(self._checkers, None)
            self.importing += cpu_seconds() - start
            self.importing_wall += time.perf_counter() - wall
            if c is None:
                self._exhausted = True
            elif c.applies(self._step):
                self._ready.append((c.name, c.fn))

    def __iter__(self):
        index = 0
        while True:
            self._fill(index + 1)
            if index >= len(self._ready):
                return
            yield index, self._ready[index]
            index += 1

    def last(self, index: int, skipped: Callable[[str], bool] = lambda name: False) -> bool:
        """Whether no attempt after ``index`` is left to run (those ``skipped`` do not run)."""
        after = index + 1
        while True:
            self._fill(after + 1)
            if after >= len(self._ready):
                return True
            if not skipped(self._ready[after][0]):
                return False
            after += 1


def _registered(name: str) -> Checker | None:
    """The registered checker ``name``, importing its family if the pipeline has not yet."""
    if name not in _CHECKERS:
        from symbolic.checks._order import PIPELINE
        family = dict(PIPELINE).get(name)
        if family is None:
            _load_families()
        else:
            importlib.import_module(f"{__name__}.{family}")
    return _CHECKERS.get(name)


def _pipeline():
    """The registered checkers, cheapest first, importing each family only when reached.

    With every family imported this is ``registered_checkers()``. Otherwise the order comes
    from ``_order.PIPELINE``, which a test keeps equal to the registry's; should it be stale
    (a family on disk that it does not list, or a checker it does not name) the pipeline
    imports every family and goes on in the registry's order with the checkers not yet given.
    """
    if _loaded:
        yield from registered_checkers()
        return
    from symbolic.checks._order import FAMILIES, PIPELINE
    given: set[str] = set()
    on_disk = {m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")}
    if on_disk == FAMILIES:
        named = {name for name, _ in PIPELINE}
        for name, family in PIPELINE:
            importlib.import_module(f"{__name__}.{family}")
            if name not in _CHECKERS or not _CHECKERS.keys() <= named:
                break
            given.add(name)
            yield _CHECKERS[name]
        else:
            return
    yield from (c for c in registered_checkers() if c.name not in given)


def _defined_or_undecided(step: Step, name: str, outcome: Outcome, *,
                          config: CheckConfig = CheckConfig()) -> Outcome:
    """A proof counts only where the claim is defined on its whole domain: a proof whose
    claim has a definedness condition that is not proved becomes inconclusive, unless
    both sides are undefined at exactly the same points (an equation's stated domain is
    where its sides are defined, as DLMF states its formulas: ``shared_exclusion``), or, for a
    derivative or antiderivative claim, off a set without interior where the derivative does
    not exist (``_derivative_domain``), or ``config.where_defined`` asks for the points where
    both sides are defined (``_where_defined``). A claim with an integral is proved only by
    the integral checker, which corroborates SymPy's integration."""
    from symbolic.checks import _where_defined
    from symbolic.checks._definedness import definedness_problem, shared_exclusion
    from symbolic.checks._derivative_domain import (as_derivative_step, derivative_domain,
                                                    uncorroborated_integral)
    if (why := uncorroborated_integral(step, name)) is not None:
        return Outcome(Verdict.INCONCLUSIVE, outcome.evidence + (Evidence("integrals", why),),
                       table=outcome.table, figures=outcome.figures)
    original, step = step, as_derivative_step(step)   # an antiderivative: where F' exists
    problem = definedness_problem(step)
    if problem is None:
        return outcome
    shared = shared_exclusion(step)
    if shared is not None:
        return outcome.with_evidence(Evidence(
            "definedness", f"{name}: proved on the whole domain where both sides are defined; "
            f"excluded, where neither side is defined: {shared.text()} (each condition there "
            f"is needed by both sides; both are defined at "
            f"{', '.join(f'{k} = {v}' for k, v in shared.witness)})"))
    domain = derivative_domain(original)
    if domain is not None:
        return outcome.with_evidence(Evidence("definedness", f"{name}: {domain.text()}"))
    sided = _where_defined.one_sided_exclusion(step) if config.where_defined else None
    if sided is not None:
        return outcome.with_evidence(Evidence("definedness", _where_defined.proved_text(name, sided)))
    return Outcome(Verdict.INCONCLUSIVE, outcome.evidence + (Evidence(
        "definedness", f"{name} supported the claim wherever its sides are defined, but "
        f"{problem} is not proved from the assumptions, so this is no proof on the whole "
        f"domain"),), table=outcome.table, figures=outcome.figures)


def _finish(outcome: Outcome, earlier: list[Evidence], start: float) -> Outcome:
    """The decisive outcome, after the evidence of the attempts before it: its own evidence
    decided; an earlier accepted one supports a proof, and is only an attempt otherwise."""
    keep = Role.SUPPORTS if outcome.verdict.accepted else Role.ATTEMPT
    before = tuple(e.as_(keep if e.role is Role.SUPPORTS else Role.ATTEMPT) for e in earlier)
    return Outcome(outcome.verdict, before + tuple(e.as_(Role.DECIDED) for e in outcome.evidence),
                   outcome.counterexample, time.perf_counter() - start, outcome.table,
                   outcome.figures)


def check_step_limited(step: Step, *, config: CheckConfig = CheckConfig(),
                       context: CheckContext | None = None) -> Outcome:
    """``check_step`` in a child process under a hard wall-time and memory limit.

    A budget that runs out gives ``timeout``; a crash gives ``error``; neither is
    ever ``refuted``. The step's own budget counts CPU seconds (``check_step``); the wall
    limit, twice that and two seconds more, only stops a child that stalls or starves.
    """
    if step.kind is Kind.PROSE:
        # no claim: ``check_step`` computes nothing and returns at once, as it would in a child
        return check_step(step, config=config, context=context)
    global _limited
    _limited += 1
    if _limited > 1 or threading.current_thread() is not threading.main_thread():
        # from the second check on, import every family once in this process so that the
        # forks start warm; a process that checks one step leaves it to the child, which
        # imports only the families the pipeline reaches (``_pipeline``). From a thread,
        # always first: another thread must never fork while this one is importing (the
        # child would inherit a module lock held by a thread it does not have)
        _load_families()
    wall = (2.0 * config.timeout_s + 2.0) * config.wall_factor
    result = run_limited(check_step, step, config=config, context=context,
                         timeout_s=wall, memory_mb=config.memory_mb)
    if result.ok:
        return result.value
    if result.status == "timeout":
        return Outcome(Verdict.TIMEOUT, (Evidence("budget", f"hard limit: {result.message}"),),
                       seconds=result.seconds)
    if result.status == "memory":
        return Outcome(Verdict.TIMEOUT, (Evidence("budget", f"memory ceiling of "
                       f"{config.memory_mb} MB: {result.message}"),), seconds=result.seconds)
    first_line = result.message.splitlines()[0] if result.message else "unknown failure"
    return Outcome(Verdict.ERROR, (Evidence("error", first_line),), seconds=result.seconds)
