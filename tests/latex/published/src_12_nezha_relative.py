"""Relative position attention (Shaw et al. 2018) as restated in the NEZHA technical report."""

SOURCE = ("nezha2019", "NEZHA: Neural Contextualized Representation for Chinese Language Understanding",
          "arXiv:1909.00204 (section 2: eqs. 1-7, restating Vaswani et al. and Shaw et al. "
          "arXiv:1803.02155); LaTeX as transcribed from the printed report in a public repository")

DISPLAYS = [
    ("eq. 1", r"z_i = \sum_{i=1}^n \alpha_{ij}(x_j W^V). \tag{1}",
     "refuse: the summation index i is also the free index of z_i (a misprint for j)"),
    ("eq. 2", r"\alpha_{ij} = \frac{\exp e_{ij}}{\sum_{k} \exp e_{ik}},\tag{2}",
     "alpha[i, j] == exp(e[i, j])/Sum(exp(e[i, k]), (k, 1, N_k))",
     {"note": "the sum over k has no printed range (over all positions)"}),
    ("eq. 3", r"e_{ij} = \frac{(x_i W^Q)(x_j W^K)^T}{\sqrt{d_z}}. (3)",
     "e[i, j] == x_i*W_Q*(x_j*W_K).T/sqrt(d_z)",
     {"matrices": "x_i:1,d_x x_j:1,d_x W_Q:d_x,d_z W_K:d_x,d_z",
      "note": "x_i, x_j are row vectors of R^{d_x} and W^Q, W^K in R^{d_x x d_z} (the text); "
              "'(3)' after the period is the equation number, not a factor 3"}),
    ("eq. 4", r"z_{i} = \sum_{j=1}^{n} \alpha_{ij} (x_{j} W^{V} + a_{ij}^{V}), \tag{4}",
     "refuse: x_j W^V is a row vector times a matrix; a_{ij}^V has the label V as a superscript"),
    ("eq. 5", r"e_{ij} = \frac{(x_i W^Q)(x_j W^K + a_{ij}^K)^T}{\sqrt{d_z}}.",
     "refuse: row vectors times matrices with a transpose; the superscript K of a_{ij}^K is a label"),
    ("eq. 6", r"a_{ij}[2k] = \sin((j-i)/(10000^{\frac{2-k}{d_z}})),",
     "refuse: square-bracket indexing a_{ij}[2k] of a vector"),
    ("eq. 7", r"a_{ij}[2k+1] = \cos((j-i)/(10000^{\frac{2 \cdot k}{dz}})).",
     "refuse: square-bracket indexing a_{ij}[2k+1] of a vector"),
    ("sec. 2.1 (inline)", r"x=(x_1,x_2,\ldots,x_n)", "stmt x = Entries(x[k], (k, 1, n))",
     {"note": "the input sequence x of n elements named (was refused as a tuple with an ellipsis)"}),
    ("sec. 2.1 (inline)", r"x_i\in\mathbb{R}^{d_x}", "stmt x_i in Space(Reals, d_x)"),
    ("sec. 2.1 (inline)", r"W^V\in\mathbb{R}^{d_x\times d_z}", "stmt W_V in Space(Reals, d_x, d_z)",
     {"note": "the value projection W^V: a power W^V would be a number, which lies in no space of "
              "matrices, so the superscript is a label (was refused as a membership)"}),
]
