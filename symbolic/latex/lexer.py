"""Tokens and groups of a LaTeX string, with the limits that keep reading it cheap.

The reader never hands the user's text to anything but this lexer: it checks the size,
the nesting depth, the balance of braces and ``\\left``/``\\right``, and that every
command is one we know (so ``\\input``, ``\\def`` or ``\\csname`` are refused here).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from symbolic.errors import ParseError
from symbolic.latex.notation import REFUSED_NOTATION

MAX_CHARS = 4_000       # one chain; the longest formula of the seed documents is ~400 characters
MAX_DEPTH = 16          # braces and brackets; real formulas stay under 8, and latex2sympy
                        # slows down steeply with depth (24 nested powers take ~10 s)

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|:=|\d+(?:\.\d+)?|\s+|.", re.S)

GREEK = frozenset("""alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa
lambda mu nu xi omicron rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta
Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell""".split())   # \\ell reads like a letter
SPACING = frozenset(r"\, \; \: \! \  \quad \qquad \displaystyle \textstyle \limits \nolimits".split()
                    + ["\\ ", "~"])   # ~ is TeX's unbreakable space
RELATIONS = {
    "=": "=", "<": "<", ">": ">", r"\lt": "<", r"\gt": ">",
    r"\le": r"\le", r"\leq": r"\le", r"\leqslant": r"\le",
    r"\ge": r"\ge", r"\geq": r"\ge", r"\geqslant": r"\ge",
    r"\ne": r"\ne", r"\neq": r"\ne", r"\approx": r"\approx", r"\gg": r"\gg", r"\ll": r"\ll",
    r"\propto": r"\propto", r"\implies": r"\implies", r"\Rightarrow": r"\implies",
    r"\Longrightarrow": r"\implies",
    r"\wedge": r"\wedge", r"\land": r"\wedge",   # only between relations of an implication
    ":=": "=", r"\coloneqq": "=", r"\triangleq": "=",
}
# read as =, noted; \eqqcolon (a =: b defines b) is refused: the defined name is on the right
DEFINITIONS = frozenset([":=", r"\coloneqq", r"\triangleq"])
# functions LaTeX has no command for, and how the reader takes them (always with brackets)
_NAMED_ONLY = {r"\sech": "sech", r"\csch": "csch", r"\arsinh": "arsinh", r"\arcsinh": "arsinh",
               r"\arcosh": "arcosh", r"\arccosh": "arcosh", r"\artanh": "artanh",
               r"\arctanh": "artanh"}

# other spellings of the bars: \Vert x \Vert is \| x \|, \lvert x \rvert is | x |
BARS = {r"\Vert": r"\|", r"\lVert": r"\|", r"\rVert": r"\|", r"\vert": "|", r"\lvert": "|", r"\rvert": "|"}

FUNCTIONS = frozenset(r"""\sin \cos \tan \sec \csc \cot \sinh \cosh \tanh \coth \arcsin \arccos
\arctan \exp \ln \log""".split())
KNOWN = frozenset(r"""\frac \dfrac \tfrac \sqrt \sum \prod \max \min \cdot \times \pi \infty
\partial \overline \bar \hat \tilde \vec \operatorname \text \mathrm \mathit \mathbf \mathsf
\mathbb \mathcal \Re \Im \left \right \big \Big \bigg \Bigg \bigl \bigr \Bigl \Bigr \biggl \biggr
\{ \} \lbrace \rbrace \| \top \intercal \in \to \lim \binom \lfloor \rfloor \lceil \rceil
\label \nonumber \notag \boldsymbol \langle \rangle \cdots \ldots \dots \vdots \mid \pm \mp \\ \% \&
\widehat \widetilde \odot \circ \tag \small \footnotesize \scriptsize \normalsize \large \Large
\leftarrow \gets \nabla \prime \int \mathop \arg \( \)""".split()) | FUNCTIONS \
    | {"\\" + g for g in GREEK} | SPACING | frozenset(RELATIONS)
_PLAIN = re.compile(r"[A-Za-z0-9+\-*/=<>()\[\]{}^_,.|!'\s]")
# \( ... \) inside a formula: brackets escaped for Markdown (a blog's "softmax\(x\)" shows
# softmax(x)); TeX would not open inline maths inside maths, so they can only be brackets
OPEN = {"(": ")", "[": "]", r"\{": r"\}", r"\lbrace": r"\rbrace", r"\langle": r"\rangle", r"\(": r"\)"}
CLOSE = {v: k for k, v in OPEN.items()}
_UNSIZED = frozenset(["."])
# floors and ceilings are paired by the library, not here: only their sizer is dropped
_SIZED_PAIRS = frozenset([r"\lfloor", r"\rfloor", r"\lceil", r"\rceil"])
# unit words printed after a count (T = 4MN \mathrm{\ cycles}): left out at the end of a side
# (symbolic/latex/units.py); single letters are never units (\mathrm{d}, \mathrm{e}, s)
UNIT_WORDS = frozenset("""cycles cycle bytes byte bits bit KB MB GB TB KiB MiB GiB TiB FLOPs FLOPS
flops FLOP TFLOPs TFLOPS GFLOPs GFLOPS ops operations instructions tokens seconds second ms
ns us hours hour minutes days epochs iterations steps parameters params Hz kHz MHz GHz""".split())
UNIT_FONTS = frozenset([r"\mathrm", r"\text", r"\textrm", r"\mbox", r"\textnormal"])
UNIT_CONTENT = re.compile(r"(?:\s|\\ |~|\\,|\\;)*([A-Za-z]+)\s*")
SIZERS = frozenset(r"\big \Big \bigg \Bigg \bigl \bigr \Bigl \Bigr \biggl \biggr".split())


@dataclass(frozen=True)
class Tok:
    """One token: a command, a number, a single character or a run of spaces; col is 1-based."""

    text: str
    col: int

    @property
    def space(self) -> bool:
        return self.text.isspace() or self.text in SPACING


@dataclass(frozen=True)
class Group:
    """A bracketed run of items: ``kind`` is "brace" ({...}), "paren" ((...), [...], \\{...\\}) or "abs"."""

    kind: str
    items: tuple
    col: int
    close_col: int = 0
    opener: str = ""        # "(", "[", "\\{", "\\left(" ...: [x] after a letter may be indexing


def fail(text: str, col: int, why: str) -> ParseError:
    """The one-line ParseError used everywhere: what, where, why."""
    shown = text if len(text) <= 40 else text[:37] + "..."
    return ParseError(f"cannot read '{shown}' at column {col}: {why}")


_GREEK_CHARS = dict(zip(
    "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΥΦΨΩϵϑϕ",
    r"""\alpha \beta \gamma \delta \epsilon \zeta \eta \theta \iota \kappa \lambda \mu \nu \xi
    \pi \rho \sigma \tau \upsilon \phi \chi \psi \omega \Gamma \Delta \Theta \Lambda \Xi \Pi
    \Sigma \Upsilon \Phi \Psi \Omega \epsilon \vartheta \phi""".split()))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉ᵢⱼₖₙₐ₊₋", "0123456789ijkna+-"))
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹ⁿ⁺⁻ᵀ", "0123456789n+-T"))
_SYMBOLS = {"≠": r"\ne", "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "·": r"\cdot", "×": r"\times",
            "⇒": r"\implies", "∝": r"\propto", "≪": r"\ll", "≫": r"\gg", "∑": r"\sum", "√": r"\sqrt",
            "∞": r"\infty", "−": "-", "∂": r"\partial", "∈": r"\in", "（": "(", "）": ")"}


def check_size(latex) -> None:
    """Refuse a text over ``MAX_CHARS`` before any pass reads it (a megabyte of input must be
    refused at once, not after the reader's pre-passes have scanned it)."""
    if isinstance(latex, str) and len(latex) > MAX_CHARS:
        raise ParseError(f"LaTeX of {len(latex)} characters is over the limit of {MAX_CHARS}; "
                         f"check one chain at a time")


def plain(latex: str) -> str:
    """Unicode maths (α, x₁, x², ≠, ≈, ·) spelled as LaTeX commands."""
    if len(latex) > MAX_CHARS:
        return latex          # refused by its size in tokenize; no need to spell it out
    # an en dash between spaced operands is a minus sign typed from a word processor
    latex = re.sub(r"(?<=\s)\u2013(?=\s)", "-", latex)
    out = []
    # a run of superscript (subscript) characters is one exponent (index): x¹⁰ is x^{10}
    runs = re.finditer(r"[%s]+|[%s]+|." % (re.escape("".join(_SUPERSCRIPTS)),
                                            re.escape("".join(_SUBSCRIPTS))), latex, re.S)
    for m in runs:
        ch = m.group()
        if ch[0] in _SUPERSCRIPTS:
            out.append("^{%s}" % "".join(_SUPERSCRIPTS[c] for c in ch))
        elif ch[0] in _SUBSCRIPTS:
            out.append("_{%s}" % "".join(_SUBSCRIPTS[c] for c in ch))
        elif ch in _GREEK_CHARS:
            out.append(_GREEK_CHARS[ch] + " ")
        elif ch == "\u2019":
            # a typographic apostrophe (b’ from a word processor) is the prime b': read where a
            # prime is read and refused where a prime is, never dropped
            out.append("'")
        elif ch in _SYMBOLS:
            out.append(" " + _SYMBOLS[ch] + " ")
        else:
            out.append(ch)
    return "".join(out)


def tokenize(latex: str) -> list[Tok]:
    """Split LaTeX into tokens, refusing oversize input, unknown commands and stray characters.

    Columns refer to the text after Unicode maths is spelled out (``plain``).
    """
    if not isinstance(latex, str):
        raise ParseError(f"expected LaTeX text, got {type(latex).__name__}")
    check_size(latex)
    if not latex.strip():
        raise ParseError("empty LaTeX: give a relation such as 'a = b'")
    tokens = []
    last = None      # the last token that is not a space
    for m in _TOKEN.finditer(latex):
        text, col = m.group(), m.start() + 1
        text = BARS.get(text, text)
        if text.startswith("\\") and len(text) > 1:
            if text in (r"\begin", r"\end"):
                raise fail(latex[m.start():m.start() + 30].split("}")[0] + "}", col,
                           "an environment (aligned rows, cases, a matrix) is not one claim: check "
                           "each row on its own; matrices are not supported")
            if text in _NAMED_ONLY:
                raise fail(text, col, f"{text} is not a LaTeX command: write "
                           f"\\operatorname{{{_NAMED_ONLY[text]}}}(x), with brackets")
            if text not in KNOWN:
                raise fail(text, col, REFUSED_NOTATION.get(text, "unknown command"))
        elif not (_PLAIN.fullmatch(text) or text in (":=", "~") or text.isspace() or text[0].isdigit() or _greek_char(text)):
            raise fail(text, col, "unexpected character")
        if text == "." and latex[m.end():m.end() + 2] == "..":
            raise fail("...", col, "an ellipsis cannot be checked; write the general term")
        solid = [last] if last is not None else []
        if text[0].isdigit() and solid and solid[-1].text in (r"\frac", r"\dfrac", r"\tfrac"):
            # \frac12 is \frac{1}{2}: TeX takes one digit per argument
            if len(text) > 2 or "." in text:
                raise fail(solid[-1].text + text, col, f"TeX reads this as \\frac{{{text[0]}}}"
                           f"{{{text[1]}}}{text[2:]}; write \\frac{{{text[0]}}}{{{text[1:]}}} or "
                           f"\\frac{{{text[:2]}}}{{...}} with braces")
            tokens.extend(Tok(ch, col + n) for n, ch in enumerate(text))
            last = tokens[-1]
            continue
        tokens.append(Tok(text, col))
        if not text.isspace():
            last = tokens[-1]
    return tokens


def _greek_char(text: str) -> bool:
    return False   # Unicode Greek is spelled as commands by plain() before tokenizing


def group(tokens: list[Tok]) -> tuple:
    """Nest tokens into Groups, checking balance and depth; returns the top-level items."""
    stack: list[tuple[str, str, int, list]] = [("top", "", 0, [])]
    sized: list[tuple[str, int]] = []      # the sized floors and ceilings open (their \left)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        text = tok.text
        if text in SIZERS:
            i += 1
            continue
        if text in (r"\left", r"\right"):
            j = i + 1
            while j < len(tokens) and tokens[j].text.isspace():
                j += 1
            if j == len(tokens):
                raise fail(text, tok.col, "a delimiter must follow it")
            delim = tokens[j].text
            if delim in _SIZED_PAIRS:
                # \left\lceil x \right\rceil is \lceil x \rceil in a larger size: the sizer goes,
                # once its \left and \right are known to pair (TeX refuses a lone one)
                if text == r"\right" and not sized:
                    raise fail(text + delim, tok.col, "a \\right without its \\left")
                if text == r"\left":
                    sized.append((delim, tok.col))
                else:
                    sized.pop()
                i = j
                continue
            if delim in _UNSIZED:
                # \left. f \right|_a^b would read as plain brackets: f, not f(b) - f(a)
                raise fail(text + delim, tok.col, "an invisible delimiter (an evaluation bar "
                           "\\left. f \\right|_{x=a}) cannot be read: write the value f(a), or "
                           "f(b) - f(a) for a bar with two limits")
            i = j
            if text == r"\left":
                _open(stack, "abs" if delim in ("|", r"\|") else "paren", delim, tok.col)
            else:
                _close(stack, delim, tok.col, sized=True)
            i += 1
            continue
        if text == "{":
            _open(stack, "brace", "{", tok.col)
        elif text == "}":
            _close(stack, "}", tok.col)
        elif text in OPEN:
            _open(stack, "angle" if text == r"\langle" else "paren", text, tok.col)
        elif text in CLOSE:
            _close(stack, text, tok.col)
        else:
            stack[-1][3].append(tok)
        i += 1
    if sized:
        raise fail(r"\left" + sized[-1][0], sized[-1][1], "it is never closed")
    if len(stack) > 1:
        kind, opener, col, _ = stack[-1]
        raise fail(opener if kind != "abs" else r"\left|", col, "it is never closed")
    return tuple(stack[0][3])


def _open(stack, kind, opener, col):
    if len(stack) > MAX_DEPTH:
        raise ParseError(f"LaTeX nested deeper than {MAX_DEPTH} levels at column {col}; "
                         f"simplify the formula")
    stack.append((kind, opener, col, []))


def _close(stack, closer, col, sized=False):
    if len(stack) == 1:
        raise fail(closer, col, "nothing to close here")
    kind, opener, ocol, items = stack.pop()
    if sized and kind in ("paren", "abs") and _sized_match(opener, closer) or kind == "brace" and closer == "}" \
            or kind in ("paren", "angle") and OPEN.get(opener) == closer:
        stack[-1][3].append(Group(kind, tuple(items), ocol, col, opener))
        return
    raise fail(closer, col, f"it does not match {opener!r} at column {ocol}")


def _sized_match(opener: str, closer: str) -> bool:
    """\\left( pairs with \\right), \\left| with \\right|: \\left[ x \\right) is an interval."""
    return OPEN.get(opener) == closer or opener == closer and opener in ("|", r"\|")


def text_of(items) -> str:
    """The LaTeX of items, as written (spaces normalised)."""
    out = []
    for item in items:
        if isinstance(item, Tok):
            out.append(item.text)
        elif item.kind == "brace":
            out.append("{" + text_of(item.items) + "}")
        elif item.kind == "abs":
            out.append(r"\left|" + text_of(item.items) + r"\right|")
        elif item.kind == "angle":
            out.append(r"\langle " + text_of(item.items) + r"\rangle")
        else:
            out.append("(" + text_of(item.items) + ")")
    return "".join(out)


def split_at(items, texts) -> list[list]:
    """The items between top-level tokens whose text is in ``texts`` (a token inside a bracket
    is inside its own group)."""
    parts, current = [], []
    for item in items:
        if isinstance(item, Tok) and item.text in texts:
            parts.append(current)
            current = []
        else:
            current.append(item)
    parts.append(current)
    return parts


def split_commas(items) -> list[list]:
    """The items between top-level commas."""
    return split_at(items, (",",))


def lex(latex: str) -> tuple:
    """Tokens grouped: the entry point of the lexer."""
    return group(tokenize(latex))


def unit_word(font: str, content: str) -> str | None:
    """The unit word a font command's argument spells, or None."""
    if font not in UNIT_FONTS:
        return None
    m = UNIT_CONTENT.fullmatch(content)
    return m.group(1) if m and m.group(1) in UNIT_WORDS else None
