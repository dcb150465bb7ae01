"""The input of ``stepcheck check``: its targets read into items, and its results collected.

A target is LaTeX, ``-`` (stdin), a .tex/.md document, a .jsonl of claims or ``DOC:ID``.
Kept apart from the command so that the Dask batch (``batch_dask``) reads and collects
exactly as ``check`` does without importing the command that starts it.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from symbolic.commands.chain import (MAX_DOCUMENT_CHARS, MAX_INPUT_CHARS, CheckedLink, Item,
                                     Unreadable)
from symbolic.commands.targets import step_target
from symbolic.errors import ParseError, StepcheckError
from symbolic.model import Tally

DOCUMENT_SUFFIXES = (".tex", ".ltx", ".md", ".markdown")
CLAIMS_SUFFIX = ".jsonl"


@dataclass(frozen=True)
class Checked:
    """Everything one ``check`` run found, in input order."""

    links: tuple[CheckedLink, ...]
    unreadable: tuple[Unreadable, ...]
    displays: int          # displays (or claims) read from the input, readable or not
    from_files: bool       # whether the input came from files or stdin (then lines are shown)
    ordered: tuple = ()    # links and unreadable displays interleaved in input order
    expressions: tuple = ()   # displays with no relation, read as expressions (ReadExpression)

    @property
    def tally(self) -> Tally:
        return Tally.of(link.outcome for link in self.links)


def read_targets(targets) -> tuple[list[Item], dict[int, object], int, bool]:
    """The items of every target in input order: the claims to read, the encoded targets
    (by index), how many displays were read and whether any came from a file."""
    items: list[Item] = []
    encoded: dict[int, object] = {}
    displays, from_files = 0, False
    for text in targets:
        target = None if _is_file_name(text) else step_target(text)
        if target is not None:
            encoded[len(items)] = target
            items.append(Item(text))
            continue
        found, is_file = _read_items(text)
        from_files = from_files or is_file
        displays += len({(i.file, getattr(i, "display", None) or i.line) for i in found})
        items += found
    return items, encoded, displays, from_files


def collect(results, displays: int, from_files: bool) -> Checked:
    """A ``Checked`` from each item's ``(links, unreadable)``, in input order."""
    found_all = [record for found, _ in results for record in found]
    links = [record for record in found_all if isinstance(record, CheckedLink)]
    expressions = [record for record in found_all if not isinstance(record, CheckedLink)]
    unreadable = [bad for _, bad in results for bad in bad]
    ordered = [record for found, bad in results for record in (*found, *bad)]
    return Checked(tuple(links), tuple(unreadable), displays, from_files, tuple(ordered),
                   tuple(expressions))


def _is_file_name(target: str) -> bool:
    return target.lower().endswith(DOCUMENT_SUFFIXES + (CLAIMS_SUFFIX,)) \
        and "\\" not in target and "{" not in target


def _read_items(target: str) -> tuple[list[Item], bool]:
    """The claims of one target, and whether it came from a file or stdin."""
    if target == "-":
        from symbolic.latex.document import looks_like_document, read_document, read_lines
        text = sys.stdin.read(MAX_DOCUMENT_CHARS + 1)
        _check_size(text, "standard input", limit=MAX_DOCUMENT_CHARS)
        if looks_like_document(text):
            chains = read_document(text, markdown="```math" in text)
        elif len([line for line in text.splitlines() if line.strip()]) > 1:
            chains = read_lines(text)
        else:
            return [Item(text.strip())], False
        return _from_chains(chains, "<stdin>"), True
    if _is_file_name(target):
        path = Path(target)
        if not path.is_file():
            raise StepcheckError(f"no such file: {target}")
        text = path.read_text(encoding="utf-8", errors="replace")
        _check_size(text, target, limit=MAX_DOCUMENT_CHARS)
        if target.lower().endswith(CLAIMS_SUFFIX):
            return _claims_of_jsonl(text, target), True
        from symbolic.latex.document import read_document   # a claim alone needs no document reader
        chains = read_document(text, markdown=target.lower().endswith((".md", ".markdown")))
        if not chains:
            return [Item("", target, None, problem="no display (equation, align, $$ or \\[ "
                                                    "block) with a claim found")], True
        return _from_chains(chains, target), True
    _check_size(target, "the step")
    return [Item(target)], False


def _from_chains(chains, file: str) -> list[Item]:
    return [_DisplayItem(c.latex, file, c.line, c.assume, c.problem, c.notes,
                         link_lines=c.link_lines, display=c.display) for c in chains]


@dataclass(frozen=True)
class _DisplayItem(Item):
    """An item read from a display (``display`` numbers the displays of its file)."""

    display: int = 0


def _claims_of_jsonl(text: str, file: str) -> list[Item]:
    """One claim per line: ``{"latex": "...", "assume": ["x > 0", ...]}``, optionally with
    ``"imaginary_unit": true`` for that claim; other fields are ignored."""
    items = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            items.append(Item(line.strip()[:80], file, number,
                              problem=f"not JSON ({exc.msg}); write {{\"latex\": \"a = b\"}}"))
            continue
        latex = record.get("latex") if isinstance(record, dict) else None
        assume = record.get("assume", []) if isinstance(record, dict) else None
        if isinstance(assume, str):
            assume = [assume]
        if not isinstance(latex, str) or not latex.strip():
            items.append(Item(line.strip()[:80], file, number,
                              problem="no \"latex\" string in this line; write {\"latex\": \"a = b\"}"))
        elif not isinstance(assume, list) or not all(isinstance(a, str) for a in assume):
            items.append(Item(latex, file, number,
                              problem="\"assume\" must be a list of LaTeX strings"))
        elif not isinstance(record.get("imaginary_unit", False), bool):
            items.append(Item(latex, file, number,
                              problem="\"imaginary_unit\" must be true or false"))
        else:
            unit = record.get("imaginary_unit")
            items.append(Item(latex, file, number, tuple(assume), imaginary_unit=unit))
    return items


def _check_size(text: str, what: str, limit: int = MAX_INPUT_CHARS) -> None:
    if len(text) > limit:
        raise ParseError(f"{what} is longer than {limit} characters; check it in parts")
    if not text.strip():
        raise ParseError(f"{what} is empty; give a LaTeX relation such as 'a = b'")
