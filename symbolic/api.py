"""Write and check your own derivations, the way ``proofs/`` does.

A step's claim is a SymPy relational (``sympy.Eq``, ``sympy.Le``, ...), a ``Claim``, a
tuple ``(lhs, relation, rhs)`` (for ``\\approx``, ``\\gg``, ``\\propto``, ...), or a LaTeX
string with one relation, read by ``symbolic.latex.parse_chain``. Assumptions are SymPy
booleans or LaTeX (``"x > 0"``, ``r"n \\in \\mathbb{Z}_{>0}"``)::

    >>> import sympy, symbolic as sc
    >>> x = sc.symbols("x")
    >>> s = sc.step("square", sympy.Eq((x + 1)**2, x**2 + 2*x + 1, evaluate=False))
    >>> s.kind.value
    'identity'

Checking runs every step under the hard time and memory limits of ``CheckConfig``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import sympy

from symbolic.config import CheckConfig
from symbolic.errors import ConfigError, DerivationError, ParseError, StepcheckError
from symbolic.model import (Claim, Derivation, Kind, Outcome, Regime, Relation, Rule, Step, Verdict,
                            infer_kind)

ClaimLike = Any  # a SymPy relational, a Claim, (lhs, relation, rhs), or a LaTeX string

_RELATIONALS = {
    sympy.Eq: Relation.EQ, sympy.Ne: Relation.NE, sympy.Lt: Relation.LT,
    sympy.Le: Relation.LE, sympy.Gt: Relation.GT, sympy.Ge: Relation.GE,
}
_RELATION_SPELLINGS = {
    "=": Relation.EQ, "==": Relation.EQ, "!=": Relation.NE, r"\neq": Relation.NE,
    "<=": Relation.LE, r"\leq": Relation.LE, ">=": Relation.GE, r"\geq": Relation.GE,
    "~": Relation.APPROX, r"\sim": Relation.APPROX, "=>": Relation.IMPLIES,
    r"\Rightarrow": Relation.IMPLIES, r"\Longrightarrow": Relation.IMPLIES,
}


def symbols(names: str, **assumptions):
    """SymPy symbols that are real unless said otherwise (the house convention).

    ``symbols("x y")`` gives two real symbols; ``symbols("n", integer=True,
    positive=True)`` a size; ``symbols("z", complex=True)`` a complex one.
    """
    if not any(key in assumptions for key in ("real", "complex", "extended_real", "imaginary")):
        assumptions["real"] = True
    assumptions.pop("complex", None)  # SymPy's default symbol is already complex
    return sympy.symbols(names, **assumptions)


def step(id: str, claim_or_latex: ClaimLike = None, *, quote: str | None = None,
         assume: Iterable = (), rule: Rule | str | None = None, depends_on: Sequence[str] = (),
         kind: Kind | str | None = None, regime: Regime | None = None,
         corrects: str | None = None, gloss: str | None = None,
         imaginary_unit: bool = False, config: CheckConfig | None = None) -> Step:
    """One step of a derivation.

    ``quote`` is your own text for the step (defaults to its LaTeX); a step without a
    claim is prose and needs a quote. ``assume`` holds SymPy booleans or LaTeX strings;
    ``rule`` a ``Rule`` or a rule name; ``kind`` is inferred from the relation when not
    given. A LaTeX claim must be one relation (``a = b``); write a chain as one step per link.
    LaTeX is read as ``stepcheck check`` reads it, in a forked child under the budget of
    ``config`` (reading that runs out raises ``ReadingRanOut``, a ``ParseError``).
    """
    if claim_or_latex is None:
        if not quote:
            raise DerivationError(f"step {id!r} has neither a claim nor a quote; give one of them")
        return Step(id=id, kind=Kind.PROSE, quote=quote, gloss=gloss, depends_on=tuple(depends_on))
    latex = None
    assume = list(assume)
    where = f"step {id!r}"
    if isinstance(claim_or_latex, str):
        claim, facts, latex = _claim_from_latex(id, claim_or_latex, assume, imaginary_unit,
                                                config or CheckConfig())
        facts += tuple(_on_symbols_of(_boolean(a, where), claim)
                       for a in assume if not isinstance(a, str))
    else:
        claim, facts = _with_assumptions(to_claim(claim_or_latex, where=where), assume,
                                         imaginary_unit, where)
        _refuse_complex_order(claim, facts, where)
    if regime is not None:
        claim = Claim(claim.lhs, claim.relation, claim.rhs, regime)
    if quote is None:
        quote = latex if latex is not None else _claim_latex(claim)
    return Step(id=id, kind=_kind(kind, claim), quote=quote, claim=claim, assumptions=facts,
                depends_on=tuple(depends_on), rule=_rule(rule), corrects=corrects, gloss=gloss,
                latex=latex)


def derivation(id: str, steps: Iterable[Step], *, title: str | None = None,
               description: str = "", source: str = "") -> Derivation:
    """An ordered, validated derivation (unique step ids, dependencies defined before use)."""
    return Derivation(id=id, title=title or id, source=source, steps=tuple(steps),
                      description=description)


REQUIREMENTS = {"proved": (Verdict.PROVED, Verdict.PROSE),
                "verified": (Verdict.PROVED, Verdict.VERIFIED, Verdict.PROSE)}


class CheckFailed(StepcheckError):
    """A claim or derivation fell short of what ``require=`` asked for.

    ``outcomes`` maps every step id to its outcome; ``failing`` names the steps that fell short.
    """

    def __init__(self, message: str, outcomes: Mapping[str, Outcome], failing: Sequence[str]):
        super().__init__(message)
        self.outcomes = dict(outcomes)
        self.failing = tuple(failing)


def short_of(outcomes: Mapping[str, Outcome], require: str) -> list[str]:
    """Ids of the steps whose verdict falls short of ``require`` (``"proved"`` or ``"verified"``)."""
    accepted = _accepted(require)
    return [step_id for step_id, outcome in outcomes.items() if outcome.verdict not in accepted]


def _accepted(require: str) -> tuple[Verdict, ...]:
    key = require.value if isinstance(require, Verdict) else require
    if key not in REQUIREMENTS:
        raise ConfigError(f"require={require!r} is not a requirement; use 'proved' (a symbolic "
                          "proof) or 'verified' (proved or verified)")
    return REQUIREMENTS[key]


def _enforce(outcomes: Mapping[str, Outcome], require: str | None, what: str) -> None:
    if require is None:
        return
    failing = short_of(outcomes, require)
    if failing:
        listed = ", ".join(f"{step_id} {outcomes[step_id].verdict.value}" for step_id in failing)
        raise CheckFailed(f"{what}: {len(failing)} of {len(outcomes)} steps short of "
                          f"require={require!r} ({listed})", outcomes, failing)


def check(claim_or_latex: ClaimLike, *, assume: Iterable = (), config: CheckConfig | None = None,
          rule: Rule | str | None = None, require: str | None = None) -> Outcome:
    """Check one claim (SymPy, ``Claim`` or one LaTeX relation) and return its outcome.

    Runs in a child process under the time and memory budget of ``config``; a budget
    that runs out gives ``timeout``, never ``refuted``. With ``require="proved"`` (or
    ``"verified"``) an outcome short of it raises ``CheckFailed``, which carries the outcome.
    """
    from symbolic.checks import check_step_limited
    config = config or CheckConfig()
    if require is not None:
        _accepted(require)
    try:
        one = step("claim", claim_or_latex, assume=assume, rule=rule,
                   imaginary_unit=config.imaginary_unit, config=config)
    except ComplexOrderError as exc:  # a claim with no real meaning: undecided, and why
        from symbolic.model import Evidence
        outcome = Outcome(Verdict.INCONCLUSIVE, (Evidence("domain", str(exc)),))
    except ReadingRanOut as exc:     # as ``stepcheck check``: a timeout, never an error
        outcome = exc.outcome
    else:
        outcome = check_step_limited(one, config=config)
    _enforce({"claim": outcome}, require, "the claim")
    return outcome


def check_chain(latex: str, *, assume: Iterable[str] = (),
                config: CheckConfig | None = None) -> tuple[tuple[str, Outcome], ...]:
    """Check every link of a LaTeX chain ``a = b \\le c``; returns ``(link LaTeX, outcome)`` pairs.

    The same path as ``stepcheck check``: the LaTeX is read in a forked child under the
    budget of ``config`` (reading that runs out gives one ``timeout`` for the chain), then
    each link is checked in its own. A chain that cannot be read raises ``ParseError``. A
    definition of a new name (``y := 2x``) gives no link: it holds by definition, and a chain
    ``y := 2x = x + x`` checks its other links with y replaced by what defines it.
    """
    from symbolic.commands.chain import CheckedLink, Item, check_item, reader_options
    _require_strings(assume, "check_chain")
    links, unreadable = check_item(Item(latex), tuple(assume), config or CheckConfig(),
                                   reader_options(()), expressions=True)
    if unreadable:
        raise ParseError(unreadable[0].reason)
    checked = [link for link in links if isinstance(link, CheckedLink)]
    if not checked and not any(getattr(link, "kind", None) == "definition" for link in links):
        # an expression or a statement alone: no relation to check, as before
        raise ParseError(f"no relation in {latex!r}: write a claim such as 'a = b' or 'a \\le b'")
    return tuple((link.latex, link.outcome) for link in checked)


def check_derivation(derivation: Derivation, *, config: CheckConfig | None = None, jobs: int = 1,
                     cache=None, progress: Callable[[int, int, str], None] | None = None,
                     require: str | None = None,
                     steps: Sequence[str] | None = None) -> dict[str, Outcome]:
    """The outcome of every step, in step order (``symbolic.runner.check_derivation``).

    ``jobs`` > 1 checks independent steps in parallel processes; ``cache`` (a
    ``symbolic.cache.Cache``) skips steps checked before with the same configuration.
    ``steps`` (ids) checks only those and the steps they reference.
    With ``require="proved"`` (or ``"verified"``) a step short of it raises ``CheckFailed``
    (prose steps make no claim and pass).
    """
    from symbolic.runner import check_derivation as run
    if require is not None:
        _accepted(require)
    outcomes = run(derivation, config=config or CheckConfig(), jobs=jobs, cache=cache,
                   progress=progress, steps=steps)
    _enforce(outcomes, require, f"derivation {derivation.id!r}")
    return outcomes


def render_derivation(derivation: Derivation, outcomes: Mapping[str, Outcome] | None = None,
                      fmt: str = "markdown") -> str:
    """A report of a checked derivation as text: ``markdown``, ``latex`` or ``json``.

    The same reporters as ``stepcheck report`` (figures are not drawn here). Without
    ``outcomes`` the derivation is checked first.
    """
    from symbolic import render as reporters
    formats = {"markdown": reporters.render_markdown, "md": reporters.render_markdown,
               "latex": reporters.render_latex, "tex": reporters.render_latex,
               "json": lambda row: reporters.render_summary([row])}
    if fmt not in formats:
        raise ConfigError(f"fmt={fmt!r} is not a report format; use 'markdown', 'latex' or 'json'")
    if outcomes is None:
        outcomes = check_derivation(derivation)
    return formats[fmt](reporters.build_rows(derivation, outcomes))


def export_derivation(derivation: Derivation, outcomes: Mapping[str, Outcome] | None = None, *,
                      ids: Sequence[str] | None = None, status: bool = True) -> str:
    """Paper-ready LaTeX (``align`` blocks with ``\\label``s) of a derivation's steps.

    ``ids`` picks steps (default all); ``status`` adds verdict marks, for which the
    derivation is checked when ``outcomes`` are not given.
    """
    from symbolic.commands.export import export_text
    if status and outcomes is None:
        outcomes = check_derivation(derivation)
    return export_text(derivation, tuple(ids) if ids else None, status=status,
                       outcomes=dict(outcomes) if outcomes is not None else None)


# ``render``/``export`` read well in user code (``sc.api.render(d, outcomes)``); they are
# not re-exported from ``symbolic`` because submodules of the same names would shadow them.
render = render_derivation
export = export_derivation


def load_derivation(path_or_doc: str | Path) -> Derivation:
    """The ``DERIVATION`` of a Python file (``my_proof.py``) or of an encoded document id."""
    from symbolic.commands.targets import load_document
    return load_document(path_or_doc)


# --- claims ------------------------------------------------------------------------------

def to_claim(value: ClaimLike, *, where: str = "the claim") -> Claim:
    """A ``Claim`` from a SymPy relational, a ``Claim`` or a tuple ``(lhs, relation, rhs)``."""
    if isinstance(value, Claim):
        return value
    if isinstance(value, tuple) and len(value) == 3:
        lhs, relation, rhs = value
        return Claim(_sympify_side(lhs, where), _relation(relation, where), _sympify_side(rhs, where))
    if isinstance(value, sympy.logic.boolalg.BooleanAtom):
        raise DerivationError(
            f"{where}: SymPy already evaluated the claim to {value}; write it with "
            "evaluate=False (sympy.Eq(a, b, evaluate=False)), as a tuple (a, '=', b), or in LaTeX")
    if isinstance(value, sympy.Implies):
        return Claim(value.args[0], Relation.IMPLIES, value.args[1])
    for cls, relation in _RELATIONALS.items():
        if isinstance(value, cls):
            return Claim(value.lhs, relation, value.rhs)
    raise DerivationError(f"{where}: {value!r} is not a claim; give a SymPy relational "
                          "(sympy.Eq, sympy.Le, ...), a tuple (lhs, relation, rhs) or a LaTeX string")


def _sympify_side(side, where: str):
    if isinstance(side, str):
        raise DerivationError(f"{where}: the side {side!r} is a string; give a SymPy expression, "
                              "or write the whole claim in LaTeX")
    try:
        return sympy.sympify(side, strict=True)
    except sympy.SympifyError:
        raise DerivationError(f"{where}: {side!r} is not a SymPy expression") from None


def _relation(relation, where: str) -> Relation:
    if isinstance(relation, Relation):
        return relation
    text = str(relation).strip()
    for candidate in Relation:
        if candidate.value == text:
            return candidate
    if text in _RELATION_SPELLINGS:
        return _RELATION_SPELLINGS[text]
    known = ", ".join(r.value for r in Relation)
    raise DerivationError(f"{where}: unknown relation {relation!r}; use one of {known}")


class ReadingRanOut(ParseError):
    """Reading a LaTeX claim ran out of its budget; ``outcome`` is the ``timeout`` it gives."""

    def __init__(self, message: str, outcome: Outcome):
        super().__init__(message)
        self.outcome = outcome


def _claim_from_latex(id: str, latex: str, assume: Iterable, imaginary_unit: bool,
                      config: CheckConfig):
    """The claim of one LaTeX relation, read by the one reading path (``commands.chain``)."""
    from symbolic.commands.chain import read_chain
    texts = tuple(a for a in assume if isinstance(a, str))
    parsed = read_chain(latex, texts, config.but(imaginary_unit=imaginary_unit))
    if isinstance(parsed, StepcheckError):
        raise parsed
    if isinstance(parsed, Outcome):
        raise ReadingRanOut(f"step {id!r}: reading {latex[:60]!r} ran out of its budget", parsed)
    if len(parsed.links) != 1:
        raise ParseError(f"step {id!r}: {latex!r} has {len(parsed.links)} relations; a step is "
                         "one relation, so write one step per link (or use check_chain)")
    from symbolic.commands.chain import _defines_a_new_name
    if _defines_a_new_name(latex, parsed):
        # y := 2x names y: checked as the equation y = 2x it would be refuted at y = 0
        raise ParseError(f"step {id!r}: {latex!r} defines a new name: nothing to check (a "
                         "document states it as a definition step, Kind.DEFINITION)")
    link = parsed.links[0]
    return link.claim, tuple(parsed.assumptions.facts), link.latex


def _with_assumptions(claim: Claim, assume: Iterable, imaginary_unit: bool, where: str):
    """The claim and its facts under ``assume`` (SymPy booleans and LaTeX strings).

    LaTeX such as ``x > 0`` or ``n \\in \\mathbb{Z}_{>0}`` is read into symbol assumptions,
    as the ``check`` command does: the claim's symbols of those names are replaced by
    symbols that carry both their own and the stated assumptions.
    """
    facts: list = []
    texts = []
    for item in assume:
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, sympy.logic.boolalg.Boolean):
            facts.append(item)
        else:
            raise DerivationError(f"{where}: assumption {item!r} is neither LaTeX nor a SymPy "
                                  "boolean; write e.g. 'x > 0' or x > 0 with a SymPy symbol x")
    if not texts:
        return claim, tuple(facts)
    from symbolic.latex import parse_assumptions
    parsed = parse_assumptions(texts, imaginary_unit=imaginary_unit)
    swap = _merged_symbols(claim, parsed.symbols, where)
    if swap:
        claim = Claim(claim.lhs.xreplace(swap), claim.relation, claim.rhs.xreplace(swap),
                      claim.regime)
        facts = [fact.xreplace(swap) for fact in facts]
    facts += [_on_symbols_of(fact, claim) for fact in parsed.facts]
    return claim, tuple(facts)


class ComplexOrderError(DerivationError):
    """An order claim over a symbol that may be complex (``check`` answers inconclusive)."""


def _refuse_complex_order(claim: Claim, facts: Sequence, where: str) -> None:
    """An order claim over a symbol SymPy takes for complex (a plain ``Symbol('z')``) is
    refused: ``<`` compares real numbers, and silently reading z as real would check a
    different claim. (Equalities over such symbols are checked over the complex plane.)"""
    if not claim.relation.is_order:
        return
    ordered = set()
    for fact in facts:
        for node in sympy.preorder_traversal(fact):
            if isinstance(node, (sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan,
                                 sympy.GreaterThan)):
                ordered |= node.free_symbols
    loose = sorted(str(s) for s in claim.free_symbols
                   if isinstance(s, sympy.Symbol) and s.is_extended_real is not True
                   and s not in ordered)
    if loose:
        raise ComplexOrderError(
            f"{where}: {', '.join(loose)} may be complex (a SymPy symbol without real=True), and "
            f"{claim.relation.value} compares real numbers; declare it real "
            f"(stepcheck's symbols(), sympy.Symbol(name, real=True)) or assume e.g. 'x > 0'")


def _merged_symbols(claim: Claim, stated: Mapping[str, sympy.Symbol], where: str) -> dict:
    """For each claim symbol named in ``stated``: a symbol with both sets of assumptions."""
    swap = {}
    for old in claim.free_symbols:
        new = stated.get(getattr(old, "name", None)) if isinstance(old, sympy.Symbol) else None
        if new is None or new == old:
            continue
        flags = {k: v for k, v in old.assumptions0.items() if v is not None}
        for key, value in new.assumptions0.items():
            if value is not None and flags.get(key, value) != value:
                raise DerivationError(f"{where}: the assumption on {old.name} contradicts the "
                                      f"symbol's own ({key}={flags[key]}); change one of them")
            flags[key] = value
        try:
            swap[old] = sympy.Symbol(old.name, **flags)
        except Exception:
            raise DerivationError(f"{where}: the assumptions on {old.name} contradict each other "
                                  "(the symbol's own and the stated ones)") from None
    return swap


def _on_symbols_of(fact, claim: Claim):
    """``fact`` with its symbols replaced by the claim's symbols of the same name.

    The LaTeX reader makes its own symbols; a SymPy claim may use symbols with other
    assumptions, which SymPy would take for different symbols.
    """
    by_name: dict[str, sympy.Basic] = {}
    for expr in (claim.lhs, claim.rhs):
        for atom in expr.atoms(sympy.Symbol, sympy.IndexedBase):
            by_name.setdefault(str(atom), atom)
    mapping = {atom: by_name[str(atom)] for atom in fact.atoms(sympy.Symbol, sympy.IndexedBase)
               if str(atom) in by_name and by_name[str(atom)] != atom}
    return fact.xreplace(mapping) if mapping else fact


def _boolean(item, where: str):
    if not isinstance(item, sympy.logic.boolalg.Boolean):
        raise DerivationError(f"{where}: assumption {item!r} is neither LaTeX nor a SymPy "
                              "boolean; write e.g. 'x > 0' or x > 0 with a SymPy symbol x")
    return item


def _require_strings(assume, where: str) -> None:
    for item in assume:
        if not isinstance(item, str):
            raise DerivationError(f"{where}: assumption {item!r} must be LaTeX text here")


def _kind(kind, claim: Claim) -> Kind:
    if kind is None:
        return infer_kind(claim)
    if isinstance(kind, Kind):
        return kind
    try:
        return Kind(str(kind))
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise DerivationError(f"kind {kind!r} is not a kind of step; use one of {known}") from None


def _rule(rule) -> Rule | None:
    if rule is None or isinstance(rule, Rule):
        return rule
    if isinstance(rule, str):
        return Rule(rule)
    raise DerivationError(f"rule {rule!r} must be a Rule or a rule name")


def _claim_latex(claim: Claim) -> str:
    # bounded: printing evaluates numbers to order terms, and some never finish
    from symbolic.notebook import claim_latex
    return claim_latex(claim)
