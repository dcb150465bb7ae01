"""Account for every token: what the input wrote must still be in what was read.

After a side is read (and before anything is evaluated), every number, letter, Greek letter,
function command and big operator of its tokens must be found in the expression tree:
a number as a number of the tree (or a digit of a name: ``x_2``), a letter as a letter of a
symbol, indexed base, subscript or function name, ``\\sin`` as a ``sin`` node, ``\\sum`` as a
``Sum``. A token that vanished means the reader read something other than what was written,
so the side is refused, naming the token. The check is deliberately independent of the
rewriting: it looks only at the tokens and at the final tree.

Tokens that legitimately leave no trace are exempt, each for a stated reason: ``e`` (Euler's
number, folded into ``exp``), ``i`` (the imaginary unit or an index), ``d``/``\\partial`` of a
derivative, ``T``/``\\top`` of a transpose, the names inside ``\\operatorname{}``/``\\text{}``/
``\\mathrm{}`` (operator names, ``\\mathrm{i}``), and ``\\sigma`` before brackets (the sigmoid,
written out).
"""
from __future__ import annotations

import re

import sympy
from sympy.core.function import AppliedUndef

from symbolic.errors import ParseError
from symbolic.functions import MaxOver, MinOver, ReLU
from symbolic.latex.lexer import GREEK, Group, Tok

_WORD = re.compile(r"[A-Za-z]+|\d+")
# a command token and the tree nodes any one of which accounts for it
_COMMANDS = {
    r"\sin": (sympy.sin, sympy.asin), r"\cos": (sympy.cos, sympy.acos), r"\tan": (sympy.tan, sympy.atan),
    r"\sec": (sympy.sec,), r"\csc": (sympy.csc,), r"\cot": (sympy.cot, sympy.acot),
    r"\sinh": (sympy.sinh,), r"\cosh": (sympy.cosh,), r"\tanh": (sympy.tanh,), r"\coth": (sympy.coth,),
    r"\arcsin": (sympy.asin,), r"\arccos": (sympy.acos,), r"\arctan": (sympy.atan,),
    r"\exp": (sympy.exp,), r"\ln": (sympy.log,), r"\log": (sympy.log,),
    r"\sum": (sympy.Sum,), r"\prod": (sympy.Product,), r"\lim": (sympy.Limit,),
    r"\max": (MaxOver, sympy.Max), r"\min": (MinOver, sympy.Min),
    r"\overline": (sympy.conjugate,), r"\Re": (sympy.re,), r"\Im": (sympy.im,),
    r"\binom": (sympy.binomial,), r"\sqrt": (sympy.Pow,), r"\pi": (type(sympy.pi),),
    r"\infty": (type(sympy.oo), type(-sympy.oo)), r"\int": (sympy.Integral,),
}
_EXEMPT_LETTERS = frozenset("e i d".split())
_NAMES = frozenset([r"\operatorname", r"\text", r"\mathrm", r"\label", r"\tag"])
_TRANSPOSE = frozenset(["T", r"\top", r"\intercal"])


def tokens_of(items) -> list[Tok]:
    """The tokens of grouped items that must be accounted for, in order."""
    out: list[Tok] = []
    _walk(tuple(items), out)
    return out


def _walk(items, out) -> None:
    k = 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Group):
            solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
            prev = _previous(items, k)
            if not (prev is not None and prev.text == "^" and len(solid) == 1
                    and isinstance(solid[0], Tok) and solid[0].text in _TRANSPOSE) \
                    and not (prev is not None and prev.text == "_" and _label(solid)):
                _walk(item.items, out)       # ^{T} is a transpose, _{\max} a label
            k += 1
            continue
        text = item.text
        if text in _NAMES:
            k = _skip_argument(items, k + 1)      # an operator's name or \mathrm{i}
            continue
        prev = _previous(items, k)
        if text in _TRANSPOSE and prev is not None and prev.text == "^":
            k += 1
            continue
        if prev is not None and prev.text == "_" and _label([item]):
            k += 1                               # x_\max: the label of a name
            continue
        if text == r"\sigma" and _next_is_bracket(items, _after_primes(items, k + 1)):
            k += 1
            continue
        out.append(item)
        k += 1


