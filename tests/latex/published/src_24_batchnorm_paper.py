"""Ioffe and Szegedy, Batch Normalization (ICML 2015): sections 1-3 as printed in the paper."""

SOURCE = ("batchnorm2015", "Batch Normalization: Accelerating Deep Network Training by Reducing Internal Covariate Shift",
          "arXiv:1502.03167v3, sections 1-3, as converted from the PDF to Markdown/LaTeX in a public "
          "repository (formulas inside the conversion's JSON layout blocks are given with their "
          "JSON escapes undone); '(inline)' marks formulas of the running text")

_EXPR = "refuse: an expression, not a relation"
_E = "E[.] (plain E) is the expectation over the training set (the text)"

DISPLAYS = [
    ("sec. 1", r"\Theta = \arg\min_{\Theta} \frac{1}{N} \sum_{i=1}^{N} \ell(x_i, \Theta)",
     "refuse: an arg min over the parameters (a definition by optimisation)"),
    ("sec. 1", r"\frac{1}{m} \frac{\partial \ell(x_i, \Theta)}{\partial \Theta}", "expr Derivative(ell(x_i, Theta), Theta)/m"),
    ("sec. 1", r"\ell = F_2(F_1(u, \Theta_1), \Theta_2)", "ell == F_2(F_1(u, Theta_1), Theta_2)"),
    ("sec. 1 (inline)", r"x = F_1(u, \Theta_1)", "x == F_1(u, Theta_1)"),
    ("sec. 1", r"\ell = F_2(x, \Theta_2).", "ell == F_2(x, Theta_2)"),
    ("sec. 1", r"\Theta_2 \leftarrow \Theta_2 - \frac{\alpha}{m} \sum_{i=1}^{m} \frac{\partial F_2(x_i, \Theta_2)}{\partial \Theta_2}",
     "stmt Theta_2 <- Theta_2 - alpha/m*Sum(Derivative(F_2(x[i], Theta_2), Theta_2), (i, 1, m))",
     {"note": "an update of the parameters Theta_2 (was refused as an algorithm step); read with "
              "Theta_2 as one parameter, the formula the paper writes for each"}),
    ("sec. 1 (inline)", r"g(x) = \frac{1}{1+\exp(-x)}", "g(x) == 1/(1 + exp(-x))", {"functions": r"g"}),
    ("sec. 1 (inline)", r"ReLU(x) = max(x, 0)",
     "refuse: 'max' without a backslash is the italic product m a x (and ReLU an italic letter run)"),
    ("sec. 2 (inline)", r"\hat{x} = x - E[x]", "xhat == x - Expect(x)", {"functions": "E", "note": _E}),
    ("sec. 2 (inline)", r"x = u + b, \mathcal{X} = \{x_1...N\}",
     "refuse: an equation followed by a set written with an ellipsis"),
    ("sec. 2 (inline)", r"E[x] = \frac{1}{N} \sum_{i=1}^{N} x_i", "Expect(x) == Sum(x[i], (i, 1, N))/N",
     {"functions": "E", "note": _E}),
    ("sec. 2 (inline)", r"b \leftarrow b + \Delta b", "refuse: an update (assignment), not a claim"),
    ("sec. 2 (inline)", r"u + (b + \Delta b) - E[u + (b + \Delta b)] = u + b - E[u + b]",
     "refuse: ambiguous: Delta b is the increment of b (one name) or Delta times b"),
    ("sec. 2", r"\hat{x} = \operatorname{Norm}(x, \mathcal{X})", "xhat == Norm(x, X)",
     {"note": "Norm is an undeclared function of x and the set X of training values"}),
    ("sec. 2", r"\frac{\partial \operatorname{Norm}(x, \mathcal{X})}{\partial x} \quad \text{and} \quad \frac{\partial \operatorname{Norm}(x, \mathcal{X})}{\partial \mathcal{X}};",
     "refuse: two expressions joined by the word 'and', no relation"),
    ("sec. 2 (inline)", r"Cov[x] = E_{x \in \mathcal{X}}[xx^T] - E[x]E[x]^T",
     "refuse: an expectation with a subscript (x in X), italic Cov, and outer products x x^T"),
    ("sec. 2 (inline)", r"Cov[x]^{-1/2}(x - E[x])", _EXPR),
    ("sec. 3", r"B = \{x_{1 \dots m}\}.", "refuse: a set written with an ellipsis inside a subscript"),
    ("sec. 3", r"\mathrm{BN}_{\gamma, \beta} : x_{1 \dots m} \rightarrow y_{1 \dots m}",
     "refuse: the signature of a map (x_{1...m} to y_{1...m}), not a relation between values"),
    ("sec. 3.1", r"\hat{x} = \frac{x - E[x]}{\sqrt{\mathrm{Var}[x] + \epsilon}}",
     "xhat == (x - Expect(x))/sqrt(Var(x) + epsilon)",
     {"functions": "E", "note": "population statistics at inference: E and Var of the activation x"}),
    ("sec. 3.1 (inline)", r"\mathrm{Var}[x] = \frac{m}{m-1} \cdot E_B[\sigma_B^2]",
     "refuse: an expectation with a subscript (E_B: over training mini-batches)"),
]
