"""Claims over indexed quantities with a general range: identities, sums of squares, implications.

Documents about attention write sums over ``j = 1..L`` with a symbolic ``L``, derivatives with
respect to one component ``k[j, rho]`` of a key, and maxima over ``j``. This family proves
such claims for the general size, never for instances:

* ``indexed_identity``: an identity ``lhs = rhs`` whose difference becomes 0 after a normal
  form: derivatives evaluated (SymPy differentiates a ``Sum`` with respect to an ``Indexed``
  into Kronecker deltas and a ``Piecewise`` on the index range, which the step's range
  facts such as ``j <= L`` resolve), a max/min of a term free of its index replaced by the
  term (the range is non-empty), sums split by linearity with canonical bound indices, and
  every remaining sum generalised to a fresh variable (positive when its terms are).
  Generalising a sub-term to a free variable is sound for a proof: an identity that holds
  for every value of the variable holds for the sum's value.
* rule ``sum_of_squares``: ``lhs >= rhs`` (or ``<=``) with a certificate ``C``
  (``Rule.params`` ``certificate``) that is manifestly non-negative (built from squares,
  positive factors and sums of such terms) and equals ``lhs - rhs`` by the normal form.
* ``indexed_implication``: ``premises => Eq`` where the conclusion's residual is a finite
  multiple of a premise's residual (or of its logarithmic form when both sides of the
  premise are positive); ``Ne`` premises say which denominators cannot vanish.

Nothing here refutes: a difference that does not vanish proves nothing.
"""
from __future__ import annotations

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from symbolic.checks import Cost, checker, rule
from symbolic.checks.algebraic import normalize_sums
from symbolic.checks._prove import POSITIVE, _real, sign_of
from symbolic.checks._ranges import conventional, non_integer_range
from symbolic.checks._sign_guard import contradicted
from symbolic.functions import MaxOver
from symbolic.model import Evidence, Kind, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import tex, tex_range


# ---------------------------------------------------------------------------------------
# Facts about index ranges


def _facts(step: Step) -> tuple[sympy.Basic, ...]:
    out = []
    for fact in step.assumptions:
        out.extend(fact.args if isinstance(fact, sympy.And) else (fact,))
    return tuple(out)


def _canon(rel):
    try:
        return rel.canonical
    except AttributeError:
        return rel


def _holds(condition, facts) -> bool:
    """Whether a range condition (relationals joined by ``And``) follows from the facts
    literally or from the symbols' own assumptions (``1 <= j`` for a positive integer j),
    a sign SymPy reports that no sample point contradicts (``_sign_guard``: SymPy 1.14
    calls ``1 - 5/(a+b+1)`` nonpositive for nonnegative integers a, b)."""
    if condition is sympy.true:
        return True
    if isinstance(condition, sympy.And):
        return all(_holds(c, facts) for c in condition.args)
    if not isinstance(condition, sympy.core.relational.Relational):
        return False
    known = {_canon(f) for f in facts if isinstance(f, sympy.core.relational.Relational)}
    if _canon(condition) in known:
        return True
    diff = condition.lhs - condition.rhs
    if isinstance(condition, (sympy.GreaterThan,)):
        return bool(diff.is_nonnegative) and not contradicted(diff, False)
    if isinstance(condition, (sympy.StrictGreaterThan,)):
        return bool(diff.is_positive) and not contradicted(diff, True)
    if isinstance(condition, (sympy.LessThan,)):
        return bool(diff.is_nonpositive) and not contradicted(-diff, False)
    if isinstance(condition, (sympy.StrictLessThan,)):
        return bool(diff.is_negative) and not contradicted(-diff, True)
    return False


def _resolve_piecewise(expr, facts):
    """Replace a ``Piecewise`` by the first branch whose condition holds, when every
    earlier condition is literally false (SymPy's range conditions of delta sums)."""
    def pick(pw):
        for value, cond in pw.args:
            if cond is sympy.false:
                continue
            if _holds(cond, facts):
                return value
            return pw
        return pw
    return expr.replace(lambda e: isinstance(e, sympy.Piecewise), pick)


