"""Red team of the readings of bold vectors (``\\boldsymbol{g}_t``, ``{\\boldsymbol{q}}_m``,
``\\mathbf{x}``) under norms, in ``u^\\top v``, in ``\\langle u, v \\rangle`` and in
``\\mathbf{u} \\cdot \\mathbf{v}``: claims built to be misread by each rule, mostly false.

Kinds, as in the other red-team files:

* a false claim is never ``proved``/``verified``/``approximate`` (a refusal, ``refuted`` or an
  undecided verdict is fine);
* a true claim is never ``refuted`` (the ones marked ``proved`` must be proved for every d);
* an ambiguous claim is refused with ``ParseError``.

The truth of every claim was worked out by hand (in its comment) before it was run.
"""
from __future__ import annotations

import pytest

from symbolic.api import check_chain
from symbolic.config import CheckConfig
from symbolic.errors import ParseError, StepcheckError
from symbolic.latex.parse import parse_chain
from symbolic.model import Verdict

CONFIG = CheckConfig(timeout_s=10)
# a proof under a loaded machine may need more than the red team's budget: this one is not a
# speed target, only the verdict is checked
PROOF_CONFIG = CheckConfig(timeout_s=60)
ACCEPTING = frozenset([Verdict.PROVED, Verdict.VERIFIED, Verdict.APPROXIMATE])


def _verdicts(latex, config=CONFIG):
    try:
        return [o.verdict for _, o in check_chain(latex, config=config)]
    except StepcheckError:
        return None


FALSE = [
    # the cross term 2 x^T y is missing: x = y = (1) gives 4 = 2
    r"\|\mathbf{x} + \mathbf{y}\|^2 = \|\mathbf{x}\|^2 + \|\mathbf{y}\|^2",
    r"\|\boldsymbol{x} + \boldsymbol{y}\|^2 = \|\boldsymbol{x}\|^2 + \|\boldsymbol{y}\|^2",
    # the factor 2 of the cross term is missing: u = v = (1) gives 0 = 1
    r"\|\mathbf{u} - \mathbf{v}\|^2 = \|\mathbf{u}\|^2 - \mathbf{u}^\top\mathbf{v} + \|\mathbf{v}\|^2",
    # u^T v is not u^T u: u = (1), v = (0)
    r"\mathbf{u}^\top\mathbf{v} = \mathbf{u}^\top\mathbf{u}",
    # Cauchy-Schwarz holds with equality only for parallel vectors: u = (1), v = (-1)
    r"\|\mathbf{u}\| \|\mathbf{v}\| = \mathbf{u}\cdot\mathbf{v}",
    # Cauchy-Schwarz reversed: u = (1, 0), v = (0, 1) gives 0 >= 1
    r"\mathbf{u}\cdot\mathbf{v} \ge \|\mathbf{u}\|\|\mathbf{v}\|",
    # |u.v| <= |u| + |v| fails for u = v = (3): 9 <= 6
    r"|\mathbf{u}\cdot\mathbf{v}| \le \|\mathbf{u}\| + \|\mathbf{v}\|",
    # the norm of a difference is not the difference of norms: theta_{t+1} = (0), theta_t = (1)
    r"\|\boldsymbol{\theta}_{t+1} - \boldsymbol{\theta}_t\| = \|\boldsymbol{\theta}_{t+1}\| - \|\boldsymbol{\theta}_t\|",
    # linearity with the wrong sign
    r"\boldsymbol{g}_t^{\top}(\boldsymbol{\theta}_t - \boldsymbol{\theta}_s) = "
    r"\boldsymbol{g}_t^{\top}\boldsymbol{\theta}_t + \boldsymbol{g}_t^{\top}\boldsymbol{\theta}_s",
    # the indices of q and k swapped: q_m^T k_n is not q_n^T k_m
    r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n} = {\boldsymbol{q}}_{n}^\top{\boldsymbol{k}}_{m}",
    # an inner product is not the squared distance: u = v = (1) gives 1 = 0
    r"\langle \mathbf{u}, \mathbf{v} \rangle = \|\mathbf{u} - \mathbf{v}\|^2",
    # bold x (a vector) and plain x (another vector) are two objects: x bold = (0), x = (1)
    r"\|\mathbf{x}\| = \|x\|",
    # a dot product with the wrong index: q_i.k_j is not q_i.k_i
    r"e^{\boldsymbol{q}_i \cdot \boldsymbol{k}_j} = e^{\boldsymbol{q}_i \cdot \boldsymbol{k}_i}",
    # a sum of squared norms is not its last term: g_1 = (1), T = 2
    r"\sum_{t=1}^{T} \|\boldsymbol{g}_t\|^2 = \|\boldsymbol{g}_T\|^2",
    # the norm of the step t+1 is not the norm of step t
    r"\|\boldsymbol{\theta}_{t+1}\|^2 = \|\boldsymbol{\theta}_t\|^2",
    # a scaled vector under a norm: ||a x|| = |a| ||x||, not a ||x|| (a = -1)
    r"\|\alpha \mathbf{x}\| = \alpha \|\mathbf{x}\|",
    r"\|-\eta \mathbf{g}\| = \eta \|\mathbf{g}\|",
    # the SGD step expanded with eta_t where eta_t^2 belongs (eta_t = -1 tells them apart)
    r"\|\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}_t - \boldsymbol{\theta}_s\|^2 = "
    r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}_s\|^2 - 2\eta_t \boldsymbol{g}_t^{\top}"
    r"(\boldsymbol{\theta}_t - \boldsymbol{\theta}_s) + \eta_t\|\boldsymbol{g}_t\|^2",
    # the cross term's sign flipped
    r"\|\mathbf{y} - \eta_t \cdot \mathbf{x}\|^2 = \|\mathbf{y}\|^2 + 2\eta_t \mathbf{y}^\top\mathbf{x} + \eta_t^2\|\mathbf{x}\|^2",
]

