"""The one data model every report is drawn from: rows built from a derivation and its outcomes.

Reporters (LaTeX, Markdown, JSON, the index) read these rows and nothing else; they never
run a check. Maths is already LaTeX here (house notation of ``symbolic.latex``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

import sympy

from symbolic.model import Derivation, Evidence, Outcome, Step, Tally, Verdict

VERDICT_ORDER = tuple(Verdict)
# Verdicts that the index table gives a column of their own; the rest count as "other".
INDEX_COLUMNS = (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED, Verdict.APPROXIMATE)


@dataclass(frozen=True)
class FigureRow:
    """A figure of a document: its file (relative to the report folder) and caption."""

    name: str
    caption: str
    path: str


@dataclass(frozen=True)
class StepRow:
    """Everything a report shows about one step.

    ``shaky`` lists the steps this one rests on (``depends_on`` and rule premises) that
    are not fully proved, each with the reason: its own verdict, or "rests on ..." when it
    is proved but rests on something unproved itself.
    """

    id: str
    kind: str
    quote: str
    gloss: str | None
    claim_latex: str | None
    relation: str | None
    regime: str | None
    assumptions: tuple[str, ...]
    verdict: Verdict
    evidence: tuple[Evidence, ...]
    counterexample: tuple[tuple[str, str], ...] | None
    corrects: str | None
    corrected_by: tuple[str, ...]
    depends_on: tuple[str, ...]
    rule: str | None
    premises: tuple[str, ...]
    shaky: tuple[tuple[str, str], ...]
    table: tuple[tuple[str, ...], ...] | None
    figures: tuple[str, ...]

    @property
    def fully_proved(self) -> bool:
        return self.verdict is Verdict.PROVED and not self.shaky


@dataclass(frozen=True)
class DocumentRow:
    """One document of a report: its header, counts, steps and figures."""

    id: str
    title: str
    source: str
    description: str
    steps: tuple[StepRow, ...]
    figures: tuple[FigureRow, ...]
    figures_note: str | None = None

    @property
    def counts(self) -> dict[str, int]:
        """How many steps got each verdict (every verdict present, zeros included)."""
        return Tally.of(step.verdict for step in self.steps).as_dict(zeros=True)

    @property
    def other_count(self) -> int:
        return sum(1 for s in self.steps if s.verdict not in INDEX_COLUMNS)


def figure_path(doc_id: str, name: str) -> str:
    """Where a document's figure lives in the report folder (``render_reports`` refuses clashes)."""
    return f"figures/{name}.png"


def build_rows(derivation: Derivation, outcomes: Mapping[str, Outcome], *,
               figures_note: str | None = None) -> DocumentRow:
    """The rows of one document from its derivation and the outcome of every step."""
    missing = [s.id for s in derivation.steps if s.id not in outcomes]
    if missing:
        raise ValueError(f"document {derivation.id}: no outcome for steps {', '.join(missing)}")
    corrected_by: dict[str, list[str]] = {}
    for step in derivation.steps:
        if step.corrects:
            corrected_by.setdefault(step.corrects, []).append(step.id)
    shaky: dict[str, tuple[tuple[str, str], ...]] = {}
    rows = []
    for step in derivation.steps:
        shaky[step.id] = _shaky(step, outcomes, shaky)
        rows.append(_step_row(step, outcomes[step.id], tuple(corrected_by.get(step.id, ())),
                              shaky[step.id]))
    figures = tuple(FigureRow(f.name, f.caption, figure_path(derivation.id, f.name))
                    for f in derivation.figures)
    return DocumentRow(derivation.id, derivation.title, derivation.source, derivation.description,
                       tuple(rows), figures, figures_note if figures else None)


def _shaky(step: Step, outcomes: Mapping[str, Outcome],
           earlier: Mapping[str, tuple[tuple[str, str], ...]]) -> tuple[tuple[str, str], ...]:
    found = []
    for ref in step.rests_on:   # not corrects: a correction repairs a step, it does not rest on it
        verdict = outcomes[ref].verdict
        if verdict is Verdict.PROSE:
            continue  # prose makes no claim that could fail
        if verdict is not Verdict.PROVED:
            found.append((ref, verdict.value))
        elif earlier.get(ref):
            found.append((ref, "rests on " + ", ".join(r for r, _ in earlier[ref])))
    return tuple(found)


# The numeric tier samples within a time budget; when another checker proved the step, what
# the sampling reached (points, sizes, even whether it finished) depends on the machine's load,
# and a report must not (``stepcheck report --check`` compares bytes).
_SUPPORTING_SAMPLE = ("a supporting numerical check ran beside the proof; what it reached depends "
                      "on the time budget, so the report does not print it "
                      "(`stepcheck check DOC:ID` shows it)")


