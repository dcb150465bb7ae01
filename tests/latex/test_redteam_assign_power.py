"""Red team of two reader rules: ``\\beta^T`` read as the T-th power beside a T the claim counts
to (capital_numbers.lone_powers_t, rewrite_bars._power_t), and an assignment row continued by rows
that start with a relation, with margin reasons left out (display._assignment_continued)."""
import pytest

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex.document import read_display
from symbolic.latex.parse import parse_chain

FAST = ["--quiet", "--samples", "12", "--timeout", "20"]


# -- ^T beside a counted T: the power only with nothing beside it ---------------------------------
@pytest.mark.parametrize("latex", [
    r"\frac{1}{T} x^T{x} = \frac{1}{T} x^{T+1}",      # x^T{x} is x^T x: was VERIFIED as a power
    r"\frac{1}{T} x^T_t x_t = \frac{1}{T} x_t^{T+1}",  # x^T_t is x_t^T: was read x_t**T * x_t
    r"\frac{1}{T} x^T \vec{y} = 1",                    # a vector beside it
    r"\frac{1}{T} x^T \hat y = 1",
    r"\frac{1}{T} x^T \sum_i y_i = 1",                 # x^T times a sum of vectors
    r"\frac{1}{T} x^T \times y = 0",
    r"\frac{1}{T} x^T * y = 0",
    r"\frac{1}{T} (x^T) y = 1",                        # a bracket holding it, y beside the bracket
    r"\frac{1}{T} \left(x^T\right) y = 1",
    r"\frac{1}{T} {x^T} y = 1",
    r"\frac{1}{T} \frac{x^T}{2} y = 1",                # a fraction holding it, y beside
    r"\frac{1}{T} y 2 x^T = 1",                        # a number between, y beside
    r"\sum_{t=1}^{T} \frac{1}{y} x^T = 1",
    r"\sum_{t=1}^{T} y \sum_{t=1}^{T} x^T = 1",
    r"x ^ T y = y ^ T x",            # a spaced caret: was read x**T y = x y**T (a true claim refuted)
    r"\frac{1}{T} x^ T y = 1",       # the same beside a counted T: was x**T*y/T
])
def test_a_lone_letter_power_T_with_something_beside_it_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex, power", [
    (r"\sum_{t=0}^{T-1}\beta^t = \frac{1-\beta^T}{1-\beta}", "beta**T"),
    (r"\frac{1}{T} 2\beta^T = 1", "2*beta**T"),        # a number before it
    (r"\frac{1}{T}\beta^T \le \frac{1}{T}", "beta**T"),  # a constant fraction before it
    (r"\sum_{t=1}^{T} 2 x^T = 1", "2*x**T"),           # the summand of a sum to T
    (r"\frac{1}{T} 2^{x^T} = x", "2**(x**T)"),         # an exponent
    (r"\lim_{T \to \infty} \beta^T = 0", "beta**T"),     # after a limit
])
def test_a_lone_letter_power_T_alone_still_reads(latex, power):
    assert power in str(parse_chain(latex).links[0].claim.lhs) + str(parse_chain(latex).links[0].claim.rhs)


def test_the_refusal_no_longer_advises_a_form_read_as_a_transpose():
    # the message advised {x}^{T} for the power, which reads as a transpose: \frac{1}{T}{x}^{T} y
    # = \frac{1}{T}{y}^{T} x was PROVED though false as the advised power (x=2, y=1, T=2: 4 != 2)
    with pytest.raises(ParseError) as info:
        parse_chain(r"\frac{1}{T} x^T y = 1")
    assert "{x}^{T}" not in str(info.value)


def test_end_to_end_a_dot_product_in_braces_is_not_verified(capsys):
    # x^T{x} (the squared norm) read as x^{T+1}: was VERIFIED
    assert main(["check", *FAST, "--assume", r"T \ge 1", r"x^T{x} = x^{T+1}"]) == 2
    assert "VERIFIED" not in capsys.readouterr().out


# -- margin reasons that carry a premise ----------------------------------------------------------
@pytest.mark.parametrize("latex", [
    "m_S \\leftarrow \\max(m_{S-1}, x_S) \\\\\n= \\max(\\max_{k=1}^{S-1} x_k, x_S) \\qquad \\text{根据归纳假设}",
    "a = b \\quad \\text{by the induction hypothesis}",
    "a + b \\ge 2\\sqrt{ab} \\quad \\text{by AM-GM (a, b positive)}",
    "a = b \\quad \\text{using x ≥ 0}",
    "a = b \\quad \\text{by Lemma 2 with } x",
    "a = b \\qquad \\text{由 x 大于 0}",
    "a = b \\qquad \\text{根据假设}",
    "a = b \\qquad \\text{x が正のとき}",
    # |x| = x was REFUTED at x = -1 with each of these (the margin says x > 0) left out
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{根据 x 是正数}",
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{by hyp.}",
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{// x in R+}",
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{by choice of x}",
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{from (2), x is nonneg.}",
    "m \\leftarrow \\sqrt{x^2} \\\\\n= x \\qquad \\text{根据题意}",
])
def test_a_reason_that_carries_a_premise_is_refused(latex):
    problems = [c.problem for c in read_display(latex)]
    assert problems and all(problems), (latex, problems)


def test_a_reason_that_cites_a_line_or_an_equation_is_still_left_out():
    chain, = read_display("a = b \\qquad \\text{根据算法 3 第 4 行}")
    assert chain.problem is None and chain.latex == "a = b"
    chain, = read_display("a = b \\qquad \\text{by (3)}")
    assert chain.problem is None and chain.latex == "a = b"


def test_end_to_end_the_induction_step_is_not_refuted(tmp_path, capsys):
    # the online-softmax induction step, true by the induction hypothesis in its margin: was
    # REFUTED with m_{S-1} = 0, x_1 = 1, x_2 = 0 ("certified"), a point the hypothesis excludes
    path = tmp_path / "p.md"
    path.write_text("Proof.\n\n$$\nm_S \\leftarrow \\max(m_{S-1}, x_S) \\\\\n"
                    "\\quad = \\max\\left(\\max_{k=1}^{S-1} x_k, x_S\\right) \\qquad "
                    "\\text{根据归纳假设}\n$$\n")
    main(["check", *FAST, str(path)])
    assert "REFUTED" not in capsys.readouterr().out


# -- an indexed assignment continued by rows naming other entries --------------------------------
@pytest.mark.parametrize("latex", [
    # in a loop m_S <- m_{S-1} + 1 holds at every S, so the row is true there; read as one entry's
    # definition it was REFUTED with free m_{S-1}, m_{S-2}
    "m_S \\leftarrow m_{S-1} + 1 \\\\\n= m_{S-2} + 2",
    "m_S \\leftarrow 2 \\\\\n= m_{S+1}",
    "m_{i} \\gets i^2 \\\\\n= m_2 + i^2 - 4",
])
def test_a_recurrence_continued_at_another_index_is_refused(latex):
    chains = read_display(latex)
    assert all(c.problem for c in chains)


# -- a condition on a row of its own --------------------------------------------------------------
@pytest.mark.parametrize("latex", [
    # a + b = a holds if b = 0; the condition row was refused alone and the chain above REFUTED
    # at b = 1 (as an assignment's rows, and before as an = or := chain)
    "m \\leftarrow a + b \\\\\n= a \\\\\n\\text{if } b = 0",
    "x = a + b \\\\\n= a \\\\\n\\text{if } b = 0",
])
def test_a_condition_on_a_row_of_its_own_refuses_the_rows_above(latex):
    problems = [c.problem for c in read_display(latex)]
    assert problems and all(problems), problems
