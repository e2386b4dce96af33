"""Sessions end everywhere they reach, on SQLite and PostgreSQL: signing out closes the
sockets opened with that session (code 4401), on this process and, by NOTIFY, on another
one sharing the database, and the socket can no longer act as the account."""

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ratking.server.app import create_app
from ratking.server.sessions import SIGNED_OUT

from .conftest import receive_json, receive_state, sign_up

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
