"""Slices in subscripts (``x_{1:n}``, ``S_{i,:}``, ``q_{[2i:2i+1]}``): read where their meaning is
fixed, refused with the missing convention named where it is not.

A slice selects several entries; it is read only where the claim turns those entries into one
number and nothing about the selection is left to a convention:

* a whole row or column written with its comma, ``S_{i,:}`` or ``S_{:,j}``, is every entry of
  the family along that index, exactly as ``\\max_k S_{i,k}`` is (the reader's own range of an
  index written without bounds);
* a range ``x_{a:b}`` is the labels a to b. Whether b itself is in it is a convention: papers
  mostly mean x_a, ..., x_b (Adam: ``g_{1:t,i} = [g_{1,i}, g_{2,i}, \\cdots, g_{t,i}]``), NumPy's
  ``x[a:b]`` stops before b. A range is read only when an assumption states the convention in the
  source's own notation, ``x_{a:b} = (x_a, \\ldots, x_b)`` (or ``(x_a, \\ldots, x_{b-1})``), for
  that name;
* the reductions that make one number of the entries: ``\\max(...)``, ``\\min(...)`` (also with
  ``\\left( \\right)``) and norms ``\\|...\\|``, ``\\|...\\|_2`` (Euclidean), ``\\|...\\|_1``,
  ``\\|...\\|_\\infty``, with the slice as their whole argument.

Everything else is refused with a message naming what is undetermined: ``P_{i:}`` (row i, or the
rows from i on as NumPy's ``P[i:]``), ``x_{:j}`` (start 0 or 1, j included or not, entries or
blocks), steps, reversed ranges, blocks in brackets ``q_{[2i:2i+1]}``, several ranges at once
(``S_{:,:j}``, a sub-matrix), a slice outside a reduction (several entries, not a number), and a
colon that states a condition (``f_{t:t \\in \\{q,k,v\\}}``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Mapping, Sequence

from symbolic.errors import ParseError


class Convention(Enum):
    """Whether a range ``x_{a:b}`` holds its last label b."""

    INCLUSIVE = "x_a, ..., x_b"
    EXCLUSIVE = "x_a, ..., x_{b-1}"


class Kind(Enum):
    """What one subscript with a colon selects."""

    WHOLE = "every entry along one index (S_{i,:})"
    RANGE = "a range of labels (x_{a:b})"
    OPEN_START = "the entries before an end (x_{:j})"
    OPEN_END = "the entries from a start on (x_{i:})"
    STEP = "a range with a step (x_{a:b:s})"
    BLOCK = "a block in brackets (q_{[a:b]})"
    SEVERAL = "several ranges at once (S_{:,:j})"
    CONDITION = "a condition (f_{t : t \\in T})"


@dataclass(frozen=True)
class Slice:
    """One ``base_{...}`` whose subscript holds a colon, where it stands in the text."""

    base: str                 # the base as written: x, g, \mathbf{S}
    parts: tuple[str, ...]    # the subscript's comma-separated parts, stripped
    axis: int                 # the part with the colon (the first one)
    kind: Kind
    start: int                # text[start:end] is base_{...}
    end: int

    @property
    def low(self) -> str:
        return self.parts[self.axis].split(":")[0].strip()

    @property
    def high(self) -> str:
        return self.parts[self.axis].split(":")[1].strip()

    @property
    def written(self) -> str:
        return f"{self.base}_{{{','.join(self.parts)}}}"

    def entry(self, index: str) -> str:
        """The element at ``index`` along the sliced axis: ``g_{1:T,i}`` -> ``g_{k,i}``."""
        parts = list(self.parts)
        parts[self.axis] = index
        return f"{self.base}_{{{','.join(parts)}}}"


_BASE = re.compile(r"(\\(?:mathbf|boldsymbol|bm|mathrm|mathit|vec|operatorname)\s*\{[^{}]*\}"
                   r"|\\[A-Za-z]+|[A-Za-z])\s*$")
_INDEX_NAMES = ("k", "l", "r", "s", "u", "v", "w", "p")


def _closing(text: str, at: int) -> int:
    """Position of the brace closing the one opened at ``at`` (or -1)."""
    depth = 0
    for k in range(at, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside braces and brackets."""
    pieces, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == sep and depth == 0:
            pieces.append(text[start:k])
            start = k + 1
    pieces.append(text[start:])
    return pieces


