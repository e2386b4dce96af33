"""Fuzzing every HTTP route and the websocket's messages: whatever comes in, no 500, no
dropped socket, and a refusal changes nothing (the stored tables, moves and chat, the live
state and what each seat's holder is shown).

The routes come from the app itself (its routes, and the OpenAPI schema for the request
bodies), so a new route is fuzzed without anyone adding it here."""

import functools
import json
import re
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, WebSocketRoute

import ratking
from ratking.server import create_app
from ratking.server.rooms import hints
from ratking.server.storage.tables import TableRow
from ratking.server.web.app import STATIC

from .conftest import MESSAGE_WAIT, full_message, receive, receive_json, receive_state, waiting

GAME_IDS = [g.id for g in ratking.list_games()]
SEAT_KINDS = ["human", "bot", "heuristic", "random", "alien", ""]
FUZZ_SETTINGS = {"bot_delay": 0.5, "botonly_min_delay": 0.5, "create_per_minute": 10**6,
                 "max_tables_per_client": 10**6, "max_tables": 10**6, "idle_unload": 10**6,
                 "search_workers": 1}
APP = create_app("sqlite:///:memory:", **FUZZ_SETTINGS)  # never started: only its routes


def walk(routes, prefix=""):
    """(method, path) of every route, inside included routers and mounts too."""
    for route in routes:
        inner = getattr(route, "original_router", None)  # a router FastAPI included
        if inner is not None:
            yield from walk(inner.routes, prefix + route.include_context.prefix)
        elif isinstance(route, Mount):
            yield "GET", f"{prefix}{route.path}/{{path}}"
        elif isinstance(route, WebSocketRoute) or not getattr(route, "methods", None):
            yield "WEBSOCKET", prefix + route.path
        else:
            for method in sorted(route.methods - {"HEAD"}):
                yield method, prefix + route.path


ROUTES = sorted(set(walk(APP.routes)))
HTTP_ROUTES = [r for r in ROUTES if r[0] != "WEBSOCKET"] + [("GET", "/{unknown}")]
SOCKETS = [path for method, path in ROUTES if method == "WEBSOCKET"]
SCHEMA = APP.openapi()


def test_every_route_of_the_app_is_fuzzed():
    documented = {(method.upper(), path) for path, methods in SCHEMA["paths"].items()
                  for method in methods}
    assert documented <= set(HTTP_ROUTES), documented - set(HTTP_ROUTES)
    # and those the schema leaves out: pages, rules pages, static files, the websocket
    paths = {path for _method, path in ROUTES}
    assert {"/", "/t/{table_id}", "/rules/{game_id}", "/static/{path}"} <= paths
    assert SOCKETS == ["/ws/tables/{table_id}"]  # fuzzed by the websocket tests below
    assert len(HTTP_ROUTES) >= 15


def test_the_schema_lists_each_routes_refusals_in_their_shape():
    """# issue 45: the refusals are in the schema, each as {"error": ...} (the fuzzing below
    checks every answer it gets is listed)."""
    assert SCHEMA["components"]["schemas"]["Error"]["required"] == ["error"]
    for path, operations in SCHEMA["paths"].items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                if code.startswith(("4", "5")):
                    assert response["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"}, (method, path, code)
    refusals = SCHEMA["paths"]["/api/tables/{table_id}"]["get"]["responses"]
    assert {"404", "409", "500", "503"} <= set(refusals)
    assert "401" in SCHEMA["paths"]["/api/session"]["post"]["responses"]


scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=6),
                           max_leaves=25)
segment = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/?#%"),
                  min_size=1, max_size=30)


