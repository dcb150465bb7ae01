"""LaTeX in and out: parse claims, chains and assumptions; print house notation."""
from symbolic.latex.printer import StepcheckLatexPrinter, claim_to_latex, to_latex

__all__ = ["StepcheckLatexPrinter", "claim_to_latex", "to_latex"]
