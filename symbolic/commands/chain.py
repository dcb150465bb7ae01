"""The one path from a LaTeX chain to checked links, always under the hard limits.

``check_item`` reads a chain (``a = b \\le c``) in a forked child under the budget of
``symbolic.budget`` (hostile input such as ``9^{9^{9^{9}}}`` ends as ``timeout`` or a parse
error, never a hang), makes one ``Step`` per link and checks each with
``check_step_limited`` (its own forked child, hard time and memory limits). ``stepcheck
check``, ``symbolic.api.check_chain``, the language server and Dask batches all call it;
``check_target`` is the same for encoded steps (``DOC:ID``), through ``symbolic.runner``.
"""
from __future__ import annotations

from dataclasses import dataclass

from symbolic.budget import Status, run_limited
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import Evidence, Outcome, Step, Verdict, infer_kind

MAX_INPUT_CHARS = 200_000        # a claim, or stdin
MAX_DOCUMENT_CHARS = 5_000_000   # a .tex, .md or .jsonl file (a thesis is ~1 MB)
MAX_CHAIN_CHARS = 4_000          # one chain of a document (the formula reader's own limit)
READING_TIMEOUT_S = 20.0         # reading one chain, at most (less when the check's budget is less)


@dataclass(frozen=True)
class CheckedLink:
    """One link of the input with its outcome, and where it was written (``file``, ``line``)."""

    latex: str
    relation: str
    lhs_latex: str
    rhs_latex: str
    outcome: Outcome
    file: str | None = None
    line: int | None = None
    assume: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unreadable:
    """A display or claim that could not be read, where it is, and the one-line reason."""

    latex: str
    reason: str
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        return f"{where(self.file, self.line)}{self.reason}"


@dataclass(frozen=True)
class ReadExpression:
    """A display (or claim) with no relation, read as one expression: nothing to check.

    ``typeset`` is the expression as the reader understood it, printed back in LaTeX, so that
    the user can see the reading."""

    latex: str
    typeset: str
    file: str | None = None
    line: int | None = None
    assume: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    kind: str = "expression"    # "definition": a name defined (:=, \\leftarrow); "statement":
    # a membership (x \\in S) or a distribution (X \\sim \\mathcal{N}(0, 1)); "order" (T(n) =
    # O(n^2)); "update" (t \\leftarrow t + 1); "continuation" (= a + b); nothing to check

    @property
    def meaning(self) -> str:
        """The sentence that says what was read and why nothing is checked."""
        return _MEANINGS.get(self.kind, f"read as {self.kind}: nothing to check")


_MEANINGS = {
    "expression": "read as an expression (no relation): nothing to check",
    "definition": "read as a definition of a new name: nothing to check",
    "statement": "read as a statement (where a quantity lies, or how it is drawn): nothing to check",
    "order": "read as an order of growth (O, Theta, o), not an equation between values: "
             "nothing to check",
    "update": "read as an update (the new value of a name that its right side uses), not an "
              "equation: nothing to check",
    "continuation": "read as a continuation (a relation and the side after it; what it "
                    "continues is the previous display's last side): nothing to check alone",
}
# the statement kinds of symbolic.latex.statements that have a listing kind of their own
_STATEMENT_KINDS = {"ORDER": "order", "UPDATE": "update", "CONTINUATION": "continuation"}


@dataclass(frozen=True)
class Item:
    """One claim to check: a chain with its place in a file and the conditions it states."""

    latex: str
    file: str | None = None
    line: int | None = None
    assume: tuple[str, ...] = ()
    problem: str | None = None
    notes: tuple[str, ...] = ()
    imaginary_unit: bool | None = None     # a claim's own setting (a .jsonl line), else the run's
    link_lines: tuple[int, ...] = ()       # the line of each relation, when a display told them


def where(file: str | None, line: int | None) -> str:
    """``file:line: `` (or ``file: ``, or nothing) before a message about a place."""
    if file is None:
        return ""
    return f"{file}:{line}: " if line is not None else f"{file}: "