def _delta_sums(expr, facts):
    """``Sum(KroneckerDelta(i, a) f(i), (i, lo, hi)) = f(a)`` when ``lo <= a <= hi`` follows
    from the facts (innermost sums first)."""
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    args = [_delta_sums(a, facts) for a in expr.args]
    rebuilt = expr.func(*args) if args != list(expr.args) else expr
    if not (isinstance(rebuilt, sympy.Sum) and len(rebuilt.limits) == 1):
        return rebuilt
    (index, lo, hi), = rebuilt.limits
    total = sympy.S.Zero
    for term in sympy.Add.make_args(sympy.expand(rebuilt.function)):
        deltas = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.KroneckerDelta)
                  and index in f.free_symbols]
        point = None
        for delta in deltas:
            other = delta.args[1] if delta.args[0] == index else delta.args[0]
            # the point must be an integer: delta_{i t} is 0 at every i for t = 3/2 in 1..n
            if index not in other.free_symbols and other.is_integer is True \
                    and _holds(sympy.Le(lo, other, evaluate=False), facts) \
                    and _holds(sympy.Le(other, hi, evaluate=False), facts):
                point = (delta, other)
                break
        if point is None:
            total += sympy.Sum(term, (index, lo, hi))
        else:
            delta, other = point
            total += (term / delta).xreplace({index: other})
    return total


def _constant_extrema(expr):
    """``max_j c = c`` when c is free of j and the range is non-empty (hi - lo + 1 > 0)."""
    def constant(e):
        if not isinstance(e, MaxOver) or len(e.limits) != 1:
            return False
        (index, lo, hi), = e.limits
        return index not in e.function.free_symbols and (hi - lo + 1).is_positive is True
    return expr.replace(constant, lambda e: e.function)


def _equation_facts(expr, facts):
    """Substitute facts ``Eq(symbol, value)`` (the step's domain is that value)."""
    for fact in facts:
        if isinstance(fact, sympy.Eq) and isinstance(fact.lhs, sympy.Symbol):
            expr = expr.subs(fact.lhs, fact.rhs)
    return expr


# ---------------------------------------------------------------------------------------
# The normal form


def canonical_dummies(expr):
    """Rename the bound index of every sum/max by its nesting height (``_k0`` innermost),
    so that equal sums compare equal wherever they occur."""
    def walk(e):
        if not isinstance(e, sympy.Basic) or not e.args:
            return e
        args = [walk(a) for a in e.args]
        rebuilt = e.func(*args) if args != list(e.args) else e
        if isinstance(rebuilt, ExprWithLimits) and len(rebuilt.limits) == 1 \
                and len(rebuilt.limits[0]) == 3:
            (index, lo, hi), = rebuilt.limits
            inner = [a for a in sympy.preorder_traversal(rebuilt.function)
                     if isinstance(a, ExprWithLimits)]
            level = 1 + max(_level(a) for a in inner) if inner else 0
            new = sympy.Symbol(f"_k{level}", integer=True)
            if new != index and new in rebuilt.function.free_symbols:
                return rebuilt  # the name is taken inside: renaming would capture it
            return rebuilt.func(rebuilt.function.xreplace({index: new}), (new, lo, hi))
        return rebuilt
    return walk(expr)


def _level(e) -> int:
    inner = [a for a in sympy.preorder_traversal(e.function) if isinstance(a, ExprWithLimits)
             and a is not e]
    return 1 + max(_level(a) for a in inner) if inner else 0


def normal_form(expr, facts=()):
    """Derivatives evaluated, range conditions resolved, constant extrema removed, sums
    split by linearity with canonical indices, expanded. Sums and products are first
    given their empty-range values (``conventional``)."""
    expr = conventional(expr, facts)
    expr = _equation_facts(expr, facts)
    if expr.has(sympy.Derivative):
        # differentiate only: a deep doit would also try to evaluate every symbolic sum
        expr = expr.replace(lambda e: isinstance(e, sympy.Derivative),
                            lambda e: sympy.diff(e.expr, *e.variable_count))
    expr = _delta_sums(expr, facts)
    expr = _resolve_piecewise(expr, facts)
    expr = _constant_extrema(expr)
    expr = normalize_sums(sympy.expand(expr))
    return canonical_dummies(sympy.expand(expr))


