"""Rewrite grouped LaTeX into the subset latex2sympy reads correctly.

What the library misreads or rejects is turned into a placeholder atom ``\\text{SCZc<n>}``
standing for a construct ``SCZ<name>(args)`` (args rewritten LaTeX, read one by one), which
``convert.py`` maps onto SymPy objects afterwards:

=====================================  ==========================================
written                                 becomes
=====================================  ==========================================
``\\log x``, ``\\ln x``                 ``\\ln(x)``: natural log of the whole product up to
                                        the next top-level ``+``/``-`` (``\\log\\frac1n\\sum``)
                                        or the next function (``\\sin x \\cos y``)
``\\max_j \\{..\\}``, ``\\max_j x_j``   ``SCZmax(j, ..)`` -> ``MaxOver``
``\\sum_{j=1}^{n} ..``                  ``SCZsum(j, 1, n, ..)`` -> ``Sum``
``\\sum_j ..``                          ``SCZsumn(j, ..)``: range found later in the chain
``\\sum_{i \\neq a,b} ..``              ``SCZsumx(i, .., a, b)``
``u^T v``, ``u v^T``                    ``SCZdot(u, v)`` (see ``vectors.py``)
``\\frac{\\partial M}{\\partial k_j}``  ``SCZdiff((M), k_j)`` -> ``Derivative``
``\\overline{z}``                       ``SCZconj(z)`` (``\\bar{x}`` is a new symbol: often a mean)
``\\hat{x}`` and other accents          ``SCZsym<n>``: a symbol named ``\\hat{x}``
=====================================  ==========================================
"""
from __future__ import annotations

import re

import symbolic.latex.calculus as calculus
import symbolic.latex.named_letters as named_letters
import symbolic.latex.subscript_labels as subscript_labels
from symbolic.errors import ParseError
from symbolic.latex.components import declared_numbers, is_declared_number
from symbolic.latex.entry_subscripts import names_entry
from symbolic.latex.lexer import FUNCTIONS, Group, RELATIONS, Tok, fail, split_commas, text_of
from symbolic.latex.notation import REFUSED_NOTATION
from symbolic.latex.rewrite_bars import BarRewriting
from symbolic.latex.rewrite_items import (
    _BIG, _FUNCTION_STOPS, _adjacent_tok, _check_group_order, _check_label, _check_matrix_order, _is_argument,
    _is_base, _limit_point, _more_factors, _pair_bars, _space, _unsize_norms)
from symbolic.latex.rewrite_names import NameRewriting
from symbolic.latex.rewrite_operators import OperatorRewriting
from symbolic.latex.rewrite_tables import (
    check_words, _ACCENTS, _FONTS, _REFUSED, _SKIP, _SKIP_WITH_ARG, _function_key, _is_letter)

__all__ = ["Rewriter", "check_words"]   # check_words is read from here by parse.py

# a placeholder as rewritten text or as a SymPy name: \text{SCZc3}, SCZsym0, SCZnI (of SCZnI_1)
_PLACEHOLDER = re.compile(r"SCZ[A-Za-z0-9]+")
_PLACED = re.compile(r"\\text\s*\{\s*(SCZ[A-Za-z0-9]+)\s*\}|(?<![A-Za-z])(SCZ[A-Za-z0-9]+)")


