"""What wraps a formula without changing the claim, taken off before it is read.

Surrounding ``$...$``, ``$$...$$``, ``\\[...\\]``; outer braces and ``\\displaystyle`` (as
Wikipedia prints a display); braces around one bold letter; ``\\mathrm{a\\_b}`` names; TeX's
infix ``{a \\over b}``, spelled ``\\frac{a}{b}`` where that is plain and refused elsewhere.
Used by the formula reader (``parse.py``) and by the display reader (``display.py``).
"""
from __future__ import annotations

import re

from symbolic.errors import ParseError
from symbolic.latex.lexer import MAX_CHARS, MAX_DEPTH, RELATIONS, fail, plain


def strip_math(latex: str) -> str:
    """Drop what wraps a claim without changing it: surrounding ``$...$``, ``$$...$$``,
    ``\\[...\\]``, outer braces and ``\\displaystyle`` (``{\\displaystyle a = b}``, the
    form Wikipedia prints), and a final full stop or comma; TeX's infix ``{a \\over b}`` is
    spelled ``\\frac{a}{b}`` (or refused where it is not plain)."""
    if not isinstance(latex, str):
        raise ParseError(f"expected LaTeX text, got {type(latex).__name__}")
    text = plain(latex).strip()
    for left, right in (("$$", "$$"), ("$", "$"), (r"\[", r"\]"), (r"\(", r"\)")):
        if len(text) > len(left) + len(right) and text.startswith(left) and text.endswith(right):
            text = text[len(left):-len(right)].strip()
            break
    text = unbrace_atoms(over_to_frac(underscored_names(bold_spelled(numbering(text)))))
    text = text.rstrip(" .,;。，") or text
    return unwrap(text).rstrip(" .,;。，") or text


_TAG_STAR = re.compile(r"\\tag\s*\*")
_LABEL = re.compile(r"\\label\s*\{[^{}]*\}")
# a bracketed number or marker at the end, after a space: (3), (a), (iv)
_SPACED_NUMBER = re.compile(r"(?:\\[,;:\s]|~)\s*\(\s*(?:\d+(?:\.\d+)?|[a-z]|[ivx]+)\s*\)\s*[.,;]?\s*$")


def numbering(text: str) -> str:
    """What numbers a display, spelled so that it is read as no part of the claim:
    ``\\tag*{(3)}`` is ``\\tag{(3)}`` (the star only drops the brackets TeX adds; read as
    \\tag and a ``*`` the number was a factor), ``\\label{eq:1}`` goes (its colon is no
    ratio). A bracketed number after a space at the end (``6 = 2 \\; (3)``) is refused: an
    equation number or a factor (2 times 3)?"""
    if "\\" not in text and "~" not in text:
        return text
    text = _LABEL.sub(" ", _TAG_STAR.sub(r"\\tag", text))
    m = _SPACED_NUMBER.search(text)
    if m is not None:
        raise fail(m.group().strip(), m.start() + 1, "a bracket after a space at the end of a "
                   "formula may be an equation number or a factor: write \\tag{...} for a "
                   "number, \\cdot (...) for a product")
    return text


_BM = re.compile(r"\\bm(?![A-Za-z])")


def bold_spelled(text: str) -> str:
    """``\\bm{x}`` (the bm package's bold) as ``\\boldsymbol{x}``: the same bold letter, read
    the same way (a bold capital is a matrix, a bold lowercase letter a name of its own)."""
    return _BM.sub(r"\\boldsymbol", text) if r"\bm" in text else text


# a lowercase letter only: a bold capital is a matrix, which the formula reader must see as
# written (braced, it is refused; unbraced, \boldsymbol{W}_q x would be a product of numbers)
_FONT_ATOM = re.compile(r"\{\s*(\\(?:boldsymbol|mathbf|bm|mathit|mathsf|vec)\s*"
                        r"\{\s*(?:\\[a-z]+|[a-z])\s*\})\s*\}")
# tokens after which a brace group is no command's argument
_OPERATOR_TOKENS = frozenset(r"\cdot \times \pm \mp \left \right \, \; \: \! \quad \qquad"
                             .split()) | frozenset(RELATIONS)


