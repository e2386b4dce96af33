"""The leases that say which server process drives a table's bots and timer (`Storage.leases`):
taken, renewed, released, run out; the tables whose driver died. Each call is one short
transaction; the lease's time is the database's clock, so machines sharing one PostgreSQL
agree on when it runs out."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from sqlalchemy import select, update

from .tables import TableRow

if TYPE_CHECKING:
    from .tables import Storage


class Leases:
    """The tables' leases, on a `Storage`'s engine."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def acquire(self, table_id: str, me: str, seconds: float) -> bool:
        """Take the lease on a table if nobody holds it, it ran out, or it is ours already."""
        clock = self.storage.clock()
        query = update(TableRow).where(
            TableRow.id == table_id, TableRow.status == "playing",
            (TableRow.driver.is_(None)) | (TableRow.driver == me)
            | (TableRow.driver_until < clock)).values(driver=me, driver_until=clock + seconds)
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1

    def renew(self, me: str, seconds: float, tables: Collection[str] | None = None
              ) -> set[str]:
        """Extend the leases this process holds, all or those of `tables` (the ones it drives:
        a lease it holds but does not use then runs out, and another process adopts the
        table); the tables it still holds. One statement."""
        if tables is not None and not tables:
            return set()
        clock = self.storage.clock()
        mine = [TableRow.driver == me, TableRow.driver_until >= clock]
        if tables is not None:
            mine.append(TableRow.id.in_(list(tables)))
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(*mine).values(driver_until=clock + seconds))
            return set(conn.scalars(select(TableRow.id).where(*mine)))

    def release(self, table_id: str, me: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id, TableRow.driver == me)
                         .values(driver=None, driver_until=None))

    def let_go(self, me: str) -> None:
        """End every lease of this process now, as it stops: each table becomes an orphan
        that another process (or this server's next start) takes over at once."""
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.driver == me)
                         .values(driver_until=0.0))

    def orphans(self, limit: int = 50) -> list[str]:
        """Unfinished tables whose driver stopped renewing its lease (a process that died)."""
        with self.engine.connect() as conn:
            return list(conn.scalars(select(TableRow.id).where(
                TableRow.status == "playing", TableRow.drivable,
                TableRow.driver.is_not(None), TableRow.driver_until < self.storage.clock())
                .order_by(TableRow.driver_until).limit(limit)))

    def expire_leases(self) -> None:
        """Let every lease run out now: for a lone SQLite server starting after a crash, which
        holds the file's lock and so knows that no other server is alive."""
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.driver.is_not(None))
                         .values(driver_until=0.0))
