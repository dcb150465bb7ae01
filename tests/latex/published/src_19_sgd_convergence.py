"""Su Jianlin, SGD average-loss convergence (2023 blog post) with its appended derivation notes."""

SOURCE = ("sgd_convergence", "让炼丹更科学一些（一）：SGD的平均损失收敛 (SGD average-loss convergence)",
          "blog post by Su Jianlin, 2023-12-19, https://spaces.ac.cn/archives/9902 (after Zinkevich "
          "2003, 'Online Convex Programming'), as mirrored with an appended commentary section "
          "('公式推导与注释', equations tagged (1)-(54)) in a public repository; LaTeX as there")

_V = {"vectors": "theta thetastar g x b"}
# theta^* is the minimiser in R^d (eq. argmin, theta in R^d): declared as the text states, so
# that it reads as one more vector beside theta_t under the norms
_STAR = r"\boldsymbol{\theta}^*:d"
_VS = {**_V, "optimum": _STAR}
_GRAD = "refuse: a gradient of the loss (nabla L) defined elsewhere"
_BIGO = "refuse: an asymptotic (O) statement, not an equation between values"
# theta^* (a vector of R^d) is the minimiser (eq. argmin), declared as in notes eq. 12
# D = max_t ||theta_t - theta^*|| and G bounds the gradients' norms (the post): numbers
_DG = r"D \in \mathbb{R} ; G \in \mathbb{R}"

