"""The websockets opened with each session, so that ending a session (signing out, signing
out everywhere, a changed password, a deleted account) closes them, on every process: the
transaction that ends a session announces it (`o <session hash>`, NOTIFY on PostgreSQL) and
each process closes the sockets it holds of that session."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from starlette.websockets import WebSocket

SIGNED_OUT = 4401  # close code: the session the socket was opened with has ended


class SessionSockets:
    """The sockets of this process, by the hash of the session they were opened with."""

    def __init__(self) -> None:
        self.sockets: dict[str, set[WebSocket]] = {}

    def add(self, session: str, socket: WebSocket) -> None:
        self.sockets.setdefault(session, set()).add(socket)

    def discard(self, session: str, socket: WebSocket) -> None:
        held = self.sockets.get(session)
        if held is not None:
            held.discard(socket)
            if not held:
                del self.sockets[session]

    async def close(self, sessions: Iterable[str]) -> None:
        """Close every socket opened with one of `sessions` (code 4401)."""
        for session in sessions:
            for socket in list(self.sockets.pop(session, ())):
                with contextlib.suppress(Exception):  # gone already
                    await socket.close(code=SIGNED_OUT, reason="signed out")

    def heard(self, spawn, payload: str) -> None:
        """A notice `o <hash> <hash>...` from any process: close those sessions' sockets."""
        spawn(self.close(payload.split()))
