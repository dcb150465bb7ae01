"""Red team of the function, prime, bold-Greek and macro rules: claims built to be misread by them.

Each rule added for the published corpus (declared functions, ``f^{\\prime}(x)``, bold Greek
names, the harness's ``functions=``/``macros=`` fields) gets claims that a wrong reading would
prove. The truth of each claim is worked out in its comment. Three kinds:

* ``FALSE``: false claims (or true only under a misreading) -- never ``proved``/``verified``;
* ``TRUE``: true claims -- never ``refuted``;
* ``REFUSED``: claims with two readings -- the reader must refuse them (``ParseError``).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import sympy

from symbolic.commands.chain import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


def _verdicts(latex, functions, assume=()):
    """The verdict of every link, or None when the reader refuses the claim."""
    try:
        links = check_chain(latex, assume=tuple(assume), config=CONFIG, functions=tuple(functions))
    except StepcheckError:
        return None
    return [link.outcome.verdict for link in links]


FALSE = [
    # -- a declared function is not linear, not a product, not its argument --
    (r"f(x + 1) = f(x) + f(1)", ("f",)),             # additivity is not given
    (r"f(2x) = 2 f(x)", ("f",)),                      # homogeneity is not given
    (r"L(\theta) = L(\theta) + 1", ("L",)),
    (r"g(m) = m", ("g",)),                            # g is unknown, not the identity
    (r"\phi(m) + \phi(m) = \phi(2m)", (r"\phi",)),
    (r"\varphi(m+1) - \varphi(m) = 1", (r"\varphi",)),
    (r"T_l(x) = f_l(x)", ("T_l", "f_l")),             # two different functions
    (r"f_q(x) = f_k(x)", ("f_q", "f_k")),
    (r"h(\theta_d) = h(\theta_e)", ("h",)),           # different arguments
    # -- primes on declared functions: derivatives, not new names --
    (r"f^{\prime}(x) = f(x)", ("f",)),                # true only for c e^x
    (r"f^{\prime}(x) = 0", ("f",)),
    (r"f^\prime(x) = f'(x) + 1", ("f",)),             # both are the same derivative
    (r"f^{\prime\prime}(x) = f^{\prime}(x)", ("f",)),  # second and first derivative differ
    (r"f^{\prime}(x) = \frac{d}{dx} f(x) + 1", ("f",)),
    # -- bold Greek letters are names of their own --
    (r"\boldsymbol{\theta} = \theta", ()),
    (r"\boldsymbol{\theta}_t = \theta_t", ()),
    (r"L(\boldsymbol{\theta}) = L(\theta)", ("L",)),
    (r"\boldsymbol{\theta}_1 = \boldsymbol{\theta}_2", ()),
]

TRUE = [
    (r"f(x) - f(x) = 0", ("f",)),
    (r"f^{\prime}(x) = \frac{d}{dx} f(x)", ("f",)),    # the same derivative, two notations
    (r"f^\prime(t) = f'(t)", ("f",)),
    (r"f^{\prime\prime}(x) = \frac{d^2}{dx^2} f(x)", ("f",)),
    (r"\boldsymbol{\theta}_t + x = x + \boldsymbol{\theta}_t", ()),
    (r"L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}_t) = 0", ("L",)),
]

REFUSED = [
    # a declared function also written as a number (the loss L and the constant L)
    (r"L(x) \le L x", ("L",)),
    (r"f(x) = f", ("f",)),
    (r"\phi(m) = \phi m", (r"\phi",)),
    (r"f_W(x) = 2 f_W", ("f_W",)),
    # primes on what is not a declared function at a variable
    (r"g^{\prime}(x) = 2x", ("f",)),                  # g undeclared: derivative or new name g'?
    (r"x^{\prime} = x", ()),                          # a new name or a derivative
    (r"b' = 2b", ()),
    (r"f^{\prime}(x + 1) = 1", ("f",)),               # not at a variable
    (r"f^{\prime}_W(x) = 1", ("f",)),                 # f'_W: a new function (YaRN) or f_W'?
    (r"f^{\prime 2}(x) = 1", ("f",)),                 # a power mixed with primes
    (r"f(x)^{\prime} = 1", ("f",)),
    # undeclared letters before brackets stay ambiguous
    (r"g(x + y) = gx + gy", ()),
    (r"\phi(m) = m", ()),
    (r"L(\boldsymbol{\theta}) = 1", ()),
    # a bold Greek letter is never a function of its own before brackets
    (r"\boldsymbol{\theta}(x + 1) = \boldsymbol{\theta} x + \boldsymbol{\theta}", ()),
    # two bold vectors side by side: an inner product
    (r"\boldsymbol{\theta} \boldsymbol{\theta} = 1", ()),
    # a bold capital Greek letter (a matrix or a set) is not named this way
    (r"\boldsymbol{\Theta} = 1", ()),
]


@pytest.mark.parametrize("latex, functions", FALSE, ids=[c[0] for c in FALSE])
def test_false_claim_is_never_accepted(latex, functions):
    verdicts = _verdicts(latex, functions)
    assert verdicts is None or not (set(verdicts) & ACCEPTING), (latex, verdicts)


@pytest.mark.parametrize("latex, functions", TRUE, ids=[c[0] for c in TRUE])
def test_true_claim_is_never_refuted(latex, functions):
    verdicts = _verdicts(latex, functions)
    assert verdicts is None or Verdict.REFUTED not in verdicts, (latex, verdicts)


@pytest.mark.parametrize("latex, functions", REFUSED, ids=[c[0] for c in REFUSED])
def test_ambiguous_claim_is_refused(latex, functions):
    with pytest.raises(ParseError):
        parse_chain(latex, functions=functions)


def test_superscript_prime_is_the_derivative_of_the_declared_function():
    x = sympy.Symbol("x", real=True)
    link, = parse_chain(r"f^{\prime}(x) = 2x", functions=("f",)).links
    assert isinstance(link.claim.lhs, sympy.Derivative)
    assert link.claim.lhs.variables == (link.claim.lhs.free_symbols.pop(),)
    two, = parse_chain(r"f^{\prime\prime}(x) = 2", functions=("f",)).links
    assert two.claim.lhs.derivative_count == 2
    assert str(link.claim.rhs) == str(2 * x)


def test_proved_when_the_prime_and_the_fraction_agree():
    assert _verdicts(r"f^{\prime}(x) = \frac{d}{dx} f(x)", ("f",)) == [Verdict.PROVED]


# -- the published corpus's harness: functions= and macros= reach the reader -------------------
def _harness():
    path = Path(__file__).resolve().parents[1] / "latex" / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness_funcs", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_harness_functions_are_passed_like_the_cli_flag():
    harness = _harness()
    with pytest.raises(ParseError):
        harness._read(r"L(\theta) = 1")             # undeclared: refused
    (lhs, rel, rhs), = harness._read(r"L(\theta) = 1", functions="L")
    assert type(lhs).__name__ == "L" and rel == "EQ" and rhs == 1


def test_harness_macros_are_only_the_sources_own():
    harness = _harness()
    with pytest.raises(ParseError):
        harness._read(r"\dmodel = 512")             # a macro the display alone does not define
    (lhs, _, rhs), = harness._read(r"\dmodel = 512",
                                   macros=r"\newcommand{\dmodel}{d_{\text{model}}}")
    assert str(lhs) == "d_{model}" and rhs == 512
    with pytest.raises(ParseError):                 # another macro is not invented
        harness._read(r"\topk = 1", macros=r"\newcommand{\dmodel}{d_{\text{model}}}")


def test_harness_macro_redefining_a_name_is_expanded_as_tex_would():
    """A source that redefines \\exp as \\log prints log: the display says log, not exp."""
    harness = _harness()
    (lhs, _, rhs), = harness._read(r"\exp(1) = 0", macros=r"\renewcommand{\exp}{\log}")
    assert lhs != sympy.E and sympy.simplify(lhs) == 0     # log(1), never exp(1) = e
    with pytest.raises(ParseError):                 # a macro with an argument that is missing
        harness._read(r"\sq = 1", macros=r"\newcommand{\sq}[1]{#1^2}")
    (lhs, _, _), = harness._read(r"\sq{x} = 1", macros=r"\newcommand{\sq}[1]{#1^2}")
    assert str(lhs) == "x**2"


def test_harness_macros_in_an_aligned_display():
    harness = _harness()
    links = harness._read(r"\begin{aligned} a &= \dmodel \\ b &= 2\dmodel \end{aligned}",
                          macros=r"\newcommand{\dmodel}{d_{\text{model}}}")
    assert [str(r) for _, _, r in links] == ["d_{model}", "2*d_{model}"]
