"""uvicorn's HTTP and websocket protocols with the limits a server open to strangers needs,
which uvicorn's own options do not give:

- `GuardedHttp` (uvicorn's httptools protocol): a request's head (request line and headers)
  may be at most `max_header_bytes` bytes and `max_headers` lines, or the answer is 431 and
  the connection closes; and the head must arrive within `header_timeout` seconds of its
  first byte (a new connection counts from its opening), or the connection closes. So a
  slowloris client, which opens many connections and sends a header line now and then, holds
  each one for `header_timeout` seconds at most. (Between requests, uvicorn's own keep-alive
  timeout closes an idle connection.)
- `QuietWebSockets` (uvicorn's websockets protocol): a text message that is not UTF-8 closes
  the socket with code 1007, with one line in the log and no traceback.

`uvicorn_options(settings)` is what `ratking serve` hands uvicorn: these protocols and its
own limits (keep-alive, websocket pings, frame size, no proxy headers but from the proxies
named in `forwarded_allow_ips`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..settings import Settings
from ..web.security import HEADERS

log = logging.getLogger("ratking.server")
END_OF_HEAD = b"\r\n\r\n"


@functools.cache
def limits() -> Settings:
    """The limits of this server process (its RATKING_* variables, which `ratking serve`
    sets for every process)."""
    return Settings.from_env()


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a bound on a request head's size, lines and time."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_started()

    def _head_started(self) -> None:
        settings = limits()
        self._head_bytes, self._head_lines, self._tail = 0, 0, b""
        self._reading_head = True
        self._head_timer: asyncio.TimerHandle | None = None
        if settings.header_timeout > 0:
            self._head_timer = self.loop.call_later(settings.header_timeout, self._too_slow)

    def _head_done(self) -> None:
        self._reading_head = False
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def data_received(self, data: bytes) -> None:
        if not self._reading_head and self.cycle is not None and self.cycle.response_complete \
                and not self.pipeline:
            self._head_started()  # the next request on a kept-alive connection
        if self._reading_head:
            seen = self._tail + data
            end = seen.find(END_OF_HEAD)
            part = seen[len(self._tail):] if end < 0 else seen[len(self._tail):end]
            self._head_bytes += len(part)
            self._head_lines += part.count(b"\n")
            self._tail = seen[-3:]
            settings = limits()
            if self._head_bytes > settings.max_header_bytes or \
                    self._head_lines > settings.max_headers:
                self._head_done()
                return self._refuse(431, "Request Header Fields Too Large",
                                    f"request headers may be at most "
                                    f"{settings.max_header_bytes} bytes and "
                                    f"{settings.max_headers} lines")
            if end >= 0:
                self._head_done()
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_done()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self._refuse(408, "Request Timeout", "the request's headers came too slowly")

    def _refuse(self, status: int, phrase: str, message: str) -> None:
        """Answer before the app sees the request: JSON, as every answer, with the security
        headers the app adds to its own."""
        body = orjson.dumps({"error": message})
        headers = b"".join(b"%s: %s\r\n" % pair for pair in HEADERS)
        self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n%s"
                             b"content-length: %d\r\nconnection: close\r\n\r\n%s"
                             % (status, phrase.encode(), headers, len(body), body))
        self.transport.close()


class QuietWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, closing a text message that is not UTF-8 with code 1007
    and a line in the log rather than a traceback."""

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                log.info("ratking: a websocket text message was not UTF-8; closed (1007)")
                self.conn.send_close(1007, "text messages must be UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for a server with these settings (see the module docstring)."""
    # no per-message deflate: on a small server CPU is scarcer than bandwidth (a reverse
    # proxy can compress for the internet); frames over the limit are refused from their
    # header; X-Forwarded-For is read by the app (`security.ForwardedFrom`), from the
    # proxies named in the settings only
    return {"http": "ratking.server.serve.protocol:GuardedHttp",
            "ws": "ratking.server.serve.protocol:QuietWebSockets",
            "ws_per_message_deflate": False, "ws_max_size": settings.max_frame,
            "ws_ping_interval": settings.ws_ping or None,
            "ws_ping_timeout": settings.ws_ping or None,
            "timeout_keep_alive": max(1, round(settings.keep_alive)),
            "proxy_headers": False}
