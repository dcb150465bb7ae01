"""Superscript iterates of a declared vector: ``\\theta^{t+1}``, ``\\mathbf{x}^{(t)}`` with
``\\theta \\in \\mathbb{R}^d`` declared.

Optimisation notes write the iterates of gradient descent as superscripts,
``\\theta^{t+1} = \\theta^t - \\eta \\nabla J(\\theta^t)``, ``\\mathbf{x}^{(t+1)} = \\mathbf{x}^{(t)}
- \\eta \\nabla f(\\mathbf{x}^{(t)})``. A superscript on a number may be a power, so undeclared
these are refused (or read as labels only where every one is a declared function's whole
argument, ``decorated_names.py``). On a name the user DECLARED a column vector (``--assume
'\\theta \\in \\mathbb{R}^d'``) the superscript cannot be a power: a vector has no powers (the
matrix reader refuses ``x^2`` and ``x^t`` of a d x 1 matrix). So ``\\theta^{t}``, ``\\theta^{t+1}``,
``\\theta^{k-1}``, ``\\mathbf{x}^{(t)}`` there are read as iterate labels: vectors of their own of
the same space, named ``\\theta_{t}``, ``\\theta_{t+1}``, ``\\mathbf{x}_{t}`` (the claim is read
with those names declared in the space θ is declared in, and shown as written).

Read only where nothing else is plausible; otherwise this pass does nothing and the ordinary
rules refuse the power of a vector:

* the label is t or k, alone or shifted by a whole number (``t+1``, ``k-2``), bare, braced or
  bracketed (``^{(t)}``); a digit (``x^2``: an entry-wise square, Adam's ``g_t^2``), another
  letter or an expression is left alone (refused as a power of a vector);
* the base is a single letter or Greek letter (possibly bold) declared a column vector (not a
  scalar, not 1 x 1, not a matrix: ``H^t`` of a square H may be a power);
* the claim writes no entry-wise product (``\\odot``, ``\\circ``, ``\\oslash``): beside one,
  ``x^{t+1} = x^t \\odot x`` may be a claim about entry-wise powers;
* the claim never writes that base with a subscript (``\\theta_t`` beside ``\\theta^t`` would be
  one name) nor with two styles (``x^t`` beside ``x^{(t)}``), no label is followed by another
  script (``x^t_i``, ``x^{t}{}^2``), no assumption names t or k (``t = 0`` would make x^t a
  particular point) and no assumption already declares the name made (``\\theta_{t}``);
* no assumption states the vector's length (``d = 1`` makes it a number, with powers), and the
  label's letter is no number elsewhere in the claim (``\\cos(2 \\pi t) \\theta^t``: a label
  counts steps, a number is any real; refused, saying so; ``\\eta_t`` is a name of its own).

Why this is sound: the iterates are read as free vectors of the declared space; a claim proved
for every value of free vectors holds for the particular iterates of any algorithm, and the
refused power reading does not exist for vectors. A refutation is a pair of vectors of that
space breaking the claim; iterates of an unspecified algorithm are such vectors (as with the
subscript iterates ``\\theta_t``, which the reader takes as declared vectors the same way).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError
from symbolic.latex.bold_plain import bold_declared
from symbolic.latex.decorated_names import _SUBSCRIPT, _SUP_ITERATE, _mentions, _occurrences

__all__ = ["read_vector_iterates"]

_PLAIN_KEY = re.compile(r"\\[A-Za-z]+|[A-Za-z]")
_SPACE = re.compile(r"\\in\s*(?P<space>\\mathbb\s*\{?\s*R\s*\}?\s*\^.*)$", re.S)
_ENTRYWISE = re.compile(r"\\odot(?![A-Za-z])|\\circ(?![A-Za-z])|\\oslash(?![A-Za-z])")
_NOTE = ("superscript iterates of a declared vector ({shown}) read as vectors of their own of "
         "its space (a vector has no powers): {named}")


def _vectors(assumptions: Sequence[str], imaginary_unit, functions, parse_assumptions):
    """{key: (MatrixSymbol, space text)} of the plain names the assumptions declare column
    vectors, or None when they cannot be read."""
    found = {}
    for text in assumptions:
        if not isinstance(text, str):
            return None
        m = _SPACE.search(text)
        try:
            given = parse_assumptions((text,), imaginary_unit=imaginary_unit, functions=functions)
        except ParseError:
            continue
        for key, value in given.symbols.items():
            if not isinstance(value, sympy.MatrixSymbol) or not _PLAIN_KEY.fullmatch(key):
                continue
            if value.shape[1] != 1 or value.shape[0] == 1 or m is None:
                continue
            if _sized(value, assumptions, imaginary_unit, functions, parse_assumptions):
                continue                # d = 1 given: theta is a number, theta^t may be a power
            if key in found and found[key][0] != value:
                return None             # declared twice, differently: leave it to the reader
            found[key] = (value, m.group("space").strip())
    return found


def _sized(value, assumptions, imaginary_unit, functions, parse_assumptions) -> bool:
    """Whether some assumption says anything of the vector's length (``d = 1``, ``d \\le 1``):
    a vector of R^1 is a number, whose superscripts may be powers."""
    size = sympy.sympify(value.shape[0]).free_symbols
    try:
        facts = parse_assumptions(tuple(assumptions), imaginary_unit=imaginary_unit,
                                  functions=functions).facts
    except ParseError:
        return True
    return any(isinstance(f, sympy.Basic) and f.free_symbols & size for f in facts)


def read_vector_iterates(latex: str, reader, options: dict, parse_assumptions):
    """The claim read with the superscript iterates of declared vectors as vectors of their
    own (see the module), or None when it writes none. ``parse_assumptions`` is the reader's
    (handed in: the reader imports this module)."""
    if not isinstance(latex, str) or "^" not in latex or not _SUP_ITERATE.search(latex):
        return None
    if _ENTRYWISE.search(latex):
        return None     # x^{t+1} = x^t \odot x: entry-wise powers are plausible beside \odot
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions or ())
    if not assumptions:
        return None
    functions = options.get("functions") or ()
    vectors = _vectors(assumptions, options.get("imaginary_unit"), functions, parse_assumptions)
    if not vectors:
        return None
    edits, made, letters = [], {}, set()
    bold = bold_declared(assumptions)
    for key, (value, space) in vectors.items():
        styles, labels = set(), []
        for start, end in _occurrences(latex, key):
            rest = latex[end:]
            stripped = rest.lstrip()
            sup = _SUP_ITERATE.match(stripped)
            if sup is None:
                if _SUBSCRIPT.match(stripped):
                    return None         # theta_t beside theta^t: one name if both were read
                continue
            after = stripped[sup.end():].lstrip()
            if after[:1] in ("_", "^", "'", "{") or after.startswith("’"):
                return None             # x^t_i, x^t^2, x^t{}^2: a label and another script
            label = re.sub(r"\s+", "", sup.group("one") or sup.group("braced") or sup.group("paren"))
            styles.add("()" if sup.group("paren") else "^")
            offset = end + (len(rest) - len(stripped))
            labels.append((start, offset + sup.end(), label))
        if not labels:
            continue
        if len(styles) > 1:
            return None                 # x^t beside x^{(t)}: written apart, maybe two things
        for start, stop, label in labels:
            letters.add(label[0])
            name = f"{key}_{{{label}}}"
            written = latex[start:stop]
            edits.append((start, stop, re.sub(r"\^.*$", "", written, flags=re.S).rstrip()
                          + f"_{{{label}}}"))
            # declared in the declaration's spelling (\mathbf{x}_{t} beside \mathbf{x} \in
            # \mathbb{R}^n, as written in the claim): not a plain letter beside a bold
            # declaration, which bold_plain.py refuses
            made[name] = (edits[-1][2] if key in bold and "\\" in edits[-1][2] else name, space)
    if not edits:
        return None
    if any(_mentions(a, letter) for letter in letters for a in assumptions):
        return None                     # t = 0 given: x^t would be a particular point
    try:
        declared = parse_assumptions(assumptions, imaginary_unit=options.get("imaginary_unit"),
                                     functions=functions).symbols
    except ParseError:
        return None
    if any(k.startswith(f"{key}_") for key in vectors for k in declared):
        return None                     # theta_{t} (or theta_0) declared apart: names may meet
    text = latex
    for start, stop, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[stop:]
    bare = _SUBSCRIPT.sub("", text)     # eta_t, theta_{t+1}: t only as a label there
    for letter in sorted(letters):
        if re.search(r"\\(?:sum|prod|max|min|sup|inf|lim|int|bigcup|bigcap)\s*(?:\\limits\s*)?_\s*\{?\s*"
                     + re.escape(letter) + r"(?![A-Za-z])", latex):
            # \sum_{t=1}^{2} \|\theta^t\|^2 = 2\|\theta^t\|^2: t bound on one side, a free label
            # on the other (a red team's case, read with a free t beside the bound one)
            raise ParseError(f"{letter} is an iterate's label (a superscript of a declared vector) "
                             f"and the index of a sum or another operator in this claim: write the "
                             f"iterates with subscripts and declare them (--assume '\\theta_"
                             f"{letter} \\in \\mathbb{{R}}^d'), or name the index apart")
        if _mentions(bare, letter):     # cos(2 pi t) theta^t: t a number beside its label
            raise ParseError(
                f"{letter} is both an iterate's label (a superscript of a declared vector) and "
                f"a number in this claim: as a label it counts steps (a whole number), as a "
                f"number it is any real; write the iterates with subscripts and declare them "
                f"(--assume '\\theta_{letter} \\in \\mathbb{{R}}^d'), or name the number apart")
    given = assumptions + tuple(f"{spelled} \\in {space}" for _, (spelled, space) in sorted(made.items()))
    back = {}
    for start, stop, new in edits:
        back.setdefault(new, latex[start:stop])

    def shown(message: str) -> str:
        for new, old in sorted(back.items(), key=lambda kv: -len(kv[0])):
            message = message.replace(new, old)
        return message

    try:
        parsed = reader(text, **dict(options, assumptions=given))
    except ParseError as exc:           # the refusal names what the user wrote
        raise ParseError(shown(str(exc))) from None
    note = _NOTE.format(shown=", ".join(sorted(set(back.values()))),
                        named=", ".join(f"{old} as {new}" for new, old in sorted(back.items())))
    return _restored(parsed, shown, note, latex)


def _restored(parsed, shown, note: str, latex: str):
    """The reading shown as the user wrote it, with the note added."""
    notes = tuple(sorted(set(getattr(parsed, "notes", ())) | {note}))
    if hasattr(parsed, "links"):
        links = tuple(dataclasses.replace(link, latex=shown(link.latex),
                                          lhs_latex=shown(link.lhs_latex),
                                          rhs_latex=shown(link.rhs_latex))
                      for link in parsed.links)
        return dataclasses.replace(parsed, latex=latex, links=links, notes=notes)
    if hasattr(parsed, "latex"):
        return dataclasses.replace(parsed, latex=latex, notes=notes)
    return parsed