def generalise(expr):
    """Replace every sum and max by a fresh variable (positive when the sum's terms are)."""
    atoms = sorted({e for e in sympy.preorder_traversal(expr) if isinstance(e, ExprWithLimits)},
                   key=sympy.default_sort_key)
    # outermost first: a sum inside another disappears with it
    atoms = [a for a in atoms if not any(a != b and b.has(a) for b in atoms)]
    mapping = {}
    for n, atom in enumerate(atoms):
        if sign_of(atom) == POSITIVE:
            mapping[atom] = sympy.Dummy(f"S{n}", positive=True)
        elif _real(atom):
            mapping[atom] = sympy.Dummy(f"S{n}", real=True)
        else:
            mapping[atom] = sympy.Dummy(f"S{n}")
    return expr.xreplace(mapping), mapping


def _vanishes(expr) -> bool:
    if expr == 0:
        return True
    for rewrite in (sympy.expand, lambda e: sympy.cancel(sympy.together(e)),
                    lambda e: sympy.expand(sympy.expand_log(e, force=False)),
                    sympy.simplify):
        expr = rewrite(expr)
        if expr == 0:
            return True
    return False


def zero_by_normal_form(expr, facts=()) -> bool:
    """Whether ``expr`` is 0 for every value of its free quantities (general sizes).

    A range whose ends are not proved integers is never reasoned about: SymPy reads
    ``1..D`` as ``D`` terms where the document means the integers ``1..floor(D)``.
    """
    if non_integer_range(expr) is not None:
        return False
    general, _ = generalise(normal_form(expr, facts))
    return _vanishes(general)


# ---------------------------------------------------------------------------------------
# Checkers


def _has_general_index(expr) -> bool:
    for e in sympy.preorder_traversal(expr):
        if isinstance(e, ExprWithLimits) and any(len(l) == 3 and not (l[2] - l[1]).is_Integer
                                                 for l in e.limits):
            return True
        if isinstance(e, sympy.Derivative) and any(isinstance(v, sympy.Indexed)
                                                   for v, _ in e.variable_count):
            return True
    return False


def _identity_applies(step: Step) -> bool:
    claim = step.claim
    return (claim is not None and claim.relation is Relation.EQ
            and step.kind not in (Kind.DEFINITION, Kind.APPROXIMATION)
            and not isinstance(claim.lhs, sympy.MatrixBase)
            and (_has_general_index(claim.lhs) or _has_general_index(claim.rhs)))


@checker("indexed_identity", cost=Cost.PROVE_DEEPER, applies=_identity_applies)
def check_identity(step: Step, *, config, context) -> Outcome | None:
    """An identity over general index ranges, by the normal form of ``lhs - rhs``."""
    claim = step.claim
    odd = non_integer_range(sympy.Tuple(claim.lhs, claim.rhs))
    if odd is not None:
        return undecided("indexed_identity", f"the ends of the range {tex_range(odd[0], odd[1])} are not "
                         "proved integers (a range is the integers between its ends; state "
                         "their domain)")
    if zero_by_normal_form(claim.lhs - claim.rhs, _facts(step)):
        return Outcome(Verdict.PROVED, (Evidence(
            "indexed_identity",
            "lhs - rhs is 0 for every size: derivatives evaluated (delta sums resolved by the "
            "index ranges), sums split by linearity with canonical indices, each remaining "
            "sum generalised to a free variable, then cancelled"),))
    return undecided("indexed_identity", "the normal form of lhs - rhs did not vanish "
                     "(not evidence that the claim is false)")


@rule("sum_of_squares")
def check_sum_of_squares(step: Step, *, config, context) -> Outcome | None:
    """``lhs >= rhs`` because ``lhs - rhs`` equals a manifestly non-negative certificate."""
    claim = step.claim
    certificate = step.rule.param("certificate")
    if claim is None or certificate is None:
        return undecided("rule sum_of_squares", f"step {step.id} needs a claim and a "
                         "'certificate' parameter (an expression equal to lhs - rhs)")
    if claim.relation in (Relation.GE, Relation.GT):
        gap = claim.lhs - claim.rhs
    elif claim.relation in (Relation.LE, Relation.LT):
        gap = claim.rhs - claim.lhs
    else:
        return undecided("rule sum_of_squares", f"relation {claim.relation.value} is not an order")
    sign = sign_of(certificate)
    strict = claim.relation in (Relation.GT, Relation.LT)
    if sign is None or (strict and sign != POSITIVE):
        return undecided("rule sum_of_squares", "the certificate is not manifestly "
                         f"{'positive' if strict else 'non-negative'}")
    if not zero_by_normal_form(gap - certificate, _facts(step)):
        return undecided("rule sum_of_squares", "the certificate could not be shown equal "
                         "to the gap between the sides")
    shown = tex(certificate)
    shown = shown if len(shown) <= 240 else "the certificate given with the rule"
    return Outcome(Verdict.PROVED, (Evidence(
        "rule sum_of_squares",
        f"the gap between the sides equals {shown} for every size (normal form of indexed "
        f"sums), and that is {sign} by its structure (squares, positive factors, sums of "
        "such terms)"),))


