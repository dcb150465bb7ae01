"""Layer-norm forward/backward and attention-scaling derivations as printed in public notes."""

SOURCE = ("norm_notes", "Layer normalisation and attention-scaling derivations (web notes)",
          "pages: yueyiming2009.github.io 'Layer Normalization' (forward and backward); "
          "liorsinai.github.io 'layernorm' (2022); shreyansh26.github.io 'layernorm gradients' (2025); "
          "the Nemotron-CC-Math collection on huggingface.co (documents 'LayerNormBackward', "
          "'Online Layer Normalization' by Tom Breloff, and the Data Science Stack Exchange "
          "questions on the variance of QK and on sinusoidal encodings); "
          "datascience.stackexchange.com question 45691; LaTeX as in the pages")

_DERIV = ("refuse: a derivative of a quantity defined in another display (its dependence on the "
          "variable is not in this display)")
_GRADNAME = ("refuse: d\\beta, dy, d\\hat{x} are names of gradients written like products of d "
             "with a variable")
# what the texts state (symbolic/latex/dependences.py): y_j = xhat_j gamma_j + beta_j, and dy
# names the upstream gradient ("dy, dx: upstream gradient dL/dy", yueyiming's notation table)
_SHREYANSH = r"y \text{ depends on } \gamma, \beta"
_YUEYIMING_DY = r"dy \text{ denotes } \frac{\partial L}{\partial y}"
_YUEYIMING_DXHAT = r"d\hat{x} \text{ denotes } \frac{\partial L}{\partial \hat{x}}"

