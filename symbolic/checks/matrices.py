"""Matrix identities over MatrixSymbols: rewriting for general sizes, exact instances otherwise.

A claim whose sides are SymPy matrix expressions (``MatrixSymbol`` of symbolic sizes, products,
sums, transposes, and the row-wise ``RowSoftmax`` and entry-wise ``EntrywiseReLU`` of
``symbolic.functions``)
is checked in two tiers:

* ``matrix_rewrite`` proves it for every size: both sides are normalised (transposes pushed
  onto symbols, products distributed) and rewritten with the step's hypotheses until they agree.
  Hypotheses are ``Eq`` objects among the step's assumptions:

  - ``Eq(S, expr)`` with a MatrixSymbol ``S`` on the left is a definition: ``S`` is replaced;
  - ``Eq(product, expr)`` is a rewrite rule on contiguous factors (``P.T*P -> I``,
    ``u.T*u -> 1``), used together with its transpose;
  - an ``Eq`` whose left side holds MatrixSymbols that the claim does not mention is a schema,
    universally quantified over those symbols (the "given identity" of a problem, such as
    ``softmax(P A P^T) = P softmax(A) P^T`` for every A); it is matched at function nodes.

  Predicates ``Q.orthogonal(P)`` and ``permutation_matrix(P)`` add their rules (``P^T P = I``,
  ``P P^T = I``; for a permutation also ``P 1 = 1`` and ``1^T P = 1^T`` with ``OneMatrix``).
  Every rewrite is an equality that the hypotheses grant, so agreement is a proof.

* ``matrix_instances`` evaluates the claim exactly on small sizes with seeded random rational
  matrices drawn to satisfy the hypotheses (permutation matrices, rational orthogonal matrices
  from the Cayley transform, orthonormal vectors as columns of one), and checks every
  hypothesis on the drawn instance before using it. An instance where a matrix the claim
  writes inverted (``A^{-1}``, which presupposes an invertible A) is singular is skipped, never a
  counterexample. All instances agree: ``verified``, never
  ``proved``. A certified difference (exact, or an interval that excludes 0) on an instance
  that satisfies every hypothesis: ``refuted``. A schema hypothesis cannot be checked on an
  instance, so with one present a failing instance is only reported, never a refutation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import sympy
from sympy.assumptions.assume import AppliedPredicate
from sympy.matrices.expressions import MatrixExpr
from sympy.matrices.expressions.matexpr import MatrixSymbol

from symbolic.checks import Cost, checker
from symbolic.config import CheckConfig
from symbolic.functions import EntrywiseReLU, MatrixFunction, RowSoftmax, permutation_matrix
from symbolic.model import Evidence, Outcome, Relation, Step, Verdict, undecided
from symbolic.numeric.text import tex, tex_relation

__all__ = ["RowSoftmax", "EntrywiseReLU", "permutation_matrix", "is_matrix_claim",
           "prove_matrix_identity", "check_matrix_instances"]


# --------------------------------------------------------------------------- functions


# --------------------------------------------------------------------------- hypotheses


def _matrix_symbols(expr) -> set:
    return {a for a in sympy.preorder_traversal(expr) if isinstance(a, MatrixSymbol)}


def is_matrix_claim(step: Step) -> bool:
    """True when a side of the step's claim is a matrix expression."""
    claim = step.claim
    if claim is None or claim.relation is not Relation.EQ:
        return False
    return isinstance(claim.lhs, MatrixExpr) or isinstance(claim.rhs, MatrixExpr)


@dataclass(frozen=True)
class _Hypotheses:
    """The step's assumptions sorted into what the rewriter and the sampler use."""

    definitions: tuple[tuple[MatrixSymbol, sympy.Basic], ...]
    factor_rules: tuple[Callable[[list], list | None], ...]
    schemas: tuple[tuple[sympy.Basic, sympy.Basic, frozenset], ...]
    permutations: frozenset
    orthogonals: frozenset
    equations: tuple[tuple[sympy.Basic, sympy.Basic], ...]  # ground ones, checked on instances
    rest: tuple[sympy.Basic, ...]


def _sides(assumption):
    if isinstance(assumption, sympy.Equality):
        return assumption.lhs, assumption.rhs
    return None


