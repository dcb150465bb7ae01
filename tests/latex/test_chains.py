"""extract_chains: every displayed block of a .tex file, align rows joined into one chain."""
from symbolic.latex import extract_chains, parse_chain
from symbolic.model import Relation

TEX = r"""
\documentclass{article}
\begin{document}
Text with inline $x = 1$ maths is not a chain.
\begin{equation}\label{eq:first}
  \ln(a^2 b) = 2\ln a + \ln b
\end{equation}
% \begin{equation} commented = out \end{equation}
\begin{align*}
  \ln\sum_{j=1}^{n} e^{x_j} &\le \ln\left(n \max_j e^{x_j}\right) \nonumber \\
                            &= \max_j x_j + \ln n. \label{eq:lse}
\end{align*}
$$ e^{\pi\sqrt{67}} = 147197952744 $$
\[ \frac{d}{dx}\tanh x = 1 + \tanh^2 x, \]
\begin{equation*}\end{equation*}
\end{document}
"""


def test_extract_chains_finds_every_block_in_order():
    chains = extract_chains(TEX)
    assert chains == [
        r"\ln(a^2 b) = 2\ln a + \ln b",
        r"\ln\sum_{j=1}^{n} e^{x_j} \le \ln\left(n \max_j e^{x_j}\right) = \max_j x_j + \ln n",
        r"e^{\pi\sqrt{67}} = 147197952744",
        r"\frac{d}{dx}\tanh x = 1 + \tanh^2 x",
    ]


def test_extracted_align_parses_link_by_link():
    chain = parse_chain(extract_chains(TEX)[1], assumptions=[r"n \in \mathbb{Z}_{>0}"])
    assert [link.relation for link in chain.links] == [Relation.LE, Relation.EQ]
    assert chain.links[0].rhs_latex == r"\ln\left(n \max_j e^{x_j}\right)"


def test_no_blocks():
    assert extract_chains("no maths here, only $inline$") == []


def test_align_rows_with_their_own_left_side_are_separate_chains():
    tex = r"""\begin{align}
      a &= b \\
      c &\le d \\
        &= e \label{x}
    \end{align}
    \begin{equation}\begin{aligned} f &= g \\ &= h \end{aligned}\end{equation}"""
    assert extract_chains(tex) == ["a = b", r"c \le d = e", "f = g = h"]


# --- whole documents: read_document ---------------------------------------------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from symbolic.latex.document import read_document, read_lines  # noqa: E402

PAPER = (Path(__file__).parent / "fixtures" / "paper.tex").read_text()


def by_line(chains):
    return {c.line: c for c in chains}


def test_paper_fixture_every_display_with_its_line():
    chains = read_document(PAPER)
    lines = [(c.line, c.display) for c in chains]
    assert lines == [(11, 1), (15, 2), (19, 3), (22, 4), (25, 5), (27, 6), (29, 7), (29, 7), (32, 8)]
    found = by_line(chains)
    # \label and \tag are dropped; the macro \sq{a+b} is {a+b}^2 (TeX strips the argument's braces)
    assert found[11].latex == "{ a+b }^2 = a^2 + 2ab + b^2" and found[11].problem is None
    # a row starting with a relation continues the chain; \nonumber, \label and the '.' go
    assert found[15].latex == r"(a+b)^2 = a^2 + 2ab + b^2 \ge 4ab"
    # the condition in \text{for } becomes the display's assumption, not dropped
    assert found[19].latex == r"\ln(x^2) = 2\ln x" and found[19].assume == ("x > 0",)
    assert "recursive" in found[22].problem
    assert "prose" in found[25].problem and "holds at the optimum" in found[25].problem
    assert found[27].latex == "( a + b )^2 = a^2 + 2ab + b^2"   # \Big, \displaystyle, ',' dropped
    assert found[32].latex == r"\ln\sum_{ j =1}^{n} e^{ x_j } \le \max_j x_j + \ln n"


