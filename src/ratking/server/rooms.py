"""Rooms: the live tables. A room holds a table's state, its connections, its bots and its
turn timer, and takes moves one at a time: checked, committed to storage, applied, announced."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket

from ..bots import BOT_NAMES, make_bot
from ..core import Action, IllegalAction, State, make
from ..core.rng import derive_seed, new_seed
from .messages import board_message, made_for_note, result_of
from .storage import MADE_FOR, Storage, StoredTable, TableRow, now

log = logging.getLogger("ratking.server")

BOT_KINDS = ("heuristic", "random")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class MoveRefused(Exception):
    """A move that was not made; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(eq=False)
class Connection:
    """One websocket: the seats its tokens unlock (none for a spectator)."""

    socket: WebSocket
    seats: tuple[int, ...] = ()
    sent_version: int = -1
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def shown_seat(self, state: State) -> int | None:
        """The seat whose view this connection shows: the held seat to move, else the first."""
        if not self.seats:
            return None
        if state.current_player in self.seats:
            return state.current_player
        return self.seats[0]


class Room:
    """One live table."""

    def __init__(self, rooms: Rooms, stored: StoredTable) -> None:
        row = stored.row
        self.rooms = rooms
        self.id = row.id
        self.row = row
        self.game = make(row.game, **row.rules)
        self.state = self.game.new_game(row.players, seed=row.seed, names=row.names)
        for action in stored.actions:
            self.state.apply(action)
        # the moves made for a person (their only move, or when their time ran out), by index
        self.notes = {i: made_for_note(self.state, seat, by)
                      for i, (seat, by) in stored.made_for.items()}
        self.kinds = [s["kind"] for s in row.seats]
        self.hashes = [s.get("token") for s in row.seats]
        self.bots = {i: make_bot(kind, derive_seed(row.seed, 100 + i))
                     for i, kind in enumerate(self.kinds) if kind in BOT_KINDS}
        self.stand_in = make_bot("heuristic", derive_seed(row.seed, 99))  # for the turn timer
        self.last_resort = make_bot("random", derive_seed(row.seed, 98))  # if bots fail
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.task: asyncio.Task | None = None
        self.deadline: float | None = None

    @property
    def version(self) -> int:
        return len(self.state.history)

    # --- who is who -------------------------------------------------------------------------

    def seats_for(self, tokens: list[str]) -> tuple[int, ...]:
        wanted = {token_hash(t) for t in tokens if isinstance(t, str)}
        return tuple(i for i, h in enumerate(self.hashes) if h is not None and h in wanted)

    def connected(self) -> list[bool]:
        held = {s for c in self.connections for s in c.seats}
        return [kind in BOT_KINDS or i in held for i, kind in enumerate(self.kinds)]

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": state.players,
            "status": "over" if state.is_over else "playing",
            "version": self.version,
            "to_move": state.current_player,
            "seats": [{"seat": i, "name": state.names[i], "kind": kind, "connected": on}
                      for i, (kind, on) in enumerate(zip(self.kinds, self.connected(),
                                                         strict=True))],
            "turn_timer": self.row.turn_timer,
            "created": self.row.created_at.isoformat(),
        }

    # --- moves ------------------------------------------------------------------------------

    async def submit(self, seat: int, action: str, version: int, by: str = "human") -> None:
        """Make one move for `seat`, or raise MoveRefused and change nothing."""
        async with self.lock:
            state = self.state
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
            await self.rooms.write(self.rooms.storage.add_move, self.id, self.version, action,
                                   seat, by, self._ends_with(action))
            if by in MADE_FOR:
                self.notes[self.version] = made_for_note(state, seat, by)
            state.apply(action)
        await self.broadcast()
        self.schedule()

    def _ends_with(self, action: str) -> bool:
        probe = self.state.clone()
        probe.apply(action)
        return probe.is_over

    def schedule(self) -> None:
        """Start what happens next without a person: a bot's move, or the turn timer."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self.deadline = None
        state = self.state
        if state.is_over or self.rooms.closing:
            return
        seat = state.current_player
        if seat in self.bots:
            self.task = asyncio.create_task(self._bot_turn(seat, self.version,
                                                           self.row.bot_delay, "bot"))
        elif self.row.turn_timer:
            loop = asyncio.get_running_loop()
            self.deadline = loop.time() + self.row.turn_timer
            self.task = asyncio.create_task(self._bot_turn(seat, self.version,
                                                           self.row.turn_timer, "timer"))

    async def _bot_turn(self, seat: int, version: int, delay: float, by: str) -> None:
        try:
            await asyncio.sleep(delay)
            if self.version != version or self.state.is_over:
                return
            bot = self.bots.get(seat, self.stand_in)
            action, by = self._choose(bot, seat, by)
            self.task = None  # this task is finishing: submit() must not cancel it
            await self.submit(seat, action.id, version, by)
        except MoveRefused:
            pass  # someone moved first
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed at table %s", self.id)

    def _choose(self, bot: Any, seat: int, by: str) -> tuple[Action, str]:
        """`bot`'s move for `seat`, and who made it. A bot that fails does not stall the
        table: the turn timer's stand-in moves instead (should it fail too, a random legal
        move), the move is stored as made by "stand-in", and the failure is logged."""
        choosers = [(bot, by)] + [(other, "stand-in") for other in
                                  (self.stand_in, self.last_resort) if other is not bot]
        for chooser, who in choosers:
            try:
                return chooser.choose(self.state), who
            except Exception:
                log.exception("a bot failed to move for seat %d at table %s", seat, self.id)
        raise RuntimeError(f"no bot could move for seat {seat} at table {self.id}")

    # --- telling people ---------------------------------------------------------------------

    async def send_state(self, conn: Connection, cache: dict | None = None) -> None:
        """Send `conn` the table as its seat sees it. `cache` shares the work of one broadcast
        between connections that see the same seat and hold the same seats."""
        state = self.state
        seat = conn.shown_seat(state)
        key = (seat, conn.seats)
        text = None if cache is None else cache.get(key)
        if text is None:
            message = {
                "type": "state",
                "table": self.summary(),
                "version": self.version,
                "you": list(conn.seats),
                "turn_deadline": self._seconds_left(),
                "result": result_of(state),
                **board_message(state, seat, self.notes),
            }
            text = orjson.dumps(message).decode()
            if cache is not None:
                cache[key] = text
        async with conn.lock:
            with contextlib.suppress(Exception):  # a closed socket is cleaned up by its reader
                await conn.socket.send_text(text)
                conn.sent_version = self.version

    def _seconds_left(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - asyncio.get_running_loop().time())

    async def broadcast(self, skip: Connection | None = None) -> None:
        cache: dict = {}
        await asyncio.gather(*(self.send_state(c, cache) for c in list(self.connections)
                               if c is not skip))


class Rooms:
    """Every live room, created from storage at start and on demand."""

    def __init__(self, storage: Storage, bot_delay: float = 0.6) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.closing = False

    async def write(self, call, *args) -> None:
        """Run a storage write. SQLite commits a move in well under a millisecond, so it runs
        on the event loop: a worker thread would fight the loop for the GIL. A networked
        database (PostgreSQL) waits on the network, so its writes go to a thread."""
        if self.storage.local:
            call(*args)
        else:
            await asyncio.to_thread(call, *args)

    def resume(self) -> int:
        """Rebuild every unfinished table from its moves (after a restart) and restart bots."""
        for stored in self.storage.load_playing():
            room = self.rooms[stored.row.id] = Room(self, stored)
            room.schedule()
        return len(self.rooms)

    def get(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is None:
            stored = self.storage.load(table_id)
            if stored is None:
                return None
            room = self.rooms[table_id] = Room(self, stored)
        return room

    def create(self, game_id: str, players: int, seats: list[str], rules: dict[str, Any],
               names: list[str] | None, turn_timer: float | None,
               bot_delay: float | None) -> tuple[Room, list[str | None]]:
        """A new table; returns it and the secret token of each human seat (None for bots)."""
        game = make(game_id, **rules)  # RulesError for bad rules
        game.check_players(players)
        kinds = [("heuristic" if k == "bot" else k) for k in seats]
        if len(kinds) != players:
            raise ValueError(f"{len(kinds)} seats given for {players} players")
        bad = [k for k in kinds if k not in ("human", *BOT_KINDS)]
        if bad:
            raise ValueError(f"unknown seat kind {bad[0]!r}; choose human, heuristic or random")
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
        stamp = now()
        row = TableRow(
            id=secrets.token_urlsafe(8), game=game.id, rules=game.rules.as_dict(),
            players=players, seed=new_seed(), names=list(names),
            seats=[{"kind": k, "token": token_hash(t) if t else None}
                   for k, t in zip(kinds, tokens, strict=True)],
            bot_delay=self.bot_delay if bot_delay is None else bot_delay,
            turn_timer=turn_timer, status="playing", created_at=stamp, updated_at=stamp)
        self.storage.create(row)
        room = self.rooms[row.id] = Room(self, StoredTable(row, []))
        return room, tokens

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for row in self.storage.recent():
            room = self.get(row.id)
            if room is not None:
                out.append(room.summary())
        return out

    async def close(self) -> None:
        self.closing = True
        for room in self.rooms.values():
            if room.task is not None:
                room.task.cancel()
