"""The whole suite needs ratking's games, which the kernel finds through the `ratking.games`
entry points of the installed package: stop at once, saying how, if they are not there (an
environment installed before the games became entry points).

A suite started in the background (`make test &` in a script, nohup) inherits Ctrl-C
(SIGINT) ignored, and so would every process it starts, so the tests that press Ctrl-C in
`ratking` processes would wait in vain: each test process takes Ctrl-C back, and the
processes it starts get it as a terminal gives it."""

import signal

import pytest

from ratking.core import registry

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

BUILT_IN = {"rat-a-tat-roll", "rat-and-duck", "target-rats", "target-rats-simplified",
            "you-dirty-rat"}


def pytest_sessionstart(session):
    missing = BUILT_IN - set(registry._found())
    if missing:
        pytest.exit(f"ratking's games {sorted(missing)} are not installed as entry points: "
                    "run .venv/bin/pip install -e '.[dev]' (make test does it)", returncode=4)
