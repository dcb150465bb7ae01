"""The published corpus's ``expr ...`` readings: a display with no relation read as an expression
is compared with the hand-written expression, and with nothing else."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import sympy

_PATH = Path(__file__).resolve().parent / "published" / "harness.py"
_spec = importlib.util.spec_from_file_location("published_harness_expr", _PATH)
harness = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = harness
_spec.loader.exec_module(harness)


def _display(reading: str, latex: str = "x") -> "harness.Display":
    return harness.Display("test", "eq. 1", latex, reading)


def test_an_expr_reading_is_one_expression_link():
    [(value, relation, same)] = harness.expected_links(_display("expr x/(1 - p)"))
    x, p = sympy.Symbol("x", real=True), sympy.Symbol("p", real=True)
    assert relation == "EXPR" and value == same == x / (1 - p)


def test_expressions_are_compared_as_expressions():
    x = sympy.Symbol("x", real=True)
    want = harness.expected_links(_display("expr x + 1"))
    assert harness.compare([(x + 1, "EXPR", x + 1)], want)[0] == "read"
    assert harness.compare([(x + 2, "EXPR", x + 2)], want)[0] == "misread"
    # a claim is not an expression, and an expression is not a claim
    assert harness.compare([(x + 1, "EQ", x + 1)], want)[0] == "misread"
    assert harness.compare([(x + 1, "EXPR", x + 1)],
                           harness.expected_links(_display("x + 1 == x + 1")))[0] == "misread"


def test_the_reader_reads_a_display_without_relation_as_an_expression():
    [(value, relation, _)] = harness._read(r"\frac{x}{1-p}")
    assert relation == "EXPR" and str(value) == "x/(1 - p)"


def test_a_widehat_over_an_indexed_name_is_the_indexed_hat():
    # \widehat{m_t} and \widehat{m}_t name the same quantity
    assert harness._clean_name(r"\widehat{m_t}") == harness._clean_name(r"\widehat{m}_t") == "mhat_t"
    assert harness._clean_name(r"\tilde{x}") == "xtilde"
