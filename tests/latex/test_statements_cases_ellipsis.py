"""Adversarial tests of the readings of statements (``x \\in S``, ``X \\sim \\mathcal{N}``),
definitions by cases (``\\begin{cases}`` as a Piecewise) and sums written with an ellipsis.

Most claims here are built to be misread by one of those rules: conditions that swap, rows
that overlap, ellipses whose written terms do not fix the sum, a '\\sim' that is not a law.
"""
from __future__ import annotations

import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex.parse import parse_chain, parse_expression
from symbolic.latex.statements import (IntegerRange, Law, NamedSet, Space, StatementKind,
                                       is_statement, parse_statement)

x, n = sympy.Symbol("x", real=True), sympy.Symbol("n")


def _lhs(latex, **options):
    return parse_chain(latex, **options).links[0].claim.lhs


def _sum_parts(value):
    """(term with the index renamed k, lower, upper) of a Sum, names only (assumptions dropped)."""
    assert isinstance(value, sympy.Sum), value
    term, (k, lo, hi) = value.function, value.limits[0]
    return (sympy.srepr(term).replace(f"'{k.name}'", "'K'"), str(lo), str(hi))


# -- ellipsis sums ---------------------------------------------------------------------------
def test_ellipsis_sum_reads_as_the_sum_over_the_index():
    value = _lhs(r"x_1 + x_2 + \dots + x_n = s")
    term, lo, hi = _sum_parts(value)
    assert (lo, hi) == ("1", "n") and "'x'" in term and "'K'" in term


def test_ellipsis_to_2n_is_every_index_up_to_2n_not_the_even_ones():
    value = _lhs(r"x_1 + x_2 + \cdots + x_{2n} = s")
    _, lo, hi = _sum_parts(value)
    assert (lo, hi) == ("1", "2*n")


def test_ellipsis_keeps_the_terms_around_it():
    value = _lhs(r"c + a_1 b_1 + a_2 b_2 + \ldots + a_N b_N + d = s")
    sums = list(value.atoms(sympy.Sum))
    assert len(sums) == 1 and value.has(sympy.Symbol("c", real=True)) or "c" in str(value)
    assert "d" in {str(s) for s in value.free_symbols}
    _, lo, hi = _sum_parts(sums[0])
    assert (lo, hi) == ("1", "N")


def test_ellipsis_starting_at_zero_and_three_written_terms():
    value = _lhs(r"w_0 + w_1 + w_2 + \dots + w_{T-1} = s")
    _, lo, hi = _sum_parts(value)
    assert (lo, hi) == ("0", "T - 1")


@pytest.mark.parametrize("latex", [
    r"1 + 2 + \dots + n = \frac{n(n+1)}{2}",          # the numbers themselves: 1, 2, 4, ... ?
    r"1 + 2 + \dots + 16 = 136",
    r"x + x^2 + \dots + x^n = s",                      # an index in an exponent
    r"2^1 + 2^2 + \dots + 2^n = s",
    r"x_2 + x_4 + \dots + x_{2n} = s",                 # a step of 2
    r"x_1 + x_3 + \dots + x_{2n-1} = s",
    r"x_1 + x_1 + \dots + x_1 = s",                    # how many is not written
    r"x_1 + \dots + x_n = s",                          # one written term: no step shown
    r"x_1 + x_2 + \dots + x_n^2 = s",                  # the last term is another formula
    r"a_1 b_1 + a_2 b_2 + \dots + a_n b_m = s",        # two indices in the last term
    r"a - x_1 + x_2 + \dots + x_n = s",                # a minus sign inside the run
    r"x_1 + x_2 + \dots + x_1 = s",                    # the last index before the written ones
    r"x_1 + y_2 + \dots + x_n = s",                    # different bases
])
def test_undetermined_ellipsis_sums_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_ellipsis_in_an_argument_list_is_still_refused():
    with pytest.raises(ParseError):
        parse_chain(r"f(x_1, \dots, x_n) = 0", functions=["f"])


