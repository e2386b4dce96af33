"""What happens at a table without a person: a bot's move (searched in the worker pool,
see `pool/workers.py`, with stand-ins if it fails) or the turn timer, run only by the process
that drives the table; and the check of the seat kinds a new table asks for."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from ...bots import make_bot
from ...bots.neural import shipped_path
from ...bots.specs import OverBudget, check_budget
from ...core import Game, RatkingError
from ...core.rng import derive_seed
from ..pool.workers import WorkerDied
from ..storage.tables import TableRow, now
from .clock import TurnClock
from .errors import MoveRefused, Refused
from .seats import HUMAN

log = logging.getLogger("ratking.server")

STAND_IN = "heuristic"  # the bot that moves for a person whose time ran out, or a failed bot
LAST_RESORT = "random"  # the bot that moves if the stand-in fails too


def seat_kinds(seats: list[str], game: Game | None = None) -> list[str]:
    """The kinds of a new table's seats ("bot" is "heuristic"); ValueError for one that is
    neither "human" nor a bot spec `make_bot` takes, and Refused (422, naming the seat) for a
    spec that searches more than `game`'s strongest level (`check_budget`)."""
    kinds = [("heuristic" if k == "bot" else k) for k in seats]
    for seat, kind in enumerate(kinds):
        if not isinstance(kind, str) or len(kind) > 60:
            raise ValueError("a seat is 'human' or a bot such as 'heuristic' or 'hard'")
        if kind == HUMAN:
            continue
        if kind.split(":", 1)[0] == "neural":  # before make_bot: it would open the file
            check_neural(kind, game, len(kinds), seat)
        try:
            make_bot(kind, 0)
        except RatkingError as exc:
            raise ValueError(f"unknown seat kind {kind!r}: a seat is 'human' or a "
                             f"bot ({exc})") from None
        if game is not None:
            try:
                check_budget(kind, game)
            except OverBudget as exc:
                raise Refused(422, f"seat {seat + 1}: {exc}") from None
    return kinds


def check_neural(kind: str, game: Game | None, players: int, seat: int) -> None:
    """A table plays the neural policies shipped with ratking, never a file a client names,
    and only where one is shipped for the game and player count (Refused, 422)."""
    if kind != "neural":
        raise Refused(422, f"seat {seat + 1}: a table plays the shipped neural policy "
                           "('neural'), not a policy file")
    if game is not None and not shipped_path(game.id, players).exists():
        raise Refused(422, f"seat {seat + 1}: no neural policy is shipped for {game.id} with "
                           f"{players} players")


class Turns:
    """A room's bots and turn timer (mixed into `Room`: `bots` maps a seat to its spec)."""

    def own_turns(self, row: TableRow) -> None:
        """This part's state: `task`, the pending bot move or timer; `clock`, the turn timer
        if the table has one; `thinking`, the seat whose bot is searching now."""
        self.task: asyncio.Task | None = None
        self.clock = TurnClock(row.turn_timer) if row.turn_timer else None
        self.thinking: int | None = None

    def unattended(self) -> bool:
        """No person is at the table here, and none has moved at or come to it for
        `unattended_after` seconds: the turn timer no longer stands in for its people (the
        table waits for them)."""
        if any(conn.seats for conn in self.connections) or self.row.turn_bank:
            return False  # a turn-based table's clock runs whoever is away
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
        # a search still at work for an earlier position (a hint) or a closed table is ended
        self.rooms.workers.moved_on(self.id, self.version if self.playing else None)
        clock = self.clock
        before = None if clock is None else (clock.seat, clock.deadline)
        seat = self.state.current_player
        if not self.playing or self.rooms.closing or not self.driving or seat in self.bots:
            if clock is not None:
                clock.stop()
            if self.playing and self.driving and not self.rooms.closing:
                self.task = asyncio.create_task(self._bot_turn(seat, self.version,
                                                               self.row.bot_delay, "bot"))
        elif self.row.turn_bank:  # turn-based: the stand-in moves when the bank runs out
            self.task = asyncio.create_task(self._bot_turn(
                seat, self.version, max(self.bank_left(), self.row.bot_delay), "timer"))
        elif clock is not None and self.unattended():
            clock.stop()  # nobody to stand in for: the table waits for its people
        elif clock is not None:
            left = clock.start(seat, asyncio.get_running_loop().time())
            self.task = asyncio.create_task(self._bot_turn(
                seat, self.version, left if left > 0 else self.row.bot_delay, "timer"))
        if clock is not None and before != (clock.seat, clock.deadline):
            self.rev += 1
        self.arm_claim()

    def bank_left(self) -> float:
        """Seconds left of a turn-based table's turn (the stand-in makes the rest of the turn
        once it has run out)."""
        return self.row.turn_bank - (now() - self.turn_began).total_seconds()

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
            if by == "timer" and self.row.rated and seat not in self.bots:
                # no stand-in at a rated table: the others may claim the win (finishing.py)
                self.flagged, self.rev = (seat, version), self.rev + 1
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
        move is stored as made by "stand-in", and the failure is logged. A spec over the
        game's search budget (a table stored before the budgets held) plays as `expert`."""
        seed = derive_seed(derive_seed(self.row.seed, 100 + seat), version)
        try:
            check_budget(spec, self.game)
        except OverBudget:  # stored before the budgets held (a rematch copies it)
            spec = "expert"
        except RatkingError:
            pass  # fails below, and the stand-in moves
        choosers = [(spec, by), (STAND_IN, "stand-in"), (LAST_RESORT, "stand-in")]
        for chooser, who in choosers:
            try:
                return await self.rooms.workers.choose(self.state, chooser, seed,
                                                        key=self.id), who
            except asyncio.CancelledError:
                raise
            except WorkerDied as exc:  # the pool has said why, in its own line
                log.warning("a bot failed to move for seat %d at table %s: %s", seat, self.id,
                            exc)
            except Exception:
                log.exception("a bot failed to move for seat %d at table %s", seat, self.id)
        raise RuntimeError(f"no bot could move for seat {seat} at table {self.id}")
