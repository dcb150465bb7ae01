"""Where a row with general values is defined: read on its principal values.

The set reading of a row with general values (``symbolic.latex.general_values``) checks
conditions such as ``d/dz(ln z + 2 pi i k) - 1/z = 0``, whose simplification takes each side as
defined; where a value is undefined (z = 0 for ``Ln z``) a proof of the condition says nothing.
Every value of a general value has the definedness conditions of its principal value
(``±f(u) + c`` is defined exactly where ``f(u)`` is, and differentiable where it is), so the
row's domain is decided on the claim with every general value at its principal value: the proof
of the set identity stands on the stated domain when that claim is defined everywhere, when both
of its sides are undefined at the same points, on the points where its derivative exists, or,
in the reading the runner asks for, where both of its sides are defined.
"""
from __future__ import annotations

import sympy


def principal_domain(latex: str, assume, config) -> str | None:
    """What the principal-value claim's definedness leaves out (a sentence), or None when the
    proof of the set identity does not cover the stated domain (or the claim cannot be read)."""
    from symbolic.checks import _where_defined
    from symbolic.checks._definedness import definedness_problem, shared_exclusion
    from symbolic.checks._derivative_domain import as_derivative_step, derivative_domain
    from symbolic.errors import StepcheckError
    from symbolic.latex import parse_chain
    from symbolic.latex.general_values import _SIGN, _TERM, _substitute
    from symbolic.model import Step, infer_kind

    try:
        text, families = _substitute(latex)
        parsed = parse_chain(text, assumptions=tuple(assume), imaginary_unit=config.imaginary_unit)
    except StepcheckError:
        return None
    if len(parsed.links) != 1:
        return None
    claim = parsed.links[0].claim
    principal = {s: (sympy.Integer(1) if s.name.startswith(_SIGN) else sympy.Integer(0))
                 for s in claim.free_symbols if s.name.startswith((_SIGN, _TERM))}
    if len(principal) != 2 * len(families):
        return None
    claim = type(claim)(claim.lhs.xreplace(principal), claim.relation, claim.rhs.xreplace(principal))
    original = Step(id="principal", kind=infer_kind(claim), quote="principal values", claim=claim,
                    assumptions=tuple(parsed.assumptions.facts), latex=latex)
    step = as_derivative_step(original)
    if definedness_problem(step) is None:
        return "every value of either side is defined on the stated domain"
    shared = shared_exclusion(step)
    if shared is not None:
        return f"the values of both sides are undefined at the same points: {shared.text()}"
    domain = derivative_domain(original)
    if domain is not None:
        return domain.text()
    sided = _where_defined.one_sided_exclusion(step) if config.where_defined else None
    if sided is not None:
        return f"read where both sides are defined: excluded, {sided.text()}"
    return None
