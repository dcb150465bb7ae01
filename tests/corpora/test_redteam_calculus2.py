"""Red team of the calculus notation of published displays: claims built to be misread.

The rules under attack: primes on declared functions (``f'(x)`` is the derivative), primes on
names declared quantities of their own (``--assume "L' \\in \\mathbb{R}"``), accented variables
of a derivative (``\\frac{\\partial}{\\partial \\hat{y}}``), derivatives in vectors, gradients,
differentials written ``d x``, and a letter before brackets under a derivative. The truth of
each claim is worked out in its comment. Three kinds:

* ``FALSE``: false claims (or true only under a misreading) -- never ``proved``/``verified``;
* ``TRUE``: true claims -- never ``refuted``;
* ``REFUSED``: claims with two readings -- the reader must refuse them (``ParseError``).
"""
from __future__ import annotations

import pytest

from symbolic.commands.chain import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])
REAL_PRIME = "x' \\in \\mathbb{R}"
REAL_L = "L' \\in \\mathbb{R}"
SCALAR_X = r"x \in \mathbb{R}"
RANGE = (r"n \in \mathbb{Z}_{>0}", r"i \in \mathbb{Z}", r"1 \le i \le n")


def _verdicts(latex, functions=(), assume=()):
    """The verdict of every link, or None when the reader refuses the claim."""
    try:
        links = check_chain(latex, assume=tuple(assume), config=CONFIG, functions=tuple(functions))
    except StepcheckError:
        return None
    return [link.outcome.verdict for link in links]


