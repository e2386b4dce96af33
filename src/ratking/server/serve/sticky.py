"""`ratking serve --workers N --sticky`: N server processes, each listening on its own
loopback port (the port asked for plus 1 to N), behind nginx listening where the server was
asked to, which routes each table to one process (rooms/router.py). This process supervises them
all: it starts the processes, then nginx once every process answers; restarts a process
that dies (nginx meanwhile sends its tables to the others); and stops everything when it is
stopped, or when nginx or a process's start fails."""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from uvicorn.config import STARTUP_FAILURE

from ..rooms.router import render

log = logging.getLogger("ratking.server")
LOOPBACK = "127.0.0.1"
READY_WITHIN = 60.0  # seconds for every process to answer /healthz


def nginx_path() -> str | None:
    """nginx's executable (Debian puts it in /usr/sbin, not on every user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def worker_ports(port: int, workers: int) -> list[int]:
    """The loopback ports of the processes behind the router listening on `port`."""
    return [port + 1 + i for i in range(workers)]


def peers_of(port: int, workers: int) -> list[str]:
    """The processes as the router names them ("127.0.0.1:port")."""
    return [f"{LOOPBACK}:{p}" for p in worker_ports(port, workers)]


def serve_worker(port: int, environ: dict[str, str]) -> None:
    """One process behind the router (run in a spawned child): the app on loopback `port`."""
    os.environ.update(environ)
    import uvicorn

    from ..settings import Settings
    from .protocol import uvicorn_options

    uvicorn.run("ratking.server.serve.processes:supervised_app", factory=True, host=LOOPBACK,
                port=port, log_level="warning", **uvicorn_options(Settings.from_env()))


def _die_with_parent() -> None:  # pragma: no cover - runs in nginx's process before exec
    """Linux: the child gets SIGTERM when this process dies, even by kill -9."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _answers(port: int) -> bool:
    import httpx

    try:
        return httpx.get(f"http://{LOOPBACK}:{port}/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def _wait_free(port: int, within: float = 10.0) -> None:
    """Wait until `port` can be bound again: a killed process's search workers hold its
    listening socket for the second they take to notice their parent is gone."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((LOOPBACK, port))
                return
            except OSError:
                time.sleep(0.2)


class Sticky:
    """The supervisor of N processes and their nginx."""

    def __init__(self, host: str, port: int, workers: int, nginx: str) -> None:
        self.listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.ports = worker_ports(port, workers)
        self.peers = peers_of(port, workers)
        self.nginx = nginx
        self.context = multiprocessing.get_context("spawn")
        self.processes: dict[int, Any] = {}
        self.router: subprocess.Popen | None = None
        self.folder = tempfile.TemporaryDirectory(prefix="ratking-nginx-")

    def _start(self, port: int) -> None:
        environ = {"RATKING_STICKY_PEERS": ",".join(self.peers),
                   "RATKING_STICKY_SELF": f"{LOOPBACK}:{port}",
                   "RATKING_FORWARDED_ALLOW_IPS": LOOPBACK}
        process = self.context.Process(target=serve_worker, args=(port, environ),
                                       name=f"ratking-{port}")
        process.start()
        self.processes[port] = process

    def _start_router(self) -> None:
        prefix = Path(self.folder.name)
        prefix.chmod(0o755)  # nginx's workers (user nobody when started by root) reach tmp/
        (prefix / "tmp").mkdir(exist_ok=True)
        conf = prefix / "nginx.conf"
        conf.write_text(render(self.listen, self.peers))
        self.router = subprocess.Popen(
            [self.nginx, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"],
            preexec_fn=_die_with_parent)

    def run(self) -> bool:
        """Serve until stopped (SIGINT or SIGTERM). False if a process or nginx failed to
        start (its reason is on stderr), so that everything stopped."""
        previous = signal.signal(signal.SIGTERM, lambda *_: self._stop_soon())
        try:
            for port in self.ports:
                self._start(port)
            if not self._ready():
                return False
            self._start_router()
            return self._watch()
        except KeyboardInterrupt:
            return True
        finally:
            interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl+C or
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # SIGTERM does not cut the stop short
            self._stop()
            signal.signal(signal.SIGTERM, previous)
            signal.signal(signal.SIGINT, interrupt)
            self.folder.cleanup()

    def _stop_soon(self) -> None:
        raise KeyboardInterrupt

    def _ready(self) -> bool:
        waiting = set(self.ports)
        deadline = time.monotonic() + READY_WITHIN
        while waiting and time.monotonic() < deadline:
            for port in list(waiting):
                if not self.processes[port].is_alive():
                    return False
                if _answers(port):
                    waiting.discard(port)
            time.sleep(0.2)
        return not waiting

    def _watch(self) -> bool:
        assert self.router is not None
        while True:
            time.sleep(0.5)
            if self.router.poll() is not None:
                log.error("ratking: nginx stopped (exit code %s); stopping the server",
                          self.router.returncode)
                return False
            for port, process in list(self.processes.items()):
                if process.is_alive():
                    continue
                if process.exitcode == STARTUP_FAILURE:
                    return False
                log.warning("ratking: the process on port %d stopped (exit code %s); "
                            "starting it again", port, process.exitcode)
                _wait_free(port)
                self._start(port)

    def _stop(self) -> None:
        if self.router is not None and self.router.poll() is None:
            self.router.send_signal(signal.SIGQUIT)  # nginx's graceful stop
        for process in self.processes.values():
            if process.is_alive():
                process.terminate()
        for process in self.processes.values():
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()
        if self.router is not None:
            try:
                self.router.wait(10)
            except subprocess.TimeoutExpired:
                self.router.kill()
                self.router.wait()
