"""Dao et al., FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness (2022)."""

SOURCE = ("flashattention", "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
          "arXiv:2205.14135v2; LaTeX as converted from the arXiv source (LaTeXML form) in a public "
          "paper-reading site, page /en/papers/flashattention/; '(inline)' marks a formula of an "
          "algorithm line or of the running text")

_QKV = {"matrices": "Q:N,d K:N,d V:N,d O:N,d"}
# an expression alone is read now (expr ...); an order alone is not a value, so not an expression
_ORDER_ALONE = "refuse: an order of growth alone (asymptotic notation is read only as a statement T = O(f))"
_BIGO = "refuse: an asymptotic (O, Theta, o) statement, not an equation between values"
_TOPK = (r"refuse: \topk is a conversion artifact (q_i^\top k_j run together): an undefined "
         r"control sequence in TeX")
_TOPK_READ = (r"\topk, \topv: the converter lost the braces of q_{i}^{\top}k_{j} (\topk is an undefined "
              r"control sequence, so no other formula); read as \top followed by the vector")
# eqs. 5, 6: \topk, \topv are read as in eq. 1 (_TOPK_READ: \topk is an undefined control
# sequence in TeX, so the printed display is no other formula); P_ij is an entry of P in
# R^{N x N} (sec. 2.2), a number, declared as in sec. B.2. What stays refused is the vector:
_GRAD_ROWS = ("refuse: k_j (q_i in eq. 6) is a vector of R^d both inside the dot product "
              "q_i^T k_j and as the factor of a sum of vectors (dq_i, dk_j); the sums over j (i) "
              "print no range and do_i cannot be declared a vector")
_ENTRY_P = {"assume": r"P_{ij} \in \mathbb{R}",
            "note": "P_ij(dP_ij - D_i) is the entry P_ij times the bracket (P_ij declared a number, "
                    "as in sec. B.2); \topk read as q_i^T k_j (a converter's artifact, _TOPK_READ)"}
_ENTRYWISE = ("the vectors of R^{B_r} are combined entry by entry (max, exp of differences, products "
              "of vectors: the paper's update rules), so the claim is the same for every entry, "
              "read as numbers; the superscript new is a label")
_ALG = "refuse: an algorithm step (assignment with \\leftarrow), not a claim"
# the definitions with their shapes are read now (X = expr \in R^{m x n}: the definition and the
# shape); these rows stay refused for what their right sides hold
_BROADCAST = ("refuse: a B_r x B_c block minus a vector of B_r (subtracted from every column: a "
              "broadcast) under an entry-wise exp, with diag(l_i)^{-1} before it")
_SLICE_MEMBER = "refuse: the slice S_{:,:j+1} (the first j+1 columns) and an iteration label"
# a row that starts with '=' is read as a continuation now (cont == ...); these rows stay
# refused for what their expression holds, not for the '='
_ROW = ("refuse: a continuation row (read as one by design) whose expression holds slices "
        "S_{:,:j}, V_{j:j+1} and iteration labels m^{(j)}, l^{(j+1)}")

# the sequence length N, the SRAM size M and the block sizes B_c = ceil(M/4d), B_r (Algorithm 1):
# numbers, never matrices
_SIZES = (r"N \in \mathbb{Z}_{>0} ; M \in \mathbb{Z}_{>0} ; B_c \in \mathbb{Z}_{>0} ; "
          r"B_r \in \mathbb{Z}_{>0}")

