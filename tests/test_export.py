"""``stepcheck export``: chains, labels, status marks, compiling, and the round trip."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy

from symbolic.cli import main
from symbolic.commands.export import chains, export_text, select_steps
from symbolic.commands.targets import Target, parse_target
from symbolic.model import Evidence, Outcome, Verdict
from symbolic.commands.targets import load_derivation_file

SAMPLE_PATH = str(Path(__file__).resolve().parent / "render" / "sample_doc.py")
SAMPLE = load_derivation_file(SAMPLE_PATH)
MARK = re.compile(r" \\qquad \\textcolor.*?(?= \\label)")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _outcomes(verdict=Verdict.PROVED):
    return {s.id: Outcome(verdict, (Evidence("m", "d"),)) for s in SAMPLE.steps}


def test_consecutive_steps_form_a_chain():
    blocks = chains(select_steps(SAMPLE, None))
    ids = [[row.step_id for row in block] for block in blocks]
    assert ids == [["A1", "A2"], ["B1"], ["B2"], ["B3"], ["E1"], ["N1"]]  # prose P1 has no formula
    assert blocks[0][1].lhs is None  # A2 starts where A1 ends: "&= (x+1)^2"


def test_export_text_has_packages_labels_and_marks():
    text = export_text(SAMPLE, status=True, outcomes=_outcomes())
    assert text.startswith("% stepcheck export of document sample\n% needs: \\usepackage{amsmath,amssymb,xcolor}")
    assert text.count(r"\begin{align}") == 6
    for step_id in ("A1", "A2", "B1", "B2", "B3", "E1", "N1"):
        assert rf"\label{{sample:{step_id}}}" in text
    assert text.count(r"\checkmark") >= 7
    plain = export_text(SAMPLE, status=False)
    assert "xcolor" not in plain and r"\textcolor" not in plain
    # marks are the only difference
    assert MARK.sub("", "\n".join(text.splitlines()[3:])) == "\n".join(plain.splitlines()[2:])


def test_step_selection_keeps_the_order_asked_for():
    text = export_text(SAMPLE, ("B3", "A1"), status=False)
    assert text.index("sample:B3") < text.index("sample:A1")
    assert text.count(r"\begin{align}") == 2


@pytest.mark.parametrize("target, message", [
    ("sample_doc.py:Z9", "has no step 'Z9'"),
    ("sample_doc.py:P1", "is prose"),
    ("sample_doc.py:", "names no step"),
    ("nope", "unknown document"),
])
def test_bad_targets_are_one_line_errors(workdir, capsys, target, message):
    shutil.copy(SAMPLE_PATH, workdir / "sample_doc.py")
    assert main(["export", target, "--no-status"]) == 2
    assert message in capsys.readouterr().err


def test_parse_target():
    assert parse_target("doc") == Target("doc", None)
    assert parse_target("doc:a,b") == parse_target(" doc: a , b ") == Target("doc", ("a", "b"))
    assert parse_target("my_proof.py:A1") == Target("my_proof.py", ("A1",))
    assert str(parse_target("doc:a,b")) == "doc:a,b"


def test_export_to_a_file(workdir, capsys):
    assert main(["export", f"{SAMPLE_PATH}:A1,A2", "-o", "out.tex"]) == 0
    assert capsys.readouterr().out == ""
    text = (workdir / "out.tex").read_text()
    assert r"\label{sample:A2}" in text and r"\textcolor[rgb]{0,0.5,0}{\checkmark}" in text


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
@pytest.mark.parametrize("status", [True, False])
def test_export_compiles_in_a_minimal_article(tmp_path, status):
    body = export_text(SAMPLE, status=status, outcomes=_outcomes())
    packages = "amsmath,amssymb" + (",xcolor" if status else "")
    assert f"\\usepackage{{{packages}}}" in body
    document = (f"\\documentclass{{article}}\n\\usepackage{{{packages}}}\n\\begin{{document}}\n"
                f"{body}See (\\ref{{sample:A2}}).\n\\end{{document}}\n")
    (tmp_path / "paper.tex").write_text(document)
    for _ in range(2):
        result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
                                cwd=tmp_path, capture_output=True, text=True, errors="replace", timeout=120)
        assert result.returncode == 0, result.stdout[-2000:]
    assert "undefined" not in (tmp_path / "paper.log").read_text(errors="replace").lower()


def _links_of(text: str) -> list[str]:
    """The formulas of exported align blocks, one chain per block, marks and labels removed."""
    chains_found = []
    for block in re.findall(r"\\begin\{align\}(.*?)\\end\{align\}", text, re.S):
        block = re.sub(r"\\label\{[^}]*\}", "", MARK.sub("", block))
        chains_found.append(" ".join(block.replace("&", " ").replace(r"\\", " ").split()))
    return chains_found


def test_exported_formulas_read_back_to_the_claims():
    from symbolic.latex import parse_chain

    text = export_text(SAMPLE, status=True, outcomes=_outcomes())
    claims = [s.claim for s in select_steps(SAMPLE, None)]
    links = [claim for chain in _links_of(text) for claim in _as_claims(parse_chain(chain))]
    assert len(links) == len(claims)
    for read, claim in zip(links, claims):
        assert read.relation is claim.relation
        for got, want in ((read.lhs, claim.lhs), (read.rhs, claim.rhs)):
            assert got == want or sympy.simplify(_plain(got) - _plain(want)) == 0, (got, want)


def _as_claims(result):
    """parse_chain's links as Claims (it may return claims or objects holding one)."""
    items = list(result.links if hasattr(result, "links") else result)
    return [getattr(item, "claim", item) for item in items]


