"""What people hold open for a while, counted in the database: their open sockets and the
reviews being computed for them. A limit on them holds over every server process, as the
rate limits of `quotas.py` do.

Each thing held (a socket, a review) is one row per key it counts under (the person, the
address), named by a holder id of its own and by the server process that holds it. The rows
go when the thing closes. A process renews its rows' expiry at every background sweep
(`Holds.renew`), so the rows of a process that died without closing them (kill -9, a lost
machine) stop counting once they expire, `Holds.seconds(settings)` after its last sweep."""

from __future__ import annotations

import secrets

from sqlalchemy import Float, Integer, String, delete, func, insert, select, update
from sqlalchemy.orm import Mapped, mapped_column

from ..settings import Settings
from .tables import Base, Storage


class HoldRow(Base):
    __tablename__ = "holds"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(120), index=True)  # "<what>:<person or address>"
    holder: Mapped[str] = mapped_column(String(32), index=True)  # the socket's or review's
    process: Mapped[str] = mapped_column(String(64), index=True)  # Rooms.me, which renews it
    expires: Mapped[float] = mapped_column(Float, index=True)  # seconds since 1970 (database)


def new_holder() -> str:
    """An id for one thing held (its rows are released together)."""
    return secrets.token_hex(12)


class Holds:
    """The held rows' reads and writes, on a `Storage`'s engine; each call one short
    transaction. Times are the database's clock (`Storage.clock`), as the leases'."""

    def __init__(self, storage: Storage, process: str, seconds: float) -> None:
        self.storage = storage
        self.process = process  # this server process (Rooms.me)
        self.seconds = seconds  # how long a row counts unless renewed
        self.unreleased: set[str] = set()  # holders whose release the database did not take

    @staticmethod
    def seconds_for(settings: Settings) -> float:
        """How long a held row counts unless renewed: a lease's time, and at least three
        background sweeps (each renews it)."""
        return max(settings.lease_seconds, 3 * settings.maintenance_every)

    def take(self, limits: list[tuple[str, int]], holder: str) -> str | None:
        """Hold one more under each key if every key holds fewer than its limit (rows not
        expired): None; else the first key at its limit, and nothing held. The count and the
        insert hold one lock (PostgreSQL; SQLite's calls run one at a time)."""
        keys = [key for key, _limit in limits]
        clock = self.storage.clock()
        with self.storage.engine.begin() as conn:
            self.storage._lock(conn, "holds")
            conn.execute(delete(HoldRow).where(HoldRow.expires < clock))
            counts = dict(conn.execute(
                select(HoldRow.key, func.count()).where(HoldRow.key.in_(keys))
                .group_by(HoldRow.key)).all())
            full = next((key for key, limit in limits if counts.get(key, 0) >= limit), None)
            if full is not None:
                return full
            expires = conn.execute(select(clock + self.seconds)).scalar_one()
            conn.execute(insert(HoldRow), [{"key": key, "holder": holder,
                                            "process": self.process, "expires": expires}
                                           for key in keys])
        return None

    def release(self, holder: str) -> None:
        """The thing `holder` closed: its rows go. If the database cannot take it now, they
        go at a later release or renewal (until then they are renewed: they still count)."""
        self.unreleased.add(holder)
        holders = set(self.unreleased)
        with self.storage.engine.begin() as conn:
            conn.execute(delete(HoldRow).where(HoldRow.holder.in_(holders)))
        self.unreleased -= holders

    def renew(self) -> None:
        """This process is alive: its rows count for `seconds` more (and those it could not
        release before go)."""
        if self.unreleased:
            self.release(next(iter(self.unreleased)))
        with self.storage.engine.begin() as conn:
            conn.execute(update(HoldRow).where(HoldRow.process == self.process)
                         .values(expires=self.storage.clock() + self.seconds))

    def release_process(self) -> None:
        """This process stops: every row it holds goes."""
        with self.storage.engine.begin() as conn:
            conn.execute(delete(HoldRow).where(HoldRow.process == self.process))

    def forget_all(self) -> None:
        """Every row goes (SQLite, at the start: the file has one server, so its rows were
        left by a server that is no longer running)."""
        with self.storage.engine.begin() as conn:
            conn.execute(delete(HoldRow))

    def count(self, key: str) -> int:
        """How many rows under `key` count now."""
        with self.storage.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(HoldRow).where(
                HoldRow.key == key, HoldRow.expires >= self.storage.clock())).scalar_one()
