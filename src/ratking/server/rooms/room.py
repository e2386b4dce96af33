"""`Room`: one live table. It holds the table's state and takes moves one at a time:
checked, committed to storage, applied, announced. Its other concerns are mixed in from the
modules beside it: seats (`seats.py`), catching up with other processes (`sync.py`), bots
and the turn timer (`turns.py`), messages (`snapshots.py`) and sending (`sending.py`)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from ...core import IllegalAction
from ..play.cardfiles import table_game
from ..play.messages import made_for_note
from ..storage.tables import MADE_FOR, PERSON, MoveConflict, StoredTable, now
from .connection import Connection
from .errors import MoveRefused, Unreplayable
from .finishing import Finishing
from .seats import Seats, seat_names, utc, waiting
from .sending import Sending
from .snapshots import Snapshots
from .sync import CatchUp
from .turnmail import turn_started
from .turns import Turns
from .undo import TakeBack

if TYPE_CHECKING:
    from .registry import Rooms

log = logging.getLogger("ratking.server")


class Room(Finishing, Seats, CatchUp, Turns, Snapshots, Sending, TakeBack):
    """One live table. It holds what every part reads (`rooms`, `id`, `row`, `game`, `state`,
    `version`, `rev`, `watch_rev`, `connections`, `lock`, `notes`, `forced`, `bots`,
    `moved_at`, `turn_began`, `attended`, `driving`, `touched`, `chat`); each part mixed in
    sets up its own state (`own_seats`, `own_turns`, `own_snapshots`, `own_finishing`)."""

    def __init__(self, rooms: Rooms, stored: StoredTable) -> None:
        row = stored.row
        self.rooms = rooms
        self.id = row.id
        self.row = row
        self.game = table_game(row.game, row.rules, rooms.settings.cards_dir)
        self.state = self.game.new_game(row.players, seed=row.seed, names=seat_names(row))
        for index, action in enumerate(stored.actions):
            try:
                self.state.apply(action)
            except IllegalAction as exc:
                raise Unreplayable(row.id, index, action, exc.reason) from None
        # the moves made for a person (their only move, or when their time ran out), by index
        self.notes: dict[float, str] = {i: made_for_note(self.state, seat, by)
                                        for i, (seat, by) in stored.made_for.items()}
        self.forced = {i for i, (_, by) in stored.made_for.items() if by == "forced"}
        self.own_seats(row)
        self.bots = self.auto_seats()  # seat -> bot spec: bots, and the seats out of the game
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.own_turns(row)
        self.version = row.version  # grows at every move and undo (see submit, take_back)
        self.moved_at = utc(row.updated_at)
        # when the seat to move came to it (turn-based; stored with the move that began it)
        self.turn_began = utc(row.turn_since) if row.turn_since else self.moved_at
        # when a person last moved or came to the table (the table's start if never)
        self.attended = utc(stored.person_moved or row.created_at)
        self.chat: list[dict[str, Any]] | None = None  # the recent chat lines, read when needed
        self.driving = False  # this process holds the table's lease
        self.rev = 0  # bumped whenever what people see changes
        self.watch_rev = 0  # bumped whenever the spectators change (the players see them)
        self.own_snapshots()
        self.touched = asyncio.get_running_loop().time()
        self.own_finishing()

    @property
    def steps(self) -> int:
        """The moves that stand (the record's length); `version` also counts the undos."""
        return self.state.steps

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def playing(self) -> bool:
        return self.row.status == "playing" and not self.state.is_over

    def touch(self) -> None:
        self.touched = asyncio.get_running_loop().time()

    # --- moves ------------------------------------------------------------------------------

    async def submit(self, seat: int, action: str, version: int, by: str = "human") -> None:
        """Make one move for `seat`, or raise MoveRefused and change nothing."""
        async with self.lock:
            state = self.state
            self.check_turn(seat, version)
            if by in PERSON and seat in self.bots:
                raise MoveRefused("out", "that seat is out of this game")
            if by == "forced" and len(state.legal_actions()) != 1:
                raise MoveRefused("not-forced", "that move was sent as the only one possible, "
                                                "but there is a choice: choose it yourself")
            if not any(a.id == action for a in state.legal_actions()):
                probe = state.clone()  # the kernel's own reason, without touching the table
                try:
                    probe.apply(action)
                except IllegalAction as exc:
                    raise MoveRefused("illegal", exc.reason) from None
            storage = self.rooms.storage
            since = None  # turn-based: a move that hands the turn on stores when it did
            if self.row.turn_bank:
                probe = state.clone()
                probe.apply(action)
                since = now() if probe.current_player != seat else None
            try:
                await self.rooms.run(storage.add_move, self.id, self.steps, action, seat, by,
                                     False, version, since)
                lost = False
            except MoveConflict:
                # another process wrote this move first: take its moves (their notice may
                # already have come and gone) and refuse this one
                await self._catch_up()
                lost = True
            if not lost:
                if by in MADE_FOR:
                    self.notes[self.steps] = made_for_note(state, seat, by)
                if by == "forced":
                    self.forced.add(self.steps)
                state.apply(action)
                self.version = version + 1
                self.moved_at = since or now()
                if by in PERSON:
                    self.attended = self.moved_at
                after = state.current_player
                if after != seat:
                    self.turn_began = self.moved_at
                if self.row.turn_bank and after is not None and after != seat \
                        and after not in self.bots:  # a new turn: tell its person
                    self.rooms.spawn(turn_started(self, after, self.steps))
            if not lost and state.is_over:
                self.row.status = "over"
                await self.rooms.run(storage.set_status, self.id, "over")
                self.driving = False
                if self.row.rated:
                    await self._rate()
        self.touch()
        await self.moved()  # tell everyone, and start the next bot or timer
        if lost:
            raise MoveRefused("stale", "another move was made first: look again")

    def check_turn(self, seat: int, version: int) -> None:
        """Raise MoveRefused unless `seat` may act on the table at `version` now."""
        state = self.state
        if self.row.status in ("closed", "archived"):
            raise MoveRefused("closed", f"this table was {self.row.status}")
        if state.is_over or self.row.status == "over":
            raise MoveRefused("over", "the game is over")
        if version != self.version:
            raise MoveRefused("stale", f"that move was made on version {version}, but the "
                                       f"table is at version {self.version}: look again")
        if waiting(self.row):
            raise MoveRefused("waiting", "the table starts once every seat is taken")
        if state.current_player != seat:
            raise MoveRefused("not-your-turn",
                              f"it is {state.names[state.current_player]}'s turn")

    async def moved(self, heard: bool = False) -> None:
        """After a move (ours, or another process's when `heard`): start what comes next,
        then tell everyone (so the turn clock they are sent is the one now running). A
        table nobody drives is taken on by the process that wrote the move; one that only
        heard of it asks the database nothing (the writer took the lease if it was free,
        and a driver that stops renewing is replaced by the sweep, see `adopt_orphans`)."""
        self.rev += 1
        if self.playing and self.row.drivable and not self.driving and not heard:
            await self.rooms.take_lease(self)
        self.schedule()
        await self.broadcast()

    async def close(self, status: str) -> bool:
        """Close the table for good (its creator) or archive it; False if it was not playing."""
        if not await self.rooms.run(self.rooms.storage.set_status, self.id, status):
            return False
        await self.heard_status(status)
        return True