def _plain(expr):
    # the reader makes its own symbols (real by default): compare by name
    return expr.subs({s: sympy.Symbol(s.name) for s in expr.free_symbols})


# -- the round trip on the real documents -----------------------------------------------------
# Measured when this test was written: 122 of 167 claims read back equal (73%), 45 are refused
# (expectations and variances, matrices, sets and \in, evaluation bars, subscripted operator
# names), none is misread. The documents grow, so the floor is a share; a regression fails.
# Measured again after the reader learned to refuse what it cannot read faithfully (undeclared
# letters before brackets, Kronecker deltas, ...) and four published documents were added:
# 166 of 235 equal (70.6%), 69 refused, none misread; then 164 of 235 (69.8%) once a capital
# letter after another factor (a possible matrix product, e.g. the Informer's `\ln LK` for L_K)
# is refused rather than read as commuting scalars.
ROUND_TRIP_FLOOR = 0.69


def _name(name: str) -> str:
    """A symbol's name without LaTeX braces and backslashes (``k_{11}`` is ``k_11``)."""
    return name.replace("{", "").replace("}", "").replace("\\", "").replace(" ", "")


def _bound(expr) -> set:
    """The index symbols bound by a Sum, Product, MaxOver or MinOver in an expression."""
    from symbolic.functions import MaxOver
    out = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Sum, sympy.Product, MaxOver)):
            out |= {limit[0] for limit in node.limits}
    return out


def _vector_products(expr):
    """``u.T*v`` of column-vector MatrixSymbols as the reader's dot product (``vectors.py``)."""
    from sympy.matrices.expressions import MatMul, MatrixSymbol, Transpose

    from symbolic.latex.vectors import dot, vector_component

    def component(m):
        stem, sep, sub = m.name.partition("_")
        row = (sympy.Integer(sub) if sub.isdigit() else sympy.Symbol(sub)) if sep else None
        return vector_component(stem, row)

    def fix(node):
        mats = [a for a in node.args if isinstance(a, (MatrixSymbol, Transpose))]
        scalars = [a for a in node.args if a not in mats]
        if (len(mats) == 2 and isinstance(mats[0], Transpose) and isinstance(mats[1], MatrixSymbol)
                and mats[0].arg.shape[1] == 1 and mats[1].shape[1] == 1):
            return sympy.Mul(*scalars) * dot(component(mats[0].arg), component(mats[1]))
        return node

    return expr.replace(lambda n: isinstance(n, MatMul), fix) if expr.has(MatrixSymbol) else expr


def _canonical(expr):
    """An expression with the reader's spelling of names: the claim and the read-back compare equal
    exactly when they are the same expression up to how a name is spelt.

    A free ``x[i]`` is the reader's symbol ``x_i`` (an index bound by a sum stays Indexed, so
    a factor pulled out of a sum still differs); the component index ``nu_dot`` prints as
    ``\\nu``; symbols, indexed bases and user functions are keyed by name only.
    """
    from sympy.core.function import AppliedUndef

    expr = _vector_products(expr)
    bound = _bound(expr)
    free_indexed = {x: sympy.Symbol(_name(str(x.base.label) + "_" + "".join(map(str, x.indices))))
                    for x in expr.atoms(sympy.Indexed)
                    if not set(x.indices) & bound and all(i.is_Symbol or i.is_Integer for i in x.indices)}
    expr = expr.xreplace(free_indexed)
    names = {s.name for s in expr.atoms(sympy.Symbol)}
    swap = {s: sympy.Symbol(_name("nu" if s.name == "nu_dot" and "nu" not in names else s.name))
            for s in expr.atoms(sympy.Symbol)}
    swap.update({b: sympy.IndexedBase(_name(str(b.label))) for b in expr.atoms(sympy.IndexedBase)})
    expr = expr.xreplace(swap)
    # the documents' Mean and Var and the reader's E[.] and Var(.) (subclasses of them) are one
    from symbolic.functions import Mean, Var
    expr = expr.replace(lambda n: isinstance(n, Mean), lambda n: sympy.Function("Mean")(*n.args))
    expr = expr.replace(lambda n: isinstance(n, Var), lambda n: sympy.Function("Var")(*n.args))
    return expr.replace(lambda n: isinstance(n, AppliedUndef),
                        lambda n: sympy.Function(_name(n.func.__name__))(*n.args))


