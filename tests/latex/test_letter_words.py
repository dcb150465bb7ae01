"""Words in letters and named functions of matrices: read where the form says what is meant,
refused (with a message that names what reads) where a reading would be a guess.

Adversarial on purpose (symbolic/latex/letter_words.py, matrix_definitions.py): italic ``Var``
and ``softmax`` beside assumptions that declare their letters quantities; definitions of a
function of matrices next to claims about the function, chains, orders, one-letter and
three-letter names; and an end-to-end check that a definition is never proved or refuted.
"""
import pytest
import sympy

from symbolic.api import check
from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain, parse_expression
from symbolic.latex.matrix_definitions import MatrixCall
from symbolic.model import Verdict
from symbolic.functions import RowSoftmax

QKV = [r"Q, K, V \in \mathbb{R}^{n \times d}"]
QKV_SHAPES = [r"Q \in \mathbb{R}^{n \times d_k}", r"K \in \mathbb{R}^{m \times d_k}",
              r"V \in \mathbb{R}^{m \times d_v}"]
VAR_LETTERS = [r"V \in \mathbb{R}", "a > 0", "r > 0"]


def links(latex, assume=(), functions=()):
    return [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
            for l in parse_chain(latex, assumptions=list(assume), functions=functions).links]


# -- the definition of a function of matrices ------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V",
    r"\text{Attention}(Q,K,V) = \text{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V",
    r"Attention(Q,K,V) = softmax\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V",   # italic words
    r"\operatorname{Attention}(Q, K, V) := \mathrm{softmax}(\frac{QK^T}{\sqrt{d_k}})V",
])
def test_definition_of_attention_reads_as_an_opaque_call_of_the_right_sides_shape(latex):
    [(lhs, rel, rhs)] = links(latex, QKV_SHAPES)
    assert rel == "EQ" and isinstance(lhs, MatrixCall) and lhs.name == "Attention"
    assert [a.name for a in lhs.arguments] == ["Q", "K", "V"]
    assert lhs.shape == rhs.shape                       # n x d_v, not Q's n x d_k
    assert str(lhs.shape[1]) == "d_v"
    assert rhs.has(RowSoftmax)
    notes = parse_chain(latex, assumptions=QKV_SHAPES).notes
    assert any("defined by this display" in n for n in notes)


@pytest.mark.parametrize("latex", [
    # a claim about the function, not its definition (the name on both sides)
    r"\mathrm{Attention}(Q, K, V) = \mathrm{Attention}(K, Q, V)",
    # a chain: the definition and a claim about it
    r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}(QK^\top)V = V",
    # an order between an unknown function and a matrix
    r"\mathrm{Attention}(Q, K, V) \le V",
    # one upright letter and three italic letters may be a product (A (Q, K, V), A t t (...))
    r"\mathrm{A}(Q, K, V) = V",
    r"Att(Q, K, V) = V",
    # the call is not alone on its side, or is transposed
    r"2\mathrm{Attention}(Q, K, V) = V",
    r"\mathrm{Attention}(Q, K, V)^\top = V^\top",
    # its value used on the right side of another claim
    r"O = \mathrm{Attention}(Q, K, V)",
])
def test_other_uses_of_a_function_of_matrices_are_refused_with_the_reason(latex):
    with pytest.raises(ParseError) as err:
        parse_chain(latex, assumptions=QKV)
    assert "function of several matrices" in str(err.value)


def test_refusal_of_a_use_names_what_reads():
    with pytest.raises(ParseError, match=r"right side alone as an expression"):
        parse_chain(r"O = \mathrm{Attention}(Q, K, V) + V", assumptions=QKV)
    # ... and what it names does read
    assert parse_expression(r"\mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d}}\right)V",
                            assumptions=QKV).value.has(RowSoftmax)
    assert links(r"O = \mathrm{softmax}(QK^\top)V", QKV + [r"O \in \mathbb{R}^{n \times d}"])


def test_a_call_of_numbers_is_read_as_before():
    # no declared matrix among the arguments: an undeclared function of numbers, as before
    [(lhs, _, rhs)] = links(r"\mathrm{sim}(q, k) = \exp(q k)", ["q > 0"])
    assert not isinstance(lhs, MatrixCall) and str(lhs.func) == "sim"
    # with matrices declared but a number on the right: not a definition of a matrix function
    with pytest.raises(ParseError):
        parse_chain(r"\mathrm{Attention}(Q, K, V) = 0", assumptions=QKV)


