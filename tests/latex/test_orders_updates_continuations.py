"""Orders of growth (``T(n) = O(n^2)``), updates (``t \\leftarrow t + 1``) and continuation
rows (``= a + b``): read as statements, shown and never checked, in ``symbolic.latex.statements``;
a continuation in a document is joined to the previous display's last side and checked there.

Adversarial on purpose: most claims here are false, or true only as something else, and are
built so that a reader that turned the statement into an equation would prove or refute the
wrong thing (``O(n^3) = O(n^2)`` as an equality of values, ``x \\leftarrow x + 0`` as the true
equation x = x, ``= 2`` after ``x = 1.`` as the false link 1 = 2).
"""
import json

import pytest
import sympy

from symbolic.cli import main
from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.document import read_document
from symbolic.latex.statements import (Growth, StatementKind, is_statement, parse_statement)

n, x, t, a, b = sympy.symbols("n x t a b", real=True)
FAST = ["--timeout", "30"]


def kind_of(latex, **options):
    return parse_statement(latex, **options).kind


def refused(latex, *words, **options):
    with pytest.raises(ParseError) as info:
        parse_statement(latex, **options)
    for word in words:
        assert word in str(info.value), str(info.value)


def names(value):
    return {s.name for s in value.free_symbols}


# -- orders of growth ---------------------------------------------------------------------------
def test_a_false_order_equality_is_a_statement_read_one_way():
    read = parse_statement(r"O(n^3) = O(n^2)")
    assert read.kind is StatementKind.ORDER
    (left, right), = read.pairs()
    # one way, as written: O(n^3) on the left, never swapped into the true O(n^2) = O(n^3)
    assert isinstance(left, Growth) and isinstance(right, Growth)
    assert left.symbol == right.symbol == "O"
    assert sympy.degree(left.bound, left.bound.free_symbols.pop()) == 3
    assert sympy.degree(right.bound, right.bound.free_symbols.pop()) == 2


def test_an_order_is_never_a_checked_link(capsys):
    # n^2 = O(n) is false; read as an equation it could not even be stated; it must say
    # "nothing to check" and never prove, verify or refute anything
    code = main(["check", *FAST, r"n^2 = O(n)"])
    out = capsys.readouterr().out
    assert code == 0
    assert "ORDER" in out and "nothing to check" in out
    for verdict in ("PROVED", "VERIFIED", "REFUTED"):
        assert verdict not in out


def test_the_chain_reader_still_refuses_an_order():
    # check_chain / the API read claims only: an order of growth never becomes a link there
    with pytest.raises(ParseError):
        parse_chain(r"O(n^2) = O(n^3)")


def test_the_subject_and_the_bound_are_kept_as_written():
    read = parse_statement(r"B_{c}=\Theta\left(\frac{M}{d}\right)")
    (subject, order), = read.pairs()
    assert isinstance(subject, sympy.Symbol) and "B" in subject.name
    assert order.symbol == "Theta" and names(order.bound) == {"M", "d"}


def test_a_chain_of_orders_is_one_statement_per_equals_sign():
    read = parse_statement(r"x = O(n) = O(n^2)")
    (s1, o1), (s2, o2) = read.pairs()
    assert s1.free_symbols and o1 == s2 and isinstance(o2, Growth)


@pytest.mark.parametrize("latex", [
    r"T_c = \frac{N}{B_c} = \Theta(N)",     # an equation hidden inside an order chain
    r"x = 2 = O(1)",                        # false equation x = 2 must not vanish unchecked
])
def test_an_equation_mixed_with_an_order_is_refused(latex):
    refused(latex, "mixes an equation")


@pytest.mark.parametrize("latex", [
    r"O(n) = n",                            # an order said equal to a value
    r"\Theta(x) = \frac{1}{2}",             # Heaviside at 0? an order equal to a number?
    r"\Theta(\mathbf{x}) = \Theta_f(\mathbf{x}, 0)",   # RoPE's angle function
])
def test_an_order_said_equal_to_a_value_is_refused_with_both_readings(latex):
    refused(latex, "function named")


def test_an_equivalence_of_orders_is_left_to_the_chain_reader():
    latex = r"B_{c}d=O(M)\Leftrightarrow B_{c}=O\left(\frac{M}{d}\right)"
    assert not is_statement(latex)
    with pytest.raises(ParseError):
        parse_chain(latex)


