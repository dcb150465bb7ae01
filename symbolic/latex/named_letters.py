"""Two letters the rewriter reads by their use: ``e`` with an index, and a declared bold function.

* ``e_{ij}`` is an entry of a matrix (or vector) named e, never Euler's number with an index:
  Euler's number takes no subscript. It becomes the plain name ``e`` with its subscript, also
  when the superscript is written first (``e^{x}_{i}`` is ``e_{i}^{x}`` in TeX). A chain
  that writes both ``e_{ij}`` and a bare ``e`` (not a power ``e^{x}``) is refused: the bare e may be
  Euler's number or the matrix e.
* ``\\boldsymbol{g}(x, y)`` is the function named ``\\boldsymbol{g}`` when the user declares that
  name (``--function '\\boldsymbol{g}'``, as a paper's text does: "g(x, theta) is the gradient");
  a plain ``--function g`` does not declare the bold g (bold and plain are two objects). The
  SymPy function is named by its letter (g), so a chain that also writes the plain letter g
  (declared or not) is refused: the two would become one name.
"""
from __future__ import annotations

from symbolic.latex.lexer import Group, Tok, fail

_BOLD = (r"\boldsymbol", r"\mathbf")
_E_KEY = "SCZne"


def _next_solid(items, k):
    while k < len(items) and isinstance(items[k], Tok) and items[k].space:
        k += 1
    return k


def indexed_e(rewriter, items, k):
    """``e`` followed by a subscript: the plain name e (its subscript follows); records every use
    of e so that a bare e beside an indexed one is refused. Returns (text, next) or None."""
    nxt = _next_solid(items, k + 1)
    after = items[nxt] if nxt < len(items) else None
    uses = rewriter.__dict__.setdefault("_e_uses", {})
    if isinstance(after, Tok) and after.text == "_" or _subscript_after_power(items, nxt):
        # e^{x}_{i} is e_{i}^{x} in TeX (both scripts sit on e), never Euler's number to the x
        down = nxt if after.text == "_" else _next_solid(items, _next_solid(items, nxt + 1) + 1)
        _check_one_index(rewriter, items, k, down)
        uses.setdefault("indexed", items[k].col)
        _check_e(uses, items[k])
        rewriter.plain[_E_KEY] = "e"
        return r"\text{%s}" % _E_KEY, k + 1
    if not (isinstance(after, Tok) and after.text == "^"):
        uses.setdefault("bare", items[k].col)
        _check_e(uses, items[k])
    return None


def _check_one_index(rewriter, items, k, down) -> None:
    """Refuse ``e_i``, ``e_{1}`` (one index): e_i is as often the i-th
    standard basis vector, and read as numbers ``(e_i \\cdot e_j)^2 = (e_i \\cdot e_i)(e_j \\cdot e_j)``
    would be proved (0 = 1 for basis vectors, i != j). Two indices (e_{ij}) name an entry."""
    sub = items[_next_solid(items, down + 1)] if down + 1 < len(items) else None
    inner = [x for x in sub.items if not (isinstance(x, Tok) and x.space)] \
        if isinstance(sub, Group) and sub.kind == "brace" else [sub]
    one = len(inner) == 1 and isinstance(inner[0], Tok) and len(inner[0].text) == 1 \
        and inner[0].text.isalnum()
    if one:
        raise fail("e_" + inner[0].text, items[k].col,
                   f"e_{inner[0].text} with one index may be a standard basis vector or an element of "
                   f"numbers named e (two indices, e_{{ij}}, name an entry): write the numbers with "
                   f"another letter (x_{inner[0].text})")


def check_upright_e(items, k, j) -> None:
    """Refuse an upright e (``\\mathrm{e}``, Euler's number) with a subscript, also after its
    power (``\\mathrm{e}^{x}_{i}``: TeX puts both scripts on e): Euler's number takes no index,
    and reading the power alone would drop the subscript."""
    nxt = _next_solid(items, j)
    if nxt < len(items) and isinstance(items[nxt], Tok) and items[nxt].text == "_" \
            or _subscript_after_power(items, nxt):
        raise fail(items[k].text + "{e}", items[k].col,
                   "an upright e is Euler's number, which takes no subscript: write \\exp(x) for "
                   "the exponential, or name the quantity with a letter and its index (e_{ij})")


def _subscript_after_power(items, k) -> bool:
    """Whether ``items[k]`` is a ``^`` whose argument is followed by a subscript (``e^{x}_{i}``)."""
    if not (k < len(items) and isinstance(items[k], Tok) and items[k].text == "^"):
        return False
    arg = _next_solid(items, k + 1)
    down = _next_solid(items, arg + 1)
    return down < len(items) and isinstance(items[down], Tok) and items[down].text == "_"


def _check_e(uses, tok) -> None:
    if "indexed" in uses and "bare" in uses:
        raise fail("e", uses["bare"], "e is written with an index (e_{ij}, an entry of a matrix e) "
                   "and alone: the lone e may be Euler's number or the matrix e; write \\exp(1) "
                   "for Euler's number, or give the matrix another name")


def bold_function(rewriter, items, k):
    """``\\boldsymbol{g}(...)`` with ``\\boldsymbol{g}`` declared a function: the call, else None."""
    cmd = items[k].text
    if cmd not in _BOLD or k + 1 >= len(items) or not isinstance(items[k + 1], Group) \
            or items[k + 1].kind != "brace":
        return None
    inner = [x for x in items[k + 1].items if not (isinstance(x, Tok) and x.space)]
    if len(inner) != 1 or not isinstance(inner[0], Tok) or not (
            len(inner[0].text) == 1 and inner[0].text.isalpha() or inner[0].text.startswith("\\")):
        return None
    letter = inner[0].text
    name = f"{cmd}{{{letter}}}"
    declared = {f.replace(" ", "") for f in rewriter.functions}
    if name.lstrip("\\") not in declared:
        return None
    j = _next_solid(items, k + 2)
    if not (j < len(items) and isinstance(items[j], Group) and items[j].kind == "paren"
            and items[j].opener in ("(", r"\left(")):
        # a declared function written without its brackets would be a number of the same name
        raise fail(name, items[k].col, f"{name} is declared a function but written without "
                   f"brackets: write {name}(...) with its arguments")
    bold = rewriter.__dict__.setdefault("_bold_functions", {})
    bold.setdefault(letter, items[k].col)
    if letter.lstrip("\\") in declared:
        raise fail(name, items[k].col, f"both {name} and {letter} are declared functions: they "
                   "would be read as one; declare only the one the formula uses")
    check_plain_letter(rewriter, None)
    return rewriter._call("SCZfn", letter.lstrip("\\"), *rewriter._arguments(items[j].items)), j + 1


def check_plain_letter(rewriter, tok) -> None:
    """Record a plain letter; refuse it beside a bold function of the same letter."""
    plain = rewriter.__dict__.setdefault("_plain_letters", {})
    if tok is not None:
        plain.setdefault(tok.text, tok.col)
    bold = rewriter.__dict__.get("_bold_functions", {})
    for letter in bold.keys() & plain.keys():
        raise fail(letter, plain[letter], f"the bold function {letter} (declared) and the plain "
                   f"letter {letter} are two objects but would be read as one name: rename one")
