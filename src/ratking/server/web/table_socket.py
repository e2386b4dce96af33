"""A table's websocket (`/ws/tables/<id>`): the messages a page sends (hello, move, undo, the
endings, hint, chat, ping, sync), checked and handed to the room, and the refusals it answers
(`{"type": "error", "code": ..., "message": ...}`); the caps on sockets per person and per
table."""

from __future__ import annotations

import functools

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from ..lobby import accounts
from ..lobby import tables as lobby
from ..lobby.guest_names import LooksTaken, check_guest_name, people_at
from ..lobby.tables import rooms_of
from ..names import BadName, check_name
from ..people import quotas
from ..people.clients import client_of, quota_key
from ..people.sessions import SIGNED_OUT
from ..rooms import Connection, MoveRefused, Room, Unreplayable, chat, hints, token_hash
from ..storage.tables import UNAVAILABLE

MAX_MESSAGE = 4096  # bytes: a move is a few dozen
MAX_TOKENS = 12
TOO_MANY_SOCKETS = 4429  # close code: over a cap on sockets per table or per client
UNREPLAYABLE = 4409  # close code: the table's stored record cannot be replayed
FINISHING = ("resign", "claim", "abort", "propose-end", "vote-end")  # rooms/finishing.py

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    await socket.accept()
    account = await accounts.signed_in(socket)
    who = quota_key(socket, account.id if account else None)
    settings = socket.app.state.settings
    rooms, limit = rooms_of(socket), settings.max_sockets_per_client
    try:
        holder, full = await quotas.hold(rooms, "socket", account and
                                         f"account:{account.id}", client_of(socket), limit)
    except UNAVAILABLE:  # the database is down: the socket opens uncounted, play goes on
        holder, full = "", None
    if full is not None:
        whose = "one address" if ":address:" in full else "one person"
        most = limit * quotas.PER_ADDRESS if whose == "one address" and account else limit
        return await too_many_sockets(
            socket, f"at most {most} sockets from {whose}: close some tables")
    try:
        if account is not None:
            socket.app.state.sessions.add(account.session, socket)
            if await accounts.signed_in(socket) is None:  # signed out while it opened
                return await socket.close(code=SIGNED_OUT, reason="signed out")
        await _table_socket(socket, table_id, account, who)
    finally:
        await quotas.release(rooms, holder)
        if account is not None:
            socket.app.state.sessions.discard(account.session, socket)

async def _table_socket(socket: WebSocket, table_id: str,
                        account: accounts.Account | None, who: str | None) -> None:
    try:
        room = await rooms_of(socket).get(table_id)
    except Unreplayable as exc:
        await socket.send_json({"type": "error", "code": "unreplayable", "message": str(exc)})
        await socket.close(code=UNREPLAYABLE, reason="its stored record cannot be replayed")
        return
    if room is None:
        await socket.send_json({"type": "error", "code": "unknown-table",
                                "message": f"no table {table_id!r}"})
        await socket.close(code=4404)
        return
    settings = socket.app.state.settings
    if len(room.connections) >= settings.max_sockets_per_table:
        return await too_many_sockets(
            socket, f"this table has {settings.max_sockets_per_table} sockets open")
    conn = Connection(socket, who=who)
    if account is not None:
        conn.account_id, conn.account_name = account.id, account.name
    try:
        await room.joined(conn)
        await chat.send_history(room, conn)
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                await refuse(conn, "binary", "messages are JSON text, not binary frames")
            else:
                await handle(room, conn, text)
    except (WebSocketDisconnect, WebSocketDisconnected):
        pass  # the page closed, reloaded or lost its network: it may come back
    finally:
        await room.left(conn)

async def too_many_sockets(socket: WebSocket, message: str) -> None:
    """Refuse a socket over a cap: say why, then close with TOO_MANY_SOCKETS."""
    await socket.send_json({"type": "error", "code": "too-many-sockets", "message": message})
    await socket.close(code=TOO_MANY_SOCKETS, reason=message)

async def refuse(conn: Connection, code: str, message: str) -> None:
    await conn.send_text(orjson.dumps({"type": "error", "code": code,
                                       "message": message}).decode())

async def undo(room: Room, conn: Connection, message: dict) -> None:
    """`{"type": "undo"}` (optionally with "seat" and "version", checked like a move's):
    the person to move takes back their last move (rooms/undo.py)."""
    mover = room.state.current_player
    seat = message.get("seat", mover if mover in conn.seats else None)
    version = message.get("version", room.version)
    if not conn.seats:
        return await refuse(conn, "not-your-seat", "you hold no seat at this table")
    if seat is None:
        return await refuse(conn, "not-your-turn", "only the person to move can take "
                                                   "back their last move")
    if not isinstance(version, int) or not isinstance(seat, int) \
            or isinstance(seat, bool) or isinstance(version, bool):
        return await refuse(conn, "malformed", "an undo's 'seat' and 'version' must be "
                                               "whole numbers")
    if seat not in conn.seats:
        return await refuse(conn, "not-your-seat", "you hold no token for that seat")
    try:
        await room.take_back(seat, version)
    except MoveRefused as exc:
        await refuse(conn, exc.code, str(exc))
        if exc.code == "stale":  # the sender's view is behind: the table as it is
            await room.send_state(conn, full=True)

