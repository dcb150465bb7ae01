"""LaTeX in and out: parse claims, chains and assumptions; print house notation.

Reading (``parse_chain``, ``parse_expr``, ``parse_assumptions``) goes through one adapter around
latex2sympy2-extended with an explicit config (``parse.py``); what the library misreads is
rewritten first (``rewrite.py``) and converted to house objects after (``convert.py``).
Every failure is a one-line ``symbolic.errors.ParseError``; the user's text is never
``eval``'d or ``sympify``'d. Limits: 4,000 characters per chain, brackets 16 deep.

The reader reads what is written or refuses it; the full rules, each with what is read and
what is refused, are in ``docs/reading.md``. In short:

* nothing is lost: after a side is read, every number, letter, function and big operator of
  its tokens must be in the result (``inventory.py``), else the side is refused; nothing is
  simplified while reading (``x/x`` stays ``x/x``), though numbers are folded;
* TeX's one-token rule for ``^``, ``_``, ``\\sqrt``, ``\\frac`` (``x^12`` is refused), double
  scripts refused, ``\\%`` is /100, digit groups ``12\\,345`` are one number, other numbers side
  by side are refused;
* symbols are ``Symbol(name, real=True)`` unless an assumption says more; Greek letters and
  capital ``I`` are symbols; ``e`` is Euler's number; ``i`` is the imaginary unit where it is
  not an index (a subscript, a bound variable, a side of an order), and ``ParsedChain.notes``
  says which reading was used;
* a letter before brackets: a declared function (``functions=``), ``\\sigma`` the sigmoid, a
  list of arguments a function; refused for asymptotic ``O()``, square brackets, function-like
  letters (f, g, h, \\phi, ...) and a single atom (``R(T)``); a product otherwise (``x(y + 1)``);
* ``x_j`` under ``\\sum_j``/``\\max_j`` is ``IndexedBase('x', real=True)[j]`` with ``j`` an
  integer symbol, and so is every ``x_<sub>`` of that chain; otherwise ``x_j`` is a symbol;
  ``--assume 'x_j > 0'`` reaches every element, ``x_2 > 0`` that element;
* ``\\max_j f`` is ``MaxOver(f, (j, lo, hi))`` with the range of a ``\\sum`` over ``j`` in the
  same chain, else ``(j, 1, N_j)`` with ``N_j`` a fresh positive integer; ``\\sum_j`` likewise;
* ``q_i k_j^T``, ``k_j^T q_i``, ``\\langle q, k \\rangle`` are the scalar
  ``Sum(q[i, nu]*k[j, nu], (nu, 1, d))`` (``vectors.py``); ``||v||`` is ``sqrt(v^T v)``;
  transposes and products of undeclared matrices are refused;
* names declared with a shape (``--assume 'Q \\in \\mathbb{R}^{N \\times d}'``) are MatrixSymbols,
  read in the written order with their transposes, ``\\odot`` and shapes checked (``matrices.py``).
"""
import symbolic.sympy_fixes  # noqa: F401  (SymPy's wrong sign, worked around before a claim is built)
from symbolic.latex.chains import extract_chains
from symbolic.latex.parse import (Assumptions, Link, ParsedChain, parse_assumptions, parse_chain,
                                  parse_expr)
from symbolic.latex.printer import StepcheckLatexPrinter, claim_to_latex, to_latex

__all__ = ["Assumptions", "Link", "ParsedChain", "StepcheckLatexPrinter", "claim_to_latex",
           "extract_chains", "parse_assumptions", "parse_chain", "parse_expr", "to_latex"]
