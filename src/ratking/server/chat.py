"""Table chat: short lines from the players, stored with the table, sent to everyone watching
(spectators read it; only a seat's holder writes). Lines are plain text: the page shows them
as text, never as markup."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from . import quotas
from .clients import client_of, person_at
from .names import clean_text
from .rooms import Connection, Room
from .storage import MoveConflict

MAX_CHARS = 240
HISTORY = 60  # lines a newcomer is sent


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


def _line(room: Room, index: int, seat: int, text: str, stamp) -> dict[str, Any]:
    return {"index": index, "seat": seat, "name": room.state.names[seat], "text": text,
            "at": stamp.isoformat()}


async def lines(room: Room) -> list[dict[str, Any]]:
    """The table's recent chat, read from storage once and then kept with the room."""
    if room.chat is None:
        rows = await room.rooms.run(room.rooms.storage.chat, room.id, HISTORY)
        room.chat = [_line(room, r.index, r.seat, r.text, r.created_at) for r in rows]
    return room.chat


async def send_history(room: Room, conn: Connection) -> None:
    """A newcomer's first look at the chat (nothing is sent while there is none)."""
    history = await lines(room)
    if not history:
        return
    text = orjson.dumps({"type": "chat", "lines": history, "history": True}).decode()
    await conn.send_text(text)


async def catch_up(room: Room) -> list[dict[str, Any]]:
    """Read the lines written after the last one held (by another process); the new ones."""
    history = await lines(room)
    since = history[-1]["index"] + 1 if history else 0
    rows = await room.rooms.run(room.rooms.storage.chat, room.id, HISTORY, since)
    new = [_line(room, r.index, r.seat, r.text, r.created_at) for r in rows]
    history.extend(new)
    del history[:-HISTORY]
    return new


async def tell(room: Room, new: list[dict[str, Any]]) -> None:
    """Send new lines to everyone at the table."""
    if new:
        out = orjson.dumps({"type": "chat", "lines": new}).decode()
        await asyncio.gather(*(other.send_text(out) for other in list(room.connections)))


async def heard(room: Room) -> None:
    """Another process stored a line at this table (NOTIFY): pass it on."""
    async with room.lock:
        new = await catch_up(room)
    await tell(room, new)


async def post(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """Store a line from `conn` and send it to everyone at the table, or raise ChatRefused."""
    if not conn.seats:
        raise ChatRefused("not-your-seat", "spectators read the chat; players write in it")
    text = clean(message.get("text"))
    limit, window = quotas.CHAT  # per person, over all their sockets
    if not await quotas.spend(room.rooms, "chat", person_at(room, conn),
                              client_of(conn.socket), limit, window):
        raise ChatRefused("slow-down", f"at most {limit} chat lines in {window:.0f} seconds")
    seat = conn.shown_seat(room.state)
    new: list[dict[str, Any]] = []
    async with room.lock:  # one line at a time gets the next index
        for _ in range(5):
            history = await lines(room)
            index = history[-1]["index"] + 1 if history else 0
            try:
                stamp = await room.rooms.run(room.rooms.storage.add_chat, room.id, index,
                                             seat, text)
            except MoveConflict:  # another process wrote that line first: take it, go on
                new += await catch_up(room)
                continue
            line = _line(room, index, seat, text, stamp)
            history.append(line)
            del history[:-HISTORY]
            new.append(line)
            break
        else:
            raise ChatRefused("busy", "the chat is busy: send it again")
    await tell(room, new)
