"""Tables and their moves in SQL (SQLite by default, PostgreSQL by URL), via SQLAlchemy 2.

A table's state is never stored: it is rebuilt by replaying its moves, so a move is committed
before anyone is told of it, and a server killed at any moment restarts where it stopped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from platformdirs import user_data_dir
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
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
    # per seat: {"kind": "human" | "heuristic" | "random", "token": sha256 hex or null}
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    bot_delay: Mapped[float] = mapped_column(Float)
    turn_timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(12), index=True)  # "playing" or "over"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(12))  # human, bot, timer, stand-in or forced
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class StoredTable:
    """A table as stored: its set-up and the moves made so far."""

    row: TableRow
    actions: list[str]
    # the moves made for a person (not by them): index -> (seat, "timer" or "forced")
    made_for: dict[int, tuple[int, str]] = field(default_factory=dict)


MADE_FOR = ("timer", "forced")  # moves the server made for a person


def now() -> datetime:
    return datetime.now(UTC)


class Storage:
    """All the server's reads and writes. Each call is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.local = url.startswith("sqlite")  # a file on this machine: no network waits
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(self, row: TableRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)

    def add_move(self, table_id: str, index: int, action: str, seat: int, by: str,
                 over: bool) -> None:
        """Commit one move (and the table's status): durable before anyone hears of it."""
        stamp = now()
        changes: dict[str, Any] = {"updated_at": stamp}
        if over:
            changes["status"] = "over"
        with self.engine.begin() as conn:  # plain statements: this runs once per move
            conn.execute(insert(MoveRow), {"table_id": table_id, "index": index,
                                           "action": action, "seat": seat, "by": by,
                                           "created_at": stamp})
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(**changes))

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return StoredTable(row, *self._moves(session, table_id))

    def load_playing(self) -> list[StoredTable]:
        """Every table still being played, for a restart."""
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.scalars(select(TableRow).where(TableRow.status == "playing")).all()
            return [StoredTable(row, *self._moves(session, row.id)) for row in rows]

    def recent(self, limit: int = 50) -> list[TableRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            query = select(TableRow).order_by(TableRow.updated_at.desc()).limit(limit)
            return list(session.scalars(query).all())

    def count(self) -> int:
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(TableRow)) or 0

    @staticmethod
    def _moves(session: Session, table_id: str) -> tuple[list[str], dict[int, tuple[int, str]]]:
        """The actions in order, and which moves were made for a person (not by them)."""
        query = (select(MoveRow.index, MoveRow.action, MoveRow.seat, MoveRow.by)
                 .where(MoveRow.table_id == table_id).order_by(MoveRow.index))
        rows = session.execute(query).all()
        return ([action for _, action, _, _ in rows],
                {index: (seat, by) for index, _, seat, by in rows if by in MADE_FOR})


def check_url(url: str) -> str | None:
    """Why the tables cannot be kept at `url` (None if they can): a URL SQLAlchemy cannot
    read, a database kind with no driver here, or a database that does not answer. The
    reason is one line, and never shows a password."""
    shown = url.split("@")[-1] if "@" in url else url
    try:
        engine = create_engine(url)
    except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as exc:
        return f"--db {shown}: {str(exc).splitlines()[0]}"
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return f"--db {shown}: cannot reach the database: {reason[0] if reason else exc}"
    finally:
        engine.dispose()
    return None


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL keeps committed moves through a crash
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic), as the server starts."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
