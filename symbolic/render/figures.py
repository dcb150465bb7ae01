"""Drawing a document's figures as deterministic PNG files (matplotlib, Agg, no pyplot).

The same curves give the same bytes: fixed size and dpi, no timestamp or software name in
the PNG metadata, matplotlib's bundled font. Without matplotlib the reports are still
written, with a note in place of the figures.
"""
from __future__ import annotations

import io

from symbolic.model import Derivation
from symbolic.render.rows import figure_path

SIZE_IN = (6.4, 4.0)
DPI = 100
NO_MATPLOTLIB = ("Figures are not drawn: matplotlib is not installed "
                 "(pip install 'stepcheck[plots]' and run stepcheck report again).")


def draw_figures(derivation: Derivation) -> tuple[dict[str, bytes], str | None]:
    """The PNG bytes of each figure of a derivation by report path, and a note if none could be drawn."""
    if not derivation.figures:
        return {}, None
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure as MplFigure
    except ImportError:
        return {}, NO_MATPLOTLIB
    files = {}
    for figure in derivation.figures:
        canvas = FigureCanvasAgg(MplFigure(figsize=SIZE_IN, dpi=DPI))
        _draw(canvas.figure, figure)
        buffer = io.BytesIO()
        canvas.figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
        files[figure_path(derivation.id, figure.name)] = buffer.getvalue()
    return files, None


def _draw(mpl_figure, figure) -> None:
    axes = mpl_figure.add_subplot(1, 1, 1)
    series = figure.series()
    for curve in series:
        axes.plot(curve.x, curve.y, curve.style, label=curve.label)
    if figure.logx:
        axes.set_xscale("log")
    if figure.logy:
        axes.set_yscale("log")
    axes.set_xlabel(figure.xlabel)
    axes.set_ylabel(figure.ylabel)
    axes.grid(True, alpha=0.3)
    if any(curve.label for curve in series):
        axes.legend()
    mpl_figure.tight_layout()