def _label(solid) -> bool:
    """A subscript that is ``\\max`` or ``\\min`` alone: the label of a name (``\\lambda_{\\max}``),
    read as the word in the name's subscript, which the name accounts for."""
    return len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text in (r"\max", r"\min")


def _skip_argument(items, k) -> int:
    while k < len(items) and isinstance(items[k], Tok) and items[k].space:
        k += 1
    return k + 1


def _previous(items, k):
    j = k - 1
    while j >= 0 and isinstance(items[j], Tok) and items[j].space:
        j -= 1
    if j >= 0 and isinstance(items[j], Tok):
        return items[j]
    if j >= 0 and isinstance(items[j], Group) and items[j].kind == "brace" and j >= 1:
        return None
    return None


def _after_primes(items, k) -> int:
    """The index after the primes of ``\\sigma''(x)`` (the sigmoid's derivative, written out)."""
    while k < len(items) and isinstance(items[k], Tok) and items[k].text == "'":
        k += 1
    return k


def _next_is_bracket(items, k) -> bool:
    while k < len(items) and isinstance(items[k], Tok) and items[k].space:
        k += 1
    return k < len(items) and isinstance(items[k], Group) and items[k].kind == "paren"


def present(tree) -> tuple[set, set, set]:
    """What a tree holds: (number values, words and letters of names, node classes)."""
    numbers, words, kinds = set(), set(), set()
    for node in sympy.preorder_traversal(tree):
        kinds.add(type(node))
        if isinstance(node, AppliedUndef):
            kinds.add(AppliedUndef)
            _add_name(node.func.__name__, words)
        if isinstance(node, sympy.Rational):
            numbers.update({abs(node), sympy.Integer(abs(node.p)), sympy.Integer(node.q)})
        elif isinstance(node, sympy.Float):
            numbers.add(abs(sympy.Rational(str(node))))
        elif isinstance(node, sympy.Symbol):
            _add_name(node.name, words)
        elif isinstance(node, sympy.IndexedBase):
            _add_name(str(node.label), words)
        elif isinstance(node, sympy.Derivative):
            # the written order of \frac{\partial^2 f}{\partial x \partial y} is its total count
            count = sympy.sympify(node.derivative_count)
            if count.is_Integer:    # d^n/dz^n: the letter n is a symbol of the tree already
                numbers.add(count)
        elif node is sympy.E or isinstance(node, sympy.exp):
            kinds.add(sympy.exp)
    for word in list(words):
        if word.isdigit():
            numbers.add(sympy.Integer(word))
    return numbers, words, kinds


def _add_name(name: str, words: set) -> None:
    for word in _WORD.findall(name):
        words.add(word)
        if word.isalpha():
            words.update(word)            # packed subscripts x_{ij}, labels W_{perm}


def account(items, tree, latex: str = "") -> None:
    """Refuse the reading ``tree`` of ``items`` when a token of the input is missing from it."""
    numbers, words, kinds = present(tree)
    for tok in tokens_of(items):
        text = tok.text
        if text[0].isdigit():
            value = abs(sympy.Rational(text))
            digits = sympy.Integer(text.replace(".", ""))     # 0.25 is read as 25/100
            if value not in numbers and digits not in numbers and not _grouped(tok, items, numbers):
                _vanished(text, tok, latex, "number")
        elif len(text) == 1 and text.isascii() and text.isalpha():
            if text not in _EXEMPT_LETTERS and text not in words:
                _vanished(text, tok, latex, "symbol")
        elif text.startswith("\\") and text[1:] in GREEK:
            if text[1:] not in words:
                _vanished(text, tok, latex, "symbol")
        elif text in _COMMANDS:
            if not any(issubclass(kind, _COMMANDS[text]) for kind in kinds):
                _vanished(text, tok, latex, "function or operator")


def _grouped(tok, items, numbers) -> bool:
    """A group of a number written ``12\\,345``: the whole number holds its digits."""
    return any(n.is_Integer and len(str(n)) > len(tok.text) and tok.text in str(n) for n in numbers)


def _vanished(text, tok, latex, what) -> None:
    shown = f" in '{latex if len(latex) <= 50 else latex[:47] + '...'}'" if latex else ""
    raise ParseError(f"the {what} '{text}' at column {tok.col}{shown} is missing from what was "
                     f"read: the reader would check a different claim; rewrite that part with "
                     f"braces, \\cdot or explicit brackets")
