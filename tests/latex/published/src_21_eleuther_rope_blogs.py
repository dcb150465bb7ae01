"""EleutherAI blog: 'Rotary Embeddings: A Relative Revolution' (2021) and 'Extending the RoPE' (2023)."""

SOURCE = ("eleuther_rope", "Rotary Embeddings: A Relative Revolution; Extending the RoPE (EleutherAI blog)",
          "blog.eleuther.ai/rotary-embeddings (Biderman, Black, Foster, Gao, Hallahan, He, Wang and "
          "Wang, 2021-04-20) and blog.eleuther.ai/yarn (Fan, Peng and Quesnelle, 2023-11-05); the "
          "formulas as in the posts' Markdown/MathJax source (public copies of the blog's "
          "repository), misprints and Markdown escapes (\\\\\\\\ for a row break) included; "
          "'(inline)' marks formulas of the running text")

_EXPR = "refuse: an expression, not a relation"
_V = {"vectors": "q k"}

DISPLAYS = [
    # -- Rotary Embeddings: A Relative Revolution (2021) --
    ("rotary: intuition (inline)", r"\mathbf{q} \cdot \mathbf{k} = \lVert \mathbf{q} \rVert \lVert \mathbf{k} \rVert \cos(\theta_{qk})",
     "dot(q, k) == norm(q)*norm(k)*cos(theta_qk)",
     {"vectors": "q k", "note": "theta_{qk} is the angle between q and k"}),
    ("rotary: intuition (inline)", r"0 < \varepsilon \leq \frac \pi {2N}", "0 < epsilon <= pi/(2*N)",
     {"note": "\\frac \\pi {2N}: TeX takes the single token \\pi as the numerator"}),
    ("rotary: intuition", r"""\begin{align}
    \mathrm{RoPE}(x, m) &= xe^{mi\varepsilon} \\\\
    \langle \mathrm{RoPE}(q_j, m), \mathrm{RoPE}(k_j, n)\rangle &= \langle q_j e^{mi\varepsilon}, k_j e^{ni\varepsilon} \rangle \\\\
    &= q_j k_j e^{mi\varepsilon} \overline{e^{ni\varepsilon}} \\\\
    &= q_j k_j e^{(m - n)i\varepsilon} \\\\
    &= \mathrm{RoPE}(q_j k_j, m - n)
\end{align}""",
     "refuse: <., .> of complex numbers whose convention (a times the conjugate of b) is only "
     "implied by the next row; not one reading"),
    ("rotary: derivation, eq. fg", r"""\begin{equation}\label{fg}
    \langle f(\mathbf{q}, m),f(\mathbf{k},n) \rangle = g(\mathbf{q}, \mathbf{k}, m - n)
\end{equation}""",
     "S1(Fn(f, d, q, m).T*Fn(f, d, k, n)) == Fn(g, 1, q, k, m - n)",
     # the post: q, k in R^d (the query and key), m, n their positions (whole numbers); f maps
     # a vector and a position to a vector of R^d, g gives a number depending only on q, k and
     # m - n (its value is the inner product): declared by their signatures
     {"matrices": "q:d,1 k:d,1",
      "assume": r"f: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d ; "
                r"g: \mathbb{R}^d \times \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}",
      "note": "the requirement read as an equation between opaque values (was refused)"}),
    ("rotary: derivation, exponential form", r"""\begin{align*}
    f(\mathbf{q}, m) &= R_f(\mathbf{q}, m)e^{i\Theta_f(\mathbf{q}, m)}\\\\
    f(\mathbf{k}, n) &= R_f(\mathbf{k}, n)e^{i\Theta_f(\mathbf{k}, n)}\\\\
    g(\mathbf{q}, \mathbf{k}, m - n) &= R_g(\mathbf{q}, \mathbf{k}, m - n)e^{i\Theta_g(\mathbf{q}, \mathbf{k}, m - n)}
\end{align*}""",
     "f(q, m) == R_f(q, m)*exp(I*Theta_f(q, m)); f(k, n) == R_f(k, n)*exp(I*Theta_f(k, n)); "
     "g(q, k, m - n) == R_g(q, k, m - n)*exp(I*Theta_g(q, k, m - n))",
     {"note": "polar form of complex-valued functions: i is the imaginary unit; the doubled row "
              "breaks leave empty rows, which hold no claim"}),
    ("rotary: derivation, components", r"""\begin{align*}
    R_f(\mathbf{q}, m) R_f(\mathbf{k}, n) &= R_g(\mathbf{q}, \mathbf{k}, m - n)\\\\
    \Theta_f(\mathbf{q}, m) - \Theta_f(\mathbf{k}, n) &= \Theta_g(\mathbf{q}, \mathbf{k}, m - n)\\\\
\end{align*}""",
     "R_f(q, m)*R_f(k, n) == R_g(q, k, m - n); Theta_f(q, m) - Theta_f(k, n) == Theta_g(q, k, m - n)"),
    ("rotary: derivation (inline)", r"m=n", "m == n"),
    ("rotary: derivation (inline)", r"f(\mathbf{x}, 0) = \mathbf{x}", "f(x, 0) == x"),
    ("rotary: derivation, m = n", r"R_f(\mathbf{q}, m) R_f(\mathbf{k}, m) = R_g(\mathbf{q}, \mathbf{k}, 0) = R_f(\mathbf{q}, 0) R_f(\mathbf{k}, 0) = \mathbf{q}\mathbf{k}",
     "R_f(q, m)*R_f(k, m) == R_g(q, k, 0) == R_f(q, 0)*R_f(k, 0) == q*k",
     {"note": "the derivation is coordinate-wise (the text): q, k are single coordinates here and "
              "R_f(x, 0) = x, so the last side is the product q k"}),
    ("rotary: derivation (inline)", r"R_f(\mathbf{x}, y) = \mathbf{x}", "R_f(x, y) == x"),
    ("rotary: derivation (inline)", r"\Theta(\mathbf{x}) = \Theta_f(\mathbf{x}, 0)", "Theta(x) == Theta_f(x, 0)", {"functions": r"\Theta \Theta_f"}),
    ("rotary: derivation, angles", r"\Theta_f(\mathbf{q}, m) - \Theta_f(\mathbf{k}, m) = \Theta_g(\mathbf{q}, \mathbf{k}, 0) = \Theta_f(\mathbf{q}, 0) - \Theta_f(\mathbf{k}, 0) = \Theta(\mathbf{q}) - \Theta(\mathbf{k})",
     "Theta_f(q, m) - Theta_f(k, m) == Theta_g(q, k, 0) == Theta_f(q, 0) - Theta_f(k, 0) == Theta(q) - Theta(k)", {"functions": r"\Theta \Theta_f \Theta_g"}),
    ("rotary: derivation (inline)", r"\Theta_f(\mathbf{q}, m) - \Theta(\mathbf{q}) = \Theta_f(\mathbf{k}, m) - \Theta(\mathbf{k})",
     "Theta_f(q, m) - Theta(q) == Theta_f(k, m) - Theta(k)", {"functions": r"\Theta \Theta_f"}),
    ("rotary: derivation (inline)", r"\Theta_f(\mathbf{x}, y) = \Theta(\mathbf{x}) + \varphi(y)",
     "Theta_f(x, y) == Theta(x) + varphi(y)", {"functions": r"\Theta_f \Theta \varphi"}),
    ("rotary: derivation (inline)", r"m = n + 1", "m == n + 1"),
    ("rotary: derivation, m = n + 1", r"\varphi(m) - \varphi(m-1) = \Theta_g(\mathbf{q}, \mathbf{k}, 1) + \Theta(\mathbf{q}) - \Theta(\mathbf{k})",
     "varphi(m) - varphi(m - 1) == Theta_g(q, k, 1) + Theta(q) - Theta(k)", {"functions": r"\varphi \Theta_g \Theta"}),
    ("rotary: derivation (inline)", r"\varphi(0)=0", "varphi(0) == 0", {"functions": r"\varphi"}),
    ("rotary: derivation (inline)", r"\varphi(1)=\theta", "varphi(1) == theta", {"functions": r"\varphi"}),
    ("rotary: derivation (inline)", r"\varphi(m)=m\theta", "varphi(m) == m*theta", {"functions": r"\varphi"}),
    ("rotary: final formula", r"""\begin{equation}
    f(\mathbf{q}, m) = R_f(\mathbf{q}, m)e^{i\Theta_f(\mathbf{q}, m)}=\mathbf{q}e^{i(\Theta(\mathbf{q})+m\mathbf{\theta})} = \sum_{j=0}^{d/2} q_je^{im\theta_j} \vec{e_j}
\end{equation}""",
     "refuse: a vector identified with complex numbers, a bold theta (a vector of angles) in an "
     "exponent, and a sum of basis vectors e_j"),
    ("rotary: matrix form", r"""\begin{equation}
    f(\mathbf{q}, m) =
    \begin{pmatrix}
	    M_1 & & &  \\\\
	   & M_2 & & \\\\
	   & & \ddots & \\\\
	   & & & M_{d/2}
    \end{pmatrix}
    \begin{pmatrix}
	   q_1\\\\
	   q_2& \\\\
	   \vdots\\\\
	   q_{d/2}
    \end{pmatrix} = \mathbf{\Theta_m Q_m} = \mathbf{\Theta_m W_qX_m}
    \end{equation}""",
     "refuse: block matrices of symbolic size written with \\ddots and \\vdots"),
    ("rotary: matrix form (inline)", r"M_j=\begin{pmatrix}\cos m\theta_j & -\sin m\theta_j \\\sin m\theta_j & \cos m\theta_j\end{pmatrix}",
     "M_j == Matrix([[cos(m*theta[j]), -sin(m*theta[j])], [sin(m*theta[j]), cos(m*theta[j])]]).as_immutable()",
     {"matrices": "M_j:2,2", "note": "a 2x2 rotation block; '\\\\\\sin' is a row break then \\sin"}),
    ("rotary: multiple dimensions", r"""\begin{align}
    \langle f(\mathbf{q}, m, i),f(\mathbf{k}, n, j) \rangle &= \langle f_1(\mathbf{q}_{:d/2}, m),f_1(\mathbf{k}_{:d/2}, n) \rangle + \langle f_2(\mathbf{q}_{d/2:}, i),f_2(\mathbf{k}_{d/2:}, j) \rangle \\\\
    &= g_1(\mathbf{q}_{:d/2}, \mathbf{k}_{:d/2}, m - n) + g_2(\mathbf{q}_{d/2:}, \mathbf{k}_{d/2:}, i - j) \\\\
    &= g(\mathbf{q}, \mathbf{k}, m - n, i - j)
\end{align}""",
     "refuse: slices q_{:d/2}, q_{d/2:} and inner products of vector-valued functions"),
    ("rotary: derivation (inline)", r"\mathbf{q}=(q_0,q_1,q_2,q_3,\ldots,q_{d-1})",
     "stmt q = Entries(q[k], (k, 0, d - 1))",
     {"note": "the d entries of the query q named (was refused as a tuple with an ellipsis)"}),
    # -- Extending the RoPE (2023) --
    ("yarn blog: conventions", r"q_m = f_q(x_m, m) \in \mathbb R^{|L|}, k_m = f_k(x_m, m) \in \mathbb R^{|L|}.",
     "refuse: two definitions with their shapes, split at the comma, but each defines a vector "
     "as a function f_q(x_m, m) of a vector and a position (not read entry by entry), in "
     "R^{|L|} (a set's size as the dimension)"),
    # \( \) are the blog's Markdown-escaped brackets (it shows softmax(...)); an expression is
    # read since the expression convention (was _EXPR, a refusal, when expressions were refused)
    ("yarn blog: conventions", r"\text{softmax}\(\dfrac{q_m^Tk_n}{\sqrt{|D|}}\),",
     "expr softmax(dot(q[m], k[n])/sqrt(Abs(D)))"),
    ("yarn blog: RoPE", r"f_q(x_m, m)^Tf_k(x_n, n) = g(x_m, x_n, m - n),",
     "refuse: a requirement on unknown vector-valued functions (transposes of their values)"),
    ("yarn blog: general form", r"f'_W(x_m, m, \theta_d) = f_W(x_m, g(m), h(theta_d))",
     "refuse: ambiguous: 'theta_d' without a backslash is the italic product t h e t a_d (a "
     "misprint for \\theta_d)"),
    ("yarn blog: position interpolation", r"g(m) = m/s, \quad h(\theta_d) = \theta_d,",
     "g(m) == m/s; h(theta[d]) == theta[d]",
     {"functions": r"g h", "note": "two definitions separated by \\quad"}),
    ("yarn blog: NTK-aware", r"b' = b \cdot s^{\frac{|D|}{|D| - 2}}.", "bprime == b*s**(Abs(D)/(Abs(D) - 2))",
     {"note": "b' is a new base (a prime, not a derivative); |D| the hidden dimension",
      # the text defines b' (the new base), l' (the current length) and L' (the extended
      # length) as quantities of their own: declared as a user does with --assume
      # "b' \in \mathbb{R}" (the harness's `optimum` field hands the reader that membership)
      "optimum": "b'"}),
    ("yarn blog: NTK-aware", r"g(m) = m, ~ h(\theta_d) = b'^{-2d/|D|}.",
     "g(m) == m; h(theta[d]) == bprime**(-2*d/Abs(D))", {"functions": r"g h", "optimum": "b'"}),
    ("yarn blog: wavelength", r"\lambda_d = 2\pi b’^{\frac{2d}{|D|}}.", "lamda[d] == 2*pi*bprime**(2*d/Abs(D))",
     {"note": "’ (a typographic apostrophe) stands for the prime of b'; refusing it is also "
              "acceptable", "optimum": "b'"}),
    ("yarn blog: NTK-by-parts", r"h(\theta_d) = (1 - \gamma)\dfrac{\theta_d}{s} + \gamma\theta_d,",
     "h(theta[d]) == (1 - gamma)*theta[d]/s + gamma*theta[d]",
     {"functions": r"h", "note": "gamma is the ramp value (a free parameter), not Euler's constant"}),
    ("yarn blog: ramp function", r"""\begin{cases}
    0, &\text{if } r < \alpha\\
    1, &\text{if } r > \beta\\
    \dfrac{r - \alpha}{\beta - \alpha}, &\text{otherwise}
\end{cases}""",
     "refuse: a definition by cases without its left side (the function gamma is named only in "
     "the text)"),
    ("yarn blog: temperature", r"\text{softmax}\(\dfrac{q_m^Tk_n}{t\sqrt{|D|}}\)",
     "expr softmax(dot(q[m], k[n])/(t*sqrt(Abs(D))))"),
    ("yarn blog: temperature", r"\sqrt{\frac{1}{t}} = 0.1 \ln({s}) + 1.", "sqrt(1/t) == 0.1*log(s) + 1"),
    ("yarn blog: temperature (parametric)", r"\sqrt{\frac{1}{t}} = a \ln({s}) + b", "sqrt(1/t) == a*log(s) + b"),
    ("yarn blog: dynamic scaling", r"""\begin{align}
    s &= 
\begin{cases}
    \frac{l'}{L},                      & \text{if } \frac{l'}{L} > 1\\
    1,                                & \text{otherwise}.
\end{cases}
\end{align}""",
     "s == Piecewise((lprime/L, lprime/L > 1), (1, True))",
     {"note": "a definition by cases; l' is a new name (the current length)", "optimum": "l'"}),
    ("yarn blog (inline)", r"\theta_d = b^{-2d/|D|}", "theta[d] == b**(-2*d/Abs(D))"),
    ("yarn blog (inline)", r"s=L’/L", "s == Lprime/L",
     {"note": "’ (a typographic apostrophe) stands for the prime of L'", "optimum": "L'"}),
    ("yarn blog (inline)", r"L' > L", "Lprime > L", {"optimum": "L'"}),
    ("yarn blog (inline)", r"s = L'/L", "s == Lprime/L", {"optimum": "L'"}),
    ("yarn blog (inline)", r"s=2", "s == 2"),
    ("yarn blog (inline)", r"\lambda_d < L", "lamda[d] < L"),
    ("yarn blog (inline)", r"\lambda_d > L", "lamda[d] > L"),
    ("yarn blog (inline)", r"\alpha=1, \beta=32", "alpha == 1; beta == 32",
     {"note": "two statements separated by a comma"}),
    ("yarn blog (inline)", r"a = 0.07, b=1.0", "a == 0.07; b == 1.0"),
    ("yarn blog (inline)", r"\dfrac{1}{\sqrt{t}}", "expr 1/sqrt(t)"),
    ("yarn blog (inline)", r"\dfrac{\text{ppl}(t) - \text{ppl}(t=1)}{\text{ppl}(t=1)}",
     "refuse: an expression, not a relation (t=1 inside ppl(...) names the value at t = 1)"),
]
