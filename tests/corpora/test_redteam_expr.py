"""Red team of the expression, definition and display-structure rules of the reader.

Rules under attack (issue 11): a display with no relation is read as an expression (shown, not
checked); ``\\leftarrow``/``\\gets`` assignments, ``\\stackrel{def}{=}`` and ``name \\equiv ...``
are definitions read as ``:=``; an equation number ``\\quad (1)`` ends a row like ``\\tag``;
``\\underbrace``/``\\overbrace`` labels and markers over relations are left out; a colon is
refused with what it most likely is.

Each claim's truth was worked out by hand (in its comment). ``FALSE`` claims are false (or
true only under the misreading the rule could make) and must never come out ``proved`` or
``verified``; ``REFUSED`` texts have several readings and must be refused; ``READ`` texts are
read as the expression or definition written beside them.
"""
from __future__ import annotations

import json

import pytest
import sympy

from symbolic.api import check_chain
from symbolic.cli import main
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.document import read_display
from symbolic.latex.parse import ParsedChain, ParsedExpression, parse_reading
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


def _display_verdicts(latex: str):
    """The verdict of every link of every claim of the display, as ``stepcheck check`` on a
    .tex file holding it would give; None when any part is refused (the harness's rule)."""
    verdicts = []
    for chain in read_display(latex):
        if chain.problem is not None:
            return None
        try:
            parsed = parse_reading(chain.latex, assumptions=chain.assume)
        except ParseError:
            return None
        if isinstance(parsed, ParsedExpression):
            continue
        try:
            verdicts += [o.verdict for _, o in check_chain(chain.latex, assume=chain.assume,
                                                            config=CONFIG)]
        except StepcheckError:
            return None
    return verdicts


FALSE = [
    # -- equation numbers: a number in brackets read as a factor would prove these --
    r"2 = 1 \quad (2)",                  # 1*(2) = 2 if the number were a factor
    r"4 = 2 \qquad (2)",
    r"6 = 3 \quad (2.0)",                # number.number is an equation number too
    r"x^2 = x \quad (x)",                # not a number: refused, never x*x
    r"\begin{aligned} 2 &= 1 \quad (2) \\ 3 &= 1 \quad (3) \end{aligned}",
    r"a = b \quad (1) \cdot 0",          # not at the end: refused, never a = 0
    # -- \underbrace / \overbrace: TeX sets both scripts as labels --
    r"\underbrace{2}_{x}^{2} = 4",       # 2 = 4; 2^2 = 4 if ^2 were a power
    r"\overbrace{x}^{2} = x^2",          # x = x^2; a power would prove it
    r"\underbrace{a}_{b} = a_b",         # a = a_b (two symbols); a label read as index proves it
    r"\underbrace{3}_{=2+1} = 2",        # the label's claim is no part of the main claim
    r"\underbrace{a}_{b}^{c}^{d} = a^d",  # a double superscript: TeX refuses
    r"\underbrace{x + 1}_{y} \cdot 0 = 1",  # (x+1)*0 = 1 is false; the label does not matter
    # -- markers over relations --
    r"a \overset{(a)}{\le} a - 1",       # false for every a
    r"1 \stackrel{\text{Jensen}}{\ge} 2",
    r"x \overset{(1)}{=} x + 1",
    # -- definitions: := read as an equation, never as true by construction --
    r"1 \stackrel{\text{def}}{=} 2",
    r"2 \overset{\mathrm{def}}{=} 3",
    r"\eta \equiv \eta + 1",             # self-reference: refused
    r"x \equiv 1 \pmod 2",               # a congruence: refused (as an equation x = 1 it is false)
    r"0 \equiv 2 \pmod 2",               # a true congruence, but 0 = 2 is false: refused
    r"a \equiv b \equiv a + 1",
    # -- assignments --
    r"t \leftarrow t + 1",               # an update: refused (t = t + 1 is false)
    r"1 \leftarrow 2",                   # not a name on the left: refused
    r"x_1 + x_2 \gets 3",
    r"a \leftarrow b \leftarrow c",
    r"m \leftarrow 2 = 3",               # an assignment and a relation: refused
    r"x \gets x^2 \le 1",
    # -- relations as arguments, colons --
    r"\text{ppl}(t = 1) = \text{ppl}(0)",  # ppl(False) = ppl(0) would make a truth value of t = 1
    r"a : b = \frac{a}{b} + 1",
    r"2 : 1 = 2 \cdot 1 + 1",
]


@pytest.mark.parametrize("latex", FALSE, ids=FALSE)
def test_false_claims_are_never_accepted(latex):
    verdicts = _display_verdicts(latex)
    assert verdicts is None or not any(v in ACCEPTING for v in verdicts), verdicts


REFUSED = [
    r"x \in \mathbb{R}^d",                          # a membership is neither claim nor value
    r"\mathbf{q}_i \in \mathbb{R}^{1 \times d}",
    r"f: \mathbb{R} \to \mathbb{R}",                # the signature of a map
    r"\mathrm{rowmax}(\mathbf{S}_{:,:j})",          # a slice
    r"g_{1:T,i}",
    r"a : b",                                       # a ratio
    r"O(n \log n)",                                 # asymptotic notation
    r"\Theta(N d)",
    r"\left( a = b \right)",                        # a relation in brackets is no expression
    r"(x > 0)",
    r"\text{ppl}(t=1)",
    r"x, y",                                        # a list
    r"a \quad b",                                   # two formulas
    r"\mu \leftarrow \frac{1}{m}\sum_{i=1}^m x_i, \quad \sigma \leftarrow 1",
    r"\underbrace{a}_{b}_{c}",                      # a double subscript
]


