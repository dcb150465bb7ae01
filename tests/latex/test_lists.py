"""Lists of values (symbolic/latex/lists.py): lists with an ellipsis read only when the written
entries fix the general term (the entries of a vector, the subjects of a membership, a finite
set written out), and the softmax of a vector of declared length equated to the list of its
entries, read entry by entry. Reader-level, plus one end-to-end check of a false list."""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.lists import Entries
from symbolic.latex.parse import parse_chain
from symbolic.latex.statements import StatementKind, is_statement, parse_statement

SOFTMAX_3 = (r"\sigma = \mathrm{softmax}", r"\mathbf{z} \in \mathbb{R}^3")


def _entries(latex):
    read = parse_statement(latex)
    assert read.kind is StatementKind.ENTRIES
    [(name, listed)] = read.pairs()
    return name, listed


@pytest.mark.parametrize("latex, name, body, lo, hi", [
    (r"x=(x_1,x_2,\ldots,x_n)", "x", "x_k", 1, "n"),                               # nezha
    (r"\mathbf{q}=(q_0,q_1,q_2,q_3,\ldots,q_{d-1})", r"\mathbf{q}", "q_k", 0, "d - 1"),   # eleuther
    (r"v = \left(v_1, v_2, \dots, v_{10}\right)", "v", "v_k", 1, "10"),
    (r"x = [x_{1,j}, x_{2,j}, \ldots, x_{m,j}]", "x", "x_{k,j}", 1, "m"),
])
def test_a_name_equated_to_a_list_with_an_ellipsis_names_its_entries(latex, name, body, lo, hi):
    assert is_statement(latex)
    subject, listed = _entries(latex)
    assert isinstance(listed, Entries) and str(subject) == name
    index, first, last = listed.limits
    assert first == lo and str(last) == hi
    assert str(listed.body) == body and index.name == "k"


def test_the_entries_of_a_membership_lie_in_the_set():
    read = parse_statement(r"s_1,s_2,\cdots,s_n\in\mathbb{R}")           # su_entropy_scale
    [(subject, target)] = read.pairs()
    assert target == sympy.S.Reals and isinstance(subject, Entries)
    assert str(subject.body) == "s_k" and subject.limits[1:] == (1, sympy.Symbol("n", real=True))
    assert "Entries" not in read.typeset


def test_a_set_of_powers_with_whole_number_ends_is_written_out():
    read = parse_statement(r"N\in\{2^{9},2^{10},\dots,2^{16}\}")        # katharopoulos
    [(_, target)] = read.pairs()
    assert target == sympy.FiniteSet(*[2 ** k for k in range(9, 17)])


@pytest.mark.parametrize("latex", [
    r"x_1, x_3, \ldots, x_n \in \mathbb{R}",       # the pattern breaks (step 2)
    r"x = (x_1, x_3, \ldots, x_n)",
    r"x = (x_1, x_2, x_4, \ldots, x_n)",           # the written entries disagree
    r"x = (x_1, \ldots, x_n)",                      # one written entry shows no step
    r"x = (x_1, x_2, \ldots, x_1)",                 # the last before the written ones
    r"x = (x_{11}, x_{12}, \ldots, x_{1n})",        # x_{1,1}, ..., x_{1,n}?
    r"x = (y, x_1, x_2, \ldots, x_n)",
    r"x = (x_1, x_2, \ldots, x_n, x_{n+1})",        # an entry after the last
    r"N \in \{2^{9}, 2^{11}, \dots, 2^{16}\}",      # not consecutive powers
    r"N \in \{2, 2^{2}, \dots, 2^{16}\}",           # an exponent not written: 2, 4, 6, ...?
    r"N \in \{2^{1}, 2^{2}, \dots, 2^{n}\}",        # a symbolic end: not written out
    r"N \in \{1, 2, 4, \dots, 64\}",
    r"x_1, x_2, \ldots, x_n \in \mathbb{R}^{d}",    # a space: state the general entry
])
def test_a_list_whose_entries_are_not_fixed_is_refused(latex):
    with pytest.raises(ParseError):
        parse_statement(latex) if is_statement(latex) else parse_chain(latex)


@pytest.mark.parametrize("latex", [
    r"(x_1,\ldots,x_n) = (x_2, \ldots, x_n)",       # a tuple is not a number
    r"(x_1, x_2, \ldots,x_n) = (x_2, x_3, \ldots, x_n)",
    r"x = [a, b]",                                  # an interval as often as a vector
    r"x = (x_1, x_2, \ldots, x_n)^T",
])
def test_lists_compared_as_numbers_are_refused(latex):
    with pytest.raises(ParseError):
        parse_statement(latex) if is_statement(latex) else parse_chain(latex)


