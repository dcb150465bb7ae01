"""Definitions, assignments and labels in a formula's text, before it is split at relations.

``:=``-like signs (``\\stackrel{\\text{def}}{=}``, ``\\equiv`` after a lone name), algorithm
assignments (``\\leftarrow``), labels over relations and under braces: each is turned into what
the reader reads, or refused, on the text alone (no SymPy here).
"""
from __future__ import annotations

import re

from symbolic.errors import ParseError
from symbolic.latex.lexer import RELATIONS, Tok, lex
from symbolic.latex.library import _short


_ASSIGN = re.compile(r"\\(?:leftarrow|gets)(?![A-Za-z])")
# "=" with "def" (or a Delta, as some texts write) stacked over it: a definition, as :=
_DEFINED_EQUALS = re.compile(
    r"\\(?:stackrel|overset)\s*\{\s*(?:\\(?:text|mathrm|textrm|rm|scriptscriptstyle|scriptstyle)\s*)?"
    r"\{?\s*(?:def|\\Delta|\\triangle)\s*\.?\s*\}?\s*\}\s*(?:\{\s*=\s*\}|=)")
# relations an expression cannot hold and a chain does not read: membership, maps, distributions
_NOT_IN_EXPRESSION = {
    r"\in": "a membership (x \\in S) states where x lies: it is neither a claim the checker can "
            "check nor an expression; give it with --assume",
    r"\to": "an arrow (a map f: A \\to B, or a limit x \\to a) is neither a claim nor an expression",
    r"\mid": "a bar (a condition, or 'divides') is neither a claim nor an expression",
}


_BRACE_LABEL = re.compile(r"\\(underbrace|overbrace)(?![A-Za-z])")
_LABEL_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
# relations a label may state besides the reader's own: a label that holds one is a claim
_LABEL_RELATIONS = frozenset(RELATIONS) | frozenset(r"""\sim \simeq \cong \equiv \in \notin
\ni \subset \subseteq \supset \supseteq \to \mapsto \rightarrow \leftarrow \gets \lesssim
\gtrsim \lessapprox \gtrapprox \prec \succ \preceq \succeq \asymp \doteq \leftrightarrow
\iff \Leftrightarrow \Leftarrow \ngtr \nless \nleq \ngeq""".split())


def _stated_relation(label: str) -> str | None:
    """The first relation a label or marker states (``= 2x``, ``\\le 1``, ``\\text{if $x = 0$}``),
    wherever it stands in the label (in words too), else None."""
    for m in _LABEL_TOKEN.finditer(label):
        if m.group() in _LABEL_RELATIONS:
            return m.group()
    return None


def _refuse_stated_relation(label: str, where: str) -> None:
    """Refuse a label that states a relation: dropped, its claim would go unchecked (and
    ``\\underbrace{x}_{= 2x} = x`` would be proved); read as a condition it could hide one."""
    rel = _stated_relation(label)
    if rel is not None:
        shown = " ".join(label.split())
        raise ParseError(f"the label '{_short(shown)}' of {where} states a relation ('{rel}') "
                         f"of its own, which would go unchecked: write it as a step of its own "
                         f"(or as an assumption), and the display without it")
_LABELLED_RELATION = re.compile(
    r"\\(?:underset|overset|stackrel)\s*\{\s*(?P<label>\(\s*(?:[a-z]|[ivx]+|\d+)\s*\)"
    r"|\\(?:text|mathrm|textrm)\s*\{[^{}]*\}|\\star|\*)\s*\}\s*"
    r"\{\s*(?P<rel>=|<|>|\\le(?:q)?|\\ge(?:q)?|\\approx|\\ne(?:q)?)\s*\}")


