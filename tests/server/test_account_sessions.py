"""Sessions end everywhere they reach, on SQLite and PostgreSQL: signing out closes the
sockets opened with that session (code 4401), on this process and, by NOTIFY, on another
one sharing the database, and the socket can no longer act as the account."""

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ratking.server.lobby.accounts import COOKIE
from ratking.server.people import quotas
from ratking.server.people.sessions import SIGNED_OUT
from ratking.server.web.app import create_app

from .conftest import receive_json, receive_state, sign_up, waiting

TABLE = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}


def closed_code(ws):
    """The close code the server sends, passing over other messages."""
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            receive_json(ws)
    return closed.value.code


def test_signing_out_closes_the_sessions_sockets(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    table = client.post("/api/tables", json=TABLE, headers=ann).json()
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url, headers=ann) as mine, \
            client.websocket_connect(url, headers=bea) as hers:
        receive_state(mine)
        receive_state(hers)
        assert client.delete("/api/session", headers=ann).status_code == 200
        assert closed_code(mine) == SIGNED_OUT
        hers.send_json({"type": "ping"})  # another account's socket stays open
        assert receive_json(hers)["type"] in ("pong", "delta", "state")
    with client.websocket_connect(url, headers=ann) as again:  # the old cookie: a guest
        receive_state(again)
        again.send_json({"type": "hello", "tokens": []})
        assert receive_state(again)["you"] == []


def test_signing_out_on_one_process_closes_the_socket_on_another(postgres):
    one = create_app(postgres, bot_delay=0)
    other = create_app(postgres, bot_delay=0)
    with TestClient(one) as a, TestClient(other) as b:
        ann = sign_up(a, "Ann")
        table = a.post("/api/tables", json=TABLE, headers=ann).json()
        with b.websocket_connect(f"/ws/tables/{table['id']}", headers=ann) as ws:
            receive_state(ws)
            assert a.delete("/api/session", headers=ann).status_code == 200
            assert closed_code(ws) == SIGNED_OUT


def seated(ws, tokens):
    """Say hello with `tokens` and wait until the socket holds seat 0."""
    ws.send_json({"type": "hello", "tokens": tokens})
    for _ in waiting(15, "the seat"):
        if receive_state(ws)["you"] == [0]:
            return


def chat_answers(sockets, lines):
    """Send `lines` chat lines round the sockets; how many were posted and refused."""
    from .test_accounts import expect_any

    posted = refused = 0
    for i in range(lines):
        ws = sockets[i % len(sockets)]
        ws.send_json({"type": "chat", "text": f"line {i}"})
        while True:
            message = expect_any(ws)
            if message["type"] == "error":
                assert message["code"] == "slow-down"
                refused += 1
                break
            if message["lines"][-1]["text"] == f"line {i}":
                posted += 1
                break
    return posted, refused


def test_an_account_and_its_cookieless_socket_share_one_chat_quota(app_client):
    # the seat's token said by a socket with no cookie is the same person as the account
    client = app_client
    ann = sign_up(client, "Ann")
    table = client.post("/api/tables", json=TABLE, headers=ann).json()
    url = f"/ws/tables/{table['id']}"
    token = table["seats"][0]["token"]
    limit, _window = quotas.CHAT
    with client.websocket_connect(url, headers=ann) as signed, \
            client.websocket_connect(url) as bare:
        for ws, tokens in ((signed, []), (bare, [token])):
            seated(ws, tokens)
        assert chat_answers([signed, bare], limit + 2) == (limit, 2)


def test_the_chat_quota_is_one_over_two_processes(postgres):
    with TestClient(create_app(postgres, bot_delay=0)) as a, \
            TestClient(create_app(postgres, bot_delay=0)) as b:
        ann = sign_up(a, "Ann")
        table = a.post("/api/tables", json=TABLE, headers=ann).json()
        limit, _window = quotas.CHAT
        with a.websocket_connect(f"/ws/tables/{table['id']}", headers=ann) as one, \
                b.websocket_connect(f"/ws/tables/{table['id']}", headers=ann) as two:
            for ws in (one, two):
                seated(ws, [])
            assert chat_answers([one, two], limit + 2) == (limit, 2)


