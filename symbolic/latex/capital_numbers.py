"""Which capitals a claim itself uses as numbers, so that products with them commute.

The rewriter refuses a capital written after another factor (``\\mu T``, ``T D``): papers
write matrices as capitals, and a product of matrices depends on its order. But optimisation
papers write counts and constants as capitals too (T steps, N tokens, D a distance, L a
smoothness constant), and the claim often shows it: ``\\frac{1}{\\mu T}`` divides by T, and
no one divides by a matrix. A capital that the same claim uses in a place only a number can
take is read as a number throughout the claim (one letter, one meaning), exactly as if the
user had written ``--assume 'T \\in \\mathbb{R}'``; products with it then commute. The rule
only lifts that refusal: the capital is the same commuting symbol it is everywhere else.

Places only a number can take (decided one by one):

* **A range end or limit of an operator**: the superscript of ``\\sum``, ``\\prod``, ``\\max``,
  ``\\min`` (``\\sum_{t=1}^{T}``, ``\\prod_{k=0}^{K-1}``), the sides of a relation in its
  subscript (``\\sum_{t=T_0}^{T}``, ``\\max_{1 \\le i \\le N}``), both limits of ``\\int``
  (``\\int_0^T``: integration runs over real numbers), and ``\\lim_{T \\to \\infty}`` (only a
  number tends to infinity). A range is counted in whole numbers. A capital inside a function's
  brackets there is no sign (``\\sum_{i=1}^{r(A)}``: the number is the rank r(A), not A).
* **A denominator**: ``\\frac{..}{D}`` and ``../D`` where D is one product of plain letters,
  numbers and brackets, the capital one of its factors (``T``, ``\\mu T``, ``2L``,
  ``L^2(\\kappa + 1)``): a matrix is never divided by. Not a sum (``V + \\epsilon``,
  ``(L + \\mu)^2``: matrices are divided entry by entry in Adam-like updates), not a lone
  capital under a numerator holding a capital (``\\frac{M}{V}``, ``\\frac{M_t}{V}``, ``M / V``:
  entry by entry as well), not two capitals (``\\frac{1}{AB}``: a row times a column is a
  number), not a capital between two Latin letters (``x A y``, a bilinear form is a number),
  not a derivative (``d``,
  ``\\partial``, ``\\delta``, ``\\Delta``, ``\\nabla``: ``\\frac{df}{dW}`` differentiates by a
  matrix), and nothing but letters, numbers, ``\\cdot``, brackets, fractions and plain powers.
* **An exponent**: a compound exponent written with numbers and letters (``\\gamma^{T-t}``,
  ``x^{2N}``, ``2^{N+1}``) on any base but ``e`` (``e^{tA}`` is the matrix exponential), and a
  lone capital exponent only on a bracket that holds a bare number term (``(1 - \\frac{\\mu}{L})^T``,
  read as a power by ``vectors.scalar_power_t``: a number has no transpose). A lone capital
  exponent elsewhere is a transpose or a label (``x^T``, ``W^Q``, ``A^H``) and never a sign of
  a number, and neither is ``-T`` (``A^{-T}``, the inverse transpose). ``^T`` on a lone plain
  lower-case letter (``\\beta^T``, ``x^T``: not bold, no subscript) is neither a sign nor a veto:
  where another place makes T a number (``\\sum_{t=0}^{T-1} \\beta^t``), the rewriter reads
  ``\\beta^T`` with nothing beside it as the T-th power and refuses ``x^T y`` and every other
  ``^T`` of the claim as ambiguous (``rewrite_bars.BarRewriting._power_t``).
* **An assumption** (``--assume 'T \\ge 1'``, ``T \\in \\mathbb{Z}_{>0}``, a shape
  ``\\mathbb{R}^{N \\times d}``) already makes a capital a number (``components.declared_numbers``).

Not signs of a number: a subscript (``\\theta_T``: T may be a label, "target"), the argument of
``\\sqrt``, ``\\log``, ``\\exp`` (square roots, logarithms and exponentials of matrices exist),
a capital in a set or an absolute value (``|S|``).

The same letter is never a number in one place and a matrix in another. A capital is never
made a number when the claim also writes it as a possible matrix or function: declared a matrix
or vector by an assumption, declared a function (``--function``), transposed or conjugated
(``A^T``, ``A^\\top``, ``A^H``, ``A^*``, ``A^{-T}``), with an entry's subscript (``A_{ij}``,
``A_{i,j}``), in bold or another font (``\\mathbf{A}``, ``\\mathcal{A}``), inside a norm, an
absolute value or an inner product, under ``\\det``, ``\\mathrm{tr}``, ``\\mathrm{rank}``,
``\\mathrm{diag}``, or before a bracket (``L(\\theta)`` is a function or a product: refused as
before). And this rule never makes T a number in a claim that writes ``^T`` as a transpose
of anything but a lone plain letter (``\\frac{1}{T} x^T y``: beside a number T, x^T may be a
power; the rewriter refuses it), nor reads ``(a + b)^T`` as a power (a transposed vector); the same for H beside ``v^H`` (a conjugate transpose) and for T, H beside ``x^{-T}``, ``A^{-H}``.

The rule reads one claim (one chain; one row of a display), never the rows around it: a row
is read as it would be alone. A subscripted capital (``T_0``, ``D_i``) is a name of its own:
only the plain capital is made a number.
"""
from __future__ import annotations

