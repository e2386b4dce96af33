"""The key the quotas count a person by: their account if they are signed in, else their
client (`security.client_of`: a hash of the address, believed from a proxy only when named in
`forwarded_allow_ips`), never a socket."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from .security import client_of

__all__ = ["client_of", "quota_key"]


def quota_key(conn: HTTPConnection, account_id: int | None) -> str | None:
    """What a person's quotas (chat, hints, sockets, joins, new tables) count by: their
    account if they are signed in, else their client's address."""
    if account_id is not None:
        return f"account:{account_id}"
    return client_of(conn)
