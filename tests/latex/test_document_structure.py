"""The structure of one display: wrappers that hide a relation, statements side by side, and
conditions after a claim (issue 11). Each rule comes with the claims built to fool it: a
wrapper that hides another claim, a condition that would flip the verdict if read as a claim.

``read_display`` reads a display quoted alone exactly as a display of a user's .tex file is
read; the claims it gives are then read by ``parse_chain``, as ``stepcheck check paper.tex`` does.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import sympy

from symbolic.commands import check_input
from symbolic.config import CheckConfig
from symbolic.errors import ParseError
from symbolic.latex.document import read_display, read_document
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict


def claims(display: str):
    """(latex, assume) of each claim of a display; fails on a display with a problem."""
    chains = read_display(display)
    problems = [c.problem for c in chains if c.problem]
    assert not problems, problems
    return [(c.latex, c.assume) for c in chains]


def problem(display: str) -> str:
    """The reason a display is refused (the test fails if it is read)."""
    chains = read_display(display)
    found = [c.problem for c in chains if c.problem]
    assert found, f"read as {[(c.latex, c.assume) for c in chains]}"
    return found[0]


def sides(latex: str, assume=()):
    return [(link.claim.lhs, link.relation.value, link.claim.rhs)
            for link in parse_chain(latex, assumptions=list(assume)).links]


x, y, a, b, c, theta = sympy.symbols("x y a b c theta", real=True)


# --- the display as a whole ------------------------------------------------------------------
def test_a_display_environment_given_alone_is_read_by_its_rows():
    assert claims(r"\begin{align*} a &= b \\ c &\le d \end{align*}") == [("a = b", ()),
                                                                         (r"c \le d", ())]
    assert claims(r"\begin{equation} y = x \label{eq:1} \end{equation}") == [("y = x", ())]
    assert claims(r"\begin{aligned} a &= b \\ &= c \end{aligned}") == [("a = b = c", ())]
    assert claims(r"$$ a = b \tag{3} $$") == [("a = b", ())]
    assert claims(r"\[ a = b. \]") == [("a = b", ())]


def test_a_display_that_is_the_same_in_a_document():
    """read_display and read_document agree on a display's claims."""
    body = r"\bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i, \quad y_i = f(\bar{a}_i + b_i),"
    alone = [(c.latex, c.assume, c.problem) for c in read_display(body)]
    inside = [(c.latex, c.assume, c.problem)
              for c in read_document(r"\begin{equation}" + body + r"\end{equation}")]
    assert alone == inside and len(alone) == 2


# --- wrappers ----------------------------------------------------------------------------------
def test_displaystyle_in_braces_is_unwrapped():
    assert claims(r"{\displaystyle \sin 2\theta =\ 2\sin \theta \cos \theta }") == [
        (r"\sin 2\theta =\ 2\sin \theta \cos \theta", ())]
    assert sides(r"{\displaystyle \cos \ (-\theta )=\sin \theta }") == [
        (sympy.cos(-theta), "=", sympy.sin(theta))]


@pytest.mark.parametrize("latex, lhs, rhs", [
    # braces that do not wrap the whole formula stay: {a}^{2} is a power of a alone
    (r"{a}^{2} = {b}", a ** 2, b),
    (r"{a}{b} = c", a * b, c),
    (r"{{a + b}} = c", a + b, c),
    # \displaystyle inside a group that is not the whole display changes nothing else
    (r"{\displaystyle a + b}^{2} = c", (a + b) ** 2, c),
])
def test_braces_that_group_are_kept(latex, lhs, rhs):
    (got,) = sides(latex)
    assert sympy.simplify(got[0] - lhs) == 0 and got[2] == rhs, got


