"""Milakov and Gimelshein, Online normalizer calculation for softmax (2018)."""

SOURCE = ("online_softmax", "Online normalizer calculation for softmax",
          "arXiv:1805.02867; equations, algorithms and the proof of theorem 1 as given (in LaTeX) in "
          "a public Chinese translation and commentary of the paper (sections 1-2.1); the "
          "block-wise derivation after eq. 4 is the commentator's")

_ALG = "refuse: an algorithm listing (assignments with \\leftarrow, loops)"

DISPLAYS = [
    ("eq. 1", r"y_i = \frac{e^{x_i}}{\sum_j^{n} e^{x_j} } \quad (1)",
     "refuse: \\sum_j^{n} gives no lower bound for j"),
    ("eq. 2", r"""m = \text{max}_{k}^{n} x_k\\
y_i = \frac{e^{(x_i - m)}}{\sum_j^{n} e^{(x_j -m)}} \quad (2)""",
     "refuse: \\text{max} with limits k..n, and a sum without a lower bound"),
    ("alg. 1", r"""\text{算法 1 朴素 softmax} \\
\begin{aligned}
1: & \quad d_0 \leftarrow 0 \\
2: & \quad \textbf{for} \ j \leftarrow 1, n \ \textbf{do} \\
3: & \quad \quad d_j \leftarrow d_{j-1} + e^{x_j} \\
4: & \quad \textbf{end for} \\
5: & \quad \textbf{for} \ i \leftarrow 1, n \ \textbf{do} \\
6: & \quad \quad y_i \leftarrow \frac{e^{x_i}}{d_n} \\
7: & \quad \textbf{end for}
\end{aligned}""", _ALG),
    ("alg. 3", r"""\text{算法 3 带在线归一化计算的安全 Softmax} \\
\begin{aligned}
1: & \quad m_0 \leftarrow -\infty \\
2: & \quad d_0 \leftarrow 0 \\
3: & \quad \textbf{for} \ j \leftarrow 1, n \ \textbf{do} \\
4: & \quad \quad m_j \leftarrow \max(m_{j-1}, x_j) \\
5: & \quad \quad d_j \leftarrow d_{j-1} \times e^{m_{j-1} - m_j} + e^{x_j - m_j} \\
6: & \quad \textbf{end for} \\
7: & \quad \textbf{for} \ i \leftarrow 1, n \ \textbf{do} \\
8: & \quad \quad y_i \leftarrow \frac{e^{x_i - m_n}}{d_n} \\
9: & \quad \textbf{end for}
\end{aligned}""", _ALG),
    ("theorem 1 (inline)", r"m_n = \max_{k=1}^{n} x_k", "m[n] == MaxOver(x[k], (k, 1, n))"),
    ("theorem 1 (inline)", r"d_n = \sum_{j=1}^{n} e^{x_j - m_n}", "d[n] == Sum(exp(x[j] - m[n]), (j, 1, n))"),
    ("proof, base case (inline)", r"n = 1", "n == 1"),
    ("proof, base case", r"""m_1 \leftarrow x_1 \\
        \quad\;\; = max_{k=1}^1x_k\qquad\qquad\qquad\qquad\; \text{根据算法 3 第 4 行}""",
     "refuse: 'max' without a backslash is the product m a x (the assignment m_1 := x_1 and the "
     "row '= ...' continuing x_1 would otherwise be read)"),
    ("proof, base case", r"""d_1 \leftarrow e^{x_1 - m_1} \\
    \quad\;\; = \sum_{j=1}^1 e^{x_j - m_1} \qquad\qquad\quad\qquad\;\; \text{根据算法 3 第 5 行}""",
     "d[1] := exp(x[1] - m[1]); exp(x[1] - m[1]) == Sum(exp(x[j] - m[1]), (j, 1, 1))",
     {"note": "the assignment defines d_1; the row '= ...' continues its right side (a claim); "
              "the margin text 'by line 5 of algorithm 3' is a justification, left out"}),
    ("proof, induction (inline)", r"n = S - 1", "n == S - 1"),
    ("proof, induction (inline)", r"m_{S-1} = \max_{k=1}^{S-1} x_k", "m[S - 1] == MaxOver(x[k], (k, 1, S - 1))"),
    ("proof, induction (inline)", r"d_{S-1} = \sum_{j=1}^{S-1} e^{x_j - m_{S-1}}", "d[S - 1] == Sum(exp(x[j] - m[S - 1]), (j, 1, S - 1))"),
    ("proof, induction", r"""m_S \leftarrow \max(m_{S-1}, x_S) \qquad\qquad\qquad\; \text{根据算法 3 第 4 行} \\
    \quad\;\; = \max\left(\max_{k=1}^{S-1} x_k, x_S\right) \qquad\qquad \text{根据归纳假设} \\
    \quad\;\; = \max_{k=1}^{S} x_k""",
     "refuse: the margin reason '根据归纳假设' (by the induction hypothesis) carries the premise "
     "m_{S-1} = max_{k<S} x_k; left out, the true step '= max(max_k x_k, x_S)' was refuted "
     "(red team): a reason citing a hypothesis is refused"),
    ("proof, induction", r"""d_S \leftarrow d_{S-1} \times e^{m_{S-1} - m_S} + e^{x_S - m_S}  \qquad\; \text{根据算法 3 第 5 行} \\
    \quad\;\; = \left(\sum_{j=1}^{S-1} e^{x_j - m_{S-1}}\right) \times e^{m_{S-1} - m_S} + e^{x_S - m_S} \quad \text{根据归纳假设} \\
    \quad\;\; = \sum_{j=1}^{S-1} e^{x_j - m_S} + e^{x_S - m_S} \\
    \quad\;\; = \sum_{j=1}^{S} e^{x_j - m_S}""",
     "refuse: the margin reason '根据归纳假设' (by the induction hypothesis) carries the premise "
     "d_{S-1} = sum_{j<S} e^{x_j - m_{S-1}}, which the checker would not have (red team)"),
    ("sec. 2 (inline)", r"1 \leq d_j \leq j", "1 <= d[j] <= j"),
    ("sec. 2 (inline)", r"1.7 \times 10^{37}", "expr 17*10**36"),
    ("eq. 3", r"""\begin{bmatrix} m_n \\ d_n \end{bmatrix} = \begin{bmatrix}x_1 \\ 1 \end{bmatrix} \oplus
\begin{bmatrix} x_2 \\ 1 \end{bmatrix}
\oplus \cdots \oplus
\begin{bmatrix} x_n \\ 1 \end{bmatrix}
\quad (3)""", "refuse: a reduction with a binary operation \\oplus defined only in the text, written with \\cdots"),
    ("eq. 4", r"""\begin{bmatrix} m_i \\ d_i \end{bmatrix} \oplus
\begin{bmatrix} m_j \\ d_j \end{bmatrix}
= \begin{bmatrix} \max(m_i, m_j) \\ d_i \times e^{m_i - \max(m_i, m_j)} + d_j \times e^{m_j - \max(m_i, m_j)} \end{bmatrix} \quad (4)""",
     "refuse: the definition of a new binary operation \\oplus on pairs"),
    ("sec. 2.1, block-wise derivation", r"""\begin{aligned}
m_{21} &= \max(x_2, x_1) \\
d_{21} &= e^{x_2 - m_{21}} + e^{x_1 - m_{21}}\\
m_{210} &= \max(x_0, m_{21}) = \max(x_0, x_2, x_1)\\
d_{210} &= d_{21} * e^{m_{21} - m_{210}} + e^{x_0 - m_{210}}\\
&= (e^{x_2 - m_{21}} + e^{x_1 - m_{21}}) * e^{m_{21} - m_{210}} + e^{x_0 - m_{210}}\\
&= e^{x_2 - m_{210}} + e^{x_1 - m_{210}} + e^{x_0 - m_{210}}\\
m_3 = m_{2103} &= \max(x_3, m_{210}) = \max(x_3, x_0, x_2, x_1) \\
d_3=d_{2103}&=d_{210} * e^{m_{210} - m_3} + e^{x_3 - m_3}\\
&=(e^{x_2 - m_{210}} + e^{x_1 - m_{210}} + e^{x_0 - m_{210}}) * e^{m_{210} - m_3} + e^{x_3 - m_3}\\
&=e^{x_2 - m_3} + e^{x_1 - m_3} + e^{x_0 - m_3} + e^{x_3 - m_3}\\
\end{aligned}""",
     "m[21] == Max(x_2, x_1); "
     "d[21] == exp(x_2 - m[21]) + exp(x_1 - m[21]); "
     "m[210] == Max(x_0, m[21]) == Max(x_0, x_2, x_1); "
     "d[210] == d[21]*exp(m[21] - m[210]) + exp(x_0 - m[210]) == (exp(x_2 - m[21]) + exp(x_1 - m[21]))*exp(m[21] - m[210]) + exp(x_0 - m[210]) == exp(x_2 - m[210]) + exp(x_1 - m[210]) + exp(x_0 - m[210]); "
     "m[3] == m[2103] == Max(x_3, m[210]) == Max(x_3, x_0, x_2, x_1); "
     "d[3] == d[2103] == d[210]*exp(m[210] - m[3]) + exp(x_3 - m[3]) == (exp(x_2 - m[210]) + exp(x_1 - m[210]) + exp(x_0 - m[210]))*exp(m[210] - m[3]) + exp(x_3 - m[3]) == exp(x_2 - m[3]) + exp(x_1 - m[3]) + exp(x_0 - m[3]) + exp(x_3 - m[3])",
     {"note": "subscripts 21, 210, 2103 are labels (which elements), rows starting with '=' "
              "continue the chain of the row above"}),
    ("sec. 2.1 (inline)", r" d_{xy} = d_x * e^{m_x - m_{xy}} + d_y * e^{m_y - m_{xy}}",
     "d[xy] == d[x]*exp(m[x] - m[xy]) + d[y]*exp(m[y] - m[xy])",
     {"note": "xy is one label (the union of blocks x and y), as m_{21} above"}),
    ("sec. 3", r"TopK(y) = (v, z) : v_i = y_{z_i}, v_i \geq y_j, ∀i ∈ [1, K], ∀j /∈ z",
     "refuse: a definition by conditions with quantifiers and a tuple"),
]
