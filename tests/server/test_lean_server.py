"""The lean yardstick server (benchmarks/lean_server.py) that `benchmarks/load.py --server lean`
measures ratking against: it plays the load generator's protocol, sends each seat only its own
view, and commits every move to SQLite."""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
from pathlib import Path

import orjson
from starlette.testclient import TestClient

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "lean_server.py"


def lean_module():
    spec = importlib.util.spec_from_file_location("lean_server", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lean_server", module)
    spec.loader.exec_module(module)
    return module


def next_state(ws) -> dict:
    while True:
        message = orjson.loads(ws.receive_text())
        if message["type"] == "state":
            return message


def test_a_person_plays_against_bots_and_each_seat_sees_its_view(tmp_path: Path) -> None:
    lean = lean_module()
    server = lean.LeanServer(str(tmp_path / "lean.db"), bot_delay=0.0)
    with TestClient(lean.create_app(server)) as client:
        assert client.get("/healthz").status_code == 200
        made = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 3,
                                                "seats": ["human", "heuristic", "heuristic"]})
        assert made.status_code == 201
        table_id, token = made.json()["id"], made.json()["seats"][0]["token"]
        table = server.tables[table_id]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            watching = next_state(ws)
            assert watching["you"] == [] and watching["actions"] == []
            ws.send_text(orjson.dumps({"type": "hello", "tokens": [token]}).decode())
            seen = next_state(ws)
            assert seen["you"] == [0] and "svg" not in seen
            moves = 0
            while moves < 3 and seen["result"] is None:
                if not seen["actions"]:
                    seen = next_state(ws)
                    continue
                # a seat is sent its own view, never more (seed 004: cards are looked at
                # secretly)
                assert seen["view"] == table.state.view(0)
                ws.send_text(orjson.dumps({"type": "move", "seat": 0,
                                           "version": seen["version"],
                                           "action": seen["actions"][0]["id"]}).decode())
                moves += 1
                before = seen["version"]
                while seen["version"] == before:
                    seen = next_state(ws)
            assert moves == 3
    stored = sqlite3.connect(tmp_path / "lean.db").execute(
        "SELECT count(*), max(idx) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
    assert stored[0] == stored[1] + 1 >= 3  # every move committed, in order


def test_a_stale_move_is_refused(tmp_path: Path) -> None:
    lean = lean_module()
    server = lean.LeanServer(str(tmp_path / "lean.db"), bot_delay=60.0)
    with TestClient(lean.create_app(server)) as client:
        made = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 3,
                                                "seats": ["human", "heuristic", "heuristic"]})
        table_id, token = made.json()["id"], made.json()["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            next_state(ws)
            ws.send_text(orjson.dumps({"type": "hello", "tokens": [token]}).decode())
            seen = next_state(ws)
            ws.send_text(orjson.dumps({"type": "move", "seat": 0, "version": seen["version"] + 5,
                                       "action": "x"}).decode())
            assert orjson.loads(ws.receive_text()) == {"type": "error", "message": "stale"}