def _kind(parts: list[str]) -> tuple[int, Kind]:
    """The first part with a colon and what the subscript selects."""
    ranged = [n for n, p in enumerate(parts) if ":" in p]
    axis = ranged[0]
    part = parts[axis].strip()
    if re.search(r"\\in(?![A-Za-z])|\\mid|\||\\(?:text|mathrm|operatorname|mbox)", part):
        return axis, Kind.CONDITION
    if part.startswith("["):
        return axis, Kind.BLOCK
    if len(ranged) > 1:
        return axis, Kind.SEVERAL
    ends = [e.strip() for e in part.split(":")]
    if len(ends) > 2:
        return axis, Kind.STEP
    low, high = ends
    if not low and not high:
        return axis, Kind.WHOLE
    if not low:
        return axis, Kind.OPEN_START
    if not high:
        return axis, Kind.OPEN_END
    return axis, Kind.RANGE


def find_slices(text: str) -> list[Slice]:
    """Every ``base_{...}`` of ``text`` whose subscript holds a colon outside ``:=``."""
    found = []
    for m in re.finditer(r"_\s*\{", text):
        close = _closing(text, m.end() - 1)
        if close < 0:
            continue
        inner = text[m.end():close]
        plain = re.sub(r":=|=:|\\:", "  ", inner)
        if ":" not in plain:
            continue
        before = _BASE.search(text[:m.start()])
        if before is None:
            continue
        parts = [p.strip() for p in _split_top(inner, ",")]
        axis, kind = _kind(parts)
        found.append(Slice(before.group(1), tuple(parts), axis, kind, before.start(1), close + 1))
    return found


# -- conventions stated by assumptions -------------------------------------------------------------
_LIST = re.compile(r"^\s*(?:\\left\s*)?[\(\[]\s*(?P<items>.*?)\s*(?:\\right\s*)?[\)\]]\s*$", re.S)
_DOTS = re.compile(r"^\s*(?:\\ldots|\\cdots|\\dots|\.\.\.)\s*$")


def _tight(text: str) -> str:
    return re.sub(r"\s+|\\,|\\!|\\;", "", text)


def _element(item: str, base: str) -> tuple[str, ...] | None:
    """The subscript parts of ``base_{...}`` (or ``base_x``), or None for anything else."""
    m = re.fullmatch(re.escape(base) + r"\s*_\s*(?:\{(?P<braced>.*)\}|(?P<one>[A-Za-z0-9]))",
                     item.strip(), re.S)
    if m is None:
        return None
    inner = m.group("braced") if m.group("braced") is not None else m.group("one")
    return tuple(_tight(p) for p in _split_top(inner, ","))


def convention_of(latex: str) -> tuple[str, Convention] | None:
    """The convention an assumption states, ``x_{a:b} = (x_a, \\ldots, x_b)``, as (base,
    convention); None when ``latex`` is not such a statement."""
    if not re.search(r"_\s*\{[^{}]*:", latex) or latex.count("=") != 1 or ":=" in latex:
        return None
    left, right = latex.split("=")
    slices = find_slices(left)
    if len(slices) != 1 or _tight(left[slices[0].end:]) or _tight(left[:slices[0].start]):
        return None
    piece = slices[0]
    if piece.kind is not Kind.RANGE:
        raise ParseError(f"the assumption '{latex.strip()}' states {piece.kind.value}; a "
                         "convention is stated for a range with both ends: x_{a:b} = "
                         "(x_a, \\ldots, x_b) or (x_a, \\ldots, x_{b-1})")
    listed = _LIST.match(right)
    items = _split_top(listed.group("items"), ",") if listed else []
    dots = [n for n, item in enumerate(items) if _DOTS.match(item)]
    if len(dots) != 1 or dots[0] not in (1, 2) or dots[0] != len(items) - 2:
        raise ParseError(f"the assumption '{latex.strip()}' does not list the slice's entries as "
                         "(x_a, \\ldots, x_b): the first entry (and the second), \\ldots, the last")
    written = [_element(item, piece.base) for n, item in enumerate(items) if n != dots[0]]
    others = [_tight(p) for n, p in enumerate(piece.parts) if n != piece.axis]
    low, high = _tight(piece.low), _tight(piece.high)

    def at(parts, value):
        return (parts is not None and len(parts) == len(piece.parts)
                and [p for n, p in enumerate(parts) if n != piece.axis] == others
                and parts[piece.axis] == value)
    ok_first = at(written[0], low)
    ok_second = len(written) == 2 or at(written[1], _tight(_successor(piece.low)))
    if ok_first and ok_second and at(written[-1], high):
        return _tight(piece.base), Convention.INCLUSIVE
    if ok_first and ok_second and written[-1] is not None and \
            at(written[-1], written[-1][piece.axis]) and \
            written[-1][piece.axis] in (_tight(f"{piece.high}-1"), _tight(f"({piece.high})-1")):
        return _tight(piece.base), Convention.EXCLUSIVE
    raise ParseError(f"the assumption '{latex.strip()}' does not state which entries "
                     f"{piece.written} holds: list them as ({piece.entry(piece.low)}, \\ldots, "
                     f"{piece.entry(piece.high)}) or (..., {piece.entry(piece.high + '-1')})")


