"""The answers when something fails under a request, in JSON as every API answer is: the
database unreachable or the disk full (503, with `Retry-After`, one line in the log), and any
other error (500, its traceback logged by the server). Both carry the security headers."""

from __future__ import annotations

import logging
import sqlite3

import psycopg
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from ..storage.tables import why
from .security import HEADERS

log = logging.getLogger("ratking.server")

# what a database that is down, or a disk that is full, raises (through SQLAlchemy, or from
# the connections kept for moves)
UNAVAILABLE = (SQLAlchemyError, psycopg.Error, sqlite3.Error, OSError)
RETRY_AFTER = 5  # seconds
SECURITY = {name.decode(): value.decode() for name, value in HEADERS}


def install(app: FastAPI) -> None:
    """Answer `app`'s failures in JSON."""

    async def unavailable(request: Request, exc: Exception) -> JSONResponse:
        log.warning("ratking: %s %s failed: the database or its disk: %s", request.method,
                    request.url.path, why(exc))
        return JSONResponse({"error": "the server cannot use its database now; try again "
                                      "shortly"}, status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER)})

    async def failed(_request: Request, _exc: Exception) -> JSONResponse:
        # outside the app's middleware (Starlette's last resort), so the headers are added here
        return JSONResponse({"error": "the server failed to answer; this is a bug"},
                            status_code=500, headers=SECURITY)

    for kind in UNAVAILABLE:
        app.add_exception_handler(kind, unavailable)
    app.add_exception_handler(Exception, failed)
