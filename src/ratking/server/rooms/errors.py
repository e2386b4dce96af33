"""The refusals a room gives: a move not made (`MoveRefused`, told to the player's socket), a
request over the server's limits (`Refused`, an HTTP status), and a table whose stored
record cannot be replayed (`Unreplayable`)."""

from __future__ import annotations

from ..refused import Refused

__all__ = ["MoveRefused", "Refused", "Unreplayable"]


class MoveRefused(Exception):
    """A move that was not made; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code



class Unreplayable(Refused):
    """A table whose stored moves do not replay (move `index` is not legal where it stands):
    answered with 409 and its reason, the table left as stored. Moves are written only at
    the version they were made at, so this should never happen; it is logged if it does."""

    def __init__(self, table_id: str, index: int, action: str, reason: str) -> None:
        super().__init__(409, f"table {table_id!r} cannot be replayed: its stored move "
                              f"{index + 1} ({action!r}) is not legal there ({reason}); "
                              "it is kept as stored")
        self.table_id = table_id
