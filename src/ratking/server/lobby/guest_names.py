"""A guest's name must not pass for someone else: the name a guest gives at a table (as it
creates one, takes a seat from the lobby, presses Play now, or names its seat at the table)
is refused if it looks like an account's name (the confusables skeleton of `names.look_alike`,
as accounts' names are compared), like the deleted accounts' "former player", or like the
name of another person seated at that table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..names import FORMER_PLAYER, look_alike
from ..rooms.seats import HUMAN, seat_names
from ..storage.tables import TableRow
from .accounts import name_key

if TYPE_CHECKING:
    from ..rooms import Rooms


class LooksTaken(ValueError):
    """A guest's name that looks like someone else's; the message says whose, in one line."""


def people_at(row: TableRow, apart: Iterable[int] = ()) -> list[str]:
    """The names of the people seated at `row` (their seats claimed), but seats `apart`."""
    skip = set(apart)
    return [name for i, (seat, name) in enumerate(zip(row.seats, seat_names(row), strict=True))
            if i not in skip and seat["kind"] == HUMAN and seat.get("claimed")]


def like_someone_at(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` looks like, if any."""
    look = look_alike(name)
    return next((other for other in others if look_alike(other) == look), None)


async def check_guest_name(rooms: Rooms, name: str, others: Iterable[str] = ()) -> str:
    """`name` (already through `names.check_name`), or LooksTaken if it looks like an
    account's name, "former player", or one of `others` (the people at the table)."""
    look = look_alike(name)
    if look == look_alike(FORMER_PLAYER) or \
            await rooms.run(rooms.storage.people.name_taken, name_key(name), look):
        raise LooksTaken(f"the name {name!r} is an account's, or looks like one: sign in, "
                         "or choose another")
    other = like_someone_at(name, others)
    if other is not None:
        raise LooksTaken(f"the name {name!r} looks like {other!r}, who is at this table: "
                         "choose another")
    return name
