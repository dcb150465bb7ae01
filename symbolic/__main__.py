"""``python -m symbolic`` is the ``stepcheck`` command."""
from symbolic.cli import run

run()
