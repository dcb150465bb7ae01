"""Katharopoulos et al., Transformers are RNNs: Fast Autoregressive Transformers with Linear Attention."""

SOURCE = ("katharopoulos2020", "Transformers are RNNs: Fast Autoregressive Transformers with Linear Attention",
          "arXiv:2006.16236v3 (ICML 2020); LaTeX as converted from the arXiv source (LaTeXML form) "
          "in a public paper-reading site, page /en/papers/transformers-are-rnns/")

_FEAT = ("refuse: a dot product of vector-valued function values phi(Q_i)^T phi(K_j), with "
         "vectors V_j (rows of matrices) in the numerator; no component is named")
# the text: K_j, V_j are the j-th rows of K (N x D) and V (N x M), written as column vectors in
# eq. 4 ff.; phi is a feature map of R^D into R^C applied to each row
_ROWS = r"K_j \in \mathbb{R}^D ; V_j \in \mathbb{R}^M ; \phi: \mathbb{R}^D \to \mathbb{R}^C"
_ROW_NOTE = ("V'_i is a row (1 x M) as the right side is (phi(Q_i)^T times a C x M matrix); "
             "Q_i, K_j, V_j are rows written as column vectors, phi: R^D -> R^C")
_ALG = "refuse: an algorithm step (assignment with \\gets), not a claim"

# the backward pass (sec. 3.3.1, appendix B): \mathcal{L} is the loss, a number computed from the
# layer's output, differentiated in the rows Q_i, K_i, V_i and in the output rows \bar{V}_i; the
# gradient in a row (a column vector) is a column of its entries (eqs. 14, 15, 27 conform so)
_LOSS = r"\mathcal{L} \text{ depends on } Q, K, V, \bar{V}"
_BACK = r"\phi: \mathbb{R}^D \to \mathbb{R}^C ; " + _LOSS
_BACK_NOTE = ("the gradient of the loss L in a row is a column of that row's shape, opaque "
              "(defined by the backward pass); Q_j, Vbar_j in the sum are the family of rows")
_GRAD_ROW = ("refuse: the right side is a row (the gradient in Vbar_i times a transposed C x M "
             "or D x M sum) but the left side is the gradient in a column (phi(Q_i) in R^C, "
             "Q_i in R^D): the display writes these gradients as rows while eqs. 14, 15, 27 write "
             "them as columns; no one shape for Vbar_i's gradient")

