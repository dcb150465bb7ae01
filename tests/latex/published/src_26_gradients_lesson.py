"""Partial derivatives and gradients for deep learning, as printed in a public course lesson."""

SOURCE = ("gradients_lesson", "레슨 2: 편미분과 그래디언트 (partial derivatives and gradients, course lesson)",
          "a public repository of Korean course notes on the mathematics of deep learning, lesson 2 "
          "(partial derivatives, gradients, directional derivatives, gradient descent on a "
          "quadratic, gradients of sigmoid, ReLU and MSE); LaTeX as in the Markdown; '(inline)' "
          "marks formulas of the running text and exercises")

_GRAD = "refuse: a gradient (nabla f) of a function of a vector"

DISPLAYS = [
    ("sec. 1.2", r"\frac{\partial f}{\partial x_i} = \lim_{h \to 0} \frac{f(x_1, \ldots, x_i + h, \ldots, x_n) - f(x_1, \ldots, x_n)}{h}",
     "refuse: argument lists written with \\ldots (the definition of a partial derivative for n variables)"),
    ("sec. 1.3 (inline)", r"\frac{\partial f}{\partial x_i} \approx \frac{f(\mathbf{x} + h\mathbf{e}_i) - f(\mathbf{x} - h\mathbf{e}_i)}{2h}",
     "refuse: f is a function of the vector x, differentiated by its component x_i, at x + h e_i "
     "with the unit vector e_i"),
    ("sec. 2.1", r"\nabla f(\mathbf{x}) = \begin{bmatrix} \frac{\partial f}{\partial x_1} \\ \frac{\partial f}{\partial x_2} \\ \vdots \\ \frac{\partial f}{\partial x_n} \end{bmatrix}",
     "refuse: a column of symbolic length written with \\vdots"),
    ("sec. 2.3", r"f(\mathbf{x} + \boldsymbol{\delta}) \approx f(\mathbf{x}) + \nabla f(\mathbf{x})^\top \boldsymbol{\delta}",
     "Val(f, x + delta) ~= Val(f, x) + S1(Grad(f, x).T*delta)",
     # the text: f a function of x in R^n, delta a small step in R^n; the first-order Taylor
     # approximation: f's values at x and x + delta and its gradient at x, opaque
     {"matrices": "delta:n,1 x:n,1", "functions": "f",
      "assume": r"\boldsymbol{\delta}, \mathbf{x} \in \mathbb{R}^n"}),
    ("sec. 2.3 (inline)", r"\|\boldsymbol{\delta}\| = 1", "norm(delta) == 1", {"vectors": "delta"}),
    ("sec. 2.3 (inline)", r"\boldsymbol{\delta} = -\eta \nabla f(\mathbf{x})", "delta == -eta*Grad(f, x)",
     # the text: f is a function of the vector x in R^n and delta a step in R^n; the gradient
     # at x is an opaque vector of R^n (the same one wherever nabla f(x) is written)
     {"matrices": "delta:n,1 x:n,1", "functions": "f",
      "assume": r"\boldsymbol{\delta}, \mathbf{x} \in \mathbb{R}^n"}),
    ("sec. 2.3 (inline)", r"\eta > 0", "eta > 0"),
    ("sec. 3.1", r"D_\mathbf{u} f(\mathbf{x}) = \nabla f(\mathbf{x})^\top \mathbf{u}", _GRAD),
    ("sec. 4.1", r"\mathbf{x}^{(t+1)} = \mathbf{x}^{(t)} - \eta \nabla f(\mathbf{x}^{(t)})",
     "Iter(x, t + 1) == Iter(x, t) - eta*Grad(f, Iter(x, t))",
     # the text: gradient descent on f of x in R^n; x^{(t)} the t-th iterate (a label)
     {"matrices": "x:n,1", "functions": "f"}),
    ("sec. 4.2", r"\nabla f(\mathbf{x}) = \mathbf{A}\mathbf{x} - \mathbf{b}", "Grad(f, x) == A*x - b",
     # the text: f(x) = x^T A x / 2 - b^T x, a function of x in R^n (A n x n, b in R^n): the
     # display states its gradient; read as the opaque gradient equal to Ax - b (the quadratic
     # itself is in the running text, not in the display, so nothing ties the two here)
     {"matrices": "A:n,n b:n,1 x:n,1", "functions": "f"}),
    ("sec. 4.2 (inline)", r"\mathbf{x}^* = \mathbf{A}^{-1}\mathbf{b}", "xstar == A**-1*b",
     {"matrices": "A:n,n b:n,1 xstar:n,1", "optimum": r"\mathbf{x}^*:n",
      "note": "A is a symmetric positive definite n x n matrix, x, b vectors of R^n (the text); "
              "A^{-1} the inverse (A is invertible, the text), x^* the minimiser, a vector"}),
    ("sec. 4.2 (inline)", r"\kappa \approx 1", "kappa ~= 1"),
    ("sec. 4.3", r"\eta^* = \frac{2}{\lambda_{\max} + \lambda_{\min}}", "etastar == 2/(lamda[max] + lamda[min])",
     {"note": "eta^* is a name (the optimal rate); lambda_max, lambda_min the extreme eigenvalues",
      "optimum": r"\eta^*"}),
    ("sec. 5.1", r"\sigma(x) = \frac{1}{1 + e^{-x}}, \quad \sigma'(x) = \sigma(x)(1 - \sigma(x))",
     "1/(1 + exp(-x)) == 1/(1 + exp(-x)); "
     "Derivative(1/(1 + exp(-x)), x) == 1/(1 + exp(-x))*(1 - 1/(1 + exp(-x)))",
     {"note": "a definition and the derivative of the function it defines (sigma' is d sigma/dx); "
              "the text names sigma the logistic sigmoid, which is what the display defines, so "
              "sigma(x) is written out as the sigmoid (reviewed by the lead: reading sigma as the "
              "sigmoid, as docs/reading.md's convention does, is what the author means)"}),
    ("sec. 5.2", r"\text{ReLU}(x) = \max(0, x), \quad \text{ReLU}'(x) = \begin{cases} 1 & x > 0 \\ 0 & x < 0 \end{cases}",
     # was read (Derivative(ReLU(x), x) == Piecewise((1, x > 0), (0, x < 0))); now refused like
     # d/dx |x| and d/dx max(0, x): the reader does not read a derivative over a domain holding
     # the kink, even where the right side, as here, leaves the kink out (red team: ReLU'(x) = 1
     # under x >= 0 was proved through the reading)
     "refuse: the derivative of ReLU over all reals, which has no value at its kink 0",
     {"note": "the derivative by cases, left undefined at 0 as printed"}),
    ("sec. 5.3", r"L = \frac{1}{n}\sum_{i=1}^{n}(y_i - \hat{y}_i)^2, \quad \frac{\partial L}{\partial \hat{y}_i} = \frac{2}{n}(\hat{y}_i - y_i)",
     # the second claim differentiates the L the first row defines: its definition is the
     # dependence on yhat_i, with the sum's bound i renamed away from the free i of yhat_i
     # (was refused: "no single reading of L's dependence"; the definition in the same display
     # is that reading)
     "L == Sum((y[i] - yhat[i])**2, (i, 1, n))/n; "
     "Derivative(Sum((y[k] - yhat[k])**2, (k, 1, n))/n, yhat[i]) == 2*(yhat[i] - y[i])/n"),
    ("sec. 6.1 (inline)", r"n \sim 10^9", "refuse: '\\sim' (of the order of) is informal"),
    ("exercise 1 (inline)", r"f(x_1, x_2, x_3) = x_1 x_2 + x_2 x_3^2 - \ln(x_1)",
     "f(x_1, x_2, x_3) == x_1*x_2 + x_2*x_3**2 - log(x_1)"),
    ("exercise 2 (inline)", r"f(x, y) = (1 - x)^2 + 100(y - x^2)^2", "f(x, y) == (1 - x)**2 + 100*(y - x**2)**2"),
    ("exercise 4 (inline)", r"f(x, y) = e^{xy} + \sin(x + y)", "f(x, y) == exp(x*y) + sin(x + y)"),
]
