"""Peng, Quesnelle, Fan and Shippole, YaRN: Efficient Context Window Extension of Large Language Models."""

SOURCE = ("yarn2023", "YaRN: Efficient Context Window Extension of Large Language Models",
          "arXiv:2309.00071 (ICLR 2024), section 2 (eqs. 1-13) as transcribed in Markdown/LaTeX "
          "with its equation tags and page marks in a public repository's paper notes; "
          "'(inline)' marks formulas of the running text")

_MEMBER = ("refuse: two definitions with their shapes (read as statements now), but each defines "
           "a vector as a function f_q(x_m, m) of a vector and a position, and the size |D| is "
           "the number of dimensions written as a set's size")
_EXPR = "refuse: an expression, not a relation"

DISPLAYS = [
    ("eq. 1", r"\mathbf{q}_m = f_q(\mathbf{x}_m, m) \in \mathbb{R}^{|D|}, \quad \mathbf{k}_n = f_k(\mathbf{x}_n, n) \in \mathbb{R}^{|D|}. \tag{1}",
     _MEMBER),
    # an expression alone is read as one (the session's product decision); the same formula of
    # the EleutherAI blog has this reading: the dot product of the bold vectors q_m and k_n
    ("eq. 2", r"\text{softmax}\left(\frac{\mathbf{q}_m^T \mathbf{k}_n}{\sqrt{|D|}}\right). \tag{2}",
     "expr softmax(dot(q[m], k[n])/sqrt(Abs(D)))"),
    ("sec. 2.1", r"\mathbb{R}^{|D|} \cong \mathbb{C}^{|D|/2}",
     "refuse: an isomorphism of vector spaces (\\cong), not a relation between values"),
    ("eq. 3", r"\big((\mathbf{x}_m)_1, \cdots, (\mathbf{x}_m)_{|D|}\big) \mapsto \big((\mathbf{x}_m)_1 + i(\mathbf{x}_m)_2, \cdots, ((\mathbf{x}_m)_{|D|-1} + i(\mathbf{x}_m)_{|D|})\big), \tag{3}",
     "refuse: a map (\\mapsto) between tuples written with \\cdots"),
    ("eq. 4", r"\big((\mathbf{q}_m)_1, \cdots, (\mathbf{q}_m)_{|D|}\big) \mapsto \big((\mathbf{q}_m)_1 + i(\mathbf{q}_m)_2, \cdots, ((\mathbf{q}_m)_{|D|-1} + i(\mathbf{q}_m)_{|D|})\big). \tag{4}",
     "refuse: a map (\\mapsto) between tuples written with \\cdots"),
    ("sec. 2.1", r"\mathbf{W}_q, \mathbf{W}_k : \mathbb{R}^{|D|} \to \mathbb{R}^{|D|}.",
     "refuse: the signature of two linear maps, not a relation between values"),
    ("eq. 5", r"f_q(\mathbf{x}_m, m) = e^{im\theta} \mathbf{W}_q \mathbf{x}_m, \quad f_k(\mathbf{x}_n, n) = e^{in\theta} \mathbf{W}_k \mathbf{x}_n, \tag{5}",
     "refuse: theta is the diagonal matrix diag(theta_1, ..., theta_{|D|/2}) (the text), so "
     "e^{im theta} is a matrix exponential in complex coordinates; read with a scalar theta it "
     "would be a different claim"),
    ("eq. 6", r"\langle f_q(\mathbf{x}_m, m), f_k(\mathbf{x}_n, n) \rangle_{\mathbb{R}} \tag{6}", _EXPR),
    # rows starting with '=' are read as continuations now: these two stay refused for their
    # expressions (the reason was "a continuation row, not a claim by itself")
    ("eq. 7", r"= \text{Re}(\langle f_q(\mathbf{x}_m, m), f_k(\mathbf{x}_n, n) \rangle_{\mathbb{C}}) \tag{7}",
     "refuse: a continuation row whose expression is a complex inner product of unknown vector-valued functions"),
    ("eq. 8", r"= \text{Re}(\mathbf{x}_m^* \mathbf{W}_q^* \mathbf{W}_k \mathbf{x}_n e^{i\theta(m-n)}) \tag{8}",
     "refuse: a continuation row whose expression has starred x^*, W^* (conjugates of complex vectors and matrices)"),
    ("eq. 9", r"= g(\mathbf{x}_m, \mathbf{x}_n, m - n). \tag{9}", "cont == g(x_m, x_n, m - n)",
     {"note": "a continuation of eq. 8; g a function of two vectors and an offset (was refused)"}),
    ("sec. 2.1 (real form)", r"f_{\mathbf{W}}(\mathbf{x}_m, m, \theta_d) = \begin{pmatrix} \cos m\theta_1 & -\sin m\theta_1 & 0 & 0 & \cdots & 0 & 0 \\ \sin m\theta_1 & \cos m\theta_1 & 0 & 0 & \cdots & 0 & 0 \\ 0 & 0 & \cos m\theta_2 & -\sin m\theta_2 & \cdots & 0 & 0 \\ 0 & 0 & \sin m\theta_2 & \cos m\theta_2 & \cdots & 0 & 0 \\ 0 & 0 & 0 & 0 & \cdots & \cos m\theta_l & -\sin m\theta_l \\ 0 & 0 & 0 & 0 & \cdots & \sin m\theta_l & \cos m\theta_l \end{pmatrix} \mathbf{W}\mathbf{x}_m,",
     "refuse: a matrix of symbolic size written with \\cdots"),
    ("eq. 10", r"f'_{\mathbf{W}}(\mathbf{x}_m, m, \theta_d) = f_{\mathbf{W}}\left(\mathbf{x}_m, \frac{mL}{L'}, \theta_d\right), \tag{10}",
     "fprime_W(x[m], m, theta[d]) == f_W(x[m], m*L/Lprime, theta[d])",
     # the text defines f'_W as the modified function (not a derivative) and f_W in sec. 2.1,
     # and L, L' the original and the extended context lengths (numbers): declared as a user
     # would, --function "f'_W" and --assume "L \in \mathbb{R}"
     {"note": "f' and L' are new names (primes), not derivatives",
      "functions": "f'_W f_W", "optimum": "L'", "assume": r"L \in \mathbb{R}"}),
    # L' is the extended context length (the text): declared a number of its own, as a user
    # declares it with --assume "L' \in \mathbb{R}" (the harness's `optimum` field hands the
    # reader exactly that membership; nothing here is an optimum)
    ("eq. 11", r"s = \frac{L'}{L}, \tag{11}", "s == Lprime/L", {"optimum": "L'"}),
    ("eq. 12", r"f'_{\mathbf{W}}(\mathbf{x}_m, m, \theta_d) = f_{\mathbf{W}}(\mathbf{x}_m, g(m), h(\theta_d)), \tag{12}",
     "fprime_W(x[m], m, theta[d]) == f_W(x[m], g(m), h(theta[d]))",
     # "where g(m), h(theta_d) are method-dependent functions" (the text); f'_W as in eq. 10
     {"functions": "f'_W f_W g h"}),
    ("eq. 13", r"\lambda_d = \frac{2\pi}{\theta_d} = 2\pi b^{\frac{2d}{|D|}}. \tag{13}",
     "lamda[d] == 2*pi/theta[d] == 2*pi*b**(2*d/Abs(D))",
     {"note": "|D| is the number of hidden neurons (D is a set); the absolute-value bars read "
              "the same for a positive size"}),
    ("sec. 2.1 (inline)", r"\theta = \text{diag}(\theta_1, \cdots, \theta_{|D|/2})",
     "refuse: a diagonal matrix given by an argument list with \\cdots"),
    ("sec. 2.1 (inline)", r"\theta_d = b^{-2d/|D|}", "theta[d] == b**(-2*d/Abs(D))"),
    ("sec. 2.1 (inline)", r"b = 10000", "b == 10000"),
    ("sec. 2.1 (inline)", r"\text{Re}(\mathbf{q}^* \mathbf{k})", _EXPR),
    ("sec. 2.2 (inline)", r"L' > L", "Lprime > L", {"optimum": "L'"}),
    ("sec. 2.3 (inline)", r"g(m) = m/s", "g(m) == m/s", {"functions": r"g"}),
    ("sec. 2.3 (inline)", r"h(\theta_d) = \theta_d", "h(theta[d]) == theta[d]", {"functions": r"h"}),
]
