"""``stepcheck check``: read a step (LaTeX, stdin, a .tex file or DOC:ID), check each link, report.

Reading runs under the same hard budget as checking, so hostile input (``9^{9^{9^{9}}}``,
deep nesting) ends as ``timeout`` or a parse error, never as a hang.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from symbolic.budget import run_limited
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import Evidence, Outcome, Step, Verdict, infer_kind

EXIT_OK, EXIT_REFUTED, EXIT_BAD_INPUT, EXIT_UNDECIDED = 0, 1, 2, 3
_ENCODED = re.compile(r"([a-z][a-z0-9_]*):([A-Za-z0-9][A-Za-z0-9_-]*)")
MAX_INPUT_CHARS = 200_000


@dataclass(frozen=True)
class CheckedLink:
    """One link of the input with its outcome (``error`` holds a reading failure)."""

    latex: str
    relation: str
    lhs_latex: str
    rhs_latex: str
    outcome: Outcome


def run_check(args) -> int:
    """The ``check`` command: returns the exit code of CONTRACT.md."""
    config = CheckConfig(dps=args.dps, samples=args.samples, seed=args.seed,
                         timeout_s=args.timeout, imaginary_unit=args.imaginary_unit)
    links, unreadable = check_input(args.step, assume=tuple(args.assume), config=config)
    if unreadable and not links:
        raise unreadable[0]
    if args.json:
        print(json.dumps(_as_json(links), ensure_ascii=False, indent=1))
    else:
        print(_as_text(links))
    for error in unreadable:
        print(f"stepcheck: error: {error}", file=sys.stderr)
    if unreadable:
        return EXIT_BAD_INPUT
    return exit_code(link.outcome.verdict for link in links)


def exit_code(verdicts) -> int:
    """0 all proved/verified, 1 some refuted, 3 some undecided."""
    verdicts = list(verdicts)
    if any(v is Verdict.REFUTED for v in verdicts):
        return EXIT_REFUTED
    if all(v in (Verdict.PROVED, Verdict.VERIFIED, Verdict.PROSE) for v in verdicts):
        return EXIT_OK
    return EXIT_UNDECIDED


def check_input(target: str, *, assume: tuple[str, ...] = (),
                config: CheckConfig = CheckConfig()) -> tuple[list[CheckedLink], list[StepcheckError]]:
    """Check every link that ``target`` names; returns the links and the chains that could not be read."""
    from symbolic.checks import check_step_limited

    encoded = _ENCODED.fullmatch(target)
    if encoded and not target.endswith(".tex"):
        return _check_encoded(encoded.group(1), encoded.group(2), config), []
    chains = _read_chains(target)
    links: list[CheckedLink] = []
    unreadable: list[StepcheckError] = []
    for number, chain in enumerate(chains, 1):
        parsed = _parse_limited(chain, assume, config)
        if isinstance(parsed, StepcheckError):
            unreadable.append(parsed)
            continue
        if isinstance(parsed, Outcome):  # reading ran out of budget
            links.append(CheckedLink(chain, "", "", "", parsed))
            continue
        for link in parsed.links:
            step = Step(id=f"link-{len(links) + 1}", kind=infer_kind(link.claim), quote=link.latex,
                        claim=link.claim, assumptions=parsed.assumptions.facts, latex=link.latex)
            outcome = check_step_limited(step, config=config)
            links.append(CheckedLink(link.latex, link.relation.value, link.lhs_latex,
                                     link.rhs_latex, outcome))
    return links, unreadable


def _read_chains(target: str) -> list[str]:
    if target == "-":
        text = sys.stdin.read(MAX_INPUT_CHARS + 1)
        _check_size(text, "standard input")
        return [text]
    if target.endswith(".tex") and "\\" not in target and "{" not in target:
        path = Path(target)
        if not path.is_file():
            raise StepcheckError(f"no such .tex file: {target}")
        text = path.read_text(encoding="utf-8", errors="replace")
        _check_size(text, target)
        from symbolic.latex import extract_chains
        chains = extract_chains(text)
        if not chains:
            raise ParseError(f"{target}: no equation, align or $$ block with a relation found")
        return chains
    _check_size(target, "the step")
    return [target]


def _check_size(text: str, what: str) -> None:
    if len(text) > MAX_INPUT_CHARS:
        raise ParseError(f"{what} is longer than {MAX_INPUT_CHARS} characters; check it in parts")
    if not text.strip():
        raise ParseError(f"{what} is empty; give a LaTeX relation such as 'a = b'")


def _parse_limited(chain: str, assume: tuple[str, ...], config: CheckConfig):
    from symbolic.latex import parse_chain
    result = run_limited(parse_chain, chain, assumptions=assume,
                         imaginary_unit=config.imaginary_unit,
                         timeout_s=min(config.timeout_s, 20.0), memory_mb=config.memory_mb)
    if result.ok:
        return result.value
    if result.status == "user-error":
        return result.value
    if result.status in ("timeout", "memory"):
        return Outcome(Verdict.TIMEOUT, (Evidence("reading", f"reading the LaTeX: {result.message}"),),
                       seconds=result.seconds)
    first = result.message.splitlines()[0] if result.message else "unknown failure"
    return ParseError(f"cannot read {_short(chain)}: {first}")


def _check_encoded(doc_id: str, step_id: str, config: CheckConfig) -> list[CheckedLink]:
    import proofs
    from symbolic.checks import CheckContext, check_step_limited
    from symbolic.latex import claim_to_latex, to_latex

    derivation = proofs.load(doc_id)
    step = derivation.step(step_id)
    context = CheckContext(derivation, _premise_outcomes(derivation, step, config))
    outcome = check_step_limited(step, config=config, context=context)
    if step.claim is None:
        return [CheckedLink(step.quote, "", "", "", outcome)]
    return [CheckedLink(claim_to_latex(step.claim), step.claim.relation.value,
                        to_latex(step.claim.lhs), to_latex(step.claim.rhs), outcome)]


def _premise_outcomes(derivation, step, config) -> dict:
    """Outcomes of the steps that ``step`` rests on (rules need their premises' verdicts)."""
    from symbolic.checks import CheckContext, check_step_limited
    needed: list[str] = []

    def visit(s):
        refs = list(s.depends_on) + (list(s.rule.premises) if s.rule else [])
        for ref in refs:
            if ref not in needed:
                visit(derivation.step(ref))
                needed.append(ref)

    visit(step)
    outcomes: dict = {}
    for ref in needed:
        outcomes[ref] = check_step_limited(derivation.step(ref), config=config,
                                           context=CheckContext(derivation, dict(outcomes)))
    return outcomes


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _as_json(links: list[CheckedLink]) -> dict:
    verdicts = [link.outcome.verdict for link in links]
    overall = _overall(verdicts)
    return {"format": 1, "verdict": overall, "links": [
        {"latex": link.latex, "relation": link.relation, "lhs_latex": link.lhs_latex,
         "rhs_latex": link.rhs_latex, "verdict": link.outcome.verdict.value,
         "evidence": [{"method": e.method, "detail": e.detail} for e in link.outcome.evidence],
         "counterexample": dict(link.outcome.counterexample) if link.outcome.counterexample else None,
         "seconds": round(link.outcome.seconds, 3)}
        for link in links]}


def _overall(verdicts) -> str:
    verdicts = list(verdicts)
    for verdict in (Verdict.ERROR, Verdict.REFUTED, Verdict.TIMEOUT, Verdict.INCONCLUSIVE,
                    Verdict.APPROXIMATE, Verdict.VERIFIED, Verdict.PROVED):
        if verdict in verdicts:
            return verdict.value
    return Verdict.PROSE.value if verdicts else Verdict.INCONCLUSIVE.value


def _telling_evidence(outcome: Outcome):
    """The evidence worth a line of text: when a verdict was reached, the attempts that
    decided nothing are counted, not listed (all of them are in the JSON)."""
    if outcome.verdict in (Verdict.INCONCLUSIVE, Verdict.TIMEOUT, Verdict.ERROR):
        return list(outcome.evidence), 0
    telling = [e for e in outcome.evidence if "not evidence" not in e.detail]
    return telling or list(outcome.evidence), len(outcome.evidence) - len(telling)


def _as_text(links: list[CheckedLink]) -> str:
    lines = []
    for number, link in enumerate(links, 1):
        outcome = link.outcome
        head = f"{outcome.verdict.value.upper():<12} {link.latex}" if len(links) == 1 else \
            f"link {number}: {outcome.verdict.value.upper():<12} {link.latex}"
        lines.append(head)
        shown, hidden = _telling_evidence(outcome)
        for evidence in shown:
            lines.append(f"    {evidence.method}: {evidence.detail}")
        if hidden:
            lines.append(f"    ({hidden} other attempt{'s' if hidden != 1 else ''} did not decide; "
                         f"--json lists them)")
        if outcome.counterexample:
            values = ", ".join(f"{name} = {value}" for name, value in outcome.counterexample)
            lines.append(f"    counterexample (certified): {values}")
        lines.append(f"    ({outcome.seconds:.2f} s)")
    return "\n".join(lines)