def _split_premises(premise):
    parts = premise.args if isinstance(premise, sympy.And) else (premise,)
    equations = [p for p in parts if isinstance(p, sympy.Eq)]
    nonzero = [p.lhs - p.rhs for p in parts if isinstance(p, sympy.Ne)]
    return equations, nonzero


def _finite(denominator, nonzero) -> bool:
    """Whether a denominator cannot vanish: a product of positive factors and of
    expressions a premise says are nonzero (up to sign and powers)."""
    for factor in sympy.Mul.make_args(sympy.factor(denominator)):
        base = factor.base if isinstance(factor, sympy.Pow) and factor.exp.is_positive else factor
        if factor.is_number and factor != 0:
            continue
        if sign_of(base) == POSITIVE:
            continue
        if any(sympy.expand(base - z) == 0 or sympy.expand(base + z) == 0 for z in nonzero):
            continue
        return False
    return True


def _residual_forms(equation):
    """The residual of a premise, and its log form when both sides are positive."""
    forms = [("the premise", equation.lhs - equation.rhs)]
    if sign_of(equation.lhs) == POSITIVE and sign_of(equation.rhs) == POSITIVE:
        forms.append(("the logarithm of the premise",
                      sympy.log(equation.lhs) - sympy.log(equation.rhs)))
    return forms


@checker("indexed_implication", cost=Cost.EQUATIONS,
         applies=lambda step: step.claim is not None and step.claim.relation is Relation.IMPLIES)
def check_implication(step: Step, *, config, context) -> Outcome | None:
    """``premises => Eq``: the conclusion's residual is a finite multiple of a premise's."""
    claim = step.claim
    equations, nonzero = _split_premises(claim.lhs)
    conclusions = claim.rhs.args if isinstance(claim.rhs, sympy.And) else (claim.rhs,)
    if not equations or not all(isinstance(c, sympy.Eq) for c in conclusions):
        return None
    facts = _facts(step)
    how = []
    for conclusion in conclusions:
        found = _as_multiple(conclusion.lhs - conclusion.rhs, equations, nonzero, facts)
        if found is None:
            return undecided("indexed_implication", f"the conclusion {tex(conclusion)} is not a "
                             "finite multiple of a premise (not evidence that it is false)")
        how.append(found)
    return Outcome(Verdict.PROVED, (Evidence("indexed_implication", "; ".join(how)),))


def _as_multiple(residual, equations, nonzero, facts) -> str | None:
    if non_integer_range(sympy.Tuple(residual, *[e.lhs - e.rhs for e in equations],
                                     *nonzero)) is not None:
        return None  # see zero_by_normal_form
    target = normal_form(residual, facts)
    if zero_by_normal_form(target):
        return "the conclusion holds identically"
    for equation in equations:
        for name, form in _residual_forms(equation):
            both, mapping = generalise(sympy.Tuple(target, normal_form(form, facts),
                                                   *[normal_form(z, facts) for z in nonzero]))
            goal, premise, *gen_nonzero = both
            premise = sympy.expand(sympy.expand_log(premise, force=False))
            goal = sympy.expand(sympy.expand_log(goal, force=False))
            if premise == 0:
                continue
            factor = sympy.cancel(sympy.together(goal / premise))
            numerator, denominator = sympy.fraction(factor)
            if factor.has(sympy.zoo, sympy.nan) or not _finite(denominator, gen_nonzero) \
                    or any(sign_of(g.args[0]) != POSITIVE for g in factor.atoms(sympy.log)):
                continue
            if _vanishes(goal - factor * premise):
                back = {dummy: atom for atom, dummy in mapping.items()}
                shown = tex(factor.xreplace(back))
                shown = shown if len(shown) <= 240 else "a factor too long to print"
                return (f"the conclusion's residual is {shown} times that of "
                        f"{name}, a factor that is finite on the domain")
    return None