from typing import Iterable, Mapping

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lexer import GREEK, RELATIONS, Group, Tok, lex, split_at

_BIG = frozenset([r"\sum", r"\prod", r"\max", r"\min"])
_FRACS = frozenset([r"\frac", r"\dfrac", r"\tfrac"])
_RANGE_RELATIONS = frozenset(["=", "<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\lt", r"\gt",
                              r"\leqslant", r"\geqslant"])
_FONTS = frozenset([r"\mathbf", r"\boldsymbol", r"\bm", r"\mathcal", r"\mathbb", r"\mathrm",
                    r"\mathsf", r"\mathit", r"\text", r"\operatorname", r"\mathfrak", r"\mathscr",
                    r"\textrm", r"\textbf", r"\mbox", r"\hat", r"\tilde", r"\bar", r"\vec",
                    r"\widehat", r"\widetilde", r"\overline"])
_MATRIX_FUNCTIONS = frozenset(["tr", "Tr", "trace", "rank", "Rank", "diag", "Diag", "vec", "det",
                               "Det", "adj", "null", "span", "col", "row", "vech", "rk", "ker",
                               "vol", "card", "supp", "nnz"])
# superscripts that transpose, conjugate or invert-transpose a matrix
_MATRIX_MARKS = frozenset(["T", r"\top", r"\intercal", "H", "*", r"\ast", r"\star", r"\dagger",
                           "-T", r"-\top", "+", "-H"])
_DERIVATIVE_STARTS = frozenset(["d", r"\partial", r"\delta", r"\Delta", r"\nabla", r"\mathrm",
                                r"\operatorname", r"\text"])
_BRACKETS = frozenset(["(", r"\left(", "[", r"\left["])   # Group.opener of brackets after a name
_NUMBER_OPERATORS = frozenset(["+", "-", r"\cdot", r"\times", "/", r"\lfloor", r"\rfloor",
                               r"\lceil", r"\rceil"])


def capital_numbers(text: str, known: Mapping | None = None,
                    functions: Iterable[str] = ()) -> frozenset[str]:
    """The plain capitals (``"T"``) that the claim ``text`` uses as numbers and never as possible
    matrices; ``known`` is the assumptions' symbols, ``functions`` the declared function names."""
    found = _walked(text)
    if found is None:
        return frozenset()
    found.vetoed.update(_not_real(known))   # declared a matrix, a vector or a complex number
    found.vetoed.update(str(f).strip() for f in functions)
    return frozenset(found.numbers - found.vetoed)


