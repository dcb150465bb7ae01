"""The DLMF benchmark runner's own logic, on synthetic rows written here (not the DLMF's rows).

The respellings must say the same thing as the text they replace: each is checked against
the function it stands for, through the reader. The classification of refutations is checked
on hand-made results; one small end-to-end run checks real rows through ``check_input``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import mpmath
import pytest
import sympy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import dlmf  # noqa: E402
from dlmf_conversion import respell  # noqa: E402

t = sympy.Symbol("t", real=True)


def _read(latex):
    from symbolic.latex import parse_chain
    (link,) = parse_chain(latex + " = 0").links
    return link.claim.lhs


@pytest.mark.parametrize("written, meant", [
    (r"\operatorname{sech} t", 1 / sympy.cosh(t)),
    (r"\operatorname{csch}(2t+1)", 1 / sympy.sinh(2 * t + 1)),
    (r"\coth t", sympy.coth(t)),
    (r"\coth^{2} t", sympy.coth(t) ** 2),
    (r"3\coth(t-1)\coth t", 3 * sympy.coth(t - 1) * sympy.coth(t)),
    (r"\operatorname{sech}^{2} t", sympy.sech(t) ** 2),
    (r"\operatorname{arsinh} t", sympy.asinh(t)),
    (r"\operatorname{arccot} t", sympy.atan(1 / t)),
    (r"\operatorname{arcsec}(\coth t)", sympy.acos(1 / sympy.coth(t))),
    (r"\operatorname{arcsch} t", sympy.asinh(1 / t)),
])
def test_respelling_reads_as_the_function_it_stands_for(written, meant):
    spelled = respell(written)
    assert spelled.fixes and not spelled.left
    got = _read(spelled.latex)
    for point in (sympy.Rational(3, 10), sympy.Rational(17, 10), sympy.Rational(29, 10)):
        assert abs(sympy.N(got.subs(t, point) - meant.subs(t, point), 40)) < 1e-30


@pytest.mark.parametrize("written", [
    r"\operatorname{sech} tu",        # sech(tu) or u sech t: not guessed
    r"\coth t^{2}",                   # coth(t^2) by convention, but not guessed either
    r"\operatorname{csch} 2t",
    r"\operatorname{arccot}",
])
def test_an_argument_that_cannot_be_delimited_is_left_alone(written):
    spelled = respell(written)
    assert spelled.latex == written and spelled.left and not spelled.fixes


def test_text_without_anything_to_respell_is_unchanged():
    for text in (r"\sin t + \ln|t| = 1", r"\operatorname{arsinh}(t) = \ln(t + \sqrt{t^2+1})", r"|t| = 1"):
        assert respell(text) == dlmf.respell(text)
        assert respell(text).latex == text and not respell(text).fixes


def test_absolute_values_of_functions_are_paired_only_when_unambiguous():
    spelled = respell(r"|\cos t| \leq |t| + |\sin(2t)|")
    assert spelled.latex == r"\left|\cos t\right| \leq |t| + \left|\sin(2t)\right|"
    assert respell(r"|\sin|t|| = 1").latex == r"|\sin|t|| = 1"       # nested bars: untouched
    assert respell(r"|\sin t| + |t = 1").latex == r"|\sin t| + |t = 1"  # odd count: untouched


def test_own_definition_is_noticed():
    fixes = respell(r"\operatorname{sech} t").fixes
    assert dlmf._is_own_definition("4.28.E6", fixes)
    assert not dlmf._is_own_definition("4.28.E16", fixes)
    assert not dlmf._is_own_definition("4.35.E1", fixes)


def _record(**changes):
    record = {"id": "9.9.E1", "section": "9.9", "domain": "complex", "standalone": True,
              "multivalued": False, "existential_k": False, "constraints_dropped": [],
              "imaginary_unit": True, "maple_symbolic": "Failure", "mathematica_symbolic": "Successful",
              "latex": "f = g", "checked_latex": "f = g", "assume": [r"w \in \mathbb{C}"], "fixes": [],
              "fixes_left": [], "self_definition": False, "error": None,
              "links": [{"latex": "f = g", "verdict": "refuted", "evidence": [],
                         "counterexample": [["w", "0.5+2*I"], ["lhs", "(1.0 + 0.0j)"], ["rhs", "2.0"]],
                         "seconds": 0.1}]}
    record.update(changes)
    record["status"] = dlmf.status_of(record).value
    return record


def test_a_refutation_with_nothing_to_explain_it_is_unexplained():
    cause, kind = dlmf.refutation_cause(_record())
    assert kind is dlmf.Cause.UNEXPLAINED and "UNEXPLAINED" in cause
    assert "**UNEXPLAINED**" in dlmf.refutations([_record()])


def test_a_dropped_phase_constraint_explains_only_when_the_point_violates_it():
    outside = _record(constraints_dropped=[r"\arg w < \frac{1}{2}\pi"],
                      links=[dict(_record()["links"][0], counterexample=[["w", "-1+1*I"], ["lhs", "1"], ["rhs", "2"]])])
    cause, kind = dlmf.refutation_cause(outside)
    assert kind is dlmf.Cause.EXPLAINED and "violated" in cause
    inside = _record(constraints_dropped=[r"\arg w < \frac{1}{2}\pi"])     # arg(0.5+2i) < pi/2
    cause, kind = dlmf.refutation_cause(inside)
    assert kind is dlmf.Cause.UNEXPLAINED and "holds at the counterexample" in cause


def test_flags_of_the_row_explain_a_refutation():
    for flags in ({"multivalued": True}, {"existential_k": True}, {"standalone": False}):
        assert dlmf.refutation_cause(_record(**flags))[1] is dlmf.Cause.EXPLAINED


def test_one_sided_values_are_reported_as_a_misread():
    record = _record(checked_latex=r"\ln(w - i 0) = \ln|w| - i\pi")
    assert dlmf.refutation_cause(record)[1] is dlmf.Cause.MISREAD


def test_equality_case_is_recognised_from_the_counterexample():
    link = dict(_record()["links"][0], latex="1 + w < e^{w}",
                counterexample=[["w", "0"], ["lhs", "1.0"], ["rhs", "1.0"]])
    assert "equality case" in dlmf.refutation_cause(_record(links=[link]))[0]


def test_a_cut_explains_only_when_the_claim_holds_just_above_it():
    on_cut = _record(checked_latex=r"\ln(\frac{1}{w}) = -\ln w", links=[
        {"latex": r"\ln(\frac{1}{w}) = -\ln w", "verdict": "refuted", "evidence": [], "seconds": 0.1,
         "counterexample": [["w", "-2+0*I"], ["lhs", "(-0.693147180559945 + 3.14159265358979j)"],
                            ["rhs", "(-0.693147180559945 - 3.14159265358979j)"]]}])
    cause, kind = dlmf.refutation_cause(on_cut)
    assert kind is dlmf.Cause.EXPLAINED and "w + i0" in cause and "on a cut" in cause
    # the sides differ in sign off any cut: the other square root, not a convention
    off_cut = _record(checked_latex=r"\sqrt{w^{2}} = w", links=[
        {"latex": r"\sqrt{w^{2}} = w", "verdict": "refuted", "evidence": [], "seconds": 0.1,
         "counterexample": [["w", "-1+1*I"], ["lhs", "(1.0 - 1.0j)"], ["rhs", "(-1.0 + 1.0j)"]]}])
    cause, kind = dlmf.refutation_cause(off_cut)
    assert kind is dlmf.Cause.UNEXPLAINED and "differ in sign" in cause
    # on the cut, but wrong just above it as well: not explained by the convention
    wrong = _record(checked_latex=r"\sqrt{w^{2}} = w", links=[
        {"latex": r"\sqrt{w^{2}} = w", "verdict": "refuted", "evidence": [], "seconds": 0.1,
         "counterexample": [["w", "-2+0*I"], ["lhs", "2.0"], ["rhs", "-2.0"]]}])
    assert dlmf.refutation_cause(wrong)[1] is dlmf.Cause.UNEXPLAINED


def test_a_large_counterexample_is_tested_at_the_point_itself():
    # 1e30 read at 53 bits is 1000000000000000019884624838656, where cos(w/2) > 0 and the
    # claim happens to hold: the cut test must not "explain" the refutation there
    latex = r"\cos(\frac{w}{2}) = \left(\frac{1+\cos w}{2}\right)^{1/2}"
    record = _record(checked_latex=latex, links=[
        {"latex": latex, "verdict": "refuted", "evidence": [], "seconds": 0.1,
         "counterexample": [["w", "1e30+0*I"], ["lhs", "(-0.0451043545270537 + 0.0j)"],
                            ["rhs", "(0.0451043545270537 + 0.0j)"]]}])
    assert dlmf.agrees_above_cut(record) is None
    assert dlmf.refutation_cause(record)[1] is dlmf.Cause.UNEXPLAINED


def test_a_half_of_a_split_pm_and_failed_cas_numerics_point_at_the_row():
    rows = [{"id": "9.1.E1/1", "latex": r"f(w) = +g(w)"}, {"id": "9.1.E1/2", "latex": r"f(w) = -g(w)"},
            {"id": "9.1.E2/1", "latex": r"a = b"}, {"id": "9.1.E2/2", "latex": r"b = c"}]
    by_id = {r["id"]: r for r in rows}
    assert dlmf.pm_half(rows[0], by_id) and dlmf.pm_half(rows[1], by_id)
    assert not dlmf.pm_half(rows[2], by_id)          # a chain's links are not signs of a ±
    assert dlmf.refutation_cause(_record(pm_half=True))[1] is dlmf.Cause.ROW
    assert dlmf.refutation_cause(_record(mathematica_numeric="Failed [3 / 7]"))[1] is dlmf.Cause.ROW
    assert dlmf.refutation_cause(_record(mathematica_numeric="Successful [Tested: 7]"))[1] \
        is dlmf.Cause.UNEXPLAINED


def test_huge_and_tiny_counterexample_values_are_read_without_underflow():
    value = dlmf._complex("(1.5e-89704 - 2.5e-89704j)")
    assert value == mpmath.mpc("1.5e-89704", "-2.5e-89704")
    assert dlmf._complex("x + 1") is None


def test_status_of_a_row():
    assert dlmf.status_of(_record(error="cannot read")) is dlmf.Status.UNREADABLE
    proved = dict(_record()["links"][0], verdict="proved")
    assert dlmf.status_of(_record(links=[proved])) is dlmf.Status.PROVED
    assert dlmf.status_of(_record(links=[proved, dict(proved, verdict="verified")])) is dlmf.Status.VERIFIED
    assert dlmf.status_of(_record(links=[proved, dict(proved, verdict="timeout")])) is dlmf.Status.UNDECIDED
    assert dlmf.status_of(_record(links=[dict(proved, verdict="refuted"), proved])) is dlmf.Status.REFUTED


def test_unreadable_rows_are_grouped_by_what_the_reader_names():
    rows = [_record(id="a", error=r"cannot read '\int_{0}^{1} f' at column 3: unknown command"),
            _record(id="b", error=r"cannot read '\int g' at column 9: unknown command"),
            _record(id="c", error=r"cannot read '\arg w' at column 1: unknown command")]
    assert dlmf.unreadable_groups(rows) == [(r"\int: unknown command", ["a", "b"]),
                                            (r"\arg: unknown command", ["c"])]


def test_the_table_counts_each_group(tmp_path):
    rows = [_record(id="a"), _record(id="b", standalone=False, domain="real"),
            _record(id="c", error="cannot read 'x' at column 1: no", mathematica_symbolic="Failure")]
    text = dlmf.table(rows)
    assert "| all | 3 | 0 | 2 | 0 (0) | 0 | 2 | 0 (0 / 0 / 0 / 0) | 1 |" in text
    assert "| standalone | 2 | 0 | 1 | 0 (0) | 0 | 1 | 0 (0 / 0 / 0 / 0) | 1 |" in text
    assert "| all · real | 1 |" in text


def _linked(verdict, evidence):
    link = {"latex": "f = g", "verdict": verdict, "evidence": evidence, "counterexample": None,
            "seconds": 0.1}
    return _record(links=[link])


def test_proved_rows_on_the_domain_where_both_sides_are_defined_are_counted_apart():
    shared = _linked("proved", ["algebraic_expand: lhs - rhs is 0 by expand",
                                "definedness: algebraic_expand: " + dlmf.WHOLE_DOMAIN + "; excluded, "
                                "where neither side is defined: cos(w) = 0"])
    plain = _linked("proved", ["algebraic_expand: lhs - rhs is 0 by expand"])
    verified = _linked("verified", ["numeric_sample: 60 points; " + dlmf.WHOLE_DOMAIN])
    assert dlmf.proved_where_defined(shared)
    assert not dlmf.proved_where_defined(plain) and not dlmf.proved_where_defined(verified)
    assert "| all | 3 | 0 | 3 | 2 (1) | 1 |" in dlmf.table([shared, plain, verified])


def test_one_sided_values_become_limits_or_are_refused():
    spelled = respell(r"\ln(x-i 0) = \ln |x|- i\pi")
    assert spelled.latex.startswith(r"\lim_{\epsilon \to 0^{+}} \left(\ln(x- i\epsilon)\right)")
    from symbolic.latex import parse_chain
    (link,) = parse_chain(spelled.latex, imaginary_unit=True).links
    limit = link.claim.lhs
    assert isinstance(limit, sympy.Limit) and str(limit.args[3]) == "+" and limit.args[2] == 0
    assert limit.args[0].has(limit.args[1])       # ln(x - i eps) with the limit's own eps
    # anywhere else the i0 is left, and the runner refuses the row instead of reading x
    assert respell(r"x + i 0 = 1").left
    record = dlmf.check_row({"id": "S.E9", "section": "S", "latex": r"x + i 0 = x", "assume": [],
                             "domain": "real", "standalone": True}, timeout_s=5)
    assert record["status"] == "unreadable" and "one-sided" in record["error"]


def test_phase_constraints_the_reader_reads_become_assumptions():
    assumed, dropped = dlmf.usable_constraints([r"-\pi < \operatorname{ph} z", r"\arg z < \pi",
                                                r"|\arg z| \leq \frac{1}{2}\pi-\delta"])
    assert assumed == [r"-\pi < \arg z", r"\arg z < \pi"]
    assert dropped == [r"|\arg z| \leq \frac{1}{2}\pi-\delta"]


def test_missing_data_is_one_line(tmp_path, capsys):
    assert dlmf.main(["--data", str(tmp_path / "nowhere.jsonl"), "--out", str(tmp_path / "r.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--data" in err
    assert dlmf.main(["--from-results", str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


SYNTHETIC = [
    {"id": "S.E1", "section": "S", "latex": r"\operatorname{csch}(2t)\sinh(2t) = 1", "assume": ["t > 0"],
     "imaginary_unit": False, "domain": "real", "standalone": True, "multivalued": False,
     "existential_k": False, "constraints_dropped": [], "maple_symbolic": "Successful",
     "mathematica_symbolic": "Successful"},
    {"id": "S.E2", "section": "S", "latex": r"\coth t = \tanh t", "assume": ["t > 0"],
     "imaginary_unit": False, "domain": "real", "standalone": True, "multivalued": False,
     "existential_k": False, "constraints_dropped": [], "maple_symbolic": "Failure",
     "mathematica_symbolic": "Failure"},
    {"id": "S.E3", "section": "T", "latex": r"\int_{0}^{t} s = \frac{t^2}{2}", "assume": [],
     "imaginary_unit": False, "domain": "real", "standalone": True, "multivalued": False,
     "existential_k": False, "constraints_dropped": [], "maple_symbolic": "Successful",
     "mathematica_symbolic": "Successful"},
]


def test_synthetic_rows_end_to_end(tmp_path, capsys):
    data = tmp_path / "cases.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in SYNTHETIC), encoding="utf-8")
    out = tmp_path / "results.jsonl"
    assert dlmf.main(["--data", str(data), "--out", str(out), "--jobs", "2", "--timeout", "15"]) == 0
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in results] == ["S.E1", "S.E2", "S.E3"]          # row order, whatever finished first
    status = {r["id"]: r["status"] for r in results}
    assert status == {"S.E1": "proved", "S.E2": "refuted", "S.E3": "unreadable"}
    assert results[0]["fixes"] and results[1]["fixes"]                      # csch and coth respelled
    text = capsys.readouterr().out
    assert "**UNEXPLAINED** `S.E2`" in text and "S.E3 |" in text and "| 1 | \\int" in text
    # a filter, and the report rebuilt from the results file alone
    assert dlmf.main(["--data", str(data), "--out", str(out), "--section", "T"]) == 0
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["S.E3"]
    assert dlmf.main(["--from-results", str(out), "--data", str(data)]) == 0
    assert "(1 of 3 rows checked)" in capsys.readouterr().out


def _undefined_at_0(latex, link_latex=None):
    link = {"latex": link_latex or latex, "verdict": "refuted", "evidence": [],
            "counterexample": [["x", "0"], ["rhs", "1.0"]], "seconds": 0.1}
    return _record(checked_latex=latex, assume=[], imaginary_unit=False, domain="real", links=[link])


def test_a_point_where_one_side_is_undefined_explains_only_when_the_claim_holds_next_to_it():
    cause, kind = dlmf.refutation_cause(_undefined_at_0(r"\frac{\sin x}{x} \le 1"))
    assert kind is dlmf.Cause.DOMAIN and "undefined point" in cause
    # x/x = 2 is false next to 0 as well: no explanation
    assert dlmf.refutation_cause(_undefined_at_0(r"\frac{x}{x} = 2"))[1] is dlmf.Cause.UNEXPLAINED
    # a square root that agrees on one side of 0 only (the signs differ for x < 0)
    half = r"\frac{1-\cos x}{\sin x} = \left(\frac{1-\cos x}{1+\cos x}\right)^{1/2}"
    assert dlmf.refutation_cause(_undefined_at_0(half))[1] is dlmf.Cause.UNEXPLAINED


def test_a_condition_of_the_dlmf_text_explains_only_a_point_that_violates_it():
    far = _record(id="4.18#Ex1", links=[dict(_record()["links"][0],
                                             counterexample=[["w", "-13405+2.8*I"], ["lhs", "8.2"]])])
    far["links"][0]["counterexample"][0][0] = "z"
    cause, kind = dlmf.refutation_cause(far)
    assert kind is dlmf.Cause.EXPLAINED and "DLMF 4.18.10" in cause
    near = _record(id="4.18#Ex1", links=[dict(_record()["links"][0],
                                              counterexample=[["z", "0.5+0.1*I"], ["lhs", "2.5"]])])
    assert dlmf.refutation_cause(near)[1] is dlmf.Cause.UNEXPLAINED


def test_sum_limits_written_superscript_first_are_put_in_order():
    spelled = respell(r"\left(\sum^{n}_{k=1}\frac{1}{k}\right) - \ln n = 1")
    assert spelled.latex == r"\left(\sum_{k=1}^{n}\frac{1}{k}\right) - \ln n = 1" and spelled.fixes
    assert respell(r"\sum_{k=1}^{n} k = 1").latex == r"\sum_{k=1}^{n} k = 1"


# -- general values read as sets (symbolic.latex.general_values) --------------------------------

def _general(latex, assume, existential=False):
    from symbolic.latex.general_values import read_general
    return read_general(latex, assumptions=assume, imaginary_unit=True, existential=existential)


def test_a_general_value_is_its_classes_plus_its_period():
    z = (r"z \in \mathbb{C}", r"k \in \mathbb{Z}")
    reading = _general(r"\operatorname{Arcsin} z = (-1)^{k}\arcsin z+k\pi", z)
    assert reading.period == 2 * sympy.pi
    # two classes on each side (arcsin z, pi - arcsin z), both directions: four conditions
    assert len(reading.conditions) == 4 and all(c.lhs == 0 for c in reading.conditions)
    reading = _general(r"\operatorname{Artanh} z = \operatorname{artanh}(z)+k\pi i", z)
    assert reading.period == sympy.pi * sympy.I and len(reading.conditions) == 2


def test_a_dropped_class_leaves_a_condition_that_is_not_zero():
    reading = _general(r"\operatorname{Arccos} z = \arccos z+2k\pi", (r"z \in \mathbb{C}", r"k \in \mathbb{Z}"))
    (z,) = {s for c in reading.conditions for s in c.lhs.free_symbols}
    values = [complex(c.lhs.subs(z, sympy.Rational(1, 3)).evalf(30)) for c in reading.conditions]
    assert sum(abs(v) > 1e-6 for v in values) == 1    # -arccos(1/3) is no value of the right side


def test_for_some_k_reads_membership_only():
    reading = _general(r"\arg(\exp z) = \operatorname{Im} z+2k\pi", (r"z \in \mathbb{C}", r"k \in \mathbb{Z}"),
                       existential=True)
    assert reading.period == 2 * sympy.pi and len(reading.conditions) == 1


@pytest.mark.parametrize("latex, assume, why", [
    (r"\operatorname{Ln} z = \ln z", (r"z \in \mathbb{C}",), "different periods"),
    (r"\operatorname{Ln}(z^{n}) = n\operatorname{Ln} z", (r"z \in \mathbb{C}", r"n \in \mathbb{Z}"), "not a constant"),
    (r"z^{a} = \exp(a\operatorname{Ln} z)", (r"z, a \in \mathbb{C}",), "not a constant"),
    (r"\operatorname{Ln} z = \int_{1}^{z}\frac{dt}{t}", (r"z \in \mathbb{C}",), "path"),
    (r"\operatorname{Ln} z^{2} = 2\ln z", (r"z \in \mathbb{C}",), "delimited"),
    (r"\operatorname{Ln}(\operatorname{Ln} z) = 0", (r"z \in \mathbb{C}",), "inside"),
    (r"\operatorname{Arctan} z < 1", (r"z \in \mathbb{C}",), "order"),
    (r"\operatorname{Arcsin} u+\operatorname{Arcsin} v = \operatorname{Arcsin}(u(1-v^{2})^{1/2}+ v(1-u^{2})^{1/2})",
     (r"u, v \in \mathbb{C}",), "square root"),
])
def test_what_the_set_reading_cannot_do_is_refused(latex, assume, why):
    from symbolic.errors import ParseError
    with pytest.raises(ParseError, match=why):
        _general(latex, assume)


def test_set_rows_refutations_are_not_explained_by_being_multivalued():
    record = {"id": "x", "constraints_dropped": [], "checked_latex": r"\operatorname{Ln} z = \ln z + 2k\pi i",
              "multivalued": True, "existential_k": False, "standalone": True, "set_reading": True,
              "links": [{"verdict": "refuted", "counterexample": None, "latex": "", "evidence": []}],
              "error": None, "assume": [], "imaginary_unit": True}
    assert dlmf.refutation_cause(record)[1] is dlmf.Cause.UNEXPLAINED


def test_gudermannian_and_its_inverse_are_respelled_by_their_dlmf_formulas():
    # checked against the defining integrals (DLMF 4.23.39, 4.23.41), not the formulas used
    spelled = respell(r"\operatorname{gd}(2t) + \operatorname{gd}^{-1}(t)")
    assert spelled.fixes and not spelled.left
    got = _read(spelled.latex)
    for point in (sympy.Rational(3, 10), sympy.Rational(-11, 10), sympy.Rational(7, 5)):
        x = mpmath.mpf(point.p) / point.q
        meant = mpmath.quad(mpmath.sech, [0, 2 * x]) + mpmath.quad(mpmath.sec, [0, x])
        assert abs(complex(sympy.N(got.subs(t, point), 30)) - complex(meant)) < 1e-12


def test_a_refutation_at_a_closed_bound_at_minus_pi_is_explained_by_the_branch_convention():
    # DLMF 4.8.2 as the source states it: -pi <= ph z1 + ph z2 attained at z1 = z2 = -i
    link = {"latex": r"\ln(z_{1}z_{2}) = \ln z_{1}+\ln z_{2}", "verdict": "refuted", "evidence": [],
            "counterexample": [["z_1", "0-1*I"], ["z_2", "0-1*I"], ["lhs", "(0.0 + 3.14159265358979j)"],
                               ["rhs", "(0.0 - 3.14159265358979j)"]], "seconds": 0.1}
    record = _record(checked_latex=link["latex"], links=[link], imaginary_unit=False,
                     assume=[r"z_{1}, z_{2} \in \mathbb{C}", r"-\pi \leq \arg z_{1}+\arg z_{2}",
                             r"\arg z_{1}+\arg z_{2} \leq \pi"])
    cause, kind = dlmf.refutation_cause(record)
    assert kind is dlmf.Cause.EXPLAINED and "the principal phase is never" in cause, cause
    # the same counterexample under a bound not attained there explains nothing of the kind
    inside = _record(checked_latex=link["latex"], links=[link], imaginary_unit=False,
                     assume=[r"z_{1}, z_{2} \in \mathbb{C}", r"-2\pi \leq \arg z_{1}+\arg z_{2}"])
    assert dlmf.closed_bound_at_minus_pi(inside) is None
    # an irrational point printed by the checker: Im z = -pi at z = -i pi
    exp_link = {"latex": r"\ln(\exp z) = z", "verdict": "refuted", "evidence": [],
                "counterexample": [["z", "-I*pi"], ["lhs", "I*pi"], ["rhs", "-I*pi"]], "seconds": 0.1}
    exp_record = _record(checked_latex=exp_link["latex"], links=[exp_link], imaginary_unit=False,
                         assume=[r"z \in \mathbb{C}", r"-\pi \leq \operatorname{Im} z"])
    assert dlmf.closed_bound_at_minus_pi(exp_record)


def test_leading_decimals_of_a_constant_become_bounds():
    # DLMF 4.2.11 writes e = 2.71828 18284 ...: the digits shown begin the expansion
    spelled = respell(r"e \approx 2.71828182845904523536")
    assert spelled.latex == r"2.71828182845904523536 \le e < 2.71828182845904523537"
    assert respell(r"\ln 10 \approx 9.99").latex == r"9.99 \le \ln 10 < 10.00"
    # a variable (x_1 of the DLMF's algorithm) or \gamma, which the reader takes for a
    # variable, is never respelled: the bounds would be a claim about a free symbol
    for written in (r"x_{1} \approx 0.90000", r"\gamma \approx 0.57721566490153286060",
                    r"16\arctan x_{4} \approx 1.46563"):
        assert respell(written).latex == written


def test_leading_decimal_bounds_decide_true_and_false_digits():
    from symbolic.commands import check_input
    links, unreadable = check_input(respell(r"e \approx 2.71828182845904523536").latex)
    assert not unreadable and [link.outcome.verdict.value for link in links] == ["proved", "proved"]
    # one digit too high: the expansion of e does not begin 2.71829
    links, _ = check_input(respell(r"e \approx 2.71829").latex)
    assert "refuted" in [link.outcome.verdict.value for link in links]


def test_the_product_of_the_first_odd_numbers_is_respelled_exactly():
    spelled = respell(r"\frac{1\cdot 3\cdot 5\cdots(2n-1)}{2^{2n}}")
    assert spelled.latex == r"\frac{\frac{(2n)!}{2^{n} n!}}{2^{2n}}"
    n = sympy.Symbol("n", integer=True, positive=True)
    for k in range(1, 8):   # 1, 3, 15, 105, ...
        assert (sympy.factorial(2 * n) / (2 ** n * sympy.factorial(n))).subs(n, k) \
            == sympy.prod(range(1, 2 * k, 2))
    # another pattern of dots is left as it is (and stays unreadable)
    assert respell(r"2\cdot 4\cdot 6\cdots(2n)").latex == r"2\cdot 4\cdot 6\cdots(2n)"
