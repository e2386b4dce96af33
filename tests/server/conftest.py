import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from ratking.server import create_app


@pytest.fixture
def client(tmp_path):
    """The web app on a fresh SQLite file, bots moving at once."""
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def postgres_url() -> str | None:
    """The PostgreSQL URL for storage tests: required on CI (.ci/run starts a server)."""
    url = os.environ.get("RATKING_TEST_POSTGRES")
    if url is None and os.environ.get("CI"):
        pytest.fail("CI must provide RATKING_TEST_POSTGRES (see .ci/run)")
    return url


def new_table(client, seats=("human", "bot", "bot"), game="rat-a-tat-roll", **extra):
    body = {"game": game, "players": len(seats), "seats": list(seats), **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def receive_state(ws):
    """The next state message (errors are returned too, for the tests that expect them)."""
    while True:
        message = ws.receive_json()
        if message["type"] in ("state", "error"):
            return message


def expect(ws, kind):
    """The next message of type `kind`, passing over state updates sent in between."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] == "state", message


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`ratking serve` in its own process, on a free port."""

    def __init__(self, db: str, port: int, bot_delay: float = 0.05) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ratking.cli", "serve", "--port", str(port), "--db", db,
             "--bot-delay", str(bot_delay)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start: {self.process.stderr.read()!r}")
            time.sleep(0.1)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
