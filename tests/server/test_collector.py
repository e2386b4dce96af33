"""The server's collector: Python's automatic collector off, full collections on the event
loop by the clock or by the heap's growth, and garbage cycles still freed."""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref
from collections.abc import Iterator
from typing import ClassVar

import pytest

from ratking.server.web import collector as collector_module
from ratking.server.web.collector import Collector, collecting


class Node:
    """A reference cycle's member that says where it was freed."""

    freed_in: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Node.freed_in.append(threading.current_thread().name)


@pytest.fixture
def started() -> Iterator[list[Collector]]:
    collectors: list[Collector] = []
    yield collectors
    for each in collectors:
        each.stop()
    gc.unfreeze()
    gc.enable()


def cycle() -> weakref.ref:
    """A cycle nothing else holds: only a collection frees it."""
    return weakref.ref(Node())


async def freed(ref: weakref.ref, within: float = 20.0) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while ref() is not None and loop.time() < deadline:
        await asyncio.sleep(0.01)
    return ref() is None


def test_the_automatic_collector_is_off_while_it_runs_and_back_after(started):
    collector = Collector(every=3600).start()
    started.append(collector)
    assert not gc.isenabled() and collector_module._current is collector
    collector.stop()
    assert gc.isenabled() and collector_module._current is None


def test_a_cycle_is_freed_by_the_clock_on_the_loops_thread(started):
    collector = Collector(every=0.2, least=10**9, check=0.02).start()
    started.append(collector)

    async def serve() -> None:
        async with collecting():
            garbage = cycle()
            assert garbage() is not None  # nothing collects it on its own
            Node.freed_in.clear()
            assert await freed(garbage)

    asyncio.run(serve())
    assert collector.collections >= 1
    assert Node.freed_in == [threading.current_thread().name]  # where the loop runs


def test_a_cycle_is_freed_when_the_heap_grows(started):
    collector = Collector(every=3600, least=5_000, check=0.02).start()
    started.append(collector)

    async def serve() -> list:
        async with collecting():
            garbage = cycle()
            await asyncio.sleep(0.1)
            assert garbage() is not None and collector.collections == 0
            kept = [[i] for i in range(10_000)]  # tracked objects that stay: the heap grew
            assert await freed(garbage)
            return kept

    kept = asyncio.run(serve())
    assert collector.collections >= 1 and collector.survivors >= len(kept)
    assert not collector.due()  # the next one waits for as much growth again


def test_nothing_is_collected_too_early_or_after_the_app_stops(started):
    collector = Collector(every=0.05, least=10**9, check=0.01).start()
    started.append(collector)
    collector._last = float("inf")  # not due by the clock yet

    async def serve() -> weakref.ref:
        async with collecting():
            garbage = cycle()
            await asyncio.sleep(0.2)
            assert garbage() is not None and collector.collections == 0
        collector._last = 0.0  # due now, but the app has stopped: its task is gone
        await asyncio.sleep(0.1)
        assert garbage() is not None and collector.collections == 0
        return garbage

    garbage = asyncio.run(serve())
    assert collector.collect() >= 1  # the node
    assert garbage() is None


def test_without_a_collector_python_collects_as_usual():
    assert collector_module._current is None and gc.isenabled()

    async def serve() -> None:
        async with collecting():
            assert len(asyncio.all_tasks()) == 1  # no task of ours

    asyncio.run(serve())
    assert gc.isenabled()


@pytest.mark.parametrize("setting", [{"every": 0}, {"growth": -1}, {"least": -1},
                                     {"check": 0}])
def test_bad_settings_are_refused(setting):
    with pytest.raises(ValueError, match="positive"):
        Collector(**setting)