def _successor(low: str) -> str:
    return str(int(low) + 1) if low.strip().isdigit() else f"{low}+1"


def conventions(assumptions: Sequence[str]) -> dict[str, Convention]:
    """The slice conventions the assumptions state, by base name."""
    found = {}
    for text in assumptions:
        stated = convention_of(text) if isinstance(text, str) else None
        if stated is not None:
            found[stated[0]] = stated[1]
    return found


def without_conventions(assumptions: Sequence[str]) -> tuple:
    """The assumptions that are not slice conventions (those are read by ``read_slices``)."""
    return tuple(a for a in assumptions if not (isinstance(a, str) and convention_of(a)))


# -- reading ---------------------------------------------------------------------------------------
_REDUCTION = re.compile(r"\\(?P<op>max|min)\s*(?P<open>\\left\s*\(|\()\s*$")
_NORM_OPEN = re.compile(r"(?:\\left\s*)?(?:\\\||\\lVert|\\Vert)\s*$")
# the norm's subscript, if any, must be one the reader knows: \|x\|_3 or \|x\|_F is left alone
_NORM_CLOSE = re.compile(r"^\s*(?:\\right\s*)?(?:\\\||\\rVert|\\Vert)"
                         r"(?:\s*_\s*(?P<p>\{\s*(?:2|1|\\infty)\s*\}|2|1|\\infty)|(?!\s*_))")