def test_a_definition_is_never_proved_nor_refuted():
    # false for any stand-in a checker might choose (Attention(Q, K, V) = 0 or = Q): a definition
    # has nothing to check, and the opaque call is no ground for a counterexample
    outcome = check(r"\mathrm{Attention}(Q, K, V) = 2V - V + Q", assume=QKV)
    assert outcome.verdict not in (Verdict.PROVED, Verdict.VERIFIED, Verdict.REFUTED)


# -- italic words -------------------------------------------------------------------------------
def test_italic_var_beside_declared_letters_is_refused():
    with pytest.raises(ParseError, match=r"declare V, a and r"):
        parse_chain("Var(X) = 0", assumptions=VAR_LETTERS)
    with pytest.raises(ParseError, match=r"declare V, a and r"):
        parse_chain(r"Var[X + 1] = Var[X]", assumptions=VAR_LETTERS)
    # the spellings the message names read, each its own way
    [(lhs, _, _)] = links(r"\operatorname{Var}(X) = 0", VAR_LETTERS)
    assert type(lhs).__name__ == "Var"
    [(lhs, _, _)] = links(r"V \cdot a \cdot r \cdot (X) = 0", VAR_LETTERS)
    assert lhs.free_symbols and not any(type(x).__name__ == "Var" for x in sympy.preorder_traversal(lhs))


def test_italic_var_with_some_letters_declared_is_still_the_variance():
    # a > 0 is the constant of Var(aX) = a^2 Var(X), not a letter of the word
    [(lhs, _, rhs)] = links(r"Var(aX) = a^2 Var(X)", ["a > 0"])
    assert type(lhs).__name__ == "Var" and rhs.has(lhs.func)


def test_italic_softmax_is_the_softmax_unless_its_letters_are_declared():
    [(_, _, upright)] = links(r"y = \mathrm{softmax}(x)")
    [(_, _, italic)] = links(r"y = softmax(x)")
    assert italic == upright
    letters = [f"{c} > 0" for c in "softmax"]
    with pytest.raises(ParseError, match=r"softmax"):
        parse_chain(r"y = softmax(x)", assumptions=letters)
    # softmax without its bracket stays a run of letters (refused as before)
    with pytest.raises(ParseError):
        parse_chain(r"y = softmax x")


@pytest.mark.parametrize("latex", [
    r"\mathrm{max}(Q, K) = K",          # an elementwise max: a claim, false in general
    r"\operatorname{softmax}(Q, K) = V",
    r"\mathrm{diag}(Q, K) = Q",
])
def test_a_known_function_of_matrices_is_never_read_as_its_definition(latex):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=QKV)


def test_the_corpus_comparison_tells_definitions_of_other_arguments_apart():
    import importlib.util
    import sys
    from pathlib import Path
    path = Path(__file__).resolve().parent / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness", path)
    harness = sys.modules.get(spec.name) or importlib.util.module_from_spec(spec)
    if spec.name not in sys.modules:
        sys.modules[spec.name] = harness
        spec.loader.exec_module(harness)
    want = harness.expected_links(harness.Display(
        "t", "t", "", "MatFn(Attention, Q, K, V) == V", matrices="Q:n,d K:n,d V:n,d"))
    latex = r"\mathrm{Attention}(%s) = V"
    got = [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
           for l in parse_chain(latex % "Q, K, V", assumptions=QKV).links]
    assert harness.compare(got, want)[0] == "read"
    for wrong in ("Q, K", "K, Q, V", "Q, K, V, V"):
        got = [(l.claim.lhs, l.claim.relation.name, l.claim.rhs)
               for l in parse_chain(latex % wrong, assumptions=QKV).links]
        assert harness.compare(got, want)[0] == "misread", wrong


def test_a_definition_whose_formula_cannot_be_read_says_why():
    # K V^T of an n x d and an m x d_v matrix does not conform: the shapes are the reason
    with pytest.raises(ParseError, match=r"right side of the definition of Attention.*does not"):
        parse_chain(r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}(QK^\top)V^\top",
                    assumptions=QKV_SHAPES)
