"""The FastAPI application: its lifespan (storage, rooms, sessions, password hashing), its
middleware, and the routes each part declares on its own router (the pages, boards' scripts,
the lobby, accounts, profiles, quick match, reviews, lessons, the tables' API and their
websocket), with the JSON answers to failures and the OpenAPI schema."""

from __future__ import annotations

import functools
import logging
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ..lab import router as lab_router
from ..lobby import accounts, my_account, profiles, quickmatch
from ..lobby import tables as lobby
from ..lobby.origin import SameOrigin
from ..people.passwords import Hashing
from ..people.sessions import SessionSockets
from ..rooms import Rooms
from ..settings import Settings
from ..storage.tables import ServerLock, Storage, default_db_url, why
from . import boards, failures, openapi, pages, reviews, table_socket, tables
from .collector import collecting
from .learn import router as learn_router
from .security import Protect

STATIC = Path(__file__).parent.with_name("static")
log = logging.getLogger("ratking.server")


class StartupErrors:
    """ASGI middleware: a server process whose start fails (its database, say) logs why in
    one line, the exception's, instead of Starlette's traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            return await self.app(scope, receive, send)

        async def one_line(message: Message) -> None:
            if message["type"] == "lifespan.startup.failed":
                exc = sys.exc_info()[1]  # sent from the handler of the failure
                reason = why(exc) if exc is not None else "see above"
                message = {**message,
                           "message": f"ratking: this server process could not start: {reason}"}
            await send(message)

        await self.app(scope, receive, one_line)


def create_app(db: str | None = None, bot_delay: float | None = None,
               settings: Settings | None = None, **overrides: Any) -> FastAPI:
    """The web app. `settings` (default: from RATKING_* variables) holds its limits; `db` (an
    SQLAlchemy URL), `bot_delay` and `overrides` replace single settings."""
    if settings is None:
        settings = Settings.from_env(db=db, bot_delay=bot_delay, **overrides)
    else:
        settings = settings.with_(**{k: v for k, v in
                                     {"db": db, "bot_delay": bot_delay, **overrides}.items()
                                     if v is not None})

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        url = settings.db or default_db_url()
        lock = ServerLock(url)
        storage = Storage(url, synchronous=settings.sqlite_synchronous)
        rooms = Rooms(storage, settings)
        rooms.sweeps.append(quickmatch.fill)  # bots for quick tables whose wait is over
        app.state.rooms = rooms
        app.state.sessions = sockets = SessionSockets()
        rooms.notices["o"] = functools.partial(sockets.heard, rooms.spawn)
        app.state.hashing = Hashing(settings.hash_workers, settings.hash_queue,
                                    settings.hash_nice)
        try:
            resumed = await rooms.start()
            log.info("ratking: %d tables resumed from %s", resumed, storage.engine.url)
            async with collecting():
                yield
        finally:
            await rooms.close()
            app.state.hashing.close()
            storage.close()
            lock.release()

    docs = settings.api_docs
    app = FastAPI(title="ratking", lifespan=lifespan, docs_url="/docs" if docs else None,
                  redoc_url=None, openapi_url="/openapi.json" if docs else None)
    app.state.settings = settings
    app.add_middleware(SameOrigin)
    app.add_middleware(Protect, max_frame=settings.max_frame)
    app.add_middleware(StartupErrors)
    if settings.forwarded_allow_ips:  # outermost: every part of the app sees the client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.forwarded_allow_ips)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    app.include_router(boards.router)
    app.include_router(lobby.router)
    app.include_router(accounts.router)
    app.include_router(profiles.router)
    app.include_router(my_account.router)
    app.include_router(quickmatch.router)
    app.include_router(reviews.router)
    app.include_router(learn_router)
    app.include_router(lab_router)  # /lab: off unless the setting `lab` is on
    app.include_router(tables.router)
    app.include_router(table_socket.router)
    failures.install(app)
    openapi.install(app)
    return app


def app_from_env() -> FastAPI:
    """The app as each worker of `ratking serve --workers N` builds it (settings from the
    RATKING_* variables that `serve` sets)."""
    return create_app()
