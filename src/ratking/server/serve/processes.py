"""`ratking serve --workers N`: N server processes sharing one socket under uvicorn's
supervisor, and whether they all started."""

from __future__ import annotations

import os
import signal
from typing import TYPE_CHECKING, Any

from uvicorn import Config
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess

from ..pool.parent import leave_with_parent

if TYPE_CHECKING:
    from fastapi import FastAPI


def supervised_app() -> FastAPI:
    """The app as each worker of `ratking serve --workers N` builds it: as `app_from_env`,
    and the worker shuts down (as on Ctrl+C) if its supervisor dies, so that no orphan keeps
    serving, holding table leases and using a core."""
    from ..web.app import app_from_env
    from ..web.collector import steady_gc

    leave_with_parent(lambda: os.kill(os.getpid(), signal.SIGTERM))
    app = app_from_env()
    steady_gc()
    return app


def run_workers(app: str, workers: int, **options: Any) -> bool:
    """Serve the app factory `app` ("module:function") in `workers` processes until stopped.

    uvicorn's supervisor restarts a worker that dies while serving, but stops every worker
    when one fails to start (its app cannot start; a restart would fail the same way), and
    `uvicorn.run` then returns as if all went well. False if that is why it stopped."""
    config = Config(app, factory=True, workers=workers, **options)
    supervisor = Multiprocess(config, sockets=[config.bind_socket()])
    supervisor.run()
    return not any(process.exitcode == STARTUP_FAILURE for process in supervisor.processes)
