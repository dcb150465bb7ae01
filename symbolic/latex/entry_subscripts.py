"""Which capitals with two indices name an entry (a number), so their products commute.

The rewriter refuses a capital written after another factor (``x W``, ``D_i P``): papers write
matrices as capitals and a product of matrices depends on its order. A capital whose subscript
is two indices names one entry of a matrix, a number: ``D_{i} P_{ij}``,
``Q_{1, i} K_{i, 1}``, ``K_{jd} V_{je}`` are products of numbers, read as they are written.

What counts as two indices, and why no more:

* a comma pair ``{a, b}``: each a single italic lowercase Latin letter or a whole number, at
  least one a letter (``A_{1,2}`` with two numbers is as often block (1, 2) of a block matrix);
* the pair ``ij`` (or ``ji``), italic or upright (``P_{\\mathrm{ij}}``): the entry's indices
  by the commonest convention, never a label;
* a capital written after such an entry (``P_{ij} D_i``): a number times anything commutes,
  but only when no factor before the entry in its product may be a matrix (``A P_{ij} B`` is
  P_ij times AB, never BA: a capital, a Greek capital, a bold name or brackets holding one);
* any other two italic lowercase letters (``V_{je}``) only when the factor just before is a
  capital with two indices sharing a letter with them (``K_{jd} V_{je}``: the index pattern of
  a product of entries), neither holding q, v or o (``W_{qk} W_{kv}``: labels of attention's
  weight matrices). Two letters alone are often a label of a whole matrix (``W_{in}``,
  ``W_{qk}``), so ``x_i W_{in}`` stays refused.

``E_{ij}`` is the matrix unit (a matrix) by a convention as old: never an entry here.
A single index (``V_j``: often a row of V), a label (``O_{\\mathrm{final}}``) and a bold capital
are not entries here. A capital declared a matrix is refused with its subscript elsewhere.
The convention has a cost that the documentation states: an italic ``A_{ik} B_{kj}`` is read as
entries even where an author means blocks of a block matrix (write blocks in bold).
"""
from __future__ import annotations

from symbolic.latex.lexer import RELATIONS, Group, Tok

_PAIRS = frozenset(["ij", "ji"])
_UNITS = frozenset(["E"])     # E_{ij}: the matrix unit (1 at (i, j)), a matrix by convention
# q, k, v, o name attention's matrices in labels (W_{qk}, W_{kv}, W_{vo}); k is also a common
# index, so only the three that rarely index stop the shared-letter pattern
_LABEL_LETTERS = frozenset("qvo")


def _solid(items) -> list:
    return [x for x in items if not (isinstance(x, Tok) and x.space)]


def _indices(sub) -> tuple[tuple[str, ...], bool] | None:
    """The indices of a subscript item and whether they were written with a comma, or None
    when the subscript is not two indices (``{i,1}`` -> (("i", "1"), True))."""
    if not (isinstance(sub, Group) and sub.kind == "brace"):
        return None
    inner = _solid(sub.items)
    upright = False
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text == r"\mathrm" \
            and isinstance(inner[1], Group) and inner[1].kind == "brace":
        inner, upright = _solid(inner[1].items), True
    if not all(isinstance(x, Tok) for x in inner):
        return None
    texts = [x.text for x in inner]
    if len(texts) == 3 and texts[1] == "," and not upright:
        if all(_letter(t) or t.isdigit() for t in (texts[0], texts[2])) \
                and any(_letter(t) for t in (texts[0], texts[2])):
            return (texts[0], texts[2]), True
        return None
    if len(texts) == 2 and all(_letter(t) for t in texts) and inner[1].col == inner[0].col + 1:
        if upright and "".join(texts) not in _PAIRS:
            return None     # \mathrm{in}, \mathrm{qk}: an upright word is a label
        return (texts[0], texts[1]), False
    return None


def _letter(text: str) -> bool:
    return len(text) == 1 and "a" <= text <= "z"


