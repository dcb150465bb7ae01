"""What raw latex2sympy-extended does with our config, measured: a change here means the
library changed and the adapter's rewrites (symbolic/latex/rewrite.py) must be revisited."""
import pytest
import sympy

from symbolic.latex.library import _configs

latex2sympy = pytest.importorskip("latex2sympy2_extended").latex2sympy


def raw(text):
    normalization, conversion = _configs()
    return latex2sympy(text, normalization_config=normalization, conversion_config=conversion)


MEASURED = [
    # (latex, str() of the result or the exception type raised, why it matters)
    (r"\log n", "log(n, 10)", "log read as base 10; we want natural"),
    (r"k_j^T", "k_j", "transpose silently dropped"),
    (r"a \approx b", "b", "relation dropped"),
    (r"\max_j\{x_j\}", AttributeError, "max over an index crashes"),
    (r"\ln\sum_{j=1}^{n} e^{x_j} \le \max_j x_j + \ln n", AttributeError, "same crash in a chain"),
    (r"\operatorname{Re}(z)", Exception, "Re rejected"),
    (r"a \propto b", Exception, "propto rejected"),
    (r"\frac{\partial M}{\partial k_j}", Exception, "partial derivative rejected"),
    (r"\sum_{i \neq a,b} x_i", Exception, "sum over other indices rejected"),
    (r"\log\frac{1}{n}\sum_i e^{x_i}", Exception, "log of a product rejected"),
    (r"\overline{z}", "bar{z}", "conjugate read as a symbol"),
    (r"a = b \le c", "Eq(a, b) & (b <= c)", "chain read as a conjunction"),
    (r"\sum_{i=1}^n p_i", "Sum(p_i, (i, 1, n))",
     "indexed term is a plain symbol"),
    (r"x'", "x", "prime dropped"),
    (r"\mathrm{i}", "i", "upright i is a plain symbol"),
]


@pytest.mark.parametrize("latex, expected, why", MEASURED, ids=[m[0] for m in MEASURED])
def test_raw_library_behaviour(latex, expected, why):
    if isinstance(expected, type) and issubclass(expected, BaseException):
        with pytest.raises(expected):
            raw(latex)
    else:
        result = raw(latex)
        assert str(result) == expected, why
        assert all(s.assumptions0.get("real") is None for s in result.free_symbols), \
            "the library makes symbols without assumptions; the adapter adds real=True"


def test_raw_relu_is_an_opaque_function():
    result = raw(r"\text{ReLU}(x)")
    assert isinstance(result, sympy.core.function.AppliedUndef)
    assert "ReLU" in result.func.name
