"""The rewriter's operators with limits or arguments: fractions and derivatives, roots,
functions applied to a product, ``\\max``/``\\min`` and ``\\sum``/``\\prod``.
"""
from __future__ import annotations

import symbolic.latex.calculus as calculus
from symbolic.latex.range_subscripts import bound, double_inequality, indexes_a_name
from symbolic.latex.script_order import subscript_first
from symbolic.latex.lexer import Group, Tok, fail, text_of
from symbolic.latex.rewrite_items import (
    _derivative_head, _derivative_variable, _excluded, _index_and_lower, _more_factors)


class OperatorRewriting:
    """Fractions, roots, functions, maxima and sums: a part of ``Rewriter``."""

    def _frac(self, items, k):
        num, j = self._arg(items, k + 1, r"\frac")
        den, j = self._arg(items, j, r"\frac")
        derivative = calculus.derivative_frac(self, items, k, num, den, j)
        if derivative is not None:
            return derivative
        var = _derivative_variable(self._inner(den))
        head = _derivative_head(self._inner(num))
        if head and isinstance(head[0], Tok) and head[0].text == "^":
            raise fail(text_of(self._inner(num)), items[k].col,
                       "higher derivatives are not supported; write d/dx of the derivative")
        if var is not None and head is not None:
            if head:
                body = self.emit(head)
            else:
                body, j = self._operand(items, j, function=False)
            return self._call("SCZdiff", body, self.emit(var)), j
        return r"\frac{ %s }{ %s }" % (self.emit(self._inner(num)), self.emit(self._inner(den))), j

    def _sqrt(self, items, k):
        arg, j = self._arg(items, k + 1, r"\sqrt")
        if isinstance(arg, Tok):
            # TeX's one-token rule: \sqrt 16 is \sqrt{1}6, and \sqrt 2x is \sqrt{2} x
            if arg.text[0].isdigit() and len(arg.text) > 1:
                raise fail(r"\sqrt " + arg.text, items[k].col, f"TeX reads this as \\sqrt{{{arg.text[0]}}}"
                           f"{arg.text[1:]}; write \\sqrt{{{arg.text}}}")
            nxt = self._solid(items, j)
            if _more_factors(items, nxt) or nxt < len(items) and isinstance(items[nxt], Tok) \
                    and items[nxt].text in ("^", "_"):
                rest = text_of(items[nxt:nxt + 1]).strip()
                raise fail(r"\sqrt " + arg.text + rest, items[k].col,
                           f"TeX reads this as \\sqrt{{{arg.text}}}{rest}, which is easy to misread; "
                           f"write \\sqrt{{{arg.text}{rest}}} or \\sqrt{{{arg.text}}} \\cdot {rest}")
        if isinstance(arg, Group) and arg.kind == "paren" and arg.opener == "[":
            # \sqrt[n]{x}: the n-th root; of an odd n, the real root (\sqrt[3]{-8} = -2)
            body, j = self._arg(items, j, r"\sqrt")
            return self._call("SCZroot", self.emit(arg.items), self.emit(self._inner(body))), j
        return r"\sqrt{ %s }" % self.emit(self._inner(arg)), j

    def _function(self, items, k):
        """``\\ln``, ``\\exp``, ``\\tanh``...: optional base and power, then the operand."""
        name = items[k].text
        j = k + 1
        base = power = None
        for _ in range(2):
            s = self._solid(items, j)
            if s < len(items) and isinstance(items[s], Tok) and items[s].text in ("_", "^"):
                arg, j = self._arg(items, s + 1, name)
                if items[s].text == "_":
                    base = self.emit(self._inner(arg))
                else:
                    power = self.emit(self._inner(arg))
        if power is not None and power.replace(" ", "") in ("-1", "{-1}"):
            inverse = {r"\ln": r"\exp", r"\log": r"\exp", r"\exp": r"\ln"}.get(name, "\\arc" + name[1:])
            raise fail(name + "^{-1}", items[k].col, "ambiguous: write " + inverse + " for the inverse "
                       "or 1/" + name + " for the reciprocal")
        body, j = self._operand(items, j)
        if name in (r"\log", r"\ln"):
            # \log is the natural logarithm in this project; a written base is kept.
            head = r"\log_{ %s }" % base if base else r"\ln"
        elif base:
            raise fail(name, items[k].col, "a subscript on this function is not supported")
        else:
            head = name
        if name == r"\coth":
            # the parsing library does not know \coth: read it as the named function
            text = self._call("SCZfn", "coth", body)
            return ("( %s )^{ %s }" % (text, power) if power else text), j
        text = "%s( %s )" % (head, body)
        return ("( %s )^{ %s }" % (text, power) if power else text), j

    def _max(self, items, k):
        name = items[k].text
        s = self._solid(items, k + 1)
        if not (s < len(items) and isinstance(items[s], Tok) and items[s].text == "_"):
            arg, j = self._arg(items, k + 1, name)
            if not (isinstance(arg, Group) and arg.kind == "paren"):
                raise fail(name, items[k].col, r"write \max(a, b) or \max_j x_j")
            return r"%s( %s )" % (name, self.emit(arg.items)), j
        sub, j = self._arg(items, s + 1, name)
        tag = "SCZmax" if name == r"\max" else "SCZmin"
        ranged = double_inequality(self._inner(sub), name, items[k].col)
        if ranged is not None:
            start = j
            body, j = self._operand(items, j, function=False)
            if not indexes_a_name(items[start:j], ranged[0]):
                raise fail(name, items[k].col, f"{name}_{{lo \\le {ranged[0]} \\le hi}} of an operand that "
                           f"no {ranged[0]} indexes may be over the real interval: write "
                           f"{name}_{{{ranged[0]}=lo}}^{{hi}} for whole numbers")
            return self._call(tag + "r", ranged[0], bound(self.emit, ranged[1], "+ 1"), bound(self.emit, ranged[2], "- 1"), body), j
        index, lo = _index_and_lower(self._inner(sub), name, items[k].col)
        hi = None
        s = self._solid(items, j)
        if s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
            sup, j = self._arg(items, s + 1, name)
            hi = self.emit(self._inner(sup))
        body, j = self._operand(items, j, function=False)
        if hi is not None:
            return self._call(tag + "r", index, self.emit(lo) if lo else "1", hi, body), j
        if lo is not None:      # \min_{x = y}: the start would be dropped (over 1..N_x)
            raise fail(name, items[k].col, "give both limits, e.g. _{j=1}^{n}, or neither")
        return self._call(tag, index, body), j

    def _sum(self, items, k):
        name = items[k].text
        tag = "SCZsum" if name == r"\sum" else "SCZprod"
        items = subscript_first(items, k)        # \sum^{H}_{i=1} is \sum_{i=1}^{H}
        s = self._solid(items, k + 1)
        if not (s < len(items) and isinstance(items[s], Tok) and items[s].text == "_"):
            raise fail(name, items[k].col, r"give the index, e.g. \sum_{j=1}^{n}")
        sub, j = self._arg(items, s + 1, name)
        inner = self._inner(sub)
        ranged = double_inequality(inner, name, items[k].col)
        if ranged is not None:
            body, j = self._operand(items, j, function=False)
            return self._call(tag, ranged[0], bound(self.emit, ranged[1], "+ 1"), bound(self.emit, ranged[2], "- 1"), body), j
        excluded = _excluded(inner)
        hi = None
        s = self._solid(items, j)
        if s < len(items) and isinstance(items[s], Tok) and items[s].text == "^":
            sup, j = self._arg(items, s + 1, name)
            hi = self.emit(self._inner(sup))
        body, j = self._operand(items, j, function=False)
        if excluded is not None:
            index, others = excluded
            if tag != "SCZsum" or hi is not None:
                raise fail(name, items[k].col, r"only \sum_{i \neq a,b} without limits is supported")
            return self._call("SCZsumx", index, body, *others), j
        index, lo = _index_and_lower(inner, name, items[k].col)
        if lo is None and hi is None:
            return self._call(tag + "n", index, body), j
        if lo is None or hi is None:
            raise fail(name, items[k].col, "give both limits, e.g. _{j=1}^{n}, or neither")
        return self._call(tag, index, self.emit(lo), hi, body), j

    def _no_arg_max(self, name, items, j, col):
        """``\\arg\\max_j x_j`` is an arg max (a maximiser), never the phase of a max."""
        nxt = self._solid(items, j)
        if name in (r"\arg", "arg") and nxt < len(items) and isinstance(items[nxt], Tok) \
                and items[nxt].text in (r"\max", r"\min"):
            raise fail(r"\arg" + items[nxt].text, col, "an arg max/min (a maximiser) is not a value "
                       "that can be checked; \\arg z alone is the principal argument of z")
