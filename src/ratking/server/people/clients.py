"""The key the quotas count a person by: their account if they are signed in, else their
client (`client_of`: a hash of the address, believed from a proxy only when named in
`forwarded_allow_ips`), never a socket."""

from __future__ import annotations

import hashlib

from starlette.requests import HTTPConnection


def client_key(address: str | None) -> str | None:
    """What the limits count a client by: a hash of its address, not the address itself."""
    if not address:
        return None
    return hashlib.sha256(f"ratking-client:{address}".encode()).hexdigest()[:32]


def client_of(connection: HTTPConnection) -> str | None:
    """Who is this client (a request or a websocket), as every per-client limit counts it: a
    hash of its address. The address is the peer's, or the one an `X-Forwarded-For` header
    gives when the peer is a proxy named in the `forwarded_allow_ips` setting (the app reads
    that header itself, uvicorn's ProxyHeadersMiddleware; none is believed by default)."""
    return client_key(connection.client.host if connection.client else None)


def quota_key(conn: HTTPConnection, account_id: int | None) -> str | None:
    """What a person's quotas (chat, hints, sockets, joins, new tables) count by: their
    account if they are signed in, else their client's address."""
    if account_id is not None:
        return f"account:{account_id}"
    return client_of(conn)
