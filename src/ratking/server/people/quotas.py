"""Quotas per person: sliding-window rate limits (chat lines, hints, seats taken, new
accounts) and the number of open sockets.

The rate limits are counted in the database (`People.take_quota`), so they are the same on
every socket and every server process: each use counts once for the person (an account, or
a guest's seat at a table, or a guest's client when it holds none) and once for the address
it came from, which may make `PER_ADDRESS` times the person's uses. The open sockets are
counted in each server process's memory."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from ..storage.tables import Storage


class Runs(Protocol):
    """What counting a use needs: the storage, and a way to run its calls (`Rooms.run`)."""

    storage: Storage

    async def run(self, call: Callable[..., Any], *args: Any) -> Any: ...

# (how many, in how many seconds) per person
CHAT = (5, 10.0)
SPECTATOR_CHAT = (5, 10.0)  # the spectators' own chat, counted apart from the players'
HINTS = (6, 60.0)
SIGN_UPS = (10, 3600.0)  # new accounts, per client address
PER_ADDRESS = 3  # an address may make this many times a person's uses (a home, an office)


async def spend(rooms: Runs, what: str, person: str | None, address: str | None,
                limit: int, window: float) -> bool:
    """True (and the use noted) if the person, and their address, are within `limit` uses
    of `what` in `window` seconds (the address within PER_ADDRESS times that); else False.
    With no person, the address alone counts, at `limit`. An unknown address (None) is one."""
    where = f"{what}:address:{address or '?'}"
    limits = [(f"{what}:{person}", limit), (where, limit * PER_ADDRESS)] if person \
        else [(where, limit)]
    return await rooms.run(rooms.storage.people.take_quota, limits, window, time.time())


class Quotas:
    """The open sockets of each person, in this process."""

    def __init__(self) -> None:
        self.sockets: dict[str, int] = {}

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
