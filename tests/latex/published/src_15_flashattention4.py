"""Zadouri et al., FlashAttention-4: Algorithm and Kernel Pipelining Co-Design for Asymmetric Hardware Scaling."""

SOURCE = ("flashattention4", "FlashAttention-4: Algorithm and Kernel Pipelining Co-Design for Asymmetric Hardware Scaling",
          "arXiv:2603.05451v1 (MLSys 2026); LaTeX as converted from the arXiv source in a public "
          "paper-reading site, page /en/papers/flashattention-4/; '(inline)' marks formulas of "
          "the running text")

_EXPR = "refuse: an expression, not a relation"
# M x N is the tile of S in R^{M x N} (the text: "M=256"): tile sizes are numbers, never matrices
_TILES = {"assume": r"M \in \mathbb{Z}_{>0} ; N \in \mathbb{Z}_{>0}"}
_MM = "dS:M,N dP:M,N P:M,N S:M,N Q:M,d dQ:M,d dO:M,d K:N,d dK:N,d V:N,d dV:N,d"

DISPLAYS = [
    ("sec. 2.1", r"""\begin{aligned}
\mathbf{S} &= \alpha \mathbf{Q} \mathbf{K}^\top \in \mathbb{R}^{N \times N}, \\
\mathbf{P} &= \mathrm{softmax}(\mathbf{S}) \in \mathbb{R}^{N \times N}, \\
\mathbf{O} &= \mathbf{P}\mathbf{V} \in \mathbb{R}^{N \times d},
\end{aligned}""",
     "S == alpha*Q*K.T; P == MatFn(softmax, S); O == P*V",
     {"matrices": "Q:N,d K:N,d V:N,d S:N,N P:N,N O:N,d",
      "note": "three definitions with the shapes of what they define (memberships read as "
              "shapes, checked)"}),
    ("sec. 2.1", r"""\begin{aligned}
\mathbf{dV} &= \mathbf{P}^\top \mathbf{dO}, \quad \mathbf{dP} = \mathbf{dO} \mathbf{V}^\top, \\
\mathbf{dS} &= \mathrm{dsoftmax}(\mathbf{dP}), \\
\mathbf{dQ} &= \alpha \mathbf{dS} \mathbf{K}, \quad \mathbf{dK} = \alpha \mathbf{dS}^\top \mathbf{Q},
\end{aligned}""",
     "dV == P.T*dO; dP == dO*V.T; dS == MatFn(dsoftmax, dP); dQ == alpha*dS*K; dK == alpha*dS.T*Q",
     {"matrices": "dV:N,d P:N,N dO:N,d dP:N,N V:N,d dS:N,N dQ:N,d K:N,d dK:N,d Q:N,d",
      "note": "five definitions (two rows hold two each); dsoftmax acts row-wise"}),
    ("sec. 2.1 (inline)", r"\alpha = 1/\sqrt{d}", "alpha == 1/sqrt(d)"),
    ("sec. 2.1 (inline)", r"\mathbf{d}s = (\mathrm{diag}(p) - p p^\top)\mathbf{d}p",
     "refuse: a bold d is a gradient operator here; diag of a vector and an outer product"),
    ("sec. 2.1 (inline)", r"p = \mathrm{softmax}(s)", "p == softmax(s)"),
    ("eq. 1", r"T_{\mathrm{MMA}} = \frac{4MNd}{8192} \mathrm{\ cycles}.", "T_MMA == 4*M*N*d/8192",
     {**_TILES, "note": "'cycles' is a unit written upright, not a factor"}),
    ("eq. 2", r"""= 2\Big\lceil\tfrac{M}{128}\Big\rceil\Big\lceil\tfrac{N}{128}\Big\rceil 256d
+ 2\Big\lceil\tfrac{M}{128}\Big\rceil\Big\lceil\tfrac{d}{128}\Big\rceil 128N
= \tfrac{3MNd}{8192}\ \mathrm{cycles}""",
     "refuse: the display starts with '=' (its left side, T_smem, is in the text)"),
    ("eq. 3", r"T_{\mathrm{exp}} = \frac{MN}{16} \mathrm{\ cycles}.", "T_exp == M*N/16", _TILES),
    ("sec. 3.1.1 (inline)", r"\lceil M/128 \rceil \times \lceil N/128 \rceil", "expr ceiling(M/128)*ceiling(N/128)"),
    ("sec. 3.1.1 (inline)", r"\lceil M/128 \rceil \times \lceil N/128 \rceil \times (128d + 128d) = \lceil M/128 \rceil \lceil N/128 \rceil \times 256d",
     "ceiling(M/128)*ceiling(N/128)*(128*d + 128*d) == ceiling(M/128)*ceiling(N/128)*256*d"),
    ("sec. 3.1.1 (inline)", r"M = N = d = 128", "M == N == d == 128"),
    ("sec. 3.1.1 (inline)", r"M = 256, N = d = 128", "M == 256; N == d == 128",
     {"note": "two statements separated by a comma"}),
    ("eq. 4", r"2^x = 2^{\lfloor x \rfloor}\,2^{x-\lfloor x \rfloor}", "2**x == 2**floor(x)*2**(x - floor(x))"),
    ("sec. 3.1.3 (inline)", r"x - \lfloor x \rfloor \in [0, 1)", "0 <= x - floor(x) < 1",
     {"note": "membership in a half-open interval, the chain 0 <= . < 1"}),
    ("eq. 5", r"2^{x_{\mathrm{frac}}} \approx \sum_{i=0}^{n} p_i\, x_{\mathrm{frac}}^i",
     "2**x_frac ~= Sum(p[i]*x_frac**i, (i, 0, n))"),
    ("sec. 3.1.3 (inline)", r"x_{\mathrm{frac}} \in [0, 1)",
     # (was the chain 0 <= x_frac < 1: a name said to lie in an interval is a statement, read
     # as one; an expression in an interval, x - floor(x) above, is a claim, read as the chain)
     "stmt x_frac in Interval.Ropen(0, 1)"),
    ("sec. 3.1.3 (inline)", r"p_0 = 1.0", "p[0] == 1.0"),
    ("sec. 3.1.3 (inline)", r"2^{23} + 2^{22}", "expr 2**23 + 2**22"),
    ("sec. 3.1.3 (inline)", r"x_{\mathrm{frac}} = x - \lfloor x \rfloor", "x_frac == x - floor(x)"),
    ("sec. 3.1.3 (inline)", r"8.8 \times 10^{-5}", "expr Rational(88, 10)*10**(-5)"),
    ("sec. 3.1.4", r"""\begin{aligned}
m_j &= \max(m_{j-1}, \mathrm{rowmax}(S_j)) \\
\ell_j &= e^{m_{j-1} - m_j} \ell_{j-1} + \mathrm{rowsum}(e^{S_j - m_j})
\end{aligned}""",
     "refuse: rowmax and rowsum of a matrix, the exponential of a matrix minus a vector"),
    ("sec. 3.1.4 (inline)", r"O_j = e^{m_{j-1} - m_j} O_{j-1} + e^{S_j - m_j} V_j.",
     "refuse: the exponential of a matrix minus a vector (broadcast), times a matrix"),
    ("sec. 3.1.4 (inline)", r"m_j > m_{j-1}", "m[j] > m[j - 1]"),
    ("sec. 3.1.4 (inline)", r"m_j - m_{j-1} > \tau", "m[j] - m[j - 1] > tau"),
    ("sec. 3.1.4 (inline)", r"\log_2(256) = 8.0", "log(256)/log(2) == 8.0"),
    ("eq. 6", r"""O_j = \begin{cases}
e^{m_{j-1} - m_j} O_{j-1} + e^{S_j - m_j} V_j & \mathrm{if}\ m_j - m_{j-1} > \tau \\
O_{j-1} + e^{S_j - m_{j-1}} V_j & \mathrm{otherwise}
\end{cases}""", "refuse: a definition by cases with matrix exponentials"),
    ("sec. 3.1.4 (inline)", r"m_j - m_{j-1} \leq \tau", "m[j] - m[j - 1] <= tau"),
    ("sec. 3.1.4", r"\mathrm{Output} = \frac{1}{\ell_{\mathrm{final}}} O_{\mathrm{final}}",
     "Output == O_final/ell_final",
     {"assume": r"O_{\mathrm{final}} \in \mathbb{R}",
      "note": "the row normaliser l_final scales O_final: the text's O_j is the output tile and "
              "l_j its rows' normalisers (rowsum), so each entry of row r is divided by the "
              "number l_final,r; the claim is the same for every entry, read as numbers (O_final "
              "declared a number entry by entry, as a user would; undeclared, O after a factor "
              "may be a matrix and stays refused)"}),
    ("eq. 7", r"T_{\mathrm{MMA}} = \frac{10MNd}{8192} \mathrm{\ cycles}.", "T_MMA == 10*M*N*d/8192", _TILES),
    ("sec. 3.2.1 (inline)", r"\mathbf{S}^\top = \mathbf{K} \mathbf{Q}^\top", "S.T == K*Q.T", {"matrices": _MM}),
    ("sec. 3.2.1 (inline)", r"\mathbf{dP}^\top = \mathbf{V} \mathbf{dO}^\top", "dP.T == V*dO.T", {"matrices": _MM}),
    ("sec. 3.2.1 (inline)", r"\mathbf{dQ} = \mathbf{dS} \mathbf{K}", "dQ == dS*K", {"matrices": _MM}),
    ("sec. 3.2.1 (inline)", r"\mathbf{dV} = \mathbf{P}^\top \mathbf{dO}", "dV == P.T*dO", {"matrices": _MM}),
    ("sec. 3.2.1 (inline)", r"\mathbf{dK} = \mathbf{dS}^\top \mathbf{Q}", "dK == dS.T*Q", {"matrices": _MM}),
    ("sec. 3.2.1 (inline)", r"2Md + 3Nd + MN", "expr 2*M*d + 3*N*d + M*N", _TILES),
    ("eq. 8", r"T_{\mathrm{smem,MMA}} = \frac{4 M d + 3 N d + M N}{64} \mathrm{\ cycles}.",
     "T[smem, MMA] == (4*M*d + 3*N*d + M*N)/64", _TILES),   # M, N: tile sizes (as in eq. 1)
    ("eq. 9", r"\frac{4 M d + 3 N d + M N}{64} + \frac{MN}{64} + \frac{Md}{16} \mathrm{\ cycles}.",
     "expr (4*M*d + 3*N*d + M*N)/64 + M*N/64 + M*d/16", _TILES),   # the unit, as in eq. 3
    ("eq. 10", r"T_{\mathrm{exp}} = \frac{MN}{16} \mathrm{\ cycles}.", "T_exp == M*N/16", _TILES),
    ("sec. 3.2.3 (inline)", r"M=256", "M == 256"),
    ("sec. 3.2.3 (inline)", r"N=K=128", "N == K == 128"),
    ("sec. 3.2.3 (inline)", r"(\frac{M}{2}, 2N)(2N, d)", "refuse: a product of shapes, not a relation"),
]
