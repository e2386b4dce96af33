"""The FastAPI application: the HTTP API, one websocket per table, and the front end."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ...core import RatkingError, RulesError, list_games, replay, shared
from ...tutorial import has_tutorial
from ..lobby import accounts, my_account, profiles, quickmatch
from ..lobby import tables as lobby
from ..lobby.origin import SameOrigin
from ..names import BadName, check_name
from ..people.clients import quota_key
from ..people.passwords import Hashing
from ..people.ratings import WITH_BOTS
from ..people.sessions import SIGNED_OUT, SessionSockets
from ..play import explain
from ..play.messages import LOG_LINES, board_message, log_entries
from ..rooms import (
    Connection,
    Creator,
    MoveRefused,
    Refused,
    Room,
    Rooms,
    Unreplayable,
    chat,
    hints,
    token_hash,
)
from ..settings import Settings
from ..storage.tables import ServerLock, Storage, default_db_url, why
from . import boards, failures, openapi, pages, reviews
from .collector import collecting
from .learn import router as learn_router
from .security import Protect

STATIC = Path(__file__).parent.with_name("static")
MAX_MESSAGE = 4096  # bytes: a move is a few dozen
MAX_TOKENS = 12
TOO_MANY_SOCKETS = 4429  # close code: over a cap on sockets per table or per client
UNREPLAYABLE = 4409  # close code: the table's stored record cannot be replayed
FINISHING = ("resign", "claim", "abort", "propose-end", "vote-end")  # rooms/finishing.py
log = logging.getLogger("ratking.server")


class NewTable(BaseModel):
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=12)
    seats: list[str] = Field(max_length=12)
    rules: dict[str, Any] = Field(default={}, max_length=40)
    # card files from the server's cards folder, by kind: {"cards": "thief400.toml"}
    card_files: dict[str, str] | None = Field(default=None, max_length=2)
    names: list[str] | None = Field(default=None, max_length=12)
    turn_timer: float | None = Field(default=None, ge=5, le=3600, allow_inf_nan=False)
    bot_delay: float | None = Field(default=None, ge=0, le=10, allow_inf_nan=False)
    private: bool = False  # not listed in the lobby
    joinable: bool = False  # anyone may take an open person's seat from the lobby
    rated: bool = False  # rated at its end if every person's seat is held by an account
    # turn-based: seconds each person has for a turn (1 hour to 7 days), then the stand-in
    turn_bank: float | None = Field(default=None, ge=3600, le=7 * 86400, allow_inf_nan=False)
    name: str | None = Field(default=None, max_length=200)  # the creator's name (a guest's)


class StartupErrors:
    """ASGI middleware: a server process whose start fails (its database, say) logs why in
    one line, the exception's, instead of Starlette's traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            return await self.app(scope, receive, send)

        async def one_line(message: Message) -> None:
            if message["type"] == "lifespan.startup.failed":
                exc = sys.exc_info()[1]  # sent from the handler of the failure
                reason = why(exc) if exc is not None else "see above"
                message = {**message,
                           "message": f"ratking: this server process could not start: {reason}"}
            await send(message)

        await self.app(scope, receive, one_line)


