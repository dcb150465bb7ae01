"""Decorated names read without a declaration where the claim leaves no doubt: an optimum
``\\theta^*`` beside its iterates, and a primed capital ``V'_i`` that an equation defines.

Undeclared, ``x^*`` (an optimum, a complex conjugate or a dual?) and ``V'`` (a name of its own or
a derivative?) are refused (``stars.py`` and ``primes.py`` read them when the user declares them).
Two conventions of papers are read here, each only where the other readings are implausible:

* **Optimum beside iterates.** ``x^*`` is one quantity of its own (read as if the user declared
  ``x^* \\in \\mathbb{R}``, or ``\\mathbb{R}^d`` for a bold vector) when x is a lowercase letter
  (Latin or Greek, possibly bold; not e, i, j, \\pi), the claim writes x with an iterate index
  (``x_t``, ``x_{t+1}``, ``x_k``, or the superscripts ``x^t``, ``x^{t+1}``, ``x^{(t)}``, which are
  then read as those subscripts) and never bare (``x``, ``x^2``, ``x'``, ``x(...)``), ``x^*`` is
  never applied to brackets (a convex conjugate ``f^*(y)``) nor followed by another script, and
  nothing is complex (no ``i`` outside subscripts, no ``\\mathbb{C}``, ``\\overline``, ``\\bar``,
  ``\\Re``, ``\\Im``, ``^H``, ``^{\\mathrm{H}}``, ``\\dagger``), and ``x^*`` is not also spelled
  ``x^\\star`` (two spellings may be two names). Superscript iterates (``x^t``, ``x^{t+1}``) are
  read as indices only where every one is the whole argument of a declared function
  (``\\sum_t J(\\theta^t)``: an arbitrary J takes any values at the points x^t, so a
  counterexample for iterates is one for powers too) and no assumption names J or t; anywhere
  else x^t may be a power (``\\sum_{t=1}^{T} x^t`` is a geometric series, and
  ``x^{t+1} x^{t-1} = (x^t)^2`` would be refuted as a claim about iterates), so the claim is refused. Why this is
  safe: with x real and x itself not written, the conjugate reading ``x^* = x`` only renames x^*
  to an unused real x, the same claim; and a claim proved for an arbitrary real x^* holds for any
  particular one.
* **A primed capital defined by an equation.** ``V' = ...`` or ``V'_i = ...`` (one prime, a
  Latin capital, an index after the prime) is a name of its own when it is the whole left side
  of the claim's only relation (``=`` or ``:=``), is written nowhere else, the claim writes no
  other prime and no derivative (``\\frac{d}{dt}``, ``\\partial``, ``\\dot``, ``\\nabla``), V is
  never bare on the right (``V' = V`` and ``S' = -\\beta S I`` are differential equations) and
  never applied to brackets (``V(t)``, ``V_i(t)``), and no assumption names V (except one that
  declares the defined name's own shape, ``V'_i \\in \\mathbb{R}^{1 \\times M}``, given to the
  placeholder that stands for it, and one that declares only rows ``V_j`` of the letter:
  linear attention's eq. 5, ``vector_maps.py``). Lowercase primes
  (``y' = y``, ``x' = x + 1``) keep their refusal. Why this is safe: a name written once, alone on
  the left, is a free quantity either way; the equation can be refuted, never proved, as a
  derivative of an unknown function could not be either.

Everything else goes on to the ordinary rules (and their refusals) unchanged.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError

__all__ = ["read_decorated"]

_LOWER_GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta kappa lambda "
                "mu nu xi rho varrho sigma tau phi varphi chi psi omega").split()
_LETTER = r"(?:\\(?:%s)(?![A-Za-z])|(?<![A-Za-z\\])[a-df-hk-z](?![A-Za-z]))" % "|".join(_LOWER_GREEK)
# (\bm is left out: a declared \bm{x}^* is shown by its stand-in today, vector_stars.py)
_BOLD = r"\\(?:mathbf|boldsymbol)\s*\{\s*(?P<inner>%s)\s*\}" % _LETTER
_STARRED = re.compile(r"(?P<base>%s|%s)\s*\^\s*(?:\*|\\ast(?![A-Za-z])|\{\s*(?:\*|\\ast)\s*\})"
                      % (_BOLD, _LETTER))
_AS_STAR = re.compile(r"\^\s*(?:\\star(?![A-Za-z])|\{\s*\\star\s*\})")    # x^\star is x^*
_STARRED_AS_STAR = re.compile(r"(?P<base>%s|%s)\s*\^\s*(?:\\star(?![A-Za-z])|\{\s*\\star\s*\})"
                              % (_BOLD, _LETTER))
_STAR_TAIL = re.compile(r"\^\s*(?:\*|\\ast(?![A-Za-z])|\{\s*(?:\*|\\ast)\s*\})")
# an iterate index: t or k, the next or a previous one (t+1, k-2), bracketed or not
_ITERATE = r"(?:[tk](?:\s*[+-]\s*[1-9]\d*)?)"
_SUB_ITERATE = re.compile(r"_\s*(?:[tk](?![A-Za-z0-9])|\{\s*%s\s*\})" % _ITERATE)
_SUP_ITERATE = re.compile(r"\^\s*(?:(?P<one>[tk])(?![A-Za-z0-9])|\{\s*(?P<braced>%s)\s*\}"
                          r"|\{\s*\(\s*(?P<paren>%s)\s*\)\s*\})" % (_ITERATE, _ITERATE))
_SUBSCRIPT = re.compile(r"_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[A-Za-z0-9])")
# what says that numbers may be complex (or that x^* may be an adjoint)
_COMPLEX = re.compile(r"\\mathbb\s*\{?\s*C\b|\\C(?![A-Za-z])|\\overline|\\bar(?![A-Za-z])|"
                      r"\\Re(?![A-Za-z])|\\Im(?![A-Za-z])|"
                      r"\\(?:operatorname|text|mathrm)\s*\{\s*(?:Re|Im|i)\s*\}"
                      r"|\\imath|\\jmath|\\dagger|\^\s*\{?\s*H\b|\\conj|\\mathsf\s*\{\s*H\s*\}"
                      r"|\^\s*\{?\s*\\(?:mathrm|rm|text|operatorname)\s*\{?\s*H\b")  # ^{\rm H}
_DERIVATIVE = re.compile(r"\\partial|\\frac\s*\{\s*d|\\frac\s*\{\s*\\mathrm\s*\{\s*d|\\dot|\\ddot|"
                         r"\\nabla|\\mathrm\s*\{\s*d\s*\}|'|’|\\prime")
_PRIMED = re.compile(r"^\s*(?P<base>[A-Z])\s*(?:'|’|\^\s*\\prime(?![A-Za-z])|\^\s*\{\s*\\prime\s*\})"
                     r"\s*(?P<sub>_\s*(?:[A-Za-z0-9]|\{\s*[A-Za-z0-9]+(?:\s*,\s*[A-Za-z0-9]+)*\s*\}))?\s*$")
_SPACING = re.compile(r"^(?:\s|~|\\[!,;:> ]|\\q?quad(?![A-Za-z])|\\[hm]?space\s*\{[^{}]*\})+")
_SPARE = ("varsigma", "omicron", "upsilon")
_MARKS = ("*", "\\ast", "\\star", "'", "’", "\\prime")     # stars first, then primes


def _complex(latex: str, assumptions: Sequence[str]) -> bool:
    """Whether anything in the claim or its assumptions says numbers may be complex."""
    if any(_COMPLEX.search(text) for text in (latex, *assumptions)):
        return True
    # i (or j) written outside a subscript may be the imaginary unit, alone or in a run (xi)
    return re.search("[ij]", re.sub(r"\\[A-Za-z]+", " ", _SUBSCRIPT.sub(" ", latex))) is not None


def _a_function(letter: str, functions: frozenset) -> bool:
    """Whether a declared function is named by the letter, decorated or not (f, f', f_W)."""
    bare = letter.lstrip("\\")
    for name in functions:
        name = re.sub(r"^\\(?:mathbf|boldsymbol|bm)\s*\{(.*)\}$", r"\1", str(name)).lstrip("\\")
        if name == bare or (name.startswith(bare) and not name[len(bare):][:1].isalpha()):
            return True
    return False


def _occurrences(latex: str, letter: str):
    """(start, end) of each occurrence of the letter (or the letter inside bold markup).

    The claim is cut into commands and single letters, so that a letter inside a run (``xy``,
    ``dx``, an upright word) is found too: each letter of a run is a name of its own."""
    for m in re.finditer(r"\\[A-Za-z]+|[A-Za-z]", latex):
        if m.group(0) != letter:
            continue
        start, end = m.start(), m.end()
        bold = re.search(r"\\(?:mathbf|boldsymbol|bm)\s*\{\s*$", latex[:start])
        close = re.match(r"\s*\}", latex[end:])
        if bold and close:
            start, end = bold.start(), end + close.end()
        yield start, end


def _mentions(text, letter: str) -> bool:
    """Whether an assumption writes the letter (in any form: x, x_t, x^*, \\mathbf{x})."""
    return not isinstance(text, str) or next(_occurrences(text, letter), None) is not None


def _optima(latex: str, assumptions: Sequence[str], functions: frozenset):
    """The starred bases the claim leaves no doubt about, and the rewriting of their
    superscript iterates as subscripts; (None, latex) when the rule does not apply."""
    original = latex
    # x^\star is written for an optimum as often as x^*: the same name
    latex = _AS_STAR.sub("^{*}", latex)
    bases = {re.sub(r"\s+", "", m.group("base")): m for m in _STARRED.finditer(latex)}
    if not bases or _complex(latex, assumptions):
        return None, original
    spelled = [{re.sub(r"\s+", "", m.group("base")) for m in pattern.finditer(original)}
               for pattern in (_STARRED, _STARRED_AS_STAR)]
    if spelled[0] & spelled[1]:
        return None, original  # x^* beside x^\star: two spellings may be two names
    edits = []
    for base in bases:
        letter = re.sub(r"^\\(?:mathbf|boldsymbol|bm)\{(.*)\}$", r"\1", base)
        if _a_function(letter, functions) or base in functions:
            return None, original
        # an assumption about x (x \in \mathbb{R}^{n \times m}) may make x^* an adjoint
        if any(_mentions(a, letter) for a in assumptions):
            return None, original
        iterate = False
        styles = set()     # how x's indices are written: a subscript, ^t, ^{(t)}
        for start, end in _occurrences(latex, letter):
            if re.sub(r"\s+", "", latex[start:end]) != base:
                return None, original  # \mathbf{x}^* beside a plain x: two names
            rest = latex[end:]
            star = _STAR_TAIL.match(rest.lstrip())
            if star:
                after = _SPACING.sub("", rest.lstrip()[star.end():])  # f^*\!(y) is f^*(y)
                if after[:1] in tuple("([^_'*") or after.startswith(("\\left", "\\big",
                                                                                "\\Big", "’")):
                    return None, original  # f^*(y), x^{*}_i, x^*^2: another object
                continue
            sub = _SUB_ITERATE.match(rest.lstrip())
            if sub and _STAR_TAIL.match(rest.lstrip()[sub.end():].lstrip()):
                return None, original  # x_t^*: a conjugate of the iterate
            if sub:
                iterate = True
                styles.add("_")
                continue
            sup = _SUP_ITERATE.match(rest.lstrip())
            if sup:
                after = rest.lstrip()[sup.end():].lstrip()
                if after[:1] in ("_", "^", "'") or after.startswith("’"):
                    return None, original  # x^t_i, x^{t}^2: a label and another script
                index = re.sub(r"\s+", "", sup.group("one") or sup.group("braced") or sup.group("paren"))
                offset = end + (len(rest) - len(rest.lstrip()))
                edits.append((offset, offset + sup.end(), "_{%s}" % index))
                iterate = True
                styles.add("^()" if sup.group("paren") else "^")
                continue
            index = _SUBSCRIPT.match(rest.lstrip())
            if index and not _STAR_TAIL.match(rest.lstrip()[index.end():].lstrip()):
                styles.add("_")
                continue                    # x_1, x_T, x_0: an indexed x, not x itself
            return None, original  # x itself, x^2, x', x(...): the conjugate is read
        if not iterate or len(styles) > 1:
            # x^t beside x_t (or x^{(t)}): written apart, the two may be a power and an entry;
            # read as one index they would be one name, and x^t - x_t = 0 would be proved
            return None, original
    if edits and not _only_in_arguments(latex, edits, functions, assumptions):
        return None, original
    for start, end, new in sorted(edits, reverse=True):
        latex = latex[:start] + new + latex[end:]
    return tuple(bases), latex


def _only_in_arguments(latex: str, edits, functions: frozenset,
                       assumptions: Sequence[str]) -> bool:
    """Whether every superscript iterate is the whole argument of a declared function, as in
    \\sum_t J(\\theta^t): x then enters only through J's values at the points x^t, and for a
    generic x the powers are distinct points where an arbitrary J takes any values, so a
    counterexample for iterates is one for powers too, and a power cannot be misread (unless an
    assumption ties J's values to its points: J(y) = y^2)."""
    names = sorted((re.escape(str(f)) for f in functions), key=len, reverse=True)
    if not names or any(str(f) in str(a) for f in functions for a in assumptions):
        return False
    letters = {re.match(r"\s*\{?\s*\(?\s*([tk])", latex[start + 1:end]).group(1)
               for start, end, _ in edits}
    if any(_mentions(a, letter) for letter in letters for a in assumptions):
        return False                # t = 0 given: theta^t is the point 1, not an iterate
    opening = re.compile(r"(?<![A-Za-z\\])(?:%s)\s*(?:\\left\s*)?\(\s*$" % "|".join(names))
    closing = re.compile(r"\s*(?:\\right\s*)?\)")
    base = re.compile(r"(?:%s|%s)\s*$" % (_BOLD, _LETTER))
    return all(opening.search(base.sub("", latex[:start])) and closing.match(latex[end:])
               for start, end, _ in edits)


def _declaration(base: str) -> str:
    """The membership a user would write for the optimum ``base^*``."""
    if base.startswith("\\") and re.match(r"\\(?:mathbf|boldsymbol|bm)\{", base):
        from symbolic.latex.vectors import DIMENSION
        return base + "^* \\in \\mathbb{R}^{" + DIMENSION.name + "}"
    return base + "^* \\in \\mathbb{R}"


def _top_relations(latex: str):
    """The relation tokens of the claim outside brackets, or None when it cannot be lexed."""
    from symbolic.latex.lexer import DEFINITIONS, RELATIONS, Tok, lex
    try:
        items = lex(latex)
    except ParseError:
        return None
    return [x for x in items if isinstance(x, Tok) and (x.text in RELATIONS or x.text in DEFINITIONS)]


def _defined_prime(latex: str, assumptions: Sequence[str], functions: frozenset):
    """(base, end of the left side) of a primed capital an equation defines, or None."""
    if "'" not in latex and "’" not in latex and "\\prime" not in latex:
        return None
    relations = _top_relations(latex)
    if not relations or len(relations) != 1 or relations[0].text not in ("=", ":=", r"\coloneqq"):
        return None
    cut = relations[0].col - 1
    left, right = latex[:cut], latex[cut + len(relations[0].text):]
    m = _PRIMED.match(left)
    if not m:
        return None
    base = m.group("base")
    if _a_function(base, functions) or _DERIVATIVE.search(right) or any(
            _mentions(a, base) and _declared_space(a, m) is None and not _declares_members(a, base)
            for a in assumptions):
        return None
    for start, end in _occurrences(right, base):
        if not right[start:end] == base:
            return None                     # \mathbf{V} beside V': another name, unsure
        rest = right[end:].lstrip()
        sub = _SUBSCRIPT.match(rest)
        if not sub:
            return None                     # V itself (V' = V: a differential equation), V(t)
        after = rest[sub.end():].lstrip()
        if after.startswith(("(", "\\left(", "\\left (", "\\big(", "\\bigl(")):
            return None                     # V_i(t): a function of its own
    return base, m


_SPACE_OF = re.compile(r"^\s*(?P<left>.+?)\s*\\in(?![A-Za-z])\s*"
                       r"(?P<space>\\mathbb\s*\{\s*R\s*\}\s*\^.*?)\s*$", re.S)


def _declared_space(assumption, m):
    """The space ``\\mathbb{R}^{...}`` that an assumption states the defined primed name lies in
    (``V'_i \\in \\mathbb{R}^{1 \\times M}`` for ``V^{\\prime}_{i} = ...``: the same letter, one prime,
    the same subscript), else None."""
    if not isinstance(assumption, str):
        return None
    found = _SPACE_OF.match(assumption)
    if not found:
        return None
    left = _PRIMED.match(found.group("left"))
    if not left or left.group("base") != m.group("base"):
        return None
    def bare(sub):
        return re.sub(r"[\s{}]", "", sub or "")
    if bare(left.group("sub")) != bare(m.group("sub")):
        return None
    return found.group("space")


def _declares_members(assumption, base: str) -> bool:
    """Whether an assumption only declares subscripted names of the letter vectors or matrices
    (``V_j \\in \\mathbb{R}^M``: the rows V_j, never V itself nor a function of it)."""
    found = _SPACE_OF.match(assumption) if isinstance(assumption, str) else None
    if not found:
        return False
    for name in found.group("left").split(","):
        if _mentions(name, base) and not re.fullmatch(
                r"\s*%s\s*_\s*(?:[A-Za-z0-9]|\{\s*[A-Za-z0-9]+\s*\})\s*" % re.escape(base), name):
            return False
    return True


def _renamed(parsed, placeholder: str, name: str, note: str, latex: str):
    """The reading with every symbol of the placeholder letter named ``name`` (V'), the
    claim's text shown as written, and ``note`` added."""
    def new_name(old: str) -> str:
        for spelled in ("\\" + placeholder, placeholder):
            if old.startswith(spelled):
                return name + old[len(spelled):]
        return old

    def rename(expr):
        if not isinstance(expr, sympy.Basic):
            return expr
        mapping = {}
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, sympy.IndexedBase) and new_name(str(node.label)) != str(node.label):
                mapping[node] = sympy.IndexedBase(new_name(str(node.label)), **node.assumptions0)
            elif isinstance(node, sympy.Symbol) and new_name(node.name) != node.name:
                mapping[node] = sympy.Symbol(new_name(node.name), **node.assumptions0)
            elif isinstance(node, sympy.MatrixSymbol) and new_name(node.name) != node.name:
                mapping[node] = sympy.MatrixSymbol(new_name(node.name), *node.shape)
        return expr.xreplace(mapping) if mapping else expr

    def shown(text: str) -> str:
        return text.replace("\\" + placeholder, name)

    from symbolic.latex.stars import relabelled
    parsed = relabelled(parsed, rename, shown, note)
    return dataclasses.replace(parsed, latex=latex) if hasattr(parsed, "latex") else parsed