DISPLAYS = [
    ("eq. 1", r"T_{l}(x)=f_{l}(A_{l}(x)+x).", "T_l(x) == f_l(A_l(x) + x)",
     {"functions": r"T_l f_l A_l", "note": "x is a sequence (matrix); the composition reads the same as a scalar one"}),
    ("eq. 2", r"""\begin{aligned}
Q & =xW_{Q}, \\
K & =xW_{K}, \\
V & =xW_{V}, \\
A_{l}(x)=V^{\prime} & =\mathrm{softmax}\left(\frac{Q K^\top}{\sqrt{D}}\right)V.
\end{aligned}""",
     "Q == x*W_Q; K == x*W_K; V == x*W_V; MatFn(A_l, x) == Vprime == MatFn(softmax, Q*K.T/sqrt(D))*V",
     {"matrices": "x:N,F W_Q:F,D W_K:F,D W_V:F,M Q:N,D K:N,D V:N,M Vprime:N,M",
      "note": "V' is a new name (prime), not a derivative"}),
    ("eq. 3", r"V^{\prime}_{i}=\frac{\sum_{j=1}^{N}\mathrm{sim}\left(Q_{i},K_{j}\right)V_{j}}{\sum_{j=1}^{N}\mathrm{sim}\left(Q_{i},K_{j}\right)}.",
     "Vprime[i] == Sum(sim(Q[i], K[j])*V[j], (j, 1, N))/Sum(sim(Q[i], K[j]), (j, 1, N))",
     {"note": "Q_i, K_j, V_j are rows; the quotient is read row by row"}),
    ("sec. 3.1 (inline)", r"\mathrm{sim}\left(q,k\right)=\exp\left(\frac{q^\top k}{\sqrt{D}}\right)",
     "sim(q, k) == exp(dot(q, k)/sqrt(D))",
     {"note": "the display does not say the dimension of q, k (D in the text); the sum runs to d"}),
    ("eq. 4", r"V^{\prime}_{i}=\frac{\sum_{j=1}^{N}\phi\left(Q_{i}\right)^\top\phi\left(K_{j}\right)V_{j}}{\sum_{j=1}^{N}\phi\left(Q_{i}\right)^\top\phi\left(K_{j}\right)},",
     "refuse: the 1 x 1 product phi(Q_i)^T phi(K_j) written before the column V_j (a number "
     "times a vector, as printed; eq. 5 writes the row V_j^T): the two are not equated"),
    ("eq. 5", r"V^{\prime}_{i}=\frac{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{N}\phi\left(K_{j}\right)V_{j}^\top}{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{N}\phi\left(K_{j}\right)}.",
     "Vprime_i == (Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C)*Member(V, j, M).T, (j, 1, N)))"
     "/S1(Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C), (j, 1, N)))",
     {"matrices": "Vprime_i:1,M Q_i:D,1", "assume": _ROWS, "note": _ROW_NOTE}),
    ("eq. 6", r"\left(\phi\left(Q\right)\phi\left(K\right)^\top\right)V=\phi\left(Q\right)\left(\phi\left(K\right)^\top V\right).",
     "(MatFn(phi, Q)*MatFn(phi, K).T)*V == MatFn(phi, Q)*(MatFn(phi, K).T*V)",
     {"matrices": "Q:N,D K:N,D V:N,M", "functions": r"\phi",
      "note": "phi is applied row-wise (the text: a feature representation phi(x) of each row)"}),
    ("eq. 7", r"\phi\left(x\right)=\mathrm{elu}(x)+1,", "phi(x) == elu(x) + 1", {"functions": r"\phi"}),
    ("sec. 3.2.1 (inline)", r"N>D^{2}", "N > D**2"),
    ("sec. 3.3 (inline)", r"j\leq i", "j <= i"),
    ("eq. 8", r"V^{\prime}_{i}=\frac{\sum_{j=1}^{i}\mathrm{sim}\left(Q_{i},K_{j}\right)V_{j}}{\sum_{j=1}^{i}\mathrm{sim}\left(Q_{i},K_{j}\right)}.",
     "Vprime[i] == Sum(sim(Q[i], K[j])*V[j], (j, 1, i))/Sum(sim(Q[i], K[j]), (j, 1, i))"),
    ("eq. 9", r"V^{\prime}_{i}=\frac{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{i}\phi\left(K_{j}\right)V_{j}^\top}{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{i}\phi\left(K_{j}\right)}.",
     "Vprime_i == (Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C)*Member(V, j, M).T, (j, 1, i)))"
     "/S1(Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C), (j, 1, i)))",
     {"matrices": "Vprime_i:1,M Q_i:D,1", "assume": _ROWS, "note": _ROW_NOTE}),
    ("eq. 10", r"S_{i}=\sum_{j=1}^{i}\phi\left(K_{j}\right)V_{j}^\top,",
     "S_i == MatSum(FMember(phi, K, j, C)*Member(V, j, M).T, (j, 1, i))",
     {"matrices": "S_i:C,M", "assume": _ROWS,
      "note": "K_j, V_j are rows of K, V written as column vectors; phi maps R^D to R^C (the "
              "feature map, applied row-wise); S_i is the C x M sum of outer products"}),
    ("eq. 11", r"Z_{i}=\sum_{j=1}^{i}\phi\left(K_{j}\right),",
     "Z[i] == Sum(phi(K[j]), (j, 1, i))",
     {"functions": r"\phi", "note": "a sum of vectors, read entrywise (phi acts on each row K_j)"}),
    ("eq. 12", r"V^{\prime}_{i}=\frac{\phi\left(Q_{i}\right)^\top S_{i}}{\phi\left(Q_{i}\right)^\top Z_{i}}.",
     "Vprime_i == (Fv(phi, Q_i, C).T*S_i)/S1(Fv(phi, Q_i, C).T*Z_i)",
     {"matrices": "Vprime_i:1,M Q_i:D,1 S_i:C,M Z_i:C,1",
      "assume": r"\phi: \mathbb{R}^D \to \mathbb{R}^C",
      "note": "S_i (C x M) and Z_i (C) as eqs. 10, 11 define them; " + _ROW_NOTE}),
    ("eq. 13", r"\nabla_{\phi\left(Q_{i}\right)}\mathcal{L}=\nabla_{\bar{V}_{i}}\mathcal{L}\left(\sum_{j=1}^{i}\phi\left(K_{j}\right)V_{j}^\top\right)^\top,", _GRAD_ROW),
    ("eq. 14", r"\nabla_{\phi\left(K_{i}\right)}\mathcal{L}=\left(\sum_{j=i}^{N}\phi\left(Q_{j}\right)\left(\nabla_{\bar{V}_{j}}\mathcal{L}\right)^\top\right)V_{i},",
     "LGrad(L, Fv(phi, K_i, C)) == MatSum(FMember(phi, Q, j, C)*LGradMember(L, Vbar, j, M).T, (j, i, N))*V_i",
     {"matrices": "K_i:D,1 V_i:M,1 Q_j:D,1 Vbar_j:M,1", "assume": _BACK, "note": _BACK_NOTE}),
    ("eq. 15", r"\nabla_{V_{i}}\mathcal{L}=\left(\sum_{j=i}^{N}\phi\left(Q_{j}\right)\left(\nabla_{\bar{V}_{j}}\mathcal{L}\right)^\top\right)^\top\phi\left(K_{i}\right).",
     "LGrad(L, V_i) == MatSum(FMember(phi, Q, j, C)*LGradMember(L, Vbar, j, M).T, (j, i, N)).T*Fv(phi, K_i, C)",
     {"matrices": "K_i:D,1 V_i:M,1 Q_j:D,1 Vbar_j:M,1", "assume": _BACK, "note": _BACK_NOTE}),
    ("eq. 16", r"s_{0}=0,", "s[0] == 0"),
    ("eq. 17", r"z_{0}=0,", "z[0] == 0"),
    ("eq. 18", r"s_{i}=s_{i-1}+\phi\left(x_{i}W_{K}\right)\left(x_{i}W_{V}\right)^\top,",
     "refuse: an outer product of row-vector expressions (a matrix-valued state s_i)"),
    ("eq. 19", r"z_{i}=z_{i-1}+\phi\left(x_{i}W_{K}\right),",
     "refuse: x_i W_K is a row vector times a matrix; phi of it is a vector (no component named)"),
    ("eq. 20", r"y_{i}=f_{l}\left(\frac{\phi\left(x_{i}W_{Q}\right)^\top s_{i}}{\phi\left(x_{i}W_{Q}\right)^\top z_{i}}+x_{i}\right).", _FEAT),
    ("alg. 1 (inline)", r"V'\gets0", _ALG),
    ("alg. 1 (inline)", r"S\gets S+\phi(K_i)V_i^\top", _ALG),
    ("alg. 1 (inline)", r"\bar V_i\gets\phi(Q_i)S", _ALG),
    ("alg. 1 (inline)", r"\nabla_{\phi(Q_i)}\mathcal L\gets G_iS^\top", _ALG),
    ("alg. 1 (inline)", r"S\gets S+\phi(Q_i)G_i^\top", _ALG),
    ("alg. 1 (inline)", r"\nabla_{V_i}\mathcal L\gets S^\top\phi(K_i)",
     "LGrad(L, V_i) := S.T*Fv(phi, K_i, C)",
     {"matrices": "K_i:D,1 V_i:M,1 S:C,M", "assume": _BACK,
      "note": "the backward loop's step: S is the C x M running sum of phi(Q_j) G_j^T, the "
              "gradient in V_i is read as assigned (not an update: the left side is not on the right)"}),
    ("eq. 21", r"V^{\prime}_{i}=\frac{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{i}\phi\left(K_{j}\right)V_{j}^\top}{\phi\left(Q_{i}\right)^\top\sum_{j=1}^{i}\phi\left(K_{j}\right)}.",
     "Vprime_i == (Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C)*Member(V, j, M).T, (j, 1, i)))"
     "/S1(Fv(phi, Q_i, C).T*MatSum(FMember(phi, K, j, C), (j, 1, i)))",
     {"matrices": "Vprime_i:1,M Q_i:D,1", "assume": _ROWS, "note": _ROW_NOTE}),
    ("eq. 22", r"\bar{V}_{i}=Q_{i}^\top\sum_{j=1}^{i}K_{j}V_{j}^\top,",
     "Vbar_i == Q_i.T*MatSum(Member(K, j, D)*Member(V, j, M).T, (j, 1, i))",
     {"matrices": "Vbar_i:1,M Q_i:D,1", "assume": r"K_j \in \mathbb{R}^D ; V_j \in \mathbb{R}^M",
      "note": "Q_i, K_j, V_j are rows written as column vectors (Q_i^T K_j a number); the "
              "right side is a 1 x M row, so V-bar_i is declared a row (eq. 23 gives its entries)"}),
    ("eq. 23", r"\bar{V}_{ie}=\sum_{d=1}^{D}Q_{id}\sum_{j=1}^{i}K_{jd}V_{je}=\sum_{d=1}^{D}\sum_{j=1}^{i}Q_{id}K_{jd}V_{je}.",
     "Vbar[i, e] == Sum(Q[i, dd]*Sum(K[j, dd]*V[j, e], (j, 1, i)), (dd, 1, D)) == Sum(Sum(Q[i, dd]*K[j, dd]*V[j, e], (j, 1, i)), (dd, 1, D))",
     {"note": "single-letter double subscripts ie, id, jd, je are pairs of indices; d is a "
              "summation index here (named dd in the reading)"}),
    ("eq. 24", r"\frac{\partial\mathcal{L}}{\partial Q_{lt}}=\sum_{e=1}^{M}\frac{\partial\mathcal{L}}{\partial\bar{V}_{le}}\frac{\partial\bar{V}_{le}}{\partial Q_{lt}}=\sum_{e=1}^{M}\frac{\partial\mathcal{L}}{\partial\bar{V}_{le}}\left(\sum_{j=1}^{l}K_{jt}V_{je}\right).",
     "refuse: partial derivatives of an unspecified loss with respect to matrix entries (a chain rule)"),
    ("eq. 25", r"\nabla_{Q_{i}}\mathcal{L}=\nabla_{\bar{V}_{i}}\mathcal{L}\left(\sum_{j=1}^{i}K_{j}V_{j}^\top\right)^\top,", _GRAD_ROW),
    ("eq. 26", r"""\begin{aligned}
\frac{\partial\mathcal{L}}{\partial K_{lt}} & =\sum_{e=1}^{M}\sum_{i=l}^{N}\frac{\partial\mathcal{L}}{\partial\bar{V}_{ie}}\frac{\partial\bar{V}_{ie}}{\partial K_{lt}}=\sum_{e=1}^{M}\sum_{i=l}^{N}\frac{\partial\mathcal{L}}{\partial\bar{V}_{ie}}\frac{\partial\left(\sum_{d=1}^{D}\sum_{j=1}^{i}Q_{id}K_{jd}V_{je}\right)}{\partial K_{lt}} \\
=\sum_{e=1}^{M}\sum_{i=l}^{N}\frac{\partial\mathcal{L}}{\partial\bar{V}_{ie}}Q_{it}V_{le}.
\end{aligned}""",
     "refuse: partial derivatives of an unspecified loss with respect to matrix entries"),
    ("eq. 27", r"\nabla_{K_{i}}\mathcal{L}=\left(\sum_{j=i}^{N}Q_{j}\left(\nabla_{\bar{V}_{j}}\mathcal{L}\right)^\top\right)V_{i},",
     "LGrad(L, K_i) == MatSum(Member(Q, j, D)*LGradMember(L, Vbar, j, M).T, (j, i, N))*V_i",
     {"matrices": "K_i:D,1 V_i:M,1 Q_j:D,1 Vbar_j:M,1", "assume": _LOSS, "note": _BACK_NOTE}),
    ("sec. 4.1.2 (inline)", r"N\in\{2^{9},2^{10},\dots,2^{16}\}",
     "stmt N in FiniteSet(2**9, 2**10, 2**11, 2**12, 2**13, 2**14, 2**15, 2**16)",
     {"note": "the sequence lengths N, every power of two from 2^9 to 2^16 (was refused as a "
              "set given with an ellipsis)"}),
]
