"""Optimisation for deep learning as printed in public course notes (learning-rate schedules,
gradient-descent convergence, second-order methods, adaptive methods)."""

SOURCE = ("dl_optimization_notes", "DL Note-4 Optimization (course notes, 2025)",
          "a public blog repository's Markdown/LaTeX post 'DL Note-4 Optimization' (2025-07-21), "
          "notes on a deep-learning course: schedules after Loshchilov and Hutter (SGDR, "
          "arXiv:1608.03983), the O(1/sqrt T) rate of gradient descent, Newton and quasi-Newton "
          "steps, momentum, Adagrad, RMSprop and Adam; LaTeX as in the post, misprints included; "
          "'(inline)' marks formulas of the running text")

_GRAD = "refuse: a gradient (nabla J) of a function defined elsewhere"
_ALGROWS = "refuse: update rules of an algorithm (iterates on both sides) with gradients nabla J^t"
_V = "theta thetastar g"

DISPLAYS = [
    ("objective", r"""\arg \min \mathcal{O(D,\theta)}=  \sum_{i=1}^{N} L(y_i, f(x_i,\theta)) + \Omega(\theta)""",
     "refuse: an arg min without its variable, and \\mathcal around a whole expression O(D, theta)"),
    ("first-order: Taylor", r"""J(\theta) = J(\theta_0) + \nabla J(\theta_0)^T(\theta - \theta_0) + \frac{1}{2}(\theta - \theta_0)^T H(\theta - \theta_0) """,
     "Val(J, theta) == Val(J, theta_0) + S1(Grad(J, theta_0).T*(theta - theta_0)) + S1((theta - theta_0).T*H*(theta - theta_0))/2",
     # the notes: J(theta) the objective of the parameter vector theta in R^d, H its d x d Hessian;
     # the second-order model printed with '=' is read as printed (as "first-order: descent step");
     # J's values and gradient are opaque (nothing ties H to J here)
     {"matrices": "theta:d,1 theta_0:d,1 H:d,d", "functions": "J",
      "assume": r"\theta, \theta_0 \in \mathbb{R}^d"}),
    ("first-order: descent step", r"""J(\theta - \eta g) = J(\theta ) -  \eta g^Tg \leq J(\theta)""",
     "J(theta - eta*g) == J(theta) - eta*dot(g, g) <= J(theta)",
     {"functions": r"J", "vectors": "theta g", "note": "theta, g are vectors (g^T g their inner product); as printed "
              "the first link is a first-order approximation written with '=': read faithfully"}),
    ("learning-rate decay: exponential", r"""\eta_t = \eta_0 \cdot e^{-\alpha t}""", "eta[t] == eta[0]*exp(-alpha*t)"),
    ("learning-rate decay: inverse", r"""\eta_t = \frac{\eta_0}{1+\alpha t}""", "eta[t] == eta[0]/(1 + alpha*t)"),
    ("warm restarts: cosine annealing", r"""\eta_t = \eta_{min}^i + \frac{1}{2}(\eta_{max}^i - \eta_{min}^i)(1 + \cos(\frac{T_{cur}}{T_{i}}\pi))""",
     "eta[t] == eta[min, i] + (eta[max, i] - eta[min, i])*(1 + cos(T_cur/T_i*pi))/2",
     {"note": "the superscript i is the run (a label, the text), min/max are labels"}),
    ("convergence rate (inline)", r"\frac{1}{T} \sum_{t=0}^{T-1} J(\theta^t) - J(\theta^*) \leq \mathcal{O}(\frac{1}{\sqrt{T}})",
     "refuse: an asymptotic (O) bound, not a value"),
    ("convergence: gradient step", r"""\theta^{t+1}=\theta^t-\eta \nabla J\left(\theta^t\right)""",
     "Iter(theta, t + 1) == Iter(theta, t) - eta*Grad(J, Iter(theta, t))",
     # the notes: J(theta) the objective of the parameter vector theta in R^d; theta^t, theta^{t+1}
     # its iterates (superscripts on a vector are labels); the gradient at theta^t is opaque
     {"matrices": "theta:d,1", "functions": "J", "assume": r"\theta \in \mathbb{R}^d",
      "note": "the update of gradient descent, read as an equation between iterates"}),
    ("convergence: one step", r"""\begin{aligned}
&J\left(\theta^t\right)-J\left(\theta^*\right)  & \text { (Gap btw minimum value } \left.J\left(\theta^*\right)\right) \\

\leq & \nabla J\left(\theta^t\right)\left(\theta^t-\theta^*\right) & \text { (Convexity) } \\

= & \frac{1}{\eta}\left(\theta^t-\theta^{t+1}\right)^{\mathrm{T}}\left(\theta^t-\theta^*\right)  & \text { (Definition of GD) } \\

=& \frac{1}{2 \eta}\left(\left\|\theta^t-\theta^*\right\|^2+\left\|\theta^{t+1}-\theta^t\right\|^2-\left\|\theta^{t+1}-\theta^*\right\|^2\right) & \text { (Properties of Norm) } \\
= & \frac{1}{2 \eta}\left(\left\|\theta^t-\theta^*\right\|^2-\left\|\theta^{t+1}-\theta^*\right\|^2\right)+\frac{\eta}{2}\left\|\nabla J\left(\theta^t\right)\right\|^2 & \text { (Definition of GD) } \\

\leq &\frac{1}{2 \eta}\left(\left\|\theta^t-\theta^*\right\|^2-\left\|\theta^{t+1}-\theta^*\right\|^2\right)+\frac{\eta}{2} L^2 &  \text { (Lipchitz Property) }
\end{aligned}""", _GRAD + "; the rows carry justifications in text"),
    ("convergence: per step", r"""J\left(\theta^t\right)-J\left(\theta^*\right) \leq \frac{1}{2 \eta}\left(\left\|\theta^t-\theta^*\right\|^2-\left\|\theta^{t+1}-\theta^*\right\|^2\right)+\frac{\eta}{2} L^2""",
     "J(theta[t]) - J(thetastar) <= (norm(theta[t] - thetastar)**2 - norm(theta[t + 1] - thetastar)**2)/(2*eta) + eta/2*L**2",
     {"functions": r"J", "vectors": _V, "note": "superscripts t, t+1 are iterate labels, theta^* the minimiser"}),
    ("convergence (inline)", r"\max _{\theta, \theta^{\prime}}\left(\left\|\theta-\theta^{\prime}\right\|\right) \leq R",
     "refuse: a maximum over pairs of points of a domain (a set), not over an index range"),
    ("convergence (inline)", r"t \in\{0,1, \ldots, T-1\}", "stmt t in IntegerRange(0, T - 1)"),
    ("convergence: summed", r"""\begin{aligned}
& \sum_t\left(J\left(\theta^t\right)-J\left(\theta^*\right)\right) \leq \frac{1}{2 \eta}\left(\left\|\theta^0-\theta_*^*\right\|^2-\left\|\theta^T-\theta^*\right\|^2\right)+\frac{\eta L^2 T}{2} \\
& \frac{1}{T} \sum_t J\left(\theta^t\right)-J\left(\theta^*\right) \leq \frac{1}{2 \eta T}\left(R^2+0\right)+\frac{\eta L^2}{2} \\
& \frac{1}{T} \sum_t J\left(\theta^t\right)-J\left(\theta^*\right) \leq \frac{R^2}{2 \eta T}+\frac{\eta L^2}{2}
\end{aligned}""",
     "refuse: theta_*^* is a misprint (a double label), and the second row replaces a norm by R^2 "
     "only under the text's hypothesis; not one claim per row as printed"),
    ("convergence (inline)", r"\eta = \frac{R}{L\sqrt{T}}", "eta == R/(L*sqrt(T))"),
    ("convergence: rate", r"""\frac{1}{T} \sum_t J\left(\theta^t\right)-J\left(\theta^*\right) \leq \frac{L}{R} \sqrt{T}""",
     "Sum(J(theta[t]), (t, 1, N_t))/T - J(thetastar) <= L/R*sqrt(T)",
     {"functions": r"J", "vectors": _V, "note": "the sum over t has no printed range; as printed the right side is "
              "L sqrt(T)/R (the derivation gives R L/sqrt(T)): read faithfully"}),
    ("second-order: eigendecomposition", r"""H = Q \Lambda Q^T \quad \text{and} \quad H^{-1} = Q \Lambda^{-1} Q^T""",
     "H == Q*Lambda*Q.T; H**-1 == Q*Lambda**-1*Q.T",
     {"matrices": "H:d,d Q:d,d Lambda:d,d",
      "note": "two claims joined by 'and'; H is the d x d Hessian (d parameters, the text)"}),
    ("Newton: model", r"""\hat{J}(\theta) = J(\theta_0) + \nabla J(\theta_0)^T(\theta - \theta_0) + \frac{1}{2}(\theta - \theta_0)^T H(\theta - \theta_0)""", _GRAD),
    ("Newton: stationarity", r"""\nabla_{\theta} \hat{J}(\theta) = \nabla_{\theta} J(\theta_0) + H(\theta - \theta_0) = 0""", _GRAD),
    ("Newton: step", r"""\theta^{t+1} = \theta^{t} - H^{-1} \nabla_{theta} J(\theta^{t})""",
     "refuse: a gradient, with the misprinted subscript {theta} (the italic letters t h e t a)"),
    ("quasi-Newton (inline)", r"s_t = \theta_{t+1} - \theta_t", "s[t] == theta[t + 1] - theta[t]",
     {"note": "a difference of parameter vectors, read entrywise"}),
    ("quasi-Newton (inline)", r"y_t = \nabla J(\theta_{t+1}) - \nabla J(\theta_t)",
     "y_t == Grad(J, Iter(theta, t + 1)) - Grad(J, theta_t)",
     # the notes: y_t the change of the gradient between two iterates theta_t, theta_{t+1} of
     # R^d (the secant pair of quasi-Newton methods, beside s_t); the gradients are opaque
     {"matrices": "theta:d,1 theta_t:d,1 y_t:d,1", "functions": "J",
      "assume": r"\theta_t, \theta_{t+1}, y_t \in \mathbb{R}^d"}),
    ("momentum", r""" \begin{aligned} v^t &= \beta v^{t-1} + (1-\beta) \nabla J(\theta^t) \\ \theta^{t+1} &= \theta^t - \eta v^t \end{aligned} """,
     "Iter(v, t) == beta*Iter(v, t - 1) + (1 - beta)*Grad(J, Iter(theta, t)); "
     "Iter(theta, t + 1) == Iter(theta, t) - eta*Iter(v, t)",
     # the notes: the velocity v accumulates gradients, a vector of theta's space R^d; the
     # superscripts are iterates; the rows are the two update rules, read as equations
     {"matrices": "theta:d,1 v:d,1", "functions": "J", "assume": r"\theta, v \in \mathbb{R}^d"}),
    ("Nesterov momentum", r"""\begin{aligned}
&\tilde{\theta}^{t} = \theta^{t} - \beta \Delta^{t-1} \\
&\Delta^{t} = \beta \Delta^{t-1} + (1-\beta)\nabla J^t (\tilde{\theta}^t)\\
&\theta^{t+1} = \theta^t - \eta \Delta^t\\
\end{aligned}""", _ALGROWS),
    ("Adagrad", r"""\begin{aligned}
&r^t = r^{t-1} + \nabla J^t(\theta^t) \odot \nabla J^t(\theta^t)\\
&h^t = \frac{1}{\sqrt{r^t} + \delta} \\
&\Delta^t = h^t \odot \nabla J^t(\theta^t)\\
&\theta^{t+1} = \theta^t - \eta \Delta^t
\end{aligned}""", _ALGROWS),
    ("Adam (as in the notes)", r"""\begin{aligned}
& r^t = \rho r^{t-1} + (1-\rho)\nabla J^t(\theta^t) \odot \nabla J^t(\theta^t)\\
& h^t = \frac{1}{\sqrt{r^t} + \delta} \\
& s^t = \varepsilon s^{t-1} + (1-\epsilon)\nabla J^t(\theta^t)\\
& \Delta^t = h^t \odot s^t \\
& \theta^{t+1} = \theta^t - \eta \Delta^t
\end{aligned}""", _ALGROWS),
    ("Adam: settings (inline)", r"\rho=0.9", "rho == 0.9"),
    ("Adam: settings (inline)", r"\varepsilon = 0.9", "epsilon == 0.9"),
    ("Adam: settings (inline)", r"\rho = 0.999", "rho == 0.999"),
]
