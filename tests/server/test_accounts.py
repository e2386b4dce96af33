"""Accounts, on SQLite and PostgreSQL: the HTTP contract (sign up, in, out, /api/me), the
session cookie, CSRF, seats held by an account (reopened on another device without the
token, listed on any device), and quotas counted per person, not per socket. Guessing
(test_sign_in_limits.py) is apart."""


from starlette.testclient import TestClient

from ratking.server.lobby.accounts import COOKIE
from ratking.server.people import quotas
from ratking.server.web.app import create_app

from .conftest import expect, receive_state, sign_up


def test_the_account_contract(app_client):
    client = app_client
    answer = client.post("/api/accounts", json={"name": " Ann ", "password": "correct horse"})
    assert answer.status_code == 201 and answer.json()["name"] == "Ann"
    header = answer.headers["set-cookie"]
    assert f"{COOKIE}=" in header and "HttpOnly" in header and "SameSite=lax" in header
    assert client.get("/api/me").json()["name"] == "Ann"
    assert client.delete("/api/session").status_code == 200
    assert client.get("/api/me").status_code == 401
    taken = client.post("/api/accounts", json={"name": "ANN", "password": "another one"})
    assert taken.status_code == 409
    short = client.post("/api/accounts", json={"name": "Bea", "password": "seven77"})
    assert short.status_code == 422
    bad = client.post("/api/accounts", json={"name": "B\u202eea", "password": "long enough"})
    assert bad.status_code == 422
    wrong = client.post("/api/session", json={"name": "Ann", "password": "wrong horse"})
    assert wrong.status_code == 401 and COOKIE not in wrong.cookies
    unknown = client.post("/api/session", json={"name": "Nobody", "password": "wrong horse"})
    assert unknown.status_code == 401
    good = client.post("/api/session", json={"name": "ann", "password": "correct horse"})
    assert good.status_code == 200 and good.json()["name"] == "Ann"
    me = client.get("/api/me").json()
    assert me["name"] == "Ann" and me["tables"] == [] and me["ratings"] == {}
    # the database keeps the argon2 hash and the session's hash, never the secrets
    people = client.app.state.rooms.storage.people
    row = people.account_by_key("ann")
    assert row.password.startswith("$argon2") and "correct horse" not in row.password
    assert people.session_account(client.cookies[COOKIE]) is None
    # signing out ends the session on the server: the old cookie no longer works
    old = client.cookies[COOKIE]
    client.delete("/api/session")
    client.cookies.clear()
    assert client.get("/api/me", headers={"cookie": f"{COOKIE}={old}"}).status_code == 401


def test_a_signed_in_browsers_state_changes_must_come_from_this_site(app_client):
    client = app_client
    who = sign_up(client, "Ann")
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    evil = {**who, "origin": "https://evil.example"}
    assert client.post("/api/tables", json=body, headers=evil).status_code == 403
    assert client.delete("/api/session", headers=evil).status_code == 403
    cross = {**who, "sec-fetch-site": "cross-site"}
    assert client.post("/api/tables", json=body, headers=cross).status_code == 403
    own = {**who, "origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post("/api/tables", json=body, headers=own).status_code == 201
    # a guest (no cookie) has no session to abuse: the request passes as before
    guest = client.post("/api/tables", json=body, headers={"origin": "https://evil.example"})
    assert guest.status_code == 201
    # a socket opened from another site's page is a guest's, whatever its cookie
    table = guest.json()
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=evil) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": []})
        assert receive_state(ws)["you"] == []


def test_a_seat_taken_signed_in_is_the_accounts_on_any_device(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    body = {"game": "rat-a-tat-roll", "players": 3, "seats": ["human", "human", "bot"],
            "name": "ignored: the account's name is used"}
    table = client.post("/api/tables", json=body, headers=ann).json()
    assert table["seats"][0]["name"] == "Ann"
    invite = table["seats"][1]["token"]
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url, headers=bea) as ws:  # Bea follows the invite
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [invite]})
        state = receive_state(ws)
        assert state["you"] == [1] and state["table"]["seats"][1]["name"] == "Bea"
    # another device: Ann and Bea signed in, no token, hold their seats again
    for who, seat in ((ann, 0), (bea, 1)):
        with client.websocket_connect(url, headers=who) as ws:
            receive_state(ws)
            ws.send_json({"type": "hello", "tokens": []})
            assert receive_state(ws)["you"] == [seat]
    # a guest with no token holds nothing
    with client.websocket_connect(url) as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": []})
        assert receive_state(ws)["you"] == []
    for who in (ann, bea):
        mine = client.get("/api/me", headers=who).json()["tables"]
        assert [t["id"] for t in mine] == [table["id"]]


def test_joining_signed_in_records_the_account(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
            "joinable": True}
    table = client.post("/api/tables", json=body, headers=ann).json()
    taken = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=bea)
    assert taken.status_code == 200
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bea"]
    assert [t["id"] for t in client.get("/api/me", headers=bea).json()["tables"]] \
        == [table["id"]]


def test_chat_quota_is_per_person_over_all_their_sockets(app_client):
    client = app_client
    ann = sign_up(client, "Ann")
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    table = client.post("/api/tables", json=body, headers=ann).json()
    url = f"/ws/tables/{table['id']}"
    limit, _window = quotas.CHAT
    sockets = [client.websocket_connect(url, headers=ann) for _ in range(3)]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws in opened:
            receive_state(ws)
            ws.send_json({"type": "hello", "tokens": []})
            receive_state(ws)
        sent = 0
        refused = 0
        for i in range(limit + 3):
            ws = opened[i % len(opened)]
            ws.send_json({"type": "chat", "text": f"line {i}"})
            for _ in range(20):
                message = expect_any(ws)
                if message["type"] == "chat" and message["lines"][-1]["text"] == f"line {i}":
                    sent += 1
                    break
                if message["type"] == "error":
                    assert message["code"] == "slow-down"
                    refused += 1
                    break
        assert (sent, refused) == (limit, 3)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def expect_any(ws):
    """The next chat or error message, passing over state updates."""
    from .conftest import receive

    while True:
        message = receive(ws)
        if message["type"] in ("chat", "error"):
            return message


def test_sockets_are_counted_per_person(db_url):
    with TestClient(create_app(db_url, bot_delay=0, max_sockets_per_client=2)) as client:
        ann = sign_up(client, "Ann")
        body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
        table = client.post("/api/tables", json=body, headers=ann).json()
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url, headers=ann) as one, \
                client.websocket_connect(url, headers=ann) as two:
            receive_state(one)
            receive_state(two)
            with client.websocket_connect(url, headers=ann) as three:
                assert expect(three, "error")["code"] == "too-many-sockets"
        with client.websocket_connect(url, headers=ann) as again:  # closed ones are given back
            assert receive_state(again)["type"] == "state"
