"""`ratking serve --workers N`: N server processes sharing one socket under uvicorn's
supervisor, and whether they all started."""

from __future__ import annotations

from typing import Any

from uvicorn import Config
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess


def run_workers(app: str, workers: int, **options: Any) -> bool:
    """Serve the app factory `app` ("module:function") in `workers` processes until stopped.

    uvicorn's supervisor restarts a worker that dies while serving, but stops every worker
    when one fails to start (its app cannot start; a restart would fail the same way), and
    `uvicorn.run` then returns as if all went well. False if that is why it stopped."""
    config = Config(app, factory=True, workers=workers, **options)
    supervisor = Multiprocess(config, sockets=[config.bind_socket()])
    supervisor.run()
    return not any(process.exitcode == STARTUP_FAILURE for process in supervisor.processes)
