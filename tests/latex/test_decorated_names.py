"""Decorated names read without a declaration (symbolic/latex/decorated_names.py): an optimum
x^* beside its iterates, a primed capital an equation defines (V'_i = ...); and the claims built
to be misread by those two rules (conjugates, adjoints, derivatives, ODEs, updates), which must
stay refused. Readings only, except three end-to-end checks at the end."""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain


def _links(latex, assumptions=(), functions=()):
    parsed = parse_chain(latex, assumptions=tuple(assumptions), functions=tuple(functions))
    return [(link.claim.lhs, link.claim.relation.name, link.claim.rhs) for link in parsed.links], \
        parsed.notes


def _fires(latex, assumptions=(), functions=(), imaginary_unit=False) -> bool:
    """Whether one of the two rules takes the claim (the reader it would call is not run)."""
    from symbolic.latex.decorated_names import read_decorated
    called = []

    def reader(text, **options):
        called.append(text)
        raise ParseError("not read in this test")
    try:
        read_decorated(latex, reader, dict(assumptions=tuple(assumptions), functions=tuple(functions),
                                           imaginary_unit=imaginary_unit))
    except ParseError:
        pass
    return bool(called)


def _names(expr) -> set[str]:
    names = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Symbol, sympy.IndexedBase)):
            names.add(str(getattr(node, "name", node)))
    return names


# -- the optimum beside its iterates: read ---------------------------------------------------
def test_optimum_beside_subscript_iterates_is_a_real_quantity_of_its_own():
    # written by hand first: theta_{t+1} - s = (1 - eta)(theta_t - s), s a real number
    [(lhs, rel, rhs)], notes = _links(r"\theta_{t+1} - \theta^* = (1-\eta)(\theta_t - \theta^*)")
    star = sympy.Symbol(r"\theta^{*}", real=True)
    assert rel == "EQ" and star in lhs.free_symbols and star in rhs.free_symbols
    assert not lhs.has(sympy.conjugate) and not rhs.has(sympy.conjugate)
    assert {"theta_{t+1}"} <= _names(lhs) and "theta_t" in _names(rhs)
    assert any("optimum" in n and "not a conjugate" in n for n in notes)


