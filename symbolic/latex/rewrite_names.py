"""The rewriter's letters, names and scripts: numbers, subscripts and superscripts, primes,
fonts and accents, named functions (``\\Re``, ``\\operatorname{softmax}``).
"""
from __future__ import annotations

import re

import symbolic.latex.calculus as calculus
import symbolic.latex.named_letters as named_letters
import symbolic.latex.named_primes as named_primes
from symbolic.latex.components import is_declared_number
from symbolic.latex.entry_subscripts import bracket_shares_index, own_entry
from symbolic.latex.lexer import FUNCTIONS, GREEK, Group, RELATIONS, Tok, fail, text_of
from symbolic.latex.rewrite_items import _adjacent, _adjacent_tok, _lone_atom, _space
from symbolic.latex.rewrite_tables import (
    FUNCTION_LETTERS, _ALIASES, _ASYMPTOTIC, _DISTINCT_FONTS, _FONTS, _NAMED, _PLAIN_NAMES,
    _STATISTICS, _function_key, _is_letter)


# words of a sentence, never the name of a quantity, when written in \text{} inside a formula
_PROSE = frozenset("""if for and or where when whenever with since because as is are by of to in
on at we also therefore otherwise else holds gives yields using via then thus hence so iff all
every each any some such that given provided assuming let ie eg cf see note st""".split())


def _prime_marks(arg) -> int:
    """How many primes a superscript holds when it holds only primes (``^\\prime``,
    ``^{\\prime\\prime}``), else 0."""
    items = arg.items if isinstance(arg, Group) and arg.kind == "brace" else (arg,)
    solid = [x for x in items if not _space(x)]
    if solid and all(isinstance(x, Tok) and x.text == r"\prime" for x in solid):
        return len(solid)
    return 0


def _holds_sum(inside) -> bool:
    """Whether bracket contents are a sum or difference of terms (a sign after the first item)."""
    return any(isinstance(x, Tok) and x.text in ("+", "-") for x in inside[1:])


