"""Drawing a document's figures as deterministic PNG files (matplotlib, Agg, no pyplot).

The same curves give the same bytes: fixed size and dpi, no timestamp or software name in
the PNG metadata, matplotlib's bundled font. Without matplotlib the reports are still
written, with a note in place of the figures.
"""
from __future__ import annotations

import hashlib
import io
from pathlib import Path

from symbolic.files import write_atomic
from symbolic.fingerprint import canonical, engine_digest, file_digest
from symbolic.model import Derivation
from symbolic.render.rows import figure_path

SIZE_IN = (6.4, 4.0)
DPI = 100
NO_MATPLOTLIB = ("Figures are not drawn: matplotlib is not installed "
                 "(pip install 'stepcheck[plots]' and run stepcheck report again).")


def draw_figures(derivation: Derivation, *,
                 cache: str | Path | None = None) -> tuple[dict[str, bytes], str | None]:
    """The PNG bytes of each figure of a derivation by report path, and a note if none could be drawn.

    With ``cache`` (a folder), a figure whose inputs are unchanged (``figure_key``) is
    read from ``<cache>/<key>.png`` instead of drawn: computing the curves and importing
    matplotlib take seconds.
    """
    if not derivation.figures:
        return {}, None
    version = _matplotlib_version()
    if version is None:
        return {}, NO_MATPLOTLIB
    files = {}
    for figure in derivation.figures:
        path = Path(cache) / f"{figure_key(figure, version)}.png" if cache is not None else None
        data = _read(path) if path is not None else None
        if data is None:
            try:
                data = _png(figure)
            except ImportError:  # installed but unusable: as if it were not installed
                return {}, NO_MATPLOTLIB
            if path is not None:
                write_atomic(path, data)
        files[figure_path(derivation.id, figure.name)] = data
    return files, None


def figure_key(figure, matplotlib_version: str) -> str:
    """A digest of everything a figure's PNG is made from.

    The series function by its code, closure and defining file (as step keys take rule
    parameters), the engine's source (helpers it may call), this module's source, the
    figure's labels and scales, the image size and matplotlib's version.
    """
    fields = [figure.name, figure.caption, figure.xlabel, figure.ylabel, str(figure.logx),
              str(figure.logy), canonical(figure.series), f"engine {engine_digest()}",
              f"renderer {file_digest(__file__)}", f"size {SIZE_IN} dpi {DPI}",
              f"matplotlib {matplotlib_version}"]
    return hashlib.sha256("\0".join(fields).encode("utf-8")).hexdigest()


def _matplotlib_version() -> str | None:
    from importlib import metadata
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        return None
    try:
        return metadata.version("matplotlib")
    except metadata.PackageNotFoundError:
        return "unknown"


def _read(path: Path) -> bytes | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if data.startswith(_PNG_SIGNATURE) else None  # damaged: draw it again


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png(figure) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as MplFigure

    canvas = FigureCanvasAgg(MplFigure(figsize=SIZE_IN, dpi=DPI))
    _draw(canvas.figure, figure)
    buffer = io.BytesIO()
    canvas.figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


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