def check_chain(latex: str, *, assume: tuple[str, ...] = (), config: CheckConfig = CheckConfig(),
                functions: tuple[str, ...] = ()) -> tuple[CheckedLink, ...]:
    """Every link of one LaTeX chain, checked; a chain that cannot be read raises ``ParseError``."""
    links, unreadable = check_item(Item(latex), tuple(assume), config, reader_options(functions))
    if unreadable:
        raise ParseError(unreadable[0].reason)
    return tuple(links)


def check_item(item: Item, assume: tuple[str, ...], config: CheckConfig, reader_options: dict,
               expressions: bool = False
               ) -> tuple[list[CheckedLink | ReadExpression], list[Unreadable]]:
    """The checked links of one claim, or why it cannot be read.

    With ``expressions``, an item with no relation is read as an expression and comes back
    as the one ``ReadExpression`` of the first list (nothing is checked); without, it is
    unreadable ("no relation"), as callers that expect only links need."""
    if item.problem is not None:
        return [], [Unreadable(item.latex, item.problem, item.file, item.line)]
    if item.imaginary_unit is not None and item.imaginary_unit != config.imaginary_unit:
        config = config.but(imaginary_unit=item.imaginary_unit)
    if len(item.latex) > MAX_CHAIN_CHARS and item.file is not None:
        return [], [Unreadable(item.latex[:80], f"longer than {MAX_CHAIN_CHARS} characters",
                               item.file, item.line)]
    parsed = read_chain(item.latex, assume + item.assume, config, reader_options,
                        expressions=expressions)
    if isinstance(parsed, StepcheckError):
        reason = " ".join(str(parsed).split())
        if item.assume:
            reason += f" (the display's condition: {', '.join(item.assume)})"
        return [], [Unreadable(item.latex, reason, item.file, item.line)]
    if isinstance(parsed, Outcome):  # reading ran out of budget
        return [CheckedLink(item.latex, "", "", "", parsed, item.file, item.line, item.assume,
                            item.notes)], []
    links = []
    # the display's notes, then the reading's own (which reading of i, := read as =)
    notes = item.notes + tuple(n for n in parsed.notes if n not in item.notes)
    from symbolic.latex.parse import ParsedExpression
    if isinstance(parsed, ParsedExpression):     # no relation: shown as read, never checked
        from symbolic.latex import to_latex
        return [ReadExpression(item.latex, to_latex(parsed.value), item.file, item.line,
                               item.assume, notes)], []
    from symbolic.latex.statements import ParsedStatement
    if isinstance(parsed, ParsedStatement):      # x \in S, X \sim law: shown, never checked
        return [ReadExpression(item.latex, parsed.typeset, item.file, item.line, item.assume,
                               notes, kind=_STATEMENT_KINDS.get(parsed.kind.name, "statement"))], []
    if expressions and _defines_a_new_name(item.latex, parsed):
        # a definition of a name that appears nowhere else holds by definition: checking it
        # like = would refute every definition (x := 2 fails at x = 0)
        from symbolic.latex import to_latex
        link = parsed.links[0]
        notes = tuple(n for n in notes if not n.startswith("a definition (:=) is read as"))
        return [ReadExpression(item.latex, f"{to_latex(link.claim.lhs)} := {to_latex(link.claim.rhs)}",
                               item.file, item.line, item.assume, notes, kind="definition")], []
    redefined = _redefined_constant(item.latex, parsed)
    if redefined:
        return [], [Unreadable(item.latex, redefined, item.file, item.line)]
    # each link on its own row's line, when the display's rows account for every link
    lines = item.link_lines if len(item.link_lines) == len(parsed.links) else \
        (item.line,) * len(parsed.links)
    steps = plain_steps = link_steps(parsed)
    defined = expressions and _first_link_defines_a_new_name(item.latex, parsed)
    if defined and _definition_conflict(parsed.links[0].claim.lhs, parsed.links[0].claim.rhs):
        return [], [Unreadable(item.latex, _definition_conflict(parsed.links[0].claim.lhs,
                                                                parsed.links[0].claim.rhs),
                               item.file, item.line)]
    if defined:
        # y := 2x = x + x: the first link names y (nothing to check); the other links are
        # checked with y replaced by what defines it (2x = y is then 2x = 2x)
        first = parsed.links[0].claim
        notes = tuple(n for n in notes if not n.startswith("a definition (:=) is read as"))
        steps = [steps[0]] + [_substituted(step, first.lhs, first.rhs) for step in steps[1:]]
    # imported after the reading: the first claim's reading child need not start with it
    from symbolic.checks import check_step_limited
    for number, (link, step) in enumerate(zip(parsed.links, steps), 1):
        if defined and number == 1:
            from symbolic.latex import to_latex
            typeset = f"{to_latex(link.claim.lhs)} := {to_latex(link.claim.rhs)}"
            links.append(ReadExpression(f"{link.lhs_latex} := {link.rhs_latex}", typeset,
                                        item.file, lines[0], item.assume, notes, kind="definition"))
            if any(later is not plain for later, plain in zip(steps[1:], plain_steps[1:])):
                notes = notes + (f"{link.lhs_latex} is checked as its definition {link.rhs_latex}",)
            continue
        outcome = check_step_limited(step, config=config)
        links.append(CheckedLink(link.latex, link.relation.value, link.lhs_latex,
                                 link.rhs_latex, outcome, item.file, lines[number - 1],
                                 item.assume, notes))
    return links, []


