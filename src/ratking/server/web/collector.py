"""The server's garbage collection: a full collection now and then, on the event loop,
instead of Python's generational ones.

A server process's objects die by reference counting: a table's messages, states and
records are freed as the next move replaces them. What Python's cyclic collector finds is a
few hundred objects every 20 s at 1,000 tables (SQLAlchemy's and asyncio's small cycles:
closed transports, set events, query expressions). Yet its young collections, counted in
objects made less objects freed, let the tables' current messages pile up for seconds and
then walk them all at once: at 1,000 tables about 90,000 objects, a pause of 80 to 130 ms
every 8 s or so, which set the latency's 99th percentile (docs/performance.md, "The web
server").

So `ratking serve` collects once, freezes what start-up left (modules, the app, the games'
catalogues: never garbage) out of every collection's reach, and turns the automatic
collector off (`steady_gc`). While the app serves (`collecting`, in its lifespan) a task on
its event loop runs a full collection when `every` seconds have passed since the last one,
or sooner when the objects made since it (less those freed) outnumber the objects that
survived it (`growth` times), so that a burst of cyclic garbage cannot grow without bound.
The collection runs on the loop's own thread, so the finalizers of what it frees (uvloop's
transports, asyncio's futures, SQLAlchemy's connections) run where they expect to. At 1,000
tables a full collection stops the loop for about half a second, once every several minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator

log = logging.getLogger("ratking.server")

FULL_COLLECTION_EVERY = 600.0  # seconds between two full collections, at most
GROWTH = 1.0  # a full collection as soon as the net new objects outnumber the last survivors
LEAST_GROWTH = 100_000  # ...but never for fewer net new objects than this
CHECK_EVERY = 1.0  # seconds between two looks at the clock and the count


class Collector:
    """Python's automatic collector turned off (`start`), and full collections when due:
    `every` seconds apart at most, sooner when the heap has grown by `growth` times what the
    last one left (at least `least` objects), checked every `check` seconds by `run` on an
    event loop. `stop()` gives the automatic collector back."""

    def __init__(self, every: float = FULL_COLLECTION_EVERY, growth: float = GROWTH,
                 least: int = LEAST_GROWTH, check: float = CHECK_EVERY) -> None:
        if every <= 0 or growth <= 0 or least < 0 or check <= 0:
            raise ValueError("the collector's period, growth and check must be positive")
        self.every, self.growth, self.least, self.check = every, growth, least, check
        self.collections = 0  # full collections run since `start`
        self.survivors = 0  # tracked objects the last full collection left (frozen ones aside)
        self._last = 0.0

    def start(self) -> Collector:
        """Collect once, freeze what is left and turn the automatic collector off; this
        becomes the process's collector, the one `collecting` runs."""
        global _current
        gc.collect()
        gc.freeze()
        gc.disable()
        self._last = time.monotonic()
        _current = self
        return self

    def stop(self) -> None:
        """Turn the automatic collector back on (frozen objects stay frozen, as Python's own
        start-up freeze would)."""
        global _current
        if _current is self:
            _current = None
        gc.enable()

    def due(self) -> bool:
        """Whether a full collection is due: by the clock, or by the objects made since."""
        if time.monotonic() - self._last >= self.every:
            return True
        return gc.get_count()[0] > max(self.least, self.growth * self.survivors)

    def collect(self) -> int:
        """One full collection now; the number of unreachable objects it found."""
        began = time.perf_counter()
        found = gc.collect()
        self.survivors = len(gc.get_objects(generation=2))
        self._last = time.monotonic()
        self.collections += 1
        log.debug("full collection: %d unreachable, %d left, %.0f ms", found, self.survivors,
                  1000 * (time.perf_counter() - began))
        return found

    async def run(self) -> None:
        """Until cancelled: every `check` seconds, a full collection if one is due."""
        while True:
            await asyncio.sleep(self.check)
            if self.due():
                self.collect()


_current: Collector | None = None  # the process's collector, once `start` has run


def steady_gc() -> Collector:
    """Before a server process starts serving: the collector above, with its defaults."""
    return Collector().start()


@contextlib.asynccontextmanager
async def collecting() -> AsyncIterator[None]:
    """While inside (an app's lifespan): the process's collector, if `steady_gc` started
    one, runs on this event loop. Without one, Python's own collector goes on as it is."""
    collector = _current
    if collector is None:
        yield
        return
    task = asyncio.create_task(collector.run())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