def _hypotheses(step: Step) -> _Hypotheses:
    anchored = _matrix_symbols(step.claim.lhs) | _matrix_symbols(step.claim.rhs)
    for a in step.assumptions:  # symbols reachable through definitions and predicates are not wild
        sides = _sides(a)
        if sides is not None and isinstance(sides[0], MatrixSymbol):
            anchored |= _matrix_symbols(sides[1]) | {sides[0]}
        if isinstance(a, AppliedPredicate):
            anchored |= _matrix_symbols(a)
    definitions, rules, schemas, equations, rest = [], [], [], [], []
    permutations, orthogonals = set(), set()
    for a in step.assumptions:
        if isinstance(a, AppliedPredicate):
            target = a.arguments[0]
            if a.function == permutation_matrix:
                permutations.add(target)
                continue
            if a.function == sympy.Q.orthogonal:
                orthogonals.add(target)
                continue
        sides = _sides(a)
        if sides is None:
            rest.append(a)
            continue
        lhs, rhs = sides
        if isinstance(lhs, MatrixSymbol) and lhs not in _matrix_symbols(rhs):
            definitions.append((lhs, rhs))
            continue
        wild = _matrix_symbols(lhs) - anchored
        if wild:
            schemas.append((lhs, rhs, frozenset(wild)))
            continue
        equations.append((lhs, rhs))
        rules.extend(_product_rules(lhs, rhs))
    for p in permutations | orthogonals:
        n = p.shape[0]
        rules.extend(_product_rules(p.T * p, sympy.Identity(n)))
        rules.extend(_product_rules(p * p.T, sympy.Identity(n)))
    for p in permutations:
        rules.append(_ones_absorb(p))
        rules.append(_ones_absorb(p.T))
    return _Hypotheses(tuple(definitions), tuple(rules), tuple(schemas), frozenset(permutations),
                       frozenset(orthogonals), tuple(equations), tuple(rest))


def _factors(expr) -> tuple[sympy.Basic, list]:
    """A product as (scalar coefficient, list of matrix factors)."""
    if isinstance(expr, sympy.MatMul):
        coeff, matrices = expr.as_coeff_matrices()
        return coeff, list(matrices)
    if isinstance(expr, sympy.MatrixExpr):
        return sympy.S.One, [expr]
    return expr, []


def _product_rules(lhs, rhs) -> list:
    """Rules replacing the factors of ``lhs`` (a product) by ``rhs``, and the transposed rule."""
    out = []
    for left, right in ((lhs, rhs), (_transpose(lhs), _transpose(rhs))):
        coeff, pattern = _factors(left.doit())
        if coeff != 1 or len(pattern) < 1:
            continue
        out.append(_replace_run(tuple(pattern), right))
    return out


def _transpose(expr):
    if isinstance(expr, MatrixExpr):
        return expr.T.doit()
    return expr  # a scalar (a 1x1 product set equal to a number) is its own transpose


def _replace_run(pattern: tuple, replacement) -> Callable[[list], list | None]:
    def apply(factors: list):
        k = len(pattern)
        for start in range(len(factors) - k + 1):
            if tuple(factors[start:start + k]) == pattern:
                return factors[:start] + [replacement] + factors[start + k:]
        return None
    return apply


def _ones_absorb(p) -> Callable[[list], list | None]:
    """``P 1 = 1`` and ``1^T P = 1^T`` for a permutation matrix P (rows and columns sum to 1)."""
    def apply(factors: list):
        for i, f in enumerate(factors):
            if f != p:
                continue
            after = factors[i + 1] if i + 1 < len(factors) else None
            before = factors[i - 1] if i > 0 else None
            if isinstance(after, sympy.OneMatrix) or isinstance(before, sympy.OneMatrix):
                return factors[:i] + factors[i + 1:]
        return None
    return apply


# --------------------------------------------------------------------------- normal form


