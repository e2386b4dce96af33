"""The whole suite needs ratking's games, which the kernel finds through the `ratking.games`
entry points of the installed package: stop at once, saying how, if they are not there (an
environment installed before the games became entry points)."""

import pytest

from ratking.core import registry

BUILT_IN = {"rat-a-tat-roll", "rat-and-duck", "target-rats", "target-rats-simplified",
            "you-dirty-rat"}


def pytest_sessionstart(session):
    missing = BUILT_IN - set(registry._found())
    if missing:
        pytest.exit(f"ratking's games {sorted(missing)} are not installed as entry points: "
                    "run .venv/bin/pip install -e '.[dev]' (make test does it)", returncode=4)
