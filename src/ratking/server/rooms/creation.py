"""New tables: the limits a client's new table must stay within (counted by `client_key`, a
hash of the client's address: see `people.clients.client_of`), and storing a table and making it
live."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ...bots import BOT_NAMES
from ...core import make
from ...core.rng import new_seed
from ..names import check_name
from ..play.cardfiles import served_files, table_rules
from ..storage.tables import LimitReached, Limits, StoredTable, TableRow, now
from .errors import Refused
from .room import Room
from .router import table_id
from .seats import HUMAN, token_hash
from .turns import seat_kinds


@dataclass(frozen=True)
class Creator:
    """Who creates a table: the name they gave (None: the table's own), and their account."""

    name: str | None = None
    account: int | None = None

    def seat(self) -> dict[str, Any]:
        """What their seat records of them."""
        out: dict[str, Any] = {}
        if self.name is not None:
            out["name"] = check_name(self.name)
        if self.account is not None:
            out["account"] = self.account
        return out


class NewTables:
    """Making tables (mixed into `Rooms`)."""

    def new_id(self) -> str:
        """A new table's id: behind the sticky router, one it routes to this process."""
        return table_id(self.settings.sticky_peers, self.settings.sticky_self)

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
                     joinable: bool = False, rated: bool = False,
                     creator: Creator | None = None, turn_bank: float | None = None,
                     card_files: dict[str, str] | None = None
                     ) -> tuple[Room, list[str | None], str]:
        """A new table; returns it, the secret token of each human seat (None for bots) and
        the creator's token, which closes the table. A seat is "human" or a bot spec
        (`make_bot` checks it: "heuristic", "hard"...); the first person's seat is taken by
        whoever creates the table (`creator`: their name, and their account if signed in).
        Names are checked as names.py says (BadName, a ValueError)."""
        row, tokens, owner = self.build(game_id, players, seats, rules, names, turn_timer,
                                        bot_delay, client, private=private,
                                        joinable=joinable, rated=rated, creator=creator,
                                        turn_bank=turn_bank, card_files=card_files)
        return await self.open(row, client), tokens, owner

    def build(self, game_id: str, players: int, seats: list[str], rules: dict[str, Any],
              names: list[str] | None, turn_timer: float | None, bot_delay: float | None,
              client: str | None = None, *, private: bool = False, joinable: bool = False,
              rated: bool = False, creator: Creator | None = None,
              turn_bank: float | None = None, card_files: dict[str, str] | None = None
              ) -> tuple[TableRow, list[str | None], str]:
        """A new table's row, not stored yet, with its seats' tokens and the creator's (see
        create). `turn_bank`: a turn-based table, with that many seconds per turn.
        `card_files`: files of the server's cards folder by name (cardfiles.py)."""
        if "card_files" in rules:
            raise ValueError("card files are named in card_files, from the server's folder")
        files = served_files(self.settings.cards_dir, card_files)
        if turn_bank is not None and turn_timer is not None:
            raise ValueError("a table is turn-based (turn_bank) or has a turn timer, not both")
        kinds = seat_kinds(seats)
        delay = self.settings.bot_delay if bot_delay is None else bot_delay
        if "human" not in kinds:  # nobody to wait for: keep bots from running flat out
            cap = self.settings.botonly_max_rounds
            if rules.get("max_rounds") is None or rules["max_rounds"] > cap:
                rules = {**rules, "max_rounds": cap}
            delay = max(delay, self.settings.botonly_min_delay)
        game = make(game_id, card_files=files, **rules)  # RulesError for bad rules
        game.check_players(players)
        seat_kinds(kinds, game)  # within the game's budget for a search (422 if not)
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
        if len(names) != players:
            raise ValueError("names must be one text of 1 to 24 characters per seat")
        names = [check_name(n) for n in names]
        tokens = [secrets.token_urlsafe(18) if k == "human" else None for k in kinds]
        owner = secrets.token_urlsafe(18)
        first = kinds.index(HUMAN) if HUMAN in kinds else None
        stamp = now()
        row = TableRow(
            id=self.new_id(), game=game.id, rules=table_rules(game),
            players=players, seed=new_seed(), names=list(names),
            seats=[{"kind": k, "token": token_hash(t) if t else None, "claimed": i == first,
                    **(creator.seat() if creator is not None and i == first else {})}
                   for i, (k, t) in enumerate(zip(kinds, tokens, strict=True))],
            bot_delay=delay, turn_timer=turn_timer, status="playing", created_at=stamp,
            updated_at=stamp, owner=token_hash(owner), client=client, moves=0,
            drivable=any(k != "human" for k in kinds) or bool(turn_timer or turn_bank),
            private=private, joinable=joinable, turn_bank=turn_bank,
            rated=rated and all(k == HUMAN for k in kinds),  # rated games are between people
            turn_since=stamp if turn_bank else None)
        return row, tokens, owner

    async def open(self, row: TableRow, client: str | None = None) -> Room:
        """Store a new table from `client` within the limits (Refused if over one), make it
        live and start its bots or clock."""
        await self.store_new(self.storage.create, row, self.limits(client))
        return await self.go_live(row)

    async def go_live(self, row: TableRow) -> Room:
        """A table just stored, made live here: its bots or clock start."""
        room = self.rooms[row.id] = Room(self, StoredTable(row, []))
        await room.refresh_ratings()
        if row.drivable:
            await self.take_lease(room)
        room.schedule()
        return room
