"""Tables and their moves in SQL (SQLite by default, PostgreSQL by URL), via SQLAlchemy 2.

A table's state is never stored: it is rebuilt by replaying its moves, so a move is committed
before anyone is told of it, and a server killed at any moment restarts where it stopped.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from platformdirs import user_data_dir
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    Select,
    String,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

MIGRATIONS = Path(__file__).with_name("migrations")


def default_db_url() -> str:
    """RATKING_DB if set, else a SQLite file in the user's data folder."""
    url = os.environ.get("RATKING_DB")
    if url:
        return url
    folder = Path(user_data_dir("ratking", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ratking.db'}"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    names: Mapped[list[str]] = mapped_column(JSON)
    # per seat: {"kind": "human" or a bot spec ("heuristic", "hard"...), "token": sha256 hex or
    # null, "claimed": whether a person has taken the seat (optional; absent means no)}
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    bot_delay: Mapped[float] = mapped_column(Float)
    turn_timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    # "playing", "over", "closed" (by its creator) or "archived" (abandoned)
    status: Mapped[str] = mapped_column(String(12), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of its token
    client: Mapped[str | None] = mapped_column(String(32), nullable=True)  # who created it
    moves: Mapped[int] = mapped_column(Integer, default=0)
    # grows by one at every move and every undo, never goes down: a move or an undo names
    # the version it was made at and is written only if the table is still there
    version: Mapped[int] = mapped_column(Integer, default=0)
    drivable: Mapped[bool] = mapped_column(Boolean, default=False)  # bots or a turn timer
    driver: Mapped[str | None] = mapped_column(String(40), nullable=True)  # the process...
    driver_until: Mapped[float | None] = mapped_column(Float, nullable=True)  # ...and until when
    private: Mapped[bool] = mapped_column(Boolean, default=False)  # not listed in the lobby
    joinable: Mapped[bool] = mapped_column(Boolean, default=False)  # open seats taken from it
    rematch: Mapped[str | None] = mapped_column(String(24), nullable=True)  # the next table
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # asked to be rated
    # quick match ("Play now"): its seats are handed out by lobby/quickmatch.py, it starts once
    # none is open, and (fill_after set) bots of fill_level take the open ones after a wait
    quick: Mapped[bool] = mapped_column(Boolean, default=False)
    open_seats: Mapped[int] = mapped_column(Integer, default=0)
    fill_after: Mapped[float | None] = mapped_column(Float, nullable=True)  # seconds
    fill_level: Mapped[str | None] = mapped_column(String(40), nullable=True)  # a bot spec
    # turn-based: seconds a person has for each turn (then the stand-in moves); such a table
    # is kept until it ends (never archived)
    turn_bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    # turn-based: when the seat to move came to its turn (its deadline is this + turn_bank),
    # written with the move that began the turn (None: the table's last change)
    turn_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # how the table ended when not by the game's rules, and the seats out of the game
    # (play/endings.py): {"end": "resigned" | "claimed" | "agreed" | "aborted" | None,
    # "out": [{"seat", "why"}, ...]}; None: nobody has left and the game is the judge
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # a proposal to end the game waiting for votes: {"kind": "end", "by", "yes", "until"}
    proposal: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(12))  # human, bot, timer, stand-in or forced
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TablePlayerRow(Base):
    """A seat an account holds (its tables listed on any device, its profile's tables)."""

    __tablename__ = "table_players"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def seat_accounts(conn, table_id: str, before: list[dict[str, Any]] | None,
                  after: list[dict[str, Any]]) -> None:
    """Within a table's write: record the seats newly held by an account (a seat's
    "account")."""
    old = before or [{} for _ in after]
    new = [{"table_id": table_id, "seat": i, "account_id": s["account"], "created_at": now()}
           for i, (s, was) in enumerate(zip(after, old, strict=True))
           if s.get("account") is not None and was.get("account") != s["account"]]
    if new:
        conn.execute(delete(TablePlayerRow).where(
            TablePlayerRow.table_id == table_id,
            TablePlayerRow.seat.in_([n["seat"] for n in new])))
        conn.execute(insert(TablePlayerRow), new)


class ChatRow(Base):
    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)  # chat.SPECTATORS: a spectator's line
    text: Mapped[str] = mapped_column(String(400))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)  # a spectator's