FALSE = [
    # -- f' of a declared function is its derivative: not f, not a new name, not a product --
    (r"f'(x) = f(x)", ("f",), ()),                        # true only for c e^x
    (r"f'(x) = f(x)'", ("f",), ()),                       # a prime after the bracket: refused
    (r"f''(x) = (f'(x))^2", ("f",), ()),                  # second derivative is no square
    (r"f''(x) = f'(x)", ("f",), ()),
    (r"f'(x) = \frac{d}{dx} f(x) + 1", ("f",), ()),
    (r"f'(x) = \frac{f(x)}{x}", ("f",), ()),              # a ratio, as if ' were /x
    # -- a declared primed quantity is a number of its own: not x, not x times a prime --
    (r"x' = x", (), (REAL_PRIME,)),                       # refuted at x' = 0, x = 1
    (r"x' = 0", (), (REAL_PRIME,)),
    (r"x' - x = 0", (), (REAL_PRIME,)),
    (r"x'^2 = x^2", (), (REAL_PRIME,)),
    (r"L' > L", (), (REAL_L,)),                           # the text's L' > L is a premise, not a fact
    (r"\frac{L'}{L} = 1", (), (REAL_L, "L > 0")),
    (r"x^{\prime} = x", (), (REAL_PRIME,)),               # the same x' written with \prime
    (r"L’ = L", (), (REAL_L,)),                           # a typographic apostrophe is the same prime
    # -- \sigma' is the sigmoid's derivative, with its order --
    (r"\sigma''(x) = \sigma(x)(1 - \sigma(x))", (), ()),  # the first derivative's formula
    (r"\sigma'(x) = \sigma(x)", (), ()),
    (r"\sigma'(x) = 1 - \sigma(x)", (), ()),
    # -- partial derivatives keep the other variables, and in accented variables too --
    (r"\frac{\partial}{\partial x}(x y) = x + y", (), ()),     # the total derivative in both
    (r"\frac{\partial (x y)}{\partial x} = x", (), ()),
    (r"\frac{\partial}{\partial \hat{y}} (\hat{y} - y)^2 = 2(y - \hat{y})", (), ()),   # sign
    (r"\frac{\partial}{\partial \hat{y}} (\hat{y}^2) = \hat{y}", (), ()),
    (r"\frac{\partial}{\partial \hat{y}} (\hat{y} y) = \hat{y}", (), ()),               # y, not y-hat
    (r"\frac{\partial}{\partial \tilde{x}} (\tilde{x}^3) = 3x^2", (), ()),            # x-tilde is no x
    (r"\frac{\partial}{\partial \hat{y}_i} \sum_{j=1}^n (\hat{y}_j - y_j)^2 = 2 \sum_{j=1}^n (\hat{y}_j - y_j)",
     (), RANGE),                                          # the whole sum, as if every j were i
    # -- a gradient is no scalar derivative of a vector, nor of an undeclared letter --
    (r"\nabla f(\mathbf{x}) = \frac{d}{dx} f(x)", ("f",), ()),
    (r"\nabla_\theta L(\theta) = \frac{d}{d\theta} L(\theta) + 1", ("L",), (r"\theta \in \mathbb{R}^{d}",)),
    (r"\nabla f(x) = 2 f(x)", ("f",), ()),
    (r"\nabla f(x) = 2 f(x)", ("f",), (SCALAR_X,)),
    (r"\nabla_x f(x, y) = \nabla_y f(x, y)", ("f",), (SCALAR_X, r"y \in \mathbb{R}")),
    (r"\nabla f(x) = f'(x) + 1", ("f",), (SCALAR_X,)),
    # outer products of two gradients of vectors do not commute; numbers do: only declared
    # numbers may be read so
    (r"\nabla f(x) \nabla g(x) = \nabla g(x) \nabla f(x)", ("f", "g"), ()),
    (r"\nabla_\theta L(\theta) \nabla_\theta L(\theta) = (\nabla_\theta L(\theta))^2", ("L",), ()),
    # -- d x is a product outside a derivative, and never a ratio inside one --
    (r"\frac{dx}{dt} = \frac{x}{t}", (), ()),             # true as a ratio of products d x / d t
    (r"\frac{d x}{d y} = \frac{x}{y}", (), ()),
    (r"\frac{d}{dx} x^2 = \frac{x^2}{x}", (), ()),        # as if d/dx cancelled against x
    (r"\frac{d (x^2)}{d x} = x", (), ()),
    (r"\frac{d}{d(x^2)} x^4 = 2 x^2", (), ()),            # a derivative in an expression: refused
    # -- a letter before brackets under a derivative: a function, not a product --
    (r"\frac{\partial}{\partial x} u(x + 1) = u", (), ()),      # true only of the product u (x + 1)
    (r"\frac{d}{dx} a(x^2) = 2 a x", (), ()),
    (r"\partial_x u(x + 1) = u", (), ()),
    (r"\frac{\partial u(x + 1)}{\partial x} = u", (), ()),
    (r"\frac{d}{dx} \left(a(x + 1)\right)^2 = 2 a^2 (x + 1)", (), ()),
    # -- the variable's index captured by a sum over the same letter: 2 x_i is meant --
    (r"\frac{\partial}{\partial x_i} \sum_{i=1}^n x_i^2 = 2 \sum_{i=1}^n x_i", (), (r"n \in \mathbb{Z}_{>0}",)),
    (r"\frac{\partial}{\partial \hat{y}_i} \sum_{i=1}^n (\hat{y}_i - y_i)^2 = 2 \sum_{i=1}^n (\hat{y}_i - y_i)",
     (), RANGE),
    (r"\frac{d}{dj} \sum_{j=1}^n j x = \sum_{j=1}^n x", (), (r"n \in \mathbb{Z}_{>0}",)),
    # -- a partial of an undeclared letter that does not depend on the variable as written --
    (r"\frac{\partial L}{\partial y_i} = 1", (), ()),
    (r"\frac{\partial L}{\partial \hat{y}_i} = -\frac{y_i}{\hat{y}_i}", (), ()),
    (r"\frac{\partial}{\partial \hat{y}} (y^2) = 2y", (), ()),
    # -- derivatives in vectors and matrices --
    (r"\frac{\partial}{\partial \mathbf{x}} (x^2) = 2x", (), ()),
    (r"\frac{\partial L}{\partial \mathbf{b}} = \frac{\partial L}{\partial \mathbf{v}}", (), ()),
    (r"\frac{\partial}{\partial \theta} (\theta^2) = 2 \theta + 1", (), (r"\theta \in \mathbb{R}^{d}",)),
]


@pytest.mark.parametrize("latex, functions, assume", FALSE)
def test_false_calculus_claims_are_never_accepted(latex, functions, assume):
    got = _verdicts(latex, functions, assume)
    assert got is None or not (set(got) & ACCEPTING), (latex, got)


