"""One writer per table version: a move or an undo is written only at the version its sender
saw, raced between real server processes on PostgreSQL and on one process; afterwards every
table replays from its stored moves, and the loser of each race was told "stale"."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from functools import partial

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from ratking.core import shared
from ratking.server import create_app

from .conftest import Server, free_port, full_message, receive_json, receive_state, waiting
from .test_processes import FAST


class Tab:
    """One browser tab holding every seat of a table, on one server: the last state it was
    sent, and the errors."""

    def __init__(self, server: Server, table: dict) -> None:
        self.held = contextlib.ExitStack()
        self.ws = self.held.enter_context(connect(f"{server.ws}/ws/tables/{table['id']}",
                                                  max_size=None))
        self.ws.send(json.dumps({"type": "hello",
                                 "tokens": [s["token"] for s in table["seats"]]}))
        self.state: dict = {}
        self.errors: list[str] = []
        self.at(lambda s: s["you"] == list(range(len(table["seats"]))))

    def at(self, done, seconds: float = 30) -> dict:
        """Read messages until the state satisfies `done`; that state."""
        deadline = time.monotonic() + seconds
        while not (self.state and done(self.state)):
            assert time.monotonic() < deadline, f"waited; at {self.state.get('version')}"
            self._read(seconds)
        return self.state

    def refused(self, seconds: float = 15) -> list[str]:
        """Read messages until an error comes; the errors."""
        deadline = time.monotonic() + seconds
        while not self.errors:
            assert time.monotonic() < deadline, "no refusal came"
            self._read(seconds)
        return self.errors

    def poll(self, seconds: float) -> None:
        """Read the messages that come within `seconds` of each other."""
        try:
            while True:
                self._read(seconds)
        except TimeoutError:
            pass

    def _read(self, seconds: float) -> None:
        message = full_message(self.ws, json.loads(self.ws.recv(timeout=seconds)))
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "error":
            self.errors.append(message["code"])

    def version(self, version: int) -> dict:
        return self.at(lambda s: s["version"] >= version)

    def send(self, **message) -> None:
        self.ws.send(json.dumps(message))

    def close(self) -> None:
        self.held.close()


def new_table(server: Server) -> dict:
    answer = httpx.post(server.url + "/api/tables", timeout=30, json={
        "game": "rat-and-duck", "players": 2, "seats": ["human", "human"]})
    assert answer.status_code == 201, answer.text
    return answer.json()


class Stored:
    """The tables as the database holds them."""

    def __init__(self, url: str) -> None:
        self.engine = create_engine(url)

    def moves(self, table_id: str) -> tuple[int, list[str]]:
        """The table's version and its stored actions, checked to have no gap."""
        with self.engine.connect() as conn:
            version = conn.execute(text("SELECT version FROM tables WHERE id = :t"),
                                   {"t": table_id}).scalar_one()
            rows = conn.execute(text('SELECT "index", action FROM moves WHERE table_id = :t '
                                     'ORDER BY "index"'), {"t": table_id}).all()
        assert [i for i, _ in rows] == list(range(len(rows))), f"a gap in {table_id}'s moves"
        return version, [a for _, a in rows]

    def replays(self, table_id: str) -> int:
        """Replay a table from its row and stored moves (as a server loading it does)."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT game, rules, players, seed FROM tables "
                                    "WHERE id = :t"), {"t": table_id}).one()
        rules = json.loads(row.rules) if isinstance(row.rules, str) else row.rules
        state = shared(row.game, **rules).new_game(row.players, seed=row.seed)
        actions = self.moves(table_id)[1]
        for action in actions:
            state.apply(action)  # IllegalAction here: a record that cannot be replayed
        return len(actions)

    def close(self) -> None:
        self.engine.dispose()


def to_undoable(tab: Tab) -> dict | None:
    """Play on (each seat's first choice) until the person to move may take a move back;
    that state, or None once the game is over."""
    while True:
        state = tab.state
        if state["result"] is not None:
            return None
        if state["can_undo"]:
            return state
        tab.send(type="move", seat=state["seat"], action=state["actions"][0]["id"],
                 version=state["version"])
        tab.version(state["version"] + 1)


def at_once(*sends) -> None:
    """Send each message from its own thread, released together."""
    gate = threading.Barrier(len(sends))

    def go(send) -> None:
        gate.wait()
        send()

    threads = [threading.Thread(target=go, args=(s,)) for s in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)


def test_an_undo_races_a_move_from_another_process(postgres):
    """# issue 45: one person, two tabs on two processes, sends an undo on one and a move on
    the other at the same version, 50 times: exactly one is written, the other is refused as
    stale, the stored moves have no gap and replay, and every process shows the same."""
    stored = Stored(postgres)
    outcomes = {"undo": 0, "move": 0}
    tables = []
    with Server(postgres, free_port(), **FAST) as a, Server(postgres, free_port(), **FAST) as b:
        while sum(outcomes.values()) < 50:
            table = new_table(a)
            tables.append(table["id"])
            on_a, on_b = Tab(a, table), Tab(b, table)
            try:
                while sum(outcomes.values()) < 50:
                    state = to_undoable(on_a)
                    if state is None:
                        break
                    version, (_, before) = state["version"], stored.moves(table["id"])
                    mine = on_b.version(version)
                    assert mine["version"] == version
                    move = mine["actions"][-1]["id"]
                    at_once(partial(on_a.send, type="undo", version=version),
                            partial(on_b.send, type="move", seat=mine["seat"], action=move,
                                    version=version))
                    for tab in (on_a, on_b):
                        tab.version(version + 1)
                    deadline = time.monotonic() + 15
                    while not on_a.errors and not on_b.errors:  # the loser's answer
                        assert time.monotonic() < deadline, "neither was refused"
                        for tab in (on_a, on_b):
                            tab.poll(0.05)
                    assert (on_a.errors, on_b.errors) in ((["stale"], []), ([], ["stale"]))
                    after_version, after = stored.moves(table["id"])
                    assert after_version == version + 1
                    if on_b.errors:  # the undo was written: the moves before it stand
                        assert len(after) < len(before) and after == before[:len(after)]
                        outcomes["undo"] += 1
                    else:  # the move was written where its sender saw the table
                        assert after == [*before, move]
                        outcomes["move"] += 1
                    assert len(after) == on_a.state["table"]["steps"] \
                        == on_b.state["table"]["steps"]
                    assert on_a.state["view"] == on_b.state["view"]
                    on_a.errors.clear()
                    on_b.errors.clear()
            finally:
                on_a.close()
                on_b.close()
        a.check()
        b.check()
    assert all(stored.replays(t) >= 0 for t in tables)
    assert "IllegalAction" not in a.stderr + b.stderr
    stored.close()


def test_a_move_made_before_an_undo_is_never_applied_after_it(tmp_path):
    """# issue 45: tab 1 sends a move for the position after X while tab 2 takes X back and
    plays on, 30 times on one process: tab 1's move is always stale (the version never comes
    round again), even when tab 2 plays X once more."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    stored = Stored(url)
    trials, tables = 0, []
    with Server(url, free_port()) as server:
        while trials < 30:
            table = new_table(server)
            tables.append(table["id"])
            one, two = Tab(server, table), Tab(server, table)
            try:
                while trials < 30:
                    state = to_undoable(two)
                    if state is None:
                        break
                    version, (_, before) = state["version"], stored.moves(table["id"])
                    seen = one.version(version)
                    late = seen["actions"][0]["id"]  # tab 1's move after X
                    taken = before[-1]  # X
                    two.send(type="undo", version=version)
                    back = two.version(version + 1)
                    again = taken if trials % 2 == 0 else back["actions"][-1]["id"]
                    at_once(partial(one.send, type="move", seat=seen["seat"], action=late,
                                    version=version),
                            partial(two.send, type="move", seat=back["seat"], action=again,
                                    version=version + 1))
                    two.version(version + 2)
                    assert one.refused() == ["stale"] and two.errors == []
                    after_version, after = stored.moves(table["id"])
                    assert after_version == version + 2
                    assert after == [*before[:back["table"]["steps"]], again]
                    one.version(version + 2)
                    one.errors.clear()
                    trials += 1
            finally:
                one.close()
                two.close()
        server.check()
    assert all(stored.replays(t) >= 0 for t in tables)
    stored.close()


