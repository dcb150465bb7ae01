"""The LaTeX reader on every construct that documents about attention are written with."""
import pytest
import sympy
from sympy import E, I, Derivative, KroneckerDelta, Sum, exp, log, pi, sqrt, tanh

from symbolic.errors import ParseError
from symbolic.functions import MaxOver, ReLU
from symbolic.latex import parse_chain, parse_expr
from symbolic.latex.vectors import COMPONENT, DIMENSION, dot, vector_component
from symbolic.model import Relation

R = dict(real=True)
x, y, z, a, b, c, n, M, p = sympy.symbols("x y z a b c n M p", real=True)
i, j = sympy.symbols("i j", integer=True)
X = sympy.IndexedBase("x", real=True)
P = sympy.IndexedBase("p", real=True)
Nj = sympy.Symbol("N_j", integer=True, positive=True)
Ni = sympy.Symbol("N_i", integer=True, positive=True)

EXPRESSIONS = [
    # (latex, expected, why)
    (r"\log n", log(n), "log is natural"),
    (r"\ln n", log(n), "ln is natural"),
    (r"\log_{2} x", log(x) / log(2), "an explicit base is kept"),
    (r"\ln\left(a^2 b\right)", log(a**2 * b), r"\left( \right) are brackets"),
    (r"\ln ab", log(sympy.Symbol("a", **R) * sympy.Symbol("b", **R)), "log of a product"),
    (r"\log\frac{1}{n}\sum_i e^{x_i}", log(Sum(exp(X[i]), (i, 1, Ni)) / n),
     "the log applies to the whole product"),
    (r"\max_j\{x_j\}", MaxOver(X[j], (j, 1, Nj)), "max over an index, fresh range N_j"),
    (r"\max_{j} \left(x_{j}\right)", MaxOver(X[j], (j, 1, Nj)), "printer's form"),
    (r"{\max }_j\left\{x_j\right\}", MaxOver(X[j], (j, 1, Nj)), "the seed document's form"),
    (r"\max(a, b)", sympy.Max(a, b), "max of a list"),
    (r"\sum_{j=1}^{n} x_j", Sum(X[j], (j, 1, n)), "subscripts under a sum are Indexed"),
    (r"\sum_{i=1}^n p_i", Sum(P[i], (i, 1, n)), "the measured case"),
    (r"\sum_{i \neq a,b} x_i",
     Sum(X[i] * (1 - KroneckerDelta(i, a)) * (1 - KroneckerDelta(i, b)), (i, 1, Ni)),
     "a sum over the other indices"),
    (r"\operatorname{Re}(z)", z, "Re of a real symbol is itself"),
    (r"\text{ReLU}(x)", ReLU(x), r"\text{ReLU}"),
    (r"\operatorname{ReLU}(x - 1)", ReLU(x - 1), r"\operatorname{ReLU}"),
    (r"\exp\left(x\right)", exp(x), r"\exp"),
    (r"\exp x y", exp(x * y), r"\exp of a product"),
    (r"e^{x}", exp(x), "e is Euler's number"),
    (r"a \cdot b", a * b, r"\cdot"),
    (r"a \times b", a * b, r"\times"),
    (r"\pi \sqrt{2}", pi * sqrt(2), r"\pi and \sqrt"),
    (r"\sqrt x", sqrt(x), r"\sqrt without braces"),
    (r"\sqrt[3]{x}", sympy.sign(x) * sympy.Abs(x) ** sympy.Rational(1, 3), "nth root (odd: the real root)"),
    (r"\frac12", sympy.Rational(1, 2), r"\frac without braces"),
    (r"0.25 x", x / 4, "decimals are exact"),
    (r"\tanh^2 x", tanh(x) ** 2, "power of a function"),
    (r"\frac{d}{dx}\tanh x", Derivative(tanh(x), x), r"\frac{d}{dx}"),
    (r"i", I, "i is the imaginary unit where it is not an index"),
    (r"\mathrm{i}", I, r"\mathrm{i} is always the imaginary unit"),
    (r"|x|", sympy.Abs(x), "absolute value"),
    (r"\left|x\right|", sympy.Abs(x), "sized absolute value"),
    (r"\hat{x} + x", sympy.Symbol(r"\hat{x}", **R) + x, "an accent names a new symbol"),
    (r"\alpha_j + \lambda", sympy.Symbol("alpha_j", **R) + sympy.Symbol("lambda", **R), "greek"),
    (r"k_1", sympy.Symbol("k_1", **R), "a subscript outside any sum is part of the name"),
    (r"2(x+1)", 2 * x + 2, "implicit product with brackets"),
    (r"\frac{a}{b} c", a * c / b, "fraction times symbol"),
]