@pytest.mark.parametrize("latex", [
    r"O(n) \le O(n^2)",          # only '=' with an order is read
    r"O(n) x = y",               # an order times a value is not a statement
    r"x + o(1) = 1",             # a remainder inside a sum
    r"\mathbf{O}(x) = y",        # a bold O is a matrix, not an order
    r"O_1(x) = y",
])
def test_other_uses_of_orders_are_not_statements(latex):
    assert not is_statement(latex)


def test_a_declared_function_or_matrix_named_o_is_not_an_order():
    refused(r"y = O(x)", "declared", functions=("O",))
    refused(r"y = \Theta(x)", "declared", functions=(r"\Theta",))
    refused(r"y = O(x)", "declared", assumptions=(r"O \in \mathbb{R}^{n \times n}",))


def test_an_upright_word_in_an_order_is_refused():
    # \mathrm{Nd}: the product N d (as the paper means) or one name?
    refused(r"o\left(\frac{N^{2}d^{2}}{\mathrm{Nd}}\right)=o(\mathrm{Nd})", r"\mathrm{Nd}")


# -- updates ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"x \leftarrow x + 0",        # as the equation x = x + 0 it would be PROVED
    r"x \leftarrow 2x",           # as x = 2x: refuted, or proved at x = 0
    r"\theta \leftarrow \theta - \eta g",
    r"t \gets t + 1",
])
def test_an_update_is_never_an_equation(latex, capsys):
    assert kind_of(latex) is StatementKind.UPDATE
    code = main(["check", *FAST, latex])
    out = capsys.readouterr().out
    assert code == 0 and "UPDATE" in out and "nothing to check" in out
    for verdict in ("PROVED", "VERIFIED", "REFUTED"):
        assert verdict not in out


def test_the_update_keeps_its_name_and_new_value():
    read = parse_statement(r"\theta \leftarrow \theta - \eta g")
    (name, value), = read.pairs()
    assert isinstance(name, sympy.Symbol) and value.has(name) and value != name


def test_an_assignment_to_a_new_name_stays_a_definition(capsys):
    assert not is_statement(r"m_t \leftarrow \beta_1 m_{t-1} + (1 - \beta_1) g_t")
    assert not is_statement(r"x_1 \leftarrow x + 1")
    main(["check", *FAST, r"m_t \leftarrow \beta_1 m_{t-1} + (1 - \beta_1) g_t"])
    assert "DEFINITION" in capsys.readouterr().out


@pytest.mark.parametrize("latex", [
    r"t \leftarrow t + 1 = 5",                  # an assignment and a false relation at once
    r"t \leftarrow t + 1 \in \mathbb{Z}",
    r"2t \leftarrow t + 1",                     # not a name on the left
    r"t \leftarrow t + 1, \quad s \leftarrow s",
])
def test_what_is_not_one_update_is_not_read_as_one(latex):
    if is_statement(latex):       # t <- t + 1 \in Z: a membership whose subject cannot be read
        with pytest.raises(ParseError):
            parse_statement(latex)
    else:
        with pytest.raises(ParseError):
            parse_chain(latex)


def test_an_increment_is_not_a_product():
    # b + \Delta b: the increment of b, or \Delta times b?
    refused(r"b \leftarrow b + \Delta b", "increment")
    refused(r"w \leftarrow w - \delta w", "increment")


def test_the_chain_reader_still_refuses_an_update():
    with pytest.raises(ParseError):
        parse_chain(r"x \leftarrow x + 0")


# -- := as pseudo-code writes an assignment ------------------------------------------------------
@pytest.mark.parametrize("latex", [
    r"x := x + 1",                # as the equation x = x + 1 it would be REFUTED
    r"t \coloneqq 2t",            # as t = 2t: refuted, or proved at t = 0
    r"\text{v} := \text{v} - \eta g",
])
def test_colon_equals_with_the_name_on_both_sides_is_an_update(latex):
    read = parse_statement(latex)
    assert read.kind is StatementKind.UPDATE and "\\leftarrow" in read.typeset
    (name, value), = read.pairs()
    assert value.has(name)


