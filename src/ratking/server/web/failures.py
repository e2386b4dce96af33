"""The answers when something fails under a request, in JSON as every API answer is
(`{"error": "<reason>"}`): a refusal with its status (`HTTPException`, `Refused` with its
`Retry-After`, a game's error as 400, a malformed request as 422 with its reasons but never
its input), the database unreachable or the disk full (503, with `Retry-After`, one line in
the log), and any other error (500, its traceback logged by the server). The last two carry
the security headers themselves."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ...core import RatkingError
from ..refused import Refused
from ..storage.tables import UNAVAILABLE, why
from .security import HEADERS

log = logging.getLogger("ratking.server")
RETRY_AFTER = 5  # seconds
SECURITY = {name.decode(): value.decode() for name, value in HEADERS}


def install(app: FastAPI) -> None:
    """Answer `app`'s failures in JSON."""

    @app.exception_handler(StarletteHTTPException)  # FastAPI's, and routing's own 404 and 405
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # the reasons, never the input itself (it may hold NaN, which JSON cannot carry)
        reasons = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
            reasons.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
        return JSONResponse({"error": "; ".join(reasons) or "bad request"}, status_code=422)

    @app.exception_handler(RatkingError)
    async def game_error(_request: Request, exc: RatkingError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=headers)

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
