"""pytest plugin of stepcheck (registered through the ``pytest11`` entry point ``stepcheck``).

Keep your own derivations checked in CI::

    import symbolic as sc
    from symbolic.pytest_plugin import assert_derivation_checks

    def test_my_derivation():
        assert_derivation_checks(MY_DERIVATION)            # refuted or undecided: fails

    def test_with_fixture(stepcheck):
        stepcheck.assert_claim(r"\\ln(x^2) = 2\\ln x", assume=["x > 0"])

A refuted step fails the test with its certified counterexample; an undecided step
(inconclusive, timeout) fails unless ``allow_undecided=True``; an ``error`` always fails.
``require="proved"`` fails anything short of a symbolic proof (a ``verified`` step too), as
``stepcheck check --strict`` does. The message shows each failing step's LaTeX, assumptions
and evidence.

Only pytest is imported here: SymPy and the checkers load when a test first uses them,
so test runs that never check anything pay nothing for the plugin.
"""
from __future__ import annotations

from typing import Iterable, Mapping

import pytest

# Verdict values, compared as strings so that loading the plugin imports no SymPy.
_UNDECIDED = ("inconclusive", "timeout")
_ALWAYS_FAILS = ("refuted", "error")


class DerivationCheckFailed(AssertionError):
    """A derivation or claim did not check: some step refuted, failed or undecided."""


def assert_derivation_checks(derivation, *, allow_undecided: bool = False, require: str | None = None,
                             config=None, jobs: int = 1, cache=None) -> dict:
    """Check every step of ``derivation``; fail the test unless each one holds.

    ``derivation`` is a ``Derivation`` or a target string as the command line takes it
    (``"my_proof.py"``, ``"entropy_softmax:S3,S4"``: those steps and what they rest on).
    ``require="proved"`` fails every step short of proved (``"verified"``: short of verified).
    Returns the outcomes (step id -> ``Outcome``) so that a test can assert more.
    """
    __tracebackhide__ = True
    from symbolic.api import check_derivation
    _check_options(allow_undecided, require)
    steps = None
    if isinstance(derivation, str):
        from symbolic.commands.targets import load_target
        derivation, named = load_target(derivation)
        steps = [s.id for s in named]
    outcomes = check_derivation(derivation, config=config, jobs=jobs, cache=cache, steps=steps)
    failing = failing_steps(outcomes, allow_undecided=allow_undecided, require=require)
    if failing:
        raise DerivationCheckFailed(failure_message(derivation, outcomes, failing, require=require))
    return outcomes


def assert_claim_checks(claim_or_latex, *, assume: Iterable = (), allow_undecided: bool = False,
                        require: str | None = None, config=None):
    """Check one claim (SymPy relational or LaTeX); fail the test unless it holds
    (with ``require="proved"``: unless it is proved)."""
    __tracebackhide__ = True
    from symbolic.api import check, derivation, step
    _check_options(allow_undecided, require)
    outcome = check(claim_or_latex, assume=assume, config=config)
    if failing_steps({"claim": outcome}, allow_undecided=allow_undecided, require=require):
        one = derivation("claim", [step("claim", claim_or_latex, assume=assume)])
        raise DerivationCheckFailed(failure_message(one, {"claim": outcome}, ["claim"],
                                                    require=require))
    return outcome


def _check_options(allow_undecided: bool, require) -> None:
    if require is None:
        return
    from symbolic.api import _accepted
    _accepted(require)  # names the argument when it is not a requirement
    if allow_undecided:
        from symbolic.errors import ConfigError
        raise ConfigError(f"allow_undecided=True and require={require!r} contradict each other; "
                          "give one of them")


def failing_steps(outcomes: Mapping, *, allow_undecided: bool = False,
                  require: str | None = None) -> list[str]:
    """Ids of the steps whose verdict fails a test (``require``: short of that verdict)."""
    if require is not None:
        from symbolic.api import short_of
        return short_of(outcomes, require)
    bad = _ALWAYS_FAILS + (() if allow_undecided else _UNDECIDED)
    return [step_id for step_id, outcome in outcomes.items() if outcome.verdict.value in bad]


def failure_message(derivation, outcomes: Mapping, failing: Iterable[str], *,
                    require: str | None = None) -> str:
    """What a failed check says: each failing step's verdict, LaTeX, assumptions, evidence."""
    from symbolic.notebook import step_latex
    failing = list(failing)
    from symbolic.model import Tally
    tally = Tally.of(outcomes.values()).text()
    lines = [f"derivation {derivation.id!r}: {len(failing)} of {len(outcomes)} steps did not "
             f"check ({tally})"]
    for step_id in failing:
        step, outcome = derivation.step(step_id), outcomes[step_id]
        lines.append(f"  step {step_id}: {outcome.verdict.value.upper()}")
        lines.append(f"    claim: {step_latex(step)}")
        assumed = _assumptions(step)
        if assumed:
            lines.append("    assuming: " + ", ".join(assumed))
        if outcome.counterexample:
            values = ", ".join(f"{name} = {value}" for name, value in outcome.counterexample)
            lines.append(f"    counterexample (certified): {values}")
        for evidence in outcome.evidence:
            lines.append(f"    {evidence.method}: {evidence.detail}")
        if require is not None:
            lines.append(f"    (require={require!r}: {outcome.verdict.value} falls short)")
        elif outcome.verdict.value in _UNDECIDED:
            lines.append("    (pass allow_undecided=True to accept undecided steps)")
    return "\n".join(lines)


def _assumptions(step) -> list[str]:
    """The step's facts and its symbols' own assumptions (``b > 0``), as LaTeX."""
    from symbolic.notebook import assumptions_latex
    return assumptions_latex(step)


class StepcheckFixture:
    """What the ``stepcheck`` fixture gives a test: checks with one shared configuration.

    Set ``stepcheck.config`` (a ``CheckConfig``) to change precision or budgets.
    """

    def __init__(self, config=None):
        self.config = config

    def check(self, claim_or_latex, *, assume: Iterable = (), require: str | None = None):
        """The outcome of one claim (``require``: raise ``CheckFailed`` when short of it)."""
        from symbolic.api import check
        return check(claim_or_latex, assume=assume, config=self.config, require=require)

    def check_derivation(self, derivation, *, jobs: int = 1, require: str | None = None) -> dict:
        """The outcomes of a derivation (``require``: raise ``CheckFailed`` when short of it)."""
        from symbolic.api import check_derivation
        return check_derivation(derivation, config=self.config, jobs=jobs, require=require)

    def assert_checks(self, derivation, *, allow_undecided: bool = False,
                      require: str | None = None, jobs: int = 1) -> dict:
        """Fail unless every step of ``derivation`` holds (see ``assert_derivation_checks``)."""
        __tracebackhide__ = True
        return assert_derivation_checks(derivation, allow_undecided=allow_undecided,
                                        require=require, config=self.config, jobs=jobs)

    def assert_claim(self, claim_or_latex, *, assume: Iterable = (), allow_undecided: bool = False,
                     require: str | None = None):
        """Fail unless one claim holds (see ``assert_claim_checks``)."""
        __tracebackhide__ = True
        return assert_claim_checks(claim_or_latex, assume=assume, allow_undecided=allow_undecided,
                                   require=require, config=self.config)


@pytest.fixture
def stepcheck() -> StepcheckFixture:
    """Check derivations and claims in a test; a refuted or undecided step fails it."""
    return StepcheckFixture()
