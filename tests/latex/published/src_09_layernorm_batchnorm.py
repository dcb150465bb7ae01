"""Ba, Kiros and Hinton, Layer Normalization (2016); Ioffe and Szegedy, Batch Normalization (2015)."""

SOURCE = ("layernorm_batchnorm", "Layer Normalization; Batch Normalization",
          "arXiv:1607.06450 and arXiv:1502.03167; their equations as quoted in LaTeX by public "
          "paper summaries (blog posts on GitHub, and a paperswithcode method page mirrored in a "
          "repository); Algorithm 1 of Batch Normalization as quoted in course notes")


DISPLAYS = [
    ("LN eq. 1 (as quoted)", r"a_i^l = {w_i^l}^{\top} h^l  \qquad \qquad  h_i^{l+1} = f(a_i^l + b_i^l)",
     "a[i, l] == dot(w[i, l], h[l]); h[i, l + 1] == f(a[i, l] + b[i, l])",
     {"functions": r"f", "vectors": "w h",
      "assume": r"l \text{ is a label}",   # "the l-th hidden layer" (the paper's text)
      "note": "two statements separated by \\qquad; superscripts l, l+1 are layer labels; "
              "{w_i^l}^T h^l is the inner product of the weight vector of unit i with h^l"}),
    ("LN eq. 2 (as quoted)", r"""\bar{a}_i^l = \frac{g_i^l}{\sigma_i^l} (a_i^l - \mu_i^l)  \qquad 
	\mu_i^l = \mathop{\mathbb{E}}\limits_{\mathbf{x} \sim P(\mathbf{x})} [a_i^l]  \qquad 
	\sigma_i^l = \sqrt{\mathop{\mathbb{E}}\limits_{\mathbf{x} \sim P(\mathbf{x})} [(a_i^l - \mu_i^l)^2]}""",
     "refuse: expectations over a distribution x ~ P(x)"),
    ("LN eq. 3 (as quoted)", r"\mu^l = \frac{1}{H} \sum\limits_{i=1}^H a_i^l  \qquad  \sigma^l = \sqrt{\frac{1}{H} \sum\limits_{i=1}^H (a_i^l - \mu^l)^2}",
     "mu[l] == Sum(a[i, l], (i, 1, H))/H; sigma[l] == sqrt(Sum((a[i, l] - mu[l])**2, (i, 1, H))/H)",
     {"note": "superscript l is the layer, not a power", "assume": r"l \text{ is a label}"}),
    ("LN eq. 3 (as quoted, source spacing)", r"""\mu^{l} = \frac{1}{H} \sum_{i=1}^{H} a^l_i ~~~~~~~
\sigma^{l} = \sqrt{\frac{1}{H} \sum_{i=1}^{H}(a^l_i-\mu^l)^2}""",
     "mu[l] == Sum(a[i, l], (i, 1, H))/H; sigma[l] == sqrt(Sum((a[i, l] - mu[l])**2, (i, 1, H))/H)",
     {"assume": r"l \text{ is a label}"}),
    ("LN eq. 3 (paperswithcode)", r"\mu^{l} = \frac{1}{H}\sum^{H}_{i=1}a_{i}^{l}", "mu[l] == Sum(a[i, l], (i, 1, H))/H",
     {"assume": r"l \text{ is a label}"}),
    ("LN eq. 3 (paperswithcode)", r"\sigma^{l} = \sqrt{\frac{1}{H}\sum^{H}_{i=1}\left(a_{i}^{l}-\mu^{l}\right)^{2}}",
     "sigma[l] == sqrt(Sum((a[i, l] - mu[l])**2, (i, 1, H))/H)", {"assume": r"l \text{ is a label}"}),
    ("LN (blog eq. 1)", r"\hat{a}^l = \frac{a^l-\mu^l}{\sqrt{(\sigma^l)^2+\epsilon}} \tag{1}",
     "ahat[l] == (a[l] - mu[l])/sqrt(sigma[l]**2 + epsilon)",
     {"note": "a^l is the layer's vector, read entrywise", "assume": r"l \text{ is a label}"}),
    ("LN (blog eq. 2)", r"h^l = f(g^l \odot \hat{a}^l + b^l) \tag{2}",
     "h_l == MatFn(f, HadamardProduct(g_l, ahat_l) + b_l)",
     {"matrices": "h_l:H,1 g_l:H,1 ahat_l:H,1 b_l:H,1",
      "note": "the layer's H-vectors (superscript l a label); f acts entrywise", "assume": r"l \text{ is a label}"}),
    ("LN (blog summary)", r"\mu^{l} = \frac{1}{H} \sum_{i=1}^{H} a_{i}^{l}, \ \ \ \sigma^{l} = \sqrt{\frac{1}{H} \sum_{i}^{H} (a_{i}^{l} - \mu^{l})^2}, \ \ \ h_{i} = f(\frac{g_i}{\sigma_i}(a_{i} - \mu_{i}) + b_{i})",
     "refuse: \\sum_{i}^{H} gives no lower bound (i = ?)"),
    ("LN (blog summary)", r"\text{LayerNorm}(x + \text{sublayer}(x))", "expr LayerNorm(x + sublayer(x))"),
    ("LN (blog, layer norm equation by equation)", r"\mu^{l} = \frac{1}{H} \sum_{i=1}^{H} a_i^{l}, \qquad \sigma^{l} = \sqrt{\frac{1}{H} \sum_{i=1}^{H} \big(a_i^{l} - \mu^{l}\big)^2}",
     "mu[l] == Sum(a[i, l], (i, 1, H))/H; sigma[l] == sqrt(Sum((a[i, l] - mu[l])**2, (i, 1, H))/H)",
     {"assume": r"l \text{ is a label}"}),
    ("LN (blog, layer norm equation by equation)", r"h^{l} = f\Big(\frac{g}{\sigma^{l}} \odot \big(a^{l} - \mu^{l}\big) + b\Big)",
     "refuse: g/sigma^l (odot) (a^l - mu^l) subtracts the scalar mu^l from the vector a^l "
     "(a broadcast), which no matrix reading states"),
    ("BN alg. 1", r"\mu_\mathcal{B} \leftarrow \frac{1}{m}\sum_{i=1}^{m} x_i \qquad \text{// mini-batch mean}", 
     "mu_B := Sum(x[i], (i, 1, m))/m"),   # the comment after // is left out, as a justification
    ("BN alg. 1", r"\sigma_\mathcal{B}^2 \leftarrow \frac{1}{m}\sum_{i=1}^{m} (x_i - \mu_\mathcal{B})^2 \qquad \text{// mini-batch variance}",
     "refuse: the assigned sigma_B^2 is a square, not a name: as a definition it would be the "
     "equation sigma_B**2 = ... about a free sigma_B (the // comment alone would be left out)"),
    ("BN alg. 1", r"\hat{x}_i \leftarrow \frac{x_i - \mu_\mathcal{B}}{\sqrt{\sigma_\mathcal{B}^2 + \epsilon}} \qquad \text{// normalize}", 
     "xhat_i := (x_i - mu_B)/sqrt(sigma_B**2 + epsilon)"),   # the comment after // is left out, as a justification
    ("BN alg. 1", r"y_i \leftarrow \gamma\hat{x}_i + \beta \equiv \text{BN}_{\gamma,\beta}(x_i) \qquad \text{// scale and shift}",
     "refuse: an assignment and \\equiv on one line (BN_{gamma,beta}(x_i) names the same value: a "
     "definition of notation, or an identity?)"),
    ("BN alg. 1 (as quoted)", r"\mu_\mathcal{B} \leftarrow \frac{1}{m}\sum_{i=1}^m x_i, \quad \sigma_\mathcal{B}^2 \leftarrow \frac{1}{m}\sum_{i=1}^m (x_i - \mu_\mathcal{B})^2",
     "refuse: two assignments separated by ', \\quad' are two statements, but the second assigns "
     "sigma_B^2, a square, not a name"),
    ("BN alg. 1 (input, inline)", r"\mathcal{B} = \{x_1...m\}", "refuse: a set written with an ellipsis inside a subscript"),
    ("BN alg. 1 (output, inline)", r"\{y_i = \text{BN}_{\gamma,\beta}(x_i)\}", "refuse: a set of equations"),
]
