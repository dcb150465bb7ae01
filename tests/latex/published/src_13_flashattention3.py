"""Shah et al., FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision (2024)."""

SOURCE = ("flashattention3", "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision",
          "arXiv:2407.08608v2; LaTeX as converted from the arXiv source in a public paper-reading "
          "site, page /en/papers/flashattention-3/; '(inline)' marks formulas of algorithm lines "
          "and running text")

_UPDATE = ("refuse: an update written with '=' (the same name on both sides); as an equation it "
           "would be a different claim")
_ALG = "refuse: an algorithm step (assignment with \\leftarrow), not a claim"
_EXPR = "refuse: an expression, not a relation"

DISPLAYS = [
    ("sec. 2.1", r"\mathbf{S}=\alpha\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N},\quad\mathbf{P}=\mathrm{softmax}(\mathbf{S})\in\mathbb{R}^{N\times N},\quad\mathbf{O}=\mathbf{P}\mathbf{V}\in\mathbb{R}^{N\times d},",
     "S == alpha*Q*K.T; P == MatFn(softmax, S); O == P*V",
     {"matrices": "Q:N,d K:N,d V:N,d S:N,N P:N,N O:N,d",
      "note": "three definitions with the shapes of what they define (memberships read as shapes, "
              "checked); Q, K, V in R^{N x d} are given in the text"}),
    ("sec. 2.1", r"""\begin{aligned}
\mathbf{dV} & =\mathbf{P}^{\top}\mathbf{dO}\in\mathbb{R}^{N\times d} \\
\mathbf{dP} & =\mathbf{dO}\mathbf{V}^{\top}\in\mathbb{R}^{N\times N} \\
\mathbf{dS} & =\mathrm{dsoftmax}(\mathbf{dP})\in\mathbb{R}^{N\times N} \\
\mathbf{dQ} & =\alpha\mathbf{dS}\mathbf{K}\in\mathbb{R}^{N\times d} \\
\mathbf{dK} & =\alpha\mathbf{dS}^{\top}\mathbf{Q}\in\mathbb{R}^{N\times d},
\end{aligned}""",
     "dV == P.T*dO; dP == dO*V.T; dS == MatFn(dsoftmax, dP); dQ == alpha*dS*K; dK == alpha*dS.T*Q",
     {"matrices": "P:N,N dO:N,d V:N,d dP:N,N dS:N,N K:N,d Q:N,d dV:N,d dQ:N,d dK:N,d",
      "note": "five definitions, each with its shape (the memberships declare dV, dP, dS, dQ, dK; "
              "each row is read alone, so the shapes are given for all); dsoftmax acts row-wise "
              "(as in FA4 sec. 2.1): its value at dP is the N x N the row states"}),
    ("sec. 2.1 (inline)", r"\alpha=1/\sqrt{d}", "alpha == 1/sqrt(d)"),
    ("sec. 2.1 (inline)", r"\mathbf{d}(-)=\partial\phi/\partial(-)", "refuse: a notation defined with placeholders (-)"),
    ("sec. 2.1 (inline)", r"\mathbf{d}s=(\mathrm{diag}(p)-pp^{\top})\mathbf{d}p",
     "refuse: a bold d is a gradient operator here; diag of a vector and an outer product"),
    ("sec. 2.1 (inline)", r"p=\mathrm{softmax}(s)", "p == softmax(s)"),
    ("sec. 3.1 (inline)", r"T_{r}=\lceil\frac{N}{B_{r}}\rceil", "T_r == ceiling(N/B_r)"),
    ("alg. 1 (inline)", r"T_c = \lceil \frac{N}{B_c} \rceil", "T_c == ceiling(N/B_c)"),
    ("alg. 1 (inline)", r"0 \le j < T_c", "0 <= j < T_c"),
    ("alg. 1 (inline)", r"\mathbf{O}_i = (0) \in \mathbb{R}^{B_r \times d}", "O_i == ZeroMatrix(B_r, d)",
     {"matrices": "O_i:B_r,d",
      "note": "the initialisation of the block O_i to the zero matrix; (0) is the paper's zero, "
              "its shape given by the membership (changed from a refusal when memberships "
              "became shapes: 0 beside a matrix is the zero matrix, as everywhere)"}),
    ("alg. 1 (inline)", r"\ell_i, m_i = (0), (-\infty) \in \mathbb{R}^{B_r}", "refuse: a parallel assignment of two vectors"),
    ("alg. 1 (inline)", r"m_i^{\mathrm{old}} = m_i", "m[i, old] == m[i]",
     {"note": "m_i^old is a new name (an upright label), not a power"}),
    ("alg. 1 (inline)", r"m_i = \max(m_i^{\mathrm{old}}, \mathrm{rowmax}(\mathbf{S}_i^{(j)}))",
     "refuse: rowmax of a block matrix; an assignment to m_i"),
    ("alg. 1 (inline)", r"\widetilde{\mathbf{P}}_i^{(j)} = \exp(\mathbf{S}_i^{(j)} - m_i)",
     "refuse: a matrix minus a vector (broadcast over rows), exp pointwise"),
    ("alg. 1 (inline)", r"\ell_i = \exp(m_i^{\mathrm{old}} - m_i) \ell_i + \mathrm{rowsum}(\widetilde{\mathbf{P}}_i^{(j)})", _UPDATE),
    ("alg. 1 (inline)", r"\mathbf{O}_i = \mathrm{diag}(\exp(m_i^{\mathrm{old}} - m_i))^{-1} \mathbf{O}_i + \widetilde{\mathbf{P}}_i^{(j)} \mathbf{V}_j", _UPDATE),
    ("alg. 1 (inline)", r"\mathbf{O}_i = \mathrm{diag}(\ell_i)^{-1} \mathbf{O}_i", _UPDATE),
    ("alg. 1 (inline)", r"L_i = m_i + \log(\ell_i)", "L[i] == m[i] + log(ell[i])",
     {"note": "entrywise for the vectors m_i, l_i"}),
    ("sec. 3.1 (inline)", r"\{\mathbf{K}_{j},\mathbf{V}_{j}\}_{0\leq j<T_{c}}", "refuse: an indexed family of blocks"),
    ("alg. 2 (inline)", r"\mathbf{S}_{\mathrm{cur}} = \mathbf{Q}_i \mathbf{K}_0^\top", "S_cur == Q_i*K_0.T",
     {"matrices": "S_cur:B_r,B_c Q_i:B_r,d K_0:B_c,d"}),
    ("alg. 2 (inline)", r"1 \le j < T_c - 1", "1 <= j < T_c - 1"),
    ("alg. 2 (inline)", r"\mathbf{O}_{i} = \mathbf{O}_{i} + \widetilde{\mathbf{P}}_{\mathrm{cur}} \mathbf{V}_{j-1}", _UPDATE),
    ("sec. 3.2 (inline)", r"B_{r}\times B_{c}\times\text{sizeof}(\text{float})", "expr B_r*B_c*sizeof(float)"),
    ("sec. 3.3", r"\{\verb|d0 d1 d4 d5 d2 d3 d6 d7|\},", "refuse: a listing (\\verb), not mathematics"),
    ("sec. 3.3 (inline)", r"\mathbf{M}\mathbf{M}^{\top}=I", "M*M.T == Identity(d)",
     {"matrices": "M:d,d", "note": "I is the identity matrix here, not the imaginary unit"}),
    ("sec. 3.3 (inline)", r"(\mathbf{Q}\mathbf{M})(\mathbf{K}\mathbf{M})^{\top}=\mathbf{Q}\mathbf{K}^{\top}",
     "(Q*M)*(K*M).T == Q*K.T", {"matrices": "Q:N,d K:N,d M:d,d",
                                 "note": "true only for orthogonal M (stated in the text)"}),
    ("sec. 3.3 (inline)", r"O(d\log d)", _EXPR),
    ("sec. 4.1", r"""\begin{aligned}
4\cdot\text{seqlen}^{2}\cdot\text{head dimension}\\
{}\cdot\text{number of heads}.
\end{aligned}""", _EXPR),
    ("sec. 4.2 (inline)", r"\{\text{batch},\text{seqlen},\text{nheads},\text{hdim}\}=\{4,8448,16,128\}",
     "refuse: a set of named settings equated to a set of numbers"),
    ("sec. 4.3", r"\mathcal{N}(0,1)+\mathcal{N}(0,100)\cdot\mathrm{Bernoulli}(0.001).",
     "refuse: a sum of distributions, not a relation"),
    ("alg. 3 (inline)", r"D = \mathrm{rowsum}(\mathbf{dO} \circ \mathbf{O}) \in \mathbb{R}^d",
     "refuse: rowsum of the N x d matrix dO o O has N entries, but the printed space is R^d "
     "(as printed the shapes disagree)", {"matrices": "dO:N,d O:N,d"}),
    ("alg. 3 (inline)", r"\mathbf{dK}_j = (0)_{B_c \times d}, \mathbf{dV}_j = (0)_{B_c \times d}", "refuse: initialisations with (0)_{B_c x d}"),
    ("alg. 3 (inline)", r"1 \le i \leq T_r", "1 <= i <= T_r"),
    ("alg. 3 (inline)", r"\mathbf{P}_{i}^{(j)} = \exp(\mathbf{S}_{ij} - L_{i}) \in \mathbb{R}^{B_r \times B_c}",
     "refuse: a B_r x B_c block minus the vector L_i (a broadcast over columns) under an "
     "entry-wise exp; the label (j) on a bold capital with a subscript"),
    ("alg. 3 (inline)", r"\mathbf{dV}_j \leftarrow \mathbf{dV}_j + (\mathbf{P}_{i}^{(j)})^\top \mathbf{dO}_i \in \mathbb{R}^{B_c \times d}", _ALG),
    ("alg. 3 (inline)", r"\mathbf{dK}_{j} \leftarrow \mathbf{dK}_j + {\mathbf{dS}_{i}^{(j)}}^\top \mathbf{Q}_i \in \mathbb{R}^{B_c \times d}", _ALG),
    ("alg. 4 (inline)", r"2 \le j < T_c - 2", "2 <= j < T_c - 2"),
    ("sec. 7.3 (inline)", r"B_{r}\times B_{c}\times\text{sizeof}(\text{input\_data\_type})+B_{r}\times\text{sizeof}(\text{float})", _EXPR),
]