def _defines_a_new_name(latex: str, parsed) -> bool:
    """Whether a chain is one definition (``:=``, ``\\leftarrow``, ...) of a lone name that its
    right side does not use: then there is nothing to check."""
    import sympy
    from symbolic.latex.lexer import DEFINITIONS
    if len(parsed.links) != 1 or not any(n.startswith(("a definition", "an assignment"))
                                         for n in parsed.notes):
        return False
    if not any(word in latex for word in DEFINITIONS | {r"\leftarrow", r"\gets", r"\stackrel",
                                                         r"\overset", r"\equiv"}):
        return False
    claim = parsed.links[0].claim
    return (_a_name(claim.lhs) and claim.relation.value == "="
            and not claim.rhs.has(claim.lhs)
            and not (claim.lhs.free_symbols & claim.rhs.free_symbols))


def _a_name(value) -> bool:
    """Whether a definition's left side is a name: a symbol, an indexed name, a declared vector
    or matrix (``g_t := 2 h_t``: checked like =, a definition of a declared vector was refuted),
    or the gradient of a declared dependent scalar (``\\nabla_{V_i}\\mathcal{L} \\gets ...``)."""
    import sympy
    from symbolic.latex.matrices import assignable
    return isinstance(value, (sympy.Symbol, sympy.Indexed)) or assignable(value)


def _definition_first(latex: str) -> bool:
    """Whether the first relation written in ``latex`` is a definition (``:=``, ...)."""
    import re
    from symbolic.latex.definitions import _DEFINED_EQUALS
    from symbolic.latex.lexer import DEFINITIONS
    # the reader reads y \stackrel{\text{def}}{=} 2x as y := 2x: so must this test
    latex = _DEFINED_EQUALS.sub(" := ", latex)
    found = [latex.find(word) for word in DEFINITIONS]
    first = min((at for at in found if at >= 0), default=-1)
    if first < 0:
        return False
    # an ordinary relation before it (a = b := c) puts the definition later in the chain
    plain = re.compile(r"(?<![:=])=(?![:=])|<|>|\\(?:le|ge|leq|geq|ne|neq|approx|sim|equiv|lt|gt)(?![a-zA-Z])")
    before = plain.search(latex[:first])
    return before is None