def test_a_table_that_cannot_be_replayed_says_so(tmp_path, caplog):
    """A stored record that no longer replays (written by hand here: the server writes a
    move only where it fits) is answered with 409 and the move that fails, on the API and
    the table's socket, logged once; the rest of the server goes on."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(url, bot_delay=0)) as client:
        table = client.post("/api/tables", json={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"]}).json()
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "tokens": [table["seats"][0]["token"]]})
            ws.send_json({"type": "move", "seat": 0, "action": "roll:2", "version": 0})
            for _ in waiting(15, "the move"):
                if receive_state(ws)["table"]["steps"] == 1:
                    break
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE moves SET action = 'fly' WHERE table_id = :t"),
                     {"t": table["id"]})
    engine.dispose()
    with TestClient(create_app(url, bot_delay=0)) as client:
        for _ in range(2):
            answer = client.get(f"/api/tables/{table['id']}")
            assert answer.status_code == 409
            assert "cannot be replayed" in answer.json()["error"]
            assert "move 1 ('fly')" in answer.json()["error"]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            assert receive_json(ws)["code"] == "unreplayable"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive_json(ws)
            assert closed.value.code == 4409
        assert client.get("/api/tables").status_code == 200
        assert client.post("/api/tables", json={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
        ).status_code == 201
    logged = [r for r in caplog.records if "cannot be replayed" in r.getMessage()]
    assert len(logged) == 1 and logged[0].levelname == "ERROR"
