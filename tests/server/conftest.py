import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from starlette.websockets import WebSocketDisconnect

from ratking.core import shared
from ratking.server import create_app
from ratking.server.lobby.accounts import COOKIE
from ratking.server.play.delta import apply

# Every wait in the server tests has a deadline, so a broken timer, bot or resume fails the
# test that found it instead of hanging the suite (pytest-timeout is the backstop behind these).
MESSAGE_WAIT = 15.0  # seconds for the server's next websocket message
GAME_WAIT = 60.0  # seconds for a whole game of bots moving at once


@pytest.fixture
def client(tmp_path):
    """The web app on a fresh SQLite file, bots moving at once."""
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0, botonly_min_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """A fresh database: a SQLite file, then a PostgreSQL schema of this test's own (skipped
    without RATKING_TEST_POSTGRES)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return request.getfixturevalue("postgres")


@pytest.fixture
def app_client(db_url):
    """The web app on SQLite and on PostgreSQL, bots moving at once."""
    app = create_app(db_url, bot_delay=0, botonly_min_delay=0)
    with TestClient(app) as client:
        yield client


def sign_up(client, name, password="correct horse"):
    """A new account's session cookie (the client's own cookie jar is left empty, so each
    request says whose it is)."""
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    value = answer.cookies[COOKIE]
    client.cookies.clear()
    return {"cookie": f"{COOKIE}={value}"}


def postgres_url() -> str | None:
    """The PostgreSQL URL for storage tests: required on CI (.ci/run starts a server)."""
    url = os.environ.get("RATKING_TEST_POSTGRES")
    if url is None and os.environ.get("CI"):
        pytest.fail("CI must provide RATKING_TEST_POSTGRES (see .ci/run)")
    return url


@pytest.fixture
def postgres() -> Iterator[str]:
    """A PostgreSQL URL for one test: its connections use a schema made for this test alone
    (dropped afterwards), so tests on parallel workers, or of other people sharing the
    database in RATKING_TEST_POSTGRES, never see each other's rows."""
    url = postgres_url()
    if url is None:
        pytest.skip("set RATKING_TEST_POSTGRES to run the PostgreSQL tests")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    own = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield own.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def receive_json(ws, seconds: float = MESSAGE_WAIT) -> dict:
    """The next message on a TestClient websocket, or a failed test after `seconds`.

    Starlette's `receive_json` waits forever; this reads the same stream on the test
    client's event loop under a deadline."""

    async def within() -> dict:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(within)
    except TimeoutError:
        pytest.fail(f"the server sent nothing for {seconds:g} s")
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    return json.loads(message["text"])


def waiting(seconds: float, what: str) -> Iterator[int]:
    """A loop guard: `for _ in waiting(30, "the bots to finish"):` runs the loop body until
    it breaks, and fails the test naming `what` once `seconds` have passed."""
    end = time.monotonic() + seconds
    rounds = 0
    while True:
        yield rounds
        rounds += 1
        if time.monotonic() > end:
            pytest.fail(f"waited {seconds:g} s for {what}")


