"""The `core` fixture: a rules test that uses it runs once on each core (tests/games/cores.py).

A test marked `python_only(reason)` runs on the Python engine alone, the reason given as the
skip's on the compiled core."""

import pytest

import ratking.native

from . import cores


def pytest_configure(config):
    config.addinivalue_line("markers", "python_only(reason): a rules test the compiled core "
                            "cannot run, and why")


@pytest.fixture(params=cores.CORES)
def core(request, monkeypatch):
    """The core the test plays on; the compiled one is skipped where it was not built."""
    if request.param == "native":
        only = request.node.get_closest_marker("python_only")
        if only is not None:
            pytest.skip(only.args[0])
        if ratking.native.load() is None:
            pytest.skip("the compiled core is not built")
    monkeypatch.setattr(cores, "ACTIVE", request.param)
    return request.param
