"""A hostile client: forged addresses, too many sockets, seats taken and left, and (against a
real `ratking serve`) huge or slow request heads and text that is not UTF-8."""

import json
import os
import signal
import socket
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text, update
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ratking.server import create_app
from ratking.server.storage.people import QuotaUseRow
from ratking.server.storage.tables import Storage

from .conftest import Server, free_port, new_table, receive_json, receive_state, waiting


@pytest.fixture
def make_client(tmp_path):
    """`make_client(**settings)`: the app on a fresh SQLite file with those settings."""
    clients = []

    def make(**settings):
        app = create_app(f"sqlite:///{tmp_path / f'{len(clients)}.db'}", bot_delay=0,
                         **settings)
        client = TestClient(app)
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def creates(client, forwarded):
    """The statuses of one new table per X-Forwarded-For value."""
    body = {"game": "rat-a-tat-roll", "players": 2, "seats": ["human", "bot"]}
    return [client.post("/api/tables", json=body, headers={"x-forwarded-for": f}).status_code
            for f in forwarded]


def test_a_forged_forwarded_for_is_ignored_unless_from_a_named_proxy(make_client):
    addresses = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
    assert creates(make_client(create_per_minute=2), addresses) == [201, 201, 429]
    # behind a named proxy (the test client's address), each forwarded address is a client
    proxied = make_client(create_per_minute=2, forwarded_allow_ips="testclient")
    assert creates(proxied, addresses) == [201, 201, 201]
    assert creates(proxied, ["10.0.0.9"] * 3) == [201, 201, 429]


def closed_with(client, table_id):
    """The close code of a socket the server closes at once (None if it stays open)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        try:
            message = receive_json(ws)
            if message["type"] == "error":  # why, then the close
                assert message["code"] == "too-many-sockets"
                receive_json(ws)
        except WebSocketDisconnect as exc:
            return exc.code
        assert message["type"] == "state"
        return None


def test_sockets_are_capped_per_table_and_per_client(make_client):
    client = make_client(max_sockets_per_table=2, max_sockets_per_client=3)
    one, two = new_table(client), new_table(client)
    with client.websocket_connect(f"/ws/tables/{one['id']}") as a, \
            client.websocket_connect(f"/ws/tables/{one['id']}") as b:
        receive_state(a), receive_state(b)
        assert closed_with(client, one["id"]) == 4429  # the table is full
        with client.websocket_connect(f"/ws/tables/{two['id']}") as c:
            receive_state(c)
            assert closed_with(client, two["id"]) == 4429  # the client is
    assert closed_with(client, one["id"]) is None  # room again once they left


def test_seats_taken_from_the_lobby_are_limited_and_reopen_when_unused(make_client):
    client = make_client(join_per_minute=2, seat_idle=0)
    table = new_table(client, seats=("human", "human", "human", "bot"), joinable=True)
    rooms = client.app.state.rooms
    joined = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
    assert joined.status_code == 200
    assert client.post(f"/api/tables/{table['id']}/join", json={"seat": 2}).status_code == 200
    third = client.post(f"/api/tables/{table['id']}/join", json={"seat": 2})
    assert third.status_code == 429 and "a minute" in third.json()["error"]
    with rooms.storage.engine.begin() as conn:  # a minute later
        conn.execute(update(QuotaUseRow).values(at=QuotaUseRow.at - 61))
    # seat 1's player comes (and holds it); seat 2's never does: it is opened again
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        receive_state(ws)
        ws.send_json({"type": "hello", "tokens": [joined.json()["token"]]})
        assert receive_state(ws)["you"] == [1]
        assert client.portal.call(rooms.free_idle_seats) == 1
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, True, False, True]
    again = client.post(f"/api/tables/{table['id']}/join", json={"seat": 2})
    assert again.status_code == 200


@pytest.mark.parametrize(("setting", "stored"), [(None, 1), ("FULL", 2)])
def test_sqlite_syncs_every_commit_when_told_to(tmp_path, setting, stored):
    storage = Storage(f"sqlite:///{tmp_path / 's.db'}", **({"synchronous": setting}
                                                          if setting else {}))
    with storage.engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == stored  # 1 NORMAL, 2 FULL
    storage.close()
    assert create_app(sqlite_synchronous="full").state.settings.sqlite_synchronous == "full"
    with pytest.raises(ValueError):
        create_app(sqlite_synchronous="OFF")


# --- against `ratking serve` -------------------------------------------------------------

def head_answer(port, head: bytes, seconds=30) -> bytes:
    """What the server answers a request head (b"" if it closes without a word)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(head)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out


SLOW = 200  # slowloris sockets


def test_a_real_server_refuses_huge_slow_and_malformed_clients(tmp_path):
    port = free_port()
    with Server(f"sqlite:///{tmp_path / 'h.db'}", port, header_timeout=1,
                create_per_minute=2, search_workers=1) as server:
        # a 100 KB header, and 1,000 headers: 431, the connection closed
        big = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"
        refused = head_answer(port, big)
        assert refused.startswith(b"HTTP/1.1 431 ")
        head, _, body = refused.partition(b"\r\n\r\n")
        assert b"\r\nx-content-type-options: nosniff\r\n" in head  # as every answer
        assert b"\r\ncontent-security-policy: " in head
        assert b"\r\ncontent-type: application/json\r\n" in head and b'"error"' in body
        many = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 1000 + b"\r\n"
        assert head_answer(port, many).startswith(b"HTTP/1.1 431 ")
        assert b'"ok":true' in head_answer(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                                                 b"Connection: close\r\n\r\n")
        # slowloris: every socket sends a header line now and then and never ends its head
        started = time.monotonic()
        slow = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(SLOW)]
        for s in slow:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        open_ = set(slow)
        for _ in waiting(60, "the slow sockets to be closed"):
            for s in list(open_):
                try:
                    s.setblocking(False)
                    if s.recv(4096) == b"":
                        open_.discard(s)
                        continue
                    s.sendall(b"X-Slow: 1\r\n")
                except BlockingIOError:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    open_.discard(s)
            if not open_:
                break
            time.sleep(0.2)
        held = time.monotonic() - started
        for s in slow:
            s.close()
        print(f"{SLOW} slowloris sockets all closed {held:.1f} s after opening")
        # a forged X-Forwarded-For is the same client
        addresses = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
        statuses = [httpx.post(server.url + "/api/tables", timeout=30, json={
            "game": "you-dirty-rat", "players": 2, "seats": ["hard", "human"]},
            headers={"x-forwarded-for": a}).status_code for a in addresses]
        assert statuses == [201, 201, 429]
        # text that is not UTF-8: closed with 1007
        table = httpx.get(server.url + "/api/tables", timeout=30).json()["tables"][0]
        with connect(f"{server.ws}/ws/tables/{table['id']}") as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
            ws.send(b'{"type": "\xff\xfe"}', text=True)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
            assert closed.value.rcvd.code == 1007
        # Ctrl+C (the whole process group, as a terminal sends it) stops it without a trace
        os.killpg(server.process.pid, signal.SIGINT)
        server.process.wait(30)
        server._reader.join(10)
        assert "Traceback" not in server.stderr, server.stderr[-3000:]
