"""Moves fanned out between server processes: PostgreSQL LISTEN/NOTIFY.

Every committed move and every closed table is announced on the schema's channel by the
transaction that wrote it (`Storage`), so a notice never tells of something that was not
committed. Each server process listens on its own connection and hands each notice to
`Rooms.heard`. If the connection drops, it reconnects and then has every room catch up from
the database, since notices sent in between are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import psycopg
from psycopg import sql

from .tables import Storage, libpq_url

log = logging.getLogger("ratking.server")


class Listener:
    """A task that LISTENs on the storage's channel and calls `heard(payload)` per notice."""

    def __init__(self, storage: Storage, heard: Callable[[str], None],
                 resync: Callable[[], Awaitable[None]]) -> None:
        self.conninfo = libpq_url(storage.url)
        self.channel = storage.channel
        self.heard = heard
        self.resync = resync
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        self.task = asyncio.create_task(self._run())
        await asyncio.wait_for(self.ready.wait(), 30)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    async def _run(self) -> None:
        first, wait = True, 0.5
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                async with conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self.ready.set()
                    if not first:
                        await self.resync()
                    first, wait = False, 0.5
                    async for notice in conn.notifies():
                        self.heard(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("ratking: lost the database's notices (%s); reconnecting", exc)
                await asyncio.sleep(wait)
                wait = min(wait * 2, 10)
