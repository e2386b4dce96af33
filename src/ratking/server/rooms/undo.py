"""Undo at a table: the seat to move takes back its last steps of the turn (as far as the
kernel allows, `State.undoable`: no chance or hidden card since, no other seat's decision).
The moves are deleted from storage, the state is the record without them replayed, and every
socket (in every process, by NOTIFY 'u <table> <keep> <version>') is sent the new state with
a log line saying what was taken back. An undo moves the table's version on, as a move does,
so a move or an undo sent for the position before it is refused as stale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import plural, replay
from ...core.undo import refusal
from ..storage.tables import MoveConflict
from .errors import MoveRefused
from .seats import HUMAN

if TYPE_CHECKING:
    from ...core import State


class TakeBack:
    """A room's undo (mixed into `Room`)."""

    def undo_steps(self, seat: int | None) -> int:
        """How many moves an undo by `seat` takes back now: its last own move and the forced
        ones after it (which its page would make again at once); 0 if none."""
        state = self.state
        if seat is None or not self.playing or state.current_player != seat \
                or self.kinds[seat] != HUMAN or self.row.rated:
            return 0
        can, last = state.undoable(), self.steps
        for steps in range(1, can + 1):
            index = last - steps
            if index in self.forced:
                continue
            return 0 if index in self.notes else steps  # a move the turn timer made stays
        return 0

    async def take_back(self, seat: int, version: int) -> None:
        """Undo `seat`'s last move, or raise MoveRefused and change nothing."""
        async with self.lock:
            self.check_turn(seat, version)
            if self.kinds[seat] != HUMAN:
                raise MoveRefused("cannot-undo", "bots never take a move back")
            if self.row.rated:
                raise MoveRefused("cannot-undo", "no undo at a rated table: every move "
                                                 "stands")
            steps = self.undo_steps(seat)
            if not steps:
                why = refusal(self.state) if not self.state.undoable() else \
                    "the moves since were made for you (your only move, or your time ran out)"
                raise MoveRefused("cannot-undo", f"nothing to take back: {why}")
            keep = self.steps - steps
            earlier = self.state.undo(steps)
            try:
                await self.rooms.run(self.rooms.storage.take_back, self.id, version, keep)
            except MoveConflict:
                await self._catch_up()
                raise MoveRefused("stale", "another move was made first: look again") from None
            self._rebuilt(earlier, keep)
            self.version = version + 1
        self.touch()
        await self.moved()

    async def heard_undo(self, keep: int, version: int) -> None:
        """Another process took moves back down to `keep`, making the table's version
        `version` (NOTIFY)."""
        async with self.lock:
            if version <= self.version:
                return  # already known here
            if version == self.version + 1 and keep < self.steps:
                self.back_to(keep)
                self.version = version
            else:  # notices were missed, or overtaken: read the table as stored
                await self._catch_up()
        self.touch()
        await self.moved(heard=True)

    def back_to(self, keep: int) -> None:
        """Take the moves from `keep` on back, as another process did (no checks)."""
        record = self.state.record()
        record.pop("result", None)
        self._rebuilt(replay(record, upto=keep), keep)

    def _rebuilt(self, earlier: State, keep: int) -> None:
        """Put the state before move `keep` in place, with the log's line for the undo."""
        state = self.state
        undone = state.history[keep:]
        seat = earlier.current_player
        first = earlier.describe_action(self.game.action_by_id(undone[0]))
        line = (f"{earlier.names[seat]} took back {plural(len(undone), 'step')}, "
                f"from: {first}.")
        self.notes = {i: n for i, n in self.notes.items() if i < keep}
        self.forced = {i for i in self.forced if i < keep}
        at = keep - 0.5  # told after move keep - 1 and before the next move
        while at in self.notes:
            at = (at + keep) / 2
        self.notes[at] = line
        self.state = earlier
        self.narrators.clear()
        self.boards.clear()
        self.rev += 1