@pytest.mark.parametrize("latex, expected, why", EXPRESSIONS, ids=[e[0] for e in EXPRESSIONS])
def test_expression(latex, expected, why):
    assert parse_expr(latex) == expected, why


def test_symbols_are_real_by_default():
    expr = parse_expr(r"a + \ln b")
    assert all(s.is_real for s in expr.free_symbols)


def test_i_is_imaginary_when_asked():
    assert parse_expr("e^{i \\pi}", imaginary_unit=True) == -1
    assert parse_expr("i^2", imaginary_unit=True) == -1
    assert parse_expr("i^2") == -1, "the imaginary unit by the convention, flag or not"
    assert I not in parse_expr("x_i + i").atoms(), "i is an index where it is a subscript"


def test_huge_power_is_not_evaluated():
    expr = parse_expr(r"9^{9^{9^{9}}}")
    assert isinstance(expr, sympy.Pow)
    assert expr.base == 9


def test_transpose_is_a_dot_product():
    qi = vector_component("q", i)
    kj = vector_component("k", j)
    assert parse_expr(r"q_i k_j^T") == dot(qi, kj)
    assert parse_expr(r"q_i{k}_j^T") == dot(qi, kj)
    assert parse_expr(r"k_j^\top q_i") == dot(qi, kj)
    assert parse_expr(r"k_j^{T} \cdot q_i") == dot(qi, kj)


def test_dot_product_evaluates_numerically():
    expr = parse_expr(r"\frac{q_i k_j^T}{\sqrt{d}}")
    assert DIMENSION in expr.free_symbols
    q, k = sympy.IndexedBase("q", real=True), sympy.IndexedBase("k", real=True)
    value = expr.subs(DIMENSION, 2).doit()
    value = value.subs({q[i, 1]: 1, q[i, 2]: 2, k[j, 1]: 3, k[j, 2]: 4})
    assert value == sympy.Rational(11) / sqrt(2)


def test_transpose_of_sum_by_linearity():
    expr = parse_expr(r"k_i^T \cdot (k_a + k_b)")
    ki = vector_component("k", i)
    a_, b_ = sympy.symbols("a b", integer=True)
    assert expr == dot(ki, vector_component("k", a_)) + dot(ki, vector_component("k", b_))


def test_same_subscript_outside_the_sum_is_the_same_indexed():
    chain = parse_chain(r"x_j \le \sum_{j=1}^{n} x_j")
    claim = chain.links[0].claim
    assert claim.lhs == X[j]
    assert claim.rhs == Sum(X[j], (j, 1, n))


def test_max_takes_the_range_of_a_sum_in_the_chain():
    chain = parse_chain(r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n",
                        assumptions=[r"n \in \mathbb{Z}_{>0}"])
    (link,) = chain.links
    N = sympy.Symbol("n", integer=True, positive=True)
    assert link.relation is Relation.LE
    assert link.claim.lhs == log(Sum(exp(X[j]), (j, 1, N)))
    assert link.claim.rhs == MaxOver(X[j], (j, 1, N)) + log(N)
    assert chain.assumptions.symbols["n"] is N or chain.assumptions.symbols["n"] == N


CHAINS = [
    # (latex, relations, why)
    (r"a = b \le c", [Relation.EQ, Relation.LE], "a chain gives one link per pair"),
    (r"a \approx b", [Relation.APPROX], r"\approx"),
    (r"a \propto b", [Relation.PROPTO], r"\propto"),
    (r"a \gg b", [Relation.GG], r"\gg"),
    (r"a \ll b", [Relation.LL], r"\ll"),
    (r"a \ne b", [Relation.NE], r"\ne"),
    (r"a \neq b", [Relation.NE], r"\neq"),
    (r"a < b", [Relation.LT], "<"),
    (r"a \geq b > c", [Relation.GE, Relation.GT], r"\geq and >"),
    (r"x > 0 \implies x^2 > 0", [Relation.IMPLIES], r"\implies"),
    (r"x > 0 \Rightarrow x^2 > 0", [Relation.IMPLIES], r"\Rightarrow"),
    (r"\sum_{i \neq a,b} x_i \le \max(a, b)", [Relation.LE], "relations inside subscripts don't split"),
    (r"\left(a < b\right) = c", None, "a relation inside brackets is refused"),
]


@pytest.mark.parametrize("latex, relations, why", CHAINS, ids=[c[0] for c in CHAINS])
def test_chain_relations(latex, relations, why):
    if relations is None:
        from symbolic.errors import ParseError
        with pytest.raises(ParseError):
            parse_chain(latex)
        return
    chain = parse_chain(latex)
    assert [link.relation for link in chain.links] == relations, why
    for link in chain.links:
        assert link.claim.relation is link.relation
        assert link.claim.regime is None


