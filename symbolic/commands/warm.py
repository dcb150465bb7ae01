"""Warm a process before it forks many budgeted children: import and fill caches once.

Every claim is read and checked in forked children (``commands.chain``), and a child's
imports and caches die with it. The formula reader's prediction cache (latex2sympy's ANTLR
parser builds its decision tables on first use of each construct), SymPy's lazily imported
modules (``Add`` imports ``sympy.tensor`` on first use) and the checker families cost a
child 0.3-0.5 s of CPU when its parent never used them, and almost nothing when it did. So a
process that will fork many children (a long document, a batch, the language server, a Dask
worker) reads a fixed set of typical claims and checks a few of them in-process first; each
child then starts warm. A single claim is not worth it: warming costs more than it saves.

Only the fixed claims below are read and checked in-process, never a user's input (which is
read and checked under the hard budget, as always). Warming changes no verdict: the children
run the same code on the same input, with caches that hold only exact results.
"""
from __future__ import annotations

import gc
import time

# Typical constructs of derivations: powers, fractions, roots, absolute values, exp/log,
# trigonometric and hyperbolic functions, sums and products with bounds, max, derivatives,
# integrals, limits, subscripts, text conditions. Reading each fills the reader's tables
# for its constructs; the first ``CHECKED`` are also checked, which imports and warms the
# checkers, the numeric tier and the certification of a counterexample.
CLAIMS = (
    r"(a+b)^2 = a^2 + 2ab + b^2",                       # proved by expansion
    r"\sin^2 x = 1 + x",                                # refuted: certified counterexample
    r"\exp(x) \ge 1 + x",                               # a proved inequality
    r"\frac{a}{b} + \frac{c}{d} = \frac{ad + bc}{bd}",  # the numeric tier on a domain
    r"x^{4} x = x^{5}",
    r"\sqrt{x^2} = |x|",
    r"e^{a+b} = e^{a} e^{b}",
    r"\log(xy) = \log x + \log y",
    r"\ln(x^{3}) = 3 \ln x \quad \text{for } x > 0",
    r"\frac{x^2 - 4}{x - 2} = x + 2",
    r"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}",
    r"\prod_{j=1}^{n} a_j \le \max_j a_j^n",
    r"\int_0^1 x^2 \, dx = \frac{1}{3}",
    r"\cos^2\theta + \sin^2\theta = 1",
    r"\log \sum_{i} e^{x_i} \ge \max_i x_i",
    r"-\sum_i p_i \log p_i \le \log n",
    r"\frac{e^{x_i}}{\sum_{j=1}^{n} e^{x_j}} \le 1",
    r"|a + b| \le |a| + |b|",
    r"\tanh x = \frac{e^{2x}-1}{e^{2x}+1}",
    r"\frac{d}{dx} e^{x^2} = 2x e^{x^2}",
    r"a_1 + b_{2} \ge 2\sqrt{a_1 b_2}",
    r"\frac{1}{1+e^{-x}} > 0",
    r"2^{n} \ge n + 1",
    r"\lim_{n \to \infty} (1 + 1/n)^n = e",
)
CHECKED = 4

# below this many claims to check, warming costs more than it saves
MIN_CLAIMS = 6

# no claim is started after this many seconds (warming takes about 2 s of CPU on an idle core)
BUDGET_S = 15.0

_done = False


def warm(*, budget_s: float = BUDGET_S, claims: tuple[str, ...] = CLAIMS) -> float:
    """Import the reader and every checker family, read ``claims`` and check the first
    ``CHECKED`` of them in this process (once per process); returns the seconds it took.

    Warming is an optimisation: a claim that fails to read or check here (a stricter reader)
    only costs speed, so every failure is ignored.
    """
    def read(number: int, latex: str):
        from symbolic.latex import parse_chain
        chain = parse_chain(latex)
        if number >= CHECKED:       # read only: the reader's tables
            return [], ()
        return [(link.latex, link.claim) for link in chain.links], chain.assumptions.facts

    return _warm([lambda n=n, latex=latex: read(n, latex) for n, latex in enumerate(claims)],
                 budget_s)


def warm_checking(*, budget_s: float = BUDGET_S) -> float:
    """``warm`` for a process whose children check encoded steps and read no LaTeX
    (``report``): every checker family imported and the first ``CHECKED`` claims checked,
    built in SymPy as the reader reads them (``checked_claims``), without importing the reader
    or filling its tables (about 0.3 s of CPU that no such child uses)."""
    return _warm([lambda latex=latex, claim=claim: ([(latex, claim)], ())
                  for latex, claim in checked_claims()], budget_s)


def checked_claims() -> list:
    """The first ``CHECKED`` of ``CLAIMS`` as the reader reads them (real symbols), each with
    its LaTeX; ``tests/commands/test_warm.py`` compares them with the reader's readings."""
    import sympy

    from symbolic.model import Claim, Relation

    a, b, c, d, x = sympy.symbols("a b c d x", real=True)
    return [
        (CLAIMS[0], Claim((a + b)**2, Relation.EQ, a**2 + 2*a*b + b**2)),
        (CLAIMS[1], Claim(sympy.sin(x)**2, Relation.EQ, 1 + x)),
        (CLAIMS[2], Claim(sympy.exp(x), Relation.GE, 1 + x)),
        (CLAIMS[3], Claim(a/b + c/d, Relation.EQ, (a*d + b*c)/(b*d))),
    ][:CHECKED]


def _warm(chains, budget_s: float) -> float:
    """Import every checker family and check the links of each of ``chains`` (functions, each
    returning a list of (LaTeX, claim) and the assumptions) in this process, once per process."""
    global _done
    if _done:
        return 0.0
    _done = True
    start = time.perf_counter()
    from symbolic.checks import check_step, registered_checkers, registered_rules
    from symbolic.config import CheckConfig
    from symbolic.model import Step, infer_kind

    registered_checkers()
    registered_rules()
    # A budget so large that no soft deadline interrupts a warming check: an interrupt can
    # land anywhere, and what this process holds every child inherits. The claims are fixed
    # and quick; ``budget_s`` stops the warming between claims on a very busy machine.
    config = CheckConfig(timeout_s=120.0)
    for chain in chains:
        if time.perf_counter() - start > budget_s:
            break
        try:
            links, assumptions = chain()
            for k, (latex, claim) in enumerate(links, 1):
                check_step(Step(id=f"warm-{k}", kind=infer_kind(claim), quote=latex,
                                claim=claim, assumptions=tuple(assumptions), latex=latex),
                           config=config)
        except Exception:   # noqa: BLE001 - see warm's docstring
            continue
    # What is alive now lives as long as the process: out of the collector's reach, a child's
    # collection no longer writes to each of these objects (which copies nearly every page of
    # the forked process; measured in the language server: a full collection in half of the
    # reading children, 0.2 s of CPU each instead of 0.05 s)
    gc.collect()
    gc.freeze()
    return time.perf_counter() - start
