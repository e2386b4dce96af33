"""A table's chat lines in SQL (`Storage.chat`): each written once at its index, announced to
the other processes, and read back newest last."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .tables import ChatRow, MoveConflict, now

if TYPE_CHECKING:
    from .tables import Storage


class ChatLines:
    """The tables' chat lines, on a `Storage`'s engine."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def add(self, table_id: str, index: int, seat: int, line: str,
                 name: str | None = None) -> datetime:
        """Store chat line `index` (announced to the other processes); a line already written
        at that index (by another process) raises MoveConflict and writes nothing. A
        spectator's line names its writer (`name`)."""
        stamp = now()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(ChatRow), {"table_id": table_id, "index": index,
                                               "seat": seat, "text": line,
                                               "created_at": stamp, "name": name})
                self.storage.notify(conn, f"c {table_id} {index}")
        except IntegrityError:
            raise MoveConflict(table_id, index) from None
        return stamp

    def recent(self, table_id: str, limit: int, since: int = 0) -> list[ChatRow]:
        """The last `limit` chat lines of a table from index `since` on, oldest first."""
        query = (select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.index >= since)
                 .order_by(ChatRow.index.desc()).limit(limit))
        with Session(self.engine, expire_on_commit=False) as session:
            return list(reversed(session.scalars(query).all()))