def _expand(expr):
    """Distribute products over sums, inside function arguments too (a schema is therefore
    also matched against the unexpanded form, see ``_schema_variants``).

    SymPy folds ``(A + B)(A + B)`` into ``(A + B)**2`` and does not distribute that power, so
    integer powers of sums and products are written out as products first.
    """
    expr = sympy.expand(expr.doit())
    for _ in range(10):
        powers = {p for p in sympy.preorder_traversal(expr)
                  if isinstance(p, sympy.MatPow) and not isinstance(p.base, MatrixSymbol)
                  and p.exp.is_Integer and 1 < p.exp <= 9}
        if not powers:
            break
        expr = sympy.expand(expr.xreplace({p: _written_out(p) for p in powers}).doit())
    return expr


def _written_out(power):
    """``(A + B)**2`` as ``AA + AB + BA + BB`` (at most 512 terms; else left as it is)."""
    n = int(power.exp)
    terms = list(power.base.args) if isinstance(power.base, sympy.MatAdd) else [power.base]
    if len(terms) ** n > 512:
        return power
    import itertools
    products = []
    for combo in itertools.product(terms, repeat=n):
        # flattened, so that (AB)(AB) is ABAB and not folded back into (AB)**2
        products.append(sympy.MatMul(*[a for t in combo for a in (t.args if isinstance(t, sympy.MatMul) else (t,))]).doit())
    return sympy.MatAdd(*products).doit()


def _apply_factor_rules(expr, rules):
    """Rewrite every product with the first rule that applies, to a fixpoint."""
    for _ in range(200):
        changed = False
        expr = expr.doit()
        for node in sympy.preorder_traversal(expr):
            if not isinstance(node, sympy.MatMul):
                continue
            coeff, factors = _factors(node)
            for rule_fn in rules:
                new = rule_fn(factors)
                if new is None:
                    continue
                rebuilt = _rebuild(coeff, new, node.shape)
                expr = expr.xreplace({node: rebuilt})
                changed = True
                break
            if changed:
                break
        if not changed:
            return expr
    return expr


def _rebuild(coeff, factors, shape):
    scalars = [f for f in factors if not isinstance(f, MatrixExpr)]
    matrices = [f for f in factors if isinstance(f, MatrixExpr) and not isinstance(f, sympy.Identity)]
    scalar = sympy.Mul(coeff, *scalars)
    if not matrices:
        return scalar * sympy.Identity(shape[0]) if shape[0] == shape[1] else scalar
    if scalar == 0:
        return sympy.ZeroMatrix(*shape)
    return sympy.MatMul(scalar, *matrices).doit()


def _opaque_inverses(expr, hyp: _Hypotheses):
    """``expr`` with each inverse of a defined matrix, or of one an equation constrains, as an
    opaque matrix of its own (see ``_normal``): freer than the inverse, so an agreement is still
    a proof."""
    defined = {symbol for symbol, _ in hyp.definitions}
    # a matrix an equation constrains (A A = 0: nilpotent, never invertible; B = A, B = 0) is
    # no safer
    defined |= {s for sides in hyp.definitions + hyp.equations + tuple(x[:2] for x in hyp.schemas)
                for side in sides if isinstance(side, sympy.Basic)
                for s in side.atoms(MatrixSymbol)}
    if not defined or not isinstance(expr, sympy.Basic):
        return expr
    return expr.xreplace({node: MatrixSymbol(f"({node.arg})^(-1)", *node.shape)
                          for node in sympy.preorder_traversal(expr)
                          if isinstance(node, sympy.Inverse) and node.arg.free_symbols & defined})


def _normal(expr, hyp: _Hypotheses):
    """A normal form of a matrix expression under the hypotheses (definitions substituted,
    products distributed, factor rules applied, function arguments normalised).

    An inverse of a defined matrix (``A^{-1}`` with ``A = u v^T`` given) is kept as an opaque
    matrix: substituted, the definition might make A singular (rank one), and the inverse's
    laws (``A^{-1} A = I``) would then be used of a matrix that has no inverse."""
    expr = _opaque_inverses(expr, hyp)
    for symbol, value in reversed(hyp.definitions):
        expr = expr.xreplace({symbol: value})
    for symbol, value in reversed(hyp.definitions):
        expr = expr.xreplace({symbol: value})
    expr = _normal_functions(expr, hyp)
    for _ in range(20):
        new = _apply_factor_rules(_expand(expr), hyp.factor_rules)
        if new == expr:
            break
        expr = new
    return expr


