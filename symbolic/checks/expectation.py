"""Expectations and variances of an unnamed distribution: identities that follow from linearity.

The reader reads ``\\mathbb{E}[X]`` as ``Expect(X)`` and ``\\operatorname{Var}(X)`` as
``Var(X)`` (the classes below: ``moments.Mean``/``moments.Var`` for the moment rules, and unknown
functions to SymPy, so no other checker evaluates them). With no distribution named, only
what holds for every distribution with finite moments can be proved:

* E is linear: ``E[c R + c0] = c E[R] + c0`` for constants c, c0;
* ``Var[X] = E[X^2] - E[X]^2``.

Which letters are constants is read off the claim: a letter written outside every E and Var
(``a`` and ``b`` in ``E[aX + b] = aE[X] + b``) is a constant; a letter written only inside
them is a random variable. A claim that takes the expectation of constants alone
(``E[x] = x``) is left undecided, since its writer means x to be random. Products of random
variables stay whole: ``E[XY] = E[X]E[Y]`` needs independence and is never proved here, nor
is it refuted (some distributions satisfy it). Every moment is assumed to exist.
"""
from __future__ import annotations

import sympy

from symbolic import probability
from symbolic.checks import Cost, checker, moments
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import tex

METHOD = "expectation_linearity"


# The objects the reader builds (they live below the reader and the checkers).
Expect, Var, Variance = probability.Expect, probability.Var, probability.Variance
_MOMENTS = (moments.Mean, moments.Var)


def _has_moment(step: Step) -> bool:
    claim = step.claim
    return claim is not None and step.rule is None and claim.relation is not Relation.IMPLIES \
        and any(isinstance(e, _MOMENTS) for side in (claim.lhs, claim.rhs)
                for e in sympy.preorder_traversal(side))


# The letters a constant is conventionally written with (E[aX + b] = aE[X] + b). Any other
# letter that stands both inside and outside a moment may be random (E[XY] = X E[Y] is false
# for a random X), so it is not taken for a constant: the claim then stays undecided.
CONSTANT_LETTERS = frozenset("abc")


def _constants(claim) -> set:
    """The letters the claim's moments treat as constants: those written outside every
    expectation and variance, and, of these, only ``a``, ``b``, ``c`` if they also stand
    inside one (a letter written only outside moments is a constant either way)."""
    outside, inside = set(), set()
    for side in (claim.lhs, claim.rhs):
        # a fresh symbol per moment (0 would erase the constant a in a E[X])
        stripped = side.replace(lambda e: isinstance(e, _MOMENTS), lambda e: sympy.Dummy())
        outside |= {s for s in stripped.free_symbols if not isinstance(s, sympy.Dummy)}
        for moment in sympy.preorder_traversal(side):
            if isinstance(moment, _MOMENTS):
                inside |= moment.free_symbols
    return {s for s in outside if s not in inside or _letter(s) in CONSTANT_LETTERS}


def _letter(symbol) -> str:
    return getattr(symbol, "name", str(symbol)).split("_")[0]


class _Undecided(Exception):
    """The claim is outside what linearity decides; the message says why."""


class _Linear:
    """Moments rewritten by linearity into constants times E[random monomial] placeholders."""

    def __init__(self, constants: set):
        self.constants = constants
        self.atoms: dict = {}          # random part -> its placeholder E[R]

    def _known(self, factor) -> bool:
        return factor.free_symbols <= self.constants | set(self.atoms.values())

    def expect(self, arg):
        arg = sympy.expand(arg)
        total = sympy.Integer(0)
        for term in sympy.Add.make_args(arg):
            constant, random = sympy.Integer(1), sympy.Integer(1)
            for factor in sympy.Mul.make_args(term):
                if self._known(factor):
                    constant *= factor
                else:
                    random *= factor
            total += constant * self._atom(random)
        return total

    def _atom(self, random):
        if random == 1:
            return sympy.Integer(1)
        if random not in self.atoms:
            self.atoms[random] = sympy.Dummy(f"E[{random}]")
        return self.atoms[random]

    def rewrite(self, expr):
        def one(node):
            arg = node.args[0]
            if arg.free_symbols and arg.free_symbols <= self.constants:
                raise _Undecided(f"{type(node).__name__} of {tex(arg)} is taken of letters that are also "
                                 f"written outside every expectation, so whether they are random "
                                 f"cannot be told")
            if isinstance(node, moments.Var):
                return self.expect(arg ** 2) - self.expect(arg) ** 2
            return self.expect(arg)
        return expr.replace(lambda e: isinstance(e, _MOMENTS), one)


@checker(METHOD, cost=Cost.MOMENTS, applies=_has_moment)
def expectation_linearity(step: Step, *, config, context) -> Outcome | None:
    """Prove an identity between moments of an unnamed distribution by linearity alone."""
    claim = step.claim
    if claim.relation is not Relation.EQ:
        return undecided(METHOD, "only equalities between moments are decided by linearity")
    constants = _constants(claim)
    linear = _Linear(constants)
    try:
        lhs, rhs = linear.rewrite(claim.lhs), linear.rewrite(claim.rhs)
    except _Undecided as exc:
        return undecided(METHOD, str(exc))
    difference = sympy.expand(lhs - rhs)
    if difference != 0:
        difference = sympy.simplify(difference)
    said = (f"constants (written outside every expectation): "
            f"{', '.join(tex(c) for c in sorted(constants, key=str)) or 'none'}; moments expanded by "
            "linearity of $E$ and $\\operatorname{Var}[X] = E[X^{2}] - E[X]^{2}$ (every moment assumed "
            "finite), with "
            f"{', '.join(tex(k) for k in sorted(linear.atoms, key=str)) or 'no random monomial'} kept whole")
    if difference == 0:
        return Outcome(Verdict.PROVED, (Evidence(METHOD, said + "; the difference is 0 for "
                                                 "every distribution"),))
    return undecided(METHOD, said + f"; the difference {tex(difference)} is not 0 by "
                     f"linearity alone (products of random variables need independence or a "
                     f"distribution)")