def _load_independent(outcome: Outcome) -> tuple[Evidence, ...]:
    """The outcome's evidence, with timing-dependent support of a proved step stated stably."""
    if outcome.verdict is not Verdict.PROVED:
        return outcome.evidence
    return tuple(Evidence(e.method, _SUPPORTING_SAMPLE) if e.method == "numeric_sample" else e
                 for e in outcome.evidence)


def _step_row(step: Step, outcome: Outcome, corrected_by: tuple[str, ...],
              shaky: tuple[tuple[str, str], ...]) -> StepRow:
    from symbolic.latex import claim_to_latex

    claim = step.claim
    return StepRow(
        id=step.id, kind=step.kind.value, quote=step.quote, gloss=step.gloss,
        claim_latex=claim_to_latex(claim) if claim is not None else None,
        relation=claim.relation.value if claim is not None else None,
        regime=_regime_text(claim) if claim is not None else None,
        assumptions=assumption_latex(step),
        verdict=outcome.verdict, evidence=_load_independent(outcome),
        counterexample=outcome.counterexample,
        corrects=step.corrects, corrected_by=corrected_by,
        depends_on=step.depends_on,
        rule=step.rule.name if step.rule is not None else None,
        premises=tuple(step.rule.premises) if step.rule is not None else (),
        shaky=shaky, table=outcome.table, figures=tuple(outcome.figures),
    )


def _regime_text(claim) -> str | None:
    regime = claim.regime
    if regime is None and not claim.relation.is_approximate:
        return None
    if regime is None:
        return f"no regime stated; tolerance {_tolerance_text(claim, None)}"
    parts = [regime.description] if regime.description else []
    parts.append(f"tolerance {_tolerance_text(claim, regime)}")
    return "; ".join(parts)


def _tolerance_text(claim, regime) -> str:
    from symbolic.model import Regime, Relation

    value = (regime or Regime()).tolerance_for(claim.relation)
    if claim.relation in (Relation.GG, Relation.LL):
        return f"ratio at least {value:g}"
    if regime is not None and regime.absolute:
        return f"absolute error at most {value:g}"
    return f"relative error at most {value:g}"


def assumption_latex(step: Step) -> tuple[str, ...]:
    """The step's assumptions as LaTeX, then what its symbols assume about themselves.

    Symbols are real unless said otherwise, so a plain real symbol adds nothing; a
    positive one adds ``x > 0``, a positive integer ``L \\in \\mathbb{Z}_{>0}``.
    """
    from symbolic.latex import to_latex

    found = [to_latex(a) for a in step.assumptions if a is not sympy.true]
    if step.claim is not None:
        exprs = [step.claim.lhs, step.claim.rhs, *step.assumptions]
        bases = {b.label for e in exprs for b in e.atoms(sympy.IndexedBase)}
        symbols = {s for e in exprs for s in e.free_symbols if isinstance(s, sympy.Symbol)
                   and not isinstance(s, sympy.Dummy)}
        for symbol in sorted(symbols, key=lambda s: s.name):
            name = to_latex(symbol) + (r"_{\cdot}" if symbol in bases else "")
            found.extend(_symbol_domain(symbol, name))
    # one spelling per relation, so a fact stated twice (\neq from the printer, \ne from a
    # symbol's own assumption) is listed once
    found = [re.sub(r"\\neq(?![a-zA-Z])", r"\\ne", text) for text in found]
    return tuple(dict.fromkeys(found))


def _symbol_domain(symbol: sympy.Symbol, name: str) -> list[str]:
    """Everything a symbol assumes about itself, so no hypothesis of a proof stays hidden."""
    facts: list[str] = []
    if symbol.is_integer:
        for attribute, text in (("is_positive", r"\in \mathbb{Z}_{>0}"), ("is_negative", r"\in \mathbb{Z}_{<0}"),
                                ("is_nonnegative", r"\in \mathbb{Z}_{\ge 0}"),
                                ("is_nonpositive", r"\in \mathbb{Z}_{\le 0}")):
            if getattr(symbol, attribute):
                facts.append(f"{name} {text}")
                break
        else:
            facts.append(rf"{name} \in \mathbb{{Z}}")
        if symbol.is_even:
            facts.append(rf"{name} \text{{ even}}")
        elif symbol.is_odd:
            facts.append(rf"{name} \text{{ odd}}")
        if symbol.is_prime:
            facts.append(rf"{name} \text{{ prime}}")
    else:
        if symbol.is_rational:
            facts.append(rf"{name} \in \mathbb{{Q}}")
        elif symbol.is_irrational:
            facts.append(rf"{name} \notin \mathbb{{Q}}")
        for attribute, text in (("is_positive", "> 0"), ("is_negative", "< 0"),
                                ("is_nonnegative", r"\ge 0"), ("is_nonpositive", r"\le 0")):
            if getattr(symbol, attribute):
                facts.append(f"{name} {text}")
                break
        if symbol.is_complex and not symbol.is_real:
            facts.append(rf"{name} \in \mathbb{{C}}")
    if symbol.is_zero is False and not (symbol.is_positive or symbol.is_negative or symbol.is_irrational):
        facts.append(rf"{name} \ne 0")
    return facts  # nothing for a plain real symbol (the default) or a function's plain arguments