def from_schema(schema: dict) -> st.SearchStrategy:
    """Values of a JSON schema's type, inside its bounds and around them."""
    if "$ref" in schema:
        return from_schema(SCHEMA["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in schema:
        return st.one_of([from_schema(s) for s in schema["anyOf"]])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", -100), schema.get("maximum", 100)
        return st.integers(int(low) - 3, int(high) + 3)
    if kind == "number":
        return st.floats(allow_nan=True, allow_infinity=True)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.text(max_size=int(schema.get("maxLength", 40)) + 5)
    if kind == "array":
        items = from_schema(schema.get("items", {}))
        return st.lists(items, max_size=int(schema.get("maxItems", 6)) + 2)
    if kind == "object" and "properties" in schema:
        return st.fixed_dictionaries({}, optional={
            name: from_schema(prop) for name, prop in schema["properties"].items()})
    if kind == "null":
        return st.none()
    return json_values


def body_for(method: str, path: str, known: dict[str, st.SearchStrategy]
             ) -> st.SearchStrategy:
    """Request bodies for a route: shaped by its schema (each field also drawn from `known`,
    values worth trying by field name), or anything at all."""
    anything = st.none() | st.binary(max_size=200) | json_values.map(
        lambda v: json.dumps(v, allow_nan=True).encode())
    operation = SCHEMA["paths"].get(path, {}).get(method.lower(), {})
    schema = operation.get("requestBody", {}).get("content", {}) \
        .get("application/json", {}).get("schema")
    if schema is None:
        return anything
    if "$ref" in schema:
        schema = SCHEMA["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    fields = {name: from_schema(prop) | known.get(name, st.nothing()) | json_values
              for name, prop in schema.get("properties", {}).items()}
    shaped = st.fixed_dictionaries({}, optional=fields)
    return (shaped | json_values).map(lambda v: json.dumps(v, allow_nan=True).encode()) \
        | anything


def play_out(client, table, tokens):
    """Play a table's person seats by their first legal action to the end."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": tokens})
        state = receive_state(ws)
        for _ in waiting(60, "the game to end"):
            if state["result"]:
                return
            if state["actions"]:
                ws.send_json({"type": "move", "seat": state["seat"], "version": state["version"],
                              "action": state["actions"][0]["id"]})
            state = receive_state(ws)


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory):
    """The app, and its tables: `live` (two people, one holder of both seats fuzzes it),
    `open` (seats taken from the lobby) and `done` (over: its record, replay, rematch)."""
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    app = create_app(f"sqlite:///{db}", **FUZZ_SETTINGS)
    patch = pytest.MonkeyPatch()
    # a hint searches for 20 ms, not 1.5 s: the same path, a budget the fuzzing can afford
    patch.setattr(hints, "ask", functools.partial(hints.ask, ms=20))
    with TestClient(app, raise_server_exceptions=False) as client:
        def new(**body):
            answer = client.post("/api/tables", json={"game": "rat-a-tat-roll", **body})
            assert answer.status_code == 201, answer.text
            return answer.json()

        live = new(players=2, seats=["human", "human"])
        opened = new(players=3, seats=["human", "human", "human"], joinable=True)
        done = new(players=2, seats=["human", "random"], rules={"max_rounds": 1})
        play_out(client, done["id"], [done["seats"][0]["token"]])
        tables = {"live": live, "open": opened, "done": done}
        tokens = [s["token"] for t in tables.values() for s in t["seats"] if s["token"]]
        yield client, tables, tokens
    patch.undo()


def stored(client, tables) -> dict:
    """Everything a refusal must leave as it was: each table's stored row, moves and chat,
    its live state and what each seat's holder sees, and how many tables there are."""

    async def look():
        rooms = client.app.state.rooms
        storage = rooms.storage
        out = {"tables": await rooms.run(storage.count)}
        for name, table in tables.items():
            kept = await rooms.run(storage.load, table["id"])
            chat = await rooms.run(storage.chat.recent, table["id"], 1000)
            room = rooms.rooms.get(table["id"])
            live = None if room is None else (
                room.state.to_json(), [room.state.view(s) for s in range(room.state.players)],
                room.row.seats, room.row.rematch, room.row.status, room.hashes)
            out[name] = ({c.key: getattr(kept.row, c.key) for c in TableRow.__table__.columns},
                         kept.actions, [(r.index, r.seat, r.text) for r in chat], live)
        return out

    return client.portal.call(look)


def path_value(name: str, tables) -> st.SearchStrategy:
    """Values for a path parameter: real ones (a table, a game, a file) and anything."""
    real = {"table_id": [t["id"] for t in tables.values()], "game_id": GAME_IDS,
            "path": sorted(p.name for p in STATIC.iterdir())}.get(name, [])
    other = st.integers(-5, 10**20).map(str) if name == "step" else st.nothing()
    return (st.sampled_from(real) if real else st.nothing()) | other | segment


@pytest.mark.parametrize(("route_method", "route"), HTTP_ROUTES,
                         ids=[f"{m} {p}" for m, p in HTTP_ROUTES])
@given(data=st.data())
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_route_answers_without_500_and_refusals_change_nothing(fuzz, route_method, route,
                                                                     data):
    client, tables, tokens = fuzz
    names = re.findall(r"{(\w+)(?::\w+)?}", route)
    values = {name: data.draw(path_value(name, tables), label=name) for name in names}
    path = re.sub(r"{(\w+)(?::\w+)?}", lambda m: quote(values[m.group(1)], safe=""), route)
    method = data.draw(st.sampled_from([route_method]) | st.sampled_from(
        ["GET", "POST", "DELETE", "PUT", "PATCH"]), label="method")
    known = {"game": st.sampled_from(GAME_IDS), "seats": st.lists(st.sampled_from(SEAT_KINDS),
                                                                  max_size=14),
             "rules": st.dictionaries(st.sampled_from(["max_rounds", "cards", "memory_aid"]),
                                      scalars, max_size=3),
             "tokens": st.lists(st.sampled_from(tokens) | st.text(max_size=30), max_size=14)}
    body = data.draw(body_for(method, route, known), label="body")
    auth = data.draw(st.none() | st.text(max_size=40).map(lambda t: "Bearer " + t)
                     | st.sampled_from(["Bearer " + t for t in tokens]), label="auth")
    headers = {"content-type": "application/json"} if body else {}
    if auth and auth.isascii() and auth.isprintable():
        headers["authorization"] = auth
    before = stored(client, tables)
    response = client.request(method, path, content=body, headers=headers)
    assert response.status_code < 500, (method, path, response.text)
    if response.status_code >= 400 and path.startswith("/api/"):
        assert "error" in response.json(), response.text  # a reason, in one place
    listed = SCHEMA["paths"].get(route, {}).get(method.lower(), {}).get("responses")
    if method == route_method and listed is not None:  # the schema lists what it answers
        assert str(response.status_code) in listed, (method, path, response.status_code,
                                                     sorted(listed))
    changes = method in ("POST", "DELETE") and response.status_code < 400
    after = stored(client, tables)
    if not changes:
        assert after == before, (method, path, response.status_code, response.text)
    elif (method, route) == ("POST", "/api/tables"):  # a new table, and nothing else
        assert after == {**before, "tables": before["tables"] + 1}


messages = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["move", "hello", "ping", "sync", "chat",
                                                    "hint", "x"])},
                          optional={"seat": json_values, "action": json_values,
                                    "version": json_values, "tokens": json_values,
                                    "text": json_values, "forced": json_values}),
    json_values)
