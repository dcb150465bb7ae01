"""Zhang and Sennrich, Root Mean Square Layer Normalization (NeurIPS 2019)."""

SOURCE = ("rmsnorm", "Root Mean Square Layer Normalization",
          "arXiv:1910.07467; the paper's equations as LaTeX source ('关键公式（LaTeX 源）') in a "
          "public paper-notes repository (paper_num 38, slug root-mean-square-layer-normalization)")

DISPLAYS = [
    ("eq. 1", r"a_i = \sum_{j=1}^m{w_{ij} x_j},\quad y_i = f\left(a_i + b_i\right),",
     "a[i] == Sum(w[i, j]*x[j], (j, 1, m)); y[i] == f(a[i] + b[i])",
     {"functions": r"f", "note": "two statements separated by \\quad; w_{ij} depends on the summation index j"}),
    ("eq. 2", r"\bar{a}_i = \frac{a_i - \mu}{\sigma} g_i, \quad y_i = f\left(\bar{a}_i + b_i\right),",
     "abar[i] == (a[i] - mu)/sigma*g[i]; y[i] == f(abar[i] + b[i])", {"functions": r"f"}),
    ("eq. 3", r"\mu = \frac{1}{n}\sum_{i=1}^{n} a_i, \quad \sigma = \sqrt{\frac{1}{n}\sum_{i=1}^{n}(a_i - \mu)^2}.",
     "mu == Sum(a[i], (i, 1, n))/n; sigma == sqrt(Sum((a[i] - mu)**2, (i, 1, n))/n)"),
    ("sec. 3", r"\mathbf{y} = f\left(\frac{\mathbf{Wx}}{\text{RMS}(\mathbf{a})} \odot \mathbf{g} + \mathbf{b}\right),",
     "refuse: a vector equation with a Hadamard product; \\mathbf{Wx} is a matrix-vector product "
     "inside one bold group"),
    ("sec. 3", r"\text{RMS}(\alpha\mathbf{x}) = \alpha \text{RMS}(\mathbf{x}),",
     "RMS(alpha*x) == alpha*RMS(x)",
     {"note": "as printed, about an undeclared function RMS (true only for alpha >= 0)"}),
    ("sec. 3", r"\small \begin{split} \mathbf{y}^\prime = f\left(\frac{\mathbf{W^{\prime}x}}{\text{RMS}(\mathbf{a}^\prime)} \odot \mathbf{g} + \mathbf{b}\right) = f\left(\frac{\delta\mathbf{Wx}}{\delta\text{RMS}(\mathbf{a})} \odot \mathbf{g} + \mathbf{b}\right) = \mathbf{y}. \end{split}",
     "refuse: vectors with a Hadamard product; primes mark new quantities, not derivatives"),
    ("sec. 3", r"\small \begin{split} \mathbf{R}^\prime & = \frac{1}{{\delta \text{RMS}(\mathbf{a})}} \left(\mathbf{I}-\frac{\left(\mathbf{\delta Wx}\right)\left(\mathbf{\delta Wx}\right)^T}{n\delta^2 \text{RMS}(\mathbf{a})^2}\right) = \frac{1}{\delta}\mathbf{R}. \\ \end{split}",
     "refuse: a matrix identity with the identity I and an outer product of a vector; "
     "\\mathbf{\\delta Wx} is a product inside one bold group"),
    ("eq. 4", r"\begin{split} & \bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i, \quad \text{where}~~ \text{RMS}(\mathbf{a}) = \sqrt{\frac{1}{n} \sum_{i=1}^{n} a_i^2}. \end{split}",
     "abar[i] == a[i]/RMS(a)*g[i]; RMS(a) == sqrt(Sum(a[i]**2, (i, 1, n))/n)",
     {"note": "a definition and its 'where' clause: two claims"}),
    ("eq. 6", r"\small & \frac{\partial \mathcal{L}}{\partial \mathbf{b}} = \frac{\partial \mathcal{L}}{\partial \mathbf{v}}, \quad \frac{\partial \mathcal{L}}{\partial \mathbf{g}} = \frac{\partial \mathcal{L}}{\partial \mathbf{v}} \odot \frac{\mathbf{Wx}}{\text{RMS}(\mathbf{a})},",
     "refuse: derivatives of an unspecified loss with respect to vectors"),
    ("eq. 7", r"\small \begin{split} & \frac{\partial \mathcal{L}}{\partial \mathbf{W}} = \sum_{i=1}^n \left[\mathbf{x}^T \otimes \left(\text{diag}\left(\mathbf{g} \odot \frac{\partial \mathcal{L}}{\partial \mathbf{v}} \right) \times \mathbf{R}\right)\right]_{i}, \text{where}~~ \mathbf{R} = \frac{1}{{\text{RMS}(\mathbf{a})}} \left(\mathbf{I}-\frac{\left(\mathbf{Wx}\right)\left(\mathbf{Wx}\right)^T}{n\text{RMS}(\mathbf{a})^2}\right), \end{split}",
     "refuse: a matrix derivative with Kronecker and Hadamard products"),
]
