"""Who a request or a websocket comes from: the one place that reads the client's address,
and the key the quotas count by (an account, else the client's address, never a socket)."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from .rooms import client_key


def client_address(conn: HTTPConnection) -> str | None:
    """The address of the client behind `conn` (a request or a websocket)."""
    return conn.client.host if conn.client else None


def client_of(conn: HTTPConnection) -> str | None:
    """The client as the limits count it: a hash of its address (None: unknown)."""
    return client_key(client_address(conn))


def quota_key(conn: HTTPConnection, account_id: int | None) -> str | None:
    """What a person's quotas (chat, hints, sockets, joins, new tables) count by: their
    account if they are signed in, else their client's address."""
    if account_id is not None:
        return f"account:{account_id}"
    return client_of(conn)
