"""What the server tells of people: the signed-in person (`/api/me`, with their tables, on
any device), a profile per account and a leaderboard per game.

A profile lists an account's public tables: finished ones with their replay, running ones
with what the lobby shows of them (names, move count), never a hand, a seed or a move list;
private tables are left out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse

from ..core import RatkingError, game_class, list_games
from .accounts import name_key, require, rooms_of
from .people_storage import account_player
from .ratings import rating_json
from .rooms import stored_summary
from .storage import TableRow

router = APIRouter()
TABLES_SHOWN = 20
PAGE = Path(__file__).with_name("static") / "people.html"


@router.get("/players/{name}", include_in_schema=False)
async def profile_page(name: str) -> FileResponse:
    return FileResponse(PAGE)


@router.get("/leaderboard/{game_id}", include_in_schema=False)
async def leaderboard_page(game_id: str) -> FileResponse:
    return FileResponse(PAGE)


def _tables(rows: list[TableRow], public: bool) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        if public and row.private:
            continue
        try:
            told = stored_summary(row)
        except RatkingError:  # a game this server no longer has
            continue
        told["url"] = f"/t/{row.id}"
        told["replay"] = f"/t/{row.id}" if row.status == "over" else None
        told["rated"] = bool(row.rated)
        out.append(told)
    return out


@router.get("/api/me")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in person, their ratings and their tables (401 for a guest)."""
    account = await require(request)
    rooms = rooms_of(request)
    people = rooms.storage.people
    rows = await rooms.run(people.tables_of, account.id, TABLES_SHOWN)
    ratings = await rooms.run(people.ratings_of, account_player(account.id))
    return {"id": account.id, "name": account.name,
            "ratings": {r.game: rating_json(r) for r in ratings},
            "tables": _tables(rows, public=False)}


@router.get("/api/players/{name}")
async def player(request: Request, name: str) -> dict[str, Any]:
    """An account's profile: ratings per game (with their uncertainty, games played and
    won) and the last public tables."""
    rooms = rooms_of(request)
    people = rooms.storage.people
    row = await rooms.run(people.account_by_key, name_key(" ".join(name.split())))
    if row is None:
        raise HTTPException(404, f"no player {name!r}")
    ratings = await rooms.run(people.ratings_of, account_player(row.id))
    tables = await rooms.run(people.tables_of, row.id, TABLES_SHOWN)
    return {"name": row.name, "ratings": {r.game: rating_json(r) for r in ratings},
            "tables": _tables(tables, public=True)}


@router.get("/api/leaderboard/{game_id}")
async def leaderboard(request: Request, game_id: str) -> dict[str, Any]:
    """The accounts rated in a game, best first (by mu less three sigma), and the bots that
    played rated tables of it, apart."""
    if game_id not in {g.id for g in list_games()}:
        raise HTTPException(404, f"no game {game_id!r}")
    rooms = rooms_of(request)
    people = rooms.storage.people
    rows = await rooms.run(people.leaderboard, game_id)
    bots = await rooms.run(people.bot_ratings, game_id)
    return {"game": game_id, "title": game_class(game_id).title,
            "players": [{"name": name, **rating_json(r)} for r, name in rows],
            "bots": [{"bot": r.player.removeprefix("bot:"), **rating_json(r)} for r in bots]}
