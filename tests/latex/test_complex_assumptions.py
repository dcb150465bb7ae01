"""Complex readings the DLMF needs: ``\\arg`` as the principal argument, and assumptions on
parts and moduli (``\\operatorname{Re} z > 0``, ``0 < |z|``) kept as facts."""
import sympy

from symbolic.latex import parse_chain
from symbolic.latex.parse import parse_assumptions


def test_arg_is_the_principal_argument():
    z = sympy.Symbol("z", complex=True)
    for latex in (r"\arg z = 1", r"\arg(z) = 1", r"\operatorname{arg}(z) = 1"):
        (link,) = parse_chain(latex, assumptions=[r"z \in \mathbb{C}"]).links
        assert link.claim.lhs == sympy.arg(z)
    # \arg z + 1: the argument of z, plus 1 (not arg(z + 1))
    (link,) = parse_chain(r"\arg z + 1 = 0", assumptions=[r"z \in \mathbb{C}"]).links
    assert link.claim.lhs == sympy.arg(z) + 1


def test_facts_on_parts_and_moduli_are_kept():
    z = sympy.Symbol("z", complex=True)
    # these were dropped as if they were the sign assumption of a symbol
    assert parse_assumptions([r"z \in \mathbb{C}", r"\operatorname{Re} z > 0"]).facts == (sympy.re(z) > 0,)
    assert parse_assumptions([r"z \in \mathbb{C}", r"0 < |z|"]).facts == (sympy.Lt(0, sympy.Abs(z)),)
    assert parse_assumptions([r"z \in \mathbb{C}", r"-\pi < \arg z"]).facts == (sympy.Lt(-sympy.pi, sympy.arg(z)),)
    # a plain sign is still a symbol's assumption, not a fact
    parsed = parse_assumptions([r"x > 0"])
    assert parsed.facts == () and parsed.symbols["x"].is_positive


def test_a_refutation_honours_a_part_assumption():
    from symbolic.commands import check_input
    from symbolic.config import CheckConfig
    # ln(z^2) = 2 ln z holds for Re z > 0; it was refuted at z = -1 with the fact dropped
    links, unreadable = check_input(r"\ln(z^2) = 2\ln z", assume=(r"z \in \mathbb{C}", r"\operatorname{Re} z > 0"),
                                    config=CheckConfig(timeout_s=20))
    assert not unreadable and links[0].outcome.verdict.value in ("proved", "verified")


def test_an_arg_max_is_refused_never_read_as_a_phase():
    import pytest
    from symbolic.errors import ParseError
    for latex in (r"m = \arg\max_{j} x_j", r"m = \arg\,\min_j x_j", r"m = \operatorname{arg}\max_j x_j",
                  r"\theta = \arg \min_{t} f_t"):
        with pytest.raises(ParseError, match="arg max"):
            parse_chain(latex)