frames = (messages.map(lambda m: ("text", json.dumps(m, allow_nan=True)))
          | st.text(max_size=200).map(lambda t: ("text", t))
          | st.binary(max_size=200).map(lambda b: ("bytes", b))
          | st.integers(1, 3000).map(lambda n: ("text", "[" * n + "]" * n))
          | st.integers(4097, 6000).map(lambda n: ("text", "x" * n)))  # over the message cap


# what a seat's holder might send: moves near the legal ones (a move is drawn as choices, and
# made from the state it is sent in), chat, hints, and anything else but a hello (which would
# change the seats the connection holds)
player_moves = st.fixed_dictionaries(
    {"seat": st.sampled_from([0, 1]) | st.integers(-2, 3),
     "action": st.integers(0, 30) | st.sampled_from(["roll:9", "stop", ""]),
     "version": st.sampled_from([0, -1, 1])},
    optional={"forced": st.booleans()}).map(lambda m: ("move", m))
player_frames = (
    player_moves
    | st.fixed_dictionaries({"type": st.just("chat"), "text": st.text(max_size=300)
                             | json_values}).map(lambda m: ("text", json.dumps(m)))
    | st.just(("text", '{"type": "hint"}'))
    | frames.filter(lambda f: f[0] != "text" or '"hello"' not in f[1]))


