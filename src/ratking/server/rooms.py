"""Rooms: the live tables. A room holds a table's state, its connections, its bots and its
turn timer, and takes moves one at a time: checked, committed to storage, applied, announced.

Several server processes may share one PostgreSQL database. Each keeps in memory the tables
its people are watching; a move written by another process reaches it by NOTIFY (see
`fanout.py`), and a move that loses a race for the same position is refused as stale after
the room catches up. Only the process holding a table's lease (a row in the database, renewed
while it lives) runs that table's bots and turn timer.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import socket
import time
from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

import orjson
from fastapi import WebSocket

from ..bots import BOT_NAMES, make_bot
from ..core import IllegalAction, RatkingError, State, game_class, make, shared
from ..core.rng import derive_seed, new_seed
from . import explain
from .clock import TurnClock
from .delta import Drawing, diff, drawing_pieces
from .messages import Narrator, actions_for, board_and_parts, made_for_note, result_of
from .settings import Settings
from .storage import (
    MADE_FOR,
    PERSON,
    LimitReached,
    Limits,
    MoveConflict,
    Storage,
    StoredTable,
    TableRow,
    now,
)
from .workers import Workers

log = logging.getLogger("ratking.server")

HUMAN = "human"
STAND_IN = "heuristic"  # the bot that moves for a person whose time ran out, or a failed bot
LAST_RESORT = "random"  # the bot that moves if the stand-in fails too
ABANDONED_AFTER = timedelta(minutes=30)  # no move and no person at the table: off the live list
CLOCK_FRESH = 0.25  # seconds a message's turn clock stays right enough to send again


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class MoveRefused(Exception):
    """A move that was not made; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Refused(Exception):
    """A request the server's limits turn down; `.status` is the HTTP status."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass(eq=False)
class Connection:
    """One websocket: the seats its tokens unlock (none for a spectator), and the last
    snapshot it was sent (a delta is only sent on top of that)."""

    socket: WebSocket
    seats: tuple[int, ...] = ()
    tokens: frozenset[str] = frozenset()  # the hashes of the tokens it said hello with
    held: Snapshot | None = None  # the last message it was sent; None: send a full one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sending: bool = False
    again: bool = False  # the table changed while a message was being sent
    chatted: deque = field(default_factory=deque)  # when its last chat lines were sent
    hinted: deque = field(default_factory=deque)  # when it last asked for hints
    hint_task: asyncio.Task | None = None  # the hint being searched for it

    def shown_seat(self, state: State) -> int | None:
        """The seat whose view this connection shows: the held seat to move, else the first."""
        if not self.seats:
            return None
        if state.current_player in self.seats:
            return state.current_player
        return self.seats[0]

    @staticmethod
    def within(times: deque, limit: int, window: float) -> bool:
        """A sliding-window rate limit: True (and the moment noted in `times`) if fewer than
        `limit` moments of `times` fall in the last `window` seconds, else False."""
        clock = time.monotonic()
        while times and clock - times[0] > window:
            times.popleft()
        if len(times) >= limit:
            return False
        times.append(clock)
        return True

    async def send_text(self, text: str) -> bool:
        async with self.lock:
            try:
                await self.socket.send_text(text)
            except Exception:  # a closed socket is cleaned up by its reader
                return False
        return True


@dataclass(eq=False)
class Snapshot:
    """One state message for one (shown seat, held seats), built once per change and key, and
    the deltas to it from the snapshots connections last held (each computed once)."""

    seq: int
    rev: int
    message: dict[str, Any]
    drawing: Drawing  # the message's SVG, as the renderer drew it
    deltas: dict[int, str] = field(default_factory=dict)
    _full: str | None = None
    built: float = 0.0  # when (event loop time), for the turn clock's seconds left

    @property
    def full_text(self) -> str:
        if self._full is None:
            self._full = orjson.dumps(self.message).decode()
        return self._full

    def delta_from(self, old: Snapshot) -> str:
        """The delta message that turns `old`'s message into this one."""
        text = self.deltas.get(old.seq)
        if text is None:
            before = old.message
            ops: list[list[Any]] = []
            for name, value in self.message.items():
                if name == "svg":
                    if value != before["svg"]:
                        ops.append(["<", ["svg"], drawing_pieces(old.drawing, self.drawing)])
                elif name != "seq":
                    diff(before.get(name), value, [name], ops)
            text = orjson.dumps({"type": "delta", "base": old.seq, "seq": self.seq,
                                 "ops": ops}).decode()
            if len(self.deltas) > 8:
                self.deltas.clear()
            self.deltas[old.seq] = text
        return text


