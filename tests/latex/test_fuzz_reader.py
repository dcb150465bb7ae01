"""Random LaTeX-ish input: the reader returns a chain or raises ParseError, nothing else."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symbolic.errors import ParseError
from symbolic.latex import ParsedChain, parse_assumptions, parse_chain

PIECES = ["x", "y", "_j", "^2", "^T", "k", "q_i", "+", "-", "=", r"\le", r"\approx", "(", ")", "{", "}",
          r"\frac", r"\sqrt", r"\sum_{j=1}^{n}", r"\max_j", r"\ln", r"\exp", r"\left(", r"\right)",
          r"\cdot", "/", "|", "||", "1", "0.5", r"\pi", "e", "i", r"\partial", r"\overline", ",",
          r"\operatorname{Re}", r"\text{ReLU}", r"\{", r"\}", "'", "$", r"\foo", " ", r"\implies"]


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14))
def test_reader_only_raises_parse_error(pieces):
    text = " ".join(pieces)
    try:
        result = parse_chain(text)
    except ParseError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(result, ParsedChain) and result.links


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES + [r"\in", r"\mathbb{R}", r"\mathbb{Z}_{>0}", ">", "<"]),
                min_size=1, max_size=8))
def test_assumptions_only_raise_parse_error(pieces):
    try:
        parse_assumptions([" ".join(pieces)])
    except ParseError as exc:
        assert "\n" not in str(exc)
