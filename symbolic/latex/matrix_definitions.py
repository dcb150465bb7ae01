"""The definition of a named function of declared matrices: ``\\mathrm{Attention}(Q, K, V) =
\\mathrm{softmax}(\\frac{QK^\\top}{\\sqrt{d_k}})V``.

Papers define attention, a feed-forward block or a head this way: a name never used before,
applied to matrices the text declares, equal to a formula of them. The reader reads no function
of matrices other than softmax, so such a display was refused (the comma of the list, or the
italic name). Read here, and only in this form:

* one relation, ``=`` or ``:=``; its left side is the call alone: an upright name
  (``\\mathrm``, ``\\text``, ``\\operatorname``) or an italic word of four letters or more (a
  word, never a product: see ``check_words``), then one bracket of arguments separated by commas;
* every argument reads, and at least one is a declared matrix; the right side reads as a matrix;
* the name is no known function or word (``\\mathrm{max}(Q, K) = K``, ``\\mathrm{diag}(Q, K)``:
  claims about a known function, never its definition) and appears nowhere else in the display
  (a claim about the function, such as ``\\mathrm{A}(Q, K) = \\mathrm{A}(K, Q)``, is not its
  definition).

The left side is then ``MatrixCall(name, args)``: an opaque matrix of the right side's shape, of
which nothing is known. No checker can prove or refute anything through it (the matrix
checker cannot evaluate it; the numeric tier has no value for it), so the verdict of a
definition is at most inconclusive, as a definition should be. Anything else is left to the
reader's other rules (which refuse it, letter_words.py says why).

Italic ``softmax(...)`` (the blog posts write it so) is read as ``\\operatorname{softmax}``: no
formula multiplies seven letters s o f t m a x by a bracket (as ``Var(`` in italic_names.py);
when the assumptions declare all seven letters quantities it is refused instead.
"""
from __future__ import annotations

import re

import sympy
from sympy.matrices.expressions import MatrixExpr

from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok, split_commas, text_of
from symbolic.latex.rewrite_tables import _WORDS
from symbolic.latex.wrappers import strip_math
from symbolic.model import Claim, Relation

_FONTS = frozenset([r"\mathrm", r"\text", r"\operatorname", r"\textrm"])
# italic softmax directly before its bracket (not after a letter, a backslash or a brace)
_ITALIC_SOFTMAX = re.compile(r"(?<![\\A-Za-z{])softmax(?=\s*(?:\(|\\left\s*\(|\\left\s*\[|\[))")
# names of known functions of a matrix beyond the reader's words: \mathrm{inv}(Q) = Q or
# \mathrm{trace}(Q) = Q is a claim about the known function, never its definition
_KNOWN = frozenset("trace abs sqrt inv id mean vec rank exp log avg var cov".split())
_NOTE = ("{name}(...) is a function of matrices defined by this display: read as an opaque matrix "
         "of the right side's shape, about which nothing is proved or refuted")


class MatrixCall(MatrixExpr):
    """A named function of matrices defined in the text, of a given shape: nothing is known of it."""

    def __new__(cls, name, rows, cols, *args):
        return sympy.Basic.__new__(cls, sympy.Symbol(str(name)), sympy.sympify(rows),
                                   sympy.sympify(cols), *args)

    @property
    def name(self) -> str:
        return self.args[0].name

    @property
    def arguments(self) -> tuple:
        return self.args[3:]

    @property
    def shape(self):
        return (self.args[1], self.args[2])

    def _eval_transpose(self):
        return None     # no rule moves a transpose through an unknown function

    def _latex(self, printer):
        return r"\operatorname{%s}\left(%s\right)" % (
            self.name, ", ".join(printer._print(a) for a in self.arguments))


