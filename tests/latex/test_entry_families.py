"""``P_{ij}(...)`` is an entry times a bracket only where the claim shows P is a family of numbers
(``symbolic.latex.entry_subscripts.entry_families``) or the user declares ``P_{ij}`` a number.

Adversarial on purpose: a rule that read every ``P_{ij}(...)`` as a product would prove
``P_{ij}(a+b) = P_{ij} a + P_{ij} b`` for a function P_ij, which is false for most functions;
the refused cases below are claims whose only evidence is missing or is the bracket itself.
Reading-only tests (cheap), and two checks: a false claim must be refuted, never proved.
"""
import pytest
import sympy

from symbolic.errors import ParseError
from symbolic.latex import parse_chain
from symbolic.latex.entry_subscripts import entry_families

# flashattention (Dao et al. 2022), alg. 3: dS_ij = P_ij (dP_ij - sum_l P_il dP_il)
_ALG3 = (r"\mathrm{dS}_{\mathrm{ij}}=P_{\mathrm{ij}}(\mathrm{dP}_{\mathrm{ij}}"
         r"-\sum_{l}P_{\mathrm{il}}\mathrm{dP}_{\mathrm{il}})")


def _claim(latex, **options):
    link, = parse_chain(latex, **options).links
    return link.claim


@pytest.mark.parametrize("latex, found", [
    (_ALG3, {"P"}),                                   # P_il dP_il: an entry times a number
    (r"P_{ij}(a+b) = P_{ij} a", {"P"}),
    (r"y = D_{i} P_{ij}", {"P"}),                     # after a factor
    (r"x = \sum_{l=1}^{N} P_{il} y_l", {"P"}),        # il holds the sum's index l
    (r"P_{ij}(a+b) = P_{ij}", set()),                 # alone: may name the function itself
    (r"x = \sum_{l=1}^{N} P_{il}", set()),            # alone in the sum
    (r"y = P_{in} a", set()),                         # in: a label, not indices
    (r"y = \mathbf{P}_{ij} a", set()),                # another name (bold)
    (r"y = E_{ij} a", set()),                         # the matrix unit
    (r"P_{ij}(a) + P_{ij}(b) = 0", set()),            # before brackets: the question itself
    (r"y = P_{ij} a", {"P"}),                         # before a factor
    (r"y = P_{ij} + a", set()),                       # a term, not a factor
])
def test_entry_families(latex, found):
    assert entry_families(latex) == frozenset(found)


def test_a_declared_function_or_matrix_is_never_a_family():
    assert entry_families(r"P_{ij}(a+b) = P_{ij} a", functions=("P",)) == frozenset()
    P = sympy.MatrixSymbol("P", 3, 3)
    assert entry_families(r"P_{ij}(a+b) = P_{ij} a", known={"P": P}) == frozenset()


def test_alg3_reads_as_an_entry_times_the_bracket():
    claim = _claim(_ALG3)
    rhs = claim.rhs
    assert isinstance(rhs, sympy.Mul) and len(rhs.args) == 2
    entry, bracket = sorted(rhs.args, key=lambda a: isinstance(a, sympy.Add))
    assert str(entry) == "P[i, j]" and isinstance(bracket, sympy.Add)
    assert not rhs.atoms(sympy.core.function.AppliedUndef)      # no function P applied


@pytest.mark.parametrize("latex", [
    r"P(a+b) = P_{ij} a",             # P without indices: a function P or P times (a+b)
    r"P_{ij}(a+b) = P_{ij}",          # no use as a factor
    r"P_{ij}(a+b) = P_{kl}(a) + c",   # brackets everywhere
    r"F_{ij}(x) = F_{ij}(y)",
    r"P_{in}(a+b) = P_{in} a",        # in: a label; the bracket after a label stays refused
    r"P_{ij}^{2}(a+b) = P_{ij} a",    # a power before the bracket: (P_ij(.))^2 or P_ij^2 (.)
    # a bracket a product would not need: a value of P_ij(t), an entry of P(t), as often
    r"P_{ij}(t) = \sum_{l=1}^{n} P_{il} R_{lj} t",
    r"P_{ij}(2t) = P_{ij} a",
    r"P_{ij}(-t) = P_{ij} a",
    r"L_{ij}(\theta) = L_{ij} \theta",
])
def test_without_evidence_the_bracket_stays_refused(latex):
    with pytest.raises(ParseError, match=r"may be the function"):
        parse_chain(latex)


def test_a_declared_function_family_stays_a_function():
    # f_t declared a function: f_t(x) is its value, whatever else the claim writes
    claim = _claim(r"f_{t}(x) = f_{ij} a", functions=("f_t",))
    assert claim.lhs.atoms(sympy.core.function.AppliedUndef)
    claim = _claim(r"F_{t}(a+b) = F_{ij} a", functions=("F_t",))
    assert claim.lhs.atoms(sympy.core.function.AppliedUndef)


def test_a_declared_number_reads_without_other_evidence():
    claim = _claim(r"P_{ij}(a+b) = c", assumptions=[r"P_{ij} \in \mathbb{R}"])
    assert isinstance(claim.lhs, sympy.Mul) and not claim.lhs.atoms(sympy.core.function.AppliedUndef)


def test_an_upright_label_declared_a_number_is_that_name():
    # flashattention4 sec. 3.1.4: O_final declared a number (entry by entry) commutes
    claim = _claim(r"\mathrm{Output} = \frac{1}{\ell_{\mathrm{final}}} O_{\mathrm{final}}",
                   assumptions=[r"O_{\mathrm{final}} \in \mathbb{R}"])
    assert len(claim.rhs.free_symbols) == 2
    with pytest.raises(ParseError, match="may be a matrix"):
        parse_chain(r"\mathrm{Output} = \frac{1}{\ell_{\mathrm{final}}} O_{\mathrm{final}}")


def test_false_claims_about_entries_are_refuted_not_proved():
    from symbolic.api import check
    # the bracket holds entries sharing an index with P_ij (bracket_shares_index)
    assert check(r"P_{ij}(a_i+b_j) = P_{ij} a_i").verdict.value == "refuted"
    assert check(r"P_{ij}(a_i-b_j) = P_{ij} a_i + P_{ij} b_j").verdict.value == "refuted"
    with pytest.raises(ParseError):        # a bracket sharing no index may be an argument
        parse_chain(r"P_{ij}(a+b) = P_{ij} a")