def _subscript_after(items, k):
    """The subscript item written right after the base at ``items[k]``, or None."""
    j = k + 1
    if j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text == "_":
        return items[j + 1]
    return None


def _previous_entry(items, k) -> tuple[str, ...] | None:
    """The indices of the factor just before ``items[k]`` when it is a capital with two indices."""
    j = k - 1
    while j >= 0 and isinstance(items[j], Tok) and items[j].space:
        j -= 1
    if j < 2 or not (isinstance(items[j - 1], Tok) and items[j - 1].text == "_"):
        return None
    base = items[j - 2]
    if not (isinstance(base, Tok) and len(base.text) == 1 and "A" <= base.text <= "Z"):
        return None
    found = _indices(items[j])
    return found[0] if found else None


def names_entry(items, k) -> bool:
    """Whether the capital at ``items[k]`` with its subscript names one entry of a matrix."""
    if items[k].text in _UNITS:
        return False
    found = _indices(_subscript_after(items, k))
    if found is None:
        return _after_entry(items, k)
    indices, comma = found
    if comma or "".join(indices) in _PAIRS:
        return True
    before = _previous_entry(items, k)
    if before is not None and _LABEL_LETTERS & set(before + indices):
        return _after_entry(items, k)       # W_{qk} W_{kv}: labels of attention's matrices
    return before is not None and bool(set(before) & set(indices)) or _after_entry(items, k)


def _after_entry(items, k) -> bool:
    """Whether the factor just before ``items[k]`` is an entry by its own subscript alone (a
    comma pair or ``ij``): a number, and a number times anything commutes (``P_{ij} D_i``)."""
    j = k - 1
    while j >= 0 and isinstance(items[j], Tok) and items[j].space:
        j -= 1
    if j < 2 or not (isinstance(items[j - 1], Tok) and items[j - 1].text == "_"):
        return False
    base = items[j - 2]
    if not (isinstance(base, Tok) and len(base.text) == 1 and "A" <= base.text <= "Z"):
        return False
    found = _indices(items[j])
    return found is not None and (found[1] or "".join(found[0]) in _PAIRS) \
        and not _matrix_before(items, j - 2)


# where a product ends, looking back from a factor: a sum, a relation, a list or a row
_PRODUCT_ENDS = frozenset(["+", "-", r"\pm", r"\mp", ",", ";", "&", r"\\", "=", "<", ">", r"\le",
                           r"\leq", r"\ge", r"\geq", r"\ne", r"\neq", r"\approx", r"\sim"])


def _matrix_before(items, k) -> bool:
    """Whether a factor that may be a matrix is written before the entry at ``items[k]`` in its
    product. ``A P_{ij} B`` is P_ij times the matrix product AB, never BA: the capital after the
    entry commutes with the entry, not with A (``A P_{ij} B = B P_{ij} A`` is false)."""
    j = k - 1
    while j >= 0:
        item = items[j]
        if isinstance(item, Tok):
            if item.text in _PRODUCT_ENDS:
                return False
            if len(item.text) == 1 and "A" <= item.text <= "Z" and not own_entry(items, j):
                return True
            if item.text[1:2].isupper() or item.text in (r"\mathbf", r"\boldsymbol"):
                return True         # \Sigma, \Lambda, a bold name: may be a matrix
        elif not (j and isinstance(items[j - 1], Tok) and items[j - 1].text in ("_", "^")) \
                and _holds_capital(item.items):
            return True             # (...) or \frac{...}{...} holding a capital
        j -= 1
    return False


def own_entry(items, k) -> bool:
    """Whether the capital at ``items[k]`` is an entry by its own subscript (comma pair or ij)."""
    found = _indices(_subscript_after(items, k))
    return found is not None and (found[1] or "".join(found[0]) in _PAIRS)


