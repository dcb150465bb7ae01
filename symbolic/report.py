"""Moved: ``stepcheck report`` lives in ``symbolic.commands.report`` (and ``list`` in
``commands.listing``, the rendered-files cache in ``commands.rendered``, document loading in
``commands.targets``). These names stay importable from here for scripts and tests."""
from symbolic.commands.listing import cached_outcomes, run_list  # noqa: F401
from symbolic.commands.rendered import render_cached, render_key  # noqa: F401
from symbolic.commands.report import (REPORT_CONFIG, RERUN_WALL_FACTOR,  # noqa: F401
                                      check_documents, compile_latex, overfull_boxes,
                                      rerun_timeouts, run_report)
from symbolic.commands.targets import load_derivation_file, resolve_documents  # noqa: F401
