"""The component i of a vector-valued function's value: ``\\mathrm{softmax}(x)_i``,
``\\sigma(z)_i`` (the softmax, when declared so) and a declared function's ``f(x)_i``.

* ``\\mathrm{softmax}(x)_i`` (``\\operatorname{softmax}``, a bold ``\\mathbf{x}`` alike) is the
  entry ``e^{x_i} / \\sum_{j=1}^{n} e^{x_j}``, read only when the length of x is declared as a
  user declares a vector, ``--assume 'x \\in \\mathbb{R}^{n}'``. The entries of a bold
  ``\\mathbf{x}`` are written ``x_j``, as papers write them. Without the length the display is
  refused: a length guessed from the claim's own sums would prove a wrong denominator
  (``\\sum_{j=1}^{i}``), and a fresh length would refute the definition written with n.
* ``\\sigma(z)_i`` is the softmax's entry only under ``--assume '\\sigma = \\mathrm{softmax}'``;
  undeclared it may as well be the sigmoid of the entry z_i, and is refused.
* ``f(x)_i`` of another function (declared with --function, or an upright name) is read as an
  opaque component, the undefined function ``f_component`` applied to (i, x): a claim true for
  every such function is true of the real component, and no evaluator knows it, so the numeric
  tier can never refute through it.

The softmax entries are written out in LaTeX before the reader reads the claim (so that sums,
derivatives and indices are read as everywhere else); the links are shown as written.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Sequence

import sympy

from symbolic.errors import ParseError

_SOFTMAX = r"\\(?:mathrm|operatorname|text|textrm)\s*\{\s*softmax\s*\}"
_NAME = (r"(?:\\(?:mathbf|boldsymbol|bm)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}"
         r"|\{\s*\\(?:mathbf|boldsymbol|bm)\s*\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}\s*\}"
         r"|\\[A-Za-z]+|[A-Za-z])")
_INDEX = r"(?:[A-Za-z0-9]|\{\s*[A-Za-z0-9+\- ]+\s*\})"
_OPEN, _CLOSE = r"(?:\\left\s*)?\(", r"(?:\\right\s*)?\)"
_COMPONENT = re.compile(r"(?P<fn>" + _SOFTMAX + r"|\\sigma(?![A-Za-z]))\s*" + _OPEN +
                        r"\s*(?P<arg>" + _NAME + r")\s*" + _CLOSE + r"\s*_\s*(?P<index>" + _INDEX + ")")
_APPLIED = re.compile(r"(?P<fn>" + _SOFTMAX + r")\s*" + _OPEN +
                      r"[^()]*" + _CLOSE + r"\s*_")
_SPACE = re.compile(r"^\s*(?P<name>" + _NAME + r")\s*\\in\s*\\mathbb\s*\{?\s*R\s*\}?\s*\^\s*"
                    r"(?P<dim>\{[^{}]*\}|[A-Za-z0-9])\s*$")
_SIGMA_IS_SOFTMAX = re.compile(r"^\s*\\sigma\s*=\s*" + _SOFTMAX + r"\s*$")
_BOUND = "jklmrsuvwpqabc"      # the softmax's own index: a letter the claim does not use


def _letter(name: str) -> str:
    """The letter of a vector's name: ``x``, ``\\theta``, ``\\mathbf{x}`` -> x."""
    m = re.search(r"\{\s*(\\[A-Za-z]+|[A-Za-z])\s*\}\s*\}?$", name)
    return m.group(1) if m else name.strip()


def has_components(latex: str, assumptions: Sequence[str] = ()) -> bool:
    """Whether ``latex`` holds a softmax (or a declared sigma) with a subscript after it."""
    return isinstance(latex, str) and (_APPLIED.search(latex) is not None
                                       or sigma_declared(assumptions))


def sigma_declared(assumptions: Sequence[str]) -> bool:
    """Whether the assumptions say that sigma is the softmax (``\\sigma = \\mathrm{softmax}``)."""
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    return any(_SIGMA_IS_SOFTMAX.match(a) for a in assumptions)


