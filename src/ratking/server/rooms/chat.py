"""Table chat: short lines from the players, stored with the table, sent to everyone watching
(spectators read it; only a seat's holder writes). Spectators have a chat of their own (a
message with "channel": "spectators"), stored with the table too: other spectators read it at
once, the players only once the game is over. Lines are plain text: the page shows them as
text, never as markup."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from ..names import clean_text
from ..people import quotas
from ..people.clients import client_of
from ..storage.tables import MoveConflict
from . import Connection, Room
from .connection import person_at

MAX_CHARS = 240
HISTORY = 60  # lines a newcomer is sent
SPECTATORS = -1  # the seat a spectator's line is stored under
GUEST = "a guest"  # a spectator who gave no name


class ChatRefused(Exception):
    """A chat line that was not posted; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean(text: Any) -> str:
    """The line as it will be stored: text only, without the characters no name may hold
    either (names.py), trimmed."""
    if not isinstance(text, str):
        raise ChatRefused("malformed", "a chat line needs 'text'")
    text = clean_text(text)
    if not text:
        raise ChatRefused("malformed", "a chat line may not be empty")
    if len(text) > MAX_CHARS:
        raise ChatRefused("too-long", f"chat lines may be at most {MAX_CHARS} characters")
    return text


def _line(room: Room, index: int, seat: int, text: str, stamp,
          name: str | None = None) -> dict[str, Any]:
    if seat == SPECTATORS:
        return {"index": index, "seat": None, "name": name or GUEST, "text": text,
                "at": stamp.isoformat(), "channel": "spectators"}
    return {"index": index, "seat": seat, "name": room.state.names[seat], "text": text,
            "at": stamp.isoformat()}


def _from_row(room: Room, row) -> dict[str, Any]:
    return _line(room, row.index, row.seat, row.text, row.created_at, row.name)


async def lines(room: Room) -> list[dict[str, Any]]:
    """The table's recent chat (both channels), read from storage once and then kept with
    the room."""
    if room.chat is None:
        rows = await room.rooms.run(room.rooms.storage.chat.recent, room.id, HISTORY)
        room.chat = [_from_row(room, r) for r in rows]
    return room.chat


def readable(room: Room, conn: Connection, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines `conn` may read: the players' to everyone; the spectators' to spectators,
    and to the players once the game is over."""
    if not conn.seats or not room.playing:
        return lines
    return [line for line in lines if line["seat"] is not None]


def spectator_lines(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The spectators' lines in `history` (for the players after the game)."""
    return [line for line in history if line["seat"] is None]


async def send_history(room: Room, conn: Connection) -> None:
    """A newcomer's first look at the chat (nothing is sent while there is none): what a
    player may read, since the socket has not said whose it is yet (`spectators_history`
    follows its hello)."""
    history = [line for line in await lines(room)
               if line["seat"] is not None or not room.playing]
    if not history:
        return
    text = orjson.dumps({"type": "chat", "lines": history, "history": True}).decode()
    await conn.send_text(text)


async def spectators_history(room: Room, conn: Connection) -> None:
    """After a hello: a spectator's first look at the spectators' chat (once per socket;
    after the game everyone had it with the history)."""
    if conn.seats or conn.heard_spectators or not room.playing:
        return
    conn.heard_spectators = True
    own = spectator_lines(await lines(room))
    if own:
        await conn.send_text(orjson.dumps({"type": "chat", "lines": own}).decode())


async def catch_up(room: Room) -> list[dict[str, Any]]:
    """Read the lines written after the last one held (by another process); the new ones."""
    history = await lines(room)
    since = history[-1]["index"] + 1 if history else 0
    rows = await room.rooms.run(room.rooms.storage.chat.recent, room.id, HISTORY, since)
    new = [_from_row(room, r) for r in rows]
    history.extend(new)
    del history[:-HISTORY]
    return new


async def tell(room: Room, new: list[dict[str, Any]]) -> None:
    """Send new lines to everyone at the table who may read them."""
    if not new:
        return
    texts: dict[int, str] = {}  # one text per different set of lines
    sends = []
    for other in list(room.connections):
        shown = readable(room, other, new)
        if shown:
            key = len(shown)  # the readable lines are `new`, or its players' lines
            if key not in texts:
                texts[key] = orjson.dumps({"type": "chat", "lines": shown}).decode()
            sends.append(other.send_text(texts[key]))
    await asyncio.gather(*sends)


async def heard(room: Room) -> None:
    """Another process stored a line at this table (NOTIFY): pass it on."""
    async with room.lock:
        new = await catch_up(room)
    await tell(room, new)


def spectator_name(conn: Connection) -> str:
    """What a spectator's lines are signed with: their account's name, the name they gave,
    or "a guest"."""
    return conn.account_name or conn.name or GUEST


async def post(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """Store a line from `conn` and send it to everyone at the table who may read it, or
    raise ChatRefused. A spectator writes in the spectators' chat ("channel":
    "spectators"), a player in the table chat."""
    spectating = message.get("channel") == "spectators"
    if not conn.seats and not spectating:
        raise ChatRefused("not-your-seat", "spectators read the chat; players write in it")
    if conn.seats and spectating:
        raise ChatRefused("not-a-spectator", "players write in the table chat; the "
                                             "spectators' chat is theirs")
    text = clean(message.get("text"))
    # per person over all their sockets (a spectator: their account, else their address)
    what, (limit, window) = ("spectator-chat", quotas.SPECTATOR_CHAT) if spectating \
        else ("chat", quotas.CHAT)
    person = (f"account:{conn.account_id}" if conn.account_id is not None else None) \
        if spectating else person_at(room, conn)
    if not await quotas.spend(room.rooms, what, person, client_of(conn.socket), limit, window):
        raise ChatRefused("slow-down", f"at most {limit} chat lines in {window:.0f} seconds")
    seat = SPECTATORS if spectating else conn.shown_seat(room.state)
    name = spectator_name(conn) if spectating else None
    new: list[dict[str, Any]] = []
    async with room.lock:  # one line at a time gets the next index
        for _ in range(5):
            history = await lines(room)
            index = history[-1]["index"] + 1 if history else 0
            try:
                stamp = await room.rooms.run(room.rooms.storage.chat.add, room.id, index,
                                             seat, text, name)
            except MoveConflict:  # another process wrote that line first: take it, go on
                new += await catch_up(room)
                continue
            line = _line(room, index, seat, text, stamp, name)
            history.append(line)
            del history[:-HISTORY]
            new.append(line)
            break
        else:
            raise ChatRefused("busy", "the chat is busy: send it again")
    await tell(room, new)
