"""One websocket at a table: the seats it holds, who holds it (an account, a guest's name and
the key its quotas count by), the last message it was sent, and sending one text without
interleaving."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fastapi import WebSocket

from ...core import State

if TYPE_CHECKING:
    from .room import Room
    from .snapshots import Snapshot


@dataclass(eq=False)
class Connection:
    """One websocket: the seats its tokens unlock (none for a spectator), and the last
    snapshot it was sent (a delta is only sent on top of that)."""

    socket: WebSocket
    seats: tuple[int, ...] = ()
    tokens: frozenset[str] = frozenset()  # the hashes of the tokens it said hello with
    account_id: int | None = None  # the account signed in on its upgrade request
    account_name: str | None = None
    name: str | None = None  # the name a guest gave in its hello
    who: str | None = None  # what its quotas count by (clients.quota_key)
    held: Snapshot | None = None  # the last message it was sent; None: send a full one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sending: bool = False
    again: bool = False  # the table changed while a message was being sent
    hint_task: asyncio.Task | None = None  # the hint being searched for it
    heard_spectators: bool = False  # sent the spectators' chat so far (chat.py)

    def shown_seat(self, state: State) -> int | None:
        """The seat whose view this connection shows: the held seat to move, else the first."""
        if not self.seats:
            return None
        if state.current_player in self.seats:
            return state.current_player
        return self.seats[0]

    async def send_text(self, text: str) -> bool:
        async with self.lock:
            try:
                await self.socket.send_text(text)
            except Exception:  # a closed socket is cleaned up by its reader
                return False
        return True


def person_at(room: Room, conn: Connection) -> str | None:
    """Who a socket at a table is, for the quotas it spends there (chat, hints): its account
    when signed in, or the account holding a seat it holds; else (a guest) the seat it
    holds, by its token; None for a spectator. Every socket of one person counts as one."""
    held = {room.row.seats[s].get("account") for s in conn.seats} - {None}
    account = conn.account_id if conn.account_id is not None else min(held, default=None)
    if account is not None:
        return f"account:{account}"
    return f"seat:{room.id}:{min(conn.seats)}" if conn.seats else None