def _first_link_defines_a_new_name(latex: str, parsed) -> bool:
    """Whether the first link of a chain of several is a definition (``y := 2x = x + x``) of a
    lone name that its own right side does not use: it is shown as a definition and the other
    links are checked with the name replaced (checking it like = would refute it: y = 2x fails
    at y = 1, x = 0)."""
    import sympy
    if len(parsed.links) < 2 or not any(n.startswith("a definition") for n in parsed.notes):
        return False
    if not _definition_first(latex):
        return False
    first = parsed.links[0].claim
    if not _a_name(first.lhs) or first.relation.value != "=":
        return False
    return not first.rhs.has(first.lhs) and not (first.lhs.free_symbols & first.rhs.free_symbols)


def _definition_conflict(name, value) -> str:
    """Why a definition cannot stand in for its name: an assumption on the name that its value
    contradicts (y > 0 with y := -1), or one a fact cannot carry (n an integer, n := x)."""
    import sympy
    if isinstance(name, sympy.MatrixExpr):
        return ""           # a declared vector or matrix: nothing is assumed of its sign
    if name.is_integer and not value.is_integer:
        return (f"{name} is assumed an integer and defined as {value}, which the checker cannot "
                f"restrict to integers: check the links with the integer written in")
    if any(holds and sympy.sympify(fact) is sympy.false for holds, fact in (
            (name.is_positive, value > 0), (name.is_negative, value < 0),
            (name.is_nonnegative, value >= 0), (name.is_nonpositive, value <= 0),
            (name.is_nonzero, sympy.Ne(value, 0)))):
        return f"the definition {name} := {value} contradicts what is assumed of {name}"
    return ""


def _substituted(step: Step, name, value) -> Step:
    """``step`` with a defined ``name`` replaced by the ``value`` that defines it."""
    from dataclasses import replace
    import sympy
    # what is assumed of the name (y > 0 with y := x) holds of its value: without it a link
    # that never mentions y (x = |x|) would be refuted at x = -1, where y = x is not > 0
    carried = () if isinstance(name, sympy.MatrixExpr) else tuple(fact for holds, fact in (
        (name.is_positive, sympy.Gt(value, 0)), (name.is_negative, sympy.Lt(value, 0)),
        (name.is_nonnegative, sympy.Ge(value, 0)), (name.is_nonpositive, sympy.Le(value, 0)),
        (name.is_nonzero, sympy.Ne(value, 0))) if holds and fact is not sympy.true)
    if carried:
        step = replace(step, assumptions=tuple(step.assumptions) + carried)
    claim = step.claim
    if not (claim.lhs.has(name) or claim.rhs.has(name)):
        return step
    return replace(step, claim=replace(claim, lhs=claim.lhs.subs(name, value),
                                       rhs=claim.rhs.subs(name, value)))


def _redefined_constant(latex: str, parsed) -> str:
    r"""Why a definition cannot be read when it defines a constant the reader knows (``e := 2``,
    ``\pi := 3``, ``i := 1``): as an equation it would be a false claim about e, pi or i."""
    import sympy
    from symbolic.latex.lexer import DEFINITIONS
    if not any(word in latex for word in DEFINITIONS) or not parsed.links:
        return ""
    if not _definition_first(latex):
        return ""
    lhs = parsed.links[0].claim.lhs
    if lhs in (sympy.E, sympy.pi, sympy.I, sympy.EulerGamma, sympy.GoldenRatio):
        return (f"'{parsed.links[0].lhs_latex}' is read as the constant {lhs}: a definition "
                f"(:=) cannot give it another value; name the quantity differently (e_1, c)")
    return ""


def link_steps(parsed) -> list[Step]:
    """One step per link of a chain read by ``parse_chain``, with the chain's assumptions."""
    return [Step(id=f"link-{number}", kind=infer_kind(link.claim), quote=link.latex,
                 claim=link.claim, assumptions=tuple(parsed.assumptions.facts), latex=link.latex)
            for number, link in enumerate(parsed.links, 1)]