@pytest.mark.parametrize("latex", [
    r"x \stackrel{\text{def}}{=} x + 1",   # a definition said in words: in terms of itself, refused
    r"x \triangleq x + 1",
    r"x \equiv x + 1",                     # an identity, a congruence, or a definition?
    r"x := x + 1 = 3",                     # an assignment beside a (false) relation
    r"x := x",                             # defines nothing, assigns nothing
    r"x := x + 0",                         # the same (as the equation x = x + 0: PROVED)
])
def test_a_definition_in_terms_of_itself_is_not_an_update(latex):
    assert not is_statement(latex)
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_an_equation_with_the_name_on_both_sides_stays_an_equation(capsys):
    # t = t + 1 claims an equation (false): never read as the update it resembles
    assert not is_statement(r"t = t + 1")
    main(["check", *FAST, r"t = t + 1"])
    assert "REFUTED" in capsys.readouterr().out


# -- an assignment continued by rows that start with a relation -----------------------------------
def _display(latex):
    from symbolic.latex.document import read_display
    return read_display(latex)


def test_an_assignment_continued_by_rows_is_a_definition_and_its_chain():
    # the online-softmax proof: m_S <- max(m_{S-1}, x_S) = ... (margin reasons in Chinese)
    chain, = _display("m_S \\leftarrow \\max(m_{S-1}, x_S) \\qquad \\text{根据算法 3 第 4 行} \\\\\n"
                      "\\quad = \\max(y, x_S) \\qquad \\text{根据算法 3 第 5 行} \\\\\n\\quad = z")
    assert chain.problem is None and chain.latex.startswith("m_S := ")
    assert chain.latex.endswith(r"= \max(y, x_S) = z") and "根据" not in chain.latex
    read = parse_chain(chain.latex)
    assert len(read.links) == 3 and str(read.links[0].claim.lhs) == "m_S"


@pytest.mark.parametrize("latex, why", [
    ("y \\gets a = b", "relation"),            # one line: y <- (a = b), a truth value?
    ("t \\leftarrow t + 1 \\\\ = 5", "old or the"),   # an update: the old or the new t?
    ("y^2 \\leftarrow a \\\\ = b", ""),          # not a name on the left
    ("y \\leftarrow a \\\\ z \\leftarrow b = c", ""),
    ("y \\leftarrow a \\\\ \\equiv b \\pmod{3}", ""),   # a congruence, never a definition
    ("y \\leftarrow a + b \\\\ \\equiv c", ""),           # an identity or a definition of c?
    ("\\theta \\leftarrow \\theta - \\eta g \\\\ = \\theta (1 - \\eta)", "old or the"),
    ("y \\leftarrow a \\qquad \\text{// for all } i \\\\ = b", "condition"),
])
def test_what_is_not_an_assignment_and_its_chain_is_refused(latex, why):
    problems = [c.problem for c in _display(latex) if c.problem]
    if not problems:        # left to the formula reader, which refuses it
        with pytest.raises(ParseError) as info:
            for c in _display(latex):
                parse_chain(c.latex)
        problems = [str(info.value)]
    assert why in problems[0], problems


def test_rows_of_assignments_are_statements_of_their_own():
    chains = _display("x \\gets 2 \\\\ y \\gets x + 1")
    assert [c.problem for c in chains] == [None, None] and len(chains) == 2
    first, second = _display("\\mu \\leftarrow a + b, \\quad \\nu \\leftarrow a - b")
    assert first.latex == r"\mu \leftarrow a + b" and second.latex == r"\nu \leftarrow a - b"


@pytest.mark.parametrize("latex", [
    "a = b \\quad \\text{// for } x > 0",        # a condition in a comment: left out, it is lost
    "a = b \\quad \\text{// if positive}",
    "a = b \\quad \\text{(by $x > 0$)}",          # a relation in a justification
    "y \\leftarrow a \\qquad \\text{// where } a = 2",
    "a = b \\quad \\text{根据 $x > 0$}",
    "a = b \\quad \\text{根据 x 当 x 为正}",        # "when x is positive"
])
def test_a_comment_or_reason_that_states_a_condition_is_refused(latex):
    problems = [c.problem for c in _display(latex)]
    assert problems and all(p for p in problems), (latex, problems)


def test_a_comment_and_a_chinese_reason_are_left_out():
    chain, = _display("y_i \\leftarrow \\gamma x_i + \\beta \\qquad \\text{// scale and shift}")
    assert chain.problem is None and chain.latex == r"y_i \leftarrow \gamma x_i + \beta"
    chain, = _display("a = b \\qquad \\text{根据算法 3 第 5 行}")
    assert chain.problem is None and chain.latex == "a = b"
    assert any("根据算法 3 第 5 行" in n for n in chain.notes)
    # 由于 is "because" (a premise, as 'since'), not a reason left out
    assert _display("a = b \\qquad \\text{由于 x 为正}")[0].problem


