"""Property-based tests of the LaTeX reader and of ``stepcheck check`` (hypothesis).

Properties: the reader raises nothing but ``ParseError``; the command exits 0, 1, 2 or 3,
with exactly one line on stderr for bad input and never a traceback; printing a SymPy
expression and reading it back gives an equal expression. Every input that once broke one
of these lives in ``tests/regressions/corpus.jsonl`` and is replayed here.

Seeded (``derandomize=True``) and bounded, so a run is repeatable and takes seconds.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
from pathlib import Path

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symbolic.budget import SoftTimeout, soft_deadline
from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain, parse_expr, to_latex

CORPUS = Path(__file__).parent / "regressions" / "corpus.jsonl"
READ_LIMIT_S = 10.0  # a reader that takes longer on a short input is hanging

# The reader takes up to 0.1 s per claim (antlr in pure Python), so CI's counts are modest;
# STEPCHECK_FUZZ_SCALE=20 searches twenty times deeper (locally, before a release).
SCALE = max(1, int(os.environ.get("STEPCHECK_FUZZ_SCALE", "1")))
FAST = settings(derandomize=True, deadline=None, max_examples=60 * SCALE, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
CLI = settings(FAST, max_examples=25 * SCALE)

# --- strategies ------------------------------------------------------------------------------

ATOMS = ["x", "y", "a", "b", "n", "2", "3", "0", "1", "10", r"\pi", "e", "x_j", "x_{i}", "k_j^T",
         r"\alpha", r"\lambda", "0.5", r"\infty", "s_{max}", r"\bar{s}", "q_i"]
RELATIONS = ["=", r"\le", r"\ge", "<", ">", r"\ne", r"\approx", r"\gg", r"\ll", r"\propto",
             r"\leq", r"\geq", r"\neq"]


def _compound(children):
    return st.one_of(
        st.tuples(children, st.sampled_from(["+", "-", " ", r"\cdot ", "/"]), children)
        .map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
        st.tuples(children, children).map(lambda t: rf"\frac{{{t[0]}}}{{{t[1]}}}"),
        st.tuples(children, children).map(lambda t: f"{{{t[0]}}}^{{{t[1]}}}"),
        children.map(lambda c: rf"\sqrt{{{c}}}"),
        st.tuples(st.sampled_from([r"\ln", r"\log", r"\exp", r"\sin", r"\cos", r"\tanh"]), children)
        .map(lambda t: rf"{t[0]}\left({t[1]}\right)"),
        children.map(lambda c: rf"\sum_{{j=1}}^{{n}} {c}"),
        children.map(lambda c: rf"\max_j {c}"),
        children.map(lambda c: f"({c})"),
        children.map(lambda c: f"|{c}|"),
        children.map(lambda c: f"-{c}"),
    )


expressions = st.recursive(st.sampled_from(ATOMS), _compound, max_leaves=8)


@st.composite
def claims(draw):
    """A relation or a chain of two: ``a = b`` or ``a \\le b < c``."""
    parts = draw(st.lists(expressions, min_size=2, max_size=3))
    text = parts[0]
    for part in parts[1:]:
        text += f" {draw(st.sampled_from(RELATIONS))} {part}"
    return text


SEEDS = [
    r"\ln(a^2 b) = 2\ln a + \ln b",
    r"\ln(a - b) = \ln a - \ln b",
    r"e^{\pi\sqrt{67}} = 147197952744",
    r"\ln(1 + x) \le x",
    r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n",
    r"M(q_i, K) = \ln \sum_{j=1}^{L_K} e^{\frac{q_i k_j^T}{\sqrt{d}}} - \frac{1}{L_K}\sum_{j=1}^{L_K}\frac{q_i k_j^T}{\sqrt{d}}",
    r"H \approx \log n - \lambda (s_{max} - \bar{s})",
    r"\lambda \propto \frac{\log n}{d}",
    r"p_i = \frac{e^{\lambda s_i}}{\sum_{j=1}^{n} e^{\lambda s_j}}",
    r"\operatorname{Re}\left[\overline{z} w\right] = \frac{1}{2}(\overline{z} w + z \overline{w})",
    r"x > 1 \implies x^2 > 1",
    r"(a + b)^2 = a^2 + 2ab + b^2 \ge 2ab",
]
MUTATION_TOKENS = ["{", "}", "(", ")", "[", "]", "^", "_", r"\frac", r"\left(", r"\right)", r"\sqrt",
                   "=", r"\le", "&", r"\\", "$", "%", "#", "~", "'", '"', "`", r"\\\\", r"\begin{align}",
                   r"\end{align}", r"\text{", r"\mathbb{R}", r"\sum_{", r"\int", "\x00", "\n", "é", "∑",
                   "𝑥", "0" * 40, r"\def", r"\input{", "9^{9^{9}}", " ", r"\,", r"\!", r"\;"]


@st.composite
def mutated(draw):
    """A seed claim with a few random cuts, insertions, duplications and swaps."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["cut", "insert", "duplicate", "swap"]))
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 12)))
        if kind == "cut":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.sampled_from(MUTATION_TOKENS)) + text[i:]
        elif kind == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif i < j:
            text = text[:i] + text[i:j][::-1] + text[j:]
    return text


