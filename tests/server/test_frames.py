"""The server's own websocket frame limit: a frame bigger than it is refused from its header,
before its body is read (a real server, since the limit lives in the web server)."""

import json
import os
import struct
import time

import httpx
from websockets.sync.client import connect

from .conftest import Server, free_port


def test_a_16_mib_frame_is_refused_without_being_read(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'f.db'}", free_port())
    try:
        table = httpx.post(server.url + "/api/tables", json={
            "game": "rat-a-tat-roll", "players": 2, "seats": ["human", "human"]}).json()
        with connect(f"{server.ws}/ws/tables/{table['id']}", max_size=None) as ws:
            ws.recv(timeout=10)
            # a text frame that says it carries 16 MiB, of which we send only 1 KiB: a server
            # that waited for the whole frame would wait forever
            mask = os.urandom(4)
            header = bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 16 * 2**20) + mask
            ws.socket.sendall(header + bytes(1024))
            started = time.monotonic()
            closed = None
            while closed is None and time.monotonic() - started < 10:
                try:
                    ws.recv(timeout=10)
                except Exception:  # the close
                    closed = ws.close_code
            assert closed == 1009, closed  # "message too big"
        assert httpx.get(server.url + "/healthz").json()["ok"]
        with connect(f"{server.ws}/ws/tables/{table['id']}") as ws:  # others carry on
            ws.recv(timeout=10)
            ws.send(json.dumps({"type": "ping"}))
            while json.loads(ws.recv(timeout=10))["type"] != "pong":
                pass
    finally:
        server.kill()