def _same(got, want) -> bool:
    """Equal after canonical names: structurally, or their difference simplifies to 0 within 10 s.

    A simplification that does not finish, or a matrix read as a scalar, counts as
    different: equality must be shown.
    """
    from symbolic.budget import SoftTimeout, soft_deadline

    if got == want:
        return True
    a, b = _canonical(got), _canonical(want)
    if a == b:
        return True
    try:
        with soft_deadline(10):
            if isinstance(a, sympy.Expr) and isinstance(b, sympy.Expr):
                return sympy.simplify((a - b).doit()) == 0
            return sympy.simplify(sympy.Equivalent(a, b)) is sympy.true
    except (SoftTimeout, TypeError):
        return False   # too slow to show, or a matrix against a scalar: not shown equal


def _read_back(derivation, step):
    """'equal', 'refused' (with the reader's message) or 'differs' for one exported step."""
    from symbolic.errors import ParseError
    from symbolic.latex import parse_chain

    text = export_text(derivation, (step.id,), status=False)
    (formula,) = _links_of(text)
    try:
        # the functions the step applies are declared, as a user of the reader declares them
        functions = sorted({type(f).__name__ for side in (step.claim.lhs, step.claim.rhs)
                            for f in side.atoms(sympy.core.function.AppliedUndef)})
        links = _as_claims(parse_chain(formula, functions=functions))
    except ParseError as exc:
        return "refused", str(exc)
    claim = step.claim
    if (len(links) == 1 and links[0].relation is claim.relation
            and _same(links[0].lhs, claim.lhs) and _same(links[0].rhs, claim.rhs)):
        return "equal", ""
    return "differs", f"{formula} read as {links}"


# Steps whose exported form the reader cannot read back, each with the reason; they count as
# refused (the reader would have to know these notations to read them, not guess).
READ_BACK_LIMITS = {
    **{f"attention_assignment:{step}": "sympy.stats expectations of random variables with a stated "
                                       "distribution; the exported E[.]/Var(.) reads as a moment of "
                                       "an unnamed distribution (the distribution is not in the text)"
       for step in ("C-1", "C-4", "C-4b", "C-4c", "C-7v")},
    "roformer:RF-10": "entries q_{2i}, q_{2i+1} with a computed index read as names (correctly), "
                      "which the canonical form keeps apart from q[2*i]",
    "rmsnorm:RN-5a": "the Kronecker delta prints as delta_{ij}, read as a symbol",
    "rmsnorm:RN-5b": "the Kronecker delta prints as delta_{ij}, read as a symbol",
    "rmsnorm:RN-6": "the Kronecker delta prints as delta_{ij}, read as a symbol",
    "rmsnorm:RN-7": "the Kronecker delta prints as delta_{ij}, read as a symbol",
    "rmsnorm:RN-8": "the Kronecker delta prints as delta_{ij}, read as a symbol",
    "rmsnorm:RN-8c": "the Kronecker delta prints as delta_{ij}, read as a symbol",
}


@pytest.mark.slow
def test_real_documents_round_trip_or_are_refused():
    import proofs

    counts, misread = {"equal": 0, "refused": 0, "differs": 0}, []
    for doc in proofs.document_ids():
        derivation = proofs.load(doc)
        for step in select_steps(derivation, None):
            verdict, detail = _read_back(derivation, step)
            if verdict == "differs" and f"{doc}:{step.id}" in READ_BACK_LIMITS:
                verdict = "refused"
            counts[verdict] += 1
            if verdict == "differs":
                misread.append(f"{doc}:{step.id}: {detail}")
    assert not misread, "exported formulas read back as something else:\n" + "\n".join(misread)
    assert counts["equal"] >= ROUND_TRIP_FLOOR * sum(counts.values()), counts


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_real_documents_export_compiles(tmp_path):
    import proofs

    bodies = [export_text(proofs.load(doc), status=False) for doc in proofs.document_ids()]
    document = ("\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n\\begin{document}\n"
                + "\n".join(bodies) + "\\end{document}\n")
    (tmp_path / "paper.tex").write_text(document)
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"],
                            cwd=tmp_path, capture_output=True, text=True, errors="replace", timeout=300)
    assert result.returncode == 0, result.stdout[-3000:]


def test_cli_exports_steps_of_a_real_document(workdir, capsys):
    assert main(["export", "informer_lemma1:INF-16b,INF-15", "--no-status"]) == 0
    out = capsys.readouterr().out
    assert out.index("informer_lemma1:INF-16b") < out.index("informer_lemma1:INF-15")
    assert r"\max_{m=1}^{L_{K}}" in out and r"\textcolor" not in out
    assert main(["export", "informer_lemma1:INF-15", "--no-status", "-o", "paper.tex"]) == 0
    assert capsys.readouterr().out == ""
    assert (workdir / "paper.tex").read_text().startswith("% stepcheck export of document informer_lemma1")