def _softmax_entry(value, k):
    z = sympy.IndexedBase("z", real=True)
    return value.doit().subs({z[n]: sympy.Integer(n) for n in (1, 2, 3)})


def test_a_softmax_equated_to_a_list_is_read_entry_by_entry():
    chain = parse_chain(r"\sigma(\mathbf{z}) = \left[ \frac{e^1}{e^1 + e^2 + e^3}, "
                        r"\frac{e^2}{e^1 + e^2 + e^3}, \frac{e^3}{e^1 + e^2 + e^3} \right]",
                        assumptions=SOFTMAX_3)
    assert len(chain.links) == 3
    for k, link in enumerate(chain.links, start=1):
        assert link.lhs_latex == rf"\sigma(\mathbf{{z}})_{{{k}}}"
        # at z = (1, 2, 3) (the example's text) each entry equals its side
        got = _softmax_entry(link.claim.lhs, k)
        assert sympy.simplify(got - link.claim.rhs) == 0


def test_a_false_list_of_decimals_is_read_as_written():
    chain = parse_chain(r"\sigma(\mathbf{z}) = [0.5, 0.3, 0.2]", assumptions=SOFTMAX_3)
    assert [link.claim.rhs for link in chain.links] == [sympy.Rational(1, 2), sympy.Rational(3, 10),
                                                        sympy.Rational(1, 5)]
    # at z = (1, 2, 3) the first entry is 0.0900..., not 0.5: the reading keeps it false
    assert abs(float(_softmax_entry(chain.links[0].claim.lhs, 1)) - 0.0900306) < 1e-6


@pytest.mark.parametrize("latex, assumptions", [
    (r"\sigma(\mathbf{z}) = [0.5, 0.3]", SOFTMAX_3),                     # 2 entries, 3 declared
    (r"\sigma(\mathbf{z}) = [0.5, 0.3, 0.2]", (SOFTMAX_3[1],)),           # sigma not declared
    (r"\sigma(\mathbf{z}) = [0.5, 0.3, 0.2]", (SOFTMAX_3[0], r"\mathbf{z} \in \mathbb{R}^K")),
    (r"\sigma(\mathbf{z}) = [z_1, z_2, \ldots, z_3]", SOFTMAX_3),
    (r"\sigma(\mathbf{z}) = [0.5, 0.3] + [0.1, 0.2]", SOFTMAX_3),
    (r"\mathbf{z} = [1, 2, 3]", SOFTMAX_3[1:]),                           # not read (yet)
])
def test_a_list_beside_a_vector_of_unknown_or_other_length_is_refused(latex, assumptions):
    with pytest.raises(ParseError):
        parse_chain(latex, assumptions=assumptions)


def test_a_false_list_is_never_accepted():
    from symbolic.api import check_chain
    outcomes = check_chain(r"\mathrm{softmax}(x) = [1, 0]", assume=[r"x \in \mathbb{R}^2"])
    assert len(outcomes) == 2
    assert all(o.verdict.value not in ("proved", "verified", "approximate") for _, o in outcomes)


def test_the_corpus_comparison_tells_entries_apart():
    """The reading corpus's comparison (tests/latex/published/harness.py) must be able to fail on
    a list: another first index, another body or another subject is a misread."""
    import importlib.util
    import sys
    from pathlib import Path
    path = Path(__file__).resolve().parent / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness", path)
    harness = sys.modules.get(spec.name)
    if harness is None:
        harness = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = harness
        spec.loader.exec_module(harness)
    [(subject, kind, listed)] = [(s, "ENTRIES", t) for s, t in
                                 parse_statement(r"x=(x_1,x_2,\ldots,x_n)").pairs()]
    x, n, k = sympy.IndexedBase("x"), sympy.Symbol("n"), sympy.Symbol("k")
    assert harness.compare([(subject, kind, listed)],
                           [(sympy.Symbol("x"), "ENTRIES", Entries(x[k], (k, 1, n)))])[0] == "read"
    for wrong in (Entries(x[k], (k, 0, n)), Entries(x[k], (k, 1, n - 1)),
                  Entries(sympy.IndexedBase("y")[k], (k, 1, n))):
        assert harness.compare([(subject, kind, listed)],
                               [(sympy.Symbol("x"), "ENTRIES", wrong)])[0] == "misread"
    assert harness.compare([(subject, kind, listed)],
                           [(sympy.Symbol("y"), "ENTRIES", Entries(x[k], (k, 1, n)))])[0] == "misread"
