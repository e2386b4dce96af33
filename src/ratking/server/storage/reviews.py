"""Finished tables' reviews in SQL (`Storage.reviews`): stored once, read back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .tables import ReviewRow, now

if TYPE_CHECKING:
    from .tables import Storage


class Reviews:
    """The tables' reviews, on a `Storage`'s engine."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    def get(self, table_id: str) -> dict[str, Any] | None:
        """A finished table's stored review, or None."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(ReviewRow, table_id)
            return None if row is None else row.data

    def save(self, table_id: str, data: dict[str, Any]) -> None:
        """Store a table's review once: one already stored (by another process) is kept."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(ReviewRow), {"table_id": table_id, "data": data,
                                                 "created_at": now()})
        except IntegrityError:
            pass
