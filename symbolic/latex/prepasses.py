"""Pre-passes that read a display by rewriting it and calling the reader on the rewriting:
superscript iterates of declared vectors (vector_iterates.py), declared x^* and L' (stars.py,
primes.py), softmax(x)_i written out (components.py), and
``\\begin{cases}`` as a Piecewise put in after the rest is read (cases.py)."""
from __future__ import annotations

from symbolic.latex.cases import has_cases, read_with_cases
from symbolic.latex.components import has_components, read_with_components
from symbolic.latex.decorated_names import read_decorated    # x^* beside x_t, V'_i = ...
from symbolic.latex.lists import read_listed_softmax   # \sigma(z) = [a, b, c]
from symbolic.latex.letter_words import check_letter_words   # Var(X) beside declared V, a, r
from symbolic.latex.matrix_definitions import read_matrix_definition   # Attention(Q, K, V) = ...
from symbolic.latex.dependences import declared_dependences, read_with_dependences
from symbolic.latex.declared_labels import declared_labels, read_with_labels
from symbolic.latex.primed_functions import primed_functions, read_with_primed_functions
from symbolic.latex.primes import declared_primes, read_with_primes
from symbolic.latex.stars import declared_stars
from symbolic.latex.units import has_units, read_without_units   # T = 4MN \text{ cycles}
from symbolic.latex.vector_stars import read_with_stars    # bold optima of R^d: vectors
from symbolic.latex.vector_iterates import read_vector_iterates   # theta^{t+1} of a declared vector


def prepassed(latex, reader, assumptions, imaginary_unit, functions):
    """The display read by a pre-pass that calls ``reader`` on its rewriting, or None: definitions
    of functions of matrices, declared labels, primed functions, x^* and L', softmax(x)_i, cases."""
    options = dict(assumptions=assumptions, imaginary_unit=imaginary_unit, functions=functions)
    import symbolic.latex.parse as parse      # handed to those below (parse imports this module)
    if reader is parse.parse_chain and (done := read_listed_softmax(latex, reader, options,
                                                                     parse.ParsedChain)) is not None:
        return done                           # \sigma(z) = [a, b, c]: entry by entry (lists.py)
    if declared_dependences(assumptions, parse.parse_expression):   # y \text{ depends on } \gamma
        return read_with_dependences(latex, reader, options, parse.parse_expression)
    if (done := read_vector_iterates(latex, reader, options, parse.parse_assumptions)) is not None:
        return done
    if (done := read_decorated(latex, reader, options)) is not None:
        return done
    if has_units(latex) and (done := read_without_units(latex, reader, options)) is not None:
        return done
    if (done := read_matrix_definition(latex, reader, options, parse)) is not None:
        return done                           # Attention(Q, K, V) = ... (matrix_definitions.py)
    check_letter_words(latex, assumptions, functions, parse.parse_assumptions)   # letter_words.py
    if declared_labels(assumptions):     # l \text{ is a label}: a_i^l is a_{i,l}
        return read_with_labels(latex, reader, options)
    if primed_functions(functions):     # --function "f'_W": a function of its own
        return read_with_primed_functions(latex, reader, options)
    if declared_stars(assumptions):
        return read_with_stars(latex, reader, options, parse.parse_assumptions)
    if has_components(latex, assumptions):
        return read_with_components(latex, reader, options)
    if declared_primes(assumptions):
        return read_with_primes(latex, reader, assumptions, imaginary_unit, functions)
    return read_with_cases(latex, reader, options) if has_cases(latex) else None
