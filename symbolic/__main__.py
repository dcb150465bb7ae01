"""``python -m symbolic`` is the ``stepcheck`` command."""
import sys

from symbolic.cli import main

sys.exit(main())
