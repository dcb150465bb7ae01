"""``f'`` or ``f'_W`` declared a function of its own (``--function "f'_W"``): YaRN's modified
embedding ``f'_W(x_m, m, \\theta_d) = f_W(x_m, g(m), h(\\theta_d))``.

A prime after a function's name is its derivative (``f'(x)`` of a declared f) or the name of
another function (a paper's modified f). Undeclared, the second reading is never taken. Declared
with ``--function "f'_W"``, the user says the primed name is a function of its own: each
``f'_W(...)`` (``f^{\\prime}_{\\mathbf{W}}(...)``, ``f_W'(...)``) of the claim is then read as
that function at its arguments, named ``f'_W`` in the reading, and never as a derivative. The
declared name written without brackets (a value, or the function itself) is refused.
"""
from __future__ import annotations

import re

import sympy
from sympy.core.function import AppliedUndef

from symbolic.errors import ParseError

_BASE = r"\\?[A-Za-z]+"
_MARKS = r"(?:'|’)+|\^\s*\\prime(?![A-Za-z])|\^\s*\{\s*(?:\\prime(?![A-Za-z])\s*)+\}"
_DECLARED = re.compile(r"(?P<base>" + _BASE + r")(?P<marks>'+)(?:_\{?(?P<sub>\w+)\}?)?")
_PLACEHOLDER = "z_{Zpfn%s}"    # a declared name of one letter and an index
_FONT = r"(?:\\(?:mathbf|boldsymbol|bm|mathrm|mathit)\s*\{\s*%s\s*\}|%s)"


def primed_functions(functions) -> tuple[re.Match, ...]:
    """The declared function names that carry primes (``f'``, ``f''_W``)."""
    if isinstance(functions, str):
        functions = (functions,)
    found = []
    for name in functions or ():
        m = _DECLARED.fullmatch(name.strip()) if isinstance(name, str) else None
        if m:
            found.append(m)
        elif isinstance(name, str) and ("'" in name or r"\prime" in name):
            raise ParseError(f"a primed function name is declared as letters, primes and an "
                             f"optional subscript, f' or f'_W, not {name!r}")
    return tuple(found)


def _pattern(m: re.Match) -> re.Pattern:
    """Every way of writing the declared primed name: f'_W, f^{\\prime}_{\\mathbf{W}}, f_W'."""
    count = len(m.group("marks"))
    marks, later = (r"(?P<%s>" % group + _MARKS + r")" for group in ("marks", "later"))
    base = r"(?<![A-Za-z\\])" + re.escape(m.group("base")) + r"(?![A-Za-z])"
    sub = m.group("sub")
    if sub is None:
        return re.compile(base + r"\s*" + marks), count
    inner = _FONT % (re.escape(sub), re.escape(sub))
    script = r"\s*_\s*(?:\{\s*" + inner + r"\s*\}|" + inner + r"(?![A-Za-z0-9]))"
    return re.compile(base + r"(?:\s*" + marks + script + r"|" + script + r"\s*" + later + r")"), count


def _count(marks: str) -> int:
    return marks.count("'") + marks.count("’") + marks.count(r"\prime")


def _replaced(text: str, pattern: re.Pattern, count: int, placeholder: str, shown: str) -> str:
    """``text`` with each written form of one declared primed name replaced by its placeholder."""
    def put(found: re.Match) -> str:
        marks = found.group("marks") or found.groupdict().get("later") or ""
        if _count(marks) != count:
            # f'' beside a declared function f': its derivative, or a name of its own?
            raise ParseError(f"{found.group(0).strip()} beside the function {shown} declared of "
                             f"its own may be a derivative of {shown} or another name: write "
                             f"\\frac{{d}}{{dx}} {shown}(x), or declare the other name too")
        rest = text[found.end():].lstrip()
        if not rest.startswith(("(", r"\left(", r"\left (", r"\bigl(", r"\big(", r"\Big(")):
            raise ParseError(f"{shown} is declared a function of its own and is written here "
                             f"without brackets: write its arguments, {shown}(x)")
        return " " + placeholder
    return pattern.sub(put, text)


def read_with_primed_functions(latex: str, reader, options: dict):
    """Read ``latex`` with each declared primed function name as a function of its own."""
    from symbolic.latex.stars import relabelled
    if "Zpfn" in latex:
        raise ParseError("the name Zpfn is reserved by the reader")
    declared = primed_functions(options.get("functions"))
    if len(declared) > 26:
        raise ParseError("more than 26 primed function names are declared: name some without primes")
    back, text = {}, latex
    for n, m in enumerate(declared):
        placeholder, shown = _PLACEHOLDER % chr(ord("A") + n), m.group(0)
        back[placeholder.replace("{", "").replace("}", "")] = shown
        text = _replaced(text, *_pattern(m), placeholder, shown)
    rest = tuple(f for f in ((options.get("functions"),) if isinstance(options.get("functions"), str)
                             else options.get("functions") or ())
                 if not _DECLARED.fullmatch(f.strip()))
    parsed = reader(text, **dict(options, functions=rest + tuple(back)))

    def rename(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {}
        for call in expr.atoms(AppliedUndef):
            name = call.func.__name__.replace("{", "").replace("}", "")
            if name in back:
                kwargs = getattr(call.func, "_kwargs", {})
                mapping[call] = sympy.Function(back[name], **kwargs)(*call.args)
        return expr.xreplace(mapping) if mapping else expr

    def shown(text_: str) -> str:
        for n, name in enumerate(back.values()):
            placeholder = _PLACEHOLDER % chr(ord("A") + n)
            text_ = text_.replace(" " + placeholder, name).replace(placeholder, name)
        return text_

    note = ("declared as functions of their own, not derivatives: " + ", ".join(back.values()))
    return relabelled(parsed, rename, shown, note)