@pytest.mark.parametrize("latex, lhs, rhs", [
    (r"\tan 2x = {{2 \tan x} \over {1 - \tan^2 x}}", sympy.tan(2 * x),
     2 * sympy.tan(x) / (1 - sympy.tan(x) ** 2)),
    # TeX divides everything before \over in its group by everything after it
    (r"{a + b \over c} = y", (a + b) / c, y),
    (r"{a \over b + c} = y", a / (b + c), y),
    (r"{1 \over 2} x = y", x / 2, y),
    (r"{{a \over b} \over c} = y", a / b / c, y),
])
def test_over_is_the_fraction_of_its_whole_group(latex, lhs, rhs):
    (got,) = sides(latex)
    assert sympy.simplify(got[0] - lhs) == 0 and sympy.simplify(got[2] - rhs) == 0, got


@pytest.mark.parametrize("latex, fragment", [
    (r"a \over b = c", "outside braces"),              # (a)/(b = c) in TeX: no claim
    (r"{a = b \over c}", "relation"),
    (r"{a \over b \over c} = y", "two \\over"),
    (r"\left( a \over b \right) = y", "\\left"),
    (r"{(a \over b)} = y", "unbalanced"),
    (r"{n \choose k} = y", "binomial"),
    (r"{a \atop b} = y", "stacked"),
])
def test_over_where_it_is_not_plain_is_refused(latex, fragment):
    with pytest.raises(ParseError, match=fragment.replace("\\", "\\\\").replace("(", r"\(")):
        parse_chain(latex)


def test_tilde_is_a_space_but_never_joins_numbers_or_statements():
    assert sides(r"a~b = c") == [(a * b, "=", c)]
    with pytest.raises(ParseError, match="numbers side by side"):
        parse_chain(r"12~345 = 12345")           # not the number 12345, nor 12 * 345
    with pytest.raises(ParseError, match="wide space"):
        parse_chain(r"a = b ~~~ c = d")          # never the chain a = b c = d
    assert claims("\\mu = a ~~~~~~~\n\\sigma = b") == [(r"\mu = a", ()), (r"\sigma = b", ())]


# --- several statements ----------------------------------------------------------------------
def test_statements_side_by_side_are_separate_claims():
    assert claims(r"a_i = \sum_{j=1}^m{w_{ij} x_j},\quad y_i = f\left(a_i + b_i\right),") == [
        (r"a_i = \sum_{j=1}^m{w_{ij} x_j}", ()), (r"y_i = f\left(a_i + b_i\right)", ())]
    assert claims(r"\mu^l = a \qquad \sigma^l = b") == [(r"\mu^l = a", ()), (r"\sigma^l = b", ())]
    # an inequality between two quantities is a claim, not a condition
    assert claims(r"\sum_{t=1}^{\infty} \eta_t = \infty, \quad \sum_{t=1}^{\infty} \eta_t^2 < "
                  r"\infty\tag{41}") == [(r"\sum_{t=1}^{\infty} \eta_t = \infty", ()),
                                         (r"\sum_{t=1}^{\infty} \eta_t^2 < \infty", ())]


def test_a_gap_inside_brackets_or_without_a_relation_does_not_split():
    (chain,) = read_display(r"a = \{ x, \quad y \}")
    assert chain.latex == r"a = \{ x, \quad y \}"
    (chain,) = read_display(r"a = \{ x, \quad y = 2 \}")        # a set, not two statements
    assert chain.latex == r"a = \{ x, \quad y = 2 \}"
    (chain,) = read_display(r"a = \langle x, \quad y = 2 \rangle")
    assert chain.latex == r"a = \langle x, \quad y = 2 \rangle"
    (chain,) = read_display(r"a = b \quad c")                 # c is no statement of its own
    assert chain.latex == r"a = b \quad c"
    with pytest.raises(ParseError, match="quad"):
        parse_chain(chain.latex)


