"""Who is who at a table: the seats' kinds and token hashes, which seats a connection's
tokens (or its account) unlock, the names people gave, the owner, which seats are connected,
claimed or abandoned, and the table's summary (live, from a `Room`, or from its stored row
alone for the lobby's list).

A stored seat is {"kind", "token", "claimed"} and, once a person has taken it, "name" (the
name they gave, or their account's) and "account" (the id of the account holding it)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection
from datetime import UTC, timedelta
from typing import Any

from ...core import game_class
from ..storage.tables import TableRow, now

HUMAN = "human"
GUEST = "a guest"  # a spectator who gave no name
WATCHERS_SHOWN = 20  # the spectators named to the players (the rest are counted)
ABANDONED_AFTER = timedelta(minutes=30)  # no move and no person at the table: off the live list


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_names(row: TableRow) -> list[str]:
    """Each seat's name: the one its person gave, else the one the table was made with."""
    return [seat.get("name") or name for seat, name in zip(row.seats, row.names, strict=True)]


class Seats:
    """A room's seats (mixed into `Room`; reads its `row`, `connections`, `state` and
    `moved_at`)."""

    def own_seats(self, row: TableRow) -> None:
        """This part's state: each seat's kind and token hash, the seats taken from the lobby
        here (when last used, loop time, and the token's hash), and the summary's cache."""
        self.kinds = [s["kind"] for s in row.seats]
        self.hashes = [s.get("token") for s in row.seats]
        self.lobby_seats: dict[int, tuple[float, str]] = {}
        self._summary_rev = -1
        self._summary_cache: dict[str, Any] = {}

    def seats_for(self, tokens: list[str], account: int | None = None) -> tuple[int, ...]:
        return self.seats_held({token_hash(t) for t in tokens if isinstance(t, str)}, account)

    def seats_held(self, hashes: Collection[str], account: int | None = None
                   ) -> tuple[int, ...]:
        """The seats whose token hash is one of `hashes`, or that `account` holds."""
        return tuple(i for i, (h, seat) in enumerate(zip(self.hashes, self.row.seats,
                                                         strict=True))
                     if (h is not None and h in hashes)
                     or (account is not None and seat.get("account") == account))

    def set_seats(self, seats: list[dict[str, Any]]) -> bool:
        """Take the seats as stored (after a change here or in another process): tokens
        replaced for a player who joined count at once for every connection, names given
        show at once, and open seats given to bots (quick match) get their bots. True if
        they changed."""
        if seats == self.row.seats:
            return False
        accounts = [s.get("account") for s in self.row.seats]
        self.row.seats = seats
        self.hashes = [s.get("token") for s in seats]
        kinds = [s["kind"] for s in seats]
        if kinds != self.kinds:
            self.kinds = kinds
            self.bots = self.auto_seats()
            self.row.drivable = self.row.drivable or bool(self.bots)
            if any(kind != HUMAN for kind in kinds):  # a bot took a seat: not rated
                self.row.rated = False
        if accounts != [s.get("account") for s in seats]:  # their ratings, beside the names
            self.ratings_due = True  # read by whoever changed the seats (refresh_ratings)
        for conn in self.connections:
            conn.seats = self.seats_held(conn.tokens, conn.account_id)
        names = tuple(seat_names(self.row))
        if names != tuple(self.state.names):  # a person's name: every line told again
            self.state.names = names
            self.narrators.clear()
            self.boards.clear()
        self.rev += 1
        return True

    def is_owner(self, token: str) -> bool:
        return self.row.owner is not None and secrets.compare_digest(token_hash(token),
                                                                     self.row.owner)

    def connected(self) -> list[bool]:
        held = {s for c in self.connections for s in c.seats}
        return [kind != HUMAN or i in held for i, kind in enumerate(self.kinds)]

    def watchers(self) -> tuple[str, ...]:
        """Who is watching (the sockets that hold no seat), one name per person: their
        account's, the name they gave, or "a guest" (a person's several sockets count once:
        by account, else by address and name)."""
        people: dict[tuple, str] = {}
        for conn in self.connections:
            if conn.seats:
                continue
            if conn.account_id is not None:
                people[("account", conn.account_id)] = conn.account_name or GUEST
            else:
                people[("guest", conn.who, conn.name)] = conn.name or GUEST
        return tuple(sorted(people.values(), key=str.casefold))

    def watching(self) -> dict[str, Any]:
        """The spectators as the players are told of them: the first names, and how many."""
        names = self.watchers()
        return {"names": list(names[:WATCHERS_SHOWN]), "count": len(names)}

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
        """summary(), once per change (shared by every seat's message). Its seats, when
        they have not changed, stay the same list as before, which a delta passes over by
        identity (their values are typed by construction, so == is equality as JSON)."""
        if self._summary_rev != self.rev:
            summary = self.summary()
            before = self._summary_cache.get("seats")
            if before == summary["seats"]:
                summary["seats"] = before
            self._summary_rev, self._summary_cache = self.rev, summary
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
            "steps": self.steps,
            "to_move": state.current_player if self.playing else None,
            "seats": [{"seat": i, "name": state.names[i], "kind": kind, "connected": on,
                       "claimed": taken, **self.seat_extras(i)}
                      for i, (kind, on, taken) in enumerate(zip(
                          self.kinds, self.connected(), self.claimed(), strict=True))],
            "turn_timer": self.row.turn_timer,
            "turn_ends": (self.turn_began + timedelta(seconds=self.row.turn_bank)).isoformat()
            if self.row.turn_bank and self.playing else None,
            "created": self.row.created_at.isoformat(),
            **table_extras(self.row),
            "abandoned": self.abandoned(),
            "thinking": self.thinking,
            **self.finish_summary(),
            # a card file's texts and values, for the board (game.table_board_data)
            **({"board_data": data} if (data := self.game.table_board_data()) else {}),
        }


def stored_summary(row: TableRow) -> dict[str, Any]:
    """A table's summary from its row alone, without loading it (for the lobby's list)."""
    return {
        "id": row.id, "game": row.game, "title": game_class(row.game).title, "players": row.players,
        "status": row.status, "version": row.version, "steps": row.moves,
        "to_move": None,
        "seats": [{"seat": i, "name": name, "kind": seat["kind"],
                   "connected": seat["kind"] != HUMAN, "claimed": taken}
                  for i, (seat, taken, name) in enumerate(zip(
                      row.seats, seats_claimed(row), seat_names(row), strict=True))],
        "turn_timer": row.turn_timer, "turn_ends": None,
        "created": row.created_at.isoformat(),
        **table_extras(row),
        "abandoned": row.status == "playing" and any(s["kind"] == HUMAN for s in row.seats)
        and now() - utc(row.updated_at) > ABANDONED_AFTER,
    }


def utc(stamp):
    """SQLite gives back times without their zone: they are UTC."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def seats_claimed(row: TableRow) -> list[bool]:
    """Per seat: a bot, or a person's seat someone has taken (not open to join)."""
    return [seat["kind"] != HUMAN or bool(seat.get("claimed")) for seat in row.seats]


def waiting(row: TableRow) -> bool:
    """A quick-match table with a seat nobody has taken yet: it has not started."""
    return bool(row.quick) and not all(seats_claimed(row))


def table_extras(row: TableRow) -> dict[str, Any]:
    """What the lobby and the table page show of a table besides its game: private, open to
    join, rated, quick match (and waiting for people), its rematch."""
    return {"private": bool(row.private), "joinable": bool(row.joinable),
            "rated": bool(row.rated), "quick": bool(row.quick), "waiting": waiting(row),
            "turn_bank": row.turn_bank,
            "rematch": row.rematch}