def _walked(text: str):
    """The claim's capitals and lone ``^T`` gathered by ``_Found``, or None if it does not lex."""
    try:
        items = lex(text)
    except ParseError:
        return None
    found = _Found()
    found.walk(items)
    return found


def _not_real(known: Mapping | None) -> set[str]:
    """The names the assumptions declare as something other than a real number."""
    return {name for name, value in dict(known or {}).items()
            if not (isinstance(value, sympy.Symbol) and value.is_extended_real)}


def lone_powers_t(text: str, known: Mapping | None = None) -> frozenset[int]:
    """The columns of the carets of ``\\beta^T`` written with nothing beside it: a lone plain
    letter (``scalar_letter``, not declared a vector or matrix) whose neighbours are a sum's or a
    relation's signs, a number before it, or the ends of the claim, and, when it fills a bracket
    or a fraction alone, the same of the bracket's or the fraction's neighbours. The rewriter reads
    only these ``^T`` as the T-th power (``rewrite_bars.BarRewriting._power_t``); ``x^T{y}``,
    ``x^T_t``, ``x^T \\vec{y}``, ``(x^T) y``, ``\\frac{x^T}{2} y`` are refused (a red team found
    them read as powers beside a vector)."""
    found = _walked(text)
    if found is None:
        return frozenset()
    declared = {str(name).lstrip("\\") for name in _not_real(known)}
    return frozenset(col for col, name in found.lone_t if name.lstrip("\\") not in declared)


# what may sit beside a lone power \beta^T: a sum's or a relation's sign, a list's comma
_BESIDE_POWER = frozenset(["+", "-", ",", "&", r"\pm", r"\mp", "/"]) | frozenset(RELATIONS)


def scalar_letter(item) -> bool:
    """A lone plain lower-case letter (not e) or lower-case Greek letter: ``\\beta`` in
    ``\\beta^T``. Unsubscripted and in no font, so nothing marks it a vector."""
    if not isinstance(item, Tok):
        return False
    text = item.text
    if len(text) == 1:
        return text.isascii() and text.islower() and text != "e"
    return text.startswith("\\") and text[1:] in GREEK and text[1].islower()


def _capital(item) -> bool:
    return isinstance(item, Tok) and len(item.text) == 1 and "A" <= item.text <= "Z"


def _solid(items) -> list:
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _inner(item) -> list:
    """The solid items of a script or argument: a brace group's contents, or the token alone."""
    if isinstance(item, Group) and item.kind == "brace":
        return _solid(item.items)
    return [item]


def _script_text(item) -> str:
    """A superscript as a short string (``{-\\top}`` -> ``-\\top``; ``\\mathrm{T}`` -> ``T``)."""
    inner = _inner(item)
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text in (r"\mathrm", r"\mathsf",
                                                                           r"\text"):
        inner = _inner(inner[1])
    if all(isinstance(x, Tok) for x in inner):
        return "".join(x.text for x in inner)
    return ""


def _numeric(items) -> bool:
    """Whether items are written as a number may be: letters, numbers, ``+ - \\cdot``, brackets,
    fractions and powers whose exponent is itself numeric (never a lone capital: ``x^T``)."""
    solid = _solid(items)
    if not solid:
        return False
    k = 0
    while k < len(solid):
        x = solid[k]
        if isinstance(x, Group):
            if x.kind not in ("brace", "paren") or x.opener in (r"\{", r"\lbrace") \
                    or not _numeric(x.items):
                return False
            k += 1
            continue
        t = x.text
        if t in ("_", "^"):
            if k + 1 >= len(solid) or not _numeric(_inner(solid[k + 1])):
                return False
            if t == "^" and len(_inner(solid[k + 1])) == 1 and (_capital(_inner(solid[k + 1])[0])):
                return False        # x^T, W^Q: a transpose or a label, not a power
            k += 2
            continue
        if t in _FRACS:
            if k + 2 >= len(solid) or not all(_numeric(_inner(a)) for a in solid[k + 1:k + 3]):
                return False
            k += 3
            continue
        letter = len(t) == 1 and t.isascii() and t.isalpha()
        greek = t.startswith("\\") and t[1:] in GREEK and t[1:2].islower()
        if not (letter or greek or t[0].isdigit() or t in _NUMBER_OPERATORS):
            return False
        k += 1
    return True