class Room:
    """One live table."""

    def __init__(self, rooms: Rooms, stored: StoredTable) -> None:
        row = stored.row
        self.rooms = rooms
        self.id = row.id
        self.row = row
        self.game = shared(row.game, **row.rules)
        self.state = self.game.new_game(row.players, seed=row.seed, names=row.names)
        for action in stored.actions:
            self.state.apply(action)
        # the moves made for a person (their only move, or when their time ran out), by index
        self.notes = {i: made_for_note(self.state, seat, by)
                      for i, (seat, by) in stored.made_for.items()}
        self.kinds = [s["kind"] for s in row.seats]
        self.hashes = [s.get("token") for s in row.seats]
        self.bots = {i: kind for i, kind in enumerate(self.kinds) if kind != HUMAN}  # specs
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.task: asyncio.Task | None = None
        self.clock = TurnClock(row.turn_timer) if row.turn_timer else None
        self.moved_at = _utc(row.updated_at)
        # when a person last moved or came to the table (the table's start if never)
        self.attended = _utc(stored.person_moved or row.created_at)
        self.chat: list[dict[str, Any]] | None = None  # the recent chat lines, read when needed
        self.driving = False  # this process holds the table's lease
        self.rev = 0  # bumped whenever what people see changes
        self.thinking: int | None = None  # the seat whose bot is searching now
        self.seq = 0
        self.snaps: dict[tuple, Snapshot] = {}
        self.boards: dict[int | None, tuple[tuple, dict[str, Any], Drawing]] = {}
        self.narrators: dict[int | None, Narrator] = {}
        self.touched = asyncio.get_running_loop().time()
        self._summary_rev = -1
        self._summary_cache: dict[str, Any] = {}

    @property
    def version(self) -> int:
        return self.state.steps

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def playing(self) -> bool:
        return self.row.status == "playing" and not self.state.is_over

    def touch(self) -> None:
        self.touched = asyncio.get_running_loop().time()

    # --- who is who -------------------------------------------------------------------------

    def seats_for(self, tokens: list[str]) -> tuple[int, ...]:
        return self.seats_held({token_hash(t) for t in tokens if isinstance(t, str)})

    def seats_held(self, hashes: Collection[str]) -> tuple[int, ...]:
        """The seats whose token hash is one of `hashes`."""
        return tuple(i for i, h in enumerate(self.hashes) if h is not None and h in hashes)

    def set_seats(self, seats: list[dict[str, Any]]) -> bool:
        """Take the seats as stored (after a change here or in another process): tokens
        replaced for a player who joined count at once for every connection. True if they
        changed."""
        if seats == self.row.seats:
            return False
        self.row.seats = seats
        self.hashes = [s.get("token") for s in seats]
        for conn in self.connections:
            conn.seats = self.seats_held(conn.tokens)
        self.rev += 1
        return True

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
            changed = self.set_seats(row.seats)
            if row.rematch != self.row.rematch:
                self.row.rematch = row.rematch
                self.rev += 1
                changed = True
        if changed:
            await self.broadcast()

    def is_owner(self, token: str) -> bool:
        return self.row.owner is not None and secrets.compare_digest(token_hash(token),
                                                                     self.row.owner)

    def connected(self) -> list[bool]:
        held = {s for c in self.connections for s in c.seats}
        return [kind != HUMAN or i in held for i, kind in enumerate(self.kinds)]

    def claimed(self) -> list[bool]:
        """Per seat: a bot, or a person's seat someone has taken (not open to join)."""
        return seats_claimed(self.row)

    def abandoned(self) -> bool:
        """Unfinished, with no person here and no move for a while: off the live list."""
        held = {s for c in self.connections for s in c.seats}
        people = {i for i, kind in enumerate(self.kinds) if kind == HUMAN}
        return (self.playing and bool(people) and not held & people
                and now() - self.moved_at > ABANDONED_AFTER)

    def _summary(self) -> dict[str, Any]:
        """summary(), once per change (shared by every seat's message)."""
        if self._summary_rev != self.rev:
            self._summary_rev, self._summary_cache = self.rev, self.summary()
        return self._summary_cache

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": state.players,
            "status": "over" if state.is_over else self.row.status,
            "version": self.version,
            "to_move": state.current_player if self.playing else None,
            "seats": [{"seat": i, "name": state.names[i], "kind": kind, "connected": on,
                       "claimed": taken}
                      for i, (kind, on, taken) in enumerate(zip(
                          self.kinds, self.connected(), self.claimed(), strict=True))],
            "turn_timer": self.row.turn_timer,
            "created": self.row.created_at.isoformat(),
            **table_extras(self.row),
            "abandoned": self.abandoned(),
            "thinking": self.thinking,
        }

    # --- moves ------------------------------------------------------------------------------

    async def submit(self, seat: int, action: str, version: int, by: str = "human") -> None:
        """Make one move for `seat`, or raise MoveRefused and change nothing."""
        async with self.lock:
            state = self.state
            if self.row.status in ("closed", "archived"):
                raise MoveRefused("closed", f"this table was {self.row.status}")
            if state.is_over:
                raise MoveRefused("over", "the game is over")
            if version != self.version:
                raise MoveRefused("stale", f"that move was made on version {version}, but the "
                                           f"table is at version {self.version}: look again")
            if state.current_player != seat:
                raise MoveRefused("not-your-turn",
                                  f"it is {state.names[state.current_player]}'s turn")
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
            try:
                await self.rooms.run(storage.add_move, self.id, version, action, seat, by)
                lost = False
            except MoveConflict:
                # another process wrote this move first: take its moves (their notice may
                # already have come and gone) and refuse this one
                await self._catch_up()
                lost = True
            if not lost:
                if by in MADE_FOR:
                    self.notes[self.version] = made_for_note(state, seat, by)
                state.apply(action)
                self.moved_at = now()
                if by in PERSON:
                    self.attended = self.moved_at
            if not lost and state.is_over:
                self.row.status = "over"
                await self.rooms.run(storage.set_status, self.id, "over")
                self.driving = False
        self.touch()
        await self.moved()  # tell everyone, and start the next bot or timer
        if lost:
            raise MoveRefused("stale", "another move was made first: look again")

    async def moved(self) -> None:
        """After a move (ours or another process's): start what comes next, then tell
        everyone (so the turn clock they are sent is the one now running)."""
        self.rev += 1
        if self.playing and self.row.drivable and not self.driving:
            await self.rooms.take_lease(self)
        self.schedule()
        await self.broadcast()

    async def _catch_up(self, upto: int | None = None, action: str | None = None) -> bool:
        """Apply the moves another process wrote (the lock is held). With `action`, move
        `upto` is that action and needs no read. True if the state moved on."""
        if upto is not None and upto < self.version:
            return False
        if action is not None and upto == self.version:
            actions = [action]
        else:
            actions = await self.rooms.run(self.rooms.storage.moves_since, self.id,
                                           self.version)
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
                                                names=self.row.names)
                for again in stored.actions:
                    self.state.apply(again)
                break
        if self.state.is_over:
            self.row.status = "over"
            self.driving = False
        return bool(actions)

    async def heard_move(self, index: int, action: str) -> None:
        """Another process committed move `index` (NOTIFY)."""
        async with self.lock:
            changed = await self._catch_up(index, action)
        if changed:
            self.touch()
            await self.moved()

    async def heard_status(self, status: str) -> None:
        """The table was closed or archived (here or by another process)."""
        if self.row.status == status:
            return
        self.row.status = status
        self.driving = False
        self.schedule()
        self.rev += 1
        await self.broadcast()

    def unattended(self) -> bool:
        """No person is at the table here, and none has moved at or come to it for
        `unattended_after` seconds: the turn timer no longer stands in for its people (the
        table waits for them)."""
        if any(conn.seats for conn in self.connections):
            return False
        limit = timedelta(seconds=self.rooms.settings.unattended_after)
        return now() - self.attended > limit

    def arrived(self) -> None:
        """A person holding a seat has come to the table (here): the table is attended, and
        a turn timer stopped for want of people starts again."""
        self.attended = now()
        if self.clock is not None and self.clock.deadline is None and self.playing \
                and self.driving and self.state.current_player not in self.bots \
                and (self.task is None or self.task.done()):
            self.schedule()

    def schedule(self) -> None:
        """Start what happens next without a person: a bot's move, or the turn timer (a time
        bank per turn, see clock.py: once it has run out, the stand-in bot makes the rest of
        the turn's decisions, a bot's delay apart). Only the process holding the table's
        lease does this, and the timer only while the table is attended (see unattended)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        clock = self.clock
        before = None if clock is None else (clock.seat, clock.deadline)
        seat = self.state.current_player
        if not self.playing or self.rooms.closing or not self.driving or seat in self.bots:
            if clock is not None:
                clock.stop()
            if self.playing and self.driving and not self.rooms.closing:
                self.task = asyncio.create_task(self._bot_turn(seat, self.version,
                                                               self.row.bot_delay, "bot"))
        elif clock is not None and self.unattended():
            clock.stop()  # nobody to stand in for: the table waits for its people
        elif clock is not None:
            left = clock.start(seat, asyncio.get_running_loop().time())
            self.task = asyncio.create_task(self._bot_turn(
                seat, self.version, left if left > 0 else self.row.bot_delay, "timer"))
        if clock is not None and before != (clock.seat, clock.deadline):
            self.rev += 1

    async def _bot_turn(self, seat: int, version: int, delay: float, by: str) -> None:
        try:
            await asyncio.sleep(delay)
            if self.version != version or not self.playing:
                return
            if by == "timer" and self.unattended():  # its people left while it ran
                self.task = None
                self.schedule()  # stops the clock
                await self.broadcast()
                return
            spec = self.bots.get(seat, STAND_IN)
            if not self.rooms.workers.runs_inline(spec, self.game):  # it searches: say so
                self.thinking, self.rev = seat, self.rev + 1
                await self.broadcast()
            try:
                action, by = await self._choose(spec, seat, version, by)
            finally:
                self.thinking, self.rev = None, self.rev + 1
            if self.version != version:
                return
            self.task = None  # this task is finishing: submit() must not cancel it
            await self.submit(seat, action, version, by)
        except MoveRefused:
            pass  # someone moved first; the room has caught up and scheduled again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed at table %s", self.id)

    async def _choose(self, spec: str, seat: int, version: int, by: str) -> tuple[str, str]:
        """The id of the move bot `spec` makes for `seat` (in the worker pool if it searches,
        see workers.py), and who made it. A bot that fails does not stall the table: the
        turn timer's stand-in moves instead (should it fail too, a random legal move), the
        move is stored as made by "stand-in", and the failure is logged."""
        seed = derive_seed(derive_seed(self.row.seed, 100 + seat), version)
        choosers = [(spec, by), (STAND_IN, "stand-in"), (LAST_RESORT, "stand-in")]
        for chooser, who in choosers:
            try:
                return await self.rooms.workers.choose(self.state, chooser, seed), who
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a bot failed to move for seat %d at table %s", seat, self.id)
        raise RuntimeError(f"no bot could move for seat {seat} at table {self.id}")

    async def close(self, status: str) -> bool:
        """Close the table for good (its creator) or archive it; False if it was not playing."""
        if not await self.rooms.run(self.rooms.storage.set_status, self.id, status):
            return False
        await self.heard_status(status)
        return True

    # --- telling people ---------------------------------------------------------------------

    def board(self, seat: int | None) -> tuple[dict[str, Any], Drawing]:
        """The board part of a seat's message and its SVG drawing, drawn once per move and
        seat."""
        stamp = (self.version, self.row.status)
        cached = self.boards.get(seat)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        narrator = self.narrators.get(seat)
        if narrator is None:
            narrator = self.narrators[seat] = Narrator(seat)
        state = self.state
        actions = actions_for(state, seat) if self.playing else []
        board, parts = board_and_parts(state, seat, self.notes, narrator, actions)
        drawing = Drawing(parts)
        self.boards[seat] = (stamp, board, drawing)
        return board, drawing

    def snapshot(self, conn: Connection) -> tuple[tuple, Snapshot]:
        """The current message for this connection's key, built once per change and key."""
        state = self.state
        seat = conn.shown_seat(state)
        key = (seat, conn.seats)
        snap = self.snaps.get(key)
        loop_time = asyncio.get_running_loop().time()
        if snap is not None and snap.rev == self.rev and (
                self.clock is None or self.clock.deadline is None
                or loop_time - snap.built < CLOCK_FRESH):
            return key, snap
        self.seq += 1
        board, drawing = self.board(seat)
        message = {
            "type": "state",
            "seq": self.seq,
            "table": self._summary(),
            "version": self.version,
            "you": list(conn.seats),
            "turn_deadline": self._seconds_left(),
            "result": result_of(state),
            **board,
            **self._explained(board["view"]),
        }
        new = Snapshot(self.seq, self.rev, message, drawing, built=loop_time)
        self.snaps[key] = new
        if len(self.snaps) > 4 * len(self.connections) + 8:  # keys nobody holds any more
            held = {(c.shown_seat(state), c.seats) for c in self.connections}
            self.snaps = {k: v for k, v in self.snaps.items() if k in held or k == key}
        return key, new

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

    def _seconds_left(self) -> float | None:
        if self.clock is None or self.clock.deadline is None:
            return None
        return round(self.clock.left(asyncio.get_running_loop().time()) or 0.0, 1)

    def _explained(self, view: dict[str, Any]) -> dict[str, Any]:
        """The turn clock, the how-to-win panel and the end screen's explanation."""
        loop_time = asyncio.get_running_loop().time()
        return {"hints": explain.hints_available(),
                "clock": self.clock.shown(loop_time) if self.clock is not None else None,
                "standing": explain.standing(self.state, view),
                "ending": explain.ending(self.state)}

    async def broadcast(self, skip: Connection | None = None) -> None:
        targets = [c for c in self.connections if c is not skip]
        if len(targets) == 1:
            await self.send_state(targets[0])
        elif targets:  # side by side: one slow socket does not hold up the others
            await asyncio.gather(*(self.send_state(c) for c in targets))

    async def joined(self, conn: Connection) -> None:
        self.connections.add(conn)
        self.touch()
        self.rev += 1
        await self.send_state(conn, full=True)
        await self.broadcast(skip=conn)  # the others see who is watching

    async def left(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.touch()
        self.rev += 1
        if not self.rooms.closing:
            await self.broadcast()


def process_name() -> str:
    """This process, as its leases name it: the machine, the process id and a random tag."""
    return f"{socket.gethostname()[:16]}:{os.getpid()}:{secrets.token_hex(3)}"


def client_key(address: str | None) -> str | None:
    """What the limits count a client by: a hash of its address, not the address itself."""
    if not address:
        return None
    return hashlib.sha256(f"ratking-client:{address}".encode()).hexdigest()[:32]


class Rooms:
    """The tables this process holds in memory, loaded from storage on demand."""

    def __init__(self, storage: Storage, settings: Settings | None = None,
                 workers: Workers | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.workers = workers or Workers(self.settings.search_workers,
                                          nice=self.settings.search_nice)
        self.me = process_name()
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future] = {}
        self.closing = False
        self.maintenance: asyncio.Task | None = None
        self.listener: Any = None
        self.tasks: set[asyncio.Task] = set()

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
            self.storage.expire_leases()
        if self.storage.channel is not None:
            from .fanout import Listener

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
        # end the leases, so that another process (or the next start) takes over at once
        with contextlib.suppress(Exception):
            await self.run(self.storage.let_go, self.me)

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
        room = self.rooms[table_id] = Room(self, stored)
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

    async def take_lease(self, room: Room) -> None:
        room.driving = await self.run(self.storage.acquire, room.id, self.me,
                                      self.settings.lease_seconds)

    async def adopt_orphans(self) -> int:
        """Load the tables whose driver stopped renewing its lease, and drive them."""
        picked = 0
        for table_id in await self.run(self.storage.orphans):
            room = self.rooms.get(table_id)
            if room is None:
                room = await self.get(table_id)
            elif room.playing:
                await self.take_lease(room)
                room.schedule()
            picked += room is not None and room.driving
        return picked

    # --- what other processes did (NOTIFY) -----------------------------------------------

    def heard(self, payload: str) -> None:
        """A NOTIFY from any process: 'm <table> <index> <action>', 's <table> <status>',
        't <table>' (its seats or rematch changed) or 'c <table> <index>' (a chat line)."""
        kind, _, rest = payload.partition(" ")
        if kind == "m":
            table_id, index, action = [*rest.split(" ", 2), "", ""][:3]
            room = self.rooms.get(table_id)
            if room is not None and index.isdigit():
                self.spawn(room.heard_move(int(index), action))
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

    async def resync(self) -> None:
        """After the listener reconnected: catch up every room (notices may have been lost)."""
        for room in list(self.rooms.values()):
            async with room.lock:
                changed = await room._catch_up()
            if changed:
                await room.moved()

    # --- the background sweep ------------------------------------------------------------

    async def _maintain(self) -> None:
        settings = self.settings
        last_archive = 0.0
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(settings.maintenance_every)
            try:
                await self.renew()
                await self.adopt_orphans()
                self.unload_idle()
                if loop.time() - last_archive > 60:
                    last_archive = loop.time()
                    await self.archive()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table maintenance failed; trying again")

    async def renew(self) -> None:
        """Extend the leases of the tables this process drives; stop driving those it lost.
        Only the rooms driving when the renewal was asked are judged by its answer: a lease
        taken meanwhile (its statement may have read the table before) is kept."""
        driving = {room.id: room for room in self.rooms.values() if room.driving}
        held = await self.run(self.storage.renew, self.me, self.settings.lease_seconds,
                              list(driving))
        for table_id, room in driving.items():
            if room.driving and table_id not in held:  # another process took over
                room.driving = False
                room.schedule()

    def unload_idle(self) -> int:
        """Drop from memory the tables nobody has watched for a while and no bot is about to
        move: they come back from storage when someone opens them."""
        loop_time = asyncio.get_running_loop().time()
        idle = self.settings.idle_unload
        gone = 0
        for room in list(self.rooms.values()):
            if room.connections or loop_time - room.touched < idle or room.lock.locked():
                continue
            bot_to_move = room.playing and room.state.current_player in room.bots
            if bot_to_move and room.driving:
                continue  # a table of bots plays on by itself (it has a round cap)
            if room.task is not None:
                room.task.cancel()
            if room.driving:
                room.driving = False
                self.spawn(self.run(self.storage.release, room.id, self.me))
            del self.rooms[room.id]
            gone += 1
        return gone

    async def archive(self) -> list[str]:
        before = now() - timedelta(seconds=self.settings.archive_after)
        ids = await self.run(self.storage.archive_stale, before)
        for table_id in ids:
            room = self.rooms.get(table_id)
            if room is not None:
                await room.heard_status("archived")
        return ids

    # --- new tables ------------------------------------------------------------------------

    def limits(self, client: str | None) -> Limits:
        """The caps a new table from `client` must stay within (the settings')."""
        s = self.settings
        return Limits(client, s.create_per_minute, s.max_tables_per_client, s.max_tables)

    async def store_new(self, call, *args) -> Any:
        """Run a storage call that stores a new table within the limits; Refused if over."""
        try:
            return await self.run(call, *args)
        except LimitReached as exc:
            if exc.which == "per-minute":
                raise Refused(429, f"too many new tables: at most {exc.limit} a minute from "
                                   "one client", retry_after=60) from None
            if exc.which == "per-client":
                raise Refused(429, f"this client already has {exc.limit} unfinished tables: "
                                   "finish or close some first") from None
            raise Refused(503, "the server is full: too many unfinished tables; try later",
                          retry_after=60) from None

    async def create(self, game_id: str, players: int, seats: list[str],
                     rules: dict[str, Any], names: list[str] | None,
                     turn_timer: float | None, bot_delay: float | None,
                     client: str | None = None, *, private: bool = False,
                     joinable: bool = False) -> tuple[Room, list[str | None], str]:
        """A new table; returns it, the secret token of each human seat (None for bots) and
        the creator's token, which closes the table. A seat is "human" or a bot spec
        (`make_bot` checks it: "heuristic", "hard"...); the first person's seat is taken by
        whoever creates the table."""
        kinds = [("heuristic" if k == "bot" else k) for k in seats]
        for kind in kinds:
            if not isinstance(kind, str) or len(kind) > 60:
                raise ValueError("a seat is 'human' or a bot such as 'heuristic' or 'hard'")
            if kind != HUMAN:
                try:
                    make_bot(kind, 0)
                except RatkingError as exc:
                    raise ValueError(f"unknown seat kind {kind!r}: a seat is 'human' or a "
                                     f"bot ({exc})") from None
        delay = self.settings.bot_delay if bot_delay is None else bot_delay
        if "human" not in kinds:  # nobody to wait for: keep bots from running flat out
            cap = self.settings.botonly_max_rounds
            if rules.get("max_rounds") is None or rules["max_rounds"] > cap:
                rules = {**rules, "max_rounds": cap}
            delay = max(delay, self.settings.botonly_min_delay)
        game = make(game_id, **rules)  # RulesError for bad rules
        game.check_players(players)
        if len(kinds) != players:
            raise ValueError(f"{len(kinds)} seats given for {players} players")
        if names is None:
            bots, humans = iter(BOT_NAMES), 0
            names = []
            for kind in kinds:
                if kind == "human":
                    humans += 1
                    names.append(f"Player {humans}")
                else:
                    names.append(next(bots))
        if len(names) != players or not all(isinstance(n, str) and 0 < len(n) <= 24
                                            for n in names):
            raise ValueError("names must be one text of 1 to 24 characters per seat")
        tokens = [secrets.token_urlsafe(18) if k == "human" else None for k in kinds]
        owner = secrets.token_urlsafe(18)
        first = kinds.index(HUMAN) if HUMAN in kinds else None
        stamp = now()
        row = TableRow(
            id=secrets.token_urlsafe(8), game=game.id, rules=game.rules.as_dict(),
            players=players, seed=new_seed(), names=list(names),
            seats=[{"kind": k, "token": token_hash(t) if t else None, "claimed": i == first}
                   for i, (k, t) in enumerate(zip(kinds, tokens, strict=True))],
            bot_delay=delay, turn_timer=turn_timer, status="playing", created_at=stamp,
            updated_at=stamp, owner=token_hash(owner), client=client, moves=0,
            drivable=any(k != "human" for k in kinds) or bool(turn_timer), private=private,
            joinable=joinable)
        return await self.open(row, client), tokens, owner

    async def open(self, row: TableRow, client: str | None = None) -> Room:
        """Store a new table from `client` within the limits (Refused if over one), make it
        live and start its bots or clock."""
        await self.store_new(self.storage.create, row, self.limits(client))
        return await self.go_live(row)

    async def go_live(self, row: TableRow) -> Room:
        """A table just stored, made live here: its bots or clock start."""
        room = self.rooms[row.id] = Room(self, StoredTable(row, []))
        if row.drivable:
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


def stored_summary(row: TableRow) -> dict[str, Any]:
    """A table's summary from its row alone, without loading it (for the lobby's list)."""
    return {
        "id": row.id, "game": row.game, "title": game_class(row.game).title, "players": row.players,
        "status": row.status, "version": row.moves, "to_move": None,
        "seats": [{"seat": i, "name": row.names[i], "kind": seat["kind"],
                   "connected": seat["kind"] != HUMAN, "claimed": taken}
                  for i, (seat, taken) in enumerate(zip(row.seats, seats_claimed(row),
                                                        strict=True))],
        "turn_timer": row.turn_timer, "created": row.created_at.isoformat(),
        **table_extras(row),
        "abandoned": row.status == "playing" and any(s["kind"] == HUMAN for s in row.seats)
        and now() - _utc(row.updated_at) > ABANDONED_AFTER,
    }


def _utc(stamp):
    """SQLite gives back times without their zone: they are UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def seats_claimed(row: TableRow) -> list[bool]:
    """Per seat: a bot, or a person's seat someone has taken (not open to join)."""
    return [seat["kind"] != HUMAN or bool(seat.get("claimed")) for seat in row.seats]


def table_extras(row: TableRow) -> dict[str, Any]:
    """What the lobby and the table page show of a table besides its game: private, open to
    join, its rematch."""
    return {"private": bool(row.private), "joinable": bool(row.joinable),
            "rematch": row.rematch}
