"""A small derivation for the report tests (a document file that ``stepcheck report`` can load).

Steps: two identities in a chain, a claim that is false for 0 < x < 1 (so not proved),
a step resting on it, a correction of it, a prose step, an approximation and a figure.
"""
import sympy

from symbolic.model import Claim, Derivation, Figure, Kind, Regime, Relation, Series, Step

x = sympy.Symbol("x", real=True)
t = sympy.Symbol("t", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)


def _curves():
    xs = tuple(k / 10 for k in range(-10, 11))
    return (Series("exp(x)", xs, tuple(float(sympy.exp(v)) for v in xs)),
            Series("1 + x", xs, tuple(1 + v for v in xs), "--"))


DERIVATION = Derivation(
    id="sample",
    title="A sample derivation: squares, a false bound and its repair",
    source="sample.txt",
    description="Made for the tests of the reports.",
    steps=(
        Step("A1", Kind.IDENTITY, "展开: $(x+1)^2 = x^2+2x+1$",
             Claim((x + 1) ** 2, Relation.EQ, x ** 2 + 2 * x + 1),
             gloss=r"Expand the square $(x + 1)^2$."),
        Step("A2", Kind.IDENTITY, "so $x^2+2x+1 = (x+1)(x+1)$ & 50% done_",
             Claim(x ** 2 + 2 * x + 1, Relation.EQ, (x + 1) * (x + 1)), depends_on=("A1",)),
        Step("B1", Kind.INEQUALITY, "显然 $x^2 \\ge x$",
             Claim(x ** 2, Relation.GE, x)),
        Step("B2", Kind.INEQUALITY, "hence $x^2 + 1 \\ge x$",
             Claim(x ** 2 + 1, Relation.GE, x), depends_on=("B1",)),
        Step("B3", Kind.INEQUALITY, "for $t>0$: $t^2 + t \\ge t$",
             Claim(t ** 2 + t, Relation.GE, t), corrects="B1",
             gloss=r"The bound holds once the variable is positive ($t > 0$)."),
        Step("P1", Kind.PROSE, "这是一个说明 (a remark)."),
        Step("E1", Kind.APPROXIMATION, "$e^x \\approx 1 + x$ for small $x$",
             Claim(sympy.exp(x), Relation.APPROX, 1 + x,
                   Regime(ranges=((x, -0.01, 0.01),), description="|x| <= 0.01"))),
        Step("N1", Kind.INEQUALITY, "$n \\ge 1$", Claim(n, Relation.GE, 1)),
    ),
    figures=(Figure("exp", "$e^{x}$ and its tangent $1 + x$", _curves, xlabel="x", ylabel="y"),),
)