def made(frame, state: dict) -> tuple[str, str | bytes]:
    """The frame to send at `state`: a drawn move gets its action and version from it."""
    kind, data = frame
    if kind != "move":
        return frame
    legal = [a["id"] for a in state["actions"]] or ["roll:1"]
    action = legal[data["action"] % len(legal)] if isinstance(data["action"], int) \
        else data["action"]
    move = {"type": "move", "seat": data["seat"], "action": action,
            "version": state["version"] + data["version"]}
    if "forced" in data:
        move["forced"] = data["forced"]
    return "text", json.dumps(move)


def answered(ws) -> list[dict]:
    """Every message up to the answer to a ping sent after the frame: the socket is open."""
    ws.send_text('{"type": "ping"}')
    out = []
    for _ in waiting(MESSAGE_WAIT, "the answer to a ping"):
        answer = receive(ws)
        assert answer["type"] in ("state", "delta", "error", "pong", "chat", "hint"), answer
        if answer["type"] == "pong":
            return out
        out.append(answer)


def shown(ws) -> dict:
    """What this connection's seat is shown now, in full (asked for with a sync)."""
    ws.send_text('{"type": "sync"}')
    for _ in waiting(MESSAGE_WAIT, "a full state"):
        message = full_message(ws, receive_json(ws))
        if message["type"] == "state":
            return {k: v for k, v in message.items() if k != "seq"}


def send(ws, frame) -> None:
    kind, data = frame
    if kind == "text":
        ws.send_text(data)
    else:
        ws.send_bytes(data)


@given(frames=st.lists(frames, min_size=1, max_size=8))
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_spectators_messages_never_drop_the_socket_or_change_the_table(fuzz, frames):
    client, tables, _tokens = fuzz
    route = SOCKETS[0].replace("{table_id}", tables["live"]["id"])
    before = stored(client, tables)
    with client.websocket_connect(route) as ws:
        assert receive(ws)["type"] == "state"
        for frame in frames:
            send(ws, frame)
            answered(ws)
    assert stored(client, tables) == before  # a spectator holds no seat: nothing changes


@given(data=st.data())
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_a_players_messages_never_drop_the_socket_and_refusals_change_nothing(fuzz, data):
    client, tables, _tokens = fuzz
    mine = client.post("/api/tables", json={"game": "rat-a-tat-roll", "players": 2,
                                            "seats": ["human", "human"]}).json()
    watched = {**tables, "mine": mine}
    with client.websocket_connect(SOCKETS[0].replace("{table_id}", mine["id"])) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [s["token"] for s in mine["seats"]]})
        state = receive_state(ws)
        assert state["you"] == [0, 1]  # both seats, so that the table can move on
        for _ in range(data.draw(st.integers(1, 10), label="frames")):
            frame = made(data.draw(player_frames, label="frame"), state)
            before = (stored(client, watched), shown(ws))
            send(ws, frame)
            answers = answered(ws)
            hinting = frame == ("text", '{"type": "hint"}')
            refused = [a for a in answers if a["type"] == "error"
                       and (hinting or not a["code"].startswith("hint"))]  # a late hint's
            event("refused: " + ", ".join(sorted({a["code"] for a in refused}))
                  if refused else "accepted")
            state = shown(ws)
            if refused:
                assert (stored(client, watched), state) == before, (frame, refused)
            assert state["you"] == [0, 1]
