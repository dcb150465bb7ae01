"""The data model: steps, claims, derivations, verdicts and outcomes.

Data only. Nothing here checks anything; checkers live in ``symbolic.checks``.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import sympy

from symbolic.errors import DerivationError


_STEP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class Verdict(enum.Enum):
    """What a check concluded; the values are the strings of CONTRACT.md."""

    PROVED = "proved"
    VERIFIED = "verified"
    REFUTED = "refuted"
    APPROXIMATE = "approximate"
    INCONCLUSIVE = "inconclusive"
    TIMEOUT = "timeout"
    PROSE = "prose"
    ERROR = "error"

    @property
    def decisive(self) -> bool:
        """A verdict that ends the pipeline: no cheaper check can improve on it."""
        return self in (Verdict.PROVED, Verdict.REFUTED, Verdict.PROSE, Verdict.ERROR)

    @property
    def accepted(self) -> bool:
        """A verdict that says the claim holds (within its tolerance for approximations)."""
        return self in (Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE)


class Kind(enum.Enum):
    """What sort of claim a step makes."""

    DEFINITION = "definition"
    IDENTITY = "identity"
    INEQUALITY = "inequality"
    IMPLICATION = "implication"
    APPROXIMATION = "approximation"
    LIMIT = "limit"
    PROSE = "prose"


class Relation(enum.Enum):
    """The relation between the two sides of a claim, spelled as in LaTeX."""

    EQ = "="
    NE = r"\ne"
    LT = "<"
    LE = r"\le"
    GT = ">"
    GE = r"\ge"
    APPROX = r"\approx"
    GG = r"\gg"
    LL = r"\ll"
    PROPTO = r"\propto"
    IMPLIES = r"\implies"

    @property
    def is_order(self) -> bool:
        return self in (Relation.LT, Relation.LE, Relation.GT, Relation.GE)

    @property
    def is_approximate(self) -> bool:
        return self in (Relation.APPROX, Relation.GG, Relation.LL)

    def holds(self, lhs, rhs) -> bool:
        """Evaluate the relation on two comparable numbers (exact or mpmath)."""
        return _HOLDS[self](lhs, rhs)


_HOLDS: dict[Relation, Callable[[Any, Any], bool]] = {
    Relation.EQ: lambda a, b: a == b,
    Relation.NE: lambda a, b: a != b,
    Relation.LT: lambda a, b: a < b,
    Relation.LE: lambda a, b: a <= b,
    Relation.GT: lambda a, b: a > b,
    Relation.GE: lambda a, b: a >= b,
}


@dataclass(frozen=True)
class Regime:
    """Where an approximate claim is meant to hold, and how well.

    ``ranges`` gives each parameter an interval ``(symbol, lo, hi)``; an integer symbol
    takes integer values in it. ``points`` lists explicit parameter points (each a tuple
    of ``(symbol, value)`` pairs) that are always measured. ``distributions`` says how
    free quantities are drawn, e.g. ``(s, "normal", 0, 1)`` for an ``IndexedBase`` s.
    ``tolerance`` is the relative error allowed (absolute when ``absolute``); for
    ``\\gg``/``\\ll`` it is the ratio that must be reached (default 100).
    """

    ranges: tuple[tuple[Any, Any, Any], ...] = ()
    points: tuple[tuple[tuple[Any, Any], ...], ...] = ()
    distributions: tuple[tuple[Any, ...], ...] = ()
    tolerance: float | None = None
    absolute: bool = False
    samples: int | None = None
    description: str = ""

    def tolerance_for(self, relation: Relation) -> float:
        if self.tolerance is not None:
            return self.tolerance
        return 100.0 if relation in (Relation.GG, Relation.LL) else 0.05


@dataclass(frozen=True)
class Claim:
    """A formal claim ``lhs <relation> rhs`` over SymPy expressions.

    For ``Relation.IMPLIES`` both sides are SymPy booleans (relationals, ``And``).
    A limit claim is written with ``sympy.Limit`` on one side.
    """

    lhs: sympy.Basic
    relation: Relation
    rhs: sympy.Basic
    regime: Regime | None = None

    def __post_init__(self):
        object.__setattr__(self, "lhs", sympy.sympify(self.lhs, strict=True))
        object.__setattr__(self, "rhs", sympy.sympify(self.rhs, strict=True))

    @property
    def free_symbols(self) -> set:
        return set(self.lhs.free_symbols) | set(self.rhs.free_symbols)


@dataclass(frozen=True)
class Rule:
    """A named rule that justifies a step, with the steps it builds on.

    ``name`` is looked up in the rule registry (``symbolic.checks.rules``); ``params``
    are rule-specific pairs ``(key, value)``, e.g. ``(("map", sympy.log),)``.
    """

    name: str
    premises: tuple[str, ...] = ()
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, key: str, default=None):
        for k, v in self.params:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Step:
    """One claim of a document, with the document's own words for it.

    ``quote`` is verbatim from the source (whitespace may differ); ``gloss`` is an
    optional one-line English reading of it. ``assumptions`` are SymPy booleans that
    hold on the step's domain, beyond what the symbols' own assumptions say (symbols
    are real unless created otherwise). ``corrects`` names the step this one repairs.
    """

    id: str
    kind: Kind
    quote: str
    claim: Claim | None = None
    assumptions: tuple[sympy.Basic, ...] = ()
    depends_on: tuple[str, ...] = ()
    rule: Rule | None = None
    corrects: str | None = None
    gloss: str | None = None
    latex: str | None = None

    def __post_init__(self):
        if not _STEP_ID.fullmatch(self.id):
            raise DerivationError(f"step id {self.id!r} must be letters, digits, '-' or '_' "
                                  "(it becomes a LaTeX label and a file-safe name)")
        if self.kind is Kind.PROSE and self.claim is not None:
            raise DerivationError(f"step {self.id} is prose but has a claim; give it another kind")
        if self.kind is not Kind.PROSE and self.claim is None:
            raise DerivationError(f"step {self.id} of kind {self.kind.value} needs a claim")
        object.__setattr__(self, "assumptions", tuple(self.assumptions))
        object.__setattr__(self, "depends_on", tuple(self.depends_on))


@dataclass(frozen=True)
class Series:
    """One curve of a figure."""

    label: str
    x: tuple[float, ...]
    y: tuple[float, ...]
    style: str = "-"


@dataclass(frozen=True)
class Figure:
    """A plot that a document's report shows.

    ``series`` is a pure function (seeded, no I/O) returning the curves; the renderer
    draws them. ``name`` is the file stem of the image in the report folder.
    """

    name: str
    caption: str
    series: Callable[[], tuple[Series, ...]]
    xlabel: str = ""
    ylabel: str = ""
    logx: bool = False
    logy: bool = False


@dataclass(frozen=True)
class Derivation:
    """An ordered, validated list of steps: one encoded document.

    ``source`` is the seed file name (``proofs/sources/<source>`` holds a copy).
    """

    id: str
    title: str
    source: str
    steps: tuple[Step, ...]
    description: str = ""
    figures: tuple[Figure, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "figures", tuple(self.figures))
        seen: set[str] = set()
        for step in self.steps:
            if step.id in seen:
                raise DerivationError(f"derivation {self.id}: step id {step.id} is used twice")
            refs = list(step.depends_on) + ([step.corrects] if step.corrects else [])
            refs += list(step.rule.premises) if step.rule else []
            for ref in refs:
                if ref not in seen:
                    later = any(s.id == ref for s in self.steps)
                    where = "which comes after it" if later else "which does not exist"
                    raise DerivationError(f"step {step.id} uses {ref}, {where}")
            seen.add(step.id)

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        known = ", ".join(s.id for s in self.steps)
        raise DerivationError(f"{self.id} has no step {step_id!r} (steps: {known})")


@dataclass(frozen=True)
class Evidence:
    """One thing a checker did and what it found, in a sentence."""

    method: str
    detail: str


@dataclass(frozen=True)
class Outcome:
    """A verdict with its evidence.

    ``counterexample`` is a tuple of ``(name, value)`` strings where the claim was shown
    false by certified arithmetic; ``figures`` are file names of figures a checker made
    (relative to the report folder); ``table`` is an optional list of rows for reports.
    """

    verdict: Verdict
    evidence: tuple[Evidence, ...] = ()
    counterexample: tuple[tuple[str, str], ...] | None = None
    seconds: float = 0.0
    table: tuple[tuple[str, ...], ...] | None = None
    figures: tuple[str, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "evidence", tuple(self.evidence))
        if self.verdict is Verdict.REFUTED and not self.counterexample:
            raise ValueError("a refuted outcome needs a certified counterexample")

    @property
    def method(self) -> str:
        return self.evidence[0].method if self.evidence else ""

    def with_evidence(self, *more: Evidence) -> "Outcome":
        return Outcome(self.verdict, self.evidence + tuple(more), self.counterexample,
                       self.seconds, self.table, self.figures)


def undecided(method: str, detail: str) -> Outcome:
    """An inconclusive outcome that records what was tried."""
    return Outcome(Verdict.INCONCLUSIVE, (Evidence(method, detail),))


def infer_kind(claim: Claim) -> Kind:
    """The kind a claim has by its shape: limits, approximations, implications, identities."""
    if claim.lhs.has(sympy.Limit) or claim.rhs.has(sympy.Limit):
        return Kind.LIMIT
    if claim.relation.is_approximate:
        return Kind.APPROXIMATION
    if claim.relation is Relation.IMPLIES:
        return Kind.IMPLICATION
    if claim.relation in (Relation.EQ, Relation.PROPTO):
        return Kind.IDENTITY
    return Kind.INEQUALITY
