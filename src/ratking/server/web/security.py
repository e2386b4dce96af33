"""App-level protection: the usual security headers on every page and answer, a cap on the
size of request bodies (a table's set-up is a few hundred bytes) and on websocket messages.
Who a client is, by its address, is `people.clients.client_of`."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Scripts and styles come from this server only; styles may also be inline, because each
# game's SVG board carries its own <style> element. The websocket is same-origin.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]

MAX_BODY = 65536


class Protect:
    """ASGI middleware: security headers on every HTTP answer, 413 for a body over `max_body`
    bytes (refused before it is read in full), and a websocket closed with code 1009 when a
    message over `max_frame` bytes comes in (0: no limit)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY, max_frame: int = 0) -> None:
        self.app = app
        self.max_body = max_body
        self.max_frame = max_frame

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.max_frame:
            return await self._websocket(scope, receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit()
                                              or int(value) > self.max_body):
                return await self._too_large(send)
        seen = 0
        answered = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        async def secured_send(message: Message) -> None:
            nonlocal answered
            if message["type"] == "http.response.start":
                answered = True
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        try:
            await self.app(scope, limited_receive, secured_send)
        except BodyTooLarge:
            if not answered:
                await self._too_large(send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The frame limit whatever the ASGI server: the server has read the message by the
        time the app sees it (only the server's own limit, which `ratking serve` sets, keeps
        it from being read), but it goes no further, and the socket is closed as a server
        closes it for a frame too big."""
        limit = self.max_frame
        closed = False

        async def limited_receive() -> Message:
            nonlocal closed
            message = await receive()
            if message["type"] == "websocket.receive":
                text, data = message.get("text"), message.get("bytes")
                size = len(data) if data is not None else len(text or "")
                if text is not None and limit // 4 < size <= limit:
                    size = len(text.encode("utf-8", "surrogatepass"))
                if size > limit:
                    closed = True
                    await send({"type": "websocket.close", "code": 1009,
                                "reason": f"messages may be at most {limit} bytes"})
                    return {"type": "websocket.disconnect", "code": 1009}
            return message

        async def guarded_send(message: Message) -> None:
            if not closed:  # nothing more goes to a socket closed here
                await send(message)

        await self.app(scope, limited_receive, guarded_send)

    async def _too_large(self, send: Send) -> None:
        body = b'{"error":"the request body is too large"}'
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), *HEADERS]})
        await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    pass