def read_decorated(latex: str, reader, options: dict):
    """The claim read with its optima (``\\theta^*`` beside iterates) or its defined primed
    capital (``V'_i = ...``) as names of their own, or None when neither convention applies."""
    if not isinstance(latex, str) or not any(mark in latex for mark in _MARKS):
        return None
    if options.get("imaginary_unit"):
        return None
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    functions = options.get("functions") or ()
    functions = frozenset([functions] if isinstance(functions, str) else functions)
    if any("Zpfn" in str(name) for name in functions):
        return None      # a primed function declared (primed_functions.py): primes are its own
    from symbolic.latex.primes import declared_primes
    from symbolic.latex.stars import declared_stars
    if not declared_stars(assumptions) and any(mark in latex for mark in _MARKS[:3]):
        bases, text = _optima(latex, assumptions, functions)
        if bases:
            given = assumptions + tuple(_declaration(b) for b in bases)
            try:
                parsed = reader(text, **dict(options, assumptions=given))
            except ParseError as exc:       # the refusal names what the user wrote
                message = str(exc)
                for k, base in enumerate(bases):
                    stand_in = "Z_{Zstar%s}" % chr(ord("A") + k)
                    message = message.replace("{{" + stand_in + "}}", base + "^*")
                    message = message.replace(stand_in, base + "^*")
                raise ParseError(message) from None
            shown = ", ".join(b + "^*" for b in bases)
            relabelled = _AS_STAR.sub("^{*}", latex) != text
            note = (f"{shown} read as a quantity of its own (an optimum), not a conjugate: the "
                    f"claim writes iterates beside it, never the name itself, and nothing complex"
                    + ("; superscript iterates (x^t) read as indices (x_t)" if relabelled else ""))
            notes = tuple(n for n in parsed.notes if "declared a quantity of its own by the "
                          "assumptions" not in n)
            return dataclasses.replace(parsed, notes=tuple(sorted(set(notes) | {note})))
    if not declared_primes(assumptions):
        found = _defined_prime(latex, assumptions, functions)
        if found:
            base, m = found
            spare = [s for s in _SPARE if s not in latex]
            if not spare:
                return None
            placeholder = spare[0]
            text = latex[:m.start()] + "\\" + placeholder + (m.group("sub") or "") + " " + \
                latex[m.end():]
            # V'_i \in \mathbb{R}^{1 \times M}: the defined name's declared shape, given to
            # the placeholder that stands for it
            given = tuple(a if _declared_space(a, m) is None else
                          "\\" + placeholder + (m.group("sub") or "") + " \\in "
                          + _declared_space(a, m) for a in assumptions)
            try:
                parsed = reader(text, **dict(options, assumptions=given))
            except ParseError as exc:       # the refusal names what the user wrote
                message = str(exc).replace("\\" + placeholder, base + "'")
                raise ParseError(message.replace(placeholder, base + "'")) from None
            note = (f"{base}' read as a name of its own (the quantity the equation defines), not "
                    f"a derivative: alone on the left, written nowhere else, {base} never bare")
            return _renamed(parsed, placeholder, base + "'", note, latex)
    return None
