"""`Rooms`: the tables this process holds in memory, loaded from storage on demand, with
starting and stopping the background work. Leases and notices between processes are mixed
in from `sync.py`, the background sweep from `upkeep.py`, new tables from `creation.py`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

from ..pool.workers import Workers
from ..settings import Settings
from ..storage.holds import Holds
from ..storage.tables import Storage
from .creation import NewTables
from .errors import Unreplayable
from .room import Room
from .seats import stored_summary
from .sync import Leases, process_name
from .upkeep import Upkeep

log = logging.getLogger("ratking.server")


class Rooms(Leases, Upkeep, NewTables):
    """The tables this process holds in memory, loaded from storage on demand."""

    def __init__(self, storage: Storage, settings: Settings | None = None,
                 workers: Workers | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.workers = workers or Workers(self.settings.search_workers,
                                          nice=self.settings.search_nice)
        # reviews compute in a pool of their own, further back, and stopped while a bot or a
        # hint searches: one never waits for a worker, nor shares a core with a review
        self.review_workers = Workers(self.settings.review_workers or 1,
                                      nice=self.settings.review_nice, name="ratking-review")
        self.workers.on_load = self.make_way
        self.me = process_name()
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future] = {}
        self.unreplayable: set[str] = set()  # tables whose record failed to replay (logged)
        self.closing = False
        self.maintenance: asyncio.Task | None = None
        self.listener: Any = None
        self.tasks: set[asyncio.Task] = set()
        # what people hold open (sockets, reviews), in the database (quotas.hold)
        self.holds = Holds(storage, self.me, Holds.seconds_for(self.settings))
        self.sweeps: list = []  # more work for the background sweep: async f(rooms)
        self.notices: dict = {}  # more notices heard: {kind: f(rest of the payload)}

    def make_way(self, searches: int) -> None:
        """Hold the review workers (stopped where they are) while the bots' and hints'
        `searches` (waiting or running) leave them no core of their own: one core is the
        event loop's, one each search's, up to the search pool's size."""
        free = (os.cpu_count() or 1) - 1 - min(searches, self.workers.size)
        self.review_workers.hold(free < self.review_workers.size)

    def spawn(self, work) -> None:
        """Run `work` in the background, keeping a reference until it is done."""
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay

    async def run(self, call, *args):
        """Run a storage call. SQLite answers in well under a millisecond, so it runs on the
        event loop: a worker thread would fight the loop for the GIL. A networked database
        (PostgreSQL) waits on the network, so its calls go to a thread."""
        if self.storage.local:
            return call(*args)
        return await asyncio.to_thread(call, *args)

    # kept for the benchmarks and older callers
    write = run

    async def start(self) -> int:
        """Start the background work (leases, idle tables, archiving, and on PostgreSQL the
        NOTIFY listener) and pick up the tables whose driver is gone; how many."""
        if self.storage.local:
            # one process per SQLite file (the server holds the file's lock), so whatever
            # leases are in it belong to a server that is no longer running
            self.storage.leases.expire_leases()
            self.holds.forget_all()
        if self.storage.channel is not None:
            from ..storage.fanout import Listener

            self.listener = Listener(self.storage, self.heard, self.resync)
            await self.listener.start()
        resumed = 0
        while True:
            picked = await self.adopt_orphans()
            resumed += picked
            if picked == 0:
                break
        self.maintenance = asyncio.create_task(self._maintain())
        return resumed

    async def close(self) -> None:
        self.closing = True
        if self.maintenance is not None:
            self.maintenance.cancel()
        if self.listener is not None:
            await self.listener.stop()
        for room in self.rooms.values():
            if room.task is not None:
                room.task.cancel()
        self.workers.close()
        self.review_workers.close()
        # end the leases, so that another process (or the next start) takes over at once
        with contextlib.suppress(Exception):
            await self.run(self.storage.leases.let_go, self.me)
        with contextlib.suppress(Exception):  # sockets and reviews this process held
            await self.run(self.holds.release_process)

    # --- finding and loading tables ------------------------------------------------------

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, loaded from storage if it is not in memory."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        pending = self.loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            room = await self._load(table_id)
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self.loading[table_id]

    async def _load(self, table_id: str) -> Room | None:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 24:
            return None
        stored = await self.run(self.storage.load, table_id)
        if stored is None:
            return None
        try:
            room = Room(self, stored)
        except Unreplayable as exc:
            if table_id not in self.unreplayable:  # once per process: it is asked again
                self.unreplayable.add(table_id)
                log.error("ratking: %s", exc)
            raise
        self.unreplayable.discard(table_id)
        self.rooms[table_id] = room
        await room.refresh_ratings()
        if not self.storage.local:
            # the notices of what other processes wrote while it was being read found no
            # room here and were dropped: read again what they told of
            await room.catch_up_row()
        if room.row.status == "playing" and room.state.is_over:  # died between two writes
            room.row.status = "over"
            await self.run(self.storage.set_status, table_id, "over")
        if room.playing and room.row.drivable:
            await self.take_lease(room)
            room.schedule()
        return room

    async def listing(self) -> list[dict[str, Any]]:
        """The tables moved most recently: live ones as they are, the others from storage."""
        out = []
        for row in await self.run(self.storage.recent):
            room = self.rooms.get(row.id)
            out.append(room.summary() if room is not None else stored_summary(row))
        return out