class Rewriter(NameRewriting, OperatorRewriting, BarRewriting):
    """One rewrite of one side of a relation; ``names`` maps accent placeholders to their LaTeX.

    The walk over the items is here; the constructs it meets are rewritten by the parts
    it inherits (``rewrite_names``, ``rewrite_operators``, ``rewrite_bars``).
    """

    def __init__(self, functions=(), known=None):
        self.functions = frozenset(_function_key(f) for f in functions)
        self.numbers = declared_numbers(known)    # capitals declared numbers (components.py)
        self.lone_powers_t: frozenset[int] = frozenset()   # carets of \beta^T alone (capital_numbers)
        self.entry_families: frozenset[str] = frozenset()  # P of a factor P_{il} (entry_subscripts)
        self.names: dict[str, str] = {}
        self.plain: dict[str, str] = {}      # placeholders of plain names (I, gamma) -> the name
        self.calls: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.sources: dict[str, str] = {}     # every placeholder -> the user's LaTeX it stands for
        self.convention: str | None = None    # "u^T v" or "u v^T", whichever the chain uses
        self._exponent = 0                    # inside a superscript: capitals there are numbers
        self.moment = 0                       # inside E[...]/Var(...): capitals are random variables

    def _call(self, tag: str, *args: str) -> str:
        """A placeholder symbol for a construct; its arguments are read separately.

        latex2sympy reads ``F(x - 1)`` as a product and splits nested calls' commas wrongly,
        so a construct is never a call in the text it reads: it is an atom ``SCZc<n>``.
        """
        key = f"SCZc{len(self.calls)}"
        self.calls[key] = (tag, tuple(args))
        return r"\text{%s}" % key

    def _arguments(self, items) -> list[str]:
        """The comma-separated arguments of a call, each rewritten."""
        return [self.emit(part) for part in split_commas(items)]

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _solid(items, k):
        """Index of the next non-space item at or after k (len(items) when none)."""
        while k < len(items) and isinstance(items[k], Tok) and items[k].space:
            k += 1
        return k

    def _arg(self, items, k, what):
        """The item after position k that a command takes as its argument, and the next index.

        TeX takes one token: after ^ or _, a number of several digits is refused (x^12 is x^{1}2).
        """
        k = self._solid(items, k)
        if k >= len(items):
            col = items[-1].col if items else 0
            raise ParseError(f"{what} at column {col} is missing its argument")
        arg = items[k]
        if isinstance(arg, Tok) and arg.text[0].isdigit() and len(arg.text) > 1 and k \
                and isinstance(items[k - 1], Tok) and items[k - 1].text in ("^", "_"):
            script = items[k - 1].text
            base = text_of(items[k - 2:k - 1]).strip() if k > 1 else ""
            raise fail(base + script + arg.text, items[k - 1].col,
                       f"TeX reads this as {base}{script}{{{arg.text[0]}}}{arg.text[1:]}; write "
                       f"{base}{script}{{{arg.text}}} (or {base}{script}{{{arg.text[0]}}} {arg.text[1:]})")
        if isinstance(arg, Tok) and arg.text in ("+", "-", "=", ",") and k \
                and isinstance(items[k - 1], Tok) and items[k - 1].text in ("^", "_"):
            raise fail(items[k - 1].text + arg.text, items[k - 1].col,
                       f"TeX takes only the '{arg.text}' as the {'exponent' if items[k - 1].text == '^' else 'index'}; "
                       f"put the whole of it in braces: x^{{{arg.text}1}}")
        return arg, k + 1

    @staticmethod
    def _inner(item):
        """The items of a group argument, or the single token as a one-item tuple."""
        return item.items if isinstance(item, Group) else (item,)

    def _extent(self, items, k, function=False):
        """Where an unbracketed argument starting at k ends: the next top-level + - , or relation.

        A function's argument also ends before the next function (``\\sin x \\cos y`` is
        sin(x) cos(y)), unless a big operator came first (``\\ln \\sum_j \\exp x_j``).
        """
        k = self._solid(items, k)
        end = k
        started = False
        big = False
        while end < len(items):
            item = items[end]
            if isinstance(item, Tok):
                if started and item.text in ("+", "-") and not self._after_operator(items, end):
                    break
                if item.text in (",",) or item.text in RELATIONS:
                    break
                if item.text in _BIG:
                    big = True
                if function and started and not big and item.text in _FUNCTION_STOPS:
                    break
                if function and started and not big and item.text in (r"\cdot", r"\times"):
                    break     # \ln 2 \cdot 3 is ln(2) times 3
                if function and started and not big and item.text == "/":
                    raise fail(text_of(items[max(k - 1, 0):end + 2]).strip(), item.col,
                               "ambiguous: the argument of a function without brackets followed by "
                               "/; write \\ln(x)/y, \\ln(x/y) or \\frac{\\ln x}{y}")
                if not item.space:
                    started = True
            else:
                started = True
            end += 1
        if not started:
            # the operator is the last command before k (\sin^{2} ends with its exponent group)
            op = next((x for x in reversed(items[:k]) if isinstance(x, Tok)
                       and x.text[:1] == "\\" and x.text[1:].isalpha()), None)
            what = f"{op.text} at column {op.col}" if op else "an operator"
            raise ParseError(f"{what} has nothing to apply to: write its argument "
                             "(\\sin^2 x, not \\sin^2)")
        return end

    @staticmethod
    def _after_operator(items, k):
        """True when the +/- at k follows ^ or _ (an exponent sign, not a new term)."""
        j = k - 1
        while j >= 0 and isinstance(items[j], Tok) and items[j].space:
            j -= 1
        return j >= 0 and isinstance(items[j], Tok) and items[j].text in ("^", "_", r"\cdot", r"\times", "*", "/")

    def _operand(self, items, k, function=True):
        """The argument of an operator: ``(x)``, SymPy's ``{\\left(x\\right)}``, else the extent.

        ``\\ln(x)^2`` is refused as ambiguous ((ln x)^2 or ln(x^2)); ``\\ln{(x)}^2`` is SymPy's
        spelling of (ln x)^2 and ``\\ln x^2`` is ln(x^2).
        """
        j = self._solid(items, k)
        if j < len(items) and isinstance(items[j], Group) and items[j].kind == "brace":
            solid = [x for x in items[j].items if not _space(x)]
            if len(solid) == 1 and isinstance(solid[0], Group) and solid[0].kind == "paren":
                return self.emit(solid[0].items), j + 1
        if j < len(items) and isinstance(items[j], Group) and items[j].kind == "paren":
            nxt = self._solid(items, j + 1)
            if not function and _more_factors(items, nxt):
                # "\sum_j (a_j + b_j) c_j": the library would sum only the bracket
                raise fail(text_of(items[max(k - 1, 0):nxt + 1]), items[j].col,
                           "ambiguous: a bracket after \\sum/\\max/\\lim followed by more factors; "
                           "bracket the whole term: \\sum_j \\left((a_j + b_j) c_j\\right)")
            if not (nxt < len(items) and isinstance(items[nxt], Tok) and items[nxt].text == "^"):
                return self.emit(items[j].items), j + 1
            if function:
                raise fail(text_of(items[max(k - 1, 0):nxt + 2]), items[nxt].col,
                           "ambiguous power after a function's brackets: write (f(x))^2 or f(x^2)")
        end = self._extent(items, k, function=function)
        return self.emit(items[k:end]), end

    # -- the walk ----------------------------------------------------------------------------
    def emit(self, items) -> str:
        """The rewritten LaTeX of a run of items."""
        items = self._splice(tuple(items))
        items = _unsize_norms(items)
        items = self._norms(items)
        items = _pair_bars(items)
        items = self._transposes(items)
        out: list[str] = []
        k = 0
        while k < len(items):
            text, nxt = self._one(items, k)
            if text and "SCZ" in text:
                self._remember(text, items[k:nxt])
            k = nxt
            if text:
                out.append(text)
        return " ".join(out)

    def _remember(self, text, items) -> None:
        """Record the user's LaTeX of the placeholders a rewritten item introduced."""
        for key in _PLACEHOLDER.findall(text):
            self.sources.setdefault(key, text_of(items).strip())

    def restore(self, message: str) -> str:
        """A message with every placeholder replaced by the LaTeX the user wrote for it.

        Refusals must name constructs in the user's own LaTeX: ``SCZc3`` means nothing to them.
        """
        def back(m):
            key = m.group(1) or m.group(2)
            if key in self.plain:     # I, \gamma: their indices follow (SCZnI_1)
                return "\\" + self.plain[key] if len(self.plain[key]) > 1 else self.plain[key]
            if key in self.names:     # \hat{x}, \mathbf{W}
                return self.names[key]
            if key in self.sources:   # a construct: its LaTeX as written
                return self.sources[key]
            return "i" if key == "SCZimag" else "(...)"
        return _PLACED.sub(back, message)

    def _subscript(self, arg) -> str:
        """A subscript: a label or an index pair (subscript_labels.py), else as written."""
        label = subscript_labels.label_subscript(self, arg)
        if label is not None:
            return label
        text = super()._subscript(arg)
        subscript_labels.plain_list(self, text)
        return text

    def _splice(self, items):
        """Unwrap a one-token brace group before _ or ^ (``{k}_j``, ``{\\max}_j``): it only groups.

        ``_\\mathcal{B}`` is ``_{\\mathcal{B}}``: TeX gives a font command its argument first."""
        items = subscript_labels.font_scripts(items)
        out = []
        for n, item in enumerate(items):
            if isinstance(item, Group) and item.kind == "brace" and not _is_argument(out) \
                    and n + 1 < len(items) and isinstance(items[n + 1], Tok) and items[n + 1].text in "_^":
                solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1 and isinstance(solid[0], Tok):
                    out.append(solid[0])
                    continue
            out.append(item)
        return tuple(out)

    def _one(self, items, k):
        """Rewrite the item at k (with what it consumes); returns (text, next index)."""
        item = items[k]
        if isinstance(item, Group):
            while item.kind == "paren":
                # ((x)) is (x): latex2sympy reads deeply doubled brackets as nested sets
                solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1 and isinstance(solid[0], Group) and solid[0].kind == "paren":
                    item = solid[0]
                else:
                    break
            if item.opener in (r"\{", r"\lbrace"):
                raise fail(text_of(item.items).join(("\\{", "\\}")), item.col, "\\{...\\} is a set "
                           "or a fractional part, not brackets; write (...) for brackets")
            if item.kind == "paren" and any(isinstance(x, Tok) and x.text == "," for x in item.items):
                raise fail(text_of((item,)), item.col, "a list in brackets is not a number: a tuple, an "
                           "interval or a decimal comma? write 0.5 for a decimal; name the function "
                           "before a list of arguments")
            if item.kind == "paren":
                _check_group_order(items, k, self.numbers)    # A (2 B): matrices in an order
            body = self.emit(item.items)
            if item.kind == "angle":
                return self._inner_product(item), k + 1
            if item.kind == "abs":
                return r"\left| " + body + r" \right|", k + 1
            return "( " + body + " )", k + 1
        text = item.text
        if text == r"\\" and self._solid(items, k + 1) < len(items):
            raise fail(text, item.col, "a line break separates two rows; check each row (claim) "
                       "on its own")
        if item.space or text in _SKIP:
            return "", k + 1
        if text in _SKIP_WITH_ARG:
            return "", self._arg(items, k + 1, text)[1]
        if text in ("^", "_"):
            arg, nxt = self._script(items, k)
            if text == "_":
                return "_{" + self._subscript(arg) + "}", nxt
            _check_label(arg, item.col)
            self._exponent += 1
            try:
                return "^{ " + self.emit(self._inner(arg)) + " }", nxt
            finally:
                self._exponent -= 1
        if text == r"\%":
            nxt = self._solid(items, k + 1)
            if nxt < len(items) and isinstance(items[nxt], Tok) and items[nxt].text in ("^", "_"):
                raise fail(r"\%" + items[nxt].text, item.col, "a power of a percentage is ambiguous; "
                           r"write (50\%)^2 or \frac{50}{100}")
            return r"\cdot \frac{ 1 }{ 100 }", k + 1
        if text[0].isdigit():
            return self._number(items, k)
        if text == "e" and (done := named_letters.indexed_e(self, items, k)) is not None:
            return done           # e_{ij}: a matrix's entry, never Euler's number (named_letters.py)
        if _is_letter(text):
            named_letters.check_plain_letter(self, item)
            letter = self._letter(items, k)
            # inside E[...]/Var(...) the random-variable letters X, Y, Z are numbers (E[XY]); any
            # other capital there may still be a matrix (E[AB] = E[BA] is false for matrices)
            random_letter = self.moment and text in ("X", "Y", "Z")
            if not self._exponent and not random_letter and not is_declared_number(
                    items, k, self.numbers) and (letter is None or letter[0].endswith(r"\cdot")) \
                    and not names_entry(items, k):    # Q_{1,i} K_{i,1}: entries commute
                _check_matrix_order(items, k)    # after _letter: its refusals name more
            if letter is not None:
                return letter
        if text in (r"\frac", r"\dfrac", r"\tfrac"):
            return self._frac(items, k)
        if text == r"\binom":
            top, j = self._arg(items, k + 1, text)
            bottom, j = self._arg(items, j, text)
            return r"\binom{ %s }{ %s }" % (self.emit(self._inner(top)), self.emit(self._inner(bottom))), j
        if text == r"\lim":
            s = self._solid(items, k + 1)
            if not (s < len(items) and isinstance(items[s], Tok) and items[s].text == "_"):
                raise fail(text, item.col, r"write the limit point: \lim_{x \to 0}")
            sub, j = self._arg(items, s + 1, text)
            var, point, side = _limit_point(self._inner(sub), item.col)
            body, j = self._operand(items, j, function=False)
            tag = {"+-": "SCZlim", "+": "SCZlimp", "-": "SCZlimm"}[side]
            return self._call(tag, self.emit(var), self.emit(point), body), j
        if text == "/":
            self._check_division(items, k)
        if text == r"\sqrt":
            return self._sqrt(items, k)
        if text in FUNCTIONS:
            return self._function(items, k)
        if text in (r"\max", r"\min"):
            return self._max(items, k)
        if text in (r"\sum", r"\prod"):
            return self._sum(items, k)
        if text == r"\overline":
            arg, nxt = self._arg(items, k + 1, text)
            return self._call("SCZconj", self.emit(self._inner(arg))), nxt
        if text in _ACCENTS:
            arg, nxt = self._arg(items, k + 1, text)
            name = text + "{" + text_of(self._inner(arg)) + "}"
            self._no_bracket_after(items, nxt, name, item.col)
            inner = [x for x in self._inner(arg) if not _space(x)]
            after = self._solid(items, nxt)
            if text == r"\bar" and len(inner) == 1 and _is_base(inner[0]) and not (
                    after < len(items) and isinstance(items[after], Tok) and items[after].text == "_"):
                # \bar{z}: the conjugate of a complex z, a new symbol (a mean) otherwise
                return self._call("SCZbar", self.emit(inner), self._symbol(name)), nxt
            return self._symbol(name), nxt
        if text in (r"\Re", r"\Im", r"\arg"):   # \arg z: the principal argument, in (-pi, pi]
            self._no_arg_max(text, items, k + 1, item.col)
            body, nxt = self._operand(items, k + 1)
            return self._call("SCZ" + text[1:].lower(), body), nxt
        if text in _FONTS:
            return named_letters.bold_function(self, items, k) or self._font(items, k)
        if text == r"\mathbb":
            arg = text_of(self._inner(self._arg(items, k + 1, text)[0])).strip()
            if arg == "E":
                return calculus.expectation(self, items, k, self._arg(items, k + 1, text)[1], "SCZexpect")
            if arg in ("P", "V"):
                raise fail(text + "{" + arg + "}", item.col, "expectations, variances and probabilities "
                           "cannot be read; check them with a rule or name the quantity")
            raise fail(text, item.col, r"sets such as \mathbb{R} belong in assumptions ('x \in \mathbb{R}')")
        if text == r"\partial":
            return calculus.partial_subscript(self, items, k)
        if text == r"\nabla":
            return calculus.gradient(self, items, k)
        if text in (r"\cdots", r"\ldots", r"\dots", r"\vdots"):
            raise fail(text, item.col, "an ellipsis cannot be checked; write the general term")
        if text == "'":
            raise fail(text, item.col, calculus.PRIME_HINT)
        if text == r"\int":
            return calculus.integral(self, items, k)
        if text in REFUSED_NOTATION:
            raise fail(text, item.col, REFUSED_NOTATION[text])
        if text in (r"\top", r"\intercal", r"\mid", r"\in", r"\{", r"\}"):
            raise fail(text, item.col, "not supported here")
        if text in (r"\times", r"\odot"):
            # \odot of scalars (and of vectors, component by component) is the product
            return r"\cdot", k + 1
        if text in _REFUSED:
            raise fail(text, item.col, _REFUSED[text])
        if text == "!" and self._solid(items, k + 1) < len(items) and isinstance(
                items[self._solid(items, k + 1)], Tok) and items[self._solid(items, k + 1)].text == "!":
            # n ! ! prints as n!! (TeX ignores spaces in maths): the same two readings
            raise fail("!!", item.col, "n!! is the double factorial or (n!)!: write (n!)! for the "
                       "factorial of a factorial; the double factorial cannot be read")
        if text == "d":
            nxt = items[k + 1] if k + 1 < len(items) else None
            if isinstance(nxt, Tok) and _adjacent_tok(item, nxt) and (
                    _is_letter(nxt.text) or nxt.text in _ACCENTS or nxt.text in _FONTS):
                raise fail("d" + nxt.text, item.col, f"d{nxt.text} may be a differential or a "
                           f"gradient's name (dx) or d times {nxt.text}: write d \\cdot {nxt.text} "
                           f"for a product, or give the quantity its own name")
            # latex2sympy lexes "d x" and even "d \cdot x" as one differential symbol
            return r"\text{d}", k + 1
        if len(text) == 1 and "\u0391" <= text <= "\u03c9":
            return text, k + 1
        return self._base(text), k + 1
