"""The rewriter's bars and transposes: norms, inner products ``\\langle u, v \\rangle`` and
``u^T v`` / ``u v^T`` read as dot products.
"""
from __future__ import annotations

import re

from symbolic.latex.capital_numbers import scalar_letter
from symbolic.latex.lexer import Group, Tok, fail, text_of
from symbolic.latex.rewrite_items import (
    _atom_end, _atom_start, _bars, _is_transpose, _skip_back, _skip_forward, _space)
from symbolic.latex.rewrite_tables import _FONTS
from symbolic.latex.vector_inner import summed_inner
from symbolic.latex.vector_sums import transposed_sum
from symbolic.latex.vectors import (
    bold_dot_end, bold_dot_parts, bold_vector_parts, euclidean_subscript_end, is_bold_vector,
    scaled_bold_start, scalar_power_t, upright_vector_end, vector_atom_end, vector_atom_start)


def _vector_end(items, start):
    """The end of a vector atom (``k_j``, ``\\boldsymbol{g}_t``) at start, or None."""
    return vector_atom_end(items, start, _atom_end)


def _vector_start(items, end):
    """The start of a vector atom ending just before end, or None."""
    return vector_atom_start(items, end, _atom_start)


# operators whose ^ is an upper limit: \sum_{t=1}^T runs to T, it transposes nothing
_LIMIT_OPERATORS = frozenset([r"\sum", r"\prod", r"\int", r"\oint", r"\coprod", r"\bigcup",
                              r"\bigcap", r"\bigoplus", r"\bigotimes"])


def _limit_of_operator(items, caret) -> bool:
    """Whether the ^ at caret is the upper limit of \\sum, \\prod, \\int (after its lower limit)."""
    k = caret - 1
    while k >= 0 and _space(items[k]):
        k -= 1
    if k >= 1 and isinstance(items[k - 1], Tok) and items[k - 1].text == "_":
        k -= 2                        # \sum_{t=1}^T: step over the lower limit
        while k >= 0 and _space(items[k]):
            k -= 1
    if k >= 0 and isinstance(items[k], Tok) and items[k].text in (r"\limits", r"\nolimits"):
        k -= 1
    return k >= 0 and isinstance(items[k], Tok) and items[k].text in _LIMIT_OPERATORS


