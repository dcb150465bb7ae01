"""Formulas as printed in the documentation of deep-learning frameworks and a textbook."""

SOURCE = ("framework_docs", "Documentation formulas: PyTorch, MindSpore, TensorFlow; Dive into Deep Learning",
          "pages: docs.pytorch.org (torch.nn.CrossEntropyLoss, torch.optim.Adam), mindspore.cn "
          "(mindspore.ops.layer_norm, mindspore.ops.LayerNorm), tensorflow.org (tf.raw_ops.ApplyAdam, "
          "ResourceApplyAdamWithAmsgrad), Dive into Deep Learning sec. 7.8 (Adam) as quoted on "
          "blog.csdn.net; LaTeX as in the pages' math source")

_ALG = "refuse: an update (assignment), not a claim"

DISPLAYS = [
    ("mindspore.ops.layer_norm", r"y = \frac{x - \mathrm{E}[x]}{\sqrt{\mathrm{Var}[x] + \epsilon}} * \gamma + \beta",
     "y == (x - Expect(x))/sqrt(Var(x) + epsilon)*gamma + beta",
     {"note": "E[x], Var[x]: mean and variance over the normalised features"}),
    ("mindspore.ops.LayerNorm", r"y = \frac{x - mean}{\sqrt{variance + \epsilon}} * \gamma + \beta",
     "refuse: 'mean' and 'variance' are italic letter strings (m e a n as a product, or names?)"),
    ("tf.raw_ops.ApplyAdam", r"\text{lr}_t := \mathrm{lr} \cdot \frac{\sqrt{1 - \beta_2^t} }{1 - \beta_1^t}",
     "lr[t] := lr*sqrt(1 - beta_2**t)/(1 - beta_1**t)"),
    ("tf.raw_ops.ApplyAdam", r"m_t := \beta_1 \cdot m_{t-1} + (1 - \beta_1) \cdot g",
     "m[t] := beta_1*m[t - 1] + (1 - beta_1)*g"),
    ("tf.raw_ops.ApplyAdam", r"v_t := \beta_2 \cdot v_{t-1} + (1 - \beta_2) \cdot g^2",
     "v[t] := beta_2*v[t - 1] + (1 - beta_2)*g**2"),
    ("tf.raw_ops.ApplyAdam", r"\text{var} := \begin{cases} \text{var} - (m_t \beta_1 + g \cdot (1 - \beta_1))\cdot\text{lr}_t/(\sqrt{v_t} + \epsilon), &\text{if use_nesterov}\\\\ \text{var} - m_t \cdot \text{lr}_t /(\sqrt{v_t} + \epsilon), &\text{otherwise} \end{cases}",
     "refuse: an update of var in terms of itself, with cases chosen by a flag in text"),
    ("tf.raw_ops.ResourceApplyAdamWithAmsgrad", r"\text{lr}_t := \mathrm{learning_rate} * \sqrt{1 - \beta_2^t} / (1 - \beta_1^t)",
     "refuse: \\mathrm{learning_rate} has a bare underscore (a subscript r inside a name)"),
    ("tf.raw_ops.ResourceApplyAdamWithAmsgrad", r"m_t := \beta_1 * m_{t-1} + (1 - \beta_1) * g",
     "m[t] := beta_1*m[t - 1] + (1 - beta_1)*g"),
    ("tf.raw_ops.ResourceApplyAdamWithAmsgrad", r"v_t := \beta_2 * v_{t-1} + (1 - \beta_2) * g * g",
     "v[t] := beta_2*v[t - 1] + (1 - beta_2)*g*g"),
    ("tf.raw_ops.ResourceApplyAdamWithAmsgrad", r"\hat{v}_t := max{\hat{v}_{t-1}, v_t}",
     "refuse: 'max' without a backslash is the product m a x; braces group, they are no argument list"),
    ("tf.raw_ops.ResourceApplyAdamWithAmsgrad", r"\text{variable} := \text{variable} - \text{lr}_t * m_t / (\sqrt{\hat{v}_t} + \epsilon)",
     "stmt variable <- variable - lr_t*m_t/(sqrt(vhat_t) + epsilon)",
     {"note": "':=' with 'variable' on both sides: the pseudo-code assignment of its new value "
              "(an update, never an equation)"}),
    ("torch.nn.CrossEntropyLoss (1.7)", r"\text{loss}(x, class) = -\log\left(\frac{\exp(x[class])}{\sum_j \exp(x[j])}\right) = -x[class] + \log\left(\sum_j \exp(x[j])\right)",
     "refuse: x[class] indexes with square brackets by an italic word 'class'"),
    ("torch.nn.CrossEntropyLoss (1.7)", r"\text{loss}(x, class) = weight[class] \left(-x[class] + \log\left(\sum_j \exp(x[j])\right)\right)",
     "refuse: square-bracket indexing by italic words (weight[class])"),
    ("torch.nn.CrossEntropyLoss", r"\ell(x, y) = L = \{l_1,\dots,l_N\}^\top, \quad l_n = - w_{y_n} \log \frac{\exp(x_{n,y_n})}{\sum_{c=1}^C \exp(x_{n,c})} \cdot \mathbb{1}\{y_n \not= \text{ignore\_index}\}",
     "refuse: a set with an ellipsis transposed, and an indicator of a condition in text"),
    ("mindspore.ops.Adam", r"\begin{array}{ll} \\ m = \beta_1 * m + (1 - \beta_1) * g \\ v = \beta_2 * v + (1 - \beta_2) * g * g \\ l = \alpha * \frac{\sqrt{1-\beta_2^t}}{1-\beta_1^t} \\ w = w - l * \frac{m}{\sqrt{v} + \epsilon} \end{array}",
     "refuse: updates m = beta_1 m + ..., w = w - ... are assignments (false as equations)"),
    ("torch.optim.Adam (1.11)", r"\widehat{m_t} \leftarrow m_t/\big(1-\beta_1^t \big)", "mhat_t := m_t/(1 - beta_1**t)"),
    ("torch.optim.Adam (1.11)", r"m_t \leftarrow \beta_1 m_{t-1} + (1 - \beta_1) g_t", "m_t := beta_1*m[t - 1] + (1 - beta_1)*g_t"),
    ("torch.optim.Adam (1.11)", r"g_t \leftarrow g_t + \lambda \theta_{t-1}", "stmt g_t <- g_t + lamda*theta[t - 1]",
     {"note": "an update of g_t (was refused as an algorithm step)"}),
    ("Dive into DL 7.8", r"\boldsymbol{v}_t = (1-\beta_1) \sum_{i=1}^t \beta_1^{t-i} \boldsymbol{g}_i",
     "v[t] == (1 - beta_1)*Sum(beta_1**(t - i)*g[i], (i, 1, t))"),
    ("Dive into DL 7.8", r"(1-\beta_1) \sum_{i=1}^t \beta_1^{t-i} = 1 - \beta_1^t",
     "(1 - beta_1)*Sum(beta_1**(t - i), (i, 1, t)) == 1 - beta_1**t"),
    ("Dive into DL 7.8", r"\boldsymbol{v}_1 = 0.1\boldsymbol{g}_1", "v[1] == 0.1*g[1]"),
    ("Dive into DL 7.8", r"0 \leq \beta_1 < 1", "0 <= beta_1 < 1"),
    ("Dive into DL 7.8", r"\beta_1 = 0.9", "beta_1 == 0.9"),
    ("Dive into DL 7.8", r"\boldsymbol{v}_t \leftarrow \beta_1 \boldsymbol{v}_{t-1} + (1 - \beta_1) \boldsymbol{g}_t.", "v_t := beta_1*v[t - 1] + (1 - beta_1)*g_t"),
    ("Dive into DL 7.8", r"\boldsymbol{s}_t \leftarrow \beta_2 \boldsymbol{s}_{t-1} + (1 - \beta_2) \boldsymbol{g}_t \odot \boldsymbol{g}_t.", 
     # g_t \odot g_t of a vector with itself is its componentwise square (the vectors of this
     # update are read componentwise, as the line above)
     "s_t := beta_2*s[t - 1] + (1 - beta_2)*g_t**2"),
    ("mclust logsumexp (rdocumentation.org)", r"\text{LSE}(x_{[i]}) = \log \sum_{j=1}^k \exp(x_j + v_j) = m + \log \sum_{j=1}^k \exp(x_j + v_j - m)",
     "refuse: x_{[i]} names row i of a matrix by a bracketed subscript"),
    ("Wikipedia: LogSumExp", r"\mathrm {LSE} (x_{1},\dots ,x_{n})=\log \left(\exp(x_{1})+\cdots +\exp(x_{n})\right).",
     "refuse: argument lists and sums written with \\dots, \\cdots"),
]
