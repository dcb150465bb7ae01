"""Softmax, cross-entropy and log-sum-exp derivations as printed in public notes and blog posts."""

SOURCE = ("softmax_lse_notes", "Softmax / cross-entropy / log-sum-exp derivations (web notes)",
          "pages: sunhaozhe.github.io 'matrix calculus' (2019); two documents of the Nemotron-CC-Math "
          "collection on huggingface.co ('Derivative of Softmax Function', 'How to Compute the "
          "Derivative of Softmax and Cross-Entropy'); raw.org 'The log-sum-exp trick in machine "
          "learning'; hongliangjie.com 'logsum' (2011); jpark7ca.github.io 'softmax'; "
          "iceory.github.io; LaTeX as in the pages")

# what the two Nemotron documents' text states: sigma is the softmax of a vector z of K (n) entries
_SOFTMAX_K = r"\sigma = \mathrm{softmax} ; \mathbf{z} \in \mathbb{R}^K"
_SOFTMAX_N = r"\sigma = \mathrm{softmax} ; z \in \mathbb{R}^n"
# the example's text: the softmax sigma of the vector z = [1, 2, 3]
_SOFTMAX_123 = r"\sigma = \mathrm{softmax} ; \mathbf{z} \in \mathbb{R}^3 ; z_1 = 1 ; z_2 = 2 ; z_3 = 3"
_ENTRY = "exp(z[%d])/Sum(exp(z[j]), (j, 1, 3))"