def unbrace_atoms(text: str) -> str:
    """``{\\boldsymbol{x}}_{m}`` as ``\\boldsymbol{x}_{m}``: braces around one bold (or other
    font) letter group nothing, and with them the subscript would have no base to read.

    Only where the brace group is no command's argument (after ``\\frac``, ``\\hat``, ``^``
    or ``_`` the braces delimit the argument and stay).
    """
    if "{\\" not in text or len(text) > MAX_CHARS:
        return text
    spans = {end: start for start, end, kind in _group_spans(text) if kind == "brace"}
    tokens = list(_WRAP_TOKEN.finditer(text))
    out, position, previous = [], 0, None
    for m in tokens:
        if m.start() < position:
            continue
        atom = _FONT_ATOM.match(text, m.start()) if m.group() == "{" else None
        if atom is not None and _not_an_argument(text, previous, spans):
            out.append(text[position:m.start()] + atom.group(1))
            position = atom.end()
            previous = None
            continue
        if not m.group().isspace():
            previous = m
    out.append(text[position:])
    return "".join(out)


_UNDERSCORED = re.compile(r"\\(mathrm|text|textrm)\s*\{\s*([A-Za-z]+)\\_([A-Za-z]+)\s*\}")


def underscored_names(text: str) -> str:
    """``\\mathrm{step\\_num}`` (a name with an underscore character, as code names are
    printed) as ``\\mathrm{step}_{\\mathrm{num}}``, the name step_num.

    Refused where the same display also writes ``\\mathrm{step}_...``: the two names would
    become one.
    """
    if r"\_" not in text:
        return text
    for m in _UNDERSCORED.finditer(text):
        font, head = m.group(1), m.group(2)
        # \mathrm{a\_b} is the code name a_b; beside the italic a_b (a with index b, read
        # as the same name) it would make two quantities one
        if re.search(r"\{\s*%s\s*\}\s*_" % head, text) or (
                len(head) == 1 and re.search(r"(?<![\\A-Za-z{])%s\s*_" % head, text)):
            raise fail(m.group(), m.start() + 1, f"\\{font}{{{head}\\_...}} and {head}_... (or "
                       f"\\{font}{{{head}}}_...) in one formula would be read as one name; "
                       f"rename one of them")
    return _UNDERSCORED.sub(lambda m: r"\%s{%s}_{\mathrm{%s}}" % m.groups(), text)


def _not_an_argument(text: str, previous, spans) -> bool:
    if previous is None:
        return True
    token = previous.group()
    if token == "}":
        start = spans.get(previous.end())
        before = text[:start].rstrip() if start is not None else ""
        return before.endswith(("_", "^"))     # the end of a subscript or superscript
    if token.startswith("\\"):
        return token in _OPERATOR_TOKENS
    return token not in ("^", "_")


_WRAP_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
_STYLE = re.compile(r"^\s*\\(?:displaystyle|textstyle)(?![A-Za-z])\s*")
MAX_OVER = 64        # \over in one formula; real ones hold one or two


def _group_spans(text: str):
    """(start, end, kind) of every group of ``text``: ``{...}`` ("brace"), ``\\left..\\right``
    ("sized") and ``\\begin..\\end`` ("env"); ``end`` is the index after the closing token.

    Unbalanced text gives what it can: the lexer refuses it later with its own message.
    """
    spans, stack = [], []
    for m in _WRAP_TOKEN.finditer(text):
        token = m.group()
        if token == "{":
            stack.append((m.start(), "brace"))
        elif token == "}" and stack and stack[-1][1] == "brace":
            start, kind = stack.pop()
            spans.append((start, m.end(), kind))
        elif token in (r"\left", r"\begin"):
            stack.append((m.start(), "sized" if token == r"\left" else "env"))
        elif token in (r"\right", r"\end") and stack and stack[-1][1] == (
                "sized" if token == r"\right" else "env"):
            start, kind = stack.pop()
            spans.append((start, m.end(), kind))
    return spans