def test_each_relation_has_its_row_line():
    found = by_line(read_document(PAPER))
    assert found[15].link_lines == (15, 16)
    assert found[19].link_lines == ()    # a condition was taken out: lines of links unknown
    (chain,) = read_document("\\begin{align}\n\\sum_{i=1}^{n} x_i &= y \\\\\n &\\le z \\le w\n"
                             "\\end{align}")
    assert chain.link_lines == (2, 3, 3)   # the = inside \sum_{i=1} is not a relation
    (chain,) = read_document("$$ a = 0 \\implies a b = 0 $$")
    assert chain.link_lines == ()


def test_align_pairs_columns_into_separate_equations():
    # `a &= b & c &= d`: two equations side by side, never `a = b c = d`
    chains = [c.latex for c in read_document(PAPER) if c.display == 7]
    assert chains == ["a = b = e", r"c = d \le f"]


@pytest.mark.parametrize("body, expected", [
    (r"\newcommand{\R}{\mathbb{R}} $$ x \in \R = y $$", r"x \in \mathbb{R} = y"),
    (r"\newcommand\sq[1]{#1^2} \[ \sq{x} = \sq y \]", "x ^2 = y ^2"),
    (r"\newcommand{\lse}[2][j]{\sum_{#1} e^{#2}} $$ \lse{s_j} = \lse[k]{s_k} $$",
     r"\sum_{ j } e^{ s_j } = \sum_{ k } e^{ s_k }"),
    (r"\renewcommand{\vec}[1]{\mathbf{#1}} $$ \vec{v} = w $$", r"\mathbf{ v } = w"),
    (r"\DeclareMathOperator{\softmax}{softmax} $$ \softmax(x) = y $$", r"\operatorname{softmax} (x) = y"),
    (r"\DeclareMathOperator*{\argmax}{arg\,max} $$ \argmax_j x_j = k $$",
     r"\operatorname*{arg\,max} _j x_j = k"),
    (r"\newcommand{\two}{\one + \one}\newcommand{\one}{1} $$ \two = 2 $$", "1 + 1 = 2"),
])
def test_user_macros_are_expanded(body, expected):
    (chain,) = read_document(body)
    assert chain.problem is None
    assert " ".join(chain.latex.split()) == expected


def test_macro_blowup_is_refused():
    defs = "".join(r"\newcommand{\m%s}{\m%s\m%s}" % (chr(97 + k), chr(98 + k), chr(98 + k))
                   for k in range(25)) + r"\newcommand{\mz}{x}"
    # 2^25 copies of x if expanded to the end; the character bound stops it after a few rounds
    (chain,) = read_document(defs + r"$$ \ma = 1 $$")
    assert chain.problem and "past 20000 characters" in chain.problem


@pytest.mark.parametrize("display, latex, assume", [
    (r"\ln(x^2) = 2\ln x \quad \text{for } x > 0", r"\ln(x^2) = 2\ln x", ("x > 0",)),
    (r"\ln(xy) = \ln x + \ln y, \qquad \text{if } x > 0, y > 0.", r"\ln(xy) = \ln x + \ln y",
     ("x > 0", "y > 0")),
    (r"\sqrt{x^2} = x \text{ for all $x \ge 0$}", r"\sqrt{x^2} = x", (r"x \ge 0",)),
    (r"e^{\ln x} = x \quad\text{when}\quad x > 0 \text{ and } x < 5",
     r"e^{\ln x} = x", ("x > 0", "x < 5")),
])
def test_a_condition_in_text_becomes_an_assumption(display, latex, assume):
    (chain,) = read_document(r"\begin{equation}" + display + r"\end{equation}")
    assert chain.problem is None
    assert chain.latex == latex and chain.assume == assume


@pytest.mark.parametrize("display, fragment", [
    (r"x + 1 = 2 \quad \text{at the optimum}", "prose"),
    (r"a = b \quad (3) + c", "bracket after"),     # a number at the very end only
    (r"a = b \quad (3a)", "bracket after"),
    (r"a = b \qquad (x > 0)", "bracket after"),
    (r"a = b \quad \text{by } (3)", "after the justification"),
    (r"f(x) = 0 \text{ for some } x", "not one the checker can assume"),
    (r"f(x) = 0 \text{for sufficiently large } x", "not one the checker can assume"),
    (r"a = b \text{or} a = c", "prose"),
    (r"x_j \le M \quad \text{for } j = 1, \dots, n", "cannot be read as assumptions"),
    (r"x \le M \quad \text{for } x, y > 0", "cannot be read as assumptions"),
    (r"a = b \text{ or } a = c", "prose"),
    (r"a = b \quad\text{and}\quad c = d \quad\text{for } x > 0", "unclear"),
    (r"a = b \intertext{so} c = d", "intertext"),
    (r"a = \frac{1}{2", "unbalanced"),
])
def test_prose_that_would_change_the_claim_is_refused(display, fragment):
    (chain,) = read_document(r"\begin{equation}" + display + r"\end{equation}")
    assert chain.problem and fragment in chain.problem, chain