# one move on PostgreSQL (see Storage._add_move_postgres): data-modifying CTEs run once,
# whether or not the query reads them. The table's row is counted on only if it is still at
# the move's version (a compare-and-set: a process writing the same version at once waits for
# the row's lock, then finds the version changed); the move is inserted and the notice sent
# only for a row counted on, so a stale move returns no row and writes nothing
_PG_ADD_MOVE = (
    "WITH counted AS (UPDATE tables SET updated_at = %(at)s, moves = %(i)s + 1, "
    "version = %(v)s + 1, turn_since = COALESCE(%(since)s, turn_since) "
    "WHERE id = %(tid)s AND version = %(v)s AND moves = %(i)s RETURNING 1), "
    'added AS (INSERT INTO moves (table_id, "index", action, seat, "by", created_at) '
    "SELECT %(tid)s, %(i)s, %(a)s, %(s)s, %(by)s, %(at)s FROM counted RETURNING 1) "
    "SELECT pg_notify(%(channel)s, %(note)s) FROM added")


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as psycopg's own connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
class ReviewRow(Base):
    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # ratking.review's JSON
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveConflict(Exception):
    """A move or an undo made at a version the table is no longer at (another process, or
    a timer, changed it first), or a chat line at an index already written."""


@dataclass(frozen=True)
class Limits:
    """The caps on new tables: per client (`client`, None: not counted) a minute and
    unfinished, and unfinished on the whole server."""

    client: str | None
    per_minute: int
    per_client: int
    total: int


class LimitReached(Exception):
    """A new table over a limit: `.which` is "per-minute", "per-client" or "total"."""

    def __init__(self, which: str, limit: int) -> None:
        super().__init__(f"{which} limit of {limit} reached")
        self.which = which
        self.limit = limit


SeatChange = Callable[[list[dict[str, Any]], str], list[dict[str, Any]] | None]
# a change of a table's row as stored (locked): its values -> the values to write, or None
RowChange = Callable[[dict[str, Any]], dict[str, Any] | None]
SETTLED = ("status", "version", "moves", "seats", "outcome", "proposal", "rated")


def _playing(client: str | None = None) -> Select:
    query = select(func.count()).select_from(TableRow).where(TableRow.status == "playing")
    return query if client is None else query.where(TableRow.client == client)


def _created(client: str, since: datetime) -> Select:
    return select(func.count()).select_from(TableRow).where(TableRow.client == client,
                                                            TableRow.created_at >= since)


@dataclass
class StoredTable:
    """A table as stored: its set-up and the moves made so far."""

    row: TableRow
    actions: list[str]
    # the moves made for a person (not by them): index -> (seat, "timer" or "forced")
    made_for: dict[int, tuple[int, str]] = field(default_factory=dict)
    person_moved: datetime | None = None  # when a person last moved (None: never)


MADE_FOR = ("timer", "forced")  # moves the server made for a person
PERSON = ("human", "forced")  # moves a person made (a forced move is sent by their page)


def now() -> datetime:
    return datetime.now(UTC)


