"""Su et al., RoFormer: Enhanced Transformer with Rotary Position Embedding (2021)."""

SOURCE = ("roformer", "RoFormer: Enhanced Transformer with Rotary Position Embedding",
          "arXiv:2104.09864v5; LaTeX as converted from the arXiv source (LaTeXML form, macros "
          "such as \\bq expanded to {\\boldsymbol{q}}) in a public paper-reading site, page "
          "/en/papers/roformer/")

# f_q, f_k and g as sec. 3.1 states them (eqs. 1, 11): maps of an embedding of R^d and a position
_MAPS = (r"f_q: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d ; "
         r"f_k: \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}^d ; "
         r"g: \mathbb{R}^d \times \mathbb{R}^d \times \mathbb{Z} \to \mathbb{R}")
_V = "q_m:d,1 k_n:d,1 x_m:d,1 x_n:d,1 p_m:d,1 p_n:d,1 W_q:d,d W_k:d,d"

DISPLAYS = [
    ("eq. 1", r"""\begin{aligned}
{\boldsymbol{q}}_{m} & =f_{q}({\boldsymbol{x}}_{m},m) \\
{\boldsymbol{k}}_{n} & =f_{k}({\boldsymbol{x}}_{n},n) \\
{\boldsymbol{v}}_{n} & =f_{v}({\boldsymbol{x}}_{n},n),
\end{aligned}""",
     "q[m] == f_q(x[m], m); k[n] == f_k(x[n], n); v[n] == f_v(x[n], n)"),
    ("eq. 2", r"""\begin{aligned}
a_{m,n} & =\frac{\exp(\frac{{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}}{\sqrt{d}})}{\sum_{j=1}^{N}\exp(\frac{{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{j}}{\sqrt{d}})} \\
\mathbf{o}_{m} & =\sum_{n=1}^{N}a_{m,n}{\boldsymbol{v}}_{n}
\end{aligned}""",
     "a[m, n] == exp(dot(q[m], k[n])/sqrt(d))/Sum(exp(dot(q[m], k[j])/sqrt(d)), (j, 1, N)); "
     "o[m] == Sum(a[m, n]*v[n], (n, 1, N))"),
    ("eq. 3", r"f_{t:t\in\{q,k,v\}}({\boldsymbol{x}}_{i},i):={\boldsymbol{W}}_{t:t\in\{q,k,v\}}({\boldsymbol{x}}_{i}+{\boldsymbol{p}}_{i}),",
     "refuse: a family of definitions indexed by t in {q,k,v} (a set condition in a subscript)"),
    ("eq. 4", r"""\begin{cases}{\boldsymbol{p}}_{i,2t}&=\sin(k/10000^{2t/d})\\
{\boldsymbol{p}}_{i,2t+1}&=\cos(k/10000^{2t/d})\end{cases}""",
     "p[i, 2*t] == sin(k/10000**(2*t/d)); p[i, 2*t + 1] == cos(k/10000**(2*t/d))"),
    ("eq. 5", r"""\begin{aligned}
f_{q}({\boldsymbol{x}}_{m}):={\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m} \\
f_{k}({\boldsymbol{x}}_{n},n):={\boldsymbol{W}}_{k}({\boldsymbol{x}}_{n}+\tilde{{\boldsymbol{p}}}^{k}_{r}) \\
f_{v}({\boldsymbol{x}}_{n},n):={\boldsymbol{W}}_{v}({\boldsymbol{x}}_{n}+\tilde{{\boldsymbol{p}}}^{v}_{r})
\end{aligned}""",
     "refuse: the superscripts k, v of p~ are labels, not powers, and r is defined in the text"),
    ("eq. 6", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+{\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{p}}_{n}+{\boldsymbol{p}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+{\boldsymbol{p}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{p}}_{n},",
     "q_m.T*k_n == x_m.T*W_q.T*W_k*x_n + x_m.T*W_q.T*W_k*p_n + p_m.T*W_q.T*W_k*x_n + p_m.T*W_q.T*W_k*p_n",
     {"matrices": _V}),
    ("eq. 7", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+{\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top\widetilde{{\boldsymbol{W}}}_{k}\tilde{{\boldsymbol{p}}}_{m-n}+\mathbf{u}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+\mathbf{v}^\top{\boldsymbol{W}}_{q}^\top\widetilde{{\boldsymbol{W}}}_{k}\tilde{{\boldsymbol{p}}}_{m-n}",
     "q_m.T*k_n == x_m.T*W_q.T*W_k*x_n + x_m.T*W_q.T*Wtilde_k*ptilde_mn + u.T*W_q.T*W_k*x_n + v.T*W_q.T*Wtilde_k*ptilde_mn",
     {"matrices": _V + " Wtilde_k:d,d ptilde_mn:d,1 u:d,1 v:d,1",
      "note": "p~_{m-n} is one vector (named ptilde_mn here)"}),
    ("eq. 8", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+b_{i,j}",
     "S1(q_m.T*k_n) == S1(x_m.T*W_q.T*W_k*x_n) + b[i, j]", {"matrices": _V}),
    ("eq. 9", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+{\boldsymbol{p}}_{m}^\top\mathbf{U}_{q}^\top\mathbf{U}_{k}{\boldsymbol{p}}_{n}+b_{i,j}",
     "S1(q_m.T*k_n) == S1(x_m.T*W_q.T*W_k*x_n) + S1(p_m.T*U_q.T*U_k*p_n) + b[i, j]",
     {"matrices": _V + " U_q:d,d U_k:d,d"}),
    ("eq. 10", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}={\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}+{\boldsymbol{x}}_{m}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}\tilde{{\boldsymbol{p}}}_{m-n}+\tilde{{\boldsymbol{p}}}_{m-n}^\top{\boldsymbol{W}}_{q}^\top{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}",
     "q_m.T*k_n == x_m.T*W_q.T*W_k*x_n + x_m.T*W_q.T*W_k*ptilde_mn + ptilde_mn.T*W_q.T*W_k*x_n",
     {"matrices": _V + " ptilde_mn:d,1"}),
    ("eq. 11", r"\langle f_{q}({\boldsymbol{x}}_{m},m),f_{k}({\boldsymbol{x}}_{n},n)\rangle=g({\boldsymbol{x}}_{m},{\boldsymbol{x}}_{n},m-n).",
     "S1(Fn(f_q, d, x_m, m).T*Fn(f_k, d, x_n, n)) == Fn(g, 1, x_m, x_n, m - n)",
     # sec. 3.1: x_m, x_n in R^d are the word embeddings at positions m, n (whole numbers);
     # f_q, f_k map an embedding and its position to the query and key vectors of R^d (eq. 1),
     # g "takes only the word embeddings x_m, x_n, and their relative position m - n" (a number:
     # it equals an inner product): declared by their signatures, their values opaque
     {"matrices": "x_m:d,1 x_n:d,1", "assume": _MAPS,
      "note": "the requirement read as an equation between opaque values (was refused); "
              "undecided when checked, as it is no identity"}),
    ("eq. 12", r"""\begin{aligned}
f_{q}({\boldsymbol{x}}_{m},m) & =({\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})e^{i m\theta} \\
f_{k}({\boldsymbol{x}}_{n},n) & =({\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})e^{i n\theta} \\
g({\boldsymbol{x}}_{m},{\boldsymbol{x}}_{n},m-n) & =\operatorname{Re}[({\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})({\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})^{*}e^{i(m-n)\theta}]
\end{aligned}""",
     "refuse: a 2-D vector W x is identified with a complex number (the text says so); as "
     "written the products are of a vector with a complex exponential"),
    ("eq. 13", r"""f_{\{q,k\}}({\boldsymbol{x}}_{m},m)=\left(\begin{array}{cc}\cos{m\theta}&-\sin{m\theta}\\
\sin{m\theta}&\cos{m\theta}\end{array}\right)\left(\begin{array}{cc}W^{(11)}_{\{q,k\}}&W^{(12)}_{\{q,k\}}\\
W^{(21)}_{\{q,k\}}&W^{(22)}_{\{q,k\}}\end{array}\right)\left(\begin{array}{cc}x^{(1)}_{m}\\
x^{(2)}_{m}\end{array}\right)""",
     "refuse: f_{\\{q,k\\}} names two functions at once (a set in the subscript)"),
    ("eq. 14", r"f_{\{q,k\}}({\boldsymbol{x}}_{m},m)={\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{W}}_{\{q,k\}}{\boldsymbol{x}}_{m}",
     "refuse: f_{\\{q,k\\}} and W_{\\{q,k\\}} name two objects at once; R^d is a label, not a power"),
    ("eq. 15", r"""{\boldsymbol{R}}^{d}_{\Theta,m}=\begin{pmatrix}\cos{m\theta_{1}}&-\sin{m\theta_{1}}&0&0&\cdots&0&0\\
\sin{m\theta_{1}}&\cos{m\theta_{1}}&0&0&\cdots&0&0\\
0&0&\cos{m\theta_{2}}&-\sin{m\theta_{2}}&\cdots&0&0\\
0&0&\sin{m\theta_{2}}&\cos{m\theta_{2}}&\cdots&0&0\\
\vdots&\vdots&\vdots&\vdots&\ddots&\vdots&\vdots\\
0&0&0&0&\cdots&\cos{m\theta_{d/2}}&-\sin{m\theta_{d/2}}\\
0&0&0&0&\cdots&\sin{m\theta_{d/2}}&\cos{m\theta_{d/2}}\end{pmatrix}""",
     "refuse: a matrix of symbolic size d written with \\cdots, \\vdots, \\ddots"),
    ("eq. 16", r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}=({\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})^\top({\boldsymbol{R}}^{d}_{\Theta,n}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})={\boldsymbol{x}}^\top{\boldsymbol{W}}_{q}R^{d}_{\Theta,n-m}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}",
     "refuse: R^d_{Theta,m} is a rotation matrix named by its size d (not a power) and defined "
     "only through eq. 15; the last x has lost its subscript in print"),
    ("eq. 17", r"\mathrm{Attention}(\mathbf{Q},\mathbf{K},\mathbf{V})_{m}=\frac{\sum_{n=1}^{N}\operatorname{sim}({\boldsymbol{q}}_{m},{\boldsymbol{k}}_{n}){\boldsymbol{v}}_{n}}{\sum_{n=1}^{N}\operatorname{sim}({\boldsymbol{q}}_{m},{\boldsymbol{k}}_{n})}.",
     "refuse: a subscript on a function value (row m of Attention(Q,K,V)) defines nothing "
     "a checker can name"),
    ("eq. 18", r"\mathrm{Attention}({\boldsymbol{Q}},{\boldsymbol{K}},{\boldsymbol{V}})_{m}=\frac{\sum_{n=1}^{N}\phi({\boldsymbol{q}}_{m})^\top\varphi({\boldsymbol{k}}_{n}){\boldsymbol{v}}_{n}}{\sum_{n=1}^{N}\phi({\boldsymbol{q}}_{m})^\top\varphi({\boldsymbol{k}}_{n})},",
     "refuse: a subscript on a function value, and transposes of vector-valued functions"),
    ("eq. 19", r"\mathrm{Attention}(\mathbf{Q},\mathbf{K},\mathbf{V})_{m}=\frac{\sum_{n=1}^{N}\big({\boldsymbol{R}}^{d}_{\Theta,m}\phi({\boldsymbol{q}}_{m})\big)^\top\big({\boldsymbol{R}}^{d}_{\Theta,n}\varphi({\boldsymbol{k}}_{n})\big){\boldsymbol{v}}_{n}}{\sum_{n=1}^{N}\phi({\boldsymbol{q}}_{m})^\top\varphi({\boldsymbol{k}}_{n})}.",
     "refuse: a subscript on a function value, rotation matrices R^d named by their size"),
    ("eq. 20", r"""\begin{aligned}
{\boldsymbol{q}}_{m} & =f_{q}({\boldsymbol{x}}_{q},m), \\
{\boldsymbol{k}}_{n} & =f_{k}({\boldsymbol{x}}_{k},n),
\end{aligned}""",
     "q[m] == f_q(x[q], m); k[n] == f_k(x[k], n)"),
    ("eq. 21", r"{\boldsymbol{q}}^\top_{m}{\boldsymbol{k}}_{n}=\langle f_{q}({\boldsymbol{x}}_{m},m),f_{k}({\boldsymbol{x}}_{n},n)\rangle=g({\boldsymbol{x}}_{m},{\boldsymbol{x}}_{n},n-m),",
     "S1(q_m.T*k_n) == S1(Fn(f_q, d, x_m, m).T*Fn(f_k, d, x_n, n)) == Fn(g, 1, x_m, x_n, n - m)",
     # as eq. 11 (sec. 3.4.1 restates it with q_m, k_n in R^d the query and the key); g's last
     # argument is printed n - m here
     {"matrices": "q_m:d,1 k_n:d,1 x_m:d,1 x_n:d,1", "assume": _MAPS,
      "note": "q^T_m is q_m^T (TeX sets both scripts on q); was refused"}),
    ("eq. 22", r"""\begin{aligned}
{\boldsymbol{q}} & =f_{q}({\boldsymbol{x}}_{q},0), \\
{\boldsymbol{k}} & =f_{k}({\boldsymbol{x}}_{k},0),
\end{aligned}""",
     "q == f_q(x[q], 0); k == f_k(x[k], 0)"),
    ("eq. 23", r"""\begin{aligned}
f_{q}({\boldsymbol{x}}_{q},m) & =R_{q}({\boldsymbol{x}}_{q},m)e^{i\Theta_{q}({\boldsymbol{x}}_{q},m)}, \\
f_{k}({\boldsymbol{x}}_{k},n) & =R_{k}({\boldsymbol{x}}_{k},n)e^{i\Theta_{k}({\boldsymbol{x}}_{k},n)}, \\
g({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m) & =R_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m)e^{i\Theta_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m)},
\end{aligned}""",
     "f_q(x[q], m) == R_q(x[q], m)*exp(I*Theta_q(x[q], m)); "
     "f_k(x[k], n) == R_k(x[k], n)*exp(I*Theta_k(x[k], n)); "
     "g(x[q], x[k], n - m) == R_g(x[q], x[k], n - m)*exp(I*Theta_g(x[q], x[k], n - m))",
     {"note": "polar form of complex-valued functions: i is the imaginary unit"}),
    ("eq. 24", r"""\begin{aligned}
R_{q}({\boldsymbol{x}}_{q},m)R_{k}({\boldsymbol{x}}_{k},n) & =R_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m), \\
\Theta_{k}({\boldsymbol{x}}_{k},n)-\Theta_{q}({\boldsymbol{x}}_{q},m) & =\Theta_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m),
\end{aligned}""",
     "R_q(x[q], m)*R_k(x[k], n) == R_g(x[q], x[k], n - m); "
     "Theta_k(x[k], n) - Theta_q(x[q], m) == Theta_g(x[q], x[k], n - m)"),
    ("eq. 25", r"""\begin{aligned}
{\boldsymbol{q}} & =\|{\boldsymbol{q}}\|e^{i\theta_{q}}=R_{q}({\boldsymbol{x}}_{q},0)e^{i\Theta_{q}({\boldsymbol{x}}_{q},0)}, \\
{\boldsymbol{k}} & =\|{\boldsymbol{k}}\|e^{i\theta_{k}}=R_{k}({\boldsymbol{x}}_{k},0)e^{i\Theta_{k}({\boldsymbol{x}}_{k},0)},
\end{aligned}""",
     "refuse: a 2-D vector q is identified with the complex number |q| e^{i theta_q}"),
    ("eq. 26", r"""\begin{aligned}
R_{q}({\boldsymbol{x}}_{q},m)R_{k}({\boldsymbol{x}}_{k},m) & =R_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},0)=R_{q}({\boldsymbol{x}}_{q},0)R_{k}({\boldsymbol{x}}_{k},0)=\|{\boldsymbol{q}}\|\|{\boldsymbol{k}}\|, \\
\Theta_{k}({\boldsymbol{x}}_{k},m)-\Theta_{q}({\boldsymbol{x}}_{q},m) & =\Theta_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},0)=\Theta_{k}({\boldsymbol{x}}_{k},0)-\Theta_{q}({\boldsymbol{x}}_{q},0)=\theta_{k}-\theta_{q}.
\end{aligned}""",
     "R_q(x[q], m)*R_k(x[k], m) == R_g(x[q], x[k], 0) == R_q(x[q], 0)*R_k(x[k], 0) == norm(q)*norm(k); "
     "Theta_k(x[k], m) - Theta_q(x[q], m) == Theta_g(x[q], x[k], 0) == Theta_k(x[k], 0) - Theta_q(x[q], 0) == theta[k] - theta[q]"),
    ("eq. 27", r"""\begin{aligned}
R_{q}({\boldsymbol{x}}_{q},m) & =R_{q}({\boldsymbol{x}}_{q},0)=\|{\boldsymbol{q}}\| \\
R_{k}({\boldsymbol{x}}_{k},n) & =R_{k}({\boldsymbol{x}}_{k},0)=\|{\boldsymbol{k}}\| \\
R_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},n-m) & =R_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},0)=\|{\boldsymbol{q}}\|\|{\boldsymbol{k}}\|
\end{aligned}""",
     "R_q(x[q], m) == R_q(x[q], 0) == norm(q); R_k(x[k], n) == R_k(x[k], 0) == norm(k); "
     "R_g(x[q], x[k], n - m) == R_g(x[q], x[k], 0) == norm(q)*norm(k)"),
    ("eq. 28", r"\Theta_{f}({\boldsymbol{x}}_{\{q,k\}},m)=\phi(m)+\theta_{\{q,k\}},",
     "refuse: x_{\\{q,k\\}} and theta_{\\{q,k\\}} stand for two objects at once"),
    ("eq. 29", r"\phi(m+1)-\phi(m)=\Theta_{g}({\boldsymbol{x}}_{q},{\boldsymbol{x}}_{k},1)+\theta_{q}-\theta_{k},",
     "phi(m + 1) - phi(m) == Theta_g(x[q], x[k], 1) + theta[q] - theta[k]", {"functions": r"\phi \Theta_g"}),
    ("eq. 30", r"\phi(m)=m\theta+\gamma,", "phi(m) == m*theta + gamma",
     {"functions": r"\phi", "note": "gamma is a free real constant here (the text: theta, gamma in R), not Euler's"}),
    ("eq. 31", r"""\begin{aligned}
f_{q}({\boldsymbol{x}}_{q},m) & =\|{\boldsymbol{q}}\|e^{i\theta_{q}+m\theta+\gamma}={\boldsymbol{q}}e^{i(m\theta+\gamma)}, \\
f_{k}({\boldsymbol{x}}_{k},n) & =\|{\boldsymbol{k}}\|e^{i\theta_{k}+n\theta+\gamma}={\boldsymbol{k}}e^{i(n\theta+\gamma)}.
\end{aligned}""",
     "refuse: vectors identified with complex numbers, and e^{i theta_q + m theta + gamma} is "
     "printed without the brackets the text means (i(theta_q + m theta + gamma))"),
    ("eq. 32", r"""\begin{aligned}
{\boldsymbol{q}}=f_{q}({\boldsymbol{x}}_{m},0) & ={\boldsymbol{W}}_{q}{\boldsymbol{x}}_{n}, \\
{\boldsymbol{k}}=f_{k}({\boldsymbol{x}}_{n},0) & ={\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n}.
\end{aligned}""",
     "q == MatFn(f_q, x_m, 0) == W_q*x_n; k == MatFn(f_k, x_n, 0) == W_k*x_n",
     {"matrices": "q:d,1 k:d,1 x_m:d,1 x_n:d,1 W_q:d,d W_k:d,d",
      "note": "f_q, f_k are vector-valued (MatFn); the first row's x_n is printed so"}),
    ("eq. 33", r"""\begin{aligned}
f_{q}({\boldsymbol{x}}_{m},m) & =({\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})e^{i m\theta}, \\
f_{k}({\boldsymbol{x}}_{n},n) & =({\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})e^{i n\theta}.
\end{aligned}""",
     "refuse: the 2-D vector W x is identified with a complex number"),
    ("eq. 34", r"""{\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{x}}=\begin{pmatrix}x_{1}\\
x_{2}\\
x_{3}\\
x_{4}\\
\vdots\\
x_{d-1}\\
x_{d}\end{pmatrix}\otimes\begin{pmatrix}\cos{m\theta_{1}}\\
\cos{m\theta_{1}}\\
\cos{m\theta_{2}}\\
\cos{m\theta_{2}}\\
\vdots\\
\cos{m\theta_{d/2}}\\
\cos{m\theta_{d/2}}\end{pmatrix}+\begin{pmatrix}-x_{2}\\
x_{1}\\
-x_{4}\\
x_{3}\\
\vdots\\
-x_{d}\\
x_{d-1}\end{pmatrix}\otimes\begin{pmatrix}\sin{m\theta_{1}}\\
\sin{m\theta_{1}}\\
\sin{m\theta_{2}}\\
\sin{m\theta_{2}}\\
\vdots\\
\sin{m\theta_{d/2}}\\
\sin{m\theta_{d/2}}\end{pmatrix}""",
     "refuse: vectors of symbolic length written with \\vdots; \\otimes means the elementwise "
     "product here"),
    ("eq. 35", r"({\boldsymbol{R}}^{d}_{\Theta,m}{\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})^\top({\boldsymbol{R}}^{d}_{\Theta,n}{\boldsymbol{W}}_{k}{\boldsymbol{x}}_{n})=\operatorname{Re}\bigg[\sum_{i=0}^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}e^{i(m-n)\theta_{i}}\bigg]",
     "refuse: i is both the summation index and the imaginary unit; slices q_{[2i:2i+1]} read "
     "as complex numbers"),
    ("eq. 36", r"\sum_{i=0}^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}e^{i(m-n)\theta_{i}}=\sum_{i=0}^{d/2-1}h_{i}(S_{i+1}-S_{i})=-\sum_{i=0}^{d/2-1}S_{i+1}(h_{i+1}-h_{i}).",
     "refuse: i is both the summation index and the imaginary unit; slices as complex numbers"),
    ("eq. 37", r"""\begin{aligned}
\bigg|\sum_{i=0}^{d/2-1}{\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}e^{i(m-n)\theta_{i}}\bigg| & =\bigg|\sum_{i=0}^{d/2-1}S_{i+1}(h_{i+1}-h_{i})\bigg| \\
\leq\sum_{i=0}^{d/2-1}|S_{i+1}|\,|h_{i+1}-h_{i}| \\
\leq\big(\max_{i}|h_{i+1}-h_{i}|\big)\sum_{i=0}^{d/2-1}|S_{i+1}|
\end{aligned}""",
     "refuse: i is both the summation index and the imaginary unit; rows continue a chain"),
    ("sec. 3.4.3 (inline)", r"S_{j}=\sum_{i=0}^{j-1}e^{i(m-n)\theta_{i}}",
     "refuse: i is both the summation index and (in the exponent) the imaginary unit"),
    ("sec. 3.2.2 (inline)", r"\Theta=\{\theta_{i}=10000^{-2(i-1)/d},i\in[1,2,...,d/2]\}",
     "refuse: a set given by a formula and an index range, not a relation"),
    ("sec. 3.3 (inline)", r"\theta_{i}=10000^{-2i/d}", "theta[i] == 10000**(-2*i/d)"),
    ("sec. 3.3 (inline)", r"\operatorname{sim}({\boldsymbol{q}}_{m},{\boldsymbol{k}}_{n})=\exp({\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n}/\sqrt{d})",
     "sim(q[m], k[n]) == exp(dot(q[m], k[n])/sqrt(d))"),
    ("sec. 3.3 (inline)", r"\phi(x)=\varphi(x)=\operatorname{elu}(x)+1",
     "phi(x) == varphi(x) == elu(x) + 1", {"functions": r"\phi \varphi"}),
    ("sec. 3.4.3 (inline)", r"h_{i}={\boldsymbol{q}}_{[2i:2i+1]}{\boldsymbol{k}}_{[2i:2i+1]}^{*}",
     "refuse: slices q_{[2i:2i+1]} read as complex numbers"),
    ("sec. 2.3 (inline)", r"r=\mathrm{clip}(m-n,r_{\min},r_{\max})",
     "r == clip(m - n, r_min, r_max)"),
    ("sec. 3.4.1 (inline)", r"\Theta_{q}({\boldsymbol{x}}_{q},m)-\theta_{q}=\Theta_{k}({\boldsymbol{x}}_{k},m)-\theta_{k}",
     "Theta_q(x[q], m) - theta[q] == Theta_k(x[k], m) - theta[k]"),
    ("sec. 3.4.3 (inline)", r"\frac{1}{d/2}\sum_{i=1}^{d/2}|S_{i}|",
     "expr Sum(Abs(S[i]), (i, 1, d/2)) / (d/2)"),
]