def test_false_ellipsis_claims_are_not_accepted():
    from symbolic.commands.chain import check_chain
    from symbolic.config import CheckConfig
    config = CheckConfig(timeout_s=60)
    (link,) = check_chain(r"x_1 + x_2 + \dots + x_{2n} = \sum_{i=1}^{n} x_{2i}", config=config)
    assert not link.outcome.verdict.accepted
    (link,) = check_chain(r"x_1 + x_2 + \dots + x_n = \sum_{i=1}^{n-1} x_i", config=config)
    assert not link.outcome.verdict.accepted
    (link,) = check_chain(r"x_1 + x_2 + \dots + x_n = \sum_{i=1}^{n} x_i", config=config)
    assert link.outcome.verdict.accepted


# -- statements ------------------------------------------------------------------------------
def test_membership_and_distribution_are_statements():
    s = parse_statement(r"\theta \in \mathbb{R}^d")
    assert s.kind is StatementKind.MEMBERSHIP and isinstance(s.target, Space)
    assert [str(d) for d in s.target.dimensions] == ["d"]
    s = parse_statement(r"Q, K \in \mathbb{R}^{N \times d}")
    assert len(s.subjects) == 2 and [str(d) for d in s.target.dimensions] == ["N", "d"]
    s = parse_statement(r"X \sim \mathcal{N}(0, \sigma^2)")
    assert s.kind is StatementKind.DISTRIBUTION and isinstance(s.target, Law)
    assert s.target.name == "N" and str(s.target.parameters[1]) == "sigma**2"
    s = parse_statement(r"t \in \{0, 1, \ldots, T-1\}")
    assert isinstance(s.target, IntegerRange) and str(s.target.args[1]) == "T - 1"
    s = parse_statement(r"x \in \mathcal{X}")
    assert isinstance(s.target, NamedSet)
    s = parse_statement(r"p \in (0, 1]")
    assert s.target == sympy.Interval.Lopen(0, 1)


def test_parameters_of_a_law_keep_their_order():
    a = parse_statement(r"X \sim \mathcal{N}(0, 1)").target
    b = parse_statement(r"X \sim \mathcal{N}(1, 0)").target
    assert a != b


@pytest.mark.parametrize("latex", [
    r"g_t \sim p(g_t)",                 # a density evaluated at the variable
    r"B \sim \frac{\sigma^2}{n}",       # of the order of
    r"a_n \sim b_n",
    r"T(n) \sim \mathcal{O}(n)",        # an order of growth, not a law
    r"n \in \mathbb{N}",                # 0 in it or not
    r"N \in \{2^{9}, 2^{11}, \dots, 2^{16}\}",   # powers with a step of 2: 2^{10} left out?
    # (2^{9}, 2^{10}, ..., 2^{16} is read, written out: tests/latex/test_lists.py)
    r"t \in \{0, 2, \dots, T\}",
    r"x \in \{y : y > 0\}",
])
def test_statements_that_cannot_be_read_are_refused(latex):
    with pytest.raises(ParseError):
        parse_statement(latex)


def test_a_statement_beside_a_relation_is_not_a_statement():
    assert not is_statement(r"x \in S = T")
    assert not is_statement(r"\sum_{i \in S} x_i = 1")
    assert is_statement(r"x \in S")


def test_check_lists_a_statement_and_checks_nothing(capsys):
    from symbolic.cli import main
    code = main(["check", r"X \sim \mathcal{N}(0, 1)"])
    out = capsys.readouterr().out
    assert code == 0 and "STATEMENT" in out and "nothing to check" in out
    assert "PROVED" not in out and "VERIFIED" not in out


def test_check_json_gives_the_statement_kind(capsys):
    import json
    from symbolic.cli import main
    main(["check", "--json", r"x \in (0, 1)"])
    data = json.loads(capsys.readouterr().out)
    assert data["links"] == [] and data["expressions"][0]["kind"] == "statement"
    assert data["exit_code"] == 0


# -- definitions by cases --------------------------------------------------------------------
def test_cases_read_as_piecewise_with_conditions():
    rhs = parse_chain(r"|x| = \begin{cases} x & x \ge 0 \\ -x & \text{otherwise} \end{cases}"
                      ).links[0].claim.rhs
    assert isinstance(rhs, sympy.Piecewise)
    (v1, c1), (v2, c2) = rhs.args
    assert c2 is sympy.true and str(c1) == "x >= 0" and str(v1) == "x" and str(v2) == "-x"


def test_cases_with_index_conditions():
    rhs = parse_chain(r"\delta_{ik} = \begin{cases} 1 & \text{if } i = k \\ 0 & \text{if } i \ne k"
                      r"\end{cases}").links[0].claim.rhs
    (v1, c1), (v2, c2) = rhs.args
    assert isinstance(c1, sympy.Eq) and isinstance(c2, sympy.Ne)