@pytest.mark.parametrize("display, claim, assume", [
    (r"\sqrt{x^2} = x, \quad x > 0", r"\sqrt{x^2} = x", ("x > 0",)),
    (r"\sqrt{x^2} = x, \quad x \ge 0.", r"\sqrt{x^2} = x", (r"x \ge 0",)),
    (r"\log(p) < 0, \qquad 0 < p < 1", r"\log(p) < 0", ("0 < p < 1",)),
    (r"\sqrt{x^2} = x \quad \forall x > 0", r"\sqrt{x^2} = x", ("x > 0",)),
    (r"|x| = x, \quad x \in \mathbb{R}_{>0}", "|x| = x", (r"x \in \mathbb{R}_{>0}",)),
    (r"\sqrt{x^2} = x, \quad \text{for } x > 0", r"\sqrt{x^2} = x", ("x > 0",)),
    # a point left out is a condition, whatever stands on the other side
    (r"\frac{x}{x} = 1, \quad x \ne 0", r"\frac{x}{x} = 1", (r"x \ne 0",)),
    (r"\frac{x}{x} = 1, \quad x \neq y", r"\frac{x}{x} = 1", (r"x \neq y",)),
])
def test_a_condition_after_the_claim_is_its_assumption(display, claim, assume):
    assert claims(display) == [(claim, assume)]


def test_a_condition_the_reader_cannot_assume_refuses_the_claim():
    """``\\forall x \\in S_j``: an assumption the reader does not know, so the claim is refused
    (never checked without its condition)."""
    [(claim, assume)] = claims(r"\sqrt{x^2} = x, \quad \forall x \in S_j")
    assert assume == (r"x \in S_j",)
    with pytest.raises(ParseError):
        parse_chain(claim, assumptions=list(assume))


def test_a_quantifier_over_names_only_is_the_default_and_said():
    (chain,) = read_display(r"(a + b)^2 \ge 4ab, \quad \forall a, b")
    assert chain.latex == r"(a + b)^2 \ge 4ab" and chain.assume == () and chain.problem is None
    assert any("forall" in note for note in chain.notes)


@pytest.mark.parametrize("display, fragment", [
    # n = 1 after a claim: "for n = 1" or a second claim? Either reading changes the verdict
    (r"x^n = x, \quad n = 1", "may be a condition"),
    # a condition first, then the claim: it is not a claim of its own
    (r"x > 0, \quad \sqrt{x^2} = x", "may be a condition"),
    # a condition after two claims: which does it cover?
    (r"\sqrt{x^2} = x, \quad |x| = x, \quad x > 0", "follows several claims"),
    (r"a = b, \quad c = d \quad \text{for } x > 0", "several claims"),
    (r"x > 0, \quad a = b \quad y > 0", "may be a condition"),
    # 'where' before a variable's definition, or a condition on a letter the claim does not
    # use, is not read ('where' before an inequality on the claim's letters is its condition:
    # test_statements_cases_ellipsis.py::test_where_inequality_is_the_claims_condition)
    (r"1 + \tan^2 x = \sec^2 x, \quad \text{where } \cos y \ne 0", "where"),
    (r"f(n) = 0, \quad \text{where } n = 2k", "where"),
    # i quantified: an index, whatever e^{i x} says elsewhere
    (r"e^{i x} = y, \quad \forall i", "i (or e) quantified"),
    (r"a = b, \quad \forall x \text{ large}", "cannot be read"),
])
def test_statements_that_cannot_be_told_apart_are_refused(display, fragment):
    assert fragment in problem(display)


def test_where_defining_a_named_function_is_a_claim_of_its_own():
    display = (r"\begin{split} & \bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i, \quad "
               r"\text{where}~~ \text{RMS}(\mathbf{a}) = \sqrt{\frac{1}{n} \sum_{i=1}^{n} a_i^2}. "
               r"\end{split}")
    assert [latex for latex, _ in claims(display)] == [
        r"\bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i",
        r"\text{RMS}(\mathbf{a}) = \sqrt{\frac{1}{n} \sum_{i=1}^{n} a_i^2}"]


