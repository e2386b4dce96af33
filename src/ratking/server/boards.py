"""What the browser needs to draw a game's board itself: `Game.board_data()` (the game's
words and tables) as JSON at /api/games/<game-id>/board-data, built once per process. The
drawing code is static/boards/<game-id>.js; table pages draw every board from the view the
server sends, so the server never draws one on a move."""

from __future__ import annotations

import hashlib
from functools import cache

import orjson
from fastapi import APIRouter, HTTPException, Request, Response

from ..core import UnknownGame, game_class

router = APIRouter()


@cache
def board_data(game_id: str) -> tuple[bytes, str]:
    """The game's board data as JSON, and its ETag."""
    try:
        cls = game_class(game_id)
    except UnknownGame:
        raise HTTPException(404, f"no game {game_id!r}") from None
    body = orjson.dumps(cls.board_data())
    return body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@router.get("/api/games/{game_id}/board-data")
async def board_data_route(game_id: str, request: Request) -> Response:
    body, etag = board_data(game_id)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}  # kept, but checked each visit
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