def test_the_continued_rows_are_checked_with_the_definition(tmp_path, capsys):
    # m <- 2 = m holds (m stands for its definition); a + b = a - b is false and is refuted;
    # y <- 2 = y + 1 is false (3 != 2) and never proved
    path = tmp_path / "e.md"
    path.write_text("Text\n\n$$\nm \\leftarrow 2 \\\\\n= m\n$$\n\nand\n\n"
                    "$$\ny \\leftarrow a + b \\\\\n= a - b\n$$\n\nand\n\n"
                    "$$\nw \\leftarrow 2 \\\\\n= w + 1\n$$\n")
    main(["check", *FAST, str(path)])
    out = capsys.readouterr().out
    assert "PROVED       2 = m" in out, out
    assert "REFUTED      a + b = a - b" in out, out
    assert "PROVED       2 = w + 1" not in out and "VERIFIED     2 = w + 1" not in out, out


# -- continuations ---------------------------------------------------------------------------------
def test_a_continuation_alone_is_its_relation_and_expression(capsys):
    read = parse_statement(r"= a + b")
    assert read.kind is StatementKind.CONTINUATION and read.relation == "="
    assert read.target == a + b or names(read.target) == {"a", "b"}
    assert parse_statement(r"\leq 3").relation == r"\le"
    code = main(["check", *FAST, r"= 1 + 1"])
    out = capsys.readouterr().out
    assert code == 0 and "CONTINUATION" in out and "PROVED" not in out


def test_a_continuation_with_its_own_chain_is_not_read_alone():
    # = a = b holds the link a = b, which could be checked: it is not one continuation
    assert not is_statement(r"= a = b")


def _doc(*bodies):
    return "\n".join(["\\documentclass{article}", "\\begin{document}"]
                     + [f"text\n\\begin{{equation}} {b} \\end{{equation}}" for b in bodies]
                     + ["\\end{document}"])


def test_a_continuation_is_joined_to_the_previous_side_and_checked(tmp_path, capsys):
    path = tmp_path / "a.tex"
    path.write_text(_doc(r"(a + b)^2 = a^2 + 2ab + b^2", r"= a^2 + 3ab + b^2"))
    code = main(["check", *FAST, "--json", str(path)])
    out = json.loads(capsys.readouterr().out)
    text = json.dumps(out)
    # the false link a^2 + 2ab + b^2 = a^2 + 3ab + b^2 is checked, not hidden
    assert "refuted" in text.lower() and "continues display 1" in text
    assert code != 0


@pytest.mark.parametrize("previous", [
    r"x = 1.",                       # the previous display ends with a period: a new sentence
    r"x = 1,",
    r"x = 1 \quad \text{for all } n",
    r"t \leftarrow t + 1",           # an update: nothing a relation continues
    r"x \in \mathbb{R}",             # a membership
    r"y := 1",                       # a definition
])
def test_a_continuation_is_not_joined_after_an_end(previous):
    chains = read_document(_doc(previous, r"= 2"))
    assert chains[-1].latex.strip().startswith("="), chains[-1]


def test_a_tag_does_not_end_the_previous_display():
    chains = read_document(_doc(r"y = (x + 1)^2 \tag{3}", r"= x^2 + 2x + 1"))
    assert chains[-1].latex.startswith("(x + 1)^2") and "continues display 1" in chains[-1].notes[-1]


def test_an_expression_display_is_continued():
    chains = read_document(_doc(r"(x + 1)^2", r"= x^2 + 1"))
    assert chains[-1].latex == "(x + 1)^2 = x^2 + 1"


def test_the_conditions_of_the_continued_display_hold_for_the_link(tmp_path, capsys):
    # sqrt(x^2) = x holds for x > 0 only: without the condition it would be refuted at x < 0
    chains = read_document(_doc(r"|x| = \sqrt{x^2} \quad \text{for } x > 0", r"= x"))
    assert chains[-1].latex == r"\sqrt{x^2} = x" and chains[-1].assume == ("x > 0",)
    path = tmp_path / "b.tex"
    path.write_text(_doc(r"|x| = \sqrt{x^2} \quad \text{for } x > 0", r"= x"))
    main(["check", *FAST, str(path)])
    out = capsys.readouterr().out
    assert "REFUTED" not in out and ("PROVED" in out or "VERIFIED" in out), out


