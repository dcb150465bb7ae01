"""Dai et al., Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context (ACL 2019)."""

SOURCE = ("transformer_xl", "Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context",
          "arXiv:1901.02860, section 3.2-3.3, the displays as quoted in LaTeX in a public "
          "paper-notes blog repository (post 'transformerXL笔记', 2024)")

DISPLAYS = [
    ("sec. 3.2 (recurrence)", r"""\begin{aligned}
&\widetilde{\mathbf{h}}_{\tau+1}^{n-1}=\bigl[\mathrm{SG}(\mathbf{h}_{\tau}^{n-1})\circ\mathbf{h}_{\tau+1}^{n-1}\bigr], \\
&\mathbf{q}_{\tau+1}^{n},\mathbf{k}_{\tau+1}^{n},\mathbf{v}_{\tau+1}^{n}=\mathbf{h}_{\tau+1}^{n-1}\mathbf{W}_{q}^{\top},\widetilde{\mathbf{h}}_{\tau+1}^{n-1}\mathbf{W}_{k}^{\top},\widetilde{\mathbf{h}}_{\tau+1}^{n-1}\mathbf{W}_{v}^{\top}, \\
&\mathbf{h} _{\tau+1}^{n}=\mathrm{TransformerLayer}\left(\mathbf{q}_{\tau+1}^{n},\mathbf{k}_{\tau+1}^{n},\mathbf{v}_{\tau+1}^{n}\right). 
\end{aligned}""",
     "refuse: \\circ is concatenation along the length (the text), SG a stop-gradient, and the "
     "second row assigns a tuple of three matrices at once"),
    ("sec. 3.3 (absolute encodings)", r"""\begin{aligned}
\mathbf{h}_{\tau+1}& =f(\mathbf{h}_{\tau},\mathbf{E_{s}}_{\tau+1}+\mathbf{U}_{1:L})  \\
\mathbf{h}_{\tau}& =f(\mathbf{h}_{\tau-1},\mathbf{E}_{\mathbf{s}_{\tau}}+\mathbf{U}_{1:L}), 
\end{aligned}""",
     "refuse: slices U_{1:L} of the encoding matrix; E_{s_tau} is the embedding of a whole segment"),
    ("sec. 3.3 (A^abs)", r"""\begin{aligned}
\mathbf{A}_{i,j}^{\mathbf{abs}}& =\underbrace{\mathbf{E}_{x_{i}}^{\top}\mathbf{W}_{q}^{\top}\mathbf{W}_{k}\mathbf{E}_{x_{j}}}_{(a)}+\underbrace{\mathbf{E}_{x_{i}}^{\top}\mathbf{W}_{q}^{\top}\mathbf{W}_{k}\mathbf{U}_{j}}_{(b)}  \\
&+\underbrace{\mathbf{U}_{i}^{\top}\mathbf{W}_{q}^{\top}\mathbf{W}_{k}\mathbf{E}_{x_{j}}}_{(c)}+\underbrace{\mathbf{U}_{i}^{\top}\mathbf{W}_{q}^{\top}\mathbf{W}_{k}\mathbf{U}_{j}}_{(d)}.
\end{aligned}""",
     "A[i, j, abs] == E_x_i.T*W_q.T*W_k*E_x_j + E_x_i.T*W_q.T*W_k*U_j + U_i.T*W_q.T*W_k*E_x_j + U_i.T*W_q.T*W_k*U_j",
     {"matrices": "E_x_i:d,1 E_x_j:d,1 U_i:d,1 U_j:d,1 W_q:d,d W_k:d,d",
      "note": "one relation: the second row starts with '+' and continues the right side; the "
              "underbrace labels (a)-(d) name the terms; A^abs_{i,j} is a scalar score, the "
              "superscript a label"}),
]