DISPLAYS = [
    ("eq. loss", r"L(\boldsymbol{\theta}) = \lim_{T\to\infty}\frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta})\label{eq:loss}",
     "refuse: L is a function of one argument on the left and of two on the right"),
    ("eq. argmin", r"\boldsymbol{\theta}^* = \mathop{\text{argmin}}_{\boldsymbol{\theta}\in\mathbb{R}^d} L(\boldsymbol{\theta})\label{eq:argmin}",
     "refuse: an arg min over a set"),
    ("eq. sgd", r"\boldsymbol{\theta}_{t+1} = \boldsymbol{\theta}_t - \eta_t \boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_t)\label{eq:sgd}",
     "theta[t + 1] == theta[t] - eta[t]*g(x[t], theta[t])",
     {"note": "a recurrence between different iterates; entrywise it reads the same",
      # the text after the display defines g(x_t, theta) as the gradient of L(x_t, theta) in theta
      "functions": r"\boldsymbol{g}"}),
    ("neq. core", r"\frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}_t) - \frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}^*)\leq \frac{D^2}{2T\eta_T} + \frac{G^2}{2T}\sum_{t=1}^T\eta_t\label{neq:core}",
     "Sum(L(x[t], theta[t]), (t, 1, T))/T - Sum(L(x[t], thetastar), (t, 1, T))/T <= D**2/(2*T*eta[T]) + G**2/(2*T)*Sum(eta[t], (t, 1, T))", {"functions": r"L",
     "optimum": r"\boldsymbol{\theta}^*"}),  # theta^* is the minimiser (eq. argmin)
    ("two examples: constant rate", r"\frac{D^2}{2T\eta} + \frac{G^2}{2T}\sum_{t=1}^T\eta = \frac{D^2}{2T\eta} + \frac{G^2\eta}{2}\geq \frac{DG}{\sqrt{T}}",
     "D**2/(2*T*eta) + G**2/(2*T)*Sum(eta, (t, 1, T)) == D**2/(2*T*eta) + G**2*eta/2 >= D*G/sqrt(T)",
     {"assume": _DG}),
    ("two examples (inline)", r"\eta=\frac{D}{G\sqrt{T}}", "eta == D/(G*sqrt(T))"),
    ("neq. case-1", r"\frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}_t) - \frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}^*)\leq \frac{DG}{\sqrt{T}}\label{neq:case-1}",
     "Sum(L(x[t], theta[t]), (t, 1, T))/T - Sum(L(x[t], thetastar), (t, 1, T))/T <= D*G/sqrt(T)", {"functions": r"L",
     "optimum": r"\boldsymbol{\theta}^*", "assume": _DG}),  # theta^* is the minimiser (eq. argmin)
    ("two examples (inline)", r"\eta_t = \frac{\alpha}{\sqrt{t}}", "eta[t] == alpha/sqrt(t)"),
    ("two examples: sum bound", r"\sum_{t=1}^T \frac{1}{\sqrt{t}} = 1+\sum_{t=2}^T \frac{1}{\sqrt{t}}\leq 1+\sum_{t=2}^T \frac{2}{\sqrt{t-1} + \sqrt{t}}=1+\sum_{t=2}^T 2(\sqrt{t}-\sqrt{t-1})=2\sqrt{T}-1 < 2\sqrt{T}",
     "Sum(1/sqrt(t), (t, 1, T)) == 1 + Sum(1/sqrt(t), (t, 2, T)) <= 1 + Sum(2/(sqrt(t - 1) + sqrt(t)), (t, 2, T)) == 1 + Sum(2*(sqrt(t) - sqrt(t - 1)), (t, 2, T)) == 2*sqrt(T) - 1 < 2*sqrt(T)"),
    ("neq. case-2", r"\frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}_t) - \frac{1}{T}\sum_{t=1}^T L(\boldsymbol{x}_t,\boldsymbol{\theta}^*) < \frac{D^2}{2\alpha\sqrt{T}} + \frac{G^2\alpha}{\sqrt{T}}\label{neq:case-2}",
     "Sum(L(x[t], theta[t]), (t, 1, T))/T - Sum(L(x[t], thetastar), (t, 1, T))/T < D**2/(2*alpha*sqrt(T)) + G**2*alpha/sqrt(T)", {"functions": r"L",
     "optimum": r"\boldsymbol{\theta}^*"}),  # theta^* is the minimiser (eq. argmin)
    ("two examples (inline)", r"\eta_t\equiv\frac{D}{G\sqrt{T}}", "eta[t] := D/(G*sqrt(T))",
     {"note": "\\equiv: eta_t equals the constant for every t (a constant step size); read as "
              "an equation or a definition, for all t"}),
    ("two examples (inline)", r"\eta_t = \frac{1}{\sqrt{t}}", "eta[t] == 1/sqrt(t)"),
    ("eq. convex", r"L(\boldsymbol{x}_t,\boldsymbol{\theta}_2) - L(\boldsymbol{x}_t,\boldsymbol{\theta}_1) \geq (\boldsymbol{\theta}_2-\boldsymbol{\theta}_1)\cdot\boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_1),\quad \forall \boldsymbol{\theta}_1,\boldsymbol{\theta}_2\label{eq:convex}",
     "refuse: a quantified statement (for all theta_1, theta_2) with the inner product of a vector-valued function"),
    ("proof: distance", r"""\begin{aligned}  
\Vert\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\Vert^2=&\, \Vert\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_t)- \boldsymbol{\theta}^*\Vert^2 \\  
=&\, \Vert\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\Vert^2 - 2\eta_t (\boldsymbol{\theta}_t- \boldsymbol{\theta}^*)\cdot\boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_t) + \eta_t^2\Vert\boldsymbol{g}(\boldsymbol{x}_t,\boldsymbol{\theta}_t)\Vert^2  
\end{aligned}""",
     "S1((Iter(theta, t + 1) - thetastar).T*(Iter(theta, t + 1) - thetastar)) == "
     "S1((theta_t - eta[t]*Fn(g, d, x_t, theta_t) - thetastar).T*(theta_t - eta[t]*Fn(g, d, x_t, theta_t) - thetastar)) == "
     "S1((theta_t - thetastar).T*(theta_t - thetastar)) - 2*eta[t]*S1((theta_t - thetastar).T*Fn(g, d, x_t, theta_t)) "
     "+ eta[t]**2*S1(Fn(g, d, x_t, theta_t).T*Fn(g, d, x_t, theta_t))",
     # eq. sgd and the text after it: g(x_t, theta) is the gradient of L(x_t, theta) in theta, a
     # vector of R^d like theta_t, theta_{t+1} and the minimiser theta^* (eq. argmin); x_t is the
     # t-th sample, whose space the post does not name (R^n here: the claim holds for any);
     # eta_t the step size (a number); the dot is the inner product of the two vectors
     {"matrices": "theta:d,1 theta_t:d,1 thetastar:d,1 x_t:n,1", "optimum": _STAR,
      "assume": r"\boldsymbol{\theta}_{t+1} \in \mathbb{R}^d ; "
                r"\boldsymbol{g}: \mathbb{R}^n \times \mathbb{R}^d \to \mathbb{R}^d",
      "note": "the opaque value g(x_t, theta_t) of a map declared by its signature (was refused)"}),
    ("proof (inline)", r"\eta_t\geq \eta_{t+1}", "eta[t] >= eta[t + 1]"),
    ("proof (inline)", r"D = \max_t \Vert\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\Vert",
     "D == MaxOver(norm(theta[t] - thetastar), (t, 1, N_t))", _VS),
    ("projection", r"\Pi_{\boldsymbol{\Theta}} (\boldsymbol{\varphi}) = \mathop{\text{argmin}}_{\boldsymbol{\theta}\in\boldsymbol{\Theta}}\Vert\boldsymbol{\varphi}-\boldsymbol{\theta}\Vert",
     "refuse: an arg min over a set (the definition of a projection)"),
    ("projection (inline)", r"\lambda \boldsymbol{\theta}_1 + (1-\lambda)\boldsymbol{\theta}_2 \in \boldsymbol{\Theta}", "stmt lamda*theta_1 + (1 - lamda)*theta_2 in NamedSet(Theta)"),
    ("notes eq. 1", r"L(\boldsymbol{\theta}_2) \geq L(\boldsymbol{\theta}_1) + \nabla L(\boldsymbol{\theta}_1)^{\top}(\boldsymbol{\theta}_2 - \boldsymbol{\theta}_1)\tag{1}",
     "Val(L, theta_2) >= Val(L, theta_1) + S1(Grad(L, theta_1).T*(theta_2 - theta_1))",
     # the text: L(theta) is the loss, a function of theta in R^d (eqs. loss, argmin): the values
     # L(theta_i) are opaque numbers and the gradient at theta_1 an opaque vector of R^d
     {"matrices": "theta_1:d,1 theta_2:d,1", "functions": "L",
      "assume": r"\boldsymbol{\theta}_1, \boldsymbol{\theta}_2 \in \mathbb{R}^d"}),
    ("notes eq. 3", r"L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*) \leq \nabla L(\boldsymbol{\theta}_t)^{\top}(\boldsymbol{\theta}_t - \boldsymbol{\theta}^*)\tag{3}",
     "Val(L, theta_t) - Val(L, thetastar) <= S1(Grad(L, theta_t).T*(theta_t - thetastar))",
     # the notes: convexity of the loss L at the iterate theta_t and the minimiser theta^*, both
     # vectors of R^d (eq. argmin); L's values and gradient opaque
     {"matrices": "theta_t:d,1 thetastar:d,1", "functions": "L", "optimum": _STAR,
      "assume": r"\boldsymbol{\theta}_t \in \mathbb{R}^d"}),
    ("notes eq. 4", r"""\begin{aligned}
\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2 &= \|\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}_t - \boldsymbol{\theta}^*\|^2\\
&= \|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 - 2\eta_t \boldsymbol{g}_t^{\top}(\boldsymbol{\theta}_t - \boldsymbol{\theta}^*) + \eta_t^2\|\boldsymbol{g}_t\|^2
\end{aligned}\tag{4}""",
     "norm(theta[t + 1] - thetastar)**2 == norm(theta[t] - eta[t]*g[t] - thetastar)**2 == norm(theta[t] - thetastar)**2 - 2*eta[t]*dot(g[t], theta[t] - thetastar) + eta[t]**2*norm(g[t])**2",
     {"optimum": _STAR, "vectors": "theta thetastar g", "note": "theta_t, g_t, theta^* are vectors, eta_t a scalar"}),
    ("notes eq. 5", r"\mathbb{E}[\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2] = \mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] - 2\eta_t \mathbb{E}[\boldsymbol{g}_t^{\top}(\boldsymbol{\theta}_t - \boldsymbol{\theta}^*)] + \eta_t^2\mathbb{E}[\|\boldsymbol{g}_t\|^2]\tag{5}",
     "Expect(norm(theta[t + 1] - thetastar)**2) == Expect(norm(theta[t] - thetastar)**2) - 2*eta[t]*Expect(dot(g[t], theta[t] - thetastar)) + eta[t]**2*Expect(norm(g[t])**2)",
     {"optimum": _STAR, "vectors": "theta thetastar g"}),
    ("notes eq. 7", r"\sigma_t^2 = \mathbb{E}[\|\boldsymbol{g}_t - \nabla L(\boldsymbol{\theta}_t)\|^2]\tag{7}",
     "sigma[t]**2 == Expect(S1((g_t - Grad(L, theta_t)).T*(g_t - Grad(L, theta_t))))",
     # the notes: g_t is the stochastic gradient at theta_t, both vectors of R^d, and L the loss
     # (a function of theta): the gradient of L at theta_t an opaque vector of R^d
     {"matrices": "theta_t:d,1 g_t:d,1", "functions": "L",
      "note": "the variance of the stochastic gradient: E of a squared norm (was refused)"}),
    ("notes eq. 8", r"\mathbb{E}[\|\boldsymbol{g}_t\|^2] \leq G^2 + \sigma_t^2 \leq G^2 + \sigma^2\tag{8}",
     "Expect(norm(g[t])**2) <= G**2 + sigma[t]**2 <= G**2 + sigma**2", {"vectors": "g"}),
    ("notes eq. 9", r"\mathbb{E}[\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2] \leq \mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] - 2\eta_t \mathbb{E}[L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*)] + \eta_t^2(G^2 + \sigma^2)\tag{9}",
     "Expect(norm(theta[t + 1] - thetastar)**2) <= Expect(norm(theta[t] - thetastar)**2) - 2*eta[t]*Expect(L(theta[t]) - L(thetastar)) + eta[t]**2*(G**2 + sigma**2)",
     {"optimum": _STAR, "functions": r"L", "vectors": "theta thetastar"}),
    ("notes eq. 10", r"\mathbb{E}[L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*)] \leq \frac{\mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] - \mathbb{E}[\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2]}{2\eta_t} + \frac{\eta_t(G^2 + \sigma^2)}{2}\tag{10}",
     "Expect(L(theta[t]) - L(thetastar)) <= (Expect(norm(theta[t] - thetastar)**2) - Expect(norm(theta[t + 1] - thetastar)**2))/(2*eta[t]) + eta[t]*(G**2 + sigma**2)/2",
     {"optimum": _STAR, "functions": r"L", "vectors": "theta thetastar"}),
    ("notes eq. 11", r"\sum_{t=1}^T \mathbb{E}[L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*)] \leq \frac{\|\boldsymbol{\theta}_1 - \boldsymbol{\theta}^*\|^2}{2\eta_1} + \frac{G^2 + \sigma^2}{2}\sum_{t=1}^T \eta_t\tag{11}",
     "Sum(Expect(L(theta[t]) - L(thetastar)), (t, 1, T)) <= norm(theta[1] - thetastar)**2/(2*eta[1]) + (G**2 + sigma**2)/2*Sum(eta[t], (t, 1, T))",
     {"optimum": _STAR, "functions": r"L", "vectors": "theta thetastar"}),
    ("notes eq. 12", r"\frac{1}{T}\sum_{t=1}^T \mathbb{E}[L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*)] \leq \frac{DG}{\sqrt{T}} + \frac{D\sigma}{2G\sqrt{T}} = \mathcal{O}\left(\frac{1}{\sqrt{T}}\right)\tag{12}",
     "Sum(Expect(L(theta[t]) - L(thetastar)), (t, 1, T))/T <= D*G/sqrt(T) + D*sigma/(2*G*sqrt(T)); "
     "stmt D*G/sqrt(T) + D*sigma/(2*G*sqrt(T)) in BigO(1/sqrt(T))",
     {"functions": r"L", "vectors": "theta thetastar", "optimum": r"\boldsymbol{\theta}^*:d",
      "assume": _DG,
      "note": "theta^* is the minimiser (the text); the bound (checked) and the order of growth of its last side (a statement), as "
              "eq. 11 is read (was refused as asymptotic); D and G are numbers, the distance and "
              "gradient-norm bounds the post defines (declared as for the displays above)"}),
    ("notes eq. 14", r"L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*) \geq \frac{\mu}{2}\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2\tag{14}",
     "L(theta[t]) - L(thetastar) >= mu/2*norm(theta[t] - thetastar)**2", {"optimum": _STAR, "functions": r"L", "vectors": "theta thetastar"}),
    ("notes eq. 15", r"""\begin{aligned}
\mathbb{E}[\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2] &\leq \mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] - \frac{2}{\mu}\mathbb{E}[L(\boldsymbol{\theta}_t) - L(\boldsymbol{\theta}^*)] + \frac{G^2 + \sigma^2}{\mu^2}\\
&\leq \mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] - \|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2 + \frac{G^2 + \sigma^2}{\mu^2}\\
&= \frac{G^2 + \sigma^2}{\mu^2}
\end{aligned}\tag{15}""",
     "Expect(norm(theta[t + 1] - thetastar)**2) <= Expect(norm(theta[t] - thetastar)**2) - 2/mu*Expect(L(theta[t]) - L(thetastar)) + (G**2 + sigma**2)/mu**2 <= Expect(norm(theta[t] - thetastar)**2) - norm(theta[t] - thetastar)**2 + (G**2 + sigma**2)/mu**2 == (G**2 + sigma**2)/mu**2",
     {"optimum": _STAR, "functions": r"L", "vectors": "theta thetastar", "note": "rows starting with a relation continue the chain"}),
    ("notes eq. 16", r"\mathbb{E}[\|\boldsymbol{\theta}_T - \boldsymbol{\theta}^*\|^2] \leq \frac{G^2 + \sigma^2}{\mu^2}\tag{16}",
     "Expect(norm(theta[T] - thetastar)**2) <= (G**2 + sigma**2)/mu**2", {"optimum": _STAR, "vectors": "theta thetastar"}),
    ("notes eq. 17", r"\mathbb{E}[L(\boldsymbol{\theta}_T) - L(\boldsymbol{\theta}^*)] \leq \frac{2(G^2 + \sigma^2)}{\mu T} = \mathcal{O}\left(\frac{1}{T}\right)\tag{17}",
     "Expect(L(theta[T]) - L(thetastar)) <= 2*(G**2 + sigma**2)/(mu*T); "
     "stmt 2*(G**2 + sigma**2)/(mu*T) in BigO(1/T)",
     # T: the notes sum eq. 10 over t = 1, ..., T (sec. 2.1), so T is the whole number of steps
     {"functions": r"L", "vectors": "theta thetastar", "optimum": r"\boldsymbol{\theta}^*:d",
      "assume": r"T \in \mathbb{Z}_{>0}",
      "note": "theta^* is the minimiser (the text); the bound (checked) and the order of growth of its last side (a statement) "
              "(was refused as asymptotic)"}),
    ("notes eq. 18", r"\|\nabla L(\boldsymbol{\theta}_1) - \nabla L(\boldsymbol{\theta}_2)\| \leq L\|\boldsymbol{\theta}_1 - \boldsymbol{\theta}_2\|\tag{18}",
     "refuse: L is both the loss function (under nabla) and the smoothness constant"),
    ("notes eq. 20", r"\mathbb{E}[L(\boldsymbol{\theta}_{t+1})] \leq \mathbb{E}[L(\boldsymbol{\theta}_t)] - \frac{1}{2L}\|\nabla L(\boldsymbol{\theta}_t)\|^2 + \frac{\sigma^2}{2L}\tag{20}",
     "refuse: L is both the loss function and the smoothness constant"),
    ("notes eq. 22", r"\mathbb{E}[\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}^*\|^2] \leq \left(1 - \frac{2\mu}{L+\mu}\right)\mathbb{E}[\|\boldsymbol{\theta}_t - \boldsymbol{\theta}^*\|^2] + \frac{2\sigma^2}{(L+\mu)^2}\tag{22}",
     "Expect(norm(theta[t + 1] - thetastar)**2) <= (1 - 2*mu/(L + mu))*Expect(norm(theta[t] - thetastar)**2) + 2*sigma**2/(L + mu)**2",
     {"optimum": _STAR, "vectors": "theta thetastar", "note": "L is the smoothness constant here"}),
    ("notes eq. 23", r"\mathbb{E}[\|\boldsymbol{\theta}_T - \boldsymbol{\theta}^*\|^2] \leq \left(1 - \frac{2}{\kappa+1}\right)^T D^2 + \frac{2\kappa\sigma^2}{L^2(\kappa+1)}\tag{23}",
     "Expect(norm(theta[T] - thetastar)**2) <= (1 - 2/(kappa + 1))**T*D**2 + 2*kappa*sigma**2/(L**2*(kappa + 1))",
     # D = ||theta_1 - theta^*|| (theorem 1 of the notes: a number); L is the smoothness
     # constant here: the notes call L(theta) L-smooth and set kappa = L/mu (sec. 2.4)
     {"optimum": _STAR, "vectors": "theta thetastar", "assume": r"D \in \mathbb{R} ; L \in \mathbb{R}"}),
    ("notes eq. 24", r"T = \mathcal{O}\left(\kappa\log\frac{1}{\epsilon}\right)\tag{24}",
     "stmt T in BigO(kappa*log(1/epsilon))", {"note": "an order of growth (was refused)"}),
    ("notes eq. 30", r"\frac{1}{2}\|\nabla L(\boldsymbol{\theta})\|^2 \geq \mu(L(\boldsymbol{\theta}) - L^*)\tag{30}",
     "S1(Grad(L, theta).T*Grad(L, theta))/2 >= mu*(Val(L, theta) - Lstar)",
     # the PL condition: L the loss, a function of theta in R^d, L^* its minimum value (a number,
     # as eq. 40), mu > 0 a constant
     {"matrices": "theta:d,1", "functions": "L", "optimum": r"L^*",
      "note": "the Polyak-Lojasiewicz inequality (was refused)"}),
    ("notes eq. 31", r"\mathbb{E}[L(\boldsymbol{\theta}_T) - L^*] \leq \left(1 - \frac{\mu}{L}\right)^T(L(\boldsymbol{\theta}_1) - L^*) + \frac{\sigma^2}{2\mu}\tag{31}",
     "refuse: L is both the loss function and the smoothness constant"),
    ("notes eq. 33", r"\mathbb{E}[\boldsymbol{v}_t] = \nabla L(\boldsymbol{\theta}_t)\tag{33}", _GRAD),
    ("notes eq. 37", r"\mathbb{E}[\|\boldsymbol{\theta}_T - \boldsymbol{\theta}^*\|^2] \leq \left(1 - \min\left\{\frac{1}{3\kappa}, \frac{1}{3n}\right\}\right)^T\|\boldsymbol{\theta}_0 - \boldsymbol{\theta}^*\|^2\tag{37}",
     "Expect(norm(theta[T] - thetastar)**2) <= (1 - Min(1/(3*kappa), 1/(3*n)))**T*norm(theta[0] - thetastar)**2",
     {"optimum": _STAR, "vectors": "theta thetastar"}),
    ("notes eq. 40", r"\mathbb{E}[L(\boldsymbol{\theta}_T) - L^*] \leq \frac{\sigma^2}{2\mu}\tag{40}",
     "Expect(L(theta[T]) - Lstar) <= sigma**2/(2*mu)", {"functions": r"L", "note": "L^* is the minimum value of L",
                                                         "optimum": r"L^*"}),
    ("notes eq. 41", r"\sum_{t=1}^{\infty} \eta_t = \infty, \quad \sum_{t=1}^{\infty} \eta_t^2 < \infty\tag{41}",
     "Sum(eta[t], (t, 1, oo)) == oo; Sum(eta[t]**2, (t, 1, oo)) < oo"),
    ("notes eq. 42", r"\frac{1}{T}\sum_{t=1}^T \mathbb{E}[L(\boldsymbol{\theta}_t) - L^*] = \mathcal{O}\left(\frac{\log T}{\sqrt{T}}\right)\tag{42}",
     "stmt Sum(Expect(L(theta[t]) - Lstar), (t, 1, T))/T in BigO(log(T)/sqrt(T))",
     {"functions": r"L", "optimum": r"L^*", "note": "L^* is the minimum value of L (as eq. 40); an "
                                                    "order of growth (was refused)"}),
    ("notes eq. 43", r"\eta_t = \eta_0 \gamma^{\lfloor t/T_0 \rfloor}\tag{43}", "eta[t] == eta[0]*gamma**floor(t/T_0)"),
    ("notes eq. 44", r"\eta_t = \eta_{min} + \frac{1}{2}(\eta_{max} - \eta_{min})\left(1 + \cos\left(\frac{t\pi}{T}\right)\right)\tag{44}",
     "eta[t] == eta_min + (eta_max - eta_min)*(1 + cos(t*pi/T))/2"),
    ("notes eq. 45", r"\eta_t = \eta_{min} + \frac{1}{2}(\eta_{max} - \eta_{min})\left(1 + \cos\left(\frac{T_{cur}}{T_i}\pi\right)\right)\tag{45}",
     "eta[t] == eta_min + (eta_max - eta_min)*(1 + cos(T_cur/T_i*pi))/2"),
    ("notes (inline)", r"T_{i+1} = T_i \times T_{mult}", "T[i + 1] == T[i]*T_mult"),
    ("notes eq. 46", r"\text{Var}[\boldsymbol{g}_B] = \frac{\sigma^2}{B}\tag{46}", "Var(g_B) == sigma**2/B"),
    ("notes eq. 47", r"\eta_2 = k\eta_1\tag{47}", "eta_2 == k*eta_1"),
    ("notes (inline)", r"B_2 = kB_1", "B_2 == k*B_1"),
    ("notes eq. 48", r"B_c \sim \frac{\sigma^2}{\|\nabla L(\boldsymbol{\theta})\|^2}\tag{48}", "refuse: '\\sim' (of the order of) is informal; a gradient"),
    ("notes eq. 50", r"L(\boldsymbol{\theta}) = \frac{1}{n}\sum_{i=1}^n \log(1 + \exp(-y_i\boldsymbol{x}_i^{\top}\boldsymbol{\theta}))\tag{50}",
     "L(theta) == Sum(log(1 + exp(-y[i]*dot(x[i], theta))), (i, 1, n))/n", {"functions": r"L", "vectors": "x theta"}),
    ("notes eq. 51", r"f(\boldsymbol{x};\boldsymbol{\theta}) = \boldsymbol{W}_2\sigma(\boldsymbol{W}_1\boldsymbol{x})\tag{51}",
     "refuse: f(x; theta) (a semicolon separates parameters) and sigma of a vector"),
    ("notes eq. 52", r"""\eta_t = \begin{cases}
\eta_{max} \cdot \frac{t}{T_{warmup}}, & t \leq T_{warmup}\\
\eta_{max} \cdot \text{schedule}(t - T_{warmup}), & t > T_{warmup}
\end{cases}\tag{52}""",
     "eta[t] == Piecewise((eta_max*t/T_warmup, t <= T_warmup), (eta_max*schedule(t - T_warmup), t > T_warmup))",
     {"note": "a definition by cases; refusing it is also acceptable"}),
    ("notes eq. 53", r"\eta \in \left[\frac{1}{10L}, \frac{2}{L}\right]\tag{53}",
     # (was the chain 1/(10L) <= eta <= 2/L: the display states where eta is taken from, a
     # membership read as a statement, not a claim to check)
     "stmt eta in Interval(1/(10*L), 2/L)",
     {"note": "membership in a closed interval: the chain 1/(10L) <= eta <= 2/L"}),
    ("notes eq. 54", r"B_t = \min(B_{max}, B_0 \cdot 2^{\lfloor t/T_0 \rfloor})\tag{54}", "B[t] == Min(B_max, B_0*2**floor(t/T_0))"),
]