# ---------------------------------------------------------------- counterexample values

_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?")
_FRACTION = re.compile(r"([-+]?)(\d+)/(\d+)")
_NAME = re.compile(r"([A-Za-z]+)(?:_\{?([A-Za-z0-9]+)\}?)?(?:\[([A-Za-z0-9, ]+)\])?")
_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
          "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon",
          "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi",
          "Pi", "Sigma", "Phi", "Psi", "Omega"}


def name_latex(name: str) -> str | None:
    """A counterexample's variable name as math (``x[1]`` -> ``x_{1}``), or None if unusual."""
    m = _NAME.fullmatch(name.strip())
    if not m:
        return None
    stem, sub, index = m.groups()
    text = f"\\{stem}" if stem in _GREEK else (stem if len(stem) == 1 else rf"\mathit{{{stem}}}")
    subs = [s for s in (sub, index.replace(" ", "") if index else None) if s]
    return text + (f"_{{{','.join(subs)}}}" if subs else "")


def value_latex(value: str) -> str | None:
    """A counterexample's value as math (``-3/2`` -> ``-\\frac{3}{2}``), or None if unusual."""
    value = value.strip()
    if _NUMBER.fullmatch(value):
        mantissa, _, exponent = value.lower().partition("e")
        return mantissa + (rf" \times 10^{{{int(exponent)}}}" if exponent else "")
    m = _FRACTION.fullmatch(value)
    if m:
        sign, p, q = m.groups()
        return rf"{'-' if sign == '-' else ''}\frac{{{p}}}{{{q}}}"
    expr = parse_value(value)
    if expr is None:
        return None
    from symbolic.latex import to_latex

    return to_latex(expr)


_VALUE_TOKEN = re.compile(r"\s*(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\*\*|[A-Za-z]+|[-+*/^()])")
_VALUE_FUNCTIONS = {"log": sympy.log, "ln": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt,
                    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "tanh": sympy.tanh}
_VALUE_CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "e": sympy.E, "oo": sympy.oo, "I": sympy.I}


def parse_value(text: str):
    """A value printed by a checker (``2*log(3/2)``, ``-1/3``, ``exp(-2)``) as a SymPy number.

    A small recursive-descent reader of numbers, ``pi``/``E``, + - * / ** and a few
    functions; anything else gives None (no string is ever evaluated as code).
    """
    tokens, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _VALUE_TOKEN.match(text, pos)
        if not m:
            return None
        tokens.append(m.group(1))
        pos = m.end()
    if not tokens or len(tokens) > 60:
        return None
    try:
        expr, rest = _sum(tokens)
    except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError):
        return None
    return expr if not rest else None


def _sum(tokens):
    expr, tokens = _product(tokens)
    while tokens and tokens[0] in "+-":
        op, (right, tokens) = tokens[0], _product(tokens[1:])
        expr = sympy.Add(expr, right if op == "+" else -right)
    return expr, tokens


def _product(tokens):
    expr, tokens = _power(tokens)
    while tokens and tokens[0] in ("*", "/"):
        op, (right, tokens) = tokens[0], _power(tokens[1:])
        expr = sympy.Mul(expr, right if op == "*" else sympy.Pow(right, -1))
    return expr, tokens


def _power(tokens):
    if tokens[0] == "-":
        expr, tokens = _power(tokens[1:])
        return -expr, tokens
    base, tokens = _atom(tokens)
    if tokens and tokens[0] in ("**", "^"):
        exponent, tokens = _power(tokens[1:])
        return sympy.Pow(base, exponent), tokens
    return base, tokens


def _atom(tokens):
    head, tokens = tokens[0], tokens[1:]
    if head == "(":
        expr, tokens = _sum(tokens)
        if tokens[0] != ")":
            raise ValueError("unclosed bracket")
        return expr, tokens[1:]
    if head[0].isdigit():
        return (sympy.Integer(head) if head.isdigit() else sympy.Float(head, 15)), tokens
    if head in _VALUE_CONSTANTS:
        return _VALUE_CONSTANTS[head], tokens
    if head in _VALUE_FUNCTIONS and tokens and tokens[0] == "(":
        argument, tokens = _atom(tokens)
        return _VALUE_FUNCTIONS[head](argument), tokens
    raise ValueError(f"unknown name {head}")


# ---------------------------------------------------------------- evidence, split for reading

