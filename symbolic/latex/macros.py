"""The user's macros of a .tex document (``\\newcommand``, ``\\DeclareMathOperator``, ``\\def``),
expanded by plain substitution of arguments into bodies, the way TeX would, and bounded (a
recursive macro ends as an unreadable display, not a hang)."""
from __future__ import annotations

import re
from dataclasses import dataclass

MAX_EXPANSION_ROUNDS = 32       # nesting of user macros; real papers stay under 5
MAX_EXPANDED_CHARS = 20_000     # a display grown past this by its macros is refused


class Unreadable(Exception):
    """A display, or a row of it, that cannot be handed to the formula reader (the message says why)."""


@dataclass(frozen=True)
class Macro:
    """A user macro: ``\\newcommand{\\name}[nargs][default]{body}`` or ``\\DeclareMathOperator``."""

    name: str
    nargs: int
    default: str | None
    body: str
    provide: bool = False       # \providecommand: defines only what is not defined yet


def expand(text: str, macros: dict[str, Macro]) -> str:
    """``text`` with the user's macros substituted, the way TeX would (bounded)."""
    if not macros or "\\" not in text:
        return text
    pattern = re.compile(r"\\(" + "|".join(re.escape(name.lstrip("\\"))
                                           for name in sorted(macros, key=len, reverse=True))
                         + r")(?![A-Za-z])")
    for _ in range(MAX_EXPANSION_ROUNDS):
        m = pattern.search(text)
        if m is None:
            return text
        out: list[str] = []
        position = 0
        for m in pattern.finditer(text):
            if m.start() < position:
                continue
            macro = macros["\\" + m.group(1)]
            body, end = _substitute(text, m.end(), macro)
            out.append(text[position:m.start()])
            out.append(f" {body} ")
            position = end
        out.append(text[position:])
        text = "".join(out)
        if len(text) > MAX_EXPANDED_CHARS:
            raise Unreadable(f"the user macros expand this display past {MAX_EXPANDED_CHARS} "
                              "characters (a recursive \\newcommand?)")
    names = sorted({"\\" + m.group(1) for m in pattern.finditer(text)})
    raise Unreadable(f"the macro {', '.join(names)} is still there after {MAX_EXPANSION_ROUNDS} "
                      "expansions (a recursive \\newcommand?)")


def _substitute(text: str, k: int, macro: Macro) -> tuple[str, int]:
    """The macro's body with its arguments read from ``text`` at ``k``; and where they end."""
    args: list[str] = []
    wanted = macro.nargs
    if macro.default is not None and wanted:
        m = re.match(r"\s*\[([^\]]*)\]", text[k:])
        if m:
            args.append(m.group(1))
            k += m.end()
        else:
            args.append(macro.default)
        wanted -= 1
    for _ in range(wanted):
        arg, k = argument(text, k, macro.name)
        args.append(arg)
    body = macro.body
    for number in range(len(args), 0, -1):
        body = body.replace(f"#{number}", f" {args[number - 1]} ")
    if "#" in body.replace(r"\#", ""):
        raise Unreadable(f"the macro {macro.name} uses a parameter it does not declare")
    return body, k


def argument(text: str, k: int, name: str) -> tuple[str, int]:
    """One undelimited TeX argument at ``k``: a brace group (without its braces) or one token."""
    while k < len(text) and text[k].isspace():
        k += 1
    if k >= len(text):
        raise Unreadable(f"the macro {name} lacks an argument")
    if text[k] == "{":
        depth = 0
        j = k
        while j < len(text):
            if text[j] == "\\":
                j += 2
                continue
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    return text[k + 1:j], j + 1
            j += 1
        raise Unreadable(f"an argument of {name} never closes its brace")
    m = re.match(r"\\[A-Za-z]+|\\.|.", text[k:], re.S)
    if m.group() == "}":
        raise Unreadable(f"the macro {name} lacks an argument")
    return m.group(), k + m.end()
