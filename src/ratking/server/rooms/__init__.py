"""Rooms: the live tables. A room holds a table's state, its connections, its bots and its
turn timer, and takes moves one at a time: checked, committed to storage, applied, announced.

Several server processes may share one PostgreSQL database. Each keeps in memory the tables
its people are watching; a move written by another process reaches it by NOTIFY (see
`storage/fanout.py`), and a move that loses a race for the same position is refused as stale after
the room catches up. Only the process holding a table's lease (a row in the database, renewed
while it lives) runs that table's bots and turn timer.

One module per concern:

- `room.py`: `Room`, one live table, and its moves (`submit`, `moved`, `close`);
- `seats.py`: who is who (seats, tokens, owner, connected/claimed/abandoned, the summary);
- `sync.py`: catching up with other processes, NOTIFY dispatch and the leases;
- `turns.py`: bots' moves and the turn timer, and the check of a new table's seat kinds;
- `snapshots.py`: the board and the state message per seat, with their deltas;
- `sending.py`: connections coming and going, and sending them the table;
- `connection.py`: `Connection`, one websocket, and who it is for the quotas;
- `registry.py`: `Rooms`, the tables in memory, loading, start and close;
- `creation.py`: new tables and their limits; `router.py`: a new table's id (which nginx
  routes to the process that made it, with `ratking serve --sticky`);
- `upkeep.py`: the background sweep (renewing, adopting, unloading, archiving);
- `clock.py`: the turn timer's time bank;
- `chat.py`: the players' and the spectators' chat;
- `hints.py`: a hint for the seat to move; `review_queue.py`: the reviews being worked out;
- `turnmail.py`: mail telling a person it is their turn;
- `errors.py`: `MoveRefused`, `Refused` and `Unreplayable`.
"""

from ..people.clients import client_key
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
