"""The key the quotas count a person by: their account if they are signed in, else their
client (`security.client_of`: a hash of the address, believed from a proxy only when named in
`forwarded_allow_ips`), never a socket."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

from ..web.security import client_of

if TYPE_CHECKING:
    from ..rooms import Connection, Room

__all__ = ["client_of", "person_at", "quota_key"]


def quota_key(conn: HTTPConnection, account_id: int | None) -> str | None:
    """What a person's quotas (chat, hints, sockets, joins, new tables) count by: their
    account if they are signed in, else their client's address."""
    if account_id is not None:
        return f"account:{account_id}"
    return client_of(conn)


def person_at(room: Room, conn: Connection) -> str | None:
    """Who a socket at a table is, for the quotas it spends there (chat, hints): its account
    when signed in, or the account holding a seat it holds; else (a guest) the seat it
    holds, by its token; None for a spectator. Every socket of one person counts as one."""
    held = {room.row.seats[s].get("account") for s in conn.seats} - {None}
    account = conn.account_id if conn.account_id is not None else min(held, default=None)
    if account is not None:
        return f"account:{account}"
    return f"seat:{room.id}:{min(conn.seats)}" if conn.seats else None
