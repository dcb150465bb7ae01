"""LaTeX in: claims, relation chains and assumptions, read through one latex2sympy adapter.

Pipeline: ``lexer`` (limits, known commands, balance) -> split at top-level relations ->
``rewrite`` (constructs the library misreads become placeholders) -> latex2sympy with an
explicit config -> ``convert`` (house symbols, Indexed, MaxOver, dot products).
Every failure of any stage is a one-line ``ParseError``; no traceback escapes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import sympy
from sympy.matrices.expressions import MatrixExpr

from symbolic.errors import ParseError
from symbolic.latex.convert import Context, has_huge_power, settle, split_name
from symbolic.latex.inventory import account
from symbolic.latex.lexer import DEFINITIONS, MAX_CHARS, MAX_DEPTH, RELATIONS, plain, Group, Tok, fail, lex, text_of
from symbolic.latex.library import _short, library_parse
import symbolic.latex.matrices as matrices
from symbolic.latex.rewrite import Rewriter, check_words
from symbolic.model import Claim, Relation


@dataclass(frozen=True)
class Assumptions:
    """What a list of ``--assume`` strings says: symbols with assumptions, and other facts."""

    symbols: Mapping[str, sympy.Symbol] = field(default_factory=dict)
    facts: tuple[sympy.Basic, ...] = ()
    latex: tuple[str, ...] = ()
    # "x_j > 0" (a letter subscript) is about every x_j: base name -> SymPy assumptions
    families: Mapping[str, Mapping[str, bool]] = field(default_factory=dict)


@dataclass(frozen=True)
class Link:
    """One link ``lhs <relation> rhs`` of a chain, with its LaTeX and its claim."""

    latex: str
    lhs_latex: str
    rhs_latex: str
    relation: Relation
    claim: Claim


@dataclass(frozen=True)
class ParsedChain:
    """A relation chain ``a = b \\le c`` read into one link per adjacent pair."""

    latex: str
    links: tuple[Link, ...]
    assumptions: Assumptions
    notes: tuple[str, ...] = ()     # readings the verdict should show ("i is the imaginary unit")


# -- splitting --------------------------------------------------------------------------------
def _strip_math(latex: str) -> str:
    """Drop what wraps a claim without changing it: surrounding ``$...$``, ``$$...$$``,
    ``\\[...\\]``, outer braces and ``\\displaystyle`` (``{\\displaystyle a = b}``, the
    form Wikipedia prints), and a final full stop or comma; TeX's infix ``{a \\over b}`` is
    spelled ``\\frac{a}{b}`` (or refused where it is not plain)."""
    if not isinstance(latex, str):
        raise ParseError(f"expected LaTeX text, got {type(latex).__name__}")
    text = plain(latex).strip()
    for left, right in (("$$", "$$"), ("$", "$"), (r"\[", r"\]"), (r"\(", r"\)")):
        if len(text) > len(left) + len(right) and text.startswith(left) and text.endswith(right):
            text = text[len(left):-len(right)].strip()
            break
    text = unbrace_atoms(over_to_frac(underscored_names(text)))
    text = text.rstrip(" .,;。，") or text
    return unwrap(text).rstrip(" .,;。，") or text


# a lowercase letter only: a bold capital is a matrix, which the formula reader must see as
# written (braced, it is refused; unbraced, \boldsymbol{W}_q x would be a product of numbers)
_FONT_ATOM = re.compile(r"\{\s*(\\(?:boldsymbol|mathbf|bm|mathit|mathsf|vec)\s*"
                        r"\{\s*(?:\\[a-z]+|[a-z])\s*\})\s*\}")
# tokens after which a brace group is no command's argument
_OPERATOR_TOKENS = frozenset(r"\cdot \times \pm \mp \left \right \, \; \: \! \quad \qquad"
                             .split()) | frozenset(RELATIONS)


def unbrace_atoms(text: str) -> str:
    """``{\\boldsymbol{x}}_{m}`` as ``\\boldsymbol{x}_{m}``: braces around one bold (or other
    font) letter group nothing, and with them the subscript would have no base to read.

    Only where the brace group is no command's argument (after ``\\frac``, ``\\hat``, ``^``
    or ``_`` the braces delimit the argument and stay).
    """
    if "{\\" not in text or len(text) > MAX_CHARS:
        return text
    spans = {end: start for start, end, kind in _group_spans(text) if kind == "brace"}
    tokens = list(_WRAP_TOKEN.finditer(text))
    out, position, previous = [], 0, None
    for m in tokens:
        if m.start() < position:
            continue
        atom = _FONT_ATOM.match(text, m.start()) if m.group() == "{" else None
        if atom is not None and _not_an_argument(text, previous, spans):
            out.append(text[position:m.start()] + atom.group(1))
            position = atom.end()
            previous = None
            continue
        if not m.group().isspace():
            previous = m
    out.append(text[position:])
    return "".join(out)


_UNDERSCORED = re.compile(r"\\(mathrm|text|textrm)\s*\{\s*([A-Za-z]+)\\_([A-Za-z]+)\s*\}")


def underscored_names(text: str) -> str:
    """``\\mathrm{step\\_num}`` (a name with an underscore character, as code names are
    printed) as ``\\mathrm{step}_{\\mathrm{num}}``, the name step_num.

    Refused where the same display also writes ``\\mathrm{step}_...``: the two names would
    become one.
    """
    if r"\_" not in text:
        return text
    for m in _UNDERSCORED.finditer(text):
        font, head = m.group(1), m.group(2)
        if re.search(r"\{\s*%s\s*\}\s*_" % head, text):
            raise fail(m.group(), m.start() + 1, f"\\{font}{{{head}\\_...}} and \\{font}{{{head}}}_"
                       "... in one formula would be read as one name; rename one of them")
    return _UNDERSCORED.sub(lambda m: r"\%s{%s}_{\mathrm{%s}}" % m.groups(), text)


def _not_an_argument(text: str, previous, spans) -> bool:
    if previous is None:
        return True
    token = previous.group()
    if token == "}":
        start = spans.get(previous.end())
        before = text[:start].rstrip() if start is not None else ""
        return before.endswith(("_", "^"))     # the end of a subscript or superscript
    if token.startswith("\\"):
        return token in _OPERATOR_TOKENS
    return token not in ("^", "_")


_WRAP_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
_STYLE = re.compile(r"^\s*\\(?:displaystyle|textstyle)(?![A-Za-z])\s*")
MAX_OVER = 64        # \over in one formula; real ones hold one or two


def _group_spans(text: str):
    """(start, end, kind) of every group of ``text``: ``{...}`` ("brace"), ``\\left..\\right``
    ("sized") and ``\\begin..\\end`` ("env"); ``end`` is the index after the closing token.

    Unbalanced text gives what it can: the lexer refuses it later with its own message.
    """
    spans, stack = [], []
    for m in _WRAP_TOKEN.finditer(text):
        token = m.group()
        if token == "{":
            stack.append((m.start(), "brace"))
        elif token == "}" and stack and stack[-1][1] == "brace":
            start, kind = stack.pop()
            spans.append((start, m.end(), kind))
        elif token in (r"\left", r"\begin"):
            stack.append((m.start(), "sized" if token == r"\left" else "env"))
        elif token in (r"\right", r"\end") and stack and stack[-1][1] == (
                "sized" if token == r"\right" else "env"):
            start, kind = stack.pop()
            spans.append((start, m.end(), kind))
    return spans


def unwrap(text: str) -> str:
    """``text`` without outer braces and a leading ``\\displaystyle``: ``{\\displaystyle a = b}``
    is ``a = b`` (a brace group changes nothing in TeX's maths but what it groups)."""
    for _ in range(MAX_DEPTH + 1):
        stripped = _STYLE.sub("", text.strip())
        if not (stripped.startswith("{") and stripped.endswith("}")):
            return stripped
        outer = [s for s in _group_spans(stripped) if s[0] == 0 and s[1] == len(stripped)]
        inner = stripped[1:-1]
        if not outer or _top_level_over(inner):
            return stripped           # {a}^{2} = {b}, or {a \over b}: not one wrapping group
        text = inner
    return text


_OVER = frozenset([r"\over", r"\atop", r"\choose", r"\above", r"\overwithdelims",
                   r"\atopwithdelims", r"\abovewithdelims"])


def _top_level_over(text: str) -> bool:
    depth = 0
    for m in _WRAP_TOKEN.finditer(text):
        token = m.group()
        depth += token in ("{", r"\left", r"\begin")
        depth -= token in ("}", r"\right", r"\end")
        if depth == 0 and token in _OVER:
            return True
    return False


def over_to_frac(text: str) -> str:
    """TeX's infix fraction ``{a \\over b}`` as ``{\\frac{a}{b}}``.

    In TeX, ``\\over`` divides everything before it in its group by everything after it.
    It is read only where that is plain: in a brace group with one ``\\over`` and no relation,
    ``&`` or line break beside it, and brackets balanced on each side. Anything else (an
    ``\\over`` outside braces, two in one group, ``\\atop``, ``\\choose``) is refused.
    """
    if "\\" not in text or len(text) > MAX_CHARS:
        return text               # (an oversize formula is refused by the lexer)
    for _ in range(MAX_OVER):
        overs = [m for m in _WRAP_TOKEN.finditer(text) if m.group() in _OVER]
        if not overs:
            return text
        spans = _group_spans(text)
        # the innermost \over first: its group holds no other one
        found = None
        for m in overs:
            around = [s for s in spans if s[0] < m.start() and m.end() < s[1]]
            group = max(around, key=lambda s: s[0]) if around else None
            if group is None or group[2] != "brace":
                where = "outside braces" if group is None else "inside \\left...\\right or an environment"
                raise fail(m.group(), m.start() + 1, f"{m.group()} {where} divides a whole formula; "
                           "write \\frac{a}{b}")
            if m.group() != r"\over":
                raise fail(m.group(), m.start() + 1, f"{m.group()} (a stacked pair or binomial) "
                           "cannot be read; write \\frac{a}{b} or \\binom{n}{k}")
            inside = [o for o in overs if group[0] < o.start() and o.end() < group[1]]
            if len(inside) == 1:
                found = (m, group)
                break
        if found is None:
            m = overs[0]
            raise fail(m.group(), m.start() + 1, "two \\over in one group: which divides what "
                       "is unclear; write \\frac{a}{b}")
        m, (start, end, _) = found
        top, bottom = text[start + 1:m.start()], text[m.end():end - 1]
        for part, side in ((top, "before"), (bottom, "after")):
            if not part.strip():
                raise fail(m.group(), m.start() + 1, f"nothing {side} \\over")
            if not _plain_side(part):
                raise fail(m.group(), m.start() + 1, f"the formula {side} \\over holds a relation, "
                           "an alignment or unbalanced brackets; write \\frac{a}{b}")
        text = text[:start] + "{\\frac{" + top + "}{" + bottom + "}}" + text[end:]
    raise ParseError(f"more than {MAX_OVER} \\over in one formula; write \\frac{{a}}{{b}}")


def _plain_side(part: str) -> bool:
    """Whether one side of an ``\\over`` is a formula alone: no relation, ``&`` or ``\\\\`` at
    its top level, and its round and square brackets balanced."""
    depth = 0
    balance = {"(": 0, "[": 0}
    for m in _WRAP_TOKEN.finditer(part):
        token = m.group()
        depth += token in ("{", r"\left", r"\begin")
        depth -= token in ("}", r"\right", r"\end")
        if depth:
            continue
        if token in RELATIONS or token in ("&", "\\\\", r"\in"):
            return False
        if token in "()[]" and token:
            key = "(" if token in "()" else "["
            balance[key] += 1 if token in "([" else -1
            if balance[key] < 0:
                return False
    return not any(balance.values())


def _pieces(latex: str):
    """Split at top-level relations: ([(side_text, side_items)], [relation values])."""
    items = lex(latex)
    sides, rels, current, start = [], [], [], 0
    for item in items:
        if isinstance(item, Tok) and item.text in RELATIONS:
            end = item.col - 1
            sides.append((latex[start:end].strip(), tuple(current)))
            rels.append(RELATIONS[item.text])
            current, start = [], end + len(item.text)
        else:
            current.append(item)
    sides.append((latex[start:].strip(), tuple(current)))
    for text, side_items in sides:
        _check_wide_space(text, side_items)
    for (text, side_items), n in zip(sides, range(len(sides))):
        if not any(not (isinstance(x, Tok) and x.space) for x in side_items):
            where = "before" if n < len(rels) else "after"
            rel = rels[min(n, len(rels) - 1)] if rels else ""
            raise ParseError(f"nothing {where} the relation '{rel}' in '{_short(latex)}'")
    return sides, rels


def _check_wide_space(text, items) -> None:
    """Refuse ``~~`` (two unbreakable spaces or more) inside a side: a gap that separates two
    formulas, as ``\\quad`` does; read as a product it would join them into another claim."""
    run = 0
    for item in items:
        if isinstance(item, Tok) and item.text == "~":
            run += 1
            if run == 2:
                raise fail(text, item.col, "a wide space (~~) separates two formulas (or a formula "
                           "and a condition); check each claim on its own")
        elif not (isinstance(item, Tok) and item.text.isspace()):
            run = 0


_MAX_TERMS = 250


class _Reader:
    """Reads the sides of one chain (or one assumption) raw, then converts them together."""

    def __init__(self, known, imaginary_unit, functions=(), families=None):
        self.rewriter = Rewriter(functions)
        self.context = Context(known=dict(known), imaginary_unit=imaginary_unit,
                               families=dict(families or {}))
        self.items: dict[int, tuple] = {}     # id(raw) -> the items it was read from
        self.matrix_sides: list = []          # sides that name declared matrices (matrices.py)

    def parse(self, text):
        """library_parse, with the placeholders of plain names (I, gamma) given their names."""
        return _rename(library_parse(text), self.rewriter.plain)

    def raw(self, side_items):
        terms = sum(1 for x in side_items if isinstance(x, Tok) and x.text in ("+", "-"))
        if terms > _MAX_TERMS:
            # the library's grammar recurses once per term: 900 terms take seconds, 990 overflow
            raise ParseError(f"formula nested too deeply to read: {terms} terms in one side, the "
                             f"limit is {_MAX_TERMS}; simplify it")
        # a side naming a declared matrix is read in the written order (matrices.py)
        matrix = matrices.read_side(side_items, self.context.known, lambda run: self._convert(self.raw(run)))
        if matrix is not None:
            self.matrix_sides.append(matrix)
            return matrix
        check_words(text_of(side_items))
        gaps = [x for x in side_items if isinstance(x, Tok) and x.text in (r"\quad", r"\qquad")]
        if gaps:
            raise fail(text_of(side_items).strip(), gaps[0].col, f"{gaps[0].text} separates two "
                       f"formulas (or a formula and a condition); check each claim on its own")
        commas = [x for x in side_items if isinstance(x, Tok) and x.text == ","]
        if commas:
            raise fail(text_of(side_items).strip(), commas[0].col, "a comma in a formula is a list or a "
                       "decimal comma: write 0.5 for a decimal, and one claim per relation")
        text = self.rewriter.emit(side_items)
        if not text.strip():
            raise ParseError("an empty side of a relation")
        raw = self.parse(text)
        if isinstance(raw, (sympy.core.relational.Relational, sympy.And, sympy.Or)):
            raise ParseError(f"a relation inside brackets cannot be read: {raw}")
        if not isinstance(raw, sympy.Expr) and not isinstance(raw, sympy.Basic):
            raise ParseError(f"cannot read {raw!r} as an expression")
        self.context.add_calls(self.rewriter.calls, self.parse)
        self.context.seen.append(raw)
        self.items[id(raw)] = tuple(side_items)
        return raw

    def convert(self, raw):
        """The side as stepcheck objects: built unevaluated, accounted for, then evaluated."""
        if self.matrix_sides:     # every side of a chain with a matrix must have its shape
            return matrices.beside(raw, self.matrix_sides, self._convert)
        return self._convert(raw)

    def _convert(self, raw):
        self.context.names = self.rewriter.names
        try:
            with sympy.evaluate(False):
                built = self.context.convert(raw)
            if id(raw) in self.items:
                account(self.items[id(raw)], built, text_of(self.items[id(raw)]).strip())
            return settle(built)
        except ParseError:
            raise
        except RecursionError:
            raise ParseError("formula nested too deeply to convert; simplify it") from None
        except Exception as exc:
            raise ParseError(f"cannot convert {_short(str(raw))!r}: {type(exc).__name__}: "
                             f"{str(exc).splitlines()[0] if str(exc) else ''}") from None


def _rename(raw, plain: Mapping[str, str]):
    """Give placeholder symbols of plain names their names: ``SCZnI_1`` is ``I_1``."""
    if not plain or not isinstance(raw, sympy.Basic):
        return raw
    swap = {}
    for sym in raw.atoms(sympy.Symbol):
        m = re.fullmatch(r"(SCZn[A-Za-z]+?)(_.*)?", sym.name)
        if m and m.group(1) in plain:
            swap[sym] = sympy.Symbol(plain[m.group(1)] + (m.group(2) or ""), **sym.assumptions0)
    return raw.xreplace(swap) if swap else raw


def _guard(fn):
    """Turn any stray exception into a one-line ParseError (never a traceback)."""
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ParseError:
            raise
        except RecursionError:
            raise ParseError("LaTeX nested too deeply; simplify it") from None
        except Exception as exc:
            text = str(exc).splitlines()[0] if str(exc) else ""
            raise ParseError(f"cannot read the LaTeX: {type(exc).__name__}: {text}") from None
    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


_SYMPY_REL = {"=": sympy.Eq, r"\ne": sympy.Ne, "<": sympy.Lt, r"\le": sympy.Le,
              ">": sympy.Gt, r"\ge": sympy.Ge}


# -- public functions ---------------------------------------------------------------------------
@_guard
def parse_expr(latex: str, *, assumptions: Assumptions | None = None,
               imaginary_unit: bool = False, functions: Sequence[str] = ()) -> sympy.Basic:
    """One LaTeX expression (no relation) as a SymPy expression.

    ``functions`` names the letters that are functions (``f`` in ``f(x + 1)``); see parse_chain.
    """
    sides, rels = _pieces(_strip_math(latex))
    if rels:
        raise ParseError(f"expected an expression, found the relation '{rels[0]}' in '{_short(latex)}'")
    reader = _Reader(assumptions.symbols if assumptions else {}, imaginary_unit, _names(functions),
                     assumptions.families if assumptions else None)
    raw = reader.raw(sides[0][1])
    return reader.convert(raw)


@_guard
def parse_chain(latex: str, *, assumptions: Sequence[str] = (),
                imaginary_unit: bool = False, functions: Sequence[str] = ()) -> ParsedChain:
    """A relation or chain ``a = b \\le c``: one link per adjacent pair, symbols shared.

    ``functions`` declares names as functions (the CLI's ``--function NAME``): ``f(x + 1)`` is
    then f applied to x + 1. Undeclared, a letter before brackets is a product (``a(b + c)``),
    except letters papers use for functions (f, g, h, p, F, G, H, L, P, \\phi, \\psi, \\Gamma,
    \\ell), which are refused; ``\\sigma(x)`` is the sigmoid. ``i`` is the imaginary unit unless
    the chain uses it as an index (the reading is in ``notes``); ``imaginary_unit`` is kept for
    compatibility and changes nothing.
    """
    if isinstance(assumptions, str):
        assumptions = (assumptions,)
    functions = _names(functions)
    given = parse_assumptions(assumptions, imaginary_unit=imaginary_unit, functions=functions)
    text = _strip_math(latex)
    sides, rels = _pieces(text)
    if not rels:
        raise ParseError(f"no relation in '{_short(text)}': write a claim such as 'a = b' or 'a \\le b'")
    if r"\wedge" in rels and r"\implies" not in rels:
        raise ParseError(f"\\wedge joins the relations of an implication; in '{_short(text)}' "
                         f"write each claim separately")
    _check_layer_labels(sides)
    _check_row_operators(sides)
    reader = _Reader(given.symbols, imaginary_unit, functions, given.families)
    reader.context.i_ordered = _i_compared(sides, rels)
    if r"\implies" in rels:
        values = _implication_sides(text, sides, rels, reader)
    else:
        raws = [reader.raw(items) for _, items in sides]
        _check_i(reader, sides)
        _check_j(reader, sides)
        values = [reader.convert(r) for r in raws]
        _check_order(values, rels, text)
    texts = _side_texts(sides, rels)
    links = []
    chain_rels = [r for r in rels if r == r"\implies"] if r"\implies" in rels else rels
    for n, rel in enumerate(chain_rels):
        relation = Relation(rel)
        claim = Claim(values[n], relation, values[n + 1])
        lhs, rhs = texts[n], texts[n + 1]
        links.append(Link(f"{lhs} {rel} {rhs}", lhs, rhs, relation, claim))
    notes = set(reader.context.notes)
    if any(isinstance(x, Tok) and x.text in DEFINITIONS for x in lex(text)):
        first = links[0].claim
        if isinstance(first.lhs, (sympy.Symbol, sympy.Indexed)) and first.rhs.has(first.lhs):
            raise ParseError(f"'{_short(text)}' defines {first.lhs} in terms of itself: an update "
                             f"(an algorithm step), not a claim")
        notes.add("a definition (:=) is read as an equation: it is checked like =")
    return ParsedChain(text, tuple(links), _rebind(given, reader.context.made), tuple(sorted(notes)))


def _names(functions) -> tuple[str, ...]:
    """Declared function names, checked: ``f``, ``\\phi``, ``softmax``, ``f_q``."""
    if isinstance(functions, str):
        functions = (functions,)
    out = []
    for name in functions:
        if not isinstance(name, str) or not re.fullmatch(r"\\?[A-Za-z]+(_\{?\w+\}?)?", name.strip()):
            raise ParseError(f"a function name must be letters such as f, \\phi or f_q, not {name!r}")
        out.append(name.strip())
    return tuple(out)


def _check_layer_labels(sides) -> None:
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
        _check_vector_products(items)
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


def _check_vector_products(items) -> None:
    """Refuse a product of two bold lowercase names (``\\boldsymbol{q}_i \\cdot \\boldsymbol{k}_j``).

    Bold lowercase letters are vectors: their product is an inner product, which the scalar
    reader would read as a product of two numbers.
    """
    for k, item in enumerate(items):
        if isinstance(item, Group):
            _check_vector_products(item.items)
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


_ORDER = frozenset(["<", ">", r"\le", r"\ge"])


def _i_compared(sides, rels) -> bool:
    """Whether i alone is a side of an order relation (``j \\le i``): then it is an index."""
    for n, rel in enumerate(rels):
        if rel in _ORDER:
            for _, items in (sides[n], sides[n + 1]):
                solid = [x for x in items if not (isinstance(x, Tok) and x.space)]
                if len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text == "i":
                    return True
    return False


def _check_i(reader, sides) -> None:
    """Refuse an i that is an index of the chain and also stands in an exponent of e."""
    if "i" in reader.context.known or not reader.context.i_is_index():
        return
    for _, items in sides:
        if _i_in_exponent(items):
            raise ParseError(r"i is an index in this chain and also stands in an exponent of e, "
                             r"where it usually is the imaginary unit: write \mathrm{i} for the "
                             r"imaginary unit, or another letter for the index")


def _check_j(reader, sides) -> None:
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


def _check_row_operators(sides) -> None:
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


def _check_order(values, rels, text) -> None:
    """An order between sides that the imaginary unit makes complex cannot be meant."""
    matrices.check_relations(values, rels)
    for n, rel in enumerate(rels):
        if rel in _ORDER:
            for side in (values[n], values[n + 1]):
                if isinstance(side, sympy.Basic) and side.has(sympy.I) and side.is_extended_real is not True:
                    raise ParseError(f"'{_short(text)}' orders a side that holds the imaginary unit i; "
                                     f"if i is an index, say so: --assume 'i \\in \\mathbb{{Z}}'")


def _side_texts(sides, rels):
    """The LaTeX of each side; for implications, of each conjunction of relations."""
    if r"\implies" not in rels:
        return [t for t, _ in sides]
    texts, current = [], [sides[0][0]]
    for (text, _), rel in zip(sides[1:], rels):
        if rel == r"\implies":
            texts.append(" ".join(current))
            current = [text]
        else:
            current += [rel, text]
    texts.append(" ".join(current))
    return texts


def _implication_sides(text, sides, rels, reader):
    """``A \\implies B``: each of A, B is a relation (chain) read as a conjunction."""
    groups, current = [], [sides[0]]
    for side, rel in zip(sides[1:], rels):
        if rel == r"\implies":
            groups.append(current)
            current = [side]
        else:
            current += [rel, side]
    groups.append(current)
    raws = [[reader.raw(part[1]) if isinstance(part, tuple) else part for part in g] for g in groups]
    values = []
    for g in raws:
        exprs = [reader.convert(p) for p in g[::2]]
        ops = g[1::2]
        matrices.check_relations(exprs, ops)
        if not ops:
            raise ParseError(f"each side of \\implies must be a relation, in '{_short(text)}'")
        parts = []
        for a, op, b in zip(exprs, ops, exprs[1:]):
            if op == r"\wedge":
                continue   # "x > 0 \wedge y > 0": the two relations around it are separate
            if op not in _SYMPY_REL:
                raise ParseError(f"{op} cannot be used inside an implication")
            parts.append(_SYMPY_REL[op](a, b, evaluate=False))
        values.append(sympy.And(*parts) if len(parts) > 1 else parts[0])
    return values


def _rebind(given: Assumptions, made: Mapping[str, sympy.Basic]) -> Assumptions:
    """The assumptions with each symbol replaced by the object the chain uses for that name.

    When the chain reads ``x_2`` as the element ``x[2]`` of an indexed ``x``, an assumption
    ``x_2 > 0`` becomes the fact ``x[2] > 0`` about that element (and no other).
    """
    swap, extra = {}, []
    for name, sym in given.symbols.items():
        used = made.get(name)
        if isinstance(used, sympy.Symbol) and used != sym:
            swap[sym] = used
        elif isinstance(used, sympy.Indexed):
            swap[sym] = used
            extra.extend(_sign_facts(used, sym))
    if not swap:
        return given
    symbols = {name: swap.get(sym, sym) if isinstance(swap.get(sym, sym), sympy.Symbol) else sym
               for name, sym in given.symbols.items()}
    facts = tuple(f.xreplace(swap) for f in given.facts) + tuple(f for f in extra if f not in given.facts)
    return Assumptions(symbols, facts, given.latex, given.families)


def _sign_facts(element, sym) -> list:
    """The sign assumptions of a symbol, as facts about the indexed element it stands for."""
    if element.is_positive and sym.is_positive:
        return []            # the indexed base already carries it ("x_j > 0")
    facts = []
    for flag, fact in (("positive", sympy.Gt), ("negative", sympy.Lt), ("nonnegative", sympy.Ge),
                       ("nonpositive", sympy.Le), ("nonzero", sympy.Ne)):
        if sym.assumptions0.get(flag) and getattr(element, "is_" + flag) is not True:
            facts.append(fact(element, 0, evaluate=False))
    return facts


# -- assumptions ------------------------------------------------------------------------------
_SETS = {
    "R": {"real": True}, "R_{>0}": {"positive": True}, "R^+": {"positive": True},
    "R_+": {"positive": True}, "R_{+}": {"positive": True}, "R^{+}": {"positive": True},
    "R_{\\ge0}": {"nonnegative": True}, "R_{\\geq0}": {"nonnegative": True},
    "Z": {"integer": True}, "Z_{>0}": {"integer": True, "positive": True},
    "Z^+": {"integer": True, "positive": True}, "Z_+": {"integer": True, "positive": True},
    "Z^{+}": {"integer": True, "positive": True}, "Z_{+}": {"integer": True, "positive": True},
    "Z_{\\ge0}": {"integer": True, "nonnegative": True},
    "Z_{\\geq0}": {"integer": True, "nonnegative": True},
    "N^+": {"integer": True, "positive": True},
    "N_{>0}": {"integer": True, "positive": True}, "N^*": {"integer": True, "positive": True},
    "N_0": {"integer": True, "nonnegative": True}, "N_{0}": {"integer": True, "nonnegative": True},
    "Q": {"rational": True}, "C": {"complex": True},
}


@_guard
def parse_assumptions(latexes: Sequence[str], *, imaginary_unit: bool = False,
                      functions: Sequence[str] = ()) -> Assumptions:
    """``--assume`` strings (``x > 0``, ``0 < p < 1``, ``n \\in \\mathbb{Z}_{>0}``) read together."""
    if isinstance(latexes, str):
        latexes = (latexes,)
    stated: dict[str, dict] = {}
    pending = []          # (latex, sides, rels, reader) of relations, read once symbols are known
    declared: dict[str, tuple] = {}     # matrix key -> (SymPy name, size names or numbers)
    statements = [t for latex in latexes for t in _statements(latex)]
    relations = []
    for text in statements:
        items = lex(text)
        member = [k for k, x in enumerate(items) if isinstance(x, Tok) and x.text == r"\in"]
        if member and _matrix_membership(text, items, member[0], stated, declared):
            continue
        if member:
            _membership(text, items, member[0], stated)
            continue
        relations.append((text, items))
    later = []            # relations about declared matrices, read once their sizes are known
    for text, items in relations:
        sides, rels = _pieces(text)
        if not rels:
            raise ParseError(f"assumption '{_short(text)}' is not a relation: write e.g. 'x > 0' "
                             r"or 'n \in \mathbb{Z}_{>0}'")
        bad = [r for r in rels if r not in _SYMPY_REL]
        if bad:
            raise ParseError(f"assumption '{_short(text)}' uses {bad[0]}; use = \\ne < \\le > \\ge or \\in")
        if declared and matrices.mentions(items, declared):
            later.append((sides, rels))
            continue
        reader = _Reader({}, imaginary_unit, _names(functions))
        raws = [reader.raw(items) for _, items in sides]
        pending.append((raws, rels, reader))
        for a, rel, b in zip(raws, rels, raws[1:]):
            _sign(a, rel, b, stated)
    symbols = {}
    for name, flags in stated.items():
        assumptions = dict(flags)
        if not assumptions.pop("complex", False):
            assumptions.setdefault("real", True)
        elif not any(assumptions.get(k) for k in ("positive", "negative", "nonnegative",
                                                   "nonpositive", "integer", "rational")):
            # SymPy's nonzero means real and nonzero: a complex z \ne 0 is zero=False
            assumptions = {"complex": True, **({"zero": False} if flags.get("nonzero") else {})}
        try:
            symbols[name] = sympy.Symbol(name, **assumptions)
        except Exception:
            raise ParseError(f"the assumptions about {name} contradict each other "
                             f"({', '.join(sorted(k for k, v in flags.items() if v))})") from None
    families = {}
    for name, sym in symbols.items():
        parts = split_name(name) if isinstance(sym, sympy.Symbol) else None
        if parts and len(parts[1]) == 1 and re.fullmatch(r"[a-z]", parts[1][0]):
            # x_j > 0 with a letter index is about every element x_1, x_2, x[j], ...
            families[parts[0]] = {k: v for k, v in sym.assumptions0.items() if k in _FAMILY}
    for key, (name, sizes) in declared.items():
        if key in symbols:
            raise ParseError(f"{name} is declared a matrix or vector and also given a scalar "
                             f"assumption; a name is one or the other")
        shape = [symbols[size] if isinstance(size, str) else size for size in sizes]
        symbols[key] = sympy.MatrixSymbol(name, *shape)
    for sides, rels in later:
        reader = _Reader(symbols, imaginary_unit, _names(functions))
        pending.append(([reader.raw(items) for _, items in sides], rels, reader))
    facts = []
    for raws, rels, reader in pending:
        reader.context.known = symbols
        values = [reader.convert(r) for r in raws]
        for a, rel, b, ra, rb in zip(values, rels, values[1:], raws, raws[1:]):
            if _captured(ra, rel, rb):
                continue
            if isinstance(a, MatrixExpr) or isinstance(b, MatrixExpr):
                if rel != "=" or not (isinstance(a, MatrixExpr) and isinstance(b, MatrixExpr)) \
                        or a.shape != b.shape:
                    raise ParseError(f"the assumption {a} {rel} {b} relates matrices other than by = "
                                     f"between equal shapes")
                facts.append(sympy.Eq(a, b, evaluate=False))
                continue
            # comparing with 9^{9^{9^9}} would evaluate it: such facts stay unevaluated
            fact = _SYMPY_REL[rel](a, b, evaluate=not (has_huge_power(a) or has_huge_power(b)))
            if fact is sympy.false:
                raise ParseError(f"assumption {a} {rel} {b} is false")
            if fact is not sympy.true:
                facts.append(fact)
    return Assumptions(symbols, tuple(facts), tuple(latexes), families)


_FAMILY = frozenset(["real", "positive", "negative", "nonnegative", "nonpositive", "nonzero",
                     "integer", "complex"])


def _statements(latex: str) -> list[str]:
    """One --assume string as statements: ``x > 0, y > 0`` is two (``x, y \\in ..`` is one)."""
    text = _strip_math(latex)
    interval = _INTERVAL.fullmatch(text)
    if interval:
        return _interval_statements(interval)
    items = lex(text)
    if any(isinstance(x, Tok) and x.text == r"\in" for x in items):
        return [text]
    cuts = [x.col - 1 for x in items if isinstance(x, Tok) and x.text == ","]
    bounds = [0] + [c + 1 for c in cuts]
    ends = cuts + [len(text)]
    return [text[a:b].strip() for a, b in zip(bounds, ends)]


_INTERVAL = re.compile(r"\s*(?P<names>[^\\]+?)\s*\\in\s*(?P<open>\\left)?\s*(?P<lb>[\[(])\s*(?P<lo>[^,]+?)\s*,"
                       r"\s*(?P<hi>[^,]+?)\s*(?:\\right)?\s*(?P<rb>[\])])\s*")


def _interval_statements(m) -> list[str]:
    """``p \\in (0, 1)``, ``x \\in [0, \\infty)``: the two bounds as relations."""
    out = []
    for name in (n.strip() for n in m.group("names").split(",")):
        if m.group("lo").strip() not in (r"-\infty", r"-\infty "):
            out.append(f"{m.group('lo')} {'<' if m.group('lb') == '(' else chr(92) + 'le'} {name}")
        if m.group("hi").strip() not in (r"\infty", r"+\infty"):
            out.append(f"{name} {'<' if m.group('rb') == ')' else chr(92) + 'le'} {m.group('hi')}")
    return out or [f"{m.group('names')} \\in \\mathbb{{R}}"]


_SPACE = re.compile(r"\s*\\mathbb\s*\{\s*([RC])\s*\}\s*\^\s*(\{.*\}|[A-Za-z0-9])\s*")


def _matrix_membership(text, items, k, stated, declared) -> bool:
    """``Q, K \\in \\mathbb{R}^{N \\times d}`` (a matrix), ``q \\in \\mathbb{R}^{d}`` (a column vector).

    Records the names in ``declared`` and makes the sizes positive integers; False when the
    set is not a space of vectors or matrices (``\\mathbb{R}^{+}`` is the positive reals).
    """
    m = _SPACE.fullmatch(text_of(items[k + 1:]))
    if not m or m.group(2).strip("{} ") in ("+", "*", ""):
        return False
    if m.group(1) == "C":
        raise ParseError(f"complex matrices and vectors cannot be declared: '{_short(text)}'")
    sizes = []
    for size in matrices.matrix_dimensions(m.group(2)):
        if size.isdigit() and int(size) > 0:
            sizes.append(sympy.Integer(int(size)))
            continue
        raw = library_parse(size)
        if not isinstance(raw, sympy.Symbol) or raw.name.startswith("SCZ"):
            raise ParseError(f"the size '{size}' in '{_short(text)}' must be a positive whole "
                             f"number or a name such as d or d_k")
        stated.setdefault(raw.name, {}).update(integer=True, positive=True)
        sizes.append(raw.name)
    if len(sizes) == 1:
        sizes.append(sympy.Integer(1))      # R^d: a column vector
    for name in (n for n in text_of(items[:k]).split(",")):
        key, sympy_name = matrices.declared_name(name)
        if key in declared and declared[key][1] != tuple(sizes):
            raise ParseError(f"{sympy_name} is declared with two different shapes")
        declared[key] = (sympy_name, tuple(sizes))
    return True


def _membership(text, items, k, stated):
    """``x, y \\in \\mathbb{R}_{>0}``: the symbols on the left get the set's assumptions."""
    left = text_of(items[:k])
    right = text_of(items[k + 1:]).replace(" ", "")
    key = right.replace(r"\mathbb{", "", 1).replace("}", "", 1) if right.startswith(r"\mathbb{") else None
    if key == "N":
        raise ParseError(r"\mathbb{N} starts at 0 for some authors and at 1 for others: write "
                         r"\mathbb{Z}_{>0} or \mathbb{Z}_{\ge0}")
    if key is None or key not in _SETS:
        raise ParseError(f"unknown set '{right}' in assumption '{_short(text)}'; use \\mathbb{{R}}, "
                         r"\mathbb{Z}_{>0}, \mathbb{N}, \mathbb{C}, ...")
    for name in (n.strip() for n in left.split(",")):
        raw = library_parse(name) if name else None
        if not isinstance(raw, sympy.Symbol):
            raise ParseError(f"left of \\in must be symbols, not '{name}' in '{_short(text)}'")
        stated.setdefault(raw.name, {}).update(_SETS[key])


def _sign(a, rel, b, stated):
    """Turn ``x > 0``, ``x \\ge 2``, ``0 < x``... into sign assumptions of the symbol x."""
    flip = {"<": ">", ">": "<", r"\le": r"\ge", r"\ge": r"\le", "=": "=", r"\ne": r"\ne"}
    if isinstance(b, sympy.Symbol) and not isinstance(a, sympy.Symbol):
        a, b, rel = b, a, flip[rel]
    if not isinstance(a, sympy.Symbol) or a.name.startswith("SCZ"):
        return
    c = Context().convert(b)   # evaluates -1, 1/2; leaves huge powers unevaluated
    if not c.is_number or has_huge_power(c) or c.is_extended_real is not True:
        return   # not a constant bound: the relation is kept as a fact only
    flags = stated.setdefault(a.name, {})
    # SymPy's three-valued signs of the bound (pi, sqrt(2) included), True only when known
    if rel == ">" and c.is_nonnegative or rel == r"\ge" and c.is_positive:
        flags["positive"] = True
    elif rel == r"\ge" and c.is_zero:
        flags["nonnegative"] = True
    elif rel == "<" and c.is_nonpositive or rel == r"\le" and c.is_negative:
        flags["negative"] = True
    elif rel == r"\le" and c.is_zero:
        flags["nonpositive"] = True
    elif rel == r"\ne" and c.is_zero:
        flags["nonzero"] = True


def _captured(a, rel, b) -> bool:
    """Whether a relation says no more than the sign assumption it gave (``x > 0``)."""
    if isinstance(b, sympy.Symbol) and not isinstance(a, sympy.Symbol):
        a, b = b, a
    # a placeholder (SCZ..., e.g. Re z or |z|) gave no sign assumption in _sign: keep its fact
    return isinstance(a, sympy.Symbol) and not a.name.startswith("SCZ") and b == 0 and rel != "="
