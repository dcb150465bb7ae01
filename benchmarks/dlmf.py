"""DLMF Chapter 4 beside Maple and Mathematica: check every row with stepcheck, print the table.

    python benchmarks/dlmf.py [--data PATH] [--jobs N] [--timeout S] [--limit N]
                              [--section 4.x ...] [--id ID ...] [--out PATH] [--resume]
                              [--no-respell] [--from-results PATH]

The 599 rows (DLMF 4.2-4.45 with the published per-formula results of Maple and Mathematica,
Greiner-Petter et al., TACAS 2022) are read from ``shared/benchmarks/dlmf-ch4/cases.jsonl``
beside the repository (the nearest folder above it that holds one) or from ``--data``; the data
is a published source's and is never copied into the repository.

Each row's ``latex`` is checked with its ``assume`` list (and ``--imaginary-unit`` where the row
says ``i`` is the imaginary unit) through ``symbolic.commands.check_input``, the path of
``stepcheck check``, with the same hard budgets (``--timeout`` per link). Before checking, the
runner respells what the reader rejects or misreads but DLMF defines plainly
(``benchmarks/dlmf_conversion.py``); each respelling is recorded in the row's result. A condition
the DLMF states that the conversion lost is added to the row's assumptions, and a refuted row
that needs a condition it lacks is checked again with it (``benchmarks/dlmf_conditions.py``).

Output: the per-row results as JSONL (``--out``, default ``.cache/dlmf-results.jsonl``, written
as rows finish and rewritten in row order at the end), and on stdout in Markdown the table
(Maple / Mathematica symbolic successes beside stepcheck's verdicts), every refutation with its
cause, and the unreadable rows grouped by the reader's message. ``--from-results`` prints the
same from an earlier results file without checking anything (a partial run counts what it has).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from enum import Enum
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:   # run as a script: import this checkout's stepcheck and respeller
    sys.path.insert(0, str(ROOT))
if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(1, str(ROOT / "benchmarks"))

from dlmf_conditions import (NEEDED, PRINTED, other_sign_holds, recheck,  # noqa: E402
                             restriction_cause, with_condition)
from dlmf_conversion import ONE_SIDED, respell  # noqa: E402
from dlmf_principal import principal_domain  # noqa: E402

DATA_NAME = Path("shared") / "benchmarks" / "dlmf-ch4" / "cases.jsonl"
DEFAULT_OUT = ROOT / ".cache" / "dlmf-results.jsonl"


class Status(Enum):
    """What stepcheck made of one row (the table's columns)."""

    PROVED = "proved"
    VERIFIED = "verified"
    REFUTED = "refuted"
    UNDECIDED = "undecided"      # inconclusive, approximate, timeout, or a checker error
    UNREADABLE = "unreadable"


class DataError(Exception):
    """The benchmark data cannot be found or read."""


@dataclass(frozen=True)
class Group:
    """One line of the table: a name and which rows it counts."""

    name: str
    keep: object   # row -> bool


GROUPS = (
    Group("all", lambda r: True),
    Group("all · real", lambda r: r["domain"] == "real"),
    Group("all · complex", lambda r: r["domain"] == "complex"),
    Group("all · constant", lambda r: r["domain"] == "constant"),
    Group("standalone", lambda r: r["standalone"]),
    Group("standalone · real", lambda r: r["standalone"] and r["domain"] == "real"),
    Group("standalone · complex", lambda r: r["standalone"] and r["domain"] == "complex"),
    Group("standalone · constant", lambda r: r["standalone"] and r["domain"] == "constant"),
    Group("standalone, single-valued, no existential k",
          lambda r: r["standalone"] and not r["multivalued"] and not r["existential_k"]),
    Group("multivalued (general values: Ln, Arcsin, ...)", lambda r: r["multivalued"]),
    Group("existential k (\"for some k\")", lambda r: r["existential_k"]),
)


# -- data --------------------------------------------------------------------------------------

def find_data(explicit: str | None) -> Path:
    """The cases file: ``--data``, or ``shared/benchmarks/dlmf-ch4/cases.jsonl`` in the nearest
    folder above the repository that has one."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise DataError(f"no DLMF cases file at {path}; give --data PATH to cases.jsonl")
        return path
    for folder in ROOT.parents:
        if (folder / DATA_NAME).is_file():
            return folder / DATA_NAME
    raise DataError(f"no DLMF cases file: looked for ../{DATA_NAME.as_posix()} above {ROOT}; "
                    f"give --data PATH to cases.jsonl")


def load_rows(path: Path) -> list[dict]:
    """The rows of a cases file, in file order (the DLMF's order)."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise DataError(f"{path}:{number}: not a JSON line ({exc.msg})") from None
    for row in rows:
        missing = [f for f in ("id", "section", "latex", "assume", "domain", "standalone")
                   if f not in row]
        if missing:
            raise DataError(f"{path}: row {row.get('id', '?')} lacks {', '.join(missing)}")
    return rows


def select(rows: list[dict], *, sections=(), ids=(), limit: int | None = None) -> list[dict]:
    """The rows the filters keep, in their original order."""
    kept = [r for r in rows if (not sections or r["section"] in sections)
            and (not ids or r["id"] in ids or r.get("label") in ids)]
    return kept[:limit] if limit is not None else kept


# -- checking one row ----------------------------------------------------------------------------

def check_row(row: dict, *, timeout_s: float, respelling: bool = True) -> dict:
    """Check one row through ``stepcheck check``'s path; returns its result record."""
    from symbolic.commands import check_input
    from symbolic.config import CheckConfig
    from symbolic.errors import StepcheckError

    start = time.perf_counter()
    spelled = respell(row["latex"]) if respelling else None
    latex = spelled.latex if spelled else row["latex"]
    assumed, dropped = usable_constraints(row.get("constraints_dropped") or ()) if respelling \
        else ([], list(row.get("constraints_dropped") or []))
    # a condition the DLMF states that the data's conversion lost (dlmf_conditions.PRINTED)
    printed = PRINTED.get(row["id"]) if respelling else None
    record = {
        "id": row["id"], "section": row["section"], "domain": row["domain"],
        "standalone": bool(row["standalone"]), "multivalued": bool(row.get("multivalued")),
        "existential_k": bool(row.get("existential_k")),
        "constraints_dropped": dropped, "constraints_assumed": assumed,
        "imaginary_unit": bool(row.get("imaginary_unit")),
        "maple_symbolic": row.get("maple_symbolic"), "mathematica_symbolic": row.get("mathematica_symbolic"),
        "latex": row["latex"], "checked_latex": latex,
        "assume": with_condition(list(row["assume"]) + assumed, printed) if printed
        else list(row["assume"]) + assumed,
        "fixes": list(spelled.fixes) if spelled else [],
        "fixes_left": list(spelled.left) if spelled else [],
        "self_definition": _is_own_definition(row["id"], spelled.fixes if spelled else ()),
        "links": [], "error": None, "condition_added": printed.source if printed else None,
    }
    # the DLMF states its identities where both sides are defined (symbolic.checks._where_defined)
    config = CheckConfig(timeout_s=timeout_s, imaginary_unit=bool(row.get("imaginary_unit")),
                         where_defined=True)
    if any(left.startswith("\\coth") for left in record["fixes_left"]):
        # the reader reads \coth z as \cot(h z); an argument we cannot delimit stays unread
        record["error"] = ("runner: \\coth with an argument the runner cannot delimit "
                           "(the reader would read cot times h)")
    elif ONE_SIDED.search(latex):
        # read as x itself, x - i0 would be the value on the cut, another number below it
        record["error"] = ("runner: a one-sided value x \u00b1 i0 that the runner cannot respell "
                           "as a limit")
    elif general_row(row, latex):
        # general values (Ln, Arcsin, ...) or a "for some k" row: read as sets of values
        record["set_reading"] = True
        try:
            record["links"] = check_general(latex, record["assume"], config,
                                            existential=bool(row.get("existential_k")),
                                            roots_either_value=row["section"] in EITHER_ROOT)
        except StepcheckError as exc:
            record["error"] = str(exc).splitlines()[0]
    else:
        try:
            links, unreadable = check_input(latex, assume=tuple(record["assume"]), config=config)
        except StepcheckError as exc:
            links, unreadable = [], [exc]
        if unreadable:
            record["error"] = str(unreadable[0]).splitlines()[0]
        record["links"] = [_link(link) for link in links]
    record["status"] = status_of(record).value
    if record["status"] == Status.REFUTED.value and respelling and row["id"] in NEEDED:
        # checked again with the condition the row needs; explains the refutation only if its
        # counterexample violates it (dlmf_conditions.restriction_cause)
        record["restriction"] = recheck(record, NEEDED[row["id"]], _exact_values(record), config, _overall)
    record["verdict"] = _overall([link["verdict"] for link in record["links"]]) \
        if record["links"] else None
    record["seconds"] = round(time.perf_counter() - start, 3)
    return record


# sections whose text says "all square roots have either possible value" (the addition formulas)
EITHER_ROOT = frozenset({"4.24", "4.38"})


def general_row(row: dict, latex: str) -> bool:
    """Whether a row is read as sets of values: it writes a general value, or it is a
    "for some k" row (the data's flag) whose k the LaTeX shows."""
    from symbolic.latex.general_values import has_general_values
    return has_general_values(latex) or (bool(row.get("existential_k"))
                                         and re.search(r"(?<![A-Za-z\\])k(?![A-Za-z])", latex) is not None)


def check_general(latex: str, assume, config, *, existential: bool,
                  roots_either_value: bool = False) -> list[dict]:
    """The set identity of a row with general values, as the links of its conditions
    (``symbolic.latex.general_values``), each checked like any claim."""
    from symbolic.checks import check_step_limited
    from symbolic.latex.general_values import read_general
    from symbolic.model import Claim, Relation, Step, infer_kind

    reading = read_general(latex, assumptions=tuple(assume), imaginary_unit=config.imaginary_unit,
                           existential=existential, roots_either_value=roots_either_value)
    links = []
    for number, condition in enumerate(reading.conditions, 1):
        claim = Claim(condition.lhs, Relation.EQ, 0)
        step = Step(id=f"set-{number}", kind=infer_kind(claim), quote=condition.meaning, claim=claim,
                    assumptions=condition.assumptions, latex=latex)
        outcome = check_step_limited(step, config=config)
        verdict = outcome.verdict.value
        notes = list(reading.notes)
        covered = principal_domain(latex, assume, config) \
            if verdict == "proved" and not reading.defined_everywhere else None
        if covered is not None:
            notes.append(f"the row's domain, decided on its principal values: {covered}")
        elif verdict == "proved" and not reading.defined_everywhere:
            # the condition's simplification takes each side as defined (exp(ln z) = z); where a
            # principal value is undefined (z = 0 in ln z) the stated domain is not covered
            verdict = "verified"
            notes.append("proved where both sides' values are defined; the stated domain has points "
                         "where a principal value in the row is undefined, so the verdict is verified")
        point = dict((str(k), v) for k, v in outcome.counterexample) if outcome.counterexample else {}
        if verdict == "refuted" and "lhs" not in point:
            # the condition is undefined there: a class of a side has no value at that point (both
            # sides of Arctan u + Arccot v = Arctan((uv+1)/(v-u)) at u = v = 0), which is no value
            # of one side missing from the other
            verdict = "inconclusive"
            notes.append("the only counterexample found is a point where a value of a side is undefined; "
                         "no refutation of the set identity")
        links.append({"latex": f"{condition.meaning}: {sympy_text(condition.lhs)} = 0",
                      "verdict": verdict,
                      "evidence": [f"{e.method}: {e.detail}" for e in outcome.evidence] + notes,
                      "counterexample": [[str(k), str(v)] for k, v in outcome.counterexample]
                      if outcome.counterexample else None,
                      "seconds": round(outcome.seconds, 3)})
    return links


def sympy_text(expr) -> str:
    import sympy
    return sympy.sstr(expr)


def usable_constraints(dropped) -> tuple[list[str], list[str]]:
    """The conversion's dropped constraints that the reader now reads (phase bounds with
    ``\\arg``, ``\\operatorname{ph}``), as assumptions; the rest stay dropped. One with a
    symbol the row does not define (``\\delta``) or an empty one is never used."""
    assumed, left = [], []
    for constraint in dropped:
        text = constraint.replace(r"\operatorname{ph}", r"\arg")
        if "\\arg" in text and "\\delta" not in text and "empty" not in text:
            assumed.append(text)
        else:
            left.append(constraint)
    return assumed, left


def _link(link) -> dict:
    outcome = link.outcome
    return {"latex": link.latex, "verdict": outcome.verdict.value,
            "evidence": [f"{e.method}: {e.detail}" for e in outcome.evidence],
            "counterexample": [[str(k), str(v)] for k, v in outcome.counterexample]
            if outcome.counterexample else None,
            "seconds": round(outcome.seconds, 3)}


_ORDER = ("error", "refuted", "timeout", "inconclusive", "approximate", "verified", "proved", "prose")


def _overall(verdicts: list[str]) -> str:
    for verdict in _ORDER:
        if verdict in verdicts:
            return verdict
    return "inconclusive"


def status_of(record: dict) -> Status:
    """The table column of a row: unreadable if any part could not be read, else by its links."""
    if record["error"] or not record["links"]:
        return Status.UNREADABLE
    verdicts = [link["verdict"] for link in record["links"]]
    if "refuted" in verdicts:
        return Status.REFUTED
    if all(v == "proved" for v in verdicts):
        return Status.PROVED
    if all(v in ("proved", "verified") for v in verdicts):
        return Status.VERIFIED
    return Status.UNDECIDED


def _is_own_definition(row_id: str, fixes) -> bool:
    """Whether a respelling applied to the row is the row's own DLMF equation (it becomes x = x)."""
    m = re.fullmatch(r"(4\.\d+)\.E(\d+)(/\d+)?", row_id)
    if not m:
        return False
    number = f"{m.group(1)}.{m.group(2)}"
    return any(re.search(r"DLMF [^)]*\b%s\b" % re.escape(number), fix) for fix in fixes)


# -- running ---------------------------------------------------------------------------------------

def run(rows: list[dict], *, jobs: int, timeout_s: float, out: Path, respelling: bool = True,
        done: dict | None = None, progress=None) -> list[dict]:
    """Check ``rows`` (``jobs`` at a time), appending each result to ``out`` as it finishes;
    returns the results in row order (``done`` holds results of an earlier run to keep)."""
    done = dict(done or {})
    todo = [r for r in rows if r["id"] not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as sink:
        def keep(record):
            done[record["id"]] = record
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            sink.flush()
            if progress:
                progress(len(done), len(rows), record)

        if jobs <= 1:
            for row in todo:
                keep(check_row(row, timeout_s=timeout_s, respelling=respelling))
        else:
            # workers fork the budgeted children of check_input themselves, so they are processes
            with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("fork")) as pool:
                pending = set()
                queue = iter(todo)
                for row in queue:
                    pending.add(pool.submit(check_row, row, timeout_s=timeout_s, respelling=respelling))
                    if len(pending) >= 2 * jobs:
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished:
                            keep(future.result())
                for future in pending:
                    keep(future.result())
    return [done[r["id"]] for r in rows if r["id"] in done]


def read_results(path: Path) -> dict:
    """Results by id from a results file (the last line of an id wins)."""
    results = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                results[record["id"]] = record
    return results


def write_results(path: Path, results: list[dict]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results), encoding="utf-8")
    os.replace(tmp, path)


# -- reporting --------------------------------------------------------------------------------------

def table(results: list[dict]) -> str:
    """The side-by-side table in Markdown."""
    head = ("| rows | N | Maple symbolic ok | Mathematica symbolic ok | proved (of which on the domain "
            "where both sides are defined, or where the derivative exists) | verified | refuted "
            "| undecided (inconclusive / approximate / timeout / error) | unreadable |")
    lines = [head, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for group in GROUPS:
        rows = [r for r in results if group.keep(r)]
        if not rows:
            continue
        status = Counter(r["status"] for r in rows)
        verdicts = Counter(r["verdict"] for r in rows if r["status"] == Status.UNDECIDED.value)
        undecided = " / ".join(str(verdicts.get(v, 0)) for v in ("inconclusive", "approximate", "timeout", "error"))
        lines.append(
            f"| {group.name} | {len(rows)} | {_ok(rows, 'maple_symbolic')} | {_ok(rows, 'mathematica_symbolic')} "
            f"| {status.get('proved', 0)} ({sum(map(proved_where_defined, rows))}) | {status.get('verified', 0)} "
            f"| {status.get('refuted', 0)} "
            f"| {status.get('undecided', 0)} ({undecided}) | {status.get('unreadable', 0)} |")
    return "\n".join(lines)


WHOLE_DOMAIN = "proved on the whole domain where both sides are defined"
WHERE_DIFFERENTIABLE = "proved on the domain where the derivative exists"


def proved_where_defined(record: dict) -> bool:
    """A proved row whose proof leaves a set out: the domain where both sides are defined (the
    DLMF's reading of an equation: ``tan z = sin z / cos z`` wherever both sides mean something),
    as the definedness gate's evidence says ("proved on the whole domain where both sides
    are defined; excluded, where neither side is defined: ..."), or where a derivative exists
    (off a branch cut: "proved on the domain where the derivative exists ..."), counted beside
    proved."""
    return record["status"] == Status.PROVED.value and any(
        WHOLE_DOMAIN in e or WHERE_DIFFERENTIABLE in e
        for link in record["links"] for e in link["evidence"])


def _ok(rows, field) -> int:
    return sum(1 for r in rows if r.get(field) == "Successful")


class Cause(Enum):
    """How far a refutation is explained."""

    EXPLAINED = "explained"      # a dropped constraint, a convention, the row's own flags or text
    DOMAIN = "domain"            # a point where one side is undefined; the sides agree next to it
    ROW = "row"                  # the row as the source gives it lacks a condition of the DLMF
    MISREAD = "misread"          # a known misread by the reader (the checker answered another claim)
    UNEXPLAINED = "unexplained"  # to be looked at by hand: a misread, a checker bug, or the row


_ONE_SIDED = re.compile(r"[+-]\s*i\s*0(?![\d.])")
_STRICT = re.compile(r"(?<![\\<>])[<>](?!=)|\\lt\b|\\gt\b")


def refutation_cause(record: dict) -> tuple[str, Cause]:
    """Why a row is refuted, and how far that explains it."""
    causes: list[tuple[str, Cause]] = []
    if record["constraints_dropped"]:
        verdict = dropped_constraint_at(record)
        plural = "s" if len(record["constraints_dropped"]) > 1 else ""
        text = f"dropped constraint{plural} {'; '.join(record['constraints_dropped'])} ({verdict})"
        causes.append((text + (" — not an explanation" if verdict.startswith("holds") else ""),
                       Cause.UNEXPLAINED if verdict.startswith("holds") else Cause.EXPLAINED))
    if _ONE_SIDED.search(record["checked_latex"]) and not record.get("error"):
        causes.append(("one-sided value x \u00b1 i0 on a cut read as the value at x itself (the reader "
                       "drops the \u00b1i0; DLMF means the limit from above/below)", Cause.MISREAD))
    if record.get("set_reading"):
        pass   # read as sets of values: being multivalued explains nothing any more
    else:
        if record["multivalued"]:
            causes.append(("multivalued row: a general value (Ln, Arcsin, ...) is one of many", Cause.EXPLAINED))
        if record["existential_k"]:
            causes.append(("existential k: the row holds for some integer k, not for every k", Cause.EXPLAINED))
    if not record["standalone"]:
        causes.append(("not standalone: the row's symbols are defined in the DLMF text", Cause.EXPLAINED))
    text_condition = TEXT_CONDITIONS.get(record["id"])
    if text_condition:
        condition, where = text_condition
        violated = _violates(condition, _counterexample(record) or {})
        if violated:
            causes.append((f"{where}: the row holds for {condition}, a condition of the DLMF's text that "
                           f"the row lacks; the counterexample has {violated}", Cause.EXPLAINED))
    restricted = restriction_cause(record, _exact_point_value)
    if restricted:
        causes.append((restricted, Cause.ROW))
    closed = closed_bound_at_minus_pi(record)
    if closed:
        causes.append((closed, Cause.EXPLAINED))
    if record.get("pm_half") and not record.get("set_reading") \
            and all(kind is Cause.UNEXPLAINED for _, kind in causes):
        other = other_sign_holds(record, _exact_values(record), _reading_index(record))
        if other:
            causes.append((f"\u00b1 half: at the counterexample the other sign's half ({other}) holds, so "
                           f"the sides differ by the choice of the DLMF's \u00b1, whose sign a condition "
                           f"(the quadrant of z, the side of a cut) settles that this half does not carry",
                           Cause.ROW))
    sides = _sides(record)
    if sides is not None and all(kind is Cause.UNEXPLAINED for _, kind in causes):
        causes += _numeric_causes(record, *sides)
    if all(kind is Cause.UNEXPLAINED for _, kind in causes):
        near = agrees_nearby(record)
        if near:
            causes.append((near, Cause.DOMAIN))
    if all(kind in (Cause.UNEXPLAINED,) for _, kind in causes):
        refuted = [link["latex"] for link in record["links"] if link["verdict"] == "refuted"]
        if record.get("pm_half") and record.get("set_reading") and record["section"] in EITHER_ROOT \
                and refuted and all(text.startswith("the right side's value") for text in refuted):
            causes.append(("\u00b1 half with square roots of either value (DLMF 4.24(iii), 4.38(iii)): every "
                           "value of the left side is one of the right side (not refuted), but with both "
                           "values of each root the right side of one sign also has values of the other "
                           "sign's left side; the DLMF's \u00b1 row is a set identity for both signs together",
                           Cause.ROW))
        elif record.get("pm_half") and record.get("set_reading") and _SPLIT_SIGN.search(record["checked_latex"]):
            causes.append(("\u00b1 half of a general value: the DLMF lists the values of both signs "
                           "together (Arccos z = \u00b1arccos z + 2k\u03c0, 4.23.32; Arcosh z = \u00b1arcosh z + 2k\u03c0i, "
                           "4.37.30); this half alone lists "
                           "only one sign, so a value of the left side is missing on the right", Cause.ROW))
        elif record.get("pm_half") and not record.get("set_reading"):
            causes.append(("\u00b1 half: the DLMF's \u00b1 takes its sign from a condition (the quadrant "
                           "of z, the side of a cut) that this half of the split row does not carry",
                           Cause.ROW))
        failed = [cas for cas in ("maple", "mathematica")
                  if str(record.get(f"{cas}_numeric") or "").startswith("Failed")]
        if failed:
            causes.append((f"the published {' and '.join(failed)} numeric test{'s' if len(failed) > 1 else ''} "
                           f"also fail{'' if len(failed) > 1 else 's'} on this row: as the source gives it, "
                           f"it lacks a condition of the DLMF", Cause.ROW))
    if not causes:
        return "UNEXPLAINED: a misread, a checker bug or a wrong row; see the report", Cause.UNEXPLAINED
    kinds = [kind for _, kind in causes]
    kind = next(k for k in (Cause.EXPLAINED, Cause.DOMAIN, Cause.ROW, Cause.MISREAD, Cause.UNEXPLAINED)
                if k in kinds or k is Cause.UNEXPLAINED)
    return "; ".join(text for text, _ in causes), kind


_GAUSSIAN = re.compile(r"([-+]?\d+(?:/\d+)?)([-+]\d+(?:/\d+)?)\*I")
_IMAGINARY = re.compile(r"(-)?(?:(\d+)\*)?I(?:/(\d+))?")
_PI_MULTIPLE = re.compile(r"(?:([-+]?\d+(?:/\d+)?) ([-+]) )?(-)?(?:(\d+)\*)?I\*pi(?:/(\d+))?")


def _exact_point_value(text: str):
    """A counterexample value as printed by the checker (``2``, ``-1/2``, ``0-1*I``,
    ``-I*pi``, ``1 - I*pi``, ``-2*I*pi``) as an exact SymPy number, or None (never sympified)."""
    import sympy
    text = text.strip()
    if re.fullmatch(r"[-+]?\d+(?:/\d+)?", text):
        return sympy.Rational(text)
    m = _GAUSSIAN.fullmatch(text)
    if m:
        return sympy.Rational(m.group(1)) + sympy.I * sympy.Rational(m.group(2))
    m = _IMAGINARY.fullmatch(text)
    if m:
        minus, factor, divisor = m.groups()
        return sympy.I * int(factor or 1) / int(divisor or 1) * (-1 if minus else 1)
    m = _PI_MULTIPLE.fullmatch(text)
    if m:
        real, sign, minus, factor, divisor = m.groups()
        value = sympy.I * sympy.pi * int(factor or 1) / int(divisor or 1) * (-1 if minus else 1)
        if real is not None:
            value = sympy.Rational(real) + (value if sign == "+" else -value)
        return value
    return None


def _reading_index(record: dict) -> int | None:
    """The position of the refuted link among the row's links."""
    return next((n for n, link in enumerate(record["links"]) if link["verdict"] == "refuted"), None)


def _exact_values(record: dict) -> dict:
    """The counterexample's values that are exact numbers (name -> SymPy number)."""
    point = _counterexample(record) or {}
    values = {name: _exact_point_value(value) for name, value in point.items()
              if name not in ("lhs", "rhs")}
    return {name: value for name, value in values.items() if value is not None}


def closed_bound_at_minus_pi(record: dict):
    """The branch convention behind a refutation at a closed phase bound: the row states
    ``-\\pi \\le ...`` (ph z_1 + ph z_2, n ph z, Im z), the counterexample attains -pi exactly
    (z_1 = z_2 = -i), and the principal phase is pi there, never -pi; None otherwise."""
    point = _counterexample(record)
    if not point:
        return None
    try:
        import sympy
        from symbolic.numeric.certify import exactly_equal
        values = {name: _exact_point_value(value) for name, value in point.items()
                  if name not in ("lhs", "rhs")}
        if any(v is None for v in values.values()):
            return None
        parsed = _reading_of(record)
        for fact in parsed.assumptions.facts:
            if isinstance(fact, sympy.GreaterThan) and fact.rhs == -sympy.pi:
                side = fact.lhs
            elif isinstance(fact, sympy.LessThan) and fact.lhs == -sympy.pi:
                side = fact.rhs
            else:
                continue
            names = {sym.name: sym for sym in side.free_symbols}
            if not names or any(name not in values for name in names):
                continue
            exact = {sym: values[name] for name, sym in names.items()}
            if exactly_equal(side, -sympy.pi, exact):
                where = ", ".join(f"{name} = {point[name]}" for name in sorted(names))
                return (f"branch convention: the principal phase is never \u2212\u03c0; the row's closed "
                        f"bound at \u2212\u03c0 ({sympy.sstr(fact)}) admits a point on the cut: at {where} "
                        f"the bound is attained exactly ({sympy.sstr(side)} = -pi), where the principal "
                        f"values take the phase +\u03c0")
    except Exception:   # the explanation is only ever withheld, never invented
        if os.environ.get("DLMF_DEBUG"):
            raise
        return None
    return None


# the right side of a split "Arccos z = \pm\arccos z + 2k\pi" (DLMF 4.23.32, 4.37.30)
_SPLIT_SIGN = re.compile(r"=\s*[+-]\s*\\(arccos|operatorname\{arcosh\})")


def _numeric_causes(record: dict, lhs, rhs, strict: bool) -> list[tuple[str, Cause]]:
    """Causes read off the counterexample: an equality case, or DLMF's convention on a cut.

    DLMF reads a point x < 0 on the cut of ln z, z^a, ... as x + i0 (ph z = pi), while exact
    evaluation puts 1/z, z^n, ... on whichever side the arithmetic lands. Such a refutation
    is explained only if the claim holds at x + i*eps (eps tiny), tested here by evaluating
    the row again with its complex variables on the negative axis moved just above it.
    """
    import mpmath
    scale = max(mpmath.mpf(1), abs(lhs), abs(rhs))
    if strict and abs(lhs - rhs) <= mpmath.mpf("1e-13") * scale:
        return [("equality case: the strict inequality is an equality at the counterexample; "
                 "the row lacks the condition excluding that point", Cause.EXPLAINED)]
    if strict:
        return []
    difference = (lhs - rhs) / (mpmath.pi * 1j)
    nearest = mpmath.nint(mpmath.re(difference))
    if abs(lhs + rhs) <= mpmath.mpf("1e-12") * scale and abs(lhs) > mpmath.mpf("1e-12") * scale:
        how = "differ in sign"
    elif nearest != 0 and abs(nearest) <= 4 and abs(difference - nearest) < 1e-9:
        how = f"differ by {int(nearest)}\u03c0i"
    else:
        how = None
    above = agrees_above_cut(record)
    if above:
        return [(f"branch cut: the sides {how or 'differ'} at the counterexample, which lies on a cut, "
                 f"but agree at {above} (the DLMF's one-sided value there, or a point it excludes)",
                 Cause.EXPLAINED)]
    if how:
        return [(f"branch? the sides {how} at the counterexample (and not only on a cut): check by hand",
                 Cause.UNEXPLAINED)]
    return []


# Conditions that the DLMF states in the text around a row, not in the row's own constraints
# (so the source's row lacks them): id -> (condition, where the DLMF states it). Each explains
# a refutation only when the counterexample violates it (``_violates``).
TEXT_CONDITIONS = {
    "4.18#Ex1": ("|z| < 1", "DLMF 4.18.10 (|cos z| < 2 and |sin z| <= 6|z|/5 for |z| < 1)"),
}


def _violates(condition: str, point: dict):
    """A description of how the counterexample violates a TEXT_CONDITIONS condition, or None."""
    m = re.fullmatch(r"\|(\w)\| < (\d+)", condition)
    if m and m.group(1) in point:
        value = _complex(point[m.group(1)])
        if value is not None and abs(value) >= int(m.group(2)):
            return f"|{m.group(1)}| = {float(abs(value)):.6g}"
    return None


@dataclass(frozen=True)
class _Link:
    claim: object


@dataclass(frozen=True)
class _Facts:
    facts: tuple


@dataclass(frozen=True)
class _SetReading:
    """A set row's conditions shaped as ``parse_chain``'s result (links with claims, assumptions)."""

    links: tuple
    assumptions: _Facts


def _reading_of(record: dict):
    """The row read again: ``parse_chain``'s result, or a set row's conditions in its shape."""
    from symbolic.latex import parse_chain
    if not record.get("set_reading"):
        return parse_chain(record["checked_latex"], assumptions=record["assume"],
                           imaginary_unit=record["imaginary_unit"])
    from symbolic.latex.general_values import read_general
    from symbolic.model import Claim, Relation
    reading = read_general(record["checked_latex"], assumptions=tuple(record["assume"]),
                           imaginary_unit=record["imaginary_unit"], existential=record["existential_k"],
                           roots_either_value=record["section"] in EITHER_ROOT)
    facts = reading.conditions[0].assumptions if reading.conditions else ()
    return _SetReading(tuple(_Link(Claim(c.lhs, Relation.EQ, 0)) for c in reading.conditions), _Facts(facts))


def agrees_nearby(record: dict):
    """Why a refutation at a point where one side is undefined is no refutation of the DLMF:
    the sides agree (the relation holds) at points 1e-20 away on either side of every variable,
    so the point is only outside a side's domain (0/0 in sin x / x at 0); the DLMF states a
    formula where both sides are defined. None when a side is defined there or it cannot tell."""
    point = _counterexample(record)
    if not point or ("lhs" in point and "rhs" in point):
        return None
    undefined = "left" if "lhs" not in point else "right"
    try:
        import mpmath
        import sympy
        from symbolic.budget import SoftTimeout, soft_deadline
        with soft_deadline(60 if record.get("set_reading") else 20), mpmath.workdps(60):
            parsed = _reading_of(record)
            index = next(n for n, link in enumerate(record["links"]) if link["verdict"] == "refuted")
            claim = parsed.links[index].claim
            names = {sym.name: sym for sym in (claim.lhs - claim.rhs).free_symbols}
            if not names or any(sym.is_integer for sym in names.values()):
                return None   # an integer moved by 1e-20 is no point of the domain
            if not names or any(name not in point or _complex(point[name]) is None for name in names):
                return None
            shift = sympy.Rational(1, 10 ** 20)
            tried = []
            for step in (shift, -shift):
                values = {}
                for name, sym in names.items():
                    v = _complex(point[name])
                    exact = sympy.nsimplify(sympy.Float(mpmath.nstr(v.real, 40), 40), rational=True) + \
                        sympy.I * sympy.nsimplify(sympy.Float(mpmath.nstr(v.imag, 40), 40), rational=True)
                    values[sym] = exact + step
                facts = parsed.assumptions.facts
                signs_fail = any((sym.is_positive and not values[sym] > 0)
                                 or (sym.is_nonnegative and not values[sym] >= 0)
                                 or (sym.is_negative and not values[sym] < 0)
                                 or (sym.is_nonpositive and not values[sym] <= 0) for sym in values)
                if signs_fail or (facts and sympy.And(*facts).subs(values) is not sympy.true):
                    continue   # a shift outside the stated domain says nothing
                left = complex(sympy.N(claim.lhs.doit().subs(values), 40))
                right = complex(sympy.N(claim.rhs.doit().subs(values), 40))
                # relative to the values themselves: next to a zero both sides are tiny, and
                # 5e-21 against -5e-21 is a difference in sign, not agreement
                scale = max(abs(left), abs(right))
                if record.get("set_reading"):
                    scale = 1.0   # a condition exp(2 pi i d / P) - 1 = 0: its values are of order 1
                if claim.relation.value == "=":
                    ok = abs(left - right) <= 1e-12 * scale
                elif abs(left.imag) + abs(right.imag) <= 1e-12 * scale:
                    ok = _HOLDS_REAL.get(claim.relation.value, lambda a, b: False)(left.real, right.real)
                else:
                    ok = False
                tried.append(ok)
                if not ok:
                    return None
            if tried:
                return (f"undefined point: the {undefined} side is undefined at the counterexample (outside "
                        f"its domain) and the claim holds 1e-20 away from it; the DLMF states the formula "
                        f"where both sides are defined")
    except (SoftTimeout, Exception) as exc:   # the explanation is only ever withheld, never invented
        if os.environ.get("DLMF_DEBUG"):
            raise
        return None
    return None


_HOLDS_REAL = {"<": lambda a, b: a < b, r"\le": lambda a, b: a <= b, ">": lambda a, b: a > b,
               r"\ge": lambda a, b: a >= b}


def agrees_above_cut(record: dict):
    """``"z + i0"`` (or ``"z - i0"``) if the refuted link holds once its complex variables that
    lie on the real axis are moved just off it to that side; None otherwise or when it cannot tell.

    A counterexample on a branch cut is outside the DLMF's domain of the formula or, where the
    DLMF allows the cut, stands for a one-sided value x +- i0.
    """
    point = _counterexample(record)
    complex_names = _complex_names(record)
    if not point or not complex_names:
        return None
    on_axis = {}
    for name, value in point.items():
        v = _complex(value)
        if name in complex_names and v is not None and v.imag == 0 and v.real != 0:
            on_axis[name] = v
    if not on_axis:
        return None
    try:
        import mpmath
        import sympy
        from symbolic.budget import SoftTimeout, soft_deadline
        # 60 digits throughout: a value such as 1e30 read at 53 bits is another point
        with soft_deadline(60 if record.get("set_reading") else 20), mpmath.workdps(60):
            parsed = _reading_of(record)
            index = next(n for n, link in enumerate(record["links"]) if link["verdict"] == "refuted")
            claim = parsed.links[index].claim
            if claim.relation.value != "=":
                return None
            for side in (1, -1):
                values = {}
                for sym in (claim.lhs - claim.rhs).free_symbols:
                    if sym.name not in point or _complex(point[sym.name]) is None:
                        return None
                    v = mpmath.mpc(_complex(point[sym.name]))
                    if sym.name in on_axis:
                        # absolute, not relative: at x = 1e30 a relative shift would move z by i
                        v += side * 1j * min(mpmath.mpf("1e-30"), abs(v.real) * mpmath.mpf("1e-20"))
                    values[sym] = sympy.Float(mpmath.nstr(v.real, 60), 60) + \
                        sympy.I * sympy.Float(mpmath.nstr(v.imag, 60), 60)
                left = complex(sympy.N(claim.lhs.doit().subs(values), 50))
                right = complex(sympy.N(claim.rhs.doit().subs(values), 50))
                if abs(left - right) <= 1e-12 * max(1.0, abs(left), abs(right)):
                    return ", ".join(f"{name} {'+' if side > 0 else '-'} i0" for name in sorted(on_axis))
    except (SoftTimeout, Exception):   # the explanation is only ever withheld, never invented
        return None
    return None


def _complex_names(record: dict) -> set:
    """The symbols the row's assumptions make complex (``z, a \\in \\mathbb{C}``)."""
    names = set()
    for assumption in record["assume"]:
        m = re.fullmatch(r"\s*(.*?)\s*\\in\s*\\mathbb\{C\}\s*", assumption)
        if m:
            names |= {n.strip().replace("{", "").replace("}", "") for n in m.group(1).split(",")}
    return names


def _sides(record: dict):
    """(lhs, rhs, strict) of the refuted link at its counterexample, when both are numbers."""
    for link in record["links"]:
        if link["verdict"] == "refuted" and link["counterexample"]:
            point = dict(link["counterexample"])
            lhs, rhs = _complex(point.get("lhs", "")), _complex(point.get("rhs", ""))
            if lhs is None or rhs is None:
                return None
            return lhs, rhs, bool(_STRICT.search(link["latex"]))
    return None


def dropped_constraint_at(record: dict) -> str:
    """Whether the refutation's counterexample violates the dropped constraints, where we can tell.

    ``\\arg w`` is evaluated as the principal phase of w (DLMF's ph, in (-pi, pi]).
    """
    point = _counterexample(record)
    if point is None:
        return "no counterexample to test it at"
    try:
        import mpmath
        held = []
        for constraint in record["constraints_dropped"]:
            value = _evaluate_constraint(constraint, point, mpmath)
            if value is None:
                return "not evaluated at the counterexample"
            held.append(value)
        if all(held):
            return "holds at the counterexample"
        return "violated at the counterexample"
    except Exception as exc:   # an evaluation failure only weakens the explanation
        return f"not evaluated ({type(exc).__name__})"


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _counterexample(record: dict):
    for link in record["links"]:
        if link["verdict"] == "refuted" and link["counterexample"]:
            return {k: v for k, v in link["counterexample"]}
    return None


def _complex(text: str):
    """A counterexample value (``1.5``, ``0.2 + 1.3*I``, ``(0.2+1.3j)``) as an mpmath number, or None.

    mpmath, not ``complex``: values such as ``1.7e-89700`` are common and would underflow.
    """
    import mpmath
    cleaned = text.replace(" ", "").replace("*I", "j").replace("I", "1j").strip("()")
    if not re.fullmatch(r"[-+0-9.eEj]+", cleaned):
        return None
    try:
        return mpmath.mpmathify(cleaned)
    except (ValueError, TypeError):
        return None


def _evaluate_constraint(constraint: str, point: dict, mpmath):
    """True/False for a dropped constraint made of ``\\arg`` terms and numbers; None when not understood."""
    text = constraint.replace(r"\frac{1}{2}\pi", "(pi/2)").replace(r"\pi", "pi").replace(r"\leq", "<=") \
        .replace(r"\geq", ">=").replace(r"\le", "<=").replace(r"\ge", ">=")
    values = {}
    for name, value in point.items():
        parsed = _complex(value)
        if parsed is not None:
            values[name.replace(" ", "")] = parsed

    def phase(match):
        name = match.group(1).replace("{", "").replace("}", "")
        if name not in values:
            raise KeyError(name)
        return f"({float(mpmath.arg(values[name]))!r})"

    try:
        text = re.sub(r"\\arg\s*([A-Za-z](?:_\{?\w+\}?)?)", phase, text)
    except KeyError:
        return None
    text = re.sub(r"\b([A-Za-z])\b", lambda m: f"({float(mpmath.re(values[m.group(1)]))!r})"
                  if m.group(1) in values and mpmath.im(values[m.group(1)]) == 0 else m.group(0), text)
    text = text.replace("pi", repr(float(mpmath.pi)))
    text = re.sub(r"(?<=[\d)])\s*\(", "*(", text)
    parts = re.split(r"(<=|>=|<|>)", text)
    if len(parts) != 3 or not all(re.fullmatch(r"[\d.eE+\-*/() ]+", p) for p in (parts[0], parts[2])):
        return None
    left, right = _arith(parts[0]), _arith(parts[2])
    if left is None or right is None:
        return None
    return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[parts[1]]


def _arith(text: str):
    """The value of a tiny arithmetic expression of numbers, + - * / and brackets (no eval)."""
    tokens = re.findall(r"\d+\.?\d*(?:[eE][-+]?\d+)?|[-+*/()]", text.replace(" ", ""))
    pos = 0

    def expr():
        nonlocal pos
        value = term()
        while pos < len(tokens) and tokens[pos] in "+-":
            op = tokens[pos]
            pos += 1
            value = value + term() if op == "+" else value - term()
        return value

    def term():
        nonlocal pos
        value = factor()
        while pos < len(tokens) and tokens[pos] in "*/":
            op = tokens[pos]
            pos += 1
            value = value * factor() if op == "*" else value / factor()
        return value

    def factor():
        nonlocal pos
        token = tokens[pos]
        pos += 1
        if token == "-":
            return -factor()
        if token == "+":
            return factor()
        if token == "(":
            value = expr()
            pos += 1
            return value
        return float(token)

    try:
        value = expr()
        return value if pos == len(tokens) else None
    except (IndexError, ValueError, ZeroDivisionError):
        return None


def refutations(results: list[dict]) -> str:
    """Every refuted row with its counterexample and its cause; unexplained ones marked loudly."""
    lines = []
    for record in results:
        if record["status"] != Status.REFUTED.value:
            continue
        cause, kind = refutation_cause(record)
        point = _counterexample(record)
        shown = ", ".join(f"{k} = {v}" for k, v in point.items()) if point else "(none given)"
        mark = {Cause.EXPLAINED: "", Cause.DOMAIN: "(undefined point) ", Cause.ROW: "(row) ",
                Cause.MISREAD: "**MISREAD** ",
                Cause.UNEXPLAINED: "**UNEXPLAINED** "}[kind]
        lines.append(f"- {mark}`{record['id']}` `{record['checked_latex']}`"
                     f"{' assuming ' + '; '.join(record['assume']) if record['assume'] else ''}\n"
                     f"  counterexample: {shown}\n  cause: {cause}"
                     + (f"\n  respelled: {'; '.join(record['fixes'])}" if record["fixes"] else ""))
    return "\n".join(lines) if lines else "(none)"


def unreadable_groups(results: list[dict]) -> list[tuple[str, list[str]]]:
    """Unreadable rows grouped by the reader's message (the construct named, columns dropped)."""
    groups: dict[str, list[str]] = {}
    for record in results:
        if record["status"] == Status.UNREADABLE.value:
            groups.setdefault(message_key(record["error"] or "no link read"), []).append(record["id"])
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def message_key(message: str) -> str:
    """A reader message reduced to what it names: ``cannot read '\\int...' at column 5: X`` -> ``\\int: X``."""
    m = re.match(r"cannot read '(.*?)'(?: at column \d+)?: (.*)", message)
    if not m:
        return re.sub(r"'[^']*'", "'…'", message)
    shown, why = m.groups()
    head = re.match(r"\s*(\\operatorname\{\w+\}|\\[A-Za-z]+|\|\s*\\[A-Za-z]+|d\^)", shown)
    what = head.group(1).replace(" ", "") if head else "'…'"
    return f"{what}: {why}"


def annotate(results: list[dict], rows: list[dict]) -> None:
    """Add what the cases say about each result's row: the published numeric tests and
    whether the row is one half of a split \u00b1 (its sibling differs only in signs)."""
    by_id = {r["id"]: r for r in rows}
    for record in results:
        row = by_id.get(record["id"])
        if row is None:
            continue
        record.setdefault("maple_numeric", row.get("maple_numeric"))
        record.setdefault("mathematica_numeric", row.get("mathematica_numeric"))
        sibling = pm_sibling(row, by_id)
        record["pm_half"] = sibling is not None
        if sibling is not None:
            record["pm_sibling"] = {"id": sibling["id"], "latex": respell(sibling["latex"]).latex}


def pm_half(row: dict, by_id: dict) -> bool:
    """Whether a row ``X/n`` is one sign of a split \u00b1: a sibling ``X/m`` differs only in + and -."""
    return pm_sibling(row, by_id) is not None


def pm_sibling(row: dict, by_id: dict) -> dict | None:
    """The other sign's row of a split \u00b1 (``X/m`` beside ``X/n``, differing only in + and -), or None."""
    base, sep, _ = row["id"].rpartition("/")
    if not sep:
        return None
    unsigned = re.sub(r"[+-]", "", row["latex"]).replace(" ", "")
    for n in range(1, 9):
        sibling = by_id.get(f"{base}/{n}")
        if sibling and sibling is not row and sibling["latex"] != row["latex"] \
                and re.sub(r"[+-]", "", sibling["latex"]).replace(" ", "") == unsigned:
            return sibling
    return None


def render(results: list[dict], *, total: int, seconds: float | None = None) -> str:
    """The whole Markdown report."""
    parts = [f"## DLMF Chapter 4: stepcheck beside Maple and Mathematica "
             f"({len(results)} of {total} rows checked)", ""]
    if seconds is not None:
        parts += [f"Wall time {seconds / 60:.1f} min.", ""]
    parts += [table(results), ""]
    respelled = [r for r in results if r["fixes"]]
    own = [r["id"] for r in results if r.get("self_definition")]
    parts += [f"Rows respelled before checking: {len(respelled)} "
              f"({Counter(f.split(' ->')[0] for r in respelled for f in r['fixes']).most_common()})."]
    added = [r["id"] for r in results if r.get("condition_added")]
    if added:
        parts += [f"Rows checked with a condition the DLMF states that the data's conversion lost "
                  f"(dlmf_conditions.PRINTED): {', '.join(added)}."]
    if own:
        parts += [f"Rows that are the very definition a respelling uses (they become x = x): "
                  f"{', '.join(own)}."]
    standalone = [r for r in results if r["standalone"]]
    decided = {Status.PROVED.value, Status.VERIFIED.value}
    ahead = sum(1 for r in standalone if r["status"] in decided and r.get("mathematica_symbolic") != "Successful")
    behind = Counter(r["status"] for r in standalone
                     if r["status"] not in decided and r.get("mathematica_symbolic") == "Successful")
    parts += ["", f"Standalone rows proved or verified where Mathematica's symbolic check did not succeed: "
                  f"{ahead}; Mathematica ok where stepcheck is not: {sum(behind.values())} "
                  f"({', '.join(f'{n} {k}' for k, n in behind.most_common())})."]
    lucky = [r["id"] for r in results if r["status"] in decided and _ONE_SIDED.search(r["checked_latex"])]
    if lucky:
        parts += ["", f"**Decided on a misread**: {', '.join(lucky)} — the reader drops the \u00b1i0 of a "
                      f"one-sided value; the verdict agrees with the DLMF only because the principal value "
                      f"on the cut is the limit from above."]
    kinds = Counter(refutation_cause(r)[1].value for r in results if r["status"] == Status.REFUTED.value)
    parts += ["", "### Refutations", "",
              f"{sum(kinds.values())} refuted: {kinds.get('explained', 0)} explained by a constraint, "
              f"convention or the row's flags, {kinds.get('domain', 0)} at a point where one side is undefined "
              f"and the claim holds next to it, {kinds.get('row', 0)} by the row as given (a \u00b1 half, or "
              f"a condition the source lost), {kinds.get('misread', 0)} known misreads, {kinds.get('unexplained', 0)} unexplained "
              f"(standalone only: {_standalone_kinds(results)}).", "", refutations(results), "", "### Unreadable rows by the reader's message", ""]
    parts += ["| rows | message | ids |", "| ---: | --- | --- |"]
    for key, ids in unreadable_groups(results):
        shown = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
        parts.append(f"| {len(ids)} | {key.replace('|', chr(92) + '|')} | {shown} |")
    return "\n".join(parts)


def _standalone_kinds(results: list[dict]) -> str:
    kinds = Counter(refutation_cause(r)[1].value for r in results
                    if r["status"] == Status.REFUTED.value and r["standalone"])
    return ", ".join(f"{kinds.get(k.value, 0)} {k.value}" for k in Cause)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", metavar="PATH", help="the cases.jsonl file")
    parser.add_argument("--jobs", type=int, default=1, help="rows checked at once (default 1)")
    parser.add_argument("--timeout", type=float, default=20.0, metavar="S",
                        help="budget of one link in seconds, as stepcheck check --timeout (default 20)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N selected rows")
    parser.add_argument("--section", action="append", default=[], metavar="4.x", help="only this section")
    parser.add_argument("--id", action="append", default=[], metavar="ID", help="only this row")
    parser.add_argument("--out", default=str(DEFAULT_OUT), metavar="PATH", help="results JSONL")
    parser.add_argument("--resume", action="store_true", help="keep the results already in --out")
    parser.add_argument("--no-respell", action="store_true", help="check the conversion as given")
    parser.add_argument("--from-results", metavar="PATH", help="report an earlier results file only")
    args = parser.parse_args(argv)
    try:
        if args.from_results:
            if not Path(args.from_results).is_file():
                raise DataError(f"no results file at {args.from_results}; run the benchmark first")
            results = list(read_results(Path(args.from_results)).values())
            try:
                cases = load_rows(find_data(args.data))
            except DataError:
                cases = []
            order = {r["id"]: n for n, r in enumerate(cases)}
            total = len(cases) or len(results)
            annotate(results, cases)
            results.sort(key=lambda r: order.get(r["id"], len(order)))
            print(render(results, total=total))
            return 0
        if args.jobs < 1 or args.timeout <= 0:
            raise DataError("--jobs must be at least 1 and --timeout positive")
        rows = select(load_rows(find_data(args.data)), sections=set(args.section), ids=set(args.id),
                      limit=args.limit)
        if not rows:
            raise DataError("no row matches the filters")
    except DataError as exc:
        print(f"dlmf: error: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    done = {}
    if args.resume:
        done = {k: v for k, v in read_results(out).items() if k in {r["id"] for r in rows}}
    elif out.exists():
        out.unlink()
    start = time.perf_counter()

    def progress(n, total, record):
        print(f"[{n}/{total}] {record['id']}: {record['status']} ({record['seconds']:.1f} s)",
              file=sys.stderr, flush=True)

    results = run(rows, jobs=args.jobs, timeout_s=args.timeout, out=out,
                  respelling=not args.no_respell, done=done, progress=progress)
    annotate(results, load_rows(find_data(args.data)))
    write_results(out, results)
    print(render(results, total=len(rows), seconds=time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
