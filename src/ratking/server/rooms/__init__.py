"""Rooms: the live tables. A room holds a table's state, its connections, its bots and its
turn timer, and takes moves one at a time: checked, committed to storage, applied, announced.

Several server processes may share one PostgreSQL database. Each keeps in memory the tables
its people are watching; a move written by another process reaches it by NOTIFY (see
`fanout.py`), and a move that loses a race for the same position is refused as stale after
the room catches up. Only the process holding a table's lease (a row in the database, renewed
while it lives) runs that table's bots and turn timer.

One module per concern:

- `room.py`: `Room`, one live table, and its moves (`submit`, `moved`, `close`);
- `seats.py`: who is who (seats, tokens, owner, connected/claimed/abandoned, the summary);
- `sync.py`: catching up with other processes, NOTIFY dispatch and the leases;
- `turns.py`: bots' moves and the turn timer, and the check of a new table's seat kinds;
- `snapshots.py`: the board and the state message per seat, with their deltas;
- `sending.py`: connections coming and going, and sending them the table;
- `connection.py`: `Connection`, one websocket;
- `registry.py`: `Rooms`, the tables in memory, loading, start and close;
- `creation.py`: new tables and their limits;
- `upkeep.py`: the background sweep (renewing, adopting, unloading, archiving);
- `errors.py`: `MoveRefused`, `Refused` and `Unreplayable`.
"""

from ..web.security import client_key
from .connection import Connection
from .creation import Creator
from .errors import MoveRefused, Refused, Unreplayable
from .registry import Rooms
from .room import Room
from .seats import (
    ABANDONED_AFTER,
    HUMAN,
    seat_names,
    seats_claimed,
    stored_summary,
    table_extras,
    token_hash,
)
from .snapshots import CLOCK_FRESH, Snapshot
from .sync import process_name
from .turns import LAST_RESORT, STAND_IN

__all__ = [
    "ABANDONED_AFTER",
    "CLOCK_FRESH",
    "HUMAN",
    "LAST_RESORT",
    "STAND_IN",
    "Connection",
    "Creator",
    "MoveRefused",
    "Refused",
    "Room",
    "Rooms",
    "Snapshot",
    "Unreplayable",
    "client_key",
    "process_name",
    "seat_names",
    "seats_claimed",
    "stored_summary",
    "table_extras",
    "token_hash",
]
