"""Readings the formula reader refuses from the written tokens of a chain's sides, where
the usual reading would check another claim than the one printed.

A one-letter superscript that labels (a layer ``a^l``, a run ``\\eta_{min}^i``), an ``i`` or ``j``
that may be an index or the imaginary unit, and operations on the rows of a matrix applied to
a name read as a number. Each check raises a one-line ``ParseError`` saying how to write it.
"""
from __future__ import annotations

from symbolic.errors import ParseError
from symbolic.latex.lexer import Group, Tok, fail, text_of

# the order relations: a side of one that is "i" alone makes i an index
ORDER = frozenset(["<", ">", r"\le", r"\ge"])


def check_layer_labels(sides) -> None:
    """Refuse one letter written as the superscript of three names or more: a label (layer l).

    ``a^l``, ``\\mu^l``, ``\\sigma^l`` in one claim mark the layer, not powers; read as powers
    the claim would be another one.
    """
    bases: dict[str, set] = {}

    def walk(items):
        for n, item in enumerate(items):
            if isinstance(item, Group):
                walk(item.items)
                continue
            if item.text == "^" and n and n + 1 < len(items):
                sup = items[n + 1]
                if isinstance(sup, Group) and sup.kind == "brace":
                    solid = [x for x in sup.items if not (isinstance(x, Tok) and x.space)]
                    sup = solid[0] if len(solid) == 1 else None
                prev = items[n - 1]
                # {x}^{n} (a braced base) is the way to say "a power" here
                base = prev.text if isinstance(prev, Tok) and prev.text != "e" else None
                if isinstance(sup, Tok) and len(sup.text) == 1 and sup.text.isalpha() and base:
                    bases.setdefault(sup.text, set()).add(base)

    for _, items in sides:
        walk(items)
        _check_labelled_powers(items)
        check_vector_products(items)
    for letter, names in bases.items():
        if len(names) >= 3:
            raise ParseError(f"^{letter} on {len(names)} names ({', '.join(sorted(names)[:3])}) is a "
                             f"label (a layer), not a power: write it as a subscript (a_{letter}), "
                             f"or bracket the powers ({{a}}^{{{letter}}}) if they are powers")


def _word_script(group) -> str | None:
    """The word of a subscript such as ``{min}`` or ``{\\mathrm{max}}`` (two letters or more)."""
    if not (isinstance(group, Group) and group.kind == "brace"):
        return None
    letters = "".join(x.text for x in _flat_tokens(group.items)
                      if isinstance(x, Tok) and x.text.isalpha() and not x.text.startswith("\\"))
    others = [x for x in _flat_tokens(group.items) if isinstance(x, Tok) and not x.space
              and not x.text.isalpha() and x.text not in (r"\mathrm", r"\text", r"\operatorname")]
    return letters if len(letters) >= 2 and not others else None


def _flat_tokens(items):
    for item in items:
        if isinstance(item, Group):
            yield from _flat_tokens(item.items)
        else:
            yield item


def _one_letter(item) -> str | None:
    if isinstance(item, Group) and item.kind == "brace":
        solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
        item = solid[0] if len(solid) == 1 else None
    if isinstance(item, Tok) and len(item.text) == 1 and item.text.isalpha():
        return item.text
    return None


def _check_labelled_powers(items) -> None:
    """Refuse a one-letter superscript on a name whose subscript is a word label.

    ``\\eta_{min}^i`` (the minimum rate of run i) marks a label, not a power: read as a power the
    claim would be another one. The word subscript (min, max, cur, old) shows the name is a
    labelled quantity; a digit superscript (``x_{max}^2``) stays a power.
    """
    for n, item in enumerate(items):
        if isinstance(item, Group):
            _check_labelled_powers(item.items)
            continue
        if item.text != "^" or n + 1 >= len(items):
            continue
        letter = _one_letter(items[n + 1])
        if letter is None:
            continue
        before = n >= 2 and isinstance(items[n - 2], Tok) and items[n - 2].text == "_" \
            and _word_script(items[n - 1])
        after = n + 3 < len(items) and isinstance(items[n + 2], Tok) and items[n + 2].text == "_" \
            and _word_script(items[n + 3])
        word = before or after
        if word:
            raise ParseError(f"^{letter} on a name labelled _{{{word}}} is usually a label (run "
                             f"{letter}), not a power: write the label as a subscript "
                             f"(_{{{word},{letter}}}), or bracket the power ({{x_{{{word}}}}}^{{{letter}}})")