def _lengths(assumptions: Sequence[str]) -> dict[str, str]:
    """Declared lengths of vectors (``x \\in \\mathbb{R}^{n}``): letter -> the length's LaTeX."""
    out = {}
    for text in assumptions:
        m = _SPACE.match(text)
        if m and r"\times" not in m.group("dim") and "," not in m.group("dim"):
            dim = m.group("dim")
            out[_letter(m.group("name"))] = dim[1:-1].strip() if dim.startswith("{") else dim
    return out


def _free_letter(text: str) -> str:
    used = set(re.sub(r"\\[A-Za-z]+", " ", text))
    for letter in _BOUND:
        if letter not in used:
            return letter
    raise ParseError("the claim uses every letter the softmax's own index could take: rename one")


def read_with_components(latex: str, reader, options: dict):
    """Read ``latex`` with ``reader`` (``parse_chain`` or ``parse_expression``), each softmax
    entry written out over the declared length of its vector."""
    assumptions = options.get("assumptions", ())
    assumptions = (assumptions,) if isinstance(assumptions, str) else tuple(assumptions)
    sigma = sigma_declared(assumptions)
    lengths = _lengths(assumptions)
    if sigma and re.search(r"\\sigma(?![A-Za-z])", _COMPONENT.sub(" ", latex)):
        # every other sigma would be the sigmoid (or a variable) beside the declared softmax
        raise ParseError("\\sigma is declared the softmax (\\sigma = \\mathrm{softmax}), and is "
                         "written here without an argument and an entry, \\sigma(z)_i: name "
                         "the other quantity")
    spans = {m.span() for m in _COMPONENT.finditer(latex)
             if sigma or not m.group("fn").startswith(r"\sigma")}
    bound = _free_letter(latex + " " + " ".join(lengths.values()))    # never the length's letter
    used, ranges = set(), set()
    shown = {}

    def expand(m: re.Match) -> str:
        letter = _letter(m.group("arg"))
        if letter not in lengths:
            raise ParseError(f"{m.group(0).strip()}, an entry of a function value, is "
                             f"e^{{{letter}_i}} / \\sum_j e^{{{letter}_j}} over all entries of "
                             f"{letter}, whose length is not given: declare it, --assume "
                             f"'{m.group('arg').strip()} \\in \\mathbb{{R}}^{{n}}'")
        index = m.group("index").strip()
        index = index[1:-1].strip() if index.startswith("{") else index
        if "," in index:
            raise ParseError(f"{m.group(0).strip()}: an entry of a vector has one index")
        used.add(letter)
        # an entry exists only for an index 1..n: never a point outside (x_{-3} is no entry)
        ranges.add(r"1 \le %s \le %s" % (index, lengths[letter]))
        ranges.update(r"%s \in \mathbb{Z}" % v for v in re.findall(r"[A-Za-z]", index))
        text = (r"\left(\frac{\exp(%s_{%s})}{\sum_{%s=1}^{%s} \exp(%s_{%s})}\right)"
                % (letter, index, bound, lengths[letter], letter, bound))
        shown[text] = m.group(0).strip()
        return text

    text = _COMPONENT.sub(lambda m: expand(m) if m.span() in spans else m.group(0), latex)
    if re.search(_SOFTMAX + r"\s*" + _OPEN + r"[^()]*" + _CLOSE + r"\s*_", text):
        raise ParseError("a softmax entry is read only of a vector named by one letter, with one "
                         "index: \\mathrm{softmax}(x)_i (of an expression, write its entries)")
    for letter in used:
        _check_only_entries(text, letter)
    delta = used and re.search(r"\\delta\s*_", text)
    given = tuple(a for a in assumptions if not _SIGMA_IS_SOFTMAX.match(a)
                  and not (_SPACE.match(a) and _letter(_SPACE.match(a).group("name")) in used))
    # the length of a declared vector is a positive whole number (the declaration said so)
    given += tuple(r"%s \in \mathbb{Z}_{>0}" % lengths[v] for v in sorted(used)
                   if re.fullmatch(r"[A-Za-z](_\{?\w+\}?)?|\\[A-Za-z]+", lengths[v]))
    given += tuple(sorted(ranges))
    if used and re.search(r"\\sum\s*_\s*(?:\{\s*[A-Za-z]\s*\}|[A-Za-z])(?!\s*\^)", latex):
        # \sum_j e^{z_j} beside the entries would run to a length of its own (N_j), not z's
        raise ParseError("a sum without limits beside a softmax entry would run to a length of "
                         "its own, not the vector's: write its limits, \\sum_{j=1}^{n}")
    parsed = reader(text, **dict(options, assumptions=given))
    _entries_within(parsed, used, lengths)
    if delta and _deltas_apart(parsed):
        # beside the entries of a softmax, \delta_{ik} is the Kronecker delta; read as a number
        # of its own it would turn the Jacobian's identity into a false claim (and refute it).
        # Where every name indexed by i and k is an entry (z_i, z_k), the reader reads it as
        # Kronecker's (symbolic/latex/kronecker.py)
        raise ParseError("\\delta_{ik} beside softmax entries is the Kronecker delta, which the "
                         "reader reads only where every other name indexed by i or k is an entry "
                         "of a vector: write the cases i = k and i \\ne k apart")
    return _shown(parsed, shown, used, lengths, bound)