random_text = st.lists(st.sampled_from(list(r"xyab01+-=<>^_{}()[]\|/ ,.") +
                                      [r"\frac", r"\ln", r"\le", r"\sum", r"\left", r"\right"]),
                       max_size=30).map("".join)

# --- properties -------------------------------------------------------------------------------


def assert_reader_only_raises_parse_error(text: str) -> None:
    try:
        with soft_deadline(READ_LIMIT_S):
            parsed = parse_chain(text)
    except ParseError as exc:
        message = str(exc)
        assert message and "\n" not in message, repr(message)  # one line, for the CLI
        return
    except SoftTimeout:
        pytest.fail(f"reading {text!r} took more than {READ_LIMIT_S} s")
    assert parsed.links, text


def assert_cli_behaves(text: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", text, "--timeout", "3"])
    assert code in (0, 1, 2, 3), (text, code)
    assert "Traceback" not in out.getvalue() + err.getvalue(), text
    if code == 2:
        lines = err.getvalue().strip().splitlines()
        assert len(lines) >= 1, text
        # one line naming the problem (a .tex path could add one per unreadable chain)
        assert len(lines) == 1, (text, lines)


@FAST
@given(claims())
def test_reader_on_generated_claims(text):
    assert_reader_only_raises_parse_error(text)


@FAST
@given(mutated())
def test_reader_on_mutated_claims(text):
    assert_reader_only_raises_parse_error(text)


@FAST
@given(random_text)
def test_reader_on_random_text(text):
    assert_reader_only_raises_parse_error(text)


@pytest.mark.slow
@CLI
@given(st.one_of(mutated(), claims(), random_text))
def test_cli_on_fuzzed_input(text):
    assert_cli_behaves(text)


# --- printing then reading ----------------------------------------------------------------------

X, Y = sympy.symbols("x y", real=True)


def _expr_tree(children):
    positive = children.map(lambda e: e**2 + 1)  # keeps log and sqrt real
    return st.one_of(
        st.tuples(children, children).map(lambda t: t[0] + t[1]),
        st.tuples(children, children).map(lambda t: t[0] - t[1]),
        st.tuples(children, children).map(lambda t: t[0] * t[1]),
        st.tuples(children, positive).map(lambda t: t[0] / t[1]),
        st.tuples(children, st.integers(2, 4)).map(lambda t: t[0] ** t[1]),
        children.map(sympy.exp), positive.map(sympy.log), positive.map(sympy.sqrt),
        children.map(sympy.sin), children.map(sympy.cos), children.map(sympy.Abs),
    )


sympy_exprs = st.recursive(
    st.one_of(st.sampled_from([X, Y, sympy.pi, sympy.E]),
              st.integers(-9, 9).map(sympy.Integer),
              st.tuples(st.integers(-9, 9), st.integers(1, 9)).map(lambda t: sympy.Rational(*t))),
    _expr_tree, max_leaves=6)


def numerically_equal(a, b) -> bool:
    """Equal at a few seeded points to 25 digits (values that are equal as functions)."""
    rng = random.Random(0)
    for _ in range(4):
        point = {X: sympy.Rational(rng.randint(-300, 300), 97), Y: sympy.Rational(rng.randint(-300, 300), 89)}
        va, vb = (sympy.N(e.subs(point), 30) for e in (a, b))
        if va == vb:
            continue
        scale = 1 + abs(va)
        if not abs(va - vb) <= sympy.Float("1e-25", 30) * scale:
            return False
    return True


@FAST
@given(sympy_exprs)
def test_print_then_read_gives_an_equal_expression(expr):
    text = to_latex(expr)
    try:
        back = parse_expr(text)
    except ParseError as exc:
        pytest.fail(f"to_latex({expr!r}) = {text!r} does not read back: {exc}")
    assert back == expr or sympy.simplify(back - expr) == 0 or numerically_equal(back, expr), \
        f"{expr!r} -> {text!r} -> {back!r}"


# --- the corpus of inputs that once broke something -----------------------------------------------

def _corpus():
    if not CORPUS.is_file():
        return []
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("//")]


@pytest.mark.parametrize("entry", _corpus(), ids=lambda e: e.get("id", "?"))
def test_regression_corpus(entry):
    assert_reader_only_raises_parse_error(entry["input"])
    if entry.get("cli", True):
        assert_cli_behaves(entry["input"])