class Storage:
    """All the server's reads and writes. Each call is one short transaction.

    On PostgreSQL every committed move and every closed table is also announced with NOTIFY
    on `channel` (one per schema), so the other server processes hear of it at once."""

    def __init__(self, url: str, synchronous: str = "NORMAL") -> None:
        self.url = url
        self.local = url.startswith("sqlite")  # a file on this machine: no network waits
        kwargs: dict[str, Any] = {}
        if self.local:
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if self.local:
            event.listen(self.engine, "connect", functools.partial(_sqlite_pragmas,
                                                                   synchronous=synchronous))
        migrate(self.engine)
        # reads that must see one moment of the database (a table's row and its moves)
        self._snapshot = self.engine if self.local else self.engine.execution_options(
            isolation_level="REPEATABLE READ")
        self._raw: Any = None
        self._stamp: Any = None
        self._moves_conn: psycopg.Connection | None = None  # PostgreSQL: moves are written here
        self._move_lock = threading.Lock()
        self._insert_move = insert(MoveRow)
        self._count_move = update(TableRow).where(
            TableRow.id == bindparam("tid"), TableRow.version == bindparam("v", type_=Integer),
            TableRow.moves == bindparam("i", type_=Integer)).values(
            updated_at=bindparam("stamp"), moves=bindparam("i", type_=Integer) + 1,
            version=bindparam("v", type_=Integer) + 1,
            turn_since=func.coalesce(bindparam("since", type_=DateTime(timezone=True)),
                                     TableRow.turn_since))
        self.channel: str | None = None
        # the parts that build on this module's rows
        from .chat import ChatLines
        from .leases import Leases
        from .people import People
        from .reviews import Reviews

        self.people = People(self)
        self.leases = Leases(self)
        self.chat = ChatLines(self)
        self.reviews = Reviews(self)
        self._where = ""  # the database and schema, for advisory lock keys (PostgreSQL)
        if self.engine.dialect.name == "postgresql":
            with self.engine.connect() as conn:
                schema, database = conn.execute(text(
                    "SELECT current_schema(), current_database()")).one()
            self.channel = f"ratking_{schema}"[:63]
            self._where = f"{database}/{schema}"

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        if self._moves_conn is not None:
            self._moves_conn.close()
            self._moves_conn = None
        self.engine.dispose()

    def clock(self):
        """The time as the database sees it (seconds since 1970), so that the machines sharing
        one PostgreSQL agree on when a lease runs out. SQLite is one machine: its own clock."""
        if self.engine.dialect.name == "postgresql":
            return func.extract("epoch", func.clock_timestamp())
        return literal(time.time())

    def notify(self, conn, payload: str) -> None:
        """Announce `payload` on this schema's channel when `conn` commits (PostgreSQL)."""
        if self.channel is not None:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": self.channel, "p": payload})

    def _lock(self, conn, purpose: str) -> None:
        """Hold `purpose`'s lock in this schema until the transaction ends (PostgreSQL; SQLite
        takes one server process, whose storage calls run one at a time on its event loop)."""
        if self.channel is not None:
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                         {"key": lock_key(purpose, self._where)})

    # --- tables -----------------------------------------------------------------------------

    def create(self, row: TableRow, limits: Limits | None = None) -> None:
        """Store a new table. With `limits`, first count the tables they cap and raise
        LimitReached (storing nothing) if one is reached; the count and the insert hold one
        lock, so a burst of requests, on any number of processes, never passes a limit."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            if limits is not None:
                self._within(session, limits)
            session.add(row)
            session.flush()
            seat_accounts(session.connection(), row.id, None, row.seats)

    def _within(self, session: Session, limits: Limits) -> None:
        self._lock(session.connection(), "create")
        if limits.client is not None:
            since = now() - timedelta(seconds=60)
            if session.scalar(_created(limits.client, since)) >= limits.per_minute:
                raise LimitReached("per-minute", limits.per_minute)
            if session.scalar(_playing(limits.client)) >= limits.per_client:
                raise LimitReached("per-client", limits.per_client)
        if session.scalar(_playing()) >= limits.total:
            raise LimitReached("total", limits.total)

    def create_rematch(self, table_id: str, row: TableRow, limits: Limits | None = None) -> str:
        """The id of table `table_id`'s rematch: the one already made (by any process), else
        `row` with the table's seats as stored, stored now (within `limits`, see create). The
        table's row is locked meanwhile, so processes asked at once make one rematch."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            made, seats = session.execute(
                select(TableRow.rematch, TableRow.seats).where(TableRow.id == table_id)
                .with_for_update(key_share=True)).one()
            if made is not None:
                return made
            row.seats = [dict(seat) for seat in seats]  # as stored: whoever has taken a seat
            if limits is not None:
                self._within(session, limits)
            session.add(row)
            session.flush()
            seat_accounts(session.connection(), row.id, None, row.seats)
            session.execute(update(TableRow).where(TableRow.id == table_id)
                            .values(rematch=row.id))
            self.notify(session.connection(), f"t {table_id}")
        return row.id

    def row(self, table_id: str) -> TableRow | None:
        """A table's row alone (its seats, status, rematch), without its moves."""
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(TableRow, table_id)

    def load(self, table_id: str) -> StoredTable | None:
        """A table's row and moves, read from one snapshot of the database (so its version is
        that of its moves)."""
        with Session(self._snapshot, expire_on_commit=False) as session, session.begin():
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return StoredTable(row, *self._moves(session, table_id))

    def moves_since(self, table_id: str, index: int) -> tuple[int, list[str]] | None:
        """The table's version and its actions from move `index` on (to catch up with another
        process), read in one statement; None if there is no such table."""
        query = (select(TableRow.version, MoveRow.action)
                 .outerjoin(MoveRow, (MoveRow.table_id == TableRow.id) & (MoveRow.index >= index))
                 .where(TableRow.id == table_id).order_by(MoveRow.index))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        if not rows:
            return None
        return rows[0][0], [action for _, action in rows if action is not None]

    def load_playing(self) -> list[StoredTable]:
        """Every table still being played."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(select(TableRow).where(TableRow.status == "playing")).all()
            return [StoredTable(row, *self._moves(session, row.id)) for row in rows]

    def recent(self, limit: int = 50) -> list[TableRow]:
        """The tables moved most recently, closed and archived ones left out."""
        with Session(self.engine, expire_on_commit=False) as session:
            query = select(TableRow).where(TableRow.status.in_(("playing", "over"))) \
                .order_by(TableRow.updated_at.desc()).limit(limit)
            return list(session.scalars(query).all())

    def count(self) -> int:
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(TableRow)) or 0

    def count_playing(self, client: str | None = None) -> int:
        """Unfinished tables, all or those one client created."""
        with self.engine.connect() as conn:
            return conn.scalar(_playing(client)) or 0

    def count_created(self, client: str, since: datetime) -> int:
        """Tables one client created since `since` (for the rate limit)."""
        with self.engine.connect() as conn:
            return conn.scalar(_created(client, since)) or 0

    # --- moves ------------------------------------------------------------------------------

    def add_move(self, table_id: str, index: int, action: str, seat: int, by: str,
                 over: bool = False, version: int | None = None,
                 turn_since: datetime | None = None) -> None:
        """Commit move `index` made at the table's `version` (None: `index`, a table never
        undone): durable before anyone hears of it. The write is a compare-and-set: a table
        no longer at that version and move count (another process, an undo or a timer came
        first) raises MoveConflict and nothing is written. `turn_since`: the move began a
        turn-based table's next turn then."""
        stamp = now()
        args = {"tid": table_id, "i": index, "v": index if version is None else version,
                "a": action, "s": seat, "by": by, "at": stamp, "since": turn_since}
        if self.local:
            self._add_move_sqlite(args)
        elif self.channel is not None:
            self._add_move_postgres(args)
        else:
            try:
                with self.engine.begin() as conn:  # statements made once: runs once per move
                    counted = conn.execute(self._count_move, {
                        "tid": table_id, "stamp": stamp, "i": index, "v": args["v"],
                        "since": turn_since})
                    if counted.rowcount != 1:
                        raise MoveConflict(table_id, args["v"])
                    conn.execute(self._insert_move, {"table_id": table_id, "index": index,
                                                     "action": action, "seat": seat, "by": by,
                                                     "created_at": stamp})
            except IntegrityError:
                raise MoveConflict(table_id, args["v"]) from None
        if over:
            self.set_status(table_id, "over")

    def _add_move_sqlite(self, args: dict[str, Any]) -> None:
        """The same two statements on one SQLite connection kept for moves, without the
        SQL layer: a fifth of the time per move (this runs on the server's event loop)."""
        if self._raw is None:
            self._raw = self.engine.raw_connection()
            self._stamp = DateTime().bind_processor(self.engine.dialect)
        raw = self._raw
        convert = self._stamp or (lambda value: value)
        when = convert(args["at"])
        since = None if args["since"] is None else convert(args["since"])
        cursor = raw.cursor()
        try:
            cursor.execute("UPDATE tables SET updated_at = ?, moves = ? + 1, version = ? + 1, "
                           "turn_since = COALESCE(?, turn_since) "
                           "WHERE id = ? AND version = ? AND moves = ?",
                           (when, args["i"], args["v"], since, args["tid"], args["v"],
                            args["i"]))
            if cursor.rowcount != 1:
                raw.rollback()
                raise MoveConflict(args["tid"], args["v"])
            cursor.execute('INSERT INTO moves (table_id, "index", action, seat, by, created_at) '
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           (args["tid"], args["i"], args["a"], args["s"], args["by"], when))
            raw.commit()
        except sqlite3.IntegrityError:
            raw.rollback()
            raise MoveConflict(args["tid"], args["v"]) from None
        finally:
            cursor.close()

    def _add_move_postgres(self, args: dict[str, Any]) -> None:
        """The count, the move and the notice as one statement (its own transaction) on a
        connection kept for moves: one round trip to the database where the SQL layer's
        transaction took five (begin, update, insert, notify, commit). The notice goes out
        when the statement commits, so never for a move that was not written."""
        with self._move_lock:  # storage calls come from a pool of threads
            if self._moves_conn is None or self._moves_conn.closed:
                self._moves_conn = psycopg.connect(libpq_url(self.url), autocommit=True)
            try:
                written = self._moves_conn.execute(_PG_ADD_MOVE, {
                    **args, "channel": self.channel,
                    "note": f"m {args['tid']} {args['i']} {args['v']} {args['a']}"}).fetchone()
            except psycopg.IntegrityError:
                raise MoveConflict(args["tid"], args["v"]) from None
            except psycopg.Error:
                self._moves_conn.close()  # a new connection next time
                raise
            if written is None:
                raise MoveConflict(args["tid"], args["v"])

    def take_back(self, table_id: str, version: int, keep: int) -> None:
        """Undo at the table's `version`: delete the moves from index `keep` on, move the
        version on by one, and announce it ('u <table> <keep> <new version>', with the
        deletion). A table no longer at `version` (or with no move from `keep` on) raises
        MoveConflict and changes nothing."""
        if keep < 0:
            raise ValueError(f"an undo keeps 0 moves or more, not {keep}")
        with self.engine.begin() as conn:
            counted = conn.execute(
                update(TableRow).where(TableRow.id == table_id, TableRow.version == version,
                                       TableRow.moves > keep)
                .values(moves=keep, version=version + 1, updated_at=now()))
            if counted.rowcount != 1:
                raise MoveConflict(table_id, version)
            conn.execute(delete(MoveRow).where(MoveRow.table_id == table_id,
                                               MoveRow.index >= keep))
            self.notify(conn, f"u {table_id} {keep} {version + 1}")

    def set_status(self, table_id: str, status: str, only_if: str | None = "playing") -> bool:
        """Mark a table over, closed or archived (if it is still `only_if`); False if not."""
        query = update(TableRow).where(TableRow.id == table_id)
        if only_if is not None:
            query = query.where(TableRow.status == only_if)
        with self.engine.begin() as conn:
            changed = conn.execute(query.values(status=status, driver=None,
                                                driver_until=None)).rowcount == 1
            if changed and status != "over":
                self.notify(conn, f"s {table_id} {status}")
        return changed

    def archive_stale(self, before: datetime, limit: int = 100) -> list[str]:
        """Archive unfinished tables with no move since `before`; their ids."""
        with self.engine.begin() as conn:
            ids = list(conn.scalars(select(TableRow.id).where(
                TableRow.status == "playing", TableRow.updated_at < before,
                TableRow.turn_bank.is_(None)).limit(limit)))
            if ids:
                conn.execute(update(TableRow).where(TableRow.id.in_(ids),
                                                    TableRow.status == "playing")
                             .values(status="archived", driver=None, driver_until=None))
                for table_id in ids:
                    self.notify(conn, f"s {table_id} archived")
        return ids

    # --- the lobby and the table's social side: listing, seats taken, rematches ---------------

    def listed(self, status: str, limit: int = 50) -> list[TableRow]:
        """The most recently moved tables in `status` that the lobby may list (not private)."""
        with Session(self.engine, expire_on_commit=False) as session:
            query = (select(TableRow).where(TableRow.status == status, TableRow.private.is_(False))
                     .order_by(TableRow.updated_at.desc()).limit(limit))
            return list(session.scalars(query).all())

    def update_seats(self, table_id: str, change: SeatChange
                     ) -> tuple[list[dict[str, Any]], str] | None:
        """Change a table's seats (a seat taken, a token replaced for a player who joined) as
        they are stored now: `change(seats, status)` gets them while the row is locked (FOR
        UPDATE on PostgreSQL, so another process's change waits) and returns the new seats, or
        None to leave them. A change is announced to the other processes. The seats and status
        after, or None if there is no such table."""
        with self.engine.begin() as conn:
            # FOR NO KEY UPDATE: waits for another change of the row, not for a move being
            # written (whose foreign key shares the row's key)
            found = conn.execute(select(TableRow.seats, TableRow.status)
                                 .where(TableRow.id == table_id)
                                 .with_for_update(key_share=True)).first()
            if found is None:
                return None
            seats, status = list(found.seats), found.status
            changed = change(seats, status)
            if changed is not None and changed != seats:
                conn.execute(update(TableRow).where(TableRow.id == table_id)
                             .values(seats=changed))
                seat_accounts(conn, table_id, seats, changed)
                self.notify(conn, f"t {table_id}")
                seats = changed
        return seats, status

    def settle(self, table_id: str, change: RowChange) -> tuple[dict[str, Any], bool] | None:
        """Change a table's row as it is stored now (a resignation, a claimed win, a vote, an
        abort): `change` gets its values (SETTLED) while the row is locked, as update_seats
        does, and returns the values to write, or None to leave it (an exception it raises
        writes nothing). A change is announced to the other processes ('t <table>'). The
        values after and whether they changed, or None if there is no such table."""
        columns = [getattr(TableRow, name) for name in SETTLED]
        with self.engine.begin() as conn:
            found = conn.execute(select(*columns).where(TableRow.id == table_id)
                                 .with_for_update(key_share=True)).first()
            if found is None:
                return None
            values = dict(zip(SETTLED, found, strict=True))
            changed = change(dict(values))
            if changed:
                conn.execute(update(TableRow).where(TableRow.id == table_id)
                             .values(**changed, updated_at=now()))
                self.notify(conn, f"t {table_id}")
                values.update(changed)
        return values, bool(changed)

    @staticmethod
    def _moves(session: Session, table_id: str
               ) -> tuple[list[str], dict[int, tuple[int, str]], datetime | None]:
        """The actions in order, which moves were made for a person (not by them), and when
        a person last moved (themselves, or their page making their only move)."""
        query = (select(MoveRow.index, MoveRow.action, MoveRow.seat, MoveRow.by,
                        MoveRow.created_at)
                 .where(MoveRow.table_id == table_id).order_by(MoveRow.index))
        rows = session.execute(query).all()
        people = [stamp for _, _, _, by, stamp in rows if by in PERSON]
        return ([action for _, action, _, _, _ in rows],
                {index: (seat, by) for index, _, seat, by, _ in rows if by in MADE_FOR},
                max(people) if people else None)


