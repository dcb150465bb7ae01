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
    """What a check concluded; the values are the strings of the JSON outputs (docs/verdicts.md)."""

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

    @property
    def rests_on(self) -> tuple[str, ...]:
        """The steps this step's claim rests on: ``depends_on``, then the rule's premises.

        A correction does not rest on the step it corrects (it repairs it), so ``corrects``
        is not here; see ``references``.
        """
        premises = self.rule.premises if self.rule is not None else ()
        return tuple(dict.fromkeys((*self.depends_on, *premises)))

    @property
    def references(self) -> tuple[str, ...]:
        """Every step this step names: ``rests_on``, then ``corrects``.

        These must come earlier in a derivation, and a check may read their outcomes
        (so they are part of the step's cache key).
        """
        return tuple(dict.fromkeys((*self.rests_on, *((self.corrects,) if self.corrects else ()))))


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
            for ref in step.references:
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


class Role(enum.Enum):
    """What a piece of evidence did for the verdict (set by the pipeline, which knows)."""

    DECIDED = "decided"      # the attempt that gave the verdict
    SUPPORTS = "supports"    # consistent with the verdict and kept (a sampling before a proof)
    ATTEMPT = "attempt"      # tried, decided nothing: never evidence either way


@dataclass(frozen=True)
class Evidence:
    """One thing a checker did and what it found: ``detail`` is the sentence a reader sees,
    ``role`` what it did for the verdict."""

    method: str
    detail: str
    role: Role = Role.ATTEMPT

    def as_(self, role: Role) -> "Evidence":
        """The same evidence with another role."""
        return self if role is self.role else Evidence(self.method, self.detail, role)

    def to_json(self) -> dict:
        return {"method": self.method, "detail": self.detail, "role": self.role.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Evidence":
        return cls(str(data["method"]), str(data["detail"]), Role(data.get("role", "attempt")))


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

    @property
    def telling(self) -> tuple[Evidence, ...]:
        """The evidence that decided or supports the verdict (all of it when none is marked:
        an undecided outcome's attempts are the whole story of its verdict)."""
        telling = tuple(e for e in self.evidence if e.role is not Role.ATTEMPT)
        return telling or self.evidence

    def to_json(self) -> dict:
        """The outcome as plain JSON data: the one encoding of the cache, ``check --json`` and
        its JSONL (``from_json`` reads it back). Format history: see ``JSON_FORMAT``."""
        return {
            "verdict": self.verdict.value,
            "evidence": [e.to_json() for e in self.evidence],
            "counterexample": ({str(n): str(v) for n, v in self.counterexample}
                               if self.counterexample is not None else None),
            "seconds": self.seconds,
            "table": [list(map(str, row)) for row in self.table] if self.table is not None else None,
            "figures": list(self.figures),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Outcome":
        """The outcome written by ``to_json``."""
        counterexample = data.get("counterexample")
        table = data.get("table")
        return cls(
            Verdict(data["verdict"]),
            tuple(Evidence.from_json(e) for e in data.get("evidence", ())),
            tuple((str(n), str(v)) for n, v in counterexample.items())
            if counterexample is not None else None,
            float(data.get("seconds", 0.0)),
            tuple(tuple(str(c) for c in row) for row in table) if table is not None else None,
            tuple(str(f) for f in data.get("figures", ())),
        )


# The version of the outcome encoding (``Outcome.to_json``) and of the documents that carry it.
# 1: the cache stored evidence as [method, detail] pairs and counterexamples as pairs;
#    ``check --json`` had evidence objects and a counterexample object, without table/figures.
# 2: one encoding everywhere: evidence objects with "role", a counterexample object (in the
#    order of its names), "table" and "figures".
JSON_FORMAT = 2


@dataclass(frozen=True)
class Tally:
    """How many outcomes got each verdict; tallies add (``sum(tallies, Tally())`` works)."""

    counts: tuple[tuple[Verdict, int], ...] = ()

    @classmethod
    def of(cls, verdicts) -> "Tally":
        """The tally of verdicts (or of outcomes, whose verdicts are counted)."""
        counts: dict[Verdict, int] = {}
        for item in verdicts:
            verdict = item if isinstance(item, Verdict) else item.verdict
            counts[verdict] = counts.get(verdict, 0) + 1
        return cls(tuple((v, counts[v]) for v in Verdict if v in counts))

    def __getitem__(self, verdict: Verdict) -> int:
        return dict(self.counts).get(verdict, 0)

    def __add__(self, other: "Tally") -> "Tally":
        if not isinstance(other, Tally):
            return NotImplemented
        mine, theirs = dict(self.counts), dict(other.counts)
        return Tally(tuple((v, mine.get(v, 0) + theirs.get(v, 0)) for v in Verdict
                           if v in mine or v in theirs))

    def __radd__(self, other) -> "Tally":
        if other == 0:     # sum() starts from 0
            return self
        return NotImplemented

    @property
    def total(self) -> int:
        return sum(n for _, n in self.counts)

    def as_dict(self, *, zeros: bool = False) -> dict[str, int]:
        """``{"proved": 3, ...}`` in verdict order (with ``zeros``: every verdict)."""
        mine = dict(self.counts)
        return {v.value: mine.get(v, 0) for v in Verdict if zeros or v in mine}

    def text(self) -> str:
        """``3 proved, 1 verified`` in verdict order ("" for an empty tally)."""
        return ", ".join(f"{n} {v.value}" for v, n in self.counts)

    def overall(self) -> Verdict:
        """The verdict of the whole: the worst present, in the order error, refuted, timeout,
        inconclusive, approximate, verified, proved; prose when only prose, and
        inconclusive when empty (nothing was shown)."""
        for verdict in (Verdict.ERROR, Verdict.REFUTED, Verdict.TIMEOUT, Verdict.INCONCLUSIVE,
                        Verdict.APPROXIMATE, Verdict.VERIFIED, Verdict.PROVED):
            if self[verdict]:
                return verdict
        return Verdict.PROSE if self.total else Verdict.INCONCLUSIVE


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
