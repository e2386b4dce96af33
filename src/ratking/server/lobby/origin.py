"""CSRF protection for signed-in browsers: a state-changing request (POST, PUT, PATCH,
DELETE) that carries the session cookie must come from this site's own pages. Browsers say
where a request comes from (Origin, and Sec-Fetch-Site); a request naming another site is
refused with 403. A request naming none is not a browser's cross-site request, and passes."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import URL, Headers
from starlette.types import ASGIApp, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
COOKIE = b"ratking_session="


def same_origin(headers: Headers, url: URL) -> bool:
    """False if the browser says the request comes from another site than `url`'s."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    host = headers.get("host", url.netloc)
    return f"{parts.scheme}://{parts.netloc}" == f"{url.scheme.replace('ws', 'http')}://{host}"


class SameOrigin:
    """ASGI middleware: 403 for a cross-site state-changing request with the session cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE:
            headers = Headers(scope=scope)
            if COOKIE.decode() in headers.get("cookie", "") \
                    and not same_origin(headers, URL(scope=scope)):
                body = b'{"error":"a signed-in request must come from this site\'s pages"}'
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
