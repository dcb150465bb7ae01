"""Red team of the stated shapes, column counts per argument shape and comma statements
(helper "stmts", commits d8f956a..5dac955): claims built to exploit those rules.

Each expected outcome was worked out by hand before the run. Found and fixed here:

* a row's later statement opening with a condition word in a math font or a connective
  (``S = S^\\top \\in \\mathbb{R}^{N \\times N}, \\mathrm{when}~S = QQ^\\top \\in ...``, also after
  ``\\quad``, or ``, \\implies``) was split off as a statement of its own and the first read alone:
  ``S = S^\\top`` was refuted with a "certified" counterexample though the display states it only
  when S = QQ^T (true). Now the comma is not split (a shaped piece must open with the name it
  defines and its =) and ``\\quad`` refuses with the word;
* a trailing shape hid the ambiguity of ``x = 0`` after a claim (``y = y + x \\in \\mathbb{R}^{n},
  x = 0 \\in \\mathbb{R}^{n}``: a condition or a claim?), split as two claims; now refused as
  ``x = 0`` alone after a claim is.

Reader-level cases first (milliseconds), then a handful of end-to-end verdicts.
"""
from __future__ import annotations

import pytest

from symbolic.commands.check import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain
from symbolic.matrix_function_values import MatrixFunctionValue
from symbolic.model import Verdict

SHAPES = (r"Q, K \in \mathbb{R}^{N \times d}", r"A, B \in \mathbb{R}^{N \times N}",
          r"\mathbf{dP} \in \mathbb{R}^{N \times N}", r"W \in \mathbb{R}^{d \times d}")
PHI = (r"\phi", r"\psi")


def _links(latex, assume=()):
    return parse_chain(latex, assumptions=SHAPES + tuple(assume), functions=PHI).links


def _refused(latex, assume=(), match=None):
    with pytest.raises(ParseError, match=match):
        _links(latex, assume)


# -- statements of one row: a condition is never split off its claim ------------------------------
@pytest.mark.parametrize("word", [
    r"\mathrm{when}~", r"\mathrm{given}~", r"\mathit{if}\ ", r"\operatorname{if} ",
    r"\mathrm{s.t.}~", r"\mathrm{with}\ ", r"\mathrm{iff}\ ", r"\implies ", r"\Rightarrow ",
    r"\iff ", r"\therefore ",
])
def test_a_condition_after_a_comma_is_not_a_statement(word):
    # S = S^T holds when S = QQ^T: read alone it would be refuted ("certified") -- was split
    latex = (r"S = S^\top \in \mathbb{R}^{N \times N}, " + word
             + r"S = Q Q^\top \in \mathbb{R}^{N \times N}")
    chains = read_display(latex)
    assert len(chains) == 1 and chains[0].latex.startswith(r"S = S^\top")
    assert "," in chains[0].latex or chains[0].problem is not None


@pytest.mark.parametrize("word", [r"\mathrm{when}~", r"\mathrm{if}~", r"\operatorname{if} ",
                                  r"\mathit{if}\ ", r"\Leftarrow ", r"\because ", r"\implies "])
def test_a_condition_after_a_quad_is_refused(word):
    (chain,) = read_display(r"S = S^\top, \quad " + word + r"S = QQ^\top")
    assert chain.problem is not None and "condition" in chain.problem


def test_a_shape_does_not_hide_a_condition():
    # x = 0 after a claim may be its condition (y = y + x holds when x = 0): not two claims
    (chain,) = read_display(r"y = y + x \in \mathbb{R}^{n}, x = 0 \in \mathbb{R}^{n}")
    assert "," in chain.latex
    (chain,) = read_display(r"y = y + x \in \mathbb{R}^{n}, \quad x = 0 \in \mathbb{R}^{n}")
    assert chain.problem is not None and "condition" in chain.problem


