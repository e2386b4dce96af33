"""The two refusals a room gives: a move not made (`MoveRefused`, told to the player's
socket) and a request over the server's limits (`Refused`, an HTTP status)."""

from __future__ import annotations


class MoveRefused(Exception):
    """A move that was not made; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Refused(Exception):
    """A request the server's limits turn down; `.status` is the HTTP status."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after

