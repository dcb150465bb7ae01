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
