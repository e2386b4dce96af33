"""Telling people: a connection comes and goes, and each is sent the table as its seat sees
it (a delta on top of what it holds, or in full), every connection side by side."""

from __future__ import annotations

import asyncio

from .connection import Connection


class Sending:
    """A room's sending (mixed into `Room`, whose `connections` are the sockets here)."""

    async def send_state(self, conn: Connection, full: bool = False) -> None:
        """Send `conn` the table as its seat sees it: a delta on top of the message it holds,
        or the full message (the first time, on request, and to a connection that fell
        behind: one still busy sending when the table changed gets the newest in full)."""
        if full:
            conn.held = None
        if conn.sending:
            conn.again = True
            return
        conn.sending = True
        try:
            while True:
                conn.again = False
                _key, snap = self.snapshot(conn)
                held = conn.held
                if held is snap:
                    return
                text = snap.full_text if held is None else snap.delta_from(held)
                if not await conn.send_text(text):
                    return
                conn.held = snap
                if not conn.again:
                    return
                conn.held = None  # it fell behind: the next one goes in full
        finally:
            conn.sending = False

    async def broadcast(self, skip: Connection | None = None) -> None:
        targets = [c for c in self.connections if c is not skip]
        if len(targets) == 1:
            await self.send_state(targets[0])
        elif targets:  # side by side: one slow socket does not hold up the others
            await asyncio.gather(*(self.send_state(c) for c in targets))

    def seen(self) -> tuple[int, list[bool], tuple[str, ...]]:
        """What a connection's coming, going or hello can change for the others: the seats
        connected (anything else it changes, such as a seat claimed, bumps `rev`), and the
        spectators (which only the players are told)."""
        return self.rev, self.connected(), self.watchers()

    async def tell_others(self, before: tuple[int, list[bool], tuple[str, ...]],
                          skip: Connection | None = None) -> None:
        """Tell the others what changed since `before`: everyone if a seat came online or
        went, or anything else they see changed; else the players alone if the spectators
        changed (never the other spectators: their screens did not)."""
        rev, connected, watchers = before
        if self.connected() != connected:
            self.rev += 1
        spectators = self.watchers() != watchers
        if spectators:
            self.watch_rev += 1
        if self.rooms.closing:
            return
        if self.rev != rev:
            await self.broadcast(skip=skip)
        elif spectators:
            players = [c for c in self.connections if c.seats and c is not skip]
            await asyncio.gather(*(self.send_state(c) for c in players))

    async def greeted(self, conn: Connection, before: tuple[int, list[bool], tuple[str, ...]]
                      ) -> None:
        """`conn`'s seats may have changed (a hello): it is sent the table in full, and the
        others only if what they see changed since `before` (a seat came online, a seat
        was claimed; the players also when the spectators changed), so a hello costs one
        frame, or one per socket when it matters."""
        rev, connected, watchers = before
        if self.connected() != connected:
            self.rev += 1
        await self.send_state(conn, full=True)
        await self.tell_others((rev, self.connected(), watchers), skip=conn)

    async def joined(self, conn: Connection) -> None:
        """A new socket: sent the table; the others are told only if it already holds seats
        (a socket comes without any, see `greeted`), so joining costs one frame (and one
        to each player's socket: a spectator came)."""
        before = self.seen()
        self.connections.add(conn)
        self.touch()
        await self.greeted(conn, before)

    async def left(self, conn: Connection) -> None:
        """A socket gone: the others are told only if a seat went offline with it (and the
        players if a spectator went)."""
        before = self.seen()
        self.connections.discard(conn)
        self.touch()
        await self.tell_others(before)
