"""LaTeX in and out: parse claims, chains and assumptions; print house notation.

Representations chosen for what documents about attention write are described in
``convert.py`` (indices, ranges, ``\\sum_{i \\neq a}``) and ``vectors.py`` (``k_j^T``).
"""
from symbolic.latex.chains import extract_chains
from symbolic.latex.parse import (Assumptions, Link, ParsedChain, parse_assumptions, parse_chain,
                                  parse_expr)
from symbolic.latex.printer import StepcheckLatexPrinter, claim_to_latex, to_latex

__all__ = ["Assumptions", "Link", "ParsedChain", "StepcheckLatexPrinter", "claim_to_latex",
           "extract_chains", "parse_assumptions", "parse_chain", "parse_expr", "to_latex"]
