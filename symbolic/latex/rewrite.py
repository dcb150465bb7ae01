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

from symbolic.errors import ParseError
import symbolic.latex.calculus as calculus
from symbolic.latex.lexer import FUNCTIONS, GREEK, RELATIONS, Group, Tok, fail, text_of
from symbolic.latex.notation import REFUSED_NOTATION

_TRANSPOSE = frozenset(["T", r"\top", r"\intercal"])
_NAMED = {"Re": "SCZre", "re": "SCZre", "Im": "SCZim", "im": "SCZim", "arg": "SCZarg", "ReLU": "SCZrelu",
          "relu": "SCZrelu", "RELU": "SCZrelu"}
# SymPy prints these as \operatorname{atan} etc.
_ALIASES = {"atan": "arctan", "asin": "arcsin", "acos": "arccos", "log": "ln"}
_ACCENTS = frozenset([r"\hat", r"\tilde", r"\vec", r"\bar", r"\widehat", r"\widetilde"])
_FONTS = frozenset([r"\mathrm", r"\mathit", r"\mathbf", r"\mathsf", r"\mathcal", r"\text",
                    r"\operatorname", r"\boldsymbol"])
# \operatorname{E}[x] would read as Euler's number times x: refused, never guessed
_DISTINCT_FONTS = frozenset([r"\mathbf", r"\boldsymbol", r"\mathcal", r"\mathsf"])
_STATISTICS = frozenset(["E", "P", "Pr", "Var", "Cov", "Corr"])
_SKIP_WITH_ARG = frozenset([r"\label", r"\tag"])
_SKIP = frozenset([r"\nonumber", r"\notag", "&", r"\\", r"\&", r"\small", r"\footnotesize",
                   r"\scriptsize", r"\normalsize", r"\large", r"\Large", r"\mathop"])
_REFUSED = {
    r"\leftarrow": "an assignment (\\leftarrow) is a step of an algorithm, not a claim",
    r"\gets": "an assignment (\\gets) is a step of an algorithm, not a claim",
    r"\nabla": "gradients cannot be read; write the partial derivatives \\frac{\\partial f}{\\partial x}",
    r"\circ": "\\circ is a composition, a degree or a Hadamard product: between matrices declared "
               "with --assume it is read as \\odot; write \\odot, or the composition f(g(x))",
    r"\prime": "primes are not supported; name the quantity x_2, or declare f and write "
                "\\frac{d}{dx} f(x) for a derivative",
}
# Letters that papers use as function names: before a bracket they are refused unless declared,
# since f(x + y) read as a product would turn a false claim about a function into a true one.
FUNCTION_LETTERS = frozenset("f g h F G H L P \\phi \\varphi \\psi \\Phi \\Psi \\Gamma \\ell".split())
# O(n), o(1), \Theta(n), \Omega(n): asymptotic notation, never a product
_ASYMPTOTIC = frozenset(["O", "o", r"\Theta", r"\Omega"])
# Words that, spelled in plain letters, are a product of letters to the library: refused.
_WORDS = frozenset(GREEK) | frozenset(n[1:] for n in FUNCTIONS) | frozenset(
    "softmax relu ReLU sigmoid max min lim sum prod argmax argmin sign sgn erf det tr Var Cov "
    "diag norm".split())
_NUMBER_GROUP_SEP = frozenset([r"\,", "{,}"])


