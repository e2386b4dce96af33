"""Abuse and bad input: rate limits and caps, tables of bots, closing, idle and abandoned
tables, NaN, the API docs, security headers and request sizes."""

import pytest
from fastapi.testclient import TestClient

from ratking.server import create_app

from .conftest import (
    MESSAGE_WAIT,
    board_svg,
    expect,
    new_table,
    receive_json,
    receive_state,
    waiting,
)

BASE = {"game": "rat-a-tat-roll", "players": 3, "seats": ["human", "human", "human"]}


@pytest.fixture
def make_client(tmp_path):
    """A client for an app with some settings changed."""
    opened = []

    def make(**settings):
        settings = {"bot_delay": 0, "botonly_min_delay": 0, **settings}
        app = create_app(f"sqlite:///{tmp_path / f'{len(opened)}.db'}", **settings)
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def test_more_than_30_tables_a_minute_from_one_client_get_429(client):
    for _ in range(30):
        assert client.post("/api/tables", json=BASE).status_code == 201
    refused = client.post("/api/tables", json=BASE)
    assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
    assert "at most 30 a minute" in refused.json()["error"]
    assert len(client.get("/api/tables").json()["tables"]) == 30


def test_the_server_and_each_client_have_a_cap_on_unfinished_tables(make_client):
    client = make_client(max_tables=2)
    for _ in range(2):
        new_table(client)
    full = client.post("/api/tables", json=BASE)
    assert full.status_code == 503 and "server is full" in full.json()["error"]
    client = make_client(max_tables_per_client=1)
    new_table(client)
    mine = client.post("/api/tables", json=BASE)
    assert mine.status_code == 429 and "1 unfinished tables" in mine.json()["error"]


def test_a_table_of_bots_gets_a_round_cap_and_a_least_delay(make_client):
    client = make_client(botonly_max_rounds=7, botonly_min_delay=0.25)
    bots = new_table(client, seats=("bot", "random", "bot"), bot_delay=0)
    room = client.app.state.rooms.rooms[bots["id"]]
    assert room.game.rules.max_rounds == 7 and room.row.bot_delay == 0.25
    capped = new_table(client, seats=("bot", "bot"), rules={"max_rounds": 3})
    assert client.app.state.rooms.rooms[capped["id"]].game.rules.max_rounds == 3
    people = new_table(client, seats=("human", "bot"), bot_delay=0)
    room = client.app.state.rooms.rooms[people["id"]]
    assert room.game.rules.max_rounds is None and room.row.bot_delay == 0


def test_the_creator_closes_a_table_and_nobody_else_can(client):
    table = new_table(client, seats=("human", "human", "bot"))
    path = f"/api/tables/{table['id']}"
    assert client.delete(path).status_code == 401
    forged = client.delete(path, headers={"authorization": "Bearer nope"})
    assert forged.status_code == 403 and "creator" in forged.json()["error"]
    seat_token = table["seats"][0]["token"]  # a seat's token is not the creator's
    assert client.delete(path, headers={"authorization": f"Bearer {seat_token}"}) \
        .status_code == 403
    assert client.get(path).json()["status"] == "playing"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [seat_token]})
        state = receive_state(ws)
        assert state["actions"]
        owner = {"authorization": f"Bearer {table['owner_token']}"}
        closed = client.delete(path, headers=owner)
        assert closed.status_code == 200 and closed.json()["status"] == "closed"
        while state["table"]["status"] != "closed":  # everyone at the table hears of it
            state = receive_state(ws)
        assert state["actions"] == [] and "data-action" not in board_svg(state)
        ws.send_json({"type": "move", "seat": 0, "action": "roll:1",
                      "version": state["version"]})
        assert expect(ws, "error")["code"] == "closed"
    assert client.delete(path, headers=owner).status_code == 409
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert client.get(f"{path}/record").status_code == 200  # the game is over for good


def test_idle_tables_leave_memory_and_come_back(make_client):
    client = make_client(idle_unload=0)
    table = new_table(client, seats=("human", "human", "bot"))
    rooms = client.app.state.rooms
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        assert client.portal.call(rooms.unload_idle) == 0  # watched: stays
    assert client.portal.call(rooms.unload_idle) == 1
    assert table["id"] not in rooms.rooms
    listed = client.get("/api/tables").json()["tables"]  # the lobby lists it from storage
    assert [t["id"] for t in listed] == [table["id"]] and table["id"] not in rooms.rooms
    assert listed[0]["version"] == 0 and listed[0]["title"] == "Rat-a-Tat Roll"
    again = client.get(f"/api/tables/{table['id']}").json()
    assert again["status"] == "playing" and again["version"] == 0
    assert table["id"] in rooms.rooms


