"""The cache of rendered report files and of figure PNGs (``stepcheck report`` when warm)."""
from __future__ import annotations

from pathlib import Path

import pytest

import symbolic.render.figures as figures
import symbolic.commands.rendered as report
from symbolic.model import Evidence, Outcome, Verdict
from symbolic.render import render_reports
from symbolic.render.figures import draw_figures
from symbolic.commands.rendered import render_cached, render_key
from symbolic.commands.targets import load_derivation_file

SAMPLE = load_derivation_file(Path(__file__).resolve().parent / "render" / "sample_doc.py")


@pytest.fixture(autouse=True)
def sources_unchanged(monkeypatch):
    """As if no source file were edited while the tests run (others may edit the checkout)."""
    monkeypatch.setattr(report, "_CODE_LOADED_BY", float("inf"))


def _outcomes(verdict=Verdict.PROVED):
    return {s.id: (Outcome(Verdict.PROSE, (Evidence("prose", "no claim"),)) if s.claim is None
                   else Outcome(verdict, (Evidence("test", "written for the render cache test"),)))
            for s in SAMPLE.steps}


def _no_render(*args, **kwargs):
    raise AssertionError("rendered again although nothing changed")


def test_cached_files_are_the_rendered_bytes(tmp_path, monkeypatch):
    checked = [(SAMPLE, _outcomes())]
    fresh = render_reports(checked)
    first = render_cached(checked, cache_root=tmp_path)
    monkeypatch.setattr(report, "render_reports", _no_render)
    second = render_cached(checked, cache_root=tmp_path)
    assert first == fresh and second == fresh


@pytest.mark.parametrize("change, reason", [
    ("outcome", "another verdict must print another report"),
    ("order", "the index lists documents in the order given"),
])
def test_key_changes_with_what_the_files_show(change, reason):
    base = render_key([(SAMPLE, _outcomes())])
    if change == "outcome":
        other = render_key([(SAMPLE, _outcomes(Verdict.INCONCLUSIVE))])
    else:
        other = render_key([(SAMPLE, _outcomes()), (SAMPLE, _outcomes())])
    assert other != base, reason


def test_damaged_entry_is_rendered_again(tmp_path, monkeypatch):
    checked = [(SAMPLE, _outcomes())]
    good = render_cached(checked, cache_root=tmp_path)
    blobs = [p for p in (tmp_path / "reports" / "blobs").rglob("*") if p.is_file()]
    blobs[0].write_bytes(b"damaged")
    calls = []
    real = report.render_reports
    monkeypatch.setattr(report, "render_reports", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert render_cached(checked, cache_root=tmp_path) == good
    assert calls == [1]


def test_no_cache_neither_reads_nor_writes(tmp_path):
    render_cached([(SAMPLE, _outcomes())], cache_root=None)
    assert not any(tmp_path.iterdir())


def test_figures_from_the_cache_are_the_drawn_bytes(tmp_path, monkeypatch):
    drawn, note = draw_figures(SAMPLE)
    first, _ = draw_figures(SAMPLE, cache=tmp_path)
    monkeypatch.setattr(figures, "_png", _no_render)
    second, _ = draw_figures(SAMPLE, cache=tmp_path)
    assert note is None and drawn == first == second


def test_a_damaged_figure_is_drawn_again(tmp_path):
    drawn, _ = draw_figures(SAMPLE, cache=tmp_path)
    for png in tmp_path.glob("*.png"):
        png.write_bytes(b"not a png")
    assert draw_figures(SAMPLE, cache=tmp_path)[0] == drawn


def test_figure_key_follows_the_series_function():
    figure = SAMPLE.figures[0]
    other = type(figure)(figure.name, figure.caption, lambda: (), figure.xlabel, figure.ylabel,
                         figure.logx, figure.logy)
    assert figures.figure_key(figure, "3.8") != figures.figure_key(other, "3.8")
    assert figures.figure_key(figure, "3.8") != figures.figure_key(figure, "3.9")


def test_nothing_is_stored_when_sources_changed_during_the_run(tmp_path, monkeypatch):
    # a source edited after the code was loaded: the stored files would be keyed by the new
    # source but made by the old code
    monkeypatch.setattr(report, "_CODE_LOADED_BY", 0.0)
    render_cached([(SAMPLE, _outcomes())], cache_root=tmp_path)
    assert not (tmp_path / "reports").exists()