def _normal_functions(expr, hyp):
    replacements = {}
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, MatrixFunction) and node not in replacements:
            replacements[node] = node.func(_normal(node.arg, hyp))
    return expr.xreplace(replacements) if replacements else expr


def _as_matrix(side, shape):
    if isinstance(side, MatrixExpr):
        return side
    return side * sympy.Identity(shape[0])


def _is_zero_matrix(expr) -> bool:
    expr = expr.doit()
    if isinstance(expr, sympy.ZeroMatrix) or expr == 0:
        return True
    if isinstance(expr, sympy.MatrixBase):
        return all(sympy.simplify(x) == 0 for x in expr)
    if isinstance(expr, sympy.MatMul):
        coeff, _ = _factors(expr)
        return sympy.simplify(coeff) == 0
    if isinstance(expr, sympy.MatAdd):
        # collect identical matrix terms and ask that every coefficient vanish
        groups: dict = {}
        for term in expr.args:
            coeff, factors = _factors(term)
            key = sympy.MatMul(*factors) if factors else sympy.S.One
            groups[key] = groups.get(key, 0) + coeff
        return all(sympy.simplify(c) == 0 for c in groups.values())
    return False


# --------------------------------------------------------------------------- schemas


def _match_product(pattern, target, wild: frozenset, permutations: frozenset = frozenset()):
    """Bindings of the wild symbols making ``pattern`` equal to ``target``, or None.

    One wild symbol binds a contiguous, non-empty run of factors (and the target's scalar
    coefficient, which commutes with everything). A sum matches ``F * W`` when every term
    is ``F`` times something; for a permutation ``F`` a term ``1 b^T`` (a ``OneMatrix``
    first) counts as ``F (1 b^T)``, since ``F 1 = 1``."""
    if pattern in wild:
        return {pattern: target}
    if isinstance(target, sympy.MatAdd):
        return _match_sum(pattern, target, wild, permutations)
    p_coeff, p_factors = _factors(pattern)
    t_coeff, t_factors = _factors(target)
    holes = [i for i, f in enumerate(p_factors) if f in wild]
    if len(holes) > 1:
        return None
    if not holes:
        return {} if (p_coeff == t_coeff and p_factors == t_factors) else None
    h = holes[0]
    before, after = p_factors[:h], p_factors[h + 1:]
    if p_coeff != 1 or len(t_factors) < len(before) + len(after) + 1:
        return None
    if t_factors[:len(before)] != before or t_factors[len(t_factors) - len(after):] != after:
        return None
    middle = t_factors[len(before):len(t_factors) - len(after)]
    return {p_factors[h]: sympy.MatMul(t_coeff, *middle).doit()}


def _match_sum(pattern, target, wild, permutations):
    p_coeff, p_factors = _factors(pattern)
    if p_coeff != 1 or len(p_factors) != 2 or p_factors[1] not in wild or p_factors[0] in wild:
        return None
    left = p_factors[0]
    rests = []
    for term in target.args:
        coeff, factors = _factors(term)
        if factors and factors[0] == left and len(factors) > 1:
            rests.append(sympy.MatMul(coeff, *factors[1:]).doit())
        elif factors and left in permutations and isinstance(factors[0], sympy.OneMatrix):
            rests.append(term)
        else:
            return None
    return {p_factors[1]: sympy.MatAdd(*rests).doit()}


def _schema_variants(expr, hyp: _Hypotheses) -> list:
    """Every expression obtained by one use of a schema at one function node."""
    out = []
    for lhs, rhs, wild in hyp.schemas:
        if not isinstance(lhs, MatrixFunction):
            continue
        for node in sympy.preorder_traversal(expr):
            if not isinstance(node, lhs.func):
                continue
            for form in (node.arg, _normal(node.arg, hyp)):
                binding = _match_product(lhs.arg, form, wild, hyp.permutations)
                if binding is not None:
                    out.append(expr.xreplace({node: rhs.xreplace(binding)}))
                    break
    return out