def _entries_within(parsed, used: set, lengths: dict) -> None:
    """Refuse an entry z_k of a softmax's vector with a whole-number k outside 1..n (``z_0``
    beside ``\\sigma(z)_1``: the claim counts from 0, the entry from 1; read as it is, it would
    be refuted at a point that sets entries the vector does not have)."""
    links = getattr(parsed, "links", None)
    values = [s for link in links for s in (link.claim.lhs, link.claim.rhs)] \
        if links is not None else [parsed.value]
    for letter in used:
        name, size = letter.lstrip("\\"), lengths[letter]
        top = int(size) if size.isdigit() else None
        for value in values:
            for atom in getattr(value, "atoms", lambda *_: ())(sympy.Indexed):
                k = atom.indices[0] if str(atom.base) == name and len(atom.indices) == 1 else None
                if k is not None and k.is_Integer and (k < 1 or top is not None and k > top):
                    raise ParseError(f"{letter}_{{{k}}} is not an entry of {letter} (entries 1 to "
                                     f"{size}) beside a softmax entry, which counts from 1: write "
                                     f"the entries from 1")


def _deltas_apart(parsed) -> bool:
    """Whether the reading keeps a \\delta with an index as a number of its own."""
    links = getattr(parsed, "links", None)
    values = [s for link in links for s in (link.claim.lhs, link.claim.rhs)] \
        if links is not None else [parsed.value]
    return any(isinstance(s, sympy.Symbol) and s.name.startswith("delta")
               or isinstance(s, sympy.Indexed) and str(s.base.label) == "delta"
               for v in values if isinstance(v, sympy.Basic) for s in sympy.preorder_traversal(v))


def _check_only_entries(text: str, letter: str) -> None:
    """The vector of a softmax entry appears elsewhere only through its entries (x_j): a whole
    x (x^\\top y, \\|x\\|, a bold \\mathbf{x}) would be read as a number once its declaration
    is used up by the entries."""
    name = re.escape(letter)
    bold = re.compile(r"\\(?:mathbf|boldsymbol|bm)\s*\{\s*" + name + r"\s*\}")
    if bold.search(text):
        raise ParseError(f"the vector {letter} of a softmax entry is written whole elsewhere in the "
                         f"claim: write its entries {letter}_j, or check the vector claim apart")
    stripped = re.sub(r"\\[A-Za-z]+", " ", text) if not letter.startswith("\\") else text
    pattern = name + (r"(?![A-Za-z])" if letter.startswith("\\") else "")
    for m in re.finditer(pattern, stripped):
        if not stripped[m.end():].lstrip().startswith("_"):
            raise ParseError(f"the vector {letter} of a softmax entry is written whole elsewhere "
                             f"in the claim: write its entries {letter}_j, or check the vector "
                             f"claim apart")


def _shown(parsed, shown: dict, used: set, lengths: dict, bound: str):
    """The reading with the links' LaTeX as written and a note of the entries' reading."""
    def back(text: str) -> str:
        for expansion, original in shown.items():
            text = text.replace(expansion, original)
        return text
    notes = {f"softmax(...)_i is the entry e^{{{v}_i}} / \\sum_{{{bound}=1}}^{{{lengths[v]}}} "
             f"e^{{{v}_{bound}}} of the softmax of the vector {v} (its length declared)"
             for v in sorted(used)}
    notes |= set(parsed.notes)
    if hasattr(parsed, "value"):
        return dataclasses.replace(parsed, latex=back(parsed.latex), notes=tuple(sorted(notes)))
    links = tuple(dataclasses.replace(link, latex=back(link.latex), lhs_latex=back(link.lhs_latex),
                                      rhs_latex=back(link.rhs_latex)) for link in parsed.links)
    return dataclasses.replace(parsed, latex=back(parsed.latex), links=links,
                               notes=tuple(sorted(notes)))