def i_compared(sides, rels) -> bool:
    """Whether i alone is a side of an order relation (``j \\le i``): then it is an index."""
    for n, rel in enumerate(rels):
        if rel in ORDER:
            for _, items in (sides[n], sides[n + 1]):
                solid = [x for x in items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text == "i":
                    return True
    return False


def check_i(reader, sides) -> None:
    """Refuse an i that is an index of the chain and also stands in an exponent of e."""
    if "i" in reader.context.known or not reader.context.i_is_index():
        return
    for _, items in sides:
        if _i_in_exponent(items):
            raise ParseError(r"i is an index in this chain and also stands in an exponent of e, "
                             r"where it usually is the imaginary unit: write \mathrm{i} for the "
                             r"imaginary unit, or another letter for the index")


def check_j(reader, sides) -> None:
    """Refuse a j that stands bare in an exponent of e (``e^{j\\theta}``) and is no index of
    the chain: engineers write j for the imaginary unit, and read as a real letter the claim
    (``e^{j\\theta} = \\cos\\theta + j\\sin\\theta``) would be another one."""
    if "j" in reader.context.known or "j" in getattr(reader.context, "indices", ()):
        return
    if any(_subscripts_hold(items, "j") for _, items in sides):
        return
    for _, items in sides:
        if _letter_in_exponent(items, "j"):
            raise ParseError(r"j stands in an exponent of e, where engineers write it for the "
                             r"imaginary unit: write i (or \mathrm{i}) for the imaginary unit, or "
                             r"give j as a variable with --assume 'j \in \mathbb{R}'")


def _subscripts_hold(items, letter: str) -> bool:
    """Whether ``letter`` is written in a subscript (``x_j``, ``\\sum_{j=1}``) of the items."""
    for k, item in enumerate(items):
        if isinstance(item, Group):
            if _subscripts_hold(item.items, letter):
                return True
            continue
        if item.text == "_" and k + 1 < len(items):
            script = items[k + 1]
            if isinstance(script, Tok) and script.text == letter or \
                    isinstance(script, Group) and _holds(script.items, letter):
                return True
    return False


def _holds(items, letter: str) -> bool:
    return any(isinstance(x, Tok) and x.text == letter or isinstance(x, Group) and
               _holds(x.items, letter) for x in items)


def _letter_in_exponent(items, letter: str) -> bool:
    """Whether ``letter`` stands bare (not as a subscript) in ``e^{...}`` or ``\\exp(...)``."""
    for k, item in enumerate(items):
        if isinstance(item, Group):
            if _letter_in_exponent(item.items, letter):
                return True
            continue
        nxt = items[k + 2] if k + 2 < len(items) else None
        if item.text == "e" and isinstance(items[k + 1] if k + 1 < len(items) else None, Tok) \
                and items[k + 1].text == "^" and nxt is not None and _bare(nxt, letter):
            return True
        if item.text == r"\exp":
            after = next((x for x in items[k + 1:] if not (isinstance(x, Tok) and x.space)), None)
            if isinstance(after, Group) and _bare(after, letter):
                return True
    return False


def _bare(item, letter: str) -> bool:
    if isinstance(item, Tok):
        return item.text == letter
    inner = item.items
    for n, x in enumerate(inner):
        after_script = n and isinstance(inner[n - 1], Tok) and inner[n - 1].text in ("_", "^")
        if after_script:
            continue
        if isinstance(x, Tok) and x.text == letter or isinstance(x, Group) and _bare(x, letter):
            return True
    return False


# Operations on the rows (columns) of a matrix: applied to a name the chain reads as a number,
# they would be unknown functions of a number, another claim than the one printed.
_ROW_OPERATORS = frozenset("rowmax rowmin rowsum colmax colmin colsum".split())


def check_row_operators(sides) -> None:
    """Refuse ``\\mathrm{rowmax}(S)`` and its kin: they act on the rows of a matrix."""
    def walk(items):
        for k, item in enumerate(items):
            if isinstance(item, Group):
                walk(item.items)
                continue
            if item.text in (r"\mathrm", r"\operatorname", r"\text", r"\textrm") \
                    and k + 1 < len(items) and isinstance(items[k + 1], Group):
                name = "".join(x.text for x in items[k + 1].items if isinstance(x, Tok)).strip()
                if name in _ROW_OPERATORS:
                    raise fail(f"{item.text}{{{name}}}", item.col, f"{name} acts on the rows "
                               "(columns) of a matrix; as a function of a number it would be "
                               "another claim, so it cannot be read")

    for _, items in sides:
        walk(items)


def _i_in_exponent(items) -> bool:
    for k, item in enumerate(items):
        if isinstance(item, Group):
            if _i_in_exponent(item.items):
                return True
            continue
        if item.text == "e" and k + 2 < len(items) and isinstance(items[k + 1], Tok) \
                and items[k + 1].text == "^" and _bare_i(items[k + 2]):
            return True
    return False


def _bare_i(item) -> bool:
    if isinstance(item, Tok):
        return item.text == "i"
    inner = item.items
    return any(isinstance(x, Tok) and x.text == "i" and not (n and isinstance(inner[n - 1], Tok)
                                                              and inner[n - 1].text == "_")
               for n, x in enumerate(inner)) or any(
        isinstance(x, Group) and _bare_i(x) and not (n and isinstance(inner[n - 1], Tok) and inner[n - 1].text == "_")
        for n, x in enumerate(inner))


_BOLD_COMMANDS = frozenset([r"\boldsymbol", r"\mathbf", r"\bm", r"\vec"])


def _bold_lowercase_end(items, k) -> int | None:
    """The end of a bold lowercase name at items[k] (``\\boldsymbol{q}_i``, ``{\\mathbf{k}}_j``)."""
    item = items[k]
    if isinstance(item, Group) and item.kind == "brace":
        solid = [x for x in item.items if not (isinstance(x, Tok) and x.space)]
        if len(solid) != 2 or _bold_lowercase_end(solid, 0) != 2:
            return None
        end = k + 1
    elif isinstance(item, Tok) and item.text in _BOLD_COMMANDS and k + 1 < len(items):
        arg = items[k + 1]
        letter = _one_letter(arg) if not (isinstance(arg, Tok) and arg.text.startswith("\\")) else None
        greek = isinstance(arg, Group) and [x.text for x in arg.items if isinstance(x, Tok)
                                            and not x.space][:1]
        if not (letter and letter.islower()) and not (greek and greek[0].startswith("\\")
                                                      and greek[0][1:2].islower()):
            return None
        end = k + 2
    else:
        return None
    while end + 1 < len(items) and isinstance(items[end], Tok) and items[end].text in ("_", "^"):
        end += 2
    return end


def check_vector_products(items) -> None:
    """Refuse a product of two bold lowercase names (``\\boldsymbol{q}_i \\cdot \\boldsymbol{k}_j``).

    Bold lowercase letters are vectors: their product is an inner product, which the scalar
    reader would read as a product of two numbers.
    """
    from symbolic.latex.vectors import bold_dot_end
    resume = 0
    for k, item in enumerate(items):
        if isinstance(item, Group):
            check_vector_products(item.items)
        if k < resume:
            continue
        dot_end = bold_dot_end(items, k)
        if dot_end is not None:        # \mathbf{u} \cdot \mathbf{v}: an inner product, read as one
            resume = dot_end
            continue
        end = _bold_lowercase_end(items, k)
        if end is None or any(isinstance(items[n], Tok) and items[n].text == "^"
                              and text_of((items[n + 1],)).strip(" {}") in ("T", r"\top", r"\intercal")
                              for n in range(k, end - 1)):
            continue            # q^\top k: a transpose says how the vectors multiply
        j = end
        while j < len(items) and isinstance(items[j], Tok) and (items[j].space or items[j].text in (
                r"\cdot", r"\times", r"\,", r"\;", r"\!")):
            j += 1
        if j < len(items) and _bold_lowercase_end(items, j) is not None:
            raise ParseError("a product of two bold vectors is an inner product (or an outer or "
                             "cross product), which the scalar reader cannot read: write it with "
                             "a transpose (q_i^\\top k_j) and declare the vectors "
                             "(--assume 'q_i \\in \\mathbb{R}^{d}'), or with components")