def test_a_markdown_continuation_is_joined(tmp_path, capsys):
    path = tmp_path / "c.md"
    path.write_text("Text\n\n$$\n(x + 1)^2\n$$\n\nso\n\n$$\n= x^2 + 2x + 1\n$$\n")
    code = main(["check", *FAST, str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "PROVED" in out and "continues display 1" in out, out


def test_listing_kinds_in_json(capsys):
    for latex, kind in ((r"T = O(n)", "order"), (r"t \leftarrow t + 1", "update"),
                        (r"= 1 + 1", "continuation")):
        main(["check", *FAST, "--json", latex])
        out = json.loads(capsys.readouterr().out)
        assert out["links"] == [] and [e["kind"] for e in out["expressions"]] == [kind]


# -- an order at the end of a chain of values ---------------------------------------------------
def test_the_values_before_an_order_are_checked_apart(tmp_path, capsys):
    # 2 = 3 is false: ending the chain with O(1) must not hide it inside a statement
    path = tmp_path / "d.tex"
    path.write_text(_doc(r"2 = 3 = O(1)", r"\frac{x}{2} \le x = O(x) \quad \text{for } x > 0"))
    main(["check", *FAST, str(path)])
    out = capsys.readouterr().out
    assert "REFUTED      2 = 3" in out, out
    assert "ORDER        3 = O(1)" in out and "ORDER        x = O(x)" in out, out
    assert "PROVED       \\frac{x}{2} \\le x" in out or "VERIFIED     \\frac{x}{2} \\le x" in out, out


@pytest.mark.parametrize("latex", [
    r"a \le O(n) = O(m)",          # an order inside the relations of values: not split
    r"x = O(1) + y = O(2)",        # a side that is not one order
    r"x = y = O(1) = z",           # a value after the order
    r"a = b \iff c = O(d)",         # the order is stated under an equivalence, not alone
    r"a = b \implies c = O(d)",
])
def test_a_chain_is_split_only_before_a_tail_of_orders(latex):
    from symbolic.latex.document import read_display
    chains = read_display(latex)
    assert len(chains) == 1 and chains[0].latex == latex


def test_the_split_keeps_the_conditions():
    from symbolic.latex.document import read_display
    head, order = read_display(r"\sqrt{x^2} = x = O(x) \quad \text{for } x > 0")
    assert head.latex == r"\sqrt{x^2} = x" and order.latex == "x = O(x)"
    assert head.assume == order.assume == ("x > 0",)


# -- the published corpus's expected-reading syntax ----------------------------------------------
def _harness():
    import importlib.util
    import sys
    from pathlib import Path
    if "published_harness" in sys.modules:      # loaded by the corpus's own tests
        return sys.modules["published_harness"]
    path = Path(__file__).resolve().parent / "published" / "harness.py"
    spec = importlib.util.spec_from_file_location("published_harness", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_expected_syntax_tells_the_new_kinds_apart():
    h = _harness()
    display = lambda reading: h.Display("x", "ref", "", reading)   # noqa: E731
    order = h.expected_links(display("stmt BigO(n**3) in BigO(n**2)"))
    assert order[0][1] == "ORDER" and isinstance(order[0][0], Growth)
    # one way: O(n^2) = O(n^3) read for O(n^3) = O(n^2) is a misread, and so is an equation
    swapped = [(order[0][2], "ORDER", order[0][0])]
    assert h.compare(swapped, order)[0] == "misread"
    assert h.compare([(order[0][0], "EQ", order[0][2])], order)[0] == "misread"
    update = h.expected_links(display("stmt t <- t + 1"))
    assert update[0][1] == "UPDATE"
    assert h.compare([(update[0][0], "EQ", update[0][2])], update)[0] == "misread"
    cont = h.expected_links(display("cont == a + b"))
    assert cont[0][0] == h.PREVIOUS_SIDE and cont[0][1] == "CONT_EQ"
    assert h.compare([(h.PREVIOUS_SIDE, "CONT_LE", cont[0][2])], cont)[0] == "misread"
    assert h.compare(cont, cont)[0] == "read"
