"""Superscripts that are labels, read as part of the name: ``m_i^{\\mathrm{new}}``, ``\\ell^{(j+1)}``.

FlashAttention writes the new value of a running maximum as ``m_i^{\\mathrm{new}}`` and the
value after the j-th iteration as ``\\ell^{(j)}``: upright words and bracketed superscripts on a
name are labels, never powers. They are read as one more subscript of the name, the spelling
the reader already knows for labels: ``m_i^{\\mathrm{new}}`` is ``m_{i,new}`` (another quantity
than ``m_i``), ``\\ell^{(j+1)}`` is ``\\ell_{j+1}`` (the family ``\\ell`` at j + 1).

Read only where the label cannot be anything else, and refused otherwise:

* the base is a name: a letter, a Greek letter, or a bold/accented letter (``\\tilde{m}``);
  after a bracket or a number the label is left to the formula reader, which refuses it;
* a bracketed label followed by a bracket (``f^{(n)}(x)``: a derivative) is left alone;
* a bracketed label on a name that the same claim also writes with a subscript of its own
  (``x^{(k)}`` beside ``x_j``: iteration and component) is refused: both would be one name;
* an upright superscript of one letter (``A^{\\mathrm{T}}``) is a transpose, not a label.
"""
from __future__ import annotations

from symbolic.errors import ParseError
from symbolic.latex.lexer import GREEK, Group, Tok, lex, text_of

__all__ = ["refuse_labels_across", "superscript_labels"]

_UPRIGHT = frozenset([r"\mathrm", r"\text", r"\textrm", r"\operatorname"])
_NAME_FONTS = frozenset([r"\mathbf", r"\boldsymbol", r"\bm", r"\tilde", r"\hat", r"\bar",
                         r"\widetilde", r"\widehat"])


def superscript_labels(latex: str) -> tuple[str, tuple[str, ...]]:
    """The text with label superscripts written as subscripts, and a note when any was."""
    if "^" not in latex:
        return latex, ()
    try:
        items = lex(latex)
    except ParseError:
        return latex, ()              # the formula reader reports it
    edits: list[tuple[int, int, str]] = []
    made: set[tuple[str, int]] = set()
    _walk(items, latex, edits, made)
    if not edits:
        return latex, ()
    written = set()
    _written_subscripts(items, latex, written)
    for base, arity in made:
        if (base, arity) in written:
            raise ParseError(f"{base} with a label superscript and {base} with {arity} written "
                             f"index(es) in the same claim: read as subscripts both would be one "
                             f"family of the same arity (an iteration and a component?); name the "
                             f"labelled quantity apart")
    text = latex
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text, ("superscript labels (m^{\\mathrm{new}}, \\ell^{(j)}) are read as subscripts of "
                  "the name: m_{i,new}, \\ell_{j}",)


def _names_of(latex: str):
    """(labelled, written): the (base, arity) pairs a text writes with a label and without."""
    if not isinstance(latex, str) or "_" not in latex and "^" not in latex:
        return set(), set()
    try:
        items = lex(latex)
    except ParseError:
        return set(), set()
    made: set = set()
    written: set = set()
    _walk(items, latex, [], made)
    _written_subscripts(items, latex, written)
    return made, written


def refuse_labels_across(latex: str, others) -> None:
    """Refuse a label in the claim ``latex`` and the same name with as many written indices in
    one of ``others`` (the assumptions), or the other way round: both would become one name
    (``y^{(1)}`` in the claim and ``y_1`` in an assumption)."""
    others = (others,) if isinstance(others, str) else tuple(others or ())
    if not others:
        return
    made, written = _names_of(latex)
    for other in others:
        their_made, their_written = _names_of(other)
        for base, arity in sorted(made & their_written | their_made & written):
            raise ParseError(f"{base} with a label superscript and {base} with {arity} written "
                             f"index(es), one in the claim and one in an assumption: read as "
                             f"subscripts both would be one name (an iteration and a component?); "
                             f"name the labelled quantity apart")