def test_the_turn_timer_stands_in_only_for_people_who_are_there(make_client):
    # a person's seat, bots and a turn timer: once no person has moved or come for
    # unattended_after, the timer's stand-in no longer plays the table on by itself
    from datetime import timedelta

    from sqlalchemy import update

    from ratking.server.storage.tables import MoveRow, TableRow, now

    client = make_client(idle_unload=0, unattended_after=600)
    rooms = client.app.state.rooms
    table = new_table(client, seats=("human", "bot", "bot"), turn_timer=60)
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert receive_state(ws)["clock"]["seat"] == 0  # a new table: its person may come
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [token]})
        state = receive_state(ws)
        bots_moved = False
        for _ in waiting(MESSAGE_WAIT, "the bots to move and the person's turn again"):
            if state["table"]["to_move"] != 0:
                bots_moved = True
            elif bots_moved:
                break
            elif state["actions"]:  # the person's turn: take its first decision
                ws.send_json({"type": "move", "seat": 0, "action": state["actions"][0]["id"],
                              "version": state["version"]})
            state = receive_state(ws)
        assert state["clock"]["seat"] == 0
    # ten minutes and more go by with no person: the table leaves memory, as stored then
    assert client.portal.call(rooms.unload_idle) == 1
    long_ago = now() - timedelta(seconds=601)
    with rooms.storage.engine.begin() as conn:
        conn.execute(update(TableRow).values(created_at=long_ago, updated_at=long_ago))
        conn.execute(update(MoveRow).values(created_at=long_ago))
    version = state["version"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:  # loaded again
        state = receive_state(ws)
        assert state["version"] == version and state["table"]["to_move"] == 0
        assert state["clock"] is None and state["turn_deadline"] is None  # it waits
        room = rooms.rooms[table["id"]]
        assert room.driving and room.task is None  # nothing will move for the person
        ws.send_json({"type": "hello", "tokens": [token]})  # the person comes back
        for _ in waiting(MESSAGE_WAIT, "the clock to start for the person"):
            state = receive_state(ws)
            if state["clock"] is not None:
                break
        assert state["clock"]["seat"] == 0 and state["version"] == version


def test_abandoned_tables_are_archived(make_client):
    client = make_client(archive_after=0)
    table = new_table(client, seats=("human", "human", "bot"))
    done = client.portal.call(client.app.state.rooms.archive)
    assert done == [table["id"]]
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "archived"
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("field", ["turn_timer", "bot_delay"])
@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_with_a_reason(client, field, number):
    body = '{"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"], "%s": %s}'
    response = client.post("/api/tables", content=(body % (field, number)).encode(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert field in response.json()["error"] and "finite" in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_api_docs_are_off_unless_a_setting_turns_them_on(client, make_client):
    assert client.get("/docs").status_code == 404
    assert client.get("/openapi.json").status_code == 404
    with_docs = make_client(api_docs=True)
    assert with_docs.get("/docs").status_code == 200
    assert "/api/tables" in with_docs.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("path", ["/", "/t/abc", "/static/table.js", "/api/games",
                                  "/api/tables/nope"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "object-src 'none'" in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"


def test_a_huge_request_body_is_refused_before_it_is_read(client):
    response = client.post("/api/tables", content=b"[" * 100_000,
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    deep = client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000,
                       headers={"content-type": "application/json"})
    assert deep.status_code in (400, 422)


def test_the_app_closes_a_websocket_whose_message_is_over_the_frame_limit(make_client):
    # under any ASGI server (the test client is none of uvicorn's): closed with 1009, as
    # uvicorn does for a frame over its limit, and the table is left as it was
    from starlette.websockets import WebSocketDisconnect

    client = make_client(max_frame=20_000)
    table = new_table(client, seats=("human", "human"))
    token = table["seats"][0]["token"]
    too_big = ["x" * 20_001, "€" * 7_000, b"\x00" * 20_001]  # 7,000 characters, 21,000 bytes
    for message in too_big:
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            receive_state(ws)
            ws.send_json({"type": "hello", "tokens": [token]})
            receive_state(ws)
            ws.send_text("x" * 5_000)  # over the message limit, under the frame limit
            assert expect(ws, "error")["code"] == "too-large"
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in waiting(MESSAGE_WAIT, "the socket to close"):
                    receive_json(ws)
            assert closed.value.code == 1009
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:  # others carry on
        receive_state(ws)
        ws.send_text("é" * 9_000)  # 18,000 bytes: under the limit, an answer as usual
        assert expect(ws, "error")["code"] == "too-large"


def test_a_burst_of_new_tables_never_passes_the_limits(postgres):
    # on PostgreSQL each count runs in a thread: without one lock around the count and the
    # insert, a burst of requests would all count the same and all pass
    import asyncio

    from ratking.server.rooms import Refused, Rooms
    from ratking.server.settings import Settings
    from ratking.server.storage.tables import Storage

    async def burst():
        storage = Storage(postgres)
        rooms = Rooms(storage, Settings(create_per_minute=5, max_tables=8, bot_delay=0))

        async def one(client):
            try:
                await rooms.create("rat-a-tat-roll", 2, ["human", "human"], {}, None, None,
                                   None, client)
            except Refused as exc:
                return exc.status
            return 201

        try:
            one_client = await asyncio.gather(*(one("same") for _ in range(20)))
            many = await asyncio.gather(*(one(f"client{i}") for i in range(10)))
            return one_client, many, storage.count_playing()
        finally:
            await rooms.close()
            storage.close()

    one_client, many, playing = asyncio.run(burst())
    assert sorted(one_client) == [201] * 5 + [429] * 15  # at most 5 a minute from one client
    assert sorted(many) == [201] * 3 + [503] * 7  # and 8 unfinished tables on the server
    assert playing == 8
