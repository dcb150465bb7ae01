"""Vaswani et al., Attention Is All You Need (2017): displays as in the arXiv LaTeX source."""

SOURCE = ("vaswani2017", "Attention Is All You Need",
          "arXiv:1706.03762; LaTeX of model_architecture.tex / training.tex / sqrt_d_trick.tex as "
          "kept (formulas unchanged) in the public repository cnolka/transformer-paper-zh")

# the paper's own macro (its preamble): \newcommand{\dmodel}{d_{\text{model}}}
MACROS = r"\newcommand{\dmodel}{d_{\text{model}}}"

DISPLAYS = [
    ("eq. 1", r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}(\frac{QK^T}{\sqrt{d_k}})V",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, Q*K.T/sqrt(d_k))*V", {"matrices": "Q:n,d_k K:m,d_k V:m,d_v"}),
    ("sec. 3.2.2 (align*)",
     r"""\mathrm{MultiHead}(Q, K, V) &= \mathrm{Concat}(\mathrm{head_1}, ..., \mathrm{head_h})W^O\\
    \text{where}~\mathrm{head_i} &= \mathrm{Attention}(QW^Q_i, KW^K_i, VW^V_i)\\""",
     "refuse: a definition with an elided argument list (head_1, ..., head_h) and a 'where' clause"),
    ("eq. 2", r"\mathrm{FFN}(x)=\max(0, xW_1 + b_1) W_2 + b_2",
     "MatFn(FFN, x) == MatFn(max, 0, x*W_1 + b_1)*W_2 + b_2",
     {"matrices": "x:1,n W_1:n,f b_1:1,f W_2:f,n b_2:1,n",
      "note": "max(0, .) is elementwise on a row vector; no scalar reading is faithful"}),
    ("sec. 3.5 (align*)",
     r"""PE_{(pos,2i)} = sin(pos / 10000^{2i/\dmodel}) \\
    PE_{(pos,2i+1)} = cos(pos / 10000^{2i/\dmodel})""",
     r"refuse: sin and cos written without a backslash are products of italic letters, and "
     r"PE_{(pos,2i)} has a list for a subscript"),
    ("eq. 3", r"""lrate = \dmodel^{-0.5} \cdot
  \min({step\_num}^{-0.5},
    {step\_num} \cdot {warmup\_steps}^{-1.5})""",
     r"refuse: lrate, step\_num and warmup\_steps are multi-letter names (\dmodel is the "
     r"paper's macro, expanded)"),
    ("footnote 4 (inline)", r"q \cdot k = \sum_{i=1}^{d_k} q_ik_i",
     "dot(q, k, d_k) == Sum(q[i]*k[i], (i, 1, d_k))",
     {"note": "q, k are vectors of dimension d_k: the left side is their dot product"}),
]