TRUE = [
    (r"f'(x) = \frac{d}{dx} f(x)", ("f",), ()),
    (r"f^{\prime\prime}(x) = \frac{d^2}{dx^2} f(x)", ("f",), ()),
    (r"x' - x = -(x - x')", (), (REAL_PRIME,)),
    (r"\frac{L'}{L} \cdot L = L'", (), (REAL_L, "L > 0")),
    (r"b'^{2} = b' \cdot b'", (), ("b' \\in \\mathbb{R}",)),
    (r"\frac{\partial}{\partial \hat{y}} (\hat{y} - y)^2 = 2(\hat{y} - y)", (), ()),
    (r"\frac{\partial}{\partial \hat{y}_i} \sum_{j=1}^n (\hat{y}_j - y_j)^2 = 2(\hat{y}_i - y_i)", (), RANGE),
    (r"\frac{\partial}{\partial x}(x y) = y", (), ()),
    (r"\frac{d}{dx} u(x + 1) = \frac{d}{dx} u(x + 1)", ("u",), ()),
    (r"\frac{d}{d_k} = \frac{1}{d_k} d", (), ("d_k > 0",)),     # d over d_k: a ratio, no derivative
    (r"\sigma'(x) = \sigma(x)(1 - \sigma(x))", (), ()),
    (r"\nabla f(x) \nabla g(x) = \nabla g(x) \nabla f(x)", ("f", "g"), (SCALAR_X,)),
    (r"\nabla f(x) = f'(x)", ("f",), ("x > 0",)),
]


@pytest.mark.parametrize("latex, functions, assume", TRUE)
def test_true_calculus_claims_are_never_refuted(latex, functions, assume):
    got = _verdicts(latex, functions, assume)
    assert got is None or Verdict.REFUTED not in got, (latex, got)


REFUSED = [
    (r"x' = x", (), (), "declared a quantity of its own"),          # undeclared: a new name or a derivative
    (r"x^{\prime} = 1", (), (), "--assume"),
    (r"g'(x) = 1", (), (), "--function"),                           # g undeclared
    (r"x' = x", (), ("x' \\in \\mathbb{C}",), "declared"),          # complex: not a name of its own
    (r"x'' = x'", (), (REAL_PRIME,), "primes"),                     # only x' is declared
    (r"x'(t) = 1", (), (REAL_PRIME,), "may be"),                    # a derivative or x' times t
    (r"x'_i = 1", (), (REAL_PRIME,), "subscript"),                  # an element of x' or (x_i)'
    (r"a^b' = 1", (), ("b' \\in \\mathbb{R}",), "double script"),   # TeX: a double superscript
    (r"f'(x) = 1", ("f",), ("f' \\in \\mathbb{R}",), "could be its derivative"),
    (r"Zprime = 1", (), (REAL_PRIME,), "reserved"),
    (r"\frac{\partial}{\partial x} u(x + 1) = u", (), (), "under a derivative"),
    (r"\frac{\partial}{\partial \mathbf{x}} (x^2) = 2x", (), (), "variable of a derivative"),
    (r"\frac{d}{d(x^2)} x^4 = 2x^2", (), (), "variable of a derivative"),
    (r"\frac{\partial}{\partial \bar{z}} (z \bar{z}) = z", (), (r"z \in \mathbb{C}",), "derivative"),
    (r"\nabla_{\mathbf{x}} f(x) = 0", ("f",), (), "vector"),
    (r"\nabla_\theta L(\theta) = 0", ("L",), (), "a gradient is a vector"),   # theta undeclared
    (r"\frac{\partial}{\partial x_i} \sum_{i=1}^n x_i^2 = 2 x_i", (), (), "rename the index"),
    (r"\nabla f(x) = 2x", ("f",), (), "declare it one"),
    (r"\frac{\partial L}{\partial \hat{y}_i} = 1", (), (), "does not depend"),
]


@pytest.mark.parametrize("latex, functions, assume, words", REFUSED)
def test_ambiguous_calculus_notation_is_refused(latex, functions, assume, words):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, functions=functions, assumptions=assume)
    message = str(err.value)
    assert words in message and "\n" not in message, message


def test_the_corpus_is_mostly_false_claims():
    assert len(FALSE) >= 2 * len(TRUE)