def read_chain(chain: str, assume: tuple[str, ...], config: CheckConfig,
               reader_options: dict | None = None, expressions: bool = False):
    """``parse_chain`` in a forked child under the budget: the parsed chain, or the
    ``StepcheckError`` that says why it cannot be read, or a ``timeout`` outcome. With
    ``expressions``, a chain with no relation is read as one expression (``parse_reading``)."""
    from symbolic.latex import parse_chain
    result = run_limited(_chain_or_expression if expressions else parse_chain, chain, assumptions=assume,
                         imaginary_unit=config.imaginary_unit, **(reader_options or {}),
                         timeout_s=min(config.timeout_s, READING_TIMEOUT_S),
                         memory_mb=config.memory_mb)
    if result.ok:
        return result.value
    if result.status is Status.USER_ERROR:
        return result.value
    if result.status in (Status.TIMEOUT, Status.MEMORY):
        return Outcome(Verdict.TIMEOUT, (Evidence("reading", f"reading the LaTeX: {result.message}"),),
                       seconds=result.seconds)
    first = result.message.splitlines()[0] if result.message else "unknown failure"
    return ParseError(f"cannot read {short(chain)}: {first}")


def _chain_or_expression(latex: str, **options):
    """``parse_statement`` for a membership or distribution (``x \\in S``), ``parse_chain`` when
    ``latex`` holds a relation, else ``parse_expression`` (the reader of ``symbolic.latex``
    looked up at the call, as for chains alone)."""
    from symbolic.latex import parse_chain
    from symbolic.latex.parse import has_relation, parse_expression
    from symbolic.latex.lexer import check_size
    from symbolic.latex.statements import is_statement, parse_statement
    check_size(latex)           # a megabyte is refused before any pass scans it
    if is_statement(latex):     # a membership or a distribution: read, never checked
        return parse_statement(latex, **options)
    if has_relation(latex):
        return parse_chain(latex, **options)
    return parse_expression(latex, **options)


def check_target(target, config: CheckConfig) -> list[CheckedLink]:
    """The steps a target names (``DOC:ID,ID``), each checked as ``stepcheck report`` checks
    it: with the outcomes of the steps it references (``symbolic.runner``)."""
    from symbolic.commands.targets import load_target
    from symbolic.latex import claim_to_latex, to_latex
    from symbolic.runner import check_derivation

    derivation, steps = load_target(target)
    outcomes = check_derivation(derivation, config=config, steps=[s.id for s in steps])
    links = []
    for step in steps:
        outcome = outcomes[step.id]
        if step.claim is None:
            links.append(CheckedLink(step.quote, "", "", "", outcome))
        else:
            links.append(CheckedLink(claim_to_latex(step.claim), step.claim.relation.value,
                                     to_latex(step.claim.lhs), to_latex(step.claim.rhs), outcome))
    return links


def reader_options(functions: tuple[str, ...]) -> dict:
    """Keyword arguments for ``parse_chain`` beyond the usual ones (``functions`` when given)."""
    if not functions:
        return {}
    from symbolic.latex import parse_chain
    if not accepts_keyword(parse_chain, "functions"):
        raise StepcheckError("--function needs a formula reader that takes declared functions; "
                             "this version's reader does not (write \\operatorname{f} instead)")
    return {"functions": tuple(functions)}


def accepts_keyword(fn, name: str) -> bool:
    """Whether ``fn`` takes the keyword ``name``, looking through decorators.

    A wrapper ``(*args, **kwargs)`` is looked into (``__wrapped__``, or the function it closes
    over); one that cannot be looked into is taken at its word, and a reader that then refuses
    the keyword makes each claim unreadable with its message, never a silent misread.
    """
    import inspect
    seen: set[int] = set()
    while fn is not None and id(fn) not in seen:
        seen.add(id(fn))
        try:
            parameters = inspect.signature(fn).parameters
        except (TypeError, ValueError):
            return True
        if name in parameters:
            return True
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
            return False
        inner = getattr(fn, "__wrapped__", None)
        if inner is None:
            cells = [c.cell_contents for c in (getattr(fn, "__closure__", None) or ())]
            inner = next((c for c in cells if inspect.isfunction(c)), None)
        if inner is None:
            return True
        fn = inner
    return True


def short(text: str, limit: int = 60) -> str:
    """A claim quoted in a message: whitespace collapsed, cut at ``limit`` characters."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit] + "...")
