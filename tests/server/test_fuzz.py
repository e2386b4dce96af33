"""Fuzzing every HTTP route and the websocket's messages: whatever comes in, no 500, no
dropped socket, and a refusal changes nothing."""

import json
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.server import create_app

from .conftest import full_message

GAME_IDS = [g.id for g in ratking.list_games()]
SEAT_KINDS = ["human", "bot", "heuristic", "random", "alien", ""]

scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=6),
                           max_leaves=25)

table_bodies = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(GAME_IDS) | st.text(max_size=50) | json_values,
    "players": st.integers(-3, 14) | json_values,
    "seats": st.lists(st.sampled_from(SEAT_KINDS), max_size=14) | json_values,
    "rules": st.dictionaries(st.sampled_from(["max_rounds", "cards", "memory_aid", "x"])
                             | st.text(max_size=8), scalars, max_size=4) | json_values,
    "names": st.lists(st.text(max_size=30), max_size=6) | json_values,
    "turn_timer": st.floats(allow_nan=True, allow_infinity=True) | json_values,
    "bot_delay": st.floats(allow_nan=True, allow_infinity=True) | json_values,
}) | json_values

segment = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/?#%"),
                  min_size=1, max_size=30)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    app = create_app(f"sqlite:///{db}", bot_delay=0, botonly_min_delay=0,
                     create_per_minute=10**6, max_tables_per_client=10**6, max_tables=10**6)
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 2,
                                                  "seats": ["human", "human"]}).json()
        yield client, answer


def table_count(client) -> int:
    return client.portal.call(client.app.state.rooms.run,
                              client.app.state.rooms.storage.count)


@given(body=table_bodies)
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_creating_tables_never_fails_with_500(fuzz_client, body):
    client, _table = fuzz_client
    before = table_count(client)
    raw = json.dumps(body, allow_nan=True).encode()  # NaN and Infinity as JSON extensions
    response = client.post("/api/tables", content=raw,
                           headers={"content-type": "application/json"})
    assert response.status_code in (201, 400, 413, 422), response.text
    assert "error" in response.json() or response.status_code == 201
    assert table_count(client) == before + (response.status_code == 201)


@given(method=st.sampled_from(["GET", "POST", "DELETE", "PUT", "PATCH"]),
       route=st.sampled_from(["/", "/t/{id}", "/healthz", "/api/games", "/api/tables",
                              "/api/tables/{id}", "/api/tables/{id}/record",
                              "/api/tables/{id}/replay/{step}", "/static/{id}", "/docs",
                              "/openapi.json", "/{id}"]),
       use_real=st.booleans(), table_id=segment,
       step=st.integers(-5, 10**20).map(str) | segment,
       auth=st.none() | st.text(max_size=40).map(lambda t: "Bearer " + t) | st.text(max_size=20),
       body=st.none() | st.binary(max_size=200))
@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_every_route_answers_without_500_and_refusals_change_nothing(
        fuzz_client, method, route, use_real, table_id, step, auth, body):
    client, table = fuzz_client
    real = table["id"]
    path = route.format(id=real if use_real else quote(table_id, safe=""),
                        step=quote(step, safe=""))
    before = (table_count(client), client.get(f"/api/tables/{real}").json())
    headers = {"authorization": auth.encode("utf-8", "replace").decode("latin-1")} \
        if auth and auth.isascii() and auth.isprintable() else {}
    response = client.request(method, path, content=body, headers=headers)
    assert response.status_code < 500, (method, path, response.text)
    if response.status_code >= 400:
        after = (table_count(client), client.get(f"/api/tables/{real}").json())
        assert after == before


messages = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["move", "hello", "ping", "sync", "x"])},
                          optional={"seat": json_values, "action": json_values,
                                    "version": json_values, "tokens": json_values}),
    st.fixed_dictionaries({"type": st.just("move"), "seat": st.integers(-2, 3),
                           "action": st.sampled_from(["roll:1", "roll:9", "skip", "go", ""]),
                           "version": st.integers(-1, 3)}),
    json_values)
frames = st.lists(messages.map(lambda m: ("text", json.dumps(m, allow_nan=True)))
                  | st.text(max_size=200).map(lambda t: ("text", t))
                  | st.binary(max_size=200).map(lambda b: ("bytes", b))
                  | st.integers(1, 3000).map(lambda n: ("text", "[" * n + "]" * n)),
                  min_size=1, max_size=8)


@given(frames=frames)
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_websocket_messages_never_drop_the_socket(fuzz_client, frames):
    client, table = fuzz_client
    before = client.get(f"/api/tables/{table['id']}").json()["version"]
    # a spectator: nothing it sends may change the table
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert full_message(ws, ws.receive_json())["type"] == "state"
        for kind, data in frames:
            if kind == "text":
                ws.send_text(data)
            else:
                ws.send_bytes(data)
            ws.send_text('{"type": "ping"}')
            while True:  # every frame is answered; the socket stays open
                answer = full_message(ws, ws.receive_json())
                assert answer["type"] in ("state", "error", "pong"), answer
                if answer["type"] == "pong":
                    break
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == before
