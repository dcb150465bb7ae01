"""Elementary identities (trigonometric, logarithmic) as printed on reference pages."""

SOURCE = ("reference_identities", "Elementary identities from reference pages",
          "pages: git.thomaslabs.org math/trigonometry.org ('Trigonometric identities'); "
          "en.wikibooks.org High School Trigonometry (sum and difference identities, two pages); "
          "git.lorimer.id.au notes (compound and double angle formulas); easymathvideo.com "
          "(Logarithm identities, a MathML export); LaTeX as in the pages")

_LOG = "refuse: lo{g} is the italic product l o g, not \\log"

DISPLAYS = [
    ("thomaslabs: Pythagorean identities", r"""\begin{align*} &\cos^2\left(x\right) + \sin^2\left(x\right) = 1\\ &\tan^2\left(x\right) + 1 = \sec^2\left(x\right)\\ &1 + \cot^2\left(x\right) = \csc^2\left(x\right) \end{align*}""",
     "cos(x)**2 + sin(x)**2 == 1; tan(x)**2 + 1 == sec(x)**2; 1 + cot(x)**2 == csc(x)**2"),
    ("thomaslabs: Sum of angles", r"""\begin{align*} &\sin\left(a \pm b\right) = \sin\left(a\right)\cos\left(b\right) \pm \cos\left(a\right)\sin\left(b\right)\\ &\cos\left(a \pm b\right) = \cos\left(a\right)\cos\left(b\right) \mp \sin\left(a\right)\sin\left(b\right)\\ &\tan(a \pm b) = \frac{\tan(a) \pm \tan(b)}{1 \mp \tan(a) \tan(b)} \end{align*}""", "sin(a + b) == sin(a)*cos(b) + cos(a)*sin(b); sin(a - b) == sin(a)*cos(b) - cos(a)*sin(b); cos(a + b) == cos(a)*cos(b) - sin(a)*sin(b); cos(a - b) == cos(a)*cos(b) + sin(a)*sin(b); tan(a + b) == (tan(a) + tan(b))/(1 - tan(a)*tan(b)); tan(a - b) == (tan(a) - tan(b))/(1 + tan(a)*tan(b))",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("thomaslabs: Multiple angles", r"""\begin{align*} &\sin(2\theta) = 2\sin(\theta)\cos(\theta)\\ &\cos(2\theta) = \cos^2\theta - \sin^2\theta = 2\cos^2\theta - 1 = 1 - 2\sin^2\theta \end{align*}""",
     "sin(2*theta) == 2*sin(theta)*cos(theta); cos(2*theta) == cos(theta)**2 - sin(theta)**2 == 2*cos(theta)**2 - 1 == 1 - 2*sin(theta)**2"),
    ("thomaslabs: Half-angle formulae", r"""\begin{align*} &\sin \frac{\theta}{2} = \pm \sqrt{\frac{1-\cos\theta}{2}}\\ &\cos \frac{\theta}{2} = \pm \sqrt{\frac{1+\cos\theta}{2}} \end{align*}""",
     "refuse: \\pm: the sign depends on the quadrant (not one identity)"),
    ("thomaslabs: Power-reduction formulae", r"""\begin{align*} &\sin^2\theta = \frac{1 - \cos(2\theta)}{2}\\ &\cos^2\theta = \frac{1 + \cos(2\theta)}{2} \end{align*}""",
     "sin(theta)**2 == (1 - cos(2*theta))/2; cos(theta)**2 == (1 + cos(2*theta))/2"),
    ("thomaslabs: Product-to-sum formulae", r"""\begin{align*} &2 \cos\theta \cos\varphi = \cos(\theta-\varphi) + \cos(\theta+\varphi)\\ &2 \sin\theta \sin\varphi = \cos(\theta-\varphi) - \cos(\theta+\varphi)\\ &2 \sin\theta \cos\varphi = \sin(\theta+\varphi) + \sin(\theta-\varphi)\\ &2\cos\theta\sin\varphi = \sin(\theta+\varphi) - \sin(\theta-\varphi) \end{align*}""",
     "2*cos(theta)*cos(varphi) == cos(theta - varphi) + cos(theta + varphi); "
     "2*sin(theta)*sin(varphi) == cos(theta - varphi) - cos(theta + varphi); "
     "2*sin(theta)*cos(varphi) == sin(theta + varphi) + sin(theta - varphi); "
     "2*cos(theta)*sin(varphi) == sin(theta + varphi) - sin(theta - varphi)"),
    ("thomaslabs: Sum-to-product formulae (row 2)", r"\cos\theta + \cos\varphi = 2 \cos\left(\frac{\theta+\varphi}{2}\right) \cos\left(\frac{\theta-\varphi}{2}\right)",
     "cos(theta) + cos(varphi) == 2*cos((theta + varphi)/2)*cos((theta - varphi)/2)"),
    ("thomaslabs: Sum-to-product formulae (row 1)", r"\sin\theta \pm \sin\varphi = 2 \sin\left(\frac{\theta\pm\varphi}{2}\right) \cos\left(\frac{\theta\mp\varphi}{2}\right)", "sin(theta) + sin(varphi) == 2*sin((theta + varphi)/2)*cos((theta - varphi)/2); sin(theta) - sin(varphi) == 2*sin((theta - varphi)/2)*cos((theta + varphi)/2)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("wikibooks: Sum and Difference Identities for Sine and Tangent", r"{\displaystyle \sin {(u\pm v)}=\sin {u}\cos {v}\pm \cos {u}\sin {v}}", "sin(u + v) == sin(u)*cos(v) + cos(u)*sin(v); sin(u - v) == sin(u)*cos(v) - cos(u)*sin(v)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("wikibooks: Sum and Difference Identities for Sine and Tangent", r"{\displaystyle \cos {(u\pm v)}=\cos {u}\cos {v}\pm \sin {u}\sin {v}}", "cos(u + v) == cos(u)*cos(v) + sin(u)*sin(v); cos(u - v) == cos(u)*cos(v) - sin(u)*sin(v)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs; the page prints \\pm for the cosine's sign (a misprint): read faithfully, both identities are false"}),
    ("wikibooks: Sum and Difference Identities for Sine and Tangent", r"{\displaystyle \tan {(u\pm v)}={\frac {\tan {u}\pm \tan {v}}{1\pm \tan {u}\tan {v}}}}", "tan(u + v) == (tan(u) + tan(v))/(1 + tan(u)*tan(v)); tan(u - v) == (tan(u) - tan(v))/(1 - tan(u)*tan(v))",
     {"note": "the display stands for two identities: the upper signs, then the lower signs; the page prints \\pm in the denominator (a misprint): read faithfully, both identities are false"}),
    ("wikibooks: Sum and Difference Identities for Sine, Cosine and Tangent", r"\sin{(u \pm v)} = \sin{u}\cos{v} \pm \cos{u}\sin{v}", "sin(u + v) == sin(u)*cos(v) + cos(u)*sin(v); sin(u - v) == sin(u)*cos(v) - cos(u)*sin(v)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("wikibooks: Sum and Difference Identities for Sine, Cosine and Tangent", r"\cos{(u \pm v)} = \cos{u}\cos{v} \mp \sin{u}\sin{v}", "cos(u + v) == cos(u)*cos(v) - sin(u)*sin(v); cos(u - v) == cos(u)*cos(v) + sin(u)*sin(v)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("wikibooks: Sum and Difference Identities for Sine, Cosine and Tangent", r"\tan{(u \pm v)} = \frac{\tan{u} \pm \tan{v}}{1 \mp \tan{u}\tan{v}}", "tan(u + v) == (tan(u) + tan(v))/(1 - tan(u)*tan(v)); tan(u - v) == (tan(u) - tan(v))/(1 + tan(u)*tan(v))",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("lorimer: Compound angle formulas", r"\cos(x \pm y) = \cos x + \cos y \mp \sin x \sin y", "cos(x + y) == cos(x) + cos(y) - sin(x)*sin(y); cos(x - y) == cos(x) + cos(y) + sin(x)*sin(y)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs; the notes print cos x + cos y (a misprint for cos x cos y): read faithfully, both are false"}),
    ("lorimer: Compound angle formulas", r"\sin(x \pm y) = \sin x \cos y \pm \cos x \sin y", "sin(x + y) == sin(x)*cos(y) + cos(x)*sin(y); sin(x - y) == sin(x)*cos(y) - cos(x)*sin(y)",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("lorimer: Compound angle formulas", r"\tan(x \pm y) = {{\tan x \pm \tan y} \over {1 \mp \tan x \tan y}}", "tan(x + y) == (tan(x) + tan(y))/(1 - tan(x)*tan(y)); tan(x - y) == (tan(x) - tan(y))/(1 + tan(x)*tan(y))",
     {"note": "the display stands for two identities: the upper signs, then the lower signs"}),
    ("lorimer: Double angle formulas", r"\cos 2x = \cos^2 x = \sin^2 x",
     "cos(2*x) == cos(x)**2 == sin(x)**2",
     {"note": "false as printed (a typo in the notes): read faithfully, the chain is false"}),
    ("lorimer: Double angle formulas", r"\sin 2x = 2 \sin x \cos x", "sin(2*x) == 2*sin(x)*cos(x)"),
    ("lorimer: Double angle formulas", r"\tan 2x = {{2 \tan x} \over {1 - \tan^2 x}}", "tan(2*x) == 2*tan(x)/(1 - tan(x)**2)"),
    ("lorimer: Pythagorean identities", r"1 + \tan^2 x & = \operatorname{sec}^2 x, \quad \text{where } \cos x \ne 0",
     "1 + tan(x)**2 == sec(x)**2",
     {"note": "the trailing 'where cos x != 0' is the identity's condition, not a second claim"}),
    ("easymathvideo: Logarithm", r"{a}^{lo{g}_{a}b}=b", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}a=1", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}1=0", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}\left(xy\right)=lo{g}_{a}x+lo{g}_{a}y", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}\left(\frac{x}{y}\right)=lo{g}_{a}x-lo{g}_{a}y", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}x=\frac{lo{g}_{b}x}{lo{g}_{b}a}", _LOG),
    ("easymathvideo: Logarithm", r"lo{g}_{a}b·lo{g}_{b}a=1", _LOG),
]
