"""Between processes sharing one PostgreSQL database: a room catches up on the moves, seats
and status another process wrote (told by NOTIFY, see `fanout.py`, or read after a lost
race), and the registry dispatches those notices and holds the leases that say which process
drives a table (runs its bots and turn timer)."""

from __future__ import annotations

import logging
import os
import secrets
import socket
from typing import TYPE_CHECKING

from ...core import IllegalAction
from ..storage.tables import now
from .errors import Unreplayable
from .finishing import row_values
from .seats import HUMAN, seat_names

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("ratking.server")


class CatchUp:
    """A room's catching up with other processes (mixed into `Room`; holds its `lock`
    while it applies what another process wrote)."""

    async def catch_up_row(self) -> None:
        """Take the moves, seats, rematch and status as stored now (another process may
        have written them since this room was read)."""
        async with self.lock:
            await self._catch_up()
            row = await self.rooms.run(self.rooms.storage.row, self.id)
            if row is None:
                return
            self.set_seats(row.seats)
            self.row.rematch = row.rematch
            await self.take_row(row_values(row))
            status = row.status
        if status in ("closed", "archived"):
            await self.heard_status(status)

    async def heard_seats(self) -> None:
        """Another process changed the table's seats or made its rematch (NOTIFY): reload them
        from its row (under the lock, so no older read overtakes a change made here)."""
        async with self.lock:
            row = await self.rooms.run(self.rooms.storage.row, self.id)
            if row is None:
                return
            kinds = self.kinds
            changed = self.set_seats(row.seats)
            started = kinds != self.kinds  # bots took the open seats (quick match)
            if row.rematch != self.row.rematch:
                self.row.rematch = row.rematch
                self.rev += 1
                changed = True
            rev = self.rev
            await self.take_row(row_values(row))  # resigned, claimed, a vote (finishing.py)
            finished = self.rev != rev
            if self.ratings_due or row.rated:  # beside the names, and on the end screen
                changed = await self.refresh_ratings() or changed
        if started or finished:
            await self.moved(heard=not started)  # the lease, then a bot's or stand-in's turn
        elif changed:
            await self.broadcast()

    async def _catch_up(self, version: int | None = None, action: str | None = None) -> bool:
        """Apply what other processes wrote (the lock is held). With `version` and `action`
        (a notice), the move made at `version` needs no read if it is the next one here.
        Otherwise the moves are read with the table's version: if the version grew by more
        than the new moves, an undo came between, and the state is rebuilt where the stored
        record leaves this one. True if the state changed."""
        if version is not None and version < self.version:
            return False  # already known here
        if action is not None and version == self.version:
            actions, stored_version = [action], version + 1
        else:
            read = await self.rooms.run(self.rooms.storage.moves_since, self.id, self.steps)
            if read is None or read[0] <= self.version:
                return False
            stored_version, actions = read
            if stored_version - self.version != len(actions):  # an undo came between
                read = await self.rooms.run(self.rooms.storage.moves_since, self.id, 0)
                if read is None:
                    return False
                stored_version, every = read
                mine = self.state.history.to_list()
                keep = next((i for i, (a, b) in enumerate(zip(mine, every, strict=False))
                             if a != b), min(len(mine), len(every)))
                if keep < len(mine):
                    self.back_to(keep)
                actions = every[keep:]
        before = self.state.current_player
        for move in actions:
            mover = self.state.current_player  # only the driver stands in for a person, so
            if mover is not None and self.kinds[mover] == HUMAN:  # another process's move
                self.attended = now()  # at a person's seat is that person's
            try:
                self.state.apply(move)
            except IllegalAction:  # cannot happen with one history; rebuild to be safe
                log.warning("table %s: rebuilding after a move that did not fit", self.id)
                stored = await self.rooms.run(self.rooms.storage.load, self.id)
                self.state = self.game.new_game(self.row.players, seed=self.row.seed,
                                                names=seat_names(self.row))
                for again in stored.actions:
                    self.state.apply(again)
                stored_version = stored.row.version
                break
        self.version = stored_version
        self.rev += 1
        if self.state.current_player != before:  # a turn begun elsewhere: timed from now
            self.turn_began = now()
        if self.state.is_over:
            self.row.status = "over"
            self.driving = False
        return True

    async def heard_move(self, index: int, version: int, action: str) -> None:
        """Another process committed move `index` at `version` (NOTIFY)."""
        async with self.lock:
            changed = await self._catch_up(version, action if index == self.steps else None)
        if changed:
            self.touch()
            await self.moved(heard=True)

    async def heard_status(self, status: str) -> None:
        """The table was closed or archived (here or by another process)."""
        if self.row.status == status:
            return
        self.row.status = status
        self.driving = False
        self.schedule()
        self.rev += 1
        await self.broadcast()


