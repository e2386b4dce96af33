"""The OpenAPI schema (`/openapi.json`, with `--api-docs`) with the answers each route really
gives: FastAPI lists a route's success and 422 alone, while the routes also refuse with 400,
401, 403, 404, 409, 429 and 503, and every refusal is `{"error": "<reason>"}` (the `Error`
schema here), 422 included. The fuzz test (tests/server/test_fuzz.py) checks every answer it
gets against this list."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

WHY = {
    "202": "still being computed: its progress",
    "304": "not modified since the ETag sent",
    "307": "a board of ratking's own games: its script under /static/boards/",
    "400": "a request the game or the table cannot take",
    "401": "not signed in, or a wrong name, password or token",
    "403": "not allowed to whoever asks (or a request from another site with the cookie)",
    "404": "no such table, game or player",
    "409": "not in the table's current state (over, taken, a rated game under way that "
           "cannot be closed, or a record that cannot be replayed), or a name taken (an "
           "account's, or a person's at the table, or one that looks like it)",
    "413": "a request body over 64 KB",
    "422": "a field out of its bounds or of the wrong kind",
    "429": "over a limit per client or person; Retry-After says when to try again",
    "500": "the server failed (a bug)",
    "503": "the server is full, or cannot use its database now; Retry-After when it may pass",
}

CHANGES = ("POST", "PUT", "PATCH", "DELETE")  # may meet the same-site check (403)
BODIES = ("POST", "PUT", "PATCH")
READS_STORAGE = ("503",)
ANSWERS: dict[tuple[str, str], tuple[str, ...]] = {
    ("GET", "/healthz"): (),
    ("GET", "/api/games"): (),
    ("GET", "/api/bots"): (),
    ("GET", "/api/games/{game_id}/board-data"): ("304", "404"),
    ("GET", "/api/games/{game_id}/board.js"): ("307", "404"),
    ("GET", "/api/tables"): READS_STORAGE,
    ("POST", "/api/tables"): ("400", "409", "422", "429", *READS_STORAGE),
    ("GET", "/api/tables/{table_id}"): ("404", "409", *READS_STORAGE),
    ("DELETE", "/api/tables/{table_id}"): ("401", "404", "409", "422", *READS_STORAGE),
    ("GET", "/api/tables/{table_id}/record"): ("404", "409", *READS_STORAGE),
    ("GET", "/api/tables/{table_id}/replay/{step}"): ("400", "404", "409", "422",
                                                      *READS_STORAGE),
    ("GET", "/api/tables/{table_id}/chat/spectators"): ("404", "409", *READS_STORAGE),
    ("GET", "/api/tables/{table_id}/moment/{step}"): ("400", "403", "404", "409", "422",
                                                      *READS_STORAGE),
    ("GET", "/api/tables/{table_id}/review"): ("202", "404", "409", "429", *READS_STORAGE),
    ("POST", "/api/tables/{table_id}/join"): ("400", "404", "409", "422", "429",
                                              *READS_STORAGE),
    ("POST", "/api/tables/{table_id}/rematch"): ("404", "409", "422", "429",
                                                 *READS_STORAGE),
    ("POST", "/api/accounts"): ("409", "422", "429", *READS_STORAGE),
    ("POST", "/api/session"): ("401", "422", "429", *READS_STORAGE),
    ("DELETE", "/api/session"): READS_STORAGE,
    ("GET", "/api/me"): ("401", *READS_STORAGE),
    ("PUT", "/api/me/email"): ("401", "422", *READS_STORAGE),
    ("PUT", "/api/me/password"): ("401", "422", "429", *READS_STORAGE),
    ("GET", "/api/me/sessions"): ("401", *READS_STORAGE),
    ("DELETE", "/api/me/sessions"): ("401", *READS_STORAGE),
    ("DELETE", "/api/me"): ("400", "401", "422", "429", *READS_STORAGE),  # a JSON body
    ("GET", "/api/players/{name}"): ("404", *READS_STORAGE),
    ("GET", "/api/leaderboard/{game_id}"): ("404", *READS_STORAGE),
    ("POST", "/api/learn/{game_id}"): ("400", "404", "422"),
    ("POST", "/api/quickmatch"): ("400", "409", "422", "429", *READS_STORAGE),
    # the lab (lab/routes.py): 404 on a server that has it off
    ("GET", "/api/lab"): ("404", *READS_STORAGE),
    ("POST", "/api/lab/cards"): ("400", "404", "422", "429", *READS_STORAGE),
    ("POST", "/api/lab/jobs"): ("400", "404", "422", "429", "503", *READS_STORAGE),
    ("GET", "/api/lab/jobs/{job_id}"): ("404",),
    ("DELETE", "/api/lab/jobs/{job_id}"): ("404", "409"),
}

ERROR = {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"],
         "title": "Error"}


def answers(method: str, path: str) -> tuple[str, ...]:
    """The refusals and other answers than success a route gives (KeyError for a route this
    module does not know: add it to ANSWERS)."""
    codes = {*ANSWERS[(method, path)], "500"}
    if method in CHANGES:
        codes |= {"403", "413"}
    if method in BODIES:
        codes |= {"400"}  # a body that is not JSON
    return tuple(sorted(codes))


def install(app: FastAPI) -> None:
    """Build `app`'s schema with every route's answers (once, when first asked)."""

    def schema() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        made = get_openapi(title=app.title, version=app.version, routes=app.routes)
        made.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR
        error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
        for path, operations in made["paths"].items():
            for method, operation in operations.items():
                responses = operation.setdefault("responses", {})
                responses.pop("422", None)  # FastAPI's guess, with its own shape
                for code in answers(method.upper(), path):
                    described = {"description": WHY[code]}
                    if code not in ("202", "304", "307"):
                        described["content"] = error
                    responses[code] = described
        made["components"]["schemas"].pop("HTTPValidationError", None)
        made["components"]["schemas"].pop("ValidationError", None)
        app.openapi_schema = made
        return made

    app.openapi = schema  # type: ignore[method-assign]
