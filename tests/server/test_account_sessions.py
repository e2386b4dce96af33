"""Sessions end everywhere they reach, on SQLite and PostgreSQL: signing out closes the
sockets opened with that session (code 4401), on this process and, by NOTIFY, on another
one sharing the database, and the socket can no longer act as the account."""

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ratking.server import quotas
from ratking.server.app import create_app
from ratking.server.sessions import SIGNED_OUT

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