def bracket_shares_index(items, k, inside) -> bool:
    """Whether the bracket after the entry at ``items[k]`` holds a quantity indexed by one of
    the entry's own indices (``P_{ij}(\\mathrm{dP}_{ij} - D_i)``): the index pattern of a product
    of entries. ``G_{ij}(t + s)``, whose bracket shares no index, may be a value of G_ij(t)."""
    found = _indices(_subscript_after(items, k))
    letters = {t for t in (found[0] if found else ()) if _letter(t)}
    return bool(letters) and bool(letters & _subscript_letters(inside))


def _subscript_letters(items) -> set:
    """The letters written in the subscripts of ``items`` (``\\mathrm{il}`` gives i and l)."""
    out: set = set()
    for n, item in enumerate(items):
        if isinstance(item, Group):
            out |= _subscript_letters(item.items)
        elif item.text == "_" and n + 1 < len(items):
            out |= _letters_in(items[n + 1])
    return out


def _letters_in(item) -> set:
    if isinstance(item, Group):
        return set().union(*(_letters_in(x) for x in item.items)) if item.items else set()
    return set() if item.text.startswith("\\") else {c for c in item.text if c.isalpha()}


def _holds_capital(items) -> bool:
    for item in items:
        if isinstance(item, Group):
            if _holds_capital(item.items):
                return True
        elif len(item.text) == 1 and "A" <= item.text <= "Z" or item.text[1:2].isupper() \
                or item.text in (r"\mathbf", r"\boldsymbol"):
            return True
    return False


# -- a capital the claim itself writes as an entry: P_{ij}(...) is a product ---------------------
_SUMS = frozenset([r"\sum", r"\prod"])
_NOT_FACTORS = _PRODUCT_ENDS | frozenset([")", "]", r"\}", r"\right", "^", "_", r"\implies", "&",
                                         r"\text", r"\mbox", r"\textrm", r"\quad", r"\qquad",
                                         r"\tag", r"\label", r"\ldots", r"\dots", r"\cdots"])
RELATIONS_AND_SIGNS = frozenset(RELATIONS) | frozenset(["+", "-", r"\pm", r"\mp", "/", r"\over"])


def entry_families(text: str, known=None, functions=()) -> frozenset[str]:
    """The capitals the claim writes as an entry with two indices and as a factor of a product.

    ``\\sum_{l} P_{il} \\mathrm{dP}_{il}`` multiplies the entry P_il by another number, so in the
    same claim ``P_{ij}(\\mathrm{dP}_{ij} - D_i)`` is the entry P_ij times the bracket, never a
    function P_ij applied to it (the rewriter reads it so only for these capitals, only where
    the subscript before the bracket is itself two indices: ``ij``, ``ji`` or a comma pair).

    A use counts when the subscript is two indices by ``_indices`` and either a comma pair or
    ``ij``/``ji``, or holds the index of a sum or product written in the claim (``\\sum_{l}``:
    ``P_{\\mathrm{il}}``), and the entry is written beside another factor (before or after it,
    with no sign between) and not before a bracket. Never a capital declared a function or
    declared anything but a real number (a matrix: its subscripts are refused elsewhere), nor
    ``E`` (the matrix unit).
    """
    from symbolic.latex.lexer import lex
    from symbolic.errors import ParseError
    try:
        items = lex(text)
    except ParseError:
        return frozenset()
    bound: set[str] = set()
    _bound_indices(items, bound)
    found: set[str] = set()
    _entry_uses(items, bound, found)
    vetoed = {str(f).strip().lstrip("\\") for f in functions}
    for name, value in dict(known or {}).items():
        if not (getattr(value, "is_Symbol", False) and value.is_extended_real):
            vetoed.add(str(name).split("_")[0].strip("{} \\"))
    return frozenset(found - vetoed - _UNITS)


def _bound_indices(items, bound: set) -> None:
    """The letters bound by ``\\sum_{l}`` or ``\\sum_{l=1}^{n}`` anywhere in ``items``."""
    for k, item in enumerate(items):
        if isinstance(item, Group):
            _bound_indices(item.items, bound)
        elif item.text in _SUMS and k + 2 < len(items) and isinstance(items[k + 1], Tok) \
                and items[k + 1].text == "_":
            sub = items[k + 2]
            inner = _solid(sub.items) if isinstance(sub, Group) else [sub]
            if inner and isinstance(inner[0], Tok) and _letter(inner[0].text) \
                    and (len(inner) == 1 or isinstance(inner[1], Tok) and inner[1].text == "="):
                bound.add(inner[0].text)


