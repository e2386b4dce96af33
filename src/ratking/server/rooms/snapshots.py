"""What a table looks like to a seat: the board (once per move and seat),
and the state message per (shown seat, held seats), built once per change, with the deltas
to it from the messages connections last held."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import orjson

from ...core.undo import closes_undo
from ..play import explain
from ..play.delta import diff
from ..play.messages import Narrator, actions_for, board_message
from .connection import Connection

_SEQ = ["seq"]
CLOCK_FRESH = 0.25  # seconds a message's turn clock stays right enough to send again
LONG_DELTA = 1500  # characters: a delta longer than this is weighed against the full message


@dataclass(eq=False)
class Snapshot:
    """One state message for one (shown seat, held seats), built once per change and key, and
    the deltas to it from the snapshots connections last held (each computed once)."""

    seq: int
    rev: int
    message: dict[str, Any]
    watch_rev: int = 0  # a player's message names the spectators: as of this
    deltas: dict[int, str] = field(default_factory=dict)
    _full: str | None = None
    built: float = 0.0  # when (event loop time), for the turn clock's seconds left

    @property
    def full_text(self) -> str:
        if self._full is None:
            self._full = orjson.dumps(self.message).decode()
        return self._full

    def delta_from(self, old: Snapshot) -> str:
        """The delta message that turns `old`'s message into this one, or the full message if
        that is no longer (a long delta is measured against it)."""
        text = self.deltas.get(old.seq)
        if text is None:
            # the whole message at once; its seq always differs, and a delta carries its own
            ops = [op for op in diff(old.message, self.message) if op[1] != _SEQ]
            text = orjson.dumps({"type": "delta", "base": old.seq, "seq": self.seq,
                                 "ops": ops}).decode()
            if len(text) > LONG_DELTA and len(text) >= len(self.full_text):
                text = self.full_text  # a hot seat's turn to another seat: all of it new
            if len(self.deltas) > 8:
                self.deltas.clear()
            self.deltas[old.seq] = text
        return text


class Snapshots:
    """A room's messages (mixed into `Room`; the room's `rev` says when they are stale)."""

    def own_snapshots(self) -> None:
        """This part's state, its caches: the snapshots (`snaps`, numbered by `seq`), the
        board per seat and the narrator per seat."""
        self.seq = 0
        self.snaps: dict[tuple, Snapshot] = {}
        self.boards: dict[int | None, tuple[tuple, dict[str, Any]]] = {}
        self.narrators: dict[int | None, Narrator] = {}

    def board(self, seat: int | None) -> dict[str, Any]:
        """The board part of a seat's message, built once per move and seat."""
        stamp = (self.version, self.row.status)
        cached = self.boards.get(seat)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        narrator = self.narrators.get(seat)
        if narrator is None:
            narrator = self.narrators[seat] = Narrator(seat)
        state = self.state
        actions = actions_for(state, seat) if self.playing and seat not in self.bots else []
        board = board_message(state, seat, self.notes, narrator, actions)
        self.boards[seat] = (stamp, board)
        return board

    def snapshot(self, conn: Connection) -> tuple[tuple, Snapshot]:
        """The current message for this connection's key, built once per change and key."""
        state = self.state
        seat = conn.shown_seat(state)
        key = (seat, conn.seats)
        snap = self.snaps.get(key)
        loop_time = asyncio.get_running_loop().time()
        watch_rev = self.watch_rev if conn.seats else 0  # a spectator's never names them
        if snap is not None and snap.rev == self.rev and snap.watch_rev == watch_rev and (
                self.clock is None or self.clock.deadline is None
                or loop_time - snap.built < CLOCK_FRESH):
            return key, snap
        self.seq += 1
        board = self.board(seat)
        can_undo = self.undo_steps(seat) > 0
        message = {
            "type": "state",
            "seq": self.seq,
            "table": self._summary(),
            "version": self.version,
            "you": list(conn.seats),
            "turn_deadline": self._seconds_left(),
            "result": self.result(),
            "can_undo": can_undo,
            # the page waits for the person before an only move that would end the undo
            "only_move_ends_undo": can_undo and closes_undo(state),
            **board,
            **self._explained(board["view"]),
            **({"watching": self.watching()} if conn.seats else {}),
        }
        new = Snapshot(self.seq, self.rev, message, watch_rev, built=loop_time)
        self.snaps[key] = new
        if len(self.snaps) > 4 * len(self.connections) + 8:  # keys nobody holds any more
            held = {(c.shown_seat(state), c.seats) for c in self.connections}
            self.snaps = {k: v for k, v in self.snaps.items() if k in held or k == key}
        return key, new

    def _seconds_left(self) -> float | None:
        if self.clock is None or self.clock.deadline is None:
            return None
        return round(self.clock.left(asyncio.get_running_loop().time()) or 0.0, 1)

    def _explained(self, view: dict[str, Any]) -> dict[str, Any]:
        """The turn clock, the how-to-win panel and the end screen's explanation."""
        loop_time = asyncio.get_running_loop().time()
        return {"hints": explain.hints_available() and not self.row.rated,  # none if rated
                "clock": self.clock.shown(loop_time) if self.clock is not None else None,
                "standing": explain.standing(self.state, view),
                "ending": self.shown_ending()}