DISPLAYS = [
    ("sunhaozhe: rules", r"\nabla (u^\intercal A) = \nabla (u^\intercal) A",
     "refuse: gradients of transposed vectors (a rule schema, not a claim about given quantities)"),
    ("sunhaozhe: rules", r"\nabla (u^\intercal v) = \nabla (u^\intercal) v + \nabla (v^\intercal) u",
     "refuse: gradients of transposed vectors (a rule schema)"),
    ("sunhaozhe: cross entropy", r"L = - \sum_i y_i \log p_i", "L == -Sum(y[i]*log(p[i]), (i, 1, N_i))",
     {"note": "the sum over i has no printed range"}),
    ("sunhaozhe: softmax", r"p_i = \frac{ \exp (o_i) }{\sum_j \exp(o_j) }", "p[i] == exp(o[i])/Sum(exp(o[j]), (j, 1, N_j))"),
    ("sunhaozhe: derivative", r"\begin{equation}\begin{split} \frac{\partial p_i}{\partial o_k} = \frac{ \partial \frac{ \exp (o_i) }{\sum_j \exp(o_j)} }{\partial o_k} = \frac{ \frac{\partial \exp(o_i)}{\partial o_k} \sum_j \exp(o_j) - \frac{\partial \sum_j \exp(o_j)}{\partial o_k} \exp (o_i) }{(\sum_j \exp(o_j))^2} \end{split}\end{equation}",
     "Partial(p[i], o[k]) == Derivative(exp(o[i])/Sum(exp(o[j]), (j, 1, N_j)), o[k]) == "
     "(Derivative(exp(o[i]), o[k])*Sum(exp(o[j]), (j, 1, N_j)) - Derivative(Sum(exp(o[j]), (j, 1, N_j)), o[k])*exp(o[i]))/Sum(exp(o[j]), (j, 1, N_j))**2",
     {"assume": r"p \text{ depends on } o", "note": "p_i is the softmax of o, defined in the display "
      "above (its derivative on the left is an opaque number: dependences.py); the sum over j has "
      "no printed range"}),
    ("sunhaozhe: case i = k", r"\begin{equation}\begin{split} \frac{\partial p_i}{\partial o_k} &= \frac{ \exp (o_k) \sum_j \exp(o_j) - \exp (o_k) \exp (o_k) }{(\sum_j \exp(o_j))^2} \\ &= \frac{\exp (o_k)}{\sum_j \exp(o_j)} \frac{ \sum_j \exp(o_j) - \exp (o_k) }{\sum_j \exp(o_j)} \\ &= p_k (1 - p_k) \end{split}\end{equation}",
     "Partial(p[i], o[k]) == (exp(o[k])*Sum(exp(o[j]), (j, 1, N_j)) - exp(o[k])*exp(o[k]))/Sum(exp(o[j]), (j, 1, N_j))**2 == "
     "exp(o[k])/Sum(exp(o[j]), (j, 1, N_j))*(Sum(exp(o[j]), (j, 1, N_j)) - exp(o[k]))/Sum(exp(o[j]), (j, 1, N_j)) == p[k]*(1 - p[k])",
     {"assume": r"p \text{ depends on } o ; i \in \mathbb{Z} ; i = k", "note": "the text states the "
      "case i = k for this display; p_i is the softmax of o (the display above)"}),
    ("sunhaozhe: cases", r"\begin{equation}\begin{split} \frac{\partial p_i}{\partial o_k} = \begin{cases} p_k (1 - p_k) & \text{if }\; i=k \\ - p_k p_i & \text{if }\; i\neq k \end{cases} \end{split}\end{equation}",
     "Partial(p[i], o[k]) == Piecewise((p[k]*(1 - p[k]), Eq(i, k)), (-p[k]*p[i], True))",
     {"assume": r"p \text{ depends on } o", "note": "p_i is the softmax of o (the display above); "
      "the conditions i = k and i != k exclude each other"}),
    ("sunhaozhe: inline", r"\sum_i y_i = 1", "Sum(y[i], (i, 1, N_i)) == 1"),
    ("nemotron softmax derivative: definition", r"\sigma(\mathbf{z})_i = \frac{e^{z_i}}{\sum_{j=1}^{K} e^{z_j}}",
     "exp(z[i])/Sum(exp(z[j]), (j, 1, K)) == exp(z[i])/Sum(exp(z[j]), (j, 1, K))",
     {"assume": _SOFTMAX_K, "note": "the text: 'the softmax function for a vector z = [z_1, ..., z_K] "
      "is defined as'; read under that declaration, the definition is an identity"}),
    ("nemotron softmax derivative: cases", r"""\frac{\partial \sigma(\mathbf{z})_i}{\partial z_k} = 
\begin{cases} 
\sigma(\mathbf{z})_i (1 - \sigma(\mathbf{z})_i) & \text{if } i = k \\
-\sigma(\mathbf{z})_i \sigma(\mathbf{z})_k & \text{if } i \neq k 
\end{cases}""",
     "Derivative(exp(z[i])/Sum(exp(z[j]), (j, 1, K)), z[k]) == Piecewise("
     "(exp(z[i])/Sum(exp(z[j]), (j, 1, K))*(1 - exp(z[i])/Sum(exp(z[j]), (j, 1, K))), Eq(i, k)), "
     "(-exp(z[i])/Sum(exp(z[j]), (j, 1, K))*exp(z[k])/Sum(exp(z[j]), (j, 1, K)), True))",
     {"assume": _SOFTMAX_K, "note": "sigma the softmax of z in R^K (the text); the rows' conditions "
      "i = k and i != k exclude each other"}),
    ("nemotron softmax derivative: Kronecker form", r"\frac{\partial \sigma(\mathbf{z})_i}{\partial z_k} = \sigma(\mathbf{z})_i (\delta_{ik} - \sigma(\mathbf{z})_k)",
     "Derivative(exp(z[i])/Sum(exp(z[j]), (j, 1, K)), z[k]) == "
     "exp(z[i])/Sum(exp(z[j]), (j, 1, K))*(KroneckerDelta(i, k) - exp(z[k])/Sum(exp(z[j]), (j, 1, K)))",
     {"assume": _SOFTMAX_K, "note": "the text calls delta_{ik} the Kronecker delta"}),
    ("nemotron softmax derivative: example", r"\sigma(\mathbf{z}) = \left[ \frac{e^1}{e^1 + e^2 + e^3}, \frac{e^2}{e^1 + e^2 + e^3}, \frac{e^3}{e^1 + e^2 + e^3} \right]",
     " ; ".join(f"{_ENTRY % k} == exp({k})/(E + exp(2) + exp(3))" for k in (1, 2, 3)),
     {"assume": _SOFTMAX_123, "note": "the text: z = [1, 2, 3]; the softmax of z equated to the list "
      "of its entries, read entry by entry (three claims; symbolic/latex/lists.py)"}),
    ("nemotron softmax derivative: example", r"\sigma(\mathbf{z}) = [0.090, 0.244, 0.665]", " ; ".join(f"{_ENTRY % k} == {v}" for k, v in ((1, "0.090"), (2, "0.244"), (3, "0.665"))),
     {"assume": _SOFTMAX_123, "note": "as printed (rounded values written with '='): read "
      "faithfully, entry by entry, each claim is false (e/(e + e^2 + e^3) = 0.0900...)"}),
    ("nemotron softmax and cross-entropy: softmax", r"\sigma(z)_i = \frac{e^{z_i}}{\sum_{j=1}^n e^{z_j}}",
     "exp(z[i])/Sum(exp(z[j]), (j, 1, n)) == exp(z[i])/Sum(exp(z[j]), (j, 1, n))",
     {"assume": _SOFTMAX_N, "note": "the text: 'the softmax function is defined as ... for i = 1..n "
      "and input vector z = (z_1, ..., z_n)'; under that declaration the definition is an identity"}),
    ("nemotron softmax and cross-entropy: i = j", r"\frac{\partial \sigma(z)_i}{\partial z_j} = \sigma(z)_i (\delta_{ij} - \sigma(z)_j)",
     "Derivative(exp(z[i])/Sum(exp(z[k]), (k, 1, n)), z[j]) == "
     "exp(z[i])/Sum(exp(z[k]), (k, 1, n))*(KroneckerDelta(i, j) - exp(z[j])/Sum(exp(z[k]), (k, 1, n)))",
     {"assume": _SOFTMAX_N, "note": "delta_{ij} the Kronecker delta, as the text writes the two "
      "cases i = j and i != j together"}),
    ("nemotron softmax and cross-entropy: i != j", r"\frac{\partial \sigma(z)_i}{\partial z_j} = -\sigma(z)_i \sigma(z)_j",
     "Derivative(exp(z[i])/Sum(exp(z[k]), (k, 1, n)), z[j]) == "
     "-exp(z[i])/Sum(exp(z[k]), (k, 1, n))*exp(z[j])/Sum(exp(z[k]), (k, 1, n))",
     {"assume": _SOFTMAX_N + r" ; i \ne j", "note": "the text states the case 'when i != j' for this "
      "display"}),
    ("nemotron softmax and cross-entropy: Jacobian", r"\frac{\partial \sigma(z)}{\partial z} = \text{diag}(\sigma(z)) - \sigma(z) \sigma(z)^T",
     "refuse: the Jacobian matrix of a vector function (diag and an outer product)"),
    ("nemotron softmax and cross-entropy: loss", r"L(y, \hat{y}) = -\sum_{i=1}^n y_i \log(\hat{y}_i)",
     "L(y, yhat) == -Sum(y[i]*log(yhat[i]), (i, 1, n))"),
    ("nemotron softmax and cross-entropy: dL/dy", r"\frac{\partial L}{\partial \hat{y}_i} = -\frac{y_i}{\hat{y}_i}",
     "Partial(L, yhat[i]) == -y[i]/yhat[i]",
     {"assume": r"L \text{ depends on } \hat{y}", "note": "the loss L(y, yhat) is defined in "
      "the display above; its derivative here is an opaque number (dependences.py)"}),
    ("raw.org: definition", r"y = \log\sum\limits_{i=1}^n e^{x_i}", "y == log(Sum(exp(x[i]), (i, 1, n)))"),
    ("raw.org: filtering", r"p(h_t\vert v_{1:t}) \equiv \alpha(h_t) = p(v_t\vert h_t)\prod_{h_t}\alpha(h_{t-1})p(h_t\vert h_{t-1})",
     "refuse: conditional probabilities p(a | b) and a product over values of h_t"),
    ("raw.org: filtering in log space", r"\log \alpha(h_t) = \log p(v_t\vert h_t)+ \log \sum_{h_t}\exp(\log \alpha(h_{t-1}) + \log p(h_t\vert h_{t-1}))",
     "refuse: conditional probabilities p(a | b) and a sum over values of h_t"),
    ("raw.org: the trick", r"\log\sum\limits_{i=1}^n e^{x_i} = a + \log\sum\limits_{i=1}^n e^{x_i-a}",
     "log(Sum(exp(x[i]), (i, 1, n))) == a + log(Sum(exp(x[i] - a), (i, 1, n)))"),
    ("raw.org: the shift", r"a=\underset{i}{max} x_i", "refuse: 'max' without a backslash (the italic product m a x) under \\underset"),
    ("hongliangjie: the quantity", r"""\begin{align}

\log \sum_{i=1}^{n} \exp (x_{i})

\end{align}""", "expr log(Sum(exp(x[i]), (i, 1, n)))"),
    ("hongliangjie: the maximum", r"""\begin{align}

m = \underset{x^{\prime}}{\arg\max} \, x_{i}

\end{align}""", "refuse: an arg max over x' of x_i (the author means the maximum)"),
    ("hongliangjie: derivation", r"""\begin{align}

\log \sum_{i=1}^{n} \exp (x_{i}) &= \log \Bigr( \sum_{i=1}^{n} \frac{\exp (m)}{\exp (m)} \exp(x_{i}) \Bigl) \\

&= \log \Bigr( \exp (m) \sum_{i=1}^{n} \frac{1}{\exp (m)} \exp(x_{i}) \Bigl) \\

&= \log \exp( m) + \log \Bigr( \sum_{i=1}^{n} \exp(-m) \exp(x_{i}) \Bigl) \\

&= m + \log \Bigr( \sum_{i=1} \exp( x_{i} -m ) \Bigl)

\end{align}""", "refuse: the last sum has a lower bound and no upper bound"),
    ("hongliangjie: sums of logs", r"""\begin{align}

\log \sum_{i=1}^{n} y_{i} & = \log \Bigr( \sum_{i=1}^{n} \exp \log (y_{i}) \Bigl) \\

&= \log m + \log \Bigr( \sum_{i=1}^{n} \exp ( \log y_{i} – \log m) \Bigl)

\end{align}""",
     "log(Sum(y[i], (i, 1, n))) == log(Sum(exp(log(y[i])), (i, 1, n))) == log(m) + log(Sum(exp(log(y[i]) - log(m)), (i, 1, n)))",
     {"note": "the page prints an en dash (–) where a minus is meant; refusing it is also acceptable"}),
    ("jpark7ca: gradient", r"\frac{\partial C}{\partial z_{i}} = \sum_{k}^{ } \frac{\partial C}{\partial s_{k}}\frac{\partial s_{k}}{\partial z_{i}} = s_{i} - y_{i}",
     "refuse: derivatives of a cost defined elsewhere; a sum with an empty upper limit"),
    ("jpark7ca: cost", r"C = -\sum_{k}^{ } y_{k}ln(s_{k} )", "refuse: 'ln' without a backslash (the italic product l n); an empty upper limit"),
    ("iceory: softmax", r"""y_i = \frac{e^{x_i}}{\sum e^{x_k}}, for~i=1,…, C""",
     "refuse: a sum with no index and a condition written as italic text ('for')"),
]
