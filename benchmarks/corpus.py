"""A table of steps with known truth, for measuring the checker (issue 2's closing table).

Each row: (LaTeX claim, assumptions, truth) where truth is True (the claim holds on the stated
domain), False (it does not), written by hand from textbook facts, independently of the tool.
Categories: true identities, true inequalities, plausible false steps, near-identities.
"""

TRUE_IDENTITIES = [
    (r"\ln(a^2 b) = 2\ln a + \ln b", ["a > 0", "b > 0"]),
    (r"\sin^2 x + \cos^2 x = 1", []),
    (r"(a+b)^2 = a^2 + 2ab + b^2", []),
    (r"\frac{d}{dx}\tanh x = 1 - \tanh^2 x", []),
    (r"\frac{d}{dx} e^{x^2} = 2x e^{x^2}", []),
    (r"e^{a+b} = e^a e^b", []),
    (r"\ln(e^x) = x", []),
    (r"\cos(2x) = 1 - 2\sin^2 x", []),
    (r"\sin(a+b) = \sin a \cos b + \cos a \sin b", []),
    (r"\frac{1}{1+e^{-x}} = \frac{e^x}{1+e^x}", []),
    (r"\frac{e^{a}}{e^{a}+e^{b}} = \frac{1}{1+e^{b-a}}", []),
    (r"\sqrt{x^2} = x", ["x > 0"]),
    (r"\ln\frac{a}{b} = \ln a - \ln b", ["a > 0", "b > 0"]),
    (r"\sum_{j=1}^{n} j = \frac{n(n+1)}{2}", [r"n \in \mathbb{Z}_{>0}"]),
    (r"\sum_{j=1}^{n} 2^{j} = 2^{n+1} - 2", [r"n \in \mathbb{Z}_{>0}"]),
    (r"\tanh x = \frac{e^{2x}-1}{e^{2x}+1}", []),
    (r"\cosh^2 x - \sinh^2 x = 1", []),
    (r"x_1\cos t - x_2\sin t + (x_1\sin t + x_2\cos t) = x_1(\cos t + \sin t) + x_2(\cos t - \sin t)", []),
    (r"\frac{\partial}{\partial x} \ln(1 + e^{x}) = \frac{1}{1+e^{-x}}", []),
    (r"(1+10^{-40})^2 - 1 = 2\cdot 10^{-40} + 10^{-80}", []),
    (r"\sqrt{10^{40}+1} - 10^{20} = \frac{1}{\sqrt{10^{40}+1}+10^{20}}", []),
    (r"\ln 8 = 3\ln 2", []),
]

TRUE_INEQUALITIES = [
    (r"\ln(1 + x) \le x", ["x > -1"]),
    (r"e^{x} \ge 1 + x", []),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n", [r"n \in \mathbb{Z}_{>0}"]),
    (r"x^2 + y^2 \ge 2xy", []),
    (r"\frac{a+b}{2} \ge \sqrt{ab}", ["a > 0", "b > 0"]),
    (r"|a + b| \le |a| + |b|", []),
    (r"\frac{x}{1+x} < \ln(1+x)", ["x > 0"]),
    (r"\sin x \le x", ["x > 0"]),
    (r"\tanh x < 1", []),
    (r"\frac{1}{1+e^{-x}} > 0", []),
    (r"e^{x} > 0", []),
    (r"x^4 - 2x^2 + 1 \ge 0", []),
    (r"\cosh x \ge 1", []),
    (r"\ln x \le x - 1", ["x > 0"]),
    (r"2^{n} \ge n + 1", [r"n \in \mathbb{Z}_{>0}"]),
    (r"\sqrt{x} \le \frac{1 + x}{2}", ["x > 0"]),
    (r"x \ln x \ge x - 1", ["x > 0"]),
    (r"\pi^{e} < e^{\pi}", []),
]

FALSE_STEPS = [
    (r"\ln(a - b) = \ln a - \ln b", ["a > b", "b > 0"]),
    (r"\frac{d}{dx}\tanh x = 1 + \tanh^2 x", []),
    (r"\ln(1 + x) \ge x", ["x > -1"]),
    (r"\sqrt{x^2} = x", []),
    (r"(a+b)^2 = a^2 + b^2", []),
    (r"\ln(a + b) = \ln a + \ln b", ["a > 0", "b > 0"]),
    (r"e^{a b} = e^a e^b", []),
    (r"\sin(2x) = 2\sin x", []),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j", [r"n \in \mathbb{Z}_{>0}"]),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \ge \max_j x_j + \ln n", [r"n \in \mathbb{Z}_{>0}"]),
    (r"\frac{e^{a}}{e^{a}+e^{b}} = \frac{1}{1+e^{a-b}}", []),
    (r"x^2 \ge x", []),
    (r"\frac{1}{x} < x", ["x > 0"]),
    (r"\tanh x \le x", []),
    (r"\cos(2x) = 1 - \sin^2 x", []),
    (r"\frac{d}{dx} e^{x^2} = e^{x^2}", []),
    (r"\sum_{j=1}^{n} j = \frac{n^2}{2}", [r"n \in \mathbb{Z}_{>0}"]),
    (r"x\ln x \ge 0", ["x > 0"]),
    (r"\frac{a+b}{2} \le \sqrt{ab}", ["a > 0", "b > 0"]),
    (r"\ln 8 = 2\ln 3", []),
]

NEAR_IDENTITIES = [  # equal to many digits, not equal: all false
    (r"e^{\pi\sqrt{67}} = 147197952744", []),
    (r"e^{\pi\sqrt{163}} = 262537412640768744", []),
    (r"e^{\pi} - \pi = 20", []),
    (r"\sqrt{2} = \frac{665857}{470832}", []),
    (r"\pi = \frac{355}{113}", []),
    (r"\ln 2 = 0.6931471805599453", []),
    (r"\sin(10^{22}) = -0.8522008497671888", []),
    (r"e^{\pi\sqrt{58}} = 24591257751.99999822", []),
]

ROWS = ([(s, a, True, "true identity") for s, a in TRUE_IDENTITIES]
        + [(s, a, True, "true inequality") for s, a in TRUE_INEQUALITIES]
        + [(s, a, False, "plausible false step") for s, a in FALSE_STEPS]
        + [(s, a, False, "near-identity") for s, a in NEAR_IDENTITIES])