@pytest.mark.parametrize("latex", [
    r"\theta^{t+1} - \theta^* = (1-\eta)(\theta^t - \theta^*)",
    r"\theta^{(t+1)} - \theta^* = (1-\eta)(\theta^{(t)} - \theta^*)",
    r"\theta^{t+1} - \theta^\star = (1-\eta)(\theta^{t} - \theta^{\star})",
])
def test_superscript_iterates_outside_a_declared_functions_argument_are_refused(latex):
    # theta^{t+1} may be a power: read as iterates, a power identity would be refuted
    assert not _fires(latex)
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_a_bold_optimum_beside_bold_iterates_is_a_vector():
    [(lhs, rel, rhs)], _ = _links(r"\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2 \le "
                                  r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2")
    assert rel == "LE" and lhs.has(sympy.Sum) and rhs.has(sympy.Sum)   # norms over components
    assert any("^{*}" in n for n in _names(lhs))


def test_iterates_with_k_are_iterates_too():
    [(lhs, _, rhs)], _ = _links(r"x_{k+1} - x^* = x_k - x^* - \eta g_k")
    assert sympy.Symbol("x^{*}", real=True) in lhs.free_symbols


# -- the optimum: every claim built to be misread stays refused ----------------------------
@pytest.mark.parametrize("latex", [
    r"x^* = x",                                   # no iterate, x itself: a conjugate of a real x
    r"x_t + x^* = x_t + x",                       # x itself beside x_t: conj(x) = x is plausible
    r"x_t x^* = x^2",                             # x^2: a power of x itself
    r"z^* z = |z|^2 + z_t",                       # a conjugate of a complex z
    r"z_t^* = z_t",                               # a star on the iterate (conjugate of z_t)
    r"z_t^* + z^* = z_t",
    r"z_{t+1}^{*} = z^* z_t",
    r"x^*_t = x_t",                               # a star before a subscript: another name
    r"x^{*}_i = x_t",
    r"x_{t}^{*} = x_{t}",
    r"x^{**} = x_t",                              # a bidual
    r"x^*^2 = x_t",                               # a double superscript
    r"A^* = A_t",                                 # a capital: an adjoint
    r"A_t^* A_t = B",
    r"f^*(y) = f_t(y)",                           # a convex conjugate applied to y
    r"e^{i\theta_t} - \theta^* = 0",              # i: numbers may be complex
    r"z_t - z^* = \overline{z_t}",                # a conjugate written beside the star
    r"x_t - x^* = \Re(x_t)",
    r"x_t - x^* = \mathrm{i}",
    r"x_t - x^* = xi",                             # i in a run of letters
    r"x_t^H x^* = 1",                             # a Hermitian transpose
    r"x_t^\dagger = x^*",
    r"x_t - x^* = x'",                            # x itself, primed
    r"x_t - x^* = 2 x(1)",                        # x itself before a bracket
    r"\mathbf{x}_t - \mathbf{x}^* = x",           # a plain x beside a bold optimum
    r"\theta^t_i - \theta^* = 0",                 # a label and an index on one name
    r"\theta^{2t} - \theta^* = 0",                # 2t: a power, not an iterate
    r"\theta^{t} - \theta^* = \theta^2",          # theta itself squared
    r"\theta_t - \theta^\star = \theta",
    r"\pi^* = \pi_t",                             # the constant pi
    r"e^* = e_t",                                 # Euler's number
    r"y_{t+1} - y^* = xy",                        # y itself in the run xy
    r"x_{t+1} - x^* = \int_0^1 x_t \, dx",        # x itself, a variable of integration
    r"x_t - x^* = \sum_{j=1}^{n} i",              # i outside a subscript
    r"\theta_T - \theta^* = \theta_1",            # no iterate t or k: only particular steps
    r"\|\bm{x}_{t+1} - \bm{x}^*\|^2 \le \|\bm{x}_t - \bm{x}^*\|^2",   # \bm: not taken (yet)
    r"\theta^t - \theta^* = \theta_t - \theta^*",  # ^t beside _t: a power and an entry?
    r"\theta^{(t)} - \theta^* = \theta^t - \theta^*",   # two ways of writing a superscript
    r"\theta^{t+1} - \theta^* = \theta_0",          # a subscript beside superscript iterates
])
def test_stars_that_may_be_conjugates_or_adjoints_stay_refused(latex):
    assert not _fires(latex)
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("assumptions, functions", [
    ((r"x_t \in \mathbb{C}",), ()),                # an assumption names x: complex
    ((r"x \in \mathbb{R}^{n \times n}",), ()),     # x a matrix: x^* may be its adjoint
    ((r"x^* \in \mathbb{C}",), ()),                # declared complex: not a quantity of its own
    ((), ("x",)),                                  # x a function: x^* its conjugate function
    ((), ("x_t",)),                                # x_t a function
])
def test_stars_whose_assumptions_leave_a_doubt_stay_refused(assumptions, functions):
    assert not _fires(r"x_t - x^* = 0", assumptions, functions)
    with pytest.raises(ParseError):
        parse_chain(r"x_t - x^* = 0", assumptions=assumptions, functions=functions)


def test_an_assumption_about_other_names_leaves_the_rules_on():
    assert _fires(r"x_t - x^* = 0", (r"\eta > 0", r"T \ge 1"))
    assert _fires(r"V' = 2 W_1", (r"W_1 > 0",))


def test_the_imaginary_unit_option_turns_the_rule_off():
    assert _fires(r"x_t - x^* = 0") and not _fires(r"x_t - x^* = 0", imaginary_unit=True)
    with pytest.raises(ParseError):
        parse_chain(r"x_t - x^* = 0", imaginary_unit=True)


def test_a_declared_optimum_still_reads_without_iterates():
    [(lhs, _, rhs)], notes = _links(r"x^* = x", assumptions=(r"x^* \in \mathbb{R}",))
    assert lhs != rhs and "declared" in " ".join(notes)


# -- a primed capital an equation defines: read ----------------------------------------------
def test_a_primed_capital_alone_on_the_left_is_the_new_quantity():
    # written by hand first: V'_i = sum_j sim(Q_i, K_j) V_j / sum_j sim(Q_i, K_j), V' a new name
    latex = (r"V^{\prime}_{i}=\frac{\sum_{j=1}^{N}\mathrm{sim}\left(Q_{i},K_{j}\right) \cdot V_{j}}"
             r"{\sum_{j=1}^{N}\mathrm{sim}\left(Q_{i},K_{j}\right)}")
    [(lhs, rel, rhs)], notes = _links(latex)
    assert rel == "EQ" and isinstance(lhs, sympy.Symbol) and lhs.name.startswith("V'")
    assert not rhs.has(sympy.Derivative) and rhs.has(sympy.Sum)
    assert not any("V'" in n for n in _names(rhs))
    assert any("not a derivative" in n for n in notes)


@pytest.mark.parametrize("latex, name", [
    (r"V'_i = 2 W_i", "V'_i"),
    (r"L' = 2 L_0", "L'"),
    (r"V^{\prime} := W_1 + W_2", "V'"),
])
def test_other_defined_primed_capitals(latex, name):
    [(lhs, _, rhs)], _ = _links(latex)
    assert lhs == sympy.Symbol(name, real=True) or str(lhs) == name
    assert not rhs.has(sympy.Derivative)


# -- primes: every claim built to be misread stays refused -----------------------------------
@pytest.mark.parametrize("latex", [
    r"V' = V",                       # V itself on the right: a differential equation
    r"y' = y",                       # lowercase: the derivative of an unknown y
    r"x' = x + 1",                   # an update, or a differential equation
    r"X' = X + 1",
    r"S' = -\beta S I",              # an SIR model
    r"W' = 2W'",                     # the primed name on both sides
    r"V'_i = V'_j + 1",
    r"V' = W'",                      # another prime: derivatives around
    r"V'(t) = V_1",                  # the primed name applied: a derivative at t
    r"V'_i = V_i(t)",                # V_i a function of t
    r"V' = \frac{d}{dt} W",          # a derivative on the right
    r"V' = \dot{W}",
    r"V' = \nabla W",
    r"V'' = W",                      # two primes
    r"V_i' = W_i",                   # the prime after the index: the derivative of V_i
    r"V' = W \le 3",                 # two relations
    r"V' + 1 = W",                   # not alone on the left
    r"V' \le W",                     # not an equation
    r"V' = \mathbf{V}_1",            # a bold V beside V'
    r"F' = 2F_1 + F",                # F itself on the right
    r"V' = 2 \mathrm{Var}(W)",       # V inside an upright word: unsure, refused
])
def test_primes_that_may_be_derivatives_stay_refused(latex):
    assert not _fires(latex)
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("assumptions, functions", [
    ((r"V > 0",), ()),               # an assumption names V
    ((), ("V",)),                    # V a function: V' its derivative
    ((), ("V'",)),                   # V' declared a function of its own
    ((), ("V'_W",)),
])
def test_primes_whose_declarations_leave_a_doubt_stay_refused(assumptions, functions):
    assert _fires(r"V' = 2") and not _fires(r"V' = 2", assumptions, functions)
    with pytest.raises(ParseError):
        parse_chain(r"V' = 2", assumptions=assumptions, functions=functions)


def test_a_declared_function_keeps_its_derivative():
    [(lhs, _, _)], _ = _links(r"F'(x) = 2x", functions=("F",))
    assert lhs.has(sympy.Derivative)


# -- end to end: a proof, and no false claim proved through the rules ------------------------
def test_end_to_end_iterates_and_the_optimum():
    from symbolic.api import check_chain
    [(_, outcome)] = check_chain(r"(\theta_{t+1} - \theta^*)^2 = (\theta_{t+1})^2 - "
                                 r"2\theta_{t+1}\theta^* + (\theta^*)^2")
    assert outcome.verdict.name == "PROVED"


@pytest.mark.parametrize("latex", [
    r"(x_{t+1} - x^*)^2 \le (x_t - x^*)^2",    # false: no contraction is stated
    r"V'_i = 2 W_i",                           # a definition: never proved
])
def test_end_to_end_false_claims_are_not_proved(latex):
    from symbolic.api import check_chain
    [(_, outcome)] = check_chain(latex)
    assert outcome.verdict.name == "REFUTED"