async def finish(room: Room, conn: Connection, kind: str, message: dict) -> None:
    """Resign, claim the win, abort, propose to end the game or vote on it (rooms/
    finishing.py), for the sender's seat ("seat" when it holds several)."""
    seat = message.get("seat", conn.seats[0] if len(conn.seats) == 1 else None)
    if not conn.seats:
        return await refuse(conn, "not-your-seat", "you hold no seat at this table")
    if seat not in conn.seats or isinstance(seat, bool):
        return await refuse(conn, "not-your-seat", "say which of your seats ('seat')")
    accept = message.get("accept")
    if kind == "vote-end" and not isinstance(accept, bool):
        return await refuse(conn, "malformed", "a vote needs 'accept': true or false")
    try:
        if kind == "resign":
            await room.resign(seat)
        elif kind == "claim":
            await room.claim(seat)
        elif kind == "abort":
            await room.abort()
        elif kind == "propose-end":
            await room.propose_end(seat)
        else:
            await room.vote_end(seat, accept)
    except MoveRefused as exc:
        await refuse(conn, exc.code, str(exc))
        await room.send_state(conn, full=True)

async def handle(room: Room, conn: Connection, text: str) -> None:
    if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
        return await refuse(conn, "too-large", f"messages may be at most {MAX_MESSAGE} "
                                               "bytes")
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError as exc:  # also JSON nested too deep
        return await refuse(conn, "malformed", f"not JSON: {exc.msg}")
    if not isinstance(message, dict):
        return await refuse(conn, "malformed", "a message must be a JSON object")
    kind = message.get("type")
    if kind == "ping":
        await conn.send_text('{"type":"pong"}')
    elif kind == "sync":  # the page lost track of the deltas: send it everything
        await room.send_state(conn, full=True)
    elif kind == "hello":
        tokens = message.get("tokens", [])
        if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
            return await refuse(conn, "malformed",
                                f"'tokens' must be a list of at most {MAX_TOKENS}")
        before = room.seen()
        name = message.get("name")
        conn.tokens = frozenset(token_hash(t) for t in tokens if isinstance(t, str))
        conn.seats = room.seats_held(conn.tokens, conn.account_id)
        if name is not None and conn.account_id is None:
            seats = [room.row.seats[i] for i in conn.seats]
            named = seats and all(s.get("claimed") and "name" in s for s in seats)
            try:  # a name not shown (its seats named already) is not looked at again
                conn.name = check_name(name) if named else await check_guest_name(
                    room.rooms, check_name(name), people_at(room.row, conn.seats))
            except BadName as exc:
                await refuse(conn, "bad-name", str(exc))
            except LooksTaken as exc:
                await refuse(conn, "name-taken", str(exc))
        await lobby.claim(room, conn)  # may find a seat's token replaced meanwhile
        if tokens and not conn.seats:
            await refuse(conn, "bad-token", "no seat at this table has that token: "
                                            "you are watching")
        if conn.seats:
            room.arrived()  # a person at the table: its turn timer may run
        await room.greeted(conn, before)  # the others only if a seat came online
        await chat.spectators_history(room, conn)
    elif kind == "move":
        seat, action, version = (message.get(k) for k in ("seat", "action", "version"))
        if not isinstance(action, str) or not isinstance(version, int) \
                or not isinstance(seat, int) or isinstance(seat, bool) \
                or isinstance(version, bool):
            return await refuse(conn, "malformed",
                                "a move needs 'seat', 'action' and 'version'")
        if seat not in conn.seats:
            return await refuse(conn, "not-your-seat", "you hold no token for that seat")
        forced = message.get("forced") is True  # the page made the person's only move
        try:
            await room.submit(seat, action, version, "forced" if forced else "human")
        except MoveRefused as exc:
            await refuse(conn, exc.code, str(exc))
            await room.send_state(conn, full=True)
    elif kind == "undo":
        await undo(room, conn, message)
    elif kind in FINISHING:
        await finish(room, conn, kind, message)
    elif kind == "hint":
        # searched in the background, so the connection's other messages go on
        hints.start(room, conn, functools.partial(refuse, conn))
    elif kind == "chat":
        try:
            await chat.post(room, conn, message)
        except chat.ChatRefused as exc:
            await refuse(conn, exc.code, str(exc))
    else:
        await refuse(conn, "unknown-type", f"unknown message type {str(kind)[:40]!r}; "
                                           "known: hello, move, undo, chat, "
                                           "hint, ping, sync, "
                                           + ", ".join(FINISHING))
