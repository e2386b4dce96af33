"""What the server tells of people: the signed-in person (`/api/me`, with their tables, on
any device), a profile per account and a leaderboard per game.

A profile lists an account's public tables: finished ones with their replay, running ones
with what the lobby shows of them (names, move count), never a hand, a seed or a move list;
private tables are left out."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from ...core import RatkingError, game_class, list_games
from ..layout import page
from ..names import unsafe
from ..people.ratings import rating_json
from ..rooms import Unreplayable, stored_summary
from ..rooms.turnmail import confirm_message, send
from ..storage.people import account_player
from ..storage.tables import TableRow
from .accounts import name_key, require, rooms_of, signed_in

router = APIRouter()
log = logging.getLogger("ratking.server")
TABLES_SHOWN = 20
ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


@router.get("/players/{name}", include_in_schema=False)
async def profile_page(name: str) -> HTMLResponse:
    return page("people.html")


@router.get("/leaderboard/{game_id}", include_in_schema=False)
async def leaderboard_page(game_id: str) -> HTMLResponse:
    return page("people.html")


def _shown(row: TableRow) -> bool:
    try:
        game_class(row.game)
    except RatkingError:  # a game this server no longer has
        return False
    return True


def _tables(rows: list[TableRow], public: bool) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        if (public and row.private) or not _shown(row):
            continue
        told = stored_summary(row)
        told["url"] = f"/t/{row.id}"
        told["replay"] = f"/t/{row.id}" if row.status == "over" else None
        told["rated"] = bool(row.rated)
        out.append(told)
    return out


@router.get("/api/me")
async def me(request: Request, optional: bool = False) -> dict[str, Any] | None:
    """The signed-in person, their ratings, their address for turn mails and their tables,
    each unfinished one live (`yours`: their seats, `your_turn`), for the lobby's "Your
    turn" list (401 for a guest; with `?optional=true`, 200 and null, so that a guest's page
    asking who is there logs no error)."""
    account = await signed_in(request) if optional else await require(request)
    if account is None:
        return None
    rooms = rooms_of(request)
    people = rooms.storage.people
    rows = await rooms.run(people.tables_of, account.id, TABLES_SHOWN)
    ratings = await rooms.run(people.ratings_of, account_player(account.id))
    row = (await rooms.run(people.accounts, [account.id]))[account.id]
    tables = _tables(rows, public=False)
    for told, stored in zip(tables, [r for r in rows if _shown(r)], strict=True):
        yours = [i for i, s in enumerate(stored.seats) if s.get("account") == account.id]
        try:
            room = await rooms.get(stored.id) if stored.status == "playing" else None
        except Unreplayable:  # logged; told from its row
            room = None
        if room is not None:
            told.update(room.summary())
        told["yours"] = yours
        told["your_turn"] = told["status"] == "playing" and not told.get("waiting") \
            and told["to_move"] in yours
    return {"id": account.id, "name": account.name, "email": row.email,
            "email_pending": row.email_pending,
            "ratings": {r.game: rating_json(r, rooms.settings.provisional_games)
                        for r in ratings}, "tables": tables}


class Email(BaseModel):
    email: str | None = Field(max_length=254)


@router.put("/api/me/email")
async def set_email(request: Request, body: Email) -> dict[str, Any]:
    """Ask for turn mails at an address (null: none, at once): a mail with a link to
    confirm it is sent, and it is mailed once the link is opened. `email` answers the
    address confirmed, `email_pending` the one waiting."""
    account = await require(request)
    email = body.email.strip() if body.email else None
    if email is not None and (not ADDRESS.fullmatch(email) or any(map(unsafe, email))):
        raise HTTPException(422, "email: not an address")
    rooms = rooms_of(request)
    people = rooms.storage.people
    key = secrets.token_urlsafe(18) if email is not None else None
    await rooms.run(people.set_email, account.id, email, key)
    settings = rooms.settings
    if email is not None and key is not None and settings.smtp_host:
        message = confirm_message(settings, email, account.name, key)
        try:
            await asyncio.to_thread(send, settings, message)
        except Exception:
            log.exception("the confirmation mail to account %s could not be sent", account.id)
            raise HTTPException(502, "the confirmation mail could not be sent: try again "
                                     "later") from None
    row = (await rooms.run(people.accounts, [account.id]))[account.id]
    return {"email": row.email, "email_pending": row.email_pending}


@router.get("/confirm/{key}", include_in_schema=False)
async def confirm(request: Request, key: str) -> HTMLResponse:
    """The link in the confirmation mail: turn mails go to that address from now on."""
    rooms = rooms_of(request)
    done = await rooms.run(rooms.storage.people.confirm_email, key[:40],
                           secrets.token_urlsafe(18))
    text = "Your address is confirmed: turn mails will come to it." if done else \
        "This link is no longer valid."
    return HTMLResponse(f"<!doctype html><title>ratking</title><p>{text}</p>",
                        status_code=200 if done else 404)


@router.get("/unsubscribe/{key}", include_in_schema=False)
async def unsubscribe(request: Request, key: str) -> HTMLResponse:
    """The link in every turn mail: no more mails to that address."""
    rooms = rooms_of(request)
    done = await rooms.run(rooms.storage.people.unsubscribe, key[:40])
    text = "You will get no more turn mails." if done else "This link is no longer valid."
    return HTMLResponse(f"<!doctype html><title>ratking</title><p>{text}</p>",
                        status_code=200 if done else 404)


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
    limit = rooms.settings.provisional_games
    return {"name": row.name, "ratings": {r.game: rating_json(r, limit) for r in ratings},
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
    limit = rooms.settings.provisional_games
    return {"game": game_id, "title": game_class(game_id).title,
            "players": [{"name": name, **rating_json(r, limit)} for r, name in rows],
            "bots": [{"bot": r.player.removeprefix("bot:"), **rating_json(r, limit)}
                     for r in bots]}