def new_table(client, seats=("human", "bot", "bot"), game="rat-a-tat-roll", **extra):
    body = {"game": game, "players": len(seats), "seats": list(seats), **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


_held: dict[int, dict] = {}  # per socket: the last full state, to apply deltas to


def full_message(ws, message: dict) -> dict:
    """A state or delta message as the full state it stands for (deltas applied in order,
    as the page does); other messages as they are."""
    if message["type"] == "state":
        _held[id(ws)] = message
    elif message["type"] == "delta":
        held = _held.get(id(ws))
        assert held is not None and held["seq"] == message["base"], "a delta out of order"
        message = _held[id(ws)] = {**apply(held, message["ops"]), "seq": message["seq"]}
    return message


def receive(ws) -> dict:
    return full_message(ws, receive_json(ws))


def receive_state(ws):
    """The next state (rebuilt from a delta if need be); errors are returned too, for the
    tests that expect them."""
    for _ in waiting(MESSAGE_WAIT, "a state message"):
        message = receive(ws)
        if message["type"] in ("state", "error"):
            return message


def expect(ws, kind):
    """The next message of type `kind`, passing over state updates sent in between."""
    for _ in waiting(MESSAGE_WAIT, f"a {kind!r} message"):
        message = receive(ws)
        if message["type"] == kind:
            return message
        assert message["type"] == "state", message


RUNNING: set["Server"] = set()  # servers started and not yet killed


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test shows the end of the log of every server still running (a server a
    fixture shares between tests, too)."""
    report = yield
    if report.failed and report.when == "call":
        for server in RUNNING:
            report.sections.append((f"server {server.url} stderr", server.stderr[-4000:]))
    return report


def _unhanded_ports() -> range:
    """Ports below the kernel's ephemeral range: it never gives one of them to an outgoing
    connection, so no client of another test can take one between `free_port` and the
    server's bind (a port the kernel chose, from bind to port 0, can be)."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as limits:
            low = int(limits.read().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    return range(max(1024, low - 12000), low)


_PICK = random.SystemRandom()  # hypothesis seeds the global one alike in both xdist workers


def free_port(run: int = 1) -> int:
    """A port on which nothing listens, with the `run - 1` ports after it free too."""
    ports = _unhanded_ports()
    for _ in range(200):
        port = _PICK.randrange(ports.start, ports.stop - run + 1)
        if all(_bindable(port + i) for i in range(run)):
            return port
    raise RuntimeError(f"no {run} free ports in a row in {ports}")


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class Server:
    """`ratking serve` in its own process group, on a free port. It counts as up once every
    one of its `workers` processes has answered /healthz (each tells its pid) and the server
    is still running. Its stderr is read all along (`stderr`) and added to the failure of a
    test run inside `with Server(...)`; `check()` fails the test if the server stopped.
    `launcher` replaces `-m ratking.cli` (a script that starts the command line its own way),
    `env` adds variables, `args` options of `serve`."""

    def __init__(self, db: str, port: int, bot_delay: float = 0.05, workers: int = 1,
                 launcher: list[str] | None = None, env: dict[str, str] | None = None,
                 args: list[str] | None = None, **settings) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.workers = workers
        env = {**os.environ, "RATKING_BOTONLY_MIN_DELAY": "0", **(env or {}),
               **{f"RATKING_{k.upper()}": str(v) for k, v in settings.items()}}
        self.process = subprocess.Popen(
            [sys.executable, *(launcher or ["-m", "ratking.cli"]), "serve", "--port", str(port),
             "--db", db,
             "--bot-delay", str(bot_delay), "--workers", str(workers), *(args or [])],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
            start_new_session=True)  # its workers too are ended by kill()
        self._lines: list[str] = []
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()
        RUNNING.add(self)
        try:
            self.pids = self._wait_up(90)
        except BaseException:
            self.kill()
            raise

    def _read_stderr(self) -> None:
        for line in self.process.stderr:  # until every process of the group has gone
            self._lines.append(line.decode("utf-8", "replace"))

    @property
    def stderr(self) -> str:
        return "".join(self._lines)

    def _wait_up(self, seconds: float) -> set[int]:
        """The pids of the server's processes, once all `workers` have answered /healthz."""
        pids: set[int] = set()
        deadline = time.monotonic() + seconds
        while len(pids) < self.workers:
            try:  # a new connection each time, so that each worker gets to accept one
                answer = httpx.get(self.url + "/healthz", timeout=2,
                                   headers={"connection": "close"})
                if answer.status_code == 200:
                    pids.add(self._ours(answer.json()["pid"]))
            except httpx.HTTPError:
                pass
            self.check()
            if time.monotonic() > deadline:
                pytest.fail(f"{len(pids)} of {self.workers} server processes answered in "
                            f"{seconds:g} s; stderr:\n{self.stderr[-4000:]}")
            time.sleep(0.02 if pids else 0.1)
        self.check()
        return pids

    def _ours(self, pid: int) -> int:
        """`pid` if it is one of this server's processes; else the port was taken by
        another server between `free_port` and this one's start: fail rather than test it."""
        try:
            ours = os.getpgid(pid) == self.process.pid
        except ProcessLookupError:
            ours = False
        if not ours:
            pytest.fail(f"{self.url} is answered by process {pid}, not by this server: the "
                        "port was taken meanwhile")
        return pid

    def check(self) -> None:
        """Fail the test, with the server's stderr, if the server has stopped."""
        code = self.process.poll()
        if code is not None:
            self._reader.join(5)
            pytest.fail(f"the server stopped (exit code {code}); stderr:\n"
                        f"{self.stderr[-4000:]}")

    def kill(self) -> None:
        """kill -9 the server and its workers (once: a second call does nothing)."""
        RUNNING.discard(self)
        with contextlib.suppress(ProcessLookupError):  # the group outlives a dead parent
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self._reader.join(10)

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, kind, error, _traceback) -> None:
        if error is not None and not isinstance(error, KeyboardInterrupt):
            error.add_note(f"server {self.url} stderr:\n{self.stderr[-4000:]}")
        self.kill()


def board_svg(message: dict) -> str:
    """The board a table page shows for a state message: sent drawn (`svg`), or drawn by the
    game's renderer from the view, as the page's renderer does (tests/boards checks the two
    renderers agree)."""
    if "svg" in message:
        return message["svg"]
    game = shared(message["table"]["game"])
    return game.render_svg(message["view"], message["actions"] + message["route_actions"])
