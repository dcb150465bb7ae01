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


# The slowest files (minutes each; `--durations` of a full run) first: `-n 2 --dist loadfile` hands
# whole files to the two workers in collection order, and a slow file collected last runs alone
# while the other worker idles. Only the order changes; every test still runs.
SLOW_FIRST = (
    "tests/proofs/test_verdicts.py",
    "tests/corpora/test_reader_adversarial.py",
    "tests/corpora/test_numeric_adversarial.py",
    "tests/corpora/test_redteam_dlmf_trig.py",
    "tests/corpora/test_redteam_declarations.py",
    "tests/corpora/test_redteam_dlmf.py",
    "tests/latex/test_published_corpus.py",
    "tests/test_server.py",
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: k for k, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))   # stable
