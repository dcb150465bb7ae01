"""A definition followed by its space (``S = QK^\\top \\in \\mathbb{R}^{N \\times N}``): the
membership declares the shape of the defined name, and every side must have that shape.

Adversarial on purpose: a reader that dropped the membership would read ``x = y + z \\in
\\mathbb{R}^{d}`` as a claim about numbers, and one that trusted it without checking would read
a side of another shape; both are refused here, and false claims stated with a shape are never
proved or verified.
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.shapes import shape_statement

N = sympy.Symbol("N", integer=True, positive=True)
D = sympy.Symbol("d", integer=True, positive=True)
QKV = [r"Q, K, V \in \mathbb{R}^{N \times d}"]
SQUARE = [r"A, B \in \mathbb{R}^{n \times n}"]
FAST = ["--timeout", "30"]


def refused(latex, assume=(), *words):
    with pytest.raises(ParseError) as info:
        parse_chain(latex, assumptions=list(assume))
    for word in words:
        assert word in str(info.value), str(info.value)


def test_the_membership_declares_the_defined_name():
    parsed = parse_chain(r"\mathbf{S}=\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N}",
                         assumptions=QKV)
    (link,) = parsed.links
    assert link.claim.lhs == sympy.MatrixSymbol("S", N, N)
    assert link.claim.rhs == sympy.MatMul(sympy.MatrixSymbol("Q", N, D),
                                          sympy.Transpose(sympy.MatrixSymbol("K", N, D)))
    assert any("shape of" in note for note in parsed.notes)


def test_a_vector_space_declares_a_column():
    (link,) = parse_chain(r"o = V^\top q \in \mathbb{R}^{d}",
                          assumptions=QKV + [r"q \in \mathbb{R}^{N}"]).links
    assert link.claim.lhs.shape == (D, 1)


@pytest.mark.parametrize("latex, assume, words", [
    # the stated shape differs from the shape of the right side
    (r"S = QK^\top \in \mathbb{R}^{N \times d}", QKV, ["different shapes"]),
    (r"O = QK^\top V \in \mathbb{R}^{N \times N}", QKV, ["different shapes"]),
    # a vector stated, and an operation on the right that acts on a vector as a whole (or a
    # capital that may be a matrix): not the claim for one entry, and not a matrix claim
    (r"y = W x \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"y = x^2 \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"m = \max_i x_i \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"p = \sigma(x) \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"p = \mathrm{softmax}(x) \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"y = \frac{x}{z} \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"s = \sum_j x_j \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"y = \|x\| z \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"y = (x^\top z) z \in \mathbb{R}^{n}", [], ["vector"]),   # z of a dot product used as a number
    (r"y = \mathbf{x} + z \in \mathbb{R}^{n}", [], ["matrix"]),
    (r"y = x + z \in \mathbb{R}^{n \times m}", [], ["matrix"]),
    # entrywise, but a vector is declared: the claim mixes declared and undeclared names
    (r"m = \max(a, b) \in \mathbb{R}^{n}", [r"a \in \mathbb{R}^{n}"], []),
    # an order between matrices, or a membership after an inequality
    (r"S \le QK^\top \in \mathbb{R}^{N \times N}", QKV, ["inequality"]),
    # the first side is not a name: the membership would state the shape of a product
    (r"QK^\top = S \in \mathbb{R}^{N \times N}", QKV, ["defined name"]),
    # a declaration elsewhere with another shape
    (r"S = QK^\top \in \mathbb{R}^{N \times N}", QKV + [r"S \in \mathbb{R}^{N \times d}"],
     ["two different shapes"]),
    # two memberships: not a shape statement (the formula reader refuses \in)
    (r"S = QK^\top \in \mathbb{R}^{N \times N} \in \mathbb{R}^{N \times N}", QKV, []),
    # complex spaces and the positive reals are not shapes
    (r"S = QK^\top \in \mathbb{C}^{N \times N}", QKV, []),
    (r"x = y^2 \in \mathbb{R}^{+}", [], []),
])
def test_memberships_that_are_not_a_checked_shape_are_refused(latex, assume, words):
    refused(latex, assume, *words)


def test_text_without_a_shape_membership_is_unchanged():
    for text in (r"x = y", r"x \in \mathbb{R}^{d}", r"p \in (0, 1)", r"a = b \in \mathbb{R}"):
        assert shape_statement(text) == (text, (), ())


def verdict(capsys, claim, *assume):
    argv = ["check", claim, "--json", *FAST]
    for a in assume:
        argv += ["--assume", a]
    main(argv)
    out, _ = capsys.readouterr()
    return json.loads(out)["links"]


@pytest.mark.parametrize("claim, want", [
    (r"C = (AB)^\top = A^\top B^\top \in \mathbb{R}^{n \times n}", "refuted"),
    (r"C = (AB)^\top = B^\top A^\top \in \mathbb{R}^{n \times n}", "proved"),
])
def test_the_second_link_is_checked_as_matrices(capsys, claim, want):
    links = verdict(capsys, claim, *SQUARE)
    assert links[1]["verdict"] == want, links[1]
    if want == "refuted":
        assert links[1]["counterexample"]


def test_a_false_claim_with_a_shape_is_never_proved_or_verified(capsys):
    for claim in (r"C = AB = BA \in \mathbb{R}^{n \times n}",
                  r"C = (A + B)^2 = A^2 + 2AB + B^2 \in \mathbb{R}^{n \times n}"):
        for link in verdict(capsys, claim, *SQUARE)[1:]:
            assert link["verdict"] not in ("proved", "verified"), link


@pytest.mark.parametrize("latex, numbers", [
    (r"m = \max(a, b) \in \mathbb{R}^{n}", r"m = \max(a, b)"),
    (r"x = y + z \in \mathbb{R}^{d}", r"x = y + z"),
    (r"\ell_{i}^{\mathrm{new}}=e^{m_{i}-m_{i}^{\mathrm{new}}}\ell_{i}+e^{\tilde{m}_{ij}-m_{i}^{\mathrm{new}}}"
     r"\tilde{\ell}_{ij}\in\mathbb{R}^{B_{r}}",
     r"\ell_{i,new}=e^{m_{i}-m_{i,new}}\ell_{i}+e^{\tilde{m}_{ij}-m_{i,new}}\tilde{\ell}_{ij}"),
])
def test_entrywise_vector_claims_read_as_the_claim_for_one_entry(latex, numbers):
    parsed = parse_chain(latex)
    want = parse_chain(numbers)
    assert [(l.claim.lhs, l.claim.rhs) for l in parsed.links] == \
        [(l.claim.lhs, l.claim.rhs) for l in want.links]
    assert any("entry by entry" in note for note in parsed.notes)


def test_a_false_entrywise_update_is_never_proved(capsys):
    for claim in (r"m = \max(a, b) \in \mathbb{R}^{n}",
                  r"\ell = e^{a - m} \ell_0 + e^{b - m} s \in \mathbb{R}^{n}"):
        for link in verdict(capsys, claim):
            assert link["verdict"] not in ("proved", "verified"), link
    (link,) = verdict(capsys, r"y = e^{a} e^{b} \in \mathbb{R}^{n}")
    assert link["verdict"] not in ("proved", "verified"), link
