"""The rewriter's tables: names it maps, fonts and accents, and what it refuses with which message.

Also the check that letters written together do not spell a word (``check_words``).
"""
from __future__ import annotations

import re

from symbolic.errors import ParseError
from symbolic.latex.lexer import FUNCTIONS, GREEK


_TRANSPOSE = frozenset(["T", r"\top", r"\intercal"])
_NAMED = {"Re": "SCZre", "re": "SCZre", "Im": "SCZim", "im": "SCZim", "arg": "SCZarg", "ReLU": "SCZrelu",
          "relu": "SCZrelu", "RELU": "SCZrelu"}
# SymPy prints these as \operatorname{atan} etc.
_ALIASES = {"atan": "arctan", "asin": "arcsin", "acos": "arccos", "log": "ln"}
_ACCENTS = frozenset([r"\hat", r"\tilde", r"\vec", r"\bar", r"\widehat", r"\widetilde"])
_FONTS = frozenset([r"\mathrm", r"\mathit", r"\mathbf", r"\mathsf", r"\mathcal", r"\text",
                    r"\operatorname", r"\boldsymbol"])
# \operatorname{E}[x] would read as Euler's number times x: refused, never guessed
_DISTINCT_FONTS = frozenset([r"\mathbf", r"\boldsymbol", r"\mathcal", r"\mathsf"])
_STATISTICS = frozenset(["E", "P", "Pr", "Var", "Cov", "Corr"])
_SKIP_WITH_ARG = frozenset([r"\label", r"\tag"])
_SKIP = frozenset([r"\nonumber", r"\notag", "&", r"\\", r"\&", r"\small", r"\footnotesize",
                   r"\scriptsize", r"\normalsize", r"\large", r"\Large", r"\mathop"])
_REFUSED = {
    r"\leftarrow": "an assignment (\\leftarrow) is a step of an algorithm, not a claim",
    r"\gets": "an assignment (\\gets) is a step of an algorithm, not a claim",
    r"\nabla": "gradients cannot be read; write the partial derivatives \\frac{\\partial f}{\\partial x}",
    r"\circ": "\\circ is a composition, a degree or a Hadamard product: between matrices declared "
               "with --assume it is read as \\odot; write \\odot, or the composition f(g(x))",
    r"\prime": "primes are read only on a declared function at a variable (f'(x), --function f) "
                "or on a name declared a quantity of its own (--assume \"x' \\in \\mathbb{R}\"); "
                "or name the quantity x_2",
}
# Letters that papers use as function names: before a bracket they are refused unless declared,
# since f(x + y) read as a product would turn a false claim about a function into a true one.
FUNCTION_LETTERS = frozenset("f g h F G H L P \\phi \\varphi \\psi \\Phi \\Psi \\Gamma \\ell".split())
# O(n), o(1), \Theta(n), \Omega(n): asymptotic notation, never a product
_ASYMPTOTIC = frozenset(["O", "o", r"\Theta", r"\Omega"])
# Words that, spelled in plain letters, are a product of letters to the library: refused.
_WORDS = frozenset(GREEK) | frozenset(n[1:] for n in FUNCTIONS) | frozenset(
    "softmax relu ReLU sigmoid max min lim sum prod argmax argmin sign sgn erf det tr Var Cov "
    "diag norm".split())
_NUMBER_GROUP_SEP = frozenset([r"\,", "{,}"])


_PLAIN_NAMES = {"I": "I", r"\gamma": "gamma", r"\Gamma": "Gamma", r"\ell": "ell"}


def _function_key(name: str) -> str:
    """A function name as declared or written: ``\\phi`` and ``phi`` are the same name."""
    return name.strip().lstrip("\\")


def _is_letter(text: str) -> bool:
    return len(text) == 1 and text.isascii() and text.isalpha() or text[1:] in GREEK and text[0] == "\\"


_NAME_ARGS = re.compile(r"\\(?:text|mathrm|operatorname|mathit|mathbf|mathsf|mathcal|mathbb|boldsymbol|"
                        r"label|hat|tilde|bar|vec|overline)\s*\{[^{}]*\}")


def check_words(text: str) -> None:
    """Refuse letters written together that spell a word: 'alpha', 'exp', 'mean', lo{g}.

    Such a run is a product of letters to a parser and a name to its writer. Runs of two or
    three letters are products unless they spell a Greek letter or a function; four or more
    are taken as words.
    """
    plain = _NAME_ARGS.sub(" ", text)
    plain = re.sub(r"_\s*\{[^{}]*\}", " ", plain)      # subscripts are labels: W_{perm}, d_{model}
    plain = re.sub(r"\\[A-Za-z]+", " ", plain).replace("}{", " ").replace("{", "").replace("}", "")
    for m in re.finditer(r"[A-Za-z]{2,}", plain):
        word = m.group()
        if word in _WORDS:
            fix = ("\\" + word) if word in GREEK or "\\" + word in FUNCTIONS \
                else r"\operatorname{%s}" % word
            raise ParseError(f"cannot read '{word}' in '{_clip(text)}': it would be a product of {len(word)} "
                             f"letters; write {fix} (or separate the letters with \\cdot if a "
                             f"product is meant)")
        if len(word) >= 4:
            raise ParseError(f"cannot read '{word}' in '{_clip(text)}': a word or a product of {len(word)} "
                             f"letters; write \\text{{{word}}} for a name or separate the letters "
                             f"with \\cdot for a product")


def _clip(text: str) -> str:
    return text if len(text) <= 50 else text[:47] + "..."