# --- verdicts: a condition is an assumption, never a claim that flips the result ------------
def _verdicts(tmp_path, display: str):
    path = tmp_path / "paper.tex"
    path.write_text("\\begin{equation}\n" + display + "\n\\end{equation}\n", encoding="utf-8")
    links, unreadable = check_input(str(path), config=CheckConfig(timeout_s=10.0))
    return [link.outcome.verdict for link in links], unreadable


def test_the_condition_makes_the_claim_hold_and_is_not_checked_itself(tmp_path):
    verdicts, unreadable = _verdicts(tmp_path, r"\sqrt{x^2} = x, \quad x > 0")
    assert not unreadable and verdicts in ([Verdict.PROVED], [Verdict.VERIFIED]), verdicts
    # the same claim with the opposite condition is false under it: refuted, not proved
    verdicts, unreadable = _verdicts(tmp_path, r"\sqrt{x^2} = x, \quad x < 0")
    assert not unreadable and verdicts == [Verdict.REFUTED], verdicts


def test_two_statements_are_two_verdicts(tmp_path):
    verdicts, unreadable = _verdicts(tmp_path, r"(a+b)^2 = a^2 + 2ab + b^2, \quad (a-b)^2 = a^2 + b^2")
    assert not unreadable and len(verdicts) == 2 and verdicts[1] is Verdict.REFUTED, verdicts
    assert verdicts[0] in (Verdict.PROVED, Verdict.VERIFIED)


# --- the reader's own refusals that a wrapper used to hide --------------------------------------
@pytest.mark.parametrize("latex", [
    r"{\displaystyle e^{j\theta }\ =\cos \theta +\ j\sin \theta }",
    r"\cos \theta = \frac{e^{j\theta} + e^{-j\theta}}{2}",
    r"\exp(j x) = \cos x + j \sin x",
])
def test_j_in_an_exponent_of_e_may_be_the_imaginary_unit(latex):
    with pytest.raises(ParseError, match="imaginary unit"):
        parse_chain(latex)


def test_j_as_an_index_or_declared_is_read():
    j = sympy.Symbol("j", integer=True)
    (got,) = sides(r"\sum_{j=1}^{n} e^{j x} = y")
    assert got[1] == "=" and got[0].has(sympy.Sum)
    (got,) = sides(r"e^{j x} = y", assume=[r"j \in \mathbb{R}"])
    assert got[0] == sympy.exp(sympy.Symbol("j", real=True) * x) and j != got[0]


def test_row_operators_of_a_matrix_are_not_functions_of_a_number():
    with pytest.raises(ParseError, match="rows"):
        parse_chain(r"m_j = \max(m_{j-1}, \mathrm{rowmax}(S_j))")
    with pytest.raises(ParseError, match="rows"):
        parse_chain(r"\ell_j = \mathrm{rowsum}(e^{S_j - m_j})")


# --- the published corpus harness -------------------------------------------------------------
def _harness():
    path = Path(__file__).resolve().parent / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness_structure", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_harness_gives_matrix_declarations_as_assumptions():
    harness = _harness()
    assert harness.matrix_assumptions("Q:N,d q_m:d,1 W_q:d,d Vprime:N,M x:1,n") == [
        r"Q \in \mathbb{R}^{N \times d}", r"q_{m} \in \mathbb{R}^{d}",
        r"W_{q} \in \mathbb{R}^{d \times d}", r"V' \in \mathbb{R}^{N \times M}",
        r"x \in \mathbb{R}^{1 \times n}"]


def test_harness_never_reads_a_display_without_its_declarations(monkeypatch):
    """A reader that cannot read the declarations refuses the display (never reads Q as a number)."""
    harness = _harness()
    import symbolic.latex.parse as parse

    def unreadable(*args, **kwargs):
        raise ParseError("unknown set")

    monkeypatch.setattr(parse, "parse_assumptions", unreadable)
    with pytest.raises(ParseError, match="matrix declarations"):
        harness._read(r"S = Q K^\top", "S:N,N Q:N,d K:N,d")


