"""The server's collector: Python's automatic collector off, full collections from a thread
by the clock or by the heap's growth, and garbage cycles still freed."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import pytest

from ratking.server.collector import Collector


class Node:
    """A reference cycle's member that says when it is freed."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collectors() -> Iterator[list[Collector]]:
    started: list[Collector] = []
    yield started
    for collector in started:
        collector.stop()
    gc.unfreeze()
    gc.enable()


def cycle() -> weakref.ref:
    """A cycle nothing else holds: only a collection frees it."""
    return weakref.ref(Node())


def freed(ref: weakref.ref, within: float = 20.0) -> bool:
    deadline = time.monotonic() + within
    while ref() is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    return ref() is None


def test_the_automatic_collector_is_off_while_it_runs_and_back_after(collectors):
    collector = Collector(every=3600).start()
    collectors.append(collector)
    assert not gc.isenabled()
    collector.stop()
    assert gc.isenabled()


def test_a_cycle_is_freed_by_the_clock(collectors):
    collector = Collector(every=0.2, least=10**9, check=0.02).start()
    collectors.append(collector)
    garbage = cycle()
    assert garbage() is not None  # nothing collects it on its own while the collector runs
    assert freed(garbage)
    assert collector.collections >= 1


def test_a_cycle_is_freed_when_the_heap_grows(collectors):
    collector = Collector(every=3600, least=5_000, check=0.02).start()
    collectors.append(collector)
    garbage = cycle()
    time.sleep(0.1)
    assert garbage() is not None and collector.collections == 0
    kept = [[i] for i in range(10_000)]  # tracked objects that stay: the heap grew
    assert freed(garbage)
    assert collector.collections >= 1 and collector.survivors >= len(kept)
    assert not collector.due()  # the next one waits for as much growth again


def test_nothing_is_collected_too_early(collectors):
    collector = Collector(every=3600, least=10**9, check=0.01).start()
    collectors.append(collector)
    garbage = cycle()
    time.sleep(0.2)
    assert garbage() is not None and collector.collections == 0
    assert collector.collect() >= 1  # the node
    assert garbage() is None


@pytest.mark.parametrize("setting", [{"every": 0}, {"growth": -1}, {"least": -1},
                                     {"check": 0}])
def test_bad_settings_are_refused(setting):
    with pytest.raises(ValueError, match="positive"):
        Collector(**setting)