# -- capitals declared numbers -----------------------------------------------------------------
def declared_numbers(known) -> frozenset:
    """The capitals (``N``, ``B_c``) the assumptions make numbers (``N \\in \\mathbb{Z}_{>0}``,
    ``D > 0``): after another factor (``M N d``, ``DG``) such a capital commutes, never a matrix."""
    # O_{\mathrm{final}} (kept as O_{\text{final}}) is O_{final}: an upright subscript is the word;
    # a name written both ways and declared a matrix one way is no number
    numbers, others = set(), set()
    for name, value in dict(known or {}).items():
        plain = re.sub(r"\\(?:mathrm|text)|[{}\s]", "", name)
        real = isinstance(value, sympy.Symbol) and value.is_extended_real
        (numbers if real else others).add(plain)
    return frozenset(name for name in numbers - others
                     if re.fullmatch(r"[A-Z](_[A-Za-z0-9]+)?", name))


def is_declared_number(items, k, numbers) -> bool:
    """Whether the capital at ``items[k]`` (with the subscript after it) is declared a number."""
    if not numbers:
        return False
    from symbolic.latex.lexer import Group, Tok, text_of
    name = items[k].text
    if k + 2 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text == "_":
        sub = items[k + 2]
        sub = text_of(sub.items) if isinstance(sub, Group) and sub.kind == "brace" else \
            sub.text if isinstance(sub, Tok) else ""
        return re.sub(r"\s|\\mathrm|[{}]", "", f"{name}_{sub}") in numbers   # P_{\mathrm{ij}} is P_{ij}
    return name in numbers


# -- the convert hook: a subscript on any other function's value ------------------------------
_CALL = re.compile(r"(SCZc\d+)_(\{.*\}|.+)")


def component(context, name: str):
    """The value of ``name`` when it is a function value with a subscript (``f(x)_i``), or None.

    ``context`` is the converter's ``Context``; the call's arguments are converted there.
    """
    m = _CALL.fullmatch(name)
    if not m or m.group(1) not in context.calls:
        return None
    tag, args = context.calls[m.group(1)]
    sub = m.group(2)
    sub = sub[1:-1].strip() if sub.startswith("{") and sub.endswith("}") else sub.strip()
    if tag == "SCZsigmoid":
        raise ParseError("\\sigma(z)_i may be the entry i of the softmax of z or the sigmoid of "
                         "z_i: write \\sigma(z_i) for the sigmoid, or declare the softmax "
                         "(--assume '\\sigma = \\mathrm{softmax}')")
    if tag != "SCZfn":
        return None
    fn = str(args[0]).strip().lstrip("\\")
    if fn.lower() == "softmax":
        raise ParseError("a softmax entry is read only of a vector named by one letter whose "
                         "length is declared: \\mathrm{softmax}(x)_i with --assume "
                         "'x \\in \\mathbb{R}^{n}'")
    if "," in sub or not re.fullmatch(r"[A-Za-z0-9+\- ]+", sub) or (
            len(sub) > 1 and sub.isalpha()):
        raise ParseError(f"{fn}(...)_{{{sub}}}: an entry of a function's value is read with one "
                         f"index (f(x)_i); a matrix entry or a label cannot be read")
    if not re.fullmatch(r"[A-Za-z]+(_\w+|_\{\w+\})?", fn):
        raise ParseError(f"cannot read the function '{fn}'")
    index = context.subscript(sub)
    opaque = sympy.Function(f"{fn}_component", real=True)
    context.notes.add(f"{fn}(...)_{{{sub}}} is read as an opaque component of {fn}'s value "
                      f"({fn}_component(index, arguments)): nothing is assumed about it")
    return opaque(index, *[context.convert(a) for a in args[1:]])