def test_text_and_splits_two_claims_and_a_name_in_text_stays():
    chains = read_document(r"\[ a = b \quad\text{and}\quad c = d \] "
                           r"\[ \text{softmax}(x)_j = y \]")
    assert [c.latex for c in chains] == ["a = b", "c = d", r"\text{softmax}(x)_j = y"]
    assert all(c.problem is None for c in chains)


def test_matrix_rows_stay_in_their_matrix_and_multline_is_one_expression():
    chains = read_document(r"""\begin{equation}
A = \begin{pmatrix} a & b \\ c & d \end{pmatrix}
\end{equation}
\begin{multline}
a + b + c \\
  + d = e
\end{multline}
\begin{gather}
x = 1 \\ y = 2
\end{gather}""")
    assert [(c.line, c.latex) for c in chains] == [
        (2, r"A = \begin{pmatrix} a & b \\ c & d \end{pmatrix}"),
        (5, "a + b + c + d = e"), (9, "x = 1"), (9, "y = 2")]


def test_aligned_inside_equation_and_comments():
    chains = read_document("\\begin{equation}\\label{e}\n\\begin{aligned}\n a &= b % a comment & = c\n"
                           "\\\\ &= c \\end{aligned}\n\\end{equation}\n% $$ x = 1 $$\n")
    assert [(c.line, c.latex) for c in chains] == [(3, "a = b = c")]


def test_markdown_displays_and_math_fences():
    text = "# Title\n\nInline $x = 1$ and `$$ code $$`.\n\n$$\na = b\n$$\n\n```python\nx = '$$ y = 2 $$'\n```\n\n" \
           "```math\nc \\le d\n```\n"
    chains = read_document(text, markdown=True)
    assert [(c.line, c.latex) for c in chains] == [(6, "a = b"), (14, r"c \le d")]


def test_plain_lines_are_one_relation_each():
    chains = read_lines("a = b\n\n% a comment\nc \\le d\n\\ln x^2 = 2\\ln x \\quad \\text{for } x > 0\n")
    assert [(c.line, c.latex, c.assume) for c in chains] == [
        (1, "a = b", ()), (4, r"c \le d", ()), (5, r"\ln x^2 = 2\ln x", ("x > 0",))]


def test_the_math_environment_is_inline():
    assert read_document(r"\begin{math} a = b \end{math}") == ()


def test_empty_displays_and_inline_maths_are_not_claims():
    assert read_document(r"$x = 1$ and \(y = 2\) \begin{equation*}\end{equation*}") == ()


def test_a_definition_holds_from_where_it_is_written():
    chains = read_document(r"""\newcommand{\s}{a}
$$ \s = 1 $$
\renewcommand{\s}{b}
\providecommand{\s}{c}
$$ \s = 2 $$
\def\t{\frac{1}{2}}
$$ \t = 3 $$""")
    assert [" ".join(c.latex.split()) for c in chains] == ["a = 1", "b = 2", r"\frac{1}{2} = 3"]


def test_nested_braces_in_text_and_tag():
    chains = read_document(r"\begin{equation} \sqrt{x^2} = x \tag{$\ast$}"
                           r" \quad \text{for all $x \in \mathbb{R}_{>0}$} \end{equation}")
    assert [(c.latex, c.assume) for c in chains] == [(r"\sqrt{x^2} = x", (r"x \in \mathbb{R}_{>0}",))]


