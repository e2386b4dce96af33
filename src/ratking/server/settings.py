"""The server's limits and switches, each with a safe default and an environment variable.

`ratking serve` turns its options into these variables, so every worker process of
`ratking serve --workers N` reads the same settings.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, fields, replace
from typing import Any

PREFIX = "RATKING_"


@dataclass(frozen=True)
class Settings:
    """What the server allows. Times are in seconds."""

    db: str | None = None  # SQLAlchemy URL; None: RATKING_DB or the SQLite file
    bot_delay: float = 0.6  # a bot's pause before it moves, unless the table sets its own
    # abuse
    create_per_minute: int = 30  # tables one client may create in a minute (then 429)
    max_tables: int = 2000  # unfinished tables on the server (then 503)
    max_tables_per_client: int = 200  # unfinished tables one client may hold (then 429)
    idle_unload: float = 600  # a table nobody watches leaves memory after this (reloads)
    archive_after: float = 7 * 86400  # an unfinished table with no move for this long is archived
    botonly_max_rounds: int = 100  # round cap for tables with no person
    botonly_min_delay: float = 0.5  # least pause of a bot at a table with no person
    unattended_after: float = 600  # no person moved for this long: the turn timer stops
    max_frame: int = 65536  # bytes: the websocket refuses bigger frames before reading them
    api_docs: bool = False  # serve /docs and /openapi.json
    # clients: who they are, how many sockets, how slow (see docs/server.md, "Limits")
    forwarded_allow_ips: str = ""  # proxies whose X-Forwarded-For is believed (comma list)
    max_sockets_per_table: int = 300  # websockets at one table (then closed with 4429)
    max_sockets_per_client: int = 60  # websockets from one client, all tables (then 4429)
    join_per_minute: int = 10  # open seats one client may take in a minute (then 429)
    seat_idle: float = 900  # a seat taken from the lobby and not used for this long reopens
    header_timeout: float = 10  # a request's headers must arrive within this (then 408)
    max_header_bytes: int = 16384  # a request's head at most this big (then 431)
    max_headers: int = 100  # and at most this many lines (then 431)
    keep_alive: float = 5  # an idle HTTP connection between requests is closed after this
    ws_ping: float = 20  # websocket ping every this often; no pong within as long: closed
    hash_workers: int = 1  # processes hashing passwords (argon2), apart from the server's
    hash_nice: int = 19  # how far they step back (POSIX nice; the tables go first)
    hash_queue: int = 8  # passwords being hashed or waiting; one more: 503 with Retry-After
    sqlite_synchronous: str = "NORMAL"  # SQLite's PRAGMA synchronous (docs/server.md)
    # bots that search, and hints: a pool of worker processes beside each server process
    search_workers: int = 0  # processes in the pool (0: one per core but one)
    search_nice: int = 10  # how far a worker steps back for the event loop (POSIX nice)
    # reviews: asked for, never for every game; in a pool of their own, after play
    review_iters: int = 0  # search iterations per decision a review judges (0: expert's)
    review_workers: int = 1  # processes computing reviews, apart from the search pool's
    review_nice: int = 19  # how far they step back (POSIX nice; bots and hints go first)
    review_cpu: float = 300  # CPU seconds one review may spend; then it is stored cut short
    review_per_person: int = 2  # reviews one person may have queued or computing (then 429)
    max_reviews: int = 16  # reviews queued or computing in this process (then 503)
    review_unasked: float = 120  # a review nobody has asked about for this long is dropped
    # rated play (docs/server.md, "Rated tables")
    provisional_games: int = 10  # a rating is provisional ("?") for this many rated games
    rated_account_window: float = 86400  # one rated account per address in this long (0: all)
    claim_after: float = 120  # away this long at their turn: the others may claim the win
    vote_seconds: float = 60  # a proposal to end the game is refused unless all agree by then
    # more than one process (PostgreSQL)
    lease_seconds: float = 15  # how long a process's hold on a table lasts unless renewed
    maintenance_every: float = 5  # seconds between sweeps: leases, idle tables, archiving
    # behind the sticky router (`serve --sticky`, rooms/router.py): every process as the router
    # names it ("host:port", comma list), and this one among them; new tables come home
    sticky_peers: str = ""
    sticky_self: str = ""
    # mail telling a person it is their turn at a turn-based table (off: no smtp_host)
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = "ratking@localhost"
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False  # upgrade the connection with STARTTLS before signing in
    public_url: str | None = None  # this server as people reach it, for links in mails
    # a folder of card files a table's set-up may name (play/cardfiles.py); "": none offered
    cards_dir: str = ""
    # the designer's lab in the browser (/lab, server/lab/): off unless turned on
    lab: bool = False
    lab_dir: str = ""  # its reports and uploaded card files ("": the data folder's lab/)
    lab_games: int = 20000  # games one lab job may play in all (every cell, both versions)
    lab_per_person: int = 2  # lab jobs one person may have queued or running (then 429)
    max_lab_jobs: int = 8  # lab jobs queued or running in this process (then 503)
    lab_files_per_person: int = 20  # card files one person may keep in the lab (then 429)
    lab_keep: float = 7 * 86400  # a lab job's report is deleted this long after it ends

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then RATKING_<NAME> variables, then `overrides` (those not None)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(PREFIX + f.name.upper())
            if raw is not None and raw != "":
                values[f.name] = _parse(f.name, f.type, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values).checked()

    def checked(self) -> Settings:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float | int) and not isinstance(value, bool) and \
                    (not math.isfinite(value) or value < 0):
                raise ValueError(f"setting {f.name} must be a finite number, at least 0")
        if self.lease_seconds < 1:
            raise ValueError("setting lease_seconds must be at least 1")
        if self.sqlite_synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError("setting sqlite_synchronous must be FULL, EXTRA or NORMAL")
        if self.sticky_self and self.sticky_self not in self.sticky_peers.split(","):
            raise ValueError("setting sticky_self must be one of sticky_peers")
        return self

    def to_env(self) -> dict[str, str]:
        """The variables that give these settings to another process."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            out[PREFIX + f.name.upper()] = ("1" if value else "0") if isinstance(value, bool) \
                else str(value)
        return out

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes).checked()


def _parse(name: str, kind: Any, raw: str) -> Any:
    kind = str(kind)
    try:
        if kind.startswith("bool"):
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind.startswith("int"):
            return int(raw)
        if kind.startswith("float"):
            return float(raw)
        return raw
    except ValueError:
        raise ValueError(f"{PREFIX}{name.upper()}={raw!r} is not a valid {kind}") from None