class Rewriter:
    """One rewrite of one side of a relation; ``names`` maps accent placeholders to their LaTeX."""

    def __init__(self, functions=()):
        self.functions = frozenset(_function_key(f) for f in functions)
        self.names: dict[str, str] = {}
        self.plain: dict[str, str] = {}      # placeholders of plain names (I, gamma) -> the name
        self.calls: dict[str, tuple[str, tuple[str, ...]]] = {}
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
        parts, current = [], []
        for item in items:
            if isinstance(item, Tok) and item.text == ",":
                parts.append(current)
                current = []
            else:
                current.append(item)
        parts.append(current)
        return [self.emit(part) for part in parts]

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
            col = items[k - 1].col if k and isinstance(items[k - 1], Tok) else 0
            raise ParseError(f"an operator at column {col} has nothing to apply to")
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
            text, k = self._one(items, k)
            if text:
                out.append(text)
        return " ".join(out)

    def _splice(self, items):
        """Unwrap a one-token brace group before _ or ^ (``{k}_j``, ``{\\max}_j``): it only groups."""
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
        if _is_letter(text):
            letter = self._letter(items, k)
            # inside E[...]/Var(...) the random-variable letters X, Y, Z are numbers (E[XY]); any
            # other capital there may still be a matrix (E[AB] = E[BA] is false for matrices)
            random_letter = self.moment and text in ("X", "Y", "Z")
            if not self._exponent and not random_letter and (letter is None or letter[0].endswith(r"\cdot")):
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
            return self._font(items, k)
        if text == r"\mathbb":
            arg = text_of(self._inner(self._arg(items, k + 1, text)[0])).strip()
            if arg == "E":
                return calculus.expectation(self, items, k, self._arg(items, k + 1, text)[1], "SCZexpect")
            if arg in ("P", "V"):
                raise fail(text + "{" + arg + "}", item.col, "expectations, variances and probabilities "
                           "cannot be read; check them with a rule or name the quantity")
            raise fail(text, item.col, r"sets such as \mathbb{R} belong in assumptions ('x \in \mathbb{R}')")
        if text == r"\partial":
            raise fail(text, item.col, r"write a derivative as \frac{\partial M}{\partial x}")
        if text in (r"\cdots", r"\ldots", r"\dots", r"\vdots"):
            raise fail(text, item.col, "an ellipsis cannot be checked; write the general term")
        if text == "'":
            raise fail(text, item.col, "primes are not supported; name the quantity x_2 or x'")
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
        if text == "!" and k + 1 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text == "!":
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

    def _base(self, text: str) -> str:
        """A letter as the library should see it: I, \\gamma and \\Gamma are plain symbols.

        The library reads I as the imaginary unit and both gammas as Euler's constant; here they
        are variables (Greek letters are parameters in the papers read: LayerNorm's gamma).
        """
        if text in _PLAIN_NAMES:
            key = "SCZn" + _PLAIN_NAMES[text]
            self.plain[key] = _PLAIN_NAMES[text]
            return r"\text{%s}" % key
        return text

    def _script(self, items, k):
        """The argument of the ^ or _ at k, by TeX's one-token rule; double scripts are refused."""
        text = items[k].text
        arg, nxt = self._arg(items, k + 1, text)
        seen, j = {text}, nxt
        while True:
            s = self._solid(items, j)
            if not (s < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_")):
                break
            if items[s].text in seen:
                which = "superscript" if items[s].text == "^" else "subscript"
                raise fail(text_of(items[max(k - 1, 0):s + 2]), items[s].col,
                           f"a double {which} is a TeX error; write {{a^b}}^c or a^{{b^c}}"
                           if which == "superscript" else
                           f"a double {which} is a TeX error; write x_{{a,b}} or {{x_a}}_b")
            seen.add(items[s].text)
            j = self._arg(items, s + 1, items[s].text)[1]
        return arg, nxt

    def _number(self, items, k):
        """A number; digit groups 12\\,345 are one number, other numbers side by side are refused."""
        text, j = items[k].text, k + 1
        while True:
            s = j
            while s < len(items) and isinstance(items[s], Tok) and items[s].space:
                s += 1
            nxt = items[s] if s < len(items) else None
            if not (isinstance(nxt, Tok) and nxt.text[0].isdigit()):
                break
            seps = [t.text for t in items[j:s]]
            grouped = seps == [r"\,"] and nxt.text.isdigit() and len(nxt.text) == 3 \
                and "." not in text and (len(text) <= 3 or j > k + 1)
            if not grouped:
                shown = text_of(items[k:s + 1])
                raise fail(shown, items[k].col, f"numbers side by side ('{shown}') could be one number, "
                           f"a product or a mixed number; write {text}{nxt.text}, "
                           f"{text} \\cdot {nxt.text} or {text} + {nxt.text}")
            text, j = text + nxt.text, s + 1
        if j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text in ("e", "E") \
                and _adjacent_tok(items[j - 1], items[j]) and isinstance(items[j + 1], Tok) \
                and (items[j + 1].text in "+-" or items[j + 1].text[0].isdigit()):
            raise fail(text_of(items[k:j + 3]), items[k].col, "scientific notation is not LaTeX; "
                       f"write {text} \\cdot 10^{{...}}, or {text} \\cdot e for Euler's number")
        s = self._solid(items, j)
        nxt = items[s] if s < len(items) else None
        if isinstance(nxt, Tok) and nxt.text in (r"\frac", r"\dfrac", r"\tfrac"):
            parts = []
            t = s + 1
            for _ in range(2):
                arg, t = self._arg(items, t, nxt.text)
                parts.append(text_of(self._inner(arg)).strip())
            if all(re.fullmatch(r"\d+(\.\d+)?", p) for p in parts):
                raise fail(text_of(items[k:t]), items[k].col,
                           f"a number before a numeric fraction may be a mixed number ({text} + "
                           f"{parts[0]}/{parts[1]}) or a product; write {text} + \\frac{{{parts[0]}}}"
                           f"{{{parts[1]}}} or {text} \\cdot \\frac{{{parts[0]}}}{{{parts[1]}}}")
        if "." in text:
            whole, frac = text.split(".")
            out = r"\frac{%s}{1%s}" % (int(whole + frac), "0" * len(frac))
        else:
            out = str(int(text))
        if isinstance(nxt, Group):
            out += r" \cdot"    # 2(3) is 2 times 3: never the library's mixed number 2 + 3
        return out, j

    def _no_bracket_after(self, items, j, name, col) -> None:
        """Refuse a decorated name before brackets: \\bar{H}_n(x) is a function or a product."""
        s = self._solid(items, j)
        while s + 1 < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_"):
            s = self._solid(items, s + 2)
        if s < len(items) and isinstance(items[s], Group) and items[s].kind == "paren":
            raise fail(name + text_of(items[j:s + 1]), col, f"{name}(...) may be a function or "
                       f"{name} times (...): write {name} \\cdot (...) for a product, or give the "
                       f"function a plain name declared with --function")

    def _prime(self, items, k, s, primes, scripts):
        """``f'(x)``, ``f''(x)`` of a declared function f: its derivatives at a variable x."""
        tok = items[k]
        key = _function_key(tok.text)
        group = items[s + primes] if s + primes < len(items) else None
        declared = key in self.functions and not scripts
        args = [x for x in group.items if not _space(x)] if isinstance(group, Group) and \
            group.kind == "paren" else []
        if tok.text == r"\sigma" and not declared and not scripts and primes <= 3 and len(args) == 1 \
                and isinstance(args[0], Tok) and _is_letter(args[0].text):
            return calculus.sigmoid_prime(self, items, k, s, primes, group)
        if not declared or primes > 3 or len(args) != 1 or not (isinstance(args[0], Tok)
                                                               and _is_letter(args[0].text)):
            raise fail(text_of(items[k:s + primes + 1]), tok.col,
                       "primes are read only on a declared function at a variable, f'(x) with "
                       "--function f; name other quantities x_2, or write \\frac{d}{dx} f(x)")
        return self._call("SCZprime", key, str(primes), self.emit(group.items)), s + primes + 1

    def _letter(self, items, k):
        """A letter before brackets: a declared function, the sigmoid, refused, or a product.

        Returns None when no bracket follows (the ordinary path reads the letter).
        """
        tok = items[k]
        if k + 1 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text[0].isdigit() \
                and _adjacent_tok(tok, items[k + 1]) and tok.text.isascii():
            raise fail(tok.text + items[k + 1].text, tok.col, f"'{tok.text}{items[k + 1].text}' may be an "
                       f"index or a product; write {tok.text}_{{{items[k + 1].text}}} or "
                       f"{items[k + 1].text}{tok.text}")
        if tok.text == "d":
            return None
        scripts, j = [], k + 1
        s = self._solid(items, j)
        while s < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_") \
                and len(scripts) < 2:
            arg, j = self._script(items, s)
            scripts.append((items[s].text, arg))
            s = self._solid(items, j)
        primes = 0
        while s + primes < len(items) and isinstance(items[s + primes], Tok) and items[s + primes].text == "'":
            primes += 1
        if primes:
            return self._prime(items, k, s, primes, scripts)
        group = items[s] if s < len(items) else None
        if not (isinstance(group, Group) and group.kind == "paren"):
            return None
        name, key = tok.text, _function_key(tok.text)
        sub = [a for t, a in scripts if t == "_"]
        sup = [a for t, a in scripts if t == "^"]
        full = key + ("_{%s}" % self._subscript(sub[0]) if sub else "")
        shown = text_of(items[k:s + 1])
        if key in self.functions or full.replace("{", "").replace("}", "") in self.functions:
            if sup:
                raise fail(shown, tok.col, "a power of a declared function is ambiguous: write "
                           "(f(x))^2 for its square or f(f(x)) for a composition")
            return self._call("SCZfn", full, *self._arguments(group.items)), s + 1
        if name == r"\sigma" and not scripts:
            return self._call("SCZsigmoid", self.emit(group.items)), s + 1
        if name == r"\sigma":
            raise fail(shown, tok.col, r"\sigma with a power or an index before brackets may be the "
                       r"sigmoid or a variable times (...): write (\sigma(x))^2, or \sigma^2 \cdot (x)")
        if k and _adjacent(items[k - 1], tok):
            raise fail(shown, tok.col, f"letters written together before brackets may name one "
                       f"function or multiply one: write \\operatorname{{...}}(...) for a function "
                       f"named by several letters, or separate the factors with \\cdot")
        if any(isinstance(x, Tok) and x.text == "," for x in group.items) and not sup:
            # M(q_i, K): a list in brackets cannot be a factor, so this is a function application
            return self._call("SCZfn", full, *self._arguments(group.items)), s + 1
        if name in _ASYMPTOTIC and not scripts:
            raise fail(shown, tok.col, f"{name}(...) is asymptotic notation, not a value: it cannot "
                       f"be checked as an equation")
        if group.opener in ("[", r"\left["):
            raise fail(shown, tok.col, f"{name}[...] may index {name} or multiply it: write "
                       f"{name}_{{...}} for an element, {name} \\cdot (...) for a product")
        if name == r"\Gamma":
            raise fail(shown, tok.col, r"\Gamma(...) may be the gamma function or \Gamma times (...): "
                       r"write \operatorname{Gamma}(x) for the function, \Gamma \cdot (x) for a product")
        if name in FUNCTION_LETTERS:
            raise fail(shown, tok.col, f"{name}(...) may be the function {name} applied to (...) or "
                       f"{name} times (...): declare functions with --function {key} (functions="
                       f"['{key}'] in the API), or write {name} \\cdot (...) for a product")
        inside = [x for x in group.items if not _space(x)]
        if _lone_atom(inside):
            arg = text_of(inside)
            raise fail(shown, tok.col, f"{name}({arg}) may be the function {name} at {arg} or {name} "
                       f"times {arg}: declare the function (--function {key}, functions=['{key}']) "
                       f"or write {name} \\cdot {arg}")
        # a product, the same whatever the brackets hold
        out = [self._base(name)]
        for t, arg in scripts:
            out.append("_{" + self._subscript(arg) + "}" if t == "_"
                       else "^{ " + self.emit(self._inner(arg)) + " }")
        return " ".join(out) + r" \cdot", s

    def _check_division(self, items, k) -> None:
        """Refuse ``a/b c``: (a/b)c or a/(bc) is a guess; ask for \\frac or brackets."""
        j = self._solid(items, k + 1)
        if j >= len(items) or (isinstance(items[j], Tok) and items[j].text.startswith("\\")):
            return
        j += 1
        while j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text in ("_", "^"):
            j += 2
        nxt = self._solid(items, j)
        if nxt >= len(items):
            return
        after = items[nxt]
        stops = ("+", "-", "*", "/", r"\cdot", r"\times", ",", "!") + tuple(RELATIONS)
        if isinstance(after, Tok) and after.text in stops:
            return
        raise fail(text_of(items[max(k - 1, 0):nxt + 1]).strip(), items[k].col,
                   "ambiguous division: write \\frac{a}{b} c or a/(b c)")

    def _subscript(self, arg) -> str:
        """A subscript as written (``j``, ``{i,j}``, ``{perm}``): only simple tokens are allowed.

        An upright name (``d_{\\mathrm{model}}``, ``W_{\\text{out}}``) is the word itself.
        """
        inner = self._inner(arg)
        solid = [x for x in inner if not _space(x)]
        if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in _FONTS \
                and isinstance(solid[1], Group) and re.fullmatch(r"[A-Za-z]+", text_of(solid[1].items).strip()):
            return text_of(solid[1].items).strip()
        for tok in inner:
            ok = isinstance(tok, Tok) and (tok.text.isalnum() or tok.space or tok.text in "+-,"
                                           or tok.text[1:] in GREEK)
            if not ok:
                col = tok.col if isinstance(tok, Tok) else tok.col
                raise fail(text_of((tok,)), col, "only letters, digits, + - and commas may be subscripts")
        return text_of(inner).replace(" ", "")

    def _symbol(self, latex: str) -> str:
        """A placeholder symbol standing for a decorated name such as ``\\hat{x}``."""
        for key, value in self.names.items():
            if value == latex:
                return r"\text{%s}" % key
        key = f"SCZsym{len(self.names)}"
        self.names[key] = latex
        return r"\text{%s}" % key

    def _frac(self, items, k):
        num, j = self._arg(items, k + 1, r"\frac")
        den, j = self._arg(items, j, r"\frac")
        derivative = calculus.derivative_frac(self, items, k, num, den, j)
        if derivative is not None:
            return derivative
        var = _derivative_variable(self._inner(den))
        head = _derivative_head(self._inner(num))
        if head and isinstance(head[0], Tok) and head[0].text == "^":
            raise fail(text_of(self._inner(num)), items[k].col,
                       "higher derivatives are not supported; write d/dx of the derivative")
        if var is not None and head is not None:
            if head:
                body = self.emit(head)
            else:
                body, j = self._operand(items, j, function=False)
            return self._call("SCZdiff", body, self.emit(var)), j
        return r"\frac{ %s }{ %s }" % (self.emit(self._inner(num)), self.emit(self._inner(den))), j

    def _sqrt(self, items, k):
        arg, j = self._arg(items, k + 1, r"\sqrt")
        if isinstance(arg, Tok):
            # TeX's one-token rule: \sqrt 16 is \sqrt{1}6, and \sqrt 2x is \sqrt{2} x
            if arg.text[0].isdigit() and len(arg.text) > 1:
                raise fail(r"\sqrt " + arg.text, items[k].col, f"TeX reads this as \\sqrt{{{arg.text[0]}}}"
                           f"{arg.text[1:]}; write \\sqrt{{{arg.text}}}")
            nxt = self._solid(items, j)
            if _more_factors(items, nxt) or nxt < len(items) and isinstance(items[nxt], Tok) \
                    and items[nxt].text in ("^", "_"):
                rest = text_of(items[nxt:nxt + 1]).strip()
                raise fail(r"\sqrt " + arg.text + rest, items[k].col,
                           f"TeX reads this as \\sqrt{{{arg.text}}}{rest}, which is easy to misread; "
                           f"write \\sqrt{{{arg.text}{rest}}} or \\sqrt{{{arg.text}}} \\cdot {rest}")
        if isinstance(arg, Group) and arg.kind == "paren" and arg.opener == "[":
            # \sqrt[n]{x}: the n-th root; of an odd n, the real root (\sqrt[3]{-8} = -2)
            body, j = self._arg(items, j, r"\sqrt")
            return self._call("SCZroot", self.emit(arg.items), self.emit(self._inner(body))), j
        return r"\sqrt{ %s }" % self.emit(self._inner(arg)), j

    def _function(self, items, k):
        """``\\ln``, ``\\exp``, ``\\tanh``...: optional base and power, then the operand."""
        name = items[k].text
        j = k + 1
        base = power = None
        for _ in range(2):
            s = self._solid(items, j)
            if s < len(items) and isinstance(items[s], Tok) and items[s].text in ("_", "^"):
                arg, j = self._arg(items, s + 1, name)
                if items[s].text == "_":
                    base = self.emit(self._inner(arg))
                else:
                    power = self.emit(self._inner(arg))
        if power is not None and power.replace(" ", "") in ("-1", "{-1}"):
            inverse = {r"\ln": r"\exp", r"\log": r"\exp", r"\exp": r"\ln"}.get(name, "\\arc" + name[1:])
            raise fail(name + "^{-1}", items[k].col, "ambiguous: write " + inverse + " for the inverse "
                       "or 1/" + name + " for the reciprocal")
        body, j = self._operand(items, j)
        if name in (r"\log", r"\ln"):
            # \log is the natural logarithm in this project; a written base is kept.
            head = r"\log_{ %s }" % base if base else r"\ln"
        elif base:
            raise fail(name, items[k].col, "a subscript on this function is not supported")
        else:
            head = name
        if name == r"\coth":
            # the parsing library does not know \coth: read it as the named function
            text = self._call("SCZfn", "coth", body)
            return ("( %s )^{ %s }" % (text, power) if power else text), j
        text = "%s( %s )" % (head, body)
        return ("( %s )^{ %s }" % (text, power) if power else text), j

    def _max(self, items, k):
        name = items[k].text
        s = self._solid(items, k + 1)
        if not (s < len(items) and isinstance(items[s], Tok) and items[s].text == "_"):
            arg, j = self._arg(items, k + 1, name)
            if not (isinstance(arg, Group) and arg.kind == "paren"):
                raise fail(name, items[k].col, r"write \max(a, b) or \max_j x_j")
            return r"%s( %s )" % (name, self.emit(arg.items)), j
        sub, j = self._arg(items, s + 1, name)
        index, lo = _index_and_lower(self._inner(sub), name, items[k].col)
        hi = None
        s = self._solid(items, j)
        if s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
            sup, j = self._arg(items, s + 1, name)
            hi = self.emit(self._inner(sup))
        body, j = self._operand(items, j, function=False)
        tag = "SCZmax" if name == r"\max" else "SCZmin"
        if hi is not None:
            return self._call(tag + "r", index, self.emit(lo) if lo else "1", hi, body), j
        return self._call(tag, index, body), j

    def _sum(self, items, k):
        name = items[k].text
        tag = "SCZsum" if name == r"\sum" else "SCZprod"
        s = self._solid(items, k + 1)
        if not (s < len(items) and isinstance(items[s], Tok) and items[s].text == "_"):
            raise fail(name, items[k].col, r"give the index, e.g. \sum_{j=1}^{n}")
        sub, j = self._arg(items, s + 1, name)
        inner = self._inner(sub)
        excluded = _excluded(inner)
        hi = None
        s = self._solid(items, j)
        if s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
            sup, j = self._arg(items, s + 1, name)
            hi = self.emit(self._inner(sup))
        body, j = self._operand(items, j, function=False)
        if excluded is not None:
            index, others = excluded
            if tag != "SCZsum" or hi is not None:
                raise fail(name, items[k].col, r"only \sum_{i \neq a,b} without limits is supported")
            return self._call("SCZsumx", index, body, *others), j
        index, lo = _index_and_lower(inner, name, items[k].col)
        if lo is None and hi is None:
            return self._call(tag + "n", index, body), j
        if lo is None or hi is None:
            raise fail(name, items[k].col, "give both limits, e.g. _{j=1}^{n}, or neither")
        return self._call(tag, index, self.emit(lo), hi, body), j

    def _no_arg_max(self, name, items, j, col):
        """``\\arg\\max_j x_j`` is an arg max (a maximiser), never the phase of a max."""
        nxt = self._solid(items, j)
        if name in (r"\arg", "arg") and nxt < len(items) and isinstance(items[nxt], Tok) \
                and items[nxt].text in (r"\max", r"\min"):
            raise fail(r"\arg" + items[nxt].text, col, "an arg max/min (a maximiser) is not a value "
                       "that can be checked; \\arg z alone is the principal argument of z")

    def _font(self, items, k):
        cmd = items[k].text
        arg, j = self._arg(items, k + 1, cmd)
        name = text_of(self._inner(arg)).strip()
        if name in _NAMED:
            self._no_arg_max(name, items, j, items[k].col)
            body, j = self._operand(items, j)
            return self._call(_NAMED[name], body), j
        if name == "i" and cmd in (r"\mathrm", r"\text", r"\operatorname"):
            return r"\text{SCZimag}", j
        if name in ("E", "Var") and cmd in (r"\operatorname", r"\mathrm", r"\text"):
            return calculus.expectation(self, items, k, j, "SCZexpect" if name == "E" else "SCZvar")
        if name in _STATISTICS and cmd in (r"\operatorname", r"\mathrm", r"\text"):
            raise fail(text_of((items[k], arg)), items[k].col,
                       "expectations, variances and probabilities cannot be read; check them "
                       "with a rule or name the quantity")
        if cmd == r"\mathbf" and len(name) == 1 and name.isupper():
            raise fail(text_of((items[k], arg)), items[k].col,
                       "a bold capital is a matrix: declare its shape to read it as one "
                       "(--assume '%s \\in \\mathbb{R}^{m \\times n}')" % text_of((items[k], arg)))
        if len(name) == 1 and name.isalpha():
            nxt = self._solid(items, j)
            if cmd == r"\operatorname" and nxt < len(items) and isinstance(items[nxt], Group) \
                    and items[nxt].kind == "paren":
                # \operatorname{f}(x + 1): explicitly the function f, never f times (x + 1)
                return self._call("SCZfn", name, *self._arguments(items[nxt].items)), nxt + 1
            if cmd in _DISTINCT_FONTS and name in ("O", "o") and nxt < len(items) \
                    and isinstance(items[nxt], Group):
                raise fail(text_of((items[k], arg)), items[k].col, "asymptotic notation is not a "
                           "value: it cannot be checked as an equation")
            if cmd in _DISTINCT_FONTS:
                # bold x (a vector) and calligraphic L (a loss) are not x and L
                self._no_bracket_after(items, j, r"%s{%s}" % (cmd, name), items[k].col)
                return self._symbol(r"%s{%s}" % (cmd, name)), j
            return self._base(name), j
        name = _ALIASES.get(name, name)
        if ("\\" + name) in FUNCTIONS:
            # \operatorname{exp} is \exp: rewrite the run with the command in place of the font.
            swapped = items[:k] + (Tok("\\" + name, items[k].col),) + items[j:]
            text, nxt = self._function(swapped, k)
            return text, nxt + (j - k - 1)
        if not name.isalpha():
            raise fail(text_of((items[k], arg)), items[k].col, "only letters may be named this way")
        nxt = self._solid(items, j)
        group = items[nxt] if nxt < len(items) else None
        if isinstance(group, Group) and group.kind == "brace":   # SymPy's {\left(x\right)}
            solid = [x for x in group.items if not _space(x)]
            group = solid[0] if len(solid) == 1 else None
        if isinstance(group, Group) and group.kind == "paren":
            return self._call("SCZfn", name, *self._arguments(group.items)), nxt + 1
        if cmd == r"\operatorname":
            raise fail(text_of((items[k], arg)), items[k].col, "an operator needs its argument in brackets")
        return self._symbol(r"%s{%s}" % (cmd, name)), j

    def _inner_product(self, group) -> str:
        """``\\langle u, v \\rangle`` of two vectors: their dot product."""
        parts, current = [], []
        for item in group.items:
            if isinstance(item, Tok) and item.text == ",":
                parts.append(current)
                current = []
            elif not _space(item):
                current.append(item)
        parts.append(current)
        vectors = []
        for part in parts:
            if len(part) == 2 and isinstance(part[0], Tok) and part[0].text in _FONTS:
                part = list(self._inner(part[1]))
            part = tuple(x for x in part if not _space(x))
            if _atom_end(part, 0) != len(part) or not part:
                raise fail(text_of((group,)), group.col, "an inner product needs two vectors like q, k_j")
            vectors.append(part)
        if len(vectors) != 2:
            raise fail(text_of((group,)), group.col, "an inner product needs exactly two vectors")
        return self._dot(vectors[0], vectors[1])

    # -- norms --------------------------------------------------------------------------------
    def _norms(self, items):
        """``||v||`` and ``\\|v\\|`` of a vector v: ``sqrt(v^T v)`` (see vectors.py)."""
        k = 0
        while k < len(items):
            bars = _bars(items, k)
            if bars:
                first = _skip_forward(items, k + bars)
                end = _atom_end(items, first)
                close = _skip_forward(items, end) if end is not None else None
                if close is not None and _bars(items, close) == bars:
                    text = self._call("SCZnorm", self._vec(items[first:end]))
                    items = items[:k] + (Tok(text, items[k].col),) + items[close + bars:]
                elif bars == 1 or k + 1 < len(items) and _bars(items, k) == 2:
                    raise fail(text_of(items[k:]), items[k].col, "the norm of an expression of vectors "
                               "cannot be read; write it with components: \\sqrt{\\sum_j (x_j - y_j)^2}")
            k += 1
        return items

    # -- transposes ----------------------------------------------------------------------------
    def _transposes(self, items):
        """Replace ``u v^T`` / ``u^T v`` by dot-product placeholders (see vectors.py)."""
        k = 0
        while k < len(items):
            item = items[k]
            if isinstance(item, Tok) and item.text == "^" and k + 1 < len(items) \
                    and _is_transpose(items[k + 1]):
                items = self._one_transpose(items, k)
                k = 0
                continue
            k += 1
        return items

    def _one_transpose(self, items, caret):
        col = items[caret].col
        start, u, scale = self._transposed(items, caret)
        if text_of(u[:1])[:1].isupper():
            raise fail(text_of(u) + "^T", col, "matrix transposes are not supported; "
                       "write the entries or a dot product of vectors")
        # u^T v (a vector right of the transpose) is preferred: in "\lambda k^T q" the
        # scalar is on the left; without one on the right, u v^T takes the left neighbour.
        after = _skip_forward(items, caret + 2)
        end = _atom_end(items, after)
        if end is not None:
            self._convention("u^T v", col)
            text = self._dot(u, items[after:end])
            return items[:start] + (Tok(scale + text, col),) + items[end:]
        if after < len(items) and isinstance(items[after], Group) and items[after].kind == "paren":
            self._convention("u^T v", col)
            text = self._call("SCZdotl", self._vec(u), self.emit(items[after].items))
            return items[:start] + (Tok(scale + text, col),) + items[after + 1:]
        before = _skip_back(items, start - 1)
        left = _atom_start(items, before + 1) if before >= 0 and not scale else None
        if left is not None:
            v = items[left:before + 1]
            if len(v) == 1 and len(u) == 1:
                # q_i k_j^T of row vectors is a dot product (the documents' notation); p p^T of
                # plain vectors is an outer product (a matrix) in most papers
                raise fail(text_of(v) + text_of(u) + "^T", col, "u u^T of vectors without a row "
                           "index is an outer product (a matrix), which cannot be read; write "
                           "u^T v or \\langle u, v \\rangle for a dot product")
            self._convention("u v^T", col)
            return items[:left] + (Tok(self._dot(v, u), col),) + items[caret + 2:]
        raise fail(text_of(u) + "^T", col, "a transposed vector needs a vector next to it (u^T v or u v^T)")

    def _convention(self, form: str, col: int) -> None:
        """Both u^T v and u v^T in one chain: one of them is an outer product (a matrix)."""
        if self.convention is None:
            self.convention = form
        elif self.convention != form:
            raise fail("^T", col, f"this chain writes both u^T v and u v^T; one of them would be an "
                       f"outer product (a matrix), which is not supported: use one convention")

    def _transposed(self, items, caret):
        """What ^T applies to: (start index, the vector's items, LaTeX of a scalar factor + \\cdot).

        ``k_j^T`` is a vector; ``(\\lambda \\mu_a)^T`` is a scalar times a vector (linearity).
        """
        col = items[caret].col
        start = _atom_start(items, caret)
        if start is not None:
            return start, items[start:caret], ""
        group = items[caret - 1] if caret else None
        if isinstance(group, Group) and group.kind == "paren":
            inner = tuple(x for x in group.items if not (isinstance(x, Tok) and x.text == r"\cdot"))
            end = len(inner)
            while end and _space(inner[end - 1]):
                end -= 1
            first = _atom_start(inner, end)
            rest = inner[:first] if first is not None else ()
            if first is not None and not any(isinstance(x, Tok) and x.text in "+-" for x in rest):
                scale = self.emit(rest).strip()
                return caret - 1, inner[first:end], (r"( %s ) \cdot " % scale if scale else "")
        raise fail("^T", col, "a transpose is supported only on a vector like k_j or a scaled "
                   "vector like (\\lambda k_j), in u^T v or u v^T")

    def _vec(self, atom) -> str:
        for tok in atom:
            if isinstance(tok, Tok) and tok.text.isalpha() and tok.text.isupper() and tok is atom[0]:
                raise fail(text_of(atom), tok.col, "matrix products are not supported")
        return text_of(atom)

    def _dot(self, u, v) -> str:
        return self._call("SCZdot", self._vec(u), self._vec(v))


_PLAIN_NAMES = {"I": "I", r"\gamma": "gamma", r"\Gamma": "Gamma", r"\ell": "ell"}


def _function_key(name: str) -> str:
    """A function name as declared or written: ``\\phi`` and ``phi`` are the same name."""
    return name.strip().lstrip("\\")


def _is_letter(text: str) -> bool:
    return len(text) == 1 and text.isascii() and text.isalpha() or text[1:] in GREEK and text[0] == "\\"


_OPERATORS = frozenset(["+", "-", r"\cdot", r"\times", "/", ",", "|", "*"]) | frozenset(RELATIONS)


def _unsize_norms(items):
    """``\\left\\| v \\right\\|`` as the tokens of ``\\| v \\|``: a norm, never an absolute value."""
    out = []
    for item in items:
        if isinstance(item, Group) and item.kind == "abs" and item.opener == r"\|":
            out.extend((Tok(r"\|", item.col),) + tuple(item.items) + (Tok(r"\|", item.close_col),))
        else:
            out.append(item)
    return tuple(out)


def _pair_bars(items):
    """Pair bare absolute-value bars into groups, or refuse when they pair more than one way.

    ``|\\sin x|`` is one group (so the argument of \\sin ends at the bar); ``|x| + |y|`` pairs
    left to right; ``|a|b|c|`` (|a| b |c| or |a |b| c|) and ``||x| - |y||`` are refused.
    """
    bars = [k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == "|"]
    if not bars:
        return items
    if len(bars) % 2:
        raise fail(text_of(items).strip(), items[bars[0]].col, "an absolute-value bar is never "
                   "closed (or a bar means 'given'); write \\left| ... \\right|")
    for n, k in enumerate(bars):
        before = k - 1
        while before >= 0 and _space(items[before]):
            before -= 1
        after = k + 1
        while after < len(items) and _space(items[after]):
            after += 1
        opens = before < 0 or isinstance(items[before], Tok) and items[before].text in _OPERATORS
        closes = after >= len(items) or isinstance(items[after], Tok) and items[after].text in _OPERATORS
        adjacent = before >= 0 and isinstance(items[before], Tok) and items[before].text == "|" \
            or after < len(items) and isinstance(items[after], Tok) and items[after].text == "|"
        if len(bars) > 2 and (adjacent or (not closes if n % 2 else not opens)):
            raise fail(text_of(items).strip(), items[k].col, "absolute-value bars that can be "
                       "paired in more than one way; write \\left| ... \\right| or brackets")
    out, last = [], 0
    for a, b in zip(bars[::2], bars[1::2]):
        out.extend(items[last:a])
        out.append(Group("abs", tuple(items[a + 1:b]), items[a].col, items[b].col, "|"))
        last = b + 1
    out.extend(items[last:])
    return tuple(out)


_NAME_ARGS = re.compile(r"\\(?:text|mathrm|operatorname|mathit|mathbf|mathsf|mathcal|mathbb|boldsymbol|"
                        r"label|hat|tilde|bar|vec|overline)\s*\{[^{}]*\}")


def check_words(text: str) -> None:
    """Refuse letters written together that spell a word: 'alpha', 'exp', 'mean', lo{g}.

    Such a run is a product of letters to a parser and a name to its writer. Runs of two or
    three letters are products unless they spell a Greek letter or a function; four or more
    are taken as words.
    """
    plain = _NAME_ARGS.sub(" ", text)
    plain = re.sub(r"_\s*\{[^{}]*\}", " ", plain)      # subscripts are labels: W_{perm}, d_{model}
    plain = re.sub(r"\\[A-Za-z]+", " ", plain).replace("}{", " ").replace("{", "").replace("}", "")
    for m in re.finditer(r"[A-Za-z]{2,}", plain):
        word = m.group()
        if word in _WORDS:
            fix = ("\\" + word) if word in GREEK or "\\" + word in FUNCTIONS \
                else r"\operatorname{%s}" % word
            raise ParseError(f"cannot read '{word}' in '{_clip(text)}': it would be a product of {len(word)} "
                             f"letters; write {fix} (or separate the letters with \\cdot if a "
                             f"product is meant)")
        if len(word) >= 4:
            raise ParseError(f"cannot read '{word}' in '{_clip(text)}': a word or a product of {len(word)} "
                             f"letters; write \\text{{{word}}} for a name or separate the letters "
                             f"with \\cdot for a product")


def _clip(text: str) -> str:
    return text if len(text) <= 50 else text[:47] + "..."


def _check_label(arg, col) -> None:
    """Refuse superscripts that are labels, not powers: m^{\\mathrm{old}}, W^{(l)}, x^*."""
    inner = [x for x in (arg.items if isinstance(arg, Group) else (arg,)) if not _space(x)]
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text in _FONTS \
            and not _is_transpose(arg) and len(text_of(inner[1:]).strip("{} ")) > 1:
        raise fail("^" + text_of(inner), col, "an upright superscript is a label, not a power; write "
                   "the label as a subscript (m_{i,old}) or name the quantity")
    if len(inner) == 1 and isinstance(inner[0], Group) and inner[0].kind == "paren":
        raise fail("^(" + text_of(inner[0].items) + ")", col, "a bracketed superscript is usually a "
                   "label (layer l), not a power; write the label as a subscript, or {(x)}^{2} for a power")
    if len(inner) == 1 and isinstance(inner[0], Tok) and inner[0].text in ("*", r"\ast", r"\star"):
        raise fail("^*", col, "x^* may be an optimum, a conjugate or a dual: name it (x_{opt}) or "
                   "write \\overline{z} for a conjugate")


def _lone_atom(inside) -> bool:
    """Whether bracket contents are one number or one (sub- or superscripted) letter: x(t), R(T)."""
    if not inside:
        return False
    head = inside[0]
    if not (isinstance(head, Tok) and (head.text[0].isdigit() or _is_letter(head.text))):
        return False
    rest = inside[1:]
    while len(rest) >= 2 and isinstance(rest[0], Tok) and rest[0].text in ("_", "^"):
        rest = rest[2:]
    return not rest


def _check_matrix_order(items, k) -> None:
    """Refuse a capital written after another factor (``xW_1``, ``e^{s} O``, ``AB``).

    Papers write matrices as capitals, and a product of matrices depends on its order; the reader
    reads every product as commuting numbers, so ``AB = BA`` or ``xW = Wx`` would be proved. A
    capital first in its product (``W x``, ``2A``) is kept: a number times a matrix commutes.
    """
    tok = items[k]
    if not (len(tok.text) == 1 and "A" <= tok.text <= "Z"):
        return
    j = k - 1
    while j >= 0 and _space(items[j]):
        j -= 1
    if j < 0:
        return
    prev = items[j]
    if isinstance(prev, Group):
        factor = True       # (...) W, e^{s} O, \\hat{x} W, \\frac{1}{2} W: a factor ends here
    else:
        text = prev.text
        factor = _is_letter(text) or text == "!" or (j and isinstance(items[j - 1], Tok)
                                                      and items[j - 1].text in ("^", "_"))
    if factor:
        raise fail(text_of(items[j:k + 1]).strip(), tok.col,
                   f"{tok.text} written after another factor may be a matrix, and a product of "
                   f"matrices depends on its order (it is read as commuting numbers): if the factors "
                   f"are numbers, write \\cdot before {tok.text}; if they are matrices, declare "
                   f"their shapes to read the product in order (--assume '{tok.text} \\in "
                   f"\\mathbb{{R}}^{{m \\times n}}')")


def _adjacent_tok(a, b) -> bool:
    """Two tokens written with nothing between them."""
    return isinstance(a, Tok) and isinstance(b, Tok) and b.col == a.col + len(a.text)


def _adjacent(a, b) -> bool:
    """Two single letters written with nothing between them (``ab``)."""
    return isinstance(a, Tok) and isinstance(b, Tok) and len(a.text) == 1 and len(b.text) == 1 \
        and a.text.isascii() and a.text.isalpha() and b.text.isascii() and b.text.isalpha() \
        and b.col == a.col + 1


_BIG = frozenset([r"\sum", r"\prod", r"\max", r"\min", r"\lim"])
_FUNCTION_STOPS = FUNCTIONS | {r"\Re", r"\Im", r"\arg", r"\operatorname", r"\overline"}
_TWO_ARGS = frozenset([r"\frac", r"\dfrac", r"\tfrac", r"\binom"])


def _is_argument(before) -> bool:
    """Whether a brace group placed after the items ``before`` is a command's argument."""
    if not before:
        return False
    prev = before[-1]
    if isinstance(prev, Tok):
        return prev.text.startswith("\\") or prev.text in ("^", "_")
    return prev.kind == "brace" and len(before) > 1 and isinstance(before[-2], Tok) \
        and before[-2].text in _TWO_ARGS


def _is_transpose(item) -> bool:
    if isinstance(item, Tok):
        return item.text in _TRANSPOSE
    solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
    if len(solid) == 1 and isinstance(solid[0], Tok):
        return solid[0].text in _TRANSPOSE
    if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in (r"\mathsf", r"\mathrm"):
        return text_of(solid[1:]).strip("{} ") == "T"
    return False


def _is_base(item) -> bool:
    return isinstance(item, Tok) and ((item.text.isalpha() and len(item.text) == 1)
                                      or item.text[1:] in GREEK) and item.text not in ("e",)


def _bars(items, k) -> int:
    """How many tokens at k spell a norm bar: 2 for "||", 1 for "\\|", else 0."""
    if isinstance(items[k], Tok) and items[k].text == r"\|":
        return 1
    if k + 1 < len(items) and all(isinstance(x, Tok) and x.text == "|" for x in items[k:k + 2]):
        return 2
    return 0


def _more_factors(items, k) -> bool:
    """Whether a factor (not + - , a relation or the end) starts at k."""
    if k >= len(items):
        return False
    item = items[k]
    return not (isinstance(item, Tok) and (item.text in ("+", "-", ",", "^", "_") or item.text in RELATIONS))


def _space(item) -> bool:
    return isinstance(item, Tok) and item.space


def _atom_start(items, end):
    """Start of the atom (base, optional _sub) that ends just before index end, or None."""
    k = end - 1
    if k >= 1 and isinstance(items[k - 1], Tok) and items[k - 1].text == "_":
        k -= 2
        while k >= 0 and _space(items[k]):
            k -= 1           # "\mu _a": a space may sit between the base and its subscript
        return k if k >= 0 and _is_base(items[k]) else None
    return k if k >= 0 and _is_base(items[k]) else None


def _atom_end(items, start):
    """End (exclusive) of the atom starting at start, or None when none starts there."""
    if start >= len(items) or not _is_base(items[start]):
        return None
    k = start + 1
    while k < len(items) and _space(items[k]):
        k += 1
    if k < len(items) and isinstance(items[k], Tok) and items[k].text == "_":
        return k + 2 if k + 1 < len(items) else None
    return start + 1


def _skip_back(items, k):
    while k >= 0 and isinstance(items[k], Tok) and (items[k].space or items[k].text == r"\cdot"):
        k -= 1
    return k


def _skip_forward(items, k):
    while k < len(items) and isinstance(items[k], Tok) and (items[k].space or items[k].text == r"\cdot"):
        k += 1
    return k


def _derivative_variable(den):
    """The variable of ``dx``/``\\partial x``/``\\mathrm{d}x`` in a denominator, or None."""
    solid = [x for x in den if not (isinstance(x, Tok) and x.space)]
    if len(solid) >= 2 and isinstance(solid[0], Tok) and solid[0].text in ("d", r"\partial"):
        rest = tuple(solid[1:])
        if _atom_end(rest, 0) == len(rest):
            return rest
    return None


def _derivative_head(num):
    """What follows ``d``/``\\partial`` in a numerator (may be empty), or None if not a derivative."""
    solid = [x for x in num if not (isinstance(x, Tok) and x.space)]
    if solid and isinstance(solid[0], Tok) and solid[0].text in ("d", r"\partial"):
        return tuple(solid[1:])
    return None


def _limit_point(inner, col):
    """``x \\to 0``, ``x \\to 0^+``, ``n \\to \\infty``: (variable, point, side "+-", "+" or "-")."""
    solid = [x for x in inner if not _space(x)]
    arrow = [n for n, x in enumerate(solid) if isinstance(x, Tok) and x.text == r"\to"]
    if len(arrow) != 1 or arrow[0] == 0 or arrow[0] == len(solid) - 1:
        raise fail(text_of(inner), col, r"write the limit as \lim_{x \to a}")
    var, point = tuple(solid[:arrow[0]]), tuple(solid[arrow[0] + 1:])
    side = "+-"
    if len(point) >= 2 and isinstance(point[-2], Tok) and point[-2].text == "^":
        sign = text_of(point[-1:]).strip("{} ")
        if sign not in ("+", "-"):
            raise fail(text_of(inner), col, "a one-sided limit is written 0^+ or 0^-")
        side, point = sign, point[:-2]
    return var, point, side


def _index_and_lower(inner, name, col):
    """``j`` or ``j=1`` from a subscript: (index name, lower-limit items or None)."""
    solid = [x for x in inner if not (isinstance(x, Tok) and x.space)]
    if solid and _is_base(solid[0]):
        if len(solid) == 1:
            return solid[0].text, None
        if isinstance(solid[1], Tok) and solid[1].text == "=" and len(solid) > 2:
            return solid[0].text, tuple(solid[2:])
    raise fail(text_of(inner), col, f"the subscript of {name} must be an index like j or j=1")


def _excluded(inner):
    """``i \\neq a,b`` in a subscript: (index, [excluded values]) or None."""
    solid = [x for x in inner if not (isinstance(x, Tok) and x.space)]
    if len(solid) >= 3 and _is_base(solid[0]) and isinstance(solid[1], Tok) \
            and solid[1].text in (r"\ne", r"\neq"):
        others = text_of(solid[2:]).split(",")
        if all(o.strip() for o in others):
            return solid[0].text, [o.strip() for o in others]
    return None
