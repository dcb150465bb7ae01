"""Vaswani et al., Attention Is All You Need: the displays as rendered with the paper's macros expanded."""

SOURCE = ("vaswani2017_html", "Attention Is All You Need (macros expanded)",
          "arXiv:1706.03762v7; LaTeX as converted from the arXiv source with macros such as "
          "\\dmodel expanded (LaTeXML form) in a public paper-reading site, page "
          "/en/papers/attention-is-all-you-need/; '(inline)' marks formulas of the running text")

DISPLAYS = [
    ("eq. 1", r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_{k}}}\right)V",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, Q*K.T/sqrt(d_k))*V", {"matrices": "Q:n,d_k K:m,d_k V:m,d_v"}),
    ("sec. 3.2.2", r"""\begin{aligned}
\mathrm{MultiHead}(Q,K,V)&=\mathrm{Concat}(\mathrm{head}_{1},\dots,\mathrm{head}_{h})W^{O}\\
\text{where}\quad \mathrm{head}_{i}&=\mathrm{Attention}(QW^{Q}_{i},KW^{K}_{i},VW^{V}_{i})
\end{aligned}""",
     "refuse: a definition with an elided argument list (head_1, ..., head_h) and a 'where' clause"),
    ("eq. 2", r"\mathrm{FFN}(x)=\max(0,xW_{1}+b_{1})W_{2}+b_{2}",
     "MatFn(FFN, x) == MatFn(max, 0, x*W_1 + b_1)*W_2 + b_2",
     {"matrices": "x:1,n W_1:n,f b_1:1,f W_2:f,n b_2:1,n",
      "note": "max(0, .) is elementwise on a row vector"}),
    ("sec. 3.5", r"\mathrm{PE}_{(\mathrm{pos},2i)}=\sin(\mathrm{pos}/10000^{2i/d_{\mathrm{model}}})",
     "PE[pos, 2*i] == sin(pos/10000**(2*i/d_model))"),
    ("sec. 3.5", r"\mathrm{PE}_{(\mathrm{pos},2i+1)}=\cos(\mathrm{pos}/10000^{2i/d_{\mathrm{model}}})",
     "PE[pos, 2*i + 1] == cos(pos/10000**(2*i/d_model))"),
    ("eq. 3", r"\mathrm{lrate}=d_{\mathrm{model}}^{-0.5}\cdot\min\left(\mathrm{step\_num}^{-0.5},\mathrm{step\_num}\cdot\mathrm{warmup\_steps}^{-1.5}\right)",
     "lrate == d_model**(-0.5)*Min(step_num**(-0.5), step_num*warmup_steps**(-1.5))",
     {"note": "step\\_num, warmup\\_steps are upright names"}),
    ("sec. 3.2.2 (inline)", r"d_{k}=d_{v}=d_{\mathrm{model}}/h=64", "d_k == d_v == d_model/h == 64"),
    ("sec. 3.2.2 (inline)", r"h=8", "h == 8"),
    ("sec. 3.1 (inline)", r"N=6", "N == 6"),
    ("sec. 3.3 (inline)", r"d_{\mathrm{model}}=512", "d_model == 512"),
    ("sec. 3.3 (inline)", r"d_{\mathrm{ff}}=2048", "d_ff == 2048"),
    ("sec. 5.3 (inline)", r"\beta_{1}=0.9", "beta_1 == 0.9"),
    ("sec. 5.3 (inline)", r"\beta_{2}=0.98", "beta_2 == 0.98"),
    ("sec. 5.3 (inline)", r"\epsilon=10^{-9}", "epsilon == 10**(-9)"),
    ("sec. 5.3 (inline)", r"\mathrm{warmup\_steps}=4000", "warmup_steps == 4000"),
    ("sec. 5.4 (inline)", r"P_{\mathrm{drop}}=0.1", "P_drop == 0.1"),
    ("sec. 5.4 (inline)", r"\epsilon_{\mathrm{ls}}=0.1", "epsilon_ls == 0.1"),
    ("sec. 4 (inline)", r"k<n", "k < n"),
    ("sec. 4 (inline)", r"k=n", "k == n"),
    ("sec. 4 (inline)", r"O(k\cdot n\cdot d+n\cdot d^{2})", "refuse: an expression, not a relation"),
    ("sec. 4 (inline)", r"x_{i},z_{i}\in\mathbb{R}^{d}", "stmt x_i, z_i in Space(Reals, d)"),
    ("sec. 3.5 (inline)", r"10000\cdot 2\pi", "expr 10000*2*pi"),
    ("sec. 3.2.2 (inline)", r"W^{O}\in\mathbb{R}^{h d_{v}\times d_{\mathrm{model}}}",
     "stmt W_O in Space(Reals, h*d_v, d_model)",
     {"note": "the output projection W^O (a label, as W^V of the text); h d_v is h heads of d_v "
              "columns each, a product (was refused as a membership)"}),
]