def prove_matrix_identity(step: Step, *, max_variants: int = 40) -> tuple[bool, str]:
    """Try to prove a matrix claim for all sizes by rewriting; returns (proved, how)."""
    hyp = _hypotheses(step)
    lhs, rhs = step.claim.lhs, step.claim.rhs
    shape = (lhs if isinstance(lhs, MatrixExpr) else rhs).shape
    lhs, rhs = _as_matrix(lhs, shape), _as_matrix(rhs, shape)
    # before any subtraction: SymPy folds A^{-1} A - I to 0 as it builds the difference
    lhs, rhs = _opaque_inverses(lhs, hyp), _opaque_inverses(rhs, hyp)
    seen = [lhs]
    frontier = [lhs]
    for depth in range(3):
        for variant in frontier:
            if _is_zero_matrix(_normal(variant - rhs, hyp)):
                used = _used(hyp, depth)
                return True, used
        nxt = []
        for variant in frontier:
            for new in _schema_variants(variant, hyp) + _schema_variants(_normal(variant, hyp), hyp):
                if new not in seen and len(seen) < max_variants:
                    seen.append(new)
                    nxt.append(new)
        if not nxt:
            break
        frontier = nxt
    return False, f"no agreement after rewriting {len(seen)} form(s) of the left side"


def _used(hyp: _Hypotheses, schema_uses: int) -> str:
    parts = ["both sides agree after pushing transposes onto symbols and distributing products"]
    if hyp.definitions:
        parts.append(f"{len(hyp.definitions)} definition(s) substituted")
    if hyp.factor_rules:
        parts.append("rewrite rules from the hypotheses: " + ", ".join(
            sorted([tex_relation(l, "=", r) for l, r in hyp.equations]
                   + [f"{tex(p)} permutation ($P^{{T}} P = P P^{{T}} = I$, $P 1 = 1$, $1^{{T}} P = 1^{{T}}$)"
                      for p in hyp.permutations]
                   + [f"{tex(p)} orthogonal ($P^{{T}} P = P P^{{T}} = I$)" for p in hyp.orthogonals])))
    if schema_uses:
        parts.append(f"{schema_uses} use(s) of a hypothesis schema: "
                     + "; ".join(f"{tex_relation(l, '=', r)} for every {', '.join(tex(v) for v in sorted(w, key=str))}"
                                 for l, r, w in hyp.schemas))
    return "; ".join(parts)


@checker("matrix_rewrite", cost=Cost.MEASURE, applies=is_matrix_claim)
def matrix_rewrite(step: Step, *, config: CheckConfig, context) -> Outcome | None:
    """Prove a matrix identity for all sizes by normalisation and rewriting with hypotheses."""
    proved, how = prove_matrix_identity(step)
    if proved:
        return Outcome(Verdict.PROVED, (Evidence("matrix_rewrite", how + " (all sizes)"),))
    return undecided("matrix_rewrite", how)


# --------------------------------------------------------------------------- instances


_SIZE_TABLE = ((2, 3, 2, 3), (3, 2, 4, 2), (4, 3, 3, 5), (5, 4, 2, 3), (3, 5, 5, 4))


def _random_rational(rng: random.Random):
    return sympy.Rational(rng.randint(-9, 9), rng.randint(1, 4))


def _random_matrix(rows, cols, rng):
    return sympy.Matrix(rows, cols, lambda i, j: _random_rational(rng))


def _random_orthogonal(n, rng):
    """A rational orthogonal matrix, the Cayley transform (I - S)(I + S)^{-1} of a random
    skew-symmetric S (exact: I + S is invertible for real skew S)."""
    s = sympy.zeros(n, n)
    for i in range(n):
        for j in range(i + 1, n):
            v = _random_rational(rng)
            s[i, j], s[j, i] = v, -v
    eye = sympy.eye(n)
    return (eye - s) * (eye + s).inv()


def _random_permutation(n, rng):
    perm = list(range(n))
    while n > 1 and perm == list(range(n)):
        rng.shuffle(perm)
    m = sympy.zeros(n, n)
    for i, j in enumerate(perm):
        m[i, j] = 1
    return m