def _flat(items) -> list:
    """The tokens of items in order, through brackets, without scripts' arguments."""
    out, solid, k = [], _solid(items), 0
    while k < len(solid):
        x = solid[k]
        if isinstance(x, Tok) and x.text in ("_", "^"):
            k += 2
            continue
        if isinstance(x, Group):
            out.extend(_flat(x.items))
        else:
            out.append((x, k + 1 < len(solid) and isinstance(solid[k + 1], Tok)
                        and solid[k + 1].text == "_"))
        k += 1
    return out


def _plain_capitals(items) -> set[str]:
    """The capitals written in items without a subscript of their own (``T``, not ``T_0``) and
    outside a function's brackets: in ``\\sum_{i=1}^{r(A)}`` the number is r(A), the rank of a
    matrix A, and A itself may be anything."""
    solid = _solid(items)
    kept = [x for n, x in enumerate(solid) if not (
        n and isinstance(x, Group) and x.kind == "paren" and x.opener in _BRACKETS
        and isinstance(solid[n - 1], Tok) and _name_letter(solid[n - 1].text))]
    return {tok.text for tok, subscripted in _flat(kept) if _capital(tok) and not subscripted}


def _name_letter(text: str) -> bool:
    """Whether a token is a letter that may name a function (``r``, ``\rho``, ``L``)."""
    return len(text) == 1 and text.isascii() and text.isalpha() or text.startswith("\\") \
        and text[1:] in GREEK


def _named_capitals(items) -> set[str]:
    """The capitals written in items outside scripts, subscripted or not (``M``, ``M_t``)."""
    return {tok.text for tok, _ in _flat(items) if _capital(tok)}


def _operand_before(solid, k) -> list:
    """The items of the product before the slash at ``solid[k]`` (back to a + or a relation)."""
    start = k
    while start > 0 and not (isinstance(solid[start - 1], Tok) and (
            solid[start - 1].text in ("+", "-") or solid[start - 1].text in _RANGE_RELATIONS)):
        start -= 1
    return solid[start:k]


def _terms(items) -> list[list]:
    """Items split at top-level + and - (the terms of a sum)."""
    return [t for t in split_at(_solid(items), ("+", "-")) if t]


def _denominator(items, over=frozenset()) -> set[str]:
    """The capital a denominator makes a number, as a set (see the module's docstring); ``over``
    is the capitals of the numerator, when it is written (``\\frac``)."""
    solid = _solid(items)
    if not solid or not _numeric(solid):
        return set()
    if isinstance(solid[0], Tok) and solid[0].text in _DERIVATIVE_STARTS:
        return set()
    terms = _terms(solid)
    if len(terms) != 1:
        return set()        # V + \epsilon: matrices are divided entry by entry (Adam)
    flat = _flat(terms[0])
    capitals = [n for n, (tok, _) in enumerate(flat) if _capital(tok)]
    if len(capitals) != 1 or flat[capitals[0]][1] or not any(_capital(x) for x in terms[0]):
        return set()        # AB (a row times a column), T_0 (a name), (V + \epsilon)^2
    if over and len(flat) < 2:
        return set()        # \frac{M}{V}: entry by entry, as often as a number
    at = capitals[0]

    def latin(pair) -> bool:
        return len(pair[0].text) == 1 and pair[0].text.isascii() and pair[0].text.isalpha()
    if any(latin(p) for p in flat[:at]) and any(latin(p) for p in flat[at + 1:]):
        return set()        # x A y: a bilinear form is a number, A need not be
    return {flat[at][0].text}


def _constant(items) -> bool:
    """Items written with numbers, capitals and signs only (``1``, ``T``, ``2T - 1``): no
    lower-case letter, so no vector."""
    return all(isinstance(x, Tok) and (x.space or x.text[:1].isdigit() or _capital(x)
                                       or x.text in ("+", "-", r"\cdot"))
               or isinstance(x, Group) and x.kind in ("brace", "paren") and _constant(x.items)
               for x in items)


