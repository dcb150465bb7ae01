"""Press, Smith and Lewis, Train Short, Test Long: Attention with Linear Biases (ALiBi), ICLR 2022."""

SOURCE = ("alibi", "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation",
          "arXiv:2108.12409; section 3 (pages 5-6) as transcribed with LaTeX in a public repository's "
          "paper notes; '(inline)' marks formulas of the running text")

DISPLAYS = [
    # was an expected refusal ("an expression, not a relation"): an expression alone is read as
    # one now; the section's text gives the shapes (q_i in R^{1 x d}, K in R^{i x d}, quoted
    # below), so the row q_i K^T and its softmax are unambiguous
    ("sec. 3", r"\text{softmax}(\mathbf{q}_i \mathbf{K}^\top)", "expr MatFn(softmax, q_i*K.T)",
     {"matrices": "q_i:1,d K:i,d"}),
    ("sec. 3", r"\text{softmax}(\mathbf{q}_i \mathbf{K}^\top + m \cdot [-(i-1), ..., -2, -1, 0])",
     "refuse: an expression with a list written with an ellipsis"),
    ("sec. 3 (inline)", r"\mathbf{q}_i \in \mathbb{R}^{1 \times d}", "stmt q_i in Space(Reals, 1, d)"),
    ("sec. 3 (inline)", r"1 \leq i \leq L", "1 <= i <= L"),
    ("sec. 3 (inline)", r"\mathbf{K} \in \mathbb{R}^{i \times d}", "stmt K in Space(Reals, i, d)",
     {"note": "i is a size here (the number of keys so far), not the imaginary unit"}),
    ("fig. 3 caption (inline)", r"\mathbf{q}_i \cdot \mathbf{k}_j", "expr dot(q[i], k[j])"),
    ("sec. 3 (inline)", r"\frac{1}{2^1}, \frac{1}{2^2}, ..., \frac{1}{2^8}", "refuse: a sequence with an ellipsis"),
    ("sec. 3 (inline)", r"\frac{1}{2^{0.5}}, \frac{1}{2^1}, \frac{1}{2^{1.5}}, ..., \frac{1}{2^8}", "refuse: a sequence with an ellipsis"),
    ("sec. 3 (inline)", r"2^{-\frac{8}{n}}", "expr 2**(-8/n)"),
    ("sec. 3 (inline)", r"n \times L \times L", "expr n*L*L"),
]