class NameRewriting:
    """Letters, names, numbers and scripts: a part of ``Rewriter``."""

    def _base(self, text: str) -> str:
        """A letter as the library should see it: I, \\gamma and \\Gamma are plain symbols.

        The library reads I as the imaginary unit and both gammas as Euler's constant; here they
        are variables (Greek letters are parameters in the papers read: LayerNorm's gamma).
        """
        if text in _PLAIN_NAMES:
            key = "SCZn" + _PLAIN_NAMES[text]
            self.plain[key] = _PLAIN_NAMES[text]
            return r"\text{%s}" % key
        return text

    def _script(self, items, k):
        """The argument of the ^ or _ at k, by TeX's one-token rule; double scripts are refused."""
        text = items[k].text
        arg, nxt = self._arg(items, k + 1, text)
        seen, j = {text}, nxt
        while True:
            s = self._solid(items, j)
            if not (s < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_")):
                break
            if items[s].text in seen:
                which = "superscript" if items[s].text == "^" else "subscript"
                raise fail(text_of(items[max(k - 1, 0):s + 2]), items[s].col,
                           f"a double {which} is a TeX error; write {{a^b}}^c or a^{{b^c}}"
                           if which == "superscript" else
                           f"a double {which} is a TeX error; write x_{{a,b}} or {{x_a}}_b")
            seen.add(items[s].text)
            j = self._arg(items, s + 1, items[s].text)[1]
        return arg, nxt

    def _number(self, items, k):
        """A number; digit groups 12\\,345 are one number, other numbers side by side are refused."""
        text, j = items[k].text, k + 1
        while True:
            s = j
            while s < len(items) and isinstance(items[s], Tok) and items[s].space:
                s += 1
            nxt = items[s] if s < len(items) else None
            if not (isinstance(nxt, Tok) and nxt.text[0].isdigit()):
                break
            seps = [t.text for t in items[j:s]]
            grouped = seps == [r"\,"] and nxt.text.isdigit() and len(nxt.text) == 3 \
                and "." not in text and (len(text) <= 3 or j > k + 1)
            if not grouped:
                shown = text_of(items[k:s + 1])
                raise fail(shown, items[k].col, f"numbers side by side ('{shown}') could be one number, "
                           f"a product or a mixed number; write {text}{nxt.text}, "
                           f"{text} \\cdot {nxt.text} or {text} + {nxt.text}")
            text, j = text + nxt.text, s + 1
        if j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text in ("e", "E") \
                and _adjacent_tok(items[j - 1], items[j]) and isinstance(items[j + 1], Tok) \
                and (items[j + 1].text in "+-" or items[j + 1].text[0].isdigit()):
            raise fail(text_of(items[k:j + 3]), items[k].col, "scientific notation is not LaTeX; "
                       f"write {text} \\cdot 10^{{...}}, or {text} \\cdot e for Euler's number")
        s = self._solid(items, j)
        nxt = items[s] if s < len(items) else None
        if isinstance(nxt, Tok) and nxt.text in (r"\frac", r"\dfrac", r"\tfrac"):
            parts = []
            t = s + 1
            for _ in range(2):
                arg, t = self._arg(items, t, nxt.text)
                parts.append(text_of(self._inner(arg)).strip())
            if all(re.fullmatch(r"\d+(\.\d+)?", p) for p in parts):
                raise fail(text_of(items[k:t]), items[k].col,
                           f"a number before a numeric fraction may be a mixed number ({text} + "
                           f"{parts[0]}/{parts[1]}) or a product; write {text} + \\frac{{{parts[0]}}}"
                           f"{{{parts[1]}}} or {text} \\cdot \\frac{{{parts[0]}}}{{{parts[1]}}}")
        if "." in text:
            whole, frac = text.split(".")
            out = r"\frac{%s}{1%s}" % (int(whole + frac), "0" * len(frac))
        else:
            out = str(int(text))
        if isinstance(nxt, Group):
            out += r" \cdot"    # 2(3) is 2 times 3: never the library's mixed number 2 + 3
        return out, j

    def _no_bracket_after(self, items, j, name, col) -> None:
        """Refuse a decorated name before brackets: \\bar{H}_n(x) is a function or a product."""
        s = self._solid(items, j)
        while s + 1 < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_"):
            s = self._solid(items, s + 2)
        if s < len(items) and isinstance(items[s], Group) and items[s].kind == "paren":
            raise fail(name + text_of(items[j:s + 1]), col, f"{name}(...) may be a function or "
                       f"{name} times (...): write {name} \\cdot (...) for a product, or give the "
                       f"function a plain name declared with --function")

    def _not_a_declared_function(self, items, k, scripts) -> None:
        """Refuse a declared function written without brackets (``L(x) \\le L x``): the name
        would be read as a number beside the function of the same name (a loss L and a
        constant L), or as the function's value at an unwritten argument."""
        tok = items[k]
        key = _function_key(tok.text)
        sub = [a for t, a in scripts if t == "_"]
        full = key + ("_{%s}" % self._subscript(sub[0]) if sub else "")
        if key in self.functions or full.replace("{", "").replace("}", "") in self.functions:
            raise fail(tok.text, tok.col, f"{tok.text} is declared a function but is written here "
                       f"without brackets: write its argument, {tok.text}(x), or give the "
                       f"quantity another name")

    def _prime(self, items, k, s, primes, scripts):
        """``f'(x)``, ``f''(x)`` of a declared function f: its derivatives at a variable x."""
        tok = items[k]
        key = _function_key(tok.text)
        group = items[s + primes] if s + primes < len(items) else None
        declared = key in self.functions and not scripts
        args = [x for x in group.items if not _space(x)] if isinstance(group, Group) and \
            group.kind == "paren" else []
        if tok.text == r"\sigma" and not declared and not scripts and primes <= 3 and len(args) == 1 \
                and isinstance(args[0], Tok) and _is_letter(args[0].text):
            return calculus.sigmoid_prime(self, items, k, s, primes, group)
        if not declared or primes > 3 or len(args) != 1 or not (isinstance(args[0], Tok)
                                                               and _is_letter(args[0].text)):
            raise fail(text_of(items[k:s + primes + 1]), tok.col,
                       calculus.PRIME_HINT)
        return self._call("SCZprime", key, str(primes), self.emit(group.items)), s + primes + 1

    def _letter(self, items, k):
        """A letter before brackets: a declared function, the sigmoid, refused, or a product.

        Returns None when no bracket follows (the ordinary path reads the letter).
        """
        tok = items[k]
        if k + 1 < len(items) and isinstance(items[k + 1], Tok) and items[k + 1].text[0].isdigit() \
                and _adjacent_tok(tok, items[k + 1]) and tok.text.isascii():
            raise fail(tok.text + items[k + 1].text, tok.col, f"'{tok.text}{items[k + 1].text}' may be an "
                       f"index or a product; write {tok.text}_{{{items[k + 1].text}}} or "
                       f"{items[k + 1].text}{tok.text}")
        if tok.text == "d":
            return None
        if tok.text in (r"\Delta", r"\delta"):
            nxt = self._solid(items, k + 1)
            after = items[nxt] if nxt < len(items) else None
            if isinstance(after, Tok) and (_is_letter(after.text) or after.text in _FONTS):
                # Δx/Δt read as a product would cancel to x/t: an increment is one quantity
                what = after.text + ("{...}" if after.text in _FONTS else "")
                raise fail(tok.text + " " + after.text, tok.col, f"{tok.text} {what} may be an "
                           f"increment (or variation) of {what}, one quantity, or {tok.text} "
                           f"times {what}: give the increment a name of its own (a subscript, "
                           f"{tok.text}_{{x}}) or write {tok.text} \\cdot {what} for a product")
        scripts, j = [], k + 1
        s = self._solid(items, j)
        while s < len(items) and isinstance(items[s], Tok) and items[s].text in ("^", "_") \
                and len(scripts) < 2:
            arg, j = self._script(items, s)
            scripts.append((items[s].text, arg))
            s = self._solid(items, j)
        primes = 0
        while s + primes < len(items) and isinstance(items[s + primes], Tok) and items[s + primes].text == "'":
            primes += 1
        if primes:
            return self._prime(items, k, s, primes, scripts)
        marks = [_prime_marks(a) for t, a in scripts if t == "^"]
        if marks and marks[0] and s < len(items) and isinstance(items[s], Group) \
                and items[s].kind == "paren":
            # f^{\prime}(x) is f'(x): the same rule (a declared function at a variable, or refused)
            rest = [(t, a) for t, a in scripts if t != "^"]
            # (_prime finds the bracket after the primes: s - marks + marks)
            return self._prime(items, k, s - marks[0], marks[0], rest)
        group = items[s] if s < len(items) else None
        if not (isinstance(group, Group) and group.kind == "paren"):
            self._not_a_declared_function(items, k, scripts)
            if isinstance(group, Group) and group.kind == "brace":
                # TeX's a{b} is a times b (braces only group): the parser would call a at b
                return self._product_head(tok.text, scripts), s
            return None
        name, key = tok.text, _function_key(tok.text)
        sub = [a for t, a in scripts if t == "_"]
        sup = [a for t, a in scripts if t == "^"]
        full = key + ("_{%s}" % self._subscript(sub[0]) if sub else "")
        shown = text_of(items[k:s + 1])
        if key in self.functions or full.replace("{", "").replace("}", "") in self.functions:
            if sup:
                raise fail(shown, tok.col, "a power of a declared function is ambiguous: write "
                           "(f(x))^2 for its square or f(f(x)) for a composition")
            return self._call("SCZfn", full, *self._arguments(group.items)), s + 1
        if name == r"\sigma" and not scripts:
            return self._call("SCZsigmoid", self.emit(group.items)), s + 1
        if name == r"\sigma":
            raise fail(shown, tok.col, r"\sigma with a power or an index before brackets may be the "
                       r"sigmoid or a variable times (...): write (\sigma(x))^2, or \sigma^2 \cdot (x)")
        if k and _adjacent(items[k - 1], tok):
            raise fail(shown, tok.col, f"letters written together before brackets may name one "
                       f"function or multiply one: write \\operatorname{{...}}(...) for a function "
                       f"named by several letters, or separate the factors with \\cdot")
        if any(isinstance(x, Tok) and x.text == "," for x in group.items) and not sup:
            # M(q_i, K): a list in brackets cannot be a factor, so this is a function application
            return self._call("SCZfn", full, *self._arguments(group.items)), s + 1
        if name in _ASYMPTOTIC and not scripts:
            raise fail(shown, tok.col, f"{name}(...) is asymptotic notation, not a value: it cannot "
                       f"be checked as an equation")
        if group.opener in ("[", r"\left["):
            raise fail(shown, tok.col, f"{name}[...] may index {name} or multiply it: write "
                       f"{name}_{{...}} for an element, {name} \\cdot (...) for a product")
        if name == r"\Gamma":
            raise fail(shown, tok.col, r"\Gamma(...) may be the gamma function or \Gamma times (...): "
                       r"write \operatorname{Gamma}(x) for the function, \Gamma \cdot (x) for a product")
        if is_declared_number(items, k, self.numbers):    # L \in \mathbb{R}: L(x) is L times x
            return self._product_head(name, scripts), s
        if sub and not sup and name in getattr(self, "entry_families", ()) and own_entry(items, k) \
                and _holds_sum([x for x in group.items if not _space(x)]) \
                and bracket_shares_index(items, k, group.items):
            # the claim writes P_{il} as a factor elsewhere: P_{ij}(a - b) is an entry times
            # (a - b), which needs its bracket; P_{ij}(t), P_{ij}(2t), P_{ij}(-t) stay refused
            # (a value of P_ij(t), an entry of P(t), as often as a product written with brackets)
            return self._product_head(name, scripts), s
        if name in FUNCTION_LETTERS:
            raise fail(shown, tok.col, f"{name}(...) may be the function {name} applied to (...) or "
                       f"{name} times (...): declare functions with --function {key} (functions="
                       f"['{key}'] in the API), or write {name} \\cdot (...) for a product")
        inside = [x for x in group.items if not _space(x)]
        if _lone_atom(inside):
            arg = text_of(inside)
            raise fail(shown, tok.col, f"{name}({arg}) may be the function {name} at {arg} or {name} "
                       f"times {arg}: declare the function (--function {key}, functions=['{key}']) "
                       f"or write {name} \\cdot {arg}")
        # a product, the same whatever the brackets hold
        return self._product_head(name, scripts), s

    def _product_head(self, name, scripts) -> str:
        """A letter with its scripts as the first factor of a product (``a_i^{2} \\cdot``)."""
        out = [self._base(name)]
        for t, arg in scripts:
            out.append("_{" + self._subscript(arg) + "}" if t == "_"
                       else "^{ " + self.emit(self._inner(arg)) + " }")
        return " ".join(out) + r" \cdot"

    def _check_division(self, items, k) -> None:
        """Refuse ``a/b c``: (a/b)c or a/(bc) is a guess; ask for \\frac or brackets."""
        j = self._solid(items, k + 1)
        if j >= len(items) or (isinstance(items[j], Tok) and items[j].text.startswith("\\")):
            return
        j += 1
        while j + 1 < len(items) and isinstance(items[j], Tok) and items[j].text in ("_", "^"):
            j += 2
        nxt = self._solid(items, j)
        if nxt >= len(items):
            return
        after = items[nxt]
        # a closing floor or ceiling ends the quotient: \lceil M/128 \rceil
        stops = ("+", "-", "*", "/", r"\cdot", r"\times", ",", "!", r"\rceil", r"\rfloor") + tuple(RELATIONS)
        if isinstance(after, Tok) and after.text in stops:
            return
        raise fail(text_of(items[max(k - 1, 0):nxt + 1]).strip(), items[k].col,
                   "ambiguous division: write \\frac{a}{b} c or a/(b c)")

    def _subscript(self, arg) -> str:
        """A subscript as written (``j``, ``{i,j}``, ``{perm}``): only simple tokens are allowed.

        An upright name (``d_{\\mathrm{model}}``, ``W_{\\text{out}}``) is the word itself.
        """
        inner = self._inner(arg)
        solid = [x for x in inner if not _space(x)]
        if len(solid) == 1 and isinstance(solid[0], Tok) and solid[0].text in (r"\max", r"\min"):
            # \lambda_{\max}: the largest eigenvalue, a name with the label max (never a maximum)
            return solid[0].text[1:]
        if len(solid) == 2 and isinstance(solid[0], Tok) and solid[0].text in _FONTS \
                and isinstance(solid[1], Group) and re.fullmatch(r"[A-Za-z]+", text_of(solid[1].items).strip()):
            return text_of(solid[1].items).strip()
        for tok in inner:
            ok = isinstance(tok, Tok) and (tok.text.isalnum() or tok.space or tok.text in "+-,"
                                           or tok.text[1:] in GREEK)
            if not ok:
                col = tok.col if isinstance(tok, Tok) else tok.col
                raise fail(text_of((tok,)), col, "only letters, digits, + - and commas may be subscripts")
        return text_of(inner).replace(" ", "")

    def _symbol(self, latex: str) -> str:
        """A placeholder symbol standing for a decorated name such as ``\\hat{x}``."""
        # \widehat{x} is \hat{x} set wider (the same accent): one name, never two quantities
        def same(a):
            return re.sub(r"\\wide(hat|tilde)(?![A-Za-z])", r"\\\1", a)
        for key, value in self.names.items():
            if same(value) == same(latex):
                return r"\text{%s}" % key
        key = f"SCZsym{len(self.names)}"
        self.names[key] = latex
        return r"\text{%s}" % key

    def _font(self, items, k):
        cmd = items[k].text
        arg, j = self._arg(items, k + 1, cmd)
        name = text_of(self._inner(arg)).strip()
        if cmd in (r"\text", r"\textrm", r"\mbox", r"\textnormal", r"\mathrm") \
                and name.lower() in _PROSE:
            # x^2 = x \text{ if } x = 1 is a claim with a condition: read as a variable "if",
            # the word would join the two sides into another claim (x^2 = x if x, x if x = 1)
            raise fail(text_of((items[k], arg)), items[k].col,
                       f"'{name}' is a word of the sentence around the formula (a condition or a "
                       f"remark), not a quantity: check the claim alone, and give a condition "
                       f"with --assume")
        if name in _NAMED and named_primes.primes_after(self, items, j, _prime_marks)[0]:
            return named_primes.named_prime(self, items, k, j, _NAMED[name], _prime_marks)
        if name in _NAMED:
            self._no_arg_max(name, items, j, items[k].col)
            body, j = self._operand(items, j)
            return self._call(_NAMED[name], body), j
        if name == "i" and cmd in (r"\mathrm", r"\text", r"\operatorname"):
            return r"\text{SCZimag}", j
        if name in ("E", "Var") and cmd in (r"\operatorname", r"\mathrm", r"\text"):
            return calculus.expectation(self, items, k, j, "SCZexpect" if name == "E" else "SCZvar")
        if name in _STATISTICS and cmd in (r"\operatorname", r"\mathrm", r"\text"):
            raise fail(text_of((items[k], arg)), items[k].col,
                       "expectations, variances and probabilities cannot be read; check them "
                       "with a rule or name the quantity")
        if cmd in (r"\mathbf", r"\boldsymbol") and len(name) == 1 and name.isupper():
            # \boldsymbol{W} is the same bold capital as \mathbf{W} (a matrix), never a number
            shown = f"{cmd}{{{name}}}"
            raise fail(shown, items[k].col, "a bold capital is a matrix: declare its shape to read "
                       "it as one (--assume '%s \\in \\mathbb{R}^{m \\times n}')" % shown)
        if name == "e" and cmd in (r"\mathrm", r"\text", r"\textrm", r"\rm", r"\operatorname"):
            named_letters.check_upright_e(items, k, j)        # \mathrm{e}^{x}_{i}: not exp(x)
        if len(name) == 1 and name.isalpha():
            nxt = self._solid(items, j)
            if cmd == r"\operatorname" and nxt < len(items) and isinstance(items[nxt], Group) \
                    and items[nxt].kind == "paren":
                # \operatorname{f}(x + 1): explicitly the function f, never f times (x + 1)
                return self._call("SCZfn", name, *self._arguments(items[nxt].items)), nxt + 1
            if cmd in _DISTINCT_FONTS and name in ("O", "o") and nxt < len(items) \
                    and isinstance(items[nxt], Group):
                raise fail(text_of((items[k], arg)), items[k].col, "asymptotic notation is not a "
                           "value: it cannot be checked as an equation")
            if cmd in _DISTINCT_FONTS:
                # bold x (a vector) and calligraphic L (a loss) are not x and L
                self._no_bracket_after(items, j, r"%s{%s}" % (cmd, name), items[k].col)
                return self._symbol(r"%s{%s}" % (cmd, name)), j
            return self._base(name), j
        if cmd in _DISTINCT_FONTS and re.fullmatch(r"\\[a-z]+", name) and name[1:] in GREEK:
            # a bold lowercase Greek letter (\boldsymbol{\theta}: a parameter vector) is a name
            # of its own, like \boldsymbol{x}: not \theta, and never a function before brackets
            self._no_bracket_after(items, j, r"%s{%s}" % (cmd, name), items[k].col)
            return self._symbol(r"%s{%s}" % (cmd, name)), j
        name = _ALIASES.get(name, name)
        if ("\\" + name) in FUNCTIONS:
            # \operatorname{exp} is \exp: rewrite the run with the command in place of the font.
            swapped = items[:k] + (Tok("\\" + name, items[k].col),) + items[j:]
            text, nxt = self._function(swapped, k)
            return text, nxt + (j - k - 1)
        if not name.isalpha():
            raise fail(text_of((items[k], arg)), items[k].col, "only letters may be named this way")
        nxt = self._solid(items, j)
        group = items[nxt] if nxt < len(items) else None
        if isinstance(group, Group) and group.kind == "brace":   # SymPy's {\left(x\right)}
            solid = [x for x in group.items if not _space(x)]
            group = solid[0] if len(solid) == 1 else None
        if isinstance(group, Group) and group.kind == "paren":
            return self._call("SCZfn", name, *self._arguments(group.items)), nxt + 1
        if cmd == r"\operatorname":
            raise fail(text_of((items[k], arg)), items[k].col, "an operator needs its argument in brackets")
        return self._symbol(r"%s{%s}" % (cmd, name)), j