TRUE_PROVED = [
    r"\|\mathbf{u} - \mathbf{v}\|^2 = \|\mathbf{u}\|^2 - 2 \mathbf{u}^\top\mathbf{v} + \|\mathbf{v}\|^2",
    r"\mathbf{u}\cdot\mathbf{v} = \mathbf{v}^\top\mathbf{u}",
    r"\boldsymbol{g}_t^{\top}(\boldsymbol{\theta}_t - \boldsymbol{\theta}_s) = "
    r"\boldsymbol{g}_t^{\top}\boldsymbol{\theta}_t - \boldsymbol{g}_t^{\top}\boldsymbol{\theta}_s",
    r"\langle \mathbf{u}, \mathbf{v}\rangle = \mathbf{u}\cdot\mathbf{v}",
    r"{\boldsymbol{q}}_{m}^\top{\boldsymbol{k}}_{n} = {\boldsymbol{k}}_{n}^\top{\boldsymbol{q}}_{m}",
    r"\mathbf{u}\cdot\mathbf{u} = \|\mathbf{u}\|^2",
    r"\|\boldsymbol{g}_t\| \ge 0",
    # one SGD step expanded (the optimisation notes' identity, theta_s for the optimum)
    r"\|\boldsymbol{\theta}_t - \eta_t \boldsymbol{g}_t - \boldsymbol{\theta}_s\|^2 = "
    r"\|\boldsymbol{\theta}_t - \boldsymbol{\theta}_s\|^2 - 2\eta_t \boldsymbol{g}_t^{\top}"
    r"(\boldsymbol{\theta}_t - \boldsymbol{\theta}_s) + \eta_t^2\|\boldsymbol{g}_t\|^2",
    r"\|\alpha \mathbf{x}\| = |\alpha| \|\mathbf{x}\|",
    r"\|\eta_t \cdot \mathbf{x}\| = |\eta_t| \|\mathbf{x}\|",
]

TRUE = TRUE_PROVED + [
    # Cauchy-Schwarz
    r"|\mathbf{u}\cdot\mathbf{v}| \le \|\mathbf{u}\|\|\mathbf{v}\|",
    # the parallelogram law
    r"\|\mathbf{u} + \mathbf{v}\|^2 + \|\mathbf{u} - \mathbf{v}\|^2 = 2\|\mathbf{u}\|^2 + 2\|\mathbf{v}\|^2",
    # the triangle inequality
    r"\|\mathbf{u} + \mathbf{v}\| \le \|\mathbf{u}\| + \|\mathbf{v}\|",
]

