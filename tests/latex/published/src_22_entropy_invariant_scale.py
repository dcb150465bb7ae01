"""Su Jianlin, the entropy-invariant scale of attention (two blog posts, 2021 and 2022)."""

SOURCE = ("su_entropy_scale", "从熵不变性看Attention的Scale操作; 熵不变性Softmax的一个快速推导 (entropy-invariant attention scale)",
          "blog posts by Su Jianlin, https://kexue.fm/archives/8823 (2021-12-21) and "
          "https://kexue.fm/archives/9034 (2022-04-11), as mirrored in Markdown/LaTeX in public "
          "repositories; equations numbered in order of appearance; '(inline)' marks formulas of "
          "the running text")

_QKV = "Q:n,d K:n,d V:n,d"
_FN = ("italic Attention and softmax applied to bracketed arguments are the functions (the text: "
       "Q, K, V in R^{n x d}); softmax acts row-wise")
_SUBE = "refuse: an expectation with a subscript (E_j, E_theta: over the distribution of k_j or theta)"

DISPLAYS = [
    # -- archives/8823 --
    ("8823 eq. 1", r"\begin{equation}Attention(Q,K,V) = softmax\left(\frac{QK^{\top}}{\sqrt{d}}\right)V\label{eq:std}\end{equation}",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, Q*K.T/sqrt(d))*V", {"matrices": _QKV, "note": _FN}),
    ("8823 eq. 2", r"\begin{equation}\boldsymbol{o}_i = \sum_{j=1}^n a_{i,j}\boldsymbol{v}_j,\quad a_{i,j}=\frac{e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}}{\sum\limits_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}}\end{equation}",
     "o[i] == Sum(a[i, j]*v[j], (j, 1, n)); "
     "a[i, j] == exp(lamda*dot(q[i], k[j]))/Sum(exp(lamda*dot(q[i], k[j])), (j, 1, n))",
     {"note": "two definitions separated by \\quad; o_i, v_j are vectors read entrywise; the j "
              "of the numerator is free, the j of the denominator's sum is bound"}),
    ("8823 (inline)", r"\lambda=1/\sqrt{d}", "lamda == 1/sqrt(d)"),
    ("8823 (inline)", r"n=64", "n == 64"),
    ("8823 (inline)", r"n=128,256", "refuse: an equation with a list of values on the right"),
    ("8823 eq. 3", r"\begin{equation}\mathcal{H}_i = -\sum_{j=1}^n a_{i,j}\log a_{i,j}\end{equation}",
     "H[i] == -Sum(a[i, j]*log(a[i, j]), (j, 1, n))"),
    ("8823 eq. 4", r"\begin{equation}Attention(Q,K,V) = softmax\left(\frac{\kappa \log n}{d}QK^{\top}\right)V\label{eq:ei}\end{equation}",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, kappa*log(n)/d*Q*K.T)*V", {"matrices": _QKV, "note": _FN}),
    ("8823 (inline)", r"n=512", "n == 512"),
    ("8823 (inline)", r"\frac{\kappa \log 512}{d}=\frac{1}{\sqrt{d}}", "kappa*log(512)/d == 1/sqrt(d)"),
    ("8823 (inline)", r"\kappa = \frac{\sqrt{d}}{\log 512}", "kappa == sqrt(d)/log(512)"),
    ("8823 eq. 5", r"\begin{equation}Attention(Q,K,V) = softmax\left(\frac{\log_{512} n}{\sqrt{d}}QK^{\top}\right)V\label{eq:ei2}\end{equation}",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, log(n)/log(512)/sqrt(d)*Q*K.T)*V",
     {"matrices": _QKV, "note": _FN}),
    ("8823 table", r"""\begin{array}{c}
\text{Attention的长度外推实验} \\
{\begin{array}{c|ccccc}
\hline
& n=64 & n=128 & n=256 & n=512 & 1024 \\
\hline
\text{Attention-O} & 43.27 & 36.53 & 23.02 & 15.12 & 11.54\\
\text{Attention-E} & 43.11 & 41.17 & 34.04 & 20.15 & 13.58\\
\hline
\end{array}}
\end{array}""", "refuse: a table of results, not a claim"),
    ("8823 eq. 6", r"\begin{equation}\mathcal{H}_i = -\sum_{j=1}^n a_{i,j}\log a_{i,j}=\log \sum_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j} - \frac{\sum\limits_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}(\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j)}{\sum\limits_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}}\end{equation}",
     "H[i] == -Sum(a[i, j]*log(a[i, j]), (j, 1, n)) == "
     "log(Sum(exp(lamda*dot(q[i], k[j])), (j, 1, n))) - "
     "Sum(exp(lamda*dot(q[i], k[j]))*(lamda*dot(q[i], k[j])), (j, 1, n))/Sum(exp(lamda*dot(q[i], k[j])), (j, 1, n))"),
    ("8823 eq. 7", r"\begin{equation}\sum_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j} = n\times \frac{1}{n}\sum_{j=1}^n e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}\approx n\,\mathbb{E}_j[e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}]\end{equation}", _SUBE),
    ("8823 eq. 8", r"\begin{equation}\mathcal{H}_i \approx \log n + \log \mathbb{E}_j[e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}] - \frac{\lambda\,\mathbb{E}_j[e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}(\boldsymbol{q}_i\cdot \boldsymbol{k}_j)]}{\mathbb{E}_j[e^{\lambda \boldsymbol{q}_i\cdot \boldsymbol{k}_j}]} \end{equation}", _SUBE),
    ("8823 (inline)", r"\boldsymbol{q}_i\cdot \boldsymbol{k}_j=d\cos(\boldsymbol{q}_i,\boldsymbol{k}_j)",
     "refuse: cos(q_i, k_j) names the cosine of the angle between two vectors (a notation), not "
     "a cosine of two arguments"),
    ("8823 eq. 9", r"\begin{equation}\mathcal{H}_i \approx \log n + \log \mathbb{E}_{\theta}[e^{\lambda d \cos\theta}] - \frac{\lambda d\,\mathbb{E}_{\theta}[e^{\lambda d \cos\theta}\cos\theta]}{\mathbb{E}_{\theta}[e^{\lambda d \cos\theta}]} \end{equation}", _SUBE),
    ("8823 eq. 10", r"\begin{equation}\mathcal{H}_i \approx \log n - 0.24\lambda d + \mathcal{O}(1) \end{equation}",
     "refuse: an asymptotic remainder O(1), not a value"),
    ("8823 (inline)", r"\log n - 0.24\lambda d = 0", "log(n) - 0.24*lamda*d == 0"),
    ("8823 (inline)", r"\lambda = \log n / (0.24 d)", "lamda == log(n)/(0.24*d)"),
    ("8823 eq. 11", r"\begin{equation}\lambda = \frac{\kappa\log n}{d}\end{equation}", "lamda == kappa*log(n)/d"),
    ("8823 eq. 12", r"\begin{equation}Attention(Q,K,V) = softmax\left(\frac{\log n}{\sqrt{d}}QK^{\top}\right)V\end{equation}",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, log(n)/sqrt(d)*Q*K.T)*V", {"matrices": _QKV, "note": _FN}),
    ("8823 (inline)", r"Q,K,V\in\mathbb{R}^{n\times d}", "stmt Q, K, V in Space(Reals, n, d)"),
    ("8823 (inline)", r"n=20", "n == 20"),
    # -- archives/9034 --
    ("9034 eq. 1", r"\text{Attention}(Q,K,V) = \text{softmax}\left(\frac{\kappa\log n}{\sqrt{d}} QK^\top\right)V",
     "MatFn(Attention, Q, K, V) == MatFn(softmax, kappa*log(n)/sqrt(d)*Q*K.T)*V",
     {"matrices": _QKV, "note": "as printed in this post (the scale differs from 8823 eq. 4)"}),
    ("9034 (inline)", r"s_1,s_2,\cdots,s_n\in\mathbb{R}", "stmt Entries(s[k], (k, 1, n)) in Reals",
     {"note": "the scores s_1, ..., s_n are real (was refused as a list written with \\cdots)"}),
    ("9034 eq. 2", r"p_i = \frac{e^{\lambda s_i}}{\sum_{i=1}^{n} e^{\lambda s_i}}",
     "p[i] == exp(lamda*s[i])/Sum(exp(lamda*s[i]), (i, 1, n))",
     {"note": "as printed, the free index i is reused as the summation index of the denominator"}),
    ("9034 eq. 3", r"H = -\sum_{i=1}^{n} p_i\log p_i = \log\sum_{i=1}^{n} e^{\lambda s_i} - \lambda\sum_{i=1}^{n}p_i s_i",
     "H == -Sum(p[i]*log(p[i]), (i, 1, n)) == log(Sum(exp(lamda*s[i]), (i, 1, n))) - lamda*Sum(p[i]*s[i], (i, 1, n))"),
    ("9034 eq. 4", r"= \log n + \log\frac{1}{n}\sum_{i=1}^{n} e^{\lambda s_i} - \lambda\sum_{i=1}^{n}p_i s_i",
     "cont == log(n) + log(Sum(exp(lamda*s[i]), (i, 1, n))/n) - lamda*Sum(p[i]*s[i], (i, 1, n))",
     {"note": "a continuation of eq. 3 (was refused)"}),
    ("9034 eq. 5", r"\log\frac{1}{n}\sum_{i=1}^{n} e^{\lambda s_i} \approx \log\exp\left(\frac{1}{n}\sum_{i=1}^{n}\lambda s_i\right) = \lambda\bar{s}",
     "log(Sum(exp(lamda*s[i]), (i, 1, n))/n) ~= log(exp(Sum(lamda*s[i], (i, 1, n))/n)) == lamda*sbar",
     {"note": "an unbracketed \\log takes the whole product (1/n) sum ...; s-bar is the mean of the s_i"}),
    ("9034 (inline)", r"\lambda\sum_{i=1}^{n}p_i s_i \approx \lambda s_{\max}", "lamda*Sum(p[i]*s[i], (i, 1, n)) ~= lamda*s_max"),
    ("9034 eq. 6", r"H \approx \log n - \lambda(s_{\max} - \bar{s})", "H ~= log(n) - lamda*(s_max - sbar)"),
]