def test_chain_link_latex():
    chain = parse_chain(r"a = b \le c")
    first, second = chain.links
    assert (first.lhs_latex, first.rhs_latex, first.latex) == ("a", "b", "a = b")
    assert (second.lhs_latex, second.rhs_latex, second.latex) == ("b", "c", r"b \le c")
    assert first.claim.rhs is second.claim.lhs or first.claim.rhs == second.claim.lhs


def test_implication_sides_are_booleans():
    (link,) = parse_chain(r"0 < x < 1 \implies x^2 < x").links
    assert link.claim.lhs == sympy.And(sympy.Lt(0, x), sympy.Lt(x, 1))
    assert link.claim.rhs == (x**2 < x)
    assert link.lhs_latex == "0 < x < 1"


def test_math_delimiters_are_stripped():
    assert parse_chain(r"$a = b$").links[0].claim.rhs == b
    assert parse_chain(r"\[ a = b. \]").links[0].claim.rhs == b


def test_seed_document_formula():
    # the document writes LK for L_K: as printed, L times K after L is refused (a matrix order)
    latex = (r"\ln LK\le M(q_i,K)\le {\max }_j\left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}"
             r"-\frac{1}{LK}{\sum }_{j=1}^{LK}\left\{\frac{q_i{k}_j^T}{\sqrt{d}}\right\}+\ln LK")
    with pytest.raises(ParseError):
        parse_chain(latex)
    latex = latex.replace("LK", r"L \cdot K")
    chain = parse_chain(latex)
    assert [l.relation for l in chain.links] == [Relation.LE, Relation.LE]
    rhs = chain.links[1].claim.rhs
    L, K = sympy.symbols("L K", real=True)
    assert rhs.has(MaxOver) and rhs.has(Sum)
    (max_term,) = [t for t in sympy.preorder_traversal(rhs) if isinstance(t, MaxOver)]
    assert max_term.limits == ((j, 1, L * K),), "max takes the range of the sum over j"


def test_scalar_left_of_a_transpose_is_not_a_vector():
    lam = sympy.Symbol("lambda", real=True)
    expr = parse_expr(r"\lambda k_a^T q")
    a_ = sympy.Symbol("a", integer=True)
    assert expr == lam * dot(vector_component("k", a_), vector_component("q"))


def test_d_next_to_a_letter_is_a_product():
    d = sympy.Symbol("d", real=True)
    assert parse_expr(r"d x + d \cdot y") == d * x + d * y


UNICODE = [
    # (written with Unicode, the same in LaTeX, why)
    ("α_i ≈ 0", r"\alpha_i \approx 0", "Greek letters and ≈"),
    ("t₁ ≠ t₂", r"t_{1} \ne t_{2}", "subscript digits and ≠"),
    ("x² · y ≤ 1", r"x^{2} \cdot y \le 1", "superscripts, · and ≤"),
    ("k_i^T k_j = 0。", r"k_i^T k_j = 0", "a final Chinese full stop"),
]


@pytest.mark.parametrize("written, latex, why", UNICODE, ids=[u[0] for u in UNICODE])
def test_unicode_maths(written, latex, why):
    ours = [(l.claim.lhs, l.relation, l.claim.rhs) for l in parse_chain(written).links]
    theirs = [(l.claim.lhs, l.relation, l.claim.rhs) for l in parse_chain(latex).links]
    assert ours == theirs, why


def test_norm_of_a_vector():
    k = vector_component("k", sympy.Symbol("a", integer=True))
    assert parse_expr(r"||k_a||^2") == dot(k, k)
    assert parse_expr(r"\|k_a\|") == sqrt(dot(k, k))


def test_scaled_vector_transposed_by_linearity():
    lam = sympy.Symbol("lambda", real=True)
    a_, b_ = sympy.symbols("a b", integer=True)
    mu_a, mu_b = vector_component("mu", a_), vector_component("mu", b_)
    assert parse_expr(r"(\lambda \cdot \mu _a)^T \cdot \mu _b") == lam * dot(mu_a, mu_b)
    assert parse_expr(r"(\lambda \mu_a)^T (\mu_a + \mu_b)") == lam * (dot(mu_a, mu_a) + dot(mu_a, mu_b))


def test_inner_product_brackets():
    q, k = vector_component("q"), vector_component("k")
    assert parse_expr(r"\langle q, k\rangle") == dot(q, k)
    # a bold vector keeps its font as its name, as under a norm and in u^T v: <bold q, bold k>
    # and bold q^T bold k are one object, plain q another
    bq, bk = vector_component(r"\boldsymbol{q}"), vector_component(r"\boldsymbol{k}")
    assert parse_expr(r"\langle \boldsymbol{q}, \boldsymbol{k}\rangle") == dot(bq, bk)
    assert parse_expr(r"\boldsymbol{q}^\top \boldsymbol{k}") == dot(bq, bk)