def _before_constants(solid, first) -> int:
    """Where the factors before solid[first] start when they are constants (``2``,
    ``\\frac{1}{T}``) or a big operator with its scripts (``\\sum_{t=0}^{T-1}``)."""
    while first > 0:
        x = solid[first - 1]
        if isinstance(x, Tok) and x.text[:1].isdigit():
            first -= 1
        elif first >= 3 and isinstance(solid[first - 3], Tok) and solid[first - 3].text in _FRACS \
                and _constant(_inner(solid[first - 2])) and _constant(_inner(x)):
            first -= 3
        else:
            k = first
            while k >= 2 and isinstance(solid[k - 2], Tok) and solid[k - 2].text in ("_", "^"):
                k -= 2
            if k < first and k >= 1 and isinstance(solid[k - 1], Tok) \
                    and solid[k - 1].text in _BIG | {r"\lim"}:
                first = k - 1
            else:
                return first
    return first


class _Found:
    """The capitals used as numbers and those written as possible matrices, gathered by walk."""

    def __init__(self) -> None:
        self.numbers: set[str] = set()
        self.vetoed: set[str] = set()
        self.limits: set[int] = set()   # the carets of the level being walked that are limits
        self.parents: list[tuple[list, int]] = []   # the levels around the one being walked
        self.lone_t: set[tuple[int, str]] = set()   # (caret column, base) of \beta^T alone

    def walk(self, items) -> None:
        """Visit one level of items and every group inside it."""
        solid = _solid(items)
        for bar in (r"\|", "|"):      # the lexer spells \Vert, \lvert, \rvert as these
            bars = [n for n, x in enumerate(solid) if isinstance(x, Tok) and x.text == bar]
            for a, b in zip(bars[::2], bars[1::2]):
                self.vetoed |= _all_capitals(solid[a + 1:b])    # \|A\|, |S|: a norm, a size
        skip: set[int] = set()
        outer, self.limits = self.limits, set()
        for k, x in enumerate(solid):
            if isinstance(x, Group):
                if x.kind in ("abs", "angle") or x.opener in (r"\{", r"\lbrace"):
                    self.vetoed |= _all_capitals(x.items)      # |S|, <A, B>, {A}: not numbers
                elif k not in skip:
                    self.parents.append((solid, k))
                    self.walk(x.items)
                    self.parents.pop()
                continue
            t = x.text
            if t in _FONTS:
                if k + 1 < len(solid):
                    name = _script_text(solid[k + 1])
                    self.vetoed |= _all_capitals([solid[k + 1]])
                    skip.add(k + 1)
                    if name in _MATRIX_FUNCTIONS and k + 2 < len(solid):
                        self.vetoed |= _all_capitals([solid[k + 2]])
            elif t == r"\det" and k + 1 < len(solid):
                self.vetoed |= _all_capitals([solid[k + 1]])
            elif t in _BIG or t in (r"\int", r"\lim"):
                self._limits(solid, k)
            elif t in _FRACS and k + 2 < len(solid):
                numerator = _inner(solid[k + 1])
                if not (numerator and isinstance(numerator[0], Tok)
                        and numerator[0].text in _DERIVATIVE_STARTS):
                    self.numbers |= _denominator(_inner(solid[k + 2]), _named_capitals(numerator))
            elif t == "/" and k + 1 < len(solid):
                after = solid[k + 1]
                subscripted = k + 2 < len(solid) and isinstance(solid[k + 2], Tok) \
                    and solid[k + 2].text == "_"           # a / T_0: T_0 is a name of its own
                if not subscripted:         # M / V: entry by entry as \frac{M}{V} is
                    below = after.items if isinstance(after, Group) else [after]
                    self.numbers |= _denominator(below, _named_capitals(_operand_before(solid, k)))
            elif t == "^" and k + 1 < len(solid) and k not in self.limits:
                self._power(items, solid, k)
            elif _capital(x):
                self._capital_use(solid, k)
        self.limits = outer

    def _capital_use(self, solid, k) -> None:
        """Veto a capital written as a function or as a matrix's entry (``L(x)``, ``A_{ij}``)."""
        name = solid[k].text
        nxt = solid[k + 1] if k + 1 < len(solid) else None
        if isinstance(nxt, Group) and nxt.kind == "paren" and nxt.opener in _BRACKETS:
            self.vetoed.add(name)       # L(\theta): a function or a product, as before
        if isinstance(nxt, Tok) and nxt.text == "_" and k + 2 < len(solid):
            sub = _inner(solid[k + 2])
            letters = [x for x in sub if isinstance(x, Tok) and x.text.isalpha()]
            if any(isinstance(x, Tok) and x.text in (",", ":") for x in sub) \
                    or len(sub) == 2 and len(letters) == 2:
                self.vetoed.add(name)   # A_{ij}, A_{i,j}: an entry of the matrix A

    def _power(self, items, solid, k) -> None:
        """An exponent: a number's sign, or a transpose's (``^T``) and a matrix's mark."""
        from symbolic.latex.vectors import scalar_power_t    # vectors imports the rewriter's tables
        exp = solid[k + 1]
        base = solid[k - 1] if k else None
        if k >= 2 and isinstance(solid[k - 2], Tok) and solid[k - 2].text == "_":
            base = None                 # x_i^N: the base is the subscripted name
        mark = _script_text(exp).replace(" ", "")
        if _capital(base) and mark in _MATRIX_MARKS:
            self.vetoed.add(base.text)  # A^T, A^H, A^*, A^{-T}: a matrix
        inner = _inner(exp)
        if mark == "H":
            self.vetoed.add("H")        # v^H: a conjugate transpose in this claim, as ^T below
            return
        if mark in ("-T", "-H") and isinstance(base, Tok) and len(base.text) == 1 \
                and base.text.isascii() and base.text.isalpha() and base.text != "e":
            self.vetoed.add(mark[1])    # A^{-T}, x^{-T}: an inverse transpose (e^{-T} is a power)
        if mark == "T":
            caret = next(n for n, x in enumerate(items) if x is solid[k])
            if isinstance(base, Group) and base.kind == "paren" and scalar_power_t(items, caret):
                self.numbers.add("T")   # (1 - x)^T: the rewriter reads the power T
            elif scalar_letter(base):
                # \beta^T: a power where T is a number (rewrite_bars.py), when nothing is beside it
                if self._alone(solid, k - 1, k + 2, len(self.parents)):
                    self.lone_t.add((solid[k].col, base.text))
            else:
                self.vetoed.add("T")    # x^T: T is a transpose in this claim
            return
        if len(inner) == 1 and _capital(inner[0]):
            if inner[0].text not in _MATRIX_MARKS and isinstance(base, Group) \
                    and base.kind == "paren" and _number_bracket(base):
                self.numbers.add(inner[0].text)     # (1 - \frac{1}{N})^N: a power
            return                      # W^Q, x^N: a label as often as a power
        if isinstance(base, Tok) and base.text == "e" or isinstance(base, Group) \
                and base.kind == "brace" and [x.text for x in _solid(base.items)
                                              if isinstance(x, Tok)] == ["e"]:
            return                      # e^{tA}: the exponential of a matrix exists
        if _numeric(inner) and _compound(inner):
            self.numbers |= _plain_capitals(inner)

    def _alone(self, solid, first, end, level) -> bool:
        """Whether solid[first:end] has nothing beside it but signs of a sum or a relation (see
        ``lone_powers_t``); ``level`` is how many levels ``self.parents`` holds around solid."""
        def side(x) -> str:
            if x is None:
                return "edge"
            if isinstance(x, Tok) and x.text in _BESIDE_POWER:
                return "sign"
            return "factor"
        first = _before_constants(solid, first)     # 2\beta^T, \frac{1}{T}\beta^T, \sum_t \beta^T
        left = side(solid[first - 1] if first > 0 else None)
        right = side(solid[end] if end < len(solid) else None)
        if "factor" in (left, right):
            return False
        if "sign" in (left, right) or level == 0:
            return True
        outer, j = self.parents[level - 1]
        before = outer[j - 1] if j else None
        if isinstance(before, Tok) and before.text == "^":
            return True                 # 2^{\beta^T}: an exponent
        if isinstance(before, Tok) and before.text in _FRACS:
            return self._alone(outer, j - 1, j + 2, level - 1)      # \frac{\beta^T}{2} y
        if j >= 2 and isinstance(outer[j - 2], Tok) and outer[j - 2].text in _FRACS:
            return self._alone(outer, j - 2, j + 1, level - 1)      # \frac{1}{\beta^T} y
        return self._alone(outer, j, j + 1, level - 1)              # (\beta^T) y

    def _limits(self, solid, k) -> None:
        """The range ends of \\sum, \\prod, \\max, \\min; the limits of \\int; \\lim_{T \\to \\infty}."""
        op, scripts, j = solid[k].text, {}, k + 1
        while j + 1 < len(solid) and isinstance(solid[j], Tok) and solid[j].text in ("_", "^"):
            scripts[solid[j].text] = _inner(solid[j + 1])
            self.limits.add(j)          # \sum_{t=1}^{T}: a range end, never a power
            j += 2
        if op == r"\lim":
            self._limit_point(scripts.get("_", []))
            return
        if op == r"\int":
            if len(scripts) == 2:       # \int_A alone integrates over a set A
                for arg in scripts.values():
                    if _numeric(arg):
                        self.numbers |= _plain_capitals(arg)
            return
        if "^" in scripts and _numeric(scripts["^"]):
            self.numbers |= _plain_capitals(scripts["^"])
        parts, current, related = [], [], False
        for x in scripts.get("_", []):
            if isinstance(x, Tok) and x.text in _RANGE_RELATIONS:
                parts.append(current)
                current, related = [], True
            else:
                current.append(x)
        parts.append(current)
        for part in parts if related else ():
            if _numeric(part):
                self.numbers |= _plain_capitals(part)

    def _limit_point(self, arg) -> None:
        """``\\lim_{T \\to \\infty}``: what tends to infinity is a number."""
        at = next((n for n, x in enumerate(arg) if isinstance(x, Tok) and x.text == r"\to"), None)
        if at is None:
            return
        target = "".join(x.text for x in arg[at + 1:] if isinstance(x, Tok))
        if target in (r"\infty", r"+\infty") and len(arg[at + 1:]) <= 2 and _numeric(arg[:at]):
            self.numbers |= _plain_capitals(arg[:at])


def _compound(inner) -> bool:
    """Whether an exponent is more than a capital with a sign: a number, a fraction or a sum in
    it (``2N``, ``T-t``, ``N^2``); not ``-T`` (the inverse transpose) nor ``kT`` (a label?)."""
    def digits(items) -> bool:
        return any(isinstance(x, Group) and digits(x.items) or isinstance(x, Tok)
                   and x.text[0].isdigit() for x in items)
    return digits(inner) or any(isinstance(x, Tok) and (x.text in _FRACS or x.text in ("+", "-")
                                                        and n > 0) for n, x in enumerate(inner))


def _number_bracket(group) -> bool:
    """Whether a bracket holds a bare number as one of two terms or more (``1 - x``): a number,
    as ``vectors.scalar_power_t`` decides for ``(1 - x)^T``."""
    terms = _terms(group.items)
    return len(terms) > 1 and any(len(t) == 1 and isinstance(t[0], Tok) and t[0].text[0].isdigit()
                                  for t in terms)


def _all_capitals(items) -> set[str]:
    """Every Latin capital written anywhere in items (scripts and groups included)."""
    out = set()
    for x in items:
        if isinstance(x, Group):
            out |= _all_capitals(x.items)
        elif _capital(x):
            out.add(x.text)
    return out