def test_harness_reads_every_row_and_refuses_the_display_when_one_row_is_unreadable():
    harness = _harness()
    links = harness._read(r"\begin{aligned} a &= b \\ c &= d \end{aligned}")
    assert [(str(l), r, str(h)) for l, r, h in links] == [("a", "EQ", "b"), ("c", "EQ", "d")]
    with pytest.raises(ParseError):
        harness._read(r"\begin{aligned} a &= b \\ c &= \text{so on} \end{aligned}")


# --- braces, limits and names as printed ------------------------------------------------------
@pytest.mark.parametrize("latex, kept", [
    # braces that delimit an argument stay: \frac\mathbf{x}{2} would be another formula
    (r"\frac{\mathbf{x}}{2} = y", r"\frac{\mathbf{x}}{2}"),
    (r"\frac{a}{\mathbf{x}} = y", r"\frac{a}{\mathbf{x}}"),
    (r"\hat{\mathbf{x}} = y", r"\hat{\mathbf{x}}"),
    (r"x^{\mathbf{y}} = z", r"x^{\mathbf{y}}"),
])
def test_braces_of_an_argument_are_never_dropped(latex, kept):
    from symbolic.latex.parse import unbrace_atoms
    assert kept in unbrace_atoms(latex)


def test_braces_around_a_bold_letter_group_nothing():
    from symbolic.latex.parse import unbrace_atoms
    assert unbrace_atoms(r"{\boldsymbol{x}}_{m}{\boldsymbol{k}}_{n}") == \
        r"\boldsymbol{x}_{m}\boldsymbol{k}_{n}"
    assert unbrace_atoms(r"f({\boldsymbol{x}}_{i},i)") == r"f(\boldsymbol{x}_{i},i)"
    (got,) = sides(r"{\boldsymbol{q}} = f_{q}({\boldsymbol{x}}_{q},0)")
    assert "x" in str(got[2]) and got[1] == "="


def test_a_bold_capital_keeps_its_braces_and_is_never_a_number():
    """{\\boldsymbol{W}}_{q} is a matrix: unbraced, W_q x_m would be read as numbers."""
    from symbolic.latex.parse import unbrace_atoms
    assert unbrace_atoms(r"{\boldsymbol{W}}_{q}") == r"{\boldsymbol{W}}_{q}"
    with pytest.raises(ParseError):
        parse_chain(r"f_{q}({\boldsymbol{x}}_{m},m) = ({\boldsymbol{W}}_{q}{\boldsymbol{x}}_{m})"
                    r"e^{i m\theta}")


def test_limits_written_upper_first_stay_refused():
    """\\sum^{H}_{i=1}: the same sum in TeX, but read it would expose a^l (a layer label) as a
    power in the published displays that write it; it stays refused."""
    with pytest.raises(ParseError):
        parse_chain(r"\mu^{l} = \frac{1}{H}\sum^{H}_{i=1}a_{i}^{l}")


def test_a_name_with_an_underscore_is_one_name_and_never_merged():
    (got,) = sides(r"\mathrm{warmup\_steps}=4000")
    assert len(got[0].free_symbols) == 1 and got[2] == 4000
    with pytest.raises(ParseError, match="one name"):
        parse_chain(r"\mathrm{warmup\_steps} = \mathrm{warmup}_{steps} + 1")
    with pytest.raises(ParseError):
        parse_chain(r"\text{a\_b\_c} = 1")           # two underscores: not read


def test_a_spaced_en_dash_is_a_minus_and_a_tight_one_is_refused():
    (got,) = sides("\\log y \u2013 \\log x = z")
    y_, z_ = sympy.symbols("y z", real=True)
    assert sympy.simplify(got[0] - (sympy.log(y_) - sympy.log(x))) == 0
    with pytest.raises(ParseError, match="unexpected character"):
        parse_chain("a\u2013b = c")              # a range 1–3, or a minus? not read