def test_greek_function_name():
    t = sympy.Symbol("t", real=True)
    assert parse_expr(r"\Phi(t, 2)") == sympy.Function("Phi", real=True)(t, 2)


MORE = [
    # (latex, expected, why)
    (r"\lim_{x \to 0} \frac{\sin x}{x}", sympy.Limit(sympy.sin(x) / x, x, 0, dir="+-"),
     "a limit is two-sided unless written 0^+"),
    (r"\lim_{x \to 0^+} \ln x", sympy.Limit(log(x), x, 0, dir="+"), "one-sided limit"),
    (r"\lim_{n \to \infty} (1 + 1/n)^n", sympy.Limit((1 + 1 / n) ** n, n, sympy.oo), "limit at infinity"),
    (r"\binom{n}{2}", sympy.binomial(n, 2), "binomial"),
    (r"\ln{\left(x \right)}^{2}", log(x) ** 2, "SymPy's own spelling of (ln x)^2"),
    (r"\ln x^2", log(x**2), "the power belongs to the argument"),
    (r"\sum_{j=1}^{n} (x_j)^2", Sum(X[j] ** 2, (j, 1, n)), "brackets then a power inside a sum"),
    (r"(a/b) c", a * c / b, "bracketed division"),
    (r"a/b + c", a / b + c, "division then a new term"),
    (r"\sin^2 x + \cos^2 x", sympy.sin(x) ** 2 + sympy.cos(x) ** 2, "powers of trig functions"),
]


@pytest.mark.parametrize("latex, expected, why", MORE, ids=[m[0] for m in MORE])
def test_more_expressions(latex, expected, why):
    assert parse_expr(latex) == expected, why


def test_mixed_transpose_conventions_are_refused():
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match="outer product"):
        parse_chain(r"k_a^T q = q_i k_j^T")


FUNCTION_ARGUMENTS = [
    # (latex, expected, why)
    (r"\sin x \cos y", sympy.sin(x) * sympy.cos(y), "a function's argument ends at the next function"),
    (r"2\sin \frac{x}{2} \cos \frac{x}{2}", 2 * sympy.sin(x / 2) * sympy.cos(x / 2), "double angle"),
    (r"\ln x \ln y", log(x) * log(y), "product of logs"),
    (r"\ln \sum_{j=1}^{n} \exp(x_j)", log(Sum(exp(X[j]), (j, 1, n))), "a sum takes the rest"),
    (r"\sin 2x", sympy.sin(2 * x), "coefficient inside"),
    (r"\ln x y", log(x * y), "the log of a product"),
]


@pytest.mark.parametrize("latex, expected, why", FUNCTION_ARGUMENTS, ids=[f[0] for f in FUNCTION_ARGUMENTS])
def test_function_argument_extent(latex, expected, why):
    assert parse_expr(latex) == expected, why


def test_bar_is_a_new_symbol_not_a_conjugate():
    # \bar{x} is usually a mean; as the conjugate of a real x it would silently become x
    xbar = sympy.Symbol(r"\bar{x}", real=True)
    assert parse_expr(r"\sum_{i=1}^n (x_i - \bar{x})^2") == Sum((X[i] - xbar) ** 2, (i, 1, n))
    from symbolic.latex import to_latex
    assert parse_expr(to_latex(xbar)) == xbar


def test_subscript_on_a_function_value_is_refused():
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match="function value"):
        parse_chain(r"\text{softmax}(x)_i = 1")


def test_packed_subscripts_are_several_indices():
    m = sympy.Symbol("m", real=True)
    assert parse_expr(r"\sum_{i=1}^{n}\sum_{j=1}^{m} x_{ij}") == Sum(X[i, j], (j, 1, m), (i, 1, n))
    A = sympy.IndexedBase("a", real=True)
    assert parse_expr(r"\sum_{i=1}^{n} a_{in}") == Sum(A[i, n], (i, 1, n))


@pytest.mark.parametrize("latex", [r"\frac{\partial M}{\partial k_j} = 0", r"\frac{d}{dx} (y + 1) = 1"])
def test_derivative_of_a_bare_symbol_is_refused(latex):
    """M does not depend on k_j as written: the derivative would be 0, a misread of dM/dk_j.

    (``\\frac{dy}{dx}`` of a letter y in a plain variable reads as the unknown function y(x):
    tests/latex/test_calculus_reading.py.)
    """
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match="does not depend"):
        parse_chain(latex)


def test_overline_of_a_real_symbol_is_refused():
    """A mean or the conjugate of a real x (itself): the reader does not pick one."""
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match="mean"):
        parse_chain(r"\overline{x} = x")