def device(client, name, password="correct horse"):
    """Sign in as another device would: its own session cookie."""
    answer = client.post("/api/session", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text
    client.cookies.clear()
    return {"cookie": f"{COOKIE}={answer.cookies[COOKIE]}"}


def test_changing_the_password_signs_out_every_other_session(app_client):
    client = app_client
    laptop = sign_up(client, "Ann")
    phone = device(client, "Ann")
    table = client.post("/api/tables", json=TABLE, headers=laptop).json()
    change = {"password": "correct horse", "new_password": "a tidy rat runs"}
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=phone) as ws:
        receive_state(ws)
        wrong = client.put("/api/me/password", headers=laptop,
                           json={**change, "password": "wrong horse"})
        assert wrong.status_code == 401
        weak = client.put("/api/me/password", headers=laptop,
                          json={**change, "new_password": "password"})
        assert weak.status_code == 422
        done = client.put("/api/me/password", headers=laptop, json=change)
        assert done.json() == {"changed": True, "sessions_ended": 1}
        assert closed_code(ws) == SIGNED_OUT
    assert client.get("/api/me", headers=phone).status_code == 401
    assert client.get("/api/me", headers=laptop).json()["name"] == "Ann"
    old = client.post("/api/session", json={"name": "Ann", "password": "correct horse"})
    assert old.status_code == 401
    device(client, "Ann", "a tidy rat runs")


def test_sessions_are_listed_and_signing_out_everywhere_ends_them_all(app_client):
    client = app_client
    laptop = sign_up(client, "Ann")
    phone = device(client, "Ann")
    listed = client.get("/api/me/sessions", headers=laptop).json()["sessions"]
    assert len(listed) == 2 and [s["current"] for s in listed].count(True) == 1
    assert all(COOKIE not in s["id"] and len(s["id"]) == 12 for s in listed)
    table = client.post("/api/tables", json=TABLE, headers=laptop).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=phone) as ws:
        receive_state(ws)
        ended = client.delete("/api/me/sessions", headers=laptop)
        assert ended.json() == {"signed_in": False, "sessions_ended": 2}
        assert closed_code(ws) == SIGNED_OUT
    for who in (laptop, phone):
        assert client.get("/api/me", headers=who).status_code == 401
    assert client.get("/api/me/sessions").status_code == 401


def test_a_deleted_accounts_games_stay_under_a_name_that_points_to_nobody(app_client):
    client = app_client
    ann, bea = sign_up(client, "Ann"), sign_up(client, "Bea")
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"],
            "joinable": True}
    table = client.post("/api/tables", json=body, headers=ann).json()
    assert client.post(f"/api/tables/{table['id']}/join", json={"seat": 1},
                       headers=bea).status_code == 200
    refused = client.request("DELETE", "/api/me", headers=ann,
                             json={"password": "wrong horse"})
    assert refused.status_code == 401
    gone = client.request("DELETE", "/api/me", headers=ann, json={"password": "correct horse"})
    assert gone.json() == {"deleted": True}
    assert client.get("/api/me", headers=ann).status_code == 401
    assert client.get("/api/players/Ann").status_code == 404
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["name"] for s in seats] == ["former player", "Bea"]
    assert [t["id"] for t in client.get("/api/me", headers=bea).json()["tables"]] \
        == [table["id"]]
    assert client.post("/api/session", json={"name": "Ann", "password": "correct horse"}
                       ).status_code == 401
    # a new Ann is someone else: the old games are not hers
    new_ann = sign_up(client, "Ann")
    assert client.get("/api/me", headers=new_ann).json()["tables"] == []
    assert client.get("/api/players/Ann").json()["tables"] == []
    assert sign_up_status(client, "Former Player") == 409


def sign_up_status(client, name):
    answer = client.post("/api/accounts", json={"name": name, "password": "correct horse"})
    client.cookies.clear()
    return answer.status_code