def test_lone_cases_is_an_expression():
    value = parse_expression(r"\begin{cases} 0 & x < 0 \\ x & x \ge 0 \end{cases}").value
    assert isinstance(value, sympy.Piecewise)


@pytest.mark.parametrize("latex", [
    r"f = \begin{cases} 1 & x \ge 0 \\ 2 & x \ge 1 \end{cases}",          # rows overlap
    r"f = \begin{cases} 0 & r < a \\ 1 & r > b \\ 2 & \text{otherwise} \end{cases}",  # a > b?
    r"f = \begin{cases} 1 & \text{otherwise} \\ 2 & x > 0 \end{cases}",   # otherwise not last
    r"f = \begin{cases} 1 & \text{if use nesterov} \\ 2 & \text{otherwise} \end{cases}",
    r"f = \begin{cases} 1 & x > 0 \text{ for some } y \\ 2 & \text{otherwise} \end{cases}",
    r"f = \begin{cases} 1 \\ 2 \end{cases}",                                 # no conditions
])
def test_unreadable_cases_are_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex, accepted", [
    (r"|x| = \begin{cases} x & x \ge 0 \\ -x & \text{otherwise} \end{cases}", True),
    (r"|x| = \begin{cases} x & x < 0 \\ -x & x \ge 0 \end{cases}", False),         # swapped
    (r"|x| = \begin{cases} -x & \text{if } x > 0 \\ x & \text{otherwise} \end{cases}", False),
    (r"\max(x, 0) = \begin{cases} 0 & x > 0 \\ x & x \le 0 \end{cases}", False),
    (r"\begin{cases} 1 & x > 0 \\ -1 & x < 0 \end{cases} = -\operatorname{sign}(x)", False),
    (r"\begin{cases} x & x \ge 1 \\ x^2 & x < 1 \end{cases} \ge x", False),  # rows swapped
])
def test_cases_verdicts(latex, accepted):
    from symbolic.commands.chain import check_chain
    from symbolic.config import CheckConfig
    (link,) = check_chain(latex, config=CheckConfig(timeout_s=60))
    assert link.outcome.verdict.accepted is accepted, link.outcome.verdict


# -- conditions of a display (where-clauses) and cases inside a document ------------------------
def _chains(latex):
    from symbolic.latex.document import read_display
    return read_display(latex)


def test_where_inequality_is_the_claims_condition():
    (chain,) = _chains(r"1 + \tan^2 x = \sec^2 x, \quad \text{where } \cos x \ne 0")
    assert chain.problem is None and chain.assume == (r"\cos x \ne 0",)
    assert r"\cos" not in chain.latex


@pytest.mark.parametrize("latex", [
    r"1 + \tan^2 x = \sec^2 x, \quad \text{where } y \ne 0",     # a letter not in the claim
    r"a = b, \quad \text{where } b = 2",                          # a definition or a condition?
    r"a = b, \quad c = d, \quad \text{where } b > 0",             # which claim?
])
def test_where_clauses_that_are_not_conditions_are_refused(latex):
    (chain,) = _chains(latex)
    assert chain.problem is not None


def test_a_condition_never_becomes_a_claim_and_changes_the_verdict():
    from symbolic.commands.check import check_targets
    from symbolic.config import CheckConfig
    import os
    import tempfile
    config = CheckConfig(timeout_s=60)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "c.tex")
        with open(path, "w") as f:
            f.write("\\[ \\sqrt{x^2} = -x, \\quad \\text{where } x < 0 \\]\n"
                    "\\[ \\sqrt{x^2} = -x, \\quad \\text{where } x > 0 \\]\n")
        checked = check_targets([path], config=config)
    assert len(checked.links) == 2 and not checked.unreadable
    first, second = checked.links
    assert first.assume == ("x < 0",) and first.outcome.verdict.accepted
    assert second.assume == ("x > 0",) and not second.outcome.verdict.accepted


def test_text_conditions_inside_cases_stay_with_their_rows():
    (chain,) = _chains(r"s = \begin{cases} a & \text{if } a > 1 \\ 1 & \text{otherwise} \end{cases}")
    assert chain.problem is None and chain.assume == ()
    value = parse_chain(chain.latex).links[0].claim.rhs
    assert isinstance(value, sympy.Piecewise) and str(value.args[0][1]) == "a > 1"


