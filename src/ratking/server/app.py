"""The FastAPI application: the HTTP API, one websocket per table, and the front end."""

from __future__ import annotations

import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnected

from ..core import RatkingError, list_games, replay
from .messages import board_message
from .rooms import Connection, MoveRefused, Room, Rooms
from .storage import Storage, default_db_url

STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 4096  # bytes: a move is a few dozen
log = logging.getLogger("ratking.server")


class NewTable(BaseModel):
    game: str
    players: int = Field(ge=1, le=12)
    seats: list[str]
    rules: dict[str, Any] = {}
    names: list[str] | None = None
    turn_timer: float | None = Field(default=None, ge=5, le=3600)
    bot_delay: float | None = Field(default=None, ge=0, le=10)


def create_app(db: str | None = None, bot_delay: float = 0.6) -> FastAPI:
    """The web app; `db` is an SQLAlchemy URL (default: RATKING_DB or a SQLite file)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        storage = Storage(db or default_db_url())
        rooms = Rooms(storage, bot_delay)
        resumed = rooms.resume()
        log.info("ratking: %d tables resumed from %s", resumed, storage.engine.url)
        app.state.rooms = rooms
        yield
        await rooms.close()
        storage.close()

    app = FastAPI(title="ratking", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def rooms_of(request: Request | WebSocket) -> Rooms:
        return request.app.state.rooms

    def room_or_404(request: Request, table_id: str) -> Room:
        room = rooms_of(request).get(table_id)
        if room is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return room

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    @app.exception_handler(RatkingError)
    async def game_error(_request: Request, exc: RatkingError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

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
        return {"ok": True, "live_tables": len(rooms_of(request).rooms)}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{"id": g.id, "title": g.title, "summary": g.summary,
                 "min_players": g.min_players, "max_players": g.max_players,
                 "rules": list(g.rules)} for g in list_games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, spec: NewTable) -> dict[str, Any]:
        try:
            room, tokens = rooms_of(request).create(spec.game, spec.players, spec.seats,
                                                    spec.rules, spec.names, spec.turn_timer,
                                                    spec.bot_delay)
        except (RatkingError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None
        room.schedule()
        seats = [{"seat": i, "name": room.state.names[i], "kind": room.kinds[i],
                  "token": token,
                  "invite": f"/t/{room.id}#seat={i}&token={token}" if token else None}
                 for i, token in enumerate(tokens)]
        return {"id": room.id, "url": f"/t/{room.id}", "seats": seats}

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        return {"tables": rooms_of(request).listing()}

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        return room_or_404(request, table_id).summary()

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> JSONResponse:
        room = room_or_404(request, table_id)
        if not room.state.is_over:
            raise HTTPException(409, "the record is available once the game is over (it "
                                     "holds the seed, which would reveal every hidden card)")
        return JSONResponse(room.state.record(), headers={
            "Content-Disposition": f'attachment; filename="{room.game.id}-{room.id}.json"'})

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(request: Request, table_id: str, step: int) -> dict[str, Any]:
        room = room_or_404(request, table_id)
        if not room.state.is_over:
            raise HTTPException(409, "finished games only: a replay shows every hand")
        total = room.version
        if not 0 <= step <= total:
            raise HTTPException(400, f"step must be 0 to {total}")
        state = replay(room.state.record(), upto=step)
        notes = {i: n for i, n in room.notes.items() if i < step}
        return {"step": step, "total": total, **board_message(state, None, notes)}

    # --- the table's websocket ---------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        room = rooms_of(socket).get(table_id)
        if room is None:
            await socket.send_json({"type": "error", "code": "unknown-table",
                                    "message": f"no table {table_id!r}"})
            await socket.close(code=4404)
            return
        conn = Connection(socket)
        room.connections.add(conn)
        try:
            await room.send_state(conn)
            await room.broadcast(skip=conn)  # the others see who is watching
            while True:
                text = await socket.receive_text()
                await handle(room, conn, text)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the page closed, reloaded or lost its network: it may come back
        finally:
            room.connections.discard(conn)
            if not rooms_of(socket).closing:
                await room.broadcast()

    async def handle(room: Room, conn: Connection, text: str) -> None:
        async def refuse(code: str, message: str) -> None:
            async with conn.lock:
                await conn.socket.send_json({"type": "error", "code": code, "message": message})

        if len(text.encode()) > MAX_MESSAGE:
            return await refuse("too-large", f"messages may be at most {MAX_MESSAGE} bytes")
        try:
            message = json.loads(text)
        except json.JSONDecodeError as exc:
            return await refuse("malformed", f"not JSON: {exc.msg}")
        if not isinstance(message, dict):
            return await refuse("malformed", "a message must be a JSON object")
        kind = message.get("type")
        if kind == "ping":
            async with conn.lock:
                await conn.socket.send_json({"type": "pong"})
        elif kind == "hello":
            tokens = message.get("tokens", [])
            if not isinstance(tokens, list):
                return await refuse("malformed", "'tokens' must be a list")
            conn.seats = room.seats_for(tokens)
            if tokens and not conn.seats:
                await refuse("bad-token", "no seat at this table has that token: "
                                          "you are watching")
            await room.send_state(conn)
            await room.broadcast(skip=conn)  # the others see this seat come online
        elif kind == "move":
            seat, action, version = (message.get(k) for k in ("seat", "action", "version"))
            if not isinstance(action, str) or not isinstance(version, int) \
                    or not isinstance(seat, int) or isinstance(seat, bool):
                return await refuse("malformed", "a move needs 'seat', 'action' and 'version'")
            if seat not in conn.seats:
                return await refuse("not-your-seat", "you hold no token for that seat")
            forced = message.get("forced") is True  # the page made the person's only move
            try:
                await room.submit(seat, action, version, "forced" if forced else "human")
            except MoveRefused as exc:
                await refuse(exc.code, str(exc))
                await room.send_state(conn)
        else:
            await refuse("unknown-type", f"unknown message type {kind!r}; "
                                         "known: hello, move, ping")

    return app