# what a database that is down, or a disk that is full, raises (through SQLAlchemy, or from
# the connections kept for moves)
UNAVAILABLE = (SQLAlchemyError, psycopg.Error, sqlite3.Error, OSError)


def why(exc: BaseException) -> str:
    """An error in one line: the database's own first line for a database error (not the SQL
    and the link SQLAlchemy adds), else the exception's."""
    lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _with_engine(url: str, use: Callable[[Engine], None], failing: str,
                 errors: tuple[type[BaseException], ...]) -> str | None:
    """Run `use` on an engine for `url` and dispose of it: None, or why not in one line,
    naming the URL without its password (`failing` says what could not be done)."""
    shown = url.split("@")[-1] if "@" in url else url
    try:
        engine = create_engine(url)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as exc:
        return f"--db {shown}: {str(exc).splitlines()[0]}"
    try:
        use(engine)
    except errors as exc:
        return f"--db {shown}: {failing}: {why(exc)}"
    finally:
        engine.dispose()
    return None


def check_url(url: str) -> str | None:
    """Why the tables cannot be kept at `url` (None if they can): a URL SQLAlchemy cannot
    read, a database kind with no driver here, or a database that does not answer. The
    reason is one line, and never shows a password."""

    def connect(engine: Engine) -> None:
        with engine.connect():
            pass

    return _with_engine(url, connect, "cannot reach the database", (SQLAlchemyError,))