def test_definitions_with_shapes_still_split():
    assert [c.latex.split("=")[0].strip() for c in read_display(
        r"S = QK^\top \in \mathbb{R}^{N \times N}, P = \mathrm{softmax}(S) \in \mathbb{R}^{N \times N}"
        r", O = PV \in \mathbb{R}^{N \times d}")] == ["S", "P", "O"]
    assert len(read_display(r"\mathbf{O}=(0)_{N\times d}\in\mathbb{R}^{N\times d},\ell=(0)_{N}"
                            r"\in\mathbb{R}^{N},m=(-\infty)_{N}\in\mathbb{R}^{N}")) == 3
    assert len(read_display(r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{N "
                            r"\times N}, \mathbf{dQ} = \mathbf{dS}\mathbf{K} \in \mathbb{R}^{N "
                            r"\times d}")) == 2
    # a membership alone after a comma, or one shape after two equations: not split
    assert len(read_display(r"a = b, c \in \mathbb{R}^{n}")) == 1
    assert len(read_display(r"x = Ay, z = Bw \in \mathbb{R}^{n}")) == 1


# -- stated shapes: read only where the rule says, never leaking ---------------------------------
@pytest.mark.parametrize("latex, assume", [
    (r"\phi(A) = \phi(A^\top)^\top", ()),                  # N x c against c x N
    (r"\phi(A)^\top = \phi(A)", ()),
    (r"\phi(A + 0) = \phi(A)", ()),                         # a number added to a matrix
    (r"\phi(A)\phi(A)^{-1} = I", ()),                       # no inverse of a stand-in
    (r"\mathrm{tr}(\phi(A)) = \mathrm{tr}(\phi(A)^\top)", ()),
    (r"\mathrm{dP}(A + B) = \mathrm{dP}(B + A)", ()),       # dP a matrix and a function?
    # a chain, a transposed name, a value on both sides: no shape stated
    (r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) = \mathrm{dsoftmax}(\mathbf{dP}) "
     r"\in \mathbb{R}^{N \times N}", ()),
    (r"\mathbf{dS}^\top = \mathrm{dsoftmax}(\mathbf{dP})", (r"\mathbf{dS} \in \mathbb{R}^{N \times N}",)),
    (r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}^\top)^\top \in \mathbb{R}^{N \times N}", ()),
    (r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}) \in \mathbb{R}^{1 \times N}", ()),
    (r"C = \phi(Q)^\top \phi(Q) \in \mathbb{R}^{N \times N}", ()),
    (r"\phi(Q) + \phi(A) = \phi(A) + \phi(Q)", (r"N = d",)),   # N = d only assumed: two counts
    # an assumption states no shape (only the claim's own definition does)
    (r"C + A = A + C", (r"C = \phi(Q)", r"C \in \mathbb{R}^{N \times N}")),
    (r"C = \phi(Q) \implies C + A = A + \phi(Q)", (r"C \in \mathbb{R}^{N \times N}",)),
])
def test_no_shape_is_taken_or_leaks(latex, assume):
    _refused(latex, assume)


def test_a_stated_shape_reads_only_its_own_claim():
    (link,) = _links(r"\mathbf{dS} = \mathrm{dsoftmax}(\mathbf{dP}^\top) \in \mathbb{R}^{N \times N}")
    assert isinstance(link.claim.rhs, MatrixFunctionValue) and link.claim.rhs.shape == link.claim.lhs.shape
    (link,) = _links(r"\mathbf{dS} = \phi(\phi(Q)\phi(Q)^\top Q) \in \mathbb{R}^{N \times N}")
    assert link.claim.rhs.shape == link.claim.lhs.shape
    chains = read_display(r"C = \mathrm{mask}(Q) \in \mathbb{R}^{N \times N}, \quad "
                          r"\mathrm{mask}(Q) + A = A + C")
    assert len(chains) == 2
    _links(chains[0].latex)
    _refused(chains[1].latex, match="shape|number")


@pytest.mark.parametrize("latex", [
    r"y = a(b + c) = ab + ac \in \mathbb{R}^{d}",            # a function of the vector, or a product
    r"y = a\left(b + c\right) = ab + ac \in \mathbb{R}^{d}",
    r"y = a \, (b + c) = ab + ac \in \mathbb{R}^{d}",
    r"y = \alpha(b + c) = \alpha b + \alpha c \in \mathbb{R}^{d}",
    r"y = (b + c)(b - c) = b b - c c \in \mathbb{R}^{d}",
    r"y = x - \max(x) = 0 \in \mathbb{R}^{d}",               # the largest entry, not x_i
    r"y = \max(b) = b \in \mathbb{R}^{d}",
])
def test_no_entry_by_entry_reading_through_a_bracket(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


# -- end to end ----------------------------------------------------------------------------------
_FAST = CheckConfig(timeout_s=5.0, samples=12)


def _verdicts(latex, assume=()):
    links, unreadable = check_input(latex, assume=SHAPES + tuple(assume), functions=PHI,
                                    config=_FAST)
    assert not unreadable, unreadable
    return [link.outcome.verdict for link in links]


@pytest.mark.parametrize("latex, assume, expected", [
    # false for a general phi: never proved, never refuted through the stand-in
    (r"\phi(2A) = 2\phi(A)", (), Verdict.INCONCLUSIVE),
    # the stated shape makes Y = f(Y) well-typed; the claim stays opaque
    (r"A = \phi(A) \in \mathbb{R}^{N \times N}", (), Verdict.INCONCLUSIVE),
    # true twists: one argument written two ways, and Q = K assumed
    (r"\phi(A + B) = \phi(B + A)", (), Verdict.PROVED),
    (r"\phi(Q) = \phi(K)", (r"Q = K",), Verdict.PROVED),
    # a known function: refuted with a real counterexample (it is |A|, not A)
    (r"\max(0, A) + \max(0, -A) = A", (), Verdict.REFUTED),
])
def test_end_to_end(latex, assume, expected):
    assert _verdicts(latex, assume) == [expected]


def test_a_condition_in_a_math_font_is_no_refutation(tmp_path):
    doc = tmp_path / "when.tex"
    doc.write_text("\\begin{equation}\nS = S^\\top \\in \\mathbb{R}^{N \\times N}, \\mathrm{when}~"
                   "S = Q Q^\\top \\in \\mathbb{R}^{N \\times N}\n\\end{equation}\n")
    links, unreadable = check_input(str(doc), assume=SHAPES, functions=PHI, config=_FAST)
    assert all(link.outcome.verdict is not Verdict.REFUTED for link in links) and unreadable