def _label(arg) -> tuple[str, str] | None:
    """(kind, text) of a superscript that is a label: ("word", "new"), ("bracket", "j+1")."""
    if not (isinstance(arg, Group) and arg.kind == "brace"):
        return None
    inner = [x for x in arg.items if not (isinstance(x, Tok) and x.space)]
    if len(inner) == 2 and isinstance(inner[0], Tok) and inner[0].text in _UPRIGHT \
            and isinstance(inner[1], Group):
        word = text_of(inner[1].items).strip()
        if len(word) >= 2 and word.isascii() and word.isalpha():
            return "word", word
        return None
    if len(inner) == 1 and isinstance(inner[0], Group) and inner[0].kind == "paren" \
            and inner[0].opener == "(":
        body = text_of(inner[0].items).strip()
        if body and all(ch.isalnum() or ch in "+- " for ch in body):
            return "bracket", body
    return None


def _base_name(items, k) -> str | None:
    """The written name ending at items[k] (a letter, \\ell, \\mathbf{O}, \\tilde{m}), or None."""
    item = items[k]
    if isinstance(item, Tok):
        text = item.text
        if len(text) == 1 and text.isascii() and text.isalpha() and text not in ("e", "i"):
            return text
        if text.startswith("\\") and text[1:] in GREEK:
            return text
        return None
    if isinstance(item, Group) and item.kind == "brace" and k >= 1 and isinstance(items[k - 1], Tok) \
            and items[k - 1].text in _NAME_FONTS:
        return items[k - 1].text + "{" + text_of(item.items).strip() + "}"
    return None


def _script_text(latex, arg) -> str:
    if isinstance(arg, Group):
        return latex[arg.col:arg.close_col - 1].strip()
    return arg.text


def _end(arg) -> int:
    """The 0-based end (exclusive) of a script argument in the text."""
    return arg.close_col if isinstance(arg, Group) else arg.col - 1 + len(arg.text)


def _walk(items, latex, edits, made) -> None:
    k = 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Group):
            _walk(item.items, latex, edits, made)
        if not (isinstance(item, Tok) and item.text == "^" and k + 1 < len(items)):
            k += 1
            continue
        found = _label(items[k + 1])
        if found is None:
            k += 1
            continue
        kind, label = found
        after = k + 2
        if kind == "bracket" and after < len(items) and isinstance(items[after], Group) \
                and items[after].kind == "paren":
            k += 2                      # f^{(n)}(x): a derivative, left to the formula reader
            continue
        # the name: base _ sub ^ label, or base ^ label _ sub, or base ^ label
        start = item.col - 1
        end = _end(items[k + 1])
        sub = None
        if k >= 3 and isinstance(items[k - 2], Tok) and items[k - 2].text == "_":
            base = _base_name(items, k - 3)
            sub = _script_text(latex, items[k - 1])
            start = items[k - 2].col - 1
        else:
            base = _base_name(items, k - 1) if k >= 1 else None
            if after + 1 < len(items) and isinstance(items[after], Tok) and items[after].text == "_":
                sub = _script_text(latex, items[after + 1])
                end = _end(items[after + 1])
        if base is None:
            k += 2                      # after a bracket or a number: the formula reader refuses it
            continue
        parts = [p for p in (sub, label) if p]
        made.add((base, _arity(",".join(parts))))
        edits.append((start, end, "_{" + ",".join(parts) + "}"))
        k += 2



def _arity(sub: str) -> int:
    """How many indices a subscript holds: ``i,new`` two, ``ij`` two, ``j+1`` one, ``i`` one."""
    if "," in sub:
        return sub.count(",") + 1
    plain = sub.replace(r"\mathrm", "").strip("{} ")
    return len(plain) if plain.isascii() and plain.isalpha() and len(plain) <= 3 else 1


def _written_subscripts(items, latex, out) -> None:
    """(base, arity) of every name written with a subscript and no label superscript."""
    for k, item in enumerate(items):
        if isinstance(item, Group):
            _written_subscripts(item.items, latex, out)
        if isinstance(item, Tok) and item.text == "_" and k >= 1 and k + 1 < len(items):
            base = _base_name(items, k - 1)
            nxt = k + 2
            labelled = nxt + 1 < len(items) and isinstance(items[nxt], Tok) \
                and items[nxt].text == "^" and _label(items[nxt + 1]) is not None
            if base is not None and not labelled:
                out.add((base, _arity(_script_text(latex, items[k + 1]))))