def _call(items):
    """(name, argument item runs) when ``items`` is exactly a named call, else None."""
    solid = [x for x in items if not (isinstance(x, Tok) and x.space)]
    if not solid or not (isinstance(solid[-1], Group) and solid[-1].kind == "paren"
                         and solid[-1].opener in ("(", r"\left(")):
        return None
    head = solid[:-1]
    if len(head) == 2 and isinstance(head[0], Tok) and head[0].text in _FONTS \
            and isinstance(head[1], Group) and head[1].kind == "brace":
        name = text_of(head[1].items).strip()
        if not re.fullmatch(r"[A-Za-z]{2,}", name):
            return None
    elif len(head) >= 4 and all(isinstance(x, Tok) and len(x.text) == 1 and x.text.isascii()
                                and x.text.isalpha() for x in head) \
            and all(b.col == a.col + 1 for a, b in zip(head, head[1:])):
        # the letters written together: n n n n (Q) spaced apart is the product n^4 Q
        name = "".join(x.text for x in head)
    else:
        return None
    args = split_commas(solid[-1].items)
    if any(not any(not (isinstance(x, Tok) and x.space) for x in a) for a in args):
        return None
    return name, [text_of(a).strip() for a in args]


def _softmax_guard(assumptions, parse) -> None:
    declared = parse.parse_assumptions(tuple(assumptions)).symbols if assumptions else {}
    if all(letter in declared for letter in "softmax"):
        raise ParseError("'softmax(' is written in italic letters and the assumptions declare each "
                         "of its letters a quantity: the softmax or their product? write "
                         "\\operatorname{softmax}(...) for the softmax")


def read_matrix_definition(latex, reader, options: dict, parse):
    """The display read as the definition of a function of matrices, or None (see the module).

    ``parse`` is the module ``symbolic.latex.parse`` (handed in by the pre-pass: importing it
    here would be an import cycle)."""
    if not isinstance(latex, str):
        return None
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    if _ITALIC_SOFTMAX.search(latex):
        _softmax_guard(assumptions, parse)
        return reader(_ITALIC_SOFTMAX.sub(r"\\operatorname{softmax}", latex), **options)
    if getattr(reader, "__name__", "") != "parse_chain" or not assumptions:
        return None                     # a definition of a function of declared matrices only
    text = strip_math(latex)
    try:
        sides, rels = parse._pieces(text)
    except ParseError:
        return None
    if len(rels) != 1 or rels[0] != "=" or re.search(r"\\(?:le|ge|ne|approx)(?![A-Za-z])|[<>]", text):
        return None
    found = _call(sides[0][1])
    if found is None:
        return None
    name, arg_texts = found
    if name in _WORDS or name.lower() in _WORDS or name.lower() in _KNOWN:
        return None                     # max(Q, K) = K is a claim about a known function
    rhs_text = sides[1][0]
    if re.search(r"(?<![A-Za-z])" + name + r"(?![A-Za-z])", rhs_text):
        return None
    expression = dict(options, assumptions=assumptions)
    try:
        args = [parse.parse_expression(a, **expression).value for a in arg_texts]
    except ParseError:
        return None                     # the reader's own rules give the reason
    if not any(isinstance(a, MatrixExpr) and a.shape != (1, 1) for a in args):
        return None
    try:
        rhs = parse.parse_expression(rhs_text, **expression)
    except ParseError as exc:
        # the definition of a function of matrices whose formula cannot be read: say why
        raise ParseError(f"the right side of the definition of {name}(...) cannot be read: {exc}") from None
    if not isinstance(rhs.value, MatrixExpr) or rhs.value.shape == (1, 1):
        return None
    call = MatrixCall(name, *rhs.value.shape, *args)
    lhs_text = sides[0][0]
    link = parse.Link(f"{lhs_text} = {rhs_text}", lhs_text, rhs_text, Relation.EQ,
                      Claim(call, Relation.EQ, rhs.value))
    notes = tuple(sorted(set(rhs.notes) | {_NOTE.format(name=name)}))
    return parse.ParsedChain(text, (link,), rhs.assumptions, notes)
