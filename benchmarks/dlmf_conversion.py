r"""Faithful respellings of the DLMF benchmark's plain LaTeX that the reader would reject or misread.

The benchmark's ``latex`` field is a mechanical conversion of DLMF's semantic LaTeX. A few
of its spellings are standard but are refused by the reader (``\\operatorname{sech} z``,
``\\operatorname{arsinh} z`` without brackets, ``|\\sin z|``) or read as a different formula
(``\\coth z`` as ``\\cot`` times a symbol ``h``). Each respelling here is the DLMF's own
definition of the function (DLMF 4.23.7-9, 4.28.4-7, 4.37.7-9; a row that
is that definition becomes an identity, and the runner says so), so it never changes what
the formula says; every one applied is recorded so the result of a row shows it.

DLMF's one-sided value on a cut, ``f(x \pm i0)``, is the limit of ``f(x \pm i\epsilon)`` as
``\epsilon \to 0^{+}`` (DLMF 4.2(i): the value approached from above or below the cut); it is
respelled as that limit where the ``\pm i0`` ends the bracketed argument of a function, and
left (reported) anywhere else: read as ``x`` itself it would be the value on the cut, which
for a point below it is another number. DLMF's phase ``\operatorname{ph} z`` is the principal
argument, spelled ``\arg z`` for the reader.

An occurrence whose argument cannot be delimited with certainty is left as it is (and
reported in ``Respelled.left``): a guessed argument would be a misread.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# name -> (template with {a} for the argument, DLMF definition it uses)
_RECIPROCAL = {
    r"\operatorname{sech}": (r"\frac{1}{\cosh({a})}", "sech z = 1/cosh z (DLMF 4.28.6)"),
    r"\operatorname{csch}": (r"\frac{1}{\sinh({a})}", "csch z = 1/sinh z (DLMF 4.28.5)"),
    r"\operatorname{coth}": (r"\frac{\cosh({a})}{\sinh({a})}", "coth z = 1/tanh z = cosh z/sinh z (DLMF 4.28.7, 4.28.4)"),
    r"\coth": (r"\frac{\cosh({a})}{\sinh({a})}", "coth z = 1/tanh z = cosh z/sinh z (DLMF 4.28.7, 4.28.4)"),
}
_INVERSE_RECIPROCAL = {
    r"\operatorname{arccsc}": (r"\arcsin\left(\frac{1}{{a}}\right)", "arccsc z = arcsin(1/z) (DLMF 4.23.7)"),
    r"\operatorname{arcsec}": (r"\arccos\left(\frac{1}{{a}}\right)", "arcsec z = arccos(1/z) (DLMF 4.23.8)"),
    r"\operatorname{arccot}": (r"\arctan\left(\frac{1}{{a}}\right)", "arccot z = arctan(1/z) (DLMF 4.23.9)"),
    r"\operatorname{arcsch}": (r"\operatorname{arsinh}\left(\frac{1}{{a}}\right)",
                               "arcsch z = arsinh(1/z) (DLMF 4.37.7)"),
    r"\operatorname{arsech}": (r"\operatorname{arcosh}\left(\frac{1}{{a}}\right)",
                               "arsech z = arcosh(1/z) (DLMF 4.37.8)"),
    r"\operatorname{arcoth}": (r"\operatorname{artanh}\left(\frac{1}{{a}}\right)",
                               "arcoth z = artanh(1/z) (DLMF 4.37.9)"),
}
_BRACKETED = {  # the reader knows these, but only with their argument in brackets
    r"\operatorname{arsinh}": r"\operatorname{arsinh}({a})",
    r"\operatorname{arcosh}": r"\operatorname{arcosh}({a})",
    r"\operatorname{artanh}": r"\operatorname{artanh}({a})",
}
_COMMAND = re.compile(r"\\operatorname\{[A-Za-z]+\}|\\[A-Za-z]+")
_GREEK = frozenset(r"""\alpha \beta \gamma \delta \epsilon \varepsilon \zeta \eta \theta \vartheta
\iota \kappa \lambda \mu \nu \xi \rho \sigma \tau \upsilon \phi \varphi \chi \psi \omega""".split())
# after a one-letter argument these would continue it (\sech xy, \sech z^2, \sech z_1...)
_CONTINUES = frozenset(r"\pi \infty \frac \sqrt \left".split()) | _GREEK
_ABS_FUNCTIONS = re.compile(r"\s*\\(sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|exp|ln|log)\b")


@dataclass(frozen=True)
class Respelled:
    r"""The LaTeX to check, the respellings applied (one line each) and the occurrences left alone."""

    latex: str
    fixes: tuple[str, ...]
    left: tuple[str, ...]


def respell(latex: str) -> Respelled:
    r"""Respell ``latex`` faithfully where the reader would reject or misread it."""
    fixes: list[str] = []
    left: list[str] = []
    text = _gudermannian(latex, fixes, left)
    text = _functions(text, fixes, left)
    text = _absolute_values(text, fixes)
    text = _phase(text, fixes)
    text = _one_sided(text, fixes, left)
    text = _limits_order(text, fixes)
    text = _leading_digits(text, fixes)
    text = _odd_product(text, fixes)
    return Respelled(text, tuple(dict.fromkeys(fixes)), tuple(dict.fromkeys(left)))


def _functions(text: str, fixes: list[str], left: list[str]) -> str:
    out: list[str] = []
    k = 0
    while k < len(text):
        m = _COMMAND.match(text, k)
        if not m:
            out.append(text[k])
            k += 1
            continue
        name = m.group(0)
        known = name in _RECIPROCAL or name in _INVERSE_RECIPROCAL or name in _BRACKETED
        if not known:
            out.append(name)
            k = m.end()
            continue
        power, j = _power(text, m.end())
        arg, end, bracketed = _argument(text, j)
        if name in _BRACKETED and (bracketed or power is not None):
            out.append(name)   # already read as written, or a power we do not touch
            k = m.end()
            continue
        if arg is None:
            left.append(f"{name}: argument not delimited")
            out.append(name)
            k = m.end()
            continue
        inner = _functions(arg, fixes, left)
        if name in _BRACKETED:
            out.append(_BRACKETED[name].replace("{a}", inner))
            fixes.append(f"{name} z -> {name}(z) (brackets the reader needs)")
        else:
            template, why = _RECIPROCAL.get(name) or _INVERSE_RECIPROCAL[name]
            body = template.replace("{a}", inner)
            out.append(body if power is None else r"\left(%s\right)^{%s}" % (body, power))
            fixes.append(f"{name} -> {why}")
        k = end
    return "".join(out)


def _power(text: str, k: int):
    r"""A power written right after a function name (``\\coth^{2} z``): its text and the position after it."""
    j = _skip_space(text, k)
    if j < len(text) and text[j] == "^":
        j = _skip_space(text, j + 1)
        if j < len(text) and text[j] == "{":
            close = _matching(text, j, "{", "}")
            if close is not None:
                return text[j + 1:close], close + 1
            return None, k
        if j < len(text) and text[j].isalnum():
            return text[j], j + 1
    return None, k


def _argument(text: str, k: int):
    r"""The argument of a function name at ``k``: (inner text, end, bracketed) or (None, k, False)."""
    j = _skip_space(text, k)
    if j >= len(text):
        return None, k, False
    if text.startswith(r"\left(", j):
        close = _matching(text, j + len(r"\left"), "(", ")")
        if close is not None and text[:close].endswith(r"\right"):
            return text[j + len(r"\left("):close - len(r"\right")], close + 1, True
        return None, k, False
    if text[j] in "({":
        close = _matching(text, j, text[j], ")" if text[j] == "(" else "}")
        if close is None:
            return None, k, False
        return text[j + 1:close], close + 1, True
    if text[j] == "|":
        close = text.find("|", j + 1)
        if close < 0 or "\\left" in text[j:close]:
            return None, k, False
        return text[j:close + 1], close + 1, False
    m = re.compile(r"[A-Za-z]|\\[A-Za-z]+").match(text, j)
    if not m or (m.group(0).startswith("\\") and m.group(0) not in _GREEK):
        return None, k, False
    end = m.end()
    if text.startswith("_", end):   # z_1, z_{1}
        sub = re.compile(r"_(\{[A-Za-z0-9]+\}|[A-Za-z0-9])").match(text, end)
        if not sub:
            return None, k, False
        end = sub.end()
    after = _skip_space(text, end)
    if after < len(text):
        nxt = text[after]
        if nxt.isalnum() or nxt in "({[^_'":
            return None, k, False
        cmd = re.compile(r"\\[A-Za-z]+").match(text, after)
        if cmd and cmd.group(0) in _CONTINUES:
            return None, k, False
    return text[j:end], end, False


def _absolute_values(text: str, fixes: list[str]) -> str:
    r"""``|\\sin z|`` -> ``\\left|\\sin z\\right|`` where the bars pair up unambiguously."""
    if r"\left|" in text or r"\right|" in text or r"\|" in text or text.count("|") % 2:
        return text
    parts = text.split("|")
    if any(not _balanced(parts[n]) for n in range(1, len(parts), 2)):
        return text   # |\sin|z|| or a bar inside brackets: the pairing is not certain
    out = [parts[0]]
    changed = False
    for n in range(1, len(parts), 2):
        inside = parts[n]
        if _ABS_FUNCTIONS.match(inside):
            out.append(r"\left|%s\right|" % inside)
            changed = True
        else:
            out.append("|%s|" % inside)
        out.append(parts[n + 1])
    if changed:
        fixes.append(r"|\f z| -> \left|\f z\right| (bars the reader can pair)")
    return "".join(out)


_PHASE = re.compile(r"\\operatorname\{ph\}")
# \ln(x + i 0): a function, its bracketed argument ending in + i0 or - i0
_ONE_SIDED_CALL = re.compile(r"(?P<f>\\[A-Za-z]+)\s*(?P<open>\\left\(|\()(?P<x>[^()]*?)(?P<sign>[+-])\s*i\s*0"
                             r"\s*(?P<close>\\right\)|\))")
ONE_SIDED = re.compile(r"[+-]\s*i\s*0(?![\d.])")


def _phase(text: str, fixes: list[str]) -> str:
    r"""``\operatorname{ph} z`` -> ``\arg z`` (DLMF's phase is the principal argument, DLMF 4.2.3)."""
    if not _PHASE.search(text):
        return text
    fixes.append(r"\operatorname{ph} -> \arg (the principal argument, in (-pi, pi])")
    return _PHASE.sub(lambda m: r"\arg", text)


def _one_sided(text: str, fixes: list[str], left: list[str]) -> str:
    r"""``\ln(x \pm i 0)`` -> ``\lim_{\epsilon \to 0^{+}} \left(\ln(x \pm i\epsilon)\right)``."""
    if not ONE_SIDED.search(text):
        return text
    if r"\epsilon" in text:
        left.append("x \u00b1 i0: \\epsilon is taken; not read as a limit")
        return text

    def limit(m):
        fixes.append("f(x \u00b1 i0) -> lim_{eps -> 0+} f(x \u00b1 i eps) (DLMF's one-sided value on a cut)")
        close = r"\right)" if m.group("open") == r"\left(" else ")"
        return (r"\lim_{\epsilon \to 0^{+}} \left(%s%s%s%s i\epsilon%s\right)"
                % (m.group("f"), m.group("open"), m.group("x"), m.group("sign"), close))

    text = _ONE_SIDED_CALL.sub(limit, text)
    if ONE_SIDED.search(text):
        left.append("x \u00b1 i0: a one-sided value outside a function's bracketed argument")
    return text


_GD = re.compile(r"\\operatorname\{gd\}(\^\{-1\})?\s*\(")
_GD_FORMS = {
    False: (r"\left(2\arctan\left(e^{%s}\right)-\frac{1}{2}\pi\right)",
            "gd(x) = 2 arctan(e^x) - pi/2 (DLMF 4.23.40)"),
    True: (r"\ln\left(\tan\left(\frac{1}{2}\left(%s\right)+\frac{1}{4}\pi\right)\right)",
           "gd^{-1}(x) = ln tan(x/2 + pi/4) (DLMF 4.23.42)"),
}


def _gudermannian(text: str, fixes: list[str], left: list[str]) -> str:
    r"""``\operatorname{gd}(x)`` and ``\operatorname{gd}^{-1}(x)`` (bracketed argument) by DLMF's formulas for them."""
    out, k = [], 0
    for m in _GD.finditer(text):
        if m.start() < k:
            continue
        close = _matching(text, m.end() - 1, "(", ")")
        if close is None:
            left.append("gd: argument not delimited")
            continue
        inverse = m.group(1) is not None
        template, why = _GD_FORMS[inverse]
        inner = _gudermannian(text[m.end():close], fixes, left)
        out += [text[k:m.start()], template % inner]
        fixes.append(("gd^{-1}" if inverse else "gd") + f" -> {why}")
        k = close + 1
    out.append(text[k:])
    return "".join(out)


_SUP_FIRST = re.compile(r"\\(sum|prod)\^(\{[^{}]*\}|\w)_(\{[^{}]*\}|\w)")


def _limits_order(text: str, fixes: list[str]) -> str:
    r"""``\sum^{n}_{k=1}`` -> ``\sum_{k=1}^{n}``: the same limits, in the order the reader needs."""
    def swap(m):
        fixes.append(r"\sum^{b}_{a} -> \sum_{a}^{b} (limits in the usual order)")
        return "\\%s_%s^%s" % (m.group(1), m.group(3), m.group(2))
    return _SUP_FIRST.sub(swap, text)


_DECIMAL_VALUE = re.compile(r"^\s*(?P<c>.+?)\s*\\approx\s*(?P<d>\d+)\.(?P<f>\d+)\s*$")


# what a constant's LaTeX may use to be respelled (the reader reads \gamma as a variable)
_CONSTANT_COMMANDS = frozenset({r"\ln", r"\log", r"\pi", r"\sqrt", r"\frac"})


def _leading_digits(text: str, fixes: list[str]) -> str:
    r"""``c \approx 2.71828`` -> ``2.71828 \le c < 2.71829`` for a constant c.

    The conversion wrote ``\approx`` for the DLMF's ``c = 2.71828\dots``: the decimal expansion
    of c begins with the digits shown (DLMF 4.2.11, 4.2.17, 4.2.18, 4.4.19), which is exactly
    ``d \le c < d + 10^{-k}`` for the k decimals of d. Only a left side made of numbers, the constant e
    and ``\ln``, ``\log``, ``\pi``, ``\sqrt``, ``\frac`` is respelled (the reader would take
    ``\gamma`` for a variable).
    """
    m = _DECIMAL_VALUE.match(text)
    if not m:
        return text
    constant = m.group("c")
    commands = set(re.findall(r"\\[A-Za-z]+", constant))
    letters = re.sub(r"\\[A-Za-z]+", "", constant)
    if re.search(r"[A-DF-Za-df-z]", letters) or not commands <= _CONSTANT_COMMANDS:
        return text   # a variable, or a letter the reader takes for one (\gamma)
    digits = m.group("d") + m.group("f")
    upper = str(int(digits) + 1).rjust(len(digits), "0")
    whole = len(upper) - len(m.group("f"))
    fixes.append("c = d\u2026 (the leading decimals of c) -> d \\le c < d + 10^{-k}")
    return r"%s.%s \le %s < %s.%s" % (m.group("d"), m.group("f"), constant, upper[:whole] or "0",
                                        upper[whole:])


# 1 . 3 . 5 ... (2n - 1), the product of the first n odd numbers
_ODD_PRODUCT = re.compile(r"1\s*\\cdot\s*3\s*\\cdot\s*5\s*\\cdots\s*\(2n\s*-\s*1\)")


def _odd_product(text: str, fixes: list[str]) -> str:
    r"""``1\cdot 3\cdot 5\cdots(2n-1)`` -> ``\frac{(2n)!}{2^{n} n!}`` (the first n odd numbers:
    dividing (2n)! by its even factors 2 4 ... 2n = 2^n n! leaves them)."""
    if not _ODD_PRODUCT.search(text):
        return text
    fixes.append(r"1\cdot 3\cdot 5\cdots(2n-1) -> \frac{(2n)!}{2^{n} n!}")
    return _ODD_PRODUCT.sub(lambda m: r"\frac{(2n)!}{2^{n} n!}", text)


def _balanced(inside: str) -> bool:
    if not inside.strip() or re.search(r"\\[A-Za-z]+\s*$", inside):
        return False
    return inside.count("(") == inside.count(")") and inside.count("{") == inside.count("}")


def _skip_space(text: str, k: int) -> int:
    while k < len(text) and text[k].isspace():
        k += 1
    return k


def _matching(text: str, k: int, open_: str, close: str):
    r"""Index of the bracket closing the one at ``k`` (None when unbalanced)."""
    depth = 0
    for j in range(k, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return j
    return None
