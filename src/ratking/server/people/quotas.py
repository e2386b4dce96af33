"""Quotas per person: sliding-window rate limits (chat lines, hints, seats taken, new
accounts), and limits on what a person holds open (sockets, reviews being computed).

Both are counted in the database (`People.take_quota`, `holds.Holds`), so they are the same
on every socket and every server process: each use counts once for the person (an account,
or a guest's seat at a table, or a guest's client when it holds none) and once for the
address it came from, which may make `PER_ADDRESS` times the person's uses."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from ..storage.holds import new_holder
from ..storage.tables import UNAVAILABLE, Storage, why

if TYPE_CHECKING:
    from ..storage.holds import Holds


class Runs(Protocol):
    """What counting a use needs: the storage, and a way to run its calls (`Rooms.run`)."""

    storage: Storage

    async def run(self, call: Callable[..., Any], *args: Any) -> Any: ...


class Holding(Runs, Protocol):
    """What holding needs besides: the holds' table, and the tasks that outlive a request."""

    holds: Holds
    tasks: set[asyncio.Task[Any]]

# (how many, in how many seconds) per person
CHAT = (5, 10.0)
SPECTATOR_CHAT = (5, 10.0)  # the spectators' own chat, counted apart from the players'
HINTS = (6, 60.0)
SIGN_UPS = (10, 3600.0)  # new accounts, per client address
PER_ADDRESS = 3  # an address may make this many times a person's uses (a home, an office)
log = logging.getLogger("ratking.server")


async def spend(rooms: Runs, what: str, person: str | None, address: str | None,
                limit: int, window: float) -> bool:
    """True (and the use noted) if the person, and their address, are within `limit` uses
    of `what` in `window` seconds (the address within PER_ADDRESS times that); else False.
    With no person, the address alone counts, at `limit`. An unknown address (None) is one."""
    limits = keys(what, person, address, limit)
    return await rooms.run(rooms.storage.people.take_quota, limits, window, time.time())


def keys(what: str, person: str | None, address: str | None, limit: int
         ) -> list[tuple[str, int]]:
    """The keys a use of `what` counts under, each with its limit: the person's at `limit`
    and their address's at PER_ADDRESS times that; with no person, the address at `limit`."""
    where = f"{what}:address:{address or '?'}"
    return [(f"{what}:{person}", limit), (where, limit * PER_ADDRESS)] if person \
        else [(where, limit)]


def past_limit(holders: Iterable[tuple[str | None, str | None]], person: str | None,
               address: str | None, per_person: int, most: int) -> tuple[str, int] | None:
    """The limit one more piece of work (a lab job) of `person` at `address` would
    pass, given the (person, address) of each piece queued or running in this process, and
    that limit: ("process", `most`), ("person", `per_person`), ("address", PER_ADDRESS times
    that; `per_person` when the asker is no known person); None within them all."""
    holders = list(holders)
    if len(holders) >= most:
        return "process", most
    if person is not None and sum(p == person for p, _ in holders) >= per_person:
        return "person", per_person
    here = per_person * PER_ADDRESS if person is not None else per_person
    if sum(a == address for _, a in holders) >= here:
        return "address", here
    return None


async def hold(rooms: Holding, what: str, person: str | None, address: str | None,
               limit: int) -> tuple[str, str | None]:
    """Hold one more `what` (a socket, a review) for the person and their address, within
    `limit` as `spend` counts it: (the holder id to `release`, None), or ("", the key at its
    limit: `what`:<person>, or `what`:address:<address>) and nothing held."""
    holder = new_holder()
    full = await rooms.run(rooms.holds.take, keys(what, person, address, limit), holder)
    return ("", full) if full is not None else (holder, None)


async def release(rooms: Holding, holder: str) -> None:
    """What `holder` held is closed (done, dropped, failed), even if the caller is cancelled
    meanwhile (a socket's handler as its server stops). With the database down, the rows go
    at the background sweep's next renewal once it is back (`Holds.release`)."""
    if holder:
        task = asyncio.ensure_future(_release(rooms, holder))
        rooms.tasks.add(task)
        task.add_done_callback(rooms.tasks.discard)
        await asyncio.shield(task)


async def _release(rooms: Holding, holder: str) -> None:
    try:
        await rooms.run(rooms.holds.release, holder)
    except UNAVAILABLE as exc:
        log.warning("ratking: a socket's or review's count is released later: %s", why(exc))