def _gram_groups(hyp: _Hypotheses) -> list[list]:
    """Vectors that the hypotheses make orthonormal (``u^T u = 1``, ``u^T v = 0``)."""
    vectors = set()
    for lhs, rhs in hyp.equations:
        coeff, fs = _factors(lhs)
        if coeff == 1 and len(fs) == 2 and isinstance(fs[0], sympy.Transpose) \
                and isinstance(fs[0].arg, MatrixSymbol) and isinstance(fs[1], MatrixSymbol) \
                and fs[1].shape[1] == 1 and rhs in (0, 1, sympy.Identity(1), sympy.ZeroMatrix(1, 1)):
            vectors.update({fs[0].arg, fs[1]})
    return [sorted(vectors, key=str)] if vectors else []


class _Singular(ArithmeticError):
    """An instance where a matrix written inverted (A^{-1}) is singular."""


def _evaluate(expr, values: dict):
    """The explicit value of a matrix expression given explicit values of its symbols."""
    if isinstance(expr, MatrixSymbol):
        return values[expr]
    if isinstance(expr, MatrixFunction):
        return expr.apply_explicit(_evaluate(expr.arg, values))
    if isinstance(expr, sympy.OneMatrix):
        return sympy.ones(int(expr.shape[0]), int(expr.shape[1]))
    if isinstance(expr, sympy.ZeroMatrix):
        return sympy.zeros(int(expr.shape[0]), int(expr.shape[1]))
    if isinstance(expr, sympy.Identity):
        return sympy.eye(int(expr.shape[0]))
    if isinstance(expr, sympy.Transpose):
        return _evaluate(expr.arg, values).T
    if isinstance(expr, sympy.Inverse):
        # A^{-1} as written presupposes an invertible A: a singular instance is no instance
        # of the claim (the caller skips it), never a counterexample
        inner = _evaluate(expr.arg, values)
        if inner.det() == 0:
            raise _Singular(str(expr.arg))
        return inner.inv()
    if isinstance(expr, sympy.MatMul):
        result = None
        for a in expr.args:
            v = _evaluate(a, values)
            result = v if result is None else result * v
        return result
    if isinstance(expr, sympy.MatAdd):
        parts = [_evaluate(a, values) for a in expr.args]
        return sum(parts[1:], parts[0])
    if isinstance(expr, MatrixExpr):
        raise ValueError(f"cannot evaluate matrix expression {expr!r} ({type(expr).__name__})")
    return expr.xreplace(values.get("__scalars__", {}))


def _entry_zero(value, dps: int) -> bool | None:
    """True if exactly 0 or numerically 0 at dps and 2*dps; False if certified non-zero;
    None if undecided."""
    if value == 0:
        return True
    if value.is_Rational:
        return False
    if value.free_symbols:
        return None
    try:
        lo = value.evalf(dps)
        hi = value.evalf(2 * dps)
    except Exception:  # noqa: BLE001 -- an evaluation failure is undecided
        return None
    if abs(lo) < sympy.Float(10) ** (5 - dps) and abs(hi) < sympy.Float(10) ** (5 - 2 * dps):
        return True
    return _certified_nonzero(value, dps)


def _certified_nonzero(value, dps) -> bool | None:
    """False (non-zero) when an interval evaluation excludes zero, else None."""
    from symbolic.checks.logic import certified_sign
    return False if certified_sign(value, dps=2 * dps) is not None else None


def _size_assignments(size_symbols: list) -> list[dict]:
    out = []
    for row in _SIZE_TABLE:
        out.append({s: row[i % len(row)] for i, s in enumerate(size_symbols)})
    return out


def _draw(symbols, hyp, sizes, rng):
    values = {}
    for group in _gram_groups(hyp):
        dim = int(group[0].shape[0].xreplace(sizes))
        if dim < len(group):
            return None
        q = _random_orthogonal(dim, rng)
        for k, v in enumerate(group):
            values[v] = q[:, k]
    for s in symbols:
        if s in values:
            continue
        rows, cols = (int(sympy.sympify(x).xreplace(sizes)) for x in s.shape)
        if s in hyp.permutations:
            values[s] = _random_permutation(rows, rng)
        elif s in hyp.orthogonals:
            values[s] = _random_orthogonal(rows, rng)
        else:
            values[s] = _random_matrix(rows, cols, rng)
    return values


def _sized(expr, sizes):
    return expr.xreplace({k: sympy.Integer(v) for k, v in sizes.items()})