DISPLAYS = [
    ("yueyiming: mean", r"\mu = \frac{1}{D}\sum_{i=1}^{D} x_i", "mu == Sum(x[i], (i, 1, D))/D"),
    ("yueyiming: variance", r"\sigma^2 = \frac{1}{D}\sum_{i=1}^{D}(x_i - \mu)^2", "sigma**2 == Sum((x[i] - mu)**2, (i, 1, D))/D"),
    ("yueyiming: normalize", r"\hat{x}_i = \frac{x_i - \mu}{\sqrt{\sigma^2 + \varepsilon}}", "xhat[i] == (x[i] - mu)/sqrt(sigma**2 + epsilon)"),
    ("yueyiming: scale and shift", r"y_i = \gamma_i \hat{x}_i + \beta_i", "y[i] == gamma[i]*xhat[i] + beta[i]"),
    ("yueyiming: d beta", r"\frac{\partial L}{\partial \beta_i} = \frac{\partial L}{\partial y_i} \cdot \underbrace{\frac{\partial y_i}{\partial \beta_i}}_{=\,1} = dy_i", _DERIV),
    ("yueyiming: d gamma", r"\frac{\partial L}{\partial \gamma_i} = \frac{\partial L}{\partial y_i} \cdot \underbrace{\frac{\partial y_i}{\partial \gamma_i}}_{=\,\hat{x}_i} = dy_i \cdot \hat{x}_i", _DERIV),
    ("yueyiming: batch sums", r"d\beta_i = \sum_{b=1}^{N}\sum_{s=1}^{L} dy_{b,s,i} \qquad\qquad d\gamma_i = \sum_{b=1}^{N}\sum_{s=1}^{L} dy_{b,s,i}\cdot\hat{x}_{b,s,i}",
     "Partial(L, beta[i]) == Sum(Partial(L, y[b, s, i]), (s, 1, L), (b, 1, N)) ; Partial(L, gamma[i]) == Sum(Partial(L, y[b, s, i])*xhat[b, s, i], (s, 1, L), (b, 1, N))",
     {"assume": _YUEYIMING_DY + r" ; d\beta \text{ denotes } \frac{\partial L}{\partial \beta} ; d\gamma \text{ denotes } \frac{\partial L}{\partial \gamma}", "note": "dbeta, dgamma: the gradients of the loss L in beta and gamma (the section); L is also the sequence length in the bounds (the text uses the letter for both)"}),
    ("yueyiming: step A", r"d\hat{x}_i = dy_i \cdot \gamma_i",
     "Partial(L, xhat[i]) == Partial(L, y[i])*gamma[i]",
     {"assume": _YUEYIMING_DY + " ; " + _YUEYIMING_DXHAT, "note": "\'Gradient w.r.t. normalized input xhat_i\' (the text)"}),
    ("yueyiming: step B", r"d\sigma^2 = \sum_{j=1}^{D} d\hat{x}_j \cdot \frac{\partial \hat{x}_j}{\partial \sigma^2} = \sum_{j=1}^{D} d\hat{x}_j \cdot (x_j - \mu) \cdot \left(-\tfrac{1}{2}(\sigma^2+\varepsilon)^{-3/2}\right)", _GRADNAME),
    ("yueyiming: path 1", r"\sum_{j=1}^{D} d\hat{x}_j \cdot \frac{\partial \hat{x}_j}{\partial \mu} = \sum_{j=1}^{D} d\hat{x}_j \cdot \frac{-1}{\sqrt{\sigma^2+\varepsilon}}",
     "Sum(Partial(L, xhat[j])*Partial(xhat[j], mu), (j, 1, D)) == Sum(-Partial(L, xhat[j])/sqrt(sigma**2 + epsilon), (j, 1, D))",
     {"assume": _YUEYIMING_DXHAT + r" ; \hat{x} \text{ depends on } \mu", "note": "xhat_i = (x_i - mu)/sqrt(sigma^2 + eps) (the forward pass)"}),
    ("yueyiming: path 2", r"d\sigma^2 \cdot \frac{\partial \sigma^2}{\partial \mu} = d\sigma^2 \cdot \frac{-2}{D}\sum_{j=1}^{D}(x_j - \mu) = 0", _GRADNAME),
    ("yueyiming: combined", r"d\mu = \frac{-1}{\sqrt{\sigma^2+\varepsilon}} \sum_{j=1}^{D} d\hat{x}_j",
     "Partial(L, mu) == -Sum(Partial(L, xhat[j]), (j, 1, D))/sqrt(sigma**2 + epsilon)",
     {"assume": _YUEYIMING_DXHAT + r" ; d\mu \text{ denotes } \frac{\partial L}{\partial \mu}", "note": "dmu: the gradient of the loss in mu (the step\'s title)"}),
    ("LayerNormBackward: mean", r"\mu = \frac{1}{F} \sum_{j=1}^{F} X_{ij}", "mu == Sum(X[i, j], (j, 1, F))/F"),
    ("LayerNormBackward: variance", r"\sigma^2 = \frac{1}{F} \sum_{j=1}^{F} (X_{ij} - \mu)^2", "sigma**2 == Sum((X[i, j] - mu)**2, (j, 1, F))/F"),
    ("LayerNormBackward: normalize", r"\hat{X}_{ij} = \frac{X_{ij} - \mu}{\sqrt{\sigma^2 + \epsilon}}", "Xhat[i, j] == (X[i, j] - mu)/sqrt(sigma**2 + epsilon)"),
    ("LayerNormBackward: scale and shift", r"Y_{ij} = \gamma \hat{X}_{ij} + \beta", "Y[i, j] == gamma*Xhat[i, j] + beta"),
    ("LayerNormBackward: gradient", r"\frac{\partial L}{\partial \hat{X}} = \gamma \frac{\partial L}{\partial Y}", _DERIV),
    ("LayerNormBackward: input gradient", r"\frac{\partial L}{\partial X} = \frac{1}{F} \left( \frac{\partial L}{\partial \hat{X}} \cdot \frac{1}{\sqrt{\sigma^2 + \epsilon}} - \frac{\hat{X}}{\sigma^2 + \epsilon} \cdot \frac{\partial L}{\partial \hat{X}} \cdot \hat{X} \right)", _DERIV),
    ("liorsinai: layer norm", r"Z^l = a^{l}\frac{X^{l}-\mu^{l}}{\sigma^{l}+\epsilon} + b^{l}",
     "Z[l] == a[l]*(X[l] - mu[l])/(sigma[l] + epsilon) + b[l]",
     # the page says just below the display that mu^l and sigma^l are the mean and standard
     # deviation of each layer l: l is the layer, a label
     {"note": "the superscripts l are layer labels, not powers", "assume": r"l \text{ is a label}"}),
    ("liorsinai: statistics", r"\begin{align} \mu^l &= \frac{1}{n}\sum_r^n x_r^l \\ \sigma^l &= \sqrt{\frac{1}{n}\sum^n_r (x_r^l - \mu^l)^2} \end{align}",
     "refuse: \\sum_r^n gives no lower bound for r"),
    ("liorsinai: chain rule", r"\frac{\partial L}{\partial x} = \frac{\partial z}{\partial x} \frac{\partial L}{\partial z}", "refuse: Jacobians of vectors defined elsewhere"),
    ("liorsinai: component", r"z_1 = \frac{x_1-\mu}{\sigma+\epsilon}", "z_1 == (x_1 - mu)/(sigma + epsilon)"),
    ("Breloff: mean", r"\mu = \frac{1}{d} \sum_{i=1}^{d} x_i", "mu == Sum(x[i], (i, 1, d))/d"),
    ("Breloff: variance", r"\sigma^2 = \frac{1}{d} \sum_{i=1}^{d} (x_i - \mu)^2", "sigma**2 == Sum((x[i] - mu)**2, (i, 1, d))/d"),
    ("Breloff: normalize", r"\hat{x}_i = \frac{x_i - \mu}{\sqrt{\sigma^2 + \epsilon}}", "xhat[i] == (x[i] - mu)/sqrt(sigma**2 + epsilon)"),
    ("Breloff: output", r"y_i = g_i \hat{x}_i + b_i", "y[i] == g[i]*xhat[i] + b[i]"),
    ("shreyansh26: forward", r"y = \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} * \gamma + \beta", "y == (x - mu)/sqrt(sigma**2 + epsilon)*gamma + beta"),
    ("shreyansh26: mean (inline)", r"\mu = \frac{1}{N} \sum_j x_j", "mu == Sum(x[j], (j, 1, N_j))/N",
     {"note": "the sum over j has no printed range"}),
    ("shreyansh26: variance (inline)", r"\sigma^2 = \frac{1}{N} \sum_j (x_j - \mu)^2", "sigma**2 == Sum((x[j] - mu)**2, (j, 1, N_j))/N"),
    ("shreyansh26: rstd (inline)", r"\text{rstd} = \frac{1}{\sqrt{\sigma^2 + \epsilon}}", "rstd == 1/sqrt(sigma**2 + epsilon)"),
    ("shreyansh26: eq. 1 (inline)", r"\begin{equation} \hat{x}_j = (x_j - \mu) \cdot \text{rstd} \label{eq:1} \end{equation}", "xhat[j] == (x[j] - mu)*rstd"),
    ("shreyansh26: eq. 2 (inline)", r"\begin{equation} y_j = \hat{x}_j \cdot \gamma_j + \beta_j \label{eq:2} \end{equation}", "y[j] == xhat[j]*gamma[j] + beta[j]"),
    ("shreyansh26: dy/dgamma", r"\frac{\partial y_k}{\partial \gamma_j} = \hat{x}_j \delta_{kj}",
     "Partial(y[k], gamma[j]) == xhat[j]*KroneckerDelta(k, j)",
     {"assume": _SHREYANSH, "note": "y_j = xhat_j gamma_j + beta_j (eq. 2) and \'let\'s define delta_kj as 1 if k = j, and 0 otherwise\' (the text); the derivative of y is an opaque number (dependences.py)"}),
    ("shreyansh26: dy/dbeta", r"\frac{\partial y_k}{\partial \beta_j} = \delta_{kj}",
     "Partial(y[k], beta[j]) == KroneckerDelta(k, j)",
     {"assume": _SHREYANSH, "note": "as dy/dgamma"}),
    ("shreyansh26: dL/dgamma", r"\frac{dL}{d\gamma_j} = \sum_k \left( \frac{dL}{dy_k} \frac{\partial y_k}{\partial \gamma_j} \right) = \frac{dL}{dy_j} \frac{\partial y_j}{\partial \gamma_j} = dy_j \cdot \hat{x}_j",
     "Total(L, gamma[j]) == Sum(Total(L, y[k])*Partial(y[k], gamma[j]), (k, 1, N_k)) == Total(L, y[j])*Partial(y[j], gamma[j]) == Total(L, y[j])*xhat[j]",
     {"assume": _SHREYANSH + r" ; dy \text{ denotes } \frac{dL}{dy}", "note": "the text: \'we are given dL/dy_j (denoted as dy_j)\'; the sum over k has no printed range"}),
    ("variance of QK: expectation of a sum", r"\mathbb{E}[X + Y] = \mathbb{E}[X] + \mathbb{E}[Y]", "Expect(X + Y) == Expect(X) + Expect(Y)"),
    ("variance of QK: variance of a sum", r"Var(X + Y) = Var(X) + Var(Y)", "Var(X + Y) == Var(X) + Var(Y)",
     {"note": "italic Var is the variance here (the page's topic); read as the product V a r "
              "it would be a different (and always true) claim; true for independent X, Y"}),
    ("variance of QK: expectation of a product", r"\mathbb{E}[XY] = \mathbb{E}[X]\mathbb{E}[Y]", "Expect(X*Y) == Expect(X)*Expect(Y)",
     {"note": "true for independent X, Y (stated in the text)"}),
    ("variance of QK: variance of a product", r"Var(XY) = (Var(X) + \mathbb{E}[X]^2)(Var(Y) + \mathbb{E}[Y]^2) - \mathbb{E}[X]^2\mathbb{E}[Y]^2",
     "Var(X*Y) == (Var(X) + Expect(X)**2)*(Var(Y) + Expect(Y)**2) - Expect(X)**2*Expect(Y)**2",
     {"note": "italic Var is the variance; E[X]^2 is (E[X])^2; true for independent X, Y"}),
    ("variance of QK: top-left entry (inline)", r"\displaystyle \sum_{i=0}^{d_k} Q_{1,i} K_{i, 1}", "expr Sum(Q[1, i]*K[i, 1], (i, 0, d_k))"),
    ("variance of QK: one term", r"\mathbb{E}[Q_{1, i} K_{i, 1}] = \mathbb{E}[Q_{1, i}] \mathbb{E}[K_{i, 1}] = 0",
     "Expect(Q[1, i]*K[i, 1]) == Expect(Q[1, i])*Expect(K[i, 1]) == 0"),
    ("variance of QK: one term", r"Var(Q_{1, i} K_{i, 1}) = (Var(Q_{1, i}) + \mathbb{E}[Q_{1, i}]^2)(Var(K_{i, 1}) + \mathbb{E}[K_{i, 1}]^2) - \mathbb{E}[Q_{1, i}]^2\mathbb{E}[K_{i, 1}]^2 = 1",
     "Var(Q[1, i]*K[i, 1]) == (Var(Q[1, i]) + Expect(Q[1, i])**2)*(Var(K[i, 1]) + Expect(K[i, 1])**2) - Expect(Q[1, i])**2*Expect(K[i, 1])**2 == 1",
     {"note": "italic Var is the variance; the last link holds for unit-variance, zero-mean "
              "entries (stated in the text)"}),
    ("sinusoidal offsets: question", r"PE(pos, 2dim) = sin(pos / 10000 ^ {2dim/d_{model}} )",
     "refuse: italic letter runs 'sin', 'pos', 'dim' (products of letters, or names?)"),
    ("sinusoidal offsets: question", r"PE(pos, 2dim+1) = cos(pos / 10000 ^ {2dim/d_{model}} )",
     "refuse: italic letter runs 'cos', 'pos', 'dim'"),
    ("sinusoidal offsets: answer", r"\operatorname{PE}(\text{pos}+k,2d)=\operatorname{PE}(\text{pos},2d)\cos(k/c^d)+\operatorname{PE}(\text{pos},2d+1)\sin(k/c^d)",
     "PE(pos + k, 2*d) == PE(pos, 2*d)*cos(k/c**d) + PE(pos, 2*d + 1)*sin(k/c**d)",
     {"note": "\\text{pos} is a variable name here; d is the index of the sinusoid"}),
    ("sinusoidal offsets: restated", r"PE(pos, 2\dim) = \sin\left(\frac{pos}{10000^{2\dim/d_{model}}}\right)",
     "refuse: \\dim is the operator 'dim' (dimension of a space), not a variable; italic 'pos'"),
    ("sinusoidal offsets: restated", r"PE(\text{pos}, 2\text{dim}) = \sin\left(\frac{\text{pos}}{10000^{2\text{dim}/d_{\text{model}}}}\right)",
     "PE(pos, 2*dim) == sin(pos/10000**(2*dim/d_model))",
     {"note": "\\text{pos}, \\text{dim} are variable names: dropping \\text{} here would lose them"}),
    ("sinusoidal offsets: restated", r"PE(pos, 2dim) = \sin\left(\frac{pos}{10000^{\frac{2dim}{d_{model}}}}\right)",
     "refuse: italic letter runs 'pos', 'dim' (products of letters, or names?)"),
]
