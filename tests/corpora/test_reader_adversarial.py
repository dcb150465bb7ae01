"""The adversarial reader corpus: no false claim accepted, no true claim refuted.

Every claim of ``reader_adversarial.CASES`` goes through the same path as ``stepcheck check``
(``symbolic.commands.check_input``: the reading in a budgeted child, then every link in its
own budgeted child). A false claim must not be accepted (proved, verified or approximate) --
a refusal, refuted, inconclusive or timeout is fine; a true claim must not be refuted; an
ambiguous claim must be neither. Nothing here is marked xfail: a misread fails the test.

The selected claims are checked once, ``JOBS`` at a time, by a module fixture; the total
time is printed (run with ``-s`` to see it).
"""
from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reader_adversarial import CASES, Case, Family, Truth  # noqa: E402

from symbolic.commands import check_input  # noqa: E402
from symbolic.config import CheckConfig  # noqa: E402
from symbolic.errors import StepcheckError  # noqa: E402
from symbolic.model import Verdict  # noqa: E402

TIMEOUT_S = 5.0     # per link; a budget that runs out is "timeout", which never fails a case
JOBS = 2
_ACCEPTED = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


@dataclass(frozen=True)
class Result:
    """What the checker made of one claim: the verdict and LaTeX of each link, or the refusal."""

    verdicts: tuple[Verdict, ...]
    links: tuple[str, ...]
    refusal: str | None
    seconds: float

    @property
    def accepted(self) -> bool:
        """Every link accepted: the claim as a whole would be reported as holding."""
        return self.refusal is None and bool(self.verdicts) and all(v in _ACCEPTED for v in self.verdicts)

    @property
    def refuted(self) -> bool:
        return Verdict.REFUTED in self.verdicts

    def describe(self) -> str:
        if self.refusal is not None:
            return f"refused: {self.refusal}"
        return "; ".join(f"{v.value} [{link}]" for v, link in zip(self.verdicts, self.links))


def run_case(case: Case) -> Result:
    """Check one claim as ``stepcheck check`` does; a refusal is a result, not an error."""
    config = CheckConfig(timeout_s=TIMEOUT_S, imaginary_unit=case.imaginary_unit)
    start = time.perf_counter()
    try:
        links, unreadable = check_input(case.latex, assume=case.assume, config=config)
    except StepcheckError as exc:
        return Result((), (), str(exc).splitlines()[0], time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if unreadable:
        return Result((), (), str(unreadable[0]).splitlines()[0], seconds)
    return Result(tuple(link.outcome.verdict for link in links), tuple(link.latex for link in links),
                  None, seconds)


def misread(case: Case, result: Result) -> bool:
    """Whether the result contradicts the claim's truth as a careful reader reads it."""
    if case.truth is Truth.FALSE:
        return result.accepted
    if case.truth is Truth.TRUE:
        return result.refuted
    return result.accepted or result.refuted


@pytest.fixture(scope="module")
def results(request) -> dict[str, Result]:
    """The results of every selected case, checked ``JOBS`` at a time (each check forks its own
    budgeted children, as the runner of ``stepcheck report --jobs`` does)."""
    selected = [item.callspec.params["case"] for item in request.session.items
                if item.name.startswith("test_reader_adversarial[")]
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        found = dict(zip((c.id for c in selected), pool.map(run_case, selected)))
    total = time.perf_counter() - start
    bad = sum(misread(c, found[c.id]) for c in selected)
    print(f"\nreader adversarial corpus: {len(selected)} claims in {total:.1f} s ({JOBS} at a time, "
          f"{TIMEOUT_S:g} s per link); {bad} misread")
    return found


def test_corpus_shape():
    """At least 150 claims, mostly false, unique, every family with true and false claims."""
    assert len(CASES) >= 150
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    assert sum(case.truth is Truth.FALSE for case in CASES) > len(CASES) / 2
    for family in Family:
        truths = {case.truth for case in CASES if case.family is family}
        assert {Truth.TRUE, Truth.FALSE} <= truths, family
    assert all(case.why.strip() for case in CASES)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[f"{n:03d}-{c.family.name.lower()}" for n, c in enumerate(CASES)])
def test_reader_adversarial(case: Case, results):
    result = results[case.id]
    where = f"{case.latex!r} assume={list(case.assume)} ({case.why}): {result.describe()}"
    if case.truth is Truth.FALSE:
        assert not result.accepted, f"false claim accepted: {where}"
    elif case.truth is Truth.TRUE:
        assert not result.refuted, f"true claim refuted: {where}"
    else:
        assert not result.accepted and not result.refuted, f"ambiguous claim decided: {where}"


@pytest.mark.slow
def test_plain_sympy_symbol_is_not_sampled_as_real():
    """A bare ``sympy.Symbol('z')`` is complex: |z|^2 = z^2 is false (z = i gives 1 = -1)."""
    import sympy

    from symbolic.api import check

    z = sympy.Symbol("z")
    outcome = check(sympy.Eq(sympy.Abs(z) ** 2, z ** 2, evaluate=False),
                    config=CheckConfig(timeout_s=TIMEOUT_S))
    assert outcome.verdict not in _ACCEPTED, (outcome.verdict, outcome.evidence)