def prepare(url: str) -> str | None:
    """Bring the database at `url` to the newest schema once, before any server process starts
    (`ratking serve` does, so that N workers find it ready): None, or why not in one line
    (never with a password)."""

    def upgrade(engine: Engine) -> None:
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        migrate(engine)

    return _with_engine(url, upgrade, "cannot bring the database to this version's tables",
                        (SQLAlchemyError, CommandError, OSError))


class ServerLock:
    """One server per SQLite file: a lock held on a file beside it while the server runs (the
    system frees it when the process ends, even by kill -9). PostgreSQL needs none: several
    servers share it through leases and notices."""

    def __init__(self, url: str) -> None:
        self.handle = None
        database = make_url(url).database if url.startswith("sqlite") else None
        if not database or database == ":memory:":
            return
        try:
            import fcntl
        except ImportError:  # not on a POSIX system: nothing to lock with
            return
        handle = open(f"{database}.lock", "a")  # noqa: SIM115 - held open until release()
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise RuntimeError(f"another ratking server is using {database}: SQLite takes one "
                               "server process; use PostgreSQL for more") from None
        self.handle = handle

    def release(self) -> None:
        if self.handle is not None:
            self.handle.close()
            self.handle = None


def _sqlite_pragmas(dbapi_connection, _record, synchronous: str = "NORMAL") -> None:
    """WAL (readers never wait for the writer), and `synchronous`: NORMAL keeps committed
    moves through a crash of the process but may lose the last ones to a power loss; FULL
    syncs at every commit, which keeps them, at an fsync per move (docs/server.md)."""
    if synchronous.upper() not in ("FULL", "EXTRA", "NORMAL"):
        raise ValueError(f"PRAGMA synchronous must be FULL, EXTRA or NORMAL, not {synchronous!r}")
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic), as the server starts.

    On PostgreSQL several processes (workers, machines) may start at once on one schema: the
    upgrade runs under a transaction-level advisory lock keyed on the database and schema, so
    one process migrates and the others wait, then find the schema current."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            where = connection.execute(text(
                "SELECT current_database() || '/' || coalesce(current_schema(), '')")).scalar_one()
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": lock_key("migrate", where)})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def lock_key(purpose: str, where: str) -> int:
    """A PostgreSQL advisory lock's key (a signed 64-bit number) for `purpose` at `where`."""
    digest = hashlib.sha256(f"ratking:{purpose}:{where}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)