def process_name() -> str:
    """This process, as its leases name it: the machine, the process id and a random tag."""
    return f"{socket.gethostname()[:16]}:{os.getpid()}:{secrets.token_hex(3)}"


class Leases:
    """The registry's side: leases and notices (mixed into `Rooms`)."""

    async def take_lease(self, room: Room) -> None:
        room.driving = await self.run(self.storage.leases.acquire, room.id, self.me,
                                      self.settings.lease_seconds)

    async def adopt_orphans(self) -> int:
        """Load the tables whose driver stopped renewing its lease, and drive them."""
        picked = 0
        for table_id in await self.run(self.storage.leases.orphans):
            room = self.rooms.get(table_id)
            if room is None:
                if table_id in self.unreplayable:  # logged: opening it tries again
                    continue
                try:
                    room = await self.get(table_id)
                except Unreplayable:
                    continue
            elif room.playing:
                await self.take_lease(room)
                room.schedule()
            picked += room is not None and room.driving
        return picked

    # --- what other processes did (NOTIFY) -----------------------------------------------

    def heard(self, payload: str) -> None:
        """A NOTIFY from any process: 'm <table> <index> <version> <action>' (a move made at
        `version`), 'u <table> <keep> <version>' (the moves from `keep` on taken back, making
        the table's version `version`), 's <table> <status>',
        't <table>' (its seats or rematch changed) or 'c <table> <index>' (a chat line)."""
        kind, _, rest = payload.partition(" ")
        if kind == "m":
            table_id, index, version, action = [*rest.split(" ", 3), "", "", ""][:4]
            room = self.rooms.get(table_id)
            if room is not None and index.isdigit() and version.isdigit():
                self.spawn(room.heard_move(int(index), int(version), action))
        elif kind == "u":  # moves taken back (rooms/undo.py)
            table_id, keep, version = [*rest.split(" ", 2), "", ""][:3]
            room = self.rooms.get(table_id)
            if room is not None and keep.isdigit() and version.isdigit():
                self.spawn(room.heard_undo(int(keep), int(version)))
        elif kind == "s":
            table_id, _, status = rest.partition(" ")
            room = self.rooms.get(table_id)
            if room is not None:
                self.spawn(room.heard_status(status))
        elif kind == "t":  # its seats or its rematch (lobby.py)
            room = self.rooms.get(rest)
            if room is not None:
                self.spawn(room.heard_seats())
        elif kind == "c":  # a chat line (chat.py)
            from . import chat

            room = self.rooms.get(rest.partition(" ")[0])
            if room is not None and room.chat is not None:
                self.spawn(chat.heard(room))
        elif kind in self.notices:  # the app's own (sessions.py: 'o <session>...')
            self.notices[kind](rest)

    async def resync(self) -> None:
        """After the listener reconnected: catch up every room (notices may have been lost)."""
        for room in list(self.rooms.values()):
            async with room.lock:
                changed = await room._catch_up()
            if changed:
                await room.moved()

    async def renew(self) -> None:
        """Extend the leases of the tables this process drives; stop driving those it lost.
        Only the rooms driving when the renewal was asked are judged by its answer: a lease
        taken meanwhile (its statement may have read the table before) is kept."""
        driving = {room.id: room for room in self.rooms.values() if room.driving}
        held = await self.run(self.storage.leases.renew, self.me, self.settings.lease_seconds,
                              list(driving))
        for table_id, room in driving.items():
            if room.driving and table_id not in held:  # another process took over
                room.driving = False
                room.schedule()