class BarRewriting:
    """Norms, inner products and transposes: a part of ``Rewriter``."""

    def _inner_product(self, group) -> str:
        """``\\langle u, v \\rangle`` of two vectors: their dot product."""
        summed = summed_inner(self, group, _vector_end)     # <a - b, c> (vector_inner.py)
        if summed is not None:
            return summed
        parts, current = [], []
        for item in group.items:
            if isinstance(item, Tok) and item.text == ",":
                parts.append(current)
                current = []
            elif not _space(item):
                current.append(item)
        parts.append(current)
        vectors = []
        for part in parts:
            if len(part) == 2 and isinstance(part[0], Tok) and part[0].text in _FONTS \
                    and not is_bold_vector(part):
                part = list(self._inner(part[1]))
            part = tuple(x for x in part if not _space(x))
            if not part or _vector_end(part, 0) != len(part):
                raise fail(text_of((group,)), group.col, "an inner product needs two vectors like q, k_j")
            vectors.append(part)
        if len(vectors) != 2:
            raise fail(text_of((group,)), group.col, "an inner product needs exactly two vectors")
        return self._dot(vectors[0], vectors[1])

    # -- norms --------------------------------------------------------------------------------
    def _norms(self, items):
        """``||v||`` and ``\\|v\\|`` of a vector v: ``sqrt(v^T v)`` (see vectors.py)."""
        k = 0
        while k < len(items):
            bars = _bars(items, k)
            if bars:
                first = _skip_forward(items, k + bars)
                end = _vector_end(items, first)
                close = _skip_forward(items, end) if end is not None else None
                if close is not None and _bars(items, close) == bars:
                    text = self._call("SCZnorm", self._vec(items[first:end]))
                    after = euclidean_subscript_end(items, close + bars)     # \|x\|_2
                    items = items[:k] + (Tok(text, items[k].col),) + items[after:]
                elif self._norm_of_sum(items, k, bars) is not None:
                    text, after = self._norm_of_sum(items, k, bars)
                    after = euclidean_subscript_end(items, after)
                    items = items[:k] + (Tok(text, items[k].col),) + items[after:]
                elif bars == 1 or k + 1 < len(items) and _bars(items, k) == 2:
                    raise fail(text_of(items[k:]), items[k].col, "the norm of an expression of vectors "
                               "cannot be read; write it with components: \\sqrt{\\sum_j (x_j - y_j)^2}")
            k += 1
        return items

    def _norm_of_sum(self, items, k, bars):
        """``\\|u - v + w\\|`` of vectors named alone (no factor beside any of them): the text
        of ``SCZnormc(1, u, -1, v, 1, w)`` (the Euclidean norm of the signed sum, see
        vectors.py) and the index after the closing bars; None for anything else (a factor
        such as ``\\eta g_t`` may be a number or a vector: refused)."""
        pos = _skip_forward(items, k + bars)
        sign = "1"
        if pos < len(items) and isinstance(items[pos], Tok) and items[pos].text in ("+", "-"):
            sign = "1" if items[pos].text == "+" else "-1"
            pos = _skip_forward(items, pos + 1)
        terms, scaled = [], False
        while True:
            end = _vector_end(items, pos)
            start = scaled_bold_start(items, pos)
            if start is not None:
                # \eta_t \boldsymbol{g}_t: a number times a bold vector (see vectors.py)
                end = _vector_end(items, start)
                run = items[pos:_skip_back(items, start - 1) + 1]     # \eta_t \cdot \mathbf{x}
                sign = "(%s) \\cdot (%s)" % (sign, self.emit(run))
                scaled = True
                terms += [sign, self._vec(items[start:end])]
            elif end is None or any(isinstance(x, Tok) and x.text == r"\cdot" for x in items[pos:end]):
                return None
            else:
                terms += [sign, self._vec(items[pos:end])]
            after = end
            while after < len(items) and _space(items[after]):
                after += 1
            if after < len(items) and _bars(items, after) == bars:
                if len(terms) < 4 and not scaled and terms[0] == "1":
                    return None           # one vector: the plain norm reads it
                return self._call("SCZnormc", *terms), after + bars
            if after < len(items) and isinstance(items[after], Tok) and items[after].text in ("+", "-"):
                sign = "1" if items[after].text == "+" else "-1"
                pos = after + 1
                while pos < len(items) and _space(items[pos]):
                    pos += 1
                continue
            return None

    # -- transposes ----------------------------------------------------------------------------
    def _transposes(self, items):
        """Replace ``u v^T`` / ``u^T v`` by dot-product placeholders (see vectors.py)."""
        items = self._bold_dots(items)
        k = 0
        while k < len(items):
            item = items[k]
            if isinstance(item, Tok) and item.text == "^" and k + 1 < len(items) \
                    and _space(items[k + 1]) and _skip_forward(items, k + 1) < len(items) \
                    and _is_transpose(items[_skip_forward(items, k + 1)]) \
                    and not _limit_of_operator(items, k):
                # x ^ T y was read as the power x**T times y (a red team): a spaced ^T is refused
                raise fail("^ T", item.col, "a space after ^ before T: write x^T (a transpose, "
                           "with x^\\top preferred) or x^{T} as it is meant, without the space")
            if isinstance(item, Tok) and item.text == "^" and k + 1 < len(items) \
                    and id(items[k + 1]) in self._powers_t:
                pass                                                # \beta^T read as a power
            elif isinstance(item, Tok) and item.text == "^" and k + 1 < len(items) \
                    and _is_transpose(items[k + 1]) and _limit_of_operator(items, k):
                self._letter_t("limit", items[k + 1], item.col)
            elif isinstance(item, Tok) and item.text == "^" and scalar_power_t(items, k):
                self._letter_t("limit", items[k + 1], item.col)     # (1 - x)^T: a power
            elif isinstance(item, Tok) and item.text == "^" and k + 1 < len(items) \
                    and _is_transpose(items[k + 1]):
                if self._power_t(items, k):
                    k += 2
                    continue
                self._letter_t("transpose", items[k + 1], item.col)
                items = self._one_transpose(items, k)
                k = 0
                continue
            k += 1
        return items

    def _bold_dots(self, items):
        """``\\mathbf{u} \\cdot \\mathbf{v}`` of two bold vectors: their dot product."""
        k = 0
        while k < len(items):
            end = bold_dot_end(items, k)
            if end is not None:
                u, v = bold_dot_parts(items, k)
                items = items[:k] + (Tok(self._dot(u, v), items[k].col),) + items[end:]
            k += 1
        return items

    def _letter_t(self, use: str, item, col: int) -> None:
        """A letter T that is a limit (\\sum_{t=1}^T) and a transpose (x^T) in one chain is refused:
        beside a count T, x^T may be the T-th power."""
        if text_of((item,)).strip("{} ") != "T":
            return
        uses = getattr(self, "_t_uses", set())
        uses.add(use)
        self._t_uses = uses
        if uses == {"limit", "transpose"}:
            raise fail("^T", col, "T is a limit of a sum and a transpose in this chain: x^T may "
                       "be a power; write x^\\top for the transpose")

    def _one_transpose(self, items, caret):
        col = items[caret].col
        summed = transposed_sum(self, items, caret, _vector_end)   # (a - b)^T c (vector_sums.py)
        if summed is not None:
            return summed
        start, u, scale = self._transposed(items, caret)
        if text_of(u[:1])[:1].isupper():
            raise fail(text_of(u) + "^T", col, "matrix transposes are not supported; "
                       "write the entries or a dot product of vectors")
        # u^T v (a vector right of the transpose) is preferred: in "\lambda k^T q" the
        # scalar is on the left; without one on the right, u v^T takes the left neighbour.
        after = _skip_forward(items, caret + 2)
        end = _vector_end(items, after)
        if end is not None:
            nxt = _skip_forward(items, end)
            if nxt < len(items) and isinstance(items[nxt], Tok) and items[nxt].text in ("^", "'"):
                raise fail(text_of(items[start:nxt + 2]), col, "a power after u^T v: (u^T v)^2, or "
                           "u^T times a power of v? write the brackets")
            self._convention("u^T v", col)
            text = self._dot(u, items[after:end])
            return items[:start] + (Tok(scale + text, col),) + items[end:]
        if after < len(items) and isinstance(items[after], Group) and items[after].kind == "paren":
            self._convention("u^T v", col)
            text = self._call("SCZdotl", self._vec(u), self.emit(items[after].items))
            return items[:start] + (Tok(scale + text, col),) + items[after + 1:]
        before = _skip_back(items, start - 1)
        left = _vector_start(items, before + 1) if before >= 0 and not scale else None
        if left is not None and left > 0 and isinstance(items[left - 1], Tok) \
                and items[left - 1].text in ("^", "_"):
            raise fail(text_of(items[left - 1:caret + 2]), col, "the letter before v^T is a "
                       "script of another name: write u v^T with u named alone")
        if left is not None:
            v = items[left:before + 1]
            if is_bold_vector(v) or is_bold_vector(u):
                # bold vectors are columns: u v^T is their outer product (a matrix)
                raise fail(text_of(v) + text_of(u) + "^T", col, "u v^T of bold (column) vectors "
                           "is an outer product (a matrix), which cannot be read; write u^T v "
                           "for their dot product")
            if len(v) == 1 and len(u) == 1:
                # q_i k_j^T of row vectors is a dot product (the documents' notation); p p^T of
                # plain vectors is an outer product (a matrix) in most papers
                raise fail(text_of(v) + text_of(u) + "^T", col, "u u^T of vectors without a row "
                           "index is an outer product (a matrix), which cannot be read; write "
                           "u^T v or \\langle u, v \\rangle for a dot product")
            self._convention("u v^T", col)
            return items[:left] + (Tok(self._dot(v, u), col),) + items[caret + 2:]
        raise fail(text_of(u) + "^T", col, "a transposed vector needs a vector next to it (u^T v or u v^T)")

    @property
    def _powers_t(self) -> set:
        """The exponent tokens T read as powers by ``_power_t`` (by identity: the loop re-scans)."""
        if not hasattr(self, "_power_t_tokens"):
            self._power_t_tokens = set()
        return self._power_t_tokens

    def _power_t(self, items, caret) -> bool:
        """``\\beta^T`` where the claim uses T as a number (``\\sum_{t=0}^{T-1}``, ``\\frac{1}{T}``:
        capital_numbers.py) is the T-th power: a lone plain lower-case letter with no vector on
        either side has no transpose worth writing. Any other ``^T`` beside such a T is refused:
        x^T y may be a dot product or a power."""
        exp = items[caret + 1]
        solid = [x for x in exp.items if not _space(x)] if isinstance(exp, Group) and exp.kind == "brace" else [exp]
        if "T" not in self.numbers or len(solid) != 1 or not isinstance(solid[0], Tok) \
                or solid[0].text != "T":
            return False
        col = items[caret].col
        start, u, scale = self._transposed(items, caret)
        after = _skip_forward(items, caret + 2)
        before = _skip_back(items, start - 1)
        lone = not scale and len(u) == 1 and scalar_letter(u[0]) \
            and col in getattr(self, "lone_powers_t", ())    # nothing beside it (capital_numbers)
        beside = _vector_end(items, after) is not None or (
            after < len(items) and isinstance(items[after], Group) and items[after].kind == "paren") \
            or (before >= 0 and _vector_start(items, before + 1) is not None)
        if not lone or beside:
            raise fail(text_of(u) + "^T", col, "T is a number in this claim (a range end or a "
                       "denominator), so ^T may be its power or a transpose: write x^\\top for a "
                       "transpose; the power is read only on a lone letter with nothing beside "
                       "it but a sign or a relation (1 - \\beta^T)")
        self._letter_t("limit", exp, col)
        self._powers_t.add(id(exp))
        return True

    def _convention(self, form: str, col: int) -> None:
        """Both u^T v and u v^T in one chain: one of them is an outer product (a matrix)."""
        if self.convention is None:
            self.convention = form
        elif self.convention != form:
            raise fail("^T", col, f"this chain writes both u^T v and u v^T; one of them would be an "
                       f"outer product (a matrix), which is not supported: use one convention")

    def _transposed(self, items, caret):
        """What ^T applies to: (start index, the vector's items, LaTeX of a scalar factor + \\cdot).

        ``k_j^T`` is a vector; ``(\\lambda \\mu_a)^T`` is a scalar times a vector (linearity).
        """
        col = items[caret].col
        start = _vector_start(items, caret)
        if start is not None:
            return start, items[start:caret], ""
        group = items[caret - 1] if caret else None
        if isinstance(group, Group) and group.kind == "paren":
            inner = tuple(x for x in group.items if not (isinstance(x, Tok) and x.text == r"\cdot"))
            end = len(inner)
            while end and _space(inner[end - 1]):
                end -= 1
            first = _vector_start(inner, end)
            rest = inner[:first] if first is not None else ()
            if first is not None and not any(isinstance(x, Tok) and x.text in "+-" for x in rest):
                if re.search(r"(?<![\\A-Za-z])[A-Z]|\\[A-Z][a-z]+", text_of(rest)):
                    # (A x)^T y, (\Lambda x)^T: a capital beside a vector is a matrix in the papers
                    raise fail(text_of((group,)) + "^T", col, "a capital beside a vector in a "
                               "transposed bracket may be a matrix: declare it (--assume 'A \\in "
                               "\\mathbb{R}^{n \\times n}') with the vector, or write the entries")
                scale = self.emit(rest).strip()
                return caret - 1, inner[first:end], (r"( %s ) \cdot " % scale if scale else "")
        raise fail("^T", col, "a transpose is supported only on a vector like k_j or a scaled "
                   "vector like (\\lambda k_j), in u^T v or u v^T")

    def _vec(self, atom) -> str:
        if is_bold_vector(atom) or upright_vector_end(tuple(atom), 0) == len(atom):   # \mathrm{do}_i
            # the bold name keeps its font (\boldsymbol{g} is not g); its subscript is its index
            name, sub = bold_vector_parts(atom)
            return self._symbol(name) + ("_{%s}" % sub if sub else "")
        for tok in atom:
            if isinstance(tok, Tok) and tok.text.isalpha() and tok.text.isupper() and tok is atom[0]:
                raise fail(text_of(atom), tok.col, "matrix products are not supported")
        return text_of(atom)

    def _dot(self, u, v) -> str:
        return self._call("SCZdot", self._vec(u), self._vec(v))
