"""LaTeX in and out: parse claims, chains and assumptions; print house notation.

Reading (``parse_chain``, ``parse_expr``, ``parse_assumptions``) goes through one adapter around
latex2sympy2-extended with an explicit config (``parse.py``); what the library misreads is
rewritten first (``rewrite.py``) and converted to house objects after (``convert.py``).
Every failure is a one-line ``symbolic.errors.ParseError``; the user's text is never
``eval``'d or ``sympify``'d. Limits: 4,000 characters per chain, brackets 16 deep.

Representations (tested in ``tests/latex``):

* symbols are ``Symbol(name, real=True)`` unless an assumption says more; ``e`` is Euler's
  number; ``i`` is the imaginary unit only with ``imaginary_unit=True`` (``\\mathrm{i}``
  always is); ``\\log`` and ``\\ln`` are natural;
* ``x_j`` under ``\\sum_j``/``\\max_j`` is ``IndexedBase('x', real=True)[j]`` with ``j`` an
  integer symbol, and so is every ``x_<sub>`` of that chain; otherwise ``x_j`` is a symbol;
* ``\\max_j f`` is ``MaxOver(f, (j, lo, hi))`` with the range of a ``\\sum`` over ``j`` in the
  same chain, else ``(j, 1, N_j)`` with ``N_j`` a fresh positive integer; ``\\sum_j`` likewise;
* ``\\sum_{i \\neq a,b} f`` is ``Sum(f*(1 - KroneckerDelta(i, a))*(1 - KroneckerDelta(i, b)), ...)``;
* ``q_i k_j^T``, ``k_j^T q_i``, ``\\langle q, k \\rangle`` are the scalar
  ``Sum(q[i, nu]*k[j, nu], (nu, 1, d))`` (``vectors.py``); ``||v||`` is ``sqrt(v^T v)``;
  ``(\\lambda u)^T v`` is ``\\lambda u^T v``; matrix transposes (``QK^T``) and chains mixing
  ``u^T v`` with ``u v^T`` (one would be an outer product) are refused;
* ``\\overline{z}`` is ``conjugate(z)``, ``\\bar{x}`` a new symbol (usually a mean);
* ``\\frac{\\partial M}{\\partial k_j}``/``\\frac{d}{dx} f`` are unevaluated ``Derivative``;
  ``\\lim_{x \\to a}`` is two-sided unless written ``a^+``/``a^-``;
* ambiguous input is refused rather than guessed: ``a/b c``, ``\\ln(x)^2``, ``\\sin^{-1} x``,
  ``\\cdots``; huge integer powers (``9^{9^{9^{9}}}``) stay unevaluated.
"""
from symbolic.latex.chains import extract_chains
from symbolic.latex.parse import (Assumptions, Link, ParsedChain, parse_assumptions, parse_chain,
                                  parse_expr)
from symbolic.latex.printer import StepcheckLatexPrinter, claim_to_latex, to_latex

__all__ = ["Assumptions", "Link", "ParsedChain", "StepcheckLatexPrinter", "claim_to_latex",
           "extract_chains", "parse_assumptions", "parse_chain", "parse_expr", "to_latex"]