def _labels_left_out(text: str) -> tuple[str, tuple[str, ...]]:
    """``\\underbrace{x}_{\\text{label}}`` and ``\\overbrace{x}^{label}`` are ``{x}``; a marker
    over a relation (``\\overset{(a)}{=}``, ``\\stackrel{\\text{Jensen}}{\\le}``) is the relation.
    What was left out is returned as notes. A label over a relation that is not a marker
    (``\\underset{i}{\\max}`` is a maximum over i, not a label) is left for the reader."""
    from symbolic.latex.macros import Unreadable, argument
    notes = []
    text = _DEFINED_EQUALS.sub(" := ", text)      # "def" over = is a definition, not a marker
    for _ in range(50):     # bounded: each pass removes one brace
        m = _BRACE_LABEL.search(text)
        if m is None:
            break
        try:
            body, end = argument(text, m.end(), "\\" + m.group(1))
            # TeX sets both scripts of a brace as limits (labels below and above), never as a
            # power or an index of what is under it: \underbrace{a}_{b}^{c} is a, not a^c
            labels, seen = [], set()
            for _script in range(2):
                rest = text[end:].lstrip()
                if not rest.startswith(("_", "^")) or rest[0] in seen:
                    break
                seen.add(rest[0])
                label, after = argument(rest, 1, "\\" + m.group(1))
                labels.append(label)
                end = len(text) - len(rest) + after
            if text[end:].lstrip().startswith(("_", "^")):
                raise ParseError(f"a third script after \\{m.group(1)}{{{_short(body)}}}: TeX "
                                 f"allows one label below and one above")
            label = "; ".join(labels)
            for one in labels:
                _refuse_stated_relation(one, f"\\{m.group(1)}{{{_short(body)}}}")
        except Unreadable as exc:
            raise ParseError(str(exc)) from None
        text = text[:m.start()] + "{" + body + "}" + text[end:]
        notes.append(f"left out the label of \\{m.group(1)}{{{_short(body)}}}"
                     + (f": {' '.join(label.split())}" if label else ""))
    else:
        raise ParseError("too many \\underbrace/\\overbrace labels in one claim")

    def relation(m):
        _refuse_stated_relation(m.group("label"), f"the relation '{m.group('rel')}'")
        notes.append(f"left out the marker {' '.join(m.group('label').split())} over "
                     f"'{m.group('rel')}'")
        return f" {m.group('rel')} "
    text = _LABELLED_RELATION.sub(relation, text)
    return text, tuple(notes)


def _prepared(text: str) -> tuple[str, bool]:
    """``text`` with a definition's marks spelled ``:=``, and whether it was an assignment.

    ``\\stackrel{\\text{def}}{=}`` is ``:=``; an algorithm line ``m_t \\leftarrow \\beta m_{t-1}``
    (also ``\\gets``) is read as the definition ``m_t := \\beta m_{t-1}`` of its left side (the
    left side must be a name; one that is defined in terms of itself, ``t \\leftarrow t + 1``,
    is an update and refused by ``parse_chain``). Only one arrow, at the top level, with no other
    relation beside it: ``a \\leftarrow b = c`` is refused.
    """
    text = _DEFINED_EQUALS.sub(" := ", text)
    arrows = list(_ASSIGN.finditer(text))
    if not arrows:
        return _equiv_definition(text), False
    top = [x for x in lex(text) if isinstance(x, Tok) and _ASSIGN.fullmatch(x.text)]
    if len(arrows) > 1 or len(top) != 1:
        raise ParseError(f"'{_short(text)}' holds several arrows (or one inside brackets): write one "
                         f"assignment per line")
    if any(isinstance(x, Tok) and x.text in RELATIONS for x in lex(text)):
        raise ParseError(f"'{_short(text)}' is an assignment and a relation at once: write them "
                         f"separately")
    m = arrows[0]
    return text[:m.start()] + " := " + text[m.end():], True


_EQUIV = re.compile(r"\\equiv(?![A-Za-z])")
_DEFINED_NAME = re.compile(r"\s*(?:\\(?:mathbf|boldsymbol|bm|mathrm|hat|widehat|tilde|bar)\s*\{\s*"
                           r"(?:\\[A-Za-z]+|[A-Za-z])\s*\}|\\[A-Za-z]+|[A-Za-z])"
                           r"(?:\s*_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?\s*")


def _equiv_definition(text: str) -> str:
    """``\\eta_t \\equiv \\frac{D}{G\\sqrt{T}}``: a name, \\equiv, a formula is a definition
    (read as ``:=``). Any other \\equiv (an identity of two formulas, a congruence with
    \\pmod, two of them) is left for the reader, which refuses it with its readings."""
    found = list(_EQUIV.finditer(text))
    if len(found) != 1 or re.search(r"\\(?:pmod|bmod|mod|pod)(?![A-Za-z])", text):
        return text
    m = found[0]
    if not _DEFINED_NAME.fullmatch(text[:m.start()]) or _EQUIV.search(text[m.end():]) \
            or any(isinstance(x, Tok) and x.text in RELATIONS for x in lex(text[m.end():])):
        return text
    if _DEFINED_NAME.fullmatch(text[m.end():]):
        # a \equiv b: one name defined as another, or two quantities identically equal?
        return text
    return text[:m.start()] + " := " + text[m.end():]