def create_app(db: str | None = None, bot_delay: float | None = None,
               settings: Settings | None = None, **overrides: Any) -> FastAPI:
    """The web app. `settings` (default: from RATKING_* variables) holds its limits; `db` (an
    SQLAlchemy URL), `bot_delay` and `overrides` replace single settings."""
    if settings is None:
        settings = Settings.from_env(db=db, bot_delay=bot_delay, **overrides)
    else:
        settings = settings.with_(**{k: v for k, v in
                                     {"db": db, "bot_delay": bot_delay, **overrides}.items()
                                     if v is not None})

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        url = settings.db or default_db_url()
        lock = ServerLock(url)
        storage = Storage(url, synchronous=settings.sqlite_synchronous)
        rooms = Rooms(storage, settings)
        rooms.sweeps.append(quickmatch.fill)  # bots for quick tables whose wait is over
        app.state.rooms = rooms
        app.state.sessions = sockets = SessionSockets()
        rooms.notices["o"] = functools.partial(sockets.heard, rooms.spawn)
        app.state.hashing = Hashing(settings.hash_threads, settings.hash_queue,
                                    settings.search_nice)
        try:
            resumed = await rooms.start()
            log.info("ratking: %d tables resumed from %s", resumed, storage.engine.url)
            async with collecting():
                yield
        finally:
            await rooms.close()
            app.state.hashing.close()
            storage.close()
            lock.release()

    docs = settings.api_docs
    app = FastAPI(title="ratking", lifespan=lifespan, docs_url="/docs" if docs else None,
                  redoc_url=None, openapi_url="/openapi.json" if docs else None)
    app.state.settings = settings
    app.add_middleware(SameOrigin)
    app.add_middleware(Protect, max_frame=settings.max_frame)
    app.add_middleware(StartupErrors)
    if settings.forwarded_allow_ips:  # outermost: every part of the app sees the client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.forwarded_allow_ips)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    app.include_router(boards.router)
    app.include_router(lobby.router)
    app.include_router(accounts.router)
    app.include_router(profiles.router)
    app.include_router(my_account.router)
    app.include_router(quickmatch.router)
    app.include_router(reviews.router)
    app.include_router(learn_router)
    rooms_of, room_or_404 = lobby.rooms_of, lobby.room_or_404

    failures.install(app)
    openapi.install(app)

    @app.exception_handler(StarletteHTTPException)  # FastAPI's, and routing's own 404 and 405
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # the reasons, never the input itself (it may hold NaN, which JSON cannot carry)
        reasons = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
            reasons.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
        return JSONResponse({"error": "; ".join(reasons) or "bad request"}, status_code=422)

    @app.exception_handler(RatkingError)
    async def game_error(_request: Request, exc: RatkingError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=headers)

    # --- pages -----------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    # --- API --------------------------------------------------------------------------------

    @app.get("/healthz")
    async def healthz(request: Request) -> dict[str, Any]:
        # the pid tells apart the processes of `ratking serve --workers N` behind one port
        return {"ok": True, "live_tables": len(rooms_of(request).rooms), "pid": os.getpid()}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{"id": g.id, "title": g.title, "summary": g.summary,
                 "min_players": g.min_players, "max_players": g.max_players,
                 "player_counts": list(shared(g.id).player_counts()),  # with the default rules
                 "rules": list(g.rules), "tutorial": has_tutorial(g.id)}
                for g in list_games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, spec: NewTable) -> dict[str, Any]:
        """A new table: its id, url, seats (each person's with its token and invite link),
        the creator's `owner_token`, and whether it is `rated`. A table asked to be rated
        with a bot at a seat is not (rated games are between people): `unrated_because`
        says so."""
        account = await accounts.signed_in(request)
        client = quota_key(request, account.id if account else None)
        creator = Creator(account.name, account.id) if account else Creator(spec.name)
        try:
            room, tokens, owner = await rooms_of(request).create(
                spec.game, spec.players, spec.seats, spec.rules, spec.names, spec.turn_timer,
                spec.bot_delay, client, private=spec.private, joinable=spec.joinable,
                rated=spec.rated, creator=creator, turn_bank=spec.turn_bank,
                card_files=spec.card_files)
        except RulesError as exc:  # well formed, but against the game's rules (e.g. the count)
            raise HTTPException(422, str(exc)) from None
        except (RatkingError, ValueError, TypeError) as exc:
            raise HTTPException(400, str(exc)) from None
        seats = [{"seat": i, "name": room.state.names[i], "kind": room.kinds[i],
                  "token": token,
                  "invite": f"/t/{room.id}#seat={i}&token={token}" if token else None}
                 for i, token in enumerate(tokens)]
        answer = {"id": room.id, "url": f"/t/{room.id}", "seats": seats, "owner_token": owner,
                  "rated": room.row.rated}
        if spec.rated and not room.row.rated:
            answer["unrated_because"] = WITH_BOTS
        return answer

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        return await lobby.listing(rooms_of(request))

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        return (await room_or_404(request, table_id)).summary()

    @app.delete("/api/tables/{table_id}")
    async def close_table(request: Request, table_id: str) -> dict[str, Any]:
        """Close a table for good: its creator only (Authorization: Bearer <owner_token>).
        At a rated table this is an abort, allowed only before a second player has moved
        (no result, no rating change); after that it is refused with 409: resign, or
        propose to end the game, at the table."""
        room = await room_or_404(request, table_id)
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise HTTPException(401, "closing a table needs its creator's token "
                                     "(Authorization: Bearer <owner_token>)",
                                headers={"WWW-Authenticate": "Bearer"})
        if not room.is_owner(token.strip()):
            raise HTTPException(403, "only the table's creator may close it")
        if room.row.rated and room.playing:  # only before it began: an abort
            try:
                await room.abort()
            except MoveRefused as exc:
                raise HTTPException(409, f"a rated table cannot be closed: {exc}") from None
            return room.summary()
        if not await room.close("closed"):
            raise HTTPException(409, f"the table is {room.summary()['status']}, not playing")
        return room.summary()

    def finished(room: Room) -> None:
        if room.playing:
            raise HTTPException(409, "the record is available once the game is over (it "
                                     "holds the seed, which would reveal every hidden card)")

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> JSONResponse:
        room = await room_or_404(request, table_id)
        finished(room)
        return JSONResponse(room.state.record(), headers={
            "Content-Disposition": f'attachment; filename="{room.game.id}-{room.id}.json"'})

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(request: Request, table_id: str, step: int) -> dict[str, Any]:
        room = await room_or_404(request, table_id)
        finished(room)
        total = room.steps
        if not 0 <= step <= total:
            raise HTTPException(400, f"step must be 0 to {total}")
        state = replay(room.state.record(), upto=step)
        # the record's own notes: an undo's line (a key between two moves) is no part of it
        notes = {i: n for i, n in room.notes.items() if i < step and i.__class__ is int}
        board = board_message(state, None, notes)
        standing = explain.standing(state, board["view"])  # as the table stood then
        opened = explain.open_view(state)  # every hand face up: the game is over
        if opened is not None:
            board["view"] = opened
        board["svg"] = state.game.render_svg(board["view"], [])
        return {"step": step, "total": total, **board, "hands": explain.open_hands(state),
                "standing": standing, "log_steps": log_steps(state, None, notes)}

    def log_steps(state: Any, seat: int | None, notes: dict[int, str]) -> list[int]:
        """Per line of the log `seat` is told, the step that shows the board just after what
        the line tells."""
        told = log_entries(state.events_for(seat), notes)[-LOG_LINES:]
        return [move + 1 for _, move in told]

    @app.get("/api/tables/{table_id}/moment/{step}")
    async def moment(request: Request, table_id: str, step: int,
                     seat: int | None = None) -> dict[str, Any]:
        """The board after `step` moves, read-only, as `seat` saw it then (its view, its log,
        no actions): a seat the caller holds (its token in `X-Ratking-Tokens`, comma
        separated, or the account signed in), else a spectator's; live or finished. Nothing
        in it is more than that seat (or a spectator) was shown at the time."""
        room = await room_or_404(request, table_id)
        total = room.steps
        if not 0 <= step <= total:
            raise HTTPException(400, f"step must be 0 to {total}")
        if seat is not None:
            account = await accounts.signed_in(request)
            tokens = request.headers.get("x-ratking-tokens", "").split(",")
            if seat not in room.seats_for([t.strip() for t in tokens if t.strip()],
                                          account.id if account else None):
                raise HTTPException(403, f"seat {seat + 1} is not yours")
        record = room.state.record()
        notes = {i: n for i, n in room.notes.items() if i < step and i.__class__ is int}

        def then() -> dict[str, Any]:  # a replay: in a thread, off the event loop
            state = replay(record, upto=step)
            board = board_message(state, seat, notes, actions=[])
            board["svg"] = state.game.render_svg(board["view"], [])
            return {"step": step, "total": total, "seat": seat, **board,
                    "standing": explain.standing(state, board["view"]),
                    "log_steps": log_steps(state, seat, notes)}

        return await asyncio.to_thread(then)

    @app.get("/api/tables/{table_id}/chat/spectators")
    async def spectators_chat(request: Request, table_id: str) -> dict[str, Any]:
        """The spectators' chat (its recent lines), for anyone once the game is over; while
        it is played only the spectators read it, over the table's socket."""
        room = await room_or_404(request, table_id)
        if room.playing:
            raise HTTPException(409, "the spectators' chat is read by the players once the "
                                     "game is over")
        return {"lines": chat.spectator_lines(await chat.lines(room))}

    # --- the table's websocket ---------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        account = await accounts.signed_in(socket)
        who = quota_key(socket, account.id if account else None)
        quotas, limit = rooms_of(socket).quotas, settings.max_sockets_per_client
        if not quotas.open_socket(who, limit):
            return await too_many_sockets(
                socket, f"at most {limit} sockets from one person: close some tables")
        try:
            if account is not None:
                app.state.sessions.add(account.session, socket)
                if await accounts.signed_in(socket) is None:  # signed out while it opened
                    return await socket.close(code=SIGNED_OUT, reason="signed out")
            await _table_socket(socket, table_id, account, who)
        finally:
            quotas.close_socket(who)
            if account is not None:
                app.state.sessions.discard(account.session, socket)

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
            if name is not None and conn.account_id is None:
                try:
                    conn.name = check_name(name)
                except BadName as exc:
                    await refuse(conn, "bad-name", str(exc))
            conn.tokens = frozenset(token_hash(t) for t in tokens if isinstance(t, str))
            conn.seats = room.seats_held(conn.tokens, conn.account_id)
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

    return app


def app_from_env() -> FastAPI:
    """The app as each worker of `ratking serve --workers N` builds it (settings from the
    RATKING_* variables that `serve` sets)."""
    return create_app()