# Phrases by which a checker says it did not decide (the claim may still be true or false).
_UNDECIDED = ("did not show", "cannot ", "not evidence", "no checker", "does not exceed",
              "gave no bound", "no certification", "not applicable", "does not apply",
              "could not", "gave up", "skipped")


def decisive_evidence(step: StepRow) -> tuple[tuple[Evidence, ...], tuple[Evidence, ...]]:
    """The evidence that decided a step's verdict, and the attempts that did not decide.

    An attempt says in its own sentence that it did not decide ("did not show ...",
    "cannot evaluate ..."). When nothing decided (an inconclusive or timed-out step) every
    attempt is the story of the verdict and all of it is shown as decisive.
    """
    undecided = tuple(e for e in step.evidence if any(p in e.detail for p in _UNDECIDED))
    decided = tuple(e for e in step.evidence if e not in undecided)
    if not decided:
        return step.evidence, ()
    return decided, undecided


def has_cjk(text: str) -> bool:
    """Whether a text holds CJK characters (ideographs, kana, hangul, fullwidth forms)."""
    return any(is_cjk(ch) for ch in text)


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x2FA1F or 0xAC00 <= code <= 0xD7AF or 0x3000 <= code <= 0x303F)


_DISPLAY_ENVS = r"(?:equation|align|gather|multline|displaymath|eqnarray)\*?"
_MATH_SPAN = re.compile(r"\\begin\{(" + _DISPLAY_ENVS + r")\}(.+?)\\end\{\1\}"
                        r"|\$\$(.+?)\$\$|\\\[(.+?)\\\]|\$(.+?)\$|\\\((.+?)\\\)", re.S)


def split_math(text: str) -> list[tuple[str, str]]:
    """A text cut into (kind, piece) runs: kind "" for text, "inline" for ``$..$`` and
    ``\\(..\\)``, "display" for ``$$..$$``, ``\\[..\\]`` and equation-like environments."""
    pieces: list[tuple[str, str]] = []
    pos = 0
    for m in _MATH_SPAN.finditer(text):
        if m.start() > pos:
            pieces.append(("", text[pos:m.start()]))
        _env, environment, dollars, brackets, inline, parens = m.groups()
        if inline is not None or parens is not None:
            pieces.append(("inline", inline if inline is not None else parens))
        else:
            pieces.append(("display", next(g for g in (environment, dollars, brackets) if g is not None)))
        pos = m.end()
    if pos < len(text):
        pieces.append(("", text[pos:]))
    return pieces


# ---------------------------------------------------------------- sentences with maths

# ``name = value`` in a checker's sentence (``x[2] = 2*log(3/2)``, ``n=4096``), typeset as
# maths when both sides can be read
_ASSIGNMENT = re.compile(r"(?<![\w\[\\])([A-Za-z][A-Za-z0-9_]*(?:\[[0-9, ]+\])?)\s?=\s?"
                         r"([-+]?[0-9A-Za-z.*/()^][-+0-9A-Za-z.*/()^]*)")
_ASCII_RELATIONS = re.compile(r"<=|>=|!=|\+/-|->|~=")
_RELATION_LATEX = {"<=": r"\le", ">=": r"\ge", "!=": r"\ne", "+/-": r"\pm", "->": r"\to",
                   "~=": r"\approx"}


def prose_pieces(text: str) -> list[tuple[str, str]]:
    """A sentence of the tool or of a gloss cut into ("text", words) and ("math", LaTeX) runs.

    Maths is what the sentence writes as ``$...$`` (evidence prints expressions so, through
    the project's printer; a gloss writes its maths so), an assignment ``x[1] = -3/2`` of a
    checker's numbers, and an ASCII relation ``<=``; the reporters typeset the maths (the
    LaTeX report as maths, Markdown as GitHub's ``$`...`$``) and show the words as words.
    """
    pieces: list[tuple[str, str]] = []
    for kind, piece in split_math(text):
        if kind:
            pieces.append(("math", " ".join(piece.split())))
            continue
        pos = 0
        for m in _ASSIGNMENT.finditer(piece):
            value = m.group(2).rstrip(".")
            while value.endswith(")") and value.count(")") > value.count("("):
                value = value[:-1]  # the bracket of the sentence around it
            name, typeset = name_latex(m.group(1)), value_latex(value)
            if name is None or typeset is None:
                continue
            pieces += _relation_pieces(piece[pos:m.start()])
            pieces.append(("math", f"{name} = {typeset}"))
            pos = m.start(2) + len(value)
        pieces += _relation_pieces(piece[pos:])
    return [p for p in pieces if p[1]]


def _relation_pieces(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    for m in _ASCII_RELATIONS.finditer(text):
        out += [("text", text[pos:m.start()]), ("math", _RELATION_LATEX[m.group(0)])]
        pos = m.end()
    out.append(("text", text[pos:]))
    return out
