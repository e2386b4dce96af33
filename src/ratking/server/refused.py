"""A request the server turns down: every part of it refuses with `Refused` (an HTTP status, a
message, and how long to wait before trying again), which the app answers as
`{"error": "<message>"}` with that status (web/failures.py)."""

from __future__ import annotations


class Refused(Exception):
    """A request the server's limits turn down; `.status` is the HTTP status."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