def _holds_on(lhs, rhs, values, dps) -> bool | None:
    left = _evaluate(lhs, values)
    right = _evaluate(rhs, values)
    if not isinstance(left, sympy.MatrixBase):
        left = sympy.Matrix([[left]])
    if not isinstance(right, sympy.MatrixBase):
        right = sympy.Matrix([[right]]) if left.shape == (1, 1) else right * sympy.eye(left.rows)
    undecided_entry = False
    for a, b in zip(left, right):
        verdict = _entry_zero(sympy.expand(a - b), dps)
        if verdict is False:
            return False  # one certified entry is enough
        undecided_entry = undecided_entry or verdict is None
    return None if undecided_entry else True


def check_matrix_instances(step: Step, *, dps: int = 50, seed: int = 0,
                           draws: int = 2) -> Outcome:
    """Evaluate a matrix claim exactly on small sizes with random matrices (see module doc)."""
    hyp = _hypotheses(step)
    claim = step.claim
    every = claim.lhs, claim.rhs, *[v for _, v in hyp.definitions], \
        *[x for e in hyp.equations for x in e]
    symbols = sorted(set().union(*(_matrix_symbols(e) for e in every)) - {d for d, _ in hyp.definitions},
                     key=str)
    size_symbols = sorted({f for s in symbols for x in s.shape for f in sympy.sympify(x).free_symbols},
                          key=str)
    rng = random.Random(seed)
    checked, skipped, failures = [], 0, []
    unchecked = False  # some hypothesis could not be checked on an instance
    for sizes in _size_assignments(size_symbols):
        for _ in range(draws):
            sized_symbols = [MatrixSymbol(s.name, *(_sized(sympy.sympify(x), sizes) for x in s.shape))
                             for s in symbols]
            sized_hyp = _hypotheses(_sized_step(step, sizes))
            drawn = _draw(sized_symbols, sized_hyp, {}, rng)
            if drawn is None:
                skipped += 1
                continue
            try:
                for d, v in sized_hyp.definitions:
                    drawn[d] = _evaluate(v, drawn)
                # every definition too: a later one may redefine a name an earlier one used
                # (B = A, B = C: drawn B = C, A apart), and the instance would satisfy neither
                ok = all(_holds_on(l, r, drawn, dps) is True
                         for l, r in sized_hyp.definitions + sized_hyp.equations)
                ok = ok and all(_evaluate(p, drawn) == _random_permutation_check(_evaluate(p, drawn))
                                for p in sized_hyp.permutations)
                ok = ok and all(_evaluate(p.T * p, drawn) == sympy.eye(_evaluate(p, drawn).rows)
                                for p in sized_hyp.orthogonals)
                rest_state = _rest_facts(sized_hyp.rest)
                if not ok or rest_state is False:
                    skipped += 1
                    continue
                sc = _sized_step(step, sizes).claim
                verdict = _holds_on(sc.lhs, sc.rhs, drawn, dps)
            except _Singular:
                skipped += 1            # a matrix written inverted is singular here: no instance
                continue
            unchecked = unchecked or rest_state is None
            label = ", ".join(f"{k}={v}" for k, v in sizes.items()) or "fixed sizes"
            if verdict is True:
                checked.append(label)
            elif verdict is False:
                failures.append((label, drawn))
                break  # one certified instance decides (or, under an unchecked hypothesis, cannot)
            else:
                return undecided("matrix_instances", f"undecided entry comparison at {label}")
        if failures:
            break
    classes = _classes_text(hyp)
    if failures and not hyp.schemas and not unchecked:
        label, drawn = failures[0]
        cx = (("sizes", label),) + tuple((str(k), str(v.tolist())) for k, v in sorted(
            drawn.items(), key=lambda kv: str(kv[0])) if isinstance(k, MatrixSymbol))
        return Outcome(Verdict.REFUTED, (Evidence("matrix_instances",
                       f"exact evaluation with rational matrices ({classes}) at {label}: the sides "
                       "differ (certified: exact rational or interval arithmetic); every hypothesis "
                       "was checked on the instance"),), counterexample=cx)
    if failures:
        return undecided("matrix_instances", f"instances differ at {failures[0][0]}, but a hypothesis "
                         "(a schema or another fact) could not be checked on them, so this is no "
                         "certified counterexample")
    if not checked:
        return undecided("matrix_instances", f"no instance satisfied the hypotheses ({skipped} skipped)")
    if any(_shifted_relu(e) for e in every):
        # max(0, A + 20 I): a kink at entries near -20, beyond the drawn entries' range, where a
        # piecewise-linear claim may differ: agreeing instances say too little to be verified
        return undecided("matrix_instances", f"{len(checked)} instances agree, but an entry-wise "
                         "maximum's argument is shifted by a constant matrix, so its kinks need "
                         "not lie among the drawn entries: not verified")
    sizes_text = "; ".join(sorted(set(checked)))
    return Outcome(Verdict.VERIFIED, (Evidence("matrix_instances",
                   f"{len(checked)} instances agree, exactly (or, for transcendental entries, to "
                   f"{dps} and {2 * dps} digits) (sizes {sizes_text}; random rational "
                   f"matrices, {classes}; seed {seed}); instances, not a proof for all sizes"),))


