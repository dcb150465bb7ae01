"""Start every test process warm, as ``stepcheck`` starts a long run.

Most tests read and check claims the way ``stepcheck check`` does: each claim is read in a
forked child and each link checked in another (``symbolic.commands.chain``). A child forked
from a cold process imports the checker families, builds the formula reader's prediction
tables and loads SymPy's lazy modules again, every time: 0.3-0.5 s of CPU per claim, which
over the suite's thousands of claims was most of its time. ``stepcheck`` warms a process
that will fork many children (``symbolic.commands.warm``); the test process (each xdist
worker) does the same, once. Warming changes no verdict (the children run the same code on
the same input). The cold path itself is tested in fresh subprocesses (``tests/test_cli.py``,
``tests/checks/test_pipeline_order.py``, the report's tests).
"""
import pytest


@pytest.fixture(scope="session", autouse=True)
def _warm_before_forking():
    from symbolic.commands import warm

    warm.warm()