REFUSED = [
    # u v^T of bold (column) vectors is an outer product, a matrix
    r"\mathbf{u}\mathbf{v}^\top = \mathbf{v}\mathbf{u}^\top",
    r"\boldsymbol{q}_i \boldsymbol{k}_j^\top = 1",
    # a chain of centred dots of vectors: (u.v) w or u (v.w)?
    r"\mathbf{u}\cdot\mathbf{v}\cdot\mathbf{w} = 1",
    # a dot product times a vector: a vector, not a number
    r"\mathbf{u}\cdot\mathbf{v}\,\mathbf{w} = \mathbf{w}",
    r"\boldsymbol{q}_i \cdot \boldsymbol{k}_j \boldsymbol{v}_j = 1",
    # a bracket of vectors dotted: its vectors would be read as numbers beside the dot products
    r"(\mathbf{a}+\mathbf{b})\cdot\mathbf{c} = \mathbf{a}\cdot\mathbf{c}+\mathbf{b}\cdot\mathbf{c}",
    # a vector under a norm (or in a dot product) and a number elsewhere: ||x||^2 vs x^2
    r"\|\mathbf{x}\|^2 = \mathbf{x}^2",
    r"\|\boldsymbol{g}_t\|^2 = \boldsymbol{g}_t^2",
    r"\mathbf{u}^\top\mathbf{v} = \mathbf{u}",
    # ||x^2||: a power of a vector under a norm (entrywise? x^T x?) is not ||x||^2
    r"\|\boldsymbol{g}_t^2\| = \|\boldsymbol{g}_t\|^2",
    # a power of a dot-product vector: (u.v)^2 or u.(v^2)?
    r"\mathbf{u}\cdot\mathbf{v}^2 = 1",
    # an undeclared bold capital is a matrix: its product with a vector cannot be read here
    r"\|\mathbf{W}\mathbf{x}\| = 1",
    # without bold, a factor beside a vector under a norm may be a number or a vector
    r"\|\theta_t - \eta g_t\|^2 = 1",
    # a product of two bold vectors without an operator stays refused
    r"\mathbf{q}\mathbf{k} = \mathbf{k}\mathbf{q}",
    # a factor that may be a matrix or hide a power beside a vector under a norm
    r"\|A \mathbf{x}\| = 1",
    r"\|\eta^2 \mathbf{x}\| = 1",
    # numbers side by side before a vector: 23, 2 3 or 2 + 3?
    r"\|2 3 \mathbf{x}\| = 6\|\mathbf{x}\|",
    # a factor after the vector
    r"\|\mathbf{x} \eta\| = 1",
    # the factor is a vector elsewhere in the chain
    r"\|\eta \mathbf{g}\| = \|\eta\|",
    # a power after u^T v: (q^T k)^2 or q^T (k^2)? Read as the first, this false claim was proved
    r"\mathbf{q}^\top \mathbf{k}^2 = (\mathbf{q}^\top \mathbf{k})^2",
    r"q^\top k_j^2 = (q^\top k_j)^2",
    # the letter before v^T is the exponent of q: q^a k_j^T is not q^(a^T k_j)
    r"q^a k_j^T = 1",
    # x^* (an optimum or a conjugate) stays refused under a norm where no iterate of x is written
    # (beside an iterate theta_t it is read as the optimum: docs/reading.md, decorated names)
    r"\|\boldsymbol{\theta} - \boldsymbol{\theta}^*\|^2 \ge 0",
]


@pytest.mark.parametrize("latex", FALSE)
def test_false_bold_vector_claim_is_never_accepted(latex):
    verdicts = _verdicts(latex)
    assert verdicts is None or not all(v in ACCEPTING for v in verdicts), (latex, verdicts)


@pytest.mark.parametrize("latex", TRUE)
def test_true_bold_vector_claim_is_never_refuted(latex):
    verdicts = _verdicts(latex)
    assert verdicts is not None, latex          # read, not refused
    assert Verdict.REFUTED not in verdicts, (latex, verdicts)


@pytest.mark.parametrize("latex", TRUE_PROVED)
def test_bold_vector_identity_is_proved_for_every_dimension(latex):
    assert _verdicts(latex, PROOF_CONFIG) == [Verdict.PROVED], latex


@pytest.mark.parametrize("latex", REFUSED)
def test_ambiguous_bold_vector_claim_is_refused(latex):
    with pytest.raises(ParseError):
        parse_chain(latex)


def test_bold_vector_keeps_its_font_and_its_index():
    """\\boldsymbol{g}_t is component nu of the family \\boldsymbol{g} at step t, not g."""
    from symbolic.latex.vectors import COMPONENT
    lhs = parse_chain(r"\|\boldsymbol{g}_t\|^2 = 1").links[0].claim.lhs
    import sympy
    elements = lhs.atoms(sympy.Indexed)
    assert {str(e.base.label) for e in elements} == {r"\boldsymbol{g}"}
    assert all(e.indices[-1] == COMPONENT and str(e.indices[0]) == "t" for e in elements)


def test_centred_dot_of_bold_vectors_is_the_dot_product():
    import sympy
    from symbolic.latex.vectors import dot_factors
    value = parse_chain(r"a = \boldsymbol{q}_i \cdot \boldsymbol{k}_j").links[0].claim.rhs
    u, v = dot_factors(value)
    assert {str(u.base.label), str(v.base.label)} == {r"\boldsymbol{q}", r"\boldsymbol{k}"}
    assert isinstance(value, sympy.Sum)