DISPLAYS = [
    ("sec. 2.2", r"\mathbf{S}=\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N},\quad\mathbf{P}=\mathrm{softmax}(\mathbf{S})\in\mathbb{R}^{N\times N},\quad\mathbf{O}=\mathbf{P}\mathbf{V}\in\mathbb{R}^{N\times d},",
     "S == Q*K.T; P == MatFn(softmax, S); O == P*V",
     {"matrices": "Q:N,d K:N,d V:N,d S:N,N P:N,N O:N,d",
      "note": "three definitions, each with the shape of what it defines (the membership is read "
              "as that shape and checked); Q, K, V in R^{N x d} are given in the text, S and P "
              "are declared for the later statements by the display's own memberships"}),
    ("sec. 3.1", r"m(x):=\max_{i}\ \ x_{i},\quad f(x):=\begin{bmatrix}e^{x_{1}-m(x)}&\ldots&e^{x_{B}-m(x)}\end{bmatrix},\quad\ell(x):=\sum_{i}f(x)_{i},\quad\mathrm{softmax}(x):=\frac{f(x)}{\ell(x)}.",
     "refuse: four definitions in one line, one of them a row vector written with \\ldots"),
    ("sec. 3.1", r"m(x)=m(\begin{bmatrix}x^{(1)}\ x^{(2)}\end{bmatrix})=\max(m(x^{(1)}),m(x^{(2)})),\quad f(x)=\begin{bmatrix}e^{m(x^{(1)})-m(x)}f(x^{(1)})&e^{m(x^{(2)})-m(x)}f(x^{(2)})\end{bmatrix},",
     "refuse: block vectors (concatenation) and two statements in one line"),
    ("sec. 3.1", r"\ell(x)=\ell(\begin{bmatrix}x^{(1)}\ x^{(2)}\end{bmatrix})=e^{m(x^{(1)})-m(x)}\ell(x^{(1)})+e^{m(x^{(2)})-m(x)}\ell(x^{(2)}),\quad\mathrm{softmax}(x)=\frac{f(x)}{\ell(x)}.",
     "refuse: block vectors (concatenation) and two statements in one line"),
    ("alg. 1 line 1 (inline)", r"B_{c}=\left\lceil\frac{M}{4d}\right\rceil", "B_c == ceiling(M/(4*d))"),
    ("alg. 1 line 1 (inline)", r"B_{r}=\min\left(\left\lceil\frac{M}{4d}\right\rceil,d\right)",
     "B_r == Min(ceiling(M/(4*d)), d)"),
    ("alg. 1 line 3 (inline)", r"T_{r}=\left\lceil\frac{N}{B_{r}}\right\rceil", "T_r == ceiling(N/B_r)"),
    ("alg. 1 line 3 (inline)", r"T_{c}=\left\lceil\frac{N}{B_{c}}\right\rceil", "T_c == ceiling(N/B_c)"),
    ("alg. 1 line 2 (inline)", r"\mathbf{O}=(0)_{N\times d}\in\mathbb{R}^{N\times d},\ell=(0)_{N}\in\mathbb{R}^{N},m=(-\infty)_{N}\in\mathbb{R}^{N}",
     "refuse: initialisations of a matrix and vectors, (0)_{N x d} notation, memberships"),
    ("alg. 1 line 9 (inline)", r"\mathbf{S}_{\mathrm{ij}}=\mathbf{Q}_{i}\mathbf{K}_{j}^\top\in\mathbb{R}^{B_{r}\times B_{c}}",
     "S_ij == Q_i*K_j.T", {"matrices": "Q_i:B_r,d K_j:B_c,d S_ij:B_r,B_c",
                           "note": "the text divides Q into blocks Q_i of B_r x d and K into blocks "
                                   "K_j of B_c x d; the membership gives the shape of S_ij"}),
    ("alg. 1 line 10 (inline)", r"\tilde{m}_{\mathrm{ij}}=\mathrm{rowmax}(\mathbf{S}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}",
     "mtilde_ij == RowMax(S_ij)", {"matrices": "S_ij:B_r,B_c mtilde_ij:B_r,1",
                                   "note": "S_ij in R^{B_r x B_c} (line 9); rowmax: the column of "
                                           "the rows' maxima"}),
    ("alg. 1 line 10 (inline)", r"\tilde{\mathbf{P}}_{\mathrm{ij}}=\exp(\mathbf{S}_{\mathrm{ij}}-\tilde{m}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}\times B_{c}}",
     "refuse: a B_r x B_c matrix minus a vector of B_r (subtracted from every column: a "
     "broadcast), and exp entrywise"),
    ("alg. 1 line 10 (inline)", r"\tilde{\ell}_{\mathrm{ij}}=\mathrm{rowsum}(\tilde{\mathbf{P}}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}",
     "elltilde_ij == RowSum(Ptilde_ij)", {"matrices": "Ptilde_ij:B_r,B_c elltilde_ij:B_r,1",
                                          "note": "Ptilde_ij in R^{B_r x B_c} (the line before)"}),
    ("alg. 1 line 11 (inline)", r"m_{i}^{\mathrm{new}}=\max(m_{i},\tilde{m}_{\mathrm{ij}})\in\mathbb{R}^{B_{r}}",
     "m[i, new] == Max(m[i], mtilde_ij)", {"note": _ENTRYWISE}),
    ("alg. 1 line 11 (inline)", r"\ell_{i}^{\mathrm{new}}=e^{m_{i}-m_{i}^{\mathrm{new}}}\ell_{i}+e^{\tilde{m}_{\mathrm{ij}}-m_{i}^{\mathrm{new}}}\tilde{\ell}_{\mathrm{ij}}\in\mathbb{R}^{B_{r}}",
     "ell[i, new] == exp(m[i] - m[i, new])*ell[i] + exp(mtilde_ij - m[i, new])*elltilde_ij",
     {"note": _ENTRYWISE}),
    ("alg. 1 line 12 (inline)", r"\mathbf{O}_{i}\leftarrow\mathrm{diag}(\ell_{i}^{\mathrm{new}})^{-1}(\mathrm{diag}(\ell_{i})e^{m_{i}-m_{i}^{\mathrm{new}}}\mathbf{O}_{i}+e^{\tilde{m}_{\mathrm{ij}}-m_{i}^{\mathrm{new}}}\tilde{\mathbf{P}}_{\mathrm{ij}}\mathbf{V}_{j})", _ALG),
    ("alg. 1 line 13 (inline)", r"\ell_{i}\leftarrow\ell_{i}^{\mathrm{new}}", "ell_i := ell[i, new]",
     {"note": "an assignment from another name (the label new makes l_i^new another quantity): "
              "read as the definition of l_i, as the reader reads every such line; the vectors "
              "are copied entry by entry, so it is the same claim per entry"}),
    ("alg. 1 line 13 (inline)", r"m_{i}\leftarrow m_{i}^{\mathrm{new}}", "m_i := m[i, new]",
     {"note": "as the line before"}),
    ("theorem 1 (inline)", r"\mathbf{O}=\mathrm{softmax}(\mathbf{Q}\mathbf{K}^{\top})\mathbf{V}",
     "O == MatFn(softmax, Q*K.T)*V", _QKV),
    ("theorem 2 (inline)", r"\Theta(\mathrm{Nd}+N^{2})", _ORDER_ALONE),
    ("sec. 3.3", r"\mathbf{S}=\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N},\quad\mathbf{P}=\mathrm{softmax}(\mathbf{S}\odot\vmathbb{1}_{\tilde{\mathbf{M}}})\in\mathbb{R}^{N\times N},\quad\mathbf{O}=\mathbf{P}\mathbf{V}\in\mathbb{R}^{N\times d},",
     "refuse: \\vmathbb is a macro of the paper, and S \\odot 1_M is not the entry-wise product: "
     "the text defines its entries as S_kl where the block mask is 1 and -infinity elsewhere"),
    ("sec. 3.3 (inline)", r"i=\lfloor k/B_{r}\rfloor,j=\lfloor l/B_{c}\rfloor",
     "i == floor(k/B_r); j == floor(l/B_c)",
     {"assume": r"i, j \in \mathbb{Z}",
      "note": "two definitions separated by a comma: two claims; the text defines i, j as the "
              "block row and column of the entry (k, l) of the mask, whole numbers"}),
    ("sec. 3.3 (inline)", r"i=\lfloor k/B_{r}\rfloor", "i == floor(k/B_r)",
     {"assume": r"i \in \mathbb{Z}", "note": "i is the block row of the entry k (the text)"}),
    ("sec. B.1", r"\mathbf{S}=\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N},\quad\mathbf{P}=\mathrm{softmax}(\mathbf{S})\in\mathbb{R}^{N\times N},\quad\mathbf{O}=\mathbf{P}\mathbf{V}\in\mathbb{R}^{N\times d}.",
     "S == Q*K.T; P == MatFn(softmax, S); O == P*V",
     {"matrices": "Q:N,d K:N,d V:N,d S:N,N P:N,N O:N,d", "note": "as in sec. 2.2"}),
    ("eq. 1", r"L_{i}=\sum_{j}e^{q_{i}^\topk_{j}}.\tag{1}", "L[i] == Sum(exp(dot(q[i], k[j])), (j, 1, N_j))",
     {"note": _TOPK_READ + "; the sum over j has no printed range"}),
    ("eq. 2", r"o_{i}=P_{i:}\mathbf{V}=\sum_{j}P_{\mathrm{ij}}v_{j}=\sum_{j}\frac{e^{q_{i}^\topk_{j}}}{L_{i}}v_{j}.\tag{2}",
     "refuse: the row slice P_{i:} of a matrix whose shape the text does not give here, times V, "
     "equated to sums of vectors v_j"),
    ("eq. 3", r"\mathrm{dv}_{j}=\sum_{i}P_{\mathrm{ij}}\mathrm{do}_{i}=\sum_{i}\frac{e^{q_{i}^\topk_{j}}}{L_{i}}\mathrm{do}_{i}.\tag{3}",
     "dv[j] == Sum(P[i, j]*do[i], (i, 1, N_i)) == Sum(exp(dot(q[i], k[j]))/L[i]*do[i], (i, 1, N_i))",
     {"note": _TOPK_READ + "; dv_j and do_i are vectors, and each side is linear in them with "
              "number coefficients, so the claim is the same claim for every component (read as "
              "numbers); q_i, k_j appear only in the dot product"}),
    ("sec. B.2", r"\mathrm{dP}_{\mathrm{ij}}=\mathrm{do}_{i}^\topv_{j}.", "dP[i, j] == dot(do[i], v[j])",
     {"note": _TOPK_READ}),
    ("sec. B.2", r"\mathrm{dS}_{i:}=(\mathrm{diag}(P_{i:})-P_{i:}P_{i:}^\top)\mathrm{dP}_{i:}=P_{i:}\circ \mathrm{dP}_{i:}-(P_{i:}^\topdP_{i:})P_{i:},",
     r"refuse: row slices P_{i:}, diag of a vector, and \topdP (a conversion artifact)"),
    ("eq. 4", r"D_{i}=P_{i:}^\topdP_{i:}=\sum_{j}\frac{e^{q_{i}^\topk_{j}}}{L_{i}}\mathrm{do}_{i}^\topv_{j}=\mathrm{do}_{i}^\top\sum_{j}\frac{e^{q_{i}^{\top}k_{j}}}{L_{i}}v_{j}=\mathrm{do}_{i}^\topo_{i},\tag{4}", _TOPK),
    ("sec. B.2", r"\mathrm{dS}_{i:}=P_{i:}\circ \mathrm{dP}_{i:}-D_{i}P_{i:}.",
     "refuse: row slices P_{i:} and a pointwise product of vectors"),
    ("sec. B.2", r"\mathrm{dS}_{\mathrm{ij}}=P_{\mathrm{ij}}\mathrm{dP}_{\mathrm{ij}}-D_{i}P_{\mathrm{ij}}=P_{\mathrm{ij}}(\mathrm{dP}_{\mathrm{ij}}-D_{i}).",
     "dS_ij == P_ij*dP_ij - D_i*P_ij == P_ij*(dP_ij - D_i)",
     # P_ij is an entry of P = softmax(S) in R^{N x N} (the paper states the shape, sec. 2.2 and
     # B.3): a real number, so P_ij(dP_ij - D_i) is a product, declared as a user would
     {"note": "dS, dP are names (gradients), ij the two indices of an entry",
      "assume": r"P_{ij} \in \mathbb{R}"}),
    ("eq. 5", r"\mathrm{dq}_{i}=\sum_{j}\mathrm{dS}_{\mathrm{ij}}k_{j}=\sum_{j}P_{\mathrm{ij}}(\mathrm{dP}_{\mathrm{ij}}-D_{i})k_{j}=\sum_{j}\frac{e^{q_{i}^\topk_{j}}}{L_{i}}(\mathrm{do}_{i}^\topv_{j}-D_{i})k_{j}.\tag{5}", _GRAD_ROWS, _ENTRY_P),
    ("eq. 6", r"\mathrm{dk}_{j}=\sum_{i}\mathrm{dS}_{\mathrm{ij}}q_{i}=\sum_{i}P_{\mathrm{ij}}(\mathrm{dP}_{\mathrm{ij}}-D_{i})q_{i}=\sum_{i}\frac{e^{q_{i}^\topk_{j}}}{L_{i}}(\mathrm{do}_{i}^\topv_{j}-D_{i})q_{i}.\tag{6}", _GRAD_ROWS, _ENTRY_P),
    ("sec. B.2 (inline)", r"\mathbf{\mathrm{dV}}=\mathbf{P}^\top\mathbf{\mathrm{dO}}", "dV == P.T*dO",
     {"matrices": "dV:N,d P:N,N dO:N,d"}),
    ("sec. B.2 (inline)", r"\mathbf{\mathrm{dP}}=\mathbf{\mathrm{dO}}\mathbf{V}^\top", "dP == dO*V.T",
     {"matrices": "dP:N,N dO:N,d V:N,d"}),
    ("sec. B.2 (inline)", r"P_{i:}=\mathrm{softmax}(S_{i:})", "refuse: row slices P_{i:}, S_{i:}"),
    ("sec. B.2 (inline)", r"y=\mathrm{softmax}(x)", "y == softmax(x)"),
    ("sec. B.3", r"\mathbf{S}=\tau\mathbf{Q}\mathbf{K}^{\top}\in\mathbb{R}^{N\times N},\quad\mathbf{S}^{\mathrm{masked}}=\mathrm{mask}(S)\in\mathbb{R}^{N\times N},\quad\mathbf{P}=\mathrm{softmax}(\mathbf{S}^{\mathrm{masked}})\in\mathbb{R}^{N\times N},",
     "S == tau*Q*K.T; S_masked == MatFn(mask, S); P == MatFn(softmax, S_masked)",
     {"matrices": "Q:N,d K:N,d S:N,N P:N,N S_masked:N,N",
      "note": "three definitions with their shapes; mask(.) sets some entries of its input to "
              "-infinity and keeps the others (the text): an opaque function of S, whose value "
              "the row states N x N; S in mask(S) is the S just defined (printed without bold); "
              "masked is a label"}),
    ("sec. B.3", r"\mathbf{P}^{\mathrm{dropped}}=\mathrm{dropout}(\mathbf{P},p_{\mathrm{drop}}),\quad\mathbf{O}=\mathbf{P}^{\mathrm{dropped}}\mathbf{V}\in\mathbb{R}^{N\times d},",
     "refuse: dropout(P, p_drop) is a random matrix of two arguments (a matrix and a "
     "probability), not a function of one matrix; the second statement alone would read"),
    ("alg. 2 (inline)", r"\mathbf{S}_{\mathrm{ij}}^{\mathrm{masked}}=\mathrm{mask}(\mathbf{S}_{\mathrm{ij}})",
     "refuse: mask applied to a block matrix with an upright superscript label"),
    ("alg. 4 (inline)", r"\mathbf{P}_{\mathrm{ij}}=\mathrm{diag}(l_{i})^{-1}\exp(\mathbf{S}_{\mathrm{ij}}^{\mathrm{masked}}-m_{i})\in\mathbb{R}^{B_{r}\times B_{c}}", _BROADCAST),
    ("alg. 4 (inline)", r"\mathbf{P}_{\mathrm{ij}}^{\mathrm{dropped}}=\mathbf{P}_{\mathrm{ij}}\circ\mathbf{Z}_{\mathrm{ij}}",
     "refuse: a pointwise product of block matrices with labels as superscripts"),
    ("alg. 4 (inline)", r"\tilde{\mathbf{\mathrm{dV}}_{j}}\leftarrow\tilde{\mathbf{\mathrm{dV}}_{j}}+(\mathbf{P}_{\mathrm{ij}}^{\mathrm{dropped}})^{\top}\mathbf{\mathrm{dO}}_{i}\in\mathbb{R}^{B_{c}\times d}", _ALG),
    ("alg. 4 (inline)", r"D_{i}=\mathrm{rowsum}(\mathbf{\mathrm{dO}}_{i}\circ\mathbf{O}_{i})\in\mathbb{R}^{B_{r}}",
     "D_i == RowSum(HadamardProduct(dO_i, O_i))", {"matrices": "dO_i:B_r,d O_i:B_r,d D_i:B_r,1",
                                                   "note": "blocks dO_i, O_i of B_r x d (the text)"}),
    ("alg. 4 (inline)", r"\mathbf{\mathrm{dQ}}_{i}\leftarrow\mathbf{\mathrm{dQ}}_{i}+\tau\mathbf{\mathrm{dS}}_{\mathrm{ij}}\mathbf{K}_{j}\in\mathbb{R}^{B_{r}\times d}", _ALG),
    ("alg. 0 (inline)", r"\mathbf{\mathrm{dS}}\in\mathbb{R}^{N\times N}", "stmt dS in Space(Reals, N, N)"),
    ("alg. 3 (inline)", r"\mathrm{dS}_{\mathrm{ij}}=P_{\mathrm{ij}}(\mathrm{dP}_{\mathrm{ij}}-\sum_{l}P_{\mathrm{il}}\mathrm{dP}_{\mathrm{il}})",
     "dS[i, j] == P[i, j]*(dP[i, j] - Sum(P[i, l]*dP[i, l], (l, 1, N_l)))",
     {"note": "the sum over l runs over a row; its length is not printed"}),
    ("alg. 3 (inline)", r"\mathbf{\mathrm{dQ}}=\mathbf{\mathrm{dS}}\mathbf{K}", "dQ == dS*K",
     {"matrices": "dQ:N,d dS:N,N K:N,d"}),
    ("alg. 3 (inline)", r"\mathbf{\mathrm{dK}}=\mathbf{\mathrm{dS}}^{\top}\mathbf{Q}", "dK == dS.T*Q",
     {"matrices": "dK:N,d dS:N,N Q:N,d"}),
    ("sec. B.4 (inline)", r"D_{i}=\mathrm{do}_{i}^{\top}o_{i}", "D[i] == dot(do[i], o[i])",
     {"note": "do_i, o_i are vectors of dimension d"}),
    ("proof of thm. 1", r"O\left(\frac{N^{2}}{B_{c}B_{r}}B_{r}B_{c}d\right)=O(N^{2}d).",
     "stmt BigO(N**2/(B_c*B_r)*B_r*B_c*d) in BigO(N**2*d)",
     {"assume": _SIZES, "note": "O(f) = O(g) read one way, as Knuth's convention (every function of O(f) is of O(g)); "
              "an order of growth, never an equation (was refused as asymptotic)"}),
    ("proof of thm. 1", r"m^{(j)}=\mathrm{rowmax}(\mathbf{S}_{:,:j})\in\mathbb{R}^{N},\quad\ell^{(j)}=\mathrm{rowsum}(\exp(\mathbf{S}_{:,:j}-m^{(j)}))\in\mathbb{R}^{N},\quad\mathbf{O}^{(j)}=\mathbf{P}_{:,:j}\mathbf{V}_{:j}\in\mathbb{R}^{N\times d}.",
     "refuse: slices S_{:,:j}, memberships, several statements"),
    ("proof of thm. 1", r"m^{(j+1)}=\mathrm{rowmax}(\mathbf{S}_{:,:j+1})\in\mathbb{R}^{N}.", _SLICE_MEMBER),
    ("proof of thm. 1", r"\ell^{(j+1)}=e^{m^{(j)}-m^{(j+1)}}\ell^{(j)}+e^{\tilde{m}-m^{(j+1)}}\tilde{\ell},",
     "ell[j + 1] == exp(m[j] - m[j + 1])*ell[j] + exp(mtilde - m[j + 1])*elltilde",
     {"note": "the superscripts (j) are iteration labels, not powers; the vectors are read "
              "entrywise (exp acts pointwise)"}),
    ("proof of thm. 1", r"\ell^{(j+1)}=\mathrm{rowsum}(\exp(\mathbf{S}_{:,:j+1}-m^{(j+1)}))\in\mathbb{R}^{N}.", _SLICE_MEMBER),
    ("proof of thm. 1", r"\mathbf{O}^{(j+1)}\qquad =\mathrm{diag}(\ell^{(j+1)})^{-1}(\mathrm{diag}(\ell^{(j)})e^{m^{(j)}-m^{(j+1)}}\mathbf{O}^{(j)}+e^{\tilde{m}-m^{(j+1)}}\exp(\mathbf{S}_{j:j+1}-\tilde{m})\mathbf{V}_{j:j+1})",
     "refuse: diag of vectors, slices S_{j:j+1}, iteration labels as superscripts"),
    ("proof of thm. 1", r"=\mathrm{diag}(\ell^{(j+1)})^{-1}(\mathrm{diag}(\ell^{(j)})e^{m^{(j)}-m^{(j+1)}}\mathbf{P}_{:,:j}\mathbf{V}_{:j}+e^{-m^{(j+1)}}\exp(\mathbf{S}_{j:j+1})\mathbf{V}_{j:j+1})", _ROW),
    ("proof of thm. 1", r"=\mathrm{diag}(\ell^{(j+1)})^{-1}(\mathrm{diag}(\ell^{(j)})e^{m^{(j)}-m^{(j+1)}}\mathrm{diag}(\ell^{(j)})\exp(\mathbf{S}_{:,:j}-m^{(j)})\mathbf{V}_{:j}+e^{-m^{(j+1)}}\exp(\mathbf{S}_{j:j+1})\mathbf{V}_{j:j+1})", _ROW),
    ("proof of thm. 1", r"=\mathrm{diag}(\ell^{(j+1)})^{-1}(e^{-m^{(j+1)}}\exp(\mathbf{S}_{:,:j})\mathbf{V}_{:j}+e^{-m^{(j+1)}}\exp(\mathbf{S}_{j:j+1})\mathbf{V}_{j:j+1})", _ROW),
    ("proof of thm. 1", r"=\mathrm{diag}(\ell^{(j+1)})^{-1}(\exp(\mathbf{S}_{:,:j}-m^{(j+1)})\mathbf{V}_{:j}+\exp(\mathbf{S}_{j:j+1}-m^{(j+1)})\mathbf{V}_{j:j+1})", _ROW),
    ("proof of thm. 1", r"""=\mathrm{diag}(\ell^{(j+1)})^{-1}\left(\exp\left(\begin{bmatrix}\mathbf{S}_{:,:j}&\mathbf{S}_{j:j+1}\end{bmatrix}-m^{(j+1)}\right)\right)\begin{bmatrix}\mathbf{V}_{:j}\\
\mathbf{V}_{j:j+1}\end{bmatrix}""", _ROW),
    ("proof of thm. 1", r"=\mathrm{softmax}(\mathbf{S}_{:j+1})\mathbf{V}_{:j+1}.", _ROW),
    ("proof of thm. 1 (inline)", r"\mathrm{softmax}(\mathbf{S})\mathbf{V}=\mathrm{softmax}(\mathbf{Q}\mathbf{K}^{\top})\mathbf{V}",
     "MatFn(softmax, S)*V == MatFn(softmax, Q*K.T)*V", {"matrices": "S:N,N Q:N,d K:N,d V:N,d"}),
    ("proof of thm. 2", r"B_{c}d=O(M)\Leftrightarrow B_{c}=O\left(\frac{M}{d}\right).", _BIGO),
    ("proof of thm. 2", r"B_{r}d=O(M)\Leftrightarrow B_{r}=O\left(\frac{M}{d}\right).", _BIGO),
    ("proof of thm. 2", r"B_{r}B_{c}=O(M).", "stmt B_r*B_c in BigO(M)",
     {"assume": _SIZES, "note": "an order of growth (was refused as asymptotic)"}),
    ("proof of thm. 2", r"B_{c}=\Theta\left(\frac{M}{d}\right),\qquad B_{r}=\Theta\left(\min\left(\frac{M}{d},\frac{M}{B_{c}}\right)\right)=\Theta\left(\min\left(\frac{M}{d},d\right)\right).",
     "stmt B_c in BigTheta(M/d); stmt B_r in BigTheta(Min(M/d, M/B_c)); "
     "stmt BigTheta(Min(M/d, M/B_c)) in BigTheta(Min(M/d, d))",
     {"note": "orders of growth, two statements; Theta(f) = Theta(g) read one way (was refused)"}),
    ("proof of thm. 2", r"T_{c}=\frac{N}{B_{c}}=\Theta\left(\frac{\mathrm{Nd}}{M}\right).",
     "T_c == N/B_c; stmt N/B_c in BigTheta(N*d/M)",
     {"note": "the equation (checked) and the order of growth of its last side; \\mathrm{Nd} is "
              "N times d (the text) (was refused)"}),
    ("proof of thm. 2", r"\Theta\left(\mathrm{NdT}_{c}\right)=\Theta\left(\frac{N^{2}d^{2}}{M}\right).",
     "stmt BigTheta(N*d*T_c) in BigTheta(N**2*d**2/M)",
     {"note": "\\mathrm{NdT}_c is N d T_c as the text says (the number of blocks T_c); an order of "
              "growth (was refused)"}),
    ("proof of prop. 3", r"o\left(\frac{N^{2}d^{2}}{M}\right).", _ORDER_ALONE),
    ("proof of prop. 3", r"o\left(\frac{N^{2}d^{2}}{\mathrm{Nd}}\right)=o(\mathrm{Nd}).",
     "stmt LittleO(N**2*d**2/(N*d)) in LittleO(N*d)",
     {"note": "\\mathrm{Nd} is N times d (the text); an order of growth (was refused)"}),
    ("proof of thm. 5", r"B_{c}=\Theta\left(\frac{M}{d}\right),\qquad B_{r}=\Theta\left(\min\left(\frac{M}{d},d\right)\right).",
     "stmt B_c in BigTheta(M/d); stmt B_r in BigTheta(Min(M/d, d))",
     {"note": "orders of growth, two statements (was refused)"}),
    ("proof of prop. 4", r"\Theta\left(\mathrm{Nd}+\frac{N^{2}d^{2}}{M}s\right).", _ORDER_ALONE),
    ("sec. E.4 (inline)", r"\mathrm{dropout}(\mathrm{softmax}(\mathrm{mask}(\mathbf{Q}\mathbf{K}^{\top})))\mathbf{V}",
     "refuse: mask and dropout keep their argument's shape (the text), which the reader never "
     "assumes of a word, so dropout(...) V does not conform as read; dropout is random"),
    ("sec. B.3 (inline)", r"\frac{x}{1-p}", "expr x/(1 - p)"),
]
