"""The report's warm-up checks the first claims of ``warm.CLAIMS`` built in SymPy: the same
claims the reader reads (so that a report's children start as warm as before)."""
import sympy

from symbolic.commands import warm
from symbolic.latex import parse_chain


def test_checked_claims_are_the_readers_readings():
    built = warm.checked_claims()
    assert [latex for latex, _ in built] == list(warm.CLAIMS[:warm.CHECKED])
    for latex, claim in built:
        (link,) = parse_chain(latex).links
        assert link.claim.relation == claim.relation, latex
        assert sympy.srepr(link.claim.lhs) == sympy.srepr(claim.lhs), latex
        assert sympy.srepr(link.claim.rhs) == sympy.srepr(claim.rhs), latex
