"""The notebook display's old address: everything here lives in ``symbolic.render.notebook``.

Kept so that callers importing ``symbolic.notebook`` (``api.py``, ``pytest_plugin.py``)
work while they move to the new address; it defines nothing of its own.
"""
from symbolic.render.notebook import *  # noqa: F401,F403
from symbolic.render.notebook import (assumptions_latex, claim_latex, step_latex,  # noqa: F401
                                      verdict_latex, verdict_markdown)
