"""The library reader (latex2sympy) on already rewritten LaTeX, configured and made faithful.

Both the reader (``parse.py``) and the converter (``convert.py``, which reads a subscript
such as ``j+1`` with it) call ``library_parse``; it lives here, below both, so that neither
calls the other back.
"""
from __future__ import annotations

import functools

import sympy

from symbolic.errors import ParseError
from symbolic.latex.lexer import MAX_DEPTH

_NORMALIZATION = None
_CONVERSION = None


def _configs():
    """The explicit latex2sympy configuration (its defaults lowercase symbols and strip units)."""
    global _NORMALIZATION, _CONVERSION
    if _NORMALIZATION is None:
        from latex2sympy2_extended.latex2sympy2 import ConversionConfig
        from latex2sympy2_extended.math_normalization import NormalizationConfig
        _NORMALIZATION = NormalizationConfig(basic_latex=True, units=False, malformed_operators=False,
                                             nits=False, boxed="none", equations=False)
        _CONVERSION = ConversionConfig(interpret_as_mixed_fractions=False,
                                       interpret_simple_eq_as_assignment=False,
                                       interpret_contains_as_eq=False, lowercase_symbols=False)
    return _NORMALIZATION, _CONVERSION


@functools.lru_cache(maxsize=2048)
def library_parse(text: str):
    """latex2sympy on already rewritten LaTeX; anything it raises becomes a ParseError.

    Cached: SymPy trees are immutable, and the same sides and arguments recur (``j``, ``x_j``).
    """
    from latex2sympy2_extended import latex2sympy
    depth = _depth(text)
    if depth > MAX_DEPTH + 4:
        raise ParseError(f"formula nested {depth} levels deep (functions without brackets count "
                         f"too); the limit is {MAX_DEPTH + 4}: simplify it")
    normalization, conversion = _configs()
    try:
        # without evaluation: x/x must reach the checkers as x/x, 4 5 as 4*5 (refused before)
        with sympy.evaluate(False):
            return _faithful(conversion).parse(normalize(text, normalization))
    except RecursionError:
        raise ParseError("formula nested too deeply to read; simplify it") from None
    except Exception as exc:   # the library raises bare Exception, AttributeError, ...
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        error = ParseError(f"cannot read '{_short(text)}': {first}")
        error.reason = first      # the reader quotes the user's LaTeX, not this rewritten text
        raise error from None


_PARSER = None


def _faithful(conversion):
    """The library's converter without the two rules that change what was written.

    It applies its mixed-number rule (``2 (3)`` is 2 + 3) whatever the config says, and it
    evaluates ``\\frac{4}{2}`` to 2 so that the 4 can no longer be accounted for.
    """
    global _PARSER
    if _PARSER is None:
        from latex2sympy2_extended.latex2sympy2 import _Latex2Sympy

        class Faithful(_Latex2Sympy):
            def convert_postfix_list(self, arr, i=0):
                # the library's method without its mixed-number branch; each item converted once
                if i >= len(arr):
                    raise ParseError("an empty product")
                res = self.convert_postfix(arr[i])
                if isinstance(res, (sympy.Expr, sympy.MatrixBase)):
                    if i == len(arr) - 1:
                        return res
                    rh = self.convert_postfix_list(arr, i + 1)
                    if getattr(res, "is_Matrix", False) or getattr(rh, "is_Matrix", False):
                        return self.mat_mul_flat(res, rh)
                    return self.mul_flat(res, rh)
                if isinstance(res, list) and len(res) == 1:     # a derivative d/dx
                    if i == len(arr) - 1:
                        raise ParseError("a derivative d/dx needs an expression after it")
                    return sympy.Derivative(self.convert_postfix_list(arr, i + 1), res[0])
                return res

            def convert_frac(self, frac):
                top, bottom = frac.upper.getText(), frac.lower.getText()
                if top.isdigit() and bottom.isdigit():
                    return sympy.Mul(sympy.Integer(top), sympy.Pow(sympy.Integer(bottom), -1,
                                                                   evaluate=False), evaluate=False)
                return super().convert_frac(frac)

        _PARSER = Faithful
    return _PARSER(config=conversion)


def normalize(text, normalization):
    from latex2sympy2_extended.math_normalization import normalize_latex
    return normalize_latex(text, normalization)


def _depth(text: str) -> int:
    """How deeply brackets and braces nest in a text."""
    depth = deepest = 0
    for ch in text:
        if ch in "({[":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")}]":
            depth -= 1
    return deepest


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."