@pytest.mark.parametrize("latex", REFUSED, ids=REFUSED)
def test_ambiguous_forms_are_refused(latex):
    with pytest.raises(ParseError):
        parse_reading(latex)


def test_rows_without_a_relation_beside_claims_are_refused():
    # the row may continue the row above (a = b(c + d)) or be an expression of its own
    chains = read_display(r"\begin{aligned} a &= b \\ (c + d) \end{aligned}")
    assert [c.problem is None for c in chains] == [True, False]
    assert "without a relation" in chains[1].problem
    # two rows with no relation: one expression broken over rows, or two?
    chains = read_display(r"\begin{aligned} a \\ b \end{aligned}")
    assert all(c.problem is not None for c in chains)


x, n, j, m, t, b = sympy.symbols("x n j m t beta", real=True)

READ = [
    ("x + 1", x + 1),
    (r"2^{-\frac{8}{n}}", 2 ** (-8 / n)),
    (r"\frac{x}{1-m}", x / (1 - m)),
    (r"\underbrace{x + 1}_{\text{shifted}} \cdot 2", (x + 1) * 2),
    (r"\overbrace{x}^{\text{label}}", x),
]


@pytest.mark.parametrize("latex, value", READ, ids=[r[0] for r in READ])
def test_expressions_read_as_written(latex, value):
    parsed = parse_reading(latex)
    assert isinstance(parsed, ParsedExpression)
    got = parsed.value.xreplace({s: sympy.Symbol(s.name, real=True) for s in parsed.value.free_symbols})
    assert sympy.simplify(got - value) == 0


def test_an_expression_keeps_its_sum_unevaluated():
    parsed = parse_reading(r"\log \sum_{j=1}^{n} e^{x_j}")
    assert isinstance(parsed, ParsedExpression)
    assert parsed.value.has(sympy.Sum) and parsed.value.func == sympy.log


DEFINITIONS = [
    (r"m_t \leftarrow \beta m_{t-1} + (1 - \beta) g_t", "m_t", "assignment"),
    (r"m_0 \gets 0", "m_0", "assignment"),
    (r"a \stackrel{\text{def}}{=} b + c", "a", "definition"),
    (r"\eta_t \equiv \frac{D}{G\sqrt{T}}", "eta_t", "definition"),
]


@pytest.mark.parametrize("latex, name, word", DEFINITIONS, ids=[d[0] for d in DEFINITIONS])
def test_definitions_define_the_left_name(latex, name, word):
    parsed = parse_reading(latex)
    assert isinstance(parsed, ParsedChain) and len(parsed.links) == 1
    assert str(parsed.links[0].claim.lhs) == name
    assert any(word in note for note in parsed.notes), parsed.notes


def test_a_definition_is_never_accepted_as_an_identity():
    # m_t := beta m_{t-1} + (1 - beta) g_t names m_t: the API, like `stepcheck check`, gives no
    # link for it (checked like =, it was refuted at m_t = 0); never proved or verified
    assert check_chain(r"m_t \leftarrow \beta m_{t-1} + (1 - \beta) g_t", config=CONFIG) == ()
    [(_, outcome)] = check_chain(r"m_t = \beta m_{t-1} + (1 - \beta) g_t", config=CONFIG)
    assert outcome.verdict not in ACCEPTING


def test_check_of_an_expression_says_so_and_exits_0(capsys):
    code = main(["check", "x+1", "--timeout", "20"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("EXPRESSION") and "nothing to check" in out and "x + 1" in out


def test_check_of_a_file_lists_expressions_apart(tmp_path, capsys):
    tex = tmp_path / "paper.tex"
    tex.write_text("\\begin{equation} \\frac{x}{1 - p} \\end{equation}\n"
                   "\\[ a + a = 2a \\quad (1) \\]\n"
                   # x \\in \\mathbb{R} is a STATEMENT now; an expression in a set stays unreadable
                   "\\[ x^2 \\in \\mathbb{R}_{>0} \\]\n", encoding="utf-8")
    code = main(["check", str(tex), "--timeout", "20"])
    out, _ = capsys.readouterr()
    assert f"{tex}:1: EXPRESSION" in out and f"{tex}:2: PROVED" in out
    assert f"{tex}:3: UNREADABLE" in out
    assert out.rstrip().endswith("1 unreadable; 1 expression (nothing to check)")
    assert code == 0
    main(["check", str(tex), "--json", "--timeout", "20"])
    result = json.loads(capsys.readouterr()[0])
    assert result["summary"]["expressions"] == 1 and result["summary"]["unreadable"] == 1
    [expression] = result["expressions"]
    assert expression["line"] == 1 and expression["latex"] == r"\frac{x}{1 - p}"
    assert expression["expression"] and result["exit_code"] == 0
