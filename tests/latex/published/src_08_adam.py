"""Kingma and Ba, Adam: A Method for Stochastic Optimization (ICLR 2015)."""

SOURCE = ("adam", "Adam: A Method for Stochastic Optimization",
          "arXiv:1412.6980 (ICLR 2015); LaTeX as transcribed from the printed paper (pages 1-4) in a "
          "public repository's paper text; '(inline)' marks a formula of the running text or of "
          "Algorithm 1")

_ALG = "refuse: an algorithm step (assignment with \\leftarrow), not a claim"
_ROW = "refuse: a continuation row of an aligned chain (starts with '='), not a claim by itself"
_BIGO = "refuse: an asymptotic (O) statement, not an equation between values"

# the text (sec. 2): f(theta) is a stochastic scalar objective of the parameters theta (a vector
# in R^d), f_1(theta), ..., f_T(theta) its realisations at the timesteps, g_t = \nabla_\theta
# f_t(theta) the vector of its partial derivatives: f_t is one declared function per t
_FT = {"functions": "f_t", "matrices": "g_t:d,1 theta:d,1",
       "note": "f_t is the realisation at timestep t of the stochastic objective (a declared "
               "function of the parameter vector theta); its gradient is an opaque vector"}

DISPLAYS = [
    ("alg. 1", r"m_0 \leftarrow 0", "m_0 := 0"),
    ("alg. 1", r"v_0 \leftarrow 0", "v_0 := 0"),
    ("alg. 1", r"t \leftarrow 0", "t := 0"),
    ("alg. 1", r"t \leftarrow t + 1", "stmt t <- t + 1",
     {"note": "an update of t (was refused as an algorithm step)"}),
    ("alg. 1", r"g_t \leftarrow \nabla_\theta f_t(\theta_{t-1})", "g_t := Grad(f_t, Iter(theta, t - 1))",
     dict(_FT, assume=r"\theta_{t-1} \in \mathbb{R}^d",
          note="the gradient of f_t at the previous iterate theta_{t-1} (a parameter vector, as "
               "theta_t is in the text), assigned to g_t")),
    ("alg. 1", r"m_t \leftarrow \beta_1 \cdot m_{t-1} + (1 - \beta_1) \cdot g_t", "m_t := beta_1*m[t - 1] + (1 - beta_1)*g_t"),
    ("alg. 1", r"v_t \leftarrow \beta_2 \cdot v_{t-1} + (1 - \beta_2) \cdot g_t^2", "v_t := beta_2*v[t - 1] + (1 - beta_2)*g_t**2"),
    ("alg. 1", r"\widehat{m}_t \leftarrow m_t / (1 - \beta_1^t)", "mhat_t := m_t/(1 - beta_1**t)"),
    ("alg. 1", r"\widehat{v}_t \leftarrow v_t / (1 - \beta_2^t)", "vhat_t := v_t/(1 - beta_2**t)"),
    ("alg. 1", r"\theta_t \leftarrow \theta_{t-1} - \alpha \cdot \widehat{m}_t / (\sqrt{\widehat{v}_t} + \epsilon)", "theta_t := theta[t - 1] - alpha*mhat_t/(sqrt(vhat_t) + epsilon)"),
    ("alg. 1 (inline)", r"\beta_1, \beta_2 \in [0, 1)",
     # (was the chains 0 <= beta_i < 1: names said to lie in an interval are a statement of
     # where the parameters are taken from, read as one, not claims to check)
     "stmt beta_1, beta_2 in Interval.Ropen(0, 1)",
     {"note": "two names in a half-open interval: a statement (the hyperparameters' range)"}),
    ("sec. 2 (inline)", r"g_t = \nabla_\theta f_t(\theta)", "g_t == Grad(f_t, theta)", _FT),
    ("sec. 2 (inline)", r"\alpha_t = \alpha \cdot \sqrt{1 - \beta_2^t} / (1 - \beta_1^t)",
     "alpha[t] == alpha*sqrt(1 - beta_2**t)/(1 - beta_1**t)"),
    ("sec. 2 (inline)", r"\theta_t \leftarrow \theta_{t-1} - \alpha_t \cdot m_t / (\sqrt{v_t} + \epsilon)", "theta_t := theta[t - 1] - alpha_t*m_t/(sqrt(v_t) + epsilon)"),
    ("sec. 2.1 (inline)", r"\epsilon = 0", "epsilon == 0"),
    ("sec. 2.1 (inline)", r"\Delta_t = \alpha \cdot \widehat{m}_t / \sqrt{\widehat{v}_t}",
     "Delta[t] == alpha*mhat[t]/sqrt(vhat[t])"),
    ("sec. 2.1 (inline)", r"|\Delta_t| \leq \alpha \cdot (1 - \beta_1) / \sqrt{1 - \beta_2}",
     "Abs(Delta[t]) <= alpha*(1 - beta_1)/sqrt(1 - beta_2)"),
    ("sec. 2.1 (inline)", r"(1 - \beta_1) > \sqrt{1 - \beta_2}", "1 - beta_1 > sqrt(1 - beta_2)"),
    ("sec. 2.1 (inline)", r"|\Delta_t| \leq \alpha", "Abs(Delta[t]) <= alpha"),
    ("sec. 2.1 (inline)", r"(1 - \beta_1) = \sqrt{1 - \beta_2}", "1 - beta_1 == sqrt(1 - beta_2)"),
    ("sec. 2.1 (inline)", r"|\widehat{m}_t / \sqrt{\widehat{v}_t}| < 1", "Abs(mhat[t]/sqrt(vhat[t])) < 1"),
    ("sec. 2.1 (inline)", r"|\Delta_t| < \alpha", "Abs(Delta[t]) < alpha"),
    ("sec. 2.1 (inline)", r"\widehat{m}_t / \sqrt{\widehat{v}_t} \approx \pm 1",
     "refuse: an informal approximation to plus or minus one"),
    ("sec. 2.1 (inline)", r"|\mathbb{E}[g] / \sqrt{\mathbb{E}[g^2]}| \leq 1",
     "Abs(Expect(g)/sqrt(Expect(g**2))) <= 1"),
    ("sec. 2.1 (inline)", r"|\Delta_t| \lesssim \alpha", "refuse: an informal bound (\\lesssim)"),
    ("sec. 2.1 (inline)", r"(c \cdot \widehat{m}_t) / (\sqrt{c^2 \cdot \widehat{v}_t}) = \widehat{m}_t / \sqrt{\widehat{v}_t}",
     "(c*mhat[t])/sqrt(c**2*vhat[t]) == mhat[t]/sqrt(vhat[t])",
     {"note": "as printed; true for c > 0 only"}),
    ("sec. 3 (inline)", r"v_0 = 0", "v[0] == 0"),
    ("sec. 3 (inline)", r"v_t = \beta_2 \cdot v_{t-1} + (1 - \beta_2) \cdot g_t^2",
     "v[t] == beta_2*v[t - 1] + (1 - beta_2)*g[t]**2"),
    ("sec. 3 (inline)", r"g_t \sim p(g_t)", "refuse: a distribution statement (\\sim)"),
    ("eq. 1 (sec. 3)", r"v_t = (1 - \beta_2) \sum_{i=1}^{t} \beta_2^{t-i} \cdot g_i^2",
     "v[t] == (1 - beta_2)*Sum(beta_2**(t - i)*g[i]**2, (i, 1, t))"),
    ("sec. 3", r"\mathbb{E}[v_t] = \mathbb{E}\left[(1 - \beta_2) \sum_{i=1}^{t} \beta_2^{t-i} \cdot g_i^2\right]",
     "Expect(v[t]) == Expect((1 - beta_2)*Sum(beta_2**(t - i)*g[i]**2, (i, 1, t)))"),
    ("sec. 3", r"= \mathbb{E}[g_t^2] \cdot (1 - \beta_2) \sum_{i=1}^{t} \beta_2^{t-i} + \zeta",
     "cont == Expect(g[t]**2)*(1 - beta_2)*Sum(beta_2**(t - i), (i, 1, t)) + zeta",
     {"note": "a continuation of the previous display (was refused)"}),
    ("sec. 3", r"= \mathbb{E}[g_t^2] \cdot (1 - \beta_2^t) + \zeta", "cont == Expect(g[t]**2)*(1 - beta_2**t) + zeta",
     {"note": "a continuation of the previous display (was refused)"}),
    ("sec. 3 (inline)", r"\zeta = 0", "zeta == 0"),
    ("eq. 5", r"R(T) = \sum_{t=1}^{T} [f_t(\theta_t) - f_t(\theta^*)]" "\n" r"\quad \text{(5)}",
     "refuse: f_t is a family of functions indexed by the summation variable t"),
    ("sec. 4 (inline)", r"\theta^* = \arg \min_{\theta \in \mathcal{X}} \sum_{t=1}^{T} f_t(\theta)",
     "refuse: an arg min over a set"),
    ("sec. 4 (inline)", r"g_t \triangleq \nabla f_t(\theta_t)", "g_t := Grad(f_t, theta_t)",
     dict(_FT, matrices="g_t:d,1 theta_t:d,1")),
    ("sec. 4 (inline)", r"g_{1:t,i} = [g_{1,i}, g_{2,i}, \cdots, g_{t,i}]", "refuse: a slice g_{1:t,i} and a list with \\cdots"),
    ("sec. 4 (inline)", r"\gamma \triangleq \frac{\beta_1^2}{\sqrt{\beta_2}}", "gamma := beta_1**2/sqrt(beta_2)",
     {"note": "\\triangleq defines gamma (not Euler's constant)"}),
    ("thm. 4.1 (inline)", r"\|\nabla f_t(\theta)\|_2 \leq G",
     "sqrt(S1(Grad(f_t, theta).T*Grad(f_t, theta))) <= G",
     # sec. 2: f_t(theta) is the stochastic objective at step t, a function of the parameter
     # vector theta in R^d; G bounds the gradients' norms (a number): f_t is declared whole (one
     # of the family, t fixed in this claim), its gradient at theta an opaque vector of R^d
     {"matrices": "theta:d,1", "functions": "f_t", "assume": r"G \in \mathbb{R}",
      "note": "the Euclidean norm (_2) of the gradient of f_t at theta (was refused)"}),
    ("thm. 4.1 (inline)", r"\|\theta_n - \theta_m\|_2 \leq D", "norm(theta[n] - theta[m]) <= D",
     {"note": "theta_n, theta_m are parameter vectors; the Euclidean norm of their difference"}),
    ("thm. 4.1 (inline)", r"\frac{\beta_1^2}{\sqrt{\beta_2}} < 1", "beta_1**2/sqrt(beta_2) < 1"),
    ("thm. 4.1 (inline)", r"\alpha_t = \frac{\alpha}{\sqrt{t}}", "alpha[t] == alpha/sqrt(t)"),
    ("thm. 4.1 (inline)", r"\beta_{1,t} = \beta_1 \lambda^{t-1}, \lambda \in (0, 1)",
     "refuse: ambiguous: after a comma, lambda in (0, 1) is the theorem's hypothesis (a "
     "condition of the equation) or, as a comma separates claims elsewhere, a second claim"),
    ("thm. 4.1 (inline)", r"T \geq 1", "T >= 1"),
    ("thm. 4.1", r"R(T) \leq \frac{D^2}{2\alpha(1 - \beta_1)} \sum_{i=1}^{d} \sqrt{T \hat{v}_{T,i}} + \frac{\alpha(1 + \beta_1)G_\infty}{(1 - \beta_1)\sqrt{1 - \beta_2}(1 - \gamma)^2} \sum_{i=1}^{d} \|g_{1:T,i}\|_2 + \sum_{i=1}^{d} \frac{D_\infty^2 G_\infty \sqrt{1 - \beta_2}}{2\alpha(1 - \beta_1)(1 - \lambda)^2}",
     "refuse: norms of slices g_{1:T,i}"),
    ("sec. 4 (inline)", r"\sum_{i=1}^{d} \|g_{1:T,i}\|_2 << dG_\infty \sqrt{T}", "refuse: '<<' (much less than) is informal; slices"),
    ("cor. 4.2", r"\frac{R(T)}{T} = O\left(\frac{1}{\sqrt{T}}\right)", "stmt R(T)/T in BigO(1/sqrt(T))",
     {"functions": "R", "note": "the text defines the regret R(T) as a function of T; an order of "
                                "growth (was refused)"}),
    ("cor. 4.2 (inline)", r"\lim_{T \to \infty} \frac{R(T)}{T} = 0", "Limit(R(T)/T, T, oo) == 0", {"functions": r"R"}),
    ("sec. 4 (inline)", r"O(\log d\sqrt{T})", "refuse: an expression, not a relation"),
]
