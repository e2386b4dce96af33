"""What the browser needs to draw a game's board itself: `Game.board_data()` (the game's
words and tables) as JSON at /api/games/<game-id>/board-data, built once per process, and the
drawing code at /api/games/<game-id>/board.js: the game package's own file (`Game.board_script`)
or a redirect to ratking's static/boards/<game-id>.js (whose imports of its neighbours then
resolve there). Table pages draw every board from the view the server sends, so the server
never draws one on a move."""

from __future__ import annotations

import hashlib
from functools import cache

import orjson
from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import FileResponse, RedirectResponse

from ...core import UnknownGame, game_class

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


@router.get("/api/games/{game_id}/board.js")
async def board_script_route(game_id: str) -> Response:
    """The game's renderer in JavaScript; 404 for a game the server draws itself."""
    try:
        cls = game_class(game_id)
    except UnknownGame:
        raise HTTPException(404, f"no game {game_id!r}") from None
    if not cls.browser_board:
        raise HTTPException(404, f"{cls.title} has no board drawn in the browser")
    if cls.board_script is None:
        return RedirectResponse(f"/static/boards/{game_id}.js", status_code=307)
    return FileResponse(cls.board_script, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})
