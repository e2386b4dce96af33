"""A lean table server: the yardstick `benchmarks/load.py --server lean` measures ratking against.

The same stack as `ratking serve` (FastAPI on uvicorn, websockets, orjson) and the same
protocol as far as load.py's clients use it (`POST /api/tables`, `GET /healthz`, a websocket
per table taking "hello", "move" and "sync"), the same kernel, games and heuristic bots, and
each move committed to SQLite (WAL, synchronous=NORMAL, as ratking's default) before anyone
hears of it. What it leaves out is what ratking adds on top of a move: it sends each seat its
view, legal actions and version as one full JSON message (no SVG drawing, no deltas, no log,
no routes, hints or explanations), encoded once per seat and sent as the same text to every
socket of that seat; no accounts, quotas, leases, clocks or lobby.

    python benchmarks/lean_server.py --port 8123 [--db lean.db] [--bot-delay 0.6]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import sqlite3
import uuid
from typing import Any

import orjson
import uvicorn
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnected

from ratking.bots import make_bot
from ratking.core import State, shared
from ratking.core.rng import derive_seed
from ratking.server.serve.protocol import uvicorn_options
from ratking.server.settings import Settings
from ratking.server.web.collector import collecting, steady_gc


class LeanSocket:
    """One websocket at a table and the seats its tokens unlock."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.seats: tuple[int, ...] = ()

    def shown(self, state: State) -> int | None:
        if not self.seats:
            return None
        return state.current_player if state.current_player in self.seats else self.seats[0]


class LeanTable:
    """One table: its state, seats, sockets, and the bots' moves."""

    def __init__(self, server: LeanServer, game: str, players: int, seats: list[str],
                 seed: int) -> None:
        self.server = server
        self.id = uuid.uuid4().hex[:12]
        self.seed = seed
        self.state = shared(game).new_game(players, seed=seed)
        self.bots = {i: kind for i, kind in enumerate(seats) if kind != "human"}
        self.tokens = {secrets.token_urlsafe(16): i for i, kind in enumerate(seats)
                       if kind == "human"}
        self.sockets: set[LeanSocket] = set()
        self.seq = 0
        self.lock = asyncio.Lock()
        self.task: asyncio.Task | None = None

    def message(self, seat: int | None, you: tuple[int, ...]) -> str:
        """The state message for sockets showing `seat` and holding `you`."""
        state = self.state
        actions = [] if seat is None or state.current_player != seat else [
            {"id": a.id, "label": state.describe_action(a)} for a in state.legal_actions()]
        result = None if not state.is_over else {"returns": state.returns(),
                                                 "scores": state.scores()}
        self.seq += 1
        return orjson.dumps({"type": "state", "seq": self.seq, "version": state.steps,
                             "you": list(you), "seat": seat, "view": state.view(seat),
                             "actions": actions, "result": result}).decode()

    async def send(self, sock: LeanSocket, text: str) -> None:
        with contextlib.suppress(Exception):  # a closed socket is cleaned up by its reader
            await sock.socket.send_text(text)

    async def broadcast(self) -> None:
        """Each seat group's message encoded once, sent to all its sockets side by side."""
        texts: dict[tuple, str] = {}
        sends = []
        for sock in self.sockets:
            key = (sock.shown(self.state), sock.seats)
            text = texts.get(key)
            if text is None:
                text = texts[key] = self.message(*key)
            sends.append(self.send(sock, text))
        await asyncio.gather(*sends)

    async def move(self, seat: int, version: int, action: str) -> str | None:
        """Make a move; None, or why it was refused."""
        async with self.lock:
            state = self.state
            if state.is_over:
                return "the game is over"
            if version != state.steps:
                return "stale"
            if state.current_player != seat:
                return "not your turn"
            if not any(a.id == action for a in state.legal_actions()):
                return "illegal"
            self.server.write(self.id, state.steps, action, seat)
            state.apply(action)
        self.schedule()
        await self.broadcast()
        return None

    def schedule(self) -> None:
        seat = self.state.current_player
        if not self.state.is_over and seat in self.bots:
            self.task = asyncio.create_task(self.bot_turn(seat, self.state.steps))

    async def bot_turn(self, seat: int, version: int) -> None:
        await asyncio.sleep(self.server.bot_delay)
        if self.state.steps != version:
            return
        seed = derive_seed(derive_seed(self.seed, 100 + seat), version)
        action = make_bot(self.bots[seat], seed).choose(self.state).id
        await self.move(seat, version, action)


class LeanServer:
    """The tables in memory and the SQLite file the moves are committed to."""

    def __init__(self, db: str, bot_delay: float) -> None:
        self.tables: dict[str, LeanTable] = {}
        self.bot_delay = bot_delay
        self.db = sqlite3.connect(db, check_same_thread=False)  # one event loop uses it
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS moves (table_id TEXT, idx INTEGER, "
                        "action TEXT, seat INTEGER, PRIMARY KEY (table_id, idx))")
        self.db.commit()

    def write(self, table_id: str, index: int, action: str, seat: int) -> None:
        self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, index, action, seat))
        self.db.commit()


def create_app(server: LeanServer) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        async with collecting():  # the same garbage collection as `ratking serve`
            yield

    app = FastAPI(lifespan=lifespan)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> Any:
        body = await request.json()
        try:
            table = LeanTable(server, body["game"], int(body["players"]), list(body["seats"]),
                              secrets.randbits(32))
        except Exception as exc:  # the yardstick only checks what it needs to
            return JSONResponse({"detail": str(exc)}, status_code=422)
        server.tables[table.id] = table
        table.schedule()
        by_seat = {seat: token for token, seat in table.tokens.items()}
        return {"id": table.id, "seats": [{"seat": i, "token": by_seat.get(i)}
                                          for i in range(int(body["players"]))]}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        table = server.tables.get(table_id)
        if table is None:
            await socket.close(code=4404)
            return
        sock = LeanSocket(socket)
        table.sockets.add(sock)
        try:
            await table.send(sock, table.message(None, ()))
            while True:
                message = orjson.loads(await socket.receive_text())
                kind = message.get("type")
                if kind == "hello":
                    sock.seats = tuple(sorted({table.tokens[t] for t in message["tokens"]
                                               if t in table.tokens}))
                    await table.send(sock, table.message(sock.shown(table.state), sock.seats))
                elif kind == "sync":
                    await table.send(sock, table.message(sock.shown(table.state), sock.seats))
                elif kind == "move" and message.get("seat") in sock.seats:
                    refused = await table.move(message["seat"], message["version"],
                                               message["action"])
                    if refused is not None:
                        await table.send(sock, orjson.dumps({"type": "error",
                                                             "message": refused}).decode())
        except (WebSocketDisconnect, WebSocketDisconnected):  # gone, or a send found it gone
            pass
        finally:
            table.sockets.discard(sock)

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8123)
    parser.add_argument("--db", default="lean.db", help="the SQLite file moves are written to")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    args = parser.parse_args()
    app = create_app(LeanServer(args.db, args.bot_delay))
    steady_gc()  # the same transport and garbage collector settings as `ratking serve`
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                **uvicorn_options(Settings.from_env()))


if __name__ == "__main__":
    main()