def _fresh(text: str) -> str:
    """A letter the claim does not use, for the index of the reduction."""
    used = set(re.findall(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", " ", text)))
    for name in _INDEX_NAMES:
        if name not in used:
            return name
    raise ParseError("no free letter for the index of a slice: write the range with "
                     "\\max_{k=a}^{b}")


def _range(piece: Slice, convention: Convention | None, index: str,
           bounds: list | None = None) -> str:
    """The bounds ``_{k=a}^{b}`` of a slice (nothing for a whole row), or a refusal."""
    if piece.kind is Kind.WHOLE:
        return f"_{{{index}}}"
    if convention is None:
        raise ParseError(_missing(piece))
    low, high = piece.low, piece.high
    if low.isdigit() and high.isdigit() and int(high) < int(low):
        raise ParseError(f"{piece.written} runs backwards ({low} down to {high}): a reversed "
                         "range is refused; write the range from its smaller end")
    if _tight(low) == _tight(high) and convention is Convention.EXCLUSIVE:
        raise ParseError(f"{piece.written} is empty (its end {high} is excluded by the stated "
                         "convention): a maximum or norm of no entries cannot be read")
    if high.isdigit() and not low.isdigit():
        raise ParseError(f"{piece.written} ends at the number {high} but starts at {low}: it may "
                         "run backwards (a reversed range, refused); write the range from its "
                         "smaller end")
    offset = re.fullmatch(r"(.+?)([+-])(\d+)", _tight(high))
    if offset and _tight(low) == offset.group(1) and offset.group(2) == "-":
        raise ParseError(f"{piece.written} runs backwards (it ends below its start): a reversed "
                         "range is refused; write the range from its smaller end")
    last = high if convention is Convention.INCLUSIVE else f"{high}-1"
    if bounds is not None and not (low.isdigit() and high.isdigit()):
        # a range reads as its entries only when it has some: x_{2:n} says n >= 2
        bounds.append(f"{last} \\ge {low}")
    return f"_{{{index}={low}}}^{{{last}}}"


def _missing(piece: Slice) -> str:
    """Why a range without a stated convention is refused, and how to state one."""
    first, last = piece.entry(piece.low), piece.entry(piece.high)
    return (f"{piece.written} may be {first}, ..., {last} (the end included, as papers mostly "
            f"mean) or stop before {last} (NumPy's a:b excludes b), and the convention is not "
            f"stated: state it with --assume '{piece.written} = ({first}, \\ldots, {last})', "
            f"or write the bounds (\\max_{{k={piece.low}}}^{{{piece.high}}})")


def _check_written_entries(text: str, piece: Slice) -> None:
    """Refuse a whole row beside an entry written with a number other than 1 on the same index
    (``\\max(S_{:,j}) \\ge S_{2,j}``): the family's size and first label are not stated (the
    reader's whole range is 1 to a size of at least 1), so that entry may lie outside the row the
    slice reads, and a 'counterexample' there would not be one."""
    if piece.kind is not Kind.WHOLE:
        return
    for m in re.finditer(re.escape(piece.base) + r"\s*_\s*\{([^{}:]*)\}", text):
        parts = [p.strip() for p in _split_top(m.group(1), ",")]
        if len(parts) == len(piece.parts) and parts[piece.axis].isdigit() \
                and int(parts[piece.axis]) != 1:
            raise ParseError(f"{piece.written} beside {m.group().strip()}: the number of entries "
                             f"along that index is not stated, so {m.group().strip()} may lie "
                             "outside it: write the bounds (\\max_{k=1}^{N}) and declare N")


def _meaning(piece: Slice, stated: Mapping[str, Convention]) -> str:
    """What a read slice holds, for the verdict's note."""
    if piece.kind is Kind.WHOLE:
        return "every entry along that index"
    if stated.get(_tight(piece.base)) is Convention.INCLUSIVE:
        return f"the labels {piece.low} to {piece.high}, the end included as stated"
    return f"the labels {piece.low} to {piece.high}, {piece.high} excluded as stated"


def read_slices(text: str, assumptions: Sequence[str] = (), bounds: list | None = None,
                default: Convention | None = None) -> tuple[str, tuple[str, ...]]:
    """``text`` with every slice whose meaning is fixed written out as the reduction it is
    (``\\max(x_{1:n})`` -> ``(\\max_{k=1}^{n} x_{k})``), and notes saying so.

    Slices it cannot read are left as written: the colon check refuses them with
    ``refusal``'s message. A range whose convention is not stated raises ``ParseError`` here.
    """
    if ":" not in text:
        return text, ()
    stated = conventions(assumptions)
    if default is not None:
        stated = _Default(stated, default)
    notes = []
    while True:
        done = False
        for piece in find_slices(text):
            if piece.kind not in (Kind.WHOLE, Kind.RANGE):
                continue
            if piece.kind is Kind.WHOLE and len(piece.parts) < 2:
                continue             # x_{:}: a vector's whole is written x
            head = text[:piece.start]
            reduction = _REDUCTION.search(head)
            norm = _NORM_OPEN.search(head)
            tail = text[piece.end:]
            if reduction:
                closer = re.match(r"\s*(?:\\right\s*)?\)" if "left" in reduction.group("open")
                                  else r"\s*\)", tail)
                if closer is None:
                    continue
                _check_written_entries(text, piece)
                index = _fresh(text)
                bounds_ = _range(piece, stated.get(_tight(piece.base)), index, bounds)
                new = f"(\\{reduction.group('op')}{bounds_} {piece.entry(index)})"
                a, b = reduction.start(), piece.end + closer.end()
            elif norm:
                closer = _NORM_CLOSE.match(tail)
                if closer is None:
                    continue
                _check_written_entries(text, piece)
                index = _fresh(text)
                bounds_ = _range(piece, stated.get(_tight(piece.base)), index, bounds)
                p = (closer.group("p") or "2").strip("{} ")
                entry = piece.entry(index)
                new = {"2": f"\\sqrt{{\\sum{bounds_} {entry}^{{2}}}}",
                       "1": f"(\\sum{bounds_} |{entry}|)",
                       "\\infty": f"(\\max{bounds_} |{entry}|)"}[p]
                a, b = norm.start(), piece.end + closer.end()
            else:
                continue
            notes.append(f"the slice {piece.written} is read as {_meaning(piece, stated)}: "
                         f"{text[a:b].strip()} is {new}")
            text = text[:a] + " " + new + " " + text[b:]
            done = True
            break
        if not done:
            return text, tuple(notes)


class _Default(dict):
    """Conventions with a default for every other name (only to find relations)."""

    def __init__(self, stated, default):
        super().__init__(stated)
        self.default = default

    def get(self, key, fallback=None):
        return super().get(key, self.default)


def relation_text(text: str) -> str:
    """``text`` with its readable slices written out under any convention: only to tell whether
    it holds a relation (the reading itself states or refuses the convention)."""
    if ":" not in text:
        return text
    try:
        return read_slices(text, default=Convention.INCLUSIVE)[0]
    except ParseError:
        return text


def implied_bounds(text: str, assumptions: Sequence[str] = ()) -> tuple[str, ...]:
    """What the slices and ellipses of ``text`` imply of their symbolic ends, as --assume
    strings (``\\max(x_{2:n})`` and ``x_1 + x_2 + \\dots + x_n`` both say n >= 2): read with
    the claim, so that no 'counterexample' lies where the written entries do not exist."""
    from symbolic.latex.ellipsis import implied_bounds as ellipsis_bounds
    bounds: list[str] = []
    try:
        read_slices(text, assumptions, bounds)
    except ParseError:
        bounds = []
    return tuple(dict.fromkeys(bounds)) + ellipsis_bounds(text)


def refusal(text: str, at: int) -> str | None:
    """The message for the slice whose colon stands at ``text[at]`` (None: not a slice)."""
    for piece in find_slices(text):
        if not piece.start <= at < piece.end:
            continue
        x = piece.written
        if piece.kind is Kind.CONDITION:
            return (f"{x}: a colon before a condition in a subscript names a family indexed by a "
                    "set (one formula per t), not a value: write each member on its own")
        if piece.kind is Kind.BLOCK:
            return (f"{x} is a block of entries in brackets: a paper's pair ({piece.base}_a, "
                    f"{piece.base}_b) or NumPy's [a:b], which stops before b; which entries it "
                    "holds and what it stands for (a vector, a complex number) are not stated: "
                    "write the entries")
        if piece.kind is Kind.SEVERAL:
            return (f"{x} selects ranges along several indices (a sub-matrix); where each range "
                    "starts (0 or 1), whether its end is included (NumPy excludes it) and whether "
                    "it counts entries or blocks are not stated: write the entries")
        if piece.kind is Kind.STEP:
            return f"{x} is a range with a step: write the entries or a sum over the labels"
        if piece.kind is Kind.OPEN_END and len(piece.parts) == 1:
            return (f"{x} may be row {piece.low} (write {piece.base}_{{{piece.low},:}}) or "
                    f"the entries from {piece.low} on (NumPy's [{piece.low}:]): the convention "
                    "is not stated")
        if piece.kind is Kind.OPEN_END:
            return (f"{x} runs from {piece.low} to an end that is not written (the size of "
                    "the family, which is not stated): write the range with both ends")
        if piece.kind is Kind.OPEN_START:
            return (f"{x} selects the entries before {piece.high}: whether it starts at 0 or 1, "
                    f"whether {piece.high} itself is included (NumPy's [:{piece.high}] stops "
                    "before it) and whether it counts entries or blocks are not stated: write "
                    "the range with both ends")
        return (f"{x} selects several entries (a vector), and here no \\max(...), \\min(...) or "
                "norm (\\|...\\|, _2, _1, _\\infty) around it alone makes one number of them: name "
                "the part, or write its entries")
    return None
