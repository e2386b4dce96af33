"""Finishing a game at a table other than by its rules (`endings.py` says what each way
means): a seat resigns; at a rated table, the others claim the win from a person who timed
out or left; everyone agrees to end it (a vote); it is aborted before it began. Each is a
change of the table's stored row under its lock (`Storage.settle`), announced to the other
processes, and a change that ends the game or takes a seat out moves the table's version on,
so a move sent for the position before it is refused as stale.

Also the ratings shown beside each name, and each seat's change on the end screen."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..people.ratings import rate_end, seat_rating
from ..play import endings
from ..play.explain import ending as game_ending
from ..play.messages import result_of
from ..storage.people import account_player
from ..storage.tables import SETTLED, now
from .errors import MoveRefused
from .seats import HUMAN, waiting
from .turns import STAND_IN

if TYPE_CHECKING:
    from .connection import Connection

log = logging.getLogger("ratking.server")
ABORT_MOVERS = 2  # a game may be aborted until this many seats have made a move
OVER = {"status": "over", "driver": None, "driver_until": None, "proposal": None}


class Finishing:
    """A room's ways to finish a game (mixed into `Room`)."""

    def own_finishing(self) -> None:
        """This part's state: when each seat's person went away, when this room was opened, a
        seat whose turn clock ran out at a version (rated), the timers that tell of a claim or
        a vote's end, the ratings shown (read again when `ratings_due`: the seats' accounts
        changed), this table's rating changes, and whether it may be aborted (at version and
        steps)."""
        self.away_since: dict[int, datetime] = {}
        self.opened_at = now()
        self.flagged: tuple[int, int] | None = None
        self.claim_timer: asyncio.TimerHandle | None = None
        self.vote_timer: asyncio.TimerHandle | None = None
        self.seat_ratings: dict[int, dict[str, Any]] = {}
        self.ratings_due = False
        self.changes: dict[str, dict[str, float]] = {}
        self._abortable: tuple[int, int, bool] = (-1, 0, True)

    # --- who is still in ------------------------------------------------------------------

    def out_seats(self) -> list[int]:
        """The seats out of the game (they resigned or forfeited; their side with them)."""
        return endings.out_seats(self.row.outcome, endings.teams_of(self.state))

    def auto_seats(self) -> dict[int, str]:
        """The seats bots play: the bots' own, and the seats out of the game (the stand-in)."""
        bots = {i: kind for i, kind in enumerate(self.kinds) if kind != HUMAN}
        for seat in self.out_seats():
            bots.setdefault(seat, STAND_IN)
        return bots

    def voters(self) -> list[int]:
        """The people still in the game: who votes on ending it."""
        return [s for s, kind in enumerate(self.kinds) if kind == HUMAN and s not in self.bots]

    def check_in(self, seat: int) -> None:
        """Raise MoveRefused unless `seat` is a person still in a game being played."""
        if self.row.status in ("closed", "archived"):
            raise MoveRefused("closed", f"this table was {self.row.status}")
        if not self.playing:
            raise MoveRefused("over", "the game is over")
        if waiting(self.row):
            raise MoveRefused("waiting", "the table starts once every seat is taken")
        if seat in self.bots:
            raise MoveRefused("out", "that seat is out of this game")

    # --- resigning and claiming ---------------------------------------------------------------

    async def resign(self, seat: int) -> None:
        """`seat` resigns: a loss for its side (endings.leave)."""
        async with self.lock:
            self.check_in(seat)
            ended = await self._leave(seat, "resigned")
        await self._settled(ended)

    async def claim(self, seat: int) -> None:
        """`seat` claims the win (its side's, or the seat to move's place out of the game)
        from the person to move, who ran out of time or left (`claimable`)."""
        async with self.lock:
            self.check_in(seat)
            found = self.claimable()
            if found is None:
                raise MoveRefused("no-claim", "nobody has timed out or left: there is no win "
                                              "to claim")
            absent, why = found
            if seat == absent:
                raise MoveRefused("no-claim", "it is your turn: move, or resign")
            ended = await self._leave(absent, why, self.version)
        await self._settled(ended)

    async def _leave(self, seat: int, why: str, version: int | None = None) -> bool:
        """Take `seat` out as stored (the lock is held); True if the game ended."""
        teams = endings.teams_of(self.state)

        def change(row: dict[str, Any]) -> dict[str, Any] | None:
            if row["status"] != "playing" or seat in endings.out_seats(row["outcome"], teams):
                raise MoveRefused("over", "the game is over, or that seat has left it")
            if version is not None and row["version"] != version:
                raise MoveRefused("stale", "the table moved on meanwhile: look again")
            outcome = endings.leave(row["outcome"], seat, why, teams)
            values = {"outcome": outcome, "version": row["version"] + 1, "proposal": None}
            return {**values, **OVER} if outcome["end"] else {**values, "drivable": True}

        return await self._write(change)

    # --- a vote to end the game -------------------------------------------------------------

    def live_proposal(self) -> dict[str, Any] | None:
        """The proposal to end the game, while it stands (open, or declined, until it
        expires)."""
        proposal = self.row.proposal
        return proposal if proposal and proposal.get("until", 0) > time.time() else None

    async def propose_end(self, seat: int) -> None:
        """`seat` proposes to end the game with no result; the others answer with
        `vote_end`. With no other person at the table it ends at once."""
        async with self.lock:
            self.check_in(seat)
            others = [s for s in self.voters() if s != seat]
            limit = self.rooms.settings.vote_seconds

            def change(row: dict[str, Any]) -> dict[str, Any] | None:
                standing = row["proposal"]
                if row["status"] != "playing":
                    raise MoveRefused("over", "the game is over")
                if standing and standing.get("until", 0) > time.time():
                    raise MoveRefused("vote-open", "a proposal to end the game was made less "
                                                   f"than {limit:g} seconds ago")
                if not others:
                    return self._agreed(row)
                return {"proposal": {"kind": "end", "by": seat, "yes": [seat],
                                     "until": time.time() + limit}}

            ended = await self._write(change)
        await self._settled(ended)

    async def vote_end(self, seat: int, accept: bool) -> None:
        """`seat` answers the proposal to end the game: once every person still in has
        accepted, it ends with no result (no rating changes); a refusal ends the vote."""
        async with self.lock:
            self.check_in(seat)
            voters = set(self.voters())

            def change(row: dict[str, Any]) -> dict[str, Any] | None:
                proposal = row["proposal"]
                if row["status"] != "playing" or not proposal \
                        or proposal.get("until", 0) <= time.time() or "declined" in proposal:
                    raise MoveRefused("no-vote", "no proposal to end the game is open (it may "
                                                 "have expired or been declined)")
                if seat in proposal["yes"]:
                    raise MoveRefused("voted", "you have accepted already")
                if not accept:
                    return {"proposal": {**proposal, "declined": seat}}
                yes = [*proposal["yes"], seat]
                if voters <= set(yes):
                    return self._agreed(row)
                return {"proposal": {**proposal, "yes": yes}}

            ended = await self._write(change)
        await self._settled(ended)

    @staticmethod
    def _agreed(row: dict[str, Any]) -> dict[str, Any]:
        outcome = {**(row["outcome"] or {"out": []}), "end": "agreed"}
        return {**OVER, "outcome": outcome, "version": row["version"] + 1}

    # --- aborting -----------------------------------------------------------------------------

    def abortable(self) -> bool:
        """Whether the game may still be aborted: being played, and fewer than ABORT_MOVERS
        seats have made a move (a game with no second player's move has not begun)."""
        if not self.playing:
            return False
        version, steps, can = self._abortable
        if version == self.version or (not can and self.steps >= steps):
            return can  # once begun, a game stays begun while no move is taken back
        state = self.game.new_game(self.row.players, seed=self.row.seed,
                                   names=self.state.names)
        movers: set[int | None] = set()
        for action in self.state.history.to_list():
            movers.add(state.current_player)
            if len(movers) >= ABORT_MOVERS:
                break
            state.apply(action)
        self._abortable = (self.version, self.steps, len(movers) < ABORT_MOVERS)
        return self._abortable[2]

    async def abort(self) -> None:
        """End the game before it began: the table closes, no result, no rating change."""
        async with self.lock:
            if self.row.status in ("closed", "archived"):
                raise MoveRefused("closed", f"this table was {self.row.status}")
            if not self.abortable():
                raise MoveRefused("cannot-abort", "the game is under way: it may be aborted "
                                  "only before a second player has moved; resign, or propose "
                                  "to end it")
            version = self.version

            def change(row: dict[str, Any]) -> dict[str, Any] | None:
                if row["status"] != "playing" or row["version"] != version:
                    raise MoveRefused("stale", "the table moved on meanwhile: look again")
                return {**OVER, "status": "closed", "version": version + 1,
                        "outcome": {"end": "aborted", "out": []}}

            await self._write(change)
        await self._settled(False)

    # --- writing and hearing the row ------------------------------------------------------

    async def _write(self, change) -> bool:
        """Apply `change` to the stored row (the lock is held) and take the row as it is
        then; True if the game ended by it."""
        wrote: dict[str, Any] = {}

        def recorded(row: dict[str, Any]) -> dict[str, Any] | None:
            values = change(row)
            wrote.update(values or {})
            return values

        stored = await self.rooms.run(self.rooms.storage.settle, self.id, recorded)
        if stored is None:
            raise MoveRefused("closed", "this table is gone")
        return await self.take_row(stored[0], bumps="version" in wrote)

    async def take_row(self, values: dict[str, Any], bumps: bool = False) -> bool:
        """Take a table's row as stored (here, or by another process: `heard_seats`): its
        outcome, proposal, status and version (the lock is held). True if the game ended
        by an outcome now."""
        expected = self.version + (1 if bumps else 0)
        if values["moves"] != self.steps or values["version"] != expected:
            await self._catch_up()  # moves, or an undo, made elsewhere meanwhile
        self.version = max(self.version, values["version"])
        before = (self.row.outcome, self.row.proposal, self.row.status, self.row.rated)
        after = (values["outcome"], values["proposal"], values["status"], values["rated"])
        if before == after:
            return False
        for entry in (values["outcome"] or {}).get("out", [])[
                len((self.row.outcome or {}).get("out", [])):]:
            self.add_note(f"{self.state.names[entry['seat']]} "
                          f"{endings.WHY.get(entry['why'], entry['why'])}.")
        was = self.row.status
        self.row.outcome, self.row.proposal = values["outcome"], values["proposal"]
        self.row.status, self.row.rated = values["status"], values["rated"]
        if values.get("drivable") or self.row.outcome:
            self.row.drivable = True
        self.bots = self.auto_seats()
        if not self.playing:
            self.driving = False
        self.arm_vote()
        self.rev += 1
        self.boards.clear()
        return was == "playing" and self.row.status == "over"

    async def _settled(self, ended: bool) -> None:
        """After a change of the row: rate an ended table, start what comes next (the
        stand-in for a seat out of the game), tell everyone."""
        if ended and self.row.rated:
            await self._rate()
        self.touch()
        await self.moved()

    def add_note(self, line: str) -> None:
        """A line of the log after the last move (not part of the record)."""
        keep = self.steps
        at = keep - 0.5
        while at in self.notes:
            at = (at + keep) / 2
        self.notes[at] = line
        self.narrators.clear()

    # --- claiming the win from a person away ------------------------------------------------

    def claimable(self) -> tuple[int, str] | None:
        """At a rated table, the person to move whom the others may now claim the win from,
        and why: their turn clock ran out ("timed out"), or nobody has held their seat here
        for `claim_after` seconds of their turn ("left")."""
        if not self.row.rated or not self.playing or waiting(self.row):
            return None
        seat = self.state.current_player
        if seat is None or seat in self.bots:
            return None
        if self.flagged == (seat, self.version):
            return seat, "timed out"
        if self.connected()[seat] or now() < self.claim_time(seat):
            return None
        return seat, "left"

    def claim_time(self, seat: int) -> datetime:
        """When the others may claim the win from `seat`, if it stays away."""
        away = max(self.away_since.get(seat, self.opened_at), self.turn_began)
        return away + timedelta(seconds=self.rooms.settings.claim_after)

    def arm_claim(self) -> None:
        """Tell everyone when the seat to move becomes claimable (a timer)."""
        if self.claim_timer is not None:
            self.claim_timer.cancel()
            self.claim_timer = None
        seat = self.state.current_player
        if not self.row.rated or not self.playing or seat is None or seat in self.bots \
                or self.connected()[seat]:
            return
        delay = (self.claim_time(seat) - now()).total_seconds()
        if delay > 0:
            self.claim_timer = asyncio.get_running_loop().call_later(delay + 0.05, self._due)

    def arm_vote(self) -> None:
        """Tell everyone when a proposal to end the game expires (a timer)."""
        if self.vote_timer is not None:
            self.vote_timer.cancel()
            self.vote_timer = None
        proposal = self.live_proposal()
        if proposal is not None and self.playing:
            self.vote_timer = asyncio.get_running_loop().call_later(
                proposal["until"] - time.time() + 0.05, self._due)

    def _due(self) -> None:
        self.rev += 1
        self.rooms.spawn(self.broadcast())

    async def left(self, conn: Connection) -> None:
        """A socket gone: the seats it alone held are away from now (claim_time)."""
        others = {s for c in self.connections if c is not conn for s in c.seats}
        for seat in conn.seats:
            if seat not in others:
                self.away_since[seat] = now()
        await super().left(conn)
        self.arm_claim()

    # --- what the table tells -----------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        """The end screen's result: the game's, or as the outcome decides; with each
        seat's rating change (rated tables)."""
        state, outcome = self.state, self.row.outcome
        if not outcome:
            result = result_of(state)
        elif not state.is_over and self.row.status != "over":
            return None
        else:
            returns = endings.final_returns(state, outcome)
            result = {"returns": returns or [0.0] * state.players,
                      "scores": state.scores() if state.is_over else None,
                      "end": outcome.get("end") or state.end_reason,
                      "names": list(state.names),
                      "reviewable": state.is_over and state.game.evaluate is not None}
        if result is not None:
            result["rating_changes"] = self.changes_by_seat()
        return result

    def shown_ending(self) -> dict[str, Any] | None:
        """The end screen's explanation: the game's own, or the outcome's."""
        outcome = self.row.outcome
        if not outcome or self.result() is None:
            return game_ending(self.state)
        return endings.ending(self.state, outcome, endings.final_returns(self.state, outcome),
                              game_ending(self.state))

    def changes_by_seat(self) -> list[dict[str, Any] | None] | None:
        """Per seat, its rating before and after this table and the change (one number, the
        ordinal), or None; None for a table that changed no rating."""
        if not self.changes:
            return None
        limit = self.rooms.settings.provisional_games
        out: list[dict[str, Any] | None] = []
        for seat in self.row.seats:
            change = self.changes.get(account_player(seat.get("account") or 0))
            out.append(None if change is None else {
                "before": round(change["before"], 1), "after": round(change["after"], 1),
                "change": round(change["after"] - change["before"], 1),
                "provisional": change["games"] < limit})
        return out

    def unrated_because(self) -> str | None:
        """Why a table asked to be rated will not be, as far as is known now."""
        if not self.row.rated:
            return None
        names = self.state.names
        for seat, stored in enumerate(self.row.seats):
            if stored.get("claimed") and stored.get("account") is None:
                return f"{names[seat]} plays as a guest: rated games are between accounts"
        uncounted = [names[s] for s, r in sorted(self.seat_ratings.items()) if not r["counts"]]
        if uncounted:
            return (f"{', '.join(uncounted)}: only the first account made from one address "
                    "in a day is rated")
        return None

    def finish_summary(self) -> dict[str, Any]:
        """The table summary's part: how it ended, a win to claim, the vote, the abort."""
        claim = self.claimable()
        return {"outcome": self.row.outcome,
                "claim": {"seat": claim[0], "why": claim[1]} if claim else None,
                "proposal": self.live_proposal() if self.playing else None,
                "abortable": self.abortable(),
                "unrated_because": self.unrated_because()}

    def seat_extras(self, seat: int) -> dict[str, Any]:
        """What the summary tells of a seat besides its name: its person's rating, and
        whether it is out of the game (and why)."""
        why = next((e["why"] for e in (self.row.outcome or {}).get("out", [])
                    if e["seat"] == seat), None)
        return {"rating": self.seat_ratings.get(seat),
                "out": why or ("out" if seat in self.out_seats() else None)}

    async def refresh_ratings(self) -> bool:
        """Read the ratings shown beside the names (and, once rated, the changes); True if
        they changed."""
        people = self.rooms.storage.people
        self.ratings_due = False
        accounts = [s.get("account") for s in self.row.seats]
        found = await self.rooms.run(people.game_ratings, self.game.id,
                                     [a for a in accounts if a is not None])
        limit = self.rooms.settings.provisional_games
        before = (self.seat_ratings, self.changes)
        self.seat_ratings = {s: seat_rating(*found[a], limit)
                             for s, a in enumerate(accounts) if a in found}
        if self.row.rated and not self.playing:
            self.changes = await self.rooms.run(people.rating_changes, self.id) or {}
        if before == (self.seat_ratings, self.changes):
            return False
        self.rev += 1
        return True

    async def _rate(self) -> None:
        """Update the ratings for a rated table's end (ratings.py); a failure is logged and
        leaves the game's end as it is."""
        try:
            await self.rooms.run(rate_end, self.rooms.storage, self.id, self.state,
                                 self.row.outcome)
            await self.refresh_ratings()
        except Exception:
            log.exception("table %s could not be rated", self.id)


def row_values(row: Any) -> dict[str, Any]:
    """A stored row's values as `Storage.settle` gives them."""
    return {name: getattr(row, name) for name in SETTLED}
