"""App-level protection: the usual security headers on every page and answer, and a cap on
the size of request bodies (a table's set-up is a few hundred bytes)."""

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
    """ASGI middleware: security headers on every HTTP answer, and 413 for a body over
    MAX_BODY bytes (refused before it is read in full)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
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

    async def _too_large(self, send: Send) -> None:
        body = b'{"error":"the request body is too large"}'
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), *HEADERS]})
        await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    pass