def _shifted_relu(expr) -> bool:
    """Whether an entry-wise maximum's argument has a term with no matrix symbol (``A + 20 I``)."""
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, EntrywiseReLU):
            arg = node.args[0]
            terms = arg.args if isinstance(arg, sympy.MatAdd) else (arg,)
            if any(not t.atoms(MatrixSymbol) for t in terms):
                return True
    return False


def _rest_facts(facts) -> bool | None:
    """Whether the remaining hypotheses hold at the instance's sizes: True, False, or None
    when some fact is about more than the sizes (it cannot be checked on the instance)."""
    state = True
    for fact in facts:
        if fact is sympy.true or fact is True:
            continue
        if fact is sympy.false or fact is False:
            return False
        state = None
    return state


def _random_permutation_check(m):
    """``m`` itself when it is a permutation matrix, else None (so the comparison fails)."""
    ok = all(x in (0, 1) for x in m) and all(sum(m.row(i)) == 1 for i in range(m.rows)) \
        and all(sum(m.col(j)) == 1 for j in range(m.cols))
    return m if ok else None


def _classes_text(hyp) -> str:
    parts = [f"{tex(p)} a random permutation" for p in sorted(hyp.permutations, key=str)]
    parts += [f"{tex(p)} a rational orthogonal (Cayley) matrix" for p in sorted(hyp.orthogonals, key=str)]
    groups = _gram_groups(hyp)
    if groups:
        parts.append(", ".join(map(tex, groups[0])) + " orthonormal columns of a Cayley matrix")
    return "; ".join(parts) or "all entries random rationals"


def _sized_step(step: Step, sizes: dict) -> Step:
    from dataclasses import replace
    from symbolic.model import Claim
    s = {k: sympy.Integer(v) for k, v in sizes.items()}

    def fix(e):
        e = e.xreplace(s)
        ms = {m: MatrixSymbol(m.name, *(sympy.sympify(x).xreplace(s) for x in m.shape))
              for m in _matrix_symbols(e)}
        # each special matrix keeps its kind (the identity stays the identity, not all ones)
        ones = {o: o.func(*(sympy.sympify(x).xreplace(s) for x in o.args))
                for o in sympy.preorder_traversal(e)
                if isinstance(o, (sympy.OneMatrix, sympy.Identity, sympy.ZeroMatrix))}
        return e.xreplace({**ms, **ones})

    claim = step.claim
    new_claim = Claim(fix(claim.lhs), claim.relation, fix(claim.rhs), claim.regime)
    def fix_assumption(a):
        if isinstance(a, sympy.Equality):  # keep it unevaluated: 1x1 sides must not collapse
            return sympy.Eq(fix(a.lhs), fix(a.rhs), evaluate=False)
        return fix(a)

    return replace(step, claim=new_claim, assumptions=tuple(fix_assumption(a) for a in step.assumptions))


@checker("matrix_instances", cost=Cost.EXHAUSTIVE, applies=is_matrix_claim)
def matrix_instances(step: Step, *, config: CheckConfig, context) -> Outcome | None:
    """Exact small-size instances of a matrix identity (verified, or a certified counterexample)."""
    return check_matrix_instances(step, dps=config.dps, seed=config.seed)