@pytest.mark.parametrize("display, latex, note", [
    (r"a = b \quad \text{by Lemma 2}", "a = b", r"\text{by Lemma 2}"),
    (r"a = b \quad (\text{by Jensen}).", "a = b", r"\text{by Jensen}"),
    (r"a = b \quad \text{(using the Cauchy--Schwarz inequality)}", "a = b", "Cauchy"),
])
def test_a_justification_is_left_out_and_said(display, latex, note):
    (chain,) = read_document(r"\[" + display + r"\]")
    assert chain.problem is None and chain.latex == latex
    assert len(chain.notes) == 1 and note in chain.notes[0]


def test_annotation_columns_stay_with_their_row():
    chains = read_document(r"""\begin{align}
|x| &= x && \text{for } x > 0 \\
a &= b && \text{by Lemma 1} \\
  &= c && \text{by Lemma 2}
\end{align}""")
    assert [(c.line, c.latex, c.assume, len(c.notes)) for c in chains] == [
        (2, "|x| = x", ("x > 0",), 0), (3, "a = b = c", (), 2)]


def test_a_condition_in_the_middle_of_a_chain_is_refused():
    (chain,) = read_document(r"""\begin{align}
a &= |x| && \text{for } x > 0 \\
  &= x
\end{align}""")
    assert chain.problem and "middle of a chain" in chain.problem


def test_rows_that_end_or_start_with_an_operator_continue():
    chains = read_document(r"""\begin{align}
a &= b + \\
  &\quad c \\
d &= e \\
  &\qquad - f
\end{align}""")
    assert [c.latex for c in chains] == [r"a = b + \quad c", r"d = e \qquad - f"]


def test_verbatim_is_not_maths():
    assert read_document(r"\begin{verbatim} $$ a = b $$ \end{verbatim} $$ c = d $$")[0].latex == "c = d"


def test_what_stdin_holds():
    from symbolic.latex.document import looks_like_document
    assert looks_like_document("\\begin{equation} a = b \\end{equation}")
    assert looks_like_document("$$ a = b $$") and looks_like_document("\\[ a = b \\]")
    assert not looks_like_document(r"A = \begin{pmatrix} a & b \end{pmatrix}")
    assert not looks_like_document("a = b\nc = d")


def test_braces_too_deep_for_the_structure_parser():
    deep = "$$ " + "{" * 20000 + "x" + "}" * 20000 + " = 1 $$\n$$ a = b $$"
    chains = read_document(deep)
    assert [c.line for c in chains] == [1, 2] and chains[1].latex == "a = b"
    with_macros = read_document(r"\newcommand{\exp}{\log}" + "\n" + deep)
    assert len(with_macros) == 2 and all("macros cannot be expanded" in c.problem
                                         for c in with_macros)


def test_lines_of_a_long_document():
    text = "\\begin{equation} (a+b)^2 = a^2 + 2ab + b^2 \\label{x} \\end{equation}\ntext $x$\n" * 400
    chains = read_document(text)
    assert len(chains) == 400 and [c.line for c in chains[-2:]] == [797, 799]


def test_a_row_starting_with_an_operator():
    chains = read_document(r"""\begin{gather}
a = b \\
-x = y
\end{gather}
\begin{align}
s &= x + y \\
  &\quad - z \le w
\end{align}
\begin{align*}
&a = b \\
&-x = y
\end{align*}
\begin{align}
s &= x + y \\
  &- z \text{, } \loop
\end{align}""".replace(r"\loop", r"\bad{") )
    assert [c.latex for c in chains[:3]] == ["a = b", "-x = y", r"s = x + y \quad - z \le w"]
    assert chains[3].problem and "may continue the expression above" in chains[3].problem
    assert len(chains) == 5 and chains[4].problem and chains[4].problem.startswith("unbalanced")


def test_a_continuation_row_that_cannot_be_read_takes_its_chain_along():
    (chain,) = read_document(r"""\newcommand{\loop}{\loop}
\begin{align}
s &= x + y \\
  &\quad - \loop
\end{align}""")
    assert chain.problem and chain.problem.startswith("a row of this chain") and "s = x + y" in chain.latex


@pytest.mark.parametrize("display", [r"a = b \quad (3)", r"a = b \qquad (3.2).", r"a = b\quad\quad(12)"])
def test_an_equation_number_typed_at_the_end_is_dropped_like_a_tag(display):
    (chain,) = read_document(r"\begin{equation}" + display + r"\end{equation}")
    assert chain.problem is None and chain.latex == "a = b"