def unwrap(text: str) -> str:
    """``text`` without outer braces and a leading ``\\displaystyle``: ``{\\displaystyle a = b}``
    is ``a = b`` (a brace group changes nothing in TeX's maths but what it groups)."""
    for _ in range(MAX_DEPTH + 1):
        stripped = _STYLE.sub("", text.strip())
        if not (stripped.startswith("{") and stripped.endswith("}")):
            return stripped
        outer = [s for s in _group_spans(stripped) if s[0] == 0 and s[1] == len(stripped)]
        inner = stripped[1:-1]
        if not outer or _top_level_over(inner):
            return stripped           # {a}^{2} = {b}, or {a \over b}: not one wrapping group
        text = inner
    return text


_OVER = frozenset([r"\over", r"\atop", r"\choose", r"\above", r"\overwithdelims",
                   r"\atopwithdelims", r"\abovewithdelims"])


def _top_level_over(text: str) -> bool:
    depth = 0
    for m in _WRAP_TOKEN.finditer(text):
        token = m.group()
        depth += token in ("{", r"\left", r"\begin")
        depth -= token in ("}", r"\right", r"\end")
        if depth == 0 and token in _OVER:
            return True
    return False


def over_to_frac(text: str) -> str:
    """TeX's infix fraction ``{a \\over b}`` as ``{\\frac{a}{b}}``.

    In TeX, ``\\over`` divides everything before it in its group by everything after it.
    It is read only where that is plain: in a brace group with one ``\\over`` and no relation,
    ``&`` or line break beside it, and brackets balanced on each side. Anything else (an
    ``\\over`` outside braces, two in one group, ``\\atop``, ``\\choose``) is refused.
    """
    if "\\" not in text or len(text) > MAX_CHARS:
        return text               # (an oversize formula is refused by the lexer)
    for _ in range(MAX_OVER):
        overs = [m for m in _WRAP_TOKEN.finditer(text) if m.group() in _OVER]
        if not overs:
            return text
        spans = _group_spans(text)
        # the innermost \over first: its group holds no other one
        found = None
        for m in overs:
            around = [s for s in spans if s[0] < m.start() and m.end() < s[1]]
            group = max(around, key=lambda s: s[0]) if around else None
            if group is None or group[2] != "brace":
                where = "outside braces" if group is None else "inside \\left...\\right or an environment"
                raise fail(m.group(), m.start() + 1, f"{m.group()} {where} divides a whole formula; "
                           "write \\frac{a}{b}")
            if m.group() != r"\over":
                raise fail(m.group(), m.start() + 1, f"{m.group()} (a stacked pair or binomial) "
                           "cannot be read; write \\frac{a}{b} or \\binom{n}{k}")
            inside = [o for o in overs if group[0] < o.start() and o.end() < group[1]]
            if len(inside) == 1:
                found = (m, group)
                break
        if found is None:
            m = overs[0]
            raise fail(m.group(), m.start() + 1, "two \\over in one group: which divides what "
                       "is unclear; write \\frac{a}{b}")
        m, (start, end, _) = found
        top, bottom = text[start + 1:m.start()], text[m.end():end - 1]
        for part, side in ((top, "before"), (bottom, "after")):
            if not part.strip():
                raise fail(m.group(), m.start() + 1, f"nothing {side} \\over")
            if not _plain_side(part):
                raise fail(m.group(), m.start() + 1, f"the formula {side} \\over holds a relation, "
                           "an alignment or unbalanced brackets; write \\frac{a}{b}")
        text = text[:start] + "{\\frac{" + top + "}{" + bottom + "}}" + text[end:]
    raise ParseError(f"more than {MAX_OVER} \\over in one formula; write \\frac{{a}}{{b}}")


def _plain_side(part: str) -> bool:
    """Whether one side of an ``\\over`` is a formula alone: no relation, ``&`` or ``\\\\`` at
    its top level, and its round and square brackets balanced."""
    depth = 0
    balance = {"(": 0, "[": 0}
    for m in _WRAP_TOKEN.finditer(part):
        token = m.group()
        depth += token in ("{", r"\left", r"\begin")
        depth -= token in ("}", r"\right", r"\end")
        if depth:
            continue
        if token in RELATIONS or token in ("&", "\\\\", r"\in"):
            return False
        if token in "()[]" and token:
            key = "(" if token in "()" else "["
            balance[key] += 1 if token in "([" else -1
            if balance[key] < 0:
                return False
    return not any(balance.values())
