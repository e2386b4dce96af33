"""Quotas per person: sliding-window rate limits (chat lines, hints, joins) and the number of
open sockets, each counted per account, or per client address for a guest (clients.py), so
that opening more sockets buys nothing. Kept in each server process's memory."""

from __future__ import annotations

import time
from collections import deque

# (how many, in how many seconds) per person
CHAT = (5, 10.0)
HINTS = (6, 60.0)


class Quotas:
    """The moments each person last did each thing, and their open sockets."""

    def __init__(self) -> None:
        self.times: dict[tuple[str, str], deque[float]] = {}
        self.sockets: dict[str, int] = {}
        self._calls = 0

    def take(self, what: str, who: str | None, limit: int, window: float) -> bool:
        """True (and the moment noted) if `who` did `what` fewer than `limit` times in the
        last `window` seconds; else False. An unknown client (None) shares one quota."""
        clock = time.monotonic()
        times = self.times.setdefault((what, who or "?"), deque())
        while times and clock - times[0] > window:
            times.popleft()
        self._calls += 1
        if self._calls % 1000 == 0:
            self._prune(clock)
        if len(times) >= limit:
            return False
        times.append(clock)
        return True

    def _prune(self, clock: float, older: float = 3600) -> None:
        """Forget the people who have done nothing for an hour (longer than any window)."""
        for key in [k for k, t in self.times.items() if not t or clock - t[-1] > older]:
            del self.times[key]

    def open_socket(self, who: str | None, limit: int) -> bool:
        """Count a new socket of `who`; False (not counted) if they have `limit` open (over
        every table: the `max_sockets_per_client` setting)."""
        key = who or "?"
        if self.sockets.get(key, 0) >= limit:
            return False
        self.sockets[key] = self.sockets.get(key, 0) + 1
        return True

    def close_socket(self, who: str | None) -> None:
        key = who or "?"
        left = self.sockets.get(key, 0) - 1
        if left > 0:
            self.sockets[key] = left
        else:
            self.sockets.pop(key, None)