def test_cases_of_aligned_relations_are_the_rows_relations():
    chains = _chains(r"\begin{cases} p_{2t} &= \sin t \\ p_{2t+1} &= \cos t \end{cases}")
    assert [c.latex for c in chains] == [r"p_{2t} = \sin t", r"p_{2t+1} = \cos t"]


def test_cases_mixing_a_relation_row_and_a_condition_row_is_not_split():
    (chain,) = _chains(r"\begin{cases} p &= 1 \\ 2 & x > 0 \end{cases}")
    with pytest.raises(ParseError):
        parse_chain(chain.latex)


def test_a_tex_file_lists_a_statement(tmp_path, capsys):
    from symbolic.cli import main
    path = tmp_path / "s.tex"
    path.write_text("\\[ \\theta \\in \\mathbb{R}^d \\]\n\\[ X \\sim \\mathcal{N}(0, 1) \\]\n")
    code = main(["check", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and out.count("STATEMENT") == 2 and "0 unreadable" in out


# -- x^* declared a quantity of its own ---------------------------------------------------------
def test_star_is_refused_without_a_declaration():
    with pytest.raises(ParseError):
        parse_chain(r"x^* = 1")


def test_declared_star_is_a_symbol_of_its_own_and_its_assumptions_reach_it():
    parsed = parse_chain(r"x^* - x = 0", assumptions=[r"x^* \in \mathbb{R}", r"x^* > 0"])
    lhs = parsed.links[0].claim.lhs
    names = {s.name: s for s in lhs.free_symbols}
    assert set(names) == {"x", "x^{*}"} and names["x^{*}"].is_positive


def test_declaring_one_star_does_not_declare_another():
    with pytest.raises(ParseError):
        parse_chain(r"y^* = x^*", assumptions=[r"x^* \in \mathbb{R}"])


@pytest.mark.parametrize("latex, assume, accepted", [
    (r"|x^*| = x^*", [r"x^* \in \mathbb{R}", r"x^* > 0"], True),
    (r"|x^*| = x^*", [r"x^* \in \mathbb{R}"], False),          # no sign: refuted at x^* = -1
    (r"x^* = x", [r"x^* \in \mathbb{R}"], False),              # not the conjugate of a real x
])
def test_star_verdicts(latex, assume, accepted):
    from symbolic.commands.chain import check_chain
    from symbolic.config import CheckConfig
    (link,) = check_chain(latex, assume=tuple(assume), config=CheckConfig(timeout_s=60))
    assert link.outcome.verdict.accepted is accepted


# -- an expression in an interval is a claim --------------------------------------------------
def test_expression_in_an_interval_is_the_chain_and_a_name_is_a_statement():
    links = parse_chain(r"x - \lfloor x \rfloor \in [0, 1)").links
    assert [l.claim.relation.value for l in links] == [r"\le", "<"]
    assert is_statement(r"x_{\mathrm{frac}} \in [0, 1)")
    assert not is_statement(r"x - \lfloor x \rfloor \in [0, 1)")


@pytest.mark.parametrize("latex, accepted", [
    (r"x - \lfloor x \rfloor \in [0, 1)", True),
    (r"x - \lfloor x \rfloor \in (0, 1)", False),      # 0 at every integer x
    (r"e^{-x^2} \in (0, 1)", False),                    # 1 at x = 0
])
def test_interval_claim_verdicts(latex, accepted):
    from symbolic.commands.chain import check_chain
    from symbolic.config import CheckConfig
    links = check_chain(latex, config=CheckConfig(timeout_s=60))
    assert all(l.outcome.verdict.accepted for l in links) is accepted


@pytest.mark.parametrize("latex", [
    r"X \sim \mathcal{N}(0, i)",             # the imaginary unit as a variance?
    r"x \in \{i, 2\}",
    r"x \in \mathbb{R}^{n}_{+}",
    r"x \in \mathbb{R}^{n \times m \times k}",
    r"x \in \mathbb{R}^{0.5}",
    r"x \in [1, 0]",
])
def test_statements_with_doubtful_parts_are_refused(latex):
    with pytest.raises(ParseError):
        parse_statement(latex)