def _pair_letters(sub) -> tuple[str, ...] | None:
    """Two lower-case letters (italic, or one upright group: ``\\mathrm{il}``), or None."""
    if not (isinstance(sub, Group) and sub.kind == "brace"):
        return None
    inner = _solid(sub.items)
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text == r"\mathrm" \
            and isinstance(inner[1], Group) and inner[1].kind == "brace":
        inner = _solid(inner[1].items)
    if len(inner) == 2 and all(isinstance(x, Tok) and _letter(x.text) for x in inner):
        return inner[0].text, inner[1].text
    return None


def _entry_uses(items, bound: set, found: set) -> None:
    solid = _solid(items)
    for k, item in enumerate(solid):
        if isinstance(item, Group):
            _entry_uses(item.items, bound, found)
            continue
        if not (len(item.text) == 1 and "A" <= item.text <= "Z") or k + 2 >= len(solid) \
                or not (isinstance(solid[k + 1], Tok) and solid[k + 1].text == "_"):
            continue
        if k and isinstance(solid[k - 1], Tok) and solid[k - 1].text in _FONT_MARKS:
            continue                      # \mathbf P_{ij}: a font makes it another name
        sub = solid[k + 2]
        found_indices = _indices(sub)
        entry = found_indices is not None and (found_indices[1]
                                               or "".join(found_indices[0]) in _PAIRS)
        letters = _pair_letters(sub)
        if not entry and not (letters and bound & set(letters)):
            continue
        j = k + 3
        if j + 1 < len(solid) and isinstance(solid[j], Tok) and solid[j].text == "^":
            j += 2                        # P_{il}^{2} dP_{il}: still a number
        after = solid[j] if j < len(solid) else None
        if isinstance(after, Group) and after.kind == "paren":
            continue                      # P_{il}(...): the very question, never evidence
        if _factor_after(after) or _factor_before(solid, k):
            found.add(item.text)


_FONT_MARKS = frozenset([r"\mathbf", r"\boldsymbol", r"\bm", r"\mathrm", r"\mathcal", r"\mathsf",
                         r"\hat", r"\tilde", r"\bar", r"\vec", r"\widehat", r"\widetilde",
                         r"\overline", r"\operatorname", r"\mathbb", r"\mathfrak", r"\dot",
                         r"\ddot", r"\mathit", "_", "^"])
# after these, what follows is an operator's argument or a script, not a second factor
_OPERATORS = _SUMS | frozenset([r"\max", r"\min", r"\frac", r"\sqrt", r"\left", r"\right", "(",
                                "[", r"\lim", r"\int"])


def _factor_after(item) -> bool:
    """Whether ``item``, written right after an entry, is another factor of its product."""
    if item is None:
        return False
    if isinstance(item, Group):
        return item.kind == "brace"       # \mathrm{dP} is the rest of a font's name: a factor
    return item.text not in _NOT_FACTORS and item.text not in RELATIONS_AND_SIGNS


def _factor_before(solid, k) -> bool:
    r"""Whether a factor is written right before the entry at ``solid[k]`` (``D_{i} P_{ij}``), not
    an operator with its scripts (``\sum_{l} P_{il}``) or a sign."""
    j = k - 1
    while j >= 1 and isinstance(solid[j - 1], Tok) and solid[j - 1].text in ("_", "^"):
        j -= 2                            # back over the scripts of what comes before
    if j < 0:
        return False
    item = solid[j]
    if isinstance(item, Group):
        return True                       # (a + b) P_{ij}, \mathrm{dP}_{il} P_{il}
    return item.text not in _NOT_FACTORS and item.text not in RELATIONS_AND_SIGNS \
        and item.text not in _OPERATORS
